//! Perft: exact complete-turn counts for fixed positions (tests/perft.txt), the correctness
//! anchor for move generation.
use veney_rules::{Position, Rules, perft::perft};

#[test]
fn perft_counts_match_the_anchor_file() {
    let rules = Rules::standard();
    let file = include_str!("perft.txt");
    let mut checked = 0;
    for line in file
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (name, rest) = line.split_once(": ").unwrap();
        let parts: Vec<&str> = rest.split(" | ").collect();
        let pos = Position::from_text(&rules, parts[0]).unwrap_or_else(|e| panic!("{name}: {e}"));
        let depth: u32 = parts[1].parse().unwrap();
        let want: u64 = parts[2].parse().unwrap();
        assert_eq!(perft(&rules, &pos, depth), want, "{name} depth {depth}");
        checked += 1;
    }
    assert!(checked >= 8);
}

#[test]
fn depth_one_perft_is_the_number_of_complete_turns() {
    let rules = Rules::standard();
    let pos = Position::start(&rules);
    assert_eq!(perft(&rules, &pos, 1), pos.legal_turns(&rules).len() as u64);
}
