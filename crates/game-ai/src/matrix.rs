//! One-shot simultaneous choices (a matrix game): both players pick at once, blind to each
//! other, and the pair of picks decides the result — Veney's Hug (§2.0.23), a guessing game.
//! The tree search meets such rounds inside a game and selects each player's action from its own
//! statistics (`search.rs`); a round that *is* the whole decision is solved here directly, by
//! regret matching in self-play: each player's strategy leans towards the actions it regrets not
//! having played against the other's strategy, and the average strategies approach an
//! equilibrium (Hart and Mas-Colell's regret matching, full-width: no sampling, so the same
//! matrix always gives the same strategies).

/// A two-player game in normal form: `payoff[r][c]` is what the row player and the column player
/// each get when the row player picks `r` and the column player `c` (rewards as the search
/// scores outcomes: 1 a win, 0.5 a draw, 0 a loss; the two need not add up to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixGame {
    pub payoff: Vec<Vec<[f64; 2]>>,
}

/// Each player's mixed strategy: the probability of each of its actions (row player first).
#[derive(Clone, Debug, PartialEq)]
pub struct Strategies {
    pub row: Vec<f64>,
    pub column: Vec<f64>,
}

impl MatrixGame {
    /// A matrix game from each pair of picks' rewards.
    pub fn new(rows: usize, columns: usize, reward: impl Fn(usize, usize) -> [f64; 2]) -> Self {
        MatrixGame {
            payoff: (0..rows)
                .map(|r| (0..columns).map(|c| reward(r, c)).collect())
                .collect(),
        }
    }

    fn rows(&self) -> usize {
        self.payoff.len()
    }

    fn columns(&self) -> usize {
        self.payoff.first().map_or(0, Vec::len)
    }

    /// The average strategies after `rounds` of regret matching in self-play. Both start
    /// uniform.
    pub fn solve(&self, rounds: u32) -> Strategies {
        let (n, m) = (self.rows(), self.columns());
        let mut regret = [vec![0.0; n], vec![0.0; m]];
        let mut sum = [vec![0.0; n], vec![0.0; m]];
        for _ in 0..rounds.max(1) {
            let row = matching(&regret[0]);
            let col = matching(&regret[1]);
            // What each action of each player earns against the other's current strategy.
            let row_value: Vec<f64> = (0..n)
                .map(|r| (0..m).map(|c| col[c] * self.payoff[r][c][0]).sum())
                .collect();
            let col_value: Vec<f64> = (0..m)
                .map(|c| (0..n).map(|r| row[r] * self.payoff[r][c][1]).sum())
                .collect();
            for (p, (value, strategy)) in [(&row_value, &row), (&col_value, &col)]
                .into_iter()
                .enumerate()
            {
                let expected: f64 = value.iter().zip(strategy).map(|(v, s)| v * s).sum();
                for (a, v) in value.iter().enumerate() {
                    regret[p][a] += v - expected;
                    sum[p][a] += strategy[a];
                }
            }
        }
        let [row, column] = sum.map(|s| {
            let total: f64 = s.iter().sum();
            s.iter().map(|x| x / total).collect()
        });
        Strategies { row, column }
    }
}

/// The strategy regret matching plays: each action in proportion to its positive regret,
/// uniform when none is positive.
fn matching(regret: &[f64]) -> Vec<f64> {
    let positive: f64 = regret.iter().map(|r| r.max(0.0)).sum();
    if positive > 0.0 {
        regret.iter().map(|r| r.max(0.0) / positive).collect()
    } else {
        vec![1.0 / regret.len() as f64; regret.len()]
    }
}

/// The action a mixed strategy plays for a uniform draw `u` in `[0, 1)`.
pub fn pick(strategy: &[f64], u: f64) -> usize {
    let mut acc = 0.0;
    for (i, p) in strategy.iter().enumerate() {
        acc += p;
        if u < acc {
            return i;
        }
    }
    strategy.len().saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zero_sum(m: [[f64; 2]; 2]) -> MatrixGame {
        MatrixGame::new(2, 2, |r, c| [m[r][c], 1.0 - m[r][c]])
    }

    #[test]
    fn matching_pennies_is_an_even_coin() {
        // The row player wins when the coins match: the only equilibrium is half and half.
        let s = zero_sum([[1.0, 0.0], [0.0, 1.0]]).solve(20_000);
        for p in s.row.iter().chain(&s.column) {
            assert!((p - 0.5).abs() < 0.02, "{s:?}");
        }
    }

    #[test]
    fn a_dominated_action_fades() {
        // The prisoner's dilemma: defecting (1) is better whatever the other does.
        let pd = [[3.0, 0.0], [5.0, 1.0]];
        let s = MatrixGame::new(2, 2, |r, c| [pd[r][c] / 5.0, pd[c][r] / 5.0]).solve(5_000);
        assert!(s.row[1] > 0.95 && s.column[1] > 0.95, "{s:?}");
    }

    #[test]
    fn an_uneven_guess_is_mixed_by_its_odds() {
        // The column player hides in one of two places; the row player wins by guessing it, and
        // a right guess of place 0 is worth twice as much as one of place 1. In equilibrium the
        // hider hides in place 0 a third of the time, and the guesser (so that the hider gains
        // nothing by either place) also guesses place 0 a third of the time.
        let s = zero_sum([[1.0, 0.0], [0.0, 0.5]]).solve(50_000);
        assert!((s.row[0] - 1.0 / 3.0).abs() < 0.03, "{s:?}");
        assert!((s.column[0] - 1.0 / 3.0).abs() < 0.03, "{s:?}");
    }

    #[test]
    fn the_same_matrix_gives_the_same_strategies() {
        let g = zero_sum([[0.2, 0.9], [0.7, 0.1]]);
        assert_eq!(g.solve(1_000), g.solve(1_000));
    }

    #[test]
    fn pick_follows_the_strategy() {
        assert_eq!(pick(&[0.25, 0.75], 0.0), 0);
        assert_eq!(pick(&[0.25, 0.75], 0.24), 0);
        assert_eq!(pick(&[0.25, 0.75], 0.25), 1);
        assert_eq!(pick(&[0.25, 0.75], 0.999), 1);
        assert_eq!(pick(&[0.0, 1.0], 0.0), 1);
    }
}
