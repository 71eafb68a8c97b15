//! Drawing a grid match: cells in the game's colours, file and rank labels, each zone as a tinted
//! outline in its owner's colour, pieces as discs with their kind's letter (owner's colour;
//! neutral pieces in a third), each player's tray of pieces off the board beside their edge, and
//! the highlights. Everything is rebuilt when the match, the pick or the flip changes (a 9 × 9
//! board is a few hundred entities), each entity scoped to the match's screen.
use super::{
    ActiveMatch, GridHighlights, GridReview, GridSelection, GridSystems, GridView, Mark, Pick,
};
use crate::host::palette::*;
use bevy::prelude::*;
use game_api::{BoardDesc, Cell, Player, Reach, ReserveView, Shape};

/// Side of one cell in world units.
pub const CELL: f32 = 50.0;

pub const FIRST_PLAYER: Color = Color::srgb(0.95, 0.93, 0.86);
pub const FIRST_PLAYER_TEXT: Color = Color::srgb(0.15, 0.13, 0.12);
pub const SECOND_PLAYER: Color = Color::srgb(0.62, 0.13, 0.12);
pub const SECOND_PLAYER_TEXT: Color = Color::srgb(0.98, 0.93, 0.85);
pub const NEUTRAL: Color = Color::srgb(0.45, 0.40, 0.62);
pub const NEUTRAL_TEXT: Color = Color::srgb(0.98, 0.96, 0.70);

/// An entity of the grid view (despawned at every rebuild).
#[derive(Component)]
pub struct GridDrawn;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keep_awake
            .run_if(
                super::match_changed
                    .or_eager(resource_changed::<GridHighlights>)
                    .or_eager(resource_changed::<super::GridPackMarks>),
            )
            .in_set(GridSystems),
    )
    .add_systems(
        Update,
        place_camera
            .before(draw)
            .after(super::GridGameSet)
            .in_set(GridSystems),
    )
    .add_systems(
        Update,
        draw.run_if(
            super::match_changed
                .or_eager(resource_changed::<GridView>)
                .or_eager(resource_changed::<GridHighlights>)
                .or_eager(resource_changed::<GridSelection>)
                .or_eager(resource_changed::<GridReview>)
                .or_eager(resource_changed::<super::GridPackMarks>)
                .or_eager(resource_changed::<State<crate::host::Screen>>),
        )
        .after(super::GridGameSet)
        .in_set(GridSystems),
    );
}

/// A change of the match keeps the redraw gate open (a script, a load, a test's intent).
fn keep_awake(mut wake: ResMut<crate::host::Wake>) {
    wake.set_changed();
}

/// Logical pixels kept free below the board, for a game's own window there (Kelasu's merge
/// builder), and above it (the game's own bar, when the board is fitted between): the board
/// fits between, so none of its cells lies under the window, whose clicks never reach the board
/// (a review found rank J under the builder on a window 800 px tall).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct BoardReserve {
    pub top: f32,
    pub bottom: f32,
}

/// The board sits left of the side panel, as large as it is drawn (50 px a cell) when it fits
/// there and scaled down to fit when it does not: a narrow window, or large type (companion
/// mode), whose wider side panel would otherwise cover part of the board. Another screen may
/// have moved or turned the camera.
fn place_camera(
    mut camera: Query<(&mut Transform, &mut Projection), With<crate::host::BoardCamera>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    zoom: Res<crate::host::UiZoom>,
    m: Res<super::ActiveMatch>,
    reserve: Res<BoardReserve>,
) {
    let (w, h) = window
        .iter()
        .next()
        .map(|w| (w.width(), w.height()))
        .unwrap_or((960.0, 940.0));
    let desc = m.game.board();
    let (files, ranks) = dims(&desc);
    let (x, y, scale) = fit_above(
        (files as f32 * CELL, ranks as f32 * CELL),
        (w, h),
        super::panel::PANEL_WIDTH * zoom.0,
        *reserve,
    );
    for (mut t, mut p) in &mut camera {
        let want = Transform::from_xyz(x, y, 0.0);
        if *t != want {
            *t = want;
        }
        if matches!(&*p, Projection::Orthographic(o) if o.scale != scale)
            && let Projection::Orthographic(o) = &mut *p
        {
            o.scale = scale;
        }
    }
}

