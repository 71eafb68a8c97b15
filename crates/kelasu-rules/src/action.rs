//! An action: one decision within a turn.
use crate::bitboard::Bitboard;
use crate::piece::Kind;
use crate::square::Square;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece moves (and takes whatever opposing piece stands on `to`).
    Move { from: Square, to: Square },
    /// A Warrior on the far rank teleports back exactly 9 ranks, on its file.
    Recall { from: Square, to: Square },
    /// The Diplomat on `from` converts the opposing piece on `target` and is sacrificed.
    Convert { from: Square, target: Square },
    /// The Blanks on `blanks` become one `kind` on `to` (one of those squares).
    Merge {
        kind: Kind,
        to: Square,
        blanks: Bitboard,
    },
    /// The mover ends the turn.
    End,
}
