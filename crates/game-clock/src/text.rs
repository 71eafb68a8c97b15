//! The clock's one-line save form, e.g. for a save header `[Clock "…"]`:
//!
//! ```text
//! clock1 state=running turn=0 at=56789 used=1234 delay=on s0=fischer(300000,5000) t0=287000 c0=- s1=fischer(300000,5000) t1=300000 c1=- penalty=10000 bonus=off dying=10000
//! ```
//!
//! Fields, separated by one space, in this order (all times in whole milliseconds, written
//! without leading zeros):
//! - `clock1`: the form and its version;
//! - `state=`: `ready`, `running`, `paused` or `flagged`;
//! - `turn=`: the side to move (for `flagged`, the side whose flag fell);
//! - `at=`: the instant the state holds at, in the writer's time base: when it was written, or
//!   for `flagged` when the flag fell;
//! - `used=`: how long the side to move had run on its turn at `at`;
//! - `delay=`: `on`, or `off` on a dying move's turn (no delay, nothing given back);
//! - per side `n` from 0: `sn=` its control (`sudden(base)`, `fischer(base,increment)`,
//!   `bronstein(base,delay)`, `delay(base,delay)`, `turn(limit)`, `hourglass(sand)`), `tn=` its
//!   time at `at`, `cn=` its pending dying-move limit or `-`;
//! - then, optionally (forms written before they were kept have none; all three or none),
//!   `penalty=` the agreed Time Penalty, `bonus=` `on` when it goes to the opponent (`off`: off
//!   the offender's time), and `dying=` the agreed dying-move time (R-CLOCK-PENALTY,
//!   R-CLOCK-DYING).
//!
//! The delay still to run is `delay(base,d)`'s `d` minus `used` when `delay=on`. Reading is two
//! steps, as for positions: `ClockText` parses and checks the text (errors name the column and
//! what was expected), then `Clock::restore` rebuilds a clock at the reader's `now` with a
//! [`Resume`] policy (ruling R-CLOCK-RESTORE). The undo history is not saved.
use crate::clock::{Agreed, Clock, Phase, Resume, SeatTime, Timers};
use crate::control::Control;
use crate::error::ClockError;
use crate::seat::{Flag, Seat};
use std::fmt;
use std::str::FromStr;

/// The form's first field.
const TAG: &str = "clock1";

/// Where a saved clock stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SavedState {
    Ready,
    Running,
    Paused,
    Flagged,
}

/// One side in the save form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SavedSeat {
    pub control: Control,
    /// Its time at `at` (ms).
    pub time: u64,
    /// Its pending dying-move limit.
    pub cap: Option<u64>,
}

/// A clock's save form, read or to be written: plain data, checked by `Clock::restore`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClockText {
    pub state: SavedState,
    pub turn: Seat,
    /// The instant the state holds at, in the writer's time base.
    pub at: u64,
    pub used: u64,
    pub delay_on: bool,
    pub seats: Vec<SavedSeat>,
    /// The agreed penalty and dying-move times (`None`: a form that has none, read with the
    /// defaults).
    pub agreed: Option<Agreed>,
}

/// Why a clock's save form does not read: the column (1-based, in characters), what was
/// found there, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ClockTextError {
    pub col: usize,
    pub found: String,
    pub expected: String,
}

impl fmt::Display for ClockTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.found.is_empty() {
            write!(
                f,
                "clock, column {}: expected {}, found nothing",
                self.col, self.expected
            )
        } else {
            write!(
                f,
                "clock, column {}: expected {}, found `{}`",
                self.col, self.expected, self.found
            )
        }
    }
}

impl std::error::Error for ClockTextError {}

impl fmt::Display for ClockText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = match self.state {
            SavedState::Ready => "ready",
            SavedState::Running => "running",
            SavedState::Paused => "paused",
            SavedState::Flagged => "flagged",
        };
        let delay = if self.delay_on { "on" } else { "off" };
        write!(
            f,
            "{TAG} state={state} turn={} at={} used={} delay={delay}",
            self.turn, self.at, self.used
        )?;
        for (n, s) in self.seats.iter().enumerate() {
            write!(f, " s{n}={} t{n}={} c{n}=", s.control, s.time)?;
            match s.cap {
                Some(c) => write!(f, "{c}")?,
                None => write!(f, "-")?,
            }
        }
        if let Some(a) = self.agreed {
            let bonus = match a.penalty_how {
                crate::clock::TimePenalty::Bonus => "on",
                crate::clock::TimePenalty::Reduction => "off",
            };
            write!(
                f,
                " penalty={} bonus={bonus} dying={}",
                a.penalty, a.dying_move
            )?;
        }
        Ok(())
    }
}

