//! `veney-cli replay` and the record reader (§2.0.R5 Notation).
mod common;
use common::*;
use veney_rules::replay::replay;

fn record(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/records/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

#[test]
fn a_record_with_players_habits_replays_tenable() {
    // Lowercase lines (`ew6`), a piece letter before the target (`$feX11`), headers in two styles.
    let r = rules();
    let rep = replay(&r, &record("habits.txt")).unwrap();
    assert_eq!(rep.headers.len(), 3);
    assert_eq!(rep.turns.len(), 8);
    assert!(rep.all_tenable(), "{:?}", rep.turns);
    let canon: Vec<&str> = rep
        .turns
        .iter()
        .map(|t| t.result.as_deref().unwrap())
        .collect();
    assert_eq!(canon[0], "eW6");
    assert_eq!(canon[2], "SX5 $X7");
    assert_eq!(canon[6], "$fX11");
}

#[test]
fn a_turn_no_piece_can_make_is_refused_with_its_rule_and_the_rest_is_not_replayed() {
    // §2.0.22: say which rule a move breaks. The Self cannot lunge from Y4 to W8 at all (not a
    // move with sand either), so the replay stops there.
    let r = rules();
    let rep = replay(&r, &record("untenable.txt")).unwrap();
    assert!(!rep.all_tenable());
    let bad = rep.turns.iter().find(|t| t.result.is_err()).unwrap();
    assert_eq!(
        (bad.number, bad.side, bad.written.as_str()),
        (2, White, "SW8")
    );
    let why = bad.result.as_ref().unwrap_err().to_string();
    assert!(why.contains("§2.0.02"), "{why}");
    assert_eq!(rep.not_replayed, 2);
}

#[test]
fn a_throw_record_replays_with_its_roll() {
    // R-NOTATION-THROW: `DtX14~ @ooooo#`, with a Position header.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Dagger", "X5"),
            (Black, "Self", "X14"),
        ],
        White,
    );
    let text = format!("[Position \"{}\"]\n1. DtX14~ @ooooo#\n", p.to_text(&r));
    let rep = replay(&r, &text).unwrap();
    assert!(rep.all_tenable(), "{:?}", rep.turns);
    assert!(
        rep.end.outcome().is_some(),
        "checkmate by touch; the dying move is still open"
    );
}

