//! Veney beside the table clock: a flag that falls while Veney's game is shown ends it, the
//! player out of time losing (§2.0.R3 Time Control, "If one player runs out of time, they
//! lose"; ruling R-OUT-OF-TIME). The clock's seats are the sides (the first seat White), as
//! the Time Penalty and the dying move reach it. The record and the autosave end with
//! `[Ending "White out of time"]`; undo plays on (`commands/history.rs`).
use super::game::{CurrentGame, GameSet, Status};
use crate::host::table_clock::FlagFell;
use bevy::prelude::*;
use veney_rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        flag_falls.before(GameSet).in_set(super::VeneySystems),
    );
}

fn flag_falls(
    mut fell: MessageReader<FlagFell>,
    mut game: ResMut<CurrentGame>,
    mut status: ResMut<Status>,
    setup: Res<super::setup_screen::SetupSession>,
) {
    for f in fell.read() {
        // The armies are still being set up (§2.0.19): no game to end yet.
        if setup.0.is_some() {
            continue;
        }
        let side = Side::ALL[f.0.min(1)];
        if game.0.out_of_time(side) {
            status.info = Some(format!(
                "{side}'s flag has fallen: out of time (undo to play on)"
            ));
        }
    }
}
