//! Veney: everything only Veney needs — its game glue (`game`), board, piece art, trays, dice,
//! overlays, highlights, input, panels, the setup screen and the set workshop. It draws and runs
//! only while `Screen::Veney` is active: every system is in `VeneySystems` (run only on that
//! screen) and every entity it spawns is `DespawnOnExit(Screen::Veney)`.
use crate::host::audio::Cue;
use crate::host::{GameEntry, Games, Screen, Wake};
use bevy::prelude::*;
use veney_rules::{Action, Effect};

pub mod animation;
pub mod banner;
pub mod board;
pub mod choice;
pub mod clock;
mod commands;
pub mod companion;
pub mod computer;
pub mod dice;
pub mod game;
pub mod highlights;
pub mod input;
pub mod overlays;
pub mod panels;
pub mod pieces;
pub mod secrets;
pub mod setup_screen;
mod side_panel;
pub mod trays;
pub mod workshop;

/// Every Veney system: run only while Veney's screen is shown.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct VeneySystems;

/// The game, commands, highlights, dice bookkeeping and the workshop's watcher (headless).
pub(crate) fn plugin(app: &mut App) {
    app.world_mut().resource_mut::<Games>().0.push(GameEntry {
        screen: Screen::Veney,
        title: "Veney",
        line: "C. Persimmon's chess-like fencing game on 4 lines × 16 steps: fend, take, throw the Dagger.",
    });
    app.configure_sets(Update, VeneySystems.run_if(in_state(Screen::Veney)))
        .configure_sets(PostUpdate, VeneySystems.run_if(in_state(Screen::Veney)))
        .add_systems(OnEnter(Screen::Veney), redraw_on_enter)
        .add_plugins((
            game::plugin,
            clock::plugin,
            computer::plugin,
            secrets::plugin,
            highlights::plugin,
            dice::plugin,
            workshop::plugin,
            companion::plugin,
        ))
        .add_systems(Update, sound_cues.after(game::GameSet).in_set(VeneySystems));
}

/// The drawing, input and panel plugins (need a window and renderer).
pub(crate) fn view_plugin(app: &mut App) {
    app.configure_sets(
        bevy_egui::EguiPrimaryContextPass,
        VeneySystems.run_if(in_state(Screen::Veney)),
    )
    .add_plugins((
        board::plugin,
        pieces::plugin,
        highlights::view_plugin,
        overlays::plugin,
        input::plugin,
        animation::plugin,
        dice::view_plugin,
    ))
    .add_plugins((
        panels::plugin,
        workshop::view_plugin,
        trays::plugin,
        choice::plugin,
        secrets::view_plugin,
        banner::plugin,
    ))
    .add_systems(Update, keep_awake.after(game::GameSet).in_set(VeneySystems));
}

/// Entering the screen (again): the views mirror the game from scratch (their entities were
/// despawned when the screen was left) and the camera takes Veney's place and flip.
fn redraw_on_enter(
    mut game: ResMut<game::CurrentGame>,
    mut hl: ResMut<highlights::Highlights>,
    view: Option<ResMut<board::BoardView>>,
    notice: Option<Res<crate::host::audio::AudioUnavailable>>,
    mut status: ResMut<game::Status>,
) {
    game.set_changed();
    hl.set_changed();
    if let Some(mut v) = view {
        v.set_changed();
    }
    if let Some(n) = notice
        && status.info.is_none()
    {
        status.info = Some(n.0.clone());
    }
}

/// The sound each played action makes.
fn sound_cues(
    mut played: MessageReader<game::Played>,
    mut cues: MessageWriter<crate::host::audio::PlayCue>,
    game: Res<game::CurrentGame>,
) {
    for p in played.read().filter(|p| p.of_rules(&game.0.rules)) {
        if let Some(c) = cue(p) {
            cues.write(crate::host::audio::PlayCue(c));
        }
    }
}

/// Keeps the redraw gate open while the game changes or a Veney animation runs.
#[allow(clippy::type_complexity)]
fn keep_awake(
    game: Res<game::CurrentGame>,
    workshop: Res<workshop::Workshop>,
    animating: Query<
        (),
        Or<(
            With<animation::Glide>,
            With<dice::Stick>,
            With<dice::Announcement>,
            With<dice::Tossed>,
            With<trays::Fly>,
        )>,
    >,
    mut wake: ResMut<Wake>,
) {
    if game.is_changed() || workshop.is_changed() || !animating.is_empty() {
        wake.set_changed();
    }
}

/// The sound an action makes.
pub fn cue(p: &game::Played) -> Option<Cue> {
    if p.after.is_game_over() && !p.before.is_game_over() {
        return Some(Cue::Mate);
    }
    match p.action {
        Action::Move(m) => Some(match m.effect {
            Effect::Fend(_) | Effect::FendFree | Effect::EnPassant(_) => Cue::Fend,
            Effect::Take(_)
            | Effect::Checkmate
            | Effect::Disarm(_)
            | Effect::Negate(_)
            | Effect::ShadowStab(_)
            | Effect::DisarmCaptured(_) => Cue::Take,
            _ => Cue::Move,
        }),
        Action::Place { .. } | Action::Withdraw { .. } | Action::EnterFree { .. } => {
            Some(Cue::Move)
        }
        Action::Reposition { .. } => Some(Cue::Move),
        Action::Throw { .. } | Action::Roll(_) => Some(Cue::Throw),
        Action::Glare { .. } => Some(Cue::Cast),
        _ => None,
    }
}
