//! RON data files (sets, setups, rule options) report what is wrong where it is: an integer out
//! of bounds with the range the field takes, a stray token on its own line and column.
use std::path::Path;
use veney_rules::options::RuleOptions;
use veney_rules::piece_set::STANDARD_SET;
use veney_rules::set_check::check;
use veney_rules::{DataError, LoadError, PieceSet};

const DEFAULT_OPTIONS: &str = include_str!("../../../config/rules/default.ron");

/// The one error of a set text.
#[track_caller]
fn set_error(src: &str) -> DataError {
    match PieceSet::from_ron(Path::new("t.ron"), src) {
        Err(LoadError::Data(mut e)) => {
            assert_eq!(e.len(), 1, "{e:?}");
            e.remove(0)
        }
        other => panic!("expected one data error, got {other:?}"),
    }
}

/// 1-based (line, column) of the first `needle` at or after the first `after`.
fn at(src: &str, after: &str, needle: &str) -> (usize, usize) {
    let i = src.find(after).unwrap();
    let i = i + src[i..].find(needle).unwrap();
    let line = src[..i].matches('\n').count() + 1;
    let col = i - src[..i].rfind('\n').map_or(0, |p| p + 1) + 1;
    (line, col)
}

#[test]
fn an_integer_out_of_bounds_gives_the_range_the_field_takes() {
    // The Engagement's `count` is a u8.
    for n in ["300", "-3", "256"] {
        let src = STANDARD_SET.replacen("count: 4,", &format!("count: {n},"), 1);
        let e = set_error(&src);
        assert_eq!(
            e.message,
            format!("{n} is out of bounds: expected an integer from 0 to 255")
        );
        let (line, col) = at(&src, &format!("count: {n}"), n);
        assert_eq!((e.location.line, e.location.col), (line, col), "{e}");
    }
    // The checker behind `veney-cli check-set` says the same.
    let src = STANDARD_SET.replacen("count: 4,", "count: 1000,", 1);
    let r = check(Path::new("t.ron"), &src);
    assert!(
        r.errors[0].message.contains("from 0 to 255"),
        "{:?}",
        r.errors
    );
    // Rule options: the retreat limit is a u8, the no-contest count a u16.
    let src = DEFAULT_OPTIONS.replacen("Limited(1)", "Limited(256)", 1);
    let e = RuleOptions::from_ron(Path::new("o.ron"), &src).unwrap_err();
    assert!(e.message.ends_with("from 0 to 255"), "{e}");
    let src = DEFAULT_OPTIONS.replacen("Some(100)", "Some(70000)", 1);
    let e = RuleOptions::from_ron(Path::new("o.ron"), &src).unwrap_err();
    assert!(e.message.ends_with("from 0 to 65535"), "{e}");
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "Some(", "70000")
    );
}

#[test]
fn a_stray_token_after_piece_is_reported_on_its_own_line() {
    // RON notices the token where `Piece(` ended, on the line above; the error points at the
    // token itself and names it.
    for stray in ["12", "\"x\"", ",", "[", "'c'"] {
        let src = STANDARD_SET.replacen(
            "        Piece(\n            name: \"Sword\",",
            &format!("        Piece(\n            {stray}\n            name: \"Sword\","),
            1,
        );
        let e = set_error(&src);
        let want = at(
            &src,
            &format!("Piece(\n            {stray}\n            name: \"Sword\""),
            &format!("\n            {stray}"),
        );
        let want = (want.0 + 1, 13);
        assert_eq!((e.location.line, e.location.col), want, "{stray}: {e}");
        if e.message.starts_with("Expected") {
            assert!(e.message.contains(&format!("(found `{stray}`)")), "{e}");
        }
    }
    // After a comment too.
    let src = STANDARD_SET.replacen(
        "        Piece(\n            name: \"Sword\",",
        "        Piece( // the Sword\n            oops: 1\n            name: \"Sword\",",
        1,
    );
    let e = set_error(&src);
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "// the Sword", "oops")
    );
}

const ASSASSIN: &str = include_str!("../../../config/sets/assassin.ron");

/// The errors of a set text that must be refused (any number), joined.
#[track_caller]
fn refused(src: &str) -> String {
    match PieceSet::from_ron(Path::new("t.ron"), src) {
        Err(LoadError::Data(e)) => e
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        other => panic!("expected data errors, got {other:?}"),
    }
}

