//! A checked piece set, compiled into lookup tables (after shakmaty's attack tables: the hot
//! path never reads the RON structures).
use crate::direction::Dir;
use crate::errors::{DataError, LoadError, locate, quoted};
use crate::measure::{Measure, own_side};
use crate::piece_def::*;
use crate::side::Side;
use crate::square::Square;
use std::path::{Path, PathBuf};

/// The most piece kinds one set may define.
pub const MAX_KINDS: usize = 16;

/// A piece kind: an index into one side's set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One compiled line of squares from an origin, in order.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    pub squares: [u8; 15],
    pub len: u8,
    /// The first `min - 1` squares may be passed but not landed on.
    pub min: u8,
    pub jump: Jump,
    pub mode: Mode,
    pub dir: Dir,
    pub no_repeat: bool,
    /// All the ray's squares, as a bitboard.
    pub mask: u64,
    /// The squares it may land on (from the `min`-th on).
    pub landing: u64,
    /// Whether its squares' indices rise along it (a straight line on the board: they rise or
    /// fall steadily), so the first square of a set on it is the lowest bit, else the highest.
    pub ascending: bool,
}

impl Ray {
    #[inline]
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares[..self.len as usize]
            .iter()
            .map(|&i| Square::from_index_unchecked(i))
    }

    /// The ray's squares up to and including the first one in `stop` (all of them if none is):
    /// what a slide reaches when the squares of `stop` block it. One bit scan, no walk.
    #[inline]
    pub fn reach(&self, stop: u64) -> u64 {
        let hits = self.mask & stop;
        if hits == 0 {
            self.mask
        } else if self.ascending {
            let first = hits & hits.wrapping_neg();
            self.mask & (first << 1).wrapping_sub(1)
        } else {
            let first = 1u64 << (63 - hits.leading_zeros());
            self.mask & !(first - 1)
        }
    }

    /// The squares of `set` (on this ray) in the ray's order, nearest first.
    #[inline]
    pub fn in_order(&self, set: u64) -> RayOrder {
        RayOrder {
            rest: set & self.mask,
            ascending: self.ascending,
        }
    }
}

/// The squares of a set on a ray, nearest the ray's origin first.
pub struct RayOrder {
    rest: u64,
    ascending: bool,
}

impl Iterator for RayOrder {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.rest == 0 {
            return None;
        }
        let i = if self.ascending {
            self.rest.trailing_zeros()
        } else {
            63 - self.rest.leading_zeros()
        };
        self.rest &= !(1u64 << i);
        Some(Square::from_index_unchecked(i as u8))
    }
}

/// Leap targets from one square, by mode.
#[derive(Clone, Copy, Debug, Default)]
pub struct Leaps {
    pub both: u64,
    pub move_only: u64,
    pub attack_only: u64,
}

/// Movement tables of one piece kind for one side (and one facing, for an oriented piece).
#[derive(Clone, Debug)]
pub struct Tables {
    pub leaps: Vec<Leaps>,
    pub ray_ranges: Vec<(u16, u16)>,
    pub rays: Vec<Ray>,
    /// Relational leaps (`FromSelf`), indexed by the Self's square; empty when it has none.
    pub from_self: Vec<Leaps>,
    /// Every square its leaps and rays reach from each square on an empty board (relational
    /// leaps aside): a cheap bound for searches.
    pub reach: Vec<u64>,
    /// The leap targets from each square that a `Primitive::Leap` reaches over a path (the
    /// Cloak's), and no pathless move (a blink, a 3D leap) reaches too: a Donkey can block them
    /// (`leaps_open`).
    pub pathed: Vec<u64>,
}

impl Tables {
    /// Every square its leaps and rays reach from `from` on an empty board, the relational leaps
    /// measured from the Self on `life`: a bound for searches and checks.
    #[inline]
    pub fn reach_from(&self, from: Square, life: Option<Square>) -> u64 {
        let r = self.reach[from.index()];
        if self.from_self.is_empty() {
            return r;
        }
        let lp = self.leaps_from(from, life);
        r | lp.both | lp.move_only | lp.attack_only
    }

    /// `leaps_from` without the targets a Donkey on `donkeys` blocks: "no piece can leap over
    /// it" (§2.0.23), and a leap passes over the squares of its path (`Bitboard::path_blocked`).
    #[inline]
    pub fn leaps_open(
        &self,
        from: Square,
        life: Option<Square>,
        donkeys: crate::bitboard::Bitboard,
    ) -> Leaps {
        let mut lp = self.leaps_from(from, life);
        if donkeys.any() {
            // Relational targets (measured from the Self) are pathless.
            let relational = match (self.from_self.is_empty(), life) {
                (false, Some(s)) => {
                    let r = self.from_self[s.index()];
                    r.both | r.move_only | r.attack_only
                }
                _ => 0,
            };
            let mut blocked = 0u64;
            for t in crate::bitboard::Bitboard(self.pathed[from.index()] & !relational) {
                if crate::bitboard::Bitboard::path_blocked(from, t, donkeys) {
                    blocked |= 1 << t.index();
                }
            }
            lp.both &= !blocked;
            lp.move_only &= !blocked;
            lp.attack_only &= !blocked;
        }
        lp
    }

    /// The pathless targets from `from`, with the relational ones measured from the Self on
    /// `life` (never the piece's own square).
    #[inline]
    pub fn leaps_from(&self, from: Square, life: Option<Square>) -> Leaps {
        let mut lp = self.leaps[from.index()];
        if !self.from_self.is_empty()
            && let Some(s) = life
        {
            let r = self.from_self[s.index()];
            let keep = !(1u64 << from.index());
            lp.both |= r.both & keep;
            lp.move_only |= r.move_only & keep;
            lp.attack_only |= r.attack_only & keep;
        }
        lp
    }

    #[inline]
    pub fn rays_from(&self, sq: Square) -> &[Ray] {
        let (a, b) = self.ray_ranges[sq.index()];
        &self.rays[a as usize..b as usize]
    }
}

/// A checked piece definition with its tables.
#[derive(Clone, Debug)]
pub struct Piece {
    pub def: PieceDef,
    pub kind: Kind,
    /// `[White, Black]`.
    pub tables: [Tables; 2],
    /// Pathless move to any square (the Ruin), with its mode.
    pub anywhere: Option<Mode>,
    /// An oriented piece's tables by facing (forward, right, back, left from its owner's view):
    /// `[side][facing]`. `None` for pieces that face nowhere.
    pub facing_tables: Option<Box<[[Tables; 4]; 2]>>,
}

impl Piece {
    /// The tables to move by, for `side`'s piece facing `facing` (ignored unless oriented).
    #[inline]
    pub fn tables_for(&self, side: Side, facing: u8) -> &Tables {
        match &self.facing_tables {
            Some(ft) => &ft[side.index()][(facing & 3) as usize],
            None => &self.tables[side.index()],
        }
    }
    pub fn is_oriented(&self) -> bool {
        self.facing_tables.is_some()
    }
    pub fn has_checkmate_privilege(&self) -> bool {
        self.def.has_checkmate_privilege()
    }
    pub fn name(&self) -> &str {
        &self.def.name
    }
    pub fn has_role(&self, r: Role) -> bool {
        self.def.roles.contains(&r)
    }
    pub fn has_special(&self, s: Special) -> bool {
        self.def.specials.contains(&s)
    }
    pub fn is_inert(&self) -> bool {
        self.def.category == Category::Inert
    }
    /// May move in concert with the Self (§2.0.02 Concert; §2.0.10 Pseudo-Armament).
    pub fn concert_partner(&self) -> bool {
        self.has_role(Role::Armament) || self.has_special(Special::PseudoArmament)
    }
}

/// A checked, compiled piece set.
#[derive(Clone, Debug)]
pub struct PieceSet {
    pub name: String,
    pub description: String,
    pub source: PathBuf,
    pub pieces: Vec<Piece>,
    /// The army's own baseline layout from White's side, if the set gives one.
    pub layout: Option<Vec<(Square, Kind)>>,
    /// A hash of the set's text, so a save made with other set files is caught on loading.
    pub fingerprint: u64,
    /// The army brings a Donkey in reserve (§2.0.23).
    pub donkey: bool,
}

