//! The clock: N sides, one running at a time (§2.0.R3 Time Control: "While it is their turn,
//! their time decreases until they make a move and hit the switch. If one player runs out of
//! time, they lose.").
//!
//! Time is injected: every call takes `now`, monotonic milliseconds from the caller. The clock
//! never reads a system clock, so tests drive it with plain numbers. Between calls nothing
//! happens; each call first brings the running side up to `now` ("settles"), and queries
//! compute from the last settled state, so a flag falls at its exact instant whenever the
//! caller asks.
use crate::control::Control;
use crate::error::ClockError;
use crate::face::{self, Face};
use crate::seat::{Flag, Seat};

/// "A few seconds" for the dying move after a checkmate by touch (§2.0.20; ruling
/// R-CLOCK-DYING): the default, which players may change.
pub const DEFAULT_DYING_MOVE: u64 = 10_000;

/// The time penalty for a called untenable move when the players agreed on none (§2.0.22;
/// ruling R-CLOCK-PENALTY).
pub const DEFAULT_TIME_PENALTY: u64 = 10_000;

/// Where the clock stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum State {
    /// Set up, not started.
    Ready,
    /// This side's clock runs.
    Running(Seat),
    /// Paused while this side is to move.
    Paused(Seat),
    /// A side ran out of time; the clock has stopped.
    Flagged(Flag),
}

/// How a time penalty for an untenable move is paid (§2.0.22 Time Penalty: "the player
/// receives a penalty reduction to their time control, or the opponent receives a bonus").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimePenalty {
    /// The offender's time is reduced.
    Reduction,
    /// Each other side gets the time as a bonus.
    Bonus,
}

/// How a saved clock comes back (ruling R-CLOCK-RESTORE). Only a running clock is affected:
/// a paused, ready or flagged clock comes back as it was saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resume {
    /// `now` is in the same time base as the saved `at` (the same run of the app): the running
    /// side is charged `now - at`, and its flag may have fallen meanwhile, at its exact instant.
    SameTimebase,
    /// A new time base (the app restarted): the running side is charged this many ms, measured
    /// by the caller some other way (a wall-clock difference), and runs on from `now`. `After(0)`
    /// runs on as if no time had passed.
    After(u64),
    /// A new time base; the running side comes back paused, charged nothing. The default after
    /// a crash.
    Paused,
}

/// One side's control and time.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SeatTime {
    pub(crate) control: Control,
    /// Time left (ms) as of the last settle; for a waiting side under a per-turn limit, the
    /// time of its next turn.
    pub(crate) time: u64,
    /// The dying move's limit for the side's next turn (§2.0.20), if it is not to move now.
    pub(crate) cap: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    Ready,
    /// The side to move runs; its time and `used` are as of `anchor`.
    Running {
        anchor: u64,
    },
    Paused,
    Flagged(Flag),
}

/// Everything but the undo history: what a save holds and what an undo restores.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Timers {
    pub(crate) seats: Vec<SeatTime>,
    /// The side to move (meaningless while `Ready`).
    pub(crate) turn: Seat,
    /// Time the side to move has run on this turn (pauses excluded), as of the last settle.
    pub(crate) used: u64,
    /// Whether this turn's delay applies (false on a dying move's turn).
    pub(crate) delay_on: bool,
    pub(crate) phase: Phase,
    /// This turn's dying-move cut, if one cut it: the time it took away and whether the turn
    /// had its delay — so a checkmate taken back gives both back (`lift_dying_move`). Not
    /// saved.
    pub(crate) cut: Option<(u64, bool)>,
}

impl Timers {
    pub(crate) fn next(&self) -> Seat {
        (self.turn + 1) % self.seats.len()
    }

    /// The simple delay still to run on this turn, as of the last settle.
    pub(crate) fn delay_left(&self) -> u64 {
        if self.delay_on {
            self.seats[self.turn]
                .control
                .standing_delay()
                .saturating_sub(self.used)
        } else {
            0
        }
    }

    /// The instant the running side's flag falls, if nothing is done before.
    pub(crate) fn fall_at(&self) -> Option<u64> {
        match self.phase {
            Phase::Running { anchor } => Some(
                anchor
                    .saturating_add(self.delay_left())
                    .saturating_add(self.seats[self.turn].time),
            ),
            _ => None,
        }
    }

    /// What side `seat`'s clock shows as of the last settle.
    pub(crate) fn shown(&self, seat: Seat) -> u64 {
        let s = &self.seats[seat];
        s.cap.map_or(s.time, |c| s.time.min(c))
    }

