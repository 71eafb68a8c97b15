//! Hirakamae (§2.0.18).
mod common;
use common::*;
use veney_rules::special::hirakamae::stance;
use veney_rules::{Phase, Position, Rules};

fn enstanced(r: &Rules) -> Position {
    pos(
        r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W6"),
            (Black, "Self", "Y14"),
            (Black, "Sword", "Y12"),
            (Black, "Cloak", "Z13"),
        ],
        White,
    )
}

#[test]
fn the_enstanced_player_passes_indefinitely_and_the_adversary_may_not() {
    // §2.0.18 Hirakamae: "one's only blade piece beside the Self in a step … in an otherwise empty
    // measure. The player can pass indefinitely without risking a draw and the adversary may not
    // pass".
    let r = rules();
    let mut p = enstanced(&r);
    assert!(stance(&r, &p, White));
    play(&r, &mut p, "---");
    assert_eq!(p.hirakamae(White), 1);
    // The adversary may not pass: refused by hirakamae, not as a third pass in a row.
    refuse(&r, &p, "---").by("§2.0.18 Devices: Hirakamae", "you may not pass");
    for (w, b) in [("---", "SY15"), ("---", "SY14"), ("---", "SY15")] {
        play(&r, &mut p, b);
        play(&r, &mut p, w);
    }
    assert_eq!(p.turn(), Black);
    assert_eq!(
        p.quiet_turns(),
        1,
        "the count does not grow while it lasts (no draw by no contest)"
    );
}

#[test]
fn the_move_that_ends_it_may_move_two_unrelated_pieces_once() {
    // "A move made by the enstanced player ends hirakamae and may be a double-move made with any
    // one or two unrelated pieces … Hirakamae may only be used once per game."
    let r = rules();
    let mut p = enstanced(&r);
    play(&r, &mut p, "---");
    play(&r, &mut p, "SY15");
    let t = veney_rules::notation::parse_turn(&r, &p, "$W7", 1).unwrap();
    let mut q = p;
    q.play(&r, t[0]).unwrap();
    assert!(matches!(q.phase(), Phase::Hirakamae { .. }));
    play(&r, &mut p, "$W7 SX5");
    assert_eq!((p.turn(), p.hirakamae(White)), (Black, 2));
    assert!(p.piece_at(sq("X5")).is_some() && p.piece_at(sq("W7")).is_some());
}

#[test]
fn no_stance_with_another_piece_in_the_measure_or_the_blade_apart() {
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W6"),
            (White, "Guard", "Z8"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    assert!(!stance(&r, &p, White));
    let p = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "W7"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    assert!(!stance(&r, &p, White));
}

#[test]
fn the_freeing_move_then_an_intention_reads_back_from_its_notation() {
    // §2.0.18 Hirakamae ("a move made by the enstanced player ends hirakamae and may be a
    // double-move") and §2.0.11 Intention ("declared … after your moves, and ends the turn"):
    // after the freeing move the player may decline the second move and declare, and the turn's
    // notation `JW6 !$fY6` reads back to that turn. (Found by the testkit's random matches.)
    let o = veney_rules::options::RuleOptions {
        donkey: true,
        ..Default::default()
    };
    let r = Rules::standard_with(o);
    let p = Position::from_text(
        &r,
        "4/d2w/1c2/1s2/4/4/@3/4/4/JC2/2b1/L1G1/WS2/4/4/4 w EEEEB/eeeeglj dir=NW/- turns=142 donkeyhome=wb hira=1:0 quiet=31 freefrom=X9:0",
    )
    .unwrap();
    let t =
        veney_rules::notation::parse_turn(&r, &p, "JW6 !$fY6", 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        t.len(),
        3,
        "the move, the declined second move, the declaration: {t:?}"
    );
    let mut q = p;
    q.play_turn(&r, &t).unwrap();
    assert_eq!(q.turn(), Black);
    assert!(q.intention().is_some());
}
