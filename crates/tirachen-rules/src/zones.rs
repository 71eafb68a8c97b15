//! The board's areas (rule text, "PIECES AND PATCHES"): each side's homeland (three squares
//! centred on its back edge), its deployment area (the three ranks nearest it), and the no man's
//! land (the middle three ranks).
use crate::bitboard::Bitboard;
use crate::side::Side;
use crate::square::Square;

/// Red's homeland: d1, e1, f1.
const RED_HOMELAND: Bitboard = Bitboard(0b111 << 3);
/// White's homeland: d9, e9, f9.
const WHITE_HOMELAND: Bitboard = Bitboard(0b111 << (3 + 72));

pub const fn homeland(side: Side) -> Bitboard {
    match side {
        Side::Red => RED_HOMELAND,
        Side::White => WHITE_HOMELAND,
    }
}

pub const fn deployment_area(side: Side) -> Bitboard {
    match side {
        Side::Red => Bitboard::ranks(0, 2),
        Side::White => Bitboard::ranks(6, 8),
    }
}

pub const NO_MANS_LAND: Bitboard = Bitboard::ranks(3, 5);

/// Where each General starts: the centre of its homeland (e1, e9).
pub const fn general_start(side: Side) -> Square {
    match side {
        Side::Red => Square::from_index_unchecked(4),
        Side::White => Square::from_index_unchecked(76),
    }
}

/// The centre square (e5), where the Traitor starts.
pub const CENTRE: Square = Square::from_index_unchecked(40);
