//! What the clock's window shows: the setup form before a clock is started, then one face per
//! player, each half of the window ("one big tap target per player"), with the controls under
//! them: pause or resume, undo the last press, ±10 s per side, a new clock.
use super::window::ClockCamera;
use super::{ClockIntent, ClockNow, ClockSetup, ControlKind, Epoch, TableClock, now};
use bevy::prelude::*;
use bevy_egui::{EguiContext, egui};
use game_clock::Clock;

/// The keys that press each seat's face.
const KEYS: [&str; 2] = ["Space", "Enter"];

/// The window's background, drawn by its camera's clear (not by egui: a cheaper frame).
pub const BACKGROUND: egui::Color32 = egui::Color32::from_gray(27);

pub(super) fn ui(
    mut ctx: Single<&mut EguiContext, With<ClockCamera>>,
    mut t: ResMut<TableClock>,
    epoch: Res<Epoch>,
    fixed: Res<ClockNow>,
    shown_for: Res<super::ClockShownFor>,
    mut out: MessageWriter<ClockIntent>,
) {
    // Veney's own agreements (the dying move, a called move's penalty) only on a clock for
    // Veney's game, or for none yet: no other game has them (a review found the penalty's
    // warning on Kelasu's form).
    let veney = shown_for
        .0
        .is_none_or(|s| s == crate::host::screen::Screen::Veney);
    let ctx = ctx.get_mut();
    let now = now(&epoch, &fixed);
    let mut root = crate::host::root_ui(ctx);
    let frame = egui::Frame::central_panel(&ctx.global_style()).fill(egui::Color32::TRANSPARENT);
    egui::CentralPanel::default()
        .frame(frame)
        .show(&mut root, |ui| {
            let t = &mut *t;
            let names = [t.seat_name(0), t.seat_name(1)];
            let first = t.seat_name(t.to_move);
            match &t.clock {
                None => setup_form(ui, &mut t.setup, &names, t.to_move, &first, veney, &mut out),
                Some(c) => faces(ui, c, &names, now, &mut t.asking_new, &mut out),
            }
            if let Some(n) = &t.note {
                ui.colored_label(egui::Color32::from_rgb(225, 95, 75), n);
            }
        });
}

fn setup_form(
    ui: &mut egui::Ui,
    s: &mut ClockSetup,
    names: &[String; 2],
    to_move: usize,
    t_name: &str,
    veney: bool,
    out: &mut MessageWriter<ClockIntent>,
) {
    ui.heading("A chess clock for the table");
    egui::ComboBox::from_label("control")
        .selected_text(s.kind.name())
        .show_ui(ui, |ui| {
            for k in ControlKind::ALL {
                ui.selectable_value(&mut s.kind, k, k.name());
            }
        });
    match s.kind {
        ControlKind::PerTurn => {
            ui.add(
                egui::Slider::new(&mut s.seconds, 1..=120)
                    .text("seconds a turn (the rulebook suggests five)"),
            );
        }
        ControlKind::Hourglass => {
            ui.add(egui::Slider::new(&mut s.minutes[0], 0.5..=60.0).text("minutes of sand"));
            ui.checkbox(
                &mut s.hourglass_even,
                "sand shared evenly at the start (else all to the first player)",
            );
        }
        kind => {
            for (i, who) in names.iter().enumerate() {
                ui.add(
                    egui::Slider::new(&mut s.minutes[i], 0.5..=180.0)
                        .text(format!("minutes, {who}")),
                );
            }
            if kind != ControlKind::SuddenDeath {
                let what = match kind {
                    ControlKind::Fischer => "seconds added a move",
                    _ => "seconds of delay",
                };
                ui.add(egui::Slider::new(&mut s.seconds, 1..=60).text(what));
            }
        }
    }
    if veney {
        ui.add(
            egui::Slider::new(&mut s.dying_move_seconds, 1..=60)
                .text("seconds left for the dying move after a checkmate by touch (§2.0.20)"),
        );
        ui.add(
            egui::Slider::new(&mut s.penalty_seconds, 1..=120)
                .text("seconds of a called untenable move's time penalty (§2.0.22)"),
        );
        ui.checkbox(
            &mut s.penalty_as_bonus,
            "the time penalty goes to the opponent as a bonus",
        );
        if let Some(w) = s.penalty_warning() {
            ui.colored_label(egui::Color32::from_rgb(200, 140, 40), w);
        }
    }
    ui.weak(s.preview(names, to_move));
    if ui
        .button(egui::RichText::new(format!("Start: {} runs", t_name)).size(16.0))
        .clicked()
    {
        out.write(ClockIntent::Start);
    }
}

/// The seat's line under the digits: its name and key, and "paused" on the face of the side to
/// move while its clock waits.
fn face_caption(name: &str, f: &game_clock::Face) -> String {
    if f.to_move && !f.running && !f.flagged {
        format!("{name} — paused")
    } else {
        name.to_string()
    }
}

/// A control of the running clock never keeps the keyboard: Space and Enter press the seats'
/// faces (`keys`), and a button holding focus (reached by Tab) would take them as its own click
/// too — undoing the press just made, pausing, or taking ten seconds (a review found it).
fn keyless(r: egui::Response) -> egui::Response {
    if r.has_focus() {
        r.surrender_focus();
    }
    r
}

/// Height kept under the faces for the controls and the control's description.
const CONTROLS_HEIGHT: f32 = 64.0;

