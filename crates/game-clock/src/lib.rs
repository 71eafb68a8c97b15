//! # game-clock
//!
//! A chess clock for games played beside a real board (issue 16, "Clocks"; Veney's §2.0.R3 Time
//! Control, §2.0.22 Time Penalty, §2.0.20 dying moves). No Bevy, no dependencies, no system
//! clock: every call takes `now`, the caller's monotonic milliseconds, so tests drive it with
//! plain numbers and the app decides where time comes from.
//!
//! - Controls, one per side (handicaps): sudden death, Fischer increment, Bronstein delay,
//!   simple delay, a per-turn limit ("a five second time limit which resets on each turn"), and
//!   the hourglass ("whatever sand remains is how much time you have for your turn").
//! - Operations: start, press, pause and resume, undo the last press, adjust or set a side's
//!   time, a time penalty either way, the dying move's drop, and flag fall (`poll`, `state`).
//! - Drawing: [`Face`] per side, [`format_ms`] (`m:ss`, tenths at ten seconds and under), and
//!   [`Clock::next_change`], the next instant anything shown changes, so the app need not redraw
//!   every frame.
//! - Saving: [`ClockText`], one line that reads back exactly, and [`Clock::restore`] with a
//!   [`Resume`] policy for a clock that was running when the app stopped.
//!
//! Rulings: `docs/rulings/clock.md`.
//!
//! ```
//! use game_clock::{Clock, ClockText, Control, Resume, State};
//! let mut clock = Clock::same(Control::Fischer { base: 300_000, increment: 5_000 }, 2).unwrap();
//! clock.start(1_000, 0).unwrap(); // side 0 runs from t = 1 s
//! clock.press(13_000, 0).unwrap(); // 12 s used, 5 s back
//! assert_eq!(clock.remaining(0, 13_000), 293_000);
//! assert_eq!(clock.state(14_000), State::Running(1));
//! assert_eq!(clock.face(1, 14_000).text(), "4:59");
//! assert_eq!(clock.next_change(14_000), Some(15_000));
//!
//! // Saved at t = 20 s, read back in the same run of the app at t = 21 s:
//! let line = clock.save(20_000).to_string();
//! assert_eq!(
//!     line,
//!     "clock1 state=running turn=1 at=20000 used=7000 delay=on \
//!      s0=fischer(300000,5000) t0=293000 c0=- s1=fischer(300000,5000) t1=293000 c1=- \
//!      penalty=10000 bonus=off dying=10000"
//! );
//! let text: ClockText = line.parse().unwrap();
//! let back = Clock::restore(&text, 21_000, Resume::SameTimebase).unwrap();
//! assert_eq!(back.remaining(1, 21_000), 292_000);
//! ```
//!
//! Layers look only down: seat, face → control, error → clock → text.
mod clock;
mod control;
mod error;
mod face;
mod seat;
mod text;

pub use clock::{
    Agreed, Clock, DEFAULT_DYING_MOVE, DEFAULT_TIME_PENALTY, PressMark, Resume, State, TimePenalty,
};
pub use control::{Control, FIVE_SECONDS, HourglassStart};
pub use error::ClockError;
pub use face::{Face, format_delay, format_ms, format_setting};
pub use seat::{Flag, Seat};
pub use text::{ClockText, ClockTextError, SavedSeat, SavedState};
