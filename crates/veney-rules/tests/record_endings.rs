//! A record's last line for an ending no move made (§2.0.21 Endings, ruling R-RECORD-ENDING):
//! "Export moves" writes it, `replay` (the command line's and the app's Load record) and saves
//! read it back, and the game replayed ends as it did.
mod common;
use common::*;
use std::sync::Arc;
use veney_rules::hug::HugChoice;
use veney_rules::notation;
use veney_rules::outcome::{Draw, Mate, Outcome, Resign};
use veney_rules::record_ending::{HugEnd, RecordEnding};
use veney_rules::replay::replay;
use veney_rules::savefile;
use veney_rules::{Action, Game, Phase, Position, Rules};

fn played(rules: &Arc<Rules>, turns: &[&str]) -> Game {
    let mut g = Game::from_position_seeded(rules.clone(), Position::start(rules), 9);
    for t in turns {
        for a in notation::parse_turn(rules, g.position(), t, 1).unwrap() {
            g.play(a).unwrap();
        }
        if g.position().phase() != Phase::Start {
            g.play(Action::EndTurn).unwrap();
        }
    }
    g
}

/// The game ended as `ending` says; its record's last line names it, and the record replayed
/// (as exported, with its headers) and the save read back end the same way.
fn round_trips(g: &Game, ending: RecordEnding, line: &str) {
    assert_eq!(g.ending(), Some(ending));
    let record = g.exported_record();
    assert!(
        record.ends_with(&format!("[Ending \"{line}\"]")),
        "{record}"
    );
    let rep = replay(&g.rules, &record).unwrap();
    // (A game begun from a position with no turn played is warned of as such, nothing else.)
    assert!(
        rep.warnings.iter().all(|w| w == "the record has no turns"),
        "{:?}",
        rep.warnings
    );
    assert_eq!(rep.game.position(), g.position(), "{record}");
    assert_eq!(rep.game.ending(), Some(ending));
    let back = savefile::read(g.rules.clone(), &savefile::write(g)).unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!(back.ending(), Some(ending));
    // Undo takes the ending back alone, in the replayed game and the save read back too, to
    // where it takes the game played back (the Hug: to its draw).
    let undone = |mut x: Game| {
        assert!(x.withdraw_declared() || x.withdraw_out_of_time());
        *x.position()
    };
    let played = undone(g.clone());
    assert_eq!(undone(rep.game), played, "the record replayed, undone");
    assert_eq!(undone(back), played, "the save read back, undone");
}

#[test]
fn a_resignation_is_written_and_read_back() {
    // §2.0.21 "Resignation (by yielding, …)".
    let rules = Arc::new(rules());
    let mut g = played(&rules, &["SY3 $X6", "SX14"]);
    g.resign(White);
    assert_eq!(
        g.position().outcome(),
        Some(Outcome::Resignation {
            winner: Black,
            reason: Resign::Yielded
        })
    );
    round_trips(&g, RecordEnding::Resigns(White), "White resigns");
}

#[test]
fn an_agreed_draw_is_written_and_read_back() {
    // §2.0.21 "Draw by agreement".
    let rules = Arc::new(rules());
    let mut g = played(&rules, &["SY3 $X6"]);
    g.agree_draw();
    round_trips(&g, RecordEnding::DrawAgreed, "draw agreed");
}

#[test]
fn an_agreed_draw_under_shima_loses_for_both_and_reads_back() {
    // §2.0.18 Shima: "an attempt to draw by agreement … is now equivalent to both players losing".
    let rules = Arc::new(rules());
    let p = pos(
        &rules,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "Y3"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
        ],
        White,
    );
    let p = Position::from_text(&rules, &under_shima(&p.to_text(&rules))).unwrap();
    let mut g = Game::from_position_seeded(rules.clone(), p, 3);
    g.agree_draw();
    assert_eq!(g.position().outcome(), Some(Outcome::DoubleCheckmate));
    round_trips(&g, RecordEnding::DrawAgreed, "draw agreed");
}

