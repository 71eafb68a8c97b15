//! Assembles the app: the host, the game packs and (with `--features dev-tools`) the dev tools.
use bevy::prelude::*;
use bevy::winit::WinitSettings;

fn main() {
    #[cfg(feature = "dev-tools")]
    veney::host::measure::process_start();
    // VENEY_WINDOW=WxH opens the window at another size (screenshots of a short laptop screen);
    // a value that cannot be read is said on standard error (no log is set up yet).
    let (size, warning) =
        veney::host::window_size::from_env(std::env::var("VENEY_WINDOW").ok().as_deref());
    if let Some(w) = warning {
        eprintln!("veney: {w}");
    }
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Veney".into(),
                resolution: size.into(),
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
