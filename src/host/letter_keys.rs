//! Letter keys by the letter printed on them — the logical key — not by where the key sits:
//! Bevy's `KeyCode` is the physical position (`KeyY` is the key labelled Z on a German keyboard,
//! `KeyZ` the W of a French one), so on those keyboards Ctrl+Z redid, F and M moved elsewhere
//! (a review found it). egui's own text fields read the letter too.
use bevy::input::keyboard::Key;
use bevy::prelude::*;

/// Whether the key printed `letter` (either case) went down this frame.
pub fn just_pressed(letters: &ButtonInput<Key>, letter: &str) -> bool {
    letters
        .get_just_pressed()
        .any(|k| matches!(k, Key::Character(c) if c.eq_ignore_ascii_case(letter)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The letter counts, in either case (Shift held gives the capital), whatever key it sits on.
    #[test]
    fn a_letter_is_read_by_what_the_key_says() {
        let mut keys = ButtonInput::<Key>::default();
        keys.press(Key::Character("z".into()));
        assert!(just_pressed(&keys, "z"));
        assert!(!just_pressed(&keys, "y"));
        keys.clear();
        keys.press(Key::Character("Z".into()));
        assert!(just_pressed(&keys, "z"), "with Shift");
        keys.clear();
        assert!(!just_pressed(&keys, "z"), "held, not just pressed");
    }
}
