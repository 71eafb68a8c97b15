//! The seeded random number generator that owns every chance outcome (dice, casts, the donkey,
//! random draws), so that a game replays exactly from its seed.
use rand::SeedableRng;

pub type GameRng = rand_chacha::ChaCha8Rng;

pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}
