//! Start, press, pause, undo, adjust, the time penalty, the dying move and flag fall, on a fake
//! clock (plain millisecond instants).
use game_clock::{
    Clock, ClockError, ClockText, Control, DEFAULT_DYING_MOVE, Flag, HourglassStart, PressMark,
    State, TimePenalty,
};

fn fischer() -> Clock {
    Clock::same(
        Control::Fischer {
            base: 60_000,
            increment: 2_000,
        },
        2,
    )
    .unwrap()
}

/// The save form without its instant: what an exact restore must give back.
fn state_of(c: &Clock, now: u64) -> ClockText {
    let mut t = c.save(now);
    t.at = 0;
    t
}

// --- Start and press ------------------------------------------------------------------------

#[test]
fn refusals_say_why() {
    assert_eq!(
        Clock::new(vec![Control::SuddenDeath { base: 1 }]).unwrap_err(),
        ClockError::TooFewSeats { seats: 1 }
    );
    let mut c = fischer();
    assert_eq!(c.press(0, 0), Err(ClockError::NotStarted));
    assert_eq!(c.pause(0), Err(ClockError::NotStarted));
    assert_eq!(
        c.start(0, 2),
        Err(ClockError::NoSuchSeat { seat: 2, seats: 2 })
    );
    c.start(0, 1).unwrap();
    // A side out of range has a blank face, as its remaining time is 0 (a review found the
    // face the one call with a seat that panicked).
    assert_eq!(c.remaining(2, 500), 0);
    let blank = c.face(2, 500);
    assert_eq!(
        (blank.remaining, blank.to_move, blank.running),
        (0, false, false)
    );
    assert_eq!(c.start(0, 1), Err(ClockError::AlreadyStarted));
    assert_eq!(
        c.press(1_000, 0),
        Err(ClockError::NotToMove {
            seat: 0,
            to_move: 1
        }),
        "a tap on the waiting side's half does nothing"
    );
    assert_eq!(c.state(1_000), State::Running(1));
    assert_eq!(
        c.press(999, 1),
        Err(ClockError::TimeWentBack {
            now: 999,
            last: 1_000
        })
    );
    assert_eq!(c.resume(1_000), Err(ClockError::NotPaused));
    assert_eq!(c.undo_press(1_000), Err(ClockError::NothingToUndo));
    assert!(
        ClockError::NotToMove {
            seat: 0,
            to_move: 1
        }
        .to_string()
        .contains("side 0 is not to move")
    );
}

#[test]
fn three_sides_take_turns_in_order() {
    let mut c = Clock::same(Control::SuddenDeath { base: 10_000 }, 3).unwrap();
    c.start(0, 2).unwrap();
    assert_eq!(c.press(1_000, 2), Ok(0));
    assert_eq!(c.press(3_000, 0), Ok(1));
    assert_eq!(c.press(6_000, 1), Ok(2));
    assert_eq!(
        (0..3).map(|s| c.remaining(s, 6_000)).collect::<Vec<_>>(),
        [8_000, 7_000, 9_000]
    );
}

// --- Pause ----------------------------------------------------------------------------------

#[test]
fn a_pause_costs_nothing() {
    let mut c = fischer();
    c.start(0, 0).unwrap();
    c.pause(5_000).unwrap();
    assert_eq!(c.state(90_000), State::Paused(0));
    assert_eq!(c.remaining(0, 90_000), 55_000);
    assert_eq!(
        c.next_change(90_000),
        None,
        "nothing to redraw while paused"
    );
    assert_eq!(c.press(90_000, 0), Err(ClockError::Paused));
    assert_eq!(c.pause(90_000), Err(ClockError::Paused));
    c.resume(100_000).unwrap();
    assert_eq!(c.remaining(0, 101_000), 54_000);
    c.press(101_000, 0).unwrap();
    assert_eq!(c.remaining(0, 101_000), 56_000);
}

// --- Undo -----------------------------------------------------------------------------------

