//! Hirakamae (§2.0.18).
mod common;
use common::*;
use veney_rules::special::hirakamae::stance;
use veney_rules::{Action, Phase, Position, Rules};

fn enstanced(r: &Rules) -> Position {
    pos(
        r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W6"),
            (Black, "Self", "Y14"),
            (Black, "Sword", "Y12"),
            (Black, "Cloak", "Z13"),
        ],
        White,
    )
}

#[test]
fn the_enstanced_player_passes_indefinitely_and_the_adversary_may_not() {
    // §2.0.18 Hirakamae: "one's only blade piece beside the Self in a step … in an otherwise empty
    // measure. The player can pass indefinitely without risking a draw and the adversary may not
    // pass".
    let r = rules();
    let mut p = enstanced(&r);
    assert!(stance(&r, &p, White));
    play(&r, &mut p, "---");
    assert_eq!(p.hirakamae(White), 1);
    // The adversary may not pass: refused by hirakamae, not as a third pass in a row.
    refuse(&r, &p, "---").by("§2.0.18 Devices: Hirakamae", "you may not pass");
    for (w, b) in [("---", "SY15"), ("---", "SY14"), ("---", "SY15")] {
        play(&r, &mut p, b);
        play(&r, &mut p, w);
    }
    assert_eq!(p.turn(), Black);
    // The pass that entered the stance is a turn in it too (a review found it counted).
    assert_eq!(
        p.quiet_turns(),
        0,
        "the count does not grow while it lasts (no draw by no contest)"
    );
    // One quiet turn short of the no-contest draw (§2.0.20), the pass that enters the stance
    // draws nothing — nor, under Shima, is it the double checkmate of a draw (§2.0.18).
    for extra in ["", " shima=1 casts=wSX9"] {
        let text = format!("4/1sw1/4/4/4/4/4/4/4/4/4/4/4/4/1WS1/4 w EEEE/eeee quiet=99{extra}");
        let mut q = Position::from_text(&r, &text).unwrap();
        assert!(stance(&r, &q, White), "{text}");
        play(&r, &mut q, "---");
        assert_eq!(q.hirakamae(White), 1, "{text}");
        assert_eq!(q.outcome(), None, "{text}");
        assert_eq!(q.quiet_turns(), 99, "{text}");
    }
}

#[test]
fn the_move_that_ends_it_may_move_two_unrelated_pieces_once() {
    // "A move made by the enstanced player ends hirakamae and may be a double-move made with any
    // one or two unrelated pieces … Hirakamae may only be used once per game."
    let r = rules();
    let mut p = enstanced(&r);
    play(&r, &mut p, "---");
    play(&r, &mut p, "SY15");
    let t = veney_rules::notation::parse_turn(&r, &p, "$W7", 1).unwrap();
    let mut q = p;
    q.play(&r, t[0]).unwrap();
    assert!(matches!(q.phase(), Phase::Hirakamae { .. }));
    play(&r, &mut p, "$W7 SX5");
    assert_eq!((p.turn(), p.hirakamae(White)), (Black, 2));
    assert!(p.piece_at(sq("X5")).is_some() && p.piece_at(sq("W7")).is_some());
}

