//! The position text refuses states no game reaches, with the reason and the range it expects
//! (docs/POSITION.md, docs/rulings/veney-position-text.md), and its messages say what is wrong.
mod common;
use common::*;
use veney_rules::ParseError;
use veney_rules::options::{RetreatLimit, UntenablePolicy};
use veney_rules::position_text::{FIELDS, START};
use veney_rules::{Position, Rules};

/// The error for a text that must be refused; it must point at `key`'s field.
#[track_caller]
fn refused(r: &Rules, text: &str, key: &str) -> ParseError {
    let e = Position::from_text(r, text).expect_err(text);
    let col = text.find(&format!(" {key}=")).map(|i| i + 2);
    if let Some(col) = col {
        assert_eq!(e.col, col, "{e}");
    }
    e
}

#[track_caller]
fn accepted(r: &Rules, text: &str) -> Position {
    Position::from_text(r, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Black's Self boxed in on Z16 by White's Sword, Self and Dagger, the free engagement in play
/// on White's colour: Black has nothing to do but pass; White has moves.
const BOXED: &str = "2Ws/2SD/4/4/4/4/4/4/4/4/4/4/1@2/4/4/4 w EEEE/eeee";

#[test]
fn more_than_two_passes_only_when_each_extra_pass_was_forced() {
    // §2.0.17: "if the opponent then also passes, the first player who passed must now make a
    // move on the board. In other words, a maximum two passes can occur consecutively." A player
    // with no other tenable action may still pass (R-PASS-FORCED).
    let r = rules();
    assert_eq!(accepted(&r, &format!("{START} passes=2")).passes(), 2);
    let e = refused(&r, &format!("{START} passes=3"), "passes");
    for words in [
        "§2.0.17",
        "R-PASS-FORCED",
        "Black (passed last) has a move",
        "0 to 2",
    ] {
        assert!(e.message.contains(words), "{words}: {e}");
    }
    // Black could do nothing but pass: its third pass was forced.
    assert_eq!(accepted(&r, &format!("{BOXED} passes=3")).passes(), 3);
    // A fourth needs White's pass before it to have been forced too, but White has moves.
    let e = refused(&r, &format!("{BOXED} passes=4"), "passes");
    assert!(e.message.contains("White (passed before"), "{e}");
}

#[test]
fn passes_stay_within_the_counter_not_the_no_contest_count() {
    // §2.0.16: a glare with no move before it "technically … amount[s] to a pass"; R-NO-CONTEST
    // counts it as contact. So passes may outnumber the quiet turns, and the no-contest count
    // bounds them not (P-PASSES; a review found a glare and a pass under a count of 2 reaching
    // `passes=2 quiet=1`, the game going on, and the text refused when read back).
    let r = rules();
    let p =
        Position::from_text(&r, "3j/4/4/4/1ws1/4/3g/4/4/4/4/4/4/2L1/4/SW2 w EEEE/eeee").unwrap();
    for (count, turns, over) in [
        (1u16, &["LfJ~", "---"][..], true),
        (2, &["LfJ~", "---"][..], false),
    ] {
        let mut o = r.options.clone();
        o.no_contest_turns = Some(count);
        let nc = Rules::standard_with(o);
        let mut q = p;
        for t in turns {
            play(&nc, &mut q, t);
        }
        assert_eq!(q.passes(), 2, "count {count}");
        assert_eq!(q.is_game_over(), over, "count {count}");
        let text = q.to_text(&nc);
        assert_eq!(accepted(&nc, &text), q, "count {count}: {text}");
    }
    // Past the counter: the expected range, not "expected a number".
    let e = refused(&r, &format!("{START} passes=256"), "passes");
    assert!(
        e.message.contains("expected 0 to 2 consecutive passes"),
        "{e}"
    );
    assert!(e.message.contains("up to 255"), "{e}");
    let e = refused(&r, &format!("{START} passes=-1"), "passes");
    assert!(e.message.contains("expected 0 to 2"), "{e}");
    // On the start position Black had moves: three passes are refused by R-PASS-FORCED.
    let e = refused(&r, &format!("{START} passes=255"), "passes");
    assert!(e.message.contains("R-PASS-FORCED"), "{e}");
}

#[test]
fn retreats_stay_within_the_retreat_limit() {
    // §2.0.02: a game reset upon retreat has not ended "(unless the retreat limit has been
    // accidentally surpassed, which is considered a resignation)". The default limit is one.
    let r = rules();
    accepted(&r, &format!("{START} retreats=1/1"));
    for v in ["255/0", "2/0", "0/2"] {
        let e = refused(&r, &format!("{START} retreats={v}"), "retreats");
        assert!(e.message.contains("retreat limit 1"), "{e}");
        assert!(e.message.contains("§2.0.02"), "{e}");
        assert!(e.message.contains("from 0 to the retreat limit 1"), "{e}");
    }
    // The retreat beyond the limit was played and ended the game: Black won.
    accepted(&r, &format!("{START} retreats=2/0 over=retreatlimit:b"));
    refused(
        &r,
        &format!("{START} retreats=2/0 over=retreatlimit:w"),
        "retreats",
    );
    refused(
        &r,
        &format!("{START} retreats=3/0 over=retreatlimit:b"),
        "retreats",
    );
    let e = refused(&r, &format!("{START} retreats=256/0"), "retreats");
    assert!(e.message.contains("from 0 to the retreat limit 1"), "{e}");
    let mut o = r.options.clone();
    o.retreat_limit = RetreatLimit::Unlimited;
    let unlimited = Rules::standard_with(o);
    accepted(&unlimited, &format!("{START} retreats=255/0"));
    let e = refused(&unlimited, &format!("{START} retreats=256/0"), "retreats");
    assert!(e.message.contains("each from 0 to 255"), "{e}");
}

#[test]
fn engagements_are_never_discarded() {
    // §2.0.04: "Engagements are fended by all pieces. Engagements are never taken." Two of
    // Black's four are neither on the board nor in reserve.
    let r = rules();
    let text = "4/4/4/bswc/ee2/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
    let e = refused(&r, text, "reserves");
    assert_eq!(e.col, text.find(" DGLJR").unwrap() + 2, "{e}");
    assert!(e.message.contains("§2.0.04"), "{e}");
    assert!(e.message.contains("2 of Black's 4 Engagement"), "{e}");
    // In Black's reserve they are fine (fended engagements go there).
    accepted(
        &r,
        "4/4/4/bswc/ee2/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljree",
    );
    // A piece penalty discards the piece that made an untenable move, engagements too (§2.0.22).
    let mut o = r.options.clone();
    o.untenable = UntenablePolicy::PiecePenaltyAbsolute;
    accepted(&Rules::standard_with(o), text);
}

#[test]
fn a_pinned_blade_lies_under_an_opposing_cloak() {
    // §2.0.06: the Cloak "sits atop the blade and keeps it pinned in one place". White's Cloak
    // sits on Black's Sword on Y13.
    let r = rules();
    let pinning = "4/4/4/bsCc/eeee/4/4/4/4/4/4/EEEE/1WSB/4/4/4 w DGLJR/dgljr";
    accepted(&r, &format!("{pinning} pinned=w:Y13:0"));
    accepted(&r, &format!("{pinning} pinned=w:Y13:4 turns=6"));
    // The case: nothing on X6, and Black's Sword also on the board. Said as such, not as
    // "Black has 2 Sword on the board".
    let e = refused(&r, &format!("{START} pinned=w:X6:0"), "pinned");
    assert!(
        e.message
            .contains("Black's Sword is pinned on X6, but no White Cloak stands there"),
        "{e}"
    );
    assert!(e.message.contains("§2.0.06"), "{e}");
    assert!(!e.message.contains("has 2"), "{e}");
    // The case gives the blade's side: White's Sword cannot lie under White's own Cloak.
    let e = refused(&r, &format!("{pinning} pinned=W:Y13:0"), "pinned");
    assert!(e.message.contains("White's Cloak stands there"), "{e}");
    // Only a blade is pinned.
    let e = refused(&r, &format!("{pinning} pinned=c:Y13:0"), "pinned");
    assert!(e.message.contains("blade capture pins a blade"), "{e}");
    // Not captured in the future.
    let e = refused(&r, &format!("{pinning} pinned=w:Y13:5"), "pinned");
    assert!(e.message.contains("only 0 turns are completed"), "{e}");
}

#[test]
fn an_unknown_field_lists_every_field() {
    let r = rules();
    let e = refused(&r, &format!("{START} colour=red"), "colour");
    for key in FIELDS {
        assert!(e.message.contains(&format!(" {key}")), "{key}: {e}");
    }
    // Every listed key is one the reader knows (whatever it makes of the value).
    for key in FIELDS {
        for value in ["1", "?", "w", "X5", "W:X6:0"] {
            if let Err(e) = Position::from_text(&r, &format!("{START} {key}={value}")) {
                assert!(!e.message.contains("unknown field"), "{key}={value}: {e}");
            }
        }
    }
    // And docs/POSITION.md has a row for each.
    let doc = include_str!("../../../docs/POSITION.md");
    for key in FIELDS {
        assert!(
            doc.contains(&format!("| `{key}=")),
            "docs/POSITION.md lacks `{key}=`"
        );
    }
}

#[test]
fn every_field_written_is_a_listed_field() {
    // The keys `to_text` writes over random games are all in FIELDS (so the unknown-field
    // message and the documentation cover them).
    let r = rules();
    for seed in 0..40 {
        let p = veney_rules::playout::random_position(
            &r,
            Position::start(&r),
            &mut veney_rules::rng::seeded(seed),
            60,
        );
        let text = p.to_text(&r);
        for field in text.split(' ').skip(3) {
            let key = field.split('=').next().unwrap();
            assert!(FIELDS.contains(&key), "{key} in {text}");
        }
    }
}

/// White's Dagger on X6, Black's Self on X13 along line X: the board of the throw tests below.
const DAGGER_OUT: &str = "4/4/4/bswc/eeee/4/4/4/4/4/1D2/EEEE/CWSB/4/4/4 w GLJR/dgljr";

#[test]
fn a_throw_in_the_air_is_a_throwing_piece_at_the_other_self() {
    // §2.0.08 Dagger Throw: the Dagger is thrown at the opposing Self; the roll then resolves
    // it, so a throw from an empty square or at another square could never be resolved.
    let r = rules();
    let p = accepted(&r, &format!("{DAGGER_OUT} throw=X6-X13"));
    assert!(matches!(
        p.phase(),
        veney_rules::position::Phase::Throw { .. }
    ));
    let e = refused(&r, &format!("{DAGGER_OUT} throw=W1-X13"), "throw");
    assert!(
        e.to_string()
            .contains("W1 holds no piece of White's that throws"),
        "{e}"
    );
    // The Sword does not throw.
    let e = refused(&r, &format!("{DAGGER_OUT} throw=X4-X13"), "throw");
    assert!(e.to_string().contains("that throws"), "{e}");
    let e = refused(&r, &format!("{DAGGER_OUT} throw=X6-W13"), "throw");
    assert!(
        e.to_string().contains("Black's Self, which is not on W13"),
        "{e}"
    );
}

#[test]
fn numbers_beyond_their_range_are_refused_not_wrapped() {
    let r = rules();
    // 256 reserve letters: more than the game has (a u8 count would wrap to none).
    let many = format!(
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w {}GLJR/dgljr",
        "D".repeat(256)
    );
    let e = Position::from_text(&r, &many).expect_err("256 Daggers");
    // Said as more than a count holds, at the first too many — not as 255 (a review found
    // 1,000 Daggers reported as 255); 255 of them are more than the game has.
    assert!(
        e.to_string()
            .contains("more than 255 Dagger letters in White's reserve"),
        "{e}"
    );
    assert_eq!(e.col, 47 + 255, "the 256th D");
    let few = many.replacen('D', "", 1);
    let e = Position::from_text(&r, &few).expect_err("255 Daggers");
    assert!(e.to_string().contains("255 in reserve, but only"), "{e}");
    // A whole-position check names no token: no "(at ``)" (a review found it printed).
    let e = Position::from_text(
        &r,
        "4/4/4/b1wc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr",
    )
    .expect_err("no Self");
    assert!(!e.to_string().contains("(at ``)"), "{e}");
    assert!(e.to_string().contains("no Self on the board"), "{e}");
    // A reposition's step is 1 to 16 (§2.0.18 Obscurant Chaos: behind the cast square).
    let base = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr distraction=-";
    let e = refused(&r, &format!("{base} reposition=255:n"), "reposition");
    assert!(e.to_string().contains("STEP 1 to 16"), "{e}");
    let e = refused(&r, &format!("{base} reposition=9:x"), "reposition");
    assert!(e.to_string().contains("STEP:t or STEP:n"), "{e}");
}

#[test]
fn an_on_field_is_written_one_and_a_cast_names_the_movers_own_caster() {
    // docs/POSITION.md: `shima=1`, `contact=1`, … are on when written; `cast=L:2` a Lantern of
    // the mover's was cast into measure 2 (§2.0.18). A review found `shima=0` turning Shima
    // on, and `cast=` reading another side's piece or an engagement, which cannot be cast.
    let r = rules();
    for key in ["shima", "contact", "released", "deathspell", "reclaim"] {
        let e = refused(&r, &format!("{START} {key}=0"), key);
        assert!(e.message.contains(&format!("expected {key}=1")), "{e}");
    }
    for v in ["E:1", "l:2"] {
        let e = refused(&r, &format!("{START} cast={v}"), "cast");
        assert!(
            e.message.contains("mover's own piece that can be cast"),
            "{e}"
        );
    }
}

/// §2.0.18 Cast Piece: "Into a rare empty measure between the two players' Self pieces": a cast
/// in the air is aimed at one of those (R-CAST), so `cast=` naming any other measure is no
/// position a game reaches, and its landing could never be played (a review found `cast=L:1`
/// read, aimed at White's own Self's measure, and the app's toss never resolving).
#[test]
fn a_cast_in_the_air_is_aimed_at_an_empty_measure_between_the_selves() {
    let r = rules();
    let open = "4/4/4/bswc/4/4/4/4/4/4/4/4/CWSB/4/4/4 w EEEEDGJR/eeeedgljr";
    for m in [2, 3] {
        let p = accepted(&r, &format!("{open} cast=L:{m}"));
        let mut landings = Vec::new();
        veney_rules::movegen::legal_actions(&r, &p, &mut landings);
        assert!(!landings.is_empty());
    }
    for m in [1, 4] {
        let e = refused(&r, &format!("{open} cast=L:{m}"), "cast");
        assert!(
            e.message.contains(&format!(
                "measure {m} is not an empty measure between the two Selves"
            )),
            "{e}"
        );
    }
    let full = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGJR/dgljr";
    refused(&r, &format!("{full} cast=L:2"), "cast");
}

#[test]
fn donkeys_in_the_text_agree_with_the_board_and_the_game() {
    // §2.0.23: each player has one Donkey; "The Donkey may not be harmed" — nothing lands on it.
    // A review found a Donkey read on a piece's square, two on one square, and the Donkey's
    // move with no Donkey on the board (a position with no action at all).
    let mut o = rules().options.clone();
    o.donkey = true;
    let r = Rules::standard_with(o);
    let s = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
    accepted(&r, &format!("{s} donkey=wX8"));
    // The Donkey moves after its placer's turn, before the other side's (§2.0.23; a review
    // found White's Donkey read to move before White's own turn).
    let black_to_move = s.replacen(" w ", " b ", 1);
    accepted(&r, &format!("{black_to_move} donkey=wX8 donkeymove=w"));
    let e = refused(&r, &format!("{s} donkey=wX8 donkeymove=w"), "donkeymove");
    assert!(e.message.contains("after White's turn"), "{e}");
    let e = refused(&r, &format!("{s} donkey=wX4"), "donkey");
    assert!(e.message.contains("shares the square with a piece"), "{e}");
    let e = refused(&r, &format!("{s} donkey=wX8,bX8"), "donkey");
    assert!(e.message.contains("both Donkeys on X8"), "{e}");
    // "Each player may have a donkey": a second of one side's is refused, not read over the
    // first (a review found `donkey=wX5,wY6` read as White's on Y6 alone).
    let e = refused(&r, &format!("{s} donkey=wX8,wY9"), "donkey");
    assert!(
        e.message.contains("White has one Donkey: wY9 is a second"),
        "{e}"
    );
    let e = refused(&r, &format!("{s} donkey=wX8 donkeyhome=w"), "donkeyhome");
    assert!(e.message.contains("not in reserve too"), "{e}");
    let e = refused(&r, &format!("{s} donkey=wX8 donkeymove=b"), "donkeymove");
    assert!(e.message.contains("Black's Donkey, to move now"), "{e}");
    // Without the Donkey in the game, none is read.
    let plain = rules();
    let e = refused(&plain, &format!("{s} donkey=wX8"), "donkey");
    assert!(e.message.contains("no Donkey in this game"), "{e}");
}

#[test]
fn a_dying_move_needs_the_self_taken_and_the_checkmate_by_touch() {
    // §2.0.20: the dying move answers a checkmate by touch, the mated Self taken. A review found
    // `dying=` read with that Self still on the board.
    let r = rules();
    let s = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
    let e = refused(&r, &format!("{s} dying=w:X13 over=touch:b"), "dying");
    assert!(
        e.message.contains("White's Self stands on the board"),
        "{e}"
    );
    // Black's Self gone from Y13 (taken there): read, with the checkmate; not without it.
    let gone = "4/4/4/bw1c/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr";
    accepted(&r, &format!("{gone} dying=b:Y13 over=touch:w"));
    let e = refused(&r, &format!("{gone} dying=b:Y13 over=disarm:w"), "dying");
    assert!(e.message.contains("over=touch:w"), "{e}");
}

#[test]
fn columns_are_counted_in_characters() {
    // A review found columns counted in bytes: after a non-ASCII character (a set's accented
    // name, a non-breaking or ideographic space pasted in) every column was too far right.
    let r = rules();
    let s = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
    let text = format!("{s}\u{3000}turns=2\u{a0}passes=x");
    let e = Position::from_text(&r, &text).unwrap_err();
    let at = text.find("passes=").unwrap();
    assert_eq!(e.col, text[..at].chars().count() + 1, "{e}");
    assert_eq!(e.col, s.len() + 10, "{e}");
    // A turn with an ideographic space (three bytes, one character): the '9' of its second
    // token is the seventh character (it was reported at the ninth byte).
    let p = Position::start(&r);
    let e = veney_rules::notation::parse_turn(&r, &p, "SY3\u{3000}qQ9", 1).unwrap_err();
    assert_eq!(e.col, 7, "{e}");
}

#[test]
fn a_dying_move_is_the_mated_sides_next_move() {
    // §2.0.20: "If a touch-checkmated player is able to disarm in return on the next move": the
    // mated side is to move (a review found the winner given a turn more).
    let r = rules();
    let gone = "4/4/4/bw1c/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4";
    accepted(
        &r,
        &format!("{gone} b DGLJR/dgljr dying=b:Y13 over=touch:w"),
    );
    let e = refused(
        &r,
        &format!("{gone} w DGLJR/dgljr dying=b:Y13 over=touch:w"),
        "dying",
    );
    assert!(e.message.contains("Black is to move"), "{e}");
}

#[test]
fn an_intention_is_a_blades() {
    // §2.0.11: "your Sword (or blade) sees the targeted piece" — a Cloak declares nothing (a
    // review found a Cloak's intention read and enacted, discarding a Lantern).
    let r = rules();
    let s = "4/4/4/bswc/eeee/4/4/4/4/4/1l2/EEEE/CWSB/4/4/3J w DGLR/dgjr";
    let e = refused(&r, &format!("{s} intention=C:W4:X6:l:0"), "intention");
    assert!(e.message.contains("a blade"), "{e}");
}

#[test]
fn en_passant_names_the_square_an_engagement_passed() {
    // §2.0.04: a pawn that moved "more than one space and passed an opposing pawn that
    // threatens the first of these squares": the target is on the engagement's line, the first
    // square it passed (a review found `ep=X11-Z5` read, a fend from six steps away); `epn=`
    // (the mover's own this turn) only after the turn's first move.
    let r = rules();
    let s = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4";
    let e = refused(&r, &format!("{s} b DGLJR/dgljr ep=X11-Z5"), "ep");
    assert!(e.message.contains("first square passed"), "{e}");
    // White's engagement on X7, from X5 (its second measure, where it advances 1–3,
    // R-PAWN-ADVANCE): X6 is the square passed; X8 is not.
    let t = "4/4/4/bswc/eeee/4/4/4/4/1E2/4/4/4/4/4/S3 b EEE/dgljr";
    accepted(&r, &format!("{t} ep=X6-X7"));
    let e = refused(&r, &format!("{t} ep=X8-X7"), "ep");
    assert!(e.message.contains("first square passed"), "{e}");
    // From X4, its first measure, an engagement steps one square: no advance of two to X7
    // began there (a review found `ep=X5-X7` read).
    let e = refused(&r, &format!("{t} ep=X5-X7"), "ep");
    assert!(e.message.contains("first square passed"), "{e}");
    // On X5: not from X3 (first measure), and never from ahead of it, X9 or X10 (a review
    // found `ep=X8-X5` read: an en passant fend from three steps beyond).
    let t5 = "4/4/4/bswc/eeee/4/4/4/4/4/4/1E2/4/4/4/S3 b EEE/dgljr";
    for ep in ["X4-X5", "X8-X5", "X9-X5", "X6-X5"] {
        let e = refused(&r, &format!("{t5} ep={ep}"), "ep");
        assert!(e.message.contains("first square passed"), "{ep}: {e}");
    }
    // epn: the mover's own, mid-turn only.
    let e = refused(
        &r,
        &t.replacen(" b ", " w ", 1)
            .replace("ep=", "epn=")
            .to_string()
            .replace(" EEE/dgljr", " EEE/dgljr epn=X6-X7"),
        "epn",
    );
    assert!(
        e.message.contains("not before the turn's first move"),
        "{e}"
    );
    let e = refused(&r, &format!("{s} w DGLJR/dgljr epn=X3-Z5"), "epn");
    assert!(e.message.contains("first square passed"), "{e}");
}

#[test]
fn freefrom_is_a_square_from_the_free_engagement() {
    // §2.0.05: the free engagement "moves one square"; `freefrom=SQ:n` is where its last move
    // came from, with the back-and-forth count the quibbling reset reads (§2.0.20). A review
    // found `freefrom=Z16:2` read with it on X8, the reset `a==` offered with no repetition.
    let r = rules();
    let s = "4/4/4/bswc/eeee/4/4/4/1@2/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr";
    accepted(&r, &format!("{s} freefrom=X7:2"));
    let e = refused(&r, &format!("{s} freefrom=Z16:2"), "freefrom");
    assert!(
        e.message.contains("a square from where it stands (X8)"),
        "{e}"
    );
    let off = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr";
    let e = refused(&r, &format!("{off} freefrom=X7:0"), "freefrom");
    assert!(e.message.contains("not on the board"), "{e}");
}

#[test]
fn no_death_spell_without_the_devices() {
    // R-DEVICES: with the obscure devices left out there is no Death Spell (§2.0.18), so a
    // position marking one is refused, naming the agreed terms.
    let mut o = rules().options.clone();
    o.devices = false;
    let plain = Rules::standard_with(o);
    let text = "4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/S3 b EEEE/eeee over=touch:w deathspell=1";
    let e = refused(&plain, text, "deathspell");
    assert!(e.message.contains("R-DEVICES"), "{e}");
}

/// §2.0.18 Death Spell: "if the player having just been checkmated by touch immediately follows
/// not with double-checkmate but rather with the negation of Jutsu-takes-Jutsu, they still
/// lose": `deathspell=1` only after a checkmate by touch whose dying move was made (a review
/// found it read beside an agreed draw, a resignation and an open game).
#[test]
fn the_death_spell_follows_a_checkmate_by_touch_only() {
    let r = rules();
    let board = "4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/S3 b EEEE/eeee";
    assert!(Position::from_text(&r, &format!("{board} over=touch:w deathspell=1")).is_ok());
    for ending in ["over=agreed", "over=resign:w", "over=double"] {
        let e = refused(&r, &format!("{board} {ending} deathspell=1"), "deathspell");
        assert!(e.message.contains("§2.0.18 Death Spell"), "{ending}: {e}");
    }
    // An open game.
    let e = refused(&r, &format!("{START} deathspell=1"), "deathspell");
    assert!(e.message.contains("§2.0.18 Death Spell"), "{e}");
}

/// `then=` and `concert=` both name the square the turn's one first move landed on (a Self
/// onto a stepping stone opens both ways to a second move, one of which is picked, §2.0.15
/// Double-Moves): a text naming two squares describes two first moves and is refused at
/// `concert=` (a review found it read).
#[test]
fn then_and_concert_name_one_square() {
    let r = Rules::standard();
    let both = format!("{BOXED} then=Y15 concert=Y15");
    let p = accepted(&r, &both);
    assert_eq!(p.to_text(&r), both);
    let e = refused(&r, &format!("{BOXED} then=Z15 concert=Y15"), "concert");
    assert!(e.to_string().contains("two first moves"), "{e}");
    let e = refused(&r, &format!("{BOXED} concert=Y15 then=Z15"), "concert");
    assert!(e.to_string().contains("two first moves"), "{e}");
}

/// The no-contest count (§2.0.20: the game is drawn after that many turns without contact): a
/// game going on has had fewer quiet turns; at the count the text must say it ended (a review
/// found `quiet=150` read as a game going on, drawn one move later).
#[test]
fn quiet_turns_reach_the_no_contest_count_only_in_an_ended_game() {
    let r = Rules::standard();
    let start = Position::start(&r).to_text(&r);
    accepted(&r, &format!("{start} quiet=99"));
    let e = refused(&r, &format!("{start} quiet=150"), "quiet");
    assert!(
        e.to_string().contains("drawn by no contest after 100"),
        "{e}"
    );
    refused(&r, &format!("{start} quiet=100"), "quiet");
    let over = accepted(&r, &format!("{start} quiet=100 over=nocontest"));
    assert!(over.is_game_over());
}

/// R-THROW-LINE: a throw flies along a line, step or diagonal, past engagements only. A position
/// text whose throw no game could make is refused (a review found one across the board read and
/// its hit played, and one through a Cloak).
#[test]
fn a_throw_in_the_air_flies_along_a_clear_line() {
    let r = rules();
    let ok = "4/4/4/2s1/4/4/4/4/4/4/4/4/4/2D1/2S1/4 w EEEE/eeee then=Y3 throw=Y3-Y13";
    Position::from_text(&r, ok).unwrap_or_else(|e| panic!("{e}"));
    let askew = "4/4/4/2s1/4/4/4/4/4/4/2S1/4/4/D3/4/4 w EEEE/eeee then=W3 throw=W3-Y13";
    let e = Position::from_text(&r, askew).unwrap_err();
    assert!(e.message.contains("not on one line"), "{e}");
    let blocked = "4/4/4/2s1/4/4/2C1/4/4/4/4/4/4/2D1/2S1/4 w EEEE/eeee then=Y3 throw=Y3-Y13";
    let e = Position::from_text(&r, blocked).unwrap_err();
    assert!(e.message.contains("stands between"), "{e}");
    // Nothing flies past a Donkey (§2.0.23), whichever field the text gives first.
    let mut o = r.options.clone();
    o.donkey = true;
    let r = Rules::standard_with(o);
    Position::from_text(&r, &format!("{ok} donkey=bX8")).unwrap_or_else(|e| panic!("{e}"));
    for donkey in [
        format!("{ok} donkey=bY8"),
        "4/4/4/2s1/4/4/4/4/4/4/4/4/4/2D1/2S1/4 w EEEE/eeee then=Y3 donkey=bY8 throw=Y3-Y13"
            .to_string(),
    ] {
        let e = Position::from_text(&r, &donkey).unwrap_err();
        assert!(
            e.message.contains("or a Donkey, stands between"),
            "{donkey}: {e}"
        );
    }
}

/// §2.0.18 Hirakamae: its adversary may not pass, so the stance is in force for one side at a
/// time — `hira=1:1` is a state no game reaches, refused at its field (a review found it read,
/// both sides then passing for ever).
#[test]
fn hirakamae_in_force_for_both_sides_is_refused() {
    let r = Rules::standard();
    let start = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
    let e = refused(&r, &format!("{start} hira=1:1"), "hira");
    assert!(e.to_string().contains("§2.0.18"), "{e}");
    assert!(Position::from_text(&r, &format!("{start} hira=1:2")).is_ok());
}

/// `released=1` and `contact=1` tell what the turn in progress has done; a turn's end clears
/// them, so before its first move they are refused (a review found `released=1` read at a
/// turn's start, then refusing a blade capture no Cloak had left, §2.0.06).
#[test]
fn what_the_turn_has_done_is_refused_before_its_first_move() {
    let r = rules();
    let base = "4/4/1s2/4/4/4/4/4/4/1c2/4/2W1/1S2/4/4/4 b EEEE/eeee";
    for key in ["released", "contact"] {
        let e = refused(&r, &format!("{base} {key}=1"), key);
        assert!(
            e.message.contains("not before the turn's first move"),
            "{e}"
        );
    }
    // Mid-turn (a concert open after the Self's move) both stand.
    let mid = "4/4/4/4/4/4/4/4/4/4/4/4/1S2/4/4/1s2 w EEEE/eeee concert=X4";
    for key in ["released", "contact"] {
        accepted(&r, &format!("{mid} {key}=1"));
    }
}

/// A piece's code in a field is one letter (docs/POSITION.md: `cast=CODE:MEASURE`,
/// `pinned=CODE:SQ:TURN`, `intention=CODE:…`): more after it is refused, not passed over, and
/// a character that is no letter is told so (a review found `cast=Lantern:2` read as `L`,
/// `intention=Wword:…` as `W`, and `6` called "no piece of Black's set").
#[test]
fn a_code_is_one_letter() {
    let r = rules();
    let p = "4/3r/lg2/2se/c1d1/b3/3e/1w2/3J/3j/4/B1EE/W2L/3S/3R/4 w EECDG/ee free=3:4 turns=88 quiet=88";
    for (field, expect) in [
        ("cast=Lantern:2", "expected cast=CODE:MEASURE"),
        ("cast=6:2", "'6' is not a piece letter"),
        ("intention=Wword:W4:Z7:j:0", "intention"),
        ("intention=W:W4:Z7:junk:0", "intention"),
        ("pinned=Ww:X7:12", "expected pinned=CODE:SQ:TURN"),
    ] {
        let key = field.split('=').next().unwrap();
        let e = refused(&r, &format!("{p} {field}"), key);
        assert!(e.message.contains(expect), "{field}: {e}");
    }
}

/// "All your pieces (except Ruin) can also step-stone your own engagements" (§2.0.VII): a
/// second move named for the Ruin is refused, as no turn gives one (a review found the Ruin's
/// moves listed after `then=` on it); another piece's is read.
#[test]
fn the_ruin_has_no_second_move() {
    let r = rules();
    let e = refused(
        &r,
        "3s/4/4/4/4/4/4/4/4/4/4/4/1R2/4/4/S3 w EEEEDGLJ/eeeedgljr then=X4",
        "then",
    );
    assert!(
        e.message
            .contains("Ruin on X4 never lands on a stepping stone"),
        "{e}"
    );
    accepted(
        &r,
        "3s/4/4/4/4/4/4/4/4/4/4/4/1G2/4/4/S3 w EEEEDLJR/eeeedgljr then=X4",
    );
}
