//! The deployment and mobilized phases (rule text, "HOW TO PLAY").
mod common;
use common::*;
use game_api::{Decision, Game, Player};

/// Both sides have chosen (open choice, Red first).
fn after_choices() -> (tirachen_rules::Tirachen, tirachen_rules::Position) {
    let g = game();
    let mut s = g.start();
    play(&g, &mut s, "S3A3W3");
    play(&g, &mut s, "S2A5W2");
    (g, s)
}

// Tirachen "Deployment phase": "1. Move a piece within your deployment area. 2. Place a piece on
// an open square in your deployment area. 3. Declare you are mobilizing".
#[test]
fn the_first_deployment_turn() {
    let (g, s) = after_choices();
    assert_eq!(
        g.position_text(&s),
        "4g4/9/9/9/4*4/9/9/9/4G4 r dd FCS3A3W3P9/fcs2a5w2p9 - 0"
    );
    let texts = legal_texts(&g, &s);
    // The General's 5 steps, 6 kinds × 26 open squares, and `mob`.
    assert_eq!(texts.len(), 5 + 6 * 26 + 1);
    assert_eq!(dests(&g, &s, "e1"), sorted("d1 f1 d2 e2 f2"));
    assert!(texts.contains(&"mob".to_string()) && texts.contains(&"W@i3".to_string()));
    assert_eq!(refused_by(&g, &s, "P@e4"), "Tirachen: deployment phase");
    assert_eq!(refused_by(&g, &s, "P@e1"), "Tirachen: deployment phase");
}

// Tirachen "Deployment phase": "Move a piece within your deployment area."
#[test]
fn a_deploying_side_moves_only_within_its_area() {
    let g = game();
    let s = pos(&g, "4g4/9/9/9/9/9/4P4/9/4G4 r dd C/c - 0");
    assert_eq!(dests(&g, &s, "e3"), sorted("d3 f3 e2"));
    assert_eq!(refused_by(&g, &s, "Pe3-e4"), "Tirachen: deployment phase");
}

// Ruling "Moving within the deployment area": the whole path stays in the area. The Master of
// spells reaches c3 from e3 only through d4 when d3 and d2 are taken.
#[test]
fn a_deployment_move_does_not_leave_the_area_on_the_way() {
    let g = game();
    let deploying = pos(&g, "4g4/9/9/9/9/9/3PA4/3P5/4G4 r dd P/p - 0");
    assert!(!dests(&g, &deploying, "e3").split(' ').any(|d| d == "c3"));
    assert_eq!(
        refused_by(&g, &deploying, "Ae3-c3"),
        "Tirachen: deployment phase"
    );
    assert_eq!(
        refused_by(&g, &deploying, "Ae3-e5"),
        "Tirachen: deployment phase"
    );
    let mobilized = pos(&g, "4g4/9/9/9/9/9/3PA4/3P5/4G4 r md -/p - 0");
    assert!(dests(&g, &mobilized, "e3").split(' ').any(|d| d == "c3"));
}

// Ruling "Captures while deploying" (option DeploymentCaptures), both ways.
#[test]
fn deployment_captures_follow_the_option() {
    let text = "4g4/9/9/9/9/9/4p4/3P5/4G4 r dm P/- - 0";
    let on = game();
    let s = pos(&on, text);
    assert!(dests(&on, &s, "d2").contains("e3"));
    let off = game_with(|o| o.deployment_captures = false);
    let s = pos(&off, text);
    assert!(!dests(&off, &s, "d2").contains("e3"));
    assert_eq!(refused_by(&off, &s, "Pd2xe3"), "Tirachen: deployment phase");
}

// Tirachen "Deployment phase": "Move a piece within your deployment area." A capture outside the
// area is refused for leaving it, whatever the option DeploymentCaptures says (a review found it
// refused with "may not capture" when the option was off), and a capture inside it, with the
// option off, for capturing.
#[test]
fn a_deploying_capture_outside_the_area_is_refused_for_leaving_it() {
    use game_api::Actor;
    let outside = "4g4/9/9/9/9/4p4/3P5/9/4G4 r dm P/- - 0";
    let inside = "4g4/9/9/9/9/9/4p4/3P5/4G4 r dm P/- - 0";
    for captures in [true, false] {
        let g = game_with(|o| o.deployment_captures = captures);
        let s = pos(&g, outside);
        assert_eq!(refused_by(&g, &s, "Pd3xe4"), "Tirachen: deployment phase");
        let a = g.parse_action(&s, "Pd3xe4").unwrap();
        let why = g.refusal(&s, Actor::Player(mover(&g, &s)), a).why;
        assert!(
            why.contains("only within your deployment area"),
            "captures {captures}: {why}"
        );
    }
    let off = game_with(|o| o.deployment_captures = false);
    let s = pos(&off, inside);
    let a = off.parse_action(&s, "Pd2xe3").unwrap();
    let why = off.refusal(&s, Actor::Player(mover(&off, &s)), a).why;
    assert!(why.contains("may not capture"), "{why}");
}

