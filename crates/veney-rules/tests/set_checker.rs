//! The set checker (`veney-cli check-set`): one malformed fixture per kind of error, each
//! reported at its file:line:col with what was found and what was expected; warnings do not
//! refuse a set; the exit code is 0 only for valid sets.
use std::path::{Path, PathBuf};
use veney_rules::set_check::{Report, check_file};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/sets/{name}.ron"))
}

fn report(name: &str) -> Report {
    check_file(&fixture(name))
}

/// The one error of a fixture: (line, col, message).
fn only_error(name: &str) -> (usize, usize, String) {
    let r = report(name);
    assert_eq!(r.errors.len(), 1, "{name}: {:?}", r.errors);
    assert!(r.set.is_none());
    let e = &r.errors[0];
    assert_eq!(e.location.file, fixture(name));
    (e.location.line, e.location.col, e.message.clone())
}

/// `src` with its first `from` made `to` (which must be there).
fn edited(src: &str, from: &str, to: &str) -> String {
    let out = src.replacen(from, to, 1);
    assert_ne!(out, src, "{from:?} is not in the set");
    out
}

/// Whether checking `src` reports an error saying `words`.
fn refuses(src: &str, words: &str) -> bool {
    veney_rules::set_check::check(Path::new("mine.ron"), src)
        .errors
        .iter()
        .any(|e| e.message.contains(words))
}

/// The standard set checked against the standard setup with its first `from` made `to`.
fn standard_set_with_setup(from: &str, to: &str) -> Report {
    let setup = edited(veney_rules::setup::STANDARD_SETUP, from, to);
    veney_rules::set_check::check_with_setup(
        Path::new("s.ron"),
        veney_rules::piece_set::STANDARD_SET,
        Some((Path::new("setup.ron"), &setup)),
    )
}

fn expect(name: &str, line: usize, col: usize, words: &[&str]) {
    let (l, c, msg) = only_error(name);
    assert_eq!((l, c), (line, col), "{name}: {msg}");
    for w in words {
        assert!(msg.contains(w), "{name}: {msg:?} lacks {w:?}");
    }
}

#[test]
fn a_valid_set_has_no_errors_or_warnings() {
    let r = report("valid");
    assert!(r.is_valid() && r.warnings.is_empty(), "{r:?}");
    assert_eq!(r.set.unwrap().name, "Tiny");
}

#[test]
fn unknown_field() {
    expect(
        "unknown_field",
        36,
        13,
        &[
            "Unexpected field named `colour`",
            "expected one of",
            "`fendable`",
        ],
    );
}

#[test]
fn unknown_piece_in_a_relation() {
    expect(
        "unknown_relation",
        39,
        23,
        &[
            "unknown piece \"Swrod\"",
            "expected one of Self, Sword, Pike",
        ],
    );
}

#[test]
fn duplicate_letter() {
    expect(
        "duplicate_letter",
        31,
        21,
        &[
            "duplicate notation letter '$'",
            "\"Sword\" already uses it (line 17)",
        ],
    );
}

#[test]
fn a_piece_with_no_way_to_move() {
    expect(
        "no_moves",
        37,
        13,
        &[
            "\"Pike\" has no way to move",
            "expected at least one movement primitive",
        ],
    );
}

#[test]
fn no_critical_piece() {
    expect(
        "no_critical",
        4,
        5,
        &["no Self", "expected exactly one piece with role Life"],
    );
}

#[test]
fn an_army_that_could_never_checkmate() {
    // A swordless army is legal only where the set grants checkmate privilege (R-PRIVILEGE).
    expect(
        "no_privilege",
        4,
        5,
        &[
            "no piece has checkmate privilege",
            "expected a piece with role Blade",
        ],
    );
}

#[test]
fn a_count_that_does_not_fit_the_setup() {
    expect(
        "count_setup",
        42,
        5,
        &[
            "places 2 Sword",
            "puts 1 on the board",
            "expected the count to fit the setup",
        ],
    );
}

/// R-CONSTRAINT-DEST: "A piece outside its zone may therefore only move back into it". The
/// Pike leaps two measures and its range is its Self's measure: no move keeps it in range, but
/// once its Self has walked two measures away it leaps back in — a playable piece, warned of,
/// not refused (a review found it refused as "can never be satisfied", and the Mirage of
/// docs/SETS.md's walk-through with it).
#[test]
fn a_range_constraint_satisfied_only_from_outside_is_a_warning() {
    let r = report("unsatisfiable");
    assert!(r.is_valid(), "{:?}", r.errors);
    let w: Vec<_> = r
        .warnings
        .iter()
        .filter(|w| w.message.contains("range constraint"))
        .collect();
    assert_eq!(w.len(), 1, "{:?}", r.warnings);
    assert_eq!(
        (w[0].location.line, w[0].location.col),
        (38, 13),
        "{}",
        w[0]
    );
    // Its fields in another order (RON allows it): still the Pike's own `constraint:`, not a
    // later piece's (a review found the first `constraint` after the name taken).
    let unsat = std::fs::read_to_string(fixture("unsatisfiable")).unwrap();
    let moved = edited(
        &edited(
            &unsat,
            "            constraint: Some(Constraint(measures: 0)),\n",
            "",
        ),
        "            name: \"Pike\",\n",
        "            constraint: Some(Constraint(measures: 0)),\n            name: \"Pike\",\n",
    );
    let moved_report = veney_rules::set_check::check(Path::new("t.ron"), &moved);
    let moved_warning = moved_report
        .warnings
        .iter()
        .find(|w| w.message.contains("range constraint"))
        .unwrap_or_else(|| panic!("{:?}", moved_report.warnings));
    let line = moved
        .lines()
        .position(|l| l.contains("constraint: Some(Constraint(measures: 0))"))
        .unwrap()
        + 1;
    assert_eq!(moved_warning.location.line, line, "{moved_warning}");
    assert!(
        w[0].message
            .contains("\"Pike\" never moves while it stands within its range constraint")
            && w[0].message.contains("R-CONSTRAINT-DEST"),
        "{}",
        w[0].message
    );
    // The walk-through's Mirage with `measures: 0`: the same.
    let fairy = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/sets/fairy.ron"),
    )
    .unwrap();
    let mirage = fairy.find("name: \"Mirage\"").unwrap();
    let src = format!(
        "{}{}",
        &fairy[..mirage],
        edited(
            &fairy[mirage..],
            "constraint: Some(Constraint(measures: 1))",
            "constraint: Some(Constraint(measures: 0))"
        )
    );
    let r = veney_rules::set_check::check(Path::new("fairy.ron"), &src);
    assert!(r.is_valid(), "{:?}", r.errors);
    assert!(
        r.warnings.iter().any(|w| w
            .message
            .contains("\"Mirage\" never moves while it stands within")),
        "{:?}",
        r.warnings
    );
}

