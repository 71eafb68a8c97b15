//! `Rules`: everything fixed for one game — each side's piece set, the setup, the rule options —
//! plus tables derived from them (who fends or takes whom).
use crate::bitboard::Bitboard;
use crate::errors::{DataError, LoadError};
use crate::options::RuleOptions;
use crate::piece_def::{Category, Constraint, Primitive, Relation, Role, Special, Withdraw};
use crate::piece_set::{Kind, MAX_KINDS, PieceSet};
use crate::setup::{STANDARD_SETUP, Setup, SetupDef};
use crate::side::Side;
use std::path::Path;
use std::sync::Arc;

/// The file named by an error of the rule options found only against the armies (`Rules::new`
/// has no file of its own): `load_parts` places it in the options file given.
const OPTIONS_CHECKED: &str = "rule options";
/// How errors in the built-in standard setup name it (it is no file on disk).
pub const BUILT_IN_SETUP: &str = "built-in config/setups/standard.ron";

#[derive(Clone, Debug)]
pub struct Rules {
    pub sets: [Arc<PieceSet>; 2],
    pub options: RuleOptions,
    pub setup: Setup,
    /// `relation[attacker side][attacker kind][target kind in the opposing set]`.
    relation: [[[Relation; MAX_KINDS]; MAX_KINDS]; 2],
    /// How many of each kind each side has in this game (0 for optional pieces left out).
    pub counts: [[u8; MAX_KINDS]; 2],
    life: [Kind; 2],
    info: [[KindInfo; MAX_KINDS]; 2],
    engagements: [u16; 2],
    /// Kinds of each side that are blades, as a bit mask by kind index.
    blades: [u16; 2],
    /// Kinds of each side that are Jutsu (Presence or Intention, §2.0.11), as a bit mask.
    jutsus: [u16; 2],
    /// Whether a kind of each side has Control (§2.0.07).
    control: [bool; 2],
    /// Kinds of each side with each `Aspect`, as bit masks by kind index.
    aspects: [[u16; Aspect::COUNT]; 2],
    /// Each side's constrained kinds, grouped by constraint (`View::new` works out each
    /// group's zone once).
    zone_groups: [Vec<ZoneGroup>; 2],
}

/// The kinds of one side that share one range constraint, with the band of steps it allows
/// for each measure the Self may stand in (§2.0.03: the Self's measure and `measures` either
/// side, plus `steps` beyond).
#[derive(Clone, Debug)]
pub(crate) struct ZoneGroup {
    pub constraint: crate::piece_def::Constraint,
    /// A bit mask by kind index.
    pub kinds: u16,
    /// The steps allowed with the Self in each measure (before engagement steps are added and
    /// the opposing Self's measure is taken away).
    pub band: [Bitboard; 4],
    /// The rule option `sword_steps_apart` (R-SWORD-ENGAGEMENT-STEPS).
    pub apart: bool,
}

impl ZoneGroup {
    fn new(constraint: crate::piece_def::Constraint, apart: bool) -> ZoneGroup {
        let band = std::array::from_fn(|m| {
            crate::piece_def::zone_band(&constraint, crate::measure::Measure(m as u8))
        });
        ZoneGroup {
            constraint,
            kinds: 0,
            band,
            apart,
        }
    }

    /// The zone with the own Self in `life`'s measure, the own engagements on `eng`, the
    /// opposing Self in `opp_life` (`piece_def::zone_from`, from the band worked out).
    #[inline]
    pub fn zone(
        &self,
        life: Option<crate::measure::Measure>,
        eng: Bitboard,
        opp_life: Option<crate::measure::Measure>,
    ) -> Bitboard {
        let Some(m) = life else {
            return Bitboard::FULL;
        };
        let band = self.band[m.0 as usize & 3];
        crate::piece_def::zone_with_band(&self.constraint, band, eng, opp_life, self.apart)
    }
}

/// The kinds of a bit mask by kind index (as `Rules::kinds_with` gives), in kind order.
pub fn kinds_in(mask: u16) -> impl Iterator<Item = Kind> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let k = Kind(rest.trailing_zeros() as u8);
            rest &= rest - 1;
            k
        })
    })
}

