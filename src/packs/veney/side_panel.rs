//! The side panel, one function per part: the status (prompt, refusal, hints), a setup in
//! progress, the guess methods' hidden pick, the facing choice, the turn's buttons and the
//! other actions the rules offer, the game buttons (undo, redo, new game, save, load, export),
//! the reserves and discards, the rules card, the move list, the position text, and the display
//! options. Every button sends a `Command`; what it offers comes from the rules crate's legal
//! actions.
use super::game::{Command, Selected, Selection, Status, actions_from, explain_stuck};
use super::highlights::HighlightSettings;
use super::input::Hover;
use super::overlays::OverlaySettings;
use super::panels::{NewGameDialog, PositionBox, RecordBox};
use crate::host::audio::AudioSettings;
use bevy::prelude::*;
use bevy_egui::egui;
use veney_rules::{Action, Game, Position, Rules, Side};

/// What the panel reads this frame.
#[derive(Clone, Copy)]
pub(super) struct Panel<'a> {
    pub g: &'a Game,
    pub rules: &'a Rules,
    pub pos: &'a Position,
    pub legal: &'a [Action],
    pub side: Side,
    pub sel: &'a Selection,
    pub status: &'a Status,
    pub hover: &'a Hover,
    pub viewing: &'a super::game::Viewing,
    pub choice: &'a super::game::FacingChoice,
    pub hidden: &'a super::game::HiddenPick,
    /// A draw offered and not yet answered.
    pub draw: &'a super::game::DrawOffer,
    pub setup: &'a super::setup_screen::SetupSession,
    pub computer: (
        &'a super::computer::VeneyComputer,
        &'a super::computer::VeneyThinking,
        &'a super::computer::VeneyPause,
    ),
    /// The person's answer about a trap open over the computer's turn.
    pub computer_trap: &'a super::computer::TrapWait,
}

/// What the panel's option controls change.
pub(super) struct Settings<'a> {
    pub hl: &'a mut HighlightSettings,
    pub ov: &'a mut OverlaySettings,
    pub audio: &'a mut AudioSettings,
    pub style: &'a mut super::pieces::PieceStyle,
    pub view: &'a mut super::board::BoardView,
}

/// The whole panel's contents, top to bottom.
#[allow(clippy::too_many_arguments)]
pub(super) fn contents(
    ui: &mut egui::Ui,
    p: &Panel,
    out: &mut MessageWriter<Command>,
    screens: &mut MessageWriter<crate::host::OpenScreen>,
    settings: Settings,
    (pbox, rbox): (&mut PositionBox, &mut RecordBox),
    dialog: &mut NewGameDialog,
    workshop_open: &mut bool,
    (clock, rules): (
        &mut MessageWriter<crate::host::table_clock::ClockIntent>,
        &mut crate::host::rules_window::RulesWindow,
    ),
) {
    header(ui, screens);
    status(ui, p, out);
    setup_pieces(ui, p, out);
    stuck_hint(ui, p);
    guess_pick(ui, p, out);
    facing_choice(ui, p, out);
    ui.separator();
    // No turn buttons or reserves while the players set up (§2.0.19).
    if p.setup.0.is_none() {
        turn_buttons(ui, p, out);
        other_actions(ui, p, out);
    }
    game_buttons(ui, p, out, dialog, workshop_open, rules);
    if ui
        .button("Clock…")
        .on_hover_text("a chess clock for both players: beside a real board too")
        .clicked()
    {
        clock.write(crate::host::table_clock::ClockIntent::Toggle);
    }
    crate::host::companion::view::toggle_button(ui);
    reserves(ui, p, out);
    rules_card(ui, p);
    move_list(ui, p, out);
    position_text(ui, p, out, pbox);
    load_record(ui, out, rbox);
    display_options(ui, settings);
    seed_line(ui, p);
}

/// The title and the way back to the title screen.
fn header(ui: &mut egui::Ui, screens: &mut MessageWriter<crate::host::OpenScreen>) {
    ui.horizontal(|ui| {
        ui.heading("Veney");
        if ui
            .small_button("< Games")
            .on_hover_text("Back to the title screen (this game is kept)")
            .clicked()
        {
            screens.write(crate::host::OpenScreen(crate::host::Screen::Title));
        }
    });
}

/// A refusal as the panel shows it: a rule's refusal (it names its section and the rule, `(§2.0.02
/// Self)`) is "Untenable"; anything else (a file that does not load, a bad position text, a
/// guard of the app's pointing at sections, `(§2.0.R1, §2.0.23)`) is said as it is.
pub fn refusal_line(r: &str) -> String {
    // A rule's refusal ends with its section and the rule's name, `(§… Name)`; a load or replay
    // error quoting one goes on (`… (§2.0.02 Self) (at `SY15`)`), and says what failed first.
    // The app's own guards cite bare sections ("finish it on its screen first (§2.0.R1,
    // §2.0.23)"): a review found them called "Untenable", a word with a game meaning (§2.0.22).
    let rule = !r.starts_with("could not")
        && r.rsplit_once("(§").is_some_and(|(_, tail)| {
            tail.ends_with(')')
                && !tail.contains('(')
                && !tail.contains(',')
                && tail.trim_end_matches(')').contains(' ')
        });
    if rule {
        // The rules' own text (`untenable: … (§…)`) is not said twice.
        format!("Untenable: {}", r.strip_prefix("untenable: ").unwrap_or(r))
    } else {
        r.to_string()
    }
}

/// Whose turn and what now; why a move was refused; other news.
fn status(ui: &mut egui::Ui, p: &Panel, out: &mut MessageWriter<Command>) {
    let Panel { status, .. } = *p;
    ui.label(egui::RichText::new(&status.prompt).size(16.0).strong());
    if let Some(r) = &status.refusal {
        ui.colored_label(egui::Color32::from_rgb(220, 90, 70), refusal_line(r));
    }
    if let Some(i) = &status.info {
        ui.colored_label(egui::Color32::from_rgb(190, 180, 150), i);
    }
    computer_line(ui, p, out);
}

/// Who the computer plays, and its search under way.
fn computer_line(ui: &mut egui::Ui, p: &Panel, out: &mut MessageWriter<Command>) {
    let (seats, thinking, pause) = p.computer;
    // The computer on both sides, paused by an Undo: "Play on" lets it go on.
    if pause.0.paused
        && Side::ALL.iter().all(|&s| seats.plays(s).is_some())
        && (!p.g.position().is_game_over()
            || veney_rules::hug::awaits_hug(&p.g.rules, p.g.position().outcome()))
    {
        ui.label("Paused after the undo: the computer waits.");
        if ui
            .button("Play on")
            .on_hover_text("the computer plays on from here")
            .clicked()
        {
            out.write(Command::ComputerPlayOn);
        }
    }
    if seats.any() {
        let who: Vec<String> = [Side::White, Side::Black]
            .into_iter()
            .filter_map(|s| {
                seats
                    .plays(s)
                    .map(|l| format!("{s}: computer ({})", l.name()))
            })
            .collect();
        ui.weak(who.join(" · "));
    }
    thinking.0.indicator(ui);
}

