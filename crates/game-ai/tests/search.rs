//! The search finds what these small games' right answers are: Nim's winning take, the better
//! of two gambles by their chance weights, a guess it cannot make better than even against a
//! hidden coin (and the same choice whatever the coin), sealed simultaneous choices, and a
//! game that never ends, told apart by its own estimate.
mod common;
use common::*;
use game_ai::{
    Agent, Budget, Config, Level, Mcts, RandomAgent, Seat, play_match, play_matches, round_start,
};
use game_api::{Actor, Game, Player};

fn config(iterations: u32, seed: u64) -> Config {
    Config {
        budget: Budget::Iterations(iterations),
        seed,
        ..Config::default()
    }
}

#[test]
fn nim_takes_to_leave_a_multiple_of_four() {
    for (pile, take) in [(5u8, 1u8), (6, 2), (7, 3), (10, 2)] {
        let g = Nim(pile);
        let mut ai = Mcts::new(config(3_000, 1));
        let c = ai.choose(&g, &g.start(), Player(0)).unwrap();
        assert_eq!(c.action, take, "pile {pile}: {c:?}");
        assert!(c.value > 0.6, "a won position is valued as won: {c:?}");
    }
    // From a multiple of four every take loses against best play: the value says so.
    let g = Nim(8);
    let c = Mcts::new(config(3_000, 1))
        .choose(&g, &g.start(), Player(0))
        .unwrap();
    assert!(c.value < 0.5, "{c:?}");
}

#[test]
fn a_gamble_is_chosen_by_its_chance_weights() {
    // Safe wins 1 in 2. Risky 1 in 4 is worse; 3 in 4 is better (§2.0.08's throw odds are
    // weights of the same kind).
    for (wins, of, want) in [(1, 4, GambleAct::Safe), (3, 4, GambleAct::Risky)] {
        let g = Gamble {
            risky_wins: wins,
            risky_of: of,
        };
        let c = Mcts::new(config(2_000, 7))
            .choose(&g, &g.start(), Player(0))
            .unwrap();
        assert_eq!(c.action, want, "{wins}/{of}: {c:?}");
        let expect = (wins as f64 / of as f64).max(0.5);
        assert!((c.value - expect).abs() < 0.08, "{wins}/{of}: {c:?}");
    }
}

#[test]
fn a_hidden_coin_is_not_read_and_the_choice_is_the_same_whatever_it_is() {
    // The second player sealed a coin the first cannot see; the first then names one.
    let g = Pennies {
        lopsided: false,
        simultaneous: false,
    };
    let mut heads = g.start();
    g.apply(&mut heads, Actor::Player(Player(1)), 0);
    let mut tails = g.start();
    g.apply(&mut tails, Actor::Player(Player(1)), 1);
    let a = Mcts::new(config(2_000, 3))
        .choose(&g, &heads, Player(0))
        .unwrap();
    let b = Mcts::new(config(2_000, 3))
        .choose(&g, &tails, Player(0))
        .unwrap();
    assert_eq!((a.action, a.visits), (b.action, b.visits));
    assert_eq!(a.value, b.value);
    // Seeing the coin it would win for sure; blind, it can expect only an even chance.
    assert!((a.value - 0.5).abs() < 0.1, "{a:?}");
}

#[test]
fn sealed_simultaneous_choices_are_made_blind_to_each_other() {
    // Both seal at once (decoupled selection): neither can do better than even, and the
    // searcher of either seat says so.
    let g = Pennies {
        simultaneous: true,
        lopsided: false,
    };
    for me in [Player(0), Player(1)] {
        let c = Mcts::new(config(4_000, 5))
            .choose(&g, &g.start(), me)
            .unwrap();
        assert!((c.value - 0.5).abs() < 0.12, "{me:?}: {c:?}");
    }
}

