//! Intention (§2.0.11): declare a strike, enact it next turn.
mod common;
use common::*;
use veney_rules::{Position, Rules};

/// `notation` is among the actions the rules offer in `p`.
fn assert_offered(r: &Rules, p: &Position, notation: &str) {
    let offered = notations(r, p);
    assert!(
        offered.iter().any(|n| n == notation),
        "{notation} not in {offered:?}"
    );
}

/// From the position `text`, White declares `declare` (offered, not a bluff: the position text
/// then holds `intention`), Black answers `reply`, and White's `strike` is offered and played.
fn declared_then_struck(
    r: &Rules,
    text: &str,
    (declare, intention): (&str, &str),
    reply: &str,
    strike: &str,
) -> Position {
    let mut p = Position::from_text(r, text).unwrap();
    assert_offered(r, &p, declare);
    play(r, &mut p, declare);
    let written = p.to_text(r);
    assert!(written.contains(intention), "{written}");
    play(r, &mut p, reply);
    assert_offered(r, &p, strike);
    play(r, &mut p, strike);
    p
}

fn declaring(r: &Rules) -> Position {
    pos(
        r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "X6"),
            (White, "Jutsu", "W7"),
            (Black, "Lantern", "X8"),
            (Black, "Self", "Y14"),
        ],
        White,
    )
}

#[test]
fn declare_then_strike_without_moving() {
    // §2.0.11: "you enact the intention to take that piece without moving into its square …
    // When an intention is enacted, the Jutsu is put into reserve." "Declaring intention ends
    // your turn"; declaring alone counts as a pass (§2.0.16).
    let r = rules();
    let mut p = declaring(&r);
    assert_offered(&r, &p, "!$tX8");
    play(&r, &mut p, "!$tX8");
    assert_eq!((p.turn(), p.passes()), (Black, 1));
    assert!(p.intentions().next().is_some());
    play(&r, &mut p, "SY15");
    assert_offered(&r, &p, "$tX8!");
    play(&r, &mut p, "$tX8!");
    let lantern = r.set(Black).by_name("Lantern").unwrap();
    let jutsu = r.set(White).by_name("Jutsu").unwrap();
    assert_eq!(p.discard(Black, lantern), 1);
    assert!(p.piece_at(sq("X6")).is_some(), "the Sword did not move");
    assert_eq!(p.reserve(White, jutsu), 1);
    assert_eq!(p.intentions().next(), None);
}

/// §2.0.11: "you enact the intention … unless your opponent moves the target piece or removes
/// your Jutsu from the board on their intervening move" — the opponent declaring an intention of
/// its own, or bluffing one, on that move is neither: each side's intention stands, and each is
/// enacted on its side's next turn (a review found the later declaration erasing the earlier).
#[test]
fn the_opponents_declaration_leaves_your_intention_standing() {
    let r = rules();
    let start = Position::from_text(
        &r,
        "4/4/2b1/ws1c/eeej/4/4/B3/3l/4/JW2/EEEE/C1S1/4/4/4 w DGLR/edgr",
    )
    .unwrap();
    // White's Sword on X6 intends Black's Lantern on Z8; Black's Cloak steps and its Sword on
    // W13 intends White's Balance on W9.
    let mut p = start;
    play(&r, &mut p, "!$tZ8");
    play(&r, &mut p, "CY11 !$fW9");
    assert_eq!(p.intentions().count(), 2, "{}", p.to_text(&r));
    let text = p.to_text(&r);
    assert!(
        text.contains("intention=W:X6:Z8:l:0,w:W13:W9:B:0"),
        "{text}"
    );
    assert_eq!(Position::from_text(&r, &text).unwrap(), p, "read back");
    assert!(notations(&r, &p).contains(&"$tZ8!".to_string()));
    play(&r, &mut p, "$tZ8!");
    // White's is enacted; Black's stands for Black's turn.
    assert_eq!(p.intention_of(White), None);
    assert!(notations(&r, &p).contains(&"$fW9!".to_string()));
    // A bluff on the intervening turn leaves it standing too.
    let mut p = start;
    play(&r, &mut p, "!$tZ8");
    play(&r, &mut p, "!$fY4");
    assert!(p.intention_of(Black).is_some_and(|i| i.bluff));
    assert!(notations(&r, &p).contains(&"$tZ8!".to_string()));
    // A side has one intention in the position text.
    let e = Position::from_text(
        &r,
        &format!("{} intention=W:X6:Z8:l:0,W:X6:Z8:l:0", start.to_text(&r)),
    )
    .unwrap_err();
    assert!(e.to_string().contains("two intentions"), "{e}");
}

