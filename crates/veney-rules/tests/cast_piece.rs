//! Cast Piece devices (§2.0.18): Fire Dance, Obscurant Chaos, Shima.
mod common;
use common::*;
use std::sync::Arc;
use veney_rules::special::cast_piece::{Device, Landing, empty_measures};
use veney_rules::{Action, Game, Phase, Position, Rules};

/// The Selves in measures 1 and 4 with the two middle measures empty (the free engagement may
/// stay on the centre point).
fn open(r: &Rules) -> Position {
    pos(
        r,
        &[
            (White, "Self", "X2"),
            (White, "Lantern", "W3"),
            (White, "Sword", "Y3"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
            (Black, "Jutsu", "W14"),
            (Black, "Balance", "Z13"),
        ],
        White,
    )
}

#[test]
fn casts_need_an_empty_measure_between_the_selves() {
    // §2.0.18: "Into a rare empty measure between the two players' Self pieces, excluding the
    // allowed presence of the free engagement".
    let r = rules();
    let p = open(&r);
    assert_eq!(empty_measures(&r, &p).len(), 2);
    assert!(notations(&r, &p).contains(&"~L".to_string()));
    let crowded = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Lantern", "W3"),
            (Black, "Self", "Y15"),
            (Black, "Cloak", "X8"),
            (Black, "Guard", "Y10"),
        ],
        White,
    );
    assert!(empty_measures(&r, &crowded).is_empty());
    assert!(!notations(&r, &crowded).iter().any(|n| n.starts_with('~')));
}

#[test]
fn a_turn_declining_its_casts_landing_is_refused() {
    // §2.0.18 Cast Piece: the piece is cast into the measure and lands there. Between the two
    // it is neither on the board nor in the discard: a whole turn that stops at the cast is
    // refused, not ended with the Lantern lost (a review found it accepted).
    let r = rules();
    let p = open(&r);
    let cast = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| matches!(a, Action::Cast { .. }))
        .expect("a cast is open");
    let mut q = p;
    let e = q.play_turn(&r, &[cast]).unwrap_err();
    assert_eq!(e.section, "§2.0.18 Devices: Cast Piece");
    assert!(e.reason.contains("landing"), "{e}");
}

#[test]
fn fire_dance_makes_its_square_a_stepping_stone() {
    // "Any one of the caster's pieces which enter the cast-square may make a double-move from
    // that space as if by stepping stone … voluntary and unlimited."
    let r = rules();
    let mut p = open(&r);
    play(&r, &mut p, "~L @Y5");
    let lantern = r.set(White).by_name("Lantern").unwrap();
    assert_eq!(
        (
            p.discard(White, lantern),
            p.cast_squares_of(White, Device::FireDance).first()
        ),
        (1, Some(sq("Y5")))
    );
    play(&r, &mut p, "SY14");
    // The Sword enters Y5 and may move again.
    let t = veney_rules::notation::parse_turn(&r, &p, "$Y5", 1).unwrap();
    let mut q = p;
    q.play(&r, t[0]).unwrap();
    assert!(
        matches!(q.phase(), Phase::Second { stone: Some(s), .. } if s == sq("Y5")),
        "{:?}",
        q.phase()
    );
    play(&r, &mut p, "$Y5 $Y6");
    assert_eq!(p.turn(), Black);
    assert!(p.piece_at(sq("Y6")).is_some());
}

#[test]
fn a_jutsu_negated_on_the_fire_dance_square_makes_no_stepping_stone() {
    // §2.0.18 Fire Dance: "Any one of the caster's pieces which enter the cast-square may make a
    // double-move from that space"; §2.0.11: Jutsu takes Jutsu and both are discarded — so no
    // piece of the caster is left on the square to move again, and the turn ends. (Found by the
    // testkit's random matches: the turn machine offered a second move from an empty square.)
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/cde1/2g1/4/es1J/e3/1j2/1Ew1/4/4/1G1B/C1D1/2S1/2W1/4 b EEEL/eb turns=89 casts=bFZ11 quiet=34",
    )
    .unwrap();
    let jutsu = r.set(Black).by_name("Jutsu").unwrap();
    let take = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| matches!(a, Action::Move(m) if m.to == sq("Z11")))
        .expect("Black's Jutsu may take White's on Z11");
    let mut q = p;
    q.play(&r, take).unwrap();
    assert_eq!(q.piece_at(sq("Z11")), None, "both Jutsus are discarded");
    assert_eq!(q.discard(Black, jutsu), 1);
    assert_eq!(
        q.turn(),
        White,
        "no second move from an empty Fire Dance square"
    );
    veney_rules::invariants::check(&r, &q).unwrap();
}

#[test]
fn a_cast_outside_the_measure_is_lost_with_no_effect() {
    // "If the piece falls outside the empty measure, it is lost with no effect."
    let r = rules();
    let mut p = open(&r);
    play(&r, &mut p, "~L @out");
    let lantern = r.set(White).by_name("Lantern").unwrap();
    assert_eq!(
        (
            p.discard(White, lantern),
            p.cast_squares_of(White, Device::FireDance).first()
        ),
        (1, None)
    );
}

#[test]
fn obscurant_chaos_repositions_and_later_springs_its_trap() {
    // "Immediately upon casting, the caster is allowed to completely reposition their Self piece
    // and one blade anywhere on their side of the board and behind the step the cast Cloak landed
    // in … On future turns, any one of the opponent's technical pieces which enter the cast-square
    // can be immediately lost to discard if the caster invokes it".
    let r = rules();
    let mut p = open(&r);
    play(&r, &mut p, "~C @W6 SW5 $Z4");
    let name = |p: &Position, s: &str| {
        p.piece_at(sq(s))
            .map(|(_, k)| r.set(White).piece(k).name().to_string())
    };
    assert_eq!(
        (name(&p, "W5").as_deref(), name(&p, "Z4").as_deref()),
        (Some("Self"), Some("Sword"))
    );
    assert_eq!(p.turn(), Black);
    // Not behind the cast step (W7 is on step 7, the Cloak landed on step 6): refused by the
    // device's own rule.
    let q = open(&r);
    refuse(&r, &q, "~C @W6 SW7").by("§2.0.18 Devices: Obscurant Chaos", "behind step 6");
    refuse(&r, &q, "~C @W6 SW5 $X6").by("§2.0.18 Devices: Obscurant Chaos", "behind step 6");
    // Black's Jutsu blinks onto the trap; White springs it.
    play(&r, &mut p, "JW6");
    assert!(
        notations(&r, &p).contains(&"~W6".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    play(&r, &mut p, "~W6");
    let jutsu = r.set(Black).by_name("Jutsu").unwrap();
    assert_eq!(p.discard(Black, jutsu), 1);
    assert!(p.chaos_spent(White).contains(sq("W6")));
}

#[test]
fn shima_discards_reserves_and_forbids_draws() {
    // "All reserved pieces except Daggers and engagements are discarded … retreat and reset are
    // now impossible, and drawing the game is not an option".
    let r = Arc::new(rules());
    let mut p = open(&r);
    play(&r, &mut p, "~D @Y6");
    assert!(p.shima());
    let guard = r.set(Black).by_name("Guard").unwrap();
    assert_eq!(p.reserve(Black, guard), 0);
    let dagger = r.set(Black).by_name("Dagger").unwrap();
    assert_eq!(p.reserve(Black, dagger), 1, "Daggers are kept");
    let mut g = Game::from_position(r.clone(), p);
    g.agree_draw();
    assert_eq!(
        g.position().outcome(),
        Some(veney_rules::Outcome::DoubleCheckmate)
    );
    // The caster's Self entering the Shima square reclaims the Dagger.
    let mut p = open(&r);
    play(&r, &mut p, "~D @X5");
    play(&r, &mut p, "SY14");
    let t = veney_rules::notation::parse_turn(&r, &p, "SX5", 1).unwrap();
    p.play(&r, t[0]).unwrap();
    assert!(
        matches!(p.phase(), Phase::Reclaim { .. }),
        "{:?}",
        p.phase()
    );
    let wd = r.set(White).by_name("Dagger").unwrap();
    p.play(
        &r,
        Action::Place {
            kind: wd,
            to: sq("X6"),
            face: None,
        },
    )
    .unwrap();
    assert_eq!(p.piece_at(sq("X6")).map(|x| x.1), Some(wd));
}

#[test]
fn the_game_draws_the_landing_from_its_seed() {
    // The rules crate's seeded generator decides where a cast lands; the same seed lands the same.
    let r = Arc::new(rules());
    let a = {
        let mut g = Game::from_position_seeded(r.clone(), open(&r), 3);
        let cast = *g
            .legal_actions()
            .iter()
            .find(|a| matches!(a, Action::Cast { .. }))
            .unwrap();
        g.play(cast).unwrap();
        g.land().unwrap()
    };
    let mut g = Game::from_position_seeded(r.clone(), open(&r), 3);
    let cast = *g
        .legal_actions()
        .iter()
        .find(|a| matches!(a, Action::Cast { .. }))
        .unwrap();
    g.play(cast).unwrap();
    assert_eq!(g.land(), Some(a));
    let inside = (0..200)
        .filter(|s| {
            Landing::draw(
                veney_rules::Measure(1),
                &[],
                &mut veney_rules::rng::seeded(*s),
            )
            .at
            .is_some()
        })
        .count();
    assert!(
        (110..170).contains(&inside),
        "{inside} of 200 inside (about 69 %)"
    );
}

#[test]
fn the_rulebooks_obscurant_chaos_record_reads_without_a_landing() {
    // §2.0.R5: "~C SW3 $X6 ...Cast Cloak with obscurant chaos moves" — written at a real board,
    // with no landing: the first landing under which the turn reads is taken (ruling R-CAST).
    let r = rules();
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "Y3"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
        ],
        White,
    );
    play(&r, &mut p, "~C SW3 $X6");
    let name = |s: &str| {
        p.piece_at(sq(s))
            .map(|(_, k)| r.set(White).piece(k).name().to_string())
    };
    assert_eq!(
        (name("W3").as_deref(), name("X6").as_deref()),
        (Some("Self"), Some("Sword"))
    );
    assert_eq!(p.turn(), Black);
}

