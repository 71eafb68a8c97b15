//! The one-line position text (docs/POSITION.md), after FEN:
//!
//! `<board> <side> <reserves> [key=value ...]`
//!
//! - board: steps 16 down to 1 separated by `/`, each step from W to Z; a digit is a run of
//!   empty squares; uppercase is White, lowercase Black (piece codes from the set: S Self,
//!   W Sword, D Dagger, C Cloak, B Balance, G Guard, L Lantern, J Jutsu, E engagement, R Ruin);
//!   `@` is the free engagement in play.
//! - side to move: `w` or `b`.
//! - reserves: `-` for none, else White's codes, `/`, Black's codes (`DGLJR/dgljr`).
//! - optional fields, each `key=value`, defaults in brackets: `free=x:y` the free engagement's
//!   intersection when out of play [2:8, the centre point]; `ep=T-V` en passant open now onto T
//!   against the engagement on V; `epn=T-V` en passant opened for the next turn (mid-turn only);
//!   `dir=N/-` each side's last no-repeat slide direction (the Lantern) [-/-]; `passes=n`
//!   consecutive passes [0]; `turns=n` turns completed [0]; `then=SQ` mid-turn: the piece on SQ
//!   landed on a stepping stone and may move again; `concert=SQ` mid-turn: the Self moved to SQ
//!   and an armament may move in concert; `lifted=DX5` mid-turn, with `concert`: the Self landed
//!   on or passed over its partner (here White's Dagger, lifted from X5), which the second move
//!   must place (R-CONCERT); `throw=F-T` mid-turn: the Dagger on F was thrown at the
//!   Self on T and the roll is awaited; `distraction=X` mid-turn after a throw's distraction, X
//!   the pieces already repositioned (`-`, `S`, `B` for the blade, `SB`); `glare=1` mid-turn: the
//!   moves are made and glare may still be invoked; `retreats=a/b` retreats played by White and
//!   Black [0/0]; `glareblock=w|b` the side whose Jutsu glare fended last turn;
//!   `dying=b:SQ` after a checkmate by touch the mated side (here Black, its Self taken on SQ)
//!   may still make a dying move; `deathspell=1` the dying move was the Death Spell;
//!   `pinned=W:X7:12[,w:Y3:20]` a blade pinned under an opposing Cloak on X7 since turn count 12 (its code's
//!   case gives its side; §2.0.06); `released=1` a Cloak left a capture this turn;
//!   `cast=L:2` mid-turn: a Lantern was cast into measure 2, its landing awaited; `reclaim=1`
//!   mid-turn: Shima's reclaimed Dagger may be placed (with `then=`/`concert=`, the second
//!   move still open after it); `casts=wFX10,bSY9` cast-squares (side,
//!   F Fire Dance / C Obscurant Chaos / S Shima, square; one entry per cast, several of a
//!   device when an army casts it more than once); `chaosspent=wX10` the Obscurant Chaos
//!   squares already used (older texts' `w`/`b`/`wb`: all of that side's); `shima=1`;
//!   `reposition=STEP:t|n` an Obscurant Chaos repositioning behind STEP, taking or not;
//!   `hira=W:B` hirakamae per side (0 unused, 1 in force, 2 used); `hirafirst=SQ:FROM` mid-turn:
//!   the move ending hirakamae went from FROM to SQ and one more move may follow (with
//!   `then=SQ`/`concert=SQ`, or the second move of that move's own method); `hirasecond=SQ:FROM`
//!   mid-throw or mid-cast: that throw or cast from FROM ended hirakamae, and when it has
//!   resolved (a miss, a landing) one more move follows (R-HIRAKAMAE);
//!   `donkey=wX5,bY9` the Donkeys on the board by placer; `donkeyhome=w|b` a Donkey in reserve;
//!   `donkeymove=w` White's Donkey moves before the side to move acts (§2.0.23);
//!   `quibbles=n` returns of the free engagement to the centre by repetition in a row (§2.0.20);
//!   `quiet=n` turns in a row without contact (§2.0.20) [0]; `contact=1` mid-turn: this turn
//!   has had contact; `intention=W:X7:X10:l:0[:X8][:bluff][,…]` each side's declared intention (§2.0.11), comma-separated: blade code (its case gives the
//!   side), from, target square, target's code (`@`: the free engagement; `-`: none, a bluff's
//!   empty square), 1 while the declaring turn
//!   is not over;
//!   `penalties=a/b` time penalties for called untenable moves [0/0]; `meta=1` the side to move
//!   has made its meta-move; `freefrom=SQ:n` the free engagement last came from SQ and was pushed
//!   back where it came from n times in a row;
//!   `facing=X8r[,…]` an oriented piece's facing when not forward (f r b l); `sets=A/B` the
//!   armies' set names (spaces as `_`), written when either is not the standard set;
//!   `hug=W:B` the hands of a Hug under way, with a draw in `over=` (§2.0.23): `-` nothing
//!   hidden yet, `?` sealed from this observer, `S` the Self, `D` the Dagger;
//!   `over=CODE` the game has ended (`touch:w`, …).
//!
//! The discard is not written: it is what the set's counts leave over.
//! Parsing is two steps, after shakmaty: the text is read into a `PositionText` (syntax only),
//! then `to_position` checks it against the rules.
use crate::direction::Dir;
use crate::errors::ParseError;
use crate::intersection::Intersection;
use crate::outcome::Outcome;
use crate::piece_def::Relation;
use crate::piece_set::{Kind, MAX_KINDS};
use crate::position::{EnPassant, FreePlace, Phase, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// A position text read but not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionText {
    /// (square, code, column) for every letter on the board.
    pub pieces: Vec<(Square, char, usize)>,
    pub free_on: Option<(Square, usize)>,
    pub side: Side,
    /// (code, column) of each reserve letter: uppercase White's, lowercase Black's.
    pub reserves: Vec<(char, usize)>,
    /// The column of the reserves field.
    pub reserves_col: usize,
    /// (key, value, column) of each optional field.
    pub fields: Vec<(String, String, usize)>,
}

/// The `sets=` value naming both armies: White's set name `/` Black's, spaces as `_`.
pub fn sets_field(rules: &Rules) -> String {
    format!(
        "{}/{}",
        rules.sets[0].name.replace(' ', "_"),
        rules.sets[1].name.replace(' ', "_")
    )
}

fn err(col: usize, token: &str, msg: impl Into<String>) -> ParseError {
    ParseError::new(col, token, msg)
}

