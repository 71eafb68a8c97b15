//! Refusals name the rule that refuses.
mod common;
use common::*;
use game_api::{Actor, Cell, Game, Player};
use kelasu_rules::{Action, Bitboard, Kind, Side, rules};

fn refused(s: &kelasu_rules::Position, a: Action) -> game_api::Refusal {
    let g = game();
    let mut t = s.clone();
    let r = g
        .play_checked(&mut t, Actor::Player(s.to_move().player()), a)
        .unwrap_err();
    assert_eq!(&t, s, "a refused action leaves the state as it was");
    r
}

/// `a` is refused by `rule`, for a reason that says `why`.
fn refused_by(s: &kelasu_rules::Position, a: Action, rule: &str, why: &str) {
    let r = refused(s, a);
    assert_eq!(r.rule, rule, "{r:?}");
    assert!(r.why.contains(why), "{r:?}");
}

fn mv(a: &str, b: &str) -> Action {
    Action::Move {
        from: sq(a),
        to: sq(b),
    }
}

#[test]
fn each_rule_names_itself() {
    let g = game();
    let s = g.start();
    assert_eq!(refused(&s, Action::End).rule, rules::PASSING);
    assert_eq!(refused(&s, mv("E4", "E5")).rule, rules::PIECES);
    assert_eq!(refused(&s, mv("I0", "H1")).rule, rules::PIECES);
    assert_eq!(refused(&s, mv("C0", "D0")).rule, rules::STONES);
    assert_eq!(
        refused(&s, mv("B1", "D1")).rule,
        rules::piece_rule(Kind::Blank)
    );
    assert_eq!(refused(&s, mv("A1", "B1")).rule, rules::CAPTURE);
    let r = g.refusal(&s, Actor::Player(Player(1)), mv("I0", "H1"));
    assert_eq!(r, game_api::Refusal::not_your_turn());

    let s = pos("C3:W D3:b D4:b A0:S j9:s", Side::Blue);
    let r = refused(&s, mv("C3", "D2"));
    assert_eq!(r.rule, rules::piece_rule(Kind::Warrior));
    assert!(r.why.contains("only capture"), "{}", r.why);
    let s = pos("E4:R D3:b A0:S j9:s", Side::Blue);
    refused_by(
        &s,
        mv("E4", "D3"),
        rules::piece_rule(Kind::Runner),
        "Move Only",
    );
    let s = pos("E4:R D5:b A0:S j9:s", Side::Blue);
    refused_by(
        &s,
        mv("E4", "C6"),
        rules::piece_rule(Kind::Runner),
        "in the way",
    );

    // Recall.
    let s = pos("I3:W J3:W A3:b A0:S j9:s", Side::Blue);
    assert_eq!(
        refused(
            &s,
            Action::Recall {
                from: sq("I3"),
                to: sq("A3")
            }
        )
        .rule,
        rules::RECALL
    );
    let recall = |from: &str, to: &str| Action::Recall {
        from: sq(from),
        to: sq(to),
    };
    refused_by(&s, recall("J3", "A3"), rules::RECALL, "occupied");
    refused_by(&s, recall("J3", "A4"), rules::RECALL, "9 ranks");

    // Conversion.
    let s = pos("E4:D E5:b F5:B A0:S j9:s", Side::Blue);
    assert_eq!(
        refused(
            &s,
            Action::Convert {
                from: sq("E4"),
                target: sq("E5")
            }
        )
        .rule,
        rules::CONVERSION
    );
    assert_eq!(
        refused(
            &s,
            Action::Convert {
                from: sq("E4"),
                target: sq("F5")
            }
        )
        .rule,
        rules::CONVERSION
    );

    // Merging.
    let b = |list: &[&str]| list.iter().fold(Bitboard::EMPTY, |b, n| b.with(sq(n)));
    let s = pos("B5:B C5:B C9:B D0:B D5:B D6:B A0:S j9:s j0:w", Side::Blue);
    let m = |kind, to: &str, l: &[&str]| Action::Merge {
        kind,
        to: sq(to),
        blanks: b(l),
    };
    assert_eq!(
        refused(&s, m(Kind::Warrior, "C5", &["B5", "C5"])).rule,
        rules::MERGING
    );
    refused_by(
        &s,
        m(Kind::Warrior, "C9", &["C9", "D0"]),
        rules::MERGING,
        "next to each other",
    );
    assert_eq!(
        refused(&s, m(Kind::Runner, "C5", &["C5", "D5"])).rule,
        rules::MERGE_COST
    );
    refused_by(
        &s,
        m(Kind::Warrior, "E5", &["D5", "D6"]),
        rules::MERGING,
        "one of the Blanks",
    );
    assert_eq!(
        refused(&s, m(Kind::Blank, "D5", &["D5", "D6"])).rule,
        rules::MERGE_COST
    );

    // Moving twice.
    let mut s = pos("C3:B C6:B A0:S A1:S j9:s j0:w", Side::Blue);
    play(&g, &mut s, "C3-D3");
    assert_eq!(refused(&s, mv("D3", "E3")).rule, rules::ONCE_PER_TURN);
}

