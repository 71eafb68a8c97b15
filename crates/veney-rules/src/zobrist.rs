//! Zobrist hashing: a 64-bit key of the whole state, for repetition and for checking that undo
//! restores a position exactly.
use crate::piece_set::MAX_KINDS;
use crate::position::{FreePlace, Phase, Position};
use std::sync::OnceLock;

struct Keys {
    piece: [[[u64; 64]; MAX_KINDS]; 2],
    free_on: [u64; 64],
    free_off: [u64; 85],
    reserve: [[[u64; 16]; MAX_KINDS]; 2],
    discard: [[[u64; 16]; MAX_KINDS]; 2],
    black_to_move: u64,
    ep: [u64; 64],
    ep_next: [u64; 64],
    last_dir: [[u64; 8]; 2],
    passes: [u64; 4],
    stone: [u64; 64],
    concert: [u64; 64],
    over: u64,
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Box<Keys>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut s = 0x5645_4E45_5921_u64; // "VENEY!"
        let mut r = || splitmix(&mut s);
        let mut k = Box::new(Keys {
            piece: [[[0; 64]; MAX_KINDS]; 2],
            free_on: [0; 64],
            free_off: [0; 85],
            reserve: [[[0; 16]; MAX_KINDS]; 2],
            discard: [[[0; 16]; MAX_KINDS]; 2],
            black_to_move: 0,
            ep: [0; 64],
            ep_next: [0; 64],
            last_dir: [[0; 8]; 2],
            passes: [0; 4],
            stone: [0; 64],
            concert: [0; 64],
            over: 0,
        });
        for side in 0..2 {
            for kind in 0..MAX_KINDS {
                k.piece[side][kind].iter_mut().for_each(|x| *x = r());
                k.reserve[side][kind].iter_mut().for_each(|x| *x = r());
                k.discard[side][kind].iter_mut().for_each(|x| *x = r());
            }
            k.last_dir[side].iter_mut().for_each(|x| *x = r());
        }
        for t in [
            &mut k.free_on[..],
            &mut k.free_off[..],
            &mut k.ep[..],
            &mut k.ep_next[..],
            &mut k.passes[..],
            &mut k.stone[..],
            &mut k.concert[..],
        ] {
            t.iter_mut().for_each(|x| *x = r());
        }
        k.black_to_move = r();
        k.over = r();
        k
    })
}