/// A property of a kind that move generation looks for across a whole set: `Rules::kinds_with`
/// answers which kinds have it as one bit mask, so a search goes straight to those pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aspect {
    /// §2.0.11 Presence.
    Presence,
    /// §2.0.07 Control.
    Control,
    /// §2.0.10 Glare.
    Glare,
    /// §2.0.06 Feign.
    Feign,
    /// §2.0.07 Shift.
    Shift,
    /// A piece that may move in concert with the Self (§2.0.02).
    ConcertPartner,
    /// A piece that may go back to reserve (§2.0.13; not the Self).
    Withdraw,
    /// A piece that may go back to reserve unless it is its side's last blade on the board.
    WithdrawUnlessLastBlade,
    /// §2.0.08 Dagger Throw.
    Throw,
    /// A cast-piece device (§2.0.18).
    Cast,
    /// Moves bounded by its plain tables, one per square (`KindInfo::square_bounded`), with
    /// at least one square reached.
    SquareBounded,
}

impl Aspect {
    pub const COUNT: usize = 11;
    pub const ALL: [Aspect; Aspect::COUNT] = [
        Aspect::Presence,
        Aspect::Control,
        Aspect::Glare,
        Aspect::Feign,
        Aspect::Shift,
        Aspect::ConcertPartner,
        Aspect::Withdraw,
        Aspect::WithdrawUnlessLastBlade,
        Aspect::Throw,
        Aspect::Cast,
        Aspect::SquareBounded,
    ];

    /// Whether a kind has it.
    pub fn of(self, info: &KindInfo) -> bool {
        match self {
            Aspect::Presence => info.presence,
            Aspect::Control => info.control,
            Aspect::Glare => info.glare,
            Aspect::Feign => info.feign,
            Aspect::Shift => info.shift,
            Aspect::ConcertPartner => info.concert_partner,
            Aspect::Withdraw => !info.life && info.withdraw == Withdraw::Allowed,
            Aspect::WithdrawUnlessLastBlade => {
                !info.life && info.withdraw == Withdraw::UnlessLastBlade
            }
            Aspect::Throw => info.throw,
            Aspect::Cast => info.cast.is_some(),
            Aspect::SquareBounded => info.square_bounded && info.reach_max > 0,
        }
    }
}

/// What move generation needs to know of a kind, at hand.
#[derive(Clone, Copy, Debug, Default)]
pub struct KindInfo {
    pub constraint: Option<Constraint>,
    pub inert: bool,
    pub life: bool,
    pub blade: bool,
    /// Checkmate-by-touch privilege (the blades unless the set says otherwise).
    pub privileged: bool,
    /// At most this many on the board at once (`max_on_board`).
    pub max_on_board: u8,
    /// It faces one of four ways (§2.0.23 oriented movements): placed with a facing too.
    pub oriented: bool,
    pub engagement: bool,
    pub concert_partner: bool,
    pub withdraw: Withdraw,
    pub fendable: bool,
    pub no_repeat: bool,
    pub feign: bool,
    pub shift: bool,
    pub cavazione: bool,
    pub opposition: bool,
    /// Dagger Throw (§2.0.08).
    pub throw: bool,
    /// Glare (§2.0.10).
    pub glare: bool,
    /// A Jutsu for Glare and Control: a piece with Presence or Intention (§2.0.11).
    pub jutsu: bool,
    /// Presence (§2.0.11).
    pub presence: bool,
    /// Control (§2.0.07).
    pub control: bool,
    /// Deflection (§2.0.09).
    pub deflect: bool,
    /// Retreat (§2.0.02).
    pub retreat: bool,
    /// Floating Ruin: placed anywhere in its range, not only next to the Self (§2.0.12).
    pub floating: bool,
    /// Flail (§2.0.10).
    pub flail: bool,
    /// The cast-piece device this piece makes (§2.0.18).
    pub cast: Option<crate::device::Device>,
    /// Its moves land only on squares its plain tables reach on an empty board, at most one
    /// move on each, unless a Cavazione or Opposition is open to it: it faces nowhere, has no
    /// relational leap, no move anywhere and no Flail (`movegen::Sampler`'s rejection draw).
    pub square_bounded: bool,
    /// The most squares its plain tables reach from any one square on an empty board.
    pub reach_max: u8,
    /// Concert (§2.0.02): a Self that moves with its partners.
    pub concert: bool,
    /// Its range constraint's index in `Rules::zone_groups` (None: unconstrained).
    pub zone_group: Option<u8>,
}

