//! Kelasu in the app, headless (`MinimalPlugins` plus the game plugins), driven by the messages
//! the title, the dialog, the mouse, the turn bar and the merge builder send: a merge built by
//! gathering Blanks, the new piece moving in the same turn, a conversion, a recall, a win by the
//! victory tiles; the highlights checked against the rules' own actions and patterns.
use bevy::prelude::*;
use game_api::{Cell, Decision, Game, Match, Reach, Viewer};
use kelasu_rules::{Kelasu, KelasuOptions, Kind, Side, Square};
use veney::Screen;
use veney::host::OpenScreen;
use veney::host::grid::{
    ActiveMatch, GridClicksClaimed, GridHighlights, GridPackMarks, GridSelection, GridStatus,
    Intent, Mark, SaveRoot,
};
use veney::packs::kelasu::merge::{MergeBuilder, MergeIntent};
use veney::packs::kelasu::{KelasuStage, NewKelasu, kelasu};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("kelasu-app-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn send<M: Message>(app: &mut App, m: M) {
    app.world_mut().write_message(m);
    app.update();
    app.update();
}

/// Opens Kelasu as the title's Play button does and starts a game as the dialog's Start does.
fn kelasu_app(name: &str, position: Option<&str>) -> App {
    kelasu_app_with(name, position, KelasuOptions::default())
}

/// `kelasu_app` with the dialog's options set.
fn kelasu_app_with(name: &str, position: Option<&str>, options: KelasuOptions) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_resource(SaveRoot(temp_dir(name)))
        .insert_resource(veney::packs::veney::game::SaveDir(temp_dir(&format!(
            "{name}-veney"
        ))));
    app.add_plugins(veney::game_plugins);
    app.update();
    send(&mut app, OpenScreen(Screen::Kelasu));
    assert_eq!(stage(&app), KelasuStage::NewGame);
    send(
        &mut app,
        NewKelasu {
            options,
            position: position.map(String::from),
        },
    );
    assert_eq!(stage(&app), KelasuStage::Playing);
    app
}

fn stage(app: &App) -> KelasuStage {
    *app.world().resource::<State<KelasuStage>>().get()
}

fn m(app: &App) -> &ActiveMatch {
    app.world().resource::<ActiveMatch>()
}

fn typed(app: &App) -> &Match<Kelasu> {
    kelasu(m(app)).expect("a Kelasu match")
}

fn cell(name: &str) -> Cell {
    Cell(Square::parse(name).unwrap().0 as u16)
}

fn at(app: &App, name: &str) -> Option<(Side, Kind)> {
    typed(app)
        .state()
        .piece_at(Square::parse(name).unwrap())
        .map(|p| (p.side, p.kind))
}

fn click(app: &mut App, c: &str) {
    send(app, Intent::Click(cell(c)));
}

fn end_turn(app: &mut App) {
    let i = veney::packs::kelasu::turn_bar::end_index(m(app)).expect("end of turn offered");
    send(app, Intent::Play(i));
}

fn energy(app: &App) -> i16 {
    typed(app).state().energy()
}

fn highlights(app: &App) -> GridHighlights {
    app.world().resource::<GridHighlights>().clone()
}

fn refusal(app: &App) -> Option<String> {
    app.world().resource::<GridStatus>().refusal.clone()
}

/// The status line's note (saved, loaded, why a click waits), if any.
fn info(app: &App) -> Option<String> {
    app.world().resource::<GridStatus>().info.clone()
}

/// Blue's Blanks on C3 C4 C5 D3 D4, outside its home rows; everything else as at the start.
const MERGING: &str =
    "BBBBBBBBBB/BBBBB5/S1SBBB1S1S/3BB5/10/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 4 s - 0";

#[test]
fn a_refused_merge_says_the_rules_reason() {
    // Merging: "Blanks that are next to each other and outside of their starting 2 rows can
    // Merge". Blue's Blanks C3 C4 (a Warrior's worth) and C6, whose only Blank neighbour B6 is
    // in Blue's starting rows: a click on C6 is refused for B6's row, not for a missing
    // neighbour.
    let mut a = kelasu_app(
        "merge-why",
        Some("BBBBBBBBBB/BBBBBBB3/S1SBB1BS1S/10/10/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 4 s - 0"),
    );
    send(&mut a, MergeIntent::Toggle);
    click(&mut a, "C6");
    let r = refusal(&a).expect("refused");
    assert!(
        r.contains("the one on B6: the Blank on B6 is within your starting 2 rows")
            && r.contains("Kelasu: Merging")
            && !r.contains("none of your Blanks next to it"),
        "{r}"
    );
    // With MovedBlanksMerge=no, no merge is open after both Blanks moved: M says so, naming
    // the option (not the connected-group rule the old fixed message blamed).
    let options = KelasuOptions {
        moved_blanks_merge: false,
        ..KelasuOptions::default()
    };
    let mut b = kelasu_app_with(
        "merge-moved",
        Some("BBBBBBBBBB/BBBBBBBBBB/S1S4S1S/10/10/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 4 s - 0"),
        options,
    );
    for (from, to) in [("B3", "C3"), ("B4", "C4")] {
        click(&mut b, from);
        click(&mut b, to);
    }
    send(&mut b, MergeIntent::Toggle);
    let r = refusal(&b).expect("refused");
    assert!(
        r.contains("no merge is open now")
            && r.contains("moved this turn")
            && r.contains("MovedBlanksMerge=no"),
        "{r}"
    );
}

#[test]
fn merge_by_gathering_blanks_then_move_the_new_warrior_in_the_same_turn() {
    let mut a = kelasu_app("merge", Some(MERGING));
    // Merging: "Blanks that are next to each other and outside of their starting 2 rows can
    // Merge into another piece on any of the blanks' squares". A merge is never a click target
    // of the board itself: a click on C4 picks its Blank up to move it.
    click(&mut a, "C4");
    assert_eq!(
        a.world().resource::<GridSelection>().0,
        Some(veney::host::grid::Pick::Cell(cell("C4")))
    );
    // Its Blank is hemmed in (C3, C5, D4 hold Blanks): nothing is marked, no merge either.
    assert!(highlights(&a).targets.is_empty(), "{:?}", highlights(&a));
    // The builder (M) claims the board's clicks: they gather Blanks.
    send(&mut a, MergeIntent::Toggle);
    assert!(a.world().resource::<GridClicksClaimed>().0);
    assert_eq!(a.world().resource::<GridSelection>().0, None);
    // The Blanks that can merge are offered; home-row Blanks are not, and a click on one is
    // refused by the rules, naming the rule.
    let offered = a.world().resource::<GridPackMarks>().offered.clone();
    assert_eq!(
        offered,
        ["C3", "C4", "C5", "D3", "D4"].map(cell).to_vec(),
        "every Blue Blank outside rows A–B"
    );
    click(&mut a, "B2");
    let r = refusal(&a).expect("refused");
    assert!(
        r.contains("Kelasu: Merging") && r.contains("starting 2 rows"),
        "{r}"
    );
    // Two Blanks not next to each other make nothing, and the rules say why.
    click(&mut a, "C3");
    click(&mut a, "C5");
    let b = a.world().resource::<MergeBuilder>().clone();
    assert_eq!(b.chosen.count(), 2);
    let menu = a
        .world()
        .resource::<veney::packs::kelasu::merge::MergeMenu>();
    assert!(menu.kinds(b.chosen).is_empty());
    let note = veney::packs::kelasu::merge::gathered_note(typed(&a), menu, b.chosen).unwrap();
    assert!(note.contains("next to each other"), "{note}");
    // Let C3 go, gather C4: C4 + C5 pay exactly for a Warrior (cost 2).
    click(&mut a, "C3");
    click(&mut a, "C4");
    let b = a.world().resource::<MergeBuilder>().clone();
    let menu = a
        .world()
        .resource::<veney::packs::kelasu::merge::MergeMenu>();
    assert_eq!(menu.kinds(b.chosen), vec![Kind::Warrior]);
    send(&mut a, MergeIntent::Make(Kind::Warrior));
    // Its square is one of the two Blanks'.
    assert_eq!(
        a.world().resource::<GridPackMarks>().offered,
        vec![cell("C4"), cell("C5")]
    );
    click(&mut a, "C4");
    assert_eq!(at(&a, "C4"), Some((Side::Blue, Kind::Warrior)));
    assert_eq!(at(&a, "C5"), None);
    // Energy: "a merge costs as many as Blanks used": 4 − 2.
    assert_eq!(energy(&a), 2);
    assert!(!a.world().resource::<MergeBuilder>().open);
    assert!(!a.world().resource::<GridClicksClaimed>().0);
    // "Newly merged pieces may move the same turn": the Warrior's squares, sideways C5 a
    // move that could also take ("#"), the forward diagonal D5 Must Capture ("+") drawn but
    // not a target.
    click(&mut a, "C4");
    let h = highlights(&a);
    assert!(h.targets.contains(&(cell("C5"), Mark::MoveOrTake)), "{h:?}");
    assert!(
        h.pattern.contains(&(cell("D5"), Reach::MustCapture)),
        "{h:?}"
    );
    assert!(!h.targets.iter().any(|(c, _)| *c == cell("D5")));
    click(&mut a, "C5");
    assert_eq!(at(&a, "C5"), Some((Side::Blue, Kind::Warrior)));
    assert_eq!(energy(&a), 1);
    // "No piece moves twice in a turn": the Warrior is spent; the rules explain the click.
    click(&mut a, "C5");
    click(&mut a, "C6");
    let r = refusal(&a).expect("refused");
    assert!(r.contains(kelasu_rules::rules::ONCE_PER_TURN), "{r}");
    assert_eq!(at(&a, "C5"), Some((Side::Blue, Kind::Warrior)));
    // "Once your energy runs out, your turn ends": with 1 left and Blanks that can step, the
    // rules offer no `end` (the turn bar's button is off); the last step ends the turn.
    assert_eq!(veney::packs::kelasu::turn_bar::end_index(m(&a)), None);
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(typed(&a).state().to_move(), Side::Red);
    assert_eq!(energy(&a), 4);
    // The record writes the merge in Kelasu's notation.
    let record = m(&a).game.record(Viewer::Referee);
    assert!(
        record.contains("W=C4/C5") && record.contains("C4-C5"),
        "{record}"
    );
    // Undo takes back the turn's actions one by one; the builder closes on another position.
    send(&mut a, Intent::Undo);
    assert_eq!(typed(&a).state().to_move(), Side::Blue);
    send(&mut a, MergeIntent::Toggle);
    assert!(
        a.world().resource::<MergeBuilder>().open,
        "opened in Blue's turn"
    );
    send(&mut a, Intent::Undo);
    assert!(!a.world().resource::<MergeBuilder>().open);
}

