//! Replaying a game record (§2.0.R5): header lines, then numbered turns in notation. Each turn
//! is reported tenable, or played on as an uncalled untenable move with the rule it breaks
//! (real games are played with sand, §2.0.III and §2.0.22: "an untenable move that nobody called
//! stands"), or — when it cannot be played at all — refused, which ends the replay. Real
//! players' record-keeping habits are forgiven (`normalize_token`): a piece letter before the
//! target square (`LtCZ10`), lowercase line letters (`ew10`), a `#` after any move that ends the
//! game, a concert written partner first (`DY10 SX11`, R-RECORD-ORDER), `;` between White's and
//! Black's turns.
//!
//! Headers come before the first turn, in three forms (ruling R-RECORD-HEADER): `[Key "value"]`,
//! `Key: value`, and the front-matter block of the public Veney records — a line `---`, free
//! lines (the game's name, a date, `Name - White`, `Name - Black`), then `---`. A `---` is a pass
//! only where a turn is expected. The header `Position` gives a start position text
//! (docs/POSITION.md), a whole one (one player's view is refused); the others are kept. Turn
//! numbers that do not follow on from the start (or from each other) are warned about, as is a
//! record with no turns.
use crate::errors::{ParseError, Untenable};
use crate::game::Game;
use crate::notation::{self, is_piece_letter};
use crate::position::{Phase, Position};
use crate::record_ending::RecordEnding;
use crate::rules::Rules;
use crate::side::Side;
use std::sync::Arc;

/// One turn of a replayed record.
#[derive(Clone, Debug)]
pub struct TurnReport {
    /// 1-based turn pair number, as in the record.
    pub number: u16,
    pub side: Side,
    /// The pair's second turn, written `N...` (Black's when White moves first, White's when
    /// Black does), as the record numbers it.
    pub second: bool,
    /// The turn as written.
    pub written: String,
    /// Line in the record (1-based).
    pub line: usize,
    /// Played: the turn in canonical notation. Not played (the replay stops): why.
    pub result: Result<String, ParseError>,
    /// Played although untenable, and not called (so it stood): the rule it breaks.
    pub untenable: Option<Untenable>,
}

#[derive(Clone, Debug)]
pub struct Replay {
    pub headers: Vec<(String, String)>,
    pub turns: Vec<TurnReport>,
    /// Turns after the first one that could not be played, which were not replayed.
    pub not_replayed: usize,
    /// What looks wrong in the record though it reads: no turns, turn numbers that jump.
    pub warnings: Vec<String>,
    /// The position after the last played turn.
    pub end: Position,
    /// The game replayed, with its history (an uncalled untenable action keeps its mark).
    pub game: Game,
}

impl Replay {
    /// Every turn tenable, all played, nothing warned about.
    pub fn all_tenable(&self) -> bool {
        self.turns
            .iter()
            .all(|t| t.result.is_ok() && t.untenable.is_none())
            && self.not_replayed == 0
            && self.warnings.is_empty()
    }

    /// The turns played although untenable.
    pub fn untenable_turns(&self) -> impl Iterator<Item = &TurnReport> {
        self.turns.iter().filter(|t| t.untenable.is_some())
    }
}

/// Rewrites one token in canonical form where a habit of real records differs from it.
pub fn normalize_token(tok: &str) -> String {
    let chars: Vec<char> = tok.chars().collect();
    let mut out = String::with_capacity(tok.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let square_at = |j: usize| {
            chars
                .get(j)
                .is_some_and(|l| matches!(l.to_ascii_uppercase(), 'W' | 'X' | 'Y' | 'Z'))
                && chars.get(j + 1).is_some_and(|d| d.is_ascii_digit())
        };
        // `tC Z10` written together: a piece letter between the marker and the square.
        if (c == 't' || c == 'f')
            && i > 0
            && chars
                .get(i + 1)
                .is_some_and(|&p| is_piece_letter(p) && !matches!(p, 'w' | 'x' | 'y' | 'z'))
            && square_at(i + 2)
        {
            out.push(c);
            i += 2;
            continue;
        }
        // A lowercase line letter naming the engagement that moves (`eyfx8` for `eYfX8`,
        // §2.0.R5: "the engagement on the Y-line fends on X8"; a review found it refused as a
        // special move the rules lacked).
        if i == 1
            && chars[0] == 'e'
            && matches!(c, 'w' | 'x' | 'y' | 'z')
            && chars.get(2).is_some_and(|m| matches!(m, 'f' | 't'))
        {
            out.push(c.to_ascii_uppercase());
            i += 1;
            continue;
        }
        // Lowercase line letters before a step number.
        if matches!(c, 'w' | 'x' | 'y' | 'z') && square_at(i) {
            out.push(c.to_ascii_uppercase());
            i += 1;
            continue;
        }
        out.push(c);
        i += 1;
    }
    // A `#` after a move that is not a take (`==#`, `---#`) is an ending mark only.
    if (out.starts_with("==") || out.starts_with("---")) && out.ends_with('#') {
        out = out.trim_end_matches('#').to_string();
    }
    out
}

