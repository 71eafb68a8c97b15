//! Piece art, made here, after §2.0.R6 "The Pieces' Shapes in a Standard Set": a round lump for
//! the Self, a long shard for the Sword and a smaller one for the Dagger, an irregular cloth with
//! holes for the Cloak, a long form for the Balance, a flat disc for the Guard, a droplet for the
//! Lantern, a ring with a central hole for the Jutsu, a large block for the Ruin, small pebbles
//! for engagements, a grey button for the free engagement. Light and dark sides are told apart
//! by fill and outline; the notation letter can be shown on each piece.
use super::board::square_center;
use super::game::{CurrentGame, FreeEngagementView, PieceView};
use crate::host::palette::*;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use veney_rules::piece_def::Shape;
use veney_rules::{FreePlace, Side};

/// Whether each piece shows its notation letter.
#[derive(Resource, Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PieceStyle {
    pub letters: bool,
}

impl Default for PieceStyle {
    fn default() -> Self {
        PieceStyle { letters: true }
    }
}

#[derive(Component)]
pub struct PieceLetter;

pub(super) fn plugin(app: &mut App) {
    // Kept between runs (`host::kept_settings`).
    crate::host::kept_settings::keep::<PieceStyle>(app, "veney-pieces");
    app.init_resource::<PieceStyle>().add_systems(
        Update,
        (
            (dress_pieces, dress_free_engagement, dress_donkeys).after(super::game::GameSet),
            show_letters.run_if(resource_changed::<PieceStyle>),
        )
            .in_set(super::VeneySystems),
    );
}

/// A filled polygon (fan from the centroid; the outlines here are star-shaped around it).
pub fn polygon(points: &[Vec2]) -> Mesh {
    let c = points.iter().copied().sum::<Vec2>() / points.len() as f32;
    let mut pos = vec![[c.x, c.y, 0.0]];
    pos.extend(points.iter().map(|p| [p.x, p.y, 0.0]));
    let n = points.len() as u32;
    let mut idx = Vec::with_capacity(points.len() * 3);
    for i in 0..n {
        idx.extend([0, 1 + i, 1 + (i + 1) % n]);
    }
    let normals = vec![[0.0, 0.0, 1.0]; pos.len()];
    let uvs: Vec<[f32; 2]> = pos.iter().map(|p| [p[0], p[1]]).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(idx))
}

/// A closed outline of `n` points, radius `r(angle)`.
fn outline(n: usize, r: impl Fn(f32) -> Vec2) -> Vec<Vec2> {
    (0..n)
        .map(|i| r(i as f32 / n as f32 * std::f32::consts::TAU))
        .collect()
}

/// A lumpy circle: radius varies smoothly with a few harmonics (deterministic per `seed`).
fn lump(radius: f32, bumpiness: f32, seed: f32) -> Vec<Vec2> {
    outline(40, |a| {
        let k =
            1.0 + bumpiness * ((3.0 * a + seed).sin() * 0.5 + (5.0 * a + 2.0 * seed).sin() * 0.3);
        Vec2::from_angle(a) * radius * k
    })
}

