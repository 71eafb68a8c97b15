//! Dagger Throw (§2.0.08) and its dice (§2.0.R1).
mod common;
use common::*;
use std::sync::Arc;
use veney_rules::dice::{DiceMethod, Roll, Verdict};
use veney_rules::outcome::{Mate, Outcome};
use veney_rules::special::dagger_throw;
use veney_rules::{Game, Phase, Position, Rules};

/// White: Self X2, Dagger X5 (and the Sword on W3 unless `no_sword`); Black: Self X14,
/// an engagement on X10 (engagements never obstruct a throw).
fn throw_position(r: &Rules, no_sword: bool) -> Position {
    let mut pieces = vec![
        (White, "Self", "X2"),
        (White, "Dagger", "X5"),
        (Black, "Self", "X14"),
        (Black, "Engagement", "X10"),
    ];
    if !no_sword {
        pieces.push((White, "Sword", "W3"));
    }
    pos(r, &pieces, White).without_reserves()
}

#[test]
fn sticks_and_odds_are_the_rulebooks_worked_examples() {
    // §2.0.08: "At full starting distance, this is a one-in-32 chance of success. At close
    // range, it's a one-in-four chance of success." Ruling R-THROW-STICKS: 2 + measures apart.
    let r = rules();
    let start = Position::start(&r);
    let n = dagger_throw::sticks(&r, &start, White).unwrap();
    assert_eq!(n, 5);
    assert_eq!(DiceMethod::StickDice.hit_odds(n), (1, 32));
    let close = pos(&r, &[(White, "Self", "X6"), (Black, "Self", "Y7")], White);
    let n = dagger_throw::sticks(&r, &close, White).unwrap();
    assert_eq!(n, 2);
    assert_eq!(DiceMethod::StickDice.hit_odds(n), (1, 4));
    // One measure apart: three sticks.
    let near = pos(&r, &[(White, "Self", "X6"), (Black, "Self", "Y9")], White);
    assert_eq!(dagger_throw::sticks(&r, &near, White), Some(3));
}

#[test]
fn a_throw_needs_a_line_clear_of_all_but_engagements() {
    // §2.0.08: "aligned unobstructed by any piece other than engagements".
    let r = rules();
    let p = throw_position(&r, false);
    assert!(
        notations(&r, &p).contains(&"DtX14~".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    let blocked = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Dagger", "X5"),
            (Black, "Self", "X14"),
            (Black, "Cloak", "X12"),
        ],
        White,
    );
    assert!(
        !notations(&r, &blocked)
            .iter()
            .any(|n| n.starts_with("DtX14"))
    );
    refuse(&r, &blocked, "DtX14~ @ooooo").by("§2.0.08 Dagger Throw", "stands in the way");
    // Not aligned: no throw.
    let off = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Dagger", "W5"),
            (Black, "Self", "X14"),
        ],
        White,
    );
    assert!(!notations(&r, &off).iter().any(|n| n.contains("X14~")));
}

#[test]
fn all_own_colour_is_checkmate_by_touch() {
    // §2.0.08: "If Black's throw lands all black-side-up … the attack is a success and
    // constitutes checkmate by touch."
    let r = rules();
    let mut p = throw_position(&r, false);
    play(&r, &mut p, "DtX14~ @ooooo#");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: White,
            by: Mate::Touch
        })
    );
    let (side, k) = p.piece_at(sq("X14")).unwrap();
    assert_eq!((side, r.set(White).piece(k).name()), (White, "Dagger"));
    assert!(p.piece_at(sq("X5")).is_none());
}

#[test]
fn a_miss_loses_the_dagger_and_with_the_last_blade_is_self_disarm() {
    // §2.0.08: "If the throw misses, the Dagger is lost." §2.0.21: "Checkmate by self-disarm
    // (via missed roll on the Dagger Throw attack)".
    let r = rules();
    let mut p = throw_position(&r, false);
    play(&r, &mut p, "DtX14~ @xxooo");
    assert!(p.piece_at(sq("X5")).is_none());
    assert_eq!(p.discard(White, r.set(White).by_name("Dagger").unwrap()), 1);
    assert_eq!((p.turn(), p.outcome()), (Black, None));
    let mut p = throw_position(&r, true);
    play(&r, &mut p, "DtX14~ @oxoox");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: Black,
            by: Mate::SelfDisarm
        })
    );
}

