//! Tirachen (Y. H. Lee, J. Betzwieser): what only Tirachen needs on top of the generic grid host —
//! the new-game dialog and the masters' choice (open, or secret with a hand-over screen), the
//! Fort's protected ring. Deployment from the tray, mobilising, the
//! Traitor's two ways of capture and the declined extra move are the grid host's own: the
//! rules' actions, shown as tray picks, targets, a choice between two buttons and panel buttons.
//!
//! The stage of the screen is a sub-state (`TirachenStage`): the new-game dialog, the masters'
//! choice, the hand-over between two secret choices, and play.
use crate::host::grid::{
    ActiveMatch, ComputerSeats, GridBlocked, GridPlayed, NewGameRequested, SaveRoot,
};
use crate::host::{GameEntry, Games, Screen};
use bevy::prelude::*;
use game_api::{AnyMatch, Decision, Game, Match, Player, Viewer};
use std::path::PathBuf;
use std::sync::Arc;
use tirachen_rules::{MasterChoice, Masters, Tirachen, TirachenOptions};

pub mod companion;
pub mod fort;
pub mod new_game;

/// Where the Tirachen screen is.
#[derive(SubStates, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Tirachen)]
pub enum TirachenStage {
    /// The new-game dialog: the options the rule text leaves to the players.
    #[default]
    NewGame,
    /// A player chooses their nine masters.
    Masters,
    /// Between two secret choices: the board is hidden until the next player confirms.
    Handover,
    Playing,
}

/// Start a new game (the dialog's "Start" button sends this): these options, from the start or
/// from a position text (the rules crate's, checked by it).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct NewTirachen {
    pub options: TirachenOptions,
    pub position: Option<String>,
}

/// Resume the last game from its autosave (the dialog's "Resume the last game" button).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResumeTirachen;

/// The player who confirmed the hand-over screen (secret masters): they choose next.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandedOver(pub Player);

/// Why the last new game could not start (a bad position text, an autosave that does not load).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct NewGameError(pub Option<String>);

pub(crate) fn plugin(app: &mut App) {
    app.world_mut().resource_mut::<Games>().0.push(GameEntry {
        screen: Screen::Tirachen,
        title: "Tirachen",
        line: "Y. H. Lee & J. Betzwieser, 9 × 9: choose nine masters, deploy, mobilise, take the General or occupy the homeland — and win over the Traitor.",
    });
    app.add_sub_state::<TirachenStage>()
        .init_resource::<NewGameError>()
        .add_message::<NewTirachen>()
        .add_message::<ResumeTirachen>()
        .add_message::<HandedOver>()
        .add_systems(
            OnEnter(Screen::Tirachen),
            (crate::host::grid::bring_back(Screen::Tirachen), resume).chain(),
        )
        .add_systems(
            OnEnter(TirachenStage::NewGame),
            |mut b: ResMut<GridBlocked>| b.0 = true,
        )
        .add_systems(
            OnExit(TirachenStage::NewGame),
            |mut b: ResMut<GridBlocked>| b.0 = false,
        )
        // Under the hand-over screen the keys leave the board alone too: an undo there showed
        // the player who had just moved's board (their hidden masters) to the one arriving, or
        // reopened their secret choice for whoever sat down (a review found both).
        .add_systems(
            OnEnter(TirachenStage::Handover),
            |mut b: ResMut<GridBlocked>| b.0 = true,
        )
        .add_systems(
            OnExit(TirachenStage::Handover),
            |mut b: ResMut<GridBlocked>| b.0 = false,
        )
        .add_systems(
            Update,
            (
                start_game,
                resume_autosave,
                handed_over,
                reopen_dialog,
                sync_stage,
            )
                .chain()
                .after(crate::host::grid::GridGameSet)
                .run_if(in_state(Screen::Tirachen)),
        );
    app.add_plugins(companion::plugin);
}

pub(crate) fn view_plugin(app: &mut App) {
    app.add_plugins((new_game::plugin, fort::plugin));
}

/// Red and White as the rule text names them: Red is seat 0, White seat 1.
pub const COLOURS: [(Color, Color); 2] = [
    (Color::srgb(0.70, 0.14, 0.12), Color::srgb(0.99, 0.93, 0.85)),
    (Color::srgb(0.96, 0.95, 0.90), Color::srgb(0.18, 0.15, 0.14)),
];

