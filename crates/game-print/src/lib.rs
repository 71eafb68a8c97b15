//! # game-print
//!
//! A printable kit for each game the host offers, as a PDF: the board at true size (cut into
//! sheets that fit the paper, with alignment marks), tokens to cut out with each piece's symbol
//! (Veney's after §2.0.R6), a rules card per piece, a score sheet in the game's notation, and for
//! Veney the stick-dice odds of the Dagger Throw (§2.0.08) and the Donkey's table (§2.0.23),
//! counted by the rules crate. No Bevy; the PDF is written by `krilla` with DejaVu Sans embedded.
//! Choices the rule texts leave open: docs/rulings/print-kit.md.
//!
//! ```no_run
//! use game_print::{Paper, PrintGame};
//! let pdf = game_print::kit(PrintGame::Veney, Paper::A4).unwrap();
//! game_print::write_atomic(std::path::Path::new("kit.pdf"), &pdf).unwrap();
//! ```
mod board;
mod cards;
mod fonts;
mod free_card;
mod game_kit;
mod kelasu;
mod kit;
mod odds;
mod paper;
mod pen;
mod score_sheet;
mod shapes;
mod tirachen;
mod tokens;
mod veney;

pub use kit::{KitError, PrintGame, UnknownGame, kit, kit_with, write_atomic};
pub use odds::{DonkeyRow, ThrowOdds, donkey_table, sticks_at, throw_odds};
pub use paper::{PT_PER_MM, Paper, UnknownPaper, mm};

/// The side of a board square in millimetres for each game (docs/rulings/print-kit.md).
pub fn square_mm(game: PrintGame) -> f32 {
    match game {
        PrintGame::Veney => veney::SQUARE_MM,
        PrintGame::Tirachen => tirachen::SQUARE_MM,
        PrintGame::Kelasu => kelasu::SQUARE_MM,
    }
}
