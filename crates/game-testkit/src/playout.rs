//! Seeded random playouts through a `Match`, checking after every action (or every n-th):
//! invariants, round-trips, observations, and that undo and redo restore the exact state and
//! hash. A failure names the seed and the record so it replays.
use crate::checks::check_step;
use game_api::{Actor, Decision, Game, Match, Viewer, seeded};
use rand::Rng;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct Playouts {
    /// How many games.
    pub games: u32,
    /// The first game's seed; game i uses `seed + i` for both its choices and its chance.
    pub seed: u64,
    /// A game stops after this many actions if not over ("action limit").
    pub max_actions: u32,
    /// A game stops after this many whole turns if not over ("turn limit"; a turn is every
    /// action from one `Game::at_turn_start` to the next).
    pub max_turns: u32,
    /// Check every n-th action (1: every action; 0: none).
    pub check_every: u32,
    /// Save, reload and compare every n-th game (0: never).
    pub save_every: u32,
}

impl Default for Playouts {
    fn default() -> Self {
        Playouts {
            games: 100,
            seed: 1,
            max_actions: 2_000,
            max_turns: u32::MAX,
            check_every: 1,
            save_every: 10,
        }
    }
}

impl Playouts {
    /// `games` games from `seed`, each stopped after `max_actions`, checked at every action and
    /// every `save_every`-th saved and reloaded: the shape of a short, thorough run (games from
    /// a pasted position in each game's tests).
    pub fn thorough(games: u32, seed: u64, max_actions: u32, save_every: u32) -> Playouts {
        Playouts {
            games,
            seed,
            max_actions,
            max_turns: u32::MAX,
            check_every: 1,
            save_every,
        }
    }
}

/// What the games did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: u32,
    pub actions: u64,
    /// How many games ended each way (the outcome's reason, or "action limit").
    pub endings: BTreeMap<String, u32>,
}

/// Plays `cfg.games` random games from `start` (the game's start when `None`).
pub fn random_playouts<G: Game>(
    g: &Arc<G>,
    start: Option<&G::State>,
    cfg: &Playouts,
) -> Result<Report, String> {
    let mut report = Report::default();
    for i in 0..cfg.games {
        let seed = cfg.seed.wrapping_add(i as u64);
        let (m, ending) =
            play_one(g, start, seed, cfg).map_err(|e| format!("game seed {seed}: {e}"))?;
        report.games += 1;
        report.actions += m.history().len() as u64;
        *report.endings.entry(ending).or_default() += 1;
        if cfg.save_every > 0 && i % cfg.save_every == 0 {
            crate::save::check_save_roundtrip(&m).map_err(|e| format!("game seed {seed}: {e}"))?;
            // The game as it stood halfway: saved (secrets still hidden), and ended by each
            // declared ending (a finished game takes none, so the end alone would check nothing).
            let mut mid = m.clone();
            for _ in 0..mid.history().len() / 2 {
                mid.undo();
            }
            crate::save::check_save_roundtrip(&mid)
                .map_err(|e| format!("game seed {seed}, halfway: {e}"))?;
            check_declared(mid).map_err(|e| format!("game seed {seed}, halfway: {e}"))?;
            check_declared(m).map_err(|e| format!("game seed {seed}: {e}"))?;
        }
    }
    Ok(report)
}

