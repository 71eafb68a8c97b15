//! The kit's two faces, DejaVu Sans and DejaVu Sans Bold (assets/fonts, with their licence),
//! embedded and subset by the PDF writer; their glyph advances measure text for wrapping and
//! centring.
use krilla::text::Font;

static REGULAR: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../assets/fonts/DejaVuSans-Bold.ttf");

/// One face: the PDF font and its metrics.
pub struct Face {
    pub font: Font,
    metrics: ttf_parser::Face<'static>,
}

impl Face {
    fn load(data: &'static [u8]) -> Face {
        Face {
            font: Font::new(data.to_vec().into(), 0).expect("the bundled font parses"),
            metrics: ttf_parser::Face::parse(data, 0).expect("the bundled font parses"),
        }
    }

    /// The width of `text` set at `size` points, in points (advances only, no kerning: a
    /// little wide, which is the safe side for wrapping).
    pub fn width(&self, text: &str, size: f32) -> f32 {
        let upem = self.metrics.units_per_em() as f32;
        let units: u32 = text
            .chars()
            .map(|c| {
                self.metrics
                    .glyph_index(c)
                    .and_then(|g| self.metrics.glyph_hor_advance(g))
                    .unwrap_or(upem as u16 / 2) as u32
            })
            .sum();
        units as f32 * size / upem
    }

    /// Splits `text` into lines no wider than `max` points at `size`, breaking at spaces (a
    /// word longer than a line stands alone on its line). Newlines in `text` are kept.
    pub fn wrap(&self, text: &str, size: f32, max: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for para in text.split('\n') {
            let mut line = String::new();
            for word in para.split_whitespace() {
                let candidate = if line.is_empty() {
                    word.to_string()
                } else {
                    format!("{line} {word}")
                };
                if !line.is_empty() && self.width(&candidate, size) > max {
                    lines.push(std::mem::take(&mut line));
                    line = word.to_string();
                } else {
                    line = candidate;
                }
            }
            lines.push(line);
        }
        lines
    }
}

pub struct Fonts {
    pub regular: Face,
    pub bold: Face,
}

impl Fonts {
    pub fn load() -> Fonts {
        Fonts {
            regular: Face::load(REGULAR),
            bold: Face::load(BOLD),
        }
    }
}
