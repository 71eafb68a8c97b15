//! Resuming a match from a referee's save: the game's name checked, the seed and start read, the
//! record replayed action by action (so the history, undo and the generator are as they were),
//! and the final position compared. Errors say where (line and column) and why.
use crate::declared::Declared;
use crate::game::Game;
use crate::game_match::{CLOCK, ENDING, Match};
use crate::notation::{TextError, read_record_lines, turn_after_ending};
use crate::save::{SaveError, read_headers};
use std::path::Path;
use std::sync::Arc;

impl<G: Game> Match<G> {
    /// Rebuilds a match from a referee's save text, with its whole history (undo works after
    /// loading). Headers the game wrote must have been used to build `game`.
    pub fn load_text(game: Arc<G>, text: &str) -> Result<Match<G>, SaveError> {
        read(game, text)
    }
}

fn read<G: Game>(game: Arc<G>, text: &str) -> Result<Match<G>, SaveError> {
    // A byte-order mark some editors write is not the first header's text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let hs = read_headers(text)?;
    // A key in any case (`[seed "42"]`), as the header reader refuses a second copy in another
    // case (a review found a lone `[ending …]` or `[seed …]` ignored: a finished game resumed
    // live, another seed's rolls).
    let get = |k: &str| hs.iter().find(|h| h.key.eq_ignore_ascii_case(k));
    match get("Game") {
        // The name in any case (`[Game "Tirachen"]`), as the CLI's replay takes it.
        Some(h) if h.value.eq_ignore_ascii_case(game.name()) => {}
        Some(h) => {
            return Err(SaveError::Wrong(format!(
                "line {}: this is a save of `{}`, not of `{}`",
                h.line,
                h.value,
                game.name()
            )));
        }
        None => return Err(SaveError::Wrong("no [Game \"…\"] header".into())),
    }
    if let Some(h) = get("Viewer") {
        // At its line, as the other game's name is (a review found none named).
        return Err(SaveError::Wrong(format!(
            "line {}: this is {}'s view of a game (secrets left out); it cannot be resumed",
            h.line, h.value
        )));
    }
    let seed = match get("Seed") {
        Some(h) => h.value.parse().map_err(|_| {
            TextError::new(h.value_col, h.value, "the seed must be a whole number").at_line(h.line)
        })?,
        None => 0,
    };
    // `[Position]`, as Veney's records name their start, is read as `[Start]`, as the command
    // line's `replay` reads it (a review found the app's Load and Resume starting such a save
    // from the standard start, its record then refused).
    let start = match get("Start").or_else(|| get("Position")) {
        None => game.start(),
        Some(h) if h.value == "start" => game.start(),
        // The game counts columns within the value; 0 (unknown) stays unknown.
        Some(h) => game
            .parse_playable(h.value)
            .map_err(|e| e.in_value(h.line, h.value_col))?,
    };
    let mut m = Match::from_state(game.clone(), start, seed);
    let turns = read_record_lines(text)?;
    if let Some(h) = get(ENDING) {
        turn_after_ending(&turns, h.line)?;
    }
    for (k, turn) in turns.iter().enumerate() {
        m.play_record_turn(turn, k == 0)?;
    }
    if let Some(h) = get("Final") {
        let found = game.position_text(m.state());
        // Compared as the game writes positions (a hand-edited one in another case, or with
        // other spacing, is the same position, as the command line's `replay` judges it; a
        // review found the two disagree). One that does not read is said so, where, as the
        // command line says it (a review found it told the record replays elsewhere).
        let expected = game
            .parse_position(h.value)
            .map(|s| game.position_text(&s))
            .map_err(|mut e| {
                e.why = format!("the final position does not read: {}", e.why);
                e.in_value(h.line, h.value_col)
            })?;
        if found != expected {
            return Err(SaveError::Mismatch {
                line: h.line,
                expected: h.value.to_string(),
                found,
            });
        }
    }
    // The players' clock, kept as it was written (a save without one has none).
    m.set_clock(get(CLOCK).map(|h| h.value.to_string()));
    if let Some(h) = get(ENDING) {
        // Every ending `Declared::parse` reads: each player's resignation and flag, the agreed
        // draw.
        let d = Declared::parse(&*game, h.value).ok_or_else(|| {
            TextError::new(h.value_col, h.value, Declared::expected(&*game)).at_line(h.line)
        })?;
        m.declare(d).map_err(|r| {
            TextError::new(h.value_col, h.value, format!("cannot end here: {r}")).at_line(h.line)
        })?;
    }
    Ok(m)
}

/// Reads a save from a file.
pub fn load<G: Game>(game: Arc<G>, path: &Path) -> Result<Match<G>, SaveError> {
    let text = read_text_file(path)?;
    read(game, &text)
}

/// A save's or a record's text, read from a file: a byte that is not UTF-8 (an `é` saved by an
/// editor in another encoding) is named at its line and column (a review found "stream did not
/// contain valid UTF-8", nowhere). Every game's files are read with it.
pub fn read_text_file(path: &Path) -> Result<String, SaveError> {
    let bytes = std::fs::read(path).map_err(SaveError::Io)?;
    text_of(bytes)
}

/// `bytes` as text, or where the first byte that is not UTF-8 stands.
pub fn text_of(bytes: Vec<u8>) -> Result<String, SaveError> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let line_start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let col = String::from_utf8_lossy(&bytes[line_start..at])
            .chars()
            .count()
            + 1;
        SaveError::Text(
            TextError::new(
                col,
                format!("\\x{:02x}", bytes[at]),
                "a byte that is not UTF-8 text: save the file as UTF-8",
            )
            .at_line(line),
        )
    })
}
