//! Chance and the moves outside one's turn: a Dagger Throw's sticks or the guess methods' hidden
//! pick (§2.0.08, §2.0.R1), where a cast piece lands (§2.0.18), the Donkey's move (§2.0.23), and
//! springing the Obscurant Chaos trap (§2.0.18).
use super::Ctx;
use crate::packs::veney::game::Played;
use veney_rules::{Action, Phase};

/// Throws the sticks, lands the cast piece, or moves the Donkey, from the game's seeded
/// generator.
pub(super) fn roll(ctx: &mut Ctx) {
    let before = *ctx.game.0.position();
    // Nothing is thrown once the game is over (the rules refuse it too): no hidden pick drawn,
    // no earlier action announced again (a review found both after a resignation).
    if before.is_game_over() {
        ctx.status.refusal = Some("the game is over: nothing more is thrown".into());
        return;
    }
    let played_before = ctx.game.0.actions().count();
    // The guess methods (§2.0.R1): the dice stand in for the defender's hidden pick only; the
    // thrower still guesses (a review found them guessing for the thrower too). Drawn afresh
    // each time (`secrets::dice_hide`), not from the game's generator, which undo rewinds.
    if let Some(veney_rules::dice::Roll::Guess { choices, .. }) = ctx.game.0.next_roll() {
        let hidden = crate::packs::veney::secrets::dice_hide(&ctx.game.0, &mut ctx.draws, choices);
        ctx.hidden.0 = Some(hidden);
        ctx.status.info = Some("the game's dice hid the token".into());
        return;
    }
    let action = if let Phase::DonkeyMove { .. } = before.phase() {
        ctx.game.0.roll();
        // The Donkey's move, only if one was played now.
        (ctx.game.0.actions().count() > played_before)
            .then(|| ctx.game.0.actions().last().map(|(_, a)| *a))
            .flatten()
    } else if let Some(r) = ctx.game.0.roll() {
        Some(Action::Roll(r))
    } else {
        ctx.game.0.land().map(Action::Land)
    };
    match action {
        Some(action) => {
            // The log of throws (companion mode): rolled by the app.
            let (what, result) =
                crate::packs::veney::companion::throw_words(&ctx.game.0, &before, &action);
            ctx.companion.roller.log_game(what, result, false);
            let after = *ctx.game.0.position();
            ctx.played.write(Played {
                before,
                action,
                after,
                rules: crate::packs::veney::game::Played::rules_id(&ctx.game.0.rules),
            });
        }
        None => ctx.status.refusal = Some("there is no throw or cast to resolve".into()),
    }
}

/// The defender hides the token (§2.0.R1).
pub(super) fn hide(ctx: &mut Ctx, place: u8) {
    if let Phase::Throw { .. } = ctx.game.0.position().phase() {
        ctx.hidden.0 = Some(place);
    } else {
        ctx.status.refusal = Some("there is no throw to hide a token for".into());
    }
}

/// The thrower guesses; the roll is played (§2.0.R1).
pub(super) fn guess(ctx: &mut Ctx, guess: u8) {
    let before = *ctx.game.0.position();
    let sticks =
        veney_rules::special::dagger_throw::sticks(&ctx.game.0.rules, &before, before.turn());
    match (ctx.hidden.0.take(), sticks) {
        (Some(h), Some(n)) => {
            let choices = ctx.game.0.rules.options.dice.guess_places(n).unwrap_or(1);
            let roll = veney_rules::dice::Roll::Guess {
                choices,
                hidden: h,
                guess,
            };
            match ctx.game.0.enter_roll(roll) {
                Ok(()) => {
                    // The log of throws keeps the guess as it keeps the sticks (a review found
                    // it announced but not logged).
                    let (what, result) = crate::packs::veney::companion::throw_words(
                        &ctx.game.0,
                        &before,
                        &Action::Roll(roll),
                    );
                    ctx.companion.roller.log_game(what, result, false);
                    let after = *ctx.game.0.position();
                    ctx.played.write(Played {
                        before,
                        action: Action::Roll(roll),
                        after,
                        rules: crate::packs::veney::game::Played::rules_id(&ctx.game.0.rules),
                    });
                }
                Err(e) => ctx.status.refusal = Some(e.to_string()),
            }
        }
        _ => ctx.status.refusal = Some("the defender hides the token first (§2.0.R1)".into()),
    }
}

/// The caster springs the Obscurant Chaos trap in the middle of the opponent's turn.
pub(super) fn interrupt(ctx: &mut Ctx, at: veney_rules::Square, by_computer: bool) {
    match ctx.game.0.interrupt_at(at) {
        Some(acts) => {
            // The steps for animation and sound, from the game's own history.
            let total = ctx.game.0.actions().count();
            ctx.interruptions
                .sprung(total.saturating_sub(acts.len()), total);
            // The chance the trap played on (the Donkey's throw after the turn it ended) is
            // logged as every other throw is.
            log_chance_since(ctx, total.saturating_sub(acts.len()));
            ctx.announce_since(total.saturating_sub(acts.len()));
            ctx.status.info = Some(if by_computer {
                let caster = ctx.game.0.position().turn();
                format!(
                    "{caster} springs its Obscurant Chaos trap on {at}: the piece there is lost (§2.0.18)"
                )
            } else {
                "the trap is sprung: reposition the Self and a blade, or make a normal turn instead"
                    .into()
            });
        }
        None => {
            ctx.status.refusal = Some(format!("there is no trap to spring on {at} now (§2.0.18)"))
        }
    }
}

/// Logs the throws and landings among the actions played since the `n`th (the log of throws).
fn log_chance_since(ctx: &mut Ctx, n: usize) {
    let chance: Vec<_> = (ctx.game.0.actions().skip(n))
        .filter(|(_, a)| matches!(a, Action::Roll(_) | Action::Donkey(_) | Action::Land(_)))
        .map(|(at, a)| (*at, *a))
        .collect();
    for (at, a) in chance {
        let (what, result) = crate::packs::veney::companion::throw_words(&ctx.game.0, &at, &a);
        ctx.companion.roller.log_game(what, result, false);
    }
}
