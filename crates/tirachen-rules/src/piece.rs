//! The kinds of piece, their letters and names, and a piece on the board (a kind and who
//! controls it; the Traitor alone can stand under no one's control).
//!
//! Letters are those of Joe Betzwieser's move diagrams in the rule text: G General, F Fort,
//! C Commander, S Master of arms, A Master of spells, W Master of the hunt, P Pike, T Traitor.
use crate::side::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    General,
    Fort,
    Commander,
    /// Master of arms (`S`).
    Arms,
    /// Master of spells (`A`).
    Spells,
    /// Master of the hunt (`W`).
    Hunt,
    Pike,
    Traitor,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::General,
        Kind::Fort,
        Kind::Commander,
        Kind::Arms,
        Kind::Spells,
        Kind::Hunt,
        Kind::Pike,
        Kind::Traitor,
    ];
    /// The kinds a side may hold undeployed, in the order reserves are written.
    pub const UNDEPLOYED: [Kind; 6] = [
        Kind::Fort,
        Kind::Commander,
        Kind::Arms,
        Kind::Spells,
        Kind::Hunt,
        Kind::Pike,
    ];
    /// The three masters, in the order a choice is written (`S3A3W3`).
    pub const MASTERS: [Kind; 3] = [Kind::Arms, Kind::Spells, Kind::Hunt];

    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn letter(self) -> char {
        match self {
            Kind::General => 'G',
            Kind::Fort => 'F',
            Kind::Commander => 'C',
            Kind::Arms => 'S',
            Kind::Spells => 'A',
            Kind::Hunt => 'W',
            Kind::Pike => 'P',
            Kind::Traitor => 'T',
        }
    }
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }
    pub const fn name(self) -> &'static str {
        match self {
            Kind::General => "General",
            Kind::Fort => "Fort",
            Kind::Commander => "Commander",
            Kind::Arms => "Master of arms",
            Kind::Spells => "Master of spells",
            Kind::Hunt => "Master of the hunt",
            Kind::Pike => "Pike",
            Kind::Traitor => "Traitor",
        }
    }
    pub const fn is_master(self) -> bool {
        matches!(self, Kind::Arms | Kind::Spells | Kind::Hunt)
    }
    /// How many of this kind a side has in all (masters: up to 9 of the three together).
    pub const fn full_count(self) -> u8 {
        match self {
            Kind::General | Kind::Fort | Kind::Commander => 1,
            Kind::Arms | Kind::Spells | Kind::Hunt | Kind::Pike => 9,
            Kind::Traitor => 0,
        }
    }
}

/// A piece on the board. `owner` is `None` only for the Traitor before anyone controls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub owner: Option<Side>,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(owner: Side, kind: Kind) -> Piece {
        Piece {
            owner: Some(owner),
            kind,
        }
    }
    pub const NEUTRAL_TRAITOR: Piece = Piece {
        owner: None,
        kind: Kind::Traitor,
    };

    /// The letter in position text: Red's upper case, White's lower case, `*` for the Traitor
    /// under no one's control.
    pub fn char(self) -> char {
        match self.owner {
            Some(Side::Red) => self.kind.letter(),
            Some(Side::White) => self.kind.letter().to_ascii_lowercase(),
            None => '*',
        }
    }
    pub fn from_char(c: char) -> Option<Piece> {
        if c == '*' {
            return Some(Piece::NEUTRAL_TRAITOR);
        }
        let kind = Kind::from_letter(c.to_ascii_uppercase())?;
        let owner = if c.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::White
        };
        Some(Piece::new(owner, kind))
    }
}
