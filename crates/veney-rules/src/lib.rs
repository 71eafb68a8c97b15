//! # veney-rules
//!
//! The rules of *Veney* (C. Persimmon, "Scribe's Veney 2.0"), with no UI dependency: the board
//! and its measures, pieces defined in RON, the turn state machine, move generation, the
//! rulebook's notation, a one-line position text, seeded randomness, and the `veney-cli` tool.
//! Section numbers in the docs (§2.0.xx) are the rulebook's own.
//!
//! The modules read bottom-up and never import upward: geometry (`square`, `bitboard`,
//! `direction`, `measure`, `intersection`) → data (`piece_def`, `piece_set`, `setup`, `options`,
//! `dice`, `device`, `outcome`, `rules`) → `position` / `action` (and `displaced`: what an
//! action took off the board, and where it went) → move generation (`view`,
//! `piece_moves`, `constraint`, `placement`, `free_engagement`, `passing`) → `special/` (one file
//! per rule, named as the rulebook names it) → `movegen` (the generator) → `turn` → `game` (the
//! match) → `notation`, `position_text`, `savefile`, `replay`, `set_check`, and `veney_game`
//! (Veney on the project's game API). Internal modules are private; what users need is
//! re-exported here or lives in a public module named for its rulebook concept.
//!
//! ```
//! use veney_rules::{Position, Rules};
//! let rules = Rules::standard();
//! let mut pos = Position::start(&rules);
//! let turn = veney_rules::notation::parse_turn(&rules, &pos, "SY5 $X7", 1).unwrap();
//! pos.play_turn(&rules, &turn).unwrap();
//! assert_eq!(pos.turn(), veney_rules::Side::Black);
//! ```
mod action;
mod attacks;
mod bitboard;
pub mod constraint;
mod device;
pub mod dice;
mod direction;
pub mod displaced;
mod errors;
mod estimate;
mod free_engagement;
pub mod game;
pub mod hug;
mod hug_hand;
pub mod intersection;
pub mod invariants;
pub mod measure;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod outcome;
mod passing;
pub mod penalty;
pub mod perft;
pub mod piece_def;
mod piece_moves;
pub mod piece_set;
mod pins;
mod placement;
pub mod playout;
pub mod position;
pub mod position_text;
pub mod record_ending;
pub mod replay;
pub mod rng;
mod rules;
pub mod savefile;
pub mod set_check;
pub mod setup;
pub mod setup_styles;
mod side;
pub mod special;
pub mod square;
mod turn;
pub mod untenable;
mod veney_game;
mod view;
mod zobrist;

pub use action::{Action, Effect, Meta, Move, Mover};
pub use attacks::{attacks, threats};
pub use bitboard::Bitboard;
pub use device::{Device, Landing, Reposition};
pub use direction::Dir;
pub use displaced::{Displaced, Whereabouts, displaced};
pub use errors::{
    DataError, LoadError, Location, ParseError, Untenable, data_text, read_data_file,
};
pub use estimate::lead;
pub use game::Game;
pub use measure::Measure;
pub use outcome::Outcome;
pub use piece_set::{Kind, PieceSet};
pub use placement::{placement_of, placement_squares};
pub use position::{FreePlace, Lifted, Phase, Position};
pub use rules::{KindInfo, Rules};
pub use side::Side;
pub use square::Square;
pub use turn::Turn;
pub use veney_game::{VeneyGame, cell_of, outcome_of, player_of, side_of};

/// Veney in brief (`docs/RULES.md`): the rules as a learner reads them beside the board, with
/// the rulings marked (`Game::rules_brief`).
pub const BRIEF: &str = include_str!("../../../docs/RULES.md");
