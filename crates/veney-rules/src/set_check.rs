//! The set designer's tools (issue: designing piece sets): `check` reads a set file and reports
//! every error with file:line:col, what was found and what was expected, plus warnings that do
//! not refuse the set; `reach` draws a piece's reach on an empty board as text, then with its
//! range constraint applied relative to its Self. `veney-cli check-set` and `show-piece` print
//! them; the app's set workshop draws the same reach.
use crate::bitboard::Bitboard;
use crate::errors::{DataError, LoadError, locate};
use crate::measure::Measure;
use crate::piece_def::{Jump, Mode, Role};
use crate::piece_set::{Kind, PieceSet};
use crate::setup::{STANDARD_SETUP, SetupDef};
use crate::side::Side;
use crate::square::Square;
use std::path::Path;

/// What the checker found in one set file.
#[derive(Debug)]
pub struct Report {
    pub errors: Vec<DataError>,
    pub warnings: Vec<DataError>,
    /// The set, when it has no errors.
    pub set: Option<PieceSet>,
}

impl Report {
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Checks a set file.
pub fn check_file(path: &Path) -> Report {
    match crate::errors::read_data_file(path) {
        Ok(src) => check(path, &src),
        Err(LoadError::Data(errors)) => Report {
            errors,
            warnings: Vec::new(),
            set: None,
        },
        Err(LoadError::Io { source, .. }) => Report {
            errors: vec![DataError::at(
                path,
                1,
                1,
                format!("cannot read the file: {source}"),
            )],
            warnings: Vec::new(),
            set: None,
        },
    }
}

/// Checks a set's text; `path` names it in the messages. An army without a layout of its own
/// is checked against the built-in standard baselines.
pub fn check(path: &Path, src: &str) -> Report {
    check_with_setup(path, src, None)
}

/// `check`, with the army set up by the setup `(file, text)` a game would use when it has no
/// layout of its own (the app's `config/setups/standard.ron`, which a designer may edit).
pub fn check_with_setup(path: &Path, src: &str, setup: Option<(&Path, &str)>) -> Report {
    let set = match PieceSet::from_ron(path, src) {
        Ok(s) => s,
        Err(LoadError::Data(errors)) => {
            return Report {
                errors,
                warnings: Vec::new(),
                set: None,
            };
        }
        Err(LoadError::Io { source, .. }) => {
            return Report {
                errors: vec![DataError::at(path, 1, 1, source.to_string())],
                warnings: Vec::new(),
                set: None,
            };
        }
    };
    let mut errors = Vec::new();
    // A set without its own layout is set up by the standard baselines: they must fit it.
    if set.layout.is_none() {
        let (setup_path, setup_src) =
            setup.unwrap_or((Path::new("config/setups/standard.ron"), STANDARD_SETUP));
        let def = match SetupDef::from_ron(setup_path, setup_src) {
            Ok(d) => d,
            Err(e) => {
                return Report {
                    errors: vec![e],
                    warnings: Vec::new(),
                    set: None,
                };
            }
        };
        for (sq, name) in &def.white {
            if set.by_name(name).is_none() {
                // A setup file given (`--setup`) names the piece there: the name may be its typo,
                // so it is placed at the setup's string (a review found the set blamed at its
                // `pieces` for a setup's misspelt "Swordd").
                let in_setup = setup.and_then(|(_, ssrc)| {
                    crate::errors::string_literals(ssrc)
                        .into_iter()
                        .find(|(_, _, v)| v == name)
                        .map(|(at, _, _)| crate::errors::line_col(ssrc, at))
                });
                errors.push(match in_setup {
                    Some((l, c)) => DataError::at(
                        setup_path,
                        l,
                        c,
                        format!("the setup puts {name:?} on {sq}, but the set {} has no piece of that name", path.display()),
                    ),
                    None => crate::piece_set::at_pieces(
                        path,
                        src,
                        format!("the set has no {name:?} for the standard baselines to put on {sq}: expected a `setup` giving this army's own baselines, or a piece named {name:?}"),
                    ),
                });
            }
        }
        if errors.is_empty() {
            let std_setup = match def.check(setup_path, setup_src, [&set, &set]) {
                Ok(s) => s,
                Err(LoadError::Data(e)) => {
                    return Report {
                        errors: e,
                        warnings: Vec::new(),
                        set: None,
                    };
                }
                Err(e) => {
                    return Report {
                        errors: vec![DataError::at(setup_path, 1, 1, e.to_string())],
                        warnings: Vec::new(),
                        set: None,
                    };
                }
            };
            for k in set.kinds() {
                let p = set.piece(k);
                // Each side's layout: an explicit Black one may place otherwise than White's (a
                // review found only White's compared, and the app refusing what check-set passed).
                let placed_by = |side: usize| {
                    std_setup.placements[side]
                        .iter()
                        .filter(|(_, pk)| *pk == k)
                        .count() as u8
                };
                let expected = if p.def.optional {
                    0
                } else {
                    p.def.count.saturating_sub(p.def.reserve)
                };
                let (placed, whose) = match (placed_by(0), placed_by(1)) {
                    (w, _) if w != expected => (w, "the standard baselines place"),
                    (_, b) => (b, "the setup's Black layout places"),
                };
                if placed != expected {
                    // Within the piece's own text, its `Piece(` to the next one's, whatever
                    // the order of its fields (a review found a `count` written before the
                    // name placed at the next piece's).
                    let at = crate::piece_set::definition_at(src, p.name(), 0).map_or(0, |t| t.2);
                    let begin = src[..at].rfind("Piece(").unwrap_or(at);
                    let end = src[at..].find("Piece(").map_or(src.len(), |j| at + j);
                    let (l, c) = locate(src, "count", begin, 0)
                        .filter(|t| t.2 < end)
                        .map(|t| (t.0, t.1))
                        .or_else(|| {
                            crate::piece_set::definition_at(src, p.name(), 0).map(|t| (t.0, t.1))
                        })
                        .unwrap_or((1, 1));
                    errors.push(DataError::at(
                        path,
                        l,
                        c,
                        format!(
                            "count {} − reserve {} puts {expected} {} on the board, but {whose} {placed}: expected the count to fit the setup (or a `setup` of the army's own)",
                            p.def.count, p.def.reserve, p.name()
                        ),
                    ));
                }
            }
        }
    }
    let mut warnings = set.warnings(src);
    // An army may meet the standard one (the workshop's "this set v standard"): what keeps the
    // two apart is said here, not first when a game is begun (a review found a Self named
    // "Dagger" passed, every game against the standard army then refused).
    if errors.is_empty() {
        let pair = [
            std::sync::Arc::new(set.clone()),
            std::sync::Arc::new(PieceSet::standard()),
        ];
        if let Err(LoadError::Data(clashes)) =
            crate::rules::Rules::with_sets(pair, crate::options::RuleOptions::default())
        {
            for c in clashes {
                warnings.push(DataError::at(
                    path,
                    1,
                    1,
                    format!("this army cannot meet the standard one: {}", c.message),
                ));
            }
        }
    }
    Report {
        set: errors.is_empty().then_some(set),
        errors,
        warnings,
    }
}

/// The squares a flailing piece of `k` on `at` may land on, with its Self on `life` (§2.0.10
/// Flail, R-FLAIL): `None` when it does not flail there (no Flail special, or in its Self's
/// measure).
fn flail_landings(set: &PieceSet, k: Kind, at: Square, life: Option<Square>) -> Option<Bitboard> {
    let flails = set
        .piece(k)
        .def
        .specials
        .contains(&crate::piece_def::Special::Flail);
    let life = life.filter(|l| flails && Measure::of(*l) != Measure::of(at))?;
    Some(crate::special::flail::landings(
        Measure::of(at),
        Measure::of(life),
    ))
}

/// Where a piece can go from `at` on an empty board holding only its own Self on `life`:
/// `(moves and attacks, moves only, attacks only)`. A flailing Lantern swings along its slides
/// over its Self to where a flail lands (§2.0.10; a review found its ordinary slides shown).
pub fn reach(
    set: &PieceSet,
    k: Kind,
    side: Side,
    at: Square,
    facing: u8,
    life: Option<Square>,
) -> (Bitboard, Bitboard, Bitboard) {
    let p = set.piece(k);
    let t = p.tables_for(side, facing);
    let lp = t.leaps_from(at, life);
    let (mut both, mut mv, mut atk) = (lp.both, lp.move_only, lp.attack_only);
    let flail = flail_landings(set, k, at, life);
    // A flail leaps the pieces of the measure after its own (§2.0.10 "it can leap over any
    // pieces in the next measure it passes into/over"): the Self does not block it there, but
    // does from a measure further on, as pieces further on block again (R-FLAIL; a review found
    // squares past a Self two measures on drawn as reached).
    let leapt = |l: Square| flail.is_some() && Measure::of(l).0.abs_diff(Measure::of(at).0) == 1;
    let blocker = life.filter(|&l| l != at && !leapt(l));
    for r in t.rays_from(at) {
        for (i, sq) in r.squares().enumerate() {
            if Some(sq) == blocker {
                if r.jump == Jump::Anything {
                    continue;
                }
                break;
            }
            if i + 1 >= r.min as usize {
                let bit = 1u64 << sq.index();
                match r.mode {
                    Mode::Both => both |= bit,
                    Mode::MoveOnly => mv |= bit,
                    Mode::AttackOnly => atk |= bit,
                }
            }
        }
    }
    if let Some(mode) = p.anywhere {
        let all = !(1u64 << at.index());
        match mode {
            Mode::Both => both |= all,
            Mode::MoveOnly => mv |= all,
            Mode::AttackOnly => atk |= all,
        }
    }
    // A square one move enters and another attacks is "move or attack" (a review found it
    // drawn "move only").
    both |= mv & atk;
    mv &= !both;
    atk &= !both;
    let own = life.filter(|&l| l != at).map_or(0, |l| 1u64 << l.index());
    let lands = flail.map_or(u64::MAX, |b| b.0);
    let clean = |b: u64| Bitboard(b & lands & !own & !(1u64 << at.index()));
    (clean(both), clean(mv), clean(atk))
}

/// The range-constraint zone of a piece whose Self stands on `life` (no engagements, no opposing
/// Self): the whole board when it has none.
pub fn zone(set: &PieceSet, k: Kind, life: Square) -> Bitboard {
    match &set.piece(k).def.constraint {
        Some(c) => crate::piece_def::zone_from(c, Some(life), Bitboard::EMPTY, None, false),
        None => Bitboard::FULL,
    }
}

/// A White piece's reach and range zone on an empty board with its Self on `life` (the Self's
/// own reach when `k` is the Self): what `show-piece` prints and the app's set workshop draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preview {
    pub both: Bitboard,
    pub moves: Bitboard,
    pub attacks: Bitboard,
    pub zone: Bitboard,
}

