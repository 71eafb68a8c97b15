//! En passant (§2.0.04): an engagement that moves more than one step may be fended, on the
//! opponent's next turn, by an opposing pawn (or the free engagement its player possesses) that
//! attacks the first square it passed, as if it had moved only one step.
use crate::position::{EnPassant, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// The en passant a move of `side`'s engagement from `from` to `to` opens, if any.
/// Only a move forward passes a square "first" (a set's engagement may step back or sideways:
/// a review found a backward move of two opening en passant on a square it never passed).
pub(crate) fn opened(side: Side, from: Square, to: Square) -> Option<EnPassant> {
    let advanced = (to.step() as i8 - from.step() as i8) * side.forward();
    if advanced >= 2 && to.line() == from.line() {
        from.offset(0, side.forward())
            .map(|target| EnPassant { target, victim: to })
    } else {
        None
    }
}

/// Whether `side` can still fend en passant: the passed square is empty and the engagement that
/// passed it still stands where it stopped.
pub(crate) fn open(rules: &Rules, pos: &Position, side: Side, ep: EnPassant) -> bool {
    still_open(rules, pos, !side, ep)
}

/// Whether the en passant against `owner`'s engagement still holds. En passant is a fend: an
/// engagement its set makes unfendable (`fendable: false`) is never fended so.
pub(crate) fn still_open(rules: &Rules, pos: &Position, owner: Side, ep: EnPassant) -> bool {
    !pos.occupied().contains(ep.target)
        && pos.piece_at(ep.victim).is_some_and(|(s, k)| {
            s == owner && rules.is_engagement(s, k) && rules.info(s, k).fendable
        })
}
