//! Small games whose right answers are known, to test the search on: Nim, a gamble decided by
//! chance weights, a guess against a hidden card, and sealed simultaneous choices.
#![allow(dead_code)]
use game_api::{
    ActionCells, Actor, BoardDesc, Decision, Game, MatchRng, Outcome, PieceView, Player, PlayerSet,
    Shape, TextError, Viewer,
};
use rand::Rng;

fn board() -> BoardDesc {
    BoardDesc {
        shape: Shape::Grid {
            files: 1,
            ranks: 1,
            holes: Vec::new(),
        },
        file_labels: vec!["a".into()],
        rank_labels: vec!["1".into()],
        rank_first: false,
        first_rank_at_top: false,
        cell_colours: vec![[200, 200, 200]],
        zones: Vec::new(),
    }
}

fn no_text(text: &str) -> TextError {
    TextError::new(1, text, "not read in tests")
}

/// Nim: take 1–3 from the pile; whoever takes the last wins.
pub struct Nim(pub u8);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimState {
    pub pile: u8,
    pub to_move: u8,
}

impl Game for Nim {
    type State = NimState;
    type Action = u8;
    fn name(&self) -> &'static str {
        "nim"
    }
    fn title(&self) -> &'static str {
        "Nim"
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        format!("P{}", p.0 + 1)
    }
    fn start(&self) -> NimState {
        NimState {
            pile: self.0,
            to_move: 0,
        }
    }
    fn decision(&self, s: &NimState) -> Decision {
        if s.pile == 0 {
            // The player who just moved took the last.
            Decision::Over(Outcome::win(Player(1 - s.to_move), 2, "took the last"))
        } else {
            Decision::Player(Player(s.to_move))
        }
    }
    fn legal_actions(&self, s: &NimState, p: Player, out: &mut Vec<u8>) {
        if p.0 == s.to_move && s.pile > 0 {
            out.extend(1..=s.pile.min(3));
        }
    }
    fn chance_outcomes(&self, _s: &NimState, _out: &mut Vec<(u8, u32)>) {}
    fn apply(&self, s: &mut NimState, _actor: Actor, a: u8) {
        s.pile -= a;
        s.to_move = 1 - s.to_move;
    }
    fn hash(&self, s: &NimState) -> u64 {
        s.pile as u64 * 2 + s.to_move as u64
    }
    fn action_text(&self, _s: &NimState, a: u8) -> String {
        a.to_string()
    }
    fn parse_action(&self, _s: &NimState, text: &str) -> Result<u8, TextError> {
        Err(no_text(text))
    }
    fn position_text(&self, s: &NimState) -> String {
        format!("{:?}", s)
    }
    fn parse_position(&self, text: &str) -> Result<NimState, TextError> {
        Err(no_text(text))
    }
    fn board(&self) -> BoardDesc {
        board()
    }
    fn pieces(&self, _s: &NimState, _v: Viewer) -> Vec<PieceView> {
        Vec::new()
    }
    fn action_cells(&self, _s: &NimState, _a: u8) -> ActionCells {
        ActionCells::default()
    }
}

