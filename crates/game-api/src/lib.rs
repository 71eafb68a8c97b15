//! # game-api
//!
//! The small interface every rules crate of this project implements, after the shape of
//! OpenSpiel's game/state interface, in Rust idiom:
//!
//! - a [`Game`] fixes the rules and options; its states are plain values;
//! - a state waits for a [`Decision`]: one player, several at once (sealed actions), chance, or
//!   nobody (the game is over, with an [`Outcome`] per player);
//! - a turn may be several decisions by one player ([`Game::at_turn_start`]);
//! - hidden information: [`Game::observe`] gives what a [`Viewer`] may know of a state, and
//!   [`Game::secrets`] lists what only one player may know, so tests can prove nothing leaks;
//! - notation, position text and a [`BoardDesc`] for drawing;
//! - endings the players declare (a resignation, an agreed draw: [`Declared`]), kept by the
//!   match;
//! - a generic [`Match`] with history, undo/redo, a seeded generator for chance, records and
//!   atomic saves; and [`AnyMatch`], its object-safe face for menus and the CLI.
//!
//! Engines keep static dispatch (`fn perft<G: Game>`); only the app and CLI hold `dyn AnyMatch`.
mod any_match;
mod board;
mod decision;
mod declared;
mod game;
mod game_match;
mod notation;
pub mod option_headers;
mod outcome;
mod player;
mod refusal;
mod resume;
mod rng;
mod save;

pub use any_match::{ActionView, AnyMatch};
pub use board::{ActionCells, BoardDesc, Cell, PieceView, Reach, ReserveView, Shape, Zone};
pub use decision::Decision;
pub use declared::Declared;
pub use game::{Game, action_written, actions_for, actor_now, lead_estimate};
pub use game_match::{Match, PlayError, Step, TurnText};
pub use notation::{
    RecordTurn, TextError, is_turn_number, read_numbered, read_record_lines, split_turn_number,
    turn_after_ending, write_numbered,
};
pub use option_headers::OptionsError;
pub use outcome::{Outcome, PlayerResult};
pub use player::{Actor, Player, PlayerSet, Viewer};
pub use refusal::Refusal;
pub use resume::{load, read_text_file, text_of};
pub use rng::{MatchRng, seeded};
pub use save::{
    HeaderError, SaveError, header_pairs, headers as save_headers, options_from_save, write_atomic,
};
