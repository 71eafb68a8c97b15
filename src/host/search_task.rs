//! A computer search running off the main thread, as every game's computer player drives it
//! (`grid/computer.rs`, `packs/veney/computer.rs`): the task on the async compute pool, whether
//! it is a hint, which position (`K`) and seat it was for, and since when; polling it keeps the
//! app redrawing (for the indicator) until it is done. And the panel's indicator line.
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy_egui::egui;
use std::time::Instant;

pub struct SearchTask<T, K> {
    task: Option<Task<T>>,
    /// A hint for a person, rather than the computer's own move.
    pub hint: bool,
    /// The position searched: a result for another one is dropped.
    pub key: Option<K>,
    /// Whom it searches for, as the panel names them.
    pub who: String,
    started: Option<Instant>,
    /// The search's stop flag (`game_ai::Config::stop`): raised when the task is dropped, so a
    /// search left behind (undo, a load, a new game) ends now rather than at its budget — a
    /// dropped task alone does not stop a search that never yields (a review found the old
    /// search keeping the cores for the new one's time).
    stop: game_ai::Stop,
}

impl<T, K> Default for SearchTask<T, K> {
    fn default() -> Self {
        SearchTask {
            task: None,
            hint: false,
            key: None,
            who: String::new(),
            started: None,
            stop: game_ai::Stop::default(),
        }
    }
}

impl<T, K> Drop for SearchTask<T, K> {
    fn drop(&mut self) {
        self.stop.raise();
    }
}

impl<T: Send + 'static, K: Copy + PartialEq> SearchTask<T, K> {
    /// Starts `job` on the async compute pool; `stop` is the flag its search was configured
    /// with (`game_ai::Config::stop`).
    pub fn start(
        job: impl FnOnce() -> T + Send + 'static,
        hint: bool,
        key: K,
        who: String,
        stop: game_ai::Stop,
    ) -> Self {
        SearchTask {
            task: Some(AsyncComputeTaskPool::get().spawn(async move { job() })),
            hint,
            key: Some(key),
            who,
            started: Some(Instant::now()),
            stop,
        }
    }

    pub fn busy(&self) -> bool {
        self.task.is_some()
    }

    /// Whether the search has finished and its result waits to be taken (the board covered,
    /// the move list reviewed).
    pub fn found(&self) -> bool {
        self.task.as_ref().is_some_and(|t| t.is_finished())
    }

    /// The computer's own search (not a hint) with `left` ms on its clock (`ClockView`): once
    /// its thinking has taken a third of what it had when it began (`left` below twice the time
    /// spent), or under half a second is left, it plays the best found so far — its level's
    /// budget is per decision and knows nothing of the clock (a review found the strongest
    /// level, five seconds a decision, losing on a five-second clock).
    pub fn hurry_for_clock(&mut self, left: Option<u64>) {
        let Some(left) = left else { return };
        if !self.busy() || self.hint || self.stop.raised() {
            return;
        }
        let spent = self.seconds() * 1_000.0;
        if left < HURRY_BELOW_MS || (left as f64) < 2.0 * spent {
            self.stop.raise();
        }
    }

    /// Whether the search was told to play what it has found (`hurry_for_clock`).
    pub fn hurried(&self) -> bool {
        self.busy() && self.stop.raised()
    }

    /// Seconds since the search began.
    pub fn seconds(&self) -> f64 {
        self.started.map_or(0.0, |t| t.elapsed().as_secs_f64())
    }

    /// Drops a search for a position other than `now` (undo, load, a new game).
    pub fn cancel_unless(&mut self, now: K) {
        if self.busy() && self.key != Some(now) {
            *self = SearchTask::default();
        }
    }

    /// Each frame: keeps the app awake while the search runs; when it is done, its result if it
    /// is for the position `now` (whether it was a hint with it), and the task is cleared.
    pub fn poll(&mut self, now: K, wake: &mut ResMut<super::Wake>) -> Option<(T, bool)> {
        let task = self.task.as_mut()?;
        wake.set_changed();
        let result = check_ready(task)?;
        let (hint, key) = (self.hint, self.key);
        *self = SearchTask::default();
        (key == Some(now)).then_some((result, hint))
    }

    /// The panel's line while it runs: a spinner, what it does, for whom, for how long.
    pub fn indicator(&self, ui: &mut egui::Ui) {
        if !self.busy() {
            return;
        }
        // Done, its result waiting for the board: no spinner, no time counting on (a review
        // found "thinking … 38.4 s" counting while the found move waited for a review's end).
        if self.found() {
            let what = if self.hint {
                "A hint is found"
            } else {
                "The computer has chosen its move"
            };
            ui.label(format!(
                "{what} ({}): it is shown once the live board is back",
                self.who
            ));
            return;
        }
        let what = if self.hint {
            "Looking for a hint"
        } else {
            "The computer is thinking"
        };
        ui.horizontal(|ui| {
            ui.add(egui::Spinner::new());
            ui.label(format!("{what} ({}) … {:.1} s", self.who, self.seconds()));
        });
    }
}

