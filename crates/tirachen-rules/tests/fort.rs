//! The Fort (rule text, "HOW THE PIECES MOVE": Fort): "Once placed it does not move. Opposing
//! pieces may not end their movement on a square adjacent to the fort. When capturing a fort,
//! the capturing piece is also captured."
mod common;
use common::*;
use game_api::{Decision, Game, Player};

// Tirachen "Fort": opposing pieces may not end adjacent; they may pass through (ruling "Passing
// through the ring").
#[test]
fn opposing_pieces_pass_the_ring_but_do_not_stop_in_it() {
    let g = game();
    // Red Fort e2 (ring d1 e1 f1 d2 f2 d3 e3 f3); White Commander a3.
    let s = pos(&g, "8g/9/9/9/9/9/c8/4F4/G8 w mm -/- - 0");
    assert_eq!(
        dests(&g, &s, "a3"),
        sorted("a4 a5 a6 a7 a8 a9 b4 c5 d6 e7 f8 g9 b3 c3 g3 h3 i3 b2 c1 a2 a1")
    );
    assert_eq!(refused_by(&g, &s, "Ca3-e3"), "Tirachen: Fort");
    assert_eq!(refused_by(&g, &s, "Ca3-d3"), "Tirachen: Fort");
}

// Tirachen "Fort": only opposing pieces are barred; your own may stand next to your Fort.
#[test]
fn friendly_pieces_may_end_next_to_their_fort() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/9/9/c8/2P1F4/G8 r mm -/- - 0");
    assert!(dests(&g, &s, "c2").contains("d2"));
    let mut t = s;
    play(&g, &mut t, "Pc2-d2");
    assert_eq!(g.position_text(&t), "8g/9/9/9/9/9/c8/3PF4/G8 w mm -/- - 1");
}

// Tirachen "Fort": "Once placed it does not move."
#[test]
fn a_fort_does_not_move() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/9/9/9/4F4/G8 r mm -/- - 0");
    assert_eq!(dests(&g, &s, "e2"), "");
    assert_eq!(refused_by(&g, &s, "Fe2-e3"), "Tirachen: Fort");
}

// Tirachen "Fort": "When capturing a fort, the capturing piece is also captured."
#[test]
fn the_capturer_of_a_fort_is_captured_too() {
    let g = game();
    let mut s = pos(&g, "8g/4c4/9/9/9/9/9/4F4/G8 w mm -/- - 5");
    // The Commander's file: e7 e6 e5 e4, e3 barred (ring), e2 the Fort.
    let d = dests(&g, &s, "e8");
    assert!(
        d.contains("e2") && d.contains("e4") && !d.contains("e3"),
        "{d}"
    );
    let cells = g.action_cells(&s, g.parse_action(&s, "Ce8xe2").unwrap());
    // The Fort is the piece taken (the capturer, lost too, is the mover's own: the position
    // below shows it gone).
    assert_eq!(cells.captures.len(), 1, "the Fort taken");
    play(&g, &mut s, "Ce8xe2");
    assert_eq!(g.position_text(&s), "8g/9/9/9/9/9/9/9/G8 r mm -/- - 0");
}

// Ruling "The capturer sacrificed": the Traitor is captured like any capturer and leaves the
// game; no one gains control of it.
#[test]
fn a_traitor_taking_a_fort_leaves_the_game() {
    let g = game();
    let mut s = pos(&g, "8g/9/9/9/4t4/9/9/4F4/G8 w mm -/- - 0");
    play(&g, &mut s, "Te5xe2");
    assert_eq!(g.position_text(&s), "8g/9/9/9/9/9/9/9/G8 r mm -/- - 0");
}

// Tirachen "Fort": "May be placed (as a move) in an open square in your deployment area during
// any phase" — any open square, an opposing piece next to it or not (ruling "A Fort placed beside
// an opposing piece", default).
#[test]
fn a_fort_may_be_placed_next_to_an_opposing_piece() {
    let g = game();
    // Red is mobilized with its Fort undeployed; a White Pike has come to d4.
    let mut s = pos(&g, "8g/9/9/9/9/3p5/9/9/G8 r mm F/- - 0");
    let texts = legal_texts(&g, &s);
    assert!(texts.contains(&"F@e3".to_string()) && texts.contains(&"F@c3".to_string()));
    // Every open square of the area: 27 less a1.
    assert_eq!(texts.iter().filter(|t| t.starts_with("F@")).count(), 26);
    play(&g, &mut s, "F@e3");
    assert_eq!(g.position_text(&s), "8g/9/9/9/9/3p5/4F4/9/G8 w mm -/- - 0");
    g.check_invariants(&s).unwrap();
}

// Option FortRingClear (ruling "A Fort placed beside an opposing piece"): the stricter house
// reading, a Fort's ring must be free of opposing pieces when it is placed.
#[test]
fn with_fort_ring_clear_a_fort_is_not_placed_next_to_an_opposing_piece() {
    let g = game_with(|o| o.fort_ring_must_be_clear = true);
    let s = pos(&g, "8g/9/9/9/9/3p5/9/9/G8 r mm F/- - 0");
    assert_eq!(refused_by(&g, &s, "F@e3"), "Tirachen: Fort");
    assert_eq!(refused_by(&g, &s, "F@c3"), "Tirachen: Fort");
    let texts = legal_texts(&g, &s);
    assert!(texts.contains(&"F@e2".to_string()));
    // Open squares of the area (27 less a1) less c3 d3 e3, next to d4.
    assert_eq!(texts.iter().filter(|t| t.starts_with("F@")).count(), 26 - 3);
}

