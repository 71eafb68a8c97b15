//! Fixed step tables, computed once at compile time: king steps (the General, and a Fort's
//! protected ring) and the Traitor's leaps.
use crate::bitboard::Bitboard;
use crate::square::Square;

/// The eight directions as (file step, rank step).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

const fn table(steps: &[(i8, i8)], scale: i8) -> [Bitboard; 81] {
    let mut t = [Bitboard::EMPTY; 81];
    let mut i = 0;
    while i < 81 {
        let sq = Square::from_index_unchecked(i as u8);
        let mut b = 0u128;
        let mut k = 0;
        while k < steps.len() {
            if let Some(to) = sq.offset(steps[k].0 * scale, steps[k].1 * scale) {
                b |= 1u128 << to.index();
            }
            k += 1;
        }
        t[i] = Bitboard(b);
        i += 1;
    }
    t
}

const KING: [Bitboard; 81] = table(&DIRECTIONS, 1);
const THREE_AWAY: [Bitboard; 81] = table(&DIRECTIONS, 3);
const KNIGHT_LEAPS: [Bitboard; 81] = table(&KNIGHT, 1);

/// The eight squares around `sq` (a General's steps; a Fort's protected ring).
pub const fn king(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// The Traitor's landing squares from `sq`: exactly three squares in a straight line in any of
/// the eight directions, or an L of two squares and one, whatever stands between.
pub const fn traitor(sq: Square) -> Bitboard {
    Bitboard(THREE_AWAY[sq.index()].0 | KNIGHT_LEAPS[sq.index()].0)
}
