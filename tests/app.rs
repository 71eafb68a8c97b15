//! App-level tests, headless: `MinimalPlugins` plus the game plugins, driven by the same
//! `Command` messages the mouse, keyboard and panels send.
mod common;
use bevy::prelude::*;
use common::*;
use std::sync::Arc;
use veney::packs::veney::dice::LastThrow;
use veney::packs::veney::game::{
    Command, CurrentGame, PieceView, SaveDir, Selected, Selection, TurnPhase,
};
use veney::packs::veney::highlights::{Highlights, Mark};
use veney_rules::outcome::{Mate, Outcome};
use veney_rules::{Game, Position, Rules, Side, Square};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// A headless app on a new game under `r` from the start, seeded 1.
fn at_start(r: &Arc<Rules>, name: &str) -> App {
    app_with(
        Game::from_position_seeded(r.clone(), Position::start(r), 1),
        name,
    )
}

/// A headless app on `game`, saving into a private directory.
fn app_with(game: Game, name: &str) -> App {
    headless(name, Some(game))
}

/// White's Self to Y3 (`SY3`), and the turn ends: Black to move.
fn white_plays_sy3(app: &mut App) {
    click(app, "Y4");
    click(app, "Y3");
    send(app, Command::Play(veney_rules::Action::EndTurn));
}

fn click(app: &mut App, s: &str) {
    send(app, Command::Click(sq(s)));
}

/// The status line's refusal (the rule a click broke), or "".
fn refusal(app: &App) -> String {
    let s = app.world().resource::<veney::packs::veney::game::Status>();
    s.refusal.clone().unwrap_or_default()
}

/// The status line's prompt (whose turn, and what it may do).
fn prompt(app: &App) -> String {
    app.world()
        .resource::<veney::packs::veney::game::Status>()
        .prompt
        .clone()
}

/// The status line's news, or "".
fn info(app: &App) -> String {
    let s = app.world().resource::<veney::packs::veney::game::Status>();
    s.info.clone().unwrap_or_default()
}

fn game(app: &App) -> &Game {
    &app.world().resource::<CurrentGame>().0
}

fn phase(app: &App) -> TurnPhase {
    *app.world().resource::<State<TurnPhase>>().get()
}

fn standard() -> Arc<Rules> {
    Arc::new(Rules::standard())
}

/// The game at a position text under the standard rules, seeded 1.
fn game_at(text: &str) -> Game {
    let r = standard();
    let p = Position::from_text(&r, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Game::from_position_seeded(r, p, 1)
}

fn from_pieces(r: &Arc<Rules>, pieces: &[(Side, &str, &str)], seed: u64) -> Game {
    let p = Position::from_pieces(r, pieces, Side::White).unwrap();
    Game::from_position_seeded(r.clone(), p, seed)
}

/// The highlight marks must be exactly the rules crate's actions from the selection.
fn assert_highlights_match(app: &App) {
    let g = game(app);
    let sel = app.world().resource::<Selection>().0.expect("a selection");
    let mut want: Vec<(Square, Mark)> = veney::packs::veney::game::actions_from(g, sel)
        .iter()
        .filter_map(|a| veney::packs::veney::game::target(a).map(|t| (t, Mark::of(a))))
        .collect();
    want.sort_by_key(|(s, m)| (s.index(), *m as u8));
    want.dedup();
    let got = &app.world().resource::<Highlights>().targets;
    assert!(!want.is_empty());
    assert_eq!(got, &want);
}

#[test]
fn piece_entities_mirror_the_rules_position() {
    let mut app = app_with(Game::new(standard()), "mirror");
    app.update();
    let world = app.world_mut();
    let mut q = world.query::<&PieceView>();
    let views: Vec<PieceView> = q.iter(world).copied().collect();
    let pos = *world.resource::<CurrentGame>().0.position();
    // The standard start: Self, Sword, Cloak, Balance and four engagements each (§2.0.19).
    assert_eq!(views.len(), 16);
    for v in &views {
        assert_eq!(pos.piece_at(v.square), Some((v.side, v.kind)));
    }
}

#[test]
fn a_short_game_by_mouse_select_move_concert_stepping_stone_placement() {
    let mut app = app_with(Game::new(standard()), "short");
    // Select the Self: its highlights are the rules crate's moves.
    click(&mut app, "Y4");
    assert_eq!(
        app.world().resource::<Selection>().0,
        Some(Selected::Board(sq("Y4")))
    );
    assert_highlights_match(&app);
    // Move it; concert (§2.0.02) opens the second move.
    click(&mut app, "Y3");
    assert_eq!(phase(&app), TurnPhase::SecondAction);
    click(&mut app, "X4");
    assert_highlights_match(&app);
    click(&mut app, "X6");
    assert_eq!(
        (game(&app).position().turn(), phase(&app)),
        (Side::Black, TurnPhase::FirstAction)
    );
    // Black: the Sword onto its own engagement (stepping stone, §2.0.04), then on again.
    click(&mut app, "Y13");
    let marks = &app.world().resource::<Highlights>().targets;
    assert!(marks.contains(&(sq("Y12"), Mark::StepStone)), "{marks:?}");
    click(&mut app, "Y12");
    assert_eq!(phase(&app), TurnPhase::SecondAction);
    // The Sword stays picked up on its stone, its second moves marked at once (README: "after
    // the first, the legal second moves are marked"; a review found it had to be clicked again).
    assert_eq!(
        app.world().resource::<Selection>().0,
        Some(Selected::Board(sq("Y12")))
    );
    assert_highlights_match(&app);
    click(&mut app, "Y10");
    assert_eq!(game(&app).position().turn(), Side::White);
    // White places the Dagger from reserve next to the Self (§2.0.13).
    let dagger = game(&app).rules.set(Side::White).by_name("Dagger").unwrap();
    send(&mut app, Command::SelectReserve(dagger));
    assert_highlights_match(&app);
    click(&mut app, "X2");
    assert_eq!(
        game(&app).position().piece_at(sq("X2")),
        Some((Side::White, dagger))
    );
    assert_eq!(game(&app).record(), "1. SY3 $X6, $Y12 $Y10; 2. D*X2");
    // Undo takes the placement back.
    send(&mut app, Command::Undo);
    assert!(game(&app).position().piece_at(sq("X2")).is_none());
}

#[test]
fn a_refused_move_says_which_rule_it_breaks() {
    let mut app = app_with(Game::new(standard()), "refused");
    click(&mut app, "X4");
    click(&mut app, "X12");
    let status = app.world().resource::<veney::packs::veney::game::Status>();
    let why = status.refusal.clone().expect("a reason");
    // §2.0.03: the Sword's range is its Self's measure and one beyond; X12 is beyond it.
    assert!(why.contains("§2.0.03"), "{why}");
    assert_eq!(
        game(&app).position().turn(),
        Side::White,
        "nothing was played"
    );
}

#[test]
fn fending_sends_the_piece_to_its_owners_reserve() {
    let r = standard();
    let g = from_pieces(
        &r,
        &[
            (Side::White, "Self", "X2"),
            (Side::White, "Sword", "X5"),
            (Side::Black, "Self", "Y14"),
            (Side::Black, "Cloak", "X7"),
        ],
        1,
    );
    let mut app = app_with(g, "fend");
    click(&mut app, "X5");
    assert!(
        app.world()
            .resource::<Highlights>()
            .targets
            .contains(&(sq("X7"), Mark::Fend))
    );
    click(&mut app, "X7");
    let cloak = r.set(Side::Black).by_name("Cloak").unwrap();
    assert_eq!(game(&app).position().reserve(Side::Black, cloak), 1);
}

#[test]
fn a_stick_dice_throw_with_a_fixed_seed_mates() {
    // §2.0.08: same measure, two sticks; the seeded generator decides, the app only shows it.
    let r = standard();
    let seed = hitting_seed(&r);
    let g = Game::from_position_seeded(r.clone(), dagger_throw_position(&r), seed);
    let mut app = app_with(g, "throw");
    click(&mut app, "X5");
    assert_highlights_match(&app);
    assert!(
        app.world()
            .resource::<Highlights>()
            .targets
            .contains(&(sq("X8"), Mark::Throw))
    );
    click(&mut app, "X8");
    assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
    send(&mut app, Command::Roll);
    let (side, roll) = app.world().resource::<LastThrow>().0.expect("a throw");
    assert_eq!(side, Side::White);
    assert_eq!(
        roll,
        veney_rules::dice::Roll::Sticks {
            thrown: 2,
            own: 0b11
        }
    );
    assert_eq!(
        game(&app).position().outcome(),
        Some(Outcome::Checkmate {
            winner: Side::White,
            by: Mate::Touch
        })
    );
    // Black may still make a dying move (§2.0.20); acknowledging ends the game.
    assert_eq!(phase(&app), TurnPhase::DyingMove);
    // A reserve piece picked up now: the rules say why it cannot be placed (the dying move is a
    // move on the board, §2.0.20), not the pack's "no square next to the Self".
    let eng = r.set(Side::Black).by_name("Engagement").unwrap();
    send(&mut app, Command::SelectReserve(eng));
    let info = info(&app);
    assert!(info.contains("checkmate by touch"), "{info}");
    send(&mut app, Command::Cancel);
    // The checkmate stands during the dying move: no draw is offered or agreed, and the winner
    // has nothing to resign (a review found both shown, ignored, and the draw "accepted").
    let mate = game(&app).position().outcome();
    send(&mut app, Command::OfferDraw);
    assert!(refusal(&app).contains("§2.0.20"), "{}", refusal(&app));
    send(&mut app, Command::AnswerDraw(true));
    send(&mut app, Command::ResignAs(Side::White));
    assert!(refusal(&app).contains("stands"), "{}", refusal(&app));
    assert_eq!(
        (game(&app).position().outcome(), phase(&app)),
        (mate, TurnPhase::DyingMove)
    );
    // The mated side's resignation acknowledges the checkmate (§2.0.20).
    let mut resigned = app_with(game(&app).clone(), "throw-resigned");
    send(&mut resigned, Command::ResignAs(Side::Black));
    assert_eq!(phase(&resigned), TurnPhase::GameOver);
    assert_eq!(game(&resigned).position().outcome(), mate);
    send(&mut app, Command::Acknowledge);
    assert_eq!(phase(&app), TurnPhase::GameOver);
    // The record ends with the acknowledgement (R-RECORD-ENDING): replayed, the game is over,
    // not waiting for a dying move.
    assert!(
        game(&app)
            .record()
            .ends_with("DtX8~ @oo#\n[Ending \"Black acknowledges checkmate\"]"),
        "{}",
        game(&app).record()
    );
}

/// The marks' kinds, named independently of `Mark::of` (README, "The app": a take is marked
/// with a cross, a fend with a ring, a quiet move with a dot): the Sword on X4 takes the
/// Lantern on X6 (§2.0.03 "Takes … the Lantern") and steps quietly to X5 (a review found the
/// helper's marks built by the code under test, a take drawn as a fend unnoticed).
#[test]
fn a_take_is_marked_as_a_take_and_a_quiet_move_as_a_move() {
    let mut app = app_with(
        game_at("4/1s2/4/4/4/4/4/4/4/4/1l2/4/1WS1/4/4/4 w EEEEDGLJR/eeeedgjr turns=6"),
        "marks-kinds",
    );
    click(&mut app, "X4");
    let marks = &app.world().resource::<Highlights>().targets;
    assert!(marks.contains(&(sq("X6"), Mark::Take)), "{marks:?}");
    assert!(marks.contains(&(sq("X5"), Mark::Move)), "{marks:?}");
    assert!(!marks.iter().any(|m| m.1 == Mark::Fend), "{marks:?}");
}

/// The Self lunges Y1→Y3 over its Sword, which is lifted (§2.0.02 concert); a click on the Self
/// where it now stands keeps the Sword picked up, its moves marked, and says to place it first
/// (a review found the partner dropped, the Self picked instead, its only words that it cannot
/// move).
#[test]
fn a_click_on_another_own_piece_keeps_the_partner_in_hand() {
    let mut app = app_with(
        game_at("1sw1/4/4/4/4/4/4/4/4/4/4/4/4/4/2W1/2S1 w EEEEDGLJR/eeeedgljr"),
        "lift-click-self",
    );
    click(&mut app, "Y1");
    click(&mut app, "Y3");
    assert!(
        game(&app).position().lifted().is_some(),
        "the Sword in hand"
    );
    let held = Some(Selected::Board(sq("Y2")));
    assert_eq!(app.world().resource::<Selection>().0, held);
    click(&mut app, "Y3");
    assert_eq!(app.world().resource::<Selection>().0, held);
    assert_highlights_match(&app);
    let info = info(&app);
    assert!(
        info.contains("place it first") && info.contains("§2.0.02"),
        "{info}"
    );
    // Put down (Esc), a click on the Self picks the partner up again.
    send(&mut app, Command::Cancel);
    assert_eq!(app.world().resource::<Selection>().0, None);
    click(&mut app, "Y3");
    assert_eq!(app.world().resource::<Selection>().0, held);
}

/// README: the concert partner "is lifted and stays picked up — click where it goes". A look
/// at the move list and back, a Save then Load, and a restart that resumes the autosave each
/// leave it picked up, its moves marked, and a click where it goes places it (a review found
/// only undo and redo picking it up again).
#[test]
fn the_partner_in_hand_stays_picked_up_after_a_review_a_load_and_a_restart() {
    let g = self_beside_its_dagger();
    let mut app = app_with(g, "lift-kept");
    click(&mut app, "Y4");
    click(&mut app, "X5");
    let held = Some(Selected::Board(sq("X5")));
    assert_eq!(app.world().resource::<Selection>().0, held);
    send(&mut app, Command::View(Some(0)));
    assert_eq!(app.world().resource::<Selection>().0, None, "a review");
    send(&mut app, Command::View(None));
    assert_eq!(app.world().resource::<Selection>().0, held, "back live");
    assert_highlights_match(&app);
    send(&mut app, Command::Save(Default::default()));
    send(&mut app, Command::Cancel);
    assert_eq!(app.world().resource::<Selection>().0, None);
    send(&mut app, Command::Load(Default::default()));
    assert_eq!(app.world().resource::<Selection>().0, held, "loaded");
    let news = info(&app);
    assert!(news.contains("in hand"), "{news}");
    // A restart on the same folder resumes the autosave with the partner picked up.
    let dir = app.world().resource::<SaveDir>().clone();
    let mut again = App::new();
    again
        .add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(veney::Screen::Veney)
        .insert_resource(dir);
    again.add_plugins(veney::game_plugins);
    again.update();
    assert!(game(&again).position().lifted().is_some());
    assert_eq!(again.world().resource::<Selection>().0, held, "resumed");
    let news = info(&again);
    assert!(news.contains("in hand"), "{news}");
    click(&mut again, "Y4");
    assert_eq!(game(&again).position().turn(), Side::Black, "placed");
}

#[test]
fn save_and_load_round_trip_and_a_broken_save_keeps_the_game() {
    let mut app = app_with(Game::new(standard()), "save");
    white_plays_sy3(&mut app);
    let dir = app.world().resource::<SaveDir>().clone();
    // Autosave was written atomically after the change.
    assert!(dir.autosave().exists());
    send(&mut app, Command::Save(Default::default()));
    let saved = *game(&app).position();
    send(&mut app, Command::NewGame);
    assert_ne!(*game(&app).position(), saved);
    click(&mut app, "X4");
    click(&mut app, "X6");
    let left = *game(&app).position();
    send(&mut app, Command::Load(Default::default()));
    assert_eq!(*game(&app).position(), saved);
    // The game the Load replaced is kept in the save folder and loads back as it was left (a
    // review found it lost: the autosave follows the loaded game).
    let kept = dir.0.join("before-load.veney");
    let back = veney::packs::veney::game::load_save(&game(&app).rules, &kept).unwrap();
    assert_eq!(*back.position(), left);
    // A corrupt file: an error, and the game in progress is untouched.
    std::fs::write(dir.manual(), "[Final \"nonsense\"]\n1. SY3\n").unwrap();
    send(&mut app, Command::Load(Default::default()));
    assert_eq!(*game(&app).position(), saved);
    let why = refusal(&app);
    assert!(why.contains("could not load"), "{why}");
}

/// An empty save, or one cut short before its `[Final]` line, is refused as a save, the game in
/// progress untouched — not read as a fresh game and reported loaded (a review found both).
#[test]
fn an_empty_or_cut_save_is_refused_not_loaded_as_a_new_game() {
    let mut app = app_with(Game::new(standard()), "save-empty");
    white_plays_sy3(&mut app);
    let left = *game(&app).position();
    let dir = app.world().resource::<SaveDir>().clone();
    for (text, words) in [
        ("", "the file is empty"),
        ("  \n", "the file is empty"),
        ("[Game \"Veney\"]\n[Seed \"3\"]\n", "no [Final] line"),
    ] {
        std::fs::write(dir.manual(), text).unwrap();
        send(&mut app, Command::Load(Default::default()));
        assert_eq!(*game(&app).position(), left, "{text:?}");
        let why = refusal(&app);
        assert!(
            why.contains("could not load") && why.contains(words),
            "{why}"
        );
    }
}

/// A Load never replaces a game it could not keep (a review found the game replaced, and its
/// autosave overwritten, when `before-load.veney` could not be written).
#[test]
fn a_load_over_a_game_it_cannot_keep_is_refused() {
    let mut app = app_with(Game::new(standard()), "load-keep");
    white_plays_sy3(&mut app);
    let dir = app.world().resource::<SaveDir>().clone();
    send(&mut app, Command::Save(Default::default()));
    send(&mut app, Command::NewGame);
    click(&mut app, "X4");
    click(&mut app, "X6");
    let left = *game(&app).position();
    assert_eq!(game(&app).actions().count(), 1);
    std::fs::create_dir_all(dir.0.join("before-load.veney")).unwrap();
    send(&mut app, Command::Load(Default::default()));
    assert_eq!(*game(&app).position(), left, "not loaded");
    let why = refusal(&app);
    assert!(
        why.contains("did not load") && why.contains("before-load.veney"),
        "{why}"
    );
}

/// Nothing played and nothing autosaved: there is no game to lose, and a Load goes ahead even
/// where nothing can be kept (a read-only save folder; a review found every Load refused there).
#[test]
fn a_load_over_a_fresh_game_goes_ahead_where_nothing_can_be_kept() {
    let mut app = app_with(Game::new(standard()), "load-fresh-unkept");
    white_plays_sy3(&mut app);
    let dir = app.world().resource::<SaveDir>().clone();
    send(&mut app, Command::Save(Default::default()));
    let saved = *game(&app).position();
    send(&mut app, Command::NewGame);
    std::fs::remove_file(dir.autosave()).unwrap();
    std::fs::create_dir_all(dir.0.join("before-load.veney")).unwrap();
    send(&mut app, Command::Load(Default::default()));
    assert_eq!(*game(&app).position(), saved, "loaded: {}", refusal(&app));
}

/// A save with a byte that is not UTF-8 is refused at its line and column, the game in
/// progress kept (a review found "stream did not contain valid UTF-8", nowhere).
#[test]
fn a_save_that_is_not_utf8_is_refused_at_the_byte() {
    let mut app = app_with(Game::new(standard()), "load-not-utf8");
    white_plays_sy3(&mut app);
    let dir = app.world().resource::<SaveDir>().clone();
    let left = *game(&app).position();
    std::fs::write(dir.manual(), b"[Game \"Veney\"]\n1. SY3 \xe9\n").unwrap();
    send(&mut app, Command::Load(Default::default()));
    assert_eq!(*game(&app).position(), left, "the game in progress kept");
    let why = refusal(&app);
    assert!(why.contains("line 2") && why.contains("not UTF-8"), "{why}");
}

/// A record loaded ("Load record…") keeps the game it replaces, as a Load does, and is refused
/// when it cannot (a review found the game in progress replaced and its autosave overwritten by
/// the record at once).
#[test]
fn a_record_loaded_keeps_the_game_it_replaces() {
    let mut app = app_with(Game::new(standard()), "record-keeps");
    white_plays_sy3(&mut app);
    let left = *game(&app).position();
    let dir = app.world().resource::<SaveDir>().clone();
    send(&mut app, Command::LoadRecordText("1. eY6, eX11".into()));
    assert_ne!(*game(&app).position(), left, "the record is loaded");
    let kept = dir.0.join("before-load.veney");
    let back = veney::packs::veney::game::load_save(&game(&app).rules, &kept).unwrap();
    assert_eq!(*back.position(), left);
    // Where it cannot be kept, the record is not loaded.
    let mut app = app_with(Game::new(standard()), "record-keep-refused");
    white_plays_sy3(&mut app);
    let left = *game(&app).position();
    let dir = app.world().resource::<SaveDir>().clone();
    std::fs::create_dir_all(dir.0.join("before-load.veney")).unwrap();
    send(&mut app, Command::LoadRecordText("1. eY6, eX11".into()));
    assert_eq!(*game(&app).position(), left, "not loaded");
    let why = refusal(&app);
    assert!(why.contains("did not load the record"), "{why}");
}

/// A Load (or a record) over a new game with nothing played in it keeps the game before it —
/// the one the autosave still holds, since an empty game is never autosaved (README) — not the
/// empty game (a review found the game before lost: the empty one kept, the loaded one
/// autosaved over it).
#[test]
fn a_load_over_an_empty_new_game_keeps_the_autosaved_game() {
    let mut app = app_with(Game::new(standard()), "load-over-empty");
    let dir = app.world().resource::<SaveDir>().clone();
    white_plays_sy3(&mut app);
    send(&mut app, Command::Save(Default::default()));
    click(&mut app, "X13");
    click(&mut app, "X12");
    let played = *game(&app).position();
    send(&mut app, Command::NewGame);
    assert_eq!(game(&app).actions().count(), 0);
    send(&mut app, Command::Load(Default::default()));
    let kept = dir.0.join("before-load.veney");
    let back = veney::packs::veney::game::load_save(&game(&app).rules, &kept).unwrap();
    assert_eq!(
        *back.position(),
        played,
        "the game before the new one is kept"
    );
    // A record loaded over an empty new game alike.
    let mut app = app_with(Game::new(standard()), "record-over-empty");
    let dir = app.world().resource::<SaveDir>().clone();
    white_plays_sy3(&mut app);
    let played = *game(&app).position();
    send(&mut app, Command::NewGame);
    send(&mut app, Command::LoadRecordText("1. eY6, eX11".into()));
    let kept = dir.0.join("before-load.veney");
    let back = veney::packs::veney::game::load_save(&game(&app).rules, &kept).unwrap();
    assert_eq!(*back.position(), played);
}

/// The autosave follows an undo back to the game's start (a review found the undone move back
/// after a restart), and a new game with nothing played leaves the last game's autosave.
#[test]
fn the_autosave_follows_an_undo_to_the_start_but_not_a_new_game_unplayed() {
    let mut app = app_with(Game::new(standard()), "autosave-undo");
    let dir = app.world().resource::<SaveDir>().clone();
    white_plays_sy3(&mut app);
    assert!(
        std::fs::read_to_string(dir.autosave())
            .unwrap()
            .contains("SY3")
    );
    while game(&app).actions().count() > 0 {
        send(&mut app, Command::Undo);
    }
    let text = std::fs::read_to_string(dir.autosave()).unwrap();
    assert!(!text.contains("SY3"), "{text}");
    white_plays_sy3(&mut app);
    let last = std::fs::read_to_string(dir.autosave()).unwrap();
    send(&mut app, Command::NewGame);
    assert_eq!(game(&app).actions().count(), 0);
    assert_eq!(std::fs::read_to_string(dir.autosave()).unwrap(), last);
    // Its first move keeps the last game beside the autosave (a "Start" by mistake whose
    // computer seat moved first lost it).
    white_plays_sy3(&mut app);
    let kept = dir.0.join("autosave.previous.veney");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), last);
    // That game undone to its start, then another begun under other options: the autosave with
    // nothing played is read under its own options, and the last real game stays kept (a
    // review found the unplayed one, unreadable under the new game's options, kept over it).
    while game(&app).actions().count() > 0 {
        send(&mut app, Command::Undo);
    }
    let mut o = veney_rules::options::RuleOptions::default();
    o.hug = !o.hug;
    let std = veney::packs::veney::game::standard_set_path();
    send(&mut app, Command::NewGameWith(o, [std.clone(), std]));
    white_plays_sy3(&mut app);
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), last);
}