#[test]
fn a_piece_that_can_never_be_fended_is_a_warning() {
    let r = report("never_fended");
    assert!(r.is_valid(), "{:?}", r.errors);
    assert_eq!(r.warnings.len(), 1);
    let w = &r.warnings[0];
    assert_eq!((w.location.line, w.location.col), (30, 19));
    assert!(
        w.message.contains("\"Pike\" can never be fended or taken"),
        "{}",
        w.message
    );
}

#[test]
fn a_set_without_a_layout_must_fit_the_standard_baselines() {
    // The standard setup puts a Cloak on W4 and a Balance on Z4: a set without them needs its
    // own `setup`.
    let src = std::fs::read_to_string(fixture("valid")).unwrap();
    let src = src.replace(
        "    setup: Some({\"X4\": \"Sword\", \"Y4\": \"Self\"}),\n",
        "",
    );
    let r = veney_rules::set_check::check(Path::new("nolayout.ron"), &src);
    assert!(!r.is_valid());
    assert!(
        r.errors.iter().any(|e| e
            .message
            .contains("no \"Balance\" for the standard baselines to put on Z4")),
        "{:?}",
        r.errors
    );
}

#[test]
fn an_army_is_checked_against_the_setup_a_game_would_use() {
    // The workshop checks a set against the app's setup file, which a designer may edit: a
    // setup placing a Guard the standard set keeps in reserve does not fit it.
    let plain =
        veney_rules::set_check::check(Path::new("s.ron"), veney_rules::piece_set::STANDARD_SET);
    assert!(plain.is_valid(), "{:?}", plain.errors);
    let r = standard_set_with_setup(
        "\"W4\": \"Cloak\",",
        "\"W4\": \"Cloak\",\n        \"W3\": \"Guard\",",
    );
    assert!(!r.is_valid());
    assert!(
        r.errors[0].message.contains("Guard") && r.errors[0].message.contains("place 1"),
        "{:?}",
        r.errors
    );
}

/// A setup file given names a piece the set lacks ("Swordd"): the name is the setup's, placed at
/// its string in the setup file (a review found the set blamed at its `pieces`). Without a
/// setup given, the built-in baselines' name is the set's to have, as before.
#[test]
fn a_setups_unknown_piece_is_placed_in_the_setup() {
    let r = standard_set_with_setup("\"Sword\"", "\"Swordd\"");
    let e = r.errors.first().expect("an error");
    assert_eq!(e.location.file, Path::new("setup.ron"), "{e}");
    let setup = edited(
        veney_rules::setup::STANDARD_SETUP,
        "\"Sword\"",
        "\"Swordd\"",
    );
    let line = setup
        .lines()
        .position(|l| l.contains("\"Swordd\""))
        .unwrap()
        + 1;
    assert_eq!(e.location.line, line, "{e}");
    assert!(e.message.contains("\"Swordd\""), "{e}");
}

#[test]
fn a_count_the_setup_gets_wrong_is_reported_at_the_setup() {
    // The setup places an extra Guard the set keeps in reserve: the setup file is named, not
    // the set's (a review found the set blamed, at its line 1).
    use std::sync::Arc;
    use veney_rules::setup::{STANDARD_SETUP, SetupDef};
    let src = STANDARD_SETUP.replacen(
        "\"W4\": \"Cloak\",",
        "\"W4\": \"Cloak\",\n        \"W3\": \"Guard\",",
        1,
    );
    let set = Arc::new(veney_rules::PieceSet::standard());
    let setup = SetupDef::from_ron(Path::new("mine.ron"), &src)
        .unwrap()
        .check(Path::new("mine.ron"), &src, [&set, &set])
        .unwrap();
    let err = veney_rules::Rules::new([set.clone(), set], setup, Default::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("mine.ron:1:1: setup"), "{err}");
}

#[test]
fn a_key_written_twice_is_an_error_not_a_silent_overwrite() {
    // `veney-cli check-set` said nothing of a relation written twice (the last one won).
    let set = veney_rules::piece_set::STANDARD_SET;
    let src = set.replacen(
        "\"Jutsu\": Take,",
        "\"Jutsu\": Take,\n                \"Jutsu\": Fend,",
        1,
    );
    assert_ne!(src, set);
    let r = veney_rules::set_check::check(Path::new("mine.ron"), &src);
    assert!(r.set.is_none());
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    let e = &r.errors[0];
    let at = src.find("\"Jutsu\": Fend").unwrap();
    let line = src[..at].matches('\n').count() + 1;
    let col = at - src[..at].rfind('\n').unwrap();
    assert_eq!((e.location.line, e.location.col), (line, col), "{e}");
    assert!(
        e.to_string().starts_with(&format!(
            "mine.ron:{line}:{col}: duplicate key \"Jutsu\" in `attacks`"
        )),
        "{e}"
    );
}

