//! Monte Carlo tree search over whole decisions (see the crate's documentation): one iteration
//! fills in the hidden part of the observation, walks the tree choosing by UCB (with progressive
//! widening; decoupled at simultaneous decisions; weighted draws at chance), adds one node,
//! plays out at random to the end or the cut-off, and backs the rewards up.
use crate::choice::Choice;
use crate::config::{Budget, Config};
use crate::evaluate::{Evaluator, GameEstimate, RandomPlayout, rewards};
use crate::tree::{Edge, Key, Tree, push_edge};
use game_api::{Actor, Decision, Game, MatchRng, Player, Viewer, seeded};
use rand::Rng;
use std::time::{Duration, Instant};

/// The searcher: its settings, its evaluator, and its trees kept between decisions.
pub struct Mcts<G: Game, E: Evaluator<G> = GameEstimate> {
    pub config: Config,
    evaluator: E,
    trees: Vec<Tree<G::Action>>,
    /// The kept trees' root: what `me` saw there, and who `me` was (a tree is one player's).
    root_hash: Option<(u64, Player)>,
    /// Decisions searched so far (each draws from its own stream of the seed).
    decisions: u64,
}

impl<G: Game> Mcts<G, GameEstimate> {
    /// A search that scores cut-off playouts by the game's own estimate.
    pub fn new(config: Config) -> Self {
        Mcts::with_evaluator(config, GameEstimate)
    }
}

impl<G: Game> Mcts<G, RandomPlayout> {
    /// A search that knows nothing of the game: cut-off playouts count as even, and a playout
    /// runs `DEFAULT_PLAYOUT_ACTIONS` unless the config says (not the game's depth, which is
    /// set for its estimate).
    pub fn flat(mut config: Config) -> Self {
        config.playout_actions = config
            .playout_actions
            .or(Some(crate::config::DEFAULT_PLAYOUT_ACTIONS));
        Mcts::with_evaluator(config, RandomPlayout)
    }
}

/// One step of an iteration's path, for backing up.
enum Step {
    /// An edge of a node, and who chose it (`None`: chance or a simultaneous round's result).
    Edge {
        node: usize,
        edge: usize,
        chooser: Option<Player>,
    },
    /// A waiting player's own choice at a simultaneous node, drawn with probability `prob`
    /// among its edges `avail`.
    Sim {
        node: usize,
        player: Player,
        edge: usize,
        prob: f64,
        avail: Vec<usize>,
    },
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    pub fn with_evaluator(config: Config, evaluator: E) -> Self {
        Mcts {
            config,
            evaluator,
            trees: Vec::new(),
            root_hash: None,
            decisions: 0,
        }
    }