/// An error located at the set's `pieces` field.
pub(crate) fn at_pieces(path: &Path, src: &str, msg: impl Into<String>) -> DataError {
    let (l, c) = crate::errors::locate_field(src, "pieces")
        .map(|t| (t.0, t.1))
        .unwrap_or((1, 1));
    DataError::at(path, l, c, msg)
}

/// FNV-1a of the text with line endings normalised: the set file's identity in saves.
pub fn fingerprint(src: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in src.replace("\r\n", "\n").bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The standard set's piece names, which any set's relations may name.
pub const STANDARD_NAMES: [&str; 10] = [
    "Self",
    "Sword",
    "Engagement",
    "Cloak",
    "Balance",
    "Dagger",
    "Guard",
    "Lantern",
    "Jutsu",
    "Ruin",
];

/// The standard set's optional pieces (§2.0.12 Ruin/Rien, "an optional piece"): rule options may
/// name one an army lacks (it is then simply not in that game, §2.0.23), but no other standard
/// piece (a review found `optional_pieces: ["Self"]` accepted without a word).
pub const STANDARD_OPTIONAL: [&str; 1] = ["Ruin"];

/// The standard set's blades (§2.0.R4 "Blade: either the Sword piece or the Dagger piece"): a
/// relation naming a standard piece this set lacks may pin it by blade capture only if it is one.
pub const STANDARD_BLADES: [&str; 2] = ["Sword", "Dagger"];

/// Where a piece's definition names it in a set's text (`name: "Guard"`), at or after `from`:
/// (line, column, byte offset of the literal, byte offset just past it) — not where an earlier
/// piece mentions it (`{"Guard": Take}`); else its first mention. The name is matched by its
/// value as RON reads it (escapes, raw strings, combining marks as typed).
pub(crate) fn definition_at(
    src: &str,
    name: &str,
    from: usize,
) -> Option<(usize, usize, usize, usize)> {
    let found: Vec<(usize, usize)> = crate::errors::string_literals(src)
        .into_iter()
        .filter(|(start, _, v)| *start >= from && v == name)
        .map(|(start, end, _)| (start, end))
        .collect();
    let (start, end) = found
        .iter()
        .find(|(start, _)| src[..*start].trim_end().ends_with("name:"))
        .or(found.first())
        .copied()?;
    let (line, col) = crate::errors::line_col(src, start);
    Some((line, col, start, end))
}

/// Whether `p`'s moves can end inside the zone of its range constraint `c` (R-CONSTRAINT-DEST:
/// a constraint is judged on the destination), for some square of its Self: (from a square
/// inside the zone, from any square). The widest zone the constraint can give is tried: where
/// it counts engagement steps, with the army's engagements on the steps next to its band, each a
/// step further out — as many steps either side as it has engagements (a review found a piece
/// whose zone only engagement steps open refused as never satisfied).
fn constraint_reach(pieces: &[Piece], p: &Piece, c: &crate::piece_def::Constraint) -> (bool, bool) {
    let engagements: u32 = pieces
        .iter()
        .filter(|q| q.has_role(Role::Engagement))
        .map(|q| u32::from(q.def.count))
        .sum();
    let (mut inside, mut anywhere) = (false, false);
    for life in Square::all() {
        let band = crate::piece_def::zone_from(
            c,
            Some(life),
            crate::bitboard::Bitboard::EMPTY,
            None,
            false,
        );
        let steps: Vec<u8> = band.into_iter().map(|s| s.step()).collect();
        let (lo, hi) = (
            steps.iter().min().copied().unwrap_or(1),
            steps.iter().max().copied().unwrap_or(16),
        );
        let e = if c.engagement_steps { engagements } else { 0 };
        let eng = Square::all()
            .filter(|s| {
                let st = u32::from(s.step());
                (st < u32::from(lo) && st + e >= u32::from(lo))
                    || (st > u32::from(hi) && st <= u32::from(hi) + e)
            })
            .fold(crate::bitboard::Bitboard::EMPTY, |mut b, s| {
                b.set(s);
                b
            });
        let zone = crate::piece_def::zone_from(c, Some(life), eng, None, false);
        for from in Square::all() {
            let lands = (0..4u8).any(|f| {
                let reach = p.tables_for(Side::White, f).reach_from(from, Some(life));
                reach & zone.0 & !(1u64 << from.index()) != 0
            });
            if lands {
                anywhere = true;
                if zone.contains(from) {
                    inside = true;
                    return (inside, anywhere);
                }
            }
        }
    }
    (inside, anywhere)
}

const RESERVED_LETTERS: &str = "KWXYZwxyztfUa*~!#=-+.,;0123456789 ";

impl PieceSet {
    /// Reads and checks a set file.
    pub fn load(path: &Path) -> Result<PieceSet, LoadError> {
        let src = crate::errors::read_data_file(path)?;
        PieceSet::from_ron(path, &src)
    }

    /// Parses and checks a set from RON text; `path` names it in errors.
    pub fn from_ron(path: &Path, src: &str) -> Result<PieceSet, LoadError> {
        let src = crate::errors::without_bom(src);
        let def: PieceSetDef = crate::errors::ron_from_str(path, src)?;
        PieceSet::compile(path, src, def)
    }

    /// The standard set shipped in `config/sets/standard.ron`, built in.
    pub fn standard() -> PieceSet {
        PieceSet::from_ron(Path::new("config/sets/standard.ron"), STANDARD_SET)
            .expect("the built-in standard set is valid")
    }

    /// Checks a parsed set (cross-checks) and compiles its tables.
    pub fn compile(path: &Path, src: &str, def: PieceSetDef) -> Result<PieceSet, LoadError> {
        let mut errors = Vec::new();
        // Where each piece's definition starts in the source, to point errors at it.
        let mut starts = Vec::new();
        // Where each piece's name ends in the source.
        let mut name_ends = Vec::new();
        let mut cursor = 0;
        for p in &def.pieces {
            // The name where it names the piece (`name: "Guard"`), not where an earlier piece
            // mentions it (`attacks: {"Guard": Take}`).
            match definition_at(src, &p.name, cursor) {
                Some((line, col, at, end)) => {
                    starts.push((line, col, at));
                    // Past the name as written (quoted and escaped).
                    cursor = end;
                }
                None => starts.push((1, 1, cursor)),
            }
            name_ends.push(cursor);
        }
        // Where each piece's text begins: its `Piece(` (a field may precede the name), else its
        // name. It runs to where the next piece's begins.
        let begins: Vec<usize> = (0..starts.len())
            .map(|i| {
                let lo = if i == 0 { 0 } else { name_ends[i - 1] };
                let at = starts[i].2.max(lo);
                src[lo..at].rfind("Piece(").map_or(at, |j| lo + j)
            })
            .collect();
        let piece_end = |i: usize| begins.get(i + 1).copied().unwrap_or(src.len());
        // `needle` in piece `i`'s own text: after its name, else ahead of it; never in the next
        // piece's.
        let in_piece = |i: usize, needle: &str| -> Option<(usize, usize, usize)> {
            let within = |from: usize, to: usize| {
                locate(src, needle, from, 0).filter(|t| t.2 + needle.len() <= to)
            };
            within(name_ends[i], piece_end(i)).or_else(|| within(begins[i], starts[i].2))
        };
        // An error at `needle` in piece `i`'s text, else at its name.
        let err_at_piece = |i: usize, needle: &str, msg: String| -> DataError {
            let (line, col, _) = starts[i];
            match in_piece(i, needle) {
                Some((l, c, _)) => DataError::at(path, l, c, msg),
                None => DataError::at(path, line, col, msg),
            }
        };
        // An error at `needle` after `field` in piece `i`'s text, else as `err_at_piece`.
        let err_after_field = |i: usize, field: &str, needle: &str, msg: String| -> DataError {
            let found = in_piece(i, field)
                .and_then(|f| locate(src, needle, f.2, 0))
                .filter(|t| t.2 + needle.len() <= piece_end(i));
            match found {
                Some((l, c, _)) => DataError::at(path, l, c, msg),
                None => err_at_piece(i, needle, msg),
            }
        };

        // The name goes into saves' header lines and position texts' `sets=` field.
        // Spaces are plain ones: a position text writes them `_` and splits its fields on any
        // other (a review found a no-break space's set unreadable from its own position text).
        if def.name.trim().is_empty()
            || def
                .name
                .chars()
                .any(|c| c.is_control() || c == '"' || c == '/' || (c.is_whitespace() && c != ' '))
        {
            let (line, col) =
                crate::errors::locate_top_field(src, "name").map_or((1, 1), |(l, c, _)| (l, c));
            errors.push(DataError::at(
                path,
                line,
                col,
                format!(
                    "the set's name {:?} must be one line of text without quotes, slashes, control characters or spaces other than plain ones (saves and position texts carry it; a position's `sets=` field is `White/Black`)",
                    def.name
                ),
            ));
        }
        if def.pieces.len() > MAX_KINDS {
            errors.push(at_pieces(
                path,
                src,
                format!(
                    "the set defines {} pieces; at most {MAX_KINDS} are supported",
                    def.pieces.len()
                ),
            ));
            // The pieces' own checks would say nothing more worth the time: each looks the
            // others up in the text, so a file of thousands of pieces took seconds, the
            // workshop's reload frozen meanwhile (a review found 5 s for 2,000).
            return Err(LoadError::Data(errors));
        }
        for (i, p) in def.pieces.iter().enumerate() {
            let (line, col, _) = starts[i];
            let here = |msg: String| DataError::at(path, line, col, msg);
            // A name is shown in the reserve lines, the workshop and every message: blank or
            // broken over lines, it shows nothing or breaks them (a review found both loaded).
            if p.name.trim().is_empty() || p.name.chars().any(char::is_control) {
                errors.push(err_at_piece(
                    i,
                    "name",
                    format!(
                        "the piece name {} must be one line of text without control characters",
                        quoted(&p.name)
                    ),
                ));
            }
            if let Some(j) = def.pieces[..i].iter().position(|q| q.name == p.name) {
                errors.push(here(format!(
                    "duplicate piece name {:?} (first defined at line {})",
                    p.name, starts[j].0
                )));
            } else if let Some(j) = def.pieces[..i]
                .iter()
                .position(|q| q.name.eq_ignore_ascii_case(&p.name))
            {
                // Setups, rule options and commands find a piece by its name in any case.
                errors.push(here(format!(
                    "duplicate piece name {:?}: it differs from {:?} (first defined at line {}) only in case, and names are read in any case; expected a name that differs in more than case",
                    p.name, def.pieces[j].name, starts[j].0
                )));
            }
            if let Some(j) = def.pieces[..i].iter().position(|q| q.letter == p.letter) {
                errors.push(err_at_piece(
                    i,
                    &format!("'{}'", p.letter),
                    format!(
                        "duplicate notation letter '{}': {:?} already uses it (line {})",
                        p.letter, def.pieces[j].name, starts[j].0
                    ),
                ));
            }
            if RESERVED_LETTERS.contains(p.letter) || !crate::piece_def::is_piece_letter(p.letter) {
                errors.push(err_at_piece(i, &format!("'{}'", p.letter), format!("notation letter '{}' of {:?} is reserved by the notation (§2.0.R5); expected a letter other than K W X Y Z w x y z t f U a, or one of $ & % ^", p.letter, p.name)));
            }
            // The notation reads `e` as the engagement whatever the set calls its pieces
            // (§2.0.R5): only a piece with role Engagement may take it (a review found another
            // piece lettered `e` read back as the engagement).
            if p.letter == 'e' && !p.roles.contains(&Role::Engagement) {
                errors.push(err_at_piece(
                    i,
                    "'e'",
                    format!(
                        "notation letter 'e' of {:?} is the engagement's (§2.0.R5): expected another letter for a piece without role Engagement",
                        p.name
                    ),
                ));
            }
            if !p.code.is_ascii_uppercase() {
                errors.push(err_at_piece(
                    i,
                    &format!("'{}'", p.code),
                    format!(
                        "position code '{}' of {:?} must be an uppercase ASCII letter",
                        p.code, p.name
                    ),
                ));
            } else if p.code == 'K' {
                // The Donkey's (§2.0.23): the board drawn by `show` and the app's text draw it
                // `K`/`k` (a review found a piece coded `K` drawn like it beside it).
                errors.push(err_at_piece(
                    i,
                    "'K'",
                    format!(
                        "position code 'K' of {:?} is the Donkey's (§2.0.23): expected another uppercase letter",
                        p.name
                    ),
                ));
            } else if let Some(j) = def.pieces[..i].iter().position(|q| q.code == p.code) {
                errors.push(err_at_piece(
                    i,
                    &format!("'{}'", p.code),
                    format!(
                        "duplicate position code '{}': {:?} already uses it",
                        p.code, def.pieces[j].name
                    ),
                ));
            }
            if p.reserve > p.count {
                errors.push(err_at_piece(
                    i,
                    "reserve",
                    format!(
                        "{:?} has reserve {} but count {}: expected reserve ≤ count",
                        p.name, p.reserve, p.count
                    ),
                ));
            }
            // An optional piece is in the game only when agreed (§2.0.12 Ruin/Rien), so no setup
            // places it: it begins in reserve, all of it.
            if p.optional && p.reserve != p.count && !p.roles.contains(&Role::Life) {
                errors.push(err_at_piece(
                    i,
                    "reserve",
                    format!(
                        "{:?} is optional, so it begins in reserve: expected reserve {} (its count), not {}",
                        p.name, p.count, p.reserve
                    ),
                ));
            }
            if let Some(m) = p.max_on_board
                && p.count.saturating_sub(p.reserve) > m
            {
                errors.push(err_at_piece(
                    i,
                    "max_on_board",
                    format!(
                        "{:?} begins with {} on the board (count {} − reserve {}), more than its max_on_board {m}",
                        p.name,
                        p.count - p.reserve,
                        p.count,
                        p.reserve
                    ),
                ));
            }
            if let Some(c) = &p.constraint
                && (c.measures > 3 || c.steps > 15)
            {
                errors.push(err_at_piece(
                    i,
                    "constraint",
                    format!(
                        "{:?}'s constraint reaches beyond the board: expected measures 0–3 and steps 0–15, not {} and {}",
                        p.name, c.measures, c.steps
                    ),
                ));
            }
            for &sp in &p.specials {
                if let Some(needs) = special_needs(sp, p) {
                    errors.push(err_after_field(
                        i,
                        "specials",
                        &format!("{sp:?}"),
                        format!("{:?} has the special {sp:?}, {needs}", p.name),
                    ));
                }
            }
            if p.count > 8 {
                errors.push(err_at_piece(
                    i,
                    "count",
                    format!(
                        "{:?} has count {}: at most 8 of a kind are supported",
                        p.name, p.count
                    ),
                ));
            }
            if p.moves.is_empty() {
                errors.push(err_at_piece(
                    i,
                    "moves",
                    format!(
                        "{:?} has no way to move: expected at least one movement primitive",
                        p.name
                    ),
                ));
            }
            for m in &p.moves {
                let bad = match m {
                    Primitive::Slide { min, max, from, within, .. } => {
                        // A line of the board has at most 15 squares beyond a piece's own.
                        if *min == 0 {
                            Some("a Slide's min must be at least 1".to_string())
                        } else if *min > 15 {
                            Some(format!("a Slide's min ({min}) is beyond the board, so it could never move: a line has at most 15 squares to slide; expected min 1–15"))
                        } else if max.is_some_and(|mx| mx < *min) {
                            Some(format!("a Slide's max ({}) is below its min ({min})", max.unwrap()))
                        } else if max.is_some_and(|mx| mx > 15) {
                            Some(format!("a Slide's max ({}) is beyond the board: a line has at most 15 squares to slide; expected max 1–15, or None for as far as the board goes", max.unwrap()))
                        } else if [from, within].iter().any(|r| matches!(r, Some(Region::YourMeasure(n)) if !(1..=4).contains(n))) {
                            Some("YourMeasure(n) needs n from 1 to 4".to_string())
                        } else {
                            None
                        }
                    }
                    Primitive::Lunge { forward, back, .. } if forward.len() != 4 || back.len() != 4 => {
                        Some("a Lunge lists four distances forward and four back, one per measure (first to fourth)".to_string())
                    }
                    Primitive::Lunge { forward, back, .. } if forward.iter().chain(back).all(|&d| d == 0) => {
                        Some("a Lunge whose distances forward and back are all 0 could never move; expected a distance above 0 from at least one measure".to_string())
                    }
                    // As a Slide's max (a review found 255 taken without a word).
                    Primitive::Lunge { forward, back, .. } if forward.iter().chain(back).any(|&d| d > 15) => {
                        Some("a Lunge distance above 15 is beyond the board: a line has at most 15 squares; expected distances 0–15".to_string())
                    }
                    Primitive::Leap { offsets, .. } | Primitive::FromSelf { offsets, .. } => {
                        if offsets.is_empty() || offsets.iter().any(|&(a, b)| (a, b) == (0, 0) || a.unsigned_abs() > 3 || b.unsigned_abs() > 15) {
                            Some("a Leap or FromSelf needs non-zero offsets within the board (|lines| ≤ 3, |steps| ≤ 15)".to_string())
                        } else {
                            None
                        }
                    }
                    Primitive::MeasureLeap { offsets, .. } => {
                        if offsets.is_empty() || offsets.iter().any(|&(a, b)| a.unsigned_abs() > 3 || b.unsigned_abs() > 3) {
                            Some("a MeasureLeap needs offsets inside a measure (|lines| ≤ 3, |steps| ≤ 3); (0, 0) is the corresponding square itself".to_string())
                        } else {
                            None
                        }
                    }
                    _ => None,
                };
                if let Some(msg) = bad {
                    errors.push(err_at_piece(i, "moves", format!("{:?}: {msg}", p.name)));
                }
            }
            // A relation or a duel may name a piece of this set or of the standard set (an army
            // may meet a standard opponent: the Archives Assassin's Daggers still disarm Swords).
            let unknown = |target: &String| {
                !def.pieces.iter().any(|q| &q.name == target)
                    && !STANDARD_NAMES.contains(&target.as_str())
            };
            let known = || {
                def.pieces
                    .iter()
                    .map(|q| q.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            for target in p.attacks.keys().filter(|t| unknown(t)) {
                errors.push(err_at_piece(
                    i,
                    &quoted(target),
                    format!(
                        "{} attacks unknown piece {}: expected one of {} (or a standard piece)",
                        quoted(&p.name),
                        quoted(target),
                        known()
                    ),
                ));
            }
            for target in p.duels_with.iter().filter(|t| unknown(t)) {
                errors.push(err_after_field(
                    i,
                    "duels_with",
                    &quoted(target),
                    format!(
                        "{} duels with unknown piece {} (`duels_with`): expected one of {} (or a standard piece)",
                        quoted(&p.name),
                        quoted(target),
                        known()
                    ),
                ));
            }
        }
        // Taking the Self is checkmate and nothing else (§2.0.03 Taking: "Self is taken directly, as
        // checkmate."): a relation that fends, takes or negates the Self would leave a game
        // without one, and `Checkmate` against another piece would end the game on taking it.
        let is_life = |name: &str| match def.pieces.iter().find(|q| q.name == name) {
            Some(q) => q.roles.contains(&Role::Life),
            None => name == "Self",
        };
        // (A set with no Self at all is told so below, once.)
        let has_life = def.pieces.iter().any(|q| q.roles.contains(&Role::Life));
        // `no_repeat_direction` is remembered once a side (the position's `dir=`): the
        // direction of "the piece's previous ordinary slide" holds only while one piece has it
        // (a review found a second Lantern refused the first's direction, and freed by the
        // other's flail).
        let remembering: Vec<usize> = def
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.moves.iter().any(|m| {
                    matches!(
                        m,
                        Primitive::Slide {
                            no_repeat_direction: true,
                            ..
                        }
                    )
                })
            })
            .map(|(i, _)| i)
            .collect();
        let remembered: u32 = remembering
            .iter()
            .map(|&i| u32::from(def.pieces[i].count))
            .sum();
        if remembered > 1 {
            let i = *remembering.last().unwrap_or(&0);
            let names: Vec<String> = remembering
                .iter()
                .map(|&i| format!("{:?} (count {})", def.pieces[i].name, def.pieces[i].count))
                .collect();
            errors.push(err_at_piece(
                i,
                "no_repeat_direction",
                format!(
                    "no_repeat_direction is remembered once a side (the position's `dir=`), so one piece of the set may have it; {} make {remembered}: expected it on one piece of count 1",
                    names.join(", ")
                ),
            ));
        }
        for (i, p) in def.pieces.iter().enumerate().filter(|_| has_life) {
            for (target, r) in &p.attacks {
                let msg = match (is_life(target), r) {
                    (true, Relation::Checkmate | Relation::Never) => continue,
                    (false, Relation::Checkmate) => format!(
                        "{:?} checkmates {target:?}, which is not a Self: `Checkmate` is for the piece with role Life; expected Take, Fend, Disarm, …",
                        p.name
                    ),
                    (true, other) => format!(
                        "{:?} attacks the Self {target:?} with {other:?}: taking the Self is checkmate; expected Checkmate or Never",
                        p.name
                    ),
                    (false, _) => continue,
                };
                errors.push(err_at_piece(i, &quoted(target), msg));
            }
            // A blade pinned under a piece (§2.0.06, the Cloak's capture) and a piece negated
            // with its negator are what the board and the position text can hold only for the
            // relations' own kinds: a review found a Balance's pin Shift onto the pinned blade
            // (two pieces on one square), a Self's pin break the concert lift, a pinned Guard
            // written in a position text that then refused it, and a Self or an engagement
            // negating itself off the board.
            let life_or_engagement =
                p.roles.contains(&Role::Life) || p.roles.contains(&Role::Engagement);
            for (target, r) in &p.attacks {
                let target_def = def.pieces.iter().find(|q| &q.name == target);
                let why = match r {
                    Relation::BladeCapture if life_or_engagement => Some(format!(
                        "{:?} captures {target:?} under it with BladeCapture, but the Self or an engagement cannot hold a blade pinned (§2.0.06 is the Cloak's capture); expected Take, Fend, Disarm, …",
                        p.name
                    )),
                    Relation::BladeCapture if !p.specials.contains(&Special::BladeCapture) => {
                        Some(format!(
                            "{:?} captures {target:?} with BladeCapture but has not the BladeCapture special (the Cloak's, §2.0.06): expected `specials: [BladeCapture, …]` or another relation",
                            p.name
                        ))
                    }
                    // A Deflect relation acts only with the Deflection special (the Guard's,
                    // §2.0.09): without it the relation would be `Never` in play, said nowhere
                    // (a review found a set so checked valid, its Guard touching no blade).
                    Relation::Deflect if !p.specials.contains(&Special::Deflection) => {
                        Some(format!(
                            "{:?} deflects {target:?} (Deflect) but has not the Deflection special (the Guard's, §2.0.09): expected `specials: [Deflection, …]` or another relation",
                            p.name
                        ))
                    }
                    Relation::BladeCapture if p.specials.contains(&Special::Shift) => {
                        Some(format!(
                            "{:?} pins blades (BladeCapture) and Shifts: the Shift would set its partner onto the blade pinned under it; expected one of the two",
                            p.name
                        ))
                    }
                    // A piece of this set, or else the standard set's of that name (a review
                    // found a Cloak's `"Guard": BladeCapture` accepted in a set without a
                    // Guard, the standard Guard then pinned in play).
                    Relation::BladeCapture
                        if target_def
                            .map_or(!STANDARD_BLADES.contains(&target.as_str()), |t| {
                                !t.roles.contains(&Role::Blade)
                            }) =>
                    {
                        Some(format!(
                            "{:?} captures {target:?} with BladeCapture, but {target:?} is not a blade: only a blade is held pinned (§2.0.06); expected Take, Fend, Disarm, …",
                            p.name
                        ))
                    }
                    // A Jutsu (Presence, Intention) is fended by glare and Control, a concert
                    // partner lifted by the Self's move onto its square: neither lets go of a
                    // pinned blade, which would be left under nothing (a review found both in
                    // play, and the position text then refusing the game's own position).
                    Relation::BladeCapture
                        if p.specials.contains(&Special::Presence)
                            || p.specials.contains(&Special::Intention) =>
                    {
                        Some(format!(
                            "{:?} pins blades (BladeCapture) and is a Jutsu (Presence or Intention): glare and Control fend a Jutsu off the board, which would leave the blade pinned under nothing; expected one of the two",
                            p.name
                        ))
                    }
                    Relation::BladeCapture
                        if p.roles.contains(&Role::Armament)
                            || p.specials.contains(&Special::PseudoArmament) =>
                    {
                        Some(format!(
                            "{:?} pins blades (BladeCapture) and moves in concert with the Self (role Armament or PseudoArmament): the Self's move onto its square would land on the blade pinned under it; expected one of the two",
                            p.name
                        ))
                    }
                    Relation::Negate if life_or_engagement => Some(format!(
                        "{:?} negates {target:?}, but a negation discards the negating piece too, and the Self or an engagement cannot leave the board so; expected Take, Fend, Disarm, …",
                        p.name
                    )),
                    _ => None,
                };
                if let Some(why) = why {
                    errors.push(err_at_piece(i, &quoted(target), why));
                }
            }
            // En passant fends an engagement that passed a square (§2.0.04): a Self that is an
            // engagement would be taken off the board without checkmate, and its `e` in the
            // notation would name the Self (a review found both).
            if p.roles.contains(&Role::Life) && p.roles.contains(&Role::Engagement) {
                errors.push(err_at_piece(
                    i,
                    "Engagement",
                    format!(
                        "{:?} is the Self and cannot have role Engagement: en passant (§2.0.04) would take it off the board without checkmate",
                        p.name
                    ),
                ));
            }
            // A Self that is a blade is thrown, cast or disarmed like one and leaves the board
            // with no checkmate (a review found a thrown Self lost, the game going on); an
            // engagement that is an armament lifts in concert onto the very square its stepping
            // stone is, two moves written alike (a review found `SY5` ambiguous from the start).
            for (both, role, why) in [
                (
                    p.roles.contains(&Role::Life) && p.roles.contains(&Role::Blade),
                    "Blade",
                    "is the Self and cannot have role Blade: a blade is thrown, cast and disarmed, which would take the Self off the board without checkmate (§2.0.03: the Self is taken only as checkmate)",
                ),
                (
                    p.roles.contains(&Role::Engagement) && p.roles.contains(&Role::Armament),
                    "Armament",
                    "is an engagement and cannot have role Armament: the Self stepping onto it would be both a stepping stone and a concert lift, two moves written alike (§2.0.04, §2.0.02)",
                ),
            ] {
                if both {
                    errors.push(err_at_piece(i, role, format!("{:?} {why}", p.name)));
                }
            }
            if p.fendable && p.roles.contains(&Role::Life) {
                errors.push(err_at_piece(
                    i,
                    "fendable",
                    format!(
                        "{:?} is the Self and cannot be fendable: fending it would take it off the board without checkmate",
                        p.name
                    ),
                ));
            }
        }
        // Someone must be able to checkmate (§2.0.VI; "It is only absolutely necessary to have a
        // Self and Sword", §2.0.23): a swordless army is legal where it grants the privilege.
        // A privilege counts only on a piece the army always has that can touch: one of count
        // 0, kept off the board (`max_on_board: Some(0)`), optional (out unless agreed) or inert
        // (it attacks nothing) checkmates nobody; nor one whose every move is `MoveOnly`, or
        // that never attacks the Self (`"Self": Never`; a review found such armies accepted).
        let self_name = def
            .pieces
            .iter()
            .find(|p| p.roles.contains(&Role::Life))
            .map(|p| p.name.clone());
        if !def.pieces.is_empty()
            && !def.pieces.iter().any(|p| {
                p.has_checkmate_privilege()
                    && p.count > 0
                    && p.max_on_board != Some(0)
                    && !p.optional
                    && p.category != crate::piece_def::Category::Inert
                    // (A Dagger Throw touches by its sticks, whatever its moves.)
                    && (p.can_attack() || p.specials.contains(&Special::DaggerThrow))
                    // (By the name as the rules look the relation up.)
                    && self_name.as_ref().is_none_or(|n| {
                        p.attacks.get(n.as_str()) != Some(&Relation::Never)
                    })
            })
        {
            errors.push(at_pieces(
                path,
                src,
                "no piece has checkmate privilege, so this army could never checkmate by touch: expected a piece with role Blade, or `checkmate: Some(true)` on one, with a count above 0, a max_on_board above 0, not optional, not Inert, with a move that may attack and no `Never` against the Self",
            ));
        }
        // A piece given privilege counts as a blade for §2.0.14 ("If the disarmed player has no
        // blade left on the board, disarmament constitutes checkmate"): one that can never touch would
        // keep an army whose real blades are gone from ever being checkmated by disarm (a
        // review found a set with a privileged Inert Ruin accepted, and the last Sword's disarm
        // playing on).
        for (i, p) in def.pieces.iter().enumerate() {
            let touches = p.category != crate::piece_def::Category::Inert
                && (p.can_attack() || p.specials.contains(&Special::DaggerThrow))
                && self_name
                    .as_ref()
                    .is_none_or(|n| p.attacks.get(n.as_str()) != Some(&Relation::Never));
            // (A blade by role is a blade the text's words count, touching or not: the Sword
            // with `"Self": Never` beside a Dagger that checkmates is allowed.)
            if p.checkmate == Some(true)
                && !p.roles.contains(&Role::Blade)
                && p.count > 0
                && !touches
            {
                errors.push(err_at_piece(
                    i,
                    "checkmate",
                    format!(
                        "{:?} has checkmate privilege but can never touch the Self (Inert, every move MoveOnly, or Never against it): it would count as a blade left on the board, so disarming the army's last blade would not end the game (§2.0.14, ruling R-PRIVILEGE)",
                        p.name
                    ),
                ));
            }
        }
        let lives: Vec<usize> = def
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.roles.contains(&Role::Life))
            .map(|(i, _)| i)
            .collect();
        match lives.as_slice() {
            [] => errors.push(at_pieces(
                path,
                src,
                "the set has no Self: expected exactly one piece with role Life",
            )),
            [i] if def.pieces[*i].count != 1 => errors.push(err_at_piece(
                *i,
                "count",
                format!("the Self piece {:?} must have count 1", def.pieces[*i].name),
            )),
            // Nothing is placed before a Self stands (§2.0.13), so a Self in reserve would
            // never enter: it begins on the board (§2.0.19 step 3).
            [i] if def.pieces[*i].reserve != 0 || def.pieces[*i].optional => {
                errors.push(err_at_piece(
                    *i,
                    if def.pieces[*i].optional { "optional" } else { "reserve" },
                    format!(
                        "the Self piece {:?} must begin on the board: expected reserve 0 and not optional",
                        def.pieces[*i].name
                    ),
                ))
            }
            [_] => {}
            [_, j, ..] => errors.push(err_at_piece(
                *j,
                "Life",
                "more than one piece has role Life: expected exactly one Self".to_string(),
            )),
        }
        // The army's own baseline layout (§2.0.19 step 3; §2.0.23 asymmetric armies).
        let mut layout = None;
        if let Some(map) = &def.setup {
            let mut placed: Vec<(Square, Kind)> = Vec::new();
            let setup_at = crate::errors::locate_field(src, "setup").map_or(0, |t| t.2);
            let at = |needle: &str| {
                let from = setup_at;
                locate(src, needle, from, 0)
                    .map(|t| (t.0, t.1))
                    .unwrap_or((1, 1))
            };
            for (sq, name) in map {
                let Some(square) = Square::parse(sq) else {
                    let (l, c) = at(&quoted(sq));
                    errors.push(DataError::at(path, l, c, format!("{sq:?} in the setup is not a square: expected a line W–Z and a step 1–16, e.g. \"X4\"")));
                    continue;
                };
                if !(1..=8).contains(&square.step()) {
                    let (l, c) = at(&quoted(sq));
                    errors.push(DataError::at(path, l, c, format!("{sq:?} in the setup is on the opponent's side: an army's own layout is written for White, on steps 1–8 (§2.0.19), and turned for Black")));
                    continue;
                }
                if let Some((other, _)) = placed.iter().find(|(q, _)| *q == square) {
                    let (l, c) = at(&quoted(sq));
                    errors.push(DataError::at(
                        path,
                        l,
                        c,
                        format!(
                            "the setup places two pieces on {other} ({sq:?}): one piece to a square"
                        ),
                    ));
                    continue;
                }
                match def
                    .pieces
                    .iter()
                    .position(|p| p.name.eq_ignore_ascii_case(name))
                {
                    Some(i) => placed.push((square, Kind(i as u8))),
                    None => {
                        let (l, c) = at(&quoted(name));
                        errors.push(DataError::at(
                            path,
                            l,
                            c,
                            format!(
                                "the setup places unknown piece {}: expected a piece of this set",
                                quoted(name)
                            ),
                        ));
                    }
                }
            }
            for (i, p) in def.pieces.iter().enumerate() {
                let n = placed.iter().filter(|(_, k)| k.index() == i).count() as u8;
                let expected = if p.optional {
                    0
                } else {
                    p.count.saturating_sub(p.reserve)
                };
                if n != expected {
                    // At the field however it is spaced (`setup : …`; a review found 1:1).
                    let (l, c) = crate::errors::locate_field(src, "setup")
                        .map_or((1, 1), |(l, c, _)| (l, c));
                    errors.push(DataError::at(path, l, c, format!(
                        "the setup places {n} {} but the set puts {expected} on the board (count {} − reserve {}): expected the count to fit the setup",
                        p.name, p.count, p.reserve
                    )));
                }
            }
            layout = Some(placed);
        }
        if !errors.is_empty() {
            return Err(LoadError::Data(errors));
        }
        let pieces = def
            .pieces
            .into_iter()
            .enumerate()
            .map(|(i, d)| {
                let kind = Kind(i as u8);
                let tables = [
                    compile_tables(&d, Side::White, 0),
                    compile_tables(&d, Side::Black, 0),
                ];
                let facing_tables = d.is_oriented().then(|| {
                    Box::new(
                        Side::ALL.map(|side| [0, 1, 2, 3].map(|f| compile_tables(&d, side, f))),
                    )
                });
                // Each move adds squares (docs/SETS.md): two `Anywhere` moves of different
                // modes make one of both (a review found the second dropped, a Sword that
                // moved only and could never checkmate passing the set check).
                let anywhere = d
                    .moves
                    .iter()
                    .filter_map(|m| match m {
                        Primitive::Anywhere { mode } => Some(*mode),
                        _ => None,
                    })
                    .reduce(|a, b| if a == b { a } else { Mode::Both });
                Piece {
                    def: d,
                    kind,
                    tables,
                    anywhere,
                    facing_tables,
                }
            })
            .collect::<Vec<Piece>>();
        // A range constraint no move can ever satisfy: from every square, for every square the
        // Self may stand on, each square the piece reaches lies outside the zone. (One whose
        // moves only come back into the zone from outside it is a warning, `warnings`:
        // R-CONSTRAINT-DEST lets a piece left outside move back in.)
        for (i, p) in pieces.iter().enumerate() {
            let Some(c) = p.def.constraint else { continue };
            if p.is_inert() || p.anywhere.is_some() {
                continue;
            }
            if !constraint_reach(&pieces, p, &c).1 {
                errors.push(err_at_piece(
                    i,
                    "constraint",
                    format!(
                        "{:?}'s range constraint can never be satisfied: every square it can move to lies outside the zone (measures: {}, steps: {}) wherever it and its Self stand; expected a wider constraint or shorter moves",
                        p.name(), c.measures, c.steps
                    ),
                ));
            }
        }
        if !errors.is_empty() {
            return Err(LoadError::Data(errors));
        }
        Ok(PieceSet {
            name: def.name,
            description: def.description,
            source: path.to_path_buf(),
            pieces,
            layout,
            fingerprint: fingerprint(src),
            donkey: def.donkey,
        })
    }

    /// What the set checker reports without refusing the set: pieces that can never leave the
    /// board against an army of the same set (neither fendable nor named in any relation that
    /// removes them), with the place of each piece's definition in `src`.
    pub fn warnings(&self, src: &str) -> Vec<DataError> {
        let mut out = Vec::new();
        // A constraint its moves satisfy only from outside the zone: the piece never moves
        // while it stands in range, only back into range once its Self has moved away.
        for (i, p) in self.pieces.iter().enumerate() {
            let Some(c) = p.def.constraint else { continue };
            if p.is_inert() || p.anywhere.is_some() {
                continue;
            }
            let field = || self.field_at(src, i, "constraint");
            // The Self's constraint is judged from the Self itself: each move stays within it of
            // where the Self stands — with `measures: 0`, in its first measure for the whole
            // game (a review found it accepted unwarned).
            if p.has_role(Role::Life) {
                let (l, col) = field();
                out.push(DataError::at(
                    &self.source,
                    l,
                    col,
                    format!(
                        "{:?} is the Self: a range constraint is measured from the Self's own square, so it limits each move to {} measure(s) and {} step(s) from where the Self stands (measures: 0 holds it in its own measure for the whole game)",
                        p.name(),
                        c.measures,
                        c.steps
                    ),
                ));
                continue;
            }
            let (inside, anywhere) = constraint_reach(&self.pieces, p, &c);
            if anywhere && !inside {
                let (l, col) = field();
                out.push(DataError::at(
                    &self.source,
                    l,
                    col,
                    format!(
                        "{:?} never moves while it stands within its range constraint (measures: {}, steps: {}): every move from inside the zone leaves it; it moves only back into the zone once its Self has moved away (R-CONSTRAINT-DEST)",
                        p.name(),
                        c.measures,
                        c.steps
                    ),
                ));
            }
        }
        // "An `Inert` piece attacks nothing" (docs/SETS.md; `View::land`): a move that may
        // attack only moves, one that only attacks never does (a review found such moves
        // accepted unwarned and previewed as attacks).
        for (i, p) in self.pieces.iter().enumerate() {
            if p.is_inert() && p.def.can_attack() {
                let (l, col) = self.field_at(src, i, "moves");
                out.push(DataError::at(
                    &self.source,
                    l,
                    col,
                    format!(
                        "{:?} is Inert and attacks nothing: its moves of mode Both only move, and those of mode AttackOnly never do (write mode: MoveOnly)",
                        p.name()
                    ),
                ));
            }
        }
        for p in &self.pieces {
            if p.has_role(Role::Life) || p.def.fendable || p.is_inert() {
                continue;
            }
            let removable = self.pieces.iter().any(|a| {
                !a.is_inert()
                    && matches!(
                        a.def.attacks.get(p.name()),
                        Some(
                            Relation::Take
                                | Relation::Disarm
                                | Relation::Negate
                                | Relation::Checkmate
                                | Relation::Fend
                                | Relation::BladeCapture
                        )
                    )
            });
            if !removable {
                let (l, c) = definition_at(src, p.name(), 0)
                    .map(|t| (t.0, t.1))
                    .unwrap_or((1, 1));
                out.push(DataError::at(
                    &self.source,
                    l,
                    c,
                    format!(
                        "{:?} can never be fended or taken: it is not fendable and no piece of this set takes it (only withdrawal removes it)",
                        p.name()
                    ),
                ));
            }
        }
        out
    }

    /// Where the `i`th piece's own `field` stands in `src` (line, column): within that piece's
    /// text, its fields in any order — not a later piece's, nor a card's words (a review found
    /// both) — else the piece's definition.
    fn field_at(&self, src: &str, i: usize, field: &str) -> (usize, usize) {
        let name = self.pieces[i].name();
        let at = definition_at(src, name, 0).map_or(0, |t| t.2);
        let begin = src[..at].rfind("Piece(").unwrap_or(at);
        let end = self
            .pieces
            .get(i + 1)
            .and_then(|q| definition_at(src, q.name(), at + 1))
            .map_or(src.len(), |t| {
                src[..t.2].rfind("Piece(").unwrap_or(t.2).max(at)
            });
        crate::errors::locate_field(&src[begin..end], field)
            .map(|t| crate::errors::line_col(src, begin + t.2))
            .unwrap_or_else(|| definition_at(src, name, 0).map_or((1, 1), |t| (t.0, t.1)))
    }

    pub fn piece(&self, k: Kind) -> &Piece {
        &self.pieces[k.index()]
    }

    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        (0..self.pieces.len() as u8).map(Kind)
    }

    pub fn by_name(&self, name: &str) -> Option<Kind> {
        self.pieces
            .iter()
            .position(|p| p.def.name.eq_ignore_ascii_case(name))
            .map(|i| Kind(i as u8))
    }

    pub fn by_letter(&self, c: char) -> Option<Kind> {
        self.pieces
            .iter()
            .position(|p| p.def.letter == c)
            .map(|i| Kind(i as u8))
    }

    pub fn by_code(&self, c: char) -> Option<Kind> {
        let up = c.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.def.code == up)
            .map(|i| Kind(i as u8))
    }

    /// The kind with role Life (the Self).
    pub fn life(&self) -> Kind {
        self.kinds()
            .find(|&k| self.piece(k).has_role(Role::Life))
            .expect("checked at compile")
    }
}

