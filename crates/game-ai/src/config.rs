//! How hard the search works: its budget, exploration, widening and playout length, and the
//! levels a player picks from.

/// When a search stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many iterations in all (split over the threads).
    Iterations(u32),
    /// Until this many milliseconds have passed (checked between iterations), at most — after
    /// each thread's first 16 iterations, which are always made (`MIN_ITERATIONS`; a budget of
    /// a few milliseconds is overrun where an iteration is slow): a forced action is searched
    /// only a few iterations, for its estimate, and each thread stops once its most visited
    /// action leads by more than the time left could change.
    Millis(u64),
}

/// Progressive widening: a node visited `n` times considers at most `ceil(c · (n + 1)^alpha)`
/// of its actions, new ones in a random order, so a wide turn is sampled rather than tried
/// action by action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    pub c: f64,
    pub alpha: f64,
}

impl Widening {
    /// How many children a node visited `visits` times may have.
    pub fn limit(&self, visits: u32) -> usize {
        (self.c * ((visits + 1) as f64).powf(self.alpha))
            .ceil()
            .max(1.0) as usize
    }
}

/// Where a playout is cut off when neither the search nor the game says.
pub const DEFAULT_PLAYOUT_ACTIONS: u32 = 200;

#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub budget: Budget,
    /// The UCB exploration constant (rewards are in 0..=1).
    pub exploration: f64,
    pub widening: Widening,
    /// A playout stops after this many actions and the evaluator scores where it stands;
    /// `None`: the game's own depth (`Game::playout_depth`), else `DEFAULT_PLAYOUT_ACTIONS`.
    pub playout_actions: Option<u32>,
    /// Independent trees searched at once (root parallelism); 0 means one per core.
    pub threads: usize,
    /// The generator's seed: a fresh search with the same seed, budget (in iterations), thread
    /// count and observation gives the same choice (a kept tree draws on from where it stood).
    pub seed: u64,
    /// Raised by whoever started the search to end it early (a search off the main thread for
    /// a position left behind); it then answers with what it has found.
    pub stop: Stop,
}

/// A flag that ends a running search between iterations (`Config::stop`). The default is no
/// flag at all; clones of one `Stop::new()` share it.
#[derive(Clone, Debug, Default)]
pub struct Stop(Option<std::sync::Arc<std::sync::atomic::AtomicBool>>);

impl Stop {
    pub fn new() -> Stop {
        Stop(Some(Default::default()))
    }
    /// Asks every search holding this flag to stop.
    pub fn raise(&self) {
        if let Some(f) = &self.0 {
            f.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
    pub fn raised(&self) -> bool {
        self.0
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    }
}

/// Two configurations are alike when their flags are the same flag (or both have none).
impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            budget: Budget::Iterations(1_000),
            exploration: 0.7,
            widening: Widening { c: 2.0, alpha: 0.5 },
            playout_actions: None,
            threads: 1,
            seed: 0,
            stop: Stop::default(),
        }
    }
}

/// The strengths a player chooses from, each a budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// 50 iterations.
    Beginner,
    /// 300 iterations.
    Casual,
    /// 1,500 iterations.
    Club,
    /// 6,000 iterations.
    Strong,
    /// As many as fit in five seconds, on every core.
    Strongest,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Casual,
        Level::Club,
        Level::Strong,
        Level::Strongest,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Strong => "strong",
            Level::Strongest => "strongest in 5 s",
        }
    }

    pub fn budget(self) -> Budget {
        match self {
            Level::Beginner => Budget::Iterations(50),
            Level::Casual => Budget::Iterations(300),
            Level::Club => Budget::Iterations(1_500),
            Level::Strong => Budget::Iterations(6_000),
            Level::Strongest => Budget::Millis(5_000),
        }
    }

    /// The search settings of this level with `seed`.
    pub fn config(self, seed: u64) -> Config {
        Config {
            budget: self.budget(),
            threads: if self == Level::Strongest { 0 } else { 1 },
            seed,
            ..Config::default()
        }
    }
}
