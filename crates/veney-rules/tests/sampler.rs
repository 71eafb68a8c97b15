//! `movegen::Sampler`: a random playout's draw without listing every action. Along seeded random
//! games of every shipped army (and with the Donkey), the sampler's exact plan counts exactly the
//! actions `legal_actions` lists and makes each of them at its index, and its rejection draw can
//! return exactly the listed actions, each once; on fixed positions its draws pass a chi-square
//! test of uniformity.
mod common;
use common::{ARMIES, game};
use rand::Rng;
use std::sync::Arc;
use veney_rules::{Position, Rules, movegen, playout, rng};

/// Every index of every position along `games` seeded random games: the sampler's count and
/// actions are the list's, and the rejection draw's outcomes are the list's (as a multiset).
fn sampler_matches_the_list(rules: &Rules, games: u64, seed: u64) -> usize {
    let mut sampler = movegen::Sampler::new();
    let mut list = Vec::new();
    let mut positions = 0;
    let mut rejections = 0;
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
            if let Some(mut outcomes) = sampler.rejection_outcomes(rules, &pos) {
                assert_eq!(outcomes.len(), list.len(), "{}", pos.to_text(rules));
                for a in &list {
                    let j = outcomes
                        .iter()
                        .position(|o| o == a)
                        .unwrap_or_else(|| panic!("{a:?} is not drawn in {}", pos.to_text(rules)));
                    outcomes.swap_remove(j);
                }
                rejections += 1;
            }
            positions += 1;
            let a = list[r.random_range(0..list.len())];
            pos.play_unchecked(rules, a);
        }
    }
    // Most positions are a turn's first phase, drawn by rejection.
    assert!(rejections * 2 > positions, "{rejections} of {positions}");
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