pub const STANDARD_SET: &str = include_str!("../../../config/sets/standard.ron");

/// The squares of a region for `side`'s piece moving from `from`.
pub(crate) fn region_mask(r: Region, side: Side, from: Square) -> u64 {
    match r {
        Region::YourMeasure(n) => Measure::nth_for(side, n).squares().0,
        Region::YourSide => own_side(side).0,
        Region::OpponentSide => own_side(!side).0,
        Region::ThisMeasure => Measure::of(from).squares().0,
        Region::MeasureEdge => {
            let m = Measure::of(from).squares();
            m.into_iter()
                .filter(|&sq| {
                    [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)]
                        .iter()
                        .any(|&(dl, ds)| sq.offset(dl, ds).is_none_or(|n| !m.contains(n)))
                })
                .fold(0, |acc, sq| acc | 1u64 << sq.index())
        }
    }
}

/// The absolute `(lines, steps)` vector of facing `f` (0 forward, 1 right, 2 back, 3 left, from
/// `side`'s point of view).
pub fn facing_vector(side: Side, f: u8) -> (i8, i8) {
    let fw = side.forward();
    match f & 3 {
        0 => (0, fw),
        1 => (fw, 0),
        2 => (0, -fw),
        _ => (-fw, 0),
    }
}

fn dirs_of(d: Dirs, side: Side, facing: u8) -> Vec<Dir> {
    Dir::ALL
        .into_iter()
        .filter(|dir| match d {
            Dirs::All => true,
            Dirs::Orthogonal => !dir.is_diagonal(),
            Dirs::Diagonal => dir.is_diagonal(),
            Dirs::Forward => dir.delta().0 == 0 && dir.relative_step(side) == 1,
            Dirs::ForwardAll => dir.relative_step(side) == 1,
            Dirs::Facing => dir.delta() == facing_vector(side, facing),
        })
        .collect()
}