#[test]
fn a_sealed_choice_answers_what_the_other_would_seal() {
    // Decoupled selection: the other player chooses by its own statistics of its own seals
    // (hidden from the searcher, but its in every sampled state), so it learns to seal its
    // strictly better 1, and the searcher answers with 1. An opponent modelled as sealing at
    // random would make 0 look better (a review found the other's seals pooled into one edge).
    let g = Dilemma(FIRST_WINS);
    for seed in [1, 2, 3] {
        let c = Mcts::new(config(4_000, seed))
            .choose(&g, &g.start(), Player(0))
            .unwrap();
        assert_eq!(c.action, 1, "seed {seed}: {c:?}");
        assert!((c.value - 0.3).abs() < 0.1, "seed {seed}: {c:?}");
    }
}

#[test]
fn a_sealed_choice_is_drawn_from_the_average_strategy_not_the_exploring_visits() {
    // Sealing 0 is strictly worse for each player: regret matching's average strategy gives it
    // next to nothing, while the visits follow the mix with uniform exploration, which keeps
    // every action at a share of them (a review found the dominated seal drawn now and then).
    let g = Dilemma(FIRST_WINS);
    let zeros = (0..100)
        .filter(|&seed| {
            let c = Mcts::new(config(2_000, seed))
                .choose(&g, &g.start(), Player(0))
                .unwrap();
            c.action == 0
        })
        .count();
    assert!(zeros <= 1, "the dominated seal drawn {zeros} times in 100");
}

