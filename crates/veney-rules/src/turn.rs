//! The turn as a small state machine (§2.0.15 Double-Moves): a first action, then, if it allows,
//! an optional second action, then the turn passes. A UI walks it one action at a time with
//! `legal_actions` and `play`; `legal_turns` enumerates complete turns.
use crate::action::{Action, Effect, Move, Mover};
use crate::errors::Untenable;
use crate::intersection::Intersection;
use crate::movegen;
use crate::outcome::{Mate, Outcome};
use crate::position::{FreePlace, Intent, Phase, Position};
use crate::rules::Rules;
use crate::special::cast_piece::Device;
use crate::special::{control, dagger_throw, en_passant, glare, retreat, stepping_stone};

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
        // A Hug pick names no side, and fills a hand only with its player named
        // (`Position::pick_hug`, the game API's actor, the app's Hug dialog) (§2.0.23).
        if let Action::Hug(_) = action {
            return Err(crate::untenable::explain(rules, self, &action));
        }
        // Nothing is thrown or lands once the game is over (a resignation, an agreed draw, a
        // fallen flag while a throw waited): a review found a roll played after the ending.
        if matches!(
            action,
            Action::Donkey(_) | Action::Land(_) | Action::Roll(_)
        ) && self.is_game_over()
        {
            return Err(crate::untenable::explain(rules, self, &action));
        }
        // A throw's roll is any result the agreed dice can show, not only those `legal_actions`
        // samples (§2.0.R1).
        if let Action::Donkey(r) = action {
            return if crate::special::donkey::accepts(self, r) {
                self.play_unchecked(rules, action);
                Ok(())
            } else {
                Err(crate::untenable::explain(rules, self, &action))
            };
        }
        if let Action::Land(l) = action {
            return if crate::special::cast_piece::accepts(rules, self, l) {
                self.play_unchecked(rules, action);
                Ok(())
            } else {
                Err(crate::untenable::explain(rules, self, &action))
            };
        }
        if let Action::Roll(r) = action {
            return if dagger_throw::accepts(rules, self, r) {
                self.play_unchecked(rules, action);
                Ok(())
            } else {
                Err(crate::untenable::explain(rules, self, &action))
            };
        }
        // A declared intention may be a bluff: any describable strike with one of your blades
        // (§2.0.11).
        // Not once the game is over, nor as a dying move (R-DYING: no pass, and a declaration
        // alone amounts to one, §2.0.16).
        if let Action::Declare { kind, from, .. } = action
            && !self.is_game_over()
            && self.dying() != Some(self.turn)
        {
            let legal = self.legal_actions(rules);
            let declaring_open = legal.iter().any(|a| matches!(a, Action::Declare { .. }))
                || matches!(self.phase, Phase::Start | Phase::Glare);
            if declaring_open
                && crate::special::intention::may_declare(rules, self, kind, from)
                && (self.phase != Phase::Start || crate::passing::may_pass_by_another_action(self))
            {
                self.play_unchecked(rules, action);
                return Ok(());
            }
        }
        let legal = self.legal_actions(rules);
        if legal.contains(&action) {
            self.play_unchecked(rules, action);
            Ok(())
        } else {
            Err(crate::untenable::explain(rules, self, &action))
        }
    }

    /// Plays a complete turn; a second action (or glare) the turn would allow but that is not
    /// given is declined, and a turn of meta-moves alone ends with its implied pass (§2.0.R5
    /// "--- pass (implied if your only move is immaterial)"). A throw without its roll, a cast
    /// without its landing and a concert partner left in hand are refused.
    pub fn play_turn(&mut self, rules: &Rules, turn: &[Action]) -> Result<(), Untenable> {
        if turn.is_empty() {
            return Err(Untenable::new(
                "§2.0.15 Double-Moves",
                "a turn has at least one action",
            ));
        }
        let mover = self.turn;
        for (i, a) in turn.iter().enumerate() {
            // The mover's Donkey moves after its turn, written in it (§2.0.23, `K*X8 K@oxoxx`;
            // a review found `veney-cli apply` refusing what the notation reads).
            let donkeys_move = matches!(a, Action::Donkey(_))
                && matches!(self.phase, Phase::DonkeyMove { placer } if placer == mover);
            if i > 0 && ((self.turn != mover && !donkeys_move) || self.is_game_over()) {
                return Err(Untenable::new(
                    "§2.0.15 Double-Moves",
                    "the turn is already over: no further move is allowed",
                ));
            }
            self.play(rules, *a)?;
        }
        while self.phase != Phase::Start && !self.is_game_over() && self.turn == mover {
            if matches!(self.phase, Phase::Throw { .. }) {
                return Err(Untenable::new(
                    "§2.0.08 Dagger Throw",
                    // How it is written (a review found no hint of the roll's form).
                    "the throw needs its roll, written after it as `@…` (the sticks as thrown, e.g. `@oxooo`, or the agreed dice's result; §2.0.R5)",
                ));
            }
            // The cast piece is off the board and not yet in the discard: declining its
            // landing would lose it (a review found such a turn accepted).
            if matches!(self.phase, Phase::Cast { .. }) {
                return Err(Untenable::new(
                    "§2.0.18 Devices: Cast Piece",
                    "the cast needs its landing",
                ));
            }
            if self.lifted.is_some() {
                return Err(crate::untenable::explain(rules, self, &Action::EndTurn));
            }
            self.play_unchecked(rules, Action::EndTurn);
        }
        // Meta-moves alone amount to a pass (§2.0.16), which is played (and may be refused:
        // §2.0.17's forced move, hirakamae).
        if self.phase == Phase::Start
            && self.meta_moved
            && self.turn == mover
            && !self.is_game_over()
        {
            self.play(rules, Action::Pass)?;
        }
        Ok(())
    }

    /// A piece other than the free engagement moved: no quibbling reset is open any more
    /// (§2.0.20 "unless/until a move is made by a piece other than the free engagement"), and
    /// the free engagement's back-and-forth no longer repeats a position (§2.0.05).
    fn other_piece_moved(&mut self) {
        self.quibbles = 0;
        self.free_bounces = 0;
        self.free_from = None;
    }

    /// Plays an action known to be tenable (from `legal_actions`).
    pub fn play_unchecked(&mut self, rules: &Rules, action: Action) {
        // A Hug pick needs its player (`pick_hug_unchecked`): nothing is played without one.
        if let Action::Hug(_) = action {
            return;
        }
        let mover = self.turn;
        // Shima: where the mover's Self stood, for its reclaim on entering the square.
        let life_before = if self.casts[mover.index()][Device::Shima.index()].is_empty() {
            None
        } else {
            self.life_square(rules, mover)
        };
        let contact = match action {
            // Fending the free engagement is no contact: "repetitions of the free engagement"
            // are not fencing (§2.0.20, R-NO-CONTEST).
            Action::Move(m) => !matches!(
                m.effect,
                Effect::Quiet
                    | Effect::StepStone
                    | Effect::FreeStepStone
                    | Effect::FendFree
                    | Effect::Swap(_)
                    | Effect::Lift(_)
            ),
            // A strike is contact, but not one on the free engagement: its fend is no fencing
            // (a review found the no-contest count put off by striking it).
            Action::Enact { .. } => self
                .intention_of(mover)
                .is_none_or(|i| i.target.is_some() || i.bluff),
            Action::Roll(_) | Action::Glare { .. } => true,
            _ => false,
        };
        self.contact |= contact;
        // Any other move of the enstanced side ends hirakamae too (§2.0.18) — not its reset of
        // the board, which is no move on the board and counts as its pass (R-PASS-FORCED: "the
        // side in the stance, passing at will, may, and its reset does not count toward two";
        // a review found the stance ended, the pass counted and the no-contest count grown).
        if crate::special::hirakamae::active(self, mover)
            && action.counts_as_move()
            && !matches!(
                action,
                Action::Move(_) | Action::Enact { .. } | Action::QuibbleReset
            )
        {
            self.hirakamae[mover.index()] = 2;
            // A throw, or a cast from the board that may be linked to another move (the
            // Lantern's, the Dagger's: not Obscurant Chaos, "never linked to further moves";
            // not from reserve, a placement's "never … one part of a double-move"), is one
            // move of the double-move: the second follows when it has resolved (R-HIRAKAMAE).
            // Not the dying move's (§2.0.20: one move).
            if self.dying() != Some(mover) {
                self.hira_second = crate::special::hirakamae::opens_second(rules, self, action);
            }
        }
        let hira = self.hirakamae.contains(&1);
        // Whether the mover is in its stance as this action begins: a Shift or a Feign ends it
        // and the turn in one action, and that turn counts (`count_quiet_turn`; a review found
        // it left out, as the stance's own turns are).
        let mover_in_stance = self.hirakamae[mover.index()] == 1;
        // A move by a piece other than the free engagement ends the quibbling (§2.0.20), and
        // the free engagement's back-and-forth: the position no longer repeats (§2.0.05,
        // R-FREE-RETURN).
        let free_only = matches!(action, Action::Move(m) if m.mover == Mover::Free)
            || matches!(action, Action::EnterFree { .. });
        if action.counts_as_move() && !free_only {
            self.other_piece_moved();
        }
        let donkeys = self.donkey;
        let targeted = self.intention.map(|o| o.filter(|i| i.stands(self)));
        let blades = self
            .intention
            .map(|o| o.map(|i| (i, self.pieces(i.side, i.kind))));
        let theirs = self.by_side[(!mover).index()].count();
        self.play_action(rules, action);
        // Under Shima the players "continue with what is already on the board" (§2.0.18): what
        // this action fended into reserve, other than Daggers and engagements, is discarded.
        if self.shima {
            crate::special::cast_piece::discard_reserves(rules, self);
        }
        // Any opposing piece taken or fended off the board is contact too, whatever took it: the
        // Obscurant Chaos invocation's discard, a repositioning that takes, Control fending the
        // Jutsu after a quiet move or placement (R-NO-CONTEST; a review found these counted
        // quiet). Not the Donkey's move (the Donkey does not fence), nor a reset of the board
        // (a retreat or the quibbling reset), which sends to reserve what no longer fits.
        if !matches!(
            action,
            Action::Donkey(_) | Action::Retreat | Action::QuibbleReset
        ) && self.by_side[(!mover).index()].count() < theirs
        {
            self.contact = true;
        }
        // §2.0.11 "your Sword (or blade) sees the targeted piece": the intention is the declaring
        // blade's. It is followed should it move (so the position text names its square), and
        // another blade of its kind never enacts it.
        for s in 0..2 {
            if let Some((before, stood)) = blades[s]
                && let Some(i) = self.intention[s]
                && (i.side, i.kind, i.from) == (before.side, before.kind, before.from)
                && self.piece_at(i.from) != Some((i.side, i.kind))
            {
                let arrived = self.pieces(i.side, i.kind) & !stood;
                if let (1, Some(at)) = (arrived.count(), arrived.first()) {
                    self.intention[s] = Some(Intent { from: at, ..i });
                }
            }
        }
        // §2.0.11 "…unless your opponent moves the target piece": the intention lapses once the
        // declared target leaves its square (taken, moved, there and back); it does not come back
        // with another piece of that kind (a review found it did). A bluff at an empty square
        // stays to be seen.
        for s in 0..2 {
            if let Some(i) = targeted[s]
                && self.intention[s] == Some(i)
                && !i.stands(self)
            {
                self.intention[s] = None;
            }
        }
        // The Donkey is a piece other than the free engagement: its move counts too.
        if matches!(action, Action::Donkey(_)) && self.donkey != donkeys {
            self.other_piece_moved();
        }
        // With `hirakamae_breaks`, a stance the opponent (or its Donkey) broke has ended by the
        // enstanced side's turn (ruling R-HIRAKAMAE): looked at once the turn has passed, and
        // after the Donkey's move that opens it.
        if self.turn != mover || matches!(action, Action::Donkey(_)) {
            crate::special::hirakamae::lapse_if_broken(rules, self);
        }
        // Shima: the caster's Self entering the cast-square by any other move of the turn (a
        // second move, a Feign or Shift, a repositioning) reclaims the Dagger (§2.0.18) — not
        // a Donkey's push, no move of the caster's turn (a review found it reclaimed or not by
        // whose Donkey pushed), nor any action after it while the Self stays there.
        if !matches!(action, Action::Donkey(_)) {
            crate::special::cast_piece::reclaim_on_entry(rules, self, mover, life_before);
        }
        // En passant lapses once its engagement has left the square it stopped on, or the square
        // it passed is filled — by any action: a move, a strike, a glare, the Donkey, a
        // repositioning (ruling R-EP-LAPSE). The one place this is checked.
        if self.en_passant.is_some() || self.en_passant_next.is_some() {
            let (to_move, other) = (self.turn, !self.turn);
            if let Some(ep) = self.en_passant
                && !en_passant::still_open(rules, self, other, ep)
            {
                self.en_passant = None;
            }
            if let Some(ep) = self.en_passant_next
                && !en_passant::still_open(rules, self, to_move, ep)
            {
                self.en_passant_next = None;
            }
        }
        // The pass that enters the stance is a turn in it too: "The player can pass
        // indefinitely without risking a draw" (§2.0.18; a review found the entering pass
        // counted, drawing — under Shima, losing — a game on it).
        // Whatever pass entered it: a glare or declaration alone is one too (§2.0.16; a review
        // found the declaration's entering turn counted).
        let entered = !mover_in_stance && crate::special::hirakamae::active(self, mover);
        let ended_stance = mover_in_stance && self.hirakamae[mover.index()] == 2;
        if self.turn != mover {
            self.count_quiet_turn(rules, (hira && !ended_stance) || entered);
        }
        // A mated side whose dying turn begins with no dying move to make (R-DYING: its pieces
        // out of range from the dead Self's square, or none left) has lost: the checkmate stands.
        // Last, once en passant and the rest of the turn's state are settled.
        if self.dying() == Some(self.turn)
            && self.phase == Phase::Start
            && (self.turn != mover || matches!(action, Action::Donkey(_)))
        {
            let mut dying_moves = Vec::new();
            crate::movegen::legal_actions(rules, self, &mut dying_moves);
            if dying_moves.is_empty() {
                self.dying = None;
            }
        }
    }

    /// A turn has ended (`hira`: a side still in hirakamae at the turn's last action — the turn
    /// whose move ends the stance counts): §2.0.20 non-fencing,
    /// a draw by no contest after the agreed count of turns without contact.
    fn count_quiet_turn(&mut self, rules: &Rules, hira: bool) {
        // Hirakamae: passing indefinitely "without risking a draw" (§2.0.18).
        self.quiet = if self.contact {
            0
        } else if hira {
            self.quiet
        } else {
            self.quiet.saturating_add(1)
        };
        self.contact = false;
        if let Some(n) = rules.options.no_contest_turns
            && self.quiet >= n
            && self.outcome.is_none()
        {
            self.outcome = Some(if self.shima {
                // Under Shima drawing is not an option: both lose (§2.0.18).
                Outcome::DoubleCheckmate
            } else {
                Outcome::Draw {
                    reason: crate::outcome::Draw::NoContest,
                }
            });
        }
    }

    fn play_action(&mut self, rules: &Rules, action: Action) {
        let side = self.turn;
        // After the Obscurant Chaos invocation, with nothing repositioned, an action other than
        // a repositioning is the normal turn made instead: its phases follow as from the turn's
        // start (§2.0.18, `cast_piece::may_turn_instead`).
        if crate::special::cast_piece::may_turn_instead(self)
            && !matches!(action, Action::Reposition { .. } | Action::EndTurn)
        {
            self.phase = Phase::Start;
            // A meta-move opens that turn (R-CAST): the repositioning stays as its mark until
            // the turn's move, so no pass or other whole-turn action follows (`movegen`).
            if !matches!(action, Action::Meta(_)) {
                self.reposition = None;
            }
        } else if self.phase == Phase::Start && self.reposition.is_some() {
            self.reposition = None;
        }
        // After Shima's reclaim, any action but the Dagger's placement or ending the turn is
        // the second move that was still open (§2.0.18): the placement, which would have been
        // the second move, is declined.
        if let Phase::Reclaim { stone, concert } = self.phase
            && !matches!(action, Action::Place { .. } | Action::EndTurn)
        {
            self.phase = Phase::Second { stone, concert };
        }
        // After the move that ended hirakamae, a second move its own method opened (a concert,
        // a stepping stone's) is made as that method's (R-HIRAKAMAE).
        if let Phase::Hirakamae { stone, concert, .. } = self.phase
            && movegen::by_own_method(rules, self, action)
        {
            self.phase = Phase::Second { stone, concert };
        }
        match action {
            Action::Move(m) => {
                let controlled = control::controlled(rules, self, side);
                let outcome_before = self.outcome;
                self.apply_move(rules, m);
                control::after_move(rules, self, side, controlled);
                if self.outcome != outcome_before || self.is_game_over() {
                    // A move that mates ends the stance too: "A move made by the enstanced
                    // player ends hirakamae" (§2.0.18), as an enacted strike's does (a review
                    // found `hira=1` kept after a checkmate by touch or disarm).
                    if self.phase == Phase::Start && crate::special::hirakamae::active(self, side) {
                        self.hirakamae[side.index()] = 2;
                    }
                    self.end_turn(false);
                    return;
                }
                // The move that ends hirakamae offers a double-move (§2.0.18, §2.0.15) — unless it
                // is a Shift or a Feign, already a double-move: "a maximum of one or two moves
                // total in a turn" (§2.0.15).
                // Not the dying move (§2.0.20): one move, a stepping stone's second allowed
                // (R-DYING), never hirakamae's extra move (a review found the stone's lost).
                if self.phase == Phase::Start
                    && crate::special::hirakamae::active(self, side)
                    && self.dying() != Some(side)
                {
                    self.hirakamae[side.index()] = 2;
                    // Its own method's second move stays open beside hirakamae's (§2.0.15 "A
                    // double-move can be made via only one of the many methods", the player
                    // choosing; R-HIRAKAMAE): a concert, a stepping stone's. A partner in hand
                    // leaves the concert alone, as it must be placed (R-CONCERT).
                    let (stone, concert) = self.second_opened(rules, side, &m);
                    if matches!(m.effect, crate::action::Effect::Swap(_)) {
                        self.finish(rules);
                    } else if self.lifted.is_some() {
                        self.phase = Phase::Second {
                            stone: None,
                            concert: Some(m.to),
                        };
                    } else {
                        self.phase = Phase::Hirakamae {
                            first: m.to,
                            began: m.from,
                            stone: stone.then_some(m.to),
                            concert: concert.then_some(m.to),
                        };
                    }
                    return;
                }
                match self.phase {
                    Phase::Start => {
                        let Mover::Piece(k) = m.mover else {
                            self.finish(rules);
                            return;
                        };
                        let (stone, concert) = self.second_opened(rules, side, &m);
                        // Shima's reclaim: the caster's Self on the Shima square (§2.0.18); the
                        // second move, if any, follows it.
                        if rules.info(side, k).life
                            && crate::special::cast_piece::after_self_move(
                                rules,
                                self,
                                m.to,
                                stone.then_some(m.to),
                                concert.then_some(m.to),
                                true,
                            )
                        {
                            return;
                        }
                        if stone || concert {
                            self.phase = Phase::Second {
                                stone: stone.then_some(m.to),
                                concert: concert.then_some(m.to),
                            };
                        } else {
                            self.finish(rules);
                        }
                    }
                    // A Self entering the Shima square on a second move reclaims the Dagger after
                    // the action (`cast_piece::reclaim_on_entry`).
                    _ => self.finish(rules),
                }
            }
            // Filled in before the turn machine (`hug.rs`).
            Action::Hug(_) => {}
            // No move on the board: counted as a pass by §2.0.17's tally (R-PASS-FORCED, the
            // reset after one pass is the second: the first player who passed must then move —
            // a review found the count wiped and the obligation never coming).
            // (The board's reset clears the passes, as a retreat's does; this one is itself the
            // pass, so the count before it goes on — an audit found the first version of this
            // wiping it all the same. A side in hirakamae passes without counting, §2.0.18.)
            Action::QuibbleReset => {
                let passes = self.passes;
                let hira = crate::special::hirakamae::active(self, self.turn);
                retreat::reset_board(rules, self);
                self.quibbles = 0;
                self.passes = passes;
                self.end_turn(!hira);
            }
            // Placed as a whole turn, as any placement (R-DONKEY): glare or an intention may
            // still be declared after it (§2.0.10 "at any point on your own turn", R-GLARE-WHEN;
            // a review found the turn ended at once).
            Action::PlaceDonkey { to } => {
                crate::special::donkey::place(self, to);
                self.finish(rules);
            }
            Action::Donkey(r) => crate::special::donkey::resolve(rules, self, r),
            Action::Cast {
                kind,
                from,
                measure,
            } => {
                crate::special::cast_piece::cast(self, kind, from, measure);
            }
            Action::Land(l) => {
                if !crate::special::cast_piece::land(rules, self, l) {
                    self.finish(rules);
                }
            }
            Action::Invoke { at } => crate::special::cast_piece::invoke(self, at),
            Action::Place { kind, to, face } => {
                let controlled = control::controlled(rules, self, side);
                self.reserve[side.index()][kind.index()] -= 1;
                self.put(side, kind, to);
                // Placed facing the way chosen (§2.0.23).
                if let Some(f) = face {
                    self.set_facing(to, f & 3);
                }
                control::after_move(rules, self, side, controlled);
                self.finish(rules);
            }
            Action::Withdraw { kind, from } => {
                self.remove(side, kind, from);
                // A Cloak withdrawn from a capture leaves the blade there, free (R-BLADE-CAPTURE).
                if crate::special::blade_capture::pinned_at(self, !side, from).is_some() {
                    crate::special::blade_capture::release(self, !side, from);
                }
                self.reserve[side.index()][kind.index()] += 1;
                if rules.info(side, kind).no_repeat {
                    self.last_dir[side.index()] = None;
                }
                self.finish(rules);
            }
            Action::EnterFree { to } => {
                self.free = FreePlace::On(to);
                self.free_from = None;
                self.free_bounces = 0;
                self.finish(rules);
            }
            Action::Throw { from, target, .. } => {
                self.phase = Phase::Throw { from, target };
            }
            Action::Roll(r) => match {
                // A distraction's repositioning closes the turn (§2.0.08: "repositioning with
                // the distraction effect is allowed before ending your turn"): after a throw
                // that ended hirakamae it stands in for the second move (R-HIRAKAMAE).
                if r.verdict() == crate::dice::Verdict::Distraction {
                    self.hira_second = None;
                }
                dagger_throw::resolve(rules, self, r)
            } {
                Some(_) => {}
                None if self.outcome.is_some() => self.end_turn(false),
                None => self.finish(rules),
            },
            Action::Reposition { kind, from, to } => {
                // "entering the opponent's Jutsu-occupied measure with your Balance and Self
                // fends their Jutsu" (§2.0.07): a repositioned Self or Balance enters too.
                let controlled = control::controlled(rules, self, side);
                let more = dagger_throw::reposition(rules, self, kind, from, to);
                control::after_move(rules, self, side, controlled);
                if !more {
                    self.finish(rules);
                }
            }
            // Glare or a declaration alone "amount to a pass" (§2.0.16): one that enters the
            // stance as a pass does, and in hirakamae one that does not count toward two, as
            // the stance's own pass (R-HIRAKAMAE; reviews found them counted, and entering
            // nothing).
            Action::Glare { .. } => {
                let passed = self.phase == Phase::Start && self.counted_pass(rules, side);
                glare::apply(rules, self);
                self.end_turn(passed);
            }
            Action::Retreat => {
                retreat::play(rules, self);
                self.end_turn(false);
            }
            Action::Meta(m) => crate::special::meta_move::play(self, m),
            Action::Declare { kind, from, to } => {
                let passed = self.phase == Phase::Start && self.counted_pass(rules, side);
                crate::special::intention::declare(rules, self, kind, from, to);
                self.end_turn(passed);
            }
            Action::Enact { kind, from, to } => {
                // Enacting is the blade's move (§2.0.11): in hirakamae it ends the stance and
                // offers the second move (§2.0.18 "A move made by the enstanced player ends
                // hirakamae and may be a double-move", R-HIRAKAMAE) — unless the blade stepped
                // onto a declared stepping stone first, already two moves (§2.0.15).
                let hira =
                    self.phase == Phase::Start && crate::special::hirakamae::active(self, side);
                let direct =
                    crate::special::intention::strike(rules, self, side, kind, from, to).is_some();
                crate::special::intention::enact(rules, self, kind, from, to);
                if hira {
                    self.hirakamae[side.index()] = 2;
                }
                if self.outcome.is_some() {
                    self.end_turn(false);
                } else if hira && direct {
                    // The blade struck from where it stands: it may move again, or another piece.
                    self.phase = Phase::Hirakamae {
                        first: from,
                        began: from,
                        stone: None,
                        concert: None,
                    };
                } else {
                    self.finish(rules);
                }
            }
            Action::Pass => {
                let counted = self.counted_pass(rules, side);
                self.end_turn(counted);
            }
            Action::EndTurn => match self.phase {
                Phase::Glare => self.end_turn(false),
                _ => self.finish(rules),
            },
        }
    }

    /// The turn's moves are done: glare may still be invoked (§2.0.10), else the turn ends.
    fn finish(&mut self, rules: &Rules) {
        // The throw or cast that ended hirakamae has resolved: the double-move's second move
        // follows (R-HIRAKAMAE).
        if let Some((first, began)) = self.hira_second.take()
            && self.outcome.is_none()
        {
            self.phase = Phase::Hirakamae {
                first,
                began,
                stone: None,
                concert: None,
            };
            return;
        }
        let open = self.outcome.is_none()
            && (glare::available(rules, self).is_some()
                || crate::special::intention::any_declaration(rules, self));
        if open {
            self.phase = Phase::Glare;
        } else {
            self.end_turn(false);
        }
    }

    fn apply_move(&mut self, rules: &Rules, m: Move) {
        let side = self.turn;
        let opp = !side;
        // The Self's concert move lifts the partner it lands on or passes over (R-CONCERT): told
        // from the board before the move (an ordinary move over the partner lifts nothing).
        let lifted = match (m.effect, m.mover) {
            (Effect::Lift(k), _) => Some((k, m.to)),
            (_, Mover::Piece(k)) if self.phase == Phase::Start && rules.info(side, k).life => {
                crate::special::concert::passed_partner(rules, self, &m)
            }
            _ => None,
        };
        if let Mover::Piece(k) = m.mover {
            if self.lifted.is_some_and(|l| l.kind == k && l.from == m.from) {
                // The concert partner in hand is placed (R-CONCERT): it stands nowhere yet.
                self.lifted = None;
            } else if crate::special::blade_capture::pinned_at(self, side, m.from)
                .is_some_and(|p| p.0 == k)
            {
                // Freeing a pinned blade destroys the Cloak on it (§2.0.06).
                crate::special::blade_capture::free(self, side, m.from);
            } else {
                self.remove(side, k, m.from);
                if crate::special::blade_capture::holding(self, side).contains(m.from) {
                    // The Cloak steps off: the blade under it is free.
                    crate::special::blade_capture::release(self, opp, m.from);
                }
            }
        }
        if let Some((k, sq)) = lifted {
            let facing = self.facing(sq);
            self.remove(side, k, sq);
            self.lifted = Some(crate::position::Lifted {
                kind: k,
                from: sq,
                facing,
            });
        }
        let lands = self.take_effect(rules, m.mover, m.from, m.to, m.effect);
        if lands {
            match m.mover {
                Mover::Piece(k) => {
                    self.put(side, k, m.to);
                    if let Some(f) = m.face {
                        self.set_facing(m.to, f);
                    }
                    // (Not for an engagement its set makes unfendable: en passant is a fend.)
                    if rules.info(side, k).engagement
                        && rules.info(side, k).fendable
                        && let Some(ep) = en_passant::opened(side, m.from, m.to)
                    {
                        self.en_passant_next = Some(ep);
                    }
                }
                Mover::Free => {
                    // Pushed back where it just came from (§2.0.05 repetition).
                    self.free_bounces = if self.free_from == Some(m.to) {
                        self.free_bounces.saturating_add(1)
                    } else {
                        0
                    };
                    self.free_from = Some(m.from);
                    self.free = FreePlace::On(m.to);
                }
            }
        }
        if let Some(d) = m.dir {
            self.last_dir[side.index()] = Some(d);
        } else if let Mover::Piece(k) = m.mover {
            // A no-repeat piece's move with no direction (a flail) leaves none to remember
            // (R-LANTERN-DIRECTION).
            self.forget_direction(rules, side, k);
        }
    }

    /// What a piece landing on `to` from `from` does there (`effect`), the mover's own landing
    /// aside: the pieces it takes, fends or moves, and the checkmates that follow. Shared by
    /// every move (`apply_move`) and the repositionings that may take (Obscurant Chaos,
    /// §2.0.18). Returns whether the mover lands (not when a Jutsu negates, §2.0.11).
    #[inline]
    pub(crate) fn take_effect(
        &mut self,
        rules: &Rules,
        mover: Mover,
        from: crate::square::Square,
        to: crate::square::Square,
        effect: Effect,
    ) -> bool {
        let side = self.turn;
        let opp = !side;
        match effect {
            Effect::Quiet | Effect::Lift(_) => {}
            Effect::Swap(k) => {
                self.relocate(side, k, to, from);
            }
            Effect::Cavazione(k) => {
                self.relocate(opp, k, to, from);
            }
            Effect::Deflect(k, blade_to) => {
                self.relocate(opp, k, to, blade_to);
            }
            Effect::Opposition(k, blade_from, blade_to) => {
                self.relocate(opp, k, blade_from, blade_to);
            }
            Effect::StepStone => stepping_stone::spend_engagement(rules, self, side, to),
            Effect::FreeStepStone => stepping_stone::spend_free(self),
            Effect::FendFree => {
                self.free = FreePlace::Off(Intersection::CENTRE);
                self.free_from = None;
                self.free_bounces = 0;
            }
            Effect::Capture(k) => {
                self.remove(opp, k, to);
                crate::special::blade_capture::capture(self, opp, k, to);
            }
            Effect::DisarmCaptured(_) => {
                crate::special::blade_capture::disarm_captured(self, opp, to);
                if self.outcome.is_none()
                    && crate::special::disarm::privileged_on_board(rules, self, opp) == 0
                {
                    self.outcome = Some(Outcome::Checkmate {
                        winner: side,
                        by: Mate::Disarm,
                    });
                }
            }
            Effect::ShadowStab(k) => {
                self.remove(opp, k, to);
                self.reserve[opp.index()][k.index()] += 1;
                crate::special::shadow_stabbing::take_jutsu(rules, self, opp);
            }
            Effect::Fend(k) => {
                self.remove(opp, k, to);
                self.reserve[opp.index()][k.index()] += 1;
                self.forget_direction(rules, opp, k);
            }
            Effect::Take(k) => {
                self.remove(opp, k, to);
                self.discard[opp.index()][k.index()] += 1;
                self.forget_direction(rules, opp, k);
            }
            Effect::Disarm(k) => {
                self.remove(opp, k, to);
                self.discard[opp.index()][k.index()] += 1;
                // §2.0.14: "If the disarmed player has no blade left on the board, disarmament
                // constitutes checkmate".
                // Not from a dying move: "disarm from death" is no double checkmate (§2.0.20).
                if self.outcome.is_none()
                    && crate::special::disarm::privileged_on_board(rules, self, opp) == 0
                {
                    self.outcome = Some(Outcome::Checkmate {
                        winner: side,
                        by: Mate::Disarm,
                    });
                }
            }
            Effect::Checkmate => {
                let life = rules.life(opp);
                self.remove(opp, life, to);
                self.discard[opp.index()][life.index()] += 1;
                self.touch_mate(side, to);
            }
            Effect::Negate(k) => {
                // §2.0.11: "both Jutsus destroy each other on contact".
                self.remove(opp, k, to);
                self.discard[opp.index()][k.index()] += 1;
                if self.dying() == Some(side) && rules.options.devices {
                    // The dying move negates: the Death Spell (§2.0.18) — one of "the more
                    // obscure devices" the players may agree to leave out (§2.0.19 step 1; a
                    // review found it announced with them left out).
                    self.death_spell = true;
                }
                if let Mover::Piece(mk) = mover {
                    self.discard[side.index()][mk.index()] += 1;
                }
                return false;
            }
            Effect::EnPassant(victim) => {
                let (_, k) = self.piece_at(victim).expect("en passant victim present");
                self.remove(opp, k, victim);
                self.reserve[opp.index()][k.index()] += 1;
            }
        }
        true
    }

    pub(crate) fn forget_direction(
        &mut self,
        rules: &Rules,
        side: crate::side::Side,
        k: crate::piece_set::Kind,
    ) {
        if rules.info(side, k).no_repeat {
            self.last_dir[side.index()] = None;
        }
    }

    /// `side` took the opposing Self on `at`: checkmate by touch, and the mated side may answer
    /// with a dying move; from a dying move it is double checkmate (§2.0.20, §2.0.21).
    pub(crate) fn touch_mate(&mut self, side: crate::side::Side, at: crate::square::Square) {
        if self.dying() == Some(side) {
            self.outcome = Some(Outcome::DoubleCheckmate);
            self.dying = None;
        } else {
            self.outcome = Some(Outcome::Checkmate {
                winner: side,
                by: Mate::Touch,
            });
            self.dying = Some((!side, at));
        }
    }

    /// Ends the turn now (a skipped turn, §2.0.22 penalties). It counts as a turn for no contest
    /// (§2.0.20 lists "too many untenable moves" as non-fencing), with any contact its earlier
    /// moves made.
    pub(crate) fn skip_turn(&mut self, rules: &Rules) {
        let hira = self.hirakamae.contains(&1);
        self.end_turn(false);
        self.count_quiet_turn(rules, hira);
    }

    /// A pass by `side` — `---`, or a glare or declaration alone (§2.0.16) — may enter its
    /// stance (`hirakamae::after_pass`); whether it counts toward §2.0.17's two: not in the
    /// stance, where "The player can pass indefinitely" (R-HIRAKAMAE).
    fn counted_pass(&mut self, rules: &Rules, side: crate::side::Side) -> bool {
        crate::special::hirakamae::after_pass(rules, self, side);
        !crate::special::hirakamae::active(self, side)
    }

    /// Whether a turn's first move `m` (just made by `side`) opens a second move by its own
    /// method of double-move: a stepping stone's (`m` landed on one) and a concert's (the Self
    /// moved).
    fn second_opened(&self, rules: &Rules, side: crate::side::Side, m: &Move) -> (bool, bool) {
        let Mover::Piece(k) = m.mover else {
            return (false, false);
        };
        // A Fire Dance square works as a stepping stone (§2.0.18) for the piece that entered it
        // — not when the move left nothing there (Jutsu takes Jutsu, §2.0.11: both are
        // discarded). A Feign or Shift is already a double-move: no third move from the square
        // (§2.0.15 "a maximum of one or two moves total in a turn"). Nor for the inert Ruin,
        // which "as if by stepping stone" cannot, as it uses no stepping stone (§2.0.VII,
        // R-STONE-BY-MOVEMENT; a review found it given a second move there).
        let stone = m.effect.is_stepping_stone()
            || (crate::special::cast_piece::fire_squares(self, side).contains(m.to)
                && self.piece_at(m.to) == Some((side, k))
                && !rules.info(side, k).inert
                && !matches!(m.effect, Effect::Swap(_)));
        let concert = rules.info(side, k).life && rules.info(side, k).concert;
        (stone, concert)
    }

    fn end_turn(&mut self, passed: bool) {
        // A partner still in hand goes back where it was lifted from (generation never lets a
        // turn end so — not even Shima's reclaim, whose placement waits while a partner is in
        // hand; this keeps the piece count whole whatever ends it).
        if let Some(l) = self.lifted.take() {
            if self.piece_at(l.from).is_none() {
                self.put(self.turn, l.kind, l.from);
                self.set_facing(l.from, l.facing);
            } else {
                self.reserve[self.turn.index()][l.kind.index()] += 1;
            }
        }
        self.released = false;
        self.reposition = None;
        self.hira_second = None;
        // An intention lasts to the end of its side's next turn (§2.0.11).
        let own = &mut self.intention[self.turn.index()];
        if let Some(i) = own.as_mut() {
            if i.fresh {
                i.fresh = false;
            } else {
                *own = None;
            }
        }
        // The dying side's one turn is over (§2.0.20).
        if self.dying() == Some(self.turn) {
            self.dying = None;
        }
        // A glare block lasts for the blocked side's one turn (§2.0.10).
        self.glare_block[self.turn.index()] = false;
        self.passes = if passed {
            self.passes.saturating_add(1)
        } else {
            0
        };
        // Under Shima, pass repetition is both players' loss (§2.0.18): the second pass in a
        // row, whether a pass or a declaration or glare with no move, which "amount to a pass"
        // (§2.0.16).
        if self.shima && self.passes >= 2 && self.outcome.is_none() {
            self.outcome = Some(Outcome::DoubleCheckmate);
        }
        let ended = self.turn;
        self.turn = !self.turn;
        self.phase = Phase::Start;
        // The Donkey moves after each turn of its placer (§2.0.23).
        if self.donkey[ended.index()].is_some() && self.outcome.is_none() {
            self.phase = Phase::DonkeyMove { placer: ended };
        }
        self.meta_moved = false;
        self.en_passant = self.en_passant_next.take();
        self.turns = self.turns.saturating_add(1);
    }

    /// Every complete turn: each sequence of actions from the first to the end of the turn
    /// (declining an optional second move is the shorter turn; `EndTurn` appears only inside a
    /// turn, before a glare).
    pub fn legal_turns(&self, rules: &Rules) -> Vec<Turn> {
        let mut out = Vec::new();
        let mut prefix = Vec::new();
        self.expand_turns(rules, self.turn, &mut prefix, &mut out);
        out
    }

    fn expand_turns(
        &self,
        rules: &Rules,
        mover: crate::side::Side,
        prefix: &mut Vec<Action>,
        out: &mut Vec<Turn>,
    ) {
        let mut acts = Vec::new();
        movegen::legal_actions(rules, self, &mut acts);
        for a in acts {
            let mut p = *self;
            p.play_unchecked(rules, a);
            prefix.push(a);
            if p.is_game_over() || p.turn != mover {
                let mut t = prefix.clone();
                if t.last() == Some(&Action::EndTurn) {
                    t.pop();
                }
                out.push(t);
            } else {
                p.expand_turns(rules, mover, prefix, out);
            }
            prefix.pop();
        }
    }
}