    /// Brings the running side up to `now`: charges its time, moves an hourglass's sand, and
    /// lets the flag fall at its instant if `now` is past it. A no-op unless running.
    pub(crate) fn settle(&mut self, now: u64) {
        let Phase::Running { anchor } = self.phase else {
            return;
        };
        let now = now.max(anchor);
        let t = self.turn;
        let delay = self.delay_left();
        let time = self.seats[t].time;
        let to_fall = delay.saturating_add(time);
        let dt = now - anchor;
        if dt >= to_fall {
            self.used = self.used.saturating_add(to_fall);
            self.flow(time);
            self.seats[t].time = 0;
            self.phase = Phase::Flagged(Flag {
                seat: t,
                at: anchor.saturating_add(to_fall),
            });
        } else {
            let charge = dt.saturating_sub(delay);
            self.used = self.used.saturating_add(dt);
            self.seats[t].time = time - charge;
            self.flow(charge);
            self.phase = Phase::Running { anchor: now };
        }
    }

    /// The hourglass: what the side to move used falls to the next side.
    fn flow(&mut self, amount: u64) {
        if self.seats[self.turn].control.flows() {
            let next = self.next();
            self.seats[next].time = self.seats[next].time.saturating_add(amount);
        }
    }

    /// `seat`'s turn begins at `now`; a pending dying-move limit applies now.
    pub(crate) fn begin_turn(&mut self, seat: Seat, now: u64) {
        self.turn = seat;
        self.used = 0;
        // A side at zero gets no delay: its flag falls the instant its turn begins (R-CLOCK-ZERO;
        // a review found a simple delay keeping a side at 0:00.0 playing on, turn after turn).
        self.delay_on = self.seats[seat].time > 0;
        self.cut = None;
        let s = &mut self.seats[seat];
        if let Some(cap) = s.cap.take() {
            self.cut = Some((s.time.saturating_sub(cap), true));
            s.time = s.time.min(cap);
            self.delay_on = false;
        }
        self.phase = Phase::Running { anchor: now };
    }

    /// A copy settled at `now`.
    pub(crate) fn at(&self, now: u64) -> Timers {
        let mut t = self.clone();
        t.settle(now);
        t
    }
}

/// `x + delta`, kept within 0 and `u64::MAX`.
fn shifted(x: u64, delta: i128) -> u64 {
    (i128::from(x) + delta).clamp(0, i128::from(u64::MAX)) as u64
}

/// What the players agreed before the game for the clock's two interventions (rulings
/// R-CLOCK-PENALTY, R-CLOCK-DYING): a Time Penalty's time and a dying move's "few seconds", in
/// ms. Kept with the clock and in its save form, so a clock brought back applies the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Agreed {
    pub penalty: u64,
    /// How the penalty is paid: off the offender's time, or to the opponent.
    pub penalty_how: TimePenalty,
    pub dying_move: u64,
}

impl Default for Agreed {
    fn default() -> Self {
        Agreed {
            penalty: DEFAULT_TIME_PENALTY,
            penalty_how: TimePenalty::Reduction,
            dying_move: DEFAULT_DYING_MOVE,
        }
    }
}

/// A chess clock for two sides or more, each with its own control.
#[derive(Clone, Debug)]
pub struct Clock {
    pub(crate) timers: Timers,
    /// The agreed penalty and dying-move times (saved).
    pub(crate) agreed: Agreed,
    /// The latest instant an operation has seen (operations refuse earlier ones).
    pub(crate) last: u64,
    /// The clock before each press, latest last, with what the press ended when its presser
    /// said (`mark_presses`). Not saved.
    pub(crate) history: Vec<(Timers, Option<PressMark>)>,
}

/// What a press ended, as the one who pressed knows it — the app: which game, and how many of
/// its actions had been played. An undo of the game can then tell a press of a turn it took
/// back (made after more actions than now stand) from a press made before, whose player has
/// moved again and not yet pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PressMark {
    pub game: u64,
    pub played: u64,
}

