//! What every grid game's new-game dialog ends with: an optional position text to start from,
//! why the last start was refused, and the buttons (start, resume the autosaved game, back to
//! the game, back to the games).
use bevy_egui::egui;
use std::path::Path;

/// The button pressed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartChoice {
    /// Start a new game, from the position text when one is given.
    Start { position: Option<String> },
    /// Resume the last game from its autosave.
    Resume,
    /// Back to the game in progress.
    Back,
    /// Back to the title screen.
    Games,
}

/// Draws the position field, the refusal and the buttons; what was pressed, if anything.
/// `autosave` is offered for resuming when there is no game in progress and it exists.
pub fn position_and_buttons(
    ui: &mut egui::Ui,
    position: &mut String,
    error: Option<&str>,
    width: f32,
    has_game: bool,
    autosave: &Path,
) -> Option<StartChoice> {
    let mut choice = None;
    ui.label("Start from a position text (optional):");
    ui.add(
        egui::TextEdit::singleline(position)
            .desired_width(width)
            .font(egui::TextStyle::Monospace),
    );
    if let Some(e) = error {
        ui.colored_label(egui::Color32::from_rgb(225, 95, 75), e);
    }
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        if ui.button(egui::RichText::new("Start").size(17.0)).clicked() {
            choice = Some(StartChoice::Start {
                position: Some(position.clone()).filter(|p| !p.trim().is_empty()),
            });
        }
        if !has_game
            && autosave.exists()
            && ui
                .button("Resume the last game")
                .on_hover_text(format!("{} (saved after every move)", autosave.display()))
                .clicked()
        {
            choice = Some(StartChoice::Resume);
        }
        if has_game && ui.button("Back to the game").clicked() {
            choice = Some(StartChoice::Back);
        }
        if ui.button("< Games").clicked() {
            choice = Some(StartChoice::Games);
        }
    });
    choice
}
