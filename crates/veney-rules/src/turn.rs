//! The turn as a small state machine (§2.0.15 Double-Moves): a first action, then, if it allows,
//! an optional second action, then the turn passes. A UI walks it one action at a time with
//! `legal_actions` and `play`; `legal_turns` enumerates complete turns.
use crate::action::{Action, Effect, Move, Mover};
use crate::errors::Untenable;
use crate::intersection::Intersection;
use crate::movegen;
use crate::outcome::{Mate, Outcome};
use crate::piece_def::Special;
use crate::position::{FreePlace, Phase, Position};
use crate::rules::Rules;
use crate::special::{en_passant, stepping_stone};

/// A complete turn: one or two actions (a pass is one action).
pub type Turn = Vec<Action>;

impl Position {
    /// Every tenable action now.
    pub fn legal_actions(&self, rules: &Rules) -> Vec<Action> {
        let mut v = Vec::with_capacity(64);
        movegen::legal_actions(rules, self, &mut v);
        v
    }

    /// Plays one action if it is tenable; otherwise says which rule it breaks.
    pub fn play(&mut self, rules: &Rules, action: Action) -> Result<(), Untenable> {
        let legal = self.legal_actions(rules);
        if legal.contains(&action) {
            self.play_unchecked(rules, action);
            Ok(())
        } else {
            Err(crate::untenable::explain(rules, self, &action))
        }
    }

    /// Plays a complete turn; the second action, if the turn allows one and it is not given, is
    /// declined.
    pub fn play_turn(&mut self, rules: &Rules, turn: &[Action]) -> Result<(), Untenable> {
        if turn.is_empty() || turn.len() > 2 {
            return Err(Untenable::new(
                "§2.0.15 Double-Moves",
                format!("a turn has one or two actions, not {}", turn.len()),
            ));
        }
        let mover = self.turn;
        for (i, a) in turn.iter().enumerate() {
            if i > 0 && (self.turn != mover || self.phase == Phase::Start) {
                return Err(Untenable::new(
                    "§2.0.15 Double-Moves",
                    "the first action ended the turn: no second move is allowed",
                ));
            }
            self.play(rules, *a)?;
        }
        if self.phase != Phase::Start && self.outcome.is_none() {
            self.play_unchecked(rules, Action::EndTurn);
        }
        Ok(())
    }

    /// Plays an action known to be tenable (from `legal_actions`).
    pub fn play_unchecked(&mut self, rules: &Rules, action: Action) {
        let side = self.turn;
        match action {
            Action::Move(m) => {
                self.apply_move(rules, m);
                if self.outcome.is_some() {
                    self.end_turn(false);
                    return;
                }
                match self.phase {
                    Phase::Start => {
                        let Mover::Piece(k) = m.mover else {
                            self.end_turn(false);
                            return;
                        };
                        let stone = m.effect.is_stepping_stone();
                        let concert = rules.info(side, k).life
                            && rules.set(side).piece(k).has_special(Special::Concert);
                        if stone || concert {
                            self.phase = Phase::Second {
                                stone: stone.then_some(m.to),
                                concert: concert.then_some(m.to),
                            };
                        } else {
                            self.end_turn(false);
                        }
                    }
                    Phase::Second { .. } => self.end_turn(false),
                }
            }
            Action::Place { kind, to } => {
                self.reserve[side.index()][kind.index()] -= 1;
                self.put(side, kind, to);
                self.end_turn(false);
            }
            Action::Withdraw { kind, from } => {
                self.remove(side, kind, from);
                self.reserve[side.index()][kind.index()] += 1;
                if rules.info(side, kind).no_repeat {
                    self.last_dir[side.index()] = None;
                }
                self.end_turn(false);
            }
            Action::EnterFree { to } => {
                self.free = FreePlace::On(to);
                self.end_turn(false);
            }
            Action::Pass => self.end_turn(true),
            Action::EndTurn => self.end_turn(false),
        }
    }

