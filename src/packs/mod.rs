//! The games: each pack adds what only its game needs on top of the host.
use bevy::prelude::*;

pub mod kelasu;
pub mod tirachen;
pub mod veney;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((veney::plugin, tirachen::plugin, kelasu::plugin));
}

pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((
        veney::view_plugin,
        tirachen::view_plugin,
        kelasu::view_plugin,
    ));
}