impl Clock {
    /// A clock with one control per side, in turn order; each side starts with its control's
    /// starting time. Not started.
    pub fn new(controls: Vec<Control>) -> Result<Clock, ClockError> {
        if controls.len() < 2 {
            return Err(ClockError::TooFewSeats {
                seats: controls.len(),
            });
        }
        let seats = controls
            .into_iter()
            .map(|control| SeatTime {
                control,
                time: control.starting_time(),
                cap: None,
            })
            .collect();
        Ok(Clock {
            timers: Timers {
                seats,
                turn: 0,
                used: 0,
                delay_on: true,
                phase: Phase::Ready,
                cut: None,
            },
            agreed: Agreed::default(),
            last: 0,
            history: Vec::new(),
        })
    }

    /// The clock with these agreed penalty and dying-move times.
    pub fn with_agreed(mut self, agreed: Agreed) -> Clock {
        self.agreed = agreed;
        self
    }

    /// The agreed penalty and dying-move times.
    pub fn agreed(&self) -> Agreed {
        self.agreed
    }

    /// The same control for each of `seats` sides.
    pub fn same(control: Control, seats: usize) -> Result<Clock, ClockError> {
        Clock::new(vec![control; seats])
    }

    // --- Operations ------------------------------------------------------------------------

    /// Starts `first`'s clock at `now`.
    pub fn start(&mut self, now: u64, first: Seat) -> Result<(), ClockError> {
        self.seat_ok(first)?;
        // Refusals change nothing: the clock is not settled for them (a review found a stray
        // press moving the running clock's saved form).
        self.not_back(now)?;
        if self.timers.phase != Phase::Ready {
            return Err(ClockError::AlreadyStarted);
        }
        self.touch(now)?;
        self.timers.begin_turn(first, now);
        Ok(())
    }

    /// Side `by` ends its turn ("hit the switch"): its control's increment, delay or reset
    /// applies, and the next side's clock runs from `now`. Returns the side now running.
    /// Refused when `by` is not to move, when paused, and when a flag has fallen (at or before
    /// `now`: a press at the very instant the time reaches zero is too late).
    pub fn press(&mut self, now: u64, by: Seat) -> Result<Seat, ClockError> {
        self.seat_ok(by)?;
        self.not_back(now)?;
        // A flag fallen by `now` is reported first (settled on a copy: a refusal changes nothing).
        if let Phase::Flagged(f) = self.timers.at(now).phase {
            return Err(ClockError::Flagged(f));
        }
        if by != self.timers.turn && matches!(self.timers.phase, Phase::Running { .. }) {
            return Err(ClockError::NotToMove {
                seat: by,
                to_move: self.timers.turn,
            });
        }
        self.touch(now)?;
        self.running()?;
        let t = &mut self.timers;
        if by != t.turn {
            return Err(ClockError::NotToMove {
                seat: by,
                to_move: t.turn,
            });
        }
        self.history.push((t.clone(), None));
        let s = &mut t.seats[t.turn];
        s.time = s.control.after_press(s.time, t.used, t.delay_on);
        let next = t.next();
        t.begin_turn(next, now);
        Ok(next)
    }

    /// Pauses the running clock.
    pub fn pause(&mut self, now: u64) -> Result<(), ClockError> {
        self.touch(now)?;
        self.running()?;
        self.timers.phase = Phase::Paused;
        Ok(())
    }

    /// Resumes a paused clock: the side to move runs again from `now`, its turn (and delay)
    /// where the pause left them.
    pub fn resume(&mut self, now: u64) -> Result<(), ClockError> {
        self.not_back(now)?;
        if matches!(self.timers.phase, Phase::Running { .. })
            && !matches!(self.timers.at(now).phase, Phase::Flagged(_))
        {
            return Err(ClockError::NotPaused);
        }
        self.touch(now)?;
        match self.timers.phase {
            Phase::Paused => {
                self.timers.phase = Phase::Running { anchor: now };
                Ok(())
            }
            Phase::Ready => Err(ClockError::NotStarted),
            Phase::Running { .. } => Err(ClockError::NotPaused),
            Phase::Flagged(f) => Err(ClockError::Flagged(f)),
        }
    }

    /// Takes back the last press: every side's time, the side to move, its turn's time used
    /// and delay are as they were at the instant of the press, and that side runs again from
    /// `now` (the time since the press is charged to no one). Anything done since the press
    /// (adjustments, penalties) is taken back with it. A paused clock stays paused; a fallen
    /// flag is lifted. Repeatable, press by press, back to the start (ruling R-CLOCK-UNDO).
    pub fn undo_press(&mut self, now: u64) -> Result<(), ClockError> {
        self.touch(now)?;
        let (prev, _) = self.history.pop().ok_or(ClockError::NothingToUndo)?;
        let paused = self.timers.phase == Phase::Paused;
        self.timers = prev;
        self.timers.phase = if paused {
            Phase::Paused
        } else {
            Phase::Running { anchor: now }
        };
        Ok(())
    }

