//! The game-over banner over any grid game: who won and the rule that ended the game, with undo and a new game.
use super::{ActiveMatch, GridBlocked, GridReview, GridSystems, Intent, NewGameRequested};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use game_api::Decision;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        banner
            .run_if(|b: Res<GridBlocked>| !b.0)
            .after(super::panel::side_panel)
            .in_set(GridSystems),
    );
}

fn banner(
    mut contexts: EguiContexts,
    m: Res<ActiveMatch>,
    review: Res<GridReview>,
    mut out: MessageWriter<Intent>,
    mut new_game: MessageWriter<NewGameRequested>,
) -> Result {
    let Decision::Over(o) = m.game.decision() else {
        return Ok(());
    };
    // Reviewing the move list of a finished game: the board stays uncovered.
    if review.0.is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let title = match o.winner() {
        Some(w) => format!("{} wins", m.game.player_name(w)),
        None => "Drawn".to_string(),
    };
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .fixed_pos(egui::pos2(90.0, 20.0))
        .fixed_size(egui::vec2(380.0, 70.0))
        .frame(egui::Frame::window(&ctx.global_style()).fill(egui::Color32::from_rgb(60, 40, 30)))
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(title)
                        .size(26.0)
                        .strong()
                        .color(egui::Color32::from_rgb(250, 220, 140)),
                );
                ui.label(egui::RichText::new(&o.reason).size(16.0));
                ui.horizontal(|ui| {
                    let undo = match m.game.declared() {
                        Some(game_api::Declared::Resigns(_)) => "Take back the resignation",
                        Some(game_api::Declared::DrawAgreed) => "Take back the agreed draw",
                        Some(game_api::Declared::OutOfTime(_)) => "Play on (undo the time-out)",
                        None => "Undo the last move",
                    };
                    // Once the secrets are shown the game is over for good.
                    if !m.revealed && ui.button(undo).clicked() {
                        out.write(Intent::Undo);
                    }
                    if m.secrets
                        && !m.revealed
                        && m.game.declared().is_none()
                        && ui
                            .button("Show the hidden pieces")
                            .on_hover_text("then the game cannot be taken back")
                            .clicked()
                    {
                        out.write(Intent::Reveal);
                    }
                    if ui.button("New game…").clicked() {
                        new_game.write(NewGameRequested(m.screen));
                    }
                });
            });
        });
    Ok(())
}
