//! An independent, deliberately plain reading of where pieces are placed (coordinates and loops,
//! no bitboards), compared with the rules crate's listed placements in every position of seeded
//! random games, both option modes, as `reference_moves.rs` does for moves. The sentences:
//! - "2 deployment areas, the 3 nearest rows to each player"; "2 homelands on the board,
//!   centered at opposite edges, 3 squares wide" (rule text, "PIECES AND PATCHES");
//! - Deployment phase: "2. Place a piece on an open square in your deployment area.";
//! - Mobilized phase: "2. Place your undeployed fort on any open square in your deployment
//!   area." and "3. Bring a previously-undeployed piece ... in one of your open homeland
//!   squares.";
//! - Fort: "Opposing pieces may not end their movement on a square adjacent to the fort" (a
//!   placement ends there too: ruling "The protected ring and friendly pieces"), and option
//!   FortRingClear (ruling "A Fort placed beside an opposing piece");
//! - Traitor: the extra move "must be used only to move the traitor piece".
use game_api::{Decision, Game};
use game_testkit::{Playouts, play_one};
use std::collections::BTreeSet;
use std::sync::Arc;
use tirachen_rules::{
    Action, Kind, MasterChoice, Phase, Position, Side, Square, Tirachen, TirachenOptions,
};

type Placements = BTreeSet<(Kind, Square)>;

/// "the 3 nearest rows to each player": ranks 1–3 for Red, 7–9 for White (from 0 here).
fn in_deployment_area(side: Side, s: Square) -> bool {
    match side {
        Side::Red => s.rank() <= 2,
        Side::White => s.rank() >= 6,
    }
}

/// "centered at opposite edges, 3 squares wide": files d, e, f of the side's own edge rank.
fn in_homeland(side: Side, s: Square) -> bool {
    let edge = match side {
        Side::Red => 0,
        Side::White => 8,
    };
    s.rank() == edge && (3..=5).contains(&s.file())
}

fn adjacent(a: Square, b: Square) -> bool {
    a != b
        && (a.file() as i32 - b.file() as i32).abs() <= 1
        && (a.rank() as i32 - b.rank() as i32).abs() <= 1
}

fn reference(pos: &Position, o: &TirachenOptions) -> Placements {
    let side = pos.to_move();
    let mut out = Placements::new();
    // The Traitor's extra move "must be used only to move the traitor piece".
    if pos.extra_move().is_some() {
        return out;
    }
    let opposing: Vec<(Square, Kind)> = pos
        .board()
        .filter(|(_, p)| p.owner == Some(side.other()))
        .map(|(q, p)| (q, p.kind))
        .collect();
    // The pieces "ready to be deployed": Fort, Commander, the three masters, Pikes.
    let kinds = [
        Kind::Fort,
        Kind::Commander,
        Kind::Arms,
        Kind::Spells,
        Kind::Hunt,
        Kind::Pike,
    ];
    for kind in kinds {
        if pos.reserve(side).count(kind) == 0 {
            continue;
        }
        for s in Square::all() {
            let area = match (pos.phase(side), kind) {
                (Phase::Deploying, _) | (Phase::Mobilised, Kind::Fort) => {
                    in_deployment_area(side, s)
                }
                (Phase::Mobilised, _) => in_homeland(side, s),
                (Phase::Choosing, _) => false,
            };
            // "an open square": an empty one (ruling "Placing and mobilizing").
            if !area || pos.piece_at(s).is_some() {
                continue;
            }
            if opposing
                .iter()
                .any(|&(q, k)| k == Kind::Fort && adjacent(q, s))
            {
                continue;
            }
            if kind == Kind::Fort
                && o.fort_ring_must_be_clear
                && opposing.iter().any(|&(q, _)| adjacent(q, s))
            {
                continue;
            }
            out.insert((kind, s));
        }
    }
    out
}

fn engine(g: &Tirachen, pos: &Position) -> Placements {
    let mut v = Vec::new();
    g.legal_actions(pos, pos.to_move().player(), &mut v);
    v.into_iter()
        .filter_map(|a| match a {
            Action::Place { kind, to } => Some((kind, to)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_placements_agree_with_a_plain_reading() {
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
    let (mut deploying, mut mobilized) = (0u32, 0u32);
    for o in modes {
        let g = Arc::new(Tirachen::new(o));
        let cfg = Playouts {
            max_actions: 600,
            check_every: 0,
            ..Playouts::default()
        };
        for seed in 0..30 {
            let (m, _) = play_one(&g, None, seed, &cfg).unwrap();
            for step in m.history() {
                let s = &step.before;
                if s.choosing() || !matches!(g.decision(s), Decision::Player(_)) {
                    continue;
                }
                let want = reference(s, &o);
                assert_eq!(engine(&g, s), want, "in {}", g.position_text(s));
                match s.phase(s.to_move()) {
                    Phase::Deploying => deploying += 1,
                    Phase::Mobilised if !want.is_empty() => mobilized += 1,
                    _ => {}
                }
            }
        }
    }
    // About 20 placements a side a game while deploying; a side that mobilizes early keeps
    // pieces to bring in.
    assert!(
        deploying > 1_000,
        "only {deploying} deployment positions compared"
    );
    assert!(
        mobilized > 0,
        "no mobilized position with a piece to place compared"
    );
}
