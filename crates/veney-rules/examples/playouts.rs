//! Plays seeded random games from the start and prints how many actions were played: the
//! workload of the playout benchmark, as one binary for a profiler
//! (`valgrind --tool=callgrind "$CARGO_TARGET_DIR"/release/examples/playouts 1000`, the target
//! dir being `$HOME/.cache/veney-target` as the scripts set it).
use std::sync::Arc;
use veney_rules::{Position, Rules, playout, rng};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let rules = Arc::new(Rules::standard());
    let start = Position::start(&rules);
    let t = std::time::Instant::now();
    let mut actions = 0u64;
    for s in 0..games {
        actions += playout::random_game(&rules, start, &mut rng::seeded(s), 200, false)
            .expect("a random game plays to its end")
            .actions as u64;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{games} games, {actions} actions, {:.3} s, {:.2} M actions/s",
        secs,
        actions as f64 / secs / 1e6
    );
}
