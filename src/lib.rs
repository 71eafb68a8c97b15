//! The Veney desktop app. It *shows* the rules crate's state and never decides legality itself.
//! One plugin per feature, each in its own module; `main.rs` only assembles them.
//!
//! This is the first cut (the rules-core issue): the board with its measures, and piece entities
//! mirrored from a `veney_rules::Game`. Input, highlights, overlays, animation, sound and panels
//! are the desktop-app issue.
use bevy::prelude::*;

pub mod board;
pub mod game;
pub mod palette;
pub mod pieces;

/// Everything but the window and renderer: usable headless with `MinimalPlugins` in tests.
pub fn game_plugins(app: &mut App) {
    app.add_plugins(game::plugin);
}

/// The drawing plugins (need a renderer: `DefaultPlugins`).
pub fn view_plugins(app: &mut App) {
    app.add_plugins((board::plugin, pieces::plugin));
}
