//! The object-safe face of a match, for the app's menus, saves and move list and the CLI's
//! commands: everything by text, cells and indices, nothing generic. Engines never use it.
use crate::board::{ActionCells, BoardDesc, PieceView, ReserveView};
use crate::decision::Decision;
use crate::declared::Declared;
use crate::game::Game;
use crate::game_match::{Match, PlayError, TurnText};
use crate::player::{Actor, Player, Viewer};
use crate::refusal::Refusal;

/// One action the current actor may take, as a host shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionView {
    pub text: String,
    pub cells: ActionCells,
    /// `Game::action_kind`.
    pub kind: &'static str,
    /// `Game::action_label`.
    pub label: Option<String>,
    /// `Game::action_warns`: a host asks before playing it, showing its label.
    pub warns: bool,
}

pub trait AnyMatch: Send + Sync {
    fn game_name(&self) -> &'static str;
    fn title(&self) -> &'static str;
    fn players(&self) -> u8;
    fn player_name(&self, p: Player) -> String;
    fn decision(&self) -> Decision;
    fn actor(&self) -> Option<Actor>;
    /// The actions open to whoever acts now, in a fixed order (indices are stable until the
    /// next change).
    fn actions(&self) -> Vec<ActionView>;
    /// Plays the action at `index` of `actions()`.
    fn play_index(&mut self, index: usize) -> Result<(), Refusal>;
    fn play_text(&mut self, text: &str) -> Result<(), PlayError>;
    /// At a chance decision: draws and plays; returns the outcome's text.
    fn draw_chance(&mut self) -> Option<String>;
    /// Ends the game as the players declare (`Match::declare`).
    fn declare(&mut self, d: Declared) -> Result<(), Refusal>;
    fn declared(&self) -> Option<Declared>;
    /// The declared ending in words (`Declared::text`: "Red resigns").
    fn declared_text(&self) -> Option<String>;
    /// `Match::clock`: the players' clock the match carries (its save form).
    fn clock(&self) -> Option<String>;
    /// `Match::set_clock`.
    fn set_clock(&mut self, clock: Option<String>);
    /// Takes back a declared ending first, else the last action.
    fn undo(&mut self) -> bool;
    /// Takes back a declared ending first, else the turn (`Match::undo_turn`).
    fn undo_turn(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn position_text(&self, viewer: Viewer) -> String;
    fn turns(&self, viewer: Viewer) -> Vec<TurnText>;
    /// Whether the next action goes on with the last turn of `turns` (`Game::at_turn_start`
    /// says the state is mid-turn: Kelasu's further actions, Tirachen's extra move) rather
    /// than opening a turn — which the same player may also do (a sealed choice and that
    /// player's first move; a review found them taken for one turn). Never at the game's end:
    /// there is no next action.
    fn turn_goes_on(&self) -> bool;
    /// The number the record writes before turn `i` of `turns` (0-based): turns numbered in
    /// pairs, `3.` for the first player's and `3...` for the second's, counted from the turns
    /// played before the start (`Game::turns_before`), as `Match::record` numbers them.
    fn turn_label(&self, i: usize) -> String;
    fn record(&self, viewer: Viewer) -> String;
    fn save_text(&self, viewer: Viewer) -> String;
    fn board(&self) -> BoardDesc;
    fn pieces(&self, viewer: Viewer) -> Vec<PieceView>;
    fn reserves(&self, viewer: Viewer) -> Vec<ReserveView>;
    /// The pieces as they stood after the first `steps` actions of the history (the state kept
    /// before action `steps`), from the match's own history; the current pieces when `steps` is
    /// the history's length or more. For reviewing the move list.
    fn pieces_after(&self, steps: usize, viewer: Viewer) -> Vec<PieceView>;
    /// The reserves after the first `steps` actions, as `pieces_after`.
    fn reserves_after(&self, steps: usize, viewer: Viewer) -> Vec<ReserveView>;
    /// Action `step` of the history as seen from the state it was played in (`None` past the
    /// end): the last-move mark of a reviewed position.
    /// Step `step` of the history as `viewer` may see it: an action hidden from them (a sealed
    /// choice not yet revealed) is `?`, with no label, no cells and the neutral kind `action`.
    fn step_action(&self, step: usize, viewer: Viewer) -> Option<ActionView>;
    /// Why no legal action goes from `from` to `to` for the deciding player.
    fn explain_move(&self, from: Option<crate::Cell>, to: crate::Cell) -> Refusal;
    /// `Game::explain_place` for the deciding player's tray pick of `kind`.
    fn explain_place(&self, kind: &str, to: crate::Cell) -> Refusal;
    /// The rule that keeps the deciding player's piece on `from` from any action, if one does.
    fn explain_stuck(&self, from: crate::Cell) -> Option<Refusal>;
    /// The game's rules in brief (`Game::rules_brief`).
    fn rules_brief(&self) -> &'static str;
    fn history_len(&self) -> usize;
    /// Whether an undone action waits to be redone.
    fn can_redo(&self) -> bool;
    /// The last played action as seen from the state it was played in (for a last-move mark).
    fn last_action(&self, viewer: Viewer) -> Option<ActionView>;
    /// `Game::piece_zones` for the piece on `cell` now.
    fn piece_zones(&self, cell: crate::Cell) -> Vec<crate::Zone>;
    /// `Game::piece_reach` in the current position.
    fn piece_reach(&self, cell: crate::Cell) -> Vec<(crate::Cell, crate::Reach)>;
    /// Identifies the current position (`Game::hash`): equal positions, equal hashes.
    fn position_hash(&self) -> u64;
    /// `Game::hash` of what `viewer` sees of the current position (`Game::observe`): what a
    /// player's computer may seed its thinking with without reading a secret.
    fn observed_hash(&self, viewer: Viewer) -> u64;
    /// `Game::secrets` of `owner` in the current position: what only that player may know now.
    fn secrets(&self, owner: Player) -> Vec<String>;
    /// The match's seed (`Match::seed`): a computer's thinking mixes it in, so its choices
    /// differ from game to game and replay within one.
    fn seed(&self) -> u64;
    /// The match itself, for a game's own pack to read its typed state
    /// (`downcast_ref::<Match<Kelasu>>()`): what only that game shows (Kelasu's energy).
    fn as_any(&self) -> &dyn std::any::Any;
    /// A copy of the match to try something on (a text read by the rules) without touching
    /// this one's history or redo list.
    fn clone_match(&self) -> Box<dyn AnyMatch>;
}

impl<G: Game + 'static> AnyMatch for Match<G> {
    fn clone_match(&self) -> Box<dyn AnyMatch> {
        Box::new(self.clone())
    }
    fn game_name(&self) -> &'static str {
        self.game().name()
    }
    fn title(&self) -> &'static str {
        self.game().title()
    }
    fn players(&self) -> u8 {
        self.game().players()
    }
    fn player_name(&self, p: Player) -> String {
        self.game().player_name(p)
    }
    fn decision(&self) -> Decision {
        Match::decision(self)
    }
    fn actor(&self) -> Option<Actor> {
        Match::actor(self)
    }
    fn actions(&self) -> Vec<ActionView> {
        let Some(actor) = Match::actor(self) else {
            return Vec::new();
        };
        let g = self.game();
        self.legal_actions(actor)
            .into_iter()
            .map(|a| view_of(&**g, self.state(), a))
            .collect()
    }
    fn play_index(&mut self, index: usize) -> Result<(), Refusal> {
        let actor = Match::actor(self).ok_or_else(Refusal::game_over)?;
        let a = *self
            .legal_actions(actor)
            .get(index)
            .ok_or_else(|| Refusal::new("legal moves", "no such action"))?;
        self.play(actor, a)
    }
    fn play_text(&mut self, text: &str) -> Result<(), PlayError> {
        Match::play_text(self, text).map(|_| ())
    }
    fn draw_chance(&mut self) -> Option<String> {
        let before = self.state().clone();
        let a = Match::draw_chance(self)?;
        Some(self.game().action_text(&before, a))
    }
    fn declare(&mut self, d: Declared) -> Result<(), Refusal> {
        Match::declare(self, d)
    }
    fn declared(&self) -> Option<Declared> {
        Match::declared(self)
    }
    fn declared_text(&self) -> Option<String> {
        Match::declared(self).map(|d| d.text(self.game().as_ref()))
    }
    fn clock(&self) -> Option<String> {
        Match::clock(self).map(str::to_string)
    }
    fn set_clock(&mut self, clock: Option<String>) {
        Match::set_clock(self, clock)
    }
    fn undo(&mut self) -> bool {
        self.withdraw_declared() || Match::undo(self).is_some()
    }
    fn undo_turn(&mut self) -> bool {
        self.withdraw_declared() || Match::undo_turn(self)
    }
    fn redo(&mut self) -> bool {
        Match::redeclare(self) || Match::redo(self).is_some()
    }
    fn position_text(&self, viewer: Viewer) -> String {
        let g = self.game();
        g.position_text(&g.observe(self.state(), viewer))
    }
    fn turns(&self, viewer: Viewer) -> Vec<TurnText> {
        Match::turns(self, viewer)
    }
    fn turn_goes_on(&self) -> bool {
        !self.history().is_empty() && self.mid_turn()
    }
    fn turn_label(&self, i: usize) -> String {
        let n = self.game().turns_before(self.start()) + i;
        if n.is_multiple_of(2) {
            format!("{}.", n / 2 + 1)
        } else {
            format!("{}...", n / 2 + 1)
        }
    }
    fn record(&self, viewer: Viewer) -> String {
        Match::record(self, viewer)
    }
    fn save_text(&self, viewer: Viewer) -> String {
        Match::save_text(self, viewer)
    }
    fn board(&self) -> BoardDesc {
        self.game().board()
    }
    fn pieces(&self, viewer: Viewer) -> Vec<PieceView> {
        self.game().pieces(self.state(), viewer)
    }
    fn reserves(&self, viewer: Viewer) -> Vec<ReserveView> {
        self.game().reserves(self.state(), viewer)
    }
    fn pieces_after(&self, steps: usize, viewer: Viewer) -> Vec<PieceView> {
        self.game().pieces(self.state_after(steps), viewer)
    }
    fn reserves_after(&self, steps: usize, viewer: Viewer) -> Vec<ReserveView> {
        self.game().reserves(self.state_after(steps), viewer)
    }
    fn step_action(&self, step: usize, viewer: Viewer) -> Option<ActionView> {
        let s = self.history().get(step)?;
        let g = &**self.game();
        if !g.action_visible(&s.before, s.actor, s.action, viewer)
            && !g.action_revealed(self.state(), s.actor, s.action, viewer)
        {
            // Nothing of the hidden action shows, its kind included (a game's kinds may tell
            // its choices apart): the default kind every game shares.
            return Some(ActionView {
                text: "?".into(),
                cells: crate::ActionCells::default(),
                kind: HIDDEN_KIND,
                label: None,
                warns: false,
            });
        }
        Some(view_of(g, &s.before, s.action))
    }
    fn rules_brief(&self) -> &'static str {
        self.game().rules_brief()
    }

    fn explain_stuck(&self, from: crate::Cell) -> Option<Refusal> {
        match Match::decision(self) {
            Decision::Player(p) => self.game().explain_stuck(self.state(), p, from),
            _ => None,
        }
    }
    fn explain_move(&self, from: Option<crate::Cell>, to: crate::Cell) -> Refusal {
        // A simultaneous round asks its first waiting player, as `actor` does (a review found
        // a secret choice's maker told it was not their decision).
        match (Match::decision(self), Match::actor(self)) {
            (Decision::Over(o), _) => Refusal::game_over_as(&o, |p| self.game().player_name(p)),
            (_, Some(Actor::Player(p))) => self.game().explain_move(self.state(), p, from, to),
            _ => Refusal::not_your_turn(),
        }
    }
    fn explain_place(&self, kind: &str, to: crate::Cell) -> Refusal {
        match (Match::decision(self), Match::actor(self)) {
            (Decision::Over(o), _) => Refusal::game_over_as(&o, |p| self.game().player_name(p)),
            (_, Some(Actor::Player(p))) => self.game().explain_place(self.state(), p, kind, to),
            _ => Refusal::not_your_turn(),
        }
    }
    fn history_len(&self) -> usize {
        self.history().len()
    }
    fn can_redo(&self) -> bool {
        Match::can_redo(self)
    }
    fn last_action(&self, viewer: Viewer) -> Option<ActionView> {
        self.step_action(self.history().len().checked_sub(1)?, viewer)
    }
    fn piece_zones(&self, cell: crate::Cell) -> Vec<crate::Zone> {
        self.game().piece_zones(self.state(), cell)
    }
    fn piece_reach(&self, cell: crate::Cell) -> Vec<(crate::Cell, crate::Reach)> {
        self.game().piece_reach(self.state(), cell)
    }
    fn position_hash(&self) -> u64 {
        self.game().hash(self.state())
    }
    fn observed_hash(&self, viewer: Viewer) -> u64 {
        self.game().hash(&self.game().observe(self.state(), viewer))
    }
    fn secrets(&self, owner: Player) -> Vec<String> {
        self.game().secrets(self.state(), owner)
    }
    fn seed(&self) -> u64 {
        Match::seed(self)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The kind of a step hidden from its viewer: `Game::action_kind`'s default, whatever the
/// action was.
const HIDDEN_KIND: &str = "action";

fn view_of<G: Game>(g: &G, s: &G::State, a: G::Action) -> ActionView {
    ActionView {
        text: g.action_text(s, a),
        cells: g.action_cells(s, a),
        kind: g.action_kind(s, a),
        label: g.action_label(s, a),
        warns: g.action_warns(s, a),
    }
}
