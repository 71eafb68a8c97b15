//! Perft: the number of distinct sequences of complete turns to a depth, every chance outcome
//! counted as its own branch. A changed count means the rules changed.
use game_api::{Actor, Decision, Game, actions_for};

/// Leaves of the game tree `depth` complete turns below `s`. A turn is every action from one
/// turn start (`Game::at_turn_start`) to the next; a game over ends a branch as one leaf.
pub fn perft<G: Game>(g: &G, s: &G::State, depth: u32) -> u64 {
    // A finished root is one leaf, as a finished branch below is.
    if depth == 0 || matches!(g.decision(s), Decision::Over(_)) {
        return 1;
    }
    let mut n = 0;
    for (actor, a) in choices(g, s) {
        n += after(g, s, actor, a, depth);
    }
    n
}

/// Per first action (its text), the leaves below it: for comparing two implementations.
pub fn divide<G: Game>(g: &G, s: &G::State, depth: u32) -> Vec<(String, u64)> {
    if matches!(g.decision(s), Decision::Over(_)) {
        return Vec::new();
    }
    choices(g, s)
        .into_iter()
        .map(|(actor, a)| {
            let written = game_api::action_written(g, s, actor, a);
            (written, after(g, s, actor, a, depth.max(1)))
        })
        .collect()
}

fn after<G: Game>(g: &G, s: &G::State, actor: Actor, a: G::Action, depth: u32) -> u64 {
    let mut t = s.clone();
    g.apply(&mut t, actor, a);
    if matches!(g.decision(&t), Decision::Over(_)) {
        return 1;
    }
    if !g.at_turn_start(&t) {
        // Mid-turn: the rest of the turn belongs to this depth.
        return choices(g, &t)
            .into_iter()
            .map(|(actor, b)| after(g, &t, actor, b, depth))
            .sum();
    }
    perft(g, &t, depth - 1)
}

/// Every (actor, action) open in `s`. A simultaneous decision branches over the lowest waiting
/// seat first; the others follow as the state asks for them.
///
/// Panics on a dead end — a game not over in which nobody can act — naming the position: the
/// game API promises an action to whoever a decision waits for, and counting such a state as no
/// leaf at all would hide the broken rule inside a smaller count.
fn choices<G: Game>(g: &G, s: &G::State) -> Vec<(Actor, G::Action)> {
    let decision = g.decision(s);
    let mut out = Vec::new();
    let actor = game_api::actor_now(&decision);
    if let Some(actor) = actor {
        actions_for(g, s, actor, &mut out);
    }
    match actor {
        Some(actor) if !out.is_empty() => out.into_iter().map(|a| (actor, a)).collect(),
        _ => panic!(
            "perft: {decision:?} with no action open in {}",
            g.position_text(s)
        ),
    }
}
