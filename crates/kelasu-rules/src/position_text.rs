//! Position text, one line of seven fields (docs/rulings/kelasu.md, "Position text"):
//! `<ranks A to J, '/' between> <b|r> <energy> <s|m> <moved> <count> <history>`, e.g. the start
//! `BBBBBBBBBB/BBBBBBBBBB/S1S4S1S/10/10/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 4 s - 0 <key>`.
//! A rank lists its squares from file 0, digits counting empty squares; `s` a turn start, `m`
//! mid-turn; moved squares joined by `+` or `-`; the count of quiet turns (-1 mid-turn after a
//! Blank move, merge or capture); the repetition keys in hex joined by `+` or `-`. At a turn
//! start the history may be `-` or left out: the position is then the first of its game (a
//! hand-written position needs no keys).
use crate::bitboard::Bitboard;
use crate::invariants;
use crate::options::KelasuOptions;
use crate::piece::Piece;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;
use game_api::TextError;
use std::sync::Arc;

pub fn write(p: &Position) -> String {
    let mut ranks = Vec::new();
    for r in 0..10u8 {
        let mut s = String::new();
        let mut empty = 0;
        for f in 0..10u8 {
            match p.piece_at(Square(r * 10 + f)) {
                None => empty += 1,
                Some(q) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(q.char());
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    let list = |v: Vec<String>| {
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join("+")
        }
    };
    format!(
        "{} {} {} {} {} {} {}",
        ranks.join("/"),
        if p.to_move == Side::Blue { 'b' } else { 'r' },
        p.energy,
        if p.acted { 'm' } else { 's' },
        list(p.moved.squares().map(Square::name).collect()),
        p.quiet,
        list(p.history().iter().map(|h| format!("{h:016x}")).collect()),
    )
}

fn board(text: &str, col: usize) -> Result<[Option<Piece>; 100], TextError> {
    let mut b = [None; 100];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 10 {
        return Err(TextError::new(
            col,
            text,
            format!(
                "{} ranks; expected 10 (A to J) separated by `/`",
                ranks.len()
            ),
        ));
    }
    let mut c = col;
    for (r, rank) in ranks.iter().enumerate() {
        let mut f = 0usize;
        let mut digits = String::new();
        // Where the run of digits began: a bad count is reported there (a review found the
        // column of the letter after it).
        let mut digits_at = c;
        let flush = |digits: &mut String, f: &mut usize, at: usize| -> Result<(), TextError> {
            if !digits.is_empty() {
                // (A long run of digits is no count: refused before it is added up.)
                let n: usize = digits.parse().unwrap_or(0);
                // Written as the game writes it: no leading zero (`010` is not read as 10; a
                // review found it taken, its text not written back the same).
                if n == 0 || n > 10 || digits.starts_with('0') {
                    return Err(TextError::new(
                        at,
                        digits.clone(),
                        "a count of empty squares must be 1 to 10",
                    ));
                }
                *f += n;
                digits.clear();
            }
            Ok(())
        };
        for (i, ch) in rank.chars().enumerate() {
            let at = c + i;
            if ch.is_ascii_digit() {
                if digits.is_empty() {
                    digits_at = at;
                }
                digits.push(ch);
                continue;
            }
            flush(&mut digits, &mut f, digits_at)?;
            let piece = Piece::from_char(ch).ok_or_else(|| {
                TextError::new(
                    at,
                    ch.to_string(),
                    "not a piece letter (B W R D C G S, Blue upper case, Red lower case)",
                )
            })?;
            if f >= 10 {
                return Err(TextError::new(
                    at,
                    *rank,
                    format!(
                        "rank {} holds more than 10 squares",
                        (b'A' + r as u8) as char
                    ),
                ));
            }
            b[r * 10 + f] = Some(piece);
            f += 1;
        }
        flush(&mut digits, &mut f, digits_at)?;
        if f != 10 {
            return Err(TextError::new(
                c,
                *rank,
                format!(
                    "rank {} holds {f} squares, not 10",
                    (b'A' + r as u8) as char
                ),
            ));
        }
        c += rank.chars().count() + 1;
    }
    Ok(b)
}

/// Reads and checks a position text.
pub fn read(text: &str, o: &KelasuOptions) -> Result<Position, TextError> {
    let mut fields = Vec::new();
    let mut start = None;
    // Columns count characters (a wide space is one), as everywhere else — counted as the text
    // is read (a review found each field recounting the text before it, a long line's read
    // taking half a minute).
    for (col, (i, ch)) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
        .enumerate()
    {
        match (ch.is_whitespace(), start) {
            (true, Some((s, c))) => {
                fields.push((c, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some((i, col + 1)),
            _ => {}
        }
    }
    // The history may be left out (or `-`) at a turn start: the position is then the first.
    if fields.len() == 6 {
        fields.push((text.chars().count() + 1, "-"));
    }
    if fields.len() != 7 {
        return Err(TextError::new(
            fields
                .get(7)
                .map(|f| f.0)
                .unwrap_or(text.chars().count() + 1),
            fields.get(7).map(|f| f.1).unwrap_or(""),
            format!(
                "{} fields; expected 7: board, side, energy, s|m, moved, count, history (or 6, the history left out)",
                fields.len()
            ),
        ));
    }
    let board = board(fields[0].1, fields[0].0)?;
    let (col, t) = fields[1];
    let to_move = match t {
        "b" => Side::Blue,
        "r" => Side::Red,
        _ => {
            return Err(TextError::new(
                col,
                t,
                "expected `b` (Blue to move) or `r` (Red)",
            ));
        }
    };
    let (col, t) = fields[2];
    let energy: i16 = canonical_number(t)
        .ok_or_else(|| TextError::new(col, t, "expected the energy left, a whole number written as the game writes it (no `+`, no leading zero)"))?;
    let (col, t) = fields[3];
    let acted = match t {
        "s" => false,
        "m" => true,
        _ => {
            return Err(TextError::new(
                col,
                t,
                "expected `s` (turn start) or `m` (mid-turn)",
            ));
        }
    };
    let (col, t) = fields[4];
    let mut moved = Bitboard::EMPTY;
    if t != "-" {
        let mut c = col;
        for part in t.split('+') {
            // As the game writes it, rank letter uppercase: a text that reads writes back the
            // same (a review found `c1` read and written `C1`).
            let s = Square::parse(part)
                .filter(|s| s.name() == part)
                .ok_or_else(|| TextError::new(c, part, "expected a square (\"E4\") or `-`"))?;
            if moved.contains(s) {
                return Err(TextError::new(c, part, "a square named twice"));
            }
            moved = moved.with(s);
            c += part.len() + 1;
        }
    }
    let (col, t) = fields[5];
    let quiet: i16 = canonical_number(t).ok_or_else(|| {
        TextError::new(
            col,
            t,
            "expected the count of quiet turns, a whole number written as the game writes it (no `+`, no leading zero)",
        )
    })?;
    let (col, t) = fields[6];
    let mut history = Vec::new();
    if t != "-" {
        let mut c = col;
        for part in t.split('+') {
            // Lowercase, as the game writes them (a review found `D361…` read and written
            // `d361…`).
            let h = (part.len() == 16
                && part
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
            .then(|| u64::from_str_radix(part, 16).ok())
            .flatten()
            .ok_or_else(|| TextError::new(c, part, "expected 16 lowercase hex digits or `-`"))?;
            history.push(h);
            c += part.len() + 1;
        }
    }
    let mut p = Position {
        board,
        to_move,
        energy,
        acted,
        moved,
        quiet,
        history: Arc::new(history),
    };
    if p.history.is_empty() && !acted {
        p.push_history();
    }
    invariants::check(&p, o).map_err(|e| {
        let (col, t) = fields[e.field.index().min(6)];
        TextError::new(col, t, e.why)
    })?;
    Ok(p)
}

/// A whole number as the game writes one (`0`, `12`, `-1`; no `+`, no leading zero, in range): a text
/// that reads writes back the same (a review found `+4` and `007` read).
fn canonical_number(t: &str) -> Option<i16> {
    t.parse::<i16>().ok().filter(|n| n.to_string() == t)
}
