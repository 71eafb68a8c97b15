//! The Hug on the game API (§2.0.23, "Hug (by Tyler)"): "With their choice hidden under the
//! table, each conceals either the Dagger (to betray) or Self (to hug) in one hand. The results
//! are revealed simultaneously." A draw under the option `hug` waits for both hands as one
//! simultaneous decision; neither sees the other's pick before the reveal; the computer never
//! reads it; the position text, the notation and saves carry the hands under way.
mod common;
use common::*;
use game_ai::{Budget, Config, Mcts};
use game_api::{Actor, Decision, Game as _, Match, Player, Viewer};
use std::sync::Arc;
use veney_rules::hug::{Hand, HugChoice};
use veney_rules::outcome::{Draw, Mate, Outcome};
use veney_rules::{Action, Position, Rules, Side, VeneyGame, player_of};

fn rules_with(white: &str, black: &str, hug: bool) -> Arc<Rules> {
    let mut o = veney_rules::options::RuleOptions::default();
    o.hug = hug;
    Arc::new(Rules::with_sets([set(white), set(black)], o).unwrap())
}

/// A game drawn by no contest (§2.0.20), as its position text says.
fn drawn(r: &Rules) -> Position {
    let p = pos(r, &[(White, "Self", "X2"), (Black, "Self", "Y15")], White);
    Position::from_text(r, &format!("{} over=nocontest", p.to_text(r))).unwrap()
}

const HUG: Action = Action::Hug(HugChoice::Hug);
const BETRAY: Action = Action::Hug(HugChoice::Betray);
const W: Player = Player(0);
const B: Player = Player(1);

fn legal(g: &VeneyGame, s: &Position, p: Player) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, p, &mut v);
    v
}

#[test]
fn a_draw_waits_for_both_hands_at_once() {
    // §2.0.23: "a draw must be settled with a 'hug.' Both players pick up their Dagger and
    // Self."
    let r = rules_with("standard", "standard", true);
    let g = VeneyGame::new(r.clone());
    let s = drawn(&r);
    match g.decision(&s) {
        Decision::Simultaneous { waiting } => {
            assert!(waiting.contains(W) && waiting.contains(B))
        }
        d => panic!("expected both hands awaited, got {d:?}"),
    }
    assert_eq!(legal(&g, &s, W), [HUG, BETRAY]);
    assert_eq!(legal(&g, &s, B), [HUG, BETRAY]);
    // Without the option the draw is the ending.
    let plain = rules_with("standard", "standard", false);
    let pg = VeneyGame::new(plain.clone());
    assert!(matches!(pg.decision(&drawn(&plain)), Decision::Over(_)));
}

#[test]
fn the_four_reveals_through_a_match() {
    // §2.0.23: "If both chose Self, the draw is confirmed. If one player chose Dagger, they
    // betray the draw and win by checkmate. If both players chose Dagger, it is a
    // double-checkmate, and both have lost." The order is free: each case is played with
    // either hand first.
    let r = rules_with("standard", "standard", true);
    let g = Arc::new(VeneyGame::new(r.clone()));
    let cases = [
        (
            HUG,
            HUG,
            Outcome::Draw {
                reason: Draw::Hugged,
            },
        ),
        (
            BETRAY,
            HUG,
            Outcome::Checkmate {
                winner: Side::White,
                by: Mate::Touch,
            },
        ),
        (
            HUG,
            BETRAY,
            Outcome::Checkmate {
                winner: Side::Black,
                by: Mate::Touch,
            },
        ),
        (BETRAY, BETRAY, Outcome::DoubleCheckmate),
    ];
    for ((w, b, want), black_first) in cases.into_iter().flat_map(|c| [(c, true), (c, false)]) {
        let mut m = Match::from_state(g.clone(), drawn(&r), 1);
        let (first, second) = if black_first {
            ((B, b), (W, w))
        } else {
            ((W, w), (B, b))
        };
        m.play(Actor::Player(first.0), first.1).unwrap();
        assert!(
            matches!(m.decision(), Decision::Simultaneous { waiting } if waiting.contains(second.0) && !waiting.contains(first.0)),
            "after the first pick only the other is awaited"
        );
        assert!(matches!(m.state().outcome(), Some(Outcome::Draw { .. })));
        m.play(Actor::Player(second.0), second.1).unwrap();
        assert_eq!(m.state().outcome(), Some(want), "{w:?} {b:?}");
        assert!(matches!(m.decision(), Decision::Over(_)));
        // The hands are emptied by the reveal: the ending says what each hid.
        assert_eq!(m.state().hug_hand(Side::White), Hand::Empty);
        assert_eq!(m.state().hug_hand(Side::Black), Hand::Empty);
    }
}

