//! The trait every rules crate implements. Engines call it with static dispatch (`G: Game`);
//! the object-safe `AnyMatch` (in `any_match.rs`) serves menus, saves and move lists.
use crate::board::{ActionCells, BoardDesc, PieceView, ReserveView};
use crate::decision::Decision;
use crate::notation::TextError;
use crate::outcome::Outcome;
use crate::player::{Actor, Player, Viewer};
use crate::refusal::Refusal;
use crate::rng::MatchRng;
use rand::Rng;
use std::fmt::Debug;
use std::hash::Hash;

/// A game's rules, with its options fixed (the Veney set and rule options, Tirachen's masters
/// chosen openly or in secret). States are plain values: `apply` changes one in place, and undo
/// is restoring the value kept before (the match does this), so undo is exact by construction.
pub trait Game: Send + Sync + 'static {
    type State: Clone + PartialEq + Debug + Send + Sync;
    type Action: Copy + Eq + Hash + Debug + Send + Sync;

    /// The game's short name, as `--game` takes it ("veney", "tirachen").
    fn name(&self) -> &'static str;
    /// The game's title as players know it ("Tirachen").
    fn title(&self) -> &'static str;
    /// How many seats.
    fn players(&self) -> u8;
    /// What the rulebook calls a player ("White", "Red").
    fn player_name(&self, p: Player) -> String;

    /// The state a new game starts from.
    fn start(&self) -> Self::State;

    /// Whose decision the state waits for.
    fn decision(&self, s: &Self::State) -> Decision;

    /// Whether `s` is at the start of a turn (a turn is every action from one such state to the
    /// next). Games of one action per turn keep the default.
    fn at_turn_start(&self, _s: &Self::State) -> bool {
        true
    }

    /// The actions `player` may take now (empty when it is not their decision).
    fn legal_actions(&self, s: &Self::State, player: Player, out: &mut Vec<Self::Action>);

    /// One of `player`'s legal actions drawn uniformly, as a random playout plays it (`None`
    /// when they have none). The default lists them in `scratch` and draws an index with
    /// `rng.random_range(0..len)`; a game that can find the action at an index without listing
    /// them all may do so, drawing the same way, so that a seeded playout plays the same game.
    fn random_action(
        &self,
        s: &Self::State,
        player: Player,
        rng: &mut MatchRng,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        scratch.clear();
        self.legal_actions(s, player, scratch);
        (!scratch.is_empty()).then(|| scratch[rng.random_range(0..scratch.len())])
    }

    /// At a chance decision: every outcome with its relative weight (weights need not sum to
    /// anything in particular). Perft lists these; the AI's search draws by `sample_chance`, whose
    /// odds they must be.
    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Action, u32)>);

    /// At a chance decision: draws one outcome from the match's generator. The default picks by
    /// `chance_outcomes`' weights; a game whose draws must replay older saves may draw its own way.
    fn sample_chance(&self, s: &Self::State, rng: &mut MatchRng) -> Self::Action {
        let mut outs = Vec::new();
        self.chance_outcomes(s, &mut outs);
        let total: u64 = outs.iter().map(|o| o.1 as u64).sum();
        let mut r = rng.random_range(0..total.max(1));
        for (a, w) in &outs {
            if r < *w as u64 {
                return *a;
            }
            r -= *w as u64;
        }
        outs.last().expect("a chance decision with no outcome").0
    }

    /// The outcome standing for every chance outcome equivalent to `a` in `s` (whichever of
    /// them falls, play goes on the same way: a throw's faces that give one verdict, a landing's
    /// point within its square). The AI keys its chance edges by it, so equivalent draws share
    /// one branch. The default: every outcome stands for itself.
    fn chance_class(&self, _s: &Self::State, a: Self::Action) -> Self::Action {
        a
    }

    /// Plays an action already known to be legal for `actor`.
    fn apply(&self, s: &mut Self::State, actor: Actor, a: Self::Action);

    /// Plays `a` for `actor` if the rules allow it, or says which rule refuses it (leaving `s`
    /// as it was). The default allows exactly the listed actions (`legal_actions` or
    /// `chance_outcomes`); a game whose legal actions are more than it lists (any roll the dice
    /// can show, a bluff) checks its own way.
    fn play_checked(
        &self,
        s: &mut Self::State,
        actor: Actor,
        a: Self::Action,
    ) -> Result<(), Refusal> {
        let mut listed = Vec::new();
        actions_for(self, s, actor, &mut listed);
        if listed.contains(&a) {
            self.apply(s, actor, a);
            Ok(())
        } else {
            Err(self.refusal(s, actor, a))
        }
    }

    /// Why `a` is not legal for `actor` in `s`, naming the rule. Called only for actions that
    /// are not among the legal ones; the default says so without a rule of its own.
    fn refusal(&self, _s: &Self::State, _actor: Actor, _a: Self::Action) -> Refusal {
        Refusal::new("legal moves", "that action is not legal here")
    }

    /// Why nothing legal goes from `from` to `to` for `player` (a click that matched no action),
    /// naming the rule. The default says only that.
    fn explain_move(
        &self,
        _s: &Self::State,
        _player: Player,
        _from: Option<crate::Cell>,
        _to: crate::Cell,
    ) -> Refusal {
        Refusal::new("legal moves", "no legal action goes there")
    }

    /// Why `player`'s undeployed piece of kind `kind` (its code in `reserves`) cannot be placed
    /// on `to` (a tray pick's click that matched no action), naming the rule. The default:
    /// `explain_move` from the tray.
    fn explain_place(
        &self,
        s: &Self::State,
        player: Player,
        _kind: &str,
        to: crate::Cell,
    ) -> Refusal {
        self.explain_move(s, player, None, to)
    }

    /// The game's rules in brief, as Markdown (headings, paragraphs, bullets, a table): what a
    /// host shows a learner beside the board. Empty when the game has none.
    fn rules_brief(&self) -> &'static str {
        ""
    }

    /// Why `player`'s piece on `from` has no legal action at all, when a rule says so (a piece
    /// that never moves, one that already moved this turn); `None` when it is simply hemmed in.
    fn explain_stuck(
        &self,
        _s: &Self::State,
        _player: Player,
        _from: crate::Cell,
    ) -> Option<Refusal> {
        None
    }

    /// A hash of the state (the same state always hashes the same; zobrist where it matters).
    fn hash(&self, s: &Self::State) -> u64;

    /// The ending, when the game is over.
    fn outcome(&self, s: &Self::State) -> Option<Outcome> {
        match self.decision(s) {
            Decision::Over(o) => Some(o),
            _ => None,
        }
    }

    /// A quick estimate of how the game stands: each player's expected reward in 0..=1 (a win
    /// 1, a draw ½, a loss 0), from what is on the board — material, the pieces a rule needs
    /// to survive, progress towards a winning condition. A computer's search scores a playout
    /// it cut off before the end with it. `s` is a state the searcher may see (its own
    /// observation with any hidden part sampled), so an estimate reads no secret. `None` (the
    /// default): no estimate, and a cut-off playout counts as even.
    fn estimate(&self, _s: &Self::State) -> Option<Vec<f64>> {
        None
    }

    /// How many random actions a computer's playout runs before `estimate` scores where it
    /// stands, when the game has an estimate worth more than random play beyond that (each
    /// game's figure is measured with the arena). `None` (the default): the search's own.
    fn playout_depth(&self) -> Option<u32> {
        None
    }

    /// The outcome when the players end the game themselves in state `s` (a resignation, an
    /// agreed draw). The default: the resigning player loses, every other player wins; an agreed
    /// draw is a draw. A game whose text says otherwise overrides it.
    fn declared_outcome(&self, s: &Self::State, d: crate::Declared) -> Outcome {
        self.decided(s).unwrap_or_else(|| d.default_outcome(self))
    }

    /// An ending the rules have already decided in `s` though a player still acts (Veney's
    /// dying move after a checkmate by touch, "the checkmate standing"): whatever the players
    /// declare then ends the game with it (`declared_outcome`). `None` (the default): nothing
    /// is decided before the game is over.
    fn decided(&self, _s: &Self::State) -> Option<Outcome> {
        None
    }

    // --- Notation and position text -------------------------------------------------------

    /// The action in the game's notation, as played from `s`.
    fn action_text(&self, s: &Self::State, a: Self::Action) -> String;

    /// Reads one action in the game's notation, against the actions legal in `s`.
    fn parse_action(&self, s: &Self::State, text: &str) -> Result<Self::Action, TextError>;

    /// The state as one line of text.
    fn position_text(&self, s: &Self::State) -> String;

    /// Reads a position text (checked: a text that reads but breaks the rules is refused).
    fn parse_position(&self, text: &str) -> Result<Self::State, TextError>;

    /// Reads a position to start a game from: `parse_position`, refusing one player's view
    /// (`is_view`), whose hidden part could never be played.
    fn parse_playable(&self, text: &str) -> Result<Self::State, TextError> {
        let s = self.parse_position(text)?;
        if self.is_view(&s) {
            return Err(TextError::new(
                1,
                text.trim(),
                "this is one player's view of a game (something is hidden, `?`); a game starts only from a whole position",
            ));
        }
        Ok(s)
    }

    /// How many turns were played before `start` (a record from it numbers on from there). The
    /// default counts none, but a record that opens with the second player starts at 1.
    fn turns_before(&self, start: &Self::State) -> usize {
        match self.decision(start) {
            Decision::Player(p) => p.index().min(1),
            _ => 0,
        }
    }

    /// Writes a whole record from each turn's text. The default numbers turns as two players
    /// alternate (`1. a, b; 2. …`).
    fn write_record(&self, turns: &[String], first_turn: usize) -> String {
        crate::notation::write_numbered(turns, first_turn)
    }

    /// Headers that name this game's configuration in a save (options, sets), so the host can
    /// rebuild the same rules before reading the record.
    fn headers(&self) -> Vec<(String, String)> {
        Vec::new()
    }

    // --- Hidden information ---------------------------------------------------------------

    /// What `viewer` may know of `s`: the state with every secret of other players replaced by
    /// what the viewer sees of it. The referee sees everything.
    fn observe(&self, s: &Self::State, _viewer: Viewer) -> Self::State {
        s.clone()
    }

    /// The facts in `s` that only `owner` may know, each as a short description ("hidden
    /// masters: A A S W …"). An observed state for anyone else must have none of them.
    fn secrets(&self, _s: &Self::State, _owner: Player) -> Vec<String> {
        Vec::new()
    }

    /// Whether `s` is one viewer's observation with something hidden (`observe` made it, or its
    /// position text was read), not a state to play from: a host refuses to start a game from
    /// it. The default suits games without secrets.
    fn is_view(&self, _s: &Self::State) -> bool {
        false
    }

    /// A full state consistent with what `viewer` observed (`observe`): the hidden part filled
    /// in at random from what could be behind it. The computer opponent searches from such
    /// states (determinisation), so it never reads a secret. The default suits games without
    /// secrets (the observation is the state); a game with secrets must fill them in.
    fn sample_hidden(
        &self,
        observed: &Self::State,
        _viewer: Player,
        _rng: &mut MatchRng,
    ) -> Self::State {
        observed.clone()
    }

    /// Whether `viewer` may see which action `actor` took (a secret choice, a sealed move).
    fn action_visible(
        &self,
        _s: &Self::State,
        _actor: Actor,
        _a: Self::Action,
        _viewer: Viewer,
    ) -> bool {
        true
    }

    /// Whether an action hidden from `viewer` when `actor` took it (`action_visible` false) has
    /// been shown since, as of `now`, a later state of the same match: the Hug's two hands once
    /// the draw is settled (Veney §2.0.23). The default: a hidden action stays hidden (Tirachen's
    /// secret masters).
    fn action_revealed(
        &self,
        _now: &Self::State,
        _actor: Actor,
        _a: Self::Action,
        _viewer: Viewer,
    ) -> bool {
        false
    }

    // --- Drawing --------------------------------------------------------------------------

    fn board(&self) -> BoardDesc;

    /// The pieces on the board as `viewer` sees them.
    fn pieces(&self, s: &Self::State, viewer: Viewer) -> Vec<PieceView>;

    /// The reserves beside the board as `viewer` sees them.
    fn reserves(&self, _s: &Self::State, _viewer: Viewer) -> Vec<ReserveView> {
        Vec::new()
    }

    /// Where the action touches the board.
    fn action_cells(&self, s: &Self::State, a: Self::Action) -> ActionCells;

    /// What kind of action this is, so a host can group buttons ("move", "place", "choose",
    /// "decline" …). The default calls every action "action".
    fn action_kind(&self, _s: &Self::State, _a: Self::Action) -> &'static str {
        "action"
    }

    /// The action in plain words, when its notation needs them ("take the Traitor and control
    /// it"); `None` when the notation says enough.
    fn action_label(&self, _s: &Self::State, _a: Self::Action) -> Option<String> {
        None
    }

    /// Whether the action costs its player more than its notation shows — a piece, or the game
    /// — so that a host asks before playing it, showing `action_label` (Tirachen: taking a Fort,
    /// the capturer captured too). The rules allow it all the same.
    fn action_warns(&self, _s: &Self::State, _a: Self::Action) -> bool {
        false
    }

    /// Zones the rules attach to the piece on `cell` (Tirachen's Fort: the ring where opposing
    /// pieces may not end a move), for a host to draw when it is selected or hovered.
    fn piece_zones(&self, _s: &Self::State, _cell: crate::Cell) -> Vec<crate::Zone> {
        Vec::new()
    }

    /// The squares the pattern of the piece on `cell` reaches now (lines stop at the first
    /// piece), each with what it allows, whether or not an action goes there now: a teaching
    /// host marks move-only, move/capture and must-capture squares apart. Empty when the game
    /// does not say.
    fn piece_reach(
        &self,
        _s: &Self::State,
        _cell: crate::Cell,
    ) -> Vec<(crate::Cell, crate::Reach)> {
        Vec::new()
    }

    // --- Checks ---------------------------------------------------------------------------

    /// The game's own invariants (piece counts, zone rules), checked by the testkit after
    /// every action of its random games.
    fn check_invariants(&self, _s: &Self::State) -> Result<(), String> {
        Ok(())
    }

    /// The game's own check of one whole turn from `start` (e.g. that its record notation reads
    /// back to the same turn), called by the testkit when a turn ends.
    fn check_turn(
        &self,
        _start: &Self::State,
        _actions: &[Self::Action],
        _end: &Self::State,
    ) -> Result<(), String> {
        Ok(())
    }
}