#[test]
fn a_sealed_choice_is_one_the_search_tried() {
    // With a budget too small to try every seal, the draw is among those tried: one given weight
    // at its node's first visit but never played has no value, and the fallback played the
    // first listed action instead (a review found it).
    let g = Pennies {
        simultaneous: true,
        lopsided: true,
    };
    for seed in 0..60 {
        let c = Mcts::new(config(1, seed))
            .choose(&g, &g.start(), Player(0))
            .unwrap();
        assert!(c.visits > 0, "seed {seed}: {c:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_choice_and_threads_share_the_budget() {
    let g = Nim(13);
    let one = Mcts::new(config(1_000, 9))
        .choose(&g, &g.start(), Player(0))
        .unwrap();
    let again = Mcts::new(config(1_000, 9))
        .choose(&g, &g.start(), Player(0))
        .unwrap();
    assert_eq!((one.action, one.visits), (again.action, again.visits));
    let mut two = Mcts::new(Config {
        threads: 2,
        ..config(1_000, 9)
    });
    let c = two.choose(&g, &g.start(), Player(0)).unwrap();
    assert_eq!(c.iterations, 1_000);
    assert_eq!(c.action, 1, "13 = 12 + 1: {c:?}");
    // A time budget stops.
    let mut timed = Mcts::new(Config {
        budget: Budget::Millis(50),
        ..config(0, 9)
    });
    let c = timed.choose(&g, &g.start(), Player(0)).unwrap();
    assert!(c.iterations > 0 && c.elapsed.as_millis() < 1_000, "{c:?}");
}

#[test]
fn the_tree_is_kept_between_decisions() {
    let g = Nim(21);
    let mut ai = Mcts::new(config(2_000, 4));
    let mut s = g.start();
    let c = ai.choose(&g, &s, Player(0)).unwrap();
    ai.observe_action(&g, &s, Actor::Player(Player(0)), c.action, Player(0));
    g.apply(&mut s, Actor::Player(Player(0)), c.action);
    // The opponent's reply, reported too; the next search starts from the kept subtree, so
    // its root has more visits than one search's budget alone.
    assert!(ai.kept_visits() > 100, "{}", ai.kept_visits());
    let reply = 1;
    ai.observe_action(&g, &s, Actor::Player(Player(1)), reply, Player(0));
    g.apply(&mut s, Actor::Player(Player(1)), reply);
    let kept = ai.kept_visits();
    assert!(kept > 10, "the reply's subtree is kept: {kept}");
    let next = ai.choose(&g, &s, Player(0)).unwrap();
    assert!(next.visits > 0);
    assert_eq!((s.pile - next.action) % 4, 0, "{s:?} {next:?}");
    // The search grew the kept tree: its root holds the kept visits and this search's (a review
    // found a fresh tree each time passing the test).
    assert!(
        ai.kept_visits() >= kept + 2_000,
        "{} after {kept} kept",
        ai.kept_visits()
    );
    // A position the tree never saw starts afresh.
    let other = NimState {
        pile: 9,
        to_move: 0,
    };
    let c = ai.choose(&g, &other, Player(0)).unwrap();
    assert_eq!(c.iterations, 2_000);
    assert!(ai.kept_visits() <= 2_000, "{}", ai.kept_visits());
}

#[test]
fn levels_are_budgets_and_the_arena_counts_results() {
    assert_eq!(Level::Beginner.budget(), Budget::Iterations(50));
    assert_eq!(Level::Strongest.budget(), Budget::Millis(5_000));
    let g = Nim(15);
    let mcts = Seat {
        name: "mcts".into(),
        make: Box::new(|seed| Box::new(Mcts::new(config(500, seed))) as Box<dyn Agent<Nim>>),
    };
    let random = Seat {
        name: "random".into(),
        make: Box::new(|seed| Box::new(RandomAgent::new(seed)) as Box<dyn Agent<Nim>>),
    };
    let r = play_matches(&g, &mcts, &random, 10, 1, 100);
    assert_eq!(r.games, 10);
    assert_eq!(r.wins + r.draws + r.losses + r.both_lost, 10);
    // Nim 15 is won by the first player and lost by the second against best play; random play
    // errs, so the searcher wins nearly all.
    assert!(r.wins >= 8, "{r:?}");
    // Each agent's time per decision is measured, the random player's too (a review found it
    // always 0).
    assert!(r.time_per_decision.iter().all(|t| !t.is_zero()), "{r:?}");
}

/// "Levels from 'beginner' to 'strongest in 5 s'": five seconds is the most the strongest
/// waits. A forced action (Nim's last stone) is played after a few iterations for its estimate,
/// and a won position stops the search once the rest of the time could not change the choice.
#[test]
fn a_time_budget_stops_when_the_choice_is_settled() {
    let timed = |ms| Config {
        budget: Budget::Millis(ms),
        threads: 2,
        seed: 3,
        ..Config::default()
    };
    let g = Nim(1);
    let c = Mcts::new(timed(5_000))
        .choose(&g, &g.start(), Player(0))
        .unwrap();
    assert_eq!(c.action, 1);
    assert!(c.iterations <= 2 * 64, "{c:?}");
    assert!(c.elapsed.as_millis() < 2_000, "{c:?}");
    // Nim 5: taking one leaves four, a loss for the other whatever it takes. The search runs
    // until its lead is more than the visits the time left could give, well before the end.
    let g = Nim(5);
    let c = Mcts::new(timed(3_000))
        .choose(&g, &g.start(), Player(0))
        .unwrap();
    assert_eq!(c.action, 1, "{c:?}");
    assert!(
        c.elapsed.as_millis() < 2_800,
        "stopped at the deadline: {c:?}"
    );
}

/// A sealed choice is drawn from its mixed strategy, which a lead in visits does not settle:
/// a time budget is spent whole there (a review found the search stopped once the most sealed
/// action led, its mix half converged).
#[test]
fn a_sealed_choice_spends_its_whole_time() {
    let g = Pennies {
        simultaneous: true,
        lopsided: true,
    };
    let c = Mcts::new(Config {
        budget: Budget::Millis(600),
        threads: 1,
        seed: 3,
        ..Config::default()
    })
    .choose(&g, &g.start(), Player(0))
    .unwrap();
    assert!(c.elapsed.as_millis() >= 600, "stopped early: {c:?}");
}

/// Issue 14: "playouts cut off with a per-game evaluation". In a game that never ends every
/// playout is cut off; the default search scores it by the game's own estimate and finds the
/// best pick, while the flat search (`Mcts::flat`) sees every pick as even.
#[test]
fn a_cut_off_playout_is_scored_by_the_games_own_estimate() {
    let g = Endless::default();
    let cfg = Config {
        playout_actions: Some(6),
        ..config(2_000, 11)
    };
    let c = Mcts::new(cfg.clone())
        .choose(&g, &g.start(), Player(0))
        .unwrap();
    assert_eq!(c.action, 9, "{c:?}");
    assert!(c.value > 0.95, "{c:?}");
    let flat = Mcts::flat(cfg).choose(&g, &g.start(), Player(0)).unwrap();
    assert!((flat.value - 0.5).abs() < 1e-9, "{flat:?}");
}

/// A game's own playout depth (`Game::playout_depth`) is where its playouts stop when the
/// search does not say: at depth 0 a leaf is judged by the estimate at once.
#[test]
fn a_games_own_playout_depth_is_used() {
    use std::sync::atomic::Ordering;
    let played = |depth: Option<u32>, playout_actions: Option<u32>| {
        let g = Endless {
            depth,
            ..Endless::default()
        };
        let cfg = Config {
            playout_actions,
            ..config(500, 3)
        };
        let c = Mcts::new(cfg).choose(&g, &g.start(), Player(0)).unwrap();
        assert_eq!(c.action, 9, "{c:?}");
        g.applied.load(Ordering::Relaxed)
    };
    // The tree's own descent plays actions too; playouts add their depth to each iteration.
    let at_once = played(Some(0), None);
    let default = played(None, None);
    let overridden = played(Some(0), Some(50));
    assert!(
        default > at_once + 150 * 500,
        "the default 200 a playout: {default} vs {at_once}"
    );
    assert!(
        overridden > at_once + 30 * 500 && overridden < default,
        "the search's own cut-off wins: {overridden} ({at_once}, {default})"
    );
}

#[test]
fn a_sealed_choice_is_drawn_from_the_mixed_strategy() {
    // At a simultaneous decision the searcher's choice is a draw from the strategy its search
    // found, not its most visited action (a review found the same seal in every game at a given
    // observation). Lopsided pennies: the first player's best mix is heads 2/3, tails 1/3. The
    // most visited action would be heads at nearly every seed; drawn, tails comes about a third
    // of the time.
    let g = Pennies {
        simultaneous: true,
        lopsided: true,
    };
    let mut tails = 0;
    for seed in 1..=30 {
        let c = Mcts::new(config(3_000, seed))
            .choose(&g, &g.start(), Player(0))
            .unwrap();
        tails += usize::from(c.action == 1);
    }
    assert!((4..=18).contains(&tails), "tails at {tails} seeds of 30");
}

#[test]
fn a_raised_stop_flag_ends_the_search_early() {
    // A search left behind by the app (undo, a new game) is stopped by its flag, not run to its
    // budget; an hour's budget here ends within moments of the flag.
    let g = Nim(13);
    let stop = game_ai::Stop::new();
    let mut long = Mcts::new(Config {
        budget: Budget::Millis(3_600_000),
        stop: stop.clone(),
        ..config(0, 9)
    });
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        stop.raise();
    });
    let c = long.choose(&g, &g.start(), Player(0)).unwrap();
    raiser.join().unwrap();
    assert!(c.iterations > 0 && c.elapsed.as_secs() < 30, "{c:?}");
    // A budget too large for an instant is no deadline, not a panic. A stop raised before the
    // search began still leaves it a few iterations a thread: the choice is weighed, not the
    // first listed action with a made-up estimate (a review found a computer hurried by its
    // clock playing so).
    let flag = game_ai::Stop::new();
    flag.raise();
    let c = Mcts::new(Config {
        budget: Budget::Millis(u64::MAX),
        stop: flag,
        threads: 1,
        ..config(0, 9)
    })
    .choose(&g, &g.start(), Player(0))
    .unwrap();
    assert!((1..=64).contains(&c.iterations), "{c:?}");
    assert!(c.visits > 0, "{c:?}");
    // An iteration budget below the minimum is kept.
    let c = Mcts::new(Config {
        threads: 1,
        ..config(3, 9)
    })
    .choose(&g, &g.start(), Player(0))
    .unwrap();
    assert_eq!(c.iterations, 3);
}

