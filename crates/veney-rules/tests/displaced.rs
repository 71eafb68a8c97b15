//! Displaced pieces (`veney_rules::displaced`): what left the board and where it went, read from
//! the positions before and after an action.
mod common;
use common::*;
use veney_rules::{Action, Effect, Position, Whereabouts, displaced, playout, rng};

#[test]
fn a_fended_engagement_goes_to_its_owners_reserve() {
    // §2.0.04: "the fended piece returns to its owner's reserve".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Engagement", "X6"),
            (Black, "Self", "X13"),
            (Black, "Engagement", "Y7"),
        ],
        White,
    );
    let fend = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| matches!(a, Action::Move(m) if m.to == sq("Y7")))
        .unwrap();
    assert!(matches!(fend, Action::Move(m) if matches!(m.effect, Effect::Fend(_))));
    let mut after = p;
    after.play_unchecked(&r, fend);
    let eng = r.set(Black).by_name("Engagement").unwrap();
    let d = displaced(&r, &p, &after);
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].side, d[0].kind, d[0].from), (Black, eng, sq("Y7")));
    assert_eq!(d[0].to, Whereabouts::Reserve);
}

#[test]
fn withdrawing_sends_the_piece_to_its_own_reserve() {
    // §2.0.13: "an own piece on your own side of the board goes back to reserve".
    let r = rules();
    let p = Position::start(&r);
    let w = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| matches!(a, Action::Withdraw { .. }))
        .unwrap();
    let Action::Withdraw { kind, from } = w else {
        unreachable!()
    };
    let mut after = p;
    after.play_unchecked(&r, w);
    let d = displaced(&r, &p, &after);
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].side, d[0].kind, d[0].from), (White, kind, from));
    assert_eq!(d[0].to, Whereabouts::Reserve);
}

/// Over the actions of seeded random positions: a take sends the taken piece to its owner's
/// discard, a fend to its owner's reserve (§2.0.04), a withdrawal to the reserve (§2.0.13), a
/// Cloak's capture under the Cloak (§2.0.06), a cast from the board into the air (§2.0.18), and
/// every report names a piece that stood on its square, as many as the board lost.
#[test]
fn every_kind_of_displacement_in_random_positions_is_reported() {
    let r = rules();
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..120u64 {
        let mut g = rng::seeded(seed);
        let mut p = Position::start(&r);
        for _ in 0..6 {
            p = playout::random_position(&r, p, &mut g, 5);
            if p.is_game_over() {
                break;
            }
            for a in p.legal_actions(&r) {
                let mut after = p;
                after.play_unchecked(&r, a);
                let d = displaced(&r, &p, &after);
                let opp = !p.turn();
                // Every report is a piece that stood there, and the board lost that many.
                for x in &d {
                    assert_eq!(p.piece_at(x.from), Some((x.side, x.kind)), "{a:?}: {d:?}");
                    let lost =
                        p.pieces(x.side, x.kind).count() - after.pieces(x.side, x.kind).count();
                    let told = d
                        .iter()
                        .filter(|y| (y.side, y.kind) == (x.side, x.kind))
                        .count();
                    assert_eq!(lost as usize, told, "{a:?}: {d:?}");
                    assert_ne!(x.to, Whereabouts::Elsewhere, "{a:?}: {d:?}");
                }
                let expect: Option<(veney_rules::Side, Square, Whereabouts)> = match a {
                    Action::Move(m) => match m.effect {
                        Effect::Take(_) | Effect::Disarm(_) | Effect::Negate(_) => {
                            Some((opp, m.to, Whereabouts::Discard))
                        }
                        Effect::Fend(_) | Effect::ShadowStab(_) => {
                            Some((opp, m.to, Whereabouts::Reserve))
                        }
                        Effect::EnPassant(v) => Some((opp, v, Whereabouts::Reserve)),
                        Effect::Capture(_) => Some((opp, m.to, Whereabouts::Pinned(m.to))),
                        _ => None,
                    },
                    Action::Withdraw { from, .. } => Some((p.turn(), from, Whereabouts::Reserve)),
                    Action::Cast {
                        from: Some(from), ..
                    } => Some((p.turn(), from, Whereabouts::InAir)),
                    _ => None,
                };
                if let Some((side, from, to)) = expect {
                    let (s, k) = p.piece_at(from).unwrap();
                    assert_eq!(s, side);
                    assert!(
                        d.iter()
                            .any(|x| x.side == side && x.kind == k && x.from == from && x.to == to),
                        "{} {a:?}: {d:?}",
                        p.to_text(&r)
                    );
                    *seen
                        .entry(format!("{to:?}").split('(').next().unwrap().to_string())
                        .or_insert(0) += 1;
                }
            }
        }
    }
    // The sample holds takes, fends and withdrawals at least.
    for k in ["Discard", "Reserve"] {
        assert!(seen.get(k).copied().unwrap_or(0) > 0, "{seen:?}");
    }
}
use veney_rules::Square;
