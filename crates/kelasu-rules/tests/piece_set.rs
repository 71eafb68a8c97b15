//! The piece set's counts are no limit (rule text, "In each set"): "* Because Diplomats can
//! convert pieces, there can be up to 5 Champions, 3 Generals, or 8 Stones on one side at a time.
//! This is solved the same way Physical Chess solves having up to 9 Queens: by not solving it".
//! A conversion past the box's count (4 Champions, 2 Generals, 4 Stones) is legal, and the
//! position it leaves satisfies the invariants and reads back from its text.
mod common;
use common::*;
use game_api::{Decision, Game, Player};
use kelasu_rules::{Action, Kind, Position, Side};

/// The position satisfies the invariants and its text reads back to it.
fn sound(g: &kelasu_rules::Kelasu, s: &Position) {
    g.check_invariants(s).unwrap();
    let text = g.position_text(s);
    assert_eq!(g.parse_position(&text), Ok(s.clone()), "{text}");
}

// "there can be up to ... 3 Generals ... on one side at a time": Blue holds the box's 2 and its
// Diplomat converts Red's General ("Converting a piece sacrifices the original Diplomat").
#[test]
fn a_third_general_by_conversion() {
    let g = game();
    let mut s = pos("E4:D F5:g A0:G A9:G C0:S j9:s j0:w", Side::Blue);
    let convert = Action::Convert {
        from: sq("E4"),
        target: sq("F5"),
    };
    assert!(legal(&g, &s).contains(&convert));
    play(&g, &mut s, "E4%F5");
    assert_eq!(s.count(Side::Blue, Kind::General), 3);
    assert!(s.piece_at(sq("E4")).is_none());
    // Blue's one energy spent: Red's turn, and the game goes on.
    assert_eq!(g.decision(&s), Decision::Player(Player(1)));
    sound(&g, &s);
}

// "up to 5 Champions": Blue holds the box's 4 and converts a fifth; mid-turn, Blue acts on.
#[test]
fn a_fifth_champion_by_conversion() {
    let g = game();
    let mut s = pos(
        "E4:D F3:c A0:C A1:C A2:C A3:C C0:S C9:S j9:s j0:w",
        Side::Blue,
    );
    play(&g, &mut s, "E4%F3");
    assert_eq!(s.count(Side::Blue, Kind::Champion), 5);
    assert_eq!((s.to_move(), s.energy()), (Side::Blue, 1));
    assert_eq!(g.decision(&s), Decision::Player(Player(0)));
    sound(&g, &s);
}

// "or 8 Stones": Blue's 4 Stones give 4 energy, and four Diplomats convert Red's four. The two
// sets hold 8 Stones and none is made in play (a Stone costs 21 Blanks, more than a side ever
// holds), so the eighth on one side is the other's last: "Your opponent has no Stones left",
// and Blue has won (a review found a fixture with a fifth Red Stone, which no game reaches).
#[test]
fn an_eighth_stone_by_conversion() {
    let g = game();
    let mut s = pos(
        "G0:D G3:D G6:D G9:D C0:S C2:S C7:S C9:S A5:W H1:s H4:s H7:s H8:s J0:w",
        Side::Blue,
    );
    assert_eq!(s.energy(), 4);
    play(&g, &mut s, "G0%H1 G3%H4 G6%H7 G9%H8");
    assert_eq!(s.count(Side::Blue, Kind::Stone), 8);
    assert!(
        matches!(g.decision(&s), Decision::Over(ref o) if o.results.first() == Some(&game_api::PlayerResult::Win)),
        "{:?}",
        g.decision(&s)
    );
    sound(&g, &s);
}
