//! Veney's rules card for the free engagement (§2.0.05): the shared piece is in no set, so it
//! has no piece card of its own; its rules, from the rule text and the rulings that read it
//! (R-FREE-FENDS, R-STONE-FREE, R-META, R-FREE-RETURN, R-QUIBBLE), are this page.

use crate::paper::Paper;
use crate::pen::{Align, Pen, Rgb};
use crate::shapes::Symbol;
use crate::tokens::{self, Token};

/// Each rule: a heading, and what the rule text says of it in the card's words.
const RULES: &[(&str, &str)] = &[
    (
        "Out of play at the start",
        "It begins on the centre point, where the lines between steps 8 and 9 and between lines X and Y cross. To put it into play, a player moves it onto any empty square the point it sits on touches (four from the centre or another inner point, two from a point on the edge, one from a corner), as that turn's move; it takes nothing as it enters (written aX8).",
    ),
    (
        "Possession",
        "In play, only the player whose colour is the colour of its square may move it: White on a light square, Black on a dark one. Possession also lets that player leap it with a blade, use it as a stepping stone, and take en passant with it.",
    ),
    (
        "Moving and fending",
        "It moves like a king, one square in any direction, onto empty squares only. It fends like its possessor's engagement, one step diagonally forward (forward for that player), any fendable piece; it takes nothing, and never moves more than one square.",
    ),
    (
        "Fended",
        "Any piece may fend it. It then goes back to the centre point, out of play.",
    ),
    (
        "Meta-move (out of play)",
        "While it is out of play, either player may first move it one point along the grid's intersections (aw, az, a+, a-), then make the turn's move. Meta-move then pass: the turn counts as a pass. No meta-move with a declaration of intention on the same turn.",
    ),
    (
        "Back and forth",
        "Pushed back to the square it just came from twice in a row, the player to move may return it to the centre point (a=), then make any other allowed move.",
    ),
    (
        "Quibbling (§2.0.20)",
        "Returned so twice in a row with no other piece moving between, either player may declare a reset of the whole board as the turn (a==), as after a retreat; the other player moves next. The reset counts as a pass: after two passes in a row the player to move must move on the board instead (§2.0.17).",
    ),
];

pub fn draw(pen: &mut Pen, paper: Paper) {
    let (w, _h) = paper.size_mm();
    let m = 16.0;
    crate::cards::head(
        pen,
        paper,
        "Free engagement",
        "§2.0.05 · shared by both players",
    );
    let token = Token {
        letter: "a".into(),
        name: "Free engagement".into(),
        symbol: Some(Symbol::Button),
        size: 26.0,
        square: false,
        count: 1,
    };
    // In the neutral colours of its token, like neither side (§2.0.19; a review found it
    // drawn as White's).
    tokens::draw_one(
        pen,
        &token,
        crate::veney::NEUTRAL_FACE,
        crate::veney::NEUTRAL_INK,
        m + 22.0,
        48.0,
    );
    let x = m + 54.0;
    let mut y = 38.0;
    for fact in [
        "Notation: a (aX8 into play, afW6 a fend)",
        "Position text: @ on its square; out of play, free=x:y (the centre: 2:8)",
        "Kind: virtual piece, like the engagements",
        "One on the board, belonging to neither player",
    ] {
        pen.text(x, y, 10.0, false, Align::Left, Rgb::BLACK, fact);
        y += 6.0;
    }
    let mut y = 74.0;
    for (heading, text) in RULES {
        pen.text(m, y, 11.0, true, Align::Left, Rgb::BLACK, heading);
        y += 5.5;
        y = pen.paragraph(m, y, w - 2.0 * m, 10.5, false, Rgb::BLACK, text);
        y += 4.0;
    }
    let _ = y;
    crate::cards::foot(
        pen,
        paper,
        "From Scribe's Veney 2.0 §2.0.05 and §2.0.20, with the rulings R-FREE-FENDS, R-STONE-FREE, R-META, R-FREE-RETURN and R-QUIBBLE.",
    );
}
