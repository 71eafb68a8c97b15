//! Helpers shared by the tests: positions from a short list of pieces, squares by name.
#![allow(dead_code)]
use game_api::{Actor, Game};
use kelasu_rules::{Action, Kelasu, KelasuOptions, Piece, Position, Side, Square};

pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("no square {name}"))
}

/// A turn start from "E4:W c0:s …" — a square then a piece letter (upper case Blue, lower case
/// Red).
pub fn pos(pieces: &str, to_move: Side) -> Position {
    let list: Vec<(Square, Piece)> = pieces
        .split_whitespace()
        .map(|w| {
            let (s, p) = w.split_once(':').unwrap();
            (sq(s), Piece::from_char(p.chars().next().unwrap()).unwrap())
        })
        .collect();
    Position::setup(&list, to_move)
}

pub fn game() -> Kelasu {
    Kelasu::new(KelasuOptions::default())
}

pub fn legal(g: &Kelasu, s: &Position) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, s.to_move().player(), &mut v);
    v
}

/// Plays the actions written in notation, each checked.
pub fn play(g: &Kelasu, s: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let a = g
            .parse_action(s, m)
            .unwrap_or_else(|e| panic!("{m}: {e} in {}", g.position_text(s)));
        g.play_checked(s, Actor::Player(s.to_move().player()), a)
            .unwrap();
    }
}

/// The destination squares of the piece on `from`, sorted, by name.
pub fn dests(s: &Position, from: &str) -> Vec<String> {
    let o = KelasuOptions::default();
    dests_with(s, from, &o)
}

pub fn dests_with(s: &Position, from: &str, o: &KelasuOptions) -> Vec<String> {
    let f = sq(from);
    let mut v = Vec::new();
    kelasu_rules::moves::destinations(s, o, f, s.piece_at(f).unwrap(), &mut v);
    let mut names: Vec<String> = v.into_iter().map(Square::name).collect();
    names.sort();
    names
}

pub fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}
