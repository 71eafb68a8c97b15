//! A game in progress: the rules, the start, the current state, the history with undo and redo,
//! and the seeded generator that draws every chance outcome so the match replays.
use crate::decision::Decision;
use crate::declared::Declared;
use crate::game::{Game, actions_for, actor_now};
use crate::notation::{RecordTurn, TextError};
use crate::player::{Actor, Player, Viewer};
use crate::refusal::Refusal;
use crate::rng::{MatchRng, seeded};
use std::sync::Arc;

/// One played action and what stood before it.
#[derive(Debug)]
pub struct Step<G: Game> {
    pub before: G::State,
    /// The generator before the action (undo rewinds it, so an undone roll rethrown lands the
    /// same).
    pub rng_before: MatchRng,
    pub actor: Actor,
    pub action: G::Action,
}

/// One turn of the record: who played it and its actions' texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnText {
    /// The player who acted first in the turn: the player to move, or the seat of a sealed
    /// action (`None` for a turn of chance alone).
    pub player: Option<Player>,
    /// Index into the history of the turn's first action.
    pub first_step: usize,
    pub tokens: Vec<String>,
}

#[derive(Debug)]
pub struct Match<G: Game> {
    game: Arc<G>,
    start: G::State,
    state: G::State,
    history: Vec<Step<G>>,
    redo: Vec<(Actor, G::Action)>,
    /// An ending withdrawn alone (`withdraw_declared`) and the depth of the redo stack then:
    /// redo declares it again on reaching that depth, after redoing what was undone beyond it,
    /// while nothing new has been played (a review found a resignation undone for good, and
    /// again after a second undo took back the action before it).
    redeclare: Option<(usize, Declared)>,
    seed: u64,
    rng: MatchRng,
    /// An ending the players declared after the last action (a resignation, an agreed draw).
    declared: Option<Declared>,
    /// The players' clock as it stood when the match was last given it: its one-line save form
    /// (`game_clock::ClockText`), kept opaque. Saves carry it as `[Clock "…"]`; undo and redo
    /// leave it alone (the clock has its own undo).
    clock: Option<String>,
}

// By hand: a match clones whatever its game is (the game is shared, not copied).
impl<G: Game> Clone for Step<G> {
    fn clone(&self) -> Self {
        Step {
            before: self.before.clone(),
            rng_before: self.rng_before.clone(),
            actor: self.actor,
            action: self.action,
        }
    }
}

impl<G: Game> Clone for Match<G> {
    fn clone(&self) -> Self {
        Match {
            game: self.game.clone(),
            start: self.start.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            redo: self.redo.clone(),
            seed: self.seed,
            rng: self.rng.clone(),
            declared: self.declared,
            redeclare: self.redeclare,
            clock: self.clock.clone(),
        }
    }
}

impl<G: Game> Match<G> {
    pub fn new(game: Arc<G>, seed: u64) -> Match<G> {
        let start = game.start();
        Match::from_state(game, start, seed)
    }

    pub fn from_state(game: Arc<G>, start: G::State, seed: u64) -> Match<G> {
        Match {
            game,
            state: start.clone(),
            start,
            history: Vec::new(),
            redo: Vec::new(),
            seed,
            rng: seeded(seed),
            declared: None,
            redeclare: None,
            clock: None,
        }
    }

