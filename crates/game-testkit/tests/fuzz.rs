//! The game API's text readers under seeded random input: byte strings, mixes of record
//! characters, and mutations (a span inserted, deleted, replaced or duplicated) of valid saves
//! and records, 20,000 inputs for each of `read_numbered`, `save_headers` and `Match::load_text`
//! (the toy game and Tirachen). None may panic, and every error must point into its input: a line
//! from 1 to the number of lines + 1, a column from 1 to that line's length + 1 (0 only where
//! `TextError` allows it, a position a game could not tell). A failure names the input.
//! Inputs these found are kept below as named regression tests (among them a sealed action
//! for a seat past the eighth, once a panic in game-api's player.rs, now refused).
mod common;

use common::GOOD;
use game_api::{Game, Match, SaveError, TextError, Viewer, read_numbered, save_headers};
use game_testkit::{Playouts, check_save_roundtrip, play_one};
use kelasu_rules::{Kelasu, KelasuOptions};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use tirachen_rules::{MasterChoice, Tirachen, TirachenOptions};

const INPUTS: u32 = 20_000;

/// The characters of records and saves.
const RECORD_CHARS: &[u8] = b"[]\" \n,;.|0123456789abcdefghijklmnopqrstuvwxyz";

/// What mutations insert besides the record's characters: Tirachen's notation and position
/// text, other whitespace, and characters of several bytes.
const EXTRA_CHARS: &[char] = &[
    'A', 'C', 'F', 'G', 'P', 'S', 'T', 'W', '@', '-', '=', '*', '/', '?', '\t', '\r', 'é', '…',
    '\u{2028}', '\u{0}',
];

// --- Inputs -------------------------------------------------------------------------------------

/// Seeded inputs: one in three random bytes (read lossily as UTF-8), one in three a random mix
/// of record characters, one in three a mutated text of the corpus. Half the random ones follow
/// `head` (a `[Game "…"]` line, so that loading reads on past the headers).
struct Inputs<'a> {
    rng: StdRng,
    corpus: &'a [String],
    head: &'a str,
    n: u32,
}

impl<'a> Inputs<'a> {
    fn new(seed: u64, corpus: &'a [String], head: &'a str) -> Inputs<'a> {
        assert!(!corpus.is_empty());
        Inputs {
            rng: StdRng::seed_from_u64(seed),
            corpus,
            head,
            n: 0,
        }
    }

    fn next(&mut self) -> (&'static str, String) {
        self.n += 1;
        let (kind, body) = match self.n % 3 {
            0 => ("bytes", self.bytes()),
            1 => ("record characters", self.record_chars()),
            _ => return ("mutation", self.mutation()),
        };
        if !self.head.is_empty() && self.rng.random_bool(0.5) {
            return (kind, format!("{}\n{body}", self.head));
        }
        (kind, body)
    }

    fn len(&mut self) -> usize {
        if self.rng.random_bool(0.9) {
            self.rng.random_range(0..40)
        } else {
            self.rng.random_range(40..400)
        }
    }

    fn bytes(&mut self) -> String {
        let n = self.len();
        let b: Vec<u8> = (0..n).map(|_| self.rng.random()).collect();
        String::from_utf8_lossy(&b).into_owned()
    }

    fn record_chars(&mut self) -> String {
        let n = self.len();
        (0..n)
            .map(|_| RECORD_CHARS[self.rng.random_range(0..RECORD_CHARS.len())] as char)
            .collect()
    }

    fn random_char(&mut self) -> char {
        if self.rng.random_bool(0.8) {
            RECORD_CHARS[self.rng.random_range(0..RECORD_CHARS.len())] as char
        } else {
            EXTRA_CHARS[self.rng.random_range(0..EXTRA_CHARS.len())]
        }
    }

    /// A corpus text with one to three spans inserted, deleted, replaced or duplicated (spans
    /// of whole characters, so the text stays UTF-8).
    fn mutation(&mut self) -> String {
        let mut t: Vec<char> = self.corpus[self.rng.random_range(0..self.corpus.len())]
            .chars()
            .collect();
        for _ in 0..self.rng.random_range(1..=3) {
            let at = self.rng.random_range(0..=t.len());
            let span = self.rng.random_range(1..=8).min(t.len() - at);
            match self.rng.random_range(0..4) {
                0 => {
                    let ins: Vec<char> = (0..self.rng.random_range(1..=8))
                        .map(|_| self.random_char())
                        .collect();
                    t.splice(at..at, ins);
                }
                1 => {
                    t.drain(at..at + span);
                }
                2 => {
                    let ins: Vec<char> = (0..self.rng.random_range(0..=8))
                        .map(|_| self.random_char())
                        .collect();
                    t.splice(at..at + span, ins);
                }
                _ => {
                    let dup: Vec<char> = t[at..at + span].to_vec();
                    let to = self.rng.random_range(0..=t.len());
                    t.splice(to..to, dup);
                }
            }
        }
        t.into_iter().collect()
    }
}