#[test]
fn an_acknowledged_checkmate_is_written_and_read_back() {
    // §2.0.20: "a victory is not official until the loser either acknowledges it or leaves
    // the board" — the mated side makes no dying move.
    let rules = Arc::new(rules());
    let p = Position::from_text(
        &rules,
        "4/3J/4/1W1c/eeee/b3/4/4/4/4/4/EEEE/C1SB/4/4/4 b DGLR/dgljr over=touch:w dying=b:X13",
    )
    .unwrap();
    let mut g = Game::from_position_seeded(rules.clone(), p, 4);
    g.acknowledge();
    assert_eq!(g.position().dying(), None);
    round_trips(
        &g,
        RecordEnding::Acknowledges(Black),
        "Black acknowledges checkmate",
    );
}

#[test]
fn the_hugs_three_settlements_are_written_and_read_back() {
    // §2.0.23 Hug: "If both chose Self, the draw is confirmed"; one betrayer wins by touch;
    // both betray, both lose.
    let mut o = veney_rules::options::RuleOptions::default();
    o.hug = true;
    let rules = Arc::new(Rules::with_sets([set("standard"), set("standard")], o).unwrap());
    for (w, b, end, line, outcome) in [
        (
            HugChoice::Hug,
            HugChoice::Hug,
            HugEnd::Confirmed,
            "Hug: draw confirmed",
            Outcome::Draw {
                reason: Draw::Hugged,
            },
        ),
        (
            HugChoice::Hug,
            HugChoice::Betray,
            HugEnd::Wins(Black),
            "Hug: Black wins",
            Outcome::Checkmate {
                winner: Black,
                by: Mate::Touch,
            },
        ),
        (
            HugChoice::Betray,
            HugChoice::Betray,
            HugEnd::BothLose,
            "Hug: both lose",
            Outcome::DoubleCheckmate,
        ),
    ] {
        let mut g = played(&rules, &["SY3 $X6", "SX14"]);
        g.agree_draw();
        assert_eq!(g.hug(w, b).unwrap(), outcome);
        round_trips(&g, RecordEnding::Hug(end), line);
    }
}

#[test]
fn every_form_reads_in_any_case_and_nothing_else_does() {
    for e in [
        RecordEnding::OutOfTime(White),
        RecordEnding::Resigns(Black),
        RecordEnding::DrawAgreed,
        RecordEnding::Acknowledges(White),
        RecordEnding::Hug(HugEnd::Confirmed),
        RecordEnding::Hug(HugEnd::Wins(White)),
        RecordEnding::Hug(HugEnd::BothLose),
    ] {
        let text = e.to_string();
        assert_eq!(RecordEnding::parse(&text), Some(e), "{text}");
        assert_eq!(
            RecordEnding::parse(&format!("  {}  ", text.to_uppercase())),
            Some(e)
        );
    }
    for bad in [
        "",
        "Green resigns",
        "resigns",
        "Hug:",
        "Hug: Green wins",
        "draw",
        "White wins",
    ] {
        assert_eq!(RecordEnding::parse(bad), None, "{bad:?}");
    }
}

#[test]
fn an_ending_the_game_cannot_reach_is_warned_about_not_applied() {
    // An acknowledgement with no dying move pending (§2.0.20): the record's game goes on.
    let rules = Arc::new(rules());
    let g = played(&rules, &["SY3 $X6"]);
    let record = format!("{}\n[Ending \"Black acknowledges checkmate\"]", g.record());
    let rep = replay(&rules, &record).unwrap();
    assert_eq!(rep.game.position().outcome(), None);
    assert!(
        rep.warnings
            .iter()
            .any(|w| w.contains("Black acknowledges checkmate") && w.contains("does not apply")),
        "{:?}",
        rep.warnings
    );
    // An ending in no form the app writes is named with the forms that read.
    let record = format!("{}\n[Ending \"White gives up\"]", g.record());
    let rep = replay(&rules, &record).unwrap();
    assert!(
        rep.warnings
            .iter()
            .any(|w| w.contains("\"White gives up\"") && w.contains("White resigns")),
        "{:?}",
        rep.warnings
    );
}

#[test]
fn a_save_with_an_ending_in_no_known_form_is_refused_at_its_line() {
    let rules = Arc::new(rules());
    let mut g = played(&rules, &["SY3 $X6"]);
    g.resign(Black);
    let text = savefile::write(&g).replace("Black resigns", "Black walks off");
    let line = text.lines().position(|l| l.starts_with("[Ending")).unwrap() + 1;
    match savefile::read(rules.clone(), &text) {
        Err(savefile::SaveError::Bad { line: l, error }) => {
            assert_eq!(l, line);
            assert!(error.to_string().contains("White resigns"), "{error}");
        }
        other => panic!("{other:?}"),
    }
}