#[test]
fn no_stance_with_another_piece_in_the_measure_or_the_blade_apart() {
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W6"),
            (White, "Guard", "Z8"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    assert!(!stance(&r, &p, White));
    let p = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W7"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    assert!(!stance(&r, &p, White));
}

#[test]
fn the_freeing_move_then_an_intention_reads_back_from_its_notation() {
    // §2.0.18 Hirakamae ("a move made by the enstanced player ends hirakamae and may be a
    // double-move") and §2.0.11 Intention ("declared … after your moves, and ends the turn"):
    // after the freeing move the player may decline the second move and declare, and the turn's
    // notation `JW6 !$fY6` reads back to that turn. (Found by the testkit's random matches.)
    let o = veney_rules::options::RuleOptions {
        donkey: true,
        ..Default::default()
    };
    let r = Rules::standard_with(o);
    let p = Position::from_text(
        &r,
        "4/d2w/1c2/1s2/4/4/@3/4/4/JC2/2b1/L1G1/WS2/4/4/4 w EEEEB/eeeeglj turns=142 donkeyhome=wb hira=1:0 quiet=31 freefrom=X9:0",
    )
    .unwrap();
    let t =
        veney_rules::notation::parse_turn(&r, &p, "JW6 !$fY6", 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        t.len(),
        3,
        "the move, the declined second move, the declaration: {t:?}"
    );
    let mut q = p;
    q.play_turn(&r, &t).unwrap();
    assert_eq!(q.turn(), Black);
    assert!(q.intentions().next().is_some());
}

#[test]
fn the_piece_that_ended_it_may_make_the_second_move_too() {
    // §2.0.15: "Ending Hirakamae offers a double-move, consisting of two moves by one piece, or
    // one move each by any two different pieces." (§2.0.18's "any one or two unrelated pieces
    // (one move by each piece)" speaks of two pieces.)
    let r = rules();
    let mut p = enstanced(&r);
    play(&r, &mut p, "---");
    play(&r, &mut p, "SY15");
    act(&r, &mut p, "$W7");
    assert!(matches!(p.phase(), Phase::Hirakamae { .. }));
    let again = notations_from(&r, &p, "W7");
    assert!(!again.is_empty(), "the Sword on W7 may move again");
    let mut q = p;
    play(&r, &mut q, &again[0]);
    assert_eq!((q.turn(), q.hirakamae(White)), (Black, 2));
    assert!(q.piece_at(sq("W7")).is_none(), "the Sword moved twice");
}

#[test]
fn a_shift_or_feign_ending_it_is_the_whole_double_move() {
    // §2.0.15: "Each player can only make a maximum of one or two moves total in a turn." "The
    // special ability Shift is a double-move (it moves two of your own pieces)." A Shift that ends
    // hirakamae leaves no further move.
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/B3/4/4/EEEE/4/4/1WS1/4 w CDGLJR/dgljr hira=1:0",
    )
    .unwrap();
    let shifts: Vec<String> = notations(&r, &p)
        .into_iter()
        .filter(|n| n.contains('~') && n.starts_with('B'))
        .collect();
    assert!(
        !shifts.is_empty(),
        "a Shift is offered: {:?}",
        notations(&r, &p)
    );
    let mut q = p;
    act(&r, &mut q, &shifts[0]);
    assert_eq!(q.hirakamae(White), 2, "hirakamae is over");
    assert_ne!(
        (q.turn(), matches!(q.phase(), Phase::Hirakamae { .. })),
        (White, true),
        "no move after the Shift: {}",
        shifts[0]
    );
    // The control: an ordinary move ending it offers the second move.
    let mut q = p;
    act(&r, &mut q, "$W3");
    assert!(matches!(q.phase(), Phase::Hirakamae { .. }));
}

/// R-HIRAKAMAE, §2.0.20: the turn whose move ends the stance counts toward the draw by no
/// contest — a Shift or a Feign that ends it and the turn in one action too, as a placement
/// or an ordinary move does (a review found the Feign's turn left uncounted).
#[test]
fn the_turn_a_shift_or_feign_ends_the_stance_counts_toward_no_contest() {
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/4/bswc/e1ee/1e2/4/4/4/4/CB2/E1EE/1WS1/4/4/4 w EDGLJR/dgljr turns=2 hira=1:0 quiet=5",
    )
    .unwrap();
    for turn in ["BX4~$X6", "eY6", "D*Z4"] {
        let mut q = p;
        q.play_turn(
            &r,
            &veney_rules::notation::parse_turn(&r, &p, turn, 1).unwrap(),
        )
        .unwrap_or_else(|e| panic!("{turn}: {e}"));
        assert_eq!(q.hirakamae(White), 2, "{turn} ends the stance");
        assert_eq!(q.quiet_turns(), 6, "{turn} counts");
    }
}

