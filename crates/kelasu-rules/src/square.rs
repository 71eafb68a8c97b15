//! Squares of the 10×10 board: ranks A–J (A at Blue's edge, the top), files 0–9. A square is
//! written rank letter then file digit, as the text writes "D2" and "E4".

/// A square, `file + 10 * rank`, rank 0 being A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    pub const COUNT: usize = 100;

    pub fn new(rank: u8, file: u8) -> Option<Square> {
        (rank < 10 && file < 10).then(|| Square(rank * 10 + file))
    }
    pub fn rank(self) -> u8 {
        self.0 / 10
    }
    pub fn file(self) -> u8 {
        self.0 % 10
    }
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        ((0..10).contains(&f) && (0..10).contains(&r)).then(|| Square((r * 10 + f) as u8))
    }
    /// "E4".
    pub fn name(self) -> String {
        format!("{}{}", (b'A' + self.rank()) as char, self.file())
    }
    /// Reads "E4" (the rank letter in either case).
    pub fn parse(t: &str) -> Option<Square> {
        let b = t.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let r = b[0].to_ascii_uppercase().checked_sub(b'A')?;
        let f = b[1].checked_sub(b'0')?;
        Square::new(r, f)
    }
    pub fn all() -> impl Iterator<Item = Square> {
        (0..100u8).map(Square)
    }
}
