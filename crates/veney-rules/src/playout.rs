//! Random playouts: seeded games of uniformly random tenable actions (chance drawn from its
//! dice, as the game draws it), for property tests,
//! benchmarks and `veney-cli random-games`.
use crate::action::Action;
use crate::game::Game;
use crate::invariants;
use crate::movegen;
use crate::notation;
use crate::position::{Phase, Position};
use crate::rng::{GameRng, seeded};
use crate::rules::Rules;
use rand::Rng;
use std::collections::BTreeMap;
use std::sync::Arc;

/// How one random game went.
#[derive(Clone, Debug, Default)]
pub struct PlayoutResult {
    pub turns: u32,
    pub actions: u32,
    /// "checkmate by touch", "turn limit", …
    pub ending: String,
}

/// Plays one random game from `start` with a bounded number of turns. With `checked`, every
/// action is followed by the invariant checks; a failure is returned as an error describing the
/// game (seed and position text) so it can be replayed.
pub fn random_game(
    rules: &Arc<Rules>,
    start: Position,
    rng: &mut GameRng,
    max_turns: u32,
    checked: bool,
) -> Result<PlayoutResult, String> {
    let mut pos = start;
    let mut buf = Vec::with_capacity(128);
    let mut res = PlayoutResult::default();
    let mut turn_actions: Vec<Action> = Vec::new();
    let mut turn_start = pos;
    // Unchecked, an action is drawn without listing them all (the same draw as from the list).
    let mut sampler = movegen::Sampler::new();
    let game = crate::VeneyGame::new(rules.clone());
    while !pos.is_game_over() && res.turns < max_turns {
        let none = || {
            format!(
                "no action at all (not even a pass) in {}",
                pos.to_text(rules)
            )
        };
        // Chance (a throw's roll, a cast's landing, the Donkey's throw) is drawn as the game
        // draws it, from the agreed dice (§2.0.R1), not evenly over the outcomes the list
        // names one per verdict (a review found one throw in three hitting, not one in 32):
        // the outcome listed for the class of the draw (`Game::chance_class`).
        let chance = matches!(
            pos.phase(),
            Phase::Throw { .. } | Phase::Cast { .. } | Phase::DonkeyMove { .. }
        );
        let drawn = if chance {
            let d = game_api::Game::sample_chance(&game, &pos, rng);
            Some(game_api::Game::chance_class(&game, &pos, d))
        } else {
            sampler.random_action(rules, &pos, rng)
        };
        // Checked, the same draw is checked against the list (so both play the same game).
        let Some(a) = drawn else {
            // A mated side with no dying move to make (its pieces out of their range from the
            // dead Self's square, R-DYING): the checkmate stands, as the game API says.
            if pos.dying() == Some(pos.turn()) {
                break;
            }
            return Err(none());
        };
        if checked {
            movegen::legal_actions(rules, &pos, &mut buf);
            if !chance {
                check_sampler(rules, &pos, &mut sampler, &buf, a)?;
            } else if !buf.contains(&a) {
                return Err(format!(
                    "the chance drew {a:?}, which is not listed in {}",
                    pos.to_text(rules)
                ));
            }
        }
        let mover = pos.turn();
        if checked {
            let before = pos;
            pos.play_unchecked(rules, a);
            check_step(rules, &before, &pos, a, &buf)?;
            turn_actions.push(a);
        } else {
            pos.play_unchecked(rules, a);
        }
        res.actions += 1;
        if pos.turn() != mover || pos.is_game_over() {
            if checked {
                check_turn(rules, &turn_start, &pos, &turn_actions)?;
                turn_actions.clear();
                turn_start = pos;
            }
            res.turns += 1;
        }
    }
    // "Using this mechanic, a draw must be settled with a 'hug'" (§2.0.23): each side picks at
    // random from what it may hide, White first, as the game API plays it (a review found
    // `random-games` stopping at the draw, reporting endings the Hug never lets stand).
    // (The Hug ends the game; it is no further turn: a draw on the last turn allowed is hugged
    // too.)
    if crate::hug::awaits_hug(rules, pos.outcome()) {
        for side in crate::side::Side::ALL {
            let open = crate::hug::choices(rules, side);
            let pick = open[rng.random_range(0..open.len())];
            let before = pos;
            pos.pick_hug(rules, side, pick).map_err(|e| {
                format!(
                    "the Hug's pick {pick:?} for {side} refused ({e}) in {}",
                    before.to_text(rules)
                )
            })?;
            res.actions += 1;
            if checked {
                invariants::check(rules, &pos).map_err(|e| {
                    format!(
                        "after the Hug's pick for {side}: {e}\n  {}",
                        pos.to_text(rules)
                    )
                })?;
            }
        }
    }
    res.ending = match pos.outcome() {
        Some(o) => ending_name(o),
        None => "turn limit".into(),
    };
    Ok(res)
}

