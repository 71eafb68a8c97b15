//! A quick judgement of how a game stands, for the computer's search to score a playout it cut
//! off before the end (`game_api::Game::estimate`). Not a rule: a rough count, weighed by how
//! the game is won, "checkmate either by touch (taking the Self piece) or by disarm (taking
//! their only blade piece)" (§2.0 Goal).
//!
//! Each side's score: 8 for a blade on the board and 4 for a second (disarm takes the only
//! one), 2 for each technical piece on the board or in reserve and for a blade in reserve, ½ for
//! each engagement on the board — a blade pinned under a Cloak or a partner in hand counting as
//! on it, an army's privileged pieces counting as its blades (R-PRIVILEGE) — and for each of its
//! blades that may take the Self (checkmate-by-touch privilege) up to
//! 3 more the nearer it stands to the opposing Self (0.4 a square under eight squares apart,
//! lines and steps counted). The estimate is a logistic curve of the difference: 5 points ahead
//! is about 73 %.
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

/// Points of difference for odds of e : 1.
const SCALE: f64 = 5.0;

/// One side's score.
pub fn score(rules: &Rules, pos: &Position, side: Side) -> f64 {
    let target = pos.life_square(rules, !side);
    let (mut s, mut blades) = (0.0, 0u32);
    for k in 0..rules.kind_count(side) {
        let kind = Kind(k as u8);
        let info = rules.info(side, kind);
        let on_board = pos.pieces(side, kind);
        if info.life || info.inert {
            continue;
        }
        // Held off the board but still in play: a blade pinned under an opposing Cloak ("still
        // on the board for every count", R-BLADE-CAPTURE) and a concert partner in hand
        // (R-CONCERT) count as on it (a review found a pinned blade judged lost). Not a piece
        // in the air after a cast: it is bound for the discard.
        let in_air = matches!(pos.phase(), crate::position::Phase::Cast { kind: k, .. }
            if k == kind && pos.turn() == side);
        let held =
            (pos.in_play(side, kind) as u32).saturating_sub(on_board.count() + in_air as u32);
        // The pieces the game is lost without: the blades, or an army's privileged pieces,
        // which count as its blades (R-PRIVILEGE: the Illusionist's Cloak, Lantern and Jutsu;
        // a review found its start judged lost, no blade on the board).
        if info.blade || info.privileged {
            blades += on_board.count() + held;
            // A blade withdrawn into reserve may be placed again (§2.0.13): worth a technical
            // piece there, not nothing (it guards no disarm while off the board).
            s += 2.0 * pos.reserve(side, kind) as f64;
            if info.privileged
                && let Some(t) = target
            {
                let mut b = on_board;
                while let Some(sq) = b.first() {
                    b.clear(sq);
                    let d = (sq.line() as i32 - t.line() as i32).abs()
                        + (sq.step() as i32 - t.step() as i32).abs();
                    s += 0.4 * (8 - d).max(0) as f64;
                }
            }
        } else if info.engagement {
            s += 0.5 * (on_board.count() + held) as f64;
        } else {
            s += 2.0 * (on_board.count() + held + pos.reserve(side, kind) as u32) as f64;
        }
    }
    s + match blades {
        0 => 0.0,
        1 => 8.0,
        _ => 12.0,
    }
}

/// `side`'s lead over the other side in points (`score`'s difference): what the computer
/// weighs a choice by outside its search, such as whether to declare a Delayed Reset.
pub fn lead(rules: &Rules, pos: &Position, side: Side) -> f64 {
    score(rules, pos, side) - score(rules, pos, !side)
}

