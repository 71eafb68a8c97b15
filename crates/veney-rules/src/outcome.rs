//! How a game ends (§2.0.21: seven endings): checkmate (by touch, disarm, throw or penalty),
//! double checkmate, the draws, resignation, a fallen flag.
use crate::side::Side;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won by checkmate.
    Checkmate { winner: Side, by: Mate },
    /// Both Selves were taken (§2.0.21 double-checkmate by touch): both lose.
    DoubleCheckmate,
    /// A player yielded, abandoned, or exceeded the retreat limit.
    Resignation { winner: Side, reason: Resign },
    /// Nobody won.
    Draw { reason: Draw },
    /// The loser's flag fell on the clock (§2.0.R3 Time Control: "If one player runs out of
    /// time, they lose"). Declared by the players' clock, not made by a move.
    OutOfTime { winner: Side },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mate {
    /// A blade took the Self.
    Touch,
    /// The only blade was disarmed (§2.0.14).
    Disarm,
    /// A missed Dagger Throw lost the only blade (§2.0.08).
    SelfDisarm,
    /// An untenable move was called under sudden death or an absolute piece penalty
    /// (§2.0.22; `SY9U#` in notation).
    Penalty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resign {
    Yielded,
    RetreatLimit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    Agreement,
    /// Impasse or non-fencing (§2.0.20).
    NoContest,
    /// A draw both players confirmed by hugging (§2.0.23 Hug: "If both chose Self, the draw is
    /// confirmed"): settled, no Hug follows.
    Hugged,
}

impl Outcome {
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Checkmate { winner, .. }
            | Outcome::Resignation { winner, .. }
            | Outcome::OutOfTime { winner } => Some(winner),
            _ => None,
        }
    }

    /// A short code used in the position text (`over=` field).
    pub fn code(self) -> String {
        match self {
            Outcome::Checkmate { winner, by } => format!(
                "{}:{}",
                match by {
                    Mate::Touch => "touch",
                    Mate::Disarm => "disarm",
                    Mate::SelfDisarm => "selfdisarm",
                    Mate::Penalty => "penalty",
                },
                winner.char()
            ),
            Outcome::DoubleCheckmate => "double".into(),
            Outcome::Resignation { winner, reason } => format!(
                "{}:{}",
                match reason {
                    Resign::Yielded => "resign",
                    Resign::RetreatLimit => "retreatlimit",
                },
                winner.char()
            ),
            Outcome::Draw {
                reason: Draw::Agreement,
            } => "agreed".into(),
            Outcome::Draw {
                reason: Draw::NoContest,
            } => "nocontest".into(),
            Outcome::Draw {
                reason: Draw::Hugged,
            } => "hugged".into(),
            Outcome::OutOfTime { winner } => format!("time:{}", winner.char()),
        }
    }

    pub fn from_code(s: &str) -> Option<Outcome> {
        let side = |c: &str| match c {
            "w" => Some(Side::White),
            "b" => Some(Side::Black),
            _ => None,
        };
        Some(match s.split_once(':') {
            Some(("touch", w)) => Outcome::Checkmate {
                winner: side(w)?,
                by: Mate::Touch,
            },
            Some(("disarm", w)) => Outcome::Checkmate {
                winner: side(w)?,
                by: Mate::Disarm,
            },
            Some(("selfdisarm", w)) => Outcome::Checkmate {
                winner: side(w)?,
                by: Mate::SelfDisarm,
            },
            Some(("penalty", w)) => Outcome::Checkmate {
                winner: side(w)?,
                by: Mate::Penalty,
            },
            Some(("resign", w)) => Outcome::Resignation {
                winner: side(w)?,
                reason: Resign::Yielded,
            },
            Some(("retreatlimit", w)) => Outcome::Resignation {
                winner: side(w)?,
                reason: Resign::RetreatLimit,
            },
            Some(("time", w)) => Outcome::OutOfTime { winner: side(w)? },
            None if s == "double" => Outcome::DoubleCheckmate,
            None if s == "agreed" => Outcome::Draw {
                reason: Draw::Agreement,
            },
            None if s == "nocontest" => Outcome::Draw {
                reason: Draw::NoContest,
            },
            None if s == "hugged" => Outcome::Draw {
                reason: Draw::Hugged,
            },
            _ => return None,
        })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Checkmate {
                winner,
                by: Mate::Touch,
            } => write!(f, "{winner} wins by checkmate by touch"),
            Outcome::Checkmate {
                winner,
                by: Mate::Disarm,
            } => write!(f, "{winner} wins by checkmate by disarm"),
            Outcome::Checkmate {
                winner,
                by: Mate::SelfDisarm,
            } => write!(f, "{winner} wins: the opponent disarmed themself"),
            Outcome::Checkmate {
                winner,
                by: Mate::Penalty,
            } => write!(f, "{winner} wins: an untenable move was called (penalty)"),
            Outcome::DoubleCheckmate => write!(f, "double checkmate: both lose"),
            Outcome::Resignation {
                winner,
                reason: Resign::Yielded,
            } => write!(f, "{winner} wins by resignation"),
            Outcome::Resignation {
                winner,
                reason: Resign::RetreatLimit,
            } => write!(f, "{winner} wins: the retreat limit was exceeded"),
            Outcome::Draw {
                reason: Draw::Agreement,
            } => write!(f, "draw by agreement"),
            Outcome::Draw {
                reason: Draw::NoContest,
            } => write!(f, "draw by no contest"),
            Outcome::Draw {
                reason: Draw::Hugged,
            } => write!(f, "draw confirmed by the Hug"),
            Outcome::OutOfTime { winner } => write!(f, "{winner} wins: {} out of time", !*winner),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_code_reads_back() {
        // The position text's `over=` field; §2.0.R3 out of time among them (R-OUT-OF-TIME).
        let all = [
            Outcome::Checkmate {
                winner: Side::White,
                by: Mate::Penalty,
            },
            Outcome::DoubleCheckmate,
            Outcome::Resignation {
                winner: Side::Black,
                reason: Resign::RetreatLimit,
            },
            Outcome::Draw {
                reason: Draw::NoContest,
            },
            Outcome::Draw {
                reason: Draw::Hugged,
            },
            Outcome::OutOfTime {
                winner: Side::Black,
            },
        ];
        for o in all {
            assert_eq!(Outcome::from_code(&o.code()), Some(o), "{}", o.code());
        }
        assert_eq!(
            Outcome::OutOfTime {
                winner: Side::Black
            }
            .to_string(),
            "Black wins: White out of time"
        );
        assert_eq!(Outcome::from_code("time:g"), None);
    }
}
