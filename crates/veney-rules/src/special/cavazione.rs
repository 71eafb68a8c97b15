//! Cavazione (§2.0.03, special move of the Sword; the Dagger against the Dagger, §2.0.08): "You
//! may trade your Sword's place with an opponent's blade by cavazione when the two pieces are
//! adjacent (orthogonally or diagonally) both on your opponent's side of the board. This can be
//! the second in a double-move by stepping-stone (see engagement) or a move in concert with the
//! Self."
//!
//! Ruling R-CAVAZIONE: it is one move of the blade, so it is generated wherever that blade may
//! move (first action, after its stepping stone, in concert); the blade's own range constraint
//! applies to the square it takes, while the opposing blade may land outside its own (it can then
//! be disarmed). Which opposing blades a piece engages is data (`duels_with`). Written as the
//! blade's move with `~`: `$X10~` (§2.0.R5).
use crate::action::{Action, Effect, Move, Mover};
use crate::bitboard::Bitboard;
use crate::measure::own_side;
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::view::View;

pub(crate) fn cavaziones(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    allowed: Bitboard,
    out: &mut Vec<Action>,
) {
    let side = view.side;
    let theirs = own_side(!side);
    if !theirs.contains(from) {
        return;
    }
    let duels = &rules.set(side).piece(kind).def.duels_with;
    for to in Bitboard::adjacent(from) & view.opp & theirs & allowed & !view.transparent {
        let Some((_, k)) = pos.piece_at(to) else {
            continue;
        };
        let target = rules.set(!side).piece(k);
        if rules.is_blade(!side, k)
            && (duels.is_empty() || duels.iter().any(|n| n == target.name()))
        {
            out.push(Action::Move(Move {
                mover: Mover::Piece(kind),
                from,
                to,
                effect: Effect::Cavazione(k),
                dir: None,
                face: None,
            }));
        }
    }
}

/// Whether `side`'s `kind` may engage the opposing `target` in a blade-to-blade special: the
/// target is a blade, and named in `duels_with` unless that list is empty.
pub(crate) fn duels(rules: &Rules, side: crate::side::Side, kind: Kind, target: Kind) -> bool {
    let list = &rules.set(side).piece(kind).def.duels_with;
    rules.is_blade(!side, target)
        && (list.is_empty()
            || list
                .iter()
                .any(|n| n == rules.set(!side).piece(target).name()))
}
