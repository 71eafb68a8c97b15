//! The main window's size: `VENEY_WINDOW=WxH` when set (a short laptop screen's `960x760` for a
//! screenshot), else 960x940. A value that cannot be read is said, not passed over.

/// The size the window opens at when `VENEY_WINDOW` is not set or cannot be read.
pub const DEFAULT: (u32, u32) = (960, 940);
/// The least width and height `VENEY_WINDOW` may ask for.
pub const LEAST: u32 = 320;

/// The window's size from `VENEY_WINDOW`'s value (`None` when unset), and a warning to print when
/// the value was set and could not be used.
pub fn from_env(value: Option<&str>) -> ((u32, u32), Option<String>) {
    match value.map(read) {
        None => (DEFAULT, None),
        Some(Ok(size)) => (size, None),
        Some(Err(why)) => (
            DEFAULT,
            Some(format!(
                "{why}; the window opens at {}x{}",
                DEFAULT.0, DEFAULT.1
            )),
        ),
    }
}

/// `VENEY_WINDOW`'s value as width and height: two whole numbers joined by `x` (either case),
/// spaces around each allowed, each at least `LEAST`.
fn read(v: &str) -> Result<(u32, u32), String> {
    let bad = |what: &str| format!("VENEY_WINDOW={v:?} {what}");
    let (w, h) = v
        .split_once(['x', 'X'])
        .ok_or_else(|| bad("is not WIDTHxHEIGHT (e.g. 960x760)"))?;
    let number = |s: &str| s.trim().parse::<u32>().ok();
    let (Some(w), Some(h)) = (number(w), number(h)) else {
        return Err(bad("is not two whole numbers joined by x (e.g. 960x760)"));
    };
    if w < LEAST || h < LEAST {
        return Err(bad(&format!("is smaller than {LEAST}x{LEAST}")));
    }
    Ok((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_two_whole_numbers_joined_by_x() {
        assert_eq!(from_env(None), (DEFAULT, None));
        assert_eq!(from_env(Some("960x760")), ((960, 760), None));
        assert_eq!(from_env(Some(" 960 X 760 ")), ((960, 760), None));
        for (bad, says) in [
            ("960×760", "is not WIDTHxHEIGHT"),
            ("960x", "two whole numbers"),
            ("wide x 760", "two whole numbers"),
            ("300x900", "smaller than 320x320"),
        ] {
            let (size, warning) = from_env(Some(bad));
            assert_eq!(size, DEFAULT, "{bad}");
            let w = warning.expect(bad);
            assert!(w.contains(says) && w.contains("opens at 960x940"), "{w}");
        }
    }
}
