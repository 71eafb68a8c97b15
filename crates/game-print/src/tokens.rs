//! Sheets of tokens to cut out: each piece as many times as a side owns it, its symbol (or its
//! letter) on a disc (or, for Veney's Ruin, a square) with a cutting line around it.
use crate::paper::Paper;
use crate::pen::{Align, Line, Pen, Rgb};
use crate::shapes::{self, Symbol};

/// One kind of token.
#[derive(Clone, Debug)]
pub struct Token {
    /// The notation letter printed on it.
    pub letter: String,
    /// The piece's name, printed small.
    pub name: String,
    pub symbol: Option<Symbol>,
    /// Across, in millimetres.
    pub size: f32,
    /// Square rather than round (the Ruin "more or less fills the space of a square").
    pub square: bool,
    pub count: u32,
}

impl Token {
    /// A round token with only its letter and name, `size` mm across (the grid games' pieces).
    pub fn lettered(
        letter: impl Into<String>,
        name: impl Into<String>,
        size: f32,
        count: u32,
    ) -> Token {
        Token {
            letter: letter.into(),
            name: name.into(),
            symbol: None,
            size,
            square: false,
            count,
        }
    }
}

/// A group of tokens printed together under a heading (one side's pieces).
#[derive(Clone, Debug)]
pub struct TokenGroup {
    pub heading: String,
    pub face: Rgb,
    pub ink: Rgb,
    pub tokens: Vec<Token>,
}

pub(crate) const MARGIN: f32 = 14.0;
const GAP: f32 = 3.5;

/// Where every token goes: (page, group, token, x, y of its centre), pages from 0.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub page: usize,
    pub group: usize,
    pub token: usize,
    pub cx: f32,
    pub cy: f32,
}

/// Lays the groups out on pages of `paper`: rows left to right, a new row for each group.
/// Returns the placements and the headings' (page, group, baseline y, continued from the page
/// before).
#[allow(clippy::type_complexity)]
pub fn layout(
    paper: Paper,
    groups: &[TokenGroup],
) -> (Vec<Placed>, Vec<(usize, usize, f32, bool)>) {
    let (w, h) = paper.size_mm();
    let top = 24.0;
    let mut page = 0;
    let mut y = top;
    let mut out = Vec::new();
    let mut heads = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        let first = g.tokens.iter().map(|t| t.size).fold(0.0, f32::max);
        if y + 8.0 + first > h - MARGIN {
            page += 1;
            y = top;
        }
        heads.push((page, gi, y + 4.0, false));
        y += 8.0;
        let mut x = MARGIN;
        let mut row_h: f32 = 0.0;
        for (ti, t) in g.tokens.iter().enumerate() {
            for _ in 0..t.count {
                if x + t.size > w - MARGIN {
                    x = MARGIN;
                    y += row_h + GAP;
                    row_h = 0.0;
                }
                if y + t.size > h - MARGIN {
                    page += 1;
                    heads.push((page, gi, top + 4.0, true));
                    y = top + 8.0;
                    x = MARGIN;
                    row_h = 0.0;
                }
                out.push(Placed {
                    page,
                    group: gi,
                    token: ti,
                    cx: x + t.size / 2.0,
                    cy: y + t.size / 2.0,
                });
                x += t.size + GAP;
                row_h = row_h.max(t.size);
            }
        }
        y += row_h + GAP + 2.0;
    }
    (out, heads)
}

/// How many pages the tokens take.
pub fn pages(paper: Paper, groups: &[TokenGroup]) -> usize {
    let (placed, heads) = layout(paper, groups);
    placed
        .iter()
        .map(|p| p.page)
        .chain(heads.iter().map(|h| h.0))
        .max()
        .map_or(0, |p| p + 1)
}

/// Draws page `page` of the token sheets.
pub fn draw_page(
    pen: &mut Pen,
    paper: Paper,
    game: &str,
    groups: &[TokenGroup],
    page: usize,
    of: usize,
) {
    let (w, _) = paper.size_mm();
    pen.text(
        w / 2.0,
        12.0,
        13.0,
        true,
        Align::Centre,
        Rgb::BLACK,
        &format!("{game} tokens — sheet {} of {of}", page + 1),
    );
    pen.text(
        w / 2.0,
        18.0,
        8.5,
        false,
        Align::Centre,
        Rgb::GREY,
        "Cut along the outlines; glue to card for weight (or to coins, buttons, caps).",
    );
    let (placed, heads) = layout(paper, groups);
    for &(p, gi, y, continued) in &heads {
        if p == page {
            let heading = if continued {
                format!("{} (continued)", groups[gi].heading)
            } else {
                groups[gi].heading.clone()
            };
            pen.text(MARGIN, y, 10.0, true, Align::Left, Rgb::BLACK, &heading);
        }
    }
    for pl in placed.iter().filter(|p| p.page == page) {
        let g = &groups[pl.group];
        draw_one(pen, &g.tokens[pl.token], g.face, g.ink, pl.cx, pl.cy);
    }
}

/// One token centred on (`cx`, `cy`): its cutting outline filled with `face`, its symbol (or
/// letter and name) in `ink`.
pub fn draw_one(pen: &mut Pen, t: &Token, face: Rgb, ink: Rgb, cx: f32, cy: f32) {
    let cut = Line::solid(0.3, Rgb::BLACK);
    let pl = (cx, cy);
    let r = t.size / 2.0;
    if t.square {
        pen.rect(pl.0 - r, pl.1 - r, t.size, t.size, Some(face), Some(cut));
    } else {
        pen.circle(pl.0, pl.1, r, Some(face), Some(cut));
    }
    let letter_size = (t.size * 0.42).clamp(7.0, 15.0);
    match t.symbol {
        Some(sym) => {
            shapes::draw(
                pen,
                sym,
                pl.0,
                pl.1 - t.size * 0.06,
                t.size * 0.78,
                ink,
                face,
            );
            pen.text(
                pl.0,
                pl.1 + r * 0.86,
                letter_size * 0.62,
                true,
                Align::Centre,
                ink,
                &t.letter,
            );
        }
        None => {
            pen.text(
                pl.0,
                pl.1 + letter_size * 0.12,
                letter_size * 1.5,
                true,
                Align::Centre,
                ink,
                &t.letter,
            );
            let name_size = if t.name.len() > 12 { 4.6 } else { 5.5 };
            pen.text(
                pl.0,
                pl.1 + r * 0.62,
                name_size,
                false,
                Align::Centre,
                ink,
                &t.name,
            );
        }
    }
}