    fn threads(&self) -> usize {
        match self.config.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// Chooses `me`'s action in `state`. The search sees only `me`'s observation of it
    /// (`Game::observe`), so two states that look the same to `me` give the same choice. `None`
    /// when it is not `me`'s decision.
    pub fn choose(&mut self, g: &G, state: &G::State, me: Player) -> Option<Choice<G::Action>> {
        let obs = g.observe(state, Viewer::Player(me));
        if !g.decision(&obs).is_for(me) {
            return None;
        }
        let started = Instant::now();
        let threads = self.threads();
        let hash = g.hash(&obs);
        if self.root_hash != Some((hash, me)) || self.trees.len() != threads {
            self.trees = (0..threads).map(|_| Tree::new()).collect();
        }
        self.root_hash = Some((hash, me));
        let decision = self.decisions;
        self.decisions += 1;
        let (config, evaluator) = (&self.config, &self.evaluator);
        let per_thread: Vec<u64> = match config.budget {
            Budget::Iterations(n) => (0..threads as u64)
                .map(|t| n as u64 / threads as u64 + u64::from(t < n as u64 % threads as u64))
                .collect(),
            Budget::Millis(_) => vec![u64::MAX; threads],
        };
        let deadline = match config.budget {
            // A budget beyond what an instant can hold (`mcts:18446744073709551615ms`) is no
            // deadline at all.
            Budget::Millis(ms) => started.checked_add(Duration::from_millis(ms)),
            Budget::Iterations(_) => None,
        };
        let simultaneous = matches!(g.decision(&obs), Decision::Simultaneous { .. });
        // A time budget is an upper bound: a forced action is searched only for its estimate,
        // and a thread stops once the rest of its time could not change its choice.
        let forced = deadline.is_some()
            && own_actions(g, &obs, me, &mut seeded(config.seed ^ decision)).len() == 1;
        let done: Vec<u64> = std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .trees
                .iter_mut()
                .zip(per_thread)
                .enumerate()
                .map(|(t, (tree, n))| {
                    let obs = &obs;
                    scope.spawn(move || {
                        let mut rng = seeded(thread_seed(config.seed, decision, t));
                        let n = if forced { n.min(FORCED_ITERATIONS) } else { n };
                        let mut i = 0;
                        while i < n
                            && (i < MIN_ITERATIONS
                                || (deadline.is_none_or(|d| Instant::now() < d)
                                    && !config.stop.raised()))
                        {
                            iterate(g, config, evaluator, tree, obs, me, &mut rng);
                            i += 1;
                            if let Some(d) = deadline
                                && i % SETTLED_EVERY == 0
                                && settled(tree, simultaneous, i, started, d)
                            {
                                break;
                            }
                        }
                        i
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .collect()
        });
        // The trees' root statistics of `me`'s own actions, summed over the threads.
        let mut totals: Vec<(G::Action, u32, f64, f64)> = Vec::new();
        for tree in &self.trees {
            let root = &tree.nodes[tree.root];
            let edges: &[Edge<G::Action>] = match g.decision(&obs) {
                Decision::Simultaneous { .. } => root
                    .sim
                    .iter()
                    .find(|(p, _)| *p == me)
                    .map_or(&[], |(_, e)| e.as_slice()),
                _ => &root.edges,
            };
            for e in edges {
                if let Key::Act(a) = e.key {
                    match totals.iter_mut().find(|t| t.0 == a) {
                        Some(t) => {
                            t.1 += e.n;
                            t.2 += e.w;
                            t.3 += e.strategy;
                        }
                        None => totals.push((a, e.n, e.w, e.strategy)),
                    }
                }
            }
        }
        let best = if simultaneous {
            // A sealed choice made at the same time as another's is a mixed strategy: regret
            // matching's average strategy gives each action its weight, and one is drawn from
            // them (the most visited every time would make the computer's secret the same in
            // every game that reaches this observation; the visits themselves follow the mix
            // with uniform exploration, which would play a dominated choice now and then, as a
            // review found).
            // Only actions the search tried: one given weight by its first visit but never
            // played has no value to report (a review found the first listed action played
            // instead).
            let weight = |t: &(G::Action, u32, f64, f64)| if t.1 > 0 { t.3 } else { 0.0 };
            let all: f64 = totals.iter().map(weight).sum();
            let mut rng = seeded(config.seed ^ decision ^ 0xA076_1D64_78BD_642F);
            let mut at = if all > 0.0 {
                rng.random_range(0.0..all)
            } else {
                0.0
            };
            let drawn = totals.iter().find(|t| {
                let hit = at < weight(t);
                at -= weight(t);
                hit
            });
            // (Rounding may leave the draw past the last weight: the last weighted action.)
            drawn
                .or_else(|| totals.iter().rev().find(|t| weight(t) > 0.0))
                .or(totals.first())
                .map(|&(a, n, w, _)| (a, n, w))
        } else {
            totals
                .iter()
                .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
                .map(|&(a, n, w, _)| (a, n, w))
        };
        let (action, visits, value) = match best {
            Some((a, n, w)) if n > 0 => (a, n, w / n as f64),
            // No iteration finished (a budget of nothing): any legal action.
            _ => (
                *own_actions(g, &obs, me, &mut seeded(config.seed ^ decision)).first()?,
                0,
                0.5,
            ),
        };
        Some(Choice {
            action,
            value,
            visits,
            iterations: done.iter().sum(),
            elapsed: started.elapsed(),
        })
    }

    /// Visits already in the kept trees' roots (what a search starting now builds on).
    pub fn kept_visits(&self) -> u32 {
        self.trees.iter().map(|t| t.nodes[t.root].visits).sum()
    }

    /// Keeps the trees for the next decision: every action played must be reported, in order,
    /// with the full state before it (only what `me` can see of it is used).
    pub fn observe_action(
        &mut self,
        g: &G,
        before: &G::State,
        actor: Actor,
        a: G::Action,
        me: Player,
    ) {
        let round = matches!(g.decision(before), Decision::Simultaneous { .. });
        let key = key_for(g, before, actor, a, me);
        let mut after = before.clone();
        g.apply(&mut after, actor, a);
        if round || self.trees.is_empty() {
            self.trees.clear();
            self.root_hash = None;
            return;
        }
        for t in &mut self.trees {
            t.advance(&key);
        }
        self.root_hash = Some((g.hash(&g.observe(&after, Viewer::Player(me))), me));
    }
}

/// Iterations a time-budgeted search spends on a forced action (only its estimate is wanted).
const FORCED_ITERATIONS: u64 = 64;

/// Iterations each thread makes before a raised stop or a passed deadline is honoured (within
/// its budget): a search hurried the moment it began still weighs its actions, not plays the
/// first listed one with a made-up estimate (a review found that under a short clock).
const MIN_ITERATIONS: u64 = 16;

/// How often (in iterations) a time-budgeted thread asks whether its choice is settled.
const SETTLED_EVERY: u64 = 128;

/// Whether `tree`'s choice could no longer change before `deadline`: the most visited
/// root action leads the next by more visits than this thread is expected to make in the time
/// left (`done` iterations since `started` give its rate), so the rest of the time is not spent.
fn settled<A: Clone + PartialEq>(
    tree: &Tree<A>,
    simultaneous: bool,
    done: u64,
    started: Instant,
    deadline: Instant,
) -> bool {
    // A sealed choice is drawn from the strategy regret matching averages, which a lead in
    // visits does not fix: its time is spent whole (a review found it stopped at half of it).
    if simultaneous {
        return false;
    }
    let now = Instant::now();
    let edges: &[Edge<A>] = &tree.nodes[tree.root].edges;
    let (mut first, mut second) = (0u64, 0u64);
    for e in edges {
        let n = e.n as u64;
        if n > first {
            second = first;
            first = n;
        } else if n > second {
            second = n;
        }
    }
    let elapsed = now
        .saturating_duration_since(started)
        .as_secs_f64()
        .max(1e-6);
    let left = deadline.saturating_duration_since(now).as_secs_f64();
    let expected = done as f64 / elapsed * left;
    (first - second) as f64 > expected
}

/// `me`'s legal actions as `obs` (`me`'s observation) shows them. An observation that lists
/// none though the decision is `me`'s holds too little to list them on (the Hug's second picker
/// facing a sealed hand, Veney §2.0.23): they are listed on a determinisation of it, as the
/// search itself plays.
pub(crate) fn own_actions<G: Game>(
    g: &G,
    obs: &G::State,
    me: Player,
    rng: &mut MatchRng,
) -> Vec<G::Action> {
    let mut legal = Vec::new();
    g.legal_actions(obs, me, &mut legal);
    if legal.is_empty() && g.decision(obs).is_for(me) {
        g.legal_actions(&g.sample_hidden(obs, me, rng), me, &mut legal);
    }
    legal
}

/// An action as the searching player sees it: hidden from it, one branch; a chance outcome, its
/// class (`Game::chance_class`).
fn key_for<G: Game>(g: &G, s: &G::State, actor: Actor, a: G::Action, me: Player) -> Key<G::Action> {
    if !g.action_visible(s, actor, a, Viewer::Player(me)) {
        Key::Hidden
    } else if actor == Actor::Chance {
        // Equivalent draws share a branch (a throw's verdict, a landing's square).
        Key::Act(g.chance_class(s, a))
    } else {
        Key::Act(a)
    }
}

/// The distinct keys of `actions` for `actor` in `s`.
fn keys_of<G: Game>(
    g: &G,
    s: &G::State,
    actor: Actor,
    actions: &[G::Action],
    me: Player,
) -> Vec<Key<G::Action>> {
    let mut keys: Vec<Key<G::Action>> = Vec::with_capacity(actions.len());
    for &a in actions {
        let k = key_for(g, s, actor, a, me);
        if k == Key::Hidden && keys.contains(&Key::Hidden) {
            continue;
        }
        keys.push(k);
    }
    keys
}

/// How many turns from the root look for decisive actions: the searcher's own (a win in one)
/// and the opponent's reply to it (a loss in one walked into). Counted in turns, a run of one
/// player's decisions, not in decisions: a Veney double move, a Kelasu turn of several actions
/// or Tirachen's Traitor's extra move wins on a turn's later decision (a review found the
/// opponent's reply unscanned where the depth counted decisions).
const DECISIVE_DEPTH: u32 = 2;

/// The keys of the actions that end the game at once with `p` not losing (its reward above 0: a
/// win, a draw, or a loss shared by all, such as the double checkmate a mated player's dying
/// move may make — a review found it left untried), or that decide it so though a player
/// still acts (`Game::decided`: Veney's checkmate by touch, the mated side's dying move still
/// to come — a review found the mate in one left untried, the game not over after it; a double
/// checkmate answering it is the search's own to find).
/// Progressive widening tries a wide node's actions in a random order, a few at first: a review
/// found a win in one among a hundred actions left untried half the time at the club level.
/// Each action is played out on a copy, so this is done only near the root (`DECISIVE_DEPTH`).
///
/// With `within_turn` (at the root), an action that keeps the turn (a Veney stepping stone)
/// counts too when the turn's next action can win — or, where no action at once ends the game
/// without a loss, when the next one does (a dying move's double checkmate): a win that needs
/// a double move is not left to widening to find (a review found the club level missing such a
/// mate three games in ten).
fn decisive<G: Game>(
    g: &G,
    s: &G::State,
    p: Player,
    actions: &[G::Action],
    me: Player,
    within_turn: bool,
) -> (Vec<Key<G::Action>>, usize) {
    let actor = Actor::Player(p);
    let ends_well = |t: &G::State, least: f64| {
        let ended = match g.decision(t) {
            Decision::Over(o) => Some(o),
            _ => g.decided(t),
        };
        ended.is_some_and(|o| rewards(&o).get(p.index()).is_some_and(|r| *r > least))
    };
    let mut out = Vec::new();
    let push = |out: &mut Vec<Key<G::Action>>, a: G::Action| {
        let k = key_for(g, s, actor, a, me);
        if k != Key::Hidden && !out.contains(&k) {
            out.push(k);
        }
    };
    // A win that stands whatever comes next: the game over, or decided with every answer of
    // the one still to act leaving it won (Veney's checkmate by touch with no double checkmate
    // among the dying moves — a review found a mate the dying move turns into a loss for both
    // played as certain).
    // The answer may be a double move (a stepping stone, then the take: R-DYING), so an answer
    // that keeps the turn is followed one action further (a review found such a double
    // checkmate missed).
    let won = |u: &G::State| match g.decision(u) {
        Decision::Over(o) => rewards(&o).get(p.index()) == Some(&1.0),
        _ => g
            .decided(u)
            .is_some_and(|o| rewards(&o).get(p.index()) == Some(&1.0)),
    };
    let certain = |t: &G::State| match g.decision(t) {
        Decision::Over(o) => rewards(&o).get(p.index()) == Some(&1.0),
        Decision::Player(q) if g.decided(t).is_some() => {
            let answers = |u: &G::State| {
                let mut v = Vec::new();
                g.legal_actions(u, q, &mut v);
                v
            };
            answers(t).into_iter().all(|b| {
                let mut u = t.clone();
                g.apply(&mut u, Actor::Player(q), b);
                won(&u)
                    && (g.decision(&u) != Decision::Player(q)
                        || answers(&u).into_iter().all(|c| {
                            let mut w = u.clone();
                            g.apply(&mut w, Actor::Player(q), c);
                            won(&w)
                        }))
            })
        }
        _ => false,
    };
    let mut keeps = Vec::new();
    let mut sure = Vec::new();
    let mut wins = Vec::new();
    let mut good = Vec::new();
    // Whether every action ends the game (a dying move, R-DYING): the best endings are then
    // known exactly, and played alone (a review found a mated computer's double checkmate
    // diluted by its widening, the mate it answers valued as nearly won).
    let mut best: Option<f64> = Some(f64::NEG_INFINITY);
    let mut best_actions = Vec::new();
    for &a in actions {
        let mut t = s.clone();
        g.apply(&mut t, actor, a);
        match g.decision(&t) {
            Decision::Over(o) if best.is_some() => {
                let r = rewards(&o).get(p.index()).copied().unwrap_or(0.0);
                let b = best.unwrap_or(f64::NEG_INFINITY);
                if r > b {
                    best = Some(r);
                    best_actions.clear();
                }
                if r >= b {
                    best_actions.push(a);
                }
            }
            _ => best = None,
        }
        if ends_well(&t, 0.5) {
            if certain(&t) {
                sure.push(a);
            } else {
                wins.push(a);
            }
        } else if ends_well(&t, 0.0) {
            good.push(a);
        } else if within_turn && g.decision(&t) == Decision::Player(p) {
            keeps.push((a, t));
        }
    }
    // The certain wins first (`Node::winning`), then the other wins and the endings without a
    // loss.
    if sure.is_empty() && best.is_some() {
        sure = best_actions;
    }
    for &a in &sure {
        push(&mut out, a);
    }
    let winning = out.len();
    for a in wins.iter().chain(&good) {
        push(&mut out, *a);
    }
    // Only where no action wins at once, the turn's first actions after which one does — or,
    // where no action at once even ends the game without a loss, one after which the next
    // does (a mated player's double checkmate by a stepping stone, §2.0.20 "seize upon it": a
    // review found the beginner conceding instead, ¼ being no win).
    if sure.is_empty() && wins.is_empty() {
        let least = if good.is_empty() { 0.0 } else { 0.5 };
        let mut next = Vec::new();
        for (a, t) in keeps {
            next.clear();
            g.legal_actions(&t, p, &mut next);
            if next.iter().any(|&b| {
                let mut u = t.clone();
                g.apply(&mut u, actor, b);
                ends_well(&u, least)
            }) {
                push(&mut out, a);
            }
        }
    }
    (out, winning)
}

/// Chooses an edge among the available `keys`: a new one while widening allows and one is left,
/// else the best by UCB; a new one among `first` (decisive actions) before any other. Every
/// available edge counts one more availability.
fn select<A: Clone + PartialEq>(
    edges: &mut Vec<Edge<A>>,
    keys: &[Key<A>],
    first: &[Key<A>],
    limit: usize,
    exploration: f64,
    rng: &mut MatchRng,
) -> usize {
    let mut avail = Vec::new();
    for (i, e) in edges.iter_mut().enumerate() {
        if keys.contains(&e.key) {
            e.avail += 1;
            avail.push(i);
        }
    }
    if avail.len() < limit.max(1) && avail.len() < keys.len() {
        let mut fresh: Vec<&Key<A>> = keys
            .iter()
            .filter(|k| !edges.iter().any(|e| &e.key == *k))
            .collect();
        // A decisive action is tried before the rest (`decisive`).
        if fresh.iter().any(|k| first.contains(k)) {
            fresh.retain(|k| first.contains(k));
        }
        // (None fresh when `keys` repeats one: a game listing an action twice.)
        if !fresh.is_empty() {
            let k = fresh[rng.random_range(0..fresh.len())].clone();
            let i = push_edge(edges, k);
            edges[i].avail = 1;
            return i;
        }
    }
    let ucb = |e: &Edge<A>| match e.mean() {
        None => f64::INFINITY,
        Some(m) => m + exploration * ((e.avail.max(1) as f64).ln() / e.n as f64).sqrt(),
    };
    avail
        .into_iter()
        .max_by(|&a, &b| ucb(&edges[a]).total_cmp(&ucb(&edges[b])))
        .expect("an available edge")
}

/// The seed of search thread `t` for the `decision`-th decision of a search seeded `seed`. A
/// caller that mixes its own count into `seed` (the app's sealed draws) uses another constant
/// than these, or draw d's thread t would search draw t's thread d's stream.
pub fn thread_seed(seed: u64, decision: u64, t: usize) -> u64 {
    seed ^ decision.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (t as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// The share of uniform exploration mixed into a simultaneous node's regret matching.
const SIM_EXPLORATION: f64 = 0.1;

/// Regret matching at a simultaneous node (Hart and Mas-Colell; its use in simultaneous-move
/// MCTS after Lanctot et al.): every available key has an edge, and the one played is drawn in
/// proportion to the positive regrets (evenly while none is positive), mixed with
/// `SIM_EXPLORATION` of an even draw. Deterministic UCB, by contrast, lets two players
/// deciding from mirrored statistics move in lockstep. The edge, its probability, and the
/// available edges.
fn regret_matching<A: Clone + PartialEq>(
    edges: &mut Vec<Edge<A>>,
    keys: &[Key<A>],
    rng: &mut MatchRng,
) -> (usize, f64, Vec<usize>) {
    let mut avail = Vec::with_capacity(keys.len());
    for k in keys {
        let i = match edges.iter().position(|e| &e.key == k) {
            Some(i) => i,
            None => push_edge(edges, k.clone()),
        };
        if !avail.contains(&i) {
            edges[i].avail += 1;
            avail.push(i);
        }
    }
    let m = avail.len() as f64;
    let positive: f64 = avail.iter().map(|&i| edges[i].regret.max(0.0)).sum();
    let matched = |e: &Edge<A>| {
        if positive > 0.0 {
            e.regret.max(0.0) / positive
        } else {
            1.0 / m
        }
    };
    // The average strategy: regret matching's own probabilities, summed, each visit weighted
    // by its count at the node (linear averaging, as in CFR+: the early visits, before the
    // regrets say anything, weigh least).
    for &i in &avail {
        let t = edges[i].avail as f64;
        edges[i].strategy += t * matched(&edges[i]);
    }
    let prob = |i: usize| (1.0 - SIM_EXPLORATION) * matched(&edges[i]) + SIM_EXPLORATION / m;
    let mut r: f64 = rng.random_range(0.0..1.0);
    let mut chosen = *avail.last().expect("a simultaneous node with an action");
    for &i in &avail {
        let p = prob(i);
        if r < p {
            chosen = i;
            break;
        }
        r -= p;
    }
    (chosen, prob(chosen), avail)
}

/// An action for a key: the action itself, or one of the hidden ones at random.
fn action_of<G: Game>(
    g: &G,
    s: &G::State,
    actor: Actor,
    key: &Key<G::Action>,
    actions: &[G::Action],
    me: Player,
    rng: &mut MatchRng,
) -> G::Action {
    match key {
        Key::Act(a) => *a,
        _ => {
            let hidden: Vec<G::Action> = actions
                .iter()
                .copied()
                .filter(|&a| key_for(g, s, actor, a, me) == Key::Hidden)
                .collect();
            hidden[rng.random_range(0..hidden.len())]
        }
    }
}

/// One iteration from the observation `obs` of `me`.
fn iterate<G: Game, E: Evaluator<G>>(
    g: &G,
    config: &Config,
    evaluator: &E,
    tree: &mut Tree<G::Action>,
    obs: &G::State,
    me: Player,
    rng: &mut MatchRng,
) {
    let mut s = g.sample_hidden(obs, me, rng);
    let mut node = tree.root;
    let mut path: Vec<Step> = Vec::new();
    let mut actions = Vec::new();
    // The turns descended so far (`DECISIVE_DEPTH`): one more each time the deciding player
    // changes.
    let mut depth = 0;
    let mut last: Option<Player> = None;
    let reward = loop {
        let d = g.decision(&s);
        if let Decision::Over(o) = &d {
            break rewards(o);
        }
        match d {
            Decision::Over(_) => unreachable!(),
            Decision::Chance => {
                let a = g.sample_chance(&s, rng);
                let key = key_for(g, &s, Actor::Chance, a, me);
                let edge = tree.edge(node, key);
                path.push(Step::Edge {
                    node,
                    edge,
                    chooser: None,
                });
                g.apply(&mut s, Actor::Chance, a);
                let (child, new) = tree.child(node, edge);
                node = child;
                if new {
                    break playout(g, config, evaluator, &mut s, rng);
                }
            }
            Decision::Player(p) => {
                actions.clear();
                g.legal_actions(&s, p, &mut actions);
                if actions.is_empty() {
                    break evaluator.evaluate(g, &s);
                }
                let actor = Actor::Player(p);
                let keys = keys_of(g, &s, actor, &actions, me);
                let limit = config.widening.limit(tree.nodes[node].visits);
                if last.is_some_and(|q| q != p) {
                    depth += 1;
                }
                last = Some(p);
                if depth < DECISIVE_DEPTH && tree.nodes[node].decisive.is_none() {
                    let (d, winning) = decisive(g, &s, p, &actions, me, node == tree.root);
                    tree.nodes[node].decisive = Some(d);
                    tree.nodes[node].winning = winning;
                }
                let n = &mut tree.nodes[node];
                let first = n.decisive.as_deref().unwrap_or(&[]);
                // A win at once is played whenever it is open (in this sampled state).
                let wins: Vec<Key<G::Action>> = first[..n.winning]
                    .iter()
                    .filter(|k| keys.contains(k))
                    .cloned()
                    .collect();
                let edge = if wins.is_empty() {
                    select(&mut n.edges, &keys, first, limit, config.exploration, rng)
                } else {
                    select(
                        &mut n.edges,
                        &wins,
                        &wins,
                        wins.len(),
                        config.exploration,
                        rng,
                    )
                };
                let key = tree.nodes[node].edges[edge].key.clone();
                let first = tree.nodes[node]
                    .decisive
                    .as_ref()
                    .is_some_and(|d| d.contains(&key));
                let a = action_of(g, &s, actor, &key, &actions, me, rng);
                path.push(Step::Edge {
                    node,
                    edge,
                    chooser: Some(p),
                });
                g.apply(&mut s, actor, a);
                let (child, new) = tree.child(node, edge);
                node = child;
                // A decisive first action that keeps the turn (`decisive`'s double move) is
                // gone through: its new node is entered, where the winning action is tried
                // first, rather than scored by one random playout that may miss it.
                if new && !(first && g.decision(&s) == Decision::Player(p)) {
                    break playout(g, config, evaluator, &mut s, rng);
                }
            }
            Decision::Simultaneous { waiting } => {
                // Decoupled: each waiting player chooses from its own statistics, blind to the
                // others' choices in this round.
                let players: Vec<Player> = waiting.iter().collect();
                let mut joint = Vec::with_capacity(players.len());
                let mut chosen = Vec::with_capacity(players.len());
                let before = s.clone();
                for &p in &players {
                    actions.clear();
                    g.legal_actions(&before, p, &mut actions);
                    if actions.is_empty() {
                        continue;
                    }
                    let actor = Actor::Player(p);
                    // Each chooses by its own statistics of its own actions: another player's
                    // choice, though hidden from `me`, is that player's in the sampled state
                    // (keyed by the action, so it learns rather than picking at random). The
                    // joint key below hides from `me` what `me` may not see.
                    let keys: Vec<Key<G::Action>> = if p == me {
                        keys_of(g, &before, actor, &actions, me)
                    } else {
                        actions.iter().map(|&a| Key::Act(a)).collect()
                    };
                    let edges = tree.sim_edges(node, p);
                    let (edge, prob, avail) = regret_matching(edges, &keys, rng);
                    let key = edges[edge].key.clone();
                    let a = action_of(g, &before, actor, &key, &actions, me, rng);
                    path.push(Step::Sim {
                        node,
                        player: p,
                        edge,
                        prob,
                        avail,
                    });
                    joint.push(key_for(g, &before, actor, a, me));
                    chosen.push((actor, a));
                }
                for (actor, a) in chosen {
                    g.apply(&mut s, actor, a);
                }
                let edge = tree.edge(node, Key::Joint(joint));
                path.push(Step::Edge {
                    node,
                    edge,
                    chooser: None,
                });
                let (child, new) = tree.child(node, edge);
                node = child;
                if new {
                    break playout(g, config, evaluator, &mut s, rng);
                }
            }
        }
    };
    for step in path {
        match step {
            Step::Edge {
                node,
                edge,
                chooser,
            } => {
                let n = &mut tree.nodes[node];
                n.visits += 1;
                let e = &mut n.edges[edge];
                e.n += 1;
                if let Some(p) = chooser {
                    e.w += reward.get(p.index()).copied().unwrap_or(0.5);
                }
            }
            Step::Sim {
                node,
                player,
                edge,
                prob,
                avail,
            } => {
                let r = reward.get(player.index()).copied().unwrap_or(0.5);
                let edges = tree.sim_edges(node, player);
                edges[edge].n += 1;
                edges[edge].w += r;
                // Outcome-sampling regret: the played action's reward weighted by the inverse
                // of its probability, every available action's against the reward received.
                for i in avail {
                    let x = if i == edge { r / prob } else { 0.0 };
                    edges[i].regret += x - r;
                }
            }
        }
    }
}

/// Random actions to the end of the game or the cut-off; the rewards there.
fn playout<G: Game, E: Evaluator<G>>(
    g: &G,
    config: &Config,
    evaluator: &E,
    s: &mut G::State,
    rng: &mut MatchRng,
) -> Vec<f64> {
    let mut actions = Vec::new();
    let depth = config
        .playout_actions
        .or_else(|| g.playout_depth())
        .unwrap_or(crate::config::DEFAULT_PLAYOUT_ACTIONS);
    for _ in 0..depth {
        match g.decision(s) {
            Decision::Over(o) => return rewards(&o),
            Decision::Chance => {
                let a = g.sample_chance(s, rng);
                g.apply(s, Actor::Chance, a);
            }
            d => {
                let Some(Actor::Player(p)) = game_api::actor_now(&d) else {
                    break;
                };
                let Some(a) = g.random_action(s, p, rng, &mut actions) else {
                    break;
                };
                g.apply(s, Actor::Player(p), a);
            }
        }
    }
    match g.decision(s) {
        Decision::Over(o) => rewards(&o),
        _ => evaluator.evaluate(g, s),
    }
}