/// Notation: "a Recall `J5@A5`, a conversion `D4%E5`". The same action typed as a move (`-`)
/// is refused by the piece's moves and points to its own sign (a review found no hint).
#[test]
fn a_recall_or_conversion_typed_as_a_move_points_to_its_sign() {
    let s = pos("J3:W A0:S j9:s j0:w", Side::Blue);
    refused_by(
        &s,
        mv("J3", "A3"),
        rules::piece_rule(Kind::Warrior),
        "its Recall there is written J3@A3",
    );
    let s = pos("E4:D F3:b A0:S j9:s j0:w", Side::Blue);
    refused_by(
        &s,
        mv("E4", "F3"),
        rules::piece_rule(Kind::Diplomat),
        "its conversion of the piece there is written E4%F3",
    );
    // A move that is no Recall either gets no hint.
    let s = pos("J3:W A3:b A0:S j9:s j0:w", Side::Blue);
    let r = refused(&s, mv("J3", "A3"));
    assert!(!r.why.contains('@'), "{r:?}");
}

#[test]
fn clicks_are_explained() {
    let g = game();
    let s = g.start();
    let c = |n: &str| Cell(sq(n).0 as u16);
    let r = g.explain_move(&s, Player(0), Some(c("C0")), c("D0"));
    assert_eq!(r.rule, rules::STONES);
    let r = g.explain_move(&s, Player(0), Some(c("B4")), c("D4"));
    assert_eq!(r.rule, rules::piece_rule(Kind::Blank));
    let r = g.explain_move(&s, Player(1), Some(c("I4")), c("H4"));
    assert_eq!(r, game_api::Refusal::not_your_turn());
}

/// A click on one's own piece that has no action at all names the rule that keeps it still:
/// "Stones cannot move"; a piece that moved this turn ("You cannot move the same piece twice in
/// the same turn"); a piece hemmed in names its moves' rule and what holds each square of its
/// pattern (a review found "no legal action from A3" for a hemmed-in Blank).
#[test]
fn a_piece_kept_still_by_a_rule_says_which() {
    let g = game();
    let s = g.start();
    let blue = s.to_move().player();
    let stuck = |s: &kelasu_rules::Position, at: &str| {
        g.explain_stuck(s, blue, Cell(sq(at).0 as u16))
            .map(|r| r.rule.into_owned())
    };
    assert_eq!(stuck(&s, "C0").as_deref(), Some(rules::STONES));
    assert_eq!(stuck(&s, "B1"), None, "a Blank that can move");
    let hemmed = g
        .explain_stuck(&s, blue, Cell(sq("A3").0 as u16))
        .expect("hemmed in");
    assert_eq!(hemmed.rule, rules::piece_rule(Kind::Blank));
    assert!(
        hemmed.why.contains("holds one of your own pieces") && hemmed.why.contains("B3"),
        "{hemmed:?}"
    );
    let mut t = s;
    g.apply(&mut t, Actor::Player(blue), mv("B1", "B2"));
    assert_eq!(
        t.to_move().player(),
        blue,
        "the turn goes on with energy left"
    );
    assert_eq!(stuck(&t, "B2").as_deref(), Some(rules::ONCE_PER_TURN));
}

#[test]
fn a_moved_diplomat_does_not_convert_nor_a_moved_warrior_recall_and_moved_blanks_merge_only_by_option()
 {
    // Rulings, "Turns and energy": "A piece that moved (its square is remembered) may not move,
    // recall or convert again this turn", from the text's "You cannot move the same piece twice
    // in the same turn." The Diplomat that stepped E4-E5 may not convert F6 after.
    let g = game();
    let mut s = pos("E4:D F6:w A0:S A1:S j9:s j0:w", Side::Blue);
    play(&g, &mut s, "E4-E5");
    let convert = Action::Convert {
        from: sq("E5"),
        target: sq("F6"),
    };
    assert!(!legal(&g, &s).contains(&convert));
    assert_eq!(refused(&s, convert).rule, rules::ONCE_PER_TURN);
    // Nor may a Warrior that stepped onto the end of the board recall the same turn.
    let mut s = pos("I3:W A0:S A1:S j9:s j0:g", Side::Blue);
    play(&g, &mut s, "I3-J3");
    let recall = Action::Recall {
        from: sq("J3"),
        to: sq("A3"),
    };
    assert!(!legal(&g, &s).contains(&recall));
    assert_eq!(refused(&s, recall).rule, rules::ONCE_PER_TURN);
    // Ruling "Merging Blanks that moved": by default a Blank that moved may merge; with
    // MovedBlanksMerge=no it may not, and the refusal says so.
    let merge = Action::Merge {
        kind: Kind::Warrior,
        to: sq("E5"),
        blanks: Bitboard::EMPTY.with(sq("E4")).with(sq("E5")),
    };
    let start = pos("D4:B E5:B A0:S A1:S j9:s j0:w", Side::Blue);
    let mut s = start.clone();
    play(&g, &mut s, "D4-E4");
    assert!(legal(&g, &s).contains(&merge));
    let no = kelasu_rules::Kelasu::new(kelasu_rules::KelasuOptions {
        moved_blanks_merge: false,
        ..Default::default()
    });
    let mut s = start;
    play(&no, &mut s, "D4-E4");
    assert!(!legal(&no, &s).contains(&merge));
    let r = no
        .play_checked(&mut s.clone(), Actor::Player(Player(0)), merge)
        .unwrap_err();
    assert_eq!(r.rule, rules::MERGING, "{r:?}");
    assert!(r.why.contains("MovedBlanksMerge=no"), "{r:?}");
}

