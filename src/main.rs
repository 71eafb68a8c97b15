//! Assembles the Veney app.
use bevy::prelude::*;
use bevy::winit::WinitSettings;

fn main() {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Veney".into(),
                resolution: (560, 940).into(),
                ..default()
            }),
            ..default()
        }))
        // Reactive rendering: no redraw while nobody touches the app.
        .insert_resource(WinitSettings::desktop_app())
        .insert_resource(ClearColor(veney::palette::BACKGROUND))
        .add_plugins((veney::game_plugins, veney::view_plugins))
        .run();
}
