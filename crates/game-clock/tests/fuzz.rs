//! Generated clocks and texts (proptest, a fixed seed so CI is repeatable).
//!
//! - Random controls and random sequences of every operation at random instants: after each,
//!   the save form reads back to the same value and line, and the clock restored from it in the
//!   same time base shows the same thing at every later instant checked; at the end,
//!   `next_change` is checked against every millisecond.
//! - An hourglass played by presses, pauses and undos keeps its sand (§2.0.R3 Hourglass).
//! - The reader under mutated lines and arbitrary strings: no panic, every error inside the
//!   text, and whatever it accepts writes back as the very same line.
use game_clock::{Clock, ClockText, Control, HourglassStart, Resume, TimePenalty};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use std::sync::atomic::{AtomicU32, Ordering};

fn config(cases: u32) -> ProptestConfig {
    Config {
        cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(0x0063_6c6f_636b),
        ..Config::default()
    }
}

fn control() -> impl Strategy<Value = Control> {
    let t = 0u64..40_000;
    prop_oneof![
        t.clone().prop_map(|base| Control::SuddenDeath { base }),
        (t.clone(), 0u64..5_000).prop_map(|(base, increment)| Control::Fischer { base, increment }),
        (t.clone(), 0u64..5_000).prop_map(|(base, delay)| Control::Bronstein { base, delay }),
        (t.clone(), 0u64..5_000).prop_map(|(base, delay)| Control::SimpleDelay { base, delay }),
        (0u64..8_000).prop_map(|limit| Control::PerTurn { limit }),
        t.prop_map(|sand| Control::Hourglass { sand }),
    ]
}

/// (ms since the last operation, which operation, a side, an amount)
type Op = (u64, u8, usize, u64);

fn scenario() -> impl Strategy<Value = (Vec<Control>, usize, Vec<Op>)> {
    (
        prop::collection::vec(control(), 2..=4),
        0usize..4,
        prop::collection::vec((0u64..6_000, 0u8..15, 0usize..4, 0u64..15_000), 0..30),
    )
}

fn apply(c: &mut Clock, now: u64, (_, op, seat, amount): Op) {
    let seat = seat % c.seats();
    let delta = amount as i64 - 7_500;
    let _ = match op {
        // Presses are the commonest, mostly by the side to move.
        0..=3 => c.press(now, c.to_move().unwrap_or(seat)).map(|_| ()),
        4 => c.press(now, seat).map(|_| ()),
        5 => c.pause(now),
        6 => c.resume(now),
        7 => c.undo_press(now),
        8 => c.adjust(now, seat, delta),
        9 => c.set_time(now, seat, amount),
        10 => c.time_penalty(now, seat, amount, TimePenalty::Reduction),
        11 => c.time_penalty(now, seat, amount, TimePenalty::Bonus),
        12 => c.dying_move(now, seat, amount),
        13 => c.lift_time_penalty(now, seat, amount, TimePenalty::Reduction),
        _ => {
            c.poll(now);
            Ok(())
        }
    };
}

type Shown = Vec<(String, Option<String>, bool, bool, bool)>;

fn shown(c: &Clock, t: u64) -> Shown {
    c.faces(t)
        .iter()
        .map(|f| (f.text(), f.delay_text(), f.to_move, f.running, f.flagged))
        .collect()
}

fn same_from(a: &Clock, b: &Clock, now: u64) -> Result<(), TestCaseError> {
    for k in [0, 1, 99, 100, 999, 1_000, 4_321, 20_000, 100_000] {
        let t = now + k;
        prop_assert_eq!(a.state(t), b.state(t), "at {}", t);
        prop_assert_eq!(shown(a, t), shown(b, t), "at {}", t);
        for s in 0..a.seats() {
            prop_assert_eq!(a.remaining(s, t), b.remaining(s, t));
        }
        prop_assert_eq!(a.next_change(t), b.next_change(t));
    }
    prop_assert_eq!(a.flag_falls_at(), b.flag_falls_at());
    Ok(())
}

fn round_trip(c: &Clock, now: u64) -> Result<(), TestCaseError> {
    let text = c.save(now);
    let line = text.to_string();
    let back: ClockText = line
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{line}\n{e}")))?;
    prop_assert_eq!(&back, &text);
    prop_assert_eq!(back.to_string(), line.clone());
    let restored = Clock::restore(&back, now, Resume::SameTimebase)
        .map_err(|e| TestCaseError::fail(format!("{line}\n{e}")))?;
    same_from(c, &restored, now)
}

