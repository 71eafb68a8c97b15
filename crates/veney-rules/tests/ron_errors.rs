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

/// Every error of a set text that must be refused.
#[track_caller]
fn set_errors(src: &str) -> Vec<DataError> {
    match PieceSet::from_ron(Path::new("t.ron"), src) {
        Err(LoadError::Data(e)) => e,
        other => panic!("expected data errors, got {other:?}"),
    }
}

/// `at`, with the column counted in characters, as errors count it.
fn at_chars(src: &str, after: &str, needle: &str) -> (usize, usize) {
    let i = src.find(after).unwrap();
    let i = i + src[i..].find(needle).unwrap();
    let line_start = src[..i].rfind('\n').map_or(0, |p| p + 1);
    (
        src[..i].matches('\n').count() + 1,
        src[line_start..i].chars().count() + 1,
    )
}

/// `src` with `from` replaced by `to` everywhere, `from` being there.
#[track_caller]
fn replaced(src: &str, from: &str, to: &str) -> String {
    let out = src.replace(from, to);
    assert_ne!(out, src, "{from:?} is not in the text");
    out
}

#[test]
fn a_name_with_escapes_and_accents_does_not_derail_the_errors_after_it() {
    // The Cloak renamed `Le "Duc" Aimé`: written with two escapes, ending in a two-byte
    // character. The cursor past a name counted it unescaped and landed inside the `é`: loading
    // panicked slicing the text. Its own error sits after the `é` on its line.
    let src = STANDARD_SET.replacen(
        "name: \"Cloak\",",
        "name: \"Le \\\"Duc\\\" Aimé\", reserve: 3,",
        1,
    );
    assert_ne!(src, STANDARD_SET);
    // And an error in a later piece, after a `§` on its line.
    let balance = "section: \"§2.0.07 Balance\",";
    assert!(src.contains(balance));
    let src = src.replacen(balance, "section: \"§2.0.07 Balance\", reserve: 2,", 1);
    let e = set_errors(&src);
    assert_eq!(e.len(), 2, "{e:?}");
    let duc = e
        .iter()
        .find(|e| e.message.contains("has reserve 3 but count 1"))
        .unwrap_or_else(|| panic!("{e:?}"));
    assert!(duc.message.starts_with("\"Le \\\"Duc\\\" Aimé\""), "{duc}");
    // Columns count characters: the `é`, the `§` before `reserve` are one column each.
    let want = at_chars(&src, "Aimé\", reserve", "reserve");
    assert_ne!(want, at(&src, "Aimé\", reserve", "reserve"));
    assert_eq!((duc.location.line, duc.location.col), want, "{duc}");
    let later = e
        .iter()
        .find(|e| e.message.contains("\"Balance\" has reserve 2 but count 1"))
        .unwrap_or_else(|| panic!("{e:?}"));
    let want = at_chars(&src, "Balance\", reserve", "reserve");
    assert_ne!(want, at(&src, "Balance\", reserve", "reserve"));
    assert_eq!((later.location.line, later.location.col), want, "{later}");
}

/// docs/SETS.md: "Every problem is reported with its place". A name Rust would quote with an
/// escape — a combining accent typed as `e` plus U+0301, an emoji's variation selector, or a
/// name written with a RON `\u{…}` escape — is found where its definition names it: a review
/// found its errors placed at the piece before it (the Sword's `count:`) or at 1:1.
#[test]
fn a_name_rust_would_escape_is_found_where_it_is_defined() {
    // Each name as the set's text holds it: the characters themselves, or RON's escapes.
    for name in [
        "Aime\u{301}",
        "Aime\\u{301}",
        "Aime\\u{0301}",
        "Ninja \u{2694}\u{fe0f}",
        "Ninja \\u{2694}\\u{fe0f}",
        "Aim\\x65",
    ] {
        let src = STANDARD_SET.replacen("name: \"Cloak\",", &format!("name: \"{name}\","), 1);
        let start = src.find(&format!("name: \"{name}\"")).unwrap();
        let count = start + src[start..].find("count:").unwrap();
        let mut src = src.clone();
        let end = count + src[count..].find(',').unwrap();
        src.replace_range(count..end, "count: 9");
        let line = src[..count].matches('\n').count() + 1;
        let e = set_error(&src);
        assert!(e.message.contains("at most 8"), "{e}");
        assert_eq!(e.location.line, line, "{name:?}: {e}");
    }
}

