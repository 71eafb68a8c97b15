//! Meta-moves of the free engagement and its repetition return (§2.0.05, §2.0.16).
mod common;
use common::*;
use veney_rules::intersection::Intersection;
use veney_rules::{FreePlace, Position};

#[test]
fn a_meta_move_comes_before_the_turns_move_and_with_a_pass_counts_as_a_pass() {
    // §2.0.05: "either player can reposition it one point along the intersections of the grid
    // before making a normal move for their turn"; "You may meta-move and then pass. (For the
    // purposes of the rules of passing, this counts as a pass.)"
    let r = rules();
    let start = Position::start(&r);
    for m in ["aw", "az", "a+", "a-"] {
        assert!(notations(&r, &start).contains(&m.to_string()), "{m}");
    }
    let mut p = start;
    play(&r, &mut p, "aw SY3");
    assert_eq!(p.free(), FreePlace::Off(Intersection::new(1, 8).unwrap()));
    assert_eq!(p.turn(), Black);
    let mut p = start;
    play(&r, &mut p, "a+ ---");
    assert_eq!(
        (p.passes(), p.free()),
        (1, FreePlace::Off(Intersection::new(2, 9).unwrap()))
    );
    // Entering play from the new point: it touches W/X on steps 8 and 9.
    let mut p = start;
    play(&r, &mut p, "aw aW9");
    assert_eq!(p.free_square(), Some(sq("W9")));
}

#[test]
fn a_whole_turn_of_a_meta_move_alone_ends_with_its_pass() {
    // §2.0.16: "making only a meta-move … amount[s] to a pass"; §2.0.R5: "--- pass (implied if
    // your only move is immaterial)". A turn played whole (`play_turn`) passes the turn, as a
    // record's replay does (a review found the turn left open, White still to move).
    let r = rules();
    let mut p = Position::start(&r);
    play(&r, &mut p, "aw");
    assert_eq!((p.turn(), p.passes()), (Black, 1));
    // After two passes the implied pass is refused (§2.0.17's forced move).
    let mut q = Position::start(&r);
    play(&r, &mut q, "---");
    play(&r, &mut q, "---");
    refuse(&r, &q, "aw").by("§2.0.17", "must now move");
}

#[test]
fn one_meta_move_a_turn_and_never_after_the_move() {
    let r = rules();
    let start = Position::start(&r);
    refuse(&r, &start, "aw aw").by("§2.0.05", "one meta-move a turn");
    refuse(&r, &start, "SY3 aw").by("§2.0.05", "a meta-move comes before the turn's move");
    // Not while the free engagement is in play.
    let p = start.with_free_on(sq("Y8"));
    assert!(!notations(&r, &p).iter().any(|n| n == "aw"));
}

#[test]
fn the_rulebooks_complex_turn_parses_and_applies() {
    // §2.0.16: "Meta-move the free engagement; Self lunges forward; Lantern flails forward to take
    // Cloak, revealing Glare to fend the Jutsu. (Would be notated like: aw SY7 LtZ8 LfJ~)".
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Lantern", "X6"),
            (Black, "Cloak", "Z8"),
            (Black, "Self", "Z14"),
            (Black, "Jutsu", "W15"),
        ],
        White,
    );
    play(&r, &mut p, "aw SY7 LtZ8 LfJ~");
    let jutsu = r.set(Black).by_name("Jutsu").unwrap();
    let cloak = r.set(Black).by_name("Cloak").unwrap();
    assert_eq!(p.reserve(Black, jutsu), 1);
    assert_eq!(p.discard(Black, cloak), 1);
    assert_eq!(p.turn(), Black);
}