#[test]
fn a_merge_costing_more_than_the_energy_left_is_allowed_and_ends_the_turn() {
    // Energy: a merge "is allowed with too little energy, which ends the turn".
    let mut a = kelasu_app("merge-energy", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(energy(&a), 3);
    send(&mut a, MergeIntent::Toggle);
    for c in ["C3", "C4", "D4", "C5"] {
        click(&mut a, c);
    }
    let b = a.world().resource::<MergeBuilder>().clone();
    let menu = a
        .world()
        .resource::<veney::packs::kelasu::merge::MergeMenu>();
    assert_eq!(menu.kinds(b.chosen), vec![Kind::Runner, Kind::Diplomat]);
    send(&mut a, MergeIntent::Make(Kind::Diplomat));
    send(&mut a, MergeIntent::Place(cell("D4")));
    assert_eq!(at(&a, "D4"), Some((Side::Blue, Kind::Diplomat)));
    assert_eq!(typed(&a).state().to_move(), Side::Red, "the turn ended");
}

#[test]
fn convert_with_the_diplomat_then_move_the_converted_piece_and_recall_a_warrior() {
    // Blue's Diplomat on E5 beside Red's Warrior on F6; Blue's Warrior on J5, the far rank.
    let mut a = kelasu_app(
        "convert",
        Some("BBBBB1BBBB/BBBB6/S1S4S1S/10/5D4/6w3/10/s1s4s1s/bbbbbbbbbb/bbbbbWbbb1 b 4 s - 0"),
    );
    click(&mut a, "E5");
    let h = highlights(&a);
    // Diplomat conversion ("%"): the diagonal neighbour is a marked target.
    assert!(h.targets.contains(&(cell("F6"), Mark::Capture)), "{h:?}");
    click(&mut a, "F6");
    assert_eq!(at(&a, "F6"), Some((Side::Blue, Kind::Warrior)), "converted");
    assert_eq!(at(&a, "E5"), None, "the Diplomat is sacrificed");
    assert_eq!(energy(&a), 3);
    // Newly converted pieces may move the same turn.
    click(&mut a, "F6");
    click(&mut a, "G6");
    assert_eq!(at(&a, "G6"), Some((Side::Blue, Kind::Warrior)));
    assert_eq!(energy(&a), 2);
    // Warrior Recall: from the far rank straight back 9 ranks, to A5.
    click(&mut a, "J5");
    assert!(highlights(&a).targets.contains(&(cell("A5"), Mark::Move)));
    click(&mut a, "A5");
    assert_eq!(at(&a, "A5"), Some((Side::Blue, Kind::Warrior)));
    assert_eq!(at(&a, "J5"), None);
    assert_eq!(energy(&a), 1);
    let record = m(&a).game.record(Viewer::Referee);
    assert!(
        record.contains("E5%F6") && record.contains("J5@A5"),
        "{record}"
    );
}

#[test]
fn occupying_all_four_victory_tiles_wins() {
    // Endings: "all four Victory Tiles occupied". Blue holds E4 E5 F4; its Warrior on F6 steps
    // sideways onto F5.
    let mut a = kelasu_app(
        "tiles",
        Some("BBBBBBBBBB/B9/S1S4S1S/10/4WW4/4W1W3/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 4 s - 0"),
    );
    click(&mut a, "F6");
    click(&mut a, "F5");
    match m(&a).game.decision() {
        Decision::Over(o) => {
            assert_eq!(o.winner(), Some(Side::Blue.player()));
            assert_eq!(o.reason, kelasu_rules::endings::VICTORY_TILES_HELD);
        }
        d => panic!("not over: {d:?}"),
    }
    assert!(veney::host::grid::panel::prompt(m(&a)).starts_with("Blue wins"));
    // Nothing more is played; undo reopens the game.
    send(&mut a, Intent::Undo);
    assert!(matches!(m(&a).game.decision(), Decision::Player(_)));
}

#[test]
fn every_pick_marks_exactly_the_rules_targets_with_their_reach() {
    // Over positions of seeded random games, each of the mover's pieces picked: the targets are
    // the rules' own non-merge actions from it, and a move's mark follows the drawn pattern.
    use rand::{Rng, SeedableRng};
    let g = Kelasu::new(KelasuOptions::default());
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let mut s = g.start();
    let mut a = kelasu_app("every-pick", None);
    let mut checked = 0;
    for step in 0..120 {
        let Decision::Player(p) = g.decision(&s) else {
            break;
        };
        if step % 10 == 0 {
            send(
                &mut a,
                NewKelasu {
                    options: KelasuOptions::default(),
                    position: Some(g.position_text(&s)),
                },
            );
            for (sq, piece) in s.pieces().filter(|(_, q)| q.side == s.to_move()) {
                send(&mut a, Intent::Cancel);
                send(&mut a, Intent::Click(Cell(sq.0 as u16)));
                let h = highlights(&a);
                let mut acts = Vec::new();
                g.legal_actions(&s, p, &mut acts);
                let mut want: Vec<Cell> = acts
                    .iter()
                    .filter_map(|x| match *x {
                        kelasu_rules::Action::Move { from, to }
                        | kelasu_rules::Action::Recall { from, to }
                            if from == sq =>
                        {
                            Some(Cell(to.0 as u16))
                        }
                        kelasu_rules::Action::Convert { from, target } if from == sq => {
                            Some(Cell(target.0 as u16))
                        }
                        _ => None,
                    })
                    .collect();
                want.sort();
                want.dedup();
                let got: Vec<Cell> = h.targets.iter().map(|(c, _)| *c).collect();
                assert_eq!(got, want, "{piece:?} on {}", sq.name());
                for (c, mark) in &h.targets {
                    let reach = g
                        .piece_reach(&s, Cell(sq.0 as u16))
                        .into_iter()
                        .find(|(rc, _)| rc == c);
                    if *mark == Mark::MoveOrTake {
                        assert_eq!(reach.map(|r| r.1), Some(Reach::MoveCapture));
                    }
                }
                checked += 1;
            }
        }
        let mut acts = Vec::new();
        g.legal_actions(&s, p, &mut acts);
        let x = acts[rng.random_range(0..acts.len())];
        g.apply(&mut s, game_api::Actor::Player(p), x);
    }
    assert!(checked > 50, "{checked}");
}

#[test]
fn save_and_load_keep_the_options_and_the_position() {
    // Options other than the defaults, so a load that ignored the save's headers would show.
    let options = KelasuOptions {
        pass_allowed: true,
        recall_captures: true,
        quiet_full_turns: Some(10),
        ..Default::default()
    };
    let mut a = kelasu_app_with("save", Some(MERGING), options);
    click(&mut a, "D3");
    click(&mut a, "E3");
    let before = m(&a).game.position_text(Viewer::Referee);
    send(&mut a, Intent::Save);
    click(&mut a, "D4");
    click(&mut a, "E4");
    let left = m(&a).game.position_text(Viewer::Referee);
    send(&mut a, Intent::Load);
    assert_eq!(m(&a).game.position_text(Viewer::Referee), before);
    assert_eq!(energy(&a), 3, "mid-turn energy survives the save");
    assert_eq!(typed(&a).game().options, options);
    // The game the Load replaced is kept beside the save, and reads back as it was left (a
    // review found it lost: the autosave follows the loaded game).
    let kept = veney::host::grid::autosave::before_load_beside(&m(&a).save_path);
    let text = std::fs::read_to_string(&kept).expect("the game left is kept");
    let back = veney::packs::kelasu::load(&text).expect("it loads");
    assert_eq!(back.position_text(Viewer::Referee), left);
    let info = info(&a).unwrap_or_default();
    assert!(info.contains("the game left is kept as"), "{info}");
}

/// A new game with nothing played in it is not autosaved: the autosave still holds the game
/// before it. A Load then keeps that game (one a crash left, with Start pressed instead of
/// Resume), not the empty one (a review found the empty game kept and the other's autosave
/// overwritten by the loaded game).
#[test]
fn a_load_over_an_empty_new_game_keeps_the_autosaved_game() {
    let mut a = kelasu_app("load-over-empty", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    send(&mut a, Intent::Save);
    click(&mut a, "D4");
    click(&mut a, "E4");
    let played = m(&a).game.position_text(Viewer::Referee);
    new_default_game(&mut a);
    assert_eq!(m(&a).game.history_len(), 0);
    send(&mut a, Intent::Load);
    let kept = veney::host::grid::autosave::before_load_beside(&m(&a).save_path);
    let text = std::fs::read_to_string(&kept).expect("a game is kept");
    let back = veney::packs::kelasu::load(&text).expect("it loads");
    assert_eq!(back.position_text(Viewer::Referee), played);
}

/// Against the computer, a Load over a new game of the same game the autosave holds keeps no
/// copy of it: the autosave's `[Computer …]` header does not make it another game (a review
/// found the same game kept again as `before-load`, the earlier kept game pushed aside).
#[test]
fn a_load_of_the_autosaved_game_against_the_computer_keeps_no_second_copy() {
    use game_ai::Level;
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app("load-same-computer", Some(MERGING));
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, Some(Level::Beginner)];
    click(&mut a, "D3");
    click(&mut a, "E3");
    send(&mut a, Intent::Save);
    let autosave = m(&a).autosave_path();
    let auto = std::fs::read_to_string(&autosave).expect("autosaved");
    assert!(auto.contains("[Computer"), "{auto}");
    let kept = veney::host::grid::autosave::before_load_beside(&m(&a).save_path);
    let earlier = "an earlier kept game";
    std::fs::write(&kept, earlier).unwrap();
    new_default_game(&mut a);
    assert_eq!(m(&a).game.history_len(), 0);
    send(&mut a, Intent::Load);
    assert!(m(&a).game.history_len() > 0, "loaded");
    // Nothing kept: the earlier kept game stays where it was, not pushed aside for a copy of
    // the game loaded (nor for the empty new game).
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), earlier);
    assert!(!kept.with_file_name("before-load.older-1.kelasu").exists());
}

