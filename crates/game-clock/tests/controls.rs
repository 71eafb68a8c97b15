//! Each control, driven by a fake clock: plain millisecond instants, never a sleep.
use game_clock::{
    Clock, ClockError, Control, FIVE_SECONDS, Flag, HourglassStart, State, TimePenalty,
};

fn two(control: Control) -> Clock {
    Clock::same(control, 2).unwrap()
}

// --- Sudden death -------------------------------------------------------------------------

#[test]
fn sudden_death_runs_down_only_the_side_to_move() {
    // §2.0.R3 Time Control: "While it is their turn, their time decreases until they make a
    // move and hit the switch."
    let mut c = two(Control::SuddenDeath { base: 60_000 });
    assert_eq!(c.state(0), State::Ready);
    assert_eq!(
        c.remaining(0, 50_000),
        60_000,
        "nothing runs before the start"
    );
    c.start(1_000, 0).unwrap();
    assert_eq!(c.remaining(0, 11_000), 50_000);
    assert_eq!(c.remaining(1, 11_000), 60_000);
    assert_eq!(c.press(11_000, 0), Ok(1));
    assert_eq!(c.remaining(0, 31_000), 50_000);
    assert_eq!(c.remaining(1, 31_000), 40_000);
    assert_eq!(c.press(31_000, 1), Ok(0));
    assert_eq!(c.remaining(0, 31_000), 50_000, "nothing is ever added");
    assert_eq!(c.remaining(1, 31_000), 40_000);
}

#[test]
fn sudden_death_flag_falls_at_the_exact_instant() {
    // §2.0.R3: "If one player runs out of time, they lose." The clock says who ran out and
    // when; a press at the instant the time reaches zero is too late (ruling R-CLOCK-ZERO).
    let mut c = two(Control::SuddenDeath { base: 1_000 });
    c.start(500, 0).unwrap();
    assert_eq!(c.flag_falls_at(), Some(1_500));
    assert_eq!(c.state(1_499), State::Running(0));
    assert_eq!(c.remaining(0, 1_499), 1);
    let fell = Flag { seat: 0, at: 1_500 };
    assert_eq!(c.state(1_500), State::Flagged(fell));
    assert_eq!(
        c.flag(9_999),
        Some(fell),
        "the instant stays the fall's, not the asking's"
    );
    let mut late = c.clone();
    assert_eq!(late.press(1_500, 0), Err(ClockError::Flagged(fell)));
    assert_eq!(late.poll(1_600), Some(fell));
    assert_eq!(late.remaining(0, 5_000), 0);
    assert_eq!(
        c.press(1_499, 0),
        Ok(1),
        "one millisecond before is in time"
    );
    assert_eq!(c.remaining(0, 1_499), 1);
}

#[test]
fn handicaps_give_each_side_its_own_control() {
    // Issue 16: "each side's time settable separately (handicaps)".
    let mut c = Clock::new(vec![
        Control::SuddenDeath { base: 300_000 },
        Control::Fischer {
            base: 60_000,
            increment: 10_000,
        },
    ])
    .unwrap();
    assert_eq!(c.remaining(0, 0), 300_000);
    assert_eq!(c.remaining(1, 0), 60_000);
    c.start(0, 1).unwrap();
    c.press(4_000, 1).unwrap();
    assert_eq!(c.remaining(1, 4_000), 66_000, "Fischer for side 1");
    c.press(9_000, 0).unwrap();
    assert_eq!(c.remaining(0, 9_000), 295_000, "sudden death for side 0");
    assert_eq!(
        c.control(1),
        Some(Control::Fischer {
            base: 60_000,
            increment: 10_000
        })
    );
}

// --- Fischer --------------------------------------------------------------------------------