impl Rules {
    /// The standard set on both sides, the standard setup and the default options.
    pub fn standard() -> Rules {
        Rules::standard_with(RuleOptions::default())
    }

    pub fn standard_with(options: RuleOptions) -> Rules {
        let set = Arc::new(PieceSet::standard());
        let setup = SetupDef::standard()
            .check(
                Path::new("config/setups/standard.ron"),
                STANDARD_SETUP,
                [&set, &set],
            )
            .expect("built-in setup is valid");
        Rules::new([set.clone(), set], setup, options).expect("built-in rules are valid")
    }

    /// Loads a set, setup and options from files (the same set for both sides).
    pub fn load(set: &Path, setup: &Path, options: &Path) -> Result<Rules, LoadError> {
        let set = Arc::new(PieceSet::load(set)?);
        let (def, src) = SetupDef::load(setup)?;
        let checked = def.check(setup, &src, [&set, &set])?;
        let options = RuleOptions::load(options)?;
        Rules::new([set.clone(), set], checked, options)
    }

    /// Loads each side's set from its own file (an asymmetric game, §2.0.23), the setup and the
    /// options. An army whose set has its own layout brings it; the setup file places the others.
    pub fn load_sides(
        white: &Path,
        black: &Path,
        setup: &Path,
        options: &Path,
    ) -> Result<Rules, LoadError> {
        let w = Arc::new(PieceSet::load(white)?);
        let b = if black == white {
            w.clone()
        } else {
            Arc::new(PieceSet::load(black)?)
        };
        let (def, src) = SetupDef::load(setup)?;
        let checked = def.check(setup, &src, [&w, &b])?;
        let options = RuleOptions::load(options)?;
        Rules::new([w, b], checked, options)
    }

    /// Like `load_sides`, with each part optional: a part not given is the built-in default
    /// (the standard set, the standard setup, the default options, all compiled into the
    /// program), so nothing is read from a relative `config/` path and the rules load from any
    /// directory. An error in a built-in part is located as `built-in config/…`, never as a file
    /// the caller did not name.
    pub fn load_parts(
        white: Option<&Path>,
        black: Option<&Path>,
        setup: Option<&Path>,
        options: Option<&Path>,
    ) -> Result<Rules, LoadError> {
        let set = |p: Option<&Path>| match p {
            Some(p) => PieceSet::load(p).map(Arc::new),
            None => Ok(Arc::new(PieceSet::standard())),
        };
        let w = set(white)?;
        let b = if black == white {
            w.clone()
        } else {
            set(black)?
        };
        let built_in_set = PieceSet::standard().source;
        let builtin_setup = Path::new(BUILT_IN_SETUP);
        let (def, src, setup_path) = match setup {
            Some(p) => {
                let (def, src) = SetupDef::load(p)?;
                (def, src, p)
            }
            None => (
                SetupDef::standard(),
                STANDARD_SETUP.to_string(),
                builtin_setup,
            ),
        };
        // Errors at the built-in set (it is named by its source path, as saves name it).
        let relabel = |e: LoadError| match e {
            LoadError::Data(errors) => LoadError::Data(
                errors
                    .into_iter()
                    .map(|mut d| {
                        let given = [white, black].contains(&Some(d.location.file.as_path()));
                        if d.location.file == built_in_set && !given {
                            d.location.file = format!("built-in {}", built_in_set.display()).into();
                        }
                        d
                    })
                    .collect(),
            ),
            e => e,
        };
        let checked = def.check(setup_path, &src, [&w, &b]).map_err(relabel)?;
        let (options, options_src) = match options {
            Some(p) => {
                let src = crate::errors::read_data_file(p)?;
                (RuleOptions::from_ron(p, &src)?, Some((p, src)))
            }
            None => (RuleOptions::default(), None),
        };
        // An option judged only against the armies (an optional piece neither has) is placed in
        // the options file the user gave, at its field (a review found `rule options:1:1`).
        let placed = |e: LoadError| match (e, &options_src) {
            (LoadError::Data(errors), Some((p, src))) => LoadError::Data(
                errors
                    .into_iter()
                    .map(|mut d| {
                        if d.location.file == Path::new(OPTIONS_CHECKED) {
                            let (line, col) = crate::errors::locate_field(src, "optional_pieces")
                                .map_or((1, 1), |(l, c, _)| (l, c));
                            d.location.file = p.to_path_buf();
                            d.location.line = line;
                            d.location.col = col;
                        }
                        d
                    })
                    .collect(),
            ),
            (e, _) => e,
        };
        Rules::new([w, b], checked, options)
            .map_err(relabel)
            .map_err(placed)
    }

