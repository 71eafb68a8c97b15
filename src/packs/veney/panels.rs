//! The egui side panel: turn and prompt, the reason a move was refused, the turn's buttons (end
//! turn, pass, glare, retreat, throw, withdraw), reserves and discards (click a reserve piece to
//! place it), the move list, undo/redo, new game, save/load, position text, the rules card of
//! the selected or hovered piece, and the display toggles.
use super::game::{Command, CurrentGame, Selection, Status};
use super::highlights::HighlightSettings;
use super::input::Hover;
use super::overlays::OverlaySettings;
use crate::host::audio::AudioSettings;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use veney_rules::Side;
use veney_rules::dice::DiceMethod;
use veney_rules::options::{RetreatLimit, RuleOptions, UntenablePolicy};
use veney_rules::setup_styles::FirstPlayerMethod;

/// Width of the side panel in logical pixels.
pub const PANEL_WIDTH: f32 = 400.0;

/// The position text box's contents (for paste).
#[derive(Resource, Default)]
pub(super) struct PositionBox(pub String);

/// The "Load record…" fields: a file to read, or a record pasted.
#[derive(Resource)]
pub(super) struct RecordBox {
    pub path: String,
    pub text: String,
}

/// "Load record…" offers `moves.txt` in the saves' folder (`VENEY_SAVE_DIR`, else `saves/`),
/// the file "Export moves" writes, so an export loads back as it is (a review found `saves/`
/// hard-coded, and later `record.txt` offered beside the export's `moves.txt`).
impl FromWorld for RecordBox {
    fn from_world(world: &mut World) -> Self {
        let dir = world
            .get_resource::<super::game::SaveDir>()
            .cloned()
            .unwrap_or_default();
        RecordBox {
            path: dir.0.join("moves.txt").to_string_lossy().into_owned(),
            text: String::new(),
        }
    }
}

/// The new-game dialog: the options the rulebook leaves to prior agreement (§2.0.19 step 1).
#[derive(Resource)]
pub struct NewGameDialog {
    pub open: bool,
    pub options: RuleOptions,
    /// White's and Black's set files (§2.0.23 asymmetric games).
    pub sets: [std::path::PathBuf; 2],
    /// Why a rule-option file could not be read.
    pub error: Option<String>,
    /// The random drawing made at the table with a hidden hand (§2.0.19 step 4), on the secret
    /// screen, rather than by the game's seed.
    pub by_hand: bool,
    /// The seats picked for the next game: taken from the game in progress when the dialog
    /// opens, given to it only by Start (a review found the picker handing a seat of the game in
    /// progress to the computer, which moved behind the dialog).
    pub seats: Option<[Option<game_ai::Level>; 2]>,
    /// The game's seats the draft was begun from (`follow`).
    pub seats_from: Option<[Option<game_ai::Level>; 2]>,
    /// The pen-and-paper places last agreed in the dialog, kept while another dice method is
    /// picked (a review found them back at 6 on the way back).
    pub paper_places: u8,
}

impl NewGameDialog {
    /// The draft begun from the game in progress, as the dialog opens: its rule options and
    /// armies (a review found the dialog at the defaults after a Load under other options, Start
    /// then dropping them without a word).
    pub fn take_game(&mut self, rules: &veney_rules::Rules) {
        self.options = rules.options.clone();
        self.sets = [
            rules.set(veney_rules::Side::White).source.clone(),
            rules.set(veney_rules::Side::Black).source.clone(),
        ];
    }

    /// The seats' draft, begun afresh from the game's seats when they changed under the open
    /// dialog (a save loaded with its own `[Computer]` seats; a review found the loaded game's
    /// computer seat shown, and started, as a person's — as the grid games' `SeatDraft` does).
    pub fn follow(
        &mut self,
        seats: [Option<game_ai::Level>; 2],
    ) -> &mut [Option<game_ai::Level>; 2] {
        if self.seats.is_some() && self.seats_from != Some(seats) {
            self.seats = None;
        }
        if self.seats.is_none() {
            self.seats_from = Some(seats);
        }
        self.seats.get_or_insert(seats)
    }
}

