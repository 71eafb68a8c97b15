//! Refusals name the rule that refuses; the tests' `refuse` helper fails on a typo in the test's
//! own turn instead of taking the parse error for a refusal.
mod common;
use common::*;
use veney_rules::Position;

#[test]
fn a_special_moving_two_pieces_is_never_a_second_move() {
    // §2.0.15: "Note that you can never use a special ability involving two of your own pieces
    // as the second move in a double-move, because the special ability isn't one move; it's a
    // double-move."
    let r = rules();
    // Feign (§2.0.06): the Cloak steps from X2 onto its engagement on Z3, which lets it move
    // again; trading places with the Self on Y4 would be a second, two-piece move.
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/4/4/4/4/2S1/3E/1C2/4 w EEE/eeee").unwrap();
    assert!(notations(&r, &p).contains(&"CZ3".to_string()));
    for turn in ["CZ3 CY4~SZ3", "CZ3 CY4"] {
        let why = refuse(&r, &p, turn);
        why.by(
            "§2.0.15 Double-Moves",
            "never the second move of a double-move",
        );
        assert!(why.contains("Feign"), "{why}");
        assert!(!why.contains("does not move"), "{why}");
    }
    // As the turn's one action it is allowed.
    let q = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/4/4/4/4/2SC/4/4/4 w EEEE/eeee").unwrap();
    assert!(notations(&r, &q).contains(&"CY4~SZ4".to_string()));
    // Shift (§2.0.07): the Balance steps from W2 onto its engagement on X3, then would trade
    // places with the Sword on X4.
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/4/4/4/4/1WS1/1E2/B3/4 w EEE/eeee").unwrap();
    assert!(notations(&r, &p).contains(&"BX4~$W2".to_string()));
    let why = refuse(&r, &p, "BX3 BX4~$X3");
    why.by(
        "§2.0.15 Double-Moves",
        "never the second move of a double-move",
    );
    assert!(why.contains("Shift"), "{why}");
}

#[test]
#[should_panic(expected = "is not notation")]
fn a_typo_in_the_tests_own_turn_fails_the_test() {
    // `$X17` is no square: before, the parse error passed for a refusal.
    let r = rules();
    refuse(&r, &Position::start(&r), "SY3 $X17");
}

#[test]
#[should_panic(expected = "was accepted")]
fn a_turn_the_rules_accept_fails_a_refusal_test() {
    let r = rules();
    refuse(&r, &Position::start(&r), "SY3");
}

#[test]
#[should_panic(expected = "refused by")]
fn a_refusal_by_another_rule_fails_the_test() {
    // The Self cannot retreat from Y4: refused by the retreat rule, not by passing.
    let r = rules();
    refuse(&r, &Position::start(&r), "==").by("§2.0.17", "");
}
