//! Special moves and aspects, one module each, named as the rulebook names them.
/// The squares of `side`'s Self's measure when one of its pieces for which `aspect` holds stands
/// there too (Control, §2.0.07; Presence, §2.0.11); empty otherwise. The Self on the board: a
/// Self taken, whose square still anchors the dying move's constraints (R-DYING), lends its
/// measure no aspect ("with your Balance and Self"; a review found a dying Balance move fending
/// the winner's Jutsu through the dead Self's Control).
pub(crate) fn self_measure_with(
    rules: &crate::rules::Rules,
    pos: &crate::position::Position,
    side: crate::side::Side,
    aspect: crate::rules::Aspect,
) -> crate::bitboard::Bitboard {
    let Some(m) = pos
        .pieces(side, rules.life(side))
        .first()
        .map(crate::measure::Measure::of)
    else {
        return crate::bitboard::Bitboard::EMPTY;
    };
    let squares = m.squares();
    if (pos.pieces_of(side, rules.kinds_with(side, aspect)) & squares).any() {
        squares
    } else {
        crate::bitboard::Bitboard::EMPTY
    }
}

pub mod blade_capture;
pub mod cast_piece;
pub mod cavazione;
pub mod concert;
pub mod control;
pub mod dagger_throw;
pub mod deflection;
pub mod disarm;
pub mod donkey;
pub mod en_passant;
pub mod feign;
pub mod flail;
pub mod glare;
pub mod hirakamae;
pub mod intention;
pub mod meta_move;
pub mod opposition;
pub mod presence;
pub mod retreat;
pub mod shadow_stabbing;
pub mod shift;
pub mod stepping_stone;
