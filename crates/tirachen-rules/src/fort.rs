//! The Fort (rule text, "Fort"): placed as a move on an open square of its side's deployment
//! area, never moving after; "Opposing pieces may not end their movement on a square adjacent to
//! the fort"; "When capturing a fort, the capturing piece is also captured."
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// The Fort's protected ring: the eight squares around it.
pub fn ring(fort: Square) -> Bitboard {
    attacks::king(fort)
}

/// Where pieces of `side` may not end a move or be placed: the ring of the opposing Fort, if it
/// stands on the board. Passing through is allowed (the text bars only ending there).
pub fn barred(pos: &Position, side: Side) -> Bitboard {
    pos.fort(side.other()).map(ring).unwrap_or(Bitboard::EMPTY)
}

/// Squares where `side`'s Fort would have an opposing piece already standing in its ring. The
/// text lets a Fort be placed there; option `fort_ring_must_be_clear` forbids it (ruling "A Fort
/// placed beside an opposing piece").
pub fn ring_occupied(pos: &Position, side: Side) -> Bitboard {
    pos.side(side.other()).king_neighbours()
}