/// The public Veney records' form (R-RECORD-HEADER): a front-matter block of free lines between
/// `---` lines; a concert written partner first ("then placing them, either one first", §2.0.02,
/// R-RECORD-ORDER) read and written Self first; `;` between White's and Black's turns; an
/// untenable move nobody called (with sand, §2.0.22) played on and reported with its rule; a
/// `---` where a turn is expected is a pass (§2.0.17).
#[test]
fn a_record_in_the_public_records_form_replays_to_the_end() {
    let r = rules();
    let rep = replay(&r, &record("front_matter.txt")).unwrap();
    let h = |k: &str| {
        rep.headers
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(h("Event"), Some("A Friendly Game"));
    assert_eq!(h("Date"), Some("2026-11-20"));
    assert_eq!(h("White"), Some("Ann"));
    assert_eq!(h("Black"), Some("Bo"));
    assert_eq!(rep.turns.len(), 10, "{:?}", rep.turns);
    assert_eq!(rep.not_replayed, 0);
    let canon: Vec<&str> = rep
        .turns
        .iter()
        .map(|t| t.result.as_deref().unwrap())
        .collect();
    // Written `$Z6 SY5` and `$X13 SX12` (the Sword to the square its Self leaves): Self first.
    assert_eq!(canon[2], "SY5 $Z6");
    assert_eq!(canon[3], "SX12 $X13");
    // The Self onto its Sword's square, the Sword onto the Self's (R-CONCERT).
    assert_eq!(canon[4], "SZ6 $Y5");
    assert_eq!(canon[7], "---");
    // Turn 4: the Ruin placed out of its range, uncalled: it stands, and the rule is named.
    let bad: Vec<_> = rep.untenable_turns().collect();
    assert_eq!(bad.len(), 1);
    assert_eq!((bad[0].number, bad[0].side), (4, White));
    let why = bad[0].untenable.as_ref().unwrap().to_string();
    assert!(why.contains("§2.0.13"), "{why}");
    assert!(
        rep.end.piece_at(sq("X10")).is_some(),
        "the Ruin stands on X10"
    );
    assert!(!rep.all_tenable());
    assert!(rep.warnings.is_empty(), "{:?}", rep.warnings);
    // The replayed game keeps the untenable action's mark, as a save would.
    assert!(
        rep.game
            .marks()
            .contains(&veney_rules::game::Mark::Untenable)
    );
    assert_eq!(rep.end.turns(), 10);
}

#[test]
fn a_record_with_no_turns_or_a_jumping_turn_number_is_warned_about() {
    let r = rules();
    let empty = replay(&r, "---\nA game never played\n---\n").unwrap();
    assert!(empty.turns.is_empty());
    assert_eq!(empty.warnings, ["the record has no turns"]);
    assert!(!empty.all_tenable());
    let jump = replay(&r, "1. eY6, eX11;\n7. eW6, eW11;\n99999999999. eZ6\n").unwrap();
    assert_eq!(jump.turns.len(), 5, "the turns are still played");
    assert_eq!(jump.warnings.len(), 2, "{:?}", jump.warnings);
    assert!(
        jump.warnings[0].contains("line 2, column 1")
            && jump.warnings[0].contains("`7.`")
            && jump.warnings[0].contains("turn 2 is expected"),
        "{:?}",
        jump.warnings
    );
    assert!(jump.warnings[1].contains("line 3"), "{:?}", jump.warnings);
}

/// A move number must be the turn it stands before (R-RECORD-HEADER: "each `N.` must be the next
/// turn pair …, `N...` may continue turn N with Black's move"): a record missing a turn, or a
/// `2...` written before White's move, is warned about — a review found both replayed with no
/// word, every later colour swapped. A record as the app writes it, Black opening, is not.
#[test]
fn a_turn_number_that_is_not_its_turn_is_warned_about() {
    let r = rules();
    let missing = replay(&r, "1. SY5;\n2. ---, ---;\n").unwrap();
    assert_eq!(missing.warnings.len(), 1, "{:?}", missing.warnings);
    assert!(
        missing.warnings[0].contains("line 2, column 1")
            && missing.warnings[0].contains("`2.`")
            && missing.warnings[0].contains("`1...`"),
        "{:?}",
        missing.warnings
    );
    assert!(!missing.all_tenable());
    let black = replay(&r, "1. SY5, ---; 2... SY6;\n").unwrap();
    assert_eq!(black.warnings.len(), 1, "{:?}", black.warnings);
    assert!(
        black.warnings[0].contains("`2...` where turn 2 is expected"),
        "{:?}",
        black.warnings
    );
    let fine = replay(&r, "1. SY5, ---; 2. SY6,\n2... ---; 3. SY7\n").unwrap();
    assert!(fine.all_tenable(), "{:?} {:?}", fine.warnings, fine.turns);
    // A number ending a line is the next line's first turn's: checked as such.
    let wrapped = replay(&r, "1. SY5, SY12; 2.\nSY6, SY11;\n").unwrap();
    assert!(wrapped.all_tenable(), "{:?}", wrapped.warnings);
    let wrong = replay(&r, "1. SY5, SY12; 3.\nSY6, SY11;\n").unwrap();
    assert_eq!(wrong.warnings.len(), 1, "{:?}", wrong.warnings);
    assert!(
        wrong.warnings[0].contains("line 1, column 15") && wrong.warnings[0].contains("`3.`"),
        "{:?}",
        wrong.warnings
    );
    // The report numbers each turn as the record does: Black's opening turn of a Black-first
    // game is the pair's first.
    assert!(!black.turns[0].second && black.turns[1].second);
    // Black opens: its move is numbered `1.`, as the record writer numbers it.
    let mut o = veney_rules::options::RuleOptions::default();
    o.first_player = Black;
    let rb = veney_rules::Rules::standard_with(o);
    let mut g = veney_rules::Game::from_position_seeded(
        std::sync::Arc::new(rb.clone()),
        veney_rules::Position::start(&rb),
        1,
    );
    for t in ["SY12", "SY5", "SY11"] {
        g.play_token(t, 1).unwrap();
        if !g.position().at_turn_start() {
            g.play(veney_rules::Action::EndTurn).unwrap();
        }
    }
    assert!(g.record().starts_with("1. SY12"), "{}", g.record());
    let rep = replay(&rb, &g.record()).unwrap();
    assert!(rep.all_tenable(), "{}: {:?}", g.record(), rep.warnings);
    assert_eq!(rep.turns[0].side, Black);
    assert!(!rep.turns[0].second && rep.turns[1].second);
}

#[test]
fn a_turn_of_a_meta_move_alone_is_an_implied_pass() {
    // §2.0.R5: "--- pass (implied if your only move is immaterial)"; §2.0.16: "making only a
    // meta-move … amount[s] to a pass". The free engagement's point moves up (`a+`), and the
    // turn passes to Black, whose Self steps.
    let r = rules();
    let rep = replay(&r, "1. a+, eX11; 2. eW6, SY12;").unwrap();
    assert!(rep.all_tenable(), "{:?}", rep.turns);
    assert_eq!(rep.turns.len(), 4);
    // The control: written with its pass, the same game.
    let with = replay(&r, "1. a+ ---, eX11; 2. eW6, SY12;").unwrap();
    assert!(with.all_tenable(), "{:?}", with.turns);
    assert_eq!(rep.end, with.end);
}

#[test]
fn a_meta_move_alone_after_two_passes_is_refused_at_its_turn() {
    // §2.0.17: after two passes "the first player who passed must now make a move on the
    // board … The three immaterial actions (meta-move, intention, and glare) will not suffice
    // to respond to this forced move". `aw` alone implies a pass, which is refused there: the
    // replay stops at `aw` for §2.0.17 (a review found the pass's refusal dropped and Black's
    // `SY13` read as White's turn).
    let r = rules();
    let rep = replay(&r, "1. ---, ---; 2. aw, SY13;").unwrap();
    let bad = rep.turns.iter().find(|t| t.result.is_err()).unwrap();
    assert_eq!(
        (bad.number, bad.side, bad.written.as_str()),
        (2, White, "aw")
    );
    let why = bad.result.as_ref().unwrap_err().to_string();
    assert!(why.contains("§2.0.17"), "{why}");
    assert_eq!(rep.end.turn(), White);
    assert_eq!(rep.end.passes(), 2);
}

#[test]
fn turn_numbers_at_the_top_of_their_range_are_warned_about_not_overflowed() {
    // §2.0.R5: turns are numbered; a number no game reaches is a warning, whatever its size.
    let r = rules();
    for text in [
        "4294967295... SY5\n",
        "4294967294. SY5; 99999999999. SY12\n",
    ] {
        let rep = replay(&r, text).unwrap();
        assert!(
            rep.warnings.iter().any(|w| w.contains("turn number")),
            "{text}: {:?}",
            rep.warnings
        );
    }
}

#[test]
fn a_record_saved_with_a_byte_order_mark_replays_the_same() {
    // Some editors save one; its first header was read as turn 1 ("'\u{feff}' is not a piece
    // letter").
    let r = rules();
    let plain = replay(&r, &record("habits.txt")).unwrap();
    let marked = replay(&r, &format!("\u{feff}{}", record("habits.txt"))).unwrap();
    assert_eq!(marked.headers, plain.headers);
    assert_eq!(marked.turns.len(), plain.turns.len());
    assert!(marked.all_tenable());
    // A save too.
    let g = veney_rules::Game::new(std::sync::Arc::new(r.clone()));
    let text = veney_rules::savefile::write(&g);
    let back = veney_rules::savefile::read(std::sync::Arc::new(r), &format!("\u{feff}{text}"));
    assert!(back.is_ok(), "{:?}", back.err());
}

#[test]
fn a_records_start_is_one_position_header_placed_in_the_file() {
    // A second [Position] was silently ignored; a bad one was placed at a column of its value.
    let r = rules();
    let start = veney_rules::position_text::START;
    let two = format!("[Event \"x\"]\n[Position \"{start}\"]\n[Position \"{start}\"]\n1. SY3\n");
    let e = replay(&r, &two).unwrap_err();
    assert!(
        e.error.message.contains("a second [Position] header"),
        "{e}"
    );
    assert_eq!(e.line, 3);
    let bad = format!("[Event \"x\"]\n\n  [Position \"{start} turns=x\"]\n1. SY3\n");
    let e = replay(&r, &bad).unwrap_err();
    assert_eq!(e.line, 3);
    let line_text = bad.lines().nth(2).unwrap();
    let in_line = e.error.col;
    assert_eq!(&line_text[in_line - 1..in_line - 1 + 6], "turns=", "{e}");
}

/// `[Start]`, the game API's name for a record's start (`game_api::Match::save_text`), is read
/// as `[Position]` is; a bad one is refused at its line, and a record naming both is refused (a
/// review found `[Start]` ignored, the record replayed from the standard start with no word).
#[test]
fn a_records_start_header_is_read() {
    let r = rules();
    let mut g = veney_rules::Game::from_position_seeded(
        std::sync::Arc::new(r.clone()),
        veney_rules::Position::start(&r),
        1,
    );
    for tok in ["SY3", "eX11"] {
        let mover = g.position().turn();
        g.play_token(tok, 1).unwrap();
        while g.position().turn() == mover {
            g.play(veney_rules::Action::EndTurn).unwrap();
        }
    }
    let mid = g.position().to_text(&r);
    let from_start = replay(
        &r,
        &format!("[Game \"veney\"]\n[Start \"{mid}\"]\n1. SY5\n"),
    )
    .unwrap();
    let from_position = replay(
        &r,
        &format!("[Game \"veney\"]\n[Position \"{mid}\"]\n1. SY5\n"),
    )
    .unwrap();
    assert_eq!(from_start.end, from_position.end);
    assert_ne!(
        from_start.end,
        replay(&r, "[Game \"veney\"]\n1. SY5\n").unwrap().end
    );
    let e = replay(&r, "[Game \"veney\"]\n[Start \"garbage\"]\n1. SY5\n").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    // A save reads it as `replay` does.
    let rules = std::sync::Arc::new(r.clone());
    let saved = |key: &str| {
        veney_rules::savefile::read(rules.clone(), &format!("[{key} \"{mid}\"]\n1. SY5\n"))
            .map(|g| *g.position())
    };
    assert_eq!(saved("Start").unwrap(), saved("Position").unwrap());
    assert_eq!(saved("Start").unwrap(), from_start.end);
    let both = format!("[Position \"{mid}\"]\n[Start \"{mid}\"]\n1. SY5\n");
    let e = replay(&r, &both).unwrap_err();
    assert!(e.error.message.contains("a second start"), "{e}");
    assert_eq!(e.line, 2);
}

/// The standard start after White's `SY3`, Black's flag fallen (R-OUT-OF-TIME).
fn black_out_of_time() -> (std::sync::Arc<veney_rules::Rules>, veney_rules::Game) {
    let r = std::sync::Arc::new(rules());
    let mut g =
        veney_rules::Game::from_position_seeded(r.clone(), veney_rules::Position::start(&r), 1);
    g.play_token("SY3", 1).unwrap();
    g.play(veney_rules::Action::EndTurn).unwrap();
    assert!(g.out_of_time(Black));
    (r, g)
}

/// A flag's ending is the last line of the record the app writes and exports
/// (`[Ending "Black out of time"]`, R-OUT-OF-TIME): replayed, the game ends there — a review
/// found that line refused as a turn, and the whole record with it.
#[test]
fn a_record_ending_out_of_time_replays_to_that_ending() {
    use veney_rules::outcome::Outcome;
    let (r, g) = black_out_of_time();
    let text = g.record();
    assert!(text.ends_with("[Ending \"Black out of time\"]"), "{text}");
    let rep = replay(&r, &text).unwrap();
    assert!(rep.turns.iter().all(|t| t.result.is_ok()), "{text}");
    assert_eq!(rep.turns.len(), 1);
    assert_eq!(
        rep.end.outcome(),
        Some(Outcome::OutOfTime { winner: White })
    );
}

/// The flag's line ends the game: a turn written below it is refused at its line, by the
/// replay and by a save's reader (a review found it played, the flag applied after it).
#[test]
fn no_turn_is_read_after_the_flag() {
    let (r, g) = black_out_of_time();
    let more = format!("{}\n1... SX14\n", g.record());
    let line = more.lines().count();
    let e = replay(&r, &more).unwrap_err();
    assert_eq!(e.line, line, "{e}");
    assert!(
        e.to_string().contains("a turn after the [Ending] on line"),
        "{e}"
    );
    let save = format!("{}1... SX14\n", veney_rules::savefile::write(&g));
    let e = veney_rules::savefile::read(r.clone(), &save)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&format!("line {}", save.lines().count()))
            && e.contains("a turn after the [Ending] on line"),
        "{e}"
    );
    // The flag among the headers before every turn is the record's result, read after them.
    let front = format!("[Ending \"Black out of time\"]\n1. SY3\n");
    let rep = replay(&r, &front).unwrap();
    assert_eq!(
        rep.end.outcome(),
        Some(veney_rules::outcome::Outcome::OutOfTime { winner: White })
    );
}