/// A `[Key "value"]` line's key and value as every reader of Veney records reads them (`replay`,
/// a save's reader, the command line's checks): within the brackets the key is the first word —
/// spaces before it allowed — and the value the rest, trimmed, its quotes optional. None for a
/// line that is no header or has no value. (A review found `[ Position "…"]` read with an empty
/// key, the record replayed from the standard start without a word.)
pub fn bracket_header(line: &str) -> Option<(&str, &str)> {
    let inner = line
        .trim()
        .strip_prefix('[')?
        .strip_suffix(']')?
        .trim_start();
    let (k, v) = inner.split_once(char::is_whitespace)?;
    Some((k, v.trim().trim_matches('"')))
}

fn header(line: &str) -> Option<(String, String)> {
    let l = line.trim();
    if l.starts_with('[') && l.ends_with(']') {
        let (k, v) = bracket_header(l)?;
        return Some((k.to_string(), v.to_string()));
    }
    let (k, v) = l.split_once(':')?;
    (!k.is_empty()
        && k.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-'))
    .then(|| (k.trim().to_string(), v.trim().to_string()))
}

/// One free line of a front-matter block: `Name - White`, `Name - Black`, `Key: value`, a date,
/// else the game's name (`Event`) and then notes.
fn front_matter_line(line: &str, headers: &[(String, String)]) -> (String, String) {
    let l = line.trim();
    for side in ["White", "Black"] {
        if let Some(name) = l
            .strip_suffix(side)
            .and_then(|n| n.trim_end().strip_suffix(['-', '–', '—']))
        {
            return (side.to_string(), name.trim().to_string());
        }
    }
    if let Some(h) = header(l) {
        return h;
    }
    // A date has a year: four digits in a row (not any four digits on the line).
    let year = l
        .as_bytes()
        .windows(4)
        .any(|w| w.iter().all(u8::is_ascii_digit));
    if year && !headers.iter().any(|(k, _)| k == "Date") {
        return ("Date".into(), l.to_string());
    }
    if !headers.iter().any(|(k, _)| k == "Event") {
        return ("Event".into(), l.to_string());
    }
    ("Note".into(), l.to_string())
}

/// A record refused at a header, before its turns: the header's key, its 1-based line, and the
/// error (its column counted from that line's start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderError {
    pub key: String,
    pub line: usize,
    pub error: ParseError,
}

impl std::fmt::Display for HeaderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}: the {} header: {}",
            self.line, self.key, self.error
        )
    }
}

impl std::error::Error for HeaderError {}

/// The headers each with its 1-based line and the 1-based column (in characters) where its
/// value begins on that line, and the line where the turns begin (0-based).
fn read_headers_at(text: &str) -> (Vec<(String, String, usize, usize)>, usize) {
    let (headers, lines, body_start) = read_headers(text);
    let all: Vec<&str> = text.lines().collect();
    let mut at = Vec::with_capacity(headers.len());
    for ((k, v), i) in headers.into_iter().zip(lines) {
        // The line the reader took it from (a review found a front-matter line beginning `//`
        // skipped by a search for it, every later header placed at line 1).
        let line = all.get(i).copied().unwrap_or("");
        let after_key = line.find(k.as_str()).map_or(0, |c| c + k.len());
        let value_col = line[after_key..]
            .find(v.as_str())
            .map_or(1, |c| line[..after_key + c].chars().count() + 1);
        at.push((k, v, i + 1, value_col));
    }
    (at, body_start)
}

/// The value of a record's or save's header `key` (in any case), in any of the forms `replay`
/// reads (`[Key "value"]`, `Key: value`, front matter), with its 1-based line: the first, as a
/// second is refused by `replay`.
pub fn header_value(text: &str, key: &str) -> Option<(usize, String)> {
    header_at(text, key).map(|(line, _, v)| (line, v))
}

/// `header_value` with the 1-based column its value begins at in its line.
pub fn header_at(text: &str, key: &str) -> Option<(usize, usize, String)> {
    let text = crate::errors::without_bom(text);
    read_headers_at(text)
        .0
        .into_iter()
        .find(|(k, ..)| k.eq_ignore_ascii_case(key))
        .map(|(_, v, line, col)| (line, col, v))
}

