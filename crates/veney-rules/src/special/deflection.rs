//! Deflection (§2.0.09, special move of the Guard): "The Guard is able to deflect an armament
//! and push it away if there is at least one open square immediately behind the latter and as
//! long as the Guard doesn't move outside its constraints. The Guard takes the square of the
//! blade it deflected. If this square is on your side of the board, the opponent's blade is
//! pushed away until it crosses back onto their side, or until it is blocked … If the taken
//! square is on the opponent's side of the board, deflection pushes the blade piece only one
//! square. Deflection 'backward' (toward your end of the board) only pushes the opponent's blade
//! one square." It "can be the second in a double-move by stepping-stone or a move in concert".
//!
//! Ruling R-DEFLECTION: the Guard reaches the armament by one of its ordinary moves (the set's
//! `Deflect` relation names which opposing pieces it deflects); the push goes in the direction of
//! that move (for a slide, the slide's direction; for the diagonal step, the diagonal). "Behind"
//! is the next square in that direction; it must be on the board and empty (the free engagement
//! fills a square). On the deflecting side's half, a push that is not backward continues square
//! by square until the armament stands on the first square of the opponent's half, or the next
//! square is off the board or filled; sideways that means to the edge or the first piece.
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

/// Where the opposing armament on `to` ends when `side`'s Guard moving from `from` deflects it;
/// `None` when no square behind it is open.
pub fn pushed_to(pos: &Position, side: Side, from: Square, to: Square) -> Option<Square> {
    let dl = (to.line() as i8 - from.line() as i8).signum();
    let ds = (to.step() as i8 - from.step() as i8).signum();
    let occupied = pos.occupied();
    let next = |sq: Square| sq.offset(dl, ds).filter(|n| !occupied.contains(*n));
    let first = next(to)?;
    let backward = ds * side.forward() < 0;
    if backward || !to.on_side_of(side) {
        return Some(first);
    }
    let mut cur = first;
    while cur.on_side_of(side) {
        match next(cur) {
            Some(n) => cur = n,
            None => break,
        }
    }
    Some(cur)
}
