//! The stick-dice throw of the Dagger Throw (§2.0.08), animated: the sticks are thrown, tumble
//! and land showing the faces the rules crate's seeded generator drew (the animation only shows
//! them), then the result is announced — hit, distraction or miss. Die and guess rolls
//! (§2.0.R1) are announced the same way.
use super::game::{Played, Status};
use crate::host::Screen;
use crate::host::palette::*;
use bevy::prelude::*;
use veney_rules::dice::{Roll, Verdict};
use veney_rules::{Action, Side};

/// The last throw, for panels and tests.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct LastThrow(pub Option<(Side, Roll)>);

/// How long the sticks tumble before they land (seconds).
pub const TUMBLE: f32 = 1.4;
/// How long the landed sticks and the announcement stay.
pub const LINGER: f32 = 3.5;

#[derive(Component)]
pub struct Stick {
    pub index: u8,
    pub own: bool,
    pub side: Side,
    pub t: f32,
    start: Vec2,
    travel: Vec2,
    spin: f32,
}

#[derive(Component)]
pub struct Announcement {
    t: f32,
}

/// A cast piece in flight (§2.0.18): tossed from the caster's end, it bounces and settles on the
/// point the rules crate drew.
#[derive(Component)]
pub struct Tossed {
    t: f32,
    start: Vec2,
    end: Vec2,
}

/// How long a cast piece flies and bounces.
pub const TOSS: f32 = 1.2;

/// The game and point in it a throw's or a cast's animation belongs to: it ends when that game
/// is taken back past it, or replaced (a review found "HIT, checkmate by touch" shown over the
/// position an undo had restored, and over a new game).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForGame {
    seed: u64,
    rules: usize,
    actions: usize,
}

impl ForGame {
    pub fn of(game: &veney_rules::Game) -> ForGame {
        ForGame {
            seed: game.seed(),
            rules: std::sync::Arc::as_ptr(&game.rules) as usize,
            actions: game.actions().count(),
        }
    }

    /// Whether `game` still holds the action the animation shows.
    pub fn holds(&self, game: &veney_rules::Game) -> bool {
        let now = ForGame::of(game);
        now.seed == self.seed && now.rules == self.rules && now.actions >= self.actions
    }
}

/// The dice's and the cast's animations whose game was taken back or replaced end at once.
pub fn drop_stale(
    mut commands: Commands,
    game: Res<super::game::CurrentGame>,
    shown: Query<(Entity, &ForGame)>,
) {
    for (e, at) in &shown {
        if !at.holds(&game.0) {
            commands.entity(e).despawn();
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastThrow>().add_systems(
        Update,
        record_throw
            .after(super::game::GameSet)
            .in_set(super::VeneySystems),
    );
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (spawn_sticks, spawn_toss).after(super::game::GameSet),
            drop_stale
                .after(super::game::GameSet)
                .run_if(resource_changed::<super::game::CurrentGame>),
            tumble,
            toss,
        )
            .in_set(super::VeneySystems),
    );
}

/// Whether the thrown Dagger left its square with this roll (a miss; a distraction under the
/// option `distraction_loses_dagger`): read from the positions before and after.
fn dagger_lost(p: &Played) -> bool {
    match p.before.phase() {
        veney_rules::Phase::Throw { from, .. } => p.after.piece_at(from).is_none(),
        _ => false,
    }
}

/// The throw button's words for `method` with `sticks` sticks (as many coins under coin flips):
/// what is thrown or rolled, and the odds of a hit (a review found "sticks" on the button of a
/// die).
pub fn throw_label(method: veney_rules::dice::DiceMethod, sticks: u8) -> String {
    use veney_rules::dice::DiceMethod;
    let (a, b) = method.hit_odds(sticks);
    match method {
        DiceMethod::CoinFlips => format!("Flip the coins (R) — {sticks} coins, {a}/{b}"),
        DiceMethod::FlatOdds(n) => format!("Roll the d{n} (R) — a 1 hits, {a}/{b}"),
        _ => format!("Throw the sticks (R) — {sticks} sticks, {a}/{b}"),
    }
}

/// Where the guess dice's token may be hidden, as the players name it: under the high-risk
/// guess the board's halves, "the X half" or "the Y half" (§2.0.R1 "guesses which side the token
/// is on": the X or Y half of the central axis), else "place n".
pub fn place_name(dice: veney_rules::dice::DiceMethod, i: u8) -> String {
    match (dice, i) {
        (veney_rules::dice::DiceMethod::GuessSide, 0) => "the X half".into(),
        (veney_rules::dice::DiceMethod::GuessSide, _) => "the Y half".into(),
        _ => format!("place {}", i + 1),
    }
}