#[test]
fn the_adversary_may_not_pass_by_declaring_or_glaring_alone() {
    // §2.0.18 Hirakamae: "the adversary may not pass"; §2.0.16: "making only a meta-move, only
    // declaring intention, or only glare technically each amount to a pass".
    let r = rules();
    let text = "4/4/4/ws2/eeee/4/3j/4/1L2/4/4/EEEE/1WS1/4/4/4 w CBDGJR/cbdglr";
    let p = Position::from_text(&r, &format!("{text} hira=0:1")).unwrap();
    let listed = notations(&r, &p);
    assert!(
        !listed
            .iter()
            .any(|n| n.starts_with('!') || n.ends_with('~')),
        "no declaration or glare alone: {listed:?}"
    );
    // The control: without hirakamae both are open (each a pass).
    let open = Position::from_text(&r, &format!("{text} hira=0:0")).unwrap();
    let alone: Vec<Action> = open
        .legal_actions(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Glare { .. } | Action::Declare { .. }))
        .collect();
    assert!(
        alone.iter().any(|a| matches!(a, Action::Glare { .. })),
        "{alone:?}"
    );
    // Declaring is open without hirakamae even when no declaration is listed: a bluff (§2.0.11).
    // White stands in the stance: the declaration alone is a pass that enters it (R-HIRAKAMAE,
    // as `---` does), the stance's own, uncounted.
    let mut q = open;
    play(&r, &mut q, "!$tX13");
    assert_eq!(
        (q.turn(), q.passes(), q.hirakamae(White)),
        (Black, 0, 1),
        "the declaration alone was a pass, entering the stance"
    );
    refuse(&r, &p, "!$tX13").by("§2.0.18 Devices: Hirakamae", "you may not pass");
    for a in alone {
        let mut q = p;
        let e = q.play(&r, a).unwrap_err();
        assert!(
            e.section.starts_with("§2.0.18 Devices: Hirakamae"),
            "{a:?}: {e}"
        );
        assert!(e.to_string().contains("you may not pass"), "{e}");
    }
}

/// Plays one action written in notation (the first of the turn it reads as).
fn act(r: &Rules, p: &mut Position, token: &str) {
    let t = veney_rules::notation::parse_turn(r, p, token, 1).unwrap_or_else(|e| panic!("{e}"));
    p.play(r, t[0]).unwrap_or_else(|e| panic!("{token}: {e}"));
}

