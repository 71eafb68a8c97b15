//! Assembles the app: the host, the game packs and (with `--features dev-tools`) the dev tools.
use bevy::prelude::*;
use bevy::winit::WinitSettings;

fn main() {
    #[cfg(feature = "dev-tools")]
    veney::host::measure::process_start();
    // VENEY_WINDOW=WxH opens the window at another size (screenshots of a short laptop screen).
    let size = std::env::var("VENEY_WINDOW")
        .ok()
        .and_then(|v| {
            let (w, h) = v.split_once('x')?;
            Some((w.trim().parse::<u32>().ok()?, h.trim().parse::<u32>().ok()?))
        })
        .filter(|&(w, h)| w >= 320 && h >= 320)
        .unwrap_or((960, 940));
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
