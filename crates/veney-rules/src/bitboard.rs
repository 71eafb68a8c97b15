//! A set of squares as a `u64` (bit i = square index i).
use crate::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(u64::MAX);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u64 << sq.index())
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.index()) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    #[inline]
    pub fn set(&mut self, sq: Square) {
        self.0 |= 1u64 << sq.index();
    }

    #[inline]
    pub fn clear(&mut self, sq: Square) {
        self.0 &= !(1u64 << sq.index());
    }

    /// Every step (row of four squares) holding at least one square of `self`, filled.
    #[inline]
    pub const fn fill_steps(self) -> Bitboard {
        let b = self.0;
        let any = (b | (b >> 1) | (b >> 2) | (b >> 3)) & 0x1111_1111_1111_1111;
        Bitboard(any * 0xF)
    }

    /// The squares touching `sq` orthogonally or diagonally ("adjacent", §2.0.01).
    #[inline]
    pub fn adjacent(sq: Square) -> Bitboard {
        Bitboard(ADJACENT[sq.index()])
    }

    /// Whether every shortest path of king steps from `from` to `to` crosses a square of
    /// `blockers` (the end squares aside): a leap that "leap[s] over any pieces in its path"
    /// (the Cloak, §2.0.06: "one square orthogonally plus one square diagonally (or vice
    /// versa)") still passes over the squares of one such path, and "no piece can leap over" the
    /// Donkey (§2.0.23). Next to each other, nothing is between.
    pub fn path_blocked(from: Square, to: Square, blockers: Bitboard) -> bool {
        let dist =
            |a: Square, b: Square| a.line().abs_diff(b.line()).max(a.step().abs_diff(b.step()));
        let n = dist(from, to);
        let mut front = Bitboard::from_square(from);
        for i in 1..n {
            let mut next = 0u64;
            for sq in front {
                next |= ADJACENT[sq.index()];
            }
            // The squares i steps from `from` and n - i from `to`, no blocker on them.
            let mut on_path = 0u64;
            for sq in Bitboard(next & !blockers.0) {
                if dist(from, sq) == i && dist(sq, to) == n - i {
                    on_path |= 1 << sq.index();
                }
            }
            if on_path == 0 {
                return true;
            }
            front = Bitboard(on_path);
        }
        false
    }

    /// `b` and the squares beyond it on the straight or diagonal line from `a` through `b`
    /// (none if they share no such line, or are the same square).
    #[inline]
    pub fn onto_and_beyond(a: Square, b: Square) -> Bitboard {
        Bitboard(ONTO_AND_BEYOND[a.index()][b.index()])
    }

    /// The squares on the diagonals through `sq`, `sq` itself excluded.
    #[inline]
    pub fn diagonals(sq: Square) -> Bitboard {
        Bitboard(DIAGONALS[sq.index()])
    }
}

/// `ONTO_AND_BEYOND[a][b]`: square `b` and the squares beyond it on the straight or diagonal line
/// from `a` through `b` (none if they share no such line, or are the same square), computed at
/// compile time.
static ONTO_AND_BEYOND: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let (al, as_) = ((a % 4) as i32, (a / 4) as i32);
        let mut b = 0;
        while b < 64 {
            let (dl, ds) = ((b % 4) as i32 - al, (b / 4) as i32 - as_);
            if (dl != 0 || ds != 0) && (dl == 0 || ds == 0 || dl.abs() == ds.abs()) {
                let (ul, us) = (dl.signum(), ds.signum());
                let (mut l, mut s) = ((b % 4) as i32, (b / 4) as i32);
                while l >= 0 && l < 4 && s >= 0 && s < 16 {
                    t[a][b] |= 1u64 << (s * 4 + l);
                    l += ul;
                    s += us;
                }
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// `DIAGONALS[i]`: the squares diagonal to square `i` at any distance, computed at compile time.
const DIAGONALS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let (line, step) = ((i % 4) as i32, (i / 4) as i32);
        let mut j = 0;
        while j < 64 {
            let (l, s) = (j % 4, j / 4);
            let (dl, ds) = ((l - line).abs(), (s - step).abs());
            if dl == ds && dl > 0 {
                t[i] |= 1u64 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// `ADJACENT[i]`: the squares touching square `i`, computed at compile time.
const ADJACENT: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let (line, step) = ((i % 4) as i32, (i / 4) as i32);
        let mut dl = -1;
        while dl <= 1 {
            let mut ds = -1;
            while ds <= 1 {
                let (l, s) = (line + dl, step + ds);
                if (dl != 0 || ds != 0) && l >= 0 && l < 4 && s >= 0 && s < 16 {
                    t[i] |= 1u64 << (s * 4 + l);
                }
                ds += 1;
            }
            dl += 1;
        }
        i += 1;
    }
    t
};

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square::from_index_unchecked(i))
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, o: Bitboard) -> Bitboard {
                Bitboard(self.0 $op o.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, o: Bitboard) {
                self.0 = self.0 $op o.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_steps_fills_rows_with_a_piece() {
        let b = Bitboard::from_square(Square::parse("X5").unwrap())
            | Bitboard::from_square(Square::parse("Z12").unwrap());
        let f = b.fill_steps();
        assert_eq!(f.count(), 8);
        for s in ["W5", "X5", "Y5", "Z5", "W12", "Z12"] {
            assert!(f.contains(Square::parse(s).unwrap()), "{s}");
        }
        assert!(!f.contains(Square::parse("W6").unwrap()));
    }

    #[test]
    fn onto_and_beyond_runs_from_the_second_square_to_the_edge() {
        let sq = |s: &str| Square::parse(s).unwrap();
        let set = |v: &[&str]| {
            v.iter()
                .fold(Bitboard::EMPTY, |b, s| b | Bitboard::from_square(sq(s)))
        };
        assert_eq!(
            Bitboard::onto_and_beyond(sq("X5"), sq("Y6")),
            set(&["Y6", "Z7"])
        );
        assert_eq!(
            Bitboard::onto_and_beyond(sq("X5"), sq("X3")),
            set(&["X3", "X2", "X1"])
        );
        assert_eq!(Bitboard::onto_and_beyond(sq("W1"), sq("Z1")), set(&["Z1"]));
        // No line (a knight's jump), or the same square.
        assert!(Bitboard::onto_and_beyond(sq("X5"), sq("Y7")).is_empty());
        assert!(Bitboard::onto_and_beyond(sq("X5"), sq("X5")).is_empty());
        // Every pair: the squares `b + k·(unit step)` on the board.
        for a in Square::all() {
            for b in Square::all() {
                let (dl, ds) = (
                    b.line() as i8 - a.line() as i8,
                    b.step() as i8 - a.step() as i8,
                );
                let mut want = Bitboard::EMPTY;
                if (dl, ds) != (0, 0) && (dl == 0 || ds == 0 || dl.abs() == ds.abs()) {
                    let mut at = Some(b);
                    while let Some(s) = at {
                        want.set(s);
                        at = Square::try_new(
                            s.line() as i8 + dl.signum(),
                            s.step() as i8 + ds.signum(),
                        );
                    }
                }
                assert_eq!(Bitboard::onto_and_beyond(a, b), want, "{a} {b}");
            }
        }
    }

    #[test]
    fn adjacency_at_edges() {
        assert_eq!(Bitboard::adjacent(Square::parse("W1").unwrap()).count(), 3);
        assert_eq!(Bitboard::adjacent(Square::parse("X8").unwrap()).count(), 8);
        assert_eq!(Bitboard::adjacent(Square::parse("Z16").unwrap()).count(), 3);
    }
}
