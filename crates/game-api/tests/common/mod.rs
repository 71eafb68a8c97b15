//! The toy game the game API's own tests share: `Seal`, one round of sealed bids. Both players
//! bid 0, 1 or 2 at once (a simultaneous decision, each bid hidden from the other); then the
//! higher bid wins, equal bids draw. A bid of 2 is of kind "raise", the others "hold", so a
//! host that showed a hidden bid's kind would give it away.
#![allow(dead_code)] // each test file uses part of it
use game_api::{
    ActionCells, Actor, BoardDesc, Cell, Decision, Game, Outcome, PieceView, Player, PlayerSet,
    Shape, TextError, Viewer,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid(pub u8);

/// The sealed bids; `Some(9)` is a bid hidden from the viewer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct St {
    pub bids: [Option<u8>; 2],
}

#[derive(Clone, Copy, Debug)]
pub struct Seal;

impl Game for Seal {
    type State = St;
    type Action = Bid;
    fn name(&self) -> &'static str {
        "seal"
    }
    fn title(&self) -> &'static str {
        "Seal"
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        format!("P{}", u16::from(p.0) + 1)
    }
    fn start(&self) -> St {
        St { bids: [None, None] }
    }
    fn decision(&self, s: &St) -> Decision {
        match s.bids {
            [Some(a), Some(b)] if a > b => Decision::Over(Outcome::win(Player(0), 2, "higher bid")),
            [Some(a), Some(b)] if b > a => Decision::Over(Outcome::win(Player(1), 2, "higher bid")),
            [Some(_), Some(_)] => Decision::Over(Outcome::draw(2, "equal bids")),
            _ => {
                let waiting: Vec<Player> = (0..2u8)
                    .filter(|&i| s.bids[i as usize].is_none())
                    .map(Player)
                    .collect();
                Decision::Simultaneous {
                    waiting: PlayerSet::of(&waiting),
                }
            }
        }
    }
    fn legal_actions(&self, s: &St, p: Player, out: &mut Vec<Bid>) {
        if self.decision(s).is_for(p) {
            out.extend((0..3).map(Bid));
        }
    }
    fn chance_outcomes(&self, _s: &St, _out: &mut Vec<(Bid, u32)>) {}
    fn apply(&self, s: &mut St, actor: Actor, a: Bid) {
        if let Actor::Player(p) = actor {
            s.bids[p.index()] = Some(a.0);
        }
    }
    fn hash(&self, s: &St) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        s.hash(&mut h);
        h.finish()
    }
    fn action_text(&self, _s: &St, a: Bid) -> String {
        format!("b{}", a.0)
    }
    fn parse_action(&self, _s: &St, t: &str) -> Result<Bid, TextError> {
        match t.strip_prefix('b').and_then(|n| n.parse::<u8>().ok()) {
            Some(n) if n < 3 => Ok(Bid(n)),
            _ => Err(TextError::new(1, t, "b0, b1 or b2")),
        }
    }
    fn position_text(&self, s: &St) -> String {
        let b = |x: Option<u8>| match x {
            None => "-".to_string(),
            Some(9) => "?".to_string(),
            Some(v) => v.to_string(),
        };
        format!("{} {}", b(s.bids[0]), b(s.bids[1]))
    }
    fn parse_position(&self, t: &str) -> Result<St, TextError> {
        let f: Vec<&str> = t.split(' ').collect();
        if f.len() != 2 {
            return Err(TextError::new(1, t, "two bids"));
        }
        let bid = |x: &str| match x {
            "-" => Ok(None),
            "?" => Ok(Some(9)),
            x => x
                .parse::<u8>()
                .ok()
                .filter(|n| *n < 3)
                .map(Some)
                .ok_or_else(|| TextError::new(1, x, "a bid")),
        };
        Ok(St {
            bids: [bid(f[0])?, bid(f[1])?],
        })
    }
    fn observe(&self, s: &St, v: Viewer) -> St {
        let mut o = s.clone();
        for p in 0..2u8 {
            if !v.sees_secrets_of(Player(p)) && o.bids[p as usize].is_some() {
                o.bids[p as usize] = Some(9);
            }
        }
        o
    }
    fn is_view(&self, s: &St) -> bool {
        s.bids.contains(&Some(9))
    }
    fn action_visible(&self, _s: &St, actor: Actor, _a: Bid, v: Viewer) -> bool {
        match actor {
            Actor::Player(p) => v.sees_secrets_of(p),
            Actor::Chance => true,
        }
    }
    fn action_kind(&self, _s: &St, a: Bid) -> &'static str {
        if a.0 == 2 { "raise" } else { "hold" }
    }
    fn board(&self) -> BoardDesc {
        BoardDesc {
            shape: Shape::Grid {
                files: 1,
                ranks: 1,
                holes: vec![],
            },
            file_labels: vec!["a".into()],
            rank_labels: vec!["1".into()],
            rank_first: false,
            first_rank_at_top: false,
            cell_colours: vec![[0, 0, 0]],
            zones: vec![],
        }
    }
    fn pieces(&self, _s: &St, _v: Viewer) -> Vec<PieceView> {
        vec![PieceView {
            cell: Cell(0),
            owner: None,
            kind: "T".into(),
            name: "table".into(),
        }]
    }
    fn action_cells(&self, _s: &St, _a: Bid) -> ActionCells {
        ActionCells::default()
    }
}
