//! The egui side panel: turn and prompt, the reason a move was refused, the turn's buttons (end
//! turn, pass, glare, retreat, throw, withdraw), reserves and discards (click a reserve piece to
//! place it), the move list, undo/redo, new game, save/load, position text, the rules card of
//! the selected or hovered piece, and the display toggles.
use super::game::{Command, CurrentGame, Selected, Selection, Status, actions_from, explain_stuck};
use super::highlights::HighlightSettings;
use super::input::Hover;
use super::overlays::OverlaySettings;
use crate::host::audio::AudioSettings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use veney_rules::dice::DiceMethod;
use veney_rules::options::{RetreatLimit, RuleOptions, UntenablePolicy};
use veney_rules::setup_styles::FirstPlayerMethod;
use veney_rules::{Action, Side};

/// Width of the side panel in logical pixels.
pub const PANEL_WIDTH: f32 = 400.0;

/// The position text box's contents (for paste).
#[derive(Resource, Default)]
struct PositionBox(String);

/// The new-game dialog: the options the rulebook leaves to prior agreement (§2.0.19 step 1).
#[derive(Resource)]
pub struct NewGameDialog {
    pub open: bool,
    pub options: RuleOptions,
    /// White's and Black's set files (§2.0.23 asymmetric games).
    pub sets: [std::path::PathBuf; 2],
    /// Why a rule-option file could not be read.
    pub error: Option<String>,
}