impl Default for NewGameDialog {
    fn default() -> Self {
        let std = super::game::standard_set_path();
        NewGameDialog {
            open: false,
            options: RuleOptions::default(),
            sets: [std.clone(), std],
            error: None,
            by_hand: true,
            seats: None,
            seats_from: None,
            paper_places: 6,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PositionBox>()
        .init_resource::<RecordBox>()
        .init_resource::<NewGameDialog>()
        .add_systems(
            EguiPrimaryContextPass,
            (to_clipboard, side_panel, new_game_dialog)
                .chain()
                .in_set(super::VeneySystems),
        );
}

/// Puts on the clipboard the text an accepted command left for it (`Status::clipboard`).
fn to_clipboard(mut contexts: EguiContexts, mut status: ResMut<Status>) -> Result {
    if status.clipboard.is_some() {
        let ctx = contexts.ctx_mut()?;
        if let Some(text) = status.clipboard.take() {
            ctx.copy_text(text);
        }
    }
    Ok(())
}

fn new_game_dialog(
    mut contexts: EguiContexts,
    mut dialog: ResMut<NewGameDialog>,
    mut out: MessageWriter<Command>,
    seats: Res<super::computer::VeneyComputer>,
    mut pending: ResMut<super::computer::PendingSeats>,
    mut secrets: MessageWriter<super::secrets::SecretIntent>,
    game: Res<super::game::CurrentGame>,
    mut was_open: Local<bool>,
) -> Result {
    if !dialog.open {
        if dialog.seats.is_some() {
            dialog.seats = None;
        }
        *was_open = false;
        return Ok(());
    }
    if !*was_open {
        *was_open = true;
        dialog.take_game(&game.0.rules);
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = dialog.open;
    let mut start = false;
    let mut cancel = false;
    egui::Window::new("New game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_pos(egui::pos2(120.0, 200.0))
        .show(ctx, |ui| {
            let draft = dialog.follow(seats.0);
            crate::host::grid::computer::seat_picker(ui, ["White", "Black"], draft);
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
                            // A preset that loads clears an earlier one's error (a review found
                            // it shown for the rest of the session).
                            Ok(o) => {
                                dialog.options = o;
                                dialog.error = None;
                            }
                            Err(e) => dialog.error = Some(e.to_string()),
                        }
                    }
                }
            });
            if let Some(e) = &dialog.error {
                ui.colored_label(egui::Color32::from_rgb(220, 90, 70), e);
            }
            let dialog = &mut *dialog;
            let o = &mut dialog.options;
            ui.label("Agreed before the game (§2.0.19):");
            ui.horizontal(|ui| {
                ui.label("First player");
                ui.radio_value(&mut o.first_by, FirstPlayerMethod::Agreed, "agreed:");
                // A side is picked only as the agreed first player (a review found "Black"
                // shown picked beside "random drawing", which then drew).
                let agreed = o.first_by == FirstPlayerMethod::Agreed;
                for side in [Side::White, Side::Black] {
                    let on = agreed && o.first_player == side;
                    if ui.radio(on, side.to_string()).clicked() {
                        o.first_by = FirstPlayerMethod::Agreed;
                        o.first_player = side;
                    }
                }
                ui.radio_value(&mut o.first_by, FirstPlayerMethod::RandomDraw, "random drawing");
                ui.radio_value(&mut o.first_by, FirstPlayerMethod::Initiative, "initiative");
            });
            // The hidden hand decides on the standard baselines only (R-HIDDEN-HAND).
            if o.first_by == FirstPlayerMethod::RandomDraw
                && o.setup_style == veney_rules::setup_styles::SetupStyle::Standard
            {
                ui.checkbox(
                    &mut dialog.by_hand,
                    "drawn at the table: White hides the free engagement in one hand, Black guesses (§2.0.19)",
                );
            }
            ui.horizontal(|ui| {
                use veney_rules::setup_styles::SetupStyle;
                ui.label("Setup");
                ui.radio_value(&mut o.setup_style, SetupStyle::Standard, "standard baselines");
                ui.radio_value(&mut o.setup_style, SetupStyle::Concealed, "concealed stances");
                ui.radio_value(&mut o.setup_style, SetupStyle::InTurns, "in turns");
            });
            let mut ruin = with_ruin(o);
            if ui
                .checkbox(&mut ruin, "Play with the Ruin/Rien (§2.0.12)")
                .changed()
            {
                set_ruin(o, ruin);
            }
            ui.horizontal(|ui| {
                let mut apart = o.black_retreat_limit.is_some();
                ui.label(if apart {
                    "Retreats: White (§2.0.02)"
                } else {
                    "Retreats each (§2.0.02)"
                });
                retreat_limit_field(ui, &mut o.retreat_limit, "white");
                // "…or with different allowances between players of different skill".
                ui.checkbox(&mut apart, "Black's own:");
                if apart {
                    let mut black = o.black_retreat_limit.unwrap_or(o.retreat_limit);
                    retreat_limit_field(ui, &mut black, "black");
                    o.black_retreat_limit = Some(black);
                } else {
                    o.black_retreat_limit = None;
                }
            });
            // Pen and paper keeps the places agreed (a preset's 10 was lost on changing the
            // dice and back; a review found only 6 offered — §2.0.R1: "any other odds you've
            // agreed on").
            if let DiceMethod::PenAndPaper(n) = o.dice {
                dialog.paper_places = n;
            }
            let paper = dialog.paper_places;
            ui.horizontal(|ui| {
                ui.label("Dagger Throw dice (§2.0.R1)");
                egui::ComboBox::from_id_salt("dice")
                    .selected_text(o.dice.words())
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
                            DiceMethod::GuessSide,
                            DiceMethod::PenAndPaper(paper),
                        ] {
                            ui.selectable_value(&mut o.dice, d, d.words());
                        }
                    });
                if let DiceMethod::PenAndPaper(n) = &mut o.dice {
                    ui.add(egui::DragValue::new(n).range(2..=255))
                        .on_hover_text("the places on the paper: the throw hits at odds of 1 in this many");
                    ui.label("places");
                }
            });
            ui.horizontal(|ui| {
                ui.label("Untenable moves (§2.0.22)");
                egui::ComboBox::from_id_salt("untenable")
                    .selected_text(o.untenable.words())
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
                            ui.selectable_value(&mut o.untenable, p, p.words());
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
            ui.checkbox(
                &mut o.devices,
                "The more obscure devices: casting and Hirakamae (§2.0.18)",
            );
            ui.add_enabled(
                o.devices,
                egui::Checkbox::new(
                    &mut o.hirakamae_breaks,
                    "Hirakamae ends when the opponent breaks the stance",
                ),
            );
            ui.checkbox(
                &mut o.distraction_loses_dagger,
                "A distraction loses the Dagger too, as a miss does (§2.0.08)",
            )
            .on_hover_text(
                "Off (the default): one off-colour stick is a short success and the Dagger stays (R-THROW-DISTRACTION).",
            );
            ui.checkbox(
                &mut o.retreat_overflow_behind,
                "After a retreat, extra pieces go on the step behind, not to reserve (§2.0.02)",
            )
            .on_hover_text(
                "Pieces in play that do not fit on the starting step. Off (the default): into reserve. The text lets the retreating player choose either; here the players agree it before the game (R-RETREAT).",
            );
            ui.checkbox(
                &mut o.sword_steps_apart,
                "Any step with an engagement widens the Sword's range (§2.0.03)",
            )
            .on_hover_text(
                "Off (the text's parenthesis): the range grows step by step through steps holding your engagements, so a Sword never reaches while both Selves are in their first measures.",
            );
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Start").clicked() {
                    start = true;
                }
                // Or Esc: the game in progress goes on (a review found only the window's ×).
                if ui.button("Cancel").on_hover_text("Esc").clicked() {
                    cancel = true;
                }
            });
        });
    if cancel || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        open = false;
    }
    if start {
        // The new game's seats, once it begins (`PendingSeats`).
        pending.0 = dialog.seats;
        let o = &dialog.options;
        // The hidden hand is drawn on the standard baselines only (§2.0.19 step 4).
        if dialog.by_hand
            && o.first_by == FirstPlayerMethod::RandomDraw
            && o.setup_style == veney_rules::setup_styles::SetupStyle::Standard
        {
            secrets.write(super::secrets::SecretIntent::HandDraw(
                o.clone(),
                dialog.sets.clone(),
            ));
        } else {
            out.write(Command::NewGameWith(o.clone(), dialog.sets.clone()));
        }
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
    match std::fs::read_to_string(path)
        .ok()
        .and_then(|s| set_name(&s))
    {
        Some(name) if !name.is_empty() => format!("{name} ({file})"),
        _ => file,
    }
}

