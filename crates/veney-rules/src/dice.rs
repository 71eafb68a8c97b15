//! Dice for the Dagger Throw: the rulebook's stick-dice (§2.0.08) and the alternate methods of
//! §2.0.R1 (coin flips, flat odds on a d6–d20, guess by measure & step, pen & paper). A `Roll` is
//! what landed; the seeded `GameRng` draws it (`Roll::draw`), or a player with real sticks enters
//! it, and `Roll::verdict` reads it.
use crate::rng::GameRng;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How a Dagger Throw is decided (§2.0.R1), by prior agreement (§2.0.19 step 1).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum DiceMethod {
    /// Stick-dice (knucklebones): 3 + measures between the Selves (2 in the same measure, ruling
    /// R-THROW-STICKS); all own colour hits, exactly one off-colour is a distraction (§2.0.08).
    #[default]
    StickDice,
    /// Coin flips, read like stick-dice: heads is the thrower's colour (§2.0.R1).
    CoinFlips,
    /// The target rolls a die with this many sides; a 1 hits (§2.0.R1 flat odds: 6, 8, 10, 12, 20).
    FlatOdds(u8),
    /// The defender hides a token; the attacker guesses at the odds of the same number of sticks:
    /// measure (1/4), measure and odd/even step (1/8), step (1/16), step and half (1/32) (§2.0.R1).
    GuessMeasureStep,
    /// Guess by measure & step's "high-risk variant, equivalent to a coin toss, the attacking
    /// player guesses which side the token is on" (§2.0.R1): 1/2 at any distance, no
    /// distraction.
    GuessSide,
    /// The target writes a number 1..=n; the attacker guesses it (§2.0.R1 pen & paper).
    PenAndPaper(u8),
}

/// What a throw came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Checkmate by touch: the Dagger takes the Self.
    Hit,
    /// A miss with the distraction effect (stick-dice or coins with exactly one off-colour).
    Distraction,
    /// The Dagger is lost.
    Miss,
}

/// What landed. Sticks and coins keep every face so that an animation can show them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Roll {
    /// `thrown` sticks (or coins); bit i of `own` set when stick i shows the thrower's colour.
    Sticks { thrown: u8, own: u8 },
    /// A die with `sides` sides showed `face` (1 hits).
    Die { sides: u8, face: u8 },
    /// One of `choices` hidden places, and the attacker's guess (both 0-based).
    Guess { choices: u8, hidden: u8, guess: u8 },
}

impl DiceMethod {
    /// The method in words (§2.0.R1), as the app's dialogs and the printed score sheet name it.
    pub fn words(self) -> String {
        match self {
            DiceMethod::StickDice => "stick-dice".into(),
            DiceMethod::CoinFlips => "coin flips".into(),
            DiceMethod::FlatOdds(n) => format!("flat odds, d{n}"),
            DiceMethod::GuessMeasureStep => "guess by measure & step".into(),
            DiceMethod::GuessSide => "guess the side (high-risk, 1/2)".into(),
            DiceMethod::PenAndPaper(n) => format!("pen & paper, 1–{n}"),
        }
    }

    /// Whether the method reads a count of sticks (so a distance changes the odds).
    pub fn uses_sticks(self) -> bool {
        matches!(
            self,
            DiceMethod::StickDice | DiceMethod::CoinFlips | DiceMethod::GuessMeasureStep
        )
    }

    /// How many hidden places a guess method offers with `sticks` sticks (§2.0.R1); `None` for
    /// the methods that are thrown rather than guessed.
    pub fn guess_places(self, sticks: u8) -> Option<u8> {
        match self {
            DiceMethod::GuessMeasureStep => Some(1u8 << sticks),
            DiceMethod::GuessSide => Some(2),
            DiceMethod::PenAndPaper(n) => Some(n.max(1)),
            _ => None,
        }
    }

    /// Whether the players decide a throw by a hidden pick (the guess methods).
    pub fn is_guess(self) -> bool {
        self.guess_places(1).is_some()
    }

    /// The chance that a throw with `sticks` sticks hits, as (numerator, denominator).
    pub fn hit_odds(self, sticks: u8) -> (u32, u32) {
        match self {
            DiceMethod::StickDice | DiceMethod::CoinFlips | DiceMethod::GuessMeasureStep => {
                (1, 1u32 << sticks)
            }
            DiceMethod::FlatOdds(n) | DiceMethod::PenAndPaper(n) => (1, n.max(1) as u32),
            DiceMethod::GuessSide => (1, 2),
        }
    }