/// A press carries what it ended once its presser marks it (`PressMark`): each unmarked press
/// is marked, marked ones keep theirs, an undo takes the mark back with its press, and a mark
/// changes no time.
#[test]
fn presses_keep_their_marks_through_undo() {
    let mark = |played| PressMark { game: 7, played };
    let mut c = fischer();
    c.start(0, 0).unwrap();
    assert!(!c.mark_presses(mark(0)), "no press to mark");
    c.press(4_000, 0).unwrap();
    assert!(c.has_unmarked_press());
    assert_eq!(c.last_press_mark(), None);
    let before = state_of(&c, 5_000);
    assert!(c.mark_presses(mark(1)));
    assert_eq!(state_of(&c, 5_000), before, "a mark changes no time");
    assert!(!c.has_unmarked_press());
    c.press(9_000, 1).unwrap();
    c.press(10_000, 0).unwrap();
    // Both unmarked presses take the mark; the first keeps its own.
    assert!(c.mark_presses(mark(3)));
    assert!(!c.mark_presses(mark(9)), "nothing left unmarked");
    assert_eq!(c.last_press_mark(), Some(mark(3)));
    c.undo_press(11_000).unwrap();
    assert_eq!(c.last_press_mark(), Some(mark(3)));
    c.undo_press(11_000).unwrap();
    assert_eq!(c.last_press_mark(), Some(mark(1)));
    c.undo_press(11_000).unwrap();
    assert_eq!(c.last_press_mark(), None);
}

#[test]
fn undo_restores_both_sides_exactly() {
    // Issue 16: "undo the last press". The clock as it was at the press: the increment taken
    // back, the opponent's time since the press given back (ruling R-CLOCK-UNDO).
    let mut c = fischer();
    c.start(0, 0).unwrap();
    c.press(4_000, 0).unwrap();
    let before = state_of(&c, 9_000);
    c.press(9_000, 1).unwrap();
    c.adjust(12_000, 0, 30_000).unwrap();
    c.undo_press(16_000).unwrap();
    assert_eq!(
        state_of(&c, 16_000),
        before,
        "as at the press, the adjustment too"
    );
    assert_eq!(c.state(16_000), State::Running(1));
    assert_eq!(
        c.remaining(1, 17_000),
        54_000,
        "side 1 runs on from its 55 s"
    );
    assert_eq!(c.remaining(0, 17_000), 58_000);
    c.undo_press(17_000).unwrap();
    assert_eq!(
        c.remaining(0, 17_000),
        56_000,
        "back to side 0's first turn, 4 s used"
    );
    assert_eq!(c.remaining(1, 17_000), 60_000);
    assert_eq!(c.undo_press(17_000), Err(ClockError::NothingToUndo));
    assert_eq!(c.undo_depth(), 0);
}

#[test]
fn undo_keeps_the_turns_delay_and_a_pause() {
    let mut c = Clock::same(
        Control::SimpleDelay {
            base: 60_000,
            delay: 5_000,
        },
        2,
    )
    .unwrap();
    c.start(0, 0).unwrap();
    c.press(3_000, 0).unwrap();
    c.pause(4_000).unwrap();
    c.undo_press(50_000).unwrap();
    assert_eq!(
        c.state(50_000),
        State::Paused(0),
        "a paused clock stays paused"
    );
    assert_eq!(
        c.face(0, 50_000).delay,
        Some(2_000),
        "3 s of the delay were used"
    );
    c.resume(60_000).unwrap();
    assert_eq!(c.remaining(0, 63_000), 59_000);
}

#[test]
fn undo_after_a_flag_lifts_it() {
    let mut c = Clock::same(Control::SuddenDeath { base: 2_000 }, 2).unwrap();
    c.start(0, 0).unwrap();
    c.press(500, 0).unwrap();
    assert_eq!(c.poll(3_000), Some(Flag { seat: 1, at: 2_500 }));
    c.undo_press(3_000).unwrap();
    assert_eq!(c.state(3_000), State::Running(0));
    assert_eq!(c.remaining(0, 3_000), 1_500);
    assert_eq!(c.remaining(1, 3_000), 2_000);
}

