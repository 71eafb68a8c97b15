//! The search's speed on the project's games (criterion): iterations per second of one thread,
//! from each game's start and from a Veney position twenty turns in. Figures are in the README.
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use game_ai::{Budget, Config, Mcts};
use game_api::{Actor, Decision, Game, Player};
use rand::Rng;
use std::hint::black_box;

const ITERATIONS: u32 = 300;

/// The state after `actions` seeded random actions from the start, and who decides there.
fn after_random<G: Game>(g: &G, actions: u32) -> (G::State, Player) {
    let mut rng = game_api::seeded(7);
    let mut s = g.start();
    let mut buf = Vec::new();
    let mut n = 0;
    loop {
        let actor = match g.decision(&s) {
            Decision::Player(p) if n >= actions => return (s, p),
            Decision::Player(p) => Actor::Player(p),
            Decision::Simultaneous { waiting } => Actor::Player(waiting.iter().next().unwrap()),
            Decision::Chance => {
                let a = g.sample_chance(&s, &mut rng);
                g.apply(&mut s, Actor::Chance, a);
                continue;
            }
            Decision::Over(_) => panic!("the seeded game ended before {actions} actions"),
        };
        let Actor::Player(p) = actor else {
            unreachable!()
        };
        g.legal_actions(&s, p, &mut buf);
        let a = buf[rng.random_range(0..buf.len())];
        g.apply(&mut s, actor, a);
        n += 1;
    }
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str, g: &G, actions: u32) {
    let (state, me) = after_random(g, actions);
    let mut group = c.benchmark_group("mcts");
    group.throughput(Throughput::Elements(ITERATIONS as u64));
    group.sample_size(10);
    group.bench_with_input(BenchmarkId::new(name, ITERATIONS), &state, |b, s| {
        b.iter(|| {
            let config = Config {
                budget: Budget::Iterations(ITERATIONS),
                seed: 1,
                ..Config::default()
            };
            black_box(Mcts::new(config).choose(g, s, me))
        })
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    bench_game(
        c,
        "tirachen-start",
        &tirachen_rules::Tirachen::new(tirachen_rules::TirachenOptions::default()),
        0,
    );
    bench_game(
        c,
        "kelasu-start",
        &kelasu_rules::Kelasu::new(kelasu_rules::KelasuOptions::default()),
        0,
    );
    bench_game(c, "veney-start", &veney_rules::VeneyGame::standard(), 0);
    bench_game(c, "veney-turn-20", &veney_rules::VeneyGame::standard(), 40);
}

criterion_group!(benches, search);
criterion_main!(benches);
