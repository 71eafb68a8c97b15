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
        ..GOOD
    };
    let mut s = leaky.start();
    leaky.apply(&mut s, Actor::Player(Player(0)), Act::Bid(2));
    let err = check_observations(&leaky, &s).unwrap_err();
    assert!(err.contains("sealed bid 2"), "{err}");
    assert!(check_observations(&GOOD, &s).is_ok());
    let err = random_playouts(&Arc::new(leaky), None, &Playouts::default()).unwrap_err();
    assert!(err.contains("secrets"), "{err}");
}

/// What the host draws (`pieces`, `reserves`) for a viewer is what it draws of that viewer's
/// observation: a tray drawn from the whole state leaks though `observe` is right (a review
/// found only `observe` checked, while the grid host draws the trays).
#[test]
fn a_tray_drawn_from_the_whole_state_is_caught() {
    let leaky = Bids {
        tray_leaks: true,
        ..GOOD
    };
    let mut s = leaky.start();
    leaky.apply(&mut s, Actor::Player(Player(0)), Act::Bid(2));
    let err = check_observations(&leaky, &s).unwrap_err();
    assert!(err.contains("reserves"), "{err}");
    let err = random_playouts(&Arc::new(leaky), None, &Playouts::default()).unwrap_err();
    assert!(err.contains("reserves"), "{err}");
}

#[test]
fn broken_notation_is_caught() {
    let bad = Bids {
        bad_text: true,
        ..GOOD
    };
    let err = random_playouts(&Arc::new(bad), None, &Playouts::default()).unwrap_err();
    assert!(err.contains("reads back as"), "{err}");
}

/// The computer's random playouts draw through `Game::random_action`: a draw the rules would
/// refuse is caught (a review found the testkit drawing from the legal list only, the sampler
/// never checked).
#[test]
fn a_random_draw_the_rules_refuse_is_caught() {
    let bad = Bids {
        bad_random: true,
        ..GOOD
    };
    let err = random_playouts(&Arc::new(bad), None, &Playouts::default()).unwrap_err();
    assert!(err.contains("random_action"), "{err}");
}

#[test]
fn a_resignation_that_wins_is_caught() {
    let bad = Bids {
        resigner_wins: true,
        ..GOOD
    };
    let err = random_playouts(&Arc::new(bad), None, &Playouts::default()).unwrap_err();
    assert!(
        err.contains("Resigns(Player(0)) ends the game with the results [Win, Loss]"),
        "{err}"
    );
}

#[test]
fn a_player_left_without_an_action_is_caught() {
    let bad = Bids {
        dead_end: true,
        ..GOOD
    };
    let err = random_playouts(&Arc::new(bad), None, &Playouts::default()).unwrap_err();
    assert!(err.contains("has no legal action in 2 "), "{err}");
    let dead = std::panic::catch_unwind(|| perft(&bad, &bad.start(), 8)).unwrap_err();
    let msg = dead.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.contains("no action open in 2 "), "{msg}");
    // The sound game's tree has no dead end to the same depth: two rounds and the last round's
    // two bids, three ways each.
    assert_eq!(perft(&GOOD, &GOOD.start(), 8), 3u64.pow(8));
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

