//! The rules at hand: a window over any game's screen showing that game's rules in brief
//! (`game_api::Game::rules_brief`, the `docs/*.md` brief each rules crate carries). A pack's
//! "Rules…" button opens it with its own text; leaving the screen closes it.
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The window and what it shows.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct RulesWindow {
    pub open: bool,
    /// The game's title, for the window's.
    pub title: String,
    /// The brief, as Markdown.
    pub text: &'static str,
}

impl RulesWindow {
    /// Opens the window on `text`, or closes it when it already shows it (the button toggles).
    pub fn toggle(&mut self, title: &str, text: &'static str) {
        if self.open && self.text == text {
            self.open = false;
        } else {
            *self = RulesWindow {
                open: true,
                title: title.to_string(),
                text,
            };
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesWindow>()
        .add_systems(StateTransition, close_on_leaving);
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, window);
}

/// Another screen, another game: the window closes.
fn close_on_leaving(
    mut changed: MessageReader<StateTransitionEvent<super::Screen>>,
    mut w: ResMut<RulesWindow>,
) {
    if changed.read().last().is_some() && w.open {
        w.open = false;
    }
}

fn window(mut contexts: EguiContexts, mut w: ResMut<RulesWindow>) -> Result {
    if !w.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    // Beside the board: over the side panel, at the window's right (a review found it opened
    // over the board, where egui places a window by itself).
    let right = ctx.content_rect().right();
    egui::Window::new(format!("{}: the rules in brief", w.title))
        .id(egui::Id::new("rules-window"))
        .open(&mut open)
        .default_pos(egui::pos2((right - 580.0).max(0.0), 40.0))
        .default_width(560.0)
        .default_height(520.0)
        .vscroll(true)
        .show(ctx, |ui| markdown(ui, w.text));
    if !open {
        w.open = false;
    }
    Ok(())
}

/// One block of a brief: what `markdown` draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    Title(String),
    Heading(String),
    Paragraph(String),
    Bullet(String),
    /// A table row's cells, or a code line (one cell).
    Mono(Vec<String>),
}

/// The blocks of a brief: `#`/`##` headings, paragraphs (lines joined), `- ` bullets (with
/// their indented continuation lines), table rows (`|`, the `---` rule dropped) and indented
/// code; links keep their words, `**` and backticks go.
pub fn blocks(text: &str) -> Vec<Block> {
    let plain = |s: &str| -> String {
        let mut out = String::new();
        let mut rest = s;
        // `[words](target)` → words.
        while let Some(open) = rest.find('[') {
            let Some(mid) = rest[open..].find("](") else {
                break;
            };
            let Some(close) = rest[open + mid..].find(')') else {
                break;
            };
            out.push_str(&rest[..open]);
            out.push_str(&rest[open + 1..open + mid]);
            rest = &rest[open + mid + close + 1..];
        }
        out.push_str(rest);
        emphasis_dropped(&out.replace("**", "").replace('`', ""))
    };
    let mut out: Vec<Block> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            out.push(Block::Paragraph(String::new()));
            continue;
        }
        if let Some(h) = t.strip_prefix("## ") {
            out.push(Block::Heading(plain(h)));
        } else if let Some(h) = t.strip_prefix("# ") {
            out.push(Block::Title(plain(h)));
        } else if let Some(b) = t.strip_prefix("- ") {
            out.push(Block::Bullet(plain(b)));
        } else if t.starts_with('|') {
            let cells: Vec<String> = t
                .trim_matches('|')
                .split('|')
                .map(|c| plain(c.trim()))
                .collect();
            if !cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                out.push(Block::Mono(cells));
            }
        } else if line.starts_with("    ") && !matches!(out.last(), Some(Block::Bullet(_))) {
            out.push(Block::Mono(vec![t.to_string()]));
        } else {
            match out.last_mut() {
                Some(Block::Paragraph(p)) | Some(Block::Bullet(p)) => {
                    if !p.is_empty() {
                        p.push(' ');
                    }
                    p.push_str(&plain(t));
                }
                _ => out.push(Block::Paragraph(plain(t))),
            }
        }
    }
    out.retain(|b| *b != Block::Paragraph(String::new()));
    out
}

/// `*word*` → word; a `*` between letters (`G*Y9`, a placement) stays.
fn emphasis_dropped(s: &str) -> String {
    let c: Vec<char> = s.chars().collect();
    let word = |i: Option<usize>| {
        i.and_then(|i| c.get(i))
            .is_some_and(|ch| ch.is_alphanumeric())
    };
    c.iter()
        .enumerate()
        .filter(|&(i, &ch)| ch != '*' || (word(i.checked_sub(1)) == word(Some(i + 1))))
        .map(|(_, &ch)| ch)
        .collect()
}

/// Draws a brief's blocks.
pub fn markdown(ui: &mut egui::Ui, text: &str) {
    for b in blocks(text) {
        match b {
            Block::Title(t) => {
                ui.label(egui::RichText::new(t).heading().strong());
            }
            Block::Heading(t) => {
                ui.add_space(6.0);
                ui.label(egui::RichText::new(t).strong().size(16.0));
            }
            Block::Paragraph(t) => {
                ui.label(t);
            }
            Block::Bullet(t) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label("•");
                    ui.label(t);
                });
            }
            Block::Mono(cells) => {
                ui.label(egui::RichText::new(cells.join("  │  ")).monospace());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_games_brief_reads_whole() {
        // The briefs the window shows: every `## ` line a heading, no paragraph left starting
        // with Markdown, and Veney's with its sections (a review found the window's only test on
        // a made-up snippet).
        for brief in [
            veney_rules::BRIEF,
            kelasu_rules::BRIEF,
            tirachen_rules::BRIEF,
        ] {
            let b = blocks(brief);
            let headings = brief.lines().filter(|l| l.starts_with("## ")).count();
            assert_eq!(
                b.iter().filter(|x| matches!(x, Block::Heading(_))).count(),
                headings
            );
            for x in &b {
                if let Block::Paragraph(p) | Block::Bullet(p) = x {
                    assert!(
                        !p.starts_with('#') && !p.starts_with('|') && !p.contains("**"),
                        "{p}"
                    );
                }
            }
        }
        let veney = blocks(veney_rules::BRIEF);
        let text: String = veney
            .iter()
            .map(|x| format!("{x:?}"))
            .collect::<Vec<_>>()
            .join("\n");
        // §2.0.05/§2.0.11: "You cannot meta-move and declare intention on the same turn."
        assert!(
            text.contains("never meta-move and declare on the same turn"),
            "{text}"
        );
    }

    #[test]
    fn a_brief_reads_as_headings_paragraphs_bullets_and_rows() {
        let b = blocks(
            "# Kelasu in brief\n\nOur own [rulings](rulings/k.md) apply; *fend* G*Y9.\nSecond line.\n\n## Pieces\n- **Blank** (B): one step,\n  move only.\n\n| a | b |\n|---|---|\n| `x` | y |\n\n    1. B1-C1, I4-H4;\n",
        );
        assert_eq!(
            b,
            [
                Block::Title("Kelasu in brief".into()),
                Block::Paragraph("Our own rulings apply; fend G*Y9. Second line.".into()),
                Block::Heading("Pieces".into()),
                Block::Bullet("Blank (B): one step, move only.".into()),
                Block::Mono(vec!["a".into(), "b".into()]),
                Block::Mono(vec!["x".into(), "y".into()]),
                Block::Mono(vec!["1. B1-C1, I4-H4;".into()]),
            ]
        );
    }
}