/// A game begun from a position in mid-turn (White's Self moved, its concert partner still to
/// come) writes that turn's rest as its first turn, and its save loads to where it stands — a
/// review found those actions left out of the record and the save refused.
/// The standard start after White's `SY3`: mid-turn, the Self's concert still open.
fn after_white_self_moved() -> (std::sync::Arc<veney_rules::Rules>, veney_rules::Position) {
    let r = std::sync::Arc::new(rules());
    let mut start = veney_rules::Position::start(&r);
    let acts = veney_rules::notation::parse_turn(&r, &start, "SY3", 1).unwrap();
    for a in acts {
        start.play(&r, a).unwrap();
    }
    assert!(!start.at_turn_start(), "mid-turn");
    (r, start)
}

/// `g`'s save reads back to where `g` stands.
#[track_caller]
fn save_reads_back(g: &veney_rules::Game) {
    let text = veney_rules::savefile::write(g);
    let back = veney_rules::savefile::read(g.rules.clone(), &text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.position(), g.position());
}

#[test]
fn a_game_begun_mid_turn_keeps_its_first_actions_in_record_and_save() {
    let (r, start) = after_white_self_moved();
    let mut g = veney_rules::Game::from_position_seeded(r.clone(), start, 2);
    g.play_token("$X6", 1).unwrap();
    assert_eq!(g.position().turn(), Black, "the concert ends the turn");
    g.play_token("SX14", 1).unwrap();
    let record = g.record();
    assert!(record.contains("$X6"), "{record}");
    save_reads_back(&g);
}