impl PositionText {
    pub fn parse(text: &str) -> Result<PositionText, ParseError> {
        // Split into fields, remembering 1-based columns.
        let fields = crate::notation::tokens(text, 1);
        if fields.len() < 3 {
            let col = text.chars().count() + 1;
            let missing = [
                "the board",
                "the side to move (w or b)",
                "the reserves (- or e.g. DGLJR/dgljr)",
            ][fields.len()];
            return Err(err(col, "", format!("missing {missing}")));
        }
        let (board, bcol) = fields[0];
        let mut pieces = Vec::new();
        let mut free_on = None;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 16 {
            return Err(err(
                bcol,
                board,
                format!(
                    "the board needs 16 steps separated by '/', found {}",
                    ranks.len()
                ),
            ));
        }
        let mut col = bcol;
        for (i, rank) in ranks.iter().enumerate() {
            let step = 16 - i as u8;
            let mut line = 0u8;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 4 {
                        return Err(err(col, &c.to_string(), "an empty run is 1 to 4 squares"));
                    }
                    line += d as u8;
                } else {
                    if line >= 4 {
                        return Err(err(
                            col,
                            &c.to_string(),
                            format!("step {step} has more than four squares"),
                        ));
                    }
                    let sq = Square::new(line, step);
                    if c == '@' {
                        if free_on.is_some() {
                            return Err(err(col, "@", "a second free engagement"));
                        }
                        free_on = Some((sq, col));
                    } else if c.is_ascii_alphabetic() {
                        pieces.push((sq, c, col));
                    } else {
                        return Err(err(
                            col,
                            &c.to_string(),
                            "expected a piece letter, '@' or a digit",
                        ));
                    }
                    line += 1;
                }
                if line > 4 {
                    return Err(err(
                        col,
                        rank,
                        format!("step {step} has more than four squares"),
                    ));
                }
                col += c.len_utf8();
            }
            if line != 4 {
                return Err(err(
                    col.saturating_sub(rank.len()),
                    rank,
                    format!("step {step} describes {line} squares, expected 4"),
                ));
            }
            col += 1; // the '/'
        }
        let (s, scol) = fields[1];
        let side = match s {
            "w" => Side::White,
            "b" => Side::Black,
            _ => return Err(err(scol, s, "the side to move is 'w' or 'b'")),
        };
        let (r, rcol) = fields[2];
        let mut reserves = Vec::new();
        if r != "-" {
            let Some((w, b)) = r.split_once('/') else {
                return Err(err(
                    rcol,
                    r,
                    "reserves are '-' or White's letters '/' Black's letters, e.g. DGLJR/dgljr",
                ));
            };
            for (i, c) in w.chars().enumerate() {
                if !c.is_ascii_uppercase() {
                    return Err(err(
                        rcol + i,
                        &c.to_string(),
                        "White's reserve (before '/') is written in uppercase letters",
                    ));
                }
                reserves.push((c, rcol + i));
            }
            for (i, c) in b.chars().enumerate() {
                if !c.is_ascii_lowercase() {
                    return Err(err(
                        rcol + w.len() + 1 + i,
                        &c.to_string(),
                        "Black's reserve (after '/') is written in lowercase letters",
                    ));
                }
                reserves.push((c, rcol + w.len() + 1 + i));
            }
        }
        let mut out_fields = Vec::new();
        // Each key once, told apart by a set (a list compared to every earlier key made a long
        // text of distinct keys take quadratic time).
        let mut seen = std::collections::HashSet::new();
        for &(f, fcol) in &fields[3..] {
            let Some((k, v)) = f.split_once('=') else {
                return Err(err(fcol, f, "expected an optional field key=value"));
            };
            if !seen.insert(k) {
                return Err(err(fcol, f, format!("field '{k}' given twice")));
            }
            out_fields.push((k.to_string(), v.to_string(), fcol));
        }
        Ok(PositionText {
            pieces,
            free_on,
            side,
            reserves,
            reserves_col: rcol,
            fields: out_fields,
        })
    }

    /// Checks the text against the rules and builds the position.
    pub fn to_position(&self, rules: &Rules) -> Result<Position, ParseError> {
        // The sets first: a position of other armies fails here, not on a piece code.
        if let Some((_, v, col)) = self.fields.iter().find(|f| f.0 == "sets") {
            let want = sets_field(rules);
            if *v != want {
                return Err(err(
                    *col,
                    &format!("sets={v}"),
                    format!("this position is for the sets {v}, but the game plays {want}"),
                ));
            }
        }
        let mut p = Position::empty();
        p.turn = self.side;
        let mut every_trap_spent = [false; 2];
        for &(sq, c, col) in &self.pieces {
            let (side, k) = code_kind(rules, c, col)?;
            p.put(side, k, sq);
        }
        if let Some((sq, _)) = self.free_on {
            p.free = FreePlace::On(sq);
        }
        for &(c, col) in &self.reserves {
            let (side, k) = code_kind(rules, c, col)?;
            // More letters than a count holds are refused at the first too many, said as many
            // (a review found 1,000 Daggers reported as 255).
            let n = &mut p.reserve[side.index()][k.index()];
            *n = n.checked_add(1).ok_or_else(|| {
                err(
                    col,
                    &c.to_string(),
                    format!(
                        "more than {} {} letters in {side}'s reserve; the game has far fewer",
                        u8::MAX,
                        rules.set(side).piece(k).name()
                    ),
                )
            })?;
        }
        // A throw in the air is checked against the whole position, the Donkeys too, so it is
        // read after every other field (a review found `throw=` read before `donkey=`, and a
        // throw through a Donkey accepted).
        let fields = (self.fields.iter().filter(|f| f.0 != "throw"))
            .chain(self.fields.iter().filter(|f| f.0 == "throw"));
        for (key, v, col) in fields {
            let col = *col;
            let tok = format!("{key}={v}");
            let square = |s: &str| {
                Square::parse(s).ok_or_else(|| err(col, &tok, format!("'{s}' is not a square")))
            };
            match key.as_str() {
                "free" => {
                    if self.free_on.is_some() {
                        return Err(err(
                            col,
                            &tok,
                            "the free engagement is on the board ('@'), so it has no intersection",
                        ));
                    }
                    let i = Intersection::parse(v).ok_or_else(|| {
                        err(col, &tok, "expected an intersection x:y with x 0–4, y 0–16")
                    })?;
                    p.free = FreePlace::Off(i);
                }
                "ep" | "epn" => {
                    let (t, vic) = v.split_once('-').ok_or_else(|| {
                        err(col, &tok, "expected target-victim squares, e.g. X6-X7")
                    })?;
                    let ep = EnPassant {
                        target: square(t)?,
                        victim: square(vic)?,
                    };
                    if key == "ep" {
                        p.en_passant = Some(ep);
                    } else {
                        p.en_passant_next = Some(ep);
                    }
                }
                "dir" => {
                    let (w, b) = v.split_once('/').ok_or_else(|| {
                        err(
                            col,
                            &tok,
                            "expected White's/Black's last direction, e.g. N/-",
                        )
                    })?;
                    for (i, d) in [w, b].into_iter().enumerate() {
                        p.last_dir[i] = match d {
                            "-" => None,
                            d => Some(Dir::from_name(d).ok_or_else(|| {
                                err(
                                    col,
                                    &tok,
                                    format!("'{d}' is not a direction (N NE E SE S SW W NW or -)"),
                                )
                            })?),
                        };
                    }
                }
                "passes" => p.passes = v.parse().map_err(|_| err(col, &tok, passes_range()))?,
                "turns" => {
                    p.turns = v
                        .parse()
                        .map_err(|_| err(col, &tok, "expected a number of turns"))?
                }
                "then" | "concert" => {
                    let sq = square(v)?;
                    let (mut stone, mut concert, reclaim) = match p.phase {
                        Phase::Second { stone, concert } => (stone, concert, false),
                        Phase::Reclaim { stone, concert } => (stone, concert, true),
                        Phase::Hirakamae { stone, concert, .. } => (stone, concert, false),
                        _ => (None, None, false),
                    };
                    if key == "then" {
                        stone = Some(sq);
                    } else {
                        concert = Some(sq);
                    }
                    p.phase = match p.phase {
                        // With `hirafirst=`: the second move its first move's method opened.
                        Phase::Hirakamae { first, began, .. } => Phase::Hirakamae {
                            first,
                            began,
                            stone,
                            concert,
                        },
                        _ if reclaim => Phase::Reclaim { stone, concert },
                        _ => Phase::Second { stone, concert },
                    };
                }
                "lifted" => {
                    let mut cs = v.chars();
                    let c = cs
                        .next()
                        .ok_or_else(|| err(col, &tok, "expected lifted=CODE SQUARE, e.g. DX5"))?;
                    let (side, kind) = code_kind(rules, c, col + key.len() + 1)?;
                    if side != p.turn {
                        return Err(err(
                            col,
                            &tok,
                            "only the side to move can hold a concert partner in hand",
                        ));
                    }
                    let from = square(cs.as_str())?;
                    p.lifted = Some(crate::position::Lifted {
                        kind,
                        from,
                        facing: 0,
                    });
                }
                "throw" => {
                    let (f, t) = v
                        .split_once('-')
                        .ok_or_else(|| err(col, &tok, "expected throw=FROM-TARGET"))?;
                    let (from, target) = (square(f)?, square(t)?);
                    // A throw in the air is the mover's throwing piece at the other Self
                    // (§2.0.08).
                    let side = self.side;
                    match p.piece_at(from) {
                        Some((s, k)) if s == side && rules.info(side, k).throw => {}
                        _ => {
                            return Err(err(
                                col,
                                &tok,
                                format!("{from} holds no piece of {side}'s that throws"),
                            ));
                        }
                    }
                    if p.piece_at(target) != Some((!side, rules.life(!side))) {
                        return Err(err(
                            col,
                            &tok,
                            format!("a throw is at {}'s Self, which is not on {target}", !side),
                        ));
                    }
                    // A throw flies along a line, step or diagonal with nothing but engagements
                    // in the way (R-THROW-LINE): a throw no game could make is refused (a review
                    // found one across the board read, and its hit played).
                    if crate::direction::aligned(from, target).is_none() {
                        return Err(err(
                            col,
                            &tok,
                            format!(
                                "{from} and {target} are not on one line, step or diagonal: no throw flies between them (R-THROW-LINE)"
                            ),
                        ));
                    }
                    // The thrower's own Self may stand between: a throw in concert passed
                    // it (R-CONCERT), and the text does not say whether it was one.
                    let own_life = p
                        .life_square(rules, side)
                        .map_or(crate::bitboard::Bitboard::EMPTY, |sq| {
                            crate::bitboard::Bitboard::from_square(sq)
                        });
                    if !crate::special::dagger_throw::clear_line_past(
                        rules, &p, from, target, own_life,
                    ) {
                        return Err(err(
                            col,
                            &tok,
                            format!(
                                "a piece other than an engagement, or a Donkey, stands between {from} and {target}: no throw flies there (R-THROW-LINE)"
                            ),
                        ));
                    }
                    p.phase = Phase::Throw { from, target };
                }
                "distraction" => {
                    if !matches!(v.as_str(), "-" | "S" | "B" | "SB") {
                        return Err(err(col, &tok, "expected distraction=- S B or SB"));
                    }
                    p.phase = Phase::Distraction {
                        life: v.contains('S'),
                        blade: v.contains('B'),
                    };
                }
                "glare" => {
                    if v.as_str() != "1" {
                        return Err(err(col, &tok, "expected glare=1"));
                    }
                    p.phase = Phase::Glare;
                }
                "retreats" => {
                    let bad = || {
                        err(
                            col,
                            &tok,
                            format!(
                                "expected retreats=<white>/<black>, {}",
                                retreats_range(rules)
                            ),
                        )
                    };
                    let (a, b) = v.split_once('/').ok_or_else(bad)?;
                    p.retreats = [a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?];
                }
                "dying" => {
                    let bad = || err(col, &tok, "expected dying=w:SQ or b:SQ");
                    let (a, b) = v.split_once(':').ok_or_else(bad)?;
                    let side = match a {
                        "w" => Side::White,
                        "b" => Side::Black,
                        _ => return Err(bad()),
                    };
                    p.dying = Some((side, square(b)?));
                }
                "deathspell" => {
                    one_flag(v, col, &tok, "deathspell")?;
                    p.death_spell = true
                }
                "sets" => {}
                "facing" => {
                    let bad = || err(col, &tok, "expected facing=SQf|r|b|l[,…], e.g. facing=X5r");
                    let mut faced = crate::bitboard::Bitboard::EMPTY;
                    for one in v.split(',') {
                        let f = one
                            .chars()
                            .last()
                            .and_then(|c| {
                                crate::notation::FACING_CHARS.iter().position(|&x| x == c)
                            })
                            .ok_or_else(bad)?;
                        let sq = square(&one[..one.len() - 1])?;
                        // One facing a piece (a review found `facing=X4r,X4b` read as X4b).
                        if !set_new(&mut faced, sq) {
                            return Err(err(col, &tok, format!("{sq} listed twice")));
                        }
                        match p.piece_at(sq) {
                            Some((side, k)) if rules.set(side).piece(k).is_oriented() => {
                                p.set_facing(sq, f as u8)
                            }
                            _ => {
                                return Err(err(
                                    col,
                                    &tok,
                                    format!("no oriented piece stands on {sq} to face a way"),
                                ));
                            }
                        }
                    }
                }
                "quiet" => {
                    p.quiet = v
                        .parse()
                        .map_err(|_| err(col, &tok, "expected a number of quiet turns"))?
                }
                "contact" => {
                    one_flag(v, col, &tok, "contact")?;
                    p.contact = true
                }
                "released" => {
                    one_flag(v, col, &tok, "released")?;
                    p.released = true
                }
                "shima" => {
                    one_flag(v, col, &tok, "shima")?;
                    p.shima = true
                }
                "quibbles" => {
                    p.quibbles = v
                        .parse()
                        .map_err(|_| err(col, &tok, "expected a number of returns"))?
                }
                "donkey" => {
                    let bad = || err(col, &tok, "expected donkey=wX5[,bY9]");
                    for one in v.split(',') {
                        let side = match one.chars().next() {
                            Some('w') => Side::White,
                            Some('b') => Side::Black,
                            _ => return Err(bad()),
                        };
                        // "Each player may have a donkey" (§2.0.23): one a side (a review found
                        // `donkey=wX5,wY6` read as White's on Y6 alone).
                        if p.donkey[side.index()].is_some() {
                            return Err(err(
                                col,
                                &tok,
                                format!("{side} has one Donkey: {one} is a second"),
                            ));
                        }
                        p.donkey[side.index()] = Some(square(&one[1..])?);
                    }
                }
                "donkeyhome" => {
                    p.donkey_home = sides(v).ok_or_else(|| err(col, &tok, "expected w, b or wb"))?
                }
                "donkeymove" => {
                    p.phase = Phase::DonkeyMove {
                        placer: match v.as_str() {
                            "w" => Side::White,
                            "b" => Side::Black,
                            _ => return Err(err(col, &tok, "expected donkeymove=w or b")),
                        },
                    }
                }
                "hira" => {
                    let bad = || {
                        err(
                            col,
                            &tok,
                            "expected hira=W:B with 0 unused, 1 in force, 2 used",
                        )
                    };
                    let (a, b) = v.split_once(':').ok_or_else(bad)?;
                    let a: u8 = a.parse().map_err(|_| bad())?;
                    let b: u8 = b.parse().map_err(|_| bad())?;
                    if a > 2 || b > 2 {
                        return Err(bad());
                    }
                    // One side at a time: its adversary may not pass (§2.0.18), so never enters
                    // the stance while the other holds it (a review found both read, and passes
                    // then going on for ever).
                    if a == 1 && b == 1 {
                        return Err(err(
                            col,
                            &tok,
                            "hirakamae is in force for one side at a time: its adversary may not pass into it (§2.0.18)",
                        ));
                    }
                    p.hirakamae = [a, b];
                }
                // `hirafirst=X9:X2`: landed on X9 from X2 (an older text gives X9 alone).
                "hirafirst" => {
                    let (first, began) = v.split_once(':').unwrap_or((v, v));
                    // `then=`/`concert=` with it: the second move the first move's own method
                    // opened (R-HIRAKAMAE), in either order.
                    let (stone, concert) = match p.phase {
                        Phase::Second { stone, concert } => (stone, concert),
                        _ => (None, None),
                    };
                    p.phase = Phase::Hirakamae {
                        first: square(first)?,
                        began: square(began)?,
                        stone,
                        concert,
                    }
                }
                // `hirasecond=X4:X4`: the throw or cast from X4 ended hirakamae; the second move
                // follows when it has resolved (R-HIRAKAMAE).
                "hirasecond" => {
                    let bad = || err(col, &tok, "expected hirasecond=SQ:FROM, e.g. X4:X4");
                    let (first, began) = v.split_once(':').ok_or_else(bad)?;
                    p.hira_second = Some((square(first)?, square(began)?));
                }
                // With `then=`/`concert=`: the second move still open after the reclaim.
                "reclaim" => {
                    one_flag(v, col, &tok, "reclaim")?;
                    p.phase = match p.phase {
                        Phase::Second { stone, concert } => Phase::Reclaim { stone, concert },
                        _ => Phase::Reclaim {
                            stone: None,
                            concert: None,
                        },
                    }
                }
                // `wX10,bY4`: the spent squares; `w`, `b`, `wb` (older texts, one trap a side):
                // every Obscurant Chaos square of that side.
                "chaosspent" => {
                    if let Some(all) = sides(v) {
                        every_trap_spent = all;
                    } else {
                        let bad = || {
                            err(
                                col,
                                &tok,
                                "expected chaosspent=wX10,bY4 (side, spent square), or w, b, wb",
                            )
                        };
                        for one in v.split(',') {
                            let (side, rest) = side_prefixed(one).ok_or_else(bad)?;
                            if !set_new(&mut p.chaos_spent[side.index()], square(rest)?) {
                                return Err(err(col, &tok, format!("{one} listed twice")));
                            }
                        }
                    }
                }
                "cast" => {
                    let bad = || err(col, &tok, "expected cast=CODE:MEASURE, e.g. L:2");
                    let (c, m) = v.split_once(':').ok_or_else(bad)?;
                    let (side, kind) = code_kind(rules, one_code(c).ok_or_else(bad)?, col)?;
                    let m: u8 = m.parse().map_err(|_| bad())?;
                    if !(1..=4).contains(&m) {
                        return Err(bad());
                    }
                    // The mover's own piece with a device (the Lantern, Cloak or Dagger): a
                    // review found another side's or a deviceless kind read, and indexed into
                    // the mover's set.
                    if side != self.side || rules.info(side, kind).cast.is_none() {
                        return Err(err(
                            col,
                            &tok,
                            "cast= names the mover's own piece that can be cast (a Lantern, Cloak or Dagger: its code in the mover's case)",
                        ));
                    }
                    p.phase = Phase::Cast {
                        kind,
                        measure: m - 1,
                    };
                }
                "casts" => {
                    let bad = || err(col, &tok, "expected casts=wFX10,bSY9 (side, F/C/S, square)");
                    for one in v.split(',') {
                        let (side, rest) = side_prefixed(one).ok_or_else(bad)?;
                        let mut ch = rest.chars();
                        let d = match ch.next() {
                            Some('F') => 0,
                            Some('C') => 1,
                            Some('S') => 2,
                            _ => return Err(bad()),
                        };
                        if !set_new(&mut p.casts[side.index()][d], square(ch.as_str())?) {
                            return Err(err(col, &tok, format!("{one} listed twice")));
                        }
                    }
                }
                "reposition" => {
                    let bad = || {
                        err(
                            col,
                            &tok,
                            "expected reposition=STEP:t or STEP:n, STEP 1 to 16",
                        )
                    };
                    let (st, t) = v.split_once(':').ok_or_else(bad)?;
                    let behind: u8 = st.parse().map_err(|_| bad())?;
                    if !(1..=16).contains(&behind) || !matches!(t, "t" | "n") {
                        return Err(bad());
                    }
                    p.reposition = Some(crate::device::Reposition {
                        behind,
                        takes: t == "t",
                    });
                }
                "pinned" => {
                    let bad = || {
                        err(
                            col,
                            &tok,
                            "expected pinned=CODE:SQ:TURN[,CODE:SQ:TURN], e.g. W:X7:12",
                        )
                    };
                    for one in v.split(',') {
                        let parts: Vec<&str> = one.split(':').collect();
                        let [c, sq, t] = parts.as_slice() else {
                            return Err(bad());
                        };
                        let (side, k) = code_kind(rules, one_code(c).ok_or_else(bad)?, col)?;
                        let pin = (k, square(sq)?, t.parse().map_err(|_| bad())?);
                        crate::special::blade_capture::add_pin(&mut p, side, pin)
                            .map_err(|why| err(col, &tok, why))?;
                    }
                }
                "intention" => {
                    // One per side, comma-separated (each side's stands until its next turn is
                    // over, the opponent's own declaration notwithstanding, §2.0.11).
                    for one in v.split(',') {
                        let i = intention(rules, one, col, &tok)?;
                        let slot = &mut p.intention[i.side.index()];
                        if slot.is_some() {
                            return Err(err(
                                col,
                                &tok,
                                format!("{} has two intentions: a side has one (§2.0.11)", i.side),
                            ));
                        }
                        *slot = Some(i);
                    }
                }
                "meta" => {
                    if v.as_str() != "1" {
                        return Err(err(col, &tok, "expected meta=1"));
                    }
                    p.meta_moved = true;
                }
                "freefrom" => {
                    let bad = || err(col, &tok, "expected freefrom=SQ:n");
                    let (a, b) = v.split_once(':').ok_or_else(bad)?;
                    p.free_from = Some(square(a)?);
                    p.free_bounces = b.parse().map_err(|_| bad())?;
                }
                "penalties" => {
                    let bad = || err(col, &tok, "expected penalties=<white>/<black>");
                    let (a, b) = v.split_once('/').ok_or_else(bad)?;
                    p.penalties = [a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?];
                }
                "glareblock" => {
                    p.glare_block = sides(v).ok_or_else(|| err(col, &tok, "expected w, b or wb"))?
                }
                "hug" => {
                    let bad = || {
                        err(
                            col,
                            &tok,
                            "expected hug=W:B, each hand - (empty), ? (sealed), S (the Self) or D (the Dagger)",
                        )
                    };
                    let (a, b) = v.split_once(':').ok_or_else(bad)?;
                    let hand = |t: &str| {
                        let mut cs = t.chars();
                        match (cs.next(), cs.next()) {
                            (Some(c), None) => crate::hug::Hand::from_code(c),
                            _ => None,
                        }
                    };
                    p.hug = [hand(a).ok_or_else(bad)?, hand(b).ok_or_else(bad)?];
                }
                "over" => {
                    p.outcome = Some(
                        Outcome::from_code(v)
                            .ok_or_else(|| err(col, &tok, "unknown ending code"))?,
                    )
                }
                _ => {
                    return Err(err(
                        col,
                        &tok,
                        format!(
                            "unknown field '{key}': expected one of {}",
                            FIELDS.join(" ")
                        ),
                    ));
                }
            }
        }
        for side in Side::ALL {
            if every_trap_spent[side.index()] {
                p.chaos_spent[side.index()] =
                    p.casts[side.index()][crate::device::Device::ObscurantChaos.index()];
            }
        }
        self.check(rules, &mut p)?;
        Ok(p)
    }

    fn check(&self, rules: &Rules, p: &mut Position) -> Result<(), ParseError> {
        let field_col = |key: &str| {
            self.fields
                .iter()
                .find(|f| f.0 == key)
                .map(|f| f.2)
                .unwrap_or(1)
        };
        // Without the more obscure devices (§2.0.19 step 1, option `devices`) no piece was ever
        // cast and no side entered Hirakamae.
        if !rules.options.devices {
            let why = "the terms of play exclude the more obscure devices (option devices: false)";
            for key in [
                "casts",
                "shima",
                "hira",
                "chaosspent",
                "cast",
                "reclaim",
                "hirafirst",
                "hirasecond",
                "reposition",
            ] {
                if self.fields.iter().any(|f| f.0 == key) {
                    return Err(err(field_col(key), key, format!("{key}=: {why}")));
                }
            }
        }
        // What the turn in progress has done (a Cloak leaving a blade capture, a contact) is
        // cleared when a turn ends: before the turn's first move there is none (a review found
        // `released=1` read at a turn's start, refusing a blade capture no Cloak had left).
        for (key, set) in [("released", p.released), ("contact", p.contact)] {
            if set && p.before_first_move() {
                return Err(err(
                    field_col(key),
                    key,
                    format!(
                        "{key}=1 tells what the turn in progress has done: not before the turn's first move"
                    ),
                ));
            }
        }
        for side in Side::ALL {
            let traps = p.casts[side.index()][crate::device::Device::ObscurantChaos.index()];
            if let Some(sq) = (p.chaos_spent[side.index()] & !traps).first() {
                return Err(err(
                    field_col("chaosspent"),
                    "chaosspent",
                    format!(
                        "{side} has no Obscurant Chaos square on {sq} to have spent (give it in casts=)"
                    ),
                ));
            }
        }
        // A pinned blade first: it counts as on the board, so a wrong one would be reported
        // as one piece too many.
        if let Err(why) = check_pins(rules, p) {
            return Err(err(field_col("pinned"), "pinned", why));
        }
        for side in Side::ALL {
            for k in rules.set(side).kinds() {
                let name = rules.set(side).piece(k).name();
                let on = p.in_play(side, k);
                let res = p.reserve(side, k);
                let count = rules.counts[side.index()][k.index()];
                if on as u16 + res as u16 > count as u16 {
                    let col = self
                        .pieces
                        .iter()
                        .find(|(sq, _, _)| p.pieces(side, k).contains(*sq))
                        .map(|t| t.2)
                        .unwrap_or(1);
                    return Err(err(
                        col,
                        name,
                        format!(
                            "{side} has {} {name} on the board and {res} in reserve, but only {count} in this game",
                            on
                        ),
                    ));
                }
                p.discard[side.index()][k.index()] = count - on - res;
                // (A set may draw fewer at a time than it has: the Assassin's Daggers, a
                // review found four read on the board where two may stand.)
                let max = rules.info(side, k).max_on_board;
                if on > max {
                    let col = self
                        .pieces
                        .iter()
                        .filter(|(sq, _, _)| p.pieces(side, k).contains(*sq))
                        .nth(max as usize)
                        .map_or(1, |t| t.2);
                    return Err(err(
                        col,
                        name,
                        format!(
                            "{side} has {on} {name} on the board, but its set draws at most {max} at a time"
                        ),
                    ));
                }
            }
            if let Err(why) = check_discarded_engagements(rules, p, side) {
                return Err(err(self.reserves_col, "reserves", why));
            }
            let life = rules.life(side);
            if p.pieces(side, life).count() == 0 && p.outcome.is_none() {
                return Err(err(
                    1,
                    "",
                    format!("{side} has no Self on the board and the game is not over"),
                ));
            }
        }
        // The Death Spell is one of the obscure devices (§2.0.18, §2.0.19 step 1): none when they
        // are left out (R-DEVICES).
        if p.death_spell && !rules.options.devices {
            return Err(err(
                field_col("deathspell"),
                "deathspell",
                "deathspell=1 marks the Death Spell, one of the obscure devices, which these rules leave out (R-DEVICES)",
            ));
        }
        // A remembered direction is a piece's whose slide may not repeat it (`no_repeat_direction`,
        // R-LANTERN-DIRECTION): a set without one keeps none (a review found `dir=` read for the
        // standard Lantern, which never clears it, and written on for ever after).
        for side in Side::ALL {
            if p.last_dir[side.index()].is_some() && !remembers_direction(rules, side) {
                return Err(err(
                    field_col("dir"),
                    "dir",
                    format!(
                        "dir= keeps the direction of a piece whose slide has no_repeat_direction (R-LANTERN-DIRECTION); {side}'s set has none: expected - for {side}"
                    ),
                ));
            }
        }
        // The free engagement's last move (§2.0.05, the quibbling reset's count, §2.0.20): it is
        // on the board, a square from where it came (a review found `freefrom=Z16:2` read with
        // it on X8, the reset offered with no back-and-forth).
        if let Some(from) = p.free_from {
            let adjacent = p.free_square().is_some_and(|at| at.distance(from) == 1);
            if !adjacent {
                return Err(err(
                    field_col("freefrom"),
                    "freefrom",
                    format!(
                        "freefrom={from} names where the free engagement came from by its last move, a square from where it stands{}",
                        match p.free_square() {
                            Some(at) => format!(" ({at})"),
                            None => ": it is not on the board".to_string(),
                        }
                    ),
                ));
            }
        }
        for (key, ep) in [("ep", p.en_passant), ("epn", p.en_passant_next)] {
            if let Some(ep) = ep {
                let victim_side = if key == "ep" { !p.turn } else { p.turn };
                // (En passant is a fend: never against an engagement its set makes unfendable.)
                let ok = p.piece_at(ep.victim).is_some_and(|(s, k)| {
                    s == victim_side && rules.is_engagement(s, k) && rules.info(s, k).fendable
                }) && !p.occupied().contains(ep.target);
                // The target is the first square the engagement passed, on its line, a step
                // from where it began at least two steps from where it stands (§2.0.04; a
                // review found `ep=X11-Z5` read, a fend from six steps away).
                // Forward from there, by a move the engagement's own pattern makes (R-PAWN-ADVANCE:
                // the 1–3 advance only from its second measure; a review found a target behind
                // the victim, or a start no advance leaves from, read).
                let from = ep.target.step() as i8 - victim_side.forward();
                let advanced = (ep.victim.step() as i8 - from) * victim_side.forward();
                let start = Square::try_new(ep.target.line() as i8, from);
                // Under any facing, from its Self's square or none: a set's engagement may move
                // by an oriented leap or one relative to its Self (a review found such a move's
                // `ep=`, written by the game, refused when read back).
                // The Self the move was measured from may since have moved (Hirakamae's ending
                // double move: the engagement, then the Self) or been taken (the dying move):
                // any square it may have stood on, its own first (reviews found such positions,
                // written by the game, refused when read back).
                let reaches = start
                    .zip(p.piece_at(ep.victim))
                    .is_some_and(|(start, (s, k))| {
                        let lives: Vec<Option<Square>> = [None, p.life_square(rules, s)]
                            .into_iter()
                            .chain(Square::all().map(Some))
                            .collect();
                        (0..4u8).any(|facing| {
                            lives.iter().copied().any(|life| {
                                let (both, moves, attacks) = crate::set_check::reach(
                                    rules.set(s),
                                    k,
                                    s,
                                    start,
                                    facing,
                                    life,
                                );
                                (both | moves | attacks).contains(ep.victim)
                            })
                        })
                    });
                let passed = ep.target.line() == ep.victim.line()
                    && advanced >= 2
                    && reaches
                    && ep.victim != ep.target;
                if ok && !passed {
                    return Err(err(
                        field_col(key),
                        key,
                        format!(
                            "{} is not the first square passed by an engagement that moved two or more steps to {} (the same line, §2.0.04)",
                            ep.target, ep.victim
                        ),
                    ));
                }
                // Mid-turn only: the mover's own engagement moved this turn.
                if key == "epn" && matches!(p.phase, Phase::Start | Phase::DonkeyMove { .. }) {
                    return Err(err(
                        field_col(key),
                        key,
                        "epn= names the en passant the mover's move opened this turn: not before the turn's first move (give ep= for the opponent's)",
                    ));
                }
                if !ok {
                    return Err(err(
                        field_col(key),
                        key,
                        format!(
                            "no fendable {victim_side} engagement on {} that passed an empty {}",
                            ep.victim, ep.target
                        ),
                    ));
                }
            }
        }
        // A cast in the air is aimed at an empty measure between the two Selves (§2.0.18 "Into
        // a rare empty measure between the two players' Self pieces"; R-CAST): no cast could aim
        // anywhere else, and its landing could never be played (a review found `cast=L:1` read,
        // aimed at White's own Self's measure, the toss then never resolving).
        if let Phase::Cast { measure, .. } = p.phase
            && !crate::special::cast_piece::empty_measures(rules, p)
                .contains(&crate::measure::Measure(measure))
        {
            return Err(err(
                field_col("cast"),
                "cast",
                format!(
                    "measure {} is not an empty measure between the two Selves: a cast is aimed at one (§2.0.18)",
                    measure + 1
                ),
            ));
        }
        if let Phase::Second { stone, concert }
        | Phase::Reclaim { stone, concert }
        | Phase::Hirakamae { stone, concert, .. } = p.phase
        {
            if let Some(sq) = stone
                && p.piece_at(sq).is_none_or(|(s, _)| s != p.turn)
            {
                return Err(err(
                    field_col("then"),
                    "then",
                    format!("no piece of the side to move on {sq}"),
                ));
            }
            // "All your pieces (except Ruin) can also step-stone your own engagements"
            // (§2.0.VII): an inert piece never landed on a stone, so has no second move (a
            // review found a Ruin's read and listed).
            if let Some(sq) = stone
                && let Some((s, k)) = p.piece_at(sq)
                && rules.info(s, k).inert
            {
                return Err(err(
                    field_col("then"),
                    "then",
                    format!(
                        "the {} on {sq} never lands on a stepping stone (§2.0.VII): it has no second move",
                        rules.set(s).piece(k).def.name
                    ),
                ));
            }
            if let Some(sq) = concert
                && p.life_square(rules, p.turn) != Some(sq)
            {
                return Err(err(
                    field_col("concert"),
                    "concert",
                    format!("the Self of the side to move is not on {sq}"),
                ));
            }
            // Both name the square where the turn's one first move landed (a Self that moved
            // onto a stepping stone, `turn::play_action`): never two squares.
            if let (Some(a), Some(b)) = (stone, concert)
                && a != b
            {
                return Err(err(
                    field_col("concert"),
                    "concert",
                    format!(
                        "then={a} and concert={b} name two first moves: both name the square the Self just moved to"
                    ),
                ));
            }
        }
        // `hirasecond=` only while the throw or cast that ended the mover's hirakamae resolves:
        // its roll, its landing (a distraction's repositioning closes the turn).
        if p.hira_second.is_some()
            && !(matches!(p.phase, Phase::Throw { .. } | Phase::Cast { .. })
                && p.hirakamae[p.turn.index()] == 2
                && p.dying.is_none())
        {
            return Err(err(
                field_col("hirasecond"),
                "hirasecond",
                "hirasecond= names the second move owed after a throw or cast that ended the mover's hirakamae (hira= 2 for the mover): only while that throw's roll, or that cast's landing, is to come",
            ));
        }
        // And only after what owes it: that throw, from its Dagger's square (`F:F` beside
        // `throw=F-T`), or a cast that may be linked to another move — not Obscurant Chaos's,
        // "never linked to further moves on one turn" (§2.0.15; a review found a Cloak's cast
        // read with a third action after its repositioning).
        if let Some((first, began)) = p.hira_second {
            let owed = match p.phase {
                Phase::Throw { from, .. } => first == from && began == from,
                Phase::Cast { kind, .. } => {
                    first == began
                        && rules.info(p.turn, kind).cast
                            != Some(crate::special::cast_piece::Device::ObscurantChaos)
                }
                _ => true,
            };
            if !owed {
                return Err(err(
                    field_col("hirasecond"),
                    "hirasecond",
                    format!(
                        "hirasecond={first}:{began}: no second move is owed after this {}",
                        if matches!(p.phase, Phase::Throw { .. }) {
                            "throw: it names the thrown Dagger's square twice"
                        } else {
                            "cast: the Cloak's Obscurant Chaos is never linked to further moves (§2.0.15)"
                        }
                    ),
                ));
            }
        }
        // Beside `hirafirst=`, the other method's second move is the first move's own: it names
        // the square that move landed on (`turn::second_opened`; a review found a Dagger that
        // never moved given a stepping stone's throw).
        if let Phase::Hirakamae {
            first,
            stone,
            concert,
            ..
        } = p.phase
        {
            for (key, sq) in [("then", stone), ("concert", concert)] {
                if let Some(sq) = sq.filter(|&sq| sq != first) {
                    return Err(err(
                        field_col(key),
                        key,
                        format!(
                            "{key}={sq} beside hirafirst={first}: the second move hirakamae's ending move opened is that move's own, from {first}"
                        ),
                    ));
                }
            }
        }
        for (key, check) in [
            (
                "retreats",
                check_retreats as fn(&Rules, &Position) -> Result<(), String>,
            ),
            ("passes", check_passes),
            ("quiet", check_quiet),
            ("hug", check_hug),
            ("over", check_shima_draw),
            ("shima", check_shima_reserve),
            ("hira", check_hira_broken),
            ("dying", check_dying),
            ("deathspell", check_death_spell),
            ("donkey", check_donkeys),
            ("donkeyhome", check_donkey_home),
            ("donkeymove", check_donkey_move),
        ] {
            if let Err(why) = check(rules, p) {
                return Err(err(field_col(key), key, why));
            }
        }
        if let Some(l) = p.lifted {
            let why = if !matches!(
                p.phase,
                Phase::Second {
                    concert: Some(_),
                    ..
                } | Phase::Reclaim {
                    concert: Some(_),
                    ..
                }
            ) {
                Some("a partner is in hand only in concert (give concert=SQ too)".to_string())
            } else if !rules.info(p.turn, l.kind).concert_partner {
                Some(format!(
                    "the {} does not move in concert",
                    rules.set(p.turn).piece(l.kind).name()
                ))
            } else if p
                .piece_at(l.from)
                .is_some_and(|(s, k)| (s, k) != (p.turn, rules.life(p.turn)))
            {
                Some(format!(
                    "{} is occupied: a partner is lifted from an empty square or the Self's",
                    l.from
                ))
            } else {
                None
            };
            if let Some(why) = why {
                return Err(err(field_col("lifted"), "lifted", why));
            }
        }
        Ok(())
    }
}

