//! Disarm (§2.0.14): "The Sword takes opposing armaments via disarm conditions. If the Sword has
//! been lost, the Dagger is used to execute disarmament." Condition A: "The disarmed piece is
//! overextended in a measure outside its range constraints." "If the disarmed player has no blade
//! left on the board, disarmament constitutes checkmate".
//!
//! Ruling R-DISARM: condition A — the target armament stands outside its own range constraint,
//! judged from its own Self. Condition B (ruling R-DISARM-B) — "disadvantaged under attack from a
//! blade and direct attack from a technical piece simultaneously": besides the disarming blade
//! (whose move may be a double-move), one of the attacker's technical pieces attacks the target's
//! square directly from where it stands — by its own attack pattern, within its range constraint,
//! not by stepping stone or concert ("it must directly 'see' the disarmed piece"), whatever it
//! could do to the piece itself (a Balance cannot harm a Sword but still disadvantages it). A
//! Jutsu attacking into a measure the target's side controls (§2.0.07 Control) does not count.
//! Persistence (§2.0.08): a blade with the Persistence special (the Dagger) executes disarm only
//! while its side has no other blade on the board.
pub use crate::attacks::attacks;
use crate::bitboard::Bitboard;
use crate::piece_def::Special;
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// Whether `side`'s `attacker` may disarm the opposing `target` standing on `at`, given
/// `disadvantaged`, which gives condition B's squares (`disadvantaged_squares`) when asked: a
/// caller judging many targets works them out once.
pub(crate) fn disarms(
    rules: &Rules,
    pos: &Position,
    side: Side,
    attacker: Kind,
    target: Kind,
    at: Square,
    disadvantaged: impl FnOnce() -> Bitboard,
) -> bool {
    if !may_disarm(rules, pos, side, attacker) {
        return false;
    }
    overextended(rules, pos, !side, target, at) || disadvantaged().contains(at)
}

/// Persistence: a blade with Persistence disarms only while it is its side's only blade.
pub(crate) fn may_disarm(rules: &Rules, pos: &Position, side: Side, attacker: Kind) -> bool {
    !(rules
        .set(side)
        .piece(attacker)
        .has_special(Special::Persistence)
        && blades_on_board(rules, pos, side) > 1)
}

/// Every square condition B's second attacker covers: attacked directly by one of `side`'s
/// technical pieces, within its range constraint — or, for a flailing Lantern, where its flail
/// could land (§2.0.10: "a Lantern poised in a direct attack by flailing can contribute").
pub fn disadvantaged_squares(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    // The board as it stands before the blade moves (R-DISARM-B): a concert partner the Self's
    // move lifted into the hand still stands in the supports' way on its square, as it does for
    // the same blade's move when the Self did not pass over it (a review found a lunge over the
    // Sword opening the Guard's line, a checkmate by disarm no other order of the same moves
    // allowed).
    let restored;
    let pos = match pos.lifted {
        Some(l) if pos.turn() == side && pos.piece_at(l.from).is_none() => {
            let mut q = *pos;
            q.put(side, l.kind, l.from);
            restored = q;
            &restored
        }
        _ => pos,
    };
    let controlled = crate::special::control::controlled(rules, pos, !side);
    // A Cloak holding a blade supports nothing else (§2.0.06).
    let holding = crate::special::blade_capture::holding(pos, side);
    let mut out = Bitboard::EMPTY;
    for k in rules.set(side).kinds() {
        let def = &rules.set(side).piece(k).def;
        if def.category != crate::piece_def::Category::Technical {
            continue;
        }
        let (mut seen, mut flailed) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for from in pos.pieces(side, k) {
            if holding.contains(from) {
                continue;
            }
            if crate::special::flail::flailing(rules, pos, side, k, from) {
                flailed |= crate::special::flail::attacks(rules, pos, side, k, from);
            } else {
                seen |= attacks(rules, pos, side, k, from);
            }
        }
        if seen.is_empty() && flailed.is_empty() {
            continue;
        }
        // A flail's reach is its own constraint: it lands in its Self's measure or one beyond.
        seen = (seen & crate::constraint::zone_of(rules, pos, side, k)) | flailed;
        // A Jutsu attacking into a measure its target's side controls does not count (§2.0.07).
        if rules.info(side, k).jutsu {
            seen &= !controlled;
        }
        out |= seen;
    }
    out
}

/// Whether `at` would be disadvantaged (condition B) by one of `side`'s Jutsu attacking it within
/// its constraint, but for the opposing Balance's Control of its measure: "The Balance's aspect
/// of 'Control' may be invoked to prevent a disarmament which would rely on the Jutsu attacking
/// into a controlled measure" (§2.0.14). For the refusal's words (`untenable::explain`).
pub(crate) fn held_off_by_control(rules: &Rules, pos: &Position, side: Side, at: Square) -> bool {
    if !crate::special::control::controlled(rules, pos, !side).contains(at) {
        return false;
    }
    let holding = crate::special::blade_capture::holding(pos, side);
    rules.set(side).kinds().any(|k| {
        rules.info(side, k).jutsu
            && rules.set(side).piece(k).def.category == crate::piece_def::Category::Technical
            && crate::constraint::zone_of(rules, pos, side, k).contains(at)
            && pos
                .pieces(side, k)
                .into_iter()
                .filter(|&from| !holding.contains(from))
                .any(|from| attacks(rules, pos, side, k, from).contains(at))
    })
}

/// Condition A: `side`'s piece of kind `k` on `at` is outside its own range constraint.
pub fn overextended(rules: &Rules, pos: &Position, side: Side, k: Kind, at: Square) -> bool {
    !crate::constraint::zone_of(rules, pos, side, k).contains(at)
}

/// How many pieces with checkmate-by-touch privilege `side` has on the board — the "blades" of
/// §2.0.14's "no blade left on the board", read from the set's data (the blades by default; the
/// Illusionist's Cloak, Lantern and Jutsu; ruling R-PRIVILEGE).
pub fn privileged_on_board(rules: &Rules, pos: &Position, side: Side) -> u32 {
    let pinned = crate::special::blade_capture::pins(pos, side)
        .filter(|&(k, _, _)| rules.info(side, k).privileged)
        .count() as u32;
    pinned
        + rules
            .set(side)
            .kinds()
            .filter(|&k| rules.info(side, k).privileged)
            .map(|k| pos.pieces(side, k).count())
            .sum::<u32>()
}

/// How many blades (role Blade: Sword, Dagger) `side` has on the board.
pub fn blades_on_board(rules: &Rules, pos: &Position, side: Side) -> u32 {
    let pinned = crate::special::blade_capture::pins(pos, side)
        .filter(|&(k, _, _)| rules.is_blade(side, k))
        .count() as u32;
    // A concert partner in hand (R-CONCERT) is lifted off its square only for the concert: it is
    // still on the board for Persistence ("the Dagger survives if the Sword is lost").
    let in_hand =
        (pos.turn() == side && pos.lifted().is_some_and(|l| rules.is_blade(side, l.kind))) as u32;
    pinned + in_hand + pos.pieces_of(side, rules.blade_kinds(side)).count()
}
