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

fn modes() -> [(&'static str, KelasuOptions); 2] {
    [
        ("default", KelasuOptions::default()),
        (
            "every option off its default",
            KelasuOptions {
                warrior_diagonals_move: true,
                recall_captures: true,
                conversion_resets_count: true,
                moved_blanks_merge: false,
                pass_allowed: true,
                end_early: true,
                quiet_full_turns: Some(16),
            },
        ),
    ]
}

#[test]
fn a_thousand_games_checked_at_every_action() {
    for (name, o) in modes() {
        let cfg = Playouts {
            games: 1_000,
            seed: 1,
            max_actions: 4_000,
            max_turns: u32::MAX,
            check_every: 1,
            save_every: 10,
        };
        let r = play(name, o, &cfg);
        assert!(
            !r.endings.contains_key("action limit"),
            "{name}: {:?}",
            r.endings
        );
    }
}

#[test]
fn ten_thousand_games_checked_every_fiftieth_action() {
    let cfg = Playouts {
        games: 10_000,
        seed: 1_000,
        max_actions: 4_000,
        max_turns: u32::MAX,
        check_every: 50,
        save_every: 0,
    };
    let r = play("default", KelasuOptions::default(), &cfg);
    assert!(!r.endings.contains_key("action limit"), "{:?}", r.endings);
    // Random play reaches the decisive endings.
    for e in [
        kelasu_rules::endings::NO_STONES,
        kelasu_rules::endings::NO_PIECES,
    ] {
        assert!(r.endings.contains_key(e), "{e}: {:?}", r.endings);
    }
}

/// The new-game dialog may start from a position text: games from such starts — one in the
/// middle of Blue's turn (two energy left, E3 moved), one with Red to move — are checked at
/// every action, their saves (`[Start "…"]`) reloaded (a review found every playout begun at the
/// start).
#[test]
fn games_from_a_pasted_position_are_checked_at_every_action() {
    let g = Arc::new(Kelasu::new(KelasuOptions::default()));
    for text in [
        "BBBBBBBBBB/BBB1BBBBBB/S1S4S1S/10/3B6/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 2 m E3 -1",
        "BBBBBBBBBB/BBBBBBBBBB/S1S4S1S/10/10/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb r 4 s - 0",
    ] {
        use game_api::Game as _;
        let start = g
            .parse_playable(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let cfg = Playouts::thorough(40, 7, 4_000, 4);
        let r = random_playouts(&g, Some(&start), &cfg).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(r.games, 40);
    }
}
