//! Veney on the project's game API (`game_api::Game`): what the host, the CLI, the testkit and
//! the AI see of the rules. The engine's own fast paths (`movegen`, `perft`, `playout`) stay
//! as they are; this is the edge where a Veney position meets every other game's tooling.
//!
//! - White is seat 0, Black seat 1. A turn is every action from one `Phase::Start` to the next
//!   (double moves, concert, throws and their rolls, glare, the Donkey).
//! - Chance decides a throw's roll, a cast piece's landing and the Donkey's sticks. The match's
//!   generator draws them exactly as `Game::roll`/`Game::land` do, so a match on the API and a
//!   `Game` with the same seed throw the same sticks.
//! - A position's one secret is a Hug pick (§2.0.23, option `hug`): a draw waits for both
//!   players' hidden hands as a simultaneous decision, and each sees of the other's hand only
//!   that it is sealed until the second pick reveals both. The concealed setup (§2.0.19) is
//!   settled before the position exists, and the guess methods' hidden pick is part of the roll.
use crate::action::{Action, Mover};
use crate::device::Landing;
use crate::dice::{DiceMethod, Roll, Verdict};
use crate::hug::{Hand, HugChoice};
use crate::measure::Measure;
use crate::notation::San;
use crate::outcome::Outcome;
use crate::position::{Phase, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::{LINE_CHARS, LINES, STEPS, Square};
use game_api::{
    ActionCells, Actor, BoardDesc, Cell, Decision, PieceView, Player, PlayerSet, ReserveView,
    Shape, TextError, Viewer, Zone,
};
use rand::Rng;
use std::sync::Arc;

/// The rules of one Veney game (sets and options fixed) as a `game_api::Game`.
#[derive(Clone, Debug)]
pub struct VeneyGame {
    pub rules: Arc<Rules>,
}

impl VeneyGame {
    pub fn new(rules: Arc<Rules>) -> VeneyGame {
        VeneyGame { rules }
    }

    pub fn standard() -> VeneyGame {
        VeneyGame::new(Arc::new(Rules::standard()))
    }
}

pub use crate::side::{player_of, side_of};

pub fn cell_of(sq: Square) -> Cell {
    Cell(sq.index() as u16)
}

/// An ending for the API: per-player results and the rulebook's name of it.
pub fn outcome_of(o: Outcome) -> game_api::Outcome {
    let reason = crate::playout::ending_name(o);
    match o {
        Outcome::Checkmate { winner, .. }
        | Outcome::Resignation { winner, .. }
        | Outcome::OutOfTime { winner } => game_api::Outcome::win(player_of(winner), 2, reason),
        Outcome::DoubleCheckmate => game_api::Outcome {
            results: vec![game_api::PlayerResult::Loss; 2],
            reason,
        },
        Outcome::Draw { .. } => game_api::Outcome::draw(2, reason),
    }
}

/// How many equally likely results of `method` give the verdict of `r` (the weight of a
/// representative roll, §2.0.08 and §2.0.R1).
fn roll_weight(r: Roll) -> u32 {
    match r {
        Roll::Sticks { thrown, .. } => {
            let all = 1u32 << thrown;
            match r.verdict() {
                Verdict::Hit => 1,
                Verdict::Distraction => thrown as u32,
                Verdict::Miss => all - 1 - thrown as u32,
            }
        }
        Roll::Die { sides, .. } | Roll::Guess { choices: sides, .. } => match r.verdict() {
            Verdict::Hit => 1,
            _ => sides as u32 - 1,
        },
    }
}

fn binomial(n: u32, k: u32) -> u32 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

impl game_api::Game for VeneyGame {
    type State = Position;
    type Action = Action;

    fn name(&self) -> &'static str {
        "veney"
    }
    fn title(&self) -> &'static str {
        "Veney"
    }
    fn rules_brief(&self) -> &'static str {
        crate::BRIEF
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        side_of(p).name().to_string()
    }

    fn start(&self) -> Position {
        Position::start(&self.rules)
    }

    fn decision(&self, s: &Position) -> Decision {
        // A draw the Hug settles waits for the hands not yet hidden (§2.0.23).
        if s.is_game_over() {
            let waiting: Vec<Player> = Side::ALL
                .into_iter()
                .filter(|&side| s.hug_waits_for(&self.rules, side))
                .map(player_of)
                .collect();
            if !waiting.is_empty() {
                return Decision::Simultaneous {
                    waiting: PlayerSet::of(&waiting),
                };
            }
        }
        if s.is_game_over() {
            return Decision::Over(outcome_of(s.outcome().expect("a game over has an ending")));
        }
        // A mated side with no piece that can make the dying move (§2.0.20: "the Self cannot
        // move after checkmate"; no placing) has only defeat to acknowledge: the checkmate
        // stands. (Rare: worked out only in a dying position.)
        if s.dying() == Some(s.turn())
            && s.phase() == Phase::Start
            && s.legal_actions(&self.rules).is_empty()
        {
            return Decision::Over(outcome_of(
                s.outcome().expect("a dying move follows a mate"),
            ));
        }
        match s.phase() {
            Phase::Throw { .. } | Phase::Cast { .. } | Phase::DonkeyMove { .. } => Decision::Chance,
            _ => Decision::Player(player_of(s.turn())),
        }
    }

    /// A drawn position that waits for its Hug starts a turn of its own, whatever phase the
    /// draw came in (a draw by no contest before the Donkey's move, §2.0.20, §2.0.23): each
    /// pick is its own turn (R-HUG-NOTATION).
    fn at_turn_start(&self, s: &Position) -> bool {
        s.at_turn_start() || (s.is_game_over() && crate::hug::awaits_hug(&self.rules, s.outcome()))
    }

    /// §2.0.18 Cast Dagger – Shima: "drawing the game is not an option; an attempt to draw by
    /// agreement or pass repetition is now equivalent to both players losing". A resignation
    /// (§2.0.21) is the default: the other side wins.
    fn declared_outcome(&self, s: &Position, d: game_api::Declared) -> game_api::Outcome {
        if let Some(o) = self.decided(s) {
            return o;
        }
        match d {
            game_api::Declared::DrawAgreed if s.shima() => game_api::Outcome {
                results: vec![game_api::PlayerResult::Loss; 2],
                reason: "draw by agreement under Shima: both lose".into(),
            },
            _ => d.default_outcome(self),
        }
    }

    /// The dying move after a checkmate by touch (§2.0.20): the checkmate stands whatever the
    /// players declare — acknowledged defeat, a flag fallen (R-DYING, R-OUT-OF-TIME), and
    /// neither a draw nor the mating side's resignation undoes it (the app's `Game` refuses
    /// those; a review found the game API's match ending such a game drawn, or lost by the
    /// side that mated).
    fn decided(&self, s: &Position) -> Option<game_api::Outcome> {
        if s.is_game_over() {
            return None;
        }
        s.outcome().map(outcome_of)
    }

    /// Blades, technical pieces, engagements and the blades' nearness to the opposing Self
    /// (`estimate.rs`).
    fn estimate(&self, s: &Position) -> Option<Vec<f64>> {
        Some(crate::estimate::estimate(&self.rules, s))
    }

    /// Measured (arena, 60 games at 300 iterations a decision): with the estimate, playouts cut
    /// off after 8 actions beat the flat search's 200 (43 won, 17 lost; twelve times faster a
    /// decision) and 20 (34 to 25); 4 was even with 8 (31 to 29) in games twice as long.
    fn playout_depth(&self) -> Option<u32> {
        Some(8)
    }

    /// Records number on from the position's own turn count (§2.0.R5: turns numbered in pairs).
    fn turns_before(&self, start: &Position) -> usize {
        start.turns() as usize
    }

    fn legal_actions(&self, s: &Position, player: Player, out: &mut Vec<Action>) {
        match self.decision(s) {
            Decision::Player(p) if p == player => {
                crate::movegen::legal_actions(&self.rules, s, out);
            }
            // Not against a sealed hand: only an observation holds one, and the Hug settles on
            // the full position (`Position::pick_hug`).
            Decision::Simultaneous { waiting }
                if waiting.contains(player) && s.hug_hand(!side_of(player)) != Hand::Sealed =>
            {
                out.extend(
                    crate::hug::choices(&self.rules, side_of(player))
                        .iter()
                        .map(|&c| Action::Hug(c)),
                )
            }
            _ => {}
        }
    }

    /// Drawn by a `movegen::Sampler` (one per thread), without listing every action: uniform
    /// over the legal actions, as a draw from the list is (most often by rejection: see
    /// `Sampler::random_action`).
    fn random_action(
        &self,
        s: &Position,
        player: Player,
        rng: &mut game_api::MatchRng,
        scratch: &mut Vec<Action>,
    ) -> Option<Action> {
        if let Decision::Simultaneous { .. } = self.decision(s) {
            scratch.clear();
            self.legal_actions(s, player, scratch);
            return (!scratch.is_empty()).then(|| scratch[rng.random_range(0..scratch.len())]);
        }
        thread_local! {
            static SAMPLER: std::cell::RefCell<crate::movegen::Sampler> =
                std::cell::RefCell::new(crate::movegen::Sampler::new());
        }
        if self.decision(s) != Decision::Player(player) {
            return None;
        }
        SAMPLER.with_borrow_mut(|sampler| sampler.random_action(&self.rules, s, rng))
    }

    /// The rolls a search explores (one per verdict) weighted by how many faces give that
    /// verdict; every square a cast may be entered on, weighted by the area of it the draw
    /// covers (the aimed measure's whole squares; the margin's strip of the next rows of an
    /// open neighbouring measure; squares further off, which only a hand-entered landing
    /// reaches, weigh 0); the Donkey's six counts of own faces, weighted by the binomial.
    fn chance_outcomes(&self, s: &Position, out: &mut Vec<(Action, u32)>) {
        let mut acts = Vec::new();
        crate::movegen::legal_actions(&self.rules, s, &mut acts);
        // The draw covers a 4.8 × 4.8 square around the aimed measure (hundredths²): what its
        // squares and the margin's strips do not cover is outside.
        let covered = |measure: u8, sq: crate::square::Square| {
            let m = Measure(measure);
            let step = sq.step();
            if Measure::of(sq) == m {
                100 * 100
            } else if step + 1 == m.first_step() || step == m.first_step() + 4 {
                100 * 40
            } else {
                0
            }
        };
        let inside: u32 = match s.phase() {
            Phase::Cast { measure, .. } => acts
                .iter()
                .filter_map(|a| match a {
                    Action::Land(l) => l.at.map(|sq| covered(measure, sq)),
                    _ => None,
                })
                .sum(),
            _ => 0,
        };
        for a in acts {
            let w = match (s.phase(), a) {
                (_, Action::Roll(r)) => roll_weight(r),
                (Phase::Cast { measure, .. }, Action::Land(l)) => match l.at {
                    Some(sq) => covered(measure, sq),
                    None => 480 * 480 - inside,
                },
                (_, Action::Donkey(Some(Roll::Sticks { thrown, own }))) => {
                    binomial(thrown as u32, own.count_ones())
                }
                _ => 1,
            };
            out.push((a, w));
        }
    }

    /// A throw's roll stands for every roll of its verdict (all `dagger_throw::resolve`
    /// reads), a landing for every point of its square (the point is drawn for the animation),
    /// the Donkey's throw for every throw with as many own faces (all `donkey::resolve` reads):
    /// each class by the outcome `chance_outcomes` lists for it.
    fn chance_class(&self, s: &Position, a: Action) -> Action {
        match a {
            Action::Roll(r) => {
                let mut listed = Vec::new();
                crate::special::dagger_throw::rolls(&self.rules, s, &mut listed);
                listed
                    .into_iter()
                    .find(|x| matches!(x, Action::Roll(q) if q.verdict() == r.verdict()))
                    .unwrap_or(a)
            }
            Action::Land(l) => Action::Land(Landing::on(l.at)),
            Action::Donkey(Some(Roll::Sticks { thrown, own })) => {
                Action::Donkey(Some(Roll::Sticks {
                    thrown,
                    own: ((1u16 << own.count_ones()) - 1) as u8,
                }))
            }
            _ => a,
        }
    }

    /// Draws as `Game::roll` and `Game::land` do, so saves and replays keep their throws.
    fn sample_chance(&self, s: &Position, rng: &mut game_api::MatchRng) -> Action {
        match s.phase() {
            Phase::Throw { .. } => {
                let n = crate::special::dagger_throw::sticks(&self.rules, s, s.turn()).unwrap_or(1);
                Action::Roll(Roll::draw(self.rules.options.dice, n, rng))
            }
            Phase::Cast { measure, .. } => {
                let open = crate::special::cast_piece::empty_measures(&self.rules, s);
                Action::Land(Landing::draw(Measure(measure), &open, rng))
            }
            _ => {
                let mut out = Vec::new();
                crate::special::donkey::moves(s, &mut out);
                if out == [Action::Donkey(None)] {
                    Action::Donkey(None)
                } else {
                    Action::Donkey(Some(Roll::draw(DiceMethod::StickDice, 5, rng)))
                }
            }
        }
    }

    fn apply(&self, s: &mut Position, actor: Actor, a: Action) {
        match (a, actor) {
            (Action::Hug(c), Actor::Player(p)) => s.pick_hug_unchecked(side_of(p), c),
            _ => s.play_unchecked(&self.rules, a),
        }
    }

    /// The turn machine's own check: any roll the agreed dice can show, any landing, a bluffed
    /// declaration (§2.0.11) — more than `legal_actions` lists — and the section that refuses.
    fn play_checked(
        &self,
        s: &mut Position,
        actor: Actor,
        a: Action,
    ) -> Result<(), game_api::Refusal> {
        let mut p = *s;
        self.play_as(&mut p, actor, a)
            .map_err(|u| game_api::Refusal::new(u.section, u.reason))?;
        *s = p;
        Ok(())
    }

    /// Plays through the turn machine's own check, which names the section that refuses.
    fn refusal(&self, s: &Position, actor: Actor, a: Action) -> game_api::Refusal {
        let mut p = *s;
        match self.play_as(&mut p, actor, a) {
            Err(u) => game_api::Refusal::new(u.section, u.reason),
            Ok(()) => game_api::Refusal::new("legal moves", "that action is not legal here"),
        }
    }

    fn explain_move(
        &self,
        s: &Position,
        _player: Player,
        from: Option<Cell>,
        to: Cell,
    ) -> game_api::Refusal {
        let sq = |c: Cell| u8::try_from(c.0).ok().and_then(Square::from_index);
        let Some(to) = sq(to) else {
            return game_api::Refusal::new("legal moves", "that is not a square of the board");
        };
        let a = match from.map(|c| sq(c).and_then(|f| s.piece_at(f).map(|p| (f, p.1)))) {
            Some(Some((from, k))) => Action::Move(crate::action::Move {
                mover: Mover::Piece(k),
                from,
                to,
                effect: crate::action::Effect::Quiet,
                dir: None,
                face: None,
            }),
            Some(None) => {
                return game_api::Refusal::new("legal moves", "there is no piece to move there");
            }
            None => {
                return game_api::Refusal::new("legal moves", "select a piece first");
            }
        };
        let why = crate::untenable::explain(&self.rules, s, &a);
        game_api::Refusal::new(why.section, why.reason)
    }

    fn hash(&self, s: &Position) -> u64 {
        s.hash()
    }

    /// A Hug pick under way is sealed from everyone but its player (and the referee).
    fn observe(&self, s: &Position, viewer: Viewer) -> Position {
        let mut o = *s;
        for side in Side::ALL {
            if let Hand::Holds(_) = s.hug_hand(side)
                && !viewer.sees_secrets_of(player_of(side))
            {
                o.hug[side.index()] = Hand::Sealed;
            }
        }
        o
    }

    fn secrets(&self, s: &Position, owner: Player) -> Vec<String> {
        match s.hug_hand(side_of(owner)) {
            Hand::Holds(c) => vec![format!("hidden in the Hug: {}", hand_name(c))],
            _ => Vec::new(),
        }
    }

    /// A sealed Hug hand (`hug=?:-`) is another player's view (§2.0.23).
    fn is_view(&self, s: &Position) -> bool {
        s.is_view()
    }

    /// A sealed Hug hand holds either piece its player could hide, drawn evenly.
    fn sample_hidden(
        &self,
        observed: &Position,
        _viewer: Player,
        rng: &mut game_api::MatchRng,
    ) -> Position {
        let mut s = *observed;
        for side in Side::ALL {
            if s.hug_hand(side) == Hand::Sealed {
                let open = crate::hug::choices(&self.rules, side);
                s.hug[side.index()] = Hand::Holds(open[rng.random_range(0..open.len())]);
            }
        }
        s
    }

    /// A Hug pick is seen only by its player (and the referee) while the Hug is open; once the
    /// second pick settles the draw both are shown to every viewer (`action_revealed`), and the
    /// ending says what each hid (`hug::settle`).
    fn action_visible(&self, _s: &Position, actor: Actor, a: Action, viewer: Viewer) -> bool {
        match (a, actor) {
            (Action::Hug(_), Actor::Player(p)) => viewer.sees_secrets_of(p),
            _ => true,
        }
    }

    /// §2.0.23 "The results are revealed simultaneously": both picks are shown once the second
    /// settles the draw; until then the first stays sealed from the other player.
    fn action_revealed(&self, now: &Position, _actor: Actor, a: Action, _viewer: Viewer) -> bool {
        matches!(a, Action::Hug(_))
            && !(now.is_game_over() && crate::hug::awaits_hug(&self.rules, now.outcome()))
    }

    fn action_text(&self, s: &Position, a: Action) -> String {
        let legal = s.legal_actions(&self.rules);
        San::of_action(&self.rules, s, &legal, &a).to_string()
    }

    fn parse_action(&self, s: &Position, text: &str) -> Result<Action, TextError> {
        let to_err = |e: crate::errors::ParseError| TextError::new(e.col, e.token, e.message);
        let san = San::parse(text).map_err(to_err)?;
        let legal = s.legal_actions(&self.rules);
        san.resolve(&self.rules, s, &legal, 1).map_err(to_err)
    }

    fn position_text(&self, s: &Position) -> String {
        s.to_text(&self.rules)
    }

    fn parse_position(&self, text: &str) -> Result<Position, TextError> {
        Position::from_text(&self.rules, text)
            .map_err(|e| TextError::new(e.col, e.token, e.message))
    }

    fn headers(&self) -> Vec<(String, String)> {
        let mut h = Vec::new();
        for side in Side::ALL {
            let set = self.rules.set(side);
            h.push((
                format!("{}Set", side.name()),
                set.source.display().to_string(),
            ));
            h.push((
                format!("{}SetHash", side.name()),
                format!("{:016x}", set.fingerprint),
            ));
        }
        h
    }

    fn board(&self) -> BoardDesc {
        let cells = (LINES as usize) * (STEPS as usize);
        let cell_colours = (0..cells)
            .map(|i| {
                if Square::from_index(i as u8).is_some_and(|s| s.is_light()) {
                    [0xe8, 0xdc, 0xc4]
                } else {
                    [0x9a, 0x80, 0x66]
                }
            })
            .collect();
        // Measures are numbered 0–3 (steps 1–4 … 13–16) and named 1–4, from White's side.
        let measure = |m: Measure| Zone {
            name: format!("measure {}", m.0 + 1),
            owner: None,
            cells: m.squares().map(cell_of).collect(),
        };
        BoardDesc {
            shape: Shape::Grid {
                files: LINES,
                ranks: STEPS,
                holes: Vec::new(),
            },
            file_labels: LINE_CHARS.iter().map(|c| c.to_string()).collect(),
            rank_labels: (1..=STEPS).map(|s| s.to_string()).collect(),
            rank_first: false,
            first_rank_at_top: false,
            cell_colours,
            zones: Measure::ALL.into_iter().map(measure).collect(),
        }
    }

    fn pieces(&self, s: &Position, _viewer: Viewer) -> Vec<PieceView> {
        let mut out = Vec::new();
        for sq in Square::all() {
            if let Some((side, k)) = s.piece_at(sq) {
                let def = &self.rules.set(side).pieces[k.0 as usize].def;
                out.push(PieceView {
                    cell: cell_of(sq),
                    owner: Some(player_of(side)),
                    kind: def.letter.to_string(),
                    name: def.name.clone(),
                });
            }
        }
        if let Some(sq) = s.free_square()
            && s.piece_at(sq).is_none()
        {
            out.push(PieceView {
                cell: cell_of(sq),
                owner: None,
                kind: "e".into(),
                name: "free engagement".into(),
            });
        }
        out
    }

    fn reserves(&self, s: &Position, _viewer: Viewer) -> Vec<ReserveView> {
        Side::ALL
            .iter()
            .map(|&side| {
                let set = self.rules.set(side);
                ReserveView {
                    owner: player_of(side),
                    label: "reserve".into(),
                    entries: set
                        .pieces
                        .iter()
                        .filter(|p| s.reserve(side, p.kind) > 0)
                        .map(|p| {
                            (
                                p.def.letter.to_string(),
                                p.def.name.clone(),
                                s.reserve(side, p.kind) as u32,
                            )
                        })
                        .collect(),
                }
            })
            .collect()
    }

    fn action_cells(&self, s: &Position, a: Action) -> ActionCells {
        let letter = |k: crate::piece_set::Kind| {
            self.rules.set(s.turn()).pieces[k.0 as usize]
                .def
                .letter
                .to_string()
        };
        match a {
            Action::Move(m) => ActionCells {
                from: Some(cell_of(m.from)),
                to: Some(cell_of(m.to)),
                from_reserve: None,
                captures: match (m.mover, s.piece_at(m.to)) {
                    (Mover::Piece(_) | Mover::Free, Some(_)) => vec![cell_of(m.to)],
                    _ => Vec::new(),
                },
            },
            Action::Throw { from, target, .. } => ActionCells {
                from: Some(cell_of(from)),
                to: Some(cell_of(target)),
                ..Default::default()
            },
            Action::Reposition { from, to, .. } => ActionCells {
                from: Some(cell_of(from)),
                to: Some(cell_of(to)),
                ..Default::default()
            },
            Action::Place { kind, to, .. } => ActionCells {
                to: Some(cell_of(to)),
                from_reserve: Some(letter(kind)),
                ..Default::default()
            },
            Action::Withdraw { from, .. } => ActionCells {
                from: Some(cell_of(from)),
                ..Default::default()
            },
            Action::EnterFree { to } | Action::PlaceDonkey { to } => ActionCells {
                to: Some(cell_of(to)),
                ..Default::default()
            },
            Action::Glare { from } => ActionCells {
                from: Some(cell_of(from)),
                ..Default::default()
            },
            Action::Declare { from, to, .. } | Action::Enact { from, to, .. } => ActionCells {
                from: Some(cell_of(from)),
                to: Some(cell_of(to)),
                ..Default::default()
            },
            Action::Land(l) => ActionCells {
                to: l.at.map(cell_of),
                ..Default::default()
            },
            Action::Invoke { at } => ActionCells {
                to: Some(cell_of(at)),
                ..Default::default()
            },
            _ => ActionCells::default(),
        }
    }

    fn check_invariants(&self, s: &Position) -> Result<(), String> {
        crate::invariants::check(&self.rules, s)
    }

    /// At most two moves a turn (§2.0.15), and the turn's notation (§2.0.R5) reads back to the
    /// same turn. A Donkey's move after the turn (§2.0.23) is checked as the next side's.
    fn check_turn(
        &self,
        start: &Position,
        actions: &[Action],
        end: &Position,
    ) -> Result<(), String> {
        // A Hug pick is a turn of its own (`at_turn_start`), made by whichever hand the actor
        // fills: replayed for one side the Hug waited for, it gives exactly `end`.
        if let [Action::Hug(c)] = actions {
            let replays = Side::ALL.into_iter().any(|side| {
                let mut p = *start;
                p.pick_hug(&self.rules, side, *c).is_ok() && p == *end
            });
            return if replays {
                Ok(())
            } else {
                Err(format!(
                    "the Hug pick {c:?} replays to another position for either hand"
                ))
            };
        }
        let mut seg_start = *start;
        let mut p = *start;
        let mut seg = Vec::new();
        for &a in actions {
            let mover = p.turn();
            p.play_unchecked(&self.rules, a);
            seg.push(a);
            if p.turn() != mover || p.is_game_over() {
                crate::playout::check_turn(&self.rules, &seg_start, &p, &seg)?;
                seg.clear();
                seg_start = p;
            }
        }
        if p != *end {
            return Err("the turn's actions replay to another position".into());
        }
        Ok(())
    }
}