impl FromStr for ClockText {
    type Err = ClockTextError;

    fn from_str(text: &str) -> Result<ClockText, ClockTextError> {
        Reader::new(text).clock()
    }
}

impl Clock {
    /// The save form as a game's save keeps it: a clock still running stands at its last event
    /// (a press, a resume, an adjustment: `at=` and the times as of then), so the form changes
    /// only with one (ruling R-CLOCK-RESTORE; a review found the app's form settled at every
    /// frame's `now`, which kept a loaded game's clock from coming back); a clock not running
    /// at `at=0`; a clock whose flag has fallen by `now` as `save(now)`.
    pub fn save_standing(&self, now: u64) -> ClockText {
        match self.timers.phase {
            Phase::Running { anchor }
                if !matches!(self.timers.at(now).phase, Phase::Flagged(_)) =>
            {
                self.save(anchor)
            }
            // A clock not running keeps no instant worth saving (reading it back never uses
            // `at=`): 0, so its form too stands still between events (a review found a paused
            // clock's form changing every frame, so a loaded game's clock never came back).
            Phase::Ready | Phase::Paused => ClockText {
                at: 0,
                ..self.save(now)
            },
            _ => self.save(now),
        }
    }

    /// The save form of the clock at `now` (the running side settled at `now`).
    pub fn save(&self, now: u64) -> ClockText {
        let t = self.timers.at(now);
        let (state, at) = match t.phase {
            Phase::Ready => (SavedState::Ready, now),
            Phase::Running { anchor } => (SavedState::Running, anchor),
            Phase::Paused => (SavedState::Paused, now),
            Phase::Flagged(f) => (SavedState::Flagged, f.at),
        };
        ClockText {
            state,
            turn: t.turn,
            at,
            used: t.used,
            delay_on: t.delay_on,
            seats: t
                .seats
                .iter()
                .map(|s| SavedSeat {
                    control: s.control,
                    time: s.time,
                    cap: s.cap,
                })
                .collect(),
            agreed: Some(self.agreed),
        }
    }

    /// A clock back from its save form at `now`, the caller's time (ruling R-CLOCK-RESTORE):
    /// a running clock is charged the time since `at` as `resume` says. With no undo history.
    /// A dying-move limit pending for the side to move (which `save` never writes) applies at
    /// once.
    pub fn restore(text: &ClockText, now: u64, resume: Resume) -> Result<Clock, ClockError> {
        let n = text.seats.len();
        if n < 2 {
            return Err(ClockError::TooFewSeats { seats: n });
        }
        if text.turn >= n {
            return Err(ClockError::NoSuchSeat {
                seat: text.turn,
                seats: n,
            });
        }
        let mut timers = Timers {
            seats: text
                .seats
                .iter()
                .map(|s| SeatTime {
                    control: s.control,
                    time: s.time,
                    cap: s.cap,
                })
                .collect(),
            turn: text.turn,
            used: text.used,
            delay_on: text.delay_on,
            phase: Phase::Ready,
            cut: None,
        };
        // A dying-move limit pending for the side to move (never written by `save`: it applies
        // when the turn begins) applies now.
        if matches!(text.state, SavedState::Running | SavedState::Paused) {
            let s = &mut timers.seats[text.turn];
            if let Some(cap) = s.cap.take() {
                s.time = s.time.min(cap);
                timers.delay_on = false;
            }
        }
        let flag_at = match resume {
            Resume::SameTimebase => text.at,
            Resume::After(_) | Resume::Paused => now,
        };
        timers.phase = match text.state {
            SavedState::Ready => Phase::Ready,
            SavedState::Paused => Phase::Paused,
            SavedState::Flagged => Phase::Flagged(Flag {
                seat: text.turn,
                at: flag_at,
            }),
            SavedState::Running => match resume {
                Resume::SameTimebase => {
                    if now < text.at {
                        return Err(ClockError::TimeWentBack { now, last: text.at });
                    }
                    timers.phase = Phase::Running { anchor: text.at };
                    timers.settle(now);
                    timers.phase
                }
                Resume::After(gap) => {
                    // Charge `gap` in a time base where the save is at 0, then move a fallen
                    // flag's instant into the caller's.
                    timers.phase = Phase::Running { anchor: 0 };
                    timers.settle(gap);
                    match timers.phase {
                        Phase::Flagged(f) => Phase::Flagged(Flag {
                            seat: f.seat,
                            at: now.saturating_sub(gap - f.at),
                        }),
                        _ => Phase::Running { anchor: now },
                    }
                }
                Resume::Paused => Phase::Paused,
            },
        };
        Ok(Clock {
            timers,
            agreed: text.agreed.unwrap_or_default(),
            last: now,
            history: Vec::new(),
        })
    }
}

