//! Special moves of the complete rulebook, as they land (issue 4).
mod common;
use common::*;
use veney_rules::{Action, Effect, Phase};

#[test]
fn feign_swaps_cloak_and_adjacent_self_as_the_whole_turn() {
    // §2.0.06 Feign: "When the Cloak and the Self are adjacent ... they can switch places as a
    // double-move turn." Ruling R-FEIGN: written `CY4~SX3`.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Cloak", "X3"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(
        notations(&r, &p).contains(&"CY4~SX3".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    let mut q = p;
    play(&r, &mut q, "CY4~SX3");
    let name = |s: &str| {
        q.piece_at(sq(s))
            .map(|(_, k)| r.set(White).piece(k).name().to_string())
    };
    assert_eq!(
        (name("Y4").as_deref(), name("X3").as_deref()),
        (Some("Cloak"), Some("Self"))
    );
    assert_eq!(
        (q.turn(), q.phase()),
        (Black, Phase::Start),
        "feign is the whole turn"
    );
    // Not adjacent: no feign.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Cloak", "W1"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(
        !notations(&r, &p)
            .iter()
            .any(|n| n.contains('~') && !n.starts_with('~'))
    );
}

#[test]
fn feign_is_never_the_second_move_of_a_double_move() {
    // §2.0.15: "you can never use a special ability involving two of your own pieces as the
    // second move in a double-move".
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Cloak", "W2"),
            (White, "Engagement", "X4"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let a = veney_rules::notation::parse_turn(&r, &p, "CX4", 1).unwrap()[0];
    p.play(&r, a).unwrap();
    assert!(matches!(p.phase(), Phase::Second { stone: Some(_), .. }));
    assert!(
        !p.legal_actions(&r)
            .iter()
            .any(|a| matches!(a, Action::Move(m) if matches!(m.effect, Effect::Swap(_))))
    );
}

#[test]
fn shift_trades_balance_and_blade_if_the_blade_lands_in_range() {
    // §2.0.07 Shift: "trade places with the Sword or Dagger anywhere on the board, assuming the
    // blade piece's destination is within its normal constraints." Notation `BY10~$W13` (§2.0.R5).
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Balance", "Z8"),
            (White, "Sword", "X2"),
            (White, "Dagger", "W1"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let n = notations(&r, &p);
    assert!(
        n.contains(&"BX2~$Z8".to_string()) && n.contains(&"BW1~DZ8".to_string()),
        "{n:?}"
    );
    let mut q = p;
    play(&r, &mut q, "BX2~$Z8");
    assert_eq!(
        q.piece_at(sq("Z8"))
            .map(|(_, k)| r.set(White).piece(k).name().to_string()),
        Some("Sword".into())
    );
    // Z12 lies outside both blades' range with the Self on Y4: no shift.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Balance", "Z12"),
            (White, "Sword", "X2"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(
        !notations(&r, &p)
            .iter()
            .any(|n| n.contains('~') && !n.starts_with('~'))
    );
}

#[test]
fn the_rulebook_shift_example_reads() {
    // §2.0.R5: "BY10~$W13 ...Shift" — Balance on W13, Sword on Y10, Self close enough.
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X10"),
            (White, "Balance", "W13"),
            (White, "Sword", "Y10"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    play(&r, &mut p, "BY10~$W13");
    assert_eq!(
        p.piece_at(sq("W13"))
            .map(|(_, k)| r.set(White).piece(k).name().to_string()),
        Some("Sword".into())
    );
}

fn name_at(
    r: &veney_rules::Rules,
    p: &veney_rules::Position,
    s: &str,
) -> Option<(veney_rules::Side, String)> {
    p.piece_at(sq(s))
        .map(|(side, k)| (side, r.set(side).piece(k).name().to_string()))
}

#[test]
fn cavazione_trades_places_with_an_adjacent_blade_on_the_opponents_side() {
    // §2.0.03 Cavazione: "trade your Sword's place with an opponent's blade ... when the two
    // pieces are adjacent ... both on your opponent's side of the board." Written `$Y11~`.
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X10"),
            (Black, "Sword", "Y11"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert!(
        notations(&r, &p).contains(&"$Y11~".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    play(&r, &mut p, "$Y11~");
    assert_eq!(name_at(&r, &p, "Y11"), Some((White, "Sword".into())));
    assert_eq!(name_at(&r, &p, "X10"), Some((Black, "Sword".into())));
    // On White's own side there is no cavazione (opposition applies there instead).
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X7"),
            (Black, "Sword", "Y8"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    let effects: Vec<Effect> = p
        .legal_actions(&r)
        .iter()
        .filter_map(|a| a.as_move().map(|m| m.effect))
        .collect();
    assert!(!effects.iter().any(|e| matches!(e, Effect::Cavazione(_))));
    assert!(effects.iter().any(|e| matches!(e, Effect::Opposition(..))));
}

#[test]
fn the_dagger_uses_cavazione_only_against_the_dagger() {
    // §2.0.08: "The Dagger can make use of cavazione and opposition ... but only against the
    // opponent's Dagger."
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Dagger", "X10"),
            (Black, "Sword", "Y11"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert!(
        !notations(&r, &p)
            .iter()
            .any(|n| n.contains('~') && !n.starts_with('~'))
    );
    let p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Dagger", "X10"),
            (Black, "Dagger", "Y11"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert!(notations(&r, &p).contains(&"DY11~".to_string()));
}

#[test]
fn cavazione_as_second_move_by_stepping_stone_or_in_concert() {
    // §2.0.03: "This can be the second in a double-move by stepping-stone ... or a move in
    // concert with the Self."
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "W8"),
            (White, "Engagement", "W10"),
            (Black, "Sword", "X11"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    play(&r, &mut p, "$W10 $X11~");
    assert_eq!(name_at(&r, &p, "X11"), Some((White, "Sword".into())));
    assert_eq!(name_at(&r, &p, "W10"), Some((Black, "Sword".into())));
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y8"),
            (White, "Sword", "X10"),
            (Black, "Sword", "Y11"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    play(&r, &mut p, "SY9 $Y11~");
    assert_eq!(name_at(&r, &p, "Y11"), Some((White, "Sword".into())));
}

#[test]
fn opposition_pushes_an_in_line_blade_on_your_side() {
    // §2.0.03 Opposition: "push an opponent's blade ... when the two pieces are in-line with one
    // another, unobstructed, and both on your side of the board ... any distance into consecutive
    // open squares ... without moving your Sword beyond the center line." Ruling R-OPPOSITION.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Z2"),
            (White, "Sword", "X3"),
            (Black, "Sword", "X5"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    let n = notations_from(&r, &p, "X3");
    // Pushes of 1..=4 squares leave the Sword on X5, X6, X7, X8; a 5-square push would put it past
    // the centre line.
    for want in ["$X5~", "$X6~", "$X7~", "$X8~"] {
        assert!(n.contains(&want.to_string()), "{want} missing from {n:?}");
    }
    assert!(!n.contains(&"$X9~".to_string()));
    let mut q = p;
    play(&r, &mut q, "$X7~");
    assert_eq!(name_at(&r, &q, "X7"), Some((White, "Sword".into())));
    assert_eq!(name_at(&r, &q, "X8"), Some((Black, "Sword".into())));
    // Not on White's side: no opposition.
    let p = pos(
        &r,
        &[
            (White, "Self", "Z9"),
            (White, "Sword", "X10"),
            (Black, "Sword", "X12"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert!(
        !notations_from(&r, &p, "X10")
            .iter()
            .any(|m| m.ends_with('~'))
    );
}

#[test]
fn opposition_is_blocked_by_pieces_between() {
    // "in-line with one another, unobstructed".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Z2"),
            (White, "Sword", "X3"),
            (White, "Cloak", "X4"),
            (Black, "Sword", "X6"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert!(
        !notations_from(&r, &p, "X3")
            .iter()
            .any(|m| m.ends_with('~'))
    );
}

#[test]
fn disarm_takes_an_overextended_armament_and_the_last_blade_is_checkmate() {
    // §2.0.14 Disarm, condition A: "The disarmed piece is overextended in a measure outside its
    // range constraints." "If the disarmed player has no blade left on the board, disarmament
    // constitutes checkmate". Ruling R-DISARM.
    let r = rules();
    // Black's Self on Z16 keeps its Sword to steps 9–16: on X8 the Sword is overextended.
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X10"),
            (Black, "Sword", "X8"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert!(
        notations(&r, &p).contains(&"$tX8#".to_string()),
        "{:?}",
        notations_from(&r, &p, "X10")
    );
    play(&r, &mut p, "$tX8#");
    assert_eq!(
        p.outcome(),
        Some(veney_rules::Outcome::Checkmate {
            winner: White,
            by: veney_rules::outcome::Mate::Disarm
        })
    );
    // With a Dagger still on the board, Black fights on (§2.0.08 Persistence).
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X10"),
            (Black, "Sword", "X8"),
            (Black, "Dagger", "Z13"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    play(&r, &mut p, "$tX8");
    assert_eq!(p.outcome(), None);
    // Inside its range the Sword cannot be disarmed this way.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X10"),
            (Black, "Sword", "X12"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    refuse(&r, &p, "$tX12").by("§2.0.14 Disarm", "overextended");
}

#[test]
fn the_dagger_disarms_only_once_the_sword_is_lost() {
    // §2.0.08 Persistence: "The Dagger gains the ability to execute disarmament in place of the Sword."
    let r = rules();
    let with_sword = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "W16"),
            (White, "Dagger", "X10"),
            (Black, "Guard", "X9"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    let disarms = |p: &veney_rules::Position| {
        notations_from(&r, p, "X10")
            .iter()
            .any(|n| n.starts_with("DtX9"))
    };
    assert!(!disarms(&with_sword));
    let without = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Dagger", "X10"),
            (Black, "Guard", "X9"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert!(disarms(&without));
    // Black has no blade on the board: the disarm is checkmate (§2.0.14), written `#`.
    assert!(notations_from(&r, &without, "X10").contains(&"DtX9#".to_string()));
}

#[test]
fn deflection_pushes_an_armament_back_across_the_centre_line() {
    // §2.0.09 Deflection: "If this square is on your side of the board, the opponent's blade is
    // pushed away until it crosses back onto their side, or until it is blocked". Ruling
    // R-DEFLECTION: the push follows the Guard's move.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Guard", "X3"),
            (Black, "Self", "Y14"),
            (Black, "Sword", "X5"),
        ],
        White,
    );
    assert!(notations_from(&r, &p, "X3").contains(&"GX5~".to_string()));
    let mut q = p;
    play(&r, &mut q, "GX5~");
    let sword = r.set(Black).by_name("Sword").unwrap();
    assert_eq!(q.pieces(Black, sword).first(), Some(sq("X9")));
    // Blocked on the way: it stops before the blocker.
    let mut q = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Guard", "X3"),
            (Black, "Self", "Y14"),
            (Black, "Sword", "X5"),
            (Black, "Engagement", "X8"),
        ],
        White,
    );
    play(&r, &mut q, "GX5~");
    assert_eq!(q.pieces(Black, sword).first(), Some(sq("X7")));
}

#[test]
fn deflection_on_the_far_side_or_backward_pushes_one_square() {
    // §2.0.09: "If the taken square is on the opponent's side of the board, deflection pushes the
    // blade piece only one square. Deflection 'backward' … only pushes the opponent's blade one
    // square."
    let r = rules();
    let sword = r.set(Black).by_name("Sword").unwrap();
    let mut q = pos(
        &r,
        &[
            (White, "Self", "X8"),
            (White, "Guard", "Y6"),
            (Black, "Self", "W14"),
            (Black, "Sword", "Y9"),
        ],
        White,
    );
    play(&r, &mut q, "GY9~");
    assert_eq!(q.pieces(Black, sword).first(), Some(sq("Y10")));
    let mut q = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Guard", "Y5"),
            (Black, "Self", "W14"),
            (Black, "Sword", "Y3"),
        ],
        White,
    );
    play(&r, &mut q, "GY3~");
    assert_eq!(q.pieces(Black, sword).first(), Some(sq("Y2")));
    // No open square behind: no deflection.
    let q = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Guard", "Y5"),
            (Black, "Self", "W14"),
            (Black, "Sword", "Y1"),
        ],
        White,
    );
    assert!(
        !notations_from(&r, &q, "Y5")
            .iter()
            .any(|n| n.contains('~') && !n.starts_with('~'))
    );
}

#[test]
fn shadow_stabbing_fends_the_balance_and_takes_the_jutsu() {
    // §2.0.18 Shadow-Stabbing: "When your opponent's Balance is on your side of the board,
    // fending it with a blade takes the Jutsu regardless of whether it is on the board or in
    // reserve." Written `DfBtJ~` (§2.0.R5).
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "X4"),
            (Black, "Self", "Y14"),
            (Black, "Balance", "X7"),
        ],
        White,
    );
    assert!(
        notations_from(&r, &p, "X4").contains(&"$fX7tJ~".to_string()),
        "{:?}",
        notations_from(&r, &p, "X4")
    );
    let mut q = p;
    play(&r, &mut q, "$fBtJ~");
    let jutsu = r.set(Black).by_name("Jutsu").unwrap();
    let balance = r.set(Black).by_name("Balance").unwrap();
    assert_eq!(
        (q.discard(Black, jutsu), q.reserve(Black, jutsu)),
        (1, 0),
        "taken from reserve"
    );
    assert_eq!(q.reserve(Black, balance), 1);
    // On the opponent's half it is an ordinary fend.
    let p = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "X8"),
            (Black, "Self", "Y14"),
            (Black, "Balance", "X10"),
        ],
        White,
    );
    assert!(notations_from(&r, &p, "X8").contains(&"$fX10".to_string()));
}

/// Ruling R-FLOATING-RUIN: the Ruin is placed on any empty square of its range (its Self's measure and one outside), not only beside the Self.
#[test]
fn the_floating_ruin_is_placed_anywhere_in_its_range() {
    // §2.0.12 Floating Ruin: "The Ruin can be placed from reserve anywhere in its movement range,
    // ignoring the constraint of the piece-placement area."
    let r = rules();
    let p = pos(&r, &[(White, "Self", "X2"), (Black, "Self", "Y14")], White);
    let drops: Vec<String> = notations(&r, &p)
        .into_iter()
        .filter(|n| n.starts_with("R*"))
        .collect();
    assert!(drops.contains(&"R*Z8".to_string()), "{drops:?}");
    assert!(
        !drops.iter().any(|d| d.ends_with("Z9")),
        "outside its range: {drops:?}"
    );
    // Other pieces still only next to the Self.
    assert!(!notations(&r, &p).contains(&"G*Z8".to_string()));
}

#[test]
fn disarm_by_disadvantage_needs_a_technical_piece_that_sees_the_armament() {
    // §2.0.14 B: "if your opponent's Sword occupies a square within the paths of both your Balance
    // and Sword at once, you may disarm their Sword with an attack by your Sword." Ruling
    // R-DISARM-B.
    let r = rules();
    let base = [
        (White, "Self", "X4"),
        (White, "Sword", "X6"),
        (Black, "Self", "Y10"),
        (Black, "Sword", "Y7"),
        (Black, "Dagger", "Z12"),
    ];
    let p = pos(&r, &base, White);
    assert!(
        !notations_from(&r, &p, "X6").contains(&"$tY7".to_string()),
        "the Sword alone, in constraint: no disarm"
    );
    let mut with_balance = base.to_vec();
    with_balance.push((White, "Balance", "W5"));
    let p = pos(&r, &with_balance, White);
    assert!(
        notations_from(&r, &p, "X6").contains(&"$tY7".to_string()),
        "{:?}",
        notations_from(&r, &p, "X6")
    );
    let mut q = p;
    play(&r, &mut q, "$tY7");
    let sword = r.set(Black).by_name("Sword").unwrap();
    assert_eq!(q.discard(Black, sword), 1);
    assert!(q.outcome().is_none(), "Black still has its Dagger");
    // The Balance's line is blocked? It leaps; a Guard two squares away does not see Y7.
    let mut far = base.to_vec();
    far.push((White, "Guard", "W3"));
    let p = pos(&r, &far, White);
    assert!(!notations_from(&r, &p, "X6").contains(&"$tY7".to_string()));
}

#[test]
fn a_flailing_lantern_supports_a_disarm_where_its_flail_could_land() {
    // §2.0.10: "As it is a technical piece, a Lantern poised in a direct attack by flailing can
    // contribute to disadvantagement for disarm." White's Self W6 (measure 2); the Lantern on Y2
    // (measure 1) flails: up the Y line over the engagement on Y7 (the next measure) into the far
    // measure, onto Black's Guard on Y10. The Sword on Z9 then disarms it (§2.0.14 B).
    let r = rules();
    let base = [
        (White, "Self", "W6"),
        (White, "Sword", "Z9"),
        (White, "Engagement", "Y7"),
        (Black, "Self", "X12"),
        (Black, "Guard", "Y10"),
        (Black, "Sword", "W14"),
    ];
    let p = pos(&r, &base, White);
    assert!(
        !notations_from(&r, &p, "Z9").contains(&"$tY10".to_string()),
        "the control: the Sword alone does not disarm the Guard in its constraint"
    );
    let mut with_lantern = base.to_vec();
    with_lantern.push((White, "Lantern", "Y2"));
    let p = pos(&r, &with_lantern, White);
    // (It could not take the Guard: a Lantern's flail lands Y5-Y9 only; an attack is enough.)
    let lantern = r.set(White).by_name("Lantern").unwrap();
    assert!(
        veney_rules::special::flail::attacks(&r, &p, White, lantern, sq("Y2")).contains(sq("Y10")),
        "the flail reaches Y10"
    );
    assert!(
        notations_from(&r, &p, "Z9").contains(&"$tY10".to_string()),
        "{:?}",
        notations_from(&r, &p, "Z9")
    );
}

#[test]
fn a_flailing_lantern_swings_into_the_selfs_measure_or_one_beyond() {
    // §2.0.10 Flail: "it can move either back into-measure with the Self or one measure further
    // in that direction … Also, it can leap over any pieces in the next measure it passes
    // into/over" — but not over pieces in its starting measure (slide-then-leap).
    let r = rules();
    let p = flailing_lantern(&r);
    let d = dests(&r, &p, "W1");
    // Up the W line: over the engagement on W6 (measure 2, the next one), to W7, W8 (the Self's
    // measure) and W9 (one beyond); the Cloak on W10 is taken? No: the Lantern takes the Cloak —
    // W10 lies in the far measure and is reachable.
    for s in ["W5", "W7", "W8", "W9", "W10"] {
        assert!(d.contains(&s.to_string()), "{s} in {d:?}");
    }
    assert!(
        !d.contains(&"W11".to_string()),
        "beyond the Cloak: blocked in the far measure"
    );
    assert!(
        !d.contains(&"W3".to_string()),
        "never within its starting measure"
    );
    assert!(!d.contains(&"W13".to_string()), "not two measures beyond");
    // A special move, written with `~` (§2.0.R5 "~ indicates a special move or device";
    // §2.0.10 "Special move: Flail").
    assert!(notations_from(&r, &p, "W1").contains(&"LtW10~".to_string()));
    // Records written before the `~` (and players who leave it out) still read.
    for t in ["LtW10~", "LtW10"] {
        veney_rules::notation::parse_turn(&r, &p, t, 1).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    // Blocked in its starting measure: no leap.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y6"),
            (White, "Lantern", "W1"),
            (White, "Guard", "W3"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    assert!(
        !dests(&r, &p, "W1").iter().any(|s| s.starts_with('W')),
        "{:?}",
        dests(&r, &p, "W1")
    );
    // Refused with the rule that refuses: past the far measure the swing does not land (a
    // review found it called blocked, over a path the flail may leap); a piece in its starting
    // measure does block.
    let open = pos(
        &r,
        &[
            (White, "Self", "Y6"),
            (White, "Lantern", "Y2"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    refuse(&r, &open, "LY13~").by(
        "§2.0.10",
        "lands only in its Self's measure or the one beyond",
    );
    refuse(&r, &p, "LW5~").by("§2.0.10", "blocked");
    // From a stepping stone it flailed onto, its second move is an ordinary one within the
    // stone's measure (R-FLAIL): refused there for what blocks it, not for where a flail lands.
    let stone = pos(
        &r,
        &[
            (White, "Self", "Y6"),
            (White, "Lantern", "Y2"),
            (White, "Engagement", "Y10"),
            (White, "Engagement", "Y11"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    refuse(&r, &stone, "LY10~ LY12").by("§2.0.10", "blocked");
}

fn capture_position(r: &veney_rules::Rules, with_white_sword: bool) -> veney_rules::Position {
    let mut pieces = vec![
        (White, "Self", "Y2"),
        (White, "Cloak", "W5"),
        (Black, "Self", "Y14"),
        (Black, "Sword", "X7"),
        (Black, "Dagger", "Z12"),
    ];
    if with_white_sword {
        pieces.push((White, "Sword", "X4"));
    }
    pos(r, &pieces, White)
}

#[test]
fn the_cloak_captures_a_blade_and_pins_it() {
    // §2.0.06 Blade Capture: "it sits atop the blade and keeps it pinned in one place. The owner of
    // the captured blade may not immediately free it. They must spend a later turn … The Cloak is
    // then destroyed." Written `CX7~` (§2.0.R5 `CZ12~`).
    let r = rules();
    let mut p = capture_position(&r, false);
    assert!(
        notations_from(&r, &p, "W5").contains(&"CX7~".to_string()),
        "{:?}",
        notations_from(&r, &p, "W5")
    );
    play(&r, &mut p, "CX7~");
    let sword = r.set(Black).by_name("Sword").unwrap();
    assert_eq!(p.pieces(Black, sword).count(), 0);
    assert_eq!(
        veney_rules::special::disarm::blades_on_board(&r, &p, Black),
        2,
        "still on the board, pinned"
    );
    veney_rules::invariants::check(&r, &p).unwrap();
    // Not immediately; no Black piece may attack the Cloak.
    assert!(!notations(&r, &p).iter().any(|n| n.starts_with('$')));
    assert!(
        !notations(&r, &p).iter().any(|n| n.contains("X7")),
        "{:?}",
        notations(&r, &p)
    );
    play(&r, &mut p, "SY15");
    play(&r, &mut p, "SY1");
    // A later turn: the Sword moves off; the Cloak is destroyed.
    assert!(
        notations(&r, &p).contains(&"$X9".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    play(&r, &mut p, "$X9");
    let cloak = r.set(White).by_name("Cloak").unwrap();
    assert_eq!(p.discard(White, cloak), 1);
    assert_eq!(p.pieces(Black, sword).first(), Some(sq("X9")));
    veney_rules::invariants::check(&r, &p).unwrap();
}

#[test]
fn the_cloak_may_step_off_but_not_from_capture_to_capture() {
    // "its owner may move it back off, releasing the blade and saving the Cloak"; "You may not make
    // a move with the Cloak that begins and ends with blade capture."
    let r = rules();
    let mut p = capture_position(&r, false);
    play(&r, &mut p, "CX7~");
    play(&r, &mut p, "SY15");
    // The Dagger on Z12 is not a knight's move away from X7, so put one there: Y9 is.
    let froms = notations_from(&r, &p, "X7");
    assert!(
        froms
            .iter()
            .all(|n| !n.contains('~') && !n.starts_with('~')),
        "{froms:?}"
    );
    play(&r, &mut p, "CW5");
    let sword = r.set(Black).by_name("Sword").unwrap();
    assert_eq!(p.pieces(Black, sword).first(), Some(sq("X7")), "released");
    let cloak = r.set(White).by_name("Cloak").unwrap();
    assert_eq!(p.pieces(White, cloak).first(), Some(sq("W5")));
}

/// The Ceremonial Guard (two Cloaks) against the Aristocrat: White's Cloak on Z5 holds Black's
/// Dagger since turn count 126; White's other Cloak stands on X5; `rank7` holds Black's Sword
/// (and Cloak, or it is on X16).
fn two_cloaks_position(r: &veney_rules::Rules, rank7: &str) -> veney_rules::Position {
    let rank16 = if rank7.contains('c') { "4" } else { "1c2" };
    veney_rules::Position::from_text(
        r,
        &format!(
            "{rank16}/1b2/4/4/4/2s1/W2e/2@1/L2R/{rank7}/2G1/1CSC/4/1E2/4/4 w EEEG/eee turns=132 \
             pinned=d:Z5:126 sets=Ceremonial_Guard/Aristocrat quiet=5 freefrom=X9:0"
        ),
    )
    .unwrap()
}

#[test]
fn two_cloaks_each_hold_a_blade() {
    // §2.0.06 Blade Capture: "The Cloak can attack the Sword or Dagger without taking or fending
    // it; instead, it sits atop the blade and keeps it pinned in one place." The text has one
    // Cloak a side and sets no limit; with two (the Ceremonial Guard) each may hold a blade
    // (ruling R-BLADE-CAPTURE). (A seeded random game once captured a second blade while the
    // app kept one capture a side, and the first pinned blade vanished.)
    let r = game("ceremonial", "aristocrat");
    // Black's Cloak on Y7 is a knight's move from Z5.
    let mut p = two_cloaks_position(&r, "w1cR");
    assert!(
        notations_from(&r, &p, "X5").contains(&"CW7~".to_string()),
        "{:?}",
        notations_from(&r, &p, "X5")
    );
    play(&r, &mut p, "CW7~");
    veney_rules::invariants::check(&r, &p).unwrap();
    assert_eq!(
        veney_rules::special::disarm::blades_on_board(&r, &p, Black),
        2,
        "both pinned, both still on the board"
    );
    assert!(p.outcome().is_none());
    // The position text keeps both, in square order, and reads back the same.
    let text = p.to_text(&r);
    assert!(text.contains(" pinned=d:Z5:126,w:W7:132"), "{text}");
    assert_eq!(veney_rules::Position::from_text(&r, &text).unwrap(), p);
    // A text pinning two blades on one square says so.
    let twice = text.replace("pinned=d:Z5:126,w:W7:132", "pinned=d:Z5:126,w:Z5:132");
    let e = veney_rules::Position::from_text(&r, &twice).unwrap_err();
    assert!(
        e.to_string()
            .contains("two of Black's blades are pinned on Z5"),
        "{e}"
    );
    // No Black piece may attack either Cloak ("not with an attack from another piece"): Black's
    // Cloak on Y7 fends White's Cloak on Z5 when it holds nothing (the control: the same
    // position without the Dagger's pin), not while it holds the Dagger.
    let control = text.replace("pinned=d:Z5:126,w:W7:132", "pinned=w:W7:132");
    let control = veney_rules::Position::from_text(&r, &control).unwrap();
    let from_y7 = notations_from(&r, &control, "Y7");
    assert!(from_y7.iter().any(|n| n.contains("Z5")), "{from_y7:?}");
    let black = notations(&r, &p);
    assert!(
        !black.iter().any(|n| n.contains("Z5") || n.contains("W7")),
        "{black:?}"
    );
    // The Dagger was captured six turns ago: Black may free it now, not the Sword ("may not
    // immediately free it"). Freeing destroys that Cloak alone.
    assert!(notations_from(&r, &p, "W7").is_empty(), "not the Sword yet");
    let from_z5 = notations_from(&r, &p, "Z5");
    assert!(!from_z5.is_empty(), "the Dagger may be freed");
    play(&r, &mut p, &from_z5[0]);
    veney_rules::invariants::check(&r, &p).unwrap();
    let cloak = r.set(White).by_name("Cloak").unwrap();
    assert_eq!(p.discard(White, cloak), 1, "the Cloak on Z5 is destroyed");
    assert!(
        p.to_text(&r).contains(" pinned=w:W7:132"),
        "{}",
        p.to_text(&r)
    );
}

#[test]
fn a_cloak_holding_a_blade_captures_no_other() {
    // "You may not make a move with the Cloak that begins and ends with blade capture." Black's
    // Sword on Y7 is a knight's move from both White Cloaks: the free one on X5 may capture it,
    // the one on Z5 holding the Dagger may not.
    let r = game("ceremonial", "aristocrat");
    let p = two_cloaks_position(&r, "2wR");
    let from_x5 = notations_from(&r, &p, "X5");
    assert!(from_x5.contains(&"CY7~".to_string()), "{from_x5:?}");
    let from_z5 = notations_from(&r, &p, "Z5");
    assert!(!from_z5.iter().any(|n| n.contains("Y7")), "{from_z5:?}");
    refuse(&r, &p, "CZY7~").by("§2.0.06 Cloak", "may not begin and end with blade capture");
}

#[test]
fn your_blade_does_not_leap_your_cloak_while_it_captures() {
    // §2.0.06: "Your blade/s may not leap over your Cloak while it captures (because they cannot
    // leap an opponent's piece)." White's Sword on X4 leaps its own pieces, but not its Cloak
    // holding Black's Sword on X7.
    let r = rules();
    let mut p = capture_position(&r, true);
    // Control: an own engagement on X7 is leapt.
    let control = pos(
        &r,
        &[
            (White, "Self", "Y2"),
            (White, "Cloak", "W5"),
            (White, "Sword", "X4"),
            (White, "Engagement", "X7"),
            (Black, "Self", "Y14"),
            (Black, "Dagger", "Z12"),
        ],
        White,
    );
    let beyond = |d: &[String]| d.iter().any(|s| s == "X8");
    assert!(
        beyond(&dests(&r, &control, "X4")),
        "{:?}",
        dests(&r, &control, "X4")
    );
    play(&r, &mut p, "CX7~");
    play(&r, &mut p, "SY15");
    let d = dests(&r, &p, "X4");
    assert!(!beyond(&d), "{d:?}");
    assert!(
        d.iter().any(|s| s == "X6"),
        "short of the Cloak the Sword still moves: {d:?}"
    );
    // Refused by §2.0.06's rule, which is what stops it ("Your blade/s may not leap over your
    // Cloak while it captures"; a review found §2.0.03's "blocked" named).
    refuse(&r, &p, "$X8").by("§2.0.06", "while it captures");
}

#[test]
fn disarming_a_captured_blade_fends_the_cloak() {
    // "Blade capture is an attack on the blade, thus it may contribute to disadvantage … Disarming
    // a captured blade fends the Cloak."
    let r = rules();
    let mut p = capture_position(&r, true);
    play(&r, &mut p, "CX7~");
    play(&r, &mut p, "SY15");
    assert!(
        notations_from(&r, &p, "X4").contains(&"$tX7".to_string()),
        "{:?}",
        notations_from(&r, &p, "X4")
    );
    play(&r, &mut p, "$tX7");
    let sword = r.set(Black).by_name("Sword").unwrap();
    let cloak = r.set(White).by_name("Cloak").unwrap();
    assert_eq!((p.discard(Black, sword), p.reserve(White, cloak)), (1, 1));
    assert!(p.outcome().is_none(), "Black keeps its Dagger");
    veney_rules::invariants::check(&r, &p).unwrap();
}

#[test]
fn a_dagger_lifted_in_concert_still_has_the_sword_beside_it() {
    // §2.0.08 Persistence (R-DISARM): the Dagger disarms only while it is its side's only blade
    // on the board. A concert partner in hand (R-CONCERT) has not left the board for that count.
    let r = rules();
    let base = [
        (White, "Self", "Y4"),
        (White, "Dagger", "X5"),
        (Black, "Self", "W16"),
        (Black, "Guard", "W6"),
    ];
    let mut with_sword = base.to_vec();
    with_sword.push((White, "Sword", "Z1"));
    let p = pos(&r, &with_sword, White);
    refuse(&r, &p, "SY5 DtW6").by("§2.0.14 Disarm", "last blade");
    refuse(&r, &p, "SX5 DtW6").by("§2.0.14 Disarm", "last blade");
    // The control: without the Sword the lifted Dagger disarms.
    let mut q = pos(&r, &base, White);
    play(&r, &mut q, "SX5 DtW6");
    let guard = r.set(Black).by_name("Guard").unwrap();
    assert_eq!(q.discard(Black, guard), 1);
}

#[test]
fn lifting_a_concert_partner_is_no_contact() {
    // Ruling R-NO-CONTEST: a turn with nothing taken, fended, struck, thrown or glared counts
    // towards the draw by no contest (§2.0.20). The Self landing on its own partner takes nothing.
    let r = rules();
    let base = [
        (White, "Self", "Y4"),
        (White, "Dagger", "X5"),
        (Black, "Self", "W16"),
    ];
    let mut lift = pos(&r, &base, White);
    play(&r, &mut lift, "SX5 DW6");
    let mut step = pos(&r, &base, White);
    play(&r, &mut step, "SY5 DW6");
    assert_eq!(step.quiet_turns(), 1);
    assert_eq!(lift.quiet_turns(), 1, "the lift is no contact");
}

#[test]
fn a_feign_onto_a_fire_dance_square_is_the_whole_double_move() {
    // §2.0.15: "The special ability Feign is a double-move"; "a maximum of one or two moves total
    // in a turn". The Cloak that feigns onto the caster's Fire Dance square (§2.0.18) moves no
    // further.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Cloak", "W5"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    let p = veney_rules::Position::from_text(&r, &format!("{} casts=wFX6", p.to_text(&r))).unwrap();
    assert!(
        notations(&r, &p).contains(&"CX6~SW5".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    let mut q = p;
    let t = veney_rules::notation::parse_turn(&r, &q, "CX6~SW5", 1).unwrap();
    q.play(&r, t[0]).unwrap();
    assert_eq!(
        q.turn(),
        Black,
        "no move from the Fire Dance square after a feign"
    );
    // The control: an ordinary move onto the square is a stepping stone.
    let mut q = veney_rules::Position::from_text(
        &r,
        &format!(
            "{} casts=wFW4",
            pos(
                &r,
                &[
                    (White, "Self", "X6"),
                    (White, "Cloak", "Y3"),
                    (Black, "Self", "Y14")
                ],
                White
            )
            .to_text(&r)
        ),
    )
    .unwrap();
    let t = veney_rules::notation::parse_turn(&r, &q, "CW4", 1).unwrap();
    q.play(&r, t[0]).unwrap();
    assert_eq!(
        q.turn(),
        White,
        "the Cloak may move on from the Fire Dance square"
    );
}

#[test]
fn a_blade_may_strike_over_its_possessed_free_engagement() {
    // §2.0.05: "Possession also allows a player to leap over the free engagement with a blade."
    // The declared strike (§2.0.11) reads the same attacks as the move.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X5"),
            (White, "Jutsu", "W5"),
            (Black, "Cloak", "X7"),
            (Black, "Self", "W16"),
        ],
        White,
    )
    .with_free_on(sq("X6"));
    assert!(
        dests(&r, &p, "X5").contains(&"X7".to_string()),
        "the move leaps it"
    );
    assert!(
        notations(&r, &p).contains(&"!$fX7".to_string()),
        "{:?}",
        notations(&r, &p)
    );
}

#[test]
fn the_dagger_too_leaps_its_possessed_free_engagement() {
    // §2.0.05: "Possession also allows a player to leap over the free engagement with a blade";
    // §2.0.R4 "Blade: either the Sword piece or the Dagger piece". The Dagger, which otherwise
    // "cannot leap" (§2.0.08), leaps it: the particular sentence (R-STONE-FREE). Not an
    // unpossessed one, nor any other piece in the way.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X5"),
            (White, "Jutsu", "W5"),
            (Black, "Cloak", "X7"),
            (Black, "Self", "W16"),
        ],
        White,
    )
    .with_free_on(sq("X6"));
    assert!(
        dests(&r, &p, "X5").contains(&"X7".to_string()),
        "{:?}",
        dests(&r, &p, "X5")
    );
    assert!(
        notations(&r, &p).contains(&"!DfX7".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    // Black's free engagement (on a dark square, X7) is not leapt, nor is an engagement.
    let q = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X6"),
            (Black, "Cloak", "X8"),
            (Black, "Self", "W16"),
        ],
        White,
    )
    .with_free_on(sq("X7"));
    assert!(!dests(&r, &q, "X6").contains(&"X8".to_string()));
    let e = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X5"),
            (White, "Engagement", "X6"),
            (Black, "Cloak", "X7"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(!dests(&r, &e, "X5").contains(&"X7".to_string()));
}

#[test]
fn a_pinned_blade_is_freed_by_an_ordinary_move_not_a_duel() {
    // §2.0.06: "They must spend a later turn if they wish to remove the Cloak"; R-BLADE-CAPTURE:
    // the blade leaves by one of its ordinary moves. A Cavazione or Opposition from under the
    // Cloak (a duel with the Dagger beside it) is no way out (a review found it offered).
    let r = rules();
    let base = pos(
        &r,
        &[
            (White, "Self", "X8"),
            (Black, "Self", "Y14"),
            (Black, "Cloak", "X10"),
            (Black, "Dagger", "Y11"),
        ],
        White,
    );
    // White's Sword pinned under the Cloak on X10 since turn 0, long enough to be freed.
    let text = format!("{} pinned=W:X10:0 turns=6", base.to_text(&r)).replacen("W", "", 1);
    let p = veney_rules::Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let frees: Vec<Action> = p
        .legal_actions(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Move(m) if m.from == sq("X10")))
        .collect();
    assert!(!frees.is_empty(), "the Sword may be freed");
    assert!(
        frees.iter().all(|a| matches!(a, Action::Move(m)
            if !matches!(m.effect, Effect::Cavazione(_) | Effect::Opposition(..)))),
        "{frees:?}"
    );
}

#[test]
fn a_pinned_blades_refused_move_is_refused_for_its_own_reason() {
    // §2.0.06 Blade Capture: "The owner of the captured blade may not immediately free it. They
    // must spend a later turn if they wish to remove the Cloak". Black's Sword is pinned under
    // White's Cloak on Y13 (R-BLADE-CAPTURE: "still on the board for every count"). A review
    // found every refused freeing move told "you have no Sword on Y13".
    let r = rules();
    let text = "4/4/4/bsCc/eeee/4/4/4/4/4/4/EEEE/1WSB/4/4/4 b DGLJR/dgljr pinned=w:Y13:0";
    // Freeable (turns=7): a move off the Sword's pattern is refused by the Sword's own rule.
    let p = veney_rules::Position::from_text(&r, &format!("{text} turns=7")).unwrap();
    let why = refuse(&r, &p, "$W1");
    assert!(!why.message.contains("you have no"), "{}", why.message);
    why.by("§2.0.03", "Sword");
    // Captured on the turn before (turns=1): not yet, for Blade Capture's "not immediately".
    let p = veney_rules::Position::from_text(&r, &format!("{text} turns=1")).unwrap();
    refuse(&r, &p, "$Y12").by("§2.0.06 Blade Capture", "may not be freed immediately");
}

#[test]
fn opposition_and_cavazione_need_both_blades_on_the_one_side() {
    // §2.0.03 Opposition: "both on your side of the board … without moving your Sword beyond the
    // center line"; Cavazione: "both on your opponent's side of the board".
    let r = rules();
    let effects = |p: &veney_rules::Position| -> Vec<Effect> {
        p.legal_actions(&r)
            .iter()
            .filter_map(|a| a.as_move().map(|m| m.effect))
            .collect()
    };
    // The Self on Z6 lets the Sword range to step 12: the centre line alone stops the push at
    // X8 (a review found the only test's Self on Z2 stopping it by the range constraint too).
    let p = pos(
        &r,
        &[
            (White, "Self", "Z6"),
            (White, "Sword", "X3"),
            (Black, "Sword", "X5"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    let n = notations_from(&r, &p, "X3");
    for want in ["$X5~", "$X6~", "$X7~", "$X8~"] {
        assert!(n.contains(&want.to_string()), "{want} missing from {n:?}");
    }
    for beyond in ["$X9~", "$X10~", "$X11~", "$X12~"] {
        assert!(!n.contains(&beyond.to_string()), "{beyond} in {n:?}");
    }
    // The pusher on its own side, the opposing blade across the line: no opposition.
    let p = pos(
        &r,
        &[
            (White, "Self", "Z6"),
            (White, "Sword", "X7"),
            (Black, "Sword", "X9"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert!(
        !effects(&p)
            .iter()
            .any(|e| matches!(e, Effect::Opposition(..))),
        "{:?}",
        effects(&p)
    );
    // The Sword across the line, the opposing blade on White's side, adjacent: no cavazione.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X9"),
            (Black, "Sword", "X8"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert!(
        !effects(&p)
            .iter()
            .any(|e| matches!(e, Effect::Cavazione(_))),
        "{:?}",
        effects(&p)
    );
}

/// §2.0.14 B: "disadvantaged under attack from a blade and direct attack from a technical piece
/// simultaneously" — the support is judged as the board stands before the blade moves
/// (R-DISARM-B), so the Sword on X7 blocks the Guard's line to X9 whether or not the Self's
/// concert lunge lifted it first: `SY6 $tX9` (the Self passing over X7) disarms no more than
/// `$tX9` or `SW7 $tX9` (a review found it the only checkmate).
#[test]
fn a_concert_lift_does_not_open_a_supports_line() {
    let r = rules();
    let p = veney_rules::Position::from_text(
        &r,
        "4/4/4/4/4/3s/4/1w2/S3/1W2/4/4/4/1G2/4/4 w EEEEDLJCBR/eeeedgljcbr turns=20",
    )
    .unwrap();
    for turn in ["$tX9", "SW7 $tX9", "SY6 $tX9"] {
        refuse(&r, &p, turn).by("§2.0.14", "it is neither");
    }
}
