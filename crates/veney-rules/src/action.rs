//! One action of a turn (§2.0.IV: move, take/fend, place, withdraw, pass), as the turn state
//! machine (`turn.rs`) offers and plays them.
use crate::dice::Roll;
use crate::direction::Dir;
use crate::piece_set::Kind;
use crate::square::Square;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A piece (or the free engagement in play) moves, perhaps taking or fending.
    Move(Move),
    /// A piece from reserve is placed on the board (§2.0.13); an oriented piece with the facing
    /// it is placed with (§2.0.23: "A piece can be placed facing in one of the four orthogonal
    /// directions"; 0 forward, 1 right, 2 back, 3 left from its owner's side), `None` for
    /// every other piece.
    Place {
        kind: Kind,
        to: Square,
        face: Option<u8>,
    },
    /// An own piece goes back to reserve (§2.0.13).
    Withdraw { kind: Kind, from: Square },
    /// The free engagement enters play from its intersection (§2.0.05).
    EnterFree { to: Square },
    /// Pass the turn (§2.0.17).
    Pass,
    /// Throw the Dagger of this kind on `from` at the opposing Self on `target` (§2.0.08). The
    /// roll follows.
    Throw {
        kind: Kind,
        from: Square,
        target: Square,
    },
    /// What the throw's sticks (or die, or guess) showed (§2.0.08, §2.0.R1).
    Roll(Roll),
    /// The distraction of a throw moves the Self or the Sword to `to` (§2.0.08).
    Reposition {
        kind: Kind,
        from: Square,
        to: Square,
    },
    /// The piece with Glare on `from` fends the opposing Jutsu and ends the turn (§2.0.10).
    Glare { from: Square },
    /// The Self steps back off the board: the board is reset (§2.0.02 Retreat).
    Retreat,
    /// Declare an intention (§2.0.11): the blade of this kind on `from` will strike `to` next
    /// turn. Ends the turn. (`!$tX10`)
    Declare {
        kind: Kind,
        from: Square,
        to: Square,
    },
    /// Enact the declared intention: strike `to` without moving (`$tX10!`).
    Enact {
        kind: Kind,
        from: Square,
        to: Square,
    },
    /// Cast a piece of this kind (from the board, or from reserve when `from` is `None`) into
    /// the empty measure `measure` (§2.0.18). The landing follows.
    Cast {
        kind: Kind,
        from: Option<Square>,
        measure: u8,
    },
    /// Where the cast piece came down (§2.0.18).
    Land(crate::device::Landing),
    /// Spring the Obscurant Chaos trap on the opposing technical piece on `at` (§2.0.18).
    Invoke { at: Square },
    /// Reset the board after quibbling over the free engagement (§2.0.20): `a==`.
    QuibbleReset,
    /// Place your Donkey on an empty square (§2.0.23): `K*X5`.
    PlaceDonkey { to: Square },
    /// The Donkey's move by its placer's throw (`None`: its one way out) (§2.0.23).
    Donkey(Option<crate::dice::Roll>),
    /// A meta-move of the free engagement out of play, or its return to the centre after
    /// repetition (§2.0.05). Immaterial: the turn goes on.
    Meta(Meta),
    /// Decline the optional second move of a double-move (§2.0.15).
    EndTurn,
    /// Hide the Self (to hug) or the Dagger (to betray) in the Hug that settles a draw
    /// (§2.0.23). Whose hand it is comes with the action (`Position::pick_hug`; on the game API
    /// the actor).
    Hug(crate::hug_hand::HugChoice),
}

/// Who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    Piece(Kind),
    /// The shared free engagement, moved by its possessor (§2.0.05).
    Free,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub mover: Mover,
    pub from: Square,
    pub to: Square,
    pub effect: Effect,
    /// The direction of a slide that may not repeat its direction (the Lantern).
    pub dir: Option<Dir>,
    /// The facing an oriented piece chooses on landing (0 forward, 1 right, 2 back, 3 left from
    /// its owner's side); `None` for pieces that face nowhere.
    pub face: Option<u8>,
}