    /// Whether `roll` is a possible result of this method with `sticks` sticks.
    pub fn accepts(self, sticks: u8, roll: Roll) -> bool {
        match (self, roll) {
            (DiceMethod::StickDice | DiceMethod::CoinFlips, Roll::Sticks { thrown, own }) => {
                thrown == sticks && (own as u32) < (1u32 << thrown)
            }
            (DiceMethod::FlatOdds(n), Roll::Die { sides, face }) => {
                sides == n && (1..=n).contains(&face)
            }
            (
                DiceMethod::GuessMeasureStep,
                Roll::Guess {
                    choices,
                    hidden,
                    guess,
                },
            ) => choices as u32 == 1u32 << sticks && hidden < choices && guess < choices,
            (
                DiceMethod::PenAndPaper(n),
                Roll::Guess {
                    choices,
                    hidden,
                    guess,
                },
            ) => choices == n && hidden < choices && guess < choices,
            (
                DiceMethod::GuessSide,
                Roll::Guess {
                    choices,
                    hidden,
                    guess,
                },
            ) => choices == 2 && hidden < choices && guess < choices,
            _ => false,
        }
    }

    /// One roll of each verdict this method can give with `sticks` sticks: what a search or a
    /// random game explores.
    pub fn representatives(self, sticks: u8) -> Vec<Roll> {
        match self {
            DiceMethod::StickDice | DiceMethod::CoinFlips => {
                let all = ((1u32 << sticks) - 1) as u8;
                let mut v = vec![Roll::Sticks {
                    thrown: sticks,
                    own: all,
                }];
                v.push(Roll::Sticks {
                    thrown: sticks,
                    own: all & !1,
                });
                if sticks >= 2 {
                    v.push(Roll::Sticks {
                        thrown: sticks,
                        own: 0,
                    });
                }
                v
            }
            DiceMethod::FlatOdds(n) => vec![
                Roll::Die { sides: n, face: 1 },
                Roll::Die { sides: n, face: n },
            ],
            DiceMethod::GuessMeasureStep | DiceMethod::GuessSide | DiceMethod::PenAndPaper(_) => {
                let choices = self.guess_places(sticks).expect("a guess method");
                vec![
                    Roll::Guess {
                        choices,
                        hidden: 0,
                        guess: 0,
                    },
                    Roll::Guess {
                        choices,
                        hidden: 0,
                        guess: 1.min(choices - 1),
                    },
                ]
            }
        }
    }
}

impl Roll {
    /// Draws a roll from the game's seeded generator. For the guess methods both the hidden
    /// place and the guess are drawn (the app asks players for them instead).
    pub fn draw(method: DiceMethod, sticks: u8, rng: &mut GameRng) -> Roll {
        match method {
            DiceMethod::StickDice | DiceMethod::CoinFlips => {
                let mut own = 0u8;
                for i in 0..sticks {
                    if rng.random_bool(0.5) {
                        own |= 1 << i;
                    }
                }
                Roll::Sticks {
                    thrown: sticks,
                    own,
                }
            }
            DiceMethod::FlatOdds(n) => Roll::Die {
                sides: n,
                face: rng.random_range(1..=n.max(1)),
            },
            DiceMethod::GuessMeasureStep | DiceMethod::GuessSide | DiceMethod::PenAndPaper(_) => {
                let choices = method.guess_places(sticks).expect("a guess method");
                Roll::Guess {
                    choices,
                    hidden: rng.random_range(0..choices),
                    guess: rng.random_range(0..choices),
                }
            }
        }
    }

    pub fn verdict(self) -> Verdict {
        match self {
            Roll::Sticks { thrown, own } => {
                let own_faces = own.count_ones() as u8;
                if own_faces == thrown {
                    Verdict::Hit
                } else if own_faces + 1 == thrown {
                    Verdict::Distraction
                } else {
                    Verdict::Miss
                }
            }
            Roll::Die { face, .. } => {
                if face == 1 {
                    Verdict::Hit
                } else {
                    Verdict::Miss
                }
            }
            Roll::Guess { hidden, guess, .. } => {
                if hidden == guess {
                    Verdict::Hit
                } else {
                    Verdict::Miss
                }
            }
        }
    }

