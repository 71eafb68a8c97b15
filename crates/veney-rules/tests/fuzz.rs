//! Every Veney reader under generated and mutated input (proptest, a fixed seed so CI is
//! repeatable): the position text, notation (one token, and a turn against a position), records
//! (`replay`), saves (`savefile::read`) and RON data (sets through the set checker, setups, rule
//! options). Inputs are mutations of valid texts (spans inserted, deleted, replaced or
//! duplicated), strings over each reader's own characters, and arbitrary strings.
//!
//! None may panic or hang (each input runs on its own thread under a deadline), and every error
//! must name where: a column inside the text, or a line and column inside the file (or the field,
//! where the reader names one). What a reader accepts must read back the same (position text,
//! notation) and must not crash the engine (the legal actions of an accepted position; a turn
//! read against a position is played). The notation round-trips of tests/notation.rs cover the
//! writer; the game API's readers are fuzzed in crates/game-testkit/tests/fuzz.rs; Veney's saves read through them
//! (`VeneyGame` and `Match::load_text`) are fuzzed at the end of this file with the testkit's
//! `fuzz_loading`.
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
use rand::Rng;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use veney_rules::notation::{San, parse_turn, write_turn};
use veney_rules::options::RuleOptions;
use veney_rules::set_check;
use veney_rules::setup::SetupDef;
use veney_rules::{DataError, Game, Phase, Position, Rules, replay, savefile};

/// Longer than any input takes in the dev profile by two orders of magnitude.
const DEADLINE: Duration = Duration::from_secs(10);

// --- The harness ----------------------------------------------------------------------------

/// Runs `check` on `input` on its own thread: a panic or a missed deadline fails the case.
fn guarded(
    input: &str,
    check: impl FnOnce(&str) -> Result<&'static str, String> + Send + 'static,
) -> Result<&'static str, TestCaseError> {
    let (tx, rx) = channel();
    let text = input.to_string();
    std::thread::spawn(move || {
        let r = check(&text);
        let _ = tx.send(r);
    });
    match rx.recv_timeout(DEADLINE) {
        Ok(Ok(how)) => Ok(how),
        Ok(Err(e)) => Err(TestCaseError::fail(e)),
        Err(RecvTimeoutError::Timeout) => Err(TestCaseError::fail(format!(
            "no answer within {DEADLINE:?}: a hang"
        ))),
        Err(RecvTimeoutError::Disconnected) => Err(TestCaseError::fail("panicked")),
    }
}

