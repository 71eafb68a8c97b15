//! Every ending (the text's win and draw lists; rulings, "Endings"): those the rules decide, and those the players declare
//! through the match (resignation, agreement).
mod common;
use common::*;
use game_api::{Decision, Game, Outcome, Player};
use kelasu_rules::{Kelasu, KelasuOptions, Side, endings};

fn over(g: &Kelasu, s: &kelasu_rules::Position) -> Option<Outcome> {
    match g.decision(s) {
        Decision::Over(o) => Some(o),
        _ => None,
    }
}

#[test]
fn no_stones_left() {
    // "Your opponent has no Stones left." — checked at once, mid-turn.
    let g = game();
    let mut s = pos("E4:G A0:S A1:S H4:s j0:w", Side::Blue);
    play(&g, &mut s, "E4xH4");
    let o = over(&g, &s).unwrap();
    assert_eq!(
        (o.winner(), o.reason.as_str()),
        (Some(Player(0)), endings::NO_STONES)
    );
}

#[test]
fn no_non_stone_pieces_left() {
    // "Your opponent has no non-stone Pieces left."
    let g = game();
    let mut s = pos("E4:G A0:S A1:S H9:s E7:w", Side::Blue);
    play(&g, &mut s, "E4xE7");
    let o = over(&g, &s).unwrap();
    assert_eq!(
        (o.winner(), o.reason.as_str()),
        (Some(Player(0)), endings::NO_PIECES)
    );
    // A conversion can leave the converting side with none: it then loses, unless the same
    // action won (the mover's wins come first; ruling "When wins are checked").
    let mut s = pos("E4:D F5:s A0:S j0:w j9:s", Side::Blue);
    play(&g, &mut s, "E4%F5");
    let o = over(&g, &s).unwrap();
    assert_eq!(
        (o.winner(), o.reason.as_str()),
        (Some(Player(1)), endings::NO_PIECES)
    );
    let mut s = pos("E4:D F5:s A0:S j0:w", Side::Blue);
    play(&g, &mut s, "E4%F5");
    let o = over(&g, &s).unwrap();
    assert_eq!(
        (o.winner(), o.reason.as_str()),
        (Some(Player(0)), endings::NO_STONES)
    );
}

#[test]
fn all_four_victory_tiles() {
    // "You occupy all 4 Victory Tiles at once." E4 E5 F4 F5.
    let g = game();
    let mut s = pos("E4:G E5:G F4:G D5:W A0:S A1:S j9:s j0:w", Side::Blue);
    assert!(over(&g, &s).is_none());
    play(&g, &mut s, "E5-E6");
    assert!(over(&g, &s).is_none());
    let mut s = pos("E4:G E5:G F4:G E6:C A0:S A1:S j9:s j0:w", Side::Blue);
    play(&g, &mut s, "E6-F5");
    let o = over(&g, &s).unwrap();
    assert_eq!(
        (o.winner(), o.reason.as_str()),
        (Some(Player(0)), endings::VICTORY_TILES_HELD)
    );
    // Tiles held by both sides win nothing.
    let s = pos("E4:G E5:G F4:G F5:g A0:S j9:s", Side::Blue);
    assert!(over(&g, &s).is_none());
}

#[test]
fn sixty_four_full_turns_without_blank_move_merge_or_capture() {
    // "Making 64 full turns without a Blank move, a Merge, or a Capture." A full turn is one turn
    // of each side: 128 turns. Here QuietTurns=2 (4 turns); the default is checked below.
    let o = KelasuOptions {
        quiet_full_turns: Some(2),
        ..KelasuOptions::default()
    };
    let g = Kelasu::new(o);
    let mut s = pos("A0:G C0:S J9:g H9:s", Side::Blue);
    play(&g, &mut s, "A0-A1 J9-J8 A1-A2");
    assert!(over(&g, &s).is_none());
    play(&g, &mut s, "J8-J7");
    let o = over(&g, &s).unwrap();
    // The reason names the agreed count, not the text's 64.
    assert_eq!(
        o.reason,
        "2 full turns without a Blank move, a Merge or a Capture"
    );
    assert_eq!(o.winner(), None);
    // A Blank move restarts the count.
    let mut s = pos("A0:G C0:S C5:B J9:g H9:s", Side::Blue);
    play(&g, &mut s, "A0-A1 J9-J8 C5-D5 J8-J7 A1-A2");
    assert!(over(&g, &s).is_none());
    // After C5-D5: J8-J7, A1-A2, J7-J6 are three quiet turns; A2-A3 the fourth.
    play(&g, &mut s, "J7-J6");
    assert!(over(&g, &s).is_none());
    play(&g, &mut s, "A2-A3");
    assert_eq!(over(&g, &s).unwrap().reason, endings::quiet_turns(2));
    // A Merge restarts it: after W=D4/D5 (one energy, two Blanks: the turn ends), the fourth
    // quiet turn ends the game, not the third.
    let mut s = pos("A0:G C0:S D4:B D5:B J9:g H9:s", Side::Blue);
    play(&g, &mut s, "A0-A1 J9-J8 W=D4/D5 J8-J7 A1-A2 J7-J6");
    assert!(over(&g, &s).is_none());
    play(&g, &mut s, "A2-A3");
    assert_eq!(over(&g, &s).unwrap().reason, endings::quiet_turns(2));
    // So does a Capture: A1xA5 takes Red's Warrior.
    let mut s = pos("A0:G C0:S A5:w J9:g H9:s", Side::Blue);
    play(&g, &mut s, "A0-A1 J9-J8 A1xA5 J8-J7 A5-A6 J7-J6");
    assert!(over(&g, &s).is_none());
    play(&g, &mut s, "A6-A7");
    assert_eq!(over(&g, &s).unwrap().reason, endings::quiet_turns(2));
}