/// The set's own `name` field, read as RON reads it (a review found the first `name: "` of
/// the text taken: a piece's name, or one in a header comment).
fn set_name(src: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    #[serde(rename = "PieceSet")]
    struct Named {
        name: String,
    }
    ron::from_str::<Named>(src.trim_start_matches('\u{feff}'))
        .ok()
        .map(|n| n.name)
}

#[allow(clippy::too_many_arguments)]
pub(super) fn side_panel(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    sel: Res<Selection>,
    status: Res<Status>,
    hover: Res<Hover>,
    (mut hl, mut ov, mut audio): (
        ResMut<HighlightSettings>,
        ResMut<OverlaySettings>,
        ResMut<AudioSettings>,
    ),
    mut pbox: ResMut<PositionBox>,
    mut dialog: ResMut<NewGameDialog>,
    mut style: ResMut<super::pieces::PieceStyle>,
    viewing: Res<super::game::Viewing>,
    (choice, hidden, setup, draw): (
        Res<super::game::FacingChoice>,
        Res<super::game::HiddenPick>,
        Res<super::setup_screen::SetupSession>,
        Res<super::game::DrawOffer>,
    ),
    (mut view, mut workshop, mut rbox, mut clock): (
        ResMut<super::board::BoardView>,
        ResMut<super::workshop::Workshop>,
        ResMut<RecordBox>,
        MessageWriter<crate::host::table_clock::ClockIntent>,
    ),
    (computer_seats, thinking, pause, mut rules_window, trap): (
        Res<super::computer::VeneyComputer>,
        Res<super::computer::VeneyThinking>,
        Res<super::computer::VeneyPause>,
        ResMut<crate::host::rules_window::RulesWindow>,
        Res<super::computer::TrapWait>,
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
    // The workshop is marked changed only when its button toggles it: a change wakes the idle
    // app (`keep_awake`), so drawing the panel must not touch it.
    let mut workshop_open = workshop.open;
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
                let panel = super::side_panel::Panel {
                    g,
                    rules,
                    pos,
                    legal: &legal,
                    side,
                    sel: &sel,
                    status: &status,
                    hover: &hover,
                    viewing: &viewing,
                    choice: &choice,
                    hidden: &hidden,
                    draw: &draw,
                    setup: &setup,
                    computer: (&computer_seats, &thinking, &pause),
                    computer_trap: &trap,
                };
                // Edited as copies and written back only when changed: a `ResMut` lent as
                // `&mut` marks its resource changed every frame, and the board's marks and
                // overlays are rebuilt on every change (a review found them rebuilt every frame).
                let (mut hl2, mut ov2, mut audio2, mut style2, mut view2) =
                    (*hl, *ov, *audio, *style, *view);
                let settings = super::side_panel::Settings {
                    hl: &mut hl2,
                    ov: &mut ov2,
                    audio: &mut audio2,
                    style: &mut style2,
                    view: &mut view2,
                };
                super::side_panel::contents(
                    ui,
                    &panel,
                    &mut out,
                    &mut screens,
                    settings,
                    (&mut pbox, &mut rbox),
                    &mut dialog,
                    &mut workshop_open,
                    (&mut clock, &mut rules_window),
                );
                hl.set_if_neq(hl2);
                ov.set_if_neq(ov2);
                audio.set_if_neq(audio2);
                style.set_if_neq(style2);
                view.set_if_neq(view2);
            });
        });
    if workshop_open != workshop.open {
        workshop.open = workshop_open;
    }
    Ok(())
}

