//! Untenable moves played with sand, and the penalties when they are called (§2.0.22).
//!
//! "'Untenable' refers to a move which breaks a rule, most likely one regarding range
//! constraints and double-move combinations." Under every policy but `Strict`, a player may make
//! such a move (`untenable_actions`: the moves and placements the pieces could make if their
//! range constraints did not apply) and the opponent may call it, "but only immediately after
//! the move is made". The agreed policy then applies (`call`):
//! - Friendly: "The move is reset, and the player can make an allowed move."
//! - TimePenalty: reset, and the player gets a time penalty (counted here; the clock applies it).
//! - TurnPenalty: "The move is reset, and the player's turn is skipped."
//! - PiecePenaltyAbsolute / PiecePenaltyLenient: "The piece which made the untenable move is
//!   discarded, and the player's turn is skipped"; if it is the Self or the only blade, absolute
//!   loses the game, lenient moves it back and only skips the turn.
//! - SuddenDeath: "The player who made the untenable move loses instantly."
//! - DelayedReset: the non-offending player resets the board as if by retreat (under Shima,
//!   where "reset [is] now impossible", the move is taken back instead).
//!
//! Ruling R-UNTENABLE-CALL: only the last action can be called, before any other action is
//! played ("If you make a move, you've lost your chance"); a later untenable move with the same
//! piece is itself callable ("renews the call"). The Self leaving an armament out of constraint
//! is not untenable (the armament did not move), as the rulebook says.
use crate::action::{Action, Mover};
use crate::movegen;
use crate::options::UntenablePolicy;
use crate::outcome::{Mate, Outcome};
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// The untenable actions a player may attempt now (empty under `Strict`).
pub fn untenable_actions(rules: &Rules, pos: &Position) -> Vec<Action> {
    if rules.options.untenable == UntenablePolicy::Strict {
        return Vec::new();
    }
    untenable_rivals(rules, pos)
}

/// The untenable actions a game with sand would offer in `pos`, whatever this game's policy:
/// what a move that stood untenable (R-REPLAY-SAND) is written apart from, since a save's
/// reader reads it with sand.
pub(crate) fn untenable_rivals(rules: &Rules, pos: &Position) -> Vec<Action> {
    let mut all = Vec::new();
    movegen::unconstrained_actions(rules, pos, &mut all);
    let legal = pos.legal_actions(rules);
    all.retain(|a| !legal.contains(a));
    all
}

/// What a call did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// The move was taken back; the same player moves again (friendly).
    Reverted,
    /// Taken back, and the offender's time penalty count went up.
    TimePenalty,
    /// Taken back and the offender's turn skipped.
    TurnSkipped,
    /// The offending piece was discarded from this square and the turn skipped.
    PieceLost(Square),
    /// The offending Jutsu, which tried to enter a measure under Control, was fended from this
    /// square back to reserve and the turn skipped (§2.0.07).
    JutsuFended(Square),
    /// The offender lost the game.
    Lost,
    /// The board was reset as if by retreat.
    Reset,
}

impl Call {
    /// The notation suffix of a called move (§2.0.R5): `U`, `Ut`, `U#`; `None` when the move
    /// was taken back and leaves no trace in the record (friendly). A time penalty's move keeps
    /// its `U`, so that the penalty it counted replays from the record; the offender's move
    /// made again follows it in the same turn.
    pub fn suffix(self) -> Option<&'static str> {
        match self {
            Call::Reverted => None,
            Call::TurnSkipped | Call::Reset | Call::TimePenalty => Some("U"),
            Call::PieceLost(_) | Call::JutsuFended(_) => Some("Ut"),
            Call::Lost => Some("U#"),
        }
    }
}