#[test]
fn refused_picks_name_the_hug() {
    // §2.0.23: one hand each; only a draw is hugged; only a player picks.
    let r = rules_with("standard", "standard", true);
    let g = VeneyGame::new(r.clone());
    let mut s = drawn(&r);
    g.play_checked(&mut s, Actor::Player(W), HUG).unwrap();
    let twice = g
        .play_checked(&mut s, Actor::Player(W), BETRAY)
        .unwrap_err();
    assert_eq!(twice.rule, "§2.0.23 Hug");
    assert!(twice.why.contains("already hidden"), "{}", twice.why);
    let chance = g.play_checked(&mut s, Actor::Chance, BETRAY).unwrap_err();
    assert_eq!(chance.rule, "§2.0.23 Hug");
    // The engine's own turn machine fills no hand without its player named: a typed `betray`
    // is refused there, and the app's Hug dialog names the player.
    let before = s;
    let unnamed = s.play(&r, BETRAY).unwrap_err();
    assert_eq!(unnamed.section, "§2.0.23 Hug");
    assert!(
        unnamed.reason.contains("player named"),
        "{}",
        unnamed.reason
    );
    s.play_unchecked(&r, BETRAY);
    assert_eq!(s, before);
    // An open game has no Hug.
    let mut open = Position::start(&r);
    let early = g
        .play_checked(&mut open, Actor::Player(W), HUG)
        .unwrap_err();
    assert_eq!(early.rule, "§2.0.23 Hug");
    assert!(early.why.contains("no draw awaits"), "{}", early.why);
    // Nor does a draw under the option off.
    let plain = rules_with("standard", "standard", false);
    let mut d = drawn(&plain);
    let off = d.pick_hug(&plain, Side::White, HugChoice::Hug).unwrap_err();
    assert_eq!(off.section, "§2.0.23 Hug");
    assert!(off.reason.contains("hug: false"), "{}", off.reason);
}

#[test]
fn neither_sees_the_others_hand_before_the_reveal() {
    // §2.0.23: "With their choice hidden under the table … The results are revealed
    // simultaneously."
    let r = rules_with("standard", "standard", true);
    let g = Arc::new(VeneyGame::new(r.clone()));
    let mut m = Match::from_state(g.clone(), drawn(&r), 1);
    m.play(Actor::Player(W), BETRAY).unwrap();
    let s = *m.state();
    assert_eq!(s.hug_hand(Side::White), Hand::Holds(HugChoice::Betray));
    assert_eq!(g.secrets(&s, W).len(), 1);
    // Black (and a spectator) see that White's hand is in, not what it holds.
    for v in [Viewer::Player(B), Viewer::Spectator] {
        let o = g.observe(&s, v);
        assert_eq!(o.hug_hand(Side::White), Hand::Sealed);
        assert!(g.secrets(&o, W).is_empty());
        assert!(
            g.position_text(&o).contains("hug=?:-"),
            "{}",
            g.position_text(&o)
        );
    }
    assert_eq!(g.observe(&s, Viewer::Player(W)), s);
    assert!(g.position_text(&s).contains("hug=D:-"));
    // The record hides the pick from Black and shows it to White.
    assert!(m.record(Viewer::Player(B)).contains('?'));
    assert!(!m.record(Viewer::Player(B)).contains("betray"));
    assert!(m.record(Viewer::Player(W)).contains("1|betray"));
    // Black's pick settles the draw: the record now shows both hands to everyone, and undoing
    // the pick seals White's again.
    m.play(Actor::Player(B), HUG).unwrap();
    assert!(matches!(m.decision(), Decision::Over(_)));
    for v in [Viewer::Player(B), Viewer::Spectator, Viewer::Player(W)] {
        let rec = m.record(v);
        assert!(rec.contains("1|betray") && rec.contains("2|hug"), "{rec}");
        assert!(!rec.contains('?'), "{rec}");
    }
    m.undo().unwrap();
    assert!(!m.record(Viewer::Player(B)).contains("betray"));
}