/// A concealed or in-turns setup (§2.0.19): the pieces still to set down, and the button that
/// hands over or begins.
fn setup_pieces(ui: &mut egui::Ui, p: &Panel, out: &mut MessageWriter<Command>) {
    let Panel { setup, .. } = *p;
    if let Some(s) = setup.0.as_ref().filter(|s| !s.handover) {
        let side_now = s.side();
        ui.group(|ui| {
            if !s.handover {
                ui.label(format!(
                    "{side_now} still to set up (click one, then a marked square):"
                ));
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
            if let Some(l) = label
                && ui.button(l).clicked()
            {
                out.write(Command::SetupReady);
            }
        });
    }
}

/// Why the hovered piece cannot move — not during a setup (§2.0.19): the board then holds the
/// stances being set, where no piece moves yet (a review found a placed piece's moves
/// explained).
fn stuck_hint(ui: &mut egui::Ui, p: &Panel) {
    if p.setup.0.is_some() {
        return;
    }
    if let Some(why) = stuck_reason(p.g, p.viewing.0, p.hover.0) {
        ui.small(why);
    }
}

/// Why the piece on `hovered` cannot move, if it is the mover's and has no action — not while
/// the move list is reviewed (`viewing`): the board then shows an earlier position, where the
/// live position's moves explain nothing.
fn stuck_reason(
    g: &Game,
    viewing: Option<usize>,
    hovered: Option<veney_rules::Square>,
) -> Option<String> {
    let pos = g.position();
    let sq = hovered?;
    // (A withdrawal, a glare, an intention, a cast from the square is an action of its piece
    // too, offered as a button: `acts_from`.)
    let stuck = viewing.is_none()
        && pos.piece_at(sq).is_some_and(|(s, _)| s == pos.turn())
        && !pos.is_game_over()
        && actions_from(g, Selected::Board(sq)).is_empty()
        && !crate::packs::veney::game::acts_from(g, sq);
    stuck.then(|| explain_stuck(g, Selected::Board(sq)))
}

/// The opponent's call under a Delayed Reset, in words: the board reset as by retreat — or,
/// where the rules take the move back only (under Shima; a Jutsu moved into Control), that (a
/// review found the reset promised there). Worked out on a copy of the game.
pub fn call_hint(g: &veney_rules::Game, offender: Side) -> String {
    let mut copy = g.clone();
    match copy.call_untenable() {
        Some(veney_rules::penalty::Call::Reverted) => format!(
            "{}'s call: the move is taken back, no reset (§2.0.22 Delayed Reset; under Shima, or a Jutsu moved into Control, no reset is made)",
            !offender
        ),
        _ => format!(
            "{}'s call: the board is reset as by retreat (§2.0.22 Delayed Reset)",
            !offender
        ),
    }
}

/// Whether the turn's decision buttons are offered: not for the computer's side, which makes
/// its own decisions.
pub fn offers_turn_buttons(
    seats: &crate::packs::veney::computer::VeneyComputer,
    pos: &veney_rules::Position,
) -> bool {
    seats
        .plays(crate::packs::veney::computer::acting_side(pos))
        .is_none()
}

/// Whether anyone at the screen plays: Hint, Resign and Offer a draw are a person's (a review
/// found them offered when the computer plays both sides, each only refused).
pub fn offers_person_buttons(seats: &crate::packs::veney::computer::VeneyComputer) -> bool {
    seats.0.iter().any(Option::is_none)
}

/// Whether a waiting throw, cast or Donkey move is offered: not once the game is over (a
/// resignation, an agreed draw or a flag while it waited; turn.rs: "Nothing is thrown or lands
/// once the game is over"; a review found the buttons left on the end screen, each refused).
pub fn offers_chance(pos: &veney_rules::Position) -> bool {
    !pos.is_game_over()
}

/// The guess methods' hidden pick (§2.0.R1): the defender hides, the thrower guesses.
fn guess_pick(ui: &mut egui::Ui, p: &Panel, out: &mut MessageWriter<Command>) {
    let Panel {
        rules,
        pos,
        side,
        hidden,
        ..
    } = *p;
    if matches!(pos.phase(), veney_rules::Phase::Throw { .. })
        && rules.options.dice.is_guess()
        && offers_chance(pos)
    {
        let n = veney_rules::special::dagger_throw::sticks(rules, pos, side).unwrap_or(1);
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
}

/// An oriented piece lands facing a way of the player's choosing (R-ORIENTED).
fn facing_choice(ui: &mut egui::Ui, p: &Panel, out: &mut MessageWriter<Command>) {
    let Panel { choice, .. } = *p;
    if !choice.0.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Land facing:");
            for a in &choice.0 {
                // A move's landing, or a placement's (§2.0.23).
                let face = match a {
                    Action::Move(m) => m.face,
                    Action::Place { face, .. } => *face,
                    _ => None,
                };
                if let Some(f) = face {
                    let name = ["forward", "right", "back", "left"][f as usize & 3];
                    if ui.button(name).clicked() {
                        out.write(Command::Play(*a));
                    }
                }
            }
        });
    }
}

/// The pass button's words, and a warning where passing ends the game: under Shima a pass
/// answered by a pass is "equivalent to both players losing" (§2.0.18; a review found the
/// button inviting it unwarned, as the draw offer is warned).
/// What the pass does is asked of the rules (played on a copy): a pass that enters or keeps
/// Hirakamae neither loses nor refuses anything — "the player can pass indefinitely without
/// risking a draw" (§2.0.18; a review found it warned as a loss under Shima).
pub fn pass_label(rules: &Rules, pos: &Position) -> (&'static str, Option<&'static str>) {
    // (The loss is the same question the declare and glare buttons ask.)
    if let Some((_, hover)) = loses_both_warning(rules, pos, Action::Pass) {
        return (
            "Pass back (---): both players lose under Shima",
            Some(hover),
        );
    }
    let side = pos.turn();
    let mut after = *pos;
    let played = after.play(rules, Action::Pass).is_ok();
    if played && after.hirakamae(side) == 1 {
        return (
            if pos.hirakamae(side) == 1 {
                "Pass (---), in Hirakamae"
            } else {
                "Pass (---): enter Hirakamae"
            },
            Some(
                "§2.0.18 Hirakamae: the player can pass indefinitely without risking a draw; the adversary may not pass; once per game",
            ),
        );
    }
    match pos.passes() {
        1 => ("Refuse the pass: pass back (---)", None),
        _ => ("Pass (---)", None),
    }
}

/// What a turn-ending button's label adds, and its hover, where the rules end the game with
/// both players losing on it: under Shima a glare or a declaration with no move "amount to a
/// pass" (§2.0.16), so after the opponent's pass they are pass repetition, "equivalent to both
/// players losing" (§2.0.18). Asked of the rules (the action played on a copy, the turn
/// closed), not worked out here (a review found the pass warned and these two not).
pub fn loses_both_warning(
    rules: &Rules,
    pos: &Position,
    a: Action,
) -> Option<(&'static str, &'static str)> {
    // Only pass repetition under Shima (a review found a dying move's double checkmate, and
    // Shima's no-contest count, warned of as it).
    if !pos.shima() || pos.passes() != 1 {
        return None;
    }
    let mut p = *pos;
    if p.is_game_over() || p.play(rules, a).is_err() {
        return None;
    }
    if !p.is_game_over() && p.turn() == pos.turn() && p.play(rules, Action::EndTurn).is_err() {
        return None;
    }
    (p.outcome() == Some(veney_rules::outcome::Outcome::DoubleCheckmate)).then_some((
        ": both players lose under Shima",
        "§2.0.16: with no move this amounts to a pass; §2.0.18 Shima: pass repetition is equivalent to both players losing",
    ))
}

