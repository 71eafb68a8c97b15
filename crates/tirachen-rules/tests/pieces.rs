//! Hand-worked move sets, one constructed position per piece (rule text, "HOW THE PIECES
//! MOVE"). Each expected list was worked out square by square from the sentence quoted.
mod common;
use common::*;

// Tirachen "HOW THE PIECES MOVE": General — "Moves 1 square in any direction. Captures by
// moving onto an opposing piece."
#[test]
fn general_steps_one_square_and_captures() {
    let g = game();
    // Red General e5; Red Pike d6 blocks; White Pike f4 can be taken.
    let s = pos(&g, "g8/9/9/3P5/4G4/5p3/9/9/9 r mm -/- - 0");
    assert_eq!(dests(&g, &s, "e5"), sorted("d4 e4 f4 d5 f5 e6 f6"));
    assert_eq!(refused_by(&g, &s, "Ge5-e7"), "Tirachen: General");
    assert_eq!(refused_by(&g, &s, "Ge5xd6"), "Tirachen: General");
}

// Tirachen "HOW THE PIECES MOVE": Commander — "any number of spaces in a straight line in any
// direction so long as the spaces are adjacent and are not occupied by other pieces. Captures
// by moving onto an opposing piece."
#[test]
fn commander_slides_until_blocked() {
    let g = game();
    // Commander e5; own Pike e7 and General e1 block; White Pikes h8, b5 and General a9 are
    // taken at the end of their lines.
    let s = pos(&g, "g8/7p1/4P4/9/1p2C4/9/9/9/4G4 r mm -/- - 0");
    let expected = "e6 f6 g7 h8 f5 g5 h5 i5 f4 g3 h2 i1 e4 e3 e2 d4 c3 b2 a1 d5 c5 b5 d6 c7 b8 a9";
    assert_eq!(dests(&g, &s, "e5"), sorted(expected));
    assert_eq!(expected.split(' ').count(), 26);
    assert_eq!(refused_by(&g, &s, "Ce5-e8"), "Tirachen: Commander");
    assert_eq!(refused_by(&g, &s, "Ce5-c6"), "Tirachen: Commander");
}

// Tirachen "HOW THE PIECES MOVE": Master of the hunt — "up to 3 squares in a straight line in
// any direction, as long as the spaces are adjacent and are not occupied by other pieces."
#[test]
fn master_of_the_hunt_slides_up_to_three() {
    let g = game();
    let s = pos(&g, "g8/7p1/4P4/9/1p2W4/9/9/9/4G4 r mm -/- - 0");
    let expected = "e6 f6 g7 h8 f5 g5 h5 f4 g3 h2 e4 e3 e2 d4 c3 b2 d5 c5 b5 d6 c7 b8";
    assert_eq!(dests(&g, &s, "e5"), sorted(expected));
    // Four away along a clear line is too far: i5, a9.
    assert_eq!(refused_by(&g, &s, "We5-i5"), "Tirachen: Master of the hunt");
    assert_eq!(refused_by(&g, &s, "We5xa9"), "Tirachen: Master of the hunt");
}

// Tirachen "HOW THE PIECES MOVE": Master of arms — "up to 3 squares, in any combination of
// vertical and horizontal as long as the squares are adjacent vertically and horizontally and
// are not occupied by other pieces. Captures by moving onto an opposing piece."
#[test]
fn master_of_arms_walks_three_orthogonal_steps_and_turns() {
    let g = game();
    // Master of arms e5; own Pike e6; White Pikes f5 (taken in one step) and e3 (taken at the
    // end of e5-e4-e3). e2 lies beyond e3 and cannot be reached through it; f6 and g5 need four
    // steps around the blockers.
    let s = pos(&g, "8g/9/9/4P4/4Sp3/9/4p4/9/G8 r mm -/- - 0");
    let expected = "e4 d5 f5 e3 f4 d4 d6 c5 f3 g4 d3 c4 d7 c6 b5";
    assert_eq!(dests(&g, &s, "e5"), sorted(expected));
    assert_eq!(refused_by(&g, &s, "Se5-e2"), "Tirachen: Master of arms");
    assert_eq!(refused_by(&g, &s, "Se5-f6"), "Tirachen: Master of arms");
    // d6 is diagonal, but two orthogonal steps (d5, d6) reach it.
    assert!(dests(&g, &s, "e5").contains("d6"));
}