#[test]
fn a_diplomat_converts_a_diplomat_or_a_blank_too() {
    // Rulings, "How the pieces move" (Diplomat): "any opposing piece on a `%` square, Stones and
    // Diplomats included"; a converted Blank is the mover's Blank.
    let g = game();
    for (kind, letter) in [(Kind::Diplomat, 'd'), (Kind::Blank, 'b')] {
        let mut s = pos(&format!("E4:D F5:{letter} A0:S j9:s j0:w"), Side::Blue);
        play(&g, &mut s, "E4%F5");
        let q = s.piece_at(sq("F5")).unwrap();
        assert_eq!((q.side, q.kind), (Side::Blue, kind));
    }
}

#[test]
fn a_blocked_capture_is_refused_as_blocked_not_as_a_move_only_square() {
    // The Runner's "infinite Move/Capture beyond": a capture on its line with a piece before
    // the target is blocked; a review found it called a Move Only square.
    let s = pos("E4:R D5:b C6:r A0:S j9:s", Side::Blue);
    refused_by(
        &s,
        mv("E4", "C6"),
        rules::piece_rule(Kind::Runner),
        "in the way",
    );
    // The General's lines too, its own piece before the target.
    let s = pos("E4:G E5:W E7:w A0:S j9:s", Side::Blue);
    refused_by(
        &s,
        mv("E4", "E7"),
        rules::piece_rule(Kind::General),
        "in the way",
    );
}

#[test]
fn a_recall_onto_an_own_piece_says_so_whatever_the_option() {
    // Ruling: a Recall never lands on one's own piece; under RecallCaptures=yes the refusal
    // named the other option (a review found it).
    let g = kelasu_rules::Kelasu::new(kelasu_rules::KelasuOptions {
        recall_captures: true,
        ..Default::default()
    });
    let s = pos("J3:W A3:B H5:b A0:S j9:s", Side::Blue);
    let a = Action::Recall {
        from: sq("J3"),
        to: sq("A3"),
    };
    let mut t = s.clone();
    let r = g
        .play_checked(&mut t, Actor::Player(s.to_move().player()), a)
        .unwrap_err();
    assert_eq!(r.rule, rules::RECALL, "{r:?}");
    assert!(r.why.contains("your own Blank stands on A3"), "{r:?}");
}

/// "At the end of the board, Warriors can 'Recall' back to their home rank": a Warrior hemmed
/// in on the far rank is told why its Recall is shut too (a review found only its moves named).
#[test]
fn a_warrior_hemmed_on_the_far_rank_is_told_its_recall_is_shut_too() {
    let g = game();
    let s = pos("J5:W J4:B J6:B A5:B A0:S A1:S j9:s j0:g", Side::Blue);
    let blue = s.to_move().player();
    assert!(
        !legal(&g, &s).iter().any(|a| matches!(a,
            Action::Move { from, .. } | Action::Recall { from, .. } if *from == sq("J5"))),
        "the Warrior on J5 has no action"
    );
    let why = g
        .explain_stuck(&s, blue, Cell(sq("J5").0 as u16))
        .expect("hemmed in")
        .why;
    assert!(why.contains("A5"), "{why}");
    assert!(why.contains("J4") && why.contains("J6"), "{why}");
}

/// A square off the board (`Square` is a public number: a library caller can make one) is
/// refused as no square, never a panic (a review found `Square(150)` indexing past the board).
#[test]
fn a_square_off_the_board_is_refused_not_a_panic() {
    use kelasu_rules::Square;
    let s = pos("E4:G A0:S A1:S H4:s j0:w", Side::Blue);
    let off = Square(150);
    for a in [
        Action::Move {
            from: off,
            to: sq("E5"),
        },
        Action::Move {
            from: sq("E4"),
            to: off,
        },
        Action::Recall {
            from: off,
            to: sq("E5"),
        },
        Action::Convert {
            from: off,
            target: sq("H4"),
        },
        Action::Merge {
            kind: Kind::Warrior,
            to: off,
            blanks: Bitboard(1),
        },
        Action::Merge {
            kind: Kind::Warrior,
            to: sq("A0"),
            blanks: Bitboard(1 << 120),
        },
    ] {
        refused_by(&s, a, "Kelasu: your pieces", "not a square of the board");
    }
}
