//! Rule options: headers round-trip, and who moves first both ways (rule text, "HOW TO PLAY":
//! "Determine who will play first.").
mod common;
use common::*;
use game_api::{Decision, Game, Match, Player, PlayerSet, Viewer};
use std::sync::Arc;
use tirachen_rules::{MasterChoice, Side, Tirachen, TirachenOptions};

#[test]
fn options_come_back_from_headers() {
    let variants = [
        TirachenOptions::default(),
        TirachenOptions {
            masters: MasterChoice::Secret,
            first: Side::White,
            deployment_captures: false,
            quiet_turn_limit: None,
            fort_ring_must_be_clear: true,
            general_for_traitor: false,
            no_action_loses: false,
        },
        TirachenOptions {
            quiet_turn_limit: Some(7),
            ..TirachenOptions::default()
        },
        TirachenOptions {
            fort_ring_must_be_clear: true,
            ..TirachenOptions::default()
        },
        TirachenOptions {
            general_for_traitor: false,
            ..TirachenOptions::default()
        },
    ];
    for o in variants {
        let g = Tirachen::new(o);
        assert_eq!(Tirachen::from_headers(&g.headers()).unwrap(), g);
    }
    assert_eq!(
        TirachenOptions::default().headers(),
        vec![
            ("Masters".to_string(), "open".to_string()),
            ("First".to_string(), "Red".to_string()),
            ("DeploymentCaptures".to_string(), "yes".to_string()),
            ("QuietTurns".to_string(), "100".to_string()),
            ("FortRingClear".to_string(), "no".to_string()),
            ("GeneralForTraitor".to_string(), "yes".to_string()),
            ("NoActionLoses".to_string(), "yes".to_string()),
        ]
    );
    // The defaults follow the text's plain words (docs/rulings/tirachen.md, "A Fort placed
    // beside an opposing piece" and "Sacrificing the General for the Traitor").
    let d = TirachenOptions::default();
    assert!(!d.fort_ring_must_be_clear && d.general_for_traitor);
    let strict =
        TirachenOptions::from_headers(&[("FortRingClear", "yes"), ("GeneralForTraitor", "no")])
            .unwrap();
    assert!(strict.fort_ring_must_be_clear && !strict.general_for_traitor);
}

#[test]
fn a_bad_header_says_which_and_why() {
    let e = TirachenOptions::from_headers(&[("Masters", "hidden")]).unwrap_err();
    assert_eq!(e.header, "Masters");
    assert!(e.to_string().contains("`open` or `secret`"), "{e}");
    let e = TirachenOptions::from_headers(&[("QuietTurns", "0")]).unwrap_err();
    assert_eq!(e.header, "QuietTurns");
    for header in [
        "FortRingClear",
        "GeneralForTraitor",
        "DeploymentCaptures",
        "NoActionLoses",
    ] {
        let e = TirachenOptions::from_headers(&[(header, "maybe")]).unwrap_err();
        assert_eq!(e.header, header);
        assert!(e.to_string().contains("`yes` or `no`"), "{e}");
    }
    // Headers of other matters are ignored; missing options keep their defaults.
    assert_eq!(
        TirachenOptions::from_headers(&[("Game", "tirachen")]).unwrap(),
        TirachenOptions::default()
    );
}

// A save names its options; the rules rebuilt from the save's text replay it.
#[test]
fn a_save_rebuilds_its_rules() {
    let g = Arc::new(game_with(|o| {
        o.masters = MasterChoice::Secret;
        o.first = Side::White;
        o.quiet_turn_limit = Some(40);
        o.fort_ring_must_be_clear = true;
        o.general_for_traitor = false;
    }));
    let mut m = Match::new(g.clone(), 3);
    for t in ["2|S9A0W0", "1|S0A0W9", "P@e7", "W@a1", "mob"] {
        m.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    let text = m.save_text(Viewer::Referee);
    let rebuilt = Arc::new(Tirachen::from_save_text(&text).unwrap());
    assert_eq!(*rebuilt, *g);
    let back = Match::load_text(rebuilt, &text).unwrap();
    assert_eq!(back.state(), m.state());
}

// Option First, both ways, with the open choice: the first player chooses first, then the
// other, then the first player moves.
#[test]
fn the_first_player_follows_the_option() {
    for (first, seat) in [(Side::Red, 0u8), (Side::White, 1u8)] {
        let g = game_with(|o| o.first = first);
        let mut s = g.start();
        assert_eq!(g.decision(&s), Decision::Player(Player(seat)));
        play(&g, &mut s, "S3A3W3");
        assert_eq!(g.decision(&s), Decision::Player(Player(1 - seat)));
        assert_eq!(refused_by(&g, &s, "mob"), "Tirachen: masters");
        play(&g, &mut s, "S3A3W3");
        assert_eq!(g.decision(&s), Decision::Player(Player(seat)));
        assert!(legal_texts(&g, &s).contains(&"mob".to_string()));
    }
}

// Option Masters, both ways: open choices are taken in turn; secret ones at once.
#[test]
fn masters_are_chosen_in_turn_or_at_once() {
    let open = game();
    let s = open.start();
    assert_eq!(open.decision(&s), Decision::Player(Player(0)));
    let mut white = Vec::new();
    open.legal_actions(&s, Player(1), &mut white);
    assert!(white.is_empty());
    assert_eq!(legal(&open, &s).len(), 55);

    let secret = game_with(|o| o.masters = MasterChoice::Secret);
    let s = secret.start();
    assert_eq!(
        secret.decision(&s),
        Decision::Simultaneous {
            waiting: PlayerSet::of(&[Player(0), Player(1)])
        }
    );
    for p in [Player(0), Player(1)] {
        let mut v = Vec::new();
        secret.legal_actions(&s, p, &mut v);
        assert_eq!(v.len(), 55);
    }
}

// A save's option header that names no valid value is reported at its line (a review found the
// line left out).
#[test]
fn a_bad_option_header_is_reported_at_its_line() {
    let text = "[Game \"tirachen\"]\n[Seed \"1\"]\n[Masters \"sekret\"]\n";
    let e = tirachen_rules::TirachenOptions::from_save_text(text).unwrap_err();
    let why = e.to_string();
    assert!(why.contains("line 3") && why.contains("Masters"), "{why}");
}
