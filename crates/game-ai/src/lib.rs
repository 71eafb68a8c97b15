//! # game-ai
//!
//! A computer opponent for every game on the game API (`game_api::Game`), with static dispatch
//! and no Bevy. The search is Monte Carlo tree search over whole decisions:
//!
//! - **chance** (dice, sticks, the Donkey, cards): outcomes drawn as the game draws them
//!   (`Game::sample_chance`, at the odds `Game::chance_outcomes` weighs), equivalent outcomes
//!   one branch (`Game::chance_class`);
//! - **hidden information**: the searcher sees only its player's observation
//!   (`Game::observe`); every iteration fills the hidden part in with `Game::sample_hidden`
//!   (determinisation), and an opponent's action the searcher may not see is one branch
//!   (single-observer information-set search), so the search never reads a secret;
//! - **simultaneous decisions** (sealed actions): each waiting player draws from its own
//!   statistics of its own actions by regret matching, blind to the others' choices (decoupled
//!   selection); a seat asked after others sealed is searched from the round's start
//!   (`round_start`), so the others are modelled choosing, not guessed at evenly;
//! - **wide turns** (Veney offers hundreds of actions): progressive widening;
//! - playouts cut off after a number of actions and scored by an `Evaluator`: by default the
//!   game's own estimate (`Game::estimate`, `GameEstimate`);
//! - root parallelism over threads, a budget in iterations or milliseconds, a seeded generator
//!   (a fresh search with the same seed, iteration budget, thread count and observation gives
//!   the same choice; a kept tree, reused by the next decision, draws on from where it stood,
//!   and `threads: 0` takes the machine's core count), and tree reuse between decisions.
//!
//! A round that is a whole decision by itself (Veney's Hug) is a matrix game, solved by regret
//! matching (`matrix`).
//!
//! `Agent` is what a host or the arena drives: `Mcts` (levels in `Level`) or `RandomAgent`.
mod agent;
mod arena;
mod choice;
mod config;
mod evaluate;
pub mod matrix;
mod round;
mod search;
mod tree;

pub use agent::{Agent, RandomAgent};
pub use arena::{ArenaReport, Seat, play_match, play_matches};
pub use choice::Choice;
pub use config::{Budget, Config, DEFAULT_PLAYOUT_ACTIONS, Level, Stop, Widening};
pub use evaluate::{Evaluator, GameEstimate, RandomPlayout, rewards};
pub use round::round_start;
pub use search::{Mcts, thread_seed};
