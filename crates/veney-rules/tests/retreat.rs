//! Retreat and the board reset (§2.0.02).
mod common;
use common::*;
use veney_rules::options::RetreatLimit;
use veney_rules::outcome::{Outcome, Resign};
use veney_rules::{FreePlace, Position, Rules};

fn retreating(r: &Rules) -> Position {
    pos(
        r,
        &[
            (White, "Self", "X1"),
            (White, "Sword", "W3"),
            (White, "Cloak", "Z6"),
            (White, "Guard", "W7"),
            (White, "Engagement", "W6"),
            (Black, "Self", "Y13"),
            (Black, "Sword", "Y11"),
            (Black, "Balance", "W10"),
            (Black, "Engagement", "X9"),
        ],
        White,
    )
}

#[test]
fn retreat_resets_the_board_with_the_pieces_in_play() {
    // §2.0.02 Retreat: "The players reset to the default baselines … using the pieces they
    // already have on the board and all four of their engagements … The free engagement is reset
    // to the center." "after one player initiates a reset of the board, it is the other player's
    // turn." Ruling R-RETREAT: pieces with no setup square take the starting step's empty
    // squares, the rest go to reserve.
    let r = rules();
    let p = retreating(&r).with_free_on(sq("Y8"));
    assert!(notations(&r, &p).contains(&"==".to_string()));
    let mut q = p;
    play(&r, &mut q, "==");
    let start = Position::start(&r);
    for s in [
        "W5", "X5", "Y5", "Z5", "X4", "Y4", "W12", "X12", "Y12", "Z12", "Y13", "X13",
    ] {
        assert_eq!(q.piece_at(sq(s)), start.piece_at(sq(s)), "{s}");
    }
    // The Cloak and Balance return to their setup squares; the Guard has none, but White's
    // starting step has room (its Balance is not in play): "If you had additional pieces in play
    // and more than will fit on your starting step … place them on the next step behind or put
    // them into reserve" — it fits, so it stands on Z4.
    assert_eq!(q.piece_at(sq("W4")), start.piece_at(sq("W4")));
    assert_eq!(q.piece_at(sq("W13")), start.piece_at(sq("W13")));
    assert!(
        q.piece_at(sq("Z13")).is_none(),
        "Black's Cloak was not in play: not placed"
    );
    let guard = r.set(White).by_name("Guard").unwrap();
    assert_eq!(q.pieces(White, guard).first(), Some(sq("Z4")));
    assert_eq!(q.reserve(White, guard), 0);
    assert!(matches!(q.free(), FreePlace::Off(_)));
    assert_eq!((q.turn(), q.retreats(White), q.outcome()), (Black, 1, None));
}

#[test]
fn retreat_is_impossible_with_the_opposing_self_on_your_side() {
    // §2.0.02: "Retreat is impossible if your opponent's Self piece is on your side of the board."
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X1"),
            (White, "Sword", "W3"),
            (Black, "Self", "Y7"),
        ],
        White,
    );
    assert!(!notations(&r, &p).contains(&"==".to_string()));
    refuse(&r, &p, "==").by(
        "§2.0.02 Self: Retreat",
        "your opponent's Self is on your side",
    );
    // Nor from anywhere but the first step.
    let p = pos(&r, &[(White, "Self", "X2"), (Black, "Self", "Y14")], White);
    refuse(&r, &p, "==").by("§2.0.02 Self: Retreat", "from your first step");
}

#[test]
fn exceeding_the_retreat_limit_is_resignation() {
    // §2.0.02: "unless the retreat limit has been accidentally surpassed, which is considered a
    // resignation". §2.0.21 Resignation "by exceeding the retreat limit".
    let mut opts = rules().options.clone();
    opts.retreat_limit = RetreatLimit::Limited(0);
    let r = Rules::standard_with(opts);
    let mut p = retreating(&r);
    play(&r, &mut p, "==");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Resignation {
            winner: Black,
            reason: Resign::RetreatLimit
        })
    );
    // With the basic one retreat each, the second retreat resigns.
    let r = rules();
    let mut p = retreating(&r);
    play(&r, &mut p, "==");
    assert!(p.outcome().is_none());
    let mut q = retreating(&r);
    q = veney_rules::position_text::PositionText::parse(&format!("{} retreats=1/0", q.to_text(&r)))
        .unwrap()
        .to_position(&r)
        .unwrap();
    play(&r, &mut q, "==");
    assert!(matches!(q.outcome(), Some(Outcome::Resignation { .. })));
}

#[test]
fn retreat_is_never_a_double_move() {
    // §2.0.02: "The final step of a retreat necessarily precludes movements in concert".
    let r = rules();
    let p = retreating(&r);
    refuse(&r, &p, "== $W4").by("§2.0.15", "the turn is already over");
}