/// A header's key as the records' reader knows it: `[Start]`, the game API's name for the start
/// (`game_api::Match::save_text`), is `[Position]`, Veney's (a review found it ignored by
/// `replay`, then by a save's reader, each game replayed from the standard start); any other
/// key is itself. Both readers ask here.
pub(crate) fn header_key(k: &str) -> &str {
    if k.eq_ignore_ascii_case("Start") {
        "Position"
    } else {
        k
    }
}

/// The headers that name one thing each: a second of any is refused (`replay`), as a save's
/// reader refuses it.
const ONE_EACH: &[&str] = &[
    "Game",
    "Viewer",
    "Position",
    "Rules",
    "Seed",
    "Final",
    "Ending",
    "WhiteSet",
    "BlackSet",
    "WhiteSetHash",
    "BlackSetHash",
];

/// The headers, the (0-based) line each was read from, and the line where the turns begin
/// (0-based).
fn read_headers(text: &str) -> (Vec<(String, String)>, Vec<usize>, usize) {
    let mut headers = Vec::new();
    let mut lines = Vec::new();
    let mut body_start = 0;
    let mut front = false;
    let mut front_done = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        // A numbered turn ends a front-matter block left open (a review found the whole game
        // read as its notes, no turn replayed).
        let numbered = t.split_whitespace().next().is_some_and(|w| {
            crate::notation::is_move_number(w) || crate::notation::split_move_number(w).is_some()
        });
        if front && numbered {
            break;
        }
        if front {
            if t == "---" {
                front = false;
                front_done = true;
            } else if !t.is_empty() {
                let h = front_matter_line(t, &headers);
                headers.push(h);
                lines.push(i);
            }
            body_start = i + 1;
            continue;
        }
        if t.is_empty() || t.starts_with("//") {
            body_start = i + 1;
            continue;
        }
        // A front-matter block opens the record: a `---` before any header or turn.
        if t == "---" && headers.is_empty() && !front_done {
            front = true;
            body_start = i + 1;
            continue;
        }
        match header(t) {
            Some(h) if !t.starts_with(|c: char| c.is_ascii_digit()) => {
                headers.push(h);
                lines.push(i);
                body_start = i + 1;
            }
            _ => break,
        }
    }
    (headers, lines, body_start)
}

