//! The state of a game: the pieces on the board, each side's undeployed pieces and phase, whose
//! turn it is, a pending Traitor extra move and the count of quiet turns. A plain `Copy` value.
use crate::bitboard::Bitboard;
use crate::masters::Masters;
use crate::options::TirachenOptions;
use crate::piece::{Kind, Piece};
use crate::side::Side;
use crate::square::Square;
use crate::zones;

/// A side's undeployed pieces ("ready to be deployed").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reserve {
    counts: [u8; 8],
    /// Masters whose kinds this view of the state does not show (an observation by the other
    /// side when the masters are chosen in secret). Always 0 in the referee's state.
    hidden: u8,
}

impl Reserve {
    /// The Fort, the Commander and nine Pikes, before any master is chosen.
    pub const fn before_choice() -> Reserve {
        let mut counts = [0; 8];
        counts[Kind::Fort.index()] = 1;
        counts[Kind::Commander.index()] = 1;
        counts[Kind::Pike.index()] = 9;
        Reserve { counts, hidden: 0 }
    }
    pub const fn count(&self, kind: Kind) -> u8 {
        self.counts[kind.index()]
    }
    pub const fn hidden(&self) -> u8 {
        self.hidden
    }
    /// Every undeployed piece, hidden masters included.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| c as u32).sum::<u32>() + self.hidden as u32
    }
    /// Undeployed masters whose kinds are known.
    pub fn known_masters(&self) -> u32 {
        Kind::MASTERS.iter().map(|&k| self.count(k) as u32).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }
    pub(crate) fn set(&mut self, kind: Kind, n: u8) {
        self.counts[kind.index()] = n;
    }
    pub(crate) fn set_hidden(&mut self, n: u8) {
        self.hidden = n;
    }
    pub(crate) fn take(&mut self, kind: Kind) {
        self.counts[kind.index()] -= 1;
    }
    pub(crate) fn add_masters(&mut self, m: Masters) {
        for k in Kind::MASTERS {
            self.counts[k.index()] += m.count(k);
        }
    }
    /// Moves the known masters' kinds out of sight, keeping their number.
    pub(crate) fn hide_masters(&mut self) {
        for k in Kind::MASTERS {
            self.hidden += self.counts[k.index()];
            self.counts[k.index()] = 0;
        }
    }
}

/// Where a side stands in the sequence of play ("HOW TO PLAY").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Its masters are not chosen yet.
    Choosing,
    /// Its deployment phase.
    Deploying,
    /// Its mobilized phase.
    Mobilised,
}

impl Phase {
    pub const fn letter(self) -> char {
        match self {
            Phase::Choosing => 'c',
            Phase::Deploying => 'd',
            Phase::Mobilised => 'm',
        }
    }
    pub fn from_letter(c: char) -> Option<Phase> {
        match c {
            'c' => Some(Phase::Choosing),
            'd' => Some(Phase::Deploying),
            'm' => Some(Phase::Mobilised),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    by_side: [Bitboard; 2],
    neutral: Bitboard,
    by_kind: [Bitboard; 8],
    reserves: [Reserve; 2],
    phases: [Phase; 2],
    to_move: Side,
    extra: Option<Square>,
    quiet: u16,
}

impl Position {
    /// The opening position: each General on the centre of its homeland, the Traitor on the
    /// centre square, everything else undeployed, no master chosen yet.
    pub fn start(options: &TirachenOptions) -> Position {
        let mut p = Position::empty(options.first);
        for side in Side::BOTH {
            p.put(zones::general_start(side), Piece::new(side, Kind::General));
            p.reserves[side.index()] = Reserve::before_choice();
            p.phases[side.index()] = Phase::Choosing;
        }
        p.put(zones::CENTRE, Piece::NEUTRAL_TRAITOR);
        p
    }

    /// An empty board, both sides mobilised with nothing undeployed: for building positions.
    pub fn empty(to_move: Side) -> Position {
        Position {
            by_side: [Bitboard::EMPTY; 2],
            neutral: Bitboard::EMPTY,
            by_kind: [Bitboard::EMPTY; 8],
            reserves: [Reserve::default(); 2],
            phases: [Phase::Mobilised; 2],
            to_move,
            extra: None,
            quiet: 0,
        }
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let owner = if self.by_side[0].contains(sq) {
            Some(Side::Red)
        } else if self.by_side[1].contains(sq) {
            Some(Side::White)
        } else if self.neutral.contains(sq) {
            None
        } else {
            return None;
        };
        let kind = Kind::ALL
            .into_iter()
            .find(|k| self.by_kind[k.index()].contains(sq))?;
        Some(Piece { owner, kind })
    }

    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1] | self.neutral
    }
    /// The squares of the pieces `side` controls.
    pub fn side(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }
    /// The square of the Traitor while no one controls it.
    pub fn neutral(&self) -> Bitboard {
        self.neutral
    }
    pub fn kind(&self, kind: Kind) -> Bitboard {
        self.by_kind[kind.index()]
    }
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.by_side[side.index()] & self.by_kind[kind.index()]
    }
    pub fn general(&self, side: Side) -> Option<Square> {
        self.pieces(side, Kind::General).first()
    }
    pub fn fort(&self, side: Side) -> Option<Square> {
        self.pieces(side, Kind::Fort).first()
    }
    /// Where the Traitor stands and who controls it.
    pub fn traitor(&self) -> Option<(Square, Option<Side>)> {
        let sq = self.kind(Kind::Traitor).first()?;
        Some((sq, self.piece_at(sq).and_then(|p| p.owner)))
    }
    /// Every piece on the board, a1 first.
    pub fn board(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    pub fn reserve(&self, side: Side) -> &Reserve {
        &self.reserves[side.index()]
    }
    pub fn phase(&self, side: Side) -> Phase {
        self.phases[side.index()]
    }
    /// Whose turn it is (during an open choice of masters: who chooses now).
    pub fn to_move(&self) -> Side {
        self.to_move
    }
    /// The Traitor's square while its new controller may still take the extra move.
    pub fn extra_move(&self) -> Option<Square> {
        self.extra
    }
    /// Complete turns in a row with nothing captured, placed or mobilised.
    pub fn quiet_turns(&self) -> u16 {
        self.quiet
    }
    /// Whether either side has yet to choose its masters.
    pub fn choosing(&self) -> bool {
        self.phases.contains(&Phase::Choosing)
    }

    // --- Changes, for the rules and for building positions ---------------------------------

    /// Puts `piece` on `sq`, replacing whatever stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        match piece.owner {
            Some(s) => self.by_side[s.index()].set(sq),
            None => self.neutral.set(sq),
        }
        self.by_kind[piece.kind.index()].set(sq);
    }

    /// Takes whatever stands on `sq` off the board.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq)?;
        self.by_side[0].clear(sq);
        self.by_side[1].clear(sq);
        self.neutral.clear(sq);
        self.by_kind[p.kind.index()].clear(sq);
        Some(p)
    }

    pub fn reserve_mut(&mut self, side: Side) -> &mut Reserve {
        &mut self.reserves[side.index()]
    }
    pub fn set_undeployed(&mut self, side: Side, kind: Kind, n: u8) {
        self.reserves[side.index()].set(kind, n);
    }
    pub fn set_phase(&mut self, side: Side, phase: Phase) {
        self.phases[side.index()] = phase;
    }
    pub fn set_to_move(&mut self, side: Side) {
        self.to_move = side;
    }
    pub fn set_extra_move(&mut self, sq: Option<Square>) {
        self.extra = sq;
    }
    pub fn set_quiet_turns(&mut self, n: u16) {
        self.quiet = n;
    }
}
