//! Lists the legal first actions of one position many times: the workload of the
//! `legal_actions` benchmark, as one binary for a profiler. The position text is the argument
//! (a benchmark position from `benches/movegen.rs`, say); the start without one:
//! `valgrind --tool=callgrind target/release/examples/first_actions '<position text>'`.
use veney_rules::{Position, Rules, movegen};

fn main() {
    let rules = Rules::standard();
    let pos = match std::env::args().nth(1) {
        Some(text) => Position::from_text(&rules, &text).unwrap_or_else(|e| {
            eprintln!("not a position: {e}");
            std::process::exit(2)
        }),
        None => Position::start(&rules),
    };
    let mut buf = Vec::new();
    let mut n = 0;
    for _ in 0..10_000 {
        movegen::legal_actions(&rules, std::hint::black_box(&pos), &mut buf);
        n += buf.len();
    }
    println!("{} actions", n / 10_000);
}