#[test]
fn another_move_forfeits_and_a_moved_target_escapes() {
    // "If you disregard your prior intention by making any other move, the intention is
    // forfeit"; "…unless your opponent moves the target piece".
    let r = rules();
    let mut p = declaring(&r);
    play(&r, &mut p, "!$tX8");
    play(&r, &mut p, "SY15");
    play(&r, &mut p, "SX3");
    play(&r, &mut p, "SY14");
    assert!(!notations(&r, &p).iter().any(|n| n.ends_with('!')));
    assert_eq!(p.intentions().next(), None);
    let mut p = declaring(&r);
    play(&r, &mut p, "!$tX8");
    play(&r, &mut p, "LX13");
    assert!(!notations(&r, &p).iter().any(|n| n.ends_with('!')));
    refuse(&r, &p, "$tX8!").by("§2.0.11", "no declared intention can be enacted now");
}

#[test]
fn a_strike_reaches_one_step_beyond_the_constraint_when_adjacent() {
    // "Intention allows a blade to take or fend a piece one step beyond its normal constraints
    // when it is adjacent to its target."
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "X8"),
            (White, "Jutsu", "W8"),
            (Black, "Cloak", "X9"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    assert!(
        !notations_from(&r, &p, "X8").contains(&"$fX9".to_string()),
        "out of constraint"
    );
    play(&r, &mut p, "!$fX9");
    play(&r, &mut p, "SY15");
    play(&r, &mut p, "$fX9!");
    let cloak = r.set(Black).by_name("Cloak").unwrap();
    assert_eq!(p.reserve(Black, cloak), 1);
}

#[test]
fn bluffs_are_allowed_and_no_meta_move_with_intention() {
    // "you may bluff an intention of any describable move, even if it is untenable";
    // "You cannot meta-move and declare intention on the same turn."
    let r = rules();
    let mut p = declaring(&r);
    play(&r, &mut p, "!$tZ16");
    assert_eq!(p.intentions().next().map(|i| i.to), Some(sq("Z16")));
    play(&r, &mut p, "SY15");
    assert!(!notations(&r, &p).iter().any(|n| n.ends_with('!')));
    let p = declaring(&r);
    refuse(&r, &p, "aw !$tX8").by(
        "§2.0.11 Jutsu: Intention",
        "cannot meta-move and declare intention on the same turn",
    );
}

/// White's Sword on W4, which cannot strike Black's Cloak on X8 from there but can from its
/// engagement on X5; White's Jutsu on W8 shares X8's measure. White to move.
fn sword_by_its_engagement(r: &Rules) -> Position {
    pos(
        r,
        &[
            (White, "Self", "Y3"),
            (White, "Sword", "W4"),
            (White, "Engagement", "X5"),
            (White, "Jutsu", "W8"),
            (Black, "Self", "X13"),
            (Black, "Cloak", "X8"),
        ],
        White,
    )
}

#[test]
fn an_intention_by_a_stepping_stone_double_move() {
    // §2.0.11: "your Sword (or blade) sees the targeted piece, (either directly or by
    // double-move)"; "If the Sword would use an engagement double-move in order to reach the
    // attacked piece in the movement declared by intention, when enacted, the engagement is
    // removed and the Sword moves to that space before taking the target piece by strike."
    // The Sword on W4 cannot strike X8, but from its engagement on X5 it can.
    let r = rules();
    let mut p = sword_by_its_engagement(&r);
    let sword = r.set(White).by_name("Sword").unwrap();
    assert_eq!(
        veney_rules::special::intention::strike(&r, &p, White, sword, sq("W4"), sq("X8")),
        None
    );
    assert_eq!(
        veney_rules::special::intention::stone_route(&r, &p, White, sword, sq("W4"), sq("X8")),
        Some(sq("X5"))
    );
    assert_offered(&r, &p, "!$fX8");
    play(&r, &mut p, "!$fX8");
    assert_eq!(p.intentions().next().and_then(|i| i.via), Some(sq("X5")));
    assert!(
        p.to_text(&r).contains("intention=W:W4:X8:c:0:X5"),
        "{}",
        p.to_text(&r)
    );
    play(&r, &mut p, "---");
    // The strike: the engagement goes to reserve, the Sword stands on X5, the Cloak is fended,
    // the Jutsu goes to reserve.
    play(&r, &mut p, "$fX8!");
    let eng = r.set(White).by_name("Engagement").unwrap();
    let cloak = r.set(Black).by_name("Cloak").unwrap();
    let jutsu = r.set(White).by_name("Jutsu").unwrap();
    assert_eq!(p.piece_at(sq("X5")), Some((White, sword)));
    assert_eq!(p.piece_at(sq("W4")), None);
    assert_eq!(p.piece_at(sq("X8")), None);
    assert_eq!(p.reserve(Black, cloak), 1);
    assert_eq!(p.reserve(White, jutsu), 1);
    assert!(p.reserve(White, eng) >= 1);
    assert_eq!(p.turn(), Black);
}

