//! The rulebook's notation (§2.0.R5).
//!
//! Symbols: piece letters (S $ C B G D L J, `e` engagement, `a` free engagement), `t` take,
//! `f` fend, `---` pass, `==` reset board, `*` drop (`G*Y9`) or withdrawal (`*G`), `~` special
//! move or device, `#` checkmate, `##` double checkmate, `!` declare (`!$tX10`) or enact
//! (`$tX10!`) intention, `U` untenable, `aw az a+ a-` meta-moves, `a=` free engagement reset.
//! The actions of a turn are separated by spaces; turns are numbered in pairs:
//! `1. SZ5 $fW7, CtW10; 2. …`.
//!
//! `San` is the syntax of one action, read without a position; `San::resolve` matches it with
//! the tenable actions of a position, and `San::of_action` writes an action canonically.
pub use crate::action::Meta;
use crate::action::{Action, Effect, Mover};
use crate::errors::ParseError;
use crate::position::{FreePlace, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::{LINE_CHARS, Square, line_from_char};
use std::fmt;

/// Who a move names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanPiece {
    /// A notation letter (`S`, `$`, `e`, `a`, …).
    Letter(char),
    /// An engagement named only by its line, as in `WfC` (§2.0.R5).
    Line(u8),
}

/// The target of a move or of a take/fend: a square, or a piece named by its letter (`LfJ~`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Square(Square),
    Piece(char),
}

/// `t` or `f`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Marker {
    Take,
    Fend,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanMove {
    pub piece: SanPiece,
    pub from_line: Option<u8>,
    pub from_step: Option<u8>,
    /// The move's target, then any further takes or fends it causes (`DfBtJ~`).
    pub hits: Vec<(Option<Marker>, Target)>,
    /// `~`: a special move or device.
    pub special: bool,
    /// A second part joined by `~` with no space, as in Shift: `BY10~$W13`.
    pub linked: Option<Box<SanMove>>,
    /// `!` after the move: enacting a declared intention.
    pub enact: bool,
    /// `U`: untenable; `Ut`: and the piece was lost by penalty.
    pub untenable: Option<bool>,
    /// 1 for `#`, 2 for `##`.
    pub mate: u8,
    /// `>f`, `>r`, `>b`, `>l`: the facing an oriented piece lands with (forward, right, back,
    /// left from its owner's side; ruling R-NOTATION-FACING).
    pub face: Option<u8>,
}

/// The letters of the four facings after `>`.
pub const FACING_CHARS: [char; 4] = ['f', 'r', 'b', 'l'];

/// Where a cast piece comes from, when the notation must say (`~CW4`, `~C*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastFrom {
    Square(Square),
    Reserve,
}

/// One action in notation, read without a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// `---`
    Pass,
    /// `==`
    Reset,
    Meta(Meta),
    /// `G*Y9`; an oriented piece with its facing, `V*X5>r` (§2.0.23, R-NOTATION-FACING).
    Drop {
        piece: char,
        to: Square,
        face: Option<u8>,
    },
    /// `*G`, or `*eW5` naming the square.
    Withdraw {
        piece: char,
        from: Option<Square>,
    },
    /// `~L`: cast piece (§2.0.18); `~CW4` / `~C*` name the origin (a square, or `*` the reserve)
    /// when more than one such piece could be cast (ruling R-CAST).
    Cast {
        piece: char,
        from: Option<CastFrom>,
    },
    Move(SanMove),
    /// `!$tX10`: declare intention (§2.0.11).
    Intention(SanMove),
    /// `a==`: reset the board after quibbling over the free engagement (ruling R-QUIBBLE).
    QuibbleReset,
    /// `hug` / `betray`: the Self or the Dagger hidden in the Hug that settles a draw (§2.0.23;
    /// ruling R-HUG-NOTATION: the rulebook writes none, so the words of the text).
    Hug(crate::hug::HugChoice),
    /// `K@oxoxx` / `K@-`: the Donkey's throw, or its one way out (ruling R-DONKEY).
    Donkey(Option<crate::dice::Roll>),
    /// `@X10` or `@out`: where a cast piece came down (ruling R-CAST).
    Land(Option<Square>),
    /// `~X10`: spring the Obscurant Chaos trap on X10 (ruling R-CAST).
    Invoke(Square),
    /// `@ooxoo`, `@d6=1`, `@g16=5/7`: what a Dagger Throw's sticks, die or guess showed
    /// (ruling R-NOTATION-THROW); `#` after it when the throw hit.
    Roll {
        roll: crate::dice::Roll,
        mate: bool,
    },
}

const SUFFIX: &[char] = &['~', '!', 'U', '#'];

struct Cursor<'a> {
    s: &'a [char],
    i: usize,
    col: usize,
    text: &'a str,
}

impl Cursor<'_> {
    /// `>f`, `>r`, `>b` or `>l` at the cursor: the facing (R-NOTATION-FACING).
    fn take_facing(&mut self) -> Result<u8, ParseError> {
        self.bump();
        let f = self
            .peek()
            .and_then(|ch| FACING_CHARS.iter().position(|&x| x == ch))
            .ok_or_else(|| {
                self.err(
                    "expected a facing after '>': f (forward), r (right), b (back) or l (left)",
                )
            })?;
        self.bump();
        Ok(f as u8)
    }

    fn peek(&self) -> Option<char> {
        self.s.get(self.i).copied()
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.s.get(self.i + k).copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek();
        self.i += 1;
        c
    }
    fn err(&self, msg: impl Into<String>) -> ParseError {
        let tok: String = if self.i < self.s.len() {
            self.s[self.i..].iter().collect()
        } else {
            self.text.to_string()
        };
        // The column of the character at the cursor (in characters, as token columns are
        // counted), or just past the token when the cursor ran off its end.
        let at = self.i.min(self.s.len());
        ParseError::new(self.col + at, tok, msg)
    }
    fn digits(&self, from: usize) -> usize {
        self.s[self.i + from..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    }
    /// A square at the cursor: line letter then 1–2 digits.
    fn square_len(&self) -> Option<usize> {
        let c = self.peek()?;
        line_from_char(c)?;
        if !c.is_ascii_uppercase() && !c.is_ascii_lowercase() {
            return None;
        }
        let d = self.digits(1);
        (d > 0 && d <= 2).then_some(1 + d)
    }
    fn take_square(&mut self) -> Result<Square, ParseError> {
        let n = self
            .square_len()
            .ok_or_else(|| self.err("expected a square such as X13"))?;
        let text: String = self.s[self.i..self.i + n].iter().collect();
        let sq = Square::parse(&text).ok_or_else(|| {
            self.err(format!(
                "'{text}' is not a square: lines are W–Z, steps 1–16"
            ))
        })?;
        self.i += n;
        Ok(sq)
    }
}

fn is_line_upper(c: char) -> bool {
    matches!(c, 'W' | 'X' | 'Y' | 'Z')
}

pub use crate::piece_def::is_piece_letter;

impl San {
    /// Reads one action token; `col` is its 1-based column in the surrounding text.
    pub fn parse_at(text: &str, col: usize) -> Result<San, ParseError> {
        let mut chars: Vec<char> = text.chars().collect();
        // §2.0.R5's engagement named by its line (`eYfX8`), the line in lowercase (`eyfx8`):
        // the line letter read as one, wherever a turn is typed or read (a review found it
        // refused by `apply` and the app as a move naming two pieces).
        if chars.len() > 3
            && chars[0] == 'e'
            && matches!(chars[1], 'w' | 'x' | 'y' | 'z')
            && matches!(chars[2], 'f' | 't')
        {
            chars[1] = chars[1].to_ascii_uppercase();
            if let Some(l) = chars
                .get_mut(3)
                .filter(|l| matches!(l, 'w' | 'x' | 'y' | 'z'))
            {
                *l = l.to_ascii_uppercase();
            }
        }
        let mut c = Cursor {
            s: &chars,
            i: 0,
            col,
            text,
        };
        let san = match text {
            "---" => return Ok(San::Pass),
            "==" => return Ok(San::Reset),
            "aw" => return Ok(San::Meta(Meta::W)),
            "az" => return Ok(San::Meta(Meta::Z)),
            "a+" => return Ok(San::Meta(Meta::Up)),
            "a-" => return Ok(San::Meta(Meta::Down)),
            "a=" => return Ok(San::Meta(Meta::Reset)),
            "a==" => return Ok(San::QuibbleReset),
            "hug" => return Ok(San::Hug(crate::hug::HugChoice::Hug)),
            "betray" => return Ok(San::Hug(crate::hug::HugChoice::Betray)),
            "" => return Err(c.err("empty move")),
            _ => match c.peek() {
                Some('*') => {
                    c.bump();
                    let piece = c.bump().filter(|&p| is_piece_letter(p)).ok_or_else(|| {
                        c.err("expected a piece letter after '*' (withdrawal, e.g. *G)")
                    })?;
                    let from = if c.peek().is_some() {
                        Some(c.take_square()?)
                    } else {
                        None
                    };
                    San::Withdraw { piece, from }
                }
                Some('~')
                    if chars.len() == 2
                        || (chars.len() >= 3
                            && is_piece_letter(chars[1])
                            && (&text[chars[0].len_utf8() + chars[1].len_utf8()..] == "*"
                                || Square::parse(
                                    &text[chars[0].len_utf8() + chars[1].len_utf8()..],
                                )
                                .is_some())) =>
                {
                    c.bump();
                    let piece = c.bump().filter(|&p| is_piece_letter(p)).ok_or_else(|| {
                        c.err("expected a piece letter after '~' (cast piece, e.g. ~L)")
                    })?;
                    let rest: String = chars[2..].iter().collect();
                    c.i = chars.len();
                    let from = if rest.is_empty() {
                        None
                    } else if rest == "*" {
                        Some(CastFrom::Reserve)
                    } else {
                        Some(CastFrom::Square(
                            Square::parse(&rest).expect("checked above"),
                        ))
                    };
                    San::Cast { piece, from }
                }
                Some('!') => {
                    c.bump();
                    San::Intention(parse_move(&mut c)?)
                }
                Some('K') if text == "K@-" => return Ok(San::Donkey(None)),
                Some('K') if text.starts_with("K@") => {
                    let roll = crate::dice::Roll::parse(&text[2..])
                        .map_err(|m| ParseError::new(col + 2, &text[2..], m))?;
                    return Ok(San::Donkey(Some(roll)));
                }
                Some('@') if text == "@out" => return Ok(San::Land(None)),
                Some('@') if Square::parse(&text[1..]).is_some() => {
                    return Ok(San::Land(Square::parse(&text[1..])));
                }
                Some('~') if Square::parse(&text[1..]).is_some() => {
                    return Ok(San::Invoke(Square::parse(&text[1..]).unwrap()));
                }
                Some('@') => {
                    let body = text[1..].trim_end_matches('#');
                    let marks = text.len() - 1 - body.len();
                    // One `#` marks the throw that hit (the writer's); more is a mark written
                    // again (a review found `@ooooo###` read as `@ooooo#`).
                    if marks > 1 {
                        return Err(ParseError::new(
                            col + 1 + body.len() + 1,
                            &text[1 + body.len() + 1..],
                            "'#' is written twice after one roll: a throw that hits is marked with one `#`",
                        ));
                    }
                    let mate = marks == 1;
                    let roll = crate::dice::Roll::parse(body)
                        .map_err(|m| ParseError::new(col + 1, body, m))?;
                    return Ok(San::Roll { roll, mate });
                }
                Some(p) if is_piece_letter(p) && c.peek_at(1) == Some('*') => {
                    c.i += 2;
                    let to = c.take_square()?;
                    let face = if c.peek() == Some('>') {
                        Some(c.take_facing()?)
                    } else {
                        None
                    };
                    San::Drop { piece: p, to, face }
                }
                _ => San::Move(parse_move(&mut c)?),
            },
        };
        if c.i < chars.len() {
            // `$B6`: a line called A–D, which the rulebook allows in speech (§2.0.02 The
            // Board), read as a piece letter and a stray step (R-LINE-NAMES).
            let rest = &chars[c.i..];
            if c.i > 0
                && matches!(chars[c.i - 1].to_ascii_uppercase(), 'A'..='D')
                && rest.iter().all(|ch| ch.is_ascii_digit())
            {
                return Err(c.err(
                    "unexpected text after the move: lines are written W, X, Y, Z (A–D are piece letters in notation; R-LINE-NAMES)",
                ));
            }
            // `$xX13`: chess's capture mark (a review found no word of `t`).
            if chars.windows(3).any(|w| {
                w[0] == 'x' && matches!(w[1], 'W' | 'X' | 'Y' | 'Z') && w[2].is_ascii_digit()
            }) {
                return Err(c.err(
                    "unexpected text after the move: a take is written `t`, not `x` as in chess (§2.0.R5: \"t take (instead of x for capture, as in chess)\")",
                ));
            }
            return Err(c.err("unexpected text after the move"));
        }
        Ok(san)
    }