#[test]
fn the_free_engagement_returns_to_the_centre_after_repetition() {
    // §2.0.05: "if it is pushed back to where it just came from twice in a row, the player whose
    // turn it is may choose to end this cycle by returning it to its starting point and then make
    // any other allowed move." Written `a=` (§2.0.R5).
    let r = rules();
    let start = Position::start(&r);
    let a = veney_rules::Square::all()
        .find(|s| {
            s.colour_owner() == White
                && !start.occupied().contains(*s)
                && s.offset(0, 1)
                    .is_some_and(|t| !start.occupied().contains(t))
        })
        .unwrap();
    let b = a.offset(0, 1).unwrap();
    let mut p = start.with_free_on(a);
    play(&r, &mut p, &format!("a{b}"));
    play(&r, &mut p, &format!("a{a}"));
    assert!(
        !notations(&r, &p).contains(&"a=".to_string()),
        "once is not a cycle"
    );
    play(&r, &mut p, &format!("a{b}"));
    assert_eq!(p.free_bounces(), 2);
    assert!(notations(&r, &p).contains(&"a=".to_string()));
    play(&r, &mut p, "a= SX14");
    assert_eq!(p.free(), FreePlace::Off(Intersection::CENTRE));
    assert_eq!(p.turn(), White);
}

#[test]
fn quibbling_twice_lets_either_player_reset_the_board() {
    // §2.0.20 Impasse: "If the free engagement is pushed back and forth at length and returned to
    // its starting point by repetition twice consecutively, either player can declare a reset of
    // the entire board on their own turn unless/until a move is made by a piece other than the
    // free engagement". Ruling R-QUIBBLE: `a==`.
    let r = rules();
    let text =
        "4/4/4/bswc/eeee/4/4/4/1@2/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr freefrom=X7:2 quibbles=1";
    let mut p = Position::from_text(&r, text).unwrap();
    assert!(
        !notations(&r, &p).contains(&"a==".to_string()),
        "one return is not enough"
    );
    play(&r, &mut p, "a= aX9");
    assert!(
        notations(&r, &p).contains(&"a==".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    // A move by another piece ends the quibbling.
    let mut q = p;
    play(&r, &mut q, "SY3");
    play(&r, &mut q, "SX14");
    assert!(!notations(&r, &q).contains(&"a==".to_string()));
    play(&r, &mut p, "a==");
    assert_eq!(p.turn(), Black);
    assert_eq!(p.piece_at(sq("Y4")), Position::start(&r).piece_at(sq("Y4")));
    assert!(p.free_square().is_none());
}

#[test]
fn the_returner_may_declare_the_quibbling_reset_at_once() {
    // §2.0.20 Impasse: "either player can declare a reset of the entire board on their own turn"
    // — the player who made the second return too, in the same turn (R-QUIBBLE).
    let r = rules();
    let text =
        "4/4/4/bswc/eeee/4/4/4/1@2/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr freefrom=X7:2 quibbles=1";
    let mut p = Position::from_text(&r, text).unwrap();
    play(&r, &mut p, "a= a==");
    assert_eq!(p.turn(), White, "the other player's turn follows");
    assert_eq!(p.piece_at(sq("Y4")), Position::start(&r).piece_at(sq("Y4")));
}

#[test]
fn another_piece_moving_ends_the_free_engagements_repetition() {
    // §2.0.05: "If the free engagement is pushed back and forth on the same two squares,
    // repeating a position three times (i.e. if it is pushed back to where it just came from
    // twice in a row)": a move of another piece between the pushes repeats no position.
    let r = rules();
    let text = "4/4/4/bswc/eeee/4/4/4/1@2/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr freefrom=X7:2";
    let mut p = Position::from_text(&r, text).unwrap();
    assert!(
        notations(&r, &p).iter().any(|n| n.starts_with("a=")),
        "the control"
    );
    play(&r, &mut p, "SY3");
    assert_eq!(p.free_bounces(), 0);
    assert!(
        !notations(&r, &p).iter().any(|n| n.starts_with("a=")),
        "{:?}",
        notations(&r, &p)
    );
}

#[test]
fn no_quibbling_reset_under_shima() {
    // §2.0.18 Shima: "retreat and reset are now impossible". The control: the same position
    // without Shima offers `a==` (quibbling_twice_lets_either_player_reset_the_board).
    let r = rules();
    let text = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr quibbles=2";
    let open = Position::from_text(&r, text).unwrap();
    assert!(notations(&r, &open).contains(&"a==".to_string()));
    // (Shima's reserves: "All reserved pieces except Daggers and engagements are discarded".)
    let shima = Position::from_text(
        &r,
        &format!("{} shima=1", text.replace("DGLJR/dgljr", "D/d")),
    )
    .unwrap();
    assert!(!notations(&r, &shima).contains(&"a==".to_string()));
    let mut q = shima;
    let e = q.play(&r, veney_rules::Action::QuibbleReset).unwrap_err();
    assert!(e.section.starts_with("§2.0.18 Devices: Shima"), "{e}");
}

#[test]
fn after_two_passes_a_meta_move_opening_a_move_on_the_board_comes_first() {
    // §2.0.17: "the first player who passed must now make a move on the board"; "The three
    // immaterial actions (meta-move, intention, and glare) will not suffice to respond to this
    // forced move." Black's Self is boxed in on Z16, its engagements are in reserve with nowhere
    // to go, and White's engagements fill the four squares around the free engagement's point:
    // no move on the board now, but a meta-move opens the free engagement's entry (aw, then
    // aW8). Ruling R-PASS-FORCED: the pass is not forced while a move on the board can be
    // reached this turn — the meta-moves are offered, not the pass; meta-moved, the entry.
    let r = rules();
    let p = Position::from_text(
        &r,
        "2Ws/2SD/4/4/4/4/4/1EE1/1EE1/4/4/4/4/4/4/4 b /eeee passes=2",
    )
    .unwrap();
    let mut now = notations(&r, &p);
    now.sort();
    assert_eq!(sorted(&["aw", "az", "a+", "a-"]), now);
    let mut q = p;
    let meta = veney_rules::notation::parse_turn(&r, &q, "aw", 1).unwrap();
    q.play(&r, meta[0]).unwrap();
    let now = notations(&r, &q);
    assert!(now.iter().any(|n| n.starts_with("aW")), "{now:?}");
    assert!(!now.contains(&"---".to_string()), "{now:?}");
}

/// R-PASS-FORCED, session 34: after two passes in a row "the first player who passed must now
/// make a move on the board" (§2.0.17); the board's reset after quibbling (§2.0.20) is none —
/// it would be a third pass — so it is refused there, and offered again once a move is made.
#[test]
fn no_reset_of_the_board_answers_a_forced_move() {
    let r = rules();
    let mut p = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/1@2/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr freefrom=X9:2 quibbles=1",
    )
    .unwrap();
    play(&r, &mut p, "a= ---");
    play(&r, &mut p, "---");
    assert_eq!((p.passes(), p.quibbles()), (2, 2));
    assert!(!notations(&r, &p).contains(&"a==".to_string()));
    refuse(&r, &p, "a==").by("§2.0.17 Passing", "a reset of the board is none");
    // Before the passes the reset was open to the player whose turn it was.
    let mut q = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/1@2/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr freefrom=X9:2 quibbles=1",
    )
    .unwrap();
    play(&r, &mut q, "a= ---");
    assert_eq!(q.quibbles(), 2);
    assert!(notations(&r, &q).contains(&"a==".to_string()));
}

