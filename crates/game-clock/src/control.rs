//! One side's time control (§2.0.R3 Time Control). All times are milliseconds.
//!
//! The rulebook names the chess clock ("There are various common time controls variously
//! applicable to sabre chess"), a per-turn limit ("Something like a five second time limit which
//! resets on each turn might be quite fencing-like") and the hourglass. The chess controls follow
//! their usual definitions; rulings in `docs/rulings/clock.md`.
use std::fmt;

/// A per-turn limit of five seconds, the rulebook's suggestion (§2.0.R3).
pub const FIVE_SECONDS: u64 = 5_000;

/// One side's time control. Each side has its own (handicaps: `Clock::new` takes one per seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Control {
    /// `base` for the whole game; nothing is ever added.
    SuddenDeath { base: u64 },
    /// `base`, and `increment` added after each of the side's presses (the first one too).
    Fischer { base: u64, increment: u64 },
    /// `base`; after each press the side gets back what it used on that turn, at most `delay`.
    Bronstein { base: u64, delay: u64 },
    /// `base`; on each turn the main time stands still for the first `delay` (simple, or US,
    /// delay).
    SimpleDelay { base: u64, delay: u64 },
    /// `limit` for each turn, reset after every press; nothing carries over.
    PerTurn { limit: u64 },
    /// The hourglass: `sand` is the side's share of the glass at the start. While the side
    /// runs, its sand falls to the side that moves next.
    Hourglass { sand: u64 },
}

/// How an hourglass's sand lies when the game starts (ruling R-CLOCK-HOURGLASS-START).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HourglassStart {
    /// The whole glass to the first player, as a physical glass whose sand has all run down
    /// and is flipped for the first turn (the default).
    FullToFirst,
    /// The glass shared evenly (what the first player does not get, the others share; any
    /// remainder goes to the first player).
    Even,
}

impl Control {
    /// The time the side has when the game starts.
    pub fn starting_time(&self) -> u64 {
        match *self {
            Control::SuddenDeath { base }
            | Control::Fischer { base, .. }
            | Control::Bronstein { base, .. }
            | Control::SimpleDelay { base, .. } => base,
            Control::PerTurn { limit } => limit,
            Control::Hourglass { sand } => sand,
        }
    }

    /// The part of each turn during which the main time stands still (simple delay only).
    pub(crate) fn standing_delay(&self) -> u64 {
        match *self {
            Control::SimpleDelay { delay, .. } => delay,
            _ => 0,
        }
    }

    /// Whether the time this side uses is given to the next side (the hourglass).
    pub(crate) fn flows(&self) -> bool {
        matches!(self, Control::Hourglass { .. })
    }

    /// The side's time after it presses, from `time` left and `used` on the turn;
    /// `delay_on` is false on a dying move's turn (no delay, nothing given back).
    pub(crate) fn after_press(&self, time: u64, used: u64, delay_on: bool) -> u64 {
        match *self {
            Control::SuddenDeath { .. }
            | Control::SimpleDelay { .. }
            | Control::Hourglass { .. } => time,
            Control::Fischer { increment, .. } => time.saturating_add(increment),
            Control::Bronstein { delay, .. } if delay_on => time.saturating_add(used.min(delay)),
            Control::Bronstein { .. } => time,
            Control::PerTurn { limit } => limit,
        }
    }

    /// The controls of an hourglass of `glass` shared by `seats` sides, `first` moving first.
    pub fn hourglass(
        glass: u64,
        seats: usize,
        first: usize,
        start: HourglassStart,
    ) -> Vec<Control> {
        let seats = seats.max(1);
        (0..seats)
            .map(|s| {
                let sand = match start {
                    HourglassStart::FullToFirst if s == first => glass,
                    HourglassStart::FullToFirst => 0,
                    HourglassStart::Even if s == first => {
                        glass / seats as u64 + glass % seats as u64
                    }
                    HourglassStart::Even => glass / seats as u64,
                };
                Control::Hourglass { sand }
            })
            .collect()
    }

    /// A sentence for menus: "5:00 + 5 s a move (Fischer)".
    pub fn describe(&self) -> String {
        let t = |ms: u64| crate::face::format_setting(ms);
        match *self {
            Control::SuddenDeath { base } => format!("{} sudden death", t(base)),
            Control::Fischer { base, increment } => {
                format!("{} + {} a move (Fischer)", t(base), t(increment))
            }
            Control::Bronstein { base, delay } => {
                format!("{} with {} Bronstein delay", t(base), t(delay))
            }
            Control::SimpleDelay { base, delay } => {
                format!("{} with {} simple delay", t(base), t(delay))
            }
            Control::PerTurn { limit } => format!("{} a turn", t(limit)),
            Control::Hourglass { sand } => format!("hourglass, {} of sand", t(sand)),
        }
    }

    /// The save form's name of the control, and its numbers.
    pub(crate) fn parts(&self) -> (&'static str, u64, Option<u64>) {
        match *self {
            Control::SuddenDeath { base } => ("sudden", base, None),
            Control::Fischer { base, increment } => ("fischer", base, Some(increment)),
            Control::Bronstein { base, delay } => ("bronstein", base, Some(delay)),
            Control::SimpleDelay { base, delay } => ("delay", base, Some(delay)),
            Control::PerTurn { limit } => ("turn", limit, None),
            Control::Hourglass { sand } => ("hourglass", sand, None),
        }
    }

    /// The control named `name` in the save form, with how many numbers it takes.
    pub(crate) fn from_parts(name: &str, a: u64, b: Option<u64>) -> Option<Control> {
        Some(match (name, b) {
            ("sudden", None) => Control::SuddenDeath { base: a },
            ("fischer", Some(increment)) => Control::Fischer { base: a, increment },
            ("bronstein", Some(delay)) => Control::Bronstein { base: a, delay },
            ("delay", Some(delay)) => Control::SimpleDelay { base: a, delay },
            ("turn", None) => Control::PerTurn { limit: a },
            ("hourglass", None) => Control::Hourglass { sand: a },
            _ => return None,
        })
    }

    /// How many numbers the control named `name` takes in the save form.
    pub(crate) fn arity(name: &str) -> Option<usize> {
        match name {
            "sudden" | "turn" | "hourglass" => Some(1),
            "fischer" | "bronstein" | "delay" => Some(2),
            _ => None,
        }
    }
}

/// The save form: `sudden(300000)`, `fischer(300000,5000)`, `bronstein(300000,5000)`,
/// `delay(300000,5000)`, `turn(5000)`, `hourglass(60000)`.
impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.parts() {
            (name, a, None) => write!(f, "{name}({a})"),
            (name, a, Some(b)) => write!(f, "{name}({a},{b})"),
        }
    }
}
