//! The two sides, red and white as the rule text names them. Red sits at ranks 1–3 and is seat 0;
//! White sits at ranks 7–9 and is seat 1.
use game_api::Player;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Red,
    White,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Red, Side::White];

    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::White,
            Side::White => Side::Red,
        }
    }
    /// The rank step that is forward for this side's Pikes.
    pub const fn forward(self) -> i8 {
        match self {
            Side::Red => 1,
            Side::White => -1,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "Red",
            Side::White => "White",
        }
    }
    /// The side's letter in position text (`r`, `w`).
    pub const fn letter(self) -> char {
        match self {
            Side::Red => 'r',
            Side::White => 'w',
        }
    }
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'r' => Some(Side::Red),
            'w' => Some(Side::White),
            _ => None,
        }
    }
    pub const fn player(self) -> Player {
        Player(self as u8)
    }
    pub const fn from_player(p: Player) -> Option<Side> {
        match p.0 {
            0 => Some(Side::Red),
            1 => Some(Side::White),
            _ => None,
        }
    }
}