/// R-PASS-FORCED, session 36: the reset is no move on the board, so it counts in §2.0.17's
/// tally as the pass it would be: after White's pass, Black's reset is the second in a row, and
/// White, "the first player who passed must now make a move on the board" (a review found the
/// reset wiping the count, four turns going by with no move and nobody ever forced).
#[test]
fn a_reset_after_a_pass_is_the_second_pass() {
    let r = rules();
    let mut p = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr quibbles=2",
    )
    .unwrap();
    play(&r, &mut p, "---");
    assert_eq!(p.passes(), 1);
    play(&r, &mut p, "a==");
    assert_eq!((p.turn(), p.passes(), p.quibbles()), (White, 2, 0));
    refuse(&r, &p, "---").by("§2.0.17 Passing", "must now move");
    // A move on the board answers it, and the tally starts again.
    play(&r, &mut p, "SY3");
    assert_eq!(p.passes(), 0);
    // The mirror: the reset first, then the opponent's pass — the resetter, who "passed"
    // first, must move on the board.
    let mut q = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr quibbles=2",
    )
    .unwrap();
    play(&r, &mut q, "a==");
    assert_eq!(q.passes(), 1);
    play(&r, &mut q, "---");
    assert_eq!((q.turn(), q.passes()), (White, 2));
    refuse(&r, &q, "---").by("§2.0.17 Passing", "must now move");
}

