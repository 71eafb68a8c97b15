//! Helpers shared by the tests: build games and positions from text, list destinations, play.
#![allow(dead_code)]
use game_api::{Actor, Decision, Game, Player};
use tirachen_rules::{Action, Position, Square, Tirachen, TirachenOptions};

pub fn game() -> Tirachen {
    Tirachen::new(TirachenOptions::default())
}

pub fn game_with(f: impl FnOnce(&mut TirachenOptions)) -> Tirachen {
    let mut o = TirachenOptions::default();
    f(&mut o);
    Tirachen::new(o)
}

/// A position from its text, which must read.
pub fn pos(g: &Tirachen, text: &str) -> Position {
    g.parse_position(text)
        .unwrap_or_else(|e| panic!("`{text}` does not read: {e}"))
}

pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("{name} is not a square"))
}

/// The side to move (the player whose decision it is).
pub fn mover(g: &Tirachen, s: &Position) -> Player {
    match g.decision(s) {
        Decision::Player(p) => p,
        d => panic!("not one player's decision: {d:?}"),
    }
}

pub fn legal(g: &Tirachen, s: &Position) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(s, mover(g, s), &mut out);
    out
}

pub fn legal_texts(g: &Tirachen, s: &Position) -> Vec<String> {
    legal(g, s)
        .into_iter()
        .map(|a| g.action_text(s, a))
        .collect()
}

/// The squares the piece on `from` may move to (plain moves and captures, not `=T`), sorted by
/// name and joined by spaces.
pub fn dests(g: &Tirachen, s: &Position, from: &str) -> String {
    let f = sq(from);
    let mut v: Vec<String> = legal(g, s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move {
                from,
                to,
                control: false,
            } if from == f => Some(to.to_string()),
            _ => None,
        })
        .collect();
    v.sort();
    v.join(" ")
}

/// Sorts a space-separated list of square names, for comparing with `dests`.
pub fn sorted(list: &str) -> String {
    let mut v: Vec<&str> = list.split_whitespace().collect();
    v.sort();
    v.join(" ")
}

/// Plays one action given in notation for whoever decides now; panics if refused.
pub fn play(g: &Tirachen, s: &mut Position, text: &str) {
    let a = g
        .parse_action(s, text)
        .unwrap_or_else(|e| panic!("`{text}` does not read in {}: {e}", g.position_text(s)));
    let p = mover(g, s);
    assert!(
        legal(g, s).contains(&a),
        "`{text}` is not legal in {}: {}",
        g.position_text(s),
        g.refusal(s, Actor::Player(p), a)
    );
    g.apply(s, Actor::Player(p), a);
}

/// The rule named by the refusal of `text` for the side to move.
pub fn refused_by(g: &Tirachen, s: &Position, text: &str) -> String {
    let a = g
        .parse_action(s, text)
        .unwrap_or_else(|e| panic!("`{text}` does not read: {e}"));
    assert!(
        !legal(g, s).contains(&a),
        "`{text}` is legal in {}",
        g.position_text(s)
    );
    g.refusal(s, Actor::Player(mover(g, s)), a)
        .rule
        .into_owned()
}

/// A fuzz input: every `random_every`-th one a random string of up to `max_len` characters from
/// `alphabet`, the others one of `valid` with `mutations` (a range's worth of) deletions,
/// replacements and insertions.
pub fn fuzz_text(
    rng: &mut impl rand::Rng,
    alphabet: &[char],
    valid: &[&str],
    i: usize,
    random_every: usize,
    max_len: usize,
    mutations: std::ops::Range<usize>,
) -> String {
    if i.is_multiple_of(random_every) {
        let n = rng.random_range(0..max_len);
        return (0..n)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
    }
    let mut c: Vec<char> = valid[rng.random_range(0..valid.len())].chars().collect();
    for _ in 0..rng.random_range(mutations) {
        let at = rng.random_range(0..=c.len());
        match rng.random_range(0..3) {
            0 if at < c.len() => {
                c.remove(at);
            }
            1 if at < c.len() => c[at] = alphabet[rng.random_range(0..alphabet.len())],
            _ => c.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
        }
    }
    c.into_iter().collect()
}
