//! Perft: counting the leaves of the game tree to a depth — the correctness anchor for move
//! generation (a count that changes means the rules changed). Depth counts complete turns.
use crate::action::Action;
use crate::movegen;
use crate::position::Position;
use crate::rules::Rules;

/// The number of distinct complete-turn sequences of length `depth`. A finished position is
/// one leaf, at the root as below it (as the testkit's `perft` counts every game).
pub fn perft(rules: &Rules, pos: &Position, depth: u32) -> u64 {
    if depth == 0 || pos.is_game_over() {
        return 1;
    }
    let mut buf = Vec::new();
    movegen::legal_actions(rules, pos, &mut buf);
    let mut n = 0;
    for a in buf {
        n += perft_after(rules, pos, a, depth);
    }
    n
}

fn perft_after(rules: &Rules, pos: &Position, a: Action, depth: u32) -> u64 {
    let mut p = *pos;
    p.play_unchecked(rules, a);
    if p.turn() == pos.turn() && !p.is_game_over() {
        // Mid-turn: the second action (declining it included) completes the turn.
        let mut seconds = Vec::new();
        movegen::legal_actions(rules, &p, &mut seconds);
        return seconds
            .into_iter()
            .map(|b| perft_after(rules, &p, b, depth))
            .sum();
    }
    if p.is_game_over() {
        return 1;
    }
    perft(rules, &p, depth - 1)
}

/// Per first action, the number of leaves below it (for comparing two implementations).
pub fn divide(rules: &Rules, pos: &Position, depth: u32) -> Vec<(Action, u64)> {
    pos.legal_actions(rules)
        .into_iter()
        .map(|a| (a, perft_after(rules, pos, a, depth.max(1))))
        .collect()
}
