//! Position text: one line of six fields separated by single spaces (docs/rulings/tirachen.md,
//! "Position text"):
//!
//! 1. the board, rank 9 first, ranks separated by `/`, digits for runs of empty squares; Red's
//!    pieces in upper case, White's in lower case, `*` for the Traitor under no one's control;
//! 2. who is to move (or to choose, in an open choice): `r` or `w`;
//! 3. each side's phase, Red's then White's: `c` choosing masters, `d` deploying, `m` mobilized;
//! 4. the undeployed pieces, Red's then White's separated by `/`, each kind's letter followed by
//!    its count when more than one (`FCS3A3W3P9`), `?n` for masters whose kinds are hidden from
//!    this view, `-` for none;
//! 5. the square of a Traitor awaiting its extra move, or `-`;
//! 6. the number of quiet turns (nothing captured, placed or mobilized) in a row.
//!
//! The opening position: `4g4/9/9/9/4*4/9/9/9/4G4 r cc FCP9/fcp9 - 0`.
//!
//! Reading is two steps, as shakmaty's FEN: the text is read into a plain [`Position`], which is
//! then checked against the rules (`invariants::check`); both report the column.
use crate::invariants::{self, Field, PositionError};
use crate::options::TirachenOptions;
use crate::piece::{Kind, Piece};
use crate::position::{Phase, Position, Reserve};
use crate::side::Side;
use crate::square::Square;
use game_api::TextError;