/// Absolute offsets of a leap pattern for `side` (and `facing`, for `Symmetry::Facing`).
fn leap_offsets(offsets: &[(i8, i8)], sym: Symmetry, side: Side, facing: u8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    if sym == Symmetry::Facing {
        let (fl, fs) = facing_vector(side, facing);
        let (rl, rs) = (fs, -fl);
        for &(l, s) in offsets {
            for l in [l, -l] {
                let abs = (s * fl + l * rl, s * fs + l * rs);
                if !out.contains(&abs) {
                    out.push(abs);
                }
            }
        }
        return out;
    }
    for &(l, s) in offsets {
        let variants: Vec<(i8, i8)> = match sym {
            Symmetry::Facing => unreachable!(),
            Symmetry::None => vec![(l, s)],
            Symmetry::LeftRight => vec![(l, s), (-l, s)],
            Symmetry::All => vec![
                (l, s),
                (-l, s),
                (l, -s),
                (-l, -s),
                (s, l),
                (-s, l),
                (s, -l),
                (-s, -l),
            ],
        };
        for (vl, vs) in variants {
            let abs = (vl, vs * side.forward());
            if !out.contains(&abs) {
                out.push(abs);
            }
        }
    }
    out
}

/// What a slide primitive gives each of its rays: the steps it may land (`min..=max`), the
/// squares it stays within, what it may leap, how it may use its squares, and whether it may not
/// repeat its last direction.
struct RaySpec {
    min: u8,
    max: u8,
    within: u64,
    jump: Jump,
    mode: Mode,
    no_repeat: bool,
}

