//! # game-testkit
//!
//! The generic checks every game's tests call: [`perft`], seeded [`random_playouts`] with
//! invariants after every action (undo restores the exact state and hash; position text and
//! notation round-trip; an observation for one player never contains another player's secret),
//! [`check_save_roundtrip`], and [`check_hashes_apart`].
mod checks;
mod fuzz;
mod hash;
mod perft;
mod playout;
mod save;

pub use checks::{
    check_action_text, check_chance_class, check_observations, check_position_text, check_step,
};
pub use fuzz::{check_found, check_load, check_place, fuzz_loading, fuzz_texts, save_corpus};
pub use hash::check_hashes_apart;
pub use perft::{divide, perft};
pub use playout::{Playouts, Report, check_undo, play_one, random_playouts};
pub use save::check_save_roundtrip;