/// A new game at the start under the default options (the new-game dialog's Start).
fn new_default_game(a: &mut App) {
    send(
        a,
        NewKelasu {
            options: KelasuOptions::default(),
            position: None,
        },
    );
}

fn prompt(app: &App) -> String {
    veney::host::grid::panel::prompt(m(app))
}

fn ask(app: &App) -> veney::host::grid::GridEndingAsk {
    app.world()
        .resource::<veney::host::grid::GridEndingAsk>()
        .clone()
}

/// "Your opponent Resigns." — mid-turn, from the panel; the board takes no more clicks; the
/// autosave keeps the ending; undo takes it back and the turn goes on where it stopped.
#[test]
fn resigning_ends_the_game_and_undo_takes_it_back() {
    use game_api::Player;
    let mut a = kelasu_app("resign", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(energy(&a), 3);
    send(&mut a, Intent::Resign(Player(0)));
    assert_eq!(prompt(&a), "Red wins: Blue resigns");
    // M and E after the ending say the game is over (a review found "not your decision now").
    send(&mut a, MergeIntent::Toggle);
    assert!(
        refusal(&a).is_some_and(|r| r.contains("the game is over")),
        "{:?}",
        refusal(&a)
    );
    assert_eq!(
        veney::packs::kelasu::turn_bar::why_no_end(typed(&a)),
        game_api::Refusal::game_over()
    );
    // Nothing more is played: a click is refused by the end of the game.
    click(&mut a, "D4");
    click(&mut a, "E4");
    assert_eq!(at(&a, "D4"), Some((Side::Blue, Kind::Blank)));
    assert!(m(&a).actions().is_empty());
    // The autosave holds the ending; a resumed game is over too.
    let auto = std::fs::read_to_string(m(&a).autosave_path()).unwrap();
    assert!(auto.contains("[Ending \"Blue resigns\"]"), "{auto}");
    send(&mut a, Intent::Save);
    send(&mut a, Intent::Undo);
    assert_eq!(prompt(&a), "Blue to play");
    assert_eq!(energy(&a), 3, "the turn goes on where it stopped");
    assert_eq!(at(&a, "E3"), Some((Side::Blue, Kind::Blank)));
    send(&mut a, Intent::Load);
    assert_eq!(prompt(&a), "Red wins: Blue resigns");
    // Redo brings a resignation undone back, and the autosave with it (a review found the
    // autosave left without the ending: a resumed game was live again).
    send(&mut a, Intent::Undo);
    let auto = std::fs::read_to_string(m(&a).autosave_path()).unwrap();
    assert!(!auto.contains("[Ending"), "{auto}");
    send(&mut a, Intent::Redo);
    assert_eq!(prompt(&a), "Red wins: Blue resigns");
    let auto = std::fs::read_to_string(m(&a).autosave_path()).unwrap();
    assert!(auto.contains("[Ending \"Blue resigns\"]"), "{auto}");
    // Between people, the player not deciding may resign too ("at any moment", rulings).
    let mut b = kelasu_app("resign-other", Some(MERGING));
    send(&mut b, Intent::Resign(Player(1)));
    assert_eq!(prompt(&b), "Blue wins: Red resigns");
}

/// "A mutual agreement.": one player offers, the other accepts or declines; an offer lapses
/// with the next action.
#[test]
fn a_draw_is_offered_then_declined_lapses_or_is_accepted() {
    use game_api::Player;
    let mut a = kelasu_app("draw", Some(MERGING));
    send(&mut a, Intent::OfferDraw(Player(0)));
    assert_eq!(ask(&a).draw_offer.map(|(p, _)| p), Some(Player(0)));
    send(&mut a, Intent::AnswerDraw(false));
    assert_eq!(ask(&a).draw_offer, None);
    assert_eq!(prompt(&a), "Blue to play");
    let info = info(&a).unwrap();
    assert_eq!(info, "Red declines Blue's draw offer");
    // An offer lapses once anything is played.
    send(&mut a, Intent::OfferDraw(Player(0)));
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(ask(&a).draw_offer, None);
    send(&mut a, Intent::AnswerDraw(true));
    assert_eq!(prompt(&a), "Blue to play", "no offer stands to accept");
    // Accepted: drawn by agreement.
    send(&mut a, Intent::OfferDraw(Player(0)));
    send(&mut a, Intent::AnswerDraw(true));
    assert_eq!(prompt(&a), "drawn: draw by agreement");
    assert!(
        m(&a)
            .game
            .record(Viewer::Referee)
            .ends_with("[Ending \"draw agreed\"]")
    );
    // A finished game takes no offer.
    send(&mut a, Intent::OfferDraw(Player(1)));
    assert_eq!(ask(&a).draw_offer, None);
    assert!(refusal(&a).unwrap().contains("the game is over"));
    // An offer belongs to its game: a new game starts without it (a review found it carried
    // over, so "Accept" drew the new game at once).
    let mut b = kelasu_app("draw-new-game", Some(MERGING));
    send(&mut b, Intent::OfferDraw(Player(0)));
    assert!(ask(&b).draw_offer.is_some());
    send(
        &mut b,
        NewKelasu {
            options: KelasuOptions::default(),
            position: None,
        },
    );
    assert_eq!(ask(&b).draw_offer, None);
    send(&mut b, Intent::AnswerDraw(true));
    assert!(!matches!(m(&b).game.decision(), Decision::Over(_)));
}

fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let t = std::time::Instant::now();
    while !done(app) {
        assert!(t.elapsed().as_secs() < 60, "timed out waiting for {what}");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// The computer plays Red (issue 14): after Blue's turn it plays a whole Kelasu turn of its own
/// off the main thread (clicks meanwhile refused), with moves the match itself offers; undo
/// takes back Blue's turn and the computer's reply; H gives Blue a hint that is a legal action.
#[test]
fn the_computer_plays_a_seat_and_undo_takes_back_its_reply_with_the_persons_turn() {
    use game_ai::Level;
    use game_api::Player;
    use veney::host::grid::{ComputerSeats, GridHint};
    let mut a = kelasu_app("computer", Some(MERGING));
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, Some(Level::Beginner)];
    // Blue spends its four energy: "Once your energy runs out, your turn ends."
    blue_plays_its_merging_turn(&mut a);
    let blue_done = m(&a).game.history_len();
    assert_eq!(blue_done, 4);
    assert_eq!(typed(&a).state().to_move(), Side::Red);
    // Red's turn is the computer's: a person's click is refused meanwhile. One frame only: a
    // beginner's search may end within two, and its action, played the frame after, clears the
    // status line (a CI run failed so). Red's first two actions move Blanks in its starting
    // rows at one energy each of its four, so Red is still to move.
    a.world_mut().write_message(Intent::Click(cell("H0")));
    a.update();
    let said = info(&a).unwrap_or_default();
    assert!(said.contains("computer is to move"), "{said}");
    // H on the computer's side: nothing to hint at, and the status line says so while it
    // thinks (README; a review found nothing said).
    a.world_mut().write_message(Intent::Hint);
    a.update();
    let said = info(&a).unwrap_or_default();
    assert!(said.contains("the computer's"), "{said}");
    until(&mut a, "the computer's turn", |a| {
        typed(a).state().to_move() == Side::Blue
            && !a
                .world()
                .resource::<veney::host::grid::GridThinking>()
                .busy()
    });
    assert!(m(&a).game.history_len() > blue_done, "Red played");
    let turns = m(&a).game.turns(Viewer::Referee);
    assert_eq!(turns.last().unwrap().player, Some(Player(1)));
    // Undo: Red's reply and Blue's turn both go back; Blue decides again at its turn start.
    let after_reply = m(&a).game.history_len();
    let reply = m(&a).game.record(Viewer::Referee);
    send(&mut a, Intent::Undo);
    assert_eq!(typed(&a).state().to_move(), Side::Blue);
    assert_eq!(m(&a).game.history_len(), 0);
    assert_eq!(at(&a, "D3"), Some((Side::Blue, Kind::Blank)));
    // Redo brings Blue's actions back one by one, and with the last the computer's reply it
    // had played, not a new search's (a review found the reply searched anew, the redo list
    // wiped).
    for _ in 0..4 {
        send(&mut a, Intent::Redo);
    }
    assert_eq!(m(&a).game.history_len(), after_reply, "the reply redone");
    assert_eq!(m(&a).game.record(Viewer::Referee), reply);
    assert!(
        !a.world()
            .resource::<veney::host::grid::GridThinking>()
            .busy()
    );
    send(&mut a, Intent::Undo);
    assert_eq!(m(&a).game.history_len(), 0);
    // A hint for Blue: one of the match's own actions, with its expected score.
    send(&mut a, Intent::Hint);
    until(&mut a, "the hint", |a| {
        a.world().resource::<GridHint>().0.is_some()
    });
    let (t, _) = a.world().resource::<GridHint>().0.clone().unwrap();
    assert!(m(&a).actions().iter().any(|x| x.text == t.text), "{t:?}");
    assert!((0.0..=1.0).contains(&t.value));
    // Nothing was played for Blue by the hint.
    assert_eq!(m(&a).game.history_len(), 0);
    // In the middle of Blue's own turn, undo takes back Blue's last action alone.
    for (from, to) in [("D3", "E3"), ("D4", "E4")] {
        click(&mut a, from);
        click(&mut a, to);
    }
    send(&mut a, Intent::Undo);
    assert_eq!(m(&a).game.history_len(), 1);
    assert_eq!(at(&a, "E3"), Some((Side::Blue, Kind::Blank)));
    assert_eq!(at(&a, "D4"), Some((Side::Blue, Kind::Blank)));
}

/// "Win conditions are checked after every action" — mid-turn too. Against the computer, undo
/// after the person's winning action takes back that action alone, as between people (a review
/// found the person's whole turn taken back).
#[test]
fn undo_after_a_winning_action_mid_turn_takes_back_that_action_alone() {
    use game_ai::Level;
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app(
        "win-mid-turn",
        Some("BBBBBBBBBB/10/S1S4S1S/G9/10/10/10/s9/10/bbbbbbbbbb b 4 s - 0"),
    );
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, Some(Level::Beginner)];
    for (from, to) in [("A1", "B1"), ("A2", "B2"), ("D0", "H0")] {
        click(&mut a, from);
        click(&mut a, to);
    }
    assert_eq!(m(&a).game.history_len(), 3);
    assert!(
        matches!(m(&a).game.decision(), game_api::Decision::Over(_)),
        "the last Stone taken ends the game"
    );
    send(&mut a, Intent::Undo);
    assert_eq!(m(&a).game.history_len(), 2);
    assert_eq!(at(&a, "B2"), Some((Side::Blue, Kind::Blank)));
    assert_eq!(at(&a, "D0"), Some((Side::Blue, Kind::General)));
    assert_eq!(typed(&a).state().to_move(), Side::Blue);
}

