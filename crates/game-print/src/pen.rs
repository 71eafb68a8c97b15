//! Drawing on a page in millimetres from the top-left corner: rectangles, lines, circles,
//! paths and text, over the PDF writer's surface (which works in points). Every layout in the
//! kit speaks millimetres, so a board square's true size is written once.
use crate::fonts::{Face, Fonts};
use crate::paper::mm;
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point, Rect, Transform};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, FillRule, LineCap, LineJoin, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::TextDirection;

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    pub const WHITE: Rgb = Rgb(255, 255, 255);
    pub const GREY: Rgb = Rgb(120, 120, 120);
    pub const RED: Rgb = Rgb(190, 30, 30);

    pub fn from_array(c: [u8; 3]) -> Rgb {
        Rgb(c[0], c[1], c[2])
    }

    /// Mixed with white: `t` = 0 keeps the colour, 1 gives white (toner-friendly fills).
    pub fn lighten(self, t: f32) -> Rgb {
        let m = |c: u8| (c as f32 + (255.0 - c as f32) * t).round() as u8;
        Rgb(m(self.0), m(self.1), m(self.2))
    }

    fn paint(self) -> krilla::paint::Paint {
        rgb::Color::new(self.0, self.1, self.2).into()
    }
}

/// How text sits on its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// A stroke: width in millimetres, colour, and an optional dash (millimetres on, off).
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub width: f32,
    pub colour: Rgb,
    pub dash: Option<(f32, f32)>,
}

impl Line {
    pub const fn solid(width: f32, colour: Rgb) -> Line {
        Line {
            width,
            colour,
            dash: None,
        }
    }
    pub const fn dashed(width: f32, colour: Rgb, on: f32, off: f32) -> Line {
        Line {
            width,
            colour,
            dash: Some((on, off)),
        }
    }
}

pub struct Pen<'s, 'p> {
    surface: &'s mut Surface<'p>,
    pub fonts: &'s Fonts,
}

impl<'s, 'p> Pen<'s, 'p> {
    pub fn new(surface: &'s mut Surface<'p>, fonts: &'s Fonts) -> Self {
        Pen { surface, fonts }
    }

    fn set(&mut self, fill: Option<Rgb>, line: Option<Line>) {
        self.surface.set_fill(fill.map(|c| Fill {
            paint: c.paint(),
            opacity: NormalizedF32::ONE,
            rule: FillRule::EvenOdd,
        }));
        self.surface.set_stroke(line.map(|l| Stroke {
            paint: l.colour.paint(),
            width: mm(l.width),
            miter_limit: 4.0,
            line_cap: LineCap::Butt,
            line_join: LineJoin::Miter,
            opacity: NormalizedF32::ONE,
            dash: l.dash.map(|(on, off)| StrokeDash {
                array: vec![mm(on), mm(off)],
                offset: 0.0,
            }),
        }));
    }