/// The retreat button's words, and a warning where the retreat resigns: past the agreed limit
/// a retreat "is considered a resignation" (§2.0.02; a review found the button unchanged, the
/// game lost by a click meant as a retreat).
pub fn retreat_label(rules: &veney_rules::Rules, pos: &Position) -> (&'static str, Option<String>) {
    if veney_rules::special::retreat::exceeds_limit(rules, pos, pos.turn()) {
        (
            "Retreat (==): resigns, past the retreat limit",
            Some(
                "§2.0.02 Retreat: a retreat past the agreed limit \"is considered a resignation\""
                    .into(),
            ),
        )
    } else {
        ("Retreat (==)", None)
    }
}

/// The turn's buttons: end turn, pass, glare, acknowledge, call, casts, retreat, throw, the
/// trap, withdraw, the free engagement, the Donkey.
fn turn_buttons(ui: &mut egui::Ui, p: &Panel, out: &mut MessageWriter<Command>) {
    let Panel {
        g,
        rules,
        pos,
        legal,
        side,
        sel,
        ..
    } = *p;
    // The computer's own decisions are its own: no button a person could only be refused (a
    // review found End turn, Pass, Retreat and the rest offered on its turn). Its throw may
    // still be pressed for it (R), and a call or the person's trap are the person's.
    let mine = offers_turn_buttons(p.computer.0, pos);
    ui.horizontal_wrapped(|ui| {
        if mine && legal.contains(&Action::EndTurn) && ui.button("End turn (Space)").clicked() {
            out.write(Command::Play(Action::EndTurn));
        }
        if mine && legal.contains(&Action::Pass) {
            let (label, warning) = pass_label(rules, pos);
            let button = ui.button(label);
            let button = match warning {
                Some(w) => button.on_hover_text(w),
                None => button,
            };
            if button.clicked() {
                out.write(Command::Play(Action::Pass));
            }
        }
        for a in legal.iter().filter(|_| mine) {
            if let Action::Glare { from } = a {
                let warning = loses_both_warning(rules, pos, *a);
                let button = ui.button(format!("Glare from {from}{}", warning.map_or("", |w| w.0)));
                let button = match warning {
                    Some(w) => button.on_hover_text(w.1),
                    None => button,
                };
                if button.clicked() {
                    out.write(Command::Play(*a));
                }
            }
        }
        // The computer declares for its own side: no button a person could only be refused.
        let computer = |s: Side| p.computer.0.plays(s).is_some();
        if pos.dying() == Some(side) && !computer(side) && ui.button("Acknowledge defeat").clicked()
        {
            out.write(Command::Acknowledge);
        }
        if g.callable() {
            // Under a Delayed Reset the two calls differ (§2.0.22: the reset is the
            // non-offending player's to declare; the offender's own call only takes the move
            // back): between people each has its button (a review found one button, always the
            // opponent's).
            let delayed =
                rules.options.untenable == veney_rules::options::UntenablePolicy::DelayedReset;
            let offender = g.call_offender();
            let people = !p.computer.0.any();
            let call = ui.button("Call it untenable!");
            let call = match (delayed && people, offender) {
                // (Worked out only while hovered: it plays the call on a copy of the game.)
                (true, Some(o)) => call.on_hover_ui(|ui| {
                    ui.label(call_hint(g, o));
                }),
                _ => call,
            };
            if call.clicked() {
                out.write(Command::CallUntenable);
            }
            if delayed
                && people
                && let Some(o) = offender
                && ui
                    .button(format!("{o} takes it back"))
                    .on_hover_text(format!(
                        "{o}'s own call (\"graciously\", §2.0.22): the move is taken back, no reset"
                    ))
                    .clicked()
            {
                out.write(Command::CallOwnUntenable);
            }
        }
        for a in legal.iter().filter(|_| mine) {
            match a {
                Action::Cast { kind, from, .. } => {
                    let name = rules.set(side).piece(*kind).name();
                    let device = match rules.info(side, *kind).cast {
                        Some(veney_rules::special::cast_piece::Device::FireDance) => "Fire Dance",
                        Some(veney_rules::special::cast_piece::Device::ObscurantChaos) => {
                            "Obscurant Chaos"
                        }
                        Some(veney_rules::special::cast_piece::Device::Shima) => "Shima",
                        None => "",
                    };
                    let whence = from.map_or("from reserve".to_string(), |s| format!("from {s}"));
                    if ui
                        .button(format!("Cast the {name} {whence} ({device})"))
                        .clicked()
                    {
                        out.write(Command::Play(*a));
                    }
                }
                Action::Invoke { at }
                    if ui
                        .button(format!("Spring the Obscurant Chaos trap on {at}"))
                        .clicked() =>
                {
                    out.write(Command::Play(*a));
                }
                _ => {}
            }
        }
        if matches!(pos.phase(), veney_rules::Phase::Cast { .. })
            && offers_chance(pos)
            && ui.button("Toss it (R)").clicked()
        {
            out.write(Command::Roll);
        }
        if mine && legal.contains(&Action::Retreat) {
            let (label, warning) = retreat_label(rules, pos);
            let button = ui.button(label);
            let button = match warning {
                Some(w) => button.on_hover_text(w),
                None => button,
            };
            if button.clicked() {
                out.write(Command::Play(Action::Retreat));
            }
        }
        let guessing = rules.options.dice.is_guess();
        if matches!(pos.phase(), veney_rules::Phase::Throw { .. })
            && !guessing
            && offers_chance(pos)
        {
            let n = veney_rules::special::dagger_throw::sticks(rules, pos, side).unwrap_or(0);
            if ui
                .button(super::dice::throw_label(rules.options.dice, n))
                .clicked()
            {
                out.write(Command::Roll);
            }
        }
        // One button a sprung trap: the caster chooses which square to invoke (the
        // computer springs its own).
        let traps = if computer(!side) {
            veney_rules::Bitboard::EMPTY
        } else {
            g.springable_traps()
        };
        for at in traps {
            if ui
                .button(format!("{}: spring the trap on {at}!", !side))
                .clicked()
            {
                out.write(Command::Interrupt(at));
            }
        }
        // The computer waits for the answer (`computer::TrapWait`): the person may let it pass.
        if computer(side)
            && super::computer::waits_for_trap(p.g, p.computer.0, p.computer_trap)
            && ui
                .button("Let it pass (the computer plays on)")
                .on_hover_text("§2.0.18 Obscurant Chaos: the trap stays for later; the computer waits for your answer")
                .clicked()
        {
            out.write(Command::LetTrapPass);
        }
        if let Some(Selected::Board(sq)) = sel.0.filter(|_| mine) {
            for a in legal {
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
        if mine && free_moves && ui.button("Free engagement").clicked() {
            out.write(Command::SelectFree);
        }
        if mine
            && legal
                .iter()
                .any(|a| matches!(a, Action::PlaceDonkey { .. }))
            && ui.button("Place the Donkey").clicked()
        {
            out.write(Command::SelectDonkey);
        }
        if matches!(pos.phase(), veney_rules::Phase::DonkeyMove { .. })
            && offers_chance(pos)
            && ui.button("The Donkey moves (R)").clicked()
        {
            out.write(Command::Roll);
        }
    });
}

/// Every other action the rules offer that no click on the board makes, named in notation.
fn other_actions(ui: &mut egui::Ui, p: &Panel, out: &mut MessageWriter<Command>) {
    let Panel {
        rules, pos, legal, ..
    } = *p;
    if !offers_turn_buttons(p.computer.0, pos) {
        return;
    }
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
                        // Its own button above (a review found it offered twice).
                        | Action::Invoke { .. }
                )
        })
        .collect();
    if !others.is_empty() {
        ui.horizontal_wrapped(|ui| {
            for a in others {
                let n = veney_rules::notation::San::of_action(rules, pos, legal, a)
                    .to_string();
                let (label, why) = match a {
                    // `a=`: the return to the centre after repetition, not a move along the
                    // grid (a review found the meta-moves' words on it).
                    Action::Meta(veney_rules::Meta::Reset) => (
                        format!("return the free engagement {n}"),
                        "back to the centre point after it was pushed back to where it came from twice in a row; then any other move (§2.0.05)",
                    ),
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
                    Action::QuibbleReset => (
                        format!("reset the board {n}"),
                        "after quibbling over the free engagement (§2.0.20)",
                    ),
                    _ => (n, ""),
                };
                let (label, why) = match loses_both_warning(rules, pos, *a) {
                    Some((lose, note)) => (format!("{label}{lose}"), note),
                    None => (label, why),
                };
                if ui.button(label).on_hover_text(why).clicked() {
                    out.write(Command::Play(*a));
                }
            }
        });
    }
}