/// A game begun mid-turn whose first turn only ends (the concert declined): that turn is
/// written `---` (§2.0.R5 "--- pass"), not as nothing — a review found `1. , SX14;` written,
/// read back as White's second move and the save refused. `write_turn` writes it so too.
#[test]
fn a_turn_that_only_ends_is_written_as_a_pass() {
    let (r, start) = after_white_self_moved();
    assert_eq!(
        veney_rules::notation::write_turn(&r, &start, &[veney_rules::Action::EndTurn]),
        "---"
    );
    let mut g = veney_rules::Game::from_position_seeded(r.clone(), start, 2);
    g.play(veney_rules::Action::EndTurn).unwrap();
    assert_eq!(g.position().turn(), Black);
    g.play_token("SX14", 1).unwrap();
    let record = g.record();
    assert!(record.contains("1. ---, SX14"), "{record}");
    save_reads_back(&g);
    // Ended and saved with nothing after it.
    let mut g = veney_rules::Game::from_position_seeded(r.clone(), start, 2);
    g.play(veney_rules::Action::EndTurn).unwrap();
    save_reads_back(&g);
}

/// A turn whose first move stands uncalled with sand (the Sword out of range onto its own
/// engagement, a stepping stone: the turn goes on) and whose second token is a typo is refused
/// at the typo, for what it is — a review found it blamed on the first move, as untenable.
#[test]
fn a_typo_after_an_uncalled_untenable_move_is_reported_at_the_typo() {
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y2"),
            (White, "Sword", "X4"),
            (White, "Engagement", "X10"),
            (Black, "Self", "Y15"),
        ],
        White,
    );
    let text = format!("[Position \"{}\"]\n1. $X10 $X88\n", p.to_text(&r));
    let rep = replay(&r, &text).unwrap();
    let bad = rep.turns.iter().find(|t| t.result.is_err()).unwrap();
    let e = bad.result.as_ref().unwrap_err();
    // `1. $X10 $X88`: the square `X88` at column 10.
    assert_eq!(e.col, 10, "{e}");
    assert!(e.to_string().contains("'X88' is not a square"), "{e}");
}