    pub fn parse(text: &str) -> Result<San, ParseError> {
        San::parse_at(text, 1)
    }
}

fn parse_move(c: &mut Cursor) -> Result<SanMove, ParseError> {
    parse_move_linked(c, false)
}

/// A move, or (`linked`) the one other move a swap links to it (`BY10~$W13`): a linked move
/// links no further (a review found a token of thousands of `S~` overflowing the stack).
fn parse_move_linked(c: &mut Cursor, linked: bool) -> Result<SanMove, ParseError> {
    let first = c.peek().ok_or_else(|| c.err("expected a piece letter"))?;
    let piece = if is_line_upper(first) && !c.peek_at(1).is_some_and(|d| d.is_ascii_digit()) {
        c.bump();
        SanPiece::Line(line_from_char(first).unwrap())
    } else if is_piece_letter(first) {
        c.bump();
        SanPiece::Letter(first)
    } else if first.is_ascii_digit() {
        // `1.` before a turn: a record's move number (a review found it called a piece letter).
        return Err(c.err(format!(
            "'{first}' is not a piece letter: a move number (`1.`) belongs to a record, which `replay` reads; a turn alone is written without it"
        )));
    } else {
        return Err(c.err(format!(
            "'{first}' is not a piece letter (S $ C B G D L J e a …)"
        )));
    };
    let mut m = SanMove {
        piece,
        from_line: None,
        from_step: None,
        hits: Vec::new(),
        special: false,
        linked: None,
        enact: false,
        untenable: None,
        mate: 0,
        face: None,
    };
    // Disambiguation: a full square followed by more, a line letter not followed by a digit, or
    // a step number followed by more.
    if let Some(n) = c.square_len() {
        let after = c.peek_at(n);
        if after.is_some_and(|a| {
            matches!(a, 't' | 'f')
                || is_line_upper(a)
                || (is_piece_letter(a) && !SUFFIX.contains(&a))
        }) {
            let sq = c.take_square()?;
            m.from_line = Some(sq.line());
            m.from_step = Some(sq.step());
        }
    } else if let Some(l) = c.peek().filter(|&l| is_line_upper(l)) {
        if !c.peek_at(1).is_some_and(|d| d.is_ascii_digit())
            && c.peek_at(1)
                .is_some_and(|a| matches!(a, 't' | 'f') || is_line_upper(a))
        {
            c.bump();
            m.from_line = line_from_char(l);
        }
    } else if c.peek().is_some_and(|d| d.is_ascii_digit()) {
        let d = c.digits(0);
        let text: String = c.s[c.i..c.i + d].iter().collect();
        let step: u8 = text
            .parse()
            .ok()
            .filter(|s| (1..=16).contains(s))
            .ok_or_else(|| c.err("a step number is 1–16"))?;
        c.i += d;
        m.from_step = Some(step);
    }
    loop {
        let marker = match c.peek() {
            Some('t') => Some(Marker::Take),
            Some('f') => Some(Marker::Fend),
            _ => None,
        };
        if marker.is_some() {
            c.bump();
        }
        let target = if c.square_len().is_some() {
            Target::Square(c.take_square()?)
        } else if let Some(p) = c.peek().filter(|&p| is_piece_letter(p)) {
            c.bump();
            Target::Piece(p)
        } else if marker.is_some() || m.hits.is_empty() {
            return Err(c.err("expected a target square (e.g. X8) or piece letter"));
        } else {
            break;
        };
        m.hits.push((marker, target));
        if !matches!(c.peek(), Some('t' | 'f')) {
            break;
        }
    }
    // Each suffix once: a repeat (`$W5~~`, `>f>r`, `###`) says nothing the writer would
    // write, and was read without a word.
    let mut written: Vec<char> = Vec::new();
    while let Some(s) = c.peek() {
        if matches!(s, '~' | '!' | '>' | 'U' | '#') {
            if written.contains(&s) {
                return Err(c.err(format!("'{s}' is written twice after one move")));
            }
            written.push(s);
        }
        match s {
            '~' => {
                c.bump();
                m.special = true;
                if c.peek()
                    .is_some_and(|p| is_piece_letter(p) || is_line_upper(p))
                {
                    if linked {
                        return Err(
                            c.err("a move links one other move at most (a swap: BY10~$W13)")
                        );
                    }
                    m.linked = Some(Box::new(parse_move_linked(c, true)?));
                }
            }
            '!' => {
                c.bump();
                m.enact = true;
            }
            '>' => m.face = Some(c.take_facing()?),
            'U' => {
                c.bump();
                let lost = c.peek() == Some('t');
                if lost {
                    c.bump();
                }
                m.untenable = Some(lost);
            }
            '#' => {
                c.bump();
                m.mate = 1;
                if c.peek() == Some('#') {
                    c.bump();
                    m.mate = 2;
                }
            }
            _ => break,
        }
    }
    Ok(m)
}

impl fmt::Display for SanMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.piece {
            SanPiece::Letter(c) => write!(f, "{c}")?,
            SanPiece::Line(l) => write!(f, "{}", LINE_CHARS[l as usize])?,
        }
        match (self.from_line, self.from_step) {
            (Some(l), Some(s)) => write!(f, "{}{s}", LINE_CHARS[l as usize])?,
            (Some(l), None) => write!(f, "{}", LINE_CHARS[l as usize])?,
            (None, Some(s)) => write!(f, "{s}")?,
            (None, None) => {}
        }
        for (marker, target) in &self.hits {
            match marker {
                Some(Marker::Take) => f.write_str("t")?,
                Some(Marker::Fend) => f.write_str("f")?,
                None => {}
            }
            match target {
                Target::Square(sq) => write!(f, "{sq}")?,
                Target::Piece(p) => write!(f, "{p}")?,
            }
        }
        if let Some(face) = self.face {
            write!(f, ">{}", FACING_CHARS[face as usize & 3])?;
        }
        if self.special {
            f.write_str("~")?;
            if let Some(l) = &self.linked {
                write!(f, "{l}")?;
            }
        }
        if self.enact {
            f.write_str("!")?;
        }
        match self.untenable {
            Some(true) => f.write_str("Ut")?,
            Some(false) => f.write_str("U")?,
            None => {}
        }
        match self.mate {
            1 => f.write_str("#"),
            2 => f.write_str("##"),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            San::Pass => f.write_str("---"),
            San::Reset => f.write_str("=="),
            San::Meta(m) => f.write_str(match m {
                Meta::W => "aw",
                Meta::Z => "az",
                Meta::Up => "a+",
                Meta::Down => "a-",
                Meta::Reset => "a=",
            }),
            San::Drop { piece, to, face } => {
                write!(f, "{piece}*{to}")?;
                if let Some(face) = face {
                    write!(f, ">{}", FACING_CHARS[*face as usize & 3])?;
                }
                Ok(())
            }
            San::Withdraw {
                piece,
                from: Some(sq),
            } => write!(f, "*{piece}{sq}"),
            San::Withdraw { piece, from: None } => write!(f, "*{piece}"),
            San::Cast { piece, from } => {
                write!(f, "~{piece}")?;
                match from {
                    Some(CastFrom::Square(sq)) => write!(f, "{sq}"),
                    Some(CastFrom::Reserve) => f.write_str("*"),
                    None => Ok(()),
                }
            }
            San::Move(m) => write!(f, "{m}"),
            San::Intention(m) => write!(f, "!{m}"),
            San::Roll { roll, mate } => write!(f, "@{roll}{}", if *mate { "#" } else { "" }),
            San::Land(Some(sq)) => write!(f, "@{sq}"),
            San::Land(None) => f.write_str("@out"),
            San::Donkey(None) => f.write_str("K@-"),
            San::QuibbleReset => f.write_str("a=="),
            San::Hug(crate::hug::HugChoice::Hug) => f.write_str("hug"),
            San::Hug(crate::hug::HugChoice::Betray) => f.write_str("betray"),
            San::Donkey(Some(r)) => write!(f, "K@{r}"),
            San::Invoke(sq) => write!(f, "~{sq}"),
        }
    }
}

