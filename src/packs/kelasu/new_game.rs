//! The new-game dialog: the options the rule text leaves to the players (each named by its ruling
//! in docs/rulings/kelasu.md) and an optional position text to start from.
use super::{KelasuStage, NewGameError, NewKelasu, ResumeKelasu};
use crate::host::grid::start_form::StartChoice;
use crate::host::grid::{ActiveMatch, SaveRoot};
use crate::host::{OpenScreen, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use kelasu_rules::KelasuOptions;

/// The dialog's fields.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct NewGameForm {
    pub options: KelasuOptions,
    pub quiet: u16,
    pub position: String,
}

impl Default for NewGameForm {
    fn default() -> Self {
        let options = KelasuOptions::default();
        NewGameForm {
            options,
            quiet: options.quiet_full_turns.unwrap_or(64),
            position: String::new(),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameForm>().add_systems(
        EguiPrimaryContextPass,
        dialog
            .run_if(in_state(KelasuStage::NewGame))
            .after(crate::host::grid::GridSystems),
    );
}

#[allow(clippy::too_many_arguments)]
fn dialog(
    mut contexts: EguiContexts,
    mut form: ResMut<NewGameForm>,
    error: Res<NewGameError>,
    m: Option<Res<ActiveMatch>>,
    saves: Res<SaveRoot>,
    mut out: MessageWriter<NewKelasu>,
    mut resume: MessageWriter<ResumeKelasu>,
    mut screens: MessageWriter<OpenScreen>,
    mut next: ResMut<NextState<KelasuStage>>,
    seats: Res<crate::host::grid::ComputerSeats>,
    mut draft: ResMut<crate::host::grid::computer::SeatDraft>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let has_game = m.as_ref().is_some_and(|m| m.screen == Screen::Kelasu);
    let game_unplayed = m.as_ref().is_some_and(|m| m.unplayed());
    let autosave = super::autosave_path(&saves);
    egui::Window::new("New game of Kelasu")
        .collapsible(false)
        .resizable(false)
        .fixed_pos(egui::pos2(40.0, 170.0))
        .fixed_size(egui::vec2(470.0, 520.0))
        .show(ctx, |ui| {
            // Not "at the top": the board faces the person, Blue's rows at the bottom when they
            // play Blue against the computer (a review found the dialog saying otherwise).
            ui.label("Blue (rows A–B) moves first; Red holds rows I–J. Each side has 20 Blanks and 4 Stones.");
            draft.picker(ui, ["Blue", "Red"], &seats);
            let o = &mut form.options;
            ui.separator();
            ui.label(egui::RichText::new("Where the text leaves it open").strong());
            ui.checkbox(
                &mut o.warrior_diagonals_move,
                "a Warrior may also move (not only capture) to its forward diagonals",
            );
            ui.checkbox(
                &mut o.recall_captures,
                "a Recall may land on an opposing piece and take it",
            );
            ui.checkbox(
                &mut o.conversion_resets_count,
                "a conversion restarts the quiet-turn count, as a capture does",
            );
            ui.checkbox(
                &mut o.moved_blanks_merge,
                "a Blank that moved this turn may still merge",
            );
            ui.checkbox(
                &mut o.pass_allowed,
                "a player may end a turn at any time, even without acting",
            );
            // Passing at will includes ending with energy left (rulings, "Passing and
            // stalemate"): the house rule below is then part of it, shown ticked.
            let mut early = o.end_early || o.pass_allowed;
            ui.add_enabled(
                !o.pass_allowed,
                egui::Checkbox::new(
                    &mut early,
                    "a player may end a turn with energy left (house rule)",
                ),
            )
            .on_disabled_hover_text("included: a player who may pass may end a turn at any time");
            if !o.pass_allowed {
                o.end_early = early;
            }
            let mut quiet_on = o.quiet_full_turns.is_some();
            ui.horizontal(|ui| {
                ui.checkbox(&mut quiet_on, "draw after");
                ui.add_enabled(
                    quiet_on,
                    egui::DragValue::new(&mut form.quiet).range(1..=kelasu_rules::QUIET_TURNS_MAX),
                );
                ui.label("full turns without a Blank move, a merge or a capture");
            });
            let quiet = form.quiet;
            form.options.quiet_full_turns = quiet_on.then_some(quiet);
            if ui.small_button("The text's defaults").clicked() {
                *form = NewGameForm {
                    position: form.position.clone(),
                    ..default()
                };
            }
            ui.separator();
            let choice = crate::host::grid::start_form::position_and_buttons(
                ui,
                &mut form.position,
                error.0.as_deref(),
                440.0,
                has_game,
                game_unplayed,
                &autosave,
            );
            match choice {
                Some(StartChoice::Start { position }) => {
                    draft.start();
                    out.write(NewKelasu {
                        options: form.options,
                        position,
                    });
                }
                Some(StartChoice::Resume) => {
                    // The autosave names its own seats.
                    draft.drop_draft();
                    resume.write(ResumeKelasu);
                }
                Some(StartChoice::Back) => {
                    draft.drop_draft();
                    next.set(KelasuStage::Playing);
                }
                Some(StartChoice::Games) => {
                    draft.drop_draft();
                    screens.write(OpenScreen(Screen::Title));
                }
                None => {}
            }
        });
    Ok(())
}