/// Undo, redo, the set workshop, a new game, resign, save, load, export.
fn game_buttons(
    ui: &mut egui::Ui,
    p: &Panel,
    out: &mut MessageWriter<Command>,
    dialog: &mut NewGameDialog,
    workshop_open: &mut bool,
    rules: &mut crate::host::rules_window::RulesWindow,
) {
    let Panel { pos, draw, .. } = *p;
    // During a setup the game's own buttons wait for it (§2.0.19; they were offered, then
    // refused as "finish the setup first": a review found them so).
    let playing = p.setup.0.is_none();
    if let (Some(by), false) = (draw.0, pos.is_game_over()) {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(format!("{by} offers a draw.")).strong());
            let accept = ui.button(format!("{}: Accept", !by));
            let accept = if pos.shima() {
                accept.on_hover_text("under Shima a draw agreed is both players losing (§2.0.18)")
            } else {
                accept
            };
            if accept.clicked() {
                out.write(Command::AnswerDraw(true));
            }
            if ui.button("Decline").clicked() {
                out.write(Command::AnswerDraw(false));
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        if ui.button("Undo (Ctrl+Z)").clicked() {
            out.write(Command::Undo);
        }
        if ui.button("Redo (Ctrl+Y)").clicked() {
            out.write(Command::Redo);
        }
        if ui.button("Set workshop…").clicked() {
            *workshop_open = !*workshop_open;
        }
        if ui.button("New game…").clicked() {
            dialog.open = true;
        }
        if ui
            .button("Rules…")
            .on_hover_text("Veney in brief (docs/RULES.md), with the rulebook's sections")
            .clicked()
        {
            rules.toggle("Veney", veney_rules::BRIEF);
        }
        let person = offers_person_buttons(p.computer.0);
        if !pos.is_game_over()
            && playing
            && person
            && ui
                .button("Hint (H)")
                .on_hover_text("the computer's best action here, after a second's search")
                .clicked()
        {
            out.write(Command::Hint);
        }
        // Between people either may resign, not only the side to move; against the computer,
        // the person. In the dying move only the mated side, whose resignation acknowledges
        // the checkmate (§2.0.20), and no draw is offered: the checkmate stands.
        let dying = pos.dying();
        if !pos.is_game_over() && dying.is_some() {
            // ("Acknowledge defeat" is the turn's own button.)
        } else if !pos.is_game_over() && playing && person {
            // Asked to confirm, as the grid games ask (a review found Veney's resignation ended
            // at one click beside Undo and Save); the question's buttons settle a moment, so a
            // double-click does not answer it (`host::settle`).
            let id = egui::Id::new("veney-resign-ask");
            let now = ui.ctx().input(|i| i.time);
            // (Asked of this position: a move, an undo or a new game since drops the question.)
            let asked: Option<(u8, f64)> = ui
                .data(|d| d.get_temp::<(u8, f64, veney_rules::Position)>(id))
                .filter(|a| a.2 == *pos)
                .map(|a| (a.0, a.1));
            let command = |who: u8| match who {
                1 => Command::ResignAs(Side::White),
                2 => Command::ResignAs(Side::Black),
                _ => Command::Resign,
            };
            match asked {
                Some((who, since)) => {
                    let name = match who {
                        1 => "White resigns",
                        2 => "Black resigns",
                        _ => "Resign",
                    };
                    let left = crate::host::settle::SETTLE_SECONDS - (now - since);
                    if left > 0.0 {
                        ui.ctx()
                            .request_repaint_after(std::time::Duration::from_secs_f64(left));
                    }
                    ui.label(format!("{name} the game?"));
                    if ui
                        .add_enabled(left <= 0.0, egui::Button::new("Yes, resign"))
                        .clicked()
                    {
                        out.write(command(who));
                        ui.data_mut(|d| d.remove::<(u8, f64, veney_rules::Position)>(id));
                    }
                    if ui.button("No, play on").clicked() {
                        ui.data_mut(|d| d.remove::<(u8, f64, veney_rules::Position)>(id));
                    }
                }
                None if p.computer.0.any() => {
                    if ui.button("Resign…").on_hover_text("asks first").clicked() {
                        ui.data_mut(|d| d.insert_temp(id, (0u8, now, *pos)));
                    }
                }
                None => {
                    for (who, s) in [(1u8, Side::White), (2, Side::Black)] {
                        if ui
                            .button(format!("{s} resigns…"))
                            .on_hover_text("asks first")
                            .clicked()
                        {
                            ui.data_mut(|d| d.insert_temp(id, (who, now, *pos)));
                        }
                    }
                }
            }
        }
        if playing
            && person
            && !pos.is_game_over()
            && dying.is_none()
            && draw.0.is_none()
            && ui
                .button("Offer a draw")
                .on_hover_text(if pos.shima() {
                    "§2.0.18 Shima: drawing is not an option — a draw agreed is both players losing"
                } else {
                    "§2.0.21 Draw by agreement: the other player accepts or declines"
                })
                .clicked()
        {
            out.write(Command::OfferDraw);
        }
        if playing && ui.button("Save").clicked() {
            out.write(Command::Save(Default::default()));
        }
        if ui.button("Load").clicked() {
            out.write(Command::Load(Default::default()));
        }
        if playing
            && ui
            .button("Export moves")
            .on_hover_text(
                "the move list in notation (with its start and rules when not the standard ones): moves.txt in the saves' folder, and the clipboard",
            )
            .clicked()
        {
            // On the clipboard once the export is made (`Status::clipboard`).
            out.write(Command::ExportMoves(Default::default()));
        }
    });
}