// Tirachen "Deployment phase": "Declare you are mobilizing, taking no moves."
#[test]
fn mobilizing_ends_the_deployment_phase() {
    let (g, mut s) = after_choices();
    play(&g, &mut s, "mob");
    assert_eq!(
        g.position_text(&s),
        "4g4/9/9/9/4*4/9/9/9/4G4 w md FCS3A3W3P9/fcs2a5w2p9 - 0"
    );
    play(&g, &mut s, "mob");
    assert_eq!(refused_by(&g, &s, "mob"), "Tirachen: mobilized phase");
}

// Tirachen "Deployment phase": "You are considered mobilized if you place your last piece."
#[test]
fn placing_the_last_piece_mobilizes() {
    let g = game();
    let mut s = pos(&g, "4g4/9/9/9/9/9/9/9/4G4 r dd P/p - 0");
    play(&g, &mut s, "P@c2");
    assert_eq!(g.position_text(&s), "4g4/9/9/9/9/9/9/2P6/4G4 w md -/p - 0");
}

// Tirachen "Mobilized phase": "2. Place your undeployed fort on any open square in your
// deployment area. 3. Bring a previously-undeployed piece in one of your open homeland squares."
#[test]
fn mobilized_placements() {
    let g = game();
    let s = pos(&g, "4g4/9/9/9/9/9/9/9/4G4 r mm FP2/- - 0");
    let texts = legal_texts(&g, &s);
    let pikes: Vec<&String> = texts.iter().filter(|t| t.starts_with("P@")).collect();
    assert_eq!(pikes, ["P@d1", "P@f1"]);
    assert_eq!(texts.iter().filter(|t| t.starts_with("F@")).count(), 26);
    assert_eq!(refused_by(&g, &s, "P@e2"), "Tirachen: mobilized phase");
    assert_eq!(refused_by(&g, &s, "P@e1"), "Tirachen: mobilized phase");
    assert_eq!(refused_by(&g, &s, "F@e4"), "Tirachen: mobilized phase");
    assert_eq!(refused_by(&g, &s, "C@d1"), "Tirachen: undeployed pieces");
    assert_eq!(refused_by(&g, &s, "G@d1"), "Tirachen: undeployed pieces");
}

// Ruling "The General at the start": it stands on its homeland's centre before anything else.
#[test]
fn the_generals_start_on_the_board() {
    let g = game();
    let s = g.start();
    assert_eq!(
        g.position_text(&s),
        "4g4/9/9/9/4*4/9/9/9/4G4 r cc FCP9/fcp9 - 0"
    );
    assert_eq!(g.decision(&s), Decision::Player(Player(0)));
}

// Tirachen "Deployment phase": a side deploys while the other has already mobilized, and the
// mobilized side may enter the deploying side's area.
#[test]
fn one_side_may_mobilize_while_the_other_deploys() {
    let g = game();
    let mut s = pos(&g, "4g4/9/9/9/4C4/9/9/9/4G4 w md -/cp - 0");
    play(&g, &mut s, "C@d9");
    play(&g, &mut s, "Ce5-e8");
    assert_eq!(g.position_text(&s), "3cg4/4C4/9/9/9/9/9/9/4G4 w md -/p - 1");
}

// Ruling "Placing the last undeployed piece (the Fort included) mobilizes at once", and the
// Fort placed while deploying is not placed again ("[This doesn't apply if you placed it during
// regular deployment!]").
#[test]
fn placing_the_fort_last_mobilizes_and_it_is_never_placed_twice() {
    let g = game();
    let mut s = pos(&g, "4g4/9/9/9/9/9/9/9/4G4 r dd F/p - 0");
    play(&g, &mut s, "F@c2");
    assert_eq!(g.position_text(&s), "4g4/9/9/9/9/9/9/2F6/4G4 w md -/p - 0");
    let texts = legal_texts(&g, &s);
    assert!(!texts.iter().any(|t| t.starts_with("F@")), "{texts:?}");
}

