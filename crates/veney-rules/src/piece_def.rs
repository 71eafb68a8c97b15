//! The RON schema of a piece set, as written by a set designer: plain data, not yet checked.
//! `piece_set::PieceSet::compile` checks it and builds the lookup tables used in play.
//! Every field is documented in `docs/SETS.md` (with the standard set as the example).
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename = "PieceSet")]
pub struct PieceSetDef {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub pieces: Vec<PieceDef>,
    /// This army's own baseline layout, from White's side: square → piece name (§2.0.19 step 3).
    /// Black's is turned 180°. When absent the game's setup file places the pieces — the way
    /// to give an asymmetric army (§2.0.23) its own starting squares.
    #[serde(default, deserialize_with = "optional_layout_once")]
    pub setup: Option<BTreeMap<String, String>>,
    /// The army brings a Donkey in reserve (§2.0.23: "Each player may have a donkey in
    /// reserve"), whatever the rule option `donkey` says.
    #[serde(default)]
    pub donkey: bool,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, rename = "Piece")]
pub struct PieceDef {
    /// The piece's name, used in relations, setups and rule options.
    pub name: String,
    /// Its letter in the rulebook's notation (§2.0.R5), e.g. `'$'` for the Sword.
    pub letter: char,
    /// Its letter in the position text (docs/POSITION.md), uppercase; Black's is the lowercase.
    pub code: char,
    pub category: Category,
    #[serde(default)]
    pub roles: Vec<Role>,
    /// How many each side has in all.
    pub count: u8,
    /// How many of them begin in reserve (the rest are placed by the setup).
    #[serde(default)]
    pub reserve: u8,
    /// At most this many of them on the board at once (the Archives Assassin's Daggers, "up to
    /// two drawn at a time", §2.0.23); placing another is not possible until one leaves.
    #[serde(default)]
    pub max_on_board: Option<u8>,
    /// Checkmate-by-touch privilege: taking the opposing Self with it is checkmate, and it counts
    /// for the "no blade left" rule of disarm (§2.0.14). Absent: the blades have it (role Blade).
    #[serde(default)]
    pub checkmate: Option<bool>,
    /// Optional pieces are in play only when the rule options include them (e.g. the Ruin).
    #[serde(default)]
    pub optional: bool,
    /// Whether an attack returns it to its owner's reserve (§2.0.VII).
    pub fendable: bool,
    /// Whether its owner may withdraw it to reserve (§2.0.13).
    #[serde(default)]
    pub withdraw: Withdraw,
    /// How it moves: each primitive adds squares.
    pub moves: Vec<Primitive>,
    /// Its range constraint relative to its own Self, if any.
    #[serde(default)]
    pub constraint: Option<Constraint>,
    /// What it does to each opposing piece it attacks, where that is not the default
    /// (the default: it fends the piece if the piece is fendable, and cannot attack it otherwise).
    #[serde(default, deserialize_with = "attacks_once")]
    pub attacks: BTreeMap<String, Relation>,
    /// Special moves and aspects by their rulebook names.
    #[serde(default)]
    pub specials: Vec<Special>,
    /// The opposing blades its blade-to-blade specials (Cavazione, Opposition) may engage, by
    /// name; empty means every opposing blade. The Dagger: `["Dagger"]` (§2.0.08).
    #[serde(default)]
    pub duels_with: Vec<String>,
    /// The rules card shown to players.
    #[serde(default)]
    pub card: String,
    /// How the app draws it (§2.0.R6 The Pieces' Shapes); when absent, from its name.
    #[serde(default)]
    pub shape: Option<Shape>,
    /// The rulebook section describing it, e.g. "§2.0.03 Sword".
    #[serde(default)]
    pub section: String,
}

/// Reads a `{ "key": value, … }` map and refuses a key written twice, which serde's map would
/// keep silently, the last entry replacing the first. The error names the key;
/// `errors::ron_from_str` points it at the second one.
struct UniqueKeys<V> {
    /// The map, as the error names it (`` `attacks` ``).
    what: &'static str,
    /// What each key names, as the error expects it ("each piece named once").
    expected: &'static str,
    value: std::marker::PhantomData<V>,
}