/// The position the board shows: the one after the reviewed turn, else the live one. The
/// panel's reserves, discards and Copy read it, as the board and the trays do (a review found
/// them showing the live game during a review).
pub(super) fn shown(g: &Game, viewing: Option<usize>) -> Position {
    viewing.map_or(*g.position(), |t| super::game::position_after_turns(g, t))
}

/// Each side's reserve (the mover's pieces are picked up here to be placed) and discard.
fn reserves(ui: &mut egui::Ui, p: &Panel, out: &mut MessageWriter<Command>) {
    let Panel {
        rules,
        side,
        sel,
        setup,
        g,
        viewing,
        ..
    } = *p;
    let live = viewing.0.is_none();
    let pos = &shown(g, viewing.0);
    let setting_up = setup.0.is_some();
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
                if live
                    && s == side
                    && !pos.is_game_over()
                    && offers_turn_buttons(p.computer.0, pos)
                {
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
}

/// The piece whose rules card is shown: the selected one (what the selection picked up — a
/// partner in hand, a pinned blade), else the hovered one, read on the board shown: an earlier
/// position while the move list is reviewed (`viewing`).
fn card_piece(
    g: &Game,
    viewing: Option<usize>,
    sel: Option<Selected>,
    hovered: Option<veney_rules::Square>,
) -> Option<(Side, veney_rules::Kind)> {
    let live = g.position();
    match sel {
        // A selection is the live game's.
        Some(Selected::Reserve(k)) => Some((live.turn(), k)),
        Some(Selected::Board(sq)) => super::game::picked_piece(live, sq),
        _ => {
            let shown = viewing.map(|t| super::game::position_after_turns(g, t));
            hovered.and_then(|sq| shown.as_ref().unwrap_or(live).piece_at(sq))
        }
    }
}

/// The rules card of the selected or hovered piece.
fn rules_card(ui: &mut egui::Ui, p: &Panel) {
    let rules = p.rules;
    let card = card_piece(p.g, p.viewing.0, p.sel.0, p.hover.0);
    if let Some((s, k)) = card {
        let def = &rules.set(s).piece(k).def;
        ui.label(
            egui::RichText::new(format!("{} ({}) — {}", def.name, def.letter, def.section))
                .strong(),
        );
        ui.label(&def.card);
        if !def.specials.is_empty() {
            let names: Vec<String> = def.specials.iter().map(|x| format!("{x:?}")).collect();
            ui.small(format!("Specials: {}", names.join(", ")));
        }
        ui.separator();
    }
}

/// An untenable turn's mark in the move list and its hover: while the call is open it does not
/// yet stand (§2.0.22 "only immediately after the move is made"; a review found it said to
/// stand with "Call it untenable!" on screen); after, nobody called it and it stands.
fn untenable_note(why: &str, open_to_call: bool) -> (&'static str, String) {
    if open_to_call {
        (
            "(untenable, open to call)",
            format!("open to call now, before the next move: {why}"),
        )
    } else {
        ("(untenable)", format!("not called, so it stands: {why}"))
    }
}

/// The move list: click a turn to see the position after it.
fn move_list(ui: &mut egui::Ui, p: &Panel, out: &mut MessageWriter<Command>) {
    let Panel { g, viewing, .. } = *p;
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
            let untenable = g.turns_untenable();
            let open_call = g.open_call_turn();
            for (i, (before, text)) in turns.iter().enumerate() {
                let number = turn_label(before);
                // Click a turn to see the position after it.
                let shown = viewing.0 == Some(i + 1);
                // An untenable move nobody called stands (§2.0.22): marked, the rule on hover.
                let why = untenable.get(i).cloned().flatten();
                // While open, the reason of the move open to call (a turn's second untenable
                // move, its first no longer callable).
                let note = why.map(|w| match open_call {
                    Some(t) if t == i => untenable_note(&g.open_call_reason().unwrap_or(w), true),
                    _ => untenable_note(&w, false),
                });
                let label = match &note {
                    Some((mark, _)) => egui::RichText::new(format!("{number} {text}  {mark}"))
                        .monospace()
                        .color(egui::Color32::from_rgb(235, 160, 70)),
                    None => egui::RichText::new(format!("{number} {text}")).monospace(),
                };
                let r = ui.selectable_label(shown, label);
                let r = match note {
                    Some((_, hover)) => r.on_hover_text(hover),
                    None => r,
                };
                if r.clicked() {
                    out.write(Command::View(Some(i + 1)));
                }
            }
        });
}

/// The position text: copy it, or paste one to set up.
fn position_text(
    ui: &mut egui::Ui,
    p: &Panel,
    out: &mut MessageWriter<Command>,
    pbox: &mut PositionBox,
) {
    let Panel {
        rules, g, viewing, ..
    } = *p;
    ui.label(egui::RichText::new("Position").strong());
    ui.horizontal(|ui| {
        if ui
            .button("Copy")
            .on_hover_text("the position the board shows, as text")
            .clicked()
        {
            ui.ctx().copy_text(shown(g, viewing.0).to_text(rules));
        }
        if ui.button("Set up pasted").clicked() {
            out.write(Command::SetPosition(pbox.0.trim().to_string()));
        }
    });
    ui.add(egui::TextEdit::singleline(&mut pbox.0).hint_text("paste a position text"));
}

/// "Load record…": a record from a file or pasted — our notation, or the public records' form
/// with its `---` front matter — replayed with sand (R-REPLAY-SAND).
fn load_record(ui: &mut egui::Ui, out: &mut MessageWriter<Command>, rbox: &mut RecordBox) {
    ui.collapsing("Load record…", |ui| {
        ui.horizontal(|ui| {
            ui.add(egui::TextEdit::singleline(&mut rbox.path).desired_width(230.0));
            if ui.button("Load file").clicked() {
                out.write(Command::LoadRecordFile(rbox.path.trim().into()));
            }
        });
        ui.add(
            egui::TextEdit::multiline(&mut rbox.text)
                .desired_rows(3)
                .hint_text("or paste a record: 1. SY5 $fX12, SX12; 2. …"),
        );
        if ui
            .add_enabled(
                !rbox.text.trim().is_empty(),
                egui::Button::new("Load pasted"),
            )
            .clicked()
        {
            out.write(Command::LoadRecordText(rbox.text.clone()));
        }
        ui.weak("Untenable turns nobody called stand (played with sand) and are marked.");
    });
}

/// Display and sound.
fn display_options(ui: &mut egui::Ui, s: Settings) {
    let Settings {
        hl,
        ov,
        audio,
        style,
        view,
    } = s;
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
}

/// The game's seed and dice, and the other rule options in force.
fn seed_line(ui: &mut egui::Ui, p: &Panel) {
    let Panel { g, rules, .. } = *p;
    // In words, as the new-game dialog names them (a review found `FlatOdds(6)` shown).
    ui.small(format!(
        "Seed {} · Dagger Throw by {} · untenable moves: {}",
        g.seed(),
        rules.options.dice.words(),
        rules.options.untenable.words()
    ));
    ui.small(options_in_force(&rules.options));
}

