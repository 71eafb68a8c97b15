//! The Fort's protected ring: when a Fort is picked up or hovered, the squares around it where
//! opposing pieces may not end their move ("P P P / P F P / P P P") are tinted in its owner's
//! colour. Drawn from the board's geometry and the pieces the match shows; the rules decide.
use crate::host::Screen;
use crate::host::grid::view::{CELL, cell_center};
use crate::host::grid::{ActiveMatch, GridHover, GridSelection, GridView, Pick};
use bevy::prelude::*;
use game_api::{BoardDesc, Cell};

#[derive(Component)]
pub struct FortRing;

/// The Fort's letter in the rules' notation.
pub const FORT: &str = "F";

/// The cells the ring covers around `fort`: its (up to eight) neighbours on the board.
pub fn ring(desc: &BoardDesc, fort: Cell) -> Vec<Cell> {
    let Some((f, r)) = desc.file_rank(fort) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for df in -1i16..=1 {
        for dr in -1i16..=1 {
            if (df, dr) == (0, 0) {
                continue;
            }
            let (nf, nr) = (f as i16 + df, r as i16 + dr);
            if nf < 0 || nr < 0 {
                continue;
            }
            if let Some(c) = desc.grid_cell(nf as u8, nr as u8) {
                out.push(c);
            }
        }
    }
    out
}

/// The Fort shown now: the picked one, else the hovered one.
pub fn focused_fort(
    m: &ActiveMatch,
    sel: &GridSelection,
    hover: &GridHover,
) -> Option<(Cell, Option<game_api::Player>)> {
    let pieces = m.game.pieces(m.viewer());
    let fort_at = |c: Cell| {
        pieces
            .iter()
            .find(|p| p.cell == c && p.kind == FORT)
            .map(|p| (c, p.owner))
    };
    let picked = match &sel.0 {
        Some(Pick::Cell(c)) => fort_at(*c),
        _ => None,
    };
    picked.or_else(|| hover.0.and_then(fort_at))
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
                    .or_eager(resource_changed::<GridView>),
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
    old: Query<Entity, With<FortRing>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some((fort, owner)) = focused_fort(&m, &sel, &hover) else {
        return;
    };
    let desc = m.game.board();
    let colour = crate::host::grid::view::zone_colour(&m.colours, owner);
    for c in ring(&desc, fort) {
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
