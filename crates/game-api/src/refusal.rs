//! Why an action was refused: the rule (as the rulebook names it) and a sentence.
use std::borrow::Cow;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The rule that refused, by its rulebook name and section where the text has one
    /// ("§2.0.06 Feign", "Tirachen: Fort").
    pub rule: Cow<'static, str>,
    /// What is wrong, as a sentence a player can act on.
    pub why: String,
}

impl Refusal {
    pub fn new(rule: impl Into<Cow<'static, str>>, why: impl Into<String>) -> Refusal {
        Refusal {
            rule: rule.into(),
            why: why.into(),
        }
    }

    /// Not this actor's decision now.
    pub fn not_your_turn() -> Refusal {
        Refusal::new("turn order", "it is not your decision now")
    }

    pub fn game_over() -> Refusal {
        Refusal::new("end of the game", "the game is over")
    }

    /// The game is over, and how it ended: who won and why, the players named by `name` (a
    /// review found a player told only "the game is over" after a move that won).
    pub fn game_over_as(
        outcome: &crate::Outcome,
        name: impl Fn(crate::Player) -> String,
    ) -> Refusal {
        Refusal::new(
            "end of the game",
            format!("the game is over: {}", outcome.headline(name)),
        )
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.why, self.rule)
    }
}

impl std::error::Error for Refusal {}