#[test]
fn an_enacted_fend_of_the_balance_on_your_side_shadow_stabs() {
    // §2.0.18 Shadow-Stabbing: "When your opponent's Balance is on your side of the board,
    // fending it with a blade takes the Jutsu regardless of whether it is on the board or in
    // reserve." The strike of an intention is the blade's own fend (§2.0.11 "take or fend").
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "X6"),
            (White, "Jutsu", "W7"),
            (Black, "Balance", "X8"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    let jutsu = r.set(Black).by_name("Jutsu").unwrap();
    let balance = r.set(Black).by_name("Balance").unwrap();
    assert_eq!(p.reserve(Black, jutsu), 1);
    play(&r, &mut p, "!$fX8");
    play(&r, &mut p, "SY15");
    let enact: Vec<String> = notations(&r, &p)
        .into_iter()
        .filter(|n| n.ends_with('!') || n.contains("X8!"))
        .collect();
    assert!(!enact.is_empty(), "{:?}", notations(&r, &p));
    play(&r, &mut p, &enact[0]);
    assert_eq!(p.reserve(Black, balance), 1, "the Balance fended");
    assert_eq!(
        (p.reserve(Black, jutsu), p.discard(Black, jutsu)),
        (0, 1),
        "the Jutsu taken from reserve"
    );
}

#[test]
fn a_bluff_is_never_enacted() {
    // §2.0.11: "When your Jutsu occupies the same measure or diagonal as a piece you wish to
    // target, and your Sword (or blade) sees the targeted piece … you can declare an intention";
    // "you may bluff an intention of any describable move, even if it is untenable". Ruling
    // R-INTENTION: a bluff draws a reaction and is never enacted. The Jutsu on W1 shares
    // neither X8's measure nor a diagonal with it (a review found the bluff enacted).
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "X6"),
            (White, "Jutsu", "W1"),
            (Black, "Lantern", "X8"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    assert!(
        !notations(&r, &p).contains(&"!$tX8".to_string()),
        "not offered"
    );
    play(&r, &mut p, "!$tX8");
    assert!(p.intentions().next().is_some_and(|i| i.bluff));
    assert!(p.to_text(&r).contains(":bluff"), "{}", p.to_text(&r));
    assert_eq!(Position::from_text(&r, &p.to_text(&r)).unwrap(), p);
    play(&r, &mut p, "SY15");
    assert!(!notations(&r, &p).contains(&"$tX8!".to_string()));
    refuse(&r, &p, "$tX8!").by("§2.0.11 Jutsu: Intention", "a bluff is never enacted");
    // The control: the same declaration with the Jutsu aligned (W7, the Lantern's measure) is
    // enacted.
    let mut q = declaring(&r);
    play(&r, &mut q, "!$tX8");
    assert!(q.intentions().next().is_some_and(|i| !i.bluff));
    play(&r, &mut q, "SY15");
    assert!(notations(&r, &q).contains(&"$tX8!".to_string()));
}

#[test]
fn the_intention_lapses_when_its_target_leaves() {
    // §2.0.11: "…unless your opponent moves the target piece". Black's Lantern steps off X8: the
    // intention is gone at once, so no piece arriving there later (nor the Lantern stepping
    // back) can revive it.
    let r = rules();
    let mut p = declaring(&r);
    play(&r, &mut p, "!$tX8");
    assert!(p.intentions().next().is_some());
    let lantern_moves: Vec<String> = notations_from(&r, &p, "X8")
        .into_iter()
        .filter(|n| !n.contains('t') && !n.contains('f'))
        .collect();
    let away = lantern_moves
        .first()
        .expect("the Lantern can step away")
        .clone();
    play(&r, &mut p, &away);
    assert!(
        p.intentions().next().is_none(),
        "the target moved: {}",
        p.to_text(&r)
    );
}