#[test]
fn a_lantern_that_flailed_may_not_swing_back_into_the_measure_it_began_in() {
    // §2.0.10: "The Lantern, when flailing (i.e. not in-measure with the Self) can never make a
    // move which begins the turn and ends the turn in that same measure." Hirakamae's
    // double-move by one piece (§2.0.15) does not lift that.
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W6"),
            (White, "Lantern", "X2"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    play(&r, &mut p, "---");
    play(&r, &mut p, "SY15");
    act(&r, &mut p, "LX10");
    assert!(matches!(p.phase(), Phase::Hirakamae { .. }));
    let again = dests(&r, &p, "X10");
    assert!(
        !again.is_empty(),
        "it may swing again, into its Self's measure"
    );
    let rank = |name: &String| name[1..].parse::<u8>().unwrap();
    assert!(
        again.iter().all(|d| (5..=8).contains(&rank(d))),
        "only into measure 2, not back into measure 1: {again:?}"
    );
    // The Lantern's only way back into measure 1 is its X line, where its Self on X6 stands in
    // the way: that refusal names the path (the measure rule is what `again` shows above).
    refuse(&r, &p, "LX2").by("§2.0.10", "blocked");
}

#[test]
fn the_second_move_phase_reads_back_from_its_position_text() {
    // docs/POSITION.md: `hirafirst=SQ:FROM` (an older `hirafirst=SQ` reads as `SQ:SQ`).
    let r = rules();
    let mut p = enstanced(&r);
    play(&r, &mut p, "---");
    play(&r, &mut p, "SY15");
    act(&r, &mut p, "$W7");
    let text = p.to_text(&r);
    assert!(text.contains("hirafirst=W7:W6"), "{text}");
    assert_eq!(Position::from_text(&r, &text).unwrap(), p);
    let old = text.replace("hirafirst=W7:W6", "hirafirst=W7");
    let q = Position::from_text(&r, &old).unwrap();
    assert!(matches!(q.phase(), Phase::Hirakamae { .. }));
}

/// `enstanced` under `hirakamae_breaks`.
fn rules_breaking(breaks: bool) -> Rules {
    let o = veney_rules::options::RuleOptions {
        hirakamae_breaks: breaks,
        ..Default::default()
    };
    Rules::standard_with(o)
}

#[test]
fn a_stance_the_opponent_breaks_ends_hirakamae_only_with_the_option() {
    // §2.0.18 Hirakamae: "This position consists of one's only blade piece beside the Self in a
    // step … in an otherwise empty measure"; "A move made by the enstanced player ends
    // hirakamae". Ruling R-HIRAKAMAE: with `hirakamae_breaks` a stance the opponent broke has
    // ended by the enstanced side's turn; without it, hirakamae lasts until its player moves.
    for breaks in [false, true] {
        let r = rules_breaking(breaks);
        let mut p = pos(
            &r,
            &[
                (White, "Self", "X6"),
                (White, "Sword", "W6"),
                (Black, "Self", "Y14"),
                (Black, "Sword", "Y12"),
                (Black, "Engagement", "Z9"),
            ],
            White,
        );
        assert!(stance(&r, &p, White));
        play(&r, &mut p, "---");
        assert_eq!(p.hirakamae(White), 1);
        // Black's engagement steps from Z9 into White's measure (steps 5–8).
        play(&r, &mut p, "eZ8");
        assert!(!stance(&r, &p, White), "the measure is no longer empty");
        assert_eq!(p.turn(), White);
        if breaks {
            assert_eq!(p.hirakamae(White), 2, "broken: hirakamae has ended");
            // White's pass is an ordinary pass now, and Black may pass after it.
            play(&r, &mut p, "---");
            assert_eq!(p.passes(), 1);
            play(&r, &mut p, "---");
        } else {
            assert_eq!(p.hirakamae(White), 1, "it lasts until White moves");
            play(&r, &mut p, "---");
            refuse(&r, &p, "---").by("§2.0.18 Devices: Hirakamae", "you may not pass");
        }
    }
}

#[test]
fn a_broken_stance_in_force_is_refused_in_text() {
    // R-HIRAKAMAE with `hirakamae_breaks`: the stance is judged when the enstanced side's turn
    // proper begins (§2.0.18), so a position text with hirakamae in force at that side's turn
    // and its stance broken is refused; with the stance standing it reads.
    let r = rules_breaking(true);
    let base = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W6"),
            (Black, "Self", "Y14"),
            (Black, "Sword", "Y12"),
        ],
        White,
    );
    let stanced = base.to_text(&r);
    let text = format!("{stanced} hira=1:0");
    let p = Position::from_text(&r, &text).unwrap();
    assert_eq!(p.hirakamae(White), 1);
    // The same with a Black piece in White's measure: refused, naming the field.
    let broken = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W6"),
            (Black, "Self", "Y14"),
            (Black, "Sword", "Y12"),
            (Black, "Engagement", "Z8"),
        ],
        White,
    );
    let e = Position::from_text(&r, &format!("{} hira=1:0", broken.to_text(&r))).unwrap_err();
    assert!(e.to_string().contains("hirakamae_breaks"), "{e}");
    // Without the option the same text stands (it lasts until its player moves).
    let plain = rules_breaking(false);
    assert!(Position::from_text(&plain, &format!("{} hira=1:0", broken.to_text(&plain))).is_ok());
}

#[test]
fn the_donkey_breaking_the_stance_ends_hirakamae_before_the_turn() {
    // R-HIRAKAMAE with `hirakamae_breaks`: Black's Donkey moves after Black's turn, before
    // White's turn proper (§2.0.23: "on its own turn following the turn of the player who placed
    // it"). Stepping into White's measure it breaks the stance: White's hirakamae has ended when
    // White acts. Stepping elsewhere it leaves it in force.
    let mut o = veney_rules::options::RuleOptions {
        hirakamae_breaks: true,
        ..Default::default()
    };
    o.donkey = true;
    let r = Rules::standard_with(o);
    let base = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W6"),
            (Black, "Self", "Y14"),
            (Black, "Sword", "Y12"),
        ],
        White,
    );
    let text = format!(
        "{} donkey=bZ9 donkeymove=b hira=1:0",
        base.to_text(&r)
            .replace(" donkeyhome=b", "")
            .replace(" donkeyhome=wb", " donkeyhome=w")
    );
    let p = Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(p.hirakamae(White), 1);
    let mut into = None;
    let mut elsewhere = None;
    for own in 0..32u8 {
        let mut q = p;
        let roll = veney_rules::dice::Roll::Sticks { thrown: 5, own };
        if q.play(&r, Action::Donkey(Some(roll))).is_err() {
            continue;
        }
        match q.donkey(Black) {
            Some(s) if s == sq("Z8") => into = Some(q),
            Some(s) if s.step() >= 9 => elsewhere = Some(q),
            _ => {}
        }
    }
    let into = into.expect("a throw that takes the Donkey into White's measure");
    assert_eq!(into.turn(), White);
    assert_eq!(into.hirakamae(White), 2, "the Donkey broke the stance");
    let elsewhere = elsewhere.expect("a throw that keeps it out");
    assert_eq!(elsewhere.hirakamae(White), 1, "the stance stands");
}

