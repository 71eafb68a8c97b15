//! On/off environment variables (`VENEY_MUTE`, `VENEY_CONTINUOUS`, …): set to anything but an
//! "off" word, they are on. `VENEY_MUTE=0` leaves the sound on, as a reader of the README expects.

use std::ffi::OsStr;

/// Whether the on/off variable `name` is on.
pub fn flag(name: &str) -> bool {
    is_on(std::env::var_os(name).as_deref())
}

/// Unset, empty, `0`, `false`, `no` and `off` (any case, spaces around ignored) are off;
/// anything else is on.
pub fn is_on(value: Option<&OsStr>) -> bool {
    let Some(value) = value else {
        return false;
    };
    let text = value.to_string_lossy();
    let word = text.trim().to_ascii_lowercase();
    !matches!(word.as_str(), "" | "0" | "false" | "no" | "off")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_words_are_off_and_anything_else_is_on() {
        assert!(!is_on(None));
        for off in ["", "0", "false", "FALSE", " no ", "Off"] {
            assert!(!is_on(Some(OsStr::new(off))), "{off:?} should be off");
        }
        for on in ["1", "true", "yes", "on", "anything"] {
            assert!(is_on(Some(OsStr::new(on))), "{on:?} should be on");
        }
    }
}
