//! The legal actions of a side: generated once into the caller's `Vec`, or visited with an early
//! stop (whether a side has any action at all).
use crate::action::Action;
use crate::deployment;
use crate::fort;
use crate::masters::Masters;
use crate::moves::{self, Surroundings};
use crate::options::{MasterChoice, TirachenOptions};
use crate::piece::Kind;
use crate::position::{Phase, Position};
use crate::side::Side;
use crate::square::Square;
use crate::traitor;

/// Every legal action of `side` in `pos`, appended to `out`.
pub fn legal_actions(pos: &Position, opts: &TirachenOptions, side: Side, out: &mut Vec<Action>) {
    visit(pos, opts, side, &mut |a| {
        out.push(a);
        true
    });
}

/// Whether `side` has any legal action.
pub fn has_action(pos: &Position, opts: &TirachenOptions, side: Side) -> bool {
    let mut any = false;
    visit(pos, opts, side, &mut |_| {
        any = true;
        false
    });
    any
}

/// Whether `side` may choose its masters now.
pub fn may_choose(pos: &Position, opts: &TirachenOptions, side: Side) -> bool {
    pos.phase(side) == Phase::Choosing
        && (opts.masters == MasterChoice::Secret || pos.to_move() == side)
}

/// Calls `f` with each legal action until it returns false. Returns false if stopped.
fn visit(
    pos: &Position,
    opts: &TirachenOptions,
    side: Side,
    f: &mut impl FnMut(Action) -> bool,
) -> bool {
    if pos.choosing() {
        if may_choose(pos, opts, side) {
            for m in Masters::all() {
                if !f(Action::Choose(m)) {
                    return false;
                }
            }
        }
        return true;
    }
    if side != pos.to_move() {
        return true;
    }
    if let Some(t) = pos.extra_move() {
        return moves_from(pos, opts, side, t, f) && f(Action::Decline);
    }
    for from in pos.side(side) {
        if !moves_from(pos, opts, side, from, f) {
            return false;
        }
    }
    let reserve = pos.reserve(side);
    for kind in Kind::UNDEPLOYED {
        if reserve.count(kind) == 0 {
            continue;
        }
        for to in deployment::placement_squares(pos, opts, side, kind) {
            if !f(Action::Place { kind, to }) {
                return false;
            }
        }
    }
    if pos.phase(side) == Phase::Deploying && !f(Action::Mobilise) {
        return false;
    }
    true
}

/// The legal moves of the piece on `from` (which `side` controls).
fn moves_from(
    pos: &Position,
    opts: &TirachenOptions,
    side: Side,
    from: Square,
    f: &mut impl FnMut(Action) -> bool,
) -> bool {
    let Some(piece) = pos.piece_at(from) else {
        return true;
    };
    let env = Surroundings {
        occupied: pos.occupied(),
        capturable: deployment::capturable(pos, opts, side),
        walk: deployment::walk(pos, side),
    };
    let dests = moves::reach(piece.kind, side, from, &env) & !fort::barred(pos, side);
    let traitors = pos.kind(Kind::Traitor);
    for to in dests {
        if !f(Action::step(from, to)) {
            return false;
        }
        if traitors.contains(to)
            && traitor::may_control(opts, piece.kind)
            && !f(Action::Move {
                from,
                to,
                control: true,
            })
        {
            return false;
        }
    }
    true
}