impl<V> UniqueKeys<V> {
    fn new(what: &'static str, expected: &'static str) -> UniqueKeys<V> {
        UniqueKeys {
            what,
            expected,
            value: std::marker::PhantomData,
        }
    }
}

impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for UniqueKeys<V> {
    type Value = BTreeMap<String, V>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out: BTreeMap<String, V> = BTreeMap::new();
        // Checked as each key is read, so the reader stands just past the second one.
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(serde::de::Error::custom(format!(
                    "{}{key:?} in {}: expected {} (a second entry would silently replace the first)",
                    crate::errors::DUPLICATE_KEY,
                    self.what,
                    self.expected
                )));
            }
            let value = map.next_value()?;
            out.insert(key, value);
        }
        Ok(out)
    }
}

/// A piece's `attacks`, each piece named once.
fn attacks_once<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, Relation>, D::Error> {
    d.deserialize_map(UniqueKeys::new("`attacks`", "each piece named once"))
}

/// A setup file's layout (`white`, `Explicit({…})`), each square named once.
pub(crate) fn layout_once<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    d.deserialize_map(UniqueKeys::new("the setup", "each square named once"))
}

/// A set's own `setup: Some({…})`, each square named once.
fn optional_layout_once<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<BTreeMap<String, String>>, D::Error> {
    d.deserialize_option(OptionalLayout)
}

/// Reads `None` or `Some({…})` for `optional_layout_once`.
struct OptionalLayout;

impl<'de> serde::de::Visitor<'de> for OptionalLayout {
    type Value = Option<BTreeMap<String, String>>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an optional map")
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(UniqueKeys::new("`setup`", "each square named once"))
            .map(Some)
    }
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Category {
    /// Self, Sword, Dagger: their loss ends the game (§2.0.VI).
    Critical,
    /// Engagements: never lost, only fended.
    Virtual,
    /// Cloak, Balance, Guard, Lantern, Jutsu.
    Technical,
    /// The Ruin/Rien: inert, outside the framework.
    Inert,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Role {
    /// The piece whose loss is checkmate and whose square range constraints are measured from.
    Life,
    /// Sword and Dagger.
    Blade,
    /// Sword, Dagger and Guard: may move in concert with the Self; vulnerable to disarm.
    Armament,
    /// An engagement: own pieces may use it as a stepping stone (§2.0.04).
    Engagement,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Withdraw {
    #[default]
    Allowed,
    Never,
    /// Only while another blade of the owner is on the board (the Dagger, §2.0.13).
    UnlessLastBlade,
}

/// How a primitive's squares may be used.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Move to an empty square or attack an opposing piece there.
    #[default]
    Both,
    /// Only move (or stepping stone); never attack.
    MoveOnly,
    /// Only attack; never move to an empty square.
    AttackOnly,
}

/// What a sliding piece may pass over.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Jump {
    #[default]
    Nothing,
    /// Its own pieces except its Self (and the free engagement while possessed) — the Sword.
    OwnExceptSelf,
    /// Any piece — the Balance.
    Anything,
}

/// A set of directions, from the moving piece's own point of view where it matters.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Dirs {
    /// All eight (queen lines).
    All,
    /// The four orthogonals (rook lines).
    Orthogonal,
    /// The four diagonals (bishop lines).
    Diagonal,
    /// Straight ahead only.
    Forward,
    /// Straight ahead and the two forward diagonals.
    ForwardAll,
    /// The one orthogonal direction the piece faces (an oriented piece, docs/SETS.md).
    Facing,
}

/// Symmetry applied to leap offsets `(lines, steps)`, steps counted forward for the mover.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// All eight rotations and reflections.
    #[default]
    All,
    /// Mirrored left/right only (e.g. the engagement's forward diagonals).
    LeftRight,
    /// Exactly as written.
    None,
    /// Turned to the direction the piece faces (steps counted along its facing), mirrored
    /// left/right: an oriented knight's `(1, 2)` leaps two ahead of its facing and one aside.
    Facing,
}

