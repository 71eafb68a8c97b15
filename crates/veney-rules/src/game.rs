//! A game in progress: the rules, the current position, and the history of played actions with
//! undo and redo. This is what a UI holds.
use crate::action::Action;
use crate::dice::Roll;
use crate::errors::Untenable;
use crate::notation;
use crate::penalty::Call;
use crate::position::{Phase, Position};
use crate::record_ending::RecordEnding;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::side::Side;
use std::sync::Arc;

#[derive(Clone, Debug)]
pub struct Game {
    pub rules: Arc<Rules>,
    start: Position,
    pos: Position,
    /// Positions before each played action, and the action.
    history: Vec<(Position, Action)>,
    /// Undone actions, most recent last, each with how it stood (§2.0.22), for redo.
    redo: Vec<(Action, Mark)>,
    /// The seed of `rng`, kept for saves and replays.
    seed: u64,
    /// Draws every chance outcome of this game (throws), so that it replays from its seed.
    rng: GameRng,
    /// The generator before each played action (undo rewinds it: an undone throw rethrown
    /// lands the same).
    rng_history: Vec<GameRng>,
    /// Per played action: whether it was untenable (played with sand, §2.0.22) and, if called,
    /// what the call did.
    marks: Vec<Mark>,
    /// A flag fell on the players' clock after the last action: the position before it ended
    /// the game (undo or `withdraw_out_of_time` restores it to play on).
    flagged: Option<Position>,
    /// The positions before each ending declared with no move (a resignation, an agreed draw,
    /// the Hug's), latest last: `withdraw_declared` takes the latest back alone.
    declared: Vec<Position>,
    /// The players' clock as last given (`game_clock`'s one-line save form, kept opaque): saves
    /// carry it as `[Clock "…"]`; undo and redo leave it (the clock has its own undo).
    clock: Option<String>,
}

/// How a played action stands with respect to §2.0.22.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Tenable,
    /// Untenable and not (yet) called.
    Untenable,
    /// Untenable and called.
    Called(Call),
}

/// The result of attempting an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    Played,
    /// Played although untenable (the agreed policy allows playing with sand); the opponent
    /// may call it now. Says which rule it breaks.
    PlayedUntenable(Untenable),
}

impl Game {
    pub fn new(rules: Arc<Rules>) -> Game {
        let pos = Position::start(&rules);
        Game::from_position(rules, pos)
    }

    pub fn from_position(rules: Arc<Rules>, pos: Position) -> Game {
        Game::from_position_seeded(rules, pos, 0)
    }

