//! The match on the toy game `Seal` (tests/common): declared endings, resuming a save, and what
//! a viewer sees of a hidden step.
mod common;

use common::Seal;
use game_api::{AnyMatch, Declared, Match, Player, SaveError, Viewer};
use std::sync::Arc;

fn refused(text: &str) -> String {
    match Match::load_text(Arc::new(Seal), text) {
        Ok(_) => panic!("resumed: {text}"),
        Err(e) => e.to_string(),
    }
}

/// `Match::declare` "Refused when the game is already over, or names no player of this game":
/// a flag fallen for a seat the game lacks is refused as a resignation is, and seat 255 is
/// player 256 (no overflow).
#[test]
fn a_declared_ending_must_name_a_player_of_the_game() {
    let mut m = Match::new(Arc::new(Seal), 0);
    let e = m.declare(Declared::OutOfTime(Player(2))).unwrap_err();
    assert_eq!(e.to_string(), "this game has no player 3 (out of time)");
    let e = m.declare(Declared::Resigns(Player(255))).unwrap_err();
    assert_eq!(e.to_string(), "this game has no player 256 (resignation)");
    let e = m.declare(Declared::OutOfTime(Player(255))).unwrap_err();
    assert_eq!(e.to_string(), "this game has no player 256 (out of time)");
    assert_eq!(m.declared(), None);
    // A seat of the game: the flag ends it.
    m.declare(Declared::OutOfTime(Player(1))).unwrap();
    match m.decision() {
        game_api::Decision::Over(o) => assert_eq!(o.reason, "P2 out of time"),
        d => panic!("{d:?}"),
    }
}

/// A save's `[Game]` is the game's name in any case, as `veney-cli replay` reads it.
#[test]
fn a_save_names_its_game_in_any_case() {
    let m = Match::load_text(Arc::new(Seal), "[Game \"SEAL\"]\n1. 1|b1 2|b0\n").unwrap();
    assert_eq!(m.history().len(), 2);
    assert_eq!(
        refused("[Game \"Other\"]\n"),
        "save: line 1: this is a save of `Other`, not of `seal`"
    );
}

/// Each header once: a second copy is refused naming both lines, whoever reads it (a review found
/// the app's Load taking the first `[Seed]` where the CLI refused the file, and an option's error
/// placed on its last copy's line). `[Computer]` names a seat each.
#[test]
fn a_header_written_twice_is_refused_naming_both_lines() {
    let e = refused("[Game \"seal\"]\n[Seed \"1\"]\n[Seed \"2\"]\n1. 1|b1 2|b0\n");
    assert!(
        e.contains("line 3") && e.contains("a second [Seed] header (the first is on line 2)"),
        "{e}"
    );
    let e = game_api::options_from_save(
        "[Game \"seal\"]\n[Masters \"sekret\"]\n[masters \"open\"]\n",
        |_| Ok::<(), game_api::OptionsError>(()),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("line 3") && e.contains("first is on line 2"),
        "{e}"
    );
    assert!(
        Match::load_text(
            Arc::new(Seal),
            "[Game \"seal\"]\n[Computer \"1 club\"]\n[Computer \"2 club\"]\n1. 1|b1 2|b0\n"
        )
        .is_ok()
    );
    // The seats' key in any case too (a review found `[computer]` twice refused).
    assert!(
        Match::load_text(
            Arc::new(Seal),
            "[Game \"seal\"]\n[computer \"1 club\"]\n[COMPUTER \"2 club\"]\n1. 1|b1 2|b0\n"
        )
        .is_ok()
    );
}

