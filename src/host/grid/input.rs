//! Mouse and keyboard on a grid screen: a left click on a cell or a tray entry becomes an
//! `Intent`; the right button or Esc cancels (and returns from a reviewed position to live); Ctrl+Z / Ctrl+Y undo and redo; F flips the board.
use super::view::{cell_at, tray_at, tray_slots};
use super::{ActiveMatch, GridHover, GridSystems, GridView, Intent};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            pointer.run_if(not(egui_wants_any_pointer_input)),
            keyboard.run_if(not(egui_wants_any_keyboard_input)),
        )
            .run_if(|b: Res<super::GridBlocked>| !b.0)
            .before(super::GridGameSet)
            .in_set(GridSystems),
    );
}

fn pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<crate::host::BoardCamera>>,
    buttons: Res<ButtonInput<MouseButton>>,
    m: Res<ActiveMatch>,
    view: Res<GridView>,
    review: Res<super::GridReview>,
    mut hover: ResMut<GridHover>,
    mut moved: MessageReader<bevy::window::CursorMoved>,
    mut out: MessageWriter<Intent>,
) {
    let (camera, transform) = *camera;
    let world = window
        .cursor_position()
        .and_then(|p| camera.viewport_to_world_2d(transform, p).ok());
    let desc = m.game.board();
    let cell = world.and_then(|w| cell_at(&desc, *view, w));
    // Only a real movement changes the hover (a script may set it under Xvfb).
    if moved.read().count() > 0 && hover.0 != cell {
        hover.0 = cell;
    }
    if buttons.just_pressed(MouseButton::Right) {
        out.write(Intent::Cancel);
        return;
    }
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    if let Some(c) = cell {
        out.write(Intent::Click(c));
        return;
    }
    let Some(w) = world else { return };
    let slots = tray_slots(&desc, *view, &m.shown_reserves(&review));
    if let Some(s) = tray_at(&slots, w) {
        out.write(Intent::PickReserve {
            owner: s.owner,
            kind: s.code.clone(),
        });
    }
}

fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    clock: Query<&Window, With<crate::host::table_clock::window::ClockWindow>>,
    mut out: MessageWriter<Intent>,
) {
    // Keys typed into the clock's window are the clock's alone.
    if crate::host::table_clock::clock_has_keys(&clock) {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if keys.just_pressed(KeyCode::Escape) {
        out.write(Intent::Cancel);
    }
    match crate::host::history_keys::pressed(&keys) {
        Some(crate::host::history_keys::HistoryKey::Undo) => {
            out.write(Intent::Undo);
        }
        Some(crate::host::history_keys::HistoryKey::Redo) => {
            out.write(Intent::Redo);
        }
        None => {}
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyF) {
        out.write(Intent::Flip);
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyH) {
        out.write(Intent::Hint);
    }
}
