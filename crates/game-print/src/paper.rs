//! Paper sizes and the unit conversions of the kit: layouts are worked out in millimetres (the
//! board's true size), PDF pages are measured in points (1/72 inch).
use std::fmt;
use std::str::FromStr;

/// Points in one millimetre.
pub const PT_PER_MM: f32 = 72.0 / 25.4;

/// Millimetres to points.
#[inline]
pub fn mm(x: f32) -> f32 {
    x * PT_PER_MM
}

/// The paper a kit is laid out for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
    /// ISO A3, 297 × 420 mm.
    A3,
}

impl Paper {
    pub const ALL: [Paper; 3] = [Paper::A4, Paper::Letter, Paper::A3];

    /// Width and height in millimetres, portrait.
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            Paper::A3 => (297.0, 420.0),
        }
    }

    /// Width and height in points, portrait (Letter is exactly 612 × 792).
    pub fn size_pt(self) -> (f32, f32) {
        match self {
            Paper::Letter => (612.0, 792.0),
            _ => {
                let (w, h) = self.size_mm();
                (mm(w), mm(h))
            }
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::A3 => "a3",
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A paper name that is not one of `a4`, `letter`, `a3`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPaper(pub String);

impl fmt::Display for UnknownPaper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no paper size {:?}: expected a4, letter or a3", self.0)
    }
}

impl std::error::Error for UnknownPaper {}

impl FromStr for Paper {
    type Err = UnknownPaper;

    fn from_str(s: &str) -> Result<Paper, UnknownPaper> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "us-letter" => Ok(Paper::Letter),
            "a3" => Ok(Paper::A3),
            _ => Err(UnknownPaper(s.to_string())),
        }
    }
}
