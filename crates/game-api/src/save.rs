//! Saves: headers and a record, written atomically and read back with errors that say where.
use crate::game::Game;
use crate::game_match::Match;
use crate::notation::{TextError, read_numbered};
use std::fmt;
use std::path::Path;
use std::sync::Arc;

#[derive(Debug)]
pub enum SaveError {
    Io(std::io::Error),
    /// A header or the record does not read, or an action in it is refused.
    Text(TextError),
    /// The save is for another game, or cannot resume (a player's save without the secrets).
    Wrong(String),
    /// The record replays, but not to the final position the save names.
    Mismatch {
        expected: String,
        found: String,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read the save: {e}"),
            SaveError::Text(e) => write!(f, "save: {e}"),
            SaveError::Wrong(w) => write!(f, "save: {w}"),
            SaveError::Mismatch { expected, found } => write!(
                f,
                "save: the record replays to `{found}`, not to the saved final position `{expected}`"
            ),
        }
    }
}

impl std::error::Error for SaveError {}

impl From<TextError> for SaveError {
    fn from(e: TextError) -> Self {
        SaveError::Text(e)
    }
}

/// Writes `text` to `path` through a temporary file beside it and a rename, so a crash or a full
/// disk mid-write never leaves a half-written save in place of the old one.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// The headers of a save: `[Key "value"]` lines, each with its line number.
pub fn headers(text: &str) -> Result<Vec<(usize, String, String)>, TextError> {
    Ok(read_headers(text)?
        .into_iter()
        .map(|h| (h.line, h.key.to_string(), h.value.to_string()))
        .collect())
}

/// One header line: where it is, its key, and its value with the value's 1-based column.
struct Header<'a> {
    line: usize,
    key: &'a str,
    value: &'a str,
    value_col: usize,
}

fn read_headers(text: &str) -> Result<Vec<Header<'_>>, TextError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if !t.starts_with('[') {
            continue;
        }
        let lead = &line[..line.len() - line.trim_start().len()];
        let err = |why: &str| TextError::new(lead.chars().count() + 1, t, why).at_line(i + 1);
        let inner = t
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(|| err("a header is `[Key \"value\"]`"))?;
        let (k, v) = inner
            .split_once(' ')
            .ok_or_else(|| err("a header is `[Key \"value\"]`"))?;
        let value = v
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| err("the header's value must be in double quotes"))?;
        // `[`, the key, a space, what the value's quote follows, the quote.
        let before = lead.len() + 1 + k.len() + 1 + (v.len() - v.trim_start().len()) + 1;
        out.push(Header {
            line: i + 1,
            key: k,
            value,
            value_col: line[..before].chars().count() + 1,
        });
    }
    Ok(out)
}

pub(crate) fn read<G: Game>(game: Arc<G>, text: &str) -> Result<Match<G>, SaveError> {
    let hs = read_headers(text)?;
    let get = |k: &str| hs.iter().find(|h| h.key == k);
    match get("Game") {
        Some(h) if h.value == game.name() => {}
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
        return Err(SaveError::Wrong(format!(
            "this is {}'s view of a game (secrets left out); it cannot be resumed",
            h.value
        )));
    }
    let seed = match get("Seed") {
        Some(h) => h.value.parse().map_err(|_| {
            TextError::new(h.value_col, h.value, "the seed must be a whole number").at_line(h.line)
        })?,
        None => 0,
    };
    let start = match get("Start") {
        None => game.start(),
        Some(h) if h.value == "start" => game.start(),
        // The game counts columns within the value; 0 (unknown) stays unknown.
        Some(h) => game.parse_position(h.value).map_err(|mut e| {
            if e.col > 0 {
                e.col += h.value_col - 1;
            }
            e.at_line(h.line)
        })?,
    };
    let mut m = Match::from_state(game.clone(), start, seed);
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('[') {
            continue;
        }
        // The whole line, not `t`, so that columns count from the line's start.
        for turn in read_numbered(line).map_err(|e| e.at_line(i + 1))? {
            m.play_tokens(&turn, i + 1)?;
        }
    }
    if let Some(h) = get("Final") {
        let found = game.position_text(m.state());
        if found != h.value {
            return Err(SaveError::Mismatch {
                expected: h.value.to_string(),
                found,
            });
        }
    }
    Ok(m)
}

/// Reads a save from a file.
pub fn load<G: Game>(game: Arc<G>, path: &Path) -> Result<Match<G>, SaveError> {
    let text = std::fs::read_to_string(path).map_err(SaveError::Io)?;
    read(game, &text)
}