/// Valid texts to mutate: referee's and players' saves of seeded random games (from the start
/// and from another position, some unfinished) and their records.
fn corpus<G: Game>(g: &Arc<G>, other_start: &str, max_actions: &[u32]) -> Vec<String> {
    let other = g.parse_position(other_start).unwrap();
    let mut out = Vec::new();
    for (i, &cap) in max_actions.iter().enumerate() {
        let cfg = Playouts {
            max_actions: cap,
            check_every: 0,
            ..Playouts::default()
        };
        let start = if i % 2 == 1 { Some(&other) } else { None };
        let (m, _) = play_one(g, start, 100 + i as u64, &cfg).unwrap();
        out.push(m.save_text(Viewer::Referee));
        out.push(m.save_text(Viewer::Player(game_api::Player(0))));
        out.push(m.record(Viewer::Referee));
    }
    out
}

fn toy_corpus() -> Vec<String> {
    corpus(&Arc::new(GOOD), "1 - - 2 0", &[4, 8, 20, 20, 2, 5])
}

fn tirachen_corpus() -> Vec<String> {
    corpus(
        &Arc::new(Tirachen::default()),
        "4g4/2f4w1/3p5/5p3/C3*4/3P2S2/4F4/1A7/4G4 r mm P2/p - 12",
        &[3, 10, 40, 25, 120, 60],
    )
}

/// Secret masters: sealed record lines (`1|…`) and players' views with `?n` reserves.
fn tirachen_secret() -> Tirachen {
    Tirachen::new(TirachenOptions {
        masters: MasterChoice::Secret,
        ..TirachenOptions::default()
    })
}

fn tirachen_secret_corpus() -> Vec<String> {
    corpus(
        &Arc::new(tirachen_secret()),
        "4g4/2f4w1/3p5/5p3/C3*4/3P2S2/4F4/1A7/4G4 r mm P2/p - 12",
        &[2, 6, 30, 25, 90, 60],
    )
}

fn kelasu_corpus() -> Vec<String> {
    corpus(
        &Arc::new(Kelasu::new(KelasuOptions::default())),
        "BBBBBBBBBB/BBBBBB4/S1SBBB1S1S/5B4/10/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 4 s - 0",
        &[3, 12, 40, 30, 150, 80],
    )
}

// --- Checks -------------------------------------------------------------------------------------

/// The error points into `text`: line 1 to lines + 1, column 1 to the line's length + 1 (or 0,
/// "unknown", when `col_unknown_ok`).
fn check_place(text: &str, e: &TextError, col_unknown_ok: bool) -> Result<(), String> {
    let lines = text.lines().count();
    if e.line < 1 || e.line > lines + 1 {
        return Err(format!("line {} of a text of {lines} lines: {e}", e.line));
    }
    // The line as split on `\n` (a `\r` before it counts as a column).
    let len = text
        .split('\n')
        .nth(e.line - 1)
        .map_or(0, |l| l.chars().count());
    if e.col == 0 && col_unknown_ok {
        return Ok(());
    }
    if e.col < 1 || e.col > len + 1 {
        return Err(format!(
            "column {} of line {} of {len} characters: {e}",
            e.col, e.line
        ));
    }
    Ok(())
}

/// The text at the error's line and column is what it says it found.
fn check_found(text: &str, e: &TextError) -> Result<(), String> {
    let line = text.split('\n').nth(e.line.saturating_sub(1)).unwrap_or("");
    let at: String = line.chars().skip(e.col.saturating_sub(1)).collect();
    if !at.starts_with(&e.found) {
        return Err(format!(
            "`{}` is not at line {}, column {} (`{at}` is): {e}",
            e.found, e.line, e.col
        ));
    }
    Ok(())
}

fn check_read_numbered(text: &str) -> Result<&'static str, String> {
    match read_numbered(text) {
        Ok(turns) => {
            for (col, tok) in turns.iter().flatten() {
                let here = |l: &str| {
                    let at: String = l.chars().skip(col.saturating_sub(1)).collect();
                    at.starts_with(tok)
                };
                if tok.is_empty() || *col < 1 || !text.split('\n').any(here) {
                    return Err(format!("token `{tok}` is not at column {col} of any line"));
                }
            }
            Ok(if turns.is_empty() { "empty" } else { "turns" })
        }
        Err(e) => {
            check_place(text, &e, false)?;
            check_found(text, &e)?;
            Ok("error")
        }
    }
}