pub fn preview(set: &PieceSet, k: Kind, at: Square, facing: u8, life: Square) -> Preview {
    let is_life = set.piece(k).has_role(Role::Life);
    // The Self's relational leaps (`FromSelf`) count from its own square, as in play (a review
    // found none shown).
    let (mut both, mut moves, mut attacks) = reach(
        set,
        k,
        Side::White,
        at,
        facing,
        Some(if is_life { at } else { life }),
    );
    // "An `Inert` piece attacks nothing" (docs/SETS.md; `View::land`): its moves that may
    // attack only move, and those that only attack are no moves (a review found them drawn as
    // attacks play never makes).
    if set.piece(k).def.category == crate::piece_def::Category::Inert {
        moves |= both;
        both = Bitboard::EMPTY;
        attacks = Bitboard::EMPTY;
    }
    // A flailing piece's range constraint is where its flail lands (R-FLAIL). The Self's own,
    // if its set gives it one, is measured from its own square, as in play (the checker's
    // warning; a review found the whole board shown, lunges play refuses drawn).
    let zone = if is_life {
        zone(set, k, at)
    } else {
        flail_landings(set, k, at, Some(life)).unwrap_or_else(|| zone(set, k, life))
    };
    Preview {
        both,
        moves,
        attacks,
        zone,
    }
}