#[test]
fn fischer_adds_the_increment_after_every_press_the_first_too() {
    // §2.0.R3 "various common time controls": Fischer (ruling R-CLOCK-CONTROLS).
    let mut c = two(Control::Fischer {
        base: 10_000,
        increment: 2_000,
    });
    c.start(0, 0).unwrap();
    c.press(3_000, 0).unwrap();
    assert_eq!(c.remaining(0, 3_000), 9_000);
    c.press(3_500, 1).unwrap();
    assert_eq!(c.remaining(1, 3_500), 11_500, "a quick move gains time");
    c.press(11_500, 0).unwrap();
    assert_eq!(c.remaining(0, 11_500), 3_000, "9 s, 8 s used, 2 s added");
}

#[test]
fn fischer_increment_does_not_save_a_fallen_flag() {
    // §2.0.R3: "If one player runs out of time, they lose" — before the increment comes.
    let mut c = two(Control::Fischer {
        base: 3_000,
        increment: 5_000,
    });
    c.start(0, 0).unwrap();
    assert_eq!(
        c.press(3_000, 0),
        Err(ClockError::Flagged(Flag { seat: 0, at: 3_000 }))
    );
    assert_eq!(c.remaining(0, 3_000), 0);
}

// --- Bronstein ------------------------------------------------------------------------------

#[test]
fn bronstein_gives_back_what_was_used_up_to_the_delay() {
    // §2.0.R3 "various common time controls": Bronstein delay (ruling R-CLOCK-CONTROLS).
    let mut c = two(Control::Bronstein {
        base: 60_000,
        delay: 5_000,
    });
    c.start(0, 0).unwrap();
    assert_eq!(
        c.remaining(0, 3_000),
        57_000,
        "the clock runs down during the turn"
    );
    c.press(3_000, 0).unwrap();
    assert_eq!(c.remaining(0, 3_000), 60_000, "3 s used, 3 s back");
    c.press(8_000, 1).unwrap();
    assert_eq!(
        c.remaining(1, 8_000),
        60_000,
        "exactly the delay used, all back"
    );
    c.press(20_000, 0).unwrap();
    assert_eq!(c.remaining(0, 20_000), 53_000, "12 s used, 5 s back");
    assert_eq!(
        c.face(1, 20_000).delay,
        None,
        "no delay shown: the clock runs"
    );
}

#[test]
fn bronstein_flags_during_the_turn() {
    // §2.0.R3; ruling R-CLOCK-CONTROLS: the refund comes at the press, too late for a flag.
    let mut c = two(Control::Bronstein {
        base: 2_000,
        delay: 5_000,
    });
    c.start(0, 0).unwrap();
    assert_eq!(c.flag(2_000), Some(Flag { seat: 0, at: 2_000 }));
}

#[test]
fn bronstein_delay_counts_time_across_a_pause_once() {
    // §2.0.R3; ruling R-CLOCK-CONTROLS: a pause is no time used.
    let mut c = two(Control::Bronstein {
        base: 60_000,
        delay: 5_000,
    });
    c.start(0, 0).unwrap();
    c.pause(2_000).unwrap();
    c.resume(50_000).unwrap();
    c.press(51_000, 0).unwrap();
    assert_eq!(c.remaining(0, 51_000), 60_000, "3 s run, 3 s back");
}

// --- Simple delay ---------------------------------------------------------------------------

#[test]
fn simple_delay_holds_the_main_time_for_the_delay() {
    // §2.0.R3 "various common time controls": simple delay (ruling R-CLOCK-CONTROLS).
    let mut c = two(Control::SimpleDelay {
        base: 60_000,
        delay: 5_000,
    });
    c.start(0, 0).unwrap();
    let f = c.face(0, 4_000);
    assert_eq!((f.remaining, f.delay), (60_000, Some(1_000)));
    assert_eq!(f.delay_text().as_deref(), Some("1"));
    let f = c.face(0, 8_000);
    assert_eq!((f.remaining, f.delay), (57_000, None));
    c.press(8_000, 0).unwrap();
    assert_eq!(c.remaining(0, 8_000), 57_000, "nothing given back");
    assert_eq!(
        c.face(1, 8_000).delay,
        Some(5_000),
        "a fresh delay each turn"
    );
    c.press(9_000, 1).unwrap();
    assert_eq!(
        c.remaining(1, 9_000),
        60_000,
        "a move inside the delay costs nothing"
    );
}

