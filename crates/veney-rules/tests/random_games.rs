//! Property test: 10,000 seeded random games with no panic, and after every action the
//! invariants hold — each piece on the board, in a reserve or in the discard exactly once; at
//! most two moves a turn (§2.0.15); undo restores the exact state and hash; the position text
//! and the notation of every action and turn round-trip.
use std::sync::Arc;
use veney_rules::{Rules, playout};

#[test]
fn ten_thousand_random_games_keep_every_invariant() {
    let rules = Arc::new(Rules::standard());
    let s =
        playout::random_games(&rules, 10_000, 0x5EED, 150, true).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.games, 10_000);
    // Random play does reach checkmate by touch, not only the turn limit.
    assert!(
        s.endings.get("checkmate by touch").copied().unwrap_or(0) > 100,
        "{:?}",
        s.endings
    );
}

#[test]
fn random_games_without_the_ruin_and_with_black_first() {
    let mut o = veney_rules::options::RuleOptions::default();
    o.optional_pieces.clear();
    o.first_player = veney_rules::Side::Black;
    let rules = Arc::new(Rules::standard_with(o));
    let ruin = rules.set(veney_rules::Side::White).by_name("Ruin").unwrap();
    let start = veney_rules::Position::start(&rules);
    assert_eq!(start.reserve(veney_rules::Side::White, ruin), 0);
    playout::random_games(&rules, 500, 7, 150, true).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn games_replay_from_their_seed() {
    // Randomness comes from the seeded RNG: the same seed plays the same game.
    let rules = Arc::new(Rules::standard());
    let start = veney_rules::Position::start(&rules);
    let a =
        playout::random_game(&rules, start, &mut veney_rules::rng::seeded(42), 200, false).unwrap();
    let b =
        playout::random_game(&rules, start, &mut veney_rules::rng::seeded(42), 200, false).unwrap();
    assert_eq!(
        (a.turns, a.actions, a.ending.clone()),
        (b.turns, b.actions, b.ending)
    );
}

#[test]
fn every_option_combination_plays_ten_thousand_clean_games() {
    // Every combination of the options that change what random play can do — the dice
    // (§2.0.R1), the retreat limit (§2.0.02), the Ruin (§2.0.12), the no-contest count (§2.0.20),
    // the first player (§2.0.19), the Donkey (§2.0.23) — 10,000 checked games each, on both
    // cores. (The untenable policy does not change random play: it only plays offered actions;
    // the penalties have their own tests and saved-game properties.)
    use veney_rules::dice::DiceMethod;
    use veney_rules::options::{RetreatLimit, RuleOptions};
    let mut combos = Vec::new();
    for dice in [
        DiceMethod::StickDice,
        DiceMethod::CoinFlips,
        DiceMethod::FlatOdds(6),
        DiceMethod::GuessMeasureStep,
        DiceMethod::PenAndPaper(6),
    ] {
        for retreat in [
            RetreatLimit::Unlimited,
            RetreatLimit::Limited(0),
            RetreatLimit::Limited(2),
        ] {
            for ruin in [true, false] {
                let mut o = RuleOptions::default();
                o.dice = dice;
                o.retreat_limit = retreat;
                if !ruin {
                    o.optional_pieces.clear();
                }
                let i = combos.len();
                o.no_contest_turns = if i % 2 == 0 { Some(40) } else { None };
                o.first_player = if i % 3 == 0 {
                    veney_rules::Side::Black
                } else {
                    veney_rules::Side::White
                };
                o.donkey = i % 4 == 1;
                combos.push(o);
            }
        }
    }
    assert_eq!(combos.len(), 30);
    let half = combos.len() / 2;
    std::thread::scope(|s| {
        for (part, chunk) in combos.chunks(half).enumerate() {
            s.spawn(move || {
                for (j, o) in chunk.iter().enumerate() {
                    let seed = 1_000_000 * (part * half + j + 1) as u64;
                    let rules = Arc::new(Rules::standard_with(o.clone()));
                    playout::random_games(&rules, 10_000, seed, 150, true)
                        .unwrap_or_else(|e| panic!("{o:?}: {e}"));
                }
            });
        }
    });
}