    /// Each side's set as given, the standard setup for armies without their own layout, and
    /// `options`.
    pub fn with_sets(sets: [Arc<PieceSet>; 2], options: RuleOptions) -> Result<Rules, LoadError> {
        let setup = SetupDef::standard().check(
            Path::new("config/setups/standard.ron"),
            STANDARD_SETUP,
            [&sets[0], &sets[1]],
        )?;
        Rules::new(sets, setup, options)
    }

    pub fn new(
        sets: [Arc<PieceSet>; 2],
        setup: Setup,
        options: RuleOptions,
    ) -> Result<Rules, LoadError> {
        let mut relation = [[[Relation::Never; MAX_KINDS]; MAX_KINDS]; 2];
        let mut counts = [[0u8; MAX_KINDS]; 2];
        let mut errors = Vec::new();
        for side in Side::ALL {
            let own = &sets[side.index()];
            let opp = &sets[(!side).index()];
            for a in own.kinds() {
                let ap = own.piece(a);
                for t in opp.kinds() {
                    let tp = opp.piece(t);
                    let r = if ap.is_inert() {
                        Relation::Never
                    } else if let Some(r) = ap.def.attacks.get(tp.name()) {
                        *r
                    } else if ap.has_checkmate_privilege() && tp.has_role(Role::Life) {
                        // Checkmate-by-touch privilege (§2.0.VI; the Illusionist, §2.0.23).
                        Relation::Checkmate
                    } else if tp.def.fendable {
                        Relation::Fend
                    } else {
                        Relation::Never
                    };
                    // Each set was checked against its own Self and the standard one; an army
                    // met across the board may name its pieces otherwise (§2.0.03 Taking: "Self
                    // is taken directly, as checkmate.").
                    let life = tp.has_role(Role::Life);
                    // Blade capture pins a blade (§2.0.06 "it sits atop the blade and keeps it
                    // pinned"): the other army's piece of a name this set pins may be none (a
                    // review found a set's non-blade "Dagger" pinned, the position text then
                    // refusing what the game had played).
                    if r == Relation::BladeCapture && !tp.has_role(Role::Blade) {
                        errors.push(DataError::at(
                            &own.source,
                            1,
                            1,
                            format!(
                                "{}'s {:?} meets {}'s {:?} with BladeCapture, but that {:?} is not a blade: only a blade is held pinned (§2.0.06); expected Take, Fend, Disarm, …",
                                own.name,
                                ap.name(),
                                opp.name,
                                tp.name(),
                                tp.name()
                            ),
                        ));
                    }
                    if life != (r == Relation::Checkmate) && r != Relation::Never {
                        errors.push(DataError::at(
                            &own.source,
                            1,
                            1,
                            format!(
                                "{}'s {:?} meets {}'s {:?} with {r:?}: {}",
                                own.name,
                                ap.name(),
                                opp.name,
                                tp.name(),
                                if life {
                                    "taking the Self is checkmate (expected Checkmate or Never)"
                                } else {
                                    "only the Self is checkmated (expected Take, Fend, Disarm, …)"
                                }
                            ),
                        ));
                    }
                    relation[side.index()][a.index()][t.index()] = r;
                }
                let optional_in = options
                    .optional_pieces
                    .iter()
                    .any(|n| n.eq_ignore_ascii_case(ap.name()));
                counts[side.index()][a.index()] = if ap.def.optional && !optional_in {
                    0
                } else {
                    ap.def.count
                };
            }
            // The setup must place exactly the pieces that do not begin in reserve.
            for k in own.kinds() {
                let p = own.piece(k);
                let placed = setup.placements[side.index()]
                    .iter()
                    .filter(|(_, pk)| *pk == k)
                    .count() as u8;
                let expected = counts[side.index()][k.index()].saturating_sub(p.def.reserve);
                if placed != expected {
                    // The setup is at fault when the army has no layout of its own.
                    let file = if own.layout.is_some() {
                        &own.source
                    } else {
                        &setup.source
                    };
                    errors.push(DataError::at(
                        file,
                        1,
                        1,
                        format!("setup {:?} places {placed} {} for {side}, but set {:?} puts {expected} on the board (count {} − reserve {})", setup.name, p.name(), own.name, p.def.count, p.def.reserve),
                    ));
                }
            }
        }
        // A concealed or in-turns setup stands the criticals and technicals on the fourth step
        // and the engagements one per line (§2.0.19, `setup_styles`): four squares each. An army
        // placing more could never finish its setup (a review found the setup waiting forever).
        if options.setup_style != crate::options::SetupStyle::Standard {
            for side in Side::ALL {
                let own = &sets[side.index()];
                let placed = &setup.placements[side.index()];
                let eng = placed
                    .iter()
                    .filter(|(_, k)| own.piece(*k).has_role(Role::Engagement))
                    .count();
                for (n, what) in [
                    (
                        placed.len() - eng,
                        "criticals and technicals on the fourth step",
                    ),
                    (eng, "engagements, one per line"),
                ] {
                    if n > 4 {
                        // The layout's file: the army's own, else the setup file's (a review
                        // found the set named when the setup file placed the fifth piece).
                        let (file, whose) = if own.layout.is_some() {
                            (&own.source, format!("set {:?}", own.name))
                        } else {
                            (&setup.source, format!("setup {:?}", setup.name))
                        };
                        errors.push(DataError::at(
                            file,
                            1,
                            1,
                            format!(
                                "{whose} places {n} {what} for {side}, but a {:?} setup (§2.0.19) has room for 4: play it with the standard setup",
                                options.setup_style
                            ),
                        ));
                    }
                }
            }
        }
        for name in &options.optional_pieces {
            // A standard optional piece an army lacks is simply not in that game (§2.0.23).
            if !sets
                .iter()
                .any(|s| s.by_name(name).is_some_and(|k| s.piece(k).def.optional))
                && !crate::piece_set::STANDARD_OPTIONAL
                    .iter()
                    .any(|n| n.eq_ignore_ascii_case(name))
            {
                errors.push(DataError::at(
                    Path::new(OPTIONS_CHECKED),
                    1,
                    1,
                    format!("optional piece {name:?} is not an optional piece of either set"),
                ));
            }
        }
        if !errors.is_empty() {
            return Err(LoadError::Data(errors));
        }
        let life = [sets[0].life(), sets[1].life()];
        let mut info = [[KindInfo::default(); MAX_KINDS]; 2];
        let mut engagements = [0u16; 2];
        let mut blades = [0u16; 2];
        let mut jutsus = [0u16; 2];
        let mut control = [false; 2];
        let mut aspects = [[0u16; Aspect::COUNT]; 2];
        let mut zone_groups: [Vec<ZoneGroup>; 2] = [Vec::new(), Vec::new()];
        for side in Side::ALL {
            let set = &sets[side.index()];
            for k in set.kinds() {
                let p = set.piece(k);
                info[side.index()][k.index()] = KindInfo {
                    constraint: p.def.constraint,
                    inert: p.is_inert(),
                    life: p.has_role(Role::Life),
                    blade: p.has_role(Role::Blade),
                    privileged: p.has_checkmate_privilege(),
                    max_on_board: p.def.max_on_board.unwrap_or(u8::MAX),
                    oriented: p.is_oriented(),
                    engagement: p.has_role(Role::Engagement),
                    concert_partner: p.concert_partner() && !p.has_role(Role::Life),
                    withdraw: p.def.withdraw,
                    fendable: p.def.fendable,
                    no_repeat: p.def.moves.iter().any(|m| {
                        matches!(
                            m,
                            Primitive::Slide {
                                no_repeat_direction: true,
                                ..
                            }
                        )
                    }),
                    feign: p.has_special(Special::Feign),
                    shift: p.has_special(Special::Shift),
                    cavazione: p.has_special(Special::Cavazione),
                    opposition: p.has_special(Special::Opposition),
                    throw: p.has_special(Special::DaggerThrow),
                    glare: p.has_special(Special::Glare),
                    jutsu: p.has_special(Special::Presence) || p.has_special(Special::Intention),
                    presence: p.has_special(Special::Presence),
                    control: p.has_special(Special::Control),
                    deflect: p.has_special(Special::Deflection),
                    retreat: p.has_special(Special::Retreat),
                    floating: p.has_special(Special::FloatingRuin),
                    flail: p.has_special(Special::Flail),
                    cast: if p.has_special(Special::FireDance) {
                        Some(crate::device::Device::FireDance)
                    } else if p.has_special(Special::ObscurantChaos) {
                        Some(crate::device::Device::ObscurantChaos)
                    } else if p.has_special(Special::Shima) {
                        Some(crate::device::Device::Shima)
                    } else {
                        None
                    },
                    square_bounded: !p.is_oriented()
                        && p.tables[side.index()].from_self.is_empty()
                        && p.anywhere.is_none()
                        && !p.has_special(Special::Flail),
                    concert: p.has_special(Special::Concert),
                    zone_group: None,
                    reach_max: p.tables[side.index()]
                        .reach
                        .iter()
                        .map(|r| r.count_ones() as u8)
                        .max()
                        .unwrap_or(0),
                };
                if p.has_role(Role::Engagement) {
                    engagements[side.index()] |= 1 << k.0;
                }
                if info[side.index()][k.index()].blade {
                    blades[side.index()] |= 1 << k.0;
                }
                if info[side.index()][k.index()].jutsu {
                    jutsus[side.index()] |= 1 << k.0;
                }
                control[side.index()] |= info[side.index()][k.index()].control;
                for a in Aspect::ALL {
                    if a.of(&info[side.index()][k.index()]) {
                        aspects[side.index()][a as usize] |= 1 << k.0;
                    }
                }
                if let Some(c) = p.def.constraint {
                    let groups = &mut zone_groups[side.index()];
                    let g = match groups.iter().position(|g| g.constraint == c) {
                        Some(g) => g,
                        None => {
                            groups.push(ZoneGroup::new(c, options.sword_steps_apart));
                            groups.len() - 1
                        }
                    };
                    groups[g].kinds |= 1 << k.0;
                    info[side.index()][k.index()].zone_group = Some(g as u8);
                }
            }
        }
        Ok(Rules {
            sets,
            options,
            setup,
            relation,
            counts,
            life,
            info,
            engagements,
            blades,
            jutsus,
            control,
            aspects,
            zone_groups,
        })
    }

