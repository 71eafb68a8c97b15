//! Notation: every legal action reads back from its text; errors say where and why; a seeded fuzz
//! of random and mutated texts never panics.
mod common;
use common::*;
use game_api::{Actor, Game};
use kelasu_rules::{Action, Side};
use rand::{Rng, SeedableRng, rngs::StdRng};

#[test]
fn texts_of_each_kind() {
    let g = game();
    let s = pos("E4:D F5:g J3:W C3:B C4:B A0:S A1:S j9:s j0:w", Side::Blue);
    let texts: Vec<String> = legal(&g, &s)
        .into_iter()
        .map(|a| g.action_text(&s, a))
        .collect();
    for t in ["E4%F5", "J3@A3", "W=C3/C4", "W=C4/C3", "C3-D3", "E4-E3"] {
        assert!(texts.contains(&t.to_string()), "{t} not in {texts:?}");
    }
    let s = pos("E4:G F5:g A0:S j9:s j0:w", Side::Blue);
    assert_eq!(
        g.parse_action(&s, "E4xF5").unwrap(),
        Action::Move {
            from: sq("E4"),
            to: sq("F5")
        }
    );
    // The capture mark in either case, as squares are read (`E4XF5`).
    assert_eq!(
        g.parse_action(&s, "E4XF5").unwrap(),
        g.parse_action(&s, "E4xF5").unwrap()
    );
    assert_eq!(g.parse_action(&s, "E4XE5").unwrap_err().col, 3);
    let e = g.parse_action(&s, "E4-F5").unwrap_err();
    assert_eq!(e.col, 3);
    let e = g.parse_action(&s, "E4xE5").unwrap_err();
    assert!(e.why.contains("empty"), "{e}");
    let e = g.parse_action(&s, "K4-E5").unwrap_err();
    assert_eq!(e.col, 1);
    let e = g.parse_action(&s, "E4-E").unwrap_err();
    assert_eq!(e.col, 4);
    let e = g.parse_action(&s, "E4?E5").unwrap_err();
    assert_eq!(e.col, 3);
    let e = g.parse_action(&s, "Q=E4/E5").unwrap_err();
    assert_eq!(e.col, 1);
    let e = g.parse_action(&s, "W=E4/E5+E5").unwrap_err();
    assert!(e.why.contains("already"), "{e}");
    let e = g.parse_action(&s, "E4-A4x").unwrap_err();
    assert_eq!(e.col, 6);
    // Legal-looking but illegal: says which rule.
    let e = g.parse_action(&s, "A0-B0").unwrap_err();
    assert!(e.why.contains("Stones cannot move"), "{e}");
}

/// Rulings, Notation: "Reading checks the action is legal in the position (`x` only onto a
/// piece, `-` only onto an empty square); errors give the column and the reason, naming the
/// refusing rule for well-formed but illegal actions". A move the rules refuse is refused for
/// its rule, not told to change its mark (a review found `A1-B1` at the start told to write
/// `x`, which was then refused for the own Blank).
#[test]
fn an_illegal_move_is_refused_for_its_rule_not_its_mark() {
    let g = game();
    let s = g.start();
    let e = g.parse_action(&s, "A1-B1").unwrap_err();
    assert!(e.why.contains("your own Blank"), "{e}");
    assert!(!e.why.contains("`x`"), "{e}");
    let e = g.parse_action(&s, "I0-H0").unwrap_err();
    assert!(e.why.contains("Red's"), "{e}");
    // A legal capture written with `-` is still told its mark, at the mark.
    let s = pos("E4:G F5:g A0:S j9:s j0:w", Side::Blue);
    let e = g.parse_action(&s, "E4-F5").unwrap_err();
    assert!(e.why.contains("a capture is written with `x`"), "{e}");
    assert_eq!(e.col, 3);
}

#[test]
fn every_legal_action_round_trips_in_random_positions() {
    let g = game();
    let mut rng = StdRng::seed_from_u64(7);
    let mut n = 0;
    for _ in 0..60 {
        let mut s = g.start();
        for _ in 0..rng.random_range(0..300) {
            let l = legal(&g, &s);
            if l.is_empty() {
                break;
            }
            for &a in &l {
                let t = g.action_text(&s, a);
                assert_eq!(
                    g.parse_action(&s, &t),
                    Ok(a),
                    "{t} in {}",
                    g.position_text(&s)
                );
                n += 1;
            }
            let a = l[rng.random_range(0..l.len())];
            let who = Actor::Player(s.to_move().player());
            g.apply(&mut s, who, a);
        }
    }
    assert!(n > 10_000, "{n}");
}

