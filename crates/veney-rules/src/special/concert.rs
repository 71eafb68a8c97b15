//! Concert (§2.0.02, aspect of the Self): when the Self moves, one armament (Sword, Dagger,
//! Guard) or the Lantern (pseudo-armament, §2.0.10) may move too. The two move "without blocking
//! one another": the partner passes the Self's square as if it were empty, but may not land on
//! it. The partner's range constraint is judged from the Self's square after its move. A
//! stepping stone inside concert grants no extra move.
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::piece_moves::piece_moves;
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::view::View;

pub(crate) fn concert_moves(
    rules: &Rules,
    pos: &Position,
    view: &mut View,
    self_sq: Square,
    out: &mut Vec<Action>,
) {
    view.transparent = Bitboard::from_square(self_sq);
    let side = view.side;
    for k in rules.set(side).kinds() {
        if rules.info(side, k).concert_partner {
            for from in pos.pieces(side, k) {
                piece_moves(rules, pos, view, k, from, out);
            }
        }
    }
    // A pinned blade may be freed in concert (§2.0.06).
    if let Some((k, sq)) = crate::special::blade_capture::freeable(pos, side) {
        if rules.info(side, k).concert_partner {
            piece_moves(rules, pos, view, k, sq, out);
        }
    }
    view.transparent = Bitboard::EMPTY;
}
