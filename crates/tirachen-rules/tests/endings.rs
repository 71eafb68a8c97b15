//! How a game ends (rule text, "OBJECTIVE": "capture the opposing player's general or occupy all
//! three squares of his homeland with your units"), and the endings the rulings add.
mod common;
use common::*;
use game_api::{Decision, Game, Outcome, Player, PlayerResult};

fn over(g: &tirachen_rules::Tirachen, s: &tirachen_rules::Position) -> Outcome {
    match g.decision(s) {
        Decision::Over(o) => o,
        d => panic!("not over: {d:?} in {}", g.position_text(s)),
    }
}

// Tirachen "OBJECTIVE": capture the opposing General.
#[test]
fn taking_the_general_wins() {
    let g = game();
    let mut s = pos(&g, "g8/7p1/4P4/9/1p2C4/9/9/9/4G4 r mm -/- - 0");
    play(&g, &mut s, "Ce5xa9");
    let o = over(&g, &s);
    assert_eq!(o.winner(), Some(Player(0)));
    assert_eq!(o.reason, "General taken");
    let mut none = Vec::new();
    g.legal_actions(&s, Player(1), &mut none);
    assert!(none.is_empty());
}

// Tirachen "OBJECTIVE": occupy all three squares of the opposing homeland (d9 e9 f9), checked as
// soon as the move is made (ruling "Winning").
#[test]
fn occupying_the_homeland_wins() {
    let g = game();
    let mut s = pos(&g, "3PP4/9/g8/9/5C3/9/9/9/4G4 r mm -/- - 0");
    assert_eq!(g.decision(&s), Decision::Player(Player(0)));
    play(&g, &mut s, "Cf5-f9");
    let o = over(&g, &s);
    assert_eq!(o.winner(), Some(Player(0)));
    assert_eq!(o.reason, "homeland occupied");
}

// Ruling "A controlled Traitor": a controlled Traitor is one of your units. White holds d1 and e1 with Pikes
// and completes the homeland with its Traitor.
#[test]
fn a_controlled_traitor_counts_as_a_unit() {
    let g = game();
    let mut s = pos(&g, "4g4/9/9/9/9/9/6t2/9/G2pp4 w mm -/- - 0");
    play(&g, &mut s, "Tg3-f1");
    let o = over(&g, &s);
    assert_eq!(o.winner(), Some(Player(1)));
    assert_eq!(o.reason, "homeland occupied");
}

// Rulings "Draws" and "A side with no legal action": the quiet count draws a game nobody can
// win, not one just won. Red's 100th quiet turn leaves White no action (the position above with
// Red's General a step away): Red wins, as a mate on chess's fiftieth move wins.
#[test]
fn no_legal_action_outranks_the_quiet_turn_draw() {
    let g = game();
    let mut s = pos(&g, "9/9/9/9/9/8G/1F7/9/gpP6 r mm -/- - 99");
    play(&g, &mut s, "Gi4-i5");
    assert_eq!(s.quiet_turns(), 100);
    let o = over(&g, &s);
    assert_eq!(o.winner(), Some(Player(0)));
    assert_eq!(o.reason, "no legal action");
    // The control: with an action left to White, the 100th quiet turn draws.
    let mut d = pos(&g, "9/9/9/9/9/8G/9/9/gpP6 r mm -/- - 99");
    play(&g, &mut d, "Gi4-i5");
    assert_eq!(over(&g, &d).reason, "quiet turns");
}

// Ruling "A side with no legal action": a side that cannot act loses. White's General on a1 is hemmed by
// its own Pike b1 and by the ring of Red's Fort b3 (a2, b2); the Pike cannot step to b2 (ring)
// or c1 (taken by a Red Pike) and has no square diagonally forward.
#[test]
fn a_side_with_no_legal_action_loses() {
    let g = game();
    let s = pos(&g, "9/9/9/9/8G/9/1F7/9/gpP6 w mm -/- - 0");
    let o = over(&g, &s);
    assert_eq!(o.winner(), Some(Player(0)));
    assert_eq!(o.reason, "no legal action");
}

// Ruling "A side with no legal action", option `NoActionLoses=no`: the text says nothing of it,
// and players who expect a stalemate drawn draw it (a review found the loss ruled with no
// option, though players would disagree).
#[test]
fn a_side_with_no_legal_action_draws_under_the_option() {
    let g = game_with(|o| o.no_action_loses = false);
    let s = pos(&g, "9/9/9/9/8G/9/1F7/9/gpP6 w mm -/- - 0");
    let o = over(&g, &s);
    assert_eq!(o.results, vec![PlayerResult::Draw, PlayerResult::Draw]);
    assert_eq!(o.reason, "no legal action");
}

// Ruling "Draws" (option QuietTurns): with the option on, the game is drawn after that many
// turns in a row with nothing captured, placed or mobilized; with it off, play goes on.
#[test]
fn quiet_turns_draw_follows_the_option() {
    let text = "8g/9/9/9/9/9/9/9/G8 r mm -/- - 2";
    let on = game_with(|o| o.quiet_turn_limit = Some(3));
    let mut s = pos(&on, text);
    play(&on, &mut s, "Ga1-a2");
    let o = over(&on, &s);
    assert_eq!(o.results, vec![PlayerResult::Draw, PlayerResult::Draw]);
    assert_eq!(o.reason, "quiet turns");
    let off = game_with(|o| o.quiet_turn_limit = None);
    let mut s = pos(&off, text);
    play(&off, &mut s, "Ga1-a2");
    assert_eq!(off.decision(&s), Decision::Player(Player(1)));
    assert_eq!(s.quiet_turns(), 3);
}

// Ruling "Draws": a capture, a placement or a mobilization starts the count again.
#[test]
fn a_capture_resets_the_quiet_count() {
    let g = game();
    let mut s = pos(&g, "8g/9/9/9/9/9/9/p8/G8 r mm -/- - 40");
    play(&g, &mut s, "Ga1xa2");
    assert_eq!(s.quiet_turns(), 0);
    play(&g, &mut s, "Gi9-h9");
    assert_eq!(s.quiet_turns(), 1);
}

// Ruling "Draws": placements and mobilizations reset the count too, not captures alone.
#[test]
fn a_placement_or_a_mobilization_resets_the_quiet_count() {
    let g = game();
    let mut s = pos(&g, "4g4/9/9/9/9/9/9/9/4G4 r mm P2/- - 40");
    play(&g, &mut s, "P@d1");
    assert_eq!(s.quiet_turns(), 0);
    let mut s = pos(&g, "4g4/9/9/9/9/9/9/9/4G4 r dd P/p - 40");
    play(&g, &mut s, "mob");
    assert_eq!(s.quiet_turns(), 0);
}
