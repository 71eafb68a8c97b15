//! The two phases of a side's play (rule text, "HOW TO PLAY"). Deployment phase: move a piece
//! within your deployment area, place a piece on an open square of it, or declare mobilisation.
//! Mobilized phase: move a piece, place the undeployed Fort on an open square of your deployment
//! area, or bring an undeployed piece onto an open square of your homeland.
use crate::bitboard::Bitboard;
use crate::fort;
use crate::options::TirachenOptions;
use crate::piece::Kind;
use crate::position::{Phase, Position};
use crate::side::Side;
use crate::traitor;
use crate::zones;

/// The squares `side`'s moves may pass over and land on: its deployment area while deploying,
/// the whole board once mobilised.
pub fn walk(pos: &Position, side: Side) -> Bitboard {
    match pos.phase(side) {
        Phase::Mobilised => Bitboard::ALL,
        _ => zones::deployment_area(side),
    }
}

/// The squares whose pieces `side`'s moves may take now: none while deploying if the option
/// forbids captures then.
pub fn capturable(pos: &Position, opts: &TirachenOptions, side: Side) -> Bitboard {
    if pos.phase(side) == Phase::Deploying && !opts.deployment_captures {
        Bitboard::EMPTY
    } else {
        traitor::capturable(pos, side)
    }
}

/// The area where `side` may place an undeployed `kind`, open or not.
pub fn placement_area(pos: &Position, side: Side, kind: Kind) -> Bitboard {
    match (pos.phase(side), kind) {
        (Phase::Choosing, _) => Bitboard::EMPTY,
        (Phase::Deploying, _) | (Phase::Mobilised, Kind::Fort) => zones::deployment_area(side),
        (Phase::Mobilised, _) => zones::homeland(side),
    }
}

/// The open squares where `side` may place an undeployed `kind` now. A Fort goes on any of them
/// ("May be placed (as a move) in an open square in your deployment area"), unless option
/// `fort_ring_must_be_clear` keeps it from squares next to an opposing piece.
pub fn placement_squares(
    pos: &Position,
    opts: &TirachenOptions,
    side: Side,
    kind: Kind,
) -> Bitboard {
    let mut sq = placement_area(pos, side, kind) & !pos.occupied() & !fort::barred(pos, side);
    if kind == Kind::Fort && opts.fort_ring_must_be_clear {
        sq &= !fort::ring_occupied(pos, side);
    }
    sq
}
