//! Ordinary movement of every piece, hand-worked from the rulebook's descriptions.
mod common;
use common::*;
use veney_rules::{Outcome, Rules};

/// Ruling R-LUNGE: the Self lunges forward and back only, straight or diagonally, as far as its measure allows (first: forward 4, back 1), stopped by the edge; sideways only king steps.
#[test]
fn self_king_step_and_lunge_from_first_measure() {
    // §2.0.02 Self: "From the first measure, the Self can lunge forward (or diagonally forward)
    // up to 4 spaces and only step back 1 space."
    let r = rules();
    let p = pos(&r, &[(White, "Self", "Y4"), (Black, "Self", "X16")], White);
    assert_eq!(
        dests(&r, &p, "Y4"),
        sorted(&[
            "W6", "X3", "X4", "X5", "Y3", "Y5", "Y6", "Y7", "Y8", "Z3", "Z4", "Z5"
        ])
    );
}

#[test]
fn self_lunge_from_third_measure() {
    // §2.0.02: "In the third measure, it can lunge forward 2 and return as many as 3 spaces".
    let r = rules();
    let p = pos(&r, &[(White, "Self", "X10"), (Black, "Self", "W16")], White);
    assert_eq!(
        dests(&r, &p, "X10"),
        sorted(&[
            "W9", "W10", "W11", "X7", "X8", "X9", "X11", "X12", "Y9", "Y10", "Y11", "Z8", "Z12"
        ])
    );
}

#[test]
fn self_lunge_from_fourth_measure() {
    // §2.0.02: "in the fourth measure it can only step forward 1 but can return a full 4 spaces".
    let r = rules();
    let p = pos(&r, &[(White, "Self", "Y14"), (Black, "Self", "W1")], White);
    assert_eq!(
        dests(&r, &p, "Y14"),
        sorted(&[
            "W12", "X13", "X14", "X15", "Y10", "Y11", "Y12", "Y13", "Y15", "Z13", "Z14", "Z15"
        ])
    );
}

#[test]
fn black_self_lunges_down_the_board() {
    // §2.0.02 and §2.0.V: Black's first measure is steps 13–16; forward is toward step 1.
    let r = rules();
    let p = pos(&r, &[(White, "Self", "Y4"), (Black, "Self", "X13")], Black);
    assert_eq!(
        dests(&r, &p, "X13"),
        sorted(&[
            "W12", "W13", "W14", "X9", "X10", "X11", "X12", "X14", "Y12", "Y13", "Y14", "Z11"
        ])
    );
}

#[test]
fn self_never_leaps_and_fends_what_it_meets() {
    // §2.0.02: "The Self cannot leap over pieces." "can only fend your opponent's fendable pieces".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (Black, "Cloak", "Y6"),
            (Black, "Self", "X16"),
        ],
        White,
    );
    let n = notations_from(&r, &p, "Y4");
    assert!(n.contains(&"SfY6".to_string()), "{n:?}");
    assert!(
        !n.iter().any(|m| m.ends_with("Y7") || m.ends_with("Y8")),
        "{n:?}"
    );
    // It cannot attack a non-fendable piece: a Sword in its path is simply in the way.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (Black, "Sword", "Y5"),
            (Black, "Self", "X16"),
        ],
        White,
    );
    assert!(
        !dests(&r, &p, "Y4")
            .iter()
            .any(|d| d.starts_with('Y') && d != "Y3")
    );
}

