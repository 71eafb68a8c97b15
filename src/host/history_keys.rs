//! The history's keys on every board: Ctrl+Z undoes; Ctrl+Y, and Ctrl+Shift+Z as most desktop
//! programs (egui's own text fields among them) take it, redo.
use bevy::prelude::*;

/// What the keys pressed this frame ask of the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryKey {
    Undo,
    Redo,
}

/// The history's key among `keys` this frame, if any (a review found Ctrl+Shift+Z undoing,
/// a further pair of turns taken back against the computer, where it means redo). Z and Y are
/// read by the letter on the key (`letter_keys`).
pub fn pressed(
    keys: &ButtonInput<KeyCode>,
    letters: &ButtonInput<bevy::input::keyboard::Key>,
) -> Option<HistoryKey> {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    of(
        ctrl,
        shift,
        super::letter_keys::just_pressed(keys, letters, "z"),
        super::letter_keys::just_pressed(keys, letters, "y"),
    )
}

fn of(ctrl: bool, shift: bool, z: bool, y: bool) -> Option<HistoryKey> {
    match (ctrl, shift, z, y) {
        (false, ..) => None,
        (true, false, true, _) => Some(HistoryKey::Undo),
        (true, true, true, _) | (true, _, false, true) => Some(HistoryKey::Redo),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{HistoryKey, of};

    #[test]
    fn ctrl_shift_z_redoes_as_ctrl_y_does() {
        assert_eq!(of(true, false, true, false), Some(HistoryKey::Undo));
        assert_eq!(of(true, true, true, false), Some(HistoryKey::Redo));
        assert_eq!(of(true, false, false, true), Some(HistoryKey::Redo));
        assert_eq!(of(true, true, false, true), Some(HistoryKey::Redo));
        // Z or Y alone (typed, or with Shift only) is no history key.
        assert_eq!(of(false, false, true, false), None);
        assert_eq!(of(false, true, true, false), None);
        assert_eq!(of(false, false, false, true), None);
        assert_eq!(of(true, false, false, false), None);
    }
}
