//! A score sheet: the record's header fields, numbered turns in two columns per side, and a key
//! to the game's notation with examples written by the game itself.
use crate::paper::Paper;
use crate::pen::{Align, Line, Pen, Rgb};

pub struct ScoreSheet {
    pub game: String,
    /// The two players (in turn order when `first_fixed`).
    pub players: [String; 2],
    /// Whether the rules fix who moves first (Kelasu's Blue). Otherwise the players agree or
    /// draw it (Veney §2.0.19 step 4, Tirachen's option): the sheet asks who moved first and
    /// its columns are the first and the second to move.
    pub first_fixed: bool,
    /// Extra header fields to fill in (a set, options).
    pub fields: Vec<String>,
    /// (symbol, meaning) pairs of the notation.
    pub key: Vec<(String, String)>,
    /// A line of notation examples (`1. SY5 $X7, …`).
    pub example: String,
    /// Each player's turn on a row of its own across the block (Kelasu: a turn of four actions
    /// or a merge naming its Blanks does not fit half a block; a review found the cells narrow).
    pub wide_turns: bool,
}

/// The sheet, or (`continued`) its continuation: the same table with its turn numbers left to
/// write on from the last sheet's, printed as often as a long game needs.
pub fn draw(pen: &mut Pen, paper: Paper, s: &ScoreSheet, continued: bool) {
    let (w, h) = paper.size_mm();
    let m = 14.0;
    pen.text(
        w / 2.0,
        14.0,
        14.0,
        true,
        Align::Centre,
        Rgb::BLACK,
        &if continued {
            format!("{} — score sheet, continued", s.game)
        } else {
            format!("{} — score sheet", s.game)
        },
    );
    if continued {
        pen.text(
            w / 2.0,
            19.5,
            8.0,
            false,
            Align::Centre,
            Rgb::GREY,
            "Number its turns on from the sheet before; print this page as often as the game needs.",
        );
    }
    // Header fields, two to a line.
    let mut fields: Vec<String> = vec!["Event".into(), "Date".into()];
    if s.first_fixed {
        fields.push(format!("{} (first)", s.players[0]));
        fields.push(format!("{} (second)", s.players[1]));
    } else {
        fields.push(s.players[0].clone());
        fields.push(s.players[1].clone());
    }
    if continued {
        fields.push("Sheet no.".into());
        fields.push("Result".into());
    } else {
        fields.extend(s.fields.iter().cloned());
        if !s.first_fixed && !s.fields.iter().any(|f| f.starts_with("First")) {
            fields.push("First to move".into());
        }
        fields.push("Result".into());
    }
    let col_w = (w - 2.0 * m) / 2.0;
    let mut y = 26.0;
    for pair in fields.chunks(2) {
        for (i, f) in pair.iter().enumerate() {
            let x = m + i as f32 * col_w;
            pen.text(x, y, 8.5, false, Align::Left, Rgb::BLACK, &format!("{f}:"));
            let fw = pen.width(&format!("{f}:"), 8.5, false);
            pen.line(
                x + fw + 1.5,
                y + 0.8,
                x + col_w - 4.0,
                y + 0.8,
                Line::solid(0.2, Rgb::GREY),
            );
        }
        y += 8.0;
    }
    // The key and the example at the bottom; the table fills what is between.
    let key_lines = s.key.len().div_ceil(2) as f32;
    let key_h = 12.0 + key_lines * 4.2 + 10.0;
    let table_top = y + 2.0;
    let table_bottom = h - m - key_h;
    let row_h = 6.5;
    let mut rows = ((table_bottom - table_top - row_h) / row_h)
        .floor()
        .max(2.0) as usize;
    // Wide turns come in pairs of rows (both players' turns under one number).
    if s.wide_turns {
        rows -= rows % 2;
    }
    // Two blocks side by side: turns 1..rows and rows+1..2*rows.
    let block_w = (w - 2.0 * m - 6.0) / 2.0;
    let no_w = 10.0;
    let mv_w = (block_w - no_w) / 2.0;
    // Wide turns: the player's name in a narrow column, the turn across the rest.
    let who_w = 14.0;
    let grid = Line::solid(0.2, Rgb::GREY);
    let column = if s.first_fixed {
        s.players.clone()
    } else {
        ["First to move".to_string(), "Second".to_string()]
    };
    // A turn's number, right-aligned in the block's first column.
    let number = |pen: &mut Pen, x0: f32, yy: f32, n: usize| {
        if continued {
            return;
        }
        pen.text(
            x0 + no_w - 1.5,
            yy,
            8.0,
            false,
            Align::Right,
            Rgb::GREY,
            &n.to_string(),
        );
    };
    for b in 0..2 {
        let x0 = m + b as f32 * (block_w + 6.0);
        pen.text(
            x0 + no_w / 2.0,
            table_top + 4.6,
            8.0,
            true,
            Align::Centre,
            Rgb::BLACK,
            "No.",
        );
        if s.wide_turns {
            pen.text(
                x0 + no_w + who_w + (block_w - no_w - who_w) / 2.0,
                table_top + 4.6,
                8.0,
                true,
                Align::Centre,
                Rgb::BLACK,
                "Turn",
            );
            for r in 0..=rows + 1 {
                let yy = table_top + r as f32 * row_h;
                // A turn pair's two rows are one number: a fainter line between them. Row r
                // lies between lines r + 1 and r + 2, so pairs meet on the odd lines.
                let line = if r <= 1 || r % 2 == 1 {
                    grid
                } else {
                    Line::solid(0.1, Rgb::GREY)
                };
                pen.line(x0, yy, x0 + block_w, yy, line);
            }
            let bottom = table_top + (rows + 1) as f32 * row_h;
            for x in [x0, x0 + no_w, x0 + no_w + who_w, x0 + block_w] {
                pen.line(x, table_top, x, bottom, grid);
            }
            for r in 0..rows {
                let yy = table_top + (r + 1) as f32 * row_h + 4.6;
                if r % 2 == 0 {
                    number(pen, x0, yy, (b * rows + r) / 2 + 1);
                }
                pen.text(
                    x0 + no_w + 1.5,
                    yy,
                    7.0,
                    false,
                    Align::Left,
                    Rgb::GREY,
                    &column[r % 2],
                );
            }
            continue;
        }
        pen.text(
            x0 + no_w + mv_w / 2.0,
            table_top + 4.6,
            8.0,
            true,
            Align::Centre,
            Rgb::BLACK,
            &column[0],
        );
        pen.text(
            x0 + no_w + mv_w * 1.5,
            table_top + 4.6,
            8.0,
            true,
            Align::Centre,
            Rgb::BLACK,
            &column[1],
        );
        for r in 0..=rows + 1 {
            let yy = table_top + r as f32 * row_h;
            pen.line(x0, yy, x0 + block_w, yy, grid);
        }
        let bottom = table_top + (rows + 1) as f32 * row_h;
        for x in [x0, x0 + no_w, x0 + no_w + mv_w, x0 + block_w] {
            pen.line(x, table_top, x, bottom, grid);
        }
        for r in 0..rows {
            let yy = table_top + (r + 1) as f32 * row_h + 4.6;
            number(pen, x0, yy, b * rows + r + 1);
        }
    }
    // Notation key.
    let mut y = table_bottom + 8.0;
    pen.text(m, y, 9.5, true, Align::Left, Rgb::BLACK, "Notation");
    y += 5.0;
    let half = (w - 2.0 * m) / 2.0;
    let sym_w = s
        .key
        .iter()
        .map(|(sym, _)| pen.width(sym, 7.5, true))
        .fold(0.0, f32::max)
        + 3.0;
    for (i, (sym, meaning)) in s.key.iter().enumerate() {
        let x = m + (i % 2) as f32 * half;
        let yy = y + (i / 2) as f32 * 4.2;
        pen.text(x, yy, 7.5, true, Align::Left, Rgb::BLACK, sym);
        pen.text(x + sym_w, yy, 7.0, false, Align::Left, Rgb::BLACK, meaning);
    }
    let y = y + key_lines * 4.2 + 1.5;
    pen.paragraph(
        m,
        y,
        w - 2.0 * m,
        7.5,
        false,
        Rgb::GREY,
        &format!("For example: {}", s.example),
    );
}