#[test]
fn sword_leaps_own_pieces_but_not_the_self_or_opponents() {
    // §2.0.03: "The Sword can leap over any of your own pieces except the Self"; it never leaps
    // an opponent's piece.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (White, "Cloak", "X6"),
            (Black, "Cloak", "X7"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let n = notations_from(&r, &p, "X4");
    assert!(n.contains(&"$X5".to_string()));
    assert!(
        n.contains(&"$fX7".to_string()),
        "leaps own Cloak on X6 to fend on X7: {n:?}"
    );
    assert!(
        !n.iter().any(|m| m.ends_with("X8")),
        "cannot leap the opposing Cloak: {n:?}"
    );
    assert!(
        !n.iter().any(|m| m.ends_with("Z4")),
        "cannot leap its own Self: {n:?}"
    );
}

#[test]
fn sword_range_is_self_measure_plus_one_and_engagement_steps() {
    // §2.0.03: "within a measure either the same as that which is occupied by the Self or one
    // measure outside of it ... plus any step further if you have at least one engagement in
    // that step. (Thus, a Sword can certainly never reach an opponent so long as both players'
    // Self pieces haven't advanced out of their first measure.)" Ruling
    // R-SWORD-ENGAGEMENT-STEPS: the band (steps 1-8 here) grows a step at a time through steps
    // holding an engagement; option `sword_steps_apart` lets any such step join.
    let r = rules();
    let apart = {
        let mut o = r.options.clone();
        o.sword_steps_apart = true;
        Rules::standard_with(o)
    };
    let lone = |r: &Rules| {
        pos(
            r,
            &[
                (White, "Self", "Y4"),
                (White, "Sword", "X8"),
                (White, "Engagement", "Z10"),
                (Black, "Self", "W16"),
            ],
            White,
        )
    };
    // Step 10 holds an engagement, step 9 none: apart from the band.
    let d = dests(&r, &lone(&r), "X8");
    assert!(!d.iter().any(|s| s.ends_with("10")), "{d:?}");
    refuse(&r, &lone(&r), "$X10").by(
        "§2.0.03 Sword",
        "X10 is outside the Sword's range constraint",
    );
    let d = dests(&apart, &lone(&apart), "X8");
    assert!(d.contains(&"X10".to_string()), "{d:?}");
    assert!(d.contains(&"Z10".to_string()), "stepping stone: {d:?}");
    assert!(
        !d.contains(&"X9".to_string()) && !d.contains(&"X11".to_string()),
        "{d:?}"
    );
    // With an engagement on step 9 as well, the band reaches step 10 by default.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X8"),
            (White, "Engagement", "W9"),
            (White, "Engagement", "Z10"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let d = dests(&r, &p, "X8");
    assert!(
        d.contains(&"X9".to_string()) && d.contains(&"X10".to_string()),
        "{d:?}"
    );
    assert!(!d.contains(&"X11".to_string()), "{d:?}");
}

#[test]
fn a_sword_never_reaches_while_both_selves_stand_in_their_first_measures() {
    // §2.0.03 "(Thus, a Sword can certainly never reach an opponent so long as both players' Self
    // pieces haven't advanced out of their first measure.)" A review found `$tX13` offered with
    // one engagement on step 13.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X8"),
            (White, "Engagement", "W13"),
            (Black, "Self", "X13"),
            (Black, "Sword", "Z16"),
        ],
        White,
    );
    assert!(
        !notations(&r, &p).iter().any(|n| n.contains("X13")),
        "{:?}",
        notations(&r, &p)
    );
}

#[test]
fn the_possessed_free_engagement_does_not_extend_the_sword_range() {
    // Ruling R-SWORD-ENGAGEMENT-STEPS: only the owner's own engagements extend the Sword's range
    // (§2.0.03 "if you have at least one engagement in that step"). Y9 is light: White's. On
    // step 9, next to the Self's band (steps 1–8), where an engagement of White's would extend
    // it (the control below; a review found the free engagement two steps off, on Z10, where
    // no engagement extends the band either, so the test could not fail).
    let r = rules();
    let pieces = [
        (White, "Self", "Y4"),
        (White, "Sword", "X8"),
        (Black, "Self", "W16"),
    ];
    let p = pos(&r, &pieces, White).with_free_on(sq("Y9"));
    let d = dests(&r, &p, "X8");
    assert!(
        d.iter().all(|s| s[1..].parse::<u8>().unwrap() <= 8),
        "{d:?}"
    );
    let mut with_engagement = pieces.to_vec();
    with_engagement.push((White, "Engagement", "Y9"));
    let p = pos(&r, &with_engagement, White);
    let d = dests(&r, &p, "X8");
    assert!(d.iter().any(|s| s == "X9"), "{d:?}");
}

#[test]
fn sword_takes_lantern_fends_fendables_and_only_disarms_armaments() {
    // §2.0.03 Taking and the §2.0.VII chart: Lantern taken (shattered); Balance, Jutsu and
    // engagements fended; armaments only via disarm; Ruin neither.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y7"),
            (White, "Sword", "X8"),
            (Black, "Lantern", "X9"),
            (Black, "Balance", "Y9"),
            (Black, "Guard", "W9"),
            (Black, "Jutsu", "W8"),
            (Black, "Ruin", "Y8"),
            (Black, "Engagement", "W7"),
            (Black, "Self", "Z10"), // keeps the Guard on W9 within its range: no disarm
        ],
        White,
    );
    let n = notations_from(&r, &p, "X8");
    for want in ["$tX9", "$fY9", "$fW8", "$fW7"] {
        assert!(n.contains(&want.to_string()), "{want} missing from {n:?}");
    }
    assert!(
        !n.iter().any(|m| m.ends_with("W9") || m.ends_with("Y8")),
        "{n:?}"
    );
    refuse(&r, &p, "$tW9").by("§2.0.14 Disarm", "takes the Guard only by disarm");
}

