//! The hash: equal states hash equal (the testkit checks this through undo and position text);
//! distinct states of random games hash apart.
use game_api::Game;
use game_testkit::{Playouts, play_one};
use std::collections::HashMap;
use std::sync::Arc;
use tirachen_rules::{MasterChoice, Tirachen, TirachenOptions};

#[test]
fn distinct_positions_hash_apart() {
    let g = Arc::new(Tirachen::new(TirachenOptions {
        masters: MasterChoice::Secret,
        ..TirachenOptions::default()
    }));
    let cfg = Playouts {
        check_every: 0,
        ..Playouts::default()
    };
    let mut seen: HashMap<u64, String> = HashMap::new();
    for seed in 0..100 {
        let (m, _) = play_one(&g, None, seed, &cfg).unwrap();
        for step in m.history() {
            let text = g.position_text(&step.before);
            let h = g.hash(&step.before);
            if let Some(other) = seen.insert(h, text.clone()) {
                assert_eq!(other, text, "two positions share the hash {h:#x}");
            }
            // The observed state differs in what it hides, and so does its hash.
            let o = g.observe(&step.before, game_api::Viewer::Spectator);
            if o != step.before {
                assert_ne!(g.hash(&o), h);
            }
        }
    }
    assert!(seen.len() > 10_000, "{}", seen.len());
}
