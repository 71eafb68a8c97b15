//! Teaching overlays: the selected piece's range-constraint zone (§2.0.01: judged from its own
//! Self, the Sword's engagement steps included), optionally every armament's zone, the Balance's
//! controlled measure and the Jutsu's presence (§2.0.07, §2.0.11), and the Dagger-throw lines
//! with their odds (§2.0.08). Everything is read from the rules crate.
use super::board::square_center;
use super::game::{CurrentGame, Selected, Selection};
use crate::host::Screen;
use crate::host::palette::*;
use bevy::prelude::*;
use veney_rules::special::{control, dagger_throw, presence};
use veney_rules::{Bitboard, Side};

#[derive(Resource, Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct OverlaySettings {
    pub selected_zone: bool,
    pub all_zones: bool,
    pub aspects: bool,
    pub throw_lines: bool,
    /// "Threat": a piece with checkmate privilege that could take the opposing Self next turn.
    pub threats: bool,
    /// The hovered piece's movement pattern on an empty board.
    pub patterns: bool,
}

impl Default for OverlaySettings {
    fn default() -> Self {
        OverlaySettings {
            selected_zone: true,
            all_zones: false,
            aspects: true,
            throw_lines: true,
            threats: true,
            patterns: true,
        }
    }
}

#[derive(Component)]
struct OverlayMark;

pub(super) fn plugin(app: &mut App) {
    // Kept between runs (`host::kept_settings`).
    crate::host::kept_settings::keep::<OverlaySettings>(app, "veney-overlays");
    app.init_resource::<OverlaySettings>().add_systems(
        Update,
        draw.after(super::game::GameSet)
            .run_if(
                resource_changed::<CurrentGame>
                    .or_eager(resource_changed::<Selection>)
                    .or_eager(resource_changed::<OverlaySettings>)
                    .or_eager(resource_changed::<super::setup_screen::SetupSession>)
                    .or_eager(resource_changed::<super::input::Hover>)
                    .or_eager(resource_changed::<super::input::TrayHover>)
                    .or_eager(resource_changed::<super::game::Viewing>),
            )
            .in_set(super::VeneySystems),
    );
}

