//! The one-line save form: exact texts, round trips, restoring a running clock (ruling
//! R-CLOCK-RESTORE) and errors that name the column and what was expected.
use game_clock::{
    Clock, ClockError, ClockText, Control, Flag, HourglassStart, Resume, SavedState, State,
};

fn read(line: &str) -> ClockText {
    line.parse().unwrap_or_else(|e| panic!("{line}\n{e}"))
}

/// Written, read and written again: the same line and the same value.
fn round_trip(c: &Clock, now: u64) -> String {
    let text = c.save(now);
    let line = text.to_string();
    let back = read(&line);
    assert_eq!(back, text, "{line}");
    assert_eq!(back.to_string(), line);
    line
}

#[test]
fn every_state_writes_one_line_that_reads_back() {
    let mut c = Clock::new(vec![
        Control::SuddenDeath { base: 300_000 },
        Control::SimpleDelay {
            base: 180_000,
            delay: 5_000,
        },
    ])
    .unwrap();
    assert_eq!(
        round_trip(&c, 7),
        "clock1 state=ready turn=0 at=7 used=0 delay=on s0=sudden(300000) t0=300000 c0=- s1=delay(180000,5000) t1=180000 c1=- penalty=10000 bonus=off dying=10000"
    );
    c.start(1_000, 0).unwrap();
    c.press(11_000, 0).unwrap();
    assert_eq!(
        round_trip(&c, 13_000),
        "clock1 state=running turn=1 at=13000 used=2000 delay=on s0=sudden(300000) t0=290000 c0=- s1=delay(180000,5000) t1=180000 c1=- penalty=10000 bonus=off dying=10000",
        "the delay state: 2 s of side 1's 5 s delay used"
    );
    c.pause(14_000).unwrap();
    assert_eq!(
        round_trip(&c, 99_000),
        "clock1 state=paused turn=1 at=99000 used=3000 delay=on s0=sudden(300000) t0=290000 c0=- s1=delay(180000,5000) t1=180000 c1=- penalty=10000 bonus=off dying=10000"
    );
    c.resume(100_000).unwrap();
    c.dying_move(100_000, 0, 10_000).unwrap();
    assert_eq!(
        round_trip(&c, 100_000),
        "clock1 state=running turn=1 at=100000 used=3000 delay=on s0=sudden(300000) t0=290000 c0=10000 s1=delay(180000,5000) t1=180000 c1=- penalty=10000 bonus=off dying=10000",
        "side 0's dying-move limit, pending"
    );
    c.press(100_500, 1).unwrap();
    assert_eq!(
        round_trip(&c, 100_500),
        "clock1 state=running turn=0 at=100500 used=0 delay=off s0=sudden(300000) t0=10000 c0=- s1=delay(180000,5000) t1=180000 c1=- penalty=10000 bonus=off dying=10000"
    );
    assert_eq!(
        round_trip(&c, 200_000),
        "clock1 state=flagged turn=0 at=110500 used=10000 delay=off s0=sudden(300000) t0=0 c0=- s1=delay(180000,5000) t1=180000 c1=- penalty=10000 bonus=off dying=10000",
        "a fallen flag keeps its instant"
    );
}

#[test]
fn every_control_reads_back() {
    let controls = vec![
        Control::SuddenDeath { base: 1 },
        Control::Fischer {
            base: 2,
            increment: 3,
        },
        Control::Bronstein { base: 4, delay: 5 },
        Control::SimpleDelay { base: 6, delay: 7 },
        Control::PerTurn { limit: 8 },
        Control::Hourglass { sand: 0 },
    ];
    let c = Clock::new(controls.clone()).unwrap();
    let line = round_trip(&c, u64::MAX);
    assert!(line.contains(
        "s0=sudden(1) t0=1 c0=- s1=fischer(2,3) t1=2 c1=- s2=bronstein(4,5) t2=4 c2=- \
         s3=delay(6,7) t3=6 c3=- s4=turn(8) t4=8 c4=- s5=hourglass(0) t5=0 c5=-"
    ));
    let back = Clock::restore(&read(&line), 0, Resume::Paused).unwrap();
    for (s, want) in controls.into_iter().enumerate() {
        assert_eq!(back.control(s), Some(want));
    }
}

