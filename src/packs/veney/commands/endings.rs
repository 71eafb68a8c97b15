//! The endings the players declare: resigning, calling an untenable move (§2.0.22), and the Hug
//! that settles a draw (§2.0.23).
use super::Ctx;

/// `side` resigns (the side to move, or against the computer the person). During the dying
/// move a checkmate stands: the mated side resigning acknowledges it (§2.0.20 "a victory is not
/// official until the loser either acknowledges it or leaves the board"), and the winner has
/// nothing to resign (a review found both silently ignored).
pub(super) fn resign(ctx: &mut Ctx, side: veney_rules::Side) {
    let pos = ctx.game.0.position();
    if pos.dying() == Some(side) {
        ctx.game.0.acknowledge();
        ctx.status.info = Some(format!("{side} acknowledges defeat (§2.0.20)"));
    } else if pos.dying().is_some() {
        ctx.status.refusal = Some(format!(
            "{side}'s checkmate by touch stands (§2.0.20): only {} may acknowledge it or make the dying move",
            !side
        ));
    } else if pos.outcome().is_some() {
        ctx.status.refusal = Some("the game is over".into());
    } else {
        ctx.game.0.resign(side);
    }
}

/// `side` offers a draw (§2.0.21 "Draw by agreement"); the computer declines at once and plays
/// on.
pub(super) fn offer_draw(ctx: &mut Ctx, side: veney_rules::Side, to_computer: bool) {
    if ctx.game.0.position().is_game_over() {
        ctx.status.refusal = Some("the game is over".into());
    } else if ctx.game.0.position().dying().is_some() {
        // (A review found the draw offered and "accepted" after a checkmate, which stood.)
        ctx.status.refusal = Some(
            "a checkmate by touch stands (§2.0.20): no draw now — the dying move, or defeat acknowledged"
                .into(),
        );
    } else if to_computer {
        ctx.status.info = Some("the computer declines the draw and plays on".into());
    } else {
        ctx.draw.0 = Some(side);
        // Under Shima "drawing the game is not an option; an attempt to draw by agreement … is
        // now equivalent to both players losing" (§2.0.18): said before anyone accepts (a
        // review found it offered and accepted as a plain draw, both losing unwarned).
        ctx.status.info = Some(if ctx.game.0.position().shima() {
            format!(
                "{side} offers a draw — under Shima (§2.0.18) a draw agreed is both players losing: {}, accept or decline",
                !side
            )
        } else {
            format!(
                "{side} offers a draw (§2.0.21): {}, accept or decline",
                !side
            )
        });
    }
}

/// The other player answers the draw offered: accepted, the game is drawn by agreement (and,
/// with the Hug agreed, settled by it, §2.0.23; under Shima both lose, §2.0.18).
pub(super) fn answer_draw(ctx: &mut Ctx, accept: bool) {
    match ctx.draw.0.take() {
        None => ctx.status.refusal = Some("no draw is offered".into()),
        Some(side) if accept => {
            let before = ctx.game.0.position().outcome();
            ctx.game.0.agree_draw();
            ctx.sel.0 = None;
            let after = ctx.game.0.position().outcome();
            ctx.status.info = Some(if after == before {
                "the game is over: no draw".to_string()
            } else if after == Some(veney_rules::outcome::Outcome::DoubleCheckmate) {
                format!(
                    "{} accepts the draw: under Shima both players lose (§2.0.18)",
                    !side
                )
            } else {
                format!("{} accepts the draw", !side)
            });
        }
        Some(side) => {
            ctx.status.info = Some(format!("{} declines the draw: play on", !side));
        }
    }
}

/// Calls the untenable move open to call; `by`: who called it, when known (against the
/// computer, the person), else the opponent of the move's maker.
pub(super) fn call_untenable(ctx: &mut Ctx, by: Option<veney_rules::Side>) {
    let offender = ctx.game.0.call_offender();
    let since = ctx.game.0.call_turn_began();
    let caller = by.or(offender.map(|o| !o));
    match caller.and_then(|c| ctx.game.0.call_untenable_by(c)) {
        Some(c) => after_call(ctx, c, offender, by, since),
        None => ctx.status.refusal = Some("there is no untenable move to call".into()),
    }
}

/// What a call `c` of `offender`'s move brings beside the board: the table clock's penalty or
/// press, the status line and companion mode's words — for a call typed with its mark too
/// (`$X9U`; a review found the clock left uncharged there). `since`: how many actions the game
/// had played when the offender's turn holding the move called began (`Game::call_turn_began`),
/// so the clock tells the offender's press in that turn from one of its turn before.
pub(super) fn after_call(
    ctx: &mut Ctx,
    c: veney_rules::penalty::Call,
    offender: Option<veney_rules::Side>,
    by: Option<veney_rules::Side>,
    since: Option<usize>,
) {
    let since = since.map(|n| n as u64);
    use crate::host::table_clock::ClockIntent;
    let to_move = ctx.game.0.position().turn();
    let ours = ctx.clock_kept.is_for(crate::host::screen::Screen::Veney);
    // §2.0.22 Time Penalty: the table clock takes it (the offender moves again).
    if !ours {
        // Another game's clock stands on the table: it is not Veney's to change.
    } else if c == veney_rules::penalty::Call::TimePenalty {
        ctx.clock
            .write(ClockIntent::TimePenalty(to_move.index(), since));
    } else if Some(to_move) == offender {
        // Called after the offender pressed (its turn ended): its turn comes back.
        ctx.clock
            .write(ClockIntent::TurnBack(to_move.index(), since));
    } else if let Some(o) = offender
        && !ctx.game.0.position().is_game_over()
    {
        // The offender's turn is skipped (or its piece lost) before it pressed: the
        // caller moves, so the offender's face is pressed for it (a review found the
        // offender's clock running on through the caller's turn).
        ctx.clock.write(ClockIntent::TurnEnded {
            seat: o.index(),
            screen: crate::host::screen::Screen::Veney,
        });
    }
    // In words, as companion mode says it (a review found the debug form shown:
    // "called: PieceLost(Square(21))").
    // A Time Penalty with no clock of this game's to take it from is said to take nothing (a
    // review found "a time penalty" claimed of a call that changed no clock).
    let unpaid =
        c == veney_rules::penalty::Call::TimePenalty && (!ours || ctx.table.clock.is_none());
    ctx.status.info = Some(format!(
        "called (§2.0.22): {}{}",
        crate::packs::veney::companion::call_words(c),
        if unpaid {
            " — but no clock of this game's is on the table, so no time is taken (Clock… sets one up)"
        } else {
            ""
        }
    ));
    ctx.companion.called.0 = true;
    // Companion mode announces the call and what it did.
    if let Some(offender) = offender {
        let caller = by.unwrap_or(!offender);
        let whose = if caller == offender {
            "their own".to_string()
        } else {
            format!("{offender}'s")
        };
        ctx.companion
            .announce
            .write(crate::host::companion::Announce(format!(
                "{caller} calls {whose} move untenable: {}",
                crate::packs::veney::companion::call_words(c)
            )));
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