fn ray(from: Square, dir: Dir, spec: RaySpec) -> Option<Ray> {
    let RaySpec {
        min,
        max,
        within,
        jump,
        mode,
        no_repeat,
    } = spec;
    let (dl, ds) = dir.delta();
    let mut r = Ray {
        squares: [0; 15],
        len: 0,
        min,
        jump,
        mode,
        dir,
        no_repeat,
        mask: 0,
        landing: 0,
        ascending: (ds as i32) * 4 + dl as i32 > 0,
    };
    let mut cur = from;
    while r.len < max {
        match cur.offset(dl, ds) {
            Some(next) if within & (1 << next.index()) != 0 => {
                r.squares[r.len as usize] = next.index() as u8;
                r.len += 1;
                r.mask |= 1 << next.index();
                if r.len >= min {
                    r.landing |= 1 << next.index();
                }
                cur = next;
            }
            _ => break,
        }
    }
    (r.len >= min).then_some(r)
}

fn add_leap(e: &mut Leaps, t: Square, mode: Mode) {
    let bit = 1u64 << t.index();
    match mode {
        Mode::Both => e.both |= bit,
        Mode::MoveOnly => e.move_only |= bit,
        Mode::AttackOnly => e.attack_only |= bit,
    }
}

fn compile_tables(d: &PieceDef, side: Side, facing: u8) -> Tables {
    let mut leaps = vec![Leaps::default(); 64];
    // Leap targets over a path, and those a pathless move reaches (`Tables::pathed`).
    let mut pathed = vec![0u64; 64];
    let mut pathless = vec![0u64; 64];
    let mut ray_ranges = vec![(0u16, 0u16); 64];
    let mut rays = Vec::new();
    let has_from_self = d
        .moves
        .iter()
        .any(|m| matches!(m, Primitive::FromSelf { .. }));
    let mut from_self = if has_from_self {
        vec![Leaps::default(); 64]
    } else {
        Vec::new()
    };
    for from in Square::all() {
        let start = rays.len() as u16;
        for m in &d.moves {
            match m {
                Primitive::Leap {
                    offsets,
                    symmetry,
                    mode,
                } => {
                    for (l, s) in leap_offsets(offsets, *symmetry, side, facing) {
                        if let Some(t) = from.offset(l, s) {
                            add_leap(&mut leaps[from.index()], t, *mode);
                            pathed[from.index()] |= 1 << t.index();
                        }
                    }
                }
                Primitive::MeasureBlink { mode } => {
                    for k in [-12i8, -8, -4, 4, 8, 12] {
                        if let Some(t) = from.offset(0, k) {
                            add_leap(&mut leaps[from.index()], t, *mode);
                            pathless[from.index()] |= 1 << t.index();
                        }
                    }
                }
                Primitive::MeasureLeap {
                    offsets,
                    symmetry,
                    mode,
                } => {
                    let here = Measure::of(from);
                    for k in [-12i8, -8, -4, 4, 8, 12] {
                        let Some(origin) = from.offset(0, k) else {
                            continue;
                        };
                        let there = Measure::of(origin);
                        debug_assert_ne!(here, there);
                        for (l, s) in leap_offsets(offsets, *symmetry, side, facing) {
                            if let Some(t) = origin.offset(l, s)
                                && Measure::of(t) == there
                            {
                                add_leap(&mut leaps[from.index()], t, *mode);
                                pathless[from.index()] |= 1 << t.index();
                            }
                        }
                    }
                }
                Primitive::FromSelf {
                    offsets,
                    symmetry,
                    mode,
                } => {
                    // Here `from` is the Self's square.
                    for (l, s) in leap_offsets(offsets, *symmetry, side, facing) {
                        if let Some(t) = from.offset(l, s) {
                            add_leap(&mut from_self[from.index()], t, *mode);
                        }
                    }
                }
                Primitive::Slide {
                    dirs,
                    min,
                    max,
                    jump,
                    mode,
                    from: from_region,
                    within,
                    no_repeat_direction,
                } => {
                    if from_region
                        .is_some_and(|r| region_mask(r, side, from) & (1 << from.index()) == 0)
                    {
                        continue;
                    }
                    let within = within.map_or(u64::MAX, |r| region_mask(r, side, from));
                    for dir in dirs_of(*dirs, side, facing) {
                        let spec = RaySpec {
                            min: *min,
                            max: max.unwrap_or(15),
                            within,
                            jump: *jump,
                            mode: *mode,
                            no_repeat: *no_repeat_direction,
                        };
                        if let Some(r) = ray(from, dir, spec) {
                            rays.push(r);
                        }
                    }
                }
                Primitive::Lunge {
                    forward,
                    back,
                    diagonal,
                    jump,
                    mode,
                } => {
                    let rel = Measure::of(from).relative(side) as usize - 1;
                    for dir in Dir::ALL {
                        if dir.is_diagonal() && !diagonal {
                            continue;
                        }
                        let max = match dir.relative_step(side) {
                            1 => forward[rel],
                            -1 => back[rel],
                            _ => 0,
                        };
                        if max > 0
                            && let Some(r) = ray(
                                from,
                                dir,
                                RaySpec {
                                    min: 1,
                                    max,
                                    within: u64::MAX,
                                    jump: *jump,
                                    mode: *mode,
                                    no_repeat: false,
                                },
                            )
                        {
                            rays.push(r);
                        }
                    }
                }
                Primitive::Anywhere { .. } => {}
            }
        }
        ray_ranges[from.index()] = (start, rays.len() as u16);
    }
    let reach = Square::all()
        .map(|sq| {
            let l = leaps[sq.index()];
            let (a, b) = ray_ranges[sq.index()];
            rays[a as usize..b as usize]
                .iter()
                .flat_map(|r| r.squares())
                .fold(l.both | l.move_only | l.attack_only, |acc, s| {
                    acc | 1u64 << s.index()
                })
        })
        .collect();
    for (p, q) in pathed.iter_mut().zip(&pathless) {
        *p &= !q;
    }
    Tables {
        leaps,
        ray_ranges,
        rays,
        from_self,
        reach,
        pathed,
    }
}

