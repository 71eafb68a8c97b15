//! The sides of a clock, and a fallen flag.

/// A side of the clock, 0-based, in turn order: after side `s` presses, side `(s + 1) % n`
/// runs.
pub type Seat = usize;

/// A fallen flag: which side ran out of time, and the instant (the caller's time base).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Flag {
    pub seat: Seat,
    pub at: u64,
}
