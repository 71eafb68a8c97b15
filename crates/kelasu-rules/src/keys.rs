//! Zobrist keys: one random number per (square, piece) and one for the side to move, computed at
//! compile time; the placement key that fourfold repetition compares.
use crate::piece::Piece;
use crate::side::Side;
use crate::square::Square;

pub(crate) const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// One random number per (square, piece code), computed once at compile time.
static TABLE: [[u64; 15]; 100] = {
    let mut t = [[0u64; 15]; 100];
    let mut s = 0;
    while s < 100 {
        let mut c = 0;
        while c < 15 {
            t[s][c] = splitmix((s * 15 + c) as u64 + 0x4b45_4c41_5355);
            c += 1;
        }
        s += 1;
    }
    t
};
const RED_TO_MOVE: u64 = splitmix(0x5245_4421);

/// The key of a placement: the pieces and the side to move (what fourfold repetition compares).
pub fn placement(pieces: impl Iterator<Item = (Square, Piece)>, to_move: Side) -> u64 {
    let mut h = 0;
    for (s, piece) in pieces {
        h ^= TABLE[s.index()][piece.code() as usize];
    }
    if to_move == Side::Red {
        h ^= RED_TO_MOVE;
    }
    h
}
