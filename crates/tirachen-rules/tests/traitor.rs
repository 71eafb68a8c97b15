//! The Traitor (rule text, "Traitor piece"): "When moving a piece to capture the traitor piece,
//! you have two options: (1) capture it normally and remove it from the game or (2) sacrifice the
//! piece capturing the traitor piece to gain control of it. If you choose the 2nd, you have the
//! option of taking an extra move with the traitor piece immediately."
mod common;
use common::*;
use game_api::{Decision, Game, Player};

const NEUTRAL: &str = "8g/9/9/9/4*4/9/4C4/9/G8 r mm -/- - 0";

// Tirachen "Traitor piece": option (1), remove it from the game.
#[test]
fn taking_the_traitor_normally_removes_it() {
    let g = game();
    let mut s = pos(&g, NEUTRAL);
    let texts = legal_texts(&g, &s);
    assert!(texts.contains(&"Ce3xe5".to_string()) && texts.contains(&"Ce3xe5=T".to_string()));
    play(&g, &mut s, "Ce3xe5");
    assert_eq!(g.position_text(&s), "8g/9/9/9/4C4/9/9/9/G8 w mm -/- - 0");
}

// Tirachen "Traitor piece": option (2), sacrifice the capturer; then the extra move is a second
// decision of the same turn, and declining it (`-`) ends the turn.
#[test]
fn sacrificing_the_capturer_gains_the_traitor_and_an_extra_move() {
    let g = game();
    let mut s = pos(&g, NEUTRAL);
    play(&g, &mut s, "Ce3xe5=T");
    assert_eq!(g.position_text(&s), "8g/9/9/9/4T4/9/9/9/G8 r mm -/- e5 0");
    assert_eq!(g.decision(&s), Decision::Player(Player(0)));
    assert!(!g.at_turn_start(&s));
    let mut texts = legal_texts(&g, &s);
    texts.sort();
    let mut expected: Vec<String> = "Te5-b8 Te5-h8 Te5-h5 Te5-h2 Te5-e2 Te5-b2 Te5-b5 Te5-e8 Te5-d7 Te5-f7 Te5-g6 Te5-g4 Te5-f3 Te5-d3 Te5-c4 Te5-c6 -"
        .split(' ')
        .map(String::from)
        .collect();
    expected.sort();
    assert_eq!(texts, expected);
    // "it must be used only to move the traitor piece"
    assert_eq!(refused_by(&g, &s, "Ga1-a2"), "Tirachen: Traitor");
    let mut declined = s;
    play(&g, &mut declined, "-");
    assert_eq!(
        g.position_text(&declined),
        "8g/9/9/9/4T4/9/9/9/G8 w mm -/- - 0"
    );
    assert!(g.at_turn_start(&declined));
    let mut moved = s;
    play(&g, &mut moved, "Te5-e8");
    assert_eq!(
        g.position_text(&moved),
        "8g/4T4/9/9/9/9/9/9/G8 w mm -/- - 0"
    );
}

// Tirachen "Traitor piece": the extra move is a move like any other; it may take the General.
#[test]
fn the_extra_move_may_win() {
    let g = game();
    let mut s = pos(&g, "9/7g1/9/9/4*4/9/4C4/9/G8 r mm -/- - 0");
    play(&g, &mut s, "Ce3xe5=T");
    play(&g, &mut s, "Te5xh8");
    let Decision::Over(o) = g.decision(&s) else {
        panic!("not over")
    };
    assert_eq!(o.winner(), Some(Player(0)));
    assert_eq!(o.reason, "General taken");
}

// Tirachen "Traitor piece": "When moving a piece to capture the traitor piece, you have two
// options: (1) capture it normally ... or (2) sacrifice the piece capturing the traitor piece to
// gain control of it." No piece is excepted, the General included (ruling "Sacrificing the
// General for the Traitor", default). Its side has then lost its General ("OBJECTIVE: capture
// the opposing player's general"), and the game, at once: no extra move follows.
#[test]
fn a_general_sacrificed_for_the_traitor_loses_the_game() {
    let g = game();
    let mut s = pos(&g, "8g/9/9/9/4*4/4G4/9/9/9 r mm -/- - 0");
    let texts = legal_texts(&g, &s);
    assert!(texts.contains(&"Ge4xe5".to_string()) && texts.contains(&"Ge4xe5=T".to_string()));
    let a = g.parse_action(&s, "Ge4xe5=T").unwrap();
    assert!(
        g.action_label(&s, a)
            .unwrap()
            .contains("your General is lost"),
        "{:?}",
        g.action_label(&s, a)
    );
    play(&g, &mut s, "Ge4xe5=T");
    assert_eq!(g.position_text(&s), "8g/9/9/9/4T4/9/9/9/9 w mm -/- - 0");
    g.check_invariants(&s).unwrap();
    let Decision::Over(o) = g.decision(&s) else {
        panic!("not over")
    };
    assert_eq!(o.winner(), Some(Player(1)));
    assert_eq!(o.reason, "General taken");
    let mut none = Vec::new();
    g.legal_actions(&s, Player(0), &mut none);
    assert!(none.is_empty(), "{none:?}");
}

