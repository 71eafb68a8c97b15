//! Core turn rules: stepping stones, concert, en passant, placing and withdrawing, passing, the
//! free engagement, and the turn state machine.
mod common;
use common::*;
use std::sync::Arc;
use veney_rules::intersection::Intersection;
use veney_rules::{Action, FreePlace, Game, Phase, Position};

fn eng(r: &veney_rules::Rules) -> veney_rules::Kind {
    r.set(White).by_name("Engagement").unwrap()
}

#[test]
fn stepping_stone_grants_the_same_piece_a_second_move() {
    // §2.0.04 Stepping Stones: the engagement "is then removed from the board to reserve"; the
    // piece "is also granted the option to make a second move from that square".
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (White, "Engagement", "X5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let before = p.reserve(White, eng(&r));
    play(&r, &mut p, "$X5 $Z7");
    assert_eq!(p.reserve(White, eng(&r)), before + 1);
    assert_eq!(
        p.piece_at(sq("Z7"))
            .map(|x| r.set(White).piece(x.1).name().to_string()),
        Some("Sword".into())
    );
    assert_eq!(p.turn(), Black);
}

/// Ruling R-SECOND-MOVE: after a stepping stone only the landed piece moves again, and a second stepping stone grants nothing further.
#[test]
fn a_second_stepping_stone_grants_no_third_move() {
    // §2.0.04: "A double-move never leads to a third; you can take two engagements but the second
    // doesn't grant another move."
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (White, "Engagement", "X5"),
            (White, "Engagement", "X7"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let mut q = p;
    play(&r, &mut q, "$X5 $X7");
    assert_eq!((q.turn(), q.phase()), (Black, Phase::Start));
    refuse(&r, &p, "$X5 $X7 $X8").by("§2.0.15", "at most two moves");
}

#[test]
fn declining_the_second_move_is_allowed() {
    // §2.0.04: "granted the option".
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (White, "Engagement", "X5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    play(&r, &mut p, "$X5");
    assert_eq!(p.turn(), Black);
}

#[test]
fn an_engagement_may_step_stone_its_neighbour() {
    // §2.0.04: "you can use an engagement to step-stone on another of your own engagements,
    // which does grant it an additional move."
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Z2"),
            (White, "Engagement", "W5"),
            (White, "Engagement", "W6"),
            (Black, "Self", "Z16"),
        ],
        White,
    );
    assert_eq!(dests(&r, &p, "W5"), sorted(&["W6"]));
    play(&r, &mut p, "eW6 eW8");
    assert!(p.piece_at(sq("W8")).is_some() && p.piece_at(sq("W6")).is_none());
}

#[test]
fn concert_moves_an_armament_with_the_self_judged_from_the_new_square() {
    // §2.0.02 Concert: "The armament's range constraint is based on the position of the Self at
    // the end of this double-move."
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    // X12 is outside the Sword's range with the Self on Y4 (steps 1–8) ...
    assert!(!dests(&r, &p, "X4").contains(&"X12".to_string()));
    // ... but inside it once the Self has lunged to Y8 (measure 2: steps 1–12).
    let mut q = p;
    play(&r, &mut q, "SY8 $X12");
    assert_eq!(q.turn(), Black);
    assert!(q.piece_at(sq("X12")).is_some());
}

#[test]
fn concert_partner_passes_the_self_as_in_castling() {
    // §2.0.02: "The two pieces move without blocking one another (as with a "castling" move)".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X3"),
            (White, "Sword", "X2"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let mut q = p;
    play(&r, &mut q, "SX4 $X6");
    assert!(q.piece_at(sq("X6")).is_some());
    // Without concert the Self on X4 blocks the Sword.
    let p2 = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "X2"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(!dests(&r, &p2, "X2").contains(&"X6".to_string()));
}

#[test]
fn only_armaments_and_the_lantern_move_in_concert() {
    // §2.0.02: "the Sword or an armament may also move"; §2.0.10 Pseudo-Armament.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (White, "Cloak", "W4"),
            (White, "Lantern", "Z1"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    refuse(&r, &p, "SY3 CX2").by("§2.0.15 Double-Moves", "must be linked to the first");
    // The refusal names the pieces that may move in concert, the Lantern among them (a review
    // found "only an armament may move").
    refuse(&r, &p, "SY3 CX2").by("§2.0.15 Double-Moves", "Lantern");
    let mut q = p;
    play(&r, &mut q, "SY3 LZ3");
    assert!(q.piece_at(sq("Z3")).is_some());
}

#[test]
fn self_stepping_stone_then_concert_without_a_third_move() {
    // §2.0.15: "Moving an armament in concert with the Self after the Self step-stones onto a
    // square occupied by one of your engagements is a double-move."
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (White, "Engagement", "Y5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    play(&r, &mut p, "SY5 $X6");
    assert_eq!(p.turn(), Black);
    assert_eq!(p.reserve(White, eng(&r)), 4);
}

/// White's engagement on X5 about to pass X6, which Black's engagement on Y7 attacks.
fn passing(r: &veney_rules::Rules) -> Position {
    pos(
        r,
        &[
            (White, "Self", "Z2"),
            (White, "Engagement", "X5"),
            (Black, "Engagement", "Y7"),
            (Black, "Self", "W16"),
        ],
        White,
    )
}

/// Ruling R-EP: an engagement advancing two or more steps may be fended on the first square it passed by an opposing engagement attacking it, during the opponent's next turn only.
#[test]
fn en_passant_on_the_next_turn_only() {
    // §2.0.04 En passant: "your pawns are vulnerable to en passant when they move more than one
    // space and pass an opposing pawn that threatens the first of these squares."
    let r = rules();
    let mut p = passing(&r);
    play(&r, &mut p, "eX7");
    assert!(
        notations(&r, &p).contains(&"efX6~".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    let mut q = p;
    play(&r, &mut q, "efX6~");
    assert!(q.piece_at(sq("X7")).is_none());
    assert_eq!(q.reserve(White, eng(&r)), 4);
    // Not a turn later.
    let mut late = p;
    play(&r, &mut late, "SW15");
    play(&r, &mut late, "SZ1");
    assert!(!notations(&r, &late).iter().any(|n| n.contains("X6")));
}

/// En passant is a fend (§2.0.04: "vulnerable to en passant"): an engagement its set makes
/// unfendable (`fendable: false`) passes the square and is not fended so — a review found en
/// passant taking any piece with role Engagement, fendable or not.
#[test]
fn an_unfendable_engagement_is_not_taken_en_passant() {
    let src = std::fs::read_to_string(set_path("standard")).unwrap();
    let at = src.find("name: \"Engagement\"").unwrap();
    let f = at + src[at..].find("fendable: true,").unwrap();
    let hard = format!("{}fendable: false,{}", &src[..f], &src[f + 15..]);
    let army = veney_rules::PieceSet::from_ron(&set_path("standard"), &hard).unwrap();
    let r = veney_rules::Rules::with_sets(
        [Arc::new(army), set("standard")],
        veney_rules::options::RuleOptions::default(),
    )
    .unwrap();
    let mut p = passing(&r);
    play(&r, &mut p, "eX7");
    assert_eq!(p.en_passant(), None);
    // Nor does a position text give it one: the same move by a fendable engagement, its `ep`
    // read under these armies, is refused.
    let std_rules = rules();
    let mut q = passing(&std_rules);
    play(&std_rules, &mut q, "eX7");
    let text = q.to_text(&std_rules);
    assert!(text.contains("ep"), "{text}");
    let e = Position::from_text(&r, &text).unwrap_err();
    assert!(e.to_string().contains("no fendable"), "{e}");
    assert!(
        !notations(&r, &p).iter().any(|n| n.contains("X6~")),
        "{:?}",
        notations(&r, &p)
    );
}

#[test]
fn placement_is_adjacent_to_the_self_within_range() {
    // §2.0.13: "Pieces can be placed only on empty squares adjacent to the Self, and range
    // constraints still apply."
    let r = rules();
    let p = pos(&r, &[(White, "Self", "Y4"), (Black, "Self", "W16")], White);
    let placed = |name: &str| {
        let k = r.set(White).by_name(name).unwrap();
        let mut v: Vec<String> = p
            .legal_actions(&r)
            .iter()
            .filter_map(|a| match a {
                Action::Place { kind, to, .. } if *kind == k => Some(to.to_string()),
                _ => None,
            })
            .collect();
        v.sort();
        v
    };
    let ring = sorted(&["X3", "X4", "X5", "Y3", "Y5", "Z3", "Z4", "Z5"]);
    assert_eq!(placed("Guard"), ring);
    assert_eq!(placed("Jutsu"), ring);
    assert_eq!(
        placed("Lantern"),
        sorted(&["X3", "X4", "Y3", "Z3", "Z4"]),
        "the Lantern only inside the Self's measure"
    );
    refuse(&r, &p, "G*Y6").by("§2.0.13 Placing & Withdrawing", "adjacent to the Self");
}

#[test]
fn placement_is_never_part_of_a_double_move() {
    // §2.0.13: "you can never place a piece as one part of a double-move."
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Engagement", "Y5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    refuse(&r, &p, "SY5 G*Y6").by(
        "§2.0.13 Placing & Withdrawing",
        "never place a piece as part of a double-move",
    );
}

/// §2.0.VII Take or Fend?: "Withdrawn: When a player spends a turn putting one of their own
/// pieces back into reserve" — a whole turn, never the second move of a double-move (ruling
/// R-SECOND-MOVE): the refusal cites that definition, not §2.0.15, which only lists it as a
/// move (a review found the refusal blaming §2.0.15).
#[test]
fn a_withdrawal_is_a_whole_turn_not_a_second_move() {
    let r = rules();
    let start = veney_rules::Position::start(&r);
    refuse(&r, &start, "CY5 *C").by("§2.0.VII Take or Fend?", "spends a turn");
}

#[test]
fn withdrawal_only_from_own_side_never_self_or_sword() {
    // §2.0.13 Withdrawing: "only from their own side of the board, excluding of course the Self
    // piece and the Sword, as well as the Dagger if it is one's only remaining blade".
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (White, "Cloak", "X3"),
            (White, "Dagger", "Z3"),
            (White, "Engagement", "W9"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let n = notations(&r, &p);
    assert!(
        n.contains(&"*C".to_string()) && n.contains(&"*D".to_string()),
        "{n:?}"
    );
    assert!(
        !n.iter()
            .any(|m| m.starts_with("*S") || m.starts_with("*$") || m.starts_with("*e")),
        "{n:?}"
    );
    // Without the Sword, the Dagger is the only blade and stays.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "Z3"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(!notations(&r, &p).contains(&"*D".to_string()));
    refuse(&r, &p, "*D").by("§2.0.13 Placing & Withdrawing", "only remaining blade");
    // A Sword captured under a Cloak is still a remaining blade (ruling R-BLADE-CAPTURE: the
    // pinned blade is "still on the board for every count"): the Dagger may go.
    let p = Position::from_text(
        &r,
        "4/4/4/bsw1/eeee/4/4/4/4/4/1c2/EEEE/C1SB/1D2/4/4 w GLJR/dgljr pinned=W:X6:0 turns=2",
    )
    .unwrap();
    assert!(
        notations(&r, &p).contains(&"*D".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    // A Cloak holding a blade on its own side may be withdrawn: §2.0.13 excludes only the Self,
    // the Sword and the only remaining Dagger, and the Cloak's owner "may move it back off,
    // releasing the blade and saving the Cloak" (§2.0.06): the blade stays there, free (a
    // review found the withdrawal refused with no words for it, R-BLADE-CAPTURE).
    let mut p = Position::from_text(
        &r,
        "4/4/4/bsw1/eeee/4/1c2/4/4/4/4/EEEE/C1SB/1D2/4/4 b GLJR/dgljr pinned=W:X10:0 turns=2",
    )
    .unwrap();
    assert!(notations(&r, &p).contains(&"*C".to_string()));
    play(&r, &mut p, "*C");
    let sword = r.set(White).by_name("Sword").unwrap();
    let cloak = r.set(Black).by_name("Cloak").unwrap();
    assert_eq!(p.piece_at(sq("X10")), Some((White, sword)));
    assert_eq!(p.reserve(Black, cloak), 1);
    assert!(!veney_rules::special::blade_capture::any_pinned(&p, White));
    // The position reads back (no pin left without its Cloak).
    assert_eq!(Position::from_text(&r, &p.to_text(&r)).unwrap(), p);
}

#[test]
fn at_most_two_passes_in_a_row() {
    // §2.0.17: "if the opponent then also passes, the first player who passed must now make a move".
    let r = rules();
    let mut p = Position::start(&r);
    play(&r, &mut p, "---");
    play(&r, &mut p, "---");
    refuse(&r, &p, "---").by("§2.0.17 Passing", "two passes in a row");
    play(&r, &mut p, "SY3");
    play(&r, &mut p, "---");
    assert_eq!(p.passes(), 1);
}

#[test]
fn free_engagement_enters_from_the_centre_and_is_moved_by_the_colour_of_its_square() {
    // §2.0.05: it enters "into any open space of the four squares it touches"; then "can only be
    // moved by the player whose pieces correspond to the color of the square".
    let r = rules();
    let mut p = Position::start(&r);
    let entries: Vec<String> = p
        .legal_actions(&r)
        .iter()
        .filter_map(|a| match a {
            Action::EnterFree { to } => Some(to.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(entries, vec!["X8", "Y8", "X9", "Y9"]);
    play(&r, &mut p, "aX8"); // X8 is light: White's.
    assert_eq!(p.free(), FreePlace::On(sq("X8")));
    assert!(
        p.legal_actions(&r)
            .iter()
            .all(|a| !matches!(a.as_move(), Some(m) if m.from == sq("X8"))),
        "Black may not move it"
    );
    play(&r, &mut p, "SX12");
    assert_eq!(
        dests(&r, &p, "X8"),
        sorted(&["W7", "W8", "W9", "X7", "X9", "Y7", "Y8", "Y9"])
    );
}

/// Ruling R-FREE-FENDS: the free engagement fends one step diagonally forward for its possessor, like that player's own engagement.
#[test]
fn free_engagement_fends_diagonally_forward_for_its_possessor_and_returns_to_centre_when_fended() {
    // §2.0.05: "When taking pieces, it moves only diagonally forward, as if one of your own
    // engagements." "When fended, the free engagement returns to its starting point."
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (Black, "Cloak", "Y9"),
            (Black, "Self", "W16"),
        ],
        White,
    )
    .with_free_on(sq("X8"));
    assert!(notations(&r, &p).contains(&"afY9".to_string()));
    // Black's Cloak fends it from Y10... (knight from Y10 reaches X8).
    let mut q = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (Black, "Cloak", "Y10"),
            (Black, "Self", "W16"),
        ],
        Black,
    )
    .with_free_on(sq("X8"));
    play(&r, &mut q, "CfX8");
    assert_eq!(q.free(), FreePlace::Off(Intersection::CENTRE));
}

#[test]
fn possession_lets_a_blade_leap_and_step_stone_the_free_engagement() {
    // §2.0.05: "Possession also allows a player to leap over the free engagement with a blade, to
    // use it for a double-move by stepping stone".
    let r = rules();
    // Z6 is light: White's.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "Z4"),
            (Black, "Self", "W16"),
        ],
        White,
    )
    .with_free_on(sq("Z6"));
    let d = dests(&r, &p, "Z4");
    assert!(
        d.contains(&"Z6".to_string()) && d.contains(&"Z7".to_string()),
        "{d:?}"
    );
    let mut q = p;
    play(&r, &mut q, "$Z6 $Z8");
    assert_eq!(q.free(), FreePlace::Off(Intersection::CENTRE));
    // On a dark square (Black's) White cannot leap it, only fend it.
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "Z5"),
            (Black, "Self", "W16"),
        ],
        White,
    )
    .with_free_on(sq("Z7"));
    let n = notations_from(&r, &p, "Z5");
    assert!(
        n.contains(&"$fZ7".to_string()) && !n.iter().any(|m| m.ends_with("Z8")),
        "{n:?}"
    );
}

#[test]
fn a_turn_walks_the_state_machine_and_undo_restores_exactly() {
    // §2.0.15: a first action, an optional linked second, then the turn passes.
    let r = Arc::new(rules());
    let mut g = Game::new(r.clone());
    let start = *g.position();
    let acts = veney_rules::notation::parse_turn(&r, &start, "SY5 $X7", 1).unwrap();
    g.play(acts[0]).unwrap();
    assert!(matches!(
        g.position().phase(),
        Phase::Second {
            stone: Some(_),
            concert: Some(_)
        }
    ));
    assert!(g.legal_actions().contains(&Action::EndTurn));
    g.play(acts[1]).unwrap();
    assert_eq!(g.position().turn(), Black);
    assert_eq!(g.record(), "1. SY5 $X7");
    g.undo();
    g.undo();
    assert_eq!(*g.position(), start);
    assert_eq!(g.position().hash(), start.hash());
    g.redo();
    assert!(g.undo_turn());
    assert_eq!(*g.position(), start);
}

#[test]
fn untenable_actions_name_the_rule() {
    // §2.0.22: a move which breaks a rule is "untenable".
    let r = rules();
    let p = Position::start(&r);
    refuse(&r, &p, "CX5").by("§2.0.06 Cloak", "does not move from W4 to X5");
    refuse(&r, &p, "$Y4").by("§2.0.03 Sword", "Y4 is occupied by your own piece");
    refuse(&r, &p, "SY7").by("§2.0.02 Self", "path from Y4 to Y7 is blocked");
}

#[test]
fn complete_turns_from_the_start() {
    // Every first action, and after a stepping stone or Self move every linked second action.
    let r = rules();
    let p = Position::start(&r);
    let turns = p.legal_turns(&r);
    assert_eq!(
        p.legal_actions(&r).len(),
        94,
        "67 ordinary actions, the shift BX4~$Z4, 21 more squares for the floating Ruin (§2.0.12), the 4 meta-moves (§2.0.05) and SX4, the Self lifting its Sword in concert (§2.0.02, R-CONCERT)"
    );
    // At most two moves; a meta-move (immaterial) may come first.
    assert!(
        turns
            .iter()
            .all(|t| t.iter().filter(|a| a.counts_as_move()).count() <= 2)
    );
    assert!(turns.contains(&veney_rules::notation::parse_turn(&r, &p, "SY5 $X7", 1).unwrap()));
    assert_eq!(turns.len() as u64, veney_rules::perft::perft(&r, &p, 1));
}

fn dying_position(r: &veney_rules::Rules) -> veney_rules::Position {
    // White's Sword can take Black's Self on X13; Black's Sword on Y12 could then take White's
    // Self on Y9 in return.
    pos(
        r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X10"),
            (Black, "Self", "X13"),
            (Black, "Sword", "Y12"),
            (Black, "Jutsu", "W12"),
            (White, "Jutsu", "W11"),
        ],
        White,
    )
}

#[test]
fn a_mated_side_with_no_piece_to_move_has_lost_at_once() {
    // §2.0.20 Dying Moves: only a piece on the board may make the dying move ("the Self cannot
    // move after checkmate"; nothing is placed). Black's lone Self taken, nothing is left to
    // move: through the game API the game is over (it does not wait on a move nobody can make).
    use game_api::{Decision, Game as _};
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X10"),
            (Black, "Self", "X13"),
        ],
        White,
    );
    play(&r, &mut p, "$tX13#");
    // No dying move to wait for: the position itself is over, the checkmate standing.
    assert_eq!(p.dying(), None);
    assert!(p.is_game_over());
    assert!(p.legal_actions(&r).is_empty());
    let g = veney_rules::VeneyGame::new(std::sync::Arc::new(r.clone()));
    let Decision::Over(o) = g.decision(&p) else {
        panic!("the game waits on Black: {:?}", g.decision(&p))
    };
    assert_eq!(o.winner(), Some(game_api::Player(0)), "White wins");
    // The control: with a piece that can move, Black makes its dying move.
    let mut q = dying_position(&r);
    play(&r, &mut q, "$tX13#");
    assert!(matches!(g.decision(&q), Decision::Player(_)));
}

