//! Each piece's squares, hand-worked from the text's diagrams (the spaced copy of the README puts
//! file f at column 1 + 2f after the `║`; derivations in docs/rulings/kelasu.md), for both
//! colours: Red's patterns are Blue's with forward and backward swapped, diagonals included.
mod common;
use common::*;
use game_api::Game;
use kelasu_rules::{KelasuOptions, Side};

#[test]
fn blank_one_step_forward_or_sideways_move_only() {
    // Text, Blanks: ". B ." on C with "." below on D (Blue); "." on G above ". b ." on H (Red).
    let s = pos("C3:B H6:b", Side::Blue);
    assert_eq!(dests(&s, "C3"), names("C2 C4 D3"));
    assert_eq!(dests(&s, "H6"), names("G6 H5 H7"));
    // Move Only: a Blank never captures.
    let s = pos("C3:B D3:b C4:b H6:b G6:B", Side::Blue);
    assert_eq!(dests(&s, "C3"), names("C2"));
    assert_eq!(dests(&s, "H6"), names("H5 H7"));
}

#[test]
fn warrior_sideways_forward_and_capturing_diagonals() {
    // Text, Warriors: "# W #" then "+ # +" on the row ahead (Blue, C3); "+ # +" on G above
    // "# w #" on H (Red, H6).
    let s = pos("C3:W H6:w", Side::Blue);
    assert_eq!(dests(&s, "C3"), names("C2 C4 D3"));
    assert_eq!(dests(&s, "H6"), names("G6 H5 H7"));
    // The forward diagonals take opposing pieces only (default reading of `+`).
    let s = pos("C3:W D2:b D4:B H6:w G5:B G7:w", Side::Blue);
    assert_eq!(dests(&s, "C3"), names("C2 C4 D2 D3"));
    assert_eq!(dests(&s, "H6"), names("G5 G6 H5 H7"));
    // Backward diagonals are never the Warrior's: a Blue piece behind Red's Warrior stays.
    let s = pos("H6:w I5:B I7:B", Side::Red);
    assert_eq!(dests(&s, "H6"), names("G6 H5 H7"));
    // Option WarriorDiagonals=move-capture: the diagonals are plain squares.
    let o = KelasuOptions {
        warrior_diagonals_move: true,
        ..KelasuOptions::default()
    };
    let s = pos("C3:W H6:w", Side::Blue);
    assert_eq!(dests_with(&s, "C3", &o), names("C2 C4 D2 D3 D4"));
    assert_eq!(dests_with(&s, "H6", &o), names("G5 G6 G7 H5 H7"));
}

#[test]
fn warrior_recall_from_the_far_rank() {
    use kelasu_rules::moves::recall_target;
    let o = KelasuOptions::default();
    // Text, Red Warrior Recall: w on A5, "@" on J5: "Teleport Backwards exactly 9 tiles".
    let s = pos("A5:w J5:B", Side::Red);
    assert_eq!(
        recall_target(&s, &o, sq("A5"), Side::Red),
        None,
        "J5 occupied"
    );
    let s = pos("A5:w B5:B C5:B", Side::Red);
    assert_eq!(
        recall_target(&s, &o, sq("A5"), Side::Red),
        Some(sq("J5")),
        "does not collide with pieces between"
    );
    let s = pos("J2:W", Side::Blue);
    assert_eq!(recall_target(&s, &o, sq("J2"), Side::Blue), Some(sq("A2")));
    let s = pos("I2:W", Side::Blue);
    assert_eq!(recall_target(&s, &o, sq("I2"), Side::Blue), None);
    // Option RecallCaptures=yes: an opposing piece on the landing square is taken.
    let oc = KelasuOptions {
        recall_captures: true,
        ..o
    };
    let s = pos("A5:w J5:B", Side::Red);
    assert_eq!(recall_target(&s, &oc, sq("A5"), Side::Red), Some(sq("J5")));
    let s = pos("A5:w J5:b", Side::Red);
    assert_eq!(recall_target(&s, &oc, sq("A5"), Side::Red), None);
    // On the far rank the Warrior still steps sideways ("# w #" on A).
    let s = pos("A5:w", Side::Red);
    assert_eq!(dests(&s, "A5"), names("A4 A6"));
}

