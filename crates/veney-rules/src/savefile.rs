//! Saved games: a game record in notation (§2.0.R5) with headers naming the start position,
//! the seed of the game's chance outcomes and the final position, which loading checks. Files
//! are written atomically (a temporary file renamed over the old one), so a crash mid-save
//! never loses the game in progress.
//!
//! ```text
//! [Game "Veney"]
//! [Seed "7"]
//! [Position "start"]
//! [Final "<position text>"]
//! [WhiteSet "config/sets/standard.ron"]
//! [WhiteSetName "Standard"]
//! [WhiteSetHash "0123456789abcdef"]
//! [BlackSet …] [BlackSetName …] [BlackSetHash …]
//! 1. SY3 $X6, SX14; 2. …
//! ```
//! Each army's set is named by file, name and a fingerprint of its text: loading a save whose
//! set file has changed since is a clear error (`SaveError::SetChanged`), never a silent
//! mismatch. `sets_of` reads the set files a save names, so a program can load them first.
//! The players' clock, when the game carries one, is `[Clock "clock1 …"]` (its one-line save
//! form, which the app restores paused); saves without it load with no clock.
//! A turn in progress is written as the last, partial turn. A flag fallen on the clock ends the
//! record with `[Ending "White out of time"]` (R-OUT-OF-TIME), and loading ends the game there.
use crate::errors::ParseError;
use crate::game::Game;
use crate::notation;
use crate::position::Position;
use crate::rules::Rules;
use std::path::Path;
use std::sync::Arc;

/// Why a save could not be read.
#[derive(Debug)]
pub enum SaveError {
    Io(std::io::Error),
    /// Line (1-based) and what is wrong there.
    Bad {
        line: usize,
        error: ParseError,
    },
    /// The record does not lead to the final position the file names (its `[Final]` on `line`).
    Mismatch {
        line: usize,
        expected: String,
        got: String,
    },
    /// The save names rule options (`[Rules]`) other than the game's (`options_of` reads them).
    RulesChanged {
        saved: String,
        now: String,
    },
    /// A side's set is not the one the game was saved with.
    SetChanged {
        side: crate::side::Side,
        saved: String,
        now: String,
    },
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "{e}"),
            SaveError::Bad { line, error } => write!(f, "line {line}: {error}"),
            SaveError::SetChanged { side, saved, now } => write!(
                f,
                "{side}'s piece set has changed since the game was saved: saved with {saved}, the game now has {now}; restore that set file or start a new game"
            ),
            SaveError::RulesChanged { saved, now } => write!(
                f,
                "the game was saved under other rule options: saved {saved}, now {now}; start it under the saved options"
            ),
            SaveError::Mismatch {
                line,
                expected,
                got,
            } => write!(
                f,
                "line {line}: the record leads to {got}, not to this [Final] position {expected} (is the record cut short, or was it saved with other rules or sets?)"
            ),
        }
    }
}

impl std::error::Error for SaveError {}

/// The set files a save names for White and Black (`[WhiteSet …]`, `[BlackSet …]`), when it
/// names them.
pub fn sets_of(text: &str) -> [Option<std::path::PathBuf>; 2] {
    let mut out = [None, None];
    // The key in any case, as the save's reader takes every key (a review found
    // `[whiteset …]` ignored, the standard set built and the save then refused).
    for (i, key) in ["WhiteSet", "BlackSet"].iter().enumerate() {
        if let Some((_, v)) = crate::replay::header_value(text, key) {
            out[i] = Some(std::path::PathBuf::from(v));
        }
    }
    out
}

/// The rule options a save or record was played under (`[Rules "(…)"]`, the options as RON,
/// or `Rules: (…)` as a record's headers may be written; the key in any case), if it names them
/// (saves before session 19 do not); an error when the header does not read. A record an
/// editor saved with a byte-order mark names them on its first line all the same (a review
/// found them ignored there, and in the `Rules:` form, the record replayed under the app's
/// rules).
pub fn options_of(text: &str) -> Option<Result<crate::options::RuleOptions, String>> {
    let (line, col, v) = crate::replay::header_at(text, "Rules")?;
    // Read as a rules file is, its checks included (the dice the rulebook names, §2.0.R1: a
    // review found `FlatOdds(0)` loading from a save and leaving every throw unrollable). Its
    // error is placed in the save's own line and column (a review found "[Rules]:1:8").
    Some(
        crate::options::RuleOptions::from_ron(std::path::Path::new("[Rules]"), &v).map_err(|e| {
            let at = if e.location.line <= 1 {
                col + e.location.col.saturating_sub(1)
            } else {
                e.location.col
            };
            format!(
                "line {}, column {at}: the save's [Rules] header does not read: {}",
                line + e.location.line.saturating_sub(1),
                e.message
            )
        }),
    )
}

