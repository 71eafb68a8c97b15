//! Disarm (§2.0.14): "The Sword takes opposing armaments via disarm conditions. If the Sword has
//! been lost, the Dagger is used to execute disarmament." Condition A: "The disarmed piece is
//! overextended in a measure outside its range constraints." "If the disarmed player has no blade
//! left on the board, disarmament constitutes checkmate".
//!
//! Ruling R-DISARM: condition A is played — the target armament stands outside its own range
//! constraint, judged from its own Self. Condition B (a blade and a technical piece attacking at
//! once) arrives with attack maps. Persistence (§2.0.08): a blade with the Persistence special
//! (the Dagger) executes disarm only while its side has no other blade on the board.
use crate::piece_def::Special;
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// Whether `side`'s `attacker` may disarm the opposing `target` standing on `at`.
pub(crate) fn disarms(
    rules: &Rules,
    pos: &Position,
    side: Side,
    attacker: Kind,
    target: Kind,
    at: Square,
) -> bool {
    if rules
        .set(side)
        .piece(attacker)
        .has_special(Special::Persistence)
        && blades_on_board(rules, pos, side) > 1
    {
        return false;
    }
    overextended(rules, pos, !side, target, at)
}

/// Condition A: `side`'s piece of kind `k` on `at` is outside its own range constraint.
pub fn overextended(rules: &Rules, pos: &Position, side: Side, k: Kind, at: Square) -> bool {
    !crate::constraint::zone_of(rules, pos, side, k).contains(at)
}

/// How many blades `side` has on the board.
pub fn blades_on_board(rules: &Rules, pos: &Position, side: Side) -> u32 {
    rules
        .set(side)
        .kinds()
        .filter(|&k| rules.is_blade(side, k))
        .map(|k| pos.pieces(side, k).count())
        .sum()
}