/// Searched after the first seat sealed, the second sees that seal hidden and samples it evenly,
/// so it answers a first player sealing at random (0: the first wins 3 in 10 where it would win
/// 4.5 against 1). From the round's start both seal blind in the tree, the first learns its
/// strictly better 0, and the second mostly answers it with 1 (its seal is drawn from regret
/// matching's average strategy, which leaned to 0 while the first still sealed at random) —
/// whatever the first sealed, which it never reads.
#[test]
fn a_seat_asked_after_another_sealed_searches_from_the_rounds_start() {
    let g = Dilemma(SECOND_ANSWERS);
    let start = g.start();
    for sealed in [0u8, 1] {
        let mut after = start.clone();
        g.apply(&mut after, Actor::Player(Player(0)), sealed);
        let from = round_start(&g, &after, [(&start, Actor::Player(Player(0)))], Player(1));
        assert_eq!(from, &start, "the round began before the first seal");
        let ones = |s: &DilemmaState| {
            (0..40)
                .filter(|&seed| {
                    let c = Mcts::new(config(5_000, seed)).choose(&g, s, Player(1));
                    c.unwrap().action == 1
                })
                .count()
        };
        let (guessed, searched) = (ones(&after), ones(from));
        assert!(guessed <= 5, "guessing: 1 drawn {guessed} times in 40");
        assert!(
            searched >= 30,
            "from the start: 1 drawn {searched} times in 40"
        );
    }
}

