//! # tirachen-rules
//!
//! The rules of Tirachen, the board game of Yoon Ha Lee's *Origami Souls* (provisional rules by
//! Yoon Ha Lee and Joseph Betzwieser, 1999), on the project's game API ([`game_api::Game`]).
//!
//! A 9×9 board of green and grey squares; each side has a General on the centre of its homeland
//! and deploys a Fort, a Commander, nine Pikes and nine masters of its choice; a Traitor stands
//! on the centre square under no one's control. Every place where the text leaves a question
//! open is ruled in `docs/rulings/tirachen.md`; the options players may disagree on are fields of
//! [`TirachenOptions`].
//!
//! ```
//! use game_api::Game;
//! use tirachen_rules::{Tirachen, TirachenOptions};
//! let game = Tirachen::new(TirachenOptions::default());
//! let start = game.start();
//! assert_eq!(game.position_text(&start), "4g4/9/9/9/4*4/9/9/9/4G4 r cc FCP9/fcp9 - 0");
//! ```
//!
//! Layers look only down: square, side → bitboard → piece, zones, attacks → options, masters →
//! position → action → moves → fort, traitor → deployment → legal, outcome → turn → explain,
//! estimate, notation, invariants → position text, zobrist, secrecy, view → game.
mod action;
mod attacks;
mod bitboard;
mod deployment;
mod estimate;
mod explain;
mod fort;
mod game;
mod invariants;
mod legal;
mod masters;
mod moves;
mod notation;
mod options;
mod outcome;
mod piece;
mod position;
mod position_text;
mod secrecy;
mod side;
mod square;
mod traitor;
mod turn;
mod view;
mod zobrist;
mod zones;

pub use action::Action;
pub use bitboard::Bitboard;
pub use game::Tirachen;
pub use invariants::{Field, PositionError};
pub use masters::Masters;
pub use options::{HeaderError, MasterChoice, OptionsError, QUIET_TURNS_MAX, TirachenOptions};
pub use piece::{Kind, Piece};
pub use position::{Phase, Position, Reserve};
pub use side::Side;
pub use square::Square;

/// The names of the rules a refusal may give (`Refusal::rule`).
pub mod rules {
    pub use crate::explain::{
        DEPLOYMENT, FORT, MASTERS, MOBILIZED, OWN_PIECES, TRAITOR, UNDEPLOYED, piece_rule,
    };
}

/// The reasons an ending gives (`Outcome::reason`).
pub mod endings {
    pub use crate::outcome::{GENERAL_TAKEN, HOMELAND_OCCUPIED, NO_LEGAL_ACTION, QUIET_TURNS};
}

/// The board's areas.
pub mod zone {
    pub use crate::zones::{CENTRE, NO_MANS_LAND, deployment_area, general_start, homeland};
}

/// Tirachen in brief (`docs/TIRACHEN.md`): the rules as a learner reads them beside the board, with
/// the rulings marked (`Game::rules_brief`).
pub const BRIEF: &str = include_str!("../../../docs/TIRACHEN.md");
