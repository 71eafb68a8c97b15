//! Measures (§2.0.V): the board is four 4 × 4 measures, steps 1–4, 5–8, 9–12, 13–16.
//! Seen by a player they are "your first … your fourth"; the line between the second and
//! third is the centre line dividing "your side" from "your opponent's".
use crate::bitboard::Bitboard;
use crate::side::Side;
use crate::square::Square;

/// An absolute measure, 0 (steps 1–4) to 3 (steps 13–16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Measure(pub u8);

impl Measure {
    pub const ALL: [Measure; 4] = [Measure(0), Measure(1), Measure(2), Measure(3)];

    #[inline]
    pub const fn of(sq: Square) -> Measure {
        Measure((sq.step() - 1) / 4)
    }

    /// 1 = the side's first measure (nearest it) … 4 = its fourth.
    #[inline]
    pub const fn relative(self, side: Side) -> u8 {
        match side {
            Side::White => self.0 + 1,
            Side::Black => 4 - self.0,
        }
    }

    /// The absolute measure that is `side`'s `n`-th (1–4).
    #[inline]
    pub const fn nth_for(side: Side, n: u8) -> Measure {
        match side {
            Side::White => Measure(n - 1),
            Side::Black => Measure(4 - n),
        }
    }

    /// All sixteen squares of the measure.
    #[inline]
    pub const fn squares(self) -> Bitboard {
        Bitboard(0xFFFF << (16 * self.0 as u32))
    }

    /// Steps covered by the measure, lowest first.
    pub const fn first_step(self) -> u8 {
        self.0 * 4 + 1
    }

    pub const fn last_step(self) -> u8 {
        self.0 * 4 + 4
    }
}

/// Squares of the measures `m - n ..= m + n` (clipped to the board).
#[inline]
pub fn measure_band(m: Measure, n: u8) -> Bitboard {
    let lo = (m.0 as i32 - n as i32).max(0) as u32;
    let hi = (m.0 as i32 + n as i32).min(3) as u32;
    steps_between((lo * 4 + 1) as u8, (hi * 4 + 4) as u8)
}

/// Squares on steps `lo ..= hi` (clipped to 1–16).
#[inline]
pub fn steps_between(lo: u8, hi: u8) -> Bitboard {
    let lo = lo.max(1) as u32;
    let hi = hi.min(16) as u32;
    if lo > hi {
        return Bitboard::EMPTY;
    }
    let count = (hi - lo + 1) * 4;
    let bits = if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    };
    Bitboard(bits << ((lo - 1) * 4))
}

/// The squares of `side`'s half of the board (its first and second measures).
#[inline]
pub const fn own_side(side: Side) -> Bitboard {
    match side {
        Side::White => Bitboard(0x0000_0000_FFFF_FFFF),
        Side::Black => Bitboard(0xFFFF_FFFF_0000_0000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_measures() {
        // §2.0.V "Your fourth measure is your opponent's first; their fourth is your first."
        let x2 = Square::parse("X2").unwrap();
        assert_eq!(Measure::of(x2).relative(Side::White), 1);
        assert_eq!(Measure::of(x2).relative(Side::Black), 4);
        let y9 = Square::parse("Y9").unwrap();
        assert_eq!(Measure::of(y9).relative(Side::White), 3);
        assert_eq!(Measure::of(y9).relative(Side::Black), 2);
        for side in Side::ALL {
            for n in 1..=4 {
                assert_eq!(Measure::nth_for(side, n).relative(side), n);
            }
        }
    }

    #[test]
    fn bands() {
        assert_eq!(measure_band(Measure(0), 1), steps_between(1, 8));
        assert_eq!(measure_band(Measure(2), 1), steps_between(5, 16));
        assert_eq!(measure_band(Measure(1), 0).count(), 16);
        assert_eq!(steps_between(0, 17).count(), 64);
        assert!(own_side(Side::White).contains(Square::parse("Z8").unwrap()));
        assert!(!own_side(Side::White).contains(Square::parse("W9").unwrap()));
    }
}
