//! Passing (§2.0.17): at most two passes in a row. After the opponent passes you may pass back
//! once; then the first passer must move. A player with no other tenable action may always pass
//! (ruling R-PASS-FORCED in docs/RULINGS.md).
use crate::action::Action;
use crate::position::Position;

/// Whether the pass hangs on whether the phase has any other action: after two passes in a row
/// (§2.0.17), and for Hirakamae's adversary (§2.0.18), a pass only when nothing else can be done.
pub(crate) fn hangs_on_others(pos: &Position) -> bool {
    let side = pos.turn();
    !crate::special::hirakamae::active(pos, side)
        && (crate::special::hirakamae::active(pos, !side) || pos.passes() >= 2)
}

/// Whether an action that amounts to a pass is open at the turn's start — declaring intention or
/// glaring with no move before it (§2.0.16: "making only a meta-move, only declaring intention,
/// or only glare technically each amount to a pass"): not after two passes in a row (§2.0.17),
/// nor for Hirakamae's adversary, who "may not pass" (§2.0.18).
pub(crate) fn may_pass_by_another_action(pos: &Position) -> bool {
    pos.passes() < 2 && !crate::special::hirakamae::active(pos, !pos.turn())
}

/// Adds the pass if allowed; `others`: whether the phase has any other action (call after
/// every other action of the phase is found).
pub(crate) fn pass(pos: &Position, others: bool, out: &mut Vec<Action>) {
    let side = pos.turn();
    // Hirakamae (§2.0.18): the enstanced side passes indefinitely; its adversary may not pass.
    if crate::special::hirakamae::active(pos, side) {
        out.push(Action::Pass);
        return;
    }
    if crate::special::hirakamae::active(pos, !side) && others {
        return;
    }
    if pos.passes() < 2 || !others {
        out.push(Action::Pass);
    }
}
