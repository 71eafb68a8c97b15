//! Passing (§2.0.17): at most two passes in a row. After the opponent passes you may pass back
//! once; then the first passer must move. A player with no other tenable action may always pass
//! (ruling R-PASS-FORCED in docs/RULINGS.md).
use crate::action::Action;
use crate::position::Position;

/// Adds the pass if allowed; call after every other action of the phase is in `out`.
pub(crate) fn pass(pos: &Position, out: &mut Vec<Action>) {
    let side = pos.turn();
    // Hirakamae (§2.0.18): the enstanced side passes indefinitely; its adversary may not pass.
    if crate::special::hirakamae::active(pos, side) {
        out.push(Action::Pass);
        return;
    }
    if crate::special::hirakamae::active(pos, !side) && !out.is_empty() {
        return;
    }
    if pos.passes() < 2 || out.is_empty() {
        out.push(Action::Pass);
    }
}