/// A turn wrapped onto the next line is one turn: only `,`, `;` and move numbers end a turn (a
/// review found `SX13` read as a turn of its own and `$fY9` as the next player's).
#[test]
fn a_turn_wrapped_onto_the_next_line_is_one_turn() {
    let r = rules();
    let one_line = "1. SY5 $X7, SX12;\n2. SY6, SX11";
    let wrapped = "1. SY5\n$X7, SX12;\n2. SY6,\nSX11";
    let a = replay(&r, one_line).unwrap();
    let b = replay(&r, wrapped).unwrap();
    assert!(a.all_tenable(), "{:?}", a.turns);
    assert!(b.all_tenable(), "{:?}", b.turns);
    assert_eq!(b.turns.len(), 4);
    assert_eq!(a.end, b.end);
    assert_eq!(b.turns[0].written, "SY5 $X7");
    assert_eq!(b.turns[0].line, 1);
}

/// §2.0.R5: a move number opens a turn wherever the line breaks. A record wrapped right after
/// one (`…, SX12; 2.` ending a line) reads as written: a review found the next line's `SY6`
/// added to Black's `SX12`, and the replay refused it as a move of Black's Self.
#[test]
fn a_record_wrapped_after_a_move_number_reads_as_written() {
    let r = rules();
    let one_line = replay(&r, "1. SY5 $X7, SX12; 2. SY6, SX11").unwrap();
    let wrapped = replay(&r, "1. SY5 $X7, SX12; 2.\nSY6, SX11").unwrap();
    assert!(wrapped.all_tenable(), "{:?}", wrapped.turns);
    assert_eq!(wrapped.turns.len(), 4);
    assert_eq!(wrapped.turns[1].written, "SX12");
    assert_eq!(wrapped.turns[2].written, "SY6");
    assert_eq!(wrapped.turns[2].line, 2);
    assert_eq!(wrapped.end, one_line.end);
    // The number alone on its line, and the second player's `1...`, alike.
    let alone = replay(&r, "1. SY5 $X7, SX12;\n2.\nSY6, SX11").unwrap();
    assert_eq!(alone.end, one_line.end);
    assert_eq!(alone.turns[2].written, "SY6");
}

