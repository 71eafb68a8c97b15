//! Refusals name the rule that refuses; the tests' `refuse` helper fails on a typo in the test's
//! own turn instead of taking the parse error for a refusal.
mod common;
use common::*;
use veney_rules::Position;

#[test]
fn a_special_moving_two_pieces_is_never_a_second_move() {
    // §2.0.15: "Note that you can never use a special ability involving two of your own pieces
    // as the second move in a double-move, because the special ability isn't one move; it's a
    // double-move."
    let r = rules();
    // Feign (§2.0.06): the Cloak steps from X2 onto its engagement on Z3, which lets it move
    // again; trading places with the Self on Y4 would be a second, two-piece move.
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/4/4/4/4/2S1/3E/1C2/4 w EEE/eeee").unwrap();
    assert!(notations(&r, &p).contains(&"CZ3".to_string()));
    for turn in ["CZ3 CY4~SZ3", "CZ3 CY4"] {
        let why = refuse(&r, &p, turn);
        why.by(
            "§2.0.15 Double-Moves",
            "never the second move of a double-move",
        );
        assert!(why.contains("Feign"), "{why}");
        assert!(!why.contains("does not move"), "{why}");
    }
    // As the turn's one action it is allowed.
    let q = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/4/4/4/4/2SC/4/4/4 w EEEE/eeee").unwrap();
    assert!(notations(&r, &q).contains(&"CY4~SZ4".to_string()));
    // Shift (§2.0.07): the Balance steps from W2 onto its engagement on X3, then would trade
    // places with the Sword on X4.
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/4/4/4/4/1WS1/1E2/B3/4 w EEE/eeee").unwrap();
    assert!(notations(&r, &p).contains(&"BX4~$W2".to_string()));
    let why = refuse(&r, &p, "BX3 BX4~$X3");
    why.by(
        "§2.0.15 Double-Moves",
        "never the second move of a double-move",
    );
    assert!(why.contains("Shift"), "{why}");
}

#[test]
#[should_panic(expected = "is not notation")]
fn a_typo_in_the_tests_own_turn_fails_the_test() {
    // `$X17` is no square: before, the parse error passed for a refusal.
    let r = rules();
    refuse(&r, &Position::start(&r), "SY3 $X17");
}

#[test]
#[should_panic(expected = "was accepted")]
fn a_turn_the_rules_accept_fails_a_refusal_test() {
    let r = rules();
    refuse(&r, &Position::start(&r), "SY3");
}

#[test]
#[should_panic(expected = "refused by")]
fn a_refusal_by_another_rule_fails_the_test() {
    // The Self cannot retreat from Y4: refused by the retreat rule, not by passing.
    let r = rules();
    refuse(&r, &Position::start(&r), "==").by("§2.0.17", "");
}

/// The refusal of `a` in `p`: (its section, its message).
fn refused(r: &veney_rules::Rules, p: &Position, a: veney_rules::Action) -> (String, String) {
    let mut q = *p;
    let e = q.play(r, a).expect_err("refused");
    (e.section.to_string(), e.to_string())
}

#[test]
fn a_phase_waiting_for_one_action_says_so_of_any_other() {
    // A review found a pass refused during a throw's roll as "two passes in a row already"
    // (§2.0.17), and a withdrawal there as "your only remaining blade" (§2.0.13).
    use veney_rules::{Action, Phase};
    let r = rules();
    let engagement = r.set(White).by_name("Engagement").unwrap();
    let others = |p: &Position| {
        let e = p.pieces(White, engagement).next();
        let mut v = vec![Action::Pass, Action::Retreat];
        v.extend(e.map(|from| Action::Withdraw {
            kind: engagement,
            from,
        }));
        v
    };
    // §2.0.08: the Dagger thrown, its roll comes next.
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Dagger", "X5"),
            (White, "Sword", "W3"),
            (White, "Engagement", "Z3"),
            (Black, "Self", "X14"),
            (Black, "Engagement", "X10"),
        ],
        White,
    )
    .without_reserves();
    let throw = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| matches!(a, Action::Throw { .. }))
        .expect("a throw");
    p.play(&r, throw).unwrap();
    assert!(matches!(p.phase(), Phase::Throw { .. }));
    for a in others(&p).into_iter().chain([Action::EndTurn]) {
        let (section, why) = refused(&r, &p, a);
        assert_eq!(section, "§2.0.08 Dagger Throw", "{a:?}: {why}");
        assert!(why.contains("its roll comes first"), "{a:?}: {why}");
    }
    // §2.0.08: after the distraction, the repositionings or the turn's end.
    for a in veney_rules::notation::parse_turn(&r, &p, "@ooxoo", 1).unwrap() {
        p.play(&r, a).unwrap();
    }
    assert!(
        matches!(p.phase(), Phase::Distraction { .. }),
        "{:?} {}",
        p.phase(),
        p.to_text(&r)
    );
    for a in others(&p) {
        let (section, why) = refused(&r, &p, a);
        assert_eq!(section, "§2.0.08 Dagger Throw", "{a:?}: {why}");
        assert!(
            why.contains("repositioned once, or the turn ended"),
            "{a:?}: {why}"
        );
    }
    // §2.0.23: the Donkey moves first.
    let mut o = r.options.clone();
    o.donkey = true;
    let dr = veney_rules::Rules::standard_with(o);
    let text = "4/4/1s2/4/4/4/4/4/4/4/4/4/4/4/2S1/4 w EEEE/eeee donkey=bX8 donkeymove=b";
    let p = Position::from_text(&dr, text).unwrap();
    assert!(matches!(p.phase(), Phase::DonkeyMove { .. }));
    for a in [Action::Pass, Action::EndTurn] {
        let (section, why) = refused(&dr, &p, a);
        assert_eq!(section, "§2.0.23 The Donkey", "{a:?}: {why}");
        assert!(why.contains("the Donkey moves first"), "{a:?}: {why}");
    }
}