/// The save text of `game`.
pub fn write(game: &Game) -> String {
    let rules = &game.rules;
    let start = game.start_position();
    let start_text = if *start == Position::start(rules) {
        "start".to_string()
    } else {
        start.to_text(rules)
    };
    let mut s = String::new();
    s.push_str("[Game \"Veney\"]\n");
    s.push_str(&format!("[Seed \"{}\"]\n", game.seed()));
    s.push_str(&format!("[Position \"{start_text}\"]\n"));
    s.push_str(&format!("[Final \"{}\"]\n", game.position().to_text(rules)));
    for side in crate::side::Side::ALL {
        let set = rules.set(side);
        let who = if side == crate::side::Side::White {
            "White"
        } else {
            "Black"
        };
        s.push_str(&format!("[{who}Set \"{}\"]\n", set.source.display()));
        s.push_str(&format!("[{who}SetName \"{}\"]\n", set.name));
        s.push_str(&format!("[{who}SetHash \"{:016x}\"]\n", set.fingerprint));
    }
    // The rule options the game is played under (§2.0.19 step 1's "prior agreement"), so the
    // save reloads under them whatever the app's options are by then.
    s.push_str(&format!("[Rules \"{}\"]\n", rules.options.to_ron()));
    if let Some(c) = game.clock() {
        s.push_str(&format!("[Clock \"{c}\"]\n"));
    }
    s.push_str(&game.record());
    s.push('\n');
    s
}

