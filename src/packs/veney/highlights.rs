//! Highlights: what the selected piece can do, each action marked by its kind — a dot for a
//! move, a ring for a fend, a cross for a take, a diamond for a special, a square for a
//! stepping stone, a pentagon for a throw — plus the selected square and the last turn's
//! squares.
//! `Highlights` is computed from the rules crate's legal actions (headless-testable); the view
//! system draws it.
use super::board::square_center;
use super::game::{CurrentGame, Selected, Selection, actions_from, target};
use crate::host::Screen;
use crate::host::palette::*;
use bevy::prelude::*;
use veney_rules::{Action, Effect, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Move,
    StepStone,
    Fend,
    Take,
    Special,
    Throw,
}

impl Mark {
    pub fn of(action: &Action) -> Mark {
        match action {
            Action::Move(m) => match m.effect {
                Effect::Quiet => Mark::Move,
                Effect::StepStone | Effect::FreeStepStone => Mark::StepStone,
                Effect::Fend(_) | Effect::FendFree | Effect::EnPassant(_) => Mark::Fend,
                Effect::Take(_)
                | Effect::Checkmate
                | Effect::Disarm(_)
                | Effect::DisarmCaptured(_)
                | Effect::Negate(_) => Mark::Take,
                Effect::Swap(_)
                | Effect::ShadowStab(_)
                | Effect::Capture(_)
                | Effect::Cavazione(_)
                | Effect::Opposition(..)
                | Effect::Deflect(..)
                // The Self onto its concert partner, lifting it (R-CONCERT).
                | Effect::Lift(_) => Mark::Special,
            },
            Action::Throw { .. } => Mark::Throw,
            _ => Mark::Move,
        }
    }
}

/// The marks to draw: (square, mark) for each action of the selection, sorted.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Highlights {
    pub selected: Option<Square>,
    pub targets: Vec<(Square, Mark)>,
    /// Squares the last turn moved from or to.
    pub last_turn: Vec<Square>,
    /// The squares of the hinted action, while its position is on the board.
    pub hint: Vec<Square>,
    /// With nothing picked up after the turn's first move, the pieces that may make the second
    /// (a concert partner after the Self's move, §2.0.02; README: "after the first, the legal
    /// second moves are marked"; a review found nothing marked after `SY3`).
    pub movable: Vec<Square>,
}

/// What the player sees and toggles.
#[derive(Resource, Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct HighlightSettings {
    pub legal_moves: bool,
    pub last_turn: bool,
}

impl Default for HighlightSettings {
    fn default() -> Self {
        HighlightSettings {
            legal_moves: true,
            last_turn: true,
        }
    }
}

#[derive(Component)]
pub struct HighlightMark;

pub(super) fn plugin(app: &mut App) {
    // Kept between runs (`host::kept_settings`).
    crate::host::kept_settings::keep::<HighlightSettings>(app, "veney-highlights");
    app.init_resource::<Highlights>()
        .init_resource::<HighlightSettings>()
        .add_systems(
            Update,
            compute
                .after(super::game::GameSet)
                .run_if(
                    resource_changed::<CurrentGame>
                        .or_eager(resource_changed::<Selection>)
                        .or_eager(resource_changed::<super::computer::VeneyHint>)
                        .or_eager(resource_changed::<super::game::Viewing>),
                )
                .in_set(super::VeneySystems),
        );
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.run_if(resource_changed::<Highlights>.or_eager(resource_changed::<HighlightSettings>))
            .in_set(super::VeneySystems),
    );
}

/// Each Donkey that stands on another square in `after` than in `before` (§2.0.23: its throw
/// moves it), from where to where.
pub fn donkey_steps(
    before: &veney_rules::Position,
    after: &veney_rules::Position,
) -> Vec<(Square, Square)> {
    veney_rules::Side::ALL
        .into_iter()
        .filter_map(|s| match (before.donkey(s), after.donkey(s)) {
            (Some(from), Some(to)) if from != to => Some((from, to)),
            _ => None,
        })
        .collect()
}

/// The squares an action moves from and to (or places on, throws from and at, declares or
/// strikes from and at); none for one with no square (a pass, a meta-move, a roll).
fn squares_of(a: &Action) -> Vec<Square> {
    match *a {
        Action::Move(m) => vec![m.from, m.to],
        Action::Throw { from, target, .. } => vec![from, target],
        Action::Declare { from, to, .. } | Action::Enact { from, to, .. } => vec![from, to],
        // A repositioning moves a piece too: from where it stood (a review found only its
        // landing marked).
        Action::Reposition { from, to, .. } => vec![from, to],
        Action::Place { to, .. } | Action::EnterFree { to } | Action::PlaceDonkey { to } => {
            vec![to]
        }
        // Where a cast piece landed (none when it left the board).
        Action::Land(l) => l.at.into_iter().collect(),
        Action::Withdraw { from, .. } | Action::Glare { from } | Action::Invoke { at: from } => {
            vec![from]
        }
        Action::Cast { from, .. } => from.into_iter().collect(),
        _ => Vec::new(),
    }
}