fn draw(
    mut commands: Commands,
    game: Res<CurrentGame>,
    sel: Res<Selection>,
    settings: Res<OverlaySettings>,
    setup: Res<super::setup_screen::SetupSession>,
    pieces: Query<(&super::game::PieceView, &super::game::RangeConstraint)>,
    patterns: Query<(&super::game::PieceView, &super::game::Movement)>,
    hover: Res<super::input::Hover>,
    tray_hover: Res<super::input::TrayHover>,
    viewing: Res<super::game::Viewing>,
    old: Query<Entity, With<OverlayMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    // The overlays read the live game (its threats, throws, zones): none over an earlier
    // position of the move list (a review found the live game's drawn over it).
    if viewing.0.is_some() {
        return;
    }
    let rules = &game.0.rules;
    let pos = game.0.position();
    let square_mesh = meshes.add(Rectangle::new(SQUARE - 6.0, SQUARE - 6.0));
    let mut tint = |board: Bitboard, colour: Color, z: f32| {
        let m = materials.add(colour);
        for sq in board {
            commands.spawn((
                DespawnOnExit(Screen::Veney),
                OverlayMark,
                Mesh2d(square_mesh.clone()),
                MeshMaterial2d(m.clone()),
                Transform::from_translation(square_center(sq).extend(z)),
            ));
        }
    };
    let side = pos.turn();
    // Where the piece being set up may stand (§2.0.19).
    if let Some(s) = &setup.0 {
        let mut allowed = Bitboard::EMPTY;
        for sq in s.allowed() {
            allowed.set(sq);
        }
        tint(allowed, ZONE_ENGAGEMENT, 0.7);
        return;
    }
    // The movement pattern of the hovered piece while nothing is selected: where its primitives
    // reach on an empty board (a teaching aid; the legal moves are the highlights).
    if settings.patterns
        && sel.0.is_none()
        && let Some(h) = hover.0
    {
        for (v, m) in &patterns {
            if v.square == h {
                tint(m.0, PATTERN, 0.3);
            }
        }
    }
    // Where a reserve piece may be placed (§2.0.13; the floating Ruin anywhere in its range,
    // §2.0.12) while one is picked up or a tray piece is hovered: the squares of the legal
    // placements for the side to move, the rules crate's placement squares for the other side.
    // The withdrawal area (your own half, §2.0.13) while a piece that may be withdrawn is
    // selected.
    if settings.selected_zone {
        let reserve = match sel.0 {
            Some(Selected::Reserve(k)) => Some((side, k)),
            None => tray_hover.0,
            _ => None,
        };
        if let Some((s, k)) = reserve {
            tint(placement_area(&game.0, s, k), ZONE_ENGAGEMENT, 0.6);
        }
        if let Some(Selected::Board(sq)) = sel.0
            && game
                .0
                .legal_actions()
                .iter()
                .any(|a| matches!(a, veney_rules::Action::Withdraw { from, .. } if *from == sq))
        {
            // Its own colour: purple means Control or Presence (a review found the half
            // painted as if barred).
            tint(veney_rules::measure::own_side(side), WITHDRAWAL, 0.35);
        }
    }
    if settings.selected_zone
        && let Some(Selected::Board(sq)) = sel.0
        && let Some(zone) = selected_zone(&game.0, sq)
    {
        tint(zone, ZONE, 0.7);
    }
    if settings.all_zones {
        // Each constrained piece of the side to move, read from its entity's `RangeConstraint`
        // (mirrored from its RON definition); the zone is the rules crate's formula.
        let mut seen: Vec<veney_rules::Kind> = Vec::new();
        for (v, c) in &pieces {
            if v.side != side || seen.contains(&v.kind) {
                continue;
            }
            if let Some(c) = &c.0 {
                seen.push(v.kind);
                tint(
                    veney_rules::constraint::zone(rules, pos, side, c),
                    ZONE_ENGAGEMENT,
                    0.65,
                );
            }
        }
    }
    if settings.aspects {
        for s in Side::ALL {
            tint(control::controlled(rules, pos, s), ASPECT, 0.4);
            tint(presence::barred(rules, pos, s), ASPECT, 0.4);
        }
    }
    // Cast-squares (§2.0.18): Fire Dance orange, Obscurant Chaos violet (while unspent), Shima red.
    {
        use veney_rules::special::cast_piece::Device;
        let ring = meshes.add(Annulus::new(SQUARE * 0.42, SQUARE * 0.48));
        // Whose square it is, by a dot of the owner's colour on the ring (a review found both
        // sides' rings alike, though only the caster's pieces dance and only the opponent's
        // technical pieces spring a trap).
        let dot_rim = meshes.add(Circle::new(SQUARE * 0.1));
        let dot = meshes.add(Circle::new(SQUARE * 0.07));
        for s in Side::ALL {
            let owner = if s == Side::White {
                Color::srgb_u8(250, 248, 242)
            } else {
                Color::srgb_u8(45, 45, 48)
            };
            for (d, colour) in [
                (Device::FireDance, MARK_THROW),
                (Device::ObscurantChaos, MARK_SPECIAL),
                (Device::Shima, MARK_TAKE),
            ] {
                let squares = match d {
                    Device::ObscurantChaos => pos.chaos_traps(s),
                    _ => pos.cast_squares_of(s, d),
                };
                for sq in squares {
                    commands.spawn((
                        DespawnOnExit(Screen::Veney),
                        OverlayMark,
                        Mesh2d(ring.clone()),
                        MeshMaterial2d(materials.add(colour)),
                        Transform::from_translation(square_center(sq).extend(4.5)),
                    ));
                    let at = square_center(sq) + Vec2::splat(SQUARE * 0.32);
                    for (mesh, c, z) in [(&dot_rim, colour, 4.6), (&dot, owner, 4.7)] {
                        commands.spawn((
                            DespawnOnExit(Screen::Veney),
                            OverlayMark,
                            Mesh2d(mesh.clone()),
                            MeshMaterial2d(materials.add(c)),
                            Transform::from_translation(at.extend(z)),
                        ));
                    }
                }
            }
        }
    }
    // Threats: a line from each piece with checkmate privilege that attacks the opposing Self's
    // square within its range constraint (it could take it next turn), as the rules crate lists
    // them.
    {
        for (a, b) in threat_lines(rules, pos, &settings) {
            let d = b - a;
            commands.spawn((
                DespawnOnExit(Screen::Veney),
                OverlayMark,
                Mesh2d(meshes.add(Rectangle::new(d.length(), 2.0))),
                MeshMaterial2d(materials.add(MARK_TAKE.with_alpha(0.75))),
                Transform::from_translation(((a + b) / 2.0).extend(4.2))
                    .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
            ));
        }
    }
    if settings.throw_lines && !pos.is_game_over() {
        let mut throws = Vec::new();
        dagger_throw::all_throws_for_view(rules, pos, &mut throws);
        let n = dagger_throw::sticks(rules, pos, side).unwrap_or(5);
        let (num, den) = rules.options.dice.hit_odds(n);
        for (from, target) in throws {
            let a = square_center(from);
            let b = square_center(target);
            let mid = (a + b) / 2.0;
            let d = b - a;
            commands.spawn((
                DespawnOnExit(Screen::Veney),
                OverlayMark,
                Mesh2d(meshes.add(Rectangle::new(d.length(), 3.0))),
                MeshMaterial2d(materials.add(MARK_THROW)),
                Transform::from_translation(mid.extend(4.0))
                    .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
            ));
            commands.spawn((
                DespawnOnExit(Screen::Veney),
                OverlayMark,
                Text2d::new(format!("throw {num}/{den}")),
                TextFont::default().with_font_size(14.0),
                TextColor(MARK_THROW),
                Transform::from_translation((mid + Vec2::new(18.0, 0.0)).extend(8.0)),
            ));
        }
    }
}

