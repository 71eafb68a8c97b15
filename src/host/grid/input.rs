//! Mouse and keyboard on a grid screen: a left click on a cell or a tray entry becomes an
//! `Intent` — and a drag from a piece or a tray entry to a cell drops it there, as on Veney's
//! board; the right button or Esc cancels (and returns from a reviewed position to live); Ctrl+Z / Ctrl+Y undo and redo; F flips the board.
use super::view::{cell_at, tray_at, tray_slots};
use super::{ActiveMatch, GridHover, GridSystems, GridView, Intent, Pick};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use game_api::Cell;

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

/// Where the left button went down: the cell (none for a tray entry), the cursor, and whether
/// the press itself played the picked piece's action (on one of its marked targets).
#[derive(Clone, Copy, Debug, PartialEq)]
struct PressAt {
    cell: Option<Cell>,
    cursor: Vec2,
    acted: bool,
    /// The press was on the piece already picked up: it waits for the release (put down where
    /// it was pressed, or dropped where it was dragged).
    held: bool,
}

/// How far (window pixels) the cursor must move from the press for the release to be a drop.
const DRAG_PIXELS: f32 = 4.0;

/// The cell a left-button release drops on, if any: the cell under the cursor when it was
/// dragged there from a press that picked something up (a piece or a tray entry) — not from a
/// press that played an action, nor back onto the pressed cell (a review found a drag doing
/// nothing on the grid boards, where Veney's board drops).
fn drop_on(press: Option<PressAt>, now: Option<Cell>, cursor: Option<Vec2>) -> Option<Cell> {
    let press = press.filter(|p| !p.acted)?;
    let dragged = cursor.is_some_and(|c| c.distance(press.cursor) >= DRAG_PIXELS);
    now.filter(|&to| dragged && Some(to) != press.cell)
}

/// What a left-button release asks: a drop where it was dragged (`drop_on`); the picked piece
/// pressed and released in place, the click that puts it down on its cell; the tray entry
/// already picked pressed and released in place (`held_tray`), the click that puts it back (a
/// review found a drag from the picked tray entry un-picking it at the press, the drop doing
/// nothing).
/// A drop needs something picked up at the release (`picked`): a drag from an empty square, or
/// in Kelasu's merge builder, is no second click (a review found one picking up the piece it
/// ended on, or gathering a second Blank).
fn release(
    press: Option<PressAt>,
    dropped: Option<Cell>,
    held_tray: Option<Pick>,
    picked: bool,
) -> Option<Intent> {
    match (dropped, press) {
        (Some(to), _) if picked => Some(Intent::Click(to)),
        (Some(_), _) => None,
        (
            None,
            Some(PressAt {
                cell: Some(c),
                held: true,
                ..
            }),
        ) => Some(Intent::Click(c)),
        (
            None,
            Some(PressAt {
                cell: None,
                held: true,
                ..
            }),
        ) => match held_tray {
            Some(Pick::Reserve { owner, kind }) => Some(Intent::PickReserve { owner, kind }),
            _ => None,
        },
        _ => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<crate::host::BoardCamera>>,
    buttons: Res<ButtonInput<MouseButton>>,
    m: Res<ActiveMatch>,
    view: Res<GridView>,
    review: Res<super::GridReview>,
    (sel, hl): (Res<super::GridSelection>, Res<super::GridHighlights>),
    mut hover: ResMut<GridHover>,
    mut moved: MessageReader<bevy::window::CursorMoved>,
    mut press: Local<Option<PressAt>>,
    mut held_tray: Local<Option<Pick>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut out: MessageWriter<Intent>,
) {
    // Esc cancels as the right button does: a press held on the picked piece or tray entry is
    // forgotten, so its release picks nothing up again (a review found it did).
    if keys.just_pressed(KeyCode::Escape) {
        *press = None;
        *held_tray = None;
    }
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
        *press = None;
        out.write(Intent::Cancel);
        return;
    }
    if buttons.just_released(MouseButton::Left) {
        let dropped = drop_on(*press, cell, window.cursor_position());
        if let Some(i) = release(*press, dropped, held_tray.take(), sel.0.is_some()) {
            out.write(i);
        }
        *press = None;
    }
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let cursor = window.cursor_position().unwrap_or_default();
    if let Some(c) = cell {
        let held = sel.0 == Some(Pick::Cell(c));
        *press = Some(PressAt {
            cell: Some(c),
            cursor,
            acted: sel.0.is_some() && hl.targets.iter().any(|(t, _)| *t == c),
            held,
        });
        if !held {
            out.write(Intent::Click(c));
        }
        return;
    }
    let Some(w) = world else { return };
    let slots = tray_slots(&desc, *view, &m.shown_reserves(&review));
    if let Some(s) = tray_at(&slots, w) {
        let pick = Pick::Reserve {
            owner: s.owner,
            kind: s.code.clone(),
        };
        // The entry already picked waits for the release, as a picked piece does (`release`).
        let held = sel.0.as_ref() == Some(&pick);
        *press = Some(PressAt {
            cell: None,
            cursor,
            acted: false,
            held,
        });
        if held {
            *held_tray = Some(pick);
        } else {
            out.write(Intent::PickReserve {
                owner: s.owner,
                kind: s.code.clone(),
            });
        }
    }
}

fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    letters: Res<ButtonInput<bevy::input::keyboard::Key>>,
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
    match crate::host::history_keys::pressed(&keys, &letters) {
        Some(crate::host::history_keys::HistoryKey::Undo) => {
            out.write(Intent::Undo);
        }
        Some(crate::host::history_keys::HistoryKey::Redo) => {
            out.write(Intent::Redo);
        }
        None => {}
    }
    if !ctrl && crate::host::letter_keys::just_pressed(&keys, &letters, "f") {
        out.write(Intent::Flip);
    }
    if !ctrl && crate::host::letter_keys::just_pressed(&keys, &letters, "h") {
        out.write(Intent::Hint);
    }
}

#[cfg(test)]
mod release_tests {
    use super::{Intent, Pick, PressAt, release};
    use bevy::math::Vec2;
    use game_api::{Cell, Player};

    /// A drag from the tray entry already picked drops it; released in place it is put back;
    /// from a piece picked, in place, the click puts it down.
    #[test]
    fn the_picked_tray_entry_drags_or_is_put_back() {
        let pick = Pick::Reserve {
            owner: Player(0),
            kind: "P".into(),
        };
        let press = |cell: Option<u16>| {
            Some(PressAt {
                cell: cell.map(Cell),
                cursor: Vec2::ZERO,
                acted: false,
                held: true,
            })
        };
        assert_eq!(
            release(press(None), Some(Cell(11)), Some(pick.clone()), true),
            Some(Intent::Click(Cell(11))),
            "dropped where dragged"
        );
        assert_eq!(
            release(press(Some(3)), Some(Cell(11)), None, false),
            None,
            "nothing picked up: no drop"
        );
        assert_eq!(
            release(press(None), None, Some(pick), true),
            Some(Intent::PickReserve {
                owner: Player(0),
                kind: "P".into()
            }),
            "put back"
        );
        assert_eq!(
            release(press(Some(3)), None, None, true),
            Some(Intent::Click(Cell(3)))
        );
        assert_eq!(release(None, None, None, false), None);
    }
}

#[cfg(test)]
mod tests {
    use super::{PressAt, drop_on};
    use bevy::math::Vec2;
    use game_api::Cell;

    #[test]
    fn a_release_drops_only_after_a_drag_from_a_pick() {
        let from = |cell: Option<u16>, acted: bool| {
            Some(PressAt {
                cell: cell.map(Cell),
                cursor: Vec2::new(100.0, 100.0),
                acted,
                held: false,
            })
        };
        let far = Some(Vec2::new(160.0, 100.0));
        // From a piece, dragged onto another cell: dropped there.
        assert_eq!(
            drop_on(from(Some(3), false), Some(Cell(4)), far),
            Some(Cell(4))
        );
        // From a tray entry too.
        assert_eq!(
            drop_on(from(None, false), Some(Cell(4)), far),
            Some(Cell(4))
        );
        // A click (no drag), or back on the pressed cell: no drop.
        let near = Some(Vec2::new(101.0, 100.0));
        assert_eq!(drop_on(from(Some(3), false), Some(Cell(4)), near), None);
        assert_eq!(drop_on(from(Some(3), false), Some(Cell(3)), far), None);
        // A press that played an action drops nothing; nor does a release off the board.
        assert_eq!(drop_on(from(Some(3), true), Some(Cell(4)), far), None);
        assert_eq!(drop_on(from(Some(3), false), None, far), None);
        assert_eq!(drop_on(None, Some(Cell(4)), far), None);
    }
}
