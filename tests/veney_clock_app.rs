//! Veney beside the table clock (issue 16, Clocks), headless on a fixed time (`ClockNow`): a
//! fallen flag ends Veney's game with its own outcome, the autosave says so, undo plays on.
use bevy::prelude::*;
use veney::host::table_clock::{ClockIntent, ClockNow, ControlKind, TableClock};
use veney::packs::veney::game::{Command, CurrentGame, SaveDir};
use veney_rules::{Outcome, Side, Square};

mod common;

fn app(name: &str) -> App {
    app_in(&common::temp_dir(name))
}

/// Veney's screen with its saves in `dir` (a second app on the same folder is a restart).
fn app_in(dir: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(veney::Screen::Veney)
        .insert_resource(veney::host::grid::SaveRoot(dir.to_path_buf()))
        .insert_resource(SaveDir(dir.to_path_buf()));
    app.add_plugins(veney::game_plugins);
    app.update();
    app
}

/// Five seconds a turn on the table clock, started at 0 ms.
fn start_five_second_clock(a: &mut App) {
    {
        let mut t = a.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::PerTurn;
        t.setup.seconds = 5;
    }
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
}

/// White plays SY3 and ends its turn; a five-second clock started at 0 ms, White's face
/// pressed at 4 s: Black's five seconds run from there.
fn black_to_move_on_a_five_second_clock(a: &mut App) {
    white_plays_sy3(a);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().turn(),
        Side::Black
    );
    start_five_second_clock(a);
    at(a, 4_000);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(a, 4_000);
}

/// A click on the square named `sq`.
fn click(a: &mut App, sq: &str) {
    common::send(a, Command::Click(Square::parse(sq).unwrap()));
}

/// White's Self to Y3, and the turn ended (not pressed).
fn white_plays_sy3(a: &mut App) {
    click(a, "Y4");
    click(a, "Y3");
    common::send(a, Command::Play(veney_rules::Action::EndTurn));
}

fn at(app: &mut App, ms: u64) {
    app.world_mut().resource_mut::<ClockNow>().0 = Some(ms);
    app.update();
    app.update();
}

#[test]
fn a_fallen_flag_ends_veneys_game_out_of_time_and_undo_plays_on() {
    // §2.0.R3 Time Control: "If one player runs out of time, they lose" (R-OUT-OF-TIME).
    let mut a = app("veney-flag");
    black_to_move_on_a_five_second_clock(&mut a);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        None,
        "no flag yet"
    );
    // Black has picked its Self up when the flag falls: nothing stays picked over the finished
    // game (a review found selections and choice windows left open).
    click(&mut a, "X13");
    assert!(
        a.world()
            .resource::<veney::packs::veney::game::Selection>()
            .0
            .is_some()
    );
    // Black's five seconds run out.
    at(&mut a, 9_500);
    assert_eq!(
        a.world()
            .resource::<veney::packs::veney::game::Selection>()
            .0,
        None
    );
    let g = &a.world().resource::<CurrentGame>().0;
    assert_eq!(
        g.position().outcome(),
        Some(Outcome::OutOfTime {
            winner: Side::White
        })
    );
    assert!(
        g.record().ends_with("[Ending \"Black out of time\"]"),
        "{}",
        g.record()
    );
    let prompt = a
        .world()
        .resource::<veney::packs::veney::game::Status>()
        .prompt
        .clone();
    assert_eq!(prompt, "Game over: White wins: Black out of time");
    let dir = a.world().resource::<SaveDir>().clone();
    let auto = std::fs::read_to_string(dir.autosave()).unwrap();
    assert!(auto.contains("[Ending \"Black out of time\"]"), "{auto}");
    // The save loads to the same ending.
    common::send(&mut a, Command::Save(std::path::PathBuf::new()));
    common::send(&mut a, Command::NewGame);
    common::send(&mut a, Command::Load(std::path::PathBuf::new()));
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        Some(Outcome::OutOfTime {
            winner: Side::White
        })
    );
    // Undo plays on: Black to move where the flag fell, the move played stays.
    common::send(&mut a, Command::Undo);
    let g = &a.world().resource::<CurrentGame>().0;
    assert_eq!(g.position().outcome(), None);
    assert_eq!(g.position().turn(), Side::Black);
    assert_eq!(g.actions().count(), 2);
}

/// The clock travels in Veney's own save (issue 16, Clocks: "Clocks … survive save/load"): the
/// save holds `[Clock "…"]`; loading it brings the clock back paused with its times; an older
/// save without the line loads and leaves the table clock as it is.
#[test]
fn veneys_save_carries_the_clock_and_loading_brings_it_back_paused() {
    let mut a = app("veney-clock-save");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 8_000);
    let left = |a: &App| {
        let t = a.world().resource::<TableClock>();
        let c = t.clock.as_ref().expect("a clock");
        [c.remaining(0, 8_000), c.remaining(1, 8_000)]
    };
    let saved = left(&a);
    let path = a.world().resource::<SaveDir>().manual();
    common::send(&mut a, Command::Save(path.clone()));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[Clock \"clock1 state=running"), "{text}");
    // The clock goes on and is reset; the load brings the saved one back, paused.
    a.world_mut().write_message(ClockIntent::Reset);
    at(&mut a, 20_000);
    common::send(&mut a, Command::Load(path.clone()));
    a.update();
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("the saved clock is back");
    assert!(
        matches!(c.state(30_000), game_clock::State::Paused(1)),
        "{:?}",
        c.state(30_000)
    );
    assert_eq!(left(&a), saved);
    // An older save, without the line: it loads; the table clock stays.
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("[Clock"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&path, old).unwrap();
    a.world_mut().write_message(ClockIntent::Adjust(0, 5_000));
    at(&mut a, 30_000);
    let before = left(&a);
    common::send(&mut a, Command::Load(path));
    a.update();
    assert_eq!(left(&a), before);
    assert!(
        a.world()
            .resource::<veney::packs::veney::game::Status>()
            .info
            .as_deref()
            .is_some_and(|i| i.starts_with("loaded")),
    );
}

/// A save whose `[Clock]` does not read loads, and the game goes on without that clock, said
/// once: a review found it tried again after every move, its note repeated, and the bad line
/// written back into every autosave.
#[test]
fn a_saved_clock_that_does_not_read_is_dropped_once() {
    let mut a = app("veney-clock-garbled");
    let path = a.world().resource::<SaveDir>().manual();
    common::send(&mut a, Command::Save(path.clone()));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("[Clock"), "{text}");
    let garbled = text.replacen("[Final", "[Clock \"not a clock\"]\n[Final", 1);
    std::fs::write(&path, garbled).unwrap();
    common::send(&mut a, Command::Load(path));
    at(&mut a, 1_000);
    assert_eq!(a.world().resource::<CurrentGame>().0.clock(), None);
    let note = |a: &App| a.world().resource::<TableClock>().note.clone();
    assert!(
        note(&a).is_some_and(|n| n.contains("could not be read") && n.contains("without it")),
        "{:?}",
        note(&a)
    );
    a.world_mut().resource_mut::<TableClock>().note = None;
    black_to_move_without_a_clock(&mut a);
    assert_eq!(note(&a), None, "said once");
    let auto = std::fs::read_to_string(a.world().resource::<SaveDir>().autosave()).unwrap();
    assert!(!auto.contains("not a clock"), "{auto}");
}

/// White plays SY3 and ends its turn.
fn black_to_move_without_a_clock(a: &mut App) {
    white_plays_sy3(a);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().turn(),
        Side::Black
    );
}

/// §2.0.20: "the player checkmated by touch has a few seconds for a dying move" — a checkmate by
/// a Dagger Throw's sticks thrown with R cuts the mated player's clock too (a review found only
/// moves played on the board doing so).
#[test]
fn a_throw_that_mates_cuts_the_mated_players_clock() {
    let mut a = app("veney-throw-clock");
    throw_mates_at_two_seconds(&mut a);
    assert!(
        black_left(&a) <= game_clock::DEFAULT_DYING_MOVE,
        "{} ms left to the mated player",
        black_left(&a)
    );
}

/// White's Dagger thrown from X5 hits Black's Self (a seeded hit, §2.0.08) one second into a
/// clock started at 0 ms; the clock read at two seconds: Black is mated by touch.
fn throw_mates_at_two_seconds(a: &mut App) {
    let r = std::sync::Arc::new(veney_rules::Rules::standard());
    let seed = common::hitting_seed(&r);
    let p = common::dagger_throw_position(&r);
    a.world_mut().resource_mut::<CurrentGame>().0 =
        veney_rules::Game::from_position_seeded(r.clone(), p, seed);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(a, 1_000);
    let sq = |s: &str| Square::parse(s).unwrap();
    common::send(a, Command::Click(sq("X5")));
    common::send(a, Command::Click(sq("X8")));
    common::send(a, Command::Roll);
    assert_eq!(dying(&a), Some(Side::Black));
    at(a, 2_000);
}

/// An app whose clock is set to five minutes each, sudden death (not started).
fn five_minutes_each(name: &str) -> App {
    let mut a = app(name);
    {
        let mut t = a.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::SuddenDeath;
        t.setup.minutes = [5.0, 5.0];
    }
    a
}