/// The threat lines the overlay draws, world position to world position: one from each piece
/// that could take the opposing Self next turn (`veney_rules::threats`), when the overlay is on
/// and the game goes on.
pub fn threat_lines(
    rules: &veney_rules::Rules,
    pos: &veney_rules::Position,
    settings: &OverlaySettings,
) -> Vec<(Vec2, Vec2)> {
    if !settings.threats || pos.is_game_over() {
        return Vec::new();
    }
    veney_rules::threats(rules, pos)
        .into_iter()
        .map(|(from, to)| (square_center(from), square_center(to)))
        .collect()
}

/// The squares `side` may place a reserve piece of kind `k` on: the targets of the legal
/// `Action::Place` actions when it is `side`'s turn, else the rules crate's placement squares
/// for `side` (what it could place on at its next turn as the board stands).
/// The range zone drawn for what a board selection on `sq` picks up (`picked_piece`), when it
/// has a range constraint: the rules crate's zone, and for a flailing Lantern also the measure
/// beyond its Self's that it may swing to (§2.0.10, the rules' flail destinations).
pub fn selected_zone(game: &veney_rules::Game, sq: veney_rules::Square) -> Option<Bitboard> {
    let (rules, pos) = (&game.rules, game.position());
    let (s, k) = super::game::picked_piece(pos, sq)?;
    rules.info(s, k).constraint?;
    let mut zone = veney_rules::constraint::zone_of(rules, pos, s, k);
    if veney_rules::special::flail::flailing(rules, pos, s, k, sq) {
        zone |= veney_rules::special::flail::destinations(rules, pos, s, sq);
    }
    Some(zone)
}

pub fn placement_area(game: &veney_rules::Game, side: Side, k: veney_rules::Kind) -> Bitboard {
    let pos = game.position();
    if pos.turn() == side {
        let mut b = Bitboard::EMPTY;
        for a in game.legal_actions() {
            if let veney_rules::Action::Place { kind, to, .. } = a
                && kind == k
            {
                b.set(to);
            }
        }
        b
    } else {
        veney_rules::placement_squares(&game.rules, pos, side, k)
    }
}