    pub fn game(&self) -> &Arc<G> {
        &self.game
    }
    pub fn state(&self) -> &G::State {
        &self.state
    }
    pub fn start(&self) -> &G::State {
        &self.start
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The generator as it stands: what the next chance outcome is drawn from (checks compare
    /// it across a save and a reload).
    pub fn generator(&self) -> &MatchRng {
        &self.rng
    }

    pub fn history(&self) -> &[Step<G>] {
        &self.history
    }
    /// The state after the first `steps` actions: the one kept before action `steps`, or the
    /// current state when `steps` is the history's length or more.
    pub fn state_after(&self, steps: usize) -> &G::State {
        self.history
            .get(steps)
            .map_or(&self.state, |step| &step.before)
    }
    /// What the state waits for; nothing (the game is over) once the players have declared an
    /// ending.
    pub fn decision(&self) -> Decision {
        match self.declared {
            Some(d) => Decision::Over(self.game.declared_outcome(&self.state, d)),
            None => self.game.decision(&self.state),
        }
    }

    /// Ends the game as the players declare: a resignation, an agreed draw, or a flag fallen
    /// (out of time). Refused when the game is already over, or names no player of this game.
    /// Undo withdraws it.
    pub fn declare(&mut self, d: Declared) -> Result<(), Refusal> {
        if let Decision::Over(o) = self.decision() {
            return Err(Refusal::game_over_as(&o, |p| self.game.player_name(p)));
        }
        let seat = match d {
            Declared::Resigns(p) => Some(("resignation", p)),
            Declared::OutOfTime(p) => Some(("out of time", p)),
            Declared::DrawAgreed => None,
        };
        if let Some((rule, p)) = seat
            && p.0 >= self.game.players()
        {
            // Counted in u16: seat 255 is player 256, not an overflow.
            return Err(Refusal::new(
                rule,
                format!("this game has no player {}", u16::from(p.0) + 1),
            ));
        }
        self.declared = Some(d);
        self.redeclare = None;
        Ok(())
    }

    /// The players' clock the match carries (its one-line save form), if any.
    pub fn clock(&self) -> Option<&str> {
        self.clock.as_deref()
    }

    /// Gives the match its players' clock (its one-line save form, one line without `"`), or
    /// takes it away; saves write it as `[Clock "…"]`.
    pub fn set_clock(&mut self, clock: Option<String>) {
        self.clock = clock.filter(|c| !c.contains(['"', '\n']));
    }

    /// The ending the players declared, if they did.
    pub fn declared(&self) -> Option<Declared> {
        self.declared
    }

    /// Takes back a declared ending (the game goes on from where it stopped); whether there was
    /// one.
    pub fn withdraw_declared(&mut self) -> bool {
        match self.declared.take() {
            Some(d) => {
                self.redeclare = Some((self.redo.len(), d));
                true
            }
            None => false,
        }
    }

    /// Declares again the ending last withdrawn alone, if nothing has been played or undone
    /// since (redo after `withdraw_declared`); whether it did.
    pub fn redeclare(&mut self) -> bool {
        match self.redeclare {
            Some((depth, d)) if self.declared.is_none() && depth == self.redo.len() => {
                self.declared = Some(d);
                self.redeclare = None;
                true
            }
            _ => false,
        }
    }
    /// Who acts now (the lowest waiting seat of a simultaneous decision), or nobody.
    pub fn actor(&self) -> Option<Actor> {
        actor_now(&self.decision())
    }

    /// The actions `actor` may take now.
    pub fn legal_actions(&self, actor: Actor) -> Vec<G::Action> {
        let mut out = Vec::new();
        let ok = match (actor, self.decision()) {
            (Actor::Chance, Decision::Chance) => true,
            (Actor::Player(p), d) => d.is_for(p),
            _ => false,
        };
        if ok {
            actions_for(&*self.game, &self.state, actor, &mut out);
        }
        out
    }

    /// Plays `a` for `actor` if it is legal; otherwise says which rule refuses it.
    pub fn play(&mut self, actor: Actor, a: G::Action) -> Result<(), Refusal> {
        let d = self.decision();
        match (&d, actor) {
            (Decision::Over(o), _) => {
                return Err(Refusal::game_over_as(o, |p| self.game.player_name(p)));
            }
            (Decision::Chance, Actor::Chance) => {}
            (_, Actor::Player(p)) if d.is_for(p) => {}
            // A seat that has sealed its choice already: the game says why where it can (a
            // review found Tirachen's "you have already chosen your masters" never reached).
            (Decision::Simultaneous { .. }, Actor::Player(p)) if p.0 < self.game.players() => {
                let r = self.game.refusal(&self.state, actor, a);
                return Err(if r.rule == "legal moves" {
                    Refusal::not_your_turn()
                } else {
                    r
                });
            }
            _ => return Err(Refusal::not_your_turn()),
        }
        let mut next = self.state.clone();
        self.game.play_checked(&mut next, actor, a)?;
        self.push(actor, a, next);
        self.redo.clear();
        self.redeclare = None;
        Ok(())
    }

    /// Keeps history of an action played into `next`; a chance outcome advances the generator
    /// exactly as a draw would, whether it was drawn or read off a real table.
    fn push(&mut self, actor: Actor, a: G::Action, next: G::State) {
        let before = std::mem::replace(&mut self.state, next);
        let rng_before = self.rng.clone();
        if actor == Actor::Chance {
            let _ = self.game.sample_chance(&before, &mut self.rng);
        }
        self.history.push(Step {
            before,
            rng_before,
            actor,
            action: a,
        });
    }

    /// At a chance decision: draws the outcome from the match's generator and plays it.
    pub fn draw_chance(&mut self) -> Option<G::Action> {
        if self.decision() != Decision::Chance {
            return None;
        }
        let a = self.game.sample_chance(&self.state, &mut self.rng.clone());
        let mut next = self.state.clone();
        self.game.apply(&mut next, Actor::Chance, a);
        self.push(Actor::Chance, a, next);
        self.redo.clear();
        self.redeclare = None;
        Some(a)
    }

    /// Undoes the last action: state, hash and generator exactly as before it. A declared
    /// ending stands after the last action, so it goes too (`withdraw_declared` takes back the
    /// ending alone).
    pub fn undo(&mut self) -> Option<G::Action> {
        let Some(step) = self.history.pop() else {
            // Nothing played yet: a declared ending is still withdrawn, as the doc says.
            self.declared = None;
            return None;
        };
        self.declared = None;
        self.state = step.before;
        self.rng = step.rng_before;
        self.redo.push((step.actor, step.action));
        Some(step.action)
    }

    /// Undoes back to the start of the current turn, or of the previous turn if at a start.
    pub fn undo_turn(&mut self) -> bool {
        let mut any = false;
        while let Some(step) = self.history.last() {
            let at_start = self.game.at_turn_start(&step.before);
            self.undo();
            any = true;
            if at_start {
                break;
            }
        }
        any
    }

    /// Plays again the last undone action (not after a declared ending: the game is over).
    pub fn redo(&mut self) -> Option<G::Action> {
        if self.declared.is_some() {
            return None;
        }
        let (actor, a) = self.redo.pop()?;
        let mut next = self.state.clone();
        self.game.apply(&mut next, actor, a);
        self.push(actor, a, next);
        Some(a)
    }

    pub fn can_redo(&self) -> bool {
        self.declared.is_none()
            && (!self.redo.is_empty()
                || self
                    .redeclare
                    .is_some_and(|(depth, _)| depth == self.redo.len()))
    }

    /// Reads one action in the game's notation and plays it for whoever acts now. In a
    /// simultaneous decision a sealed action names its seat: `2|text`.
    pub fn play_text(&mut self, text: &str) -> Result<G::Action, PlayError> {
        let d = self.decision();
        // A seat is written as the game writes it: digits, no sign, no leading zero (a review
        // found `+1|` and `01|` read as seat 1).
        let seat_like = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let (actor, body) = match (&d, text.split_once('|')) {
            (Decision::Simultaneous { .. }, Some((seat, body))) => {
                let n: u8 = Some(seat)
                    .filter(|s| seat_like(s) && !s.starts_with('0'))
                    .and_then(|s| s.parse().ok())
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| TextError::new(1, seat, "a seat number (1, 2, …)"))?;
                let p = Player(n - 1);
                // A seat not in the game, or (below, in `play`) one that has chosen already.
                if p.0 >= self.game.players() {
                    return Err(Refusal::not_your_turn().into());
                }
                (Actor::Player(p), body)
            }
            // A sealed choice's `seat|` where no choice is sealed: said so, not read as the
            // game's own notation blaming the digit (a review found `1|S3A3W3` refused as "`1`:
            // an action starts with a piece letter").
            (Decision::Player(_), Some((seat, _))) if seat_like(seat) => {
                return Err(TextError::new(
                    1,
                    &text[..seat.len() + 1],
                    "a seat prefix (`n|`) marks a sealed choice, and none is being made now (is the record's secret option in its headers?)",
                )
                .into());
            }
            _ => (
                self.actor().ok_or_else(|| {
                    PlayError::Refused(match self.decision() {
                        Decision::Over(o) => {
                            Refusal::game_over_as(&o, |p| self.game.player_name(p))
                        }
                        _ => Refusal::game_over(),
                    })
                })?,
                text,
            ),
        };
        // A fault in a sealed action's body is placed in the whole text, past its `seat|` (a
        // review found `1|S3A3W3X` placed two columns short).
        let prefix = text[..text.len() - body.len()].chars().count();
        let a = self.game.parse_action(&self.state, body).map_err(|mut e| {
            e.col += prefix;
            e
        })?;
        self.play(actor, a)?;
        Ok(a)
    }

    /// The text of step `i` as a viewer may see it (`?` for an action hidden from them, unless
    /// what followed has shown it: `Game::action_revealed`).
    pub fn step_text(&self, i: usize, viewer: Viewer) -> String {
        let s = &self.history[i];
        if !self
            .game
            .action_visible(&s.before, s.actor, s.action, viewer)
            && !self
                .game
                .action_revealed(&self.state, s.actor, s.action, viewer)
        {
            return "?".into();
        }
        crate::game::action_written(&*self.game, &s.before, s.actor, s.action)
    }

    /// The played turns in notation, as `viewer` may see them.
    pub fn turns(&self, viewer: Viewer) -> Vec<TurnText> {
        let mut out: Vec<TurnText> = Vec::new();
        for (i, s) in self.history.iter().enumerate() {
            if self.game.at_turn_start(&s.before) || out.is_empty() {
                let player = match s.actor {
                    Actor::Player(p) => Some(p),
                    Actor::Chance => None,
                };
                out.push(TurnText {
                    player,
                    first_step: i,
                    tokens: Vec::new(),
                });
            }
            let t = self.step_text(i, viewer);
            if let Some(last) = out.last_mut() {
                last.tokens.push(t);
            }
        }
        out
    }

    /// The whole match as a numbered record, as `viewer` may see it, and a declared ending as
    /// its last line: `[Ending "Blue resigns"]`.
    pub fn record(&self, viewer: Viewer) -> String {
        let turns: Vec<String> = self
            .turns(viewer)
            .into_iter()
            .map(|t| t.tokens.join(" "))
            .collect();
        let mut r = self
            .game
            .write_record(&turns, self.game.turns_before(&self.start));
        if let Some(d) = self.declared {
            if !r.is_empty() && !r.ends_with('\n') {
                r.push('\n');
            }
            r.push_str(&format!("[{ENDING} \"{}\"]", d.text(&*self.game)));
        }
        r
    }

    /// The save text: headers (game, seed, start, final, the game's own), then the record. A
    /// save for a player (`Viewer::Player`) keeps other players' secrets out, and cannot be
    /// resumed; the referee's save resumes the match exactly.
    pub fn save_text(&self, viewer: Viewer) -> String {
        let g = &*self.game;
        let start = if self.start == g.start() {
            "start".to_string()
        } else {
            g.position_text(&g.observe(&self.start, viewer))
        };
        let mut s = String::new();
        s.push_str(&format!("[Game \"{}\"]\n", g.name()));
        if viewer == Viewer::Referee {
            s.push_str(&format!("[Seed \"{}\"]\n", self.seed));
        } else {
            s.push_str(&format!("[Viewer \"{}\"]\n", viewer_name(g, viewer)));
        }
        s.push_str(&format!("[Start \"{start}\"]\n"));
        s.push_str(&format!(
            "[Final \"{}\"]\n",
            g.position_text(&g.observe(&self.state, viewer))
        ));
        for (k, v) in g.headers() {
            s.push_str(&format!("[{k} \"{v}\"]\n"));
        }
        if let Some(c) = &self.clock {
            s.push_str(&format!("[{CLOCK} \"{c}\"]\n"));
        }
        s.push_str(&self.record(viewer));
        s.push('\n');
        s
    }

    /// Writes the referee's save to `path` atomically (a crash mid-write leaves the old file).
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        crate::save::write_atomic(path, self.save_text(Viewer::Referee))
    }

