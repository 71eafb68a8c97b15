//! Presence (§2.0.11, aspect of the Jutsu): "Your Jutsu's presence in the same measure as your
//! Self piece prevents your opponent from placing any pieces from reserve into that measure."
//!
//! Ruling R-PRESENCE: the barred measure is the Self's measure when a piece of that side with
//! Presence stands in it too. Always invoked (strict game).
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

/// The squares where `side`'s opponent may not place, by `side`'s Presence.
pub fn barred(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    super::self_measure_with(rules, pos, side, crate::rules::Aspect::Presence)
}