#[test]
fn a_self_cannot_be_an_engagement() {
    // En passant fends an engagement (§2.0.04): a Self with role Engagement would be taken off
    // the board without checkmate (a review found the set accepted and the Self fended so).
    let src = edited(
        veney_rules::piece_set::STANDARD_SET,
        "roles: [Life],",
        "roles: [Life, Engagement],",
    );
    let r = veney_rules::set_check::check(Path::new("mine.ron"), &src);
    assert!(r.set.is_none());
    let e = r
        .errors
        .iter()
        .find(|e| e.message.contains("cannot have role Engagement"))
        .unwrap_or_else(|| panic!("{:?}", r.errors));
    let at = src.find("Life, Engagement").unwrap() + "Life, ".len();
    let line = src[..at].matches('\n').count() + 1;
    let col = at - src[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
    assert_eq!(
        (e.location.line, e.location.col),
        (line, col),
        "{}",
        e.message
    );
}

#[test]
fn an_army_whose_only_blade_cannot_touch_the_self_never_checkmates() {
    // The privilege counts only on a piece that can touch (R-PRIVILEGE): a Sword that never
    // attacks the Self, or whose every move is MoveOnly, checkmates nobody — a review found both
    // armies accepted.
    let valid = std::fs::read_to_string(fixture("valid")).unwrap();
    for (what, from, to) in [
        (
            "Never against the Self",
            "attacks: {\"Self\": Checkmate, \"Sword\": Disarm}",
            "attacks: {\"Self\": Never, \"Sword\": Disarm}",
        ),
        (
            "every move MoveOnly",
            "moves: [Slide(dirs: All)],",
            "moves: [Slide(dirs: All, mode: MoveOnly)],",
        ),
    ] {
        let src = edited(&valid, from, to);
        assert!(refuses(&src, "no piece has checkmate privilege"), "{what}");
    }
}

/// §2.0.14: "If the disarmed player has no blade left on the board, disarmament constitutes
/// checkmate" — a privileged piece counts as a blade (R-PRIVILEGE), so one that can never touch
/// (an Inert Ruin given `checkmate: Some(true)`, or a piece never attacking the Self) is refused
/// at its field even beside a real Sword: it would keep the army from ever being checkmated by
/// disarm (a review found such a set accepted and the last Sword's disarm playing on).
#[test]
fn a_privileged_piece_that_can_never_touch_is_refused_at_its_field() {
    let std = veney_rules::piece_set::STANDARD_SET;
    let src = edited(
        std,
        "            category: Inert,\n",
        "            category: Inert,\n            checkmate: Some(true),\n",
    );
    let r = veney_rules::set_check::check(Path::new("mine.ron"), &src);
    let e = r
        .errors
        .iter()
        .find(|e| e.message.contains("can never touch"))
        .unwrap_or_else(|| panic!("{:?}", r.errors));
    assert!(e.message.contains("\"Ruin\""), "{}", e.message);
    let line = src
        .lines()
        .position(|l| l.contains("checkmate: Some(true)"))
        .unwrap()
        + 1;
    assert_eq!(e.location.line, line, "{}", e.message);
    // The shipped sets give no privilege to a piece that cannot touch.
    assert!(!refuses(std, "can never touch"));
    // The other ways of never touching (a review found only the Inert one tested): the Guard
    // given privilege, `Never` against the Self — refused; with its attacks left, accepted.
    let guard = edited(
        std,
        "            roles: [Armament],\n            count: 1,\n            reserve: 1,\n            fendable: false,\n            moves: [\n                // Rook",
        "            roles: [Armament],\n            checkmate: Some(true),\n            count: 1,\n            reserve: 1,\n            fendable: false,\n            moves: [\n                // Rook",
    );
    assert!(!refuses(&guard, "can never touch"));
    let never = edited(
        &guard,
        "                \"Guard\": Deflect,\n",
        "                \"Guard\": Deflect,\n                \"Self\": Never,\n",
    );
    assert!(refuses(
        &never,
        "\"Guard\" has checkmate privilege but can never touch"
    ));
    // A blade by role touching or not is a blade: the Sword with `"Self": Never` beside the
    // Dagger is no such refusal.
    let sword = edited(
        std,
        "                \"Self\": Checkmate,\n",
        "                \"Self\": Never,\n",
    );
    assert!(!refuses(&sword, "can never touch"));
}

#[test]
fn a_constraint_only_engagement_steps_satisfy_is_accepted() {
    // §2.0.03's "plus any step further if you have at least one engagement in that step": a
    // Balance blinking a measure at a time within its Self's measure plus engagement steps moves
    // once the army's engagements stand in the next measure — a review found it refused as never
    // satisfied.
    let blink = edited(
        veney_rules::piece_set::STANDARD_SET,
        "Slide(dirs: Diagonal, jump: Anything),\n            ],",
        "MeasureBlink(),\n            ],\n            constraint: Some(Constraint(measures: 0, engagement_steps: true)),",
    );
    let never = |src: &str| refuses(src, "can never be satisfied");
    assert!(!never(&blink));
    // An army with no engagement gains no engagement step: the Tiny set's Pike, blinking, never
    // stays in range, engagement steps or not — it only blinks back into range once its Self
    // has moved away (R-CONSTRAINT-DEST): a warning, not a refusal.
    let valid = std::fs::read_to_string(fixture("valid")).unwrap();
    let tiny = edited(
        &valid,
        "moves: [Slide(dirs: Forward, max: Some(2))],\n            constraint: Some(Constraint(measures: 0)),",
        "moves: [MeasureBlink()],\n            constraint: Some(Constraint(measures: 0, engagement_steps: true)),",
    );
    assert!(!never(&tiny));
    let r = veney_rules::set_check::check(Path::new("tiny.ron"), &tiny);
    assert!(
        r.warnings.iter().any(|w| w
            .message
            .contains("\"Pike\" never moves while it stands within")),
        "{:?}",
        r.warnings
    );
}

#[test]
fn an_explicit_black_layout_is_checked_too() {
    // A setup whose Black layout is its own (`black: Explicit`) is checked as the app reads it:
    // three engagements for Black's four are reported (a review found only White's layout
    // compared, so `check-set` passed a set the app then refused).
    let r = standard_set_with_setup(
        "black: Rotated,",
        "black: Explicit({ \"Z13\": \"Cloak\", \"Y13\": \"Sword\", \"X13\": \"Self\", \"W13\": \"Balance\", \"Z12\": \"Engagement\", \"Y12\": \"Engagement\", \"X12\": \"Engagement\" }),",
    );
    assert!(!r.is_valid());
    assert!(
        r.errors
            .iter()
            .any(|e| e.message.contains("the setup's Black layout places 3")
                && e.message.contains("Engagement")),
        "{:?}",
        r.errors
    );
}

#[test]
fn an_armys_own_layout_reads_piece_names_in_any_case() {
    // SETS.md, `name`: "setups, rule options and commands read it in any case" — an army's own
    // `setup` as a setup file does (a review found `"self"` refused there, accepted in
    // config/setups/).
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/sets/half.ron"),
    )
    .unwrap();
    let lower = edited(&src, "\"Y4\": \"Self\"", "\"Y4\": \"self\"");
    let r = veney_rules::set_check::check(Path::new("half.ron"), &lower);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let set = r.set.expect("the set loads");
    let y4 = veney_rules::Square::parse("Y4").unwrap();
    let layout = set.layout.as_ref().expect("its own layout");
    assert!(
        layout
            .iter()
            .any(|&(sq, k)| sq == y4 && set.piece(k).name() == "Self"),
        "{layout:?}"
    );
    assert!(refuses(
        &edited(&src, "\"Y4\": \"Self\"", "\"Y4\": \"Selph\""),
        "unknown piece \"Selph\""
    ));
}