/// A region of the board, from the moving piece's owner's point of view.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Region {
    /// The owner's n-th measure (1 = nearest the owner).
    YourMeasure(u8),
    /// The owner's half of the board (first and second measures).
    YourSide,
    /// The opponent's half.
    OpponentSide,
    /// The measure the piece stands in when it moves.
    ThisMeasure,
    /// The twelve edge squares of the measure the piece stands in (a perimeter-bound mover).
    MeasureEdge,
}

/// Unknown fields in a primitive (`Slide(dirs: All, jumps: …)`) are refused, as in a piece.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum Primitive {
    /// Fixed jumps to `(lines, steps)` offsets with a symmetry; path ignored (the Cloak).
    Leap {
        offsets: Vec<(i8, i8)>,
        #[serde(default)]
        symmetry: Symmetry,
        #[serde(default)]
        mode: Mode,
    },
    /// Moves along lines, `min ..= max` squares (`max: None` = to the edge).
    Slide {
        dirs: Dirs,
        #[serde(default = "one")]
        min: u8,
        #[serde(default)]
        max: Option<u8>,
        #[serde(default)]
        jump: Jump,
        #[serde(default)]
        mode: Mode,
        /// Only from a square in this region.
        #[serde(default)]
        from: Option<Region>,
        /// Only to squares in this region (the path may not leave it).
        #[serde(default)]
        within: Option<Region>,
        /// May not slide in the same direction as this piece's previous move (the Lantern).
        #[serde(default)]
        no_repeat_direction: bool,
    },
    /// Straight or diagonal lines forward and back whose longest distance depends on which of
    /// the owner's measures the piece stands in (the Self's lunge, §2.0.02): index 0 = first.
    Lunge {
        forward: Vec<u8>,
        back: Vec<u8>,
        #[serde(default = "yes")]
        diagonal: bool,
        #[serde(default)]
        jump: Jump,
        #[serde(default)]
        mode: Mode,
    },
    /// To the corresponding square of any other measure, pathless (the Jutsu's blink).
    MeasureBlink {
        #[serde(default)]
        mode: Mode,
    },
    /// "3D" movement (§2.0.23 Custom Rules): leaps as if starting from the corresponding square of
    /// each other measure, landing inside that measure; pathless. `[(1, 0), (1, 1)]` is a 3D
    /// king, `[(1, 2)]` a 3D knight, `[(0, 0)]` the Jutsu's blink.
    MeasureLeap {
        offsets: Vec<(i8, i8)>,
        #[serde(default)]
        symmetry: Symmetry,
        #[serde(default)]
        mode: Mode,
    },
    /// Relational origin (§2.0.23 Custom Rules): leaps as if starting from its own Self's square;
    /// pathless. Never onto its own square.
    FromSelf {
        offsets: Vec<(i8, i8)>,
        #[serde(default)]
        symmetry: Symmetry,
        #[serde(default)]
        mode: Mode,
    },
    /// To any square at all, pathless, limited only by the range constraint (the Ruin).
    Anywhere {
        #[serde(default)]
        mode: Mode,
    },
}

fn one() -> u8 {
    1
}
fn yes() -> bool {
    true
}

/// A range constraint relative to the owner's Self (§2.0.03, 2.0.08, 2.0.09, 2.0.10, 2.0.12).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct Constraint {
    /// The Self's measure and this many measures either side.
    #[serde(default)]
    pub measures: u8,
    /// Plus this many steps beyond that band on either side.
    #[serde(default)]
    pub steps: u8,
    /// Plus any step holding one of the owner's engagements (the Sword).
    #[serde(default)]
    pub engagement_steps: bool,
    /// But never the opposing Self's measure (the Ruin).
    #[serde(default)]
    pub not_opponent_self_measure: bool,
}

/// What an attacker does to a piece it attacks (§2.0.VII summary chart).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Relation {
    /// Returned to its owner's reserve.
    Fend,
    /// Removed from the game to the shared discard.
    Take,
    /// Taking it is checkmate by touch (blade takes Self).
    Checkmate,
    /// Both the attacker and the target are discarded (Jutsu takes Jutsu, "negation").
    Negate,
    /// Taken only under disarm conditions (§2.0.14).
    Disarm,
    /// The Cloak's Blade Capture (§2.0.06).
    BladeCapture,
    /// The Guard's Deflection (§2.0.09).
    Deflect,
    /// Cannot attack it at all.
    Never,
}

