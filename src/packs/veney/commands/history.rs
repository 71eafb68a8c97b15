//! Undo, redo and browsing the move list.
use super::Ctx;
use crate::packs::veney::game::Command;
use bevy::prelude::*;

/// The Obscurant Chaos traps sprung in the game in progress (§2.0.18, "interrupting a
/// double-move in process"): the history's length before and after each interruption (the
/// mover's turn ended where it stood, perhaps its Donkey's move, the invocation). An undo that
/// takes back part of one takes back the rest, so the interrupted turn is open again — a review
/// found the invocation alone undone, the computer's double move left cut short and the trap
/// unspent, to be sprung again.
#[derive(Resource, Default, Debug)]
pub struct Interruptions(
    pub Vec<(usize, usize)>,
    /// Those taken back whole, latest last: where each began and ended, and its first action.
    pub Vec<(usize, usize, veney_rules::Action)>,
);

impl Interruptions {
    /// Records the interruption that took the history from `start` to `end` actions.
    pub fn sprung(&mut self, start: usize, end: usize) {
        self.0.push((start, end));
        self.1.clear();
    }

    /// After an undo: an interruption partly taken back is taken back whole (and kept, the
    /// second list, to be redone whole).
    pub fn take_back(&mut self, game: &mut veney_rules::Game) {
        while let Some(&(start, end)) = self.0.last() {
            let len = game.actions().count();
            if len >= end {
                break;
            }
            let first = game.actions().nth(start).map(|(_, a)| *a);
            while game.actions().count() > start {
                if game.undo().is_none() {
                    break;
                }
            }
            self.0.pop();
            if let Some(first) = first {
                self.1.push((start, end, first));
            }
        }
    }

    /// Redo: an interruption taken back whole is played again whole (a review found it redone
    /// an action at a time, the turn it cut short ended by an `EndTurn` nobody chose, and a
    /// later undo taking back the invocation alone). Whether it was.
    pub fn redo(&mut self, game: &mut veney_rules::Game) -> bool {
        let Some(&(start, end, first)) = self.1.last() else {
            return false;
        };
        // Only where it was taken back, with its actions still the ones to redo (a game that
        // went another way since redoes its own); short of it, the plain redo goes towards it
        // and the interruption waits (a review found it dropped once undo had gone past its
        // start, then redone an action at a time).
        let count = game.actions().count();
        if count < start {
            return false;
        }
        if count != start || game.next_redo() != Some(first) {
            self.1.clear();
            return false;
        }
        self.1.pop();
        while game.actions().count() < end {
            if game.redo().is_none() {
                break;
            }
        }
        if game.actions().count() == end {
            self.0.push((start, end));
        }
        true
    }
}

/// Shows the position after this many turns (`None`: the live game).
pub(super) fn view(ctx: &mut Ctx, v: Option<usize>) {
    // The position after every turn of the list is the live one: viewing it is being live (a
    // review found the newest row's click, or ⏮ in a game with no turns, freezing the board in
    // a "review" of the live position, every click refused and the computer waiting).
    let turns = ctx.game.0.turns_notation().len();
    ctx.viewing.0 = v.filter(|&n| n < turns);
    ctx.sel.0 = None;
}

/// While an earlier position is shown, anything played on the board — a move, a roll, a guess,
/// a move typed in companion mode, springing the trap, calling an untenable move — and a hint
/// ask to return first (false: the command is spent), as in the grid games; anything else
/// (undo, redo, a load, a new game, an ending) returns to the live game and goes on (a review
/// found a typed move played during a review while a roll was refused).
pub(super) fn back_to_live(ctx: &mut Ctx, cmd: &Command) -> bool {
    if ctx.viewing.0.is_none() {
        return true;
    }
    if matches!(
        cmd,
        Command::Click(_)
            | Command::Play(_)
            | Command::Roll
            | Command::SelectReserve(_)
            | Command::SelectFree
            | Command::SelectDonkey
            | Command::Hide(_)
            | Command::Guess(_)
            | Command::Interrupt(_)
            | Command::CallUntenable
            | Command::CallOwnUntenable
            | Command::ComputerCall
            | Command::ComputerInterrupt(_)
            | Command::Enter(_)
            | Command::Hint
    ) {
        ctx.status.info = Some("viewing an earlier position — \"Return to live\" to play".into());
        return false;
    }
    ctx.viewing.0 = None;
    true
}

pub(super) fn undo(ctx: &mut Ctx) {
    // A fallen flag's ending goes first: the game plays on where it stopped (R-OUT-OF-TIME).
    if ctx.game.0.withdraw_out_of_time() {
        ctx.status.info = Some("the flag's ending is taken back: play on".into());
        return;
    }
    // So does a declared one (a resignation, an agreed draw, the Hug's settlement, which goes
    // back to the draw it settled), alone.
    if ctx.game.0.withdraw_declared() {
        ctx.hug.settled = None;
        ctx.status.info = Some("the declared ending is taken back".into());
        ctx.sel.0 = None;
        return;
    }
    match ctx.game.0.undo() {
        None => ctx.status.info = Some("nothing to undo".into()),
        // A turn's end moves nothing: its last move goes back with it, the turn open again (a
        // review found the first Undo after a turn changing nothing on the board). Redo brings
        // both back.
        Some(veney_rules::Action::EndTurn) => {
            if ctx.game.0.undo().is_some() {
                ctx.status.info =
                    Some("the turn's last move is taken back: the turn is open again".into());
            }
        }
        Some(_) => {}
    }
    ctx.sel.0 = None;
}

pub(super) fn redo(ctx: &mut Ctx) {
    if !redo_one(ctx) {
        ctx.status.info = Some("nothing to redo".into());
    } else if ctx.game.0.next_redo() == Some(veney_rules::Action::EndTurn)
        && !ctx
            .interruptions
            .1
            .last()
            .is_some_and(|&(start, ..)| start == ctx.game.0.actions().count())
    {
        // As undo took them back: the move, and the turn's end after it — unless that end is
        // a sprung trap's, cut short by it, redone whole on its own (`Interruptions::redo`).
        redo_one(ctx);
    }
    ctx.sel.0 = None;
}

/// Redoes the next undone action (a sprung trap whole); whether there was one. A Time Penalty
/// called in it is charged to the table clock again, as the call was (§2.0.22; its undo gave
/// the time back, `clock::penalty_lifted` — a review found the redone call left unpaid).
pub(super) fn redo_one(ctx: &mut Ctx) -> bool {
    let paid = |ctx: &Ctx| {
        veney_rules::Side::ALL
            .map(|s| veney_rules::penalty::time_penalties(ctx.game.0.position(), s))
    };
    let before = paid(ctx);
    let redone = ctx.interruptions.redo(&mut ctx.game.0) || ctx.game.0.redo().is_some();
    if redone && ctx.clock_kept.is_for(crate::host::screen::Screen::Veney) {
        let after = paid(ctx);
        for s in veney_rules::Side::ALL {
            for _ in before[s.index()]..after[s.index()] {
                ctx.clock
                    .write(crate::host::table_clock::ClockIntent::TimePenalty(
                        s.index(),
                        None,
                    ));
            }
        }
    }
    redone
}