/// The text `veney-cli show-piece` prints: the reach from `at` on an empty board, and beside it
/// the reach within the range constraint, with White's Self on `life`.
pub fn show(set: &PieceSet, k: Kind, at: Square, facing: u8, life: Square) -> String {
    let p = set.piece(k);
    let is_life = p.has_role(Role::Life);
    let life_sq = (!is_life).then_some(life);
    let Preview {
        both,
        moves: mv,
        attacks: atk,
        zone: z,
    } = preview(set, k, at, facing, life);
    let mut s = format!("{} ({}) on {at}", p.name(), p.def.letter);
    if p.is_oriented() {
        s.push_str(&format!(
            ", facing {}",
            ["forward", "right", "back", "left"][facing as usize & 3]
        ));
    }
    if !is_life {
        s.push_str(&format!(", its Self on {life}"));
    }
    s.push_str(
        "\n  * move or attack   m move only   x attack only   · out of reach   # outside the range constraint\n\n",
    );
    s.push_str("      empty board       within its range constraint\n");
    s.push_str("      W X Y Z           W X Y Z\n");
    let cell = |sq: Square, constrained: bool| -> char {
        if sq == at {
            return p.def.code;
        }
        if life_sq == Some(sq) {
            return 'S';
        }
        if constrained && !z.contains(sq) {
            return '#';
        }
        if both.contains(sq) {
            '*'
        } else if mv.contains(sq) {
            'm'
        } else if atk.contains(sq) {
            'x'
        } else {
            '·'
        }
    };
    for step in (1..=16u8).rev() {
        s.push_str(&format!("  {step:>2} "));
        for line in 0..4 {
            s.push(' ');
            s.push(cell(Square::new(line, step), false));
        }
        s.push_str("       ");
        for line in 0..4 {
            s.push(' ');
            s.push(cell(Square::new(line, step), true));
        }
        if step % 4 == 0 {
            s.push_str(&format!(
                "   measure {}",
                Measure::of(Square::new(0, step)).relative(Side::White)
            ));
        }
        s.push('\n');
        if step % 4 == 1 && step > 1 {
            s.push_str("      -------           -------\n");
        }
    }
    let n = (both | mv | atk).count();
    let nz = ((both | mv | atk) & z).count();
    s.push_str(&format!(
        "\n{n} squares on an empty board, {nz} within its range constraint.\n"
    ));
    s
}