/// One random game; returns the match and how it ended.
pub fn play_one<G: Game>(
    g: &Arc<G>,
    start: Option<&G::State>,
    seed: u64,
    cfg: &Playouts,
) -> Result<(Match<G>, String), String> {
    let start = start.cloned().unwrap_or_else(|| g.start());
    let mut m = Match::from_state(g.clone(), start, seed);
    let mut choose = seeded(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut n = 0u32;
    let mut turn_start = m.state().clone();
    let mut turn: Vec<G::Action> = Vec::new();
    let mut turns = 0u32;
    while n < cfg.max_actions {
        if turns >= cfg.max_turns {
            return Ok((m, "turn limit".into()));
        }
        let d = m.decision();
        let actor = match &d {
            Decision::Over(o) => return Ok((m, o.reason.clone())),
            Decision::Chance => Actor::Chance,
            Decision::Player(p) => Actor::Player(*p),
            Decision::Simultaneous { waiting } => {
                let ws: Vec<_> = waiting.iter().collect();
                if ws.is_empty() {
                    return Err("a simultaneous decision waits for nobody".into());
                }
                Actor::Player(ws[choose.random_range(0..ws.len())])
            }
        };
        let before = m.state().clone();
        let rng_before = m.generator().clone();
        let a = if actor == Actor::Chance {
            m.draw_chance().ok_or("a chance decision drew nothing")?
        } else {
            let legal = m.legal_actions(actor);
            if legal.is_empty() {
                return Err(format!(
                    "{actor:?} has no legal action in {} (record: {})",
                    g.position_text(&before),
                    m.record(Viewer::Referee)
                ));
            }
            // The game's own draw, as the computer's playouts make it (`Game::random_action`),
            // is one of these (a review found the sampler never checked); drawn from a
            // generator of its own, so the playout's course is unchanged — at every 4th checked
            // step (a game's sampler may build its lists afresh: the checks' time stays small).
            if let Actor::Player(p) = actor
                && cfg.check_every > 0
                && (n + 1).is_multiple_of(cfg.check_every * 4)
            {
                let mut r = game_api::seeded(n as u64);
                let mut scratch = Vec::new();
                match g.random_action(&before, p, &mut r, &mut scratch) {
                    Some(x) if legal.contains(&x) => {}
                    Some(x) => {
                        return Err(format!(
                            "random_action drew {}, not a legal action of {actor:?}, in {} (record: {})",
                            g.action_text(&before, x),
                            g.position_text(&before),
                            m.record(Viewer::Referee)
                        ));
                    }
                    None => {
                        return Err(format!(
                            "random_action drew nothing for {actor:?}, who has legal actions, in {}",
                            g.position_text(&before)
                        ));
                    }
                }
            }
            let a = legal[choose.random_range(0..legal.len())];
            m.play(actor, a)
                .map_err(|r| format!("a legal action refused: {r}"))?;
            a
        };
        n += 1;
        let ctx = |m: &Match<G>| {
            format!(
                " after {} from {} (record: {})",
                g.action_text(&before, a),
                g.position_text(&before),
                m.record(Viewer::Referee)
            )
        };
        if cfg.check_every > 0 && n.is_multiple_of(cfg.check_every) {
            check_step(&**g, &before, actor, a, m.state()).map_err(|e| e + &ctx(&m))?;
            if let Err(e) = check_undo(&mut m, &before, &rng_before) {
                return Err(e + &ctx(&m));
            }
        }
        // Every turn is followed whole; every `check_every`-th is checked.
        turn.push(a);
        let after = m.state();
        if g.at_turn_start(after) || matches!(g.decision(after), Decision::Over(_)) {
            turns += 1;
            if cfg.check_every > 0 && turns.is_multiple_of(cfg.check_every) {
                g.check_turn(&turn_start, &turn, after)
                    .map_err(|e| format!("turn check: {e}") + &ctx(&m))?;
            }
            turn.clear();
            turn_start = after.clone();
        }
    }
    Ok((m, "action limit".into()))
}

/// A game stopped unfinished ends by each declared ending (every player's resignation and time
/// out, an agreed draw) that saves, reloads and is withdrawn by undo, leaving the match as it was.
fn check_declared<G: Game>(mut m: Match<G>) -> Result<(), String> {
    if matches!(m.decision(), Decision::Over(_)) {
        return Ok(());
    }
    let g = m.game().clone();
    let endings = (0..g.players())
        .flat_map(|p| {
            [
                game_api::Declared::Resigns(game_api::Player(p)),
                game_api::Declared::OutOfTime(game_api::Player(p)),
            ]
        })
        .chain([game_api::Declared::DrawAgreed]);
    let before = m.state().clone();
    for d in endings {
        m.declare(d).map_err(|r| format!("{d:?} refused: {r}"))?;
        let Decision::Over(o) = m.decision() else {
            return Err(format!("{d:?} did not end the game"));
        };
        // An ending the rules already decided stands, whatever is declared.
        match g.decided(&before) {
            Some(decided) if o.results != decided.results => {
                return Err(format!(
                    "{d:?} ends with {:?}, not the decided {:?}",
                    o.results, decided.results
                ));
            }
            Some(_) => {}
            None => check_declared_results(d, &o.results, g.players())?,
        }
        crate::save::check_save_roundtrip(&m)?;
        if !game_api::AnyMatch::undo(&mut m) || m.declared().is_some() || m.state() != &before {
            return Err(format!("undo did not withdraw {d:?} alone"));
        }
    }
    Ok(())
}

/// A player who resigns or runs out of time loses and every other player wins; an agreed draw
/// gives nobody a win and everybody the same result (a draw, or as a game rules it: Veney's
/// agreed draw under Shima loses for both).
fn check_declared_results(
    d: game_api::Declared,
    results: &[game_api::PlayerResult],
    players: u8,
) -> Result<(), String> {
    use game_api::{Declared, PlayerResult};
    if results.len() != players as usize {
        return Err(format!(
            "{d:?} gives {} results for {players} players",
            results.len()
        ));
    }
    let right = match d {
        Declared::Resigns(p) | Declared::OutOfTime(p) => {
            results.iter().enumerate().all(|(i, r)| {
                *r == if i == p.0 as usize {
                    PlayerResult::Loss
                } else {
                    PlayerResult::Win
                }
            })
        }
        Declared::DrawAgreed => results
            .iter()
            .all(|r| *r != PlayerResult::Win && *r == results[0]),
    };
    if right {
        Ok(())
    } else {
        Err(format!("{d:?} ends the game with the results {results:?}"))
    }
}

/// Undo restores `before` with its hash, and the generator as it was before the action
/// (`rng_before`, kept by the caller: a review found the check comparing the step's own record of
/// it, which a wrong record would pass): a chance outcome the generator drew is drawn the same
/// again after undo; redo restores the state after and the generator after.
pub fn check_undo<G: Game>(
    m: &mut Match<G>,
    before: &G::State,
    rng_before: &game_api::MatchRng,
) -> Result<(), String> {
    let g = m.game().clone();
    let after = m.state().clone();
    let rng_after = m.generator().clone();
    let drawn = m.history().last().and_then(|s| {
        // Drawn, not typed in: the step's generator gives the same outcome.
        let mut rng = s.rng_before.clone();
        (s.actor == game_api::Actor::Chance && g.sample_chance(&s.before, &mut rng) == s.action)
            .then_some(s.action)
    });
    m.undo().ok_or("undo did nothing")?;
    if m.state() != before || g.hash(m.state()) != g.hash(before) {
        return Err("undo did not restore the exact state".into());
    }
    if m.generator() != rng_before {
        return Err("undo did not restore the generator as it was before the action".into());
    }
    if let Some(a) = drawn
        && m.clone().draw_chance() != Some(a)
    {
        return Err(format!(
            "after undo the generator draws another outcome than {}",
            g.action_text(before, a)
        ));
    }
    m.redo().ok_or("redo did nothing")?;
    if m.state() != &after || g.hash(m.state()) != g.hash(&after) {
        return Err("redo did not restore the exact state".into());
    }
    if m.generator() != &rng_after {
        return Err("redo left the generator other than the action left it".into());
    }
    Ok(())
}