#[test]
fn one_off_colour_is_the_distraction() {
    // §2.0.08: "only one off-color … allows the throwing player to reposition their Self piece
    // and the Sword anywhere on their side of the board and behind the opponent's Self's step …
    // without taking pieces". Ruling R-THROW-DISTRACTION: the Dagger stays.
    let r = rules();
    let mut p = throw_position(&r, false);
    play(&r, &mut p, "DtX14~ @ooxoo SW6 $Z8");
    let name = |p: &Position, s: &str| {
        p.piece_at(sq(s))
            .map(|(_, k)| r.set(White).piece(k).name().to_string())
    };
    assert_eq!(name(&p, "W6").as_deref(), Some("Self"));
    assert_eq!(name(&p, "Z8").as_deref(), Some("Sword"));
    assert_eq!(name(&p, "X5").as_deref(), Some("Dagger"));
    assert_eq!(p.turn(), Black);
    // Only one of them, or neither: the turn may end early.
    let mut q = throw_position(&r, false);
    play(&r, &mut q, "DtX14~ @ooxoo SW6");
    assert_eq!(
        (q.turn(), name(&q, "W3").as_deref()),
        (Black, Some("Sword"))
    );
    // Not onto the opponent's half (X9), not onto a piece (the Dagger on X5): refused by the
    // distraction's rule, not as an ordinary move of the piece.
    let p = throw_position(&r, false);
    for turn in [
        "DtX14~ @ooxoo SX9",
        "DtX14~ @ooxoo $X5",
        "DtX14~ @ooxoo SW6 $X5",
    ] {
        refuse(&r, &p, turn).by(
            "§2.0.08 Dagger Throw",
            "to empty squares on your side behind the opposing Self's step",
        );
    }
}

#[test]
fn a_throw_may_follow_a_self_move_in_concert_or_a_stepping_stone() {
    // §2.0.08: "You may use the Dagger Throw ability in concert with a Self move. You may also
    // throw as the second in a double-move by stepping stones with the Dagger."
    let r = rules();
    let mut p = throw_position(&r, false);
    play(&r, &mut p, "SW2 DtX14~ @xxxxx");
    assert_eq!(p.turn(), Black);
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Dagger", "W4"),
            (White, "Engagement", "X5"),
            (Black, "Self", "X14"),
            (Black, "Sword", "Z15"),
        ],
        White,
    );
    play(&r, &mut p, "DX5 DtX14~ @ooooo#");
    assert!(p.outcome().is_some());
    assert_eq!(
        p.dying(),
        Some(Black),
        "a hit is a touch mate: the dying move follows"
    );
}

/// §2.0.02 "The two pieces move without blocking one another" (R-CONCERT): a throw in concert
/// passes the Self's new square, as the partner's moves and strikes do (a review found the
/// throw alone blocked there). Without concert the own Self blocks the line (§2.0.08
/// "unobstructed by any piece other than engagements").
#[test]
fn a_throw_in_concert_passes_the_selfs_new_square() {
    let r = rules();
    let pieces = |life: &'static str| {
        vec![
            (White, "Self", life),
            (White, "Dagger", "X3"),
            (Black, "Self", "X13"),
            (Black, "Sword", "Z15"),
        ]
    };
    let mut p = pos(&r, &pieces("Y4"), White);
    play(&r, &mut p, "SX4 DtX13~ @ooooo#");
    assert_eq!(p.dying(), Some(Black), "a hit: a touch mate");
    // The Self already on X4 at the turn's start: it stands in the way.
    let p = pos(&r, &pieces("X4"), White);
    refuse(&r, &p, "DtX13~ @ooooo#").by("§2.0.08", "stands in the way");
    // The throw in the air after the concert reads back from its position text.
    let mut p = pos(&r, &pieces("Y4"), White);
    let turn = veney_rules::notation::parse_turn(&r, &p, "SX4 DtX13~ @ooooo#", 1).unwrap();
    for a in &turn[..2] {
        p.play(&r, *a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }
    assert!(matches!(p.phase(), Phase::Throw { .. }));
    let text = p.to_text(&r);
    let back = Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back, p, "{text}");
}

