//! The Hug (§2.0.23, "Hug (by Tyler)"): "a draw must be settled with a 'hug.' Both players pick
//! up their Dagger and Self. With their choice hidden under the table, each conceals either the
//! Dagger (to betray) or Self (to hug) in one hand. The results are revealed simultaneously. If
//! both chose Self, the draw is confirmed. If one player chose Dagger, they betray the draw and
//! win by checkmate. If both players chose Dagger, it is a double-checkmate, and both have lost."
//!
//! Ruling R-HUG: played when the agreed option `hug` is on and the game is a draw (by agreement or
//! no contest); the betrayal is a checkmate by touch (the Dagger reaching the hugging Self).
use crate::outcome::{Mate, Outcome};
use crate::side::Side;

/// What a player hides in their hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HugChoice {
    /// The Self: to hug.
    Hug,
    /// The Dagger: to betray.
    Betray,
}

/// Whether `outcome` is a draw still to be settled by a Hug under the agreed options: a draw by
/// agreement or no contest, not one already confirmed by a Hug ("If both chose Self, the draw
/// is confirmed").
pub fn awaits_hug(rules: &crate::rules::Rules, outcome: Option<Outcome>) -> bool {
    rules.options.hug
        && matches!(outcome, Some(Outcome::Draw { reason }) if reason != crate::outcome::Draw::Hugged)
}

/// The ending after the reveal: Self and Self confirm the draw (`Draw::Hugged`).
pub fn settle(draw: Outcome, white: HugChoice, black: HugChoice) -> Outcome {
    use HugChoice::*;
    match (white, black) {
        (Hug, Hug) => match draw {
            Outcome::Draw { .. } => Outcome::Draw {
                reason: crate::outcome::Draw::Hugged,
            },
            other => other,
        },
        (Betray, Hug) => Outcome::Checkmate {
            winner: Side::White,
            by: Mate::Touch,
        },
        (Hug, Betray) => Outcome::Checkmate {
            winner: Side::Black,
            by: Mate::Touch,
        },
        (Betray, Betray) => Outcome::DoubleCheckmate,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Draw;

    #[test]
    fn the_four_reveals() {
        // §2.0.23 Hug.
        let d = Outcome::Draw {
            reason: Draw::Agreement,
        };
        assert_eq!(
            settle(d, HugChoice::Hug, HugChoice::Hug),
            Outcome::Draw {
                reason: Draw::Hugged
            }
        );
        assert_eq!(
            settle(d, HugChoice::Betray, HugChoice::Hug).winner(),
            Some(Side::White)
        );
        assert_eq!(
            settle(d, HugChoice::Hug, HugChoice::Betray).winner(),
            Some(Side::Black)
        );
        assert_eq!(
            settle(d, HugChoice::Betray, HugChoice::Betray),
            Outcome::DoubleCheckmate
        );
    }
}