impl Default for NewGameDialog {
    fn default() -> Self {
        let std = super::game::standard_set_path();
        NewGameDialog {
            open: false,
            options: RuleOptions::default(),
            sets: [std.clone(), std],
            error: None,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PositionBox>()
        .init_resource::<NewGameDialog>()
        .add_systems(
            EguiPrimaryContextPass,
            (side_panel, new_game_dialog, hug_dialog, handover_screen)
                .chain()
                .in_set(super::VeneySystems),
        );
}

/// The hand-over screen of a concealed setup: the board is empty until Black confirms.
fn handover_screen(
    mut contexts: EguiContexts,
    setup: Res<super::setup_screen::SetupSession>,
    mut out: MessageWriter<Command>,
) -> Result {
    let Some(s) = &setup.0 else {
        return Ok(());
    };
    if !s.handover {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Hand over")
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .fixed_pos(egui::pos2(40.0, 320.0))
        .fixed_size(egui::vec2(440.0, 200.0))
        .show(ctx, |ui| {
            ui.heading("White's stance is set and hidden.");
            ui.label("Hand the board to Black. Black arranges in secret too; both stances are revealed together (§2.0.19, Sittuyin-style concealed setup).");
            ui.add_space(12.0);
            if ui.button("I am Black — let me arrange").clicked() {
                out.write(Command::SetupHandover);
            }
        });
    Ok(())
}

/// The Hug (§2.0.23): after a draw, when the rules call for it, each player secretly hides the
/// Self (to hug) or the Dagger (to betray); White first while Black looks away.
fn hug_dialog(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    pick: Res<super::game::HugPick>,
    mut out: MessageWriter<Command>,
) -> Result {
    use veney_rules::hug::HugChoice;
    let g = &game.0;
    let draw = matches!(
        g.position().outcome(),
        Some(veney_rules::Outcome::Draw { .. })
    );
    if !(draw && g.rules.options.hug) || pick.settled == Some(g.position().hash()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Settle the draw with a Hug")
        .collapsible(false)
        .resizable(false)
        .default_pos(egui::pos2(120.0, 300.0))
        .show(ctx, |ui| {
            ui.label("Each player hides the Self (to hug) or the Dagger (to betray). Self and Self: the draw stands. One Dagger: that player wins by checkmate by touch. Two Daggers: both lose (§2.0.23).");
            let (who, next): (&str, fn(HugChoice) -> Command) = match pick.pick {
                None => ("White (Black looks away)", Command::HugPick),
                Some(_) => ("Hidden. Black (White looks away)", Command::Hug),
            };
            ui.strong(who);
            ui.horizontal(|ui| {
                if ui.button("Self: hug").clicked() {
                    out.write(next(HugChoice::Hug));
                }
                if ui.button("Dagger: betray").clicked() {
                    out.write(next(HugChoice::Betray));
                }
            });
        });
    Ok(())
}

fn new_game_dialog(
    mut contexts: EguiContexts,
    mut dialog: ResMut<NewGameDialog>,
    mut out: MessageWriter<Command>,
) -> Result {
    if !dialog.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = dialog.open;
    let mut start = false;
    egui::Window::new("New game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_pos(egui::pos2(120.0, 200.0))
        .show(ctx, |ui| {
            let files = super::game::set_files();
            for (i, who) in ["White's army", "Black's army"].iter().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(*who);
                    let shown = set_label(&dialog.sets[i]);
                    egui::ComboBox::from_id_salt(("army", i))
                        .selected_text(shown)
                        .show_ui(ui, |ui| {
                            for f in &files {
                                ui.selectable_value(&mut dialog.sets[i], f.clone(), set_label(f));
                            }
                        });
                });
            }
            // Presets: the rule-option files in config/rules/.
            ui.horizontal_wrapped(|ui| {
                ui.label("Options from");
                let mut files: Vec<std::path::PathBuf> = std::fs::read_dir("config/rules")
                    .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
                    .unwrap_or_default();
                files.sort();
                for f in files.iter().filter(|f| f.extension().is_some_and(|x| x == "ron")) {
                    let name = f.file_stem().unwrap_or_default().to_string_lossy().to_string();
                    if ui.button(&name).clicked() {
                        match RuleOptions::load(f) {
                            Ok(o) => dialog.options = o,
                            Err(e) => dialog.error = Some(e.to_string()),
                        }
                    }
                }
            });
            if let Some(e) = &dialog.error {
                ui.colored_label(egui::Color32::from_rgb(220, 90, 70), e);
            }
            let o = &mut dialog.options;
            ui.label("Agreed before the game (§2.0.19):");
            ui.horizontal(|ui| {
                ui.label("First player");
                ui.radio_value(&mut o.first_by, FirstPlayerMethod::Agreed, "agreed:");
                ui.radio_value(&mut o.first_player, Side::White, "White");
                ui.radio_value(&mut o.first_player, Side::Black, "Black");
                ui.radio_value(&mut o.first_by, FirstPlayerMethod::RandomDraw, "random drawing");
                ui.radio_value(&mut o.first_by, FirstPlayerMethod::Initiative, "initiative");
            });
            ui.horizontal(|ui| {
                use veney_rules::setup_styles::SetupStyle;
                ui.label("Setup");
                ui.radio_value(&mut o.setup_style, SetupStyle::Standard, "standard baselines");
                ui.radio_value(&mut o.setup_style, SetupStyle::Concealed, "concealed stances");
                ui.radio_value(&mut o.setup_style, SetupStyle::InTurns, "in turns");
            });
            let mut ruin = o.optional_pieces.iter().any(|p| p == "Ruin");
            if ui
                .checkbox(&mut ruin, "Play with the Ruin/Rien (§2.0.12)")
                .changed()
            {
                o.optional_pieces.retain(|p| p != "Ruin");
                if ruin {
                    o.optional_pieces.push("Ruin".into());
                }
            }
            ui.horizontal(|ui| {
                ui.label("Retreats each (§2.0.02)");
                let mut unlimited = o.retreat_limit == RetreatLimit::Unlimited;
                let mut n = match o.retreat_limit {
                    RetreatLimit::Limited(n) => n,
                    RetreatLimit::Unlimited => 1,
                };
                ui.checkbox(&mut unlimited, "unlimited");
                if !unlimited {
                    ui.add(egui::DragValue::new(&mut n).range(0..=9));
                }
                o.retreat_limit = if unlimited {
                    RetreatLimit::Unlimited
                } else {
                    RetreatLimit::Limited(n)
                };
            });
            ui.horizontal(|ui| {
                ui.label("Dagger Throw dice (§2.0.R1)");
                egui::ComboBox::from_id_salt("dice")
                    .selected_text(dice_name(o.dice))
                    .show_ui(ui, |ui| {
                        for d in [
                            DiceMethod::StickDice,
                            DiceMethod::CoinFlips,
                            DiceMethod::FlatOdds(6),
                            DiceMethod::FlatOdds(8),
                            DiceMethod::FlatOdds(10),
                            DiceMethod::FlatOdds(12),
                            DiceMethod::FlatOdds(20),
                            DiceMethod::GuessMeasureStep,
                            DiceMethod::PenAndPaper(6),
                        ] {
                            ui.selectable_value(&mut o.dice, d, dice_name(d));
                        }
                    });
            });
            ui.horizontal(|ui| {
                ui.label("Untenable moves (§2.0.22)");
                egui::ComboBox::from_id_salt("untenable")
                    .selected_text(format!("{:?}", o.untenable))
                    .show_ui(ui, |ui| {
                        for p in [
                            UntenablePolicy::Strict,
                            UntenablePolicy::Friendly,
                            UntenablePolicy::TimePenalty,
                            UntenablePolicy::TurnPenalty,
                            UntenablePolicy::PiecePenaltyAbsolute,
                            UntenablePolicy::PiecePenaltyLenient,
                            UntenablePolicy::SuddenDeath,
                            UntenablePolicy::DelayedReset,
                        ] {
                            ui.selectable_value(&mut o.untenable, p, format!("{p:?}"));
                        }
                    });
            });
            ui.small(if o.untenable == UntenablePolicy::Strict {
                "Strict: untenable moves are refused with the rule they break (teaching mode)."
            } else {
                "Playing with sand: an out-of-constraint move may be made; the opponent may call it."
            });
            ui.checkbox(&mut o.hug, "Settle draws with a Hug (§2.0.23)");
            ui.checkbox(&mut o.donkey, "Each player has a Donkey (§2.0.23)");
            ui.separator();
            if ui.button("Start").clicked() {
                start = true;
            }
        });
    if start {
        out.write(Command::NewGameWith(
            dialog.options.clone(),
            dialog.sets.clone(),
        ));
        open = false;
    }
    dialog.open = open;
    Ok(())
}

/// A set file as the player knows it: its set's name and file name.
pub fn set_label(path: &std::path::Path) -> String {
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().to_string())
        .unwrap_or_default();
    match std::fs::read_to_string(path).ok().and_then(|s| {
        s.split("name: \"")
            .nth(1)
            .map(|r| r.split('"').next().unwrap_or("").to_string())
    }) {
        Some(name) if !name.is_empty() => format!("{name} ({file})"),
        _ => file,
    }
}

fn dice_name(d: DiceMethod) -> String {
    match d {
        DiceMethod::StickDice => "stick-dice".into(),
        DiceMethod::CoinFlips => "coin flips".into(),
        DiceMethod::FlatOdds(n) => format!("flat odds, d{n}"),
        DiceMethod::GuessMeasureStep => "guess by measure & step".into(),
        DiceMethod::PenAndPaper(n) => format!("pen & paper, 1–{n}"),
    }
}

#[allow(clippy::too_many_arguments)]
fn side_panel(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    sel: Res<Selection>,
    status: Res<Status>,
    hover: Res<Hover>,
    mut hl: ResMut<HighlightSettings>,
    mut ov: ResMut<OverlaySettings>,
    mut audio: ResMut<AudioSettings>,
    mut pbox: ResMut<PositionBox>,
    mut dialog: ResMut<NewGameDialog>,
    mut style: ResMut<super::pieces::PieceStyle>,
    viewing: Res<super::game::Viewing>,
    (choice, hidden, setup): (
        Res<super::game::FacingChoice>,
        Res<super::game::HiddenPick>,
        Res<super::setup_screen::SetupSession>,
    ),
    (mut view, mut workshop): (
        ResMut<super::board::BoardView>,
        ResMut<super::workshop::Workshop>,
    ),
    mut out: MessageWriter<Command>,
    mut screens: MessageWriter<crate::host::OpenScreen>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let g = &game.0;
    let rules = &g.rules;
    let pos = g.position();
    let legal = g.legal_actions();
    let side = pos.turn();
    let mut ui = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::right("side")
        .exact_size(PANEL_WIDTH)
        .resizable(false)
        .show(&mut ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.heading("Veney");
                    if ui.small_button("< Games").on_hover_text("Back to the title screen (this game is kept)").clicked() {
                        screens.write(crate::host::OpenScreen(crate::host::Screen::Title));
                    }
                });
                ui.label(egui::RichText::new(&status.prompt).size(16.0).strong());
                if let Some(r) = &status.refusal {
                    ui.colored_label(
                        egui::Color32::from_rgb(220, 90, 70),
                        format!("Untenable: {r}"),
                    );
                }
                if let Some(i) = &status.info {
                    ui.colored_label(egui::Color32::from_rgb(190, 180, 150), i);
                }
                // A concealed or in-turns setup (§2.0.19): the pieces still to set down.
                if let Some(s) = setup.0.as_ref().filter(|s| !s.handover) {
                    let side_now = s.side();
                    ui.group(|ui| {
                        if !s.handover {
                            ui.label(format!("{side_now} still to set up (click one, then a marked square):"));
                            ui.horizontal_wrapped(|ui| {
                                let mut seen: Vec<veney_rules::Kind> = Vec::new();
                                for k in s.remaining(side_now) {
                                    if seen.contains(&k) {
                                        continue;
                                    }
                                    seen.push(k);
                                    let n = s.remaining(side_now).iter().filter(|x| **x == k).count();
                                    let name = s.rules.set(side_now).piece(k).name().to_string();
                                    if ui
                                        .selectable_label(s.selected == Some(k), format!("{name} ×{n}"))
                                        .clicked()
                                    {
                                        out.write(Command::SetupPick(k));
                                    }
                                }
                            });
                        }
                        let label = if s.complete() {
                            Some("Reveal both stances and begin")
                        } else if s.turns.is_none() && s.side_done() && !s.handover {
                            Some("Done: hide my stance and hand over to Black")
                        } else {
                            None
                        };
                        if let Some(l) = label {
                            if ui.button(l).clicked() {
                                out.write(Command::SetupReady);
                            }
                        }
                    });
                }
                // Why the hovered piece cannot move.
                if let Some(sq) = hover.0 {
                    if let Some((s, _)) = pos.piece_at(sq) {
                        if s == side
                            && !pos.is_game_over()
                            && actions_from(g, Selected::Board(sq)).is_empty()
                        {
                            ui.small(explain_stuck(g, Selected::Board(sq)));
                        }
                    }
                }
                // The guess methods' hidden pick (§2.0.R1): the defender hides, the thrower guesses.
                if matches!(pos.phase(), veney_rules::Phase::Throw { .. })
                    && rules.options.dice.is_guess()
                {
                    let n = veney_rules::special::dagger_throw::sticks(rules, pos, side)
                        .unwrap_or(1);
                    let places = rules.options.dice.guess_places(n).unwrap_or(1);
                    ui.group(|ui| {
                        match hidden.0 {
                            None => {
                                ui.strong(format!(
                                    "Dagger Throw — {}: hide the token in one of {places} places while {side} looks away",
                                    !side
                                ));
                                ui.horizontal_wrapped(|ui| {
                                    for i in 0..places {
                                        if ui.button(format!("{:>2}", i + 1)).clicked() {
                                            out.write(Command::Hide(i));
                                        }
                                    }
                                });
                            }
                            Some(_) => {
                                ui.strong(format!(
                                    "Hidden. {side}: guess where the token is (1 in {places} hits)"
                                ));
                                ui.horizontal_wrapped(|ui| {
                                    for i in 0..places {
                                        if ui.button(format!("{:>2}", i + 1)).clicked() {
                                            out.write(Command::Guess(i));
                                        }
                                    }
                                });
                            }
                        }
                        if ui.small_button("or let the game's dice decide (R)").clicked() {
                            out.write(Command::Roll);
                        }
                    });
                }
                // An oriented piece lands facing a way of the player's choosing (R-ORIENTED).
                if !choice.0.is_empty() {
                    ui.horizontal_wrapped(|ui| {
                        ui.label("Land facing:");
                        for a in &choice.0 {
                            if let Action::Move(m) = a {
                                let name = ["forward", "right", "back", "left"]
                                    [m.face.unwrap_or(0) as usize & 3];
                                if ui.button(name).clicked() {
                                    out.write(Command::Play(*a));
                                }
                            }
                        }
                    });
                }
                ui.separator();
                // No turn buttons or reserves while the players set up (§2.0.19).
                let setting_up = setup.0.is_some();
                if !setting_up {
                ui.horizontal_wrapped(|ui| {
                    if legal.contains(&Action::EndTurn) && ui.button("End turn (Space)").clicked() {
                        out.write(Command::Play(Action::EndTurn));
                    }
                    let pass_label = if pos.passes() == 1 {
                        "Refuse the pass: pass back (---)"
                    } else {
                        "Pass (---)"
                    };
                    if legal.contains(&Action::Pass) && ui.button(pass_label).clicked() {
                        out.write(Command::Play(Action::Pass));
                    }
                    for a in &legal {
                        if let Action::Glare { from } = a {
                            if ui.button(format!("Glare from {from}")).clicked() {
                                out.write(Command::Play(*a));
                            }
                        }
                    }
                    if pos.dying() == Some(side) && ui.button("Acknowledge defeat").clicked() {
                        out.write(Command::Acknowledge);
                    }
                    if g.callable() && ui.button("Call it untenable!").clicked() {
                        out.write(Command::CallUntenable);
                    }
                    for a in &legal {
                        match a {
                            Action::Cast { kind, from, .. } => {
                                let name = rules.set(side).piece(*kind).name();
                                let device = match rules.info(side, *kind).cast {
                                    Some(veney_rules::special::cast_piece::Device::FireDance) => {
                                        "Fire Dance"
                                    }
                                    Some(
                                        veney_rules::special::cast_piece::Device::ObscurantChaos,
                                    ) => "Obscurant Chaos",
                                    Some(veney_rules::special::cast_piece::Device::Shima) => {
                                        "Shima"
                                    }
                                    None => "",
                                };
                                let whence = from
                                    .map_or("from reserve".to_string(), |s| format!("from {s}"));
                                if ui
                                    .button(format!("Cast the {name} {whence} ({device})"))
                                    .clicked()
                                {
                                    out.write(Command::Play(*a));
                                }
                            }
                            Action::Invoke { at } => {
                                if ui
                                    .button(format!("Spring the Obscurant Chaos trap on {at}"))
                                    .clicked()
                                {
                                    out.write(Command::Play(*a));
                                }
                            }
                            _ => {}
                        }
                    }
                    if matches!(pos.phase(), veney_rules::Phase::Cast { .. })
                        && ui.button("Toss it (R)").clicked()
                    {
                        out.write(Command::Roll);
                    }
                    if legal.contains(&Action::Retreat) && ui.button("Retreat (==)").clicked() {
                        out.write(Command::Play(Action::Retreat));
                    }
                    let guessing = rules.options.dice.is_guess();
                    if matches!(pos.phase(), veney_rules::Phase::Throw { .. }) && !guessing {
                        let n = veney_rules::special::dagger_throw::sticks(rules, pos, side)
                            .unwrap_or(0);
                        let (a, b) = rules.options.dice.hit_odds(n);
                        if ui
                            .button(format!("Throw the sticks (R) — {n} sticks, {a}/{b}"))
                            .clicked()
                        {
                            out.write(Command::Roll);
                        }
                    }
                    if let Some(at) =
                        veney_rules::special::cast_piece::interrupt_square(rules, pos)
                    {
                        if ui
                            .button(format!("{}: spring the trap on {at}!", !side))
                            .clicked()
                        {
                            out.write(Command::Interrupt);
                        }
                    }
                    if let Some(Selected::Board(sq)) = sel.0 {
                        for a in &legal {
                            if matches!(a, Action::Withdraw { from, .. } if *from == sq)
                                && ui.button(format!("Withdraw the piece on {sq}")).clicked()
                            {
                                out.write(Command::Play(*a));
                            }
                        }
                    }
                    let free_moves = legal
                        .iter()
                        .any(|a| super::game::origin(a) == Some(Selected::Free));
                    if free_moves && ui.button("Free engagement").clicked() {
                        out.write(Command::SelectFree);
                    }
                    if legal
                        .iter()
                        .any(|a| matches!(a, Action::PlaceDonkey { .. }))
                        && ui.button("Place the Donkey").clicked()
                    {
                        out.write(Command::SelectDonkey);
                    }
                    if matches!(pos.phase(), veney_rules::Phase::DonkeyMove { .. })
                        && ui.button("The Donkey moves (R)").clicked()
                    {
                        out.write(Command::Roll);
                    }
                });
                // Every other action the rules offer that no click on the board makes, named in
                // notation: the free engagement's meta-moves (aw az a+ a-, a=, a==), declaring
                // and enacting intention, springing the trap, the stance of hirakamae…
                let others: Vec<&Action> = legal
                    .iter()
                    .filter(|a| {
                        super::game::origin(a).is_none()
                            && !matches!(
                                a,
                                Action::EndTurn
                                    | Action::Pass
                                    | Action::Glare { .. }
                                    | Action::Cast { .. }
                                    | Action::Retreat
                                    | Action::Roll(_)
                                    | Action::Land(_)
                                    | Action::Donkey(_)
                                    | Action::Withdraw { .. }
                            )
                    })
                    .collect();
                if !others.is_empty() {
                    ui.horizontal_wrapped(|ui| {
                        for a in others {
                            let n = veney_rules::notation::San::of_action(rules, pos, &legal, a)
                                .to_string();
                            let (label, why) = match a {
                                Action::Meta(_) => (
                                    format!("meta-move {n}"),
                                    "move the free engagement along the grid before your move (§2.0.05)",
                                ),
                                Action::Declare { .. } => (
                                    format!("declare {n}"),
                                    "declare an intention: the blade strikes next turn; ends your turn (§2.0.11)",
                                ),
                                Action::Enact { .. } => (
                                    format!("strike {n}"),
                                    "enact your declared intention (§2.0.11)",
                                ),
                                Action::Invoke { .. } => (
                                    format!("spring the trap {n}"),
                                    "Obscurant Chaos: the technical piece on your cast-square is lost (§2.0.18)",
                                ),
                                Action::QuibbleReset => (
                                    format!("reset the board {n}"),
                                    "after quibbling over the free engagement (§2.0.20)",
                                ),
                                _ => (n, ""),
                            };
                            if ui.button(label).on_hover_text(why).clicked() {
                                out.write(Command::Play(*a));
                            }
                        }
                    });
                }
                }
                ui.horizontal_wrapped(|ui| {
                    if ui.button("Undo (Ctrl+Z)").clicked() {
                        out.write(Command::Undo);
                    }
                    if ui.button("Redo (Ctrl+Y)").clicked() {
                        out.write(Command::Redo);
                    }
                    if ui.button("Set workshop…").clicked() {
                        workshop.open = !workshop.open;
                    }
                    if ui.button("New game…").clicked() {
                        dialog.open = true;
                    }
                    if !pos.is_game_over() && ui.button("Resign").clicked() {
                        out.write(Command::Resign);
                    }
                    if ui.button("Save").clicked() {
                        out.write(Command::Save(Default::default()));
                    }
                    if ui.button("Load").clicked() {
                        out.write(Command::Load(Default::default()));
                    }
                    if ui
                        .button("Export moves")
                        .on_hover_text("the move list in notation: saves/moves.txt, and the clipboard")
                        .clicked()
                    {
                        ui.ctx().copy_text(g.record());
                        out.write(Command::ExportMoves(Default::default()));
                    }
                });
                ui.separator();
                for s in Side::ALL.into_iter().filter(|_| !setting_up) {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(egui::RichText::new(format!("{s} reserve:")).strong());
                        for k in rules.set(s).kinds() {
                            let n = pos.reserve(s, k);
                            if n == 0 {
                                continue;
                            }
                            let name = rules.set(s).piece(k).name();
                            let text = format!("{name} ×{n}");
                            if s == side && !pos.is_game_over() {
                                let picked = sel.0 == Some(Selected::Reserve(k));
                                if ui.selectable_label(picked, text).clicked() {
                                    out.write(Command::SelectReserve(k));
                                }
                            } else {
                                ui.label(text);
                            }
                        }
                    });
                    let lost: Vec<String> = rules
                        .set(s)
                        .kinds()
                        .filter(|&k| pos.discard(s, k) > 0)
                        .map(|k| format!("{} ×{}", rules.set(s).piece(k).name(), pos.discard(s, k)))
                        .collect();
                    if !lost.is_empty() {
                        ui.small(format!("{s} discard: {}", lost.join(", ")));
                    }
                }
                ui.separator();
                // Rules card of the selected or hovered piece.
                let card_sq = match sel.0 {
                    Some(Selected::Board(sq)) => Some(sq),
                    _ => hover.0,
                };
                let card = match (sel.0, card_sq.and_then(|sq| pos.piece_at(sq))) {
                    (Some(Selected::Reserve(k)), _) => Some((side, k)),
                    (_, Some(p)) => Some(p),
                    _ => None,
                };
                if let Some((s, k)) = card {
                    let def = &rules.set(s).piece(k).def;
                    ui.label(
                        egui::RichText::new(format!(
                            "{} ({}) — {}",
                            def.name, def.letter, def.section
                        ))
                        .strong(),
                    );
                    ui.label(&def.card);
                    if !def.specials.is_empty() {
                        let names: Vec<String> =
                            def.specials.iter().map(|x| format!("{x:?}")).collect();
                        ui.small(format!("Specials: {}", names.join(", ")));
                    }
                    ui.separator();
                }
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new("Moves").strong());
                    if viewing.0.is_some() && ui.button("Return to live").clicked() {
                        out.write(Command::View(None));
                    }
                    if ui
                        .button("⏮")
                        .on_hover_text("the starting position")
                        .clicked()
                    {
                        out.write(Command::View(Some(0)));
                    }
                });
                egui::ScrollArea::vertical()
                    .id_salt("moves")
                    .max_height(180.0)
                    .stick_to_bottom(true)
                    .show(ui, |ui| {
                        let turns = g.turns_notation();
                        for (i, (before, text)) in turns.iter().enumerate() {
                            let n = before.turn_number();
                            let who = if before.turn() == Side::White {
                                "."
                            } else {
                                "..."
                            };
                            // Click a turn to see the position after it.
                            let shown = viewing.0 == Some(i + 1);
                            let label = egui::RichText::new(format!("{n}{who} {text}")).monospace();
                            if ui.selectable_label(shown, label).clicked() {
                                out.write(Command::View(Some(i + 1)));
                            }
                        }
                    });
                ui.separator();
                ui.label(egui::RichText::new("Position").strong());
                ui.horizontal(|ui| {
                    if ui.button("Copy").clicked() {
                        ui.ctx().copy_text(pos.to_text(rules));
                    }
                    if ui.button("Set up pasted").clicked() {
                        out.write(Command::SetPosition(pbox.0.trim().to_string()));
                    }
                });
                ui.add(egui::TextEdit::singleline(&mut pbox.0).hint_text("paste a position text"));
                ui.separator();
                ui.collapsing("Display and sound", |ui| {
                    ui.checkbox(&mut style.letters, "Letters on the pieces");
                    ui.checkbox(&mut hl.legal_moves, "Highlight legal moves");
                    ui.checkbox(&mut hl.last_turn, "Highlight the last turn");
                    ui.checkbox(
                        &mut ov.selected_zone,
                        "Range constraint of the selected piece",
                    );
                    ui.checkbox(&mut ov.all_zones, "Every constrained piece's zone");
                    ui.checkbox(&mut ov.aspects, "Control and Presence measures");
                    ui.checkbox(&mut ov.throw_lines, "Dagger-throw lines and odds");
                    ui.checkbox(&mut ov.threats, "Threats on the Selves (red lines)");
                    ui.checkbox(&mut ov.patterns, "Movement pattern of the hovered piece");
                    let (mut flipped, mut auto) = (view.flipped, view.auto_flip);
                    ui.checkbox(&mut flipped, "Board flipped: Black at the bottom (F)");
                    ui.checkbox(&mut auto, "Auto-flip to the side to move (hot seat)");
                    if (flipped, auto) != (view.flipped, view.auto_flip) {
                        view.flipped = flipped;
                        view.auto_flip = auto;
                    }
                    ui.checkbox(&mut audio.muted, "Mute");
                    ui.add(egui::Slider::new(&mut audio.volume, 0.0..=1.0).text("Volume"));
                });
                ui.small(format!(
                    "Seed {} · rules: {:?} dice",
                    g.seed(),
                    rules.options.dice
                ));
            });
        });
    Ok(())
}