#[test]
fn default_count_is_128_turns() {
    let g = game();
    let mut s = pos("A0:G C0:S J9:g H9:s", Side::Blue);
    // The Generals walk cycles of 11 and 20 moves over distinct squares, so the turn-start
    // position repeats only every 220 full turns: the count ends the game first.
    for t in 0..64 {
        assert!(over(&g, &s).is_none(), "over after {t} full turns");
        play(&g, &mut s, BLUE_11[t % 11]);
        play(&g, &mut s, RED_20[t % 20]);
    }
    assert_eq!(over(&g, &s).unwrap().reason, endings::QUIET_TURNS);
}

/// Blue's General around A0..A8, B9, B0: 11 moves, 11 distinct squares.
const BLUE_11: [&str; 11] = [
    "A0-A1", "A1-A2", "A2-A3", "A3-A4", "A4-A5", "A5-A6", "A6-A7", "A7-A8", "A8-B9", "B9-B0",
    "B0-A0",
];
/// Red's General around J9..J1, I0, I9: 11 moves.
const RED_11: [&str; 11] = [
    "J9-J8", "J8-J7", "J7-J6", "J6-J5", "J5-J4", "J4-J3", "J3-J2", "J2-J1", "J1-I0", "I0-I9",
    "I9-J9",
];
/// Red's General down the J file and back up the I file: 20 moves.
const RED_20: [&str; 20] = [
    "J9-J8", "J8-J7", "J7-J6", "J6-J5", "J5-J4", "J4-J3", "J3-J2", "J2-J1", "J1-J0", "J0-I0",
    "I0-I1", "I1-I2", "I2-I3", "I3-I4", "I4-I5", "I5-I6", "I6-I7", "I7-I8", "I8-I9", "I9-J9",
];

#[test]
fn fourfold_repetition_however_far_apart() {
    // "Fourfold repetition of the position." with no limit on how far apart: both Generals walk
    // 11-move cycles, so the start stands again at turn starts 22, 44 and 66 (full turns 11, 22,
    // 33). No capture, merge or Blank move comes between: the draw comes at the fourth, 66 turn
    // starts after the first.
    let g = game();
    let mut s = pos("A0:G C0:S J9:g H9:s", Side::Blue);
    for t in 0..33 {
        assert!(over(&g, &s).is_none(), "over after {t} full turns");
        play(&g, &mut s, BLUE_11[t % 11]);
        play(&g, &mut s, RED_11[t % 11]);
    }
    assert_eq!(s.repetitions(), 4);
    assert_eq!(
        s.history().len(),
        67,
        "every turn start since the first is kept"
    );
    let o = over(&g, &s).unwrap();
    assert_eq!((o.reason.as_str(), o.winner()), (endings::REPETITION, None));
}

#[test]
fn fourfold_repetition() {
    // "Fourfold repetition of the position." Turn-start positions: the start is the 1st
    // occurrence; after each 4 turns (2 full) the Generals are back: 2nd, 3rd, 4th.
    let g = game();
    let mut s = pos("A0:G C0:S J9:g H9:s", Side::Blue);
    for _ in 0..2 {
        play(&g, &mut s, "A0-A1 J9-J8 A1-A0 J8-J9");
        assert!(over(&g, &s).is_none());
    }
    assert_eq!(s.repetitions(), 3);
    play(&g, &mut s, "A0-A1 J9-J8 A1-A0");
    assert!(over(&g, &s).is_none());
    play(&g, &mut s, "J8-J9");
    let o = over(&g, &s).unwrap();
    assert_eq!((o.reason.as_str(), o.winner()), (endings::REPETITION, None));
}