#[test]
fn too_many_pieces_is_placed_at_the_pieces_field() {
    // A set-wide error is placed at `pieces:`, as the others are (a review found this one at
    // 1:1, the file's header comment).
    let extra: String = (0..16)
        .map(|i| {
            let c = (b'A' + i) as char;
            format!("        Piece(\n            name: \"Extra {c}\",\n            letter: '{}',\n            code: '{c}',\n            category: Virtual,\n            count: 1,\n            fendable: true,\n            moves: [Slide(dirs: Forward, max: Some(1))],\n        ),\n", c.to_ascii_lowercase())
        })
        .collect();
    let src = edited(
        veney_rules::piece_set::STANDARD_SET,
        "    pieces: [\n",
        &format!("    pieces: [\n{extra}"),
    );
    let r = veney_rules::set_check::check(Path::new("many.ron"), &src);
    let e = r
        .errors
        .iter()
        .find(|e| e.message.contains("at most 16 are supported"))
        .unwrap_or_else(|| panic!("{:?}", r.errors));
    // Said alone: the pieces' own checks, each looking up the others in the text, are not run
    // past it (a review found a file of 2,000 pieces taking seconds to check; their letters
    // here, clashing with the standard pieces', went unsaid).
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    let line = src
        .lines()
        .position(|l| l.starts_with("    pieces:"))
        .unwrap()
        + 1;
    assert_eq!(
        (e.location.line, e.location.col),
        (line, 5),
        "{}",
        e.message
    );
}

#[test]
fn no_repeat_direction_is_for_one_piece_of_the_set() {
    // SETS.md: `no_repeat_direction` forbids "the direction of the piece's previous ordinary
    // slide", kept once a side in the position (`dir=`): on one Lantern it is the piece's, on
    // two it would be either's (a review found the second Lantern refused the first's).
    let lantern = |count: &str| {
        let once = edited(
            veney_rules::piece_set::STANDARD_SET,
            "Slide(dirs: All, min: 2),",
            "Slide(dirs: All, min: 2, no_repeat_direction: true),",
        );
        let i = once.find("name: \"Lantern\"").unwrap();
        let (head, tail) = once.split_at(i);
        format!("{head}{}", tail.replacen("count: 1,", count, 1))
    };
    let one = veney_rules::set_check::check(Path::new("one.ron"), &lantern("count: 1,"));
    assert!(one.errors.is_empty(), "{:?}", one.errors);
    let two = lantern("count: 2,");
    let r = veney_rules::set_check::check(Path::new("two.ron"), &two);
    let e = r
        .errors
        .iter()
        .find(|e| {
            e.message
                .contains("no_repeat_direction is remembered once a side")
        })
        .unwrap_or_else(|| panic!("{:?}", r.errors));
    assert!(e.message.contains("\"Lantern\" (count 2)"), "{}", e.message);
    let line = two
        .lines()
        .position(|l| l.contains("no_repeat_direction: true"))
        .unwrap()
        + 1;
    assert_eq!(e.location.line, line, "{}", e.message);
}