#[test]
fn after_the_turns_move_refusals_name_the_double_move_and_passing_rules() {
    // §2.0.13 "you can never place a piece as one part of a double-move"; §2.0.VII: a withdrawal
    // "spends a turn"; §2.0.15: after the turn's move only glare or a declaration may follow. After two
    // passes a declaration alone would be a third pass (§2.0.16, §2.0.17).
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "X6"),
            (White, "Jutsu", "W7"),
            (White, "Engagement", "W5"),
            (White, "Engagement", "Z5"),
            (Black, "Lantern", "X8"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    let mut glare = p;
    let sword = veney_rules::notation::parse_turn(&r, &p, "$X7", 1).unwrap()[0];
    glare.play(&r, sword).unwrap();
    assert_eq!(
        glare.phase(),
        veney_rules::Phase::Glare,
        "a declaration is open"
    );
    // A withdrawal is a whole turn by the text's definition ("spends a turn", R-SECOND-MOVE).
    refuse(&r, &glare, "*eW5").by("§2.0.VII Take or Fend?", "second move of a double-move");
    refuse(&r, &glare, "G*X3").by("§2.0.13", "never place a piece as part of a double-move");
    // A move then is refused for the stage, not for the piece's pattern (a review found the
    // Sword's own rule cited).
    refuse(&r, &glare, "$X8").by("§2.0.15", "the turn's moves are made");
    refuse(&r, &glare, "SX3").by("§2.0.15", "the turn's moves are made");
    let passed = Position::from_text(&r, &format!("{} passes=2", p.to_text(&r))).unwrap();
    refuse(&r, &passed, "!$tX8").by("§2.0.17 Passing", "two passes in a row");
}

#[test]
fn a_bluff_at_a_square_without_an_opposing_piece_names_none() {
    // §2.0.11 "you may bluff an intention of any describable move": aimed at an empty square or
    // at one's own piece, the intention names no opposing target (`-` in the position text), so
    // no kind of one set is read in the other's (a review found the text writer indexing the
    // opponent's smaller set out of range). Standard against the Aristocrat (6 kinds).
    let r = game("standard", "aristocrat");
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "X6"),
            (White, "Jutsu", "W7"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    play(&r, &mut p, "!$tW7");
    let i = p.intentions().next().expect("declared");
    assert_eq!((i.target, i.bluff), (None, true));
    let text = p.to_text(&r);
    assert!(text.contains("intention=W:X6:W7:-:0:bluff"), "{text}");
    assert_eq!(Position::from_text(&r, &text).unwrap(), p);
    // A target in the blade's own case is refused.
    let bad = text.replace(":-:", ":J:");
    let e = Position::from_text(&r, &bad).unwrap_err();
    assert!(e.to_string().contains("opposing piece's code"), "{e}");
    // The intention stays to be seen while the opponent plays, and is never enacted.
    play(&r, &mut p, "SY15");
    assert!(p.intentions().next().is_some());
    assert!(!notations(&r, &p).iter().any(|n| n.ends_with('!')));
}

#[test]
fn a_declaration_the_blade_cannot_make_is_a_bluff_though_the_jutsu_is_aligned() {
    // §2.0.11: "When your Jutsu occupies the same measure or diagonal as a piece you wish to
    // target, and your Sword (or blade) sees the targeted piece": the Jutsu aligned with the
    // Lantern but the Sword on W5 not seeing X8 (R-INTENTION: a bluff).
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "W4"),
            (White, "Jutsu", "W7"),
            (Black, "Lantern", "X8"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    assert!(!notations(&r, &p).contains(&"!$tX8".to_string()));
    play(&r, &mut p, "!$tX8");
    let i = p.intentions().next().expect("declared");
    assert_eq!((i.target.is_some(), i.bluff), (true, true));
}

#[test]
fn only_the_declaring_blade_enacts_the_intention() {
    // §2.0.11 "Your Sword (or blade) sees the targeted piece … you enact the intention to take
    // that piece": the intention is the declaring blade's. In an army with two Swords the other
    // one, though it also sees the target, does not carry it out.
    use veney_rules::Action;
    let src = std::fs::read_to_string(set_path("standard")).unwrap();
    let at = src.find("name: \"Sword\"").unwrap();
    let count = at + src[at..].find("count: 1,").unwrap();
    let two_swords = format!(
        "{}count: 2, reserve: 1,{}",
        &src[..count],
        &src[count + 9..]
    );
    let army = veney_rules::PieceSet::from_ron(&set_path("standard"), &two_swords).unwrap();
    let r = Rules::with_sets(
        [std::sync::Arc::new(army), set("standard")],
        veney_rules::options::RuleOptions::default(),
    )
    .unwrap();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "X6"),
            (White, "Sword", "Y9"),
            (White, "Jutsu", "W7"),
            (Black, "Lantern", "X8"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    let sword = r.set(White).by_name("Sword").unwrap();
    let declare = Action::Declare {
        kind: sword,
        from: sq("X6"),
        to: sq("X8"),
    };
    assert!(p.legal_actions(&r).contains(&declare));
    p.play_turn(&r, &[declare]).unwrap();
    play(&r, &mut p, "SY15");
    let enactments: Vec<Action> = p
        .legal_actions(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Enact { .. }))
        .collect();
    assert_eq!(
        enactments,
        vec![Action::Enact {
            kind: sword,
            from: sq("X6"),
            to: sq("X8"),
        }]
    );
}

