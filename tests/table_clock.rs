//! The table clock in the app (issue 16, Clocks), headless, on a fixed time (`ClockNow`): the
//! setup's controls, presses, pause, undo, adjust and a fallen flag, as the panel's buttons and
//! the Space/Enter keys send them.
use bevy::prelude::*;
use veney::host::table_clock::{ClockIntent, ClockNow, ControlKind, TableClock};

fn app(name: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    let dir = std::env::temp_dir().join(format!("table-clock-{}-{name}", std::process::id()));
    app.insert_resource(veney::host::grid::SaveRoot(dir.clone()))
        .insert_resource(veney::packs::veney::game::SaveDir(dir));
    app.add_plugins(veney::game_plugins);
    app.update();
    app
}

fn at(app: &mut App, ms: u64, i: ClockIntent) {
    app.world_mut().resource_mut::<ClockNow>().0 = Some(ms);
    app.world_mut().write_message(i);
    app.update();
}

fn remaining(app: &App, seat: usize, ms: u64) -> u64 {
    let t = app.world().resource::<TableClock>();
    t.clock.as_ref().unwrap().remaining(seat, ms)
}

#[test]
fn a_fischer_clock_runs_presses_pauses_undoes_and_adjusts() {
    let mut a = app("fischer");
    at(&mut a, 0, ClockIntent::Toggle);
    assert!(a.world().resource::<TableClock>().open);
    // 5 minutes each, 5 s added a move (the setup's default), the second player handicapped.
    a.world_mut().resource_mut::<TableClock>().setup.minutes = [5.0, 3.0];
    at(&mut a, 0, ClockIntent::Start);
    assert_eq!(remaining(&a, 1, 0), 180_000);
    at(&mut a, 10_000, ClockIntent::Press(0));
    assert_eq!(remaining(&a, 0, 10_000), 295_000, "10 s used, 5 s added");
    // Only the side to move presses: a second press by the first player does nothing, and
    // says nothing (R-CLOCK-PRESS: "a tap on the waiting player's half does nothing").
    at(&mut a, 11_000, ClockIntent::Press(0));
    assert_eq!(a.world().resource::<TableClock>().note, None);
    assert_eq!(
        remaining(&a, 1, 11_000),
        179_000,
        "the second player's time runs on"
    );
    at(&mut a, 12_000, ClockIntent::Pause);
    at(&mut a, 60_000, ClockIntent::Resume);
    assert_eq!(remaining(&a, 1, 60_000), 178_000, "the pause costs nothing");
    at(&mut a, 61_000, ClockIntent::UndoPress);
    assert_eq!(
        remaining(&a, 0, 61_000),
        290_000,
        "back to the first player's turn, undone"
    );
    at(&mut a, 61_000, ClockIntent::Adjust(1, -30_000));
    assert_eq!(remaining(&a, 1, 61_000), 150_000);
    at(&mut a, 61_000, ClockIntent::Reset);
    assert!(a.world().resource::<TableClock>().clock.is_none());
}

#[test]
fn a_per_turn_limit_flags_the_slow_player() {
    // The rulebook's suggestion: five seconds a turn (§2.0.R3).
    let mut a = app("perturn");
    {
        let mut t = a.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::PerTurn;
        t.setup.seconds = 5;
    }
    at(&mut a, 0, ClockIntent::Start);
    at(&mut a, 4_000, ClockIntent::Press(0));
    assert_eq!(remaining(&a, 0, 4_000), 5_000, "the limit resets");
    at(&mut a, 9_500, ClockIntent::Press(1));
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().unwrap();
    let flag = c.flag(9_500).expect("the second player's flag fell at 9 s");
    assert_eq!((flag.seat, flag.at), (1, 9_000));
}

/// §2.0.22 Time Penalty: a called untenable move resets the offender's press and takes 10 s off
/// (or, as the setup may say, gives them to the opponent); §2.0.20: a checkmate by touch drops
/// the mated player's clock to a few seconds for the dying move.
#[test]
fn a_time_penalty_and_a_dying_move_reach_the_clock() {
    let mut a = app("penalty");
    {
        let mut t = a.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::SuddenDeath;
        t.setup.minutes = [5.0, 5.0];
    }
    at(&mut a, 0, ClockIntent::Start);
    at(&mut a, 20_000, ClockIntent::Press(0));
    at(&mut a, 21_000, ClockIntent::TimePenalty(0, None));
    {
        let t = a.world().resource::<TableClock>();
        let c = t.clock.as_ref().unwrap();
        assert_eq!(c.to_move(), Some(0), "the offender moves again");
        assert_eq!(c.remaining(0, 21_000), 300_000 - 20_000 - 10_000);
        assert_eq!(
            c.remaining(1, 21_000),
            300_000,
            "the second player's second is not charged"
        );
    }
    at(&mut a, 25_000, ClockIntent::Press(0));
    at(&mut a, 25_000, ClockIntent::DyingMove(1));
    let t = a.world().resource::<TableClock>();
    assert!(t.clock.as_ref().unwrap().remaining(1, 25_000) <= 10_000);
}

