//! Placement squares (§2.0.13, §2.0.12, §2.0.11) for either side, against the legal actions.
mod common;
use common::*;
use veney_rules::{Action, Bitboard, Position, Side, placement_squares, playout, rng};

fn placed(r: &veney_rules::Rules, p: &Position, k: veney_rules::Kind) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for a in p.legal_actions(r) {
        if let Action::Place { kind, to, .. } = a
            && kind == k
        {
            b.set(to);
        }
    }
    b
}

/// The same position with the other side to move.
fn other_to_move(r: &veney_rules::Rules, p: &Position) -> Position {
    let text = p.to_text(r);
    let flipped = match p.turn() {
        White => text.replacen(" w ", " b ", 1),
        Black => text.replacen(" b ", " w ", 1),
    };
    Position::from_text(r, &flipped).unwrap()
}

#[test]
fn the_floating_ruin_is_placed_away_from_the_self_for_either_side() {
    // §2.0.12 Floating Ruin: "placed from reserve anywhere in its movement range, ignoring the
    // constraint of the piece-placement area"; §2.0.13 other pieces: next to the Self.
    let r = rules();
    let p = Position::start(&r);
    for side in Side::ALL {
        let ruin = r.set(side).by_name("Ruin").unwrap();
        let dagger = r.set(side).by_name("Dagger").unwrap();
        let to_move = if p.turn() == side {
            p
        } else {
            other_to_move(&r, &p)
        };
        assert_eq!(
            placement_squares(&r, &p, side, ruin),
            placed(&r, &to_move, ruin)
        );
        assert_eq!(
            placement_squares(&r, &p, side, dagger),
            placed(&r, &to_move, dagger)
        );
        let life = p.life_square(&r, side).unwrap();
        let far = placement_squares(&r, &p, side, ruin) & !Bitboard::adjacent(life);
        assert!(
            far.any(),
            "{side}: the Ruin floats beyond the Self's neighbours"
        );
        assert!((placement_squares(&r, &p, side, dagger) & !Bitboard::adjacent(life)).is_empty());
    }
}

#[test]
fn placement_squares_are_the_legal_placements_at_a_turns_start() {
    // §2.0.13: placing is a whole turn's action; at the start of a turn the legal placements
    // are exactly the placement squares of the side to move.
    let r = rules();
    let mut checked = 0;
    for seed in 0..80u64 {
        let mut g = rng::seeded(seed);
        let p = playout::random_position(&r, Position::start(&r), &mut g, 1 + seed as u32 % 17);
        if p.is_game_over() || p.phase() != veney_rules::Phase::Start {
            continue;
        }
        for k in r.set(p.turn()).kinds() {
            assert_eq!(
                placement_squares(&r, &p, p.turn(), k),
                placed(&r, &p, k),
                "{}",
                p.to_text(&r)
            );
            checked += 1;
        }
    }
    assert!(checked > 100);
}

#[test]
fn threats_are_privileged_pieces_that_reach_the_opposing_self() {
    // §2.0.20 checkmate by touch: a Sword on X6 reaches the Black Self on X8 within its range
    // constraint; a Sword on Z12 does not reach the White Self.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y5"),
            (White, "Sword", "X6"),
            (Black, "Self", "X8"),
            (Black, "Sword", "Z12"),
        ],
        White,
    );
    assert_eq!(veney_rules::threats(&r, &p), [(sq("X6"), sq("X8"))]);
}

/// §2.0.20, R-DYING: once the Self is taken its side makes the dying move — the taken Self is
/// threatened no more (its square is the taker's), while the dying side's own threats stand (a
/// review found lines drawn from the winner's blades onto its own piece).
#[test]
fn no_threat_runs_to_a_self_already_taken() {
    let r = rules();
    let mut p = veney_rules::Position::from_text(
        &r,
        "4/4/4/1w2/4/4/4/4/1s2/1W2/1D2/1S2/4/4/4/4 w EEEE/eeee",
    )
    .unwrap();
    play(&r, &mut p, "$tX8#");
    assert_eq!(p.dying(), Some(Black));
    assert!(
        veney_rules::threats(&r, &p)
            .iter()
            .all(|&(_, to)| to != sq("X8")),
        "{:?}",
        veney_rules::threats(&r, &p)
    );
}
