//! Games begun under `VENEY_SEED` (README: "`VENEY_SEED=n` fixes the seed of new games'
//! throws"), in a process of their own: the variable is set before the app starts, and this file
//! holds one test, so no other thread reads the environment meanwhile.
use bevy::prelude::*;
use veney::packs::veney::computer::{PendingSeats, VeneyComputer};
use veney::packs::veney::game::{Command, CurrentGame};

mod common;

/// README: "Every game's new-game dialog sets each side to a person or the computer". Under a
/// fixed seed a new game from the untouched start is the same position, history and seed as the
/// game it replaces: it is still a new game, and takes the dialog's seats (a review found them
/// dropped, the computer never moving).
#[test]
fn games_under_a_fixed_seed_are_told_apart() {
    // SAFETY: the only test of this process sets the variable before the app, or any thread
    // that could read the environment, starts.
    unsafe { std::env::set_var("VENEY_SEED", "7") };
    let dir = common::temp_dir("seeded-seats");
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(veney::Screen::Veney)
        .insert_resource(veney::host::grid::SaveRoot(dir.clone()))
        .insert_resource(veney::packs::veney::game::SaveDir(dir));
    app.add_plugins(veney::game_plugins);
    app.update();
    let seed = app.world().resource::<CurrentGame>().0.seed();
    assert_eq!(seed, 7, "the launch game's seed is the fixed one");
    let picked = [None, Some(game_ai::Level::Beginner)];
    app.world_mut().resource_mut::<PendingSeats>().0 = Some(picked);
    let o = app
        .world()
        .resource::<CurrentGame>()
        .0
        .rules
        .options
        .clone();
    let std = veney::packs::veney::game::standard_set_path();
    common::send(&mut app, Command::NewGameWith(o, [std.clone(), std]));
    assert_eq!(app.world().resource::<CurrentGame>().0.seed(), 7);
    assert_eq!(app.world().resource::<VeneyComputer>().0, picked);

    // A grid game's search and hint are keyed to their match: a new Kelasu game at the same
    // start under the same seed is not the last one (a review found an old game's search
    // played, and its hint shown, in the new).
    app.world_mut()
        .write_message(veney::host::OpenScreen(veney::Screen::Kelasu));
    app.update();
    app.update();
    let mut keys = Vec::new();
    for _ in 0..2 {
        app.world_mut()
            .write_message(veney::packs::kelasu::NewKelasu {
                options: Default::default(),
                position: None,
            });
        app.update();
        app.update();
        let m = app.world().resource::<veney::host::grid::ActiveMatch>();
        assert_eq!(m.game.seed(), 7);
        keys.push(veney::host::grid::computer::key(m));
    }
    assert_ne!(keys[0], keys[1]);

    // Veney's autosave tells a game from the last by more than its seed and rules: a pasted
    // position under the same seed, nothing played in it yet, is not written over the autosave
    // of the game before it (README: "a new game once something is played in it").
    app.world_mut()
        .write_message(veney::host::OpenScreen(veney::Screen::Veney));
    app.update();
    app.update();
    common::send(
        &mut app,
        Command::Click(veney_rules::Square::parse("Y4").unwrap()),
    );
    common::send(
        &mut app,
        Command::Click(veney_rules::Square::parse("Y3").unwrap()),
    );
    let autosave = app
        .world()
        .resource::<veney::packs::veney::game::SaveDir>()
        .autosave();
    let played = std::fs::read_to_string(&autosave).unwrap();
    assert!(played.contains("SY3"), "{played}");
    let start = veney_rules::Position::start(&veney_rules::Rules::standard());
    let text = start.to_text(&veney_rules::Rules::standard());
    common::send(&mut app, Command::SetPosition(text));
    assert_eq!(app.world().resource::<CurrentGame>().0.seed(), 7);
    assert_eq!(app.world().resource::<CurrentGame>().0.actions().count(), 0);
    assert_eq!(std::fs::read_to_string(&autosave).unwrap(), played);
}