#[test]
fn the_dying_move_keeps_the_range_constraints_of_the_dead_self() {
    // §2.0.20 Dying Moves; ruling R-DYING: "Its pieces' constraints are judged from the square
    // where its Self was taken." Black's Self dies on X12 (measure 3): its Sword keeps to
    // measures 2-4 (§2.0.03 "the Self's measure and one measure either side"), so White's Self
    // on Y2 (measure 1) is out of its reach and there is no double checkmate. (White's Sword
    // reaches step 12 by its engagement there, with option `sword_steps_apart`.)
    let r = {
        let mut o = rules().options.clone();
        o.sword_steps_apart = true;
        veney_rules::Rules::standard_with(o)
    };
    let mut p = pos(
        &r,
        &[
            (White, "Self", "Y2"),
            (White, "Sword", "X10"),
            (White, "Engagement", "W12"),
            (Black, "Self", "X12"),
            (Black, "Sword", "Y11"),
        ],
        White,
    );
    play(&r, &mut p, "$tX12#");
    assert_eq!(p.dying(), Some(Black));
    let moves = notations(&r, &p);
    assert!(!moves.iter().any(|n| n.contains("Y2")), "{moves:?}");
    assert!(!moves.contains(&"$Y4".to_string()), "{moves:?}");
    assert!(moves.contains(&"$Y5".to_string()), "{moves:?}");
    let why = refuse(&r, &p, "$tY2##");
    assert!(why.message.contains("range"), "{}", why.message);
}