    /// Adds `delta_ms` (negative: takes it off) to `seat`'s time, never below zero. The running
    /// side's flag falls at once if its time reaches zero with no delay left. A side whose flag
    /// has fallen and is given time back comes back paused (the players agreed to play on).
    pub fn adjust(&mut self, now: u64, seat: Seat, delta_ms: i64) -> Result<(), ClockError> {
        self.seat_ok(seat)?;
        self.touch(now)?;
        self.shift(seat, i128::from(delta_ms));
        Ok(())
    }

    /// Sets what `seat`'s clock shows to `ms`.
    pub fn set_time(&mut self, now: u64, seat: Seat, ms: u64) -> Result<(), ClockError> {
        self.seat_ok(seat)?;
        self.touch(now)?;
        let delta = i128::from(ms) - i128::from(self.timers.shown(seat));
        self.shift(seat, delta);
        Ok(())
    }

    /// The Time Penalty for a called untenable move (§2.0.22): `amount` off `offender`'s time,
    /// or `amount` to each other side. The move is "reset": when the offender had pressed
    /// already, call `undo_press` first so the offender runs again, then this.
    pub fn time_penalty(
        &mut self,
        now: u64,
        offender: Seat,
        amount: u64,
        how: TimePenalty,
    ) -> Result<(), ClockError> {
        self.seat_ok(offender)?;
        self.touch(now)?;
        self.pay_penalty(offender, -i128::from(amount), how);
        // "if that is all its time, its flag falls at once" (R-CLOCK-PENALTY): a simple delay
        // still to run does not hold it up (a review found the flag waiting out the delay).
        let t = &mut self.timers;
        if how == TimePenalty::Reduction && t.turn == offender && t.seats[offender].time == 0 {
            t.delay_on = false;
        }
        Ok(())
    }

    /// `delta` on `offender`'s time (a Reduction), or its opposite on each other side's (a
    /// Bonus): a penalty paid (`delta` < 0) or given back.
    fn pay_penalty(&mut self, offender: Seat, delta: i128, how: TimePenalty) {
        match how {
            TimePenalty::Reduction => self.shift(offender, delta),
            TimePenalty::Bonus => {
                for s in (0..self.seats()).filter(|&s| s != offender) {
                    self.shift(s, -delta);
                }
            }
        }
    }

    /// A Time Penalty taken back (the call undone, §2.0.22): `amount` back on `offender`'s time,
    /// or off each other side's, as `time_penalty` paid it. Not once a flag has fallen.
    pub fn lift_time_penalty(
        &mut self,
        now: u64,
        offender: Seat,
        amount: u64,
        how: TimePenalty,
    ) -> Result<(), ClockError> {
        self.seat_ok(offender)?;
        self.touch(now)?;
        if let Phase::Flagged(f) = self.timers.phase {
            return Err(ClockError::Flagged(f));
        }
        self.pay_penalty(offender, i128::from(amount), how);
        Ok(())
    }

    /// A checkmate by touch: the mated `seat`'s clock drops to `few` ms (if it had more) for the
    /// dying move (§2.0.20: "checkmate by touch results in an immediate reduction of the
    /// checkmated player's clock to a few seconds"), with no delay on that turn and nothing
    /// given back. If `seat` is to move it applies now; otherwise at the start of its next turn
    /// (whatever an hourglass gives it meanwhile), and its clock shows it already.
    pub fn dying_move(&mut self, now: u64, seat: Seat, few: u64) -> Result<(), ClockError> {
        self.seat_ok(seat)?;
        self.touch(now)?;
        let t = &mut self.timers;
        match t.phase {
            Phase::Flagged(f) => return Err(ClockError::Flagged(f)),
            Phase::Running { .. } | Phase::Paused if seat == t.turn => {
                let s = &mut t.seats[seat];
                // A turn cut again (its mate taken back and made again, an acknowledgement
                // undone) adds what this cut takes to the first's, keeping the turn's delay as
                // it was before any: lifted, all of it comes back (a review found the second
                // cut overwriting the first with nothing, the time lost for good).
                let (taken, delay) = t.cut.unwrap_or((0, t.delay_on));
                t.cut = Some((taken.saturating_add(s.time.saturating_sub(few)), delay));
                s.time = s.time.min(few);
                t.delay_on = false;
            }
            _ => {
                let s = &mut t.seats[seat];
                s.cap = Some(s.cap.map_or(few, |c| c.min(few)));
            }
        }
        Ok(())
    }