/// Whether `c` is the letter of one of the Jutsu of `side`'s opponent (glare's and
/// shadow-stabbing's target, §2.0.10, §2.0.18).
fn opposing_jutsu_letter(rules: &Rules, side: crate::side::Side, c: char) -> bool {
    crate::rules::kinds_in(rules.jutsu_kinds(!side)).any(|j| letter(rules, !side, j) == c)
}

fn letter(rules: &Rules, side: crate::side::Side, k: crate::piece_set::Kind) -> char {
    rules.set(side).piece(k).def.letter
}

impl San {
    /// Writes `action`, tenable in `pos`, in canonical notation. `legal` is
    /// `pos.legal_actions(rules)`, used to disambiguate.
    pub fn of_action(rules: &Rules, pos: &Position, legal: &[Action], action: &Action) -> San {
        let mut san = San::of_action_unmarked(rules, pos, legal, action);
        // `#` on whatever action checkmates (§2.0.R5 "# checkmate"), not only the moves whose
        // effect says so: an enacted strike on the Self, disarming a captured last blade, a
        // repositioning that takes, a throw whose miss disarms the thrower (§2.0.21). Not from
        // a dying move whose disarm "is no double checkmate" (§2.0.20): the ending stands as
        // it was.
        let unmarked = match &san {
            San::Move(m) => m.mate == 0,
            San::Roll { mate, .. } => !*mate,
            _ => false,
        };
        if unmarked {
            let mut after = *pos;
            after.play_unchecked(rules, *action);
            let mates = matches!(
                after.outcome(),
                Some(crate::outcome::Outcome::Checkmate { .. })
            ) && after.outcome() != pos.outcome();
            // `##`: a dying move's double checkmate (an enacted strike on the Self, R-DYING).
            let double = after.outcome() == Some(crate::outcome::Outcome::DoubleCheckmate)
                && pos.dying() == Some(pos.turn());
            if mates || double {
                match &mut san {
                    San::Move(m) => m.mate = if double { 2 } else { 1 },
                    San::Roll { mate, .. } => *mate = true,
                    _ => {}
                }
            }
        }
        san
    }

    /// `of_action` before the checkmate mark of an action whose own effect does not say so.
    fn of_action_unmarked(rules: &Rules, pos: &Position, legal: &[Action], action: &Action) -> San {
        let side = pos.turn();
        let plain =
            |piece: SanPiece, marker: Option<Marker>, target: Target, special: bool| SanMove {
                piece,
                from_line: None,
                from_step: None,
                hits: vec![(marker, target)],
                special,
                linked: None,
                enact: false,
                untenable: None,
                mate: 0,
                face: None,
            };
        match *action {
            Action::Pass | Action::EndTurn => San::Pass,
            Action::Retreat => San::Reset,
            Action::Meta(m) => San::Meta(m),
            Action::PlaceDonkey { to } => San::Drop {
                piece: 'K',
                to,
                face: None,
            },
            Action::QuibbleReset => San::QuibbleReset,
            Action::Hug(c) => San::Hug(c),
            Action::Donkey(r) => San::Donkey(r),
            Action::Cast { kind, from, .. } => {
                // The origin is written only when another cast of the same piece is open.
                let rivals = legal
                    .iter()
                    .filter(|a| matches!(a, Action::Cast { kind: k, .. } if *k == kind))
                    .count();
                San::Cast {
                    piece: letter(rules, side, kind),
                    from: (rivals > 1).then_some(match from {
                        Some(sq) => CastFrom::Square(sq),
                        None => CastFrom::Reserve,
                    }),
                }
            }
            Action::Land(l) => San::Land(l.at),
            Action::Invoke { at } => San::Invoke(at),
            Action::Declare { kind, to, .. } | Action::Enact { kind, to, .. } => {
                let from = match *action {
                    Action::Declare { from, .. } | Action::Enact { from, .. } => from,
                    _ => unreachable!(),
                };
                let marker =
                    crate::special::intention::declared_effect(rules, pos, side, kind, from, to)
                        .and_then(|e| e.marker())
                        .map(|c| if c == 't' { Marker::Take } else { Marker::Fend });
                let mut m = plain(
                    SanPiece::Letter(letter(rules, side, kind)),
                    marker,
                    Target::Square(to),
                    false,
                );
                if pos.pieces(side, kind).count() > 1 {
                    m.from_line = Some(from.line());
                    m.from_step = Some(from.step());
                }
                if matches!(action, Action::Enact { .. }) {
                    m.enact = true;
                    San::Move(m)
                } else {
                    San::Intention(m)
                }
            }
            Action::Throw { kind, target, from } => {
                let mut m = plain(
                    SanPiece::Letter(letter(rules, side, kind)),
                    Some(Marker::Take),
                    Target::Square(target),
                    true,
                );
                // The whole origin square whenever the side has two of the kind, as for a
                // declaration (R-NOTATION-WRITING; a review found it written only when both
                // could throw).
                if pos.pieces(side, kind).count() > 1 {
                    m.from_line = Some(from.line());
                    m.from_step = Some(from.step());
                }
                San::Move(m)
            }
            Action::Roll(roll) => San::Roll {
                roll,
                mate: roll.verdict() == crate::dice::Verdict::Hit,
            },
            // "The repositioning of pieces is indicated by simple move notation" (§2.0.R5): with
            // `t` or `f` when it takes (Obscurant Chaos's invocation, §2.0.18).
            Action::Reposition { kind, to, .. } => San::Move(plain(
                SanPiece::Letter(letter(rules, side, kind)),
                crate::special::dagger_throw::reposition_effect(rules, pos, kind, to)
                    .and_then(|e| e.marker())
                    .map(|c| if c == 't' { Marker::Take } else { Marker::Fend }),
                Target::Square(to),
                false,
            )),
            Action::Glare { from } => {
                let (_, k) = pos.piece_at(from).expect("glaring piece on board");
                let opp = !side;
                let jutsu = rules
                    .set(opp)
                    .kinds()
                    .find(|&j| rules.info(opp, j).jutsu)
                    .map(|j| letter(rules, opp, j))
                    .unwrap_or('J');
                let mut m = plain(
                    SanPiece::Letter(letter(rules, side, k)),
                    Some(Marker::Fend),
                    Target::Piece(jutsu),
                    true,
                );
                if pos.pieces(side, k).count() > 1 {
                    m.from_line = Some(from.line());
                    m.from_step = Some(from.step());
                }
                San::Move(m)
            }
            Action::Place { kind, to, face } => San::Drop {
                piece: letter(rules, side, kind),
                to,
                face,
            },
            Action::Withdraw { kind, from } => {
                let others = legal.iter().filter(|a| matches!(a, Action::Withdraw { kind: k, from: f } if *k == kind && *f != from)).count();
                San::Withdraw {
                    piece: letter(rules, side, kind),
                    from: (others > 0).then_some(from),
                }
            }
            Action::EnterFree { to } => San::Move(SanMove {
                piece: SanPiece::Letter('a'),
                from_line: None,
                from_step: None,
                hits: vec![(None, Target::Square(to))],
                special: false,
                linked: None,
                enact: false,
                untenable: None,
                mate: 0,
                face: None,
            }),
            Action::Move(m) => {
                let piece = match m.mover {
                    Mover::Piece(k) => SanPiece::Letter(letter(rules, side, k)),
                    Mover::Free => SanPiece::Letter('a'),
                };
                let rivals: Vec<Square> = legal
                    .iter()
                    .filter_map(|a| a.as_move())
                    .filter(|o| o.mover == m.mover && o.to == m.to && o.from != m.from)
                    .map(|o| o.from)
                    .collect();
                // A quiet move onto a square the same kind could be repositioned to (a normal move
                // made instead of Obscurant Chaos's repositioning, §2.0.18) names its square
                // whole: `$Z4` is the repositioning.
                let like_reposition = legal.iter().any(|a| {
                        matches!((a, m.mover), (Action::Reposition { kind, to, .. }, Mover::Piece(k)) if *kind == k && *to == m.to)
                    });
                let (from_line, from_step) = if like_reposition {
                    (Some(m.from.line()), Some(m.from.step()))
                } else if rivals.is_empty() {
                    (None, None)
                } else if rivals.iter().all(|r| r.line() != m.from.line()) {
                    (Some(m.from.line()), None)
                } else if rivals.iter().all(|r| r.step() != m.from.step()) {
                    (None, Some(m.from.step()))
                } else {
                    (Some(m.from.line()), Some(m.from.step()))
                };
                let marker = m
                    .effect
                    .marker()
                    .map(|c| if c == 't' { Marker::Take } else { Marker::Fend });
                // `##`: double checkmate by the dying move (§2.0.R5).
                let double_mate =
                    u8::from(m.effect == Effect::Checkmate && pos.dying() == Some(side));
                let mut hits = vec![(marker, Target::Square(m.to))];
                // Shadow-stabbing names the Jutsu it takes (`DfBtJ~`, §2.0.R5).
                if let Effect::ShadowStab(_) = m.effect {
                    let opp = !side;
                    if let Some(j) = rules.set(opp).kinds().find(|&j| rules.info(opp, j).jutsu) {
                        hits.push((Some(Marker::Take), Target::Piece(letter(rules, opp, j))));
                    }
                }
                San::Move(SanMove {
                    piece,
                    from_line,
                    from_step,
                    hits,
                    special: written_special(rules, pos, &m),
                    // A swap names the other piece's move too (`BY10~$W13`, §2.0.R5).
                    linked: match m.effect {
                        Effect::Swap(k) => Some(Box::new(SanMove {
                            piece: SanPiece::Letter(letter(rules, side, k)),
                            from_line: None,
                            from_step: None,
                            hits: vec![(None, Target::Square(m.from))],
                            special: false,
                            linked: None,
                            enact: false,
                            untenable: None,
                            mate: 0,
                            face: None,
                        })),
                        _ => None,
                    },
                    enact: false,
                    untenable: None,
                    face: m.face,
                    mate: double_mate
                        + u8::from(match m.effect {
                            Effect::Checkmate => true,
                            // Disarming the last blade on the board is checkmate (§2.0.14),
                            // not from a dying move (§2.0.20).
                            Effect::Disarm(k) => {
                                pos.dying() != Some(side)
                                    && rules.info(!side, k).privileged
                                    && crate::special::disarm::privileged_on_board(
                                        rules, pos, !side,
                                    ) == 1
                            }
                            _ => false,
                        }),
                })
            }
        }
    }