/// The move list's review reads earlier positions from the match's own history: after the first
/// `steps` actions, the state kept before action `steps`; the current state at the end.
#[test]
fn a_match_shows_its_pieces_and_trays_after_any_step() {
    use game_api::AnyMatch;
    let mut m = Match::new(Arc::new(GOOD), 3);
    m.play_text("2|b1").unwrap();
    m.play_text("1|b2").unwrap();
    m.draw_chance().unwrap();
    m.play_text("1|b0").unwrap();
    let a: &dyn AnyMatch = &m;
    let round = |steps: usize| a.pieces_after(steps, Viewer::Referee)[0].kind.clone();
    // Round 1 ends with the die (the third action).
    assert_eq!(round(0), "R0");
    assert_eq!(round(2), "R0");
    assert_eq!(round(3), "R1");
    assert_eq!(round(4), "R1");
    assert_eq!(round(99), "R1", "past the end: the current state");
    let tray =
        |steps: usize, v: Viewer, seat: usize| a.reserves_after(steps, v)[seat].entries.clone();
    let entry = |code: &str, name: &str, n: u32| (code.to_string(), name.to_string(), n);
    // After one action: the second seat's sealed bid, hidden from the first seat.
    assert_eq!(
        tray(1, Viewer::Referee, 1),
        [entry("S", "score", 0), entry("B", "sealed bid", 1)]
    );
    assert_eq!(
        tray(1, Viewer::Player(Player(0)), 1),
        [entry("S", "score", 0), entry("?", "sealed bid", 1)]
    );
    assert_eq!(tray(0, Viewer::Referee, 1), [entry("S", "score", 0)]);
    // After the die the higher bid (the first seat's 2) has scored it; the first seat's new bid
    // stands at the end, as it does now.
    let die = match m.history()[2].action {
        Act::Die(d) => d as u32,
        other => panic!("the third action is the die, not {other:?}"),
    };
    assert_eq!(tray(3, Viewer::Referee, 0), [entry("S", "score", die)]);
    assert_eq!(
        tray(4, Viewer::Referee, 0),
        [entry("S", "score", die), entry("B", "sealed bid", 0)]
    );
    assert_eq!(
        a.reserves_after(4, Viewer::Referee),
        a.reserves(Viewer::Referee)
    );
    // Each step's action as it was played, and nothing past the end.
    let r = Viewer::Referee;
    assert_eq!(a.step_action(0, r).unwrap().text, "b1");
    assert_eq!(a.step_action(3, r).unwrap().text, "b0");
    assert_eq!(a.step_action(3, r), a.last_action(r));
    assert!(a.step_action(4, r).is_none());
    // The first seat's open bid of round 2 is sealed from the second seat, not from its maker.
    let hidden = a.step_action(3, Viewer::Player(Player(1))).unwrap();
    assert_eq!((hidden.text.as_str(), hidden.label), ("?", None));
    assert_eq!(a.last_action(Viewer::Player(Player(0))).unwrap().text, "b0");
}

