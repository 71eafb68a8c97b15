//! Errors of reading text (notation, positions, records, saves), each naming where and why,
//! and the numbered record layout games share unless they write their own.
use std::fmt;

/// Text that could not be read: where (1-based line and column, 0 when unknown), the
/// offending piece of text, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    pub line: usize,
    pub col: usize,
    pub found: String,
    pub why: String,
}

impl TextError {
    pub fn new(col: usize, found: impl Into<String>, why: impl Into<String>) -> TextError {
        TextError {
            line: 1,
            col,
            found: found.into(),
            why: why.into(),
        }
    }

    pub fn at_line(mut self, line: usize) -> TextError {
        self.line = line;
        self
    }

    /// An error in a header's value, its column counted within the value (the game's reader
    /// sees only the value): placed at the header's `line`, its column in that line with the
    /// value starting at `value_col`; 0 (unknown) stays 0. The app's Load and the command line's
    /// `replay` place them alike.
    pub fn in_value(mut self, line: usize, value_col: usize) -> TextError {
        if self.col > 0 {
            self.col += value_col.saturating_sub(1);
        }
        self.at_line(line)
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.found.is_empty() {
            write!(f, "line {}, column {}: {}", self.line, self.col, self.why)
        } else {
            write!(
                f,
                "line {}, column {}: `{}`: {}",
                self.line, self.col, self.found, self.why
            )
        }
    }
}

impl std::error::Error for TextError {}

/// Writes turns as a numbered record: `1. a b, c d; 2. e f, g h;` for two players who alternate,
/// the first player's turn after the number and the second's after a comma. `first` is the
/// 0-based index of the first turn (odd: the record opens with the second player, `1... x;`).
pub fn write_numbered(turns: &[String], first: usize) -> String {
    let mut s = String::new();
    for (i, t) in turns.iter().enumerate() {
        let n = first + i;
        if n.is_multiple_of(2) {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(&format!("{}. {t}", n / 2 + 1));
        } else if i == 0 {
            s.push_str(&format!("{}... {t};", n / 2 + 1));
        } else {
            s.push_str(&format!(", {t};"));
        }
    }
    s
}

/// One turn, or the part of one on a single line, of a record as a save's lines hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordTurn {
    /// The 1-based line it stands on.
    pub line: usize,
    /// Its action tokens with their 1-based columns within the line.
    pub tokens: Vec<(usize, String)>,
    /// It opens its line, the record line before ended without closing its turn (no comma or
    /// semicolon after its last action) and no turn number opens this one: a turn an editor or
    /// mail client wrapped may go on here. The rules decide (`Match::play_record_turn`).
    pub may_continue: bool,
}

/// Reads the record lines of a save (blank lines and `[Header "…"]` lines skipped) into turns,
/// each line read by `read_numbered`, each turn with its line.
pub fn read_record_lines(text: &str) -> Result<Vec<RecordTurn>, TextError> {
    let mut out = Vec::new();
    let mut open = false;
    // A turn number ending the line before (`2.` where an editor wrapped the record): it opens
    // the turn this line begins, as it would in front of it. Its line, column and text.
    let mut number_before: Option<(usize, usize, String)> = None;
    let no_action = |(line, col, found): (usize, usize, String)| {
        TextError::new(col, found, "a turn number with no action after it").at_line(line)
    };
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('[') {
            continue;
        }
        let numbered = t
            .split_whitespace()
            .next()
            .is_some_and(|w| split_turn_number(w).is_some());
        if numbered && let Some(before) = number_before.take() {
            return Err(no_action(before));
        }
        let (body, number) = split_trailing_number(line);
        for (k, tokens) in read_numbered(body)
            .map_err(|e| e.at_line(i + 1))?
            .into_iter()
            .enumerate()
        {
            let opened = k == 0 && number_before.take().is_some();
            out.push(RecordTurn {
                line: i + 1,
                tokens,
                may_continue: k == 0 && open && !numbered && !opened,
            });
        }
        open = !body.trim_end().ends_with([',', ';']);
        if let Some((col, found)) = number {
            number_before = Some((i + 1, col, found));
        }
    }
    // A number ending the record (`…; 2.`, the next turn's number written ahead on a score
    // sheet) stops it there, as Veney's replay reads it (a review found the whole record refused
    // for it).
    Ok(out)
}

/// A turn written below an `[Ending …]` line that itself follows turns: the game had ended
/// there, so the turn is an error at its first action (a review found such a turn played, and
/// the ending applied after it). An ending among the headers before every turn is the record's
/// result, read after its turns as a save's last line is. `ending_line` is 1-based.
pub fn turn_after_ending(turns: &[RecordTurn], ending_line: usize) -> Result<(), TextError> {
    if !turns.iter().any(|t| t.line < ending_line) {
        return Ok(());
    }
    match turns.iter().find(|t| t.line > ending_line) {
        Some(t) => {
            let (col, found) = t.tokens.first().cloned().unwrap_or((0, String::new()));
            Err(TextError::new(
                col,
                found,
                format!("a turn after the [Ending] on line {ending_line}: the game ended there"),
            )
            .at_line(t.line))
        }
        None => Ok(()),
    }
}

