//! The Donkey (§2.0.23), behind the `donkey` option.
mod common;
use common::*;
use veney_rules::{Phase, Position, Rules};

fn donkey_rules() -> Rules {
    let mut o = rules().options.clone();
    o.donkey = true;
    Rules::standard_with(o)
}

/// White's Donkey on `at` about to move, with the given extra pieces; the engagements not on
/// the board are in reserve (they are never discarded, §2.0.04).
fn about_to_move(r: &Rules, at: &str, extra: &str) -> Position {
    let res = |c: char| c.to_string().repeat(4 - extra.matches(c).count());
    let text = format!(
        "{extra} b {}/{} donkey=w{at} donkeymove=w",
        res('E'),
        res('e')
    );
    Position::from_text(r, &text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn the_donkey_is_placed_anywhere_and_moves_after_its_placers_turn() {
    // "placed without restriction … After being placed, it moves autonomously … on its own turn
    // following the turn of the player who placed it."
    let r = donkey_rules();
    let mut p = Position::start(&r);
    assert!(notations(&r, &p).contains(&"K*X8".to_string()));
    play(&r, &mut p, "K*X8");
    assert_eq!(p.phase(), Phase::DonkeyMove { placer: White });
    assert_eq!(p.turn(), Black);
    // Two black sticks: forward (for White, up the board).
    play(&r, &mut p, "K@ooxxx SX14");
    assert_eq!(p.donkey(White), Some(sq("X9")));
    assert_eq!(p.turn(), White);
}

#[test]
fn it_pushes_a_self_fends_engagements_and_turns_back_from_other_pieces() {
    // "If the Donkey is to move to a square occupied by either Self, it pushes the Self away";
    // "The Donkey will fend both players' engagements"; "If the Donkey is directed to move to a
    // space occupied by any other piece, it instead moves in the opposite direction."
    let r = donkey_rules();
    // Board rows 16..1; Black Self on X13 above the Donkey on X12; White Self far away.
    let mut p = about_to_move(&r, "X12", "4/4/4/1s2/4/4/4/4/4/4/4/4/4/4/4/S3");
    play(&r, &mut p, "K@ooxxx");
    assert_eq!(
        (p.donkey(White), p.life_square(&r, Black)),
        (Some(sq("X13")), Some(sq("X14")))
    );
    let mut p = about_to_move(&r, "X12", "4/4/4/1e2/4/4/4/4/4/4/4/4/4/4/4/S2s");
    let e = r.set(Black).by_name("Engagement").unwrap();
    assert_eq!(p.reserve(Black, e), 3);
    play(&r, &mut p, "K@ooxxx");
    assert_eq!(
        (p.donkey(White), p.reserve(Black, e)),
        (Some(sq("X13")), 4),
        "fended to reserve"
    );
    let mut p = about_to_move(&r, "X12", "4/4/4/1c2/4/4/4/4/4/4/4/4/4/4/4/S2s");
    play(&r, &mut p, "K@ooxxx");
    assert_eq!(
        p.donkey(White),
        Some(sq("X11")),
        "the Cloak sends it the other way"
    );
}

#[test]
fn the_donkeys_move_ends_the_quibbling() {
    // §2.0.20 Impasse: a reset may be declared "unless/until a move is made by a piece other than
    // the free engagement" — the Donkey is such a piece (R-QUIBBLE).
    let r = donkey_rules();
    let base = about_to_move(&r, "X12", "4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/S2s");
    let mut p = Position::from_text(&r, &format!("{} quibbles=2", base.to_text(&r))).unwrap();
    assert_eq!(p.quibbles(), 2);
    play(&r, &mut p, "K@ooxxx");
    assert_eq!(p.donkey(White), Some(sq("X13")));
    assert_eq!(p.quibbles(), 0);
    assert!(!notations(&r, &p).contains(&"a==".to_string()));
}

#[test]
fn off_the_board_it_goes_home_and_nothing_leaps_it() {
    // "if a movement directs the Donkey off the board, it is removed from play"; "no piece can
    // leap over it".
    let r = donkey_rules();
    let mut p = about_to_move(&r, "X16", "4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/S2s");
    play(&r, &mut p, "K@ooxxx");
    assert_eq!((p.donkey(White), p.donkey_in_reserve(White)), (None, true));
    // A Balance (which leaps anything) cannot pass the Donkey.
    let p = Position::from_text(
        &r,
        "4/4/3s/4/4/4/4/4/4/4/4/4/4/2B1/4/S3 w EEEE/eeee donkey=bX2",
    )
    .unwrap();
    let d = dests(&r, &p, "Y3");
    assert!(
        !d.contains(&"W1".to_string()) && !d.contains(&"X2".to_string()),
        "{d:?}"
    );
    assert!(d.contains(&"Z4".to_string()));
    // Asked to anyway, the rules say why (§2.0.23 "no piece can leap over it").
    refuse(&r, &p, "BW1").by("§2.0.23 The Donkey", "leap over the Donkey on X2");
}

#[test]
fn random_games_with_donkeys_keep_every_invariant() {
    let r = std::sync::Arc::new(donkey_rules());
    veney_rules::playout::random_games(&r, 500, 4242, 150, true).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_donkey_keeps_a_measure_from_being_empty_for_a_cast() {
    // §2.0.23: the Donkey "has the same [non]interaction mechanics as a Ruin"; §2.0.18 casts go
    // "Into a rare empty measure between the two players' Self pieces, excluding the allowed
    // presence of the free engagement" — a Ruin, and so a Donkey, fills the measure.
    use veney_rules::special::cast_piece::{Landing, empty_measures};
    let r = donkey_rules();
    let text = |extra: &str| format!("4/1sw1/4/4/4/4/4/4/4/4/4/4/4/4/1SW1/4 w EEEEL/eeee {extra}",);
    // The control: measures 2 and 3 (steps 5-12) are empty between the Selves (X2, X15).
    let p = Position::from_text(&r, &text("")).unwrap();
    assert_eq!(empty_measures(&r, &p).len(), 2);
    // White's Donkey on X6 (measure 2): only measure 3 is empty, and the cast aims there.
    let mut p = Position::from_text(&r, &text("donkey=wX6")).unwrap();
    let m = |p: &Position| {
        empty_measures(&r, p)
            .iter()
            .map(|m| m.0)
            .collect::<Vec<_>>()
    };
    assert_eq!(m(&p).len(), 1);
    assert!(!m(&p).contains(&veney_rules::measure::Measure::of(sq("X6")).0));
    assert!(notations(&r, &p).contains(&"~L".to_string()));
    p.play(
        &r,
        p.legal_actions(&r)
            .into_iter()
            .find(|a| matches!(a, veney_rules::Action::Cast { .. }))
            .unwrap(),
    )
    .unwrap();
    // Nothing lands on the Donkey, nor in its measure.
    assert!(!veney_rules::special::cast_piece::accepts(
        &r,
        &p,
        Landing::on(Some(sq("X6")))
    ));
    assert!(!veney_rules::special::cast_piece::accepts(
        &r,
        &p,
        Landing::on(Some(sq("W7")))
    ));
    assert!(veney_rules::special::cast_piece::accepts(
        &r,
        &p,
        Landing::on(Some(sq("W10")))
    ));
}

#[test]
fn the_cloak_does_not_leap_over_donkeys_on_both_its_paths() {
    // §2.0.23: "no piece can leap over it"; §2.0.06: the Cloak "moves to a space any combination
    // of one square orthogonally plus one square diagonally (or vice versa), able to leap over any
    // pieces in its path". From W1 to X3 its paths pass W2 (straight first) or X2 (diagonal
    // first): with a Donkey on each, the leap is refused, by the Donkey's rule.
    let r = donkey_rules();
    let at = |donkeys: &str| {
        let text = format!("3s/4/4/4/4/4/4/4/4/4/4/4/4/4/4/C2S w EEEE/eeee {donkeys}");
        Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    let both = at("donkey=wW2,bX2");
    assert!(!dests(&r, &both, "W1").contains(&"X3".to_string()));
    refuse(&r, &both, "CX3").by("§2.0.23 The Donkey", "leap over the Donkey");
    // Its other leaps, over neither Donkey's square alone, stand (W1 to Y2 passes X1 or X2).
    assert!(dests(&r, &both, "W1").contains(&"Y2".to_string()));
    // The control: one Donkey leaves the other path open.
    let one = at("donkey=wW2");
    assert!(dests(&r, &one, "W1").contains(&"X3".to_string()));
}

#[test]
fn a_game_whose_donkey_moved_saves_and_loads() {
    // §2.0.23: the Donkey moves "on its own turn following the turn of the player who placed
    // it"; the record writes its throw with that turn (`K*X8 K@xooox`), and a save reads back
    // to the same game (a review found every such save refused: "the turn is already over").
    let r = std::sync::Arc::new(donkey_rules());
    let mut g = veney_rules::Game::from_position_seeded(r.clone(), Position::start(&r), 3);
    for a in veney_rules::notation::parse_turn(&r, g.position(), "K*X8", 1).unwrap() {
        g.play(a).unwrap();
    }
    assert_eq!(g.position().phase(), Phase::DonkeyMove { placer: White });
    let sticks = g.roll().expect("the Donkey throws");
    assert!(
        g.record().contains(&format!("K*X8 K@{sticks}")),
        "{}",
        g.record()
    );
    let text = veney_rules::savefile::write(&g);
    let back = veney_rules::savefile::read(r.clone(), &text).unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!(back.record(), g.record());
    // The save names its rule options (§2.0.19 step 1, the Donkey agreed): a program builds
    // those rules to load it, and rules without the Donkey refuse it, naming both.
    assert_eq!(
        veney_rules::savefile::options_of(&text),
        Some(Ok(r.options.clone()))
    );
    let e = veney_rules::savefile::read(std::sync::Arc::new(Rules::standard()), &text)
        .err()
        .expect("refused under other options");
    assert!(
        matches!(e, veney_rules::savefile::SaveError::RulesChanged { .. }),
        "{e}"
    );
    assert!(e.to_string().contains("donkey:true"), "{e}");
    // Forty more actions, the Donkey throwing after each of White's turns: still the game.
    let mut throws = 1;
    for i in 0..40 {
        if g.position().is_game_over() {
            break;
        }
        if matches!(g.position().phase(), Phase::DonkeyMove { .. }) {
            g.roll();
            throws += 1;
            continue;
        }
        let legal = g.legal_actions();
        g.play(legal[(i * 7) % legal.len()]).unwrap();
    }
    assert!(throws > 3, "{}", g.record());
    let back = veney_rules::savefile::read(r.clone(), &veney_rules::savefile::write(&g))
        .unwrap_or_else(|e| panic!("{e:?}\n{}", g.record()));
    assert_eq!(back.position(), g.position(), "{}", g.record());
}

#[test]
fn a_self_pushed_into_its_balances_measure_fends_the_jutsu_there() {
    // §2.0.07 Control: "entering the opponent's Jutsu-occupied measure with your Balance and Self
    // fends their Jutsu"; R-CONTROL: a piece repositioned "enters" the measure though no move
    // made it — so does a Self the Donkey pushes (a review found the Jutsu left in place).
    let r = donkey_rules();
    // White's Balance on W7 and Black's Jutsu on Z6 in the second measure; White's Self on X4
    // above White's Donkey on X3, which moves forward and pushes the Self to X5.
    let mut p = about_to_move(&r, "X3", "4/4/2s1/4/4/4/4/4/4/B3/3j/4/1S2/4/4/4");
    play(&r, &mut p, "K@ooxxx");
    assert_eq!(p.life_square(&r, White), Some(sq("X5")));
    let jutsu = r.set(Black).by_name("Jutsu").unwrap();
    assert_eq!(p.piece_at(sq("Z6")), None, "the Jutsu is fended");
    assert_eq!(p.reserve(Black, jutsu), 1);
}

#[test]
fn a_saves_rules_header_is_checked_as_a_rules_file_is() {
    // §2.0.R1 names the flat-odds dice: "Eight, Ten, Twelve, or Twenty" sides besides six. A
    // save's [Rules] header naming another die is refused as config/rules would refuse it (a
    // review found a zero-sided die loading, every throw then unrollable).
    let mut o = rules().options.clone();
    o.dice = veney_rules::dice::DiceMethod::FlatOdds(6);
    let g = veney_rules::Game::from_position(
        std::sync::Arc::new(Rules::standard_with(o.clone())),
        Position::start(&Rules::standard_with(o)),
    );
    let text = veney_rules::savefile::write(&g);
    assert!(matches!(
        veney_rules::savefile::options_of(&text),
        Some(Ok(_))
    ));
    let bad = text.replace("FlatOdds(6)", "FlatOdds(0)");
    assert_ne!(bad, text);
    let e = veney_rules::savefile::options_of(&bad)
        .unwrap()
        .unwrap_err();
    assert!(e.contains("6, 8, 10, 12 or 20 sides"), "{e}");
}

#[test]
fn a_refused_donkey_throw_leaves_the_turn_open() {
    // The record writes the Donkey's throw after its placer's turn, ending a turn whose second
    // move was declined (`SY5 K@…`). A throw the rules refuse (`K@-` while the Donkey has several
    // ways open, §2.0.23 step 1 is for one open square only) leaves the turn as it was: the
    // companion types onto the live game (a review found White's turn ended by it).
    let r = std::sync::Arc::new(donkey_rules());
    let base = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X4"),
            (Black, "Self", "X13"),
        ],
        White,
    );
    let p = Position::from_text(&r, &format!("{} donkey=wX8", base.to_text(&r)))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut g = veney_rules::Game::from_position(r.clone(), p);
    g.play_token_reporting("SY5", 1).unwrap();
    let before = *g.position();
    assert!(
        matches!(before.phase(), Phase::Second { .. }),
        "{:?}",
        before.phase()
    );
    assert!(g.play_token_reporting("K@-", 5).is_err());
    assert_eq!(*g.position(), before);
}

#[test]
fn no_donkey_move_between_a_mate_and_the_dying_move() {
    // R-DONKEY: a checkmate by touch ends its winner's turn with no Donkey move; the mated
    // side's dying move (§2.0.20) answers the board the mate left.
    let r = donkey_rules();
    let base = pos(
        &r,
        &[
            (White, "Self", "Y9"),
            (White, "Sword", "X10"),
            (Black, "Self", "X13"),
            (Black, "Jutsu", "W12"),
        ],
        White,
    );
    let text = format!("{} donkey=wZ5", base.to_text(&r));
    let mut p = Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    play(&r, &mut p, "$tX13#");
    assert_eq!(p.dying(), Some(Black));
    assert_eq!(p.phase(), Phase::Start, "the dying move, no Donkey's first");
    assert_eq!(p.donkey(White), Some(sq("Z5")));
}

#[test]
fn a_turn_written_with_its_donkeys_throw_plays_whole() {
    // The record writes the Donkey's move in its placer's turn (`K*X8 K@ooxxx`, §2.0.23): read
    // and played as one turn (a review found `play_turn`, and `veney-cli apply`, refusing the
    // throw as a move after the turn's end).
    let r = donkey_rules();
    let mut p = Position::start(&r);
    let turn = veney_rules::notation::parse_turn(&r, &p, "K*X8 K@ooxxx", 1).unwrap();
    p.play_turn(&r, &turn).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.donkey(White), Some(sq("X9")));
    assert_eq!((p.turn(), p.phase()), (Black, Phase::Start));
}

/// R-DONKEY: the Donkey is "placed as a whole turn", as any placement, and glare "can be
/// declared at any point on your own turn" (§2.0.10, R-GLARE-WHEN): after `K*` the turn stays
/// open for the glare before the Donkey moves (a review found the turn ended at once, the glare
/// refused as after a pass).
#[test]
fn glare_may_follow_the_donkeys_placement() {
    let r = donkey_rules();
    let text = "4/4/j3/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/1L2/4/4 w DGJR/dglr donkeyhome=wb";
    let p = Position::from_text(&r, text).unwrap();
    let mut q = p;
    q.play(&r, veney_rules::Action::PlaceDonkey { to: sq("W1") })
        .unwrap();
    assert_eq!(q.phase(), Phase::Glare, "the glare still open");
    assert_eq!(q.turn(), White);
    let mut g = p;
    play(&r, &mut g, "K*W1 LfJ~");
    let jutsu = r.set(Black).by_name("Jutsu").unwrap();
    assert_eq!(g.reserve(Black, jutsu), 1, "the Jutsu glared off");
    assert_eq!(g.phase(), Phase::DonkeyMove { placer: White });
}

/// R-DONKEY: step 1's "only one open square adjacent to the Donkey" counts empty squares; a
/// square holding an engagement, which the Donkey would fend to enter (step 3), is not open. So
/// White's Donkey on X12, engagements on seven of its neighbours and Y11 empty, moves to Y11
/// with no throw (`K@-`), and a throw is refused (a review found the reading unwritten).
#[test]
fn an_engagements_square_is_not_open_for_the_one_way_out() {
    let r = donkey_rules();
    let mut p = about_to_move(&r, "X12", "4/4/4/eee1/e1E1/EE2/4/4/4/4/4/4/4/4/4/S2s");
    let n = notations(&r, &p);
    assert_eq!(n, vec!["K@-".to_string()], "{n:?}");
    refuse(&r, &p, "K@ooooo").by("§2.0.23", "");
    play(&r, &mut p, "K@-");
    assert_eq!(p.donkey(White), Some(sq("Y11")));
}