fn check_headers(text: &str) -> Result<&'static str, String> {
    match save_headers(text) {
        Ok(hs) => {
            let lines: Vec<&str> = text.lines().collect();
            for (line, k, _) in &hs {
                let ok = (1..=lines.len()).contains(line)
                    && lines[line - 1].trim_start().starts_with(&format!("[{k} "));
                if !ok {
                    return Err(format!("header {k} is not on line {line}"));
                }
            }
            Ok(if hs.is_empty() { "none" } else { "headers" })
        }
        Err(e) => {
            check_place(text, &e, false)?;
            check_found(text, &e)?;
            Ok("error")
        }
    }
}

/// Loads `text`; a text error must point into it, and a match that loads saves and reloads.
fn check_load<G: Game>(g: &Arc<G>, text: &str) -> Result<&'static str, String> {
    match Match::load_text(g.clone(), text) {
        Ok(m) => {
            check_save_roundtrip(&m)?;
            Ok(if m.history().is_empty() {
                "loaded, no action"
            } else {
                "loaded"
            })
        }
        Err(SaveError::Text(e)) => {
            check_place(text, &e, true)?;
            // What an error found is at its place, but for a game's own error in a start
            // position, which may name what it found otherwise (Tirachen: a square).
            let line = text.split('\n').nth(e.line - 1).unwrap_or("");
            if !line.trim_start().starts_with("[Start ") {
                check_found(text, &e)?;
            }
            Ok("text error")
        }
        Err(SaveError::Wrong(_)) => Ok("wrong save"),
        Err(SaveError::Mismatch { .. }) => Ok("final mismatch"),
        Err(SaveError::Io(e)) => Err(format!("an I/O error from text: {e}")),
    }
}

/// Feeds `INPUTS` inputs to `check`, failing with the first input that panics or fails;
/// returns how many inputs ended each way.
fn fuzz(
    name: &str,
    seed: u64,
    corpus: &[String],
    head: &str,
    check: impl Fn(&str) -> Result<&'static str, String>,
) -> BTreeMap<&'static str, u32> {
    let mut inputs = Inputs::new(seed, corpus, head);
    let mut seen = BTreeMap::new();
    for i in 0..INPUTS {
        let (kind, text) = inputs.next();
        let got = catch_unwind(AssertUnwindSafe(|| check(&text)));
        match got {
            Ok(Ok(how)) => *seen.entry(how).or_default() += 1,
            Ok(Err(e)) => panic!("{name}, seed {seed}, input {i} ({kind}): {e}\n{text:?}"),
            Err(_) => panic!("{name}, seed {seed}, input {i} ({kind}) panicked:\n{text:?}"),
        }
    }
    eprintln!("{name}: {seen:?}");
    seen
}

// --- Fuzzing ------------------------------------------------------------------------------------

#[test]
fn read_numbered_never_panics_and_points_into_its_input() {
    let mut corpus = toy_corpus();
    corpus.extend(tirachen_corpus());
    let seen = fuzz("read_numbered", 1, &corpus, "", check_read_numbered);
    for how in ["empty", "turns", "error"] {
        assert!(seen.get(how).is_some_and(|&n| n >= 100), "{seen:?}");
    }
}

#[test]
fn save_headers_never_panics_and_points_into_its_input() {
    let mut corpus = toy_corpus();
    corpus.extend(tirachen_corpus());
    let seen = fuzz("save_headers", 2, &corpus, "", check_headers);
    for how in ["none", "headers", "error"] {
        assert!(seen.get(how).is_some_and(|&n| n >= 100), "{seen:?}");
    }
}

#[test]
fn loading_the_toy_game_never_panics_and_points_into_its_input() {
    let g = Arc::new(GOOD);
    let seen = fuzz(
        "load_text (bids)",
        3,
        &toy_corpus(),
        "[Game \"bids\"]",
        |t| check_load(&g, t),
    );
    for how in ["loaded", "text error", "wrong save", "final mismatch"] {
        assert!(seen.get(how).is_some_and(|&n| n >= 50), "{seen:?}");
    }
}

#[test]
fn loading_tirachen_never_panics_and_points_into_its_input() {
    let g = Arc::new(Tirachen::default());
    let seen = fuzz(
        "load_text (tirachen)",
        4,
        &tirachen_corpus(),
        "[Game \"tirachen\"]",
        |t| check_load(&g, t),
    );
    for how in ["loaded", "text error", "wrong save", "final mismatch"] {
        assert!(seen.get(how).is_some_and(|&n| n >= 50), "{seen:?}");
    }
}

