//! The grid screen's side panel: whose decision it is, the rules' explanation of a click that
//! matched nothing, buttons for the actions that touch no cell, the move list (click a turn to
//! review the position after it, "Return to live" to come back), undo/redo, save/load, flip; and
//! the small window asking which action when several share a click.
use super::{
    ActiveMatch, GridChoice, GridReview, GridSelection, GridStatus, GridSystems, GridView, Intent,
    Pick, turn_end,
};
use crate::host::{OpenScreen, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use game_api::Decision;

/// Width of the side panel in logical pixels.
pub const PANEL_WIDTH: f32 = 400.0;

/// The panel's "New game…" button: the pack on that screen opens its new-game dialog.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameRequested(pub Screen);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (side_panel, choice_window).chain().in_set(GridSystems),
    );
}

/// The line saying whose decision it is, or how the game ended.
pub fn prompt(m: &ActiveMatch) -> String {
    let g = &m.game;
    match g.decision() {
        Decision::Player(p) => format!("{} to play", g.player_name(p)),
        Decision::Simultaneous { waiting } => {
            let names: Vec<String> = waiting.iter().map(|p| g.player_name(p)).collect();
            format!("{} to choose (in secret)", names.join(" and "))
        }
        Decision::Chance => "chance decides".into(),
        Decision::Over(o) => o.headline(|p| g.player_name(p)),
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn side_panel(
    mut contexts: EguiContexts,
    m: Res<ActiveMatch>,
    sel: Res<GridSelection>,
    status: Res<GridStatus>,
    view: Res<GridView>,
    review: Res<GridReview>,
    hl: Res<super::GridHighlights>,
    mut ask: ResMut<super::GridEndingAsk>,
    (seats, thinking, hint, state_rows, pause): (
        Res<super::ComputerSeats>,
        Res<super::GridThinking>,
        Res<super::GridHint>,
        Res<super::GridStateRows>,
        Res<super::computer::GridPause>,
    ),
    mut out: MessageWriter<Intent>,
    mut screens: MessageWriter<OpenScreen>,
    (mut new_game, mut clock, mut rules): (
        MessageWriter<NewGameRequested>,
        MessageWriter<crate::host::table_clock::ClockIntent>,
        ResMut<crate::host::rules_window::RulesWindow>,
    ),
    (mut settle_loose, mut settle_endings, mut settle_undo): (
        Local<crate::host::settle::Settle<Option<u8>>>,
        Local<crate::host::settle::Settle<(u8, u8)>>,
        Local<crate::host::settle::Settle<Option<u8>>>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::host::root_ui(ctx);
    let g = &m.game;
    let actions = m.actions();
    let viewer = m.viewer();
    let turns = g.turns(viewer);
    let len = g.history_len();
    egui::Panel::right("grid-side")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.heading(g.title());
                if ui
                    .small_button("< Games")
                    .on_hover_text("Back to the title screen (this game is kept)")
                    .clicked()
                {
                    screens.write(OpenScreen(Screen::Title));
                }
                if ui.small_button("New game…").clicked() {
                    new_game.write(NewGameRequested(m.screen));
                }
                let brief = g.rules_brief();
                if !brief.is_empty()
                    && ui
                        .small_button("Rules…")
                        .on_hover_text("the rules in brief, with the rulings marked")
                        .clicked()
                {
                    rules.toggle(g.title(), brief);
                }
            });
            ui.label(egui::RichText::new(prompt(&m)).size(17.0).strong());
            // The game's own state in words (the live game's, as the prompt is).
            for (label, value) in state_rows.of(&m) {
                ui.label(egui::RichText::new(format!("{label}: {value}")).size(13.0));
            }
            if let Some(steps) = review.0 {
                let shown = match (0..turns.len()).find(|&i| turn_end(&turns, i, len) == steps) {
                    Some(i) => format!("after {} {}", g.turn_label(i), turn_player(&m, &turns[i])),
                    None if steps == 0 => "at the start".into(),
                    None => format!("after {steps} actions"),
                };
                ui.horizontal(|ui| {
                    ui.colored_label(
                        egui::Color32::from_rgb(240, 200, 110),
                        format!("Reviewing the position {shown}"),
                    );
                    if ui.button("Return to live").on_hover_text("Esc").clicked() {
                        out.write(Intent::Review(None));
                    }
                });
            }
            if let Some(r) = &status.refusal {
                ui.colored_label(egui::Color32::from_rgb(225, 95, 75), r);
            }
            if let Some(i) = &status.info {
                ui.colored_label(egui::Color32::from_rgb(190, 180, 150), i);
            }
            match &sel.0 {
                Some(Pick::Cell(c)) => {
                    ui.label(format!(
                        "Picked: {} — click a marked square (right click cancels)",
                        g.board().cell_name(*c)
                    ));
                    if !hl.pattern.is_empty()
                        || hl.targets.iter().any(|(_, m)| *m == super::Mark::MoveOrTake)
                    {
                        ui.weak("dot: move only · dot in a ring: move, could also take · ring: take, or act otherwise on the piece there (a conversion) · faint: the rest of its pattern, not open now");
                    }
                }
                Some(Pick::Reserve { kind, .. }) => {
                    ui.label(format!(
                        "Picked {kind} from the tray — click a marked square"
                    ));
                }
                None => {}
            }
            // Actions that touch no cell: buttons, in the rules' order.
            let loose: Vec<(usize, &game_api::ActionView)> = actions
                .iter()
                .enumerate()
                .filter(|(_, a)| a.cells.to.is_none() && !m.own_dialog.contains(&a.kind))
                .collect();
            if !loose.is_empty() {
                ui.separator();
                // Greyed on the computer's turn: they are its to play (a review found its own
                // "mob" offered to the person, then refused), as Kelasu's End is.
                let computers = m.decider().is_some_and(|p| seats.plays(p).is_some());
                // Handed to another player, the row settles first (`host::settle`): the second
                // click of a double-click on Red's "mob" would else mobilise White too (a
                // review).
                let left = settle_loose.settling_in(ui.ctx(), m.decider().map(|p| p.0));
                ui.horizontal_wrapped(|ui| {
                    for (i, a) in loose {
                        let button = egui::Button::new(super::button_label(a));
                        if ui
                            .add_enabled(!computers && left.is_none(), button)
                            .on_disabled_hover_text(if computers {
                                "the computer's to play"
                            } else {
                                "a moment: the turn has just passed"
                            })
                            .clicked()
                        {
                            out.write(Intent::Play(i));
                        }
                    }
                });
            }
            ui.separator();
            // Between people, Undo settles too as the turn passes: when the next player has no
            // buttons of actions on no square, this row moves up into their place, Undo under
            // the second click of a double-click (a review).
            // (Not with the computer on a seat: against it the turn comes back to the person
            // after its reply, and with it on both its turns pass every few frames.)
            let undo_wait = if undo_settles(&seats.0) {
                settle_undo.settling_in(ui.ctx(), m.decider().map(|p| p.0))
            } else {
                None
            };
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(undo_wait.is_none(), egui::Button::new("Undo"))
                    .on_hover_text("Ctrl+Z")
                    .clicked()
                {
                    out.write(Intent::Undo);
                }
                if ui
                    .add_enabled(m.game.can_redo(), egui::Button::new("Redo"))
                    .on_hover_text("Ctrl+Y")
                    .clicked()
                {
                    out.write(Intent::Redo);
                }
                if ui.button("Save").clicked() {
                    out.write(Intent::Save);
                }
                if ui.button("Load").clicked() {
                    out.write(Intent::Load);
                }
                let flip = if view.flipped {
                    "Unflip (F)"
                } else {
                    "Flip (F)"
                };
                if ui.button(flip).clicked() {
                    out.write(Intent::Flip);
                }
                if ui.button("Clock…").on_hover_text("a chess clock for both players").clicked() {
                    clock.write(crate::host::table_clock::ClockIntent::Toggle);
                }
                crate::host::companion::view::toggle_button(ui);
            });
            let computers_only = seats.0.iter().all(Option::is_some);
            super::endings::controls(
                ui,
                &m,
                computers_only,
                &mut ask,
                &mut out,
                &mut settle_endings,
            );
            super::computer::panel_lines(ui, &m, &seats, &thinking, &hint, &mut out, &pause);
            ui.separator();
            ui.horizontal(|ui| {
                ui.label(egui::RichText::new("Moves").strong());
                if ui
                    .small_button("⏮")
                    .on_hover_text("the starting position")
                    .clicked()
                {
                    out.write(Intent::Review(Some(0)));
                }
            });
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    // Click a turn to see the position after it.
                    for (i, t) in turns.iter().enumerate() {
                        let who = turn_player(&m, t);
                        let end = turn_end(&turns, i, len);
                        // Numbered as the record and the score sheet number turns, in pairs
                        // (`1.` and `1...`; a review found every player's turn numbered).
                        let text = egui::RichText::new(format!(
                            "{:>6} {:<6} {}",
                            g.turn_label(i),
                            who,
                            t.tokens.join(" ")
                        ))
                        .monospace();
                        if ui.selectable_label(review.0 == Some(end), text).clicked() {
                            out.write(Intent::Review(Some(end)));
                        }
                    }
                    if let Some(text) = g.declared_text() {
                        ui.label(egui::RichText::new(format!("     {text}")).monospace().italics());
                    } else if turns.is_empty() {
                        ui.weak("no moves yet");
                    }
                });
        });
    Ok(())
}

