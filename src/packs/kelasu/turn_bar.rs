//! The turn bar above the board: whose turn, the energy left of what the turn started with
//! ("At the start of each turn, your Energy is calculated as the number of Stones you have"), the
//! buttons to merge (M) and to end the turn (E), the victory tiles each side holds and the count
//! towards the 64-turn draw.
use super::merge::{MergeBuilder, MergeIntent};
use super::{KelasuStage, kelasu};
use crate::host::grid::{ActiveMatch, GridReview, GridSystems, Intent};
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use game_api::{Decision, Game, Match};
use kelasu_rules::{Kelasu, Side, zone};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        bar.in_set(GridSystems)
            .run_if(in_state(KelasuStage::Playing)),
    )
    .add_systems(
        Update,
        keys.run_if(not(egui_wants_any_keyboard_input))
            .run_if(in_state(KelasuStage::Playing))
            .before(crate::host::grid::GridGameSet)
            .in_set(GridSystems),
    );
}

/// The turn's energy: what is left, and what it started with (the energy at the state where
/// this turn began).
pub fn energy(m: &Match<Kelasu>) -> (i16, i16) {
    let g = m.game();
    let mut steps = m.history().len();
    while steps > 0 && !g.at_turn_start(m.state_after(steps)) {
        steps -= 1;
    }
    let left = m.state().energy();
    let began = m.state_after(steps);
    if !g.at_turn_start(began) {
        // Started from a text in the middle of a turn: the turn began with the mover's Stones
        // ("At the start of each turn, your Energy is calculated as the number of Stones you have").
        let mover = m.state().to_move();
        let stones = m
            .state()
            .pieces()
            .filter(|(_, q)| q.side == mover && q.kind == kelasu_rules::Kind::Stone)
            .count() as i16;
        return (left, stones.max(left));
    }
    (left, began.energy().max(left))
}

/// The index of the action ending the turn, when the rules offer it.
pub fn end_index(m: &ActiveMatch) -> Option<usize> {
    m.actions().iter().position(|a| a.kind == "end")
}

/// Why `end` is not offered now, in the rules' words (the app does not judge it): asked of the
/// rules for `end` alone, with no listing of every action (a review found every merge listed
/// on each redrawn frame to build the button's hover).
pub fn why_no_end(km: &Match<Kelasu>) -> game_api::Refusal {
    match (km.decision(), km.actor()) {
        (Decision::Over(_), _) => game_api::Refusal::game_over(),
        (_, Some(actor)) => km
            .game()
            .refusal(km.state(), actor, kelasu_rules::Action::End),
        (_, None) => game_api::Refusal::not_your_turn(),
    }
}

/// What E does now.
#[derive(Debug, PartialEq, Eq)]
pub enum EndKey {
    /// Ends the turn: the match's action `end` at this index.
    Play(usize),
    /// Nothing for the person to do: the computer is to move.
    Wait(&'static str),
    /// The rules' refusal of `end`, said as the button's hover says it.
    Refused(String),
}

/// What E does in `m` with these computer seats: on the computer's turn its `end` is its own,
/// as the End button and M say (a review found the rules' refusal of the computer's `end`
/// shown to the person); else `end` when offered, or why not (a review found the key silent).
pub fn end_key(m: &ActiveMatch, seats: &crate::host::grid::ComputerSeats) -> EndKey {
    if m.decider().is_some_and(|p| seats.plays(p).is_some()) {
        return EndKey::Wait(crate::host::grid::COMPUTER_TO_MOVE);
    }
    match (end_index(m), kelasu(m)) {
        (Some(i), _) => EndKey::Play(i),
        (None, Some(km)) => EndKey::Refused(why_no_end(km).to_string()),
        (None, None) => EndKey::Refused(game_api::Refusal::not_your_turn().to_string()),
    }
}

/// E ends the turn, M opens or closes the merge builder.
#[allow(clippy::too_many_arguments)]
fn keys(
    k: Res<ButtonInput<KeyCode>>,
    letters: Res<ButtonInput<bevy::input::keyboard::Key>>,
    m: Res<ActiveMatch>,
    review: Res<GridReview>,
    blocked: Res<crate::host::grid::GridBlocked>,
    seats: Res<crate::host::grid::ComputerSeats>,
    mut status: ResMut<crate::host::grid::GridStatus>,
    mut play: MessageWriter<Intent>,
    mut merge: MessageWriter<MergeIntent>,
    clock: Query<&Window, With<crate::host::table_clock::window::ClockWindow>>,
) {
    // Keys typed into the clock's window are the clock's alone.
    if blocked.0 || review.0.is_some() || crate::host::table_clock::clock_has_keys(&clock) {
        return;
    }
    let ctrl = k.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl {
        return;
    }
    if crate::host::letter_keys::just_pressed(&k, &letters, "e") {
        match end_key(&m, &seats) {
            EndKey::Play(i) => {
                play.write(Intent::Play(i));
            }
            EndKey::Wait(why) => {
                status.refusal = None;
                status.info = Some(why.into());
            }
            EndKey::Refused(why) => status.refusal = Some(why),
        }
    }
    if crate::host::letter_keys::just_pressed(&k, &letters, "m") {
        merge.write(MergeIntent::Toggle);
    }
}

fn pip_row(ui: &mut egui::Ui, left: i16, of: i16, colour: egui::Color32) {
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(22.0 * of.max(1) as f32, 20.0),
        egui::Sense::hover(),
    );
    let p = ui.painter();
    for i in 0..of.max(0) {
        let c = egui::pos2(rect.left() + 11.0 + 22.0 * i as f32, rect.center().y);
        if i < left {
            p.circle_filled(c, 8.0, colour);
        } else {
            p.circle_stroke(c, 7.5, egui::Stroke::new(1.5, colour));
        }
    }
}

