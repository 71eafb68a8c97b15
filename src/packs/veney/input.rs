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

/// Where a press began (for drag-and-drop): its square, the cursor there (window pixels) and
/// whether the board was flipped then.
#[derive(Resource, Default)]
struct Press(Option<PressAt>);

#[derive(Clone, Copy, Debug, PartialEq)]
struct PressAt {
    square: Square,
    cursor: Vec2,
    flipped: bool,
    /// The press landed on a marked target of the piece picked up: it plays that action, and
    /// its release drops nothing (a review found a flick off the square after the press
    /// playing the stone piece's second move as a drop).
    acted: bool,
}

/// Whether a press on the free engagement's disc out of play picks it up: only when it has an
/// action now (as its panel button is shown only then), outside a setup, and not where the
/// press lands on a marked target of the piece in hand (a review found such presses taken from
/// the piece in hand, and from the setup's placements, selecting nothing that could move).
fn picks_the_free_engagement(
    on_disc: bool,
    in_setup: bool,
    on_target: bool,
    has_actions: impl FnOnce() -> bool,
) -> bool {
    on_disc && !in_setup && !on_target && has_actions()
}

/// How far (window pixels) the cursor must move from the press for the release to be a drop.
const DRAG_PIXELS: f32 = 4.0;

/// The click a left-button release makes, if any: a drop on the square under the cursor when the
/// cursor was dragged there from the press, or the held piece put down where it was pressed. A
/// release where the press was is no drag even if the square under it changed — the board
/// flipped under the cursor, as auto-flip does when the press ends the turn (a review found the
/// release clicking the mirrored square for the next player).
fn release_click(
    press: Option<PressAt>,
    now: Option<Square>,
    cursor: Option<Vec2>,
    flipped: bool,
    held_press: bool,
) -> Option<Square> {
    let press = press.filter(|p| !p.acted)?;
    let dragged =
        flipped == press.flipped && cursor.is_some_and(|c| c.distance(press.cursor) >= DRAG_PIXELS);
    match now {
        Some(to) if dragged && to != press.square => Some(to),
        Some(_) if held_press => Some(press.square),
        _ => None,
    }
}

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
    highlights: Res<super::highlights::Highlights>,
    setup: Res<super::setup_screen::SetupSession>,
    view: Res<super::board::BoardView>,
    mut out: MessageWriter<Command>,
) {
    let (camera, transform) = *camera;
    let sq = cursor_square(&window, camera, transform);
    let pos = game.0.position();
    let on_tray = if sq.is_none() {
        window
            .cursor_position()
            .and_then(|p| camera.viewport_to_world_2d(transform, p).ok())
            .and_then(|w| super::trays::tray_at(&game.0.rules, pos, w, view.flipped))
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
        // Released in the same frame (a quick tap) it is a click, not a drag from the tray (a
        // review found the flag left set, the next board click then sent twice).
        *from_tray = !buttons.just_released(MouseButton::Left);
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
        // A press on the board ends any drag from the tray whose release was not seen (over
        // the panel, where egui takes the pointer).
        *from_tray = false;
        press.0 = sq
            .zip(window.cursor_position())
            .map(|(square, cursor)| PressAt {
                square,
                cursor,
                flipped: view.flipped,
                acted: selection.0.is_some()
                    && highlights.targets.iter().any(|(t, _)| *t == square),
            });
        // A press on the piece already picked up waits for the release: released there it is a
        // click (putting the piece down), dragged elsewhere it is a drop (a review found the
        // press putting it down, so the drop found nothing in hand).
        *held_press = sq.is_some() && sq.map(super::game::Selected::Board) == selection.0;
        // The free engagement out of play, drawn on its grid point, is picked up by a click on
        // it (README Controls; a review found the click landing on a square beside it, doing
        // nothing or playing the piece in hand there).
        let on_disc = window
            .cursor_position()
            .and_then(|p| camera.viewport_to_world_2d(transform, p).ok())
            .is_some_and(|w| super::board::on_free_engagement_out_of_play(pos.free(), w));
        let on_free = picks_the_free_engagement(
            on_disc,
            setup.0.is_some(),
            press.0.is_some_and(|p| p.acted),
            || !super::game::actions_from(&game.0, super::game::Selected::Free).is_empty(),
        );
        if on_free {
            out.write(Command::SelectFree);
            press.0 = None;
            *held_press = false;
        } else if let Some(s) = sq
            && !*held_press
        {
            out.write(Command::Click(s));
        }
    }
    if buttons.just_released(MouseButton::Left) {
        // A drag ends on another square: drop there.
        if let Some(s) = release_click(
            press.0,
            sq,
            window.cursor_position(),
            view.flipped,
            *held_press,
        ) {
            out.write(Command::Click(s));
        }
        press.0 = None;
        *held_press = false;
    }
}