/// A gamble: the first player picks `Safe` (a fair coin decides) or `Risky` (a weighted draw:
/// `risky_wins` in `risky_of` win), then chance decides who wins.
pub struct Gamble {
    pub risky_wins: u32,
    pub risky_of: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GambleAct {
    Safe,
    Risky,
    Win,
    Lose,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GambleState {
    pub choice: Option<GambleAct>,
    pub result: Option<GambleAct>,
}

impl Game for Gamble {
    type State = GambleState;
    type Action = GambleAct;
    fn name(&self) -> &'static str {
        "gamble"
    }
    fn title(&self) -> &'static str {
        "Gamble"
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        format!("P{}", p.0 + 1)
    }
    fn start(&self) -> GambleState {
        GambleState {
            choice: None,
            result: None,
        }
    }
    fn decision(&self, s: &GambleState) -> Decision {
        match (s.choice, s.result) {
            (None, _) => Decision::Player(Player(0)),
            (Some(_), None) => Decision::Chance,
            (_, Some(GambleAct::Win)) => Decision::Over(Outcome::win(Player(0), 2, "won")),
            _ => Decision::Over(Outcome::win(Player(1), 2, "lost")),
        }
    }
    fn legal_actions(&self, s: &GambleState, p: Player, out: &mut Vec<GambleAct>) {
        if p.0 == 0 && s.choice.is_none() {
            out.extend([GambleAct::Safe, GambleAct::Risky]);
        }
    }
    fn chance_outcomes(&self, s: &GambleState, out: &mut Vec<(GambleAct, u32)>) {
        match s.choice {
            Some(GambleAct::Safe) => out.extend([(GambleAct::Win, 1), (GambleAct::Lose, 1)]),
            Some(GambleAct::Risky) => out.extend([
                (GambleAct::Win, self.risky_wins),
                (GambleAct::Lose, self.risky_of - self.risky_wins),
            ]),
            _ => {}
        }
    }
    fn apply(&self, s: &mut GambleState, actor: Actor, a: GambleAct) {
        match actor {
            Actor::Chance => s.result = Some(a),
            Actor::Player(_) => s.choice = Some(a),
        }
    }
    fn hash(&self, s: &GambleState) -> u64 {
        format!("{s:?}").len() as u64
    }
    fn action_text(&self, _s: &GambleState, a: GambleAct) -> String {
        format!("{a:?}")
    }
    fn parse_action(&self, _s: &GambleState, text: &str) -> Result<GambleAct, TextError> {
        Err(no_text(text))
    }
    fn position_text(&self, s: &GambleState) -> String {
        format!("{s:?}")
    }
    fn parse_position(&self, text: &str) -> Result<GambleState, TextError> {
        Err(no_text(text))
    }
    fn board(&self) -> BoardDesc {
        board()
    }
    fn pieces(&self, _s: &GambleState, _v: Viewer) -> Vec<PieceView> {
        Vec::new()
    }
    fn action_cells(&self, _s: &GambleState, _a: GambleAct) -> ActionCells {
        ActionCells::default()
    }
}

/// Pennies: the second player seals Heads or Tails first (hidden from the first), then the
/// first player says one; the first wins on a match. Or, with `simultaneous`, both seal at once.
pub struct Pennies {
    pub simultaneous: bool,
    /// Heads sealed by the first against tails by the second is a draw rather than the
    /// second's win: the first's best mix is then heads two times in three, not even.
    pub lopsided: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PenniesState {
    /// Each seat's coin (0 heads, 1 tails; 9 unknown in an observation).
    pub coins: [Option<u8>; 2],
}

impl Game for Pennies {
    type State = PenniesState;
    type Action = u8;
    fn name(&self) -> &'static str {
        "pennies"
    }
    fn title(&self) -> &'static str {
        "Pennies"
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        format!("P{}", p.0 + 1)
    }
    fn start(&self) -> PenniesState {
        PenniesState { coins: [None; 2] }
    }
    fn decision(&self, s: &PenniesState) -> Decision {
        match s.coins {
            [Some(a), Some(b)] => {
                if a == b {
                    Decision::Over(Outcome::win(Player(0), 2, "match"))
                } else if self.lopsided && (a, b) == (0, 1) {
                    Decision::Over(Outcome::draw(2, "heads against tails"))
                } else {
                    Decision::Over(Outcome::win(Player(1), 2, "no match"))
                }
            }
            [a, b] if self.simultaneous => {
                let waiting: Vec<Player> = [(a, 0u8), (b, 1u8)]
                    .iter()
                    .filter(|(c, _)| c.is_none())
                    .map(|(_, p)| Player(*p))
                    .collect();
                Decision::Simultaneous {
                    waiting: PlayerSet::of(&waiting),
                }
            }
            [_, None] => Decision::Player(Player(1)),
            [None, _] => Decision::Player(Player(0)),
        }
    }
    fn legal_actions(&self, s: &PenniesState, p: Player, out: &mut Vec<u8>) {
        if self.decision(s).is_for(p) {
            out.extend([0, 1]);
        }
    }
    fn chance_outcomes(&self, _s: &PenniesState, _out: &mut Vec<(u8, u32)>) {}
    fn apply(&self, s: &mut PenniesState, actor: Actor, a: u8) {
        if let Actor::Player(p) = actor {
            s.coins[p.index()] = Some(a);
        }
    }
    fn hash(&self, s: &PenniesState) -> u64 {
        s.coins
            .iter()
            .fold(0, |h, c| h * 11 + c.map_or(10, |x| x as u64))
    }
    fn observe(&self, s: &PenniesState, viewer: Viewer) -> PenniesState {
        let mut o = s.clone();
        for p in 0..2u8 {
            if !viewer.sees_secrets_of(Player(p)) && o.coins[p as usize].is_some() {
                o.coins[p as usize] = Some(9);
            }
        }
        o
    }
    fn sample_hidden(
        &self,
        observed: &PenniesState,
        _viewer: Player,
        rng: &mut MatchRng,
    ) -> PenniesState {
        let mut s = observed.clone();
        for c in s.coins.iter_mut() {
            if *c == Some(9) {
                *c = Some(rng.random_range(0..2));
            }
        }
        s
    }
    fn secrets(&self, s: &PenniesState, owner: Player) -> Vec<String> {
        s.coins[owner.index()]
            .map(|c| vec![format!("coin {c}")])
            .unwrap_or_default()
    }
    fn action_visible(&self, _s: &PenniesState, actor: Actor, _a: u8, viewer: Viewer) -> bool {
        match actor {
            Actor::Player(p) => viewer.sees_secrets_of(p),
            Actor::Chance => true,
        }
    }
    fn action_text(&self, _s: &PenniesState, a: u8) -> String {
        a.to_string()
    }
    fn parse_action(&self, _s: &PenniesState, text: &str) -> Result<u8, TextError> {
        Err(no_text(text))
    }
    fn position_text(&self, s: &PenniesState) -> String {
        format!("{s:?}")
    }
    fn parse_position(&self, text: &str) -> Result<PenniesState, TextError> {
        Err(no_text(text))
    }
    fn board(&self) -> BoardDesc {
        board()
    }
    fn pieces(&self, _s: &PenniesState, _v: Viewer) -> Vec<PieceView> {
        Vec::new()
    }
    fn action_cells(&self, _s: &PenniesState, _a: u8) -> ActionCells {
        ActionCells::default()
    }
}