fn compute(
    game: Res<CurrentGame>,
    sel: Res<Selection>,
    hint: Res<super::computer::VeneyHint>,
    viewing: Res<super::game::Viewing>,
    mut hl: ResMut<Highlights>,
) {
    // An earlier position of the move list: the live game's marks (its last turn, the hint,
    // what the selection could do) are not drawn over it (a review found them there).
    if viewing.0.is_some() {
        if *hl != Highlights::default() {
            *hl = Highlights::default();
        }
        return;
    }
    let mut targets: Vec<(Square, Mark)> = match sel.0 {
        Some(s) => actions_from(&game.0, s)
            .iter()
            .flat_map(|a| {
                // A lunge over the concert partner lifts it as surely as a step onto it: the
                // Self's special — instead of a plain move's mark, beside a fend's or a
                // stepping stone's (R-CONCERT; a review found those lunges unmarked).
                let Some(t) = target(a) else {
                    return Vec::new();
                };
                let mark = Mark::of(a);
                if veney_rules::special::concert::lifts(&game.0.rules, game.0.position(), a) {
                    if mark == Mark::Move {
                        vec![(t, Mark::Special)]
                    } else {
                        vec![(t, mark), (t, Mark::Special)]
                    }
                } else {
                    vec![(t, mark)]
                }
            })
            .collect(),
        None => Vec::new(),
    };
    // A declared intention's strike (§2.0.11) is clicked from its blade onto its target: that
    // square is marked as the blade's special (a review found the strike unmarked, offered
    // only as a button).
    if let Some(Selected::Board(blade)) = sel.0 {
        for a in game.0.legal_actions() {
            if let Action::Enact { from, to, .. } = a
                && from == blade
            {
                targets.push((to, Mark::Special));
            }
        }
    }
    targets.sort_by_key(|(s, m)| (s.index(), *m as u8));
    targets.dedup();
    let mut last_turn = Vec::new();
    let history: Vec<_> = game.0.actions().collect();
    for (i, (before, a)) in history.iter().enumerate().rev() {
        last_turn.extend(squares_of(a));
        // The Donkey's throw moves it (§2.0.23): where it stood and where it went are marked.
        if matches!(a, Action::Donkey(_)) {
            let after = history.get(i + 1).map_or(game.0.position(), |(p, _)| p);
            last_turn.extend(
                donkey_steps(before, after)
                    .into_iter()
                    .flat_map(|(f, t)| [f, t]),
            );
        }
        if before.at_turn_start() {
            break;
        }
    }
    let second = matches!(
        game.0.position().phase(),
        veney_rules::Phase::Second { .. }
            | veney_rules::Phase::Reclaim { .. }
            // Hirakamae's second move, "by that piece or another" (§2.0.15; a review found
            // nothing marked there).
            | veney_rules::Phase::Hirakamae { .. }
    );
    // Every piece on the board with an action: a move, or its intention's strike or a cast
    // from the board (a review found a partner whose only concert action was one of those left
    // unframed); not the free engagement.
    // Also while the piece that landed on a stepping stone stays picked up for its second move:
    // the others that may move then are framed too (a review found the Self's concert partners
    // unframed after `SY5`).
    let stone_piece_picked = match (sel.0, game.0.position().phase()) {
        (
            Some(Selected::Board(sq)),
            veney_rules::Phase::Second { stone, .. }
            | veney_rules::Phase::Reclaim { stone, .. }
            | veney_rules::Phase::Hirakamae { stone, .. },
        ) => stone == Some(sq),
        _ => false,
    };
    let mut movable: Vec<Square> = if (sel.0.is_none() || stone_piece_picked) && second {
        let picked = match sel.0 {
            Some(Selected::Board(sq)) => Some(sq),
            _ => None,
        };
        game.0
            .legal_actions()
            .iter()
            .filter_map(|a| match a {
                Action::Move(m) if m.mover == veney_rules::Mover::Free => None,
                _ => a.piece_square(),
            })
            .filter(|sq| Some(*sq) != picked)
            .collect()
    } else {
        Vec::new()
    };
    movable.sort_by_key(|s| s.index());
    movable.dedup();
    let new = Highlights {
        movable,
        selected: match sel.0 {
            Some(Selected::Board(sq)) => Some(sq),
            _ => None,
        },
        targets,
        last_turn,
        hint: match (&hint.0, &hint.1) {
            (Some((_, at)), Some(a)) if *at == super::computer::search_key(&game.0) => {
                squares_of(a)
            }
            _ => Vec::new(),
        },
    };
    if *hl != new {
        *hl = new;
    }
}