/// How far beyond the board's edge a tray's pieces stand (their centres).
const TRAY_Y: f32 = 40.0 + CELL / 2.0;

/// How far beyond the board's edge a tray's caption stands (its centre; 14 px type).
const CAPTION_Y: f32 = 40.0 + CELL + 12.0;

/// Room kept around the board for its labels and the players' trays with their captions (a
/// review found the captions, outside the room once kept, off a window shorter than about
/// 670 pixels).
const MARGIN: (f32, f32) = (30.0, CAPTION_Y + 12.0);

/// The camera's x and scale that show a board of `size` (world units) centred in the part of
/// a `window` (logical pixels) left of a side panel `panel` pixels wide: scale 1 when it fits,
/// more (smaller on screen) when it does not.
pub fn fit(size: (f32, f32), window: (f32, f32), panel: f32) -> (f32, f32) {
    let free = (window.0 - panel).max(120.0);
    let scale = ((size.0 + 2.0 * MARGIN.0) / free)
        .max((size.1 + 2.0 * MARGIN.1) / window.1.max(120.0))
        .max(1.0);
    // World x = 0 (the board's centre) shows at the free part's centre.
    (scale * panel / 2.0, scale)
}

/// `fit` in the height left between the room kept above and below the board (at most a quarter
/// and half the window): the camera's x, y and scale, the board's centre shown at the centre of
/// that height.
pub fn fit_above(
    size: (f32, f32),
    window: (f32, f32),
    panel: f32,
    room: BoardReserve,
) -> (f32, f32, f32) {
    let bottom = room.bottom.clamp(0.0, window.1 / 2.0);
    let top = room.top.clamp(0.0, window.1 / 4.0);
    let (x, scale) = fit(size, (window.0, window.1 - bottom - top), panel);
    (x, scale * (top - bottom) / 2.0, scale)
}

/// Files and ranks of a grid board (0 × 0 for another shape).
pub fn dims(desc: &BoardDesc) -> (u8, u8) {
    match desc.shape {
        Shape::Grid { files, ranks, .. } => (files, ranks),
        _ => (0, 0),
    }
}

/// The world position of a cell's centre.
pub fn cell_center(desc: &BoardDesc, view: GridView, c: Cell) -> Vec2 {
    let (files, ranks) = dims(desc);
    let (f, r) = desc.file_rank(c).unwrap_or((0, 0));
    let r = if desc.first_rank_at_top {
        ranks - 1 - r
    } else {
        r
    };
    let (f, r) = if view.flipped {
        (files - 1 - f, ranks - 1 - r)
    } else {
        (f, r)
    };
    Vec2::new(
        (f as f32 - (files as f32 - 1.0) / 2.0) * CELL,
        (r as f32 - (ranks as f32 - 1.0) / 2.0) * CELL,
    )
}

/// The cell at a world position, if one is there.
pub fn cell_at(desc: &BoardDesc, view: GridView, p: Vec2) -> Option<Cell> {
    let (files, ranks) = dims(desc);
    let f = (p.x / CELL + files as f32 / 2.0).floor();
    let r = (p.y / CELL + ranks as f32 / 2.0).floor();
    if f < 0.0 || r < 0.0 || f >= files as f32 || r >= ranks as f32 {
        return None;
    }
    let (f, r) = (f as u8, r as u8);
    let (f, r) = if view.flipped {
        (files - 1 - f, ranks - 1 - r)
    } else {
        (f, r)
    };
    let r = if desc.first_rank_at_top {
        ranks - 1 - r
    } else {
        r
    };
    let c = desc.grid_cell(f, r)?;
    match &desc.shape {
        Shape::Grid { holes, .. } if holes.contains(&c) => None,
        _ => Some(c),
    }
}

/// One entry of a tray as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct TraySlot {
    pub center: Vec2,
    pub owner: Player,
    pub code: String,
    pub name: String,
    pub count: u32,
}

