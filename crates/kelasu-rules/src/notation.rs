//! Kelasu notation (docs/rulings/kelasu.md, "Notation"). Squares are rank letter then file digit
//! ("E4"). A move `C3-D3`, a capture `C3xD3`, a Recall `J5@A5`, a conversion `D4%E5`, a merge
//! `C=J5/H5+H6+I4+I5` (the piece's letter, `=`, its square, `/`, the other Blanks used in
//! ascending order), ending the turn `end`. Nothing contains a space, comma or semicolon, so a
//! turn's actions sit side by side in a record.
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::explain;
use crate::legal;
use crate::options::KelasuOptions;
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;
use game_api::TextError;

pub fn write(p: &Position, a: Action) -> String {
    match a {
        Action::Move { from, to } => {
            let sep = if p.piece_at(to).is_some() { 'x' } else { '-' };
            format!("{}{sep}{}", from.name(), to.name())
        }
        Action::Recall { from, to } => format!("{}@{}", from.name(), to.name()),
        Action::Convert { from, target } => format!("{}%{}", from.name(), target.name()),
        Action::Merge { kind, to, blanks } => {
            let others: Vec<String> = blanks.without(to).squares().map(Square::name).collect();
            format!("{}={}/{}", kind.letter(), to.name(), others.join("+"))
        }
        Action::End => "end".into(),
    }
}

fn square_at(text: &str, col0: usize) -> Result<Square, TextError> {
    let t = text
        .get(col0..col0 + 2)
        .unwrap_or(text.get(col0..).unwrap_or(""));
    Square::parse(t).ok_or_else(|| {
        // Past the end (a token cut short, `I8`): the column just after the text.
        TextError::new(
            (col0 + 1).min(text.chars().count() + 1),
            t,
            "expected a square: a rank letter A–J then a file digit 0–9 (\"E4\")",
        )
    })
}

/// Reads an action without checking it against the position.
pub fn read_unchecked(text: &str) -> Result<Action, TextError> {
    if text.is_empty() {
        return Err(TextError::new(1, "", "an empty action"));
    }
    if !text.is_ascii() {
        let col = text.chars().position(|c| !c.is_ascii()).unwrap_or(0) + 1;
        return Err(TextError::new(
            col,
            text,
            "notation uses only ASCII letters, digits and - x @ % = / +",
        ));
    }
    if text.eq_ignore_ascii_case("end") {
        return Ok(Action::End);
    }
    if text.as_bytes().get(1) == Some(&b'=') {
        let c = text.as_bytes()[0] as char;
        let kind = Kind::from_letter(c)
            .filter(|k| k.merge_cost().is_some())
            .ok_or_else(|| {
                TextError::new(
                    1,
                    c.to_string(),
                    "expected the merged piece's letter: W R D C G or S",
                )
            })?;
        let to = square_at(text, 2)?;
        if text.as_bytes().get(4) != Some(&b'/') {
            return Err(TextError::new(
                5,
                text.get(4..).unwrap_or(""),
                "expected `/` then the other Blanks used (`W=D4/D5`)",
            ));
        }
        let mut blanks = Bitboard::from_square(to);
        let mut col = 5;
        for part in text[5..].split('+') {
            if part.len() != 2 {
                return Err(TextError::new(
                    col + 1,
                    part,
                    "expected a square (\"E4\") between `+` signs",
                ));
            }
            let s = square_at(text, col)?;
            if blanks.contains(s) {
                return Err(TextError::new(
                    col + 1,
                    part,
                    "this Blank is already named in the merge",
                ));
            }
            blanks = blanks.with(s);
            col += part.len() + 1;
        }
        return Ok(Action::Merge { kind, to, blanks });
    }
    let from = square_at(text, 0)?;
    // The separator is judged before the square after it: `B1C1` lacks its `-` at column 3,
    // not a square at column 4 (a review found the fault placed there).
    let sep = text.as_bytes().get(2).copied().map(char::from);
    if !matches!(sep, Some('-' | 'x' | 'X' | '@' | '%')) {
        let found: String = text.chars().skip(2).take(1).collect();
        return Err(TextError::new(
            3,
            found,
            "expected `-` (move), `x` (capture), `@` (recall) or `%` (convert)",
        ));
    }
    let to = square_at(text, 3)?;
    if text.len() > 5 {
        return Err(TextError::new(
            6,
            &text[5..],
            "unexpected text after the action",
        ));
    }
    Ok(match sep {
        Some('@') => Action::Recall { from, to },
        Some('%') => Action::Convert { from, target: to },
        // The capture mark in either case, as squares and `end` are read (`E4XE5`).
        _ => Action::Move { from, to },
    })
}

/// Reads an action and checks it is legal in `p`.
pub fn read(p: &Position, o: &KelasuOptions, text: &str) -> Result<Action, TextError> {
    let a = read_unchecked(text)?;
    // A finished game has no legal action, though the mover may have energy left.
    if let Some(end) = crate::outcome::ending(p, o) {
        return Err(TextError::new(
            1,
            text,
            format!("the game is over ({})", end.reason),
        ));
    }
    // Stalemate, which only the game's decision finds (a review found a move answered as if
    // the game went on).
    if !p.acted() && !o.pass_allowed && !crate::legal::has_piece_action(p, o) {
        return Err(TextError::new(
            1,
            text,
            format!("the game is over ({})", crate::outcome::STALEMATE),
        ));
    }
    let mut legal = Vec::new();
    legal::legal_actions(p, o, p.to_move(), &mut legal);
    if !legal.contains(&a) {
        let r = explain::refusal(p, o, p.to_move(), a);
        return Err(TextError::new(
            1,
            text,
            format!("not legal here: {} ({})", r.why, r.rule),
        ));
    }
    // The mark (`-` or `x`) is checked once the move is legal: a move refused by the rules (onto
    // one's own piece, say) names the rule, not the mark (a review found `A1-B1` at the start
    // told to write `x`, then refused again for the own Blank).
    if let Action::Move { to, .. } = a {
        let capture = p.piece_at(to).is_some();
        match text.as_bytes()[2] {
            b'x' | b'X' if !capture => {
                return Err(TextError::new(
                    3,
                    &text[2..3],
                    "`x` marks a capture, but the square is empty; write `-`",
                ));
            }
            b'-' if capture => {
                return Err(TextError::new(
                    3,
                    "-",
                    "the square holds a piece: a capture is written with `x`",
                ));
            }
            _ => {}
        }
    }
    Ok(a)
}
