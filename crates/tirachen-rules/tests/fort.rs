//! The Fort (rule text, "HOW THE PIECES MOVE": Fort): "Once placed it does not move. Opposing
//! pieces may not end their movement on a square adjacent to the fort. When capturing a fort,
//! the capturing piece is also captured."
mod common;
use common::*;
use game_api::Game;

// Tirachen "Fort": opposing pieces may not end adjacent; they may pass through (ruling "Passing
// through the ring").
#[test]
fn opposing_pieces_pass_the_ring_but_do_not_stop_in_it() {
    let g = game();
    // Red Fort e2 (ring d1 e1 f1 d2 f2 d3 e3 f3); White Commander a3.
    let s = pos(&g, "8g/9/9/9/9/9/c8/4F4/G8 w mm -/- - 0");
    assert_eq!(
        dests(&g, &s, "a3"),
        sorted("a4 a5 a6 a7 a8 a9 b4 c5 d6 e7 f8 g9 b3 c3 g3 h3 i3 b2 c1 a2 a1")
    );
    assert_eq!(refused_by(&g, &s, "Ca3-e3"), "Tirachen: Fort");
    assert_eq!(refused_by(&g, &s, "Ca3-d3"), "Tirachen: Fort");
}

// Tirachen "Fort": only opposing pieces are barred; your own may stand next to your Fort.
#[test]
fn friendly_pieces_may_end_next_to_their_fort() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/9/9/c8/2P1F4/G8 r mm -/- - 0");
    assert!(dests(&g, &s, "c2").contains("d2"));
    let mut t = s;
    play(&g, &mut t, "Pc2-d2");
    assert_eq!(g.position_text(&t), "8g/9/9/9/9/9/c8/3PF4/G8 w mm -/- - 1");
}

// Tirachen "Fort": "Once placed it does not move."
#[test]
fn a_fort_does_not_move() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/9/9/9/4F4/G8 r mm -/- - 0");
    assert_eq!(dests(&g, &s, "e2"), "");
    assert_eq!(refused_by(&g, &s, "Fe2-e3"), "Tirachen: Fort");
}

// Tirachen "Fort": "When capturing a fort, the capturing piece is also captured."
#[test]
fn the_capturer_of_a_fort_is_captured_too() {
    let g = game();
    let mut s = pos(&g, "8g/4c4/9/9/9/9/9/4F4/G8 w mm -/- - 5");
    // The Commander's file: e7 e6 e5 e4, e3 barred (ring), e2 the Fort.
    let d = dests(&g, &s, "e8");
    assert!(
        d.contains("e2") && d.contains("e4") && !d.contains("e3"),
        "{d}"
    );
    let cells = g.action_cells(&s, g.parse_action(&s, "Ce8xe2").unwrap());
    assert_eq!(cells.captures.len(), 2, "the Fort and its capturer");
    play(&g, &mut s, "Ce8xe2");
    assert_eq!(g.position_text(&s), "8g/9/9/9/9/9/9/9/G8 r mm -/- - 0");
}

// Ruling "The capturer sacrificed": the Traitor is captured like any capturer and leaves the
// game; no one gains control of it.
#[test]
fn a_traitor_taking_a_fort_leaves_the_game() {
    let g = game();
    let mut s = pos(&g, "8g/9/9/9/4t4/9/9/4F4/G8 w mm -/- - 0");
    play(&g, &mut s, "Te5xe2");
    assert_eq!(g.position_text(&s), "8g/9/9/9/9/9/9/9/G8 r mm -/- - 0");
}

// Ruling "A Fort placed beside an opposing piece": the ring must be free of opposing pieces.
#[test]
fn a_fort_is_not_placed_next_to_an_opposing_piece() {
    let g = game();
    // Red is mobilized with its Fort undeployed; a White Pike has come to d4.
    let s = pos(&g, "8g/9/9/9/9/3p5/9/9/G8 r mm F/- - 0");
    assert_eq!(refused_by(&g, &s, "F@e3"), "Tirachen: Fort");
    assert_eq!(refused_by(&g, &s, "F@c3"), "Tirachen: Fort");
    let texts = legal_texts(&g, &s);
    assert!(texts.contains(&"F@e2".to_string()));
    // Open squares of the area (27 less a1) less c3 d3 e3, next to d4.
    assert_eq!(texts.iter().filter(|t| t.starts_with("F@")).count(), 26 - 3);
}

// Ruling "The capturer sacrificed": both take from a neighbouring square, which is
// in the ring where no opposing piece can stand, so neither can ever take a Fort. A position
// with an opposing piece in the ring is refused, naming the square.
#[test]
fn no_opposing_piece_stands_in_a_fort_ring() {
    let g = game();
    let e = g
        .parse_position("8g/9/9/9/9/9/9/3pF4/G8 r mm -/- - 0")
        .unwrap_err();
    assert_eq!(e.found, "d2");
    assert_eq!(e.col, 17);
    assert!(e.why.contains("next to the opposing Fort"), "{e}");
}