/// A new standard game under the untenable-move `policy` (§2.0.22), five minutes each on the
/// table clock, started at 0 ms with White to move.
fn penalty_game_on_a_clock(name: &str, policy: veney_rules::options::UntenablePolicy) -> App {
    let mut a = five_minutes_each(name);
    let o = veney_rules::options::RuleOptions {
        untenable: policy,
        ..Default::default()
    };
    let std = veney::packs::veney::game::standard_set_path();
    common::send(&mut a, Command::NewGameWith(o, [std.clone(), std]));
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    a
}

/// `penalty_game_on_a_clock`, then White's Sword beyond its range constraint (§2.0.03, `$X9`),
/// played with sand at 0 ms and not pressed: open to call.
fn sand_sword_on_a_clock(name: &str, policy: veney_rules::options::UntenablePolicy) -> App {
    let mut a = penalty_game_on_a_clock(name, policy);
    common::send(&mut a, Command::Enter("$X9".into()));
    a
}

/// Which side may make a dying move now.
fn dying(a: &App) -> Option<Side> {
    a.world().resource::<CurrentGame>().0.position().dying()
}

/// Black's time on the table clock at two seconds.
fn black_left(a: &App) -> u64 {
    let t = a.world().resource::<TableClock>();
    t.clock.as_ref().expect("a clock").remaining(1, 2_000)
}

/// The mating throw undone: the mated player's dying-move limit goes with it, and Black's clock
/// shows its own time again (a review found it left at a few seconds for an ordinary turn).
#[test]
fn a_mate_undone_gives_the_mated_player_its_time_back() {
    let mut a = five_minutes_each("veney-throw-clock-undo");
    throw_mates_at_two_seconds(&mut a);
    assert!(
        black_left(&a) <= game_clock::DEFAULT_DYING_MOVE,
        "{}",
        black_left(&a)
    );
    common::send(&mut a, Command::Undo);
    assert_eq!(dying(&a), None);
    at(&mut a, 2_000);
    assert_eq!(black_left(&a), 300_000, "Black's five minutes back");
    // Redone, the mate cuts the clock again (a review found Black left its five minutes).
    common::send(&mut a, Command::Redo);
    assert_eq!(dying(&a), Some(Side::Black));
    at(&mut a, 2_000);
    assert!(
        black_left(&a) <= game_clock::DEFAULT_DYING_MOVE,
        "{}",
        black_left(&a)
    );
}

/// A save loaded while a clock runs brings the save's clock back, paused (ruling R-CLOCK-RESTORE:
/// a running clock's form "changes only with a press, a pause or an adjustment" — a review found
/// it settled at every frame, so the running clock overwrote the loaded one).
#[test]
fn a_save_loaded_while_a_clock_runs_brings_its_own_clock_back() {
    let mut a = app("veney-clock-running-load");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 8_000);
    let path = a.world().resource::<SaveDir>().manual();
    common::send(&mut a, Command::Save(path.clone()));
    let saved = {
        let t = a.world().resource::<TableClock>();
        let c = t.clock.as_ref().unwrap();
        [c.remaining(0, 8_000), c.remaining(1, 8_000)]
    };
    // The clock goes on: another press, time passing.
    a.world_mut().write_message(ClockIntent::Press(1));
    at(&mut a, 9_000);
    at(&mut a, 11_000);
    // Loaded at a later instant, the clock still running.
    a.world_mut().resource_mut::<ClockNow>().0 = Some(12_000);
    common::send(&mut a, Command::Load(path));
    a.update();
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("a clock");
    assert!(
        matches!(c.state(20_000), game_clock::State::Paused(_)),
        "{:?}",
        c.state(20_000)
    );
    assert_eq!([c.remaining(0, 20_000), c.remaining(1, 20_000)], saved);
}

/// The same with the table clock paused while time passes (ruling R-CLOCK-RESTORE): a paused
/// clock's form stands still too, so the loaded game's clock is not overwritten by the table's
/// (a review found a paused form changing every frame; the table clock is paused after every
/// restart and every load).
#[test]
fn a_save_loaded_while_the_clock_is_paused_brings_its_own_clock_back() {
    let mut a = app("veney-clock-paused-load");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 8_000);
    let path = a.world().resource::<SaveDir>().manual();
    common::send(&mut a, Command::Save(path.clone()));
    let left = |a: &App, now: u64| {
        let t = a.world().resource::<TableClock>();
        let c = t.clock.as_ref().expect("a clock");
        [c.remaining(0, now), c.remaining(1, now)]
    };
    let saved = left(&a, 8_000);
    a.world_mut().write_message(ClockIntent::Press(1));
    at(&mut a, 11_000);
    a.world_mut().write_message(ClockIntent::Pause);
    at(&mut a, 12_000);
    assert_ne!(left(&a, 12_000), saved);
    common::send(&mut a, Command::Load(path));
    // Time passes on the paused table clock, frame by frame.
    at(&mut a, 13_000);
    at(&mut a, 14_000);
    assert_eq!(left(&a, 14_000), saved);
    let g = &a.world().resource::<CurrentGame>().0;
    let c = g.clock().expect("the game keeps a clock");
    assert!(c.contains("state=paused"), "{c}");
}

/// §2.0.19 step 4 may give Black the first move: the clock's seats are the sides, and Start
/// runs the side to move (a review found White's clock started whoever moved first).
#[test]
fn start_runs_the_side_to_move_when_black_moves_first() {
    let mut a = app("veney-black-first");
    let r = std::sync::Arc::new(veney_rules::Rules::standard());
    let mut start = veney_rules::Position::start(&r);
    start = veney_rules::Position::from_text(&r, &start.to_text(&r).replacen(" w ", " b ", 1))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(start.turn(), Side::Black);
    a.world_mut().resource_mut::<CurrentGame>().0 = veney_rules::Game::from_position(r, start);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.update();
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 1_000);
    let t = a.world().resource::<TableClock>();
    assert_eq!(t.seat_name(0), "White");
    assert_eq!(t.seat_name(1), "Black");
    let c = t.clock.as_ref().expect("a clock");
    assert!(
        matches!(c.state(1_000), game_clock::State::Running(1)),
        "{:?}",
        c.state(1_000)
    );
}

/// A flag that falls while the title is shown ends Veney's game on the way back (§2.0.R3 "If
/// one player runs out of time, they lose"): the clock was still Veney's (a review found the
/// game played on under a fallen flag).
#[test]
fn a_flag_fallen_on_the_title_ends_the_game_on_return() {
    let mut a = app("veney-flag-title");
    black_to_move_on_a_five_second_clock(&mut a);
    a.world_mut()
        .write_message(veney::host::OpenScreen(veney::Screen::Title));
    a.update();
    a.update();
    // Black's five seconds run out on the title, and the title stays a while (the clock's one
    // message of the fall is long gone by the return).
    at(&mut a, 12_000);
    for _ in 0..6 {
        a.update();
    }
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        None,
        "nothing ends while the game is not shown"
    );
    a.world_mut()
        .write_message(veney::host::OpenScreen(veney::Screen::Veney));
    a.update();
    a.update();
    at(&mut a, 9_500);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        Some(Outcome::OutOfTime {
            winner: Side::White
        })
    );
    // Undo plays on, and the same flag does not end it again.
    common::send(&mut a, Command::Undo);
    at(&mut a, 10_000);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        None
    );
}

/// A Kelasu game resumed after a restart brings its own clock back, paused, whatever clock
/// stands on the table — here Veney's, started on its board first, which goes back to Veney's
/// game, paused (a review found the grid game's first run taking the table's clock over its
/// own, its autosave then overwriting it).
#[test]
fn a_grid_game_resumed_brings_its_own_clock_back() {
    let dir = common::temp_dir("kelasu-resume-own-clock");
    let mut a = app_in(&dir);
    screen(&mut a, veney::Screen::Kelasu);
    a.world_mut()
        .write_message(veney::packs::kelasu::NewKelasu {
            options: Default::default(),
            position: None,
        });
    a.update();
    a.update();
    start_five_second_clock(&mut a);
    at(&mut a, 1_000);
    a.world_mut()
        .write_message(veney::host::grid::Intent::Play(0));
    at(&mut a, 1_700);
    a.world_mut().write_message(ClockIntent::Pause);
    at(&mut a, 1_700);
    let kelasu_clock = a
        .world()
        .resource::<veney::host::grid::ActiveMatch>()
        .game
        .clock()
        .expect("Kelasu's game carries its clock");
    assert!(kelasu_clock.contains("state=paused"), "{kelasu_clock}");
    drop(a);
    let mut b = app_in(&dir);
    b.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    b.update();
    b.world_mut().write_message(ClockIntent::Reset);
    at(&mut b, 0);
    {
        let mut t = b.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::SuddenDeath;
        t.setup.minutes = [3.0, 3.0];
    }
    b.world_mut().write_message(ClockIntent::Start);
    at(&mut b, 2_000);
    screen(&mut b, veney::Screen::Kelasu);
    b.world_mut()
        .write_message(veney::packs::kelasu::ResumeKelasu);
    at(&mut b, 3_000);
    at(&mut b, 3_100);
    let m = b.world().resource::<veney::host::grid::ActiveMatch>();
    assert_eq!(m.game.history_len(), 1, "Kelasu's game resumed");
    assert_eq!(m.game.clock(), Some(kelasu_clock.clone()), "its own clock");
    let t = b.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("a clock");
    assert_eq!(c.remaining(0, 3_100), 4_300, "Kelasu's times on the table");
    let veney_clock = b
        .world()
        .resource::<CurrentGame>()
        .0
        .clock()
        .map(str::to_string);
    assert!(
        veney_clock
            .as_deref()
            .is_some_and(|c| c.contains("state=paused") && c.contains("s0=sudden")),
        "{veney_clock:?}"
    );
}