    /// Finds the one tenable action this notation names in `pos`.
    pub fn resolve(
        &self,
        rules: &Rules,
        pos: &Position,
        legal: &[Action],
        col: usize,
    ) -> Result<Action, ParseError> {
        let side = pos.turn();
        let here = |msg: String| ParseError::new(col, self.to_string(), msg);
        // `e` is the piece lettered `e` (an Engagement, the set checker sees to it), else the
        // set's first Engagement kind (a set may letter its engagement otherwise; a review
        // found `e` always read as the first, a second Engagement kind listed earlier taking
        // the other's moves).
        let kind_of = |c: char| {
            rules.set(side).by_letter(c).or_else(|| {
                (c == 'e').then_some(()).and_then(|()| {
                    rules
                        .set(side)
                        .kinds()
                        .find(|&k| rules.is_engagement(side, k))
                })
            })
        };
        let pick = |cands: Vec<Action>, what: &str| -> Result<Action, ParseError> {
            match cands.len() {
                1 => Ok(cands[0]),
                0 => Err(here(format!("no tenable {what} matches"))),
                _ => {
                    let names: Vec<String> = cands
                        .iter()
                        .map(|a| San::of_action(rules, pos, legal, a).to_string())
                        .collect();
                    Err(here(format!("ambiguous: could be {}", names.join(" or "))))
                }
            }
        };
        match self {
            San::Pass => legal
                .iter()
                .find(|a| matches!(a, Action::Pass | Action::EndTurn))
                .copied()
                .ok_or_else(|| {
                    here(crate::untenable::explain(rules, pos, &Action::Pass).to_string())
                }),
            San::Reset => legal
                .iter()
                .find(|a| matches!(a, Action::Retreat))
                .copied()
                .ok_or_else(|| {
                    here(crate::untenable::explain(rules, pos, &Action::Retreat).to_string())
                }),
            San::Roll { roll, .. } => {
                let a = Action::Roll(*roll);
                if crate::special::dagger_throw::accepts(rules, pos, *roll) {
                    Ok(a)
                } else {
                    Err(here(crate::untenable::explain(rules, pos, &a).to_string()))
                }
            }
            San::Meta(m) => legal
                .iter()
                .find(|a| **a == Action::Meta(*m))
                .copied()
                .ok_or_else(|| {
                    here(crate::untenable::explain(rules, pos, &Action::Meta(*m)).to_string())
                }),
            San::Cast { piece, from } => {
                let k = kind_of(*piece).ok_or_else(|| {
                    here(format!("'{piece}' is not a piece letter of {side}'s set"))
                })?;
                // The piece on the board first, then from reserve (ruling R-CAST).
                let mut cands: Vec<Action> = legal
                    .iter()
                    .filter(|a| match a {
                        Action::Cast { kind, from: f, .. } if *kind == k => match from {
                            None => true,
                            Some(CastFrom::Reserve) => f.is_none(),
                            Some(CastFrom::Square(sq)) => *f == Some(*sq),
                        },
                        _ => false,
                    })
                    .copied()
                    .collect();
                if from.is_none()
                    && cands
                        .iter()
                        .filter(|a| !matches!(a, Action::Cast { from: None, .. }))
                        .count()
                        > 1
                {
                    return Err(here(format!(
                        "ambiguous: more than one {} could be cast; name its square, e.g. ~{piece}W4, or ~{piece}* from reserve",
                        rules.set(side).piece(k).name()
                    )));
                }
                cands.sort_by_key(|a| matches!(a, Action::Cast { from: None, .. }));
                cands.first().copied().ok_or_else(|| {
                    // The piece named (or the only one of its kind on the board, else the
                    // reserve's): the rules say why that one is not cast now (a review found a
                    // fixed reason given, blaming the measures after a move).
                    let on_board = match from {
                        Some(CastFrom::Square(sq)) => Some(*sq),
                        Some(CastFrom::Reserve) => None,
                        None => pos.pieces(side, k).next(),
                    };
                    // A square written with no such piece on it is said so, not read as the
                    // reserve (a review found "not from reserve" said of `~LX5`).
                    // A captured blade named, or the only one of its kind (none on the board
                    // free, none in reserve): it lies under the opposing Cloak (a review found
                    // "no Dagger on W4" said of one there, pinned).
                    let captured = match from {
                        Some(CastFrom::Square(sq)) => Some(*sq),
                        None if on_board.is_none() && pos.reserve(side, k) == 0 => {
                            crate::special::blade_capture::pins(pos, side)
                                .find(|pin| pin.0 == k)
                                .map(|pin| pin.1)
                        }
                        _ => None,
                    };
                    if let Some(sq) = captured
                        && crate::special::blade_capture::pinned_at(pos, side, sq)
                            .is_some_and(|(pinned, _)| pinned == k)
                    {
                        return here(format!(
                            "your {} on {sq} lies captured under the opposing Cloak: it is not cast, only freed by moving off (§2.0.06; ruling R-BLADE-CAPTURE)",
                            rules.set(side).piece(k).name()
                        ));
                    }
                    if let Some(CastFrom::Square(sq)) = from
                        && pos.piece_at(*sq) != Some((side, k))
                        && rules.info(side, k).cast.is_some()
                    {
                        return here(format!(
                            "you have no {} on {sq} to cast (§2.0.18)",
                            rules.set(side).piece(k).name()
                        ));
                    }
                    let from = on_board.filter(|&sq| pos.piece_at(sq) == Some((side, k)));
                    let cast = Action::Cast {
                        kind: k,
                        from,
                        measure: 0,
                    };
                    here(crate::untenable::explain(rules, pos, &cast).to_string())
                })
            }
            San::QuibbleReset => legal
                .iter()
                .find(|a| **a == Action::QuibbleReset)
                .copied()
                .ok_or_else(|| {
                    here(crate::untenable::explain(rules, pos, &Action::QuibbleReset).to_string())
                }),
            San::Hug(c) => {
                let open = crate::side::Side::ALL.into_iter().any(|s| {
                    pos.hug_waits_for(rules, s) && crate::hug::choices(rules, s).contains(c)
                });
                if open {
                    Ok(Action::Hug(*c))
                } else {
                    let mut p = *pos;
                    let side = crate::hug::first_waiting(rules, pos).unwrap_or(side);
                    Err(here(match p.pick_hug(rules, side, *c) {
                        Err(u) => u.to_string(),
                        Ok(()) => "no hand of the Hug is open to that pick (§2.0.23)".into(),
                    }))
                }
            }
            San::Donkey(r) => {
                if crate::special::donkey::accepts(pos, *r) {
                    Ok(Action::Donkey(*r))
                } else {
                    Err(here(
                        "the Donkey does not move now, or not by that throw (§2.0.23)".into(),
                    ))
                }
            }
            San::Land(at) => {
                let l = crate::device::Landing::on(*at);
                if crate::special::cast_piece::accepts(rules, pos, l) {
                    Ok(Action::Land(l))
                } else if matches!(pos.phase(), crate::position::Phase::Cast { .. }) {
                    // The piece is in the air: the square is the fault (a review found "no cast
                    // piece is in the air" said of one that was).
                    let open: Vec<String> = crate::special::cast_piece::empty_measures(rules, pos)
                        .iter()
                        .map(|m| format!("steps {}–{}", m.first_step(), m.first_step() + 3))
                        .collect();
                    Err(here(format!(
                        "the cast piece lands only in an empty measure ({}), or off the board (`@out`) (§2.0.18)",
                        open.join(", ")
                    )))
                } else {
                    Err(here("no cast piece is in the air (§2.0.18)".into()))
                }
            }
            San::Invoke(at) => legal
                .iter()
                .find(|a| **a == Action::Invoke { at: *at })
                .copied()
                .ok_or_else(|| {
                    here(
                        crate::untenable::explain(rules, pos, &Action::Invoke { at: *at })
                            .to_string(),
                    )
                }),
            San::Intention(m) => {
                let (Some((_, Target::Square(to))), SanPiece::Letter(c)) =
                    (m.hits.first(), m.piece)
                else {
                    return Err(here(
                        "an intention names a blade and a target square, e.g. !$tX10".into(),
                    ));
                };
                // Nothing else: no second hit, `~` part, facing, `!`, mark of a call or mate (a
                // review found them read and dropped).
                if m.hits.len() > 1
                    || m.special
                    || m.linked.is_some()
                    || m.face.is_some()
                    || m.enact
                    || m.untenable.is_some()
                    || m.mate > 0
                {
                    return Err(here(
                        "an intention is written as its blade, `t` or `f`, and the target square alone, e.g. !$tX10 (§2.0.11 Jutsu: Intention)".into(),
                    ));
                }
                let k = kind_of(c)
                    .ok_or_else(|| here(format!("'{c}' is not a piece letter of {side}'s set")))?;
                let froms: Vec<Square> = pos
                    .pieces(side, k)
                    .filter(from_written(m.from_line, m.from_step))
                    .collect();
                let from = match froms.as_slice() {
                    [f] => *f,
                    [] => {
                        return Err(here(format!(
                            "you have no {} there",
                            rules.set(side).piece(k).name()
                        )));
                    }
                    _ if !rules.is_blade(side, k) => {
                        return Err(here(format!(
                            "the {} is no blade: an intention names a blade and the square it would strike (§2.0.11 Jutsu: Intention)",
                            rules.set(side).piece(k).name()
                        )));
                    }
                    _ => return Err(here("ambiguous: name the blade's square".into())),
                };
                let a = Action::Declare {
                    kind: k,
                    from,
                    to: *to,
                };
                // An offered declaration's `t` or `f` is the strike's: another is refused, as a
                // move's is (a review found `!$fW6` read as `!$tW6`, its enactment `$fW6!` then
                // refused). A bluff may be written as anything describable.
                if legal.contains(&a)
                    && let Some(written) = m.hits[0].0
                    && let Some(its) =
                        crate::special::intention::declared_effect(rules, pos, side, k, from, *to)
                            .and_then(|e| e.marker())
                {
                    let w = if written == Marker::Take { 't' } else { 'f' };
                    if w != its {
                        return Err(here(format!(
                            "written with `{w}`, but that strike {} (`!{c}{its}{to}`)",
                            if its == 't' { "takes" } else { "fends" }
                        )));
                    }
                }
                // Offered, or a bluff (§2.0.11: "you may bluff an intention of any describable move").
                if legal.contains(&a) || crate::special::intention::may_declare(rules, pos, k, from)
                {
                    Ok(a)
                } else {
                    Err(here(crate::untenable::explain(rules, pos, &a).to_string()))
                }
            }
            San::Drop {
                piece: 'K',
                to,
                face: None,
            } if rules.has_donkey(side) && kind_of('K').is_none() => {
                let a = Action::PlaceDonkey { to: *to };
                if legal.contains(&a) {
                    Ok(a)
                } else {
                    Err(here(
                        "your Donkey is not in reserve, or the square is not empty (§2.0.23)"
                            .into(),
                    ))
                }
            }
            San::Drop { piece, to, face } => {
                // "The free engagement moved into play is notated as a normal move (e.g. aX8),
                // not as a piece-drop with the asterisk marker" (§2.0.R5; a review found `a*X8`
                // told `a` is no piece letter).
                if *piece == 'a' && kind_of('a').is_none() {
                    return Err(here(format!(
                        "the free engagement is moved into play as a normal move, `a{to}`, not placed with `*` (§2.0.R5)"
                    )));
                }
                let k = kind_of(*piece).ok_or_else(|| {
                    here(format!("'{piece}' is not a piece letter of {side}'s set"))
                })?;
                let a = Action::Place {
                    kind: k,
                    to: *to,
                    face: *face,
                };
                if legal.contains(&a) {
                    Ok(a)
                } else {
                    Err(here(crate::untenable::explain(rules, pos, &a).to_string()))
                }
            }
            San::Withdraw { piece, from } => {
                let k = kind_of(*piece).ok_or_else(|| {
                    here(format!("'{piece}' is not a piece letter of {side}'s set"))
                })?;
                let cands: Vec<Action> = legal.iter().filter(|a| matches!(a, Action::Withdraw { kind, from: f } if *kind == k && from.is_none_or(|s| s == *f))).copied().collect();
                if cands.is_empty()
                    && let Some(f) = from.or_else(|| pos.pieces(side, k).first())
                {
                    return Err(here(
                        crate::untenable::explain(
                            rules,
                            pos,
                            &Action::Withdraw { kind: k, from: f },
                        )
                        .to_string(),
                    ));
                }
                pick(cands, "withdrawal")
            }
            San::Move(m) => {
                if m.enact {
                    // The strike's target by its square, or by the letter of what stands there
                    // (`$fe!`, as a move's `LfJ`; `a` for the free engagement — a review found
                    // the letter refused as no enactment open).
                    let aims_at = |to: Square| match m.hits.first().map(|h| h.1) {
                        Some(Target::Square(sq)) => sq == to,
                        Some(Target::Piece(p)) => match pos.piece_at(to) {
                            Some((s, k)) if s != side => letter(rules, s, k) == p,
                            None => p == 'a' && pos.free_square() == Some(to),
                            _ => false,
                        },
                        None => false,
                    };
                    let enacts: Vec<Action> = legal
                        .iter()
                        .filter(|a| matches!(a, Action::Enact { to, .. } if aims_at(*to)))
                        .copied()
                        .collect();
                    if enacts.is_empty() {
                        let bluffed = pos.intention_of(pos.turn()).is_some_and(|i| i.bluff);
                        // A standing intention on this square: the rules say why not now (the
                        // blade's range, R-INTENTION).
                        if let Some(i) = pos.intention_of(side).filter(|i| {
                            !i.bluff
                                && !i.fresh
                                && m.hits.first().map(|h| h.1) == Some(Target::Square(i.to))
                        }) {
                            let enact = Action::Enact {
                                kind: i.kind,
                                from: i.from,
                                to: i.to,
                            };
                            return Err(here(
                                crate::untenable::explain(rules, pos, &enact).to_string(),
                            ));
                        }
                        return Err(here(if bluffed {
                            "no declared intention can be enacted now (§2.0.11 Jutsu: Intention): that intention was a bluff (your Jutsu was not aligned with the target, or the blade did not see it), and a bluff is never enacted".into()
                        } else {
                            "no declared intention can be enacted now (§2.0.11): it is enacted on the very next turn, while the target stays and your Jutsu is on the board".into()
                        }));
                    }
                    // The strike as written: its blade's letter (and square, if given), its
                    // `t`/`f` if given, and nothing the strike cannot have (a review found any
                    // letter, origin, mark or linked part read as the declared strike).
                    if let [a @ Action::Enact { kind, from, .. }] = enacts.as_slice()
                        && let San::Move(c) = San::of_action(rules, pos, legal, a)
                    {
                        let fits = m.piece == SanPiece::Letter(letter(rules, side, *kind))
                            && m.from_line.is_none_or(|l| from.line() == l)
                            && m.from_step.is_none_or(|s| from.step() == s)
                            && m.hits.len() == 1
                            && (m.hits[0].0.is_none() || m.hits[0].0 == c.hits[0].0)
                            && !m.special
                            && m.linked.is_none()
                            && m.face.is_none()
                            && m.untenable.is_none();
                        if !fits {
                            return Err(here(format!(
                                "not the declared strike: the intention of your {} on {from} is enacted as `{}` (§2.0.11 Jutsu: Intention)",
                                rules.set(side).piece(*kind).name(),
                                San::Move(c)
                            )));
                        }
                    }
                    return pick(enacts, "enactment");
                }
                // A linked part is allowed for swaps (feign, shift): the other piece's move.
                let swap_partner = match m.linked.as_deref() {
                    Some(SanMove {
                        piece: SanPiece::Letter(c),
                        hits,
                        linked: None,
                        ..
                    }) if hits.len() == 1 => match hits[0] {
                        (None, Target::Square(sq)) => Some((*c, sq)),
                        _ => None,
                    },
                    _ => None,
                };
                // A second hit is the Jutsu taken by shadow-stabbing (`DfBtJ~`).
                let shadow = m.hits.len() == 2
                    && matches!(m.hits[1], (Some(Marker::Take), Target::Piece(c)) if opposing_jutsu_letter(rules, side, c));
                // (A review found both refused as a special move "the rules core" lacked.)
                if m.linked.is_some() && swap_partner.is_none() {
                    return Err(here(
                        "the piece moved with it after `~` is written by its piece letter and its square alone — no `t` or `f`, no line name (as in `BX4~$Z4`, §2.0.07 Shift, or `CX4~SX5`, §2.0.06 Feign)".into(),
                    ));
                }
                if m.hits.len() > 1 && !shadow {
                    return Err(here(format!(
                        "a move takes or fends one piece, or two only when a blade fends the Balance and takes the Jutsu by shadow-stabbing (`DfBtJ~`, §2.0.03): this one names {}",
                        m.hits.len()
                    )));
                }
                let (marker, target) = m.hits[0];
                let mover = match m.piece {
                    SanPiece::Letter('a') => None,
                    SanPiece::Letter(c) => Some(kind_of(c).ok_or_else(|| {
                        here(format!("'{c}' is not a piece letter of {side}'s set"))
                    })?),
                    SanPiece::Line(_) => Some(
                        kind_of('e').ok_or_else(|| here("this set has no engagement".into()))?,
                    ),
                };
                // A facing for a piece that faces no way (or the free engagement) is named as
                // the fault (a review found `SY5>f` refused as a move the Self cannot make).
                if m.face.is_some() && mover.is_none_or(|k| !rules.set(side).piece(k).is_oriented())
                {
                    let name = mover.map_or("free engagement".to_string(), |k| {
                        rules.set(side).piece(k).name().to_string()
                    });
                    return Err(here(format!(
                        "the {name} faces no way: write its move without a facing (`>f`, `>r`, `>b`, `>l` are for oriented pieces, §2.0.23)"
                    )));
                }
                let from_line = match m.piece {
                    SanPiece::Line(l) => Some(l),
                    _ => m.from_line,
                };
                // Without `t`/`f`, a quiet move is meant where one exists (the free engagement may
                // step onto an en passant square quietly or fend from it); otherwise a missing
                // marker is forgiven.
                let matching = |strict: bool, any_mark: bool| -> Vec<Action> {
                    legal
                        .iter()
                        .filter(|a| match (a, mover) {
                            // From the centre point, off the board: a written origin square
                            // matches no entry (a review found `aW16Y8` played as `aY8`).
                            (Action::EnterFree { to }, None) => {
                                target == Target::Square(*to)
                                    && marker.is_none()
                                    && m.face.is_none()
                                    && m.from_line.is_none()
                                    && m.from_step.is_none()
                            }
                            (Action::Move(mv), _) => {
                                let who = match (mv.mover, mover) {
                                    (Mover::Free, None) => true,
                                    (Mover::Piece(k), Some(want)) => k == want,
                                    _ => false,
                                };
                                let tgt = match target {
                                    Target::Square(sq) => mv.to == sq,
                                    Target::Piece(p) => match mv.effect {
                                        Effect::Fend(k)
                                        | Effect::ShadowStab(k)
                                        | Effect::Take(k)
                                        | Effect::Negate(k)
                                        | Effect::Disarm(k) => letter(rules, !side, k) == p,
                                        Effect::Checkmate => {
                                            letter(rules, !side, rules.life(!side)) == p
                                        }
                                        Effect::FendFree => p == 'a',
                                        Effect::EnPassant(_) => p == 'e',
                                        _ => false,
                                    },
                                };
                                let partner_ok = match (swap_partner, mv.effect) {
                                    (None, _) => true,
                                    (Some((c, sq)), Effect::Swap(k)) => {
                                        letter(rules, side, k) == c && sq == mv.from
                                    }
                                    (Some(_), _) => false,
                                };
                                let mark = partner_ok
                                    && match marker {
                                        None => true,
                                        Some(_) if any_mark => true,
                                        Some(Marker::Take) => mv.effect.marker() == Some('t'),
                                        Some(Marker::Fend) => mv.effect.marker() == Some('f'),
                                    };
                                let mark = mark
                                    && !(strict
                                        && ((marker.is_none() && mv.effect.marker().is_some())
                                            || m.special != written_special(rules, pos, mv)));
                                let shadow_ok =
                                    !shadow || matches!(mv.effect, Effect::ShadowStab(_));
                                who && tgt
                                    && shadow_ok
                                    && mark
                                    && from_line.is_none_or(|l| mv.from.line() == l)
                                    && m.from_step.is_none_or(|s| mv.from.step() == s)
                                    && (m.face.is_none() || mv.face == m.face)
                            }
                            _ => false,
                        })
                        .copied()
                        .collect()
                };
                // Throws, glare and the distraction's repositioning are written as moves.
                let specials: Vec<Action> = legal
                    .iter()
                    .filter(|a| match **a {
                        Action::Throw {
                            kind,
                            from,
                            target: t,
                        } => {
                            mover == Some(kind)
                                && m.special
                                && m.hits.len() == 1
                                && m.linked.is_none()
                                && m.face.is_none()
                                && marker != Some(Marker::Fend)
                                && target == Target::Square(t)
                                && from_line.is_none_or(|l| from.line() == l)
                                && m.from_step.is_none_or(|s| from.step() == s)
                        }
                        // `LfJ~`, or `LtJ~` as the rulebook's own example writes it ("WfC LtJ~
                        // … revealed Lantern takes Jutsu by special move", §2.0.R5).
                        Action::Glare { from } => {
                            m.special
                                && m.hits.len() == 1
                                && m.linked.is_none()
                                && m.face.is_none()
                                && matches!(target, Target::Piece(c) if opposing_jutsu_letter(rules, side, c))
                                && pos.piece_at(from).is_some_and(|(_, k)| Some(k) == mover)
                                && from_line.is_none_or(|l| from.line() == l)
                                && m.from_step.is_none_or(|s| from.step() == s)
                        }
                        // Never written with its square of departure (a move is, `Action::Move`).
                        // Its `t`/`f` as it takes, or none (records before session 16).
                        Action::Reposition { kind, to, .. } => {
                            mover == Some(kind)
                                && (marker.is_none()
                                    || marker
                                        == crate::special::dagger_throw::reposition_effect(
                                            rules, pos, kind, to,
                                        )
                                        .and_then(|e| e.marker())
                                        .map(|c| {
                                            if c == 't' { Marker::Take } else { Marker::Fend }
                                        }))
                                && target == Target::Square(to)
                                && from_line.is_none()
                                && m.from_step.is_none()
                                && !m.special
                                && m.linked.is_none()
                        }
                        _ => false,
                    })
                    .copied()
                    .collect();
                if !specials.is_empty() {
                    return pick(specials, "move");
                }
                // A throw or glare written with a part it cannot have (a second hit, a `~` part,
                // a facing): said so, not refused by a rule it keeps (a review found an open
                // throw written `DtX14~$W3` told it must be the turn's first move).
                // (Only when no move of the piece reads so: a Dagger's shadow-stab `DfBtJ~` has
                // two hits — a review found it refused while a throw was open.)
                let extra = m.hits.len() > 1 || m.linked.is_some() || m.face.is_some();
                if extra
                    && m.special
                    && matching(false, false).is_empty()
                    && let Some(k) = mover
                    && (rules.info(side, k).throw || rules.info(side, k).glare)
                    && legal.iter().any(|a| match *a {
                        Action::Throw { kind, .. } => kind == k,
                        Action::Glare { from } => pos.piece_at(from).is_some_and(|(_, pk)| pk == k),
                        _ => false,
                    })
                {
                    return Err(here(
                        "a throw or glare is written alone — its piece, `t` or `f`, its target and `~`, as `DtX14~` or `LfJ~` — with no second hit, linked part or facing (§2.0.R5)".into(),
                    ));
                }
                // A throw that is not tenable: say why in the throw's own terms.
                if let (Some(k), Target::Square(t), true) = (mover, target, m.special)
                    && rules.info(side, k).throw
                    && pos.life_square(rules, !side) == Some(t)
                    // The one written, of two (a review found the first Dagger's reason given
                    // for the other's throw) — one pinned under the opposing Cloak too, whose
                    // throw Blade Capture refuses (a review found it explained as a move).
                    && let Some(from) = pos
                        .pieces(side, k)
                        .into_iter()
                        .chain(
                            crate::special::blade_capture::pins(pos, side)
                                .filter(|p| p.0 == k)
                                .map(|p| p.1),
                        )
                        .find(from_written(from_line, m.from_step))
                {
                    let a = Action::Throw {
                        kind: k,
                        from,
                        target: t,
                    };
                    return Err(here(crate::untenable::explain(rules, pos, &a).to_string()));
                }
                // A glare that is not open (`LfJ~`: a special move onto a piece, by a piece that
                // glares): say why in glare's terms — never read as that piece's move onto the
                // Jutsu (a review found `LfJ~` playing the Lantern's fend of the Jutsu).
                // (Only onto the opposing Jutsu, by its letter — `LfJ~`, or `LtJ~` as the
                // rulebook writes it: a flailing Lantern's special moves onto other pieces,
                // `LtC~`, are its moves; a review found them refused as glare.)
                let jutsu_letter = |c: char| opposing_jutsu_letter(rules, side, c);
                if let (Some(k), Target::Piece(c), true) = (mover, target, m.special)
                    && rules.info(side, k).glare
                    && jutsu_letter(c)
                    && let Some(from) = pos
                        .pieces(side, k)
                        .find(from_written(from_line, m.from_step))
                {
                    return Err(here(
                        crate::untenable::explain(rules, pos, &Action::Glare { from }).to_string(),
                    ));
                }
                let mut cands = matching(true, false);
                if cands.is_empty() {
                    cands = matching(false, false);
                }
                // A `t` where the move fends, or an `f` where it takes (§2.0.VII, §2.0.R5 "t
                // take", "f fend"): the move meant, and how it is written (a review found it
                // refused as a move the piece cannot make).
                if cands.is_empty()
                    && let Some(mk) = marker
                    && let Some(meant) = matching(false, true).first()
                {
                    let wrote = match mk {
                        Marker::Take => "`t` (take)",
                        Marker::Fend => "`f` (fend)",
                    };
                    // What the move meant does, from its own effect (a review found a quiet
                    // move told it "fends").
                    let does = match meant {
                        Action::Move(mv) => match mv.effect.marker() {
                            Some('t') => "takes",
                            Some('f') => "fends",
                            _ => "neither takes nor fends",
                        },
                        _ => "neither takes nor fends",
                    };
                    let right = San::of_action(rules, pos, legal, meant);
                    return Err(here(format!(
                        "written with {wrote}, but that move {does}: it is written `{right}` (§2.0.VII Take or Fend?, §2.0.R5 Notation)"
                    )));
                }
                // A Shift or Feign whose partner is written with another piece's letter
                // (`BX4~SZ4` for `BX4~$Z4`): the piece there, and how it is written (a review
                // found it told the mover "does not move" from the partner's square).
                if cands.is_empty()
                    && let Some((c, _)) = swap_partner
                    && let (Some(k), Target::Square(to)) = (mover, target)
                    && let Some(meant) = legal.iter().find(|a| {
                        matches!(a, Action::Move(mv)
                            if mv.mover == Mover::Piece(k)
                                && mv.to == to
                                && matches!(mv.effect, Effect::Swap(_))
                                && from_line.is_none_or(|l| mv.from.line() == l)
                                && m.from_step.is_none_or(|s| mv.from.step() == s))
                    })
                    && let Action::Move(mv) = meant
                    && let Effect::Swap(pk) = mv.effect
                {
                    let right = San::of_action(rules, pos, legal, meant);
                    let name = rules.set(side).piece(pk).name();
                    let its = letter(rules, side, pk);
                    // The letter right, the square not: where the partner goes (a review found
                    // "not `$`" said of a `$` written).
                    return Err(here(if its == c {
                        format!(
                            "the {name} that moves with it goes to {}, where the mover stood: it is written `{right}` (§2.0.R5 Notation)",
                            mv.from
                        )
                    } else {
                        format!(
                            "the piece on {to} that moves with it is the {name} (`{its}`), not `{c}`, and it goes to {}: it is written `{right}` (§2.0.R5 Notation)",
                            mv.from
                        )
                    }));
                }
                // The free engagement's move or entry, in the rules' words (§2.0.05; a review
                // found "no tenable move matches" for a move onto the opponent's colour).
                if cands.is_empty()
                    && mover.is_none()
                    && from_line.is_none()
                    && m.from_step.is_none()
                    && m.face.is_none()
                    && let Target::Square(to) = target
                {
                    let a = match pos.free() {
                        FreePlace::On(from) => Action::Move(crate::action::Move {
                            mover: Mover::Free,
                            from,
                            to,
                            effect: Effect::Quiet,
                            dir: None,
                            face: None,
                        }),
                        FreePlace::Off(_) => Action::EnterFree { to },
                    };
                    // Legal but for its `t`/`f`: an entry or a quiet move takes and fends
                    // nothing (a review found `afX9` refused as "X9 is not open").
                    if let Some(mk) = marker
                        && legal.contains(&a)
                    {
                        let wrote = match mk {
                            Marker::Take => "`t` (take)",
                            Marker::Fend => "`f` (fend)",
                        };
                        let right = San::of_action(rules, pos, legal, &a);
                        return Err(here(format!(
                            "written with {wrote}, but that move neither takes nor fends: it is written `{right}` (§2.0.VII Take or Fend?, §2.0.R5 Notation)"
                        )));
                    }
                    return Err(here(crate::untenable::explain(rules, pos, &a).to_string()));
                }
                if cands.is_empty()
                    && let (Some(k), Target::Square(to)) = (mover, target)
                {
                    // Say which rule the intended move breaks.
                    // The concert partner in hand moves from where it was lifted.
                    let in_hand = pos
                        .lifted()
                        .filter(|l| l.kind == k)
                        .map(|l| crate::bitboard::Bitboard::from_square(l.from))
                        .unwrap_or(crate::bitboard::Bitboard::EMPTY);
                    // So does a blade pinned under an opposing Cloak (§2.0.06), on the
                    // board though kept apart from the pieces.
                    let mut pinned = crate::bitboard::Bitboard::EMPTY;
                    for (pk, sq, _) in crate::special::blade_capture::pins(pos, side) {
                        if pk == k {
                            pinned.set(sq);
                        }
                    }
                    let all = pos.pieces(side, k) | in_hand | pinned;
                    let mut origins: Vec<Square> =
                        all.filter(from_written(from_line, m.from_step)).collect();
                    // The piece standing on the destination is not the one meant, when
                    // another could be (a review found "does not move from W9 to W9" said).
                    if origins.len() > 1 {
                        origins.retain(|&f| f != to);
                    }
                    let explain = |from: Square| {
                        let a = Action::Move(crate::action::Move {
                            mover: Mover::Piece(k),
                            from,
                            to,
                            effect: Effect::Quiet,
                            dir: None,
                            face: None,
                        });
                        crate::untenable::explain(rules, pos, &a)
                    };
                    let name = rules.set(side).piece(k).name();
                    // Pieces of the kind, none where the token says it moves from: said
                    // so (a review found "you have no Self on the board" for `SWY3`).
                    let written_from = match (from_line, m.from_step) {
                        (Some(l), Some(st)) => {
                            Some(format!("on {}{st}", LINE_CHARS[usize::from(l)]))
                        }
                        (Some(l), None) => {
                            Some(format!("on the {}-line", LINE_CHARS[usize::from(l)]))
                        }
                        (None, Some(st)) => Some(format!("on step {st}")),
                        (None, None) => None,
                    };
                    return Err(match origins.as_slice() {
                        [] if !all.is_empty()
                            && let Some(w) = &written_from =>
                        {
                            let at: Vec<String> = all.map(|f| f.to_string()).collect();
                            here(format!(
                                "you have no {name} {w}, where the move is written from (yours: {})",
                                at.join(", ")
                            ))
                        }
                        [] => here(format!("you have no {name} on the board")),
                        [from] => here(explain(*from).to_string()),
                        many => {
                            let why: Vec<String> = many
                                .iter()
                                .map(|f| format!("from {f}: {}", explain(*f).reason))
                                .collect();
                            here(format!("untenable: {}", why.join("; ")))
                        }
                    });
                }
                pick(cands, "move")
            }
        }
    }
}