#[test]
fn a_dying_move_may_enact_an_intention() {
    // §2.0.11: declaring intention "no move is made until enacted" — enacting is the blade's
    // move; §2.0.20: the mated side may "checkmate in return". Ruling R-DYING: an intention still
    // open may be enacted as the dying move; on the Self it is double checkmate (`##`).
    use veney_rules::outcome::Outcome;
    let r = rules();
    let base = dying_position(&r);
    let mut p =
        Position::from_text(&r, &format!("{} intention=w:Y12:Y9:S:0", base.to_text(&r))).unwrap();
    // The intention's last part says whether it was declared this turn: 1 or 0, nothing else.
    let e = Position::from_text(&r, &format!("{} intention=w:Y12:Y9:S:x", base.to_text(&r)))
        .expect_err("fresh is 1 or 0");
    assert!(
        e.to_string()
            .contains("expected intention=BLADE:FROM:TO:TARGET:FRESH"),
        "{e}"
    );
    play(&r, &mut p, "$tX13#");
    assert_eq!(p.dying(), Some(Black));
    let enact = notations(&r, &p)
        .into_iter()
        .find(|n| n.contains('!'))
        .unwrap_or_else(|| panic!("no enactment in {:?}", notations(&r, &p)));
    assert!(enact.ends_with("##"), "{enact}");
    play(&r, &mut p, &enact);
    assert_eq!(p.outcome(), Some(Outcome::DoubleCheckmate));
    assert!(p.is_game_over());
}