/// A press made on Veney's clock while another screen is shown (the title) reaches Veney's game
/// after a restart: `clock.txt` names the clock Veney's, so the table's clock as it stood comes
/// back to its board, not the game's autosaved clock from before the press (README listed it
/// as lost).
#[test]
fn a_press_made_off_veneys_screen_survives_a_restart() {
    let dir = common::temp_dir("veney-clock-title-restart");
    let mut a = app_in(&dir);
    black_to_move_on_a_five_second_clock(&mut a);
    a.world_mut()
        .write_message(veney::host::OpenScreen(veney::Screen::Title));
    at(&mut a, 5_000);
    a.world_mut().write_message(ClockIntent::Press(1));
    at(&mut a, 6_000);
    let state = |a: &App| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().expect("a clock").state(6_500)
    };
    assert!(
        matches!(state(&a), game_clock::State::Running(0)),
        "{:?}",
        state(&a)
    );
    drop(a);
    let mut b = app_in(&dir);
    b.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    for _ in 0..4 {
        b.update();
    }
    assert!(
        matches!(state(&b), game_clock::State::Paused(0)),
        "{:?}",
        state(&b)
    );
    let form = b
        .world()
        .resource::<veney::host::table_clock::ClockForm>()
        .0
        .clone();
    assert_eq!(
        b.world()
            .resource::<CurrentGame>()
            .0
            .clock()
            .map(str::to_string),
        form,
        "Veney's game keeps the clock as it stood"
    );
}

/// The app started again straight onto Veney's board: the resumed game's own clock comes back,
/// paused — not the table's (here none: `clock.txt` gone), which was written over it (a review
/// found the screen's entry running before the autosave was resumed). The autosave keeps the
/// clock as it stands after each press.
#[test]
fn a_restart_onto_veneys_board_brings_back_the_games_own_clock() {
    let dir = common::temp_dir("veney-clock-restart");
    let mut a = app_in(&dir);
    white_plays_sy3(&mut a);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 1_000);
    a.world_mut().write_message(ClockIntent::Press(1));
    at(&mut a, 3_000);
    let auto = std::fs::read_to_string(a.world().resource::<SaveDir>().autosave()).unwrap();
    assert!(auto.contains("[Clock \"clock1"), "{auto}");
    drop(a);
    let _ = std::fs::remove_file(dir.join("clock.txt"));
    let mut b = app_in(&dir);
    b.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    for _ in 0..4 {
        b.update();
    }
    assert!(
        b.world().resource::<TableClock>().clock.is_some(),
        "the game's clock is back on the table"
    );
    assert!(
        b.world().resource::<CurrentGame>().0.clock().is_some(),
        "and the game keeps it"
    );
}

/// `clock.txt` names the game the clock was kept with, and after a restart the clock stays that
/// game's: Kelasu's game, opened first and played in, does not take Veney's clock (a review
/// found it going to the first game opened that had none of its own), and Veney's board finds
/// it as it was left.
#[test]
fn after_a_restart_the_clock_stays_the_games_it_was_kept_with() {
    let dir = common::temp_dir("veney-clock-restart-owner");
    let mut a = app_in(&dir);
    black_to_move_on_a_five_second_clock(&mut a);
    at(&mut a, 4_500);
    let kept = std::fs::read_to_string(dir.join("clock.txt")).unwrap();
    assert!(kept.ends_with("\ngame=veney\n"), "{kept}");
    drop(a);
    let mut b = App::new();
    b.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_resource(veney::host::grid::SaveRoot(dir.to_path_buf()))
        .insert_resource(SaveDir(dir.to_path_buf()));
    b.add_plugins(veney::game_plugins);
    b.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    b.update();
    let black_left = |b: &App| {
        let t = b.world().resource::<TableClock>();
        t.clock.as_ref().expect("the clock is back").remaining(1, 0)
    };
    let left = black_left(&b);
    screen(&mut b, veney::Screen::Kelasu);
    b.world_mut()
        .write_message(veney::packs::kelasu::NewKelasu {
            options: Default::default(),
            position: None,
        });
    at(&mut b, 0);
    b.world_mut()
        .write_message(veney::host::grid::Intent::Play(0));
    at(&mut b, 0);
    let m = b.world().resource::<veney::host::grid::ActiveMatch>();
    assert_eq!(m.game.history_len(), 1, "Kelasu's game was played in");
    assert_eq!(m.game.clock(), None, "Veney's clock stays Veney's");
    assert_eq!(
        b.world()
            .resource::<veney::host::table_clock::ClockShownFor>()
            .0,
        Some(veney::Screen::Veney)
    );
    screen(&mut b, veney::Screen::Veney);
    at(&mut b, 0);
    assert_eq!(
        black_left(&b),
        left,
        "Veney's board finds its clock as it was"
    );
    assert!(b.world().resource::<CurrentGame>().0.clock().is_some());
}

/// A Veney game that never took the clock, and Kelasu's game begun on its screen with a
/// five-second clock started there (at 0 ms); Kelasu's screen shown.
fn kelasu_clock_running(name: &str) -> App {
    let mut a = app(name);
    screen(&mut a, veney::Screen::Kelasu);
    a.world_mut()
        .write_message(veney::packs::kelasu::NewKelasu {
            options: Default::default(),
            position: None,
        });
    a.update();
    a.update();
    start_five_second_clock(&mut a);
    at(&mut a, 1_000);
    a
}

fn screen(a: &mut App, s: veney::Screen) {
    a.world_mut().write_message(veney::host::OpenScreen(s));
    a.update();
    a.update();
}

fn kelasu_over(a: &App) -> bool {
    let m = a.world().resource::<veney::host::grid::ActiveMatch>();
    matches!(m.game.decision(), game_api::Decision::Over(_))
}

#[test]
fn a_flag_fallen_on_another_games_clock_leaves_veneys_game() {
    // A flag ends only the game whose clock it is (R-OUT-OF-TIME): Veney's game, which never
    // took the clock, is not ended by Kelasu's fallen flag on return (a review found it was).
    let mut a = kelasu_clock_running("veney-other-flag");
    at(&mut a, 9_000);
    assert!(kelasu_over(&a), "Kelasu's flag fell");
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 9_500);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        None,
        "Veney's game goes on"
    );
}

#[test]
fn a_flag_falling_on_veneys_screen_on_another_games_clock_ends_that_game() {
    // The clock started for Kelasu's game and still running when Veney's screen is opened: its
    // flag, falling there, ends Kelasu's game and not Veney's, which never took the clock (a
    // review found it ending Veney's).
    let mut a = kelasu_clock_running("veney-other-flag-later");
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 2_000);
    at(&mut a, 9_000);
    at(&mut a, 9_500);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        None,
        "Veney's game goes on"
    );
    assert!(
        kelasu_over(&a),
        "Kelasu's game, whose clock it is, is out of time"
    );
}

/// Kelasu's flag falls and the players undo to play on; Veney's game then takes a clock of its
/// own, and on the way back Kelasu's game brings back the clock it carries — flagged, as it was
/// saved. That flag ended the game once already: the game played on goes on (a review found it
/// ended again as the clock came back).
#[test]
fn a_grid_games_flagged_clock_brought_back_leaves_the_game_played_on() {
    let mut a = kelasu_clock_running("kelasu-flag-back");
    at(&mut a, 9_000);
    assert!(kelasu_over(&a), "Kelasu's flag fell");
    a.world_mut().write_message(veney::host::grid::Intent::Undo);
    at(&mut a, 9_100);
    assert!(!kelasu_over(&a), "undo plays on");
    screen(&mut a, veney::Screen::Veney);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 9_200);
    assert!(
        a.world().resource::<CurrentGame>().0.clock().is_some(),
        "Veney's game took the clock"
    );
    screen(&mut a, veney::Screen::Kelasu);
    at(&mut a, 9_300);
    let t = a.world().resource::<TableClock>();
    assert!(
        t.clock.as_ref().is_some_and(|c| c.flag(9_300).is_some()),
        "Kelasu's clock is back, flag down"
    );
    assert!(!kelasu_over(&a), "the game played on goes on");
}

/// A clock saved flagged (`clock.txt`) comes back flagged after a restart, and that flag is old
/// news: it ended its game when it fell, so it ends neither the fresh game the restart begins
/// (the finished game is not resumed) nor a game the players undid to play on (a review found
/// both ended by the restored flag at once).
#[test]
fn a_flag_brought_back_by_a_restart_ends_no_game() {
    for play_on in [false, true] {
        let dir = common::temp_dir(&format!("veney-clock-restart-flag-{play_on}"));
        let mut a = app_in(&dir);
        black_to_move_on_a_five_second_clock(&mut a);
        // Black's five seconds run out: the game ends (§2.0.R3).
        at(&mut a, 9_500);
        assert!(
            a.world()
                .resource::<CurrentGame>()
                .0
                .position()
                .is_game_over()
        );
        if play_on {
            common::send(&mut a, Command::Undo);
        }
        at(&mut a, 9_600);
        assert!(dir.join("clock.txt").exists());
        drop(a);
        let mut b = app_in(&dir);
        b.world_mut().resource_mut::<ClockNow>().0 = Some(0);
        for _ in 0..4 {
            b.update();
        }
        let g = &b.world().resource::<CurrentGame>().0;
        assert_eq!(g.position().outcome(), None, "played on: {play_on}");
        assert_eq!(g.actions().count(), if play_on { 2 } else { 0 });
        let t = b.world().resource::<TableClock>();
        assert!(
            t.clock.as_ref().is_some_and(|c| c.flag(0).is_some()),
            "the clock is back as it was, flag down"
        );
    }
}