    /// Parses the notation of a roll without its leading `@`: faces `oxoox` (o = the thrower's
    /// colour), `d6=1`, or `g16=5/7` (hidden 5, guessed 7; places numbered from 1).
    pub fn parse(s: &str) -> Result<Roll, String> {
        if let Some(rest) = s.strip_prefix('d') {
            let (n, f) = rest
                .split_once('=')
                .ok_or("a die roll is written d<sides>=<face>, e.g. d6=1")?;
            let sides: u8 = n.parse().map_err(|_| format!("'{n}' is not a die size"))?;
            let face: u8 = f.parse().map_err(|_| format!("'{f}' is not a face"))?;
            if face == 0 || face > sides {
                return Err(format!("a d{sides} has no face {face}"));
            }
            return Ok(Roll::Die { sides, face });
        }
        if let Some(rest) = s.strip_prefix('g') {
            let bad = || "a guess is written g<places>=<hidden>/<guess>, e.g. g16=5/7".to_string();
            let (n, hg) = rest.split_once('=').ok_or_else(bad)?;
            let (h, g) = hg.split_once('/').ok_or_else(bad)?;
            let choices: u8 = n.parse().map_err(|_| bad())?;
            let hidden: u8 = h.parse().map_err(|_| bad())?;
            let guess: u8 = g.parse().map_err(|_| bad())?;
            if hidden == 0 || guess == 0 || hidden > choices || guess > choices {
                return Err(format!("places are numbered 1–{choices}"));
            }
            return Ok(Roll::Guess {
                choices,
                hidden: hidden - 1,
                guess: guess - 1,
            });
        }
        if s.is_empty() || s.len() > 8 {
            return Err("stick faces are written with o (your colour) and x, e.g. ooxoo".into());
        }
        let mut own = 0u8;
        for (i, c) in s.chars().enumerate() {
            match c {
                'o' => own |= 1 << i,
                'x' => {}
                _ => {
                    return Err(format!(
                        "'{c}' is not a stick face: o for your colour, x for the other"
                    ));
                }
            }
        }
        Ok(Roll::Sticks {
            thrown: s.len() as u8,
            own,
        })
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Roll::Sticks { thrown, own } => {
                for i in 0..thrown {
                    f.write_str(if own & (1 << i) != 0 { "o" } else { "x" })?;
                }
                Ok(())
            }
            Roll::Die { sides, face } => write!(f, "d{sides}={face}"),
            Roll::Guess {
                choices,
                hidden,
                guess,
            } => write!(f, "g{choices}={}/{}", hidden + 1, guess + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stick_verdicts() {
        // §2.0.08: all own colour hits; exactly one off-colour distracts; otherwise a miss.
        assert_eq!(Roll::parse("ooooo").unwrap().verdict(), Verdict::Hit);
        assert_eq!(
            Roll::parse("ooxoo").unwrap().verdict(),
            Verdict::Distraction
        );
        assert_eq!(Roll::parse("oxxoo").unwrap().verdict(), Verdict::Miss);
        assert_eq!(Roll::parse("xx").unwrap().verdict(), Verdict::Miss);
    }

    #[test]
    fn roll_text_round_trips() {
        for s in ["oxoox", "d6=1", "d20=17", "g16=5/7", "oo"] {
            assert_eq!(Roll::parse(s).unwrap().to_string(), s);
        }
        assert!(Roll::parse("d6=7").is_err());
        assert!(Roll::parse("oqo").is_err());
        assert!(Roll::parse("g4=5/1").is_err());
    }

    #[test]
    fn drawn_rolls_are_accepted_and_hit_at_the_stated_odds() {
        // §2.0.08: five sticks hit one time in 32, two sticks one in four.
        let mut rng = crate::rng::seeded(7);
        for (sticks, expect) in [(5u8, 1.0 / 32.0), (2, 0.25)] {
            let n = 40_000;
            let mut hits = 0;
            for _ in 0..n {
                let r = Roll::draw(DiceMethod::StickDice, sticks, &mut rng);
                assert!(DiceMethod::StickDice.accepts(sticks, r));
                hits += (r.verdict() == Verdict::Hit) as u32;
            }
            let rate = hits as f64 / n as f64;
            assert!((rate - expect).abs() < expect * 0.15, "{sticks}: {rate}");
        }
        let r = Roll::draw(DiceMethod::FlatOdds(6), 5, &mut rng);
        assert!(DiceMethod::FlatOdds(6).accepts(5, r));
        assert!(!DiceMethod::FlatOdds(8).accepts(5, r));
    }

    #[test]
    fn the_high_risk_guess_is_a_coin_toss_at_any_distance() {
        // §2.0.R1 Guess by Measure & Step: "For a high-risk variant, equivalent to a coin toss,
        // the attacking player guesses which side the token is on."
        let m = DiceMethod::GuessSide;
        let mut rng = crate::rng::seeded(11);
        for sticks in [2u8, 5] {
            assert_eq!(m.hit_odds(sticks), (1, 2));
            assert_eq!(m.guess_places(sticks), Some(2));
            let n = 20_000;
            let mut hits = 0;
            for _ in 0..n {
                let r = Roll::draw(m, sticks, &mut rng);
                assert!(m.accepts(sticks, r), "{r:?}");
                assert_ne!(r.verdict(), Verdict::Distraction);
                hits += (r.verdict() == Verdict::Hit) as u32;
            }
            let rate = hits as f64 / n as f64;
            assert!((rate - 0.5).abs() < 0.03, "{sticks}: {rate}");
        }
        assert!(m.is_guess() && !m.uses_sticks());
        // The other guess's places are refused: only the two sides.
        let four = Roll::Guess {
            choices: 4,
            hidden: 0,
            guess: 0,
        };
        assert!(!m.accepts(2, four));
        assert!(DiceMethod::GuessMeasureStep.accepts(2, four));
    }
}