/// docs/SETS.md: check-set reports "every error as `file:line:col: what was found: what was
/// expected`". A set saved in another encoding than UTF-8 (Windows-1252's `é` is the byte
/// 0xE9) is refused at the byte's line and column, saying how to mend it (a review found only
/// "stream did not contain valid UTF-8" at 1:1, and no place at all on loading).
#[test]
fn a_set_not_in_utf8_is_refused_at_the_byte() {
    let mut bytes = veney_rules::piece_set::STANDARD_SET.as_bytes().to_vec();
    let card = veney_rules::piece_set::STANDARD_SET
        .find("card: \"")
        .unwrap()
        + 7;
    let line = veney_rules::piece_set::STANDARD_SET[..card]
        .matches('\n')
        .count()
        + 1;
    let col = veney_rules::piece_set::STANDARD_SET[..card]
        .rsplit('\n')
        .next()
        .unwrap()
        .chars()
        .count()
        + 1;
    bytes.insert(card, 0xE9);
    let dir = std::env::temp_dir().join(format!("veney-set-encoding-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.ron");
    std::fs::write(&path, &bytes).unwrap();
    let r = check_file(&path);
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    let e = &r.errors[0];
    assert_eq!((e.location.line, e.location.col), (line, col), "{e}");
    assert!(
        e.message.contains("0xE9") && e.message.contains("UTF-8"),
        "{e}"
    );
    // Loading names the same place.
    match veney_rules::PieceSet::load(&path) {
        Err(veney_rules::LoadError::Data(d)) => {
            assert_eq!((d[0].location.line, d[0].location.col), (line, col))
        }
        other => panic!("loaded or another error: {:?}", other.err()),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Role combinations that break a game: a Self that is a blade (thrown, cast or disarmed, it
/// would leave the board without checkmate, §2.0.03) and an engagement that is an armament (the
/// Self's step onto it both a stepping stone and a concert lift, two moves written alike) are
/// refused at the role (a review found both accepted, a thrown Self lost and `SY5` ambiguous).
#[test]
fn roles_that_break_a_game_are_refused_at_the_role() {
    let std = veney_rules::piece_set::STANDARD_SET;
    for (from, to, role, words) in [
        (
            "roles: [Life],",
            "roles: [Life, Blade],",
            "Blade",
            "is the Self and cannot have role Blade",
        ),
        (
            "roles: [Engagement],",
            "roles: [Engagement, Armament],",
            "Armament",
            "is an engagement and cannot have role Armament",
        ),
    ] {
        let src = std.replacen(from, to, 1);
        assert_ne!(src, std, "{from}");
        let e = veney_rules::PieceSet::from_ron(std::path::Path::new("s.ron"), &src)
            .err()
            .unwrap_or_else(|| panic!("{to} accepted"));
        let text = e.to_string();
        assert!(text.contains(words), "{text}");
        // At the role written in that piece's roles.
        let line = src.lines().position(|l| l.contains(to)).unwrap() + 1;
        assert!(text.contains(&format!("s.ron:{line}:")), "{text}");
        let _ = role;
    }
}

/// §2.0.06: the Cloak "sits atop the blade and keeps it pinned". A capturing piece that glare or
/// Control fends off the board (a Jutsu: Presence, Intention), or that the Self's concert move
/// lifts (a concert partner), would leave the blade pinned under nothing: such a set is refused
/// at the relation, as BladeCapture with Shift is (a review found both accepted, and the game's
/// own positions then refused by the position text).
#[test]
fn a_capturing_piece_that_leaves_its_square_by_another_rule_is_refused() {
    let std = veney_rules::piece_set::STANDARD_SET;
    let cloak = "specials: [Feign, BladeCapture, ObscurantChaos],";
    for (to, words) in [
        (
            "specials: [Feign, BladeCapture, ObscurantChaos, Presence],",
            "is a Jutsu",
        ),
        (
            "specials: [Feign, BladeCapture, ObscurantChaos, Intention],",
            "is a Jutsu",
        ),
        (
            "specials: [Feign, BladeCapture, ObscurantChaos, PseudoArmament],",
            "moves in concert with the Self",
        ),
    ] {
        let src = edited(std, cloak, to);
        assert!(
            refuses(&src, words),
            "{to}: {:?}",
            veney_rules::set_check::check(Path::new("mine.ron"), &src).errors
        );
    }
    assert!(!refuses(std, "pins blades (BladeCapture) and"));
}

/// An error is placed at the field, not at the same word in a comment or the card's text above
/// it (a review found "has reserve 2 but count 1" placed in a comment).
#[test]
fn an_error_is_placed_at_its_field_not_at_a_comment() {
    let std = veney_rules::piece_set::STANDARD_SET;
    let from = "            roles: [Blade, Armament],\n            count: 1,\n";
    let to = "            roles: [Blade, Armament],\n            // The reserve below: more than the count.\n            count: 1, reserve: 2,\n";
    let src = std.replacen(from, to, 1);
    assert_ne!(src, std);
    let e = veney_rules::PieceSet::from_ron(std::path::Path::new("s.ron"), &src)
        .err()
        .expect("refused");
    let text = e.to_string();
    assert!(text.contains("reserve 2 but count 1"), "{text}");
    let line = src
        .lines()
        .position(|l| l.contains("count: 1, reserve: 2,"))
        .unwrap()
        + 1;
    assert!(text.contains(&format!("s.ron:{line}:")), "{text}");
}

/// §2.0.06's Blade Capture and the negation are relations the board and the position text hold
/// only for their own kinds: a pin by a piece without the Cloak's special, by one that also
/// Shifts (its partner would be set on the pinned blade), by the Self or an engagement, or of a
/// piece that is not a blade, is refused; so is a negation by the Self or an engagement (it
/// discards the negating piece). A review found such sets passed, and the CLI panicking or
/// writing positions its own reader refused.
#[test]
fn pins_and_negations_only_by_the_pieces_that_can_hold_them() {
    let std = veney_rules::piece_set::STANDARD_SET;
    assert!(
        veney_rules::set_check::check(Path::new("mine.ron"), std)
            .errors
            .is_empty()
    );
    let cases = [
        // The Cloak pinning the Guard, no blade.
        (
            edited(
                std,
                "\"Dagger\": BladeCapture,\n            },\n            specials: [Feign",
                "\"Dagger\": BladeCapture,\n                \"Guard\": BladeCapture,\n            },\n            specials: [Feign",
            ),
            "is not a blade",
        ),
        // A Balance pinning the Sword, with Shift and without the special.
        (
            edited(
                std,
                "specials: [Control, Shift],",
                "specials: [Control, Shift, BladeCapture],",
            )
            .replacen(
                "\"Jutsu\": Take,\n            },\n            specials: [Control, Shift, BladeCapture],",
                "\"Jutsu\": Take,\n                \"Sword\": BladeCapture,\n            },\n            specials: [Control, Shift, BladeCapture],",
                1,
            ),
            "and Shifts",
        ),
        (
            edited(
                std,
                "\"Jutsu\": Take,\n            },\n            specials: [Control, Shift],",
                "\"Jutsu\": Take,\n                \"Sword\": BladeCapture,\n            },\n            specials: [Control, Shift],",
            ),
            "has not the BladeCapture special",
        ),
        // A piece coded like the Donkey (§2.0.23), drawn `K`/`k` beside it.
        (
            edited(std, "code: 'C',", "code: 'K',"),
            "is the Donkey's",
        ),
        // The Guard's Deflect relations without its Deflection special (§2.0.09).
        (
            edited(
                std,
                "\"Guard\": Deflect,\n            },\n            specials: [Deflection],",
                "\"Guard\": Deflect,\n            },\n            specials: [],",
            ),
            "has not the Deflection special",
        ),
        // The Self pinning the Dagger, and negating the Guard.
        (
            edited(
                std,
                "attacks: {},\n            specials: [Concert, Retreat],",
                "attacks: {\"Dagger\": BladeCapture},\n            specials: [Concert, Retreat],",
            ),
            "the Self or an engagement cannot hold a blade pinned",
        ),
        (
            edited(
                std,
                "attacks: {},\n            specials: [Concert, Retreat],",
                "attacks: {\"Guard\": Negate},\n            specials: [Concert, Retreat],",
            ),
            "cannot leave the board so",
        ),
        // An engagement negating the Jutsu.
        (
            edited(
                std,
                "attacks: {},\n            specials: [SteppingStone, EnPassant],",
                "attacks: {\"Jutsu\": Negate},\n            specials: [SteppingStone, EnPassant],",
            ),
            "cannot leave the board so",
        ),
    ];
    for (src, words) in cases {
        assert!(
            refuses(&src, words),
            "{words}: {:?}",
            veney_rules::set_check::check(Path::new("mine.ron"), &src).errors
        );
    }
}

/// A range constraint on the Self is measured from the Self's own square: the checker warns at
/// its field (with `measures: 0` the Self could never leave its first measure; a review found
/// it accepted unwarned).
#[test]
fn a_range_constraint_on_the_self_is_warned_of() {
    let src = veney_rules::piece_set::STANDARD_SET.replacen(
        "            name: \"Self\",\n",
        "            name: \"Self\",\n            constraint: Some(Constraint(measures: 0)),\n",
        1,
    );
    assert_ne!(src, veney_rules::piece_set::STANDARD_SET);
    let r = veney_rules::set_check::check(Path::new("self.ron"), &src);
    assert!(r.is_valid(), "{r:?}");
    let w = r
        .warnings
        .iter()
        .find(|w| w.message.contains("is the Self"))
        .unwrap_or_else(|| panic!("{:?}", r.warnings));
    let line = src
        .lines()
        .position(|l| l.contains("constraint: Some(Constraint(measures: 0))"))
        .unwrap()
        + 1;
    assert_eq!(w.location.line, line, "{w}");
    assert!(w.message.contains("measures: 0 holds it"), "{w}");
}

/// The preview of a Self its set constrains (`measures: 0`, warned of above) shows its reach
/// within that constraint as play gives it: each shown square inside the zone is played, and
/// its lunges out of its measure are outside the zone (a review found the whole board its zone,
/// refused lunges drawn at full strength).
#[test]
fn a_constrained_selfs_preview_is_its_reach_in_play() {
    use veney_rules::{Position, Rules, Square};
    let src = veney_rules::piece_set::STANDARD_SET.replacen(
        "            name: \"Self\",\n",
        "            name: \"Self\",\n            constraint: Some(Constraint(measures: 0)),\n",
        1,
    );
    let set = std::sync::Arc::new(
        veney_rules::piece_set::PieceSet::from_ron(Path::new("selfc.ron"), &src).unwrap(),
    );
    let me = set.by_name("Self").unwrap();
    let x2 = Square::parse("X2").unwrap();
    let p = veney_rules::set_check::preview(&set, me, x2, 0, x2);
    assert_ne!(p.zone, veney_rules::Bitboard::FULL, "its own constraint");
    let rules = Rules::with_sets([set.clone(), set], Default::default()).unwrap();
    let pos =
        Position::from_text(&rules, "1s2/4/4/4/4/4/4/4/4/4/4/4/4/4/1S2/4 w EEEE/eeee").unwrap();
    let mut played = veney_rules::Bitboard::EMPTY;
    for a in pos.legal_actions(&rules) {
        if let veney_rules::Action::Move(m) = a
            && m.from == x2
        {
            played.set(m.to);
        }
    }
    let shown = (p.both | p.moves) & p.zone;
    assert!(shown.any() && played.any());
    assert_eq!(
        shown, played,
        "shown within the zone {shown:?}, played {played:?}"
    );
}

/// "An `Inert` piece attacks nothing" (docs/SETS.md): a Ruin whose moves may attack
/// (`Anywhere()`, mode `Both`) is previewed as moving only, and one whose moves only attack
/// (`AttackOnly`) as reaching nothing, as play has it (a review found them drawn as attacks).
#[test]
fn an_inert_pieces_preview_shows_no_attack() {
    use veney_rules::{Bitboard, Square};
    let std = veney_rules::piece_set::STANDARD_SET;
    let load = |src: &str| {
        veney_rules::piece_set::PieceSet::from_ron(Path::new("inert.ron"), src).unwrap()
    };
    let x6 = Square::parse("X6").unwrap();
    let life = Square::parse("X4").unwrap();
    let both = load(&edited(std, "Anywhere(mode: MoveOnly),", "Anywhere(),"));
    let ruin = both.by_name("Ruin").unwrap();
    let p = veney_rules::set_check::preview(&both, ruin, x6, 0, life);
    assert!(p.moves.any(), "it moves");
    assert_eq!((p.both, p.attacks), (Bitboard::EMPTY, Bitboard::EMPTY));
    let only = load(&edited(
        std,
        "Anywhere(mode: MoveOnly),",
        "Anywhere(mode: AttackOnly),",
    ));
    let p = veney_rules::set_check::preview(&only, ruin, x6, 0, life);
    assert_eq!(
        (p.both, p.moves, p.attacks),
        (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY)
    );
    // The control: the standard Ruin moves only.
    let p = veney_rules::set_check::preview(&load(std), ruin, x6, 0, life);
    assert!(p.moves.any() && p.attacks.is_empty());
    // The set check warns of both, at the Ruin's `moves`; the standard set, of neither.
    for to in ["Anywhere(),", "Anywhere(mode: AttackOnly),"] {
        let src = edited(std, "Anywhere(mode: MoveOnly),", to);
        let r = veney_rules::set_check::check(Path::new("inert.ron"), &src);
        assert!(r.is_valid(), "{r:?}");
        let w = r
            .warnings
            .iter()
            .find(|w| w.message.contains("is Inert and attacks nothing"))
            .unwrap_or_else(|| panic!("{to}: {:?}", r.warnings));
        let ruin_at = src.find("name: \"Ruin\"").unwrap();
        let moves_line = src[..ruin_at].lines().count()
            + src[ruin_at..]
                .lines()
                .position(|l| l.trim_start().starts_with("moves:"))
                .unwrap();
        assert_eq!(w.location.line, moves_line, "{w}");
    }
    let r = veney_rules::set_check::check(Path::new("std.ron"), std);
    assert!(
        !r.warnings.iter().any(|w| w.message.contains("is Inert")),
        "{:?}",
        r.warnings
    );
}

/// A small army (Self, Sword, four engagements) and one more piece, `extra`, on W4.
fn mini_set(extra: &str) -> String {
    format!(
        r#"PieceSet(
    name: "Mini",
    description: "x",
    pieces: [
        Piece(
            name: "Self", letter: 'S', code: 'S', category: Critical, roles: [Life],
            count: 1, fendable: false, withdraw: Never,
            moves: [Leap(offsets: [(1, 0), (1, 1)], symmetry: All)],
            specials: [Concert],
        ),
        Piece(
            name: "Sword", letter: '$', code: 'W', category: Critical, roles: [Blade, Armament],
            count: 1, fendable: false, withdraw: Never,
            moves: [Slide(dirs: All, jump: OwnExceptSelf)],
            attacks: {{ "Self": Checkmate, "Sword": Disarm }},
        ),
        Piece(
            name: "Engagement", letter: 'e', code: 'E', category: Virtual, roles: [Engagement],
            count: 4, fendable: true,
            moves: [
                Slide(dirs: Forward, max: Some(1), mode: MoveOnly),
                Leap(offsets: [(1, 1)], symmetry: LeftRight, mode: AttackOnly),
            ],
            specials: [SteppingStone, EnPassant],
        ),
        {extra}
    ],
    setup: Some({{ "W4": "Extra", "X4": "Sword", "Y4": "Self", "W5": "Engagement",
                  "X5": "Engagement", "Y5": "Engagement", "Z5": "Engagement" }}),
)"#
    )
}

/// §2.0.06: the Cloak "sits atop the blade and keeps it pinned". A relation may name a standard
/// piece the set lacks (an army may meet the standard one): pinning it is refused unless it is
/// one of the standard blades, the Sword or the Dagger (a review found a Cloak-like piece's
/// `"Guard": BladeCapture` passed in a set without a Guard, the standard Guard then pinned in
/// play and the position text refusing what the game had played).
#[test]
fn a_pin_of_a_standard_piece_the_set_lacks_is_refused_unless_a_blade() {
    let pinner = |target: &str| {
        mini_set(&format!(
            r#"Piece(
            name: "Extra", letter: 'C', code: 'C', category: Technical,
            count: 1, fendable: true,
            moves: [Leap(offsets: [(1, 2)])],
            attacks: {{ "{target}": BladeCapture }},
            specials: [BladeCapture],
        ),"#
        ))
    };
    assert!(refuses(&pinner("Guard"), "\"Guard\" is not a blade"));
    for blade in ["Dagger", "Sword"] {
        let r = veney_rules::set_check::check(Path::new("mine.ron"), &pinner(blade));
        assert!(r.errors.is_empty(), "{blade}: {:?}", r.errors);
    }
}

/// The same across the board (§2.0.06): the standard Cloak pins the other army's "Dagger", and
/// an army whose "Dagger" is no blade cannot meet it — refused when the armies are put together,
/// naming both (a review found the non-blade pinned in play).
#[test]
fn an_army_whose_piece_the_other_pins_is_no_blade_cannot_meet_it() {
    let dir = std::env::temp_dir().join(format!("veney-pin-non-blade-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let odd = dir.join("odd.ron");
    let text = mini_set(
        r#"Piece(
            name: "Extra", letter: 'D', code: 'D', category: Technical,
            count: 1, fendable: false,
            moves: [Leap(offsets: [(1, 0), (1, 1)], symmetry: All)],
            attacks: { "Self": Never },
        ),"#,
    )
    .replace("\"Extra\"", "\"Dagger\"");
    std::fs::write(&odd, text).unwrap();
    let alone = veney_rules::set_check::check_file(&odd);
    assert!(alone.is_valid(), "{:?}", alone.errors);
    let e = veney_rules::Rules::load_parts(Some(&odd), None, None, None)
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("Standard's \"Cloak\" meets Mini's \"Dagger\" with BladeCapture")
            && e.contains("is not a blade"),
        "{e}"
    );
}

/// An army valid alone that cannot meet the standard one is warned of, with what keeps them
/// apart: a Self named "Dagger" is what the standard Sword disarms, not a checkmate (§2.0.03
/// Taking: "Self is taken directly, as checkmate"; a review found `check-set` calling it valid,
/// every game against the standard army then refused).
#[test]
fn an_army_that_cannot_meet_the_standard_one_is_warned_of() {
    let text = mini_set(
        r#"Piece(
            name: "Extra", letter: 'J', code: 'J', category: Technical,
            count: 1, fendable: true,
            moves: [Leap(offsets: [(1, 0), (1, 1)], symmetry: All)],
        ),"#,
    );
    let fine = veney_rules::set_check::check(Path::new("mine.ron"), &text);
    assert!(
        fine.errors.is_empty() && fine.warnings.is_empty(),
        "{fine:?}"
    );
    let renamed = text
        .replace("name: \"Self\"", "name: \"Dagger\"")
        .replace("\"Y4\": \"Self\"", "\"Y4\": \"Dagger\"")
        .replace("\"Self\": Checkmate", "\"Dagger\": Checkmate");
    let r = veney_rules::set_check::check(Path::new("mine.ron"), &renamed);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert!(
        r.warnings.iter().any(|w| w.message.contains(
            "cannot meet the standard one: Standard's \"Sword\" meets Mini's \"Dagger\""
        )),
        "{:?}",
        r.warnings
    );
}

/// A Lunge distance beyond the board is refused, as a Slide's max is (a review found
/// `Lunge(forward: [255, …])` taken without a word).
#[test]
fn a_lunge_beyond_the_board_is_refused() {
    let std = veney_rules::piece_set::STANDARD_SET;
    let long = edited(
        std,
        "Lunge(forward: [4, 3, 2, 1]",
        "Lunge(forward: [16, 3, 2, 1]",
    );
    assert!(refuses(
        &long,
        "a Lunge distance above 15 is beyond the board"
    ));
    let edge = edited(
        std,
        "Lunge(forward: [4, 3, 2, 1]",
        "Lunge(forward: [15, 3, 2, 1]",
    );
    assert!(!refuses(&edge, "beyond the board"));
}

/// docs/SETS.md: "the checker reports a mismatch at the piece's `count`" — its own, whatever the
/// order of its fields (RON allows any): a Cloak whose `count` comes before its name is placed
/// there, not at the next piece's `count` (a review found the Balance's line named).
#[test]
fn a_count_before_the_name_is_placed_at_its_own_piece() {
    let std = veney_rules::piece_set::STANDARD_SET;
    let moved = edited(
        &edited(
            std,
            "            name: \"Cloak\",\n",
            "            count: 2, name: \"Cloak\",\n",
        ),
        "            code: 'C',\n            category: Technical,\n            count: 1,\n",
        "            code: 'C',\n            category: Technical,\n",
    );
    let r = veney_rules::set_check::check(Path::new("order.ron"), &moved);
    let e = r
        .errors
        .iter()
        .find(|e| e.message.contains("Cloak") && e.message.contains("expected the count to fit"))
        .unwrap_or_else(|| panic!("{:?}", r.errors));
    let line = moved
        .lines()
        .position(|l| l.contains("count: 2, name: \"Cloak\""))
        .unwrap()
        + 1;
    assert_eq!((e.location.line, e.location.col), (line, 13), "{e}");
}

/// docs/SETS.md: "see its reach drawn as in play" — a Self whose moves are relational leaps
/// (`FromSelf`, §2.0.23 Custom Rules) leaps from its own square, and the preview (`show-piece`,
/// the workshop) shows those squares as play gives them (a review found none shown).
#[test]
fn a_selfs_relational_leaps_are_previewed_as_played() {
    use veney_rules::{Position, Rules, Square};
    let std = veney_rules::piece_set::STANDARD_SET;
    let src = edited(
        std,
        "Leap(offsets: [(1, 0), (1, 1)], symmetry: All),",
        "FromSelf(offsets: [(1, 0), (1, 1)], symmetry: All),",
    );
    let set = std::sync::Arc::new(
        veney_rules::piece_set::PieceSet::from_ron(Path::new("fromself.ron"), &src).unwrap(),
    );
    let me = set.by_name("Self").unwrap();
    let y4 = Square::parse("Y4").unwrap();
    let p = veney_rules::set_check::preview(&set, me, y4, 0, y4);
    let shown = p.both | p.moves | p.attacks;
    // In play, from the start: the Self's moves onto empty squares around Y4.
    let rules = Rules::with_sets([set.clone(), set], Default::default()).unwrap();
    let start = Position::start(&rules);
    let mut played = veney_rules::Bitboard::EMPTY;
    for a in start.legal_actions(&rules) {
        if let veney_rules::Action::Move(m) = a
            && m.from == y4
        {
            played.set(m.to);
        }
    }
    assert!(played.any(), "the Self moves in play");
    for sq in played {
        assert!(shown.contains(sq), "{sq} played but not shown");
    }
}

/// docs/SETS.md: a piece's moves "each adds squares". Two `Anywhere` moves, one moving and one
/// attacking, reach empty squares and attack both (a review found the second dropped: a piece
/// that only moved, or only attacked, whichever came first).
#[test]
fn two_anywhere_moves_of_different_modes_add_up() {
    use veney_rules::Square;
    for moves in [
        "Anywhere(mode: MoveOnly), Anywhere(mode: AttackOnly)",
        "Anywhere(mode: AttackOnly), Anywhere(mode: MoveOnly)",
    ] {
        let src = mini_set(&format!(
            r#"Piece(
            name: "Extra", letter: 'P', code: 'P', category: Technical,
            count: 1, fendable: true,
            moves: [{moves}],
        ),"#
        ));
        let set = veney_rules::piece_set::PieceSet::from_ron(Path::new("two.ron"), &src)
            .unwrap_or_else(|e| panic!("{moves}: {e}"));
        let extra = set.by_name("Extra").unwrap();
        let x6 = Square::parse("X6").unwrap();
        let p = veney_rules::set_check::preview(&set, extra, x6, 0, Square::parse("Y4").unwrap());
        assert!(
            p.both.contains(Square::parse("X7").unwrap()),
            "{moves}: {p:?}"
        );
    }
}

