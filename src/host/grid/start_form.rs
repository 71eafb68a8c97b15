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

/// Whether the last game's autosave is offered for resuming: it exists, and the game in
/// progress, if any, is not it — none, or one with nothing played yet, which is never
/// autosaved (a review found a "Start" pressed by mistake hiding the last game, its autosave
/// overwritten at the new game's first move).
pub fn offers_resume(has_game: bool, game_unplayed: bool, autosave_exists: bool) -> bool {
    autosave_exists && (!has_game || game_unplayed)
}

/// Draws the position field, the refusal and the buttons; what was pressed, if anything.
/// `autosave` is offered for resuming as `offers_resume` says.
pub fn position_and_buttons(
    ui: &mut egui::Ui,
    position: &mut String,
    error: Option<&str>,
    width: f32,
    has_game: bool,
    game_unplayed: bool,
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
        if offers_resume(has_game, game_unplayed, autosave.exists())
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

#[cfg(test)]
mod tests {
    use super::offers_resume;

    /// README: "Tirachen's new-game dialog offers 'Resume the last game' while that file
    /// exists" — with no game in progress, or one with nothing played (after a "Start"), whose
    /// autosave is not written yet; not over a game being played, which is the autosave.
    #[test]
    fn the_last_game_is_offered_until_the_new_one_is_played() {
        assert!(offers_resume(false, false, true));
        assert!(
            offers_resume(true, true, true),
            "after Start, nothing played"
        );
        assert!(
            !offers_resume(true, false, true),
            "the game in progress is the autosave"
        );
        assert!(!offers_resume(false, false, false), "no autosave");
    }
}