/// Who played a turn: its player (the seat of a sealed action too), else chance.
fn turn_player(m: &ActiveMatch, t: &game_api::TurnText) -> String {
    match t.player {
        Some(p) => m.game.player_name(p),
        None => "chance".into(),
    }
}

/// Several legal actions share the clicked origin and target: ask which, by their notation.
fn choice_window(
    mut contexts: EguiContexts,
    m: Res<ActiveMatch>,
    choice: Res<GridChoice>,
    mut out: MessageWriter<Intent>,
) -> Result {
    if choice.0.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let actions = m.actions();
    // One action alone is one its game warns of (`ActionView::warns`): asked, not chosen.
    let (title, question) = if choice.0.len() == 1 {
        (
            "Play this move?",
            "It costs more than it shows: click it to play it, or cancel.",
        )
    } else {
        ("Which move?", "More than one legal action goes there:")
    };
    egui::Window::new(title)
        .id(egui::Id::new("grid-choice"))
        .collapsible(false)
        .resizable(false)
        // Over the side panel whatever the window's width (a review found a fixed spot over
        // the board's right half on a wide window).
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 300.0))
        .show(ctx, |ui| {
            ui.label(question);
            for &i in &choice.0 {
                if let Some(a) = actions.get(i)
                    && ui
                        .button(egui::RichText::new(super::button_label(a)).size(16.0))
                        .clicked()
                {
                    out.write(Intent::Play(i));
                }
            }
            if ui.button("Cancel").clicked() {
                out.write(Intent::Cancel);
            }
        });
    Ok(())
}

/// Whether Undo settles as the turn passes (`host::settle`): between people only.
pub fn undo_settles(seats: &[Option<game_ai::Level>]) -> bool {
    seats.iter().all(Option::is_none)
}

#[cfg(test)]
mod undo_settle_tests {
    use super::undo_settles;
    use game_ai::Level;

    /// Between people only: a computer-only game's turns pass every few frames, and Undo is how
    /// it is stopped (a review found the button greyed out almost always there).
    #[test]
    fn undo_settles_between_people_only() {
        assert!(undo_settles(&[None, None]));
        assert!(!undo_settles(&[
            Some(Level::Beginner),
            Some(Level::Beginner)
        ]));
        assert!(!undo_settles(&[None, Some(Level::Club)]));
    }
}
