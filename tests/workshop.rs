//! The set workshop and armies in the app, headless (`MinimalPlugins` plus the game plugins):
//! an edited set file is reloaded; a broken edit shows its error with line and column and keeps
//! the last good set; the game in progress is never altered by a reload; a new game starts with
//! the workshop's set; an oriented piece's facing is chosen as it lands; a saved game between two
//! armies loads with its armies.
mod common;
use bevy::prelude::*;
use common::*;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use veney::packs::veney::game::{Command, CurrentGame, FacingChoice};
use veney::packs::veney::workshop::Workshop;
use veney_rules::{Action, Game, Position, Rules, Side, Square};

fn app(name: &str, workshop: Option<PathBuf>) -> App {
    let mut app = headless(name, None);
    if let Some(p) = workshop {
        let mut ws = Workshop::new(p);
        ws.open = true;
        app.insert_resource(ws);
        app.update();
    }
    app
}

fn ws(app: &App) -> &Workshop {
    app.world().resource::<Workshop>()
}

/// Updates the app until `done` holds (the watcher polls every 250 ms), for at most 5 s.
fn until(app: &mut App, done: impl Fn(&Workshop) -> bool) {
    let t = Instant::now();
    while !done(ws(app)) {
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "the workshop did not reload: {} loads, errors {:?}, open {}",
            ws(app).loads,
            ws(app).errors,
            ws(app).open
        );
        std::thread::sleep(Duration::from_millis(50));
        app.update();
    }
}

fn fairy_copy(dir: &std::path::Path) -> (PathBuf, String) {
    let src = std::fs::read_to_string("config/sets/fairy.ron").unwrap();
    let path = dir.join("mine.ron");
    std::fs::write(&path, &src).unwrap();
    (path, src)
}

/// The fairy set's text with its Mirage made a 3D king (a designer's edit).
fn mirage_as_a_king(src: &str) -> String {
    let edited = src.replace(
        "MeasureLeap(offsets: [(1, 2)], symmetry: All)",
        "MeasureLeap(offsets: [(1, 0), (1, 1)], symmetry: All)",
    );
    assert_ne!(edited, src);
    edited
}

#[test]
fn the_workshop_reloads_an_edited_set_file() {
    let dir = temp_dir("edit");
    let (path, src) = fairy_copy(&dir);
    let mut app = app("edit", Some(path.clone()));
    until(&mut app, |w| w.set.is_some());
    let mirage = {
        let set = ws(&app).set.clone().unwrap();
        set.by_name("Mirage").unwrap()
    };
    app.world_mut().resource_mut::<Workshop>().piece = Some(mirage);
    let game_before = *app.world().resource::<CurrentGame>().0.position();
    // The designer turns the Mirage into a 3D king and saves.
    let edited = mirage_as_a_king(&src);
    std::fs::write(&path, &edited).unwrap();
    until(&mut app, |w| w.loads >= 2);
    let w = ws(&app);
    assert!(w.errors.is_empty(), "{:?}", w.errors);
    // The same piece stays selected, and its reach is the new one: from X6 with the Self on Y4,
    // a king's move around X2 inside the first measure: W1 W2 W3 X1 X3 Y1 Y2 Y3 (Y4 is the Self).
    assert_eq!(w.piece, w.set.as_ref().unwrap().by_name("Mirage"));
    let r = w.reach().unwrap();
    let inside: Vec<String> = (r.both & r.zone)
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    let mut inside = inside;
    inside.sort();
    assert_eq!(inside, ["W1", "W2", "W3", "X1", "X3", "Y1", "Y2", "Y3"]);
    // A game in progress is never altered by a reload.
    assert_eq!(
        *app.world().resource::<CurrentGame>().0.position(),
        game_before
    );
}

/// README: a reload "never alters the game in progress" — here a game played on the very set
/// being edited: after a good edit and after a broken one, the game keeps the set it began with
/// (its fingerprint, its Mirage's moves), while the workshop shows the edit (a review found the
/// only test of this playing the standard set, which no edit touched).
#[test]
fn an_edit_never_alters_a_game_played_on_the_edited_set() {
    let dir = temp_dir("in-play");
    let (path, src) = fairy_copy(&dir);
    let mut app = app("in-play", Some(path.clone()));
    until(&mut app, |w| w.set.is_some());
    send(
        &mut app,
        Command::NewGameWith(
            veney_rules::options::RuleOptions::default(),
            [path.clone(), path.clone()],
        ),
    );
    let game = |app: &App| {
        let g = &app.world().resource::<CurrentGame>().0;
        (
            g.rules.set(Side::White).fingerprint,
            g.rules.set(Side::White).name.clone(),
            g.legal_actions(),
            *g.position(),
        )
    };
    let before = game(&app);
    assert_eq!(
        before.1,
        ws(&app).set.as_ref().unwrap().name,
        "the game is on the workshop's set"
    );
    let edited = mirage_as_a_king(&src);
    std::fs::write(&path, &edited).unwrap();
    until(&mut app, |w| w.loads >= 2);
    assert_ne!(
        ws(&app).set.as_ref().unwrap().fingerprint,
        before.0,
        "the workshop shows the edit"
    );
    assert_eq!(game(&app), before, "a good edit left the game alone");
    std::fs::write(&path, edited.replace("letter: 'V'", "letter: 'M'")).unwrap();
    until(&mut app, |w| !w.errors.is_empty());
    assert_eq!(game(&app), before, "a broken edit left the game alone");
}