/// R-CLOCK-PENALTY: the amount "is agreed before the game"; R-CLOCK-DYING: "a few seconds",
/// which the players may change — the setup form's two values reach the clock (a review found
/// both fixed at 10 s whatever the players agreed).
#[test]
fn the_agreed_penalty_and_dying_move_seconds_reach_the_clock() {
    let mut a = app("penalty-agreed");
    {
        let mut t = a.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::SuddenDeath;
        t.setup.minutes = [5.0, 5.0];
        t.setup.penalty_seconds = 30;
        t.setup.dying_move_seconds = 3;
    }
    at(&mut a, 0, ClockIntent::Start);
    at(&mut a, 20_000, ClockIntent::Press(0));
    at(&mut a, 21_000, ClockIntent::TimePenalty(0, None));
    {
        let t = a.world().resource::<TableClock>();
        let c = t.clock.as_ref().unwrap();
        assert_eq!(c.remaining(0, 21_000), 300_000 - 20_000 - 30_000);
    }
    at(&mut a, 25_000, ClockIntent::Press(0));
    at(&mut a, 25_000, ClockIntent::DyingMove(1));
    let t = a.world().resource::<TableClock>();
    assert_eq!(t.clock.as_ref().unwrap().remaining(1, 25_000), 3_000);
}

/// A clock survives the app closing (or crashing): every change is kept in `saves/clock.txt`,
/// and the next run finds it paused with the same times (R-CLOCK-RESTORE).
#[test]
fn the_clock_comes_back_paused_after_a_restart() {
    let _ = std::fs::remove_dir_all(
        std::env::temp_dir().join(format!("table-clock-{}-restart", std::process::id())),
    );
    let mut a = app("restart");
    at(&mut a, 0, ClockIntent::Start);
    at(&mut a, 7_000, ClockIntent::Press(0));
    let first = remaining(&a, 0, 7_000);
    drop(a);
    let mut b = app("restart");
    at(&mut b, 0, ClockIntent::Toggle);
    let t = b.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("the clock came back");
    assert_eq!(c.remaining(0, 50_000), first);
    assert!(
        matches!(c.state(50_000), game_clock::State::Paused(1)),
        "{:?}",
        c.state(50_000)
    );
    // A new clock's setup forgets it.
    at(&mut b, 0, ClockIntent::Reset);
    drop(b);
    let c = app("restart");
    assert!(c.world().resource::<TableClock>().clock.is_none());
}

/// The agreed penalty and dying-move seconds come back with the clock after a restart, and the
/// setup form shows them (a review found a restored clock applying the form's, 10 s unless
/// changed after the restart).
#[test]
fn the_agreed_seconds_come_back_with_the_clock() {
    let _ = std::fs::remove_dir_all(
        std::env::temp_dir().join(format!("table-clock-{}-agreed-restart", std::process::id())),
    );
    let mut a = app("agreed-restart");
    {
        let mut t = a.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::SuddenDeath;
        t.setup.minutes = [5.0, 5.0];
        t.setup.penalty_seconds = 30;
        t.setup.penalty_as_bonus = true;
        t.setup.dying_move_seconds = 3;
    }
    at(&mut a, 0, ClockIntent::Start);
    at(&mut a, 20_000, ClockIntent::Press(0));
    drop(a);
    let mut b = app("agreed-restart");
    at(&mut b, 0, ClockIntent::Toggle);
    {
        let t = b.world().resource::<TableClock>();
        assert_eq!(
            (
                t.setup.penalty_seconds,
                t.setup.penalty_as_bonus,
                t.setup.dying_move_seconds
            ),
            (30, true, 3),
            "the form shows what was agreed"
        );
    }
    // The form changed after the restart does not change what this clock agreed.
    b.world_mut()
        .resource_mut::<TableClock>()
        .setup
        .penalty_seconds = 10;
    at(&mut b, 1_000, ClockIntent::Resume);
    at(&mut b, 2_000, ClockIntent::TimePenalty(1, None));
    {
        let t = b.world().resource::<TableClock>();
        let c = t.clock.as_ref().unwrap();
        // Side 1 (to move) offended: the 30 s go to side 0 as a bonus.
        assert_eq!(c.remaining(0, 2_000), 300_000 - 20_000 + 30_000);
    }
    at(&mut b, 3_000, ClockIntent::DyingMove(1));
    let t = b.world().resource::<TableClock>();
    assert_eq!(t.clock.as_ref().unwrap().remaining(1, 3_000), 3_000);
}