/// The rule options that differ from the defaults, in words (a review found a loaded game's
/// Hug, Donkey or retreat limits shown nowhere).
pub fn options_in_force(o: &veney_rules::options::RuleOptions) -> String {
    use veney_rules::options::{FirstPlayerMethod, RetreatLimit, RuleOptions, SetupStyle};
    let d = RuleOptions::default();
    let limit = |l: RetreatLimit| match l {
        RetreatLimit::Unlimited => "no limit".to_string(),
        RetreatLimit::Limited(n) => format!("{n}"),
    };
    let mut said: Vec<String> = Vec::new();
    if o.optional_pieces != d.optional_pieces {
        said.push(if o.optional_pieces.is_empty() {
            "no Ruin".into()
        } else {
            format!("optional pieces: {}", o.optional_pieces.join(", "))
        });
    }
    if o.retreat_limit != d.retreat_limit {
        said.push(format!("retreats: {}", limit(o.retreat_limit)));
    }
    if let Some(b) = o.black_retreat_limit {
        said.push(format!("Black's retreats: {}", limit(b)));
    }
    if o.no_contest_turns != d.no_contest_turns {
        said.push(match o.no_contest_turns {
            Some(n) => format!("no contest after {n} turns"),
            None => "no no-contest draw".into(),
        });
    }
    match o.setup_style {
        SetupStyle::Standard => {}
        SetupStyle::Concealed => said.push("concealed setup".into()),
        SetupStyle::InTurns => said.push("setup in turns".into()),
    }
    match o.first_by {
        FirstPlayerMethod::Agreed if o.first_player != d.first_player => {
            said.push(format!("{} first", o.first_player))
        }
        FirstPlayerMethod::Agreed => {}
        FirstPlayerMethod::RandomDraw => said.push("first by random drawing".into()),
        FirstPlayerMethod::Initiative => said.push("first by initiative".into()),
    }
    for (on, name) in [
        (o.hug, "the Hug"),
        (o.donkey, "the Donkey"),
        (!o.devices, "no devices"),
        // (Only with the devices: without them no side enters Hirakamae, R-DEVICES; a review
        // found it named with the devices off.)
        (
            o.hirakamae_breaks && o.devices,
            "hirakamae broken by the opponent",
        ),
        (
            o.sword_steps_apart,
            "any engagement step widens the Sword's range",
        ),
        (o.distraction_loses_dagger, "a distraction loses the Dagger"),
        (
            o.retreat_overflow_behind,
            "extra pieces after a retreat on the step behind",
        ),
    ] {
        if on {
            said.push(name.into());
        }
    }
    if said.is_empty() {
        "Rules: the standard options".into()
    } else {
        format!("Rules: {}", said.join(" · "))
    }
}

/// The number the move list writes before a turn, as the record does (`write_record`): the
/// first player's turn `n.`, the reply `n...`, whichever colour moved first (a review found
/// Black's opening turn listed `1...` beside the record's `1.`).
pub fn turn_label(before: &Position) -> String {
    let n = before.turn_number();
    if before.turns().is_multiple_of(2) {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

#[cfg(test)]
mod tests {
    use super::{
        Selected, actions_from, card_piece, refusal_line, shown, stuck_reason, turn_label,
    };
    use veney_rules::{Action, Game, Position, Rules, Side};

    /// A game after White's first move (the first listed), and that move's squares.
    fn after_one_move() -> (Game, veney_rules::Square, veney_rules::Square) {
        let mut g = Game::new(std::sync::Arc::new(Rules::standard()));
        let m = g
            .legal_actions()
            .into_iter()
            .find_map(|a| match a {
                Action::Move(m) if m.effect == veney_rules::Effect::Quiet => Some(m),
                _ => None,
            })
            .expect("a quiet move at the start");
        g.play(Action::Move(m)).unwrap();
        if g.position().turn() == veney_rules::Side::White {
            g.play(Action::EndTurn).unwrap();
        }
        (g, m.from, m.to)
    }

    #[test]
    fn the_panel_reads_the_position_the_board_shows_during_a_review() {
        // The reserves and Copy follow the reviewed turn, as the board and the trays do.
        let r = std::sync::Arc::new(Rules::standard());
        let mut g = Game::new(r.clone());
        let place = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Place { .. }))
            .expect("a placement at the start");
        g.play(place).unwrap();
        let Action::Place { kind, .. } = place else {
            unreachable!()
        };
        let live = *g.position();
        assert_eq!(shown(&g, None), live);
        let before = shown(&g, Some(0));
        assert_eq!(
            before.reserve(Side::White, kind),
            live.reserve(Side::White, kind) + 1
        );
    }

    #[test]
    fn the_move_list_numbers_turns_as_the_record_does_when_black_opens() {
        // §2.0.R5 numbering: each number covers the first player's turn and the reply. Black
        // moving first (drawn or by initiative, §2.0.19), its turn is `1.` in the list as in
        // the record.
        let r = std::sync::Arc::new(Rules::standard());
        let text = Position::start(&r).to_text(&r).replacen(" w ", " b ", 1);
        let start = Position::from_text(&r, &text).unwrap();
        let mut g = Game::from_position_seeded(r.clone(), start, 1);
        for _ in 0..3 {
            let a = g.legal_actions()[0];
            g.play(a).unwrap();
            while g.position().phase() != veney_rules::Phase::Start {
                g.play(Action::EndTurn).unwrap();
            }
        }
        let turns = g.turns_notation();
        let labels: Vec<String> = turns.iter().map(|(b, _)| turn_label(b)).collect();
        assert_eq!(labels, ["1.", "1...", "2."]);
        assert_eq!(turns[0].0.turn(), Side::Black);
        let texts: Vec<String> = turns.iter().map(|(_, t)| t.clone()).collect();
        let record = veney_rules::notation::write_record(&texts, turns[0].0.turns());
        assert!(
            record.starts_with(&format!("1. {}, {};", texts[0], texts[1])),
            "{record}"
        );
    }

    #[test]
    fn a_hovered_square_is_read_on_the_board_shown_during_a_review() {
        let (g, from, to) = after_one_move();
        let start = g.turns_notation()[0].0;
        let moved = start.piece_at(from).expect("the mover stood there");
        // Live: the piece stands on its new square.
        assert_eq!(card_piece(&g, None, None, Some(to)), Some(moved));
        assert_eq!(card_piece(&g, None, None, Some(from)), None);
        // Reviewing the start: where the board shows it.
        assert_eq!(card_piece(&g, Some(0), None, Some(from)), Some(moved));
        assert_eq!(card_piece(&g, Some(0), None, Some(to)), None);
    }

    #[test]
    fn no_stuck_explanation_during_a_review() {
        // Actions taken in turn from the list until the mover has a piece with no move.
        let mut g = Game::new(std::sync::Arc::new(Rules::standard()));
        let stuck = |g: &Game| {
            let pos = *g.position();
            veney_rules::Square::all().find(|&sq| {
                pos.piece_at(sq).is_some_and(|(s, _)| s == pos.turn())
                    && stuck_reason(g, None, Some(sq)).is_some()
            })
        };
        let mut i = 0;
        let sq = loop {
            if g.turns_notation().len() > 1
                && let Some(sq) = stuck(&g)
            {
                break sq;
            }
            let legal = g.legal_actions();
            g.play(legal[i % legal.len()]).unwrap();
            i += 7;
            assert!(i < 7 * 200, "no stuck piece in 200 actions");
        };
        assert_eq!(stuck_reason(&g, Some(0), Some(sq)), None);
        assert_eq!(stuck_reason(&g, Some(1), Some(sq)), None);
    }

    #[test]
    fn a_piece_that_may_only_be_withdrawn_is_not_called_stuck() {
        // §2.0.13: a piece on your own side may be withdrawn to reserve — an action of that
        // piece, offered as a button (a review found it said to be unable to move). White's
        // engagement on W5 is blocked by Black's on W6 (it moves forward only, onto an open
        // square) but may go back to reserve.
        let r = std::sync::Arc::new(Rules::standard());
        let p = Position::from_pieces(
            &r,
            &[
                (Side::White, "Self", "Y4"),
                (Side::White, "Sword", "X4"),
                (Side::White, "Engagement", "W5"),
                (Side::Black, "Engagement", "W6"),
                (Side::Black, "Self", "X13"),
            ],
            Side::White,
        )
        .unwrap();
        let g = Game::from_position(r.clone(), p);
        let w5 = veney_rules::Square::parse("W5").unwrap();
        assert!(actions_from(&g, Selected::Board(w5)).is_empty(), "no move");
        assert!(
            g.legal_actions()
                .iter()
                .any(|a| matches!(*a, Action::Withdraw { from, .. } if from == w5)),
            "a withdrawal"
        );
        assert_eq!(stuck_reason(&g, None, Some(w5)), None);
    }

    #[test]
    fn only_a_rules_refusal_is_called_untenable() {
        assert_eq!(
            refusal_line("the Self does not move there (§2.0.02 Self)"),
            "Untenable: the Self does not move there (§2.0.02 Self)"
        );
        assert_eq!(
            refusal_line("could not load saves/game.veney: No such file"),
            "could not load saves/game.veney: No such file"
        );
        // A click's refusal is the rules' `Untenable` text: "Untenable" once (a review found
        // "Untenable: untenable: …").
        assert_eq!(
            refusal_line("untenable: the Self does not move there (§2.0.02 Self)"),
            "Untenable: the Self does not move there (§2.0.02 Self)"
        );
        let load = "could not load g.veney: line 12: column 1: the Self does not move there (§2.0.02 Self) (at `SY15`)";
        assert_eq!(refusal_line(load), load);
        // The app's guards cite sections but are no rule's refusal.
        for guard in [
            "a secret choice is being made: finish it on its screen first (§2.0.R1, §2.0.23)",
            "the defender hides the token first (§2.0.R1)",
            "there is no trap to spring (§2.0.18)",
        ] {
            assert_eq!(refusal_line(guard), guard);
        }
        assert_eq!(
            refusal_line("the invocation counts as your turn (§2.0.18 Devices: Obscurant Chaos)"),
            "Untenable: the invocation counts as your turn (§2.0.18 Devices: Obscurant Chaos)"
        );
    }
}

