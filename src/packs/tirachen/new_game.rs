//! The new-game dialog (the options the rule text leaves to the players, and an optional
//! position text to start from), the masters' choice (arms, spells and hunt totalling nine), and
//! the hand-over screen between two secret choices so neither player sees the other's.
use super::{HandedOver, NewGameError, NewTirachen, ResumeTirachen, TirachenStage, choice_index};
use crate::host::grid::start_form::StartChoice;
use crate::host::grid::{ActiveMatch, Intent, SaveRoot};
use crate::host::{OpenScreen, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use game_api::{Decision, Player};
use tirachen_rules::{MasterChoice, Masters, Side, TirachenOptions};

/// The dialog's fields.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct NewGameForm {
    pub options: TirachenOptions,
    pub quiet: u16,
    pub position: String,
}

impl Default for NewGameForm {
    fn default() -> Self {
        let options = TirachenOptions::default();
        NewGameForm {
            options,
            quiet: options.quiet_turn_limit.unwrap_or(100),
            position: String::new(),
        }
    }
}

/// The masters being chosen (hunt makes up the nine).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MastersForm {
    pub arms: u8,
    pub spells: u8,
}

impl Default for MastersForm {
    fn default() -> Self {
        MastersForm { arms: 3, spells: 3 }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewGameForm>()
        .init_resource::<MastersForm>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                dialog.run_if(in_state(TirachenStage::NewGame)),
                masters.run_if(in_state(TirachenStage::Masters)),
                handover.run_if(in_state(TirachenStage::Handover)),
            )
                .after(crate::host::grid::GridSystems),
        )
        .add_systems(OnEnter(TirachenStage::Masters), reset_masters);
}

fn reset_masters(mut form: ResMut<MastersForm>) {
    *form = MastersForm::default();
}

