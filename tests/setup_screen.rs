//! The concealed and in-turns setups in the app (§2.0.19 step 3), headless: the board shows only
//! what the player at it may see, a hand-over screen hides White's stance from Black, bad squares
//! are refused with the rule, and revealing starts the game from both stances.
mod common;
use bevy::prelude::*;
use common::*;
use std::path::PathBuf;
use veney::packs::veney::game::{Command, CurrentGame, Status};
use veney::packs::veney::setup_screen::SetupSession;
use veney_rules::options::RuleOptions;
use veney_rules::setup_styles::SetupStyle;
use veney_rules::{Side, Square};

fn app(name: &str) -> App {
    headless(name, None)
}

fn start(app: &mut App, style: SetupStyle) {
    let mut o = RuleOptions::default();
    o.setup_style = style;
    let std = PathBuf::from("config/sets/standard.ron");
    send(app, Command::NewGameWith(o, [std.clone(), std]));
}

fn session(app: &App) -> &veney::packs::veney::setup_screen::Session {
    app.world()
        .resource::<SetupSession>()
        .0
        .as_ref()
        .expect("a setup in progress")
}

fn shown(app: &App, side: Side) -> u32 {
    let pos = app.world().resource::<CurrentGame>().0.position();
    pos.occupied_by(side).count()
}

/// Sets down every piece the side now setting up has left (the first allowed square each time).
fn set_up_all(app: &mut App, side: Side) {
    while session(app).side() == side && !session(app).side_done() {
        set_down_one(app, side);
    }
}

/// White's kind named `name` in the setup's rules.
fn white_kind(app: &App, name: &str) -> veney_rules::Kind {
    session(app).rules.set(Side::White).by_name(name).unwrap()
}

/// The status line's news, if any.
fn info(app: &App) -> String {
    app.world()
        .resource::<Status>()
        .info
        .clone()
        .unwrap_or_default()
}

/// The status line's refusal, if any.
fn refusal(app: &App) -> String {
    app.world()
        .resource::<Status>()
        .refusal
        .clone()
        .unwrap_or_default()
}

/// Sets down `side`'s first piece still to set up on its first allowed square: which, where.
fn set_down_one(app: &mut App, side: Side) -> (veney_rules::Kind, Square) {
    let k = session(app).remaining(side)[0];
    send(app, Command::SetupPick(k));
    let sq = session(app).allowed()[0];
    send(app, Command::Click(sq));
    (k, sq)
}

#[test]
fn a_concealed_setup_hides_each_stance_until_both_are_revealed() {
    let mut app = app("concealed");
    start(&mut app, SetupStyle::Concealed);
    assert_eq!(session(&app).side(), Side::White);
    assert_eq!((shown(&app, Side::White), shown(&app, Side::Black)), (0, 0));
    // The setup is a turn phase of its own.
    assert_eq!(
        *app.world()
            .resource::<State<veney::packs::veney::game::TurnPhase>>()
            .get(),
        veney::packs::veney::game::TurnPhase::Setup
    );
    // "criticals and technicals in any order on their baseline row (step 4 or 13)": not W9.
    let self_kind = white_kind(&app, "Self");
    send(&mut app, Command::SetupPick(self_kind));
    send(&mut app, Command::Click(Square::parse("W9").unwrap()));
    let why = refusal(&app);
    assert!(why.contains("fourth step"), "{why}");
    // Take-back: a placed piece clicked again returns to hand.
    send(&mut app, Command::Click(Square::parse("Z4").unwrap()));
    assert_eq!(shown(&app, Side::White), 1);
    send(&mut app, Command::Click(Square::parse("Z4").unwrap()));
    assert_eq!(shown(&app, Side::White), 0);
    set_up_all(&mut app, Side::White);
    assert_eq!(shown(&app, Side::White), 8);
    // Hand over: nothing of White's stance is shown, and the board takes no clicks.
    send(&mut app, Command::SetupReady);
    assert!(session(&app).handover);
    assert_eq!(shown(&app, Side::White), 0);
    send(&mut app, Command::Click(Square::parse("X13").unwrap()));
    assert_eq!(shown(&app, Side::Black), 0);
    send(&mut app, Command::SetupHandover);
    assert_eq!(session(&app).side(), Side::Black);
    set_up_all(&mut app, Side::Black);
    // Black sees only Black's stance.
    assert_eq!((shown(&app, Side::White), shown(&app, Side::Black)), (0, 8));
    send(&mut app, Command::SetupReady);
    assert!(app.world().resource::<SetupSession>().0.is_none());
    let g = &app.world().resource::<CurrentGame>().0;
    assert_eq!((shown(&app, Side::White), shown(&app, Side::Black)), (8, 8));
    assert_eq!(g.position().turn(), Side::White);
    let dagger = g.rules.set(Side::White).by_name("Dagger").unwrap();
    assert_eq!(g.position().reserve(Side::White, dagger), 1);
    assert!(!g.legal_actions().is_empty());
}

