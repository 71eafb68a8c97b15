//! The hash (`Position::hash`, the game API's `Game::hash`): equal states hash equal (the
//! testkit checks this through undo and position text); distinct states hash apart.
use game_testkit::{Playouts, check_hashes_apart};
use std::sync::Arc;
use veney_rules::{Position, Rules, VeneyGame};

/// Distinct states of seeded random games, with the Hug's sealed hands and the Donkey in play
/// (a short no-contest count, §2.0.20, brings draws and so the Hug, §2.0.23), hash apart, and a
/// spectator's view of a sealed hand hashes apart from the state.
#[test]
fn distinct_states_of_random_games_hash_apart() {
    // Games with the no-contest count at 6 are short: fewer states.
    for (hug, donkey, floor) in [(false, false, 20_000), (true, true, 1_500)] {
        let o = veney_rules::options::RuleOptions {
            hug,
            donkey,
            no_contest_turns: hug.then_some(6),
            ..Default::default()
        };
        let g = Arc::new(VeneyGame::new(Arc::new(Rules::standard_with(o))));
        let cfg = Playouts {
            games: 200,
            seed: 0x4A5,
            max_actions: 400,
            check_every: 0,
            ..Playouts::default()
        };
        let seen = check_hashes_apart(&g, None, &cfg).unwrap_or_else(|e| panic!("{e}"));
        assert!(seen > floor, "{seen}");
    }
}

/// The rarer parts of a state packed together into the hash do not overlap: the square the free
/// engagement came from (§2.0.05; `freefrom=`) was packed one bit into White's time
/// penalties (`penalties=`), so the engagement come from the last square and one penalty of
/// White's hashed alike (a review found it).
#[test]
fn the_free_engagements_origin_and_a_penalty_hash_apart() {
    let r = Rules::standard();
    let base = "2@1/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
    let came = Position::from_text(&r, &format!("{base} freefrom=Z16:0")).unwrap();
    let penalty = Position::from_text(&r, &format!("{base} penalties=1/0")).unwrap();
    let plain = Position::from_text(&r, base).unwrap();
    assert_ne!(came, penalty);
    assert_ne!(came.hash(), penalty.hash());
    assert_ne!(came.hash(), plain.hash());
    assert_ne!(penalty.hash(), plain.hash());
}

/// The ending is part of the state: the same board drawn for no contest or won by touch hashes
/// apart (a review found the hash folding in only that the game was over).
#[test]
fn endings_of_the_same_board_hash_apart() {
    let r = Rules::standard();
    let board = "4/4/4/bsw1/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/cdgljr";
    let hashes: Vec<u64> = ["", " over=nocontest", " over=touch:w", " over=agreed"]
        .iter()
        .map(|o| {
            Position::from_text(&r, &format!("{board}{o}"))
                .unwrap()
                .hash()
        })
        .collect();
    for i in 0..hashes.len() {
        for j in i + 1..hashes.len() {
            assert_ne!(hashes[i], hashes[j], "{i} and {j}");
        }
    }
}