#[test]
fn a_blade_that_sees_its_target_beyond_its_range_declares_and_enacts_after_the_self_moves() {
    // §2.0.11: "your Sword (or blade) sees the targeted piece" — to see is the movement pattern,
    // "whether or not it can actually take" (§2.0.VII); "The attacking blade otherwise cannot
    // enact an intention outside its range constraint"; "Enacting intention … may be done along
    // with a move in concert by the Self … to position for the enactment". Ruling R-INTENTION
    // (a review found the declaration stored as a bluff, never enacted).
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "X7"),
            (White, "Jutsu", "W9"),
            (Black, "Lantern", "X10"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    // The Self in its first measure: the Sword's range ends at step 8 (§2.0.03).
    assert!(!notations_from(&r, &p, "X7").contains(&"$xX10".to_string()));
    assert_offered(&r, &p, "!$tX10");
    play(&r, &mut p, "!$tX10");
    assert!(
        p.intentions().next().is_some_and(|i| !i.bluff),
        "{}",
        p.to_text(&r)
    );
    play(&r, &mut p, "SY15");
    // Out of range still: the strike is not the turn's first action.
    assert!(!notations(&r, &p).contains(&"$tX10!".to_string()));
    refuse(&r, &p, "$tX10!").by("§2.0.11 Jutsu: Intention", "outside its range constraint");
    // The Self lunges to X5 (its second measure): the range reaches step 12, and the strike
    // follows in concert.
    let mut q = p;
    let t = veney_rules::notation::parse_turn(&r, &q, "SX5", 1).unwrap();
    q.play(&r, t[0]).unwrap();
    assert_offered(&r, &q, "$tX10!");
    play(&r, &mut p, "SX5 $tX10!");
    let lantern = r.set(Black).by_name("Lantern").unwrap();
    assert_eq!(p.piece_at(sq("X10")), None);
    assert_eq!(
        p.piece_at(sq("X7")).map(|x| x.1),
        r.set(White).by_name("Sword")
    );
    assert_eq!(p.discard(Black, lantern), 1);
}

#[test]
fn a_stone_that_strikes_now_is_remembered_before_a_sighting_out_of_range() {
    // §2.0.11 "either directly or by double-move"; "Intention allows a blade to take or fend a
    // piece one step beyond its normal constraints when it is adjacent to its target." The
    // Sword on Z9 sees the Lantern on X9 along rank 9 but out of its range (the Self in its
    // first measure: steps 1–8); by its engagement on Y8 it strikes X9 now, one step beyond.
    // Ruling R-INTENTION: that stone is the route remembered (a review found the sighting
    // hiding it, the strike never coming).
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "Z9"),
            (White, "Engagement", "Y8"),
            (White, "Jutsu", "W10"),
            (Black, "Lantern", "X9"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    play(&r, &mut p, "!$tX9");
    let i = p.intentions().next().expect("declared");
    assert!(!i.bluff);
    assert_eq!(i.via, Some(sq("Y8")), "{}", p.to_text(&r));
    play(&r, &mut p, "SY15");
    assert_offered(&r, &p, "$tX9!");
    play(&r, &mut p, "$tX9!");
    assert_eq!(p.piece_at(sq("X9")), None);
    assert_eq!(
        p.piece_at(sq("Y8")).map(|x| x.1),
        r.set(White).by_name("Sword")
    );
}

#[test]
fn a_strike_by_a_stepping_stone_may_follow_a_self_move_in_concert() {
    // §2.0.11: "Enacting intention … may be done along with a move in concert by the Self
    // and/or a double-move by the Sword to position for the enactment": ruling R-INTENTION keeps
    // this turn (the Self's move, the Sword onto its engagement, the strike) over §2.0.15's
    // general "maximum of one or two moves".
    let r = rules();
    let mut p = sword_by_its_engagement(&r);
    play(&r, &mut p, "!$fX8");
    play(&r, &mut p, "---");
    let sword = r.set(White).by_name("Sword").unwrap();
    let mut q = p;
    let self_move = veney_rules::notation::parse_turn(&r, &q, "SZ3", 1).unwrap();
    q.play(&r, self_move[0]).unwrap();
    let now = notations(&r, &q);
    assert!(now.contains(&"$fX8!".to_string()), "{now:?}");
    play(&r, &mut p, "SZ3 $fX8!");
    assert_eq!(p.piece_at(sq("X5")), Some((White, sword)));
    assert_eq!(p.piece_at(sq("X8")), None);
    assert_eq!(p.turn(), Black);
}