/// Feeds `cases` inputs from `strategy` to `check` with a fixed seed; fails with the (shrunk)
/// input that panics, hangs or fails. Returns how many inputs ended each way (`check` names
/// it), which must each be at least `at_least` so that both the errors and what is accepted are
/// exercised.
fn fuzz<S: Strategy<Value = String>>(
    name: &str,
    cases: u32,
    strategy: S,
    at_least: &[(&str, u32)],
    check: impl Fn(&str) -> Result<&'static str, String> + Send + Sync + Clone + 'static,
) {
    let seen = Arc::new(Mutex::new(BTreeMap::<&'static str, u32>::new()));
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 200,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let result = runner.run(&strategy, |input| {
        let check = check.clone();
        let how = guarded(&input, move |t| check(t))?;
        *seen.lock().unwrap().entry(how).or_default() += 1;
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let seen = seen.lock().unwrap();
    eprintln!("{name}: {seen:?}");
    for (how, n) in at_least {
        assert!(
            seen.get(how).is_some_and(|got| got >= n),
            "{name}: fewer than {n} inputs ended {how:?}: {seen:?}"
        );
    }
}

/// One edit of a text: at a place, insert, delete, replace or duplicate a span.
type Edit = (Index, u8, usize, String, Index);

fn apply(base: &str, edits: &[Edit]) -> String {
    let mut t: Vec<char> = base.chars().collect();
    for (at, op, span, insert, to) in edits {
        let at = if t.is_empty() {
            0
        } else {
            at.index(t.len() + 1)
        };
        let span = (*span).min(t.len() - at);
        let ins: Vec<char> = insert.chars().collect();
        match op % 4 {
            0 => {
                t.splice(at..at, ins);
            }
            1 => {
                t.drain(at..at + span);
            }
            2 => {
                t.splice(at..at + span, ins);
            }
            _ => {
                let dup: Vec<char> = t[at..at + span].to_vec();
                let to = to.index(t.len() + 1);
                t.splice(to..to, dup);
            }
        }
    }
    t.into_iter().collect()
}

/// Characters every reader meets besides its own: other white space, several-byte characters,
/// a NUL.
const OTHER: &str = "\t\r\n é…\u{2028}\u{0}#";

fn chars_of(alphabet: &'static str) -> impl Strategy<Value = String> {
    let all: Vec<char> = alphabet.chars().chain(OTHER.chars()).collect();
    prop::collection::vec(prop::sample::select(all), 0..10).prop_map(|v| v.into_iter().collect())
}

/// Mutated corpus texts, strings of the reader's characters, and arbitrary strings.
fn inputs(corpus: Vec<String>, alphabet: &'static str) -> impl Strategy<Value = String> {
    let edit = (
        any::<Index>(),
        0u8..4,
        1usize..8,
        chars_of(alphabet),
        any::<Index>(),
    );
    let mutated = (
        prop::sample::select(corpus),
        prop::collection::vec(edit, 1..4),
    )
        .prop_map(|(base, edits)| apply(&base, &edits));
    let all: Vec<char> = alphabet.chars().chain(OTHER.chars()).collect();
    let generated = prop::collection::vec(prop::sample::select(all), 0..80)
        .prop_map(|v| v.into_iter().collect::<String>());
    prop_oneof![
        6 => mutated,
        2 => generated,
        1 => any::<String>(),
    ]
}

/// A column inside `text` (1 to its length + 1, in bytes as the readers count).
fn col_inside(text: &str, col: usize, what: &dyn std::fmt::Display) -> Result<(), String> {
    if col < 1 || col > text.len() + 1 {
        return Err(format!(
            "column {col} outside a text of {} bytes: {what}",
            text.len()
        ));
    }
    Ok(())
}

/// A data error located inside `text`: line 1 to lines + 1, column 1 to the line's length + 1.
fn located_inside(text: &str, e: &DataError) -> Result<(), String> {
    let lines: Vec<&str> = text.split('\n').collect();
    let (line, col) = (e.location.line, e.location.col);
    if line < 1 || line > lines.len() {
        return Err(format!(
            "line {line} of a text of {} lines: {e}",
            lines.len()
        ));
    }
    let len = lines[line - 1].chars().count();
    if col < 1 || col > len + 1 {
        return Err(format!(
            "column {col} of line {line} of {len} characters: {e}"
        ));
    }
    if e.message.is_empty() {
        return Err(format!("an error with no message at {line}:{col}"));
    }
    Ok(())
}

// --- Corpora ----------------------------------------------------------------------------------

fn rules() -> Arc<Rules> {
    static R: OnceLock<Arc<Rules>> = OnceLock::new();
    R.get_or_init(|| Arc::new(Rules::standard())).clone()
}

/// A seeded random game of `Game` (chance drawn by its own generator), `turns` turns long, with
/// every position it passed through (mid-turn ones too).
fn random_game(seed: u64, turns: u32) -> (Game, Vec<Position>) {
    let rules = rules();
    let mut g = Game::from_position_seeded(rules.clone(), Position::start(&rules), seed);
    let mut pick = veney_rules::rng::seeded(seed ^ 0xF022);
    let mut seen = vec![*g.position()];
    let mut done = 0;
    while done < turns && !g.position().is_game_over() {
        let mover = g.position().turn();
        match g.position().phase() {
            Phase::Throw { .. } => {
                g.roll();
            }
            Phase::Cast { .. } => {
                g.land();
            }
            _ => {
                let legal = g.legal_actions();
                let a = legal[pick.random_range(0..legal.len())];
                g.play(a).unwrap();
            }
        }
        seen.push(*g.position());
        if g.position().turn() != mover {
            done += 1;
        }
    }
    (g, seen)
}

fn games() -> &'static [(Game, Vec<Position>)] {
    static G: OnceLock<Vec<(Game, Vec<Position>)>> = OnceLock::new();
    G.get_or_init(|| {
        (0..8u64)
            .map(|s| random_game(s, [4, 10, 20, 40][s as usize % 4]))
            .collect()
    })
}

/// Positions: the start, the perft anchors, and every position of the random games.
fn positions() -> Vec<Position> {
    let rules = rules();
    let mut out = vec![Position::start(&rules)];
    for line in include_str!("perft.txt").lines() {
        let Some((_, rest)) = line.split_once(": ") else {
            continue;
        };
        if let Some(text) = rest.split(" | ").next()
            && let Ok(p) = Position::from_text(&rules, text)
        {
            out.push(p);
        }
    }
    for (_, seen) in games() {
        out.extend(seen.iter().step_by(3).copied());
    }
    out
}

fn position_texts() -> Vec<String> {
    let rules = rules();
    let mut v: Vec<String> = positions().iter().map(|p| p.to_text(&rules)).collect();
    v.sort();
    v.dedup();
    v
}

/// Records: the test records (the real records' forms) and the random games' records.
fn records() -> Vec<String> {
    let mut out: Vec<String> = games()
        .iter()
        .filter(|(g, _)| g.turns_notation().len() <= 24)
        .map(|(g, _)| g.record())
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            out.push(std::fs::read_to_string(&path).unwrap());
        }
    }
    out
}

fn saves() -> Vec<String> {
    games()
        .iter()
        .filter(|(g, _)| g.turns_notation().len() <= 24)
        .map(|(g, _)| savefile::write(g))
        .collect()
}

/// Every RON file of `config/<dir>` (and the set fixtures, for sets).
fn ron_files(dir: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("../../config").join(dir)];
    if dir == "sets" {
        dirs.push(root.join("tests/fixtures/sets"));
    }
    let mut out = Vec::new();
    for d in dirs {
        for entry in std::fs::read_dir(d).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "ron") {
                out.push(std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    out.sort();
    out
}

// --- The readers ------------------------------------------------------------------------------

const POSITION_CHARS: &str = "0123456789/ wb-SWECBDGLJRswecbdgljr@=:,XYZKtnfrl";
const NOTATION_CHARS: &str = "SWXYZ$CBGDLJeKRa~!*@#tf=-+.0123456789oxd U";
const RECORD_CHARS: &str = "SWXYZ$CBGDLJeKa~!*@#tf=-+.0123456789ox ,;\n[]\":PositinSedFal-";
const RON_CHARS: &str = "(){}[]:,\"'_-./ \n0123456789aeiklmnorstuxSBLNOPTW";

#[test]
fn position_text_never_panics_and_names_the_column() {
    fuzz(
        "position text",
        20_000,
        inputs(position_texts(), POSITION_CHARS),
        &[("error", 5000), ("accepted", 100)],
        |t| {
            let rules = rules();
            match Position::from_text(&rules, t) {
                Err(e) => col_inside(t, e.col, &e).map(|()| "error"),
                Ok(p) => {
                    // What is accepted reads back the same, and the engine can play from it.
                    let back = p.to_text(&rules);
                    match Position::from_text(&rules, &back) {
                        Ok(q) if q == p => {}
                        Ok(_) => return Err(format!("{back} reads back differently")),
                        Err(e) => return Err(format!("{back} does not read back: {e}")),
                    }
                    let _ = p.legal_actions(&rules);
                    Ok("accepted")
                }
            }
        },
    );
}

#[test]
fn notation_tokens_never_panic_and_round_trip() {
    let mut corpus = Vec::new();
    for (g, _) in games() {
        for (_, turn) in g.turns_notation() {
            corpus.extend(turn.split_whitespace().map(str::to_string));
        }
    }
    corpus.extend(
        [
            "SY3",
            "$tX13#",
            "DfBtJ~",
            "K@ooxxx",
            "~C",
            "@W6",
            "==",
            "---",
            "a==",
            "!$tX8",
            "$tX8!",
            "*G",
            "G*Y6",
            "BY10~$W13",
            "LfJ~",
        ]
        .map(String::from),
    );
    fuzz(
        "notation token",
        20_000,
        inputs(corpus, NOTATION_CHARS),
        &[("error", 5000), ("read", 1000)],
        |t| match San::parse(t) {
            Err(e) => col_inside(t, e.col, &e).map(|()| "error"),
            Ok(s) => {
                let back = s.to_string();
                match San::parse(&back) {
                    Ok(b) if b == s => Ok("read"),
                    other => Err(format!(
                        "{t:?} reads as {back:?}, which reads back as {other:?}"
                    )),
                }
            }
        },
    );
}

#[test]
fn turns_read_against_a_position_never_panic_and_name_the_column() {
    let r = rules();
    // (position, a turn written there) pairs; the input is the pair's index, `|`, the turn.
    let mut pairs: Vec<(Position, String)> = Vec::new();
    for (g, _) in games() {
        pairs.extend(g.turns_notation());
    }
    let start = Position::start(&r);
    for t in start.legal_turns(&r).iter().step_by(7) {
        pairs.push((start, write_turn(&r, &start, t)));
    }
    let pairs = Arc::new(pairs);
    let turns: Vec<String> = (0..pairs.len())
        .map(|i| format!("{i}|{}", pairs[i].1))
        .collect();
    // A mutated index picks another position, or the start when it no longer reads.
    fuzz(
        "turn",
        5000,
        inputs(turns, NOTATION_CHARS),
        &[("error", 1000), ("played", 200)],
        move |t| {
            let rules = rules();
            let (i, turn) = t.split_once('|').unwrap_or(("", t));
            let pos = i
                .parse::<usize>()
                .ok()
                .and_then(|i| pairs.get(i))
                .map_or(Position::start(&rules), |p| p.0);
            match parse_turn(&rules, &pos, turn, 1) {
                Err(e) => col_inside(turn, e.col, &e).map(|()| "error"),
                Ok(acts) => {
                    let mut q = pos;
                    match q.play_turn(&rules, &acts) {
                        // A turn played whole leaves a sound position (a review found a cast
                        // declined with its piece lost).
                        Ok(()) => veney_rules::invariants::check(&rules, &q)
                            .map(|()| "played")
                            .map_err(|e| format!("{turn:?} played to an unsound position: {e}")),
                        Err(_) => Ok("refused"),
                    }
                }
            }
        },
    );
}

#[test]
fn records_never_panic_and_name_the_line_and_column() {
    fuzz(
        "record",
        3000,
        inputs(records(), RECORD_CHARS),
        &[("a turn refused", 500), ("all tenable", 50)],
        |t| {
            let rules = rules();
            match replay::replay(&rules, t) {
                // A header that refuses the record: named at its line, the column inside it.
                Err(e) if e.error.message.is_empty() => Err(format!("an empty error: {e:?}")),
                Err(e) => {
                    let lines: Vec<&str> = t.lines().collect();
                    if e.line < 1 || e.line > lines.len() {
                        return Err(format!("line {} of {}: {e}", e.line, lines.len()));
                    }
                    col_inside(lines[e.line - 1], e.error.col, &e)?;
                    // The line named is the header's own (a review found a line 1 fallback
                    // that only the range check above could not catch).
                    if !lines[e.line - 1].contains(e.key.as_str()) {
                        return Err(format!("the {} header is not on line {}", e.key, e.line));
                    }
                    Ok("bad header")
                }
                Ok(r) => {
                    let lines: Vec<&str> = t.lines().collect();
                    for turn in &r.turns {
                        if turn.line < 1 || turn.line > lines.len() {
                            return Err(format!(
                                "turn {} {:?} on line {} of {}",
                                turn.number,
                                turn.written,
                                turn.line,
                                lines.len()
                            ));
                        }
                        if let Err(e) = &turn.result {
                            col_inside(lines[turn.line - 1], e.col, e)?;
                        }
                    }
                    Ok(if r.all_tenable() {
                        "all tenable"
                    } else {
                        "a turn refused"
                    })
                }
            }
        },
    );
}

#[test]
fn saves_never_panic_and_name_the_line() {
    fuzz(
        "save",
        2000,
        inputs(saves(), RECORD_CHARS),
        &[("bad line", 500), ("loaded", 100)],
        |t| match savefile::read(rules(), t) {
            Err(savefile::SaveError::Bad { line, error }) => {
                let lines = t.lines().count();
                if line < 1 || line > lines + 1 {
                    return Err(format!("line {line} of a save of {lines} lines: {error}"));
                }
                if error.col < 1 || error.message.is_empty() {
                    return Err(format!("line {line}: {error:?}"));
                }
                let width = t.lines().nth(line - 1).map_or(0, |l| l.len());
                if error.col > width + 1 {
                    return Err(format!("line {line} has {width} columns: {error:?}"));
                }
                Ok("bad line")
            }
            Err(_) => Ok("other error"),
            Ok(_) => Ok("loaded"),
        },
    );
}

#[test]
fn set_files_never_panic_and_name_the_line_and_column() {
    fuzz(
        "set file",
        2000,
        inputs(ron_files("sets"), RON_CHARS),
        &[("errors", 1000), ("valid", 50)],
        |t| {
            let r = set_check::check(Path::new("fuzz.ron"), t);
            for e in r.errors.iter().chain(&r.warnings) {
                located_inside(t, e)?;
            }
            match (&r.set, r.errors.is_empty()) {
                (Some(_), true) => Ok("valid"),
                (None, false) => Ok("errors"),
                _ => Err(format!(
                    "a set with errors, or none without: {:?}",
                    r.errors
                )),
            }
        },
    );
}

#[test]
fn setups_and_rule_options_never_panic_and_name_the_line_and_column() {
    fuzz(
        "setup",
        5000,
        inputs(ron_files("setups"), RON_CHARS),
        &[("error", 1000), ("read", 200)],
        |t| match SetupDef::from_ron(Path::new("fuzz.ron"), t) {
            Err(e) => located_inside(t, &e).map(|()| "error"),
            Ok(def) => {
                let set = veney_rules::PieceSet::standard();
                if let Err(veney_rules::LoadError::Data(errors)) =
                    def.check(Path::new("fuzz.ron"), t, [&set, &set])
                {
                    for e in &errors {
                        located_inside(t, e)?;
                    }
                }
                Ok("read")
            }
        },
    );
    fuzz(
        "rule options",
        5000,
        inputs(ron_files("rules"), RON_CHARS),
        &[("error", 1000), ("read", 200)],
        |t| match RuleOptions::from_ron(Path::new("fuzz.ron"), t) {
            Err(e) => located_inside(t, &e).map(|()| "error"),
            Ok(_) => Ok("read"),
        },
    );
}

// --- Inputs the fuzzing found -----------------------------------------------------------------

/// A token that ends where more was expected (`*`, a withdrawal without its piece) was located
/// two columns past its end: the cursor had run off the token, and its index counted characters
/// where columns count bytes.
#[test]
fn an_error_at_the_end_of_a_token_is_just_past_it() {
    let e = San::parse("*").unwrap_err();
    assert_eq!((e.col, e.token.as_str()), (2, "*"), "{e}");
    let e = San::parse_at("é*", 10).unwrap_err();
    assert!(e.col <= 10 + "é*".len(), "{e}");
    let e = parse_turn(&rules(), &Position::start(&rules()), "SY3 *", 1).unwrap_err();
    assert_eq!(e.col, 6, "{e}");
}

/// A RON error naming what it found cut a long quoted text inside a character of several bytes
/// (a panic); it now names at most 40 characters of it.
#[test]
fn a_ron_error_names_a_long_token_by_whole_characters() {
    let src = format!("\"{}", "é".repeat(60));
    let e = SetupDef::from_ron(Path::new("s.ron"), &src).unwrap_err();
    assert_eq!((e.location.line, e.location.col), (1, 1), "{e}");
    let found = e
        .message
        .split("(found `")
        .nth(1)
        .unwrap_or_else(|| panic!("the token is named: {e}"));
    assert!(found.chars().count() <= 42, "{e}");
}

/// A save's turns after its first record line were located on that first line, at a column
/// counted through the lines before (the fuzzing found `1. R*Z1, eW9; …` then a line `S`: the
/// error said line 11, column 37). Each record line is now located on its own.
#[test]
fn a_save_names_the_line_and_column_of_a_bad_turn() {
    let rules = rules();
    let save = "[Game \"Veney\"]\n[Position \"start\"]\n1. SY3, SX12;\n2. S\n";
    match savefile::read(rules, save) {
        Err(savefile::SaveError::Bad { line, error }) => {
            // `2. S`: the square the Self's move needs is missing just past the `S` (column 5).
            assert_eq!((line, error.col), (4, 5), "{error}");
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
}

/// Veney's saves read through the game API (`Match::load_text` over `VeneyGame`: its position
/// text, notation and record readers behind the trait), as Kelasu's and Tirachen's are in the
/// testkit (a review found these readers never fuzzed). A mutated save of a random game, from the
/// start and from a later position, must load and save back the same, or fail at its place.
#[test]
fn saves_read_through_the_game_api_never_panic_and_name_the_line() {
    let g = Arc::new(veney_rules::VeneyGame::new(rules()));
    let corpus = game_testkit::save_corpus(
        &g,
        "g1l1/js2/1c2/b3/eedr/4/3w/J3/3e/1E2/EW2/B1EE/1DR1/LS2/2G1/4 w C/e turns=40",
        &[3, 10, 30, 25, 80, 40],
    );
    game_testkit::fuzz_loading(&g, 7, 20_000, &corpus, "[Game \"veney\"]", 50);
}