#[test]
fn the_position_text_carries_the_hands_and_refuses_impossible_ones() {
    // §2.0.23: hands exist only while a draw awaits its Hug, and the second pick reveals both.
    let r = rules_with("standard", "standard", true);
    let base = drawn(&r).to_text(&r);
    let with = |hug: &str| base.replace(" over=", &format!(" hug={hug} over="));
    let p = Position::from_text(&r, &with("-:S")).unwrap();
    assert_eq!(p.hug_hand(Side::Black), Hand::Holds(HugChoice::Hug));
    assert_eq!(Position::from_text(&r, &p.to_text(&r)).unwrap(), p);
    let refused = |text: &str, needle: &str| {
        let e = Position::from_text(&r, text).unwrap_err();
        assert!(e.to_string().contains(needle), "{text}: {e}");
    };
    refused(&with("D:S"), "both hands are in");
    refused(&with("X:-"), "expected hug=W:B");
    refused(&with("DD:-"), "expected hug=W:B");
    refused(
        &(pos(&r, &[(White, "Self", "X2"), (Black, "Self", "Y15")], White).to_text(&r)
            + " hug=D:-"),
        "only while a draw awaits",
    );
    refused(
        &base.replace("over=nocontest", "hug=D:- over=hugged"),
        "only while a draw awaits",
    );
    let plain = rules_with("standard", "standard", false);
    refused_with(&plain, &with("D:-"), "hug: false");
    // R-HUG-NO-DAGGER: the Ceremonial Guard hides no Dagger.
    let guard = rules_with("ceremonial", "standard", true);
    let gtext = drawn(&guard).to_text(&guard);
    refused_with(
        &guard,
        &gtext.replace(" over=", " hug=D:- over="),
        "no Dagger",
    );
    // Both hands in is a settled Hug, refused for that (a review found this line counted
    // among the no-Dagger checks); White's hand alone, the Self hidden, is accepted.
    refused_with(
        &guard,
        &gtext.replace(" over=", " hug=S:D over="),
        "both hands are in",
    );
    assert!(Position::from_text(&guard, &gtext.replace(" over=", " hug=S:- over=")).is_ok());
    assert!(Position::from_text(&guard, &gtext.replace(" over=", " hug=-:D over=")).is_ok());
    // §2.0.18 Shima: "drawing the game is not an option", so no draw (and no Hug) under it.
    refused(
        &base.replace(" over=", " shima=1 over="),
        "under Shima drawing is not an option",
    );
}

fn refused_with(r: &Rules, text: &str, needle: &str) {
    let e = Position::from_text(r, text).unwrap_err();
    assert!(e.to_string().contains(needle), "{text}: {e}");
}

#[test]
fn picks_are_written_and_read_in_words() {
    // Ruling R-HUG-NOTATION: §2.0.R5 writes no Hug, so the text's own words, `hug` and `betray`.
    let r = rules_with("standard", "standard", true);
    let g = VeneyGame::new(r.clone());
    let s = drawn(&r);
    assert_eq!(g.action_text(&s, HUG), "hug");
    assert_eq!(g.action_text(&s, BETRAY), "betray");
    assert_eq!(g.parse_action(&s, "betray").unwrap(), BETRAY);
    // Not while no draw awaits a Hug.
    let e = g.parse_action(&Position::start(&r), "hug").unwrap_err();
    assert!(e.to_string().contains("§2.0.23"), "{e}");
}

#[test]
fn an_army_without_a_dagger_can_only_hug() {
    // §2.0.23: "Both players pick up their Dagger and Self … each conceals either the Dagger
    // (to betray) or Self (to hug)". Ruling R-HUG-NO-DAGGER: the Ceremonial Guard has no
    // Dagger to conceal.
    let r = rules_with("ceremonial", "standard", true);
    let g = VeneyGame::new(r.clone());
    let s = drawn(&r);
    assert_eq!(legal(&g, &s, W), [HUG]);
    assert_eq!(legal(&g, &s, B), [HUG, BETRAY]);
    let mut t = s;
    let e = g
        .play_checked(&mut t, Actor::Player(W), BETRAY)
        .unwrap_err();
    assert_eq!(e.rule, "§2.0.23 Hug");
    assert!(e.why.contains("no Dagger"), "{}", e.why);
    // The engine's own Game refuses the same pick and leaves the draw as it was.
    let mut game = veney_rules::Game::new(r.clone());
    game.agree_draw();
    let e = game.hug(HugChoice::Betray, HugChoice::Hug).unwrap_err();
    assert_eq!(e.section, "§2.0.23 Hug");
    assert!(e.reason.contains("no Dagger"), "{}", e.reason);
    assert_eq!(
        game.position().outcome(),
        Some(Outcome::Draw {
            reason: Draw::Agreement
        })
    );
    assert!(game.hug(HugChoice::Hug, HugChoice::Betray).is_ok());
}

fn search(g: &VeneyGame, s: &Position, me: Player) -> (Action, f64) {
    let config = Config {
        budget: Budget::Iterations(2_000),
        seed: 11,
        threads: 1,
        ..Config::default()
    };
    let c = Mcts::new(config).choose(g, s, me).unwrap();
    (c.action, c.value)
}

