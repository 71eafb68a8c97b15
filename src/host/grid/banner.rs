//! The game-over banner over any grid game: who won and the rule that ended the game, with undo and a new game.
use super::{ActiveMatch, GridBlocked, GridReview, GridSystems, Intent, NewGameRequested};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
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

/// The banner's undo for an ending made by a move: against the computer, its winning turn goes
/// back with the person's before it (`computer::undo_to_person`), said so (a review found "Undo
/// the last move" taking back two turns).
pub fn undo_by_move(m: &ActiveMatch, seats: &super::ComputerSeats) -> &'static str {
    let last = m
        .game
        .turns(game_api::Viewer::Referee)
        .last()
        .and_then(|t| t.player);
    match (super::computer::person(seats), last) {
        (Some(person), Some(p)) if p != person => crate::host::game_over::UNDO_WITH_REPLY,
        _ => "Undo the last move",
    }
}

fn banner(
    mut contexts: EguiContexts,
    seats: Res<super::ComputerSeats>,
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
    let rect =
        crate::host::game_over::banner_rect(ctx.viewport_rect().width(), super::panel::PANEL_WIDTH);
    crate::host::game_over::banner(ctx, "Game over", rect, false, (&title, &o.reason), |ui| {
        let undo = match m.game.declared() {
            Some(game_api::Declared::Resigns(_)) => "Take back the resignation",
            Some(game_api::Declared::DrawAgreed) => "Take back the agreed draw",
            Some(game_api::Declared::OutOfTime(_)) => "Play on (undo the time-out)",
            None => undo_by_move(&m, &seats),
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
    Ok(())
}