#[test]
fn a_disarm_is_refused_for_what_fails_it() {
    // §2.0.14 Disarm: the target "overextended" (A) or disadvantaged (B); "Your attacking blade
    // should, of course, stay within range constraints while performing the disarm". A review
    // found a blade out of its own range refused as if the target were not overextended.
    let r = rules();
    // Black's Guard on X9 is far from its Self on Y16: overextended. White's Sword cannot
    // reach X9 within its own range from its Self on Y4.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X8"),
            (Black, "Self", "Y16"),
            (Black, "Guard", "X9"),
        ],
        White,
    );
    let why = refuse(&r, &p, "$X9");
    assert!(why.message.contains("range constraint"), "{why}");
    assert!(!why.message.contains("neither"), "{why}");
    // The Guard beside its Self, nothing of White's attacking it: neither condition.
    let q = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X8"),
            (Black, "Self", "X10"),
            (Black, "Guard", "X9"),
        ],
        White,
    );
    refuse(&r, &q, "$X9").by("§2.0.14 Disarm", "it is neither");
}

#[test]
fn glare_after_two_passes_is_refused_by_the_passing_rule() {
    // §2.0.17 Passing: after two passes in a row "the first player who passed must now make a
    // move on the board"; "The three immaterial actions (meta-move, intention, and glare) will
    // not suffice to respond to this forced move." (The refusal cited §2.0.16 before.)
    use veney_rules::Action;
    let r = rules();
    let text = "4/4/4/ws2/eeee/4/3j/4/1L2/4/4/EEEE/1WS1/4/4/4 w CBDGJR/cbdglr";
    let open = Position::from_text(&r, text).unwrap();
    let glare = open
        .legal_actions(&r)
        .into_iter()
        .find(|a| matches!(a, Action::Glare { .. }))
        .expect("glare is open with no pass before");
    let forced = Position::from_text(&r, &format!("{text} passes=2")).unwrap();
    let (section, why) = refused(&r, &forced, glare);
    assert_eq!(section, "§2.0.17 Passing", "{why}");
    assert!(why.contains("will not suffice"), "{why}");
}

/// After one repositioning of the Obscurant Chaos invocation (the Self's, here), a placement or
/// a withdrawal is refused by the invocation: "all one move, but incidentally it can never be
/// linked to further moves on one turn" (§2.0.15) — a review found them refused as "cannot be
/// placed" and as the Guard being "your only remaining blade".
#[test]
fn after_a_repositioning_nothing_but_the_other_repositioning_or_the_end() {
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/4/1s2/4/4/4/4/4/4/4/1G2/1S2/4/4/1W2 w EEEE/eeee distraction=S reposition=10:t",
    )
    .unwrap();
    for turn in ["*G", "e*W5"] {
        let why = refuse(&r, &p, turn);
        why.by(
            "§2.0.18 Devices: Obscurant Chaos",
            "never linked to further moves",
        );
        assert!(!why.contains("only remaining blade"), "{why}");
    }
}

/// The free engagement is no piece of the side to move: in a dying move (§2.0.20, R-DYING
/// "moves of its pieces on the board only") and after a distraction (§2.0.08, §2.0.18) its move
/// is refused by that rule — a review found both refused by its own movement (§2.0.05), the
/// square one step away and open.
#[test]
fn the_free_engagement_is_refused_by_the_dying_move_and_the_distraction() {
    let r = rules();
    // Black, mated by touch, possesses the free engagement on X9 (a dark square).
    let dying = Position::from_text(
        &r,
        "4/4/4/bDwc/eeee/4/4/1@2/4/4/4/EEEE/CWSB/4/4/4 b GLJR/dgljr turns=1 over=touch:w dying=b:X13",
    )
    .unwrap();
    refuse(&r, &dying, "aW8").by("§2.0.20 Dying Moves", "no piece of yours");
    // Nor does it enter play (a review found "the Self cannot move" said of it).
    let out = Position::from_text(
        &r,
        "4/4/4/bDwc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b GLJR/dgljr turns=1 over=touch:w dying=b:X13",
    )
    .unwrap();
    refuse(&r, &out, "aX8").by("§2.0.20 Dying Moves", "no piece of yours");
    // A pass, a meta-move, the quibbling reset: each in R-DYING's words, not "the Self cannot
    // move" (a review found it said of them).
    let mated = Position::from_text(
        &r,
        "4/4/4/4/4/4/1W2/3w/4/4/S3/4/4/4/4/4 b EEEE/eeee turns=1 dying=b:X10 over=touch:w",
    )
    .unwrap();
    refuse(&r, &mated, "---").by("§2.0.20 Dying Moves", "it is not passed (R-DYING)");
    refuse(&r, &mated, "a+").by("§2.0.20 Dying Moves", "no meta-move or reset");
    // White's throw distracted: the Self and the Sword are repositioned, nothing else.
    let distracted = Position::from_text(
        &r,
        "4/4/4/1s2/4/4/4/4/1@2/4/4/4/1WS1/4/4/4 w EEEE/eeee distraction=-",
    )
    .unwrap();
    refuse(&r, &distracted, "aX7").by(
        "§2.0.08 Dagger Throw",
        "repositioned once, or the turn ended",
    );
    // After an Obscurant Chaos repositioning, the rearrangement is all one move.
    let rearranged = Position::from_text(
        &r,
        "4/4/4/1s2/4/4/4/1@2/4/4/4/1G2/1S2/4/4/1W2 w EEEE/eeee distraction=S reposition=10:t",
    )
    .unwrap();
    refuse(&r, &rearranged, "aX8").by(
        "§2.0.18 Devices: Obscurant Chaos",
        "never linked to further moves",
    );
}

