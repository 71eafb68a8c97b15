//! A zobrist hash of a position: a fixed random key per (square, piece) xored together, mixed
//! with the undeployed counts, phases, side to move, extra move and quiet turns. The keys are
//! computed at compile time from a fixed seed, so a position hashes the same in every run.
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Codes of a piece: 0–7 Red's kinds, 8–15 White's, 16 the Traitor no one controls.
const CODES: usize = 17;

const KEYS: [[u64; CODES]; 81] = {
    let mut t = [[0u64; CODES]; 81];
    let mut s = 0;
    while s < 81 {
        let mut c = 0;
        while c < CODES {
            t[s][c] = splitmix(0x7172_6163_6865_6e00 ^ ((s * CODES + c) as u64) << 8);
            c += 1;
        }
        s += 1;
    }
    t
};

fn code(p: Piece) -> usize {
    match p.owner {
        Some(side) => side.index() * 8 + p.kind.index(),
        None => 16,
    }
}

fn mix(h: u64, tag: u64, value: u64) -> u64 {
    h ^ splitmix(
        tag.wrapping_mul(0x1_0000_0001)
            .wrapping_add(value)
            .wrapping_add(0x5eed),
    )
}

pub fn hash(pos: &Position) -> u64 {
    let mut h = 0u64;
    for (sq, p) in pos.board() {
        h ^= KEYS[sq.index()][code(p)];
    }
    for side in Side::BOTH {
        let r = pos.reserve(side);
        let base = 100 + side.index() as u64 * 20;
        for kind in Kind::UNDEPLOYED {
            h = mix(h, base + kind.index() as u64, r.count(kind) as u64);
        }
        h = mix(h, base + 9, r.hidden() as u64);
        h = mix(h, base + 10, pos.phase(side).letter() as u64);
    }
    h = mix(h, 200, pos.to_move().index() as u64);
    h = mix(
        h,
        201,
        pos.extra_move()
            .map(|s: Square| s.index() as u64 + 1)
            .unwrap_or(0),
    );
    mix(h, 202, pos.quiet_turns() as u64)
}
