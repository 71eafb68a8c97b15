//! Sets of squares as 81 bits of a `u128` (bit i is the square with index i).
use crate::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

const ALL_BITS: u128 = (1u128 << Square::COUNT) - 1;
/// Squares on file a (bit 0, 9, 18, …).
const FILE_A: u128 = {
    let mut b = 0u128;
    let mut r = 0;
    while r < 9 {
        b |= 1u128 << (9 * r);
        r += 1;
    }
    b
};
const FILE_I: u128 = FILE_A << 8;

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(ALL_BITS);

    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// The squares of ranks `from..=to` (0-based).
    pub const fn ranks(from: u8, to: u8) -> Bitboard {
        let mut b = 0u128;
        let mut r = from;
        while r <= to {
            b |= 0x1ffu128 << (9 * r as u32);
            r += 1;
        }
        Bitboard(b)
    }

    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.index()) != 0
    }
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << sq.index())
    }
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// The lowest square in the set.
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::new(self.0.trailing_zeros() as u8)
        }
    }

    /// Every square one step north (towards rank 9), east, south or west of a square in the set.
    pub const fn orth_neighbours(self) -> Bitboard {
        let b = self.0;
        Bitboard(((b << 9) | (b >> 9) | ((b & !FILE_I) << 1) | ((b & !FILE_A) >> 1)) & ALL_BITS)
    }

    /// Every square one king step from a square in the set.
    pub const fn king_neighbours(self) -> Bitboard {
        let b = self.0;
        let side = ((b & !FILE_I) << 1) | ((b & !FILE_A) >> 1);
        let row = b | side;
        Bitboard((side | (row << 9) | (row >> 9)) & ALL_BITS)
    }

    pub fn iter(self) -> Squares {
        Squares(self.0)
    }
}

/// The squares of a set, lowest first.
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(i))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}
impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}
impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, o: Bitboard) {
        self.0 &= o.0;
    }
}
impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, o: Bitboard) {
        self.0 |= o.0;
    }
}
impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(it: I) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for s in it {
            b.set(s);
        }
        b
    }
}