/// Ending the turn with no move made after two passes in a row: the answer says to move, not
/// "make a move or pass" (§2.0.17: the first player who passed must now move).
#[test]
fn ending_the_turn_after_two_passes_says_to_move() {
    let r = rules();
    let start = Position::start(&r).to_text(&r);
    let p = Position::from_text(&r, &format!("{start} passes=2")).unwrap();
    let why = veney_rules::untenable::explain(&r, &p, &veney_rules::Action::EndTurn);
    assert!(why.to_string().contains("make a move"), "{why}");
    assert!(!why.to_string().contains("or pass"), "{why}");
}

#[test]
fn a_feign_from_afar_is_refused_for_adjacency() {
    // §2.0.06 Feign: "When the Cloak and the Self are adjacent to one another (orthogonally or
    // diagonally) they can switch places". The Cloak on W5 is not next to the Self on Y4: the
    // refusal names that, not "occupied by your own piece" (a review found it so).
    let r = rules();
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/4/4/4/C3/1WS1/4/4/4 w EEEE/eeee").unwrap();
    let why = refuse(&r, &p, "CY4~SW5");
    why.by("§2.0.06 Cloak: Feign", "only when the two are adjacent");
    assert!(!why.contains("occupied"), "{why}");
}

#[test]
fn a_deflection_refused_names_the_condition_it_fails() {
    // §2.0.09 Guard: "The Guard is able to deflect an armament and push it away if there is at
    // least one open square immediately behind the latter and as long as the Guard doesn't move
    // outside its constraints." Each refusal names the condition (a review found both refused
    // with "acts on the Sword only by deflection").
    let r = rules();
    // Black's Sword on X5 with its engagement on X6 behind it: nowhere to push it.
    let p =
        Position::from_text(&r, "4/4/4/2s1/4/4/4/4/4/4/1e2/1w2/1G2/2S1/4/4 w EEEE/eee").unwrap();
    refuse(&r, &p, "GX5~").by(
        "§2.0.09 Guard: Deflection",
        "open square immediately behind",
    );
    // Black's Sword on X6, White's Self on Y3: the Guard's range ends at step 5.
    let p = Position::from_text(&r, "4/4/4/2s1/4/4/4/4/4/4/1w2/4/1G2/2S1/4/4 w EEEE/eeee").unwrap();
    refuse(&r, &p, "GX6~").by("§2.0.09 Guard: Deflection", "outside its constraints");
}

#[test]
fn a_pinned_dagger_is_not_thrown_and_the_refusal_says_so() {
    // §2.0.06 Blade Capture: the Cloak "keeps it pinned in one place". White's Dagger lies under
    // Black's Cloak on Y8, in line with Black's Self on Y13: no throw is offered, and one asked
    // for is refused by the capture (a review found the turn's order blamed).
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/4/2s1/4/4/4/4/2c1/4/4/2S1/1W2/4/4/4 w EEEE/eeee pinned=D:Y8:0 turns=5",
    )
    .unwrap();
    assert!(
        !p.legal_actions(&r)
            .iter()
            .any(|a| matches!(a, veney_rules::Action::Throw { .. }))
    );
    let dagger = r.set(White).by_name("Dagger").unwrap();
    let why = veney_rules::untenable::explain(
        &r,
        &p,
        &veney_rules::Action::Throw {
            kind: dagger,
            from: sq("Y8"),
            target: sq("Y13"),
        },
    );
    assert!(why.section.starts_with("§2.0.06"), "{why}");
    assert!(
        why.reason.contains("pinned under the opposing Cloak"),
        "{why}"
    );
}

/// §2.0.R5 "t take", "f fend": a move written with the other mark is refused with the move
/// meant and how it is written — not as a move the piece cannot make (a review found `$tX12`,
/// a fend, refused as "the Sword cannot make that move").
#[test]
fn a_wrong_take_or_fend_mark_names_the_move_meant() {
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X8"),
            (White, "Sword", "X9"),
            (Black, "Engagement", "X12"),
            (Black, "Cloak", "Y10"),
            (Black, "Lantern", "W10"),
            (Black, "Self", "X14"),
        ],
        White,
    );
    let legal = notations(&r, &p);
    for ok in ["$fX12", "$fY10", "$tW10"] {
        assert!(legal.contains(&ok.to_string()), "{ok}: {legal:?}");
    }
    for (wrong, right) in [("$tX12", "$fX12"), ("$tY10", "$fY10"), ("$fW10", "$tW10")] {
        let why = refuse(&r, &p, wrong);
        why.by("§2.0.VII", &format!("it is written `{right}`"));
        assert!(!why.contains("cannot make"), "{why}");
    }
}