#[test]
fn undo_takes_back_the_per_turn_reset() {
    let mut c = Clock::same(Control::PerTurn { limit: 5_000 }, 2).unwrap();
    c.start(0, 0).unwrap();
    c.press(3_000, 0).unwrap();
    c.undo_press(4_000).unwrap();
    assert_eq!(c.remaining(0, 4_000), 2_000);
    assert_eq!(c.flag(6_000), Some(Flag { seat: 0, at: 6_000 }));
}

// --- Adjust ---------------------------------------------------------------------------------

#[test]
fn adjust_and_set_time() {
    let mut c = fischer();
    c.start(0, 0).unwrap();
    c.adjust(1_000, 1, 15_000).unwrap();
    c.adjust(1_000, 0, -9_000).unwrap();
    assert_eq!(c.remaining(0, 1_000), 50_000);
    assert_eq!(c.remaining(1, 1_000), 75_000);
    c.set_time(2_000, 1, 30_000).unwrap();
    assert_eq!(c.remaining(1, 2_000), 30_000);
    c.set_time(2_000, 0, 45_000).unwrap();
    assert_eq!(
        c.remaining(0, 3_000),
        44_000,
        "the running side runs on from its new time"
    );
    assert_eq!(
        c.adjust(3_000, 7, 1),
        Err(ClockError::NoSuchSeat { seat: 7, seats: 2 })
    );
}

#[test]
fn taking_all_the_running_sides_time_drops_its_flag_at_once() {
    // §2.0.R3: "If one player runs out of time, they lose."
    let mut c = fischer();
    c.start(0, 0).unwrap();
    c.adjust(1_000, 0, -100_000).unwrap();
    assert_eq!(c.flag(1_000), Some(Flag { seat: 0, at: 1_000 }));
    assert_eq!(
        c.press(1_000, 0),
        Err(ClockError::Flagged(Flag { seat: 0, at: 1_000 }))
    );
}

#[test]
fn a_waiting_side_at_zero_falls_when_its_turn_begins() {
    let mut c = fischer();
    c.start(0, 0).unwrap();
    c.set_time(1_000, 1, 0).unwrap();
    assert_eq!(
        c.state(2_000),
        State::Running(0),
        "a waiting clock does not fall"
    );
    c.press(2_000, 0).unwrap();
    assert_eq!(c.poll(2_000), Some(Flag { seat: 1, at: 2_000 }));
    // Under a simple delay too: the delay does not keep a side at zero playing (R-CLOCK-ZERO,
    // "a clock shows 0:00.0 only once its flag has fallen").
    let mut d = Clock::same(
        Control::SimpleDelay {
            base: 60_000,
            delay: 5_000,
        },
        2,
    )
    .unwrap();
    d.start(0, 0).unwrap();
    d.adjust(1_000, 1, -60_000).unwrap();
    d.press(2_000, 0).unwrap();
    assert_eq!(d.poll(2_000), Some(Flag { seat: 1, at: 2_000 }));
    assert_eq!(
        d.press(6_900, 1),
        Err(ClockError::Flagged(Flag { seat: 1, at: 2_000 }))
    );
}

/// Ruling R-CLOCK-PLAY-ON: time given to the fallen side brings the clock back paused.
#[test]
fn time_given_to_a_fallen_side_brings_the_clock_back_paused() {
    // Ruling R-CLOCK-PLAY-ON: the game's outcome is the app's; players who agree to play on give
    // the fallen side time.
    let mut c = Clock::same(Control::SuddenDeath { base: 1_000 }, 2).unwrap();
    c.start(0, 0).unwrap();
    assert_eq!(c.poll(5_000), Some(Flag { seat: 0, at: 1_000 }));
    c.adjust(5_000, 1, 10_000).unwrap();
    assert!(
        c.flag(5_000).is_some(),
        "time for the other side changes nothing"
    );
    c.adjust(5_000, 0, 10_000).unwrap();
    assert_eq!(c.state(5_000), State::Paused(0));
    c.resume(6_000).unwrap();
    assert_eq!(c.remaining(0, 7_000), 9_000);
}

