//! Special moves and aspects, one module each, named as the rulebook names them.
pub mod cavazione;
pub mod concert;
pub mod control;
pub mod dagger_throw;
pub mod deflection;
pub mod disarm;
pub mod en_passant;
pub mod feign;
pub mod glare;
pub mod meta_move;
pub mod opposition;
pub mod presence;
pub mod retreat;
pub mod shadow_stabbing;
pub mod shift;
pub mod stepping_stone;