    fn apply_move(&mut self, rules: &Rules, m: Move) {
        let side = self.turn;
        let opp = !side;
        if let Mover::Piece(k) = m.mover {
            self.remove(side, k, m.from);
        }
        let mut lands = true;
        match m.effect {
            Effect::Quiet => {}
            Effect::Swap(k) => {
                self.remove(side, k, m.to);
                self.put(side, k, m.from);
            }
            Effect::Cavazione(k) => {
                self.remove(opp, k, m.to);
                self.put(opp, k, m.from);
            }
            Effect::Opposition(k, blade_from, blade_to) => {
                self.remove(opp, k, blade_from);
                self.put(opp, k, blade_to);
            }
            Effect::StepStone => stepping_stone::spend_engagement(rules, self, side, m.to),
            Effect::FreeStepStone => stepping_stone::spend_free(self),
            Effect::FendFree => self.free = FreePlace::Off(Intersection::CENTRE),
            Effect::Fend(k) => {
                self.remove(opp, k, m.to);
                self.reserve[opp.index()][k.index()] += 1;
                self.forget_direction(rules, opp, k);
            }
            Effect::Take(k) => {
                self.remove(opp, k, m.to);
                self.discard[opp.index()][k.index()] += 1;
                self.forget_direction(rules, opp, k);
            }
            Effect::Disarm(k) => {
                self.remove(opp, k, m.to);
                self.discard[opp.index()][k.index()] += 1;
                // §2.0.14: "If the disarmed player has no blade left on the board, disarmament
                // constitutes checkmate".
                if crate::special::disarm::blades_on_board(rules, self, opp) == 0 {
                    self.outcome = Some(Outcome::Checkmate {
                        winner: side,
                        by: Mate::Disarm,
                    });
                }
            }
            Effect::Checkmate => {
                let life = rules.life(opp);
                self.remove(opp, life, m.to);
                self.discard[opp.index()][life.index()] += 1;
                self.outcome = Some(Outcome::Checkmate {
                    winner: side,
                    by: Mate::Touch,
                });
            }
            Effect::Negate(k) => {
                // §2.0.11: "both Jutsus destroy each other on contact".
                self.remove(opp, k, m.to);
                self.discard[opp.index()][k.index()] += 1;
                if let Mover::Piece(mk) = m.mover {
                    self.discard[side.index()][mk.index()] += 1;
                }
                lands = false;
            }
            Effect::EnPassant(victim) => {
                let (_, k) = self.piece_at(victim).expect("en passant victim present");
                self.remove(opp, k, victim);
                self.reserve[opp.index()][k.index()] += 1;
            }
        }
        if lands {
            match m.mover {
                Mover::Piece(k) => {
                    self.put(side, k, m.to);
                    if rules.info(side, k).engagement {
                        if let Some(ep) = en_passant::opened(side, m.from, m.to) {
                            self.en_passant_next = Some(ep);
                        }
                    }
                }
                Mover::Free => self.free = FreePlace::On(m.to),
            }
        }
        if let Some(d) = m.dir {
            self.last_dir[side.index()] = Some(d);
        }
        // En passant lapses once the engagement has left the square it stopped on, or the
        // square it passed is filled (ruling R-EP-LAPSE).
        let lapse = |p: &Position, ep: Option<crate::position::EnPassant>, owner| {
            ep.filter(|ep| en_passant::still_open(rules, p, owner, *ep))
        };
        self.en_passant_next = lapse(self, self.en_passant_next, side);
        self.en_passant = lapse(self, self.en_passant, opp);
    }

    fn forget_direction(
        &mut self,
        rules: &Rules,
        side: crate::side::Side,
        k: crate::piece_set::Kind,
    ) {
        if rules.info(side, k).no_repeat {
            self.last_dir[side.index()] = None;
        }
    }

    fn end_turn(&mut self, passed: bool) {
        self.passes = if passed {
            self.passes.saturating_add(1)
        } else {
            0
        };
        self.turn = !self.turn;
        self.phase = Phase::Start;
        self.en_passant = self.en_passant_next.take();
        self.turns = self.turns.saturating_add(1);
    }

    /// Every complete turn: each first action, and for those that allow one each second
    /// action (declining the second move is the one-action turn).
    pub fn legal_turns(&self, rules: &Rules) -> Vec<Turn> {
        let mut out = Vec::new();
        let mut firsts = Vec::new();
        let mut seconds = Vec::new();
        movegen::legal_actions(rules, self, &mut firsts);
        for &a in &firsts {
            let mut p = *self;
            p.play_unchecked(rules, a);
            if p.phase == Phase::Start || p.outcome.is_some() {
                out.push(vec![a]);
            } else {
                movegen::legal_actions(rules, &p, &mut seconds);
                for &b in &seconds {
                    out.push(if b == Action::EndTurn {
                        vec![a]
                    } else {
                        vec![a, b]
                    });
                }
            }
        }
        out
    }
}
