//! Reserve trays and discard dishes beside the board: each side's reserve pieces stand in a tray
//! left of the board (White's in the lower half, Black's in the upper), the pieces lost to the
//! game in a dish on the right. Clicking (or dragging from) a tray piece of the side to move picks
//! it up for placing (§2.0.13). A piece that leaves the board flies where the rules crate says it
//! went (`veney_rules::displaced`): a fended one to its owner's tray, a taken one to the dish. The
//! trays show the rules crate's reserve and discard counts; nothing here decides anything.
use super::board::square_center;
use super::game::{CurrentGame, Played};
use crate::host::Screen;
use crate::host::palette::*;
use bevy::prelude::*;
use veney_rules::{Kind, Position, Rules, Side, Square, Whereabouts};

/// Height of one tray slot, in world units.
pub const SLOT: f32 = 36.0;
/// x of the reserve trays' column (left of the step labels) and of the discard dishes.
pub const TRAY_X: f32 = -2.0 * SQUARE - 78.0;
pub const DISH_X: f32 = 2.0 * SQUARE + 182.0;

/// Where slot `i` of `side`'s tray (or dish) is: White's from the bottom up, Black's from the
/// top down. On the flipped board (its camera turned half round) the column goes to the other
/// side of the world, so the trays still stand left of the board and the dishes right of it on
/// the screen (a review found them on the measure labels and off the window).
pub fn slot(side: Side, i: usize, dish: bool, flipped: bool) -> Vec2 {
    let x = if dish { DISH_X } else { TRAY_X };
    let x = if flipped { -x } else { x };
    let edge = 8.0 * SQUARE - SLOT / 2.0;
    match side {
        Side::White => Vec2::new(x, -edge + i as f32 * SLOT),
        Side::Black => Vec2::new(x, edge - i as f32 * SLOT),
    }
}

/// The kinds in `side`'s tray (reserve > 0) or dish (discard > 0), in set order.
pub fn contents(rules: &Rules, pos: &Position, side: Side, dish: bool) -> Vec<(Kind, u8)> {
    rules
        .set(side)
        .kinds()
        .map(|k| {
            (
                k,
                if dish {
                    pos.discard(side, k)
                } else {
                    pos.reserve(side, k)
                },
            )
        })
        .filter(|(_, n)| *n > 0)
        .collect()
}

/// The tray piece under a world position, if any: (side, kind).
pub fn tray_at(rules: &Rules, pos: &Position, p: Vec2, flipped: bool) -> Option<(Side, Kind)> {
    for side in Side::ALL {
        for (i, (k, _)) in contents(rules, pos, side, false).into_iter().enumerate() {
            let c = slot(side, i, false, flipped);
            if (p - c).abs().max_element() <= SLOT / 2.0 {
                return Some((side, k));
            }
        }
    }
    None
}

#[derive(Component)]
struct TrayItem;

/// A piece flying to a tray or dish.
#[derive(Component)]
pub struct Fly {
    from: Vec2,
    to: FlightEnd,
    t: f32,
}

/// Where a flight ends: a slot of a side's tray or dish, found on the board as it is drawn at
/// each frame (a board flipped meanwhile, as auto-flip does when the turn passes, moves the trays
/// and dishes: a review found a taken piece flying off the window to where the dish had stood),
/// or a square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FlightEnd {
    Slot {
        side: Side,
        index: usize,
        dish: bool,
    },
    Point(Vec2),
}

impl FlightEnd {
    /// The end's place in the world with the board `flipped` or not.
    pub fn at(self, flipped: bool) -> Vec2 {
        match self {
            FlightEnd::Slot { side, index, dish } => slot(side, index, dish, flipped),
            FlightEnd::Point(p) => p,
        }
    }
}

/// Seconds a flight takes.
const FLIGHT: f32 = 0.45;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            draw_trays.after(super::game::GameSet).run_if(
                resource_changed::<CurrentGame>
                    .or_eager(resource_changed::<super::game::Viewing>)
                    .or_eager(resource_changed::<super::board::BoardView>),
            ),
            start_flights.after(super::game::GameSet),
            fly,
        )
            .chain()
            .in_set(super::VeneySystems),
    );
}

fn piece_mesh(
    meshes: &mut Assets<Mesh>,
    rules: &Rules,
    side: Side,
    k: Kind,
    scale: f32,
) -> (Handle<Mesh>, Handle<Mesh>) {
    let shape = rules.set(side).piece(k).def.drawn_shape();
    let pts: Vec<Vec2> = super::pieces::shape_outline(shape)
        .iter()
        .map(|p| *p * SQUARE * scale)
        .collect();
    let rim: Vec<Vec2> = pts.iter().map(|p| *p * 1.12).collect();
    (
        meshes.add(super::pieces::polygon(&pts)),
        meshes.add(super::pieces::polygon(&rim)),
    )
}

