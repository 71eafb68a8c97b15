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
fn an_untenable_turn_is_reported_with_its_rule_and_the_rest_is_not_replayed() {
    // §2.0.22: say which rule a move breaks.
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