#[test]
fn a_broken_edit_shows_its_error_and_keeps_the_last_good_set() {
    let dir = temp_dir("broken");
    let (path, src) = fairy_copy(&dir);
    let mut app = app("broken", Some(path.clone()));
    until(&mut app, |w| w.set.is_some());
    // The Vane is given the Mirage's letter.
    let broken = src.replace("letter: 'V'", "letter: 'M'");
    std::fs::write(&path, &broken).unwrap();
    until(&mut app, |w| !w.errors.is_empty());
    let w = ws(&app);
    // The second `letter: 'M'` is the Vane's.
    let second = broken
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("letter: 'M'"))
        .nth(1)
        .map(|(i, _)| i + 1)
        .unwrap();
    assert!(
        w.errors[0].contains(&format!(
            "mine.ron:{second}:21: duplicate notation letter 'M'"
        )),
        "{:?}",
        w.errors
    );
    // The last good version is kept: its Vane still has 'V'.
    let set = w.set.as_ref().unwrap();
    let vane = set.by_name("Vane").unwrap();
    assert_eq!(set.piece(vane).def.letter, 'V');
    // Mending the file clears the error.
    std::fs::write(&path, &src).unwrap();
    until(&mut app, |w| w.errors.is_empty());
}

#[test]
fn new_game_with_the_workshops_set_against_the_standard_army() {
    let dir = temp_dir("newgame");
    let (path, _) = fairy_copy(&dir);
    let mut app = app("newgame", Some(path));
    until(&mut app, |w| w.set.is_some());
    let cmd = veney::packs::veney::workshop::new_game_with(ws(&app), false);
    send(&mut app, cmd);
    let g = &app.world().resource::<CurrentGame>().0;
    assert_eq!(g.rules.set(Side::White).name, "Fairy Workshop");
    assert_eq!(g.rules.set(Side::Black).name, "Standard");
    assert_eq!(*g.position(), Position::start(&g.rules));
}

#[test]
fn an_oriented_piece_lands_facing_the_way_chosen() {
    let set = Arc::new(
        veney_rules::PieceSet::load(std::path::Path::new("config/sets/fairy.ron")).unwrap(),
    );
    let rules = Arc::new(
        Rules::with_sets(
            [set.clone(), set],
            veney_rules::options::RuleOptions::default(),
        )
        .unwrap(),
    );
    let p = Position::from_pieces(
        &rules,
        &[
            (Side::White, "Self", "Y4"),
            (Side::White, "Vane", "X6"),
            (Side::Black, "Self", "X13"),
        ],
        Side::White,
    )
    .unwrap();
    let mut app = app("oriented", None);
    app.world_mut().resource_mut::<CurrentGame>().0 = Game::from_position_seeded(rules, p, 1);
    app.update();
    let sq = |s: &str| Square::parse(s).unwrap();
    send(&mut app, Command::Click(sq("X6")));
    send(&mut app, Command::Click(sq("X8")));
    // Nothing is played yet: the four facings are offered.
    let choice = app.world().resource::<FacingChoice>().0.clone();
    assert_eq!(choice.len(), 4);
    assert_eq!(
        app.world()
            .resource::<CurrentGame>()
            .0
            .position()
            .piece_at(sq("X8")),
        None
    );
    let right = *choice
        .iter()
        .find(|a| matches!(a, Action::Move(m) if m.face == Some(1)))
        .unwrap();
    send(&mut app, Command::Play(right));
    let pos = *app.world().resource::<CurrentGame>().0.position();
    assert!(pos.piece_at(sq("X8")).is_some());
    assert_eq!(pos.facing(sq("X8")), 1);
    // The piece entity carries its facing for drawing.
    let facings: Vec<u8> = app
        .world_mut()
        .query::<&veney::packs::veney::game::Facing>()
        .iter(app.world())
        .map(|f| f.0)
        .collect();
    assert_eq!(facings, [1]);
}

#[test]
fn a_saved_game_between_two_armies_loads_with_its_armies() {
    let mut app = app("armies", None);
    let sets = [
        PathBuf::from("config/sets/assassin.ron"),
        PathBuf::from("config/sets/illusionist.ron"),
    ];
    send(
        &mut app,
        Command::NewGameWith(veney_rules::options::RuleOptions::default(), sets),
    );
    let first = app.world().resource::<CurrentGame>().0.legal_actions()[0];
    send(&mut app, Command::Play(first));
    let file = temp_dir("armies-save").join("g.veney");
    send(&mut app, Command::Save(file.clone()));
    let saved = *app.world().resource::<CurrentGame>().0.position();
    send(&mut app, Command::NewGame);
    assert_eq!(
        app.world()
            .resource::<CurrentGame>()
            .0
            .rules
            .set(Side::White)
            .name,
        "Standard"
    );
    send(&mut app, Command::Load(file));
    let g = &app.world().resource::<CurrentGame>().0;
    assert_eq!(g.rules.set(Side::White).name, "Archives Assassin");
    assert_eq!(g.rules.set(Side::Black).name, "Illusionist");
    assert_eq!(*g.position(), saved);
}

