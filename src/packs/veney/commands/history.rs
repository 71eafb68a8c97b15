//! Undo, redo and browsing the move list.
use super::Ctx;
use crate::packs::veney::game::Command;

/// Shows the position after this many turns (`None`: the live game).
pub(super) fn view(ctx: &mut Ctx, v: Option<usize>) {
    ctx.viewing.0 = v;
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
    if ctx.game.0.undo().is_none() {
        ctx.status.info = Some("nothing to undo".into());
    }
    ctx.sel.0 = None;
}

pub(super) fn redo(ctx: &mut Ctx) {
    if ctx.game.0.redo().is_none() {
        ctx.status.info = Some("nothing to redo".into());
    }
    ctx.sel.0 = None;
}
