//! The Traitor (rule text, "Traitor piece"): it starts on the centre square under no one's
//! control; a piece taking it either removes it from the game or is sacrificed so that its side
//! gains control of it, with the option of an extra move with the Traitor at once.
use crate::bitboard::Bitboard;
use crate::piece::Kind;
use crate::position::Position;
use crate::side::Side;

/// The squares whose pieces `side` may take: the opposing side's pieces, and the Traitor while
/// no one controls it.
pub fn capturable(pos: &Position, side: Side) -> Bitboard {
    pos.side(side.other()) | pos.neutral()
}

/// Whether a piece of `kind` may be sacrificed to gain control of the Traitor. The General may
/// not (ruling "Sacrificing the General for the Traitor").
pub fn may_control(kind: Kind) -> bool {
    kind != Kind::General
}
