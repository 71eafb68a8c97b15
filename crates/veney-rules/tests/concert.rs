//! Concert (§2.0.02, aspect of the Self), ruling R-CONCERT: "The two pieces move without blocking
//! one another (as with a 'castling' move in chess)"; "picking up both pieces in one hand, Self
//! first … then placing them, either one first." Both pieces are lifted: the Self may land on
//! the square its partner leaves, or lunge over it, and the partner may land on the square the
//! Self leaves.
mod common;
use common::*;
use veney_rules::notation::parse_turn;
use veney_rules::{Action, Phase, Position, Rules};

fn turn(r: &Rules, p: &Position, t: &str) -> Result<Position, String> {
    let acts = parse_turn(r, p, t, 1).map_err(|e| format!("parse: {e}"))?;
    let mut q = *p;
    q.play_turn(r, &acts).map_err(|e| e.to_string())?;
    Ok(q)
}

fn at(p: &Position, s: &str) -> Option<String> {
    let r = rules();
    p.piece_at(sq(s))
        .map(|(side, k)| format!("{side:?} {}", r.set(side).piece(k).name()))
}

#[test]
fn the_self_lands_on_the_square_its_partner_leaves() {
    // The example: the Self on Y4, the Dagger on X5: `SX5 DW6`.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let q = turn(&r, &p, "SX5 DW6").unwrap();
    assert_eq!(at(&q, "X5").as_deref(), Some("White Self"));
    assert_eq!(at(&q, "W6").as_deref(), Some("White Dagger"));
    assert_eq!(q.turn(), Black);
}

#[test]
fn the_partner_in_hand_must_be_placed_and_moves_from_where_it_was_lifted() {
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let acts = parse_turn(&r, &p, "SX5", 1).unwrap();
    let mut q = p;
    q.play(&r, acts[0]).unwrap();
    // Mid-turn: the Self on X5, the Dagger in hand, lifted from X5.
    assert_eq!(at(&q, "X5").as_deref(), Some("White Self"));
    let l = q.lifted().expect("the Dagger is in hand");
    assert_eq!(
        (r.set(White).piece(l.kind).name(), l.from),
        ("Dagger", sq("X5"))
    );
    assert!(matches!(
        q.phase(),
        Phase::Second {
            concert: Some(_),
            ..
        }
    ));
    // The second move must place it: no declining, and only the Dagger's moves, from X5.
    let legal = q.legal_actions(&r);
    assert!(!legal.contains(&Action::EndTurn));
    assert!(!legal.is_empty());
    assert!(
        legal
            .iter()
            .all(|a| a.as_move().is_some_and(|m| m.from == sq("X5")))
    );
    // The position text carries the partner in hand and reads back to the same position.
    let text = q.to_text(&r);
    assert!(text.contains("concert=X5 lifted=DX5"), "{text}");
    let back = Position::from_text(&r, &text).unwrap();
    assert_eq!(back, q);
    assert_eq!(back.hash(), q.hash());
    assert_ne!(q.hash(), p.hash());
    // The turn played whole from there.
    let mut done = q;
    let second = parse_turn(&r, &q, "DW6", 1).unwrap();
    done.play(&r, second[0]).unwrap();
    assert_eq!(done.turn(), Black);
    assert_eq!(done.lifted(), None);
}

#[test]
fn the_partner_may_land_on_the_square_the_self_leaves() {
    // "either one first": the Dagger takes the Self's old square; the Self takes the Dagger's.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let q = turn(&r, &p, "SX5 DY4").unwrap();
    assert_eq!(at(&q, "X5").as_deref(), Some("White Self"));
    assert_eq!(at(&q, "Y4").as_deref(), Some("White Dagger"));
    // And without a swap: the Self steps to Y5, the Dagger to the square it left.
    let q = turn(&r, &p, "SY5 DY4").unwrap();
    assert_eq!(at(&q, "Y4").as_deref(), Some("White Dagger"));
}

#[test]
fn the_self_lunges_over_its_partner_which_then_moves() {
    // "The two pieces move without blocking one another": the Self's lunge (which never leaps,
    // §2.0.02) passes the Sword lifted from X3.
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "X3"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    let q = turn(&r, &p, "SX5 $W4").unwrap();
    assert_eq!(at(&q, "X5").as_deref(), Some("White Self"));
    assert_eq!(at(&q, "W4").as_deref(), Some("White Sword"));
    assert_eq!(at(&q, "X3"), None);
    // Lifted, the Sword may not stay where it was: it must move (a turn that stops after the
    // Self's lunge is refused, naming concert).
    let why = turn(&r, &p, "SX5").unwrap_err();
    assert!(why.contains("§2.0.02"), "{why}");
    // A piece that is not a concert partner still blocks the lunge.
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Cloak", "X3"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(!dests(&r, &p, "X2").contains(&"X5".to_string()));
}