/// Replays `text` under `rules`, with sand: an untenable turn nobody called is played on. A
/// header that refuses the record (another game's, a view, a start that does not read, one
/// written twice) is named with its line (a review found every such error reported as a bad
/// Position header, at the Position header's line or none).
pub fn replay(rules: &Rules, text: &str) -> Result<Replay, HeaderError> {
    let text = crate::errors::without_bom(text);
    let (located, body_start) = read_headers_at(text);
    let refuse = |h: &(String, String, usize, usize), error: ParseError| HeaderError {
        key: h.0.clone(),
        line: h.2,
        error,
    };
    // One start, one set of rules…: a second would be silently ignored (a review found it).
    for (i, h) in located.iter().enumerate() {
        let Some(&one) = ONE_EACH.iter().find(|k| k.eq_ignore_ascii_case(&h.0)) else {
            continue;
        };
        if let Some(first) = located[..i].iter().find(|f| f.0.eq_ignore_ascii_case(one)) {
            return Err(refuse(
                h,
                ParseError::new(
                    1,
                    h.0.clone(),
                    format!(
                        "a second [{one}] header (the first is on line {}): a record names one",
                        first.2
                    ),
                ),
            ));
        }
    }
    // `[Start]` is read as `[Position]` is (`header_key`) — one of the two.
    let is_start = |k: &str| header_key(k).eq_ignore_ascii_case("Position");
    let mut starts = located.iter().filter(|h| is_start(&h.0));
    if let (Some(first), Some(h)) = (starts.next(), starts.next()) {
        return Err(refuse(
            h,
            ParseError::new(
                1,
                h.0.clone(),
                format!(
                    "a second start, [{}] after [{}] on line {}: a record names one",
                    h.0, first.0, first.2
                ),
            ),
        ));
    }
    // Another game's save, or a player's view of one, is refused for what it is (a review found
    // a Kelasu save with no moves loaded as an empty Veney game, one with moves refused at its
    // first turn), as `savefile::read` refuses it.
    for h in &located {
        let (k, v) = (&h.0, &h.1);
        if k.eq_ignore_ascii_case("Game") && !v.eq_ignore_ascii_case("Veney") {
            return Err(refuse(
                h,
                ParseError::new(
                    h.3,
                    v.clone(),
                    format!("this is a save of `{v}`, not of Veney"),
                ),
            ));
        }
        if k.eq_ignore_ascii_case("Viewer") {
            return Err(refuse(
                h,
                ParseError::new(
                    h.3,
                    v.clone(),
                    format!(
                        "this is {v}'s view of a game (secrets left out); it cannot be resumed"
                    ),
                ),
            ));
        }
    }
    let headers: Vec<(String, String)> = located
        .iter()
        .map(|(k, v, ..)| (k.clone(), v.clone()))
        .collect();
    let strict = rules.options.untenable == crate::options::UntenablePolicy::Strict;
    let mut sand = rules.clone();
    if sand.options.untenable == crate::options::UntenablePolicy::Strict {
        // Under any other policy an uncalled untenable move stands alike.
        sand.options.untenable = crate::options::UntenablePolicy::Friendly;
    }
    let sand = Arc::new(sand);
    let start = match located.iter().find(|h| is_start(&h.0)) {
        // A game is played on from a whole position only, not one player's view (its sealed
        // Hug hand `?` could never be played): refused, as a save's start is. Its error's
        // column is counted from the line's start.
        Some(h) if h.1 != "start" => {
            Position::from_text_playable(&sand, &h.1).map_err(|mut e| {
                e.col += h.3 - 1;
                refuse(h, e)
            })?
        }
        _ => Position::start(&sand),
    };
    let mut game = Game::from_position_seeded(sand.clone(), start, 0);
    let mut turns = Vec::new();
    let mut warnings = Vec::new();
    let mut not_replayed = 0;
    let mut failed = false;
    // An ending no move made, the last line of a record the app writes (`Game::record`): the game ends
    // there, as a save's does (a review found an exported record refused on that line).
    // (Before any turn it is read among the headers.)
    // (Any ending no move made, `record_ending`: a resignation, an agreed draw, the mated
    // player's acknowledgement, the Hug's — a review found them written by none and read by none.)
    let mut ending = None;
    for (_, v) in headers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("Ending"))
    {
        match RecordEnding::parse(v) {
            Some(e) => ending = Some(e),
            // Warned of as one after the turns is (a review found one in the header block, where
            // a game resigned before any move writes it, dropped without a word).
            None => warnings.push(format!(
                "the ending {v:?} is not read (an ending is {})",
                crate::record_ending::FORMS
            )),
        }
    }
    // The turns read, each with the line it begins on and the move number written before it;
    // the last turn of the last line read, if it may go on on the next.
    // (The number: its text, column and line — a number ending a line is the next line's.)
    // (And each token's own line: a turn wrapped onto the next line is told at the line of
    // the token that fails, whose column is that line's — a review found the first line named.)
    type Pending = (
        notation::RecordTurn,
        usize,
        Option<(String, usize, usize)>,
        Vec<usize>,
    );
    let mut pending: Vec<Pending> = Vec::new();
    let mut carried: Option<Pending> = None;
    let mut dangling: Option<(String, usize, usize)> = None;
    // The line of an `[Ending]` read after turns: no turn may follow it.
    let mut ended_at: Option<usize> = None;
    // The line of the `[Ending]` read: a save names one (a review found a second read over it).
    let mut ending_line: Option<usize> = located
        .iter()
        .find(|h| h.0.eq_ignore_ascii_case("Ending"))
        .map(|h| h.2);
    for (line_no, line) in text.lines().enumerate().skip(body_start) {
        let body = line.split("//").next().unwrap_or("");
        // The key in any case and any space after it, as every header's (a review found
        // `[ending …]` and `[Ending\t…]` refused as moves).
        if let Some(v) = bracket_header(body)
            .filter(|(k, _)| k.eq_ignore_ascii_case("Ending"))
            .map(|(_, v)| v)
        {
            if let Some(first) = ending_line.replace(line_no + 1) {
                return Err(HeaderError {
                    key: "Ending".into(),
                    line: line_no + 1,
                    error: ParseError::new(
                        1,
                        body.trim().to_string(),
                        format!(
                            "a second [Ending] (the first is on line {first}): a game ends once"
                        ),
                    ),
                });
            }
            match RecordEnding::parse(v) {
                Some(e) => {
                    ending = Some(e);
                    if !pending.is_empty() || carried.is_some() {
                        ended_at = Some(line_no + 1);
                    }
                }
                None => warnings.push(format!(
                    "line {}: the ending {v:?} is not read (an ending is {})",
                    line_no + 1,
                    crate::record_ending::FORMS
                )),
            }
            continue;
        }
        // A line's last turn with no `,` or `;` after it goes on on the next line unless that
        // begins with a move number (a review found a turn wrapped onto the next line split in
        // two); its tokens keep their own lines' columns.
        let mut line_turns: Vec<Pending> = notation::record_turns_numbered(body)
            .into_iter()
            .map(|(t, n)| {
                let lines = vec![line_no + 1; t.len()];
                (t, line_no + 1, n.map(|(w, c)| (w, c, line_no + 1)), lines)
            })
            .collect();
        // The game ended at its `[Ending]` line (a review found a turn below it played, the
        // flag applied after it).
        if let (Some(l), Some((t, ..))) = (ended_at, line_turns.iter().find(|t| !t.0.is_empty())) {
            return Err(HeaderError {
                key: "Ending".into(),
                line: line_no + 1,
                error: ParseError::new(
                    t[0].1,
                    t[0].0.clone(),
                    format!("a turn after the [Ending] on line {l}: the game ended there"),
                ),
            });
        }
        // A number that ended the line before is this line's first turn's (a review found it
        // dropped, and a wrong one no longer warned about).
        if let Some(d) = dangling.take() {
            match line_turns.first_mut() {
                Some((first, _, n @ None, _)) if !first.is_empty() => *n = Some(d),
                _ => dangling = Some(d),
            }
        }
        if line_turns.last().is_some_and(|(t, ..)| t.is_empty()) {
            dangling = line_turns.pop().and_then(|(_, _, n, _)| n);
        }
        let numbered = body.split_whitespace().next().is_some_and(|w| {
            notation::split_move_number(w).is_some() || w.chars().all(|c| c == '.' || c == '…')
        });
        if let Some((mut open, at, n, mut lines)) = carried.take() {
            match line_turns.first_mut() {
                Some((first, _, _, first_lines)) if !numbered => {
                    open.append(first);
                    lines.append(first_lines);
                    line_turns[0] = (open, at, n, lines);
                }
                _ => line_turns.insert(0, (open, at, n, lines)),
            }
        }
        // A line ending with a move number (`…, SX12; 2.`) has ended its turns as `;` does: the
        // number opens the next line's first turn (a review found that turn read onto the end
        // of the turn before the number).
        let ends_turns = body.trim_end().ends_with([',', ';'])
            || body.split_whitespace().next_back().is_some_and(|w| {
                notation::is_move_number(w)
                    || (w.len() > 1 && w.chars().all(|c| c == '.' || c == '…'))
            });
        if !ends_turns {
            carried = line_turns.pop();
        }
        pending.extend(line_turns);
    }
    pending.extend(carried);
    let count = pending.len();
    for (k, (toks, line, written_number, tok_lines)) in pending.into_iter().enumerate() {
        if failed {
            not_replayed += 1;
            continue;
        }
        // Its number must be the turn it is: `N.` the first move of turn pair N, `N...` the
        // second (§2.0.R5, R-RECORD-HEADER; a review found a record missing a turn, or a
        // `2...` written for White's move, replayed with no word, the colours swapped).
        if let Some((word, col, line)) = &written_number {
            let pos = game.position();
            let (pair, first) = (pos.turn_number() as u64, pos.turns() % 2 == 0);
            let black = word.ends_with("...") || word.ends_with('…');
            let n: Option<u64> = word.trim_end_matches(['.', '…']).parse().ok();
            if n != Some(pair) || black == first {
                let expected = if first {
                    format!("turn {pair}")
                } else {
                    format!("the second move of turn {pair} (`{pair}...`)")
                };
                warnings.push(format!(
                    "line {line}, column {col}: turn number `{word}` where {expected} is expected"
                ));
            }
        }
        let written = toks
            .iter()
            .map(|t| t.0.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        let toks: Vec<(String, usize)> = toks
            .into_iter()
            .map(|(t, c)| (normalize_token(&t), c))
            .collect();
        let pos = *game.position();
        let (number, side, second) = (pos.turn_number(), pos.turn(), pos.turns() % 2 == 1);
        let start = game.actions().count();
        let (mut result, untenable) = play_turn(&mut game, &toks, &written);
        // Replayed with sand, a strict game's record is read under the friendly penalty: a
        // call's refusal names the strict play agreed, not the sand (a review found "the agreed
        // penalty (Friendly)" said of a record naming no rules).
        if strict && let Err(e) = &mut result {
            e.message = e.message.replace(
                "under the agreed penalty (Friendly) a call takes it back unmarked",
                "under the strict play agreed no move is called (an untenable one is refused)",
            );
        }
        // A turn that leaves its concert partner in hand, another turn written after it, is
        // not complete: refused at its own last token (R-CONCERT: "the turn cannot be
        // declined there"; a review found it reported tenable and the next turn blamed). A
        // record may end there (a game stopped mid-turn).
        if result.is_ok()
            && k + 1 < count
            && game.position().lifted().is_some()
            && game.position().turn() == side
            && let Some((tok, col)) = toks.last()
        {
            let why =
                crate::untenable::explain(rules, game.position(), &crate::action::Action::EndTurn);
            result = Err(ParseError::new(*col, tok.clone(), why.to_string()));
            // Refused, it is taken back as every refused turn is (a review found the replay
            // ending on the half-played turn).
            back_to(&mut game, start);
        }
        // A call that leaves the offender to move again (the move reset, §2.0.22) is followed
        // by that move in the same turn (`$X9U $X6`): a turn ended at the call, another turn
        // written after it, would have the opponent's next move read as the offender's (a
        // review found `1. $X9U, SY12;` refused as White's Self not moving to Y12). A record
        // may end there (a game stopped before the move made again).
        let called_last = toks.last().is_some_and(|(t, _)| marked_called(t));
        if result.is_ok()
            && k + 1 < count
            && called_last
            && game.position().turn() == side
            && game.position().phase() == Phase::Start
            && !game.position().is_game_over()
            && let Some((tok, col)) = toks.last()
        {
            result = Err(ParseError::new(
                *col,
                tok.clone(),
                format!(
                    "after this call the move is reset and {side} moves again in the same turn (§2.0.22, {}): write that move after the call (`{tok} …`), before the `,` or `;`",
                    rules.options.untenable.words()
                ),
            ));
            back_to(&mut game, start);
        }
        // A `#` (checkmate) the moves read do not make is warned about, as a wrong turn number
        // is: the record claims a mate that did not happen (a review found `SX14#` on a quiet
        // move replayed without a word). (A `~` the canonical form drops is no such claim: the
        // rulebook's own `BZ15 BfJ~` is written `BZ15`, R-NOTATION-WRITING.)
        if let Ok(canonical) = &result {
            let written_mates: usize = toks.iter().map(|(t, _)| t.matches('#').count()).sum();
            if written_mates > canonical.matches('#').count() && !game.position().is_game_over() {
                warnings.push(format!(
                    "line {line}: `{written}` marks a checkmate (`#`) its moves do not make: read as `{canonical}`"
                ));
            }
        }
        failed = result.is_err();
        // The line of the token that failed (its column is that line's).
        let line = match &result {
            Err(e) => toks
                .iter()
                .position(|(t, c)| *c == e.col && (e.token.is_empty() || *t == e.token))
                .or_else(|| toks.iter().position(|(_, c)| *c == e.col))
                .and_then(|i| tok_lines.get(i).copied())
                .unwrap_or(line),
            Ok(_) => line,
        };
        turns.push(TurnReport {
            number,
            side,
            second,
            written,
            line,
            result,
            untenable,
        });
    }
    if turns.is_empty() {
        warnings.push("the record has no turns".into());
    }
    // The mated player acknowledging defeat part way through the dying turn (§2.0.20; R-DYING:
    // a stepping stone's second move open): the replay closed the turn, which ended the game
    // as the acknowledgement did (a review found the app's save of it warned about).
    let acknowledged_in_dying_turn = matches!(ending, Some(RecordEnding::Acknowledges(side))
        if game
            .actions()
            .filter(|(_, a)| *a == crate::action::Action::EndTurn)
            .last()
            .is_some_and(|(q, _)| q.dying() == Some(side) && !q.at_turn_start()));
    if let Some(e) = ending
        && !failed
        && !acknowledged_in_dying_turn
        && !game.end_as_recorded(e)
    {
        warnings.push(format!(
            "the record's ending, {e}, does not apply: {}",
            match (game.position().dying(), e) {
                _ if game.position().is_game_over() => "the game had ended".to_string(),
                // The other side acknowledging (a review found "decided" said instead).
                (Some(side), RecordEnding::Acknowledges(_)) => {
                    format!("{side} is the one mated, who may acknowledge")
                }
                // A checkmate with the dying move still to come (§2.0.20): decided, not ended.
                (Some(_), _) => "the checkmate had decided the game".to_string(),
                (None, _) => "the game is not where it could end so".to_string(),
            }
        ));
    }
    Ok(Replay {
        headers,
        turns,
        not_replayed,
        warnings,
        end: *game.position(),
        game,
    })
}

