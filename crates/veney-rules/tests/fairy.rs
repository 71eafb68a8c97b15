//! The fairy pieces of config/sets/fairy.ron, one per movement primitive of §2.0.23's
//! "unexplored movement mechanics", moving as their rules cards say — squares worked by hand
//! from a few positions — plus the facing's notation and position text (R-NOTATION-FACING,
//! R-ORIENTED).
mod common;
use common::*;
use std::path::Path;
use std::sync::Arc;
use veney_rules::notation::{San, parse_turn};
use veney_rules::options::RuleOptions;
use veney_rules::{Action, PieceSet, Position, Rules, Side};

fn fairy() -> Rules {
    let set = Arc::new(
        PieceSet::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/sets/fairy.ron"))
            .unwrap(),
    );
    Rules::with_sets([set.clone(), set], RuleOptions::default()).unwrap()
}

/// White's `piece` on `at` with its Self on Y4, against Black's lone Self on X13; White to move.
fn alone(r: &Rules, piece: &str, at: &str) -> Position {
    pos(
        r,
        &[
            (White, "Self", "Y4"),
            (White, piece, at),
            (Black, "Self", "X13"),
        ],
        White,
    )
}

fn play(r: &Rules, p: &mut Position, turn: &str) {
    let t = parse_turn(r, p, turn, 1).unwrap_or_else(|e| panic!("{turn}: {e}"));
    p.play_turn(r, &t).unwrap();
}

/// Ruling R-FAIRY: a 3D move is made as if from the corresponding square of another measure and lands inside that measure.
#[test]
fn mirage_is_a_3d_knight() {
    // "A knight's move made as if from the corresponding square of another measure, landing
    // inside that measure." From X6 the corresponding squares are X2, X10 and X14; with the Self
    // on Y4 only the first measure lies in range: W4, Z3, Z1 (Y4 is the Self).
    let r = fairy();
    let p = alone(&r, "Mirage", "X6");
    assert_eq!(dests(&r, &p, "X6"), ["W4", "Z1", "Z3"]);
    // From W1 with the Self on Y8 (range: steps 1–12): through W5 to X7 and Y6, through W9 to
    // X11 and Y10 — never X3 or Y4 (outside W5's measure) nor anything from W13 (out of range).
    let p = pos(
        &r,
        &[
            (White, "Self", "Y8"),
            (White, "Mirage", "W1"),
            (Black, "Self", "X13"),
        ],
        White,
    );
    assert_eq!(dests(&r, &p, "W1"), ["X11", "X7", "Y10", "Y6"]);
}

#[test]
fn vane_slides_the_way_it_faces_and_turns_where_it_lands() {
    // "An oriented rook: it slides only the way it faces … where it lands it turns to face any of
    // the four ways. Placed facing forward."
    let r = fairy();
    let mut p = alone(&r, "Vane", "X6");
    assert_eq!(p.facing(sq("X6")), 0);
    assert_eq!(dests(&r, &p, "X6"), ["X7", "X8"]);
    // Each landing square is offered with each of the four facings.
    let vane_moves: Vec<Action> = p
        .legal_actions(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Move(m) if m.from == sq("X6")))
        .collect();
    assert_eq!(vane_moves.len(), 8);
    play(&r, &mut p, "VX8>r");
    assert_eq!(p.facing(sq("X8")), 1);
    play(&r, &mut p, "---");
    // Now facing right (toward Z, from White's side): Y8 and Z8.
    assert_eq!(dests(&r, &p, "X8"), ["Y8", "Z8"]);
    // A piece in the way stops it: it fends the engagement on Y8 and goes no further.
    let mut p2 = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Vane", "X8"),
            (Black, "Engagement", "Y8"),
            (Black, "Self", "X13"),
        ],
        White,
    );
    p2.set_facing_for_tests(sq("X8"), 1);
    assert_eq!(dests(&r, &p2, "X8"), ["Y8"]);
    // Black's "right" is toward W: a Black Vane facing right on Y12 slides to X12 and W12.
    let mut b = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (Black, "Self", "X13"),
            (Black, "Vane", "Y12"),
        ],
        Black,
    );
    b.set_facing_for_tests(sq("Y12"), 1);
    assert_eq!(dests(&r, &b, "Y12"), ["W12", "X12"]);
}