#[test]
fn a_strike_in_concert_goes_past_the_selfs_new_square() {
    // R-CONCERT: after the Self's move its partners move "past the Self's new square as if it
    // were not there"; the strike in concert is the blade's move (§2.0.11 "may be done along
    // with a move in concert by the Self"), so the Self stepping onto the blade's line does not
    // block it (a review found it refused).
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y3"),
            (White, "Sword", "X3"),
            (White, "Jutsu", "W8"),
            (Black, "Self", "Z13"),
            (Black, "Cloak", "X8"),
        ],
        White,
    );
    play(&r, &mut p, "!$fX8");
    // The declaration alone entered White's stance (R-HIRAKAMAE): Black may not pass, it moves.
    play(&r, &mut p, "SZ14");
    let mut q = p;
    let step = veney_rules::notation::parse_turn(&r, &q, "SX4", 1).unwrap();
    q.play(&r, step[0]).unwrap();
    assert_eq!(q.piece_at(sq("X4")).map(|x| x.0), Some(White));
    let now = notations(&r, &q);
    assert!(now.contains(&"$fX8!".to_string()), "{now:?}");
    play(&r, &mut p, "SX4 $fX8!");
    assert_eq!(p.piece_at(sq("X8")), None, "the Cloak fended");
}

#[test]
fn a_strike_in_concert_goes_by_its_stone_past_the_selfs_new_square() {
    // R-CONCERT: the partner "passes over the Self's new square as if it were empty … So does a
    // blade's strike in concert enacting an intention"; R-INTENTION: "after the Self's move, the
    // strike in concert may go by the remembered stone". White's Sword on W3 declares on Black's
    // Cloak on Y8 by its stone on W6; the Self's concert lunge to W4 then stands between the
    // Sword and the stone (a review found the strike by the stone refused there).
    let r = rules();
    let mut p = Position::from_text(
        &r,
        "4/3w/4/1s2/4/4/4/4/2c1/3J/E3/4/4/W3/2S1/4 w EEEDGLCBR/eeeedgljbr",
    )
    .unwrap();
    play(&r, &mut p, "!$fY8");
    play(&r, &mut p, "SY14");
    let cloak = r.set(Black).by_name("Cloak").unwrap();
    let in_reserve = p.reserve(Black, cloak);
    let mut q = p;
    play(&r, &mut q, "SW4 $fY8!");
    // The Sword stepped onto its stone and struck from there: the Cloak fended to reserve.
    let sword = r.set(White).by_name("Sword").unwrap();
    assert_eq!(
        q.piece_at(sq("W6")),
        Some((White, sword)),
        "{}",
        q.to_text(&r)
    );
    assert_eq!(q.piece_at(sq("Y8")), None);
    assert_eq!(q.reserve(Black, cloak), in_reserve + 1, "the Cloak fended");
    // The control: with the Self off the W-file the strike was open before the mend too.
    play(&r, &mut p, "SZ3 $fY8!");
    assert_eq!(p.reserve(Black, cloak), in_reserve + 1);
}

/// §2.0.11: the blade "sees the targeted piece, (either directly or by double-move)"; §2.0.18
/// Fire Dance: "Any one of the caster's pieces which enter the cast-square may make a
/// double-move from that space as if by stepping stone". The Sword on X4 cannot strike the
/// Lantern on Z8, but from its Fire Dance square X6 it can: the declaration is offered, is no
/// bluff, and the strike enters X6 (nothing to spend there) and takes Z8 (a review found it
/// never offered and, typed, kept as a bluff that could not be enacted).
#[test]
fn an_intention_by_a_fire_dance_double_move() {
    let r = rules();
    let p = declared_then_struck(
        &r,
        "4/1s2/4/4/4/4/4/4/J2l/4/4/4/1WS1/4/4/4 w EEEEDGLR/eeeedgjr turns=6 casts=wFX6",
        ("!$tZ8", "intention=W:X4:Z8:l:0:X6"),
        "SX14",
        "$tZ8!",
    );
    let sword = r.set(White).by_name("Sword").unwrap();
    let lantern = r.set(Black).by_name("Lantern").unwrap();
    let jutsu = r.set(White).by_name("Jutsu").unwrap();
    let eng = r.set(White).by_name("Engagement").unwrap();
    assert_eq!(p.piece_at(sq("X6")), Some((White, sword)));
    assert_eq!(p.piece_at(sq("Z8")), None);
    assert_eq!(p.discard(Black, lantern), 1);
    assert_eq!(p.reserve(White, jutsu), 1);
    assert_eq!(p.reserve(White, eng), 4, "no engagement spent");
}

