//! Matches between agents: seeded chance, colours alternating, results per agent, game length
//! and time per decision (`veney-cli arena`).
use crate::agent::Agent;
use crate::evaluate::rewards;
use game_api::{Actor, Decision, Game, Player, seeded};
use std::time::Duration;

/// One seat's agent for a series of matches: a name and how to make it for a match's seed.
pub struct Seat<'a, G: Game> {
    pub name: String,
    pub make: Box<dyn Fn(u64) -> Box<dyn Agent<G>> + 'a>,
}

/// How a series went, from the first agent's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArenaReport {
    pub games: u32,
    /// Wins, draws and losses of the first agent (the second's are the other way round; a game
    /// both lost is neither's, `both_lost`).
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games both agents lost (Veney's double checkmate, an agreed draw under Shima): not
    /// among the first agent's losses, which the second would count as its wins.
    pub both_lost: u32,
    /// Games stopped unfinished (counted as draws too): at the action limit, or with nobody
    /// to decide or no action chosen (`endings` tells which).
    pub unfinished: u32,
    pub mean_actions: f64,
    /// Mean time per decision of each agent.
    pub time_per_decision: [Duration; 2],
    /// How the games ended (the outcome's reason), with counts.
    pub endings: Vec<(String, u32)>,
}

/// One match: `agents[i]` plays seat i. Returns the rewards per seat, the actions played, the
/// reason it ended, and each seat's decisions and thinking time.
pub fn play_match<G: Game>(
    g: &G,
    agents: &mut [Box<dyn Agent<G>>],
    seed: u64,
    max_actions: u32,
) -> (Vec<f64>, u32, String, Vec<(u32, Duration)>) {
    let mut s = g.start();
    let mut chance = seeded(seed ^ 0xC4A2_7E11);
    let mut time = vec![(0u32, Duration::ZERO); agents.len()];
    let mut n = 0;
    // Why the game stopped unfinished: the action limit, or an agent that chose nothing.
    let mut stopped = "action limit";
    // The steps of the simultaneous round under way (state before, actor), the latest last: a
    // seat asked after others sealed chooses from the round's start (`round_start`).
    let mut round: Vec<(G::State, Actor)> = Vec::new();
    while n < max_actions {
        let d = g.decision(&s);
        let in_round = matches!(d, Decision::Simultaneous { .. });
        let (actor, a) = match d {
            Decision::Over(o) => return (rewards(&o), n, o.reason, time),
            Decision::Chance => (Actor::Chance, g.sample_chance(&s, &mut chance)),
            d => {
                let Some(Actor::Player(p)) = game_api::actor_now(&d) else {
                    stopped = "nobody to decide";
                    break;
                };
                let agent = &mut agents[p.index()];
                let earlier = round.iter().rev().map(|(b, a)| (b, *a));
                let from = crate::round::round_start(g, &s, earlier, p);
                let Some(c) = agent.choose(g, from, p) else {
                    stopped = "no action chosen";
                    break;
                };
                time[p.index()].0 += 1;
                time[p.index()].1 += c.elapsed;
                (Actor::Player(p), c.action)
            }
        };
        for (i, agent) in agents.iter_mut().enumerate() {
            agent.observe_action(g, &s, actor, a, Player(i as u8));
        }
        if in_round {
            round.push((s.clone(), actor));
        } else {
            round.clear();
        }
        g.apply(&mut s, actor, a);
        n += 1;
    }
    match g.decision(&s) {
        Decision::Over(o) => (rewards(&o), n, o.reason, time),
        _ => (vec![0.5; g.players() as usize], n, stopped.into(), time),
    }
}

/// The reasons `play_match` gives for a game it stopped unfinished (counted as draws).
const UNFINISHED: [&str; 3] = ["action limit", "nobody to decide", "no action chosen"];

/// `games` two-player matches between `first` and `second`, the first agent taking the first
/// seat in even games and the second seat in odd ones; match i uses seed `seed + i`.
pub fn play_matches<G: Game>(
    g: &G,
    first: &Seat<G>,
    second: &Seat<G>,
    games: u32,
    seed: u64,
    max_actions: u32,
) -> ArenaReport {
    let mut r = ArenaReport::default();
    let mut total_actions = 0u64;
    let mut time = [(0u32, Duration::ZERO); 2];
    for i in 0..games {
        let s = seed.wrapping_add(i as u64);
        let swap = i % 2 == 1;
        let (a, b) = ((first.make)(s), (second.make)(s ^ 0x5EED));
        let mut agents = if swap { vec![b, a] } else { vec![a, b] };
        let (rw, n, reason, t) = play_match(g, &mut agents, s, max_actions);
        let (mine, theirs) = if swap { (1, 0) } else { (0, 1) };
        let v = rw[mine];
        if UNFINISHED.contains(&reason.as_str()) {
            r.unfinished += 1;
        }
        if v < 0.5 && rw[theirs] < 0.5 {
            r.both_lost += 1;
        } else if v > 0.5 {
            r.wins += 1;
        } else if v < 0.5 {
            r.losses += 1;
        } else {
            r.draws += 1;
        }
        for (k, seat) in [(0, mine), (1, theirs)] {
            time[k].0 += t[seat].0;
            time[k].1 += t[seat].1;
        }
        total_actions += n as u64;
        match r.endings.iter_mut().find(|e| e.0 == reason) {
            Some(e) => e.1 += 1,
            None => r.endings.push((reason, 1)),
        }
        r.games += 1;
    }
    r.mean_actions = total_actions as f64 / games.max(1) as f64;
    for (per, (n, spent)) in r.time_per_decision.iter_mut().zip(time) {
        *per = spent / n.max(1);
    }
    r
}
