//! Tirachen on the project's game API.
use crate::action::Action;
use crate::explain;
use crate::invariants;
use crate::legal;
use crate::notation;
use crate::options::{HeaderError, MasterChoice, OptionsError, TirachenOptions};
use crate::outcome;
use crate::piece::Kind;
use crate::position::Position;
use crate::position_text;
use crate::secrecy;
use crate::side::Side;
use crate::turn;
use crate::view;
use crate::zobrist;
use game_api::{
    ActionCells, Actor, BoardDesc, Cell, Decision, Game, Outcome, PieceView, Player, PlayerSet,
    Refusal, ReserveView, TextError, Viewer,
};

/// The rules of Tirachen with their options fixed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tirachen {
    pub options: TirachenOptions,
}

impl Tirachen {
    pub fn new(options: TirachenOptions) -> Tirachen {
        Tirachen { options }
    }

    /// The rules a save was written with, from its headers (`[Masters "secret"]` …).
    pub fn from_headers<K: AsRef<str>, V: AsRef<str>>(
        headers: &[(K, V)],
    ) -> Result<Tirachen, OptionsError> {
        TirachenOptions::from_headers(headers).map(Tirachen::new)
    }

    /// The rules a save text was written with.
    pub fn from_save_text(text: &str) -> Result<Tirachen, HeaderError> {
        TirachenOptions::from_save_text(text).map(Tirachen::new)
    }

    fn side_of(p: Player) -> Option<Side> {
        Side::from_player(p)
    }
}

impl Game for Tirachen {
    type State = Position;
    type Action = Action;