/// Each player's expected reward: White's first.
pub fn estimate(rules: &Rules, pos: &Position) -> Vec<f64> {
    let lead = score(rules, pos, Side::White) - score(rules, pos, Side::Black);
    use crate::side::player_of;
    game_api::lead_estimate(
        [player_of(Side::White), player_of(Side::Black)],
        lead,
        SCALE,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R-BLADE-CAPTURE: a blade pinned under an opposing Cloak is "still on the board for every
    /// count" — not judged lost (a review found the estimate drop it).
    #[test]
    fn a_pinned_blade_still_counts() {
        let rules = Rules::standard();
        // White's Sword alone, on X7; Black's Cloak on W10.
        let free =
            Position::from_text(&rules, "4/2s1/4/4/4/4/c3/4/4/1W2/4/4/4/1S2/4/4 w EEEE/eeee")
                .unwrap();
        // The Cloak took it: on X7, the Sword pinned under it since turn count 0.
        let pinned = Position::from_text(
            &rules,
            "4/2s1/4/4/4/4/4/4/4/1c2/4/4/4/1S2/4/4 w EEEE/eeee pinned=W:X7:0",
        )
        .unwrap();
        let (a, b) = (
            score(&rules, &free, Side::White),
            score(&rules, &pinned, Side::White),
        );
        // The blade's points stay; only its reach toward the opposing Self goes.
        assert!(b >= 8.0 && a - b <= 3.2 + 1e-9, "free {a}, pinned {b}");
    }

    /// §2.0.13: a blade withdrawn into reserve may be placed again: it is worth no less there
    /// than a technical piece.
    #[test]
    fn a_withdrawn_blade_is_worth_a_piece_in_reserve() {
        let rules = Rules::standard();
        // The Dagger on W3 beside the Sword; then withdrawn (the standard start's reserve).
        let on = Position::from_text(
            &rules,
            "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/D3/4/4 w GLJR/dgljr",
        )
        .unwrap();
        let withdrawn = Position::start(&rules);
        let (a, b) = (
            score(&rules, &on, Side::White),
            score(&rules, &withdrawn, Side::White),
        );
        // Two blades on the board (12) against one (8) and the Dagger's 2 in reserve (on W3 it
        // stands too far from the opposing Self on X13 for any reach bonus).
        assert!((a - b - 2.0).abs() < 1e-9, "on {a}, withdrawn {b}");
        assert!(
            a > b,
            "on the board it guards against disarm: on {a}, withdrawn {b}"
        );
    }

    #[test]
    fn the_start_is_even() {
        let rules = Rules::standard();
        let e = estimate(&rules, &Position::start(&rules));
        assert!((e[0] - 0.5).abs() < 1e-9, "{e:?}");
    }

    /// The Illusionist, no blade on the board but three privileged pieces (R-PRIVILEGE), starts
    /// about even with the standard army, not lost.
    #[test]
    fn privileged_pieces_count_as_blades() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/sets");
        let load = |n: &str| {
            std::sync::Arc::new(
                crate::piece_set::PieceSet::load(&dir.join(format!("{n}.ron"))).unwrap(),
            )
        };
        let rules = Rules::with_sets(
            [load("illusionist"), load("standard")],
            crate::options::RuleOptions::default(),
        )
        .unwrap();
        let e = estimate(&rules, &Position::start(&rules));
        assert!((e[0] - 0.5).abs() < 0.15, "{e:?}");
    }

    /// A side that lost a blade is behind; a blade brought nearer the opposing Self is ahead.
    #[test]
    fn blades_and_their_reach_count() {
        let rules = Rules::standard();
        let start = Position::start(&rules);
        let blade = |side: Side| {
            (0..rules.kind_count(side))
                .map(|k| Kind(k as u8))
                .find(|&k| rules.info(side, k).blade && start.pieces(side, k).any())
                .unwrap()
        };
        let k = blade(Side::Black);
        let sq = start.pieces(Side::Black, k).first().unwrap();
        let mut disarmed = start;
        disarmed.remove(Side::Black, k, sq);
        let e = estimate(&rules, &disarmed);
        assert!(e[0] > 0.6, "Black a blade down: {e:?}");
        assert!((e[0] + e[1] - 1.0).abs() < 1e-9);

        let k = blade(Side::White);
        let from = start.pieces(Side::White, k).first().unwrap();
        let to = start.life_square(&rules, Side::Black).unwrap();
        let near = crate::square::Square::all()
            .filter(|s| !start.occupied().contains(*s))
            .min_by_key(|s| {
                (s.line() as i32 - to.line() as i32).abs()
                    + (s.step() as i32 - to.step() as i32).abs()
            })
            .unwrap();
        let mut forward = start;
        forward.remove(Side::White, k, from);
        forward.put(Side::White, k, near);
        assert!(
            score(&rules, &forward, Side::White) > score(&rules, &start, Side::White),
            "{from:?} → {near:?}"
        );
    }
}