/// Plays one turn: tenable as written, else token by token as uncalled untenable moves (or
/// called ones, marked `U`). On failure the game is left as it was.
fn play_turn(
    game: &mut Game,
    toks: &[(String, usize)],
    written: &str,
) -> (Result<String, ParseError>, Option<Untenable>) {
    let rules = game.rules.clone();
    let pos = *game.position();
    let mover = pos.turn();
    // A move marked called (`U`, `Ut`, `U#`) is played and called as the mark says, token by
    // token, even where it would read as tenable: the call is checked against the mark (a
    // review found `SY3Ut` read as a plain move, its mark ignored).
    let marked = toks.iter().any(|(t, _)| marked_called(t));
    let refusal = if marked {
        None
    } else {
        match notation::parse_turn_tokens(&rules, &pos, toks) {
            Ok(acts) => return play_tenable(game, &acts, toks, written),
            Err(e) => Some(e),
        }
    };
    // (A copy of the whole game only on this rarer path: a copy a turn made a long record's
    // replay slow with the square of its length; a review found 20,000 turns taking a minute.)
    let before = game.clone();
    let played_before = before.actions().count();
    let mut untenable = None;
    for (i, (tok, col)) in toks.iter().enumerate() {
        // A pass written after a glare or declaration alone is that pass (§2.0.16).
        if tok == "---" && !game.position().is_game_over() {
            let played: Vec<crate::action::Action> = game
                .actions()
                .skip(played_before)
                .map(|(_, a)| *a)
                .collect();
            if crate::notation::written_pass_after_immaterial(toks, i, &played) {
                continue;
            }
        }
        // The mover's Donkey moves after the mover's turn, written in it (§2.0.23; a review
        // found its throw after an untenable move refused as a third move).
        let donkeys_move = matches!(
            game.position().phase(),
            crate::position::Phase::DonkeyMove { placer } if placer == mover
        );
        if i > 0
            && ((game.position().turn() != mover && !donkeys_move)
                || game.position().is_game_over())
        {
            *game = before;
            return (
                Err(ParseError::new(
                    *col,
                    tok,
                    "the turn is already over: a pass (§2.0.17) or the turn's end closes it, and a turn has at most two moves, linked as a double-move (§2.0.15)",
                )),
                None,
            );
        }
        match game.play_token_reporting(tok, *col) {
            Ok(why) => {
                if untenable.is_none() {
                    untenable = why;
                }
            }
            Err(e) => {
                // Not even an untenable move: the tenable reading's refusal says why — unless
                // it blames a token this reading played (an uncalled untenable move standing):
                // then this token's own error does (a review found a typo after such a move
                // reported at the move, as untenable).
                *game = before;
                return (
                    Err(match refusal {
                        Some(r) if untenable.is_none() || r.col >= *col => r,
                        _ => e,
                    }),
                    None,
                );
            }
        }
    }
    // Each action written from the position it was played in, a called one with its mark: a
    // call between them takes a move back, so the turn is not one run of actions from its
    // start (a review found the retry after a call replayed onto the called move, and a
    // stepping stone's check panicking).
    let canonical = (before.actions().count()..game.actions().count())
        .filter_map(|i| game.action_written(i))
        .collect::<Vec<_>>()
        .join(" ");
    if let Err(e) = end_turn(game, mover) {
        *game = before;
        return (
            Err(ParseError::new(toks[0].1, written, e.to_string())),
            None,
        );
    }
    (Ok(canonical), untenable)
}