#[test]
fn only_the_self_is_checkmated_and_the_self_only_so() {
    // §2.0.03 Taking: "Self is taken directly, as checkmate."
    // `Checkmate` against a piece that is not the Self: the Cloak's capture of the Sword.
    let src = STANDARD_SET.replacen("\"Sword\": BladeCapture", "\"Sword\": Checkmate", 1);
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message
            .contains("\"Cloak\" checkmates \"Sword\", which is not a Self"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "\"Sword\": Checkmate", "\"Sword\"")
    );
    // A standard name the set lacks is a Self only if it is "Self": the Assassin has no Sword.
    let src = ASSASSIN.replacen("\"Sword\": Disarm", "\"Sword\": Checkmate", 1);
    assert_ne!(src, ASSASSIN);
    let e = set_error(&src);
    assert!(e.message.contains("\"Dagger\" checkmates \"Sword\""), "{e}");
    // Any relation but Checkmate or Never against the Self: the Sword taking it.
    let src = STANDARD_SET.replacen("\"Self\": Checkmate", "\"Self\": Take", 1);
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message
            .contains("\"Sword\" attacks the Self \"Self\" with Take"),
        "{e}"
    );
    assert!(e.message.contains("expected Checkmate or Never"), "{e}");
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "\"Self\": Take", "\"Self\"")
    );
    // `Never` is allowed: this Sword cannot touch the Self; the Dagger still checkmates.
    let src = STANDARD_SET.replacen("\"Self\": Checkmate", "\"Self\": Never", 1);
    PieceSet::from_ron(Path::new("t.ron"), &src).unwrap_or_else(|e| panic!("{e}"));
    // The Self renamed "Lord": "Self", a name the set lacks, still names it, and so does
    // "Lord", which the Cloak may not fend.
    let lord = STANDARD_SET.replacen("name: \"Self\",", "name: \"Lord\",", 1);
    assert_ne!(lord, STANDARD_SET);
    PieceSet::from_ron(Path::new("t.ron"), &lord).unwrap_or_else(|e| panic!("{e}"));
    let src = lord.replacen(
        "\"Sword\": BladeCapture,",
        "\"Lord\": Fend,\n                \"Sword\": BladeCapture,",
        1,
    );
    assert_ne!(src, lord);
    let e = set_error(&src);
    assert!(
        e.message
            .contains("\"Cloak\" attacks the Self \"Lord\" with Fend"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "\"Lord\": Fend", "\"Lord\"")
    );
    // A fendable Self would leave the board without checkmate.
    let self_def = "roles: [Life],\n            count: 1,\n            fendable: false,";
    assert!(STANDARD_SET.contains(self_def));
    let src = STANDARD_SET.replacen(
        self_def,
        "roles: [Life],\n            count: 1,\n            fendable: true,",
        1,
    );
    let e = set_error(&src);
    assert!(
        e.message
            .contains("\"Self\" is the Self and cannot be fendable"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "fendable: true", "fendable")
    );
}

