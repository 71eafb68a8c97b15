//! Blade Capture (§2.0.06, special move of the Cloak): "The Cloak can attack the Sword or Dagger
//! without taking or fending it; instead, it sits atop the blade and keeps it pinned in one place.
//! The owner of the captured blade may not immediately free it. They must spend a later turn if
//! they wish to remove the Cloak (which may also be done in concert with the Self's movement). The
//! Cloak is then destroyed. However, if on some future turn the Cloak is still in play upon a
//! captured blade, its owner may move it back off, releasing the blade and saving the Cloak."
//! "Blade capture is an attack on the blade, thus it may contribute to disadvantage conditions for
//! disarm. Disarming a captured blade fends the Cloak." "Your blade/s may not leap over your Cloak
//! while it captures". "You may not make a move with the Cloak that begins and ends with blade
//! capture … Also, you may not make a double-move by stepping stone to leave and immediately
//! recapture a blade." "While a blade is captured by the Cloak, neither the blade nor the Cloak can
//! contribute disadvantage to the disarm of a separate armament." And its FAQ: the Cloak cannot be
//! removed "with an attack from another piece".
//!
//! Ruling R-BLADE-CAPTURE: the Cloak (a piece whose relation to a blade is `BladeCapture`) moves
//! onto the blade by an ordinary move; the blade is pinned under it (kept in the position's
//! `pinned`, still on the board for every count). The blade's owner frees it by moving the blade
//! off by one of its ordinary moves — from their second turn after the capture on ("not
//! immediately"), also in concert — and the Cloak is discarded. Until then no piece of theirs may
//! attack the Cloak. The Cloak's owner may move the Cloak off (the blade stays, free), but not
//! onto another blade in the same move, nor recapture after leaving a capture in the same turn;
//! a capturing Cloak cannot feign or be withdrawn. The Cloak's owner's blade moving onto the
//! Cloak's square disarms the captured blade (the capture is the disadvantage) and fends the
//! Cloak to its owner's reserve; the last blade so disarmed is checkmate by disarm.
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// `owner`'s pinned blade, if any: (kind, square, turn count at the capture).
pub fn pinned(pos: &Position, owner: Side) -> Option<(Kind, Square, u16)> {
    pos.pinned[owner.index()]
}

/// The square `side` may not attack: the opposing Cloak holding `side`'s blade (§2.0.06).
pub fn untouchable(pos: &Position, side: Side) -> crate::bitboard::Bitboard {
    pos.pinned[side.index()].map_or(crate::bitboard::Bitboard::EMPTY, |p| {
        crate::bitboard::Bitboard::from_square(p.1)
    })
}

/// Whether `owner` may free its pinned blade now ("not immediately": from its second turn after).
pub fn freeable(pos: &Position, owner: Side) -> Option<(Kind, Square)> {
    let (k, sq, t) = pos.pinned[owner.index()]?;
    (pos.turns() >= t.saturating_add(3)).then_some((k, sq))
}

/// The square of a Cloak of `side` that holds an opposing blade, if any.
pub fn holding(pos: &Position, side: Side) -> Option<Square> {
    pos.pinned[(!side).index()].map(|p| p.1)
}

/// Pins `owner`'s blade of `k` on `at` (the Cloak has just landed there).
pub(crate) fn capture(pos: &mut Position, owner: Side, k: Kind, at: Square) {
    pos.pinned[owner.index()] = Some((k, at, pos.turns()));
}

/// The Cloak left `at`: the blade under it is free again.
pub(crate) fn release(pos: &mut Position, owner: Side) {
    if let Some((k, at, _)) = pos.pinned[owner.index()].take() {
        pos.put(owner, k, at);
    }
    pos.released = true;
}

/// The blade's owner moves it off: the Cloak on top is destroyed.
pub(crate) fn free(rules: &Rules, pos: &mut Position, owner: Side) {
    let _ = rules;
    if let Some((_, at, _)) = pos.pinned[owner.index()].take()
        && let Some((cs, ck)) = pos.piece_at(at)
    {
        pos.remove(cs, ck, at);
        pos.discard[cs.index()][ck.index()] += 1;
    }
}

/// The Cloak's owner disarms the captured blade: the blade is discarded, the Cloak fended.
pub(crate) fn disarm_captured(pos: &mut Position, owner: Side) {
    if let Some((k, at, _)) = pos.pinned[owner.index()].take() {
        pos.discard[owner.index()][k.index()] += 1;
        if let Some((cs, ck)) = pos.piece_at(at) {
            pos.remove(cs, ck, at);
            pos.reserve[cs.index()][ck.index()] += 1;
        }
    }
}
