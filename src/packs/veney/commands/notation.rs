//! Companion mode: one action (or a whole turn) typed in the rulebook's notation (§2.0.R5), as
//! the players made it on a real board. The rules crate reads and judges it (`Game::play_token_reporting`, the same
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
    pub called: ResMut<'w, crate::packs::veney::companion::CallMade>,
}

/// Plays (or refuses) what was typed: one action, or a whole turn of actions separated by spaces
/// (`SY5 $X7`), each judged in turn; a refusal stops there and says which action it was.
///
/// Against the computer chance is the game's own: a throw, cast landing, Donkey move or guess
/// typed in is refused (a review found a person typing `@ooooo` for a hit, or a guess roll that
/// skipped the computer's hidden pick). Between people on a real board a throw typed as it
/// landed stands.
pub(super) fn enter(
    ctx: &mut Ctx,
    text: &str,
    seats: &crate::packs::veney::computer::VeneyComputer,
) {
    let against_computer = seats.any();
    let text = text.trim();
    // A hidden pick waits (the Hug's, a guess's hiding): what was typed is not shown back where
    // both players read the verdict (a review found "betray" left on the shared screen).
    // (A guess's result typed whole, nothing hidden yet, is the reveal itself: it stands.)
    if crate::packs::veney::secrets::hug_open(&ctx.game.0, &ctx.hug)
        || (crate::packs::veney::secrets::guess_open(&ctx.game.0).is_some()
            && ctx.hidden.0.is_some())
    {
        let why = "a hidden pick waits: it is made in its own window, each player's unseen by the other (§2.0.23 Hug, §2.0.R1) — nothing typed here".to_string();
        ctx.status.refusal = Some(why.clone());
        ctx.companion.verdict.0 = Some(Verdict::Refused {
            text: "(not shown)".into(),
            why,
        });
        return;
    }
    let mut untenable = None;
    let mut called = None;
    let mut played = 0;
    for (tok, col) in veney_rules::notation::tokens(text, 1) {
        let chance = matches!(
            game_api::Game::decision(
                &veney_rules::VeneyGame::new(ctx.game.0.rules.clone()),
                ctx.game.0.position()
            ),
            game_api::Decision::Chance
        );
        let step = if against_computer && chance {
            Err(format!(
                "`{tok}`: against the computer the game's dice decide (§2.0.R1): press R or the throw button"
            ))
        } else {
            one(ctx, tok, col, seats)
        };
        match step {
            Ok(Step::Played) => played += 1,
            Ok(Step::Untenable(u)) => {
                untenable = Some(u);
                played += 1;
            }
            Ok(Step::Called(what)) => {
                called = Some(what);
                played += 1;
            }
            Err(why) => {
                let why = if played > 0 {
                    format!("{why} (the {played} action(s) before it stand)")
                } else {
                    why
                };
                ctx.status.refusal = Some(why.clone());
                ctx.companion.verdict.0 = Some(Verdict::Refused {
                    text: tok.into(),
                    why,
                });
                return;
            }
        }
    }
    ctx.companion.verdict.0 = Some(match (untenable, called) {
        (None, None) => Verdict::Tenable(text.into()),
        // Its status line and caption are the call's own (`endings::after_call`).
        (None, Some(what)) => Verdict::Called {
            text: text.into(),
            what,
        },
        (Some(u), _) => {
            // The call is open only right after the untenable move (R-UNTENABLE-CALL: "If you
            // make a move, you've lost your chance"; a review found it offered after a later
            // move of the same line).
            ctx.status.info = Some(if ctx.game.0.callable() {
                format!("played with sand — untenable: {u}. The opponent may call it.")
            } else {
                format!(
                    "played with sand — untenable: {u}; the move after it closed the call (§2.0.22)"
                )
            });
            Verdict::Untenable {
                text: text.into(),
                why: u,
            }
        }
    });
}

/// How one typed action went.
enum Step {
    Played,
    /// Played with sand, the rule it breaks.
    Untenable(String),
    /// Written with its call's mark (`$X9U`, §2.0.R5): played and called; what the call did.
    Called(String),
}