/// Ruling "Warrior Recall": a converted Warrior's home rank is its new owner's. Blue's Diplomat
/// on I4 converts Red's Warrior on J5 (Blue's far rank), and the Warrior, Blue's now, Recalls to
/// A5 in the same turn (a review found the reading unwritten and untested).
#[test]
fn a_converted_warrior_recalls_to_its_new_owners_home_rank() {
    let g = game();
    let mut s = g
        .parse_position("S8S/10/10/10/10/10/10/9s/4D5/5w3b b 2 s - 0")
        .unwrap();
    play(&g, &mut s, "I4%J5");
    play(&g, &mut s, "J5@A5");
    assert_eq!(
        g.position_text(&s).split('/').next(),
        Some("S4W3S"),
        "{}",
        g.position_text(&s)
    );
}

#[test]
fn runner_diagonals_first_step_move_only() {
    // Text, Runner on E4: "." on D3 D5 F3 F5, "#" beyond on every diagonal; J has only J9.
    let s = pos("E4:R", Side::Blue);
    assert_eq!(
        dests(&s, "E4"),
        names("D3 C2 B1 A0 D5 C6 B7 A8 F3 G2 H1 I0 F5 G6 H7 I8 J9")
    );
    // The first step cannot capture and blocks; beyond, it captures and stops.
    let s = pos("E4:R D3:b C6:b G6:B", Side::Blue);
    assert_eq!(dests(&s, "E4"), names("D5 C6 F3 G2 H1 I0 F5"));
    // Red's Runner: the same diagonals.
    let s = pos("E4:r F5:B C2:B", Side::Red);
    assert_eq!(dests(&s, "E4"), names("D3 C2 D5 C6 B7 A8 F3 G2 H1 I0"));
}

#[test]
fn diplomat_three_orthogonal_move_only_and_converts_diagonally() {
    use kelasu_rules::moves::conversion_targets;
    // Text, Diplomat on E4: "." up B4-D4, down F4-H4, three each side; "%" on D3 D5 F3 F5.
    let s = pos("E4:D", Side::Blue);
    assert_eq!(
        dests(&s, "E4"),
        names("B4 C4 D4 F4 G4 H4 E1 E2 E3 E5 E6 E7")
    );
    let s = pos("E4:d C4:B E6:b D3:B D5:b F3:b F5:B", Side::Red);
    assert_eq!(dests(&s, "E4"), names("D4 F4 G4 H4 E1 E2 E3 E5"));
    let mut t = Vec::new();
    conversion_targets(&s, sq("E4"), Side::Red, &mut t);
    t.sort();
    assert_eq!(t, vec![sq("D3"), sq("F5")]);
}

#[test]
fn champion_forward_differs_for_blue_and_red() {
    // Text, Blue Champion on E4: "." A4-D4 (back), "# # # C # # #", "# # #" on F3-F5, "#" G4-J4.
    let s = pos("E4:C", Side::Blue);
    assert_eq!(
        dests(&s, "E4"),
        names("A4 B4 C4 D4 E1 E2 E3 E5 E6 E7 F3 F4 F5 G4 H4 I4 J4")
    );
    // Red Champion on F5: "#" A5-D5 and E4-E6 (forward, up), "# # # c # # #", "." G5-J5.
    let s = pos("F5:c", Side::Red);
    assert_eq!(
        dests(&s, "F5"),
        names("A5 B5 C5 D5 E4 E5 E6 F2 F3 F4 F6 F7 F8 G5 H5 I5 J5")
    );
    // "Infinite Move back": backward squares never capture; forward ones do.
    let s = pos("E4:C C4:b H4:b", Side::Blue);
    assert_eq!(
        dests(&s, "E4"),
        names("D4 E1 E2 E3 E5 E6 E7 F3 F4 F5 G4 H4")
    );
    let s = pos("F5:c H5:B C5:B", Side::Red);
    assert_eq!(
        dests(&s, "F5"),
        names("C5 D5 E4 E5 E6 F2 F3 F4 F6 F7 F8 G5")
    );
}