#[test]
fn a_reset_fills_the_starting_step_first_and_keeps_a_dagger_armed() {
    // §2.0.02: "more than will fit on your starting step … place them on the next step behind
    // or put them into reserve"; §2.0.08 Persistence: "you cannot put your Dagger into play upon
    // losing your Sword; it must be already active". White's Sword is off the board; its Dagger on W2
    // takes the Sword's empty square on the starting step, so White is not left bladeless (a
    // review found the Dagger sent to reserve). With a full starting step the extra piece goes
    // to reserve (the control).
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X1"),
            (White, "Dagger", "W2"),
            (Black, "Self", "Y13"),
            (Black, "Sword", "Y11"),
        ],
        White,
    );
    let dagger = r.set(White).by_name("Dagger").unwrap();
    play(&r, &mut p, "==");
    assert_eq!(p.pieces(White, dagger).count(), 1, "{}", p.to_text(&r));
    assert_eq!(p.pieces(White, dagger).first().map(|s| s.step()), Some(4));
    // The control: a full starting step sends the extra Guard to reserve.
    let q = retreated_with_a_guard_too_many(&r);
    let guard = r.set(White).by_name("Guard").unwrap();
    assert_eq!(
        (q.pieces(White, guard).count(), q.reserve(White, guard)),
        (0, 1)
    );
}

/// White, its Self on its first step with the Sword, Cloak, Balance and a Guard in play,
/// retreats (`==`): the Self, Sword, Cloak and Balance fill the starting step, the Guard is one
/// too many for it.
fn retreated_with_a_guard_too_many(r: &Rules) -> Position {
    let mut q = pos(
        r,
        &[
            (White, "Self", "X1"),
            (White, "Sword", "W2"),
            (White, "Cloak", "W3"),
            (White, "Balance", "Z3"),
            (White, "Guard", "Y2"),
            (Black, "Self", "Y13"),
        ],
        White,
    );
    play(r, &mut q, "==");
    q
}

#[test]
fn with_the_option_pieces_that_do_not_fit_go_onto_the_step_behind() {
    // §2.0.02 Retreat: "If you had additional pieces in play and more than will fit on your
    // starting step behind the engagements, you may either place them on the next step behind
    // or put them into reserve." Ruling R-RETREAT: the players agree which before the game
    // (`retreat_overflow_behind`); a review found the text's first way missing.
    let mut o = rules().options.clone();
    o.retreat_overflow_behind = true;
    let r = Rules::standard_with(o);
    let q = retreated_with_a_guard_too_many(&r);
    let guard = r.set(White).by_name("Guard").unwrap();
    assert_eq!(q.reserve(White, guard), 0, "{}", q.to_text(&r));
    assert_eq!(
        q.pieces(White, guard).first().map(|s| s.step()),
        Some(3),
        "on the step behind the starting step"
    );
}

#[test]
fn the_players_may_have_different_retreat_allowances() {
    // §2.0.02: "Retreats can be limited to a certain number, to no retreats, unlimited retreats,
    // or with different allowances between players of different skill." White none, Black two.
    let mut opts = rules().options.clone();
    opts.retreat_limit = RetreatLimit::Limited(0);
    opts.black_retreat_limit = Some(RetreatLimit::Limited(2));
    let r = Rules::standard_with(opts.clone());
    let mut p = retreating(&r);
    play(&r, &mut p, "==");
    assert!(matches!(
        p.outcome(),
        Some(Outcome::Resignation {
            winner: Black,
            reason: Resign::RetreatLimit
        })
    ));
    assert_eq!(opts.retreat_limit_for(Black), RetreatLimit::Limited(2));
    // Black's two retreats are within its own allowance: the position text reads them.
    let text = Position::start(&r).to_text(&r) + " retreats=0/2";
    assert!(Position::from_text(&r, &text).is_ok());
    let e =
        Position::from_text(&r, &(Position::start(&r).to_text(&r) + " retreats=1/0")).unwrap_err();
    assert!(e.to_string().contains("White's from 0"), "{e}");
    // The save's [Rules] header carries it.
    let back = veney_rules::options::RuleOptions::from_ron(
        std::path::Path::new("[Rules]"),
        &opts.to_ron(),
    )
    .unwrap();
    assert_eq!(back, opts);
}

/// §2.0.02 "The board is reset": every piece is lifted and set up again, so the opponent's
/// declared intention lapses — its target left its square, and "the target stepping back does
/// not revive it" (§2.0.11, R-INTENTION; a review found Black's intention carried with its
/// Sword to the setup's squares, naming the engagement the reset put on Y5).
#[test]
fn a_retreat_ends_the_declared_intentions() {
    let r = rules();
    let mut p = Position::from_text(
        &r,
        "4/4/4/4/4/1s2/3j/2w1/4/4/4/2E1/4/4/4/1WS1 w EEECBDGLJR/eeeecbdglr intention=w:Y9:Y5:E:0",
    )
    .unwrap();
    assert_eq!(p.intentions().count(), 1);
    play(&r, &mut p, "==");
    assert_eq!(p.intentions().count(), 0);
    assert!(!p.to_text(&r).contains("intention="), "{}", p.to_text(&r));
}