#[test]
fn the_self_may_not_land_on_a_piece_that_is_no_partner() {
    let r = rules();
    let p = pos(
        &r,
        &[
            (White, "Self", "Y4"),
            (White, "Cloak", "X5"),
            (Black, "Self", "W16"),
        ],
        White,
    );
    assert!(!dests(&r, &p, "Y4").contains(&"X5".to_string()));
    let why = turn(&r, &p, "SX5 CW6").unwrap_err();
    assert!(why.contains("own piece"), "{why}");
}

/// R-CONCERT lifts a partner only when the Self lands on its square or lunges over it: "a move
/// the Self could make with the partner standing is an ordinary move". A Self that leaps two
/// squares (a set designer's, docs/SETS.md: any piece may use any primitive) leaps over its
/// Sword as an ordinary move, which lifts nothing; and a Self without Concert lifts nothing
/// ever (a review found the Sword lifted by the leap, a concert forced, and without Concert the
/// Sword sent to reserve).
#[test]
fn a_selfs_ordinary_leap_over_its_partner_lifts_nothing() {
    use std::sync::Arc;
    let standard = veney_rules::piece_set::STANDARD_SET;
    let leap = "Leap(offsets: [(1, 0), (1, 1)], symmetry: All),";
    assert_eq!(standard.matches(leap).count(), 1, "the Self's leap");
    for concert in [true, false] {
        let mut src = standard.replacen(
            leap,
            "Leap(offsets: [(1, 0), (1, 1), (0, 2)], symmetry: All),",
            1,
        );
        src = src.replacen("name: \"Standard\"", "name: \"SelfJump\"", 1);
        if !concert {
            src = src.replacen("specials: [Concert, Retreat]", "specials: [Retreat]", 1);
        }
        let set = Arc::new(
            veney_rules::PieceSet::from_ron(std::path::Path::new("selfjump.ron"), &src)
                .unwrap_or_else(|e| panic!("{e}")),
        );
        let r = Rules::with_sets(
            [set.clone(), set],
            veney_rules::options::RuleOptions::default(),
        )
        .unwrap();
        // The Self on Y4, its Sword on X4: the Self leaps to W4 over the Sword.
        let p = pos(
            &r,
            &[
                (White, "Self", "Y4"),
                (White, "Sword", "X4"),
                (Black, "Self", "X13"),
            ],
            White,
        );
        let q = turn(&r, &p, "SW4").unwrap_or_else(|e| panic!("concert {concert}: {e}"));
        assert_eq!(q.lifted(), None, "concert {concert}: nothing in hand");
        assert_eq!(
            q.piece_at(sq("X4"))
                .map(|(s, k)| (s, r.set(s).piece(k).name().to_string())),
            Some((White, "Sword".to_string())),
            "concert {concert}: the Sword stays"
        );
        assert_eq!(
            q.turn(),
            Black,
            "concert {concert}: the leap is the whole turn"
        );
    }
}

/// A custom set may give its Lantern a Jutsu's aspect (Presence): the Self's lift of it is
/// offered only when the Lantern, in hand, then has a move (R-CONCERT: "The Self's move onto or
/// over a partner is offered only when that partner then has a move"; a review found a lift
/// offered into a dead end, no placement and no end of turn after it).
#[test]
fn a_lift_of_a_partner_with_a_jutsus_aspect_leaves_a_move() {
    let src = veney_rules::piece_set::STANDARD_SET.replacen(
        "specials: [Flail, Glare, PseudoArmament, FireDance]",
        "specials: [Flail, Glare, PseudoArmament, FireDance, Presence]",
        1,
    );
    assert!(veney_rules::set_check::check(std::path::Path::new("p.ron"), &src).is_valid());
    let set = std::sync::Arc::new(
        veney_rules::PieceSet::from_ron(std::path::Path::new("p.ron"), &src).unwrap(),
    );
    let r = Rules::with_sets([set.clone(), set], Default::default()).unwrap();
    let p = Position::from_text(
        &r,
        "4/4/4/e3/4/4/4/2e1/1b2/2sL/4/3S/1E2/4/4/4 w EEEGJ/eeglj",
    )
    .unwrap();
    for a in p.legal_actions(&r) {
        let mut q = p;
        q.play(&r, a).unwrap();
        if q.lifted().is_some() {
            assert!(
                !q.legal_actions(&r).is_empty(),
                "{a:?}: the partner in hand has no move"
            );
        }
    }
    // Without Black's Balance (whose Control held the Lantern, a Jutsu by its aspect, out of
    // the measures it could reach), the lift is offered, and the Lantern in hand moves.
    let p =
        Position::from_text(&r, "4/4/4/e3/4/4/4/2e1/4/2sL/4/3S/1E2/4/4/4 w EEEGJ/eegljb").unwrap();
    assert!(notations(&r, &p).contains(&"SZ7".to_string()));
    let q = turn(&r, &p, "SZ7 LX5");
    assert!(q.is_ok(), "{q:?}");
}