#[test]
fn two_different_sets_are_checked_against_each_others_self() {
    // Each set is checked against its own Self and the standard one; across the board a name
    // may be another army's Self, or a piece that is not one.
    use std::sync::Arc;
    use veney_rules::Rules;
    let with_layout = |src: &str, w4: &str, y4: &str| {
        let out = src.replacen(
            "\n    ],\n)",
            &format!(
                "\n    ],\n    setup: Some({{\n        \"W4\": \"{w4}\", \"X4\": \"Sword\", \"Y4\": \"{y4}\", \"Z4\": \"Balance\",\n        \"W5\": \"Engagement\", \"X5\": \"Engagement\", \"Y5\": \"Engagement\", \"Z5\": \"Engagement\",\n    }}),\n)"
            ),
            1,
        );
        assert_ne!(out, src);
        out
    };
    let load = |src: &str| {
        Arc::new(PieceSet::from_ron(Path::new("t.ron"), src).unwrap_or_else(|e| panic!("{e}")))
    };
    let meeting = |sets: [Arc<PieceSet>; 2]| match Rules::with_sets(sets, RuleOptions::default()) {
        Err(LoadError::Data(e)) => e
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join("\n"),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("the sets were accepted together"),
    };
    let standard = Arc::new(PieceSet::standard());
    // "Swapped": its Self is named "Guard", its Guard "Warden". The standard Sword disarms a
    // "Guard", which here is the Self.
    let mut src = replaced(STANDARD_SET, "name: \"Standard\",", "name: \"Swapped\",");
    src = replaced(&src, "name: \"Guard\",", "name: \"Warden\",");
    src = replaced(&src, "name: \"Self\",", "name: \"Guard\",");
    src = replaced(&src, "\"Guard\": ", "\"Warden\": ");
    let swapped = load(&with_layout(&src, "Cloak", "Guard"));
    Rules::with_sets([swapped.clone(), swapped.clone()], RuleOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let e = meeting([standard.clone(), swapped]);
    assert!(
        e.contains(
            "Standard's \"Sword\" meets Swapped's \"Guard\" with Disarm: taking the Self is checkmate"
        ),
        "{e}"
    );
    // "Renamed": its Self is "Lord", its Cloak "Self". The standard Sword checkmates a "Self",
    // which here is a Cloak.
    let mut src = replaced(STANDARD_SET, "name: \"Standard\",", "name: \"Renamed\",");
    src = replaced(&src, "name: \"Self\",", "name: \"Lord\",");
    src = replaced(&src, "name: \"Cloak\",", "name: \"Self\",");
    src = replaced(&src, "\"Self\": Checkmate", "\"Lord\": Checkmate");
    let renamed = load(&with_layout(&src, "Self", "Lord"));
    Rules::with_sets([renamed.clone(), renamed.clone()], RuleOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let e = meeting([standard, renamed]);
    assert!(
        e.contains(
            "Standard's \"Sword\" meets Renamed's \"Self\" with Checkmate: only the Self is checkmated"
        ),
        "{e}"
    );
}

#[test]
fn the_letter_k_is_the_donkeys() {
    // The Donkey's placement is written `K*X5` (§2.0.23).
    let src = STANDARD_SET.replacen("letter: 'L'", "letter: 'K'", 1);
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message
            .contains("notation letter 'K' of \"Lantern\" is reserved"),
        "{e}"
    );
    assert!(e.message.contains("other than K W X Y Z"), "{e}");
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "letter: 'K'", "'K'")
    );
    // Any other letter, of any alphabet, is a notation letter.
    let src = STANDARD_SET.replacen("letter: 'L'", "letter: 'λ'", 1);
    PieceSet::from_ron(Path::new("t.ron"), &src).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_letter_e_is_the_engagements() {
    // §2.0.R5 writes the engagement `e` (`eX7`): a piece without role Engagement lettered `e`
    // would read back as the engagement (a review found it).
    let src = STANDARD_SET.replacen("letter: 'L'", "letter: 'e'", 1);
    assert_ne!(src, STANDARD_SET);
    let errs = match PieceSet::from_ron(Path::new("t.ron"), &src) {
        Err(LoadError::Data(e)) => e,
        other => panic!("refused, not {other:?}"),
    };
    assert!(
        errs.iter().any(|e| e
            .message
            .contains("notation letter 'e' of \"Lantern\" is the engagement's")),
        "{errs:?}"
    );
}

#[test]
fn a_set_name_is_one_line_without_quotes() {
    // Saves' header lines and position texts' `sets=` carry the name; its spaces are plain ones
    // (a review found a no-break space's set unreadable from its own position text).
    for written in [
        "",
        "   ",
        "Two\\nlines",
        "Tab\\tbed",
        "The \\\"Best\\\"",
        "No\u{a0}break",
        "Ideo\u{3000}space",
        // A position's `sets=` is `White/Black`: `A/B` against `C` would read as `A` against
        // `B/C` (a review found the field ambiguous).
        "Duel/ist",
    ] {
        let src = STANDARD_SET.replacen("name: \"Standard\",", &format!("name: \"{written}\","), 1);
        assert_ne!(src, STANDARD_SET);
        let e = set_error(&src);
        assert!(
            e.message.contains(
                "must be one line of text without quotes, slashes, control characters or spaces"
            ),
            "{written}: {e}"
        );
        assert_eq!(
            (e.location.line, e.location.col),
            at(&src, "name:", "name"),
            "{written}: {e}"
        );
    }
}

