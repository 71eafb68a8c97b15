//! Letter keys by the letter printed on them — the logical key — not by where the key sits:
//! Bevy's `KeyCode` is the physical position (`KeyY` is the key labelled Z on a German keyboard,
//! `KeyZ` the W of a French one), so on those keyboards Ctrl+Z redid, F and M moved elsewhere
//! (a review found it). egui's own text fields read the letter too. On a layout whose keys give
//! no Latin letter (Russian, Greek: Ctrl+Z gives `я`) the key is read where it sits, as the Latin
//! layout would label it, so the shortcuts still work there (a later review found them dead).
use bevy::input::keyboard::Key;
use bevy::prelude::*;

/// Whether the key printed `letter` (either case, an ASCII letter) went down this frame: by the
/// letter the key gave, or — when a key this frame gave another script's letter and none a Latin
/// one — by the key at the position `letter` has on a Latin keyboard.
pub fn just_pressed(keys: &ButtonInput<KeyCode>, letters: &ButtonInput<Key>, letter: &str) -> bool {
    // A letter of the Latin script, accented ones too (Turkish F's `ğ` on the E key, Polish
    // AltGr's `ż`): such a layout is read by its letters, never by place (a review found `ğ`
    // firing E).
    let latin = |k: &Key| matches!(k, Key::Character(c) if c.chars().all(|ch| ch.is_alphabetic() && latin_script(ch)));
    if letters
        .get_just_pressed()
        .any(|k| matches!(k, Key::Character(c) if c.eq_ignore_ascii_case(letter)))
    {
        return true;
    }
    // Another script's letter (not a Latin one, nor a sign such as Dvorak's `;` where QWERTY
    // has Z, which must not undo).
    let other_script = |k: &Key| matches!(k, Key::Character(c) if c.chars().all(|ch| ch.is_alphabetic() && !latin_script(ch)));
    !letters.get_just_pressed().any(latin)
        && letters.get_just_pressed().any(other_script)
        && position_of(letter).is_some_and(|code| keys.just_pressed(code))
}

/// Whether `ch` is of the Latin script's blocks (Basic Latin to Latin Extended-B, IPA, Latin
/// Extended Additional, -C, -D).
fn latin_script(ch: char) -> bool {
    matches!(ch as u32, 0..=0x02AF | 0x1E00..=0x1EFF | 0x2C60..=0x2C7F | 0xA720..=0xA7FF)
}

/// The key a Latin (QWERTY) keyboard labels `letter`.
fn position_of(letter: &str) -> Option<KeyCode> {
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return None;
    };
    const CODES: [KeyCode; 26] = [
        KeyCode::KeyA,
        KeyCode::KeyB,
        KeyCode::KeyC,
        KeyCode::KeyD,
        KeyCode::KeyE,
        KeyCode::KeyF,
        KeyCode::KeyG,
        KeyCode::KeyH,
        KeyCode::KeyI,
        KeyCode::KeyJ,
        KeyCode::KeyK,
        KeyCode::KeyL,
        KeyCode::KeyM,
        KeyCode::KeyN,
        KeyCode::KeyO,
        KeyCode::KeyP,
        KeyCode::KeyQ,
        KeyCode::KeyR,
        KeyCode::KeyS,
        KeyCode::KeyT,
        KeyCode::KeyU,
        KeyCode::KeyV,
        KeyCode::KeyW,
        KeyCode::KeyX,
        KeyCode::KeyY,
        KeyCode::KeyZ,
    ];
    c.is_ascii_alphabetic()
        .then(|| CODES[(c.to_ascii_lowercase() as u8 - b'a') as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The letter counts, in either case (Shift held gives the capital), whatever key it sits on.
    #[test]
    fn a_letter_is_read_by_what_the_key_says() {
        let mut keys = ButtonInput::<KeyCode>::default();
        let mut letters = ButtonInput::<Key>::default();
        letters.press(Key::Character("z".into()));
        keys.press(KeyCode::KeyY);
        assert!(just_pressed(&keys, &letters, "z"));
        assert!(
            !just_pressed(&keys, &letters, "y"),
            "QWERTZ's Z is where Y sits"
        );
        letters.clear();
        keys.clear();
        letters.press(Key::Character("Z".into()));
        assert!(just_pressed(&keys, &letters, "z"), "with Shift");
        letters.clear();
        assert!(
            !just_pressed(&keys, &letters, "z"),
            "held, not just pressed"
        );
    }

    /// A layout giving no Latin letter (Russian: the Z key gives `я`): the key is read where it
    /// sits (a review found undo, redo and every letter shortcut dead there).
    #[test]
    fn a_non_latin_layout_is_read_by_the_keys_place() {
        let mut keys = ButtonInput::<KeyCode>::default();
        let mut letters = ButtonInput::<Key>::default();
        letters.press(Key::Character("я".into()));
        keys.press(KeyCode::KeyZ);
        assert!(just_pressed(&keys, &letters, "z"));
        assert!(!just_pressed(&keys, &letters, "y"));
        // A sign (Dvorak's `;` sits where QWERTY has Z), an accented Latin letter (Turkish F's
        // `ğ`, Polish AltGr's `ż`) or no character at all is not read as a letter's place.
        for key in [
            Key::Character(";".into()),
            Key::Character("ğ".into()),
            Key::Character("ż".into()),
            Key::ArrowLeft,
        ] {
            let mut keys = ButtonInput::<KeyCode>::default();
            let mut letters = ButtonInput::<Key>::default();
            letters.press(key);
            keys.press(KeyCode::KeyZ);
            assert!(!just_pressed(&keys, &letters, "z"));
        }
    }
}