#[test]
fn a_cast_piece_lands_where_the_seed_says() {
    // §2.0.18 Cast Piece: the rules crate draws the landing; the app only shows it.
    let r = standard();
    let g = from_pieces(
        &r,
        &[
            (Side::White, "Self", "X2"),
            (Side::White, "Lantern", "W3"),
            (Side::Black, "Self", "Y15"),
        ],
        4,
    );
    let mut expected = g.clone();
    let cast = *expected
        .legal_actions()
        .iter()
        .find(|a| matches!(a, veney_rules::Action::Cast { from: Some(_), .. }))
        .unwrap();
    expected.play(cast).unwrap();
    let landing = expected.land().unwrap();
    let mut app = app_with(g, "cast");
    send(&mut app, Command::Play(cast));
    assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
    send(&mut app, Command::Roll);
    assert_eq!(game(&app).position(), expected.position());
    assert!(
        game(&app).record().contains("~L @"),
        "{} ({landing:?})",
        game(&app).record()
    );
}

#[test]
fn the_move_list_shows_an_earlier_position_and_returns_to_live() {
    // Click a turn in the move list to view that position; return to live.
    let mut app = app_with(Game::new(standard()), "view");
    white_plays_sy3(&mut app);
    send(&mut app, Command::View(Some(0)));
    let shown: Vec<Square> = {
        let world = app.world_mut();
        let mut q = world.query::<&PieceView>();
        q.iter(world).map(|v| v.square).collect()
    };
    assert!(
        shown.contains(&sq("Y4")) && !shown.contains(&sq("Y3")),
        "the start is shown"
    );
    // Playing is refused while viewing; the live game is untouched.
    click(&mut app, "Y13");
    assert_eq!(game(&app).position().turn(), Side::Black);
    assert!(app.world().resource::<Selection>().0.is_none());
    send(&mut app, Command::View(None));
    let world = app.world_mut();
    let mut q = world.query::<&PieceView>();
    assert!(q.iter(world).any(|v| v.square == sq("Y3")), "live again");
    // The newest row is the live position: clicking it is being live, and play goes on (a
    // review found it a "review" of the live board, every click refused).
    let rows = game(&app).turns_notation().len();
    send(&mut app, Command::View(Some(rows)));
    assert_eq!(
        app.world()
            .resource::<veney::packs::veney::game::Viewing>()
            .0,
        None
    );
    click(&mut app, "Y13");
    assert!(
        app.world().resource::<Selection>().0.is_some(),
        "live: picked up"
    );
}

#[test]
fn the_guess_dice_are_a_hidden_pick() {
    // §2.0.R1 "guess by measure & step": the defender hides a token in one of 2^sticks places,
    // the thrower guesses; the app asks the players instead of drawing (ruling R-DICE).
    let mut o = veney_rules::options::RuleOptions::default();
    o.dice = veney_rules::dice::DiceMethod::GuessMeasureStep;
    let r = Arc::new(Rules::standard_with(o));
    for (hide, guess, mates) in [(2u8, 2u8, true), (2, 3, false)] {
        let g = from_pieces(
            &r,
            &[
                (Side::White, "Self", "W5"),
                (Side::White, "Dagger", "X5"),
                (Side::Black, "Self", "X8"),
                (Side::Black, "Engagement", "X7"),
            ],
            1,
        );
        let mut app = app_with(g, "guess");
        click(&mut app, "X5");
        click(&mut app, "X8");
        assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
        // Guessing before anything is hidden is refused.
        send(&mut app, Command::Guess(0));
        assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
        send(&mut app, Command::Hide(hide));
        assert_eq!(
            app.world()
                .resource::<veney::packs::veney::game::HiddenPick>()
                .0,
            Some(hide)
        );
        send(&mut app, Command::Guess(guess));
        let (_, roll) = app.world().resource::<LastThrow>().0.expect("a throw");
        // The log of throws keeps the guess (a review found it announced only).
        let log = &app
            .world()
            .resource::<veney::host::companion::roller::Roller>()
            .log;
        let last = log.last().expect("the guess is logged");
        assert_eq!(last.what, "White's Dagger Throw (§2.0.08)");
        assert!(last.result.starts_with(&roll.to_string()), "{last}");
        assert_eq!(
            roll,
            veney_rules::dice::Roll::Guess {
                choices: 4,
                hidden: hide,
                guess
            }
        );
        let mated = matches!(
            game(&app).position().outcome(),
            Some(Outcome::Checkmate {
                by: Mate::Touch,
                ..
            })
        );
        assert_eq!(mated, mates);
        // The record keeps the pick (`@g4=3/3`) and reloads to the same game.
        let rec = game(&app).record();
        assert!(
            rec.contains(&format!("@g4={}/{}", hide + 1, guess + 1)),
            "{rec}"
        );
        let text = veney_rules::savefile::write(game(&app));
        let back = veney_rules::savefile::read(r.clone(), &text).unwrap();
        assert_eq!(back.position(), game(&app).position());
    }
}

/// §2.0.23: the mover's Donkey moves after its turn, before the caster's: a trap sprung in
/// Black's turn ends it, and the Donkey's throw goes into the log of throws as any throw does (a
/// review found it played but not logged).
#[test]
fn a_sprung_trap_logs_the_donkeys_throw() {
    let mut o = veney_rules::options::RuleOptions::default();
    o.donkey = true;
    let r = Arc::new(Rules::standard_with(o));
    let p = common::black_steps_onto_whites_trap(&r);
    let p = Position::from_text(&r, &format!("{} donkey=bY12", p.to_text(&r))).unwrap();
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "trap-donkey");
    click(&mut app, "X8");
    click(&mut app, "W6");
    send(&mut app, Command::Interrupt(Square::parse("W6").unwrap()));
    assert!(
        game(&app)
            .actions()
            .any(|(_, a)| matches!(a, veney_rules::Action::Donkey(Some(_)))),
        "the Donkey threw"
    );
    let log = &app
        .world()
        .resource::<veney::host::companion::roller::Roller>()
        .log;
    assert!(
        log.iter().any(|e| e.what == "Black's Donkey (§2.0.23)"),
        "{log:?}"
    );
}