/// Reads a save and rebuilds the game with its whole history (so undo works after loading).
pub fn read(rules: Arc<Rules>, text: &str) -> Result<Game, SaveError> {
    let text = crate::errors::without_bom(text);
    let mut seed = 0u64;
    let mut start = None;
    let mut fin = None;
    let mut fin_line = 0;
    // Whose flag fell (`[Ending "White out of time"]`).
    let mut flag = None;
    // The line of an `[Ending]` written after turns: no turn may follow it.
    let mut ended_at = None;
    let mut clock = None;
    let mut body = String::new();
    let mut body_line = 1;
    // Each record line: its line in the save, and where it starts in `body` (characters).
    let mut body_lines: Vec<(usize, usize)> = Vec::new();
    // Characters in `body` so far: columns are counted in characters.
    let mut body_chars = 0;
    // The headers that name one thing each, with the line each was read on: a second copy is
    // refused, and a key is read in any case (a review found a second [Final] or [Rules] read
    // differently here and by the command line's replay, and `[seed …]` ignored).
    const ONE_EACH: &[&str] = &[
        "Game",
        "Viewer",
        "Seed",
        "Position",
        "Final",
        "Rules",
        "Clock",
        "Ending",
        "WhiteSetName",
        "BlackSetName",
        "WhiteSetHash",
        "BlackSetHash",
    ];
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            // Key and value apart at any space, a tab too, as the replay and the options'
            // reader split them (a review found `[Seed\t"7"]` skipped here, read there).
            let (k, v) = crate::replay::bracket_header(t).unwrap_or((inner.trim(), ""));
            let bad = |m: &str| SaveError::Bad {
                line: i + 1,
                error: ParseError::new(1, t, m.to_string()),
            };
            // `[Start]` is `[Position]`, as `replay` reads it.
            let k = crate::replay::header_key(k);
            let k = ONE_EACH
                .iter()
                .copied()
                .find(|n| n.eq_ignore_ascii_case(k))
                .unwrap_or(k);
            if ONE_EACH.contains(&k) {
                if let Some((_, first)) = seen.iter().find(|(n, _)| *n == k) {
                    return Err(bad(&format!(
                        "a second [{k}] header (the first is on line {first}); a save names each header once"
                    )));
                }
                seen.push((k, i + 1));
            }
            match k {
                // Another game's save, or a player's view of one (secrets left out), is refused
                // for what it is (a review found a Kelasu save refused as a Veney record that
                // leads elsewhere).
                "Game" if !v.eq_ignore_ascii_case("Veney") => {
                    return Err(bad(&format!("this is a save of `{v}`, not of Veney")));
                }
                "Viewer" => {
                    return Err(bad(&format!(
                        "this is {v}'s view of a game (secrets left out); it cannot be resumed"
                    )));
                }
                "Seed" => seed = v.parse().map_err(|_| bad("the seed is a number"))?,
                "Position" if v == "start" => start = Some(Position::start(&rules)),
                "Position" => {
                    // Its columns counted from the line's start, not the value's (a review
                    // found column 57 named for a fault at 68).
                    let at = line.find(v).map_or(0, |b| line[..b].chars().count());
                    start = Some(
                        Position::from_text_playable(&rules, v).map_err(|mut error| {
                            error.col += at;
                            SaveError::Bad { line: i + 1, error }
                        })?,
                    )
                }
                // Read once every header is (below): the sets and rules it is read under are
                // checked first, so a save of other armies or options is refused as that.
                "Final" => {
                    fin = Some(v.to_string());
                    fin_line = i + 1;
                }
                // Read under other options the record could replay differently: refused, with
                // both named (`options_of` lets a program build the saved rules first).
                "Rules" => {
                    let saved: crate::options::RuleOptions = ron::from_str(v)
                        .map_err(|e| bad(&format!("the rule options do not read: {e}")))?;
                    if saved != rules.options {
                        return Err(SaveError::RulesChanged {
                            saved: v.to_string(),
                            now: rules.options.to_ron(),
                        });
                    }
                }
                "Clock" => clock = Some(v.to_string()),
                "Ending" => {
                    if !body_lines.is_empty() {
                        ended_at = Some(i + 1);
                    }
                    // A flag's ending is played here; the others (a resignation, an agreed
                    // draw, an acknowledgement, the Hug's) stand in the `[Final]` position,
                    // which the game is brought to below.
                    match crate::record_ending::RecordEnding::parse(v) {
                        Some(crate::record_ending::RecordEnding::OutOfTime(side)) => {
                            flag = Some(side)
                        }
                        Some(_) => {}
                        None => {
                            return Err(bad(&format!(
                                "the ending is {}",
                                crate::record_ending::FORMS
                            )));
                        }
                    }
                }
                "WhiteSetName" | "BlackSetName" | "WhiteSetHash" | "BlackSetHash" => {
                    let side = if k.starts_with("White") {
                        crate::side::Side::White
                    } else {
                        crate::side::Side::Black
                    };
                    let set = rules.set(side);
                    let fp = format!("{:016x}", set.fingerprint);
                    let (same, saved, now) = if k.ends_with("Name") {
                        (
                            v == set.name,
                            format!("set {v:?}"),
                            format!("set {:?}", set.name),
                        )
                    } else {
                        (
                            v == fp,
                            format!("set text fingerprint {v}"),
                            format!("{fp} ({})", set.source.display()),
                        )
                    };
                    if !same {
                        return Err(SaveError::SetChanged { side, saved, now });
                    }
                }
                _ => {}
            }
            body_line = i + 2;
        } else if !t.is_empty() {
            // The game ended at its `[Ending]` line (a review found a turn below it played,
            // the ending applied after it).
            if let Some(l) = ended_at {
                return Err(SaveError::Bad {
                    line: i + 1,
                    error: ParseError::new(
                        1,
                        t,
                        format!("a turn after the [Ending] on line {l}: the game ended there"),
                    ),
                });
            }
            body_lines.push((i + 1, body_chars));
            body.push_str(line);
            body.push('\n');
            body_chars += line.chars().count() + 1;
        }
    }
    // A column of the joined record body, as the line of the save and the column within it.
    let at = |mut error: ParseError| -> SaveError {
        let offset = error.col.saturating_sub(1);
        let (line, start) = body_lines
            .iter()
            .rev()
            .find(|(_, start)| *start <= offset)
            .copied()
            .unwrap_or((body_line, 0));
        if error.col > 0 {
            error.col = offset - start + 1;
        }
        SaveError::Bad { line, error }
    };
    // A final position that is none is the save's fault, said at its line (a review found it
    // reported as a record leading elsewhere, with no line).
    if let Some(f) = &fin
        && let Err(e) = Position::from_text(&rules, f)
    {
        return Err(SaveError::Bad {
            line: fin_line,
            error: ParseError::new(
                e.col,
                e.token.clone(),
                format!("the final position does not read: {}", e.message),
            ),
        });
    }
    let start = start.unwrap_or_else(|| Position::start(&rules));
    // An ending no move made (a resignation, an agreed draw, the Hug's), as the final position
    // names it: it closes the record wherever the record stops, mid-turn too.
    let declared = fin
        .as_deref()
        .and_then(|f| Position::from_text(&rules, f).ok())
        .and_then(|p| p.outcome());
    // Compared as the game writes positions: a hand-edited `[Final]` with its fields in another
    // order is the same position, as the command line's `replay` judges it (a review found the
    // two disagree).
    let fin = fin.map(|f| {
        Position::from_text(&rules, &f)
            .map(|p| p.to_text(&rules))
            .unwrap_or(f)
    });
    let mut game = Game::from_position_seeded(rules.clone(), start, seed);
    let turns = notation::record_turns(&body);
    let n = turns.len();
    for (i, toks) in turns.into_iter().enumerate() {
        match notation::parse_turn_tokens(&rules, game.position(), &toks) {
            Ok(acts) => {
                for a in acts {
                    game.play(a)
                        .map_err(|e| at(ParseError::new(toks[0].1, &toks[0].0, e.to_string())))?;
                    if matches!(
                        a,
                        crate::action::Action::Roll(_)
                            | crate::action::Action::Land(_)
                            | crate::action::Action::Donkey(Some(_))
                    ) {
                        game.advance_rng_for_roll();
                    }
                }
            }
            // Untenable moves played with sand (§2.0.22), called or not. A strict game holds an
            // uncalled one only from a record it was loaded from, where the move nobody called
            // stood (R-REPLAY-SAND): it is read with sand too, the game's rules back after it
            // (a review found such a game's saves and autosave refused, the game out of reach).
            Err(_) => {
                let strict = rules.options.untenable == crate::options::UntenablePolicy::Strict;
                if strict {
                    let mut sand = (*rules).clone();
                    sand.options.untenable = crate::options::UntenablePolicy::Friendly;
                    game.rules = Arc::new(sand);
                }
                for (tok, col) in &toks {
                    let n = game.actions().count();
                    game.play_token(tok, *col).map_err(at)?;
                    // A throw, a landing or the Donkey's move advances the generator as drawn
                    // in play (a review found a sand turn's throws left it behind).
                    if game.actions().count() > n
                        && matches!(
                            game.actions().last().map(|x| x.1),
                            Some(
                                crate::action::Action::Roll(_)
                                    | crate::action::Action::Land(_)
                                    | crate::action::Action::Donkey(Some(_))
                            )
                        )
                    {
                        game.advance_rng_for_roll();
                    }
                }
                if strict {
                    game.rules = rules.clone();
                }
            }
        }
        // A complete turn whose optional second move (or glare) was declined.
        let last = i + 1 == n;
        let mut here = *game.position();
        if let Some(side) = flag {
            // (During the dying move the flag forfeits it: the checkmate stands, §2.0.20.)
            if here.dying() == Some(side) {
                here.acknowledge();
            } else {
                here.set_outcome(crate::outcome::Outcome::OutOfTime { winner: !side });
            }
        }
        if let Some(o) = declared
            && Game::may_declare(&rules, &here, o)
        {
            here.outcome = Some(o);
        }
        // The mated player acknowledged defeat part way through the dying turn (a stepping
        // stone's second move open, R-DYING; §2.0.20 "a victory is not official until the loser
        // either acknowledges it…"): the final position is that part of the turn (a review
        // found the save refused, the turn closed before the acknowledgement).
        if last
            && flag.is_none()
            && here.dying().is_some()
            && !here.at_turn_start()
            && fin.as_deref().is_some_and(|f| !f.contains("dying="))
        {
            here.acknowledge();
        }
        let at_final = fin.as_deref() == Some(here.to_text(&rules).as_str());
        if !last || !at_final {
            end_turn(&mut game);
        }
    }
    if let Some(side) = flag {
        game.out_of_time(side);
    }
    game.set_clock(clock);
    if let Some(expected) = &fin {
        // The mated player acknowledged defeat without a dying move.
        if game.position().dying().is_some() && !expected.contains("dying=") {
            game.acknowledge();
        }
    }
    if let Some(expected) = fin {
        let mut got = game.position().to_text(&rules);
        // An ending no move made — a resignation, an agreed draw, the Hug's — stands in the
        // final position only: the record leads to the same position, not yet ended (or, for
        // the Hug, at the draw it settled).
        // (The Hug's settlement of an open game is of a draw agreed first, as in play: undo then
        // goes back to that draw — a review found it going back to open play.)
        let hug = crate::record_ending::HugEnd::of_declared(&rules, game.position(), declared);
        if got != expected
            && let Some(o) = declared
            && match hug {
                Some(h) => game.end_as_recorded(crate::record_ending::RecordEnding::Hug(h)),
                None => game.declare_ending(o),
            }
        {
            got = game.position().to_text(&rules);
        }
        if got != expected {
            return Err(SaveError::Mismatch {
                line: fin_line,
                expected,
                got,
            });
        }
    }
    Ok(game)
}

