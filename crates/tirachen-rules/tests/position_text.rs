//! Position text (docs/rulings/tirachen.md, "Position text"): reading checks the rules and says
//! where and why; no input makes the reader panic.
mod common;
use common::*;
use game_api::Game;
use rand::{Rng, SeedableRng};
use tirachen_rules::MasterChoice;

#[test]
fn the_start_reads_back() {
    let g = game();
    let s = g.start();
    let t = g.position_text(&s);
    assert_eq!(t, "4g4/9/9/9/4*4/9/9/9/4G4 r cc FCP9/fcp9 - 0");
    assert_eq!(g.parse_position(&t), Ok(s));
}

#[test]
fn errors_say_where_and_why() {
    let g = game();
    let ok = "8g/9/9/9/9/9/9/9/G8 r mm -/- - 0";
    assert!(g.parse_position(ok).is_ok());
    let cases: [(&str, usize, &str); 21] = [
        ("8g/9/9/9/9/9/9/9/G8 r mm -/- -", 31, "six fields"),
        ("8g/9/9/9/9/9/9/9/G8 x mm -/- - 0", 21, "`r` or `w`"),
        ("8g/9/9/9/9/9/9/9/G7 r mm -/- - 0", 20, "ends early"),
        ("8g/9/9/9/9/9/9/9/G9 r mm -/- - 0", 19, "more than 9"),
        ("8g/9/9/9/9/9/9/9/X8 r mm -/- - 0", 18, "a piece is"),
        ("8g/9/9/9/9/9/9/9/G8 r mx -/- - 0", 24, "a phase"),
        ("8g/9/9/9/9/9/9/9/G8 r mm Q/- - 0", 26, "undeployed"),
        ("8g/9/9/9/9/9/9/9/G8 r mm p/- - 0", 26, "upper case"),
        ("8g/9/9/9/9/9/9/9/G8 r mm P1/- - 0", 27, "2–9"),
        // A count of two digits names the second digit, not a missing piece letter.
        ("8g/9/9/9/9/9/9/9/G8 r mm P99/- - 0", 28, "one digit"),
        // A doubled space points at the second space, not at the next field.
        ("8g/9/9/9/9/9/9/9/G8  r mm -/- - 0", 21, "single spaces"),
        ("8g/9/9/9/9/9/9/9/G8 r mm -/-  - 0", 30, "single spaces"),
        // A tab or a line break is named where it stands (a review found it told as a field
        // missing at the end).
        (
            "8g/9/9/9/9/9/9/9/G8\tr mm -/- - 0",
            20,
            "not a tab or a line break",
        ),
        (
            "8g/9/9/9/9/9/9/9/G8 r mm -/- -\n0",
            31,
            "not a tab or a line break",
        ),
        ("8g/9/9/9/9/9/9/9/G8 r mm -/- z9 0", 30, "extra move"),
        ("8g/9/9/9/9/9/9/9/G8 r mm -/- - -1", 32, "whole number"),
        // Checked against the rules:
        ("8g/9/9/9/9/9/9/9/G7G r mm -/- - 0", 20, "Generals"),
        ("9/9/9/9/9/9/9/9/9 r mm -/- - 0", 1, "both Generals"),
        ("8g/9/9/9/9/9/9/4F4/G8 r mm F/- - 0", 17, "Forts"),
        ("8g/9/9/9/4F4/9/9/9/G8 r mm -/- - 0", 11, "outside"),
        ("8g/9/9/9/9/9/9/9/G8 r mm -/- e5 0", 30, "extra move"),
    ];
    for (text, col, why) in cases {
        let e = g.parse_position(text).expect_err(text);
        assert_eq!(e.col, col, "{text}: {e}");
        assert!(e.why.contains(why), "{text}: {e}");
    }
}

