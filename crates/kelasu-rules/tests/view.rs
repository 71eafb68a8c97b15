//! What a host draws and shows: the board, zones, pieces, and where each action touches.
mod common;
use common::*;
use game_api::{Cell, Game, Viewer};
use kelasu_rules::{Action, Bitboard, Kelasu, KelasuOptions, Kind, Side};

fn cell(n: &str) -> Cell {
    Cell(sq(n).0 as u16)
}

#[test]
fn board_labels_and_zones() {
    let g = game();
    let b = g.board();
    assert_eq!(b.cells(), 100);
    assert_eq!(b.rank_labels[0], "A");
    assert_eq!(b.rank_labels[9], "J");
    assert_eq!(
        b.file_labels,
        (0..10).map(|f| f.to_string()).collect::<Vec<_>>()
    );
    let v = b.zone("victory tiles").unwrap();
    assert_eq!(
        v.cells,
        vec![cell("E4"), cell("E5"), cell("F4"), cell("F5")]
    );
    let blue = b.zone("Blue home rows").unwrap();
    assert_eq!(
        (blue.owner, blue.cells.len()),
        (Some(game_api::Player(0)), 20)
    );
    assert!(blue.cells.contains(&cell("B9")) && !blue.cells.contains(&cell("C0")));
    let red = b.zone("Red home rows").unwrap();
    assert!(red.cells.contains(&cell("I0")) && red.cells.contains(&cell("J9")));
    assert_eq!(
        b.cell_name(cell("D2")),
        "D2",
        "cells are named rank first, as the text and the notation write them"
    );
    let ps = g.pieces(&g.start(), Viewer::Spectator);
    assert_eq!(ps.len(), 48);
    assert_eq!(ps.iter().filter(|p| p.kind == "S").count(), 8);
}

#[test]
fn action_cells_kinds_and_labels() {
    let g = game();
    let s = pos(
        "E4:D F5:g C3:B C4:B J3:W A0:S A1:S j9:s j0:w E6:G",
        Side::Blue,
    );
    let merge = Action::Merge {
        kind: Kind::Warrior,
        to: sq("C4"),
        blanks: Bitboard::EMPTY.with(sq("C3")).with(sq("C4")),
    };
    let c = g.action_cells(&s, merge);
    // The merged Blanks are Blue's own: nothing is taken (a host would announce a take).
    assert_eq!((c.from, c.to, c.captures), (None, Some(cell("C4")), vec![]));
    assert_eq!(g.action_kind(&s, merge), "merge");
    assert_eq!(
        g.action_label(&s, merge).unwrap(),
        "merge the 2 Blanks on C3, C4 into a Warrior on C4"
    );
    let conv = Action::Convert {
        from: sq("E4"),
        target: sq("F5"),
    };
    assert_eq!(g.action_kind(&s, conv), "convert");
    assert!(
        g.action_label(&s, conv)
            .unwrap()
            .contains("converts Red's General on F5")
    );
    let c = g.action_cells(&s, conv);
    // "A conversion is not a capture by the text's words" (rulings, the count): nothing taken.
    assert_eq!(
        (c.from, c.to, c.captures),
        (Some(cell("E4")), Some(cell("F5")), vec![])
    );
    let cap = Action::Move {
        from: sq("E6"),
        to: sq("F5"),
    };
    assert_eq!(g.action_kind(&s, cap), "capture");
    assert_eq!(g.action_cells(&s, cap).captures, vec![cell("F5")]);
    assert_eq!(
        g.action_kind(
            &s,
            Action::Move {
                from: sq("E6"),
                to: sq("E7")
            }
        ),
        "move"
    );
    assert_eq!(
        g.action_kind(
            &s,
            Action::Recall {
                from: sq("J3"),
                to: sq("A3")
            }
        ),
        "recall"
    );
    assert_eq!(g.action_kind(&s, Action::End), "end");
    for a in legal(&g, &s) {
        let k = g.action_kind(&s, a);
        assert!(["move", "capture", "merge", "convert", "recall", "end"].contains(&k));
    }
}

#[test]
fn hash_follows_the_state() {
    let g = game();
    let s = g.start();
    let mut t = s.clone();
    play(&g, &mut t, "B1-C1");
    assert_ne!(g.hash(&s), g.hash(&t));
    let back = g.parse_position(&g.position_text(&t)).unwrap();
    assert_eq!(g.hash(&back), g.hash(&t));
    // Another turn's progress: a different state and hash.
    let mut u = s;
    play(&g, &mut u, "B1-C1 B3-C3");
    assert_ne!(g.hash(&u), g.hash(&t));
    assert!(g.check_invariants(&u).is_ok());
}

#[test]
fn recall_captures_and_conversion_count_options() {
    let o = KelasuOptions {
        recall_captures: true,
        conversion_resets_count: true,
        ..KelasuOptions::default()
    };
    let g = Kelasu::new(o);
    let mut s = pos("J3:W A3:b E4:D F5:w A9:S B9:S j9:s j0:w", Side::Blue);
    play(&g, &mut s, "J3@A3");
    assert_eq!(s.piece_at(sq("A3")).unwrap().side, Side::Blue);
    assert_eq!(s.quiet(), -1, "a capture");
    let mut s = pos("E4:D F5:w A9:S B9:S j9:s j0:w", Side::Blue);
    play(&g, &mut s, "E4%F5");
    assert_eq!(s.quiet(), -1, "ConversionResetsCount=yes");
    let mut s = pos("E4:D F5:w A9:S B9:S j9:s j0:w", Side::Blue);
    play(&game(), &mut s, "E4%F5");
    assert_eq!(s.quiet(), 0, "by default a conversion is not a capture");
    // By default the Recall needs an empty square.
    let s = pos("J3:W A3:b A9:S j9:s j0:w", Side::Blue);
    assert!(!legal(&game(), &s).contains(&Action::Recall {
        from: sq("J3"),
        to: sq("A3")
    }));
}

#[test]
fn every_move_lands_on_its_pieces_drawn_pattern_with_the_right_reach() {
    // §Pieces legend: a move to an empty square needs "." or "#", a capture "#" or "*". The
    // drawing the app shows (`piece_reach`) must agree with the actions the rules allow.
    use game_api::Reach;
    use rand::{Rng, SeedableRng};
    let g = game();
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut checked = 0;
    for _ in 0..40 {
        let mut s = g.start();
        for _ in 0..400 {
            let game_api::Decision::Player(p) = g.decision(&s) else {
                break;
            };
            let mut acts = Vec::new();
            g.legal_actions(&s, p, &mut acts);
            for a in &acts {
                if let Action::Move { from, to } = *a {
                    let r = g.piece_reach(&s, Cell(from.0 as u16));
                    let at = r.iter().find(|(c, _)| *c == Cell(to.0 as u16));
                    let capture = s.piece_at(to).is_some();
                    match at {
                        Some((_, Reach::MoveOnly)) => assert!(!capture, "{a:?}"),
                        Some((_, Reach::MustCapture)) => assert!(capture, "{a:?}"),
                        Some((_, Reach::MoveCapture)) => {}
                        None => panic!("{a:?} is off the drawn pattern {r:?}"),
                    }
                    checked += 1;
                }
            }
            let a = acts[rng.random_range(0..acts.len())];
            g.apply(&mut s, game_api::Actor::Player(p), a);
        }
    }
    assert!(checked > 10_000, "{checked}");
}