#[test]
fn general_queen_lines_and_stone_still() {
    // Text, General on E4: "Infinite Move/Capture in 8 directions" — 35 squares.
    let s = pos("E4:G", Side::Blue);
    assert_eq!(dests(&s, "E4").len(), 35);
    let s = pos("E4:g E6:B E2:b", Side::Red);
    let d = dests(&s, "E4");
    assert!(d.contains(&"E6".to_string()) && !d.contains(&"E7".to_string()));
    assert!(d.contains(&"E3".to_string()) && !d.contains(&"E2".to_string()));
    // "Stones cannot move."
    let s = pos("C0:S H0:s", Side::Blue);
    assert!(dests(&s, "C0").is_empty() && dests(&s, "H0").is_empty());
}

#[test]
fn the_pattern_as_drawn_marks_move_only_move_capture_and_must_capture() {
    use game_api::{Game, Reach};
    use kelasu_rules::Kelasu;
    let g = Kelasu::new(KelasuOptions::default());
    let reach = |s: &kelasu_rules::Position, at: &str| {
        let mut v: Vec<(String, Reach)> = g
            .piece_reach(s, game_api::Cell(sq(at).0 as u16))
            .into_iter()
            .map(|(c, r)| (g.board().cell_name(c), r))
            .collect();
        v.sort();
        v
    };
    // Text, Warriors: "# W #" and "+ # +": sideways and forward Move/Capture, the forward
    // diagonals Must Capture — kept on the drawing while empty, as the diagram has them.
    let s = pos("C3:W H6:w", Side::Blue);
    let want = |list: &[(&str, Reach)]| {
        let mut v: Vec<(String, Reach)> = list.iter().map(|(n, r)| (n.to_string(), *r)).collect();
        v.sort();
        v
    };
    use Reach::*;
    assert_eq!(
        reach(&s, "C3"),
        want(&[
            ("C2", MoveCapture),
            ("C4", MoveCapture),
            ("D3", MoveCapture),
            ("D2", MustCapture),
            ("D4", MustCapture)
        ])
    );
    // Red's forward is towards A: its diagonals are on G.
    assert_eq!(
        reach(&s, "H6"),
        want(&[
            ("H5", MoveCapture),
            ("H7", MoveCapture),
            ("G6", MoveCapture),
            ("G5", MustCapture),
            ("G7", MustCapture)
        ])
    );
    // Runner: "Move only for 1st step, infinite Move/Capture beyond"; a line stops at the first
    // piece, which is kept only when it is opposing and the square may take it.
    let s = pos("E4:R F5:B D3:b G3:b", Side::Blue);
    let r = reach(&s, "E4");
    assert!(r.contains(&("F3".into(), MoveOnly)));
    assert!(r.contains(&("G2".into(), MoveCapture)));
    assert!(
        !r.iter().any(|(n, _)| n == "F5" || n == "G6"),
        "own piece blocks: {r:?}"
    );
    assert!(
        !r.iter().any(|(n, _)| n == "D3"),
        "a Move Only step never takes: {r:?}"
    );
    assert!(
        !r.iter().any(|(n, _)| n == "C2"),
        "the line stops at D3: {r:?}"
    );
    // Text, Blanks: ". B ." on C with "." below on D (Blue's Blank on C3): C2, C4 and D3, each
    // Move Only — the exact list (an "all Move Only" check would pass on an empty one). Red's
    // Blank on H6: "." on G6 above ". b ." on H. "Stones cannot move": a Stone has none.
    let s = pos("C3:B H6:b H2:s", Side::Blue);
    assert_eq!(
        reach(&s, "C3"),
        want(&[("C2", MoveOnly), ("C4", MoveOnly), ("D3", MoveOnly)])
    );
    assert_eq!(
        reach(&s, "H6"),
        want(&[("G6", MoveOnly), ("H5", MoveOnly), ("H7", MoveOnly)])
    );
    assert!(reach(&s, "H2").is_empty());
}