// Tirachen "OBJECTIVE": "occupy all three squares of his homeland with your units". A General
// sacrificed for a Traitor that completes the occupation of the opposing homeland wins: the
// occupation is the text's own win, met by the mover's units; the loss of a sacrificed General
// is a ruling ("Sacrificing the General for the Traitor") and does not override it. Nobody
// captured the General. Red Pikes d9 e9, White's Traitor f9, Red's General f8.
#[test]
fn a_general_sacrificed_for_the_last_homeland_square_wins_by_the_occupation() {
    let g = game();
    let mut s = pos(&g, "3PPt3/5G3/9/9/g8/9/9/9/9 r mm -/- - 0");
    let a = g.parse_action(&s, "Gf8xf9=T").unwrap();
    let label = g.action_label(&s, a).unwrap();
    assert!(label.contains("the homeland is occupied"), "{label}");
    play(&g, &mut s, "Gf8xf9=T");
    let Decision::Over(o) = g.decision(&s) else {
        panic!("not over")
    };
    assert_eq!(o.winner(), Some(Player(0)), "Red (Player 0) wins");
    assert_eq!(o.reason, "homeland occupied");
    g.check_invariants(&s).unwrap();
}

// "If you capture the opposing general, you win." A General taken by a move that also completes
// the occupation of its homeland is still "General taken": only the occupier's own missing
// General gives way to the occupation. Red Pikes d9 f9, White's General e9, Red's General e8.
#[test]
fn a_general_taken_on_its_homeland_is_general_taken() {
    let g = game();
    let mut s = pos(&g, "3PgP3/4G4/9/9/9/9/9/9/9 r mm -/- - 0");
    play(&g, &mut s, "Ge8xe9");
    let Decision::Over(o) = g.decision(&s) else {
        panic!("not over")
    };
    assert_eq!(
        (o.winner(), o.reason.as_str()),
        (Some(Player(0)), "General taken")
    );
}

// Tirachen "OBJECTIVE": "occupy all three squares of his homeland with your units". A Traitor
// gained by sacrifice that completes the occupation wins at once; no extra move is left after
// the end (the position keeps none).
#[test]
fn a_traitor_gained_on_the_last_homeland_square_wins_without_an_extra_move() {
    let g = game();
    let mut s = pos(&g, "3PPt3/5C3/9/9/g8/9/9/9/4G4 r mm -/- - 0");
    play(&g, &mut s, "Cf8xf9=T");
    assert_eq!(g.position_text(&s), "3PPT3/9/9/9/g8/9/9/9/4G4 w mm -/- - 0");
    g.check_invariants(&s).unwrap();
    let Decision::Over(o) = g.decision(&s) else {
        panic!("not over")
    };
    assert_eq!(o.winner(), Some(Player(0)));
    assert_eq!(o.reason, "homeland occupied");
}

// Option GeneralForTraitor `no` (ruling "Sacrificing the General for the Traitor"): the house
// reading that keeps the General from being sacrificed; it takes the Traitor only the first way.
#[test]
fn with_general_for_traitor_off_the_general_takes_the_traitor_only_normally() {
    let g = game_with(|o| o.general_for_traitor = false);
    let s = pos(&g, "8g/9/9/9/4*4/4G4/9/9/9 r mm -/- - 0");
    let texts = legal_texts(&g, &s);
    assert!(texts.contains(&"Ge4xe5".to_string()));
    assert!(!texts.contains(&"Ge4xe5=T".to_string()));
    assert_eq!(refused_by(&g, &s, "Ge4xe5=T"), "Tirachen: Traitor");
    // Other pieces still may.
    let s = pos(&g, NEUTRAL);
    assert!(legal_texts(&g, &s).contains(&"Ce3xe5=T".to_string()));
}

