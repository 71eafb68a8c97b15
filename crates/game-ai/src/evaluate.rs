//! Scoring: a finished game's outcome as a reward per player, and the evaluator that scores a
//! playout cut off before the end.
use game_api::{Game, Outcome, PlayerResult};

/// Each player's reward in 0..=1: a win 1, a draw ½, a loss 0; scores ranked among the players.
/// A game every player lost (Veney's double checkmate, or a draw agreed under Shima) is ¼ each:
/// "This is like a draw, but worse" (§2.0.20) — better than losing alone, so a mated player
/// seizes a double checkmate (a review found the computer's dying move indifferent to it), and
/// worse than a draw.
pub fn rewards(o: &Outcome) -> Vec<f64> {
    if o.results.len() > 1 && o.results.iter().all(|r| *r == PlayerResult::Loss) {
        return vec![0.25; o.results.len()];
    }
    let scores: Vec<Option<i64>> = o
        .results
        .iter()
        .map(|r| match r {
            PlayerResult::Score(s) => Some(*s),
            _ => None,
        })
        .collect();
    o.results
        .iter()
        .enumerate()
        .map(|(i, r)| match r {
            PlayerResult::Win => 1.0,
            PlayerResult::Draw => 0.5,
            PlayerResult::Loss => 0.0,
            PlayerResult::Score(s) => {
                let others: Vec<i64> = scores
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .filter_map(|(_, x)| *x)
                    .collect();
                if others.is_empty() {
                    return 0.5;
                }
                let beaten = others.iter().filter(|x| **x < *s).count() as f64;
                let tied = others.iter().filter(|x| **x == *s).count() as f64;
                (beaten + tied / 2.0) / others.len() as f64
            }
        })
        .collect()
}

/// Scores a state where a playout was cut off: each player's expected reward in 0..=1.
pub trait Evaluator<G: Game>: Send + Sync {
    fn evaluate(&self, g: &G, s: &G::State) -> Vec<f64>;
}

/// Knows nothing of the game: a cut-off playout is even for everyone. Playouts then decide
/// only by the games they finish (the arena's `mcts-flat:` agents, to measure what a game's
/// estimate is worth).
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayout;

impl<G: Game> Evaluator<G> for RandomPlayout {
    fn evaluate(&self, g: &G, _s: &G::State) -> Vec<f64> {
        vec![0.5; g.players() as usize]
    }
}

/// The game's own estimate (`Game::estimate`), or even for everyone when the game has none:
/// the evaluator a search uses unless told otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameEstimate;

impl<G: Game> Evaluator<G> for GameEstimate {
    fn evaluate(&self, g: &G, s: &G::State) -> Vec<f64> {
        // An ending the rules have already decided (Veney's dying move after a checkmate by
        // touch, "the checkmate standing") is scored as that ending, not by the material left
        // (a review found a mate cut off there scored about even).
        if let Some(o) = g.decided(s) {
            return crate::rewards(&o);
        }
        match g.estimate(s) {
            Some(v) if v.len() == g.players() as usize => {
                v.into_iter().map(|x| x.clamp(0.0, 1.0)).collect()
            }
            _ => vec![0.5; g.players() as usize],
        }
    }
}

/// Any function of the state is an evaluator.
impl<G: Game, F> Evaluator<G> for F
where
    F: Fn(&G, &G::State) -> Vec<f64> + Send + Sync,
{
    fn evaluate(&self, g: &G, s: &G::State) -> Vec<f64> {
        self(g, s)
    }
}

#[cfg(test)]
mod tests {
    use super::rewards;
    use game_api::{Outcome, PlayerResult};

    fn outcome(results: Vec<PlayerResult>) -> Outcome {
        Outcome {
            results,
            reason: String::new(),
        }
    }

    /// §2.0.20 "both players have lost. This is like a draw, but worse": a loss shared by all
    /// scores between a draw and a loss alone.
    #[test]
    fn a_loss_shared_by_all_is_worse_than_a_draw_and_better_than_losing_alone() {
        use PlayerResult::*;
        assert_eq!(rewards(&outcome(vec![Win, Loss])), [1.0, 0.0]);
        assert_eq!(rewards(&outcome(vec![Draw, Draw])), [0.5, 0.5]);
        let both = rewards(&outcome(vec![Loss, Loss]));
        assert_eq!(both, [0.25, 0.25]);
        assert!(both[0] < 0.5 && both[0] > 0.0);
    }
}
