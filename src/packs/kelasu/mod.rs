//! Kelasu (MaxTheFox): what only Kelasu needs on top of the generic grid host — the new-game
//! dialog with the options the rule text leaves open, the turn bar (whose turn, the energy left
//! of what the turn started with, end of turn, the quiet-turn count, the victory tiles held) and
//! the merge builder (gather Blanks, then choose the piece and its square among the merges the
//! rules allow). Moves, captures, recalls and conversions are the grid host's own: the rules'
//! actions as targets, the picked piece's pattern drawn with what each square allows.
//!
//! The stage of the screen is a sub-state (`KelasuStage`): the new-game dialog, and play.
use crate::host::grid::{ActiveMatch, GridBlocked, NewGameRequested, SaveRoot};
use crate::host::{GameEntry, Games, Screen};
use bevy::prelude::*;
use game_api::{AnyMatch, Game, Match};
use kelasu_rules::{Kelasu, KelasuOptions};
use std::path::PathBuf;
use std::sync::Arc;

pub mod companion;
pub mod merge;
pub mod new_game;
pub mod turn_bar;

/// Where the Kelasu screen is.
#[derive(SubStates, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Kelasu)]
pub enum KelasuStage {
    /// The new-game dialog: the options the rule text leaves to the players.
    #[default]
    NewGame,
    Playing,
}

/// Start a new game (the dialog's "Start"): these options, from the start or from a position
/// text (the rules crate's, checked by it).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct NewKelasu {
    pub options: KelasuOptions,
    pub position: Option<String>,
}

/// Resume the last game from its autosave (the dialog's "Resume the last game").
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResumeKelasu;

/// Why the last new game could not start.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct NewGameError(pub Option<String>);

/// Blue (seat 0, moves first, home rows A–B at the top) and Red (seat 1, I–J at the bottom).
pub const COLOURS: [(Color, Color); 2] = [
    (Color::srgb(0.16, 0.33, 0.70), Color::srgb(0.97, 0.96, 0.92)),
    (Color::srgb(0.70, 0.15, 0.13), Color::srgb(0.99, 0.93, 0.85)),
];

/// Kinds of action the pack offers itself: merges (the merge builder) and ending the turn (the
/// turn bar's button).
pub const OWN_DIALOG: &[&str] = &["merge", "end"];

pub(crate) fn plugin(app: &mut App) {
    app.world_mut().resource_mut::<Games>().0.push(GameEntry {
        screen: Screen::Kelasu,
        title: "Kelasu",
        line: "MaxTheFox, 10 × 10: merge Blanks into Warriors, Runners, Diplomats, Champions, Generals and Stones; spend each turn's energy; hold the four victory tiles.",
    });
    app.add_sub_state::<KelasuStage>()
        .init_resource::<NewGameError>()
        .add_message::<NewKelasu>()
        .add_message::<ResumeKelasu>()
        .add_systems(
            OnEnter(Screen::Kelasu),
            (crate::host::grid::bring_back(Screen::Kelasu), resume).chain(),
        )
        .add_systems(
            OnEnter(KelasuStage::NewGame),
            |mut b: ResMut<GridBlocked>| b.0 = true,
        )
        .add_systems(
            OnExit(KelasuStage::NewGame),
            |mut b: ResMut<GridBlocked>| b.0 = false,
        )
        .add_systems(
            Update,
            (start_game, resume_autosave, reopen_dialog)
                .chain()
                .after(crate::host::grid::GridGameSet)
                .run_if(in_state(Screen::Kelasu)),
        )
        .add_plugins((merge::plugin, companion::plugin));
}

pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((new_game::plugin, turn_bar::plugin, merge::view_plugin));
}

/// Reads a save of Kelasu with the options its headers name.
pub fn load(text: &str) -> Result<Box<dyn AnyMatch>, String> {
    let g = Kelasu::from_save_text(text).map_err(|e| e.to_string())?;
    let m = Match::load_text(Arc::new(g), text).map_err(|e| e.to_string())?;
    Ok(Box::new(m))
}