/// What a roll came to, in words, as thrown under `method`: coin flips count heads (the
/// thrower's colour, §2.0.R1); a guess names its places as the secret screen did (a review
/// found "guessed place 2" said of a guess made by naming halves).
pub fn verdict_text(
    side: Side,
    roll: Roll,
    lost_too: bool,
    method: veney_rules::dice::DiceMethod,
) -> String {
    let coins = method == veney_rules::dice::DiceMethod::CoinFlips;
    let faces = match roll {
        Roll::Sticks { thrown, own } if coins => {
            let n = own.count_ones();
            format!("{n} of {thrown} coins heads ({side})")
        }
        Roll::Sticks { thrown, own } => {
            let n = own.count_ones();
            format!("{n} of {thrown} sticks {side}")
        }
        Roll::Die { sides, face } => format!("the d{sides} shows {face}"),
        Roll::Guess { hidden, guess, .. } if method == veney_rules::dice::DiceMethod::GuessSide => {
            format!(
                "guessed {}, the token was in {}",
                place_name(method, guess),
                place_name(method, hidden)
            )
        }
        Roll::Guess { hidden, guess, .. } => {
            format!(
                "guessed {}, the token was at {}",
                place_name(method, guess),
                place_name(method, hidden)
            )
        }
    };
    match roll.verdict() {
        Verdict::Hit => format!("{faces}:\nHIT, checkmate by touch"),
        Verdict::Distraction if lost_too => {
            format!("{faces}:\na miss, but a distraction; the Dagger is lost")
        }
        Verdict::Distraction => format!("{faces}:\na miss, but a distraction"),
        Verdict::Miss => format!("{faces}:\na miss, the Dagger is lost"),
    }
}

fn record_throw(
    mut played: MessageReader<Played>,
    mut last: ResMut<LastThrow>,
    mut status: ResMut<Status>,
    game: Res<super::game::CurrentGame>,
) {
    for p in played.read().filter(|p| p.of_rules(&game.0.rules)) {
        if let Action::Roll(r) = p.action {
            last.0 = Some((p.before.turn(), r));
            status.info = Some(verdict_text(
                p.before.turn(),
                r,
                dagger_lost(p),
                game.0.rules.options.dice,
            ));
        }
    }
}

fn spawn_sticks(
    mut commands: Commands,
    mut played: MessageReader<Played>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    old: Query<Entity, Or<(With<Stick>, With<Announcement>)>>,
    game: Res<super::game::CurrentGame>,
) {
    let at = ForGame::of(&game.0);
    for p in played.read().filter(|p| p.of_rules(&game.0.rules)) {
        let Action::Roll(r) = p.action else {
            continue;
        };
        for e in &old {
            commands.entity(e).despawn();
        }
        let side = p.before.turn();
        // Thrown from the thrower's end of the board toward the middle.
        let dir = if side == Side::White { 1.0 } else { -1.0 };
        if let Roll::Sticks { thrown, own } = r {
            let mesh = meshes.add(Rectangle::new(9.0, 64.0));
            for i in 0..thrown {
                let spread = i as f32 - (thrown as f32 - 1.0) / 2.0;
                commands.spawn((
                    DespawnOnExit(Screen::Veney),
                    at,
                    Stick {
                        index: i,
                        own: own & (1 << i) != 0,
                        side,
                        t: 0.0,
                        start: Vec2::new(spread * 8.0, -300.0 * dir),
                        travel: Vec2::new(spread * 34.0 + 9.0 * (i as f32 % 2.0), 300.0 * dir),
                        spin: 7.0 + 2.3 * i as f32,
                    },
                    Mesh2d(mesh.clone()),
                    MeshMaterial2d(materials.add(STICK_WHITE)),
                    Transform::from_xyz(spread * 8.0, -300.0 * dir, 20.0),
                ));
            }
        }
        commands.spawn((
            DespawnOnExit(Screen::Veney),
            at,
            Announcement { t: 0.0 },
            Text2d::new(verdict_text(
                side,
                r,
                dagger_lost(p),
                game.0.rules.options.dice,
            )),
            TextFont::default().with_font_size(15.0),
            TextColor(LABEL),
            Visibility::Hidden,
            Transform::from_xyz(0.0, 60.0, 21.0),
            children![(
                Sprite::from_color(BACKGROUND.with_alpha(0.85), Vec2::new(250.0, 46.0)),
                Transform::from_xyz(0.0, 0.0, -0.1),
            )],
        ));
    }
}

