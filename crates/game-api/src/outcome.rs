//! How a game ended: a result (or a score) for every player, and the rulebook's reason.

/// One player's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerResult {
    Win,
    Loss,
    Draw,
    /// Solitaire and scoring games: the points made.
    Score(i64),
}

/// The end of a game. `results[i]` is player i's result; `reason` names the ending as the
/// rulebook does ("checkmate by touch", "homeland occupied").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub results: Vec<PlayerResult>,
    pub reason: String,
}

impl Outcome {
    /// A two-player win.
    pub fn win(winner: crate::Player, players: u8, reason: impl Into<String>) -> Outcome {
        Outcome {
            results: (0..players)
                .map(|p| {
                    if p == winner.0 {
                        PlayerResult::Win
                    } else {
                        PlayerResult::Loss
                    }
                })
                .collect(),
            reason: reason.into(),
        }
    }

    pub fn draw(players: u8, reason: impl Into<String>) -> Outcome {
        Outcome {
            results: vec![PlayerResult::Draw; players as usize],
            reason: reason.into(),
        }
    }

    /// The ending in a line, its players named by `name`: "Red wins: no Stones left", "drawn:
    /// draw by agreement", or "game over: …" for any other result (both lose).
    pub fn headline(&self, name: impl Fn(crate::Player) -> String) -> String {
        match self.winner() {
            Some(w) => format!("{} wins: {}", name(w), self.reason),
            None if self.results.iter().all(|r| *r == PlayerResult::Draw) => {
                format!("drawn: {}", self.reason)
            }
            None => format!("game over: {}", self.reason),
        }
    }

    /// The single winner, if exactly one player won.
    pub fn winner(&self) -> Option<crate::Player> {
        let mut w = self
            .results
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == PlayerResult::Win);
        match (w.next(), w.next()) {
            (Some((i, _)), None) => Some(crate::Player(i as u8)),
            _ => None,
        }
    }
}
