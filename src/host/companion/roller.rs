//! The companion's roller: what a table of players throws beside a real board — five
//! stick-dice (a count of black), a coin, a six-sided die, and the Donkey's movement throw
//! (§2.0.23) — each read out in words ("3 black: forward-right") and kept in a log. The app rolls
//! from its own seeded generator (`VENEY_SEED`, else the clock; the log names the seed, so a
//! session's rolls replay), or the players throw real sticks and enter what landed by hand.
//! A game's own chance (a Dagger Throw awaiting its sticks) is rolled by the game's seeded
//! generator instead and logged here by its pack.
use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// What the roller throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RollKind {
    /// Five stick-dice, each black or white; the count of black is read (§2.0.08).
    Sticks,
    /// One coin: heads or tails (§2.0.R1 coin flips).
    Coin,
    /// One six-sided die (§2.0.R1 flat odds).
    D6,
    /// Five stick-dice read as the Donkey's movement (§2.0.23): 1 forward-left, 2 forward,
    /// 3 forward-right, 4 backward-left, 5 backward-right, none: it stays put.
    Donkey,
}

impl RollKind {
    pub const ALL: [RollKind; 4] = [
        RollKind::Sticks,
        RollKind::Coin,
        RollKind::D6,
        RollKind::Donkey,
    ];

    /// The button's name.
    pub fn name(self) -> &'static str {
        match self {
            RollKind::Sticks => "5 sticks",
            RollKind::Coin => "coin",
            RollKind::D6 => "d6",
            RollKind::Donkey => "Donkey",
        }
    }

    /// The values a result may take (the count of black for sticks; 0 tails, 1 heads; a face).
    pub fn values(self) -> std::ops::RangeInclusive<u8> {
        match self {
            RollKind::Sticks | RollKind::Donkey => 0..=5,
            RollKind::Coin => 0..=1,
            RollKind::D6 => 1..=6,
        }
    }

    /// A result in words: "3 black", "heads", "5", "3 black: forward-right".
    pub fn words(self, value: u8) -> String {
        match self {
            RollKind::Sticks => format!("{value} black of 5"),
            RollKind::Coin => if value == 1 { "heads" } else { "tails" }.into(),
            RollKind::D6 => format!("{value}"),
            RollKind::Donkey => format!("{value} black: {}", donkey_way(value)),
        }
    }
}

/// The Donkey's way for a count of black sticks, from the roller's side (§2.0.23: "forward-left
/// (1), forward (2), forward-right (3), backward-left (4), or backward-right (5) … If no black
/// sticks are thrown, the Donkey stays put").
pub fn donkey_way(black: u8) -> &'static str {
    match black {
        1 => "forward-left",
        2 => "forward",
        3 => "forward-right",
        4 => "backward-left",
        5 => "backward-right",
        _ => "stays put",
    }
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// What was thrown, by whom or for what ("5 sticks", "White's Dagger Throw").
    pub what: String,
    /// The result in words.
    pub result: String,
    /// Thrown by hand and entered, rather than rolled by the app.
    pub by_hand: bool,
}

impl std::fmt::Display for LogEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}{}",
            self.what,
            self.result,
            if self.by_hand { " (by hand)" } else { "" }
        )
    }
}

/// The session's generator and the log of every throw.
#[derive(Resource)]
pub struct Roller {
    seed: u64,
    rng: StdRng,
    pub log: Vec<LogEntry>,
}

impl Default for Roller {
    fn default() -> Self {
        Roller::seeded(crate::host::seed::fresh_seed())
    }
}

impl Roller {
    /// A roller whose throws come from `seed`.
    pub fn seeded(seed: u64) -> Roller {
        Roller {
            seed,
            rng: StdRng::seed_from_u64(seed),
            log: Vec::new(),
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Throws `kind` from the session's generator, logs it and returns the value.
    pub fn roll(&mut self, kind: RollKind) -> u8 {
        let v = match kind {
            RollKind::Sticks | RollKind::Donkey => {
                (0..5).filter(|_| self.rng.random_bool(0.5)).count() as u8
            }
            RollKind::Coin => u8::from(self.rng.random_bool(0.5)),
            RollKind::D6 => self.rng.random_range(1..=6),
        };
        self.log.push(LogEntry {
            what: kind.name().into(),
            result: kind.words(v),
            by_hand: false,
        });
        v
    }

    /// Logs a throw the players made with real sticks, coin or die. Refused (with the values
    /// it may take) when the value cannot land.
    pub fn enter(&mut self, kind: RollKind, value: u8) -> Result<(), String> {
        if !kind.values().contains(&value) {
            let r = kind.values();
            return Err(format!(
                "a {} shows {}–{}, not {value}",
                kind.name(),
                r.start(),
                r.end()
            ));
        }
        self.log.push(LogEntry {
            what: kind.name().into(),
            result: kind.words(value),
            by_hand: true,
        });
        Ok(())
    }

    /// Logs a game's own throw (rolled by the game's generator or entered by hand).
    pub fn log_game(&mut self, what: String, result: String, by_hand: bool) {
        self.log.push(LogEntry {
            what,
            result,
            by_hand,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_throws_the_same() {
        let mut a = Roller::seeded(7);
        let mut b = Roller::seeded(7);
        let ra: Vec<u8> = RollKind::ALL.iter().map(|&k| a.roll(k)).collect();
        let rb: Vec<u8> = RollKind::ALL.iter().map(|&k| b.roll(k)).collect();
        assert_eq!(ra, rb);
        assert_eq!(a.log, b.log);
        assert_eq!(a.log.len(), 4);
    }

    #[test]
    fn every_throw_lands_on_a_value_it_can_show() {
        let mut r = Roller::seeded(3);
        for _ in 0..200 {
            for k in RollKind::ALL {
                let v = r.roll(k);
                assert!(k.values().contains(&v), "{k:?} {v}");
            }
        }
        // A fair coin over 200 flips shows both faces.
        let heads = r.log.iter().filter(|e| e.result == "heads").count();
        assert!(heads > 50 && heads < 150, "{heads}");
    }

    #[test]
    fn a_throw_by_hand_is_logged_or_refused() {
        let mut r = Roller::seeded(1);
        r.enter(RollKind::Donkey, 3).unwrap();
        // §2.0.23: three black sticks move the Donkey forward-right.
        assert_eq!(
            r.log[0].to_string(),
            "Donkey: 3 black: forward-right (by hand)"
        );
        let e = r.enter(RollKind::D6, 7).unwrap_err();
        assert!(e.contains("1–6"), "{e}");
        assert_eq!(r.log.len(), 1);
        // §2.0.23: "If no black sticks are thrown, the Donkey stays put".
        assert_eq!(RollKind::Donkey.words(0), "0 black: stays put");
    }
}
