//! Assembles the Veney app.
use bevy::prelude::*;
use bevy::winit::WinitSettings;

fn main() {
    veney::measure::process_start();
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
        .insert_resource(if std::env::var_os("VENEY_CONTINUOUS").is_some() {
            WinitSettings::game()
        } else {
            WinitSettings::desktop_app()
        })
        .insert_resource(ClearColor(veney::palette::BACKGROUND))
        .add_plugins((veney::game_plugins, veney::view_plugins))
        .run();
}