#[test]
fn sword_taking_the_self_is_checkmate_by_touch() {
    // §2.0.IV, §2.0.21: checkmate by touch — a blade takes the Self. Notation `$tX13#` (§2.0.R5).
    let r = rules();
    // With the Self on Y8 the Sword's range ends at step 12: the touch is out of reach.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y8"),
            (White, "Sword", "X12"),
            (Black, "Self", "X13"),
        ],
        White,
    );
    refuse(&r, &p, "$tX13#").by(
        "§2.0.03 Sword",
        "X13 is outside the Sword's range constraint",
    );
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X12"),
            (Black, "Self", "X13"),
        ],
        White,
    );
    play(&r, &mut p, "$tX13#");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: White,
            by: veney_rules::outcome::Mate::Touch
        })
    );
    assert!(p.legal_actions(&r).is_empty());
}

#[test]
fn engagement_moves_one_or_up_to_three_in_second_measure() {
    // §2.0.04: "move forward 1–3 spaces until they reach the center line" within the second measure.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Z2"),
            (White, "Engagement", "W5"),
            (White, "Engagement", "X4"),
            (White, "Engagement", "Y7"),
            (White, "Engagement", "Z8"),
            (Black, "Self", "W16"),
            (Black, "Engagement", "X12"),
        ],
        White,
    );
    assert_eq!(dests(&r, &p, "W5"), sorted(&["W6", "W7", "W8"]));
    assert_eq!(
        dests(&r, &p, "X4"),
        sorted(&["X5"]),
        "from the first measure: one step"
    );
    assert_eq!(
        dests(&r, &p, "Y7"),
        sorted(&["Y8"]),
        "stops at the centre line"
    );
    assert_eq!(
        dests(&r, &p, "Z8"),
        sorted(&["Z9"]),
        "past the centre line: one step"
    );
    let mut q = p;
    q.play_turn(&r, &[veney_rules::Action::Pass]).unwrap();
    assert_eq!(
        dests(&r, &q, "X12"),
        sorted(&["X9", "X10", "X11"]),
        "Black's second measure is steps 9–12"
    );
}

#[test]
fn engagement_fends_diagonally_forward_only_fendable_pieces() {
    // §2.0.04: "one step diagonally forward to take an opposing piece"; engagements fend, take nothing.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Z2"),
            (White, "Engagement", "X5"),
            (Black, "Cloak", "Y6"),
            (Black, "Sword", "W6"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert_eq!(dests(&r, &p, "X5"), sorted(&["X6", "X7", "X8", "Y6"]));
    assert!(notations(&r, &p).contains(&"efY6".to_string()));
}

#[test]
fn cloak_moves_like_a_knight_leaping() {
    // §2.0.06: "one square orthogonally plus one square diagonally ... able to leap over any pieces".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Cloak", "X8"),
            (White, "Engagement", "X9"),
            (White, "Engagement", "W8"),
            (White, "Engagement", "Y8"),
            (White, "Engagement", "X7"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert_eq!(
        dests(&r, &p, "X8"),
        sorted(&["W6", "W10", "Y6", "Y10", "Z7", "Z9"])
    );
}

#[test]
fn balance_moves_diagonally_leaping_any_piece() {
    // §2.0.07: "moves one or more spaces along the diagonals ... can leap over any piece".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Balance", "X6"),
            (White, "Engagement", "Y7"),
            (Black, "Cloak", "W7"),
            (Black, "Engagement", "Y5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert_eq!(
        dests(&r, &p, "X6"),
        sorted(&["W5", "W7", "Y5", "Y7", "Z4", "Z8"])
    );
}

#[test]
fn dagger_moves_like_a_queen_without_leaping_inside_its_range() {
    // §2.0.08: "moves like the Sword but cannot leap ... constrained to the same measure as the
    // Self and one measure outside".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X6"),
            (White, "Engagement", "X7"),
            (Black, "Cloak", "W7"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert_eq!(
        dests(&r, &p, "X6"),
        sorted(&[
            "W5", "W6", "W7", "X1", "X2", "X3", "X4", "X5", "X7", "Y5", "Y6", "Y7", "Z4", "Z6",
            "Z8"
        ])
    );
}

#[test]
fn dagger_out_of_constraint_may_only_move_back_into_it() {
    // §2.0.08: "If the Dagger is left outside of constraint to the Self, it can only move to a
    // square back into constraint with the Self."
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X11"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert_eq!(
        dests(&r, &p, "X11"),
        sorted(&["X1", "X2", "X3", "X4", "X5", "X6", "X7", "X8"])
    );
}

/// Ruling R-GUARD-STEP: the Guard's range is its Self's measure plus one step beyond each boundary (Self on steps 1–4: steps 1–5).
#[test]
fn guard_is_a_dragon_king_within_self_measure_and_one_step() {
    // §2.0.09: rook moves plus one diagonal square; "constrained to the Self's measure and one step outside".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Guard", "W3"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert_eq!(
        dests(&r, &p, "W3"),
        sorted(&["W1", "W2", "W4", "W5", "X2", "X3", "X4", "Y3", "Z3"])
    );
}

#[test]
fn lantern_moves_two_or_more_inside_the_self_measure() {
    // §2.0.10: "it can only move more than one space ... initially constrained to the Self's measure".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Lantern", "W1"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert_eq!(
        dests(&r, &p, "W1"),
        sorted(&["W3", "W4", "Y1", "Y3", "Z1", "Z4"])
    );
}