/// A saved clock form with three sides (a hand-edited `saves/clock.txt` or a game's `[Clock]`)
/// is refused with a note: the table clock has two faces (a review found the window indexing a
/// third out of range).
#[test]
fn a_clock_form_with_three_sides_is_refused() {
    let mut a = app("three-sides");
    at(&mut a, 0, ClockIntent::Start);
    let form = a
        .world()
        .resource::<TableClock>()
        .clock
        .as_ref()
        .unwrap()
        .save(0)
        .to_string();
    // The two sides' fields, and a third's made from the second's.
    let third: String = form
        .split(' ')
        .filter(|f| f.starts_with("s1=") || f.starts_with("t1=") || f.starts_with("c1="))
        .map(|f| f.replacen('1', "2", 1))
        .collect::<Vec<_>>()
        .join(" ");
    // (Before the agreed times, which end the form.)
    let (sides, agreed) = form.split_once(" penalty=").unwrap();
    let text = format!("{sides} {third} penalty={agreed}");
    a.world_mut()
        .write_message(veney::host::table_clock::RestoreClock(text.clone()));
    a.update();
    let t = a.world().resource::<TableClock>();
    let note = t.note.clone().unwrap_or_default();
    assert!(note.contains("3 sides"), "{note} ({text})");
    assert_eq!(t.clock.as_ref().unwrap().seats(), 2);
}

/// A clock that cannot be kept in `saves/clock.txt` says so on the clock (a review found the
/// failure only in the log, the players trusting a restart to bring it back).
#[test]
fn a_clock_that_cannot_be_kept_says_so() {
    let mut a = app("unkept");
    let dir = std::env::temp_dir().join(format!("table-clock-{}-unkept", std::process::id()));
    std::fs::create_dir_all(dir.join("clock.txt")).unwrap();
    at(&mut a, 0, ClockIntent::Start);
    at(&mut a, 1_000, ClockIntent::Press(0));
    let note = |a: &App| {
        a.world()
            .resource::<TableClock>()
            .note
            .clone()
            .unwrap_or_default()
    };
    assert!(
        note(&a).contains("could not keep the clock"),
        "{}",
        note(&a)
    );
    // Opening the clock's window to read it keeps the warning.
    at(&mut a, 2_000, ClockIntent::Toggle);
    assert!(
        note(&a).contains("could not keep the clock"),
        "{}",
        note(&a)
    );
}

/// A `clock.txt` that does not read is named in the clock's note, with what becomes of it (a
/// review found the file unnamed).
#[test]
fn a_saved_clock_that_does_not_read_is_named() {
    let dir = std::env::temp_dir().join(format!("table-clock-{}-garbled", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("clock.txt"), "not a clock\n").unwrap();
    let a = app("garbled");
    let note = a
        .world()
        .resource::<TableClock>()
        .note
        .clone()
        .unwrap_or_default();
    assert!(note.contains("clock.txt"), "{note}");
    assert!(note.contains("replaces it"), "{note}");
}

/// `clock.txt` names the game it was kept with (`game=…`): a name that is none of the games is
/// said, with its line, and the clock is not taken for any game.
#[test]
fn a_saved_clock_naming_no_game_is_said() {
    let dir = std::env::temp_dir().join(format!("table-clock-{}-no-game", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut a = app("no-game");
    at(&mut a, 0, ClockIntent::Start);
    at(&mut a, 1_000, ClockIntent::Pause);
    drop(a);
    let kept = std::fs::read_to_string(dir.join("clock.txt")).unwrap();
    assert_eq!(kept.lines().count(), 1, "no game shown, none named: {kept}");
    std::fs::write(dir.join("clock.txt"), format!("{kept}game=chess\n")).unwrap();
    let a = app("no-game");
    let t = a.world().resource::<TableClock>();
    let note = t.note.clone().unwrap_or_default();
    assert!(
        note.contains("line 2: `chess` is none of the games"),
        "{note}"
    );
    assert!(t.clock.is_none());
}
