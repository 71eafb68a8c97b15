//! Setting up and beginning a game (§2.0.19 steps 3 and 4).
mod common;
use common::*;
use veney_rules::setup_styles::{
    FirstPlayerMethod, SetupInTurns, check_stance, first_player, initiative, pieces_to_place,
    position_from_stances,
};
use veney_rules::{Kind, Rules, Side, Square};

fn kind(r: &Rules, side: Side, name: &str) -> Kind {
    r.set(side).by_name(name).unwrap()
}

/// A stance: Self, Sword, Cloak, Balance on the baseline; engagements at the given steps of
/// lines W, X, Y, Z (White's numbering).
fn stance(r: &Rules, side: Side, back: [&str; 4], eng: [u8; 4]) -> Vec<(Kind, Square)> {
    let mut v = Vec::new();
    for (i, name) in back.iter().enumerate() {
        let sq = Square::new(i as u8, 4);
        v.push((
            kind(r, side, name),
            if side == White { sq } else { sq.rotated() },
        ));
    }
    for (line, step) in eng.iter().enumerate() {
        let sq = Square::new(line as u8, *step);
        v.push((
            kind(r, side, "Engagement"),
            if side == White { sq } else { sq.rotated() },
        ));
    }
    v
}

#[test]
fn concealed_stances_follow_the_constraints() {
    // §2.0.19: "criticals and technicals in any order on their baseline row (step 4 or 13) and
    // engagements on any step within your second measure, one per line."
    let r = rules();
    let w = stance(
        &r,
        White,
        ["Self", "Balance", "Cloak", "Sword"],
        [5, 8, 6, 7],
    );
    let b = stance(
        &r,
        Black,
        ["Sword", "Self", "Cloak", "Balance"],
        [5, 5, 5, 5],
    );
    assert!(check_stance(&r, White, &w).is_ok());
    let p = position_from_stances(&r, [&w, &b], White).unwrap();
    assert_eq!(
        p.piece_at(sq("W4"))
            .map(|x| r.set(White).piece(x.1).name().to_string())
            .as_deref(),
        Some("Self")
    );
    assert!(!p.legal_actions(&r).is_empty());
    // Two engagements on one line, a piece off the baseline, a missing piece: refused.
    let mut bad = w.clone();
    bad[5].1 = sq("W7");
    assert!(
        check_stance(&r, White, &bad)
            .unwrap_err()
            .contains("one per line")
    );
    let mut bad = w.clone();
    bad[0].1 = sq("W3");
    assert!(
        check_stance(&r, White, &bad)
            .unwrap_err()
            .contains("baseline")
    );
    assert!(
        check_stance(&r, White, &w[..7])
            .unwrap_err()
            .contains("not set up")
    );
}

/// Each side's standard stance (the standard setup's squares) as `stance` writes it.
fn standard_stances(r: &Rules) -> [Vec<(Kind, Square)>; 2] {
    [White, Black].map(|side| stance(r, side, ["Cloak", "Sword", "Self", "Balance"], [5, 5, 5, 5]))
}

#[test]
fn setup_in_turns_alternates() {
    // §2.0.19: "places one piece on their side within the above constraints. The other player
    // then places one, and the two alternate".
    let r = rules();
    let mut s = SetupInTurns::new(White);
    let [w, b] = standard_stances(&r);
    for i in 0..8 {
        assert_eq!(s.next, White);
        s.place(&r, w[i].0, w[i].1).unwrap();
        assert_eq!(s.next, Black);
        // Black places next: White's next piece on its square is refused as Black's placement
        // (a square not Black's, or a piece Black has no more of), and the turn stays Black's
        // with White's stance as it was.
        let before = format!("{:?}", s.stances);
        assert!(s.place(&r, w[(i + 1) % 8].0, w[(i + 1) % 8].1).is_err());
        assert_eq!(s.next, Black);
        assert_eq!(format!("{:?}", s.stances), before);
        s.place(&r, b[i].0, b[i].1).unwrap();
    }
    assert!(s.is_done(&r));
    assert_eq!(pieces_to_place(&r, White).len(), 8);
    let p = position_from_stances(&r, [&s.stances[0], &s.stances[1]], White).unwrap();
    assert_eq!(p, veney_rules::Position::start(&r));
}