#[test]
fn the_trap_is_sprung_in_the_middle_of_the_opponents_turn() {
    // §2.0.18 Obscurant Chaos: "… or even interrupting a double-move in process".
    let r = standard();
    let p = common::black_steps_onto_whites_trap(&r);
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "trap");
    click(&mut app, "X8");
    click(&mut app, "W6");
    assert_eq!(phase(&app), TurnPhase::SecondAction);
    send(&mut app, Command::Interrupt(Square::parse("W6").unwrap()));
    let pos = *game(&app).position();
    assert_eq!(pos.turn(), Side::White);
    assert!(
        pos.chaos_spent(Side::White)
            .contains(Square::parse("W6").unwrap())
    );
    assert_eq!(phase(&app), TurnPhase::Distraction);
    // Undo takes the interruption back whole: Black's double move is open again and the trap
    // unspent (a review found the invocation alone undone, Black's turn left cut short) — so
    // too against the computer, whose reply the person's undo takes back.
    send(&mut app, Command::Undo);
    let back = *game(&app).position();
    assert_eq!(back.turn(), Side::Black);
    assert_eq!(phase(&app), TurnPhase::SecondAction);
    assert!(back.chaos_spent(Side::White).is_empty());
    // Redo plays it again whole, and undo then takes it back whole again (a review found it
    // redone an action at a time: Black's turn ended by an `EndTurn` Black never chose).
    send(&mut app, Command::Redo);
    assert_eq!(*game(&app).position(), pos, "the interruption again");
    send(&mut app, Command::Undo);
    assert_eq!(*game(&app).position(), back);
    assert_eq!(phase(&app), TurnPhase::SecondAction);
    // Undone further back (Black's move too), two redos bring back Black's move, then the
    // interruption whole (a review found it redone an action at a time once undo had gone
    // past its start).
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).actions().count(), 0);
    send(&mut app, Command::Redo);
    assert_eq!(*game(&app).position(), back);
    send(&mut app, Command::Redo);
    assert_eq!(*game(&app).position(), pos, "the interruption whole");
    send(&mut app, Command::Undo);
    assert_eq!(*game(&app).position(), back);
    send(&mut app, Command::Interrupt(Square::parse("W6").unwrap()));
    app.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    send(&mut app, Command::Undo);
    // (The computer may already be playing on from Black's second move.)
    assert!(game(&app).position().chaos_spent(Side::White).is_empty());
    assert!(
        !game(&app)
            .actions()
            .any(|(_, a)| matches!(a, veney_rules::Action::Invoke { .. })),
        "the invocation is taken back"
    );
    // The trap's record goes with its game: in a new game from the dialog one undo takes back
    // one action (a review found the old record taking back two).
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "trap-new-game");
    click(&mut app, "X8");
    click(&mut app, "W6");
    send(&mut app, Command::Interrupt(Square::parse("W6").unwrap()));
    assert!(!game(&app).position().chaos_spent(Side::White).is_empty());
    let std = veney::packs::veney::game::standard_set_path();
    send(
        &mut app,
        Command::NewGameWith(Default::default(), [std.clone(), std]),
    );
    for _ in 0..3 {
        let a = game(&app).legal_actions()[0];
        send(&mut app, Command::Play(a));
    }
    assert_eq!(game(&app).actions().count(), 3);
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).actions().count(), 2);
}

#[test]
fn the_computer_springs_its_trap_in_the_middle_of_the_persons_turn() {
    // §2.0.18 Obscurant Chaos: the opponent's technical piece entering the cast square "can be
    // immediately lost to discard if the caster invokes it (… or even interrupting a double-move
    // in process)". The computer (White) springs its trap the moment Black's Engagement stands on
    // it, before Black's second move can take it off (a review found the computer never
    // springing it mid-turn, its trap a free square for the person's double move).
    use veney::packs::veney::computer::VeneyComputer;
    let r = standard();
    let p = common::black_steps_onto_whites_trap(&r);
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "computer-trap");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [Some(game_ai::Level::Beginner), None];
    click(&mut app, "X8");
    click(&mut app, "W6");
    for _ in 0..3 {
        app.update();
    }
    let w6 = Square::parse("W6").unwrap();
    let pos = *game(&app).position();
    assert!(
        pos.chaos_spent(Side::White).contains(w6),
        "the trap is sprung"
    );
    assert!(
        game(&app)
            .actions()
            .any(|(_, a)| *a == veney_rules::Action::Invoke { at: w6 }),
        "invoked on W6"
    );
    assert_ne!(
        pos.piece_at(w6).map(|(s, _)| s),
        Some(Side::Black),
        "Black's Cloak on the trap is lost"
    );
}

#[test]
fn a_draw_is_settled_by_a_hug() {
    // §2.0.23 Hug: White hides the Dagger (betray), Black the Self (hug): White wins by touch.
    let mut o = veney_rules::options::RuleOptions::default();
    o.hug = true;
    let r = Arc::new(Rules::standard_with(o));
    let mut app = at_start(&r, "hug");
    // Black before White is refused.
    app.world_mut().resource_mut::<CurrentGame>().0.agree_draw();
    send(&mut app, Command::Hug(veney_rules::hug::HugChoice::Hug));
    assert!(matches!(
        game(&app).position().outcome(),
        Some(Outcome::Draw { .. })
    ));
    send(
        &mut app,
        Command::HugPick(veney_rules::hug::HugChoice::Betray),
    );
    send(&mut app, Command::Hug(veney_rules::hug::HugChoice::Hug));
    assert_eq!(
        game(&app).position().outcome(),
        Some(Outcome::Checkmate {
            winner: Side::White,
            by: Mate::Touch
        })
    );
}

#[test]
fn the_threat_overlay_draws_the_rules_crates_threats() {
    // A Sword on X6 sees the Black Self on X8; a Sword out of range does not. The overlay draws
    // `veney_rules::threats` (tested in the rules crate) as lines between square centres, when
    // it is on (a review found this test never reaching the app's drawing).
    use veney::packs::veney::board::square_center;
    use veney::packs::veney::overlays::{OverlaySettings, threat_lines};
    let r = standard();
    let p = Position::from_pieces(
        &r,
        &[
            (Side::White, "Self", "Y5"),
            (Side::White, "Sword", "X6"),
            (Side::Black, "Self", "X8"),
            (Side::Black, "Sword", "Z12"),
        ],
        Side::White,
    )
    .unwrap();
    assert_eq!(veney_rules::threats(&r, &p), [(sq("X6"), sq("X8"))]);
    let on = OverlaySettings {
        threats: true,
        ..Default::default()
    };
    assert_eq!(
        threat_lines(&r, &p, &on),
        [(square_center(sq("X6")), square_center(sq("X8")))]
    );
    let off = OverlaySettings {
        threats: false,
        ..on
    };
    assert!(threat_lines(&r, &p, &off).is_empty());
}

/// A position from a seeded random game (`veney_rules::playout::random_position`, seed 378, 14
/// turns) where White's Sword on Y5's neighbour may disarm the Black blade on Y5 or oppose it:
/// two legal actions with the same origin and target.
const TWO_ACTIONS: &str =
    "4/4/1b2/2rc/eese/3d/4/4/C3/4/3W/E1w1/3B/2S1/4/4 w EEEDGLJR/eglj free=2:9 turns=14 quiet=14";

#[test]
fn several_actions_on_one_square_are_offered_and_the_chosen_one_is_played() {
    use veney::packs::veney::game::{ActionChoice, FacingChoice};
    use veney_rules::{Action, Effect};
    let r = standard();
    let p = Position::from_text(&r, TWO_ACTIONS).unwrap();
    let legal = p.legal_actions(&r);
    let to = sq("Y5");
    let both: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Move(m) if m.to == to))
        .collect();
    let from = both[0].as_move().unwrap().from;
    let both: Vec<Action> = both
        .into_iter()
        .filter(|a| a.as_move().unwrap().from == from)
        .collect();
    assert_eq!(both.len(), 2, "{both:?}");
    assert!(
        both.iter()
            .any(|a| matches!(a.as_move().unwrap().effect, Effect::Disarm(_)))
            && both
                .iter()
                .any(|a| matches!(a.as_move().unwrap().effect, Effect::Opposition(..))),
        "{both:?}"
    );
    for pick in [0, 1] {
        let mut app = app_with(
            Game::from_position_seeded(r.clone(), p, 5),
            &format!("choice{pick}"),
        );
        send(&mut app, Command::Click(from));
        send(&mut app, Command::Click(to));
        // Offered, nothing played.
        let offered = app.world().resource::<ActionChoice>().0.clone();
        assert_eq!(offered.len(), 2);
        for a in &both {
            assert!(offered.contains(a));
        }
        assert!(app.world().resource::<FacingChoice>().0.is_empty());
        assert_eq!(game(&app).actions().count(), 0);
        assert_eq!(*game(&app).position(), p);
        // Each is named by its own notation.
        let names: Vec<String> = offered
            .iter()
            .map(|a| veney_rules::notation::San::of_action(&r, &p, &legal, a).to_string())
            .collect();
        assert_ne!(names[0], names[1]);
        // The chosen one, exactly, is played.
        send(&mut app, Command::Play(offered[pick]));
        let played: Vec<Action> = game(&app).actions().map(|(_, a)| *a).collect();
        assert_eq!(played, [offered[pick]]);
        assert!(app.world().resource::<ActionChoice>().0.is_empty());
    }
    // Esc (Cancel) withdraws the offer; nothing is played.
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 5), "choice-cancel");
    send(&mut app, Command::Click(from));
    send(&mut app, Command::Click(to));
    assert_eq!(app.world().resource::<ActionChoice>().0.len(), 2);
    send(&mut app, Command::Cancel);
    assert!(app.world().resource::<ActionChoice>().0.is_empty());
    assert_eq!(game(&app).actions().count(), 0);
    assert_eq!(app.world().resource::<Selection>().0, None);
}

/// §2.0.11 Intention: "you enact the intention to take that piece without moving into its
/// square". A click from the blade onto its target offers the strike beside an ordinary take
/// there, and plays it where it is the one tenable action — never a move with sand instead (a
/// review found the take played at once, the intention forfeit, and the sand move played).
#[test]
fn a_click_on_the_intentions_target_offers_the_strike() {
    use veney::packs::veney::game::ActionChoice;
    use veney_rules::Action;
    let r = standard();
    // After White's `!$tX8` (the Sword on X6 intends the Lantern on X8) and Black's `SY15`.
    let p = Position::from_text(
        &r,
        "4/2s1/4/4/4/4/4/4/1l2/J3/1W2/4/1S2/4/4/4 w EEEECBDGLR/weeeecbdgjr turns=2 quiet=2 intention=W:X6:X8:l:0",
    )
    .unwrap();
    let mut app = app_with(
        Game::from_position_seeded(r.clone(), p, 1),
        "strike-or-take",
    );
    click(&mut app, "X6");
    click(&mut app, "X8");
    let offered = app.world().resource::<ActionChoice>().0.clone();
    assert!(
        offered.iter().any(|a| matches!(a, Action::Enact { .. }))
            && offered.iter().any(|a| matches!(a, Action::Move(_))),
        "{offered:?}"
    );
    let words: Vec<String> = offered
        .iter()
        .map(|a| veney::packs::veney::choice::plain_words(&r, game(&app).position(), a))
        .collect();
    assert!(words.iter().all(|w| !w.is_empty()), "{words:?}");
    assert_eq!(game(&app).actions().count(), 0, "nothing played unasked");
    // One step beyond the Sword's range, the strike is the one tenable action on those squares:
    // played, under a sand policy too.
    let o = veney_rules::options::RuleOptions {
        untenable: veney_rules::options::UntenablePolicy::Friendly,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let p = Position::from_text(
        &r,
        "4/2s1/4/4/4/4/4/1c2/JW2/4/4/4/4/4/1S2/4 w EEEECBDGLR/weeeebdgljr turns=2 quiet=2 intention=W:X8:X9:c:0",
    )
    .unwrap();
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "strike-beyond");
    click(&mut app, "X8");
    let marks = &app.world().resource::<Highlights>().targets;
    assert!(marks.contains(&(sq("X9"), Mark::Special)), "{marks:?}");
    click(&mut app, "X9");
    let played: Vec<Action> = game(&app).actions().map(|(_, a)| *a).collect();
    assert!(
        matches!(played.first(), Some(Action::Enact { .. })),
        "{played:?}"
    );
    assert!(game(&app).turns_untenable().iter().all(|u| u.is_none()));
}

/// README: "second move of a double move — after the first, the legal second moves are marked":
/// after the Self's move, with nothing picked up, the pieces that may move in concert are
/// marked (§2.0.02), exactly the rules' (a review found nothing marked after `SY3`).
#[test]
fn the_pieces_that_may_move_second_are_marked() {
    let r = standard();
    let mut app = at_start(&r, "movable");
    assert!(app.world().resource::<Highlights>().movable.is_empty());
    click(&mut app, "Y4");
    click(&mut app, "Y3");
    assert_eq!(phase(&app), TurnPhase::SecondAction);
    assert_eq!(app.world().resource::<Selection>().0, None);
    let mut expected: Vec<Square> = game(&app)
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            veney_rules::Action::Move(m) if m.mover == veney_rules::Mover::Free => None,
            _ => a.piece_square(),
        })
        .collect();
    expected.sort_by_key(|s| s.index());
    expected.dedup();
    assert!(!expected.is_empty());
    assert_eq!(app.world().resource::<Highlights>().movable, expected);
    // Picking one up shows its moves instead.
    click(&mut app, &expected[0].to_string());
    assert!(app.world().resource::<Highlights>().movable.is_empty());
}

/// README: "after the Self's move the pieces that may move in concert are framed in green" —
/// also when the Self landed on a stepping stone and stays picked up for its own second move
/// (a review found the Sword unframed after `SY5` until Esc).
#[test]
fn concert_partners_are_framed_while_the_self_on_a_stone_stays_picked() {
    let r = standard();
    let mut app = at_start(&r, "stone-concert-frames");
    click(&mut app, "Y4");
    click(&mut app, "Y5");
    assert_eq!(
        app.world().resource::<Selection>().0,
        Some(Selected::Board(sq("Y5"))),
        "the Self stays picked up on its stone"
    );
    let movable = app.world().resource::<Highlights>().movable.clone();
    assert!(movable.contains(&sq("X4")), "the Sword: {movable:?}");
    assert!(
        !movable.contains(&sq("Y5")),
        "not the picked Self: {movable:?}"
    );
}

/// After the Self's move a partner whose only concert action is a cast from the board
/// (§2.0.18: "one may throw their own Lantern … by picking it up off the board") is framed as
/// one that may move (a review found it left out).
#[test]
fn a_partner_whose_only_action_is_a_cast_is_framed() {
    // White's Lantern on W1, boxed in by its own pieces; the Self on Y1 steps to Y2.
    let g = game_at("1s2/4/4/4/4/4/4/4/4/4/4/4/4/4/EE2/LES1 w E/eeee");
    let mut app = common::headless("cast-partner-framed", Some(g));
    click(&mut app, "Y1");
    click(&mut app, "Y2");
    assert_eq!(phase(&app), TurnPhase::SecondAction);
    assert_eq!(app.world().resource::<Highlights>().movable, vec![sq("W1")]);
}

/// §2.0.15: "Ending Hirakamae offers a double-move, consisting of two moves by one piece, or
/// one move each by any two different pieces": after its first move the pieces that may make
/// the second are framed, as after any first move (a review found nothing marked there).
#[test]
fn the_pieces_that_may_move_second_after_hirakamae_are_marked() {
    let r = standard();
    let mut p = Position::from_pieces(
        &r,
        &[
            (Side::White, "Self", "X6"),
            (Side::White, "Sword", "W6"),
            (Side::Black, "Self", "Y14"),
            (Side::Black, "Sword", "Y12"),
            (Side::Black, "Cloak", "Z13"),
        ],
        Side::White,
    )
    .unwrap();
    for t in ["---", "SY15"] {
        let acts = veney_rules::notation::parse_turn(&r, &p, t, 1).unwrap();
        p.play_turn(&r, &acts).unwrap();
    }
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "hira-movable");
    let first = veney_rules::notation::parse_turn(&r, game(&app).position(), "$W7", 1).unwrap();
    send(&mut app, Command::Play(first[0]));
    assert!(matches!(
        game(&app).position().phase(),
        veney_rules::Phase::Hirakamae { .. }
    ));
    let movable = app.world().resource::<Highlights>().movable.clone();
    assert!(movable.contains(&sq("W7")), "{movable:?}");
    assert!(movable.contains(&sq("X6")), "{movable:?}");
}

