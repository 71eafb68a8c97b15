//! Perft anchors (tests/perft.txt): exact counts of turn sequences from fixed positions, each with
//! the reason for its count. A changed count means the rules changed.
use game_api::Game;
use game_testkit::{divide, perft};
use kelasu_rules::{Kelasu, KelasuOptions};
use std::time::Instant;

#[test]
fn perft_anchors() {
    let text = include_str!("perft.txt");
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 5, "perft.txt line {}", n + 1);
        let headers: Vec<(&str, &str)> = f[0]
            .split_whitespace()
            .filter(|w| *w != "default")
            .map(|w| w.split_once('=').expect("Header=value"))
            .collect();
        let g = Kelasu::new(KelasuOptions::from_headers(&headers).unwrap());
        let s = if f[1] == "start" {
            g.start()
        } else {
            g.parse_position(f[1])
                .unwrap_or_else(|e| panic!("perft.txt line {}: {e}", n + 1))
        };
        let depth: u32 = f[2].parse().unwrap();
        let expected: u64 = f[3].parse().unwrap();
        let t = Instant::now();
        let got = perft(&g, &s, depth);
        let took = t.elapsed();
        eprintln!("line {}: depth {depth}: {got} in {took:.2?}", n + 1);
        // (Its time is printed, not asserted: speed is the benchmarks' to measure, and a
        // timed test fails on a loaded machine — a review found one here.)
        assert_eq!(got, expected, "perft.txt line {}: {}", n + 1, f[4]);
        checked += 1;
    }
    assert!(checked >= 8);
}

/// The start's first actions and the left-right symmetry of their counts.
#[test]
fn start_divides_symmetrically() {
    let g = Kelasu::new(KelasuOptions::default());
    let d = divide(&g, &g.start(), 1);
    let names: Vec<&str> = d.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(
        names,
        ["B1-C1", "B3-C3", "B4-C4", "B5-C5", "B6-C6", "B8-C8"]
    );
    let n: Vec<u64> = d.iter().map(|x| x.1).collect();
    assert_eq!((n[0], n[1], n[2]), (n[5], n[4], n[3]));
    assert_eq!(n, [652, 636, 616, 616, 636, 652]);
    // Under EndEarly=yes each first action has more turns: those ending early with `end`.
    let early = Kelasu::new(KelasuOptions {
        end_early: true,
        ..KelasuOptions::default()
    });
    let d = divide(&early, &early.start(), 1);
    let n: Vec<u64> = d.iter().map(|x| x.1).collect();
    assert_eq!(n, [731, 713, 690, 690, 713, 731]);
}
