//! Stepping stones (§2.0.04, aspect of the engagements): any of your pieces but the inert Ruin
//! may move onto one of your own engagements; the engagement goes to your reserve and the piece
//! may make a second move from that square in the same turn. A second stepping stone grants no
//! third move. With possession, the free engagement serves too (§2.0.05); it returns to the
//! centre point.
use crate::intersection::Intersection;
use crate::position::{FreePlace, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// Removes the stepping stone at `sq` used by `side`: an own engagement goes to reserve.
pub(crate) fn spend_engagement(rules: &Rules, pos: &mut Position, side: Side, sq: Square) {
    let (s, k) = pos.piece_at(sq).expect("a stepping stone is on the square");
    debug_assert!(s == side && rules.is_engagement(s, k));
    pos.remove(s, k, sq);
    pos.reserve[s.index()][k.index()] += 1;
}

/// The possessed free engagement used as a stepping stone returns to the centre point.
pub(crate) fn spend_free(pos: &mut Position) {
    pos.free = FreePlace::Off(Intersection::CENTRE);
    pos.free_from = None;
    pos.free_bounces = 0;
}