/// A retreat allowance (§2.0.02): unlimited, or a count — any a rules file gives (egui clamps a
/// value drawn outside its range: a review found a preset's limit of 12 lowered to 9 unseen).
fn retreat_limit_field(ui: &mut egui::Ui, limit: &mut RetreatLimit, id: &str) {
    let mut unlimited = *limit == RetreatLimit::Unlimited;
    let mut n = match *limit {
        RetreatLimit::Limited(n) => n,
        RetreatLimit::Unlimited => 1,
    };
    ui.push_id(id, |ui| {
        ui.checkbox(&mut unlimited, "unlimited");
        if !unlimited {
            ui.add(egui::DragValue::new(&mut n).range(0..=u8::MAX));
        }
    });
    *limit = if unlimited {
        RetreatLimit::Unlimited
    } else {
        RetreatLimit::Limited(n)
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_box_offers_the_saves_folder() {
        let mut world = World::new();
        world.insert_resource(super::super::game::SaveDir("elsewhere/games".into()));
        let b = RecordBox::from_world(&mut world);
        assert_eq!(
            std::path::Path::new(&b.path),
            std::path::Path::new("elsewhere/games/moves.txt")
        );
    }
}

/// Whether the options play with the Ruin: its name read in any case, as rule options read it
/// (a review found a preset's `"ruin"` shown unticked, and unticking it left the Ruin in).
fn with_ruin(o: &RuleOptions) -> bool {
    o.optional_pieces
        .iter()
        .any(|p| p.eq_ignore_ascii_case("Ruin"))
}

/// Plays with the Ruin or without it, however its name was written.
fn set_ruin(o: &mut RuleOptions, on: bool) {
    o.optional_pieces
        .retain(|p| !p.eq_ignore_ascii_case("Ruin"));
    if on {
        o.optional_pieces.push("Ruin".into());
    }
}

#[cfg(test)]
mod retreat_limit_tests {
    use super::*;

    /// `RetreatLimit::Limited(n)` takes any count: drawn, a preset's 12 stays 12 (a review found
    /// egui's range clamping it to 9 as the dialog showed it).
    #[test]
    fn a_limit_above_nine_survives_being_drawn() {
        let mut limit = RetreatLimit::Limited(12);
        egui::__run_test_ui(|ui| retreat_limit_field(ui, &mut limit, "white"));
        assert_eq!(limit, RetreatLimit::Limited(12));
    }
}

#[cfg(test)]
mod ruin_box_tests {
    use super::*;

    /// The set's label is its own `name`, wherever the field stands and whatever a comment or a
    /// piece calls itself.
    #[test]
    fn a_set_is_labelled_by_its_own_name_field() {
        let src = "// name: \"old\"\nPieceSet(pieces: [Piece(name: \"Self\")], name: \"Mine\")";
        assert_eq!(set_name(src).as_deref(), Some("Mine"));
        let shipped = std::fs::read_to_string("config/sets/fairy.ron").unwrap();
        assert!(set_name(&shipped).is_some_and(|n| !n.is_empty()));
    }

    #[test]
    fn the_ruin_box_reads_the_name_in_any_case() {
        let mut o = RuleOptions {
            optional_pieces: vec!["ruin".into()],
            ..Default::default()
        };
        assert!(with_ruin(&o), "a preset's lower-case name ticks the box");
        set_ruin(&mut o, false);
        assert!(o.optional_pieces.is_empty(), "{:?}", o.optional_pieces);
        set_ruin(&mut o, true);
        set_ruin(&mut o, true);
        assert_eq!(o.optional_pieces, vec!["Ruin".to_string()]);
    }
}

#[cfg(test)]
mod seat_tests {
    use super::NewGameDialog;
    use game_ai::Level;

    /// The dialog opens on the game in progress's options and armies (a review found it at the
    /// defaults after a Load under the Hug and the Donkey, Start then dropping them).
    #[test]
    fn the_dialog_begins_from_the_games_options() {
        let o = veney_rules::options::RuleOptions {
            hug: true,
            donkey: true,
            ..Default::default()
        };
        let r = veney_rules::Rules::standard_with(o.clone());
        let mut d = NewGameDialog::default();
        assert_ne!(d.options, o);
        d.take_game(&r);
        assert_eq!(d.options, o);
        assert_eq!(d.sets[0], r.set(veney_rules::Side::White).source);
    }

    /// The dialog's seats follow the game's when a Load changes them under it; a pick made
    /// since the game's seats last changed is the person's and stays.
    #[test]
    fn the_seats_draft_follows_a_load_under_the_open_dialog() {
        let mut d = NewGameDialog::default();
        let people = [None, None];
        assert_eq!(*d.follow(people), people);
        // The person picks the computer for Black.
        d.follow(people)[1] = Some(Level::Club);
        assert_eq!(
            *d.follow(people),
            [None, Some(Level::Club)],
            "the pick stays"
        );
        // A save with the computer on White is loaded: the draft begins afresh from it.
        let loaded = [Some(Level::Strong), None];
        assert_eq!(*d.follow(loaded), loaded);
    }
}