#[test]
fn enacting_an_intention_ends_it_with_the_second_move() {
    // §2.0.18: "A move made by the enstanced player ends hirakamae and may be a double-move";
    // enacting an intention is the blade's strike (§2.0.11), a move (R-HIRAKAMAE, R-DYING).
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W6"),
            (White, "Jutsu", "Z9"),
            (Black, "Self", "Y14"),
            (Black, "Lantern", "W9"),
            (Black, "Sword", "Y12"),
            (Black, "Cloak", "Z13"),
        ],
        White,
    );
    play(&r, &mut p, "---");
    assert_eq!(p.hirakamae(White), 1);
    play(&r, &mut p, "SY15");
    // The declaration amounts to a pass (§2.0.16), which the enstanced side may make.
    let declare = notations(&r, &p)
        .into_iter()
        .find(|n| n.starts_with("!$") && n.ends_with("W9"))
        .expect("the Sword may declare against the Lantern");
    play(&r, &mut p, &declare);
    assert_eq!(p.hirakamae(White), 1, "a declaration does not end it");
    play(&r, &mut p, "SY14");
    let enact = notations(&r, &p)
        .into_iter()
        .find(|n| n.starts_with('$') && n.ends_with('!'))
        .expect("the intention may be enacted");
    act(&r, &mut p, &enact);
    assert!(
        matches!(p.phase(), Phase::Hirakamae { .. }),
        "{:?}",
        p.phase()
    );
    assert_eq!(p.hirakamae(White), 2, "hirakamae has ended");
    // The second move: any one piece, the Sword that struck included.
    let again = notations_from(&r, &p, "W6");
    assert!(!again.is_empty(), "the Sword may move after its strike");
    let mut q = p;
    play(&r, &mut q, &again[0]);
    assert_eq!(q.turn(), Black);
    // The position text reads the phase back.
    assert_eq!(Position::from_text(&r, &p.to_text(&r)).unwrap(), p);
}

#[test]
fn an_intention_enacted_by_its_stepping_stone_is_the_whole_double_move() {
    // §2.0.15 "a maximum of one or two moves total in a turn": a blade enacting by way of a
    // declared stepping stone steps onto the stone, then strikes — two moves, so hirakamae ends
    // without another (R-HIRAKAMAE). White's Sword W4 reaches the Cloak on X8 only by way of
    // its engagement on X5, with the Jutsu aligned on W8 (as in intention.rs); White's Self on
    // X4 beside it, alone in measure 1.
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "W4"),
            (White, "Engagement", "X5"),
            (White, "Jutsu", "W8"),
            (Black, "Self", "Y15"),
            (Black, "Cloak", "X8"),
        ],
        White,
    );
    let sword = r.set(White).by_name("Sword").unwrap();
    assert_eq!(
        veney_rules::special::intention::strike(&r, &p, White, sword, sq("W4"), sq("X8")),
        None,
        "no direct strike"
    );
    play(&r, &mut p, "---");
    assert_eq!(p.hirakamae(White), 1);
    play(&r, &mut p, "SY16");
    play(&r, &mut p, "!$fX8");
    assert_eq!(p.intentions().next().and_then(|i| i.via), Some(sq("X5")));
    assert_eq!(p.hirakamae(White), 1);
    play(&r, &mut p, "SY15");
    act(&r, &mut p, "$fX8!");
    assert_eq!((p.turn(), p.hirakamae(White)), (Black, 2));
}

