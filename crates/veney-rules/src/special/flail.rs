//! Flail (§2.0.10, special move of the Lantern): "When the Lantern is left out-of-constraint by
//! the Self having moved away into another measure, it can move either back into-measure with the
//! Self or one measure further in that direction, on the opposite side of the Self from where it
//! started the move (as if swinging). Also, it can leap over any pieces in the next measure it
//! passes into/over". "The flailing Lantern can only leap over pieces in the next measure if its
//! path isn't first obstructed by any pieces in the measure where it begins the move (… a
//! slide-then-leap move)." "When flailing, the Lantern may double-move by stepping stone …, but
//! only using an engagement square and destination square that share a measure." "Any Lantern
//! move which terminates inside the Self's measure ends its state of flailing". "The Lantern,
//! when flailing … can never make a move which begins the turn and ends the turn in that same
//! measure."
//!
//! Ruling R-FLAIL: a Lantern (a piece with the Flail special) outside its Self's measure moves
//! along its ordinary slides (same directions, at least two squares, whichever way it went
//! before: R-LANTERN-DIRECTION) to a square in the Self's measure or in the measure beyond it on the far side from
//! where it starts. On its way, pieces in its starting measure block it; pieces in the measure
//! right after its starting measure may be leapt; pieces further on block again. It fends and
//! takes as it ordinarily would where it lands. After it lands on a stepping stone, its second
//! move is an ordinary one (no leap) that stays in that stone's measure.
//!
//! This module holds the swing itself (where a flail may land, what it attacks); the moves are
//! listed with every piece's in `piece_moves::flail_moves`, which needs the mover's view (and
//! the view judges disarms, which read a flail's attacks here).
use crate::bitboard::Bitboard;
use crate::measure::Measure;
use crate::piece_def::Mode;
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;

/// The measures a flailing Lantern on `from` may land in, as squares.
pub fn destinations(
    rules: &Rules,
    pos: &Position,
    side: crate::side::Side,
    from: Square,
) -> Bitboard {
    let Some(m_self) = pos.life_measure(rules, side) else {
        return Bitboard::EMPTY;
    };
    landings(Measure::of(from), m_self)
}

/// Where a flail from measure `m_from` may land with its Self in `m_self`: that measure and the
/// one beyond it on the far side from `m_from` (none when they are the same measure).
pub fn landings(m_from: Measure, m_self: Measure) -> Bitboard {
    if m_from == m_self {
        return Bitboard::EMPTY;
    }
    let mut out = m_self.squares();
    let far = if m_from < m_self {
        m_self.0.checked_add(1).filter(|m| *m <= 3)
    } else {
        m_self.0.checked_sub(1)
    };
    if let Some(f) = far {
        out |= Measure(f).squares();
    }
    out
}

/// Whether `side`'s piece of `kind` on `from` is flailing (out of its Self's measure).
pub fn flailing(
    rules: &Rules,
    pos: &Position,
    side: crate::side::Side,
    kind: Kind,
    from: Square,
) -> bool {
    rules.info(side, kind).flail
        && pos
            .life_measure(rules, side)
            .is_some_and(|m| m != Measure::of(from))
}

/// The slide-then-leap of a flail: calls `reach` with each square the Lantern of `kind` on
/// `from` may land on — in its Self's measure or the one beyond (`destinations`), at least its
/// ray's minimum away — with that ray's mode and whether the square is occupied. Pieces in its
/// starting measure block; pieces in the measure right after it may be leapt; pieces further on
/// block again; the Donkey always blocks ("no piece can leap over it"). `transparent` squares
/// (the Self's, in concert) are passed over and never reached.
#[allow(clippy::too_many_arguments)]
pub(crate) fn swing(
    rules: &Rules,
    pos: &Position,
    side: crate::side::Side,
    kind: Kind,
    from: Square,
    occupied: Bitboard,
    transparent: Bitboard,
    mut reach: impl FnMut(Square, Mode, bool),
) {
    let tables = rules
        .set(side)
        .piece(kind)
        .tables_for(side, pos.facing(from));
    let allowed = destinations(rules, pos, side, from);
    let donkeys = crate::special::donkey::squares(pos);
    let m_from = Measure::of(from);
    for ray in tables.rays_from(from) {
        let mut next_measure: Option<Measure> = None;
        for (i, sq) in ray.squares().enumerate() {
            let m = Measure::of(sq);
            if m != m_from && next_measure.is_none() {
                next_measure = Some(m);
            }
            if transparent.contains(sq) {
                continue;
            }
            let occ = occupied.contains(sq);
            if i + 1 >= ray.min as usize && allowed.contains(sq) {
                reach(sq, ray.mode, occ);
            }
            if occ && (donkeys.contains(sq) || Some(m) != next_measure.filter(|n| *n != m_from)) {
                break;
            }
        }
    }
}

/// The squares the flailing Lantern of `kind` on `from` attacks: where its swing could land on a
/// piece. "As it is a technical piece, a Lantern poised in a direct attack by flailing can
/// contribute to disadvantagement for disarm" (§2.0.10; ruling R-DISARM-B).
pub fn attacks(
    rules: &Rules,
    pos: &Position,
    side: crate::side::Side,
    kind: Kind,
    from: Square,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let occupied = pos.occupied();
    swing(
        rules,
        pos,
        side,
        kind,
        from,
        occupied,
        Bitboard::EMPTY,
        |sq, mode, _| {
            if mode != Mode::MoveOnly {
                out.set(sq);
            }
        },
    );
    out
}