/// Whether a token carries a call's mark (`U`, `Ut`, `U#`; §2.0.R5).
fn marked_called(tok: &str) -> bool {
    let t = tok.trim_end_matches('#');
    t.ends_with('U') || t.ends_with("Ut")
}

/// Takes the game back to `len` actions (a turn refused part way: the game is left as it was,
/// nothing of it left to redo).
fn back_to(game: &mut Game, len: usize) {
    while game.actions().count() > len {
        if game.undo().is_none() {
            break;
        }
    }
    game.forget_redo();
}

/// Plays a turn read as tenable.
fn play_tenable(
    game: &mut Game,
    acts: &[crate::action::Action],
    toks: &[(String, usize)],
    written: &str,
) -> (Result<String, ParseError>, Option<Untenable>) {
    let pos = *game.position();
    let start = game.actions().count();
    let canonical = notation::write_turn(&game.rules, &pos, acts);
    for a in acts {
        if let Err(e) = game.play(*a) {
            back_to(game, start);
            return (
                Err(ParseError::new(toks[0].1, written, e.to_string())),
                None,
            );
        }
    }
    if let Err(e) = end_turn(game, pos.turn()) {
        back_to(game, start);
        return (
            Err(ParseError::new(toks[0].1, written, e.to_string())),
            None,
        );
    }
    (Ok(canonical), None)
}

