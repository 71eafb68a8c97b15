//! Companion mode: one action typed in the rulebook's notation (§2.0.R5), as the players made it
//! on a real board. The rules crate reads and judges it (`Game::play_token_reporting`, the same
//! reader as a record's): a tenable action is played; an untenable one is played with sand when
//! the agreed policy allows (§2.0.22) and the opponent may call it; otherwise nothing is played
//! and the refusal names the rule. A throw typed as it landed (`@ooxo`) is a throw by hand: the
//! game's generator advances as a drawn one would, and the log keeps it.
use super::Ctx;
use crate::host::companion::{Announce, EntryVerdict, Roller, Verdict};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use veney_rules::Action;

/// What companion mode adds to the commands' context.
#[derive(SystemParam)]
pub struct CompanionParts<'w> {
    pub verdict: ResMut<'w, EntryVerdict>,
    pub announce: MessageWriter<'w, Announce>,
    pub roller: ResMut<'w, Roller>,
}

/// Plays (or refuses) one typed action.
pub(super) fn enter(ctx: &mut Ctx, text: &str) {
    let text = text.trim();
    let n = ctx.game.0.actions().count();
    match ctx.game.0.play_token_reporting(text, 1) {
        Ok(why) => {
            let last = ctx.game.0.actions().last().map(|(p, a)| (*p, *a));
            if let Some((at, a @ (Action::Roll(_) | Action::Donkey(Some(_)) | Action::Land(_)))) =
                last
            {
                // Entered as it landed on the table: the generator moves on as if it had drawn
                // it, so later throws and a reloaded save land the same.
                ctx.game.0.advance_rng_for_roll();
                let (what, result) =
                    crate::packs::veney::companion::throw_words(&ctx.game.0, &at, &a);
                ctx.companion.roller.log_game(what, result, true);
            }
            ctx.announce_since(n);
            ctx.companion.verdict.0 = Some(match why {
                None => Verdict::Tenable(text.into()),
                Some(u) => {
                    ctx.status.info = Some(format!(
                        "played with sand — untenable: {} ({}). The opponent may call it.",
                        u.reason, u.section
                    ));
                    Verdict::Untenable {
                        text: text.into(),
                        why: format!("{} ({})", u.reason, u.section),
                    }
                }
            });
            ctx.sel.0 = super::select::partner_in_hand(ctx);
        }
        Err(e) => {
            ctx.status.refusal = Some(e.message.clone());
            ctx.companion.verdict.0 = Some(Verdict::Refused {
                text: text.into(),
                why: e.message,
            });
        }
    }
}