/// On the computer's turn the merge builder stays shut: its merges are its own (a review found
/// the builder opened with the computer's Blanks for the person's clicks).
#[test]
fn the_merge_builder_stays_shut_on_the_computers_turn() {
    use game_ai::Level;
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app("merge-computer", Some(MERGING));
    // The strongest level thinks for seconds: Red is still to move below.
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, Some(Level::Strongest)];
    blue_plays_its_merging_turn(&mut a);
    assert_eq!(typed(&a).state().to_move(), Side::Red);
    send(&mut a, MergeIntent::Toggle);
    assert_eq!(
        typed(&a).state().to_move(),
        Side::Red,
        "still the computer's turn"
    );
    assert!(!a.world().resource::<MergeBuilder>().open);
    let info = info(&a).unwrap_or_default();
    assert!(info.contains("computer is to move"), "{info}");
}

/// The table clock's fallen flag ends the grid game shown (issue 16): the player is out of time,
/// the record and the autosave say so, and undo plays on.
#[test]
fn a_fallen_flag_ends_the_game_out_of_time() {
    use veney::host::table_clock::ClockNow;
    let mut a = kelasu_app("flag", Some(MERGING));
    start_five_second_clock(&mut a);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(6_000);
    a.update();
    a.update();
    assert_eq!(prompt(&a), "Red wins: Blue out of time");
    let auto = std::fs::read_to_string(m(&a).autosave_path()).unwrap();
    assert!(auto.contains("[Ending \"Blue out of time\"]"), "{auto}");
    send(&mut a, Intent::Undo);
    assert_eq!(prompt(&a), "Blue to play");
}

/// The clock travels in the grid game's own save (issue 16, Clocks: "Clocks … survive
/// save/load"): saving writes `[Clock "…"]`; loading brings that clock back, paused, with its
/// times, whatever the table clock did since.
#[test]
fn the_clock_is_saved_with_the_game_and_comes_back_paused_on_load() {
    use veney::host::table_clock::{ClockIntent, ClockNow, TableClock};
    let mut a = kelasu_app("clock-save", Some(MERGING));
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    send(&mut a, ClockIntent::Start);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(12_000);
    send(&mut a, ClockIntent::Press(0));
    let left = |a: &App, seat| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().map(|c| c.remaining(seat, 12_000))
    };
    let saved = [left(&a, 0), left(&a, 1)];
    send(&mut a, Intent::Save);
    let text = std::fs::read_to_string(&m(&a).save_path).unwrap();
    assert!(text.contains("[Clock \"clock1 state=running"), "{text}");
    // A new clock, then the load.
    send(&mut a, ClockIntent::Reset);
    assert!(a.world().resource::<TableClock>().clock.is_none());
    send(&mut a, Intent::Load);
    a.update();
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("the saved clock is back");
    assert!(
        matches!(c.state(50_000), game_clock::State::Paused(1)),
        "{:?}",
        c.state(50_000)
    );
    assert_eq!([left(&a, 0), left(&a, 1)], saved);
}

/// A save whose `[Clock]` does not read loads, and the game goes on without that clock, said
/// once (a review found it tried again after every move and written back into the autosave).
#[test]
fn a_saved_clock_that_does_not_read_is_dropped_once() {
    use veney::host::table_clock::TableClock;
    let mut a = kelasu_app("clock-garbled", Some(MERGING));
    send(&mut a, Intent::Save);
    let path = m(&a).save_path.clone();
    let text = std::fs::read_to_string(&path).unwrap();
    let garbled = text.replacen("[Final", "[Clock \"not a clock\"]\n[Final", 1);
    assert_ne!(garbled, text);
    std::fs::write(&path, garbled).unwrap();
    send(&mut a, Intent::Load);
    a.update();
    assert_eq!(m(&a).game.clock(), None);
    let note = |a: &App| a.world().resource::<TableClock>().note.clone();
    assert!(
        note(&a).is_some_and(|n| n.contains("could not be read") && n.contains("without it")),
        "{:?}",
        note(&a)
    );
    a.world_mut().resource_mut::<TableClock>().note = None;
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(m(&a).game.history_len(), 1);
    assert_eq!(note(&a), None, "said once");
}

#[test]
fn clicking_an_own_stone_names_the_rule_that_keeps_it_still() {
    // "Stones cannot move": the click picks nothing to move and the panel says why, not merely
    // that no legal action goes from there.
    let mut a = kelasu_app("stuck-stone", None);
    click(&mut a, "C0");
    let info = info(&a).unwrap();
    assert!(info.contains("Stones cannot move"), "{info}");
}

/// The house rule EndEarly=yes (docs/rulings/kelasu.md, "Ending a turn"): after one action the
/// turn bar's End turn ends the turn with energy left; by the text's rule it is off then.
#[test]
fn end_turn_with_energy_left_only_under_the_house_rule() {
    let mut a = kelasu_app("strict", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(veney::packs::kelasu::turn_bar::end_index(m(&a)), None);
    // E says why, as the button's hover does: the rules' refusal of `end` (a review found the
    // key silent).
    let why = veney::packs::kelasu::turn_bar::why_no_end(typed(&a));
    assert!(why.why.contains("EndEarly=no"), "{why}");
    let early = KelasuOptions {
        end_early: true,
        ..KelasuOptions::default()
    };
    let mut a = kelasu_app_with("early", Some(MERGING), early);
    click(&mut a, "D3");
    click(&mut a, "E3");
    end_turn(&mut a);
    assert_eq!((typed(&a).state().to_move(), energy(&a)), (Side::Red, 4));
    // The turn ended with `end` (no cells of its own) keeps its move marked (a review found
    // the mark gone).
    assert_eq!(highlights(&a).last, [cell("D3"), cell("E3")]);
}

#[test]
fn a_game_started_mid_turn_counts_the_turns_energy_from_the_stones() {
    // "At the start of each turn your Energy is the number of Stones you have": a position text
    // in the middle of Blue's turn (2 left, E3 moved) shows 2 of 4, Blue having four Stones.
    let a = kelasu_app(
        "mid-turn-energy",
        Some(
            "BBBBBBBBBB/BBB1BBBBBB/S1S4S1S/10/3B6/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 2 m E3 -1",
        ),
    );
    let km = typed(&a);
    assert_eq!(veney::packs::kelasu::turn_bar::energy(km), (2, 4));
}

#[test]
fn two_plays_in_one_frame_play_only_the_first() {
    // The panel's indices name the actions as listed this frame: after the first is played, a
    // second index (E and "End turn" pressed together, say) would name another action.
    let mut a = kelasu_app("two-plays", None);
    let index = |a: &App, t: &str| {
        m(a).actions()
            .iter()
            .position(|x| x.text == t)
            .unwrap_or_else(|| panic!("{t} offered"))
    };
    let (first, second) = (index(&a, "B1-C1"), index(&a, "B3-C3"));
    a.world_mut().write_message(Intent::Play(first));
    a.world_mut().write_message(Intent::Play(second));
    a.update();
    a.update();
    assert_eq!(m(&a).game.history_len(), 1);
    assert_eq!(at(&a, "C1"), Some((Side::Blue, Kind::Blank)));
    assert_eq!(at(&a, "C3"), None);
}

/// The table clock follows the screen shown: on Veney's screen the Kelasu game left behind
/// neither names the seats nor takes Veney's clock presses into its own save; coming back to
/// Kelasu brings its own clock back, paused (a review found the grid game's clock system running
/// on every screen). Until the clock is used on Veney's screen, its faces are still Kelasu's
/// players' (a review found Kelasu's times labelled White and Black there). Used there, it is
/// handed back to Kelasu's game as it stands, paused: the time Red spent since its last press
/// stays spent (a review found it given back).
#[test]
fn the_grid_games_clock_stays_its_own_on_another_screen() {
    use veney::host::table_clock::{ClockIntent, ClockNow, TableClock};
    let mut a = kelasu_app("kelasu-clock-screens", None);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    send(&mut a, ClockIntent::Start);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(3_000);
    send(&mut a, ClockIntent::Press(0));
    let kelasu_clock = m(&a).game.clock().expect("Kelasu's game carries the clock");
    send(&mut a, OpenScreen(Screen::Veney));
    let kelasu_names = [0u8, 1].map(|i| m(&a).game.player_name(game_api::Player(i)));
    let names = |a: &App| {
        let t = a.world().resource::<TableClock>();
        [t.seat_name(0), t.seat_name(1)]
    };
    assert_eq!(names(&a), kelasu_names, "still Kelasu's clock");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(5_000);
    send(&mut a, ClockIntent::Press(1));
    a.update();
    assert_eq!(names(&a), ["White".to_string(), "Black".to_string()]);
    let handed = m(&a).game.clock().expect("handed back");
    assert_ne!(
        handed, kelasu_clock,
        "as it stood when taken, not at its last press"
    );
    let standing: game_clock::ClockText = handed.trim().parse().unwrap();
    let standing =
        game_clock::Clock::restore(&standing, 5_000, game_clock::Resume::Paused).unwrap();
    assert_eq!(
        standing.remaining(1, 5_000),
        298_000,
        "Red's two seconds stay spent"
    );
    let kelasu_clock = handed;
    a.world_mut().resource_mut::<ClockNow>().0 = Some(9_000);
    send(&mut a, ClockIntent::Press(0));
    assert_eq!(m(&a).game.clock(), Some(kelasu_clock.clone()));
    // Back on Kelasu: its own clock, paused, with the times it had.
    send(&mut a, OpenScreen(Screen::Kelasu));
    a.update();
    let t = a.world().resource::<TableClock>();
    let c = t.clock.as_ref().expect("a clock");
    assert!(
        matches!(c.state(20_000), game_clock::State::Paused(_)),
        "{:?}",
        c.state(20_000)
    );
    assert_eq!(t.seat_name(0), m(&a).game.player_name(game_api::Player(0)));
    let saved: game_clock::ClockText = kelasu_clock.trim().parse().unwrap();
    let back = game_clock::Clock::restore(&saved, 20_000, game_clock::Resume::Paused).unwrap();
    assert_eq!(
        [c.remaining(0, 20_000), c.remaining(1, 20_000)],
        [back.remaining(0, 20_000), back.remaining(1, 20_000)]
    );
}

/// The merge builder's marks go with it when Kelasu's screen is left: the host draws a pack's
/// marks on any grid board (a review found Kelasu's gathered Blanks tinted on Tirachen's).
#[test]
fn the_merge_builders_marks_go_with_the_screen() {
    let mut a = kelasu_app(
        "merge-marks-exit",
        Some("BBBBBBBBBB/BBBBBBB3/S1SBB1BS1S/10/10/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 4 s - 0"),
    );
    send(&mut a, MergeIntent::Toggle);
    click(&mut a, "C3");
    assert!(!a.world().resource::<GridPackMarks>().chosen.is_empty());
    send(&mut a, OpenScreen(Screen::Tirachen));
    assert_eq!(
        *a.world().resource::<GridPackMarks>(),
        GridPackMarks::default()
    );
}

/// Back from a screen that left the clock alone (the title): a pause made there stands, the
/// game's older form is not brought back over it (a review found the time given back).
#[test]
fn a_pause_made_away_from_the_game_stands_on_return() {
    use veney::host::table_clock::{ClockIntent, ClockNow, TableClock};
    let mut a = kelasu_app("kelasu-clock-title", None);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    send(&mut a, ClockIntent::Start);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(3_000);
    send(&mut a, ClockIntent::Press(0));
    send(&mut a, OpenScreen(Screen::Title));
    a.world_mut().resource_mut::<ClockNow>().0 = Some(7_000);
    send(&mut a, ClockIntent::Pause);
    let left = |a: &App| {
        let c = a
            .world()
            .resource::<TableClock>()
            .clock
            .clone()
            .expect("a clock");
        [c.remaining(0, 20_000), c.remaining(1, 20_000)]
    };
    let paused = left(&a);
    send(&mut a, OpenScreen(Screen::Kelasu));
    a.world_mut().resource_mut::<ClockNow>().0 = Some(9_000);
    a.update();
    assert_eq!(left(&a), paused);
    let form = m(&a).game.clock().expect("the game keeps the clock");
    assert!(form.contains("state=paused"), "{form}");
}

/// Against the computer, an undo on the computer's turn takes back the person's turn, and the
/// table clock follows it back to the person (a review found the computer's time running on the
/// person's turn and the person's own press refused).
#[test]
fn an_undo_on_the_computers_turn_runs_the_persons_clock() {
    use game_ai::Level;
    use veney::host::grid::ComputerSeats;
    use veney::host::table_clock::{ClockIntent, ClockNow, TableClock};
    let mut a = kelasu_app("kelasu-undo-clock", Some(MERGING));
    start_five_second_clock(&mut a);
    // The strongest level thinks for seconds: Red is still to move at the undo.
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, Some(Level::Strongest)];
    blue_plays_its_merging_turn(&mut a);
    assert_eq!(typed(&a).state().to_move(), Side::Red);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(1_000);
    send(&mut a, ClockIntent::Press(0));
    let state = |a: &App, ms| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().map(|c| c.state(ms))
    };
    assert_eq!(state(&a, 1_000), Some(game_clock::State::Running(1)));
    send(&mut a, Intent::Undo);
    assert_eq!(typed(&a).state().to_move(), Side::Blue);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(1_500);
    a.update();
    a.update();
    assert_eq!(state(&a, 1_500), Some(game_clock::State::Running(0)));
}

