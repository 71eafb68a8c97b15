//! Endings the players declare themselves, outside the rules' moves: a resignation and a draw by
//! agreement (Kelasu's "Your opponent Resigns." and "A mutual agreement."; Veney §2.0.21), and a
//! flag fallen on the table clock (out of time: the player loses, as in chess). They
//! belong to the match, not to a position: nothing on the board changes, the game just stops.
//! A match writes one as the last line of its record, `[Ending "Blue resigns"]`, and reads it
//! back from a save.
use crate::game::Game;
use crate::outcome::Outcome;
use crate::player::Player;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Declared {
    /// The player gives the game up.
    Resigns(Player),
    /// Every player agrees to a draw.
    DrawAgreed,
    /// The player's flag fell: out of time on the clock.
    OutOfTime(Player),
}

impl Declared {
    /// The ending in words, as its header writes it: "Blue resigns", "draw agreed".
    pub fn text<G: Game + ?Sized>(self, g: &G) -> String {
        match self {
            Declared::Resigns(p) => format!("{} resigns", g.player_name(p)),
            Declared::DrawAgreed => "draw agreed".into(),
            Declared::OutOfTime(p) => format!("{} out of time", g.player_name(p)),
        }
    }

    /// Every ending `parse` reads for game `g`, as a refusal lists them: "an ending is `Red
    /// resigns`, `White resigns`, `Red out of time`, `White out of time` or `draw agreed`".
    pub fn expected<G: Game + ?Sized>(g: &G) -> String {
        let players: Vec<String> = (0..g.players())
            .map(|p| g.player_name(crate::Player(p)))
            .collect();
        let names: Vec<String> = players
            .iter()
            .map(|n| format!("`{n} resigns`"))
            .chain(players.iter().map(|n| format!("`{n} out of time`")))
            .collect();
        format!("an ending is {} or `draw agreed`", names.join(", "))
    }

    /// Reads `text` (see `text`) for game `g`; `None` when it names no ending of this game.
    pub fn parse<G: Game + ?Sized>(g: &G, text: &str) -> Option<Declared> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("draw agreed") {
            return Some(Declared::DrawAgreed);
        }
        // The verb in any case, as the player's name is read (a review found `Blue Resigns`
        // refused where `BLUE resigns` read).
        let suffix = |s: &str| {
            let cut = t.len().checked_sub(s.len())?;
            (t.is_char_boundary(cut) && t[cut..].eq_ignore_ascii_case(s)).then(|| &t[..cut])
        };
        let (name, make): (&str, fn(Player) -> Declared) = match suffix(" resigns") {
            Some(n) => (n, Declared::Resigns),
            None => (suffix(" out of time")?, Declared::OutOfTime),
        };
        (0..g.players())
            .map(Player)
            .find(|p| g.player_name(*p).eq_ignore_ascii_case(name))
            .map(make)
    }

    /// The default outcome (`Game::declared_outcome`): the resigning player loses and every
    /// other player wins; an agreed draw is a draw for all.
    pub fn default_outcome<G: Game + ?Sized>(self, g: &G) -> Outcome {
        match self {
            Declared::Resigns(p) | Declared::OutOfTime(p) => Outcome {
                results: (0..g.players())
                    .map(|q| {
                        if q == p.0 {
                            crate::PlayerResult::Loss
                        } else {
                            crate::PlayerResult::Win
                        }
                    })
                    .collect(),
                reason: self.text(g),
            },
            Declared::DrawAgreed => Outcome::draw(g.players(), "draw by agreement"),
        }
    }
}