// --- Time penalty (§2.0.22) -----------------------------------------------------------------

#[test]
fn time_penalty_reduces_the_offender_or_gives_the_opponent_a_bonus() {
    // §2.0.22 Untenable Moves: "Time Penalty: The move is reset, and the player receives a
    // penalty reduction to their time control, or the opponent receives a bonus."
    for (how, want) in [
        (TimePenalty::Reduction, (45_000, 60_000)),
        (TimePenalty::Bonus, (55_000, 70_000)),
    ] {
        let mut c = fischer();
        c.start(0, 0).unwrap();
        // Side 0 plays an untenable move and presses; side 1 calls it 2 s later.
        c.press(5_000, 0).unwrap();
        // "The move is reset": side 0 moves again, from its time at the press.
        c.undo_press(7_000).unwrap();
        c.time_penalty(7_000, 0, 10_000, how).unwrap();
        assert_eq!(
            (c.remaining(0, 7_000), c.remaining(1, 7_000)),
            want,
            "{how:?}"
        );
        assert_eq!(c.state(7_000), State::Running(0));
    }
}

/// The call taken back (undone in the app): the penalty comes off again, each way it was paid.
#[test]
fn a_time_penalty_lifted_gives_back_what_it_took() {
    for how in [TimePenalty::Reduction, TimePenalty::Bonus] {
        let mut c = fischer();
        c.start(0, 0).unwrap();
        c.time_penalty(2_000, 0, 10_000, how).unwrap();
        c.lift_time_penalty(3_000, 0, 10_000, how).unwrap();
        assert_eq!(
            (c.remaining(0, 3_000), c.remaining(1, 3_000)),
            (57_000, 60_000),
            "{how:?}"
        );
    }
    // Not after a flag has fallen.
    let mut c = Clock::same(Control::PerTurn { limit: 5_000 }, 2).unwrap();
    c.start(0, 0).unwrap();
    c.time_penalty(1_000, 0, 10_000, TimePenalty::Reduction)
        .unwrap();
    assert!(
        c.lift_time_penalty(1_500, 0, 10_000, TimePenalty::Reduction)
            .is_err()
    );
}

#[test]
fn a_penalty_bigger_than_the_time_left_loses_on_time() {
    let mut c = Clock::same(Control::PerTurn { limit: 5_000 }, 2).unwrap();
    c.start(0, 0).unwrap();
    c.time_penalty(1_000, 0, 10_000, TimePenalty::Reduction)
        .unwrap();
    assert_eq!(c.flag(1_000), Some(Flag { seat: 0, at: 1_000 }));
}

/// R-CLOCK-PER-TURN, R-CLOCK-PENALTY: a called move's reset takes back the offender's press,
/// and the penalty comes off what is left of its turn — the move's own seconds stay spent, so a
/// penalty shorter than the turn loses on time when the move took the rest (what the setup
/// form warns of).
#[test]
fn a_penalty_comes_off_what_is_left_of_the_turn_under_way() {
    for (penalty, flagged) in [(2_000, true), (1_500, false)] {
        let mut c = Clock::same(Control::PerTurn { limit: 5_000 }, 2).unwrap();
        c.start(0, 0).unwrap();
        c.press(1_000, 0).unwrap();
        // Black's called move took 3.1 s; White calls 0.8 s after Black's press.
        c.press(4_100, 1).unwrap();
        c.undo_press(4_900).unwrap();
        assert_eq!(c.remaining(1, 4_900), 1_900);
        c.time_penalty(4_900, 1, penalty, TimePenalty::Reduction)
            .unwrap();
        assert_eq!(c.flag(4_900).is_some(), flagged, "penalty {penalty}");
        if !flagged {
            assert_eq!(c.remaining(1, 4_900), 400);
        }
    }
}

