//! Seeded random games through the testkit: every action checked (invariants, position text and
//! notation round-trips, observations, undo and redo; every 10th game saved and reloaded) for
//! 1,000 games per option mode, then 10,000
//! games per option mode checked every 50th action. No game may panic or stall.
use game_testkit::{Playouts, random_playouts};
use std::sync::Arc;
use std::time::Instant;
use tirachen_rules::{MasterChoice, Side, Tirachen, TirachenOptions};

fn modes() -> [(&'static str, TirachenOptions); 2] {
    [
        ("open", TirachenOptions::default()),
        (
            "secret",
            TirachenOptions {
                masters: MasterChoice::Secret,
                first: Side::White,
                deployment_captures: false,
                quiet_turn_limit: Some(60),
            },
        ),
    ]
}

#[test]
fn hundreds_of_games_checked_at_every_action() {
    for (name, o) in modes() {
        let g = Arc::new(Tirachen::new(o));
        let t = Instant::now();
        let cfg = Playouts {
            games: 1_000,
            seed: 1,
            max_actions: 1_500,
            check_every: 1,
            save_every: 10,
        };
        let r = random_playouts(&g, None, &cfg).unwrap_or_else(|e| panic!("{name}: {e}"));
        eprintln!(
            "{name}: {} games, {} actions, {:?}, {:.1?}",
            r.games,
            r.actions,
            r.endings,
            t.elapsed()
        );
        assert_eq!(r.games, 1_000);
        assert!(
            !r.endings.contains_key("action limit"),
            "{name}: {:?}",
            r.endings
        );
        assert!(
            r.endings.contains_key("General taken"),
            "{name}: {:?}",
            r.endings
        );
    }
}

#[test]
fn ten_thousand_games_per_mode() {
    for (name, o) in modes() {
        let g = Arc::new(Tirachen::new(o));
        let t = Instant::now();
        let cfg = Playouts {
            games: 10_000,
            seed: 1_000,
            max_actions: 1_500,
            check_every: 50,
            save_every: 0,
        };
        let r = random_playouts(&g, None, &cfg).unwrap_or_else(|e| panic!("{name}: {e}"));
        eprintln!(
            "{name}: {} games, {} actions, {:?}, {:.1?}",
            r.games,
            r.actions,
            r.endings,
            t.elapsed()
        );
        assert_eq!(r.games, 10_000);
        assert!(
            !r.endings.contains_key("action limit"),
            "{name}: {:?}",
            r.endings
        );
    }
}