#[test]
fn the_roll_must_fit_the_agreed_dice() {
    // §2.0.R1: the method is agreed before the game; five sticks at this distance.
    let r = rules();
    let p = throw_position(&r, false);
    refuse(&r, &p, "DtX14~ @ooo").by("§2.0.R1", "ooo is not a result of the agreed dice");
    refuse(&r, &p, "DtX14~ @d6=1").by("§2.0.R1", "d6=1 is not a result of the agreed dice");
    let mut opts = r.options.clone();
    opts.dice = DiceMethod::FlatOdds(6);
    let r6 = Rules::standard_with(opts);
    let mut p = throw_position(&r6, false);
    play(&r6, &mut p, "DtX14~ @d6=1#");
    assert!(p.outcome().is_some());
    let mut p = throw_position(&r6, false);
    play(&r6, &mut p, "DtX14~ @d6=4");
    assert_eq!((p.turn(), p.outcome()), (Black, None));
    // The refusal names the agreed dice as the app and the kit do, and sticks only where the
    // method counts them (a review found "(FlatOdds(6)) with 5 sticks").
    let p = throw_position(&r6, false);
    let why = refuse(&r6, &p, "DtX14~ @ooooo");
    assert!(why.message.contains("(flat odds, d6)"), "{}", why.message);
    assert!(!why.message.contains("sticks"), "{}", why.message);
    assert!(why.message.contains("`@d6=1`"), "{}", why.message);
    let why = refuse(&r, &throw_position(&r, false), "DtX14~ @d6=1");
    assert!(
        why.message.contains("(stick-dice) with 5 sticks"),
        "{}",
        why.message
    );
}

#[test]
fn the_game_rolls_from_its_seed_and_undo_does_not_reroll() {
    // The brief: randomness comes from a seeded generator owned by the rules crate.
    let r = Arc::new(rules());
    let start = throw_position(&r, false);
    let throw = |g: &mut Game| {
        let legal = g.legal_actions();
        let t = *legal
            .iter()
            .find(|a| matches!(a, veney_rules::Action::Throw { .. }))
            .unwrap();
        g.play(t).unwrap();
        assert!(matches!(g.position().phase(), Phase::Throw { .. }));
        g.roll().unwrap()
    };
    let mut rolls = Vec::new();
    for seed in 0..40u64 {
        let mut a = Game::from_position_seeded(r.clone(), start, seed);
        let mut b = Game::from_position_seeded(r.clone(), start, seed);
        let ra = throw(&mut a);
        assert_eq!(ra, throw(&mut b), "same seed, same sticks");
        a.undo();
        assert_eq!(a.roll(), Some(ra), "undo rewinds the generator");
        rolls.push(ra);
    }
    assert!(rolls.iter().any(|r| r.verdict() == Verdict::Miss));
    assert!(rolls.iter().any(|r| *r != rolls[0]), "seeds differ");
    for r in &rolls {
        assert!(matches!(r, Roll::Sticks { thrown: 5, .. }));
    }
}

#[test]
fn glare_on_the_throwers_self_prevents_the_throw() {
    // §2.0.10: "You may also invoke glare to prevent a Dagger Throw." Ruling R-GLARE-THROW.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Dagger", "X5"),
            (Black, "Self", "X14"),
            (Black, "Lantern", "Z4"),
        ],
        White,
    );
    assert!(!notations(&r, &p).iter().any(|n| n.contains("X14~")));
    refuse(&r, &p, "DtX14~ @ooooo").by("§2.0.10 Lantern: Glare", "glare holds on your Self");
}

#[test]
fn a_self_repositioned_by_the_distraction_beside_its_balance_fends_their_jutsu() {
    // §2.0.07 Control: "entering the opponent's Jutsu-occupied measure with your Balance and
    // Self fends their Jutsu." The distraction's repositioning (§2.0.08) enters it too.
    let r = rules();
    let base = [
        (White, "Self", "X2"),
        (White, "Dagger", "X5"),
        (White, "Sword", "W3"),
        (Black, "Self", "X14"),
        (Black, "Jutsu", "Y7"),
    ];
    let jutsu = r.set(Black).by_name("Jutsu").unwrap();
    let mut with_balance = base.to_vec();
    with_balance.push((White, "Balance", "Z6"));
    let mut p = pos(&r, &with_balance, White);
    play(&r, &mut p, "DtX14~ @ooxoo SW6");
    assert!(p.piece_at(sq("Y7")).is_none(), "the Jutsu is fended");
    assert_eq!(p.reserve(Black, jutsu), 1);
    // The control: without the Balance the Jutsu stays.
    let mut q = pos(&r, &base, White);
    play(&r, &mut q, "DtX14~ @ooxoo SW6");
    assert!(q.piece_at(sq("Y7")).is_some());
}