fn colours(side: Side) -> (Color, Color) {
    match side {
        Side::White => (WHITE_PIECE, BLACK_PIECE),
        Side::Black => (BLACK_PIECE, WHITE_PIECE),
    }
}

fn draw_trays(
    mut commands: Commands,
    game: Res<CurrentGame>,
    old: Query<Entity, With<TrayItem>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    view: Option<Res<super::board::BoardView>>,
    viewing: Res<super::game::Viewing>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let rules = &game.0.rules;
    // The reserves of the position shown: an earlier one while the move list is reviewed.
    let shown = viewing
        .0
        .map(|n| super::game::position_after_turns(&game.0, n));
    let pos = shown.as_ref().unwrap_or(game.0.position());
    let flipped = view.is_some_and(|v| v.flipped);
    let upright = if flipped {
        Quat::from_rotation_z(std::f32::consts::PI)
    } else {
        Quat::IDENTITY
    };
    // The count beside the piece, on the screen's right of it either way.
    let beside = Vec2::new(if flipped { -30.0 } else { 30.0 }, 0.0);
    for side in Side::ALL {
        for dish in [false, true] {
            for (i, (k, n)) in contents(rules, pos, side, dish).into_iter().enumerate() {
                let at = slot(side, i, dish, flipped);
                let (body, rim) = piece_mesh(&mut meshes, rules, side, k, 0.55);
                let (fill, edge) = colours(side);
                let alpha = if dish { 0.45 } else { 1.0 };
                commands.spawn((
                    DespawnOnExit(Screen::Veney),
                    TrayItem,
                    Mesh2d(rim),
                    MeshMaterial2d(materials.add(edge.with_alpha(0.7 * alpha))),
                    Transform::from_translation(at.extend(2.0)),
                ));
                commands.spawn((
                    DespawnOnExit(Screen::Veney),
                    TrayItem,
                    Mesh2d(body),
                    MeshMaterial2d(materials.add(fill.with_alpha(alpha))),
                    Transform::from_translation(at.extend(2.1)),
                ));
                let letter = rules.set(side).piece(k).def.letter;
                commands.spawn((
                    DespawnOnExit(Screen::Veney),
                    TrayItem,
                    Text2d::new(if n > 1 {
                        format!("{letter} x{n}")
                    } else {
                        letter.to_string()
                    }),
                    TextFont::default().with_font_size(13.0),
                    TextColor(LABEL),
                    Transform::from_translation((at + beside).extend(2.2)).with_rotation(upright),
                ));
            }
        }
    }
}

/// Where each piece that left the board flies, as the rules report it (`veney_rules::displaced`,
/// a comparison of the positions before and after): (from square, side, kind, to). A piece bound
/// for a reserve or discard flies to its slot in the tray or dish; one pinned under a Cloak flies
/// to the Cloak's square; a cast piece in the air has no flight here (its landing is animated).
pub fn flights(rules: &Rules, p: &Played) -> Vec<(Square, Side, Kind, FlightEnd)> {
    veney_rules::displaced(rules, &p.before, &p.after)
        .into_iter()
        .filter_map(|d| {
            let to = match d.to {
                Whereabouts::Reserve | Whereabouts::Discard => {
                    let dish = d.to == Whereabouts::Discard;
                    let index = contents(rules, &p.after, d.side, dish)
                        .iter()
                        .position(|(k, _)| *k == d.kind)
                        .unwrap_or(0);
                    FlightEnd::Slot {
                        side: d.side,
                        index,
                        dish,
                    }
                }
                Whereabouts::Pinned(at) => FlightEnd::Point(square_center(at)),
                Whereabouts::InAir | Whereabouts::InHand | Whereabouts::Elsewhere => return None,
            };
            Some((d.from, d.side, d.kind, to))
        })
        .collect()
}

fn start_flights(
    mut commands: Commands,
    mut played: MessageReader<Played>,
    game: Res<CurrentGame>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let rules = &game.0.rules;
    for p in played.read().filter(|p| p.of_rules(rules)) {
        for (sq, side, k, to) in flights(rules, p) {
            let (body, _) = piece_mesh(&mut meshes, rules, side, k, 0.8);
            let (fill, _) = colours(side);
            commands.spawn((
                DespawnOnExit(Screen::Veney),
                // Ended with the game it belongs to: an undo or a new game while it flies (a
                // review found a fended piece still flying to the dish after undo put it back).
                super::dice::ForGame::of(&game.0),
                Fly {
                    from: square_center(sq),
                    to,
                    t: 0.0,
                },
                Mesh2d(body),
                MeshMaterial2d(materials.add(fill)),
                Transform::from_translation(square_center(sq).extend(6.0)),
            ));
        }
    }
}

