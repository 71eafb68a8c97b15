//! The Fort's protected ring: when a Fort is picked up or hovered, the squares around it where
//! opposing pieces may not end their move ("P P P / P F P / P P P") are tinted in its owner's
//! colour. The squares are the rules' (`Game::piece_zones`); the pack only draws them.
use crate::host::Screen;
use crate::host::grid::view::{CELL, cell_center};
use crate::host::grid::{ActiveMatch, GridHover, GridReview, GridSelection, GridView, Pick};
use bevy::prelude::*;
use game_api::{Cell, Zone};

#[derive(Component)]
pub struct FortRing;

/// The zones the rules attach to the piece picked now, else to the hovered one
/// (`Game::piece_zones`: a Fort's protected ring), with the cell of that piece.
pub fn focused_zones(
    m: &ActiveMatch,
    sel: &GridSelection,
    hover: &GridHover,
) -> Option<(Cell, Vec<Zone>)> {
    let zones_at = |c: Cell| {
        let z = m.game.piece_zones(c);
        (!z.is_empty()).then_some((c, z))
    };
    let picked = match &sel.0 {
        Some(Pick::Cell(c)) => zones_at(*c),
        _ => None,
    };
    picked.or_else(|| hover.0.and_then(zones_at))
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.after(crate::host::grid::GridGameSet)
            .in_set(crate::host::grid::GridSystems)
            .run_if(in_state(Screen::Tirachen))
            .run_if(
                resource_changed::<GridHover>
                    .or_eager(resource_changed::<GridSelection>)
                    .or_eager(crate::host::grid::match_changed)
                    .or_eager(resource_changed::<GridView>)
                    .or_eager(resource_changed::<GridReview>),
            ),
    );
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut commands: Commands,
    m: Res<ActiveMatch>,
    sel: Res<GridSelection>,
    hover: Res<GridHover>,
    view: Res<GridView>,
    review: Res<GridReview>,
    old: Query<Entity, With<FortRing>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    // The ring is the live position's; a reviewed earlier position shows none.
    if review.0.is_some() {
        return;
    }
    let Some((fort, zones)) = focused_zones(&m, &sel, &hover) else {
        return;
    };
    let desc = m.game.board();
    let owner = zones[0].owner;
    let colour = crate::host::grid::view::zone_colour(&m.colours, owner);
    for &c in zones.iter().flat_map(|z| z.cells.iter()) {
        let at = cell_center(&desc, *view, c);
        commands.spawn((
            FortRing,
            DespawnOnExit(Screen::Tirachen),
            Sprite::from_color(colour.with_alpha(0.30), Vec2::splat(CELL)),
            Transform::from_translation(at.extend(1.5)),
        ));
        commands.spawn((
            FortRing,
            DespawnOnExit(Screen::Tirachen),
            Mesh2d(meshes.add(Annulus::new(CELL * 0.16, CELL * 0.22))),
            MeshMaterial2d(materials.add(colour.with_alpha(0.9))),
            Transform::from_translation(at.extend(1.6)),
        ));
    }
    // The Fort's own square, outlined.
    let at = cell_center(&desc, *view, fort);
    commands.spawn((
        FortRing,
        DespawnOnExit(Screen::Tirachen),
        Sprite::from_color(colour.with_alpha(0.45), Vec2::splat(CELL)),
        Transform::from_translation(at.extend(1.5)),
    ));
}
