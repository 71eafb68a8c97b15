//! Each piece's squares, read from the text's diagrams (derivations in docs/rulings/kelasu.md).
//! Offsets are written for Blue, whose forward is towards J; Red's are the same with the rank
//! step reversed (forward, backward and the diagonals alike).
use crate::options::KelasuOptions;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// What a target square allows: the text's legend, "." Move Only, "#" Move/Capture, "*" Must
/// Capture (the API's words for them).
pub use game_api::Reach;

/// A line of squares: a direction (files, ranks forward), how many steps at most, and what
/// each step allows (the first step may differ, as the Runner's).
struct Ray {
    df: i8,
    dr: i8,
    max: u8,
    first: Reach,
    rest: Reach,
}

const fn ray(df: i8, dr: i8, max: u8, first: Reach, rest: Reach) -> Ray {
    Ray {
        df,
        dr,
        max,
        first,
        rest,
    }
}

use Reach::*;

const BLANK: &[Ray] = &[
    ray(0, 1, 1, MoveOnly, MoveOnly),
    ray(-1, 0, 1, MoveOnly, MoveOnly),
    ray(1, 0, 1, MoveOnly, MoveOnly),
];
const WARRIOR: &[Ray] = &[
    ray(0, 1, 1, MoveCapture, MoveCapture),
    ray(-1, 0, 1, MoveCapture, MoveCapture),
    ray(1, 0, 1, MoveCapture, MoveCapture),
];
const RUNNER: &[Ray] = &[
    ray(1, 1, 9, MoveOnly, MoveCapture),
    ray(-1, 1, 9, MoveOnly, MoveCapture),
    ray(1, -1, 9, MoveOnly, MoveCapture),
    ray(-1, -1, 9, MoveOnly, MoveCapture),
];
const DIPLOMAT: &[Ray] = &[
    ray(0, 1, 3, MoveOnly, MoveOnly),
    ray(0, -1, 3, MoveOnly, MoveOnly),
    ray(1, 0, 3, MoveOnly, MoveOnly),
    ray(-1, 0, 3, MoveOnly, MoveOnly),
];
const CHAMPION: &[Ray] = &[
    ray(0, 1, 9, MoveCapture, MoveCapture),
    ray(1, 1, 1, MoveCapture, MoveCapture),
    ray(-1, 1, 1, MoveCapture, MoveCapture),
    ray(1, 0, 3, MoveCapture, MoveCapture),
    ray(-1, 0, 3, MoveCapture, MoveCapture),
    ray(0, -1, 9, MoveOnly, MoveOnly),
];
const GENERAL: &[Ray] = &[
    ray(0, 1, 9, MoveCapture, MoveCapture),
    ray(0, -1, 9, MoveCapture, MoveCapture),
    ray(1, 0, 9, MoveCapture, MoveCapture),
    ray(-1, 0, 9, MoveCapture, MoveCapture),
    ray(1, 1, 9, MoveCapture, MoveCapture),
    ray(-1, 1, 9, MoveCapture, MoveCapture),
    ray(1, -1, 9, MoveCapture, MoveCapture),
    ray(-1, -1, 9, MoveCapture, MoveCapture),
];

fn rays(kind: Kind) -> &'static [Ray] {
    match kind {
        Kind::Blank => BLANK,
        Kind::Warrior => WARRIOR,
        Kind::Runner => RUNNER,
        Kind::Diplomat => DIPLOMAT,
        Kind::Champion => CHAMPION,
        Kind::General => GENERAL,
        Kind::Stone => &[],
    }
}

/// Walks the piece's lines from `from` (each stops at the first piece) and its Warrior
/// diagonals, calling `emit(square, reach, occupied by an opposing piece)` for every square a
/// line reaches that is empty or holds an opposing piece.
#[inline]
fn walk(
    p: &Position,
    o: &KelasuOptions,
    from: Square,
    piece: Piece,
    mut emit: impl FnMut(Square, Reach, bool),
) {
    let fwd = piece.side.forward();
    let mut step = |to: Square, reach: Reach| -> bool {
        // Returns whether the line goes on past `to`.
        match p.piece_at(to) {
            None => {
                emit(to, reach, false);
                true
            }
            Some(q) => {
                if q.side != piece.side {
                    emit(to, reach, true);
                }
                false
            }
        }
    };
    for r in rays(piece.kind) {
        let mut at = from;
        for i in 0..r.max {
            let Some(to) = at.offset(r.df, r.dr * fwd) else {
                break;
            };
            if !step(to, if i == 0 { r.first } else { r.rest }) {
                break;
            }
            at = to;
        }
    }
    if piece.kind == Kind::Warrior {
        let diag = if o.warrior_diagonals_move {
            MoveCapture
        } else {
            MustCapture
        };
        for df in [-1, 1] {
            if let Some(to) = from.offset(df, fwd) {
                step(to, diag);
            }
        }
    }
}

/// The squares the piece on `from` may move to (captures included) in `p`, ignoring whose turn
/// it is and energy. Pieces block lines: a line stops at the first piece on it.
pub fn destinations(
    p: &Position,
    o: &KelasuOptions,
    from: Square,
    piece: Piece,
    out: &mut Vec<Square>,
) {
    walk(p, o, from, piece, |to, reach, takes| {
        let open = if takes {
            reach != MoveOnly
        } else {
            reach != MustCapture
        };
        if open {
            out.push(to);
        }
    });
}

/// The piece's pattern from `from` as its diagram draws it: every square a line reaches (lines
/// stop at the first piece), empty or holding an opposing piece, with what the square allows.
/// Legal or not now: a Move Only square with an opposing piece on it is left out, a Must
/// Capture square is kept empty.
pub fn reach(
    p: &Position,
    o: &KelasuOptions,
    from: Square,
    piece: Piece,
    out: &mut Vec<(Square, Reach)>,
) {
    walk(p, o, from, piece, |to, reach, takes| {
        if !(takes && reach == MoveOnly) {
            out.push((to, reach));
        }
    });
}

/// The square a Warrior on `from` recalls to, if it stands on its far rank and the landing
/// square is open to it (empty, or holding an opposing piece under `RecallCaptures`).
pub fn recall_target(p: &Position, o: &KelasuOptions, from: Square, side: Side) -> Option<Square> {
    if from.rank() != side.far_rank() {
        return None;
    }
    let to = Square::new(side.home_rank(), from.file())?;
    match p.piece_at(to) {
        None => Some(to),
        Some(q) if q.side != side && o.recall_captures => Some(to),
        _ => None,
    }
}

/// The opposing pieces a Diplomat on `from` may convert: those diagonally next to it ("%").
pub fn conversion_targets(p: &Position, from: Square, side: Side, out: &mut Vec<Square>) {
    for (df, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
        if let Some(t) = from.offset(df, dr)
            && p.piece_at(t).is_some_and(|q| q.side != side)
        {
            out.push(t);
        }
    }
}
