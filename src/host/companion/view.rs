//! The companion's window (move entry with completion, the verdict, a call, the game's throw,
//! the memory panel, the roller and its log), the large caption over the board, and the
//! large-type layout: egui's zoom of the main window, so every panel and the captions grow
//! together (the clock's own window grows its digits with its size, not with Large type).
//! While a text field has the keyboard, the games' and the clock's keys are left alone (typing
//! `DfX5` must not flip the board or press the clock).
use super::entry;
use super::{
    Caption, Companion, CompanionFeed, CompanionIntent, EntryVerdict, RollKind, Roller, Verdict,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The zoom of the large-type layout: 1.5 × the usual size (panel text of about 21 px, the
/// caption of about 63 px — readable at 2 m from a laptop's screen). The games' side panels grow
/// with it (400 points: 600 pixels), and on a window 960 pixels wide the boards still show whole
/// to their left.
pub const LARGE_ZOOM: f32 = 1.5;

/// The caption's text size (before the zoom).
const CAPTION_SIZE: f32 = 42.0;

/// Where the window opens (points).
const TOP_LEFT: (f32, f32) = (12.0, 110.0);

/// What the window's fields hold between frames.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct CompanionUi {
    /// The notation being typed.
    pub entry: String,
    /// The candidate picked with the arrow keys.
    pub picked: Option<usize>,
    /// A throw made by hand: what and the value read.
    pub hand_kind: RollKind,
    pub hand_value: u8,
}

impl Default for CompanionUi {
    fn default() -> Self {
        CompanionUi {
            entry: String::new(),
            picked: None,
            hand_kind: RollKind::Sticks,
            hand_value: 0,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CompanionUi>()
        .add_systems(
            PreUpdate,
            keyboard_to_text_field.after(bevy_egui::EguiPreUpdateSet::ProcessInput),
        )
        .add_systems(EguiPrimaryContextPass, (zoom, window).chain());
}

/// Where a panel's "Companion…" button leaves its click in egui's memory: every game's panel
/// shows the button without a new system parameter, and the companion's window system turns
/// the click into `CompanionIntent::Toggle`.
const TOGGLE_ASKED: &str = "companion-toggle-asked";

/// The panels' button that shows or hides the companion window.
pub fn toggle_button(ui: &mut egui::Ui) {
    if ui
        .button("Companion…")
        .on_hover_text(
            "beside a real board: enter moves in notation, the memory panel, dice and large type",
        )
        .clicked()
    {
        ui.ctx()
            .data_mut(|d| d.insert_temp(egui::Id::new(TOGGLE_ASKED), true));
    }
}

/// The title screen's choice, made before a game is opened: play beside a real board (companion
/// mode, for whichever game is played) and in large type. Marks the switches changed only when
/// one is clicked (the idle title screen must not keep redrawing).
pub fn title_row(ui: &mut egui::Ui, c: &mut ResMut<Companion>) {
    ui.horizontal(|ui| {
        ui.label("Beside a real board:");
        let mut on = c.on;
        if ui
            .checkbox(&mut on, "companion mode")
            .on_hover_text(
                "move real pieces and enter each move here: the rules judge it, remember what the \
                 table must, roll the dice and announce each move",
            )
            .changed()
        {
            c.on = on;
        }
        let mut large = c.large_type;
        if ui
            .checkbox(&mut large, "large type")
            .on_hover_text("every panel and caption bigger, to read at 2 m")
            .changed()
        {
            c.large_type = large;
        }
    });
    ui.add_space(10.0);
}

/// While an egui text field has the keyboard, the games' and the clock's key bindings do not see
/// the keys (modifiers stay, for egui's own shortcuts).
fn keyboard_to_text_field(
    wants: Res<bevy_egui::input::EguiWantsInput>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut letters: ResMut<ButtonInput<bevy::input::keyboard::Key>>,
) {
    if !wants.wants_any_keyboard_input() {
        return;
    }
    // The letters are read by what the key says (`letter_keys`): none reaches a binding either.
    letters.reset_all();
    let held: Vec<KeyCode> = keys
        .get_pressed()
        .copied()
        .filter(|k| {
            matches!(
                k,
                KeyCode::ShiftLeft
                    | KeyCode::ShiftRight
                    | KeyCode::ControlLeft
                    | KeyCode::ControlRight
                    | KeyCode::AltLeft
                    | KeyCode::AltRight
                    | KeyCode::SuperLeft
                    | KeyCode::SuperRight
            )
        })
        .collect();
    keys.reset_all();
    for k in held {
        keys.press(k);
    }
}

/// Large type on or off: egui's zoom for the whole window.
fn zoom(
    mut contexts: EguiContexts,
    c: Res<Companion>,
    mut shown: Local<Option<bool>>,
    mut ui_zoom: ResMut<crate::host::UiZoom>,
) -> Result {
    if *shown == Some(c.large_type) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Large type is the app's one zoom: egui's own Ctrl +/−/0 would change the panels' size
    // behind `UiZoom`, by which the boards make room for them (a review found a grid board under
    // a panel grown by Ctrl+=, and Ctrl+0 undoing Large type with its box still ticked).
    ctx.options_mut(|o| o.zoom_with_keyboard = false);
    let z = if c.large_type { LARGE_ZOOM } else { 1.0 };
    ctx.set_zoom_factor(z);
    ui_zoom.0 = z;
    *shown = Some(c.large_type);
    Ok(())
}

const GREEN: egui::Color32 = egui::Color32::from_rgb(120, 200, 120);
const AMBER: egui::Color32 = egui::Color32::from_rgb(235, 170, 70);
const RED: egui::Color32 = egui::Color32::from_rgb(225, 95, 75);

#[allow(clippy::too_many_arguments)]
fn window(
    mut contexts: EguiContexts,
    c: Res<Companion>,
    feed: Res<CompanionFeed>,
    verdict: Res<EntryVerdict>,
    roller: Res<Roller>,
    cap: Res<Caption>,
    screen: Res<State<crate::host::Screen>>,
    mut ui_state: ResMut<CompanionUi>,
    mut out: MessageWriter<CompanionIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let asked = ctx.data_mut(|d| d.remove_temp::<bool>(egui::Id::new(TOGGLE_ASKED)));
    if asked == Some(true) {
        out.write(CompanionIntent::Toggle);
    }
    if !c.on || *screen.get() == crate::host::Screen::Title {
        return Ok(());
    }
    let mut open = true;
    let title = if feed.game.is_empty() {
        "Companion".to_string()
    } else {
        format!("Companion — {}", feed.game)
    };
    // The caption at the bottom; the windows end above it, and what does not fit scrolls.
    let bottom = ctx.content_rect().bottom();
    let cap_top = match cap.now() {
        Some(text) if c.captions => caption(ctx, text),
        _ => bottom,
    };
    memory_window(ctx, &feed, bottom - cap_top + 8.0);
    egui::Window::new(title)
        // One place per game: each remembers where the players put it.
        .id(egui::Id::new(("companion", feed.game.as_str())))
        .open(&mut open)
        .collapsible(true)
        .resizable(false)
        .default_pos(egui::pos2(TOP_LEFT.0, TOP_LEFT.1))
        .default_width(ENTRY_WIDTH)
        .max_width(ENTRY_WIDTH)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            switches(ui, &c, &mut out);
            ui.separator();
            let max = (cap_top - TOP_LEFT.1 - 100.0).max(160.0);
            egui::ScrollArea::vertical()
                .max_height(max)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    if let Some(s) = entry_field(ui, &feed, &mut ui_state) {
                        out.write(CompanionIntent::Enter(s));
                    }
                    verdict_line(ui, &verdict);
                    if let Some(call) = &feed.call {
                        ui.colored_label(AMBER, call);
                        if ui
                            .button("Call it untenable (§2.0.22)")
                            .on_hover_text("the agreed penalty applies")
                            .clicked()
                        {
                            out.write(CompanionIntent::Call);
                        }
                    }
                    if let Some(ch) = &feed.chance
                        && ui
                            .button(format!("Roll: {ch}"))
                            .on_hover_text("from the game's seeded generator (R)")
                            .clicked()
                    {
                        out.write(CompanionIntent::GameRoll);
                    }
                    ui.separator();
                    roller_part(ui, &roller, feed.donkey, &mut ui_state, &mut out);
                });
        });
    if !open {
        out.write(CompanionIntent::Toggle);
    }
    Ok(())
}

