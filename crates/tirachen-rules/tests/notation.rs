//! The notation (docs/rulings/tirachen.md, "Notation"): examples, errors that say where and why,
//! and that no input makes the reader panic.
mod common;
use common::*;
use game_api::{Actor, Game};
use rand::{Rng, SeedableRng};
use tirachen_rules::{Action, Kind, Masters};

#[test]
fn every_kind_of_action_is_written_and_read_back() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/4*4/9/4C4/3p5/4G4 r mm FP2/- - 0");
    let cases = [
        ("Ce3-e4", Action::step(sq("e3"), sq("e4"))),
        ("Ce3xe5", Action::step(sq("e3"), sq("e5"))),
        (
            "Ce3xe5=T",
            Action::Move {
                from: sq("e3"),
                to: sq("e5"),
                control: true,
            },
        ),
        ("Ge1xd2", Action::step(sq("e1"), sq("d2"))),
        (
            "P@d1",
            Action::Place {
                kind: Kind::Pike,
                to: sq("d1"),
            },
        ),
        (
            "F@a3",
            Action::Place {
                kind: Kind::Fort,
                to: sq("a3"),
            },
        ),
        ("mob", Action::Mobilise),
        ("-", Action::Decline),
        ("S3A3W3", Action::Choose(Masters::new(3, 3, 3).unwrap())),
        ("S0A0W9", Action::Choose(Masters::new(0, 0, 9).unwrap())),
    ];
    for (text, a) in cases {
        assert_eq!(g.parse_action(&s, text), Ok(a), "{text}");
        assert_eq!(g.action_text(&s, a), text);
    }
}

#[test]
fn errors_say_where_and_why() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/4*4/9/4C4/3p5/4G4 r mm FP2/- - 0");
    let cases: [(&str, usize, &str); 14] = [
        ("", 1, "empty"),
        ("Xe3-e4", 1, "piece letter"),
        ("Ce3e4", 4, "`-`"),
        ("Cj3-e4", 2, "file a–i"),
        ("Ce3-e0", 5, "rank 1–9"),
        ("Ce3-e4+", 7, "`=T`"),
        ("Pe3-e4", 1, "Commander"),
        ("Ce3xe4", 4, "empty"),
        ("Ce3-e5", 4, "occupied"),
        // Onto its own General: not sent to write `x`, which would be refused too.
        ("Ce3-e1", 4, "your own piece"),
        // A move onto its own square goes nowhere (not "occupied").
        ("Ce3-e3", 5, "leaves its square"),
        ("S3A3W4", 1, "total 9"),
        ("S3A3X3", 5, "`W`"),
        ("P@d1x", 5, "nothing may follow"),
    ];
    for (text, col, why) in cases {
        let e = g.parse_action(&s, text).expect_err(text);
        assert_eq!(e.col, col, "{text}: {e}");
        assert!(e.why.contains(why), "{text}: {e}");
    }
}

/// Feeds random strings, and valid texts with random changes, to the action reader: it must
/// answer (either way) without panicking. What it accepts is checked too. The reader checks only
/// the form ("Reading checks the letter against the piece on the square and `x`/`-` against the
/// target", rulings "Notation"); whether the action is legal is the rules' to say. So an accepted
/// action is either legal — its own text reads back to it and playing it keeps the invariants —
/// or refused by a named rule of the text ("Tirachen: …"), never by the catch-all.
#[test]
fn the_reader_never_panics() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/4*4/9/4C4/3p5/4G4 r mm FP2/- - 0");
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let alphabet: Vec<char> = "GFCSAWPTgx-@=*?/0123456789abcdefghijmo é\u{1F600}\0"
        .chars()
        .collect();
    let valid = ["Ce3-e4", "Ce3xe5=T", "P@d1", "mob", "-", "S3A3W3"];
    let now = legal(&g, &s);
    let me = Actor::Player(mover(&g, &s));
    let (mut accepted_legal, mut accepted_refused) = (0u32, 0u32);
    for i in 0..20_000 {
        let text = fuzz_text(&mut rng, &alphabet, &valid, i, 2, 12, 1..4);
        match g.parse_action(&s, &text) {
            Ok(a) if now.contains(&a) => {
                accepted_legal += 1;
                let written = g.action_text(&s, a);
                assert_eq!(
                    g.parse_action(&s, &written),
                    Ok(a),
                    "{text:?} written as {written:?}"
                );
                let mut t = s;
                g.apply(&mut t, me, a);
                g.check_invariants(&t)
                    .unwrap_or_else(|e| panic!("{text:?}: {e}"));
            }
            Ok(a) => {
                accepted_refused += 1;
                let r = g.refusal(&s, me, a);
                assert!(
                    r.rule.starts_with("Tirachen: ") && !r.why.is_empty(),
                    "{text:?} accepted, refused by {r:?}"
                );
            }
            Err(e) => assert!(
                e.col >= 1 && e.col <= text.chars().count() + 1,
                "{text:?}: {e}"
            ),
        }
    }
    assert!(
        accepted_legal > 0 && accepted_refused > 0,
        "accepted: {accepted_legal} legal, {accepted_refused} refused"
    );
    // Raw bytes, as lossy text.
    for _ in 0..5_000 {
        let n = rng.random_range(0..10);
        let bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
        let _ = g.parse_action(&s, &String::from_utf8_lossy(&bytes));
    }
}

