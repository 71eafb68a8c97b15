//! Shift (§2.0.07, special move of the Balance): "The Balance can shift to trade places with the
//! Sword or Dagger anywhere on the board, assuming the blade piece's destination is within its
//! normal constraints. This move cannot be used in concert with the Self's movement, nor as the
//! second in a double-move by engagement."
//!
//! Ruling R-SHIFT: a whole turn's action (two pieces move, §2.0.15); the blade's constraint is
//! judged with the Self where it stands. Written as in the rulebook: `BY10~$W13`.
use crate::action::{Action, Effect, Move, Mover};
use crate::position::Position;
use crate::rules::Rules;
use crate::view::View;

/// A bound on how many shifts `shifts` lists, cheap to work out (`movegen::Sampler`'s rejection
/// draw): each piece with Shift with each own blade, zones left out.
pub(crate) fn shift_bound(rules: &Rules, pos: &Position) -> usize {
    let side = pos.turn();
    let shifters = rules.kinds_with(side, crate::rules::Aspect::Shift);
    if shifters == 0 {
        return 0;
    }
    let blades = pos.pieces_of(side, rules.blade_kinds(side)).count();
    (pos.pieces_of(side, shifters).count() * blades) as usize
}

pub(crate) fn shifts(rules: &Rules, pos: &Position, view: &View, out: &mut Vec<Action>) {
    let side = view.side;
    for k in crate::rules::kinds_in(rules.kinds_with(side, crate::rules::Aspect::Shift)) {
        for from in pos.pieces(side, k) {
            for blade in crate::rules::kinds_in(rules.blade_kinds(side)) {
                if !view.zones[blade.index()].contains(from) {
                    continue;
                }
                for to in pos.pieces(side, blade) {
                    out.push(Action::Move(Move {
                        mover: Mover::Piece(k),
                        from,
                        to,
                        effect: Effect::Swap(blade),
                        dir: None,
                        face: None,
                    }));
                }
            }
        }
    }
}