/// The choice window's rows after a distraction or a sprung trap (§2.0.18): the repositioning
/// and the normal move from the same squares are each named in words (a review found the
/// repositioning's row blank).
#[test]
fn the_repositioning_row_says_what_it_does() {
    use veney::packs::veney::game::ActionChoice;
    let r = standard();
    let p = Position::from_text(
        &r,
        "4/4/4/1s2/4/4/4/4/4/4/4/4/1WS1/4/4/4 w EEEE/eeee casts=wCW6 chaosspent=wW6 distraction=- reposition=13:t",
    )
    .unwrap();
    let mut app = app_with(
        Game::from_position_seeded(r.clone(), p, 1),
        "reposition-row",
    );
    click(&mut app, "Y4");
    click(&mut app, "Z5");
    let offered = app.world().resource::<ActionChoice>().0.clone();
    assert_eq!(offered.len(), 2, "{offered:?}");
    let words: Vec<String> = offered
        .iter()
        .map(|a| veney::packs::veney::choice::plain_words(&r, game(&app).position(), a))
        .collect();
    assert!(words.iter().all(|w| !w.is_empty()), "{words:?}");
    assert_ne!(words[0], words[1]);
    assert!(words.iter().any(|w| w.contains("§2.0.18")), "{words:?}");
}

/// Playing with sand (§2.0.22), several untenable actions may end on one square as legal ones
/// do: White's Self far up the board (W15) leaves its Sword's Z6xY5 out of range, where it may
/// disarm or oppose Black's Sword. The player chooses, as for legal actions, and the chosen one
/// is played with sand (a review found the first listed played unasked).
#[test]
fn several_untenable_actions_on_one_square_are_offered_too() {
    use veney::packs::veney::game::ActionChoice;
    let o = veney_rules::options::RuleOptions {
        untenable: veney_rules::options::UntenablePolicy::Friendly,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let text = TWO_ACTIONS
        .replacen("4/4/1b2/", "4/S3/1b2/", 1)
        .replacen("/3B/2S1/", "/3B/4/", 1);
    let p = Position::from_text(&r, &text).unwrap();
    let (from, to) = (sq("Z6"), sq("Y5"));
    let sand: Vec<veney_rules::Action> = veney_rules::penalty::untenable_actions(&r, &p)
        .into_iter()
        .filter(|a| matches!(a, veney_rules::Action::Move(m) if m.from == from && m.to == to))
        .collect();
    assert!(sand.len() >= 2, "{sand:?}");
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 5), "sand-choice");
    send(&mut app, Command::Click(from));
    send(&mut app, Command::Click(to));
    let offered = app.world().resource::<ActionChoice>().0.clone();
    assert_eq!(offered.len(), sand.len(), "offered, nothing played");
    assert_eq!(game(&app).actions().count(), 0);
    let pick = offered[offered.len() - 1];
    send(&mut app, Command::Play(pick));
    let played: Vec<veney_rules::Action> = game(&app).actions().map(|(_, a)| *a).collect();
    assert_eq!(played, [pick]);
    // Announced with the rules' reason once (a review found "untenable: untenable:").
    let info = info(&app);
    assert!(info.starts_with("played with sand — untenable: "), "{info}");
    assert_eq!(info.matches("untenable:").count(), 1, "{info}");
}

#[test]
fn the_placement_overlay_shows_the_floating_ruins_squares_for_either_side() {
    // §2.0.12: the floating Ruin is placed anywhere in its movement range, not only next to the
    // Self. The overlay's squares are the legal placements for the side to move, the rules
    // crate's placement squares for the other.
    use veney::packs::veney::overlays::placement_area;
    let r = standard();
    let g = Game::from_position_seeded(r.clone(), Position::start(&r), 1);
    for side in [Side::White, Side::Black] {
        let ruin = r.set(side).by_name("Ruin").unwrap();
        let area = placement_area(&g, side, ruin);
        let life = g.position().life_square(&r, side).unwrap();
        assert!(
            (area & !veney_rules::Bitboard::adjacent(life)).any(),
            "{side}"
        );
        assert_eq!(
            area,
            veney_rules::placement_squares(&r, g.position(), side, ruin)
        );
    }
    let ruin = r.set(Side::White).by_name("Ruin").unwrap();
    let mut legal = veney_rules::Bitboard::EMPTY;
    for a in g.legal_actions() {
        if let veney_rules::Action::Place { kind, to, .. } = a {
            if kind == ruin {
                legal.set(to);
            }
        }
    }
    assert_eq!(placement_area(&g, Side::White, ruin), legal);
}

#[test]
fn a_fresh_game_by_random_drawing_starts_with_the_rules_crates_draw() {
    // §2.0.19 step 4: the app asks the rules crate who moves first; the seed decides.
    use veney_rules::options::RuleOptions;
    use veney_rules::setup_styles::{FirstPlayerMethod, first_player_on_baselines};
    let mut app = headless("draw", None);
    let mut o = RuleOptions::default();
    o.first_by = FirstPlayerMethod::RandomDraw;
    let std = veney::packs::veney::game::standard_set_path();
    send(&mut app, Command::NewGameWith(o, [std.clone(), std]));
    let g = game(&app);
    let mut probe = (*g.rules).clone();
    probe.options.first_by = FirstPlayerMethod::RandomDraw;
    assert_eq!(
        g.position().turn(),
        first_player_on_baselines(&probe, g.seed())
    );
    assert_eq!(g.rules.options.first_player, g.position().turn());
}

#[test]
fn the_move_list_is_exported_in_notation() {
    let r = standard();
    let mut app = at_start(&r, "export");
    click(&mut app, "Y4");
    click(&mut app, "Y3");
    let file = temp_dir("export-file").join("moves.txt");
    send(&mut app, Command::ExportMoves(file.clone()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.trim(), game(&app).record().trim());
    assert!(text.contains("SY3"), "{text}");
}

#[test]
fn piece_entities_carry_their_movement_pattern() {
    // The "movement pattern" overlay reads this component: where the piece's RON primitives
    // reach from its square on an empty board (the rules crate computes it).
    let r = standard();
    let app = at_start(&r, "pattern");
    let mut app = app;
    let cloak = r.set(Side::White).by_name("Cloak").unwrap();
    let found: Vec<(Square, veney_rules::Bitboard)> = app
        .world_mut()
        .query::<(&PieceView, &veney::packs::veney::game::Movement)>()
        .iter(app.world())
        .filter(|(v, _)| v.side == Side::White && v.kind == cloak)
        .map(|(v, m)| (v.square, m.0))
        .collect();
    // The Cloak on W4 leaps like a knight: X6, Y5, Y3, X2.
    let mut squares: Vec<String> = found[0].1.into_iter().map(|s| s.to_string()).collect();
    squares.sort();
    assert_eq!(found[0].0, sq("W4"));
    assert_eq!(squares, ["X2", "X6", "Y3", "Y5"]);
}

/// White's Self on Y4 with its Dagger on X5, a concert partner it may lift; Black's Self on W16.
fn self_beside_its_dagger() -> Game {
    from_pieces(
        &standard(),
        &[
            (Side::White, "Self", "Y4"),
            (Side::White, "Dagger", "X5"),
            (Side::Black, "Self", "W16"),
        ],
        3,
    )
}

/// Concert by mouse with both pieces lifted (§2.0.02, R-CONCERT): the Self clicked onto its
/// Dagger's square lifts the Dagger, which stays picked up (from that square) until a click
/// places it; the move list writes the concert Self first.
#[test]
fn the_self_lifts_its_partner_by_mouse_and_the_partner_is_placed_next() {
    let g = self_beside_its_dagger();
    let mut app = app_with(g, "lift");
    click(&mut app, "Y4");
    let marks = &app.world().resource::<Highlights>().targets;
    assert!(marks.contains(&(sq("X5"), Mark::Special)), "{marks:?}");
    click(&mut app, "X5");
    let dagger = game(&app).rules.set(Side::White).by_name("Dagger").unwrap();
    assert_eq!(
        game(&app).position().lifted().map(|l| (l.kind, l.from)),
        Some((dagger, sq("X5")))
    );
    // Still picked up: its moves from X5 are marked, and the status says it is in hand.
    assert_eq!(
        app.world().resource::<Selection>().0,
        Some(Selected::Board(sq("X5")))
    );
    assert_highlights_match(&app);
    let info = info(&app);
    assert!(info.contains("in hand"), "{info}");
    // It is drawn in hand over the square it was lifted from, the Self on that square too.
    let in_hand = |app: &mut App| {
        app.world_mut()
            .query_filtered::<&veney::packs::veney::game::PieceView, With<veney::packs::veney::game::InHand>>()
            .iter(app.world())
            .map(|v| (v.side, v.kind, v.square))
            .collect::<Vec<_>>()
    };
    assert_eq!(in_hand(&mut app), vec![(Side::White, dagger, sq("X5"))]);
    // A refused click keeps it picked up (a review found it put down, the next click on a
    // square it may go doing nothing).
    click(&mut app, "Z16");
    assert!(!refusal(&app).is_empty(), "Z16 is refused");
    assert_eq!(
        app.world().resource::<Selection>().0,
        Some(Selected::Board(sq("X5")))
    );
    // Onto the square the Self left.
    click(&mut app, "Y4");
    assert!(in_hand(&mut app).is_empty(), "placed: in hand no more");
    assert_eq!(
        game(&app).position().piece_at(sq("Y4")),
        Some((Side::White, dagger))
    );
    assert_eq!(game(&app).position().turn(), Side::Black);
    assert_eq!(game(&app).record(), "1. SX5 DY4");
    // Undo brings the lift back, and the partner is picked up again (README: "that partner is
    // lifted and stays picked up"; a review found nothing picked up after the undo).
    send(&mut app, Command::Undo);
    assert!(game(&app).position().lifted().is_some());
    assert_eq!(
        app.world().resource::<Selection>().0,
        Some(Selected::Board(sq("X5")))
    );
    assert_highlights_match(&app);
}

/// "Load record…" (R-REPLAY-SAND): the public records' form, a concert written partner first, an
/// untenable turn nobody called standing and marked; a record that cannot be read keeps the game.
#[test]
fn a_record_is_loaded_with_its_uncalled_untenable_turn_marked() {
    let mut app = app_with(Game::new(standard()), "record");
    let path = std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/veney-rules/tests/records/front_matter.txt"
    ));
    send(&mut app, Command::LoadRecordFile(path));
    let g = game(&app);
    assert_eq!(g.position().turns(), 10);
    let marks = g.turns_untenable();
    assert_eq!(marks.len(), 10);
    assert!(
        marks[6].as_deref().is_some_and(|w| w.contains("§2.0.13")),
        "{marks:?}"
    );
    assert_eq!(marks.iter().filter(|m| m.is_some()).count(), 1);
    assert!(
        g.record()
            .starts_with("1. eY6, eX11; 2. SY5 $Z6, SX12 $X13;"),
        "{}",
        g.record()
    );
    let info = info(&app);
    assert!(
        info.contains("10 turn(s)") && info.contains("1 untenable"),
        "{info}"
    );
    // Nonsense keeps the game in progress and says why.
    send(&mut app, Command::LoadRecordText("1. QQ9, eX11".into()));
    assert_eq!(game(&app).position().turns(), 10);
    let refusal = refusal(&app);
    assert!(
        refusal.contains("QQ9") || refusal.contains("cannot be played"),
        "{refusal}"
    );
}

/// The computer plays Black (issue 14): after White's turn it searches off the main thread
/// (clicks meanwhile refused) and plays one of the rules' actions, rolling its own throws; undo
/// takes back White's turn with the computer's reply; H gives a legal hint.
/// Redo against the computer brings its undone replies back with the person's turns, as undo
/// took them back: two turns undone come back whole (a review found the computer searching anew
/// once the person's first turn was redone, its reply wiping the redo list and the second turn
/// with it).
/// README: with the computer on both sides Undo takes back one turn — and the computer then
/// waits until "Play on" (seeded as before, it would play the undone turn again at once: a
/// review found the Undo changing nothing to see).
#[test]
fn an_undo_pauses_the_computer_on_both_sides_until_play_on() {
    use veney::packs::veney::computer::{VeneyComputer, VeneyPause};
    let mut app = app_with(Game::new(standard()), "computer-both-pause");
    let level = Some(game_ai::Level::Beginner);
    app.world_mut().resource_mut::<VeneyComputer>().0 = [level, level];
    let t = std::time::Instant::now();
    while game(&app).position().turns() < 2 {
        assert!(t.elapsed().as_secs() < 60, "the computer never moved");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    send(&mut app, Command::Undo);
    assert!(app.world().resource::<VeneyPause>().0.paused);
    let undone = game(&app).actions().count();
    for _ in 0..40 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(game(&app).actions().count(), undone, "the computer waits");
    assert!(
        !app.world()
            .resource::<veney::packs::veney::computer::VeneyThinking>()
            .busy(),
        "no search meanwhile"
    );
    send(&mut app, Command::ComputerPlayOn);
    assert!(!app.world().resource::<VeneyPause>().0.paused);
    let t = std::time::Instant::now();
    while game(&app).actions().count() <= undone {
        assert!(t.elapsed().as_secs() < 60, "the computer never played on");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn redo_against_the_computer_brings_its_replies_back() {
    use veney::packs::veney::computer::{VeneyComputer, VeneyThinking};
    let mut app = app_with(Game::new(standard()), "computer-redo");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Beginner)];
    let wait = |app: &mut App| {
        let t = std::time::Instant::now();
        for _ in 0..4 {
            app.update();
        }
        while game(app).position().turn() != Side::White
            || app.world().resource::<VeneyThinking>().busy()
        {
            assert!(t.elapsed().as_secs() < 60, "the computer never moved");
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    };
    white_plays_sy3(&mut app);
    wait(&mut app);
    let a = game(&app).legal_actions()[0];
    send(&mut app, Command::Play(a));
    // (Bounded: a turn that cannot end here fails with its position, not a hang.)
    for _ in 0..8 {
        if game(&app).position().turn() != Side::White {
            break;
        }
        send(&mut app, Command::Play(veney_rules::Action::EndTurn));
    }
    assert_ne!(
        game(&app).position().turn(),
        Side::White,
        "White's turn after {a:?} did not end: {} ({})",
        game(&app).position().to_text(&game(&app).rules),
        refusal(&app)
    );
    wait(&mut app);
    let (full, record) = (game(&app).actions().count(), game(&app).record());
    send(&mut app, Command::Undo);
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).actions().count(), 0);
    for _ in 0..full {
        if game(&app).actions().count() == full {
            break;
        }
        send(&mut app, Command::Redo);
        // Time for a search, were one started.
        wait(&mut app);
    }
    assert_eq!(game(&app).record(), record, "both turns and replies redone");
}