/// A mark on a move that neither takes nor fends is said to be so (a review found `StY3`, a
/// quiet move, told it "fends"); a move written from a line or step where none of the piece's
/// kind stands says so (a review found "you have no Self on the board").
#[test]
fn a_mark_or_an_origin_the_move_does_not_have_is_named() {
    let r = rules();
    let start = Position::start(&r);
    for wrong in ["StY3", "SfY3"] {
        let why = refuse(&r, &start, wrong);
        why.by("§2.0.VII", "it is written `SY3`");
        assert!(why.contains("neither takes nor fends"), "{why}");
    }
    let why = refuse(&r, &start, "SWY3");
    assert!(
        why.contains("you have no Self on the W-line") && why.contains("Y4"),
        "{why}"
    );
    let p =
        Position::from_text(&r, "4/4/4/1sw1/4/4/4/2@1/2e1/4/4/4/1WS1/4/4/4 w EEEE/eee").unwrap();
    assert!(notations(&r, &p).contains(&"aX8".to_string()));
    let why = refuse(&r, &p, "aWX8");
    assert!(!why.contains("untenable"), "{why}");
}

/// §2.0.05 The Free Engagement: a typed move of the free engagement that is refused names the
/// rule, as a click does (a review found "no tenable move matches" for each).
#[test]
fn a_refused_free_engagement_move_names_its_rule() {
    let r = rules();
    let p =
        Position::from_text(&r, "4/4/4/1sw1/4/4/4/1@2/2e1/4/4/4/1WS1/4/4/4 w EEEE/eee").unwrap();
    // On X9, a square of Black's colour: White may not move it.
    refuse(&r, &p, "aX8").by("§2.0.05", "opponent's colour");
    let start = Position::start(&r);
    // Entering onto a square its point does not touch; entering as a second move.
    let why = refuse(&r, &start, "aW1");
    why.by("§2.0.05", "");
    assert!(!why.contains("no tenable move matches"), "{why}");
    refuse(&r, &start, "SY3 aX8").by("§2.0.15", "second move");
}

/// §2.0.18 Devices: Shima — "retreat and reset are now impossible": a retreat under Shima is
/// refused by Shima, not by the opposing Self's whereabouts (§2.0.02; a review found that
/// blamed, Black's Self on its own side).
#[test]
fn a_retreat_under_shima_is_refused_by_shima() {
    let r = rules();
    let text = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CW1B/4/4/2S1 w D/d";
    let free = Position::from_text(&r, text).unwrap();
    assert!(
        notations(&r, &free).contains(&"==".to_string()),
        "it retreats without Shima"
    );
    let p = Position::from_text(&r, &format!("{text} shima=1")).unwrap();
    let (section, why) = refused(&r, &p, veney_rules::Action::Retreat);
    assert_eq!(section, "§2.0.18 Devices: Shima", "{why}");
    assert!(
        why.contains("retreat and reset are now impossible"),
        "{why}"
    );
}

/// §2.0.11 Intention: "If you disregard your prior intention by making any other move, the
/// intention is forfeit"; the strike comes first, or second after a Self move in concert
/// (R-INTENTION). After another move it is refused for that, not for the blade's range (a
/// review found "does not strike X9 from where it stands now", X9 in range).
#[test]
fn a_strike_after_another_move_is_refused_as_forfeit_not_as_out_of_range() {
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/2s1/4/4/4/J3/1c2/1W2/4/4/2E1/4/1C2/1S2/4 w EEE/eeee turns=2 intention=W:X8:X9:c:0",
    )
    .unwrap();
    assert!(
        notations(&r, &p).contains(&"$fX9!".to_string()),
        "the strike is open first"
    );
    for turn in ["CY5 $fX9!", "CW1 $fX9!"] {
        let why = refuse(&r, &p, turn);
        why.by("§2.0.11 Jutsu: Intention", "the intention is forfeit");
        assert!(!why.contains("does not strike"), "{turn}: {why}");
    }
}

/// §2.0.06 Cloak: Feign — "When the Cloak and the Self are adjacent to one another
/// (orthogonally or diagonally) they can switch places"; a capturing Cloak does not feign
/// (R-BLADE-CAPTURE). A Feign refused is refused for that, not as a move the Cloak "does not
/// make" (a review found both blamed on the Cloak's reach).
#[test]
fn a_feign_refused_names_adjacency_or_the_held_blade() {
    let r = rules();
    // The Self two squares along the step from the Cloak.
    let p = Position::from_text(&r, "4/4/2s1/4/4/4/4/4/4/4/4/4/C1S1/4/4/4 w EEEE/eeee").unwrap();
    let why = refuse(&r, &p, "CY4~SW4");
    why.by("§2.0.06 Cloak: Feign", "only when the two are adjacent");
    assert!(!why.contains("does not move"), "{why}");
    // Black's Cloak on Y4 holds White's Sword, its Self beside it on X5.
    let q = Position::from_text(
        &r,
        "4/4/4/4/4/4/4/4/4/4/4/1s2/2c1/4/1S2/4 b EEEE/eeee pinned=W:Y4:0",
    )
    .unwrap();
    let why = refuse(&r, &q, "CX5~SY4");
    why.by(
        "§2.0.06 Cloak: Blade Capture",
        "a capturing Cloak does not feign",
    );
    assert!(why.contains("Sword"), "{why}");
}