/// Side 1 running, sudden death, 5 s left when saved at t = 20 s.
fn saved_running() -> ClockText {
    let mut c = Clock::same(Control::SuddenDeath { base: 60_000 }, 2).unwrap();
    c.start(0, 0).unwrap();
    c.press(1_000, 0).unwrap();
    c.set_time(15_000, 1, 10_000).unwrap();
    let text = c.save(20_000);
    assert_eq!(text.state, SavedState::Running);
    text
}

#[test]
fn restore_in_the_same_time_base_charges_the_gap() {
    // Ruling R-CLOCK-RESTORE: the same run of the app (a reload): the time since the save ran.
    let text = saved_running();
    let c = Clock::restore(&text, 23_000, Resume::SameTimebase).unwrap();
    assert_eq!(c.state(23_000), State::Running(1));
    assert_eq!(c.remaining(1, 23_000), 2_000);
    assert_eq!(c.remaining(0, 23_000), 59_000);
    assert_eq!(c.undo_depth(), 0, "the undo history is not saved");
    let late = Clock::restore(&text, 30_000, Resume::SameTimebase).unwrap();
    assert_eq!(
        late.state(30_000),
        State::Flagged(Flag {
            seat: 1,
            at: 25_000
        }),
        "the flag fell while the app was away, at its exact instant"
    );
    assert_eq!(
        Clock::restore(&text, 19_999, Resume::SameTimebase).unwrap_err(),
        ClockError::TimeWentBack {
            now: 19_999,
            last: 20_000
        }
    );
}

#[test]
fn restore_after_a_restart_charges_what_the_caller_measured() {
    // A new time base: the app's monotonic clock restarted near 0.
    let text = saved_running();
    let mut c = Clock::restore(&text, 500, Resume::After(3_000)).unwrap();
    assert_eq!(c.remaining(1, 500), 2_000);
    assert_eq!(c.flag_falls_at(), Some(2_500));
    c.press(2_000, 1).unwrap();
    assert_eq!(c.remaining(1, 2_000), 500);
    let gone = Clock::restore(&text, 10_000, Resume::After(7_000)).unwrap();
    assert_eq!(
        gone.flag(10_000),
        Some(Flag { seat: 1, at: 8_000 }),
        "fell 2 s before the restore"
    );
    let tiny = Clock::restore(&text, 1_000, Resume::After(7_000)).unwrap();
    assert_eq!(
        tiny.flag(1_000),
        Some(Flag { seat: 1, at: 0 }),
        "kept within the new base"
    );
}

#[test]
fn restore_after_a_crash_comes_back_paused() {
    let text = saved_running();
    let mut c = Clock::restore(&text, 42, Resume::Paused).unwrap();
    assert_eq!(c.state(1_000_000), State::Paused(1));
    assert_eq!(c.remaining(1, 1_000_000), 5_000);
    c.resume(2_000_000).unwrap();
    assert_eq!(c.flag_falls_at(), Some(2_005_000));
}

#[test]
fn restore_keeps_the_delay_state_and_the_hourglass() {
    let mut c = Clock::same(
        Control::SimpleDelay {
            base: 60_000,
            delay: 5_000,
        },
        2,
    )
    .unwrap();
    c.start(0, 0).unwrap();
    let back = Clock::restore(&read(&round_trip(&c, 2_000)), 0, Resume::After(0)).unwrap();
    assert_eq!(back.face(0, 0).delay, Some(3_000));
    assert_eq!(back.remaining(0, 4_000), 59_000);

    let mut h = Clock::new(Control::hourglass(
        60_000,
        2,
        0,
        HourglassStart::FullToFirst,
    ))
    .unwrap();
    h.start(0, 0).unwrap();
    let back = Clock::restore(&read(&round_trip(&h, 10_000)), 0, Resume::After(0)).unwrap();
    assert_eq!(
        (back.remaining(0, 5_000), back.remaining(1, 5_000)),
        (45_000, 15_000)
    );
}