/// §2.0.18 Fire Dance: a piece entering the cast-square may move on "as if by stepping stone,
/// even in conjunction with taking an opponent's piece on that square"; §2.0.VII: "There are two
/// different kinds of 'taking' a piece in this game: take and fend." The Sword on X4 cannot strike
/// the Lantern on Z8; its Fire Dance square X6 holds Black's engagement, which the Sword fends by
/// entering: the declaration is offered (no bluff), remembers X6, and the strike fends the
/// engagement, enters X6 and takes Z8 — two pieces (until session 39 such a square was no route,
/// README "Not yet").
#[test]
fn an_intention_by_a_fire_dance_square_taken_on_entering() {
    let r = rules();
    let p = declared_then_struck(
        &r,
        "4/1s2/4/4/4/4/4/4/J2l/4/1e2/4/1WS1/4/4/4 w EEEEDGLR/eeedgjr turns=6 casts=wFX6",
        ("!$tZ8", "intention=W:X4:Z8:l:0:X6"),
        "SX14",
        "$tZ8!",
    );
    let sword = r.set(White).by_name("Sword").unwrap();
    let lantern = r.set(Black).by_name("Lantern").unwrap();
    let black_eng = r.set(Black).by_name("Engagement").unwrap();
    assert_eq!(p.piece_at(sq("X6")), Some((White, sword)));
    assert_eq!(p.piece_at(sq("Z8")), None);
    assert_eq!(
        p.discard(Black, lantern),
        1,
        "the Lantern taken by the strike"
    );
    assert_eq!(
        p.reserve(Black, black_eng),
        4,
        "the engagement fended on entering"
    );
}