/// Splits a turn into action tokens with their columns (1-based, from `col`), counted in
/// characters as an editor shows them (a review found a non-breaking or ideographic space,
/// common in pasted text, putting every column after it too far right).
/// Whether `f` is the origin written: its line and step where given (`eYfX8`, `DZ10tX13~`).
/// Whether the token `i` of a turn's `toks` is a pass written after a glare or declaration made
/// with no move before it (meta-moves aside), `turn` the actions read so far — that pass itself:
/// "Declare-intention-and-pass counts as a pass", "Glare-and-pass (with no move preceding glare)
/// counts as a pass" (§2.0.16) — read as written, as `aw ---` is (a review found `LfJ~ ---`
/// refused, the turn "already over"). Once: a second pass is a second action.
pub(crate) fn written_pass_after_immaterial(
    toks: &[(String, usize)],
    i: usize,
    turn: &[Action],
) -> bool {
    toks[i].0 == "---"
        && (i == 0 || toks[i - 1].0 != "---")
        && turn.split_last().is_some_and(|(last, before)| {
            matches!(last, Action::Glare { .. } | Action::Declare { .. })
                && before.iter().all(|a| matches!(a, Action::Meta(_)))
        })
}

fn from_written(line: Option<u8>, step: Option<u8>) -> impl Fn(&Square) -> bool {
    move |f: &Square| line.is_none_or(|l| f.line() == l) && step.is_none_or(|s| f.step() == s)
}

