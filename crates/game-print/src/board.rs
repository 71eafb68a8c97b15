//! A grid board at true size, cut into tiles that fit the paper: each tile is a page with the
//! squares, the line and step (file and rank) labels on every outer edge, read upright from the
//! first player's side and turned for the opponent, and alignment marks where it joins its
//! neighbours. Veney's tiles are whole measures (a tile's ranks are a multiple of four).
use crate::paper::Paper;
use crate::pen::{Align, Line, Pen, Rgb};

/// A line drawn across the board between two ranks (Veney's measure boundaries and centre
/// line). `after` is the first rank above the line: 8 is between the eighth and ninth ranks
/// counted from 0, i.e. between steps 8 and 9.
#[derive(Clone, Debug)]
pub struct RankRule {
    pub after: u8,
    pub line: Line,
    pub label: Option<String>,
}

/// A set of squares outlined and named on the board (a homeland, the victory tiles).
#[derive(Clone, Debug)]
pub struct Outline {
    pub cells: Vec<(u8, u8)>,
    pub colour: Rgb,
}

/// Everything the kit draws of one game's board.
pub struct BoardSpec {
    pub game: String,
    pub files: u8,
    pub ranks: u8,
    pub file_labels: Vec<String>,
    pub rank_labels: Vec<String>,
    /// The side of one square, in millimetres (docs/rulings/print-kit.md).
    pub cell_mm: f32,
    /// Each square's fill, indexed `file + rank * files`.
    pub colours: Vec<Rgb>,
    pub first_rank_at_top: bool,
    pub rules: Vec<RankRule>,
    /// A tile holds a multiple of this many ranks (Veney: 4, one measure).
    pub rank_multiple: u8,
    pub outlines: Vec<Outline>,
    /// Who sits at the first rank's edge, and at the last.
    pub edge_names: [String; 2],
    /// What the rule text calls ranks and files (Veney: steps and lines).
    pub words: [&'static str; 2],
    /// A line under the title for the tile holding ranks `lo..=hi` (Veney: which measures).
    pub tile_caption: fn(lo: u8, hi: u8) -> String,
}

/// One page's part of the board: files `f0..=f1`, ranks `r0..=r1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    pub f0: u8,
    pub f1: u8,
    pub r0: u8,
    pub r1: u8,
}

/// Margins of a board page, in millimetres.
const SIDE: f32 = 13.0;
const TOP: f32 = 26.0;
const BOTTOM: f32 = 30.0;

/// Splits `n` into `parts` nearly equal runs, each a multiple of `multiple` where possible.
fn split(n: u8, max: u8, multiple: u8) -> Vec<(u8, u8)> {
    let max = if max >= multiple {
        max - max % multiple
    } else {
        max
    }
    .max(1);
    let parts = n.div_ceil(max);
    let mut per = n.div_ceil(parts);
    if per % multiple != 0 && per + (multiple - per % multiple) <= max {
        per += multiple - per % multiple;
    }
    let mut out = Vec::new();
    let mut lo = 0u8;
    while lo < n {
        let hi = (lo + per).min(n) - 1;
        out.push((lo, hi));
        lo = hi + 1;
    }
    out
}

impl BoardSpec {
    /// Every cell of every outlined zone, zone after zone (what the tests check).
    #[cfg(test)]
    pub fn outlined_cells(&self) -> Vec<(u8, u8)> {
        self.outlines.iter().flat_map(|o| o.cells.clone()).collect()
    }

    /// The tiles for `paper`, from the first rank's edge onward, then file by file.
    pub fn tiles(&self, paper: Paper) -> Vec<Tile> {
        let (w, h) = paper.size_mm();
        let cols = ((w - 2.0 * SIDE) / self.cell_mm).floor() as u8;
        let rows = ((h - TOP - BOTTOM) / self.cell_mm).floor() as u8;
        let mut out = Vec::new();
        for (r0, r1) in split(self.ranks, rows, self.rank_multiple) {
            for (f0, f1) in split(self.files, cols, 1) {
                out.push(Tile { f0, f1, r0, r1 });
            }
        }
        out
    }

