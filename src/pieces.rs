//! Piece visuals for the mirrored `PieceView` entities: a disc in the side's colour with the
//! piece's letter (original shapes per §2.0.R6 come with the desktop-app issue).
use crate::board::square_center;
use crate::game::{CurrentGame, FreeEngagementView, PieceView};
use crate::palette::*;
use bevy::prelude::*;
use veney_rules::{FreePlace, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (dress_pieces, dress_free_engagement).after(crate::game::GameSet),
    );
}

fn dress_pieces(
    mut commands: Commands,
    game: Res<CurrentGame>,
    added: Query<(Entity, &PieceView), Added<PieceView>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (e, p) in &added {
        let def = &game.0.rules.set(p.side).piece(p.kind).def;
        let engagement = def
            .roles
            .contains(&veney_rules::piece_def::Role::Engagement);
        let radius = if engagement {
            SQUARE * 0.28
        } else {
            SQUARE * 0.4
        };
        let (fill, ink) = match p.side {
            Side::White => (WHITE_PIECE, WHITE_PIECE_TEXT),
            Side::Black => (BLACK_PIECE, BLACK_PIECE_TEXT),
        };
        let letter = def.letter.to_string();
        commands.entity(e).try_insert((
            Mesh2d(meshes.add(Circle::new(radius))),
            MeshMaterial2d(materials.add(fill)),
            Transform::from_translation(square_center(p.square).extend(2.0)),
            children![(
                Text2d::new(letter),
                TextFont::default().with_font_size(if engagement { 16.0 } else { 24.0 }),
                TextColor(ink),
                Transform::from_xyz(0.0, 0.0, 0.5)
            )],
        ));
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
            FreePlace::Off(i) => {
                Vec2::new((i.x as f32 - 2.0) * SQUARE, (i.y as f32 - 8.0) * SQUARE)
            }
        };
        commands.entity(e).try_insert((
            Mesh2d(meshes.add(Circle::new(SQUARE * 0.18))),
            MeshMaterial2d(materials.add(FREE_ENGAGEMENT)),
            Transform::from_translation(at.extend(3.0)),
        ));
    }
}
