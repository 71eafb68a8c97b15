//! # veney-rules
//!
//! The rules of *Veney* (C. Persimmon, "Scribe's Veney 2.0"), with no UI dependency: the board
//! and its measures, pieces defined in RON, the turn state machine, move generation, the
//! rulebook's notation, a one-line position text, seeded randomness, and the `veney-cli` tool.
//! Section numbers in the docs (§2.0.xx) are the rulebook's own.
//!
//! ```
//! use veney_rules::{Position, Rules};
//! let rules = Rules::standard();
//! let mut pos = Position::start(&rules);
//! let turn = veney_rules::notation::parse_turn(&rules, &pos, "SY5 $X7", 1).unwrap();
//! pos.play_turn(&rules, &turn).unwrap();
//! assert_eq!(pos.turn(), veney_rules::Side::Black);
//! ```
pub mod action;
pub mod attacks;
pub mod bitboard;
pub mod constraint;
pub mod device;
pub mod dice;
pub mod direction;
pub mod errors;
pub mod free_engagement;
pub mod game;
pub mod hug;
pub mod intersection;
pub mod invariants;
pub mod measure;
pub mod movegen;
pub mod notation;
pub mod options;
pub mod outcome;
pub mod passing;
pub mod penalty;
pub mod perft;
pub mod piece_def;
pub mod piece_moves;
pub mod piece_set;
pub mod placement;
pub mod playout;
pub mod position;
pub mod position_text;
pub mod replay;
pub mod rng;
pub mod rules;
pub mod savefile;
pub mod set_check;
pub mod setup;
pub mod setup_styles;
pub mod side;
pub mod special;
pub mod square;
pub mod turn;
pub mod untenable;
pub mod veney_game;
pub mod view;
pub mod zobrist;

pub use action::{Action, Effect, Move, Mover};
pub use bitboard::Bitboard;
pub use errors::{DataError, LoadError, ParseError, Untenable};
pub use game::Game;
pub use measure::Measure;
pub use outcome::Outcome;
pub use piece_set::{Kind, PieceSet};
pub use position::{FreePlace, Phase, Position};
pub use rules::Rules;
pub use side::Side;
pub use square::Square;
pub use veney_game::VeneyGame;