#[test]
fn the_trap_interrupts_a_double_move_in_process() {
    // §2.0.18 Obscurant Chaos: "any one of the opponent's technical pieces which enter the
    // cast-square can be immediately lost to discard if the caster invokes it (… or even
    // interrupting a double-move in process)". Black's Cloak steps onto its engagement on White's
    // cast-square W6 (a stepping stone: a second move is open); White springs the trap at once.
    let (r, mut g) = white_trap_on_w6(&[
        (White, "Self", "Y4"),
        (White, "Sword", "X4"),
        (Black, "Self", "X13"),
        (Black, "Cloak", "X8"),
        (Black, "Engagement", "W6"),
    ]);
    assert_eq!(
        veney_rules::special::cast_piece::interrupt_square(&r, g.position()),
        None
    );
    let t = veney_rules::notation::parse_turn(&r, g.position(), "CW6", 1).unwrap();
    g.play(t[0]).unwrap();
    assert!(matches!(g.position().phase(), Phase::Second { .. }));
    assert_eq!(g.position().turn(), Black);
    assert_eq!(
        veney_rules::special::cast_piece::interrupt_square(&r, g.position()),
        Some(sq("W6"))
    );
    let played = g.interrupt().expect("the trap may interrupt");
    assert_eq!(played.last(), Some(&Action::Invoke { at: sq("W6") }));
    let cloak = r.set(Black).by_name("Cloak").unwrap();
    assert_eq!(g.position().discard(Black, cloak), 1);
    assert!(g.position().chaos_spent(White).contains(sq("W6")));
    // White's turn: the repositioning behind the square's step (§2.0.18).
    assert_eq!(g.position().turn(), White);
    assert!(matches!(g.position().phase(), Phase::Distraction { .. }));
    // The record reads as Black's one-move turn and White's turn opening with the trap.
    let rec = g.record();
    assert!(rec.contains("CW6") && rec.contains("~W6"), "{rec}");
    // Saved and loaded, the record leads to the same game.
    let back = veney_rules::savefile::read(r.clone(), &veney_rules::savefile::write(&g)).unwrap();
    assert_eq!(back.position(), g.position());
    // Nothing to interrupt now; and a spent trap never springs again.
    assert_eq!(g.interrupt(), None);
}

#[test]
fn the_trap_interrupts_a_mover_whose_donkey_moves_after_its_turn() {
    // §2.0.18 Obscurant Chaos, "even interrupting a double-move in process", with Black's Donkey
    // on the board: it moves "on its own turn following the turn of the player who placed it"
    // (§2.0.23), between Black's interrupted turn and White's invocation (R-CAST).
    let mut o = rules().options.clone();
    o.donkey = true;
    let r = Arc::new(Rules::standard_with(o));
    let base = Position::from_pieces(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (Black, "Self", "X13"),
            (Black, "Cloak", "X8"),
            (Black, "Engagement", "W6"),
        ],
        Black,
    )
    .unwrap();
    let text = format!("{} casts=wCW6 donkey=bZ11", base.to_text(&r));
    let p = Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let mut g = Game::from_position_seeded(r.clone(), p, 7);
    let t = veney_rules::notation::parse_turn(&r, g.position(), "CW6", 1).unwrap();
    g.play(t[0]).unwrap();
    assert!(matches!(g.position().phase(), Phase::Second { .. }));
    // The same game ended by hand: Black ends its turn, the Donkey throws, White springs.
    let mut twin = g.clone();
    twin.play(Action::EndTurn).unwrap();
    let sticks = twin.roll().expect("the Donkey throws its sticks");
    twin.play(Action::Invoke { at: sq("W6") }).unwrap();
    let played = g.interrupt().expect("the trap may interrupt");
    assert_eq!(
        played,
        [
            Action::EndTurn,
            Action::Donkey(Some(sticks)),
            Action::Invoke { at: sq("W6") }
        ]
    );
    let cloak = r.set(Black).by_name("Cloak").unwrap();
    assert_eq!(g.position().discard(Black, cloak), 1);
    assert_eq!(g.position().turn(), White);
    // The Donkey's sticks came from the game's generator, which moved on as `roll` moves it:
    // the whole game, generator included, is the one ended by hand.
    assert_eq!(format!("{g:?}"), format!("{twin:?}"));
    let back = veney_rules::savefile::read(r.clone(), &veney_rules::savefile::write(&g)).unwrap();
    assert_eq!(back.position(), g.position());
}

#[test]
fn the_trap_does_not_spring_on_a_cloak_holding_the_casters_blade() {
    // §2.0.18 Obscurant Chaos springs on "any one of the opponent's technical pieces which enter
    // the cast-square", but a Cloak holding the caster's blade is removed only by freeing the
    // blade (§2.0.06 FAQ: not "with an attack from another piece"; ruling R-CAST). Black's Cloak
    // captures White's Sword on White's cast-square W6: neither the interruption nor, on White's
    // turn, the invocation is open, and the Sword is not lost.
    let (r, mut g) = white_trap_on_w6(&[
        (White, "Self", "Y4"),
        (White, "Sword", "W6"),
        (Black, "Self", "X13"),
        (Black, "Cloak", "X8"),
    ]);
    let t = veney_rules::notation::parse_turn(&r, g.position(), "CW6~", 1).unwrap();
    for a in t {
        g.play(a).unwrap();
    }
    assert_eq!(
        veney_rules::special::cast_piece::interrupt_square(&r, g.position()),
        None
    );
    while g.position().turn() == Black {
        g.play(Action::EndTurn).unwrap();
    }
    let white = g.position().legal_actions(&r);
    assert!(
        !white.iter().any(|a| matches!(a, Action::Invoke { .. })),
        "{white:?}"
    );
    let sword = r.set(White).by_name("Sword").unwrap();
    assert_eq!(
        veney_rules::special::blade_capture::pins(g.position(), White).count(),
        1
    );
    assert_eq!(g.position().in_play(White, sword), 1);
}

/// A game of the standard set from `pieces` (the rest in reserve), Black to move, White's
/// Obscurant Chaos cast-square on W6.
fn white_trap_on_w6(pieces: &[(veney_rules::Side, &str, &str)]) -> (Arc<Rules>, Game) {
    trap_on_w6_with(Arc::new(rules()), pieces, "")
}