/// Where each tray entry is drawn: a player's tray runs along their own edge of the board.
pub fn tray_slots(desc: &BoardDesc, view: GridView, reserves: &[ReserveView]) -> Vec<TraySlot> {
    let (files, ranks) = dims(desc);
    let half_w = files as f32 * CELL / 2.0;
    let half_h = ranks as f32 * CELL / 2.0;
    let mut out = Vec::new();
    for r in reserves {
        let bottom = ((r.owner == Player::FIRST) != view.flipped) != desc.first_rank_at_top;
        let y = if bottom {
            -half_h - TRAY_Y
        } else {
            half_h + TRAY_Y
        };
        for (i, (code, name, count)) in r.entries.iter().enumerate() {
            out.push(TraySlot {
                center: Vec2::new(-half_w + CELL / 2.0 + i as f32 * (CELL + 12.0), y),
                owner: r.owner,
                code: code.clone(),
                name: name.clone(),
                count: *count,
            });
        }
    }
    out
}

/// The tray entry at a world position.
pub fn tray_at(slots: &[TraySlot], p: Vec2) -> Option<&TraySlot> {
    slots
        .iter()
        .find(|s| (s.center - p).abs().max_element() <= CELL / 2.0)
}

/// The default seat colours: light for the first player, dark red for the second.
pub const DEFAULT_COLOURS: [(Color, Color); 2] = [
    (FIRST_PLAYER, FIRST_PLAYER_TEXT),
    (SECOND_PLAYER, SECOND_PLAYER_TEXT),
];

/// A piece's fill and letter colours by owner (`None`: a neutral piece, in a third colour).
pub fn owner_colours(colours: &[(Color, Color); 2], owner: Option<Player>) -> (Color, Color) {
    match owner {
        Some(p) => colours[p.index().min(1)],
        None => (NEUTRAL, NEUTRAL_TEXT),
    }
}

/// A zone's outline colour: its owner's piece colour, or a neutral yellow.
pub fn zone_colour(colours: &[(Color, Color); 2], owner: Option<Player>) -> Color {
    match owner {
        Some(p) => colours[p.index().min(1)].0,
        None => Color::srgb(0.92, 0.80, 0.30),
    }
}