    /// Whether `side` has a Donkey (§2.0.23): by the rule option, or its army brings one.
    pub fn has_donkey(&self, side: Side) -> bool {
        self.options.donkey || self.sets[side.index()].donkey
    }

    #[inline]
    pub fn set(&self, side: Side) -> &PieceSet {
        &self.sets[side.index()]
    }

    #[inline]
    pub fn relation(&self, attacker_side: Side, attacker: Kind, target: Kind) -> Relation {
        self.relation[attacker_side.index()][attacker.index()][target.index()]
    }

    /// The Self of `side`.
    #[inline]
    pub fn life(&self, side: Side) -> Kind {
        self.life[side.index()]
    }

    #[inline]
    pub fn info(&self, side: Side, k: Kind) -> &KindInfo {
        &self.info[side.index()][k.index()]
    }

    /// The names of `side`'s pieces that may move in concert with the Self (§2.0.02): its
    /// armaments, and the Lantern by Pseudo-Armament (§2.0.10) — as the set says.
    pub fn concert_partner_names(&self, side: Side) -> Vec<&str> {
        let set = self.set(side);
        set.kinds()
            .filter(|&k| self.info(side, k).concert_partner)
            .map(|k| set.piece(k).name())
            .collect()
    }

    #[inline]
    pub fn is_engagement(&self, side: Side, k: Kind) -> bool {
        self.info(side, k).engagement
    }

