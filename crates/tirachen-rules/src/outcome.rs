//! How a game ends (rule text, "OBJECTIVE": "capture the opposing player's general or occupy all
//! three squares of his homeland with your units"), and the endings the rulings add: a side with
//! no legal action loses, and the quiet-turn draw when the option is on.
use crate::options::TirachenOptions;
use crate::position::Position;
use crate::side::Side;
use crate::zones;
use game_api::Outcome;

pub const GENERAL_TAKEN: &str = "General taken";
pub const HOMELAND_OCCUPIED: &str = "homeland occupied";
pub const QUIET_TURNS: &str = "quiet turns";
pub const NO_LEGAL_ACTION: &str = "no legal action";

/// The side whose units occupy all three squares of the other's homeland, if any.
pub fn homeland_occupier(pos: &Position) -> Option<Side> {
    Side::BOTH.into_iter().find(|&s| {
        let home = zones::homeland(s.other());
        pos.side(s) & home == home
    })
}

/// The ending that can be read off the position alone (all but "no legal action").
pub fn ending(pos: &Position, opts: &TirachenOptions) -> Option<Outcome> {
    if pos.choosing() {
        return None;
    }
    // A side that completes the occupation wins by it even with its own General gone — a General
    // sacrificed for the Traitor that completed it (ruling "Sacrificing the General for the
    // Traitor"): the occupation is the text's own win. Otherwise a missing General decides.
    let occupier = homeland_occupier(pos);
    for s in Side::BOTH {
        if pos.general(s).is_none() && occupier != Some(s) {
            return Some(Outcome::win(s.other().player(), 2, GENERAL_TAKEN));
        }
    }
    if let Some(s) = occupier {
        return Some(Outcome::win(s.player(), 2, HOMELAND_OCCUPIED));
    }
    if let Some(limit) = opts.quiet_turn_limit
        && pos.quiet_turns() >= limit
        && pos.extra_move().is_none()
    {
        return Some(Outcome::draw(2, QUIET_TURNS));
    }
    None
}
