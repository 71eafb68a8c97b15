//! Starting layouts (§2.0.19 step 3), as RON data.
use crate::errors::{DataError, LoadError, locate};
use crate::piece_set::{Kind, PieceSet};
use crate::square::Square;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename = "Setup")]
pub struct SetupDef {
    pub name: String,
    /// White's pieces: square → piece name (a square written twice is refused).
    #[serde(deserialize_with = "crate::piece_def::layout_once")]
    pub white: BTreeMap<String, String>,
    /// Black's pieces: `Rotated` (White's layout turned 180°) or their own map.
    pub black: BlackSetup,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum BlackSetup {
    Rotated,
    Explicit(#[serde(deserialize_with = "crate::piece_def::layout_once")] BTreeMap<String, String>),
}

/// A checked setup: for each side, the pieces and their squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub name: String,
    /// The setup file it was read from (where a count it places that the sets disagree with
    /// is reported).
    pub source: std::path::PathBuf,
    pub placements: [Vec<(Square, Kind)>; 2],
}

pub const STANDARD_SETUP: &str = include_str!("../../../config/setups/standard.ron");

impl SetupDef {
    pub fn load(path: &Path) -> Result<(SetupDef, String), LoadError> {
        let src = crate::errors::read_data_file(path)?;
        let def = SetupDef::from_ron(path, &src)?;
        Ok((def, src))
    }

    /// Reads a setup from RON text (not yet checked against the sets); `path` names it in
    /// errors.
    pub fn from_ron(path: &Path, src: &str) -> Result<SetupDef, DataError> {
        crate::errors::ron_from_str(path, crate::errors::without_bom(src))
    }

    pub fn standard() -> SetupDef {
        ron::Options::default()
            .from_str(STANDARD_SETUP)
            .expect("built-in standard setup is valid")
    }