/// The square where the piece that made `action` untenable now stands: the mover — or, in a
/// trade of places (a Shift, §2.0.07: "assuming the blade piece's destination is within its
/// normal constraints"), the piece traded onto the mover's old square when that one is out of
/// its range (§2.0.22: "made by the constrained piece").
fn offender_square(rules: &Rules, after: &Position, action: &Action) -> Option<Square> {
    match *action {
        Action::Move(m) if matches!(m.mover, Mover::Piece(_)) => {
            if let crate::action::Effect::Swap(k) = m.effect
                && let Some((side, _)) = after.piece_at(m.from)
                && !crate::constraint::zone_of(rules, after, side, k).contains(m.from)
            {
                return Some(m.from);
            }
            Some(m.to)
        }
        Action::Place { to, .. } => Some(to),
        _ => None,
    }
}

/// Applies the agreed policy to the untenable `action`, played from `before` to `after`.
/// Returns the position after the call and what it did. `by_offender`: the player who made the
/// move called it ("graciously", §2.0.22).
pub fn call(
    rules: &Rules,
    before: &Position,
    after: &Position,
    action: &Action,
    concert_start: Option<&Position>,
    by_offender: bool,
) -> (Position, Call) {
    let (mut p, c) = call_unsettled(rules, before, after, action, concert_start, by_offender);
    // A Jutsu fended by the call under Shima is discarded, as any piece fended then
    // (R-SHIMA-RESERVE).
    if p.shima {
        crate::special::cast_piece::discard_reserves(rules, &mut p);
    }
    // The turn the call handed over may find a stance broken (`hirakamae_breaks`).
    crate::special::hirakamae::lapse_if_broken(rules, &mut p);
    (p, c)
}

/// A Jutsu's move or placement into a measure the opponent controls (§2.0.07 Control).
enum JutsuInto {
    /// Moved (or attacked) from this square.
    Moved(crate::piece_set::Kind, Square),
    /// Placed on this square.
    Placed(Square),
}

/// Whether `action` (by the side to move in `before`) is a Jutsu's move, attack or placement
/// into a measure the opponent controls.
fn jutsu_into_control(rules: &Rules, before: &Position, action: &Action) -> Option<JutsuInto> {
    let side = before.turn();
    let controlled = || crate::special::control::controlled(rules, before, !side);
    match *action {
        Action::Move(m) => match m.mover {
            Mover::Piece(k) if rules.info(side, k).jutsu && controlled().contains(m.to) => {
                Some(JutsuInto::Moved(k, m.from))
            }
            _ => None,
        },
        Action::Place { kind, to, .. }
            if rules.info(side, kind).jutsu && controlled().contains(to) =>
        {
            Some(JutsuInto::Placed(to))
        }
        _ => None,
    }
}

