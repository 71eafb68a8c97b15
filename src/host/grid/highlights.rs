//! Highlights as data, computed from the match's legal actions only: the picked cell, and each
//! target of an action from the pick with its kind (a move, a move to a square where the piece
//! could also take, or a capture when the action removes pieces). Where the game draws its
//! pieces' patterns (`piece_reach`), the rest of the picked piece's pattern is marked faintly
//! with what each square allows, legal now or not. The view draws them; tests compare them with
//! the rules' actions. While the move list is reviewed, only the reviewed position's last action
//! is marked.
use super::{ActiveMatch, GridGameSet, GridReview, GridSelection, Pick};
use bevy::prelude::*;
use game_api::{ActionView, Cell, Reach};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// A move to an empty square that allows no capture (Kelasu's "." Move Only).
    Move,
    /// A move to an empty square where the piece could also take ("#" Move/Capture).
    MoveOrTake,
    /// The action takes an opposing piece, or acts on the one standing there (Kelasu's
    /// Diplomat converting): a ring.
    Capture,
}

#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct GridHighlights {
    pub selected: Option<Cell>,
    /// Where the last played action went from and to (the last-move mark).
    pub last: Vec<Cell>,
    /// Sorted by cell, then mark; no duplicates.
    pub targets: Vec<(Cell, Mark)>,
    /// The picked piece's pattern on squares no action reaches now (sorted by cell).
    pub pattern: Vec<(Cell, Reach)>,
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

/// The marks for a pick: the targets of every legal action from it (the pack's own dialog's
/// kinds left out); `reach` is the picked piece's pattern, telling a move to a Move Only square
/// from one to a Move/Capture square.
pub fn targets(
    m: &ActiveMatch,
    actions: &[ActionView],
    pick: &Pick,
    reach: &[(Cell, Reach)],
) -> Vec<(Cell, Mark)> {
    // Who stands where, as the viewer sees it: a target holding another's piece is acted on.
    let pieces = m.game.pieces(m.viewer());
    let owner = |c: Cell| pieces.iter().find(|p| p.cell == c).map(|p| p.owner);
    let mut t: Vec<(Cell, Mark)> = actions
        .iter()
        .filter(|a| from_pick(a, pick) && m.on_board(a))
        .filter_map(|a| {
            a.cells.to.map(|to| {
                let takes = reach.iter().any(|&(c, r)| c == to && r != Reach::MoveOnly);
                let mover = a.cells.from.and_then(owner).flatten();
                // Another's piece, or one nobody owns (Tirachen's neutral Traitor, taken
                // control of: a review found a dot drawn beside the ring).
                let acts_on_other = mover.is_some() && owner(to).is_some_and(|o| o != mover);
                (
                    to,
                    if !a.cells.captures.is_empty() || acts_on_other {
                        Mark::Capture
                    } else if takes {
                        Mark::MoveOrTake
                    } else {
                        Mark::Move
                    },
                )
            })
        })
        .collect();
    t.sort();
    t.dedup();
    t
}

/// The pattern's squares that no target covers.
pub fn pattern(reach: &[(Cell, Reach)], targets: &[(Cell, Mark)]) -> Vec<(Cell, Reach)> {
    let mut p: Vec<(Cell, Reach)> = reach
        .iter()
        .filter(|(c, _)| !targets.iter().any(|(t, _)| t == c))
        .copied()
        .collect();
    p.sort();
    p.dedup();
    p
}

/// Where every action of the turn that ends at step `shown` went from and to, in order, each
/// cell once: a Kelasu turn is up to one action per Stone, a Tirachen Traitor's capture has its
/// extra move, and an `end` has no cells (a review found only the turn's last action marked,
/// and nothing after a turn ended with `end`).
fn last_turn_cells(m: &ActiveMatch, shown: usize) -> Vec<Cell> {
    let Some(i) = shown.checked_sub(1) else {
        return Vec::new();
    };
    let viewer = m.viewer();
    let first = (m.game.turns(viewer).iter().rev())
        .map(|t| t.first_step)
        .find(|&f| f <= i)
        .unwrap_or(i);
    let mut cells: Vec<Cell> = Vec::new();
    for a in (first..=i).filter_map(|j| m.game.step_action(j, viewer)) {
        for c in a.cells.from.into_iter().chain(a.cells.to) {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    cells
}

fn compute(
    m: Res<ActiveMatch>,
    sel: Res<GridSelection>,
    review: Res<GridReview>,
    mut hl: ResMut<GridHighlights>,
) {
    let shown = review.0.unwrap_or_else(|| m.game.history_len());
    let last = last_turn_cells(&m, shown);
    let new = match sel.0.as_ref().filter(|_| review.0.is_none()) {
        Some(p) => {
            let reach = match p {
                Pick::Cell(c) => m.game.piece_reach(*c),
                Pick::Reserve { .. } => Vec::new(),
            };
            let targets = targets(&m, &m.actions(), p, &reach);
            GridHighlights {
                selected: match p {
                    Pick::Cell(c) => Some(*c),
                    Pick::Reserve { .. } => None,
                },
                last,
                pattern: pattern(&reach, &targets),
                targets,
            }
        }
        None => GridHighlights {
            last,
            ..Default::default()
        },
    };
    if *hl != new {
        *hl = new;
    }
}