fn side_colour(side: Side) -> egui::Color32 {
    let (fill, _) = super::COLOURS[side.player().0 as usize];
    let c = fill.to_srgba();
    egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    )
}

fn bar(
    mut contexts: EguiContexts,
    m: Res<ActiveMatch>,
    builder: Res<MergeBuilder>,
    review: Res<GridReview>,
    seats: Res<crate::host::grid::ComputerSeats>,
    mut play: MessageWriter<Intent>,
    mut merge: MessageWriter<MergeIntent>,
    mut settle: Local<crate::host::settle::Settle<Option<u8>>>,
) -> Result {
    let Some(km) = kelasu(&m) else { return Ok(()) };
    let computers_turn = m.decider().is_some_and(|p| seats.plays(p).is_some());
    let ctx = contexts.ctx_mut()?;
    let s = km.state();
    let over = matches!(m.game.decision(), Decision::Over(_));
    egui::Area::new(egui::Id::new("kelasu-turn-bar"))
        .fixed_pos(egui::pos2(16.0, 10.0))
        .show(ctx, |ui| {
            // Left of the side panel, in any type size.
            let room = ctx.viewport_rect().width() - crate::host::grid::panel::PANEL_WIDTH - 32.0;
            ui.set_width(room.clamp(200.0, 530.0));
            let side = s.to_move();
            if !over {
                let (left, of) = energy(km);
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        egui::RichText::new(format!("{} to play", side.name()))
                            .size(20.0)
                            .strong()
                            .color(side_colour(side)),
                    );
                    ui.add_space(12.0);
                    ui.label(egui::RichText::new("Energy").size(16.0));
                    pip_row(ui, left.max(0), of, side_colour(side));
                    ui.label(egui::RichText::new(format!("{} of {of}", left.max(0))).size(16.0));
                });
                // Off on the computer's turn: its End and merges are its own.
                let live = review.0.is_none() && !computers_turn;
                ui.horizontal_wrapped(|ui| {
                    let end = end_index(&m);
                    // Why the button is off: the rules' own refusal of `end` (the app does
                    // not judge it).
                    // Handed to the other player, "End turn" settles first (`host::settle`):
                    // with passing allowed it is on at a turn's start, and the second click of a
                    // double-click on Blue's would end Red's turn too (a review).
                    let left = settle.settling_in(ui.ctx(), m.decider().map(|p| p.0));
                    let why_not = if computers_turn {
                        "the computer is to move".to_string()
                    } else if left.is_some() {
                        "a moment: the turn has just passed".to_string()
                    } else if !live {
                        "return to the live game first".to_string()
                    } else if end.is_none() {
                        why_no_end(km).why
                    } else {
                        String::new()
                    };
                    if ui
                        .add_enabled(
                            live && end.is_some() && left.is_none(),
                            egui::Button::new(egui::RichText::new("End turn (E)").size(16.0)),
                        )
                        .on_disabled_hover_text(why_not)
                        .clicked()
                        && let Some(i) = end
                    {
                        play.write(Intent::Play(i));
                    }
                    let label = if builder.open {
                        "Close merge (M)"
                    } else {
                        "Merge Blanks… (M)"
                    };
                    if ui
                        .add_enabled(
                            live,
                            egui::Button::new(egui::RichText::new(label).size(16.0)),
                        )
                        .clicked()
                    {
                        merge.write(MergeIntent::Toggle);
                    }
                    // "You cannot move the same piece twice in the same turn": which ones.
                    let moved: Vec<String> = s.moved().squares().map(|q| q.name()).collect();
                    if !moved.is_empty() {
                        ui.label(format!("moved this turn (once each): {}", moved.join(", ")))
                            .on_hover_text(
                                "You cannot move the same piece twice in the same turn.",
                            );
                    }
                });
            }
            let held = |side: Side| {
                zone::VICTORY_TILES
                    .iter()
                    .filter(|&&t| s.piece_at(t).is_some_and(|q| q.side == side))
                    .count()
            };
            let quiet = km
                .game()
                .options
                .quiet_full_turns
                .map(|n| format!(" · quiet turns {} of {n}", s.quiet().max(0) / 2))
                .unwrap_or_default();
            ui.label(
                egui::RichText::new(format!(
                    "Victory tiles (gold, E4 E5 F4 F5): Blue holds {}, Red {}{quiet}",
                    held(Side::Blue),
                    held(Side::Red)
                ))
                .size(14.0),
            );
        });
    Ok(())
}