// The Lantern's "same direction twice" (§2.0.10) is in tests/lantern.rs (R-LANTERN-DIRECTION).

/// Ruling R-JUTSU-STEP: the Jutsu steps one or two squares along any of the eight lines, leaping what is between (no knight offsets), or blinks 4, 8 or 12 steps along its line.
#[test]
fn jutsu_moves_one_or_two_leaping_or_blinks_by_measures() {
    // §2.0.11: "moves one or two squares (leaping) in any direction or blinks to the
    // corresponding square in any measure."
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Jutsu", "X6"),
            (Black, "Engagement", "X7"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert_eq!(
        dests(&r, &p, "X6"),
        sorted(&[
            "W5", "W6", "W7", "X2", "X4", "X5", "X7", "X8", "X10", "X14", "Y5", "Y6", "Y7", "Z4",
            "Z6", "Z8"
        ])
    );
}

#[test]
fn ruin_moves_pathlessly_but_never_into_the_opposing_self_measure() {
    // §2.0.12: "Moves pathlessly to any open square within the Self's measure or one measure
    // outside but cannot move within the opponent's Self measure." "Cannot take or fend".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Ruin", "W1"),
            (Black, "Self", "X7"),
            (Black, "Cloak", "Z1"),
        ],
        White,
    );
    let d = dests(&r, &p, "W1");
    assert_eq!(
        d.len(),
        13,
        "steps 1–4 less W1, Y4 and the Cloak on Z1: {d:?}"
    );
    assert!(d.iter().all(|s| s[1..].parse::<u8>().unwrap() <= 4));
}

#[test]
fn ruin_cannot_be_taken_or_fended() {
    // §2.0.12: "Cannot be taken or fended."
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (White, "Engagement", "Z5"),
            (Black, "Ruin", "X5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(!dests(&r, &p, "X4").contains(&"X5".to_string()));
    assert!(!dests(&r, &p, "Y4").contains(&"X5".to_string()));
}

/// Ruling R-RELATIONS: the chart's takes — Jutsu takes Guard, Guard takes Balance, Balance takes Jutsu, Cloak and Lantern take each other — and the Guard never fends a Sword.
#[test]
fn rock_paper_scissors_of_the_technical_pieces() {
    // §2.0.VII: "Cloak-Lantern is a two-way RPS loop; ... Balance-Guard-Jutsu is a three-way loop."
    let r = rules();
    let take = |attacker: &str, target: &str| {
        // The Self on Y7 keeps X6 and X7 inside every range constraint.
        let p = pos(
            &r,
            &[
                (White, "Self", "Y7"),
                (White, attacker, "X6"),
                (Black, target, "X7"),
                (Black, "Self", "W16"),
            ],
            White,
        );
        notations_from(&r, &p, "X6")
    };
    assert!(
        take("Jutsu", "Guard").contains(&"JtX7".to_string()),
        "Jutsu subverts the Guard"
    );
    assert!(
        take("Guard", "Balance").contains(&"GtX7".to_string()),
        "Guard bludgeons the Balance"
    );
    assert!(
        take("Jutsu", "Balance").contains(&"JfX7".to_string()),
        "Jutsu only fends the Balance"
    );
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Balance", "X6"),
            (Black, "Jutsu", "Y7"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(
        notations_from(&r, &p, "X6").contains(&"BtY7".to_string()),
        "Balance transcends the Jutsu"
    );
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Cloak", "X6"),
            (Black, "Lantern", "Y8"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(
        notations_from(&r, &p, "X6").contains(&"CtY8".to_string()),
        "Cloak extinguishes the Lantern"
    );
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Lantern", "W1"),
            (Black, "Cloak", "Y3"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(
        notations_from(&r, &p, "W1").contains(&"LtY3".to_string()),
        "Lantern burns the Cloak"
    );
    assert!(
        take("Guard", "Sword").iter().all(|m| !m.ends_with("X7")),
        "the Guard never fends a Sword"
    );
}

#[test]
fn jutsu_takes_jutsu_and_both_are_discarded() {
    // §2.0.11: "takes ... the opponent's Jutsu and itself simultaneously in negation".
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Jutsu", "X6"),
            (Black, "Jutsu", "X7"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    play(&r, &mut p, "JtX7");
    let j = r.set(White).by_name("Jutsu").unwrap();
    assert_eq!((p.discard(White, j), p.discard(Black, j)), (1, 1));
    assert!(p.piece_at(sq("X7")).is_none() && p.piece_at(sq("X6")).is_none());
}
