//! How wide random games are: the mean number of legal actions per generation, by phase.
use rand::Rng;
use std::collections::BTreeMap;
use veney_rules::{Position, Rules, movegen, rng};

fn main() {
    let rules = Rules::standard();
    let mut by: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut buf = Vec::new();
    for s in 0..200 {
        let mut pos = Position::start(&rules);
        let mut r = rng::seeded(s);
        let mut n = 0;
        while !pos.is_game_over() && n < 2000 {
            movegen::legal_actions(&rules, &pos, &mut buf);
            let ph = format!("{:?}", pos.phase());
            let ph = ph
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap()
                .to_string();
            let e = by.entry(ph).or_default();
            e.0 += 1;
            e.1 += buf.len() as u64;
            let a = buf[r.random_range(0..buf.len())];
            pos.play_unchecked(&rules, a);
            n += 1;
        }
    }
    for (k, (g, a)) in by {
        println!(
            "{k:12} {g:7} generations, mean {:.1} actions",
            a as f64 / g as f64
        );
    }
}