#[test]
fn after_a_touch_mate_the_mated_side_has_a_dying_move() {
    // §2.0.20 Dying Moves: "when a checkmate by touch occurs … if they take it, both players
    // lose." §2.0.R5: `##` double checkmate.
    use veney_rules::outcome::{Mate, Outcome};
    let r = rules();
    let mut p = dying_position(&r);
    play(&r, &mut p, "$tX13#");
    assert_eq!(p.dying(), Some(Black));
    assert!(!p.is_game_over());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: White,
            by: Mate::Touch
        })
    );
    // No placing, passing or withdrawing: only a dying move of a piece on the board.
    assert!(
        !notations(&r, &p)
            .iter()
            .any(|n| n.contains('*') || n == "---")
    );
    assert!(
        notations(&r, &p).contains(&"$tY9##".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    // Nor a declaration, which alone amounts to a pass (§2.0.16), not even as a bluff (a review
    // found the bluff's shortcut skipping the check).
    refuse(&r, &p, "!$tY9").by("§2.0.20 Dying Moves", "only a dying move");
    let mut q = p;
    play(&r, &mut q, "$tY9##");
    assert_eq!(q.outcome(), Some(Outcome::DoubleCheckmate));
    refuse(&r, &q, "!$tY9").by("§2.0.21 Endings", "the game is over");
    assert!(q.is_game_over());
    // Any other dying move, and the mate stands.
    let mut q = p;
    play(&r, &mut q, "$Y11");
    assert!(q.is_game_over());
    assert_eq!(
        q.outcome(),
        Some(Outcome::Checkmate {
            winner: White,
            by: Mate::Touch
        })
    );
}

/// Ruling R-DEATH-SPELL: a dying Jutsu-takes-Jutsu leaves the checkmate standing and records the Death Spell.
#[test]
fn the_death_spell_is_the_dying_negation() {
    // §2.0.18 Death Spell: "if the player having just been checkmated by touch immediately follows
    // not with double-checkmate but rather with the negation of Jutsu-takes-Jutsu, they still
    // lose, but the ceremonial prize is upended".
    let r = rules();
    let mut p = dying_position(&r);
    play(&r, &mut p, "$tX13#");
    play(&r, &mut p, "JtW11");
    assert!(p.is_game_over());
    assert!(p.death_spell());
    assert_eq!(p.outcome().and_then(|o| o.winner()), Some(White));
    // Without the obscure devices (§2.0.19 step 1, R-DEVICES) there is no Death Spell: the same
    // dying negation loses plainly.
    let mut o = r.options.clone();
    o.devices = false;
    let plain = veney_rules::Rules::standard_with(o);
    let mut p = dying_position(&plain);
    play(&plain, &mut p, "$tX13#");
    play(&plain, &mut p, "JtW11");
    assert!(p.is_game_over());
    assert!(!p.death_spell());
}

#[test]
fn a_pinned_blade_may_be_freed_as_the_dying_move() {
    // §2.0.06: "They must spend a later turn if they wish to remove the Cloak"; §2.0.20: the
    // mated side's dying move; R-BLADE-CAPTURE: a pinned blade is on the board. Black's Sword,
    // pinned under White's Cloak on Y12 long enough to be freed, answers the mate by leaving the
    // Cloak to take White's Self on Y9: double checkmate (a review found it never offered).
    let r = rules();
    let base = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X10"),
            (White, "Cloak", "Y12"),
            (Black, "Self", "X13"),
            (Black, "Jutsu", "W12"),
            (White, "Jutsu", "W11"),
        ],
        White,
    );
    // `pos` puts Black's Sword in reserve: it is the pinned one instead.
    let text = format!("{} pinned=w:Y12:0 turns=6", base.to_text(&r)).replacen("/w", "/", 1);
    let mut p = Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    play(&r, &mut p, "$tX13#");
    assert_eq!(p.dying(), Some(Black));
    let frees: Vec<String> = notations(&r, &p)
        .into_iter()
        .filter(|n| n.contains("Y9"))
        .collect();
    assert!(
        frees.iter().any(|n| n.ends_with("##")),
        "{:?}",
        notations(&r, &p)
    );
}