    /// The kinds (a bit mask by kind index) of `side`'s reserve that Shima keeps: its
    /// engagements and Daggers ("All reserved pieces except Daggers and engagements are
    /// discarded", §2.0.18, R-SHIMA-RESERVE).
    pub fn kept_under_shima(&self, side: Side) -> u16 {
        self.set(side)
            .kinds()
            .filter(|&k| {
                self.is_engagement(side, k)
                    || self.info(side, k).cast == Some(crate::device::Device::Shima)
            })
            .fold(0, |m, k| m | 1 << k.index())
    }

    #[inline]
    pub fn is_blade(&self, side: Side, k: Kind) -> bool {
        self.info(side, k).blade
    }

    /// Kinds of `side` that are engagements (stepping stones), as a bit mask by kind index.
    #[inline]
    pub fn engagement_kinds(&self, side: Side) -> u16 {
        self.engagements[side.index()]
    }

    /// Kinds of `side` that are blades, as a bit mask by kind index.
    #[inline]
    pub fn blade_kinds(&self, side: Side) -> u16 {
        self.blades[side.index()]
    }

    /// Kinds of `side` that are Jutsu (§2.0.11), as a bit mask by kind index.
    #[inline]
    pub fn jutsu_kinds(&self, side: Side) -> u16 {
        self.jutsus[side.index()]
    }

