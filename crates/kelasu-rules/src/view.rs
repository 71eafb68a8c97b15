//! What a host draws: the board with its labels and zones, the pieces, and where actions touch.
use crate::action::Action;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;
use crate::zones::{home_rows, victory_tiles};
use game_api::{ActionCells, BoardDesc, Cell, PieceView, Shape, Zone};

pub fn cell(s: Square) -> Cell {
    Cell(s.0 as u16)
}

pub fn square(c: Cell) -> Option<Square> {
    (c.0 < 100).then_some(Square(c.0 as u8))
}

pub fn board() -> BoardDesc {
    let v = victory_tiles();
    let cell_colours = Square::all()
        .map(|s| {
            if v.contains(s) {
                [214, 178, 92]
            } else if (s.rank() + s.file()) % 2 == 0 {
                [228, 222, 206]
            } else {
                [196, 188, 170]
            }
        })
        .collect();
    let zone = |name: &str, owner, b: crate::bitboard::Bitboard| Zone {
        name: name.into(),
        owner,
        cells: b.squares().map(cell).collect(),
    };
    BoardDesc {
        shape: Shape::Grid {
            files: 10,
            ranks: 10,
            holes: vec![],
        },
        file_labels: (0..10).map(|f| f.to_string()).collect(),
        rank_labels: (0..10u8)
            .map(|r| ((b'A' + r) as char).to_string())
            .collect(),
        rank_first: true,
        first_rank_at_top: true,
        cell_colours,
        zones: vec![
            zone("victory tiles", None, v),
            zone(
                "Blue home rows",
                Some(Side::Blue.player()),
                home_rows(Side::Blue),
            ),
            zone(
                "Red home rows",
                Some(Side::Red.player()),
                home_rows(Side::Red),
            ),
        ],
    }
}

pub fn pieces(p: &Position) -> Vec<PieceView> {
    p.pieces()
        .map(|(s, q)| PieceView {
            cell: cell(s),
            owner: Some(q.side.player()),
            kind: q.kind.letter().to_string(),
            name: q.kind.name().to_string(),
        })
        .collect()
}

pub fn action_cells(p: &Position, a: Action) -> ActionCells {
    match a {
        Action::Move { from, to } | Action::Recall { from, to } => ActionCells {
            from: Some(cell(from)),
            to: Some(cell(to)),
            from_reserve: None,
            captures: p.piece_at(to).map(|_| vec![cell(to)]).unwrap_or_default(),
        },
        Action::Convert { from, target } => ActionCells {
            from: Some(cell(from)),
            to: Some(cell(target)),
            from_reserve: None,
            // The Diplomat is sacrificed and the converted piece stays: nothing is taken ("A
            // conversion is not a capture by the text's words", docs/rulings/kelasu.md).
            captures: Vec::new(),
        },
        Action::Merge { to, .. } => ActionCells {
            from: None,
            to: Some(cell(to)),
            from_reserve: None,
            // The merged Blanks are the mover's own: nothing is taken.
            captures: Vec::new(),
        },
        Action::End => ActionCells::default(),
    }
}

pub fn action_kind(p: &Position, a: Action) -> &'static str {
    match a {
        Action::Move { to, .. } if p.piece_at(to).is_some() => "capture",
        Action::Move { .. } => "move",
        Action::Recall { .. } => "recall",
        Action::Convert { .. } => "convert",
        Action::Merge { .. } => "merge",
        Action::End => "end",
    }
}

pub fn action_label(p: &Position, a: Action) -> Option<String> {
    let names =
        |b: crate::bitboard::Bitboard| b.squares().map(Square::name).collect::<Vec<_>>().join(", ");
    match a {
        Action::Merge { kind, to, blanks } => Some(format!(
            "merge the {} Blanks on {} into a {} on {}",
            blanks.count(),
            names(blanks),
            kind.name(),
            to.name()
        )),
        Action::Convert { from, target } => {
            let q = p.piece_at(target)?;
            Some(format!(
                "the Diplomat on {} converts {}'s {} on {} and is sacrificed",
                from.name(),
                q.side.name(),
                q.kind.name(),
                target.name()
            ))
        }
        Action::Recall { from, to } => Some(format!(
            "recall the Warrior on {} to {}",
            from.name(),
            to.name()
        )),
        Action::End => Some("end the turn".into()),
        Action::Move { .. } => None,
    }
}

/// The pattern of the piece on `c` (`attacks::reach`), in the API's terms.
pub fn piece_reach(
    p: &Position,
    o: &crate::options::KelasuOptions,
    c: Cell,
) -> Vec<(Cell, game_api::Reach)> {
    let Some(from) = square(c) else {
        return Vec::new();
    };
    let Some(piece) = p.piece_at(from) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    crate::attacks::reach(p, o, from, piece, &mut out);
    out.into_iter().map(|(s, r)| (cell(s), r)).collect()
}
