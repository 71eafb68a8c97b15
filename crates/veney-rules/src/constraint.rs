//! Range constraints relative to the Self (§2.0.03 Sword, §2.0.08 Dagger, §2.0.09 Guard,
//! §2.0.10 Lantern, §2.0.12 Ruin). A constrained piece may only end a move inside its zone; a
//! piece left outside (because its Self moved) may only move back into it.
use crate::bitboard::Bitboard;
use crate::piece_def::Constraint;
pub use crate::piece_def::zone_from;
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

/// The squares where `side`'s piece with constraint `c` may stand, given the current board.
/// With no Self on the board there is nothing to measure from: everything is allowed.
pub fn zone(rules: &Rules, pos: &Position, side: Side, c: &Constraint) -> Bitboard {
    zone_from(
        c,
        pos.life_square(rules, side),
        engagements(rules, pos, side),
        pos.life_measure(rules, !side),
        rules.options.sword_steps_apart,
    )
}

/// `side`'s engagements on the board.
pub fn engagements(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    pos.pieces_of(side, rules.engagement_kinds(side))
}

/// The zone of a kind, or the whole board for an unconstrained kind.
pub fn zone_of(rules: &Rules, pos: &Position, side: Side, k: Kind) -> Bitboard {
    match rules.info(side, k).zone_group {
        Some(g) => rules.zone_groups(side)[g as usize].zone(
            pos.life_measure(rules, side),
            engagements(rules, pos, side),
            pos.life_measure(rules, !side),
        ),
        None => Bitboard::FULL,
    }
}
