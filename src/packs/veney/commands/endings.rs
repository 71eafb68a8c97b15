//! The endings the players declare: resigning, calling an untenable move (§2.0.22), and the Hug
//! that settles a draw (§2.0.23).
use super::Ctx;

/// `side` resigns (the side to move, or against the computer the person).
pub(super) fn resign(ctx: &mut Ctx, side: veney_rules::Side) {
    ctx.game.0.resign(side);
}

pub(super) fn call_untenable(ctx: &mut Ctx) {
    let offender = ctx.game.0.call_offender();
    match ctx.game.0.call_untenable() {
        Some(c) => {
            use crate::host::table_clock::ClockIntent;
            let to_move = ctx.game.0.position().turn();
            // §2.0.22 Time Penalty: the table clock takes it (the offender moves again).
            if c == veney_rules::penalty::Call::TimePenalty {
                ctx.clock.write(ClockIntent::TimePenalty(to_move.index()));
            } else if Some(to_move) == offender {
                // Called after the offender pressed (its turn ended): its turn comes back.
                ctx.clock.write(ClockIntent::TurnBack(to_move.index()));
            }
            ctx.status.info = Some(format!("called: {c:?}"));
            // Companion mode announces the call and what it did.
            if let Some(offender) = offender {
                ctx.companion
                    .announce
                    .write(crate::host::companion::Announce(format!(
                        "{} calls {offender}'s move untenable: {}",
                        !offender,
                        crate::packs::veney::companion::call_words(c)
                    )));
            }
        }
        None => ctx.status.refusal = Some("there is no untenable move to call".into()),
    }
}

/// Black's hidden choice; White's was picked before (§2.0.23).
pub(super) fn hug(ctx: &mut Ctx, black: veney_rules::hug::HugChoice) {
    match ctx.hug.pick.take() {
        Some(white) => match ctx.game.0.hug(white, black) {
            Ok(o) => {
                ctx.status.info = Some(format!("the Hug: {o}"));
                ctx.hug.settled = Some(ctx.game.0.position().hash());
            }
            Err(why) => ctx.status.refusal = Some(why.to_string()),
        },
        None => ctx.status.refusal = Some("White chooses first (§2.0.23)".into()),
    }
}