    /// Draws a path built in millimetres (see [`Shape`]).
    pub fn path(&mut self, shape: Shape, fill: Option<Rgb>, line: Option<Line>) {
        let Some(path) = shape.build() else { return };
        self.set(fill, line);
        self.surface.draw_path(&path);
        self.set(None, None);
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Option<Rgb>, line: Option<Line>) {
        let mut s = Shape::new();
        s.rect(x, y, w, h);
        self.path(s, fill, line);
    }

    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, line: Line) {
        let mut s = Shape::new();
        s.move_to(x1, y1);
        s.line_to(x2, y2);
        self.path(s, None, Some(line));
    }

    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, fill: Option<Rgb>, line: Option<Line>) {
        let mut s = Shape::new();
        s.circle(cx, cy, r);
        self.path(s, fill, line);
    }

    fn face(&self, bold: bool) -> &'s Face {
        if bold {
            &self.fonts.bold
        } else {
            &self.fonts.regular
        }
    }

    /// Text width in millimetres.
    pub fn width(&self, text: &str, size: f32, bold: bool) -> f32 {
        self.face(bold).width(text, size) / mm(1.0)
    }

    /// A section's heading: 12 pt bold black, from `x` on the left.
    pub fn heading(&mut self, x: f32, y: f32, text: &str) {
        self.text(x, y, 12.0, true, Align::Left, Rgb::BLACK, text);
    }

    /// One line of text with its baseline at `y` (millimetres), `size` in points.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        align: Align,
        colour: Rgb,
        text: &str,
    ) {
        if text.is_empty() {
            return;
        }
        let w = self.width(text, size, bold);
        let x = match align {
            Align::Left => x,
            Align::Centre => x - w / 2.0,
            Align::Right => x - w,
        };
        self.set(Some(colour), None);
        let font = self.face(bold).font.clone();
        self.surface.draw_text(
            Point::from_xy(mm(x), mm(y)),
            font,
            size,
            text,
            false,
            TextDirection::Auto,
        );
        self.set(None, None);
    }

    /// Text centred on (`cx`, `cy`) and turned by `degrees` about that point (180 reads from
    /// the board's other side).
    #[allow(clippy::too_many_arguments)]
    pub fn text_turned(
        &mut self,
        cx: f32,
        cy: f32,
        degrees: f32,
        size: f32,
        bold: bool,
        colour: Rgb,
        text: &str,
    ) {
        self.surface
            .push_transform(&Transform::from_rotate_at(degrees, mm(cx), mm(cy)));
        // The baseline sits a third of the size below the centre: visually centred capitals.
        let y = cy + size * 0.35 / mm(1.0);
        self.text(cx, y, size, bold, Align::Centre, colour, text);
        self.surface.pop();
    }

    /// A paragraph wrapped to `max_w` millimetres from its first baseline at `y`; returns the
    /// baseline below its last line.
    #[allow(clippy::too_many_arguments)]
    pub fn paragraph(
        &mut self,
        x: f32,
        y: f32,
        max_w: f32,
        size: f32,
        bold: bool,
        colour: Rgb,
        text: &str,
    ) -> f32 {
        let lead = size * 1.35 / mm(1.0);
        let mut y = y;
        for line in self.face(bold).wrap(text, size, mm(max_w)) {
            self.text(x, y, size, bold, Align::Left, colour, &line);
            y += lead;
        }
        y
    }
}

/// A path in millimetres, built like a pen's moves.
#[derive(Default)]
pub struct Shape {
    pb: Option<PathBuilder>,
}

impl Shape {
    pub fn new() -> Shape {
        Shape {
            pb: Some(PathBuilder::new()),
        }
    }
    fn pb(&mut self) -> &mut PathBuilder {
        self.pb.get_or_insert_with(PathBuilder::new)
    }
    pub fn move_to(&mut self, x: f32, y: f32) -> &mut Self {
        self.pb().move_to(mm(x), mm(y));
        self
    }
    pub fn line_to(&mut self, x: f32, y: f32) -> &mut Self {
        self.pb().line_to(mm(x), mm(y));
        self
    }
    pub fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) -> &mut Self {
        self.pb()
            .cubic_to(mm(x1), mm(y1), mm(x2), mm(y2), mm(x), mm(y));
        self
    }
    pub fn close(&mut self) -> &mut Self {
        self.pb().close();
        self
    }
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32) -> &mut Self {
        if let Some(r) = Rect::from_xywh(mm(x), mm(y), mm(w), mm(h)) {
            self.pb().push_rect(r);
        }
        self
    }
    /// A circle from four cubic arcs.
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32) -> &mut Self {
        self.ellipse(cx, cy, r, r)
    }
    pub fn ellipse(&mut self, cx: f32, cy: f32, rx: f32, ry: f32) -> &mut Self {
        const K: f32 = 0.552_284_8;
        let (kx, ky) = (rx * K, ry * K);
        self.move_to(cx + rx, cy);
        self.curve_to(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry);
        self.curve_to(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy);
        self.curve_to(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry);
        self.curve_to(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy);
        self.close()
    }
    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f32, f32)]) -> &mut Self {
        if let Some(&(x, y)) = points.first() {
            self.move_to(x, y);
            for &(x, y) in &points[1..] {
                self.line_to(x, y);
            }
            self.close();
        }
        self
    }
    fn build(self) -> Option<Path> {
        self.pb?.finish()
    }
}