/// `call` before the turn it hands over is looked at.
fn call_unsettled(
    rules: &Rules,
    before: &Position,
    after: &Position,
    action: &Action,
    concert_start: Option<&Position>,
    by_offender: bool,
) -> (Position, Call) {
    let offender = before.turn();
    // A move taken back before a skipped turn. The concert partner's move made from the hand
    // after the Self landed on its square (R-CONCERT) goes back with the Self's landing — the
    // position before the Self's move: the partner cannot go back to its square, the Self
    // stands there (a review found it sent to reserve, the Sword too). After a lunge over it,
    // its square is empty and it goes back there as the turn ends.
    let taken_back = match (before.lifted, concert_start) {
        (Some(l), Some(start)) if before.piece_at(l.from).is_some() => start,
        _ => before,
    };
    // The loss stands even when the untenable move itself took the Self (or disarmed the last
    // blade): "The player who made the untenable move loses instantly" (§2.0.22). The win that
    // move made is void (R-UNTENABLE-CALL), and so is its board: the game ends on the board
    // before it, not with the winner's Self in the discard (an audit found it drawn so).
    let lose = |p: &Position| {
        let decided = p.outcome.is_some() || p.dying.is_some();
        let mut p = if decided { *taken_back } else { *p };
        p.outcome = None;
        p.dying = None;
        p.death_spell = false;
        p.set_outcome(Outcome::Checkmate {
            winner: !offender,
            by: Mate::Penalty,
        });
        p
    };
    let skip = |p: &Position| {
        let mut p = *p;
        p.skip_turn(rules);
        p
    };
    // §2.0.07 Control: "If the Jutsu attempts to attack or move into the measure where Control
    // is active, the move is merely prevented. However, if playing by turn-penalty …, the move
    // is prevented and the turn skipped. If playing by piece-penalty, the Jutsu is fended and
    // the turn skipped." Under the policies the text does not name, the move is merely taken
    // back: no time penalty, no loss, no reset (R-CONTROL; a review found the full penalty).
    if matches!(
        rules.options.untenable,
        UntenablePolicy::TimePenalty | UntenablePolicy::SuddenDeath | UntenablePolicy::DelayedReset
    ) && jutsu_into_control(rules, before, action).is_some()
    {
        return (*before, Call::Reverted);
    }
    match rules.options.untenable {
        UntenablePolicy::Strict | UntenablePolicy::Friendly => (*before, Call::Reverted),
        UntenablePolicy::TimePenalty => {
            let mut p = *before;
            p.penalties[offender.index()] = p.penalties[offender.index()].saturating_add(1);
            (p, Call::TimePenalty)
        }
        UntenablePolicy::TurnPenalty => (skip(taken_back), Call::TurnSkipped),
        UntenablePolicy::SuddenDeath => (lose(after), Call::Lost),
        // Shima: "retreat and reset are now impossible" (§2.0.18). The reset the policy would
        // call cannot be made; the untenable move is taken back, as in a friendly game
        // (R-UNTENABLE-SHIMA).
        UntenablePolicy::DelayedReset if before.shima => (*before, Call::Reverted),
        // "the non-offending player may declare a reset of the board": the offender's own call
        // ("graciously", §2.0.22) only takes the move back, as in a friendly game (a review
        // found an offender resetting a lost board by calling their own move).
        UntenablePolicy::DelayedReset if by_offender => (*before, Call::Reverted),
        UntenablePolicy::DelayedReset => {
            let mut p = *before;
            // A partner in hand goes onto the board first (any empty square: the reset lifts
            // every piece and sets them up again), so the reset counts it. Its own square is
            // the Self's when the Self landed on it.
            if let Some(l) = p.lifted.take() {
                let at = (!p.occupied())
                    .first()
                    .expect("the board always has an empty square");
                p.put(offender, l.kind, at);
            }
            crate::special::retreat::reset_board(rules, &mut p);
            // A reset board starts a turn afresh, even when the untenable move was the second
            // of a double-move: no second move pending, no meta-move made.
            p.phase = crate::position::Phase::Start;
            p.meta_moved = false;
            p.contact = false;
            // Nor a Cloak's leaving a blade capture earlier in the called turn (a review found
            // `released=1` kept, the fresh turn refusing a blade capture and its position text
            // refused when read back).
            p.released = false;
            // Nor a quibble over the free engagement (§2.0.20: its reset is open "unless/until a
            // move is made by a piece other than the free engagement"; a retreat, a reset too,
            // ends it: a review found `a==` offered on the board just reset).
            p.quibbles = 0;
            // Nor the mark of a turn made instead of an Obscurant Chaos repositioning (R-CAST).
            p.reposition = None;
            // The caller initiated the reset: the offender moves (as after a retreat) — the board
            // is `before`'s, the offender's to move already.
            debug_assert_eq!(p.turn(), offender);
            (p, Call::Reset)
        }
        UntenablePolicy::PiecePenaltyAbsolute | UntenablePolicy::PiecePenaltyLenient => {
            // §2.0.07 Control: "If the Jutsu attempts to attack or move into the measure where
            // Control is active, the move is merely prevented. … If playing by piece-penalty,
            // the Jutsu is fended and the turn skipped."
            match jutsu_into_control(rules, before, action) {
                Some(JutsuInto::Moved(k, from)) => {
                    let mut p = *before;
                    p.remove(offender, k, from);
                    p.reserve[offender.index()][k.index()] += 1;
                    p.skip_turn(rules);
                    return (p, Call::JutsuFended(from));
                }
                // Placed into the controlled measure: fended back to the reserve it came from
                // (a review found it discarded as any other offending piece).
                Some(JutsuInto::Placed(to)) => return (skip(taken_back), Call::JutsuFended(to)),
                None => {}
            }
            let Some(sq) = offender_square(rules, after, action) else {
                return (skip(taken_back), Call::TurnSkipped);
            };
            let Some((side, k)) = after.piece_at(sq) else {
                return (skip(taken_back), Call::TurnSkipped);
            };
            let critical = rules.info(side, k).life
                || (rules.info(side, k).privileged
                    && crate::special::disarm::privileged_on_board(rules, after, side) <= 1);
            if critical {
                if rules.options.untenable == UntenablePolicy::PiecePenaltyAbsolute {
                    return (lose(after), Call::Lost);
                }
                return (skip(taken_back), Call::TurnSkipped);
            }
            // A called untenable move wins nothing: when it ended the game (took the Self,
            // disarmed the last blade) the ending goes with it — the move is taken back, its
            // piece discarded from where it stood and the turn skipped (a review found a spare
            // blade turning the penalty into a win).
            let won = matches!(after.outcome, Some(Outcome::Checkmate { winner, .. }) if winner == offender)
                && before.outcome.is_none();
            if won || (after.dying.is_some() && before.dying.is_none()) {
                if let Action::Move(m) = *action
                    && let Mover::Piece(mk) = m.mover
                {
                    let mut p = *taken_back;
                    if p.lifted.is_some_and(|l| l.kind == mk && l.from == m.from) {
                        // The partner still in hand (after a lunge over it): discarded from
                        // there.
                        p.lifted = None;
                        p.discard[offender.index()][mk.index()] += 1;
                    } else if p.piece_at(m.from) == Some((offender, mk)) {
                        p.remove(offender, mk, m.from);
                        // A Cloak discarded from a capture frees the blade (R-BLADE-CAPTURE).
                        if crate::special::blade_capture::pinned_at(&p, !offender, m.from).is_some()
                        {
                            crate::special::blade_capture::release(&mut p, !offender, m.from);
                        }
                        p.discard[offender.index()][mk.index()] += 1;
                    } else if crate::special::blade_capture::pinned_at(&p, offender, m.from)
                        .is_some_and(|(k, _)| k == mk)
                    {
                        // A pinned blade freed untenably: discarded from under the Cloak, where
                        // it stood (a review found the checkmating freeing move costing only the
                        // turn, less than a quiet one).
                        crate::special::blade_capture::discard_pinned(&mut p, offender, m.from);
                    } else {
                        return (skip(taken_back), Call::TurnSkipped);
                    }
                    p.skip_turn(rules);
                    return (p, Call::PieceLost(m.from));
                }
                return (skip(taken_back), Call::TurnSkipped);
            }
            let mut p = *after;
            p.remove(side, k, sq);
            // A Cloak discarded from a capture (its untenable capturing move called) leaves the
            // blade there, free, as when it leaves by any other way (R-BLADE-CAPTURE; a review
            // found the blade left pinned under nothing, the position then unreadable).
            if crate::special::blade_capture::pinned_at(&p, !side, sq).is_some() {
                crate::special::blade_capture::release(&mut p, !side, sq);
                // No Cloak left a capture by a move of the caller's turn: its own captures stay
                // open (a review found the caller's blade capture refused after the call).
                p.released = false;
            }
            p.discard[side.index()][k.index()] += 1;
            if p.turn() == offender && !p.is_game_over() {
                p.skip_turn(rules);
            }
            (p, Call::PieceLost(sq))
        }
    }
}

/// Time penalties counted against `side` (§2.0.22 Time Penalty).
pub fn time_penalties(pos: &Position, side: Side) -> u8 {
    pos.penalties[side.index()]
}
