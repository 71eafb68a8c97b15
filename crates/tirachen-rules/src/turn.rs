//! Playing a legal action: captures and sacrifices, the Traitor's change of side and extra move,
//! placements and mobilisation, the end of a turn and the count of quiet turns.
use crate::action::Action;
use crate::options::{MasterChoice, TirachenOptions};
use crate::outcome;
use crate::piece::{Kind, Piece};
use crate::position::{Phase, Position};
use crate::side::Side;

/// Plays `a`, already known legal, for `side`.
pub fn apply(pos: &mut Position, opts: &TirachenOptions, side: Side, a: Action) {
    match a {
        Action::Choose(m) => {
            pos.reserve_mut(side).add_masters(m);
            pos.set_phase(side, Phase::Deploying);
            if opts.masters == MasterChoice::Open {
                let next = if pos.phase(side.other()) == Phase::Choosing {
                    side.other()
                } else {
                    opts.first
                };
                pos.set_to_move(next);
            }
        }
        Action::Move { from, to, control } => {
            let extra_step = pos.extra_move().is_some();
            pos.set_extra_move(None);
            let Some(mover) = pos.remove(from) else {
                return;
            };
            let taken = pos.remove(to);
            if taken.is_some() {
                pos.set_quiet_turns(0);
            }
            match taken {
                // "When capturing a fort, the capturing piece is also captured." A General lost
                // so loses the game (`outcome::ending`).
                Some(p) if p.kind == Kind::Fort => {}
                // The capturer is sacrificed; the Traitor stays, now under the mover's control,
                // and may make an extra move at once — unless the game ended with the sacrifice
                // (the General sacrificed, or the Traitor completing the occupation of a
                // homeland): nothing is played after the end.
                Some(p) if p.kind == Kind::Traitor && control => {
                    pos.put(to, Piece::new(side, Kind::Traitor));
                    if outcome::ending(pos, opts).is_none() {
                        pos.set_extra_move(Some(to));
                        return;
                    }
                }
                _ => pos.put(to, mover),
            }
            end_turn(pos, side, taken.is_some() || extra_step);
        }
        Action::Place { kind, to } => {
            pos.reserve_mut(side).take(kind);
            pos.put(to, Piece::new(side, kind));
            // "You are considered mobilized if you place your last piece."
            if pos.phase(side) == Phase::Deploying && pos.reserve(side).is_empty() {
                pos.set_phase(side, Phase::Mobilised);
            }
            pos.set_quiet_turns(0);
            end_turn(pos, side, true);
        }
        Action::Mobilise => {
            pos.set_phase(side, Phase::Mobilised);
            pos.set_quiet_turns(0);
            end_turn(pos, side, true);
        }
        Action::Decline => {
            pos.set_extra_move(None);
            end_turn(pos, side, true);
        }
    }
}

/// Hands the turn over; a turn with nothing captured, placed or mobilised adds a quiet turn.
fn end_turn(pos: &mut Position, side: Side, eventful: bool) {
    if !eventful {
        pos.set_quiet_turns(pos.quiet_turns().saturating_add(1));
    }
    pos.set_to_move(side.other());
}