#[test]
fn fuzz_never_panics() {
    let g = game();
    let s = {
        let mut s = g.start();
        play(&g, &mut s, "B3-C3 B4-C4");
        s
    };
    let alphabet: Vec<char> = "ABCDEFGHIJKabcj0123456789-x@%=/+ WRDCGSé,;"
        .chars()
        .collect();
    let seeds: Vec<String> = legal(&g, &s)
        .into_iter()
        .map(|a| g.action_text(&s, a))
        .collect();
    let mut rng = StdRng::seed_from_u64(42);
    let mut accepted = 0u32;
    for i in 0..20_000 {
        let t: String = if i % 2 == 0 {
            (0..rng.random_range(0..14))
                .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                .collect()
        } else {
            let mut c: Vec<char> = seeds[rng.random_range(0..seeds.len())].chars().collect();
            let k = rng.random_range(0..c.len().max(1));
            match rng.random_range(0..3) {
                0 if !c.is_empty() => {
                    c.remove(k);
                }
                1 => c.insert(
                    k.min(c.len()),
                    alphabet[rng.random_range(0..alphabet.len())],
                ),
                _ if !c.is_empty() => c[k] = alphabet[rng.random_range(0..alphabet.len())],
                _ => {}
            }
            c.into_iter().collect()
        };
        match g.parse_action(&s, &t) {
            Ok(a) => assert!(legal(&g, &s).contains(&a), "{t}"),
            Err(e) => assert!(
                e.col >= 1 && e.col <= t.chars().count() + 1 && !e.why.is_empty(),
                "{t}: {e:?}"
            ),
        }
        // Position text too: one to four edits of a played position's text, among them long
        // digit runs and a wide space; the column must lie in the text.
        let mut p: Vec<char> = g.position_text(&s).chars().collect();
        for _ in 0..rng.random_range(1..5) {
            let k = rng
                .random_range(0..p.len().max(1))
                .min(p.len().saturating_sub(1));
            let ch = match rng.random_range(0..8) {
                0 => '\u{3000}',
                _ => alphabet[rng.random_range(0..alphabet.len())],
            };
            match rng.random_range(0..4) {
                0 if !p.is_empty() => {
                    p.remove(k);
                }
                1 => p.insert(k.min(p.len()), ch),
                2 => {
                    for _ in 0..rng.random_range(1..25) {
                        p.insert(k.min(p.len()), '9');
                    }
                }
                _ if !p.is_empty() => p[k] = ch,
                _ => {}
            }
        }
        let p: String = p.into_iter().collect();
        match g.parse_position(&p) {
            // A text that reads is a position the rules accept, and its own text reads back to
            // the same position (as Tirachen's position fuzz checks).
            Ok(q) => {
                accepted += 1;
                g.check_invariants(&q)
                    .unwrap_or_else(|e| panic!("{p}: {e}"));
                let back = g.position_text(&q);
                assert_eq!(g.parse_position(&back), Ok(q), "{p} written as {back}");
            }
            Err(e) => assert!(
                e.col >= 1 && e.col <= p.chars().count() + 1 && !e.why.is_empty(),
                "{p}: {e:?}"
            ),
        }
    }
    assert!(accepted > 10, "only {accepted} mutated position texts read");
    // A count of empty squares too long to add up: refused, no overflow.
    let e = g
        .parse_position("B18446744073709551615/10/10/10/10/10/10/10/10/10 b 0 s - 0")
        .unwrap_err();
    assert!(e.why.contains("1 to 10"), "{e:?}");
    // A wide space between fields counts as one column.
    let e = g
        .parse_position(
            "10/10/10/10/10/10/10/10/10/10\u{3000}b\u{3000}0\u{3000}s\u{3000}-\u{3000}0\u{3000}zz",
        )
        .unwrap_err();
    assert!(e.col <= 42, "{e:?}");
}

/// A save's option header that names no valid value is reported at its line.
#[test]
fn a_bad_option_header_is_reported_at_its_line() {
    let e = kelasu_rules::KelasuOptions::from_save_text("[Game \"kelasu\"]\n[Pass \"maybe\"]\n")
        .unwrap_err();
    assert!(e.to_string().contains("line 2"), "{e}");
}