#[test]
fn the_round_start_is_only_reached_back_through_other_waiting_seats_seals() {
    let g = Dilemma(SECOND_ANSWERS);
    let start = g.start();
    let mut after = start.clone();
    g.apply(&mut after, Actor::Player(Player(0)), 0);
    // The first seat itself, no longer waiting: its own decision is over.
    let own = round_start(&g, &after, [(&start, Actor::Player(Player(0)))], Player(0));
    assert_eq!(own, &after);
    // A step of `me`'s own ends the walk back (an earlier round of the same seats).
    let mine = round_start(&g, &after, [(&start, Actor::Player(Player(1)))], Player(1));
    assert_eq!(mine, &after);
    // Nobody sealed before: the state itself.
    let none = round_start(&g, &start, [], Player(1));
    assert_eq!(none, &start);
}

/// An agent that records the states it is asked to choose in and seals 0.
struct Recorder(std::sync::Arc<std::sync::Mutex<Vec<DilemmaState>>>);

impl Agent<Dilemma> for Recorder {
    fn name(&self) -> String {
        "recorder".into()
    }
    fn choose(
        &mut self,
        _g: &Dilemma,
        state: &DilemmaState,
        _me: Player,
    ) -> Option<game_ai::Choice<u8>> {
        self.0.lock().unwrap().push(state.clone());
        Some(game_ai::Choice {
            action: 0,
            value: 0.5,
            visits: 1,
            iterations: 1,
            elapsed: std::time::Duration::ZERO,
        })
    }
}

#[test]
fn the_arena_asks_a_later_seat_at_the_rounds_start() {
    let g = Dilemma(SECOND_ANSWERS);
    let asked = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut agents: Vec<Box<dyn Agent<Dilemma>>> = vec![
        Box::new(RandomAgent::new(4)),
        Box::new(Recorder(asked.clone())),
    ];
    play_match(&g, &mut agents, 9, 10);
    assert_eq!(*asked.lock().unwrap(), vec![g.start()]);
}