/// Tirachen with secret masters: sealed lines and hidden reserves in the corpus (a review found
/// the corpus open-mode only).
#[test]
fn loading_secret_tirachen_never_panics_and_points_into_its_input() {
    let g = Arc::new(tirachen_secret());
    let seen = fuzz(
        "load_text (tirachen, secret masters)",
        5,
        &tirachen_secret_corpus(),
        "[Game \"tirachen\"]",
        |t| check_load(&g, t),
    );
    for how in ["loaded", "text error", "wrong save", "final mismatch"] {
        assert!(seen.get(how).is_some_and(|&n| n >= 50), "{seen:?}");
    }
}

/// Kelasu's saves, and its option headers read from them (a review found them never fuzzed).
#[test]
fn loading_kelasu_never_panics_and_points_into_its_input() {
    let g = Arc::new(Kelasu::new(KelasuOptions::default()));
    let seen = fuzz(
        "load_text (kelasu)",
        6,
        &kelasu_corpus(),
        "[Game \"kelasu\"]",
        |t| check_load(&g, t),
    );
    for how in ["loaded", "text error", "wrong save", "final mismatch"] {
        assert!(seen.get(how).is_some_and(|&n| n >= 50), "{seen:?}");
    }
}

// --- Inputs the fuzzing found -------------------------------------------------------------------

fn text_error<G: Game>(r: Result<Match<G>, SaveError>) -> TextError {
    match r {
        Err(SaveError::Text(e)) => e,
        Err(e) => panic!("not a text error: {e}"),
        Ok(_) => panic!("loaded"),
    }
}

/// `read_numbered` counted columns from the text's start and named line 1 for every error, so
/// an error or a token on a later line pointed past the end of the first.
#[test]
fn a_record_of_several_lines_names_each_line_and_column() {
    let e = read_numbered("a;\n,").unwrap_err();
    assert_eq!((e.line, e.col, e.found.as_str()), (2, 1, ","));
    let e = read_numbered("1. a;\n  2.").unwrap_err();
    assert_eq!((e.line, e.col, e.found.as_str()), (2, 3, "2."));
    let tokens = read_numbered("1. a\nbc").unwrap();
    assert_eq!(
        tokens,
        vec![vec![(4, "a".to_string()), (1, "bc".to_string())]]
    );
}

/// An indented header that does not read was placed at column 1, not at its `[`.
#[test]
fn an_indented_header_is_placed_at_its_bracket() {
    let e = save_headers("\nrohfn\n [fohk[[vd.w]").unwrap_err();
    assert_eq!((e.line, e.col, e.found.as_str()), (3, 2, "[fohk[[vd.w]"));
}

/// Loading placed a bad seed at column 1, a start position's error at its column within the
/// header's value, and an indented record line's tokens at their column within the trimmed line.
#[test]
fn a_save_places_its_errors_within_the_line() {
    let toy = Arc::new(GOOD);
    let e = text_error(Match::load_text(
        toy.clone(),
        "[Game \"bids\"]\n[Seed \"x1\"]\n",
    ));
    assert_eq!((e.line, e.col, e.found.as_str()), (2, 8, "x1"));
    let e = text_error(Match::load_text(toy, "[Game \"bids\"]\n   1. 1|b7\n"));
    assert_eq!((e.line, e.col, e.found.as_str()), (2, 7, "1|b7"));
    let save = "[Game \"tirachen\"]\n[Start \"4g4/9/9/9/4*4/9/9/9/4G4 x cc FCP9/fcp9 - 0\"]\n";
    let e = text_error(Match::load_text(Arc::new(Tirachen::default()), save));
    assert_eq!((e.line, e.col, e.found.as_str()), (2, 33, "x"));
}

/// A sealed action for a seat past the eighth is refused (it panicked in `PlayerSet::contains`,
/// which shifted a `u8` by the seat).
#[test]
fn a_sealed_action_for_seat_nine_is_refused() {
    let e = text_error(Match::load_text(Arc::new(GOOD), "[Game \"bids\"]\n9|b1\n"));
    assert_eq!((e.line, e.col, e.found.as_str()), (2, 1, "9|b1"));
    // As the fuzzing found it.
    let save = "[Game \"bids\"]\n[Seed \"105\"]\n[Start \"1 - - 2 0\"]\n[Final \"2 2 1 2 2\"]\n\
                11|b2. 1|b1, 2|b2; 2. d2, 1|b|b1\n";
    let e = text_error(Match::load_text(Arc::new(GOOD), save));
    assert_eq!((e.line, e.col, e.found.as_str()), (5, 1, "11|b2."));
}
