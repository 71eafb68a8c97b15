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
fn every_dice_method_retreat_limit_and_ruin_choice_plays_clean() {
    // Every option that changes what random play can do: the dice (§2.0.R1), the retreat limit
    // (§2.0.02), the Ruin (§2.0.12), the no-contest count (§2.0.20), the first player (§2.0.19).
    // 30 combinations × 150 checked games (the 10,000-game run above covers the defaults).
    use veney_rules::dice::DiceMethod;
    use veney_rules::options::{RetreatLimit, RuleOptions};
    let mut combos = 0;
    for (i, dice) in [
        DiceMethod::StickDice,
        DiceMethod::CoinFlips,
        DiceMethod::FlatOdds(6),
        DiceMethod::GuessMeasureStep,
        DiceMethod::PenAndPaper(6),
    ]
    .into_iter()
    .enumerate()
    {
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
                o.no_contest_turns = if ruin { Some(40) } else { None };
                o.first_player = if i % 2 == 0 {
                    veney_rules::Side::White
                } else {
                    veney_rules::Side::Black
                };
                let rules = Arc::new(Rules::standard_with(o));
                playout::random_games(&rules, 150, 1000 + combos, 150, true)
                    .unwrap_or_else(|e| panic!("{dice:?} {retreat:?} ruin={ruin}: {e}"));
                combos += 1;
            }
        }
    }
    assert_eq!(combos, 30);
}