#[test]
fn the_computer_betrays_and_never_reads_the_other_hand() {
    // §2.0.23: against the Self the Dagger wins where the Self only draws, and against the
    // Dagger both lose either way: the search (decoupled, blind to the other's pick) betrays.
    let r = rules_with("standard", "standard", true);
    let g = VeneyGame::new(r.clone());
    let s = drawn(&r);
    assert_eq!(search(&g, &s, W).0, BETRAY);
    // Black decides after White's pick is in: its choice and estimate are the same whatever
    // White hid, for Black sees only a sealed hand.
    let mut hugged = s;
    hugged.pick_hug(&r, Side::White, HugChoice::Hug).unwrap();
    let mut betrayed = s;
    betrayed
        .pick_hug(&r, Side::White, HugChoice::Betray)
        .unwrap();
    let a = search(&g, &hugged, B);
    let b = search(&g, &betrayed, B);
    assert_eq!(a, b);
    assert_eq!(a.0, BETRAY);
    assert_eq!(player_of(Side::Black), B);
}

#[test]
fn the_second_picker_facing_a_sealed_hand_still_picks() {
    // §2.0.23 "each conceals either the Dagger (to betray) or Self (to hug)": the one who picks
    // second sees only a sealed hand, yet picks. A random player and a time-budgeted or empty
    // search list its picks on a determinisation of what it sees (the observation alone lists
    // none: the Hug settles only on the full position).
    let r = rules_with("standard", "ceremonial", true);
    let g = VeneyGame::new(r.clone());
    let mut s = drawn(&r);
    s.pick_hug(&r, Side::White, HugChoice::Betray).unwrap();
    let seen = g.observe(&s, Viewer::Player(B));
    assert!(legal(&g, &seen, B).is_empty());
    let c = game_ai::Agent::choose(&mut game_ai::RandomAgent::new(3), &g, &s, B)
        .expect("the random player picks");
    assert_eq!(c.action, HUG);
    // The Ceremonial Guard can only hug (R-HUG-NO-DAGGER): a forced pick, searched briefly.
    let timed = Config {
        budget: Budget::Millis(5_000),
        threads: 1,
        ..Config::default()
    };
    let c = Mcts::new(timed).choose(&g, &s, B).unwrap();
    assert_eq!(c.action, HUG);
    assert!(
        c.iterations <= 64,
        "{} iterations on a forced pick",
        c.iterations
    );
    let none = Config {
        budget: Budget::Iterations(0),
        threads: 1,
        ..Config::default()
    };
    assert_eq!(Mcts::new(none).choose(&g, &s, B).unwrap().action, HUG);
}

#[test]
fn a_save_mid_hug_resumes_and_keeps_the_pick_from_the_other() {
    // §2.0.23 "With their choice hidden under the table": the referee's save resumes with
    // White's hand in; Black's save holds neither the pick nor the hand's content.
    let r = rules_with("standard", "standard", true);
    let g = Arc::new(VeneyGame::new(r.clone()));
    let mut m = Match::from_state(g.clone(), drawn(&r), 5);
    m.play(Actor::Player(W), BETRAY).unwrap();
    let text = m.save_text(Viewer::Referee);
    let back = Match::load_text(g.clone(), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.state(), m.state());
    assert!(
        matches!(back.decision(), Decision::Simultaneous { waiting } if waiting.contains(B) && !waiting.contains(W))
    );
    let blacks = m.save_text(Viewer::Player(B));
    assert!(
        !blacks.contains("betray") && !blacks.contains("hug=D"),
        "{blacks}"
    );
    assert!(blacks.contains("hug=?:-"), "{blacks}");
    // Black's view of the position reads (an observation) but starts no game: the sealed hand
    // could never be revealed.
    let view = g.position_text(&g.observe(m.state(), Viewer::Player(B)));
    assert!(g.is_view(&g.parse_position(&view).unwrap()));
    let e = g.parse_playable(&view).unwrap_err();
    assert!(e.why.contains("one player's view"), "{e}");
    assert!(!g.is_view(m.state()));
    // The app's position box and a save's [Position] read it the same way.
    let e = Position::from_text_playable(&r, &view).unwrap_err();
    assert_eq!(e.token, "hug=?:-");
    let save = format!("[Position \"{view}\"]\n");
    let e = veney_rules::savefile::read(r.clone(), &save).unwrap_err();
    assert!(e.to_string().contains("one player's view"), "{e}");
}
