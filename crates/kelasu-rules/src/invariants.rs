//! What every reachable position satisfies; position text is checked against the same rules.
use crate::options::KelasuOptions;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use std::fmt;

/// The most Stones one side can hold: the text's "up to … 8 Stones on one side" — its own four
/// and the opponent's four converted by Diplomats; none is merged, a Stone costing 21 Blanks
/// and a side never holding more than its 20 (see the Blanks check below).
pub const MAX_STONES: i16 = 8;

/// The field of the position text a check concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Board,
    Side,
    Energy,
    Phase,
    Moved,
    Quiet,
    History,
}

impl Field {
    pub fn index(self) -> usize {
        self as usize
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub field: Field,
    pub why: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.field, self.why)
    }
}

impl std::error::Error for PositionError {}

pub fn check(p: &Position, o: &KelasuOptions) -> Result<(), PositionError> {
    let err = |field, why: String| Err(PositionError { field, why });
    let total = p.pieces().count();
    if total > 48 {
        return err(
            Field::Board,
            format!("{total} pieces; the two sets start with 48 and none are added"),
        );
    }
    // Each side starts with 20 Blanks and gains one only by converting it, which sacrifices a
    // Diplomat merged from four ("Converting a piece sacrifices the original Diplomat"): no side
    // ever holds more than 20. The merge search grows with the Blanks joined together, so a
    // hand-written board of more would hang the reader's first listing.
    // Nor Blanks and Diplomats together: a merge lowers the sum, a conversion keeps it at
    // most (the Diplomat goes, the converted piece comes), a loss lowers it — so a conversion
    // from a position that reads never gives a 21st Blank (a review found one read, its
    // result refused).
    for side in crate::side::Side::BOTH {
        let blanks = p.count(side, Kind::Blank);
        let diplomats = p.count(side, Kind::Diplomat);
        if blanks > 20 {
            return err(
                Field::Board,
                format!(
                    "{blanks} {side:?} Blanks; a side starts with 20 and never gains more (a \
                     conversion sacrifices a Diplomat merged from four)"
                ),
            );
        }
        if blanks + diplomats > 20 {
            return err(
                Field::Board,
                format!(
                    "{blanks} {side:?} Blanks and {diplomats} Diplomats: more than the 20 Blanks a \
                     side starts with (a Diplomat is merged from four, and converting a Blank \
                     sacrifices it)"
                ),
            );
        }
    }
    // Stones are never made in play (a Stone costs 21 Blanks, more than a side ever holds):
    // the 4 of each set, 8 in all, "up to … 8 Stones on one side" by conversion (a review found
    // 8 of one side's beside another read, a conversion then giving 9 and refused).
    for s in [crate::side::Side::Blue, crate::side::Side::Red] {
        if p.stones(s) as i16 > MAX_STONES {
            return err(
                Field::Board,
                format!(
                    "{} {s:?} Stones: a side holds at most {MAX_STONES} (\"up to … 8 Stones on one side\")",
                    p.stones(s)
                ),
            );
        }
    }
    let stones = p.stones(crate::side::Side::Blue) as i16 + p.stones(crate::side::Side::Red) as i16;
    if stones > MAX_STONES {
        return err(
            Field::Board,
            format!(
                "{stones} Stones on the board: the two sets hold {MAX_STONES}, and a Stone is never made in play (it costs 21 Blanks)"
            ),
        );
    }
    let side = p.to_move;
    if p.acted {
        if p.energy < 1 {
            return err(
                Field::Energy,
                format!(
                    "energy {} mid-turn: the turn ends when energy runs out",
                    p.energy
                ),
            );
        }
        // A turn's energy is the mover's Stones at its start, and spending never adds to it: at
        // most MAX_STONES (a review found any energy read, and a turn of 32,767 never listed),
        // and below the mover's Stones now (its Stones never fall during its own turn, and an
        // action was paid for; a review found 4 energy read beside 4 Stones mid-turn).
        let stones = p.stones(side) as i16;
        if p.energy >= stones && p.energy <= MAX_STONES {
            return err(
                Field::Energy,
                format!(
                    "energy {} mid-turn with {stones} Stones: a turn starts with the mover's Stones and has spent some already",
                    p.energy
                ),
            );
        }
        if p.energy > MAX_STONES {
            return err(
                Field::Energy,
                format!(
                    "energy {} mid-turn: a turn starts with the mover's Stones, at most {MAX_STONES} (\"up to … 8 Stones on one side\"), and only spends it",
                    p.energy
                ),
            );
        }
        if p.quiet < -1 {
            return err(Field::Quiet, format!("count {} is below -1", p.quiet));
        }
        // Each piece marked moved cost at least one energy of this turn's, which began at the
        // mover's Stones (a review found two moved pieces read beside one energy spent).
        let moved = p.moved.count() as i16;
        if moved > stones - p.energy {
            return err(
                Field::Moved,
                format!(
                    "{moved} pieces moved mid-turn, but only {} energy of {stones} is spent",
                    stones - p.energy
                ),
            );
        }
        // A Blank that moved this turn began the 64-turn count again (-1 until the turn ends;
        // a review found a count read that a moved Blank had not reset).
        if p.quiet != -1
            && p.moved
                .squares()
                .any(|s| p.piece_at(s) == Some(Piece::new(side, Kind::Blank)))
        {
            return err(
                Field::Quiet,
                format!(
                    "count {}: a Blank has moved this turn, so the count is -1 until the turn ends",
                    p.quiet
                ),
            );
        }
    } else {
        let stones = p.stones(side) as i16;
        if p.energy != stones {
            return err(
                Field::Energy,
                format!(
                    "a turn starts with energy equal to the mover's Stones ({stones}), not {}",
                    p.energy
                ),
            );
        }
        if !p.moved.is_empty() {
            return err(
                Field::Moved,
                "nothing has moved at the start of a turn".into(),
            );
        }
        if p.quiet < 0 {
            return err(Field::Quiet, format!("count {} at a turn start", p.quiet));
        }
        if p.history().last() != Some(&p.repetition_key()) {
            return err(
                Field::History,
                // A hand-edited board with its old keys kept (a review found no way out named).
                "the history must end with the current turn start's key; write `-` (or leave \
                 the field out) to make this position the first of its game"
                    .into(),
            );
        }
    }
    // A turn that starts at the limit is a draw and has no actions: mid-turn the count is below
    // it (a review found 2n read mid-turn, whose `end` gave a position the reader refused).
    if let Some(n) = o.quiet_full_turns
        && (i32::from(p.quiet) > 2 * i32::from(n)
            || (p.acted && i32::from(p.quiet) >= 2 * i32::from(n)))
    {
        return err(
            Field::Quiet,
            format!(
                "count {} is past the limit of {} turns{}",
                p.quiet,
                2 * n,
                if p.acted {
                    " (mid-turn it is below the limit: a turn starting at it is drawn)"
                } else {
                    ""
                }
            ),
        );
    }
    for s in p.moved.squares() {
        match p.piece_at(s) {
            Some(q) if q.side == side && q.kind != Kind::Stone => {}
            _ => {
                return err(
                    Field::Moved,
                    format!(
                        "{} is marked moved but holds no movable piece of the mover",
                        s.name()
                    ),
                );
            }
        }
    }
    Ok(())
}
