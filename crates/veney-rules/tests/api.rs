//! Veney on the game API: the API's perft (the shared testkit's) equals the engine's anchors,
//! chance replays from the seed as the engine's `Game` draws it, refusals name their section,
//! and matches save and reload. (The random matches through the testkit are in
//! `random_games.rs`.)
use game_api::{Actor, Decision, Game as _, Match, Player, Viewer};
use game_testkit::perft;
use std::sync::Arc;
use veney_rules::{Position, Rules, VeneyGame};

fn anchors() -> Vec<(String, String, u32, u64)> {
    include_str!("perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (name, rest) = line.split_once(": ").unwrap();
            let parts: Vec<&str> = rest.split(" | ").collect();
            (
                name.to_string(),
                parts[0].to_string(),
                parts[1].parse().unwrap(),
                parts[2].parse().unwrap(),
            )
        })
        .collect()
}

/// Ruling R-API-TURNS: a turn on the API is every action from one turn start to the next, so the API's perft equals every anchor in perft.txt.
#[test]
fn the_apis_perft_equals_every_anchor() {
    // The same counts as `perft.rs` (tests/perft.txt), through the generic perft: a turn is every
    // action from one turn start to the next (§2.0.15 Double-Moves), chance outcomes included.
    let g = VeneyGame::standard();
    let mut checked = 0;
    for (name, text, depth, want) in anchors() {
        let pos = g
            .parse_position(&text)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(perft(&g, &pos, depth), want, "{name} depth {depth}");
        checked += 1;
    }
    assert!(checked >= 8);
}

/// Ruling R-API-CHANCE: the API's chance decision draws from the match's seed exactly as `Game::roll` does.
#[test]
fn a_match_draws_the_same_sticks_as_the_engines_game() {
    // §2.0.08 Dagger Throw: with the same seed, the match on the API and `veney_rules::Game`
    // throw the same roll, so saves from either replay.
    let rules = Arc::new(Rules::standard());
    let pos = Position::from_pieces(
        &rules,
        &[
            (veney_rules::Side::White, "Self", "X2"),
            (veney_rules::Side::White, "Dagger", "X5"),
            (veney_rules::Side::Black, "Self", "X14"),
        ],
        veney_rules::Side::White,
    )
    .unwrap();
    let g = Arc::new(VeneyGame::new(rules.clone()));
    let throw = pos
        .legal_actions(&rules)
        .into_iter()
        .find(|a| matches!(a, veney_rules::Action::Throw { .. }))
        .expect("the Dagger may be thrown");
    for seed in 0..20 {
        let mut m = Match::from_state(g.clone(), pos, seed);
        m.play(Actor::Player(Player(0)), throw).unwrap();
        assert_eq!(m.decision(), Decision::Chance);
        let drawn = m.draw_chance().unwrap();
        let mut old = veney_rules::Game::from_position_seeded(rules.clone(), pos, seed);
        old.play(throw).unwrap();
        let r = old.roll().unwrap();
        assert_eq!(drawn, veney_rules::Action::Roll(r), "seed {seed}");
        assert_eq!(m.state(), old.position());
    }
}