/// Declines what the turn still allows (a second move, glare) once its actions are played.
/// A turn of meta-moves alone is refused when its implied pass is (§2.0.17's forced move).
fn end_turn(game: &mut Game, mover: Side) -> Result<(), Untenable> {
    while !matches!(game.position().phase(), Phase::Start | Phase::Throw { .. })
        && game.position().turn() == mover
        && !game.position().is_game_over()
    {
        if game.play(crate::action::Action::EndTurn).is_err() {
            break;
        }
    }
    // A turn of meta-moves alone is a pass, its `---` "implied if your only move is immaterial"
    // (§2.0.R5; §2.0.16: "making only a meta-move … amount[s] to a pass").
    let p = game.position();
    if p.phase() == Phase::Start && p.meta_moved() && p.turn() == mover && !p.is_game_over() {
        // (A review found the pass's refusal dropped: the turn read as played, the mover still
        // to move, and the next turn of the record read as the same side's.)
        game.play(crate::action::Action::Pass)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_games_save_or_a_view_replays_nothing() {
        // A Kelasu save with no moves yet: refused for what it is, not replayed as an empty
        // Veney game; a player's view likewise. Veney's own, in any case, replays.
        let r = Rules::standard();
        let kelasu = "[Game \"Kelasu\"]\n[Seed \"1\"]\n[Start \"start\"]\n";
        let e = replay(&r, kelasu).err().expect("refused");
        assert!(
            e.error.message.contains("save of `Kelasu`, not of Veney"),
            "{e}"
        );
        let view = "[Game \"Veney\"]\n[Viewer \"White\"]\n\n1. SY3\n";
        let e = replay(&r, view).err().expect("refused");
        assert!(e.error.message.contains("White's view"), "{e}");
        assert_eq!(e.line, 2);
        assert!(replay(&r, "[Game \"veney\"]\n\n1. SY3\n").is_ok());
    }

    #[test]
    fn habits_are_normalised() {
        assert_eq!(normalize_token("LtCZ10"), "LtZ10");
        assert_eq!(normalize_token("ew10"), "eW10");
        assert_eq!(normalize_token("$tX13#"), "$tX13#");
        assert_eq!(normalize_token("DfBtJ~"), "DfBtJ~");
        assert_eq!(normalize_token("==#"), "==");
        assert_eq!(normalize_token("SY7"), "SY7");
        // §2.0.R5's engagement named by its line, in lowercase.
        assert_eq!(normalize_token("ewfx7"), "eWfX7");
        assert_eq!(normalize_token("eytx8"), "eYtX8");
    }

    /// A `[Position]` that is one player's view (White's Hug hand sealed, `?`, §2.0.23) starts
    /// no replay, as it starts no game (`Position::from_text_playable`).
    #[test]
    fn a_players_view_is_no_start() {
        let mut o = crate::options::RuleOptions::default();
        o.hug = true;
        let rules = Rules::standard_with(o);
        let view = format!(
            "{} hug=?:- over=agreed",
            Position::start(&rules).to_text(&rules)
        );
        assert!(
            Position::from_text(&rules, &view).is_ok_and(|p| p.is_view()),
            "{view}"
        );
        let e = replay(&rules, &format!("[Position \"{view}\"]\n1. SY5;\n")).unwrap_err();
        assert_eq!(e.error.token, "hug=?:-");
        assert!(e.error.message.contains("one player's view"), "{e}");
    }

    /// Each refusing header is named with its own line, in any of the forms the reader takes (a
    /// review found a `Game: Kelasu` line, a second header and a view all reported as "bad
    /// Position header" at the Position header's line or at none); a start's error is placed
    /// at its column of the line.
    #[test]
    fn a_refusing_header_is_named_at_its_line() {
        let r = Rules::standard();
        let e = replay(&r, "[Position \"start\"]\nGame: Kelasu\n1. SY5, SY12;\n").unwrap_err();
        assert_eq!((e.key.as_str(), e.line, e.error.col), ("Game", 2, 7), "{e}");
        assert!(e.error.message.contains("save of `Kelasu`"), "{e}");
        let e = replay(
            &r,
            "[Event \"x\"]\n[Position \"start\"]\nViewer: Black\n1. SY5\n",
        )
        .unwrap_err();
        assert_eq!((e.key.as_str(), e.line), ("Viewer", 3), "{e}");
        let e = replay(&r, "[Position \"start\"]\n[Position \"start\"]\n1. SY5\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        assert!(e.error.message.contains("first is on line 1"), "{e}");
        let e = replay(&r, "[game \"Kelasu\"]\n1. SY5\n").unwrap_err();
        assert_eq!((e.line, e.error.col), (1, 8), "{e}");
        let e = replay(&r, "[Rules \"()\"]\n[rules \"()\"]\n1. SY5\n").unwrap_err();
        assert_eq!((e.key.as_str(), e.line), ("rules", 2), "{e}");
        // A start that does not read: at its line, the column of its fault in that line.
        let e = replay(&r, "[Event \"x\"]\n[Position \"4/4 q\"]\n1. SY5\n").unwrap_err();
        assert_eq!((e.key.as_str(), e.line), ("Position", 2), "{e}");
        let line = "[Position \"4/4 q\"]";
        assert!(e.error.col >= 12 && e.error.col <= line.len(), "{e}");
        assert_eq!(
            header_value("Rules: (donkey: true)\n1. K*X6", "rules").map(|h| h.0),
            Some(1)
        );
        // A front-matter line that begins `//` is one of its lines: the headers after it keep
        // their own lines.
        let e = replay(&r, "---\n// played online\nGame: Kelasu\n---\n1. SY5\n").unwrap_err();
        assert_eq!((e.key.as_str(), e.line), ("Game", 3), "{e}");
    }
}
