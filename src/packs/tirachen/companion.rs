//! Tirachen's memory items in companion mode (`host/companion`): where the Traitor stands and who
//! controls it, an extra move it still owes, each side's Fort and phase, and the count towards
//! the quiet-turns draw — nothing of a master chosen in secret.
use crate::host::companion::grid::GridMemoryHooks;
use crate::host::grid::ActiveMatch;
use bevy::prelude::*;
use game_api::Match;
use tirachen_rules::{Phase, Side, Tirachen};

pub(super) fn plugin(app: &mut App) {
    GridMemoryHooks::register(app, memory);
    // The same rows under the side panel's prompt, beside any board.
    crate::host::grid::GridStateRows::register(app, memory);
}

/// Tirachen's rows, or none for another game's match.
pub fn memory(m: &ActiveMatch) -> Vec<(String, String)> {
    let Some(tm) = m.game.as_any().downcast_ref::<Match<Tirachen>>() else {
        return Vec::new();
    };
    let s = tm.state();
    let mut rows = vec![(
        "Traitor".to_string(),
        match s.traitor() {
            Some((sq, Some(side))) => format!("on {sq}, {}'s", side.name()),
            Some((sq, None)) => format!("on {sq}, nobody's"),
            None => "not on the board".into(),
        },
    )];
    if let Some(sq) = s.extra_move() {
        rows.push((
            "Extra move".to_string(),
            format!("the Traitor on {sq} may still move"),
        ));
    }
    for side in Side::BOTH {
        let phase = match s.phase(side) {
            Phase::Choosing => "choosing masters",
            Phase::Deploying => "deploying",
            Phase::Mobilised => "mobilised",
        };
        let fort = s
            .fort(side)
            .map_or(String::new(), |sq| format!(", Fort on {sq}"));
        rows.push((side.name().to_string(), format!("{phase}{fort}")));
    }
    if let Some(n) = tm.game().options.quiet_turn_limit {
        rows.push((
            "Quiet turns".to_string(),
            format!("{} of {n}", s.quiet_turns()),
        ));
    }
    rows
}
