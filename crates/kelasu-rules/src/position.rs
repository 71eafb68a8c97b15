//! A position: the pieces, whose turn it is and how far into it (energy left, which pieces have
//! moved), the 64-turn count and the turn-start positions a repetition may return to.
use crate::bitboard::Bitboard;
use crate::piece::{Kind, Piece};
use crate::side::Side;
use crate::square::Square;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 100],
    pub(crate) to_move: Side,
    /// Energy left this turn (at a turn's start: the mover's Stones).
    pub(crate) energy: i16,
    /// Whether the mover has acted this turn.
    pub(crate) acted: bool,
    /// Squares of the mover's pieces that have moved this turn.
    pub(crate) moved: Bitboard,
    /// Completed turns since the last Blank move, merge or capture; -1 while the turn under way
    /// has had one (so the turn's end brings it to 0).
    pub(crate) quiet: i16,
    /// Repetition keys of the turn starts since the last irreversible action, oldest first
    /// (the current turn start included once it begins), every one of them: a fourth
    /// occurrence may come any number of turns after the first (ruling "Fourfold repetition").
    /// Shared between copies of the position (a copy costs no allocation; a turn start that
    /// adds a key to a shared list copies it first).
    pub(crate) history: Arc<Vec<u64>>,
}

impl Position {
    /// The start: 20 Blanks on each side's two rows, Stones on C0 C2 C7 C9 and H0 H2 H7 H9,
    /// Blue to move with 4 energy.
    pub fn start() -> Position {
        let mut board = [None; 100];
        for f in 0..10u8 {
            for (r, side) in [
                (0u8, Side::Blue),
                (1, Side::Blue),
                (8, Side::Red),
                (9, Side::Red),
            ] {
                board[(r * 10 + f) as usize] = Some(Piece::new(side, Kind::Blank));
            }
        }
        for f in [0u8, 2, 7, 9] {
            board[(20 + f) as usize] = Some(Piece::new(Side::Blue, Kind::Stone));
            board[(70 + f) as usize] = Some(Piece::new(Side::Red, Kind::Stone));
        }
        let mut p = Position {
            board,
            to_move: Side::Blue,
            energy: 4,
            acted: false,
            moved: Bitboard::EMPTY,
            quiet: 0,
            history: Arc::default(),
        };
        p.push_history();
        p
    }

    /// A turn start with the given pieces, `to_move` to act with energy equal to its Stones, the
    /// count at 0 and this position alone in the history (for tests, puzzles and tools; check it
    /// with `Game::check_invariants` or read position text instead when it comes from a user).
    pub fn setup(pieces: &[(Square, Piece)], to_move: Side) -> Position {
        let mut board = [None; 100];
        for &(s, p) in pieces {
            board[s.index()] = Some(p);
        }
        let mut p = Position {
            board,
            to_move,
            energy: 0,
            acted: false,
            moved: Bitboard::EMPTY,
            quiet: 0,
            history: Arc::default(),
        };
        p.energy = p.stones(to_move) as i16;
        p.push_history();
        p
    }

    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        self.board[s.index()]
    }
    pub fn to_move(&self) -> Side {
        self.to_move
    }
    pub fn energy(&self) -> i16 {
        self.energy
    }
    /// Whether the mover has acted in this turn yet.
    pub fn acted(&self) -> bool {
        self.acted
    }
    pub fn moved(&self) -> Bitboard {
        self.moved
    }
    /// Completed turns without a Blank move, merge or capture (-1: the turn under way had one).
    pub fn quiet(&self) -> i16 {
        self.quiet
    }
    pub fn history(&self) -> &[u64] {
        &self.history
    }
    /// Every piece with its square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|s| self.board[s.index()].map(|p| (s, p)))
    }
    pub fn count(&self, side: Side, kind: Kind) -> u32 {
        self.pieces()
            .filter(|(_, p)| p.side == side && p.kind == kind)
            .count() as u32
    }
    pub fn stones(&self, side: Side) -> u32 {
        self.count(side, Kind::Stone)
    }
    /// Pieces of `side` that are not Stones.
    pub fn non_stones(&self, side: Side) -> u32 {
        self.pieces()
            .filter(|(_, p)| p.side == side && p.kind != Kind::Stone)
            .count() as u32
    }
    /// The squares of `side`'s pieces of `kind`.
    pub fn squares_of(&self, side: Side, kind: Kind) -> Bitboard {
        self.pieces()
            .filter(|(_, p)| p.side == side && p.kind == kind)
            .fold(Bitboard::EMPTY, |b, (s, _)| b.with(s))
    }

    pub(crate) fn set(&mut self, s: Square, p: Option<Piece>) {
        self.board[s.index()] = p;
    }
    pub(crate) fn clear_history(&mut self) {
        self.history = Arc::default();
    }
    /// The key fourfold repetition compares: the pieces and the side to move.
    pub fn repetition_key(&self) -> u64 {
        crate::keys::placement(self.pieces(), self.to_move)
    }
    /// How often the current placement stands in the history (the current turn start included).
    pub fn repetitions(&self) -> usize {
        let k = self.repetition_key();
        self.history().iter().filter(|&&h| h == k).count()
    }
    /// Adds the current placement's key to the repetition history.
    pub(crate) fn push_history(&mut self) {
        let k = self.repetition_key();
        Arc::make_mut(&mut self.history).push(k);
    }
}
