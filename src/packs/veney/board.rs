//! The board: 4 lines × 16 steps, W1 light, measure boundaries and the centre line drawn, lines
//! and steps labelled. White sits at the bottom.
use crate::host::Screen;
use crate::host::palette::*;
use bevy::prelude::*;
use veney_rules::Square;
use veney_rules::square::LINE_CHARS;

pub(super) fn plugin(app: &mut App) {
    // Kept between runs (`host::kept_settings`).
    crate::host::kept_settings::keep::<BoardView>(app, "veney-board");
    app.init_resource::<BoardView>()
        .add_systems(OnEnter(Screen::Veney), draw_board)
        .add_systems(
            Update,
            (
                warm_up_redraws,
                auto_flip,
                apply_flip.after(auto_flip).after(super::game::GameSet),
                place_camera.after(apply_flip),
            )
                .in_set(super::VeneySystems),
        );
}

/// Which way up the board is drawn. `flipped`: Black at the bottom. `auto_flip`: turn the board
/// to the side to move after every turn (hot seat).
#[derive(
    Resource, Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize,
)]
#[serde(default)]
pub struct BoardView {
    pub flipped: bool,
    pub auto_flip: bool,
}

#[derive(Component)]
struct StepLabel;

#[derive(Component)]
struct MeasureLabel;

/// After every move, and the moment auto-flip is ticked on mid-turn (a review found it waiting
/// for the next move) — not every frame, so the board can still be flipped by hand meanwhile.
/// Against the computer the board faces the person when the seats are given (a new game, a
/// Load), and auto-flip keeps it so (a review found a person playing Black shown White's side,
/// and auto-flip turning the board to the computer at each of its turns).
fn auto_flip(
    game: Res<super::game::CurrentGame>,
    seats: Res<super::computer::VeneyComputer>,
    mut view: ResMut<BoardView>,
    mut was_on: Local<bool>,
    (replaced, mut last): (
        Option<Res<super::commands::Replacements>>,
        Local<Option<([Option<game_ai::Level>; 2], u64)>>,
    ),
) {
    let ticked_on = view.auto_flip && !*was_on;
    *was_on = view.auto_flip;
    let to_move = game.0.position().turn();
    // Only when the seats are given anew, or the game replaced (a new game, a Load, with the
    // same seats too): compared, not by change detection — every command reaches the seats
    // mutably (a review found a hand flip undone at each click).
    let now = (seats.0, replaced.map_or(0, |r| r.0));
    let given = *last != Some(now);
    *last = Some(now);
    // Between people (or computers) the board is drawn unturned, White at the bottom, as the
    // grid games draw theirs (a review found a game between people keeping the turn of the last
    // game against the computer, and that turn kept in the settings for every launch).
    let facing_black = person_facing(&seats) == Some(veney_rules::Side::Black);
    if given && view.flipped != facing_black {
        view.flipped = facing_black;
    }
    if view.auto_flip && (game.is_changed() || ticked_on) {
        let black = below(&seats, to_move) == veney_rules::Side::Black;
        if view.flipped != black {
            view.flipped = black;
        }
    }
}

/// The person's side when the computer plays the other.
pub fn person_facing(seats: &super::computer::VeneyComputer) -> Option<veney_rules::Side> {
    match seats.0 {
        [None, Some(_)] => Some(veney_rules::Side::White),
        [Some(_), None] => Some(veney_rules::Side::Black),
        _ => None,
    }
}

/// The side auto-flip puts at the bottom: the person's against the computer, else the side to
/// move (hot seat).
pub fn below(
    seats: &super::computer::VeneyComputer,
    to_move: veney_rules::Side,
) -> veney_rules::Side {
    person_facing(seats).unwrap_or(to_move)
}

#[cfg(test)]
mod flip_tests {
    use super::{BoardView, auto_flip};
    use crate::packs::veney::computer::VeneyComputer;
    use crate::packs::veney::game::CurrentGame;
    use bevy::prelude::*;

