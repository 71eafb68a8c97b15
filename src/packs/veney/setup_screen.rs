//! Setting up by the other styles of §2.0.19 step 3: Sittuyin-style concealed stances (each
//! player arranges in secret, with a hand-over screen between them, and both are revealed
//! together) and setup in turns (the players alternate in the open). The rules crate says where
//! each piece may stand (`veney_rules::setup_styles`); this module only collects the choices,
//! shows what the player at the board may see, and starts the game.
use bevy::prelude::*;
use std::sync::Arc;
use veney_rules::setup_styles::{self, SetupInTurns, SetupStyle, Stance};
use veney_rules::{Game, Kind, Position, Rules, Side, Square};

/// A setup in progress.
pub struct Session {
    pub rules: Arc<Rules>,
    pub seed: u64,
    pub style: SetupStyle,
    /// Concealed: each side's stance so far, and whose turn it is to arrange.
    pub stances: [Stance; 2],
    pub arranging: Side,
    /// In turns: the shared state.
    pub turns: Option<SetupInTurns>,
    /// Concealed: between the players — nothing of either stance is shown.
    pub handover: bool,
    /// The piece the player is about to set down.
    pub selected: Option<Kind>,
}

/// The setup in progress, if any (the board shows `Session::shown` meanwhile).
#[derive(Resource, Default)]
pub struct SetupSession(pub Option<Session>);

impl Session {
    pub fn new(rules: Arc<Rules>, seed: u64) -> Session {
        let style = rules.options.setup_style;
        // Who places first in turns is the rules crate's (ruling R-SETUP-STYLES).
        let first = setup_styles::first_to_set_up(&rules);
        let mut s = Session {
            rules,
            seed,
            style,
            stances: [Vec::new(), Vec::new()],
            arranging: Side::White,
            turns: (style == SetupStyle::InTurns).then(|| SetupInTurns::new(first)),
            handover: false,
            selected: None,
        };
        s.selected = s.remaining(s.side()).first().copied();
        s
    }

    /// The side setting up now.
    pub fn side(&self) -> Side {
        self.turns.as_ref().map_or(self.arranging, |t| t.next)
    }

    fn stance(&self, side: Side) -> &Stance {
        match &self.turns {
            Some(t) => &t.stances[side.index()],
            None => &self.stances[side.index()],
        }
    }

    /// The pieces `side` still has to set up.
    pub fn remaining(&self, side: Side) -> Vec<Kind> {
        setup_styles::remaining(&self.rules, side, self.stance(side))
    }

    /// Where the selected piece may stand.
    pub fn allowed(&self) -> Vec<Square> {
        let Some(k) = self.selected else {
            return Vec::new();
        };
        if self.handover {
            return Vec::new();
        }
        let side = self.side();
        let taken: Vec<Square> = Side::ALL
            .iter()
            .flat_map(|&s| self.stance(s).iter().map(|x| x.1))
            .collect();
        setup_styles::allowed_squares(&self.rules, side, k, self.stance(side))
            .into_iter()
            .filter(|s| !taken.contains(s))
            .collect()
    }

    /// Sets the selected piece down on `sq`, or says why not (§2.0.19).
    pub fn place(&mut self, sq: Square) -> Result<(), String> {
        if self.handover {
            return Err("hand the board over first".into());
        }
        let k = self.selected.ok_or("choose a piece to set up first")?;
        let side = self.side();
        match &mut self.turns {
            Some(t) => t.place(&self.rules, k, sq)?,
            None => {
                // Only a piece still to set up (a review found a reserve Dagger set down from
                // the tray, and the stance then refused at the reveal, stuck).
                if !self.remaining(side).contains(&k) {
                    return Err(setup_styles::not_to_set_up(&self.rules, side, k));
                }
                let st = &mut self.stances[side.index()];
                if st.iter().any(|&(_, s)| s == sq) {
                    return Err(setup_styles::taken(sq));
                }
                if !setup_styles::allowed_squares(&self.rules, side, k, st).contains(&sq) {
                    return Err(setup_styles::refusal(&self.rules, side, k, sq));
                }
                st.push((k, sq));
            }
        }
        let next = self.side();
        if !self.remaining(next).contains(&k) || next != side {
            self.selected = self.remaining(next).first().copied();
        }
        Ok(())
    }

