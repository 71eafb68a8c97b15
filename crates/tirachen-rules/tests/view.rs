//! What a host draws: the board (rule text, "PIECES AND PATCHES": "9x9 board of alternating
//! colors (green and grey in Qenar)", homelands, deployment areas, no man's land), the pieces,
//! the undeployed trays, where an action touches the board, and why a click is refused.
mod common;
use common::*;
use game_api::{Cell, Game, Player, Shape, Viewer};

#[test]
fn the_board_and_its_zones() {
    let g = game();
    let b = g.board();
    assert_eq!(
        b.shape,
        Shape::Grid {
            files: 9,
            ranks: 9,
            holes: vec![]
        }
    );
    assert_eq!(b.cells(), 81);
    // Alternating colours: a1 and b2 alike, a1 and b1 not.
    assert_eq!(b.cell_colours[0], b.cell_colours[10]);
    assert_ne!(b.cell_colours[0], b.cell_colours[1]);
    let names = |zone: &str, owner: Option<Player>| -> Vec<String> {
        let z = b
            .zones
            .iter()
            .find(|z| z.name == zone && z.owner == owner)
            .unwrap_or_else(|| panic!("no zone {zone} of {owner:?}"));
        z.cells.iter().map(|&c| b.cell_name(c)).collect()
    };
    assert_eq!(names("homeland", Some(Player(0))), ["d1", "e1", "f1"]);
    assert_eq!(names("homeland", Some(Player(1))), ["d9", "e9", "f9"]);
    assert_eq!(names("deployment", Some(Player(0))).len(), 27);
    assert!(names("deployment", Some(Player(1))).contains(&"a7".to_string()));
    let nml = names("no man's land", None);
    assert_eq!(
        (nml.len(), nml[0].as_str(), nml[26].as_str()),
        (27, "a4", "i6")
    );
}

#[test]
fn pieces_trays_and_action_cells() {
    let g = game();
    let s = g.start();
    let pieces = g.pieces(&s, Viewer::Spectator);
    assert_eq!(pieces.len(), 3);
    let traitor = pieces.iter().find(|p| p.kind == "T").unwrap();
    assert_eq!((traitor.cell, traitor.owner), (Cell(40), None));
    let trays = g.reserves(&s, Viewer::Spectator);
    assert_eq!(trays[1].owner, Player(1));
    assert_eq!(trays[1].label, "undeployed");
    assert!(trays[1].entries.contains(&("P".into(), "Pike".into(), 9)));

    let s = pos(&g, "8g/9/9/9/4*4/9/4C4/4F4/G8 r mm P/- - 0");
    let cells = |t: &str| g.action_cells(&s, g.parse_action(&s, t).unwrap());
    let c = cells("Ce3xe5");
    assert_eq!(
        (c.from, c.to, c.captures.clone()),
        (Some(Cell(22)), Some(Cell(40)), vec![Cell(40)])
    );
    // Control: the capturer is sacrificed (the mover's own) and the Traitor stays: nothing
    // opposing is taken.
    assert_eq!(cells("Ce3xe5=T").captures, vec![]);
    let p = cells("P@d1");
    assert_eq!(
        (p.from, p.to, p.from_reserve),
        (None, Some(Cell(3)), Some("P".to_string()))
    );
    assert_eq!(cells("mob"), game_api::ActionCells::default());
}

#[test]
fn clicks_are_explained_by_rule() {
    let g = game();
    let s = pos(&g, "8g/9/9/9/9/9/c8/4F4/G8 w mm -/- - 0");
    let r = g.explain_move(&s, Player(1), Some(Cell(18)), Cell(22));
    assert_eq!(r.rule, "Tirachen: Fort");
    let s = pos(&g, "4g4/9/9/9/9/9/9/9/4G4 r mm P/- - 0");
    let r = g.explain_move(&s, Player(0), None, Cell(13));
    assert_eq!(r.rule, "Tirachen: mobilized phase");
    let r = g.explain_move(&s, Player(0), Some(Cell(4)), Cell(22));
    assert_eq!(r.rule, "Tirachen: General");
}

/// "Place your undeployed fort on any open square in your deployment area": a click on such a
/// square off the homeland, nothing picked, the Fort and a Commander in the tray, says to pick
/// the Fort — not the Commander's refusal (a review found "once mobilized, an undeployed piece
/// enters only … your homeland" said where the Fort may go).
#[test]
fn a_click_where_only_the_fort_may_go_names_the_fort() {
    let g = game();
    let s = pos(&g, "4g4/9/9/9/4*4/9/9/9/4G4 r mm FC/- - 0");
    let c2 = Cell(sq("c2").index() as u16);
    let r = g.explain_move(&s, Player(0), None, c2);
    assert!(r.why.contains("pick a piece from your tray first"), "{r}");
    assert!(r.why.contains("the Fort may go on c2"), "{r}");
    assert!(!r.why.contains("homeland"), "{r}");
}

#[test]
fn actions_carry_kinds_and_plain_words_and_the_fort_its_ring() {
    // Rule text, "Traitor piece": "(1) capture it normally and remove it from the game or (2)
    // sacrifice the piece capturing the traitor piece to gain control of it" — the two actions
    // a host offers as two buttons say so in plain words. "Fort": "Opposing pieces may not end
    // their movement on a square adjacent to the fort" — the Fort's ring comes from the rules.
    let g = game();
    let s = pos(&g, "4g4/9/9/9/4*4/4C4/4F4/9/4G4 r mm -/- - 0");
    let mut acts = Vec::new();
    g.legal_actions(&s, Player(0), &mut acts);
    let on_traitor: Vec<_> = acts
        .iter()
        .filter(|&&a| g.action_cells(&s, a).to == Some(Cell(sq("e5").index() as u16)))
        .map(|&a| (g.action_kind(&s, a), g.action_label(&s, a).unwrap()))
        .collect();
    assert_eq!(on_traitor.len(), 2, "{on_traitor:?}");
    assert!(on_traitor.contains(&(
        "move",
        "take the Traitor on e5: remove it from the game".into()
    )));
    assert!(on_traitor.contains(&(
        "control",
        "take the Traitor on e5: sacrifice the capturer and control it".into()
    )));
    let ring = g.piece_zones(&s, Cell(sq("e3").index() as u16));
    assert_eq!(ring.len(), 1);
    assert_eq!(ring[0].owner, Some(Player(0)));
    let b = g.board();
    let mut names: Vec<String> = ring[0].cells.iter().map(|&c| b.cell_name(c)).collect();
    names.sort();
    assert_eq!(names, ["d2", "d3", "d4", "e2", "e4", "f2", "f3", "f4"]);
    // Other pieces carry no zone.
    assert!(g.piece_zones(&s, Cell(sq("e4").index() as u16)).is_empty());
    // The masters' choice is its own kind of action.
    let start = g.start();
    let mut first = Vec::new();
    g.legal_actions(&start, Player(0), &mut first);
    assert!(first.iter().all(|&a| g.action_kind(&start, a) == "choose"));
}