// Ruling "A controlled Traitor": the opponent may take it either way too.
#[test]
fn a_controlled_traitor_can_be_turned_again() {
    let g = game();
    let mut s = pos(&g, "8g/4c4/9/9/4T4/9/9/9/G8 w mm -/- - 0");
    play(&g, &mut s, "Ce8xe5=T");
    assert_eq!(g.position_text(&s), "8g/9/9/9/4t4/9/9/9/G8 w mm -/- e5 0");
    let mut s2 = pos(&g, "8g/4c4/9/9/4T4/9/9/9/G8 w mm -/- - 0");
    play(&g, &mut s2, "Ce8xe5");
    assert_eq!(g.position_text(&s2), "8g/9/9/9/4c4/9/9/9/G8 r mm -/- - 0");
}

// `=T` only on a capture of the Traitor.
#[test]
fn control_needs_the_traitor() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/4p4/9/4C4/9/G8 r mm -/- - 0");
    assert_eq!(refused_by(&g, &s, "Ce3xe5=T"), "Tirachen: Traitor");
}

// Ruling "The extra move": a side still deploying moves the Traitor
// within its deployment area.
#[test]
fn a_deploying_side_keeps_its_extra_move_in_its_area() {
    let g = game();
    let mut s = pos(&g, "8g/9/9/9/9/9/4t4/3P5/4G4 r dm C/- - 0");
    play(&g, &mut s, "Pd2xe3=T");
    assert_eq!(dests(&g, &s, "e3"), sorted("b3 h3 d1 f1 c2 g2"));
    assert_eq!(refused_by(&g, &s, "Te3-e6"), "Tirachen: deployment phase");
    assert!(legal_texts(&g, &s).contains(&"-".to_string()));
}

// No extra move to decline.
#[test]
fn declining_needs_an_extra_move() {
    let g = game();
    let s = pos(&g, NEUTRAL);
    assert_eq!(refused_by(&g, &s, "-"), "Tirachen: Traitor");
}

// Tirachen "Traitor piece": "If the extra move is used, it must be used only to move the traitor
// piece and must be used immediately; it cannot be saved for later." Declined, the extra move
// is gone: after White's reply Red's turn is an ordinary one — no extra move pending (`-` is
// refused), every piece may move (not only the Traitor), and one action ends the turn.
#[test]
fn a_declined_extra_move_cannot_be_saved_for_later() {
    let g = game();
    let mut s = pos(&g, NEUTRAL);
    play(&g, &mut s, "Ce3xe5=T");
    play(&g, &mut s, "-");
    play(&g, &mut s, "Gi9-h9");
    assert_eq!(g.position_text(&s), "7g1/9/9/9/4T4/9/9/9/G8 r mm -/- - 1");
    assert_eq!(s.extra_move(), None);
    assert!(g.at_turn_start(&s));
    assert_eq!(refused_by(&g, &s, "-"), "Tirachen: Traitor");
    let mut texts = legal_texts(&g, &s);
    texts.sort();
    // The General's three steps and the Traitor's sixteen squares; no `-`.
    let mut expected: Vec<String> = "Ga1-a2 Ga1-b1 Ga1-b2 Te5-b8 Te5-h8 Te5-h5 Te5-h2 Te5-e2 Te5-b2 Te5-b5 Te5-e8 Te5-d7 Te5-f7 Te5-g6 Te5-g4 Te5-f3 Te5-d3 Te5-c4 Te5-c6"
        .split(' ')
        .map(String::from)
        .collect();
    expected.sort();
    assert_eq!(texts, expected);
    // A piece other than the Traitor moves, and the turn passes: nothing was kept back.
    play(&g, &mut s, "Ga1-a2");
    assert_eq!(g.position_text(&s), "7g1/9/9/9/4T4/9/9/G8/9 w mm -/- - 2");
    assert_eq!(g.decision(&s), Decision::Player(Player(1)));
}

// Tirachen "Traitor piece": "it must be used immediately; it cannot be saved for later." Used,
// the extra move gives no second one later: at Red's next turn the Traitor is one piece among
// the others, moving once, after which the turn passes.
#[test]
fn a_used_extra_move_leaves_nothing_for_later() {
    let g = game();
    let mut s = pos(&g, NEUTRAL);
    play(&g, &mut s, "Ce3xe5=T");
    play(&g, &mut s, "Te5-e8");
    play(&g, &mut s, "Gi9-h9");
    assert_eq!(g.position_text(&s), "7g1/4T4/9/9/9/9/9/9/G8 r mm -/- - 1");
    assert_eq!(s.extra_move(), None);
    assert!(g.at_turn_start(&s));
    assert_eq!(refused_by(&g, &s, "-"), "Tirachen: Traitor");
    assert!(legal_texts(&g, &s).contains(&"Ga1-b2".to_string()));
    play(&g, &mut s, "Te8-e5");
    assert_eq!(g.position_text(&s), "7g1/9/9/9/4T4/9/9/9/G8 w mm -/- - 2");
    assert_eq!(s.extra_move(), None);
    assert_eq!(g.decision(&s), Decision::Player(Player(1)));
}

