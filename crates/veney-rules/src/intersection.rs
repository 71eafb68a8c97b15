//! The grid intersections (§2.0.05): the free engagement sits out of play on the points where
//! grid lines cross, a 5 × 17 lattice. Point (x, y) has x = 0 (the W edge) … 4 (the Z edge)
//! and y = 0 (below step 1) … 16 (above step 16). It touches the squares of lines x-1 and x
//! on steps y and y+1. The game starts with the free engagement on the centre point (2, 8),
//! between X8, Y8, X9 and Y9.
use crate::bitboard::Bitboard;
use crate::square::Square;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Intersection {
    pub x: u8,
    pub y: u8,
}

impl Intersection {
    pub const CENTRE: Intersection = Intersection { x: 2, y: 8 };

    pub fn new(x: u8, y: u8) -> Option<Intersection> {
        (x <= 4 && y <= 16).then_some(Intersection { x, y })
    }

    /// A dense index 0..85 (for hashing).
    pub fn index(self) -> usize {
        self.y as usize * 5 + self.x as usize
    }

    /// The up-to-four squares this point touches.
    pub fn touching(self) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for line in [self.x as i8 - 1, self.x as i8] {
            for step in [self.y as i8, self.y as i8 + 1] {
                if let Some(sq) = Square::try_new(line, step) {
                    b.set(sq);
                }
            }
        }
        b
    }

    /// The neighbouring point one grid line over (meta-moves, §2.0.05).
    pub fn offset(self, dx: i8, dy: i8) -> Option<Intersection> {
        let x = self.x as i8 + dx;
        let y = self.y as i8 + dy;
        if (0..=4).contains(&x) && (0..=16).contains(&y) {
            Intersection::new(x as u8, y as u8)
        } else {
            None
        }
    }

    /// Parses `x:y`, e.g. `2:8`.
    pub fn parse(s: &str) -> Option<Intersection> {
        let (x, y) = s.split_once(':')?;
        Intersection::new(x.parse().ok()?, y.parse().ok()?)
    }
}

impl fmt::Display for Intersection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_point_touches_x8_y8_x9_y9() {
        // §2.0.05 "begins the game in the exact center of the board"
        let t = Intersection::CENTRE.touching();
        assert_eq!(t.count(), 4);
        for s in ["X8", "Y8", "X9", "Y9"] {
            assert!(t.contains(Square::parse(s).unwrap()), "{s}");
        }
    }

    #[test]
    fn lattice_is_5_by_17() {
        assert!(Intersection::new(4, 16).is_some());
        assert!(Intersection::new(5, 0).is_none());
        assert!(Intersection::new(0, 17).is_none());
        assert_eq!(Intersection::new(0, 0).unwrap().touching().count(), 1);
        assert_eq!(Intersection::parse("2:8"), Some(Intersection::CENTRE));
    }
}