/// R-WITHDRAW: a blade pinned under the opposing Cloak is not withdrawn — "keeps it pinned in
/// one place" (§2.0.06) — and the refusal says so, not that no Dagger stands there (a review
/// found "you have no Dagger on Y6").
#[test]
fn a_pinned_blade_is_not_withdrawn_and_blade_capture_says_why() {
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/4/1sw1/eeee/4/4/4/4/4/2c1/EEEE/1WS1/4/4/4 w GJ/dg pinned=D:Y6:5 turns=6",
    )
    .unwrap();
    refuse(&r, &p, "*DY6").by("§2.0.06 Cloak: Blade Capture", "pinned in one place");
}

/// R-BLADE-CAPTURE: the Cloak holding your blade is attacked by none of your pieces; the
/// refusal says so (a review found "the Lantern cannot make that move now").
#[test]
fn an_attack_on_the_cloak_holding_your_blade_is_refused_by_blade_capture() {
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/4/4/4/4/4/4/4/2E1/L1c1/1S2/4/4/4/1s2 w EEE/eeee pinned=W:Y6:0",
    )
    .unwrap();
    for turn in ["LtY6", "SY6"] {
        let why = refuse(&r, &p, turn);
        why.by("§2.0.06 Cloak: Blade Capture", "holds your Sword");
    }
}

/// §2.0.14 Disarm, condition B: "The Balance's aspect of 'Control' may be invoked to prevent a
/// disarmament which would rely on the Jutsu attacking into a controlled measure." A disarm
/// held off by Control alone is refused by Control, not as a blade "neither overextended nor
/// disadvantaged" (a review found that said of a blade the Jutsu attacks).
#[test]
fn a_disarm_relying_on_the_jutsu_into_control_is_refused_by_control() {
    let r = rules();
    // Without Black's Balance (in reserve) there is no Control: the disarm is offered.
    let free = Position::from_text(
        &r,
        "4/4/2w1/1s1c/Je1e/4/2W1/3S/4/4/4/EEEE/C2B/4/4/4 w DGLR/eebdgljr",
    )
    .unwrap();
    assert!(
        notations(&r, &free).iter().any(|n| n.starts_with("$tY14")),
        "{:?}",
        notations(&r, &free)
    );
    let p = Position::from_text(
        &r,
        "4/4/2w1/bs1c/Je1e/4/2W1/3S/4/4/4/EEEE/C2B/4/4/4 w DGLR/eedgljr",
    )
    .unwrap();
    let why = refuse(&r, &p, "$tY14");
    why.by(
        "§2.0.07 Balance: Control",
        "disadvantaged only by your Jutsu",
    );
    assert!(!why.contains("it is neither"), "{why}");
}

/// §2.0.05: the free engagement enters play onto a square its point touches, taking and fending
/// nothing. An entry written with `f` or `t` is told so, with how it is written — not that the
/// empty square "is not open" (a review found that said of X9 at the start).
#[test]
fn an_entry_of_the_free_engagement_written_with_a_mark_is_told_how_to_write_it() {
    let r = rules();
    let p = Position::start(&r);
    assert!(notations(&r, &p).contains(&"aX9".to_string()));
    for turn in ["afX9", "atX9"] {
        let e = veney_rules::notation::parse_turn(&r, &p, turn, 1).unwrap_err();
        assert!(e.to_string().contains("it is written `aX9`"), "{turn}: {e}");
        assert!(!e.to_string().contains("not open"), "{turn}: {e}");
    }
}

/// §2.0.04 Engagements: "fends one step diagonally forward", a step straight onto an open
/// square; §2.0.VII: the Sword is never fended. A move against a piece's way is refused naming
/// that way, not as one it "cannot make now" (a review found the general words for each).
#[test]
fn moves_against_a_pieces_way_name_the_way() {
    let r = rules();
    let start = Position::start(&r);
    // The engagement's diagonal onto an empty square.
    let why = refuse(&r, &start, "eXY6");
    why.by("§2.0.04", "only to fend or take");
    // Straight into an opposing piece.
    let p = Position::from_text(&r, "4/4/4/bswc/eee1/4/4/4/4/4/1e2/EEEE/CWSB/4/4/4 w -").unwrap();
    let why = refuse(&r, &p, "eXX6");
    assert!(why.contains("only onto an open square"), "{why}");
    // The free engagement onto the Sword, which nothing fends.
    let q =
        Position::from_text(&r, "4/1s2/4/4/4/4/4/1bw1/1@2/4/4/4/4/1W2/2S1/4 w EEEE/eeee").unwrap();
    let why = refuse(&r, &q, "afY9");
    why.by("§2.0.VII Take or Fend", "cannot fend the Sword");
}

