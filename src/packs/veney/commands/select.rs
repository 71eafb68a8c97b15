//! Picking up and clicking: selecting a board piece, a reserve piece, the free engagement or the
//! Donkey, and a click on a square that plays the legal action ending there — or, when several
//! legal actions from the selection end there, offers them to the player to choose (as
//! chessground asks for a promotion piece). Playing with sand (§2.0.22) and the reason a move is
//! refused come from the rules crate too.
use super::Ctx;
use crate::packs::veney::game::{
    Played, Selected, actions_from, explain_stuck, origin, picked_piece, target,
};
use veney_rules::{Action, Square};

fn name(ctx: &Ctx, side: veney_rules::Side, k: veney_rules::Kind) -> String {
    ctx.game.0.rules.set(side).piece(k).name().to_string()
}

/// Picks up a piece of this kind from the mover's reserve (to place it, §2.0.13).
pub(super) fn reserve(ctx: &mut Ctx, k: veney_rules::Kind) {
    // Nothing is placed once the game is over (a review found the tray's piece picked up on
    // the end screen).
    if ctx.game.0.position().is_game_over() {
        ctx.status.refusal = Some("the game is over: nothing more is placed".into());
        return;
    }
    let side = ctx.game.0.position().turn();
    if ctx.game.0.position().reserve(side, k) == 0 {
        ctx.status.refusal = Some(format!("you have no {} in reserve", name(ctx, side, k)));
        return;
    }
    ctx.sel.0 = Some(Selected::Reserve(k));
    if actions_from(&ctx.game.0, Selected::Reserve(k)).is_empty() {
        ctx.status.info = Some(explain_stuck(&ctx.game.0, Selected::Reserve(k)));
    }
}

/// After the Self landed on or lunged over its concert partner, that partner is in hand
/// (§2.0.02, R-CONCERT): it stays picked up, from the square it was lifted from, and the status
/// says where it must go. `None` otherwise.
pub(super) fn partner_in_hand(ctx: &mut Ctx) -> Option<Selected> {
    let l = ctx.game.0.position().lifted()?;
    ctx.status.info = partner_words(&ctx.game.0);
    Some(Selected::Board(l.from))
}

/// What the status says of the concert partner in hand, if one is (`partner_in_hand`; a resumed
/// game says it too).
pub fn partner_words(game: &veney_rules::Game) -> Option<String> {
    let pos = game.position();
    let l = pos.lifted()?;
    Some(format!(
        "concert: the {} is in hand (lifted from {}) — click where it goes",
        game.rules.set(pos.turn()).piece(l.kind).name(),
        l.from
    ))
}

/// What stays picked up after the person's move: the concert partner in hand
/// (`partner_in_hand`), else the piece that landed on a stepping stone and may move again
/// (§2.0.15, a Fire Dance square too), its second moves marked at once (README: "after the
/// first, the legal second moves are marked"; a review found the piece had to be clicked again).
pub(super) fn picked_after_move(ctx: &mut Ctx) -> Option<Selected> {
    if let Some(p) = partner_in_hand(ctx) {
        return Some(p);
    }
    in_hand(&ctx.game.0)
}

/// What the game in progress leaves in the mover's hand (`picked_after_move`, without its
/// words): the concert partner lifted, else the piece on its stepping stone with a second move.
pub fn in_hand(game: &veney_rules::Game) -> Option<Selected> {
    let pos = game.position();
    if let Some(l) = pos.lifted() {
        return Some(Selected::Board(l.from));
    }
    match pos.phase() {
        // After the move that ended hirakamae onto a stone, as after any stone (R-HIRAKAMAE).
        veney_rules::Phase::Second {
            stone: Some(sq), ..
        }
        | veney_rules::Phase::Hirakamae {
            stone: Some(sq), ..
        } if !actions_from(game, Selected::Board(sq)).is_empty() => Some(Selected::Board(sq)),
        _ => None,
    }
}

