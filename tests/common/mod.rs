//! Shared helpers of the headless app tests: `MinimalPlugins` plus the game plugins, driven by
//! the same `Command` messages the mouse, keyboard and panels send.
#![allow(dead_code)]
use bevy::prelude::*;
use std::path::PathBuf;
use veney::packs::veney::game::{Command, CurrentGame, SaveDir};
use veney_rules::Game;

/// A fresh, empty private directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("veney-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A headless app saving into a private directory, on `game` when given.
pub fn headless(name: &str, game: Option<Game>) -> App {
    let mut app = App::new();
    // Straight to Veney's screen (the real app starts on the title screen).
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(veney::Screen::Veney)
        .insert_resource(SaveDir(temp_dir(&format!("{name}-saves"))));
    if let Some(g) = game {
        app.insert_resource(CurrentGame(g));
    }
    app.add_plugins(veney::game_plugins);
    app.update();
    app
}

/// Sends a command and lets the app apply it.
pub fn send(app: &mut App, c: Command) {
    app.world_mut().write_message(c);
    app.update();
    app.update();
}

/// A seed whose first two-stick throw lands all own colour (a hit, §2.0.08).
pub fn hitting_seed(r: &veney_rules::Rules) -> u64 {
    (0..200u64)
        .find(|&s| {
            let mut rng = veney_rules::rng::seeded(s);
            veney_rules::dice::Roll::draw(r.options.dice, 2, &mut rng).verdict()
                == veney_rules::dice::Verdict::Hit
        })
        .unwrap()
}

/// White's Dagger on X5 may be thrown at Black's Self on X8 from the same measure (two sticks,
/// §2.0.08); White to move.
pub fn dagger_throw_position(r: &veney_rules::Rules) -> veney_rules::Position {
    use veney_rules::Side;
    veney_rules::Position::from_pieces(
        r,
        &[
            (Side::White, "Self", "W5"),
            (Side::White, "Dagger", "X5"),
            (Side::Black, "Self", "X8"),
            (Side::Black, "Engagement", "X7"),
        ],
        Side::White,
    )
    .unwrap()
}

/// §2.0.18 Obscurant Chaos: White's unspent trap on W6, Black's Cloak on X8 a step from landing
/// on it by its engagement there (a stepping stone, so Black's turn goes on), Black to move.
pub fn black_steps_onto_whites_trap(r: &veney_rules::Rules) -> veney_rules::Position {
    use veney_rules::Side;
    let base = veney_rules::Position::from_pieces(
        r,
        &[
            (Side::White, "Self", "Y4"),
            (Side::White, "Sword", "X4"),
            (Side::Black, "Self", "X13"),
            (Side::Black, "Cloak", "X8"),
            (Side::Black, "Engagement", "W6"),
        ],
        Side::Black,
    )
    .unwrap();
    veney_rules::Position::from_text(r, &format!("{} casts=wCW6", base.to_text(r))).unwrap()
}

/// White's Self on X2, Black's on Y15, and White's Donkey on Y8 about to move (§2.0.23: after
/// White's turn, before Black's), Black to move: the Donkey's throw is next.
#[allow(dead_code)]
pub fn donkey_about_to_move(r: &veney_rules::Rules) -> veney_rules::Position {
    use veney_rules::{Position, Side};
    let p = Position::from_pieces(
        r,
        &[(Side::White, "Self", "X2"), (Side::Black, "Self", "Y15")],
        Side::Black,
    )
    .unwrap();
    Position::from_text(r, &format!("{} donkey=wY8 donkeymove=w", p.to_text(r))).unwrap()
}