#[cfg(test)]
mod retreat_tests {
    use super::retreat_label;
    use veney_rules::{Action, Position, Rules};

    /// §2.0.02 Retreat: "unless the retreat limit has been accidentally surpassed, which is
    /// considered a resignation" — the button says so once the limit is used up, and what it
    /// says is what the rules do.
    #[test]
    fn the_retreat_past_the_limit_says_it_resigns() {
        let r = Rules::standard();
        let text = "4/4/4/1sw1/4/4/4/4/4/4/4/4/4/4/1W2/2S1 w EEEE/eeee";
        let fresh = Position::from_text(&r, text).unwrap();
        assert_eq!(retreat_label(&r, &fresh), ("Retreat (==)", None));
        let spent = Position::from_text(&r, &format!("{text} retreats=1/0")).unwrap();
        let (label, warning) = retreat_label(&r, &spent);
        assert!(label.contains("resigns"), "{label}");
        assert!(warning.is_some_and(|w| w.contains("§2.0.02")));
        let mut q = spent;
        q.play(&r, Action::Retreat).unwrap();
        assert!(q.is_game_over(), "the retreat resigned");
    }
}

#[cfg(test)]
mod pass_tests {
    use super::{loses_both_warning, pass_label};
    use veney_rules::outcome::Outcome;
    use veney_rules::{Action, Position, Rules};

    /// §2.0.18 Shima: "an attempt to draw by agreement or pass repetition is now equivalent to
    /// both players losing" — the pass back that ends the game so says so on its button.
    #[test]
    fn the_pass_back_under_shima_warns_that_both_lose() {
        let r = Rules::standard();
        let text = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b - shima=1 passes=1 casts=wSX8";
        let p = Position::from_text(&r, text).unwrap();
        let (label, warning) = pass_label(&r, &p);
        assert!(label.contains("both players lose"), "{label}");
        assert!(warning.is_some_and(|w| w.contains("§2.0.18")));
        // What the button says is what the rules do.
        let mut q = p;
        q.play(&r, Action::Pass).unwrap();
        assert_eq!(q.outcome(), Some(Outcome::DoubleCheckmate));
        // Without Shima the pass back is a refusal of the pass, with no loss to warn of.
        let plain = Position::from_text(&r, &text.replace(" shima=1", "")).unwrap();
        assert_eq!(
            pass_label(&r, &plain),
            ("Refuse the pass: pass back (---)", None)
        );
        // A pass into Hirakamae loses nothing, under Shima too: "the player can pass
        // indefinitely without risking a draw" (§2.0.18).
        let stance = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/4/WS2/4/4 w - shima=1 passes=1 casts=bSX8";
        let p = Position::from_text(&r, stance).unwrap();
        let (label, warning) = pass_label(&r, &p);
        assert_eq!(label, "Pass (---): enter Hirakamae");
        assert!(warning.is_some_and(|w| w.contains("Hirakamae")));
        let mut q = p;
        q.play(&r, Action::Pass).unwrap();
        assert_eq!(q.outcome(), None);
        // The prompt says the stance stands and who may not pass, and that Shima holds.
        let note = crate::packs::veney::game::stance_note(&r, &q, veney_rules::Side::Black);
        assert!(
            note.contains("White in Hirakamae: Black may not pass") && note.contains("Shima"),
            "{note}"
        );
    }