/// The computer ends its turn and presses the table clock for its side, as a person presses
/// their own face (R-CLOCK-PRESS): the clock runs for the person again without anyone pressing
/// for the computer (a review found its clock running on).
#[test]
fn the_computer_presses_the_clock_when_its_turn_ends() {
    let mut a = app("veney-computer-press");
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    start_five_second_clock(&mut a);
    at(&mut a, 500);
    // White presses its own face, and plays SY3 to end its turn.
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 1_000);
    let state = |a: &App| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().map(|c| c.state(2_000))
    };
    assert_eq!(state(&a), Some(game_clock::State::Running(1)));
    white_plays_sy3(&mut a);
    at(&mut a, 2_000);
    let t0 = std::time::Instant::now();
    while a.world().resource::<CurrentGame>().0.position().turn() != Side::White {
        assert!(t0.elapsed().as_secs() < 60, "the computer's turn");
        a.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    a.update();
    a.update();
    assert_eq!(
        state(&a),
        Some(game_clock::State::Running(0)),
        "the computer pressed for Black"
    );
}

/// The computer ends its turn while its clock is paused: the press it owes is made when the
/// clock runs again, so the person's time runs on the person's turn (a review found the press
/// dropped, the computer's clock running on White's turn and White's own press refused).
#[test]
fn the_computer_presses_when_its_paused_clock_runs_again() {
    let mut a = app("veney-computer-paused-press");
    black_to_move_on_a_five_second_clock(&mut a);
    let state = |a: &App, ms| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().map(|c| c.state(ms))
    };
    assert_eq!(state(&a, 4_000), Some(game_clock::State::Running(1)));
    a.world_mut().write_message(ClockIntent::Pause);
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    at(&mut a, 4_100);
    assert_eq!(state(&a, 4_100), Some(game_clock::State::Paused(1)));
    let t0 = std::time::Instant::now();
    while a.world().resource::<CurrentGame>().0.position().turn() != Side::White {
        assert!(t0.elapsed().as_secs() < 60, "the computer's turn");
        a.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    at(&mut a, 4_200);
    assert_eq!(
        state(&a, 4_200),
        Some(game_clock::State::Paused(1)),
        "still paused"
    );
    a.world_mut().write_message(ClockIntent::Resume);
    at(&mut a, 4_300);
    assert_eq!(
        state(&a, 4_300),
        Some(game_clock::State::Running(0)),
        "the computer's owed press made: White's time runs"
    );
    // White's own press after its move is taken (a review found it refused).
    click(&mut a, "Y3");
    click(&mut a, "Y2");
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, None];
    common::send(&mut a, Command::Play(veney_rules::Action::EndTurn));
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 4_400);
    assert_eq!(state(&a, 4_400), Some(game_clock::State::Running(1)));
}

/// Against the computer, an undo on the computer's turn takes back the person's turn, and the
/// clock follows it: the person's press is taken back and the person's time runs, not the
/// computer's (a review found the computer's time running on the person's turn, the person's
/// press refused and the computer's flag falling as the person thought).
#[test]
fn an_undo_on_the_computers_turn_runs_the_persons_clock() {
    let mut a = app("veney-computer-undo-clock");
    black_to_move_on_a_five_second_clock(&mut a);
    let state = |a: &App, ms| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().map(|c| c.state(ms))
    };
    assert_eq!(state(&a, 4_000), Some(game_clock::State::Running(1)));
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    common::send(&mut a, Command::Undo);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().turn(),
        Side::White,
        "White's turn taken back"
    );
    at(&mut a, 4_500);
    assert_eq!(state(&a, 4_500), Some(game_clock::State::Running(0)));
    // White thinks past the computer's five seconds: no flag falls.
    at(&mut a, 8_000);
    assert!(
        a.world()
            .resource::<CurrentGame>()
            .0
            .position()
            .outcome()
            .is_none(),
        "no flag fell"
    );
    // White's own press after its move is taken.
    click(&mut a, "Y4");
    click(&mut a, "Y3");
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, None];
    common::send(&mut a, Command::Play(veney_rules::Action::EndTurn));
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 8_100);
    assert_eq!(state(&a, 8_100), Some(game_clock::State::Running(1)));
}

/// Against the computer, a new game begun while the clock stands at the computer's side (its
/// winning reply pressed nothing) hands the clock to the person who moves first (a review found
/// the computer's time running on the new game's first turn).
#[test]
fn a_new_game_against_the_computer_runs_the_persons_clock() {
    let mut a = app("veney-computer-new-game-clock");
    black_to_move_on_a_five_second_clock(&mut a);
    a.world_mut().write_message(ClockIntent::Pause);
    at(&mut a, 4_100);
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Strongest)];
    common::send(&mut a, Command::NewGame);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().turn(),
        Side::White
    );
    at(&mut a, 4_200);
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("the table's clock");
    assert_eq!(
        c.state(4_200),
        game_clock::State::Paused(0),
        "White's, paused"
    );
}

/// The person pressed late, after the computer had already answered: the computer's press,
/// owed, is made at once, and the person's time runs again on the person's turn.
#[test]
fn the_computer_answering_before_the_persons_press_presses_after_it() {
    let mut a = app("veney-computer-late-press");
    start_five_second_clock(&mut a);
    at(&mut a, 500);
    let state = |a: &App, ms| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().map(|c| c.state(ms))
    };
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    // White plays SY3 and ends its turn, but has not pressed when the computer answers.
    white_plays_sy3(&mut a);
    let t0 = std::time::Instant::now();
    while a.world().resource::<CurrentGame>().0.position().turn() != Side::White {
        assert!(t0.elapsed().as_secs() < 60, "the computer's turn");
        a.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    at(&mut a, 1_000);
    assert_eq!(state(&a, 1_000), Some(game_clock::State::Running(0)));
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 1_500);
    assert_eq!(
        state(&a, 1_500),
        Some(game_clock::State::Running(0)),
        "White's late press, then the computer's owed one: White to move, White's time runs"
    );
}

/// An acknowledgement of defeat undone brings the dying position back, and its clock cut; the
/// mate then undone too gives the mated player all its time back (a review found the second cut
/// overwriting the first, the time lost for good).
#[test]
fn a_mate_acknowledged_then_undone_gives_the_time_back() {
    let mut a = five_minutes_each("veney-throw-clock-acknowledged");
    throw_mates_at_two_seconds(&mut a);
    // White presses: Black's turn begins, cut.
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 2_000);
    assert!(black_left(&a) <= game_clock::DEFAULT_DYING_MOVE);
    common::send(&mut a, Command::Acknowledge);
    assert_eq!(dying(&a), None);
    common::send(&mut a, Command::Undo);
    assert_eq!(
        dying(&a),
        Some(Side::Black),
        "the acknowledgement taken back"
    );
    at(&mut a, 2_000);
    assert!(black_left(&a) <= game_clock::DEFAULT_DYING_MOVE);
    common::send(&mut a, Command::Undo);
    assert_eq!(dying(&a), None);
    at(&mut a, 2_000);
    assert_eq!(black_left(&a), 300_000, "Black's five minutes back");
}

/// The computer's Obscurant Chaos trap cuts the person's turn short (§2.0.18): the trap ended
/// it, so the person's face is pressed for them and the computer's own time runs for its turn
/// (a review found the person's clock running on through the computer's whole turn).
#[test]
fn the_computers_trap_presses_the_persons_clock() {
    let r = std::sync::Arc::new(veney_rules::Rules::standard());
    let p = common::black_steps_onto_whites_trap(&r);
    trap_presses_the_persons_clock(r, p, "veney-trap-clock");
    // With the person's own Donkey on the board, which moves between the cut turn and the
    // invocation (R-CAST; a review found the press missed then).
    let mut o = veney_rules::Rules::standard().options.clone();
    o.donkey = true;
    let r = std::sync::Arc::new(veney_rules::Rules::standard_with(o));
    let p = common::black_steps_onto_whites_trap(&r);
    let p = veney_rules::Position::from_text(&r, &format!("{} donkey=bZ5", p.to_text(&r))).unwrap();
    trap_presses_the_persons_clock(r, p, "veney-trap-clock-donkey");
}