    /// Checks squares and piece names against the two sides' sets.
    pub fn check(&self, path: &Path, src: &str, sets: [&PieceSet; 2]) -> Result<Setup, LoadError> {
        let mut errors = Vec::new();
        let mut out: [Vec<(Square, Kind)>; 2] = [Vec::new(), Vec::new()];
        // An error is placed at its entry in the section read: `white:`'s, or an explicit
        // `black:`'s (a review found Black's errors placed at White's entry of the same text).
        let section = |field: &str| {
            crate::errors::locate_field(src, field)
                .map(|t| t.2)
                .unwrap_or(0)
        };
        let at = |from: usize, needle: &str, msg: String| {
            let (l, c) = locate(src, needle, from, 0)
                .or_else(|| locate(src, needle, 0, 0))
                .map(|t| (t.0, t.1))
                .unwrap_or((1, 1));
            DataError::at(path, l, c, msg)
        };
        // `echo`: Black's rotated copy of White's entries, already read for White: only what
        // differs for Black (a piece Black's set lacks) is reported again, not each bad square
        // a second time.
        let mut read = |side: usize,
                        map: &BTreeMap<String, String>,
                        rotate: bool,
                        echo: bool,
                        errors: &mut Vec<DataError>| {
            let from = section(if side == 1 && !rotate {
                "black"
            } else {
                "white"
            });
            let at = |needle: &str, msg: String| at(from, needle, msg);
            for (sq, name) in map {
                let Some(square) = Square::parse(sq) else {
                    if !echo {
                        errors.push(at(&crate::errors::quoted(sq), format!("{sq:?} is not a square: expected a line W–Z and a step 1–16, e.g. \"X4\"")));
                    }
                    continue;
                };
                let square = if rotate { square.rotated() } else { square };
                // Each side sets up on its own side (§2.0.19: "places one piece on their
                // side"), one piece to a square.
                let own_steps = if side == 0 { 1..=8 } else { 9..=16 };
                if !own_steps.contains(&square.step()) {
                    if echo {
                        continue;
                    }
                    let whose = if side == 0 { "White" } else { "Black" };
                    errors.push(at(
                        &crate::errors::quoted(sq),
                        format!(
                            "{sq:?} is not on {whose}'s side: expected steps {}–{}",
                            own_steps.start(),
                            own_steps.end()
                        ),
                    ));
                    continue;
                }
                if out[side].iter().any(|(q, _)| *q == square) {
                    if echo {
                        continue;
                    }
                    errors.push(at(
                        &crate::errors::quoted(sq),
                        format!("the setup places two pieces on {square} ({sq:?}): one piece to a square"),
                    ));
                    continue;
                }
                match sets[side].by_name(name) {
                    Some(k) => out[side].push((square, k)),
                    None if echo && sets[0].by_name(name).is_none() => {}
                    None => errors.push(at(
                        &crate::errors::quoted(name),
                        format!(
                            "unknown piece {} in setup (set {:?})",
                            crate::errors::quoted(name),
                            sets[side].name
                        ),
                    )),
                }
            }
        };
        // An army with its own layout brings it (§2.0.23); the setup file places the others.
        let own = |side: usize| {
            sets[side].layout.as_ref().map(|l| {
                l.iter()
                    .map(|&(sq, k)| (if side == 1 { sq.rotated() } else { sq }, k))
                    .collect::<Vec<_>>()
            })
        };
        let (own_w, own_b) = (own(0), own(1));
        let white_read = own_w.is_none();
        if white_read {
            read(0, &self.white, false, false, &mut errors);
        }
        match (&own_b, &self.black) {
            (Some(_), _) => {}
            (None, BlackSetup::Rotated) => read(1, &self.white, true, white_read, &mut errors),
            (None, BlackSetup::Explicit(m)) => read(1, m, false, false, &mut errors),
        }
        if let Some(l) = own_w {
            out[0] = l;
        }
        if let Some(l) = own_b {
            out[1] = l;
        }
        if !errors.is_empty() {
            return Err(LoadError::Data(errors));
        }
        Ok(Setup {
            name: self.name.clone(),
            source: path.to_path_buf(),
            placements: out,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn check(src: &str) -> Result<Setup, LoadError> {
        let set = PieceSet::standard();
        let def: SetupDef = ron::Options::default()
            .from_str(src)
            .map_err(|e| DataError::from_ron(Path::new("s.ron"), &e))?;
        def.check(Path::new("s.ron"), src, [&set, &set])
    }

    #[test]
    fn standard_setup_is_the_ruled_layout() {
        // docs/RULINGS.md R-LAYOUT: Black is White's layout turned 180°.
        let s = check(STANDARD_SETUP).unwrap();
        let set = PieceSet::standard();
        let black_self = s.placements[1]
            .iter()
            .find(|(_, k)| *k == set.life())
            .unwrap()
            .0;
        assert_eq!(black_self, Square::parse("X13").unwrap());
        assert_eq!(s.placements[0].len(), 8);
    }

    #[test]
    fn one_piece_to_a_square_on_its_own_side() {
        // §2.0.19: each "places one piece on their side"; `y4` is Y4 (either case reads).
        let both = "Setup(\n  name: \"x\",\n  white: { \"Y4\": \"Self\", \"y4\": \"Sword\" },\n  black: Rotated,\n)";
        let LoadError::Data(e) = check(both).unwrap_err() else {
            panic!()
        };
        assert!(
            e.iter().any(|e| e.message.contains("two pieces on Y4")),
            "{e:?}"
        );
        let over = STANDARD_SETUP.replacen("\"X4\": \"Sword\"", "\"X12\": \"Sword\"", 1);
        let LoadError::Data(e) = check(&over).unwrap_err() else {
            panic!()
        };
        assert!(
            e[0].message.contains("\"X12\" is not on White's side"),
            "{e:?}"
        );
        // An explicit Black layout on White's side.
        let black = STANDARD_SETUP.replacen(
            "black: Rotated,",
            "black: Explicit({ \"X4\": \"Self\" }),",
            1,
        );
        let LoadError::Data(e) = check(&black).unwrap_err() else {
            panic!()
        };
        assert!(
            e[0].message
                .contains("not on Black's side: expected steps 9–16"),
            "{e:?}"
        );
        // Placed at Black's own entry, not White's `"X4": "Sword"` of the same text (a review
        // found Black's errors located in White's section).
        let line = black
            .lines()
            .position(|l| l.contains("black: Explicit"))
            .unwrap()
            + 1;
        assert_eq!(e[0].location.line, line, "{e:?}");
    }

    #[test]
    fn a_rotated_black_layout_repeats_no_error_of_whites() {
        // `black: Rotated` reads White's entries again, turned: each bad entry is reported once
        // (a review found each twice, the second "not on Black's side" for a White square).
        let src = "Setup(\n  name: \"x\",\n  white: { \"Q4\": \"Self\", \"X12\": \"Sword\", \"X4\": \"Swrod\" },\n  black: Rotated,\n)";
        let LoadError::Data(e) = check(src).unwrap_err() else {
            panic!()
        };
        let messages: Vec<&str> = e.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(e.len(), 3, "{messages:?}");
        assert!(messages.iter().any(|m| m.contains("not a square")));
        assert!(
            messages
                .iter()
                .any(|m| m.contains("\"X12\" is not on White's side"))
        );
        assert!(
            messages
                .iter()
                .any(|m| m.contains("unknown piece \"Swrod\""))
        );
    }

    #[test]
    fn bad_square_and_unknown_piece_are_located() {
        let src = "Setup(\n  name: \"x\",\n  white: { \"Q4\": \"Self\", \"X4\": \"Swrod\" },\n  black: Rotated,\n)";
        let LoadError::Data(e) = check(src).unwrap_err() else {
            panic!()
        };
        assert_eq!((e[0].location.line, e[0].location.col), (3, 12));
        assert!(e[0].message.contains("not a square"), "{}", e[0].message);
        assert_eq!((e[1].location.line, e[1].location.col), (3, 32));
        assert!(
            e[1].message.contains("unknown piece \"Swrod\""),
            "{}",
            e[1].message
        );
    }
}
