//! The pieces' symbols as vector outlines. Veney's follow §2.0.R6 "The Pieces' Shapes in a
//! Standard Set" (the same outlines the app draws): the Self a big roundish lump, the Sword a
//! long shard and the Dagger a smaller one, the Cloak an irregular cloth with holes, the Balance
//! long like an axis, the Guard a flat round buckler, the Lantern a pointed droplet, the Jutsu a
//! circle with one central eyehole, the Ruin the largest and blocky, engagements small pebbles.
//! The free engagement is a button (§2.0.R7's illustration), the Donkey a head with long ears
//! (§2.0.23).
use crate::pen::{Line, Pen, Rgb, Shape};
use std::f32::consts::TAU;
use veney_rules::piece_def::Shape as VeneyShape;

/// What a token shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbol {
    Veney(VeneyShape),
    /// The free engagement: "a button (as in for clothing)" (§2.0.R7).
    Button,
    /// The Donkey (§2.0.23).
    Donkey,
}

/// A closed outline of `n` points, `r(angle)` giving each point (units of a square, ±0.5,
/// y up as the app draws).
fn outline(n: usize, r: impl Fn(f32) -> (f32, f32)) -> Vec<(f32, f32)> {
    (0..n).map(|i| r(i as f32 / n as f32 * TAU)).collect()
}

fn lump(radius: f32, bumpiness: f32, seed: f32) -> Vec<(f32, f32)> {
    outline(40, |a| {
        let k =
            1.0 + bumpiness * ((3.0 * a + seed).sin() * 0.5 + (5.0 * a + 2.0 * seed).sin() * 0.3);
        (a.cos() * radius * k, a.sin() * radius * k)
    })
}

/// The outline of a Veney shape in units of a square, y up; and its holes (centre, radius).
#[allow(clippy::type_complexity)]
pub fn veney_outline(shape: VeneyShape) -> (Vec<(f32, f32)>, Vec<((f32, f32), f32)>) {
    use VeneyShape::*;
    let body = match shape {
        Lump => lump(0.40, 0.10, 0.7),
        Shard => vec![
            (0.0, 0.47),
            (0.11, 0.06),
            (0.05, -0.44),
            (-0.04, -0.40),
            (-0.10, 0.02),
        ],
        SmallShard => vec![
            (0.0, 0.34),
            (0.09, 0.04),
            (0.04, -0.30),
            (-0.03, -0.28),
            (-0.08, 0.0),
        ],
        Cloth => outline(36, |a| {
            let k = 1.0 + 0.22 * (2.0 * a + 0.4).sin() + 0.12 * (5.0 * a).cos();
            (a.cos() * 0.42 * k, a.sin() * 0.34 * k)
        }),
        Long => outline(28, |a| {
            let (x, y) = (a.cos() * 0.46, a.sin() * 0.11);
            let h = std::f32::consts::FRAC_1_SQRT_2;
            ((x - y) * h, (x + y) * h)
        }),
        Disc => outline(36, |a| (a.cos() * 0.41, a.sin() * 0.36)),
        Droplet => outline(36, |a| {
            let x = 0.30 * a.sin() * (a / 2.0).sin();
            let y = 0.40 * a.cos();
            (x, -y * 0.95 + 0.02)
        }),
        Ring => outline(36, |a| (a.cos() * 0.38, a.sin() * 0.38)),
        Block => vec![
            (-0.44, -0.36),
            (-0.36, -0.45),
            (0.38, -0.45),
            (0.45, -0.36),
            (0.45, 0.40),
            (0.40, 0.46),
            (-0.40, 0.46),
            (-0.45, 0.38),
        ],
        Pebble => lump(0.22, 0.12, 2.1),
        Token => outline(6, |a| ((a + 0.5).cos() * 0.38, (a + 0.5).sin() * 0.38)),
        Prism => vec![
            (0.0, 0.42),
            (0.37, 0.21),
            (0.37, -0.21),
            (0.0, -0.42),
            (-0.37, -0.21),
            (-0.37, 0.21),
        ],
        Arrow => vec![
            (0.0, 0.46),
            (0.32, -0.08),
            (0.18, -0.38),
            (-0.18, -0.38),
            (-0.32, -0.08),
        ],
        Tether => outline(32, |a| {
            let tail = (-(a - 1.5 * std::f32::consts::PI).abs() * 3.0).exp() * 0.16;
            (a.cos() * (0.30 + tail), a.sin() * (0.30 + tail))
        }),
        Frame => vec![(-0.38, -0.38), (0.38, -0.38), (0.38, 0.38), (-0.38, 0.38)],
    };
    let holes = match shape {
        Cloth => vec![((-0.12, 0.06), 0.07), ((0.16, -0.08), 0.05)],
        Ring => vec![((0.0, 0.0), 0.14)],
        Prism => vec![((0.0, 0.0), 0.06)],
        Tether => vec![((0.0, 0.08), 0.07)],
        Frame => vec![((0.0, 0.0), 0.20)],
        _ => Vec::new(),
    };
    (body, holes)
}