fn faces(
    ui: &mut egui::Ui,
    c: &Clock,
    seat_names: &[String; 2],
    now: u64,
    asking_new: &mut bool,
    out: &mut MessageWriter<ClockIntent>,
) {
    let state = c.state(now);
    let gap = ui.spacing().item_spacing.x;
    let room = ui.available_size();
    let face = egui::vec2(
        ((room.x - gap) / 2.0).max(120.0),
        (room.y - CONTROLS_HEIGHT).max(80.0),
    );
    // The digits as large as the face allows; the seat's name under them.
    let digits = (face.x / 4.2).min(face.y / 2.2).clamp(24.0, 160.0);
    ui.horizontal(|ui| {
        let names: Vec<String> = (0..2)
            .map(|i| format!("{} ({})", seat_names[i], KEYS[i]))
            .collect();
        for (seat, name) in names.iter().enumerate() {
            let f = c.face(seat, now);
            let colour = if f.flagged {
                egui::Color32::from_rgb(200, 60, 50)
            } else if f.running {
                egui::Color32::from_rgb(70, 110, 60)
            } else if f.to_move {
                // Paused (by hand, at a game's end, behind a dialog, a clock brought back):
                // told from running at a glance (a review found both the same green).
                egui::Color32::from_rgb(105, 95, 45)
            } else {
                egui::Color32::from_rgb(50, 50, 50)
            };
            let name = &face_caption(name, &f);
            let mut text = f.text();
            if let Some(d) = f.delay_text() {
                text.push_str(&format!("  +{d}"));
            }
            let mut label = egui::text::LayoutJob::default();
            label.append(
                &text,
                0.0,
                egui::TextFormat::simple(egui::FontId::proportional(digits), egui::Color32::WHITE),
            );
            label.append(
                &format!("\n{name}"),
                0.0,
                egui::TextFormat::simple(
                    egui::FontId::proportional((digits / 3.5).max(14.0)),
                    egui::Color32::WHITE,
                ),
            );
            let face = egui::Button::new(label).fill(colour).min_size(face);
            // A press on your own face ends your turn.
            if keyless(ui.add(face)).clicked() {
                out.write(ClockIntent::Press(seat));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        match state {
            game_clock::State::Running(_) => {
                if keyless(ui.button("Pause")).clicked() {
                    out.write(ClockIntent::Pause);
                }
            }
            game_clock::State::Paused(_) => {
                if keyless(ui.button("Resume")).clicked() {
                    out.write(ClockIntent::Resume);
                }
            }
            game_clock::State::Flagged(f) => {
                ui.colored_label(
                    egui::Color32::from_rgb(225, 95, 75),
                    format!(
                        "{}: the flag has fallen — out of time",
                        seat_names.get(f.seat).cloned().unwrap_or_default()
                    ),
                );
            }
            game_clock::State::Ready => {}
        }
        if keyless(ui.add_enabled(c.undo_depth() > 0, egui::Button::new("Undo press"))).clicked() {
            out.write(ClockIntent::UndoPress);
        }
        for (seat, who) in seat_names.iter().enumerate() {
            if keyless(ui.small_button(format!("{who} +10 s"))).clicked() {
                out.write(ClockIntent::Adjust(seat, 10_000));
            }
            if keyless(ui.small_button(format!("{who} −10 s"))).clicked() {
                out.write(ClockIntent::Adjust(seat, -10_000));
            }
        }
        // Asked first: the times are gone with it, and the games' clocks (a review found one
        // click beside "Undo press" wiping both players' times for good).
        if !*asking_new {
            if keyless(ui.button("New clock…"))
                .on_hover_text("set up a new clock: these times are lost")
                .clicked()
            {
                *asking_new = true;
            }
        } else {
            ui.label("Lose these times for a new clock?");
            if keyless(ui.button("Yes, new clock")).clicked() {
                *asking_new = false;
                out.write(ClockIntent::Reset);
            }
            if keyless(ui.button("Keep this clock")).clicked() {
                *asking_new = false;
            }
        }
    });
    let controls: Vec<String> = (0..c.seats())
        .filter_map(|s| c.control(s).map(|k| k.describe()))
        .collect();
    ui.weak(controls.join(" · "));
}

#[cfg(test)]
mod caption_tests {
    /// The side to move's face says "paused" while its clock waits, and nothing more while it
    /// runs; the waiting side's face never does.
    #[test]
    fn a_paused_face_says_so() {
        let face = |to_move, running| game_clock::Face {
            remaining: 5_000,
            delay: None,
            to_move,
            running,
            flagged: false,
        };
        assert_eq!(
            super::face_caption("White (Space)", &face(true, false)),
            "White (Space) — paused"
        );
        assert_eq!(
            super::face_caption("White (Space)", &face(true, true)),
            "White (Space)"
        );
        assert_eq!(
            super::face_caption("Black (Enter)", &face(false, false)),
            "Black (Enter)"
        );
    }
}

#[cfg(test)]
mod key_tests {
    use bevy_egui::egui;

    /// Tab onto a clock button, then Space (which presses a seat's face): the button does not
    /// take Space as its click.
    #[test]
    fn a_tabbed_to_button_does_not_take_space() {
        let ctx = egui::Context::default();
        let key = |k: egui::Key| {
            vec![egui::Event::Key {
                key: k,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            }]
        };
        let mut clicks = 0;
        for events in [
            vec![],
            key(egui::Key::Tab),
            vec![],
            key(egui::Key::Space),
            vec![],
            key(egui::Key::Enter),
            vec![],
        ] {
            let input = egui::RawInput {
                events,
                ..Default::default()
            };
            let mut out = ctx.run_ui(input, |ui| {
                if super::keyless(ui.button("Undo press")).clicked() {
                    clicks += 1;
                }
            });
            out.textures_delta.clear();
        }
        assert_eq!(clicks, 0);
    }
}