/// White's Obscurant Chaos trap on W6 under these rules, Black to move, with `extra` fields of
/// the position text (` quiet=98`).
fn trap_on_w6_with(
    r: Arc<Rules>,
    pieces: &[(veney_rules::Side, &str, &str)],
    extra: &str,
) -> (Arc<Rules>, Game) {
    let base = Position::from_pieces(&r, pieces, Black).unwrap();
    let p = Position::from_text(&r, &format!("{} casts=wCW6{extra}", base.to_text(&r))).unwrap();
    let g = Game::from_position(r.clone(), p);
    (r, g)
}

/// The pieces of the trap tests: White's Self and Sword, Black's Self and the Cloak that steps
/// onto the trap.
const TRAP_PIECES: [(veney_rules::Side, &str, &str); 4] = [
    (White, "Self", "Y4"),
    (White, "Sword", "X4"),
    (Black, "Self", "X13"),
    (Black, "Cloak", "X8"),
];

#[test]
fn obscurant_chaos_takes_an_armament_only_by_disarm_and_stabs_through_the_balance() {
    // §2.0.18 Obscurant Chaos: after the trap springs, the Self and one blade are repositioned
    // "taking by their ordinary relations" (R-CAST): an armament only by disarm (§2.0.03,
    // §2.0.14) — disarming the last blade is checkmate — and fending the Balance on one's own
    // half shadow-stabs (§2.0.18). Black's Cloak stands on White's cast-square W6.
    use veney_rules::outcome::{Mate, Outcome};
    let r = Arc::new(rules());
    let trap = |pieces: &[(veney_rules::Side, &str, &str)]| {
        let base = Position::from_pieces(&r, pieces, White).unwrap();
        Position::from_text(&r, &format!("{} casts=wCW6", base.to_text(&r))).unwrap()
    };
    let mut with = vec![
        (White, "Self", "X2"),
        (White, "Sword", "Y3"),
        (Black, "Self", "Y15"),
        (Black, "Cloak", "W6"),
    ];
    // Black's only blade on the board, its Sword, overextended on Z4 (condition A): taken by
    // disarm, and that is checkmate.
    with.push((Black, "Sword", "Z4"));
    let mut p = trap(&with);
    // Written in "simple move notation" (§2.0.R5): with its `t`, and `#` for the checkmate.
    let acts = veney_rules::notation::parse_turn(&r, &p, "~W6 SW5 $Z4", 1).unwrap();
    assert_eq!(
        veney_rules::notation::write_turn(&r, &p, &acts),
        "~W6 SW5 $tZ4#"
    );
    assert_eq!(
        veney_rules::notation::parse_turn(&r, &p, "~W6 SW5 $tZ4#", 1).unwrap(),
        acts
    );
    play(&r, &mut p, "~W6 SW5 $Z4");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: White,
            by: Mate::Disarm
        })
    );
    // The control: with Black's Dagger still on the board the disarm is no checkmate.
    let mut dagger = with.clone();
    dagger.push((Black, "Dagger", "X15"));
    let mut q = trap(&dagger);
    play(&r, &mut q, "~W6 SW5 $Z4");
    let sword = r.set(Black).by_name("Sword").unwrap();
    assert_eq!(q.discard(Black, sword), 1);
    assert!(q.outcome().is_none());
    // Black's Balance on Z4, on White's half, with Black's Jutsu in reserve: fended, and the
    // Jutsu taken.
    with.pop();
    with.push((Black, "Balance", "Z4"));
    let mut p = trap(&with);
    let jutsu = r.set(Black).by_name("Jutsu").unwrap();
    let balance = r.set(Black).by_name("Balance").unwrap();
    play(&r, &mut p, "~W6 SW5 $Z4");
    assert_eq!(p.reserve(Black, balance), 1);
    assert_eq!((p.reserve(Black, jutsu), p.discard(Black, jutsu)), (0, 1));
}

#[test]
fn under_shima_a_declaration_with_no_move_after_a_pass_loses_for_both() {
    // §2.0.18 Shima: "an attempt to draw by agreement or pass repetition is now equivalent to
    // both players losing"; §2.0.16: "only declaring intention, or only glare technically each
    // amount to a pass" — so the second pass in a row may be a declaration (R-CAST).
    let r = rules();
    let base = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "X6"),
            (White, "Jutsu", "W7"),
            (Black, "Lantern", "X8"),
            (Black, "Self", "Y14"),
        ],
        White,
    );
    let after = |shima: bool| {
        let text = if shima {
            under_shima(&base.to_text(&r))
        } else {
            base.to_text(&r)
        };
        let mut p = Position::from_text(&r, &format!("{text} passes=1")).unwrap();
        play(&r, &mut p, "!$tX8");
        p
    };
    assert_eq!(
        after(true).outcome(),
        Some(veney_rules::Outcome::DoubleCheckmate)
    );
    // The control: with no Shima the declaration is the second pass and play goes on.
    let p = after(false);
    assert_eq!((p.outcome(), p.passes()), (None, 2));
}

/// Plays the actions written, without ending the turn.
fn act(r: &Rules, p: &mut Position, text: &str) {
    for a in veney_rules::notation::parse_turn(r, p, text, 1).unwrap() {
        p.play(r, a).unwrap();
    }
}

