//! Legal actions and random playout speed through the game API (criterion), as the AI and the
//! host call them. Figures are reported in the README.
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use game_api::{Actor, Decision, Game, MatchRng, actions_for, actor_now, seeded};
use rand::Rng;
use std::hint::black_box;
use std::time::Duration;
use tirachen_rules::{Position, Tirachen};

/// Positions from seeded random games of the default rules, with their legal action counts
/// (checked before measuring).
const POSITIONS: &[(&str, &str, usize)] = &[
    // Red chooses its masters: 55 ways.
    ("start", "4g4/9/9/9/4*4/9/9/9/4G4 r cc FCP9/fcp9 - 0", 55),
    // Both deploying, 17 pieces on the board: 101 actions.
    (
        "mid-deployment",
        "w3g2ps/6s2/5ca2/9/4*4/9/3S1PSP1/4CWW2/4G1F2 r dd SAW3P7/fa5p8 - 1",
        101,
    ),
    // Both mobilised, 38 pieces on the board, Red still placing: 82 actions.
    (
        "mid-game",
        "1afg1c1pp/pppp1ap1a/2psaaa2/S5W1p/7s1/7P1/1wP1GP2S/5PW1P/P1SA1PFWP r mm W2P/- - 4",
        82,
    ),
    // 12 pieces, the Traitor White's: 30 actions.
    (
        "late",
        "3p2p2/5p1p1/8f/g8/t6w1/9/9/8C/3FP1G2 r mm S4P7/wp - 4",
        30,
    ),
];

const GAMES: u64 = 20;
const ACTION_CAP: u32 = 2_000;

/// One random game from the start: uniform choices from `rng`, chance (none in Tirachen) drawn
/// from it too. Returns the number of actions played.
fn random_game(g: &Tirachen, rng: &mut MatchRng, buf: &mut Vec<tirachen_rules::Action>) -> u32 {
    let mut s: Position = g.start();
    let mut n = 0;
    while n < ACTION_CAP {
        let d = g.decision(&s);
        let Some(actor) = actor_now(&d) else { break };
        let a = if d == Decision::Chance {
            g.sample_chance(&s, rng)
        } else {
            actions_for(g, &s, actor, buf);
            buf[rng.random_range(0..buf.len())]
        };
        g.apply(&mut s, actor, a);
        n += 1;
    }
    n
}

fn legal_actions(c: &mut Criterion) {
    let g = Tirachen::default();
    let mut group = c.benchmark_group("legal_actions");
    group
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    let mut buf = Vec::with_capacity(256);
    for &(name, text, count) in POSITIONS {
        let pos = g.parse_position(text).unwrap();
        let actor = Actor::Player(pos.to_move().player());
        actions_for(&g, &pos, actor, &mut buf);
        assert_eq!(buf.len(), count, "{name}");
        group.bench_with_input(BenchmarkId::from_parameter(name), &pos, |b, pos| {
            b.iter(|| {
                actions_for(&g, black_box(pos), actor, &mut buf);
                buf.len()
            })
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let g = Tirachen::default();
    let mut buf = Vec::with_capacity(256);
    // Count the actions of the seeded games once, to report actions per second.
    let actions: u64 = (0..GAMES)
        .map(|s| random_game(&g, &mut seeded(s), &mut buf) as u64)
        .sum();
    let mut group = c.benchmark_group("random_playout");
    group.throughput(Throughput::Elements(actions));
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    group.bench_function(format!("{GAMES} games from the start"), |b| {
        b.iter(|| {
            for s in 0..GAMES {
                black_box(random_game(&g, &mut seeded(s), &mut buf));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, legal_actions, playouts);
criterion_main!(benches);
