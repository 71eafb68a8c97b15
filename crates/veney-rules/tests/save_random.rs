//! Saved games never lose a game: random games (every special the rules offer, chance phases
//! drawn by the game's own generator) are saved and loaded back to the same position, history and
//! seed.
use rand::Rng;
use std::sync::Arc;
use veney_rules::{Action, Game, Phase, Rules, savefile};

fn random_game(rules: &Arc<Rules>, seed: u64, turns: u32) -> Game {
    let mut g =
        Game::from_position_seeded(rules.clone(), veney_rules::Position::start(rules), seed);
    let mut pick = veney_rules::rng::seeded(seed ^ 0xABCDEF);
    let mut done = 0;
    while done < turns && !g.position().is_game_over() {
        let mover = g.position().turn();
        match g.position().phase() {
            Phase::Throw { .. } => {
                g.roll().unwrap();
            }
            Phase::Cast { .. } => {
                g.land().unwrap();
            }
            // The Donkey's sticks are drawn, as the app draws them.
            Phase::DonkeyMove { .. } => {
                g.roll();
            }
            _ => {
                let legal = g.legal_actions();
                let a: Action = legal[pick.random_range(0..legal.len())];
                g.play(a).unwrap();
            }
        }
        if g.position().turn() != mover {
            done += 1;
        }
    }
    g
}

#[test]
fn random_games_save_and_load_to_the_same_game() {
    let rules = Arc::new(Rules::standard());
    for seed in 0..300u64 {
        let g = random_game(&rules, seed, 60 + (seed % 60) as u32);
        let text = savefile::write(&g);
        let h = savefile::read(rules.clone(), &text)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        assert_eq!(h.position(), g.position(), "seed {seed}\n{text}");
        assert_eq!(h.record(), g.record(), "seed {seed}");
        assert_eq!(h.seed(), g.seed());
        // The generator where it stood: the next throw lands the same.
        assert_eq!(
            h.generator_fingerprint(),
            g.generator_fingerprint(),
            "seed {seed}\n{text}"
        );
    }
}

#[test]
fn games_played_with_sand_save_and_load_too() {
    // §2.0.22: untenable moves, called or not, are kept in the record and replayed on load.
    // Every agreed penalty (a review found three never played at random), the state checked
    // after every action and call, and each policy seen to call and to play untenable moves.
    use veney_rules::options::UntenablePolicy;
    for policy in [
        UntenablePolicy::TurnPenalty,
        UntenablePolicy::PiecePenaltyLenient,
        UntenablePolicy::PiecePenaltyAbsolute,
        UntenablePolicy::Friendly,
        UntenablePolicy::TimePenalty,
        UntenablePolicy::SuddenDeath,
        UntenablePolicy::DelayedReset,
    ] {
        let (mut calls, mut attempts) = (0, 0);
        // With the Donkey: its throws come in the middle of turns played with sand.
        let o = veney_rules::options::RuleOptions {
            untenable: policy,
            donkey: true,
            ..Default::default()
        };
        let rules = Arc::new(Rules::standard_with(o));
        for seed in 0..60u64 {
            let mut g = Game::from_position_seeded(
                rules.clone(),
                veney_rules::Position::start(&rules),
                seed,
            );
            let mut pick = veney_rules::rng::seeded(seed + 77);
            for _ in 0..120 {
                if g.position().is_game_over() {
                    break;
                }
                match g.position().phase() {
                    Phase::Throw { .. } => {
                        g.roll().unwrap();
                        continue;
                    }
                    Phase::Cast { .. } => {
                        g.land().unwrap();
                        continue;
                    }
                    Phase::DonkeyMove { .. } => {
                        g.roll();
                        continue;
                    }
                    _ => {}
                }
                let checked = |g: &Game, what: &str| {
                    veney_rules::invariants::check(&rules, g.position()).unwrap_or_else(|e| {
                        panic!(
                            "{policy:?} seed {seed} after {what}: {e}\n{}",
                            g.position().to_text(&rules)
                        )
                    })
                };
                if g.callable() && pick.random_bool(0.5) {
                    assert!(g.call_untenable().is_some(), "{policy:?} seed {seed}");
                    calls += 1;
                    checked(&g, "a call");
                    continue;
                }
                let sand = veney_rules::penalty::untenable_actions(&rules, g.position());
                if !sand.is_empty() && pick.random_bool(0.1) {
                    let a = sand[pick.random_range(0..sand.len())];
                    g.attempt(a).unwrap();
                    attempts += 1;
                    checked(&g, "an untenable move");
                } else {
                    let legal = g.legal_actions();
                    g.play(legal[pick.random_range(0..legal.len())]).unwrap();
                    checked(&g, "a move");
                }
            }
            let text = savefile::write(&g);
            let h = savefile::read(rules.clone(), &text)
                .unwrap_or_else(|e| panic!("{policy:?} seed {seed}: {e}\n{text}"));
            assert_eq!(h.position(), g.position(), "{policy:?} seed {seed}\n{text}");
            assert_eq!(
                h.generator_fingerprint(),
                g.generator_fingerprint(),
                "{policy:?} seed {seed}: the generator\n{text}"
            );
        }
        assert!(
            calls >= 10 && attempts >= 20,
            "{policy:?}: {calls} calls, {attempts} untenable moves"
        );
    }
}