/// Special moves and aspects by their rulebook names.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Special {
    // Self (§2.0.02)
    Concert,
    Retreat,
    // Sword and Dagger (§2.0.03, 2.0.08)
    Cavazione,
    Opposition,
    Persistence,
    DaggerThrow,
    // Engagement (§2.0.04)
    SteppingStone,
    EnPassant,
    // Cloak (§2.0.06)
    Feign,
    BladeCapture,
    // Balance (§2.0.07)
    Control,
    Shift,
    // Guard (§2.0.09)
    Deflection,
    // Lantern (§2.0.10)
    Flail,
    Glare,
    PseudoArmament,
    // Jutsu (§2.0.11)
    Presence,
    Intention,
    // Ruin (§2.0.12)
    FloatingRuin,
    // Cast-piece devices (§2.0.18)
    /// Cast Lantern.
    FireDance,
    /// Cast Cloak.
    ObscurantChaos,
    /// Cast Dagger.
    Shima,
}

/// The drawn shapes of §2.0.R6, for the app and for fairy pieces' art.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A big roundish lump of rock (the Self).
    Lump,
    /// A long flat shard (the Sword).
    Shard,
    /// A smaller shard (the Dagger).
    SmallShard,
    /// Irregular, organic, with holes (the Cloak).
    Cloth,
    /// Long, an axis (the Balance).
    Long,
    /// Flat and round like a buckler (the Guard).
    Disc,
    /// A pointed droplet or flame (the Lantern).
    Droplet,
    /// Circular with one central eyehole (the Jutsu).
    Ring,
    /// The largest piece, blocky, a column (the Ruin).
    Block,
    /// A small pebble (engagements).
    Pebble,
    /// A coin-like token with a notch (fairy pieces without a shape of their own).
    Token,
    /// Two offset stacked plates (the "3D" movers).
    Prism,
    /// A pointed arrowhead drawn toward its facing (oriented pieces).
    Arrow,
    /// A small stone tied to a cord (relational movers).
    Tether,
    /// A hollow square frame (measure-bound movers).
    Frame,
}

impl Shape {
    /// The rulebook's shape for a standard piece by name; `Token` for others.
    pub fn for_name(name: &str) -> Shape {
        match name {
            "Self" => Shape::Lump,
            "Sword" => Shape::Shard,
            "Dagger" => Shape::SmallShard,
            "Cloak" => Shape::Cloth,
            "Balance" => Shape::Long,
            "Guard" => Shape::Disc,
            "Lantern" => Shape::Droplet,
            "Jutsu" => Shape::Ring,
            "Ruin" => Shape::Block,
            "Engagement" => Shape::Pebble,
            _ => Shape::Token,
        }
    }
}

impl PieceDef {
    /// Whether it has checkmate-by-touch privilege (default: the blades).
    pub fn has_checkmate_privilege(&self) -> bool {
        self.checkmate.unwrap_or(self.roles.contains(&Role::Blade))
    }

    /// Whether some primitive may attack (not every one is `MoveOnly`): a piece that can touch.
    pub fn can_attack(&self) -> bool {
        self.moves.iter().any(|m| {
            let (Primitive::Leap { mode, .. }
            | Primitive::Slide { mode, .. }
            | Primitive::Lunge { mode, .. }
            | Primitive::MeasureBlink { mode, .. }
            | Primitive::MeasureLeap { mode, .. }
            | Primitive::FromSelf { mode, .. }
            | Primitive::Anywhere { mode }) = m;
            *mode != Mode::MoveOnly
        })
    }

    /// Whether it faces a direction (some primitive moves along its facing).
    pub fn is_oriented(&self) -> bool {
        self.moves.iter().any(|m| match m {
            Primitive::Slide { dirs, .. } => *dirs == Dirs::Facing,
            Primitive::Leap { symmetry, .. }
            | Primitive::MeasureLeap { symmetry, .. }
            | Primitive::FromSelf { symmetry, .. } => *symmetry == Symmetry::Facing,
            _ => false,
        })
    }

    /// The shape to draw.
    pub fn drawn_shape(&self) -> Shape {
        self.shape.unwrap_or_else(|| Shape::for_name(&self.name))
    }
}

