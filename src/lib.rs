//! The desktop host for the project's games (Veney, Tirachen, Kelasu). It *shows* each rules crate's
//! state and never decides legality itself. One plugin per feature, each in its own module;
//! `main.rs` only assembles them.
//!
//! - `host/`: what every game uses — the `Screen` state and the title screen's game picker,
//!   the generic grid board view for any `game_api::AnyMatch`, the redraw gate, sound, colours.
//! - `packs/veney/`, `packs/tirachen/`, `packs/kelasu/`: what only one game needs.
//! - `dev/` (cargo feature `dev-tools`): the scripted demo (the frame measure is
//!   `host/measure.rs`, under the same feature).
//!
//! `game_plugins` (screens, games, commands, highlights) run headless with `MinimalPlugins` in
//! tests; `view_plugins` draw and need a window and renderer.
use bevy::prelude::*;

#[cfg(feature = "dev-tools")]
pub mod dev;
pub mod host;
pub mod packs;

pub use host::Screen;

/// Everything but the window and renderer: usable headless with `MinimalPlugins` in tests. The
/// app starts on the title screen unless a `State<Screen>` was inserted before (tests start
/// directly on a game's screen with `app.insert_state(Screen::Veney)`).
pub fn game_plugins(app: &mut App) {
    app.add_plugins((host::plugin, packs::plugin));
}

/// The drawing, input, sound and panel plugins (need `DefaultPlugins` and a window).
pub fn view_plugins(app: &mut App) {
    app.add_plugins(bevy_egui::EguiPlugin::default());
    app.add_plugins((host::view_plugin, packs::view_plugin));
    #[cfg(feature = "dev-tools")]
    app.add_plugins(dev::plugin);
}