// Tirachen "Fort": "Opposing pieces may not end their movement on a square adjacent to the fort."
// A White Pike left in the ring of a Fort placed beside it may stay (White moves another piece)
// and may leave, but not end a move on another ring square. "Pike: ... Captures by moving 1
// space diagonally forward onto an opposing piece": from d4, diagonally forward (for White,
// towards rank 1) is e3, the Fort, which it may take; "When capturing a fort, the capturing
// piece is also captured."
#[test]
fn a_piece_left_in_the_ring_stays_leaves_or_takes_the_fort() {
    let g = game();
    // Red Fort e3 (ring d2 e2 f2 d3 f3 d4 e4 f4); White Pike d4 in it.
    let s = pos(&g, "8g/9/9/9/9/3p5/4F4/9/G8 w mm -/- - 0");
    assert_eq!(dests(&g, &s, "d4"), sorted("c4 d5 e3"));
    assert_eq!(refused_by(&g, &s, "Pd4-e4"), "Tirachen: Fort");
    assert_eq!(refused_by(&g, &s, "Pd4-d3"), "Tirachen: Fort");
    // It may stay: the other piece moves.
    let mut stay = s;
    play(&g, &mut stay, "Gi9-h9");
    assert_eq!(
        stay.piece_at(sq("d4")).map(|p| p.kind),
        Some(tirachen_rules::Kind::Pike)
    );
    let mut away = s;
    play(&g, &mut away, "Pd4-d5");
    assert_eq!(
        g.position_text(&away),
        "8g/9/9/9/3p5/9/4F4/9/G8 r mm -/- - 1"
    );
    let mut take = s;
    play(&g, &mut take, "Pd4xe3");
    assert_eq!(g.position_text(&take), "8g/9/9/9/9/9/9/9/G8 r mm -/- - 0");
}

// Tirachen "Fort": a Commander in the ring slides out of it, or through it and out, but does not
// stop on another ring square.
#[test]
fn a_piece_in_the_ring_may_not_move_to_another_ring_square() {
    let g = game();
    // Red Fort e2 (ring d1 e1 f1 d2 f2 d3 e3 f3); White Commander d3 in it.
    let s = pos(&g, "8g/9/9/9/9/9/3c5/4F4/G8 w mm -/- - 0");
    for to in ["e3", "f3", "d2", "d1"] {
        assert_eq!(
            refused_by(&g, &s, &format!("Cd3-{to}")),
            "Tirachen: Fort",
            "{to}"
        );
    }
    let d = dests(&g, &s, "d3");
    assert!(
        d.contains("g3") && d.contains("c3") && d.contains("e2"),
        "{d}"
    );
}

// Tirachen "Fort": "When capturing a fort, the capturing piece is also captured. [That is, you
// must automatically sacrifice that piece to the fort's player.]" A General standing next to a
// Fort may take it, and is captured by the Fort's player: "OBJECTIVE: capture the opposing
// player's general" — the Fort's player wins.
#[test]
fn a_general_taking_a_fort_is_captured_and_loses() {
    let g = game();
    // Red Fort e2; White's General d3, in its ring.
    let mut s = pos(&g, "9/9/9/9/9/9/3g5/4F4/G8 w mm -/- - 0");
    assert_eq!(dests(&g, &s, "d3"), sorted("c2 c3 c4 d4 e4 e2"));
    let a = g.parse_action(&s, "Gd3xe2").unwrap();
    assert!(
        g.action_label(&s, a)
            .unwrap()
            .contains("your General is lost"),
        "{:?}",
        g.action_label(&s, a)
    );
    play(&g, &mut s, "Gd3xe2");
    assert_eq!(g.position_text(&s), "9/9/9/9/9/9/9/9/G8 r mm -/- - 0");
    let Decision::Over(o) = g.decision(&s) else {
        panic!("not over")
    };
    assert_eq!(o.winner(), Some(Player(0)));
    assert_eq!(o.reason, "General taken");
}

// Ruling "A Fort placed beside an opposing piece": under the default an opposing piece may stand
// in a Fort's ring (the Fort was placed beside it), so such a position reads; under option
// FortRingClear it cannot arise, and reading it is refused, naming the square.
#[test]
fn an_opposing_piece_in_a_ring_reads_unless_the_ring_must_be_clear() {
    let text = "8g/9/9/9/9/9/9/3pF4/G8 r mm -/- - 0";
    assert!(game().parse_position(text).is_ok());
    let strict = game_with(|o| o.fort_ring_must_be_clear = true);
    let e = strict.parse_position(text).unwrap_err();
    assert_eq!(e.found, "d2");
    assert_eq!(e.col, 17);
    assert!(e.why.contains("next to the opposing Fort"), "{e}");
}

