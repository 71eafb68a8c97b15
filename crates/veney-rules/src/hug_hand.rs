//! What the Hug's hands hold (§2.0.23): the two picks and a hand's state. A position keeps the
//! hands (`Position::hug`); the Hug's rules are in `hug.rs`.

/// What a player hides in their hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HugChoice {
    /// The Self: to hug.
    Hug,
    /// The Dagger: to betray.
    Betray,
}

/// A player's hand in a Hug under way: nothing hidden yet, a pick the observer may not see, or
/// the piece hidden in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Hand {
    #[default]
    Empty,
    /// Something is hidden in it, and this observer may not know what (`VeneyGame::observe`).
    Sealed,
    Holds(HugChoice),
}

impl Hand {
    /// The position text's letter: `-` empty, `?` sealed, `S` the Self, `D` the Dagger.
    pub fn code(self) -> char {
        match self {
            Hand::Empty => '-',
            Hand::Sealed => '?',
            Hand::Holds(HugChoice::Hug) => 'S',
            Hand::Holds(HugChoice::Betray) => 'D',
        }
    }

    pub fn from_code(c: char) -> Option<Hand> {
        Some(match c {
            '-' => Hand::Empty,
            '?' => Hand::Sealed,
            'S' => Hand::Holds(HugChoice::Hug),
            'D' => Hand::Holds(HugChoice::Betray),
            _ => return None,
        })
    }
}