#[test]
fn the_computer_plays_black_and_undo_takes_back_its_reply_with_whites_turn() {
    use veney::packs::veney::computer::{VeneyComputer, VeneyHint, VeneyThinking};
    let mut app = app_with(Game::new(standard()), "computer");
    // Strong: a search long enough to click into while it thinks (a beginner's 50 iterations
    // may be over before the click).
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Strong)];
    white_plays_sy3(&mut app);
    assert_eq!(game(&app).position().turn(), Side::Black);
    assert!(
        app.world().resource::<VeneyThinking>().busy(),
        "the computer thinks"
    );
    click(&mut app, "X13");
    let info = info(&app);
    assert!(info.contains("computer is to move"), "{info}");
    let t = std::time::Instant::now();
    while game(&app).position().turn() != Side::White
        || app.world().resource::<VeneyThinking>().busy()
    {
        assert!(t.elapsed().as_secs() < 60, "the computer never moved");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(game(&app).actions().count() >= 3, "Black played");
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).actions().count(), 0);
    assert_eq!(game(&app).position().turn(), Side::White);
    send(&mut app, Command::Hint);
    let t = std::time::Instant::now();
    while app.world().resource::<VeneyHint>().0.is_none() {
        assert!(t.elapsed().as_secs() < 30, "no hint");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let (hint, _) = app.world().resource::<VeneyHint>().0.clone().unwrap();
    let legal: Vec<String> = {
        let g = game(&app);
        let legal = g.legal_actions();
        legal
            .iter()
            .map(|a| {
                veney_rules::notation::San::of_action(&g.rules, g.position(), &legal, a).to_string()
            })
            .collect()
    };
    assert!(legal.contains(&hint.text), "{hint:?} not in {legal:?}");
    assert_eq!(game(&app).actions().count(), 0, "a hint plays nothing");
    // The hinted action's squares are framed on the board while its position stands.
    app.update();
    let action = app
        .world()
        .resource::<VeneyHint>()
        .1
        .expect("the hinted action");
    let framed = app
        .world()
        .resource::<veney::packs::veney::highlights::Highlights>()
        .hint
        .clone();
    match action {
        veney_rules::Action::Move(m) => assert_eq!(framed, vec![m.from, m.to]),
        // A meta-move or a pass has no square: the hint's words say it.
        veney_rules::Action::Meta(_) | veney_rules::Action::Pass => assert!(framed.is_empty()),
        _ => assert!(!framed.is_empty(), "{action:?}"),
    }
    // A hinted move is framed on its two squares.
    let mv = game(&app)
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, veney_rules::Action::Move(_)))
        .unwrap();
    let hash = veney::packs::veney::computer::search_key(game(&app));
    app.world_mut().resource_mut::<VeneyHint>().0 = Some((hint.clone(), hash));
    app.world_mut().resource_mut::<VeneyHint>().1 = Some(mv);
    app.update();
    let framed = app
        .world()
        .resource::<veney::packs::veney::highlights::Highlights>()
        .hint
        .clone();
    let veney_rules::Action::Move(m) = mv else {
        unreachable!()
    };
    assert_eq!(framed, vec![m.from, m.to]);
    white_plays_sy3(&mut app);
    let framed = &app
        .world()
        .resource::<veney::packs::veney::highlights::Highlights>()
        .hint;
    assert!(
        framed.is_empty(),
        "the frame goes with its position: {framed:?}"
    );
}

/// A second app opened on the title screen while the first plays resumes a copy of the first's
/// autosave. It asks for the folder's lock as it reads it, so when the first app closes, the
/// first's newer autosave is kept aside as the second takes the folder over, not overwritten by
/// the older copy (a review found the first app's later moves lost).
#[test]
fn a_second_app_keeps_the_first_apps_newer_autosave() {
    // The first app's autosaves: after White's first turn, and after Black's reply.
    let mut first = app_with(Game::new(standard()), "first-app");
    white_plays_sy3(&mut first);
    let first_dir = first.world().resource::<SaveDir>().clone();
    let older = std::fs::read_to_string(first_dir.autosave()).unwrap();
    let reply = game(&first).legal_actions()[0];
    send(&mut first, Command::Play(reply));
    send(&mut first, Command::Play(veney_rules::Action::EndTurn));
    let newer = std::fs::read_to_string(first_dir.autosave()).unwrap();
    assert_ne!(older, newer);
    // The first app holds the folder; the second opens on the title screen and resumes.
    let dir = common::temp_dir("second-app-saves");
    std::fs::write(dir.join("autosave.veney"), &older).unwrap();
    let lock = std::fs::File::create(dir.join(".lock")).unwrap();
    lock.try_lock().unwrap();
    let mut second = App::new();
    second
        .add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(veney::Screen::Title)
        .insert_resource(SaveDir(dir.clone()));
    second.add_plugins(veney::game_plugins);
    second.update();
    assert_eq!(
        game(&second).actions().count(),
        2,
        "SY3 and its end resumed"
    );
    // The first plays on and closes; the second then opens Veney's screen and autosaves.
    std::fs::write(dir.join("autosave.veney"), &newer).unwrap();
    drop(lock);
    second
        .world_mut()
        .resource_mut::<NextState<veney::Screen>>()
        .set(veney::Screen::Veney);
    second.update();
    second.update();
    assert_eq!(
        std::fs::read_to_string(dir.join("autosave.older-1.veney")).unwrap(),
        newer,
        "the first app's last game kept"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("autosave.veney")).unwrap(),
        older
    );
}

#[test]
fn an_autosave_that_cannot_be_resumed_is_kept_aside() {
    // A bad save never loses a game: an autosave the rules no longer read (an older rule,
    // an edited set) is moved aside before the new game's first move autosaves (a review
    // found it overwritten).
    let dir = common::temp_dir("unresumable-saves");
    let bad = "[Final \"nonsense\"]\n1. SY3\n";
    std::fs::write(dir.join("autosave.veney"), bad).unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(veney::Screen::Veney)
        .insert_resource(SaveDir(dir.clone()));
    app.add_plugins(veney::game_plugins);
    app.update();
    let kept = dir.join("autosave.unresumable-1.veney");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), bad);
    let info = info(&app);
    assert!(info.contains("kept as"), "{info}");
    white_plays_sy3(&mut app);
    assert!(
        dir.join("autosave.veney").exists(),
        "the new game autosaves"
    );
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        bad,
        "the old one kept"
    );
}

#[test]
fn against_the_computer_the_person_resigns_and_never_declares_for_it() {
    // §2.0.21 "Your opponent Resigns": against the computer the Resign button is the person's,
    // even while the computer thinks (a review found the computer's side resigned for it).
    use veney::packs::veney::computer::VeneyComputer;
    let mut app = app_with(Game::new(standard()), "resign-computer");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Strong)];
    white_plays_sy3(&mut app);
    assert_eq!(game(&app).position().turn(), Side::Black);
    send(&mut app, Command::Resign);
    assert!(
        matches!(
            game(&app).position().outcome(),
            Some(Outcome::Resignation {
                winner: Side::Black,
                ..
            })
        ),
        "{:?}",
        game(&app).position().outcome()
    );
}

/// §2.0.23 step 1: a Donkey with one open square next to it moves there with no throw — the
/// prompt asks for no sticks then (a review found "throw its sticks" asked of a move the rules
/// make without one), and does ask for them when the Donkey has a choice.
#[test]
fn the_donkeys_prompt_asks_for_sticks_only_when_it_throws() {
    let mut o = standard().options.clone();
    o.donkey = true;
    let r = Arc::new(Rules::standard_with(o));
    for (text, sticks) in [
        (
            "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/4/4/1S2/1WCB b DGLJR/dgljr turns=11 donkey=wW1 donkeyhome=b donkeymove=w",
            false,
        ),
        (
            "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/4/4/1S2/1WCB b DGLJR/dgljr turns=11 donkey=wY8 donkeyhome=b donkeymove=w",
            true,
        ),
    ] {
        let p = Position::from_text(&r, text).unwrap();
        let g = Game::from_position_seeded(r.clone(), p, 1);
        assert_eq!(
            g.legal_actions()
                .contains(&veney_rules::Action::Donkey(None)),
            !sticks,
            "{text}"
        );
        let mut app = app_with(g, "donkey-prompt");
        app.update();
        let prompt = prompt(&app);
        assert!(prompt.contains("Donkey moves first"), "{prompt}");
        assert_eq!(prompt.contains("sticks"), sticks, "{prompt}");
    }
}

#[test]
fn each_donkey_is_thrown_for_its_placer() {
    // §2.0.23 The Donkey: it moves "on its own turn following the turn of the player who placed
    // it". White (a person) places it: the computer (Black) does not throw White's Donkey's
    // sticks; White does (a review found the computer throwing it and the person refused).
    use veney::packs::veney::computer::VeneyComputer;
    let mut o = standard().options.clone();
    o.donkey = true;
    let r = Arc::new(Rules::standard_with(o));
    let mut app = app_with(Game::new(r), "donkey-placer");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Beginner)];
    send(&mut app, Command::Enter("K*X8".into()));
    assert!(matches!(
        game(&app).position().phase(),
        veney_rules::Phase::DonkeyMove {
            placer: Side::White
        }
    ));
    for _ in 0..20 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(
        matches!(
            game(&app).position().phase(),
            veney_rules::Phase::DonkeyMove {
                placer: Side::White
            }
        ),
        "the computer left White's Donkey to White"
    );
    send(&mut app, Command::Roll);
    assert!(
        !matches!(
            game(&app).position().phase(),
            veney_rules::Phase::DonkeyMove { .. }
        ),
        "White threw its Donkey's sticks"
    );
}

#[test]
fn the_donkeys_walk_is_in_the_last_turns_highlight() {
    // §2.0.23 The Donkey: its sticks move it "on its own turn". The last-turn highlight marks
    // where it stood and where it went, as it marks a piece's move (a review found the Donkey's
    // walk left unmarked).
    let mut o = standard().options.clone();
    o.donkey = true;
    let r = Arc::new(Rules::standard_with(o));
    let p = donkey_about_to_move(&r);
    let mut walked = false;
    for seed in 0..40 {
        let mut app = app_with(
            Game::from_position_seeded(r.clone(), p, seed),
            "donkey-walk",
        );
        send(&mut app, Command::Roll);
        app.update();
        let to = game(&app).position().donkey(Side::White);
        let marked = app.world().resource::<Highlights>().last_turn.clone();
        match to {
            Some(to) if to != sq("Y8") => {
                assert!(
                    marked.contains(&sq("Y8")) && marked.contains(&to),
                    "seed {seed}: the Donkey went Y8 to {to}, marked {marked:?}"
                );
                walked = true;
                break;
            }
            _ => {}
        }
    }
    assert!(walked, "no seed moved the Donkey");
}

#[test]
fn a_save_loads_under_the_rule_options_it_was_played_with() {
    // §2.0.19 step 1, the players' "prior agreement": the save names its options (`[Rules]`),
    // so a game with the Donkey loads into an app playing without it (a review found saves
    // replayed under whatever options the app had, and refused).
    let mut o = standard().options.clone();
    o.donkey = true;
    let r = Arc::new(Rules::standard_with(o));
    let mut app = app_with(Game::new(r), "options-save");
    send(&mut app, Command::Enter("K*X8".into()));
    send(&mut app, Command::Roll);
    send(&mut app, Command::Save(Default::default()));
    let saved = *game(&app).position();
    let text = std::fs::read_to_string(app.world().resource::<SaveDir>().manual()).unwrap();
    assert!(
        text.contains("[Rules \"") && text.contains("donkey:true"),
        "{text}"
    );
    app.world_mut().resource_mut::<CurrentGame>().0 = Game::new(standard());
    send(&mut app, Command::Load(Default::default()));
    assert_eq!(*game(&app).position(), saved);
    assert!(
        game(&app).rules.options.donkey,
        "loaded under its own options"
    );
}

#[test]
fn the_computer_throws_its_own_donkey_and_dagger() {
    // Chance is the game's dice (§2.0.23 the Donkey's sticks, §2.0.08 the throw's): the computer
    // throws for its own Donkey and its own Dagger Throw (a review found its R refused as "the
    // computer is to move", the game waiting for ever).
    use veney::packs::veney::computer::VeneyComputer;
    let wait_until = |app: &mut App, done: &dyn Fn(&App) -> bool, what: &str| {
        let t = std::time::Instant::now();
        while !done(app) {
            assert!(t.elapsed().as_secs() < 30, "{what}");
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    };
    let mut o = standard().options.clone();
    o.donkey = true;
    let r = Arc::new(Rules::standard_with(o));
    let p = Position::from_pieces(
        &r,
        &[(Side::White, "Self", "X2"), (Side::Black, "Self", "Y15")],
        Side::White,
    )
    .unwrap();
    let p =
        Position::from_text(&r, &format!("{} donkey=bZ11 donkeymove=b", p.to_text(&r))).unwrap();
    let mut app = app_with(Game::from_position_seeded(r, p, 3), "computer-donkey");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Beginner)];
    wait_until(
        &mut app,
        &|a| {
            !matches!(
                game(a).position().phase(),
                veney_rules::Phase::DonkeyMove { .. }
            )
        },
        "the computer never threw its Donkey's sticks",
    );
    // Its Dagger Throw: White (the computer) has thrown; its roll comes by itself.
    let r = standard();
    let mut g = Game::from_position_seeded(r.clone(), dagger_throw_position(&r), 1);
    let throw = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, veney_rules::Action::Throw { .. }))
        .unwrap();
    g.play(throw).unwrap();
    let mut app = app_with(g, "computer-throw");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [Some(game_ai::Level::Beginner), None];
    wait_until(
        &mut app,
        &|a| !matches!(game(a).position().phase(), veney_rules::Phase::Throw { .. }),
        "the computer never threw its sticks",
    );
}

#[test]
fn the_computers_seats_travel_with_a_veney_save() {
    // A game against the computer saved (and autosaved) names its seats: loaded, or resumed
    // when the app starts again, it goes on against the computer.
    use veney::packs::veney::computer::VeneyComputer;
    let mut app = app_with(Game::new(standard()), "veney-seats");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Casual)];
    white_plays_sy3(&mut app);
    send(&mut app, Command::Save(Default::default()));
    let dir = app.world().resource::<SaveDir>().clone();
    let text = std::fs::read_to_string(dir.manual()).unwrap();
    assert!(text.contains("[Computer \"1 casual\"]"), "{text}");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, None];
    send(&mut app, Command::Load(Default::default()));
    assert_eq!(
        app.world().resource::<VeneyComputer>().0,
        [None, Some(game_ai::Level::Casual)]
    );
    // A fresh app on the same folder resumes the autosave against the computer.
    let auto = std::fs::read_to_string(dir.autosave()).unwrap();
    assert!(auto.contains("[Computer \"1 casual\"]"), "{auto}");
    let mut again = App::new();
    again
        .add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(veney::Screen::Veney)
        .insert_resource(dir);
    again.add_plugins(veney::game_plugins);
    again.update();
    assert_eq!(
        again.world().resource::<VeneyComputer>().0,
        [None, Some(game_ai::Level::Casual)]
    );
}

#[test]
fn a_pinned_blade_is_freed_by_clicking_the_cloak_on_it() {
    // §2.0.06 Blade Capture: "They must spend a later turn if they wish to remove the Cloak" —
    // the blade's own move from under the Cloak. A review found no click could reach it: the
    // square holds the opponent's Cloak.
    let r = std::sync::Arc::new(veney_rules::Rules::standard());
    let text = "4/4/4/bsCc/eeee/4/4/4/4/4/4/EEEE/1WSB/4/4/4 b DGLJR/dgljr pinned=w:Y13:0 turns=7";
    let p = veney_rules::Position::from_text(&r, text).unwrap();
    let g = veney_rules::Game::from_position_seeded(r.clone(), p, 1);
    let frees: Vec<veney_rules::Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| matches!(a, veney_rules::Action::Move(m) if m.from == sq("Y13")))
        .collect();
    assert!(!frees.is_empty(), "the rules offer the freeing move");
    let mut app = common::headless("free-blade", Some(g));
    send(&mut app, Command::Click(sq("Y13")));
    let info = info(&app);
    assert!(
        info.contains("pinned under the Cloak on Y13 may be freed"),
        "{info}"
    );
    // A move off the Sword's pattern is refused by the Sword's own rule, not "you have no
    // Sword on Y13" (a review found the pinned blade's refusals said so).
    send(&mut app, Command::Click(sq("W1")));
    let refusal = refusal(&app);
    assert!(
        !refusal.contains("you have no") && refusal.contains("§2.0.03"),
        "{refusal}"
    );
    send(&mut app, Command::Click(sq("Y13")));
    let veney_rules::Action::Move(m) = frees[0] else {
        unreachable!()
    };
    send(&mut app, Command::Click(m.to));
    let pos = *app.world().resource::<CurrentGame>().0.position();
    assert!(
        pos.piece_at(m.to)
            .is_some_and(|(s, _)| s == veney_rules::Side::Black),
        "{}",
        pos.to_text(&r)
    );
    // Captured on the turn before: the click says the blade may not be freed yet, not "that is
    // White's Cloak".
    let g = game_at(&text.replace("turns=7", "turns=1"));
    let mut app = common::headless("pinned-not-yet", Some(g));
    send(&mut app, Command::Click(sq("Y13")));
    let said = crate::info(&app);
    assert!(said.contains("may not be freed immediately"), "{said}");
}