/// Draws `symbol` centred on (`cx`, `cy`), `size` millimetres for one unit (a square's width
/// in the app's outlines), filled with `ink` and rimmed with `rim`.
pub fn draw(pen: &mut Pen, symbol: Symbol, cx: f32, cy: f32, size: f32, ink: Rgb, rim: Rgb) {
    let at = |(x, y): (f32, f32)| (cx + x * size, cy - y * size);
    let rim_line = Some(Line::solid(0.35, rim));
    match symbol {
        Symbol::Veney(shape) => {
            let (body, holes) = veney_outline(shape);
            let mut s = Shape::new();
            let pts: Vec<(f32, f32)> = body.into_iter().map(at).collect();
            s.polygon(&pts);
            for (c, r) in holes {
                let (hx, hy) = at(c);
                s.circle(hx, hy, r * size);
            }
            pen.path(s, Some(ink), rim_line);
            if shape == VeneyShape::Ring {
                // The Jutsu's spiral "worked by time and erosion" around its eyehole.
                let mut sp = Shape::new();
                let turns = 1.6;
                let n = 60;
                for i in 0..=n {
                    let t = i as f32 / n as f32;
                    let a = t * turns * TAU;
                    let r = 0.17 + 0.17 * t;
                    let (x, y) = at((a.cos() * r, a.sin() * r));
                    if i == 0 {
                        sp.move_to(x, y);
                    } else {
                        sp.line_to(x, y);
                    }
                }
                pen.path(sp, None, Some(Line::solid(0.3, rim)));
            }
        }
        Symbol::Button => {
            let mut s = Shape::new();
            s.circle(cx, cy, 0.30 * size);
            for (dx, dy) in [(-0.07, -0.07), (0.07, -0.07), (-0.07, 0.07), (0.07, 0.07)] {
                let (hx, hy) = at((dx, dy));
                s.circle(hx, hy, 0.035 * size);
            }
            pen.path(s, Some(ink), rim_line);
            pen.circle(cx, cy, 0.23 * size, None, Some(Line::solid(0.25, rim)));
        }
        Symbol::Donkey => {
            // Two long ears over a long head.
            for side in [-1.0f32, 1.0] {
                let mut ear = Shape::new();
                let pts: Vec<(f32, f32)> = outline(24, |a| {
                    let (x, y) = (a.cos() * 0.06, a.sin() * 0.20);
                    let t = side * 0.35;
                    (
                        x * t.cos() - y * t.sin() + side * 0.11,
                        x * t.sin() + y * t.cos() + 0.22,
                    )
                })
                .into_iter()
                .map(at)
                .collect();
                ear.polygon(&pts);
                pen.path(ear, Some(ink), rim_line);
            }
            let mut head = Shape::new();
            let pts: Vec<(f32, f32)> = outline(32, |a| {
                let w = 0.17 - 0.05 * (-a.sin()).max(0.0);
                (a.cos() * w, a.sin() * 0.27 - 0.08)
            })
            .into_iter()
            .map(at)
            .collect();
            head.polygon(&pts);
            pen.path(head, Some(ink), rim_line);
            for side in [-1.0f32, 1.0] {
                let (ex, ey) = at((side * 0.07, 0.02));
                pen.circle(ex, ey, 0.022 * size, Some(rim), None);
            }
        }
    }
}

/// What §2.0.R6 says of the shape, quoted, for the rules cards.
pub fn rulebook_words(shape: VeneyShape) -> Option<&'static str> {
    use VeneyShape::*;
    Some(match shape {
        Lump => "a big, roundish lump of rock; It is a mass, like a body.",
        Shard => "a shard of something sharp and pointy, flat, like a blade.",
        SmallShard => {
            "a shard of something sharp and pointy, flat, like a blade … The Dagger is smaller than the Sword."
        }
        Cloth => {
            "asymmetrical, organic or irregularly-shaped, amorphous, perhaps with holes in it."
        }
        Long => {
            "long, its shape evoking a measure of weight, an axis, the geometry and range of a shadow …"
        }
        Disc => {
            "flat and round like a buckler or rondelle, two types of small shields, or like the top of a rook."
        }
        Droplet => {
            "a funny little pointed droplet, pyramidal, as if hung from its peak, or … the shape of a flame."
        }
        Ring => {
            "a contemplative circular shape with one central eyehole or pivot, as if worked by time and erosion …"
        }
        Block => {
            "the largest piece on the board. Its footprint more or less fills the space of a square on the board."
        }
        Pebble => "small pebbles reminiscent of the head of a pawn.",
        _ => return None,
    })
}

/// A token's size in millimetres and whether it is square, by its §2.0.R6 shape.
pub(crate) fn token_size(shape: VeneyShape) -> (f32, bool) {
    match shape {
        VeneyShape::Block => (34.0, true),
        VeneyShape::Lump => (30.0, false),
        VeneyShape::Pebble => (20.0, false),
        VeneyShape::SmallShard => (23.0, false),
        _ => (26.0, false),
    }
}
