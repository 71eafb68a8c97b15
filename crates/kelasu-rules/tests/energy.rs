//! Turns and energy (rulings, "Turns and energy", quoting the text): energy is the mover's Stones at the start of each turn,
//! every move costs 1, no piece moves twice, the turn ends when energy runs out (or by `end`,
//! when no piece can act or under `EndEarly=yes`).
mod common;
use common::*;
use game_api::{Actor, Game, Player};
use kelasu_rules::{Action, Side, rules};

#[test]
fn start_of_game_energy_and_first_turn() {
    let g = game();
    let mut s = g.start();
    // "at the start, it's 4"; "Blue goes first".
    assert_eq!((s.to_move(), s.energy()), (Side::Blue, 4));
    assert!(g.at_turn_start(&s));
    // No `end` before acting (ruling "Passing and stalemate").
    assert!(!legal(&g, &s).contains(&Action::End));
    play(&g, &mut s, "B1-C1");
    assert_eq!(s.energy(), 3);
    assert!(!g.at_turn_start(&s));
    play(&g, &mut s, "A1-B1 B3-C3 B4-C4");
    // "Once your energy runs out, your turn ends."
    assert_eq!((s.to_move(), s.energy()), (Side::Red, 4));
    assert!(g.at_turn_start(&s));
}

#[test]
fn no_piece_moves_twice() {
    let g = game();
    let mut s = g.start();
    play(&g, &mut s, "B1-C1");
    // "You cannot move the same piece twice in the same turn."
    let again = Action::Move {
        from: sq("C1"),
        to: sq("D1"),
    };
    assert!(!legal(&g, &s).contains(&again));
    let r = g
        .play_checked(&mut s, Actor::Player(Player(0)), again)
        .unwrap_err();
    assert_eq!(r.rule, rules::ONCE_PER_TURN);
    // A Blank that moved may still merge (ruling "Merging Blanks that moved").
    play(&g, &mut s, "B3-C3 B4-C4");
    assert_eq!(s.energy(), 1);
    play(&g, &mut s, "W=C3/C4");
    assert_eq!(
        s.piece_at(sq("C3")).unwrap().kind,
        kelasu_rules::Kind::Warrior
    );
    assert_eq!(
        s.to_move(),
        Side::Red,
        "the merge overspent the last energy"
    );
}

// "Once your energy runs out, your turn ends." (ruling "Ending a turn"): with energy left and a
// piece that can still act, the turn goes on; `end` is refused, naming the rule.
#[test]
fn the_turn_goes_on_while_energy_is_left_and_a_piece_can_act() {
    let g = game();
    let mut s = g.start();
    play(&g, &mut s, "B1-C1");
    assert!(!legal(&g, &s).contains(&Action::End));
    let r = g
        .play_checked(&mut s, Actor::Player(Player(0)), Action::End)
        .unwrap_err();
    assert_eq!(r.rule, rules::TURN_END);
    assert!(r.why.contains("3 energy left"), "{}", r.why);
    assert_eq!((s.to_move(), s.energy()), (Side::Blue, 3));
}

// Under `EndEarly=yes` (house rule) a player who has acted may end the turn at any point.
#[test]
fn end_early_passes_the_turn_with_energy_left() {
    let g = kelasu_rules::Kelasu::new(kelasu_rules::KelasuOptions {
        end_early: true,
        ..Default::default()
    });
    let mut s = g.start();
    assert!(!legal(&g, &s).contains(&Action::End), "not before acting");
    play(&g, &mut s, "B1-C1 end");
    assert_eq!((s.to_move(), s.energy()), (Side::Red, 4));
}

// With energy left but no piece that can act (each moved, Stones never move), `end` is the one
// action: the turn cannot go on. Red's energy counts Red's Stones: capture one and Red has
// fewer next turn.
#[test]
fn end_is_the_one_action_when_no_piece_can_act() {
    let g = game();
    let mut s = pos("C0:S C2:S E4:G H4:s H0:s j0:w", Side::Blue);
    play(&g, &mut s, "E4xH4");
    assert_eq!(s.energy(), 1);
    assert_eq!(legal(&g, &s), vec![Action::End]);
    play(&g, &mut s, "end");
    assert_eq!((s.to_move(), s.energy()), (Side::Red, 1));
}

#[test]
fn conversion_sacrifices_the_diplomat_and_the_piece_moves_at_once() {
    let g = game();
    // Text: "Converting a piece sacrifices the original Diplomat."; "Newly merged or converted
    // pieces can move on the same turn".
    let mut s = pos("E4:D F5:g A0:S A1:S j9:s j0:w", Side::Blue);
    play(&g, &mut s, "E4%F5");
    assert!(s.piece_at(sq("E4")).is_none());
    assert_eq!(s.piece_at(sq("F5")).unwrap().side, Side::Blue);
    assert_eq!(s.energy(), 1, "a conversion costs 1");
    play(&g, &mut s, "F5xJ9");
    assert!(matches!(g.decision(&s), game_api::Decision::Over(o) if o.winner() == Some(Player(0))));
}

#[test]
fn recall_plays_as_a_move() {
    let g = game();
    let mut s = pos("J3:W A0:S A9:S j9:s j0:w", Side::Blue);
    play(&g, &mut s, "J3@A3");
    assert_eq!(
        s.piece_at(sq("A3")).unwrap().kind,
        kelasu_rules::Kind::Warrior
    );
    assert_eq!(s.energy(), 1);
    assert!(
        !legal(&g, &s)
            .iter()
            .any(|a| matches!(a, Action::Move { from, .. } if *from == sq("A3")))
    );
}

#[test]
fn a_stone_gained_mid_turn_counts_from_the_next_turn() {
    // "At the start of each turn, your Energy is calculated": a Stone converted mid-turn adds
    // nothing to this turn's energy, and counts at Blue's next turn start.
    let g = game();
    let mut s = pos("E4:D F5:s C5:W A0:S A1:S j9:s j0:w", Side::Blue);
    assert_eq!(s.energy(), 2);
    play(&g, &mut s, "E4%F5");
    assert_eq!(s.energy(), 1);
    play(&g, &mut s, "C5-D5");
    assert_eq!(s.to_move(), Side::Red);
    play(&g, &mut s, "J0-I0");
    assert_eq!((s.to_move(), s.energy()), (Side::Blue, 3));
}

// "Once your energy runs out, your turn ends." (ruling "Ending a turn"), when every piece has
// moved but two moved Blanks may still merge (ruling "Merging Blanks that moved"): `end` is
// refused by the same rule, and the reason names the merge, not "a piece can still act".
#[test]
fn end_refused_while_only_a_merge_is_left_names_the_merge() {
    let g = game();
    let mut s = pos("A0:S A1:S A2:S C8:B C9:B j9:s j0:g", Side::Blue);
    play(&g, &mut s, "C8-D8 C9-D9");
    assert_eq!(s.energy(), 1);
    let legal = legal(&g, &s);
    assert!(!legal.contains(&Action::End));
    assert!(
        legal.iter().all(|a| matches!(a, Action::Merge { .. })),
        "only merges are left: {legal:?}"
    );
    let r = g
        .play_checked(&mut s, Actor::Player(Player(0)), Action::End)
        .unwrap_err();
    assert_eq!(r.rule, rules::TURN_END);
    assert!(
        r.why.contains("1 energy left and Blanks can still merge"),
        "{}",
        r.why
    );
}