/// §2.0.19: "Each player starts a standard game with the Self, Sword, Cloak and Balance, plus
/// their four engagements. The rest of your pieces begin the game in reserve." A review found a
/// reserve Dagger picked from the tray and set down in a concealed stance, which then counted
/// as done and was refused at the reveal, the setup stuck.
#[test]
fn a_reserve_piece_is_not_set_up_in_a_concealed_stance() {
    let mut app = app("concealed-reserve");
    start(&mut app, SetupStyle::Concealed);
    let dagger = white_kind(&app, "Dagger");
    let before = session(&app).selected;
    send(&mut app, Command::SetupPick(dagger));
    let why = refusal(&app);
    assert!(
        why.contains("begins the game in reserve") && why.contains("§2.0.19"),
        "{why}"
    );
    assert_eq!(session(&app).selected, before);
    // Held some other way, it is still not set down.
    app.world_mut()
        .resource_mut::<SetupSession>()
        .0
        .as_mut()
        .unwrap()
        .selected = Some(dagger);
    send(&mut app, Command::Click(Square::parse("W4").unwrap()));
    assert!(
        refusal(&app).contains("begins the game in reserve"),
        "{}",
        refusal(&app)
    );
    assert_eq!(shown(&app, Side::White), 0);
    // A piece all of whose kind is set up is refused too.
    let self_kind = white_kind(&app, "Self");
    send(&mut app, Command::SetupPick(self_kind));
    send(&mut app, Command::Click(Square::parse("Z4").unwrap()));
    assert_eq!(shown(&app, Side::White), 1);
    send(&mut app, Command::SetupPick(self_kind));
    assert!(
        refusal(&app).contains("no Self left to set up"),
        "{}",
        refusal(&app)
    );
}

#[test]
fn setup_in_turns_alternates_in_the_open() {
    let mut app = app("turns");
    start(&mut app, SetupStyle::InTurns);
    assert_eq!(session(&app).side(), Side::White);
    set_down_one(&mut app, Side::White);
    // One piece each, alternately; both sides' pieces are visible.
    assert_eq!(session(&app).side(), Side::Black);
    set_down_one(&mut app, Side::Black);
    assert_eq!((shown(&app, Side::White), shown(&app, Side::Black)), (1, 1));
    assert_eq!(session(&app).side(), Side::White);
    while !session(&app).complete() {
        let side = session(&app).side();
        set_down_one(&mut app, side);
    }
    send(&mut app, Command::SetupReady);
    assert!(app.world().resource::<SetupSession>().0.is_none());
    assert_eq!((shown(&app, Side::White), shown(&app, Side::Black)), (8, 8));
}

/// §2.0.19 step 1, "allowing both players or a less experienced player to revise a move": in
/// turns, as in a concealed setup, a click on one's own piece takes it back to hand when one is
/// to place (a review found it refused as "taken" — against the computer, whose piece Undo
/// takes back and sets again, a misplaced piece stayed for the game); the other side's piece is
/// refused with the rule.
#[test]
fn in_turns_a_click_on_ones_own_piece_takes_it_back() {
    let mut app = app("turns-take-back");
    start(&mut app, SetupStyle::InTurns);
    let (k, sq) = set_down_one(&mut app, Side::White);
    let (_, black_sq) = set_down_one(&mut app, Side::Black);
    assert_eq!(session(&app).side(), Side::White);
    send(&mut app, Command::Click(black_sq));
    let why = refusal(&app);
    assert!(why.contains("taken") && why.contains("§2.0.19"), "{why}");
    assert_eq!(shown(&app, Side::Black), 1);
    send(&mut app, Command::Click(sq));
    assert_eq!(shown(&app, Side::White), 0);
    assert_eq!(session(&app).selected, Some(k), "the piece is back in hand");
    assert_eq!(session(&app).side(), Side::White, "White places again");
}

/// R-SECRETS: an export refused during a setup puts nothing on the clipboard — the board then
/// shows the arranging player's hidden stance (a review found it copied by the button before
/// the refusal); an export made does.
#[test]
fn an_export_refused_during_a_setup_copies_nothing() {
    let mut app = app_concealed_with_one_piece();
    let out = std::env::temp_dir().join(format!("veney-setup-export-{}.txt", std::process::id()));
    send(&mut app, Command::ExportMoves(out.clone()));
    assert!(
        info(&app).contains("finish the setup first"),
        "{}",
        info(&app)
    );
    assert_eq!(app.world().resource::<Status>().clipboard, None);
    assert!(!out.exists());
    let mut app = self::app("export-copies");
    send(&mut app, Command::ExportMoves(out.clone()));
    let copied = app.world().resource::<Status>().clipboard.clone();
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(copied.map(|c| c + "\n"), Some(written));
    let _ = std::fs::remove_file(&out);
}

