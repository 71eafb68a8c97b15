//! A digest of every action list `legal_actions` makes along 300 seeded random games from the
//! start (each list hashed in order, then the drawn action played): a change meant to make the
//! generator faster without changing a rule must leave it as it was
//! (`cargo run --release -p veney-rules --example list_digest`).
use rand::Rng;
use std::hash::{Hash, Hasher};
use veney_rules::{Position, Rules, movegen, rng};
fn main() {
    let rules = Rules::standard();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut buf = Vec::new();
    let mut n = 0u64;
    for s in 0..300 {
        let mut pos = Position::start(&rules);
        let mut r = rng::seeded(s);
        let mut k = 0;
        while !pos.is_game_over() && k < 600 {
            movegen::legal_actions(&rules, &pos, &mut buf);
            buf.hash(&mut h);
            n += buf.len() as u64;
            let a = buf[r.random_range(0..buf.len())];
            pos.play_unchecked(&rules, a);
            k += 1;
        }
    }
    println!("{n} actions listed, digest {:016x}", h.finish());
}