/// A turn number: `12.`, `12...` or `12…` (the ellipsis character a word processor makes of
/// `...`).
pub fn is_turn_number(w: &str) -> bool {
    split_turn_number(w).is_some_and(|(_, rest)| rest.is_empty())
}

/// A word that begins with a turn number (`12.`, `12...` or `12…`) split into the number and
/// what follows it, as `1.e4` is written with no space in many chess records: `("1.", "e4")`.
/// No game's action begins with digits and a full stop, so the split is never ambiguous.
pub fn split_turn_number(w: &str) -> Option<(&str, &str)> {
    let digits = w.len() - w.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after = &w[digits..];
    let dots = after.len() - after.trim_start_matches(['.', '…']).len();
    (digits > 0 && dots > 0).then(|| w.split_at(digits + dots))
}

/// A record line whose last turn is a turn number alone (`1. a b, c d; 2.`): the line before
/// it, and the number with its 1-based column. Otherwise the whole line and None.
fn split_trailing_number(line: &str) -> (&str, Option<(usize, String)>) {
    let trimmed = line.trim_end();
    let word_at = trimmed
        .rfind(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .map_or(0, |i| {
            i + trimmed[i..].chars().next().map_or(1, char::len_utf8)
        });
    let word = &trimmed[word_at..];
    let alone = trimmed[..word_at].trim_end();
    if is_turn_number(word) && (alone.is_empty() || alone.ends_with([',', ';'])) {
        let col = trimmed[..word_at].chars().count() + 1;
        (&line[..word_at], Some((col, word.to_string())))
    } else {
        (line, None)
    }
}

/// Reads a numbered record back into turns (each turn its action tokens with their 1-based
/// columns). Accepts what `write_numbered` writes, with any whitespace. Errors name the line and
/// column; a token's column counts within its line (a caller that needs each token's line, as
/// saves do, reads one line at a time).
pub fn read_numbered(text: &str) -> Result<Vec<Vec<(usize, String)>>, TextError> {
    // Each token with its line and column while reading.
    let mut turns: Vec<Vec<(usize, usize, String)>> = Vec::new();
    let mut cur: Vec<(usize, usize, String)> = Vec::new();
    let mut tok = String::new();
    let (mut line, mut col) = (1, 0);
    let (mut tok_line, mut tok_col) = (1, 0);
    let flush = |tok: &mut String, at: (usize, usize), cur: &mut Vec<(usize, usize, String)>| {
        if !tok.is_empty() {
            cur.push((at.0, at.1, std::mem::take(tok)));
        }
    };
    for ch in text.chars() {
        col += 1;
        match ch {
            ',' | ';' => {
                flush(&mut tok, (tok_line, tok_col), &mut cur);
                if cur.is_empty() {
                    return Err(
                        TextError::new(col, ch.to_string(), "a turn with no action").at_line(line)
                    );
                }
                turns.push(std::mem::take(&mut cur));
            }
            c if c.is_whitespace() => {
                flush(&mut tok, (tok_line, tok_col), &mut cur);
                if c == '\n' {
                    line += 1;
                    col = 0;
                }
            }
            c => {
                if tok.is_empty() {
                    (tok_line, tok_col) = (line, col);
                }
                tok.push(c);
            }
        }
    }
    flush(&mut tok, (tok_line, tok_col), &mut cur);
    if !cur.is_empty() {
        turns.push(cur);
    }
    // Turn numbers ("12.", "12..." or "12…") open a turn and are not actions; one joined to
    // the turn's first action ("12.e4") is cut off it.
    for t in &mut turns {
        if let Some((line, col, first)) = t.first().cloned() {
            if let Some((number, rest)) = split_turn_number(&first) {
                if !rest.is_empty() {
                    t[0] = (line, col + number.chars().count(), rest.to_string());
                    continue;
                }
                t.remove(0);
                if t.is_empty() {
                    return Err(TextError::new(
                        col,
                        first,
                        "a turn number with no action after it",
                    )
                    .at_line(line));
                }
            }
        }
    }
    Ok(turns
        .into_iter()
        .map(|t| t.into_iter().map(|(_, col, tok)| (col, tok)).collect())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_numbers_joined_to_an_action_or_with_an_ellipsis_are_numbers() {
        let turns = read_numbered("1.a b, 1…c; 2.d").unwrap();
        let want: Vec<Vec<(usize, String)>> = vec![
            vec![(3, "a".into()), (5, "b".into())],
            vec![(10, "c".into())],
            vec![(15, "d".into())],
        ];
        assert_eq!(turns, want);
        assert!(is_turn_number("12…") && is_turn_number("12...") && is_turn_number("3."));
        assert!(!is_turn_number("12") && !is_turn_number("...") && !is_turn_number("1.a"));
        assert_eq!(split_turn_number("7...x"), Some(("7...", "x")));
        assert_eq!(split_turn_number("a1."), None);
        // A joined number opens its line's turn, as a spaced one does: the line before's last
        // turn does not go on onto it.
        let lines = read_record_lines("1. a b\n2.c d").unwrap();
        assert_eq!(lines.len(), 2);
        assert!(!lines[1].may_continue);
    }
}