fn dialog(
    mut contexts: EguiContexts,
    mut form: ResMut<NewGameForm>,
    error: Res<NewGameError>,
    m: Option<Res<ActiveMatch>>,
    saves: Res<SaveRoot>,
    mut out: MessageWriter<NewTirachen>,
    mut resume: MessageWriter<ResumeTirachen>,
    mut screens: MessageWriter<OpenScreen>,
    mut next: ResMut<NextState<TirachenStage>>,
    seats: Res<crate::host::grid::ComputerSeats>,
    mut draft: ResMut<crate::host::grid::computer::SeatDraft>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let has_game = m.as_ref().is_some_and(|m| m.screen == Screen::Tirachen);
    let game_unplayed = m.as_ref().is_some_and(|m| m.unplayed());
    let autosave = super::autosave_path(&saves);
    // A game in progress here is the autosaved one ("Back to the game").
    egui::Window::new("New game of Tirachen")
        .collapsible(false)
        .resizable(false)
        .fixed_pos(egui::pos2(60.0, 160.0))
        .fixed_size(egui::vec2(440.0, 520.0))
        .show(ctx, |ui| {
            ui.label(
                "Each side deploys a Fort, a Commander, nine Pikes and nine masters of its choice.",
            );
            draft.picker(ui, ["Red", "White"], &seats);
            let o = &mut form.options;
            ui.separator();
            ui.label(egui::RichText::new("The masters are chosen").strong());
            ui.radio_value(
                &mut o.masters,
                MasterChoice::Open,
                "openly, in turn (each sees the other's choice)",
            );
            ui.radio_value(
                &mut o.masters,
                MasterChoice::Secret,
                "in secret (hand the board over between the choices)",
            );
            ui.label(egui::RichText::new("First to play").strong());
            ui.horizontal(|ui| {
                ui.radio_value(&mut o.first, Side::Red, "Red");
                ui.radio_value(&mut o.first, Side::White, "White");
            });
            ui.checkbox(
                &mut o.deployment_captures,
                "captures allowed while deploying",
            );
            ui.checkbox(
                &mut o.fort_ring_must_be_clear,
                "a Fort may not be placed next to an opposing piece (house rule)",
            );
            ui.checkbox(
                &mut o.general_for_traitor,
                "the General may be sacrificed to control the Traitor (and loses, unless that completes the occupation)",
            );
            ui.checkbox(
                &mut o.no_action_loses,
                "a side with no legal action loses (off: the game is drawn, as a stalemate)",
            );
            let mut quiet_on = o.quiet_turn_limit.is_some();
            ui.horizontal(|ui| {
                ui.checkbox(&mut quiet_on, "draw after");
                ui.add_enabled(
                    quiet_on,
                    egui::DragValue::new(&mut form.quiet).range(1..=tirachen_rules::QUIET_TURNS_MAX),
                );
                ui.label("quiet turns");
            });
            let quiet = form.quiet;
            form.options.quiet_turn_limit = quiet_on.then_some(quiet);
            ui.separator();
            let choice = crate::host::grid::start_form::position_and_buttons(
                ui,
                &mut form.position,
                error.0.as_deref(),
                400.0,
                has_game,
                game_unplayed,
                &autosave,
            );
            match choice {
                Some(StartChoice::Start { position }) => {
                    draft.start();
                    out.write(NewTirachen {
                        options: form.options,
                        position,
                    });
                }
                Some(StartChoice::Resume) => {
                    // The autosave names its own seats.
                    draft.drop_draft();
                    resume.write(ResumeTirachen);
                }
                Some(StartChoice::Back) => {
                    draft.drop_draft();
                    // Back to the stage the game is at: an open choice of masters too (a
                    // review found it left as play, with no way to choose).
                    next.set(
                        m.as_deref()
                            .map_or(TirachenStage::Playing, |m| super::stage_for(m, &seats)),
                    );
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

/// The counts of masters a player is shown to have chosen (their tray), for the open choice.
fn chosen_by(m: &ActiveMatch, p: Player) -> Option<String> {
    let r = m.game.reserves(m.viewer());
    let tray = r.iter().find(|r| r.owner == p)?;
    let n = |code: &str| {
        tray.entries
            .iter()
            .find(|e| e.0 == code)
            .map(|e| e.2)
            .unwrap_or(0)
    };
    let total = n("S") + n("A") + n("W");
    (total > 0).then(|| {
        format!(
            "{} masters of arms, {} of spells, {} of the hunt",
            n("S"),
            n("A"),
            n("W")
        )
    })
}

fn masters(
    mut contexts: EguiContexts,
    m: Res<ActiveMatch>,
    mut form: ResMut<MastersForm>,
    mut out: MessageWriter<Intent>,
    seats: Res<crate::host::grid::ComputerSeats>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(p) = m.decider() else { return Ok(()) };
    let name = m.game.player_name(p);
    let other = m.game.player_name(p.other());
    let secret = matches!(m.game.decision(), Decision::Simultaneous { .. });
    egui::Window::new(format!("{name}: choose nine masters"))
        .collapsible(false)
        .resizable(false)
        // Over the side panel whatever the window's width (a review found a fixed spot over
        // the board's right half on a wide window).
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 520.0))
        .fixed_size(egui::vec2(370.0, 200.0))
        .show(ctx, |ui| {
            // (The computer's seat needs no telling: it chooses unseen.)
            if secret && seats.plays(p.other()).is_none() {
                ui.label(format!("In secret: {other}, look away."));
            } else if secret {
                ui.label(format!(
                    "In secret: {other} (the computer) does not see it."
                ));
            } else if let Some(c) = chosen_by(&m, p.other()) {
                ui.label(format!("{other} chose {c}."));
            }
            ui.add_space(6.0);
            let mut arms = form.arms;
            let mut spells = form.spells;
            ui.add(egui::Slider::new(&mut arms, 0..=Masters::TOTAL).text("masters of arms (S)"));
            spells = spells.min(Masters::TOTAL - arms);
            ui.add(
                egui::Slider::new(&mut spells, 0..=Masters::TOTAL - arms)
                    .text("masters of spells (A)"),
            );
            let hunt = Masters::TOTAL - arms - spells;
            ui.label(format!("masters of the hunt (W): {hunt}   (nine in all)"));
            form.arms = arms;
            form.spells = spells;
            let choice = Masters::new(arms, spells, hunt);
            let index = choice.and_then(|c| choice_index(&m, c));
            ui.add_space(8.0);
            let label = match choice {
                Some(c) => format!("Choose {c}"),
                None => "Choose".into(),
            };
            if ui
                .add_enabled(
                    index.is_some(),
                    egui::Button::new(egui::RichText::new(label).size(17.0)),
                )
                .clicked()
                && let Some(i) = index
            {
                out.write(Intent::Play(i));
            }
        });
    Ok(())
}

/// Between two secret choices: the window covers the board until the next player confirms.
fn handover(
    mut contexts: EguiContexts,
    m: Res<ActiveMatch>,
    mut out: MessageWriter<HandedOver>,
    mut settle: Local<crate::host::settle::Settle<(u8, usize, u64)>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(p) = m.decider() else { return Ok(()) };
    // The button waits a moment after the pane appears (`host::settle`): the second click of a
    // double-click on "Choose" does not hand the board over (a review found Veney's guarded,
    // Tirachen's not).
    let left = settle.settling_in(ctx, (p.0, m.game.history_len(), m.generation));
    let name = m.game.player_name(p);
    let other = m.game.player_name(p.other());
    let screen = ctx.viewport_rect();
    egui::Area::new(egui::Id::new("tirachen-handover"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            ui.painter()
                .rect_filled(screen, 0.0, egui::Color32::from_rgb(28, 26, 24));
            ui.set_min_size(screen.size());
            ui.vertical_centered(|ui| {
                ui.add_space(screen.height() * 0.38);
                let choosing = super::choosing(&m);
                // Both choices open again: the first was taken back (an undo).
                let again = matches!(m.game.decision(),
                    Decision::Simultaneous { waiting } if waiting.iter().count() > 1);
                if choosing && again {
                    ui.heading(format!("{name}'s choice was taken back."));
                    ui.label(format!(
                        "Hand the board to {name} to choose again, in secret; {other} chooses after."
                    ));
                } else if choosing {
                    ui.heading(format!("{other} has chosen in secret."));
                    ui.label(format!(
                        "Hand the board to {name}. {other}'s choice stays hidden until each master is placed."
                    ));
                } else {
                    ui.heading(format!("{name} to play."));
                    ui.label(format!(
                        "Hand the board to {name}: it shows {name}'s hidden masters, which {other} may not see."
                    ));
                }
                ui.add_space(16.0);
                let label = if choosing {
                    format!("I am {name}: let me choose")
                } else {
                    format!("I am {name}: show my board")
                };
                if ui
                    .add_enabled(
                        left.is_none(),
                        egui::Button::new(egui::RichText::new(label).size(18.0)),
                    )
                    .clicked()
                {
                    out.write(HandedOver(p));
                }
            });
        });
    Ok(())
}
