//! The notation of actions (docs/rulings/tirachen.md, "Notation"):
//!
//! - `S3A3W3` — choose 3 masters of arms, 3 of spells, 3 of the hunt (they total 9);
//! - `Ce3-e5` — move (the piece's letter, from, `-`, to); `Ce3xe5` — the same, capturing;
//! - `Ce3xe5=T` — take the Traitor by sacrificing the capturer, gaining control of it;
//! - `P@c2` — place an undeployed piece;
//! - `mob` — declare mobilisation;
//! - `-` — decline the Traitor's extra move.
use crate::action::Action;
use crate::masters::Masters;
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;
use game_api::TextError;

/// The action as played from `pos`.
pub fn write(pos: &Position, a: Action) -> String {
    match a {
        Action::Choose(m) => m.to_string(),
        Action::Move { from, to, control } => {
            let letter = pos.piece_at(from).map(|p| p.kind.letter()).unwrap_or('?');
            let sep = if pos.occupied().contains(to) {
                'x'
            } else {
                '-'
            };
            let tail = if control { "=T" } else { "" };
            format!("{letter}{from}{sep}{to}{tail}")
        }
        Action::Place { kind, to } => format!("{}@{to}", kind.letter()),
        Action::Mobilise => "mob".into(),
        Action::Decline => "-".into(),
    }
}

/// Reads an action against `pos`: the letter must name the piece on the square it moves from,
/// and `x` must mark a capture and `-` a move to an empty square. Whether the action is legal
/// is the rules' to say (with the rule that refuses it), not the reader's.
pub fn read(pos: &Position, text: &str) -> Result<Action, TextError> {
    let c: Vec<char> = text.chars().collect();
    let err = |i: usize, found: &str, why: &str| TextError::new(i + 1, found, why);
    let at = |i: usize| c.get(i).map(|ch| ch.to_string()).unwrap_or_default();
    match text {
        "" => return Err(err(0, "", "an empty action")),
        "mob" => return Ok(Action::Mobilise),
        "-" => return Ok(Action::Decline),
        _ => {}
    }
    let letter = c[0];
    let Some(kind) = Kind::from_letter(letter) else {
        return Err(err(
            0,
            &at(0),
            "an action starts with a piece letter (G F C S A W P T), or is `mob` or `-`",
        ));
    };
    // A choice of masters: S<n>A<n>W<n>.
    if kind == Kind::Arms && c.get(1).is_some_and(|d| d.is_ascii_digit()) {
        return read_masters(&c);
    }
    if c.get(1) == Some(&'@') {
        let to = square_at(&c, 2)?;
        if c.len() > 4 {
            return Err(err(4, &at(4), "nothing may follow a placement's square"));
        }
        return Ok(Action::Place { kind, to });
    }
    let from = square_at(&c, 1)?;
    let sep = c.get(3).copied();
    if !matches!(sep, Some('-') | Some('x')) {
        return Err(err(
            3,
            &at(3),
            "after the square moved from comes `-` (a move) or `x` (a capture), or `@` after the letter for a placement",
        ));
    }
    let to = square_at(&c, 4)?;
    let control = match c.get(6..).map(|t| t.iter().collect::<String>()) {
        Some(t) if t.is_empty() => false,
        Some(t) if t == "=T" => true,
        Some(t) => {
            return Err(err(
                6,
                &t,
                "only `=T` (sacrifice the capturer to control the Traitor) may follow a move",
            ));
        }
        None => false,
    };
    match pos.piece_at(from) {
        None => {
            return Err(err(
                1,
                &from.to_string(),
                "there is no piece on this square",
            ));
        }
        Some(p) if p.kind != kind => {
            return Err(err(
                0,
                &letter.to_string(),
                &format!(
                    "the piece on {from} is a {}, not a {}",
                    p.kind.name(),
                    kind.name()
                ),
            ));
        }
        _ => {}
    }
    // A piece moved onto its own square moves nothing (a review found it told the square is
    // occupied, a capture written with `x`).
    if from == to {
        return Err(err(
            4,
            &to.to_string(),
            &format!("a move leaves its square: {from} to {to} goes nowhere"),
        ));
    }
    let occupied = pos.occupied().contains(to);
    match sep {
        Some('x') if !occupied => {
            return Err(err(
                3,
                "x",
                &format!("{to} is empty: a move there is written with `-`"),
            ));
        }
        Some('-') if occupied => {
            // Onto one's own piece, `x` would not do either (a review found the player sent
            // from this refusal to a second one).
            let mover = pos.piece_at(from).and_then(|p| p.owner);
            let own = mover.is_some() && pos.piece_at(to).and_then(|p| p.owner) == mover;
            let why = if own {
                format!("{to} holds your own piece; pieces capture only opposing pieces")
            } else {
                format!("{to} is occupied: a capture is written with `x`")
            };
            return Err(err(3, "-", &why));
        }
        _ => {}
    }
    if control && !occupied {
        return Err(err(6, "=T", "`=T` follows only a capture of the Traitor"));
    }
    Ok(Action::Move { from, to, control })
}

/// A square named at characters `i` and `i + 1`.
fn square_at(c: &[char], i: usize) -> Result<Square, TextError> {
    let name: String = c.iter().skip(i).take(2).collect();
    // A rank of two digits (`e10`) is no square, not `e1` and a stray `0` the next rule then
    // blames (a review found `Ce8-e10` refused for `=T`).
    if c.get(i + 2).is_some_and(char::is_ascii_digit) {
        let long: String = c
            .iter()
            .skip(i)
            .take_while(|ch| ch.is_ascii_alphanumeric())
            .collect();
        return Err(TextError::new(
            i + 1,
            long,
            "a square is a file a–i and a rank 1–9, as `e5`",
        ));
    }
    Square::parse(&name).ok_or_else(|| {
        TextError::new(
            i + 1,
            name,
            "a square is a file a–i and a rank 1–9, as `e5`",
        )
    })
}

fn read_masters(c: &[char]) -> Result<Action, TextError> {
    let expect = ['S', 'A', 'W'];
    let mut n = [0u8; 3];
    for (k, &letter) in expect.iter().enumerate() {
        let i = 2 * k;
        if c.get(i) != Some(&letter) {
            let found = c.get(i).map(|ch| ch.to_string()).unwrap_or_default();
            return Err(TextError::new(
                i + 1,
                found,
                format!(
                    "a choice of masters is written S<n>A<n>W<n> (as `S3A3W3`); expected `{letter}` here"
                ),
            ));
        }
        match c.get(i + 1).and_then(|d| d.to_digit(10)) {
            Some(d) => n[k] = d as u8,
            None => {
                let found = c.get(i + 1).map(|ch| ch.to_string()).unwrap_or_default();
                return Err(TextError::new(i + 2, found, "expected a count 0–9 here"));
            }
        }
    }
    if c.len() > 6 {
        let rest: String = c[6..].iter().collect();
        return Err(TextError::new(
            7,
            rest,
            "nothing may follow a choice of masters",
        ));
    }
    Masters::new(n[0], n[1], n[2])
        .map(Action::Choose)
        .ok_or_else(|| {
            TextError::new(
                1,
                c.iter().collect::<String>(),
                format!(
                    "the masters must total 9; these total {}",
                    n.iter().map(|&x| x as u32).sum::<u32>()
                ),
            )
        })
}