/// A Fire Dance square held by a piece the Sword cannot take (the opposing Ruin: "Ruin/Rien
/// cannot be taken or fended", §2.0.03) is no route: the declaration is not offered, and typed
/// it is a bluff (the empty square's route is `an_intention_by_a_fire_dance_double_move`).
#[test]
fn a_fire_dance_square_held_by_an_untakeable_piece_is_no_route() {
    let r = rules();
    let mut p = Position::from_text(
        &r,
        "4/1s2/4/4/4/4/4/4/J2l/4/1r2/4/1WS1/4/4/4 w EEEEDGLR/eeeedgj turns=6 casts=wFX6",
    )
    .unwrap();
    assert!(
        !notations(&r, &p).contains(&"!$tZ8".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    play(&r, &mut p, "!$tZ8");
    assert!(p.to_text(&r).ends_with(":bluff"), "{}", p.to_text(&r));
}

/// §2.0.11 "sees the targeted piece, (either directly or by double-move)"; §2.0.05 "Possession
/// also allows a player … to use it for a double-move by stepping stone" (R-STONE-FREE). White
/// possesses the free engagement on X6 (a light square); the Sword on X4 strikes Black's
/// engagement on W6 only from there: the declaration is offered, no bluff, and the strike sends
/// the free engagement to the centre point, enters X6 and fends W6 (a review found it kept as a
/// bluff, its strike refused).
#[test]
fn an_intention_by_the_possessed_free_engagement() {
    let r = rules();
    let p = declared_then_struck(
        &r,
        "4/4/4/bswc/1eee/4/4/4/J3/4/e@2/2EE/CWSB/2E1/4/4 w EDGLR/dgljr",
        ("!$fW6", "intention=W:X4:W6:e:0:X6"),
        "eX11",
        "$fW6!",
    );
    let sword = r.set(White).by_name("Sword").unwrap();
    assert_eq!(p.piece_at(sq("X6")), Some((White, sword)));
    assert_eq!(p.piece_at(sq("W6")), None, "the engagement fended");
    assert_eq!(
        p.free_square(),
        None,
        "the free engagement back at the centre point"
    );
}

/// §2.0.11 "When your Jutsu occupies the same measure or diagonal as a piece you wish to target,
/// and your Sword (or blade) sees the targeted piece … unless your opponent moves the target
/// piece"; §2.0.05: the free engagement is "This shared piece", moved by its possessor, and every
/// blade fends it. On X9 (a dark square) it is Black's possession; White's Jutsu on W10 shares
/// its measure and the Sword on X4 sees it: the declaration is offered (`@` in the position
/// text), and the strike sends it to the centre point, the Jutsu to reserve; Black moving it
/// away ends the intention (a review found it never a target, a declaration kept as a bluff).
#[test]
fn an_intention_on_the_free_engagement() {
    let r = rules();
    let start = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/J3/E@2/4/4/1E2/E1E1/CWSB/4/4/4 w DGLR/dgljr",
    )
    .unwrap();
    assert_offered(&r, &start, "!$fX9");
    let mut p = start;
    play(&r, &mut p, "!$fX9");
    let text = p.to_text(&r);
    assert!(text.contains("intention=W:X4:X9:@:0"), "{text}");
    assert_eq!(Position::from_text(&r, &text).unwrap(), p, "read back");
    let mut moved = p;
    play(&r, &mut p, "eW11");
    play(&r, &mut p, "$fX9!");
    let jutsu = r.set(White).by_name("Jutsu").unwrap();
    assert_eq!(p.free_square(), None, "fended to the centre point");
    assert_eq!(p.reserve(White, jutsu), 1, "the Jutsu to reserve");
    assert_eq!(p.intention_of(White), None);
    // Black moves the target: the intention ends.
    play(&r, &mut moved, "aY10");
    assert_eq!(moved.intention_of(White), None);
}

/// The position text's intention target: `-` (none) is a bluff's, `@` (the free engagement) an
/// intention's; each the other way round is refused, naming why.
#[test]
fn an_intentions_target_code_matches_its_bluff_mark() {
    let r = rules();
    let base = "4/4/4/bswc/eeee/4/J3/E@2/4/4/1E2/E1E1/CWSB/4/4/4 b DGLR/dgljr turns=1";
    for bad in [" intention=W:X4:X9:-:0", " intention=W:X4:X9:@:0:bluff"] {
        let e = Position::from_text(&r, &format!("{base}{bad}")).unwrap_err();
        assert!(e.to_string().contains("a bluff's"), "{e}");
    }
    assert!(Position::from_text(&r, &format!("{base} intention=W:X4:X9:-:0:bluff")).is_ok());
}

/// R-DYING: "An intention still open may be enacted as the dying move"; by its stepping stone
/// too (§2.0.11 "either directly or by double-move"): White, mated, strikes Black's Self on X8
/// from its engagement on X5 — a double checkmate (a review found every route refused once the
/// game's outcome stood, the mate's own).
#[test]
fn a_dying_move_enacts_an_intention_by_its_stepping_stone() {
    let r = rules();
    let mut p = Position::from_text(
        &r,
        "4/4/4/4/4/4/4/4/Js2/4/4/1E2/W3/2w1/4/4 w EEE/eeee turns=8 intention=W:W4:X8:s:0:X5 dying=w:Y3 over=touch:b",
    )
    .unwrap();
    assert_offered(&r, &p, "$tX8!##");
    play(&r, &mut p, "$tX8!##");
    assert_eq!(
        p.outcome(),
        Some(veney_rules::outcome::Outcome::DoubleCheckmate)
    );
}

/// A blade whose only route is a Fire Dance square held by an opposing piece, the target beyond
/// its own pattern: the declaration is listed, as `declare` finds it (a review found the list's
/// quick test skipping the blade, a typed declaration then failing the list's check).
#[test]
fn a_held_fire_dance_route_to_a_target_beyond_the_blades_pattern_is_listed() {
    let r = rules();
    let mut p = Position::from_text(
        &r,
        "4/1s2/4/4/4/J3/4/4/3l/4/1e2/4/1WS1/4/4/4 w EEEEDGLR/eeedgjr turns=6 casts=wFX6",
    )
    .unwrap();
    assert_offered(&r, &p, "!$tZ8");
    play(&r, &mut p, "!$tZ8");
    let text = p.to_text(&r);
    assert!(
        text.contains("intention=W:X4:Z8:l:0:X6") && !text.contains("bluff"),
        "{text}"
    );
}

/// R-NO-CONTEST: "Fending the free engagement is no contact" ("repetitions of the free
/// engagement … they are simply not fencing", §2.0.20) — by a strike too: the count goes on as
/// after a quiet move (a review found the strike on it restarting the count, the no-contest draw
/// put off by declaring on it again and again).
#[test]
fn a_strike_on_the_free_engagement_is_no_contact() {
    let r = rules();
    let start = "4/4/4/bswc/eeee/4/J3/E@2/4/4/1E2/E1E1/CWSB/4/4/4 w DGLR/dgljr quiet=5";
    let mut struck = Position::from_text(&r, start).unwrap();
    let mut quiet = struck;
    for t in ["!$fX9", "eW11", "$fX9!"] {
        play(&r, &mut struck, t);
    }
    for t in ["!$fX9", "eW11", "$W5"] {
        play(&r, &mut quiet, t);
    }
    assert_eq!(struck.free_square(), None, "the free engagement fended");
    assert!(
        struck.to_text(&r).contains("quiet=8"),
        "{}",
        struck.to_text(&r)
    );
    assert!(
        quiet.to_text(&r).contains("quiet=8"),
        "{}",
        quiet.to_text(&r)
    );
}