/// White's Shima cast on X6 with its Dagger discarded, from `pieces`; White to move.
fn shima_on_x6(r: &Rules, pieces: &[(veney_rules::Side, &str, &str)]) -> Position {
    let base = pos(r, pieces, White);
    let text = format!("{} casts=wSX6", under_shima(&base.to_text(r)));
    let mut p = Position::from_text(r, &text).unwrap();
    let wd = r.set(White).by_name("Dagger").unwrap();
    // The Dagger cast for Shima lies in the discard (§2.0.18).
    let text = p.to_text(r).replacen('D', "", 1);
    p = Position::from_text(r, &text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!((p.reserve(White, wd), p.discard(White, wd)), (0, 1));
    p
}

#[test]
fn shima_reclaims_on_the_selfs_second_move_too_to_place_later() {
    // §2.0.18 Shima: "if the caster later enters the cast-square with the Self, they may reclaim
    // their Dagger and place it on the board immediately" — on any move of the turn, here the
    // second move from a stepping stone (the engagement on X5). Placing it now would be a third
    // move ("a maximum of one or two moves total in a turn", §2.0.15): it waits in reserve.
    let r = rules();
    let mut p = shima_on_x6(
        &r,
        &[
            (White, "Self", "X4"),
            (White, "Engagement", "X5"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
        ],
    );
    act(&r, &mut p, "SX5");
    assert!(matches!(p.phase(), Phase::Second { stone: Some(_), .. }));
    act(&r, &mut p, "SX6");
    assert_eq!(p.turn(), Black, "the turn is over");
    let wd = r.set(White).by_name("Dagger").unwrap();
    assert_eq!((p.reserve(White, wd), p.discard(White, wd)), (1, 0));
    // The control: a Self reaching X6 some other way than onto the cast square reclaims nothing.
    let mut q = shima_on_x6(
        &r,
        &[
            (White, "Self", "W4"),
            (White, "Engagement", "W5"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
        ],
    );
    act(&r, &mut q, "SW5");
    act(&r, &mut q, "SW6");
    assert_eq!((q.reserve(White, wd), q.discard(White, wd)), (0, 1));
}

#[test]
fn the_reclaimed_dagger_keeps_out_of_a_measure_under_presence() {
    // §2.0.11 Presence: "Your Jutsu's presence in the same measure as your Self piece prevents
    // your opponent from placing any pieces from reserve into that measure." Black's Self and
    // Jutsu hold measure 2, every square beside White's Self on the Shima square X6: the Dagger
    // comes back to reserve but cannot be placed there (a review found it placed).
    let r = rules();
    let pieces = [
        (White, "Self", "X5"),
        (White, "Sword", "W4"),
        (Black, "Self", "Z8"),
        (Black, "Jutsu", "Z7"),
        (Black, "Sword", "Z10"),
    ];
    let mut p = shima_on_x6(&r, &pieces);
    act(&r, &mut p, "SX6");
    let wd = r.set(White).by_name("Dagger").unwrap();
    assert_eq!(p.reserve(White, wd), 1, "reclaimed");
    let now = notations(&r, &p);
    assert!(!now.iter().any(|n| n.starts_with("D*")), "{now:?}");
    // The control: without the Jutsu the placement is offered.
    let mut q = shima_on_x6(&r, &[pieces[0], pieces[1], pieces[2], pieces[4]]);
    act(&r, &mut q, "SX6");
    assert!(notations(&r, &q).contains(&"D*X7".to_string()));
}

/// White's Self on X5 beside its Shima square X6, the Sword on W4 (which may move in concert).
fn beside_shima_x6(r: &Rules) -> Position {
    let pieces = [
        (White, "Self", "X5"),
        (White, "Sword", "W4"),
        (Black, "Self", "Y15"),
        (Black, "Sword", "X14"),
    ];
    shima_on_x6(r, &pieces)
}

/// `beside_shima_x6` after the Self stepped onto X6 as the turn's first move: the Dagger is
/// reclaimed, `Phase::Reclaim`.
fn reclaimed_on_x6(r: &Rules) -> Position {
    let mut p = beside_shima_x6(r);
    act(r, &mut p, "SX6");
    p
}

#[test]
fn after_shimas_reclaim_the_placement_or_the_other_second_move() {
    // §2.0.18 Shima: the caster "may reclaim their Dagger and place it on the board
    // immediately" — a may: the Sword's concert move after the Self's (R-CONCERT) is still open
    // instead. The placement is a move ("Placing a piece from reserve is a move", §2.0.15), so
    // not both: "a maximum of one or two moves total in a turn".
    let r = rules();
    let mut p = reclaimed_on_x6(&r);
    assert!(
        matches!(
            p.phase(),
            Phase::Reclaim {
                concert: Some(_),
                ..
            }
        ),
        "{:?}",
        p.phase()
    );
    let now = notations(&r, &p);
    assert!(now.contains(&"D*X7".to_string()), "{now:?}");
    assert!(
        now.contains(&"$W5".to_string()),
        "the Sword's concert move: {now:?}"
    );
    // Declining the placement: the concert move at once.
    let mut q = p;
    act(&r, &mut q, "$W5");
    assert_eq!(
        (q.turn(), q.piece_at(sq("W5")).map(|x| x.0)),
        (Black, Some(White))
    );
    // Placing the Dagger ends the turn.
    let wd = r.set(White).by_name("Dagger").unwrap();
    p.play(
        &r,
        Action::Place {
            kind: wd,
            to: sq("X7"),
            face: None,
        },
    )
    .unwrap();
    assert_eq!(p.turn(), Black);
    assert_eq!(p.piece_at(sq("X7")).map(|x| x.1), Some(wd));
    // Written as one turn: either, not both.
    for turn in ["SX6 D*X7", "SX6 $W5"] {
        let mut w = beside_shima_x6(&r);
        play(&r, &mut w, turn);
        assert_eq!(w.turn(), Black, "{turn}");
    }
    let w = beside_shima_x6(&r);
    assert!(veney_rules::notation::parse_turn(&r, &w, "SX6 D*X7 $W5", 1).is_err());
    // The position text keeps the open second move through the reclaim.
    let m = reclaimed_on_x6(&r);
    let text = m.to_text(&r);
    assert!(
        text.contains("reclaim=1") && text.contains("concert=X6"),
        "{text}"
    );
    assert_eq!(Position::from_text(&r, &text).unwrap(), m);
}

/// Black's Cloak moves onto White's trap on W6, ending Black's turn.
fn black_cloak_onto_w6(r: &Rules, g: &mut Game) {
    for a in veney_rules::notation::parse_turn(r, g.position(), "CW6", 1).unwrap() {
        g.play(a).unwrap();
    }
    if g.position().turn() == Black {
        g.play(Action::EndTurn).unwrap();
    }
    assert_eq!(g.position().turn(), White);
}

#[test]
fn the_invocation_may_be_opted_out_of_for_a_normal_turn() {
    // §2.0.18 Obscurant Chaos: "this rearrangement of criticals counts as the caster's turn; it
    // might be performed only with the Self or opted out of entirely to instead make a normal
    // move or double-move"; §2.0.15: "it's all one move, but incidentally it can never be linked
    // to further moves on one turn" (ruling R-CAST).
    let (r, mut g) = white_trap_on_w6(&[
        (White, "Self", "Y4"),
        (White, "Sword", "X4"),
        (Black, "Self", "X13"),
        (Black, "Cloak", "X8"),
    ]);
    black_cloak_onto_w6(&r, &mut g);
    let t = veney_rules::notation::parse_turn(&r, g.position(), "~W6", 1).unwrap();
    for a in t {
        g.play(a).unwrap();
    }
    assert!(matches!(g.position().phase(), Phase::Distraction { .. }));
    let moves = |g: &Game| {
        g.legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Move(_)))
            .collect::<Vec<_>>()
    };
    let repositions = |g: &Game| {
        g.legal_actions()
            .into_iter()
            .filter(|a| matches!(a, Action::Reposition { .. }))
            .count()
    };
    assert!(repositions(&g) > 0);
    let normal = moves(&g);
    assert!(
        !normal.is_empty(),
        "a normal move instead of the repositioning"
    );
    // Opting out: the Self's normal move, then the Sword in concert — a double-move.
    let self_kind = r.set(White).by_name("Self").unwrap();
    let self_move = *normal
        .iter()
        .find(|a| {
            matches!(a, Action::Move(m) if m.mover == veney_rules::Mover::Piece(self_kind)
                && m.to == sq("Y5"))
        })
        .expect("the Self may step to Y5");
    // Y5 is also a square the Self could be repositioned to: the move names its square whole,
    // and each reads back to itself.
    let legal = g.legal_actions();
    let pos = *g.position();
    let written = veney_rules::notation::San::of_action(&r, &pos, &legal, &self_move).to_string();
    let reposition = Action::Reposition {
        kind: self_kind,
        from: sq("Y4"),
        to: sq("Y5"),
    };
    assert!(legal.contains(&reposition));
    let again = veney_rules::notation::San::of_action(&r, &pos, &legal, &reposition).to_string();
    assert_eq!(again, "SY5");
    assert_ne!(written, again);
    for (text, a) in [(&written, self_move), (&again, reposition)] {
        let back = veney_rules::notation::San::parse(text)
            .unwrap()
            .resolve(&r, &pos, &legal, 1)
            .unwrap();
        assert_eq!(back, a, "{text}");
    }
    g.play(self_move).unwrap();
    assert!(
        matches!(
            g.position().phase(),
            Phase::Second {
                concert: Some(_),
                ..
            }
        ),
        "{:?}",
        g.position().phase()
    );
    assert!(
        moves(&g)
            .iter()
            .any(|a| matches!(a, Action::Move(m) if m.from == sq("X4")))
    );
    // The control: with the Self repositioned, nothing else but the blade's repositioning.
    let (r2, mut h) = white_trap_on_w6(&[
        (White, "Self", "Y4"),
        (White, "Sword", "X4"),
        (Black, "Self", "X13"),
        (Black, "Cloak", "X8"),
    ]);
    black_cloak_onto_w6(&r2, &mut h);
    for a in veney_rules::notation::parse_turn(&r2, h.position(), "~W6 SW5", 1).unwrap() {
        h.play(a).unwrap();
    }
    assert_eq!(h.position().turn(), White);
    assert!(moves(&h).is_empty());
    assert!(repositions(&h) > 0);
    // Nor after the cast's own repositioning, which is not the invocation.
    let mut c = open(&r);
    for a in veney_rules::notation::parse_turn(&r, &c, "~C @W6", 1).unwrap() {
        c.play(&r, a).unwrap();
    }
    assert!(matches!(c.phase(), Phase::Distraction { .. }));
    assert!(
        !c.legal_actions(&r)
            .iter()
            .any(|a| matches!(a, Action::Move(_)))
    );
}

#[test]
fn without_the_obscure_devices_nothing_is_cast_and_no_hirakamae() {
    // §2.0.19 step 1: "Will you play using the more obscure devices?" — with the option off, no
    // piece is cast and no side enters Hirakamae (§2.0.18); ruling R-DEVICES.
    let mut o = rules().options.clone();
    o.devices = false;
    let r = Rules::standard_with(o);
    let p = open(&r);
    assert!(!notations(&r, &p).iter().any(|n| n.starts_with('~')));
    refuse(&r, &p, "~L").by("§2.0.19", "without the more obscure devices");
    // The control: the same position under the default terms casts.
    let d = rules();
    assert!(notations(&d, &open(&d)).contains(&"~L".to_string()));
    // Hirakamae: White's only blade beside its Self in an otherwise empty measure, passing.
    let stance = |r: &Rules| {
        let mut p = pos(
            r,
            &[
                (White, "Self", "X2"),
                (White, "Sword", "Y2"),
                (Black, "Self", "Y15"),
                (Black, "Sword", "X14"),
            ],
            White,
        );
        play(r, &mut p, "---");
        p
    };
    assert!(veney_rules::special::hirakamae::active(&stance(&d), White));
    assert!(!veney_rules::special::hirakamae::active(&stance(&r), White));
    // A position with a cast-square cannot arise under those terms: its text is refused,
    // naming the field.
    let text = format!("{} casts=wFX6", open(&r).to_text(&r));
    let e = Position::from_text(&r, &text).unwrap_err().to_string();
    assert!(e.contains("casts") && e.contains("devices"), "{e}");
    assert!(Position::from_text(&d, &text).is_ok());
}

#[test]
fn every_shima_cast_leaves_its_own_square_to_reclaim_from() {
    // §2.0.18: "In the square where the cast piece landed, the players notate or commit to memory
    // a cast-square which can be recalled for use later in the game" — one for every cast. The
    // Archives Assassin has four Daggers: two Shima casts leave two squares, and the Self
    // entering one reclaims that square's Dagger; the other keeps its own ("if the caster later
    // enters the cast-square with the Self, they may reclaim their Dagger").
    let r = game("assassin", "standard");
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X4"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
        ],
        White,
    );
    let wd = r.set(White).by_name("Dagger").unwrap();
    let reserve = p.reserve(White, wd);
    play(&r, &mut p, "~D @X5");
    play(&r, &mut p, "SY14");
    play(&r, &mut p, "~D @W7");
    let shima = p.cast_squares_of(White, Device::Shima);
    assert_eq!(
        shima.collect::<Vec<_>>(),
        [sq("X5"), sq("W7")],
        "the first cast-square is kept"
    );
    assert_eq!(p.discard(White, wd), 2);
    // Both read back from the position text.
    let text = p.to_text(&r);
    assert!(text.contains("casts=wSX5,wSW7"), "{text}");
    assert_eq!(Position::from_text(&r, &text).unwrap(), p);
    play(&r, &mut p, "SY15");
    act(&r, &mut p, "SX5");
    assert!(
        matches!(p.phase(), Phase::Reclaim { .. }),
        "{:?}",
        p.phase()
    );
    assert_eq!(
        (p.reserve(White, wd), p.discard(White, wd)),
        (reserve - 1, 1),
        "one Dagger back"
    );
    assert_eq!(
        p.cast_squares_of(White, Device::Shima).collect::<Vec<_>>(),
        [sq("W7")],
        "the other square keeps its Dagger"
    );
}