#[test]
fn a_flagged_clock_restores_flagged() {
    let mut c = Clock::same(Control::SuddenDeath { base: 1_000 }, 2).unwrap();
    c.start(0, 1).unwrap();
    let text = read(&round_trip(&c, 5_000));
    let same = Clock::restore(&text, 6_000, Resume::SameTimebase).unwrap();
    assert_eq!(same.flag(6_000), Some(Flag { seat: 1, at: 1_000 }));
    let other = Clock::restore(&text, 6, Resume::Paused).unwrap();
    assert_eq!(
        other.flag(6),
        Some(Flag { seat: 1, at: 6 }),
        "in a new time base the old instant means nothing: the restore's"
    );
}

#[test]
fn restore_checks_hand_made_texts() {
    let mut text = saved_running();
    text.turn = 2;
    assert_eq!(
        Clock::restore(&text, 20_000, Resume::Paused).unwrap_err(),
        ClockError::NoSuchSeat { seat: 2, seats: 2 }
    );
    text.seats.truncate(1);
    text.turn = 0;
    assert_eq!(
        Clock::restore(&text, 20_000, Resume::Paused).unwrap_err(),
        ClockError::TooFewSeats { seats: 1 }
    );
}

const GOOD: &str = "clock1 state=running turn=1 at=20000 used=7000 delay=on s0=fischer(300000,5000) t0=293000 c0=- s1=fischer(300000,5000) t1=293000 c1=-";

