#![allow(dead_code)]
use veney_rules::notation::San;
use veney_rules::{Action, Position, Rules, Side, Square};

#[allow(unused_imports)]
pub use Side::{Black, White};

pub fn rules() -> Rules {
    Rules::standard()
}

/// A position from `(side, piece, square)` triples; the rest of each side in reserve.
pub fn pos(rules: &Rules, pieces: &[(Side, &str, &str)], turn: Side) -> Position {
    Position::from_pieces(rules, pieces, turn).unwrap()
}

pub fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// Destination squares of the moves of the piece on `from`, sorted.
pub fn dests(rules: &Rules, p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut v: Vec<String> = p
        .legal_actions(rules)
        .iter()
        .filter_map(|a| a.as_move())
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Notation of every action, as `veney-cli moves` prints them.
pub fn notations(rules: &Rules, p: &Position) -> Vec<String> {
    let legal = p.legal_actions(rules);
    legal
        .iter()
        .filter(|a| **a != Action::EndTurn)
        .map(|a| San::of_action(rules, p, &legal, a).to_string())
        .collect()
}

/// Notation of the actions of the piece on `from`.
pub fn notations_from(rules: &Rules, p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let legal = p.legal_actions(rules);
    let mut v: Vec<String> = legal
        .iter()
        .filter(|a| a.as_move().is_some_and(|m| m.from == from))
        .map(|a| San::of_action(rules, p, &legal, a).to_string())
        .collect();
    v.sort();
    v
}

pub fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays a turn written in notation; panics with the error if it is refused.
pub fn play(rules: &Rules, p: &mut Position, turn: &str) {
    let acts = veney_rules::notation::parse_turn(rules, p, turn, 1)
        .unwrap_or_else(|e| panic!("{turn}: {e}"));
    p.play_turn(rules, &acts)
        .unwrap_or_else(|e| panic!("{turn}: {e}"));
}

/// The error for a turn that should be refused.
pub fn refuse(rules: &Rules, p: &Position, turn: &str) -> String {
    match veney_rules::notation::parse_turn(rules, p, turn, 1) {
        Ok(acts) => {
            let mut q = *p;
            match q.play_turn(rules, &acts) {
                Ok(()) => panic!("{turn} was accepted"),
                Err(e) => e.to_string(),
            }
        }
        Err(e) => e.to_string(),
    }
}
