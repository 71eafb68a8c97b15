//! A set of squares as 100 bits of a `u128`.
use crate::square::Square;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub u128);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    pub fn from_square(s: Square) -> Bitboard {
        Bitboard(1u128 << s.0)
    }
    pub fn contains(self, s: Square) -> bool {
        self.0 >> s.0 & 1 == 1
    }
    pub fn with(self, s: Square) -> Bitboard {
        Bitboard(self.0 | 1u128 << s.0)
    }
    pub fn without(self, s: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << s.0))
    }
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The squares in ascending order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let mut b = self.0;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros() as u8;
            b &= b - 1;
            Some(Square(i))
        })
    }
    /// The squares orthogonally next to a square of the set (a square at the end of a rank is
    /// not next to the start of the following one).
    pub fn orthogonal_neighbours(self) -> Bitboard {
        const FILE0: u128 = {
            let mut m = 0u128;
            let mut r = 0;
            while r < 10 {
                m |= 1 << (r * 10);
                r += 1;
            }
            m
        };
        const FILE9: u128 = FILE0 << 9;
        const ALL: u128 = (1u128 << 100) - 1;
        let b = self.0;
        let east = (b & !FILE9) << 1;
        let west = (b & !FILE0) >> 1;
        let south = b << 10;
        let north = b >> 10;
        Bitboard((east | west | south | north) & ALL)
    }
}
