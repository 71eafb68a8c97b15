//! Fuzzing a game's saves through the game API: seeded inputs (random bytes, mixes of record
//! characters, mutations of valid saves and records), the corpus of valid texts to mutate, and
//! the checks that an error points into its input and that what loads saves and reloads. The
//! testkit's own fuzz tests (the toy game, Kelasu, Tirachen) and each game's crate use them.
use crate::{Playouts, check_save_roundtrip, play_one};
use game_api::{Game, Match, SaveError, TextError, Viewer};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

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
pub fn save_corpus<G: Game>(g: &Arc<G>, other_start: &str, max_actions: &[u32]) -> Vec<String> {
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
    // Each referee's save with the next one's `[Final]`: a final position that reads but is not
    // the one reached (one that does not read is a text error, at its place).
    let finals: Vec<(String, String)> = out
        .iter()
        .step_by(3)
        .filter_map(|t| {
            let f = t.lines().find(|l| l.starts_with("[Final "))?;
            Some((t.clone(), f.to_string()))
        })
        .collect();
    for (i, (text, own)) in finals.iter().enumerate() {
        let (_, other) = &finals[(i + 1) % finals.len()];
        if other != own {
            out.push(text.replacen(own.as_str(), other, 1));
        }
    }
    out
}

// --- Checks -------------------------------------------------------------------------------------

/// The error points into `text`: line 1 to lines + 1, column 1 to the line's length + 1 (or 0,
/// "unknown", when `col_unknown_ok`).
pub fn check_place(text: &str, e: &TextError, col_unknown_ok: bool) -> Result<(), String> {
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
pub fn check_found(text: &str, e: &TextError) -> Result<(), String> {
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

/// Loads `text`; a text error must point into it, and a match that loads saves and reloads.
pub fn check_load<G: Game>(g: &Arc<G>, text: &str) -> Result<&'static str, String> {
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
            // Column 0 ("unknown") only for a game's own error in a start or final position,
            // which may not tell where (a review found it allowed for every error).
            let line = text.split('\n').nth(e.line.saturating_sub(1)).unwrap_or("");
            // The header's key in any case, as the loader reads it; a final position's own
            // error said as such, the header reader's errors on that line still checked.
            let key = line.trim_start().to_ascii_lowercase();
            let start = ["[start ", "[position "].iter().any(|h| key.starts_with(h))
                || (key.starts_with("[final ")
                    && e.why.starts_with("the final position does not read"));
            check_place(text, &e, start)?;
            // What an error found is at its place, but for a game's own error in a start or
            // final position, which may name what it found otherwise (Tirachen: a square;
            // Kelasu: the rank, at its square too many).
            if !start {
                check_found(text, &e)?;
            }
            Ok("text error")
        }
        Err(SaveError::Wrong(_)) => Ok("wrong save"),
        Err(SaveError::Mismatch { .. }) => Ok("final mismatch"),
        Err(SaveError::Io(e)) => Err(format!("an I/O error from text: {e}")),
    }
}

/// Feeds `count` seeded inputs (random bytes, record characters, mutations of `corpus`; half
/// the random ones after `head`) to `check`, failing with the first input that panics or fails;
/// returns how many inputs ended each way (`check` names the way).
pub fn fuzz_texts(
    name: &str,
    seed: u64,
    count: u32,
    corpus: &[String],
    head: &str,
    check: impl Fn(&str) -> Result<&'static str, String>,
) -> BTreeMap<&'static str, u32> {
    let mut inputs = Inputs::new(seed, corpus, head);
    let mut seen = BTreeMap::new();
    for i in 0..count {
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

/// Loads `count` seeded inputs as saves of `g` (see [`fuzz_texts`], with `head` its `[Game "…"]`
/// line) through [`check_load`]; fails with the first that panics, or whose error does not point
/// into it, or that loads but does not save and reload the same. Each of the ways an input can end
/// ("loaded", "text error", "wrong save", "final mismatch") must be seen at least `at_least` times,
/// so that neither the errors nor what loads go unexercised.
pub fn fuzz_loading<G: Game>(
    g: &Arc<G>,
    seed: u64,
    count: u32,
    corpus: &[String],
    head: &str,
    at_least: u32,
) {
    let seen = fuzz_texts(
        &format!("load_text ({head})"),
        seed,
        count,
        corpus,
        head,
        |t| check_load(g, t),
    );
    for how in ["loaded", "text error", "wrong save", "final mismatch"] {
        assert!(
            seen.get(how).is_some_and(|&n| n >= at_least),
            "fewer than {at_least} inputs ended {how:?}: {seen:?}"
        );
    }
}