fn switches(ui: &mut egui::Ui, c: &Companion, out: &mut MessageWriter<CompanionIntent>) {
    ui.horizontal(|ui| {
        let mut large = c.large_type;
        if ui
            .checkbox(&mut large, "Large type")
            .on_hover_text("every panel and caption bigger, to read from across the table")
            .changed()
        {
            out.write(CompanionIntent::LargeType(large));
        }
        let mut cap = c.captions;
        if ui
            .checkbox(&mut cap, "Captions")
            .on_hover_text("each move and event in large text over the board")
            .changed()
        {
            out.write(CompanionIntent::Captions(cap));
        }
    });
}

/// The notation field and the legal actions matching what is typed: the entry sent, if one is.
fn entry_field(ui: &mut egui::Ui, feed: &CompanionFeed, st: &mut CompanionUi) -> Option<String> {
    let before = st.entry.clone();
    let mut clicked = false;
    let resp = ui
        .horizontal(|ui| {
            let r = ui
                .add(
                    egui::TextEdit::singleline(&mut st.entry)
                        .hint_text("the move made on the table, e.g. SY5")
                        .desired_width(ui.available_width() - 70.0)
                        .font(egui::TextStyle::Monospace),
                )
                .on_hover_text(format!(
                    "{} legal actions now; Enter plays the one picked (↑ ↓), typed or left",
                    feed.moves.len()
                ));
            clicked = ui.button("Enter").clicked();
            r
        })
        .inner;
    if st.entry != before {
        st.picked = None;
    }
    let cands = entry::complete(&st.entry, &feed.moves);
    if resp.has_focus() && !cands.is_empty() {
        let (down, up) = ui.input(|i| {
            (
                i.key_pressed(egui::Key::ArrowDown),
                i.key_pressed(egui::Key::ArrowUp),
            )
        });
        let last = cands.len().min(entry::SHOWN) - 1;
        if down {
            st.picked = Some(st.picked.map_or(0, |p| (p + 1).min(last)));
        }
        if up {
            st.picked = st.picked.and_then(|p| p.checked_sub(1));
        }
    }
    let enter = resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let mut send = None;
    if !cands.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for (i, m) in cands.iter().take(entry::SHOWN).enumerate() {
                let t = egui::RichText::new(*m).monospace();
                if ui.selectable_label(st.picked == Some(i), t).clicked() {
                    send = Some(m.to_string());
                }
            }
            if cands.len() > entry::SHOWN {
                ui.weak(format!("+{} more", cands.len() - entry::SHOWN));
            }
        });
    } else if !st.entry.trim().is_empty() {
        ui.weak("no legal action is written so: Enter asks the rules why");
    }
    // The button, like the key, sends nothing for an empty field (a review found it reporting
    // an empty entry as played).
    if (clicked || enter) && !st.entry.trim().is_empty() {
        send = Some(entry::chosen(
            &st.entry,
            &feed.moves,
            st.picked,
            &feed.warned,
        ));
    }
    if send.is_some() {
        st.entry.clear();
        st.picked = None;
        resp.request_focus();
        // The field's own undo history forgets the entry: Ctrl+Z in it would bring back what
        // the last player typed — a sealed choice too (a review found Red's `1|S3A3W3` shown
        // to Blue after the hand-over).
        if let Some(mut state) = egui::TextEdit::load_state(ui.ctx(), resp.id) {
            state.clear_undoer();
            egui::TextEdit::store_state(ui.ctx(), resp.id, state);
        }
    }
    send
}