fn draw(
    mut commands: Commands,
    hl: Res<Highlights>,
    settings: Res<HighlightSettings>,
    old: Query<Entity, With<HighlightMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut spawn = |mesh: Mesh, colour: Color, at: Vec2, z: f32, rot: f32| {
        commands.spawn((
            DespawnOnExit(Screen::Veney),
            HighlightMark,
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(materials.add(colour)),
            Transform::from_translation(at.extend(z)).with_rotation(Quat::from_rotation_z(rot)),
        ));
    };
    if settings.last_turn {
        for &sq in &hl.last_turn {
            spawn(
                Rectangle::new(SQUARE, SQUARE).into(),
                LAST_TURN,
                square_center(sq),
                0.5,
                0.0,
            );
        }
    }
    // The pieces that may make the second move: a frame in the move marks' colour.
    if settings.legal_moves {
        for &sq in &hl.movable {
            let c = square_center(sq);
            let (w, t) = (SQUARE * 0.92, SQUARE * 0.08);
            for (d, size) in [
                (Vec2::new(0.0, (w - t) / 2.0), Vec2::new(w, t)),
                (Vec2::new(0.0, -(w - t) / 2.0), Vec2::new(w, t)),
                (Vec2::new((w - t) / 2.0, 0.0), Vec2::new(t, w)),
                (Vec2::new(-(w - t) / 2.0, 0.0), Vec2::new(t, w)),
            ] {
                spawn(
                    Rectangle::new(size.x, size.y).into(),
                    MARK_MOVE,
                    c + d,
                    0.6,
                    0.0,
                );
            }
        }
    }
    if let Some(sq) = hl.selected {
        spawn(
            Rectangle::new(SQUARE, SQUARE).into(),
            SELECTED,
            square_center(sq),
            0.6,
            0.0,
        );
    }
    // The hint: a frame round each of its squares.
    for &sq in &hl.hint {
        let c = square_center(sq);
        let (w, t) = (SQUARE * 0.96, SQUARE * 0.07);
        for (d, size) in [
            (Vec2::new(0.0, (w - t) / 2.0), Vec2::new(w, t)),
            (Vec2::new(0.0, -(w - t) / 2.0), Vec2::new(w, t)),
            (Vec2::new((w - t) / 2.0, 0.0), Vec2::new(t, w)),
            (Vec2::new(-(w - t) / 2.0, 0.0), Vec2::new(t, w)),
        ] {
            spawn(Rectangle::new(size.x, size.y).into(), HINT, c + d, 5.5, 0.0);
        }
    }
    if !settings.legal_moves {
        return;
    }
    for &(sq, mark) in &hl.targets {
        let c = square_center(sq);
        match mark {
            Mark::Move => spawn(Circle::new(SQUARE * 0.12).into(), MARK_MOVE, c, 5.0, 0.0),
            // A square outline, apart from the fend's ring (a review found the two blue rings
            // told apart by their size alone).
            Mark::StepStone => {
                let (half, bar) = (SQUARE * 0.30, SQUARE * 0.07);
                for (d, w, h) in [
                    (Vec2::new(0.0, half), 2.0 * half + bar, bar),
                    (Vec2::new(0.0, -half), 2.0 * half + bar, bar),
                    (Vec2::new(half, 0.0), bar, 2.0 * half),
                    (Vec2::new(-half, 0.0), bar, 2.0 * half),
                ] {
                    spawn(Rectangle::new(w, h).into(), MARK_STONE, c + d, 5.0, 0.0);
                }
            }
            Mark::Fend => spawn(
                Annulus::new(SQUARE * 0.40, SQUARE * 0.47).into(),
                MARK_FEND,
                c,
                5.0,
                0.0,
            ),
            Mark::Take => {
                for r in [0.785f32, -0.785] {
                    spawn(
                        Rectangle::new(SQUARE * 0.9, SQUARE * 0.1).into(),
                        MARK_TAKE,
                        c,
                        5.0,
                        r,
                    );
                }
            }
            Mark::Special => spawn(
                Rhombus::new(SQUARE * 0.36, SQUARE * 0.36).into(),
                MARK_SPECIAL,
                c + Vec2::new(SQUARE * 0.3, SQUARE * 0.3),
                5.0,
                0.0,
            ),
            Mark::Throw => spawn(
                RegularPolygon::new(SQUARE * 0.2, 5).into(),
                MARK_THROW,
                c + Vec2::new(SQUARE * 0.3, SQUARE * 0.3),
                5.0,
                0.0,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::squares_of;
    use veney_rules::{Action, Square};

    /// The last turn's marks: a repositioning from where the piece stood to where it went, and a
    /// cast piece where it landed (§2.0.08, §2.0.18; a review found both left out).
    #[test]
    fn a_repositioning_and_a_landing_mark_their_squares() {
        let sq = |s: &str| Square::parse(s).unwrap();
        let r = veney_rules::Rules::standard();
        let sword = r.set(veney_rules::Side::White).by_name("Sword").unwrap();
        assert_eq!(
            squares_of(&Action::Reposition {
                kind: sword,
                from: sq("X4"),
                to: sq("W2"),
            }),
            vec![sq("X4"), sq("W2")]
        );
        let landed = veney_rules::Landing {
            at: Some(sq("Y7")),
            x: 0,
            y: 0,
        };
        assert_eq!(squares_of(&Action::Land(landed)), vec![sq("Y7")]);
    }
}