pub fn tokens(text: &str, col: usize) -> Vec<(&str, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (n, (i, c)) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
        .enumerate()
    {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, n)),
            (true, Some((s, chars))) => {
                out.push((&text[s..i], col + chars));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// `mover`'s Donkey about to move after `mover`'s turn, from `p`: the position where it moves,
/// and how many `EndTurn`s (a declined second move) led there; `None` when its move is not next.
pub(crate) fn donkey_after_turn(
    rules: &Rules,
    p: &Position,
    mover: Side,
) -> Option<(Position, usize)> {
    let mut q = *p;
    let mut ended = 0;
    while q.turn() == mover && !q.is_game_over() && !q.at_turn_start() && ended < 4 {
        if !q.legal_actions(rules).contains(&Action::EndTurn) {
            return None;
        }
        q.play_unchecked(rules, Action::EndTurn);
        ended += 1;
    }
    matches!(q.phase(), crate::position::Phase::DonkeyMove { placer } if placer == mover)
        .then_some((q, ended))
}

/// Whether a move is written with `~` (§2.0.R5 "~ indicates a special move or device"): a
/// special effect, or a flailing Lantern's swing (§2.0.10 "Special move: Flail"; not its second
/// move from a stepping stone, an ordinary one, R-FLAIL; nor an ordinary slide it attempts
/// with sand, which lands where no flail does — a review found such a slide recorded as a flail).
fn written_special(rules: &Rules, pos: &Position, m: &crate::action::Move) -> bool {
    m.effect.is_special()
        || matches!(m.mover, crate::action::Mover::Piece(k)
            if crate::special::flail::flailing(rules, pos, pos.turn(), k, m.from)
                && !matches!(pos.phase(), crate::position::Phase::Second { stone: Some(s), .. } if s == m.from)
                && crate::special::flail::destinations(rules, pos, pos.turn(), m.from).contains(m.to))
}

/// Writes a complete turn (one or two actions) played from `pos`.
pub fn write_turn(rules: &Rules, pos: &Position, turn: &[Action]) -> String {
    let mut p = *pos;
    let mut parts = Vec::new();
    for a in turn {
        if *a == Action::EndTurn {
            continue;
        }
        let legal = p.legal_actions(rules);
        parts.push(San::of_action(rules, &p, &legal, a).to_string());
        p.play_unchecked(rules, *a);
    }
    // A turn that only ends (its second move declined) reads back from `---` (§2.0.R5).
    if parts.is_empty() && !turn.is_empty() {
        return "---".to_string();
    }
    parts.join(" ")
}

/// Whether a token reads as a glare (`LfJ~`: a special fend or take of one piece) or a
/// declaration: after a first move it is the glare, not a concert move that fends the Jutsu.
fn looks_like_glare(san: &San) -> bool {
    matches!(san, San::Move(m) if m.special
        && m.hits.len() == 1
        && matches!(m.hits[0], (Some(Marker::Fend | Marker::Take), Target::Piece(_))))
        || matches!(san, San::Intention(_))
}

/// Reads a complete turn in notation and returns its actions, checking each is tenable.
pub fn parse_turn(
    rules: &Rules,
    pos: &Position,
    text: &str,
    col: usize,
) -> Result<Vec<Action>, ParseError> {
    let toks: Vec<(String, usize)> = tokens(text, col)
        .into_iter()
        .map(|(t, c)| (t.to_string(), c))
        .collect();
    if toks.is_empty() {
        return Err(ParseError::new(col, text, "empty turn"));
    }
    parse_turn_tokens(rules, pos, &toks)
}

/// Like `parse_turn`, from tokens with their columns (as `record_turns` gives them). A concert
/// written partner first (`DY10 SX11`, `$Y11 SY12`) is read too: "then placing them, either
/// one first" (§2.0.02; ruling R-RECORD-ORDER); it is written Self first.
pub fn parse_turn_tokens(
    rules: &Rules,
    pos: &Position,
    toks: &[(String, usize)],
) -> Result<Vec<Action>, ParseError> {
    let err = match parse_in_order(rules, pos, toks) {
        Ok(acts) => return Ok(acts),
        Err(e) => e,
    };
    let n = toks.len();
    if n >= 2 {
        let mut swapped = toks.to_vec();
        swapped.swap(n - 2, n - 1);
        if let Ok(acts) = parse_in_order(rules, pos, &swapped)
            && is_concert_ending(rules, pos, &acts)
        {
            return Ok(acts);
        }
    }
    Err(err)
}

/// Whether a turn's last two actions are a Self move and its partner's concert move.
fn is_concert_ending(rules: &Rules, pos: &Position, acts: &[Action]) -> bool {
    let mut p = *pos;
    let side = p.turn();
    // Fewer than two actions (a written Control fend is no action of its own) end no concert.
    let Some(last_two) = acts.len().checked_sub(2) else {
        return false;
    };
    let n = acts.len();
    for (i, a) in acts.iter().enumerate() {
        if i == last_two {
            let self_move = matches!(a, Action::Move(m)
                if p.piece_at(m.from) == Some((side, rules.life(side))));
            let partner = matches!(acts[n - 1], Action::Move(m)
                if matches!(m.mover, crate::action::Mover::Piece(k) if rules.info(side, k).concert_partner));
            return self_move && partner;
        }
        p.play_unchecked(rules, *a);
    }
    false
}

fn parse_in_order(
    rules: &Rules,
    pos: &Position,
    toks: &[(String, usize)],
) -> Result<Vec<Action>, ParseError> {
    let mut p = *pos;
    let mover = p.turn();
    let mut out = Vec::new();
    // The position before the last action read (`control_fend_written`).
    let mut before_last = p;
    for (i, (tok, c)) in toks.iter().enumerate() {
        let (tok, c) = (tok.as_str(), *c);
        // A record from a real board may skip the cast's landing (the rulebook's `~C SW3 $X6`):
        // take the first landing under which the rest of the turn reads (ruling R-CAST).
        if matches!(p.phase(), crate::position::Phase::Cast { .. }) && !tok.starts_with('@') {
            let mut landings = Vec::new();
            crate::special::cast_piece::landings(rules, &p, &mut landings);
            for l in landings {
                let mut q = p;
                q.play_unchecked(rules, l);
                if let Ok(rest) = parse_in_order(rules, &q, &toks[i..]) {
                    out.push(l);
                    out.extend(rest);
                    return Ok(out);
                }
            }
            return Err(ParseError::new(
                c,
                tok,
                "no landing of the cast piece makes this turn tenable",
            ));
        }
        // The rulebook writes the Control fend a move made as a token of its own (`BZ15 BfJ~`,
        // §2.0.R5: "Balance moves to Z15, fends Jutsu by aspect"): read after that move, it adds
        // nothing (the fend was the move's, R-NOTATION-WRITING).
        // So after a placement of the Balance that made the fend (§2.0.15 "Placing a piece from
        // reserve is a move"; a review found `B*Y3 BfJ~` refused).
        let placed_or_moved = match out.last() {
            Some(Action::Move(crate::action::Move {
                mover: Mover::Piece(k),
                ..
            }))
            | Some(Action::Place { kind: k, .. }) => Some(*k),
            _ => None,
        };
        // Once: the note after it again is a mark written twice (a review found `BY4 BfJ~
        // BfJ~` read).
        let noted = i > 0 && toks[i - 1].0 == tok;
        if let Some(k) = placed_or_moved
            && !noted
            && let Ok(San::Move(m)) = San::parse_at(tok, c)
            && control_fend_written(rules, &before_last, &p, mover, k, &m)
        {
            continue;
        }
        // The Donkey moves "on its own turn following the turn of the player who placed it"
        // (§2.0.23): the record writes its throw with that turn (`K*X8 K@oxoxx`), after the
        // turn's end (a declined second move ends it first: `CW6 K@oxoxx`). Read at the start
        // of the next turn (`K@oxoxx SX14`) it is the first token, below.
        if !out.is_empty()
            && tok.starts_with("K@")
            && let Some((q, ended)) = donkey_after_turn(rules, &p, mover)
        {
            let san = San::parse_at(tok, c)?;
            let legal = q.legal_actions(rules);
            let a = san.resolve(rules, &q, &legal, c)?;
            out.extend(std::iter::repeat_n(Action::EndTurn, ended));
            before_last = q;
            p = q;
            p.play_unchecked(rules, a);
            out.push(a);
            continue;
        }
        if !p.is_game_over() && written_pass_after_immaterial(toks, i, &out) {
            continue;
        }
        if !out.is_empty() && (p.turn() != mover || p.is_game_over()) {
            // A glare or declaration written after a whole-turn action that opened none: said
            // so, not only that the turn is over (a review found `D*X3 LfJ~` blamed on the
            // number of moves, though glare may follow a placement).
            let glare_like =
                !p.is_game_over() && San::parse_at(tok, c).is_ok_and(|san| looks_like_glare(&san));
            // After a glare or a declaration, which end the turn themselves (§2.0.16; a review
            // found `LfJ~ !$fX7` told that no declaration was open, though one was).
            let immaterial = matches!(
                out.last(),
                Some(Action::Glare { .. } | Action::Declare { .. })
            );
            return Err(ParseError::new(
                c,
                tok,
                if immaterial && !p.is_game_over() {
                    "the turn is already over: \"Using the special ability Glare ends your turn\", \"Declaring intention ends your turn\" (§2.0.16)"
                } else if glare_like {
                    "no glare or declaration is open after that action, so the turn was over: a declaration needs your Jutsu aligned with a target your blade sees (§2.0.11), glare your Lantern seeing an opposing Jutsu it may fend (§2.0.10 Glare)"
                } else {
                    "the turn is already over: a pass (§2.0.17) or the turn's end closes it, and a turn has at most two moves, linked as a double-move (§2.0.15)"
                },
            ));
        }
        let san = San::parse_at(tok, c)?;
        let legal = p.legal_actions(rules);
        let looks_glare = looks_like_glare(&san);
        let glare_after_move = |p: &Position| -> Option<(Position, Action)> {
            // After a double move's first move, or a throw's distraction: end that part first.
            if !matches!(
                p.phase(),
                crate::position::Phase::Second { .. }
                    | crate::position::Phase::Distraction { .. }
                    | crate::position::Phase::Hirakamae { .. }
                    | crate::position::Phase::Reclaim { .. }
            ) {
                return None;
            }
            let mut q = *p;
            q.play_unchecked(rules, Action::EndTurn);
            let legal = q.legal_actions(rules);
            match san.resolve(rules, &q, &legal, c) {
                Ok(a)
                    if q.turn() == mover
                        && matches!(a, Action::Glare { .. } | Action::Declare { .. }) =>
                {
                    Some((q, a))
                }
                _ => None,
            }
        };
        let glare = if looks_glare {
            glare_after_move(&p)
        } else {
            None
        };
        let a = if let Some((q, a)) = glare {
            out.push(Action::EndTurn);
            p = q;
            a
        } else {
            match san.resolve(rules, &p, &legal, c) {
                Ok(a) => a,
                // Glare after the first move of a possible double-move declines the second
                // move (ruling R-GLARE-WHEN): `SW2 LfJ~`.
                Err(e) => match glare_after_move(&p) {
                    Some((q, a)) => {
                        out.push(Action::EndTurn);
                        p = q;
                        a
                    }
                    None => return Err(e),
                },
            }
        };
        before_last = p;
        p.play_unchecked(rules, a);
        out.push(a);
    }
    Ok(out)
}

/// Whether `m` writes the Control fend of the opposing Jutsu that `mover`'s move or placement of
/// its piece of kind `k` made from `before` to `after` (`BfJ~` after `BZ15` or `B*Z15`): that
/// piece has Control, `m` names it and the opposing Jutsu with `f` and `~`, and the action sent
/// the Jutsu from the board to reserve.
fn control_fend_written(
    rules: &Rules,
    before: &Position,
    after: &Position,
    mover: crate::side::Side,
    k: crate::piece_set::Kind,
    m: &SanMove,
) -> bool {
    if !(m.special && m.hits.len() == 1 && rules.info(mover, k).control) {
        return false;
    }
    if m.piece != SanPiece::Letter(letter(rules, mover, k)) {
        return false;
    }
    let (Some(Marker::Fend), Target::Piece(j)) = m.hits[0] else {
        return false;
    };
    let opp = !mover;
    rules.set(opp).kinds().any(|jk| {
        rules.info(opp, jk).jutsu
            && letter(rules, opp, jk) == j
            && after.pieces(opp, jk).count() < before.pieces(opp, jk).count()
            && after.reserve(opp, jk) > before.reserve(opp, jk)
    })
}

pub fn is_move_number(w: &str) -> bool {
    game_api::is_turn_number(w)
}

/// A word that begins with a move number (`12.`, `12...` or `12…`) split into the number and
/// what follows it, as `1.SY5` is written with no space: `("1.", "SY5")`. No Veney token begins
/// with a digit, so the split is never ambiguous.
pub fn split_move_number(w: &str) -> Option<(&str, &str)> {
    game_api::split_turn_number(w)
}

/// Splits a game record (`1. SZ5 $fW7, CtW10; 2. …`) into turns, each a list of action tokens
/// with their 1-based columns. Move numbers (`12.`, `12...`, `12…`, or joined to the turn: `12.SY5`) and a bare `...` are skipped; `,`
/// and `;` end turns.
pub fn record_turns(text: &str) -> Vec<Vec<(String, usize)>> {
    record_turns_numbered(text)
        .into_iter()
        .map(|(t, _)| t)
        .filter(|t| !t.is_empty())
        .collect()
}

/// A turn of a record line: its tokens with their columns.
pub type RecordTurn = Vec<(String, usize)>;

/// `record_turns`, each turn with the move number written just before it (`12.` or `12...`,
/// with its column), if any; a move number ending the text (the next line's turn's, as a
/// record may be wrapped) is a last turn with no tokens.
pub fn record_turns_numbered(text: &str) -> Vec<(RecordTurn, Option<(String, usize)>)> {
    let mut out = Vec::new();
    let mut cur: RecordTurn = Vec::new();
    let mut number: Option<(String, usize)> = None;
    fn flush(
        cur: &mut RecordTurn,
        number: &mut Option<(String, usize)>,
        out: &mut Vec<(RecordTurn, Option<(String, usize)>)>,
    ) {
        if !cur.is_empty() {
            out.push((std::mem::take(cur), number.take()));
        }
    }
    for (mut word, mut col) in tokens(text, 1) {
        if let Some((n, rest)) = split_move_number(word) {
            flush(&mut cur, &mut number, &mut out);
            number = Some((n.to_string(), col));
            if rest.is_empty() {
                continue;
            }
            (word, col) = (rest, col + n.chars().count());
        }
        // A record's trailing `...` ("and so on", as the rulebook's sample ends, §2.0.R5).
        if word.len() > 1 && word.chars().all(|c| c == '.' || c == '…') {
            flush(&mut cur, &mut number, &mut out);
            continue;
        }
        let mut offset = 0;
        for piece in word.split_inclusive([',', ';']) {
            let mut body = piece.trim_end_matches([',', ';']);
            let mut at = col + offset;
            // After a `,` or `;` with no space, a move number (`…,---;2. SY8`) or the record's
            // trailing `...` as after a space (§2.0.R5 "Turns can be grouped into pairs by
            // commas, semicolons, and the move count number"; a review found `;2.` read as a
            // piece letter).
            if offset > 0 {
                if let Some((n, rest)) = split_move_number(body) {
                    flush(&mut cur, &mut number, &mut out);
                    number = Some((n.to_string(), at));
                    at += n.chars().count();
                    body = rest;
                } else if body.len() > 1 && body.chars().all(|c| c == '.' || c == '…') {
                    flush(&mut cur, &mut number, &mut out);
                    body = "";
                }
            }
            if !body.is_empty() {
                cur.push((body.to_string(), at));
            }
            if piece.ends_with([',', ';']) {
                flush(&mut cur, &mut number, &mut out);
            }
            offset += piece.chars().count();
        }
    }
    flush(&mut cur, &mut number, &mut out);
    if number.is_some() {
        out.push((Vec::new(), number));
    }
    out
}

/// Writes turns as a numbered record. `first_turn` is the count of turns played before them.
pub fn write_record(turns: &[String], first_turn: u16) -> String {
    game_api::write_numbered(turns, first_turn as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_of_one_action_ends_no_concert() {
        // A turn read back as one action (a written Control fend is no action of its own) is
        // not a Self's move and its partner's: no `n - 2` below zero.
        let r = Rules::standard();
        let p = Position::start(&r);
        assert!(!is_concert_ending(&r, &p, &[Action::EndTurn]));
        assert!(!is_concert_ending(&r, &p, &[]));
    }

    #[test]
    fn a_line_called_a_to_d_is_explained() {
        // §2.0.02 The Board: "it's okay to call the lines A, B, C, and D" — in speech; in
        // notation three of those letters are pieces (R-LINE-NAMES).
        for tok in ["$B6", "SA5", "Sc5"] {
            let e = San::parse_at(tok, 1).expect_err(tok);
            assert!(
                e.to_string().contains("lines are written W, X, Y, Z"),
                "{tok}: {e}"
            );
        }
    }

    #[test]
    fn the_rulebooks_sample_record_splits_into_its_six_turns() {
        // §2.0.R5: "1. SZ5 $fW7, CtW10; 2. LtW10, SX13 $fY9; 3. az LW4, $X10; ..."
        let turns = record_turns("1. SZ5 $fW7, CtW10; 2. LtW10, SX13 $fY9; 3. az LW4, $X10; ...");
        let words: Vec<Vec<&str>> = turns
            .iter()
            .map(|t| t.iter().map(|w| w.0.as_str()).collect())
            .collect();
        assert_eq!(
            words,
            [
                vec!["SZ5", "$fW7"],
                vec!["CtW10"],
                vec!["LtW10"],
                vec!["SX13", "$fY9"],
                vec!["az", "LW4"],
                vec!["$X10"],
            ]
        );
    }
}
