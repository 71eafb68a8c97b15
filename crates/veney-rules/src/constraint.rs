//! Range constraints relative to the Self (§2.0.03 Sword, §2.0.08 Dagger, §2.0.09 Guard,
//! §2.0.10 Lantern, §2.0.12 Ruin). A constrained piece may only end a move inside its zone; a
//! piece left outside (because its Self moved) may only move back into it.
use crate::bitboard::Bitboard;
use crate::measure::{Measure, steps_between};
use crate::piece_def::Constraint;
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
    )
}

/// `side`'s engagements on the board.
pub fn engagements(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    let mask = rules.engagement_kinds(side);
    let mut eng = Bitboard::EMPTY;
    for k in 0..16u8 {
        if mask & (1 << k) != 0 {
            eng |= pos.pieces(side, Kind(k));
        }
    }
    eng
}

/// The zone from its ingredients: the own Self's square, the own engagements, the opposing
/// Self's measure.
pub fn zone_from(
    c: &Constraint,
    life: Option<crate::square::Square>,
    eng: Bitboard,
    opp_life: Option<Measure>,
) -> Bitboard {
    let Some(life) = life else {
        return Bitboard::FULL;
    };
    let m = Measure::of(life);
    let lo = (m.0 as i32 - c.measures as i32).max(0) as u8;
    let hi = (m.0 as i32 + c.measures as i32).min(3) as u8;
    let first = Measure(lo).first_step().saturating_sub(c.steps);
    let last = Measure(hi).last_step() + c.steps;
    let mut z = steps_between(first, last);
    if c.engagement_steps {
        z |= eng.fill_steps();
    }
    if c.not_opponent_self_measure {
        if let Some(om) = opp_life {
            z &= !om.squares();
        }
    }
    z
}

/// The zone of a kind, or the whole board for an unconstrained kind.
pub fn zone_of(rules: &Rules, pos: &Position, side: Side, k: Kind) -> Bitboard {
    match &rules.info(side, k).constraint {
        Some(c) => zone(rules, pos, side, c),
        None => Bitboard::FULL,
    }
}
