//! `movegen::Sampler`: a random playout's draw without listing every action. Along seeded random
//! games of every shipped army (and with the Donkey), the sampler counts exactly the actions
//! `legal_actions` lists and makes each of them at its index — so its draw is the list's draw,
//! and a seeded playout plays the same game either way.
mod common;
use common::{ARMIES, game};
use rand::Rng;
use std::sync::Arc;
use veney_rules::{Position, Rules, movegen, playout, rng};

/// Every index of every position along `games` seeded random games: the sampler's count and
/// actions are the list's.
fn sampler_matches_the_list(rules: &Rules, games: u64, seed: u64) -> usize {
    let mut sampler = movegen::Sampler::new();
    let mut list = Vec::new();
    let mut positions = 0;
    for g in 0..games {
        let mut pos = Position::start(rules);
        let mut r = rng::seeded(seed + g);
        for _ in 0..300 {
            if pos.is_game_over() {
                break;
            }
            movegen::legal_actions(rules, &pos, &mut list);
            let n = sampler.plan(rules, &pos);
            assert_eq!(n, list.len(), "the count in {}", pos.to_text(rules));
            for (i, a) in list.iter().enumerate() {
                assert_eq!(
                    sampler.action(rules, &pos, i),
                    *a,
                    "action {i} in {}",
                    pos.to_text(rules)
                );
            }
            positions += 1;
            let a = list[r.random_range(0..list.len())];
            pos.play_unchecked(rules, a);
        }
    }
    positions
}

#[test]
fn the_sampler_lists_what_legal_actions_lists_standard() {
    assert!(sampler_matches_the_list(&Rules::standard(), 40, 7) > 4_000);
}

#[test]
fn the_sampler_lists_what_legal_actions_lists_every_army() {
    for army in ARMIES {
        let rules = game(army, "standard");
        assert!(sampler_matches_the_list(&rules, 30, 100) > 1_500, "{army}");
    }
}

#[test]
fn the_sampler_lists_what_legal_actions_lists_with_the_donkey() {
    let mut o = Rules::standard().options.clone();
    o.donkey = true;
    assert!(sampler_matches_the_list(&Rules::standard_with(o), 10, 300) > 1_000);
}

/// §2.0.13 placements and the Self's moves are counted, not listed: a position with a full
/// reserve beside the Self still draws every placement.
#[test]
fn placements_are_drawn_by_index() {
    let rules = Rules::standard();
    let pos = Position::start(&rules);
    let mut sampler = movegen::Sampler::new();
    let n = sampler.plan(&rules, &pos);
    let places = (0..n)
        .map(|i| sampler.action(&rules, &pos, i))
        .filter(|a| matches!(a, veney_rules::Action::Place { .. }))
        .count();
    assert!(places > 0, "the start offers placements");
    assert_eq!(n, pos.legal_actions(&rules).len());
}

/// An unchecked seeded playout (which draws with the sampler) plays the same game as a checked
/// one (which draws from the list, and checks the sampler agrees at every step).
#[test]
fn a_sampled_playout_is_the_listed_playout() {
    let rules = Arc::new(Rules::standard());
    let start = Position::start(&rules);
    for seed in 0..20 {
        let fast = playout::random_game(&rules, start, &mut rng::seeded(seed), 200, false).unwrap();
        let listed =
            playout::random_game(&rules, start, &mut rng::seeded(seed), 200, true).unwrap();
        assert_eq!(
            (fast.actions, fast.turns, &fast.ending),
            (listed.actions, listed.turns, &listed.ending),
            "seed {seed}"
        );
    }
}

/// The game API's `random_action` (what the computer's playouts call) draws with the sampler:
/// the same action, and the same numbers from the generator, as the list-and-index default.
#[test]
fn the_game_apis_random_action_is_the_lists_draw() {
    use game_api::{Decision, Game};
    let game = veney_rules::VeneyGame::new(Arc::new(Rules::standard()));
    let mut s = game.start();
    let (mut fast, mut listed) = (game_api::seeded(11), game_api::seeded(11));
    let mut scratch = Vec::new();
    let mut drawn = 0;
    for _ in 0..400 {
        let p = match game.decision(&s) {
            Decision::Player(p) => p,
            Decision::Chance => {
                let a = game.sample_chance(&s, &mut fast);
                assert_eq!(game.sample_chance(&s, &mut listed), a);
                game.apply(&mut s, game_api::Actor::Chance, a);
                continue;
            }
            _ => break,
        };
        let a = game.random_action(&s, p, &mut fast, &mut scratch).unwrap();
        game.legal_actions(&s, p, &mut scratch);
        assert_eq!(a, scratch[listed.random_range(0..scratch.len())]);
        scratch.clear();
        // Not this player's decision: nothing to draw.
        assert_eq!(
            game.random_action(&s, p.other(), &mut fast, &mut scratch),
            None
        );
        game.apply(&mut s, game_api::Actor::Player(p), a);
        drawn += 1;
    }
    assert!(drawn > 100);
}

/// §2.0.17 Passing: after two passes in a row the first passer must move — a pass is offered only
/// to a player with nothing else to do. Every other action here is counted, none listed: the
/// sampler still knows the phase has actions and offers no pass (a random playout found this).
#[test]
fn no_third_pass_when_pieces_can_move() {
    let rules = game("standard", "illusionist");
    let pos = Position::from_text(
        &rules,
        "4/l3/4/bs1c/eee1/4/4/r1@1/4/4/S2E/E3/CB2/3L/1W2/4 b EEDGJR/edgj passes=2 turns=15 \
         sets=Standard/Illusionist quiet=15",
    )
    .unwrap();
    let list = pos.legal_actions(&rules);
    assert!(!list.is_empty() && !list.contains(&veney_rules::Action::Pass));
    let mut sampler = movegen::Sampler::new();
    assert_eq!(sampler.plan(&rules, &pos), list.len());
    assert!((0..list.len()).all(|i| sampler.action(&rules, &pos, i) != veney_rules::Action::Pass));
}