/// An unchecked seeded playout plays the same game as a checked one (which draws the same way,
/// and checks at every step that the draw is listed and the sampler agrees with the list).
#[test]
fn a_sampled_playout_is_the_checked_playout() {
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

/// The game API's `random_action` (what the computer's playouts call) is the sampler's draw: a
/// listed action, the same one and the same numbers from the generator as `Sampler`'s.
#[test]
fn the_game_apis_random_action_is_the_samplers_draw() {
    use game_api::{Decision, Game};
    let game = veney_rules::VeneyGame::new(Arc::new(Rules::standard()));
    let mut sampler = movegen::Sampler::new();
    let mut scratch = Vec::new();
    let mut drawn = 0;
    // Seeded games, one after another, until 300 actions have been drawn.
    for seed in 11.. {
        if drawn >= 300 {
            break;
        }
        let mut s = game.start();
        let (mut fast, mut direct) = (game_api::seeded(seed), game_api::seeded(seed));
        for _ in 0..400 {
            let p = match game.decision(&s) {
                Decision::Player(p) => p,
                Decision::Chance => {
                    let a = game.sample_chance(&s, &mut fast);
                    assert_eq!(game.sample_chance(&s, &mut direct), a);
                    game.apply(&mut s, game_api::Actor::Chance, a);
                    continue;
                }
                _ => break,
            };
            let a = game.random_action(&s, p, &mut fast, &mut scratch).unwrap();
            assert_eq!(Some(a), sampler.random_action(&game.rules, &s, &mut direct));
            game.legal_actions(&s, p, &mut scratch);
            assert!(scratch.contains(&a), "{a:?}");
            scratch.clear();
            // Not this player's decision: nothing to draw.
            assert_eq!(
                game.random_action(&s, p.other(), &mut fast, &mut scratch),
                None
            );
            game.apply(&mut s, game_api::Actor::Player(p), a);
            drawn += 1;
        }
    }
}

/// Pearson's chi-square statistic of `counts` against a uniform draw.
fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// Whether a chi-square statistic is below the 99.99th percentile for `df` degrees of freedom
/// (Wilson–Hilferty: χ²/df is near normal with mean 1 − 2/(9df), variance 2/(9df)).
fn plausibly_uniform(stat: f64, df: f64) -> bool {
    let v = 2.0 / (9.0 * df);
    let z = ((stat / df).cbrt() - (1.0 - v)) / v.sqrt();
    z < 3.72
}

/// The rejection draw is uniform over the legal actions: 400 draws per action on the benchmark's
/// positions (the start, a crowded middle game, a late one, one with the Self beside its
/// partners, and the partners' moves after that Self's concert move, R-CONCERT), counted per
/// listed action, pass a chi-square test — and draws that never give one action, or give a
/// tenth of them half as often again, would not (the test can fail).
#[test]
fn the_rejection_draw_is_uniform() {
    let rules = Rules::standard();
    let mut positions: Vec<Position> = [
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr",
        "4/2w1/2s1/1lbg/e3/4/3e/1W2/4/E2D/2S1/2L1/C1G1/4/1B1R/2jJ w EEE/eecdr turns=40",
        "3b/4/4/3c/2je/4/3e/wg1l/Jr@s/3E/E3/Rd2/3B/1G1C/W1S1/L3 w EED/ee turns=120",
        "4/4/4/bswc/eeee/4/4/4/4/4/GWS1/ELEE/C2B/4/4/4 w EDJR/dgljr turns=2",
    ]
    .iter()
    .map(|t| Position::from_text(&rules, t).unwrap())
    .collect();
    // The Self's move that leaves its partners the most moves in concert.
    let beside = positions[3];
    let concert = beside
        .legal_actions(&rules)
        .into_iter()
        .map(|a| {
            let mut p = beside;
            p.play_unchecked(&rules, a);
            p
        })
        .filter(|p| {
            matches!(
                p.phase(),
                veney_rules::Phase::Second {
                    stone: None,
                    concert: Some(_)
                }
            ) && p.lifted().is_none()
        })
        .max_by_key(|p| p.legal_actions(&rules).len())
        .expect("a concert move");
    assert!(concert.legal_actions(&rules).len() > 20);
    positions.push(concert);
    let mut sampler = movegen::Sampler::new();
    for (n, pos) in positions.iter().enumerate() {
        let text = pos.to_text(&rules);
        let list = pos.legal_actions(&rules);
        assert!(sampler.rejection_outcomes(&rules, pos).is_some(), "{text}");
        let mut counts = vec![0u64; list.len()];
        let mut r = rng::seeded(1000 + n as u64);
        for _ in 0..400 * list.len() {
            let a = sampler.random_action(&rules, pos, &mut r).unwrap();
            counts[list.iter().position(|x| *x == a).expect("a listed action")] += 1;
        }
        let df = (list.len() - 1) as f64;
        let stat = chi_square(&counts);
        assert!(
            plausibly_uniform(stat, df),
            "chi-square {stat:.1} on {df} df in {text}"
        );
        // The same draws, one action never drawn.
        let mut never = counts.clone();
        never[0] = 0;
        assert!(!plausibly_uniform(chi_square(&never), df));
        // The same draws, a tenth of the actions half as likely again.
        let mut favoured = counts.clone();
        for c in favoured.iter_mut().step_by(10) {
            *c += *c / 2;
        }
        assert!(!plausibly_uniform(chi_square(&favoured), df));
    }
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
    // The rejection draw leaves the pass out of its plan (it would be the draw only if the plan
    // held nothing): never drawn here.
    let outcomes = sampler.rejection_outcomes(&rules, &pos).unwrap();
    assert_eq!(outcomes.len(), list.len());
    assert!(list.iter().all(|a| outcomes.contains(a)));
    let mut r = rng::seeded(5);
    for _ in 0..500 {
        let a = sampler.random_action(&rules, &pos, &mut r).unwrap();
        assert!(a != veney_rules::Action::Pass && list.contains(&a), "{a:?}");
    }
}