/// Reads a save of Tirachen with the options its headers name.
pub fn load(text: &str) -> Result<Box<dyn AnyMatch>, String> {
    let g = Tirachen::from_save_text(text).map_err(|e| e.to_string())?;
    let m = Match::load_text(Arc::new(g), text).map_err(|e| e.to_string())?;
    Ok(Box::new(m))
}

/// A new match on these options, from the start or a position text.
pub fn new_match(
    options: TirachenOptions,
    position: Option<&str>,
    saves: &SaveRoot,
) -> Result<ActiveMatch, String> {
    let g = Arc::new(Tirachen::new(options));
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
    Ok(active(
        Box::new(m),
        options.masters == MasterChoice::Secret,
        saves,
    ))
}

/// The manual save's file.
pub fn save_path(saves: &SaveRoot) -> PathBuf {
    saves.0.join("game.tirachen")
}

/// The autosave's file (beside the manual save; the grid host writes it after every change).
pub fn autosave_path(saves: &SaveRoot) -> PathBuf {
    crate::host::grid::autosave_beside(&save_path(saves))
}

/// The match resumed from a referee's save text (the autosave): the options its headers name.
pub fn resumed_match(text: &str, saves: &SaveRoot) -> Result<ActiveMatch, String> {
    let secret = Tirachen::from_save_text(text)
        .map_err(|e| e.to_string())?
        .options
        .masters
        == MasterChoice::Secret;
    Ok(active(load(text)?, secret, saves))
}

/// Whether a save text's game chooses its masters in secret (its headers' options).
fn secret_masters_in(text: &str) -> bool {
    Tirachen::from_save_text(text).is_ok_and(|t| t.options.masters == MasterChoice::Secret)
}

fn active(game: Box<dyn AnyMatch>, secrets: bool, saves: &SaveRoot) -> ActiveMatch {
    ActiveMatch {
        secrets,
        secrets_in: secret_masters_in,
        own_dialog: &["choose"],
        think: Some(crate::host::grid::computer::thinker::<tirachen_rules::Tirachen>),
        ..ActiveMatch::new(game, Screen::Tirachen, save_path(saves), load, COLOURS)
    }
}

/// Whether the match waits for a choice of masters now.
pub fn choosing(m: &ActiveMatch) -> bool {
    let a = m.actions();
    !a.is_empty() && a.iter().all(|a| a.kind == "choose")
}

/// The index of the action choosing `masters` now, if the rules offer it.
pub fn choice_index(m: &ActiveMatch, masters: Masters) -> Option<usize> {
    let t = masters.to_string();
    m.actions().iter().position(|a| a.text == t)
}

/// The stage the match is at. A seat the computer plays chooses without a screen: while it
/// decides the board stays (no choosing window for it), and no hand-over comes before or after
/// its secret choice — nobody at the table holds a secret to hide from it, and it never looks.
fn stage_for(m: &ActiveMatch, seats: &ComputerSeats) -> TirachenStage {
    // A draw offered between people with secrets is answered over the board that shows nobody's
    // (`ActiveMatch::asking`): no choosing window stays open in front of the one answering (a
    // review found the offerer's sliders, and its Choose button, left up for them).
    if m.asking && m.secrets {
        return TirachenStage::Playing;
    }
    if !choosing(m) {
        // Two people at one screen with secret masters: when the turn passes, the board (which
        // shows the deciding player's view, their hidden masters included) is covered until
        // that player confirms they hold it (a review found each seeing the other's trays).
        if let Some(p) = m.decider()
            && m.secrets
            && seats.plays(p).is_none()
            && seats.plays(p.other()).is_none()
            && m.held_by != Some(p)
            && m.game.position_text(Viewer::Player(p.other()))
                != m.game.position_text(Viewer::Referee)
        {
            return TirachenStage::Handover;
        }
        return TirachenStage::Playing;
    }
    if m.decider().is_some_and(|p| seats.plays(p).is_some()) {
        return TirachenStage::Playing;
    }
    if let Decision::Simultaneous { waiting } = m.game.decision() {
        let left: Vec<Player> = waiting.iter().collect();
        // The second of two secret choices, both made at the table: hand the board over first.
        if left.len() == 1 && m.held_by != Some(left[0]) && seats.plays(left[0].other()).is_none() {
            return TirachenStage::Handover;
        }
        // Both choices open again (the first taken back by an undo) while the second chooser
        // holds the board, two people at it: back to the first chooser (a review found the
        // first's window opened for the second, with no hand-over).
        if left.len() > 1
            && m.held_by.is_some_and(|h| h != left[0])
            && left.iter().all(|&p| seats.plays(p).is_none())
        {
            return TirachenStage::Handover;
        }
    }
    TirachenStage::Masters
}