#[test]
fn nothing_is_thrown_after_the_game_has_ended() {
    // §2.0.21 Endings: a resignation ends the game where it stands; a throw that waited for its
    // sticks is not rolled after it (a review found the roll played, the Dagger lost after the
    // ending).
    let r = Arc::new(rules());
    let mut p = throw_position(&r, false);
    let t = veney_rules::notation::parse_turn(&r, &p, "DtX14~", 1).unwrap();
    p.play(&r, t[0]).unwrap();
    let mut g = Game::from_position_seeded(r.clone(), p, 3);
    assert!(matches!(g.position().phase(), Phase::Throw { .. }));
    let dagger = g.position().piece_at(sq("X5"));
    g.resign(Black);
    assert!(g.roll().is_none());
    let e = g
        .enter_roll(Roll::Sticks {
            thrown: 5,
            own: 0b11111,
        })
        .unwrap_err();
    assert_eq!(e.section, "§2.0.21 Endings", "{e:?}");
    assert_eq!(g.actions().count(), 0, "nothing played after the ending");
    assert_eq!(
        g.position().piece_at(sq("X5")),
        dagger,
        "the Dagger as it stood"
    );
}

#[test]
fn under_the_option_a_distraction_loses_the_dagger_too() {
    // §2.0.08: "the attack misses but grants a short-success distraction effect"; "If the throw
    // misses, the Dagger is lost." Option distraction_loses_dagger (R-THROW-DISTRACTION): the
    // Dagger is discarded and the repositioning follows; with it the last blade goes, and that
    // is checkmate by self-disarm (§2.0.21).
    let mut o = rules().options.clone();
    o.distraction_loses_dagger = true;
    let r = Rules::standard_with(o);
    let dagger = r.set(White).by_name("Dagger").unwrap();
    let mut p = throw_position(&r, false);
    play(&r, &mut p, "DtX14~ @ooxoo SW6 $Z8");
    assert!(p.piece_at(sq("X5")).is_none(), "the Dagger is lost");
    assert_eq!(p.discard(White, dagger), 1);
    assert_eq!(
        p.piece_at(sq("W6")).map(|x| x.1),
        r.set(White).by_name("Self")
    );
    assert_eq!(p.outcome(), None);
    // Without the Sword, the Dagger is the last blade.
    let mut q = throw_position(&r, true);
    play(&r, &mut q, "DtX14~ @ooxoo");
    assert_eq!(
        q.outcome(),
        Some(Outcome::Checkmate {
            winner: Black,
            by: Mate::SelfDisarm
        })
    );
    // By default the Dagger stays (the test above).
    let mut d = throw_position(&rules(), true);
    play(&rules(), &mut d, "DtX14~ @ooxoo");
    assert_eq!(d.outcome(), None);
}