/// The outline of a shape, in units of a square (about ±0.5).
pub fn shape_outline(shape: Shape) -> Vec<Vec2> {
    match shape {
        Shape::Lump => lump(0.40, 0.10, 0.7),
        Shape::Shard => vec![
            Vec2::new(0.0, 0.47),
            Vec2::new(0.11, 0.06),
            Vec2::new(0.05, -0.44),
            Vec2::new(-0.04, -0.40),
            Vec2::new(-0.10, 0.02),
        ],
        Shape::SmallShard => vec![
            Vec2::new(0.0, 0.34),
            Vec2::new(0.09, 0.04),
            Vec2::new(0.04, -0.30),
            Vec2::new(-0.03, -0.28),
            Vec2::new(-0.08, 0.0),
        ],
        Shape::Cloth => outline(36, |a| {
            let k = 1.0 + 0.22 * (2.0 * a + 0.4).sin() + 0.12 * (5.0 * a).cos();
            Vec2::new(a.cos() * 0.42, a.sin() * 0.34) * k
        }),
        Shape::Long => outline(28, |a| {
            // A long rounded bar along the diagonal.
            let v = Vec2::new(a.cos() * 0.46, a.sin() * 0.11);
            Vec2::new(v.x - v.y, v.x + v.y) * std::f32::consts::FRAC_1_SQRT_2
        }),
        Shape::Disc => outline(36, |a| Vec2::new(a.cos() * 0.41, a.sin() * 0.36)),
        Shape::Droplet => outline(36, |a| {
            // A teardrop hanging from its point: pointed top, round bottom.
            let t = a;
            let x = 0.30 * t.sin() * (t / 2.0).sin().powi(1);
            let y = 0.40 * t.cos();
            Vec2::new(x, -y * 0.95 + 0.02)
        }),
        Shape::Ring => outline(36, |a| Vec2::from_angle(a) * 0.38),
        Shape::Block => vec![
            Vec2::new(-0.44, -0.36),
            Vec2::new(-0.36, -0.45),
            Vec2::new(0.38, -0.45),
            Vec2::new(0.45, -0.36),
            Vec2::new(0.45, 0.40),
            Vec2::new(0.40, 0.46),
            Vec2::new(-0.40, 0.46),
            Vec2::new(-0.45, 0.38),
        ],
        Shape::Pebble => lump(0.22, 0.12, 2.1),
        Shape::Token => outline(6, |a| Vec2::from_angle(a + 0.5) * 0.38),
        // Fairy pieces (§2.0.23): an isometric cube for "3D" movers, an arrowhead for oriented
        // pieces (turned to their facing), a bead on a cord for relational movers, a frame for
        // measure-bound ones.
        Shape::Prism => vec![
            Vec2::new(0.0, 0.42),
            Vec2::new(0.37, 0.21),
            Vec2::new(0.37, -0.21),
            Vec2::new(0.0, -0.42),
            Vec2::new(-0.37, -0.21),
            Vec2::new(-0.37, 0.21),
        ],
        Shape::Arrow => vec![
            Vec2::new(0.0, 0.46),
            Vec2::new(0.32, -0.08),
            Vec2::new(0.18, -0.38),
            Vec2::new(-0.18, -0.38),
            Vec2::new(-0.32, -0.08),
        ],
        Shape::Tether => outline(32, |a| {
            // A bead with a short tail toward its Self's side.
            let tail = (-(a - 1.5 * std::f32::consts::PI).abs() * 3.0).exp() * 0.16;
            Vec2::from_angle(a) * (0.30 + tail)
        }),
        Shape::Frame => vec![
            Vec2::new(-0.38, -0.38),
            Vec2::new(0.38, -0.38),
            Vec2::new(0.38, 0.38),
            Vec2::new(-0.38, 0.38),
        ],
    }
}

/// The rotation that turns an upward-pointing outline to face `facing` (0 forward, 1 right,
/// 2 back, 3 left from `side`'s point of view) on the board as drawn (White at the bottom).
pub fn facing_rotation(side: Side, facing: u8) -> f32 {
    let (l, s) = veney_rules::piece_set::facing_vector(side, facing);
    // Up is +steps; the angle from up, clockwise positive toward +lines.
    -(l as f32).atan2(s as f32)
}

/// Holes cut into a shape (drawn in the hole colour): (centre, radius), in square units.
fn holes(shape: Shape) -> Vec<(Vec2, f32)> {
    match shape {
        Shape::Cloth => vec![
            (Vec2::new(-0.12, 0.06), 0.07),
            (Vec2::new(0.16, -0.08), 0.05),
        ],
        Shape::Ring => vec![(Vec2::ZERO, 0.14)],
        Shape::Prism => vec![(Vec2::new(0.0, 0.0), 0.06)],
        Shape::Tether => vec![(Vec2::new(0.0, 0.08), 0.07)],
        Shape::Frame => vec![(Vec2::ZERO, 0.20)],
        _ => Vec::new(),
    }
}