    /// Every kind of `side`'s set, as a bit mask by kind index.
    #[inline]
    pub fn all_kinds(&self, side: Side) -> u16 {
        (((1u32 << self.kind_count(side)) - 1) & 0xFFFF) as u16
    }

    /// Kinds of `side` with `aspect`, as a bit mask by kind index.
    #[inline]
    pub fn kinds_with(&self, side: Side, aspect: Aspect) -> u16 {
        self.aspects[side.index()][aspect as usize]
    }

    /// `side`'s constrained kinds, grouped by constraint.
    #[inline]
    pub(crate) fn zone_groups(&self, side: Side) -> &[ZoneGroup] {
        &self.zone_groups[side.index()]
    }

    /// Whether one of `side`'s kinds has Control (§2.0.07).
    #[inline]
    pub fn has_control(&self, side: Side) -> bool {
        self.control[side.index()]
    }

    /// Number of kinds in `side`'s set.
    #[inline]
    pub fn kind_count(&self, side: Side) -> usize {
        self.sets[side.index()].len()
    }

    pub fn is_critical(&self, side: Side, k: Kind) -> bool {
        self.set(side).piece(k).def.category == Category::Critical
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::Measure;
    use crate::piece_def::zone_from;
    use crate::square::Square;

    /// Every shipped set against the standard one, both ways round.
    fn shipped() -> Vec<Rules> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/sets");
        let standard = Arc::new(PieceSet::standard());
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let set = Arc::new(PieceSet::load(&entry.unwrap().path()).unwrap());
            for sets in [[set.clone(), standard.clone()], [standard.clone(), set]] {
                out.push(Rules::with_sets(sets, RuleOptions::default()).unwrap());
            }
        }
        out
    }

    /// §2.0.03 range constraints: a zone group's zone, from the band worked out when the set
    /// loads, is `zone_from` for every kind of the group, wherever the Selves stand and whatever
    /// engagements stand where; and every constrained kind is in exactly one group.
    #[test]
    fn zone_groups_give_each_kinds_zone() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for rules in shipped() {
            for side in Side::ALL {
                for k in rules.set(side).kinds() {
                    let info = rules.info(side, k);
                    let groups = rules.zone_groups(side);
                    let holding: Vec<_> = groups
                        .iter()
                        .filter(|g| g.kinds & (1 << k.0) != 0)
                        .collect();
                    match (info.constraint, info.zone_group) {
                        (None, None) => assert!(holding.is_empty()),
                        (Some(c), Some(g)) => {
                            assert_eq!(holding.len(), 1);
                            assert_eq!(groups[g as usize].constraint, c);
                            for life in (0..64).map(Square::from_index_unchecked) {
                                for opp in [None, Some(Measure(0)), Some(Measure(2))] {
                                    rng ^= rng << 13;
                                    rng ^= rng >> 7;
                                    rng ^= rng << 17;
                                    let eng = Bitboard(rng & rng.rotate_left(29));
                                    assert_eq!(
                                        groups[g as usize].zone(Some(Measure::of(life)), eng, opp),
                                        zone_from(
                                            &c,
                                            Some(life),
                                            eng,
                                            opp,
                                            rules.options.sword_steps_apart
                                        ),
                                        "{side:?} {k:?} Self on {life}"
                                    );
                                }
                            }
                            assert_eq!(
                                groups[g as usize].zone(None, Bitboard::EMPTY, None),
                                zone_from(&c, None, Bitboard::EMPTY, None, false)
                            );
                        }
                        other => panic!("{side:?} {k:?}: constraint and group {other:?}"),
                    }
                }
            }
        }
    }
}
