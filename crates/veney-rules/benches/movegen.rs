//! Move generation and random playout speed (criterion). Figures are reported in the README.
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use veney_rules::{Position, Rules, movegen, playout, rng};

const POSITIONS: &[(&str, &str)] = &[
    (
        "start",
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr",
    ),
    (
        "opening",
        "4/4/2sw/bj2/ee1e/2c1/4/4/4/4/4/EEEE/CGS1/W1B1/4/4 w DLJR/edglr turns=12",
    ),
    (
        "crowded-middle",
        "4/2w1/2s1/1lbg/e3/4/3e/1W2/4/E2D/2S1/2L1/C1G1/4/1B1R/2jJ w EEE/eecdr turns=40",
    ),
    (
        "middle",
        "g1l1/js2/1c2/b3/eedr/4/3w/J3/3e/1E2/EW2/B1EE/1DR1/LS2/2G1/4 w C/e turns=40",
    ),
    (
        "late",
        "3b/4/4/3c/2je/4/3e/wg1l/Jr@s/3E/E3/Rd2/3B/1G1C/W1S1/L3 w EED/ee turns=120",
    ),
    (
        "endgame",
        "4/4/4/4/2s1/3g/1w2/2W1/4/D3/1S2/4/4/4/4/4 w EEEE/eeee",
    ),
];

fn legal_actions(c: &mut Criterion) {
    let rules = Rules::standard();
    let mut g = c.benchmark_group("legal_actions");
    let mut buf = Vec::with_capacity(256);
    for (name, text) in POSITIONS {
        let pos = Position::from_text(&rules, text).unwrap();
        g.bench_with_input(BenchmarkId::from_parameter(name), &pos, |b, pos| {
            b.iter(|| {
                movegen::legal_actions(&rules, black_box(pos), &mut buf);
                buf.len()
            })
        });
    }
    g.finish();
}

fn playouts(c: &mut Criterion) {
    let rules = Arc::new(Rules::standard());
    let start = Position::start(&rules);
    // Count the plies of 20 seeded games once, to report plies per second.
    let plies: u64 = (0..20)
        .map(|s| {
            playout::random_game(&rules, start, &mut rng::seeded(s), 200, false)
                .unwrap()
                .actions as u64
        })
        .sum();
    let mut g = c.benchmark_group("random_playout");
    g.throughput(Throughput::Elements(plies));
    g.sample_size(20);
    g.bench_function("20 games, 200-turn cap", |b| {
        b.iter(|| {
            for s in 0..20 {
                black_box(
                    playout::random_game(&rules, start, &mut rng::seeded(s), 200, false).unwrap(),
                );
            }
        })
    });
    g.finish();
}

criterion_group!(benches, legal_actions, playouts);
criterion_main!(benches);