/// §2.0.18 Obscurant Chaos: after the trap is sprung the caster repositions the Self and a blade
/// "or instead make[s] a normal move". A normal move refused is refused by its own rule (the
/// Guard's range, §2.0.09), not as a repositioning outside an area it is inside; with no normal
/// move open (the cast's own repositioning), a piece that is not repositioned is told so (a
/// review found both explained as "W7 is not such a square").
#[test]
fn after_a_sprung_trap_a_normal_move_is_refused_by_its_own_rule() {
    let r = rules();
    let base =
        "4/4/4/1s2/4/4/4/4/4/4/4/4/GW2/2S1/4/4 w EEEE/eeee casts=wCY8 chaosspent=wY8 distraction=-";
    let p = Position::from_text(&r, &format!("{base} reposition=8:t")).unwrap();
    let why = refuse(&r, &p, "GW7");
    why.by("§2.0.09", "");
    assert!(!why.contains("not such a square"), "{why}");
    let q = Position::from_text(&r, &format!("{base} reposition=8:n")).unwrap();
    let guard = r.set(White).by_name("Guard").unwrap();
    let (section, message) = refused(
        &r,
        &q,
        veney_rules::Action::Reposition {
            kind: guard,
            from: sq("W4"),
            to: sq("W7"),
        },
    );
    assert_eq!(section, "§2.0.18 Devices: Obscurant Chaos", "{message}");
    assert!(message.contains("the Guard is not"), "{message}");
}

/// §2.0.23: the Donkey "has the same [non]interaction mechanics as a Ruin": a move onto it is
/// refused under the Donkey's own section, whatever moves there (a review found the Sword's,
/// the Self's and the Cloak's own sections blamed).
#[test]
fn a_move_onto_the_donkey_is_refused_under_the_donkey() {
    let mut o = veney_rules::options::RuleOptions::default();
    o.donkey = true;
    let r = veney_rules::Rules::standard_with(o);
    for (donkey, turn) in [("X7", "$X7"), ("X3", "SX3"), ("X6", "CX6")] {
        let p = Position::from_text(
            &r,
            &format!(
                "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr donkey=b{donkey} donkeyhome=w"
            ),
        )
        .unwrap();
        refuse(&r, &p, turn).by("§2.0.23", &format!("the Donkey stands on {donkey}"));
    }
}

/// A stepping stone is landed on by movement and a fend made by attack: the way that cannot
/// is named with its rule, not "cannot make that move now" (a review found both so worded).
#[test]
fn a_landing_on_an_engagement_by_the_wrong_way_names_the_rule() {
    let r = rules();
    // §2.0.05: the free engagement on X9, a square of Black's colour, is Black's possession;
    // for White "a landing on it is a fend" (R-STONE-FREE), which the Engagement's straight
    // step cannot make.
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/1@2/1E2/4/4/4/1WS1/4/4/4 w EEE/eeee").unwrap();
    let why = refuse(&r, &p, "eX9");
    why.by("§2.0.05 The Free Engagement", "only onto an open square");
    assert!(why.contains("R-STONE-FREE"), "{why}");
    // R-STONE-BY-MOVEMENT: "An engagement's diagonal, which only attacks, never lands on its
    // own engagement" — White's Engagement on X8 and its own on W9; the piece on W9 itself is
    // not named as an origin of the move onto its own square.
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/E3/1E2/4/4/4/1WS1/4/4/4 w EE/eeee").unwrap();
    for turn in ["eX8W9", "eW9"] {
        let why = refuse(&r, &p, turn);
        assert!(why.contains("R-STONE-BY-MOVEMENT"), "{why}");
        assert!(!why.contains("from W9"), "{why}");
    }
    refuse(&r, &p, "eX8W9").by("§2.0.04 Engagement", "landed on by movement");
    // §2.0.VII: "All your pieces (except Ruin) can also step-stone your own engagements".
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/1E2/1R2/4/4/1WS1/4/4/4 w EEE/eeee").unwrap();
    refuse(&r, &p, "RX8").by("§2.0.VII Take or Fend", "(except Ruin)");
}

/// A typed cast, reset or trap that matches no action is refused by the rule that refuses it
/// where the turn stands, not by a fixed sentence (a review found a cast after a move blamed on
/// the measures, a reset under Shima on the repetition, a trap after a move on its square).
#[test]
fn a_cast_reset_or_trap_refused_names_the_rule_where_the_turn_stands() {
    let r = rules();
    // R-CAST: "a whole turn, or the second move in concert … for the Lantern and Dagger", from
    // the board only.
    let p = Position::from_text(
        &r,
        "4/4/4/bs1c/4/4/4/4/4/4/B3/1EEE/1WS1/4/4/4 w EDGLJR/eeeedgljr",
    )
    .unwrap();
    refuse(&r, &p, "$X5 ~L").by("§2.0.18 Devices: Cast Piece", "not after another move");
    refuse(&r, &p, "SY3 ~L").by(
        "§2.0.18 Devices: Cast Piece",
        "from the board, not from reserve",
    );
    refuse(&r, &p, "SY3 ~C").by(
        "§2.0.18 Devices: Cast Piece",
        "only the Lantern and the Dagger",
    );
    // A piece never cast is said to be one, with those that are; a square written with no such
    // piece on it is said so (a review found both refused as casts from reserve).
    for turn in ["~G", "SY3 ~G"] {
        let why = refuse(&r, &p, turn);
        why.by(
            "§2.0.18 Devices: Cast Piece",
            "the Guard is not a cast piece",
        );
        assert!(why.contains("Lantern"), "{why}");
    }
    let why = refuse(&r, &p, "SY3 ~LX5");
    assert!(why.contains("no Lantern on X5"), "{why}");
    // §2.0.18 Shima: "retreat and reset are now impossible".
    let p = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w D/d quibbles=2 shima=1",
    )
    .unwrap();
    refuse(&r, &p, "a==").by("§2.0.18 Devices: Shima", "impossible");
    // §2.0.20: the reset is declared "on their own turn", instead of a move.
    let p = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr quibbles=2",
    )
    .unwrap();
    assert!(notations(&r, &p).contains(&"a==".to_string()));
    refuse(&r, &p, "$X5 a==").by("§2.0.20 Impasse", "not after a move");
    // The trap's invocation is the caster's whole turn.
    let p = Position::from_text(
        &r,
        "4/4/4/1swc/eeee/4/4/1b2/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr casts=wCX9",
    )
    .unwrap();
    refuse(&r, &p, "$X5 ~X9").by("§2.0.18 Devices: Obscurant Chaos", "whole turn");
}

