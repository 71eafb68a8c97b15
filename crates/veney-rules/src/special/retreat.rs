//! Retreat and the board reset (§2.0.02, special move of the Self): "If the Self steps back four
//! steps in the first measure to leave the board entirely (requiring four turns), this player has
//! played a retreat. The board is reset and play continues … lost pieces stay discarded". "The
//! players reset to the default baselines as if setting up a new game … using the pieces they
//! already have on the board and all four of their engagements. If you had additional pieces in
//! play and more than will fit on your starting step behind the engagements, you may either place
//! them on the next step behind or put them into reserve. The free engagement is reset to the
//! center." "Retreat is impossible if your opponent's Self piece is on your side of the board."
//! "The final step of a retreat necessarily precludes movements in concert or any other
//! double-move; after one player initiates a reset of the board, it is the other player's turn."
//! Exceeding the agreed retreat limit "is considered a resignation".
//!
//! Ruling R-RETREAT: the retreat is the Self's step off the board from its own first step (step 1
//! for White, 16 for Black), a whole turn. Both sides reset to the setup's squares with the kinds
//! they have on the board plus every engagement on the board or in reserve; a piece with no setup
//! square left takes an empty square of the starting step, and what does not fit goes to reserve
//! (the rulebook's second choice, which needs no further decision) — but a side's only blade,
//! which goes onto the next step behind (`place_the_others`).
//! The retreat limit counts per side; the retreat that exceeds it is still played and ends the
//! game as a resignation (the rulebook's "accidentally surpassed").
use crate::action::Action;
use crate::intersection::Intersection;
use crate::measure::own_side;
use crate::options::RetreatLimit;
use crate::outcome::{Outcome, Resign};
use crate::piece_set::MAX_KINDS;
use crate::position::{FreePlace, Position};
use crate::rules::Rules;
use crate::side::Side;

/// The retreat, if the side to move may play it now (first action of the turn).
pub(crate) fn retreat(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    let side = pos.turn();
    let life = rules.life(side);
    // Under Shima, retreat and reset are impossible (§2.0.18).
    if !rules.info(side, life).retreat || pos.shima() {
        return;
    }
    let Some(sq) = pos.life_square(rules, side) else {
        return;
    };
    if sq.relative_step(side) != 1 {
        return;
    }
    if pos
        .life_square(rules, !side)
        .is_some_and(|o| own_side(side).contains(o))
    {
        return;
    }
    out.push(Action::Retreat);
}

/// Whether another retreat by `side` exceeds the agreed limit.
pub fn exceeds_limit(rules: &Rules, pos: &Position, side: Side) -> bool {
    match rules.options.retreat_limit_for(side) {
        RetreatLimit::Unlimited => false,
        RetreatLimit::Limited(n) => pos.retreats(side) >= n,
    }
}

/// Plays the retreat: counts it, then resets the board (or ends the game if over the limit).
pub(crate) fn play(rules: &Rules, pos: &mut Position) {
    let side = pos.turn;
    let over = exceeds_limit(rules, pos, side);
    pos.retreats[side.index()] = pos.retreats[side.index()].saturating_add(1);
    if over {
        pos.outcome = Some(Outcome::Resignation {
            winner: !side,
            reason: Resign::RetreatLimit,
        });
        return;
    }
    reset_board(rules, pos);
}

