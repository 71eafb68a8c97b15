//! Perft anchors (tests/perft.txt): exact counts of turn sequences from fixed positions, each
//! with the reason for its count. A changed count means the rules changed.
use game_api::Game;
use game_testkit::perft;
use std::time::Instant;
use tirachen_rules::{MasterChoice, Tirachen, TirachenOptions};

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
        assert_eq!(
            f.len(),
            5,
            "perft.txt line {}: options | position | depth | count | reason",
            n + 1
        );
        // `open` or `secret`, then any other options as `Header=value` (`GeneralForTraitor=no`).
        let mut words = f[0].split_whitespace();
        let headers: Vec<(&str, &str)> = words
            .clone()
            .skip(1)
            .map(|w| {
                w.split_once('=').unwrap_or_else(|| {
                    panic!("perft.txt line {}: `{w}` is not Header=value", n + 1)
                })
            })
            .collect();
        let mut o = TirachenOptions::from_headers(&headers)
            .unwrap_or_else(|e| panic!("perft.txt line {}: {e}", n + 1));
        match words.next() {
            Some("open") => {}
            Some("secret") => o.masters = MasterChoice::Secret,
            other => panic!("perft.txt line {}: unknown options `{other:?}`", n + 1),
        }
        let g = Tirachen::new(o);
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
        eprintln!(
            "line {}: depth {depth}: {got} in {:.2?}",
            n + 1,
            t.elapsed()
        );
        assert_eq!(got, expected, "perft.txt line {}: {}", n + 1, f[4]);
        checked += 1;
    }
    assert!(checked >= 5);
}