#[cfg(test)]
mod docs_examples {
    use super::*;
    use crate::piece_set::PieceSet;
    use crate::square::Square;
    use std::path::Path;

    /// Every example in docs/SETS.md is checked: each `PieceSet(...)` loads and checks clean,
    /// each lone `Piece(...)` checks clean in a set with just a Self and a Sword, and the `show-piece`
    /// output is what the command prints for the fairy set's Mirage.
    #[test]
    fn docs_sets_examples_load() {
        let doc = include_str!("../../../docs/SETS.md");
        let (mut sets, mut pieces) = (0, 0);
        for block in doc.split("```ron").skip(1) {
            let body = block.split("```").next().unwrap();
            let t = body.trim_start();
            let src = if t.starts_with("PieceSet(") {
                sets += 1;
                body.to_string()
            } else if t.starts_with("Piece(") {
                pieces += 1;
                format!(
                    "PieceSet(name: \"Doc\", pieces: [Piece(name: \"Self\", letter: 'S', code: 'S', category: Critical, roles: [Life], count: 1, fendable: false, withdraw: Never, moves: [Leap(offsets: [(1, 0), (1, 1)])]), Piece(name: \"Sword\", letter: '$', code: 'W', category: Critical, roles: [Blade, Armament], count: 1, reserve: 1, fendable: false, withdraw: Never, moves: [Slide(dirs: All)], constraint: Some(Constraint(measures: 1)), attacks: {{\"Sword\": Disarm}}), {}], setup: Some({{\"Y4\": \"Self\"}}))",
                    t.trim_end().trim_end_matches(',')
                )
            } else {
                panic!("a ron example that is neither a set nor a piece: {t}")
            };
            let r = check(Path::new("docs/SETS.md"), &src);
            assert!(r.is_valid(), "{:?}\n{src}", r.errors);
            assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        }
        assert!(sets >= 1 && pieces >= 3, "{sets} sets, {pieces} pieces");
        // The show-piece example.
        let shown = doc
            .split("```text\n")
            .find(|b| b.starts_with("Mirage (M) on X6"))
            .expect("the show-piece example")
            .split("```")
            .next()
            .unwrap();
        let fairy = PieceSet::from_ron(
            Path::new("config/sets/fairy.ron"),
            include_str!("../../../config/sets/fairy.ron"),
        )
        .unwrap();
        let k = fairy.by_name("Mirage").unwrap();
        let sq = |s| Square::parse(s).unwrap();
        assert_eq!(shown, show(&fairy, k, sq("X6"), 0, sq("Y4")));
    }
}
