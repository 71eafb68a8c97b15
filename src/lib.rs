//! The Veney desktop app. It *shows* the rules crate's state and never decides legality itself.
//! One plugin per feature, each in its own module; `main.rs` only assembles them.
//!
//! `game_plugins` (the game, commands, highlights, dice bookkeeping) run headless with
//! `MinimalPlugins` in tests; `view_plugins` draw and need a window and renderer.
use bevy::prelude::*;

pub mod animation;
pub mod audio;
pub mod board;
pub mod dice;
pub mod game;
pub mod highlights;
pub mod input;
pub mod measure;
pub mod overlays;
pub mod palette;
pub mod panels;
pub mod pieces;
pub mod redraw;
pub mod script;
pub mod setup_screen;
pub mod trays;
pub mod workshop;

/// Everything but the window and renderer: usable headless with `MinimalPlugins` in tests.
pub fn game_plugins(app: &mut App) {
    app.add_plugins((
        game::plugin,
        highlights::plugin,
        dice::plugin,
        workshop::plugin,
    ));
}

/// The drawing, input, sound and panel plugins (need `DefaultPlugins` and a window).
pub fn view_plugins(app: &mut App) {
    app.add_plugins(bevy_egui::EguiPlugin::default());
    app.add_plugins((
        board::plugin,
        pieces::plugin,
        highlights::view_plugin,
        overlays::plugin,
        input::plugin,
        animation::plugin,
        dice::view_plugin,
        audio::plugin,
        script::plugin,
        measure::plugin,
    ));
    app.add_plugins((
        panels::plugin,
        redraw::plugin,
        workshop::view_plugin,
        trays::plugin,
    ));
}