/// A game that never ends: the first player picks a number 0–9 once, then both wait, turn about,
/// for ever. Its estimate gives the first player the number over nine: only an evaluator that
/// asks the game can tell the picks apart, as every playout is cut off. `depth` is its
/// `playout_depth`; `applied` counts the actions played on it.
#[derive(Default)]
pub struct Endless {
    pub depth: Option<u32>,
    pub applied: std::sync::atomic::AtomicU64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EndlessState {
    pub picked: Option<u8>,
    pub waits: u32,
}

impl Game for Endless {
    type State = EndlessState;
    type Action = u8;
    fn name(&self) -> &'static str {
        "endless"
    }
    fn title(&self) -> &'static str {
        "Endless"
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        format!("P{}", p.0 + 1)
    }
    fn start(&self) -> EndlessState {
        EndlessState {
            picked: None,
            waits: 0,
        }
    }
    fn decision(&self, s: &EndlessState) -> Decision {
        match s.picked {
            None => Decision::Player(Player(0)),
            Some(_) => Decision::Player(Player(((s.waits + 1) % 2) as u8)),
        }
    }
    fn legal_actions(&self, s: &EndlessState, _p: Player, out: &mut Vec<u8>) {
        match s.picked {
            None => out.extend(0..=9),
            Some(_) => out.push(0),
        }
    }
    fn chance_outcomes(&self, _s: &EndlessState, _out: &mut Vec<(u8, u32)>) {}
    fn apply(&self, s: &mut EndlessState, _actor: Actor, a: u8) {
        self.applied
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        match s.picked {
            None => s.picked = Some(a),
            Some(_) => s.waits += 1,
        }
    }
    fn hash(&self, s: &EndlessState) -> u64 {
        s.picked.map_or(99, |p| p as u64) * 1_000_003 + s.waits as u64
    }
    fn estimate(&self, s: &EndlessState) -> Option<Vec<f64>> {
        let p = s.picked? as f64 / 9.0;
        Some(vec![p, 1.0 - p])
    }
    fn playout_depth(&self) -> Option<u32> {
        self.depth
    }
    fn action_text(&self, _s: &EndlessState, a: u8) -> String {
        a.to_string()
    }
    fn parse_action(&self, _s: &EndlessState, text: &str) -> Result<u8, TextError> {
        Err(no_text(text))
    }
    fn position_text(&self, s: &EndlessState) -> String {
        format!("{:?}", s)
    }
    fn parse_position(&self, text: &str) -> Result<EndlessState, TextError> {
        Err(no_text(text))
    }
    fn board(&self) -> BoardDesc {
        board()
    }
    fn pieces(&self, _s: &EndlessState, _v: Viewer) -> Vec<PieceView> {
        Vec::new()
    }
    fn action_cells(&self, _s: &EndlessState, _a: u8) -> ActionCells {
        ActionCells::default()
    }
}

/// A sealed dilemma: both seal 0 or 1 at once, then chance names the winner — the first
/// player with weight `table[x][y]` in 10 (`Dilemma(FIRST_WINS)` unless a test says).
pub struct Dilemma(pub [[u32; 2]; 2]);