impl Position {
    /// Parses and checks a position text.
    pub fn from_text(rules: &Rules, text: &str) -> Result<Position, ParseError> {
        PositionText::parse(text)?.to_position(rules)
    }

    /// Reads a position to play from: `from_text`, refusing one player's view, whose sealed
    /// Hug hand (`hug=?:-`, §2.0.23) could never be revealed (`Position::is_view`).
    pub fn from_text_playable(rules: &Rules, text: &str) -> Result<Position, ParseError> {
        let p = Position::from_text(rules, text)?;
        if p.is_view() {
            let at = text.find("hug=");
            let token = at.map_or(text, |i| text[i..].split_whitespace().next().unwrap_or(""));
            return Err(ParseError::new(
                at.map_or(1, |i| text[..i].chars().count() + 1),
                token,
                "this is one player's view of a game (the other's Hug hand is sealed, `?`); a game starts only from a whole position",
            ));
        }
        Ok(p)
    }

    /// Writes the position text; `from_text` reads it back to an equal position.
    pub fn to_text(&self, rules: &Rules) -> String {
        let mut s = String::with_capacity(80);
        for step in (1..=16u8).rev() {
            let mut empty = 0;
            for line in 0..4u8 {
                let sq = Square::new(line, step);
                let c = if self.free_square() == Some(sq) {
                    Some('@')
                } else {
                    self.piece_at(sq).map(|(side, k)| code(rules, side, k))
                };
                match c {
                    Some(c) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if step > 1 {
                s.push('/');
            }
        }
        s.push(' ');
        s.push(self.turn.char());
        s.push(' ');
        let mut res = [String::new(), String::new()];
        for side in Side::ALL {
            for k in rules.set(side).kinds() {
                for _ in 0..self.reserve(side, k) {
                    res[side.index()].push(code(rules, side, k));
                }
            }
        }
        if res[0].is_empty() && res[1].is_empty() {
            s.push('-');
        } else {
            s.push_str(&res[0]);
            s.push('/');
            s.push_str(&res[1]);
        }
        if let FreePlace::Off(i) = self.free
            && i != Intersection::CENTRE
        {
            s.push_str(&format!(" free={i}"));
        }
        if let Some(ep) = self.en_passant {
            s.push_str(&format!(" ep={}-{}", ep.target, ep.victim));
        }
        if let Some(ep) = self.en_passant_next {
            s.push_str(&format!(" epn={}-{}", ep.target, ep.victim));
        }
        if self.last_dir != [None, None] {
            let d = |x: Option<Dir>| x.map_or("-", |d| d.name());
            s.push_str(&format!(
                " dir={}/{}",
                d(self.last_dir[0]),
                d(self.last_dir[1])
            ));
        }
        if self.passes > 0 {
            s.push_str(&format!(" passes={}", self.passes));
        }
        if self.turns > 0 {
            s.push_str(&format!(" turns={}", self.turns));
        }
        if let Phase::Second { stone, concert }
        | Phase::Reclaim { stone, concert }
        | Phase::Hirakamae { stone, concert, .. } = self.phase
        {
            if let Some(sq) = stone {
                s.push_str(&format!(" then={sq}"));
            }
            if let Some(sq) = concert {
                s.push_str(&format!(" concert={sq}"));
            }
            if let Some(l) = self.lifted {
                s.push_str(&format!(
                    " lifted={}{}",
                    code(rules, self.turn, l.kind),
                    l.from
                ));
            }
        }
        match self.phase {
            Phase::Throw { from, target } => s.push_str(&format!(" throw={from}-{target}")),
            Phase::Distraction { life, blade } => s.push_str(&format!(
                " distraction={}",
                match (life, blade) {
                    (false, false) => "-",
                    (true, false) => "S",
                    (false, true) => "B",
                    (true, true) => "SB",
                }
            )),
            Phase::Glare => s.push_str(" glare=1"),
            Phase::Cast { kind, measure } => s.push_str(&format!(
                " cast={}:{}",
                code(rules, self.turn, kind),
                measure + 1
            )),
            Phase::Reclaim { .. } => s.push_str(" reclaim=1"),
            _ => {}
        }
        if let Some((side, sq)) = self.dying {
            s.push_str(&format!(" dying={}:{sq}", side.char()));
        }
        if self.death_spell {
            s.push_str(" deathspell=1");
        }
        let pins: Vec<String> = Side::ALL
            .iter()
            .flat_map(|&side| {
                crate::special::blade_capture::pins(self, side)
                    .map(move |(k, sq, t)| format!("{}:{sq}:{t}", code(rules, side, k)))
            })
            .collect();
        if !pins.is_empty() {
            s.push_str(&format!(" pinned={}", pins.join(",")));
        }
        if self.released {
            s.push_str(" released=1");
        }
        let mut casts = Vec::new();
        for side in Side::ALL {
            for (i, d) in ['F', 'C', 'S'].iter().enumerate() {
                for sq in self.casts[side.index()][i] {
                    casts.push(format!("{}{d}{sq}", side.char()));
                }
            }
        }
        if !casts.is_empty() {
            s.push_str(&format!(" casts={}", casts.join(",")));
        }
        let spent: Vec<String> = Side::ALL
            .iter()
            .flat_map(|&side| {
                self.chaos_spent[side.index()].map(move |sq| format!("{}{sq}", side.char()))
            })
            .collect();
        if !spent.is_empty() {
            s.push_str(&format!(" chaosspent={}", spent.join(",")));
        }
        if self.shima {
            s.push_str(" shima=1");
        }
        let donkeys: Vec<String> = Side::ALL
            .iter()
            .filter_map(|&s| self.donkey[s.index()].map(|sq| format!("{}{sq}", s.char())))
            .collect();
        if !donkeys.is_empty() {
            s.push_str(&format!(" donkey={}", donkeys.join(",")));
        }
        push_sides(&mut s, "donkeyhome", self.donkey_home);
        if let Phase::DonkeyMove { placer } = self.phase {
            s.push_str(&format!(" donkeymove={}", placer.char()));
        }
        if self.quibbles > 0 {
            s.push_str(&format!(" quibbles={}", self.quibbles));
        }
        let facings: Vec<String> = Square::all()
            .filter(|&sq| self.facing(sq) != 0)
            .map(|sq| {
                format!(
                    "{sq}{}",
                    crate::notation::FACING_CHARS[self.facing(sq) as usize]
                )
            })
            .collect();
        if !facings.is_empty() {
            s.push_str(&format!(" facing={}", facings.join(",")));
        }
        if rules.sets.iter().any(|set| set.name != "Standard") {
            s.push_str(&format!(" sets={}", sets_field(rules)));
        }
        if self.hirakamae != [0, 0] {
            s.push_str(&format!(
                " hira={}:{}",
                self.hirakamae[0], self.hirakamae[1]
            ));
        }
        if let Phase::Hirakamae { first, began, .. } = self.phase {
            s.push_str(&format!(" hirafirst={first}:{began}"));
        }
        if let Some((first, began)) = self.hira_second {
            s.push_str(&format!(" hirasecond={first}:{began}"));
        }
        if let Some(r) = self.reposition {
            s.push_str(&format!(
                " reposition={}:{}",
                r.behind,
                if r.takes { "t" } else { "n" }
            ));
        }
        if self.quiet > 0 {
            s.push_str(&format!(" quiet={}", self.quiet));
        }
        if self.contact {
            s.push_str(" contact=1");
        }
        // Each side's, White's first, comma-separated.
        for (n, i) in self.intentions().enumerate() {
            s.push_str(if n == 0 { " intention=" } else { "," });
            s.push_str(&format!(
                "{}:{}:{}:{}:{}",
                code(rules, i.side, i.kind),
                i.from,
                i.to,
                // `@`: the free engagement (`Intent::stands`); `-`: a bluff's empty square.
                match i.target {
                    Some(t) => code(rules, !i.side, t),
                    None if !i.bluff => '@',
                    None => '-',
                },
                u8::from(i.fresh)
            ));
            if let Some(v) = i.via {
                s.push_str(&format!(":{v}"));
            }
            if i.bluff {
                s.push_str(":bluff");
            }
        }
        if self.meta_moved {
            s.push_str(" meta=1");
        }
        if let Some(f) = self.free_from {
            s.push_str(&format!(" freefrom={f}:{}", self.free_bounces));
        }
        if self.penalties != [0, 0] {
            s.push_str(&format!(
                " penalties={}/{}",
                self.penalties[0], self.penalties[1]
            ));
        }
        if self.retreats != [0, 0] {
            s.push_str(&format!(
                " retreats={}/{}",
                self.retreats[0], self.retreats[1]
            ));
        }
        push_sides(&mut s, "glareblock", self.glare_block);
        if self.hug != [crate::hug::Hand::Empty; 2] {
            s.push_str(&format!(
                " hug={}:{}",
                self.hug[0].code(),
                self.hug[1].code()
            ));
        }
        if let Some(o) = self.outcome {
            s.push_str(&format!(" over={}", o.code()));
        }
        s
    }
}

/// Reads a field naming sides: `w`, `b` or `wb`.
fn sides(v: &str) -> Option<[bool; 2]> {
    (!v.is_empty() && v.chars().all(|c| c == 'w' || c == 'b'))
        .then(|| [v.contains('w'), v.contains('b')])
}

/// One entry of a list such as `casts=wFX10,bSY9`: its side letter (`w`, `b`) and the rest.
fn side_prefixed(one: &str) -> Option<(Side, &str)> {
    let side = match one.chars().next()? {
        'w' => Side::White,
        'b' => Side::Black,
        _ => return None,
    };
    Some((side, &one[1..]))
}

/// Sets `sq` in `squares`; false when it was set already (an entry listed twice).
fn set_new(squares: &mut crate::bitboard::Bitboard, sq: Square) -> bool {
    let new = !squares.contains(sq);
    squares.set(sq);
    new
}

/// Writes ` key=w|b|wb` when any side is set.
fn push_sides(s: &mut String, key: &str, set: [bool; 2]) {
    let v: String = Side::ALL
        .iter()
        .filter(|x| set[x.index()])
        .map(|x| x.char())
        .collect();
    if !v.is_empty() {
        s.push_str(&format!(" {key}={v}"));
    }
}

/// The side and kind a position-text letter names (uppercase White, lowercase Black).
/// One side's intention as `intention=` writes it: `BLADE:FROM:TO:TARGET:FRESH[:VIA][:bluff]`
/// (§2.0.11), `v` one entry of the field's comma list, `tok` the whole field for the error.
fn intention(
    rules: &Rules,
    v: &str,
    col: usize,
    tok: &str,
) -> Result<crate::position::Intent, ParseError> {
    let square =
        |s: &str| Square::parse(s).ok_or_else(|| err(col, tok, format!("'{s}' is not a square")));
    let bad = || {
        err(
            col,
            tok,
            "expected intention=BLADE:FROM:TO:TARGET:FRESH, e.g. W:X7:X10:l:0",
        )
    };
    let mut parts: Vec<&str> = v.split(':').collect();
    // `:bluff` last: declared without the conditions, never enacted (§2.0.11).
    let bluff = parts.last() == Some(&"bluff");
    if bluff {
        parts.pop();
    }
    let (b, f, t, g, fresh, via) = match parts.as_slice() {
        [b, f, t, g, fresh] => (b, f, t, g, fresh, None),
        [b, f, t, g, fresh, via] => (b, f, t, g, fresh, Some(square(via)?)),
        _ => return Err(bad()),
    };
    let bc = one_code(b).ok_or_else(bad)?;
    let gc = one_code(g).ok_or_else(bad)?;
    let (side, kind) = code_kind(rules, bc, col)?;
    // A blade declares (§2.0.11 "your Sword (or blade) sees the targeted
    // piece"; a review found a Cloak's intention read and enacted).
    if !rules.is_blade(side, kind) {
        return Err(err(
            col,
            tok,
            format!(
                "{side}'s {} declares no intention: a blade (Sword or Dagger) does (§2.0.11)",
                rules.set(side).piece(kind).name()
            ),
        ));
    }
    // `-`: a bluff at a square without an opposing piece; `@`: an intention on the free
    // engagement (not a bluff's).
    let target = match gc {
        '-' if bluff => None,
        '@' if !bluff => None,
        '-' | '@' => {
            return Err(err(
                col,
                tok,
                "the target - (none) is a bluff's, @ (the free engagement) an intention's",
            ));
        }
        _ => match code_kind(rules, gc, col)? {
            (s, k) if s != side => Some(k),
            _ => {
                return Err(err(
                    col,
                    tok,
                    "the target is an opposing piece's code (the other case from the blade's), @ for the free engagement, or - for none (a bluff's)",
                ));
            }
        },
    };
    let fresh = match *fresh {
        "1" => true,
        "0" => false,
        _ => return Err(bad()),
    };
    Ok(crate::position::Intent {
        side,
        kind,
        from: square(f)?,
        to: square(t)?,
        target,
        fresh,
        via,
        bluff,
    })
}

/// A piece's code written alone: one character (a review found `cast=Lantern:2` read as `L`
/// and `intention=Wword:…` as `W`, the rest passed over).
fn one_code(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

fn code_kind(rules: &Rules, c: char, col: usize) -> Result<(Side, Kind), ParseError> {
    // A code is a letter, White's uppercase and Black's lowercase (a review found `6` called
    // no code of Black's set).
    if !c.is_ascii_alphabetic() {
        return Err(err(
            col,
            &c.to_string(),
            format!("'{c}' is not a piece letter (White's uppercase, Black's lowercase)"),
        ));
    }
    let side = if c.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    };
    let set = rules.set(side);
    set.by_code(c).map(|k| (side, k)).ok_or_else(|| {
        err(
            col,
            &c.to_string(),
            format!(
                "no piece of {side}'s set {:?} has code '{}'",
                set.name,
                c.to_ascii_uppercase()
            ),
        )
    })
}

fn code(rules: &Rules, side: Side, k: Kind) -> char {
    let c = rules.set(side).piece(k).def.code;
    if side == Side::White {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

/// Every optional field, in the order `to_text` writes them (docs/POSITION.md).
pub const FIELDS: [&str; 41] = [
    "free",
    "ep",
    "epn",
    "dir",
    "passes",
    "turns",
    "then",
    "concert",
    "lifted",
    "throw",
    "distraction",
    "glare",
    "cast",
    "reclaim",
    "dying",
    "deathspell",
    "pinned",
    "released",
    "casts",
    "chaosspent",
    "shima",
    "donkey",
    "donkeyhome",
    "donkeymove",
    "quibbles",
    "facing",
    "sets",
    "hira",
    "hirafirst",
    "hirasecond",
    "reposition",
    "quiet",
    "contact",
    "intention",
    "meta",
    "freefrom",
    "penalties",
    "retreats",
    "glareblock",
    "hug",
    "over",
];

/// The most consecutive passes the count holds: two (§2.0.17), more only by forced passes
/// (R-PASS-FORCED). Not the no-contest count: a glare with no move before it is a pass
/// (§2.0.16) and contact too (R-NO-CONTEST), so passes may outnumber the quiet turns
/// (docs/rulings/veney-position-text.md, P-PASSES).
const MAX_PASSES: u8 = u8::MAX;

fn passes_range() -> String {
    format!(
        "expected 0 to 2 consecutive passes (§2.0.17: \"a maximum two passes can occur consecutively\"), or up to {MAX_PASSES} when every pass after the second was forced (R-PASS-FORCED)"
    )
}

/// The most retreats a side can have played: the agreed limit, one more when that retreat
/// ended the game (§2.0.02: exceeding the limit "is considered a resignation").
fn max_retreats(rules: &Rules, side: Side) -> u8 {
    match rules.options.retreat_limit_for(side) {
        crate::options::RetreatLimit::Limited(n) => n.saturating_add(1),
        crate::options::RetreatLimit::Unlimited => u8::MAX,
    }
}

fn retreats_range(rules: &Rules) -> String {
    let one = |side: Side| match rules.options.retreat_limit_for(side) {
        crate::options::RetreatLimit::Limited(n) => format!(
            "from 0 to the retreat limit {n}, or {} for a side whose retreat beyond the limit ended the game (with over=retreatlimit)",
            max_retreats(rules, side)
        ),
        crate::options::RetreatLimit::Unlimited => {
            format!("from 0 to {}", max_retreats(rules, side))
        }
    };
    let (w, b) = (one(Side::White), one(Side::Black));
    if w == b {
        format!("each {w}")
    } else {
        format!("White's {w}; Black's {b}")
    }
}

/// A pinned blade lies under the opposing Cloak that captured it (§2.0.06, R-BLADE-CAPTURE),
/// captured at a turn count already reached.
fn check_pins(rules: &Rules, p: &Position) -> Result<(), String> {
    for side in Side::ALL {
        for (k, sq, t) in crate::special::blade_capture::pins(p, side) {
            check_pin(rules, p, side, k, sq, t)?;
        }
    }
    Ok(())
}

/// One pinned blade of `side` checked (`check_pins`).
fn check_pin(
    rules: &Rules,
    p: &Position,
    side: Side,
    k: crate::piece_set::Kind,
    sq: Square,
    t: u16,
) -> Result<(), String> {
    let name = rules.set(side).piece(k).name();
    if !rules.is_blade(side, k) {
        return Err(format!(
            "{side}'s {name} cannot be pinned: blade capture pins a blade, a Sword or Dagger (§2.0.06 Cloak); the code's case gives the blade's side (W for White's Sword, w for Black's)"
        ));
    }
    match p.piece_at(sq) {
        Some((s, c)) if s != side && rules.relation(s, c, k) == Relation::BladeCapture => {}
        Some((s, c)) => {
            return Err(format!(
                "{side}'s {name} is pinned on {sq}, but {s}'s {} stands there: a pinned blade lies under the opposing Cloak that captured it (§2.0.06 Cloak)",
                rules.set(s).piece(c).name()
            ));
        }
        None => {
            return Err(format!(
                "{side}'s {name} is pinned on {sq}, but no {} Cloak stands there: a pinned blade lies under the opposing Cloak that captured it (§2.0.06 Cloak); the code's case gives the blade's side (W for White's Sword, w for Black's)",
                !side
            ));
        }
    }
    if t > p.turns {
        return Err(format!(
            "{side}'s {name} was pinned at turn count {t}, but only {} turns are completed (turns=)",
            p.turns
        ));
    }
    Ok(())
}

/// Engagements "are never taken, only fended" (§2.0.04): none is discarded unless the rules can
/// discard one (an opposing piece a set lets take it, or a piece penalty, §2.0.22).
fn check_discarded_engagements(rules: &Rules, p: &Position, side: Side) -> Result<(), String> {
    for k in rules.set(side).kinds() {
        let n = p.discard(side, k);
        if n == 0 || !rules.is_engagement(side, k) {
            continue;
        }
        let info = rules.info(side, k);
        let penalty = matches!(
            rules.options.untenable,
            crate::options::UntenablePolicy::PiecePenaltyAbsolute
                | crate::options::UntenablePolicy::PiecePenaltyLenient
        );
        let taken = rules.set(!side).kinds().any(|a| {
            matches!(
                rules.relation(!side, a, k),
                Relation::Take | Relation::Disarm | Relation::Negate | Relation::Checkmate
            )
        });
        if penalty || taken || info.blade || info.jutsu || info.life || info.cast.is_some() {
            continue;
        }
        let name = rules.set(side).piece(k).name();
        let count = rules.counts[side.index()][k.index()];
        return Err(format!(
            "{n} of {side}'s {count} {name} pieces are neither on the board nor in reserve, so they would be discarded, but engagements are never taken, only fended back to reserve (§2.0.04); expected all {count} on the board or in {side}'s reserve"
        ));
    }
    Ok(())
}

/// Under `hirakamae_breaks`, no hirakamae in force for the side to move whose stance no longer
/// stands: it has ended (ruling R-HIRAKAMAE).
fn check_hira_broken(rules: &Rules, p: &Position) -> Result<(), String> {
    if crate::special::hirakamae::broken(rules, p) {
        return Err(format!(
            "{}'s stance no longer stands, so under hirakamae_breaks its hirakamae has ended (give 2 for that side)",
            p.turn
        ));
    }
    Ok(())
}

/// A dying move (§2.0.20) is the answer of a side whose Self was just taken: that Self is off
/// the board, and the game stands won by touch by the other side (a review found `dying=` read
/// with the Self still standing, and with no checkmate).
fn check_dying(rules: &Rules, p: &Position) -> Result<(), String> {
    let Some((side, _)) = p.dying else {
        return Ok(());
    };
    if p.pieces(side, rules.life(side)).any() {
        return Err(format!(
            "{side}'s Self stands on the board: a dying move answers its Self's being taken (§2.0.20)"
        ));
    }
    // "on the next move": the checkmate ended the winner's turn (a review found the winner
    // given a whole turn more).
    if p.turn != side {
        return Err(format!(
            "{side} makes its dying move next (§2.0.20 \"on the next move\"): {side} is to move"
        ));
    }
    match p.outcome {
        Some(Outcome::Checkmate {
            winner,
            by: crate::outcome::Mate::Touch,
        }) if winner == !side => Ok(()),
        _ => Err(format!(
            "a dying move follows {}'s checkmate by touch of {side}: give over=touch:{} too (§2.0.20)",
            !side,
            (!side).char()
        )),
    }
}

/// The Death Spell is a dying move's (§2.0.18: "if the player having just been checkmated by
/// touch immediately follows … with the negation of Jutsu-takes-Jutsu, they still lose"): only
/// after a checkmate by touch, its dying move made (a review found `deathspell=1` read beside an
/// agreed draw, a resignation, or an open game).
fn check_death_spell(rules: &Rules, p: &Position) -> Result<(), String> {
    if !p.death_spell {
        return Ok(());
    }
    match p.outcome {
        Some(Outcome::Checkmate {
            winner,
            by: crate::outcome::Mate::Touch,
        }) if p.dying.is_none() && !p.pieces(!winner, rules.life(!winner)).any() => Ok(()),
        _ => Err(
            "deathspell=1 marks a dying move that negated after a checkmate by touch (§2.0.18 Death Spell): give over=touch:… with the loser's Self off the board and no dying= left".into(),
        ),
    }
}

/// The Donkeys on the board (§2.0.23): only a side that has one, on a square of its own ("the
/// Donkey may not be harmed": nothing lands on it, nor it on a piece), one Donkey a square (a
/// review found `donkey=` on a piece's square read).
fn check_donkeys(rules: &Rules, p: &Position) -> Result<(), String> {
    for side in Side::ALL {
        let Some(sq) = p.donkey[side.index()] else {
            continue;
        };
        if !rules.has_donkey(side) {
            return Err(format!(
                "{side} has no Donkey in this game (option donkey, or its set's `donkey`)"
            ));
        }
        if p.piece_at(sq).is_some() || p.free_square() == Some(sq) {
            return Err(format!(
                "{side}'s Donkey on {sq} shares the square with a piece (nothing lands on the Donkey, §2.0.23)"
            ));
        }
    }
    if let [Some(a), Some(b)] = p.donkey
        && a == b
    {
        return Err(format!("both Donkeys on {a}: one piece a square"));
    }
    Ok(())
}

/// A Donkey in reserve (`donkeyhome=`): only a side that has one, and not while it stands on the
/// board (each player has one, §2.0.23).
fn check_donkey_home(rules: &Rules, p: &Position) -> Result<(), String> {
    for side in Side::ALL {
        if !p.donkey_home[side.index()] {
            continue;
        }
        if !rules.has_donkey(side) {
            return Err(format!(
                "{side} has no Donkey in this game (option donkey, or its set's `donkey`)"
            ));
        }
        if let Some(sq) = p.donkey[side.index()] {
            return Err(format!(
                "{side}'s one Donkey is on {sq}: it is not in reserve too"
            ));
        }
    }
    Ok(())
}

/// The Donkey's move before the side to move acts (`donkeymove=`): that placer's Donkey is on
/// the board (a review found a position with no action at all read).
fn check_donkey_move(_rules: &Rules, p: &Position) -> Result<(), String> {
    if let Phase::DonkeyMove { placer } = p.phase
        && p.donkey[placer.index()].is_none()
    {
        return Err(format!(
            "{placer}'s Donkey, to move now, is not on the board"
        ));
    }
    // "on its own turn following the turn of the player who placed it" (§2.0.23): before the
    // other side's turn (a review found the side to move's own Donkey moving before its turn).
    if let Phase::DonkeyMove { placer } = p.phase
        && placer == p.turn
    {
        return Err(format!(
            "{placer}'s Donkey moves after {placer}'s turn, before {}'s: give donkeymove={} with {} to move",
            !placer,
            placer.char(),
            !placer
        ));
    }
    Ok(())
}

/// No draw under Shima (§2.0.18 Cast Dagger – Shima: "drawing the game is not an option; an
/// attempt to draw by agreement or pass repetition is now equivalent to both players losing").
fn check_shima_draw(_rules: &Rules, p: &Position) -> Result<(), String> {
    if p.shima && matches!(p.outcome, Some(Outcome::Draw { .. })) {
        return Err("under Shima drawing is not an option (§2.0.18): an attempt to draw is both players losing (over=double)".into());
    }
    Ok(())
}

/// Under Shima no reserve but Daggers and engagements (§2.0.18: "All reserved pieces except
/// Daggers and engagements are discarded, and the players continue with what is already on the
/// board"; R-SHIMA-RESERVE).
fn check_shima_reserve(rules: &Rules, p: &Position) -> Result<(), String> {
    if !p.shima {
        return Ok(());
    }
    for s in Side::ALL {
        for k in rules.set(s).kinds() {
            let keep = rules.is_engagement(s, k)
                || rules.info(s, k).cast == Some(crate::device::Device::Shima);
            if !keep && p.reserve[s.index()][k.index()] > 0 {
                return Err(format!(
                    "{s} has a {} in reserve under Shima, where \"all reserved pieces except Daggers and engagements are discarded\" (§2.0.18): leave it out of the reserve (the discard is what the board and reserves leave)",
                    rules.set(s).piece(k).name()
                ));
            }
        }
    }
    Ok(())
}

/// Hug hands only while a draw awaits its Hug, one at least still empty (the second pick settles
/// it), and a Dagger only from an army that has one (§2.0.23, R-HUG-NO-DAGGER).
fn check_hug(rules: &Rules, p: &Position) -> Result<(), String> {
    use crate::hug::{Hand, HugChoice};
    if p.hug == [Hand::Empty; 2] {
        return Ok(());
    }
    if !crate::hug::awaits_hug(rules, p.outcome) {
        return Err(if rules.options.hug {
            "a hand is hidden only while a draw awaits its Hug (§2.0.23): give over=agreed or over=nocontest".into()
        } else {
            "the agreed rules settle no draw by a Hug (option hug: false)".into()
        });
    }
    if !p.hug.contains(&Hand::Empty) {
        return Err("both hands are in: the Hug is settled (the second pick reveals both), so at least one is -".into());
    }
    for side in Side::ALL {
        if p.hug[side.index()] == Hand::Holds(HugChoice::Betray)
            && !crate::hug::may_betray(rules, side)
        {
            return Err(format!(
                "{side}'s army has no Dagger to hide (R-HUG-NO-DAGGER)"
            ));
        }
    }
    Ok(())
}

/// Retreats within the agreed limit; the one beyond it ended the game (§2.0.02 Retreat).
fn check_retreats(rules: &Rules, p: &Position) -> Result<(), String> {
    for side in Side::ALL {
        let crate::options::RetreatLimit::Limited(limit) = rules.options.retreat_limit_for(side)
        else {
            continue;
        };
        let n = p.retreats(side);
        let resigned = p.outcome
            == Some(Outcome::Resignation {
                winner: !side,
                reason: crate::outcome::Resign::RetreatLimit,
            });
        if n <= limit || (n == limit.saturating_add(1) && resigned) {
            continue;
        }
        return Err(format!(
            "{side} has played {n} retreats, more than the retreat limit {limit} allows (§2.0.02 Retreat: surpassing the limit \"is considered a resignation\", which ends the game); expected {}",
            retreats_range(rules)
        ));
    }
    Ok(())
}

/// Passes beyond two in a row (§2.0.17) are reached only when each extra pass was forced: the
/// player who passed had nothing else to do (R-PASS-FORCED). A pass leaves the board as it was,
/// so at a turn's start the side that passed last (and, from four passes, the side to move, who
/// passed before it) must have no move on this board.
/// A game still going has had fewer quiet turns than the no-contest count: the turn that
/// reaches it draws the game (§2.0.20; a review found `quiet=150` read as a game going on).
fn check_quiet(rules: &Rules, p: &Position) -> Result<(), String> {
    match rules.options.no_contest_turns {
        Some(n) if p.quiet >= n && p.outcome.is_none() => Err(format!(
            "{} quiet turns: the game is drawn by no contest after {n} (§2.0.20) — give over=nocontest, or fewer than {n}",
            p.quiet
        )),
        _ => Ok(()),
    }
}

fn check_passes(rules: &Rules, p: &Position) -> Result<(), String> {
    // Mid-turn the board has changed since the passes; the Donkey moves between turns.
    if p.passes <= 2 || p.phase != Phase::Start || p.outcome.is_some() || p.donkey != [None; 2] {
        return Ok(());
    }
    let passers = if p.passes >= 4 {
        vec![!p.turn, p.turn]
    } else {
        vec![!p.turn]
    };
    for side in passers {
        let mut then = *p;
        then.turn = side;
        then.en_passant = None;
        then.en_passant_next = None;
        then.meta_moved = true;
        let mut acts = Vec::new();
        crate::movegen::legal_actions(rules, &then, &mut acts);
        if let Some(a) = acts.iter().find(|a| a.counts_as_move()) {
            let which = if side == p.turn {
                "passed before the last pass"
            } else {
                "passed last"
            };
            return Err(format!(
                "{} passes in a row: after two, \"the first player who passed must now make a move on the board\" (§2.0.17), and {side} ({which}) has a move here ({}), so its pass was not forced (R-PASS-FORCED); {}",
                p.passes,
                crate::notation::San::of_action(rules, &then, &acts, a),
                passes_range()
            ));
        }
    }
    Ok(())
}

/// The standard starting position's text.
pub const START: &str = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";

#[allow(dead_code)]
const _: () = assert!(MAX_KINDS <= 16);

/// A field that is on when written, `key=1` (a review found `shima=0` turning Shima on).
fn one_flag(v: &str, col: usize, tok: &str, key: &str) -> Result<(), ParseError> {
    if v == "1" {
        Ok(())
    } else {
        Err(err(col, tok, format!("expected {key}=1")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_text() {
        let rules = Rules::standard();
        let p = Position::start(&rules);
        assert_eq!(p.to_text(&rules), START);
        assert_eq!(Position::from_text(&rules, START).unwrap(), p);
    }

    #[test]
    fn errors_name_the_column() {
        let rules = Rules::standard();
        let e = Position::from_text(&rules, "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSQ/4/4/4 w -")
            .unwrap_err();
        assert_eq!(e.col, 37);
        assert_eq!(e.token, "Q");
        let e = Position::from_text(&rules, "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 x -")
            .unwrap_err();
        assert_eq!((e.col, e.token.as_str()), (45, "x"));
        let e = Position::from_text(&rules, "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4 w -")
            .unwrap_err();
        assert!(e.message.contains("16 steps"), "{e}");
        let e = Position::from_text(&rules, "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/5 w -")
            .unwrap_err();
        assert!(e.message.contains("1 to 4"), "{e}");
        let e = Position::from_text(&rules, &format!("{START} colour=red")).unwrap_err();
        assert!(e.message.contains("unknown field"), "{e}");
        // Two Swords for White: more than the set allows.
        let e = Position::from_text(&rules, "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/W3/4/4 w -")
            .unwrap_err();
        assert!(e.message.contains("only 1"), "{e}");
    }

    /// Ruling R-POSITION-DISCARD: the position text has no discard field; the discard is what the set's counts leave after the board and the reserves.
    #[test]
    fn discard_is_what_counts_leave() {
        let rules = Rules::standard();
        // No reserves written: White's and Black's Dagger, Guard, Lantern, Jutsu, Ruin are discarded.
        let p =
            Position::from_text(&rules, "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w -").unwrap();
        let set = rules.set(Side::White);
        assert_eq!(p.discard(Side::White, set.by_name("Dagger").unwrap()), 1);
        assert_eq!(p.discard(Side::Black, set.by_name("Sword").unwrap()), 0);
    }
}

/// Whether a piece of `side`'s set remembers the direction of its last ordinary slide
/// (`no_repeat_direction`).
fn remembers_direction(rules: &Rules, side: Side) -> bool {
    let set = rules.set(side);
    set.kinds().any(|k| {
        set.piece(k).def.moves.iter().any(|m| {
            matches!(
                m,
                crate::piece_def::Primitive::Slide {
                    no_repeat_direction: true,
                    ..
                }
            )
        })
    })
}