/// Reads the form left to right, keeping the column.
struct Reader<'a> {
    text: &'a str,
    /// Byte offset of the next token.
    pos: usize,
}

type Read<T> = Result<T, ClockTextError>;

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader { text, pos: 0 }
    }

    /// The 1-based character column of byte offset `at`.
    fn col(&self, at: usize) -> usize {
        self.text[..at].chars().count() + 1
    }

    fn error(&self, at: usize, found: &str, expected: impl Into<String>) -> ClockTextError {
        ClockTextError {
            col: self.col(at),
            found: found.to_string(),
            expected: expected.into(),
        }
    }

    fn at_end(&self) -> bool {
        self.pos > self.text.len()
    }

    /// The next token (up to a space or the end) and its byte offset.
    fn token(&mut self, expected: &str) -> Read<(usize, &'a str)> {
        if self.at_end() {
            let end = self.text.len();
            return Err(self.error(end, "", format!("a space and {expected}")));
        }
        let start = self.pos;
        let rest = &self.text[start..];
        let len = rest.find(' ').unwrap_or(rest.len());
        self.pos = start + len + 1;
        Ok((start, &rest[..len]))
    }

    /// A `key=value` token: the value and its byte offset.
    fn field(&mut self, key: &str, what: &str) -> Read<(usize, &'a str)> {
        let expected = format!("`{key}=` and {what}");
        let (at, tok) = self.token(&expected)?;
        match tok.strip_prefix(key).and_then(|v| v.strip_prefix('=')) {
            Some(v) => Ok((at + key.len() + 1, v)),
            None => Err(self.error(at, tok, expected)),
        }
    }

    fn number(&self, at: usize, s: &str, what: &str) -> Read<u64> {
        let expected = || format!("{what}: whole milliseconds, digits without leading zeros");
        if s.is_empty()
            || !s.bytes().all(|b| b.is_ascii_digit())
            || (s.len() > 1 && s.starts_with('0'))
        {
            return Err(self.error(at, s, expected()));
        }
        s.parse::<u64>()
            .map_err(|_| self.error(at, s, format!("{what}: at most {} ms", u64::MAX)))
    }

    fn one_of<T: Copy>(&self, at: usize, s: &str, what: &str, options: &[(&str, T)]) -> Read<T> {
        options
            .iter()
            .find(|(name, _)| *name == s)
            .map(|&(_, v)| v)
            .ok_or_else(|| self.error(at, s, what))
    }

    fn control(&self, at: usize, s: &str) -> Read<Control> {
        const KINDS: &str = "a control: `sudden(…)`, `fischer(…,…)`, `bronstein(…,…)`, `delay(…,…)`, `turn(…)` or `hourglass(…)`";
        let Some(open) = s.find('(') else {
            return Err(self.error(at, s, KINDS));
        };
        let name = &s[..open];
        let Some(arity) = Control::arity(name) else {
            return Err(self.error(at, name, KINDS));
        };
        let args_at = at + open + 1;
        let Some(close) = s.rfind(')').filter(|&c| c > open) else {
            return Err(self.error(at + s.len(), "", format!("`)` closing `{name}(`")));
        };
        if close + 1 != s.len() {
            return Err(self.error(
                at + close + 1,
                &s[close + 1..],
                "a space after the control's `)`",
            ));
        }
        let inner = &s[open + 1..close];
        let what = |i: usize| match (name, i) {
            ("sudden", _) | ("fischer" | "bronstein" | "delay", 0) => "the base time",
            ("fischer", _) => "the increment",
            ("bronstein" | "delay", _) => "the delay",
            ("turn", _) => "the time a turn",
            _ => "the sand",
        };
        let mut numbers = Vec::new();
        let mut off = 0;
        for (i, part) in inner.split(',').enumerate() {
            let part_at = args_at + off;
            if i >= arity {
                return Err(self.error(
                    part_at - 1,
                    &inner[off - 1..],
                    format!(
                        "`)`: `{name}` takes {arity} number{}",
                        if arity == 1 { "" } else { "s" }
                    ),
                ));
            }
            numbers.push(self.number(part_at, part, what(i))?);
            off += part.len() + 1;
        }
        if numbers.len() < arity {
            return Err(self.error(
                args_at + inner.len(),
                ")",
                format!("`,` and {}", what(numbers.len())),
            ));
        }
        Control::from_parts(name, numbers[0], numbers.get(1).copied())
            .ok_or_else(|| self.error(at, s, KINDS))
    }

    fn clock(mut self) -> Read<ClockText> {
        let (at, tok) = self.token("`clock1`")?;
        if tok != TAG {
            return Err(self.error(at, tok, "`clock1`, the clock's save form"));
        }
        let (at, v) = self.field("state", "`ready`, `running`, `paused` or `flagged`")?;
        let state = self.one_of(
            at,
            v,
            "`ready`, `running`, `paused` or `flagged`",
            &[
                ("ready", SavedState::Ready),
                ("running", SavedState::Running),
                ("paused", SavedState::Paused),
                ("flagged", SavedState::Flagged),
            ],
        )?;
        let (turn_at, v) = self.field("turn", "the side to move")?;
        let turn = self.number(turn_at, v, "the side to move").and_then(|n| {
            usize::try_from(n).map_err(|_| self.error(turn_at, v, "a side's number"))
        })?;
        let (at, v) = self.field("at", "the instant")?;
        let at_ms = self.number(at, v, "the instant")?;
        let (at, v) = self.field("used", "the time used on the turn")?;
        let used = self.number(at, v, "the time used on the turn")?;
        let (at, v) = self.field("delay", "`on` or `off`")?;
        let delay_on = self.one_of(at, v, "`on` or `off`", &[("on", true), ("off", false)])?;
        let mut seats = Vec::new();
        loop {
            let n = seats.len();
            if n >= 2 && (self.at_end() || self.text[self.pos..].starts_with("penalty=")) {
                break;
            }
            let (at, v) = self.field(&format!("s{n}"), &format!("side {n}'s control"))?;
            let control = self.control(at, v)?;
            let (at, v) = self.field(&format!("t{n}"), &format!("side {n}'s time"))?;
            let time = self.number(at, v, &format!("side {n}'s time"))?;
            let (at, v) = self.field(
                &format!("c{n}"),
                &format!("side {n}'s dying-move limit or `-`"),
            )?;
            let cap = if v == "-" {
                None
            } else {
                Some(self.number(at, v, &format!("side {n}'s dying-move limit or `-`"))?)
            };
            seats.push(SavedSeat { control, time, cap });
        }
        let agreed = if self.at_end() {
            None
        } else {
            let (at, v) = self.field("penalty", "the agreed Time Penalty")?;
            let penalty = self.number(at, v, "the agreed Time Penalty")?;
            let (at, v) = self.field("bonus", "`on` or `off`")?;
            let penalty_how = self.one_of(
                at,
                v,
                "`on` or `off`",
                &[
                    ("on", crate::clock::TimePenalty::Bonus),
                    ("off", crate::clock::TimePenalty::Reduction),
                ],
            )?;
            let (at, v) = self.field("dying", "the agreed dying-move time")?;
            let dying_move = self.number(at, v, "the agreed dying-move time")?;
            if !self.at_end() {
                let (at, tok) = self.token("the end")?;
                return Err(self.error(at, tok, "the end of the form"));
            }
            Some(Agreed {
                penalty,
                penalty_how,
                dying_move,
            })
        };
        if turn >= seats.len() {
            return Err(self.error(
                turn_at,
                &turn.to_string(),
                format!("a side from 0 to {}", seats.len() - 1),
            ));
        }
        Ok(ClockText {
            state,
            turn,
            at: at_ms,
            used,
            delay_on,
            seats,
            agreed,
        })
    }
}
