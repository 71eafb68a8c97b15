//! Reviewing the move list: a click on a turn shows the board (pieces and trays) as it stood
//! after that turn, read from the match's own history (`AnyMatch::pieces_after`,
//! `reserves_after`), never replayed here. While an earlier position is shown nothing is played:
//! a click, a tray pick or an action button asks to return to live first; undo, redo, load and
//! Esc return to live and go on (as Veney's own move list does).
use super::{ActiveMatch, GridGameSet};
use bevy::prelude::*;
use game_api::{PieceView, ReserveView, TurnText};

/// The position shown instead of the live one: after this many actions of the history
/// (`None`: the live game).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridReview(pub Option<usize>);

/// What the status line says when a move is tried while reviewing.
pub const RETURN_FIRST: &str =
    "reviewing an earlier position — \"Return to live\" (or Esc) to play";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GridReview>().add_systems(
        Update,
        forget
            .after(super::intents::apply)
            .in_set(GridGameSet)
            .run_if(super::match_changed),
    );
}

/// The number of actions played up to the end of turn `i` of `turns` (the next turn's first
/// action, or the whole history for the last turn).
pub fn turn_end(turns: &[TurnText], i: usize, history_len: usize) -> usize {
    turns.get(i + 1).map_or(history_len, |t| t.first_step)
}

impl ActiveMatch {
    /// The pieces the board shows: the reviewed position's, else the live ones.
    pub fn shown_pieces(&self, review: &GridReview) -> Vec<PieceView> {
        let viewer = self.viewer();
        match review.0 {
            Some(steps) => self.game.pieces_after(steps, viewer),
            None => self.game.pieces(viewer),
        }
    }

    /// The trays the board shows: the reviewed position's, else the live ones.
    pub fn shown_reserves(&self, review: &GridReview) -> Vec<ReserveView> {
        let viewer = self.viewer();
        match review.0 {
            Some(steps) => self.game.reserves_after(steps, viewer),
            None => self.game.reserves(viewer),
        }
    }
}

/// Another match while a position was reviewed (a new game, a resumed or loaded one), or a
/// history shorter than the reviewed position: back to live. A change that leaves the reviewed
/// turns as they were — the table clock's time written into the match at a press (a review
/// found a press on the real board's clock throwing the reviewer back to live) — keeps the
/// review. The grid's own intents never play while reviewing.
fn forget(mut review: ResMut<GridReview>, m: Res<ActiveMatch>, mut seen: Local<Option<u64>>) {
    let same = *seen == Some(m.generation);
    *seen = Some(m.generation);
    if let Some(steps) = review.0
        && !(same && steps <= m.game.history_len())
    {
        review.0 = None;
    }
}