    /// A game whose chance outcomes come from `seed`.
    pub fn from_position_seeded(rules: Arc<Rules>, pos: Position, seed: u64) -> Game {
        Game {
            rules,
            start: pos,
            pos,
            history: Vec::new(),
            redo: Vec::new(),
            seed,
            rng: crate::rng::seeded(seed),
            rng_history: Vec::new(),
            marks: Vec::new(),
            flagged: None,
            declared: Vec::new(),
            clock: None,
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// A replayed game (a record read with sand, `replay::replay`) played on under `rules` —
    /// the options agreed for the game in progress, a replay's sand aside — from `seed`: the
    /// generator is rebuilt along the history, each recorded throw, landing and Donkey move
    /// advancing it as a draw would, so undo and later throws behave as in a game played here.
    /// The position and the history stay as replayed.
    pub fn continued_under(mut self, rules: Arc<Rules>, seed: u64) -> Game {
        self.rules = rules;
        self.seed = seed;
        self.rng = crate::rng::seeded(seed);
        self.rng_history.clear();
        for i in 0..self.history.len() {
            self.rng_history.push(self.rng.clone());
            self.advance_rng_for(i);
        }
        self.redo.clear();
        self
    }

    /// After replaying a recorded roll: advance the generator as the original draw did, so
    /// that later throws land as they would have.
    pub fn advance_rng_for_roll(&mut self) {
        if let Some(i) = self.history.len().checked_sub(1) {
            self.advance_rng_for(i);
        }
    }

    /// Advances the generator as drawing the history's `i`-th action did, if it was chance.
    fn advance_rng_for(&mut self, i: usize) {
        match self.history.get(i) {
            Some((before, crate::action::Action::Roll(_))) => {
                if let Some(n) =
                    crate::special::dagger_throw::sticks(&self.rules, before, before.turn())
                {
                    let _ = Roll::draw(self.rules.options.dice, n, &mut self.rng);
                }
            }
            Some((_, crate::action::Action::Donkey(Some(_)))) => {
                let _ = Roll::draw(crate::dice::DiceMethod::StickDice, 5, &mut self.rng);
            }
            Some((before, crate::action::Action::Land(_))) => {
                if let Phase::Cast { measure, .. } = before.phase() {
                    let open = crate::special::cast_piece::empty_measures(&self.rules, before);
                    let _ = crate::device::Landing::draw(
                        crate::measure::Measure(measure),
                        &open,
                        &mut self.rng,
                    );
                }
            }
            _ => {}
        }
    }

    /// Ends the game by resignation of `side` (§2.0.21).
    pub fn resign(&mut self, side: crate::side::Side) {
        if self.pos.outcome().is_some() {
            return;
        }
        self.declared.push(self.pos);
        self.pos.set_outcome(crate::outcome::Outcome::Resignation {
            winner: !side,
            reason: crate::outcome::Resign::Yielded,
        });
    }

    /// `side`'s flag fell on the clock: they lose (§2.0.R3 Time Control, "If one player runs
    /// out of time, they lose"; ruling R-OUT-OF-TIME). No move makes it: the ending stands
    /// after the last action, the record ends with `[Ending "White out of time"]`, and undo
    /// (or `withdraw_out_of_time`) takes it back to play on. The mated player's flag falling
    /// during their dying move (§2.0.20) ends the game as the checkmate, the dying move
    /// forfeited. Refused (false) once the game is over otherwise.
    pub fn out_of_time(&mut self, side: crate::side::Side) -> bool {
        let before = self.pos;
        if self.pos.dying() == Some(side) {
            self.pos.acknowledge();
        } else if self.pos.outcome().is_some() {
            return false;
        } else {
            self.pos
                .set_outcome(crate::outcome::Outcome::OutOfTime { winner: !side });
        }
        self.flagged = Some(before);
        true
    }

    /// The players' clock this game carries (its one-line save form), if any.
    pub fn clock(&self) -> Option<&str> {
        self.clock.as_deref()
    }

    /// Gives the game its players' clock (one line without `"`), or takes it away.
    pub fn set_clock(&mut self, clock: Option<String>) {
        self.clock = clock.filter(|c| !c.contains(['"', '\n']));
    }

    /// Takes back a flag's ending (the game goes on from where it stopped); whether there was
    /// one.
    pub fn withdraw_out_of_time(&mut self) -> bool {
        match self.flagged.take() {
            Some(before) => {
                self.pos = before;
                true
            }
            None => false,
        }
    }

    /// Takes back the latest ending declared with no move — a resignation, an agreed draw, the
    /// Hug's settlement (which goes back to the draw it settled) — leaving the last action
    /// played; whether there was one.
    pub fn withdraw_declared(&mut self) -> bool {
        match self.declared.pop() {
            Some(before) => {
                self.pos = before;
                true
            }
            None => false,
        }
    }

    /// The position the latest ending declared with no move closed (a resignation, an agreed
    /// draw, the mated player's acknowledgement, the Hug's settlement — from the draw it
    /// settled): what `withdraw_declared` goes back to; `None` when none stands.
    pub fn declared_from(&self) -> Option<Position> {
        self.declared.last().copied()
    }

    /// Whether a fallen flag ended the game (`out_of_time`) — during the dying move too, where the
    /// checkmate stands: what `withdraw_out_of_time` takes back.
    pub fn flagged(&self) -> bool {
        self.flagged.is_some()
    }

    /// The ending no move made that closes the game, as the record's last line writes it
    /// (`record_ending`): the clock's ("White out of time"), or the latest declared one — a
    /// resignation, an agreed draw, the mated player's acknowledgement, the Hug's settlement
    /// (a review found a record exported after a resignation read back as a game going on).
    pub fn ending(&self) -> Option<RecordEnding> {
        if let Some(before) = self.flagged.as_ref() {
            return match self.pos.outcome() {
                Some(crate::outcome::Outcome::OutOfTime { winner }) => {
                    Some(RecordEnding::OutOfTime(!winner))
                }
                // The mated player's flag fell during the dying move (§2.0.20): the checkmate
                // stands, the flag's all the same (a review found it read back as an
                // acknowledgement).
                _ => before.dying().map(RecordEnding::OutOfTime),
            };
        }
        use crate::outcome::{Draw, Outcome, Resign};
        let before = self.declared.last()?;
        let o = self.pos.outcome()?;
        if let Some(side) = before.dying()
            && self.pos.dying().is_none()
        {
            return Some(RecordEnding::Acknowledges(side));
        }
        match (before.outcome(), o) {
            (
                None,
                Outcome::Resignation {
                    winner,
                    reason: Resign::Yielded,
                },
            ) => Some(RecordEnding::Resigns(!winner)),
            (
                None,
                Outcome::Draw {
                    reason: Draw::Agreement,
                },
            ) => Some(RecordEnding::DrawAgreed),
            // Under Shima an agreed draw loses for both (§2.0.18): agreed all the same.
            (None, Outcome::DoubleCheckmate) if before.shima() => Some(RecordEnding::DrawAgreed),
            _ => crate::record_ending::HugEnd::of(o).map(RecordEnding::Hug),
        }
    }

    /// Ends the game as a record's `[Ending]` says, where that ending may close it; whether it
    /// did. A flag falls on any game still going (or during the dying move, §2.0.20); a
    /// resignation or an agreed draw closes an open game; an acknowledgement needs the dying
    /// move pending for that side; the Hug settles a draw awaiting it — from an open game, by
    /// the draw agreed first, so that undo goes back to that draw as in play (a review found it
    /// going back to open play).
    pub fn end_as_recorded(&mut self, ending: RecordEnding) -> bool {
        let pos = self.pos;
        match ending {
            RecordEnding::OutOfTime(side) => self.out_of_time(side),
            RecordEnding::Resigns(side) if pos.outcome().is_none() => {
                self.resign(side);
                true
            }
            RecordEnding::DrawAgreed if pos.outcome().is_none() => {
                self.agree_draw();
                true
            }
            RecordEnding::Acknowledges(side) if pos.dying() == Some(side) => {
                self.acknowledge();
                true
            }
            RecordEnding::Hug(h) => {
                let settled = h.outcome();
                if !Self::may_declare(&self.rules, &pos, settled) {
                    return false;
                }
                if pos.outcome().is_none() {
                    self.agree_draw();
                }
                if self.declare_ending(settled) {
                    true
                } else {
                    // (Not reached: a draw agreed awaits the Hug where the Hug may be declared.)
                    self.withdraw_declared();
                    false
                }
            }
            _ => false,
        }
    }

    /// The mated player acknowledges defeat instead of a dying move (§2.0.20): an ending no move
    /// makes, kept as a declared one — undo takes it back alone, and nothing is redone on top
    /// (a review found a dying move undone before redone after it, as a fresh checkmate).
    pub fn acknowledge(&mut self) {
        if self.pos.dying().is_none() {
            return;
        }
        self.declared.push(self.pos);
        self.pos.acknowledge();
    }

    /// Settles a draw by a Hug when the rules call for it (§2.0.23): both picks at once, as the
    /// app reveals them. Returns the ending, or (the game unchanged) why not: no draw awaits a
    /// Hug, or a pick is not open (a Dagger from an army without one, R-HUG-NO-DAGGER).
    pub fn hug(
        &mut self,
        white: crate::hug::HugChoice,
        black: crate::hug::HugChoice,
    ) -> Result<crate::outcome::Outcome, Untenable> {
        let mut p = self.pos;
        p.pick_hug(&self.rules, Side::White, white)?;
        p.pick_hug(&self.rules, Side::Black, black)?;
        self.declared.push(self.pos);
        self.pos = p;
        Ok(p.outcome().expect("the second pick settles the draw"))
    }

    /// Sets an ending no move made (a resignation, an agreed draw, the Hug's), as a save's final
    /// position names it, when the game is not over or stands at the draw a Hug settled.
    /// Returns whether it was set.
    pub(crate) fn declare_ending(&mut self, o: crate::outcome::Outcome) -> bool {
        if !Self::may_declare(&self.rules, &self.pos, o) {
            return false;
        }
        self.declared.push(self.pos);
        self.pos.outcome = Some(o);
        true
    }

    /// Whether `o` is an ending no move makes that may close `pos`: a resignation or an agreed
    /// draw (a double checkmate under Shima, §2.0.18) from an open game, and what the Hug makes
    /// of a draw (§2.0.23) — from an open game (an agreed draw hugged) or from the draw it
    /// settles. Nothing else a save's final position may claim without its moves.
    pub fn may_declare(rules: &Rules, pos: &Position, o: crate::outcome::Outcome) -> bool {
        use crate::outcome::{Draw, Mate, Outcome, Resign};
        // Under Shima "drawing the game is not an option": no draw, so no Hug (R-HUG; a review
        // found a save claiming the Hug's checkmate read under Shima).
        // A betrayal needs a Dagger to hide (R-HUG-NO-DAGGER: an army without one hides the
        // Self; a review found a record's "Hug: White wins" read for a Dagger-less White).
        let betray = |s: Side| crate::hug::may_betray(rules, s);
        let hugged = rules.options.hug
            && !pos.shima()
            && match o {
                Outcome::Draw {
                    reason: Draw::Hugged,
                } => true,
                Outcome::Checkmate {
                    by: Mate::Touch,
                    winner,
                } => betray(winner),
                Outcome::DoubleCheckmate => betray(Side::White) && betray(Side::Black),
                _ => false,
            };
        match pos.outcome() {
            None => {
                hugged
                    || matches!(
                        o,
                        Outcome::Resignation {
                            reason: Resign::Yielded,
                            ..
                        } | Outcome::Draw {
                            reason: Draw::Agreement
                        }
                    )
                    || (pos.shima() && o == Outcome::DoubleCheckmate)
            }
            Some(d) => crate::hug::awaits_hug(rules, Some(d)) && hugged,
        }
    }

    /// Ends the game as a draw by agreement (§2.0.21).
    pub fn agree_draw(&mut self) {
        if self.pos.outcome().is_some() {
            return;
        }
        self.declared.push(self.pos);
        // Under Shima drawing is not an option: both lose (§2.0.18).
        self.pos.set_outcome(if self.pos.shima() {
            crate::outcome::Outcome::DoubleCheckmate
        } else {
            crate::outcome::Outcome::Draw {
                reason: crate::outcome::Draw::Agreement,
            }
        });
    }

    /// When a throw awaits its roll: draws it from the game's seeded generator and plays it.
    /// When the Donkey is due to move, its sticks are drawn the same way (§2.0.23).
    pub fn roll(&mut self) -> Option<Roll> {
        match self.pos.phase() {
            Phase::DonkeyMove { .. } => {
                let mut out = Vec::new();
                crate::special::donkey::moves(&self.pos, &mut out);
                if out == [Action::Donkey(None)] {
                    self.play(Action::Donkey(None)).ok()?;
                    return None;
                }
                let r = Roll::draw(crate::dice::DiceMethod::StickDice, 5, &mut self.rng.clone());
                self.play_drawn(Action::Donkey(Some(r)))?;
                Some(r)
            }
            Phase::Throw { .. } => {
                let sticks =
                    crate::special::dagger_throw::sticks(&self.rules, &self.pos, self.pos.turn())?;
                let r = Roll::draw(self.rules.options.dice, sticks, &mut self.rng.clone());
                self.play_drawn(Action::Roll(r))?;
                Some(r)
            }
            _ => None,
        }
    }

    /// A fingerprint of the generator as it stands (its next draw): a reloaded game must match
    /// it, or its next throw would land otherwise.
    pub fn generator_fingerprint(&self) -> u64 {
        rand::Rng::random(&mut self.rng.clone())
    }

    /// The throw the game's generator would draw now, without playing it (a Dagger Throw
    /// awaiting its roll); `None` in any other phase.
    pub fn next_roll(&self) -> Option<Roll> {
        let Phase::Throw { .. } = self.pos.phase() else {
            return None;
        };
        let sticks = crate::special::dagger_throw::sticks(&self.rules, &self.pos, self.pos.turn())?;
        Some(Roll::draw(
            self.rules.options.dice,
            sticks,
            &mut self.rng.clone(),
        ))
    }

    /// When a cast piece is in the air: draws where it lands from the game's seeded generator
    /// and plays it (§2.0.18).
    pub fn land(&mut self) -> Option<crate::device::Landing> {
        let Phase::Cast { measure, .. } = self.pos.phase() else {
            return None;
        };
        let open = crate::special::cast_piece::empty_measures(&self.rules, &self.pos);
        let l = crate::device::Landing::draw(
            crate::measure::Measure(measure),
            &open,
            &mut self.rng.clone(),
        );
        self.play_drawn(Action::Land(l))?;
        Some(l)
    }

    /// Plays a roll the players made themselves — the guess methods' hidden pick, or real sticks
    /// read off the table (§2.0.R1) — and advances the generator as a drawn roll would, so a
    /// saved game reloads to the same state.
    pub fn enter_roll(&mut self, r: Roll) -> Result<(), crate::errors::Untenable> {
        self.play(Action::Roll(r))?;
        self.advance_rng_for_roll();
        Ok(())
    }

    /// Springs the Obscurant Chaos trap in the middle of the opponent's turn (§2.0.18 "even
    /// interrupting a double-move in process"; ruling R-CAST): the mover's turn ends where it
    /// stands and the caster's begins with the invocation. The actions played, or `None` (and
    /// nothing played) when no interruption is open. With several traps sprung, the first that
    /// may be invoked (`interrupt_at` chooses).
    pub fn interrupt(&mut self) -> Option<Vec<Action>> {
        crate::special::cast_piece::interrupt_squares(&self.rules, &self.pos)
            .find_map(|at| self.interrupt_at(at))
    }

    /// `interrupt` on the trap at `at`, one of `cast_piece::interrupt_squares`.
    pub fn interrupt_at(&mut self, at: crate::square::Square) -> Option<Vec<Action>> {
        let plan = self.interrupt_plan(at)?;
        for &a in &plan {
            match a {
                Action::Donkey(Some(_)) => self.play_drawn(a)?,
                _ => self.play(a).ok()?,
            }
        }
        Some(plan)
    }

    /// The traps that may be sprung now: the squares of `cast_piece::interrupt_squares` where
    /// `interrupt_at` would play (the mover's turn can end, the invocation is open then) — what
    /// a host offers as buttons (a review found a trap offered that the rules then refused, a
    /// concert partner still in hand).
    pub fn springable_traps(&self) -> crate::bitboard::Bitboard {
        let mut out = crate::bitboard::Bitboard::EMPTY;
        for at in crate::special::cast_piece::interrupt_squares(&self.rules, &self.pos) {
            if self.interrupt_plan(at).is_some() {
                out.set(at);
            }
        }
        out
    }

    /// The actions `interrupt_at(at)` would play, tried on a copy; nothing changes.
    fn interrupt_plan(&self, at: crate::square::Square) -> Option<Vec<Action>> {
        if !crate::special::cast_piece::interrupt_squares(&self.rules, &self.pos).contains(at) {
            return None;
        }
        // Try it on a copy first: the mover's turn must be able to end and the trap be open.
        let mover = self.pos.turn();
        let mut copy = self.pos;
        let mut plan = Vec::new();
        while copy.turn() == mover && !copy.is_game_over() {
            if !copy.legal_actions(&self.rules).contains(&Action::EndTurn) {
                return None;
            }
            copy.play_unchecked(&self.rules, Action::EndTurn);
            plan.push(Action::EndTurn);
        }
        // The mover's Donkey moves on its own turn after the mover's (§2.0.23), before the
        // caster's turn begins: drawn as `roll` would draw it.
        if let Phase::DonkeyMove { .. } = copy.phase() {
            let mut out = Vec::new();
            crate::special::donkey::moves(&copy, &mut out);
            let donkey = if out == [Action::Donkey(None)] {
                Action::Donkey(None)
            } else {
                let r = Roll::draw(crate::dice::DiceMethod::StickDice, 5, &mut self.rng.clone());
                Action::Donkey(Some(r))
            };
            copy.play_unchecked(&self.rules, donkey);
            plan.push(donkey);
        }
        let invoke = Action::Invoke { at };
        if copy.turn() == mover || !copy.legal_actions(&self.rules).contains(&invoke) {
            return None;
        }
        plan.push(invoke);
        Some(plan)
    }

    /// Plays an action drawn from a copy of the generator, then advances the generator by the
    /// same draw (`advance_rng_for_roll`): undo rewinds to before the draw, so a rethrow lands
    /// the same, and redo and loading advance it identically.
    fn play_drawn(&mut self, a: Action) -> Option<()> {
        self.play(a).ok()?;
        self.advance_rng_for_roll();
        Some(())
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn start_position(&self) -> &Position {
        &self.start
    }

    pub fn legal_actions(&self) -> Vec<Action> {
        self.pos.legal_actions(&self.rules)
    }

    /// Plays one action if tenable.
    pub fn play(&mut self, action: Action) -> Result<(), Untenable> {
        let before = self.pos;
        self.pos.play(&self.rules, action)?;
        self.history.push((before, action));
        self.rng_history.push(self.rng.clone());
        self.marks.push(Mark::Tenable);
        self.redo.clear();
        Ok(())
    }

    /// Plays `action` if tenable; otherwise, when the agreed policy is not `Strict` and the
    /// action breaks only a range constraint (§2.0.22), plays it anyway so that the opponent
    /// may call it. Under `Strict` an untenable action is refused with the rule it breaks.
    pub fn attempt(&mut self, action: Action) -> Result<Attempt, Untenable> {
        match self.play(action) {
            Ok(()) => Ok(Attempt::Played),
            Err(why) => {
                if !crate::penalty::untenable_actions(&self.rules, &self.pos).contains(&action) {
                    return Err(why);
                }
                let before = self.pos;
                self.pos.play_unchecked(&self.rules, action);
                self.history.push((before, action));
                self.rng_history.push(self.rng.clone());
                self.marks.push(Mark::Untenable);
                self.redo.clear();
                Ok(Attempt::PlayedUntenable(why))
            }
        }
    }

    /// Whether an untenable action may be called now.
    pub fn callable(&self) -> bool {
        self.open_call().is_some()
    }

    /// How many actions the game had played when the turn holding the untenable action open to
    /// call began: what the offender did with more played — a press of the table clock after
    /// its first move or after the move called — came in that turn, and what was done with no
    /// more, before it.
    pub fn call_turn_began(&self) -> Option<usize> {
        let i = self.open_call()?;
        Some((0..=i).rev().find(|&j| self.opens_turn(j)).unwrap_or(0))
    }

    /// The history index of the untenable action open to call (§2.0.22 "only immediately after
    /// the move is made … If you make a move, you've lost your chance"): the last action, or
    /// the last before what is no move of the offender's — ending the turn, glare or a
    /// declaration after it, the Donkey's move that follows the turn (ruling R-UNTENABLE-CALL;
    /// a review found the offender's own ending of the turn closing the opponent's chance).
    fn open_call(&self) -> Option<usize> {
        // Not once a flag or a declaration ended the game (a review found a call after a
        // resignation taking the move back beneath it).
        if self.flagged.is_some() || !self.declared.is_empty() {
            return None;
        }
        // Back over the tenable actions that are no moves, to the untenable one; each must be
        // the offender's own or its Donkey's (a review found the caller's own glare or
        // declaration, a turn of its own, leaving the call open).
        let no_move = |a: &Action| {
            matches!(
                a,
                Action::EndTurn | Action::Glare { .. } | Action::Declare { .. } | Action::Donkey(_)
            )
        };
        let i = (0..self.marks.len())
            .rev()
            .find(|&i| self.marks[i] != Mark::Tenable || !no_move(&self.history[i].1))?;
        if self.marks[i] != Mark::Untenable {
            return None;
        }
        let offender = self.history[i].0.turn();
        self.history[i + 1..]
            .iter()
            .all(|(before, a)| match a {
                Action::Donkey(_) => {
                    matches!(before.phase(), Phase::DonkeyMove { placer } if placer == offender)
                }
                _ => before.turn() == offender,
            })
            .then_some(i)
    }

    /// The side whose untenable action may be called now (`callable`), if any.
    pub fn call_offender(&self) -> Option<Side> {
        self.open_call().map(|i| self.history[i].0.turn())
    }

    /// Calls the untenable action open to call (`callable`) and applies the agreed penalty
    /// (§2.0.22). What was played after it (the offender's ending of the turn, the Donkey's
    /// move) is taken back with it.
    pub fn call_untenable(&mut self) -> Option<Call> {
        let offender = self.call_offender()?;
        self.call_untenable_by(!offender)
    }

    /// `call_untenable`, called by `caller`: the offender's own call ("graciously", §2.0.22)
    /// under a Delayed Reset takes the move back and resets nothing — the reset is the
    /// non-offending player's to declare.
    pub fn call_untenable_by(&mut self, caller: Side) -> Option<Call> {
        let i = self.open_call()?;
        // What was undone before the call no longer follows from the position.
        self.redo.clear();
        Some(self.apply_call(i, caller == self.history[i].0.turn()))
    }

    /// Applies the agreed penalty to the untenable action at history index `i`, taking back
    /// what followed it; `by_offender`: the offender called it.
    fn apply_call(&mut self, i: usize, by_offender: bool) -> Call {
        let (before, action) = self.history[i];
        let after = self.history.get(i + 1).map_or(self.pos, |h| h.0);
        // The position before the Self's move, when this is its concert partner's move from
        // the hand (the penalty may take both back).
        let concert_start = before
            .lifted()
            .and_then(|_| i.checked_sub(1))
            .map(|j| self.history[j].0);
        let (result, call) = crate::penalty::call(
            &self.rules,
            &before,
            &after,
            &action,
            concert_start.as_ref(),
            by_offender,
        );
        if i + 1 < self.history.len() {
            self.rng = self.rng_history[i + 1].clone();
            self.history.truncate(i + 1);
            self.rng_history.truncate(i + 1);
            self.marks.truncate(i + 1);
        }
        if call.suffix().is_none() {
            // Taken back: it leaves no trace but the penalty count.
            self.history.pop();
            self.rng_history.pop();
            self.marks.pop();
        } else {
            self.marks[i] = Mark::Called(call);
        }
        self.pos = result;
        call
    }

    /// Plays one action token of a record, where untenable moves may appear: a move marked
    /// `U`/`Ut`/`U#` was called (the agreed penalty is applied again); an unmarked untenable move
    /// stood uncalled (§2.0.22, played with sand).
    pub fn play_token(&mut self, tok: &str, col: usize) -> Result<(), crate::errors::ParseError> {
        self.play_token_reporting(tok, col).map(|_| ())
    }

    /// `play_token`, saying which rule the token's action broke when it was played untenable.
    pub fn play_token_reporting(
        &mut self,
        tok: &str,
        col: usize,
    ) -> Result<Option<Untenable>, crate::errors::ParseError> {
        // The call's mark (`U`, `Ut`, `U#`) may follow any action (`R*Y1U`); `U` is never a
        // piece letter.
        let whole = tok;
        let core = ["Ut", "U#", "U"]
            .into_iter()
            .find_map(|m| tok.strip_suffix(m).map(|c| (c, m)));
        let (tok, written) = match core {
            Some((c, m)) if !c.is_empty() => (c, Some(m)),
            _ => (tok, None),
        };
        let san = notation::San::parse_at(tok, col)?;
        // One call's mark: a second one written after the first (`DW12UU`, `DW12UtU`) is a
        // mark written twice, refused as the notation refuses it (a review found it read as
        // one `U`).
        if written.is_some()
            && let notation::San::Move(m) = &san
            && m.untenable.is_some()
        {
            return Err(crate::errors::ParseError::new(
                col,
                whole,
                "'U' is written twice after one move: one call's mark (`U`, `Ut` or `U#`)",
            ));
        }
        let written = written.or(match &san {
            notation::San::Move(m) => m.untenable.map(|lost| if lost { "Ut" } else { "U" }),
            _ => None,
        });
        let marked = written.is_some();
        let legal = self.legal_actions();
        let strict_err = if marked {
            None
        } else {
            match san.resolve(&self.rules, &self.pos, &legal, col) {
                Ok(a) => {
                    return self
                        .play(a)
                        .map(|()| None)
                        .map_err(|e| crate::errors::ParseError::new(col, tok, e.to_string()));
                }
                Err(e) => Some(e),
            }
        };
        // The trap sprung in the middle of the opponent's turn (§2.0.18 "even interrupting a
        // double-move in process"): typed as the caster's invocation, it ends the mover's turn
        // where it stands, as the app's button does (a review found `~W6` refused as no trap
        // of the mover's).
        if !marked
            && let notation::San::Invoke(at) = san
            && self.interrupt_plan(at).is_some()
        {
            return match self.interrupt_at(at) {
                Some(_) => Ok(None),
                None => Err(crate::errors::ParseError::new(
                    col,
                    tok,
                    "the trap could not be sprung now (§2.0.18)",
                )),
            };
        }
        // Glare or a declaration after the first move of a possible double-move declines the
        // second move (ruling R-GLARE-WHEN), after an untenable first move too: `LW7 !$tY9`.
        if !marked
            && matches!(
                self.pos.phase(),
                Phase::Second { .. }
                    | Phase::Distraction { .. }
                    | Phase::Hirakamae { .. }
                    | Phase::Reclaim { .. }
            )
        {
            let mut q = self.pos;
            q.play_unchecked(&self.rules, Action::EndTurn);
            let legal = q.legal_actions(&self.rules);
            if q.turn() == self.pos.turn()
                && let Ok(a @ (Action::Glare { .. } | Action::Declare { .. })) =
                    san.resolve(&self.rules, &q, &legal, col)
            {
                let err = |e: Untenable| crate::errors::ParseError::new(col, tok, e.to_string());
                return self.whole_or_nothing(|g| {
                    g.play(Action::EndTurn).map_err(err)?;
                    g.play(a).map(|()| None).map_err(err)
                });
            }
        }
        // The Donkey's throw written after its placer's turn (the record puts it there), when
        // that turn's optional second move was declined — after an untenable move too.
        if let notation::San::Donkey(_) = san
            && let Some((_, ended)) =
                notation::donkey_after_turn(&self.rules, &self.pos, self.pos.turn())
            && ended > 0
        {
            let err = |e: Untenable| crate::errors::ParseError::new(col, tok, e.to_string());
            // Refused, the token leaves the turn open as it was (a review found the turn ended
            // on the companion's live game by a throw the rules then refused).
            return self.whole_or_nothing(|g| {
                for _ in 0..ended {
                    g.play(Action::EndTurn).map_err(err)?;
                }
                let legal = g.legal_actions();
                let a = san.resolve(&g.rules, &g.pos, &legal, col)?;
                g.play(a).map(|()| None).map_err(err)
            });
        }
        let untenable = crate::penalty::untenable_actions(&self.rules, &self.pos);
        let a = match san.resolve(&self.rules, &self.pos, &untenable, col) {
            Ok(a) => a,
            // A tenable move marked called: no call is open for it (a review found the mark
            // ignored where the turn read as tenable).
            Err(_)
                if let Some(w) = written
                    && san.resolve(&self.rules, &self.pos, &legal, col).is_ok() =>
            {
                return Err(crate::errors::ParseError::new(
                    col,
                    whole,
                    format!(
                        "the record marks the move called (`{w}`), but it is not open to call here: it is tenable"
                    ),
                ));
            }
            Err(e) => return Err(strict_err.unwrap_or(e)),
        };
        let Some(w) = written else {
            return match self
                .attempt(a)
                .map_err(|e| crate::errors::ParseError::new(col, tok, e.to_string()))?
            {
                Attempt::PlayedUntenable(why) => Ok(Some(why)),
                Attempt::Played => Ok(None),
            };
        };
        // A marked token is checked after it is played and called: refused, the game is put
        // back as it was (the companion types onto the live game).
        self.whole_or_nothing(|g| g.play_marked(a, w, col, tok, whole))
    }

    /// Plays `a` (written `whole`, its call marked `w`), calls it, and checks the call gives
    /// that mark.
    fn play_marked(
        &mut self,
        a: Action,
        w: &str,
        col: usize,
        tok: &str,
        whole: &str,
    ) -> Result<Option<Untenable>, crate::errors::ParseError> {
        self.attempt(a)
            .map_err(|e| crate::errors::ParseError::new(col, tok, e.to_string()))?;
        // The mark says how the call went (§2.0.R5: `U`, `Ut` lost by piece penalty, `U#`
        // checkmate by penalty); the agreed penalty must give the same, or the record was played
        // under other terms and replaying it on would go astray (a review found a `U#` taken
        // back under the default terms, the next turn read as the offender's).
        let call = self.call_untenable();
        let given = call.and_then(|c| c.suffix());
        if given != Some(w) {
            let why = match (call, given) {
                (None, _) => format!(
                    "the record marks the move called (`{w}`), but it is not open to call here"
                ),
                (Some(_), None) => format!(
                    "the record marks the move called (`{w}`), but under the agreed penalty ({:?}) a call takes it back unmarked: the record was played under other terms (its [Rules] header)",
                    self.rules.options.untenable
                ),
                (Some(_), Some(g)) => format!(
                    "the record marks the call `{w}`, but the agreed penalty ({:?}) gives `{g}`: the record was played under other terms (its [Rules] header)",
                    self.rules.options.untenable
                ),
            };
            return Err(crate::errors::ParseError::new(col, whole, why));
        }
        // Called, it does not stand: no uncalled untenable move to report (a review found a
        // called move reported "not called: it stands").
        Ok(None)
    }

    /// Runs `f`, which may play several actions: refused, the game is as it was before (rng,
    /// history, marks and redo included), so a token played onto the live game changes nothing
    /// unless it is played whole.
    fn whole_or_nothing<T>(
        &mut self,
        f: impl FnOnce(&mut Game) -> Result<T, crate::errors::ParseError>,
    ) -> Result<T, crate::errors::ParseError> {
        let kept = self.clone();
        let result = f(self);
        if result.is_err() {
            *self = kept;
        }
        result
    }

    /// How each played action stands (§2.0.22), in order.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// Undoes the last action; the position and its hash are exactly as before it.
    /// Drops what undo left to redo (a refused turn taken back is nothing to redo).
    pub(crate) fn forget_redo(&mut self) {
        self.redo.clear();
    }

    pub fn undo(&mut self) -> Option<Action> {
        let (before, action) = self.history.pop()?;
        // A flag's ending stands after the last action: it goes with it, as a declared one.
        self.flagged = None;
        self.declared.clear();
        let mark = self.marks.pop().unwrap_or(Mark::Tenable);
        self.pos = before;
        if let Some(r) = self.rng_history.pop() {
            self.rng = r;
        }
        self.redo.push((action, mark));
        Some(action)
    }

    /// Undoes back to the start of the current turn, or of the previous turn if at a start.
    pub fn undo_turn(&mut self) -> bool {
        let mut any = false;
        while !self.history.is_empty() {
            let at_start = self.opens_turn(self.history.len() - 1);
            self.undo();
            any = true;
            if at_start {
                break;
            }
        }
        any
    }

    /// The action `redo` would play again, if any.
    pub fn next_redo(&self) -> Option<Action> {
        self.redo.last().map(|r| r.0)
    }

    /// Plays again the last undone action (not after a flag's ending: the game is over), as it
    /// stood: an untenable move still open to call, a called one with its penalty again.
    pub fn redo(&mut self) -> Option<Action> {
        // After a flag's or a declared ending the game is over: nothing is played on top.
        if self.flagged.is_some() || !self.declared.is_empty() {
            return None;
        }
        let (a, mark) = self.redo.pop()?;
        let before = self.pos;
        self.rng_history.push(self.rng.clone());
        self.pos.play_unchecked(&self.rules, a);
        self.history.push((before, a));
        self.marks.push(match mark {
            Mark::Tenable => Mark::Tenable,
            Mark::Untenable | Mark::Called(_) => Mark::Untenable,
        });
        // Advance the generator as the original draw did.
        self.advance_rng_for_roll();
        if let Mark::Called(_) = mark {
            // The rest of the redo stack stays: the call is replayed as it stood.
            // (A recorded call is the opponent's: the offender's own reverts, leaving none.)
            self.apply_call(self.history.len() - 1, false);
        }
        Some(a)
    }

    pub fn actions(&self) -> impl Iterator<Item = &(Position, Action)> {
        self.history.iter()
    }

    /// The played turns in notation, each with the position it was played from. Called
    /// untenable moves carry their mark (`U`, `Ut`, `U#`, §2.0.R5).
    pub fn turns_notation(&self) -> Vec<(Position, String)> {
        let mut out: Vec<(Position, Vec<String>)> = Vec::new();
        for (i, (before, _)) in self.history.iter().enumerate() {
            // A game begun from a position in mid-turn writes that turn's rest first (a review
            // found it left out, and the save refusing to load).
            if self.opens_turn(i) || out.is_empty() {
                out.push((*before, Vec::new()));
            }
            if let Some(t) = self.action_written(i)
                && let Some(last) = out.last_mut()
            {
                last.1.push(t);
            }
        }
        // A turn that only ended (a game begun mid-turn, its second move declined) is written
        // as the pass it reads back as (§2.0.R5 "--- pass"; a review found it written as
        // nothing, the next turn read in its place).
        out.into_iter()
            .map(|(p, toks)| {
                let text = if toks.is_empty() {
                    "---".to_string()
                } else {
                    toks.join(" ")
                };
                (p, text)
            })
            .collect()
    }

    /// Action `i` of the history in notation, as the record writes it: from the position it was
    /// played in, a called untenable move with its mark (`U`, `Ut`, `U#`, §2.0.R5); `None` for
    /// the turn's end, which is not written.
    pub fn action_written(&self, i: usize) -> Option<String> {
        let (before, a) = self.history.get(i)?;
        if *a == Action::EndTurn {
            return None;
        }
        let mut legal = before.legal_actions(&self.rules);
        // An untenable action (played with sand) is told apart from its untenable rivals too,
        // which the reader resolves it among (a review found two constrained pieces of one kind
        // written alike, and the save refused) — under Strict rules too, where a record's move
        // stood and the reader reads it with sand (a review found it written alike there).
        if !legal.contains(a) {
            legal.extend(crate::penalty::untenable_rivals(&self.rules, before));
        }
        let mut t = notation::San::of_action(&self.rules, before, &legal, a).to_string();
        if let Some(Mark::Called(c)) = self.marks.get(i)
            && let Some(sfx) = c.suffix()
        {
            t = t.trim_end_matches('#').to_string();
            t.push_str(sfx);
        }
        Some(t)
    }

    /// Whether action `i` of the history opens a turn of the record: it starts a turn, and is
    /// not the offender's move made again after a time penalty (§2.0.22 "The move is reset"),
    /// which stays in the turn of the move called (`$X9U $X8`), nor the offender's first move
    /// after a Delayed Reset (the offender moves next, R-UNTENABLE-CALL: `GW7U SY5`; a review
    /// found it written in the opponent's column, every later pair shifted).
    fn opens_turn(&self, i: usize) -> bool {
        let retried = i > 0
            && matches!(
                self.marks.get(i - 1),
                Some(Mark::Called(Call::TimePenalty | Call::Reset))
            );
        self.history[i].0.at_turn_start() && !retried
    }

    /// The turn (its index as `turns_notation` and `turns_untenable` group them) holding the
    /// untenable action still open to call (§2.0.22 "only immediately after the move is made"),
    /// if any: until the call lapses the move does not yet stand.
    pub fn open_call_turn(&self) -> Option<usize> {
        let i = self.open_call()?;
        Some(
            (0..=i)
                .filter(|&j| j == 0 || self.opens_turn(j))
                .count()
                .saturating_sub(1),
        )
    }

    /// The rule the action open to call breaks (§2.0.22) — the turn's last untenable action,
    /// where `turns_untenable` names its first.
    pub fn open_call_reason(&self) -> Option<String> {
        let (before, a) = self.history.get(self.open_call()?)?;
        Some(crate::untenable::explain(&self.rules, before, a).to_string())
    }

    /// For each played turn (as `turns_notation` groups them), the rule its first uncalled
    /// untenable action breaks — a move played with sand that nobody called, which stands
    /// (§2.0.22) — or `None`.
    pub fn turns_untenable(&self) -> Vec<Option<String>> {
        let mut out: Vec<Option<String>> = Vec::new();
        for (i, (before, a)) in self.history.iter().enumerate() {
            if self.opens_turn(i) || out.is_empty() {
                out.push(None);
            }
            if self.marks.get(i) == Some(&Mark::Untenable)
                && let Some(last) = out.last_mut()
                && last.is_none()
            {
                *last = Some(crate::untenable::explain(&self.rules, before, a).to_string());
            }
        }
        out
    }

    /// The record as exported for replaying (`replay`, the app's Load record): the record,
    /// after a `[Position]` header when the game did not begin at the standard start, a
    /// `[Rules]` header when its options are not the defaults, and the armies' headers when
    /// either is not the standard set (a review found a game from a
    /// pasted position or a concealed setup exported with neither, so replayed from the wrong
    /// start).
    pub fn exported_record(&self) -> String {
        let mut s = String::new();
        let start = self.start_position();
        if *start != Position::start(&self.rules) {
            s.push_str(&format!("[Position \"{}\"]\n", start.to_text(&self.rules)));
        }
        if self.rules.options != crate::options::RuleOptions::default() {
            s.push_str(&format!("[Rules \"{}\"]\n", self.rules.options.to_ron()));
        }
        // The armies, when either is not the standard set, named as a save names them: a
        // replay under other armies is warned of by name, not refused at the first piece the
        // standard set lacks (a review found an Assassin's record refused as "no Ruin in
        // reserve").
        let standard = crate::piece_set::fingerprint(crate::piece_set::STANDARD_SET);
        if crate::side::Side::ALL
            .iter()
            .any(|&side| self.rules.set(side).fingerprint != standard)
        {
            for (side, who) in crate::side::Side::ALL.into_iter().zip(["White", "Black"]) {
                let set = self.rules.set(side);
                s.push_str(&format!("[{who}Set \"{}\"]\n", set.source.display()));
                s.push_str(&format!("[{who}SetName \"{}\"]\n", set.name));
                s.push_str(&format!("[{who}SetHash \"{:016x}\"]\n", set.fingerprint));
            }
        }
        s.push_str(&self.record());
        s
    }

    /// The whole game as a numbered record (`1. SY6, SX11; 2. …`), and an ending no move made
    /// as its last line: `[Ending "White out of time"]`, `[Ending "Black resigns"]`.
    pub fn record(&self) -> String {
        let turns = self.turns_notation();
        let first = turns
            .first()
            .map(|t| t.0.turns())
            .unwrap_or(self.pos.turns());
        let mut r =
            notation::write_record(&turns.into_iter().map(|t| t.1).collect::<Vec<_>>(), first);
        if let Some(e) = self.ending() {
            if !r.is_empty() && !r.ends_with('\n') {
                r.push('\n');
            }
            r.push_str(&format!("[Ending \"{e}\"]"));
        }
        r
    }
}