fn fly(
    mut commands: Commands,
    time: Res<Time>,
    view: Option<Res<super::board::BoardView>>,
    mut q: Query<(Entity, &mut Fly, &mut Transform)>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let flipped = view.is_some_and(|v| v.flipped);
    for (e, mut f, mut tf) in &mut q {
        f.t += time.delta_secs().min(0.05);
        let k = (f.t / FLIGHT).min(1.0);
        let ease = k * k * (3.0 - 2.0 * k);
        // A small arc: up and over, to the end as the board is drawn now.
        let to = f.to.at(flipped);
        let p = f.from.lerp(to, ease) + Vec2::new(0.0, 40.0 * (std::f32::consts::PI * k).sin());
        tf.translation.x = p.x;
        tf.translation.y = p.y;
        tf.scale = Vec3::splat(1.0 - 0.35 * ease);
        redraw.write(bevy::window::RequestRedraw);
        if k >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tray_slots_are_found_again_and_a_fend_flies_to_the_owners_tray() {
        let rules = Rules::standard();
        let pos = Position::start(&rules);
        // White's reserve (Dagger, Guard, Lantern, Jutsu, Ruin) stands bottom-up in its tray.
        let white = contents(&rules, &pos, Side::White, false);
        assert_eq!(white.len(), 5);
        for flipped in [false, true] {
            for (i, (k, _)) in white.iter().enumerate() {
                assert_eq!(
                    tray_at(&rules, &pos, slot(Side::White, i, false, flipped), flipped),
                    Some((Side::White, *k))
                );
            }
            assert_eq!(tray_at(&rules, &pos, Vec2::ZERO, flipped), None);
        }
        // On the flipped board (the camera turned half round about the board's centre) the trays
        // and dishes still stand on the screen where they stood unflipped: the tray left of the
        // board, the dish right of it, clear of the measure labels and inside the window (a
        // review found the dishes off the window and the trays on the labels).
        let screen_x = |world: Vec2, flipped: bool| {
            let camera = if flipped {
                -super::super::board::CAMERA_X
            } else {
                super::super::board::CAMERA_X
            };
            if flipped {
                camera - world.x
            } else {
                world.x - camera
            }
        };
        for dish in [false, true] {
            let plain = screen_x(slot(Side::White, 0, dish, false), false);
            let turned = screen_x(slot(Side::White, 0, dish, true), true);
            assert!((plain - turned).abs() < 0.01, "{dish}: {plain} vs {turned}");
        }
        // An engagement fended by another flies to its owner's tray, not the dish.
        let p = Position::from_pieces(
            &rules,
            &[
                (Side::White, "Self", "Y4"),
                (Side::White, "Engagement", "X6"),
                (Side::Black, "Self", "X13"),
                (Side::Black, "Engagement", "Y7"),
            ],
            Side::White,
        )
        .unwrap();
        let fend = p
            .legal_actions(&rules)
            .into_iter()
            .find(|a| matches!(a, veney_rules::Action::Move(m) if m.to == Square::parse("Y7").unwrap()))
            .unwrap();
        let mut after = p;
        after.play_unchecked(&rules, fend);
        let eng = rules.set(Side::Black).by_name("Engagement").unwrap();
        let played = Played {
            before: p,
            action: fend,
            after,
            rules: 0,
        };
        let at = contents(&rules, &after, Side::Black, false)
            .iter()
            .position(|(k, _)| *k == eng)
            .unwrap();
        let f = flights(&rules, &played);
        assert_eq!(
            f.iter()
                .map(|(sq, s, k, _)| (*sq, *s, *k))
                .collect::<Vec<_>>(),
            [(Square::parse("Y7").unwrap(), Side::Black, eng)]
        );
        // Its end is the slot as the board is drawn when it lands: flipped meanwhile (as
        // auto-flip does when the turn passes), the tray it flies to moves with the board (a
        // review found it aimed where the tray stood before the flip).
        for flipped in [false, true] {
            assert_eq!(f[0].3.at(flipped), slot(Side::Black, at, false, flipped));
        }
        assert_ne!(f[0].3.at(false), f[0].3.at(true));
    }
}