/// Two players' estimates (`Game::estimate`) from one player's lead in points over the other:
/// a logistic curve, `scale` points of lead for odds of e : 1. `players[0]` leads by `lead`;
/// the estimates come in player order (index 0 first) and add to one.
///
/// ```
/// use game_api::{Player, lead_estimate};
/// assert_eq!(lead_estimate([Player(0), Player(1)], 0.0, 4.0), vec![0.5, 0.5]);
/// let e = lead_estimate([Player(1), Player(0)], 4.0, 4.0);
/// assert!((e[1] - 0.731).abs() < 0.001 && (e[0] + e[1] - 1.0).abs() < 1e-12);
/// ```
pub fn lead_estimate(players: [Player; 2], lead: f64, scale: f64) -> Vec<f64> {
    let leader = 1.0 / (1.0 + (-lead / scale).exp());
    let mut v = vec![0.0; 2];
    v[players[0].index()] = leader;
    v[players[1].index()] = 1.0 - leader;
    v
}

/// Who acts now, if anyone does: the deciding player, or chance. For simultaneous decisions the
/// lowest waiting seat.
pub fn actor_now(d: &Decision) -> Option<Actor> {
    match d {
        Decision::Player(p) => Some(Actor::Player(*p)),
        Decision::Simultaneous { waiting } => waiting.iter().next().map(Actor::Player),
        Decision::Chance => Some(Actor::Chance),
        Decision::Over(_) => None,
    }
}

/// `a` by `actor` in `s` as a record writes it: a choice made at a simultaneous decision
/// carries its seat (`2|…`, 1-based), as a record and `Match::play_text` read it.
pub fn action_written<G: Game + ?Sized>(g: &G, s: &G::State, actor: Actor, a: G::Action) -> String {
    let t = g.action_text(s, a);
    match (g.decision(s), actor) {
        (Decision::Simultaneous { .. }, Actor::Player(p)) => format!("{}|{t}", p.0 + 1),
        _ => t,
    }
}

/// The actions open to `actor` in `s`: a player's legal actions, or chance's outcomes.
pub fn actions_for<G: Game + ?Sized>(g: &G, s: &G::State, actor: Actor, out: &mut Vec<G::Action>) {
    out.clear();
    match actor {
        Actor::Player(p) => g.legal_actions(s, p, out),
        Actor::Chance => {
            let mut w = Vec::new();
            g.chance_outcomes(s, &mut w);
            out.extend(w.into_iter().map(|(a, _)| a));
        }
    }
}
