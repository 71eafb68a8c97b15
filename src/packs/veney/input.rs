//! Mouse and keyboard: click-click and drag-and-drop on the board become `Command::Click`s; the
//! right button or Esc cancels; Ctrl+Z / Ctrl+Y undo and redo; Space ends the turn where a
//! second move or glare is open; R throws the sticks. The hovered square is kept for the
//! "why can't this piece move" hint.
use super::board::square_at;
use super::game::{Command, CurrentGame, TurnPhase};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use veney_rules::{Action, Square};

/// The square under the mouse, if any.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hover(pub Option<Square>);

/// The reserve-tray piece under the mouse, if any: (side, kind). The overlay shows where it
/// may be placed.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrayHover(pub Option<(veney_rules::Side, veney_rules::Kind)>);

/// Where a press began (for drag-and-drop).
#[derive(Resource, Default)]
struct Press(Option<Square>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hover>()
        .init_resource::<TrayHover>()
        .init_resource::<Press>()
        .add_systems(
            Update,
            (
                pointer.run_if(not(egui_wants_any_pointer_input)),
                keyboard.run_if(not(egui_wants_any_keyboard_input).and_then(no_secret_screen)),
            )
                .before(super::game::GameSet)
                .in_set(super::VeneySystems),
        );
}

/// Whether no secret screen covers the board (its keys are the screen's buttons only).
fn no_secret_screen(screen: Option<Res<super::secrets::SecretScreen>>) -> bool {
    screen.is_none_or(|s| s.0.is_none())
}

fn cursor_square(window: &Window, camera: &Camera, transform: &GlobalTransform) -> Option<Square> {
    let p = window.cursor_position()?;
    let world = camera.viewport_to_world_2d(transform, p).ok()?;
    square_at(world)
}

#[allow(clippy::too_many_arguments)]
fn pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<crate::host::BoardCamera>>,
    buttons: Res<ButtonInput<MouseButton>>,
    game: Res<CurrentGame>,
    mut hover: ResMut<Hover>,
    mut tray_hover: ResMut<TrayHover>,
    mut press: ResMut<Press>,
    mut from_tray: Local<bool>,
    mut held_press: Local<bool>,
    selection: Res<super::game::Selection>,
    setup: Res<super::setup_screen::SetupSession>,
    mut out: MessageWriter<Command>,
) {
    let (camera, transform) = *camera;
    let sq = cursor_square(&window, camera, transform);
    let pos = game.0.position();
    let on_tray = if sq.is_none() {
        window
            .cursor_position()
            .and_then(|p| camera.viewport_to_world_2d(transform, p).ok())
            .and_then(|w| super::trays::tray_at(&game.0.rules, pos, w))
    } else {
        None
    };
    if tray_hover.0 != on_tray {
        tray_hover.0 = on_tray;
    }
    // A piece in the mover's reserve tray: pick it up to place it (click, or drag onto a square).
    // During a concealed or in-turns setup the tray holds the pieces still to set: one of the
    // setting side's is picked as the panel picks it (a review found the drop placing the
    // panel's piece instead).
    let tray_side = match &setup.0 {
        Some(session) => session.side(),
        None => pos.turn(),
    };
    if buttons.just_pressed(MouseButton::Left)
        && let Some((side, k)) = on_tray
        && side == tray_side
    {
        out.write(if setup.0.is_some() {
            Command::SetupPick(k)
        } else {
            Command::SelectReserve(k)
        });
        *from_tray = true;
        return;
    }
    if buttons.just_released(MouseButton::Left) && *from_tray {
        *from_tray = false;
        if let Some(s) = sq {
            out.write(Command::Click(s));
        }
        return;
    }
    if hover.0 != sq {
        hover.0 = sq;
    }
    if buttons.just_pressed(MouseButton::Right) {
        out.write(Command::Cancel);
        press.0 = None;
        return;
    }
    if buttons.just_pressed(MouseButton::Left) {
        press.0 = sq;
        // A press on the piece already picked up waits for the release: released there it is a
        // click (putting the piece down), dragged elsewhere it is a drop (a review found the
        // press putting it down, so the drop found nothing in hand).
        *held_press = sq.is_some() && sq.map(super::game::Selected::Board) == selection.0;
        if let Some(s) = sq
            && !*held_press
        {
            out.write(Command::Click(s));
        }
    }
    if buttons.just_released(MouseButton::Left) {
        // A drag ends on another square: drop there.
        match (press.0, sq) {
            (Some(from), Some(to)) if from != to => {
                out.write(Command::Click(to));
            }
            (Some(from), Some(_)) if *held_press => {
                out.write(Command::Click(from));
            }
            _ => {}
        }
        press.0 = None;
        *held_press = false;
    }
}

fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    phase: Res<State<TurnPhase>>,
    game: Res<CurrentGame>,
    mut view: ResMut<super::board::BoardView>,
    mut out: MessageWriter<Command>,
    clock: Query<&Window, With<crate::host::table_clock::window::ClockWindow>>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let clock_keys = crate::host::table_clock::clock_has_keys(&clock);
    // Keys typed into the clock's window are the clock's: none of them acts on the board (a
    // review found Esc, Ctrl+Z, F, H and R reaching it from there).
    if clock_keys {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        out.write(Command::Cancel);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        out.write(Command::Undo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        out.write(Command::Redo);
    }
    if keys.just_pressed(KeyCode::Space)
        && matches!(
            phase.get(),
            // (The dying move's stepping stone too: R-DYING, "the stone's move as on any turn".)
            TurnPhase::SecondAction
                | TurnPhase::Distraction
                | TurnPhase::Glare
                | TurnPhase::DyingMove
        )
        && game.0.legal_actions().contains(&Action::EndTurn)
    {
        out.write(Command::Play(Action::EndTurn));
    }
    if keys.just_pressed(KeyCode::KeyF) {
        let v = view.flipped;
        view.flipped = !v;
        view.auto_flip = false;
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyH) {
        out.write(Command::Hint);
    }
    if keys.just_pressed(KeyCode::KeyR) && *phase.get() == TurnPhase::AwaitingThrow {
        // The sticks of a throw, or the landing of a cast piece.
        out.write(Command::Roll);
    }
}
