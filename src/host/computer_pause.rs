//! A game the computer plays on every seat waits after an Undo: seeded as before, the computer
//! would play the undone turn again at once, and the Undo would change nothing to see (a review
//! found it so). It plays on when asked ("Play on" in the panel); another game shown meanwhile
//! plays, and the one undone waits for its return.
//! Each host keeps one `PauseWatch` and follows its game with it every frame.

/// Whether a host's computer-only game waits, and for which game.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PauseWatch {
    /// The game followed (its host's id of it).
    seen: Option<u64>,
    /// The game that waits, when one does: another game shown meanwhile (a grid host's other
    /// screen) leaves it waiting for its return (a review found the pause lost on a trip to
    /// Kelasu's screen, the undone turn played again on the way back).
    waiting: Option<u64>,
    /// The game followed waits for "Play on".
    pub paused: bool,
}

impl PauseWatch {
    /// An Undo was made in the game followed: with the computer on every seat (`all_computer`)
    /// it waits.
    pub fn undone(&mut self, all_computer: bool) {
        if all_computer {
            self.paused = true;
            self.waiting = self.seen;
        }
    }

    /// Follows the game `id`, whose every seat is the computer's when `all_computer`: another
    /// game plays on (the one that waits still waits for its return). Whether the computer
    /// waits now.
    pub fn follow(&mut self, id: u64, all_computer: bool) -> bool {
        if self.seen != Some(id) {
            self.seen = Some(id);
            self.paused = self.waiting == Some(id);
        }
        // A person at a seat now: nothing waits.
        if !all_computer {
            self.play_on();
        }
        self.paused && all_computer
    }

    /// "Play on": the computer goes on from here.
    pub fn play_on(&mut self) {
        self.paused = false;
        if self.waiting == self.seen {
            self.waiting = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PauseWatch;

    #[test]
    fn an_undo_pauses_a_computer_only_game_until_play_on_or_another_game() {
        let mut w = PauseWatch::default();
        assert!(!w.follow(1, true));
        w.undone(true);
        assert!(w.follow(1, true), "an undo: it waits");
        assert!(w.follow(1, true), "still");
        w.play_on();
        assert!(!w.follow(1, true));
        w.undone(true);
        assert!(!w.follow(2, true), "another game plays on");
        assert!(w.follow(1, true), "and the one undone waits on its return");
        w.play_on();
        assert!(!w.follow(2, true));
        assert!(!w.follow(1, true), "played on: no longer waits");
        // With a person at a seat, an undo is the person's: nothing waits, nor later when the
        // seat is the computer's again.
        w.undone(false);
        assert!(!w.follow(2, false));
        w.undone(true);
        assert!(!w.follow(2, false));
        assert!(!w.follow(2, true));
    }
}