/// The second player's 1 is strictly better for it whatever the first seals, so the first's best
/// answer is 1 (3 in 10 against 1 in 10), though against an opponent sealing at random 0 looks
/// better (5.5 to 5).
pub const FIRST_WINS: [[u32; 2]; 2] = [[10, 1], [7, 3]];

/// The first player's 0 is strictly better for it whatever the second seals (6 and 5 in 10
/// against 0 and 4), so the second's best answer is 1 (the first wins 5 in 10, not 6), though
/// against a first player sealing at random 0 looks better (3 in 10 to 4.5).
pub const SECOND_ANSWERS: [[u32; 2]; 2] = [[6, 5], [0, 4]];

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DilemmaState {
    /// Each seat's seal (9 unknown in an observation), then the winner chance named.
    pub seals: [Option<u8>; 2],
    pub winner: Option<u8>,
}

impl Game for Dilemma {
    type State = DilemmaState;
    type Action = u8;
    fn name(&self) -> &'static str {
        "dilemma"
    }
    fn title(&self) -> &'static str {
        "Dilemma"
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        format!("P{}", p.0 + 1)
    }
    fn start(&self) -> DilemmaState {
        DilemmaState {
            seals: [None; 2],
            winner: None,
        }
    }
    fn decision(&self, s: &DilemmaState) -> Decision {
        if let Some(w) = s.winner {
            return Decision::Over(Outcome::win(Player(w), 2, "named"));
        }
        let waiting: Vec<Player> = (0..2u8)
            .filter(|&p| s.seals[p as usize].is_none())
            .map(Player)
            .collect();
        if waiting.is_empty() {
            Decision::Chance
        } else {
            Decision::Simultaneous {
                waiting: PlayerSet::of(&waiting),
            }
        }
    }
    fn legal_actions(&self, s: &DilemmaState, p: Player, out: &mut Vec<u8>) {
        if matches!(self.decision(s), Decision::Simultaneous { .. }) && self.decision(s).is_for(p) {
            out.extend([0, 1]);
        }
    }
    fn chance_outcomes(&self, s: &DilemmaState, out: &mut Vec<(u8, u32)>) {
        if let [Some(x), Some(y)] = s.seals {
            let w = self.0[x as usize][y as usize];
            out.extend([(0, w), (1, 10 - w)]);
        }
    }
    fn apply(&self, s: &mut DilemmaState, actor: Actor, a: u8) {
        match actor {
            Actor::Player(p) => s.seals[p.index()] = Some(a),
            Actor::Chance => s.winner = Some(a),
        }
    }
    fn hash(&self, s: &DilemmaState) -> u64 {
        s.seals
            .iter()
            .fold(s.winner.map_or(7, |w| w as u64), |h, c| {
                h * 11 + c.map_or(10, |x| x as u64)
            })
    }
    fn observe(&self, s: &DilemmaState, viewer: Viewer) -> DilemmaState {
        let mut o = s.clone();
        if s.winner.is_none() {
            for p in 0..2u8 {
                if !viewer.sees_secrets_of(Player(p)) && o.seals[p as usize].is_some() {
                    o.seals[p as usize] = Some(9);
                }
            }
        }
        o
    }
    fn sample_hidden(
        &self,
        observed: &DilemmaState,
        _v: Player,
        rng: &mut MatchRng,
    ) -> DilemmaState {
        let mut s = observed.clone();
        for c in s.seals.iter_mut() {
            if *c == Some(9) {
                *c = Some(rng.random_range(0..2));
            }
        }
        s
    }
    fn action_visible(&self, _s: &DilemmaState, actor: Actor, _a: u8, viewer: Viewer) -> bool {
        match actor {
            Actor::Player(p) => viewer.sees_secrets_of(p),
            Actor::Chance => true,
        }
    }
    fn action_text(&self, _s: &DilemmaState, a: u8) -> String {
        a.to_string()
    }
    fn parse_action(&self, _s: &DilemmaState, text: &str) -> Result<u8, TextError> {
        Err(no_text(text))
    }
    fn position_text(&self, s: &DilemmaState) -> String {
        format!("{s:?}")
    }
    fn parse_position(&self, text: &str) -> Result<DilemmaState, TextError> {
        Err(no_text(text))
    }
    fn board(&self) -> BoardDesc {
        board()
    }
    fn pieces(&self, _s: &DilemmaState, _v: Viewer) -> Vec<PieceView> {
        Vec::new()
    }
    fn action_cells(&self, _s: &DilemmaState, _a: u8) -> ActionCells {
        ActionCells::default()
    }
}