/// A click (or a drop) on `sq`.
pub(super) fn click(ctx: &mut Ctx, sq: Square) {
    if let Some(s) = ctx.sel.0
        && play_to(ctx, s, sq)
    {
        return;
    }
    reselect(ctx, sq);
}

/// Plays (or offers) what the selection `s` may do on `sq`. Returns whether the click is spent.
fn play_to(ctx: &mut Ctx, s: Selected, sq: Square) -> bool {
    // A declared intention's strike (§2.0.11) is clicked from its blade onto its target, as the
    // blade's moves are: offered beside an ordinary take there, never passed over for it or
    // for a move with sand (a review found the click forfeiting the intention).
    let strike = |a: &Action| matches!(*a, Action::Enact { from, to, .. } if s == Selected::Board(from) && to == sq);
    let hits: Vec<Action> = ctx
        .game
        .0
        .legal_actions()
        .into_iter()
        .filter(|a| (origin(a) == Some(s) && target(a) == Some(sq)) || strike(a))
        .collect();
    match hits.len() {
        0 => {}
        1 => {
            ctx.play(hits[0]);
            ctx.sel.0 = picked_after_move(ctx);
            return true;
        }
        _ => {
            offer(ctx, hits, sq, "actions");
            return true;
        }
    }
    if Selected::Board(sq) == s {
        ctx.sel.0 = None;
        return true;
    }
    sand(ctx, s, sq)
}

/// Several actions (`what`) end on `sq`: the player chooses, nothing is played yet. An oriented
/// piece lands facing a way of the player's choosing (§2.0.23): moves that differ only in facing
/// go to the facing panel; others (a blade that may disarm or oppose, a move that may fend or
/// take…) to the choice window.
fn offer(ctx: &mut Ctx, hits: Vec<Action>, sq: Square, what: &str) {
    if hits.iter().all(|a| {
        matches!(a, Action::Move(m) if m.face.is_some())
            || matches!(a, Action::Place { face: Some(_), .. })
    }) && same_but_facing(&hits)
    {
        ctx.facing.0 = hits;
        ctx.status.info = Some("choose the way it faces as it lands".into());
    } else {
        ctx.status.info = Some(format!(
            "{} {what} end on {sq}: choose one (Esc cancels)",
            hits.len()
        ));
        ctx.choice.0 = hits;
    }
}

/// Whether the moves differ only in the way the piece faces.
fn same_but_facing(hits: &[Action]) -> bool {
    let strip = |a: &Action| match *a {
        Action::Move(m) => Action::Move(veney_rules::Move { face: None, ..m }),
        Action::Place { kind, to, .. } => Action::Place {
            kind,
            to,
            face: None,
        },
        a => a,
    };
    hits.iter().all(|a| strip(a) == strip(&hits[0]))
}

/// Playing with sand (§2.0.22): an out-of-constraint move may be made when the agreed policy is
/// not Strict; the opponent may then call it.
fn sand(ctx: &mut Ctx, s: Selected, sq: Square) -> bool {
    let before = *ctx.game.0.position();
    let hits: Vec<Action> = veney_rules::penalty::untenable_actions(&ctx.game.0.rules, &before)
        .into_iter()
        .filter(|a| origin(a) == Some(s) && target(a) == Some(sq))
        .collect();
    match hits.as_slice() {
        [] => return false,
        [a] => play_untenable(ctx, *a),
        // Several end here, as legal ones may (the ways an oriented piece faces, a disarm or an
        // opposition): the player chooses, as for legal moves (a review found the first listed
        // played unasked); the choice is played with sand (`Ctx::play`).
        _ => {
            offer(ctx, hits, sq, "untenable actions");
            return true;
        }
    }
    ctx.sel.0 = picked_after_move(ctx);
    true
}