fn scaled(points: &[Vec2], s: f32) -> Vec<Vec2> {
    points.iter().map(|p| *p * s).collect()
}

/// A slightly larger copy of an outline, for the contrasting rim.
fn grown(points: &[Vec2], by: f32) -> Vec<Vec2> {
    let c = points.iter().copied().sum::<Vec2>() / points.len() as f32;
    points
        .iter()
        .map(|p| *p + (*p - c).normalize_or_zero() * by)
        .collect()
}

fn dress_pieces(
    mut commands: Commands,
    game: Res<CurrentGame>,
    style: Res<PieceStyle>,
    added: Query<
        (
            Entity,
            &PieceView,
            Option<&super::game::Facing>,
            Has<super::game::InHand>,
        ),
        Added<PieceView>,
    >,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (e, p, facing, in_hand) in &added {
        let def = &game.0.rules.set(p.side).piece(p.kind).def;
        let shape = def.drawn_shape();
        let (fill, rim, ink) = match p.side {
            Side::White => (WHITE_PIECE, BLACK_PIECE, WHITE_PIECE_TEXT),
            Side::Black => (BLACK_PIECE, WHITE_PIECE, BLACK_PIECE_TEXT),
        };
        // A partner in hand is drawn faint, raised off its square (R-CONCERT).
        let (fill, lift, z) = if in_hand {
            (
                fill.with_alpha(0.6),
                Vec2::new(SQUARE * 0.32, SQUARE * 0.22),
                3.0,
            )
        } else {
            (fill, Vec2::ZERO, 2.0)
        };
        let mut pts = scaled(&shape_outline(shape), SQUARE);
        // An oriented piece is drawn turned to its facing, with a pointer on that edge.
        let turn = facing.map(|f| facing_rotation(p.side, f.0));
        if let Some(angle) = turn {
            let rot = Vec2::from_angle(angle);
            pts = pts.iter().map(|v| rot.rotate(*v)).collect();
        }
        let body = meshes.add(polygon(&pts));
        let edge = meshes.add(polygon(&grown(&pts, 2.0)));
        let hole_colour = if p.square.is_light() {
            LIGHT_SQUARE
        } else {
            DARK_SQUARE
        };
        let hole_mat = materials.add(hole_colour);
        let mut children = Vec::new();
        for (c, r) in holes(shape) {
            children.push(
                commands
                    .spawn((
                        Mesh2d(meshes.add(Circle::new(r * SQUARE))),
                        MeshMaterial2d(hole_mat.clone()),
                        Transform::from_translation((c * SQUARE).extend(0.2)),
                    ))
                    .id(),
            );
        }
        children.push(
            commands
                .spawn((
                    Mesh2d(edge),
                    MeshMaterial2d(materials.add(rim.with_alpha(0.8))),
                    Transform::from_xyz(0.0, 0.0, -0.1),
                ))
                .id(),
        );
        if let Some(angle) = turn {
            let tip = Vec2::from_angle(angle).rotate(Vec2::new(0.0, 0.5 * SQUARE));
            let side_v = Vec2::from_angle(angle).rotate(Vec2::new(0.09 * SQUARE, 0.0));
            let base = tip * 0.78;
            children.push(
                commands
                    .spawn((
                        Mesh2d(meshes.add(Triangle2d::new(tip, base + side_v, base - side_v))),
                        MeshMaterial2d(materials.add(FACING_MARK)),
                        Transform::from_xyz(0.0, 0.0, 0.6),
                    ))
                    .id(),
            );
        }
        let small = matches!(shape, Shape::Pebble | Shape::SmallShard | Shape::Shard);
        // The letter sits beside thin shapes, on the body of the others.
        let letter_at = match shape {
            Shape::Shard | Shape::SmallShard => Vec2::new(SQUARE * 0.26, -SQUARE * 0.24),
            Shape::Ring => Vec2::new(0.0, -SQUARE * 0.25),
            _ => Vec2::ZERO,
        };
        let letter_ink = if matches!(shape, Shape::Shard | Shape::SmallShard | Shape::Ring) {
            LABEL_ON_BOARD
        } else {
            ink
        };
        children.push(
            commands
                .spawn((
                    PieceLetter,
                    Text2d::new(def.letter.to_string()),
                    TextFont::default().with_font_size(if small { 14.0 } else { 20.0 }),
                    TextColor(letter_ink),
                    if style.letters {
                        Visibility::Inherited
                    } else {
                        Visibility::Hidden
                    },
                    Transform::from_translation(letter_at.extend(0.5)),
                ))
                .id(),
        );
        if let Ok(mut ec) = commands.get_entity(e) {
            ec.try_insert((
                Mesh2d(body),
                MeshMaterial2d(materials.add(fill)),
                Transform::from_translation((square_center(p.square) + lift).extend(z)),
                Visibility::default(),
            ));
            ec.add_children(&children);
        } else {
            for c in children {
                commands.entity(c).despawn();
            }
        }
    }
}