#[test]
fn two_obscurant_chaos_squares_are_two_traps_each_spent_alone() {
    // §2.0.18 Obscurant Chaos: "any one of the opponent's technical pieces which enter the
    // cast-square can be immediately lost to discard if the caster invokes it … After one use,
    // the cast-square is spent and cannot be used again." The Ceremonial Guard has two Cloaks:
    // two casts, two squares, each spent by its own use.
    let r = game("ceremonial", "standard");
    let base = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "Y3"),
            (Black, "Self", "Y15"),
            (Black, "Jutsu", "W6"),
            (Black, "Balance", "Y10"),
        ],
        White,
    );
    let text = format!("{} casts=wCW6,wCY10", base.to_text(&r));
    let mut p = Position::from_text(&r, &text).unwrap();
    let invokes = |p: &Position| {
        let mut v: Vec<String> = notations(&r, p)
            .into_iter()
            .filter(|n| n.starts_with('~') && n.len() <= 4)
            .collect();
        v.sort();
        v
    };
    assert_eq!(invokes(&p), ["~W6", "~Y10"]);
    play(&r, &mut p, "~W6 SW5");
    assert_eq!(p.chaos_spent(White).collect::<Vec<_>>(), [sq("W6")]);
    assert_eq!(p.chaos_traps(White).collect::<Vec<_>>(), [sq("Y10")]);
    // The spent square is written apart and reads back.
    let t = p.to_text(&r);
    assert!(t.contains("chaosspent=wW6"), "{t}");
    assert_eq!(Position::from_text(&r, &t).unwrap(), p);
    play(&r, &mut p, "SY14");
    assert_eq!(invokes(&p), ["~Y10"], "the other trap is still set");
    // An older text's `chaosspent=w` spends every Obscurant Chaos square of that side.
    let old = Position::from_text(&r, &format!("{text} chaosspent=w")).unwrap();
    assert_eq!(old.chaos_traps(White), veney_rules::Bitboard::EMPTY);
    // A spent square must be one of the side's Obscurant Chaos squares.
    let e = Position::from_text(&r, &format!("{text} chaosspent=wX7")).unwrap_err();
    assert!(
        e.to_string().contains("no Obscurant Chaos square on X7"),
        "{e}"
    );
    // Each list names a side letter first, and a square once.
    for (field, why) in [
        ("casts=wCW6,wCW6", "wCW6 listed twice"),
        ("casts=xCW6", "expected casts=wFX10,bSY9"),
        ("casts=wQW6", "expected casts=wFX10,bSY9"),
        ("chaosspent=wW6,wW6", "wW6 listed twice"),
        ("chaosspent=xW6", "expected chaosspent=wX10,bY4"),
    ] {
        let e = Position::from_text(&r, &format!("{} {field}", base.to_text(&r))).unwrap_err();
        assert!(e.to_string().contains(why), "{field}: {e}");
    }
}

#[test]
fn with_two_traps_sprung_mid_turn_the_caster_chooses() {
    // §2.0.18 Obscurant Chaos: "any one of the opponent's technical pieces which enter the
    // cast-square can be immediately lost to discard if the caster invokes it (… or even
    // interrupting a double-move in process)". With two traps holding Black's technical pieces
    // — the Balance on Z10, the Cloak just stepped onto W6 — White chooses which to spring.
    let r = Arc::new(rules());
    let base = Position::from_pieces(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (Black, "Self", "X13"),
            (Black, "Cloak", "X8"),
            (Black, "Engagement", "W6"),
            (Black, "Balance", "Z10"),
        ],
        Black,
    )
    .unwrap();
    let p = Position::from_text(&r, &format!("{} casts=wCW6,wCZ10", base.to_text(&r))).unwrap();
    let mut g = Game::from_position(r.clone(), p);
    let t = veney_rules::notation::parse_turn(&r, g.position(), "CW6", 1).unwrap();
    g.play(t[0]).unwrap();
    let sprung = veney_rules::special::cast_piece::interrupt_squares(&r, g.position());
    assert_eq!(sprung.collect::<Vec<_>>(), [sq("W6"), sq("Z10")]);
    let played = g
        .interrupt_at(sq("Z10"))
        .expect("the second trap may be chosen");
    assert_eq!(played.last(), Some(&Action::Invoke { at: sq("Z10") }));
    assert_eq!(
        g.position().chaos_traps(White).collect::<Vec<_>>(),
        [sq("W6")],
        "the other trap stays set"
    );
    // A square that is no sprung trap is refused, and nothing is played.
    let mut h = Game::from_position(r.clone(), p);
    h.play(t[0]).unwrap();
    let before = *h.position();
    assert_eq!(h.interrupt_at(sq("X8")), None);
    assert_eq!(*h.position(), before);
}