    /// A hand flip stays while the seats stay, however often they are reached mutably (every
    /// command does); seats given anew face the person again.
    #[test]
    fn a_hand_flip_stays_until_the_seats_are_given_anew() {
        let mut a = App::new();
        a.insert_resource(CurrentGame(veney_rules::Game::new(std::sync::Arc::new(
            veney_rules::Rules::standard(),
        ))))
        .insert_resource(VeneyComputer([None, Some(game_ai::Level::Beginner)]))
        .init_resource::<BoardView>()
        .add_systems(Update, auto_flip);
        a.update();
        assert!(
            !a.world().resource::<BoardView>().flipped,
            "White faces the person"
        );
        a.world_mut().resource_mut::<BoardView>().flipped = true;
        // Reached mutably, unchanged (as `apply_commands` does on every command).
        let _ = &mut *a.world_mut().resource_mut::<VeneyComputer>();
        a.update();
        assert!(
            a.world().resource::<BoardView>().flipped,
            "the hand flip stays"
        );
        a.world_mut().resource_mut::<VeneyComputer>().0 = [Some(game_ai::Level::Beginner), None];
        a.update();
        assert!(
            a.world().resource::<BoardView>().flipped,
            "the person plays Black: flipped"
        );
        a.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Club)];
        a.update();
        assert!(!a.world().resource::<BoardView>().flipped, "White again");
        // A new game with the same seats faces the person again.
        a.world_mut()
            .insert_resource(crate::packs::veney::commands::Replacements(0));
        a.update();
        a.world_mut().resource_mut::<BoardView>().flipped = true;
        a.update();
        assert!(a.world().resource::<BoardView>().flipped);
        a.world_mut()
            .resource_mut::<crate::packs::veney::commands::Replacements>()
            .0 = 1;
        a.update();
        assert!(
            !a.world().resource::<BoardView>().flipped,
            "a new game with the same seats: White again"
        );
        // Against the computer as Black (turned), then between people: White at the bottom
        // again (README: Play opens the board with White at the bottom).
        a.world_mut().resource_mut::<VeneyComputer>().0 = [Some(game_ai::Level::Beginner), None];
        a.update();
        assert!(a.world().resource::<BoardView>().flipped);
        a.world_mut().resource_mut::<VeneyComputer>().0 = [None, None];
        a.update();
        assert!(
            !a.world().resource::<BoardView>().flipped,
            "between people: unturned"
        );
    }
}

#[cfg(test)]
mod facing_tests {
    use super::{below, person_facing};
    use crate::packs::veney::computer::VeneyComputer;
    use veney_rules::Side;

    /// Against the computer the person's side is below whoever moves; between people (or with
    /// the computer on both sides) the side to move.
    #[test]
    fn the_board_faces_the_person_against_the_computer() {
        let white_computer = VeneyComputer([Some(game_ai::Level::Club), None]);
        assert_eq!(person_facing(&white_computer), Some(Side::Black));
        assert_eq!(below(&white_computer, Side::White), Side::Black);
        let people = VeneyComputer([None, None]);
        assert_eq!(below(&people, Side::White), Side::White);
        assert_eq!(below(&people, Side::Black), Side::Black);
        let both = VeneyComputer([Some(game_ai::Level::Club), Some(game_ai::Level::Club)]);
        assert_eq!(person_facing(&both), None);
    }
}