fn show_letters(style: Res<PieceStyle>, mut q: Query<&mut Visibility, With<PieceLetter>>) {
    for mut v in &mut q {
        *v = if style.letters {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}

fn dress_free_engagement(
    mut commands: Commands,
    added: Query<(Entity, &FreeEngagementView), Added<FreeEngagementView>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (e, f) in &added {
        let at = match f.0 {
            FreePlace::On(sq) => square_center(sq),
            FreePlace::Off(i) => super::board::point_center(i),
        };
        let hole = materials.add(FREE_ENGAGEMENT_HOLE);
        let holes: Vec<Entity> = [-0.05f32, 0.05]
            .iter()
            .map(|dx| {
                commands
                    .spawn((
                        Mesh2d(meshes.add(Circle::new(SQUARE * 0.035))),
                        MeshMaterial2d(hole.clone()),
                        Transform::from_xyz(dx * SQUARE, 0.0, 0.2),
                    ))
                    .id()
            })
            .collect();
        if let Ok(mut ec) = commands.get_entity(e) {
            ec.try_insert((
                Mesh2d(meshes.add(Circle::new(SQUARE * super::board::FREE_RADIUS))),
                MeshMaterial2d(materials.add(FREE_ENGAGEMENT)),
                Transform::from_translation(at.extend(3.0)),
                Visibility::default(),
            ));
            ec.add_children(&holes);
        }
    }
}

/// The Donkey (§2.0.23): a brown block with ears, never harmed.
fn dress_donkeys(
    mut commands: Commands,
    added: Query<(Entity, &super::game::DonkeyView), Added<super::game::DonkeyView>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (e, d) in &added {
        let body = meshes.add(Rectangle::new(SQUARE * 0.7, SQUARE * 0.5));
        let ear = meshes.add(Triangle2d::new(
            Vec2::new(-0.06, 0.0) * SQUARE,
            Vec2::new(0.06, 0.0) * SQUARE,
            Vec2::new(0.0, 0.22) * SQUARE,
        ));
        let brown = materials.add(DONKEY);
        let ears: Vec<Entity> = [-0.18f32, 0.18]
            .iter()
            .map(|x| {
                commands
                    .spawn((
                        Mesh2d(ear.clone()),
                        MeshMaterial2d(brown.clone()),
                        Transform::from_xyz(x * SQUARE, 0.22 * SQUARE, 0.1),
                    ))
                    .id()
            })
            .collect();
        let label = commands
            .spawn((
                Text2d::new(if d.placer == Side::White { "K" } else { "k" }),
                TextFont::default().with_font_size(16.0),
                TextColor(LABEL),
                Transform::from_xyz(0.0, 0.0, 0.5),
            ))
            .id();
        if let Ok(mut ec) = commands.get_entity(e) {
            ec.try_insert((
                Mesh2d(body),
                MeshMaterial2d(brown),
                Transform::from_translation(square_center(d.square).extend(2.5)),
                Visibility::default(),
            ));
            ec.add_children(&ears);
            ec.add_child(label);
        }
    }
}