#[test]
fn stalemate() {
    // "Stalemate, though this is extremely rare": Blue's only movable piece, a Blank on J0, is
    // hemmed in (forward is off the board, J1 holds a Red Stone, Blanks never capture).
    let g = game();
    let s = pos("J0:B C5:S J1:s E9:g", Side::Blue);
    let o = over(&g, &s).unwrap();
    assert_eq!((o.reason.as_str(), o.winner()), (endings::STALEMATE, None));
    // With Pass=yes Blue may end the turn instead.
    let g = Kelasu::new(KelasuOptions {
        pass_allowed: true,
        ..KelasuOptions::default()
    });
    assert!(over(&g, &s).is_none());
    assert_eq!(legal(&g, &s), vec![kelasu_rules::Action::End]);
    // The notation reader says the stalemated game is over, as after any ending (a review found
    // it answering as if the game went on).
    let g = game();
    for text in ["J0xJ1", "J0-J1", "end"] {
        let e = g.parse_action(&s, text).unwrap_err();
        assert!(
            e.why.contains("the game is over (stalemate)"),
            "{text}: {e}"
        );
    }
}

/// "Your opponent Resigns." — at any moment, mid-turn too (here with energy left after one
/// move); the other side wins; the save keeps it; undo takes it back and the turn goes on.
#[test]
fn resignation_mid_turn() {
    use game_api::{AnyMatch, Declared, Match, PlayerResult, Viewer};
    let g = std::sync::Arc::new(game());
    let mut m = Match::new(g.clone(), 3);
    let blue = m.actor().unwrap();
    let first = m.legal_actions(blue)[0];
    m.play(blue, first).unwrap();
    assert_eq!(
        m.decision(),
        Decision::Player(Side::Blue.player()),
        "mid-turn"
    );
    m.declare(Declared::Resigns(Side::Blue.player())).unwrap();
    let Decision::Over(o) = m.decision() else {
        panic!("resigning ends the game")
    };
    assert_eq!(
        (o.reason.as_str(), o.winner()),
        ("Blue resigns", Some(Side::Red.player()))
    );
    assert_eq!(o.results, [PlayerResult::Loss, PlayerResult::Win]);
    let save = m.save_text(Viewer::Referee);
    assert!(save.contains("[Ending \"Blue resigns\"]"), "{save}");
    game_testkit::check_save_roundtrip(&m).unwrap();
    assert!(AnyMatch::undo(&mut m));
    assert_eq!(m.decision(), Decision::Player(Side::Blue.player()));
    assert_eq!(m.history().len(), 1);
}

/// "A mutual agreement." — and "Both players being unable to achieve the win conditions. (Not
/// Implemented, just manually offer a Draw.)": the same agreed draw.
#[test]
fn draw_by_agreement() {
    use game_api::{Declared, Match, PlayerResult};
    let g = std::sync::Arc::new(game());
    let mut m = Match::new(g, 3);
    m.declare(Declared::DrawAgreed).unwrap();
    let Decision::Over(o) = m.decision() else {
        panic!("an agreed draw ends the game")
    };
    assert_eq!(o.results, [PlayerResult::Draw, PlayerResult::Draw]);
    assert_eq!(o.winner(), None);
    game_testkit::check_save_roundtrip(&m).unwrap();
}

#[test]
fn a_quiet_count_beyond_the_headers_limit_neither_overflows_nor_ends_at_once() {
    // "Making 64 full turns without …": an agreed count is compared in whole turns, whatever its
    // size (twice 20,000 turns does not fit the count's type: it overflowed and drew at once).
    let g = Kelasu::new(KelasuOptions {
        quiet_full_turns: Some(20_000),
        ..KelasuOptions::default()
    });
    let mut s = pos("A0:G C0:S J9:g H9:s", Side::Blue);
    play(&g, &mut s, "A0-A1 J9-J8");
    assert!(over(&g, &s).is_none());
    assert!(g.parse_position(&g.position_text(&s)).is_ok());
}

