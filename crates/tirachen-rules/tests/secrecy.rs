//! Masters chosen in secret (ruling "Masters chosen openly or secretly", option Masters): the
//! choice is a simultaneous decision; a side's undeployed master kinds are hidden from the other
//! side (their number is not); the choice action is hidden from the other side.
mod common;
use common::*;
use game_api::{Actor, Decision, Game, Match, Player, PlayerSet, Viewer};
use std::sync::Arc;
use tirachen_rules::{Action, MasterChoice, Masters};

fn secret() -> tirachen_rules::Tirachen {
    game_with(|o| o.masters = MasterChoice::Secret)
}

#[test]
fn the_other_side_sees_how_many_masters_but_not_which() {
    let g = secret();
    let mut s = g.start();
    let red = Action::Choose(Masters::new(4, 4, 1).unwrap());
    g.apply(&mut s, Actor::Player(Player(0)), red);
    assert_eq!(
        g.decision(&s),
        Decision::Simultaneous {
            waiting: PlayerSet::of(&[Player(1)])
        }
    );
    assert_eq!(
        g.position_text(&s),
        "4g4/9/9/9/4*4/9/9/9/4G4 r dc FCS4A4WP9/fcp9 - 0"
    );
    let white_view = g.observe(&s, Viewer::Player(Player(1)));
    assert_eq!(
        g.position_text(&white_view),
        "4g4/9/9/9/4*4/9/9/9/4G4 r dc FCP9?9/fcp9 - 0"
    );
    assert_eq!(g.observe(&s, Viewer::Player(Player(0))), s);
    assert_eq!(
        g.secrets(&s, Player(0)),
        vec!["undeployed masters: S×4 A×4 W×1".to_string()]
    );
    assert!(g.secrets(&white_view, Player(0)).is_empty());
    assert!(
        g.secrets(&g.observe(&s, Viewer::Spectator), Player(0))
            .is_empty()
    );
    // The action itself is hidden from White and spectators.
    assert!(!g.action_visible(
        &g.start(),
        Actor::Player(Player(0)),
        red,
        Viewer::Player(Player(1))
    ));
    assert!(!g.action_visible(&g.start(), Actor::Player(Player(0)), red, Viewer::Spectator));
    assert!(g.action_visible(
        &g.start(),
        Actor::Player(Player(0)),
        red,
        Viewer::Player(Player(0))
    ));
    // The tray shows the hidden masters as "?".
    let trays = g.reserves(&s, Viewer::Player(Player(1)));
    assert!(
        trays[0]
            .entries
            .contains(&("?".to_string(), "hidden master".to_string(), 9))
    );
    assert!(!trays[0].entries.iter().any(|e| e.0 == "S"));
    let own = g.reserves(&s, Viewer::Player(Player(0)));
    assert!(
        own[0]
            .entries
            .contains(&("S".to_string(), "Master of arms".to_string(), 4))
    );
}

// A placed master shows its kind; the rest stay hidden.
#[test]
fn a_placed_master_is_revealed() {
    let g = secret();
    let mut s = g.start();
    g.apply(
        &mut s,
        Actor::Player(Player(0)),
        Action::Choose(Masters::new(4, 4, 1).unwrap()),
    );
    g.apply(
        &mut s,
        Actor::Player(Player(1)),
        Action::Choose(Masters::new(0, 0, 9).unwrap()),
    );
    play(&g, &mut s, "A@c3");
    let white_view = g.observe(&s, Viewer::Player(Player(1)));
    assert_eq!(
        g.position_text(&white_view),
        "4g4/9/9/9/4*4/9/2A6/9/4G4 w dd FCP9?8/fcw9p9 - 0"
    );
}

// In the open mode nothing is secret.
#[test]
fn open_choices_hide_nothing() {
    let g = game();
    let mut s = g.start();
    play(&g, &mut s, "S4A4W1");
    assert_eq!(g.observe(&s, Viewer::Player(Player(1))), s);
    assert!(g.secrets(&s, Player(0)).is_empty());
    let a = Action::Choose(Masters::new(4, 4, 1).unwrap());
    assert!(g.action_visible(&g.start(), Actor::Player(Player(0)), a, Viewer::Spectator));
}

// A player's record shows `?` for the other side's choice, and their save does not resume.
#[test]
fn a_players_record_hides_the_other_choice() {
    let g = Arc::new(secret());
    let mut m = Match::new(g.clone(), 1);
    m.play_text("1|S4A4W1").unwrap();
    m.play_text("2|S0A9W0").unwrap();
    let white = m.record(Viewer::Player(Player(1)));
    assert!(
        white.contains('?') && white.contains("2|S0A9W0") && !white.contains("S4A4W1"),
        "{white}"
    );
    assert!(m.record(Viewer::Referee).contains("1|S4A4W1"));
    assert!(Match::load_text(g.clone(), &m.save_text(Viewer::Player(Player(1)))).is_err());
    game_testkit::check_save_roundtrip(&m).unwrap();
}

#[test]
fn what_white_sees_hashes_alike_whichever_masters_red_hid() {
    // The app seeds a computer seat's thinking with `AnyMatch::observed_hash`: two matches
    // differing only in Red's hidden choice look, and hash, alike to White (and differ whole).
    use game_api::AnyMatch;
    let g = Arc::new(secret());
    let chosen = |m: Masters| {
        let mut x = Match::from_state(g.clone(), g.start(), 1);
        x.play(Actor::Player(Player(0)), Action::Choose(m)).unwrap();
        x
    };
    let a = chosen(Masters::new(4, 4, 1).unwrap());
    let b = chosen(Masters::new(1, 4, 4).unwrap());
    let white = Viewer::Player(Player(1));
    assert_eq!(a.observed_hash(white), b.observed_hash(white));
    assert_ne!(a.position_hash(), b.position_hash());
    assert_ne!(
        a.observed_hash(Viewer::Player(Player(0))),
        b.observed_hash(Viewer::Player(Player(0)))
    );
}