/// Spawns a piece disc with its letter at `at`.
pub fn spawn_piece(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    scope: crate::host::Screen,
    colours: (Color, Color),
    letter: &str,
    at: Vec2,
) {
    let (fill, text) = colours;
    commands.spawn((
        GridDrawn,
        DespawnOnExit(scope),
        Mesh2d(meshes.add(Circle::new(CELL * 0.40))),
        MeshMaterial2d(materials.add(text.with_alpha(0.85))),
        Transform::from_translation(at.extend(3.0)),
    ));
    commands.spawn((
        GridDrawn,
        DespawnOnExit(scope),
        Mesh2d(meshes.add(Circle::new(CELL * 0.36))),
        MeshMaterial2d(materials.add(fill)),
        Transform::from_translation(at.extend(3.1)),
    ));
    commands.spawn((
        GridDrawn,
        DespawnOnExit(scope),
        Text2d::new(letter.to_string()),
        TextFont::default().with_font_size(22.0),
        TextColor(text),
        Transform::from_translation(at.extend(3.2)),
    ));
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut commands: Commands,
    m: Res<ActiveMatch>,
    view: Res<GridView>,
    hl: Res<GridHighlights>,
    sel: Res<GridSelection>,
    review: Res<GridReview>,
    pack: Res<super::GridPackMarks>,
    old: Query<Entity, With<GridDrawn>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let scope = m.screen;
    let desc = m.game.board();
    let Shape::Grid {
        files,
        ranks,
        holes,
    } = &desc.shape
    else {
        return;
    };
    let view = *view;
    let at = |c: Cell| cell_center(&desc, view, c);
    // Cells.
    for (i, rgb) in desc.cell_colours.iter().enumerate() {
        let c = Cell(i as u16);
        if holes.contains(&c) {
            continue;
        }
        let colour = Color::srgb_u8(rgb[0], rgb[1], rgb[2]);
        commands.spawn((
            GridDrawn,
            DespawnOnExit(scope),
            Sprite::from_color(colour, Vec2::splat(CELL)),
            Transform::from_translation(at(c).extend(0.0)),
        ));
    }
    // Labels.
    let font = TextFont::default().with_font_size(17.0);
    let half_w = *files as f32 * CELL / 2.0;
    let half_h = *ranks as f32 * CELL / 2.0;
    // Each file's label above and below the board, each rank's left and right of it.
    let mut label_at = |text: &str, x: f32, y: f32| {
        commands.spawn((
            GridDrawn,
            DespawnOnExit(scope),
            Text2d::new(text.to_string()),
            font.clone(),
            TextColor(LABEL),
            Transform::from_xyz(x, y, 1.0),
        ));
    };
    for (f, label) in desc.file_labels.iter().enumerate().take(*files as usize) {
        if let Some(c) = desc.grid_cell(f as u8, 0) {
            for y in [-half_h - 14.0, half_h + 14.0] {
                label_at(label, at(c).x, y);
            }
        }
    }
    for (r, label) in desc.rank_labels.iter().enumerate().take(*ranks as usize) {
        if let Some(c) = desc.grid_cell(0, r as u8) {
            for x in [-half_w - 16.0, half_w + 16.0] {
                label_at(label, x, at(c).y);
            }
        }
    }
    // Zones: each an outline in its owner's colour along its boundary, inset by how deeply it
    // nests in other zones so a homeland inside a deployment area stays apart; corners meet.
    for (zi, z) in desc.zones.iter().enumerate() {
        let colour = zone_colour(&m.colours, z.owner).with_alpha(0.9);
        let depth = desc
            .zones
            .iter()
            .filter(|o| {
                o.cells.len() > z.cells.len() && z.cells.iter().all(|c| o.cells.contains(c))
            })
            .count();
        let inset = 3.0 + 6.0 * depth.min(3) as f32;
        let thick = 3.0;
        let sign = if view.flipped { -1.0 } else { 1.0 };
        let rank_sign = if desc.first_rank_at_top { -sign } else { sign };
        let inside = |f: i16, r: i16| {
            f >= 0
                && r >= 0
                && desc
                    .grid_cell(f as u8, r as u8)
                    .is_some_and(|n| z.cells.contains(&n))
        };
        for &c in &z.cells {
            let Some((f, r)) = desc.file_rank(c) else {
                continue;
            };
            let (f, r) = (f as i16, r as i16);
            for (df, dr) in [(-1i16, 0i16), (1, 0), (0, -1), (0, 1)] {
                if inside(f + df, r + dr) {
                    continue;
                }
                // Along the side, each end: stop short at a convex corner, run on at a
                // concave one, meet the neighbour's segment on a straight edge.
                let (pf, pr) = (dr, df);
                let end = |k: i16| {
                    if !inside(f + k * pf, r + k * pr) {
                        CELL / 2.0 - inset
                    } else if inside(f + k * pf + df, r + k * pr + dr) {
                        CELL / 2.0 + inset
                    } else {
                        CELL / 2.0
                    }
                };
                let (lo, hi) = (end(-1), end(1));
                let normal = Vec2::new(df as f32 * sign, dr as f32 * rank_sign);
                let along = Vec2::new(pf as f32 * sign, pr as f32 * rank_sign);
                let mid =
                    at(c) + normal * (CELL / 2.0 - inset - thick / 2.0) + along * (hi - lo) / 2.0;
                let length = hi + lo;
                let size = if along.x != 0.0 {
                    Vec2::new(length, thick)
                } else {
                    Vec2::new(thick, length)
                };
                commands.spawn((
                    GridDrawn,
                    DespawnOnExit(scope),
                    Sprite::from_color(colour, size),
                    Transform::from_translation(mid.extend(1.0 + zi as f32 * 0.01)),
                ));
            }
        }
    }
    // The last move, the pick and the targets.
    for &c in &hl.last {
        commands.spawn((
            GridDrawn,
            DespawnOnExit(scope),
            Sprite::from_color(LAST_TURN, Vec2::splat(CELL)),
            Transform::from_translation(at(c).extend(1.9)),
        ));
    }
    if let Some(c) = hl.selected {
        commands.spawn((
            GridDrawn,
            DespawnOnExit(scope),
            Sprite::from_color(SELECTED, Vec2::splat(CELL)),
            Transform::from_translation(at(c).extend(2.0)),
        ));
    }
    // The live position, or the one after a reviewed turn.
    let pieces = m.shown_pieces(&review);
    for p in &pieces {
        spawn_piece(
            &mut commands,
            &mut meshes,
            &mut materials,
            scope,
            owner_colours(&m.colours, p.owner),
            &p.kind,
            at(p.cell),
        );
    }
    let mut mark = |mesh: Mesh, colour: Color, c: Cell, z: f32| {
        commands.spawn((
            GridDrawn,
            DespawnOnExit(scope),
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(materials.add(colour)),
            Transform::from_translation(at(c).extend(z)),
        ));
    };
    // The rest of the picked piece's pattern, faint: what each square would allow.
    for &(c, reach) in &hl.pattern {
        match reach {
            Reach::MoveOnly => mark(Circle::new(CELL * 0.07).into(), PATTERN_MOVE, c, 3.9),
            Reach::MoveCapture => {
                mark(Circle::new(CELL * 0.07).into(), PATTERN_MOVE, c, 3.9);
                mark(
                    Annulus::new(CELL * 0.30, CELL * 0.33).into(),
                    PATTERN_MOVE,
                    c,
                    3.9,
                );
            }
            Reach::MustCapture => mark(
                Annulus::new(CELL * 0.30, CELL * 0.36).into(),
                PATTERN_TAKE,
                c,
                3.9,
            ),
        }
    }
    for &(c, m) in &hl.targets {
        match m {
            Mark::Move => mark(Circle::new(CELL * 0.13).into(), MARK_MOVE, c, 4.0),
            Mark::MoveOrTake => {
                mark(Circle::new(CELL * 0.13).into(), MARK_MOVE, c, 4.0);
                mark(
                    Annulus::new(CELL * 0.30, CELL * 0.34).into(),
                    MARK_MOVE,
                    c,
                    4.0,
                );
            }
            Mark::Capture => mark(
                Annulus::new(CELL * 0.40, CELL * 0.48).into(),
                MARK_TAKE,
                c,
                4.0,
            ),
        }
    }
    // A pack's marks: what it has gathered, and what it offers next.
    for &c in &pack.chosen {
        mark(Rectangle::new(CELL, CELL).into(), SELECTED, c, 2.0);
    }
    for &c in &pack.offered {
        for (size, off) in [
            (Vec2::new(CELL - 6.0, 4.0), Vec2::new(0.0, CELL / 2.0 - 5.0)),
            (
                Vec2::new(CELL - 6.0, 4.0),
                Vec2::new(0.0, -CELL / 2.0 + 5.0),
            ),
            (Vec2::new(4.0, CELL - 6.0), Vec2::new(CELL / 2.0 - 5.0, 0.0)),
            (
                Vec2::new(4.0, CELL - 6.0),
                Vec2::new(-CELL / 2.0 + 5.0, 0.0),
            ),
        ] {
            commands.spawn((
                GridDrawn,
                DespawnOnExit(scope),
                Sprite::from_color(MARK_OFFER, size),
                Transform::from_translation((at(c) + off).extend(4.1)),
            ));
        }
    }
    // Trays.
    let reserves = m.shown_reserves(&review);
    let slots = tray_slots(&desc, view, &reserves);
    for r in &reserves {
        let bottom = ((r.owner == Player::FIRST) != view.flipped) != desc.first_rank_at_top;
        let y = if bottom {
            -half_h - CAPTION_Y
        } else {
            half_h + CAPTION_Y
        };
        commands.spawn((
            GridDrawn,
            DespawnOnExit(scope),
            Text2d::new(if r.entries.is_empty() {
                format!("{}: {} (none)", m.game.player_name(r.owner), r.label)
            } else {
                format!("{}: {}", m.game.player_name(r.owner), r.label)
            }),
            TextFont::default().with_font_size(14.0),
            TextColor(LABEL),
            bevy::sprite::Anchor::CENTER_LEFT,
            Transform::from_xyz(-half_w, y, 1.0),
        ));
    }
    for s in &slots {
        let picked = matches!(&sel.0, Some(Pick::Reserve { owner, kind }) if *owner == s.owner && *kind == s.code);
        if picked {
            commands.spawn((
                GridDrawn,
                DespawnOnExit(scope),
                Sprite::from_color(SELECTED, Vec2::splat(CELL + 8.0)),
                Transform::from_translation(s.center.extend(2.0)),
            ));
        }
        spawn_piece(
            &mut commands,
            &mut meshes,
            &mut materials,
            scope,
            owner_colours(&m.colours, Some(s.owner)),
            &s.code,
            s.center,
        );
        commands.spawn((
            GridDrawn,
            DespawnOnExit(scope),
            Text2d::new(format!("{}", s.count)),
            TextFont::default().with_font_size(14.0),
            TextColor(LABEL),
            Transform::from_translation(
                (s.center + Vec2::new(CELL * 0.42, -CELL * 0.38)).extend(3.5),
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a world x shows in the window, for a camera at `cam_x` with `scale`.
    fn screen_x(world: f32, cam_x: f32, scale: f32, window_w: f32) -> f32 {
        (world - cam_x) / scale + window_w / 2.0
    }

    /// Issue 16, large type readable at 2 m: the board stays whole, left of the side panel, when
    /// the panel grows with the type (and is drawn at full size when it fits).
    #[test]
    fn the_board_fits_left_of_the_side_panel_in_any_type_size() {
        let board = (10.0 * CELL, 10.0 * CELL);
        let (x, s) = fit(board, (960.0, 940.0), 400.0);
        assert_eq!((x, s), (200.0, 1.0), "normal type: full size, as before");
        for (window, panel) in [((960.0, 940.0), 600.0), ((800.0, 600.0), 400.0)] {
            let (x, s) = fit(board, window, panel);
            assert!(s > 1.0, "{window:?}, panel {panel}: scaled down");
            let left = screen_x(-board.0 / 2.0 - MARGIN.0, x, s, window.0);
            let right = screen_x(board.0 / 2.0 + MARGIN.0, x, s, window.0);
            assert!(left >= -0.01, "{window:?}: left edge {left}");
            assert!(
                right <= window.0 - panel + 0.01,
                "{window:?}: right edge {right}"
            );
            let tall = (board.1 / 2.0 + MARGIN.1) / s;
            assert!(tall <= window.1 / 2.0 + 0.01, "{window:?}: height");
        }
    }

    /// Kelasu's merge builder keeps room below the board: the board and its trays fit above it
    /// on any window from 700 px tall (a review found rank J under the builder at 800 px).
    #[test]
    fn the_board_fits_above_the_room_kept_below_it() {
        let board = (10.0 * CELL, 10.0 * CELL);
        for height in [700.0, 768.0, 800.0, 940.0, 1200.0] {
            for zoom in [1.0, 1.5] {
                let room = BoardReserve {
                    top: 80.0 * zoom,
                    bottom: 175.0 * zoom,
                };
                let panel = 400.0 * zoom;
                let (_, y, s) = fit_above(board, (1280.0, height), panel, room);
                // A caption's far edge, from the window's top, on screen: world y shows at
                // height/2 - (world_y - y)/s.
                let edge = board.1 / 2.0 + CAPTION_Y + 7.0;
                let foot = height / 2.0 - (-edge - y) / s;
                assert!(
                    foot <= height - room.bottom.min(height / 2.0) + 0.01,
                    "{height} px, zoom {zoom}: the board's foot at {foot}"
                );
                let head = height / 2.0 - (edge - y) / s;
                assert!(
                    head >= room.top.min(height / 4.0) - 0.01,
                    "{height} px, zoom {zoom}: the board's head at {head}"
                );
            }
        }
        // No room kept: as before.
        assert_eq!(
            fit_above(board, (960.0, 940.0), 400.0, BoardReserve::default()),
            (200.0, 0.0, 1.0)
        );
    }

    /// The trays' captions (a player's name and what the tray holds) stay on a short window: a
    /// review found them off a window shorter than about 670 pixels, outside the room kept.
    #[test]
    fn the_tray_captions_stay_on_a_short_window() {
        for (files, ranks) in [(9u8, 9u8), (10, 10)] {
            let board = (files as f32 * CELL, ranks as f32 * CELL);
            for height in [560.0, 640.0, 700.0, 940.0] {
                let (_, s) = fit(board, (960.0, height), 400.0);
                // The caption's far edge (half its 14 px type beyond its centre) on screen.
                let caption = (board.1 / 2.0 + CAPTION_Y + 7.0) / s;
                assert!(
                    caption <= height / 2.0,
                    "{files}x{ranks} in {height} px: caption {caption} px from the centre"
                );
            }
        }
    }
}