    /// Takes back the piece on `sq` of the side setting up now, to hand again (concealed: the
    /// arranging side's; in turns: the side to place's own, §2.0.19 step 1's revision — a
    /// review found it refused as "taken", a piece misplaced against the computer kept).
    pub fn take_back(&mut self, sq: Square) -> bool {
        if self.handover {
            return false;
        }
        if let Some(t) = &mut self.turns {
            return match t.take_back(&self.rules, sq) {
                Some((_, k)) => {
                    self.selected = Some(k);
                    true
                }
                None => false,
            };
        }
        let st = &mut self.stances[self.arranging.index()];
        match st.iter().position(|&(_, s)| s == sq) {
            Some(i) => {
                let (k, _) = st.remove(i);
                self.selected = Some(k);
                true
            }
            None => false,
        }
    }

    /// Takes back the last piece set down by the side setting up now (concealed: the arranging
    /// side's; in turns: the last placed, whoever placed it), to hand again. Says what it took
    /// back, or `None` when there is nothing (or the board is between the players).
    pub fn undo(&mut self) -> Option<String> {
        if self.handover {
            return None;
        }
        let (side, k, sq) = match &mut self.turns {
            Some(t) => t.take_back_last(&self.rules)?,
            None => {
                let side = self.arranging;
                let (k, sq) = self.stances[side.index()].pop()?;
                (side, k, sq)
            }
        };
        self.selected = Some(k);
        let name = self.rules.set(side).piece(k).name().to_string();
        Some(format!("took back {side}'s {name} from {sq}"))
    }

    /// Whether the side now setting up has placed everything.
    pub fn side_done(&self) -> bool {
        self.remaining(self.side()).is_empty()
    }

    /// Whether both stances are complete.
    pub fn complete(&self) -> bool {
        Side::ALL.iter().all(|&s| self.remaining(s).is_empty())
    }

    /// Concealed: White has finished — the hand-over screen. Returns whether it moved on.
    pub fn finish_arranging(&mut self) -> bool {
        if self.turns.is_some() || !self.side_done() || self.arranging == Side::Black {
            return false;
        }
        self.handover = true;
        true
    }

    /// Concealed: Black is at the board now.
    pub fn handed_over(&mut self) {
        if self.handover {
            self.handover = false;
            self.arranging = Side::Black;
            self.selected = self.remaining(Side::Black).first().copied();
        }
    }

    /// What the board may show now: in turns, both stances; concealed, only the arranging
    /// side's, and nothing during the hand-over.
    pub fn shown(&self) -> Position {
        let mut pieces: Vec<(Side, String, String)> = Vec::new();
        for side in Side::ALL {
            let visible = match self.turns {
                Some(_) => true,
                None => !self.handover && side == self.arranging,
            };
            if visible {
                for &(k, sq) in self.stance(side) {
                    pieces.push((
                        side,
                        self.rules.set(side).piece(k).name().to_string(),
                        sq.to_string(),
                    ));
                }
            }
        }
        let refs: Vec<(Side, &str, &str)> = pieces
            .iter()
            .map(|(s, n, q)| (*s, n.as_str(), q.as_str()))
            .collect();
        Position::from_pieces(&self.rules, &refs, self.side()).unwrap_or_else(|_| Position::empty())
    }

    /// Reveals both stances and starts the game; the first player by the agreed method (§2.0.19
    /// step 4), a drawing or initiative coming from the game's seed.
    pub fn begin(&self) -> Result<(Game, Side), String> {
        if !self.complete() {
            return Err("both stances must be complete".into());
        }
        let w = self.stance(Side::White).clone();
        let b = self.stance(Side::Black).clone();
        let probe = setup_styles::position_from_stances(&self.rules, [&w, &b], Side::White)?;
        let mut rng = setup_styles::drawing(self.seed);
        let first =
            setup_styles::first_player(&self.rules, &probe, self.rules.options.first_by, &mut rng);
        let pos = setup_styles::position_from_stances(&self.rules, [&w, &b], first)?;
        Ok((
            Game::from_position_seeded(self.rules.clone(), pos, self.seed),
            first,
        ))
    }

    /// What the player at the board is asked to do.
    pub fn prompt(&self) -> String {
        let side = self.side();
        match (self.style, self.handover) {
            (_, true) => {
                "Hand the board to Black: White's stance stays hidden until both are revealed"
                    .into()
            }
            (SetupStyle::InTurns, _) if self.complete() => {
                "Setup in turns is complete: begin the game".into()
            }
            (SetupStyle::InTurns, _) => format!(
                "Setup in turns (§2.0.19): {side} places one piece — criticals and technicals on the fourth step, engagements one per line in the second measure"
            ),
            _ if self.side_done() => format!(
                "{side}'s stance is ready: {}",
                if side == Side::White {
                    "hand over to Black"
                } else {
                    "reveal both and begin"
                }
            ),
            _ => format!(
                "Concealed setup (§2.0.19): {side} arranges in secret — criticals and technicals on the fourth step, engagements one per line in the second measure (click a placed piece to take it back)"
            ),
        }
    }
}