#[test]
fn chance_draws_fall_into_the_listed_classes() {
    // The search keys a chance edge by its class (`Game::chance_class`): §2.0.08's throw by its
    // verdict (hit, distraction, miss), §2.0.18's cast by the square it lands on, §2.0.23's
    // Donkey by its count of own faces. Every draw's class is a listed outcome that plays on
    // alike, and the draws reach every listed outcome of the throw and the Donkey.
    use veney_rules::Side::{Black, White};
    let mut o = Rules::standard().options.clone();
    o.donkey = true;
    let rules = Arc::new(Rules::standard_with(o));
    let g = VeneyGame::new(rules.clone());
    let at = |pieces: &[(veney_rules::Side, &str, &str)]| {
        Position::from_pieces(&rules, pieces, White).unwrap()
    };
    let first = |p: Position, f: &dyn Fn(&veney_rules::Action) -> bool| {
        let a = p.legal_actions(&rules).into_iter().find(|a| f(a)).unwrap();
        let mut q = p;
        q.play_unchecked(&rules, a);
        q
    };
    let throw = first(
        at(&[
            (White, "Self", "X2"),
            (White, "Dagger", "X5"),
            (Black, "Self", "X14"),
        ]),
        &|a| matches!(a, veney_rules::Action::Throw { .. }),
    );
    let cast = first(
        at(&[
            (White, "Self", "X2"),
            (White, "Lantern", "W3"),
            (White, "Sword", "Y3"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
            (Black, "Jutsu", "W14"),
            (Black, "Balance", "Z13"),
        ]),
        &|a| matches!(a, veney_rules::Action::Cast { .. }),
    );
    let selves = Position::from_pieces(
        &rules,
        &[(White, "Self", "X2"), (Black, "Self", "Y15")],
        Black,
    )
    .unwrap();
    let donkey = Position::from_text(
        &rules,
        &format!("{} donkey=wX8 donkeymove=w", selves.to_text(&rules)),
    )
    .unwrap();
    for (name, s, all_reached) in [
        ("throw", throw, true),
        ("cast", cast, false),
        ("donkey", donkey, true),
    ] {
        assert_eq!(g.decision(&s), Decision::Chance, "{name}");
        let mut listed = Vec::new();
        g.chance_outcomes(&s, &mut listed);
        let mut classes = std::collections::HashSet::new();
        let mut draws = std::collections::HashSet::new();
        let mut rng = game_api::seeded(5);
        for _ in 0..300 {
            let a = g.sample_chance(&s, &mut rng);
            let mut after = s;
            g.apply(&mut after, Actor::Chance, a);
            game_testkit::check_chance_class(&g, &s, a, &after)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            draws.insert(a);
            classes.insert(g.chance_class(&s, a));
        }
        assert!(
            draws.len() > classes.len(),
            "{name}: {} draws, {} classes",
            draws.len(),
            classes.len()
        );
        if all_reached {
            assert_eq!(classes.len(), listed.len(), "{name}");
        }
    }
}

#[test]
fn a_refusal_names_the_section_that_refuses() {
    // §2.0.17 Passing: a pass in the middle of a double-move is refused by that rule.
    let g = Arc::new(VeneyGame::standard());
    let mut m = Match::new(g.clone(), 1);
    m.play_text("SY5").unwrap();
    let err = m
        .play(Actor::Player(Player(0)), veney_rules::Action::Pass)
        .unwrap_err();
    assert_eq!(err.rule, "§2.0.17 Passing", "{err}");
    // And a move by the side not to move is refused by the turn order.
    let err = m
        .play(Actor::Player(Player(1)), veney_rules::Action::EndTurn)
        .unwrap_err();
    assert_eq!(err.rule, "turn order");
}

#[test]
fn a_saved_match_reloads_with_its_history() {
    let g = Arc::new(VeneyGame::standard());
    let mut m = Match::new(g.clone(), 9);
    for t in ["SY5", "$X7"] {
        m.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    // Black's first listed action, whatever it is.
    let black = m.legal_actions(Actor::Player(Player(1)))[0];
    let black_text = g.action_text(m.state(), black);
    m.play_text(&black_text).unwrap();
    let text = m.save_text(Viewer::Referee);
    assert!(text.starts_with("[Game \"veney\"]"), "{text}");
    let back = Match::load_text(g.clone(), &text).unwrap();
    assert_eq!(back.state(), m.state());
    assert_eq!(back.history().len(), 3);
    // A broken record says where.
    let bad = text.replace("$X7", "$X99");
    let err = Match::load_text(g, &bad).unwrap_err().to_string();
    assert!(err.contains("$X99"), "{err}");
}

#[test]
fn a_record_from_a_later_position_numbers_on_from_it() {
    // §2.0.R5: turns are numbered in pairs; a match from a position after 40 turns opens at 21.
    let g = Arc::new(VeneyGame::standard());
    let start = g
        .parse_position(
            "g1l1/js2/1c2/b3/eedr/4/3w/J3/3e/1E2/EW2/B1EE/1DR1/LS2/2G1/4 w C/e turns=40",
        )
        .unwrap();
    let mut m = Match::from_state(g.clone(), start, 3);
    let first = m.legal_actions(Actor::Player(Player(0)))[0];
    m.play(Actor::Player(Player(0)), first).unwrap();
    let record = m.record(Viewer::Referee);
    assert!(record.starts_with("21. "), "{record}");
}

/// §2.0.21 Resignation and draw by agreement, declared through the match; §2.0.18 Shima: "an
/// attempt to draw by agreement … is now equivalent to both players losing".
#[test]
fn an_agreed_draw_under_shima_loses_for_both() {
    use game_api::{Declared, PlayerResult};
    let g = Arc::new(VeneyGame::standard());
    let over = |m: &Match<VeneyGame>| match m.decision() {
        Decision::Over(o) => o,
        d => panic!("not over: {d:?}"),
    };
    let mut m = Match::new(g.clone(), 1);
    m.declare(Declared::DrawAgreed).unwrap();
    assert_eq!(over(&m).results, [PlayerResult::Draw; 2]);
    m.withdraw_declared();
    m.declare(Declared::Resigns(Player(0))).unwrap();
    assert_eq!(
        (over(&m).reason.as_str(), over(&m).winner()),
        ("White resigns", Some(Player(1)))
    );

    // (Shima's reserves: "All reserved pieces except Daggers and engagements are discarded".)
    let text = format!(
        "{} shima=1",
        g.position_text(&g.start()).replace("DGLJR/dgljr", "D/d")
    );
    let shima = g
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("{e}: {text}"));
    assert!(shima.shima());
    let mut m = Match::from_state(g, shima, 1);
    m.declare(Declared::DrawAgreed).unwrap();
    assert_eq!(over(&m).results, [PlayerResult::Loss; 2]);
    game_testkit::check_save_roundtrip(&m).unwrap();
}

/// §2.0.20: after a checkmate by touch the mated side makes its dying move; acknowledging
/// defeat, or its flag falling, ends the game "with the checkmate standing" (R-DYING,
/// R-OUT-OF-TIME). Declared through the match meanwhile, no ending undoes the checkmate: not a
/// draw (under Shima, not both losing), not the mating side's resignation or flag (a review
/// found each ending the game so).
#[test]
fn a_declared_ending_during_the_dying_move_leaves_the_checkmate_standing() {
    use game_api::{Declared, PlayerResult};
    let g = Arc::new(VeneyGame::standard());
    let gone = "4/4/4/bw1c/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr dying=b:Y13 over=touch:w";
    for extra in ["", " shima=1"] {
        // (Shima's reserves: Daggers and engagements only.)
        let text = if extra.is_empty() {
            gone.to_string()
        } else {
            format!("{}{extra}", gone.replace("DGLJR/dgljr", "D/d"))
        };
        let s = g
            .parse_position(&text)
            .unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(
            g.decision(&s),
            Decision::Player(Player(1)),
            "Black's dying move"
        );
        for d in [
            Declared::DrawAgreed,
            Declared::Resigns(Player(0)),
            Declared::Resigns(Player(1)),
            Declared::OutOfTime(Player(0)),
            Declared::OutOfTime(Player(1)),
        ] {
            let mut m = Match::from_state(g.clone(), s, 1);
            m.declare(d).unwrap();
            let Decision::Over(o) = m.decision() else {
                panic!("{d:?} did not end the game");
            };
            assert_eq!(
                o.results,
                [PlayerResult::Win, PlayerResult::Loss],
                "{d:?}{extra}: {}",
                o.reason
            );
            assert!(o.reason.contains("checkmate"), "{d:?}: {}", o.reason);
            game_testkit::check_save_roundtrip(&m).unwrap();
        }
    }
}
