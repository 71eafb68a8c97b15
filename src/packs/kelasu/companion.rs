//! Kelasu's memory items in companion mode (`host/companion`): the turn's energy, the pieces
//! moved this turn, the victory tiles each side holds and the count towards the quiet-turns draw
//! — what the turn bar shows, for players who keep the game on a real board.
use super::kelasu;
use crate::host::companion::grid::GridMemoryHooks;
use crate::host::grid::ActiveMatch;
use bevy::prelude::*;
use kelasu_rules::{Side, zone};

pub(super) fn plugin(app: &mut App) {
    GridMemoryHooks::register(app, memory);
}

/// Kelasu's rows, or none for another game's match.
pub fn memory(m: &ActiveMatch) -> Vec<(String, String)> {
    let Some(km) = kelasu(m) else {
        return Vec::new();
    };
    let s = km.state();
    let (left, of) = super::turn_bar::energy(km);
    let held = |side: Side| {
        zone::VICTORY_TILES
            .iter()
            .filter(|&&t| s.piece_at(t).is_some_and(|q| q.side == side))
            .count()
    };
    let mut rows = vec![
        ("Energy".to_string(), format!("{left} of {of}")),
        (
            "Moved this turn (once each)".to_string(),
            if s.moved().is_empty() {
                "none yet".to_string()
            } else {
                s.moved()
                    .squares()
                    .map(|q| q.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        ),
        (
            "Victory tiles".to_string(),
            format!("Blue holds {}, Red {}", held(Side::Blue), held(Side::Red)),
        ),
    ];
    if let Some(n) = km.game().options.quiet_full_turns {
        rows.push((
            "Quiet turns".to_string(),
            format!("{} of {n}", s.quiet().max(0) / 2),
        ));
    }
    rows
}
