//! Whose decision a state waits for.
use crate::outcome::Outcome;
use crate::player::{Player, PlayerSet};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// One player decides. A turn may be several such decisions in a row by the same player
    /// (Veney's double move, Kelasu's energy, Not A Chess Variant's move then wire); the game's
    /// `at_turn_start` says where a turn begins.
    Player(Player),
    /// Several players decide at once (Synchronous Chess, Veney's Hug). Each submits a sealed
    /// action; the state keeps it hidden from the others (`Game::observe`) at least until all
    /// are in, and for as long as the game says (`Game::action_revealed`: the Hug's hands are
    /// shown once both are in, Tirachen's sealed masters stay hidden).
    /// `waiting` holds those who have not yet submitted.
    Simultaneous { waiting: PlayerSet },
    /// Chance decides (dice, sticks, a coin, a card, the Donkey): the match draws the outcome
    /// from its seeded generator (`Game::sample_chance`) or takes one read off a real table.
    Chance,
    /// The game is over.
    Over(Outcome),
}

impl Decision {
    /// Whether `p` may act now.
    pub fn is_for(&self, p: Player) -> bool {
        match self {
            Decision::Player(q) => *q == p,
            Decision::Simultaneous { waiting } => waiting.contains(p),
            _ => false,
        }
    }
}
