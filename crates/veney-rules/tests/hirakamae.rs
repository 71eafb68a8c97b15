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
    assert!(
        !refuse(&r, &p, "---").is_empty(),
        "the adversary may not pass"
    );
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
