//! The clock's own window: a second window of the desktop, so the clock can stand beside the
//! board (or fill a laptop's screen at the table) with each player's face half of it.
//!
//! It also keeps a running clock cheap. Its faces change once a second; were they drawn in the
//! main window, every second would redraw the whole board and its panels (3 % of a core under a
//! software renderer, measured). While this window is open and nobody touches the app (the
//! redraw gate is idle), the board's camera is switched off for those frames: no camera targets
//! the main window, so it is not presented again and keeps its last picture, and only this
//! small window is drawn. Any input, game change or animation wakes the board's camera at once.
use super::{TableClock, faces};
use crate::host::BoardCamera;
use crate::host::redraw::{Gate, Idle};
use bevy::camera::RenderTarget;
use bevy::camera::visibility::RenderLayers;
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;
use bevy::window::{WindowRef, WindowResolution};
use bevy_egui::EguiSchedule;

/// The egui pass of the clock's window.
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClockContextPass;

/// The clock's window.
#[derive(Component)]
pub struct ClockWindow;

/// The camera that draws the clock's window (egui only: it sees no world entity).
#[derive(Component)]
pub struct ClockCamera;

/// The render layer no world entity is on: the clock's camera draws only its egui.
const CLOCK_LAYER: usize = 31;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, open_or_close.after(super::ClockSystems))
        .add_systems(ClockContextPass, faces::ui)
        .add_systems(PostUpdate, rest_board_camera.after(Gate));
}

/// Opens the window when the clock is shown and closes it when hidden; a window closed by the
/// desktop (its close button) hides the clock.
fn open_or_close(
    mut commands: Commands,
    mut t: ResMut<TableClock>,
    windows: Query<Entity, With<ClockWindow>>,
    cameras: Query<Entity, With<ClockCamera>>,
    mut spawned: Local<bool>,
) {
    let shown = !windows.is_empty();
    if t.open && *spawned && !shown {
        // The desktop closed the window (Bevy despawns a window whose close was requested).
        t.open = false;
    }
    if t.open && !*spawned {
        let window = commands.spawn((clock_window(), ClockWindow)).id();
        commands.spawn((
            Camera2d,
            Camera {
                clear_color: ClearColorConfig::Custom(Color::srgb_u8(
                    faces::BACKGROUND.r(),
                    faces::BACKGROUND.g(),
                    faces::BACKGROUND.b(),
                )),
                ..default()
            },
            Msaa::Off,
            RenderTarget::Window(WindowRef::Entity(window)),
            RenderLayers::layer(CLOCK_LAYER),
            EguiSchedule::new(ClockContextPass),
            ClockCamera,
        ));
        *spawned = true;
    } else if !t.open && *spawned {
        for e in windows.iter().chain(cameras.iter()) {
            commands.entity(e).despawn();
        }
        *spawned = false;
    }
}

fn clock_window() -> Window {
    let mut w = Window {
        title: "Clock".into(),
        resolution: WindowResolution::new(760, 420),
        ..default()
    };
    // VENEY_CLOCK_AT=x,y places it (the screenshot scripts put it beside the main window).
    if let Some((x, y)) = std::env::var("VENEY_CLOCK_AT")
        .ok()
        .and_then(|s| {
            s.split_once(',')
                .map(|(x, y)| (x.parse().ok(), y.parse().ok()))
        })
        .and_then(|(x, y)| Some((x?, y?)))
    {
        w.position = WindowPosition::At(IVec2::new(x, y));
    }
    w
}

/// Whether the board's camera draws this frame: always, unless the app is idle with the clock's
/// window open (then the frame is the clock's second and only the clock's window changes).
pub fn board_camera_draws(idle: bool, clock_window_open: bool) -> bool {
    !(idle && clock_window_open)
}

fn rest_board_camera(
    idle: Res<Idle>,
    windows: Query<(), With<ClockWindow>>,
    mut cameras: Query<&mut Camera, With<BoardCamera>>,
) {
    let draws = board_camera_draws(idle.0, !windows.is_empty());
    for mut c in &mut cameras {
        if c.is_active != draws {
            c.is_active = draws;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 16: "tick without keeping the app busy"; the board is drawn whenever anything but
    /// the clock's second happens.
    #[test]
    fn the_board_rests_only_for_the_clock_windows_idle_seconds() {
        assert!(board_camera_draws(false, true), "input or a change: draw");
        assert!(board_camera_draws(true, false), "no clock window: draw");
        assert!(
            !board_camera_draws(true, true),
            "idle, clock window open: rest"
        );
    }

    fn app() -> App {
        let mut a = App::new();
        a.add_plugins(MinimalPlugins)
            .init_resource::<TableClock>()
            .add_systems(Update, open_or_close);
        a
    }

    fn count<C: Component>(a: &mut App) -> usize {
        a.world_mut()
            .query_filtered::<(), With<C>>()
            .iter(a.world())
            .count()
    }

    /// Issue 16, Clocks: the clock is shown in a window of its own; hiding the clock closes it,
    /// and closing it on the desktop hides the clock (and its camera goes with it).
    #[test]
    fn the_clock_window_opens_and_closes_with_the_clock() {
        let mut a = app();
        a.update();
        assert_eq!(count::<ClockWindow>(&mut a), 0, "hidden: no window");
        a.world_mut().resource_mut::<TableClock>().open = true;
        a.update();
        assert_eq!(count::<ClockWindow>(&mut a), 1);
        assert_eq!(count::<ClockCamera>(&mut a), 1);
        a.update();
        assert_eq!(
            count::<ClockWindow>(&mut a),
            1,
            "one window, not one a frame"
        );

        // The desktop's close button: Bevy despawns the window.
        let w = a
            .world_mut()
            .query_filtered::<Entity, With<ClockWindow>>()
            .single(a.world())
            .unwrap();
        a.world_mut().despawn(w);
        a.update();
        assert!(!a.world().resource::<TableClock>().open, "closed: hidden");
        assert_eq!(count::<ClockCamera>(&mut a), 0, "its camera goes too");

        a.world_mut().resource_mut::<TableClock>().open = true;
        a.update();
        assert_eq!(count::<ClockWindow>(&mut a), 1, "shown again");
        a.world_mut().resource_mut::<TableClock>().open = false;
        a.update();
        assert_eq!(count::<ClockWindow>(&mut a), 0);
        assert_eq!(count::<ClockCamera>(&mut a), 0);
    }
}
