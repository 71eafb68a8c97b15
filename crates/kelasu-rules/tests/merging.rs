//! Merging (rulings, "Merging", quoting the text): "Blanks that are next to each other and outside of their starting 2
//! rows can Merge into another piece on any of the blanks' squares", at the cost table.
mod common;
use common::*;
use kelasu_rules::{Action, KelasuOptions, Kind, Side, moves::merges};

fn all_merges(s: &kelasu_rules::Position, side: Side) -> Vec<(Kind, String, Vec<String>)> {
    let mut v = Vec::new();
    merges(s, &KelasuOptions::default(), side, &mut v);
    v.into_iter()
        .map(|(k, to, b)| (k, to.name(), b.squares().map(|s| s.name()).collect()))
        .collect()
}

#[test]
fn the_texts_example() {
    // The diagram: [B1] in Blue's rows; C1 D1; (C4) alone; D5 D6 E4 E5; H5 H6 I4 I5 J5.
    let s = pos(
        "B1:B C1:B D1:B C4:B D5:B D6:B E4:B E5:B H5:B H6:B I4:B I5:B J5:B A0:S j9:s j0:g",
        Side::Blue,
    );
    let m = all_merges(&s, Side::Blue);
    // "[B1] cannot merge; it is within Blue's territory."
    assert!(m.iter().all(|(_, _, b)| !b.contains(&"B1".to_string())));
    // "(C4) does not connect to D5."
    assert!(m.iter().all(|(_, _, b)| !b.contains(&"C4".to_string())));
    // C1 D1 make a Warrior on either square.
    assert!(m.contains(&(Kind::Warrior, "C1".into(), vec!["C1".into(), "D1".into()])));
    assert!(m.contains(&(Kind::Warrior, "D1".into(), vec!["C1".into(), "D1".into()])));
    // "[H5|H6|I4|I5]=>(J5) is valid; Blue can merge inside Red's territory": the five Blanks
    // make a Champion (cost 5) on J5.
    let five: Vec<String> = ["H5", "H6", "I4", "I5", "J5"].map(String::from).to_vec();
    assert!(m.contains(&(Kind::Champion, "J5".into(), five)));
    // Without J5 the four make a Runner or a Diplomat, and on none but their own squares.
    let four: Vec<String> = ["H5", "H6", "I4", "I5"].map(String::from).to_vec();
    assert!(m.contains(&(Kind::Runner, "I4".into(), four.clone())));
    assert!(!m.contains(&(Kind::Runner, "J5".into(), four)));
}

#[test]
fn a_square_block_counts() {
    // A 2×2 block D4 D5 E4 E5: 4 pairs × 2 squares (Warriors) + 1 set × 4 squares × 2 kinds
    // (Runner, Diplomat) = 16; 5 or more Blanks do not exist.
    let s = pos("D4:B D5:B E4:B E5:B A0:S j9:s j0:g", Side::Blue);
    assert_eq!(all_merges(&s, Side::Blue).len(), 16);
}

#[test]
fn not_across_the_end_of_a_rank_nor_diagonally() {
    // C9 and D0 are consecutive squares but not next to each other; C4 D5 touch only at a corner.
    let s = pos("C9:B D0:B C4:B D5:B A0:S j9:s j0:g", Side::Blue);
    assert!(all_merges(&s, Side::Blue).is_empty());
    // Same file, consecutive ranks: next to each other.
    let s = pos("C9:B D9:B A0:S j9:s j0:g", Side::Blue);
    assert_eq!(all_merges(&s, Side::Blue).len(), 2);
}

#[test]
fn home_rows_for_each_side() {
    // Red's Blanks on I and J do not merge; on A and B (Blue's rows) they do.
    let s = pos("I4:b I5:b A4:b A5:b J9:s a0:G", Side::Red);
    let m = all_merges(&s, Side::Red);
    assert_eq!(m.len(), 2);
    assert!(
        m.iter()
            .all(|(_, _, b)| b == &vec!["A4".to_string(), "A5".into()])
    );
    // One inside, one outside: no merge (the Blank on B5 is in Blue's rows).
    let s = pos("B5:B C5:B A0:S j9:s j0:g", Side::Blue);
    assert!(all_merges(&s, Side::Blue).is_empty());
}

