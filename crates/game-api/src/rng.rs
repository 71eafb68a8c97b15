//! The match's seeded generator: every chance outcome of a match is drawn from it, so a match
//! replays from its seed.
use rand::SeedableRng;

pub type MatchRng = rand_chacha::ChaCha8Rng;

pub fn seeded(seed: u64) -> MatchRng {
    MatchRng::seed_from_u64(seed)
}