/// A resignation while the computer thinks stops its search at once (a review found it running
/// on to its budget under the game-over banner, its move then dropped).
#[test]
fn a_resignation_stops_the_computers_search() {
    use game_ai::Level;
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app("resign-stops-search", Some(MERGING));
    // The strongest level thinks for seconds: still thinking at the resignation.
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, Some(Level::Strongest)];
    blue_plays_its_merging_turn(&mut a);
    assert_eq!(typed(&a).state().to_move(), Side::Red);
    assert!(
        a.world()
            .resource::<veney::host::grid::GridThinking>()
            .busy(),
        "thinking"
    );
    send(&mut a, Intent::Resign(game_api::Player(0)));
    a.update();
    assert!(
        !a.world()
            .resource::<veney::host::grid::GridThinking>()
            .busy(),
        "stopped"
    );
}

/// "Resign" asked and left unanswered lapses with the next action, as a draw offer does: the
/// opponent, on the next turn, is not asked to confirm the other's resignation (a review found
/// Red able to resign for Blue).
#[test]
fn an_unanswered_resign_question_lapses_with_the_next_action() {
    let mut a = kelasu_app("resign-lapses", Some(MERGING));
    a.world_mut()
        .resource_mut::<veney::host::grid::GridEndingAsk>()
        .resign = Some(game_api::Player(0));
    a.update();
    assert_eq!(ask(&a).resign, Some(game_api::Player(0)));
    blue_plays_its_merging_turn(&mut a);
    assert_eq!(ask(&a).resign, None);
    assert!(!matches!(m(&a).game.decision(), Decision::Over(_)));
}

/// Against the computer, which never answers it, the person's Resign question stays over the
/// computer's moves and lapses with the person's own next action (a review found "Yes, resign"
/// gone from under the cursor as the computer replied).
#[test]
fn against_the_computer_the_resign_question_stays_over_its_reply() {
    use game_ai::Level;
    use game_api::Player;
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app("resign-vs-computer", Some(MERGING));
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, Some(Level::Beginner)];
    blue_plays_its_merging_turn(&mut a);
    a.world_mut()
        .resource_mut::<veney::host::grid::GridEndingAsk>()
        .resign = Some(Player(0));
    a.update();
    let before = m(&a).game.history_len();
    until(&mut a, "the computer's turn", |a| {
        typed(a).state().to_move() == Side::Blue
            && !a
                .world()
                .resource::<veney::host::grid::GridThinking>()
                .busy()
    });
    assert!(m(&a).game.history_len() > before, "Red played");
    assert_eq!(ask(&a).resign, Some(Player(0)), "still asked");
    // Blue plays on instead: the question lapses.
    let i = m(&a)
        .actions()
        .iter()
        .position(|x| x.cells.from.is_some())
        .unwrap();
    send(&mut a, Intent::Play(i));
    assert_eq!(ask(&a).resign, None);
    assert!(!matches!(m(&a).game.decision(), Decision::Over(_)));
}

/// From `MERGING`, Blue's whole turn by mouse (four moves, its energy spent): Red to move.
fn blue_plays_its_merging_turn(a: &mut App) {
    for (from, to) in [("D3", "E3"), ("D4", "E4"), ("C5", "D5"), ("C4", "D4")] {
        click(a, from);
        click(a, to);
    }
}

/// Five seconds a turn on the table clock, started at 0 ms.
fn start_five_second_clock(a: &mut App) {
    use veney::host::table_clock::{ClockIntent, ClockNow, ControlKind, TableClock};
    {
        let mut t = a.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::PerTurn;
        t.setup.seconds = 5;
    }
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    send(a, ClockIntent::Start);
}

/// A flag that falls while the title is shown ends the grid game whose clock it is (the player
/// out of time loses, as on its screen): a review found it ignored off the screen.
#[test]
fn a_flag_fallen_on_the_title_ends_the_grid_game_whose_clock_it_is() {
    use veney::host::table_clock::ClockNow;
    let mut a = kelasu_app("kelasu-flag-title", None);
    start_five_second_clock(&mut a);
    send(&mut a, OpenScreen(Screen::Title));
    a.world_mut().resource_mut::<ClockNow>().0 = Some(9_000);
    a.update();
    a.update();
    assert!(
        matches!(m(&a).game.decision(), Decision::Over(_)),
        "{:?}",
        m(&a).game.decision()
    );
}

/// The grid game's autosave follows the clock too: after a press it holds the clock as it
/// stands (it followed only the moves, one press behind).
#[test]
fn the_autosave_follows_every_press_of_the_clock() {
    use veney::host::table_clock::{ClockIntent, ClockNow};
    let mut a = kelasu_app("kelasu-clock-autosave", Some(MERGING));
    // A game with something in it (a fresh one leaves the last game's autosave).
    click(&mut a, "D3");
    click(&mut a, "E3");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    send(&mut a, ClockIntent::Start);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(4_000);
    send(&mut a, ClockIntent::Press(0));
    a.update();
    let auto = std::fs::read_to_string(m(&a).autosave_path()).unwrap();
    let clock = m(&a).game.clock().expect("the game carries the clock");
    assert!(auto.contains(&clock), "{auto}\n--- {clock}");
}

/// "< Games … (this game is kept)": each grid game stays when another is opened and comes back
/// on its screen (a review found the Kelasu game gone once a Tirachen game had begun).
#[test]
fn each_grid_game_is_kept_when_another_is_opened() {
    let mut a = kelasu_app("kept-games", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(m(&a).game.history_len(), 1);
    // What is picked up belongs to the game left.
    click(&mut a, "D4");
    assert!(a.world().resource::<GridSelection>().0.is_some());
    send(&mut a, OpenScreen(Screen::Tirachen));
    assert_eq!(a.world().resource::<GridSelection>().0, None);
    send(
        &mut a,
        veney::packs::tirachen::NewTirachen {
            options: Default::default(),
            position: None,
        },
    );
    assert_eq!(m(&a).screen, Screen::Tirachen);
    send(&mut a, OpenScreen(Screen::Kelasu));
    assert_eq!(m(&a).screen, Screen::Kelasu);
    assert_eq!(stage(&a), KelasuStage::Playing);
    assert_eq!(
        m(&a).game.history_len(),
        1,
        "the Kelasu game as it was left"
    );
    assert_eq!(at(&a, "E3"), Some((Side::Blue, Kind::Blank)));
    send(&mut a, OpenScreen(Screen::Tirachen));
    assert_eq!(m(&a).screen, Screen::Tirachen, "and the Tirachen game too");
}

/// Companion mode against the computer: while the computer decides nothing is offered or taken
/// from the entry (a review found its actions listed, and an entry answered "played" that the
/// host then refused).
#[test]
fn the_companion_takes_no_entry_for_the_computers_seat() {
    use game_ai::Level;
    use veney::host::companion::{
        Companion, CompanionFeed, CompanionIntent, EntryVerdict, Verdict,
    };
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app("companion-computer", Some(MERGING));
    a.world_mut().resource_mut::<Companion>().on = true;
    a.update();
    assert!(
        !a.world().resource::<CompanionFeed>().moves.is_empty(),
        "Blue's actions offered"
    );
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, Some(Level::Strong)];
    blue_plays_its_merging_turn(&mut a);
    assert_eq!(typed(&a).state().to_move(), Side::Red);
    assert!(a.world().resource::<CompanionFeed>().moves.is_empty());
    send(&mut a, CompanionIntent::Enter("H0-G0".into()));
    match &a.world().resource::<EntryVerdict>().0 {
        Some(Verdict::Refused { why, .. }) => assert!(why.contains("computer is to move"), "{why}"),
        other => panic!("refused, not {other:?}"),
    }
}