/// A move marked called (`Ut`, §2.0.R5) that is tenable here is not read as a plain move: the
/// call the mark records is checked, and refused as not open (a review found the mark ignored).
#[test]
fn a_mark_on_a_tenable_move_is_checked_against_the_call() {
    let r = rules();
    let rep = replay(&r, "1. SY3Ut").unwrap();
    let bad = rep
        .turns
        .iter()
        .find(|t| t.result.is_err())
        .expect("refused");
    let why = bad.result.as_ref().unwrap_err().to_string();
    assert!(why.contains("not open to call here"), "{why}");
    // Unmarked, the same move replays.
    assert!(replay(&r, "1. SY3").unwrap().all_tenable());
}

/// A flag fallen before anybody moved: the record is its `[Ending]` line alone, read among the
/// headers, and the game ends there all the same (a review found it ignored).
#[test]
fn an_ending_before_any_turn_ends_the_game() {
    use std::sync::Arc;
    use veney_rules::outcome::Outcome;
    let r = Arc::new(rules());
    let mut g =
        veney_rules::Game::from_position_seeded(r.clone(), veney_rules::Position::start(&r), 1);
    assert!(g.out_of_time(White));
    let rep = replay(&r, &g.record()).unwrap();
    assert_eq!(
        rep.end.outcome(),
        Some(Outcome::OutOfTime { winner: Black })
    );
}

/// An exported record replays to the game it came from (`Game::exported_record`): a game from a
/// position other than the standard start names that start (a review found it exported without,
/// so replayed from the standard start).
#[test]
fn an_exported_record_names_its_start_and_replays_to_its_game() {
    let r = std::sync::Arc::new(rules());
    let start = veney_rules::Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr turns=1",
    )
    .unwrap();
    let mut g = veney_rules::Game::from_position_seeded(r.clone(), start, 3);
    for t in ["SX12", "SY3"] {
        let acts = veney_rules::notation::parse_turn(&r, g.position(), t, 1).unwrap();
        for a in acts {
            g.play(a).unwrap();
        }
        if !g.position().is_game_over() && g.legal_actions().contains(&veney_rules::Action::EndTurn)
        {
            g.play(veney_rules::Action::EndTurn).unwrap();
        }
    }
    let text = g.exported_record();
    assert!(text.starts_with("[Position \""), "{text}");
    let rep = replay(&r, &text).unwrap();
    assert!(rep.all_tenable(), "{:?}", rep.turns);
    assert_eq!(rep.end, *g.position());
    // The standard start needs no header.
    let plain = veney_rules::Game::new(r.clone());
    assert!(!plain.exported_record().contains('['));
}

/// R-CONCERT: the partner the Self lifted "must be placed … the turn cannot be declined there".
/// A written turn that leaves it in hand, with a turn written after it, is refused at its own
/// token, not reported tenable with the next turn blamed (a review found that); a record may
/// end there (a game stopped mid-turn).
#[test]
fn a_turn_leaving_its_concert_partner_in_hand_is_refused_at_itself() {
    let r = rules();
    let rep = replay(&r, "1. SX4\n2. SY4\n").unwrap();
    assert_eq!(rep.turns.len(), 1, "{:?}", rep.turns);
    let e = rep.turns[0].result.as_ref().unwrap_err();
    assert_eq!(e.token, "SX4");
    assert!(e.message.contains("§2.0.02 Concert"), "{e}");
    assert_eq!(rep.not_replayed, 1);
    let stopped = replay(&r, "1. SX4\n").unwrap();
    assert!(stopped.turns[0].result.is_ok(), "{:?}", stopped.turns);
}