// Tirachen "HOW THE PIECES MOVE": Master of spells — "up to 2 squares, as long as the squares
// are adjacent in any direction and are not occupied by other pieces."
#[test]
fn master_of_spells_takes_two_king_steps() {
    let g = game();
    // Master of spells e5 under a wall of own Pikes d6 e6 f6: rank 7 is out of reach.
    let s = pos(&g, "8g/9/9/3PPP3/4A4/9/4p4/9/G8 r mm -/- - 0");
    let expected = "d5 f5 d4 e4 f4 c6 g6 c5 g5 c4 g4 c3 d3 e3 f3 g3";
    assert_eq!(dests(&g, &s, "e5"), sorted(expected));
    assert_eq!(refused_by(&g, &s, "Ae5-e7"), "Tirachen: Master of spells");
    assert_eq!(refused_by(&g, &s, "Ae5-e2"), "Tirachen: Master of spells");
}

// Tirachen "HOW THE PIECES MOVE": Pike — "May move 1 square horizontally or vertically.
// Captures by moving 1 space diagonally forward onto an opposing piece." Red's forward is up.
#[test]
fn red_pike_steps_orthogonally_and_captures_diagonally_forward() {
    let g = game();
    // Red Pike e5; White Pikes d6 (diagonally forward: taken), e4 (orthogonal: not taken),
    // f4 (diagonally backward: not taken).
    let s = pos(&g, "8g/9/9/3p5/4P4/4pp3/9/9/G8 r mm -/- - 0");
    assert_eq!(dests(&g, &s, "e5"), sorted("d5 f5 e6 d6"));
    assert_eq!(refused_by(&g, &s, "Pe5xe4"), "Tirachen: Pike");
    assert_eq!(refused_by(&g, &s, "Pe5xf4"), "Tirachen: Pike");
    assert_eq!(refused_by(&g, &s, "Pe5-f6"), "Tirachen: Pike");
    // The refusal says why: a diagonal step onto an empty square is a capture's move; a move a
    // file further is not a Pike's at all (a review found it called diagonal).
    let why = |text: &str| {
        use game_api::Game as _;
        let a = g.parse_action(&s, text).unwrap();
        g.refusal(&s, game_api::Actor::Player(game_api::Player(0)), a)
            .why
    };
    assert_eq!(why("Pe5-f6"), "a Pike moves diagonally only to capture");
    assert_eq!(
        why("Pe5-g6"),
        "the Pike on e5 cannot reach g6: a Pike moves 1 square orthogonally to an open square and captures 1 square diagonally forward"
    );
    // A Commander's line blocked by a piece is said to be blocked, in one sentence (a review
    // found "a Commander moves … over empty squares cannot reach e6 from e2").
    use game_api::Game as _;
    let s = pos(&g, "4g4/9/9/9/4*4/9/4P4/4C4/3G5 r mm -/- - 0");
    let a = g.parse_action(&s, "Ce2-e6").unwrap();
    let r = g.refusal(&s, game_api::Actor::Player(game_api::Player(0)), a);
    assert_eq!(r.rule, "Tirachen: Commander");
    assert_eq!(
        r.why,
        "the Commander on e2 cannot reach e6 (a piece stands in the way): a Commander moves any number of squares in a straight line over empty squares"
    );
}

