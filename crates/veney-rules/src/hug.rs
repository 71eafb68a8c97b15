//! The Hug (§2.0.23, "Hug (by Tyler)"): "a draw must be settled with a 'hug.' Both players pick
//! up their Dagger and Self. With their choice hidden under the table, each conceals either the
//! Dagger (to betray) or Self (to hug) in one hand. The results are revealed simultaneously. If
//! both chose Self, the draw is confirmed. If one player chose Dagger, they betray the draw and
//! win by checkmate. If both players chose Dagger, it is a double-checkmate, and both have lost."
//!
//! Ruling R-HUG: played when the agreed option `hug` is on and the game is a draw (by agreement or
//! no contest); the betrayal is a checkmate by touch (the Dagger reaching the hugging Self).
//! Ruling R-HUG-NO-DAGGER: a player whose army has no Dagger (the Ceremonial Guard) has only the
//! Self to hide.
//!
//! On a position the Hug is two hands (`Hand`), filled one at a time in any order
//! (`Position::pick_hug`); the second pick settles the draw and empties both. The game API asks
//! for the picks as a simultaneous decision, and an observer sees of the other's hand only that
//! it is `Sealed`.
use crate::errors::Untenable;
pub use crate::hug_hand::{Hand, HugChoice};
use crate::outcome::{Mate, Outcome};
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

/// The section every Hug refusal names.
pub const SECTION: &str = "§2.0.23 Hug";

/// Whether `side` has a Dagger to hide: "Both players pick up their Dagger and Self … each
/// conceals either the Dagger (to betray) or Self (to hug)". An army without one (the Ceremonial
/// Guard) has only the Self (ruling R-HUG-NO-DAGGER). A captured Dagger is still picked up.
pub fn may_betray(rules: &Rules, side: Side) -> bool {
    rules.set(side).by_name("Dagger").is_some()
}

/// The picks open to `side` (the Self first).
pub fn choices(rules: &Rules, side: Side) -> &'static [HugChoice] {
    if may_betray(rules, side) {
        &[HugChoice::Hug, HugChoice::Betray]
    } else {
        &[HugChoice::Hug]
    }
}

/// The first side the Hug waits for, White before Black (the order ruling R-SECRETS gives the
/// picks at one screen): whose refusal an `Action::Hug` with no side named is explained by.
pub fn first_waiting(rules: &Rules, pos: &Position) -> Option<Side> {
    Side::ALL.into_iter().find(|&s| pos.hug_waits_for(rules, s))
}

impl Position {
    /// `side`'s hand in the Hug under way (`Hand::Empty` when none is).
    pub fn hug_hand(&self, side: Side) -> Hand {
        self.hug[side.index()]
    }

    /// Whether `side` has yet to hide its pick in a Hug that settles the draw standing now.
    pub fn hug_waits_for(&self, rules: &Rules, side: Side) -> bool {
        awaits_hug(rules, self.outcome) && self.hug[side.index()] == Hand::Empty
    }

    /// `side` hides `choice` (§2.0.23). The second pick reveals both: the ending is settled
    /// (`settle`) and the hands are emptied. Refused with the Hug's section when no draw awaits a
    /// Hug, when `side` has already picked, or when its army has no Dagger to betray with.
    pub fn pick_hug(
        &mut self,
        rules: &Rules,
        side: Side,
        choice: HugChoice,
    ) -> Result<(), Untenable> {
        if !awaits_hug(rules, self.outcome) {
            return Err(Untenable::new(
                SECTION,
                if rules.options.hug {
                    "no draw awaits a Hug"
                } else {
                    "the agreed rules settle no draw by a Hug (option hug: false)"
                },
            ));
        }
        if self.hug[side.index()] != Hand::Empty {
            return Err(Untenable::new(
                SECTION,
                format!("{side} has already hidden a piece"),
            ));
        }
        if choice == HugChoice::Betray && !may_betray(rules, side) {
            return Err(Untenable::new(
                SECTION,
                format!("{side}'s army has no Dagger to betray with: only the Self can be hidden"),
            ));
        }
        if self.hug[(!side).index()] == Hand::Sealed {
            return Err(Untenable::new(
                SECTION,
                "the other hand is sealed from this observer: the Hug is settled only on the full position",
            ));
        }
        self.pick_hug_unchecked(side, choice);
        Ok(())
    }

    /// `pick_hug` without its checks (a pick already known to be legal). Against a sealed hand
    /// (only an observation holds one, and no pick is legal there) it changes nothing.
    pub fn pick_hug_unchecked(&mut self, side: Side, choice: HugChoice) {
        if self.hug[(!side).index()] == Hand::Sealed {
            return;
        }
        self.hug[side.index()] = Hand::Holds(choice);
        let pick = |h: Hand| match h {
            Hand::Holds(c) => Some(c),
            _ => None,
        };
        if let (Some(w), Some(b), Some(draw)) = (pick(self.hug[0]), pick(self.hug[1]), self.outcome)
        {
            self.outcome = Some(settle(draw, w, b));
            self.hug = [Hand::Empty; 2];
        }
    }
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