#[test]
fn errors_name_the_column_and_what_was_expected() {
    read(GOOD);
    let trailing = format!("{GOOD} ");
    // (text, where the error points: the text before it, what was found, words expected)
    let bad: &[(&str, &str, &str, &str)] = &[
        ("", "", "", "`clock1`"),
        ("clock2 state=ready", "", "clock2", "`clock1`"),
        ("clock1", "clock1", "", "a space and `state=`"),
        ("clock1 stat=ready", "clock1 ", "stat=ready", "`state=`"),
        (
            "clock1 state=walking",
            "clock1 state=",
            "walking",
            "`ready`, `running`, `paused` or `flagged`",
        ),
        (
            "clock1 state=ready turn=x",
            "clock1 state=ready turn=",
            "x",
            "the side to move: whole milliseconds",
        ),
        (
            "clock1 state=ready turn=0 at=0012",
            "clock1 state=ready turn=0 at=",
            "0012",
            "without leading zeros",
        ),
        (
            "clock1 state=ready turn=0 at=99999999999999999999",
            "clock1 state=ready turn=0 at=",
            "99999999999999999999",
            "at most",
        ),
        (
            "clock1 state=ready turn=0 at=0 used=-5",
            "clock1 state=ready turn=0 at=0 used=",
            "-5",
            "the time used on the turn",
        ),
        (
            "clock1 state=ready turn=0 at=0 used=0 delay=yes",
            "clock1 state=ready turn=0 at=0 used=0 delay=",
            "yes",
            "`on` or `off`",
        ),
        (
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=rapid(5)",
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=",
            "rapid",
            "a control",
        ),
        (
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=fischer(5)",
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=fischer(5",
            ")",
            "`,` and the increment",
        ),
        (
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=sudden(5,6)",
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=sudden(5",
            ",6",
            "`sudden` takes 1 number",
        ),
        (
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=sudden(5",
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=sudden(5",
            "",
            "`)` closing `sudden(`",
        ),
        (
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=sudden(5)x",
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=sudden(5)",
            "x",
            "a space after",
        ),
        (
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=turn(5) t0=5 c0=x",
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=turn(5) t0=5 c0=",
            "x",
            "side 0's dying-move limit or `-`",
        ),
        (
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=turn(5) t0=5 c0=-",
            "clock1 state=ready turn=0 at=0 used=0 delay=on s0=turn(5) t0=5 c0=-",
            "",
            "a space and `s1=`",
        ),
        (
            "clock1 state=ready turn=2 at=0 used=0 delay=on s0=turn(5) t0=5 c0=- s1=turn(5) t1=5 c1=-",
            "clock1 state=ready turn=",
            "2",
            "a side from 0 to 1",
        ),
        ("clock1  state=ready", "clock1 ", "", "`state=`"),
        (&trailing, &trailing, "", "`s2=`"),
    ];
    for &(text, before, found, expected) in bad {
        let e = text.parse::<ClockText>().expect_err(text);
        assert_eq!(e.col, before.chars().count() + 1, "{text}\n{e}");
        assert_eq!(e.found, found, "{text}\n{e}");
        assert!(e.expected.contains(expected), "{text}\n{e}");
        assert!(
            e.to_string()
                .starts_with(&format!("clock, column {}: expected", e.col))
        );
    }
}

#[test]
fn columns_count_characters() {
    let e = "clock1 state=rünning".parse::<ClockText>().unwrap_err();
    assert_eq!((e.col, e.found.as_str()), (14, "rünning"));
    let e = "clock1 state=ready turn=0 at=0 used=0 delay=on s0=sudden(5é)"
        .parse::<ClockText>()
        .unwrap_err();
    assert_eq!(e.col, 58);
    assert_eq!(
        e.to_string(),
        "clock, column 58: expected the base time: whole milliseconds, digits without leading zeros, found `5é`"
    );
}

#[test]
fn a_limit_pending_for_the_side_to_move_applies_at_restore() {
    // Never written by `save` (the limit applies when the turn begins), but a hand-made text
    // may hold it: it applies at once, with no delay.
    let line = "clock1 state=running turn=1 at=0 used=0 delay=on s0=sudden(9000) t0=9000 c0=- s1=delay(9000,5000) t1=9000 c1=3000";
    let c = Clock::restore(&read(line), 0, Resume::SameTimebase).unwrap();
    assert_eq!(c.face(1, 0).delay, None);
    assert_eq!(c.flag(3_000), Some(Flag { seat: 1, at: 3_000 }));
    assert_eq!(
        c.save(0).to_string(),
        "clock1 state=running turn=1 at=0 used=0 delay=off s0=sudden(9000) t0=9000 c0=- s1=delay(9000,5000) t1=3000 c1=- penalty=10000 bonus=off dying=10000"
    );
}

#[test]
fn the_agreed_penalty_and_dying_move_times_are_kept() {
    // R-CLOCK-PENALTY ("agreed before the game"), R-CLOCK-DYING ("the players may change it"):
    // a clock brought back applies what was agreed (a review found a restored clock applying
    // the setup form's, 10 s unless changed after the restart).
    let agreed = game_clock::Agreed {
        penalty: 30_000,
        penalty_how: game_clock::TimePenalty::Bonus,
        dying_move: 4_000,
    };
    let c = Clock::same(Control::SuddenDeath { base: 60_000 }, 2)
        .unwrap()
        .with_agreed(agreed);
    let line = round_trip(&c, 0);
    assert!(
        line.ends_with(" penalty=30000 bonus=on dying=4000"),
        "{line}"
    );
    let back = Clock::restore(&read(&line), 5, Resume::Paused).unwrap();
    assert_eq!(back.agreed(), agreed);
    // A form written before they were kept reads with the defaults.
    let old = "clock1 state=ready turn=0 at=0 used=0 delay=on s0=sudden(60000) t0=60000 c0=- s1=sudden(60000) t1=60000 c1=-";
    let back = Clock::restore(&read(old), 5, Resume::Paused).unwrap();
    assert_eq!(back.agreed(), game_clock::Agreed::default());
    // All three or none, and nothing after them.
    for (bad, col_of, expected) in [
        (format!("{old} penalty=3000"), "", "`bonus=`"),
        (
            format!("{old} penalty=3000 bonus=yes"),
            "yes",
            "`on` or `off`",
        ),
        (format!("{old} penalty=3000 bonus=on"), "", "`dying=`"),
        (
            format!("{old} penalty=3000 bonus=off dying=x"),
            "x",
            "the agreed dying-move time",
        ),
        (
            format!("{old} penalty=1 bonus=off dying=2 more"),
            "more",
            "the end of the form",
        ),
        (format!("{old} dying=2"), "dying=2", "`s2=`"),
    ] {
        let e = bad.parse::<ClockText>().unwrap_err();
        assert!(e.expected.contains(expected), "{bad}: {e}");
        if !col_of.is_empty() {
            assert_eq!(e.col, bad.rfind(col_of).unwrap() + 1, "{bad}: {e}");
        }
    }
}