// Tirachen "HOW THE PIECES MOVE": Pike — White's forward is down the board.
#[test]
fn white_pike_captures_towards_red() {
    let g = game();
    // White Pike e5; Red Pikes d4 (forward for White: taken), e6 (orthogonal), f6 (backward).
    let s = pos(&g, "8g/9/9/4PP3/4p4/3P5/9/9/G8 w mm -/- - 0");
    assert_eq!(dests(&g, &s, "e5"), sorted("d4 e4 d5 f5"));
    assert_eq!(refused_by(&g, &s, "Pe5xf6"), "Tirachen: Pike");
    assert_eq!(refused_by(&g, &s, "Pe5-f4"), "Tirachen: Pike");
}

// Tirachen "HOW THE PIECES MOVE": Traitor — "exactly 3 spaces in a straight line, in any
// direction, or ... in an L: 2 spaces horizontally or vertically, then 1 ... In all cases it
// ignores pieces it might move through."
#[test]
fn traitor_jumps_three_or_an_l_over_anything() {
    let g = game();
    // Red controls the Traitor on e5, hemmed in by own Pikes e6 f6; own Pike e8 is not taken;
    // White Pike h5 is.
    let s = pos(&g, "8g/4P4/9/4PP3/4T2p1/9/9/9/G8 r mm -/- - 0");
    let expected = "b8 h8 h5 h2 e2 b2 b5 d7 f7 g6 g4 f3 d3 c4 c6";
    assert_eq!(dests(&g, &s, "e5"), sorted(expected));
    assert_eq!(refused_by(&g, &s, "Te5-e7"), "Tirachen: Traitor");
    assert_eq!(refused_by(&g, &s, "Te5xe6"), "Tirachen: Traitor");
}

// Tirachen "HOW THE PIECES MOVE": Traitor — "It starts out on the center square, under no one's
// control": no one may move it.
#[test]
fn a_traitor_no_one_controls_does_not_move() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/4*4/9/9/9/G8 r mm -/- - 0");
    assert_eq!(dests(&g, &s, "e5"), "");
    assert_eq!(refused_by(&g, &s, "Te5-e8"), "Tirachen: Traitor");
}

// Tirachen "HOW TO PLAY": "You may only move or deploy your own pieces!"
#[test]
fn only_your_own_pieces_move() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/4p4/9/9/9/G8 r mm -/- - 0");
    assert_eq!(refused_by(&g, &s, "Pe5-e4"), "Tirachen: your pieces");
    // An empty square has nothing to move: the notation itself does not read.
    let e = game_api::Game::parse_action(&g, &s, "Ce4-e3").unwrap_err();
    assert_eq!(e.col, 2);
}

// Tirachen "HOW THE PIECES MOVE": Pike — "May move 1 square horizontally or vertically." The
// diagram's four X include the square behind the Pike; with it empty the backward step is
// offered (the tests above have it occupied).
#[test]
fn a_pike_steps_backward_onto_an_empty_square() {
    use game_api::Game;
    let g = game();
    // Red Pike e5 alone in the middle: forward e6, sideways d5 f5, backward e4.
    let s = pos(&g, "8g/9/9/9/4P4/9/9/9/G8 r mm -/- - 0");
    assert_eq!(dests(&g, &s, "e5"), sorted("e6 d5 f5 e4"));
    let mut t = s;
    play(&g, &mut t, "Pe5-e4");
    assert_eq!(g.position_text(&t), "8g/9/9/9/9/4P4/9/9/G8 w mm -/- - 1");
    // White's backward is up the board: e6.
    let s = pos(&g, "8g/9/9/9/4p4/9/9/9/G8 w mm -/- - 0");
    assert_eq!(dests(&g, &s, "e5"), sorted("e4 d5 f5 e6"));
    let mut t = s;
    play(&g, &mut t, "Pe5-e6");
    assert_eq!(g.position_text(&t), "8g/9/9/4p4/9/9/9/9/G8 r mm -/- - 1");
}
