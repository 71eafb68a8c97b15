//! What every position of a game must satisfy: checked on each position text read, and by the
//! testkit after every action of its random games. Each error names the part of the position
//! text it is about (and the square, if one), so a reader can say where.
use crate::fort;
use crate::options::{MasterChoice, TirachenOptions};
use crate::outcome;
use crate::piece::{Kind, Piece};
use crate::position::{Phase, Position, Reserve};
use crate::side::Side;
use crate::square::Square;
use crate::zones;
use std::fmt;

/// The fields of a position text, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Board,
    ToMove,
    Phases,
    Reserves,
    ExtraMove,
    QuietTurns,
}

/// A position that breaks the rules: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub field: Field,
    pub square: Option<Square>,
    pub why: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.square {
            Some(sq) => write!(f, "{sq}: {}", self.why),
            None => write!(f, "{}", self.why),
        }
    }
}

impl std::error::Error for PositionError {}

fn fail<T>(
    field: Field,
    square: Option<Square>,
    why: impl Into<String>,
) -> Result<T, PositionError> {
    Err(PositionError {
        field,
        square,
        why: why.into(),
    })
}

/// Checks `pos` against the rules and `opts`.
pub fn check(pos: &Position, opts: &TirachenOptions) -> Result<(), PositionError> {
    if pos.choosing() {
        return check_choosing(pos, opts);
    }
    let mut missing_generals = 0;
    for side in Side::BOTH {
        check_side(pos, opts, side)?;
        if pos.general(side).is_none() {
            missing_generals += 1;
        }
    }
    if missing_generals == 2 {
        return fail(Field::Board, None, "both Generals are missing");
    }
    check_traitor(pos)?;
    if Side::BOTH.into_iter().all(|s| {
        let home = zones::homeland(s.other());
        pos.side(s) & home == home
    }) {
        return fail(
            Field::Board,
            None,
            "both homelands are occupied by the other side",
        );
    }
    if let Some(sq) = pos.extra_move() {
        let p = pos.piece_at(sq);
        if p != Some(Piece::new(pos.to_move(), Kind::Traitor)) {
            return fail(
                Field::ExtraMove,
                Some(sq),
                "an extra move belongs to a Traitor the side to move controls, on that square",
            );
        }
        if outcome::ending(pos, opts).is_some() {
            return fail(
                Field::ExtraMove,
                Some(sq),
                "no extra move is left once the game is over",
            );
        }
        // The extra move follows the Traitor's capture, which begins the quiet count again.
        if pos.quiet_turns() != 0 {
            return fail(
                Field::QuietTurns,
                None,
                "an extra move follows taking the Traitor, a capture: the quiet count is 0",
            );
        }
    }
    if let Some(limit) = opts.quiet_turn_limit
        && pos.quiet_turns() > limit
    {
        return fail(
            Field::QuietTurns,
            None,
            format!("the game is drawn after {limit} quiet turns; there cannot be more"),
        );
    }
    Ok(())
}

fn check_side(pos: &Position, opts: &TirachenOptions, side: Side) -> Result<(), PositionError> {
    let r = pos.reserve(side);
    let name = side.name();
    if r.hidden() > 0 && opts.masters == MasterChoice::Open {
        return fail(
            Field::Reserves,
            None,
            format!("{name}'s masters are hidden (`?`), which they are only when chosen in secret"),
        );
    }
    // A view hides all of a side's undeployed masters or none (`secrecy::observe`): some named
    // and some hidden is no one's view (a review found `show` draw it).
    if r.hidden() > 0 && r.known_masters() > 0 {
        return fail(
            Field::Reserves,
            None,
            format!(
                "{name}'s undeployed masters are some named and some hidden (`?`); a view hides all of them or none"
            ),
        );
    }
    for kind in [Kind::General, Kind::Fort, Kind::Commander, Kind::Pike] {
        let n = pos.pieces(side, kind).count() + r.count(kind) as u32;
        if n > kind.full_count() as u32 {
            let sq = pos.pieces(side, kind).iter().last();
            return fail(
                if sq.is_some() {
                    Field::Board
                } else {
                    Field::Reserves
                },
                sq,
                format!(
                    "{name} has {n} {}s; a side has {}",
                    kind.name(),
                    kind.full_count()
                ),
            );
        }
    }
    let masters_on_board: u32 = Kind::MASTERS
        .iter()
        .map(|&k| pos.pieces(side, k).count())
        .sum();
    if masters_on_board + r.known_masters() + r.hidden() as u32 > 9 {
        return fail(
            Field::Reserves,
            None,
            format!("{name} has more than 9 masters"),
        );
    }
    if r.count(Kind::General) > 0 || r.count(Kind::Traitor) > 0 {
        return fail(
            Field::Reserves,
            None,
            "the General and the Traitor are never undeployed",
        );
    }
    if let Some(f) = pos.fort(side)
        && !zones::deployment_area(side).contains(f)
    {
        return fail(
            Field::Board,
            Some(f),
            format!(
                "{name}'s Fort stands outside {name}'s deployment area, where it is placed and stays"
            ),
        );
    }
    // No piece ends a move in the opposing Fort's ring, so one can stand there only if the Fort
    // was placed beside it: allowed by the text, and impossible only under option
    // `fort_ring_must_be_clear` (ruling "A Fort placed beside an opposing piece").
    if opts.fort_ring_must_be_clear {
        let in_ring = pos.side(side) & fort::barred(pos, side);
        if let Some(sq) = in_ring.first() {
            return fail(
                Field::Board,
                Some(sq),
                format!(
                    "a piece of {name} stands next to the opposing Fort, which option FortRingClear forbids"
                ),
            );
        }
    }
    if pos.phase(side) == Phase::Deploying {
        let outside = pos.side(side) & !zones::deployment_area(side);
        if let Some(sq) = outside.first() {
            return fail(
                Field::Board,
                Some(sq),
                format!("{name} is still deploying, so its pieces are all in its deployment area"),
            );
        }
        if r.is_empty() {
            return fail(
                Field::Phases,
                None,
                format!("{name} has placed its last piece, so it is mobilized"),
            );
        }
    }
    Ok(())
}