fn trap_presses_the_persons_clock(
    r: std::sync::Arc<veney_rules::Rules>,
    p: veney_rules::Position,
    name: &str,
) {
    let dir = common::temp_dir(name);
    let mut a = App::new();
    a.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(veney::Screen::Veney)
        .insert_resource(veney::host::grid::SaveRoot(dir.clone()))
        .insert_resource(SaveDir(dir))
        .insert_resource(CurrentGame(veney_rules::Game::from_position_seeded(
            r.clone(),
            p,
            1,
        )));
    a.add_plugins(veney::game_plugins);
    a.update();
    // The strongest level thinks for seconds: its own turn does not come in the frames below.
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [Some(game_ai::Level::Strongest), None];
    {
        let mut t = a.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::SuddenDeath;
        t.setup.minutes = [5.0, 5.0];
    }
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    // Black (the person) steps its Cloak onto the trap at one second: the computer springs it.
    at(&mut a, 1_000);
    click(&mut a, "X8");
    click(&mut a, "W6");
    let sprung = |a: &App| {
        !a.world()
            .resource::<CurrentGame>()
            .0
            .position()
            .chaos_spent(Side::White)
            .is_empty()
    };
    for _ in 0..10 {
        if sprung(&a) {
            break;
        }
        a.update();
    }
    assert!(sprung(&a), "sprung at one second");
    a.update();
    a.update();
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().unwrap();
    assert_eq!(
        c.state(3_000),
        game_clock::State::Running(0),
        "the computer's time runs for its turn"
    );
    assert_eq!(
        c.remaining(1, 3_000),
        300_000 - 1_000,
        "Black's clock stopped when the trap cut its turn"
    );
}

/// README: "Going from one game's screen to another's brings the other game's own clock back,
/// paused". The game left keeps its clock as it stood when left — the running side charged the
/// time it spent — not as it stood at its last press (a review found Veney's White given back
/// the minute spent before Kelasu's screen was opened, and the same the other way).
#[test]
fn going_to_another_games_clock_and_back_gives_no_time_back() {
    let mut a = five_minutes_each("clock-switch-no-refund");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    screen(&mut a, veney::Screen::Kelasu);
    a.world_mut()
        .write_message(veney::packs::kelasu::NewKelasu {
            options: Default::default(),
            position: None,
        });
    at(&mut a, 0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    a.world_mut().write_message(ClockIntent::Pause);
    at(&mut a, 1_000);
    // Veney's game takes a clock of its own; White thinks for a minute.
    screen(&mut a, veney::Screen::Veney);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 2_000);
    at(&mut a, 62_000);
    let remaining = |a: &App, seat: usize, now: u64| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().expect("a clock").remaining(seat, now)
    };
    assert_eq!(remaining(&a, 0, 62_000), 240_000);
    screen(&mut a, veney::Screen::Kelasu);
    at(&mut a, 62_000);
    assert_eq!(
        remaining(&a, 0, 62_000),
        299_000,
        "Kelasu's own clock, paused"
    );
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 63_000);
    assert_eq!(
        remaining(&a, 0, 63_000),
        240_000,
        "White's minute stays spent"
    );
    // The other way: Kelasu's Blue thinks for half a minute, and Veney's screen is opened.
    screen(&mut a, veney::Screen::Kelasu);
    at(&mut a, 63_000);
    a.world_mut().write_message(ClockIntent::Resume);
    at(&mut a, 63_000);
    at(&mut a, 93_000);
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 93_000);
    screen(&mut a, veney::Screen::Kelasu);
    at(&mut a, 94_000);
    assert_eq!(
        remaining(&a, 0, 94_000),
        269_000,
        "Blue's half minute stays spent"
    );
}

/// §2.0.22 Turn Penalty: "the move is reset and the turn skipped" — the caller moves next. A
/// call made before the offender pressed its face presses it for the offender: the caller's
/// clock runs (a review found the offender's clock running on through the caller's turn).
#[test]
fn a_turn_skipping_call_before_the_press_runs_the_callers_clock() {
    let mut a = sand_sword_on_a_clock(
        "veney-turn-penalty-clock",
        veney_rules::options::UntenablePolicy::TurnPenalty,
    );
    at(&mut a, 1_000);
    let state = |a: &App, now: u64| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().map(|c| c.state(now))
    };
    assert_eq!(state(&a, 1_000), Some(game_clock::State::Running(0)));
    common::send(&mut a, Command::CallUntenable);
    at(&mut a, 1_000);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().turn(),
        Side::Black,
        "White's turn is skipped"
    );
    assert_eq!(state(&a, 1_000), Some(game_clock::State::Running(1)));
}

/// A new standard game under the Time Penalty policy (§2.0.22), played to White's second turn:
/// White's Self to Y3, Black's engagement to X10.
fn time_penalty_game_at_whites_second_turn(a: &mut App) {
    let o = veney_rules::options::RuleOptions {
        untenable: veney_rules::options::UntenablePolicy::TimePenalty,
        ..Default::default()
    };
    let std = veney::packs::veney::game::standard_set_path();
    common::send(a, Command::NewGameWith(o, [std.clone(), std]));
    white_plays_sy3(a);
    common::send(a, Command::Enter("eX10".into()));
}

/// §2.0.22 Time Penalty: "the player receives a penalty reduction to their time control". The
/// call undone takes its penalty back off the clock with it (a review found the time kept lost,
/// and paid twice when the same move was made and called again).
#[test]
fn a_time_penalty_undone_gives_the_time_back() {
    let mut a = five_minutes_each("veney-time-penalty-undo");
    time_penalty_game_at_whites_second_turn(&mut a);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().turn(),
        Side::White
    );
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    // White's Sword beyond its range constraint (§2.0.03), played with sand; Black calls it.
    common::send(&mut a, Command::Enter("$X9".into()));
    at(&mut a, 1_000);
    common::send(&mut a, Command::CallUntenable);
    at(&mut a, 2_000);
    let white = |a: &App| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().expect("a clock").remaining(0, 2_000)
    };
    let penalty = a
        .world()
        .resource::<TableClock>()
        .clock
        .as_ref()
        .unwrap()
        .agreed()
        .penalty;
    assert!(penalty > 0);
    assert_eq!(white(&a), 298_000 - penalty, "the penalty paid");
    common::send(&mut a, Command::Undo);
    at(&mut a, 2_000);
    assert_eq!(white(&a), 298_000, "the penalty given back");
    // Redone, the call is paid again (a review found the redone call left unpaid).
    common::send(&mut a, Command::Redo);
    at(&mut a, 2_000);
    assert_eq!(white(&a), 298_000 - penalty, "the penalty paid again");
    common::send(&mut a, Command::Undo);
    at(&mut a, 2_000);
    assert_eq!(white(&a), 298_000, "and given back again");
}

/// The status line's news.
fn said(a: &App) -> String {
    a.world()
        .resource::<veney::packs::veney::game::Status>()
        .info
        .clone()
        .unwrap_or_default()
}

/// §2.0.22 Time Penalty: "the player receives a penalty reduction to their time control" —
/// with no clock on the table the call says no time is taken, not that a penalty was (a review
/// found the policy playing as Friendly while the status claimed a penalty); with one, it does
/// not say so.
#[test]
fn a_time_penalty_called_with_no_clock_says_no_time_is_taken() {
    let mut a = app("veney-penalty-no-clock");
    time_penalty_game_at_whites_second_turn(&mut a);
    assert!(a.world().resource::<TableClock>().clock.is_none());
    // White's Sword beyond its range constraint (§2.0.03), played with sand; Black calls it.
    common::send(&mut a, Command::Enter("$X9".into()));
    common::send(&mut a, Command::CallUntenable);
    let words = said(&a);
    assert!(
        words.contains("a time penalty") && words.contains("no time is taken"),
        "{words}"
    );
    // With the clock running, the penalty is taken and nothing more is said.
    let mut a = sand_sword_on_a_clock(
        "veney-penalty-clock",
        veney_rules::options::UntenablePolicy::TimePenalty,
    );
    common::send(&mut a, Command::CallUntenable);
    let words = said(&a);
    assert!(
        words.contains("a time penalty") && !words.contains("no time is taken"),
        "{words}"
    );
}

/// README: a grid game's autosave follows "a new game once something is played in it, so
/// "Start" never overwrites the last game before then" — the clock handed back to a new Kelasu
/// game when Veney's clock takes the table included (a review found the empty new game written
/// over the last one). And Veney's own clock, paused as it was left, is in Veney's autosave at
/// once (its autosave runs on its screen only: a restart from another screen gave the time
/// back).
#[test]
fn a_clock_handed_back_keeps_each_games_autosave_right() {
    let mut a = five_minutes_each("clock-switch-autosave");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    let new_kelasu = |a: &mut App| {
        a.world_mut()
            .write_message(veney::packs::kelasu::NewKelasu {
                options: Default::default(),
                position: None,
            })
    };
    // Kelasu: a game with a move in it takes a clock of its own, then pauses it.
    screen(&mut a, veney::Screen::Kelasu);
    new_kelasu(&mut a);
    at(&mut a, 0);
    a.world_mut()
        .write_message(veney::host::grid::Intent::Play(0));
    at(&mut a, 0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    a.world_mut().write_message(ClockIntent::Pause);
    at(&mut a, 500);
    let auto = a
        .world()
        .resource::<veney::host::grid::ActiveMatch>()
        .autosave_path();
    // Veney's game, one move in, takes a clock of its own; White's runs for half a minute.
    screen(&mut a, veney::Screen::Veney);
    white_plays_sy3(&mut a);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 1_000);
    at(&mut a, 31_000);
    // Back to Kelasu's game, whose clock comes back: Veney's autosave holds Veney's clock
    // paused as it was left.
    screen(&mut a, veney::Screen::Kelasu);
    at(&mut a, 31_000);
    let dir = a.world().resource::<SaveDir>().clone();
    let text = std::fs::read_to_string(dir.autosave()).unwrap();
    let clock = text
        .lines()
        .find(|l| l.starts_with("[Clock "))
        .expect("the clock in Veney's autosave");
    assert!(clock.contains("paused"), "{clock}");
    // A new Kelasu game with nothing in it takes a clock; Veney's screen takes the table back:
    // the new game's clock is handed back to it, but its empty game is not written over the
    // last game's autosave.
    let first = std::fs::read_to_string(&auto).expect("the first game autosaved");
    new_kelasu(&mut a);
    at(&mut a, 32_000);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 32_000);
    at(&mut a, 40_000);
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 40_000);
    assert_eq!(
        std::fs::read_to_string(&auto).unwrap(),
        first,
        "the last game's autosave stands"
    );
}