pub fn ending_name(o: crate::outcome::Outcome) -> String {
    use crate::outcome::*;
    match o {
        Outcome::Checkmate {
            by: Mate::Touch, ..
        } => "checkmate by touch".into(),
        Outcome::Checkmate {
            by: Mate::Disarm, ..
        } => "checkmate by disarm".into(),
        Outcome::Checkmate {
            by: Mate::SelfDisarm,
            ..
        } => "self-disarm".into(),
        Outcome::Checkmate {
            by: Mate::Penalty, ..
        } => "checkmate by penalty".into(),
        Outcome::DoubleCheckmate => "double checkmate".into(),
        Outcome::Resignation { .. } => "resignation".into(),
        Outcome::Draw {
            reason: Draw::Hugged,
        } => "draw confirmed by the Hug".into(),
        // Which draw (a review found the arena's "endings: draw" for both).
        Outcome::Draw {
            reason: Draw::Agreement,
        } => "draw by agreement".into(),
        Outcome::Draw {
            reason: Draw::NoContest,
        } => "draw by no contest".into(),
        Outcome::OutOfTime { winner } => format!("{} out of time", !winner),
    }
}

/// The sampler's draw `a` is one of the listed actions; its exact plan counts as many actions as
/// the list has and makes the drawn one at its index; and its rejection draw (where it draws
/// so) can return exactly the listed actions, each once — so its draws are uniform.
fn check_sampler(
    rules: &Rules,
    pos: &Position,
    sampler: &mut movegen::Sampler,
    legal: &[Action],
    a: Action,
) -> Result<(), String> {
    let Some(i) = legal.iter().position(|x| *x == a) else {
        return Err(format!(
            "the sampler drew {a:?}, which is not listed in {}",
            pos.to_text(rules)
        ));
    };
    let n = sampler.plan(rules, pos);
    if n != legal.len() {
        return Err(format!(
            "the sampler counts {n} actions, the list has {} in {}",
            legal.len(),
            pos.to_text(rules)
        ));
    }
    let at = sampler.action(rules, pos, i);
    if at != legal[i] {
        return Err(format!(
            "the sampler's action {i} is {at:?}, the list's {:?} in {}",
            legal[i],
            pos.to_text(rules)
        ));
    }
    if let Some(mut outcomes) = sampler.rejection_outcomes(rules, pos) {
        let mut missing = Vec::new();
        for x in legal {
            match outcomes.iter().position(|o| o == x) {
                Some(j) => {
                    outcomes.swap_remove(j);
                }
                None => missing.push(*x),
            }
        }
        if !missing.is_empty() || !outcomes.is_empty() {
            return Err(format!(
                "the rejection draw misses {missing:?} and adds {outcomes:?} in {}",
                pos.to_text(rules)
            ));
        }
    }
    Ok(())
}

fn check_step(
    rules: &Arc<Rules>,
    before: &Position,
    after: &Position,
    a: Action,
    legal: &[Action],
) -> Result<(), String> {
    let ctx = || format!("after {a:?} from {}", before.to_text(rules));
    invariants::check(rules, after).map_err(|e| format!("invariant broken: {e} {}", ctx()))?;
    // Undo restores the exact state and hash.
    let mut g = Game::from_position(rules.clone(), *before);
    g.play(a)
        .map_err(|e| format!("a generated action was refused: {e} {}", ctx()))?;
    if g.position() != after {
        return Err(format!("Game::play differs from play_unchecked {}", ctx()));
    }
    g.undo();
    if g.position() != before || g.position().hash() != before.hash() {
        return Err(format!("undo did not restore the position {}", ctx()));
    }
    // The position text round-trips.
    let text = after.to_text(rules);
    match Position::from_text(rules, &text) {
        Ok(p) if p == *after => {}
        Ok(_) => return Err(format!("position text does not round-trip: {text}")),
        Err(e) => return Err(format!("position text does not parse: {e}: {text}")),
    }
    // The action's notation resolves back to it.
    let san = notation::San::of_action(rules, before, legal, &a);
    let back = notation::San::parse(&san.to_string())
        .map_err(|e| format!("notation {san} does not parse: {e} {}", ctx()))?;
    if back != san {
        return Err(format!("notation {san} re-reads as {back} {}", ctx()));
    }
    if a != Action::EndTurn {
        let resolved = back
            .resolve(rules, before, legal, 1)
            .map_err(|e| format!("notation {san} does not resolve: {e} {}", ctx()))?;
        if resolved != a {
            return Err(format!(
                "notation {san} resolves to {resolved:?}, not {a:?} {}",
                ctx()
            ));
        }
    }
    Ok(())
}