#[test]
fn a_piece_whose_actions_are_buttons_is_not_said_to_be_stuck() {
    // §2.0.18: "one may throw their own Lantern, Cloak, or Dagger piece … by picking it up off
    // the board"; §2.0.13 withdrawal. White's Lantern on W1, boxed in by its own pieces, has no
    // move, but may be cast or withdrawn (the panel's buttons): a click on it says nothing of
    // being unable to move (a review found "the Lantern cannot move" said of it).
    let g = game_at("1s2/4/4/4/4/4/4/4/4/4/4/4/4/4/EE2/LES1 w E/eeee");
    assert!(
        g.legal_actions().iter().any(|a| matches!(
            a,
            veney_rules::Action::Cast { from: Some(f), .. } if *f == sq("W1")
        )),
        "the Lantern may be cast"
    );
    assert!(veney::packs::veney::game::acts_from(&g, sq("W1")));
    let mut app = common::headless("cast-only", Some(g));
    send(&mut app, Command::Click(sq("W1")));
    let said = crate::info(&app);
    assert!(
        !said.contains("cannot move") && !said.contains("no tenable"),
        "{said}"
    );
    assert!(said.contains("the panel's buttons"), "{said}");
}

/// §2.0.11: a blade whose only action on the board is its declared intention's strike is told
/// the strike is marked on its target, where a click plays it — not that it "has no move" with
/// only the panel's buttons (a review found the strike left unnamed).
#[test]
fn a_blade_whose_one_board_action_is_its_strike_is_told_where_to_click() {
    // White's Dagger on Y8 intends Black's Cloak on X9; boxed in by its own pieces, its throw
    // at the Self blocked by Black's Guard on Y12.
    let g = game_at(
        "4/2s1/4/4/2g1/4/4/1c2/JWDC/GLBR/4/4/4/4/1S2/4 w EEEE/weeeebdljr turns=2 quiet=2 intention=D:Y8:X9:c:0",
    );
    assert!(veney::packs::veney::game::actions_from(&g, Selected::Board(sq("Y8"))).is_empty());
    let mut app = common::headless("strike-only", Some(g));
    send(&mut app, Command::Click(sq("Y8")));
    let said = crate::info(&app);
    assert!(
        said.contains("declared strike is marked on X9") && said.contains("§2.0.11"),
        "{said}"
    );
    send(&mut app, Command::Click(sq("X9")));
    assert!(
        matches!(
            game(&app).actions().next(),
            Some((_, veney_rules::Action::Enact { .. }))
        ),
        "the strike played"
    );
}

/// README: against the computer "a click while it is to move is refused" — the computer's
/// own concert partner in hand (R-CONCERT) is its to place: nothing is picked up for the person,
/// nor are they told to click (a review found the partner selected for the person).
#[test]
fn the_computers_partner_in_hand_is_not_picked_up_for_the_person() {
    use veney::packs::veney::computer::VeneyComputer;
    let g = self_beside_its_dagger();
    let mut app = app_with(g, "computer-lift");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [Some(game_ai::Level::Strongest), None];
    let lift = game(&app)
        .legal_actions()
        .into_iter()
        .find(|a| {
            a.as_move()
                .is_some_and(|m| m.from == sq("Y4") && m.to == sq("X5"))
        })
        .expect("the Self onto its Dagger");
    send(&mut app, Command::ComputerPlay(lift));
    assert!(
        game(&app).position().lifted().is_some(),
        "the Dagger in hand"
    );
    assert_eq!(app.world().resource::<Selection>().0, None);
    let said = info(&app);
    assert!(!said.contains("click where it goes"), "{said}");
}

/// §2.0.05: the free engagement "can only be moved by the player whose pieces correspond to the
/// color of the square"; README: "A refused move says which rule it breaks". On a square of
/// Black's colour, White's click on it says why it cannot move, and a move of White's Self onto
/// it that is not open is refused with its rule (a review found both swallowed: the free
/// engagement silently picked up).
#[test]
fn the_free_engagement_off_the_movers_colour_is_explained_not_picked_up() {
    // Rows from step 16 down: Black's Self on Y15, the free engagement on X7 (a dark square,
    // Black's), White's Self on X2.
    let mut rows = vec!["4"; 16];
    rows[16 - 15] = "2s1";
    rows[16 - 7] = "1@2";
    rows[16 - 2] = "1S2";
    let g = game_at(&format!("{} w EEEE/eeee", rows.join("/")));
    assert!(!sq("X7").is_light());
    let mut app = app_with(g, "free-off-colour");
    click(&mut app, "X7");
    let said = info(&app);
    assert!(
        said.contains("§2.0.05") && said.contains("only Black may move it"),
        "{said}"
    );
    send(&mut app, Command::Cancel);
    click(&mut app, "X2");
    click(&mut app, "X7");
    let refused = refusal(&app);
    assert!(refused.contains('§'), "{refused}");
    assert_ne!(
        app.world().resource::<Selection>().0,
        Some(Selected::Free),
        "not picked up"
    );
    assert_eq!(game(&app).position().turn(), Side::White, "nothing played");
}

/// "Export moves" names the rules of a game not under the defaults, and "Load record…" replays
/// and plays on under them: a Donkey placed under `donkey: true` loads into a default game (a
/// review found the record's `[Rules]` dropped, the placement refused).
#[test]
fn a_record_is_loaded_under_the_rules_it_names() {
    let o = veney_rules::options::RuleOptions {
        donkey: true,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let mut g = Game::from_position_seeded(r.clone(), Position::start(&r), 5);
    let acts = veney_rules::notation::parse_turn(&r, g.position(), "K*X1", 1).unwrap();
    for a in acts {
        g.play(a).unwrap();
    }
    let text = g.exported_record();
    assert!(text.contains("[Rules"), "{text}");
    let mut app = app_with(Game::new(standard()), "record-rules");
    send(&mut app, Command::LoadRecordText(text.clone()));
    let loaded = game(&app);
    assert!(loaded.rules.options.donkey, "{}", refusal(&app));
    assert_eq!(
        loaded.position().to_text(&loaded.rules),
        g.position().to_text(&r)
    );
}

/// "Export moves" after a resignation ends the record with it, and "Load record…" brings the
/// game back over, undo taking the resignation back alone (§2.0.21, R-RECORD-ENDING; a review
/// found such a record loaded as a game going on).
#[test]
fn a_resignation_exported_loads_back_as_the_games_end() {
    let r = standard();
    let mut app = app_with(
        Game::from_position_seeded(r.clone(), Position::start(&r), 2),
        "record-resigned",
    );
    white_plays_sy3(&mut app);
    send(&mut app, Command::ResignAs(Side::Black));
    assert_eq!(phase(&app), TurnPhase::GameOver);
    let file = temp_dir("record-resigned").join("moves.txt");
    send(&mut app, Command::ExportMoves(file.clone()));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.trim_end().ends_with("[Ending \"Black resigns\"]"),
        "{text}"
    );
    let mut other = app_with(Game::new(standard()), "record-resigned-load");
    send(&mut other, Command::LoadRecordText(text));
    assert_eq!(phase(&other), TurnPhase::GameOver, "{}", refusal(&other));
    assert_eq!(game(&other).position(), game(&app).position());
    send(&mut other, Command::Undo);
    assert_eq!(game(&other).position().outcome(), None);
    assert_eq!(
        game(&other).actions().count(),
        game(&app).actions().count(),
        "the resignation alone is taken back"
    );
}

/// A record naming no rule options was exported from a game under the defaults ("Export moves"
/// writes `[Rules]` only otherwise): it is replayed under them, not under this game's — here a
/// game whose drawing gave Black the first move (a review found `1. SY3` then refused as
/// Black's Self's move).
#[test]
fn a_record_naming_no_rules_is_replayed_under_the_defaults() {
    let o = veney_rules::options::RuleOptions {
        first_player: Side::Black,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let mut app = app_with(
        Game::from_position_seeded(r.clone(), Position::start(&r), 3),
        "record-defaults",
    );
    send(&mut app, Command::LoadRecordText("1. SY3, SX14".into()));
    let loaded = game(&app);
    assert_eq!(loaded.actions().count(), 4, "{}", refusal(&app));
    assert_eq!(
        loaded.rules.options,
        veney_rules::options::RuleOptions::default()
    );
}

#[test]
fn the_partner_in_hand_is_explained_and_carded_as_itself() {
    // §2.0.02 Concert of Self: "The armament's range constraint is based on the position of the
    // Self at the end of this double-move" — the Sword in hand, refused beyond its range, is
    // told so by its own rule (a review found the Self's move explained instead).
    let mut app = app_with(
        Game::from_position_seeded(
            Arc::new(Rules::standard()),
            Position::start(&Rules::standard()),
            1,
        ),
        "partner-in-hand",
    );
    click(&mut app, "Y4");
    click(&mut app, "X4");
    let pos = *game(&app).position();
    let lifted = pos.lifted().expect("the Sword is in hand");
    let r = game(&app).rules.clone();
    assert_eq!(
        veney::packs::veney::game::picked_piece(&pos, lifted.from),
        Some((Side::White, lifted.kind))
    );
    assert_eq!(r.set(Side::White).piece(lifted.kind).name(), "Sword");
    click(&mut app, "X10");
    let refusal = refusal(&app);
    assert!(refusal.contains("§2.0.03"), "{refusal}");
}

#[test]
fn a_flailing_lanterns_zone_reaches_the_measure_beyond_its_self() {
    // §2.0.10 Flail: "back into-measure with the Self or one measure further in that direction"
    // — the drawn zone is the rules' landing measures, not the Self's measure alone.
    let r = Arc::new(Rules::standard());
    let p = Position::from_text(&r, "4/4/4/s3/4/4/4/4/4/4/4/2S1/4/L3/4/4 w EEEE/eeee").unwrap();
    let g = Game::from_position_seeded(r, p, 1);
    let zone = veney::packs::veney::overlays::selected_zone(&g, sq("W3")).expect("constrained");
    assert!(zone.contains(sq("W6")), "the Self's measure");
    assert!(
        zone.contains(sq("W10")),
        "the measure beyond, on the far side"
    );
    assert!(!zone.contains(sq("W3")), "not where it started");
    // Every flail the rules offer lands inside the drawn zone.
    for a in g.legal_actions() {
        if let veney_rules::Action::Move(m) = a
            && m.from == sq("W3")
        {
            assert!(zone.contains(m.to), "{a:?}");
        }
    }
}

#[test]
fn a_piece_that_cannot_move_is_told_why_by_the_rules() {
    // §2.0.22 "say which rule a move breaks": a piece picked up with nothing to do is told the
    // rules' reason (a review found the pack's own words, one of them false).
    let r = Arc::new(Rules::standard());
    let mut app = at_start(&r, "stuck-why");
    // The Cloak leaps onto its own engagement on Y5: a stepping stone (§2.0.15), so only the
    // Cloak moves again; the Self picked up is told so by the rules.
    let stone = game(&app).legal_actions().into_iter().find(
        |a| matches!(a, veney_rules::Action::Move(m) if m.from == sq("W4") && m.to == sq("Y5")),
    );
    let Some(stone) = stone else {
        panic!("the Cloak's leap onto Y5 is legal at the start")
    };
    send(&mut app, Command::Play(stone));
    click(&mut app, "Y4");
    let info = info(&app);
    assert!(info.starts_with("the Self cannot move: "), "{info}");
    assert!(info.contains("§2.0.15"), "{info}");
}

/// §2.0.09 Guard, §2.0.22: a piece whose every reachable square is out of its range
/// constraint is told so under the default (Strict) policy too, not the refusal of a far square
/// of its pattern (a review found "the Guard's path from W6 to W1 is blocked" given).
#[test]
fn a_piece_held_by_its_range_constraint_is_told_so_under_strict_rules() {
    let r = Arc::new(Rules::standard());
    assert_eq!(
        r.options.untenable,
        veney_rules::options::UntenablePolicy::Strict
    );
    let p = Position::from_text(
        &r,
        "4/4/4/b2c/1eee/4/4/1sw1/4/e3/g3/EEEE/CWSB/4/4/4 b DGLJR/dljr",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let g = Game::from_position_seeded(r.clone(), p, 1);
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| a.piece_square() == Some(sq("W6"))),
        "Black's Guard on W6 has no action"
    );
    let mut app = app_with(g, "stuck-range");
    click(&mut app, "W6");
    let info = info(&app);
    assert!(info.starts_with("the Guard cannot move: "), "{info}");
    assert!(info.contains("range constraint"), "{info}");
    assert!(!info.contains("blocked"), "{info}");
}

#[test]
fn a_reserve_piece_that_cannot_be_placed_is_told_the_rule_that_stops_it() {
    // §2.0.11 Presence: "no opposing placement in the measure of your Jutsu and Self" — Black's
    // Jutsu and Self hold White's Self's measure. The free engagement beside White's Self is no
    // place to try (a review found "W6 is not empty" given as the reason).
    let r = Arc::new(Rules::standard());
    let p = Position::from_text(&r, "3w/4/4/4/4/4/4/4/2js/1S2/@3/4/4/4/4/W3 w EEEEG/eeee")
        .unwrap_or_else(|e| panic!("{e}"));
    let g = Game::from_position_seeded(r.clone(), p, 1);
    let guard = r.set(Side::White).by_name("Guard").unwrap();
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(a, veney_rules::Action::Place { kind, .. } if *kind == guard)),
        "no placement of the Guard is legal"
    );
    let mut app = app_with(g, "reserve-why");
    send(&mut app, Command::SelectReserve(guard));
    let info = info(&app);
    assert!(info.contains("§2.0.11"), "{info}");
}