fn tumble(
    mut commands: Commands,
    time: Res<Time>,
    mut sticks: Query<(
        Entity,
        &mut Stick,
        &mut Transform,
        &MeshMaterial2d<ColorMaterial>,
    )>,
    mut notes: Query<(Entity, &mut Announcement, &mut Visibility)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let dt = time.delta_secs().min(0.05);
    let mut busy = false;
    for (e, mut s, mut tf, mat) in &mut sticks {
        s.t += dt;
        busy = true;
        let k = (s.t / TUMBLE).min(1.0);
        let ease = 1.0 - (1.0 - k).powi(3);
        let hop = (k * std::f32::consts::PI * 3.0).sin().abs() * 40.0 * (1.0 - k);
        let p = s.start + s.travel * ease + Vec2::new(0.0, hop);
        tf.translation = p.extend(20.0);
        tf.rotation = Quat::from_rotation_z(s.spin * ease + s.index as f32 * 0.4);
        // Tumbling: the faces flicker until the stick lands on the drawn face.
        let own_colour = if s.side == Side::White {
            STICK_WHITE
        } else {
            STICK_BLACK
        };
        let other = if s.side == Side::White {
            STICK_BLACK
        } else {
            STICK_WHITE
        };
        let showing_own = if k < 1.0 {
            ((s.t * 14.0) as u32 + s.index as u32).is_multiple_of(2)
        } else {
            s.own
        };
        if let Some(mut m) = materials.get_mut(&mat.0) {
            m.color = if showing_own { own_colour } else { other };
        }
        if s.t > TUMBLE + LINGER {
            commands.entity(e).despawn();
        }
    }
    for (e, mut a, mut vis) in &mut notes {
        a.t += dt;
        busy = true;
        *vis = if a.t >= TUMBLE {
            Visibility::Visible
        } else {
            Visibility::Hidden
        };
        if a.t > TUMBLE + LINGER {
            commands.entity(e).despawn();
        }
    }
    if busy {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// Where a cast piece is drawn coming down: the landed square's measure corner plus its offset
/// (a landing entered by hand may be in another empty measure), or off the aimed measure for a
/// landing outside (a review found it drawn off a fixed measure). A drawn point in the margin,
/// `y` outside 0–400, is measured from the aimed measure though it lands in the next (a review
/// found it drawn a measure off).
pub fn landing_point(measure: u8, l: &veney_rules::special::cast_piece::Landing) -> Vec2 {
    let m = match l.at {
        Some(sq) if (0..400).contains(&l.y) => (sq.step() - 1) / 4,
        _ => measure,
    };
    let corner = Vec2::new(-2.0 * SQUARE, (m as f32 * 4.0 - 8.0) * SQUARE);
    corner + Vec2::new(l.x as f32, l.y as f32) / 100.0 * SQUARE
}

fn spawn_toss(
    mut commands: Commands,
    mut played: MessageReader<Played>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    game: Res<super::game::CurrentGame>,
) {
    let at = ForGame::of(&game.0);
    for p in played.read().filter(|p| p.of_rules(&game.0.rules)) {
        let (Action::Land(l), veney_rules::Phase::Cast { kind, measure }) =
            (p.action, p.before.phase())
        else {
            continue;
        };
        let side = p.before.turn();
        let end = landing_point(measure, &l);
        let start = Vec2::new(0.0, if side == Side::White { -9.0 } else { 9.0 } * SQUARE);
        let shape = game.0.rules.set(side).piece(kind).def.drawn_shape();
        let pts: Vec<Vec2> = super::pieces::shape_outline(shape)
            .iter()
            .map(|v| *v * SQUARE)
            .collect();
        let colour = if side == Side::White {
            WHITE_PIECE
        } else {
            BLACK_PIECE
        };
        commands.spawn((
            DespawnOnExit(Screen::Veney),
            at,
            Tossed { t: 0.0, start, end },
            Mesh2d(meshes.add(super::pieces::polygon(&pts))),
            MeshMaterial2d(materials.add(colour)),
            Transform::from_translation(start.extend(22.0)),
        ));
        let text = match l.at {
            Some(sq) => format!("the cast lands on {sq}"),
            None => "the cast falls outside the measure: lost".to_string(),
        };
        commands.spawn((
            DespawnOnExit(Screen::Veney),
            at,
            Announcement { t: TUMBLE - TOSS },
            Text2d::new(text),
            TextFont::default().with_font_size(15.0),
            TextColor(LABEL),
            Visibility::Hidden,
            Transform::from_xyz(0.0, 60.0, 21.0),
            children![(
                Sprite::from_color(BACKGROUND.with_alpha(0.85), Vec2::new(300.0, 28.0)),
                Transform::from_xyz(0.0, 0.0, -0.1),
            )],
        ));
    }
}

fn toss(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Tossed, &mut Transform)>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for (e, mut s, mut tf) in &mut q {
        s.t += time.delta_secs().min(0.05);
        let k = (s.t / TOSS).min(1.0);
        // Two bounces, each lower, before it settles.
        let hop = (k * std::f32::consts::PI * 3.0).sin().abs() * 60.0 * (1.0 - k).powi(2);
        let p = s.start.lerp(s.end, 1.0 - (1.0 - k).powi(2)) + Vec2::new(0.0, hop);
        tf.translation = p.extend(22.0);
        tf.rotation = Quat::from_rotation_z((1.0 - k) * 9.0);
        redraw.write(bevy::window::RequestRedraw);
        if s.t > TOSS + LINGER {
            commands.entity(e).despawn();
        }
    }
}

#[cfg(test)]
mod landing_tests {
    use super::*;
    use veney_rules::Square;
    use veney_rules::special::cast_piece::Landing;

    /// A cast piece is drawn coming down on the square it landed on: a point of the aimed
    /// measure, one in the margin landing in the next measure (y 4.2 from measure 1's corner is
    /// step 9), and one entered by hand in another measure.
    #[test]
    fn a_landing_is_drawn_on_its_square() {
        let within = |l: Landing, sq: Square| {
            let p = landing_point(1, &l);
            let c = super::super::board::square_center(sq);
            assert!(
                (p - c).abs().max_element() <= SQUARE / 2.0,
                "{l:?}: {p} not on {sq} ({c})"
            );
        };
        let sq = |s: &str| Square::parse(s).unwrap();
        within(
            Landing {
                at: Some(sq("X6")),
                x: 150,
                y: 120,
            },
            sq("X6"),
        );
        within(
            Landing {
                at: Some(sq("X9")),
                x: 150,
                y: 420,
            },
            sq("X9"),
        );
        within(
            Landing {
                at: Some(sq("Y4")),
                x: 250,
                y: -20,
            },
            sq("Y4"),
        );
        within(Landing::on(Some(sq("Z11"))), sq("Z11"));
    }
}

#[cfg(test)]
mod label_tests {
    use super::*;
    use veney_rules::dice::DiceMethod;

    /// §2.0.R1's methods each say what is thrown: a die is rolled, coins are flipped, sticks
    /// thrown; the odds are the rules crate's.
    #[test]
    fn the_throw_says_what_is_thrown() {
        let d6 = throw_label(DiceMethod::FlatOdds(6), 3);
        assert!(
            d6.contains("d6") && d6.contains("1/6") && !d6.contains("stick"),
            "{d6}"
        );
        let coins = throw_label(DiceMethod::CoinFlips, 3);
        assert!(
            coins.contains("3 coins") && coins.contains("1/8"),
            "{coins}"
        );
        let sticks = throw_label(DiceMethod::StickDice, 5);
        assert!(
            sticks.contains("5 sticks") && sticks.contains("1/32"),
            "{sticks}"
        );
        let roll = Roll::Sticks {
            thrown: 3,
            own: 0b111,
        };
        let said = verdict_text(Side::White, roll, false, DiceMethod::CoinFlips);
        assert!(
            said.contains("3 of 3 coins heads") && said.contains("HIT"),
            "{said}"
        );
        assert!(
            verdict_text(Side::White, roll, false, DiceMethod::StickDice)
                .contains("3 of 3 sticks White")
        );
        // The high-risk guess names halves, as its secret screen does (§2.0.R1 "guesses which
        // side the token is on"); the other guess dice name places.
        let guess = Roll::Guess {
            choices: 2,
            hidden: 0,
            guess: 1,
        };
        let said = verdict_text(Side::White, guess, false, DiceMethod::GuessSide);
        assert!(
            said.contains("guessed the Y half, the token was in the X half"),
            "{said}"
        );
        let places = Roll::Guess {
            choices: 4,
            hidden: 2,
            guess: 2,
        };
        let said = verdict_text(Side::White, places, false, DiceMethod::GuessMeasureStep);
        assert!(
            said.contains("guessed place 3, the token was at place 3"),
            "{said}"
        );
    }
}

#[cfg(test)]
mod for_game_tests {
    use super::ForGame;
    use std::sync::Arc;
    use veney_rules::{Game, Rules};

    #[test]
    fn an_animation_holds_while_its_game_goes_on_and_not_past_an_undo_or_a_new_game() {
        let rules = Arc::new(Rules::standard());
        let mut g = Game::new(rules.clone());
        let a = g.legal_actions()[0];
        g.play(a).unwrap();
        let at = ForGame::of(&g);
        assert!(at.holds(&g));
        let b = g.legal_actions()[0];
        g.play(b).unwrap();
        assert!(at.holds(&g), "a later action: still shown");
        g.undo();
        g.undo();
        assert!(!at.holds(&g), "taken back past it");
        // Another game (the app seeds each new game afresh).
        let start = *Game::new(rules.clone()).position();
        let mut other = Game::from_position_seeded(rules, start, g.seed() ^ 1);
        other.play(a).unwrap();
        assert!(!at.holds(&other), "another game");
    }
}
