//! Where a sealed choice is searched from. The match asks the waiting seats of a simultaneous
//! round one after another (the lowest first, `game_api::actor_now`), so a later seat is asked
//! after the others have sealed. Searched from that state, the others' seals are hidden and
//! sampled evenly (`Game::sample_hidden`): the searcher answers a choice it guesses at random.
//! Searched from the round's start, every waiting seat seals blind in the tree (decoupled regret
//! matching), so the others are modelled choosing as well as they can — what the searcher would
//! have met had it been asked first. The start of the round holds no more than the searcher's
//! observation now does (less: the others had not sealed), so no secret is read.
use game_api::{Actor, Decision, Game, Player};

/// The state `me`'s choice in `now` is searched from: the start of the simultaneous round `me`
/// is waiting in, reached back through `earlier` (each earlier step's state before it and its
/// actor, the latest first) while the steps are other waiting seats' seals of the same round;
/// `now` itself when `me` is not waiting in a simultaneous round or nobody sealed before it.
pub fn round_start<'a, G: Game>(
    g: &G,
    now: &'a G::State,
    earlier: impl IntoIterator<Item = (&'a G::State, Actor)>,
    me: Player,
) -> &'a G::State {
    let waiting_with_me = |s: &G::State| match g.decision(s) {
        Decision::Simultaneous { waiting } if waiting.contains(me) => Some(waiting),
        _ => None,
    };
    if waiting_with_me(now).is_none() {
        return now;
    }
    let mut start = now;
    for (before, actor) in earlier {
        match (waiting_with_me(before), actor) {
            (Some(waiting), Actor::Player(p)) if p != me && waiting.contains(p) => start = before,
            _ => break,
        }
    }
    start
}