fn verdict_line(ui: &mut egui::Ui, v: &EntryVerdict) {
    match &v.0 {
        None => {}
        Some(Verdict::Tenable(t)) => {
            ui.colored_label(GREEN, format!("✔ last entry {t}: tenable, played"));
        }
        Some(Verdict::Untenable { text, why }) => {
            ui.colored_label(
                AMBER,
                format!("⚠ last entry {text}: untenable, played with sand — {why}"),
            );
        }
        Some(Verdict::Refused { text, why }) => {
            ui.colored_label(RED, format!("last entry {text}: not played — {why}"));
        }
        Some(Verdict::Called { text, what }) => {
            ui.colored_label(
                AMBER,
                format!("⚠ last entry {text}: untenable, called — {what}"),
            );
        }
    }
}

/// The width of the entry window (points): beside the memory window in large type on a
/// 960-pixel-wide window.
const ENTRY_WIDTH: f32 = 270.0;

/// The width of the memory window (points).
const MEMORY_WIDTH: f32 = 290.0;

/// What the players must otherwise remember, in its own window at the bottom right (over the
/// game's panel, above the caption): read from across the table, while the entry window is used
/// up close.
fn memory_window(ctx: &egui::Context, feed: &CompanionFeed, above: f32) {
    let max = (ctx.content_rect().height() - 60.0 - above).max(160.0);
    egui::Window::new(format!("Memory — {}", feed.game))
        .id(egui::Id::new(("companion-memory", feed.game.as_str())))
        .collapsible(true)
        .resizable(false)
        // Kept to the bottom right above the caption, whatever the zoom.
        .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-8.0, -above))
        .order(egui::Order::Foreground)
        .default_width(MEMORY_WIDTH)
        .show(ctx, |ui| {
            ui.set_max_width(MEMORY_WIDTH);
            egui::ScrollArea::vertical().max_height(max).show(ui, |ui| {
                egui::Grid::new("companion-memory")
                    .num_columns(2)
                    .striped(true)
                    .max_col_width(MEMORY_WIDTH * 0.55)
                    .show(ui, |ui| {
                        for (k, v) in &feed.memory {
                            ui.label(k);
                            ui.label(egui::RichText::new(v).strong());
                            ui.end_row();
                        }
                    });
            });
        });
}

