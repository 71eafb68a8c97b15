//! A side's choice of masters: "any combination of masters of arms, masters of spells, and
//! masters of the hunt totalling 9" (rule text, "PIECES AND PATCHES").
use crate::piece::Kind;
use std::fmt;

/// How many of each master a side takes; the three add up to [`Masters::TOTAL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Masters {
    pub arms: u8,
    pub spells: u8,
    pub hunt: u8,
}

impl Masters {
    pub const TOTAL: u8 = 9;

    /// A choice, if it totals nine.
    pub fn new(arms: u8, spells: u8, hunt: u8) -> Option<Masters> {
        let m = Masters { arms, spells, hunt };
        m.is_valid().then_some(m)
    }

    pub fn is_valid(self) -> bool {
        self.arms as u16 + self.spells as u16 + self.hunt as u16 == Masters::TOTAL as u16
    }

    pub fn count(self, kind: Kind) -> u8 {
        match kind {
            Kind::Arms => self.arms,
            Kind::Spells => self.spells,
            Kind::Hunt => self.hunt,
            _ => 0,
        }
    }

    /// The 55 choices, in the order `legal_actions` offers them (most masters of arms first).
    pub fn all() -> impl Iterator<Item = Masters> {
        (0..=Masters::TOTAL).rev().flat_map(|arms| {
            (0..=Masters::TOTAL - arms)
                .rev()
                .map(move |spells| Masters {
                    arms,
                    spells,
                    hunt: Masters::TOTAL - arms - spells,
                })
        })
    }
}

impl fmt::Display for Masters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S{}A{}W{}", self.arms, self.spells, self.hunt)
    }
}