/// §2.0.13: "placed on an empty square adjacent to the Self". With every square next to the
/// Self taken, a reserve piece's refusal says so, naming no square elsewhere (a review found
/// "Y1 is not" adjacent blamed, a square the player never chose).
#[test]
fn a_reserve_piece_with_the_selfs_neighbours_full_is_told_so() {
    let r = Arc::new(Rules::standard());
    let p = Position::from_text(
        &r,
        "4/4/4/1ws1/eeee/4/4/4/4/4/4/4/4/4/EC2/SW2 w EEEDGLJR/dgljr",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let g = Game::from_position_seeded(r.clone(), p, 1);
    let jutsu = r.set(Side::White).by_name("Jutsu").unwrap();
    let mut app = app_with(g, "reserve-full");
    send(&mut app, Command::SelectReserve(jutsu));
    let info = info(&app);
    assert!(info.contains("none next to it is empty"), "{info}");
    assert!(!info.contains("Y1"), "{info}");
}

#[test]
fn a_refused_throw_at_the_self_is_explained_as_a_throw() {
    // §2.0.08 Dagger Throw: with the Dagger picked up, a click on the opposing Self may mean a
    // move or a throw; refused, it is told the throw's rule too (a piece in the way), not only
    // the Dagger's movement (a review found the move alone explained).
    let r = Arc::new(Rules::standard());
    let p = Position::from_pieces(
        &r,
        &[
            (Side::White, "Self", "W5"),
            (Side::White, "Dagger", "X5"),
            (Side::White, "Guard", "X6"),
            (Side::Black, "Self", "X8"),
            (Side::Black, "Engagement", "X7"),
        ],
        Side::White,
    )
    .unwrap();
    let mut app = app_with(Game::from_position_seeded(r, p, 1), "throw-why");
    click(&mut app, "X5");
    click(&mut app, "X8");
    let refusal = refusal(&app);
    assert!(
        refusal.contains("as a throw: ") && refusal.contains("stands in the way"),
        "{refusal}"
    );
}

/// The start under the Friendly policy with sand (§2.0.22), the computer on Black, White's
/// first untenable move made and open to call.
fn untenable_against_the_computer(name: &str) -> (App, Arc<Rules>) {
    let o = veney_rules::options::RuleOptions {
        untenable: veney_rules::options::UntenablePolicy::Friendly,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let g = Game::from_position_seeded(r.clone(), Position::start(&r), 1);
    let sand = veney_rules::penalty::untenable_actions(&r, g.position());
    let a = *sand.first().expect("an untenable move at the start");
    let mut app = app_with(g, name);
    app.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    app.world_mut()
        .resource_mut::<CurrentGame>()
        .0
        .attempt(a)
        .unwrap();
    assert_eq!(game(&app).call_offender(), Some(Side::White));
    (app, r)
}

#[test]
fn a_person_may_call_their_own_untenable_move_against_the_computer() {
    // §2.0.22: an untenable move is "called out by the opponent or graciously by the player who
    // made it" — against the computer too (a review found the person's own call refused as the
    // computer's to make). The computer may call it in the same frame: either way it is called,
    // and never refused as the computer's.
    let (mut app, _) = untenable_against_the_computer("own-call");
    send(&mut app, Command::CallUntenable);
    assert!(
        info(&app).starts_with("called (§2.0.22): "),
        "{} / {}",
        info(&app),
        refusal(&app)
    );
    assert!(!refusal(&app).contains("computer"), "{}", refusal(&app));
}

/// An autosave that fails says so after the news of the change, not instead of it (a review
/// found a call's words, or a trap's instructions, hidden by the failure).
#[test]
fn a_failed_autosave_is_said_after_the_changes_news() {
    let (mut app, _) = untenable_against_the_computer("autosave-fails");
    let dir = app.world().resource::<SaveDir>().clone();
    let _ = std::fs::remove_file(dir.autosave());
    std::fs::create_dir_all(dir.autosave()).unwrap();
    app.update();
    app.update();
    let said = info(&app);
    assert!(
        said.contains("called (§2.0.22)") && said.contains("could not autosave"),
        "{said}"
    );
}

/// §2.0.22 Delayed Reset: "the non-offending player may declare a reset of the board"; the
/// offender's own call ("graciously") only takes the move back (R-UNTENABLE-CALL). Between
/// people each call has its own command (the panel's two buttons): a review found one button,
/// always the opponent's, so the offender's call reset the board.
#[test]
fn under_a_delayed_reset_the_offenders_own_call_only_takes_the_move_back() {
    let o = veney_rules::options::RuleOptions {
        untenable: veney_rules::options::UntenablePolicy::DelayedReset,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    // White's engagement advanced from Y5 to W6: a reset would put it back.
    let p = Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/E3/1EEE/CWSB/4/4/4 w DGLJR/dgljr turns=2",
    )
    .unwrap();
    let sand = veney_rules::penalty::untenable_actions(&r, &p);
    let a = *sand.first().expect("an untenable move");
    let untenable = |name: &str| {
        let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), name);
        app.world_mut()
            .resource_mut::<CurrentGame>()
            .0
            .attempt(a)
            .unwrap();
        assert_eq!(game(&app).call_offender(), Some(Side::White));
        app
    };
    let mut own = untenable("own-call");
    send(&mut own, Command::CallOwnUntenable);
    assert_eq!(*game(&own).position(), p, "taken back, not reset");
    assert_eq!(game(&own).call_offender(), None);
    let mut theirs = untenable("opponents-call");
    send(&mut theirs, Command::CallUntenable);
    assert_ne!(*game(&theirs).position(), p, "the board is reset");
    assert_eq!(
        game(&theirs).position().piece_at(sq("W6")),
        None,
        "the engagement back on its step"
    );
}

/// Against the computer a call is not typed with its mark: it would call the person's move in
/// the computer's name (a Delayed Reset the computer never chose; a review found it so).
#[test]
fn a_call_mark_typed_against_the_computer_is_refused() {
    let o = veney_rules::options::RuleOptions {
        untenable: veney_rules::options::UntenablePolicy::DelayedReset,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let mut app = at_start(&r, "typed-call-computer");
    app.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    send(&mut app, Command::Enter("$X9U".into()));
    assert_eq!(
        *game(&app).position(),
        Position::start(&r),
        "nothing played"
    );
    let why = refusal(&app);
    assert!(
        why.contains("against the computer a call is not typed"),
        "{why}"
    );
}

/// A record file with a byte that is not UTF-8 is refused at its line and column (a review found
/// "stream did not contain valid UTF-8", nowhere).
#[test]
fn a_record_file_that_is_not_utf8_is_refused_at_the_byte() {
    let mut app = app_with(Game::new(standard()), "record-not-utf8");
    let dir = app.world().resource::<SaveDir>().clone();
    let path = dir.0.join("record.txt");
    std::fs::write(&path, b"1. eY6, eX11;\n2. \xe9\n").unwrap();
    send(&mut app, Command::LoadRecordFile(path));
    let why = refusal(&app);
    assert!(why.contains("line 2") && why.contains("not UTF-8"), "{why}");
}

#[test]
fn the_computer_calls_the_persons_untenable_move_at_once() {
    // §2.0.22: "An untenable move can be called out by the opponent … but only immediately
    // after the move is made." With sand, the person's untenable move is called by the
    // computer before it moves (a review found the computer never calling: sand was a free
    // pass against it).
    let (mut app, r) = untenable_against_the_computer("computer-calls");
    app.update();
    app.update();
    assert_eq!(game(&app).call_offender(), None, "called");
    assert_eq!(
        info(&app),
        "called (§2.0.22): the move is reset; the same player moves again",
        "in words"
    );
    // The move is taken back (the Friendly call): the position is the start again.
    assert_eq!(game(&app).position(), &Position::start(&r));
}

#[test]
fn between_people_either_side_may_resign() {
    // §2.0.21 Resignation: at any moment, by either player at the table; never for the computer.
    let r = standard();
    let mut app = at_start(&r, "resign-as");
    send(&mut app, Command::ResignAs(Side::Black));
    assert_eq!(
        game(&app).position().outcome(),
        Some(Outcome::Resignation {
            winner: Side::White,
            reason: veney_rules::outcome::Resign::Yielded
        })
    );
    let mut c = at_start(&r, "resign-as-c");
    c.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    send(&mut c, Command::ResignAs(Side::Black));
    assert_eq!(game(&c).position().outcome(), None);
    assert!(
        refusal(&c).contains("the computer's side"),
        "{}",
        refusal(&c)
    );
}

/// H hints only at a person's decision: not at a throw awaiting its roll (chance: nothing to
/// choose; the status line hung on "looking for a hint…"), nor at the computer's side (a review
/// found both searched).
#[test]
fn a_hint_is_for_a_persons_decision_only() {
    use veney::packs::veney::computer::{VeneyComputer, VeneyThinking};
    let r = std::sync::Arc::new(veney_rules::Rules::standard());
    let p = common::dagger_throw_position(&r);
    let mut app = app_with(Game::from_position(r, p), "hint-throw");
    click(&mut app, "X5");
    click(&mut app, "X8");
    assert!(matches!(
        game(&app).position().phase(),
        veney_rules::Phase::Throw { .. }
    ));
    send(&mut app, Command::Hint);
    assert!(!app.world().resource::<VeneyThinking>().busy());
    assert_eq!(info(&app), "no decision to hint at now");
    // At the game's end H says so (a review found it silent).
    let r = standard();
    let over = Position::from_text(
        &r,
        "4/4/1s2/4/4/4/4/4/4/4/4/1D2/4/4/1S2/4 w EEEE/eeee over=agreed",
    )
    .unwrap();
    let mut app = app_with(Game::from_position(r, over), "hint-over");
    send(&mut app, Command::Hint);
    assert!(!app.world().resource::<VeneyThinking>().busy());
    assert_eq!(info(&app), "the game is over: no decision to hint at");
    let mut app = app_with(Game::new(standard()), "hint-computer");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Strong)];
    white_plays_sy3(&mut app);
    // The computer (Black) is deciding: H does not search for it, and says so while the
    // computer thinks (README: "on the computer's side there is nothing to hint at, and the
    // status line says so"; a review found the line blank then).
    assert!(
        app.world().resource::<VeneyThinking>().busy(),
        "the computer thinks"
    );
    send(&mut app, Command::Hint);
    assert!(info(&app).contains("the computer's"), "{}", info(&app));
    app.world_mut().resource_mut::<VeneyThinking>().0 = Default::default();
    send(&mut app, Command::Hint);
    assert!(info(&app).contains("the computer's"), "{}", info(&app));
}

/// The computer's move waits while the New game dialog stands open (its seats are for the next
/// game) and while the move list is reviewed (README: "a move found while you review the move
/// list waits for your return to live"); a review found it played behind both.
#[test]
fn the_computers_move_waits_behind_the_new_game_dialog_and_a_review() {
    use veney::packs::veney::computer::VeneyComputer;
    use veney::packs::veney::panels::NewGameDialog;
    let mut app = app_with(Game::new(standard()), "computer-waits");
    // Strong: a beginner's search may end within White's last frames, its move then queued
    // before the dialog opens (a review found the race).
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Strong)];
    white_plays_sy3(&mut app);
    let whites = game(&app).actions().count();
    let settle = |app: &mut App| {
        for _ in 0..60 {
            app.update();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    };
    // (The dialog is the view's; the headless app has none until it is drawn.)
    app.world_mut().init_resource::<NewGameDialog>();
    app.world_mut().resource_mut::<NewGameDialog>().open = true;
    settle(&mut app);
    assert_eq!(
        game(&app).actions().count(),
        whites,
        "no move behind the dialog"
    );
    app.world_mut().resource_mut::<NewGameDialog>().open = false;
    send(&mut app, Command::View(Some(0)));
    settle(&mut app);
    assert_eq!(
        game(&app).actions().count(),
        whites,
        "no move during the review"
    );
    assert_eq!(
        app.world()
            .resource::<veney::packs::veney::game::Viewing>()
            .0,
        Some(0),
        "the review stays"
    );
    send(&mut app, Command::View(None));
    let t = std::time::Instant::now();
    while game(&app).position().turn() != Side::White {
        assert!(t.elapsed().as_secs() < 60, "the computer never moved");
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Against the computer chance is the game's: a throw typed in as it landed is refused (a
/// review found `@oo` typed for a hit); between people at a real board it stands (§2.0.08).
#[test]
fn a_throw_typed_in_stands_between_people_not_against_the_computer() {
    use veney::packs::veney::computer::VeneyComputer;
    let r = standard();
    for computer in [true, false] {
        let g = Game::from_position_seeded(r.clone(), dagger_throw_position(&r), 1);
        let mut app = app_with(g, "typed-throw");
        if computer {
            app.world_mut().resource_mut::<VeneyComputer>().0 =
                [None, Some(game_ai::Level::Beginner)];
        }
        click(&mut app, "X5");
        click(&mut app, "X8");
        assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
        send(&mut app, Command::Enter("@oo".into()));
        if computer {
            assert!(
                refusal(&app).contains("the game's dice decide"),
                "{}",
                refusal(&app)
            );
            assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
        } else {
            assert_eq!(
                game(&app).position().outcome(),
                Some(Outcome::Checkmate {
                    winner: Side::White,
                    by: Mate::Touch
                })
            );
        }
    }
}

/// Nothing stays picked up over a throw: the next side's click is judged on its own (a review
/// found Black's click refused in the name of White's piece picked before the sticks).
#[test]
fn a_throw_drops_the_selection() {
    let r = standard();
    let g = Game::from_position_seeded(r.clone(), dagger_throw_position(&r), 7);
    let mut app = app_with(g, "throw-drops-selection");
    click(&mut app, "X5");
    click(&mut app, "X8");
    assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
    app.world_mut().resource_mut::<Selection>().0 = Some(Selected::Board(sq("W5")));
    send(&mut app, Command::Roll);
    assert!(game(&app).actions().count() >= 2, "the sticks were thrown");
    assert_eq!(app.world().resource::<Selection>().0, None);
}

/// White's Dagger Throw at Black's Self from one measure (`dagger_throw_position`), under the
/// guess by measure and step (§2.0.R1), seeded.
fn guess_throw_app(seed: u64, name: &str) -> App {
    let mut o = standard().options.clone();
    o.dice = veney_rules::dice::DiceMethod::GuessMeasureStep;
    let r = Arc::new(Rules::standard_with(o));
    app_with(
        Game::from_position_seeded(r.clone(), dagger_throw_position(&r), seed),
        name,
    )
}

/// The guess dice (§2.0.R1) between two people: the defender's screen offers the way back
/// (nothing secret is in yet; a review found the players held on it after an undo), and "let the
/// game's dice decide" draws afresh after an undo past the reveal (a review found it hiding the
/// token in the place the thrower had just seen).
#[test]
fn the_defenders_screen_undoes_and_the_dice_hide_afresh() {
    use veney::packs::veney::game::HiddenPick;
    use veney::packs::veney::secrets::{SecretChoice, SecretScreen};
    let mut app = guess_throw_app(3, "guess-undo");
    let throw = |app: &mut App| {
        click(app, "X5");
        click(app, "X8");
        assert_eq!(phase(app), TurnPhase::AwaitingThrow);
    };
    throw(&mut app);
    app.update();
    let pane = app
        .world()
        .resource::<SecretScreen>()
        .0
        .clone()
        .expect("the defender's screen");
    assert!(
        pane.buttons
            .iter()
            .any(|b| b.1 == SecretChoice::Send(Command::Undo)),
        "{}",
        pane.text()
    );
    send(&mut app, Command::Undo);
    assert_eq!(game(&app).actions().count(), 0, "{}", refusal(&app));
    throw(&mut app);
    let mut hidden = Vec::new();
    for _ in 0..8 {
        send(&mut app, Command::Roll);
        let h = app
            .world()
            .resource::<HiddenPick>()
            .0
            .expect("the dice hid the token");
        hidden.push(h);
        send(&mut app, Command::Guess(h));
        assert!(
            game(&app).position().outcome().is_some(),
            "the guess hit: {}",
            refusal(&app)
        );
        send(&mut app, Command::Undo);
        assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
    }
    assert!(hidden.iter().any(|&h| h != hidden[0]), "{hidden:?}");
}

/// The New game dialog's seats go to the computer only once the new game has begun: a start
/// that fails (a set that does not load) leaves the game in progress its own (a review found the
/// seats handed over first).
#[test]
fn the_dialogs_seats_reach_the_computer_only_with_the_new_game() {
    use veney::packs::veney::computer::{PendingSeats, VeneyComputer};
    let mut app = app_with(Game::new(standard()), "pending-seats");
    let o = standard().options.clone();
    let picked = [None, Some(game_ai::Level::Beginner)];
    app.world_mut().resource_mut::<PendingSeats>().0 = Some(picked);
    let missing = std::path::PathBuf::from("config/sets/no-such-set.ron");
    send(
        &mut app,
        Command::NewGameWith(o.clone(), [missing.clone(), missing]),
    );
    assert!(
        refusal(&app).contains("could not start"),
        "{}",
        refusal(&app)
    );
    assert_eq!(app.world().resource::<VeneyComputer>().0, [None, None]);
    assert_eq!(
        app.world().resource::<PendingSeats>().0,
        None,
        "dropped with the failed start"
    );
    app.world_mut().resource_mut::<PendingSeats>().0 = Some(picked);
    let std = veney::packs::veney::game::standard_set_path();
    send(&mut app, Command::NewGameWith(o, [std.clone(), std]));
    assert_eq!(app.world().resource::<VeneyComputer>().0, picked);
}

/// The guess dice against the computer's hidden pick (§2.0.R1): the person may still take the
/// throw back — the secret in is the computer's own, drawn afresh (a review found undo refused
/// there, the players held on the screen).
#[test]
fn undo_takes_back_a_throw_whose_hidden_pick_is_the_computers() {
    use veney::packs::veney::computer::VeneyComputer;
    use veney::packs::veney::game::HiddenPick;
    let mut app = guess_throw_app(5, "guess-computer-undo");
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Beginner)];
    click(&mut app, "X5");
    click(&mut app, "X8");
    assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
    for _ in 0..5 {
        app.update();
    }
    assert!(
        app.world().resource::<HiddenPick>().0.is_some(),
        "the computer hid the token"
    );
    send(&mut app, Command::Undo);
    assert_eq!(refusal(&app), "");
    assert_eq!(game(&app).actions().count(), 0, "the throw taken back");
}