    /// A checkmate by touch taken back (its move undone, or called untenable, §2.0.22): `seat`'s
    /// dying-move limit goes. Pending, it is dropped; already cutting `seat`'s turn (running or
    /// paused), the time it took away comes back (what the turn used since, and any adjustment,
    /// stand), and the turn's delay with it. A cut of a turn that has ended stays (the side's
    /// time has moved on since).
    pub fn lift_dying_move(&mut self, now: u64, seat: Seat) -> Result<(), ClockError> {
        self.seat_ok(seat)?;
        self.touch(now)?;
        let t = &mut self.timers;
        if let Phase::Flagged(f) = t.phase {
            return Err(ClockError::Flagged(f));
        }
        t.seats[seat].cap = None;
        if seat == t.turn
            && matches!(t.phase, Phase::Running { .. } | Phase::Paused)
            && let Some((taken, delay)) = t.cut.take()
        {
            let s = &mut t.seats[seat];
            s.time = s.time.saturating_add(taken);
            t.delay_on = delay;
        }
        Ok(())
    }

    /// Lets a flag fall if its instant has come by `now`, and returns the fallen flag, if any.
    /// Cheap; call it before drawing.
    pub fn poll(&mut self, now: u64) -> Option<Flag> {
        if self.timers.fall_at().is_some_and(|at| at <= now) {
            self.timers.settle(now);
            self.last = self.last.max(now);
        }
        match self.timers.phase {
            Phase::Flagged(f) => Some(f),
            _ => None,
        }
    }

    // --- Queries ---------------------------------------------------------------------------

    /// Where the clock stands at `now` (a flag whose instant has come shows as fallen even
    /// before `poll`).
    pub fn state(&self, now: u64) -> State {
        let t = self.timers.at(now);
        match t.phase {
            Phase::Ready => State::Ready,
            Phase::Running { .. } => State::Running(t.turn),
            Phase::Paused => State::Paused(t.turn),
            Phase::Flagged(f) => State::Flagged(f),
        }
    }

    /// The fallen flag at `now`, if any: which side ran out, and when.
    pub fn flag(&self, now: u64) -> Option<Flag> {
        match self.state(now) {
            State::Flagged(f) => Some(f),
            _ => None,
        }
    }

    /// The instant the running side's flag falls if it does not press, or the instant a flag
    /// fell; None while paused or not started.
    pub fn flag_falls_at(&self) -> Option<u64> {
        match self.timers.phase {
            Phase::Flagged(f) => Some(f.at),
            _ => self.timers.fall_at(),
        }
    }

    /// What `seat`'s clock shows at `now`, in ms (0 for a side out of range).
    pub fn remaining(&self, seat: Seat, now: u64) -> u64 {
        if seat >= self.seats() {
            return 0;
        }
        self.timers.at(now).shown(seat)
    }

    /// What to draw for `seat` at `now` (a blank face, no time, for a side out of range, as
    /// `remaining` gives 0).
    pub fn face(&self, seat: Seat, now: u64) -> Face {
        if seat >= self.seats() {
            return Face {
                remaining: 0,
                delay: None,
                to_move: false,
                running: false,
                flagged: false,
            };
        }
        let t = self.timers.at(now);
        face_of(&t, seat)
    }

    /// What to draw for every side at `now`.
    pub fn faces(&self, now: u64) -> Vec<Face> {
        let t = self.timers.at(now);
        (0..self.seats()).map(|s| face_of(&t, s)).collect()
    }

    /// The next instant after `now` at which anything the faces show changes (a digit of the
    /// running side, of the delay, of the side an hourglass fills, or the flag), so the app can
    /// sleep until then. None while nothing changes by itself (not started, paused, fallen).
    pub fn next_change(&self, now: u64) -> Option<u64> {
        let t = self.timers.at(now);
        let Phase::Running { anchor: n } = t.phase else {
            return None;
        };
        let runner = t.seats[t.turn].time;
        let delay = t.delay_left();
        // Saturating: a save form may hold times up to `u64::MAX` (a review found the sums
        // overflowing, a panic in a debug build and a wake-up in the past in a release one).
        let fall = n.saturating_add(delay).saturating_add(runner);
        let mut best = fall.min(
            n.saturating_add(delay)
                .saturating_add(face::next_falling(runner)),
        );
        if delay > 0 {
            best = best.min(n.saturating_add(face::next_delay(delay)));
        }
        if t.seats[t.turn].control.flows() {
            let s = &t.seats[t.next()];
            let cap = s.cap.unwrap_or(u64::MAX);
            if s.time < cap {
                let k = face::next_rising(s.time);
                let shown = s.time.saturating_add(k).min(cap);
                if face::format_ms(shown) != face::format_ms(s.time) {
                    best = best.min(n.saturating_add(k));
                }
            }
        }
        Some(best)
    }