/// Rulings, Notation: "A turn in a record is its actions separated by spaces (`1. B1-C1 B3-C3
/// B4-C4 B5-C5, I4-H4 …;`)". A record's separators are checked against the turns the rules
/// count: two turns run together without their comma, or one split across a comma, are refused
/// where the record goes wrong (a review found both read as written, Red's move credited to
/// Blue's turn).
#[test]
fn a_records_turns_are_the_rules_turns() {
    use std::sync::Arc;
    let g = Arc::new(game());
    let good = "[Game \"kelasu\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5, I4-H4 I5-H5 I6-H6 I8-H8;";
    // Each side's four moves are its turn (four Stones, four energy).
    let m = game_api::Match::load_text(g.clone(), good).unwrap();
    assert_eq!(m.history().len(), 8);
    let run_together = "[Game \"kelasu\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5 I4-H4 I5-H5 I6-H6 I8-H8;";
    let e = game_api::Match::load_text(g.clone(), run_together).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("a new turn begins here"), "{text}");
    assert!(text.contains("I4-H4"), "{text}");
    let split = "[Game \"kelasu\"]\n1. B1-C1, B3-C3 B4-C4 B5-C5 I4-H4, I5-H5 I6-H6 I8-H8;";
    let e = game_api::Match::load_text(g, split).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("the turn before goes on here"), "{text}");
    assert!(text.contains("B3-C3"), "{text}");
}