/// §2.0.15: "Movement or withdrawal of a piece to reveal and invoke Glare is … allowed", and a
/// placed Lantern may glare (§2.0.13): a glare written after a placement that opened none is
/// refused for the glare (§2.0.10), not for the number of moves (a review found "the turn is
/// already over … at most two moves" said of `D*X3 LfJ~`).
#[test]
fn a_glare_no_placement_opened_names_the_glare() {
    let r = rules();
    let start = veney_rules::Position::start(&r);
    refuse(&r, &start, "D*X3 LfJ~").by("§2.0.10 Glare", "no glare or declaration is open");
    // A move after the turn's end is still refused for the number of moves.
    refuse(&r, &start, "D*X3 SZ3").by("§2.0.15", "the turn is already over");
}

/// §2.0.06 Cloak: "Disarming a captured blade fends the Cloak." A blade's move onto its own
/// Cloak holding an opposing blade is that disarm: refused for what fails it — its range, or
/// Persistence (§2.0.08) — not as a move onto your own piece (a review found "occupied by your
/// own piece" said of both).
#[test]
fn a_disarm_of_a_held_blade_is_refused_for_what_fails_it() {
    let r = rules();
    // Black's Sword on Y9 (its Self on X16: steps 9 to 16 in range) and its Cloak on Y3
    // holding White's Sword.
    let p = Position::from_text(
        &r,
        "1s2/4/4/4/4/4/4/2w1/4/4/4/4/1S2/2c1/4/4 b EEEE/eeee pinned=W:Y3:0 turns=4",
    )
    .unwrap();
    let why = refuse(&r, &p, "$tY3");
    why.by("§2.0.03 Sword", "outside the Sword's range constraint");
    assert!(!why.contains("own piece"), "{why}");
    // Black's Dagger, its Sword still on the board: Persistence.
    let p = Position::from_text(
        &r,
        "w3/4/4/4/1s2/4/4/2d1/4/4/2c1/4/1S2/4/4/4 b EEEE/eeee pinned=W:Y6:0 turns=4",
    )
    .unwrap();
    let why = refuse(&r, &p, "DtY6");
    why.by("§2.0.14 Disarm", "Persistence");
    // Without that Sword the disarm is offered.
    let p = Position::from_text(
        &r,
        "4/4/4/4/1s2/4/4/2d1/4/4/2c1/4/1S2/4/4/4 b EEEE/eeee pinned=W:Y6:0 turns=4",
    )
    .unwrap();
    assert!(p.legal_actions(&r).iter().any(|a| matches!(a,
            veney_rules::Action::Move(m) if m.to.to_string() == "Y6"
                && matches!(m.effect, veney_rules::Effect::DisarmCaptured(_)))));
}

/// §2.0.06 Cloak: Feign — "When the Cloak and the Self are adjacent to one another … they can
/// switch places"; the swap is written as the Cloak's move (R-FEIGN). Written from the Self, the
/// refusal says how to write it (a review found only "occupied by your own piece").
#[test]
fn a_feign_written_from_the_self_says_how_to_write_it() {
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CSWB/4/4/4 w DGLJR/dgljr",
    )
    .unwrap();
    let why = refuse(&r, &p, "SW4");
    why.by(
        "§2.0.06 Cloak: Feign",
        "the Cloak moves onto the Self — the Feign written as the Cloak's move from W4 to X4, marked `~`",
    );
}