#[test]
fn a_load_that_fails_leaves_the_setup_as_it_was() {
    // A bad save never loses the game in progress — a setup included (§2.0.19 step 3): a load
    // with no save file, or a bad position pasted, keeps the setup; a new game that takes ends it
    // (a review found the setup dropped by the failed load, the board left on a masked stance).
    let mut app = app("setup-failed-load");
    start(&mut app, SetupStyle::Concealed);
    set_down_one(&mut app, Side::White);
    let placed = session(&app).remaining(Side::White).len();
    let board = *app.world().resource::<CurrentGame>().0.position();
    send(&mut app, Command::Load(Default::default()));
    assert_eq!(
        session(&app).remaining(Side::White).len(),
        placed,
        "the setup stays"
    );
    assert_eq!(*app.world().resource::<CurrentGame>().0.position(), board);
    let s = app.world().resource::<Status>();
    assert!(
        s.refusal
            .iter()
            .chain(s.info.iter())
            .any(|m| m.contains("could not load")),
        "{s:?}"
    );
    send(&mut app, Command::SetPosition("not a position".into()));
    assert_eq!(
        session(&app).remaining(Side::White).len(),
        placed,
        "the setup stays"
    );
    send(&mut app, Command::NewGame);
    assert!(
        app.world().resource::<SetupSession>().0.is_none(),
        "a new game ends it"
    );
}

/// README: "Load keeps the game it replaces as `before-load.veney`". A setup in progress is no
/// game yet (its board is one side's stance so far, which would not load): a Load over it
/// keeps nothing, and the game kept before stays where it was (a review found the half-built
/// stance kept, the earlier kept game pushed aside).
#[test]
fn a_load_over_a_setup_keeps_no_half_built_stance() {
    use veney::packs::veney::game::SaveDir;
    let mut app = app("setup-load");
    send(&mut app, Command::Save(Default::default()));
    let saved = *app.world().resource::<CurrentGame>().0.position();
    let dir = app.world().resource::<SaveDir>().clone();
    let kept = dir.0.join("before-load.veney");
    start(&mut app, SetupStyle::Concealed);
    set_down_one(&mut app, Side::White);
    send(&mut app, Command::Load(Default::default()));
    assert!(
        app.world().resource::<SetupSession>().0.is_none(),
        "the load takes"
    );
    assert_eq!(*app.world().resource::<CurrentGame>().0.position(), saved);
    assert!(!kept.exists(), "nothing kept: {}", kept.display());
    let info = info(&app);
    assert!(info.contains("setup in progress is left"), "{info}");
}

/// README: "Load record… keeps the game it replaces …, as Load does": a record loaded over a
/// setup in progress leaves the setup (no game to keep) and replays; one that does not read
/// keeps the setup (a review found both answered "finish the setup first").
#[test]
fn a_record_loaded_over_a_setup_leaves_it() {
    let mut app = app("setup-load-record");
    start(&mut app, SetupStyle::Concealed);
    set_down_one(&mut app, Side::White);
    let placed = session(&app).remaining(Side::White).len();
    send(&mut app, Command::LoadRecordText("1. q!;".into()));
    assert_eq!(
        session(&app).remaining(Side::White).len(),
        placed,
        "a record that does not read keeps the setup"
    );
    send(&mut app, Command::LoadRecordText("1. SY5;".into()));
    assert!(
        app.world().resource::<SetupSession>().0.is_none(),
        "the record takes"
    );
    let g = &app.world().resource::<CurrentGame>().0;
    assert_eq!(g.actions().count(), 2, "SY5 and its turn's end");
    let info = info(&app);
    assert!(info.contains("setup in progress is left"), "{info}");
}

/// §2.0.19 step 1: "Will you play a friendly game allowing both players or a less experienced
/// player to revise a move?" Undo takes back the last piece set down, to the hand of the side
/// that set it (a review found a misplaced piece of the open setup fixed for the whole game, Undo
/// answered "finish the setup first").
#[test]
fn undo_takes_back_the_last_piece_set_down() {
    let mut app = app("setup-undo");
    start(&mut app, SetupStyle::InTurns);
    let (k, sq) = set_down_one(&mut app, Side::White);
    assert_eq!(session(&app).side(), Side::Black);
    send(&mut app, Command::Undo);
    assert_eq!(session(&app).side(), Side::White, "White places again");
    assert_eq!(shown(&app, Side::White), 0);
    assert_eq!(session(&app).selected, Some(k), "the piece is back in hand");
    let info = info(&app);
    assert!(
        info.contains("took back White's") && info.contains(&sq.to_string()),
        "{info}"
    );
    // Nothing left to take back: refused, the setup as it was.
    send(&mut app, Command::Undo);
    let why = refusal(&app);
    assert!(why.contains("nothing") || why.contains("no piece"), "{why}");
    assert_eq!(session(&app).side(), Side::White);
    // Concealed: the arranging side's last piece.
    let mut app = app_concealed_with_one_piece();
    assert_eq!(shown(&app, Side::White), 1);
    send(&mut app, Command::Undo);
    assert_eq!(shown(&app, Side::White), 0);
}

fn app_concealed_with_one_piece() -> App {
    let mut app = app("setup-undo-concealed");
    start(&mut app, SetupStyle::Concealed);
    set_down_one(&mut app, Side::White);
    app
}
