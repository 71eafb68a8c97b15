//! Special moves and aspects, one module each, named as the rulebook names them.
pub mod cavazione;
pub mod concert;
pub mod disarm;
pub mod en_passant;
pub mod feign;
pub mod opposition;
pub mod shift;
pub mod stepping_stone;