#[test]
fn a_bonus_goes_to_every_other_side() {
    let mut c = Clock::same(Control::SuddenDeath { base: 10_000 }, 3).unwrap();
    c.start(0, 0).unwrap();
    c.time_penalty(0, 1, 1_000, TimePenalty::Bonus).unwrap();
    assert_eq!(
        (0..3).map(|s| c.remaining(s, 0)).collect::<Vec<_>>(),
        [11_000, 10_000, 11_000]
    );
}

// --- The dying move (§2.0.20) ---------------------------------------------------------------

#[test]
fn checkmate_by_touch_drops_the_mated_sides_clock_to_a_few_seconds() {
    // §2.0.20 Dying Moves: "If time control is in use, checkmate by touch results in an
    // immediate reduction of the checkmated player's clock to a few seconds, so that they must
    // find the move in time before death."
    let mut c = fischer();
    c.start(0, 0).unwrap();
    // Side 0 checkmates by touch and presses; side 1, mated, is to move.
    c.press(3_000, 0).unwrap();
    c.dying_move(3_000, 1, DEFAULT_DYING_MOVE).unwrap();
    assert_eq!(c.remaining(1, 3_000), 10_000);
    assert_eq!(c.face(1, 3_000).text(), "0:10.0");
    assert_eq!(
        c.flag(13_000),
        Some(Flag {
            seat: 1,
            at: 13_000
        })
    );
}

/// A checkmate by touch taken back (its move undone or called untenable, §2.0.22) lifts the
/// dying-move limit: a pending one is dropped, and one already cutting the mated side's turn
/// gives back the time it cut, less what the turn has used since (a review found the mated
/// player left with ten seconds for an ordinary turn).
#[test]
fn a_checkmate_taken_back_lifts_the_dying_move_limit() {
    // Pending: side 0 mates by touch and has not pressed yet.
    let mut c = side_1_mated_at_two_seconds();
    assert_eq!(c.remaining(1, 2_000), 10_000, "shown cut already");
    c.lift_dying_move(2_500, 1).unwrap();
    assert_eq!(c.remaining(1, 2_500), 60_000);
    c.press(3_000, 0).unwrap();
    assert_eq!(c.remaining(1, 3_000), 60_000, "no cut when its turn begins");
    // Applied: side 0 pressed, side 1's turn began cut; 4 s later the mate is called.
    let mut c = side_1_mated_at_two_seconds();
    c.press(3_000, 0).unwrap();
    assert_eq!(c.remaining(1, 3_000), 10_000);
    c.lift_dying_move(7_000, 1).unwrap();
    assert_eq!(
        c.remaining(1, 7_000),
        56_000,
        "60 s back, less the 4 s used"
    );
    // Cut twice in one turn (an acknowledgement undone brings the dying position back), then
    // lifted: the whole of the first cut comes back, not the second's nothing.
    let mut c = side_1_mated_at_two_seconds();
    c.press(3_000, 0).unwrap();
    c.dying_move(4_000, 1, 10_000).unwrap();
    c.lift_dying_move(7_000, 1).unwrap();
    assert_eq!(c.remaining(1, 7_000), 56_000, "cut twice, lifted once");
    // An adjustment made meanwhile stands: 10 s, 2 s used, 30 s given, 50 s given back.
    let mut c = side_1_mated_at_two_seconds();
    c.press(3_000, 0).unwrap();
    c.adjust(5_000, 1, 30_000).unwrap();
    c.lift_dying_move(5_000, 1).unwrap();
    assert_eq!(c.remaining(1, 5_000), 88_000);
    // Undoing the press brings the pending limit back; lifting it then drops it.
    let mut c = side_1_mated_at_two_seconds();
    c.press(3_000, 0).unwrap();
    c.undo_press(4_000).unwrap();
    c.lift_dying_move(4_000, 1).unwrap();
    c.press(5_000, 0).unwrap();
    assert_eq!(c.remaining(1, 5_000), 60_000);
}