/// Turns the camera half round about the board's centre and keeps every text upright; the
/// labels beside the board change sides. Input maps through the camera, so clicks follow.
#[allow(clippy::type_complexity)]
fn apply_flip(
    view: Res<BoardView>,
    mut camera: Query<&mut Transform, With<crate::host::BoardCamera>>,
    mut texts: ParamSet<(
        Query<&mut Transform, (With<Text2d>, Without<crate::host::BoardCamera>)>,
        Query<&mut Transform, (Added<Text2d>, Without<crate::host::BoardCamera>)>,
        Query<&mut Transform, (With<StepLabel>, Without<crate::host::BoardCamera>)>,
        Query<&mut Transform, (With<MeasureLabel>, Without<crate::host::BoardCamera>)>,
    )>,
) {
    let turn = if view.flipped {
        Quat::from_rotation_z(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    };
    if view.is_changed() {
        // (Its x and scale: `place_camera`.)
        for mut t in &mut camera {
            t.rotation = turn;
        }
        for mut t in &mut texts.p0() {
            t.rotation = turn;
        }
        let side = if view.flipped { -1.0 } else { 1.0 };
        for mut t in &mut texts.p2() {
            t.translation.x = -side * (2.0 * SQUARE + 22.0);
        }
        for mut t in &mut texts.p3() {
            t.translation.x = side * (2.0 * SQUARE + 18.0);
        }
    } else if view.flipped {
        for mut t in &mut texts.p1() {
            t.rotation = turn;
        }
    }
}

/// With reactive rendering a window mapped late (e.g. under Xvfb, or a slow compositor) would
/// stay blank until the first input; redraw for the first couple of seconds, then go idle.
fn warm_up_redraws(mut frames: Local<u32>, mut redraw: MessageWriter<bevy::window::RequestRedraw>) {
    if *frames < 120 {
        *frames += 1;
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// World position of a square's centre.
pub fn square_center(sq: Square) -> Vec2 {
    Vec2::new(
        (sq.line() as f32 - 1.5) * SQUARE,
        (sq.step() as f32 - 8.5) * SQUARE,
    )
}

/// World position of a grid point (the free engagement out of play stands on one, §2.0.05).
pub fn point_center(i: veney_rules::intersection::Intersection) -> Vec2 {
    Vec2::new((i.x as f32 - 2.0) * SQUARE, (i.y as f32 - 8.0) * SQUARE)
}

/// The free engagement's disc radius, in squares.
pub const FREE_RADIUS: f32 = 0.18;

/// Whether world position `p` is on the free engagement drawn out of play on its grid point:
/// a click there picks it up, as its panel button does (a click lands on one of the four
/// squares the point touches, which would not).
pub fn on_free_engagement_out_of_play(free: veney_rules::FreePlace, p: Vec2) -> bool {
    match free {
        veney_rules::FreePlace::Off(i) => point_center(i).distance(p) <= FREE_RADIUS * SQUARE,
        veney_rules::FreePlace::On(_) => false,
    }
}

/// The square at a world position, if on the board.
pub fn square_at(p: Vec2) -> Option<Square> {
    let line = (p.x / SQUARE + 2.0).floor();
    let step = (p.y / SQUARE + 8.0).floor() + 1.0;
    Square::try_new(line as i8, step as i8)
        .filter(|_| (0.0..4.0).contains(&line) && (1.0..=16.0).contains(&step))
}

/// Where the board's centre sits in the window at its size when it fits (the window 960 wide,
/// the side panel 400): left of the side panel.
pub const CAMERA_X: f32 = 240.0;

/// What the board's screen shows, in world units: from left of the reserve trays to right of the
/// discard dishes, and the line letters above and below the board (its centre at x 40: on the
/// flipped board the trays and dishes change sides, `trays::slot`).
const CONTENT_X: (f32, f32) = (-220.0, 300.0);
const CONTENT_HALF_HEIGHT: f32 = 8.0 * SQUARE + 30.0;

/// The camera's x and scale that show the board, its trays, dishes and labels whole in the part
/// of a `window` (logical pixels) left of a side panel `panel` pixels wide: scale 1 (drawn as
/// designed) when they fit, more (smaller on screen) when they do not — a short or narrow
/// window, or large type's wider panel (a review found the first and last steps, the trays
/// and the dishes off the window or under the panel, the camera fixed for 960 × 940).
pub fn fit(window: (f32, f32), panel: f32, flipped: bool) -> (f32, f32) {
    let free = (window.0 - panel).max(120.0);
    let scale = ((CONTENT_X.1 - CONTENT_X.0) / free)
        .max(2.0 * CONTENT_HALF_HEIGHT / window.1.max(120.0))
        .max(1.0);
    // The content's centre shows at the free part's centre (mirrored when flipped).
    let x = (CONTENT_X.0 + CONTENT_X.1) / 2.0 + scale * panel / 2.0;
    (if flipped { -x } else { x }, scale)
}

/// Places the camera for the window's size, the side panel's (it grows with large type) and
/// the flip (`fit`).
fn place_camera(
    view: Res<BoardView>,
    mut camera: Query<(&mut Transform, &mut Projection), With<crate::host::BoardCamera>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    zoom: Res<crate::host::UiZoom>,
) {
    let size = window
        .iter()
        .next()
        .map_or((960.0, 940.0), |w| (w.width(), w.height()));
    let (x, scale) = fit(size, super::panels::PANEL_WIDTH * zoom.0, view.flipped);
    for (mut t, mut p) in &mut camera {
        if t.translation.x != x {
            t.translation.x = x;
        }
        if matches!(&*p, Projection::Orthographic(o) if o.scale != scale)
            && let Projection::Orthographic(o) = &mut *p
        {
            o.scale = scale;
        }
    }
}

fn draw_board(mut commands: Commands) {
    // The board sits left, leaving room for the measure labels and the side panel on its right.
    for sq in Square::all() {
        let colour = if sq.is_light() {
            LIGHT_SQUARE
        } else {
            DARK_SQUARE
        };
        commands.spawn((
            DespawnOnExit(Screen::Veney),
            Sprite::from_color(colour, Vec2::splat(SQUARE)),
            Transform::from_translation(square_center(sq).extend(0.0)),
        ));
    }
    // Measure boundaries between steps 4|5, 8|9 (the centre line) and 12|13.
    for boundary in [4.0f32, 8.0, 12.0] {
        let y = (boundary - 8.0) * SQUARE;
        let (colour, thickness) = if boundary == 8.0 {
            (CENTRE_LINE, 5.0)
        } else {
            (MEASURE_LINE, 3.0)
        };
        commands.spawn((
            DespawnOnExit(Screen::Veney),
            Sprite::from_color(colour, Vec2::new(4.0 * SQUARE + 16.0, thickness)),
            Transform::from_xyz(0.0, y, 1.0),
        ));
    }
    let font = TextFont::default().with_font_size(18.0);
    for (i, c) in LINE_CHARS.iter().enumerate() {
        let x = (i as f32 - 1.5) * SQUARE;
        for y in [-8.0 * SQUARE - 18.0, 8.0 * SQUARE + 18.0] {
            commands.spawn((
                DespawnOnExit(Screen::Veney),
                Text2d::new(c.to_string()),
                font.clone(),
                TextColor(LABEL),
                Transform::from_xyz(x, y, 1.0),
            ));
        }
    }
    for step in 1..=16u8 {
        let y = (step as f32 - 8.5) * SQUARE;
        commands.spawn((
            DespawnOnExit(Screen::Veney),
            StepLabel,
            Text2d::new(step.to_string()),
            font.clone(),
            TextColor(LABEL),
            Transform::from_xyz(-2.0 * SQUARE - 22.0, y, 1.0),
        ));
    }
    let small = TextFont::default().with_font_size(14.0);
    for (m, label) in [
        "White's 1st\nBlack's 4th",
        "White's 2nd\nBlack's 3rd",
        "White's 3rd\nBlack's 2nd",
        "White's 4th\nBlack's 1st",
    ]
    .iter()
    .enumerate()
    {
        let y = (m as f32 * 4.0 + 2.5 - 8.5) * SQUARE;
        commands.spawn((
            DespawnOnExit(Screen::Veney),
            MeasureLabel,
            Text2d::new(format!("measure {}\n{label}", m + 1)),
            small.clone(),
            TextColor(LABEL),
            TextLayout::justify(Justify::Left),
            bevy::sprite::Anchor::CENTER_LEFT,
            Transform::from_xyz(2.0 * SQUARE + 18.0, y, 1.0),
        ));
    }
}

#[cfg(test)]
mod fit_tests {
    use super::*;

    /// Where a world x shows on the window, for the camera `(x, scale)` (turned half round when
    /// `flipped`).
    fn screen_x(world: f32, (cam, scale): (f32, f32), window_w: f32, flipped: bool) -> f32 {
        let d = (world - cam) / scale;
        (if flipped { -d } else { d }) + window_w / 2.0
    }

    /// README: Veney's Play "opens the board (lines W–Z, steps 1–16)", and large type's wider
    /// panel leaves every board whole. The board, its trays, dishes and labels show whole left
    /// of the side panel on a short or narrow window and in large type, either way up; at the
    /// size it was designed for it is drawn as before (a review found steps 1 and 16, the trays
    /// and the dishes off the window or under the panel).
    #[test]
    fn the_board_shows_whole_beside_the_panel_on_any_window() {
        assert_eq!(fit((960.0, 940.0), 400.0, false), (CAMERA_X, 1.0));
        assert_eq!(fit((960.0, 940.0), 400.0, true), (-CAMERA_X, 1.0));
        for (window, panel) in [
            ((960.0, 940.0), 400.0),
            ((960.0, 700.0), 400.0),
            ((800.0, 940.0), 400.0),
            ((1280.0, 720.0), 400.0),
            ((960.0, 940.0), 600.0),
        ] {
            for flipped in [false, true] {
                let cam = fit(window, panel, flipped);
                // The trays' and dishes' columns and the board's sides, mirrored when flipped.
                let (lo, hi) = if flipped {
                    (-CONTENT_X.1, -CONTENT_X.0)
                } else {
                    CONTENT_X
                };
                let a = screen_x(lo, cam, window.0, flipped);
                let b = screen_x(hi, cam, window.0, flipped);
                let (left, right) = (a.min(b), a.max(b));
                assert!(left >= -0.01, "{window:?} {panel} {flipped}: left {left}");
                assert!(
                    right <= window.0 - panel + 0.01,
                    "{window:?} {panel} {flipped}: right {right} under the panel"
                );
                let tall = CONTENT_HALF_HEIGHT / cam.1;
                assert!(tall <= window.1 / 2.0 + 0.01, "{window:?}: height {tall}");
            }
        }
    }
}
