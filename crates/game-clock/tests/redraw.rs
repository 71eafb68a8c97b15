//! `Clock::next_change`: the app sleeps until then and redraws, instead of every frame. Checked
//! against every millisecond: nothing shown changes before the instant, something at it.
use game_clock::{Clock, Control, DEFAULT_DYING_MOVE, HourglassStart};

type Shown = Vec<(String, Option<String>, bool, bool, bool)>;

fn shown(c: &Clock, t: u64) -> Shown {
    c.faces(t)
        .iter()
        .map(|f| (f.text(), f.delay_text(), f.to_move, f.running, f.flagged))
        .collect()
}

/// Follows `next_change` from `from` to `until` (or until it is None), checking every
/// millisecond; returns how many wake-ups it took.
fn walk(c: &Clock, from: u64, until: u64) -> usize {
    let mut now = from;
    let mut wakes = 0;
    while now < until {
        let here = shown(c, now);
        let Some(next) = c.next_change(now) else {
            for t in (now..until).step_by(97) {
                assert_eq!(shown(c, t), here, "changed at {t} with no change announced");
            }
            return wakes;
        };
        assert!(next > now, "{next} after {now}");
        for t in now + 1..next {
            assert_eq!(shown(c, t), here, "changed at {t}, before {next}");
        }
        assert_ne!(shown(c, next), here, "nothing changed at {next}");
        wakes += 1;
        now = next;
    }
    wakes
}

#[test]
fn a_running_clock_wakes_the_app_once_a_second() {
    // Issue 16: "tick without keeping the app busy (redraw once a second or when a digit
    // changes, not every frame)".
    let mut c = Clock::same(Control::SuddenDeath { base: 300_000 }, 2).unwrap();
    c.start(250, 0).unwrap();
    assert_eq!(c.next_change(250), Some(1_250));
    assert_eq!(walk(&c, 250, 60_250), 60);
}

#[test]
fn under_ten_seconds_it_wakes_for_each_tenth_then_for_the_flag() {
    let mut c = Clock::same(Control::SuddenDeath { base: 12_000 }, 2).unwrap();
    c.start(0, 0).unwrap();
    // 0:12 → 0:11 → 0:10.0 → … → 0:00.1 → the flag (0:00.0).
    assert_eq!(walk(&c, 0, 20_000), 2 + 100);
    assert!(c.flag(12_000).is_some());
    assert_eq!(c.next_change(12_000), None);
}

#[test]
fn a_simple_delay_is_counted_down_in_seconds() {
    let mut c = Clock::same(
        Control::SimpleDelay {
            base: 20_000,
            delay: 3_000,
        },
        2,
    )
    .unwrap();
    c.start(0, 1).unwrap();
    assert_eq!(c.next_change(0), Some(1_000), "the delay's 3 → 2");
    walk(&c, 0, 30_000);
    c.pause(500).unwrap();
    assert_eq!(c.next_change(500), None);
}

#[test]
fn an_hourglass_wakes_for_the_side_it_fills_too() {
    let mut c = Clock::new(vec![
        Control::Hourglass { sand: 30_500 },
        Control::Hourglass { sand: 9_950 },
    ])
    .unwrap();
    c.start(0, 0).unwrap();
    // Side 0 shows 0:31 until 30.0 s; side 1 shows 0:10.0 until it passes 10 s, 51 ms on.
    assert_eq!(c.next_change(0), Some(51));
    walk(&c, 0, 45_000);
}

#[test]
fn a_dying_limit_stops_the_side_it_fills() {
    let mut c = Clock::new(Control::hourglass(60_000, 2, 0, HourglassStart::Even)).unwrap();
    c.start(0, 0).unwrap();
    c.dying_move(0, 1, DEFAULT_DYING_MOVE).unwrap();
    walk(&c, 0, 35_000);
    // A limit that the rising sand is shown under already, within one shown tenth.
    let mut c = Clock::new(vec![
        Control::Hourglass { sand: 30_000 },
        Control::Hourglass { sand: 9_950 },
    ])
    .unwrap();
    c.start(0, 0).unwrap();
    c.dying_move(0, 1, 9_980).unwrap();
    assert_eq!(c.next_change(0), Some(1_000), "only side 0's own second");
    walk(&c, 0, 5_000);
}

#[test]
fn nothing_to_wake_for_before_the_start() {
    let c = Clock::same(Control::PerTurn { limit: 5_000 }, 2).unwrap();
    assert_eq!(c.next_change(0), None);
}