/// What happens on the destination square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// An empty square.
    Quiet,
    /// Onto an own engagement, which goes to reserve (§2.0.04 stepping stone).
    StepStone,
    /// Onto the possessed free engagement, which returns to the centre point (§2.0.05).
    FreeStepStone,
    /// An opposing piece of this kind is fended to its owner's reserve.
    Fend(Kind),
    /// The free engagement is fended back to the centre point (§2.0.05).
    FendFree,
    /// An opposing piece of this kind is taken to the discard.
    Take(Kind),
    /// The opposing Self is taken: checkmate by touch.
    Checkmate,
    /// An opposing armament of this kind is taken by disarm (§2.0.14).
    Disarm(Kind),
    /// Jutsu takes Jutsu: both are discarded (§2.0.11).
    Negate(Kind),
    /// En passant (§2.0.04): the engagement on this square is fended.
    EnPassant(Square),
    /// The own piece of this kind on the destination trades places with the mover: Feign
    /// (§2.0.06, Cloak and Self) and Shift (§2.0.07, Balance and blade). A whole turn.
    Swap(Kind),
    /// Cavazione (§2.0.03): the opposing blade of this kind on the destination trades places with
    /// the mover.
    Cavazione(Kind),
    /// Opposition (§2.0.03): the opposing blade of this kind is pushed from the first square to
    /// the second; the mover ends just behind it.
    Opposition(Kind, Square, Square),
    /// Blade Capture (§2.0.06): the Cloak sits on the opposing blade of this kind, pinning it.
    Capture(Kind),
    /// The Cloak's owner disarms the blade of this kind pinned under their own Cloak (§2.0.06):
    /// the blade is discarded, the Cloak fended.
    DisarmCaptured(Kind),
    /// Shadow-Stabbing (§2.0.18): the opposing Balance of this kind is fended and the opposing
    /// Jutsu (on the board or in reserve) is taken.
    ShadowStab(Kind),
    /// Deflection (§2.0.09): the opposing armament of this kind on the destination is pushed to
    /// the square given; the Guard takes its place.
    Deflect(Kind, Square),
    /// Concert (§2.0.02): the Self lands on the square of its own concert partner of this kind,
    /// which is lifted and must move next (ruling R-CONCERT).
    Lift(Kind),
}

impl Effect {
    /// `t`, `f` or nothing in notation (§2.0.R5).
    pub fn marker(self) -> Option<char> {
        match self {
            Effect::Take(_)
            | Effect::Checkmate
            | Effect::Negate(_)
            | Effect::Disarm(_)
            | Effect::DisarmCaptured(_) => Some('t'),
            Effect::Fend(_) | Effect::FendFree | Effect::EnPassant(_) | Effect::ShadowStab(_) => {
                Some('f')
            }
            Effect::Quiet
            | Effect::StepStone
            | Effect::FreeStepStone
            | Effect::Swap(_)
            | Effect::Cavazione(_)
            | Effect::Opposition(..)
            | Effect::Capture(_)
            | Effect::Deflect(..)
            | Effect::Lift(_) => None,
        }
    }

    /// Written with `~` in notation: a special move (§2.0.R5).
    pub fn is_special(self) -> bool {
        matches!(
            self,
            Effect::EnPassant(_)
                | Effect::ShadowStab(_)
                | Effect::Capture(_)
                | Effect::Swap(_)
                | Effect::Cavazione(_)
                | Effect::Opposition(..)
                | Effect::Deflect(..)
        )
    }

    pub fn is_stepping_stone(self) -> bool {
        matches!(self, Effect::StepStone | Effect::FreeStepStone)
    }
}

impl Action {
    /// The square of the board piece that acts (moves, is withdrawn, throws, is repositioned,
    /// glares, declares or enacts its intention, is cast from the board); `None` for actions
    /// of no board piece (a placement from reserve, the free engagement's entry, a throw's roll,
    /// a landing, the trap's invocation — aimed at the opponent's piece — a pass, …).
    pub fn piece_square(&self) -> Option<Square> {
        match *self {
            Action::Move(m) => Some(m.from),
            Action::Withdraw { from, .. }
            | Action::Throw { from, .. }
            | Action::Reposition { from, .. }
            | Action::Glare { from }
            | Action::Declare { from, .. }
            | Action::Enact { from, .. } => Some(from),
            Action::Cast { from, .. } => from,
            _ => None,
        }
    }

    pub fn as_move(&self) -> Option<&Move> {
        match self {
            Action::Move(m) => Some(m),
            _ => None,
        }
    }

    /// Whether the action is a move on the board for the double-move count (§2.0.15).
    pub fn counts_as_move(&self) -> bool {
        !matches!(
            self,
            Action::Pass
                | Action::EndTurn
                | Action::Roll(_)
                | Action::Reposition { .. }
                | Action::Glare { .. }
                | Action::Meta(_)
                | Action::Declare { .. }
                | Action::Land(_)
                | Action::Donkey(_)
        )
    }
}

/// Meta-moves of the free engagement (§2.0.05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Meta {
    /// `aw`: toward W.
    W,
    /// `az`: toward Z.
    Z,
    /// `a+`: up-step.
    Up,
    /// `a-`: down-step.
    Down,
    /// `a=`: back to the centre after repetition.
    Reset,
}