proptest! {
    #![proptest_config(config(1_000))]

    #[test]
    fn every_operation_saves_and_restores_exactly((controls, first, ops) in scenario()) {
        let mut c = Clock::new(controls).unwrap();
        let first = first % c.seats();
        let mut now = 1_000;
        round_trip(&c, now)?;
        c.start(now, first).unwrap();
        for op in ops {
            now += op.0;
            apply(&mut c, now, op);
            round_trip(&c, now)?;
        }
        // next_change against every millisecond up to it (at most a second away).
        let here = shown(&c, now);
        if let Some(next) = c.next_change(now) {
            prop_assert!(next > now && next - now <= 1_000, "{} after {}", next, now);
            for t in now + 1..next {
                prop_assert_eq!(shown(&c, t), here.clone(), "changed at {} before {}", t, next);
            }
            prop_assert_ne!(shown(&c, next), here);
        } else {
            for t in (now..now + 3_000).step_by(7) {
                prop_assert_eq!(shown(&c, t), here.clone(), "changed at {} unannounced", t);
            }
        }
    }

    #[test]
    fn an_hourglass_keeps_its_sand(
        glass in 1_000u64..120_000,
        seats in 2usize..4,
        full in any::<bool>(),
        ops in prop::collection::vec((0u64..30_000, 0u8..4), 0..40),
    ) {
        // §2.0.R3 Hourglass: "whatever sand remains is how much time you have for your turn".
        let start = if full { HourglassStart::FullToFirst } else { HourglassStart::Even };
        let mut c = Clock::new(Control::hourglass(glass, seats, 0, start)).unwrap();
        c.start(0, 0).unwrap();
        let mut now = 0;
        for (dt, op) in ops {
            now += dt;
            let _ = match op {
                0 | 1 => c.press(now, c.to_move().unwrap_or(0)).map(|_| ()),
                2 => c.pause(now).or_else(|_| c.resume(now)),
                _ => c.undo_press(now),
            };
            let sand: u64 = (0..seats).map(|s| c.remaining(s, now)).sum();
            prop_assert_eq!(sand, glass);
            let later: u64 = (0..seats).map(|s| c.remaining(s, now + 777)).sum();
            prop_assert_eq!(later, glass);
        }
    }
}

/// A valid line from a random clock, for the reader's mutations.
fn valid_line() -> impl Strategy<Value = String> {
    scenario().prop_map(|(controls, first, ops)| {
        let mut c = Clock::new(controls).unwrap();
        let mut now = 0;
        c.start(now, first % c.seats()).unwrap();
        for op in ops {
            now += op.0;
            apply(&mut c, now, op);
        }
        c.save(now).to_string()
    })
}

/// One mutation of `line`: a span deleted, replaced or duplicated, or characters inserted.
fn mutated() -> impl Strategy<Value = String> {
    let alphabet = prop::sample::select(
        "0123456789 =(),-abcdefghijklmnopqrstuvwxyzé\u{0}\n"
            .chars()
            .collect::<Vec<_>>(),
    );
    (
        valid_line(),
        any::<prop::sample::Index>(),
        0usize..6,
        0u8..4,
        prop::collection::vec(alphabet, 1..4),
    )
        .prop_map(|(line, at, len, how, chars)| {
            let cs: Vec<char> = line.chars().collect();
            let i = at.index(cs.len() + 1);
            let j = (i + len).min(cs.len());
            let ins: String = chars.into_iter().collect();
            let (a, b): (String, String) = (cs[..i].iter().collect(), cs[j..].iter().collect());
            let mid: String = cs[i..j].iter().collect();
            match how {
                0 => format!("{a}{b}"),
                1 => format!("{a}{ins}{b}"),
                2 => format!("{a}{mid}{mid}{b}"),
                _ => format!("{a}{ins}{mid}{b}"),
            }
        })
}

/// Reads `input`: no panic, an error inside the text, or a line that writes back the same.
/// Returns whether it was accepted.
fn check_reader(input: &str) -> Result<bool, TestCaseError> {
    match input.parse::<ClockText>() {
        Ok(text) => {
            prop_assert_eq!(
                text.to_string(),
                input,
                "accepted, written back differently"
            );
            Ok(true)
        }
        Err(e) => {
            let n = input.chars().count();
            prop_assert!(
                e.col >= 1 && e.col <= n + 1,
                "column {} of {}: {}",
                e.col,
                n,
                e
            );
            prop_assert!(!e.expected.is_empty());
            Ok(false)
        }
    }
}

/// Runs the reader over `cases` inputs; both outcomes must each come at least `at_least` times.
fn fuzz_reader<S: Strategy<Value = String>>(cases: u32, strategy: S, at_least: u32) {
    let accepted = AtomicU32::new(0);
    let refused = AtomicU32::new(0);
    let mut runner = TestRunner::new(config(cases));
    runner
        .run(&strategy, |input| {
            let n = if check_reader(&input)? {
                &accepted
            } else {
                &refused
            };
            n.fetch_add(1, Ordering::Relaxed);
            Ok(())
        })
        .unwrap();
    let (a, r) = (accepted.into_inner(), refused.into_inner());
    assert!(a >= at_least && r >= at_least, "accepted {a}, refused {r}");
}

#[test]
fn the_reader_survives_mutated_lines() {
    fuzz_reader(3_000, mutated(), 100);
}

#[test]
fn the_reader_survives_arbitrary_strings() {
    let strings = "\\PC{0,80}|clock1 [a-z0-9=(), -]{0,120}";
    let accepted = AtomicU32::new(0);
    let mut runner = TestRunner::new(config(3_000));
    runner
        .run(&strings, |input| {
            if check_reader(&input)? {
                accepted.fetch_add(1, Ordering::Relaxed);
            }
            Ok(())
        })
        .unwrap();
    assert_eq!(
        accepted.into_inner(),
        0,
        "random strings are never whole clocks"
    );
}
