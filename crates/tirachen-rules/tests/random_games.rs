//! Seeded random games through the testkit: every action checked (invariants, position text and
//! notation round-trips, observations, undo and redo; every 10th game saved and reloaded) for
//! 1,000 games per option mode, then 10,000
//! games per option mode checked every 50th action. No game may panic or stall.
use game_testkit::{Playouts, random_playouts};
use std::sync::Arc;
use std::time::Instant;
use tirachen_rules::{MasterChoice, Side, Tirachen, TirachenOptions};

fn modes() -> [(&'static str, TirachenOptions); 2] {
    [
        ("open", TirachenOptions::default()),
        (
            "secret, every option off its default",
            TirachenOptions {
                masters: MasterChoice::Secret,
                first: Side::White,
                deployment_captures: false,
                quiet_turn_limit: Some(60),
                fort_ring_must_be_clear: true,
                general_for_traitor: false,
                no_action_loses: false,
            },
        ),
    ]
}

/// Plays `cfg`'s games in one mode, reports them on stderr, and checks none hit the action limit.
fn play(name: &str, o: TirachenOptions, cfg: &Playouts) -> game_testkit::Report {
    let g = Arc::new(Tirachen::new(o));
    let t = Instant::now();
    let r = random_playouts(&g, None, cfg).unwrap_or_else(|e| panic!("{name}: {e}"));
    eprintln!(
        "{name}: {} games, {} actions, {:?}, {:.1?}",
        r.games,
        r.actions,
        r.endings,
        t.elapsed()
    );
    assert_eq!(r.games, cfg.games);
    assert!(
        !r.endings.contains_key("action limit"),
        "{name}: {:?}",
        r.endings
    );
    r
}

#[test]
fn hundreds_of_games_checked_at_every_action() {
    for (name, o) in modes() {
        let cfg = Playouts {
            games: 1_000,
            seed: 1,
            max_actions: 1_500,
            max_turns: u32::MAX,
            check_every: 1,
            save_every: 10,
        };
        let r = play(name, o, &cfg);
        assert!(
            r.endings.contains_key("General taken"),
            "{name}: {:?}",
            r.endings
        );
    }
}

#[test]
fn ten_thousand_games_per_mode() {
    for (name, o) in modes() {
        let cfg = Playouts {
            games: 10_000,
            seed: 1_000,
            max_actions: 1_500,
            max_turns: u32::MAX,
            check_every: 50,
            save_every: 0,
        };
        play(name, o, &cfg);
    }
}

/// The situations the text allows and the old rulings forbade arise in seeded random games with
/// the default options, and every action of those games is checked: a Fort placed beside an
/// opposing piece (rule text, Fort: "May be placed (as a move) in an open square in your
/// deployment area"), a piece left in its ring moving away or taking the Fort, and a General
/// sacrificed for the Traitor ("sacrifice the piece capturing the traitor piece to gain control
/// of it"), which loses its side the game.
#[test]
fn random_games_reach_what_the_text_allows() {
    use game_api::{Decision, Game};
    use game_testkit::play_one;
    use tirachen_rules::{Action, Kind};
    let g = Arc::new(Tirachen::new(TirachenOptions::default()));
    let cfg = Playouts {
        max_actions: 1_500,
        max_turns: u32::MAX,
        check_every: 1,
        ..Playouts::default()
    };
    let (mut fort_beside, mut left_ring, mut general_sacrificed) = (0u32, 0u32, 0u32);
    for seed in 0..400 {
        let (m, _) = play_one(&g, None, 50_000 + seed, &cfg).unwrap();
        for step in m.history() {
            let s = &step.before;
            let side = s.to_move();
            let ring = |sq| {
                s.fort(side.other()).is_some_and(|f| {
                    f != sq
                        && f.file().abs_diff(sq.file()) <= 1
                        && f.rank().abs_diff(sq.rank()) <= 1
                })
            };
            match step.action {
                Action::Place {
                    kind: Kind::Fort,
                    to,
                } => {
                    let next_to_opponent = s.board().any(|(q, p)| {
                        p.owner == Some(side.other())
                            && q.file().abs_diff(to.file()) <= 1
                            && q.rank().abs_diff(to.rank()) <= 1
                    });
                    fort_beside += next_to_opponent as u32;
                }
                Action::Move { from, to, control } => {
                    if ring(from) {
                        left_ring += 1;
                        assert!(!ring(to), "ended in the ring: {}", g.position_text(s));
                    }
                    if control && s.general(side) == Some(from) {
                        general_sacrificed += 1;
                        let mut after = *s;
                        g.apply(&mut after, step.actor, step.action);
                        assert!(
                            matches!(g.decision(&after), Decision::Over(o) if o.winner() == Some(side.other().player())),
                            "{}",
                            g.position_text(s)
                        );
                    }
                }
                _ => {}
            }
        }
    }
    eprintln!(
        "Forts placed beside opposing pieces {fort_beside}, moves out of a ring {left_ring}, Generals sacrificed for the Traitor {general_sacrificed}"
    );
    assert!(fort_beside > 0 && left_ring > 0 && general_sacrificed > 0);
}

/// The new-game dialog may start from a position text: games from such starts — between the
/// two secret seals (Red's made, White's waiting), and in the middle of a game's deployment —
/// are checked at every action, their saves (`[Start "…"]`) reloaded (a review found every
/// playout begun at the start, and such a start's turns numbered wrong).
#[test]
fn games_from_a_pasted_position_are_checked_at_every_action() {
    use game_api::Game as _;
    let secret = TirachenOptions {
        masters: MasterChoice::Secret,
        ..TirachenOptions::default()
    };
    for (o, text) in [
        (secret, "4g4/9/9/9/4*4/9/9/9/4G4 r dc FCS3A3W3P9/fcp9 - 0"),
        (
            TirachenOptions::default(),
            "p2s1w1ww/2a4p1/f1s1g1pww/9/4*4/9/PA5PP/2P1AP1P1/SC1AG1F1P r dd S5P2/cwp6 - 1",
        ),
    ] {
        let g = Arc::new(Tirachen::new(o));
        let start = g
            .parse_playable(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let cfg = Playouts::thorough(40, 7, 4_000, 4);
        let r = random_playouts(&g, Some(&start), &cfg).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(r.games, 40);
    }
}
