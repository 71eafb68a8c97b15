//! The game-over banner over Veney's board, as the grid games have one: who won and how, with
//! the way to take the ending back and a new game (a review found the end said on the status
//! line only). It shows what the rules crate decided; the buttons send the usual commands.
use super::game::{Command, CurrentGame, HugPick, Viewing};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use veney_rules::Game;
use veney_rules::outcome::{Draw, Outcome, Resign};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        banner
            .after(super::panels::side_panel)
            .in_set(super::VeneySystems),
    );
}

/// What the banner says: its title, the ending in words, and the label of its undo button —
/// `None` while the game goes on, a dying move is still to come, or the Hug is still to settle
/// a draw (§2.0.20, §2.0.23: the game is not over for the players yet).
pub fn banner_words(g: &Game, hug: &HugPick) -> Option<(String, String, &'static str)> {
    let pos = g.position();
    if !pos.is_game_over() {
        return None;
    }
    let o = pos.outcome()?;
    if veney_rules::hug::awaits_hug(&g.rules, Some(o)) && hug.settled != Some(pos.hash()) {
        return None;
    }
    let title = match o {
        Outcome::DoubleCheckmate => "Both lose".to_string(),
        _ => match o.winner() {
            Some(w) => format!("{w} wins"),
            None => "Drawn".to_string(),
        },
    };
    // The ending in words, without the winner the title names ("by resignation").
    let said = o.to_string();
    let mut reason = said
        .strip_prefix(title.as_str())
        .map_or(said.as_str(), |r| r.trim_start_matches([':', ' ']))
        .to_string();
    if let Some(c) = reason.get(..1) {
        reason = c.to_uppercase() + &reason[1..];
    }
    let undo = match o {
        Outcome::Resignation {
            reason: Resign::Yielded,
            ..
        } => "Take back the resignation",
        Outcome::Draw {
            reason: Draw::Agreement,
        } => "Take back the agreed draw",
        Outcome::OutOfTime { .. } => "Play on (undo the time-out)",
        _ => "Undo the last move",
    };
    Some((title, reason, undo))
}

#[allow(clippy::too_many_arguments)]
fn banner(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    hug: Res<HugPick>,
    viewing: Res<Viewing>,
    setup: Res<super::setup_screen::SetupSession>,
    mut dialog: ResMut<super::panels::NewGameDialog>,
    mut out: MessageWriter<Command>,
) -> Result {
    // Not over a review of the move list, a setup or the New game dialog.
    if viewing.0.is_some() || setup.0.is_some() || dialog.open {
        return Ok(());
    }
    let Some((title, reason, undo)) = banner_words(&game.0, &hug) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let room = ctx.viewport_rect().width() - super::panels::PANEL_WIDTH - 16.0;
    let w = (room - 90.0).clamp(180.0, 380.0);
    let x = (room - w).clamp(8.0, 90.0);
    egui::Window::new("Veney: game over")
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        // Over the board's top, where Black's last rank may hold a piece: dragged aside at will.
        .default_pos(egui::pos2(x, 20.0))
        .default_width(w)
        .movable(true)
        .frame(egui::Frame::window(&ctx.global_style()).fill(egui::Color32::from_rgb(60, 40, 30)))
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(title)
                        .size(26.0)
                        .strong()
                        .color(egui::Color32::from_rgb(250, 220, 140)),
                );
                ui.label(egui::RichText::new(reason).size(16.0));
                ui.horizontal_wrapped(|ui| {
                    if ui.button(undo).clicked() {
                        out.write(Command::Undo);
                    }
                    if ui.button("New game…").clicked() {
                        dialog.open = true;
                    }
                });
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use veney_rules::{Position, Rules};

    fn game_at(text: &str) -> Game {
        let r = Arc::new(Rules::standard());
        let p = Position::from_text(&r, text).unwrap();
        Game::from_position_seeded(r, p, 1)
    }

    /// The banner names the winner and the ending; not while the game goes on, nor while the
    /// mated player's dying move is still to come (§2.0.20).
    #[test]
    fn the_banner_names_the_winner_and_waits_for_the_dying_move() {
        let hug = HugPick::default();
        let start = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
        assert!(banner_words(&game_at(start), &hug).is_none());
        let (title, reason, undo) =
            banner_words(&game_at(&format!("{start} over=resign:b")), &hug).unwrap();
        assert_eq!(title, "Black wins");
        assert_eq!(reason, "By resignation");
        assert_eq!(undo, "Take back the resignation");
        let mated = "4/4/4/bDwc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b GLJR/dgljr turns=1 over=touch:w";
        assert!(banner_words(&game_at(&format!("{mated} dying=b:X13")), &hug).is_none());
        let (title, reason, undo) = banner_words(&game_at(mated), &hug).unwrap();
        assert_eq!((title.as_str(), undo), ("White wins", "Undo the last move"));
        assert_eq!(reason, "By checkmate by touch");
        let (title, reason, _) =
            banner_words(&game_at(&format!("{start} over=agreed")), &hug).unwrap();
        assert_eq!(title, "Drawn");
        assert!(reason.starts_with("Draw by agreement"), "{reason}");
    }
}