#[test]
fn merging_plays_and_the_new_piece_moves_the_same_turn() {
    use game_api::Game;
    let g = game();
    let mut s = pos("D4:B D5:B A0:S A1:S A2:S j9:s j0:g", Side::Blue);
    play(&g, &mut s, "W=D4/D5");
    assert_eq!(s.piece_at(sq("D4")).unwrap().kind, Kind::Warrior);
    assert!(s.piece_at(sq("D5")).is_none());
    assert_eq!(s.energy(), 1, "3 energy less the 2 Blanks used");
    // "Newly merged or converted pieces can move on the same turn"
    play(&g, &mut s, "D4-E4");
    assert_eq!(s.to_move(), Side::Red, "energy ran out");
    assert!(g.check_invariants(&s).is_ok());
}

#[test]
fn merging_with_too_little_energy_ends_the_turn() {
    let g = game();
    // One Stone: energy 1, yet a Runner (4 Blanks) may be merged; the turn ends.
    let mut s = pos("D4:B D5:B E4:B E5:B A0:S j9:s j8:s j0:g", Side::Blue);
    assert_eq!(s.energy(), 1);
    play(&g, &mut s, "R=E5/D4+D5+E4");
    assert_eq!(s.to_move(), Side::Red);
    // "Negative Energy does not carry over": Red has its two Stones' worth.
    assert_eq!(s.energy(), 2);
    play(&g, &mut s, "J0-I0 end");
    assert_eq!(s.energy(), 1, "Blue again: its Stones, not 1 - 4");
}

#[test]
fn a_stone_from_twenty_one_blanks() {
    use game_api::Game;
    let g = game();
    // 21 Blanks: rows C–D full (20, Stones elsewhere) plus E0; Blue has 1 Stone on A0.
    let mut list = String::from("A0:S j9:s j0:g E0:B");
    for r in ["C", "D"] {
        for f in 0..10 {
            list.push_str(&format!(" {r}{f}:B"));
        }
    }
    let s = pos(&list, Side::Blue);
    let stones: Vec<Action> = legal(&g, &s)
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Merge {
                    kind: Kind::Stone,
                    ..
                }
            )
        })
        .collect();
    // Every connected 21-set is all 21 Blanks: one set, 21 squares.
    assert_eq!(stones.len(), 21);
    let mut t = s;
    g.apply(
        &mut t,
        game_api::Actor::Player(game_api::Player(0)),
        stones[0],
    );
    assert_eq!(t.stones(Side::Blue), 2);
}

/// The cost table: "General | 10", "Champion | 5", "Diplomat | 4" — that many Blanks, and that
/// much energy ("Merging will cost you as much Energy as the number of Blanks used."). Six Stones give
/// six energy: a Diplomat leaves 2, a Champion 1, and a General (10) ends the turn.
#[test]
fn a_general_costs_ten_blanks_a_champion_five_and_a_diplomat_four() {
    use game_api::Game;
    let g = game();
    let stones = "A0:S A1:S A2:S A3:S A4:S A5:S j9:s j0:g";
    // Ten Blanks in a row, D0–D9.
    let row: String = (0..10).map(|f| format!(" D{f}:B")).collect();
    let s = pos(&format!("{stones}{row}"), Side::Blue);
    assert_eq!(s.energy(), 6);
    for (text, kind, left) in [
        ("D=D0/D1+D2+D3", Kind::Diplomat, 2),
        ("C=D0/D1+D2+D3+D4", Kind::Champion, 1),
    ] {
        let mut t = s.clone();
        play(&g, &mut t, text);
        assert_eq!(t.piece_at(sq("D0")).unwrap().kind, kind);
        assert_eq!((t.to_move(), t.energy()), (Side::Blue, left), "{text}");
    }
    let mut t = s.clone();
    play(&g, &mut t, "G=D0/D1+D2+D3+D4+D5+D6+D7+D8+D9");
    assert_eq!(t.piece_at(sq("D0")).unwrap().kind, Kind::General);
    assert!((1..10).all(|f| t.piece_at(sq(&format!("D{f}"))).is_none()));
    assert_eq!(
        t.to_move(),
        Side::Red,
        "10 energy spent of 6: the turn ends"
    );
    // Nine Blanks are not a General.
    let nine = Action::Merge {
        kind: Kind::General,
        to: sq("D0"),
        blanks: (0..9).fold(kelasu_rules::Bitboard::EMPTY, |b, f| {
            b.with(sq(&format!("D{f}")))
        }),
    };
    assert!(!legal(&g, &s).contains(&nine));
    let r = g
        .play_checked(
            &mut s.clone(),
            game_api::Actor::Player(game_api::Player(0)),
            nine,
        )
        .unwrap_err();
    assert_eq!(r.rule, kelasu_rules::rules::MERGE_COST);
    assert!(r.why.contains("costs 10 Blanks, not 9"), "{r:?}");
}