/// While the move list is reviewed, a move typed in companion mode and a hint ask to return
/// first, as a click or a roll does (a review found the typed move played during the review).
#[test]
fn a_typed_move_or_a_hint_during_a_review_asks_to_return_first() {
    use veney::packs::veney::computer::VeneyThinking;
    let mut app = app_with(Game::new(standard()), "review-typed");
    white_plays_sy3(&mut app);
    let before = game(&app).actions().count();
    send(&mut app, Command::View(Some(0)));
    send(&mut app, Command::Enter("SY14".into()));
    assert_eq!(game(&app).actions().count(), before, "nothing played");
    assert!(info(&app).contains("earlier position"), "{}", info(&app));
    send(&mut app, Command::Hint);
    assert!(!app.world().resource::<VeneyThinking>().busy());
    assert!(info(&app).contains("earlier position"), "{}", info(&app));
    // Still reviewing.
    assert_eq!(
        app.world()
            .resource::<veney::packs::veney::game::Viewing>()
            .0,
        Some(0)
    );
}

#[test]
fn a_vane_from_reserve_is_placed_facing_the_way_chosen() {
    // §2.0.23 Oriented movements: "A piece can be placed facing in one of the four orthogonal
    // directions." Picked from reserve and clicked onto a square, the facing panel asks which
    // way, as for a move's landing (a review found the Vane always placed facing forward).
    let fairy = std::path::PathBuf::from("config/sets/fairy.ron");
    let r = Arc::new(
        veney::packs::veney::game::rules_for(&[fairy.clone(), fairy], Default::default()).unwrap(),
    );
    let p = Position::from_pieces(
        &r,
        &[(Side::White, "Self", "Y4"), (Side::Black, "Self", "X13")],
        Side::White,
    )
    .unwrap();
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "vane-placed");
    let vane = r.set(Side::White).by_name("Vane").unwrap();
    send(&mut app, Command::SelectReserve(vane));
    click(&mut app, "X5");
    let ways = app
        .world()
        .resource::<veney::packs::veney::game::FacingChoice>()
        .0
        .clone();
    assert_eq!(ways.len(), 4, "{ways:?}");
    assert_eq!(game(&app).actions().count(), 0, "nothing placed yet");
    send(&mut app, Command::Play(ways[3]));
    let x5 = Square::parse("X5").unwrap();
    assert_eq!(
        game(&app).position().piece_at(x5).map(|(_, k)| k),
        Some(vane)
    );
    assert_eq!(game(&app).position().facing(x5), 3, "facing left");
}

/// Under Shima "drawing the game is not an option; an attempt to draw by agreement … is now
/// equivalent to both players losing" (§2.0.18): the offer says so before anyone accepts, and
/// the acceptance names the double loss (a review found it offered and accepted as a plain
/// draw, both losing unwarned).
#[test]
fn a_draw_offered_under_shima_says_both_lose() {
    let r = standard();
    // (Shima's reserves: "All reserved pieces except Daggers and engagements are discarded".)
    let start = Position::start(&r)
        .to_text(&r)
        .replace("DGLJR/dgljr", "D/d");
    let p = Position::from_text(&r, &format!("{start} shima=1")).unwrap();
    assert!(p.shima());
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "shima-draw");
    send(&mut app, Command::OfferDraw);
    let offered = info(&app);
    assert!(
        offered.contains("under Shima") && offered.contains("both players losing"),
        "{offered}"
    );
    send(&mut app, Command::AnswerDraw(true));
    assert_eq!(
        game(&app).position().outcome(),
        Some(Outcome::DoubleCheckmate)
    );
    let accepted = info(&app);
    assert!(
        accepted.contains("both players lose (§2.0.18)"),
        "{accepted}"
    );
}

/// R-CONCERT: a Self's lunge over its concert partner lifts the partner as a step onto it does
/// — the partner is then in hand and the turn cannot end until it is placed — so it is marked as
/// the Self's special, not as a plain move (a review found plain dots there).
#[test]
fn a_lunge_over_the_concert_partner_is_marked_as_a_lift() {
    let r = standard();
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/4/4/4/4/4/1W2/1S2/4 w EEEE/eeee").unwrap();
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "lunge-lift");
    click(&mut app, "X2");
    let marks = app.world().resource::<Highlights>().targets.clone();
    for s in ["X3", "X4", "X5"] {
        assert!(marks.contains(&(sq(s), Mark::Special)), "{s}: {marks:?}");
    }
    // What the mark says is what the rules do: the Sword is in hand after the lunge.
    click(&mut app, "X5");
    assert!(game(&app).position().lifted().is_some());
    // A lunge over it that fends, or lands on a stepping stone, is marked as the lift beside
    // its own mark (a review found only the fend's ring or the stone's mark drawn).
    for (text, mark) in [
        (
            "4/4/4/bsw1/eeee/4/4/4/4/4/4/EEcE/C2B/2W1/2S1/4 w EDGLJR/dgljr",
            Mark::Fend,
        ),
        (
            "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/C2B/2W1/2S1/4 w DGLJR/dgljr",
            Mark::StepStone,
        ),
    ] {
        let p = Position::from_text(&r, text).unwrap();
        let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "lunge-lift-2");
        click(&mut app, "Y2");
        let marks = app.world().resource::<Highlights>().targets.clone();
        assert!(marks.contains(&(sq("Y5"), mark)), "{marks:?}");
        assert!(marks.contains(&(sq("Y5"), Mark::Special)), "{marks:?}");
    }
}

/// Nothing is placed once the game is over: a click on the tray picks nothing up on the end
/// screen (a review found the reserve's piece picked up after a resignation).
#[test]
fn the_tray_picks_nothing_once_the_game_is_over() {
    let mut app = app_with(Game::new(standard()), "tray-over");
    send(&mut app, Command::ResignAs(Side::White));
    assert_eq!(phase(&app), TurnPhase::GameOver);
    let r = game(&app).rules.clone();
    let lantern = r.set(Side::White).by_name("Lantern").unwrap();
    send(&mut app, Command::SelectReserve(lantern));
    assert!(app.world().resource::<Selection>().0.is_none());
    assert!(
        refusal(&app).contains("the game is over"),
        "{}",
        refusal(&app)
    );
}

/// §2.0.10 Pseudo-Armament: the Lantern "may move instead of an armament in concert with your
/// Self" — the prompt of the second move names the set's own partners, the Lantern among them
/// (a review found only "an armament" named).
#[test]
fn the_concert_prompt_names_the_sets_partners() {
    let r = standard();
    let mut app = at_start(&r, "concert-prompt");
    click(&mut app, "Y4");
    click(&mut app, "Y3");
    app.update();
    let prompt = prompt(&app);
    assert!(
        prompt.contains("in concert with the Self") && prompt.contains("Lantern"),
        "{prompt}"
    );
}

/// §2.0.15: after the Self steps onto its own engagement, the stone's second move and concert
/// are alternatives ("assuming the Self only moves once"): the prompt offers one or the other
/// (a review found the two offers run together).
#[test]
fn the_second_move_prompt_offers_the_stone_or_concert() {
    let r = standard();
    let mut app = at_start(&r, "stone-or-concert");
    click(&mut app, "Y4");
    click(&mut app, "Y5");
    app.update();
    let prompt = prompt(&app);
    assert!(
        prompt.contains("(stepping stone) or for a piece in concert with the Self"),
        "{prompt}"
    );
}

/// §2.0.R1 "Flat Odds — One-In-Six: … rolls a six-sided die", and coin flips: the throw's
/// prompt names the agreed dice as its button does (a review found "throw the sticks" said of
/// a die).
#[test]
fn the_throw_prompt_names_the_agreed_dice() {
    use veney_rules::dice::DiceMethod;
    for (dice, says, never) in [
        (
            DiceMethod::FlatOdds(6),
            "White's Dagger Throw: roll the d6 (R)",
            "sticks",
        ),
        (
            DiceMethod::CoinFlips,
            "White's Dagger Throw: flip the coins (R)",
            "sticks",
        ),
        (
            DiceMethod::StickDice,
            "White's Dagger Throw: throw the sticks (R)",
            "coins",
        ),
    ] {
        let mut o = veney_rules::options::RuleOptions::default();
        o.dice = dice;
        let r = Arc::new(Rules::standard_with(o));
        let g = Game::from_position_seeded(r.clone(), dagger_throw_position(&r), 1);
        let mut app = app_with(g, "throw-prompt");
        click(&mut app, "X5");
        click(&mut app, "X8");
        assert_eq!(phase(&app), TurnPhase::AwaitingThrow);
        app.update();
        let prompt = prompt(&app);
        assert!(
            prompt.contains(says) && !prompt.contains(never),
            "{dice:?}: {prompt}"
        );
    }
}

/// A reserve piece picked up while the Donkey is to move, the Self boxed in: refused by the
/// Donkey's rule (§2.0.23 "the Donkey moves first"), asked of the rules — a review found the
/// pack's own words blaming a double-move (§2.0.13).
#[test]
fn a_reserve_piece_outside_a_turns_start_is_refused_by_the_phases_rule() {
    let mut o = veney_rules::options::RuleOptions::default();
    o.donkey = true;
    let r = Arc::new(Rules::standard_with(o));
    let p = Position::from_text(
        &r,
        "2cs/2bw/4/4/4/4/4/4/4/4/4/4/4/4/1S2/4 b EEEE/eeeej donkey=wY8 donkeymove=w",
    )
    .unwrap();
    let g = Game::from_position_seeded(r.clone(), p, 1);
    let jutsu = r.set(Side::Black).by_name("Jutsu").unwrap();
    let why = veney::packs::veney::game::explain_stuck(
        &g,
        veney::packs::veney::game::Selected::Reserve(jutsu),
    );
    assert!(why.contains("§2.0.23"), "{why}");
    assert!(!why.contains("double-move"), "{why}");
    // A sprung trap, a normal turn open instead of its repositioning (§2.0.18): a placement is
    // not refused by the phase, so the Self's full neighbours are said — not one square the
    // player never tried (a review found "X2 is not empty" possible).
    let r = standard();
    let p = Position::from_text(
        &r,
        "4/4/4/1s2/4/4/4/4/4/4/4/4/GWEE/1ESE/1CBD/4 w LJR/eeee distraction=- reposition=10:t",
    )
    .unwrap();
    let g = Game::from_position_seeded(r.clone(), p, 1);
    let jutsu = r.set(Side::White).by_name("Jutsu").unwrap();
    let why = veney::packs::veney::game::explain_stuck(
        &g,
        veney::packs::veney::game::Selected::Reserve(jutsu),
    );
    assert!(why.contains("none next to it is empty"), "{why}");
    assert!(!why.contains("is not empty"), "{why}");
}

/// Between people, Undo after a turn ended takes back its last move, not only its end (which
/// changes nothing on the board: a review found the first Undo moving nothing); Redo brings
/// both back.
#[test]
fn undo_after_a_turn_ended_takes_back_its_last_move() {
    let r = standard();
    let mut app = at_start(&r, "undo-ended-turn");
    let start = *game(&app).position();
    white_plays_sy3(&mut app);
    let after = *game(&app).position();
    assert_eq!(after.turn(), Side::Black);
    send(&mut app, Command::Undo);
    assert_eq!(
        game(&app).position().piece_at(sq("Y4")).map(|p| p.0),
        Some(Side::White)
    );
    assert_eq!(game(&app).position(), &start, "{}", info(&app));
    send(&mut app, Command::Redo);
    assert_eq!(game(&app).position(), &after, "the move and the turn's end");
}

/// The computer's move keeps the status line's news of the person's last action (a call, a
/// kept autosave) until the person acts again (a review found it wiped within a frame by the
/// computer's reply).
#[test]
fn the_computers_move_keeps_the_persons_news() {
    let r = standard();
    let mut app = at_start(&r, "computer-keeps-news");
    app.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    white_plays_sy3(&mut app);
    app.world_mut()
        .resource_mut::<veney::packs::veney::game::Status>()
        .info = Some("news of the person's turn".into());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while game(&app).position().turn() != Side::White && std::time::Instant::now() < deadline {
        app.update();
    }
    assert_eq!(
        game(&app).position().turn(),
        Side::White,
        "the computer replied"
    );
    assert_eq!(info(&app), "news of the person's turn");
    // The person's next action clears it.
    click(&mut app, "Y3");
    assert_ne!(info(&app), "news of the person's turn");
}

/// The sound and the board's display are kept between runs (a review found them forgotten at
/// each start): a second app on the same saves' folder starts muted, its highlights as left; a
/// kept file that does not read leaves the defaults.
#[test]
fn display_and_sound_settings_are_kept_between_runs() {
    let dir = common::temp_dir("kept-settings");
    let start = |dir: &std::path::Path| {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .insert_state(veney::Screen::Veney)
            .insert_resource(SaveDir(dir.to_path_buf()));
        app.add_plugins(veney::game_plugins);
        app.update();
        app
    };
    let mut first = start(&dir);
    first
        .world_mut()
        .resource_mut::<veney::host::audio::AudioSettings>()
        .muted = true;
    first
        .world_mut()
        .resource_mut::<veney::packs::veney::highlights::HighlightSettings>()
        .legal_moves = false;
    first.update();
    drop(first);
    let second = start(&dir);
    assert!(
        second
            .world()
            .resource::<veney::host::audio::AudioSettings>()
            .muted
    );
    assert!(
        !second
            .world()
            .resource::<veney::packs::veney::highlights::HighlightSettings>()
            .legal_moves
    );
    std::fs::write(dir.join("settings").join("sound.ron"), "(muted: maybe)").unwrap();
    let third = start(&dir);
    assert!(
        !third
            .world()
            .resource::<veney::host::audio::AudioSettings>()
            .muted,
        "the defaults stand"
    );
}

/// §2.0.18 Obscurant Chaos: the caster may spring the trap "even interrupting a double-move in
/// process" — against the computer too: while the person's trap can be sprung on the computer's
/// turn, the computer waits for the person's answer; "Let it pass" lets it play on (a review
/// found the person's button up for one frame before the computer's next action).
#[test]
fn the_computer_waits_for_the_persons_answer_over_a_trap() {
    use veney::packs::veney::computer::VeneyComputer;
    let r = standard();
    let p = common::black_steps_onto_whites_trap(&r);
    let mut app = app_with(Game::from_position_seeded(r.clone(), p, 1), "trap-waits");
    // Black's Cloak onto the stone on W6, White's trap: Black's double move is in process.
    click(&mut app, "X8");
    click(&mut app, "W6");
    assert_eq!(phase(&app), TurnPhase::SecondAction);
    // Black is the computer from here: it waits.
    app.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Beginner)];
    let n = game(&app).actions().count();
    let until = std::time::Instant::now() + std::time::Duration::from_millis(1500);
    while std::time::Instant::now() < until {
        app.update();
    }
    assert_eq!(game(&app).actions().count(), n, "the computer waits");
    assert!(!game(&app).springable_traps().is_empty());
    // And says so: the prompt, and a click's refusal.
    let prompt = prompt(&app);
    assert!(prompt.contains("the computer waits"), "{prompt}");
    click(&mut app, "Y4");
    assert!(
        info(&app).contains("answer about your trap"),
        "{}",
        info(&app)
    );
    // Let it pass: the computer plays on.
    send(&mut app, Command::LetTrapPass);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while game(&app).actions().count() == n && std::time::Instant::now() < deadline {
        app.update();
    }
    assert!(game(&app).actions().count() > n, "the computer played on");
}
