//! Every action that is not legal is refused by a named rule of the text (or the turn order),
//! never by the catch-all: every own piece to every square (both ways of taking), every
//! undeployed kind onto every square, `mob` and `-`, in every position of seeded random games.
use game_api::{Actor, Decision, Game};
use game_testkit::{Playouts, play_one};
use std::sync::Arc;
use tirachen_rules::{Action, Kind, MasterChoice, Square, Tirachen, TirachenOptions};

#[test]
fn every_illegal_action_names_its_rule() {
    let modes = [
        TirachenOptions::default(),
        TirachenOptions {
            masters: MasterChoice::Secret,
            deployment_captures: false,
            fort_ring_must_be_clear: true,
            general_for_traitor: false,
            ..TirachenOptions::default()
        },
    ];
    let mut refused = 0u64;
    for o in modes {
        let g = Arc::new(Tirachen::new(o));
        let cfg = Playouts {
            check_every: 0,
            ..Playouts::default()
        };
        for seed in 100..106 {
            let (m, _) = play_one(&g, None, seed, &cfg).unwrap();
            for step in m.history() {
                let s = &step.before;
                let Decision::Player(p) = g.decision(s) else {
                    continue;
                };
                let mut legal = Vec::new();
                g.legal_actions(s, p, &mut legal);
                let mut candidates = vec![Action::Mobilise, Action::Decline];
                for from in Square::all() {
                    for to in Square::all() {
                        for control in [false, true] {
                            candidates.push(Action::Move { from, to, control });
                        }
                    }
                }
                for kind in Kind::ALL {
                    candidates.extend(Square::all().map(|to| Action::Place { kind, to }));
                }
                for a in candidates {
                    if legal.contains(&a) {
                        continue;
                    }
                    let r = g.refusal(s, Actor::Player(p), a);
                    assert!(
                        r.rule.starts_with("Tirachen: ") || r.rule == "turn order",
                        "{a:?} in {} refused by `{}`: {}",
                        g.position_text(s),
                        r.rule,
                        r.why
                    );
                    refused += 1;
                }
            }
        }
    }
    assert!(refused > 500_000, "{refused}");
}
