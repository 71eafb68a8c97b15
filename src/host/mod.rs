//! What every game uses: the `Screen` state and the title screen's game picker, the camera, the
//! generic grid board view for any `game_api::AnyMatch` (`grid/`), the redraw gate, sound,
//! colours, and (with `dev-tools`) the frame measure.
use bevy::prelude::*;

pub mod audio;
pub mod companion;
pub mod computer_pause;
pub mod env_flag;
pub mod game_over;
pub mod grid;
pub mod history_keys;
pub mod kept_files;
pub mod kept_settings;
pub mod letter_keys;
#[cfg(feature = "dev-tools")]
pub mod measure;
pub mod palette;
pub mod redraw;
pub mod rules_window;
pub mod screen;
pub mod search_task;
pub mod seed;
pub mod settle;
pub mod table_clock;
pub mod title;
pub mod whole_save;
pub mod window_size;

pub use redraw::Wake;
pub use screen::{GameEntry, Games, OpenScreen, Screen};

/// Screens, games list, the grid host's game layer, sound settings (headless too).
pub(crate) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.init_resource::<UiZoom>().add_plugins((
        screen::plugin,
        audio::plugin,
        redraw::plugin,
        rules_window::plugin,
        grid::plugin,
        table_clock::plugin,
        companion::plugin,
    ));
}

/// The camera, title screen, grid view, sound device and redraw gate.
pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Title), unit_scale)
        .add_systems(OnEnter(Screen::Veney), unit_scale)
        .add_plugins((
            title::plugin,
            audio::view_plugin,
            redraw::view_plugin,
            rules_window::view_plugin,
            grid::view_plugin,
            table_clock::view_plugin,
            companion::view_plugin,
        ));
}

/// The main window's camera, shared by every screen; each screen places it on entering. (The
/// clock's window has a camera of its own, `table_clock::window::ClockCamera`.)
#[derive(Component)]
pub struct BoardCamera;

/// egui's zoom of the main window (1, or more in large type): what lays the board out around
/// the side panel needs it, as the panel grows with it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct UiZoom(pub f32);

impl Default for UiZoom {
    fn default() -> Self {
        UiZoom(1.0)
    }
}

/// A screen that draws its board at scale 1 (the grid screens may have scaled the camera to fit
/// their board beside a large-type panel).
fn unit_scale(mut camera: Query<&mut Projection, With<BoardCamera>>) {
    for mut p in &mut camera {
        if let Projection::Orthographic(o) = &mut *p {
            o.scale = 1.0;
        }
    }
}

/// Spawns the board's camera. No multisampling: the boards are axis-aligned sprites and egui
/// smooths its own edges, and without it a frame costs the software renderer far less.
fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, Msaa::Off, Transform::default(), BoardCamera));
}

/// A background `Ui` over the whole window, for panels (egui 0.36 panels show inside a `Ui`).
pub fn root_ui(ctx: &bevy_egui::egui::Context) -> bevy_egui::egui::Ui {
    use bevy_egui::egui;
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}
