//! The board's areas: the four Victory Tiles in the middle and each side's two starting rows.
use crate::bitboard::Bitboard;
use crate::side::Side;
use crate::square::Square;

/// E4 E5 F4 F5 (text: "the 4 Victory Tiles located in the middle"; the diagram's `: :` marks
/// stand on files 4 and 5 of ranks E and F).
pub const VICTORY_TILES: [Square; 4] = [Square(44), Square(45), Square(54), Square(55)];

pub fn victory_tiles() -> Bitboard {
    VICTORY_TILES
        .iter()
        .fold(Bitboard::EMPTY, |b, &s| b.with(s))
}

/// A side's two starting rows: A–B for Blue, I–J for Red.
pub fn home_rows(side: Side) -> Bitboard {
    let ranks = match side {
        Side::Blue => [0u8, 1],
        Side::Red => [8, 9],
    };
    let mut b = Bitboard::EMPTY;
    for r in ranks {
        for f in 0..10 {
            b = b.with(Square(r * 10 + f));
        }
    }
    b
}