impl VeneyGame {
    /// Plays `a` as `actor` through the turn machine's check; a Hug pick fills the actor's hand.
    fn play_as(&self, p: &mut Position, actor: Actor, a: Action) -> Result<(), crate::Untenable> {
        match (a, actor) {
            (Action::Hug(c), Actor::Player(pl)) => p.pick_hug(&self.rules, side_of(pl), c),
            (Action::Hug(_), Actor::Chance) => Err(crate::Untenable::new(
                crate::hug::SECTION,
                "a Hug pick is a player's, not chance's",
            )),
            _ => p.play(&self.rules, a),
        }
    }
}

/// What a Hug hand holds, in the text's words.
fn hand_name(c: HugChoice) -> &'static str {
    match c {
        HugChoice::Hug => "the Self (to hug)",
        HugChoice::Betray => "the Dagger (to betray)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Game as _;

    /// §2.0.V: "four 4 × 4 measures, steps 1–4, 5–8, 9–12, 13–16" — the board's zones are those
    /// four, named 1–4, each of sixteen cells, covering the board once.
    #[test]
    fn the_boards_zones_are_the_four_measures() {
        let b = VeneyGame::standard().board();
        let names: Vec<&str> = b.zones.iter().map(|z| z.name.as_str()).collect();
        assert_eq!(names, ["measure 1", "measure 2", "measure 3", "measure 4"]);
        let mut seen = std::collections::BTreeSet::new();
        for (m, z) in b.zones.iter().enumerate() {
            assert_eq!(z.cells.len(), 16);
            for c in &z.cells {
                assert!(seen.insert(*c), "{c:?} in two measures");
                let sq = Square::from_index(c.0 as u8).unwrap();
                assert_eq!(Measure::of(sq).0 as usize, m);
            }
        }
        assert_eq!(seen.len(), 64);
    }
}