/// Entering the screen: resume the game in progress, else open the new-game dialog.
fn resume(
    m: Option<Res<ActiveMatch>>,
    seats: Res<ComputerSeats>,
    mut next: ResMut<NextState<TirachenStage>>,
) {
    match m.filter(|m| m.screen == Screen::Tirachen) {
        Some(m) => next.set(stage_for(&m, &seats)),
        None => next.set(TirachenStage::NewGame),
    }
}

/// What starting or resuming a match changes besides the match.
#[derive(bevy::ecs::system::SystemParam)]
struct Begin<'w, 's> {
    commands: Commands<'w, 's>,
    saves: Res<'w, SaveRoot>,
    seats: ResMut<'w, ComputerSeats>,
    error: ResMut<'w, NewGameError>,
    next: ResMut<'w, NextState<TirachenStage>>,
    sel: ResMut<'w, crate::host::grid::GridSelection>,
    choice: ResMut<'w, crate::host::grid::GridChoice>,
    status: ResMut<'w, crate::host::grid::GridStatus>,
    /// A resignation asked or a draw offered belongs to the game it was made in.
    ask: ResMut<'w, crate::host::grid::GridEndingAsk>,
}

impl Begin<'_, '_> {
    /// Shows `m` (the dialog closes), or the error (the dialog stays).
    fn begin(&mut self, m: Result<ActiveMatch, String>, info: Option<String>) {
        match m {
            Ok(m) => {
                self.error.0 = None;
                self.sel.0 = None;
                self.choice.0.clear();
                *self.status = default();
                *self.ask = default();
                self.status.info = info;
                self.next.set(stage_for(&m, &self.seats));
                self.commands.insert_resource(m);
            }
            Err(e) => self.error.0 = Some(e),
        }
    }
}

fn start_game(
    mut msgs: MessageReader<NewTirachen>,
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

/// "Resume the last game": the autosave read with the pack's `load`; a file that does not load
/// says why, and the dialog stays.
fn resume_autosave(mut msgs: MessageReader<ResumeTirachen>, mut b: Begin) {
    if msgs.read().last().is_none() {
        return;
    }
    let path = autosave_path(&b.saves);
    let saves = b.saves.clone();
    let m = crate::host::grid::resume_from(&path, |t| resumed_match(t, &saves), &mut b.seats);
    b.begin(m, Some(format!("resumed {}", path.display())));
}

fn handed_over(mut msgs: MessageReader<HandedOver>, m: Option<ResMut<ActiveMatch>>) {
    if let Some(h) = msgs.read().last() {
        // The board shows this seat's view from now on (`ActiveMatch::held_by`).
        if let Some(mut m) = m
            && m.held_by != Some(h.0)
        {
            m.held_by = Some(h.0);
        }
    }
}

fn reopen_dialog(
    mut msgs: MessageReader<NewGameRequested>,
    mut next: ResMut<NextState<TirachenStage>>,
) {
    if msgs.read().any(|r| r.0 == Screen::Tirachen) {
        next.set(TirachenStage::NewGame);
    }
}

/// After every change of the match (or a hand-over), the stage follows it; the new-game dialog
/// stays open until started or cancelled.
fn sync_stage(
    m: Option<ResMut<ActiveMatch>>,
    seats: Res<ComputerSeats>,
    stage: Res<State<TirachenStage>>,
    mut played: MessageReader<GridPlayed>,
    mut next: ResMut<NextState<TirachenStage>>,
) {
    let any_played = played.read().count() > 0;
    let Some(m) = m.filter(|m| m.screen == Screen::Tirachen) else {
        return;
    };
    if *stage.get() == TirachenStage::NewGame {
        return;
    }
    // A stage set from elsewhere (the dialog's "Back to the game") is checked too.
    if m.is_changed() || seats.is_changed() || any_played || stage.is_changed() {
        let s = stage_for(&m, &seats);
        if s != *stage.get() {
            next.set(s);
        }
        // Between people, a turn passed with no hand-over (the mover hides nothing from the
        // next) leaves the board with the next to decide: they are at the screen now (a
        // review found the board shown to a seat that held it turns ago, its opponent at it).
        if s == TirachenStage::Playing
            && m.secrets
            && m.person.is_none()
            && !choosing(&m)
            && let Some(p) = m.decider()
            && m.held_by != Some(p)
            && seats.plays(p).is_none()
            && seats.plays(p.other()).is_none()
        {
            m.into_inner().held_by = Some(p);
        }
    }
}