impl Position {
    /// The Zobrist key of the state.
    pub fn hash(&self) -> u64 {
        let k = keys();
        let mut h = 0u64;
        for side in 0..2 {
            for kind in 0..MAX_KINDS {
                for sq in self.by_kind[side][kind] {
                    h ^= k.piece[side][kind][sq.index()];
                }
                h ^= k.reserve[side][kind][self.reserve[side][kind] as usize & 15];
                h ^= k.discard[side][kind][self.discard[side][kind] as usize & 15];
            }
            if let Some(d) = self.last_dir[side] {
                h ^= k.last_dir[side][d.0 as usize];
            }
        }
        h ^= match self.free {
            FreePlace::On(sq) => k.free_on[sq.index()],
            FreePlace::Off(i) => k.free_off[i.index()],
        };
        if self.turn == crate::side::Side::Black {
            h ^= k.black_to_move;
        }
        if let Some(ep) = self.en_passant {
            h ^= k.ep[ep.victim.index()];
        }
        if let Some(ep) = self.en_passant_next {
            h ^= k.ep_next[ep.victim.index()];
        }
        h ^= k.passes[self.passes.min(3) as usize];
        if let Phase::Second { stone, concert } = self.phase {
            if let Some(s) = stone {
                h ^= k.stone[s.index()];
            }
            if let Some(s) = concert {
                h ^= k.concert[s.index()];
            }
        }
        // Which ending, not only that the game is over (a review found a no-contest draw and a
        // checkmate of the same board hashed alike).
        if let Some(o) = self.outcome {
            use std::hash::{Hash, Hasher};
            let mut e = std::hash::DefaultHasher::new();
            o.hash(&mut e);
            h ^= k.over ^ e.finish();
        }
        // The concert partner in hand (R-CONCERT): its piece key, turned so it differs from the
        // same piece standing there.
        if let Some(l) = self.lifted {
            h ^= k.piece[self.turn.index()][l.kind.index()][l.from.index()].rotate_left(23)
                ^ l.facing as u64;
        }
        // The rarer state, folded in through one mixing step.
        let extra: u64 = match self.phase {
            Phase::Throw { from, target } => 1 + from.index() as u64 * 64 + target.index() as u64,
            Phase::Distraction { life, blade } => 5000 + life as u64 + 2 * blade as u64,
            Phase::Glare => 6000,
            _ => 0,
        } | (self.retreats[0] as u64) << 16
            | (self.retreats[1] as u64) << 24
            | (self.glare_block[0] as u64) << 32
            | (self.glare_block[1] as u64) << 33
            | (self.penalties[0] as u64) << 40
            | (self.penalties[1] as u64) << 48
            | (self.meta_moved as u64) << 56
            | (self.free_bounces.min(3) as u64) << 57;
        // The square the free engagement came from, mixed on its own (packed at bit 34 it ran
        // into White's penalties at bit 40 from the last square, a review found).
        let extra = extra
            ^ self.free_from.map_or(0, |s| {
                (s.index() as u64 + 1).wrapping_mul(0x94D0_49BB_1331_11EB)
            })
            ^ self.dying.map_or(0, |(s, sq)| {
                (1 + s.index() as u64 * 64 + sq.index() as u64) << 59
            })
            ^ ((self.death_spell as u64) << 63)
            ^ ((self.quiet as u64) << 20).rotate_left(self.contact as u32)
            ^ pins_hash(self, crate::side::Side::White, 0xA24B_AED4_963E_E407)
            ^ pins_hash(self, crate::side::Side::Black, 0x9FB2_1C65_1E98_DF25)
            ^ ((self.released as u64) << 7).wrapping_mul(0xD6E8_FEB8_6659_FD93)
            ^ {
                let mut c = 0u64;
                for s in 0..2 {
                    for d in 0..3 {
                        for sq in self.casts[s][d] {
                            c ^= (sq.index() as u64 + 1)
                                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                                .rotate_left((s * 3 + d) as u32 * 7);
                        }
                    }
                    for sq in self.chaos_spent[s] {
                        c ^= (sq.index() as u64 + 1)
                            .wrapping_mul(0xBF58_476D_1CE4_E5B9)
                            .rotate_left(s as u32 * 29 + 3);
                    }
                }
                c ^ (self.shima as u64) << 3
                    ^ self.donkey[0].map_or(0, |s| (s.index() as u64 + 1) << 48)
                    ^ self.donkey[1].map_or(0, |s| (s.index() as u64 + 1) << 56)
                    ^ (self.donkey_home[0] as u64) << 5
                    ^ (self.donkey_home[1] as u64) << 6
                    ^ match self.phase {
                        Phase::DonkeyMove { placer } => 0x7777 + placer.index() as u64,
                        _ => 0,
                    }
                    ^ (self.quibbles.min(3) as u64) << 62
                    ^ (self.hirakamae[0] as u64) << 40
                    ^ (self.hirakamae[1] as u64) << 44
                    ^ self.hira_second.map_or(0, |(f, b)| {
                        ((f.index() as u64 + 1) << 6 | b.index() as u64)
                            .wrapping_mul(0x94D0_49BB_1331_11EB)
                    })
                    ^ self
                        .reposition
                        .map_or(0, |r| ((r.behind as u64) << 8 | r.takes as u64) << 12)
                    ^ match self.phase {
                        Phase::Cast { kind, measure } => {
                            0xABCD_0000 ^ (kind.0 as u64) << 4 ^ measure as u64
                        }
                        Phase::Reclaim { stone, concert } => {
                            0x5151_0000
                                ^ stone.map_or(0, |s| s.index() as u64 + 1)
                                ^ concert.map_or(0, |s| s.index() as u64 + 1) << 7
                        }
                        Phase::Hirakamae {
                            first,
                            began,
                            stone,
                            concert,
                        } => {
                            0x4141_0000
                                ^ first.index() as u64
                                ^ (began.index() as u64) << 6
                                ^ stone.map_or(0, |s| s.index() as u64 + 1) << 12
                                ^ concert.map_or(0, |s| s.index() as u64 + 1) << 19
                        }
                        _ => 0,
                    }
            }
            ^ (hand_bits(self.hug[0]) | hand_bits(self.hug[1]) << 2)
                .wrapping_mul(0x1656_67B1_9E37_79F9)
            ^ self.intentions().fold(0, |h, i| {
                h ^ ((i.from.index() as u64 * 64 + i.to.index() as u64 + 1)
                    .wrapping_mul(0x9E37_79B9)
                    .rotate_left(i.fresh as u32 * 7 + i.kind.0 as u32)
                    ^ i.via.map_or(0, |v| (v.index() as u64 + 1) << 52)
                    ^ (i.bluff as u64) << 60)
                    .rotate_left(i.side.index() as u32 * 31)
            });
        if extra != 0 {
            let mut st = extra;
            h ^= splitmix(&mut st);
        }
        // Oriented pieces' facings (zero unless a set has oriented pieces).
        for (i, plane) in self.facing.iter().enumerate() {
            if plane.any() {
                let mut st = plane.0 ^ (i as u64 + 1).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
                h ^= splitmix(&mut st);
            }
        }
        h
    }
}

/// The hash of `side`'s pinned blades (each one's kind, square and turn count, spread by `mul`).
fn pins_hash(pos: &Position, side: crate::side::Side, mul: u64) -> u64 {
    pos.pinned[side.index()].iter().fold(0, |h, (k, s, t)| {
        h ^ ((k.0 as u64) << 40 | (s.index() as u64) << 32 | t as u64).wrapping_mul(mul)
    })
}

/// A Hug hand as two bits, 0 for an empty one (§2.0.23).
fn hand_bits(h: crate::hug_hand::Hand) -> u64 {
    use crate::hug_hand::{Hand, HugChoice};
    match h {
        Hand::Empty => 0,
        Hand::Sealed => 1,
        Hand::Holds(HugChoice::Hug) => 2,
        Hand::Holds(HugChoice::Betray) => 3,
    }
}
