//! Assembles the app: the host, the game packs and (with `--features dev-tools`) the dev tools.
use bevy::prelude::*;
use bevy::winit::WinitSettings;

fn main() {
    #[cfg(feature = "dev-tools")]
    veney::host::measure::process_start();
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Veney".into(),
                resolution: (960, 940).into(),
                ..default()
            }),
            ..default()
        }))
        // Reactive rendering: no redraw while nobody touches the app. VENEY_CONTINUOUS=1 redraws
        // every frame (for frame-time measurement and screenshots under Xvfb).
        .insert_resource(if veney::host::env_flag::flag("VENEY_CONTINUOUS") {
            WinitSettings::game()
        } else {
            WinitSettings::desktop_app()
        })
        .insert_resource(ClearColor(veney::host::palette::BACKGROUND))
        .add_plugins((veney::game_plugins, veney::view_plugins))
        .run();
}