/// §2.0.R5 "# checkmate": a `#` on a move that mates nobody is warned about (the record claims
/// what did not happen), as a wrong turn number is; the turn still replays (a review found it
/// dropped without a word).
#[test]
fn a_checkmate_mark_on_a_quiet_move_is_warned_about() {
    let r = rules();
    let rep = replay(&r, "1. SX3#, SX14").unwrap();
    assert!(
        rep.turns.iter().all(|t| t.result.is_ok()),
        "{:?}",
        rep.turns
    );
    assert!(
        rep.warnings
            .iter()
            .any(|w| w.contains("`SX3#` marks a checkmate")),
        "{:?}",
        rep.warnings
    );
    let clean = replay(&r, "1. SX3, SX14").unwrap();
    assert!(clean.warnings.is_empty(), "{:?}", clean.warnings);
}

/// §2.0.R5 "the move count number": written with no space before the turn (`1.SY5`, as chess
/// records often are) or with the ellipsis character a word processor makes of `...` (`1…`),
/// the number is read as one, and checked as one (a review found `1.SY5` refused as a token and
/// `1…` read as a turn).
#[test]
fn move_numbers_joined_to_the_turn_or_with_an_ellipsis_read_as_numbers() {
    let r = rules();
    let spaced = replay(&r, "1. SY5 $X7, SX12; 2. SY6, SX11").unwrap();
    for text in [
        "1.SY5 $X7, SX12; 2.SY6, SX11",
        "1. SY5 $X7; 1… SX12; 2. SY6; 2…SX11",
        "1.SY5 $X7; 1...SX12; 2. SY6, SX11",
        // Right after a `,` or `;`, no space (a review found `;2.` read as a piece letter).
        "1.SY5 $X7,SX12;2.SY6,SX11",
        "1. SY5 $X7;1...SX12;2. SY6;2…SX11;...",
    ] {
        let joined = replay(&r, text).unwrap();
        assert!(joined.all_tenable(), "{text}: {:?}", joined.turns);
        assert!(joined.warnings.is_empty(), "{text}: {:?}", joined.warnings);
        assert_eq!(joined.end, spaced.end, "{text}");
        assert_eq!(joined.turns[0].written, "SY5 $X7", "{text}");
    }
    // A joined number is checked like a spaced one: `2.` for the first turn is warned about.
    let wrong = replay(&r, "2.SY5 $X7, SX12").unwrap();
    assert!(
        wrong
            .warnings
            .iter()
            .any(|w| w.contains("turn number `2.`")),
        "{:?}",
        wrong.warnings
    );
    // The token after a joined number keeps its own column.
    let turns = veney_rules::notation::record_turns("12...SX12");
    assert_eq!(turns, vec![vec![("SX12".to_string(), 6)]]);
    let turns = veney_rules::notation::record_turns_numbered("SY5,SX12;2.SY6");
    assert_eq!(turns[2].0, vec![("SY6".to_string(), 12)]);
    assert_eq!(turns[2].1, Some(("2.".to_string(), 10)));
}

/// §2.0.22 and R-UNTENABLE-CALL: a called untenable move is written with its mark and replays
/// as called — under a time penalty or a Delayed Reset the offender's move made again follows
/// it in the same turn (`1. $X9U SY5`), under the turn penalty the turn ends with it
/// (`1. $X9U, SY12`). The replay reports no uncalled untenable move, writes the mark back, and
/// reads the retry from the position the call left (a review found the called move reported
/// "not called: it stands", and the retry written onto the called move's position, a stepping
/// stone's check panicking).
#[test]
fn a_called_move_replays_as_called_and_its_retry_from_the_position_the_call_left() {
    use std::sync::Arc;
    use veney_rules::options::UntenablePolicy;
    for (policy, text, turn) in [
        (UntenablePolicy::TurnPenalty, "1. $X9U, SY12", "$X9U"),
        (
            UntenablePolicy::TimePenalty,
            "1. $X9U SY5, SY12",
            "$X9U SY5",
        ),
        (
            UntenablePolicy::DelayedReset,
            "1. $X9U SY5, SY12",
            "$X9U SY5",
        ),
    ] {
        let mut o = rules().options.clone();
        o.untenable = policy;
        let r = Arc::new(veney_rules::Rules::standard_with(o));
        let rep = replay(&r, text).unwrap();
        assert!(rep.all_tenable(), "{policy:?}: {:?}", rep.turns);
        assert_eq!(rep.turns.len(), 2, "{policy:?}: {:?}", rep.turns);
        assert_eq!(
            rep.turns[0].result.as_deref(),
            Ok(turn),
            "{policy:?}: the called move keeps its mark"
        );
        assert_eq!(
            rep.turns[0].untenable, None,
            "{policy:?}: called, it does not stand"
        );
        assert_eq!(rep.turns[1].result.as_deref(), Ok("SY12"), "{policy:?}");
        // The Sword is back home: the call took the move back.
        let sword = r.set(White).by_name("Sword");
        assert_eq!(
            rep.end.piece_at(sq("X4")),
            sword.map(|k| (White, k)),
            "{policy:?}"
        );
    }
}