    /// §2.0.16 "only declaring intention, or only glare technically each amount to a pass": under
    /// Shima after the opponent's pass, the declare and glare buttons warn that both lose, as
    /// the rules then end the game so; without Shima they warn of nothing.
    #[test]
    fn a_declaration_or_a_glare_after_a_pass_under_shima_warns_that_both_lose() {
        let r = Rules::standard();
        for (text, is) in [
            (
                "4/4/2w1/2s1/4/4/1l2/J3/1W2/4/4/4/2S1/4/4/4 w EEEE/eeee shima=1 passes=1",
                (|a: &Action| matches!(a, Action::Declare { .. })) as fn(&Action) -> bool,
            ),
            (
                "4/4/j1w1/2s1/4/4/4/4/4/4/4/4/S3/2L1/4/4 w EEEE/eeee shima=1 passes=1",
                |a: &Action| matches!(a, Action::Glare { .. }),
            ),
        ] {
            let p = Position::from_text(&r, text).unwrap();
            let mut legal = Vec::new();
            veney_rules::movegen::legal_actions(&r, &p, &mut legal);
            let a = *legal
                .iter()
                .find(|a| is(a))
                .unwrap_or_else(|| panic!("{text}"));
            let (label, hover) = loses_both_warning(&r, &p, a).expect(text);
            assert!(label.contains("both players lose"), "{label}");
            assert!(hover.contains("§2.0.18") && hover.contains("§2.0.16"));
            // What the button says is what the rules do.
            let mut q = p;
            q.play(&r, a).unwrap();
            if !q.is_game_over() {
                q.play(&r, Action::EndTurn).unwrap();
            }
            assert_eq!(q.outcome(), Some(Outcome::DoubleCheckmate));
            let plain = Position::from_text(&r, &text.replace(" shima=1", "")).unwrap();
            assert_eq!(loses_both_warning(&r, &plain, a), None, "{text}");
            // Nor under Shima without the opponent's pass (the no-contest count ends it too,
            // but not as pass repetition).
            let quiet = Position::from_text(&r, &text.replace(" passes=1", " quiet=99")).unwrap();
            assert_eq!(loses_both_warning(&r, &quiet, a), None, "{text}");
        }
    }
}

#[cfg(test)]
mod offer_tests {
    use super::{offers_chance, offers_person_buttons, offers_turn_buttons};

    /// Hint, Resign and Offer a draw are a person's: none when the computer plays both sides.
    #[test]
    fn a_computer_only_game_offers_no_persons_buttons() {
        let both = VeneyComputer([Some(game_ai::Level::Beginner), Some(game_ai::Level::Club)]);
        assert!(!offers_person_buttons(&both));
        assert!(offers_person_buttons(&VeneyComputer([
            None,
            Some(game_ai::Level::Club)
        ])));
        assert!(offers_person_buttons(&VeneyComputer([None, None])));
    }
    use crate::packs::veney::computer::VeneyComputer;
    use veney_rules::{Game, Position, Rules, Side};

    /// The computer's side makes its own decisions: no turn buttons offered on its turn (a
    /// review found End turn, Pass and the rest shown, each refused); the person's are.
    #[test]
    fn the_computers_turn_offers_the_person_no_decision_buttons() {
        let r = Rules::standard();
        let start = Position::start(&r);
        let black = VeneyComputer([None, Some(game_ai::Level::Beginner)]);
        let white = VeneyComputer([Some(game_ai::Level::Beginner), None]);
        assert!(
            offers_turn_buttons(&black, &start),
            "White's turn: the person's"
        );
        assert!(!offers_turn_buttons(&white, &start), "the computer's");
        assert!(offers_turn_buttons(&VeneyComputer::default(), &start));
    }

    /// turn.rs: "Nothing is thrown or lands once the game is over (a resignation, an agreed
    /// draw, a fallen flag while a throw waited)": no throw button on the end screen.
    #[test]
    fn no_throw_is_offered_once_the_game_is_over() {
        let r = std::sync::Arc::new(Rules::standard());
        let throw = "4/4/4/1b1c/1s2/e3/1e2/2gE/2e1/SD1L/E1E1/4/3B/4/4/4 w EGJR/edlr";
        let p = Position::from_text(&r, throw).unwrap();
        let mut g = Game::from_position_seeded(r, p, 5);
        let t = *g
            .legal_actions()
            .iter()
            .find(|a| matches!(a, veney_rules::Action::Throw { .. }))
            .expect("a Dagger Throw");
        g.play(t).unwrap();
        assert!(matches!(
            g.position().phase(),
            veney_rules::Phase::Throw { .. }
        ));
        assert!(offers_chance(g.position()));
        g.resign(Side::Black);
        assert!(matches!(
            g.position().phase(),
            veney_rules::Phase::Throw { .. }
        ));
        assert!(!offers_chance(g.position()));
    }
}

#[cfg(test)]
mod options_tests {
    use super::options_in_force;
    use veney_rules::options::{RetreatLimit, RuleOptions};

    /// The options in force are shown in words, those that differ from the defaults (a review
    /// found a loaded game's Hug, Donkey and retreat limits shown nowhere).
    #[test]
    fn the_options_in_force_are_named() {
        assert_eq!(
            options_in_force(&RuleOptions::default()),
            "Rules: the standard options"
        );
        let o = RuleOptions {
            hug: true,
            donkey: true,
            retreat_limit: RetreatLimit::Limited(3),
            distraction_loses_dagger: true,
            ..RuleOptions::default()
        };
        let said = options_in_force(&o);
        for w in [
            "the Hug",
            "the Donkey",
            "retreats: 3",
            "a distraction loses the Dagger",
        ] {
            assert!(said.contains(w), "{said} lacks {w}");
        }
        // Hirakamae's option is named only with the devices that bring the stance (R-DEVICES).
        let breaks = RuleOptions {
            hirakamae_breaks: true,
            ..RuleOptions::default()
        };
        assert!(options_in_force(&breaks).contains("hirakamae broken"));
        let off = RuleOptions {
            devices: false,
            ..breaks
        };
        let said = options_in_force(&off);
        assert!(
            said.contains("no devices") && !said.contains("hirakamae"),
            "{said}"
        );
    }
}

#[cfg(test)]
mod call_hint_tests {
    use super::call_hint;
    use veney_rules::options::{RuleOptions, UntenablePolicy};
    use veney_rules::{Game, Position, Rules, Side};

    /// Under a Delayed Reset the opponent's call resets the board — but under Shima it only
    /// takes the move back (R-UNTENABLE-SHIMA), and the Call button's hint says which (a review
    /// found the reset promised there).
    #[test]
    fn the_call_hint_says_what_the_call_will_do() {
        let o = RuleOptions {
            untenable: UntenablePolicy::DelayedReset,
            ..RuleOptions::default()
        };
        let r = std::sync::Arc::new(Rules::standard_with(o));
        let base = Position::from_pieces(
            &r,
            &[
                (Side::White, "Self", "X2"),
                (Side::White, "Sword", "X4"),
                (Side::Black, "Self", "Y14"),
                (Side::Black, "Sword", "Y12"),
            ],
            Side::White,
        )
        .unwrap()
        .to_text(&r);
        // Under Shima only Daggers and engagements stay in reserve (§2.0.18).
        let mut fields: Vec<String> = base.split(' ').map(str::to_string).collect();
        fields[2] = fields[2]
            .split('/')
            .map(|r| {
                r.chars()
                    .filter(|c| "DEde".contains(*c))
                    .collect::<String>()
            })
            .map(|r| if r.is_empty() { "-".to_string() } else { r })
            .collect::<Vec<_>>()
            .join("/");
        let shima = format!("{} shima=1", fields.join(" "));
        for (text, words) in [(base.clone(), "reset as by retreat"), (shima, "no reset")] {
            let p = Position::from_text(&r, &text).unwrap();
            let mut g = Game::from_position_seeded(r.clone(), p, 1);
            let why = g.play_token_reporting("$X9", 1).unwrap();
            assert!(why.is_some(), "untenable, played with sand");
            assert!(g.callable());
            let hint = call_hint(&g, Side::White);
            assert!(hint.contains(words), "{text}: {hint}");
        }
    }
}