fn roller_part(
    ui: &mut egui::Ui,
    roller: &Roller,
    donkey: bool,
    st: &mut CompanionUi,
    out: &mut MessageWriter<CompanionIntent>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Roll").strong());
        for k in RollKind::ALL
            .into_iter()
            .filter(|&k| k != RollKind::Donkey || donkey)
        {
            if ui.button(k.name()).clicked() {
                out.write(CompanionIntent::Roll(k));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label("by hand:");
        egui::ComboBox::from_id_salt("companion-hand-kind")
            .selected_text(st.hand_kind.name())
            .show_ui(ui, |ui| {
                for k in RollKind::ALL
                    .into_iter()
                    .filter(|&k| k != RollKind::Donkey || donkey)
                {
                    ui.selectable_value(&mut st.hand_kind, k, k.name());
                }
            });
        let r = st.hand_kind.values();
        st.hand_value = st.hand_value.clamp(*r.start(), *r.end());
        ui.add(egui::DragValue::new(&mut st.hand_value).range(r));
        if ui.button("Log").clicked() {
            out.write(CompanionIntent::HandRoll(st.hand_kind, st.hand_value));
        }
    });
    for e in roller.log.iter().rev().take(5) {
        ui.label(e.to_string());
    }
    ui.weak(format!("seed {}", roller.seed()));
}

