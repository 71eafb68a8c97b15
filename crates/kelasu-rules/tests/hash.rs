//! The hash: equal states hash equal (the testkit checks this through undo and position text);
//! distinct states of random games hash apart.
use game_testkit::{Playouts, check_hashes_apart};
use kelasu_rules::{Kelasu, KelasuOptions};
use std::sync::Arc;

#[test]
fn distinct_positions_hash_apart() {
    let g = Arc::new(Kelasu::new(KelasuOptions::default()));
    let cfg = Playouts {
        games: 60,
        seed: 7,
        max_actions: 2_000,
        check_every: 0,
        ..Playouts::default()
    };
    let seen = check_hashes_apart(&g, None, &cfg).unwrap_or_else(|e| panic!("{e}"));
    assert!(seen > 20_000, "{seen}");
}