/// §2.0.19 step 1: "allowing both players or a less experienced player to revise a move" — in
/// turns, the side to place takes back one of its own pieces by its square, whichever it is,
/// and places it again; the other side's piece is not its to take; taking back the last piece
/// still follows the order of the whole setup.
#[test]
fn in_turns_the_side_to_place_takes_back_its_own_piece() {
    let r = rules();
    let mut s = SetupInTurns::new(White);
    let [w, b] = standard_stances(&r);
    for i in 0..2 {
        s.place(&r, w[i].0, w[i].1).unwrap();
        s.place(&r, b[i].0, b[i].1).unwrap();
    }
    // White to place: Black's Cloak is not White's to take back, and is refused as taken.
    assert_eq!(s.take_back(&r, b[0].1), None);
    let e = s.place(&r, w[2].0, b[0].1).unwrap_err();
    assert!(e.contains("taken") && e.contains("§2.0.19"), "{e}");
    // White's first piece, the Cloak, back to hand; White places it again elsewhere.
    assert_eq!(s.take_back(&r, w[0].1), Some((White, w[0].0)));
    assert_eq!(s.next, White);
    assert_eq!(s.stances[0], vec![w[1]]);
    s.place(&r, w[0].0, w[2].1).unwrap();
    // Revised, White still owes its own piece of the turn: "the two alternate in turns"
    // (§2.0.19 step 3) — a side never drops behind by taking back (a review found three taken
    // back at once and set after the other side's whole stance).
    assert_eq!(s.next, White);
    s.place(&r, w[2].0, w[0].1).unwrap();
    assert_eq!(s.next, Black);
    // The last piece placed is White's third, then its Cloak, then Black's Sword, then White's
    // Sword.
    assert_eq!(s.take_back_last(&r), Some((White, w[2].0, w[0].1)));
    assert_eq!(s.take_back_last(&r), Some((White, w[0].0, w[2].1)));
    assert_eq!(s.take_back_last(&r), Some((Black, b[1].0, b[1].1)));
    assert_eq!(s.take_back_last(&r), Some((White, w[1].0, w[1].1)));
    assert_eq!(s.take_back_last(&r), Some((Black, b[0].0, b[0].1)));
    assert_eq!(s.take_back_last(&r), None);
    // Undo after a side took one back: the turn is the counts' — the side behind — not the
    // undone piece's placer (an audit found White given the turn, Black then placing two with
    // both of White's in view).
    let mut s = SetupInTurns::new(White);
    s.place(&r, w[0].0, w[0].1).unwrap();
    s.place(&r, b[0].0, b[0].1).unwrap();
    s.place(&r, w[1].0, w[1].1).unwrap();
    assert_eq!(s.next, Black);
    assert_eq!(s.take_back(&r, b[0].1), Some((Black, b[0].0)));
    assert_eq!(s.take_back_last(&r), Some((White, w[1].0, w[1].1)));
    assert_eq!(s.next, Black);
}

/// Once both stances are complete no side is to place: a click takes back neither side's piece
/// (Black placed last and stays `next`; a review found White's click taking Black's piece back,
/// the computer then placing it anew), and a placement is refused as all set up; the last piece
/// placed still comes back (§2.0.19 step 1's revision), its side to place it again.
#[test]
fn a_complete_setup_in_turns_takes_back_no_piece_by_its_square() {
    let r = rules();
    let mut s = SetupInTurns::new(White);
    let [w, b] = standard_stances(&r);
    for i in 0..w.len() {
        s.place(&r, w[i].0, w[i].1).unwrap();
        s.place(&r, b[i].0, b[i].1).unwrap();
    }
    assert!(s.is_done(&r));
    assert_eq!(s.take_back(&r, b[0].1), None);
    assert_eq!(s.take_back(&r, w[0].1), None);
    let e = s.place(&r, w[0].0, b[0].1).unwrap_err();
    assert!(e.contains("every piece is set up"), "{e}");
    let last = *b.last().unwrap();
    assert_eq!(s.take_back_last(&r), Some((Black, last.0, last.1)));
    assert_eq!(s.next, Black);
    assert_eq!(s.take_back(&r, b[0].1), Some((Black, b[0].0)));
}

