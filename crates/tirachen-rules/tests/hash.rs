//! The hash: equal states hash equal (the testkit checks this through undo and position text);
//! distinct states of random games hash apart.
use game_testkit::{Playouts, check_hashes_apart};
use std::sync::Arc;
use tirachen_rules::{MasterChoice, Tirachen, TirachenOptions};

#[test]
fn distinct_positions_hash_apart() {
    let g = Arc::new(Tirachen::new(TirachenOptions {
        masters: MasterChoice::Secret,
        ..TirachenOptions::default()
    }));
    let cfg = Playouts {
        games: 100,
        seed: 0,
        check_every: 0,
        ..Playouts::default()
    };
    let seen = check_hashes_apart(&g, None, &cfg).unwrap();
    assert!(seen > 10_000, "{seen}");
}