/// The newest announcement, large, at the bottom of the window; returns the caption's top.
fn caption(ctx: &egui::Context, text: &str) -> f32 {
    egui::Area::new(egui::Id::new("companion-caption"))
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(0.0, -12.0))
        .interactable(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_black_alpha(215))
                .corner_radius(8.0)
                .inner_margin(egui::Margin::symmetric(18, 8))
                .show(ui, |ui| {
                    ui.set_max_width(ctx.content_rect().width() - 40.0);
                    ui.label(
                        egui::RichText::new(text)
                            .size(CAPTION_SIZE)
                            .color(egui::Color32::WHITE)
                            .strong(),
                    );
                });
        })
        .response
        .rect
        .top()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of the entry field at `time` seconds with `events`; the entry sent, if any.
    fn frame(
        ctx: &egui::Context,
        st: &mut CompanionUi,
        feed: &CompanionFeed,
        time: f64,
        events: Vec<egui::Event>,
    ) -> Option<String> {
        let input = egui::RawInput {
            time: Some(time),
            events,
            ..Default::default()
        };
        let mut sent = None;
        let mut out = ctx.run_ui(input, |ui| {
            sent = entry_field(ui, feed, st);
        });
        out.textures_delta.clear();
        sent
    }

    fn key(key: egui::Key, modifiers: egui::Modifiers) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        }
    }

    /// README, "Secrets kept on one screen": "nothing on it, or on the second player's screen,
    /// depends on the first secret." After an entry is sent, Ctrl+Z in the field brings nothing
    /// back (a review found egui's undo history of the field holding the last player's sealed
    /// choice).
    #[test]
    fn undo_in_the_entry_field_brings_back_no_earlier_entry() {
        let ctx = egui::Context::default();
        let mut st = CompanionUi::default();
        let feed = CompanionFeed::default();
        // Focus the field (the first frame lays it out), then type, wait, and press Enter.
        frame(&ctx, &mut st, &feed, 0.0, vec![]);
        let mut t = 0.1;
        let mut focus_and_type = |st: &mut CompanionUi, text: &str| {
            // A click into the field: egui focuses it.
            let at = egui::pos2(20.0, 10.0);
            frame(
                &ctx,
                st,
                &feed,
                t,
                vec![
                    egui::Event::PointerButton {
                        pos: at,
                        button: egui::PointerButton::Primary,
                        pressed: true,
                        modifiers: egui::Modifiers::NONE,
                    },
                    egui::Event::PointerMoved(at),
                ],
            );
            t += 0.05;
            frame(
                &ctx,
                st,
                &feed,
                t,
                vec![egui::Event::PointerButton {
                    pos: at,
                    button: egui::PointerButton::Primary,
                    pressed: false,
                    modifiers: egui::Modifiers::NONE,
                }],
            );
            t += 0.05;
            frame(&ctx, st, &feed, t, vec![egui::Event::Text(text.into())]);
            // The text stands still over a second: egui keeps it as an undo point.
            for _ in 0..4 {
                t += 0.5;
                frame(&ctx, st, &feed, t, vec![]);
            }
        };
        focus_and_type(&mut st, "1|S3A3W3");
        assert_eq!(st.entry, "1|S3A3W3", "typed into the field");
        t += 0.1;
        let sent = frame(
            &ctx,
            &mut st,
            &feed,
            t,
            vec![key(egui::Key::Enter, egui::Modifiers::NONE)],
        );
        assert_eq!(sent.as_deref(), Some("1|S3A3W3"));
        assert_eq!(st.entry, "");
        // The next player presses Ctrl+Z in the field (it keeps the focus after sending).
        for _ in 0..3 {
            t += 0.5;
            frame(&ctx, &mut st, &feed, t, vec![]);
        }
        t += 0.1;
        frame(
            &ctx,
            &mut st,
            &feed,
            t,
            vec![key(egui::Key::Z, egui::Modifiers::COMMAND)],
        );
        t += 0.1;
        frame(&ctx, &mut st, &feed, t, vec![]);
        assert_eq!(st.entry, "", "undo brought back the earlier entry");
    }
}