/// A whole turn: at most two moves (§2.0.15), and its notation reads back to the same turn.
pub fn check_turn(
    rules: &Rules,
    start: &Position,
    end: &Position,
    actions: &[Action],
) -> Result<(), String> {
    let mut moves = actions.iter().filter(|a| a.counts_as_move()).count();
    // The Obscurant Chaos invocation followed by a normal turn "instead" of its rearrangement
    // (§2.0.18): that turn's moves are its own; the invocation is not one of them.
    if let Some(i) = actions
        .iter()
        .position(|a| matches!(a, Action::Invoke { .. }))
        && actions[i + 1..].iter().any(|a| a.counts_as_move())
    {
        moves -= 1;
    }
    if moves > 2 {
        return Err(format!(
            "{moves} moves in one turn from {}",
            start.to_text(rules)
        ));
    }
    let text = notation::write_turn(rules, start, actions);
    let parsed = notation::parse_turn(rules, start, &text, 1).map_err(|e| {
        format!(
            "turn {text:?} does not parse: {e} from {}",
            start.to_text(rules)
        )
    })?;
    let mut p = *start;
    p.play_turn(rules, &parsed)
        .map_err(|e| format!("turn {text:?} is refused: {e}"))?;
    if p != *end {
        return Err(format!(
            "turn {text:?} replays to {}, expected {}",
            p.to_text(rules),
            end.to_text(rules)
        ));
    }
    Ok(())
}

/// The position after up to `turns` random complete turns (fewer if the game ends).
pub fn random_position(rules: &Rules, start: Position, rng: &mut GameRng, turns: u32) -> Position {
    let mut pos = start;
    let mut buf = Vec::new();
    let mut done = 0;
    let game = crate::VeneyGame::new(Arc::new(rules.clone()));
    while done < turns && !pos.is_game_over() {
        // Chance drawn as the game draws it, as `random_game` does.
        let a = if matches!(
            pos.phase(),
            Phase::Throw { .. } | Phase::Cast { .. } | Phase::DonkeyMove { .. }
        ) {
            let d = game_api::Game::sample_chance(&game, &pos, rng);
            game_api::Game::chance_class(&game, &pos, d)
        } else {
            movegen::legal_actions(rules, &pos, &mut buf);
            if buf.is_empty() {
                break;
            }
            buf[rng.random_range(0..buf.len())]
        };
        let mover = pos.turn();
        pos.play_unchecked(rules, a);
        if pos.turn() != mover {
            done += 1;
        }
    }
    pos
}

/// Summary of many random games.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: u64,
    pub turns: u64,
    pub actions: u64,
    pub endings: BTreeMap<String, u64>,
}

/// Plays `n` games from the rules' start position, game `i` seeded with `seed + i`.
pub fn random_games(
    rules: &Arc<Rules>,
    n: u64,
    seed: u64,
    max_turns: u32,
    checked: bool,
) -> Result<Summary, String> {
    let mut s = Summary::default();
    let start = Position::start(rules);
    for i in 0..n {
        let game_seed = seed.wrapping_add(i);
        let mut rng = seeded(game_seed);
        let r = random_game(rules, start, &mut rng, max_turns, checked)
            .map_err(|e| format!("game seed {game_seed}: {e}"))?;
        s.games += 1;
        s.turns += r.turns as u64;
        s.actions += r.actions as u64;
        *s.endings.entry(r.ending).or_default() += 1;
    }
    Ok(s)
}