/// `show-piece`'s key: "`*` move or attack, `m` move only, `x` attack only". A square one move
/// enters and another attacks is both (a review found X7 drawn "move only" for a piece that
/// steps there and fends there in play).
#[test]
fn a_square_entered_by_one_move_and_attacked_by_another_is_move_or_attack() {
    use veney_rules::Square;
    let src = mini_set(
        r#"Piece(
            name: "Extra", letter: 'P', code: 'P', category: Technical,
            count: 1, fendable: true,
            moves: [
                Slide(dirs: Orthogonal, max: Some(1), mode: MoveOnly),
                Leap(offsets: [(0, 1)], symmetry: None, mode: AttackOnly),
            ],
        ),"#,
    );
    let set = veney_rules::piece_set::PieceSet::from_ron(Path::new("mix.ron"), &src).unwrap();
    let extra = set.by_name("Extra").unwrap();
    let sq = |s: &str| Square::parse(s).unwrap();
    let p = veney_rules::set_check::preview(&set, extra, sq("X6"), 0, sq("Y4"));
    assert!(p.both.contains(sq("X7")), "{p:?}");
    assert!(!p.moves.contains(sq("X7")) && !p.attacks.contains(sq("X7")));
    assert!(p.moves.contains(sq("W6")), "sideways it only moves");
}

/// Every error is placed at file:line:col (docs/SETS.md): a bad set name written after the
/// pieces is placed at the set's own `name`, not at the first piece's (a review found the Self's).
#[test]
fn a_bad_set_name_after_the_pieces_is_placed_at_the_sets_name() {
    let src = mini_set("")
        .replacen("    name: \"Mini\",\n", "", 1)
        .replacen("    setup:", "    name: \"Mi/ni\",\n    setup:", 1);
    let r = veney_rules::set_check::check(Path::new("late.ron"), &src);
    let e = r
        .errors
        .iter()
        .find(|e| e.message.contains("the set's name"))
        .unwrap_or_else(|| panic!("{:?}", r.errors));
    let line = src
        .lines()
        .position(|l| l.contains("name: \"Mi/ni\""))
        .unwrap()
        + 1;
    assert_eq!((e.location.line, e.location.col), (line, 5), "{e}");
}