/// A Fischer clock started at 0 ms for side 0, which mates side 1 by touch at 2 s (not pressed).
fn side_1_mated_at_two_seconds() -> Clock {
    let mut c = fischer();
    c.start(0, 0).unwrap();
    c.dying_move(2_000, 1, DEFAULT_DYING_MOVE).unwrap();
    c
}

/// A minute each with a five-second simple delay, side 0 running from 0 ms.
fn simple_delay_started() -> Clock {
    let mut c = Clock::same(
        Control::SimpleDelay {
            base: 60_000,
            delay: 5_000,
        },
        2,
    )
    .unwrap();
    c.start(0, 0).unwrap();
    c
}

#[test]
fn a_lifted_dying_move_gives_the_turns_delay_back() {
    // Ruling R-CLOCK-DYING: the dying move's turn has no delay; taken back, the turn has it.
    let mut c = simple_delay_started();
    c.dying_move(0, 0, 3_000).unwrap();
    c.lift_dying_move(1_000, 0).unwrap();
    // The second run without a delay stands (59 s); the delay's other four seconds run from
    // here before the time does again.
    assert_eq!(c.remaining(0, 1_000), 59_000);
    assert_eq!(c.remaining(0, 5_000), 59_000);
    assert_eq!(c.remaining(0, 6_000), 58_000);
}

#[test]
fn the_dying_drop_never_raises_a_clock() {
    let mut c = fischer();
    c.start(0, 0).unwrap();
    c.set_time(0, 0, 4_000).unwrap();
    c.dying_move(1_000, 0, DEFAULT_DYING_MOVE).unwrap();
    assert_eq!(c.remaining(0, 1_000), 3_000);
}

#[test]
fn the_dying_move_has_no_delay() {
    // Ruling R-CLOCK-DYING: "a few seconds" are a few seconds; a delay would lengthen them.
    let mut c = simple_delay_started();
    c.dying_move(1_000, 0, 3_000).unwrap();
    assert_eq!(c.face(0, 1_000).delay, None);
    assert_eq!(c.flag(4_000), Some(Flag { seat: 0, at: 4_000 }));
}

#[test]
fn dropped_before_its_turn_the_limit_holds_at_the_turn_start() {
    // The app may drop the mated side's clock as the checkmate is played, before the press:
    // the side shows it at once and its turn starts with it, delay and all.
    let mut c = Clock::new(vec![
        Control::SuddenDeath { base: 60_000 },
        Control::SimpleDelay {
            base: 60_000,
            delay: 5_000,
        },
    ])
    .unwrap();
    c.start(0, 0).unwrap();
    c.dying_move(2_000, 1, 5_000).unwrap();
    assert_eq!(c.remaining(1, 2_000), 5_000);
    c.press(3_000, 0).unwrap();
    assert_eq!(c.face(1, 3_000).delay, None);
    assert_eq!(c.flag(8_000), Some(Flag { seat: 1, at: 8_000 }));
}

#[test]
fn the_dying_limit_holds_against_an_hourglass() {
    let mut c = Clock::new(Control::hourglass(60_000, 2, 0, HourglassStart::Even)).unwrap();
    c.start(0, 0).unwrap();
    c.dying_move(0, 1, 5_000).unwrap();
    assert_eq!(
        c.remaining(1, 10_000),
        5_000,
        "the sand falls, the clock shows the limit"
    );
    c.press(10_000, 0).unwrap();
    assert_eq!(c.remaining(1, 10_000), 5_000);
    assert_eq!(
        c.flag(15_000),
        Some(Flag {
            seat: 1,
            at: 15_000
        })
    );
}

// --- Flag fall ------------------------------------------------------------------------------