/// A grid game's review stays where it is when the clock is pressed (the clock's time is written
/// into the match at each press): only undo, redo, a load and Esc return to live (a review found
/// a press on the clock throwing the reviewer back to live).
#[test]
fn a_clock_press_keeps_a_grid_review() {
    use veney::host::grid::{GridReview, Intent};
    let mut a = kelasu_clock_running("review-press");
    // One action played, so the start is an earlier position (the live one is no review).
    a.world_mut().write_message(Intent::Play(0));
    a.update();
    a.world_mut().write_message(Intent::Review(Some(0)));
    a.update();
    assert_eq!(a.world().resource::<GridReview>().0, Some(0));
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 2_000);
    let t = a.world().resource::<TableClock>();
    assert_eq!(
        t.clock.as_ref().unwrap().to_move(),
        Some(1),
        "the press went through"
    );
    assert_eq!(a.world().resource::<GridReview>().0, Some(0));
}

/// On the computer's turn, while the person reviews the move list, the computer's move waits
/// for the return to live: its clock is paused meanwhile and runs again on the return (a review
/// found the computer losing on time while the person looked back).
#[test]
fn the_computers_clock_is_paused_while_its_move_waits_for_a_review() {
    let mut a = app("review-pauses");
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Strongest)];
    black_to_move_on_a_five_second_clock(&mut a);
    let state = |a: &App, ms: u64| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().unwrap().state(ms)
    };
    assert_eq!(state(&a, 4_000), game_clock::State::Running(1));
    let played = a.world().resource::<CurrentGame>().0.actions().count();
    common::send(&mut a, Command::View(Some(0)));
    at(&mut a, 5_000);
    assert!(
        matches!(state(&a, 5_000), game_clock::State::Paused(1)),
        "{:?}",
        state(&a, 5_000)
    );
    // A minute of looking back costs the computer nothing, and its move waits.
    for _ in 0..50 {
        a.update();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    at(&mut a, 65_000);
    assert!(matches!(state(&a, 65_000), game_clock::State::Paused(1)));
    assert_eq!(
        a.world().resource::<CurrentGame>().0.actions().count(),
        played,
        "the computer's move waits for the return to live"
    );
    common::send(&mut a, Command::View(None));
    at(&mut a, 65_000);
    assert_eq!(state(&a, 65_000), game_clock::State::Running(1));
    let left = a
        .world()
        .resource::<TableClock>()
        .clock
        .as_ref()
        .unwrap()
        .remaining(1, 65_000);
    // Paused the moment the review began (at 4 s, Black's turn just begun): its whole five
    // seconds are still there.
    assert_eq!(left, 5_000);
}

/// The state of the table clock at `ms`.
fn clock_state(a: &App, ms: u64) -> Option<game_clock::State> {
    let t = a.world().resource::<TableClock>();
    t.clock.as_ref().map(|c| c.state(ms))
}

/// Leaving Veney's board while the computer's clock runs pauses it: the computer thinks and
/// plays only on its board, so its flag fell while the person read the title (a review found
/// the computer losing on time so). Coming back runs the clock again, and the computer plays.
#[test]
fn leaving_the_board_pauses_the_computers_clock_until_the_return() {
    let mut a = app("veney-computer-away");
    black_to_move_on_a_five_second_clock(&mut a);
    // The computer takes Black, to move, and the title is opened the next frame (the
    // computer's search, begun, is not played before: it plays only on its board).
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    a.update();
    a.world_mut()
        .write_message(veney::host::OpenScreen(veney::Screen::Title));
    at(&mut a, 4_000);
    at(&mut a, 30_000);
    assert_eq!(clock_state(&a, 30_000), Some(game_clock::State::Paused(1)));
    assert_eq!(
        a.world()
            .resource::<TableClock>()
            .clock
            .as_ref()
            .unwrap()
            .remaining(1, 30_000),
        5_000,
        "no time spent by the computer away from its board"
    );
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 30_500);
    assert!(
        matches!(clock_state(&a, 30_500), Some(game_clock::State::Running(_))),
        "{:?}",
        clock_state(&a, 30_500)
    );
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        None,
        "the computer is not out of time"
    );
}

/// The same for a grid game: Kelasu's computer, to move, is not flagged while the title shows.
#[test]
fn leaving_a_grid_board_pauses_the_computers_clock_until_the_return() {
    let mut a = kelasu_clock_running("kelasu-computer-away");
    let to_move = {
        let m = a.world().resource::<veney::host::grid::ActiveMatch>();
        m.decider().unwrap().index()
    };
    assert_eq!(
        clock_state(&a, 1_000),
        Some(game_clock::State::Running(to_move))
    );
    a.world_mut()
        .resource_mut::<veney::host::grid::ComputerSeats>()
        .0[to_move] = Some(game_ai::Level::Beginner);
    a.update();
    a.world_mut()
        .write_message(veney::host::OpenScreen(veney::Screen::Title));
    at(&mut a, 1_000);
    at(&mut a, 30_000);
    assert_eq!(
        clock_state(&a, 30_000),
        Some(game_clock::State::Paused(to_move))
    );
    assert!(!kelasu_over(&a), "the computer is not out of time");
    screen(&mut a, veney::Screen::Kelasu);
    // Frames until the clock runs again, bounded in real time (the computer's search runs off
    // the main thread; a loaded machine once needed more than two frames here).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        at(&mut a, 30_500);
        let running = matches!(clock_state(&a, 30_500), Some(game_clock::State::Running(_)));
        if running || std::time::Instant::now() > deadline {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(
        matches!(clock_state(&a, 30_500), Some(game_clock::State::Running(_))),
        "{:?}",
        clock_state(&a, 30_500)
    );
    assert!(!kelasu_over(&a));
}

/// A flag that fell on Veney's clock while the title showed ends Veney's game even when another
/// game's own clock takes the table before the return (a review found the flagged clock dropped
/// at the switch and Veney's older form brought back, paused: the game played on).
#[test]
fn a_flag_fallen_on_the_title_is_kept_through_another_games_clock() {
    let mut a = kelasu_clock_running("veney-flag-via-kelasu");
    screen(&mut a, veney::Screen::Veney);
    white_plays_sy3(&mut a);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 2_000);
    assert_eq!(clock_state(&a, 2_000), Some(game_clock::State::Running(1)));
    screen(&mut a, veney::Screen::Title);
    // Black's five seconds run out on the title; then Kelasu's game, with its clock, is opened.
    at(&mut a, 10_000);
    screen(&mut a, veney::Screen::Kelasu);
    at(&mut a, 10_500);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        Some(Outcome::OutOfTime {
            winner: Side::White
        }),
        "ended as its clock left the table"
    );
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 11_000);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        Some(Outcome::OutOfTime {
            winner: Side::White
        })
    );
}

/// Veney's clock on the table, a Kelasu game begun with no clock: the clock's faces keep
/// Veney's names until Kelasu's game uses it (a review found Veney's White labelled "Red").
#[test]
fn another_games_clock_keeps_its_players_names() {
    let mut a = app("veney-clock-names");
    start_five_second_clock(&mut a);
    at(&mut a, 1_000);
    let names = |a: &App| a.world().resource::<TableClock>().names.clone();
    assert_eq!(names(&a), Some(["White".to_string(), "Black".to_string()]));
    screen(&mut a, veney::Screen::Kelasu);
    a.world_mut()
        .write_message(veney::packs::kelasu::NewKelasu {
            options: Default::default(),
            position: None,
        });
    at(&mut a, 1_500);
    at(&mut a, 2_000);
    assert_eq!(names(&a), Some(["White".to_string(), "Black".to_string()]));
}

/// Kelasu's clock left running on the table, Veney's game (no clock of its own) mated by touch:
/// Kelasu's clock is not cut, and stays Kelasu's (a review found Veney's checkmate cutting the
/// other game's seat and so taking its clock over).
#[test]
fn veneys_mate_leaves_another_games_clock_alone() {
    let mut a = kelasu_clock_running("veney-mate-other-clock");
    let before = |a: &App, ms| {
        let t = a.world().resource::<TableClock>();
        let c = t.clock.as_ref().unwrap();
        [c.remaining(0, ms), c.remaining(1, ms)]
    };
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 1_500);
    let was = before(&a, 1_500);
    let r = std::sync::Arc::new(veney_rules::Rules::standard());
    let seed = common::hitting_seed(&r);
    let p = common::dagger_throw_position(&r);
    a.world_mut().resource_mut::<CurrentGame>().0 =
        veney_rules::Game::from_position_seeded(r.clone(), p, seed);
    at(&mut a, 1_500);
    let sq = |s: &str| Square::parse(s).unwrap();
    common::send(&mut a, Command::Click(sq("X5")));
    common::send(&mut a, Command::Click(sq("X8")));
    common::send(&mut a, Command::Roll);
    assert_eq!(dying(&a), Some(Side::Black));
    at(&mut a, 1_500);
    assert_eq!(before(&a, 1_500), was, "Kelasu's clock not cut");
    assert_eq!(
        a.world()
            .resource::<veney::host::table_clock::ClockShownFor>()
            .0,
        Some(veney::Screen::Kelasu)
    );
    assert!(a.world().resource::<CurrentGame>().0.clock().is_none());
}