#[test]
fn initiative_decides_the_first_player_with_its_tie_breaks() {
    // §2.0.19: "three points for each pawn at the furthest step (eighth step), two … one …
    // zero …". Ties: the pawn closest to the centre point, then a random drawing.
    let r = rules();
    let w = stance(
        &r,
        White,
        ["Cloak", "Sword", "Self", "Balance"],
        [8, 5, 5, 5],
    );
    let b = stance(
        &r,
        Black,
        ["Cloak", "Sword", "Self", "Balance"],
        [6, 6, 5, 5],
    );
    let p = position_from_stances(&r, [&w, &b], White).unwrap();
    assert_eq!(
        (initiative(&r, &p, White), initiative(&r, &p, Black)),
        (3, 2)
    );
    let mut rng = veney_rules::rng::seeded(1);
    assert_eq!(
        first_player(&r, &p, FirstPlayerMethod::Initiative, &mut rng),
        White
    );
    // Equal scores (3 each): Black's pawn on X9's mirror (Y... ) is nearer the centre.
    let w = stance(
        &r,
        White,
        ["Cloak", "Sword", "Self", "Balance"],
        [8, 5, 5, 5],
    );
    let b = stance(
        &r,
        Black,
        ["Cloak", "Sword", "Self", "Balance"],
        [5, 5, 8, 5],
    );
    let p = position_from_stances(&r, [&w, &b], White).unwrap();
    assert_eq!(initiative(&r, &p, White), initiative(&r, &p, Black));
    // White's W8 is 1.5 lines from the centre; Black's mirrored X9 is half a line: Black.
    assert_eq!(
        first_player(&r, &p, FirstPlayerMethod::Initiative, &mut rng),
        Black
    );
    // The standard start is a full tie: a random drawing, the same for the same seed.
    let start = veney_rules::Position::start(&r);
    let a = first_player(
        &r,
        &start,
        FirstPlayerMethod::Initiative,
        &mut veney_rules::rng::seeded(5),
    );
    let b = first_player(
        &r,
        &start,
        FirstPlayerMethod::Initiative,
        &mut veney_rules::rng::seeded(5),
    );
    assert_eq!(a, b);
    let draws: Vec<Side> = (0..20)
        .map(|s| {
            first_player(
                &r,
                &start,
                FirstPlayerMethod::RandomDraw,
                &mut veney_rules::rng::seeded(s),
            )
        })
        .collect();
    assert!(draws.contains(&White) && draws.contains(&Black));
    assert_eq!(
        first_player(&r, &start, FirstPlayerMethod::Agreed, &mut rng),
        r.options.first_player
    );
}

#[test]
fn the_first_player_on_the_standard_baselines_comes_from_the_agreed_method() {
    // §2.0.19 step 4: "by advantage … by random drawing … by initiative"; with the standard
    // baselines both initiative scores and closest pawns are equal, so initiative "must decide
    // by random drawing" — the same drawing, from the same seed.
    use veney_rules::setup_styles::{drawing, first_player_on_baselines};
    let mut r = rules();
    r.options.first_by = FirstPlayerMethod::Agreed;
    r.options.first_player = Black;
    assert_eq!(first_player_on_baselines(&r, 7), Black);
    let mut seen = [false; 2];
    for seed in 0..64 {
        r.options.first_by = FirstPlayerMethod::RandomDraw;
        let drawn = first_player_on_baselines(&r, seed);
        let again = first_player(
            &r,
            &veney_rules::Position::start(&r),
            FirstPlayerMethod::RandomDraw,
            &mut drawing(seed),
        );
        assert_eq!(drawn, again, "the drawing is the seed's");
        r.options.first_by = FirstPlayerMethod::Initiative;
        assert_eq!(first_player_on_baselines(&r, seed), drawn, "a tie is drawn");
        seen[drawn.index()] = true;
    }
    assert_eq!(seen, [true, true], "both sides are drawn over 64 seeds");
}