#[test]
fn a_finished_game_reads_no_action_though_energy_is_left() {
    // "Endings": capturing the last opposing Stone ends the game at once; Blue's energy left over
    // buys nothing more, and the notation reader says so.
    let g = game();
    let mut s = pos("E4:G C5:W A0:S A1:S H4:s j0:w", Side::Blue);
    play(&g, &mut s, "E4xH4");
    assert!(over(&g, &s).is_some());
    let e = g.parse_action(&s, "C5-D5").unwrap_err();
    assert!(e.why.contains("game is over"), "{e}");
    // An action played there is refused with the ending named, not a bare "the game is over"
    // (a review found nothing saying who won or why).
    let o = over(&g, &s).unwrap();
    let r = g.refusal(
        &s,
        game_api::Actor::Player(Player(0)),
        kelasu_rules::Action::End,
    );
    assert_eq!(r.rule, "end of the game");
    // Who won, and why.
    let headline = o.headline(|p| g.player_name(p));
    assert!(headline.contains("wins"), "{headline}");
    assert_eq!(r.why, format!("the game is over: {headline}"));
    // So through the match.
    let mut m = game_api::Match::from_state(std::sync::Arc::new(g), s, 1);
    let e = m
        .play(
            game_api::Actor::Player(Player(0)),
            kelasu_rules::Action::End,
        )
        .unwrap_err();
    assert!(e.why.contains(&o.reason), "{e}");
}

/// The turn that ends the game is checked as every other (the testkit's playouts check each
/// turn): a piece moving twice in it is caught — a review found the deciding turn of every game
/// passed unchecked. (The turn is built by hand: the rules would never list it.)
#[test]
fn a_turn_that_ends_the_game_is_checked_too() {
    use kelasu_rules::{Action, Square};
    let g = game();
    let start = pos("E4:G C5:W A0:S A1:S H4:s j0:w", Side::Blue);
    let mut end = start.clone();
    play(&g, &mut end, "E4xH4");
    assert!(over(&g, &end).is_some());
    let sq = |t: &str| Square::parse(t).unwrap();
    let fine = [Action::Move {
        from: sq("E4"),
        to: sq("H4"),
    }];
    assert_eq!(g.check_turn(&start, &fine, &end), Ok(()));
    let twice = [
        Action::Move {
            from: sq("E4"),
            to: sq("F4"),
        },
        Action::Move {
            from: sq("F4"),
            to: sq("H4"),
        },
    ];
    let e = g.check_turn(&start, &twice, &end).unwrap_err();
    assert!(e.contains("moved twice"), "{e}");
}

/// The quiet-turn draw's reason reads right for one full turn (a review found "1 full turns").
#[test]
fn one_quiet_full_turn_is_said_in_the_singular() {
    assert!(endings::quiet_turns(1).starts_with("1 full turn without"));
    assert!(endings::quiet_turns(2).starts_with("2 full turns without"));
}

/// The testkit's per-turn check (`Game::check_turn`) refuses what no turn may do, so a
/// generator that allowed it would be caught by the random playouts: a moved Diplomat
/// converting ("A piece that moved … may not move, recall or convert again this turn"), an
/// action after the energy ran out (only a merge may overspend, as the last action), a moved
/// Blank merged under `MovedBlanksMerge=no` (a review found all three passed).
#[test]
fn the_turn_check_refuses_what_no_turn_may_do() {
    use kelasu_rules::{Action, Bitboard, Kelasu, KelasuOptions, Kind};
    let g = game();
    let start = pos(
        "D4:D B1:B B2:B E4:W A0:S A1:S A2:S A3:S j0:s j9:g",
        Side::Blue,
    );
    assert_eq!(start.energy(), 4);
    let mv = |from: &str, to: &str| Action::Move {
        from: sq(from),
        to: sq(to),
    };
    let converted = [
        mv("D4", "E5"),
        Action::Convert {
            from: sq("E5"),
            target: sq("F5"),
        },
    ];
    let e = g.check_turn(&start, &converted, &start).unwrap_err();
    assert!(e.contains("moved and converted"), "{e}");
    let five = [
        mv("D4", "E5"),
        mv("E4", "F4"),
        mv("B1", "C1"),
        mv("B2", "C2"),
        mv("A0", "B0"),
    ];
    let e = g.check_turn(&start, &five, &start).unwrap_err();
    assert!(e.contains("after the energy ran out"), "{e}");
    let merged = [
        mv("B1", "C1"),
        Action::Merge {
            kind: Kind::Warrior,
            to: sq("C1"),
            blanks: Bitboard::from_square(sq("C1")).with(sq("B2")),
        },
    ];
    let strict = Kelasu::new(KelasuOptions {
        moved_blanks_merge: false,
        ..KelasuOptions::default()
    });
    let e = strict.check_turn(&start, &merged, &start).unwrap_err();
    assert!(e.contains("moved and merged"), "{e}");
    // Under the default a moved Blank may merge: the same turn is refused for another reason
    // only (its energy left over: the turn here is cut short).
    let e = g.check_turn(&start, &merged, &start).unwrap_err();
    assert!(!e.contains("moved and merged"), "{e}");
    assert!(e.contains("energy left"), "{e}");
}
