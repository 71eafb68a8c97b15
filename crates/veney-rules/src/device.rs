//! The cast-piece devices of §2.0.18 as data: which device, where a cast piece lands, and how the
//! Obscurant Chaos repositions. The rules of casting are in `special/cast_piece.rs`.
use crate::measure::Measure;
use crate::rng::GameRng;
use crate::square::Square;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// The three cast-piece devices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Device {
    FireDance,
    ObscurantChaos,
    Shima,
}

impl Device {
    pub fn index(self) -> usize {
        match self {
            Device::FireDance => 0,
            Device::ObscurantChaos => 1,
            Device::Shima => 2,
        }
    }
}

/// Where a cast piece came down: a point in square units from the measure's W-side, lowest-step
/// corner (hundredths), and the square it marks (`None`: outside, lost with no effect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Landing {
    pub at: Option<Square>,
    /// Hundredths of a square from the measure's corner (for animation); 0 when entered by hand.
    pub x: i16,
    pub y: i16,
}

impl Landing {
    /// Draws a landing aimed at `measure` from the seeded generator: a point over the measure
    /// and a 0.4-square margin round it. A point in the margin above or below, within the
    /// board's lines, lands in the neighbouring measure when that one is `open` too (empty and
    /// between the Selves: R-CAST "a landing in any empty measure between the Selves counts";
    /// a review found it lost, though the same landing entered by hand counted); elsewhere it
    /// is outside.
    pub fn draw(measure: Measure, open: &[Measure], rng: &mut GameRng) -> Landing {
        let x: f32 = rng.random_range(-0.4..4.4);
        let y: f32 = rng.random_range(-0.4..4.4);
        let at = (0.0..4.0)
            .contains(&x)
            .then(|| measure.first_step() as i8 + y.floor() as i8)
            .filter(|&step| (1..=16).contains(&step))
            .map(|step| Square::new(x as u8, step as u8))
            .filter(|sq| Measure::of(*sq) == measure || open.contains(&Measure::of(*sq)));
        // Floored, not cut toward zero: a point just below the corner (y −0.005) is below it
        // (a review found it drawn at the measure's first step).
        Landing {
            at,
            x: (x * 100.0).floor() as i16,
            y: (y * 100.0).floor() as i16,
        }
    }

    /// A landing on a square's centre (entered by hand, or from notation).
    pub fn on(at: Option<Square>) -> Landing {
        match at {
            Some(sq) => Landing {
                at,
                x: sq.line() as i16 * 100 + 50,
                y: ((sq.step() - 1) % 4) as i16 * 100 + 50,
            },
            None => Landing {
                at: None,
                x: -30,
                y: -30,
            },
        }
    }
}

/// How the Obscurant Chaos repositions: behind the cast square's step, with or without taking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reposition {
    pub behind: u8,
    pub takes: bool,
}