#[test]
fn setup_in_turns_begins_with_the_agreed_first_player_else_white() {
    // §2.0.19 step 3: "One player is determined to place first"; ruling R-SETUP-STYLES: the
    // agreed first player, or White when the first player is decided after the setup.
    use veney_rules::setup_styles::first_to_set_up;
    let mut r = rules();
    r.options.first_player = Black;
    r.options.first_by = FirstPlayerMethod::Agreed;
    assert_eq!(first_to_set_up(&r), Black);
    r.options.first_by = FirstPlayerMethod::RandomDraw;
    assert_eq!(first_to_set_up(&r), White);
    r.options.first_by = FirstPlayerMethod::Initiative;
    assert_eq!(first_to_set_up(&r), White);
}

#[test]
fn a_game_set_up_in_stances_keeps_each_donkey_in_reserve() {
    // §2.0.23 The Donkey: "Each player may have a donkey in reserve" (R-DONKEY) — whatever the
    // setup style (§2.0.19): a concealed or in-turns setup starts as the standard one does.
    let mut o = rules().options.clone();
    o.donkey = true;
    let r = Rules::standard_with(o);
    let back = ["Cloak", "Sword", "Self", "Balance"];
    let w = stance(&r, White, back, [5, 5, 5, 5]);
    let b = stance(&r, Black, back, [5, 5, 5, 5]);
    let p = position_from_stances(&r, [&w, &b], White).unwrap();
    assert_eq!(p, veney_rules::Position::start(&r));
    assert!(
        notations(&r, &p).iter().any(|n| n.starts_with("K*")),
        "the Donkey may be placed on the first turn"
    );
}

/// §2.0.19: a concealed or in-turns setup stands "starting criticals and technicals in any order
/// on their baseline row (step 4 or 13)" — four squares. An army placing a fifth could never
/// finish its setup: it is refused when the game's rules are made, the standard setup still
/// taking it (a review found the setup waiting forever for a square).
#[test]
fn an_army_too_large_for_the_fourth_step_is_refused_a_concealed_setup() {
    use std::path::Path;
    use std::sync::Arc;
    use veney_rules::options::{RuleOptions, SetupStyle};
    use veney_rules::setup::{STANDARD_SETUP, SetupDef};
    let src = veney_rules::piece_set::STANDARD_SET;
    let at = src.find("name: \"Guard\"").unwrap();
    let r = at + src[at..].find("reserve: 1,").unwrap();
    let guarded = format!(
        "{}reserve: 0,{}",
        &src[..r],
        &src[r + "reserve: 1,".len()..]
    );
    let set =
        Arc::new(veney_rules::PieceSet::from_ron(Path::new("guarded.ron"), &guarded).unwrap());
    let setup_src = STANDARD_SETUP.replacen(
        "\"W4\": \"Cloak\",",
        "\"W4\": \"Cloak\",\n        \"W3\": \"Guard\",",
        1,
    );
    let setup = || {
        SetupDef::from_ron(Path::new("setup.ron"), &setup_src)
            .unwrap()
            .check(Path::new("setup.ron"), &setup_src, [&set, &set])
            .unwrap()
    };
    let standard = Rules::new([set.clone(), set.clone()], setup(), RuleOptions::default());
    assert!(standard.is_ok(), "{:?}", standard.err());
    for style in [SetupStyle::Concealed, SetupStyle::InTurns] {
        let options = RuleOptions {
            setup_style: style,
            ..RuleOptions::default()
        };
        let err = Rules::new([set.clone(), set.clone()], setup(), options)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("places 5 criticals and technicals on the fourth step")
                && err.contains("room for 4"),
            "{style:?}: {err}"
        );
        // The setup file placed the fifth piece (the army has no layout of its own): it is the
        // one named (a review found the set's file blamed).
        assert!(
            err.starts_with("setup.ron:") && err.contains("setup \""),
            "{style:?}: {err}"
        );
    }
}