/// §2.0.11 Jutsu: Intention — "The attacking blade otherwise cannot enact an intention outside
/// its range constraint." A strike that fails for another reason is refused by that rule: a
/// piece in the way, Persistence (§2.0.08), no disarm condition (§2.0.14) — a review found each
/// blamed on the range.
#[test]
fn a_failed_strike_is_refused_by_the_rule_that_fails_it() {
    let r = rules();
    // White's Sword on Y5 declared on Black's Balance on Y9; Black's Cloak then steps into the
    // line on Y7. After the Self's concert move the Sword's range reaches Y9: the Cloak blocks.
    let mut p = Position::from_text(
        &r,
        "4/4/4/1s2/4/4/4/2b1/1J2/4/4/2Wc/1S2/4/4/4 b EEEE/eeee passes=1 turns=1 quiet=1 intention=W:Y5:Y9:b:0",
    )
    .unwrap();
    play(&r, &mut p, "CY7");
    let why = refuse(&r, &p, "SX5 $fY9!");
    why.by("§2.0.03 Sword", "blocked");
    // White's Dagger declared on Black's Sword, its own Sword still on the board: Persistence.
    let p = Position::from_text(
        &r,
        "1s2/4/4/4/4/4/4/4/3w/4/3D/J3/1S2/4/W3/4 w EEEE/eeee turns=2 intention=D:Z6:Z8:w:0",
    )
    .unwrap();
    refuse(&r, &p, "DtZ8!").by("§2.0.14 Disarm", "Persistence");
    // White's Sword on a Black Sword neither overextended nor disadvantaged.
    let p = Position::from_text(
        &r,
        "4/4/1s2/4/J3/4/4/3w/4/4/3W/4/1S2/4/4/4 w EEEE/eeee turns=2 quiet=2 intention=W:Z6:Z9:w:0",
    )
    .unwrap();
    let why = refuse(&r, &p, "SX5 $tZ9!");
    why.by("§2.0.14 Disarm", "neither");
    // Out of its range alone, the intention's own words: White's Sword on Z6 (its Self on X4:
    // measures 1 and 2) declared on Black's Balance on Z10.
    let p = Position::from_text(
        &r,
        "4/4/1s2/4/J3/4/3b/4/4/4/3W/4/1S2/4/4/4 w EEEE/eeee turns=2 quiet=2 intention=W:Z6:Z10:b:0",
    )
    .unwrap();
    refuse(&r, &p, "$fZ10!").by("§2.0.11 Jutsu: Intention", "does not strike Z10");
    // Without its own Sword on the board the same Dagger strikes.
    let p = Position::from_text(
        &r,
        "1s2/4/4/4/4/4/4/4/3w/4/3D/J3/1S2/4/4/4 w EEEE/eeee turns=2 intention=D:Z6:Z8:w:0",
    )
    .unwrap();
    assert!(
        p.legal_actions(&r)
            .iter()
            .any(|a| matches!(a, veney_rules::Action::Enact { .. })),
        "without the Sword the Dagger strikes"
    );
}

/// R-BLADE-CAPTURE: a Dagger pinned under the opposing Cloak is not thrown — "keeps it pinned in
/// one place" (§2.0.06); freed only by moving off, from the second turn after the capture. A
/// throw written for it is refused by Blade Capture, freeable or not (a review found it
/// explained as a move "outside the Dagger's range constraint", which a throw has none of).
#[test]
fn a_throw_of_a_pinned_dagger_is_refused_by_blade_capture() {
    let r = rules();
    for pin in ["D:X2:1", "D:X2:3"] {
        let p = Position::from_text(
            &r,
            &format!("4/4/4/1s2/4/4/4/4/4/4/4/4/2S1/4/1c2/4 w EEEE/eeee pinned={pin} turns=4"),
        )
        .unwrap();
        for turn in ["DtX13~", "DX2tX13~"] {
            let why = refuse(&r, &p, turn);
            why.by("§2.0.06 Cloak: Blade Capture", "cannot be thrown");
            assert!(!why.contains("range"), "{pin} {turn}: {why}");
        }
    }
}

/// R-CONCERT: "The partner passes over the Self's new square as if it were empty … So does a
/// blade's strike in concert enacting an intention." A strike (or a move) in concert that fails
/// for its range alone is refused for its range, not as blocked by the Self; a strike made
/// instead of an Obscurant Chaos repositioning is no repositioning (a review found "blocked" said
/// of the first and "as a repositioning" of the second).
#[test]
fn a_strike_in_concert_is_not_blocked_by_the_selfs_new_square() {
    let r = rules();
    let text =
        "4/1s2/J3/2b1/4/4/4/4/4/4/4/4/1S2/2W1/4/4 w EEEE/eeee turns=2 intention=W:Y3:Y13:b:0";
    let p = Position::from_text(&r, text).unwrap();
    let why = refuse(&r, &p, "SY5 $fY13!");
    why.by("§2.0.11 Jutsu: Intention", "does not strike Y13");
    assert!(!why.contains("blocked"), "{why}");
    let why = refuse(&r, &p, "SY5 $Y13");
    why.by("§2.0.03 Sword", "outside the Sword's range constraint");
    // Within range the strike in concert passes the Self.
    let mut q = Position::from_text(
        &r,
        "4/1s2/4/4/2b1/J3/4/4/4/4/4/4/1S2/2W1/4/4 w EEEE/eeee turns=2 intention=W:Y3:Y12:b:0",
    )
    .unwrap();
    play(&r, &mut q, "SY5 $fY12!");
    // Instead of an Obscurant Chaos repositioning.
    let p = Position::from_text(
        &r,
        &format!("{text} distraction=- reposition=10:t casts=wCY10 chaosspent=wY10"),
    )
    .unwrap();
    let why = refuse(&r, &p, "$fY13!");
    why.by("§2.0.11 Jutsu: Intention", "does not strike Y13");
    assert!(!why.contains("repositioning"), "{why}");
}