/// Veney's game ended (Black resigns) stops its clock: no flag falls under the banner; the
/// resignation taken back runs it again (the grid games' test is in kelasu_app.rs).
#[test]
fn a_resignation_stops_veneys_clock_and_its_undo_runs_it_again() {
    let mut a = app("veney-resign-stops-clock");
    black_to_move_on_a_five_second_clock(&mut a);
    common::send(&mut a, Command::ResignAs(Side::Black));
    assert!(
        a.world()
            .resource::<CurrentGame>()
            .0
            .position()
            .is_game_over()
    );
    at(&mut a, 4_500);
    at(&mut a, 30_000);
    assert_eq!(clock_state(&a, 30_000), Some(game_clock::State::Paused(1)));
    common::send(&mut a, Command::Undo);
    at(&mut a, 30_000);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        None
    );
    assert_eq!(clock_state(&a, 30_000), Some(game_clock::State::Running(1)));
}

/// Black moved and had not pressed when White, to move, resigned: the resignation undone, the
/// clock runs for White again by Black's face pressed — White's own press of the turn before
/// stands (a review found it taken back, White's earlier turn given back whole, Black's turn
/// charged on; `hand_to` now takes back only a press of a turn the undo took back).
#[test]
fn an_undone_resignation_keeps_the_earlier_press_of_the_side_that_resigned() {
    let mut a = five_minutes_each("veney-resign-unpressed");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    white_plays_sy3(&mut a);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 1_000);
    click(&mut a, "X13");
    click(&mut a, "W12");
    common::send(&mut a, Command::Play(veney_rules::Action::EndTurn));
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().turn(),
        Side::White,
        "Black moved (and did not press)"
    );
    at(&mut a, 2_000);
    common::send(&mut a, Command::ResignAs(Side::White));
    at(&mut a, 3_000);
    assert_eq!(clock_state(&a, 3_000), Some(game_clock::State::Paused(1)));
    common::send(&mut a, Command::Undo);
    at(&mut a, 4_000);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        None
    );
    assert_eq!(clock_state(&a, 4_000), Some(game_clock::State::Running(0)));
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().unwrap();
    assert_eq!(
        c.undo_depth(),
        2,
        "White's press stands, Black's face pressed"
    );
    assert_eq!(
        c.remaining(0, 4_000),
        299_000,
        "White's turn from 0 to 1 s only"
    );
    assert!(c.remaining(1, 4_000) < 300_000, "Black's turn charged");
}

/// A clock the players start again over the finished game (to time the rematch before its New
/// game) runs: the game's end paused the clock once, not every frame after (a review found it
/// paused again at once).
#[test]
fn a_clock_started_over_a_finished_game_runs() {
    let mut a = app("veney-restart-clock-over");
    black_to_move_on_a_five_second_clock(&mut a);
    common::send(&mut a, Command::ResignAs(Side::Black));
    at(&mut a, 4_500);
    assert_eq!(clock_state(&a, 4_500), Some(game_clock::State::Paused(1)));
    a.world_mut().write_message(ClockIntent::Reset);
    at(&mut a, 5_000);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 5_000);
    at(&mut a, 6_000);
    assert!(
        matches!(clock_state(&a, 6_000), Some(game_clock::State::Running(_))),
        "{:?}",
        clock_state(&a, 6_000)
    );
}

/// Veney's clock used on another game's screen becomes that game's; Veney's game is handed its
/// clock as it stood then, paused, and a flag fallen meanwhile (README: "the time its side spent
/// is not given back when it comes back"; "A flag that falls ends the game whose clock it is").
/// A review found Veney's game given back its older form on return: the flag lost, the time
/// since the last press refunded.
#[test]
fn another_game_taking_veneys_clock_hands_it_back_as_it_stands() {
    // The flag: Black's five seconds run from 4 s and run out at 9 s, on Kelasu's screen.
    let mut a = app("veney-clock-taken-flag");
    black_to_move_on_a_five_second_clock(&mut a);
    screen(&mut a, veney::Screen::Kelasu);
    a.world_mut()
        .write_message(veney::packs::kelasu::NewKelasu {
            options: Default::default(),
            position: None,
        });
    at(&mut a, 10_000);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 12_000);
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 13_000);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        Some(veney_rules::outcome::Outcome::OutOfTime {
            winner: Side::White
        }),
        "Black's flag fell on Veney's clock"
    );
    // The time: White's 61 seconds spent before the clock is pressed on Kelasu's screen (at 61 s)
    // stay spent.
    let mut a = five_minutes_each("veney-clock-taken-time");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    a.world_mut().write_message(ClockIntent::Start);
    at(&mut a, 0);
    screen(&mut a, veney::Screen::Kelasu);
    a.world_mut()
        .write_message(veney::packs::kelasu::NewKelasu {
            options: Default::default(),
            position: None,
        });
    at(&mut a, 60_000);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 61_000);
    screen(&mut a, veney::Screen::Veney);
    at(&mut a, 62_000);
    let t = a.world().resource::<TableClock>();
    assert_eq!(
        t.clock
            .as_ref()
            .expect("Veney's clock back")
            .remaining(0, 62_000),
        239_000,
        "White's 61 seconds stay spent"
    );
}

/// A move typed with its call's mark (`$X9U`, §2.0.R5: "a time penalty … marked U") is played
/// and called at once: the table clock takes the penalty as for a call made with the button (a
/// review found the game's count raised, the clock uncharged, and its undo then giving back
/// time never taken).
#[test]
fn a_call_typed_with_its_mark_charges_the_clock() {
    let mut a = penalty_game_on_a_clock(
        "veney-typed-call-clock",
        veney_rules::options::UntenablePolicy::TimePenalty,
    );
    common::send(&mut a, Command::Enter("$X9U".into()));
    at(&mut a, 1_000);
    let game = &a.world().resource::<CurrentGame>().0;
    assert_eq!(
        game.position().turn(),
        Side::White,
        "the offender moves again"
    );
    assert_eq!(game.call_offender(), None, "called");
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("a clock");
    let penalty = c.agreed().penalty;
    assert_eq!(c.remaining(0, 1_000), 299_000 - penalty, "the penalty paid");
    let verdict = a
        .world()
        .resource::<veney::host::companion::EntryVerdict>()
        .0
        .clone();
    assert!(
        matches!(
            verdict,
            Some(veney::host::companion::Verdict::Called { .. })
        ),
        "{verdict:?}"
    );
}

/// §2.0.22 Time Penalty called when the caller had not pressed after its own move: the
/// offender's press of its turn before stands (it is no press of the move called), the
/// caller's face is pressed, and the offender's time runs less the penalty (a review found the
/// offender's earlier press taken back: its earlier turn given back whole, the caller's time
/// since refunded).
#[test]
fn a_call_before_the_callers_own_press_takes_no_earlier_press_back() {
    let mut a = penalty_game_on_a_clock(
        "veney-call-unpressed-caller",
        veney_rules::options::UntenablePolicy::TimePenalty,
    );
    white_plays_sy3(&mut a);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 1_000);
    // Black moves and does not press; White's Sword beyond its range constraint, with sand.
    common::send(&mut a, Command::Enter("eX10".into()));
    at(&mut a, 2_000);
    common::send(&mut a, Command::Enter("$X9".into()));
    at(&mut a, 3_000);
    common::send(&mut a, Command::CallUntenable);
    at(&mut a, 4_000);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().turn(),
        Side::White,
        "the offender moves again"
    );
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("a clock");
    let penalty = c.agreed().penalty;
    assert_eq!(c.state(4_000), game_clock::State::Running(0));
    assert_eq!(
        c.undo_depth(),
        2,
        "White's press stands, Black's face pressed"
    );
    // The call was made at 3 s (its frame), Black's face pressed then.
    assert_eq!(
        c.remaining(1, 3_000),
        298_000,
        "Black's time ran from 1 s to 3 s"
    );
    assert_eq!(
        c.remaining(0, 3_000),
        299_000 - penalty,
        "White's, less the penalty"
    );
}

/// The offender pressed right after the move called, then ended its turn (no move: the call
/// stays open, R-UNTENABLE-CALL): that press is the one taken back — a press marked before the
/// turn's ending still came after the move (a review found it judged an earlier press, the
/// caller's face pressed instead).
#[test]
fn a_press_before_the_offender_ends_its_turn_is_taken_back_by_the_call() {
    let mut a = sand_sword_on_a_clock(
        "veney-call-press-then-end",
        veney_rules::options::UntenablePolicy::TimePenalty,
    );
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 1_000);
    common::send(&mut a, Command::Play(veney_rules::Action::EndTurn));
    at(&mut a, 2_000);
    assert!(a.world().resource::<CurrentGame>().0.callable());
    common::send(&mut a, Command::CallUntenable);
    at(&mut a, 3_000);
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("a clock");
    assert_eq!(c.state(3_000), game_clock::State::Running(0));
    assert_eq!(c.undo_depth(), 0, "White's press taken back");
    assert_eq!(c.remaining(1, 3_000), 300_000, "Black's time given back");
}