#[test]
fn simple_delay_keeps_its_place_across_a_pause() {
    // §2.0.R3; ruling R-CLOCK-CONTROLS: the delay still to run survives a pause.
    let mut c = two(Control::SimpleDelay {
        base: 60_000,
        delay: 5_000,
    });
    c.start(0, 0).unwrap();
    c.pause(2_000).unwrap();
    assert_eq!(c.face(0, 40_000).delay, Some(3_000));
    assert!(!c.face(0, 40_000).running && c.face(0, 40_000).to_move);
    c.resume(100_000).unwrap();
    assert_eq!(c.remaining(0, 103_000), 60_000);
    assert_eq!(c.remaining(0, 104_000), 59_000);
}

#[test]
fn simple_delay_flag_falls_after_delay_and_time() {
    // §2.0.R3: "If one player runs out of time, they lose"; ruling R-CLOCK-ZERO.
    let mut c = two(Control::SimpleDelay {
        base: 1_000,
        delay: 5_000,
    });
    c.start(0, 0).unwrap();
    assert_eq!(c.flag_falls_at(), Some(6_000));
    assert_eq!(c.flag(5_999), None);
    assert_eq!(c.flag(6_000), Some(Flag { seat: 0, at: 6_000 }));
}

// --- Per-turn limit -------------------------------------------------------------------------

/// Ruling R-CLOCK-PER-TURN: each turn has exactly the limit, nothing carries over, and a turn reaching the limit loses on time.
#[test]
fn per_turn_limit_resets_every_turn() {
    // §2.0.R3: "Something like a five second time limit which resets on each turn might be
    // quite fencing-like."
    let mut c = two(Control::PerTurn {
        limit: FIVE_SECONDS,
    });
    c.start(0, 0).unwrap();
    c.press(4_999, 0).unwrap();
    assert_eq!(c.remaining(0, 4_999), 5_000, "reset for the next turn");
    c.press(5_000, 1).unwrap();
    assert_eq!(
        c.remaining(1, 5_000),
        5_000,
        "nothing carries over: a quick turn saves nothing"
    );
    assert_eq!(c.remaining(0, 8_000), 2_000);
    assert_eq!(
        c.flag(10_000),
        Some(Flag {
            seat: 0,
            at: 10_000
        }),
        "a turn of exactly 5 s is too long"
    );
}

#[test]
fn per_turn_bonus_goes_to_the_next_turn_only() {
    // §2.0.22 Time Penalty, "or the opponent receives a bonus", under a per-turn limit
    // (ruling R-CLOCK-PENALTY): the waiting side's next turn is longer, the one after is not.
    let mut c = two(Control::PerTurn {
        limit: FIVE_SECONDS,
    });
    c.start(0, 0).unwrap();
    c.time_penalty(1_000, 0, 3_000, TimePenalty::Bonus).unwrap();
    assert_eq!(c.remaining(1, 1_000), 8_000);
    c.press(2_000, 0).unwrap();
    assert_eq!(c.flag(9_999), None);
    c.press(9_999, 1).unwrap();
    c.press(10_000, 0).unwrap();
    assert_eq!(c.remaining(1, 10_000), 5_000);
}

// --- Hourglass ------------------------------------------------------------------------------

/// The sum of every side's sand at `now`.
fn sand(c: &Clock, now: u64) -> u64 {
    (0..c.seats()).map(|s| c.remaining(s, now)).sum()
}

