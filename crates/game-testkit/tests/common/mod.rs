//! The toy game the testkit's tests share: each round both players seal a bid of 0–2 at once
//! (simultaneous, secret until both are in), then a die of 1–3 is thrown (chance), and the higher
//! bid scores the die; three rounds, then the higher score wins. `hide: false` is a leaky variant
//! `bad_text: true` a broken-notation variant, `resigner_wins` a broken ending and `dead_end` a game
//! that leaves a player without an action, to prove the checks can fail.
#![allow(dead_code)] // each test file uses part of it
use game_api::{
    ActionCells, Actor, BoardDesc, Cell, Decision, Game, Outcome, PieceView, Player, PlayerSet,
    ReserveView, Shape, TextError, Viewer,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    Bid(u8),
    Die(u8),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct St {
    pub round: u8,
    /// Sealed bids; `Some(9)` is a bid hidden from the viewer.
    pub bids: [Option<u8>; 2],
    pub score: [u8; 2],
}

#[derive(Clone, Copy, Debug)]
pub struct Bids {
    /// Observations hide the opponent's sealed bid (false: the leaky variant).
    pub hide: bool,
    /// Bids are written back wrongly (the broken-notation variant).
    pub bad_text: bool,
    /// A resignation wins (the broken-ending variant).
    pub resigner_wins: bool,
    /// The second seat has no bid to make in the last round (the dead-end variant).
    pub dead_end: bool,
    /// The trays are drawn from the whole state, not the viewer's observation (the leaky-tray
    /// variant: `observe` is right, what the host draws is not).
    pub tray_leaks: bool,
    /// The playout's own draw (`random_action`) gives a bid the rules refuse (the
    /// broken-sampler variant).
    pub bad_random: bool,
}

impl Game for Bids {
    type State = St;
    type Action = Act;
    fn name(&self) -> &'static str {
        "bids"
    }
    fn title(&self) -> &'static str {
        "Bids"
    }
    fn players(&self) -> u8 {
        2
    }
    fn player_name(&self, p: Player) -> String {
        format!("P{}", p.0 + 1)
    }
    fn start(&self) -> St {
        St {
            round: 0,
            bids: [None, None],
            score: [0, 0],
        }
    }
    fn decision(&self, s: &St) -> Decision {
        if s.round == 3 {
            return match s.score[0].cmp(&s.score[1]) {
                std::cmp::Ordering::Greater => Decision::Over(Outcome::win(Player(0), 2, "score")),
                std::cmp::Ordering::Less => Decision::Over(Outcome::win(Player(1), 2, "score")),
                _ => Decision::Over(Outcome::draw(2, "equal scores")),
            };
        }
        let waiting: Vec<Player> = (0..2u8)
            .filter(|&i| s.bids[i as usize].is_none())
            .map(Player)
            .collect();
        if waiting.is_empty() {
            Decision::Chance
        } else {
            Decision::Simultaneous {
                waiting: PlayerSet::of(&waiting),
            }
        }
    }
    fn legal_actions(&self, s: &St, p: Player, out: &mut Vec<Act>) {
        if self.dead_end && s.round == 2 && p == Player(1) {
            return;
        }
        if self.decision(s).is_for(p) {
            out.extend((0..3).map(Act::Bid));
        }
    }
    fn random_action(
        &self,
        s: &St,
        player: Player,
        rng: &mut game_api::MatchRng,
        scratch: &mut Vec<Act>,
    ) -> Option<Act> {
        if self.bad_random {
            return Some(Act::Bid(7));
        }
        use rand::Rng;
        scratch.clear();
        self.legal_actions(s, player, scratch);
        (!scratch.is_empty()).then(|| scratch[rng.random_range(0..scratch.len())])
    }
    fn chance_outcomes(&self, s: &St, out: &mut Vec<(Act, u32)>) {
        if self.decision(s) == Decision::Chance {
            out.extend((1..=3).map(|d| (Act::Die(d), 1)));
        }
    }
    fn apply(&self, s: &mut St, actor: Actor, a: Act) {
        match (actor, a) {
            (Actor::Player(p), Act::Bid(b)) => s.bids[p.index()] = Some(b),
            (_, Act::Die(d)) => {
                let (a, b) = (s.bids[0].unwrap(), s.bids[1].unwrap());
                if a > b {
                    s.score[0] += d;
                } else if b > a {
                    s.score[1] += d;
                }
                s.bids = [None, None];
                s.round += 1;
            }
            _ => unreachable!(),
        }
    }
    fn declared_outcome(&self, _s: &St, d: game_api::Declared) -> Outcome {
        match d {
            game_api::Declared::Resigns(p) if self.resigner_wins => Outcome::win(p, 2, "resigned"),
            _ => d.default_outcome(self),
        }
    }
    fn hash(&self, s: &St) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        s.hash(&mut h);
        h.finish()
    }
    fn action_text(&self, _s: &St, a: Act) -> String {
        match a {
            Act::Bid(b) if self.bad_text => format!("b{}", (b + 1) % 3),
            Act::Bid(b) => format!("b{b}"),
            Act::Die(d) => format!("d{d}"),
        }
    }
    fn parse_action(&self, _s: &St, t: &str) -> Result<Act, TextError> {
        let n = t
            .get(1..)
            .and_then(|n| n.parse::<u8>().ok())
            .ok_or_else(|| TextError::new(2, t, "a number after the letter"))?;
        match t.chars().next() {
            Some('b') if n < 3 => Ok(Act::Bid(n)),
            Some('d') if (1..=3).contains(&n) => Ok(Act::Die(n)),
            _ => Err(TextError::new(1, t, "b0–b2 or d1–d3")),
        }
    }
    fn position_text(&self, s: &St) -> String {
        let b = |x: Option<u8>| {
            x.map_or("-".to_string(), |v| {
                if v == 9 { "?".into() } else { v.to_string() }
            })
        };
        format!(
            "{} {} {} {} {}",
            s.round,
            b(s.bids[0]),
            b(s.bids[1]),
            s.score[0],
            s.score[1]
        )
    }
    fn parse_position(&self, t: &str) -> Result<St, TextError> {
        let f: Vec<&str> = t.split(' ').collect();
        if f.len() != 5 {
            return Err(TextError::new(1, t, "five fields"));
        }
        let num = |i: usize| {
            f[i].parse::<u8>()
                .map_err(|_| TextError::new(1, f[i], "a number"))
        };
        let bid = |i: usize| match f[i] {
            "-" => Ok(None),
            "?" => Ok(Some(9)),
            x => x
                .parse::<u8>()
                .map(Some)
                .map_err(|_| TextError::new(1, x, "a bid")),
        };
        Ok(St {
            round: num(0)?,
            bids: [bid(1)?, bid(2)?],
            score: [num(3)?, num(4)?],
        })
    }
    fn observe(&self, s: &St, v: Viewer) -> St {
        let mut o = s.clone();
        if self.hide {
            for p in 0..2u8 {
                if !v.sees_secrets_of(Player(p)) && o.bids[p as usize].is_some() {
                    o.bids[p as usize] = Some(9);
                }
            }
        }
        o
    }
    fn secrets(&self, s: &St, owner: Player) -> Vec<String> {
        match s.bids[owner.index()] {
            Some(b) if b != 9 => vec![format!("sealed bid {b}")],
            _ => Vec::new(),
        }
    }
    fn action_visible(&self, _s: &St, actor: Actor, _a: Act, v: Viewer) -> bool {
        match actor {
            Actor::Player(p) => v.sees_secrets_of(p),
            Actor::Chance => true,
        }
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
    /// One neutral marker on a1 naming the round ("R0" … "R3").
    fn pieces(&self, s: &St, _v: Viewer) -> Vec<PieceView> {
        vec![PieceView {
            cell: Cell(0),
            owner: None,
            kind: format!("R{}", s.round),
            name: "round".into(),
        }]
    }
    /// Each player's tray: their score, and their sealed bid as the viewer may see it ("?").
    fn reserves(&self, s: &St, v: Viewer) -> Vec<ReserveView> {
        let o = if self.tray_leaks {
            s.clone()
        } else {
            self.observe(s, v)
        };
        (0..2)
            .map(|i| {
                let mut entries = vec![("S".to_string(), "score".to_string(), o.score[i] as u32)];
                match o.bids[i] {
                    Some(9) => entries.push(("?".into(), "sealed bid".into(), 1)),
                    Some(b) => entries.push(("B".into(), "sealed bid".into(), b as u32)),
                    None => {}
                }
                ReserveView {
                    owner: Player(i as u8),
                    label: "bids".into(),
                    entries,
                }
            })
            .collect()
    }
    fn action_cells(&self, _s: &St, _a: Act) -> ActionCells {
        ActionCells::default()
    }
}

pub const GOOD: Bids = Bids {
    hide: true,
    bad_text: false,
    resigner_wins: false,
    dead_end: false,
    tray_leaks: false,
    bad_random: false,
};