#[test]
fn a_replayed_record_plays_on_under_the_games_rules_and_seed() {
    // R-REPLAY-SAND: a record is read with sand; the game it gives plays on under the options
    // agreed (Strict stays Strict) and from the seed given, its generator advanced by the
    // record's throws as if drawn (a review found Friendly rules and seed 0 kept).
    // With the Donkey: its sticks are drawn in most games.
    let rules = Arc::new(Rules::standard_with(veney_rules::options::RuleOptions {
        donkey: true,
        ..Default::default()
    }));
    let mut throws = 0;
    for seed in 0..60u64 {
        let g = random_game(&rules, seed, 40 + (seed % 40) as u32);
        throws += g
            .actions()
            .filter(|(_, a)| {
                matches!(
                    a,
                    Action::Roll(_) | Action::Land(_) | Action::Donkey(Some(_))
                )
            })
            .count();
        let rep = veney_rules::replay::replay(&rules, &g.record())
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(rep.all_tenable(), "seed {seed}: {:?}", rep.turns);
        let h = rep.game.continued_under(rules.clone(), g.seed());
        assert_eq!(h.position(), g.position(), "seed {seed}");
        assert_eq!(
            h.rules.options.untenable,
            veney_rules::options::UntenablePolicy::Strict
        );
        assert_eq!(h.seed(), g.seed());
        assert_eq!(
            h.generator_fingerprint(),
            g.generator_fingerprint(),
            "seed {seed}"
        );
    }
    assert!(throws > 0, "some game threw");
}

/// R-REPLAY-SAND: a record's untenable turn nobody called stands, and the game loaded from it
/// plays on under the agreed options — Strict included. Its saves (and the app's autosave)
/// read back: the move that stood is read with sand, the game's own rules Strict after it (a
/// review found such a game's every save refused, the game out of reach).
#[test]
fn a_strict_game_from_a_record_with_an_untenable_turn_saves_and_loads() {
    let rules = Arc::new(Rules::standard());
    assert_eq!(
        rules.options.untenable,
        veney_rules::options::UntenablePolicy::Strict
    );
    let record = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/records/front_matter.txt"
    ))
    .unwrap();
    let rep = veney_rules::replay::replay(&rules, &record).unwrap();
    assert!(
        rep.turns.iter().any(|t| t.untenable.is_some()),
        "the record's `R*X10` stands untenable: {:?}",
        rep.turns
    );
    let g = rep.game.continued_under(rules.clone(), 7);
    let text = veney_rules::savefile::write(&g);
    let h =
        veney_rules::savefile::read(rules.clone(), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(h.position(), g.position());
    assert_eq!(h.turns_untenable(), g.turns_untenable());
    assert_eq!(
        h.rules.options.untenable,
        veney_rules::options::UntenablePolicy::Strict,
        "played on under Strict"
    );
    // Still strict: an untenable move now is refused. The candidates are what a game with sand
    // would offer here (`untenable_actions` offers none under Strict: a review found this check
    // never run).
    let mut h = h;
    let sandy = Rules::standard_with(veney_rules::options::RuleOptions {
        untenable: veney_rules::options::UntenablePolicy::Friendly,
        ..h.rules.options.clone()
    });
    let sand = veney_rules::penalty::untenable_actions(&sandy, h.position());
    assert!(!sand.is_empty(), "{}", h.position().to_text(&h.rules));
    for a in &sand {
        assert!(h.attempt(*a).is_err(), "Strict refuses {a:?}");
    }
}
