//! Squares of the 9×9 board: files a–i from left to right, ranks 1–9 from Red's edge. A square's
//! index is `file + 9 × rank` (both from 0), the same as `game_api::Cell` on this grid.
use std::fmt;

/// Files and ranks on the board.
pub const SIDE: u8 = 9;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// How many squares the board has.
    pub const COUNT: usize = 81;

    /// The square with this index (0 = a1, 80 = i9).
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < Square::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` and `rank` (both counted from 0).
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < SIDE && rank < SIDE {
            Some(Square(file + SIDE * rank))
        } else {
            None
        }
    }

    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }
    pub const fn file(self) -> u8 {
        self.0 % SIDE
    }
    pub const fn rank(self) -> u8 {
        self.0 / SIDE
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || r < 0 || f >= SIDE as i8 || r >= SIDE as i8 {
            None
        } else {
            Some(Square(f as u8 + SIDE * r as u8))
        }
    }

    /// Every square, a1 first, then b1 … i1, a2 …
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::COUNT as u8).map(Square)
    }

    /// Reads a square name (`e5`). The file is a letter a–i, the rank a digit 1–9.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].wrapping_sub(b'a');
        let r = b[1].wrapping_sub(b'1');
        Square::from_coords(f, r)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}