/// A refused turn leaves the game as it was before it, with nothing of it to redo — the one
/// refused for leaving its concert partner in hand too (R-CONCERT: "the turn cannot be
/// declined there"; a review found the replay ending on the half-played turn).
#[test]
fn a_refused_turn_is_taken_back_whole() {
    let r = rules();
    let start = "4/4/4/e3/4/4/4/2e1/1b2/2sL/4/3S/1E2/4/4/4 w EEEGJ/eeglj";
    for text in [
        format!("[Position \"{start}\"]\n1. SZ7, eW12;\n"),
        format!("[Position \"{start}\"]\n1. $X9 SZ7;\n"),
    ] {
        let rep = replay(&r, &text).unwrap();
        assert!(rep.turns[0].result.is_err(), "{text}");
        assert_eq!(
            rep.end,
            veney_rules::Position::from_text(&r, start).unwrap(),
            "{text}"
        );
        assert_eq!(rep.game.actions().count(), 0, "{text}");
        assert!(rep.game.next_redo().is_none(), "{text}");
    }
}

/// §2.0.R5 "eYfX8 ...meaning, the engagement on the Y-line fends on X8", written in lowercase
/// as the record's other lines may be (`ew10`): read as the engagement on W fending X7 (a
/// review found it refused as a special move the rules lacked).
#[test]
fn an_engagement_named_by_its_line_in_lowercase_replays() {
    let r = rules();
    let text =
        "[Position \"4/4/4/bsw1/eeee/4/4/4/4/1c2/E1E1/1E1E/CWSB/4/4/4 w DGLJR/dgljr\"]\n1. ewfx7\n";
    let rep = replay(&r, text).unwrap();
    assert_eq!(rep.turns.len(), 1);
    assert_eq!(
        rep.turns[0].result.as_deref(),
        Ok("eWfX7"),
        "{:?}",
        rep.turns
    );
    assert!(rep.all_tenable(), "{:?} {:?}", rep.turns, rep.warnings);
}

/// A record naming no rules is replayed with sand under the friendly penalty, but a call marked
/// in it is refused naming the strict play agreed, not the sand (a review found "the agreed
/// penalty (Friendly)").
#[test]
fn a_call_in_a_strict_record_is_refused_naming_the_strict_play() {
    let r = rules();
    let rep = replay(&r, "1. $X9U, SY12;\n").unwrap();
    let e = rep
        .turns
        .iter()
        .find_map(|t| t.result.as_ref().err())
        .expect("the call refused");
    assert!(e.message.contains("strict play agreed"), "{e}");
    assert!(!e.message.contains("Friendly"), "{e}");
}

/// A front-matter block never closed with `---` ends at the first numbered turn, whose turns
/// replay (a review found them read as the block's Date and Notes, nothing replayed); a line is
/// a date for a year's four digits in a row, not any four digits.
#[test]
fn an_unclosed_front_matter_ends_at_the_turns() {
    let r = rules();
    let rep = replay(
        &r,
        "---\nA Game\nAnn - White\n1. eY6, eX11;\n2. eW6, eW11;\n",
    )
    .unwrap();
    assert_eq!(rep.turns.len(), 4, "{:?}", rep.headers);
    assert!(
        !rep.headers.iter().any(|(k, _)| k == "Date" || k == "Note"),
        "{:?}",
        rep.headers
    );
    let dated = replay(&r, "---\nA Game\nplayed 12 May 2025\n---\n1. eY6, eX11;\n").unwrap();
    assert!(
        dated
            .headers
            .iter()
            .any(|(k, v)| k == "Date" && v.contains("2025"))
    );
    let not = replay(
        &r,
        "---\nA Game\nround 1, table 2, 3 4\n---\n1. eY6, eX11;\n",
    )
    .unwrap();
    assert!(
        !not.headers.iter().any(|(k, _)| k == "Date"),
        "{:?}",
        not.headers
    );
}
