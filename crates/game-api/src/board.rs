//! What a host needs to draw a game: the board's cells, their shading and labels, named zones,
//! the pieces on it, and the reserves or hands beside it. Games describe; hosts draw.

/// A cell of the board, by index. On a rectangular grid the index is `file + rank * files`,
/// rank 0 being the first player's edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u16);

/// The board's shape.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A rectangle of `files` × `ranks` squares. `holes` are cells that do not exist
    /// (irregular boards drawn on a grid).
    Grid {
        files: u8,
        ranks: u8,
        holes: Vec<Cell>,
    },
    /// Cells placed at points (in board units, y up) joined by edges (later games).
    Graph {
        points: Vec<(f32, f32)>,
        edges: Vec<(Cell, Cell)>,
    },
}

/// A named set of cells the host may draw (homelands, deployment areas, the no man's land).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    pub name: String,
    /// The player the zone belongs to, if any.
    pub owner: Option<crate::Player>,
    pub cells: Vec<Cell>,
}

/// Everything fixed about the board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardDesc {
    pub shape: Shape,
    /// Labels along the files (left to right) and ranks (from the first), for grids.
    pub file_labels: Vec<String>,
    pub rank_labels: Vec<String>,
    /// Whether a cell's name puts the rank first (Kelasu's `D2`) rather than the file (`e4`).
    pub rank_first: bool,
    /// Whether the game's own diagrams draw the first rank at the top (Kelasu's A, Blue's home),
    /// so a host draws it there; otherwise at the bottom, as chess does.
    pub first_rank_at_top: bool,
    /// The colour of each cell as sRGB, indexed by cell.
    pub cell_colours: Vec<[u8; 3]>,
    pub zones: Vec<Zone>,
}

impl BoardDesc {
    pub fn cells(&self) -> usize {
        self.cell_colours.len()
    }

    /// A grid cell by file and rank.
    pub fn grid_cell(&self, file: u8, rank: u8) -> Option<Cell> {
        match self.shape {
            Shape::Grid { files, ranks, .. } if file < files && rank < ranks => {
                Some(Cell(file as u16 + rank as u16 * files as u16))
            }
            _ => None,
        }
    }

    /// File and rank of a grid cell.
    pub fn file_rank(&self, c: Cell) -> Option<(u8, u8)> {
        match self.shape {
            Shape::Grid { files, ranks, .. }
                if (c.0 as usize) < files as usize * ranks as usize =>
            {
                Some(((c.0 % files as u16) as u8, (c.0 / files as u16) as u8))
            }
            _ => None,
        }
    }

    /// The cell's name as the game's notation writes it (file label then rank label, or the rank
    /// first when `rank_first`).
    pub fn cell_name(&self, c: Cell) -> String {
        match self.file_rank(c) {
            Some((f, r)) => {
                let file = self.file_labels.get(f as usize).map_or("?", String::as_str);
                let rank = self.rank_labels.get(r as usize).map_or("?", String::as_str);
                if self.rank_first {
                    format!("{rank}{file}")
                } else {
                    format!("{file}{rank}")
                }
            }
            None => format!("#{}", c.0),
        }
    }

    pub fn zone(&self, name: &str) -> Option<&Zone> {
        self.zones.iter().find(|z| z.name == name)
    }
}

/// A piece as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    pub cell: Cell,
    /// `None` for a neutral piece (Tirachen's uncontrolled Traitor).
    pub owner: Option<crate::Player>,
    /// The kind's code as notation writes it ("G", "P").
    pub kind: String,
    /// The kind's name ("General").
    pub name: String,
}

/// Pieces kept off the board by one player (undeployed, in reserve, in hand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReserveView {
    pub owner: crate::Player,
    /// What the tray is called ("undeployed").
    pub label: String,
    /// (kind code, kind name, count). A hidden entry has the code "?".
    pub entries: Vec<(String, String, u32)>,
}

/// What one square of a piece's pattern allows (the rulebooks' diagrams: Kelasu's ".", "#" and
/// "*"), so a host can tell a square the piece may only move to from one where it may also take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reach {
    /// The square must be empty.
    MoveOnly,
    /// Empty, or an opposing piece taken.
    MoveCapture,
    /// Only by taking an opposing piece there.
    MustCapture,
}

/// Where an action touches the board, so a host can highlight it and turn clicks into it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ActionCells {
    /// Where the moving piece stands (none for a placement from reserve or a board-less action).
    pub from: Option<Cell>,
    /// Where it goes or is placed.
    pub to: Option<Cell>,
    /// For a placement: the kind code taken from the reserve.
    pub from_reserve: Option<String>,
    /// Cells whose opposing pieces the action takes (a host marks, sounds and announces them
    /// as takes); the mover's own pieces an action spends (Kelasu's merged Blanks, a Diplomat
    /// converting) are not listed.
    pub captures: Vec<Cell>,
}
