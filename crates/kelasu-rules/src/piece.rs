//! The pieces: kinds, their letters (Blue's upper case, Red's lower case, as the text's legend
//! has them) and what a merge of Blanks costs.
use crate::side::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Blank,
    Warrior,
    Runner,
    Diplomat,
    Champion,
    General,
    Stone,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::Blank,
        Kind::Warrior,
        Kind::Runner,
        Kind::Diplomat,
        Kind::Champion,
        Kind::General,
        Kind::Stone,
    ];
    /// The kinds Blanks can merge into, in the order of the text's cost table.
    pub const MERGEABLE: [Kind; 6] = [
        Kind::Warrior,
        Kind::Runner,
        Kind::Diplomat,
        Kind::Champion,
        Kind::General,
        Kind::Stone,
    ];

    pub fn letter(self) -> char {
        match self {
            Kind::Blank => 'B',
            Kind::Warrior => 'W',
            Kind::Runner => 'R',
            Kind::Diplomat => 'D',
            Kind::Champion => 'C',
            Kind::General => 'G',
            Kind::Stone => 'S',
        }
    }
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }
    pub fn name(self) -> &'static str {
        match self {
            Kind::Blank => "Blank",
            Kind::Warrior => "Warrior",
            Kind::Runner => "Runner",
            Kind::Diplomat => "Diplomat",
            Kind::Champion => "Champion",
            Kind::General => "General",
            Kind::Stone => "Stone",
        }
    }
    /// Blanks a merge into this kind uses (text: "Warrior 2, Runner 4, Diplomat 4, Champion 5,
    /// General 10, Stone 21"); `None` for Blanks.
    pub fn merge_cost(self) -> Option<u32> {
        match self {
            Kind::Blank => None,
            Kind::Warrior => Some(2),
            Kind::Runner => Some(4),
            Kind::Diplomat => Some(4),
            Kind::Champion => Some(5),
            Kind::General => Some(10),
            Kind::Stone => Some(21),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }
    /// The letter in position text: upper case Blue, lower case Red.
    pub fn char(self) -> char {
        match self.side {
            Side::Blue => self.kind.letter(),
            Side::Red => self.kind.letter().to_ascii_lowercase(),
        }
    }
    pub fn from_char(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let side = if c.is_ascii_uppercase() {
            Side::Blue
        } else {
            Side::Red
        };
        Some(Piece { side, kind })
    }
    /// A small code for hashing (1..=14).
    pub fn code(self) -> u8 {
        1 + self.kind as u8 + 7 * self.side as u8
    }
}