#[test]
fn rule_checks_on_reading() {
    let g = game();
    for (text, why) in [
        // A deploying side's pieces are all in its area.
        ("8g/9/9/9/9/4P4/9/9/G8 r dm P/- - 0", "still deploying"),
        // A deploying side with nothing undeployed would have mobilized.
        ("8g/9/9/9/9/9/9/9/G8 r dm -/- - 0", "mobilized"),
        // The uncontrolled Traitor never leaves e5.
        ("8g/9/9/9/9/4*4/9/9/G8 r mm -/- - 0", "never moves"),
        // Hidden masters only in secret mode, the side named (a review found it unnamed).
        (
            "8g/9/9/9/9/9/9/9/G8 r mm ?3/- - 0",
            "Red's masters are hidden",
        ),
        (
            "8g/9/9/9/9/9/9/9/G8 r mm -/?3 - 0",
            "White's masters are hidden",
        ),
        // More than nine masters.
        ("8g/9/9/9/9/9/9/9/G8 r mm S9A/- - 0", "more than 9 masters"),
        // Quiet turns beyond the draw.
        ("8g/9/9/9/9/9/9/9/G8 r mm -/- - 101", "quiet"),
        // A pending Traitor move follows a capture: no quiet turns (a review found 7 read).
        (
            "8g/9/9/9/4T4/9/9/9/G8 r mm -/- e5 7",
            "the quiet count is 0",
        ),
        // While choosing, nothing has moved.
        ("4g4/9/9/9/4*4/9/9/9/3G5 r cc FCP9/fcp9 - 0", "as it starts"),
        // Open choice: Red (first) chooses before White.
        ("4g4/9/9/9/4*4/9/9/9/4G4 w cd FCP9/fcS9p9 - 0", "undeployed"),
        (
            "4g4/9/9/9/4*4/9/9/9/4G4 w cd FCP9/fcs9p9 - 0",
            "chooses its masters first",
        ),
    ] {
        let e = g.parse_position(text).expect_err(text);
        assert!(e.why.contains(why), "{text}: {e}");
    }
    // One side's view (White's secret masters hidden, `?9`) reads, as an observation; but no
    // game starts from it: its hidden masters could never be placed.
    let secret = game_with(|o| o.masters = MasterChoice::Secret);
    let view = "4g4/9/9/9/4*4/9/9/9/4G4 r cd FCP9/fcp9?9 - 0";
    assert!(secret.is_view(&secret.parse_position(view).unwrap()));
    // A side's masters are hidden all or none in a view (secrecy::observe): one master named
    // beside eight hidden is no one's view.
    let mixed = "4g4/9/9/9/4*4/9/9/9/4G4 r dd FCSP9?8/fcp9?9 - 0";
    let e = secret.parse_position(mixed).expect_err("no one's view");
    assert!(e.why.contains("some named and some hidden"), "{e}");
    let e = secret.parse_playable(view).expect_err("a view");
    assert!(e.why.contains("one player's view"), "{e}");
    let start = secret.position_text(&secret.start());
    assert!(!secret.is_view(&secret.parse_playable(&start).unwrap()));
}

/// Random strings and mutations of valid texts: the reader answers without panicking, and any
/// text it accepts writes back to a text it reads to the same position.
#[test]
fn the_reader_never_panics() {
    let g = game();
    let secret = game_with(|o| o.masters = MasterChoice::Secret);
    let valid = [
        "4g4/9/9/9/4*4/9/9/9/4G4 r cc FCP9/fcp9 - 0",
        "4g4/9/9/9/4*4/9/9/9/4G4 r dd FCS3A3W3P9/fcs2a5w2p9 - 0",
        "8g/9/9/9/4T4/9/9/9/G8 r mm -/- e5 0",
        "3cg4/4C4/9/9/9/9/9/9/4G4 w md -/p - 1",
        "4g4/9/9/9/4*4/9/2A6/9/4G4 w dd FCP9?8/fcw9p9 - 0",
    ];
    let alphabet: Vec<char> = "GFCSAWPTgfcsawpt*?/ -0123456789rwcdme\u{e9}\u{1F600}\0x"
        .chars()
        .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut accepted = 0;
    for i in 0..20_000 {
        let text = fuzz_text(&mut rng, &alphabet, &valid, i, 4, 60, 1..3);
        for game in [&g, &secret] {
            match game.parse_position(&text) {
                Ok(p) => {
                    accepted += 1;
                    let back = game.parse_position(&game.position_text(&p));
                    assert_eq!(back, Ok(p), "{text}");
                    // Whatever reads also satisfies the invariants, and can be played from.
                    game.check_invariants(&p).unwrap();
                    let _ = game.decision(&p);
                }
                Err(e) => assert!(
                    e.col >= 1 && e.col <= text.chars().count() + 1,
                    "{text:?}: {e}"
                ),
            }
        }
    }
    assert!(accepted > 100, "only {accepted} mutated texts read");
    for _ in 0..5_000 {
        let n = rng.random_range(0..50);
        let bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
        let _ = g.parse_position(&String::from_utf8_lossy(&bytes));
    }
}
