//! What the clock refuses, and why.
use crate::seat::{Flag, Seat};
use std::fmt;

/// An operation the clock refused. Nothing changed, except that a flag found fallen is kept
/// (`Flagged`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockError {
    /// A clock needs two sides at least.
    TooFewSeats { seats: usize },
    /// There is no such side.
    NoSuchSeat { seat: Seat, seats: usize },
    /// The clock has not been started.
    NotStarted,
    /// The clock was started already.
    AlreadyStarted,
    /// The clock is paused; resume it first.
    Paused,
    /// The clock is not paused.
    NotPaused,
    /// Only the side to move can press (a tap on the other side's half does nothing).
    NotToMove { seat: Seat, to_move: Seat },
    /// A flag has fallen.
    Flagged(Flag),
    /// No press to take back.
    NothingToUndo,
    /// `now` is earlier than an instant the clock has already seen: the caller's clock is not
    /// monotonic, or a restored clock was given a time from another time base.
    TimeWentBack { now: u64, last: u64 },
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ClockError::TooFewSeats { seats } => {
                write!(f, "a clock needs two sides at least, not {seats}")
            }
            ClockError::NoSuchSeat { seat, seats } => write!(
                f,
                "there is no side {seat}: the clock has sides 0 to {}",
                seats.saturating_sub(1)
            ),
            ClockError::NotStarted => write!(f, "the clock has not been started"),
            ClockError::AlreadyStarted => write!(f, "the clock was started already"),
            ClockError::Paused => write!(f, "the clock is paused: resume it first"),
            ClockError::NotPaused => write!(f, "the clock is not paused"),
            ClockError::NotToMove { seat, to_move } => write!(
                f,
                "side {seat} is not to move (side {to_move} is): only the running clock's side can press"
            ),
            ClockError::Flagged(flag) => write!(
                f,
                "side {}'s flag fell at {} ms: the clock has stopped",
                flag.seat, flag.at
            ),
            ClockError::NothingToUndo => write!(f, "there is no press to take back"),
            ClockError::TimeWentBack { now, last } => write!(
                f,
                "the time {now} ms is before {last} ms, which the clock has already seen: give it a monotonic time"
            ),
        }
    }
}

impl std::error::Error for ClockError {}