/// Nim whose last take loses for both players (as Veney's double checkmate, §2.0.20).
struct BothLose(Nim);

impl Game for BothLose {
    type State = NimState;
    type Action = u8;
    fn name(&self) -> &'static str {
        "both-lose"
    }
    fn title(&self) -> &'static str {
        "Nim lost by both"
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        self.0.player_name(p)
    }
    fn start(&self) -> NimState {
        self.0.start()
    }
    fn decision(&self, s: &NimState) -> game_api::Decision {
        match self.0.decision(s) {
            game_api::Decision::Over(_) => game_api::Decision::Over(game_api::Outcome {
                results: vec![game_api::PlayerResult::Loss; 2],
                reason: "both lose".into(),
            }),
            d => d,
        }
    }
    fn legal_actions(&self, s: &NimState, p: Player, out: &mut Vec<u8>) {
        self.0.legal_actions(s, p, out)
    }
    fn chance_outcomes(&self, s: &NimState, out: &mut Vec<(u8, u32)>) {
        self.0.chance_outcomes(s, out)
    }
    fn apply(&self, s: &mut NimState, actor: Actor, a: u8) {
        self.0.apply(s, actor, a)
    }
    fn hash(&self, s: &NimState) -> u64 {
        self.0.hash(s)
    }
    fn action_text(&self, s: &NimState, a: u8) -> String {
        self.0.action_text(s, a)
    }
    fn parse_action(&self, s: &NimState, text: &str) -> Result<u8, game_api::TextError> {
        self.0.parse_action(s, text)
    }
    fn position_text(&self, s: &NimState) -> String {
        self.0.position_text(s)
    }
    fn parse_position(&self, text: &str) -> Result<NimState, game_api::TextError> {
        self.0.parse_position(text)
    }
    fn board(&self) -> game_api::BoardDesc {
        self.0.board()
    }
    fn pieces(&self, s: &NimState, v: game_api::Viewer) -> Vec<game_api::PieceView> {
        self.0.pieces(s, v)
    }
    fn action_cells(&self, s: &NimState, a: u8) -> game_api::ActionCells {
        self.0.action_cells(s, a)
    }
}

#[test]
fn a_game_both_sides_lost_is_nobodys_win_in_the_arena() {
    // §2.0.20 "double checkmate … both have lost": the arena reports it apart, not as the first
    // agent's loss (which reads as the second's win; a review found it so).
    let g = BothLose(Nim(5));
    let seat = |name: &str| Seat {
        name: name.into(),
        make: Box::new(|seed| Box::new(RandomAgent::new(seed)) as Box<dyn Agent<BothLose>>),
    };
    let r = play_matches(&g, &seat("a"), &seat("b"), 6, 1, 100);
    assert_eq!((r.games, r.both_lost), (6, 6), "{r:?}");
    assert_eq!((r.wins, r.draws, r.losses), (0, 0, 0), "{r:?}");
}

/// A kept tree is one player's: asked for another seat at a view that hashes the same (a
/// sealed round's start, which both seats see alike), the search starts afresh, so no seat is
/// weighed with the visits another's search made (a review found the tree kept whoever asked).
#[test]
fn a_kept_tree_serves_only_the_player_it_was_searched_for() {
    let g = Dilemma(FIRST_WINS);
    let start = g.start();
    for seed in 1..=6 {
        let mut m = Mcts::new(Config {
            threads: 1,
            ..config(400, seed)
        });
        m.choose(&g, &start, Player(0)).unwrap();
        let c = m.choose(&g, &start, Player(1)).unwrap();
        assert_eq!(c.iterations, 400);
        assert!(u64::from(c.visits) <= c.iterations, "seed {seed}: {c:?}");
    }
}
