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

/// The status line of a hint found: the action and the chooser's win estimate.
pub fn hint_note(text: &str, value: f64) -> String {
    format!("hint: {text} (win estimate {:.0} %)", value * 100.0)
}