/// The position as one line.
pub fn write(pos: &Position) -> String {
    let mut s = String::new();
    for rank in (0..9u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            let sq = Square::from_coords(file, rank).expect("on the board");
            match pos.piece_at(sq) {
                Some(p) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(pos.to_move().letter());
    s.push(' ');
    for side in Side::BOTH {
        s.push(pos.phase(side).letter());
    }
    s.push(' ');
    s.push_str(&reserve_text(pos.reserve(Side::Red), Side::Red));
    s.push('/');
    s.push_str(&reserve_text(pos.reserve(Side::White), Side::White));
    s.push(' ');
    match pos.extra_move() {
        Some(sq) => s.push_str(&sq.to_string()),
        None => s.push('-'),
    }
    s.push(' ');
    s.push_str(&pos.quiet_turns().to_string());
    s
}

fn reserve_text(r: &Reserve, side: Side) -> String {
    let mut s = String::new();
    let mut item = |c: char, n: u8| {
        if n > 0 {
            s.push(c);
            if n > 1 {
                s.push_str(&n.to_string());
            }
        }
    };
    for kind in Kind::UNDEPLOYED {
        item(Piece::new(side, kind).char(), r.count(kind));
    }
    item('?', r.hidden());
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// Reads and checks a position text.
pub fn read(text: &str, opts: &TirachenOptions) -> Result<Position, TextError> {
    let (pos, cols) = read_unchecked(text)?;
    invariants::check(&pos, opts).map_err(|e| locate(&e, &cols, text))?;
    Ok(pos)
}

/// Where the fields (and each square of the board) start, 1-based columns.
struct Columns {
    fields: [usize; 6],
    squares: [usize; 81],
}

fn locate(e: &PositionError, cols: &Columns, text: &str) -> TextError {
    let field_index = match e.field {
        Field::Board => 0,
        Field::ToMove => 1,
        Field::Phases => 2,
        Field::Reserves => 3,
        Field::ExtraMove => 4,
        Field::QuietTurns => 5,
    };
    let col = match (e.field, e.square) {
        (Field::Board, Some(sq)) => cols.squares[sq.index()],
        _ => cols.fields[field_index],
    };
    let found = match (e.field, e.square) {
        (Field::Board, Some(sq)) => sq.to_string(),
        _ => text
            .split(' ')
            .nth(field_index)
            .unwrap_or_default()
            .to_string(),
    };
    TextError::new(col, found, e.why.clone())
}

fn read_unchecked(text: &str) -> Result<(Position, Columns), TextError> {
    let chars: Vec<char> = text.chars().collect();
    // A tab or a line break between fields is named where it stands (a review found a tab
    // reported as a field missing at the text's end).
    if let Some(i) = chars.iter().position(|c| c.is_whitespace() && *c != ' ') {
        return Err(TextError::new(
            i + 1,
            chars[i].escape_default().to_string(),
            "the fields are separated by single spaces, not a tab or a line break",
        ));
    }
    // Split on single spaces, remembering each field's first column.
    let mut fields: Vec<(usize, String)> = Vec::new();
    let mut cur = String::new();
    let mut start = 1;
    for (i, &ch) in chars.iter().enumerate() {
        if ch == ' ' {
            fields.push((start, std::mem::take(&mut cur)));
            start = i + 2;
        } else {
            cur.push(ch);
        }
    }
    fields.push((start, cur));
    if let Some(&(col, _)) = fields[..fields.len() - 1]
        .iter()
        .find(|(_, f)| f.is_empty())
    {
        // The field before a doubled space ended one column earlier: point at the second space.
        return Err(TextError::new(
            col,
            " ",
            "the fields are separated by single spaces (two spaces here)",
        ));
    }
    let names = [
        "the board",
        "who is to move",
        "the phases",
        "the undeployed pieces",
        "the extra move",
        "the quiet turns",
    ];
    if fields.len() != 6 {
        let (col, f) = fields
            .get(6)
            .cloned()
            .unwrap_or((chars.len() + 1, String::new()));
        let next = names.get(fields.len()).copied().unwrap_or("nothing more");
        return Err(TextError::new(
            col,
            f,
            format!(
                "a position is six fields separated by single spaces; {} found, {next} expected",
                fields.len()
            ),
        ));
    }
    for (i, (col, f)) in fields.iter().enumerate() {
        if f.is_empty() {
            return Err(TextError::new(*col, "", format!("{} is missing", names[i])));
        }
    }
    let mut cols = Columns {
        fields: [0; 6],
        squares: [0; 81],
    };
    for (i, (col, _)) in fields.iter().enumerate() {
        cols.fields[i] = *col;
    }
    let to_move = {
        let (col, f) = &fields[1];
        let mut it = f.chars();
        match (it.next().and_then(Side::from_letter), it.next()) {
            (Some(s), None) => s,
            _ => {
                return Err(TextError::new(
                    *col,
                    f.clone(),
                    "who is to move is `r` or `w`",
                ));
            }
        }
    };
    let mut pos = Position::empty(to_move);
    read_board(&fields[0], &mut pos, &mut cols)?;
    {
        let (col, f) = &fields[2];
        let ph: Vec<char> = f.chars().collect();
        if ph.len() != 2 {
            return Err(TextError::new(
                *col,
                f.clone(),
                "the phases are two letters, Red's then White's (`c`, `d` or `m`)",
            ));
        }
        for (i, side) in Side::BOTH.into_iter().enumerate() {
            let p = Phase::from_letter(ph[i]).ok_or_else(|| {
                TextError::new(
                    col + i,
                    ph[i].to_string(),
                    "a phase is `c` (choosing masters), `d` (deploying) or `m` (mobilized)",
                )
            })?;
            pos.set_phase(side, p);
        }
    }
    {
        let (col, f) = &fields[3];
        let Some((red, white)) = f.split_once('/') else {
            return Err(TextError::new(
                *col,
                f.clone(),
                "the undeployed pieces are Red's and White's separated by `/`",
            ));
        };
        read_reserve(red, *col, Side::Red, &mut pos)?;
        read_reserve(white, col + red.chars().count() + 1, Side::White, &mut pos)?;
    }
    {
        let (col, f) = &fields[4];
        if f != "-" {
            let sq = Square::parse(f).ok_or_else(|| {
                TextError::new(
                    *col,
                    f.clone(),
                    "the extra move is `-` or the Traitor's square",
                )
            })?;
            pos.set_extra_move(Some(sq));
        }
    }
    {
        let (col, f) = &fields[5];
        let ok = f.chars().all(|c| c.is_ascii_digit()) && (f == "0" || !f.starts_with('0'));
        let n = f.parse::<u16>().ok().filter(|_| ok).ok_or_else(|| {
            TextError::new(
                *col,
                f.clone(),
                "the quiet turns are a whole number 0–65535",
            )
        })?;
        pos.set_quiet_turns(n);
    }
    Ok((pos, cols))
}

fn read_board(
    (start, text): &(usize, String),
    pos: &mut Position,
    cols: &mut Columns,
) -> Result<(), TextError> {
    let mut rank: i32 = 8;
    let mut file: u8 = 0;
    let mut last_digit = false;
    for (i, ch) in text.chars().enumerate() {
        let col = start + i;
        let found = ch.to_string();
        match ch {
            '/' => {
                if file != 9 {
                    return Err(TextError::new(
                        col,
                        found,
                        format!("rank {} has {file} squares; a rank has 9", rank + 1),
                    ));
                }
                if rank == 0 {
                    return Err(TextError::new(col, found, "the board has 9 ranks"));
                }
                rank -= 1;
                file = 0;
                last_digit = false;
            }
            '1'..='9' => {
                if last_digit {
                    return Err(TextError::new(
                        col,
                        found,
                        "write one digit for a run of empty squares",
                    ));
                }
                let n = ch as u8 - b'0';
                if file + n > 9 {
                    return Err(TextError::new(
                        col,
                        found,
                        format!("rank {} has more than 9 squares", rank + 1),
                    ));
                }
                for f in file..file + n {
                    cols.squares[f as usize + 9 * rank as usize] = col;
                }
                file += n;
                last_digit = true;
            }
            _ => {
                let Some(p) = Piece::from_char(ch) else {
                    return Err(TextError::new(
                        col,
                        found,
                        "a piece is G F C S A W P T (Red) or g f c s a w p t (White), or * for the Traitor no one controls",
                    ));
                };
                if file >= 9 {
                    return Err(TextError::new(
                        col,
                        found,
                        format!("rank {} has more than 9 squares", rank + 1),
                    ));
                }
                let sq = Square::from_coords(file, rank as u8).expect("in range");
                cols.squares[sq.index()] = col;
                pos.put(sq, p);
                file += 1;
                last_digit = false;
            }
        }
    }
    if rank != 0 || file != 9 {
        return Err(TextError::new(
            start + text.chars().count(),
            "",
            format!(
                "the board ends early: 9 ranks of 9 squares each, rank 9 first (at rank {}, file {})",
                rank + 1,
                file + 1
            ),
        ));
    }
    Ok(())
}

fn read_reserve(text: &str, start: usize, side: Side, pos: &mut Position) -> Result<(), TextError> {
    if text == "-" {
        return Ok(());
    }
    if text.is_empty() {
        return Err(TextError::new(
            start,
            "",
            format!(
                "{}'s undeployed pieces are missing (`-` for none)",
                side.name()
            ),
        ));
    }
    let c: Vec<char> = text.chars().collect();
    let mut seen = [false; 9];
    let mut i = 0;
    while i < c.len() {
        let col = start + i;
        let ch = c[i];
        let slot = if ch == '?' {
            None
        } else {
            match Piece::from_char(ch) {
                Some(p) if p.owner == Some(side) && Kind::UNDEPLOYED.contains(&p.kind) => {
                    Some(p.kind)
                }
                _ => {
                    let case = if side == Side::Red { "upper" } else { "lower" };
                    return Err(TextError::new(
                        col,
                        ch.to_string(),
                        format!(
                            "{}'s undeployed pieces are F C S A W P in {case} case, or ? for hidden masters",
                            side.name()
                        ),
                    ));
                }
            }
        };
        let idx = slot.map(|k| k.index()).unwrap_or(8);
        if seen[idx] {
            return Err(TextError::new(
                col,
                ch.to_string(),
                "each kind is written once, with its count",
            ));
        }
        seen[idx] = true;
        let mut n = 1u8;
        if let Some(d) = c.get(i + 1).and_then(|d| d.to_digit(10)) {
            if d < 2 {
                return Err(TextError::new(
                    col + 1,
                    c[i + 1].to_string(),
                    "a count is 2–9 (a lone letter is one)",
                ));
            }
            n = d as u8;
            i += 1;
            if let Some(&more) = c.get(i + 1).filter(|d| d.is_ascii_digit()) {
                return Err(TextError::new(
                    col + 2,
                    more.to_string(),
                    "a count is one digit, 2–9 (no kind has more pieces)",
                ));
            }
        }
        let r = pos.reserve_mut(side);
        match slot {
            Some(k) => r.set(k, n),
            None => r.set_hidden(n),
        }
        i += 1;
    }
    Ok(())
}