/// A header's key is read in any case, as a second copy in another case is refused (a review
/// found a lone `[ending …]` ignored, the finished game resumed live, and `[seed …]` ignored,
/// every later roll another).
#[test]
fn a_headers_key_is_read_in_any_case() {
    let m = Match::load_text(Arc::new(Seal), "[Game \"seal\"]\n[ending \"P2 resigns\"]\n").unwrap();
    assert!(m.declared().is_some());
    let m = Match::load_text(Arc::new(Seal), "[game \"seal\"]\n[SEED \"42\"]\n").unwrap();
    assert_eq!(m.seed(), 42);
    assert!(matches!(
        Match::load_text(Arc::new(Seal), "[game \"other\"]\n"),
        Err(SaveError::Wrong(_))
    ));
}

/// A header's key is its first word, spaces before it allowed, a space or a tab after it (a
/// review found `[ Seed "42"]` refused as a value not in quotes and `[Seed\t"42"]` refused where
/// Veney's records read both); a header with no key is refused as no header.
#[test]
fn a_headers_key_may_have_spaces_before_it_and_a_tab_after_it() {
    for text in [
        "[ Game \"seal\"]\n[  Seed \"42\"]\n",
        "[Game\t\"seal\"]\n[Seed\t\"42\"]\n",
    ] {
        let m = Match::load_text(Arc::new(Seal), text).unwrap();
        assert_eq!(m.seed(), 42, "{text:?}");
    }
    let h = game_api::save_headers("[  Seed\t\"42\"]\n").unwrap();
    assert_eq!((h[0].1.as_str(), h[0].2.as_str()), ("Seed", "42"));
    let e = refused("[Game \"seal\"]\n[ \"x\"]\n");
    assert!(e.contains("a header is"), "{e}");
}

/// A byte-order mark some editors save at the start is not the first header's text.
#[test]
fn a_save_with_a_byte_order_mark_loads() {
    let m = Match::load_text(Arc::new(Seal), "\u{feff}[Game \"seal\"]\n1. 1|b1 2|b0\n").unwrap();
    assert_eq!(m.history().len(), 2);
    assert_eq!(
        game_api::save_headers("\u{feff}[Game \"seal\"]\n").unwrap()[0].1,
        "Game"
    );
}

/// `Declared::parse` reads `<player> resigns`, `<player> out of time` and `draw agreed`: a bad
/// `[Ending]` names all three forms.
#[test]
fn a_bad_ending_lists_every_ending_the_save_may_name() {
    assert_eq!(
        refused("[Game \"seal\"]\n[Ending \"P1 gives up\"]\n"),
        "save: line 2, column 10: `P1 gives up`: an ending is `P1 resigns`, `P2 resigns`, `P1 out of time`, `P2 out of time` or `draw agreed`"
    );
    // Each form named reads, in any case (a review found `P2 Resigns` refused where `p2
    // resigns` read).
    for ending in [
        "P2 resigns",
        "P1 out of time",
        "draw agreed",
        "P2 Resigns",
        "p1 OUT OF TIME",
        "Draw Agreed",
    ] {
        let text = format!("[Game \"seal\"]\n[Ending \"{ending}\"]\n");
        let m = Match::load_text(Arc::new(Seal), &text).unwrap();
        assert!(m.declared().is_some(), "{ending}");
    }
    assert!(matches!(
        Match::load_text(Arc::new(Seal), "[Game \"seal\"]\n[Ending \"P3 resigns\"]\n"),
        Err(SaveError::Text(_))
    ));
}

/// `Match::record` writes a declared ending "as its last line": a turn written below it, after
/// turns, was played after the game had ended, and is refused at its line (a review found it
/// played and the ending applied after it). The ending after the turns still reads, and so
/// does one among the headers before every turn (the record's result).
#[test]
fn no_turn_is_read_after_the_ending() {
    for ends in [
        "[Game \"seal\"]\n1. 1|b1\n[Ending \"P2 resigns\"]\n",
        "[Game \"seal\"]\n[Ending \"P2 resigns\"]\n1. 1|b1\n",
    ] {
        let m = Match::load_text(Arc::new(Seal), ends).unwrap();
        assert_eq!(m.history().len(), 1);
        assert!(m.declared().is_some());
    }
    assert_eq!(
        refused("[Game \"seal\"]\n1. 1|b1\n[Ending \"P2 resigns\"]\n1... 2|b0\n"),
        "save: line 4, column 6: `2|b0`: a turn after the [Ending] on line 3: the game ended there"
    );
}