/// §2.0.19: "Each player starts a standard game with the Self, Sword, Cloak and Balance, plus
/// their four engagements. The rest of your pieces begin the game in reserve." A piece of the
/// reserve is refused naming the side's own stance as its setup places it — an army's, not the
/// standard four (a review found the Sword, Cloak and Balance named to an Assassin).
#[test]
fn a_reserve_piece_is_refused_naming_the_armys_own_stance() {
    use veney_rules::setup_styles::not_to_set_up;
    let r = game("assassin", "standard");
    let placed = pieces_to_place(&r, White);
    let reserve = r
        .set(White)
        .kinds()
        .find(|k| !placed.contains(k))
        .expect("the Assassin keeps pieces in reserve");
    let why = not_to_set_up(&r, White, reserve);
    assert!(why.contains("begins the game in reserve"), "{why}");
    for k in &placed {
        assert!(why.contains(r.set(White).piece(*k).name()), "{why}");
    }
    if kind_named(&r, "Sword").is_none() {
        assert!(!why.contains("Sword"), "{why}");
    }
    let std = rules();
    let why = not_to_set_up(&std, White, kind(&std, White, "Dagger"));
    assert!(
        why.contains("Self") && why.contains("Sword") && why.contains("4 × Engagement"),
        "{why}"
    );
}

fn kind_named(r: &Rules, name: &str) -> Option<Kind> {
    r.set(White).by_name(name)
}

/// §2.0.19 step 3, "the two alternate in turns until setup of the starting pieces is complete":
/// whatever a side takes back to revise, it places again before the other does, and a side
/// places only when it has no more pieces down than the other (the first placer on a tie) — it
/// never sets its last pieces with more of the other's stance in view than alternation shows (a
/// review found a side taking back three at once and setting them after the other's whole
/// stance).
#[test]
fn taking_back_never_lets_a_side_fall_behind() {
    let r = rules();
    let [w, b] = standard_stances(&r);
    for seed in 0..40u64 {
        let mut rng = veney_rules::rng::seeded(seed);
        let first = if seed % 2 == 0 { White } else { Black };
        let mut s = SetupInTurns::new(first);
        let mut steps = 0;
        while !s.is_done(&r) && steps < 400 {
            steps += 1;
            let side = s.next;
            let own = if side == White { &w } else { &b };
            use rand::Rng;
            if rng.random_range(0..3) == 0 && !s.stances[side.index()].is_empty() {
                let i = rng.random_range(0..s.stances[side.index()].len());
                let sq = s.stances[side.index()][i].1;
                assert!(s.take_back(&r, sq).is_some());
            } else {
                // The side's pieces in hand onto their standard squares (free by then).
                let hand = s.remaining(&r, side);
                let (k, sq) = *own
                    .iter()
                    .find(|(k, sq)| {
                        hand.contains(k) && !s.stances.iter().flatten().any(|(_, t)| t == sq)
                    })
                    .expect("a piece in hand and its square");
                // The placer is never ahead: it has no more pieces down than the other side
                // (the first placer on a tie), unless the other side has none left to place.
                let mine = s.stances[side.index()].len();
                let theirs = s.stances[(!side).index()].len();
                if !s.remaining(&r, !side).is_empty() {
                    assert!(
                        mine < theirs || (mine == theirs && side == first),
                        "seed {seed}: {side:?} places with {mine} down against {theirs}"
                    );
                }
                s.place(&r, k, sq).unwrap();
            }
        }
        assert!(s.is_done(&r), "seed {seed}");
    }
}