#[test]
fn a_cloak_cast_onto_a_spent_square_sets_the_trap_again() {
    // §2.0.18: every cast leaves "a cast-square which can be recalled for use later in the
    // game"; the spent one ("cannot be used again") is a new trap when a second Cloak lands on
    // it (ruling R-CAST). The Ceremonial Guard's second Cloak lands on its spent W6.
    let r = game("ceremonial", "standard");
    let base = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "Y3"),
            (Black, "Self", "Y15"),
            (Black, "Jutsu", "W14"),
        ],
        White,
    );
    let mut p = Position::from_text(
        &r,
        &format!("{} casts=wCW6 chaosspent=wW6", base.to_text(&r)),
    )
    .unwrap();
    assert_eq!(p.chaos_traps(White), veney_rules::Bitboard::EMPTY);
    play(&r, &mut p, "~C @W6 SW5");
    assert_eq!(p.chaos_traps(White).collect::<Vec<_>>(), [sq("W6")]);
    play(&r, &mut p, "JW6");
    assert!(notations(&r, &p).contains(&"~W6".to_string()));
    // The control: with W6 still spent (no second cast) Black's Jutsu there springs nothing.
    let mut q = Position::from_text(
        &r,
        &format!("{} casts=wCW6 chaosspent=wW6", base.to_text(&r)),
    )
    .unwrap();
    play(&r, &mut q, "SX3");
    play(&r, &mut q, "JW6");
    assert!(!notations(&r, &q).contains(&"~W6".to_string()));
}

#[test]
fn a_spent_square_without_the_devices_names_the_devices() {
    // §2.0.19 step 1 (option devices: false): no cast was ever made, so `chaosspent=` is refused
    // for that reason first.
    let mut o = veney_rules::options::RuleOptions::default();
    o.devices = false;
    let r = Rules::standard_with(o);
    let base = open(&r);
    let e = Position::from_text(&r, &format!("{} chaosspent=wW6", base.to_text(&r))).unwrap_err();
    assert!(e.to_string().contains("devices"), "{e}");
}

#[test]
fn a_meta_move_opening_the_normal_turn_instead_leaves_only_its_move() {
    // R-CAST: the normal turn made instead of the invocation's repositioning may open with a
    // meta-move, but is still a move or double-move: §2.0.15 "it's all one move, but
    // incidentally it can never be linked to further moves on one turn"; §2.0.16 "a meta-move
    // must be made before the normal moves of your turn". A review found the meta-move unlocking
    // the whole turn's start: a pass, a retreat, a second invocation.
    let (r, mut g) = white_trap_on_w6(&TRAP_PIECES);
    black_cloak_onto_w6(&r, &mut g);
    for a in veney_rules::notation::parse_turn(&r, g.position(), "~W6", 1).unwrap() {
        g.play(a).unwrap();
    }
    let meta = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Meta(_)))
        .expect("a meta-move may open the normal turn");
    g.play(meta).unwrap();
    let legal = g.legal_actions();
    assert!(
        legal.iter().any(|a| matches!(a, Action::Move(_))),
        "{legal:?}"
    );
    assert!(
        !legal.iter().any(|a| matches!(
            a,
            Action::Pass
                | Action::Retreat
                | Action::Invoke { .. }
                | Action::Meta(_)
                | Action::Reposition { .. }
                | Action::Glare { .. }
                | Action::Declare { .. }
        )),
        "{legal:?}"
    );
    let why = veney_rules::untenable::explain(&r, g.position(), &Action::Pass);
    assert_eq!(why.section, "§2.0.18 Devices: Obscurant Chaos", "{why:?}");
    // The mark reads back from the position text, and the turn's move clears it.
    let p = *g.position();
    assert_eq!(Position::from_text(&r, &p.to_text(&r)).unwrap(), p);
    let step = legal
        .into_iter()
        .find(|a| matches!(a, Action::Move(m) if m.from == sq("Y4") && m.to == sq("Y5")))
        .expect("the Self steps to Y5");
    g.play(step).unwrap();
    assert_eq!(g.position().reposition(), None);
}

#[test]
fn springing_the_trap_is_contact_for_the_no_contest_count() {
    // §2.0.20 non-fencing: "making repetitious moves without taking or fending any pieces for many
    // turns"; §2.0.18: the technical piece "can be immediately lost to discard if the caster
    // invokes it". R-NO-CONTEST counts a turn quiet only when nothing was taken or fended: the
    // discard is contact (a review found it counted quiet, drawing the game at the count).
    let (r, mut g) = trap_on_w6_with(Arc::new(rules()), &TRAP_PIECES, " quiet=98");
    black_cloak_onto_w6(&r, &mut g);
    assert_eq!(g.position().quiet_turns(), 99);
    for a in veney_rules::notation::parse_turn(&r, g.position(), "~W6", 1).unwrap() {
        g.play(a).unwrap();
    }
    g.play(Action::EndTurn).unwrap();
    assert_eq!(g.position().outcome(), None);
    assert_eq!(g.position().quiet_turns(), 0);
}

#[test]
fn a_delayed_reset_after_the_turn_made_instead_of_the_invocation_starts_afresh() {
    // §2.0.22 Delayed Reset: "a reset of the board as if by retreat"; the offender moves next,
    // from a fresh turn — not still bound to the turn made instead of the Obscurant Chaos
    // repositioning (R-CAST), which would refuse it a pass (a review found the mark kept).
    let mut o = rules().options.clone();
    o.untenable = veney_rules::options::UntenablePolicy::DelayedReset;
    let (r, mut g) = trap_on_w6_with(Arc::new(Rules::standard_with(o)), &TRAP_PIECES, "");
    black_cloak_onto_w6(&r, &mut g);
    for a in veney_rules::notation::parse_turn(&r, g.position(), "~W6", 1).unwrap() {
        g.play(a).unwrap();
    }
    // Instead of repositioning: the Sword far out of its range (untenable, played with sand).
    g.play_token_reporting("$X12", 5).unwrap();
    assert!(g.call_untenable().is_some());
    let q = g.position();
    assert_eq!(q.turn(), White);
    assert_eq!(q.reposition(), None);
    assert!(
        g.legal_actions().contains(&Action::Pass),
        "{:?}",
        g.legal_actions()
    );
}