    /// Replays a token list onto this match (used by loading and by `replay`). `line` is the
    /// text's line, for errors.
    /// Plays one turn of a record (`read_numbered`), checked to be one turn as the rules count
    /// them (`Game::at_turn_start`, as `turns` writes them): it begins at a turn's start — unless
    /// it is the record's `first`, which may begin mid-turn from its start position — and no
    /// action after its first begins another turn (a review found Kelasu's turns run together
    /// without their comma, or split across one, read as written).
    pub fn play_turn_tokens(
        &mut self,
        tokens: &[(usize, String)],
        line: usize,
        first: bool,
    ) -> Result<(), TextError> {
        for (k, (col, t)) in tokens.iter().enumerate() {
            let decision = self.decision();
            let over = matches!(decision, Decision::Over(_));
            let at_start = self.game.at_turn_start(&self.state);
            // (A round of sealed choices may be written as one turn, `1. 1|b1 2|b0`: both
            // players choose at once.)
            let round = matches!(decision, Decision::Simultaneous { .. });
            if k == 0 && !first && !at_start && !over {
                return Err(TextError::new(
                    *col,
                    t.clone(),
                    "the turn before goes on here: a turn's actions are written together, separated by spaces, not by a comma or semicolon",
                )
                .at_line(line));
            }
            if k > 0 && at_start && !over && !round {
                return Err(TextError::new(
                    *col,
                    t.clone(),
                    "a new turn begins here: write it after a comma (the reply) or a semicolon",
                )
                .at_line(line));
            }
            self.play_tokens(&[(*col, t.clone())], line)?;
        }
        Ok(())
    }