/// The move a token marked called (`$X9U`, `$X9Ut`, `$X9U#`) writes, without its mark.
fn unmarked(tok: &str) -> Option<&str> {
    let t = tok.trim_end_matches('#');
    t.strip_suffix("Ut").or_else(|| t.strip_suffix('U'))
}

/// One action token: played (with the rule it breaks when played with sand, or the call its
/// mark made), or the reason it is not.
fn one(
    ctx: &mut Ctx,
    tok: &str,
    col: usize,
    seats: &crate::packs::veney::computer::VeneyComputer,
) -> Result<Step, String> {
    let n = ctx.game.0.actions().count();
    // Against the computer the call is the computer's to make, or the person's own with the
    // Call button (§2.0.22 "graciously"): a mark typed would call it in the computer's name (a
    // review found a Delayed Reset declared so, against the computer's choice).
    if seats.any() && unmarked(tok).is_some() {
        return Err(format!(
            "`{tok}`: against the computer a call is not typed: type the move without its mark; the computer calls it, or press Call to call your own"
        ));
    }
    // A move typed with its call's mark is played and called by the rules' reader; what the
    // call did is worked out on a copy, so the clock and the words follow as for a call made
    // with the button (a review found the clock uncharged and "may call it" said of it).
    let marked = unmarked(tok).map(|m| (m, ctx.game.0.clone(), ctx.game.0.position().turn()));
    let before = seats.any().then(|| ctx.game.0.clone());
    let why = ctx
        .game
        .0
        .play_token_reporting(tok, col)
        .map_err(|e| e.message)?;
    // The trap typed in the middle of the opponent's turn ends that turn and invokes: one
    // interruption, taken back whole as the button's is.
    let total = ctx.game.0.actions().count();
    if total > n + 1
        && ctx
            .game
            .0
            .actions()
            .skip(n)
            .any(|(_, a)| matches!(a, Action::Invoke { .. }))
    {
        ctx.interruptions.sprung(n, total);
    }
    // Against the computer every action the token played is the person's own and no chance:
    // the reader may end the turn itself (a Donkey's throw written after its placer's move), and
    // a whole typed line runs on into the next turn (a review found `SY5 --- eX10` playing the
    // computer's reply, and `SY5 K@ooooo` the person's choice of the Donkey's sticks).
    if let Some(before) = before {
        let refusal = ctx.game.0.actions().skip(n).find_map(|(p, a)| {
            if matches!(a, Action::Roll(_) | Action::Donkey(Some(_)) | Action::Land(_)) {
                Some(format!(
                    "`{tok}`: against the computer the game's dice decide (§2.0.R1): press R or the throw button"
                ))
            } else if seats
                .plays(crate::packs::veney::computer::acting_side(p))
                .is_some()
            {
                Some(format!(
                    "`{tok}`: the computer is to move: it plays its own side"
                ))
            } else {
                None
            }
        });
        if let Some(why) = refusal {
            ctx.game.0 = before;
            return Err(why);
        }
    }
    let last = ctx.game.0.actions().last().map(|(p, a)| (*p, *a));
    if let Some((at, a @ (Action::Roll(_) | Action::Donkey(Some(_)) | Action::Land(_)))) = last {
        // Entered as it landed on the table: the generator moves on as if it had drawn it, so
        // later throws and a reloaded save land the same.
        ctx.game.0.advance_rng_for_roll();
        let (what, result) = crate::packs::veney::companion::throw_words(&ctx.game.0, &at, &a);
        ctx.companion.roller.log_game(what, result, true);
    }
    ctx.announce_since(n);
    ctx.sel.0 = super::select::partner_in_hand(ctx);
    if let Some((move_alone, mut copy, offender)) = marked
        && copy.play_token_reporting(move_alone, col).is_ok()
    {
        let since = copy.call_turn_began();
        if let Some(c) = copy.call_untenable() {
            super::endings::after_call(ctx, c, Some(offender), None, since);
            return Ok(Step::Called(crate::packs::veney::companion::call_words(c)));
        }
    }
    Ok(match why {
        Some(u) => Step::Untenable(format!("{} ({})", u.reason, u.section)),
        None => Step::Played,
    })
}