fn end_turn(game: &mut Game) {
    use crate::position::Phase;
    let mover = game.position().turn();
    while !matches!(game.position().phase(), Phase::Start | Phase::Throw { .. })
        && game.position().turn() == mover
        && !game.position().is_game_over()
    {
        if game.play(crate::action::Action::EndTurn).is_err() {
            break;
        }
    }
}

/// Writes `text` to `path` atomically (`game_api::write_atomic`: a sibling temporary file,
/// flushed, then renamed), making its folder first.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    game_api::write_atomic(path, text)
}

/// Reads a save file.
pub fn load(rules: Arc<Rules>, path: &Path) -> Result<Game, SaveError> {
    let text = std::fs::read_to_string(path).map_err(SaveError::Io)?;
    read(rules, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bad `[Rules]` header is placed at its line and column in the save (a review found
    /// "[Rules]:1:8" for a header on line 5).
    #[test]
    fn a_bad_rules_header_is_placed_in_its_line() {
        let text =
            "[Game \"Veney\"]\n[Seed \"1\"]\n\n\n[Rules \"(dice: FlatOdds(7))\"]\n1. SY5, SY12;\n";
        let e = options_of(text).unwrap().unwrap_err();
        let line = text.lines().nth(4).unwrap();
        let col = line.find("FlatOdds").unwrap() + 1;
        assert!(e.starts_with(&format!("line 5, column {col}:")), "{e}");
    }

    /// A bad `[Position]` is placed at its line and at the fault's column in that line (a
    /// review found the column counted within the header's value).
    #[test]
    fn a_bad_position_header_is_placed_in_its_line() {
        let text = "[Game \"Veney\"]\n[Seed \"1\"]\n[Position \"4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljX\"]\n";
        let line = text.lines().nth(2).unwrap();
        let want = line.chars().position(|c| c == 'X').unwrap() + 1;
        match read(Arc::new(Rules::standard()), text) {
            Err(SaveError::Bad { line: 3, error }) => assert_eq!(error.col, want, "{error}"),
            other => panic!("{other:?}"),
        }
    }

    /// A header that names one thing is read once, in any case: a second copy is refused at its
    /// line (a review found a second [Final] compared by the command line and the last one kept
    /// by the app), and `[seed …]` is the seed.
    #[test]
    fn a_header_is_read_once_in_any_case() {
        let rules = Arc::new(Rules::standard());
        let mut g = Game::from_position_seeded(rules.clone(), Position::start(&rules), 7);
        g.play_token("SY3", 1).unwrap();
        let text = write(&g);
        let start = Position::start(&rules).to_text(&rules);
        let twice = text.replacen("[Seed", &format!("[Final \"{start}\"]\n[Seed"), 1);
        match read(rules.clone(), &twice) {
            Err(SaveError::Bad { line, error }) => {
                assert!(error.message.contains("a second [Final] header"), "{error}");
                assert!(line > 1);
            }
            other => panic!("{:?}", other.map(|_| ())),
        }
        let lower = text.replacen("[Seed \"7\"]", "[seed \"7\"]", 1);
        assert_ne!(lower, text);
        let back = read(rules.clone(), &lower).unwrap();
        assert_eq!(back.seed(), 7);
    }

    /// A record an editor saved with a byte-order mark still names its rule options and sets
    /// on its first line (a review found `[Rules]` ignored there, the record replayed under the
    /// app's rules: the Donkey's entry refused).
    #[test]
    fn headers_on_a_first_line_after_a_byte_order_mark_are_read() {
        let text = "\u{feff}[Rules \"(donkey: true)\"]\n[WhiteSet \"w.ron\"]\n1. SY3;\n";
        let o = options_of(text).expect("named").expect("reads");
        assert!(o.donkey);
        assert_eq!(sets_of(text)[0], Some(std::path::PathBuf::from("w.ron")));
        let text = "\u{feff}[WhiteSet \"w.ron\"]\n";
        assert_eq!(sets_of(text)[0], Some(std::path::PathBuf::from("w.ron")));
        // As a record's headers may be written, the key in any case.
        for text in [
            "Rules: (donkey: true)\n1. K*X6;\n",
            "[rules \"(donkey: true)\"]\n",
        ] {
            assert!(
                options_of(text).expect("named").expect("reads").donkey,
                "{text}"
            );
        }
        assert!(options_of("[Game \"Veney\"]\n1. SY3;\n").is_none());
    }

    #[test]
    fn another_games_save_or_a_view_is_refused_for_what_it_is() {
        // A Kelasu save copied over a Veney one is refused naming its game on its line, not read
        // as a Veney record leading elsewhere; a player's view (secrets left out) likewise.
        let rules = Arc::new(Rules::standard());
        let kelasu = "[Game \"Kelasu\"]\n[Seed \"1\"]\n[Position \"start\"]\n";
        match read(rules.clone(), kelasu) {
            Err(e) => {
                let e = e.to_string();
                assert!(
                    e.contains("save of `Kelasu`, not of Veney") && e.contains("line 1"),
                    "{e}"
                );
            }
            Ok(_) => panic!("a Kelasu save read as Veney's"),
        }
        let g = Game::from_position_seeded(rules.clone(), Position::start(&rules), 3);
        let view = write(&g).replacen("[Seed", "[Viewer \"White\"]\n[Seed", 1);
        match read(rules.clone(), &view) {
            Err(e) => assert!(e.to_string().contains("White's view"), "{e}"),
            Ok(_) => panic!("a view resumed"),
        }
        // The game's own name, in any case, reads.
        let own = write(&g).replace("[Game \"Veney\"]", "[Game \"veney\"]");
        assert!(read(rules, &own).is_ok());
    }

    #[test]
    fn a_game_round_trips_through_its_save_and_keeps_its_history() {
        let rules = Arc::new(Rules::standard());
        let mut g = Game::from_position_seeded(rules.clone(), Position::start(&rules), 9);
        for t in ["SY3 $X6", "SX14", "eW6"] {
            let acts = notation::parse_turn(&rules, g.position(), t, 1).unwrap();
            for a in acts {
                g.play(a).unwrap();
            }
            if g.position().phase() != crate::position::Phase::Start {
                g.play(crate::action::Action::EndTurn).unwrap();
            }
        }
        let text = write(&g);
        let h = read(rules.clone(), &text).unwrap();
        assert_eq!(h.position(), g.position());
        assert_eq!(h.seed(), 9);
        assert_eq!(h.record(), g.record());
        let mut h = h;
        assert!(h.undo().is_some(), "history rebuilt");
    }

    /// The game after these turns, each ended unless it is the last.
    fn played(rules: &Arc<Rules>, turns: &[&str]) -> Game {
        let mut g = Game::from_position_seeded(rules.clone(), Position::start(rules), 9);
        for (i, t) in turns.iter().enumerate() {
            for a in notation::parse_turn(rules, g.position(), t, 1).unwrap() {
                g.play(a).unwrap();
            }
            if i + 1 < turns.len() && g.position().phase() != crate::position::Phase::Start {
                g.play(crate::action::Action::EndTurn).unwrap();
            }
        }
        g
    }

    #[test]
    fn a_fallen_flag_ends_the_game_in_the_record_and_the_save() {
        // §2.0.R3 Time Control: "If one player runs out of time, they lose" (R-OUT-OF-TIME).
        let rules = Arc::new(Rules::standard());
        let mut g2 = played(&rules, &["SY3 $X6", "SX14"]);
        let side = g2.position().turn();
        assert!(g2.out_of_time(side));
        assert_eq!(
            g2.position().outcome(),
            Some(crate::outcome::Outcome::OutOfTime { winner: !side })
        );
        assert!(g2.legal_actions().is_empty(), "the game is over");
        assert!(
            g2.record()
                .ends_with(&format!("[Ending \"{side} out of time\"]")),
            "{}",
            g2.record()
        );
        assert!(!g2.out_of_time(!side), "a game over ends once");
        let text = write(&g2);
        let mut h = read(rules.clone(), &text).unwrap();
        assert_eq!(h.position(), g2.position());
        assert_eq!(h.record(), g2.record());
        // Undo plays on: the flag's ending goes, the position is where it stopped.
        assert!(h.withdraw_out_of_time());
        assert_eq!(h.position().outcome(), None);
        assert_eq!(h.position().turn(), side);
        assert!(!h.record().contains("[Ending"));
        // Undo of the last action takes the ending with it.
        assert!(g2.undo().is_some());
        assert_eq!(g2.position().outcome(), None);
        assert!(g2.redo().is_some());
    }

    /// §2.0.R3 and §2.0.20: a flag that falls during the mated player's dying move ends the
    /// game as the checkmate, the dying move forfeited; the record says so and a save brings it
    /// back as the flag's, which "Play on" takes back (a review found it read back as an
    /// acknowledgement, its undo handing back the dying move without a word of the clock).
    #[test]
    fn a_flag_fallen_in_the_dying_move_comes_back_as_the_flags() {
        let rules = Arc::new(Rules::standard());
        let p = Position::from_text(
            &rules,
            "4/3J/4/1W1c/eeee/b3/4/4/4/4/4/EEEE/C1SB/4/4/4 b DGLR/dgljr over=touch:w dying=b:X13",
        )
        .unwrap();
        let mut g = Game::from_position_seeded(rules.clone(), p, 4);
        assert!(g.out_of_time(crate::side::Side::Black));
        assert_eq!(g.position().dying(), None, "the dying move forfeited");
        assert!(
            g.record().ends_with("[Ending \"Black out of time\"]"),
            "{}",
            g.record()
        );
        let mut h = read(rules.clone(), &write(&g)).unwrap();
        assert_eq!(h.position(), g.position());
        assert!(h.flagged(), "the flag's ending, not an acknowledgement");
        assert!(h.withdraw_out_of_time());
        assert_eq!(
            h.position().dying(),
            Some(crate::side::Side::Black),
            "played on"
        );
    }

    /// A `[Final]` hand-edited with its fields in another order is the same position, as the
    /// command line's `replay` judges it (a review found the app's reader refusing it).
    #[test]
    fn a_final_with_its_fields_reordered_reads() {
        let rules = Arc::new(Rules::standard());
        let g = played(&rules, &["SY3 $X6", "SX14"]);
        let text = write(&g);
        let fin = text
            .lines()
            .find_map(|l| l.strip_prefix("[Final \"")?.strip_suffix("\"]"))
            .unwrap()
            .to_string();
        let words: Vec<&str> = fin.split(' ').collect();
        let (head, tags) = words.split_at(3);
        assert!(tags.len() >= 2, "{fin}");
        let reordered = [head, &tags.iter().rev().copied().collect::<Vec<_>>()[..]]
            .concat()
            .join(" ");
        assert_ne!(reordered, fin);
        let h = read(rules.clone(), &text.replace(&fin, &reordered)).unwrap();
        assert_eq!(h.position(), g.position());
    }

    #[test]
    fn a_flag_fallen_mid_turn_loads_to_the_same_part_of_the_turn() {
        // §2.0.R3 Time Control; §2.0.15: the flag falls with a second move open.
        let rules = Arc::new(Rules::standard());
        let mut g = played(&rules, &["SY3"]);
        assert!(matches!(
            g.position().phase(),
            crate::position::Phase::Second { .. }
        ));
        assert!(g.out_of_time(crate::side::Side::White));
        let h = read(rules.clone(), &write(&g)).unwrap();
        assert_eq!(h.position(), g.position());
        assert_eq!(
            h.position().outcome().map(|o| o.to_string()),
            Some("Black wins: White out of time".to_string())
        );
    }

    /// §2.0.20: "a victory is not official until the loser either acknowledges it"; R-DYING: a
    /// stepping stone's second move in the dying turn. Acknowledged after the first of its two
    /// moves, the game saves and loads to that part of the turn (a review found the save
    /// refused as another final position).
    #[test]
    fn a_checkmate_acknowledged_mid_dying_turn_loads() {
        let rules = Arc::new(Rules::standard());
        let start = Position::from_text(
            &rules,
            "4/w1e1/g2e/lsr1/1e2/4/c1R1/1E2/@W2/3D/4/2E1/4/3E/1B2/4 w ECGLJ/ebdj turns=80 dying=w:W11 over=touch:b",
        )
        .unwrap();
        let mut g = Game::from_position(rules.clone(), start);
        g.play_token("$X9", 1).unwrap();
        assert!(
            !g.position().at_turn_start(),
            "the stone's second move open"
        );
        g.acknowledge();
        assert!(g.position().dying().is_none(), "acknowledged");
        let text = write(&g);
        let h = read(rules.clone(), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(h.position(), g.position(), "{text}");
    }

    #[test]
    fn the_clock_travels_in_the_save_and_old_saves_load_without_one() {
        // Issue 16, Clocks: "Clocks … survive save/load" (§2.0.R3 Time Control).
        let rules = Arc::new(Rules::standard());
        let mut g = played(&rules, &["SY3 $X6", "SX14"]);
        let form = "clock1 state=paused turn=0 at=0 used=0 delay=on s0=turn(5000) t0=5000 c0=- s1=turn(5000) t1=5000 c1=-";
        g.set_clock(Some(form.into()));
        let text = write(&g);
        assert!(text.contains(&format!("[Clock \"{form}\"]\n")), "{text}");
        let mut h = read(rules.clone(), &text).unwrap();
        assert_eq!(h.clock(), Some(form));
        assert_eq!(h.position(), g.position());
        h.undo().unwrap();
        assert_eq!(h.clock(), Some(form), "the clock has its own undo");
        let old: String = text
            .lines()
            .filter(|l| !l.starts_with("[Clock"))
            .map(|l| format!("{l}\n"))
            .collect();
        let o = read(rules, &old).unwrap();
        assert_eq!(o.clock(), None);
        assert_eq!(o.position(), g.position());
    }

    #[test]
    fn an_ending_naming_no_side_is_refused_with_its_line() {
        let rules = Arc::new(Rules::standard());
        let g = played(&rules, &["SY3"]);
        let text = format!("{}[Ending \"Green out of time\"]\n", write(&g));
        let line = text.lines().position(|l| l.starts_with("[Ending")).unwrap() + 1;
        let e = read(rules, &text).unwrap_err().to_string();
        assert!(
            e.contains(&format!("line {line}:")) && e.contains("out of time"),
            "{e}"
        );
    }

    #[test]
    fn a_tampered_save_is_refused_with_the_reason() {
        let rules = Arc::new(Rules::standard());
        let g = Game::new(rules.clone());
        // A final position that reads but is not the record's end: a mismatch; one that does
        // not read at all: refused at its line.
        let text = write(&g).replace(" w ", " b ");
        let e = read(rules.clone(), &text).unwrap_err();
        assert!(matches!(e, SaveError::Mismatch { .. }));
        // Named at the [Final] line, which the writer puts fourth (a review found no line).
        let at = text.lines().position(|l| l.starts_with("[Final")).unwrap() + 1;
        assert!(e.to_string().starts_with(&format!("line {at}: ")), "{e}");
        let text = write(&g).replace("[Final \"", "[Final \"x");
        assert!(matches!(
            read(rules.clone(), &text),
            Err(SaveError::Bad { .. })
        ));
        let text = format!(
            "{}\n1. SQ99\n",
            write(&g).lines().take(3).collect::<Vec<_>>().join("\n")
        );
        let e = read(rules, &text).unwrap_err().to_string();
        assert!(e.contains("line 4"), "{e}");
    }

    #[test]
    fn atomic_write_replaces_the_file_whole() {
        let dir = std::env::temp_dir().join(format!("veney-save-{}", std::process::id()));
        let path = dir.join("game.veney");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        // Nothing left beside it: the temporary files, whatever their names (a review found
        // this looking for a name never used).
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["game.veney".to_string()]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A `[Final]` that is no position is refused at its own line, saying why (a review found it
    /// reported as "the record leads to X, not to …", with no line).
    #[test]
    fn a_final_position_that_does_not_read_is_refused_at_its_line() {
        let rules = std::sync::Arc::new(Rules::standard());
        let text = "[Game \"Veney\"]\n[Seed \"1\"]\n[Final \"4/4 q\"]\n1. SY3\n";
        match read(rules, text) {
            Err(SaveError::Bad { line, error }) => {
                assert_eq!(line, 3);
                assert!(
                    error.to_string().contains("final position does not read"),
                    "{error}"
                );
            }
            other => panic!("{:?}", other.map(|g| g.record())),
        }
    }
}