/// A flag that falls while the game whose clock it is waits parked — another grid game's
/// screen open, its new-game dialog up — ends that game, and it comes back ended (a review found
/// the fall lost once games were kept apart).
#[test]
fn a_flag_fallen_while_the_game_is_parked_ends_it() {
    use veney::host::table_clock::ClockNow;
    let mut a = kelasu_app("kelasu-flag-parked", None);
    start_five_second_clock(&mut a);
    send(&mut a, OpenScreen(Screen::Tirachen));
    assert!(
        !a.world().contains_resource::<ActiveMatch>(),
        "Kelasu's game is parked"
    );
    a.world_mut().resource_mut::<ClockNow>().0 = Some(9_000);
    a.update();
    a.update();
    // Its autosave says so at once: a restart now resumes it ended (a review found the parked
    // game's ending unsaved until its screen came back).
    let saves = a.world().resource::<SaveRoot>().0.clone();
    let auto = std::fs::read_to_string(saves.join("autosave.kelasu")).unwrap();
    assert!(auto.contains("out of time"), "{auto}");
    send(&mut a, OpenScreen(Screen::Kelasu));
    assert_eq!(m(&a).screen, Screen::Kelasu);
    match m(&a).game.decision() {
        Decision::Over(o) => assert!(o.reason.contains("out of time"), "{}", o.reason),
        other => panic!("the game goes on: {other:?}"),
    }
}

/// A grid game brought back without a clock of its own leaves the table's running clock to the
/// game it belongs to: its moves do not take that clock, and that clock's flag ends the other
/// game, not this one (a review found the Kelasu game taking Tirachen's clock at its next move).
#[test]
fn a_game_without_a_clock_leaves_another_games_clock_alone() {
    use veney::host::table_clock::{ClockIntent, ClockNow};
    let mut a = kelasu_app("kelasu-no-clock-back", Some(MERGING));
    send(&mut a, OpenScreen(Screen::Tirachen));
    send(
        &mut a,
        veney::packs::tirachen::NewTirachen {
            options: Default::default(),
            position: None,
        },
    );
    start_five_second_clock(&mut a);
    assert!(
        m(&a).game.clock().is_some(),
        "Tirachen's game keeps its clock"
    );
    send(&mut a, OpenScreen(Screen::Kelasu));
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(m(&a).game.history_len(), 1);
    assert_eq!(m(&a).game.clock(), None, "Kelasu's game took no clock");
    // A look at the clock's window is no use of it.
    send(&mut a, ClockIntent::Toggle);
    click(&mut a, "D4");
    click(&mut a, "E4");
    assert_eq!(m(&a).game.clock(), None, "nor by a look at the clock");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(9_000);
    a.update();
    a.update();
    assert!(
        !matches!(m(&a).game.decision(), Decision::Over(_)),
        "the Kelasu game goes on"
    );
    send(&mut a, OpenScreen(Screen::Tirachen));
    match m(&a).game.decision() {
        Decision::Over(o) => assert!(o.reason.contains("out of time"), "{}", o.reason),
        other => panic!("Tirachen's game goes on: {other:?}"),
    }
    // Used on Kelasu's screen, a clock becomes Kelasu's.
    send(&mut a, OpenScreen(Screen::Kelasu));
    a.world_mut().resource_mut::<ClockNow>().0 = Some(10_000);
    send(&mut a, ClockIntent::Start);
    assert!(
        m(&a).game.clock().is_some(),
        "the clock started here is Kelasu's"
    );
}

/// Under the New game dialog nothing changes the game behind it, a resignation or a draw from
/// the side panel included (a review found "Yes, resign" ending the game under the dialog).
#[test]
fn no_ending_is_declared_under_the_new_game_dialog() {
    use game_api::Player;
    use veney::host::grid::NewGameRequested;
    let mut a = kelasu_app("kelasu-resign-under-dialog", None);
    send(&mut a, NewGameRequested(Screen::Kelasu));
    send(&mut a, Intent::Resign(Player(0)));
    send(&mut a, Intent::OfferDraw(Player(0)));
    assert!(m(&a).game.declared().is_none());
    assert!(!matches!(m(&a).game.decision(), Decision::Over(_)));
    assert_eq!(
        info(&a).as_deref(),
        Some("the screen over the board comes first")
    );
}

/// A flag that falls on the screen ends the game outside the intents: nothing stays picked over
/// the finished game (a review found the pick left, "click a marked square").
#[test]
fn a_fallen_flag_drops_the_pick() {
    use veney::host::table_clock::ClockNow;
    let mut a = kelasu_app("kelasu-flag-pick", Some(MERGING));
    start_five_second_clock(&mut a);
    click(&mut a, "D3");
    assert!(a.world().resource::<GridSelection>().0.is_some());
    a.world_mut().resource_mut::<ClockNow>().0 = Some(9_000);
    a.update();
    a.update();
    a.update();
    assert!(matches!(m(&a).game.decision(), Decision::Over(_)));
    assert_eq!(a.world().resource::<GridSelection>().0, None);
}

/// The position after the newest turn, and ⏮ in a game with nothing played, are the live
/// position: viewing them is being live, and a click plays (a review found the board frozen in
/// a "review" of the live position, every click refused).
#[test]
fn reviewing_the_live_position_is_being_live() {
    use veney::host::grid::GridReview;
    let mut a = kelasu_app("kelasu-review-live", Some(MERGING));
    send(&mut a, Intent::Review(Some(0)));
    assert_eq!(a.world().resource::<GridReview>().0, None);
    click(&mut a, "D3");
    click(&mut a, "E3");
    let len = m(&a).game.history_len();
    assert!(len > 0, "the move was played");
    send(&mut a, Intent::Review(Some(len)));
    assert_eq!(a.world().resource::<GridReview>().0, None);
    send(&mut a, Intent::Review(Some(0)));
    assert_eq!(a.world().resource::<GridReview>().0, Some(0));
}