    /// How many sides.
    pub fn seats(&self) -> usize {
        self.timers.seats.len()
    }

    /// `seat`'s control.
    pub fn control(&self, seat: Seat) -> Option<Control> {
        self.timers.seats.get(seat).map(|s| s.control)
    }

    /// The side to move (running or paused); None before the start and after a flag.
    pub fn to_move(&self) -> Option<Seat> {
        match self.timers.phase {
            Phase::Running { .. } | Phase::Paused => Some(self.timers.turn),
            _ => None,
        }
    }

    /// How many presses `undo_press` can take back.
    pub fn undo_depth(&self) -> usize {
        self.history.len()
    }

    /// Marks every press not yet marked (the latest back to the last one marked) with what it
    /// ended (`PressMark`); whether any was. Marks change no time.
    pub fn mark_presses(&mut self, mark: PressMark) -> bool {
        let mut any = false;
        for (_, m) in self.history.iter_mut().rev() {
            if m.is_some() {
                break;
            }
            *m = Some(mark);
            any = true;
        }
        any
    }

    /// Whether a press is still unmarked (`mark_presses`).
    pub fn has_unmarked_press(&self) -> bool {
        self.history.last().is_some_and(|(_, m)| m.is_none())
    }

    /// The mark of the press `undo_press` would take back, if it has one.
    pub fn last_press_mark(&self) -> Option<PressMark> {
        self.history.last().and_then(|(_, m)| *m)
    }

    // --- Inside ----------------------------------------------------------------------------

    fn seat_ok(&self, seat: Seat) -> Result<(), ClockError> {
        if seat < self.seats() {
            Ok(())
        } else {
            Err(ClockError::NoSuchSeat {
                seat,
                seats: self.seats(),
            })
        }
    }

    /// Refuses a time before one already seen; settles the running side at `now`.
    /// Refuses a time before the last one the clock was told; else `now` is the last (the
    /// clock itself is not settled: that is `touch`'s).
    fn not_back(&mut self, now: u64) -> Result<(), ClockError> {
        if now < self.last {
            return Err(ClockError::TimeWentBack {
                now,
                last: self.last,
            });
        }
        self.last = now;
        Ok(())
    }

    fn touch(&mut self, now: u64) -> Result<(), ClockError> {
        self.not_back(now)?;
        self.last = now;
        self.timers.settle(now);
        Ok(())
    }

    /// Refuses unless running (after `touch`, so a flag found fallen is reported).
    fn running(&self) -> Result<(), ClockError> {
        match self.timers.phase {
            Phase::Running { .. } => Ok(()),
            Phase::Ready => Err(ClockError::NotStarted),
            Phase::Paused => Err(ClockError::Paused),
            Phase::Flagged(f) => Err(ClockError::Flagged(f)),
        }
    }

    /// Moves what `seat` shows by `delta` (after `touch`): its time, and a pending dying-move
    /// limit with it.
    fn shift(&mut self, seat: Seat, delta: i128) {
        let t = &mut self.timers;
        let s = &mut t.seats[seat];
        s.time = shifted(s.time, delta);
        s.cap = s.cap.map(|c| shifted(c, delta));
        if let Phase::Flagged(f) = t.phase
            && f.seat == seat
            && t.shown(seat) > 0
        {
            t.phase = Phase::Paused;
        }
    }
}

fn face_of(t: &Timers, seat: Seat) -> Face {
    let to_move = seat == t.turn && matches!(t.phase, Phase::Running { .. } | Phase::Paused);
    let delay = t.delay_left();
    Face {
        remaining: t.shown(seat),
        delay: (to_move && delay > 0).then_some(delay),
        to_move,
        running: to_move && matches!(t.phase, Phase::Running { .. }),
        flagged: matches!(t.phase, Phase::Flagged(f) if f.seat == seat),
    }
}