#[test]
fn a_dying_stepping_stone_move_is_an_ordinary_move_as_on_any_turn() {
    // R-DYING: the dying move may use a stepping stone; the second move is the stone's, as on any
    // turn — a Lantern that flailed onto an engagement moves on within that stone's measure
    // (§2.0.10, R-FLAIL), not with a second flail (a review found the dying path skipping it).
    let r = rules();
    let pieces = |with_self: bool| {
        let mut v = vec![
            (White, "Lantern", "W3"),
            (White, "Sword", "Z2"),
            (Black, "Self", "Y14"),
            (Black, "Cloak", "W10"),
        ];
        if with_self {
            v.push((White, "Self", "Y6"));
        }
        v
    };
    let text = |p: &veney_rules::Position, extra: &str| format!("{} then=W3{extra}", p.to_text(&r));
    let living = veney_rules::Position::from_text(&r, &text(&pos(&r, &pieces(true), White), ""))
        .unwrap_or_else(|e| panic!("{e}"));
    let dying = veney_rules::Position::from_text(
        &r,
        &text(&pos(&r, &pieces(false), White), " dying=w:Y6 over=touch:b"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(dying.dying(), Some(White));
    let d = dests(&r, &dying, "W3");
    assert_eq!(d, dests(&r, &living, "W3"));
    assert!(!d.is_empty());
    for s in &d {
        let step: u8 = s[1..].parse().unwrap();
        assert!(step <= 4, "{s}: out of the stone's measure");
    }
}

#[test]
fn a_dying_move_in_hirakamae_keeps_its_stepping_stone() {
    // R-DYING: stepping stones are allowed in the dying move, and it is never hirakamae's extra
    // move (§2.0.18): a side mated while in hirakamae still moves on from the stone (a review
    // found the stone's move lost, only ending the turn offered).
    let r = rules();
    let base = pos(
        &r,
        &[
            (White, "Sword", "X4"),
            (White, "Engagement", "X5"),
            (Black, "Self", "Y14"),
            (Black, "Cloak", "W12"),
        ],
        White,
    );
    let mut p = veney_rules::Position::from_text(
        &r,
        &format!("{} dying=w:Y6 over=touch:b hira=1:0", base.to_text(&r)),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let onto = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| {
            a.as_move()
                .is_some_and(|m| m.from == sq("X4") && m.to == sq("X5"))
        })
        .expect("the Sword steps onto its engagement");
    p.play(&r, onto).unwrap();
    assert!(
        p.legal_actions(&r)
            .iter()
            .any(|a| a.as_move().is_some_and(|m| m.from == sq("X5"))),
        "{:?}",
        p.legal_actions(&r)
    );
}
