//! The eight compass directions on the board, absolute (up-step = toward step 16).
use crate::side::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dir(pub u8);

/// (line delta, step delta) for each direction: N (up-step), NE, E (Z-ward), SE, S, SW, W, NW.
pub const DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
pub const NAMES: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir(0),
        Dir(1),
        Dir(2),
        Dir(3),
        Dir(4),
        Dir(5),
        Dir(6),
        Dir(7),
    ];

    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        DELTAS[self.0 as usize]
    }

    pub const fn is_diagonal(self) -> bool {
        self.0 % 2 == 1
    }

    /// Step delta as seen by `side`: +1 forward, -1 back, 0 lateral.
    pub const fn relative_step(self, side: Side) -> i8 {
        self.delta().1 * side.forward()
    }

    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    pub fn from_name(s: &str) -> Option<Dir> {
        NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(s))
            .map(|i| Dir(i as u8))
    }

    pub fn from_delta(dl: i8, ds: i8) -> Option<Dir> {
        DELTAS
            .iter()
            .position(|&d| d == (dl.signum(), ds.signum()))
            .map(|i| Dir(i as u8))
    }
}

/// When `a` and `b` share a line, a step or a diagonal: the direction from `a` toward `b` and the
/// squares strictly between them.
pub fn aligned(
    a: crate::square::Square,
    b: crate::square::Square,
) -> Option<(Dir, crate::bitboard::Bitboard)> {
    let dl = b.line() as i8 - a.line() as i8;
    let ds = b.step() as i8 - a.step() as i8;
    if (dl == 0 && ds == 0) || (dl != 0 && ds != 0 && dl.abs() != ds.abs()) {
        return None;
    }
    let d = Dir::from_delta(dl, ds)?;
    let (ul, us) = d.delta();
    let mut between = crate::bitboard::Bitboard::EMPTY;
    let mut sq = a.offset(ul, us)?;
    while sq != b {
        between.set(sq);
        sq = sq.offset(ul, us)?;
    }
    Some((d, between))
}