/// Plays `a`, an untenable action, with sand (§2.0.22): announced as any action is, and the
/// opponent told they may call it.
pub(super) fn play_untenable(ctx: &mut Ctx, a: Action) {
    let before = *ctx.game.0.position();
    match ctx.game.0.attempt(a) {
        Ok(veney_rules::game::Attempt::PlayedUntenable(why)) => {
            let after = *ctx.game.0.position();
            ctx.played.write(Played {
                before,
                action: a,
                after,
                rules: crate::packs::veney::game::Played::rules_id(&ctx.game.0.rules),
            });
            ctx.status.info = Some(format!(
                // `why` says "untenable: " itself (a review found it said twice).
                "played with sand — {why}. The opponent may call it."
            ));
        }
        Ok(_) => {}
        Err(e) => ctx.status.refusal = Some(e.to_string()),
    }
}

/// (Re)selects what is on `sq`, or says why the selection cannot go there (§2.0.22).
fn reselect(ctx: &mut Ctx, sq: Square) {
    let before = *ctx.game.0.position();
    let side = before.turn();
    // The partner in hand is picked up again from the square it was lifted from.
    if before.lifted().is_some_and(|l| l.from == sq) {
        ctx.sel.0 = partner_in_hand(ctx);
        return;
    }
    // A blade of the mover's pinned under an opposing Cloak is freed by its own move from the
    // Cloak's square (§2.0.06: "spend a later turn … to remove the Cloak"): picked up there.
    if before.piece_at(sq).is_some_and(|(s, _)| s != side)
        && let Some(Action::Move(m)) = actions_from(&ctx.game.0, Selected::Board(sq)).first()
        && let veney_rules::Mover::Piece(k) = m.mover
    {
        ctx.sel.0 = Some(Selected::Board(sq));
        ctx.status.info = Some(format!(
            "your {} pinned under the Cloak on {sq} may be freed: click where it goes (§2.0.06)",
            name(ctx, side, k)
        ));
        return;
    }
    // One not yet to be freed, or with nowhere to go, is told so (a review found "that is
    // White's Cloak" said of the square holding the mover's own blade).
    if ctx.sel.0.is_none()
        && let Some((k, _)) = veney_rules::special::blade_capture::pinned_at(&before, side, sq)
    {
        let freeable =
            veney_rules::special::blade_capture::freeable(&before, side).any(|(_, at)| at == sq);
        ctx.status.info = Some(if freeable {
            format!(
                "your {} pinned under the Cloak on {sq} has no tenable move now (§2.0.06)",
                name(ctx, side, k)
            )
        } else {
            format!(
                "your {} pinned under the Cloak on {sq} may not be freed immediately: from your second turn after the capture on (§2.0.06)",
                name(ctx, side, k)
            )
        });
        return;
    }
    match before.piece_at(sq) {
        // The concert partner in hand is what acts next: no other piece may until it is placed
        // (README "stays picked up until placed"; a review found it dropped by a click on the
        // Self). A click on another own piece picks it up again, put down or not (Esc).
        Some((s, _))
            if s == side
                && let Some(l) = before.lifted() =>
        {
            ctx.sel.0 = Some(Selected::Board(l.from));
            ctx.status.info = Some(format!(
                "concert: the {} lifted from {} is in hand — place it first: click where it goes (§2.0.02)",
                name(ctx, side, l.kind),
                l.from
            ));
        }
        Some((s, _)) if s == side => {
            let picked = Selected::Board(sq);
            ctx.sel.0 = Some(picked);
            if actions_from(&ctx.game.0, picked).is_empty() {
                ctx.status.info = Some(if crate::packs::veney::game::acts_from(&ctx.game.0, sq) {
                    let name = picked_piece(&before, sq)
                        .map(|(s, k)| name(ctx, s, k))
                        .unwrap_or_default();
                    // Its declared intention's strike is clicked on its target, where it is
                    // marked (a review found only the panel's buttons named).
                    let strike = ctx
                        .game
                        .0
                        .legal_actions()
                        .into_iter()
                        .find_map(|a| match a {
                            Action::Enact { from, to, .. } if from == sq => Some(to),
                            _ => None,
                        });
                    match strike {
                        Some(to) => format!(
                            "the {name} has no move on the board now: its declared strike is marked on {to} — click there (§2.0.11)"
                        ),
                        None => format!(
                            "the {name} has no move on the board now: its actions are the panel's buttons"
                        ),
                    }
                } else {
                    explain_stuck(&ctx.game.0, picked)
                });
            }
        }
        Some((s, k)) if ctx.sel.0.is_none() => {
            ctx.status.info = Some(format!(
                "that is {s}'s {}; it is {side}'s turn",
                name(ctx, s, k)
            ));
        }
        // The free engagement the mover possesses (§2.0.05: "only be moved by the player whose
        // pieces correspond to the color of the square") is picked up as one's own piece is,
        // whatever was in hand. Not the mover's, it is picked up only with nothing in hand, and
        // told why it cannot move; with a piece in hand the move onto it is explained below (a
        // review found a refused fend or stepping stone swallowed without a word).
        _ if before.free_square() == Some(sq)
            && (sq.colour_owner() == side || ctx.sel.0.is_none()) =>
        {
            ctx.sel.0 = Some(Selected::Free);
            if actions_from(&ctx.game.0, Selected::Free).is_empty() {
                ctx.status.info = Some(explain_stuck(&ctx.game.0, Selected::Free));
            }
        }
        _ => {
            let rules = &ctx.game.0.rules;
            let explain =
                |a: &Action| veney_rules::untenable::explain(rules, &before, a).to_string();
            let refusal = match ctx.sel.0 {
                Some(Selected::Board(from)) => picked_piece(&before, from).map(|(_, k)| {
                    let moved = Action::Move(veney_rules::Move {
                        mover: veney_rules::Mover::Piece(k),
                        from,
                        to: sq,
                        effect: veney_rules::Effect::Quiet,
                        dir: None,
                        face: None,
                    });
                    // A throwing piece at the opposing Self may have meant a throw (§2.0.08):
                    // beyond its moves' reach only the throw's reason is given, else both.
                    if rules.info(side, k).throw
                        && before.piece_at(sq) == Some((!side, rules.life(!side)))
                    {
                        let thrown = explain(&Action::Throw {
                            kind: k,
                            from,
                            target: sq,
                        });
                        let (both, moves, attacks) =
                            crate::packs::veney::game::pattern_reach(rules, &before, side, k, from);
                        if (both | moves | attacks).contains(sq) {
                            format!("{}; as a throw: {thrown}", explain(&moved))
                        } else {
                            thrown
                        }
                    } else {
                        explain(&moved)
                    }
                }),
                Some(Selected::Reserve(k)) => Some(explain(&veney_rules::placement_of(
                    &ctx.game.0.rules,
                    before.turn(),
                    k,
                    sq,
                ))),
                // The free engagement's move on the board, or its entry (§2.0.05), and the
                // Donkey's placement (§2.0.23), in the rules' words (a review found these
                // refused without a reason).
                Some(Selected::Free) => Some(explain(&match before.free() {
                    veney_rules::FreePlace::On(from) => Action::Move(veney_rules::Move {
                        mover: veney_rules::Mover::Free,
                        from,
                        to: sq,
                        effect: veney_rules::Effect::Quiet,
                        dir: None,
                        face: None,
                    }),
                    veney_rules::FreePlace::Off(_) => Action::EnterFree { to: sq },
                })),
                Some(Selected::Donkey) => Some(explain(&Action::PlaceDonkey { to: sq })),
                None => None,
            };
            if let Some(why) = refusal {
                ctx.status.refusal = Some(why);
            }
            // The concert partner in hand stays picked up until placed (README; a review found
            // it put down by a refused click, the next click on a square it may go doing
            // nothing).
            ctx.sel.0 = partner_in_hand(ctx);
        }
    }
}
