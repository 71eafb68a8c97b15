//! What a player may do on a decision.
use crate::masters::Masters;
use crate::piece::Kind;
use crate::square::Square;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Choose the nine masters (before play; in turn or in secret as the options say).
    Choose(Masters),
    /// Move the piece on `from` to `to`, capturing what stands there. `control` is set only
    /// when the piece takes the Traitor the second way: the capturer is sacrificed and the
    /// Traitor comes under the mover's control.
    Move {
        from: Square,
        to: Square,
        control: bool,
    },
    /// Place an undeployed piece.
    Place { kind: Kind, to: Square },
    /// Declare mobilisation, taking no move.
    Mobilise,
    /// Decline the extra move with a newly controlled Traitor.
    Decline,
}

impl Action {
    pub const fn step(from: Square, to: Square) -> Action {
        Action::Move {
            from,
            to,
            control: false,
        }
    }
}
