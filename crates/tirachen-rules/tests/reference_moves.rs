//! An independent, deliberately plain reading of "HOW THE PIECES MOVE" (coordinates and loops,
//! no bitboards), compared with the rules crate's legal moves in every position of seeded random
//! games, both option modes.
use game_api::{Decision, Game};
use game_testkit::{Playouts, play_one};
use std::collections::BTreeSet;
use std::sync::Arc;
use tirachen_rules::{
    Action, Kind, MasterChoice, Phase, Position, Side, Square, Tirachen, TirachenOptions,
};

type Moves = BTreeSet<(u8, u8, bool)>;

fn at(f: i32, r: i32) -> Option<Square> {
    if (0..9).contains(&f) && (0..9).contains(&r) {
        Square::from_coords(f as u8, r as u8)
    } else {
        None
    }
}

struct Ref<'a> {
    pos: &'a Position,
    side: Side,
    captures_allowed: bool,
    deploying: bool,
}

impl Ref<'_> {
    fn usable(&self, s: Square) -> bool {
        !self.deploying
            || if self.side == Side::Red {
                s.rank() <= 2
            } else {
                s.rank() >= 6
            }
    }
    fn empty(&self, s: Square) -> bool {
        self.pos.piece_at(s).is_none()
    }
    fn takeable(&self, s: Square) -> bool {
        self.captures_allowed
            && matches!(self.pos.piece_at(s), Some(p) if p.owner != Some(self.side))
    }
    /// Ends allowed for the mover: usable, empty or takeable.
    fn lands(&self, s: Square) -> bool {
        self.usable(s) && (self.empty(s) || self.takeable(s))
    }
    fn ray(&self, from: Square, df: i32, dr: i32, max: i32, out: &mut Vec<Square>) {
        for k in 1..=max {
            let Some(s) = at(from.file() as i32 + df * k, from.rank() as i32 + dr * k) else {
                return;
            };
            if !self.usable(s) {
                return;
            }
            if self.empty(s) {
                out.push(s);
            } else {
                if self.takeable(s) {
                    out.push(s);
                }
                return;
            }
        }
    }
    fn walk(&self, cur: Square, steps_left: i32, diag: bool, out: &mut Vec<Square>) {
        if steps_left == 0 {
            return;
        }
        for df in -1..=1 {
            for dr in -1..=1 {
                if (df, dr) == (0, 0) || (!diag && df != 0 && dr != 0) {
                    continue;
                }
                let Some(s) = at(cur.file() as i32 + df, cur.rank() as i32 + dr) else {
                    continue;
                };
                if !self.usable(s) {
                    continue;
                }
                if self.empty(s) {
                    out.push(s);
                    self.walk(s, steps_left - 1, diag, out);
                } else if self.takeable(s) {
                    out.push(s);
                }
            }
        }
    }
    fn dests(&self, from: Square, kind: Kind) -> Vec<Square> {
        let (f, r) = (from.file() as i32, from.rank() as i32);
        let mut out = Vec::new();
        let eight = [
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
            (-1, 0),
            (-1, 1),
        ];
        match kind {
            Kind::General => out.extend(
                eight
                    .iter()
                    .filter_map(|&(a, b)| at(f + a, r + b))
                    .filter(|&s| self.lands(s)),
            ),
            Kind::Commander => eight
                .iter()
                .for_each(|&(a, b)| self.ray(from, a, b, 9, &mut out)),
            Kind::Hunt => eight
                .iter()
                .for_each(|&(a, b)| self.ray(from, a, b, 3, &mut out)),
            Kind::Arms => self.walk(from, 3, false, &mut out),
            Kind::Spells => self.walk(from, 2, true, &mut out),
            Kind::Pike => {
                for (a, b) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    if let Some(s) = at(f + a, r + b)
                        && self.usable(s)
                        && self.empty(s)
                    {
                        out.push(s);
                    }
                }
                let fwd = if self.side == Side::Red { 1 } else { -1 };
                for a in [-1, 1] {
                    if let Some(s) = at(f + a, r + fwd)
                        && self.usable(s)
                        && self.takeable(s)
                    {
                        out.push(s);
                    }
                }
            }
            Kind::Traitor => {
                let leaps = [
                    (0, 3),
                    (3, 3),
                    (3, 0),
                    (3, -3),
                    (0, -3),
                    (-3, -3),
                    (-3, 0),
                    (-3, 3),
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ];
                out.extend(
                    leaps
                        .iter()
                        .filter_map(|&(a, b)| at(f + a, r + b))
                        .filter(|&s| self.lands(s)),
                );
            }
            Kind::Fort => {}
        }
        // Not next to the opposing Fort.
        out.retain(|&s| {
            !self.pos.board().any(|(q, p)| {
                p.kind == Kind::Fort
                    && p.owner == Some(self.side.other())
                    && (q.file() as i32 - s.file() as i32).abs() <= 1
                    && (q.rank() as i32 - s.rank() as i32).abs() <= 1
                    && q != s
            })
        });
        out
    }
}

fn reference(pos: &Position, o: &TirachenOptions) -> Moves {
    let side = pos.to_move();
    let deploying = pos.phase(side) == Phase::Deploying;
    let r = Ref {
        pos,
        side,
        captures_allowed: !deploying || o.deployment_captures,
        deploying,
    };
    let mut out = Moves::new();
    for (from, p) in pos.board() {
        if p.owner != Some(side) || pos.extra_move().is_some_and(|t| t != from) {
            continue;
        }
        for to in r.dests(from, p.kind) {
            out.insert((from.index() as u8, to.index() as u8, false));
            // "(2) sacrifice the piece capturing the traitor piece": any piece; the General
            // unless option GeneralForTraitor is `no`.
            if pos.piece_at(to).is_some_and(|t| t.kind == Kind::Traitor)
                && (p.kind != Kind::General || o.general_for_traitor)
            {
                out.insert((from.index() as u8, to.index() as u8, true));
            }
        }
    }
    out
}

fn engine(g: &Tirachen, pos: &Position) -> Moves {
    let mut v = Vec::new();
    g.legal_actions(pos, pos.to_move().player(), &mut v);
    v.into_iter()
        .filter_map(|a| match a {
            Action::Move { from, to, control } => {
                Some((from.index() as u8, to.index() as u8, control))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_moves_agree_with_a_plain_reading() {
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
    let mut compared = 0;
    for o in modes {
        let g = Arc::new(Tirachen::new(o));
        let cfg = Playouts {
            max_actions: 1_500,
            check_every: 0,
            ..Playouts::default()
        };
        for seed in 0..60 {
            let (m, _) = play_one(&g, None, seed, &cfg).unwrap();
            for step in m.history() {
                let s = &step.before;
                if s.choosing() || !matches!(g.decision(s), Decision::Player(_)) {
                    continue;
                }
                assert_eq!(engine(&g, s), reference(s, &o), "in {}", g.position_text(s));
                compared += 1;
            }
        }
    }
    assert!(compared > 5_000, "only {compared} positions compared");
}