/// A resignation and an agreed draw end the match where it stands, are written as the record's
/// last line and in saves, read back, and withdrawn by undo (Kelasu: "Your opponent Resigns.",
/// "A mutual agreement."; Veney §2.0.21).
#[test]
fn a_declared_ending_ends_the_match_and_undo_withdraws_it() {
    use game_api::{AnyMatch, Decision, Declared, PlayerResult};
    let g = Arc::new(GOOD);
    let mut m = Match::new(g.clone(), 9);
    m.play_text("2|b1").unwrap();
    m.play_text("1|b2").unwrap();
    m.draw_chance().unwrap();
    m.declare(Declared::Resigns(Player(1))).unwrap();
    let Decision::Over(o) = m.decision() else {
        panic!("a resignation ends the game");
    };
    assert_eq!(o.results, [PlayerResult::Win, PlayerResult::Loss]);
    assert_eq!(o.reason, "P2 resigns");
    // Nothing more is played, drawn or declared.
    assert_eq!(
        m.play(Actor::Player(Player(0)), Act::Bid(0))
            .unwrap_err()
            .rule,
        "end of the game"
    );
    assert!(m.draw_chance().is_none());
    assert!(m.legal_actions(Actor::Player(Player(0))).is_empty());
    assert_eq!(
        m.declare(Declared::DrawAgreed).unwrap_err().rule,
        "end of the game"
    );
    assert!(
        m.record(Viewer::Referee)
            .ends_with("\n[Ending \"P2 resigns\"]")
    );
    check_save_roundtrip(&m).unwrap();
    let back = Match::load_text(g.clone(), &m.save_text(Viewer::Referee)).unwrap();
    assert_eq!(back.declared(), Some(Declared::Resigns(Player(1))));

    // Undo (the app's) takes back the ending alone; the game goes on where it stopped.
    let len = m.history().len();
    let any: &mut dyn AnyMatch = &mut m;
    assert!(any.undo());
    assert_eq!(any.declared(), None);
    assert_eq!(any.history_len(), len);
    assert!(matches!(any.decision(), Decision::Simultaneous { .. }));
    // Redo declares it again (a review found a resignation undone for good); undone once more,
    // it is withdrawn again.
    assert!(any.can_redo());
    assert!(any.redo());
    assert_eq!(any.declared(), Some(Declared::Resigns(Player(1))));
    assert_eq!(any.history_len(), len);
    assert!(any.undo());
    assert_eq!(any.declared(), None);
    // Undone past the action before it and redone, the resignation comes back after that
    // action (a review found it lost for good once a second undo went past it).
    assert!(any.undo());
    assert_eq!(any.history_len(), len - 1);
    assert!(any.redo());
    assert_eq!((any.history_len(), any.declared()), (len, None));
    assert!(any.can_redo());
    assert!(any.redo());
    assert_eq!(any.declared(), Some(Declared::Resigns(Player(1))));
    assert!(!any.can_redo());
    assert!(any.undo());
    assert_eq!(any.declared(), None);
    any.declare(Declared::DrawAgreed).unwrap();
    let Decision::Over(o) = any.decision() else {
        panic!("an agreed draw ends the game");
    };
    assert_eq!(o.results, [PlayerResult::Draw, PlayerResult::Draw]);
    assert_eq!(o.reason, "draw by agreement");
    // Match::undo takes the ending with the last action.
    assert!(m.undo().is_some());
    assert_eq!(m.declared(), None);
    assert_eq!(m.history().len(), len - 1);
    // With nothing played, undo still withdraws a declared ending.
    let mut fresh = Match::new(g.clone(), 1);
    fresh.declare(Declared::DrawAgreed).unwrap();
    assert!(fresh.undo().is_none());
    assert_eq!(fresh.declared(), None);
    assert!(!matches!(fresh.decision(), Decision::Over(_)));

    // A player of no seat cannot resign; an ending that reads as nothing says where.
    assert_eq!(
        m.declare(Declared::Resigns(Player(2))).unwrap_err().rule,
        "resignation"
    );
    let save = m
        .save_text(Viewer::Referee)
        .replace("\n1.", "\n[Ending \"P3 resigns\"]\n1.");
    let err = Match::load_text(g.clone(), &save).unwrap_err().to_string();
    assert!(
        err.contains("P3 resigns") && err.contains("`P1 resigns`"),
        "{err}"
    );
    // A save that declares an ending after the game was over is refused.
    let mut done = Match::new(g.clone(), 1);
    while !matches!(done.decision(), Decision::Over(_)) {
        match done.decision() {
            Decision::Chance => {
                done.draw_chance();
            }
            _ => {
                let a = done.actor().unwrap();
                let act = done.legal_actions(a)[0];
                done.play(a, act).unwrap();
            }
        }
    }
    let save = format!(
        "{}[Ending \"draw agreed\"]\n",
        done.save_text(Viewer::Referee)
    );
    let err = Match::load_text(g, &save).unwrap_err().to_string();
    assert!(err.contains("cannot end here"), "{err}");
}

/// The players' clock travels in the game's own save (issue 16, Clocks: "Clocks … survive
/// save/load"): `[Clock "…"]` with its one-line form, read back as written; undo leaves it; a
/// save without the line (older saves) loads with no clock.
#[test]
fn a_match_carries_its_clock_in_its_save() {
    let g = Arc::new(GOOD);
    let mut m = Match::new(g.clone(), 9);
    m.play_text("2|b1").unwrap();
    let form = "clock1 state=paused turn=1 at=0 used=0 delay=on s0=sudden(300000) t0=290000 c0=- s1=sudden(300000) t1=300000 c1=-";
    m.set_clock(Some(form.into()));
    let text = m.save_text(Viewer::Referee);
    assert!(text.contains(&format!("[Clock \"{form}\"]\n")), "{text}");
    check_save_roundtrip(&m).unwrap();
    let back = Match::load_text(g.clone(), &text).unwrap();
    assert_eq!(back.clock(), Some(form));
    m.undo().unwrap();
    assert_eq!(m.clock(), Some(form), "the clock has its own undo");
    // An older save, without the line.
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("[Clock"))
        .map(|l| format!("{l}\n"))
        .collect();
    let back = Match::load_text(g.clone(), &old).unwrap();
    assert_eq!(back.clock(), None);
    assert_eq!(back.state(), Match::load_text(g, &text).unwrap().state());
    // A form that would break the header line is not kept.
    m.set_clock(Some("a \"quoted\" clock".into()));
    assert_eq!(m.clock(), None);
}
