//! Shadow-Stabbing (§2.0.18, a device): "When your opponent's Balance is on your side of the
//! board, fending it with a blade takes the Jutsu regardless of whether it is on the board or in
//! reserve. The Balance, fended, goes into the opponent's reserve." Written `DfBtJ~` (§2.0.R5).
//!
//! Ruling R-SHADOW-STABBING: the Balance is known by its Control special (the Jutsu's shadow),
//! the Jutsu by Presence or Intention. The device applies when the blade fends the Balance on a
//! square of the blade's own half and the opponent still has a Jutsu (on the board, taken from
//! there first, else in reserve); otherwise the fend is ordinary.
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// Whether `side`'s piece of `kind` fending the opposing `target` on `at` is shadow-stabbing.
pub(crate) fn applies(
    rules: &Rules,
    pos: &Position,
    side: Side,
    kind: Kind,
    target: Kind,
    at: Square,
) -> bool {
    let opp = !side;
    rules.is_blade(side, kind)
        && rules.info(opp, target).control
        && at.on_side_of(side)
        && jutsu(rules, pos, opp).is_some()
}

/// The opposing Jutsu the device takes: (kind, square on the board or `None` for reserve).
pub(crate) fn jutsu(rules: &Rules, pos: &Position, owner: Side) -> Option<(Kind, Option<Square>)> {
    let kinds = rules
        .set(owner)
        .kinds()
        .filter(|&k| rules.info(owner, k).jutsu);
    let mut in_reserve = None;
    for k in kinds {
        if let Some(sq) = pos.pieces(owner, k).first() {
            return Some((k, Some(sq)));
        }
        if pos.reserve(owner, k) > 0 && in_reserve.is_none() {
            in_reserve = Some((k, None));
        }
    }
    in_reserve
}

/// Takes the Jutsu (after the Balance was fended).
pub(crate) fn take_jutsu(rules: &Rules, pos: &mut Position, owner: Side) {
    if let Some((k, at)) = jutsu(rules, pos, owner) {
        match at {
            Some(sq) => pos.remove(owner, k, sq),
            None => pos.reserve[owner.index()][k.index()] -= 1,
        }
        pos.discard[owner.index()][k.index()] += 1;
    }
}
