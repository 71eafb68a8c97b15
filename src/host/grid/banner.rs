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
        .fixed_rect(banner_rect(ctx.viewport_rect().width()))
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
                // Wrapped within the banner's width (narrow in large type).
                ui.horizontal_wrapped(|ui| {
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

/// Where the banner stands, in egui points, in a window `width` points wide: over the board,
/// left of the side panel in any type size (a review found it over the panel's first rows in
/// large type, where the window is 1.5 times fewer points wide).
fn banner_rect(width: f32) -> egui::Rect {
    let room = width - super::panel::PANEL_WIDTH - 16.0;
    let w = (room - 90.0).clamp(180.0, 380.0);
    let x = (room - w).clamp(8.0, 90.0);
    egui::Rect::from_min_size(egui::pos2(x, 20.0), egui::vec2(w, 70.0))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_banner_stands_left_of_the_side_panel_in_any_type_size() {
        for zoom in [1.0, 1.5] {
            let width = 960.0 / zoom;
            let r = super::banner_rect(width);
            let panel_left = width - super::super::panel::PANEL_WIDTH;
            assert!(
                r.right() <= panel_left,
                "zoom {zoom}: {r:?} vs {panel_left}"
            );
            assert!(r.left() >= 0.0 && r.width() >= 180.0, "zoom {zoom}: {r:?}");
        }
        // At the ordinary size it stands where it always stood.
        let r = super::banner_rect(960.0);
        assert_eq!((r.left(), r.width()), (90.0, 380.0));
    }
}