/// Turns are numbered in pairs from the first player's (option `First`, ruling "Who moves
/// first"): with White first, White's choice of masters is `1.` and Red's `1...` — a review found
/// the record numbered `1... S3A3W3; 2. S3A3W3, P@e8;` as if White played second. From a
/// position where the second player decides, the record opens at `1...`.
#[test]
fn a_game_white_opens_is_numbered_from_whites_turn() {
    use game_api::{AnyMatch, Match, Viewer};
    use std::sync::Arc;
    use tirachen_rules::{Side, Tirachen, TirachenOptions};
    let g = Arc::new(Tirachen::new(TirachenOptions {
        first: Side::White,
        ..TirachenOptions::default()
    }));
    let mut m = Match::new(g.clone(), 1);
    for t in ["S3A3W3", "S3A3W3", "P@e8", "P@e2"] {
        m.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    let record = m.record(Viewer::Referee);
    assert!(
        record.starts_with("1. S3A3W3, S3A3W3;") && record.contains("2. P@e8, P@e2"),
        "{record}"
    );
    assert_eq!(AnyMatch::turn_label(&m, 0), "1.");
    assert_eq!(AnyMatch::turn_label(&m, 1), "1...");
    // The default, Red first: unchanged.
    let red = Arc::new(Tirachen::default());
    let mut m = Match::new(red, 1);
    for t in ["S3A3W3", "S3A3W3"] {
        m.play_text(t).unwrap();
    }
    assert!(m.record(Viewer::Referee).starts_with("1. S3A3W3, S3A3W3"));
}

/// Secret masters are the first pair of turns: a game begun where Red has sealed and White has
/// not opens at `1...` with White's seal, Red's first deployment then `2.` (a review found every
/// Red turn numbered `N...` after it).
#[test]
fn a_game_begun_between_the_two_seals_is_numbered_from_the_second() {
    use game_api::{Game as _, Match, Viewer};
    use std::sync::Arc;
    use tirachen_rules::{MasterChoice, Tirachen, TirachenOptions};
    let g = Arc::new(Tirachen::new(TirachenOptions {
        masters: MasterChoice::Secret,
        ..TirachenOptions::default()
    }));
    let start = g
        .parse_playable("4g4/9/9/9/4*4/9/9/9/4G4 r dc FCS3A3W3P9/fcp9 - 0")
        .unwrap();
    let mut m = Match::from_state(g.clone(), start, 1);
    for t in ["2|S3A3W3", "P@e2", "P@e8", "P@d2"] {
        m.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    let record = m.record(Viewer::Referee);
    assert!(
        record.starts_with("1... 2|S3A3W3; 2. P@e2, P@e8; 3. P@d2"),
        "{record}"
    );
}

/// The same with White sealed and Red, the first player, still to seal: Red's seal is the
/// pair's second (`1...`), its first move `2.` (a review found every Red turn numbered `N...`,
/// every White reply `N.`, here too).
#[test]
fn a_game_begun_with_the_first_players_seal_to_come_is_numbered_from_the_second() {
    use game_api::{AnyMatch, Game as _, Match, Viewer};
    use std::sync::Arc;
    use tirachen_rules::{MasterChoice, Tirachen, TirachenOptions};
    let g = Arc::new(Tirachen::new(TirachenOptions {
        masters: MasterChoice::Secret,
        ..TirachenOptions::default()
    }));
    let start = g
        .parse_playable("4g4/9/9/9/4*4/9/9/9/4G4 r cd FCP9/fcs3a3w3p9 - 0")
        .unwrap();
    let mut m = Match::from_state(g.clone(), start, 1);
    for t in ["1|S3A3W3", "Ge1-d1", "Ge9-d9"] {
        m.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    let record = m.record(Viewer::Referee);
    assert!(
        record.starts_with("1... 1|S3A3W3; 2. Ge1-d1, Ge9-d9"),
        "{record}"
    );
    assert_eq!(AnyMatch::turn_label(&m, 1), "2.");
}

/// A sealed choice's `seat|` where no choice is sealed (Masters open: Red chooses openly) is
/// said to be that, not read as Tirachen's notation blaming the digit (a review found
/// "`1`: an action starts with a piece letter").
#[test]
fn a_seat_prefix_outside_a_sealed_round_is_named() {
    let mut m = game_api::Match::new(std::sync::Arc::new(tirachen_rules::Tirachen::default()), 0);
    let e = m.play_text("1|S3A3W3").unwrap_err().to_string();
    assert!(e.contains("marks a sealed choice"), "{e}");
    m.play_text("S3A3W3").unwrap();
}

/// "The board is a 9x9 grid": a square of rank 10 is named as no square, at its column — not
/// read as rank 1 with a stray `0` another rule then blames (a review found `Ce8-e10` refused
/// for `=T`, `P@d10` for what may follow a placement).
#[test]
fn a_rank_of_two_digits_is_no_square() {
    let g = tirachen_rules::Tirachen::default();
    let s = game_api::Game::parse_position(&g, "4g4/4C4/9/9/4*4/9/9/9/4G4 r mm P/p - 0").unwrap();
    for (text, col) in [("Ce8-e10", 5), ("P@d10", 3), ("Ce10-e9", 2)] {
        let e = game_api::Game::parse_action(&g, &s, text).unwrap_err();
        assert!(
            e.why.contains("a square is a file a–i and a rank 1–9"),
            "{text}: {e}"
        );
        assert_eq!(e.col, col, "{text}: {e}");
    }
}

/// A save whose start is under `[Position]` (Veney's records' name for it) resumes from that
/// position, as the command line's `replay` reads it — a review found the app's Load and Resume
/// starting it from the standard start, its moves then refused.
#[test]
fn a_saves_position_header_is_its_start() {
    use game_api::{Game as _, Match, Viewer};
    use std::sync::Arc;
    let g = Arc::new(tirachen_rules::Tirachen::default());
    let start = "4g4/9/9/9/4*4/9/9/9/4G4 r mm -/- - 0";
    let mut m = Match::from_state(g.clone(), g.parse_playable(start).unwrap(), 0);
    m.play_text("Ge1-d1").unwrap();
    let saved = m.save_text(Viewer::Referee);
    assert!(saved.contains("[Start \""), "{saved}");
    let renamed = saved.replace("[Start \"", "[Position \"");
    let back = Match::load_text(g.clone(), &renamed).unwrap_or_else(|e| panic!("{e}\n{renamed}"));
    assert_eq!(back.state(), m.state());
    assert_eq!(back.history().len(), 1);
}

/// A save whose `[Final]` does not read is refused as that, at its line and column — not told
/// that its record replays to another position (a review found the moves blamed).
#[test]
fn a_final_position_that_does_not_read_is_named() {
    use game_api::{Match, SaveError};
    use std::sync::Arc;
    let g = Arc::new(tirachen_rules::Tirachen::default());
    let text = "[Game \"Tirachen\"]\n[Final \"4g4/9/9/9/4*4/9/9/9/4G4 q cc FCP9/fcp9 - 0\"]\n";
    match Match::load_text(g, text) {
        Err(SaveError::Text(e)) => {
            assert_eq!(e.line, 2, "{e}");
            assert!(e.why.contains("the final position does not read"), "{e}");
            assert_eq!(e.col, 8 + "4g4/9/9/9/4*4/9/9/9/4G4 ".len() + 1, "{e}");
        }
        other => panic!("{other:?}"),
    }
}