#[test]
fn an_armys_layout_puts_one_piece_to_a_square_on_its_own_side() {
    // §2.0.19 setup: each player "places one piece on their side"; one piece stands on a
    // square. `"y4"` is Y4 again (squares read either case).
    let src = ASSASSIN.replacen("\"X4\": \"Dagger\"", "\"y4\": \"Dagger\"", 1);
    let e = refused(&src);
    assert!(e.contains("two pieces on Y4"), "{e}");
    let src = ASSASSIN.replacen("\"X4\": \"Dagger\"", "\"X13\": \"Dagger\"", 1);
    let e = refused(&src);
    assert!(
        e.contains("\"X13\" in the setup is on the opponent's side"),
        "{e}"
    );
}

#[test]
fn numbers_that_would_overflow_are_refused() {
    // An offset of -128 (a Leap's i8) and a constraint beyond the board were accepted and
    // overflowed when used.
    let src = STANDARD_SET.replacen("Leap(offsets: [(1, 2)]", "Leap(offsets: [(-128, 2)]", 1);
    let e = set_error(&src);
    assert!(e.message.contains("|lines| ≤ 3"), "{e}");
    let src = STANDARD_SET.replacen(
        "Constraint(measures: 0, steps: 1)",
        "Constraint(measures: 0, steps: 250)",
        1,
    );
    let e = set_error(&src);
    assert!(
        e.message.contains("expected measures 0–3 and steps 0–15"),
        "{e}"
    );
}

#[test]
fn an_army_must_have_a_self_on_the_board_and_a_piece_that_can_checkmate() {
    // §2.0.23: "It is only absolutely necessary to have a Self and Sword".
    let self_def = "roles: [Life],\n            count: 1,";
    assert!(STANDARD_SET.contains(self_def));
    let src = STANDARD_SET.replacen(
        self_def,
        "roles: [Life],\n            count: 1,\n            reserve: 1,",
        1,
    );
    let e = refused(&src);
    assert!(
        e.contains("the Self piece \"Self\" must begin on the board"),
        "{e}"
    );
    // Both blades inert (they attack nothing): nobody could ever checkmate by touch.
    let blade = "category: Critical,\n            roles: [Blade, Armament],";
    assert_eq!(STANDARD_SET.matches(blade).count(), 2);
    let src = STANDARD_SET.replace(
        blade,
        "category: Inert,\n            roles: [Blade, Armament],",
    );
    let e = refused(&src);
    assert!(e.contains("could never checkmate"), "{e}");
}

#[test]
fn an_optional_piece_begins_in_reserve_and_max_on_board_bounds_the_setup() {
    // §2.0.12 Ruin/Rien is optional: no setup places it.
    let src = STANDARD_SET.replacen(
        "count: 1,\n            reserve: 1,\n            optional: true,",
        "count: 1,\n            optional: true,",
        1,
    );
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message.contains("is optional, so it begins in reserve"),
        "{e}"
    );
    // §2.0.23 Archives Assassin: "up to two drawn at a time".
    let src = ASSASSIN.replacen("max_on_board: Some(2)", "max_on_board: Some(0)", 1);
    assert_ne!(src, ASSASSIN);
    let e = refused(&src);
    assert!(e.contains("more than its max_on_board 0"), "{e}");
}

#[test]
fn a_typo_inside_a_move_is_refused() {
    // docs/SETS.md: a typo in a field is reported — in a move primitive too.
    let src = STANDARD_SET.replacen(
        "Leap(offsets: [(1, 2)], symmetry: All)",
        "Leap(offsets: [(1, 2)], symetry: All)",
        1,
    );
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(e.message.contains("symetry"), "{e}");
}

#[test]
fn an_error_points_at_the_piece_it_is_about() {
    // The Guard is named in the Sword's relations before its own definition: an error about
    // the Guard's count is at the Guard's definition, not in the Sword's.
    let guard = STANDARD_SET.find("name: \"Guard\"").unwrap();
    let count = guard + STANDARD_SET[guard..].find("count:").unwrap();
    let line = STANDARD_SET[..count].matches('\n').count() + 1;
    let mut src = STANDARD_SET.to_string();
    let end = count + src[count..].find(',').unwrap();
    src.replace_range(count..end, "count: 9");
    let e = set_error(&src);
    assert!(e.message.contains("at most 8"), "{e}");
    assert_eq!(e.location.line, line, "{e}");
}
