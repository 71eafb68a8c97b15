//! What a host draws: the board with its zones and colours, the pieces, the undeployed trays
//! and where an action touches the board.
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::fort;
use crate::piece::Kind;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;
use crate::zones;
use game_api::{ActionCells, BoardDesc, Cell, PieceView, ReserveView, Shape, Zone};

/// Green and grey squares alternate, a1 green ("green and grey in Qenar").
pub const GREEN: [u8; 3] = [0x5a, 0x8f, 0x4e];
pub const GREY: [u8; 3] = [0x9c, 0x9e, 0x9a];

pub fn cell(sq: Square) -> Cell {
    Cell(sq.index() as u16)
}

pub fn square(c: Cell) -> Option<Square> {
    u8::try_from(c.0).ok().and_then(Square::new)
}

fn cells(b: Bitboard) -> Vec<Cell> {
    b.iter().map(cell).collect()
}

pub fn board() -> BoardDesc {
    let mut zones_out = Vec::new();
    for side in Side::BOTH {
        zones_out.push(Zone {
            name: "homeland".into(),
            owner: Some(side.player()),
            cells: cells(zones::homeland(side)),
        });
        zones_out.push(Zone {
            name: "deployment".into(),
            owner: Some(side.player()),
            cells: cells(zones::deployment_area(side)),
        });
    }
    zones_out.push(Zone {
        name: "no man's land".into(),
        owner: None,
        cells: cells(zones::NO_MANS_LAND),
    });
    BoardDesc {
        shape: Shape::Grid {
            files: 9,
            ranks: 9,
            holes: Vec::new(),
        },
        file_labels: "abcdefghi".chars().map(|c| c.to_string()).collect(),
        rank_labels: (1..=9).map(|r| r.to_string()).collect(),
        rank_first: false,
        first_rank_at_top: false,
        cell_colours: Square::all()
            .map(|s| {
                if (s.file() + s.rank()) % 2 == 0 {
                    GREEN
                } else {
                    GREY
                }
            })
            .collect(),
        zones: zones_out,
    }
}

pub fn pieces(pos: &Position) -> Vec<PieceView> {
    pos.board()
        .map(|(sq, p)| PieceView {
            cell: cell(sq),
            owner: p.owner.map(Side::player),
            kind: p.kind.letter().to_string(),
            name: p.kind.name().to_string(),
        })
        .collect()
}

/// The undeployed trays as `pos`, already observed for the viewer, shows them: masters whose
/// kinds are hidden from the viewer as one entry with the code "?".
pub fn reserves(pos: &Position) -> Vec<ReserveView> {
    Side::BOTH
        .into_iter()
        .map(|side| {
            let r = pos.reserve(side);
            let mut entries: Vec<(String, String, u32)> = Kind::UNDEPLOYED
                .iter()
                .filter(|&&k| r.count(k) > 0)
                .map(|&k| {
                    (
                        k.letter().to_string(),
                        k.name().to_string(),
                        r.count(k) as u32,
                    )
                })
                .collect();
            if r.hidden() > 0 {
                entries.push(("?".into(), "hidden master".into(), r.hidden() as u32));
            }
            ReserveView {
                owner: side.player(),
                label: "undeployed".into(),
                entries,
            }
        })
        .collect()
}

pub fn action_cells(pos: &Position, a: Action) -> ActionCells {
    match a {
        Action::Move { from, to, control } => {
            // Only the opposing piece taken (`ActionCells::captures`): gaining the Traitor by
            // sacrificing the capturer takes nothing, and a Fort's capturer, captured too, is
            // the mover's own.
            let captures = if !control && pos.occupied().contains(to) {
                vec![cell(to)]
            } else {
                Vec::new()
            };
            ActionCells {
                from: Some(cell(from)),
                to: Some(cell(to)),
                from_reserve: None,
                captures,
            }
        }
        Action::Place { kind, to } => ActionCells {
            from: None,
            to: Some(cell(to)),
            from_reserve: Some(kind.letter().to_string()),
            captures: Vec::new(),
        },
        Action::Choose(_) | Action::Mobilise | Action::Decline => ActionCells::default(),
    }
}

/// What kind of action this is, for a host's buttons: "choose" (the masters), "move",
/// "control" (take the Traitor and control it), "place", "mobilise", "decline".
pub fn action_kind(a: Action) -> &'static str {
    match a {
        Action::Choose(_) => "choose",
        Action::Move { control: true, .. } => "control",
        Action::Move { .. } => "move",
        Action::Place { .. } => "place",
        Action::Mobilise => "mobilise",
        Action::Decline => "decline",
    }
}

/// The action in plain words where its notation needs them. A move that gives up the mover's
/// own General (taking the Traitor the second way, or taking a Fort) says that it loses.
pub fn action_label(pos: &Position, a: Action) -> Option<String> {
    let general_lost = |from| {
        if pos.kind(Kind::General).contains(from) {
            ": your General is lost, and with it the game"
        } else {
            ""
        }
    };
    match a {
        Action::Choose(m) => Some(format!(
            "choose the masters: {} of arms, {} of spells, {} of the hunt",
            m.arms, m.spells, m.hunt
        )),
        Action::Move {
            from,
            to,
            control: true,
        } => {
            // Completing the occupation of the opposing homeland wins even so (ruling
            // "Sacrificing the General for the Traitor").
            let side = pos.to_move();
            let home = crate::zones::homeland(side.other());
            let units = pos.side(side).without(from).with(to);
            let outcome = if units & home == home {
                ": the homeland is occupied, and the game won"
            } else {
                general_lost(from)
            };
            Some(format!(
                "take the Traitor on {to}: sacrifice the capturer and control it{outcome}"
            ))
        }
        Action::Move { from, to, .. } => match pos.piece_at(to) {
            Some(p) if p.kind == Kind::Traitor => {
                Some(format!("take the Traitor on {to}: remove it from the game"))
            }
            Some(p) if p.kind == Kind::Fort => Some(format!(
                "take the Fort on {to}: the capturer is captured too{}",
                general_lost(from)
            )),
            _ => None,
        },
        Action::Mobilise => Some("mobilise: end your deployment phase".into()),
        Action::Decline => Some("decline the Traitor's extra move".into()),
        Action::Place { .. } => None,
    }
}

/// The Fort's protected ring ("Opposing pieces may not end their movement on a square adjacent
/// to the fort"), when `c` holds a Fort; nothing for other pieces.
pub fn piece_zones(pos: &Position, c: Cell) -> Vec<Zone> {
    let Some(sq) = square(c) else {
        return Vec::new();
    };
    match pos.piece_at(sq) {
        Some(p) if p.kind == Kind::Fort => vec![Zone {
            name: "Fort's ring".into(),
            owner: p.owner.map(Side::player),
            cells: cells(fort::ring(sq)),
        }],
        _ => Vec::new(),
    }
}