#[test]
fn a_key_written_twice_in_a_map_is_refused_at_the_second() {
    // RON's maps kept the last of two entries silently: this Sword would have fended the
    // Lantern it takes.
    let src = STANDARD_SET.replacen(
        "\"Lantern\": Take,",
        "\"Lantern\": Take,\n                \"Lantern\": Fend,",
        1,
    );
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message
            .starts_with("duplicate key \"Lantern\" in `attacks`: expected each piece named once"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "\"Lantern\": Fend", "\"Lantern\"")
    );
    // The same key written with an escape: still the same, pointed at its opening quote.
    let src = STANDARD_SET.replacen(
        "\"Lantern\": Take,",
        "\"Lantern\": Take,\n                \"Lan\\x74ern\": Fend,",
        1,
    );
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(e.message.starts_with("duplicate key \"Lantern\""), "{e}");
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "\"Lan\\x74ern\"", "\"Lan")
    );
    // An army's own layout: two entries for X4, the first dropped.
    let src = ASSASSIN.replacen(
        "\"X4\": \"Dagger\",",
        "\"X4\": \"Dagger\",\n        \"X4\": \"Self\",",
        1,
    );
    assert_ne!(src, ASSASSIN);
    let e = set_error(&src);
    assert!(
        e.message.starts_with("duplicate key \"X4\" in `setup`"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "\"X4\": \"Self\"", "\"X4\"")
    );
    // A setup file: White's layout, and Black's explicit one.
    use veney_rules::setup::{STANDARD_SETUP, SetupDef};
    let src = STANDARD_SETUP.replacen(
        "\"W4\": \"Cloak\",",
        "\"W4\": \"Cloak\",\n        \"W4\": \"Balance\",",
        1,
    );
    assert_ne!(src, STANDARD_SETUP);
    let e = SetupDef::from_ron(Path::new("s.ron"), &src).unwrap_err();
    assert!(
        e.message.starts_with("duplicate key \"W4\" in the setup"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "\"W4\": \"Balance\"", "\"W4\"")
    );
    let src = STANDARD_SETUP.replacen(
        "black: Rotated,",
        "black: Explicit({ \"X13\": \"Self\", \"X13\": \"Sword\" }),",
        1,
    );
    assert_ne!(src, STANDARD_SETUP);
    let e = SetupDef::from_ron(Path::new("s.ron"), &src).unwrap_err();
    assert!(
        e.message.starts_with("duplicate key \"X13\" in the setup"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "\"X13\": \"Sword\"", "\"X13\"")
    );
}

#[test]
fn piece_names_that_differ_only_in_case_are_refused() {
    // Setups, rule options and commands find a piece by name in any case: "cloak" would be
    // read as the Cloak.
    let src = STANDARD_SET.replacen("name: \"Balance\",", "name: \"cloak\",", 1);
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message
            .contains("duplicate piece name \"cloak\": it differs from \"Cloak\""),
        "{e}"
    );
    assert!(e.message.contains("only in case"), "{e}");
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "name: \"cloak\"", "\"cloak\"")
    );
}

#[test]
fn moves_that_could_never_be_made_are_refused() {
    // A line of the board holds at most 15 squares beyond a piece: a Slide of min 16 never
    // moves.
    let src = STANDARD_SET.replacen("Slide(dirs: All, min: 2)", "Slide(dirs: All, min: 16)", 1);
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message
            .contains("\"Lantern\": a Slide's min (16) is beyond the board"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "name: \"Lantern\"", "moves")
    );
    // A max past the board means "to the edge", which `None` says.
    let src = STANDARD_SET.replacen(
        "Slide(dirs: All, max: Some(2), jump: Anything)",
        "Slide(dirs: All, max: Some(16), jump: Anything)",
        1,
    );
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message
            .contains("\"Jutsu\": a Slide's max (16) is beyond the board"),
        "{e}"
    );
    assert!(e.message.contains("or None"), "{e}");
    // A Lunge of nothing but zeros.
    let lunge = "Lunge(forward: [4, 3, 2, 1], back: [1, 2, 3, 4]";
    let src = STANDARD_SET.replacen(lunge, "Lunge(forward: [0, 0, 0, 0], back: [0, 0, 0, 0]", 1);
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message.contains(
            "\"Self\": a Lunge whose distances forward and back are all 0 could never move"
        ),
        "{e}"
    );
    // One distance is enough: a step back from the fourth measure.
    let src = STANDARD_SET.replacen(lunge, "Lunge(forward: [0, 0, 0, 0], back: [0, 0, 0, 1]", 1);
    PieceSet::from_ron(Path::new("t.ron"), &src).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_privileged_piece_kept_off_the_board_checkmates_nobody() {
    // The Sword denied the privilege: the Dagger still checkmates.
    let src = STANDARD_SET.replacen(
        "name: \"Sword\",",
        "name: \"Sword\",\n            checkmate: Some(false),",
        1,
    );
    assert_ne!(src, STANDARD_SET);
    PieceSet::from_ron(Path::new("t.ron"), &src).unwrap_or_else(|e| panic!("{e}"));
    // The Dagger with `max_on_board: Some(0)` can never be placed, so nobody ever could.
    let dagger = src.replacen(
        "withdraw: UnlessLastBlade,",
        "withdraw: UnlessLastBlade,\n            max_on_board: Some(0),",
        1,
    );
    assert_ne!(dagger, src);
    let e = set_error(&dagger);
    assert!(e.message.contains("could never checkmate"), "{e}");
    assert!(e.message.contains("a max_on_board above 0"), "{e}");
}