impl Special {
    /// Whether this crate plays the special yet. The rest are read, kept, and shown on rules
    /// cards; their play arrives with the complete rulebook.
    pub fn implemented(self) -> bool {
        matches!(
            self,
            Special::Concert
                | Special::Retreat
                | Special::Cavazione
                | Special::Opposition
                | Special::Persistence
                | Special::DaggerThrow
                | Special::SteppingStone
                | Special::EnPassant
                | Special::Feign
                | Special::Control
                | Special::Shift
                | Special::Deflection
                | Special::Glare
                | Special::PseudoArmament
                | Special::Presence
                | Special::FloatingRuin
                | Special::Flail
                | Special::Intention
                | Special::BladeCapture
                | Special::FireDance
                | Special::ObscurantChaos
                | Special::Shima
        )
    }
}

/// Whether `c` can be a piece letter: a letter (not a line letter W X Y Z, not `t`, `f` or `U`,
/// which the notation uses) or one of the symbols `$ & % ^`.
pub fn is_piece_letter(c: char) -> bool {
    (c.is_alphabetic() && !matches!(c, 'W' | 'X' | 'Y' | 'Z') && !matches!(c, 't' | 'f' | 'U'))
        || matches!(c, '$' | '&' | '%' | '^')
}

/// The steps a constraint allows with the Self in measure `m`: that measure and `c.measures`
/// either side, plus `c.steps` beyond (before engagement steps and the opposing Self's measure).
pub(crate) fn zone_band(c: &Constraint, m: crate::measure::Measure) -> crate::bitboard::Bitboard {
    let lo = (m.0 as i32 - c.measures as i32).max(0) as u8;
    let hi = (m.0 as i32 + c.measures as i32).min(3) as u8;
    let first = crate::measure::Measure(lo)
        .first_step()
        .saturating_sub(c.steps);
    let last = crate::measure::Measure(hi)
        .last_step()
        .saturating_add(c.steps);
    crate::measure::steps_between(first, last)
}

/// The zone from its ingredients: the own Self's square, the own engagements, the opposing
/// Self's measure; `apart`: the rule option `sword_steps_apart` (R-SWORD-ENGAGEMENT-STEPS).
pub fn zone_from(
    c: &Constraint,
    life: Option<crate::square::Square>,
    eng: crate::bitboard::Bitboard,
    opp_life: Option<crate::measure::Measure>,
    apart: bool,
) -> crate::bitboard::Bitboard {
    let Some(life) = life else {
        return crate::bitboard::Bitboard::FULL;
    };
    zone_with_band(
        c,
        zone_band(c, crate::measure::Measure::of(life)),
        eng,
        opp_life,
        apart,
    )
}

/// The zone from the steps its constraint allows around the Self's measure (`band`, as
/// `zone_band` gives it): plus the own engagements' steps, less the opposing Self's measure.
/// The engagements' steps extend the band step by step outward (§2.0.03 "plus any step further
/// if you have at least one engagement in that step. (Thus, a Sword can certainly never reach
/// an opponent so long as both players' Self pieces haven't advanced out of their first
/// measure.)"); with `apart` (option `sword_steps_apart`) any such step joins, apart or not
/// (ruling R-SWORD-ENGAGEMENT-STEPS).
#[inline]
pub(crate) fn zone_with_band(
    c: &Constraint,
    band: crate::bitboard::Bitboard,
    eng: crate::bitboard::Bitboard,
    opp_life: Option<crate::measure::Measure>,
    apart: bool,
) -> crate::bitboard::Bitboard {
    let mut z = band;
    if c.engagement_steps {
        let steps = eng.fill_steps();
        if apart {
            z |= steps;
        } else {
            // Grow the band a step at a time (a step is four squares) while the next step out
            // holds an engagement.
            loop {
                let grown = z | (steps & crate::bitboard::Bitboard((z.0 << 4) | (z.0 >> 4)));
                if grown == z {
                    break;
                }
                z = grown;
            }
        }
    }
    if c.not_opponent_self_measure
        && let Some(om) = opp_life
    {
        z &= !om.squares();
    }
    z
}
