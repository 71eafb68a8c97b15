//! The two players (§2.0.IV). White sits at step 1, Black at step 16.
use std::fmt;
use std::ops::Not;

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// +1 for White (forward is up-step), -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    pub const fn char(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The game API's player for a side: White is the first player.
pub fn player_of(s: Side) -> game_api::Player {
    game_api::Player(s.index() as u8)
}

/// The side of a game API player.
pub fn side_of(p: game_api::Player) -> Side {
    if p.0 == 0 { Side::White } else { Side::Black }
}