/// `AnyMatch::step_action`: "an action hidden from them (a sealed choice not yet revealed) is
/// `?`, with no label and no cells" — and its kind is the neutral `action`, not the hidden
/// bid's ("raise" would give a bid of 2 away).
#[test]
fn a_hidden_step_shows_no_kind_of_its_own() {
    let mut m = Match::new(Arc::new(Seal), 0);
    m.play_text("1|b2").unwrap();
    let other = AnyMatch::step_action(&m, 0, Viewer::Player(Player(1))).unwrap();
    assert_eq!(other.text, "?");
    assert_eq!(other.kind, "action");
    assert_eq!(other.label, None);
    assert_eq!(other.cells, game_api::ActionCells::default());
    let spectator = AnyMatch::step_action(&m, 0, Viewer::Spectator).unwrap();
    assert_eq!((spectator.text.as_str(), spectator.kind), ("?", "action"));
    // The bid of 1 looks the same to the others: nothing tells the two bids apart.
    let mut low = Match::new(Arc::new(Seal), 0);
    low.play_text("1|b1").unwrap();
    assert_eq!(
        AnyMatch::step_action(&low, 0, Viewer::Player(Player(1))),
        Some(other)
    );
    // Its maker and the referee see it whole.
    for v in [Viewer::Player(Player(0)), Viewer::Referee] {
        let own = AnyMatch::step_action(&m, 0, v).unwrap();
        assert_eq!((own.text.as_str(), own.kind), ("b2", "raise"), "{v:?}");
    }
    assert_eq!(
        AnyMatch::last_action(&m, Viewer::Player(Player(1))).map(|a| a.kind),
        Some("action")
    );
}

/// Where a save goes wrong is named: a `[Final]` the record does not reach names its line, and
/// a byte that is not UTF-8 (an editor's Latin-1 `é`) its line and column (a review found
/// neither placed: "stream did not contain valid UTF-8").
#[test]
fn a_final_that_differs_and_a_byte_not_utf8_are_placed() {
    let e = refused("[Game \"seal\"]\n[Final \"1 1\"]\n1. 1|b1 2|b0\n");
    assert!(e.starts_with("save: line 2: the record replays to"), "{e}");
    let dir = std::env::temp_dir().join(format!("match-api-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("latin1.save");
    std::fs::write(&path, b"[Game \"seal\"]\n1. 1|b1 2|b\xe9\n").unwrap();
    match game_api::load(Arc::new(Seal), &path) {
        Err(SaveError::Text(t)) => {
            assert_eq!((t.line, t.col), (2, 12), "{t}");
            assert!(t.why.contains("not UTF-8"), "{t}");
        }
        Err(e) => panic!("another error: {e}"),
        Ok(_) => panic!("loaded"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One player's view is refused at its `[Viewer]` line, as another game's save is at its
/// `[Game]` line (a review found no line named).
#[test]
fn a_players_view_is_refused_at_its_line() {
    let e = refused("[Game \"seal\"]\n[Viewer \"P1\"]\n1. 1|b1 2|?\n");
    assert!(e.contains("line 2") && e.contains("view of a game"), "{e}");
}

/// A sealed choice's seat is written as the match writes it: `+1|` and `01|` are no seat (a
/// review found both read as seat 1).
#[test]
fn a_seat_is_written_in_plain_digits() {
    for odd in ["+1|b2", "01|b2", "|b2", "x|b2"] {
        let mut m = Match::new(Arc::new(Seal), 0);
        let e = m.play_text(odd).unwrap_err().to_string();
        assert!(e.contains("a seat number"), "{odd}: {e}");
    }
    let mut m = Match::new(Arc::new(Seal), 0);
    m.play_text("2|b1").unwrap();
}
