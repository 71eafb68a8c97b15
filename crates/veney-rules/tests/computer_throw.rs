//! The computer opponent (crates/game-ai) weighs a Dagger Throw by the rulebook's odds: with the
//! Selves in one measure (two sticks, 1/4) it throws; with them three measures apart (five
//! sticks, 1/32) it keeps its Dagger (§2.0.08, ruling R-THROW-STICKS).
mod common;
use common::*;
use game_ai::{Budget, Config, Mcts};
use std::sync::Arc;
use veney_rules::special::dagger_throw;
use veney_rules::{Action, Position, Rules, VeneyGame, player_of};

/// What the position is worth to the side that owns a Dagger, when the search stops looking:
/// a mate by touch on Black wins; otherwise keeping the Dagger is worth 0.2 and losing it 0
/// ("If the throw misses, the Dagger is lost", §2.0.08; a distraction keeps it, ruling
/// R-THROW-DISTRACTION). A throw with n sticks is then worth its odds: 1/2^n for the hit and
/// 0.2 · n/2^n for the distraction — 0.35 with two sticks and 0.0625 with five — against 0.2
/// for keeping the Dagger: only the odds decide.
fn dagger_value(rules: Arc<Rules>) -> impl Fn(&VeneyGame, &Position) -> Vec<f64> + Send + Sync {
    move |_, p| {
        let white = if p.dying() == Some(Black) {
            1.0
        } else if p
            .pieces(White, rules.set(White).by_name("Dagger").unwrap())
            .any()
        {
            0.2
        } else {
            0.0
        };
        vec![white, 1.0 - white]
    }
}

fn choose(rules: &Arc<Rules>, p: &Position) -> (Action, f64) {
    let g = VeneyGame::new(rules.clone());
    let config = Config {
        budget: Budget::Iterations(4_000),
        // Every leaf is scored by `dagger_value`: no random playout blurs the odds.
        playout_actions: Some(0),
        seed: 3,
        ..Config::default()
    };
    let mut search = Mcts::with_evaluator(config, dagger_value(rules.clone()));
    let c = search.choose(&g, p, player_of(White)).unwrap();
    (c.action, c.value)
}

#[test]
fn the_computer_throws_at_one_in_four_and_not_at_one_in_thirty_two() {
    let r = Arc::new(rules());
    // §2.0.08 "At close range, it's a one-in-four chance of success": the Selves in one
    // measure (W5 and Y8), the Dagger on Y2 in line with the Black Self; a Black engagement
    // on Y5 stops its slide but not its throw ("unobstructed by any piece other than
    // engagements").
    let close = pos(
        &r,
        &[
            (White, "Self", "W5"),
            (White, "Dagger", "Y2"),
            (Black, "Self", "Y8"),
            (Black, "Engagement", "Y5"),
        ],
        White,
    )
    .without_reserves();
    assert_eq!(dagger_throw::sticks(&r, &close, White), Some(2));
    let moves = notations(&r, &close);
    assert!(moves.iter().any(|n| n.starts_with("DtY8")), "{moves:?}");
    // No mate by touch without the throw.
    assert!(!moves.iter().any(|n| n.contains('#')), "{moves:?}");
    let (action, value) = choose(&r, &close);
    assert!(
        matches!(action, Action::Throw { .. }),
        "threw not at 1/4: {action:?} ({value:.3})"
    );
    assert!(
        (value - 0.35).abs() < 0.03,
        "a throw at 1/4 is worth {value:.3}"
    );
    // §2.0.08 "At full starting distance, this is a one-in-32 chance": the same pieces with the
    // Black Self three measures away (Y14).
    let far = pos(
        &r,
        &[
            (White, "Self", "W2"),
            (White, "Dagger", "Y2"),
            (Black, "Self", "Y14"),
            (Black, "Engagement", "Y5"),
        ],
        White,
    )
    .without_reserves();
    assert_eq!(dagger_throw::sticks(&r, &far, White), Some(5));
    let moves = notations(&r, &far);
    assert!(moves.iter().any(|n| n.starts_with("DtY14")), "{moves:?}");
    let (action, value) = choose(&r, &far);
    assert!(
        !matches!(action, Action::Throw { .. }),
        "threw at 1/32: {action:?} ({value:.3})"
    );
    assert!(
        (value - 0.2).abs() < 0.03,
        "keeping the Dagger is worth {value:.3}"
    );
}