#[test]
fn the_only_remaining_blade_is_not_cast_from_the_board() {
    // §2.0.VI: "Critical (Major) pieces: The loss of these is what results in a game over. …
    // (Dagger is considered critical if Sword is lost.)" A cast piece "is then discarded"
    // (§2.0.18); the last blade is not withdrawn either (§2.0.13, R-WITHDRAW). Ruling R-CAST.
    let r = rules();
    let with = |sword: bool| {
        let mut pieces = vec![
            (White, "Self", "X2"),
            (White, "Dagger", "W3"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
        ];
        if sword {
            pieces.push((White, "Sword", "Y3"));
        }
        pos(&r, &pieces, White)
    };
    let p = with(true);
    assert!(
        notations(&r, &p).contains(&"~D".to_string()),
        "{:?}",
        notations(&r, &p)
    );
    let p = with(false);
    assert!(!notations(&r, &p).iter().any(|n| n.starts_with("~D")));
    refuse(&r, &p, "~D").by("§2.0.18 Devices: Cast Piece", "only remaining blade");
}

#[test]
fn after_shimas_reclaim_a_pass_or_another_placement_is_refused_as_after_a_move() {
    // The reclaim comes after the turn's first move: a pass is refused as after a move
    // (§2.0.17), another piece's placement as part of a double-move (§2.0.13) — a review found
    // them refused as "two passes in a row already" and by the placement squares.
    let r = rules();
    let p = reclaimed_on_x6(&r);
    assert!(matches!(p.phase(), Phase::Reclaim { .. }));
    let mut q = p;
    let e = q.play(&r, veney_rules::Action::Pass).unwrap_err();
    assert_eq!(e.section, "§2.0.17 Passing", "{e}");
    assert!(e.to_string().contains("after a move"), "{e}");
    let engagement = r.set(White).by_name("Engagement").unwrap();
    assert!(p.reserve(White, engagement) > 0);
    let e = q
        .play(
            &r,
            veney_rules::Action::Place {
                kind: engagement,
                to: sq("Y5"),
                face: None,
            },
        )
        .unwrap_err();
    assert_eq!(e.section, "§2.0.13 Placing & Withdrawing", "{e}");
    assert!(e.to_string().contains("double-move"), "{e}");
}

#[test]
fn a_self_pushed_onto_its_shima_square_by_a_donkey_reclaims_nothing() {
    // §2.0.18 Shima: "if the caster later enters the cast-square with the Self, they may
    // reclaim their Dagger" — on a move of the caster's turn (ruling R-CAST). A Donkey's push
    // (§2.0.23) is no such move, whoever placed the Donkey; nor is an action made afterwards
    // while the Self stands there (a review found Black's Donkey's push reclaiming at once, and
    // White's own reclaiming at White's next action, a meta-move).
    let mut o = rules().options.clone();
    o.donkey = true;
    let r = Rules::standard_with(o);
    let wd = r.set(White).by_name("Dagger").unwrap();
    let mut pushed = [0; 2];
    for (placer, to_move) in [('w', 'b'), ('b', 'w')] {
        for (donkey, shima) in ["W5", "X5", "Y5"]
            .into_iter()
            .flat_map(|d| ["W7", "X7", "Y7"].map(|s| (d, s)))
        {
            for sticks in ["oxxxx", "ooxxx", "oooxx", "oooox", "ooooo"] {
                let text = format!(
                    "3s/4/4/4/4/4/4/4/4/4/1S2/4/4/4/4/4 {to_move} EEEE/eeee shima=1 casts=wS{shima} \
                     donkey={placer}{donkey} donkeymove={placer}"
                );
                let mut p =
                    Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{e}: {text}"));
                assert_eq!(p.discard(White, wd), 1, "{text}");
                act(&r, &mut p, &format!("K@{sticks}"));
                if p.life_square(&r, White) != Some(sq(shima)) {
                    continue;
                }
                pushed[(placer == 'b') as usize] += 1;
                assert_eq!(p.discard(White, wd), 1, "pushed by {sticks}: {text}");
                if p.turn() == Black {
                    play(&r, &mut p, "SZ15");
                }
                act(&r, &mut p, "aw");
                assert_eq!(
                    p.discard(White, wd),
                    1,
                    "a meta-move after the push: {text}"
                );
            }
        }
    }
    assert!(
        pushed.iter().all(|&n| n > 0),
        "each side's Donkey pushed the Self: {pushed:?}"
    );
}

#[test]
fn the_inert_ruin_makes_no_double_move_from_a_fire_dance_square() {
    // §2.0.18 Fire Dance: a double-move "as if by stepping stone"; §2.0.VII: "All your pieces
    // (except Ruin) can also step-stone … The Ruin/Rien is inert and not included here"
    // (R-STONE-BY-MOVEMENT). The Ruin entering White's Fire Dance square on X6 ends the turn;
    // the Sword entering it may move again (a review found the Ruin given a second move).
    let r = rules();
    let text = "4/1s2/4/4/4/4/4/4/4/4/4/4/1W2/1S2/R3/4 w EEEECBDGLJ/eeeecbwdgljr casts=wFX6";
    let p = Position::from_text(&r, text).unwrap_or_else(|e| panic!("{e}"));
    let onto = |who: &str| {
        let k = r.set(White).by_name(who).unwrap();
        let a = p
            .legal_actions(&r)
            .into_iter()
            .find(|a| matches!(a, Action::Move(m) if m.to == sq("X6") && m.mover == veney_rules::Mover::Piece(k)))
            .unwrap_or_else(|| panic!("the {who} may enter X6"));
        let mut q = p;
        q.play(&r, a).unwrap();
        q
    };
    let ruin = onto("Ruin");
    assert_eq!(ruin.turn(), Black, "{:?}", ruin.phase());
    let sword = onto("Sword");
    assert!(
        matches!(sword.phase(), Phase::Second { stone: Some(s), .. } if s == sq("X6")),
        "{:?}",
        sword.phase()
    );
}

/// Ruling R-CAST-ORIGIN (§2.0.18, §2.0.R5): with two pieces that could be cast (the Ceremonial
/// Guard's two Cloaks, one on W4 and one in reserve), a cast names its origin, `~CW4` or `~C*`;
/// with one (the standard set's Cloak), `~C` as before.
#[test]
fn a_cast_names_its_origin_when_two_pieces_could_be_cast() {
    let r = game("ceremonial", "standard");
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Cloak", "W4"),
            (White, "Sword", "Y3"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
        ],
        White,
    );
    let casts: Vec<String> = notations(&r, &p)
        .into_iter()
        .filter(|n| n.starts_with("~C"))
        .collect();
    assert!(casts.contains(&"~CW4".to_string()), "{casts:?}");
    assert!(casts.contains(&"~C*".to_string()), "{casts:?}");
    assert!(!casts.contains(&"~C".to_string()), "{casts:?}");
    let mut q = p;
    play(&r, &mut q, "~C* @W6 SW5");
    let mut q = p;
    play(&r, &mut q, "~CW4 @W6 SW5");
    // The standard set's one Cloak: `~C`.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "Y3"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X14"),
        ],
        White,
    );
    assert!(notations(&r, &p).contains(&"~C".to_string()));
}

/// §2.0.18 Cast Dagger – Shima: "All reserved pieces except Daggers and engagements are
/// discarded, and the players continue with what is already on the board." A piece fended into
/// reserve under Shima is discarded too, never placed again (R-SHIMA-RESERVE; a review found a
/// Balance fended after Shima placed again); a position text with such a reserve is refused.
#[test]
fn under_shima_a_piece_fended_later_is_discarded() {
    let r = rules();
    let mut p = Position::from_text(
        &r,
        "4/4/4/bswc/eee1/4/4/4/4/4/4/EEEE/CWS1/2e1/3B/4 b D/d shima=1",
    )
    .unwrap();
    let balance = r.set(White).by_name("Balance").unwrap();
    play(&r, &mut p, "efZ2");
    assert_eq!(p.reserve(White, balance), 0, "not kept in reserve");
    assert!(
        !notations(&r, &p).iter().any(|n| n.starts_with("B*")),
        "{:?}",
        notations(&r, &p)
    );
    // The engagement fended with it stays in reserve ("except Daggers and engagements").
    let e = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEE1/CWS1/4/4/4 w DE/d shima=1",
    )
    .unwrap();
    assert!(notations(&r, &e).iter().any(|n| n.starts_with("e*")));
    assert!(notations(&r, &e).iter().any(|n| n.starts_with("D*")));
    let err = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWS1/4/4/4 w B/ shima=1",
    )
    .unwrap_err();
    assert!(err.to_string().contains("under Shima"), "{err}");
}

/// R-SHIMA-RESERVE: under Shima the reserve keeps only Daggers and engagements, so no other
/// piece is withdrawn (it would be discarded): `*B` is not offered, refused by Shima; an
/// engagement still is (a review found the Balance withdrawn only to be thrown away).
#[test]
fn under_shima_only_daggers_and_engagements_are_withdrawn() {
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w D/d shima=1",
    )
    .unwrap();
    let listed = notations(&r, &p);
    assert!(!listed.iter().any(|n| n == "*B" || n == "*C"), "{listed:?}");
    assert!(listed.iter().any(|n| n.starts_with("*e")), "{listed:?}");
    let balance = r.set(White).by_name("Balance").unwrap();
    let mut q = p;
    let e = q
        .play(
            &r,
            Action::Withdraw {
                kind: balance,
                from: sq("Z4"),
            },
        )
        .unwrap_err();
    assert_eq!(e.section, "§2.0.18 Devices: Shima", "{e}");
}

/// §2.0.18 Obscurant Chaos: the trap is sprung "interrupting a double-move in process" — the
/// mover's turn ends, then the invocation. While the turn cannot end (a concert partner still in
/// hand, §2.0.02), no trap is springable; `springable_traps` is what `interrupt_at` would play
/// (a review found the app offering a trap the rules then refused).
#[test]
fn a_trap_is_springable_only_when_the_movers_turn_can_end() {
    let r = Arc::new(rules());
    let p = Position::from_text(
        &r,
        "4/4/4/1ws1/1bg1/4/4/4/4/4/4/4/1WS1/4/4/4 b EEEEDGLJR/eeeedljr casts=wCX12",
    )
    .unwrap();
    let mut g = Game::from_position(r.clone(), p);
    let lift = veney_rules::notation::parse_turn(&r, g.position(), "SY12", 1).unwrap();
    g.play(lift[0]).unwrap();
    assert!(g.position().lifted().is_some(), "the Guard in hand");
    let trapped = veney_rules::special::cast_piece::interrupt_squares(&r, g.position());
    assert!(
        trapped.contains(sq("X12")),
        "the Balance stands on the trap"
    );
    assert!(g.springable_traps().is_empty());
    assert!(g.clone().interrupt_at(sq("X12")).is_none());
    // The partner placed, the turn may end: the trap is sprung.
    let placed = g
        .legal_actions()
        .into_iter()
        .find(|a| {
            g.clone().play(*a).is_ok() && {
                let mut h = g.clone();
                h.play(*a).unwrap();
                h.position().lifted().is_none()
            }
        })
        .expect("the Guard placed");
    g.play(placed).unwrap();
    if g.position().turn() == Black {
        assert_eq!(
            g.springable_traps().contains(sq("X12")),
            g.clone().interrupt_at(sq("X12")).is_some()
        );
    }
}

