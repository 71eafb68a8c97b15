//! The two sides. Blue sits at the top (ranks A–B) and moves first; Red at the bottom (I–J).
use game_api::Player;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Blue,
    Red,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Blue, Side::Red];

    pub fn other(self) -> Side {
        match self {
            Side::Blue => Side::Red,
            Side::Red => Side::Blue,
        }
    }
    /// Rank step of "forward": Blue moves down the board (towards J), Red up (towards A).
    pub fn forward(self) -> i8 {
        match self {
            Side::Blue => 1,
            Side::Red => -1,
        }
    }
    /// The rank a Warrior recalls from (the far end of the board for this side).
    pub fn far_rank(self) -> u8 {
        match self {
            Side::Blue => 9,
            Side::Red => 0,
        }
    }
    /// The side's own edge rank (where a recall lands).
    pub fn home_rank(self) -> u8 {
        match self {
            Side::Blue => 0,
            Side::Red => 9,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Blue => "Blue",
            Side::Red => "Red",
        }
    }
    pub fn player(self) -> Player {
        match self {
            Side::Blue => Player(0),
            Side::Red => Player(1),
        }
    }
    pub fn from_player(p: Player) -> Option<Side> {
        match p.0 {
            0 => Some(Side::Blue),
            1 => Some(Side::Red),
            _ => None,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}
