//! Who takes part: players by seat number, chance, and who looks at a state.

/// A seat at the table, counted from 0 in the order the game's rules name them (Veney: White
/// then Black; Tirachen: the first and the second player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u8);

impl Player {
    pub const FIRST: Player = Player(0);
    pub const SECOND: Player = Player(1);

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The other player of a two-player game.
    pub fn other(self) -> Player {
        Player(1 - self.0.min(1))
    }
}

/// Who makes a decision: a player, or chance (dice, sticks, cards, the Donkey).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    Player(Player),
    Chance,
}

/// Who looks at a state. A player sees their own secrets and nobody else's; a spectator sees
/// only what is public; the referee (a saved game that must resume, a test) sees everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    Player(Player),
    Spectator,
    Referee,
}

impl Viewer {
    /// Whether this viewer may see what only `owner` knows.
    pub fn sees_secrets_of(self, owner: Player) -> bool {
        match self {
            Viewer::Player(p) => p == owner,
            Viewer::Spectator => false,
            Viewer::Referee => true,
        }
    }
}

/// A set of players (seats 0–7), for simultaneous decisions. A seat past the eighth is never
/// in a set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerSet(pub u8);

impl PlayerSet {
    pub fn of(players: &[Player]) -> PlayerSet {
        PlayerSet(
            players
                .iter()
                .filter(|p| p.0 < 8)
                .fold(0, |m, p| m | (1 << p.0)),
        )
    }
    pub fn contains(self, p: Player) -> bool {
        p.0 < 8 && self.0 & (1 << p.0) != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Player> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Player)
    }
}
