//! The Traitor (rule text, "Traitor piece"): it starts on the centre square under no one's
//! control; a piece taking it either removes it from the game or is sacrificed so that its side
//! gains control of it, with the option of an extra move with the Traitor at once.
use crate::bitboard::Bitboard;
use crate::options::TirachenOptions;
use crate::piece::Kind;
use crate::position::Position;
use crate::side::Side;

/// The squares whose pieces `side` may take: the opposing side's pieces, and the Traitor while
/// no one controls it.
pub fn capturable(pos: &Position, side: Side) -> Bitboard {
    pos.side(side.other()) | pos.neutral()
}

/// Whether a piece of `kind` may be sacrificed to gain control of the Traitor. Any piece may, as
/// the text names no exception; the General only if option `general_for_traitor` allows it
/// (ruling "Sacrificing the General for the Traitor": its side then loses, its General gone,
/// unless the gained Traitor completes the occupation of the opposing homeland).
pub fn may_control(opts: &TirachenOptions, kind: Kind) -> bool {
    kind != Kind::General || opts.general_for_traitor
}
