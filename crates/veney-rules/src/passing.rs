//! Passing (§2.0.17): at most two passes in a row. After the opponent passes you may pass back
//! once; then the first passer must move. A player with no other tenable action may always pass
//! (ruling R-PASS-FORCED in docs/RULINGS.md).
use crate::action::Action;
use crate::position::Position;

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