/// The pieces of `side` left in `pool` once the setup's squares are filled (§2.0.02: "If you had
/// additional pieces in play and more than will fit on your starting step behind the
/// engagements, you may either place them on the next step behind or put them into reserve"):
/// they take the starting step's empty squares first, blades before the rest, line by line; what
/// does not fit stays in `pool` for the reserve (R-RETREAT), but for a side left with no blade
/// on the board, whose blade goes onto the next step behind — a Dagger "must be already active"
/// once the Sword is lost (§2.0.08 Persistence; a review found a reset leaving a side bladeless).
fn place_the_others(rules: &Rules, pos: &mut Position, side: Side, pool: &mut [u8; MAX_KINDS]) {
    let s = side.index();
    let life = rules.life(side);
    let Some(&(self_sq, _)) = rules.setup.placements[s].iter().find(|p| p.1 == life) else {
        return;
    };
    let step = self_sq.step();
    let behind = if side == Side::White {
        step.checked_sub(1)
    } else {
        Some(step + 1)
    }
    .filter(|b| (1..=16).contains(b));
    let empty_on = |pos: &Position, st: u8| crate::measure::steps_between(st, st) & !pos.occupied();
    let blades = rules.blade_kinds(side);
    let blades_first = crate::rules::kinds_in(blades).chain(
        rules
            .set(side)
            .kinds()
            .filter(|k| blades & (1 << k.0) == 0 && !rules.is_engagement(side, *k)),
    );
    // The starting step, then — under `retreat_overflow_behind`, "you may either place them on
    // the next step behind or put them into reserve" — the step behind.
    let steps = [
        Some(step),
        behind.filter(|_| rules.options.retreat_overflow_behind),
    ];
    for k in blades_first.collect::<Vec<_>>() {
        for st in steps.into_iter().flatten() {
            while pool[k.index()] > 0 {
                let Some(sq) = empty_on(pos, st).first() else {
                    break;
                };
                pool[k.index()] -= 1;
                pos.put(side, k, sq);
            }
        }
    }
    if pos.pieces_of(side, blades).is_empty()
        && let Some(b) = behind
        && let Some(k) = crate::rules::kinds_in(blades).find(|k| pool[k.index()] > 0)
        && let Some(sq) = empty_on(pos, b).first()
    {
        pool[k.index()] -= 1;
        pos.put(side, k, sq);
    }
}

/// The board reset of a retreat (also `==` in notation, and the delayed reset of §2.0.22).
pub fn reset_board(rules: &Rules, pos: &mut Position) {
    // Lift both sides before placing either: squares may cross over. The Donkeys go back to
    // their placers' reserves (ruling R-DONKEY).
    for s in 0..2 {
        if pos.donkey[s].take().is_some() {
            pos.donkey_home[s] = true;
        }
    }
    let mut pools = [[0u8; MAX_KINDS]; 2];
    for side in Side::ALL {
        let s = side.index();
        let mut pool = [0u8; MAX_KINDS];
        // A pinned blade comes back too; the Cloak on it is lifted with its side's pieces.
        for (k, _, _) in crate::special::blade_capture::pins(pos, side) {
            pool[k.index()] += 1;
        }
        pos.pinned[s].clear();
        for k in rules.set(side).kinds() {
            let on = pos.pieces(side, k);
            pool[k.index()] += on.count() as u8;
            for sq in on {
                pos.remove(side, k, sq);
            }
            if rules.is_engagement(side, k) {
                pool[k.index()] += pos.reserve[s][k.index()];
                pos.reserve[s][k.index()] = 0;
            }
        }
        pools[s] = pool;
    }
    for side in Side::ALL {
        let s = side.index();
        let mut pool = pools[s];
        for &(sq, k) in &rules.setup.placements[s] {
            if pool[k.index()] > 0 && pos.piece_at(sq).is_none() {
                pool[k.index()] -= 1;
                pos.put(side, k, sq);
            }
        }
        place_the_others(rules, pos, side, &mut pool);
        for k in rules.set(side).kinds() {
            pos.reserve[s][k.index()] += pool[k.index()];
        }
    }
    pos.free = FreePlace::Off(Intersection::CENTRE);
    pos.free_from = None;
    pos.free_bounces = 0;
    pos.en_passant = None;
    pos.en_passant_next = None;
    pos.last_dir = [None; 2];
    pos.glare_block = [false; 2];
    pos.passes = 0;
    // Every piece was lifted and set up again: a declared intention's target has left its
    // square, and "the target stepping back does not revive it" (§2.0.11, R-INTENTION; a review
    // found the opponent's intention carried with its blade to the setup's squares).
    pos.intention = [None; 2];
}
