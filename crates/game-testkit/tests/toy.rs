//! The API and the testkit on the toy game `Bids` (tests/common): simultaneous sealed bids, a die
//! thrown by chance, three rounds. A leaky variant and a broken-notation variant prove the checks
//! can fail.
mod common;

use common::{Act, Bids, GOOD};
use game_api::{Actor, Game, Match, Player, Viewer};
use game_testkit::{Playouts, check_observations, check_save_roundtrip, perft, random_playouts};
use std::sync::Arc;

#[test]
fn perft_counts_simultaneous_and_chance_branches() {
    // One round: 3 bids for the first seat, 3 for the second, 3 faces = 27 actions, each its own
    // turn (the default `at_turn_start`).
    assert_eq!(perft(&GOOD, &GOOD.start(), 1), 3);
    assert_eq!(perft(&GOOD, &GOOD.start(), 2), 9);
    assert_eq!(perft(&GOOD, &GOOD.start(), 3), 27);
}

#[test]
fn random_playouts_pass_on_a_sound_game() {
    let r = random_playouts(
        &Arc::new(GOOD),
        None,
        &Playouts {
            games: 300,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(r.games, 300);
    assert_eq!(r.endings.values().sum::<u32>(), 300);
    assert!(r.endings.contains_key("score"));
}

#[test]
fn a_leaked_secret_is_caught() {
    let leaky = Bids {
        hide: false,
        bad_text: false,
    };
    let mut s = leaky.start();
    leaky.apply(&mut s, Actor::Player(Player(0)), Act::Bid(2));
    let err = check_observations(&leaky, &s).unwrap_err();
    assert!(err.contains("sealed bid 2"), "{err}");
    assert!(check_observations(&GOOD, &s).is_ok());
    let err = random_playouts(&Arc::new(leaky), None, &Playouts::default()).unwrap_err();
    assert!(err.contains("secrets"), "{err}");
}

#[test]
fn broken_notation_is_caught() {
    let bad = Bids {
        hide: true,
        bad_text: true,
    };
    let err = random_playouts(&Arc::new(bad), None, &Playouts::default()).unwrap_err();
    assert!(err.contains("reads back as"), "{err}");
}

#[test]
fn a_match_hides_sealed_bids_and_replays_from_its_seed() {
    let g = Arc::new(GOOD);
    let mut m = Match::new(g.clone(), 5);
    m.play_text("2|b1").unwrap();
    // The first seat's record shows the second seat's sealed bid as hidden.
    assert_eq!(m.record(Viewer::Player(Player(0))), "1. ?");
    assert_eq!(m.record(Viewer::Player(Player(1))), "1. 2|b1");
    // A refused action says which rule refused it.
    assert_eq!(
        m.play(Actor::Player(Player(1)), Act::Bid(0))
            .unwrap_err()
            .rule,
        "turn order"
    );
    m.play_text("1|b2").unwrap();
    let d1 = m.draw_chance().unwrap();
    // Undo and redraw: the same face (the generator is rewound).
    m.undo();
    assert_eq!(m.draw_chance().unwrap(), d1);
    check_save_roundtrip(&m).unwrap();
    let save = m.save_text(Viewer::Player(Player(0)));
    assert!(Match::load_text(g.clone(), &save).is_err());
    // A record that does not read says where.
    let referee = m.save_text(Viewer::Referee).replace("1|b2", "1|b7");
    let err = Match::load_text(g, &referee).unwrap_err().to_string();
    assert!(err.contains("b7"), "{err}");
}
