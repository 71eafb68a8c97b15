//! # kelasu-rules
//!
//! The rules of Kelasu (MaxTheFox; README by Redstoneboi, version 0.1) on the project's game API
//! ([`game_api::Game`]).
//!
//! A 10×10 board, ranks A–J (Blue at the top, A–B; Red at the bottom, I–J), files 0–9, with four
//! Victory Tiles in the middle. Each side starts with 20 Blanks and 4 Stones; Blanks merge into
//! Warriors, Runners, Diplomats, Champions, Generals and Stones. A turn is several actions paid
//! for with energy (one per Stone). Every place the text leaves open is ruled in
//! `docs/rulings/kelasu.md`; the options players may disagree on are fields of [`KelasuOptions`].
//!
//! ```
//! use game_api::Game;
//! use kelasu_rules::{Kelasu, KelasuOptions};
//! let game = Kelasu::new(KelasuOptions::default());
//! let start = game.start();
//! assert!(game.position_text(&start).starts_with(
//!     "BBBBBBBBBB/BBBBBBBBBB/S1S4S1S/10/10/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 4 s - 0 "
//! ));
//! // Back from save headers:
//! let again = Kelasu::from_headers(&game.headers()).unwrap();
//! assert_eq!(again, game);
//! ```
//!
//! Layers look only down: square, side → bitboard → piece, zones, keys → options → position → zobrist
//! → action → attacks, merge → legal → turn, outcome, estimate → explain → notation, invariants
//! → position text, view → game.
mod action;
mod attacks;
mod bitboard;
mod estimate;
mod explain;
mod game;
mod invariants;
mod keys;
mod legal;
mod merge;
mod notation;
mod options;
mod outcome;
mod piece;
mod position;
mod position_text;
mod side;
mod square;
mod turn;
mod view;
mod zobrist;
mod zones;

pub use action::Action;
pub use attacks::Reach;
pub use bitboard::Bitboard;
pub use game::Kelasu;
pub use invariants::{Field, PositionError};
pub use options::{HeaderError, KelasuOptions, OptionsError, QUIET_TURNS_MAX};
pub use piece::{Kind, Piece};
pub use position::Position;
pub use side::Side;
pub use square::Square;

/// The names of the rules a refusal may give (`Refusal::rule`).
pub mod rules {
    pub use crate::explain::{
        CAPTURE, CONVERSION, ENERGY, MERGE_COST, MERGING, ONCE_PER_TURN, PASSING, PIECES, RECALL,
        STONES, TURN_END, piece_rule,
    };
}

/// The reasons an ending gives (`Outcome::reason`).
pub mod endings {
    pub use crate::outcome::{
        NO_PIECES, NO_STONES, QUIET_TURNS, REPETITION, STALEMATE, VICTORY_TILES_HELD, quiet_turns,
    };
}

/// The board's areas.
pub mod zone {
    pub use crate::zones::{VICTORY_TILES, home_rows, victory_tiles};
}

/// Move generation exposed for tests and tools: a piece's destinations, recall, conversions,
/// and the merges open to a side.
pub mod moves {
    pub use crate::attacks::{conversion_targets, destinations, reach, recall_target};
    pub use crate::merge::{connected, merges};
}

/// Kelasu in brief (`docs/KELASU.md`): the rules as a learner reads them beside the board, with
/// the rulings marked (`Game::rules_brief`).
pub const BRIEF: &str = include_str!("../../../docs/KELASU.md");
