//! Squares of the 4 × 16 board (§2.0.V): lines W X Y Z, steps 1–16.
//!
//! A square's index is `(step - 1) * 4 + line`, so W1 = 0, Z1 = 3, W2 = 4 … Z16 = 63,
//! and a position fits `u64` bitboards.
use crate::side::Side;
use std::fmt;

pub const LINES: u8 = 4;
pub const STEPS: u8 = 16;
pub const LINE_CHARS: [char; 4] = ['W', 'X', 'Y', 'Z'];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Builds a square from a line (0 = W … 3 = Z) and a step (1–16).
    #[inline]
    pub const fn new(line: u8, step: u8) -> Square {
        debug_assert!(line < LINES && step >= 1 && step <= STEPS);
        Square((step - 1) * LINES + line)
    }

    /// The square with this index (0–63), if it is on the board.
    #[inline]
    pub const fn from_index(i: u8) -> Option<Square> {
        if i < 64 { Some(Square(i)) } else { None }
    }

    #[inline]
    pub(crate) const fn from_index_unchecked(i: u8) -> Square {
        Square(i)
    }

    /// The square at (line, step) given as signed numbers, if on the board.
    #[inline]
    pub const fn try_new(line: i8, step: i8) -> Option<Square> {
        if line >= 0 && line < LINES as i8 && step >= 1 && step <= STEPS as i8 {
            Some(Square::new(line as u8, step as u8))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = W, 1 = X, 2 = Y, 3 = Z.
    #[inline]
    pub const fn line(self) -> u8 {
        self.0 % LINES
    }

    /// 1–16.
    #[inline]
    pub const fn step(self) -> u8 {
        self.0 / LINES + 1
    }

    /// The square `dl` lines and `ds` steps away, if on the board.
    #[inline]
    pub const fn offset(self, dl: i8, ds: i8) -> Option<Square> {
        Square::try_new(self.line() as i8 + dl, self.step() as i8 + ds)
    }

    /// W1 is light (§2.0.V); colours alternate like a chess board.
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.line() + self.step()) % 2 == 1
    }

    /// The player whose colour the square is: light squares belong to White (§2.0.05).
    #[inline]
    pub const fn colour_owner(self) -> Side {
        if self.is_light() {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The same square seen from the other end of the board (turned 180°).
    #[inline]
    pub const fn rotated(self) -> Square {
        Square::new(LINES - 1 - self.line(), STEPS + 1 - self.step())
    }

    /// Steps ahead of this square from `side`'s point of view: 1 for its own first step.
    #[inline]
    pub const fn relative_step(self, side: Side) -> u8 {
        match side {
            Side::White => self.step(),
            Side::Black => STEPS + 1 - self.step(),
        }
    }

    /// On `side`'s own half of the board (its first and second measures).
    #[inline]
    pub const fn on_side_of(self, side: Side) -> bool {
        self.relative_step(side) <= 8
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// Chebyshev distance (king steps).
    pub fn distance(self, other: Square) -> u8 {
        let dl = (self.line() as i8 - other.line() as i8).unsigned_abs();
        let ds = (self.step() as i8 - other.step() as i8).unsigned_abs();
        dl.max(ds)
    }

    /// Parses `X13`, `w5` (line letters are case-insensitive).
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let line = line_from_char(chars.next()?)?;
        let rest = chars.as_str();
        if rest.is_empty()
            || rest.len() > 2
            || !rest.bytes().all(|b| b.is_ascii_digit())
            || rest.starts_with('0')
        {
            return None;
        }
        let step: u8 = rest.parse().ok()?;
        if (1..=STEPS).contains(&step) {
            Some(Square::new(line, step))
        } else {
            None
        }
    }
}

pub fn line_from_char(c: char) -> Option<u8> {
    match c.to_ascii_uppercase() {
        'W' => Some(0),
        'X' => Some(1),
        'Y' => Some(2),
        'Z' => Some(3),
        _ => None,
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", LINE_CHARS[self.line() as usize], self.step())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn w1_is_light_and_white_owns_light_squares() {
        // §2.0.V "W1 is a light square"; §2.0.05 possession by colour.
        let w1 = Square::parse("W1").unwrap();
        assert!(w1.is_light());
        assert_eq!(w1.colour_owner(), Side::White);
        assert!(!Square::parse("X1").unwrap().is_light());
        assert!(!Square::parse("W2").unwrap().is_light());
        // Each player has a light square at the left end of their nearest step:
        // Black's left, seen from step 16, is the Z line.
        assert!(Square::parse("Z16").unwrap().is_light());
    }

    #[test]
    fn parse_and_display_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("x13"), Some(Square::new(1, 13)));
        for bad in ["", "W", "W0", "W17", "V3", "W01", "W1a", "W100"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn rotation_turns_the_board() {
        assert_eq!(
            Square::parse("W4").unwrap().rotated(),
            Square::parse("Z13").unwrap()
        );
        assert_eq!(
            Square::parse("Y4").unwrap().rotated(),
            Square::parse("X13").unwrap()
        );
    }
}
