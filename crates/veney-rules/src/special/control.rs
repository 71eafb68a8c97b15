//! Control (§2.0.07, aspect of the Balance): "The Balance in the Self's measure prevents an
//! opponent's Jutsu from entering (by movement or attack), and entering the opponent's
//! Jutsu-occupied measure with your Balance and Self fends their Jutsu."
//!
//! Ruling R-CONTROL: the controlled measure is any measure where a side's Self and one of its
//! pieces with Control stand together. The opposing Jutsu may not move, attack or be placed into
//! it. When a move of that side makes a measure controlled that was not (the Self or the Balance
//! entered it, or the Balance was placed there), every opposing Jutsu in that measure is fended
//! at once. This app always invokes it (the rulebook's "can be invoked in the moment"): a strict
//! game forgets nothing.
use crate::bitboard::Bitboard;

use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

/// The squares of the measures `side` controls.
pub fn controlled(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    super::self_measure_with(rules, pos, side, crate::rules::Aspect::Control)
}

/// After a move by `side`: fends the opposing Jutsu in a measure that became controlled.
pub(crate) fn after_move(rules: &Rules, pos: &mut Position, side: Side, before: Bitboard) {
    let now = controlled(rules, pos, side);
    let fresh = now & !before;
    if fresh.is_empty() {
        return;
    }
    let opp = !side;
    for k in rules.set(opp).kinds() {
        if !rules.info(opp, k).jutsu {
            continue;
        }
        for sq in pos.pieces(opp, k) & fresh {
            pos.remove(opp, k, sq);
            pos.reserve[opp.index()][k.index()] += 1;
        }
    }
}

/// Whether `side` has any piece with Control at all (a cheap test before `controlled`).
pub fn has_control(rules: &Rules, side: Side) -> bool {
    rules.has_control(side)
}