/// A new match on these options, from the start or a position text.
pub fn new_match(
    options: KelasuOptions,
    position: Option<&str>,
    saves: &SaveRoot,
) -> Result<ActiveMatch, String> {
    let g = Arc::new(Kelasu::new(options));
    let m = match position.map(str::trim).filter(|p| !p.is_empty()) {
        Some(p) => {
            let s = g.parse_playable(p).map_err(|e| e.to_string())?;
            Match::from_state(g, s, crate::host::seed::fresh_seed())
        }
        // A fresh seed for every game (`VENEY_SEED` or the clock): the computer's choices mix it
        // in, so they do not repeat from game to game (a review found its secret masters the
        // same in every game).
        None => Match::new(g, crate::host::seed::fresh_seed()),
    };
    Ok(active(Box::new(m), saves))
}

/// The manual save's file.
pub fn save_path(saves: &SaveRoot) -> PathBuf {
    saves.0.join("game.kelasu")
}

/// The autosave's file (beside the manual save).
pub fn autosave_path(saves: &SaveRoot) -> PathBuf {
    crate::host::grid::autosave_beside(&save_path(saves))
}

fn active(game: Box<dyn AnyMatch>, saves: &SaveRoot) -> ActiveMatch {
    ActiveMatch {
        own_dialog: OWN_DIALOG,
        think: Some(crate::host::grid::computer::thinker::<Kelasu>),
        ..ActiveMatch::new(game, Screen::Kelasu, save_path(saves), load, COLOURS)
    }
}

/// The typed match behind the screen's, when it is Kelasu's.
pub fn kelasu(m: &ActiveMatch) -> Option<&Match<Kelasu>> {
    m.game.as_any().downcast_ref::<Match<Kelasu>>()
}

/// Entering the screen: the game in progress, else the new-game dialog.
fn resume(m: Option<Res<ActiveMatch>>, mut next: ResMut<NextState<KelasuStage>>) {
    next.set(match m.filter(|m| m.screen == Screen::Kelasu) {
        Some(_) => KelasuStage::Playing,
        None => KelasuStage::NewGame,
    });
}

/// What starting or resuming a match changes besides the match.
#[derive(bevy::ecs::system::SystemParam)]
struct Begin<'w, 's> {
    commands: Commands<'w, 's>,
    saves: Res<'w, SaveRoot>,
    error: ResMut<'w, NewGameError>,
    next: ResMut<'w, NextState<KelasuStage>>,
    sel: ResMut<'w, crate::host::grid::GridSelection>,
    choice: ResMut<'w, crate::host::grid::GridChoice>,
    status: ResMut<'w, crate::host::grid::GridStatus>,
    /// A resignation asked or a draw offered belongs to the game it was made in.
    ask: ResMut<'w, crate::host::grid::GridEndingAsk>,
    builder: ResMut<'w, merge::MergeBuilder>,
    seats: ResMut<'w, crate::host::grid::ComputerSeats>,
}

impl Begin<'_, '_> {
    /// Shows `m` (the dialog closes), or the error (the dialog stays).
    fn begin(&mut self, m: Result<ActiveMatch, String>, info: Option<String>) {
        match m {
            Ok(m) => {
                self.error.0 = None;
                self.sel.0 = None;
                self.choice.0.clear();
                *self.builder = default();
                *self.status = default();
                *self.ask = default();
                self.status.info = info;
                self.next.set(KelasuStage::Playing);
                self.commands.insert_resource(m);
            }
            Err(e) => self.error.0 = Some(e),
        }
    }
}

fn start_game(
    mut msgs: MessageReader<NewKelasu>,
    mut b: Begin,
    mut draft: ResMut<crate::host::grid::computer::SeatDraft>,
) {
    let Some(msg) = msgs.read().last() else {
        return;
    };
    let m = new_match(msg.options, msg.position.as_deref(), &b.saves);
    // The dialog's seats are the new game's, once it begins.
    draft.settle(m.is_ok(), &mut b.seats);
    b.begin(m, None);
}

/// "Resume the last game": the autosave read with `load`; a file that does not load says why,
/// and the dialog stays.
fn resume_autosave(mut msgs: MessageReader<ResumeKelasu>, mut b: Begin) {
    if msgs.read().last().is_none() {
        return;
    }
    let path = autosave_path(&b.saves);
    let saves = b.saves.clone();
    let m =
        crate::host::grid::resume_from(&path, |t| load(t).map(|g| active(g, &saves)), &mut b.seats);
    b.begin(m, Some(format!("resumed {}", path.display())));
}

fn reopen_dialog(
    mut msgs: MessageReader<NewGameRequested>,
    mut next: ResMut<NextState<KelasuStage>>,
) {
    if msgs.read().any(|r| r.0 == Screen::Kelasu) {
        next.set(KelasuStage::NewGame);
    }
}