#[test]
fn no_throw_line_is_shown_for_the_dying_move() {
    // Ruling R-DYING: "A Dagger Throw is not a dying move". White's Self taken by touch, its
    // Dagger on X4 still in line with Black's Self: the teaching overlay's throw lines are
    // empty, as the dying move's list has no throw (a review found the overlay drawing it).
    let r = rules();
    let mut found = false;
    // White's Self on Z6, its Dagger on X4 in line with Black's Self on X9; a Black `kind` on Y7.
    let board = |kind: &str, to_move| {
        pos(
            &r,
            &[
                (White, "Self", "Z6"),
                (White, "Dagger", "X4"),
                (Black, "Self", "X9"),
                (Black, kind, "Y7"),
            ],
            to_move,
        )
        .without_reserves()
    };
    for kind in ["Sword", "Jutsu", "Guard", "Balance", "Cloak"] {
        let p = board(kind, Black);
        let Some(take) = p
            .legal_actions(&r)
            .into_iter()
            .find(|a| a.as_move().is_some_and(|m| m.to == sq("Z6")))
        else {
            continue;
        };
        let mut q = p;
        q.play(&r, take).unwrap();
        while q.turn() == Black && !q.is_game_over() {
            q.play(&r, veney_rules::Action::EndTurn).unwrap();
        }
        if q.dying() != Some(White) {
            continue;
        }
        found = true;
        let mut lines = Vec::new();
        dagger_throw::all_throws_for_view(&r, &q, &mut lines);
        assert!(lines.is_empty(), "{lines:?}");
        assert!(
            !q.legal_actions(&r)
                .iter()
                .any(|a| matches!(a, veney_rules::Action::Throw { .. })),
            "no throw in the dying move's list either"
        );
        // The control: White to move with its Self, the line is drawn.
        let alive = board(kind, White);
        let mut lines = Vec::new();
        dagger_throw::all_throws_for_view(&r, &alive, &mut lines);
        assert_eq!(lines, [(sq("X4"), sq("X9"))]);
        break;
    }
    assert!(found, "no Black piece took White's Self by touch");
}

#[test]
fn the_throw_lines_after_the_first_move_are_the_throws_still_open() {
    // §2.0.08: "You may also throw as the second in a double-move by stepping stones with the
    // Dagger". White's Cloak steps onto its engagement on Y4 (a stepping stone): the Dagger on
    // X5, in line with Black's Self on X14, may not throw as that second move, and no line is
    // drawn for it (a review found it drawn, with its odds, whatever the phase).
    let r = rules();
    let p = Position::from_text(&r, "4/4/1s2/4/4/4/4/4/4/4/4/1D2/2E1/C3/4/2S1 w EEE/eeee").unwrap();
    let mut lines = Vec::new();
    dagger_throw::all_throws_for_view(&r, &p, &mut lines);
    assert_eq!(lines, [(sq("X5"), sq("X14"))], "at the turn's start");
    let mut q = p;
    let step = q
        .legal_actions(&r)
        .into_iter()
        .find(|a| {
            a.as_move()
                .is_some_and(|m| m.from == sq("W3") && m.to == sq("Y4"))
        })
        .expect("the Cloak steps onto its engagement");
    q.play(&r, step).unwrap();
    assert!(
        matches!(q.phase(), Phase::Second { stone: Some(s), .. } if s == sq("Y4")),
        "{:?}",
        q.phase()
    );
    assert!(
        !q.legal_actions(&r)
            .iter()
            .any(|a| matches!(a, veney_rules::Action::Throw { .. }))
    );
    let mut lines = Vec::new();
    dagger_throw::all_throws_for_view(&r, &q, &mut lines);
    assert!(lines.is_empty(), "{lines:?}");
}

/// §2.0.08 "At full starting distance, this is a one-in-32 chance of success": random playouts
/// roll a throw from the agreed dice, not evenly over the three verdicts the list names (a
/// review found one random throw in three hitting).
#[test]
fn random_playouts_roll_throws_with_the_dices_odds() {
    let r = std::sync::Arc::new(rules());
    // As `throw_position`, with the pieces off the board in reserve (a whole position, checked).
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Dagger", "X5"),
            (White, "Sword", "W3"),
            (Black, "Self", "X14"),
            (Black, "Engagement", "X10"),
        ],
        White,
    );
    let turn = veney_rules::notation::parse_turn(&r, &p, "DtX14~ @ooooo#", 1).unwrap();
    p.play(&r, turn[0]).unwrap();
    assert!(matches!(p.phase(), Phase::Throw { .. }));
    assert_eq!(dagger_throw::sticks(&r, &p, White), Some(5));
    let games = 3_200;
    let hits = (0..games)
        .filter(|&s| {
            let res =
                veney_rules::playout::random_game(&r, p, &mut veney_rules::rng::seeded(s), 1, true)
                    .unwrap_or_else(|e| panic!("{e}"));
            res.ending.contains("checkmate")
        })
        .count();
    // 1 in 32: about 100 of 3,200 (evenly over the verdicts it would be about 1,067).
    assert!((50..200).contains(&hits), "{hits} hits of {games}");
}