/// Rulings, Notation: "A turn in a record is its actions separated by spaces". A save whose
/// record line an editor or mail client wrapped inside a turn is read as the turn it is: a
/// review found the line's end read as the turn's end, and the save refused with a reason about
/// a missing comma. A line that ends where the rules end the turn still opens the next.
#[test]
fn a_record_wrapped_inside_a_turn_reads_as_that_turn() {
    use std::sync::Arc;
    let g = Arc::new(game());
    let one_line = "[Game \"kelasu\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5, I4-H4 I5-H5 I6-H6 I8-H8;";
    let whole = game_api::Match::load_text(g.clone(), one_line).unwrap();
    let wrapped = "[Game \"kelasu\"]\n1. B1-C1 B3-C3\nB4-C4 B5-C5, I4-H4 I5-H5\n  I6-H6\nI8-H8;";
    let m = game_api::Match::load_text(g.clone(), wrapped).unwrap();
    assert_eq!(m.history().len(), 8);
    assert_eq!(g.position_text(m.state()), g.position_text(whole.state()));
    // Each turn on its own line, without the comma: the line ends where Blue's turn ends.
    let by_lines = "[Game \"kelasu\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5\nI4-H4 I5-H5 I6-H6 I8-H8;";
    let m = game_api::Match::load_text(g.clone(), by_lines).unwrap();
    assert_eq!(g.position_text(m.state()), g.position_text(whole.state()));
    // A wrong action on a wrapped line is named at its own line and column.
    let bad = "[Game \"kelasu\"]\n1. B1-C1 B3-C3\nB4-C4 B5-C9, I4-H4 I5-H5 I6-H6 I8-H8;";
    let e = game_api::Match::load_text(g.clone(), bad).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("line 3, column 7"), "{text}");
    // Wrapped right after a turn number (`2.` ending a line, or alone on one): the number opens
    // the next line's turn (a review found such a save refused, "a turn number with no action
    // after it").
    let two = "1. B1-C1 B3-C3 B4-C4 B5-C5, I4-H4 I5-H5 I6-H6 I8-H8; 2. C1-D1";
    let whole_two =
        game_api::Match::load_text(g.clone(), &format!("[Game \"kelasu\"]\n{two}")).unwrap();
    for wrapped in [
        "1. B1-C1 B3-C3 B4-C4 B5-C5, I4-H4 I5-H5 I6-H6 I8-H8; 2.\nC1-D1",
        "1. B1-C1 B3-C3 B4-C4 B5-C5, I4-H4 I5-H5 I6-H6 I8-H8;\n2.\n\nC1-D1",
    ] {
        let m = game_api::Match::load_text(g.clone(), &format!("[Game \"kelasu\"]\n{wrapped}"))
            .unwrap();
        assert_eq!(m.history().len(), 9, "{wrapped}");
        assert_eq!(
            g.position_text(m.state()),
            g.position_text(whole_two.state())
        );
    }
    // A number ending the record (the next turn's, written ahead on a score sheet) stops it
    // there, as Veney's replay reads it (a review found the whole record refused).
    let ahead = "1. B1-C1 B3-C3 B4-C4 B5-C5, I4-H4 I5-H5 I6-H6 I8-H8; 2.";
    let m = game_api::Match::load_text(g.clone(), &format!("[Game \"kelasu\"]\n{ahead}"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.history().len(), 8, "{ahead}");
    // A number with no action after it before another number is named.
    for (bad, at) in [(
        "1. B1-C1 B3-C3 B4-C4 B5-C5, I4-H4 I5-H5 I6-H6 I8-H8;\n2.\n3. C1-D1",
        "line 3, column 1",
    )] {
        let e = game_api::Match::load_text(g.clone(), &format!("[Game \"kelasu\"]\n{bad}"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("a turn number with no action after it"), "{e}");
        assert!(e.contains(at), "{e}");
    }
    // A turn number opens a turn even after an open line: Blue's turn is short, not continued.
    let numbered = "[Game \"kelasu\"]\n1. B1-C1 B3-C3\n2. B4-C4";
    let e = game_api::Match::load_text(g, numbered).unwrap_err();
    assert!(
        e.to_string().contains("the turn before goes on here"),
        "{e}"
    );
}

/// The move list numbers turns as the record does (`game_api::AnyMatch::turn_label`): in pairs,
/// `1.` Blue's and `1...` Red's, and a record opening with Red's turn from `1...` (a review
/// found the app's move list numbering each player's turn apart).
#[test]
fn turns_are_labelled_in_pairs_as_the_record_numbers_them() {
    use game_api::AnyMatch;
    use std::sync::Arc;
    let g = Arc::new(game());
    let text = "[Game \"kelasu\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5, I4-H4 I5-H5 I6-H6 I8-H8; 2. C1-D1";
    let m = game_api::Match::load_text(g.clone(), text).unwrap();
    let labels: Vec<String> = (0..3).map(|i| AnyMatch::turn_label(&m, i)).collect();
    assert_eq!(labels, ["1.", "1...", "2."]);
    let record = m.record(game_api::Viewer::Referee);
    assert!(
        record.starts_with("1. ") && record.contains("; 2. "),
        "{record}"
    );
    // From a position with Red to move, the first turn is `1...`.
    let mut red = game_api::Match::new(g.clone(), 1);
    for a in ["B1-C1", "B3-C3", "B4-C4", "B5-C5"] {
        red.play_text(a).unwrap();
    }
    let from_red = game_api::Match::from_state(g.clone(), red.state().clone(), 1);
    assert_eq!(AnyMatch::turn_label(&from_red, 0), "1...");
    assert_eq!(AnyMatch::turn_label(&from_red, 1), "2.");
}

/// A save's `[Final]` is compared as the game writes positions: one hand-edited with other
/// spacing is the same position (the command line's `replay` judges it so; a review found the
/// app's reader refusing what `replay` passed). Another position is still refused.
#[test]
fn a_final_position_is_compared_as_a_position() {
    use std::sync::Arc;
    let g = Arc::new(game());
    let mut m = game_api::Match::new(g.clone(), 1);
    for t in ["B1-C1", "B3-C3", "B4-C4", "B5-C5"] {
        m.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    let text = m.save_text(game_api::Viewer::Referee);
    let fin = text
        .lines()
        .find_map(|l| l.strip_prefix("[Final \"")?.strip_suffix("\"]"))
        .unwrap()
        .to_string();
    let spaced = fin.replace(' ', "  ");
    assert_ne!(spaced, fin);
    let edited = text.replace(&fin, &spaced);
    assert!(game_api::Match::load_text(g.clone(), &edited).is_ok());
    let other = text.replace(&fin, &fin.replacen("BBBB", "BBB1", 1));
    assert!(game_api::Match::load_text(g, &other).is_err());
}

/// An action's separator is judged before the square after it: `B1C1` lacks its `-` (column
/// 3), and `C00-D0` has a `0` where the separator goes — not "expected a square" at column 4 (a
/// review found both placed there).
#[test]
fn a_missing_separator_is_placed_at_its_column() {
    let g = game();
    let s = g.start();
    for (text, found) in [("B1C1", "C"), ("C00-D0", "0")] {
        let e = g.parse_action(&s, text).unwrap_err();
        assert_eq!((e.col, e.found.as_str()), (3, found), "{text}: {e}");
        assert!(e.why.contains("expected `-` (move)"), "{text}: {e}");
    }
}