/// An `[Ending]` among the headers (a game resigned before any move writes it there) in no
/// form that reads is warned of, as one after the turns is; an acknowledgement by the side that
/// is not mated is told who is.
#[test]
fn a_header_ending_that_does_not_read_and_the_wrong_sides_acknowledgement_are_warned_of() {
    let rules = Arc::new(rules());
    let rep = replay(&rules, "[Ending \"Black gives up\"]\n1. SY3 $X6\n").unwrap();
    assert!(
        rep.warnings
            .iter()
            .any(|w| w.contains("\"Black gives up\"") && w.contains("White resigns")),
        "{:?}",
        rep.warnings
    );
    let p = "4/3J/4/1W1c/eeee/b3/4/4/4/4/4/EEEE/C1SB/4/4/4 b DGLR/dgljr over=touch:w dying=b:X13";
    let text = format!("[Position \"{p}\"]\n[Ending \"White acknowledges checkmate\"]\n");
    let rep = replay(&rules, &text).unwrap();
    assert!(
        rep.warnings
            .iter()
            .any(|w| w.contains("Black is the one mated")),
        "{:?}",
        rep.warnings
    );
}

/// R-HUG-NO-DAGGER: "each conceals either the Dagger (to betray) or Self (to hug)" (§2.0.23) —
/// an army without a Dagger hides the Self. A record or save claiming it betrayed (it won, or
/// both lost) is not applied, only warned of (a review found the Ceremonial Guard's White
/// "winning" a Hug from a record).
#[test]
fn a_hug_ending_claiming_a_betrayal_without_a_dagger_is_not_applied() {
    let mut o = veney_rules::options::RuleOptions::default();
    o.hug = true;
    let rules = Arc::new(Rules::with_sets([set("ceremonial"), set("standard")], o).unwrap());
    let g = played(&rules, &["SY5", "SX12"]);
    for line in ["Hug: White wins", "Hug: both lose"] {
        let record = format!("{}\n[Ending \"{line}\"]", g.record());
        let rep = replay(&rules, &record).unwrap();
        assert_eq!(rep.game.position().outcome(), None, "{line}");
        assert!(
            rep.warnings
                .iter()
                .any(|w| w.contains(line) && w.contains("does not apply")),
            "{line}: {:?}",
            rep.warnings
        );
    }
    // Black, who has a Dagger, may win it; and the draw confirmed stands for anyone.
    for line in ["Hug: Black wins", "Hug: draw confirmed"] {
        let record = format!("{}\n[Ending \"{line}\"]", g.record());
        let rep = replay(&rules, &record).unwrap();
        assert!(rep.game.position().outcome().is_some(), "{line}");
    }
}

/// Every header's key is read in any case, and split from its value at any space (README):
/// an `[Ending]` after the turns too, `[ending …]` or `[Ending<tab>…]`, as the save's own
/// headers (a review found both refused as moves, `'[' is not a piece letter`); and a save's
/// `[Seed<tab>"…"]` is its seed (a review found it skipped, the game replayed from seed 0).
#[test]
fn an_ending_after_the_turns_reads_in_any_case_and_spacing() {
    let rules = Arc::new(rules());
    let g = played(&rules, &["SY3 $X6", "SX14"]);
    for line in ["[ending \"Black resigns\"]", "[ENDING\t\"Black resigns\"]"] {
        let record = format!("{}\n{line}", g.record());
        let rep = replay(&rules, &record).unwrap();
        assert_eq!(
            rep.game.ending(),
            Some(RecordEnding::Resigns(veney_rules::Side::Black)),
            "{line}"
        );
    }
    let mut seeded = Game::from_position_seeded(rules.clone(), Position::start(&rules), 77);
    seeded.play_token_reporting("SY3", 1).unwrap();
    let text = savefile::write(&seeded).replacen("[Seed \"", "[Seed\t\"", 1);
    assert!(text.contains("[Seed\t\"77\"]"), "{text}");
    let back = savefile::read(rules.clone(), &text).unwrap();
    assert_eq!(back.seed(), 77);
}
