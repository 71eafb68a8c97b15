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
//! a capturing Cloak cannot feign (it may be withdrawn or cast from the board: the blade stays,
//! free, as when it moves off), nor be leapt by its owner's blades (`View`'s
//! and `attacks`' leapable own pieces leave out `holding`), nor lost to the Obscurant Chaos trap
//! (`cast_piece::springs_on`). The Cloak's owner's blade moving onto the
//! Cloak's square disarms the captured blade (the capture is the disadvantage) and fends the
//! Cloak to its owner's reserve; the last blade so disarmed is checkmate by disarm. With several
//! Cloaks (the Ceremonial Guard) each may hold a blade, each capture on its own square, up to
//! `MAX_PINS` a side.
use crate::bitboard::Bitboard;
use crate::piece_set::Kind;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;

use crate::pins::PinRefused;
pub use crate::pins::{MAX_PINS, Pin};

/// `owner`'s pinned blades, in square order.
pub fn pins(pos: &Position, owner: Side) -> impl Iterator<Item = Pin> + '_ {
    pos.pinned[owner.index()].iter()
}

/// `owner`'s blade pinned on `at`, if one is: its kind and the turn count at the capture.
pub fn pinned_at(pos: &Position, owner: Side, at: Square) -> Option<(Kind, u16)> {
    pos.pinned[owner.index()].get(at).map(|(k, _, t)| (k, t))
}

/// Whether `owner` has a blade pinned.
pub fn any_pinned(pos: &Position, owner: Side) -> bool {
    !pos.pinned[owner.index()].is_empty()
}

/// Whether `owner`'s blades fill every place a capture takes (`MAX_PINS`).
pub fn pins_full(pos: &Position, owner: Side) -> bool {
    pos.pinned[owner.index()].is_full()
}

/// The squares `side` may not attack: the opposing Cloaks holding `side`'s blades (§2.0.06).
pub fn untouchable(pos: &Position, side: Side) -> Bitboard {
    pos.pinned[side.index()].squares()
}

/// `owner`'s pinned blades it may free now ("not immediately": from its second turn after).
pub fn freeable(pos: &Position, owner: Side) -> impl Iterator<Item = (Kind, Square)> + '_ {
    let turns = pos.turns();
    pins(pos, owner).filter_map(move |(k, sq, t)| (turns >= t.saturating_add(3)).then_some((k, sq)))
}

/// The squares of `side`'s Cloaks that hold an opposing blade.
pub fn holding(pos: &Position, side: Side) -> Bitboard {
    untouchable(pos, !side)
}

/// Pins `owner`'s blade of `k` on `at` (the Cloak has just landed there).
pub(crate) fn capture(pos: &mut Position, owner: Side, k: Kind, at: Square) {
    // Move generation refuses a capture beyond `MAX_PINS` (and on a square already pinned): a
    // blade must never vanish silently.
    add_pin(pos, owner, (k, at, pos.turns())).expect("a capture the rules allowed");
}

/// Adds `pin` to `owner`'s pins, in square order: an error saying why when they are full or one
/// already lies on its square.
pub(crate) fn add_pin(pos: &mut Position, owner: Side, pin: Pin) -> Result<(), String> {
    pos.pinned[owner.index()].insert(pin).map_err(|why| match why {
        PinRefused::Full => format!(
            "at most {MAX_PINS} of a side's blades lie captured at once (ruling R-BLADE-CAPTURE)"
        ),
        PinRefused::Taken => format!("two of {owner}'s blades are pinned on {}", pin.1),
    })
}

/// Takes `owner`'s pin on `at` out of the list, if there is one.
fn unpin(pos: &mut Position, owner: Side, at: Square) -> Option<Pin> {
    pos.pinned[owner.index()].remove(at)
}

/// The Cloak left `at`: the blade under it is free again.
pub(crate) fn release(pos: &mut Position, owner: Side, at: Square) {
    if let Some((k, at, _)) = unpin(pos, owner, at) {
        pos.put(owner, k, at);
    }
    pos.released = true;
}

/// The blade's owner moves it off `at`: the Cloak on top is destroyed.
pub(crate) fn free(pos: &mut Position, owner: Side, at: Square) {
    if unpin(pos, owner, at).is_some()
        && let Some((cs, ck)) = pos.piece_at(at)
    {
        pos.remove(cs, ck, at);
        pos.discard[cs.index()][ck.index()] += 1;
    }
}

/// `owner`'s blade pinned on `at` is discarded from under the Cloak, which stays, holding
/// nothing (a piece penalty on its untenable freeing move, §2.0.22); whether one was.
pub(crate) fn discard_pinned(pos: &mut Position, owner: Side, at: Square) -> bool {
    match unpin(pos, owner, at) {
        Some((k, _, _)) => {
            pos.discard[owner.index()][k.index()] += 1;
            true
        }
        None => false,
    }
}

/// The Cloak's owner disarms the blade captured on `at`: the blade is discarded, the Cloak fended.
pub(crate) fn disarm_captured(pos: &mut Position, owner: Side, at: Square) {
    if let Some((k, at, _)) = unpin(pos, owner, at) {
        pos.discard[owner.index()][k.index()] += 1;
        if let Some((cs, ck)) = pos.piece_at(at) {
            pos.remove(cs, ck, at);
            pos.reserve[cs.index()][ck.index()] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn pins_stay_in_square_order_and_leave_no_gap() {
        // R-BLADE-CAPTURE: a side's pins are kept in square order, so equal positions compare
        // and hash equal whatever order the captures came in.
        let mut p = Position::empty();
        for (at, t) in [("Y9", 3), ("W2", 5), ("X14", 7)] {
            add_pin(&mut p, Side::Black, (Kind(1), sq(at), t)).unwrap();
        }
        let squares: Vec<String> = pins(&p, Side::Black).map(|x| x.1.to_string()).collect();
        assert_eq!(squares, ["W2", "Y9", "X14"]);
        assert_eq!(untouchable(&p, Side::Black).count(), 3);
        assert_eq!(holding(&p, Side::White), untouchable(&p, Side::Black));
        assert!(!any_pinned(&p, Side::White));
        assert_eq!(unpin(&mut p, Side::Black, sq("Y9")).map(|x| x.2), Some(3));
        let squares: Vec<String> = pins(&p, Side::Black).map(|x| x.1.to_string()).collect();
        assert_eq!(squares, ["W2", "X14"]);
        assert_eq!(untouchable(&p, Side::Black).count(), 2);
    }

    #[test]
    fn a_full_list_or_a_second_pin_on_a_square_is_refused() {
        let mut p = Position::empty();
        add_pin(&mut p, Side::White, (Kind(1), sq("X7"), 0)).unwrap();
        let e = add_pin(&mut p, Side::White, (Kind(2), sq("X7"), 0)).unwrap_err();
        assert!(e.contains("two of White's blades are pinned on X7"), "{e}");
        for at in ["W1", "W2", "W3"] {
            add_pin(&mut p, Side::White, (Kind(1), sq(at), 0)).unwrap();
        }
        assert!(pins_full(&p, Side::White));
        let e = add_pin(&mut p, Side::White, (Kind(1), sq("Z16"), 0)).unwrap_err();
        assert!(e.contains("at most 4"), "{e}");
    }
}
