//! The whole state's hash: the placement key (`keys.rs`), energy, the turn's progress, the quiet
//! count and the repetition history.
use crate::keys::splitmix;
use crate::position::Position;

/// The whole state: placement, energy, the turn's progress, the count and the history.
pub fn hash(p: &Position) -> u64 {
    let mut h = p.repetition_key();
    h ^= splitmix(0x1_0000 + p.energy as u16 as u64);
    h ^= splitmix(0x2000 + p.acted as u64);
    h ^= splitmix(p.moved.0 as u64 ^ 0x3000).rotate_left(7) ^ splitmix((p.moved.0 >> 64) as u64);
    h ^= splitmix(0x4_0000 + p.quiet as u16 as u64);
    for (i, k) in p.history().iter().enumerate() {
        h ^= splitmix(k ^ i as u64).rotate_left(13);
    }
    h
}