#[allow(clippy::too_many_arguments)]
fn keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    letters: Res<ButtonInput<bevy::input::keyboard::Key>>,
    phase: Res<State<TurnPhase>>,
    game: Res<CurrentGame>,
    mut view: ResMut<super::board::BoardView>,
    mut out: MessageWriter<Command>,
    clock: Query<&Window, With<crate::host::table_clock::window::ClockWindow>>,
    viewing: Res<super::game::Viewing>,
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
    // ← and → step through the move list, a turn at a time (a review found only a click on a
    // row or ⏮); → past the last turn returns to the live game.
    let back = keys.just_pressed(KeyCode::ArrowLeft);
    if back || keys.just_pressed(KeyCode::ArrowRight) {
        let turns = game.0.turns_notation().len();
        let next = step_view(viewing.0, turns, back);
        if next != viewing.0 {
            out.write(Command::View(next));
        }
    }
    match crate::host::history_keys::pressed(&keys, &letters) {
        Some(crate::host::history_keys::HistoryKey::Undo) => {
            out.write(Command::Undo);
        }
        Some(crate::host::history_keys::HistoryKey::Redo) => {
            out.write(Command::Redo);
        }
        None => {}
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
    // F alone, as H and the grid games' F (a review found Ctrl+F flipping Veney's board).
    if !ctrl && crate::host::letter_keys::just_pressed(&keys, &letters, "f") {
        let v = view.flipped;
        view.flipped = !v;
        view.auto_flip = false;
    }
    if !ctrl && crate::host::letter_keys::just_pressed(&keys, &letters, "h") {
        out.write(Command::Hint);
    }
    if !ctrl
        && crate::host::letter_keys::just_pressed(&keys, &letters, "r")
        && *phase.get() == TurnPhase::AwaitingThrow
    {
        // The sticks of a throw, or the landing of a cast piece.
        out.write(Command::Roll);
    }
}

/// The position ← (`back`) or → shows next in a game of `turns` turns: `Some(n)` the position
/// after n turns (0: the start), `None` the live game (after them all).
pub fn step_view(viewing: Option<usize>, turns: usize, back: bool) -> Option<usize> {
    match (viewing, back) {
        (None, true) => turns.checked_sub(1),
        (Some(n), true) => Some(n.saturating_sub(1)),
        (None, false) => None,
        (Some(n), false) => (n + 1 < turns).then_some(n + 1),
    }
}

#[cfg(test)]
mod step_tests {
    use super::step_view;

    #[test]
    fn the_arrows_step_through_the_move_list() {
        assert_eq!(step_view(None, 3, true), Some(2));
        assert_eq!(step_view(Some(2), 3, true), Some(1));
        assert_eq!(step_view(Some(0), 3, true), Some(0), "the start stays");
        assert_eq!(step_view(Some(1), 3, false), Some(2));
        assert_eq!(step_view(Some(2), 3, false), None, "past the last: live");
        assert_eq!(step_view(None, 3, false), None);
        assert_eq!(step_view(None, 0, true), None, "no turns: live");
    }
}

#[cfg(test)]
mod tests {
    use super::{PressAt, release_click};
    use bevy::math::Vec2;
    use veney_rules::Square;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// A press on the disc picks the free engagement up only when it may act, outside a setup,
    /// and not over a target of the piece in hand.
    #[test]
    fn a_press_on_the_disc_picks_the_free_engagement_only_when_it_may_act() {
        use super::picks_the_free_engagement as picks;
        assert!(picks(true, false, false, || true));
        assert!(!picks(false, false, false, || true), "off the disc");
        assert!(!picks(true, true, false, || true), "in a setup");
        assert!(
            !picks(true, false, true, || true),
            "over a target of the piece in hand"
        );
        assert!(!picks(true, false, false, || false), "no action of it now");
    }

    /// §2.0.05: the free engagement out of play stands on a grid point; a click on its disc is
    /// a click on it, one beside it a click on the square there.
    #[test]
    fn a_click_on_the_free_engagement_out_of_play_finds_it() {
        use crate::packs::veney::board::{on_free_engagement_out_of_play, point_center};
        use veney_rules::FreePlace;
        use veney_rules::intersection::Intersection;
        let centre = Intersection { x: 2, y: 8 };
        let at = point_center(centre);
        assert_eq!(at, Vec2::ZERO, "the board's centre point");
        let off = FreePlace::Off(centre);
        assert!(on_free_engagement_out_of_play(off, at));
        assert!(on_free_engagement_out_of_play(
            off,
            at + Vec2::new(5.0, -5.0)
        ));
        let square = crate::packs::veney::board::square_center(sq("Y9"));
        assert!(
            !on_free_engagement_out_of_play(off, square),
            "the square's centre"
        );
        assert!(!on_free_engagement_out_of_play(
            FreePlace::On(sq("Y9")),
            square
        ));
    }

    #[test]
    fn a_release_is_a_drop_only_after_a_drag() {
        let press = Some(PressAt {
            square: sq("X4"),
            cursor: Vec2::new(200.0, 600.0),
            flipped: false,
            acted: false,
        });
        // Released on `at` with the cursor at (`x`, `y`), the board `flipped`, a piece `held`.
        let release = |at: &str, x: f32, y: f32, flipped: bool, held: bool| {
            release_click(press, Some(sq(at)), Some(Vec2::new(x, y)), flipped, held)
        };
        // Dragged to another square: dropped there.
        assert_eq!(release("X6", 200.0, 500.0, false, false), Some(sq("X6")));
        // Auto-flip turned the board under an unmoved cursor (the press ended the turn): the
        // mirrored square is not clicked for the next player.
        assert_eq!(release("Y13", 200.0, 600.0, true, false), None);
        // Nor when the flip came with a small movement of the hand.
        assert_eq!(release("Y13", 230.0, 600.0, true, false), None);
        // The held piece released where it was pressed is put down there.
        assert_eq!(release("X4", 201.0, 600.0, false, true), Some(sq("X4")));
        // No press on the board, no click.
        assert_eq!(
            release_click(None, Some(sq("X6")), None, false, false),
            None
        );
        // A press that played the picked piece's action (on its marked target) drops nothing
        // where the hand then flicks to: the piece picked up after it (on its stepping stone,
        // the partner in hand) is not moved on by the release.
        let acted = press.map(|p| PressAt { acted: true, ..p });
        assert_eq!(
            release_click(
                acted,
                Some(sq("X6")),
                Some(Vec2::new(200.0, 500.0)),
                false,
                false
            ),
            None
        );
    }
}
