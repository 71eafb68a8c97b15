//! Meta-moves of the free engagement (§2.0.05, §2.0.16): "While the free engagement sits out of
//! play, either player can reposition it one point along the intersections of the grid before
//! making a normal move for their turn." "You may meta-move and then pass (… this counts as a
//! pass)." And the repetition return (`a=`): "If the free engagement is pushed back and forth on
//! the same two squares … (i.e. if it is pushed back to where it just came from twice in a row),
//! the player whose turn it is may choose to end this cycle by returning it to its starting point
//! and then make any other allowed move."
//!
//! Ruling R-META: a meta-move is offered once per turn, before the turn's first action, to any of
//! the 5 × 17 grid points one line over (the board's edge points included; from an edge point the
//! free engagement enters onto the two squares it touches). It is immaterial: the turn's action
//! follows in the same phase, and a pass after it counts as a pass. The return `a=` is offered
//! the same way once the free engagement has been moved back to the square it just came from
//! twice in a row; it goes to the centre point, out of play.
use crate::action::Action;
use crate::action::Meta;
use crate::intersection::Intersection;
use crate::position::{FreePlace, Position};

fn delta(m: Meta) -> (i8, i8) {
    match m {
        Meta::W => (-1, 0),
        Meta::Z => (1, 0),
        Meta::Up => (0, 1),
        Meta::Down => (0, -1),
        Meta::Reset => (0, 0),
    }
}

/// The meta-moves open before the turn's first action.
pub(crate) fn meta_moves(pos: &Position, out: &mut Vec<Action>) {
    if pos.meta_moved {
        return;
    }
    match pos.free() {
        FreePlace::Off(point) => {
            for m in [Meta::W, Meta::Z, Meta::Up, Meta::Down] {
                let (dx, dy) = delta(m);
                if point.offset(dx, dy).is_some() {
                    out.push(Action::Meta(m));
                }
            }
        }
        FreePlace::On(_) => {
            if pos.free_bounces >= 2 {
                out.push(Action::Meta(Meta::Reset));
            }
        }
    }
}

/// The quibbling reset (§2.0.20): "If the free engagement is pushed back and forth at length and
/// returned to its starting point by repetition twice consecutively, either player can declare a
/// reset of the entire board on their own turn unless/until a move is made by a piece other than
/// the free engagement before that declaration. The other player's turn follows." Ruling
/// R-QUIBBLE: after two `a=` returns with no other piece moving between, either side may play
/// `a==` as its turn's action: the board resets as after a retreat (not counted as a retreat).
/// The returner too, straight after its second `a=` (a meta-move, before any move of the turn).
/// Not under Shima: "retreat and reset are now impossible" (§2.0.18).
/// Nor after two passes in a row: "the first player who passed must now make a move on the
/// board" (§2.0.17), and a reset is none (ruling R-PASS-FORCED); nor, a pass by another name,
/// for the side whose opponent stands in hirakamae, which "may not pass" (§2.0.18).
pub(crate) fn quibble_reset(pos: &Position, out: &mut Vec<Action>) {
    if pos.quibbles >= 2
        && !pos.shima
        && pos.passes() < 2
        && !crate::special::hirakamae::active(pos, !pos.turn())
    {
        out.push(Action::QuibbleReset);
    }
}

/// Plays a meta-move (the turn goes on).
pub(crate) fn play(pos: &mut Position, m: Meta) {
    match (m, pos.free) {
        (Meta::Reset, _) => {
            pos.quibbles = pos.quibbles.saturating_add(1);
            pos.free = FreePlace::Off(Intersection::CENTRE);
            pos.free_from = None;
            pos.free_bounces = 0;
        }
        (_, FreePlace::Off(point)) => {
            let (dx, dy) = delta(m);
            if let Some(p) = point.offset(dx, dy) {
                pos.free = FreePlace::Off(p);
            }
        }
        _ => {}
    }
    pos.meta_moved = true;
}