/// H while the move list is reviewed is refused ("return first") and starts no search (a review
/// found "looking for a hint…" written over the refusal, a search running).
#[test]
fn no_hint_is_looked_for_during_a_review() {
    let mut a = kelasu_app("kelasu-hint-review", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    send(&mut a, Intent::Review(Some(0)));
    send(&mut a, Intent::Hint);
    assert!(
        !a.world()
            .resource::<veney::host::grid::GridThinking>()
            .busy()
    );
    assert_eq!(
        info(&a).as_deref(),
        Some(veney::host::grid::review::RETURN_FIRST)
    );
}

/// Reviewing the move list closes the merge builder (the board shows an earlier position), and
/// the builder does not open during a review (a review found the gathering drawn over the past
/// position and lost at its refused Place).
#[test]
fn the_merge_builder_closes_for_a_review() {
    use veney::host::grid::review::RETURN_FIRST;
    let mut a = kelasu_app("merge-review", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(m(&a).game.history_len(), 1, "a move to review");
    send(&mut a, MergeIntent::Toggle);
    assert!(a.world().resource::<MergeBuilder>().open);
    send(&mut a, Intent::Review(Some(0)));
    assert!(!a.world().resource::<MergeBuilder>().open);
    send(&mut a, MergeIntent::Toggle);
    assert!(!a.world().resource::<MergeBuilder>().open);
    assert_eq!(info(&a).as_deref(), Some(RETURN_FIRST));
}

/// A Load never replaces a game it could not keep (a review found it replaced, and its
/// autosave overwritten, when `before-load.kelasu` could not be written); a second Load keeps
/// the game the first one kept, moved aside.
#[test]
fn a_load_over_a_game_it_cannot_keep_is_refused_and_a_second_keeps_the_first() {
    let mut a = kelasu_app("load-keep", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    send(&mut a, Intent::Save);
    click(&mut a, "D4");
    click(&mut a, "E4");
    let left = m(&a).game.position_text(Viewer::Referee);
    let kept = veney::host::grid::autosave::before_load_beside(&m(&a).save_path);
    std::fs::create_dir_all(&kept).unwrap();
    send(&mut a, Intent::Load);
    assert_eq!(
        m(&a).game.position_text(Viewer::Referee),
        left,
        "not loaded"
    );
    let info = info(&a).unwrap_or_default();
    assert!(
        info.contains("did not load") && info.contains("before-load.kelasu"),
        "{info}"
    );
    std::fs::remove_dir(&kept).unwrap();
    // Loaded now; the game left is kept. A move in the loaded game, and a second Load: the
    // first kept game is moved aside, not lost.
    send(&mut a, Intent::Load);
    assert_ne!(m(&a).game.position_text(Viewer::Referee), left);
    click(&mut a, "D4");
    click(&mut a, "E4");
    click(&mut a, "C5");
    click(&mut a, "D5");
    send(&mut a, Intent::Load);
    let older = kept.with_file_name("before-load.older-1.kelasu");
    let text = std::fs::read_to_string(&older).expect("the first kept game");
    let back = veney::packs::kelasu::load(&text).expect("it loads");
    assert_eq!(back.position_text(Viewer::Referee), left);
}

/// Opening another grid game's screen with no game of its own yet offers that screen's seats,
/// not the parked game's; the parked game keeps its own (a review found Tirachen's dialog
/// offering Kelasu's computer seat).
#[test]
fn a_screen_without_its_game_starts_from_people_seats() {
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app("seats-parked", Some(MERGING));
    let level = Some(game_ai::Level::Beginner);
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, level];
    // Kelasu's new-game dialog drew its picker (its draft), then the side panel's "< Games"
    // left it open: Tirachen's dialog starts from its own seats, not that draft (a review
    // found Kelasu's computer seat offered, and taken, by Tirachen's new game).
    use veney::host::grid::computer::SeatDraft;
    a.world_mut().resource_mut::<SeatDraft>().editing = Some([None, level]);
    send(&mut a, OpenScreen(Screen::Tirachen));
    assert_eq!(a.world().resource::<ComputerSeats>().0, [None, None]);
    assert_eq!(*a.world().resource::<SeatDraft>(), SeatDraft::default());
    send(&mut a, OpenScreen(Screen::Kelasu));
    assert_eq!(a.world().resource::<ComputerSeats>().0, [None, level]);
}

/// The computer ends its Kelasu turn and presses the table clock for its seat, as a person
/// presses their own face (R-CLOCK-PRESS): Blue's clock runs again without anyone pressing for
/// Red (a review found the computer's clock running on after its turn).
#[test]
fn the_computer_presses_the_clock_when_its_turn_ends() {
    use game_ai::Level;
    use veney::host::grid::ComputerSeats;
    use veney::host::table_clock::{ClockIntent, ClockNow, ControlKind, TableClock};
    let mut a = kelasu_app("computer-press", Some(MERGING));
    a.world_mut().resource_mut::<ComputerSeats>().0 = [None, Some(Level::Beginner)];
    {
        let mut t = a.world_mut().resource_mut::<TableClock>();
        t.setup.kind = ControlKind::PerTurn;
        t.setup.seconds = 30;
    }
    a.world_mut().resource_mut::<ClockNow>().0 = Some(0);
    send(&mut a, ClockIntent::Start);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(500);
    send(&mut a, ClockIntent::Press(0));
    a.world_mut().resource_mut::<ClockNow>().0 = Some(1_000);
    let state = |a: &App| {
        let t = a.world().resource::<TableClock>();
        t.clock.as_ref().map(|c| c.state(1_000))
    };
    assert_eq!(state(&a), Some(game_clock::State::Running(1)));
    blue_plays_its_merging_turn(&mut a);
    until(&mut a, "the computer's turn", |a| {
        typed(a).state().to_move() == Side::Blue
    });
    a.update();
    a.update();
    assert_eq!(
        state(&a),
        Some(game_clock::State::Running(0)),
        "the computer pressed for Red"
    );
}

/// Companion mode: what takes the table back is announced in the caption — an undo, a
/// resignation withdrawn — and the last entry's verdict goes (a review found "Game over" still
/// captioned over a game played on).
#[test]
fn the_companion_caption_follows_an_undo_and_a_withdrawn_ending() {
    use game_api::Player;
    use veney::host::companion::{Caption, Companion, CompanionIntent, EntryVerdict};
    let mut a = kelasu_app("companion-back", Some(MERGING));
    a.world_mut().resource_mut::<Companion>().on = true;
    a.update();
    let caption = |a: &App| {
        a.world()
            .resource::<Caption>()
            .now()
            .unwrap_or_default()
            .to_string()
    };
    send(&mut a, CompanionIntent::Enter("D3-E3".into()));
    assert!(a.world().resource::<EntryVerdict>().0.is_some());
    send(&mut a, Intent::Undo);
    assert_eq!(caption(&a), "Taken back: Blue to move");
    assert_eq!(a.world().resource::<EntryVerdict>().0, None);
    send(&mut a, Intent::Resign(Player(0)));
    assert!(caption(&a).starts_with("Game over"), "{}", caption(&a));
    send(&mut a, Intent::Undo);
    assert_eq!(caption(&a), "The ending is taken back: Blue to move");
}

/// README: "a person never accepts for it … the computer declines at once". With the computer
/// on both seats nobody at the screen resigns or agrees a draw for either (as on Veney's
/// screen; a review found "Red resigns…" and an accepted draw declared for two computers).
#[test]
fn nobody_declares_for_the_computer_on_both_seats() {
    use game_ai::Level;
    use game_api::Player;
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app("computer-both-declare", None);
    a.world_mut().resource_mut::<ComputerSeats>().0 =
        [Some(Level::Beginner), Some(Level::Beginner)];
    a.update();
    // One frame: a beginner's search begun in the last may end within two, and its action,
    // played the frame after, clears the status line (the same race failed a CI run elsewhere).
    a.world_mut().write_message(Intent::Resign(Player(1)));
    a.update();
    assert_eq!(m(&a).game.declared(), None);
    let said = info(&a).unwrap_or_default();
    assert!(said.contains("computer's"), "{said}");
    send(&mut a, Intent::OfferDraw(Player(0)));
    send(&mut a, Intent::AnswerDraw(true));
    assert_eq!(m(&a).game.declared(), None);
}

/// README: "with the computer on both seats, one turn" goes back on Undo — and the computer then
/// waits, paused, until "Play on" (seeded as before, it would play the undone turn again at
/// once: a review found the Undo changing nothing to see).
#[test]
fn an_undo_pauses_a_computer_only_game_until_play_on() {
    use game_ai::Level;
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app("computer-both-pause", Some(MERGING));
    a.world_mut().resource_mut::<ComputerSeats>().0 =
        [Some(Level::Beginner), Some(Level::Beginner)];
    a.update();
    // A clock from the start: the computer presses it as its turn ends.
    use veney::host::table_clock::{ClockNow, TableClock};
    start_five_second_clock(&mut a);
    until(&mut a, "a whole turn", |a| {
        typed(a).state().to_move() == Side::Red
            && !a
                .world()
                .resource::<veney::host::grid::GridThinking>()
                .busy()
    });
    send(&mut a, Intent::Undo);
    let undone = m(&a).game.history_len();
    assert!(
        a.world()
            .resource::<veney::host::grid::computer::GridPause>()
            .0
            .paused
    );
    for _ in 0..40 {
        a.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(m(&a).game.history_len(), undone, "the computer waits");
    assert!(
        !a.world()
            .resource::<veney::host::grid::GridThinking>()
            .busy()
    );
    // Its clock waits too, whichever face ran (here the side whose turn was undone, pressed
    // by the computer): no flag falls meanwhile (a review found one falling).
    a.world_mut().resource_mut::<ClockNow>().0 = Some(60_000);
    a.update();
    a.update();
    let state = |a: &App, now: u64| {
        a.world()
            .resource::<TableClock>()
            .clock
            .as_ref()
            .map(|c| c.state(now))
    };
    assert!(
        matches!(state(&a, 60_000), Some(game_clock::State::Paused(_))),
        "{:?}",
        state(&a, 60_000)
    );
    assert!(!matches!(m(&a).game.decision(), Decision::Over(_)));
    send(&mut a, Intent::PlayOn);
    a.update();
    assert!(
        matches!(state(&a, 60_000), Some(game_clock::State::Running(_))),
        "{:?}",
        state(&a, 60_000)
    );
    until(&mut a, "the computer playing on", |a| {
        m(a).game.history_len() > undone
    });
}

/// README: Kelasu is "drawn as its text draws it: Blue's home rows A–B at the top". Each grid
/// game keeps its own way up: Kelasu's flip does not turn Tirachen's board, and Kelasu's comes
/// back flipped (a review found one game's F flipping the other's).
#[test]
fn each_grid_game_keeps_its_own_flip() {
    use veney::host::grid::GridView;
    let mut a = kelasu_app("flip-per-game", Some(MERGING));
    send(&mut a, Intent::Flip);
    assert!(a.world().resource::<GridView>().flipped);
    send(&mut a, OpenScreen(Screen::Tirachen));
    assert!(
        !a.world().resource::<GridView>().flipped,
        "Tirachen's own way up"
    );
    send(&mut a, OpenScreen(Screen::Kelasu));
    assert!(
        a.world().resource::<GridView>().flipped,
        "Kelasu's flip kept"
    );
}

/// At 1 s, Blue's winning turn in the clock tests' position: two Blanks step up, and the
/// General on D0 takes the Stone on H0, which ends the game.
fn blue_wins_at_one_second(a: &mut App) {
    a.world_mut()
        .resource_mut::<veney::host::table_clock::ClockNow>()
        .0 = Some(1_000);
    for (from, to) in [("A1", "B1"), ("A2", "B2"), ("D0", "H0")] {
        click(a, from);
        click(a, to);
    }
    assert!(matches!(m(a).game.decision(), game_api::Decision::Over(_)));
}

/// The table clock's state at `ms`, if there is a clock.
fn clock_state(a: &App, ms: u64) -> Option<game_clock::State> {
    let t = a.world().resource::<veney::host::table_clock::TableClock>();
    t.clock.as_ref().map(|c| c.state(ms))
}

/// A game that ends stops its clock: Blue's winning action mid-turn pauses the table clock, so
/// no flag falls over the finished game; undo, the game live again, runs it again, and a flag
/// falling then ends the game played on (a review found the winner's time running on under the
/// banner, its flag falling, and that flag unable to end the game after the undo).
#[test]
fn a_game_that_ends_stops_its_clock_and_undo_runs_it_again() {
    use veney::host::table_clock::ClockNow;
    let mut a = kelasu_app(
        "win-stops-clock",
        Some("BBBBBBBBBB/10/S1S4S1S/G9/10/10/10/s9/10/bbbbbbbbbb b 4 s - 0"),
    );
    start_five_second_clock(&mut a);
    let state = clock_state;
    assert_eq!(state(&a, 0), Some(game_clock::State::Running(0)));
    blue_wins_at_one_second(&mut a);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(20_000);
    a.update();
    a.update();
    assert_eq!(
        state(&a, 20_000),
        Some(game_clock::State::Paused(0)),
        "stopped at the end, no flag"
    );
    send(&mut a, Intent::Undo);
    assert!(!matches!(
        m(&a).game.decision(),
        game_api::Decision::Over(_)
    ));
    assert_eq!(state(&a, 20_000), Some(game_clock::State::Running(0)));
    // Blue's flag falls in the game played on, and ends it.
    a.world_mut().resource_mut::<ClockNow>().0 = Some(30_000);
    a.update();
    a.update();
    assert!(
        matches!(m(&a).game.decision(), game_api::Decision::Over(_)),
        "out of time"
    );
}

/// Against the computer, an undo of its winning reply takes back the person's turn too: the
/// clock runs again for the person, not for the computer, whose winning move never pressed (a
/// review found the computer's time running on the person's turn, its flag falling as they
/// thought).
#[test]
fn undoing_the_computers_win_runs_the_persons_clock() {
    use veney::host::grid::ComputerSeats;
    use veney::host::table_clock::{ClockIntent, ClockNow};
    let mut a = kelasu_app(
        "computer-win-undo-clock",
        Some("BBBBBBBBBB/10/S1S4S1S/G9/10/10/10/s9/10/bbbbbbbbbb r 1 s - 0"),
    );
    a.update();
    start_five_second_clock(&mut a);
    let state = clock_state;
    assert_eq!(
        state(&a, 0),
        Some(game_clock::State::Running(1)),
        "Red first"
    );
    // Red (the person) plays its turn and presses.
    click(&mut a, "J1");
    click(&mut a, "I1");
    send(&mut a, ClockIntent::Press(1));
    assert_eq!(state(&a, 0), Some(game_clock::State::Running(0)));
    // Blue's winning turn (played here by hand, as the computer would; it does not press).
    blue_wins_at_one_second(&mut a);
    a.update();
    assert_eq!(state(&a, 1_000), Some(game_clock::State::Paused(0)));
    // The computer played Blue: undo goes back to the person's turn.
    a.world_mut().resource_mut::<ComputerSeats>().0 = [Some(game_ai::Level::Beginner), None];
    a.world_mut().resource_mut::<ClockNow>().0 = Some(2_000);
    send(&mut a, Intent::Undo);
    assert_eq!(m(&a).decider(), Some(game_api::Player(1)), "Red to move");
    a.update();
    assert_eq!(
        state(&a, 2_000),
        Some(game_clock::State::Running(1)),
        "the person's clock runs"
    );
    // Red's per-turn time is whole again (its press taken back), and no flag falls on Blue.
    a.world_mut().resource_mut::<ClockNow>().0 = Some(6_500);
    a.update();
    assert!(!matches!(
        m(&a).game.decision(),
        game_api::Decision::Over(_)
    ));
}

/// The merge list is the game's own: a game loaded from the same position with the same seed
/// but other options (a Warrior's forward diagonals, which add moves listed before the merges)
/// lists its merges afresh (a review found the old game's list kept, its indices playing other
/// actions in the new game's list).
#[test]
fn a_new_game_at_the_same_position_lists_its_own_merges() {
    let position =
        "BBBBBBBBBB/BBBB6/S1SBBB1S1S/W2BB5/10/10/10/s1s4s1s/bbbbbbbbbb/bbbbbbbbbb b 4 s - 0";
    let mut a = kelasu_app("merge-menu-generation", Some(position));
    send(&mut a, Intent::Save);
    let path = m(&a).save_path.clone();
    let text = std::fs::read_to_string(&path).unwrap();
    let menu = |a: &App| {
        a.world()
            .resource::<veney::packs::kelasu::merge::MergeMenu>()
            .options
            .clone()
    };
    let before = menu(&a);
    assert!(!before.is_empty());
    // The same save, the Warrior's diagonals opened to moves.
    let other = text.replace(
        "[WarriorDiagonals \"capture\"]",
        "[WarriorDiagonals \"move-capture\"]",
    );
    assert_ne!(other, text, "{text}");
    std::fs::write(&path, other).unwrap();
    send(&mut a, Intent::Load);
    assert!(typed(&a).game().options.warrior_diagonals_move);
    let now = veney::packs::kelasu::merge::legal_merges(typed(&a));
    assert_ne!(now, before, "the indices moved");
    assert_eq!(menu(&a), now);
}

/// The computer opened (Blue's seat) and the person has not played: undo has no turn of the
/// person's to take back — "nothing to undo", the computer's opening stays (a review found it
/// undone and silently played again).
#[test]
fn undo_before_the_persons_first_turn_is_nothing_to_undo() {
    use game_ai::Level;
    use veney::host::grid::ComputerSeats;
    let mut a = kelasu_app("computer-opens-undo", Some(MERGING));
    a.world_mut().resource_mut::<ComputerSeats>().0 = [Some(Level::Beginner), None];
    until(&mut a, "the computer's opening", |a| {
        typed(a).state().to_move() == Side::Red
            && !a
                .world()
                .resource::<veney::host::grid::GridThinking>()
                .busy()
    });
    let opened = m(&a).game.history_len();
    assert!(opened > 0);
    let record = m(&a).game.record(Viewer::Referee);
    send(&mut a, Intent::Undo);
    assert_eq!(m(&a).game.history_len(), opened);
    assert_eq!(m(&a).game.record(Viewer::Referee), record);
    assert_eq!(info(&a).as_deref(), Some("nothing to undo"));
    assert!(
        !a.world()
            .resource::<veney::host::grid::GridThinking>()
            .busy()
    );
}

/// `autosave.previous.<ext>` keeps the game before a new one at that new game's first write
/// only: a game brought back from the other grid game's screen does not move its own autosave
/// over the kept one (a review found the game kept there lost after a visit to Tirachen).
#[test]
fn the_kept_last_game_survives_a_visit_to_the_other_grid_game() {
    let mut a = kelasu_app("kept-previous-visit", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    let saves = a.world().resource::<SaveRoot>().0.clone();
    let read = |f: &str| std::fs::read_to_string(saves.join(f)).unwrap();
    let first = read("autosave.kelasu");
    // A Tirachen game with a move in it, left for Kelasu's screen (parked).
    send(&mut a, OpenScreen(Screen::Tirachen));
    send(
        &mut a,
        veney::packs::tirachen::NewTirachen {
            options: Default::default(),
            position: Some("8g/9/9/9/4*4/9/4C4/9/G8 r mm -/- - 0".into()),
        },
    );
    send(&mut a, Intent::Play(0));
    assert!(saves.join("autosave.tirachen").is_file());
    send(&mut a, OpenScreen(Screen::Kelasu));
    assert_eq!(m(&a).screen, Screen::Kelasu);
    // A new Kelasu game, told apart from the first by its options, and its first move: the
    // first game is kept.
    send(
        &mut a,
        NewKelasu {
            options: KelasuOptions {
                moved_blanks_merge: false,
                ..Default::default()
            },
            position: Some(MERGING.into()),
        },
    );
    click(&mut a, "D3");
    click(&mut a, "E3");
    assert_eq!(read("autosave.previous.kelasu"), first);
    assert_ne!(read("autosave.kelasu"), first);
    // To the Tirachen game (its autosave written as it comes back) and back.
    send(&mut a, OpenScreen(Screen::Tirachen));
    assert_eq!(m(&a).screen, Screen::Tirachen);
    send(&mut a, OpenScreen(Screen::Kelasu));
    assert_eq!(m(&a).game.history_len(), 1, "the second game back");
    assert_eq!(
        read("autosave.previous.kelasu"),
        first,
        "the first game still kept"
    );
}

/// A flag falling on a new game before anything is played in it writes that game's ending as
/// the autosave writes a first change: the last game's autosave is kept first (a review found
/// the flag's own write overwriting it, and the next frame moving the ended game over the kept
/// one).
#[test]
fn a_flag_on_a_new_games_first_turn_keeps_the_last_game() {
    use veney::host::table_clock::ClockNow;
    let mut a = kelasu_app("flag-new-game", Some(MERGING));
    click(&mut a, "D3");
    click(&mut a, "E3");
    start_five_second_clock(&mut a);
    let saves = a.world().resource::<SaveRoot>().0.clone();
    let read = |f: &str| std::fs::read_to_string(saves.join(f)).unwrap();
    let first = read("autosave.kelasu");
    assert!(first.contains("D3"), "{first}");
    send(
        &mut a,
        NewKelasu {
            options: KelasuOptions::default(),
            position: Some(MERGING.into()),
        },
    );
    assert!(m(&a).unplayed());
    assert!(m(&a).game.clock().is_some(), "the new game took the clock");
    a.world_mut().resource_mut::<ClockNow>().0 = Some(60_000);
    a.update();
    a.update();
    a.update();
    let now = read("autosave.kelasu");
    assert!(now.contains("out of time"), "{now}");
    assert_eq!(read("autosave.previous.kelasu"), first);
}

/// A flag falling on a new game in a save folder another open app holds writes nothing there
/// and moves nothing aside: that app's autosave stays where it is (a review found the flag's
/// write keeping it aside before asking for the folder).
#[test]
fn a_flag_in_a_folder_another_app_holds_leaves_its_autosave_alone() {
    use veney::host::table_clock::ClockNow;
    let mut a = kelasu_app("flag-locked-folder", Some(MERGING));
    assert!(m(&a).unplayed());
    let saves = a.world().resource::<SaveRoot>().0.clone();
    let theirs = "[Game \"kelasu\"]\n(the other app's game)\n";
    std::fs::write(saves.join("autosave.kelasu"), theirs).unwrap();
    let lock = std::fs::File::create(saves.join(".lock")).unwrap();
    lock.try_lock().unwrap();
    start_five_second_clock(&mut a);
    a.world_mut().resource_mut::<ClockNow>().0 = Some(60_000);
    a.update();
    a.update();
    a.update();
    match m(&a).game.decision() {
        Decision::Over(o) => assert!(o.reason.contains("out of time"), "{}", o.reason),
        other => panic!("the game goes on: {other:?}"),
    }
    assert_eq!(
        std::fs::read_to_string(saves.join("autosave.kelasu")).unwrap(),
        theirs
    );
    assert!(!saves.join("autosave.previous.kelasu").exists());
    drop(lock);
}

/// E on the computer's turn says the computer is to move, as the End button and M do — not the
/// rules' refusal of the computer's own `end` (a review found "a turn ends after at least one
/// action" shown to the person at Red's turn start, Pass=no); on the person's, that refusal.
#[test]
fn the_e_key_on_the_computers_turn_says_the_computer_moves() {
    use veney::packs::kelasu::turn_bar::{EndKey, end_key};
    let red_to_move = MERGING.replace(" b 4 s - 0", " r 4 s - 0");
    let a = kelasu_app("e-key-computer", Some(&red_to_move));
    let mut seats = veney::host::grid::ComputerSeats::default();
    seats.0 = [None, Some(game_ai::Level::Beginner)];
    assert_eq!(
        end_key(m(&a), &seats),
        EndKey::Wait(veney::host::grid::COMPUTER_TO_MOVE)
    );
    seats.0 = [None, None];
    match end_key(m(&a), &seats) {
        EndKey::Refused(why) => assert!(why.contains("at least one action"), "{why}"),
        other => panic!("{other:?}"),
    }
}
