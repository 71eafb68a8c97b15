//! What a side's clock shows, how it is written, and when the writing next changes.
//!
//! A clock shows `m:ss` (or `h:mm:ss`) above ten seconds and `0:ss.t` with tenths at ten seconds
//! and under. The shown figure is rounded **up**, so a clock shows zero only once its flag has
//! fallen (ruling R-CLOCK-ZERO). A simple delay still to run is shown in whole seconds, rounded
//! up. The `next_*` helpers give how long until the writing changes, so that the app redraws
//! once a second (ten times a second under ten seconds) instead of every frame.

/// One side's clock as the app draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    /// Time left (ms), rounded nowhere: `text` rounds it for display.
    pub remaining: u64,
    /// The simple delay still to run on this turn before the main time moves, when the side is
    /// to move and some is left.
    pub delay: Option<u64>,
    /// The side is to move (its clock runs, or would run but for a pause).
    pub to_move: bool,
    /// The side's clock runs now.
    pub running: bool,
    /// The side's flag has fallen.
    pub flagged: bool,
}

impl Face {
    /// The time as shown: `5:00`, `1:02:03`, `0:09.9`.
    pub fn text(&self) -> String {
        format_ms(self.remaining)
    }

    /// The delay as shown, whole seconds rounded up: `"3"`.
    pub fn delay_text(&self) -> Option<String> {
        self.delay.map(format_delay)
    }
}

/// Above ten seconds, the time above ten seconds is shown in whole seconds.
const TENTHS_FROM: u64 = 10_000;

/// `m:ss` (`h:mm:ss` from an hour) above ten seconds, `0:ss.t` at ten seconds and under;
/// rounded up, so only zero shows `0:00.0`.
pub fn format_ms(ms: u64) -> String {
    if ms > TENTHS_FROM {
        let secs = ms.div_ceil(1000);
        let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        if h > 0 {
            format!("{h}:{m:02}:{s:02}")
        } else {
            format!("{m}:{s:02}")
        }
    } else {
        let tenths = ms.div_ceil(100);
        format!("0:{:02}.{}", tenths / 10, tenths % 10)
    }
}

/// A delay in whole seconds, rounded up.
pub fn format_delay(ms: u64) -> String {
    ms.div_ceil(1000).to_string()
}

/// A setting for menus: `5 s`, `2.5 s`, `5:00`, `1:30`, `1:00:00`.
pub fn format_setting(ms: u64) -> String {
    let frac = |ms: u64| {
        let f = ms % 1000;
        if f == 0 {
            String::new()
        } else {
            format!(".{f:03}").trim_end_matches('0').to_string()
        }
    };
    if ms < 60_000 {
        format!("{}{} s", ms / 1000, frac(ms))
    } else {
        let secs = ms / 1000;
        let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        if h > 0 {
            format!("{h}:{m:02}:{s:02}{}", frac(ms))
        } else {
            format!("{m}:{s:02}{}", frac(ms))
        }
    }
}

/// How long until a falling time of `r` ms shows differently (0 when it is already 0).
pub(crate) fn next_falling(r: u64) -> u64 {
    if r == 0 {
        return 0;
    }
    let step = if r > TENTHS_FROM { 1000 } else { 100 };
    r - (r - 1) / step * step
}

/// How long until a rising time of `r` ms shows differently.
pub(crate) fn next_rising(r: u64) -> u64 {
    let step = if r >= TENTHS_FROM { 1000 } else { 100 };
    r.div_ceil(step).saturating_mul(step).saturating_sub(r) + 1
}

/// How long until a falling delay of `d` ms (> 0) shows differently (or disappears).
pub(crate) fn next_delay(d: u64) -> u64 {
    if d == 0 {
        return 0;
    }
    d - (d - 1) / 1000 * 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts() {
        assert_eq!(format_ms(300_000), "5:00");
        assert_eq!(format_ms(299_001), "5:00");
        assert_eq!(format_ms(299_000), "4:59");
        assert_eq!(format_ms(10_001), "0:11");
        assert_eq!(format_ms(10_000), "0:10.0");
        assert_eq!(format_ms(9_901), "0:10.0");
        assert_eq!(format_ms(9_900), "0:09.9");
        assert_eq!(format_ms(1), "0:00.1");
        assert_eq!(format_ms(0), "0:00.0");
        assert_eq!(format_ms(3_600_000), "1:00:00");
        assert_eq!(format_ms(3_599_001), "1:00:00");
        assert_eq!(format_ms(3_599_000), "59:59");
        assert_eq!(format_ms(3_723_000), "1:02:03");
        assert_eq!(format_delay(5_000), "5");
        assert_eq!(format_delay(4_001), "5");
        assert_eq!(format_delay(1), "1");
        assert_eq!(format_setting(5_000), "5 s");
        assert_eq!(format_setting(2_500), "2.5 s");
        assert_eq!(format_setting(300_000), "5:00");
        assert_eq!(format_setting(90_000), "1:30");
        assert_eq!(format_setting(3_600_000), "1:00:00");
    }

    #[test]
    fn next_changes_are_the_first_instant_the_text_differs() {
        for r in 0..25_000u64 {
            if r > 0 {
                let k = next_falling(r);
                assert!(k >= 1 && k <= r, "{r}");
                assert_ne!(format_ms(r - k), format_ms(r), "falling {r}");
                assert_eq!(format_ms(r - k + 1), format_ms(r), "falling {r}");
                let d = next_delay(r);
                assert_ne!(format_delay(r - d), format_delay(r), "delay {r}");
                assert_eq!(format_delay(r - d + 1), format_delay(r), "delay {r}");
            }
            let k = next_rising(r);
            assert!(k >= 1);
            assert_ne!(format_ms(r + k), format_ms(r), "rising {r}");
            assert_eq!(format_ms(r + k - 1), format_ms(r), "rising {r}");
        }
    }
}
