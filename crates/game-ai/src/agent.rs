//! What plays a seat: the searcher at a level, or a uniformly random player (the arena's
//! yardstick).
use crate::evaluate::Evaluator;
use crate::search::Mcts;
use game_api::{Actor, Game, MatchRng, Player, Viewer, seeded};
use rand::Rng;

pub use crate::choice::Choice;

/// A player of any game on the game API.
pub trait Agent<G: Game>: Send {
    fn name(&self) -> String;
    /// `me`'s action in `state`; the agent may look only at `me`'s observation of it. `None`
    /// when it is not `me`'s decision.
    fn choose(&mut self, g: &G, state: &G::State, me: Player) -> Option<Choice<G::Action>>;
    /// Every action played, in order (the searcher keeps its tree with it).
    fn observe_action(
        &mut self,
        _g: &G,
        _before: &G::State,
        _actor: Actor,
        _a: G::Action,
        _me: Player,
    ) {
    }
}

impl<G: Game, E: Evaluator<G> + 'static> Agent<G> for Mcts<G, E> {
    fn name(&self) -> String {
        match self.config.budget {
            crate::Budget::Iterations(n) => format!("mcts:{n}"),
            crate::Budget::Millis(ms) => format!("mcts:{ms}ms"),
        }
    }
    fn choose(&mut self, g: &G, state: &G::State, me: Player) -> Option<Choice<G::Action>> {
        Mcts::choose(self, g, state, me)
    }
    fn observe_action(&mut self, g: &G, before: &G::State, actor: Actor, a: G::Action, me: Player) {
        Mcts::observe_action(self, g, before, actor, a, me)
    }
}

/// Picks uniformly among the legal actions, from its own seeded generator.
pub struct RandomAgent {
    rng: MatchRng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent { rng: seeded(seed) }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, g: &G, state: &G::State, me: Player) -> Option<Choice<G::Action>> {
        // Its time is measured as the search's is (a review found the arena's time per decision
        // of the random player always 0).
        let started = std::time::Instant::now();
        let obs = g.observe(state, Viewer::Player(me));
        let legal = crate::search::own_actions(g, &obs, me, &mut self.rng);
        let action = *legal.get(self.rng.random_range(0..legal.len().max(1)))?;
        Some(Choice {
            action,
            value: 0.5,
            visits: 0,
            iterations: 0,
            elapsed: started.elapsed(),
        })
    }
}