#[test]
fn after_the_flag_the_clock_is_stopped() {
    let mut c = fischer();
    c.start(0, 1).unwrap();
    let f = Flag {
        seat: 1,
        at: 60_000,
    };
    assert_eq!(c.poll(59_999), None);
    assert_eq!(c.poll(70_000), Some(f));
    assert_eq!(c.state(80_000), State::Flagged(f));
    assert_eq!(c.press(80_000, 1), Err(ClockError::Flagged(f)));
    assert_eq!(c.pause(80_000), Err(ClockError::Flagged(f)));
    assert_eq!(c.resume(80_000), Err(ClockError::Flagged(f)));
    assert_eq!(c.dying_move(80_000, 1, 1_000), Err(ClockError::Flagged(f)));
    assert_eq!(c.to_move(), None);
    assert_eq!(c.next_change(80_000), None);
    let faces = c.faces(80_000);
    assert!(faces[1].flagged && !faces[0].flagged);
    assert_eq!(faces[1].text(), "0:00.0");
    assert_eq!(c.remaining(0, 80_000), 60_000);
}

#[test]
fn a_running_clocks_standing_form_changes_only_with_an_event() {
    // Ruling R-CLOCK-RESTORE: "A running clock's form stands at the running side's last press
    // (the form changes only with a press, a pause or an adjustment)".
    let mut c = fischer();
    c.start(0, 0).unwrap();
    c.press(4_000, 0).unwrap();
    let a = c.save_standing(5_000);
    assert_eq!(c.save_standing(9_000), a, "no event between");
    assert_eq!(a, c.save(4_000), "as at the press");
    // A refused press (the waiting side taps its own face) is no event either, nor a resume
    // of a running clock, nor a second start (a review found each moving the form).
    assert!(c.press(7_000, 0).is_err());
    assert!(c.resume(7_500).is_err());
    assert!(c.start(8_000, 0).is_err());
    assert_eq!(c.save_standing(9_000), a, "refusals change nothing");
    c.press(9_000, 1).unwrap();
    assert_ne!(c.save_standing(10_000), a, "a press changes it");
    // A flag that has fallen is saved fallen.
    let fallen = c.save_standing(10_000_000);
    assert_eq!(fallen, c.save(10_000_000));
    // A paused clock's form stands still too, and reads back paused with its times.
    let mut p = fischer();
    p.start(0, 0).unwrap();
    p.press(4_000, 0).unwrap();
    p.pause(6_000).unwrap();
    let paused = p.save_standing(7_000);
    assert_eq!(p.save_standing(60_000), paused, "no event between");
    assert_eq!(paused.state, game_clock::SavedState::Paused);
    let back = Clock::restore(&paused, 90_000, game_clock::Resume::Paused).unwrap();
    assert_eq!(back.save_standing(95_000), paused);
}

#[test]
fn huge_saved_times_do_not_overflow() {
    // A save form may name any time up to u64::MAX: the next redraw is computed without
    // overflow (saturating), never in the past.
    let mut c = fischer();
    c.start(0, 0).unwrap();
    c.adjust(0, 0, i64::MAX).unwrap();
    c.adjust(0, 1, i64::MAX).unwrap();
    let text = c.save(10).to_string().replace(
        &format!("t0={}", c.remaining(0, 10)),
        &format!("t0={}", u64::MAX),
    );
    assert!(text.contains(&format!("t0={}", u64::MAX)), "{text}");
    let ct: ClockText = text.parse().unwrap();
    let r = Clock::restore(&ct, 10, game_clock::Resume::SameTimebase).unwrap();
    assert!(r.next_change(10).is_some_and(|t| t >= 10));
}

#[test]
fn a_penalty_taking_all_the_time_drops_the_flag_at_once_under_simple_delay() {
    // Ruling R-CLOCK-PENALTY: a reduction that takes all the offender's time makes its flag
    // fall at once — not after the delay still to run.
    let mut c = Clock::same(
        Control::SimpleDelay {
            base: 8_000,
            delay: 5_000,
        },
        2,
    )
    .unwrap();
    c.start(0, 0).unwrap();
    c.time_penalty(1_000, 0, 10_000, TimePenalty::Reduction)
        .unwrap();
    assert_eq!(c.flag(1_000), Some(Flag { seat: 0, at: 1_000 }));
}