fn check_traitor(pos: &Position) -> Result<(), PositionError> {
    let t = pos.kind(Kind::Traitor);
    if t.count() > 1 {
        return fail(Field::Board, t.iter().last(), "there is only one Traitor");
    }
    if let Some(sq) = pos.neutral().first()
        && sq != zones::CENTRE
    {
        return fail(
            Field::Board,
            Some(sq),
            "a Traitor no one controls never moves from the centre square e5",
        );
    }
    Ok(())
}

/// Before both sides have chosen their masters nothing else has been played.
fn check_choosing(pos: &Position, opts: &TirachenOptions) -> Result<(), PositionError> {
    let start = Position::start(opts);
    for sq in Square::all() {
        if pos.piece_at(sq) != start.piece_at(sq) {
            return fail(
                Field::Board,
                Some(sq),
                "while the masters are being chosen the board is as it starts",
            );
        }
    }
    for side in Side::BOTH {
        if pos.phase(side) == Phase::Mobilised {
            return fail(
                Field::Phases,
                None,
                "no side mobilizes before both have chosen their masters",
            );
        }
        let r = pos.reserve(side);
        let base = Reserve::before_choice();
        for kind in [Kind::Fort, Kind::Commander, Kind::Pike] {
            if r.count(kind) != base.count(kind) {
                return fail(
                    Field::Reserves,
                    None,
                    "while the masters are being chosen every piece but the General is undeployed",
                );
            }
        }
        let masters = r.known_masters() + r.hidden() as u32;
        let expected = if pos.phase(side) == Phase::Choosing {
            0
        } else {
            9
        };
        if masters != expected {
            return fail(
                Field::Reserves,
                None,
                format!(
                    "{} has {masters} undeployed masters; {expected} before play",
                    side.name()
                ),
            );
        }
        if r.hidden() > 0 && opts.masters == MasterChoice::Open {
            return fail(
                Field::Reserves,
                None,
                "masters are hidden (`?`) only when chosen in secret",
            );
        }
    }
    let expected_to_move = match opts.masters {
        MasterChoice::Secret => opts.first,
        MasterChoice::Open if pos.phase(opts.first) == Phase::Choosing => opts.first,
        MasterChoice::Open => opts.first.other(),
    };
    if opts.masters == MasterChoice::Open
        && pos.phase(opts.first) == Phase::Choosing
        && pos.phase(opts.first.other()) != Phase::Choosing
    {
        return fail(
            Field::Phases,
            None,
            format!("{} chooses its masters first", opts.first.name()),
        );
    }
    if pos.to_move() != expected_to_move {
        return fail(
            Field::ToMove,
            None,
            format!("{} is to choose or move now", expected_to_move.name()),
        );
    }
    if pos.extra_move().is_some() {
        return fail(Field::ExtraMove, None, "no extra move before play");
    }
    if pos.quiet_turns() != 0 {
        return fail(Field::QuietTurns, None, "no turn is counted before play");
    }
    Ok(())
}