/// §2.0.18 Hirakamae: "the adversary may not pass"; the board's reset, no move on the board,
/// counts as one (R-PASS-FORCED), so it is not the adversary's either — while the side in the
/// stance, which passes at will, may declare it (an audit found it offered to the adversary).
#[test]
fn the_hirakamae_adversary_may_not_reset_the_board() {
    let r = rules();
    let text = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr quibbles=2";
    let adversary = Position::from_text(&r, &format!("{text} hira=0:1")).unwrap();
    assert!(!notations(&r, &adversary).contains(&"a==".to_string()));
    refuse(&r, &adversary, "a==").by("§2.0.18 Devices: Hirakamae", "may not pass");
    let stance = Position::from_text(&r, &format!("{text} hira=1:0")).unwrap();
    assert!(notations(&r, &stance).contains(&"a==".to_string()));
}

/// R-PASS-FORCED: "the side in the stance, passing at will, may [reset the board], and its
/// reset does not count toward two"; R-HIRAKAMAE: while the stance lasts "the two-pass limit
/// does not apply and the no-contest count does not grow". The reset is no move on the board,
/// so it does not end the stance (§2.0.18 "A move made by the enstanced player ends
/// hirakamae"; a review found the stance ended, the pass counted, the quiet count grown).
#[test]
fn the_enstanced_sides_reset_is_its_pass_and_keeps_the_stance() {
    let r = rules();
    let mut p = Position::from_text(
        &r,
        "4/4/4/b1wc/eese/4/4/4/4/4/C2B/EEEE/4/4/4/1WS1 w DGLJR/edgljr turns=20 quibbles=2 hira=1:0",
    )
    .unwrap();
    play(&r, &mut p, "a==");
    assert_eq!(p.hirakamae(veney_rules::Side::White), 1, "the stance lasts");
    assert_eq!(p.passes(), 0, "not counted toward two");
    assert_eq!(p.quiet_turns(), 0, "the no-contest count does not grow");
}

/// §2.0.16: a declaration or glare alone "amount to a pass"; in hirakamae the stance's passes do
/// not count toward two (R-HIRAKAMAE, P-PASSES; a review found them counted).
#[test]
fn in_the_stance_a_glare_or_declaration_alone_is_an_uncounted_pass() {
    let r = rules();
    let text = "4/4/4/1bsw/eeee/j3/4/4/4/4/2L1/EEEE/4/4/4/1WS1 w DGJRC/dglrc hira=1:0";
    for turn in ["LfJ~", "!$tW10"] {
        let mut p = Position::from_text(&r, text).unwrap();
        play(&r, &mut p, turn);
        assert_eq!(p.passes(), 0, "{turn}");
        assert_eq!(p.hirakamae(veney_rules::Side::White), 1, "{turn}");
        // Made in the stance's position before it is in force, each enters it, as `---` does
        // (R-HIRAKAMAE "enters it by passing").
        let mut p = Position::from_text(&r, &text.replace(" hira=1:0", " quiet=99")).unwrap();
        play(&r, &mut p, turn);
        assert_eq!(p.hirakamae(veney_rules::Side::White), 1, "{turn} enters");
        // The entering turn is one in the stance: the no-contest count does not grow (a glare
        // is contact and clears it; a review found the declaration's entering turn counted).
        assert!(p.quiet_turns() <= 99, "{turn}: {}", p.quiet_turns());
        assert!(!p.is_game_over(), "{turn}");
        assert_eq!(
            p.passes(),
            0,
            "{turn}: the entering pass is the stance's own"
        );
    }
}