#[test]
fn a_reset_of_the_board_breaks_the_stance_under_the_option_only() {
    // Ruling R-HIRAKAMAE: a reset by the opponent (§2.0.02 Retreat: "as if setting up a new
    // game") is one more way a stance is broken: hirakamae lasts by default, and has ended at
    // the enstanced side's turn with `hirakamae_breaks`.
    for breaks in [false, true] {
        let r = rules_breaking(breaks);
        let mut p = pos(
            &r,
            &[
                (White, "Self", "X6"),
                (White, "Sword", "W6"),
                (White, "Balance", "Z10"),
                (Black, "Self", "Y16"),
                (Black, "Sword", "Y12"),
            ],
            White,
        );
        assert!(stance(&r, &p, White));
        play(&r, &mut p, "---");
        assert_eq!(p.hirakamae(White), 1);
        play(&r, &mut p, "==");
        assert_eq!(p.turn(), White);
        assert!(
            !stance(&r, &p, White),
            "the Balance's setup square is in the Self's measure"
        );
        assert_eq!(
            p.hirakamae(White),
            if breaks { 2 } else { 1 },
            "breaks: {breaks}"
        );
    }
}

#[test]
fn a_pinned_blade_may_be_freed_as_the_second_move() {
    // §2.0.18: the move ending hirakamae "may be a double-move made with any one or two unrelated
    // pieces (one move by each piece)"; R-BLADE-CAPTURE: freeing is "moving the blade off by one
    // of its ordinary moves". White's Sword, pinned under Black's Cloak on W3 long enough to be
    // freed, may move second after the Self (a review found only the Self's moves offered then,
    // though freeing first was).
    let r = rules();
    let text = "4/3w/2s1/4/4/4/4/4/4/4/4/4/4/cS2/4/4 w EEEEDGLJCBR/eeeedgljbr pinned=W:W3:10 turns=13 hira=1:0";
    let p = Position::from_text(&r, text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert!(
        notations(&r, &p).iter().any(|n| n.starts_with("$W")),
        "freed first"
    );
    let mut q = p;
    play(&r, &mut q, "SX5 $W10");
    let sword = r.set(White).by_name("Sword").unwrap();
    assert_eq!(
        q.piece_at(sq("W10")),
        Some((White, sword)),
        "{}",
        q.to_text(&r)
    );
    assert_eq!(q.turn(), Black);
}

/// §2.0.15 "A double-move can be made via only one of the many methods of double-move": the
/// move that ends hirakamae offers hirakamae's double-move (one ordinary move of any piece) or
/// the second move of its own method — a concert after the Self's move (the Sword past the
/// Self's new square, the Self lifting its partner, a throw or a strike in concert, §2.0.02,
/// §2.0.08, §2.0.11), a stepping stone's (the Dagger's throw after it, §2.0.08). Each ends the
/// stance (R-HIRAKAMAE; a review found them all refused in the stance, open on any other turn).
#[test]
fn the_move_ending_hirakamae_may_open_its_own_methods_second_move() {
    let r = rules();
    let h = "s3/4/4/1w2/eeee/4/4/4/4/4/1B2/E1E1/4/4/DSW1/4 w GLJCREE/dgljcbr";
    let i = "2sw/4/4/4/4/4/4/4/e3/1J2/4/4/4/4/WS2/4 w EEEEDGLCBR/eeedgljcbr intention=W:W2:W8:e:0 turns=4";
    for (text, turn) in [
        (h, "SX3 $W4"),
        (h, "SW2 DW3"),
        (h, "DW5 DtW16~ @ooooo"),
        (h, "SX3 DtW16~ @ooooo"),
        (i, "SX3 $fW8!"),
        // Hirakamae's own: two moves by one piece, and the strike first.
        (h, "SX3 SX4"),
        (i, "$fW8! SX3"),
    ] {
        let mut p = Position::from_text(&r, &format!("{text} hira=1:0")).unwrap();
        play(&r, &mut p, turn);
        assert_eq!(p.hirakamae(White), 2, "{turn}: the stance is ended");
    }
    // A throw after a move that opens neither a concert nor a stepping stone's second move is
    // hirakamae's own second move: "one move each by any two different pieces" (§2.0.15), "the
    // throw constitutes a move" (§2.0.08; a review found it refused under an earlier ruling).
    let p = Position::from_text(&r, &format!("{h} hira=1:0")).unwrap();
    let mut thrown = p;
    play(&r, &mut thrown, "BY7 DtW16~ @xxooo");
    assert_eq!(thrown.turn(), Black, "the throw's miss ends the turn");
    // (A throw blocked by the first move is refused for that: the Balance on W7 stands in the
    // line.)
    refuse(&r, &p, "BW7 DtW16~ @xxooo").by("§2.0.08 Dagger Throw", "stands in the way");
    // Each action is listed once, whichever way it is open.
    let mut q = p;
    let first = veney_rules::notation::parse_turn(&r, &q, "SX3", 1).unwrap()[0];
    q.play(&r, first).unwrap();
    assert!(
        matches!(q.phase(), Phase::Hirakamae { .. }),
        "{:?}",
        q.phase()
    );
    let listed = q.legal_actions(&r);
    for (n, a) in listed.iter().enumerate() {
        assert!(!listed[..n].contains(a), "{a:?} listed twice");
    }
    // The position in the middle of that turn reads back from its text.
    let text = q.to_text(&r);
    assert_eq!(Position::from_text(&r, &text).unwrap(), q, "{text}");
}

/// After the move that ends hirakamae, a throw, strike or cast of its own method refused for
/// another reason is refused for that reason, as on any turn (a review found a blocked throw in
/// concert, and a cast in concert from reserve, told they were not open at all); and the
/// position text's `then=`/`concert=` beside `hirafirst=` name that move's square.
#[test]
fn refusals_after_the_move_ending_hirakamae_name_the_rule_broken() {
    let r = rules();
    let blocked = "s3/4/4/1w2/eeee/4/c3/4/4/4/1B2/E1E1/4/4/DSW1/4 w GLJREE/dgljbr hira=1:0";
    let p = Position::from_text(&r, blocked).unwrap();
    refuse(&r, &p, "SX3 DtW16~ @ooooo").by("§2.0.08", "stands in the way");
    let bare = "s3/4/4/1w2/4/4/4/4/4/4/4/4/4/4/DSW1/4 w GLJCREEEEB/dgljcbreeee hira=1:0";
    let p = Position::from_text(&r, bare).unwrap();
    refuse(&r, &p, "SX3 ~L").by(
        "§2.0.18 Devices: Cast Piece",
        "from the board, not from reserve",
    );
    let e = Position::from_text(
        &r,
        "s3/4/4/1w2/eeee/4/4/4/4/4/1B2/E1E1/4/2W1/DS2/4 w GLJCREE/dgljcbr hira=2:0 hirafirst=Y3:Y2 concert=X2",
    )
    .unwrap_err();
    assert!(e.to_string().contains("beside hirafirst=Y3"), "{e}");
}

/// §2.0.18 "A move made by the enstanced player ends hirakamae", a checkmating one too, as an
/// enacted strike's does (a review found `hira=1` kept after a checkmate by touch and by disarm).
#[test]
fn a_checkmate_made_from_the_stance_ends_it() {
    let r = rules();
    for (text, turn, side) in [
        (
            "4/4/l2L/1Be1/4/C1J1/1E2/2R1/2s1/1b2/1e2/3r/2WS/4/4/4 w DEEEG/wdeecgj turns=8 hira=1:0",
            "$tY8#",
            White,
        ),
        (
            "3l/4/3L/1S2/4/2eJ/4/4/ER2/1e2/4/BW2/sw2/4/4/4 b DEEECG/deecbgjr turns=9 hira=0:1",
            "$tX5#",
            Black,
        ),
    ] {
        let mut p = Position::from_text(&r, text).unwrap();
        play(&r, &mut p, turn);
        assert!(p.outcome().is_some(), "{turn}");
        assert_eq!(p.hirakamae(side), 2, "{turn}: the stance is used");
    }
}

/// §2.0.15 "Ending Hirakamae offers a double-move, consisting of two moves by one piece, or one
/// move each by any two different pieces"; "the throw constitutes a move" (§2.0.08); "The
/// cast-piece devices are each a single move" (§2.0.15). A throw, or a cast of the Lantern or
/// the Dagger from the board, may be either of the two moves (a review found both refused
/// under an earlier R-HIRAKAMAE, which overrode those words). Obscurant Chaos "can never be
/// linked to further moves on one turn", and a distraction's repositioning closes the turn
/// ("allowed before ending your turn", §2.0.08).
#[test]
fn a_throw_or_a_cast_is_one_of_the_double_moves_two() {
    let r = rules();
    let h = "s3/4/4/1w2/eeee/4/4/4/4/4/1B2/E1E1/4/4/DSW1/4 w GLJCREE/dgljcbr hira=1:0";
    let balance = |p: &Position, sq: &str| {
        p.piece_at(veney_rules::Square::parse(sq).unwrap())
            .is_some_and(|(s, k)| s == White && r.set(White).piece(k).def.name == "Balance")
    };
    // The throw second, after another piece's move: it misses, and the turn is over.
    let p = Position::from_text(&r, h).unwrap();
    let mut q = p;
    play(&r, &mut q, "BY7 DtW16~ @xxooo");
    assert!(balance(&q, "Y7"));
    assert_eq!(q.turn(), Black);
    assert_eq!(q.hirakamae(White), 2);
    // The throw first: while its roll is to come the second move is owed, and the text says
    // so and reads back; after its miss, the Balance moves.
    let mut q = p;
    let throw = veney_rules::notation::parse_turn(&r, &q, "DtW16~ @xxooo", 1).unwrap()[0];
    q.play(&r, throw).unwrap();
    let text = q.to_text(&r);
    assert!(text.contains("hirasecond=W2:W2"), "{text}");
    assert_eq!(Position::from_text(&r, &text).unwrap(), q, "{text}");
    let mut q = p;
    play(&r, &mut q, "DtW16~ @xxooo BY7");
    assert!(balance(&q, "Y7"), "{}", q.to_text(&r));
    assert_eq!(q.turn(), Black);
    // A distraction's repositioning closes the turn: no other piece's move after it.
    refuse(&r, &p, "DtW16~ @xoooo BY7").by("§2.0.08 Dagger Throw", "repositioned");
    // `hirasecond=` only while such a throw's roll or cast's landing is to come, after what
    // owes it: the throw from its own square, not Obscurant Chaos (a review found both read).
    let e = Position::from_text(&r, &format!("{h} hirasecond=W2:W2")).unwrap_err();
    assert!(
        e.to_string().contains("only while that throw's roll"),
        "{e}"
    );
    let air =
        "s3/4/4/1w2/eeee/4/4/4/4/4/1B2/E1E1/4/4/DSW1/4 w GLJCREE/dgljcbr hira=2:0 throw=W2-W16";
    assert!(Position::from_text(&r, &format!("{air} hirasecond=W2:W2")).is_ok());
    let e = Position::from_text(&r, &format!("{air} hirasecond=X6:Z16")).unwrap_err();
    assert!(e.to_string().contains("no second move is owed"), "{e}");
    let e = Position::from_text(
        &r,
        "s3/4/4/4/4/4/4/4/4/4/4/4/4/4/DSW1/4 w EEEEBGJR/eeeedgljcbr hira=2:0 cast=C:2 hirasecond=W14:W14",
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("Obscurant Chaos is never linked"),
        "{e}"
    );
    // A cast refused as the second move is refused for its own reason: no measure empty.
    let full = Position::from_text(
        &r,
        "s3/4/4/1w2/eeee/4/4/4/4/4/LB2/E1E1/4/4/DSW1/4 w GJCREE/dgljcbr hira=1:0",
    )
    .unwrap();
    refuse(&r, &full, "BY7 ~L @X9").by("§2.0.18 Devices: Cast Piece", "none is empty now");
    // Casts: the Lantern's first, then another piece's move; the Lantern's second, after one;
    // not Obscurant Chaos's after a move.
    let c = "s3/4/L3/4/4/4/4/4/4/4/4/4/4/4/DSW1/4 w EEEECBGJR/eeeedgljcbr hira=1:0";
    let p = Position::from_text(&r, c).unwrap();
    let mut q = p;
    play(&r, &mut q, "~L @X6 $Y5");
    assert_eq!(q.turn(), Black);
    assert!(q.to_text(&r).contains("casts=wFX6"), "{}", q.to_text(&r));
    let mut q = p;
    play(&r, &mut q, "$Y5 ~L @X10");
    assert!(q.to_text(&r).contains("casts=wFX10"), "{}", q.to_text(&r));
    refuse(&r, &p, "$Y5 ~C @X10").by(
        "§2.0.18 Devices: Cast Piece",
        "the Cloak's cast is a whole turn",
    );
}