    fn colour(&self, f: u8, r: u8) -> Rgb {
        self.colours[f as usize + r as usize * self.files as usize]
    }

    /// Draws tile `index` of `tiles` on a page of `paper`.
    pub fn draw_tile(&self, pen: &mut Pen, paper: Paper, tiles: &[Tile], index: usize) {
        let t = tiles[index];
        let (pw, ph) = paper.size_mm();
        let s = self.cell_mm;
        let ncols = (t.f1 - t.f0 + 1) as f32;
        let nrows = (t.r1 - t.r0 + 1) as f32;
        let gw = ncols * s;
        let gh = nrows * s;
        let gx = (pw - gw) / 2.0;
        let gy = TOP;
        // Where a rank's row and a file's column start on the page.
        let row_y = |r: u8| {
            if self.first_rank_at_top {
                gy + (r - t.r0) as f32 * s
            } else {
                gy + (t.r1 - r) as f32 * s
            }
        };
        let col_x = |f: u8| gx + (f - t.f0) as f32 * s;
        // The y of the boundary below rank `after` (between after-1 and after).
        let boundary_y = |after: u8| {
            if self.first_rank_at_top {
                gy + (after as f32 - t.r0 as f32) * s
            } else {
                gy + (t.r1 as f32 + 1.0 - after as f32) * s
            }
        };

        // Title; the caption goes under the board.
        let title = format!(
            "{} board — sheet {} of {}",
            self.game,
            index + 1,
            tiles.len()
        );
        // At 12 mm: clear of the 6.35 mm many printers leave unprinted at the top.
        pen.text(
            pw / 2.0,
            12.0,
            13.0,
            true,
            Align::Centre,
            Rgb::BLACK,
            &title,
        );
        let caption = format!(
            "{} · {} {}–{}, {} {}–{} · squares {} mm",
            (self.tile_caption)(t.r0, t.r1),
            self.words[0],
            self.rank_labels[t.r0 as usize],
            self.rank_labels[t.r1 as usize],
            self.words[1],
            self.file_labels[t.f0 as usize],
            self.file_labels[t.f1 as usize],
            self.cell_mm
        );

        // Squares.
        for r in t.r0..=t.r1 {
            for f in t.f0..=t.f1 {
                pen.rect(col_x(f), row_y(r), s, s, Some(self.colour(f, r)), None);
            }
        }
        // Grid lines.
        let thin = Line::solid(0.25, Rgb(60, 60, 60));
        for i in 0..=(t.f1 - t.f0 + 1) {
            let x = gx + i as f32 * s;
            pen.line(x, gy, x, gy + gh, thin);
        }
        for i in 0..=(t.r1 - t.r0 + 1) {
            let y = gy + i as f32 * s;
            pen.line(gx, y, gx + gw, y, thin);
        }
        // Zone outlines.
        for o in &self.outlines {
            for &(f, r) in &o.cells {
                if (t.f0..=t.f1).contains(&f) && (t.r0..=t.r1).contains(&r) {
                    let inset = 1.2;
                    pen.rect(
                        col_x(f) + inset,
                        row_y(r) + inset,
                        s - 2.0 * inset,
                        s - 2.0 * inset,
                        None,
                        Some(Line::solid(0.8, o.colour)),
                    );
                }
            }
        }
        // The board's frame, then the rank rules over it (measure lines, the centre line).
        pen.rect(gx, gy, gw, gh, None, Some(Line::solid(0.8, Rgb::BLACK)));
        // The edge this sheet is trimmed along (toward the first rank, a sheet below it) and
        // the one another sheet covers (toward the last rank).
        let first_edge = if self.first_rank_at_top { gy } else { gy + gh };
        let trimmed_edge = (t.r0 > 0).then_some(first_edge);
        let covered_edge =
            (t.r1 + 1 < self.ranks).then_some(if self.first_rank_at_top { gy + gh } else { gy });
        let on = |edge: Option<f32>, y: f32| edge.is_some_and(|e| (y - e).abs() < 0.1);
        for rule in &self.rules {
            if rule.after < t.r0 || rule.after > t.r1 + 1 {
                continue;
            }
            let y = boundary_y(rule.after);
            pen.line(gx, y, gx + gw, y, rule.line);
            // A rule between two ranks only (a label names both).
            let (Some(below), Some(above)) = (
                (rule.after as usize)
                    .checked_sub(1)
                    .and_then(|i| self.rank_labels.get(i)),
                self.rank_labels.get(rule.after as usize),
            ) else {
                continue;
            };
            if let Some(label) = &rule.label {
                // On a joint the label goes inside the board of the sheet trimmed there (the
                // margin beyond is cut away) and not on the sheet laid under it (covered); a
                // review found Veney's centre-line label lost either way.
                let ly = if on(covered_edge, y) {
                    continue;
                } else if on(trimmed_edge, y) {
                    if self.first_rank_at_top {
                        y + 3.6
                    } else {
                        y - 1.6
                    }
                } else if (y - gy).abs() < 0.1 {
                    y - 9.5
                } else if (y - gy - gh).abs() < 0.1 {
                    y + 12.5
                } else {
                    y - 1.2
                };
                let inset = if on(trimmed_edge, y) { 1.5 } else { 0.0 };
                let text = format!("{label} ({below} | {above})");
                pen.text(
                    gx + gw - inset,
                    ly,
                    7.5,
                    true,
                    Align::Right,
                    rule.line.colour,
                    &text,
                );
            }
        }

        // Labels: files under and over the grid (over turned for the far player), ranks at
        // the left (upright) and right (turned).
        for f in t.f0..=t.f1 {
            let cx = col_x(f) + s / 2.0;
            let label = &self.file_labels[f as usize];
            pen.text(
                cx,
                gy + gh + 6.0,
                11.0,
                true,
                Align::Centre,
                Rgb::BLACK,
                label,
            );
            pen.text_turned(cx, gy - 3.6, 180.0, 11.0, true, Rgb::BLACK, label);
        }
        for r in t.r0..=t.r1 {
            let cy = row_y(r) + s / 2.0;
            let label = &self.rank_labels[r as usize];
            pen.text(
                gx - 3.0,
                cy + 1.4,
                11.0,
                true,
                Align::Right,
                Rgb::BLACK,
                label,
            );
            pen.text_turned(
                gx + gw + 3.0 + pen.width(label, 11.0, true) / 2.0,
                cy,
                180.0,
                11.0,
                true,
                Rgb::BLACK,
                label,
            );
        }

        // Edges: where this tile joins another, alignment ticks and what to do; the board's own
        // edges say who sits there.
        let tick = Line::solid(0.3, Rgb::BLACK);
        let cut = Line::dashed(0.3, Rgb::GREY, 2.0, 1.5);
        let neighbour = |pred: &dyn Fn(&Tile) -> bool| tiles.iter().position(pred).map(|i| i + 1);
        let lower = if t.r0 > 0 {
            neighbour(&|o: &Tile| o.r1 + 1 == t.r0 && o.f0 == t.f0)
        } else {
            None
        };
        let upper = if t.r1 + 1 < self.ranks {
            neighbour(&|o: &Tile| o.r0 == t.r1 + 1 && o.f0 == t.f0)
        } else {
            None
        };
        let left = if t.f0 > 0 {
            neighbour(&|o: &Tile| o.f1 + 1 == t.f0 && o.r0 == t.r0)
        } else {
            None
        };
        let right = if t.f1 + 1 < self.files {
            neighbour(&|o: &Tile| o.f0 == t.f1 + 1 && o.r0 == t.r0)
        } else {
            None
        };
        // The edge toward the first rank: on the page's bottom unless the first rank is drawn
        // at the top.
        let (first_y, last_y, out_first, out_last) = if self.first_rank_at_top {
            (gy, gy + gh, -1.0, 1.0)
        } else {
            (gy + gh, gy, 1.0, -1.0)
        };
        let mut notes = Vec::new();
        // At each joint a short mark beside the board on either sheet, running from the joint
        // into the part that stays in sight: laid right, the two halves meet in one line and
        // the board's lines run on. (Ticks along the joint itself fell in the strip trimmed
        // away or under the sheet laid over them.)
        let marks_h = |pen: &mut Pen, y: f32, inward: f32| {
            for x in [gx - 6.0, gx + gw + 6.0] {
                pen.line(x, y, x, y + inward * 6.0, tick);
            }
        };
        if let Some(n) = lower {
            // This sheet lies over sheet n: trim its margin along the board's edge.
            marks_h(pen, first_y, -out_first);
            pen.line(0.0, first_y, pw, first_y, cut);
            notes.push(format!(
                "Trim along the dashed line at the {} edge and lay this sheet over sheet {n}: the trimmed edge on its frame, so the lines run on and the short marks beside the board meet.",
                if self.first_rank_at_top { "top" } else { "bottom" }
            ));
        }
        if let Some(n) = upper {
            marks_h(pen, last_y, -out_last);
            notes.push(format!(
                "Sheet {n} lies over the {} margin: its trimmed edge on the frame.",
                if self.first_rank_at_top {
                    "bottom"
                } else {
                    "top"
                }
            ));
        }
        let marks_v = |pen: &mut Pen, x: f32, inward: f32| {
            for y in [gy - 8.0, gy + gh + 9.0] {
                pen.line(x, y, x + inward * 6.0, y, tick);
            }
        };
        if let Some(n) = left {
            marks_v(pen, gx, 1.0);
            pen.line(gx, 0.0, gx, ph, cut);
            notes.push(format!(
                "Trim along the dashed line at the left edge and lay this sheet over sheet {n}: the trimmed edge on its frame, the short marks meeting."
            ));
        }
        if let Some(n) = right {
            marks_v(pen, gx + gw, -1.0);
            notes.push(format!("Sheet {n} lies over the right margin."));
        }
        // Who sits at the board's own edges: upright for the player at the page's bottom,
        // turned for the one at its top.
        let (bottom_name, top_name) = if self.first_rank_at_top {
            (&self.edge_names[1], &self.edge_names[0])
        } else {
            (&self.edge_names[0], &self.edge_names[1])
        };
        let at_bottom = if self.first_rank_at_top {
            t.r1 + 1 == self.ranks
        } else {
            t.r0 == 0
        };
        let at_top = if self.first_rank_at_top {
            t.r0 == 0
        } else {
            t.r1 + 1 == self.ranks
        };
        if at_bottom {
            pen.text(
                pw / 2.0,
                gy + gh + 12.0,
                9.0,
                false,
                Align::Centre,
                Rgb::BLACK,
                &format!("▼ {bottom_name} sits at this edge ▼"),
            );
        }
        if at_top {
            pen.text_turned(
                pw / 2.0,
                gy - 9.5,
                180.0,
                9.0,
                false,
                Rgb::BLACK,
                &format!("▼ {top_name} sits at this edge ▼"),
            );
        }
        // Under the board, clear of a strip trimmed away at the left (a review found the
        // captions cut through).
        let text_x = if left.is_some() { gx + 2.0 } else { SIDE };
        let text_w = pw - text_x - SIDE;
        let mut y = gy + gh + 18.0;
        y = pen.paragraph(text_x, y, text_w, 8.0, false, Rgb::BLACK, &caption);
        for n in notes {
            y = pen.paragraph(text_x, y, text_w, 8.0, false, Rgb::GREY, &n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn splits_keep_whole_measures() {
        // §2.0.V: four measures of four steps; a tile never cuts one.
        assert_eq!(split(16, 5, 4), vec![(0, 3), (4, 7), (8, 11), (12, 15)]);
        assert_eq!(split(16, 8, 4), vec![(0, 7), (8, 15)]);
        assert_eq!(split(9, 6, 1), vec![(0, 4), (5, 8)]);
        assert_eq!(split(10, 12, 1), vec![(0, 9)]);
    }
}
