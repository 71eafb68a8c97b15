//! How each piece moves (rule text, "HOW THE PIECES MOVE"): the squares a piece on `from` can
//! reach, given the occupied squares, the squares it may capture on, and `walk`, the squares it
//! may pass over or land on at all (the whole board, or the deployment area while deploying).
//! No Fort ring, phase or sacrifice here: those are `legal.rs`'s.
use crate::attacks::{self, DIRECTIONS};
use crate::bitboard::Bitboard;
use crate::piece::Kind;
use crate::side::Side;
use crate::square::Square;

/// The board around a moving piece.
#[derive(Clone, Copy, Debug)]
pub struct Surroundings {
    pub occupied: Bitboard,
    /// Squares holding a piece the mover may take (opposing pieces and a Traitor no one controls).
    pub capturable: Bitboard,
    /// Squares the move may use, passing or landing.
    pub walk: Bitboard,
}

/// Every square the `kind` of `side` on `from` may move to, captures included.
pub fn reach(kind: Kind, side: Side, from: Square, env: &Surroundings) -> Bitboard {
    let empty = !env.occupied & env.walk;
    let target = empty | (env.capturable & env.walk);
    match kind {
        Kind::General => attacks::king(from) & target,
        Kind::Fort => Bitboard::EMPTY,
        Kind::Commander => lines(from, 8, empty, target),
        Kind::Hunt => lines(from, 3, empty, target),
        Kind::Arms => paths(from, 3, empty, target, Bitboard::orth_neighbours),
        Kind::Spells => paths(from, 2, empty, target, Bitboard::king_neighbours),
        Kind::Pike => pike(side, from, empty, env.capturable & env.walk),
        Kind::Traitor => attacks::traitor(from) & target,
    }
}

/// Up to `max` squares in a straight line in any of the eight directions, over empty squares;
/// the line ends on the first piece, which is taken if it may be.
fn lines(from: Square, max: u8, empty: Bitboard, target: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for (df, dr) in DIRECTIONS {
        let mut sq = from;
        for _ in 0..max {
            let Some(next) = sq.offset(df, dr) else { break };
            if target.contains(next) {
                out.set(next);
            }
            if !empty.contains(next) {
                break;
            }
            sq = next;
        }
    }
    out
}

/// Up to `max` steps, each to a neighbouring square (as `step` gives them), every square before
/// the last empty; the path may turn. The last square may hold a piece to take.
fn paths(
    from: Square,
    max: u8,
    empty: Bitboard,
    target: Bitboard,
    step: fn(Bitboard) -> Bitboard,
) -> Bitboard {
    let mut reached = Bitboard::from_square(from);
    let mut out = Bitboard::EMPTY;
    for _ in 0..max {
        let next = step(reached);
        out |= next & target;
        reached |= next & empty;
    }
    out.without(from)
}

/// One square orthogonally to an empty square; captures one square diagonally forward.
fn pike(side: Side, from: Square, empty: Bitboard, capturable: Bitboard) -> Bitboard {
    let mut out = Bitboard::from_square(from).orth_neighbours() & empty;
    for df in [-1, 1] {
        if let Some(to) = from.offset(df, side.forward())
            && capturable.contains(to)
        {
            out.set(to);
        }
    }
    out
}
