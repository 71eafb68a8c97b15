//! A pane that appears where the last click landed (a hand-over after a secret pick) keeps its
//! button off for a moment: the second click of a double-click on the pick before it does not
//! press the new button (a review found a hand-over confirmed with the first player still at
//! the board).

/// How long (seconds) a newly shown pane's button stays off.
pub const SETTLE_SECONDS: f64 = 0.6;

/// When each pane (told apart by its key) was first shown.
#[derive(Debug)]
pub struct Settle<K> {
    shown: Option<(K, f64)>,
}

impl<K> Default for Settle<K> {
    fn default() -> Self {
        Settle { shown: None }
    }
}

impl<K: PartialEq> Settle<K> {
    /// Called each frame the pane `key` is drawn, at `now` (seconds): the time left before its
    /// button takes a click, or `None` once it does.
    pub fn settling(&mut self, key: K, now: f64) -> Option<f64> {
        let since = match &self.shown {
            Some((k, t)) if *k == key => *t,
            _ => {
                self.shown = Some((key, now));
                now
            }
        };
        let left = SETTLE_SECONDS - (now - since);
        (left > 0.0).then_some(left)
    }

    /// `settling` at the context's time, a redraw asked for when it settles (the idle app does
    /// not redraw on its own): the time left, or `None` once the button takes a click.
    pub fn settling_in(&mut self, ctx: &bevy_egui::egui::Context, key: K) -> Option<f64> {
        let left = self.settling(key, ctx.input(|i| i.time));
        if let Some(left) = left {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
        }
        left
    }

    /// No pane is shown: the next one settles afresh.
    pub fn clear(&mut self) {
        self.shown = None;
    }
}

#[cfg(test)]
mod tests {
    use super::{SETTLE_SECONDS, Settle};

    #[test]
    fn a_new_pane_settles_before_its_button_takes_a_click() {
        let mut s = Settle::default();
        assert_eq!(s.settling(1, 10.0), Some(SETTLE_SECONDS));
        assert!(s.settling(1, 10.3).is_some());
        assert_eq!(s.settling(1, 10.0 + SETTLE_SECONDS + 0.01), None);
        // Another pane (the next hand-over) settles afresh; so does one shown again after none.
        assert!(s.settling(2, 11.0).is_some());
        assert_eq!(s.settling(2, 12.0), None);
        s.clear();
        assert!(s.settling(2, 12.1).is_some());
    }
}