    fn name(&self) -> &'static str {
        "tirachen"
    }
    fn title(&self) -> &'static str {
        "Tirachen"
    }
    fn rules_brief(&self) -> &'static str {
        crate::BRIEF
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        Tirachen::side_of(p)
            .map(|s| s.name().to_string())
            .unwrap_or_else(|| format!("seat {}", p.0 + 1))
    }

    fn start(&self) -> Position {
        Position::start(&self.options)
    }

    /// Turns are numbered in pairs from the first player's (option `First`): a record opens at
    /// `1...` only from a position where the second player decides (the default counted White's
    /// turn as the second player's, a `First=White` game numbered `1... ; 2. …`, a review found).
    /// The secret choices are the first pair of turns: a start where one side has sealed and
    /// only the other waits — whichever of the two — opens at `1...` too, the seal still to come
    /// being the pair's second (a review found every later turn numbered as the other player's,
    /// first with Red sealed, then with White sealed and Red, the first player, waiting).
    fn turns_before(&self, start: &Position) -> usize {
        match self.decision(start) {
            Decision::Player(p) => usize::from(Tirachen::side_of(p) != Some(self.options.first)),
            Decision::Simultaneous { waiting } => usize::from(waiting.iter().count() == 1),
            _ => 0,
        }
    }

    fn decision(&self, s: &Position) -> Decision {
        if s.choosing() {
            return match self.options.masters {
                MasterChoice::Secret => Decision::Simultaneous {
                    waiting: PlayerSet::of(
                        &Side::BOTH
                            .into_iter()
                            .filter(|&side| legal::may_choose(s, &self.options, side))
                            .map(Side::player)
                            .collect::<Vec<_>>(),
                    ),
                },
                MasterChoice::Open => Decision::Player(s.to_move().player()),
            };
        }
        let side = s.to_move();
        // A side left with no action loses even on the turn the quiet count runs out (rulings
        // "Draws" and "A side with no legal action": like chess's fifty-move rule, the count
        // draws a game nobody can win, not one just won).
        if let Some(o) = outcome::ending(s, &self.options)
            && (o.reason != outcome::QUIET_TURNS || legal::has_action(s, &self.options, side))
        {
            return Decision::Over(o);
        }
        if !legal::has_action(s, &self.options, side) {
            // Lost, or drawn under `NoActionLoses=no` (ruling "A side with no legal action").
            return Decision::Over(if self.options.no_action_loses {
                Outcome::win(side.other().player(), 2, outcome::NO_LEGAL_ACTION)
            } else {
                Outcome::draw(2, outcome::NO_LEGAL_ACTION)
            });
        }
        Decision::Player(side.player())
    }

    /// The Traitor's extra move is a second decision of the same turn.
    fn at_turn_start(&self, s: &Position) -> bool {
        s.extra_move().is_none()
    }

    fn legal_actions(&self, s: &Position, player: Player, out: &mut Vec<Action>) {
        let Some(side) = Tirachen::side_of(player) else {
            return;
        };
        if !s.choosing() && outcome::ending(s, &self.options).is_some() {
            return;
        }
        legal::legal_actions(s, &self.options, side, out);
    }

    /// Tirachen has no chance: no state ever waits for it.
    fn chance_outcomes(&self, _s: &Position, _out: &mut Vec<(Action, u32)>) {}

    fn apply(&self, s: &mut Position, actor: Actor, a: Action) {
        let side = match actor {
            Actor::Player(p) => Tirachen::side_of(p).unwrap_or(s.to_move()),
            Actor::Chance => s.to_move(),
        };
        turn::apply(s, &self.options, side, a);
    }

    fn refusal(&self, s: &Position, actor: Actor, a: Action) -> Refusal {
        if let Decision::Over(o) = self.decision(s) {
            return Refusal::game_over_as(&o, |p| self.player_name(p));
        }
        match actor {
            Actor::Player(p) => match Tirachen::side_of(p) {
                Some(side) => explain::refusal(s, &self.options, side, a),
                None => Refusal::not_your_turn(),
            },
            Actor::Chance => Refusal::not_your_turn(),
        }
    }

    fn explain_move(&self, s: &Position, player: Player, from: Option<Cell>, to: Cell) -> Refusal {
        if let Decision::Over(o) = self.decision(s) {
            return Refusal::game_over_as(&o, |p| self.player_name(p));
        }
        let (Some(side), Some(to)) = (Tirachen::side_of(player), view::square(to)) else {
            return Refusal::new("legal moves", "that is not a square of the board");
        };
        let from = match from.map(view::square) {
            Some(None) => return Refusal::new("legal moves", "that is not a square of the board"),
            Some(Some(f)) => Some(f),
            None => None,
        };
        explain::explain_click(s, &self.options, side, from, to)
    }

    /// The picked kind's own placement refused (not the first undeployed kind's).
    /// A piece of one's own with no action says which rule holds it: a Fort ("once placed, a
    /// Fort does not move"), or any piece but the Traitor while the Traitor's extra move is open
    /// ("it must be used only to move the traitor piece"). A review found both told "no legal
    /// action".
    fn explain_stuck(&self, s: &Position, player: Player, from: Cell) -> Option<Refusal> {
        if matches!(self.decision(s), Decision::Over(_)) {
            return None;
        }
        Tirachen::side_of(player)?;
        let from = view::square(from)?;
        let piece = s.piece_at(from)?;
        if let Some(t) = s.extra_move()
            && t != from
        {
            return Some(Refusal::new(
                explain::TRAITOR,
                format!(
                    "the extra move is the Traitor's on {t} (\"it must be used only to move the traitor piece\"), or decline it (-)"
                ),
            ));
        }
        if piece.kind == Kind::Fort {
            return Some(Refusal::new(
                explain::FORT,
                explain::how_it_moves(Kind::Fort),
            ));
        }
        let side = Tirachen::side_of(player)?;
        explain::stuck(s, &self.options, side, from)
    }

    fn explain_place(&self, s: &Position, player: Player, kind: &str, to: Cell) -> Refusal {
        let picked = kind
            .chars()
            .next()
            .and_then(|c| Kind::from_letter(c.to_ascii_uppercase()));
        match (Tirachen::side_of(player), view::square(to), picked) {
            (Some(side), Some(to), Some(kind))
                if !matches!(self.decision(s), Decision::Over(_)) =>
            {
                explain::refusal(s, &self.options, side, Action::Place { kind, to })
            }
            _ => self.explain_move(s, player, None, to),
        }
    }

    /// Material, the General's guard and the enemy homeland held (`estimate.rs`).
    fn estimate(&self, s: &Position) -> Option<Vec<f64>> {
        Some(crate::estimate::estimate(s))
    }

    /// Measured (arena, 100 games at 300 iterations a decision, the estimate's first, flatter
    /// curve): with the estimate, playouts
    /// cut off after 15 actions beat 40 (71 %, no draws) and 40 beat the flat search's 200
    /// (68 %). Shorter ones score higher still (4 over 15: 64 won, 14 drawn, 22 lost) but play
    /// for the quiet-turn draw (at 4, club drew 39 of 100 games with casual; at 15, 10), so 15.
    fn playout_depth(&self) -> Option<u32> {
        Some(15)
    }

    fn hash(&self, s: &Position) -> u64 {
        zobrist::hash(s)
    }

    fn action_text(&self, s: &Position, a: Action) -> String {
        notation::write(s, a)
    }

    fn parse_action(&self, s: &Position, text: &str) -> Result<Action, TextError> {
        notation::read(s, text)
    }

    fn position_text(&self, s: &Position) -> String {
        position_text::write(s)
    }

    fn parse_position(&self, text: &str) -> Result<Position, TextError> {
        position_text::read(text, &self.options)
    }

    fn headers(&self) -> Vec<(String, String)> {
        self.options.headers()
    }

    fn observe(&self, s: &Position, viewer: Viewer) -> Position {
        secrecy::observe(s, &self.options, viewer)
    }

    /// Masters hidden from this view (`?n`): they could never be placed (a review found such a
    /// text started as a game).
    fn is_view(&self, s: &Position) -> bool {
        Side::BOTH.iter().any(|&side| s.reserve(side).hidden() > 0)
    }

    fn sample_hidden(
        &self,
        observed: &Position,
        _viewer: Player,
        rng: &mut game_api::MatchRng,
    ) -> Position {
        secrecy::sample_hidden(observed, rng)
    }

    fn secrets(&self, s: &Position, owner: Player) -> Vec<String> {
        match Tirachen::side_of(owner) {
            Some(side) => secrecy::secrets(s, &self.options, side),
            None => Vec::new(),
        }
    }

    fn action_visible(&self, _s: &Position, actor: Actor, a: Action, viewer: Viewer) -> bool {
        secrecy::action_visible(&self.options, actor, a, viewer)
    }

    fn board(&self) -> BoardDesc {
        view::board()
    }

    fn pieces(&self, s: &Position, _viewer: Viewer) -> Vec<PieceView> {
        view::pieces(s)
    }

    fn reserves(&self, s: &Position, viewer: Viewer) -> Vec<ReserveView> {
        view::reserves(&self.observe(s, viewer))
    }

    fn action_cells(&self, s: &Position, a: Action) -> ActionCells {
        view::action_cells(s, a)
    }

    fn action_kind(&self, _s: &Position, a: Action) -> &'static str {
        view::action_kind(a)
    }

    fn action_label(&self, s: &Position, a: Action) -> Option<String> {
        view::action_label(s, a)
    }

    /// Taking a Fort costs the capturer ("When capturing a fort, the capturing piece is also
    /// captured"), the game when it is the General (rulings, "Capturing the Fort": "the host's
    /// label says that it loses", in the section on the Fort's ring).
    fn action_warns(&self, s: &Position, a: Action) -> bool {
        matches!(a, Action::Move { to, .. }
            if s.piece_at(to).is_some_and(|p| p.kind == crate::piece::Kind::Fort))
    }

    fn piece_zones(&self, s: &Position, c: game_api::Cell) -> Vec<game_api::Zone> {
        view::piece_zones(s, c)
    }

    fn check_invariants(&self, s: &Position) -> Result<(), String> {
        invariants::check(s, &self.options).map_err(|e| e.to_string())
    }

    /// A turn is one action, or a Traitor taken for control and then its extra move or the
    /// declining of it ("If you choose the 2nd, you have the option of taking an extra move with
    /// the traitor piece immediately … it must be used only to move the traitor piece"). A
    /// turn of the game hands the move to the other side unless it ended the game; choosing
    /// the masters is the choosers' own (in secret, both at once).
    fn check_turn(
        &self,
        start: &Position,
        actions: &[Action],
        end: &Position,
    ) -> Result<(), String> {
        let over = matches!(self.decision(end), Decision::Over(_));
        let traitor_taken = |a: &Action| match *a {
            Action::Move { to, control, .. } => {
                control && start.piece_at(to).is_some_and(|p| p.kind == Kind::Traitor)
            }
            _ => false,
        };
        match actions {
            [] => return Err("a turn with no action".into()),
            [Action::Choose(_)] => return Ok(()),
            [a] if traitor_taken(a) && !over => {
                return Err("a Traitor taken for control ended the turn without its extra move or declining it".into());
            }
            [_] => {}
            [first @ Action::Move { to, .. }, second] if traitor_taken(first) => match *second {
                Action::Decline => {}
                Action::Move { from, .. } if from == *to => {}
                _ => {
                    return Err(format!(
                        "the extra move after the Traitor was taken on {to} is not the Traitor's"
                    ));
                }
            },
            _ => {
                return Err(format!(
                    "{} actions in one turn, and not a Traitor taken for control and its extra move",
                    actions.len()
                ));
            }
        }
        if !over && end.to_move() == start.to_move() && !start.choosing() {
            return Err("the turn ended but the same side is to move".into());
        }
        Ok(())
    }
}