// Tirachen "Mobilized phase": "Bring a previously-undeployed piece in one of your open homeland
// squares" — White's homeland is d9–f9.
#[test]
fn white_brings_pieces_in_on_its_own_homeland() {
    let g = game();
    let s = pos(&g, "4g4/9/9/9/9/9/9/9/4G4 w mm -/p2 - 0");
    let texts = legal_texts(&g, &s);
    let pikes: Vec<&String> = texts.iter().filter(|t| t.starts_with("P@")).collect();
    assert_eq!(pikes, ["P@d9", "P@f9"]);
}

// Tirachen "Mobilized phase": "2. Place your undeployed fort on any open square in your
// deployment area. [This doesn't apply if you placed it during regular deployment!]" and "3.
// Bring a previously-undeployed piece [this excludes deployed-then-captured pieces] in one of
// your open homeland squares." Red places its Fort while deploying; White's mobilized Commander
// takes it (and is lost with it); Red then mobilizes. The Fort is off the board and not
// undeployed: `F@` is never offered, and is refused as a piece Red does not hold undeployed.
#[test]
fn a_fort_deployed_then_captured_is_not_placed_again_once_mobilized() {
    use tirachen_rules::{Kind, Side};
    let g = game();
    let mut s = pos(&g, "4g4/2c6/9/9/9/9/9/9/4G4 r dm FP/- - 0");
    play(&g, &mut s, "F@c2");
    assert_eq!(
        g.position_text(&s),
        "4g4/2c6/9/9/9/9/9/2F6/4G4 w dm P/- - 0"
    );
    play(&g, &mut s, "Cc8xc2");
    assert_eq!(g.position_text(&s), "4g4/9/9/9/9/9/9/9/4G4 r dm P/- - 0");
    play(&g, &mut s, "mob");
    play(&g, &mut s, "Ge9-e8");
    assert_eq!(g.position_text(&s), "9/4g4/9/9/9/9/9/9/4G4 r mm P/- - 1");
    assert_eq!(s.reserve(Side::Red).count(Kind::Fort), 0);
    assert_eq!(s.pieces(Side::Red, Kind::Fort).first(), None);
    let texts = legal_texts(&g, &s);
    assert!(!texts.iter().any(|t| t.starts_with("F@")), "{texts:?}");
    // The Pike never deployed still enters on the homeland.
    let pikes: Vec<&String> = texts.iter().filter(|t| t.starts_with("P@")).collect();
    assert_eq!(pikes, ["P@d1", "P@f1"]);
    for to in ["c2", "a3", "e2", "i1"] {
        assert_eq!(
            refused_by(&g, &s, &format!("F@{to}")),
            "Tirachen: undeployed pieces",
            "F@{to}"
        );
    }
}

// Tirachen "Mobilized phase": "3. Bring a previously-undeployed piece [this excludes
// deployed-then-captured pieces] in one of your open homeland squares." Of Red's two Pikes one
// is placed while deploying and taken; once mobilized Red brings in the other, and then none.
#[test]
fn a_pike_deployed_then_captured_is_not_brought_in_again() {
    use tirachen_rules::{Kind, Side};
    let g = game();
    let mut s = pos(&g, "4g4/2c6/9/9/9/9/9/9/4G4 r dm P2/- - 0");
    play(&g, &mut s, "P@c2");
    play(&g, &mut s, "Cc8xc2");
    assert_eq!(g.position_text(&s), "4g4/9/9/9/9/9/9/2c6/4G4 r dm P/- - 0");
    play(&g, &mut s, "mob");
    play(&g, &mut s, "Ge9-e8");
    assert_eq!(s.reserve(Side::Red).count(Kind::Pike), 1);
    play(&g, &mut s, "P@d1");
    play(&g, &mut s, "Ge8-e9");
    assert_eq!(g.position_text(&s), "4g4/9/9/9/9/9/9/2c6/3PG4 r mm -/- - 1");
    assert_eq!(s.reserve(Side::Red).count(Kind::Pike), 0);
    let texts = legal_texts(&g, &s);
    assert!(!texts.iter().any(|t| t.contains('@')), "{texts:?}");
    assert_eq!(refused_by(&g, &s, "P@f1"), "Tirachen: undeployed pieces");
}