#[test]
fn an_error_about_a_field_a_piece_lacks_points_at_that_piece() {
    // An optional Cloak must begin in reserve; it writes no `reserve`, nor does the Balance
    // after it. The error was located at the next `reserve` in the file, the Dagger's; it is now
    // at the Cloak's name.
    let src = STANDARD_SET.replacen(
        "name: \"Cloak\",",
        "name: \"Cloak\",\n            optional: true,",
        1,
    );
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message
            .contains("\"Cloak\" is optional, so it begins in reserve"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "name: \"Cloak\"", "\"Cloak\"")
    );
}

#[test]
fn an_unknown_piece_in_duels_with_is_called_a_duel() {
    let src = STANDARD_SET.replacen("duels_with: [\"Dagger\"]", "duels_with: [\"Dagr\"]", 1);
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert!(
        e.message
            .contains("\"Dagger\" duels with unknown piece \"Dagr\" (`duels_with`)"),
        "{e}"
    );
    assert!(!e.message.contains("attacks"), "{e}");
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "duels_with", "\"Dagr\"")
    );
}

#[test]
fn a_special_goes_only_on_the_kind_of_piece_it_is_of() {
    // Each special is one rulebook piece's (§2.0.02–§2.0.12). A review found the Jutsu's
    // Intention on the Self accepted — a glare then sent the Self to reserve with the game going
    // on — and the Lantern's PseudoArmament on the engagement listing each of its moves twice.
    let src = replaced(
        STANDARD_SET,
        "specials: [Concert, Retreat],",
        "specials: [Concert, Retreat, Intention],",
    );
    let e = set_error(&src);
    assert!(
        e.message.contains("\"Self\" has the special Intention")
            && e.message.contains("only a piece of category Technical"),
        "{e}"
    );
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "Retreat, Intention", "Intention")
    );
    let src = replaced(
        STANDARD_SET,
        "specials: [SteppingStone, EnPassant],",
        "specials: [PseudoArmament],",
    );
    let e = set_error(&src);
    assert!(
        e.message
            .contains("\"Engagement\" has the special PseudoArmament"),
        "{e}"
    );
    let src = replaced(
        STANDARD_SET,
        "specials: [Concert, Retreat],",
        "specials: [Concert, Retreat, DaggerThrow],",
    );
    assert!(
        set_error(&src)
            .message
            .contains("only a piece of role Blade")
    );
    // Every shipped set keeps its specials where they belong.
    for f in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../config/sets")).unwrap() {
        let path = f.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        PieceSet::from_ron(&path, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

#[test]
fn a_byte_order_mark_at_the_start_is_not_part_of_the_file() {
    // Some editors save one; it was read as the first character ("Expected opening `(`").
    let src = format!("\u{feff}{STANDARD_SET}");
    PieceSet::from_ron(Path::new("t.ron"), &src).unwrap_or_else(|e| panic!("{e}"));
    RuleOptions::from_ron(Path::new("r.ron"), &format!("\u{feff}{DEFAULT_OPTIONS}"))
        .unwrap_or_else(|e| panic!("{e}"));
    // Errors after it are located as the editor shows the file.
    let bad = format!(
        "\u{feff}{}",
        STANDARD_SET.replacen("count: 1,", "count: 300,", 1)
    );
    let e = set_error(&bad);
    assert_eq!(
        (e.location.line, e.location.col),
        at(STANDARD_SET, "count: 1,", "1,")
    );
}

/// docs/SETS.md: "Every problem is reported with its place". A name a set's own `setup` or an
/// `attacks` key names, written with a character Rust's `{:?}` escapes (a combining accent, an
/// emoji's variation selector), is found where it is written and shown as typed; the setup's
/// count is placed at its field however it is spaced (`setup : …`); a piece name must be one
/// line of text (a review found 1:1, `"Pike\u{301}"` in the message, and blank or two-line
/// names loaded).
#[test]
fn names_are_found_and_shown_as_typed_and_must_be_one_line() {
    let accent = "Dagge\u{301}r";
    let src = replaced(
        ASSASSIN,
        "\"X4\": \"Dagger\"",
        &format!("\"X4\": \"{accent}\""),
    );
    let e = set_errors(&src);
    let unknown = e
        .iter()
        .find(|e| e.message.contains("unknown piece"))
        .unwrap_or_else(|| panic!("{e:?}"));
    assert_eq!(
        (unknown.location.line, unknown.location.col),
        at_chars(&src, "setup:", &format!("\"{accent}")),
        "{unknown}"
    );
    assert!(
        unknown.message.contains(accent),
        "shown as typed: {unknown}"
    );
    assert!(!unknown.message.contains("\\u{"), "{unknown}");
    // `setup : Some(…)`: the count that no longer fits is placed at the field.
    let src = replaced(ASSASSIN, "\"X4\": \"Dagger\",\n", "");
    let src = replaced(&src, "setup: Some(", "setup : Some(");
    let e = set_errors(&src);
    let count = e
        .iter()
        .find(|e| e.message.contains("the setup places 0 Dagger"))
        .unwrap_or_else(|| panic!("{e:?}"));
    assert_eq!(
        count.location.line,
        at(&src, "setup :", "setup").0,
        "{count}"
    );
    // An `attacks` key with a variation selector.
    let emoji = "Ninja \u{2694}\u{fe0f}";
    let src = STANDARD_SET.replacen("attacks: {", &format!("attacks: {{\"{emoji}\": Take, "), 1);
    let e = set_errors(&src);
    let unknown = e
        .iter()
        .find(|e| e.message.contains("attacks unknown piece"))
        .unwrap_or_else(|| panic!("{e:?}"));
    assert_eq!(
        (unknown.location.line, unknown.location.col),
        at_chars(&src, "attacks: {", &format!("\"{emoji}")),
        "{unknown}"
    );
    assert!(unknown.message.contains(emoji), "{unknown}");
    // Blank and two-line piece names are refused at the name.
    for bad in ["", " ", "Clo\\nak"] {
        let written = format!("name: \"{bad}\",");
        let src = STANDARD_SET.replacen("name: \"Cloak\",", &written, 1);
        let e = set_errors(&src);
        let name = e
            .iter()
            .find(|e| e.message.contains("must be one line of text"))
            .unwrap_or_else(|| panic!("{bad:?}: {e:?}"));
        let line = src[..src.find(&written).unwrap()].matches('\n').count() + 1;
        assert_eq!(name.location.line, line, "{bad:?}: {name}");
    }
}

/// A field left out of a piece is reported at the piece's opening, naming the piece and the
/// field, with what to write (a review found the Self's `fendable` reported at a bare `)`
/// lines below, the piece unnamed); one left out of the set itself names the set.
#[test]
fn a_missing_field_names_the_piece_and_the_field_where_the_piece_opens() {
    let src = STANDARD_SET.replacen("            fendable: false,\n", "", 1);
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "pieces:", "Piece(")
    );
    assert!(
        e.message
            .contains("Piece \"Self\" lacks the field `fendable`")
            && e.message.contains("expected `fendable: …`"),
        "{}",
        e.message
    );
    let src = STANDARD_SET.replacen("    name: \"Standard\",\n", "", 1);
    assert_ne!(src, STANDARD_SET);
    let e = set_error(&src);
    assert_eq!(
        (e.location.line, e.location.col),
        at(&src, "PieceSet(", "PieceSet(")
    );
    assert!(
        e.message.starts_with("PieceSet lacks the field `name`"),
        "{}",
        e.message
    );
}