    /// Plays one turn of a save's record (`read_record_lines`): the record's `first` turn may
    /// begin mid-turn, and so may a line that goes on with a turn the line before left open
    /// (wrapped by an editor) when the rules say that turn is not over. Says whether it went on
    /// with the turn before.
    pub fn play_record_turn(&mut self, turn: &RecordTurn, first: bool) -> Result<bool, TextError> {
        let goes_on = self.record_turn_goes_on(turn, first);
        self.play_turn_tokens(&turn.tokens, turn.line, first || goes_on)?;
        Ok(goes_on)
    }

    /// Whether `turn`, played now, goes on with the turn before (see `play_record_turn`).
    pub fn record_turn_goes_on(&self, turn: &RecordTurn, first: bool) -> bool {
        !first && turn.may_continue && self.mid_turn()
    }

    /// Whether the state is in the middle of a turn (`Game::at_turn_start` says not at one) and
    /// the game goes on: the next action belongs to the turn under way.
    pub fn mid_turn(&self) -> bool {
        !self.game.at_turn_start(&self.state) && !matches!(self.decision(), Decision::Over(_))
    }

    pub fn play_tokens(
        &mut self,
        tokens: &[(usize, String)],
        line: usize,
    ) -> Result<(), TextError> {
        for (col, t) in tokens {
            if let Err(e) = self.play_text(t) {
                let why = match e {
                    PlayError::Text(te) => te.why,
                    PlayError::Refused(r) => r.to_string(),
                };
                return Err(TextError::new(*col, t.clone(), why).at_line(line));
            }
        }
        Ok(())
    }
}

/// The header of a declared ending.
pub(crate) const ENDING: &str = "Ending";

/// The header of the players' clock.
pub(crate) const CLOCK: &str = "Clock";

fn viewer_name<G: Game>(g: &G, v: Viewer) -> String {
    match v {
        Viewer::Player(p) => g.player_name(p),
        Viewer::Spectator => "spectator".into(),
        Viewer::Referee => "referee".into(),
    }
}

/// Why a text action was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text does not read as an action here.
    Text(TextError),
    /// It reads, but the rules refuse it.
    Refused(Refusal),
}

impl From<TextError> for PlayError {
    fn from(e: TextError) -> Self {
        PlayError::Text(e)
    }
}
impl From<Refusal> for PlayError {
    fn from(e: Refusal) -> Self {
        PlayError::Refused(e)
    }
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Text(e) => e.fmt(f),
            PlayError::Refused(r) => r.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}