/// The testkit's turn check (`Game::check_turn`, called as each turn of a random game ends):
/// a turn is one action, or the Traitor taken for control with its extra move or the declining
/// of it ("it must be used only to move the traitor piece and must be used immediately").
#[test]
fn a_turn_is_one_action_or_the_traitors_extra_move_after_its_capture() {
    let g = game();
    let start = pos(&g, NEUTRAL);
    let action = |s: &tirachen_rules::Position, t: &str| g.parse_action(s, t).unwrap();
    let turn = |texts: &[&str]| {
        let mut s = start;
        let mut actions = Vec::new();
        for t in texts {
            let a = action(&s, t);
            actions.push(a);
            g.apply(&mut s, game_api::Actor::Player(Player(0)), a);
        }
        g.check_turn(&start, &actions, &s)
    };
    assert_eq!(turn(&["Ce3xe5"]), Ok(()));
    assert_eq!(turn(&["Ce3xe5=T", "-"]), Ok(()));
    assert_eq!(turn(&["Ce3xe5=T", "Te5-e8"]), Ok(()));
    // Cut short, or followed by another piece's move, or two plain moves: not a turn.
    assert!(turn(&["Ce3xe5=T"]).unwrap_err().contains("extra move"));
    let after = {
        let mut s = start;
        g.apply(
            &mut s,
            game_api::Actor::Player(Player(0)),
            action(&start, "Ce3xe5=T"),
        );
        s
    };
    let ga = action(&start, "Ga1-a2");
    let e = g
        .check_turn(&start, &[action(&start, "Ce3xe5=T"), ga], &after)
        .unwrap_err();
    assert!(e.contains("not the Traitor's"), "{e}");
    let e = g.check_turn(&start, &[ga, ga], &after).unwrap_err();
    assert!(e.contains("2 actions in one turn"), "{e}");
    // A turn that leaves the same side to move.
    let e = g.check_turn(&start, &[ga], &start).unwrap_err();
    assert!(e.contains("same side"), "{e}");
}

/// A piece with no action says which rule holds it (`Game::explain_stuck`, what the app says of
/// a click on it): during the Traitor's extra move, any other piece is held by the Traitor rule
/// ("it must be used only to move the traitor piece"); a placed Fort never moves. A review found
/// both told "no legal action".
#[test]
fn a_piece_held_by_a_rule_says_which() {
    let g = game();
    let mut s = pos(&g, NEUTRAL);
    play(&g, &mut s, "Ce3xe5=T");
    let cell = |name: &str| game_api::Cell(sq(name).index() as u16);
    let why = g.explain_stuck(&s, Player(0), cell("a1")).expect("held");
    assert_eq!(why.rule, "Tirachen: Traitor");
    assert!(why.why.contains("e5"), "{why:?}");
    assert_eq!(g.explain_stuck(&s, Player(0), cell("e5")), None);
    let fort = pos(&g, "8g/9/9/9/4*4/9/9/F8/G8 r mm -/- - 0");
    let why = g.explain_stuck(&fort, Player(0), cell("a2")).expect("held");
    assert_eq!(why.rule, "Tirachen: Fort");
    assert!(why.why.contains("does not move"), "{why:?}");
    // A piece whose every reachable square is outside the deployment area says so (a review
    // found "no legal action from d3"); one with a move, or hemmed in by its own pieces, names
    // nothing.
    let deploying = pos(
        &g,
        "4g4/9/9/9/4*4/9/2PPP4/3P5/4G4 r dd FCS3A3W3P5/fcs3a3w3p9 - 0",
    );
    let why = g
        .explain_stuck(&deploying, Player(0), cell("d3"))
        .expect("held");
    assert_eq!(why.rule, "Tirachen: deployment phase");
    assert!(why.why.contains("deployment area"), "{why:?}");
    assert_eq!(g.explain_stuck(&deploying, Player(0), cell("c3")), None);
}

/// A tray pick with no open square to enter says why, the same on every square (what the app
/// shows for the pick): a mobilized side whose homeland is full (a review found "no legal
/// action places P now").
#[test]
fn a_full_homeland_is_named_for_every_square() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/4*4/9/9/9/3PGP3 r mm P7/- - 0");
    for name in ["a1", "e1", "e5", "i9"] {
        let cell = game_api::Cell(sq(name).index() as u16);
        let why = g.explain_place(&s, Player(0), "P", cell);
        assert_eq!(why.rule, "Tirachen: mobilized phase", "{name}");
        assert!(why.why.contains("none is open"), "{name}: {why:?}");
    }
}