/// What a piece must be to have special `sp`, when `p` is not: each special is one rulebook
/// piece's, and the rules play it only on a piece of that piece's kind — the Self's on the
/// piece of role Life, the engagement's on an engagement, a blade's on a blade, the technical
/// pieces' on a technical piece, the Ruin's on an inert one. (A review found the special of one
/// on another accepted and then breaking play: the Jutsu's Intention on the Self let a glare
/// send the Self to reserve; the Lantern's PseudoArmament on the engagement listed each of its
/// moves twice.)
fn special_needs(sp: Special, p: &PieceDef) -> Option<String> {
    let (ok, whose) = match sp {
        Special::Concert | Special::Retreat => (
            p.roles.contains(&Role::Life),
            "the Self's (§2.0.02): only a piece of role Life may have it",
        ),
        Special::SteppingStone | Special::EnPassant => (
            p.roles.contains(&Role::Engagement),
            "the engagement's (§2.0.04): only a piece of role Engagement may have it",
        ),
        Special::Cavazione
        | Special::Opposition
        | Special::Persistence
        | Special::DaggerThrow
        | Special::Shima => (
            p.roles.contains(&Role::Blade),
            "a blade's (§2.0.03, §2.0.08): only a piece of role Blade may have it",
        ),
        Special::FloatingRuin => (
            p.category == Category::Inert,
            "the Ruin's (§2.0.12): only a piece of category Inert may have it",
        ),
        Special::BladeCapture
        | Special::Feign
        | Special::ObscurantChaos
        | Special::Control
        | Special::Shift
        | Special::Deflection
        | Special::Flail
        | Special::Glare
        | Special::FireDance
        | Special::PseudoArmament
        | Special::Presence
        | Special::Intention => (
            p.category == Category::Technical
                && !p.roles.contains(&Role::Life)
                && !p.roles.contains(&Role::Engagement)
                && !p.roles.contains(&Role::Blade),
            "a technical piece's (§2.0.06–§2.0.11): only a piece of category Technical, not of role Life, Engagement or Blade, may have it",
        ),
    };
    (!ok).then(|| whose.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_err(src: &str) -> Vec<DataError> {
        match PieceSet::from_ron(Path::new("t.ron"), src) {
            Err(LoadError::Data(e)) => e,
            other => panic!("expected data errors, got {other:?}"),
        }
    }

    /// The bit scans agree with walking each ray square by square: for every ray of every set
    /// the project ships and many blocker sets, `reach` stops at the first blocker and
    /// `in_order` gives the squares nearest first.
    #[test]
    fn ray_bit_scans_agree_with_walking_the_ray() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/sets");
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut rays = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let set = PieceSet::load(&entry.unwrap().path()).unwrap();
            for k in set.kinds() {
                let p = set.piece(k);
                let all: Vec<&Tables> = match &p.facing_tables {
                    Some(ft) => ft.iter().flatten().collect(),
                    None => p.tables.iter().collect(),
                };
                for t in all {
                    for r in &t.rays {
                        rays += 1;
                        let walked: Vec<Square> = r.squares().collect();
                        assert_eq!(r.in_order(r.mask).collect::<Vec<_>>(), walked);
                        for _ in 0..20 {
                            rng ^= rng << 13;
                            rng ^= rng >> 7;
                            rng ^= rng << 17;
                            let stop = rng & rng.rotate_left(23);
                            let mut want = 0u64;
                            for sq in &walked {
                                want |= 1 << sq.index();
                                if stop & (1 << sq.index()) != 0 {
                                    break;
                                }
                            }
                            assert_eq!(r.reach(stop), want, "{r:?} stop {stop:#x}");
                        }
                        let landing = walked[r.min.max(1) as usize - 1..]
                            .iter()
                            .fold(0u64, |b, sq| b | 1 << sq.index());
                        assert_eq!(r.landing, landing);
                    }
                }
            }
        }
        assert!(rays > 1000, "only {rays} rays");
    }

    #[test]
    fn standard_set_loads() {
        let s = PieceSet::standard();
        assert_eq!(s.len(), 10);
        assert_eq!(s.piece(s.life()).name(), "Self");
        assert_eq!(
            s.by_letter('$').map(|k| s.piece(k).name().to_string()),
            Some("Sword".into())
        );
        assert_eq!(s.by_code('w'), s.by_name("Sword"));
    }

    #[test]
    fn syntax_error_names_line_and_column() {
        let e = load_err("PieceSet(\n  name: \"x\",\n  pieces: [,]\n)");
        assert_eq!((e[0].location.line, e[0].location.col), (3, 12));
    }

    #[test]
    fn unknown_field_is_an_error_with_position() {
        let src = STANDARD_SET.replacen("fendable: false,", "fendable: false, colour: 3,", 1);
        let e = load_err(&src);
        assert!(e[0].message.contains("colour"), "{}", e[0].message);
        let (line, _, _) = locate(&src, "colour", 0, 0).unwrap();
        assert_eq!(e[0].location.line, line);
    }

    #[test]
    fn cross_checks_name_the_place() {
        // Unknown piece in a relation.
        let src = STANDARD_SET.replacen("\"Lantern\": Take,", "\"Lantren\": Take,", 1);
        let e = load_err(&src);
        let (line, col, _) = locate(&src, "\"Lantren\"", 0, 0).unwrap();
        assert_eq!((e[0].location.line, e[0].location.col), (line, col));
        assert!(
            e[0].message.contains("unknown piece \"Lantren\""),
            "{}",
            e[0].message
        );

        // Duplicate letter: the Balance also written 'C'.
        let src = STANDARD_SET.replacen("letter: 'B'", "letter: 'C'", 1);
        let e = load_err(&src);
        let (line, _, _) = locate(&src, "letter: 'C'", 0, 1).unwrap();
        assert_eq!(e[0].location.line, line);
        assert!(
            e[0].message.contains("duplicate notation letter 'C'"),
            "{}",
            e[0].message
        );

        // No Self (the Self's own specials on a piece that is no longer of role Life are
        // refused too).
        let src = STANDARD_SET.replacen("roles: [Life],", "", 1);
        let e = load_err(&src);
        let no_self = e
            .iter()
            .find(|e| e.message.contains("no Self"))
            .unwrap_or_else(|| panic!("{e:?}"));
        assert_eq!(
            no_self.location.line,
            locate(&src, "pieces", 0, 0).unwrap().0
        );
        // A set whose header comment says "pieces" (the fairy set's): the error stands at the
        // `pieces:` field, not in the comment (a review found it there).
        let fairy = include_str!("../../../config/sets/fairy.ron");
        assert!(fairy.lines().next().unwrap().contains("pieces"));
        let src = fairy.replacen("roles: [Life],", "", 1);
        assert_ne!(src, fairy);
        let e = load_err(&src);
        let no_self = e
            .iter()
            .find(|e| e.message.contains("no Self"))
            .unwrap_or_else(|| panic!("{e:?}"));
        let field = src
            .lines()
            .position(|l| l.trim_start().starts_with("pieces:"));
        assert_eq!(
            (no_self.location.line, no_self.location.col),
            (field.unwrap() + 1, 5)
        );
    }
}
