//! The title screen: the games, one line each, and a "Play" button each; beside it "Print kit…"
//! writes the game's printable kit (crates/game-print) into the saves folder and shows where.
use super::grid::SaveRoot;
use super::{Games, OpenScreen, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use game_print::{Paper, PrintGame};
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        picker.run_if(in_state(Screen::Title)),
    )
    .add_systems(OnEnter(Screen::Title), place_camera);
}

fn place_camera(mut camera: Query<&mut Transform, With<crate::host::BoardCamera>>) {
    for mut t in &mut camera {
        *t = Transform::default();
    }
}

/// The paper the kits are printed for, and what the last "Print kit…" did.
#[derive(Default)]
struct PrintState {
    paper: Option<Paper>,
    said: Option<Result<PathBuf, String>>,
}

/// The kit of the game a screen shows.
fn print_game(screen: Screen) -> Option<PrintGame> {
    match screen {
        Screen::Title => None,
        Screen::Veney => Some(PrintGame::Veney),
        Screen::Tirachen => Some(PrintGame::Tirachen),
        Screen::Kelasu => Some(PrintGame::Kelasu),
    }
}

/// What "Print kit…" says it writes: Veney's kit is the standard set's, whatever army a game
/// in progress plays (a review found the hover silent on it).
fn kit_hover(game: PrintGame, paper: Paper, dir: &Path) -> String {
    let what = match game {
        PrintGame::Veney => {
            "the board, the standard set's tokens and cards (not a custom army), score sheet"
        }
        _ => "the board, tokens, score sheet",
    };
    format!(
        "a PDF to print at actual size: {what} ({}, into {})",
        paper.name().to_uppercase(),
        dir.display()
    )
}

/// Writes `game`'s kit for `paper` into `dir` (made if missing) as `<game>-kit-<paper>.pdf`.
fn write_kit(game: PrintGame, paper: Paper, dir: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(format!("{}-kit-{paper}.pdf", game.name()));
    let pdf = game_print::kit(game, paper).map_err(|e| e.to_string())?;
    game_print::write_atomic(&path, &pdf).map_err(|e| e.to_string())?;
    Ok(path)
}

fn picker(
    mut contexts: EguiContexts,
    games: Res<Games>,
    saves: Res<SaveRoot>,
    mut print: Local<PrintState>,
    mut out: MessageWriter<OpenScreen>,
    mut companion: ResMut<super::companion::Companion>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = super::root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        // A short window, or large type, scrolls rather than losing the last rows (a review
        // found the kits' paper row off a 670-pixel window in large type).
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.add_space(60.0);
            ui.vertical_centered(|ui| {
                ui.heading(egui::RichText::new("Board games").size(32.0));
                ui.label(
                    "Two players at one screen, one against the computer, or the app beside a real \
                     board. Pick a game.",
                );
            });
            ui.add_space(30.0);
            for g in &games.0 {
                ui.group(|ui| {
                    ui.set_width(ui.available_width());
                    ui.horizontal(|ui| {
                        if ui
                            .add_sized(
                                [90.0, 36.0],
                                egui::Button::new(egui::RichText::new("Play").size(18.0)),
                            )
                            .clicked()
                        {
                            out.write(OpenScreen(g.screen));
                        }
                        ui.vertical(|ui| {
                            // Room kept on the right for "Print kit…": the line wraps before it.
                            ui.set_max_width((ui.available_width() - 110.0).max(200.0));
                            ui.label(egui::RichText::new(g.title).size(22.0).strong());
                            ui.label(g.line);
                        });
                        if let Some(game) = print_game(g.screen) {
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    let paper = print.paper.unwrap_or(Paper::A4);
                                    if ui
                                        .button("Print kit…")
                                        .on_hover_text(kit_hover(game, paper, &saves.0))
                                        .clicked()
                                    {
                                        print.said = Some(write_kit(game, paper, &saves.0));
                                    }
                                },
                            );
                        }
                    });
                });
                ui.add_space(10.0);
            }
            super::companion::view::title_row(ui, &mut companion);
            ui.horizontal(|ui| {
                ui.label("Printed kits on");
                let mut paper = print.paper.unwrap_or(Paper::A4);
                for p in Paper::ALL {
                    ui.selectable_value(&mut paper, p, p.name().to_uppercase());
                }
                print.paper = Some(paper);
                match &print.said {
                    Some(Ok(path)) => {
                        ui.label(format!("· wrote {} (print at 100 %)", path.display()));
                    }
                    Some(Err(e)) => {
                        ui.colored_label(
                            egui::Color32::LIGHT_RED,
                            format!("· no kit written: {e}"),
                        );
                    }
                    None => {}
                }
            });
        });
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn print_kit_writes_each_games_pdf_into_the_saves_folder() {
        let dir = std::env::temp_dir().join(format!("veney-title-kit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for screen in [Screen::Veney, Screen::Tirachen, Screen::Kelasu] {
            let game = print_game(screen).expect("every game screen has a kit");
            let path = write_kit(game, Paper::Letter, &dir.join("saves")).expect("written");
            assert_eq!(
                path.file_name().unwrap(),
                format!("{}-kit-letter.pdf", game.name()).as_str()
            );
            assert!(std::fs::read(&path).unwrap().starts_with(b"%PDF-"));
        }
        assert_eq!(print_game(Screen::Title), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Veney's kit is the standard set's: "Print kit…" says so.
    #[test]
    fn the_veney_kit_is_said_to_be_the_standard_sets() {
        let dir = Path::new("saves");
        assert!(kit_hover(PrintGame::Veney, Paper::A4, dir).contains("standard set"));
        assert!(!kit_hover(PrintGame::Kelasu, Paper::A4, dir).contains("standard set"));
    }
}