// Tirachen "Fort": "Opposing pieces may not end their movement on a square adjacent to the
// fort." Ruling "The protected ring and friendly pieces": placing a piece counts as ending its
// movement there, so a placement on the opposing Fort's ring is refused by the Fort's rule
// (`rules::FORT`) — on a square of the deployment area ("Place a piece on an open square in your
// deployment area"), on a homeland square ("Bring a previously-undeployed piece in one of your
// open homeland squares") and for the side's own Fort ("Place your undeployed fort on any open
// square in your deployment area"). The ruling notes that in play an opposing Fort's ring never
// reaches the squares a side places on, so the position is built by hand: White's Fort on e2,
// inside Red's area (ring d1 e1 f1 d2 f2 d3 e3 f3), which no game reaches and which the
// invariants refuse; what is tested is the placement rule itself.
#[test]
fn a_placement_next_to_the_opposing_fort_is_refused_by_the_fort_rule() {
    use tirachen_rules::rules::FORT;
    use tirachen_rules::{Kind, Phase, Piece, Position, Side};
    let g = game();
    let built = |phase: Phase, undeployed: &[(Kind, u8)]| {
        let mut p = Position::empty(Side::Red);
        p.put(sq("a1"), Piece::new(Side::Red, Kind::General));
        p.put(sq("i9"), Piece::new(Side::White, Kind::General));
        p.put(sq("e2"), Piece::new(Side::White, Kind::Fort));
        p.set_phase(Side::Red, phase);
        for &(kind, n) in undeployed {
            p.set_undeployed(Side::Red, kind, n);
        }
        p
    };
    let ring = ["d1", "e1", "f1", "d2", "f2", "d3", "e3", "f3"];

    // Deploying: every ring square lies in Red's deployment area, open, and is refused.
    let s = built(Phase::Deploying, &[(Kind::Pike, 2)]);
    for to in ring {
        assert_eq!(refused_by(&g, &s, &format!("P@{to}")), FORT, "P@{to}");
    }
    let a = g.parse_action(&s, "P@d2").unwrap();
    let r = g.refusal(&s, game_api::Actor::Player(Player(0)), a);
    assert_eq!(r.rule, FORT);
    assert!(r.why.contains("next to the opposing Fort"), "{r:?}");
    let texts = legal_texts(&g, &s);
    let pikes: Vec<&String> = texts.iter().filter(|t| t.starts_with("P@")).collect();
    // The area's 27 squares less a1 (Red's General), e2 (the Fort) and its 8 ring squares.
    assert_eq!(pikes.len(), 27 - 1 - 1 - 8, "{pikes:?}");
    assert!(texts.contains(&"P@c2".to_string()) && texts.contains(&"P@g3".to_string()));

    // Mobilized: the homeland d1 e1 f1 lies wholly in the ring, so no piece enters; the Fort
    // goes on any open square of the area but the ring.
    let s = built(Phase::Mobilised, &[(Kind::Pike, 1), (Kind::Fort, 1)]);
    for to in ["d1", "e1", "f1"] {
        assert_eq!(refused_by(&g, &s, &format!("P@{to}")), FORT, "P@{to}");
    }
    for to in ring {
        assert_eq!(refused_by(&g, &s, &format!("F@{to}")), FORT, "F@{to}");
    }
    let texts = legal_texts(&g, &s);
    assert!(!texts.iter().any(|t| t.starts_with("P@")), "{texts:?}");
    assert_eq!(
        texts.iter().filter(|t| t.starts_with("F@")).count(),
        27 - 1 - 1 - 8
    );
    assert!(texts.contains(&"F@c2".to_string()));
}

// Tirachen "Fort" and "OBJECTIVE" (rulings "The protected ring and friendly pieces", "A Fort
// placed beside an opposing piece"): by default a Fort may be placed beside an opposing piece
// already on its homeland; that piece stays, and the homeland is completed around the Fort,
// which nobody takes (a review found the rulings saying the Fort had to be taken first).
#[test]
fn a_piece_already_in_the_ring_counts_toward_the_occupation() {
    let g = game();
    let mut s = pos(&g, "9/9/4g4/9/7G1/9/4ww3/9/3w5 r mm F/- - 0");
    for turn in ["F@c2", "We3-e1", "Gh5-h6", "Wf3-f1"] {
        play(&g, &mut s, turn);
    }
    let Decision::Over(o) = g.decision(&s) else {
        panic!("not over: {}", g.position_text(&s));
    };
    assert_eq!(o.winner(), Some(Player(1)));
    assert_eq!(o.reason, "homeland occupied");
    assert_eq!(
        g.position_text(&s),
        "9/9/4g4/7G1/9/9/9/2F6/3www3 r mm -/- - 3",
        "the Fort stands"
    );
    // Under FortRingClear the Fort is not placed there at all.
    let strict = game_with(|o| o.fort_ring_must_be_clear = true);
    let s = pos(&strict, "9/9/4g4/9/7G1/9/4ww3/9/3w5 r mm F/- - 0");
    assert_eq!(refused_by(&strict, &s, "F@c2"), "Tirachen: Fort");
}
