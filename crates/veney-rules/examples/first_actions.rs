//! Lists the legal first actions of one benchmark position many times: the workload of the
//! `legal_actions` benchmark, as one binary for a profiler
//! (`valgrind --tool=callgrind target/release/examples/first_actions middle`).
use veney_rules::{Position, Rules, movegen};

const POSITIONS: &[(&str, &str)] = &[
    (
        "crowded-middle",
        "4/2w1/2s1/1lbg/e3/4/3e/1W2/4/E2D/2S1/2L1/C1G1/4/1B1R/2jJ w EEE/eecdr turns=40",
    ),
    (
        "middle",
        "g1l1/js2/1c2/b3/eedr/4/3w/J3/3e/1E2/EW2/B1EE/1DR1/LS2/2G1/4 w C/e dir=-/NE turns=40",
    ),
    (
        "late",
        "3b/4/4/3c/2je/4/3e/wg1l/Jr@s/3E/E3/Rd2/3B/1G1C/W1S1/L3 w EED/ee dir=W/SE turns=120",
    ),
];

fn main() {
    let name = std::env::args().nth(1).unwrap_or_else(|| "middle".into());
    let text = POSITIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .expect("a position: crowded-middle, middle or late");
    let rules = Rules::standard();
    let pos = Position::from_text(&rules, text).unwrap();
    let mut buf = Vec::new();
    let mut n = 0;
    for _ in 0..10_000 {
        movegen::legal_actions(&rules, std::hint::black_box(&pos), &mut buf);
        n += buf.len();
    }
    println!("{name}: {} actions", n / 10_000);
}