/// R-CAST: "a landing in any empty measure between the Selves counts" — a drawn point in the
/// margin above or below the aimed measure lands in the neighbouring measure when that one is
/// empty and between the Selves too, as the same landing entered by hand does (a review found
/// it lost); the chance outcomes weigh that strip by its area, and everything still sums to
/// the draw's whole square.
#[test]
fn a_drawn_landing_in_the_margin_counts_in_an_open_neighbouring_measure() {
    use game_api::Game as _;
    let open = [veney_rules::Measure(1), veney_rules::Measure(2)];
    let (mut next, mut below, mut out) = (0, 0, 0);
    for s in 0..600u64 {
        let l = Landing::draw(open[0], &open, &mut veney_rules::rng::seeded(s));
        match l.at {
            Some(sq) if sq.step() == 9 => {
                assert!(l.y >= 400, "{l:?}");
                next += 1;
            }
            Some(sq) => {
                assert_eq!(veney_rules::Measure::of(sq), open[0], "{l:?}");
                assert!((0..400).contains(&l.y), "{l:?}");
            }
            None => {
                out += 1;
                below += usize::from(l.y < 0 && (0..400).contains(&l.x));
            }
        }
    }
    assert!(next > 0 && below > 0 && out > next, "{next} {below} {out}");
    // The weights: 16 squares of 1.00², four of the next measure's first row 1.00 × 0.40, and
    // the rest outside.
    let r = rules();
    let text = "4/4/4/bswc/4/4/4/4/4/4/4/4/CWSB/4/4/4 w DGLJREEEE/dgljreeee";
    let p = Position::from_text(&r, text).unwrap();
    let cast = *p
        .legal_actions(&r)
        .iter()
        .find(|a| matches!(a, Action::Cast { from: None, .. }))
        .expect("a cast from reserve");
    let mut q = p;
    q.play_unchecked(&r, cast);
    let g = veney_rules::VeneyGame::new(std::sync::Arc::new(r.clone()));
    let mut listed = Vec::new();
    g.chance_outcomes(&q, &mut listed);
    let total: u32 = listed.iter().map(|(_, w)| *w).sum();
    assert_eq!(total, 480 * 480);
    let strip: Vec<_> = listed
        .iter()
        .filter(|(a, w)| *w == 100 * 40 && matches!(a, Action::Land(l) if l.at.is_some()))
        .collect();
    assert_eq!(strip.len(), 4, "{listed:?}");
}

/// §2.0.18: a cast piece lands in an empty measure between the Selves. A landing elsewhere,
/// with the piece in the air, is refused for its square (a review found "no cast piece is in
/// the air" said of one that was).
#[test]
fn a_landing_outside_the_empty_measures_names_where_it_may_land() {
    let r = rules();
    let mut p = open(&r);
    let cast = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| matches!(a, Action::Cast { .. }))
        .expect("a cast is open");
    p.play(&r, cast).unwrap();
    assert!(matches!(p.phase(), Phase::Cast { .. }));
    let e = veney_rules::notation::parse_turn(&r, &p, "@W16", 1).unwrap_err();
    assert!(e.message.contains("lands only in an empty measure"), "{e}");
    assert!(!e.message.contains("no cast piece is in the air"), "{e}");
    let e = veney_rules::notation::parse_turn(&r, &open(&r), "@X8", 1).unwrap_err();
    assert!(e.message.contains("no cast piece is in the air"), "{e}");
}

/// Blade capture and the devices (§2.0.06, ruling R-BLADE-CAPTURE): a Cloak holding an opposing
/// blade may be cast from the board (§2.0.18 "from the board or reserve", no exclusion), the
/// blade staying there, free, as when the Cloak moves off; a blade captured under the opposing
/// Cloak is not cast, and the Obscurant Chaos trap does not spring on a Cloak holding the
/// caster's blade (§2.0.06 FAQ: not "with an attack from another piece"). Each refusal names
/// that rule — a review found a "no Dagger on W4" of one lying there captured, and the trap's
/// reason naming exactly what stood there.
#[test]
fn captures_refuse_casts_and_the_trap_naming_the_capture() {
    let r = rules();
    let mut holding = Position::from_text(
        &r,
        "4/4/4/bsC1/4/4/4/4/4/4/4/4/1WSB/4/4/4 w EEEEDGLJR/eeeecdgljr pinned=w:Y13:0 turns=4",
    )
    .unwrap();
    assert!(notations(&r, &holding).contains(&"~C".to_string()));
    play(&r, &mut holding, "~C @X6");
    let sword = r.set(Black).by_name("Sword").unwrap();
    assert_eq!(holding.piece_at(sq("Y13")), Some((Black, sword)));
    assert!(!veney_rules::special::blade_capture::any_pinned(
        &holding, Black
    ));
    let captured = Position::from_text(
        &r,
        "4/4/4/bsw1/4/4/4/4/4/4/4/4/cWSB/4/4/4 w EEEECGLJR/eeeedgljr pinned=D:W4:0 turns=4",
    )
    .unwrap();
    for turn in ["~DW4 @X6", "~D"] {
        refuse(&r, &captured, turn).by("§2.0.06", "Dagger on W4 lies captured");
    }
    let trapped = Position::from_text(
        &r,
        "4/4/4/b1s1/4/4/4/4/4/1c2/4/4/C1SB/4/4/4 w EEEEDGLJR/eeeewdgljr pinned=W:X7:2 casts=wCX7 turns=6",
    )
    .unwrap();
    refuse(&r, &trapped, "~X7").by(
        "§2.0.18 Devices: Obscurant Chaos",
        "Cloak holding your blade",
    );
}

/// §2.0.18 Obscurant Chaos: the caster repositions "able to take pieces via the repositioning";
/// §2.0.05: "The free engagement can be fended by any piece." The free engagement the
/// opponent possesses (on a dark square, Black's) is fended by a repositioning onto it, as an
/// opposing engagement is; the one the caster possesses is no square to land on (a review found
/// both left out, the refusal calling W6 none of the area's squares).
#[test]
fn obscurant_chaos_repositions_onto_the_free_engagement_the_opponent_holds() {
    let r = rules();
    let p = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/1g2/4/@3/EEEE/1WSB/4/4/4 w CDGLJR/dljr casts=wCX8",
    )
    .unwrap();
    assert_eq!(p.free_square(), Some(sq("W6")));
    let acts =
        veney_rules::notation::parse_turn(&r, &p, "~X8 SfW6", 1).unwrap_or_else(|e| panic!("{e}"));
    let mut q = p;
    q.play_turn(&r, &acts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        q.piece_at(sq("W6")).map(|(_, k)| r
            .set(veney_rules::Side::White)
            .piece(k)
            .name()
            .to_string()),
        Some("Self".to_string())
    );
    assert_ne!(
        q.free_square(),
        Some(sq("W6")),
        "the free engagement fended"
    );
    // On W7, a light square, White possesses it: its own, no square to land on.
    let own = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/1g2/@3/4/EEEE/1WSB/4/4/4 w CDGLJR/dljr casts=wCX8",
    )
    .unwrap();
    assert_eq!(own.free_square(), Some(sq("W7")));
    let mut q = own;
    q.play(&r, Action::Invoke { at: sq("X8") }).unwrap();
    assert!(
        !q.legal_actions(&r)
            .iter()
            .any(|a| matches!(a, Action::Reposition { to, .. } if *to == sq("W7"))),
        "no repositioning onto the free engagement White possesses"
    );
    assert!(
        q.legal_actions(&r)
            .iter()
            .any(|a| matches!(a, Action::Reposition { to, .. } if *to == sq("W6"))),
        "the control: the empty square beside it"
    );
}
