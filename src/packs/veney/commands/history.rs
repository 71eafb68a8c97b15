//! Undo, redo and browsing the move list.
use super::Ctx;
use crate::packs::veney::game::Command;

/// Shows the position after this many turns (`None`: the live game).
pub(super) fn view(ctx: &mut Ctx, v: Option<usize>) {
    ctx.viewing.0 = v;
    ctx.sel.0 = None;
}

/// While an earlier position is shown, a move asks to return first (false: the command is
/// spent); anything else returns to the live game and goes on.
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
