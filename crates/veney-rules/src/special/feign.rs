//! Feign (§2.0.06, special move of the Cloak): "When the Cloak and the Self are adjacent to one
//! another (orthogonally or diagonally) they can switch places as a double-move turn."
//!
//! Ruling R-FEIGN: the Cloak initiates it as the whole turn's action (two pieces move, so it is
//! never the second move of a double-move, §2.0.15); the Self's move by feign grants no concert.
//! Written as the Cloak's move onto the Self's square, `~`, and the Self's move: `CY4~SX3`.
use crate::action::{Action, Effect, Move, Mover};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::rules::Rules;

/// A bound on how many feigns `feigns` lists, cheap to work out (`movegen::Sampler`'s
/// rejection draw): one per piece with Feign next to the Self.
pub(crate) fn feign_bound(rules: &Rules, pos: &Position) -> usize {
    let side = pos.turn();
    let feigners = rules.kinds_with(side, crate::rules::Aspect::Feign);
    if feigners == 0 {
        return 0;
    }
    pos.life_square(rules, side).map_or(0, |self_sq| {
        (pos.pieces_of(side, feigners) & Bitboard::adjacent(self_sq)).count() as usize
    })
}

pub(crate) fn feigns(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    let side = pos.turn();
    let life = rules.life(side);
    let Some(self_sq) = pos.life_square(rules, side) else {
        return;
    };
    for k in crate::rules::kinds_in(rules.kinds_with(side, crate::rules::Aspect::Feign)) {
        let holding = crate::special::blade_capture::holding(pos, side);
        for from in pos.pieces(side, k) & Bitboard::adjacent(self_sq) {
            if holding.contains(from) {
                continue;
            }
            out.push(Action::Move(Move {
                mover: Mover::Piece(k),
                from,
                to: self_sq,
                effect: Effect::Swap(life),
                dir: None,
                face: None,
            }));
        }
    }
}
