//! A record's last line when the game ended with no move (§2.0.21 Endings): a flag fallen
//! (§2.0.R3 Time Control), a resignation, a draw by agreement, the mated player's
//! acknowledgement (§2.0.20), the Hug's settlement of a draw (§2.0.23). The rule text gives no
//! notation for them (§2.0.R5 ends a game's notation at `#` and `##`): the app writes
//! `[Ending "Black resigns"]` after the last turn, in the words the game API's own declared
//! endings use (ruling R-RECORD-ENDING), and a replay reads it back to end the game there.
use crate::outcome::{Draw, Mate, Outcome};
use crate::side::Side;
use std::fmt;

/// How a game ended with no move, as a record's `[Ending]` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordEnding {
    /// `"White out of time"`: the side's flag fell.
    OutOfTime(Side),
    /// `"White resigns"`: the side yielded.
    Resigns(Side),
    /// `"draw agreed"` (under Shima both lose, §2.0.18).
    DrawAgreed,
    /// `"Black acknowledges checkmate"`: the mated side made no dying move.
    Acknowledges(Side),
    /// `"Hug: draw confirmed"`, `"Hug: White wins"`, `"Hug: both lose"`: the Hug's settlement.
    Hug(HugEnd),
}

/// What the Hug's reveal made of the draw (§2.0.23 Hug).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HugEnd {
    /// Both chose Self: the draw is confirmed.
    Confirmed,
    /// One betrayed the other, who hugged: the betrayer wins by touch.
    Wins(Side),
    /// Both betrayed: both lose.
    BothLose,
}

/// The forms a record's `[Ending]` may take, for messages.
pub const FORMS: &str = "\"White out of time\", \"White resigns\", \"draw agreed\", \"White acknowledges checkmate\", \"Hug: draw confirmed\", \"Hug: White wins\" or \"Hug: both lose\" (Black for White as it falls)";

impl HugEnd {
    /// The Hug's settlement an outcome is, if it is one.
    pub fn of(o: Outcome) -> Option<HugEnd> {
        match o {
            Outcome::Draw {
                reason: Draw::Hugged,
            } => Some(HugEnd::Confirmed),
            Outcome::Checkmate {
                winner,
                by: Mate::Touch,
            } => Some(HugEnd::Wins(winner)),
            Outcome::DoubleCheckmate => Some(HugEnd::BothLose),
            _ => None,
        }
    }

    /// The Hug's settlement an ending declared on `pos` is, under `rules`: only where the Hug is
    /// agreed and drawing is an option (not under Shima, §2.0.18).
    pub fn of_declared(
        rules: &crate::rules::Rules,
        pos: &crate::position::Position,
        declared: Option<Outcome>,
    ) -> Option<HugEnd> {
        declared
            .filter(|_| rules.options.hug && !pos.shima())
            .and_then(HugEnd::of)
    }

    /// The outcome the settlement is.
    pub fn outcome(self) -> Outcome {
        match self {
            HugEnd::Confirmed => Outcome::Draw {
                reason: Draw::Hugged,
            },
            HugEnd::Wins(winner) => Outcome::Checkmate {
                winner,
                by: Mate::Touch,
            },
            HugEnd::BothLose => Outcome::DoubleCheckmate,
        }
    }
}

impl fmt::Display for RecordEnding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordEnding::OutOfTime(s) => write!(f, "{s} out of time"),
            RecordEnding::Resigns(s) => write!(f, "{s} resigns"),
            RecordEnding::DrawAgreed => write!(f, "draw agreed"),
            RecordEnding::Acknowledges(s) => write!(f, "{s} acknowledges checkmate"),
            RecordEnding::Hug(HugEnd::Confirmed) => write!(f, "Hug: draw confirmed"),
            RecordEnding::Hug(HugEnd::Wins(s)) => write!(f, "Hug: {s} wins"),
            RecordEnding::Hug(HugEnd::BothLose) => write!(f, "Hug: both lose"),
        }
    }
}

impl RecordEnding {
    /// Reads an `[Ending]`'s value (in any case, spaces around it ignored); `None` when it names
    /// none of the `FORMS`.
    pub fn parse(text: &str) -> Option<RecordEnding> {
        let t = text.trim().to_ascii_lowercase();
        let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
        let side = |name: &str| {
            Side::ALL
                .into_iter()
                .find(|s| s.to_string().eq_ignore_ascii_case(name))
        };
        if t == "draw agreed" {
            return Some(RecordEnding::DrawAgreed);
        }
        if let Some(hug) = t.strip_prefix("hug:").map(str::trim) {
            return match hug {
                "draw confirmed" => Some(RecordEnding::Hug(HugEnd::Confirmed)),
                "both lose" => Some(RecordEnding::Hug(HugEnd::BothLose)),
                _ => side(hug.strip_suffix(" wins")?).map(|s| RecordEnding::Hug(HugEnd::Wins(s))),
            };
        }
        let suffixed = |suffix: &str, make: fn(Side) -> RecordEnding| {
            t.strip_suffix(suffix).and_then(side).map(make)
        };
        suffixed(" out of time", RecordEnding::OutOfTime)
            .or_else(|| suffixed(" resigns", RecordEnding::Resigns))
            .or_else(|| suffixed(" acknowledges checkmate", RecordEnding::Acknowledges))
    }
}
