//! Hashes: the repetition key (pieces and side to move, zobrist style) and the whole state's hash.
use crate::position::Position;

const fn splitmix(mut x: u64) -> u64 {
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

/// The pieces and the side to move.
pub fn placement(p: &Position) -> u64 {
    let mut h = 0;
    for (s, piece) in p.pieces() {
        h ^= TABLE[s.index()][piece.code() as usize];
    }
    if p.to_move == crate::side::Side::Red {
        h ^= RED_TO_MOVE;
    }
    h
}

/// The whole state: placement, energy, the turn's progress, the count and the history.
pub fn hash(p: &Position) -> u64 {
    let mut h = placement(p);
    h ^= splitmix(0x1_0000 + p.energy as u16 as u64);
    h ^= splitmix(0x2000 + p.acted as u64);
    h ^= splitmix(p.moved.0 as u64 ^ 0x3000).rotate_left(7) ^ splitmix((p.moved.0 >> 64) as u64);
    h ^= splitmix(0x4_0000 + p.quiet as u16 as u64);
    for (i, k) in p.history().iter().enumerate() {
        h ^= splitmix(k ^ i as u64).rotate_left(13);
    }
    h
}
