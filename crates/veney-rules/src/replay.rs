//! Replaying a game record (§2.0.R5): header lines, then numbered turns in notation. Each turn
//! is reported tenable or untenable with the rule it breaks. Real players' record-keeping habits
//! are forgiven (`normalize_token`): a piece letter before the target square (`LtCZ10`),
//! lowercase line letters (`ew10`), and a `#` after any move that ends the game.
//!
//! Headers are lines before the first turn of the form `[Key "value"]` or `Key: value`. The
//! header `Position` gives a start position text (docs/POSITION.md); the others are kept.
use crate::errors::ParseError;
use crate::notation::{self, is_piece_letter};
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

/// One turn of a replayed record.
#[derive(Clone, Debug)]
pub struct TurnReport {
    /// 1-based turn pair number, as in the record.
    pub number: u16,
    pub side: Side,
    /// The turn as written.
    pub written: String,
    /// Line in the record (1-based).
    pub line: usize,
    /// Tenable: the turn in canonical notation. Untenable: why.
    pub result: Result<String, ParseError>,
}

#[derive(Clone, Debug)]
pub struct Replay {
    pub headers: Vec<(String, String)>,
    pub turns: Vec<TurnReport>,
    /// Turns after the first untenable one, which were not replayed.
    pub not_replayed: usize,
    /// The position after the last tenable turn.
    pub end: Position,
}

impl Replay {
    pub fn all_tenable(&self) -> bool {
        self.turns.iter().all(|t| t.result.is_ok()) && self.not_replayed == 0
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

fn header(line: &str) -> Option<(String, String)> {
    let l = line.trim();
    if let Some(inner) = l.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (k, v) = inner.split_once(char::is_whitespace)?;
        return Some((k.to_string(), v.trim().trim_matches('"').to_string()));
    }
    let (k, v) = l.split_once(':')?;
    (!k.is_empty()
        && k.chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-'))
    .then(|| (k.trim().to_string(), v.trim().to_string()))
}

/// Replays `text` under `rules`.
pub fn replay(rules: &Rules, text: &str) -> Result<Replay, ParseError> {
    let mut headers = Vec::new();
    let mut body_start = 0;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with("//") {
            body_start = i + 1;
            continue;
        }
        match header(t) {
            Some(h) if !t.starts_with(|c: char| c.is_ascii_digit()) => {
                headers.push(h);
                body_start = i + 1;
            }
            _ => break,
        }
    }
    let mut pos = match headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("Position"))
    {
        Some((_, v)) if v != "start" => Position::from_text(rules, v)?,
        _ => Position::start(rules),
    };
    let mut turns = Vec::new();
    let mut not_replayed = 0;
    let mut failed = false;
    for (line_no, line) in text.lines().enumerate().skip(body_start) {
        let body = line.split("//").next().unwrap_or("");
        for toks in notation::record_turns(body) {
            if failed {
                not_replayed += 1;
                continue;
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
            let number = pos.turn_number();
            let side = pos.turn();
            let result = notation::parse_turn_tokens(rules, &pos, &toks).and_then(|acts| {
                let canonical = notation::write_turn(rules, &pos, &acts);
                let mut p = pos;
                p.play_turn(rules, &acts)
                    .map_err(|e| ParseError::new(toks[0].1, written.clone(), e.to_string()))?;
                pos = p;
                Ok(canonical)
            });
            failed = result.is_err();
            turns.push(TurnReport {
                number,
                side,
                written,
                line: line_no + 1,
                result,
            });
        }
    }
    Ok(Replay {
        headers,
        turns,
        not_replayed,
        end: pos,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn habits_are_normalised() {
        assert_eq!(normalize_token("LtCZ10"), "LtZ10");
        assert_eq!(normalize_token("ew10"), "eW10");
        assert_eq!(normalize_token("$tX13#"), "$tX13#");
        assert_eq!(normalize_token("DfBtJ~"), "DfBtJ~");
        assert_eq!(normalize_token("==#"), "==");
        assert_eq!(normalize_token("SY7"), "SY7");
    }
}