#[test]
fn facings_are_written_and_read_in_notation_and_position_text() {
    let r = fairy();
    let mut p = alone(&r, "Vane", "X6");
    let legal = p.legal_actions(&r);
    let turned = legal
        .iter()
        .find(|a| matches!(a, Action::Move(m) if m.to == sq("X8") && m.face == Some(3)))
        .unwrap();
    assert_eq!(San::of_action(&r, &p, &legal, turned).to_string(), "VX8>l");
    // Without a facing the move is ambiguous, and the error lists the four.
    let e = parse_turn(&r, &p, "VX8", 1).unwrap_err();
    assert!(
        e.message.contains("ambiguous") && e.message.contains("VX8>b"),
        "{e}"
    );
    let e = San::parse_at("VX8>q", 1).unwrap_err();
    assert!(
        e.message
            .contains("f (forward), r (right), b (back) or l (left)"),
        "{e}"
    );
    play(&r, &mut p, "VX8>l");
    let text = p.to_text(&r);
    assert!(text.contains("facing=X8l"), "{text}");
    assert!(
        text.contains("sets=Fairy_Workshop/Fairy_Workshop"),
        "{text}"
    );
    assert_eq!(Position::from_text(&r, &text).unwrap(), p);
    // A facing where no oriented piece stands is refused.
    let bad = text.replace("facing=X8l", "facing=Y4l");
    let e = Position::from_text(&r, &bad).unwrap_err();
    assert!(e.message.contains("no oriented piece stands on Y4"), "{e}");
    // One facing a piece: a second for the same square is refused, not read over the first
    // (a review found `facing=X8l,X8b` read as X8b).
    let twice = text.replace("facing=X8l", "facing=X8l,X8b");
    let e = Position::from_text(&r, &twice).unwrap_err();
    assert!(e.message.contains("X8 listed twice"), "{e}");
}

#[test]
fn a_vane_is_placed_facing_any_of_the_four_ways() {
    // §2.0.23 Oriented rook or knight movements: "A piece can be placed facing in one of the
    // four orthogonal directions." Each placement square is offered with the four facings,
    // written `V*X5>r`; one without a facing is refused for the reason (ruling R-ORIENTED; a
    // review found the Vane always placed facing forward).
    let r = fairy();
    let p = pos(&r, &[(White, "Self", "Y4"), (Black, "Self", "X13")], White);
    let vane = r.set(White).by_name("Vane").unwrap();
    assert!(p.reserve(White, vane) > 0, "the Vane in reserve");
    let legal = p.legal_actions(&r);
    let on_x5: Vec<Option<u8>> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Place { kind, to, face } if kind == vane && to == sq("X5") => Some(face),
            _ => None,
        })
        .collect();
    assert_eq!(on_x5, [Some(0), Some(1), Some(2), Some(3)]);
    let right = Action::Place {
        kind: vane,
        to: sq("X5"),
        face: Some(1),
    };
    assert_eq!(San::of_action(&r, &p, &legal, &right).to_string(), "V*X5>r");
    let e = parse_turn(&r, &p, "V*X5", 1).unwrap_err();
    assert!(e.message.contains("give its facing"), "{e}");
    let mut q = p;
    play(&r, &mut q, "V*X5>r");
    assert_eq!(q.facing(sq("X5")), 1);
    let text = q.to_text(&r);
    assert!(text.contains("facing=X5r"), "{text}");
    // It then slides the way it faces: right, along step 5.
    play(&r, &mut q, "SX14");
    assert!(
        dests(&r, &q, "X5").iter().any(|d| d == "Z5"),
        "{:?}",
        dests(&r, &q, "X5")
    );
    // Pieces that face nowhere are placed without a facing, as before.
    let e = parse_turn(&r, &p, "D*X5>r", 1).unwrap_err();
    assert!(e.message.contains("faces no way"), "{e}");
}

#[test]
fn hound_moves_as_if_from_its_self() {
    // "To any square a king's or knight's move from the Self, wherever the Hound itself is."
    let r = fairy();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Hound", "W10"),
            (Black, "Self", "X13"),
            (Black, "Engagement", "X5"),
        ],
        White,
    );
    // King squares around Y4 and knight squares from Y4; the Black engagement on X5 is fended.
    assert_eq!(
        dests(&r, &p, "W10"),
        [
            "W3", "W5", "X2", "X3", "X4", "X5", "X6", "Y3", "Y5", "Z2", "Z3", "Z4", "Z5", "Z6"
        ]
    );
    // The Self moves to Z4: the Hound's reach moves with it — king squares Y3 Y4 Y5 Z3 Z5 and
    // knight squares Y2 Y6 X3 X5 (the engagement on X5 still fended).
    play(&r, &mut p, "SZ4");
    play(&r, &mut p, "---");
    assert_eq!(
        dests(&r, &p, "W10"),
        ["X3", "X5", "Y2", "Y3", "Y4", "Y5", "Y6", "Z3", "Z5"]
    );
}

#[test]
fn rampart_is_bound_to_its_measures_edge() {
    // "It slides along the twelve edge squares of the measure it stands in, never across its
    // middle and never out of the measure."
    let r = fairy();
    let p = alone(&r, "Rampart", "W6");
    assert_eq!(dests(&r, &p, "W6"), ["W5", "W7", "W8"]);
    let p = alone(&r, "Rampart", "X5");
    // Along step 5 only: not into the middle (X6) nor down into the first measure (X4).
    assert_eq!(dests(&r, &p, "X5"), ["W5", "Y5", "Z5"]);
}

#[test]
fn fairy_games_play_clean() {
    let r = Arc::new(fairy());
    let s = veney_rules::playout::random_games(&r, 300, 0xFA1, 150, true)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.games, 300);
    let _ = Side::White;
}
