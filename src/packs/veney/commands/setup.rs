//! A concealed or in-turns setup in progress (§2.0.19): it takes the board's clicks until the
//! game begins. The session (`setup_screen`) asks the rules crate where each piece may stand.
use super::Ctx;
use crate::packs::veney::game::Command;
use veney_rules::Game;

/// Applies `cmd` to the setup in progress. Returns whether the command is spent; a new game, a
/// load or a pasted position abandons the setup and goes on as usual (false).
pub(super) fn apply(ctx: &mut Ctx, cmd: &Command) -> bool {
    let Some(session) = ctx.setup.0.as_mut() else {
        return false;
    };
    let mut changed = true;
    match cmd {
        // Only a piece still to set up is picked: the tray shows the reserve too (§2.0.19).
        Command::SetupPick(k) => {
            let side = session.side();
            if session.handover || session.remaining(side).contains(k) {
                session.selected = Some(*k);
            } else {
                ctx.status.refusal = Some(veney_rules::setup_styles::not_to_set_up(
                    &session.rules,
                    side,
                    *k,
                ));
                changed = false;
            }
        }
        Command::Click(sq) => {
            if !session.take_back(*sq)
                && let Err(e) = session.place(*sq)
            {
                ctx.status.refusal = Some(e);
                changed = false;
            }
        }
        Command::SetupHandover => session.handed_over(),
        // The last piece set down goes back to hand (§2.0.19 step 1's friendly revision).
        Command::Undo => match session.undo() {
            Some(note) => ctx.status.info = Some(note),
            None => {
                ctx.status.refusal = Some("no piece of this setup to take back".into());
                changed = false;
            }
        },
        Command::SetupReady => {
            if session.complete() {
                match session.begin() {
                    Ok((g, first)) => {
                        ctx.setup.0 = None;
                        ctx.replace_game(g);
                        ctx.status.info =
                            Some(format!("both stances revealed: {first} moves first"));
                        return true;
                    }
                    Err(e) => ctx.status.refusal = Some(e),
                }
            } else if !session.finish_arranging() {
                ctx.status.refusal = Some(format!("{} still has pieces to set up", session.side()));
                changed = false;
            }
        }
        // Abandoned only if the new game, load or position takes (`commands::apply`).
        // (A record loaded too: README "Load record… keeps the game it replaces …, as Load
        // does"; a review found it refused as "finish the setup first".)
        Command::NewGame
        | Command::NewGameWith(..)
        | Command::NewGameDrawn(..)
        | Command::Load(_)
        | Command::LoadRecordFile(_)
        | Command::LoadRecordText(_)
        | Command::SetPosition(_) => return false,
        _ => {
            ctx.status.info = Some("finish the setup first".into());
            return true;
        }
    }
    // The board shows what the player at it may see of the stances.
    if changed && let Some(session) = ctx.setup.0.as_ref() {
        let shown =
            Game::from_position_seeded(session.rules.clone(), session.shown(), session.seed);
        ctx.game.0 = shown;
        ctx.interruptions.0.clear();
        ctx.interruptions.1.clear();
    }
    true
}