#[test]
fn a_file_read_again_after_a_failed_read_clears_the_error() {
    // An editor's delete-then-rename save caught midway: the file is missing for a moment, then
    // back with the same text. The "cannot read" error must not stay beside a valid set.
    let dir = temp_dir("reread");
    let (path, src) = fairy_copy(&dir);
    let mut w = Workshop::new(path.clone());
    assert!(w.poll());
    assert!(w.set.is_some() && w.errors.is_empty(), "{:?}", w.errors);
    std::fs::remove_file(&path).unwrap();
    assert!(w.poll());
    assert!(w.errors[0].contains("cannot read"), "{:?}", w.errors);
    std::fs::write(&path, &src).unwrap();
    assert!(w.poll());
    assert!(w.errors.is_empty(), "{:?}", w.errors);
}

/// The set is checked against the setup a new game would use; an edit of the setup file alone
/// checks it again (a review found the workshop still showing a set clean that the edited setup
/// no longer fits, and the reverse).
#[test]
fn an_edit_of_the_setup_file_checks_the_set_again() {
    let dir = temp_dir("setup-edit");
    let set_path = dir.join("standard.ron");
    std::fs::write(&set_path, veney_rules::piece_set::STANDARD_SET).unwrap();
    let setup_path = dir.join("setup.ron");
    let setup = veney_rules::setup::STANDARD_SETUP;
    std::fs::write(&setup_path, setup).unwrap();
    let mut app = headless("setup-edit", None);
    let mut w = Workshop::new(set_path);
    w.open = true;
    w.setup_path = setup_path.clone();
    app.insert_resource(w);
    app.update();
    until(&mut app, |w| w.set.is_some() && w.errors.is_empty());
    // A Guard placed that the set keeps in reserve: the set no longer fits the setup.
    let extra = setup.replacen(
        "\"W4\": \"Cloak\",",
        "\"W4\": \"Cloak\",\n        \"W3\": \"Guard\",",
        1,
    );
    assert_ne!(extra, setup);
    std::fs::write(&setup_path, &extra).unwrap();
    until(&mut app, |w| w.errors.iter().any(|e| e.contains("Guard")));
    // Mended: clean again.
    std::fs::write(&setup_path, setup).unwrap();
    until(&mut app, |w| w.errors.is_empty());
}

/// docs/SETS.md: resuming "reads the set file again and compares". A game in progress on a set
/// file, the file edited, then a save written under the edited file: Load takes it, the file on
/// disk being the one the save names (a review found it refused as "changed", the game in
/// progress holding the set as it was first read).
#[test]
fn a_save_under_the_edited_set_file_loads_over_a_game_on_the_old_one() {
    let dir = temp_dir("edited-load");
    let (path, src) = fairy_copy(&dir);
    let mut app = app("edited-load", None);
    let sets = [path.clone(), path.clone()];
    send(
        &mut app,
        Command::NewGameWith(veney_rules::options::RuleOptions::default(), sets.clone()),
    );
    let first = app.world().resource::<CurrentGame>().0.legal_actions()[0];
    send(&mut app, Command::Play(first));
    // The designer renames the set; a game under the edited file is saved (another app).
    std::fs::write(
        &path,
        src.replacen("Fairy Workshop", "Fairy Workshop II", 1),
    )
    .unwrap();
    let edited =
        veney::packs::veney::game::rules_for(&sets, veney_rules::options::RuleOptions::default())
            .unwrap();
    let mut g = Game::new(Arc::new(edited));
    let a = g.legal_actions()[0];
    g.play(a).unwrap();
    let file = dir.join("edited.veney");
    std::fs::write(&file, veney_rules::savefile::write(&g)).unwrap();
    send(&mut app, Command::Load(file));
    let now = &app.world().resource::<CurrentGame>().0;
    assert_eq!(now.rules.set(Side::White).name, "Fairy Workshop II");
    assert_eq!(*now.position(), *g.position());
}

/// A failed read shows its error alone: the last version's warnings are not the file's now (a
/// review found them kept beside "cannot read").
#[test]
fn a_failed_read_drops_the_last_versions_warnings() {
    let dir = temp_dir("reread-warnings");
    let path = dir.join("unsatisfiable.ron");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/crates/veney-rules/tests/fixtures/sets/unsatisfiable.ron"
        ),
        &path,
    )
    .unwrap();
    let mut w = Workshop::new(path.clone());
    assert!(w.poll());
    assert!(!w.warnings.is_empty(), "the fixture warns");
    std::fs::remove_file(&path).unwrap();
    assert!(w.poll());
    assert!(w.errors[0].contains("cannot read"), "{:?}", w.errors);
    assert!(w.warnings.is_empty(), "{:?}", w.warnings);
}