/// Under this much time left on its clock the computer plays at once what it has found.
const HURRY_BELOW_MS: u64 = 500;

/// The status line of a hint found: the action and the chooser's expected score — a win 100 %,
/// a draw 50 %, a loss for both 25 % (§2.0.20 "like a draw, but worse"), a loss 0 (a review
/// found a certain shared loss called a "win estimate" of 25 %).
pub fn hint_note(text: &str, value: f64) -> String {
    format!("hint: {text} (expected score {:.0} %)", value * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A double checkmate's ¼ (§2.0.20 "like a draw, but worse") is no chance of winning: the
    /// hint names the value an expected score, never a win estimate.
    #[test]
    fn a_hints_value_is_an_expected_score() {
        let note = hint_note("$tY9!##", 0.25);
        assert_eq!(note, "hint: $tY9!## (expected score 25 %)");
        assert!(!note.contains("win"), "{note}");
    }

    /// A search that has finished, its result not yet taken, is `found` (the indicator stops
    /// counting): still `busy` until polled.
    #[test]
    fn a_finished_search_is_found_before_it_is_polled() {
        bevy::tasks::AsyncComputeTaskPool::get_or_init(bevy::tasks::TaskPool::new);
        let t: SearchTask<u8, u8> =
            SearchTask::start(|| 7, false, 1, "Black".into(), game_ai::Stop::default());
        let start = Instant::now();
        while !t.found() {
            assert!(start.elapsed().as_secs() < 10, "the job never finished");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(t.busy(), "not taken yet");
        let idle: SearchTask<u8, u8> = SearchTask::default();
        assert!(!idle.found());
    }

    /// A search that runs until its stop flag is raised, started on the compute pool.
    fn endless(hint: bool) -> (SearchTask<u32, u8>, game_ai::Stop) {
        AsyncComputeTaskPool::get_or_init(bevy::tasks::TaskPool::default);
        let stop = game_ai::Stop::new();
        let seen = stop.clone();
        let task = SearchTask::start(
            move || {
                while !seen.raised() {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                7
            },
            hint,
            1,
            "White".into(),
            stop.clone(),
        );
        (task, stop)
    }

    /// The computer's search plays what it has when its clock runs short: under half a second
    /// left, or once it has spent a third of what it had; not with time to spare, not for a
    /// hint, not without a clock.
    #[test]
    fn the_computer_hurries_only_when_its_clock_runs_short() {
        let (mut task, stop) = endless(false);
        task.hurry_for_clock(None);
        task.hurry_for_clock(Some(60_000));
        assert!(!stop.raised(), "time to spare");
        task.hurry_for_clock(Some(HURRY_BELOW_MS - 1));
        assert!(stop.raised() && task.hurried());
        let (mut hint, stop) = endless(true);
        hint.hurry_for_clock(Some(1));
        assert!(!stop.raised(), "a hint is the person's own time");
        stop.raise();
        let (mut task, stop) = endless(false);
        std::thread::sleep(std::time::Duration::from_millis(30));
        task.hurry_for_clock(Some(HURRY_BELOW_MS + 10));
        assert!(!stop.raised(), "30 ms spent of over 500");
        task.started = Some(Instant::now() - std::time::Duration::from_millis(400));
        task.hurry_for_clock(Some(HURRY_BELOW_MS + 10));
        assert!(stop.raised(), "400 ms spent, 510 left");
    }
}
