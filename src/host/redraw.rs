//! Keeps reactive rendering idle. egui asks for an immediate repaint after most of its passes and
//! bevy_egui 0.42 turns each such request into a wake-up of the event loop, so the app would
//! redraw forever while nobody touches it (measured: 1.7 cores busy with the software renderer).
//! Here egui's wake-ups and redraw requests are let through for a short while after the last
//! input, game change or running animation, and dropped afterwards; input wakes the app by itself.
//! Games keep the gate open by marking `Wake` changed (their game changed, an animation runs);
//! a change of screen does too.
use super::Screen;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::prelude::*;
use bevy::window::{CursorMoved, RequestRedraw, WindowResized};
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};
use bevy_egui::EguiContext;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Seconds of redraws allowed after the last activity.
const GRACE: f64 = 1.0;

/// Marked changed (`set_changed`) by any game whose view must keep redrawing this frame.
#[derive(Resource, Default)]
pub struct Wake;

/// Whether this frame is idle: past the redraw grace with no input, game change or animation —
/// a frame only a timer (the clock's next second, its flag) or the desktop asked for. Set by
/// the gate (`Gate`) in `PostUpdate`.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Idle(pub bool);

/// The gate's system: readers of `Idle` run after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Gate;

/// Until when (milliseconds since `start`) egui may wake the app.
#[derive(Resource, Clone)]
struct AwakeUntil {
    start: Instant,
    until_ms: Arc<AtomicU64>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Wake>().init_resource::<Idle>();
}

pub(super) fn view_plugin(app: &mut App) {
    app.insert_resource(AwakeUntil {
        start: Instant::now(),
        until_ms: Arc::new(AtomicU64::new(u64::MAX)),
    })
    .add_systems(
        PreUpdate,
        gate_egui_wakeups
            .after(bevy_egui::input::WindowToEguiContextMap::on_egui_context_added_system),
    )
    .add_systems(
        PostUpdate,
        gate.in_set(Gate)
            .after(bevy_egui::EguiPostUpdateSet::ProcessOutput),
    );
}

/// Replaces bevy_egui's repaint callback with one that wakes the loop only while awake.
fn gate_egui_wakeups(
    mut contexts: Query<&mut EguiContext, Added<EguiContext>>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    awake: Res<AwakeUntil>,
) {
    let Some(proxy) = proxy else {
        return;
    };
    for mut ctx in &mut contexts {
        let proxy = (**proxy).clone();
        let awake = awake.clone();
        ctx.get_mut().set_request_repaint_callback(move |info| {
            let now = awake.start.elapsed().as_millis() as u64;
            if info.delay.is_zero() && now <= awake.until_ms.load(Ordering::Relaxed) {
                let _ = proxy.send_event(WinitUserEvent::WakeUp);
            }
        });
    }
}

/// What the desktop does to the windows: focus, the pointer entering or leaving, a window moved
/// or uncovered. Each counts as activity, so the main window is drawn again (an uncovered
/// window may need its picture back while the clock's window alone ticks).
#[derive(bevy::ecs::system::SystemParam)]
struct DesktopEvents<'w, 's> {
    focused: MessageReader<'w, 's, bevy::window::WindowFocused>,
    entered: MessageReader<'w, 's, bevy::window::CursorEntered>,
    left: MessageReader<'w, 's, bevy::window::CursorLeft>,
    moved: MessageReader<'w, 's, bevy::window::WindowMoved>,
    occluded: MessageReader<'w, 's, bevy::window::WindowOccluded>,
}

impl DesktopEvents<'_, '_> {
    fn count(&mut self) -> usize {
        self.focused.read().count()
            + self.entered.read().count()
            + self.left.read().count()
            + self.moved.read().count()
            + self.occluded.read().count()
    }
}

#[allow(clippy::too_many_arguments)]
fn gate(
    mut frames: Local<u32>,
    mut cursor: MessageReader<CursorMoved>,
    mut buttons: MessageReader<MouseButtonInput>,
    mut keys: MessageReader<KeyboardInput>,
    mut wheel: MessageReader<MouseWheel>,
    mut resized: MessageReader<WindowResized>,
    mut desktop: DesktopEvents,
    wake: Res<Wake>,
    screen: Res<State<Screen>>,
    awake: Res<AwakeUntil>,
    mut redraws: ResMut<Messages<RequestRedraw>>,
    mut idle: ResMut<Idle>,
) {
    *frames = frames.saturating_add(1);
    let inputs = cursor.read().count()
        + buttons.read().count()
        + keys.read().count()
        + wheel.read().count()
        + resized.read().count()
        + desktop.count();
    let active = inputs > 0
        || wake.is_changed()
        || screen.is_changed()
        || *frames < 150
        || crate::host::env_flag::flag("VENEY_CONTINUOUS");
    let now = awake.start.elapsed().as_millis() as u64;
    if active {
        awake
            .until_ms
            .store(now + (GRACE * 1000.0) as u64, Ordering::Relaxed);
    }
    let asleep = now > awake.until_ms.load(Ordering::Relaxed);
    if asleep {
        redraws.clear();
    }
    if idle.0 != asleep {
        idle.0 = asleep;
    }
}