/// The offender pressed after its turn's first move, then made the move called (a Sword out of
/// its range in concert): that press is the offender's, in the turn the call takes back, and
/// is taken back (a review found it judged a press of an earlier turn, the caller's face
/// pressed and charged for the offender's thinking).
#[test]
fn a_press_after_the_first_move_of_the_turn_called_is_taken_back() {
    let mut a = penalty_game_on_a_clock(
        "veney-call-press-then-concert",
        veney_rules::options::UntenablePolicy::TimePenalty,
    );
    click(&mut a, "Y4");
    click(&mut a, "Y3");
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 1_000);
    common::send(&mut a, Command::Enter("$X9".into()));
    at(&mut a, 2_000);
    assert!(
        a.world().resource::<CurrentGame>().0.callable(),
        "the concert move is untenable and open to call"
    );
    common::send(&mut a, Command::CallUntenable);
    at(&mut a, 3_000);
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("a clock");
    assert_eq!(c.state(3_000), game_clock::State::Running(0));
    assert_eq!(c.undo_depth(), 0, "White's press taken back");
}

/// Between people, a call that skips the offender's turn after they pressed owes no press for
/// them: Black's own press later runs White's time and it stays so (a review found the press
/// owed for White, made as Black pressed, Black's time running through White's turn).
#[test]
fn a_call_after_the_offender_pressed_owes_no_press_between_people() {
    let mut a = sand_sword_on_a_clock(
        "veney-call-no-owed-press",
        veney_rules::options::UntenablePolicy::TurnPenalty,
    );
    common::send(&mut a, Command::Play(veney_rules::Action::EndTurn));
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 1_000);
    common::send(&mut a, Command::CallUntenable);
    at(&mut a, 2_000);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().turn(),
        Side::Black,
        "White's turn skipped"
    );
    common::send(&mut a, Command::Enter("SX12".into()));
    a.world_mut().write_message(ClockIntent::Press(1));
    at(&mut a, 3_000);
    at(&mut a, 4_000);
    let t = a.world().resource::<TableClock>();
    assert_eq!(
        t.clock.as_ref().unwrap().state(4_000),
        game_clock::State::Running(0),
        "White's time runs after Black's press"
    );
}

/// The computer's move waits while the New game dialog stands open (its seats are the next
/// game's), and its clock is paused meanwhile, running again when the dialog closes (a review
/// found its flag falling behind the dialog).
#[test]
fn the_computers_clock_waits_behind_the_new_game_dialog() {
    let mut a = app("dialog-holds-clock");
    white_plays_sy3(&mut a);
    // (The dialog is the UI's: headless, made here.)
    a.world_mut()
        .init_resource::<veney::packs::veney::panels::NewGameDialog>();
    a.world_mut()
        .resource_mut::<veney::packs::veney::panels::NewGameDialog>()
        .open = true;
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    start_five_second_clock(&mut a);
    at(&mut a, 4_000);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 4_000);
    at(&mut a, 4_100);
    let paused = |a: &App| {
        let c = a.world().resource::<TableClock>().clock.clone().unwrap();
        matches!(c.state(4_100), game_clock::State::Paused(_))
    };
    assert!(paused(&a), "paused behind the dialog");
    // Long after Black's five seconds, no flag: the clock waited.
    at(&mut a, 20_000);
    assert_eq!(
        a.world().resource::<CurrentGame>().0.position().outcome(),
        None
    );
    a.world_mut()
        .resource_mut::<veney::packs::veney::panels::NewGameDialog>()
        .open = false;
    at(&mut a, 20_100);
    let c = a.world().resource::<TableClock>().clock.clone().unwrap();
    assert!(
        !matches!(c.state(20_100), game_clock::State::Paused(_)),
        "running again"
    );
}

/// While the computer waits for the person's answer about the person's trap (§2.0.18: spring
/// it, or let it pass), its clock is paused, and runs again once answered (a review found its
/// flag falling while the person held the answer back).
#[test]
fn the_computers_clock_waits_over_the_persons_trap() {
    let mut a = app("trap-holds-clock");
    let r = std::sync::Arc::new(veney_rules::Rules::standard());
    let p = common::black_steps_onto_whites_trap(&r);
    a.world_mut().resource_mut::<CurrentGame>().0 =
        veney_rules::Game::from_position_seeded(r.clone(), p, 1);
    a.update();
    // Black's Cloak onto the stone on White's trap: Black's double move in process.
    click(&mut a, "X8");
    click(&mut a, "W6");
    assert!(
        !a.world()
            .resource::<CurrentGame>()
            .0
            .springable_traps()
            .is_empty()
    );
    a.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    start_five_second_clock(&mut a);
    at(&mut a, 100);
    at(&mut a, 200);
    let state = |a: &App, ms| {
        a.world()
            .resource::<TableClock>()
            .clock
            .clone()
            .unwrap()
            .state(ms)
    };
    assert!(
        matches!(state(&a, 200), game_clock::State::Paused(_)),
        "paused while the computer waits"
    );
    common::send(&mut a, Command::LetTrapPass);
    at(&mut a, 300);
    assert!(
        !matches!(state(&a, 300), game_clock::State::Paused(_)),
        "running again once answered"
    );
}

/// Kelasu against the computer: its move waits behind the New game dialog (`GridBlocked`), and
/// its clock waits with it, as Veney's does; closing the dialog runs it again (a review found
/// the grid games' computer losing on time behind the dialog).
#[test]
fn a_grid_computers_clock_waits_behind_the_new_game_dialog() {
    use veney::host::grid::{ComputerSeats, GridBlocked};
    let mut a = kelasu_clock_running("grid-dialog-holds-clock");
    // The dialog stands open as the computer takes the seat to move (Blue, the first).
    a.world_mut().resource_mut::<GridBlocked>().0 = true;
    a.world_mut().resource_mut::<ComputerSeats>().0 = [Some(game_ai::Level::Beginner), None];
    at(&mut a, 1_100);
    assert!(
        matches!(clock_state(&a, 1_100), Some(game_clock::State::Paused(0))),
        "paused behind the dialog: {:?}",
        clock_state(&a, 1_100)
    );
    // Long past the five seconds: no flag.
    at(&mut a, 20_000);
    assert!(!kelasu_over(&a), "the computer's flag waited");
    a.world_mut().resource_mut::<GridBlocked>().0 = false;
    at(&mut a, 20_100);
    assert!(
        !matches!(clock_state(&a, 20_100), Some(game_clock::State::Paused(_))),
        "running again: {:?}",
        clock_state(&a, 20_100)
    );
}

/// A call made on a clock whose flag has fallen (the time-out undone to play on, "Play on"):
/// there is no press of the offender's to take back, so the clock stays as it is — no earlier
/// press undone, no flag lifted, no other side's clock run (a review found Black's clock running
/// while White had to move again, and Black then losing on time).
#[test]
fn a_call_on_a_fallen_flag_takes_no_press_back() {
    let mut a = app("veney-flag-call");
    start_five_second_clock(&mut a);
    at(&mut a, 1_000);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 1_000);
    a.world_mut().write_message(ClockIntent::Press(1));
    at(&mut a, 2_000);
    // White's five seconds from 2 s run out at 7 s.
    at(&mut a, 8_000);
    let flagged = |a: &App| matches!(clock_state(a, 8_000), Some(game_clock::State::Flagged(f)) if f.seat == 0);
    assert!(flagged(&a), "{:?}", clock_state(&a, 8_000));
    for call in [
        ClockIntent::TurnBack(0, None),
        ClockIntent::TimePenalty(0, None),
    ] {
        a.world_mut().write_message(call);
        at(&mut a, 8_000);
        assert!(flagged(&a), "{call:?}: {:?}", clock_state(&a, 8_000));
        assert_eq!(
            a.world()
                .resource::<TableClock>()
                .clock
                .as_ref()
                .unwrap()
                .undo_depth(),
            2,
            "{call:?}: no press taken back"
        );
    }
}

/// The mirror: the caller's flag fell after the offender pressed (then undone in the game to play
/// on): the offender's press is taken back, as on a running clock — the move is reset and its
/// clock runs again, the caller's flag lifted with the press it followed.
#[test]
fn a_call_after_the_callers_flag_fell_takes_the_offenders_press_back() {
    let mut a = app("veney-flag-call-caller");
    start_five_second_clock(&mut a);
    at(&mut a, 1_000);
    a.world_mut().write_message(ClockIntent::Press(0));
    at(&mut a, 1_000);
    // Black's five seconds from 1 s run out at 6 s.
    at(&mut a, 7_000);
    assert!(
        matches!(clock_state(&a, 7_000), Some(game_clock::State::Flagged(f)) if f.seat == 1),
        "{:?}",
        clock_state(&a, 7_000)
    );
    a.world_mut().write_message(ClockIntent::TurnBack(0, None));
    at(&mut a, 7_000);
    assert!(
        matches!(
            clock_state(&a, 7_000),
            Some(game_clock::State::Running(0) | game_clock::State::Paused(0))
        ),
        "White's turn again: {:?}",
        clock_state(&a, 7_000)
    );
}
