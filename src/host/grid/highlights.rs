//! Highlights as data, computed from the match's legal actions only: the picked cell, and each
//! target of an action from the pick with its kind (a move, or a capture when the action removes
//! pieces). The view draws them; tests compare them with the rules' actions. While the move list
//! is reviewed, only the reviewed position's last action is marked.
use super::{ActiveMatch, GridGameSet, GridReview, GridSelection, Pick};
use bevy::prelude::*;
use game_api::{ActionView, Cell};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    Move,
    Capture,
}

#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct GridHighlights {
    pub selected: Option<Cell>,
    /// Where the last played action went from and to (the last-move mark).
    pub last: Vec<Cell>,
    /// Sorted by cell, then mark; no duplicates.
    pub targets: Vec<(Cell, Mark)>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        compute
            .after(super::intents::apply)
            .in_set(GridGameSet)
            .run_if(
                crate::host::grid::match_changed
                    .or_eager(resource_changed::<GridSelection>)
                    .or_eager(resource_changed::<GridReview>),
            ),
    );
}

/// Whether an action starts from the pick.
pub fn from_pick(a: &ActionView, pick: &Pick) -> bool {
    match pick {
        Pick::Cell(c) => a.cells.from == Some(*c),
        Pick::Reserve { kind, .. } => {
            a.cells.from.is_none() && a.cells.from_reserve.as_deref() == Some(kind.as_str())
        }
    }
}

/// The marks for a pick: the targets of every legal action from it.
pub fn targets(actions: &[ActionView], pick: &Pick) -> Vec<(Cell, Mark)> {
    let mut t: Vec<(Cell, Mark)> = actions
        .iter()
        .filter(|a| from_pick(a, pick))
        .filter_map(|a| {
            a.cells.to.map(|to| {
                (
                    to,
                    if a.cells.captures.is_empty() {
                        Mark::Move
                    } else {
                        Mark::Capture
                    },
                )
            })
        })
        .collect();
    t.sort();
    t.dedup();
    t
}

fn compute(
    m: Res<ActiveMatch>,
    sel: Res<GridSelection>,
    review: Res<GridReview>,
    mut hl: ResMut<GridHighlights>,
) {
    let last_action = match review.0 {
        Some(steps) => steps.checked_sub(1).and_then(|i| m.game.step_action(i)),
        None => m.game.last_action(),
    };
    let last = last_action
        .map(|a| a.cells.from.into_iter().chain(a.cells.to).collect())
        .unwrap_or_default();
    let new = match sel.0.as_ref().filter(|_| review.0.is_none()) {
        Some(p) => GridHighlights {
            selected: match p {
                Pick::Cell(c) => Some(*c),
                Pick::Reserve { .. } => None,
            },
            last,
            targets: targets(&m.game.actions(), p),
        },
        None => GridHighlights {
            last,
            ..Default::default()
        },
    };
    if *hl != new {
        *hl = new;
    }
}