#[test]
fn hourglass_gives_each_side_what_the_other_used() {
    // §2.0.R3 Hourglass: "Each time the hourglass is flipped, whatever sand remains is how much
    // time you have for your turn. … if your opponent uses almost all their time, you will get
    // exactly as much time as they used. And if they use barely any of their time, you will get
    // only that much … If you successfully make a move without running out of time, you have
    // survived but given your opponent back almost a full glass of time."
    // Ruling R-CLOCK-HOURGLASS: one glass, its sand falling from the side to move to the other.
    let mut c = Clock::new(Control::hourglass(
        60_000,
        2,
        0,
        HourglassStart::FullToFirst,
    ))
    .unwrap();
    assert_eq!((c.remaining(0, 0), c.remaining(1, 0)), (60_000, 0));
    c.start(0, 0).unwrap();
    assert_eq!(c.remaining(1, 20_000), 20_000, "the sand falls live");
    c.press(20_000, 0).unwrap();
    assert_eq!(
        c.remaining(1, 20_000),
        20_000,
        "from a full glass: exactly as much as the opponent used"
    );
    assert_eq!(c.remaining(0, 20_000), 40_000);
    c.press(39_000, 1).unwrap(); // uses almost all its 20 s
    assert_eq!(
        c.remaining(0, 39_000),
        59_000,
        "almost a full glass back to side 0"
    );
    assert_eq!(c.remaining(1, 39_000), 1_000);
    c.press(40_000, 0).unwrap(); // barely any
    assert_eq!(
        c.remaining(1, 40_000),
        2_000,
        "side 1 gets what side 0 used, on top of the 1 s it left"
    );
    for t in [40_000, 41_000, 41_999] {
        assert_eq!(sand(&c, t), 60_000, "the glass keeps its sand");
    }
    assert_eq!(
        c.flag(42_000),
        Some(Flag {
            seat: 1,
            at: 42_000
        })
    );
    assert_eq!(
        sand(&c, 50_000),
        60_000,
        "all of it below side 0 once side 1 ran out"
    );
    assert_eq!(c.remaining(0, 50_000), 60_000);
}

#[test]
fn hourglass_waiting_side_with_no_sand_is_not_out() {
    // §2.0.R3 Hourglass; rulings R-CLOCK-HOURGLASS and R-CLOCK-HOURGLASS-START.
    // The full glass at the start leaves the second side with nothing while it waits.
    let mut c = Clock::new(Control::hourglass(
        10_000,
        2,
        1,
        HourglassStart::FullToFirst,
    ))
    .unwrap();
    c.start(0, 1).unwrap();
    assert_eq!(c.state(5_000), State::Running(1));
    assert_eq!(c.remaining(0, 5_000), 5_000);
    c.press(5_000, 1).unwrap();
    assert_eq!(c.state(9_999), State::Running(0));
}

#[test]
fn hourglass_even_start_shares_the_glass() {
    // §2.0.R3 Hourglass; ruling R-CLOCK-HOURGLASS-START, the even option.
    let c = Clock::new(Control::hourglass(60_001, 2, 1, HourglassStart::Even)).unwrap();
    assert_eq!((c.remaining(0, 0), c.remaining(1, 0)), (30_000, 30_001));
}

#[test]
fn hourglass_undo_puts_the_sand_back() {
    // §2.0.R3 Hourglass; ruling R-CLOCK-UNDO.
    let mut c = Clock::new(Control::hourglass(60_000, 2, 0, HourglassStart::Even)).unwrap();
    c.start(0, 0).unwrap();
    c.press(10_000, 0).unwrap();
    c.undo_press(15_000).unwrap();
    assert_eq!(
        (c.remaining(0, 15_000), c.remaining(1, 15_000)),
        (20_000, 40_000)
    );
    assert_eq!(c.remaining(1, 16_000), 41_000);
}

#[test]
fn hourglass_for_three_falls_to_the_next_side() {
    // Ruling R-CLOCK-HOURGLASS: beyond two sides, the sand falls to the side that moves next.
    let mut c = Clock::new(Control::hourglass(30_000, 3, 0, HourglassStart::Even)).unwrap();
    c.start(0, 0).unwrap();
    c.press(4_000, 0).unwrap();
    assert_eq!(
        (0..3).map(|s| c.remaining(s, 4_000)).collect::<Vec<_>>(),
        [6_000, 14_000, 10_000]
    );
    c.press(5_000, 1).unwrap();
    c.press(7_000, 2).unwrap();
    assert_eq!(
        (0..3).map(|s| c.remaining(s, 7_000)).collect::<Vec<_>>(),
        [8_000, 13_000, 9_000]
    );
    assert_eq!(c.state(7_000), State::Running(0));
}
