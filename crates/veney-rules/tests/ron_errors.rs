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
