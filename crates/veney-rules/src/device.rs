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
    /// Draws a landing in `measure` from the seeded generator.
    pub fn draw(measure: Measure, rng: &mut GameRng) -> Landing {
        let x: f32 = rng.random_range(-0.4..4.4);
        let y: f32 = rng.random_range(-0.4..4.4);
        let inside = (0.0..4.0).contains(&x) && (0.0..4.0).contains(&y);
        let at = inside.then(|| Square::new(x as u8, measure.first_step() + y as u8));
        Landing {
            at,
            x: (x * 100.0) as i16,
            y: (y * 100.0) as i16,
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
