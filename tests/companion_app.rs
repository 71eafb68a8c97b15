//! Companion mode in the app, headless: the app beside a real board (issue 16). A Veney game
//! entered move by move in notation — completion, a tenable move, a refusal naming its rule, an
//! untenable move played with sand and called by the opponent; a Dagger Throw rolled by the app
//! from the game's seeded generator and logged, a throw entered by hand, the session's roller;
//! the memory panel's values against the position's own accessors; and a grid game (Kelasu)
//! entered by notation through the same window.
mod common;

use bevy::prelude::*;
use common::*;
use std::sync::Arc;
use veney::host::companion::{
    Caption, Companion, CompanionFeed, CompanionIntent, EntryVerdict, RollKind, Roller, Verdict,
    entry,
};
use veney::packs::veney::game::CurrentGame;
use veney_rules::options::UntenablePolicy;
use veney_rules::{Action, Game, Phase, Position, Side};

/// A standard game under this policy for untenable moves, its throws from seed 5.
fn game(policy: UntenablePolicy, position: Option<&str>) -> Game {
    let o = veney_rules::options::RuleOptions {
        untenable: policy,
        ..Default::default()
    };
    let r = Arc::new(veney::packs::veney::game::rules_with(o).unwrap());
    let p = match position {
        Some(t) => Position::from_text(&r, t).unwrap(),
        None => Position::start(&r),
    };
    Game::from_position_seeded(r, p, 5)
}

/// A headless Veney app with the companion window on.
fn companion_app(name: &str, g: Game) -> App {
    let mut app = headless(name, Some(g));
    ask(&mut app, CompanionIntent::Toggle);
    assert!(app.world().resource::<Companion>().on);
    app
}

fn ask<M: Message>(app: &mut App, m: M) {
    app.world_mut().write_message(m);
    app.update();
    app.update();
    app.update();
}

/// Types `typed` as a player would and presses Enter: what the completion sends.
fn type_and_enter(app: &mut App, typed: &str) {
    let f = feed(app);
    let sent = entry::chosen(typed, &f.moves, None, &f.warned);
    ask(app, CompanionIntent::Enter(sent));
}

fn feed(app: &App) -> CompanionFeed {
    app.world().resource::<CompanionFeed>().clone()
}

fn verdict(app: &App) -> Verdict {
    verdict_opt(app).expect("a verdict")
}

fn verdict_opt(app: &App) -> Option<Verdict> {
    app.world().resource::<EntryVerdict>().0.clone()
}

fn caption(app: &App) -> String {
    app.world()
        .resource::<Caption>()
        .now()
        .unwrap_or_default()
        .to_string()
}

fn g(app: &App) -> &Game {
    &app.world().resource::<CurrentGame>().0
}

fn memory(app: &App, label: &str) -> String {
    feed(app)
        .memory
        .iter()
        .find(|(k, _)| k.starts_with(label))
        .unwrap_or_else(|| panic!("no memory item {label}"))
        .1
        .clone()
}

/// README: "Each move, throw and call is announced in a large caption." Under the Friendly
/// policy the call resets the move (§2.0.22 "In a friendly game: The move is reset, and the
/// player can make an allowed move"): the call's own words stand, not "Taken back" (a review
/// found the call's caption replaced at once, as if undone).
#[test]
fn a_friendly_call_is_captioned_as_a_call() {
    let mut app = companion_app("friendly-call", game(UntenablePolicy::Friendly, None));
    type_and_enter(&mut app, "$X9");
    assert!(matches!(verdict(&app), Verdict::Untenable { .. }));
    ask(&mut app, CompanionIntent::Call);
    assert_eq!(g(&app).position().turn(), Side::White, "White moves again");
    let now = caption(&app);
    assert!(
        now.contains("calls") && now.contains("the move is reset"),
        "{now}"
    );
    assert!(!now.contains("Taken back"), "{now}");
    // A real undo afterwards is still told as one.
    type_and_enter(&mut app, "SY5");
    ask(&mut app, veney::packs::veney::game::Command::Undo);
    assert!(caption(&app).starts_with("Taken back"), "{}", caption(&app));
}

/// R-UNTENABLE-CALL: the call is open only right after the untenable move — a line typed on past
/// it (here into the opponent's reply) closes it, and the status line says so rather than "The
/// opponent may call it" (a review found the call offered after the next move).
#[test]
fn a_line_typed_past_an_untenable_move_says_the_call_is_closed() {
    let mut app = companion_app("call-closed", game(UntenablePolicy::Friendly, None));
    type_and_enter(&mut app, "$X9 SX12");
    assert!(matches!(verdict(&app), Verdict::Untenable { .. }));
    assert!(!g(&app).callable());
    let said = app
        .world()
        .resource::<veney::packs::veney::game::Status>()
        .info
        .clone()
        .unwrap_or_default();
    assert!(
        said.contains("closed the call") && !said.contains("may call it"),
        "{said}"
    );
    // Typed alone, it may be called.
    let mut app = companion_app("call-open", game(UntenablePolicy::Friendly, None));
    type_and_enter(&mut app, "$X9");
    assert!(g(&app).callable());
}

/// A Load is announced as a game loaded, and the last entry's verdict goes with it — even a
/// save of the same game, its rules and seed the same (a review found nothing told, the typed
/// move's verdict left over the loaded position).
#[test]
fn loading_the_same_games_save_is_announced() {
    use veney::packs::veney::game::Command;
    let mut app = companion_app("load-same", game(UntenablePolicy::Strict, None));
    type_and_enter(&mut app, "SY3");
    ask(&mut app, Command::Save(Default::default()));
    let saved = g(&app).actions().count();
    type_and_enter(&mut app, "--- SX12");
    assert!(verdict_opt(&app).is_some());
    assert!(g(&app).actions().count() > saved, "Black's move played");
    ask(&mut app, Command::Load(Default::default()));
    assert_eq!(g(&app).actions().count(), saved, "the save loaded");
    assert!(
        caption(&app).starts_with("A game begun or loaded"),
        "{}",
        caption(&app)
    );
    assert!(verdict_opt(&app).is_none(), "{:?}", verdict_opt(&app));
}

/// R-DONKEY writes the Donkey's sticks by colour (`K@oxoxx`, `o` a black stick), not by the
/// thrower's as the Dagger Throw's are: the prompt says how to type them (a review found no form
/// given, a White placer typing the mirror count).
#[test]
fn the_donkeys_prompt_says_how_its_sticks_are_typed() {
    let o = veney_rules::options::RuleOptions {
        donkey: true,
        ..Default::default()
    };
    let r = Arc::new(veney::packs::veney::game::rules_with(o).unwrap());
    let p = donkey_about_to_move(&r);
    let app = companion_app("donkey-prompt", Game::from_position_seeded(r, p, 5));
    let chance = feed(&app).chance.unwrap_or_default();
    assert!(
        chance.contains("K@") && chance.contains("o a black stick"),
        "{chance}"
    );
}

/// §2.0.23 step 1: "When there is only one open square adjacent to the Donkey, it moves there":
/// no sticks asked for, and `K@-` said (a review found a throw asked for, then refused).
#[test]
fn a_donkey_with_one_way_out_asks_for_no_throw() {
    let o = veney_rules::options::RuleOptions {
        donkey: true,
        ..Default::default()
    };
    let r = Arc::new(veney::packs::veney::game::rules_with(o).unwrap());
    // White's Donkey on Y8 hemmed in by engagements on seven of its eight neighbours: Z9 open.
    let mut pieces = vec![(Side::White, "Self", "X2"), (Side::Black, "Self", "Y15")];
    for (i, sq) in ["X7", "X8", "X9", "Y7", "Y9", "Z7", "Z8"]
        .into_iter()
        .enumerate()
    {
        let side = if i < 4 { Side::White } else { Side::Black };
        pieces.push((side, "Engagement", sq));
    }
    let p = Position::from_pieces(&r, &pieces, Side::Black).unwrap();
    let q = Position::from_text(&r, &format!("{} donkey=wY8 donkeymove=w", p.to_text(&r))).unwrap();
    let g = Game::from_position_seeded(r, q, 5);
    assert!(
        g.legal_actions().contains(&Action::Donkey(None)),
        "one way out"
    );
    let app = companion_app("donkey-one-exit", g);
    let chance = feed(&app).chance.unwrap_or_default();
    assert!(
        chance.contains("K@-") && chance.contains("no throw"),
        "{chance}"
    );
}

/// The cast's landing is typed as it landed (§2.0.18 "literally tossing the piece"): the prompt
/// says how (a review found only "where the cast piece lands").
#[test]
fn the_cast_prompt_says_how_its_landing_is_typed() {
    let r = Arc::new(veney_rules::Rules::standard());
    let p = Position::from_text(&r, "4/4/4/1s2/4/4/4/4/4/4/4/4/LWS1/4/4/4 w EEEE/eeee").unwrap();
    let mut g = Game::from_position_seeded(r, p, 2);
    let cast = *g
        .legal_actions()
        .iter()
        .find(|a| matches!(a, Action::Cast { .. }))
        .expect("a cast");
    g.play(cast).unwrap();
    let app = companion_app("cast-prompt", g);
    let chance = feed(&app).chance.unwrap_or_default();
    assert!(
        chance.contains("@X6") && chance.contains("@out"),
        "{chance}"
    );
}

#[test]
fn a_companion_game_is_entered_move_by_move_with_an_untenable_move_called() {
    // §2.0.22 playing with sand: the Turn Penalty policy lets an untenable move be made; the
    // opponent may call it, and the offender's turn is skipped.
    let mut app = companion_app("entered", game(UntenablePolicy::TurnPenalty, None));
    let f = feed(&app);
    assert_eq!(f.game, "Veney");
    // The rules' notation of every legal action: the command line's `moves start` lists the
    // same 94 (a review found this compared with the function that fills it).
    assert_eq!(f.moves.len(), 94, "{:?}", f.moves);
    for a in g(&app).legal_actions() {
        let written = veney_rules::notation::San::of_action(
            &g(&app).rules,
            g(&app).position(),
            &g(&app).legal_actions(),
            &a,
        )
        .to_string();
        assert!(f.moves.contains(&written), "{written} missing");
    }
    for m in ["SY3", "$Y5", "aX8", "R*W1", "*C", "BX4~$Z4"] {
        assert!(
            f.moves.iter().any(|x| x == m),
            "{m} missing from {:?}",
            f.moves
        );
    }
    // Completion: "sy" lists the Self's moves to line Y: SY3 and SY5.
    assert_eq!(entry::complete("sy", &f.moves), vec!["SY3", "SY5"]);

    // White's Sword beyond its range constraint: untenable, played with sand (§2.0.03 Sword).
    let sword = g(&app).rules.set(Side::White).by_name("Sword").unwrap();
    let sq = |s: &str| veney_rules::Square::parse(s).unwrap();
    type_and_enter(&mut app, "$X9");
    match verdict(&app) {
        Verdict::Untenable { text, why } => {
            assert_eq!(text, "$X9");
            assert!(why.contains("§2.0.03"), "{why}");
        }
        v => panic!("not untenable: {v:?}"),
    }
    assert!(
        g(&app)
            .position()
            .pieces(Side::White, sword)
            .contains(sq("X9"))
    );
    assert!(caption(&app).contains("untenable: Black may call it"));
    // The call window is open for Black.
    assert_eq!(
        feed(&app).call.as_deref(),
        Some("White's last move is untenable: Black may call it (§2.0.22)")
    );
    // Black calls it: the move is reset and White's turn skipped.
    ask(&mut app, CompanionIntent::Call);
    assert!(
        g(&app)
            .position()
            .pieces(Side::White, sword)
            .contains(sq("X4"))
    );
    assert_eq!(g(&app).position().turn(), Side::Black);
    assert_eq!(
        caption(&app),
        "Black calls White's move untenable: the move is reset and the turn skipped"
    );
    assert_eq!(feed(&app).call, None);
    assert!(memory(&app, "To move").starts_with("Black"));

    // Black's engagement to X10, typed in any case: "ex10" completes to it alone.
    type_and_enter(&mut app, "ex10");
    assert_eq!(verdict(&app), Verdict::Tenable("eX10".into()));
    assert_eq!(caption(&app), "Black: eX10");
    assert_eq!(g(&app).position().turn(), Side::White);

    // White moves the Self to Y5 on the table and types it…
    type_and_enter(&mut app, "SY5");
    assert_eq!(verdict(&app), Verdict::Tenable("SY5".into()));
    assert_eq!(caption(&app), "White: SY5");
    assert!(matches!(g(&app).position().phase(), Phase::Second { .. }));
    // §2.0.15: the memory keeps the double-move open by the stepping stone.
    assert_eq!(
        memory(&app, "This turn"),
        "a second move is open for the piece on Y5 (§2.0.15)"
    );
    // …and declines the second move of the double-move (§2.0.15): "---".
    type_and_enter(&mut app, "---");
    assert_eq!(g(&app).position().turn(), Side::Black);
    assert_eq!(caption(&app), "White ends the turn");

    // A move no rule allows is refused, naming the rule; nothing is played (§2.0.02 Self).
    let before = g(&app).actions().count();
    type_and_enter(&mut app, "SY9");
    match verdict(&app) {
        Verdict::Refused { text, why } => {
            assert_eq!(text, "SY9");
            assert!(why.contains("§2.0.02 Self"), "{why}");
        }
        v => panic!("not refused: {v:?}"),
    }
    assert_eq!(g(&app).actions().count(), before);
    assert_eq!(g(&app).position().turn(), Side::Black);
    // The record keeps the called move (the turn it cost) and the moves entered.
    let record = g(&app).record();
    assert!(record.contains("$X9U"), "{record}");
    assert!(
        record.contains("eX10") && record.contains("SY5"),
        "{record}"
    );

    // Black resigns at the table (§2.0.21): the ending no move brought is announced too.
    ask(&mut app, veney::packs::veney::game::Command::Resign);
    let o = g(&app).position().outcome().expect("over");
    assert_eq!(caption(&app), format!("Game over: {o}"));
    assert!(memory(&app, "To move").starts_with("nobody"));
}

#[test]
fn a_whole_turn_is_entered_at_once_and_a_refusal_says_which_action() {
    // §2.0.15: White's Self to Y5, the second move of the double-move declined, as one entry.
    let mut app = companion_app("whole-turn", game(UntenablePolicy::Strict, None));
    type_and_enter(&mut app, "SY5 ---");
    assert_eq!(verdict(&app), Verdict::Tenable("SY5 ---".into()));
    assert_eq!(g(&app).position().turn(), Side::Black);
    let heard = app.world().resource::<Caption>().recent.clone();
    assert_eq!(heard, vec!["White: SY5", "White ends the turn"]);
    // Black's engagement, then a Self move no rule allows (§2.0.02 Self): the first stands, the
    // second is refused by name.
    type_and_enter(&mut app, "eX10 SY9");
    match verdict(&app) {
        Verdict::Refused { text, why } => {
            assert_eq!(text, "SY9");
            assert!(why.contains("§2.0.02 Self"), "{why}");
            assert!(why.contains("the 1 action(s) before it stand"), "{why}");
        }
        v => panic!("not refused: {v:?}"),
    }
    assert_eq!(g(&app).actions().count(), 3);
    assert_eq!(g(&app).position().turn(), Side::White);
}

#[test]
fn under_strict_rules_the_untenable_move_is_refused_with_its_rule() {
    // §2.0.22: without playing with sand (the Strict policy) an untenable move is not played.
    let mut app = companion_app("strict", game(UntenablePolicy::Strict, None));
    type_and_enter(&mut app, "$X9");
    match verdict(&app) {
        Verdict::Refused { why, .. } => assert!(why.contains("§2.0.03"), "{why}"),
        v => panic!("not refused: {v:?}"),
    }
    assert_eq!(g(&app).actions().count(), 0);
    assert_eq!(feed(&app).call, None);
}

/// White's Dagger on X7 may be thrown at Black's Self on X12 (the demo's position).
const THROW: &str = "4/4/4/1b1c/1s2/e3/1e2/2gE/2e1/SD1L/E1E1/4/3B/4/4/4 w EGJR/edlr";

/// Types the position's Dagger Throw into the companion's entry: the throw typed.
fn type_the_throw(app: &mut App) -> Action {
    let legal = g(app).legal_actions();
    let throw = *legal
        .iter()
        .find(|a| matches!(a, Action::Throw { .. }))
        .unwrap();
    let text =
        veney_rules::notation::San::of_action(&g(app).rules, g(app).position(), &legal, &throw)
            .to_string();
    type_and_enter(app, &text);
    throw
}

#[test]
fn a_dagger_throw_is_rolled_by_the_app_and_logged() {
    // §2.0.08 Dagger Throw: the sticks are thrown from the game's seeded generator.
    let mut app = companion_app("throw", game(UntenablePolicy::Strict, Some(THROW)));
    let throw = type_the_throw(&mut app);
    assert!(matches!(g(&app).position().phase(), Phase::Throw { .. }));
    let chance = feed(&app).chance.expect("the throw awaits its sticks");
    assert!(chance.starts_with("White's Dagger Throw"), "{chance}");
    // Its `o` is the thrower's colour, unlike the Donkey's (a review found it unsaid).
    assert!(chance.contains("o the thrower's (White)"), "{chance}");

    // The same game on its own, thrown by its generator: the app's roll must land the same.
    let mut alone = game(UntenablePolicy::Strict, Some(THROW));
    alone.play(throw).unwrap();
    let expected = alone.roll().unwrap();

    ask(&mut app, CompanionIntent::GameRoll);
    let log = app.world().resource::<Roller>().log.clone();
    let last = log.last().expect("logged");
    assert_eq!(last.what, "White's Dagger Throw (§2.0.08)");
    assert!(!last.by_hand);
    assert!(
        last.result.starts_with(&expected.to_string()),
        "{} vs {expected}",
        last.result
    );
    let words = match expected.verdict() {
        veney_rules::dice::Verdict::Hit => "hit",
        veney_rules::dice::Verdict::Distraction => "distraction",
        veney_rules::dice::Verdict::Miss => "miss",
    };
    assert!(last.result.contains(words), "{}", last.result);
    assert!(caption(&app).starts_with("White's Dagger Throw (§2.0.08): "));
    assert_eq!(feed(&app).chance, None, "thrown");
}

/// A game that ends while a throw waits (a resignation, a flag) throws nothing more: the
/// companion offers no Roll then (a review found it offered, doing nothing when pressed).
#[test]
fn no_roll_is_offered_once_the_game_has_ended() {
    let mut app = companion_app("throw-resigned", game(UntenablePolicy::Strict, Some(THROW)));
    type_the_throw(&mut app);
    assert!(feed(&app).chance.is_some(), "the throw awaits its sticks");
    common::send(&mut app, veney::packs::veney::game::Command::Resign);
    assert!(g(&app).position().is_game_over());
    assert_eq!(feed(&app).chance, None);
}

#[test]
fn a_throw_entered_by_hand_is_played_and_logged() {
    // §2.0.08, §2.0.R1: real sticks read off the table; one off-colour face is a distraction.
    let mut app = companion_app("by-hand", game(UntenablePolicy::Strict, Some(THROW)));
    let legal = g(&app).legal_actions();
    let throw = *legal
        .iter()
        .find(|a| matches!(a, Action::Throw { .. }))
        .unwrap();
    ask(&mut app, CompanionIntent::Enter("DtX12~".into()));
    assert_eq!(g(&app).actions().last().map(|a| a.1), Some(throw));
    // §2.0.08: "three plus the number of measures between the two Selves".
    let pos = *g(&app).position();
    let n = veney_rules::special::dagger_throw::sticks(&g(&app).rules, &pos, Side::White).unwrap();
    let chance = feed(&app).chance.expect("the throw awaits its sticks");
    assert!(chance.contains(&format!("{n} sticks")), "{chance}");
    // All White but one: a distraction.
    let faces = format!("{}x", "o".repeat(n as usize - 1));
    ask(&mut app, CompanionIntent::Enter(format!("@{faces}")));
    let last = app
        .world()
        .resource::<Roller>()
        .log
        .last()
        .cloned()
        .unwrap();
    assert!(last.by_hand);
    assert_eq!(
        last.result,
        format!("{faces}, {} of {n} White — distraction", n - 1)
    );
    // The generator moved on as if it had drawn the throw (a reloaded save lands the same).
    let mut alone = game(UntenablePolicy::Strict, Some(THROW));
    alone.play(throw).unwrap();
    alone
        .enter_roll(veney_rules::dice::Roll::parse(&faces).unwrap())
        .unwrap();
    assert_eq!(g(&app).position(), alone.position());
    assert_eq!(
        veney_rules::savefile::write(g(&app)),
        veney_rules::savefile::write(&alone)
    );
    // The save holds the seed and the record, not the generator: compared where it stands
    // (a review found the test passing with the advance taken out).
    assert_eq!(
        g(&app).generator_fingerprint(),
        alone.generator_fingerprint(),
        "the generator where a drawn throw leaves it"
    );
    let mut undrawn = game(UntenablePolicy::Strict, Some(THROW));
    undrawn.play(throw).unwrap();
    undrawn
        .play(Action::Roll(
            veney_rules::dice::Roll::parse(&faces).unwrap(),
        ))
        .unwrap();
    assert_ne!(
        g(&app).generator_fingerprint(),
        undrawn.generator_fingerprint(),
        "the check can tell the advance from none"
    );
}

#[test]
fn the_session_roller_throws_from_its_seed_and_logs_in_words() {
    let mut app = companion_app("roller", game(UntenablePolicy::Strict, None));
    let seed = app.world().resource::<Roller>().seed();
    let mut twin = Roller::seeded(seed);
    let mut thrown = Vec::new();
    for k in [
        RollKind::Sticks,
        RollKind::Coin,
        RollKind::D6,
        RollKind::Donkey,
    ] {
        ask(&mut app, CompanionIntent::Roll(k));
        thrown.push(twin.roll(k));
    }
    assert_eq!(
        app.world().resource::<Roller>().log,
        twin.log,
        "reproducible"
    );
    let donkey = &twin.log[3];
    // §2.0.23: the count of black sticks thrown, read as the Donkey's way (a review found a
    // check that any way at all was named, which could not fail).
    // "forward-left (1), forward (2), forward-right (3), backward-left (4), or backward-right
    // (5) … If no black sticks are thrown, the Donkey stays put".
    let way = [
        "stays put",
        "forward-left",
        "forward",
        "forward-right",
        "backward-left",
        "backward-right",
    ][thrown[3] as usize];
    assert_eq!(donkey.result, format!("{} black: {way}", thrown[3]));
    assert_eq!(caption(&app), format!("Rolled {donkey}"));
    // A physical throw entered by hand, and one that cannot land.
    ask(&mut app, CompanionIntent::HandRoll(RollKind::Donkey, 3));
    assert_eq!(
        app.world()
            .resource::<Roller>()
            .log
            .last()
            .unwrap()
            .to_string(),
        "Donkey: 3 black: forward-right (by hand)"
    );
    ask(&mut app, CompanionIntent::HandRoll(RollKind::D6, 9));
    assert!(matches!(verdict(&app), Verdict::Refused { .. }));
    assert_eq!(app.world().resource::<Roller>().log.len(), 5);
}

#[test]
fn the_memory_panel_shows_the_position() {
    let mut app = companion_app("memory", game(UntenablePolicy::Strict, None));
    // White's engagement two steps (§2.0.04: Black may fend it en passant next turn), then a pass
    // each (§2.0.17).
    type_and_enter(&mut app, "eX7");
    assert_eq!(g(&app).position().turn(), Side::Black);
    let pos = *g(&app).position();
    let ep = pos.en_passant().expect("an en passant window");
    assert_eq!(
        memory(&app, "En passant"),
        format!(
            "Black may fend the engagement on {} by moving to {}",
            ep.victim, ep.target
        )
    );
    type_and_enter(&mut app, "---");
    type_and_enter(&mut app, "---");
    let pos = *g(&app).position();
    assert_eq!(pos.passes(), 2, "two passes in a row");
    assert_eq!(
        memory(&app, "To move"),
        format!("{} — turn {}", pos.turn(), pos.turn_number())
    );
    assert_eq!(memory(&app, "Passes in a row"), pos.passes().to_string());
    assert_eq!(memory(&app, "En passant"), "none");
    assert_eq!(
        memory(&app, "Retreats used"),
        format!(
            "White {} of 1 · Black {} of 1",
            pos.retreats(Side::White),
            pos.retreats(Side::Black)
        )
    );
    assert_eq!(
        memory(&app, "No-contest count"),
        format!(
            "{} of {} turns",
            pos.quiet_turns(),
            g(&app).rules.options.no_contest_turns.unwrap()
        )
    );
    assert_eq!(memory(&app, "Intention"), "none declared");
    assert_eq!(memory(&app, "Blade captures"), "none");
    assert_eq!(memory(&app, "Cast-squares"), "none");
}

/// The app with the grid games' saves in their own directories.
/// A new Tirachen game with the masters chosen in secret, companion mode on.
fn tirachen_secret_companion(name: &str) -> App {
    let mut app = grid_app(name);
    ask(&mut app, veney::host::OpenScreen(veney::Screen::Tirachen));
    ask(
        &mut app,
        veney::packs::tirachen::NewTirachen {
            options: tirachen_rules::TirachenOptions {
                masters: tirachen_rules::MasterChoice::Secret,
                ..Default::default()
            },
            position: None,
        },
    );
    ask(&mut app, CompanionIntent::Toggle);
    app
}

/// A new Kelasu game at its start, companion mode on.
fn kelasu_companion(name: &str) -> App {
    let mut app = grid_app(name);
    ask(&mut app, veney::host::OpenScreen(veney::Screen::Kelasu));
    app.world_mut()
        .write_message(veney::packs::kelasu::NewKelasu {
            options: kelasu_rules::KelasuOptions::default(),
            position: None,
        });
    app.update();
    app.update();
    ask(&mut app, CompanionIntent::Toggle);
    app
}

fn grid_app(name: &str) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_resource(veney::host::grid::SaveRoot(temp_dir(name)))
        .insert_resource(veney::packs::veney::game::SaveDir(temp_dir(&format!(
            "{name}-veney"
        ))));
    app.add_plugins(veney::game_plugins);
    app.update();
    app
}

#[test]
fn a_grid_game_is_entered_by_notation_too() {
    // Kelasu through the grid host: the rules' notation, a refusal in the rules' words.
    use veney::host::grid::ActiveMatch;
    let mut app = kelasu_companion("companion-kelasu");
    let f = feed(&app);
    let m = app.world().resource::<ActiveMatch>();
    let texts: Vec<String> = m.actions().iter().map(|a| a.text.clone()).collect();
    assert_eq!(f.moves, texts);
    assert_eq!(f.game, m.game.title());
    assert_eq!(
        f.memory[0],
        (
            "To move".to_string(),
            m.game.player_name(game_api::Player(0))
        )
    );
    assert_eq!(f.memory[1], ("Turn".to_string(), "1".to_string()));

    // A move onto one's own piece: the rules' reader names the rule (docs/rulings/kelasu.md,
    // Notation: "naming the refusing rule for well-formed but illegal actions").
    type_and_enter(&mut app, "A1-A9");
    match verdict(&app) {
        Verdict::Refused { why, .. } => assert!(why.contains("your own Blank"), "{why}"),
        v => panic!("not refused: {v:?}"),
    }
    assert_eq!(app.world().resource::<ActiveMatch>().game.history_len(), 0);
    // "b1" completes to the one legal action from B1.
    type_and_enter(&mut app, "b1");
    assert_eq!(verdict(&app), Verdict::Tenable("B1-C1".into()));
    let m = app.world().resource::<ActiveMatch>();
    assert_eq!(m.game.history_len(), 1);
    assert_eq!(
        caption(&app),
        format!("{}: B1-C1", m.game.player_name(game_api::Player(0)))
    );
    assert_eq!(feed(&app).memory[3].1, "B1-C1", "the last move");
    // Kelasu's own items: the turn's energy (one spent of what the turn began with: "All normal
    // piece moves cost 1 Energy", docs/rulings/kelasu.md, Turns and energy), the victory tiles and
    // the quiet turns, as the rules' state has them.
    let km = veney::packs::kelasu::kelasu(m).unwrap();
    let (left, of) = veney::packs::kelasu::turn_bar::energy(km);
    assert_eq!(left + 1, of, "one move spent one energy");
    let rows = feed(&app).memory;
    let row = |k: &str| rows.iter().find(|r| r.0 == k).map(|r| r.1.clone());
    assert_eq!(row("Energy"), Some(format!("{left} of {of}")));
    // "You cannot move the same piece twice in the same turn": which piece moved, by square.
    assert_eq!(row("Moved this turn (once each)"), Some("C1".into()));
    assert_eq!(row("Victory tiles"), Some("Blue holds 0, Red 0".into()));

    // Red resigns (confirmed in the panel): the declared ending is announced.
    ask(
        &mut app,
        veney::host::grid::Intent::Resign(game_api::Player(1)),
    );
    let m = app.world().resource::<ActiveMatch>();
    let game_api::Decision::Over(o) = m.game.decision() else {
        panic!("not over")
    };
    assert_eq!(caption(&app), format!("Game over: {}", o.reason));
    // The memory names the ending in words, as the move list does (a review found the
    // internal form, `Resigns(Player(1))`).
    let red = m.game.player_name(game_api::Player(1));
    let rows = feed(&app).memory;
    let declared = rows.iter().find(|r| r.0 == "Declared").map(|r| r.1.clone());
    assert_eq!(declared, Some(format!("{red} resigns")));
}

#[test]
fn tirachen_s_memory_items_come_from_its_position() {
    // Tirachen through the grid host: the Traitor (neutral on e5; docs/rulings/tirachen.md, The
    // Traitor), each side's phase (Phases), the quiet turns (Draws, `QuietTurns` 100 by default);
    // a move typed in notation is played and announced.
    use veney::host::OpenScreen;
    use veney::host::grid::ActiveMatch;
    let mut app = grid_app("companion-tirachen");
    ask(&mut app, OpenScreen(veney::Screen::Tirachen));
    ask(
        &mut app,
        veney::packs::tirachen::NewTirachen {
            options: tirachen_rules::TirachenOptions::default(),
            position: Some("8g/9/9/9/4*4/9/4C4/9/G8 r mm -/- - 0".into()),
        },
    );
    ask(&mut app, CompanionIntent::Toggle);
    let rows = feed(&app).memory;
    let row = |k: &str| rows.iter().find(|r| r.0 == k).map(|r| r.1.clone());
    assert_eq!(row("To move"), Some("Red".into()));
    assert_eq!(row("Traitor"), Some("on e5, nobody's".into()));
    assert_eq!(row("Red"), Some("mobilised".into()));
    assert_eq!(row("White"), Some("mobilised".into()));
    assert_eq!(row("Quiet turns"), Some("0 of 100".into()));
    let first = feed(&app).moves[0].clone();
    type_and_enter(&mut app, &first);
    assert_eq!(verdict(&app), Verdict::Tenable(first.clone()));
    assert_eq!(caption(&app), format!("Red: {first}"));
    let m = app.world().resource::<ActiveMatch>();
    assert_eq!(m.game.history_len(), 1);
    assert_eq!(feed(&app).memory[0], ("To move".into(), "White".into()));
}

#[test]
fn a_sealed_choice_typed_for_the_second_seat_waits_for_the_first() {
    // Tirachen's masters chosen in secret (docs/rulings/tirachen.md): both seats choose at
    // once; the host takes the choices in seat order, so White's `2|…` typed while Red still
    // chooses is refused, not recorded as Red's (a review found it played for Red).
    use veney::host::grid::ActiveMatch;
    let mut app = tirachen_secret_companion("companion-sealed");
    type_and_enter(&mut app, "2|S2A4W3");
    match verdict(&app) {
        Verdict::Refused { why, .. } => {
            assert!(why.contains("Red enters a sealed choice first"), "{why}")
        }
        v => panic!("not refused: {v:?}"),
    }
    assert_eq!(app.world().resource::<ActiveMatch>().game.history_len(), 0);
    // Red's own choice is taken.
    type_and_enter(&mut app, "1|S3A3W3");
    // The verdict stays on the screen for White: it names Red's choice, not its text.
    assert_eq!(
        verdict(&app),
        Verdict::Tenable("Red's sealed choice".into())
    );
    assert_eq!(app.world().resource::<ActiveMatch>().game.history_len(), 1);
    // White chooses next: neither the caption nor the memory panel shows Red's sealed choice.
    assert!(caption(&app).starts_with("Red: "), "{}", caption(&app));
    assert!(!caption(&app).contains("S3A3W3"), "{}", caption(&app));
    let last = feed(&app)
        .memory
        .into_iter()
        .find(|r| r.0 == "Last move")
        .unwrap();
    assert!(!last.1.contains("S3A3W3"), "{last:?}");
    // Under the hand-over screen an entry plays nothing and says so (it was reported played).
    ask(&mut app, CompanionIntent::Enter("2|S2A2W5".into()));
    match verdict(&app) {
        Verdict::Refused { text, why } => {
            assert!(why.contains("hand the board over"), "{why}");
            assert!(!text.contains("S2A2W5"), "{text}");
        }
        v => panic!("not refused: {v:?}"),
    }
    assert_eq!(app.world().resource::<ActiveMatch>().game.history_len(), 1);
}

/// README: with secret masters, "nothing on [the screen], or on the second player's screen,
/// depends on the first secret". A refusal of Red's typed mix names the mix; when Red then
/// chooses another way (the masters window), the next seat does not find that refusal, nor
/// Red's typed text, waiting on the shared screen (a review found both).
#[test]
fn a_refused_sealed_choice_is_not_left_for_the_next_seat() {
    use veney::host::companion::view::CompanionUi;
    use veney::host::grid::ActiveMatch;
    let mut app = tirachen_secret_companion("companion-sealed-refused");
    app.init_resource::<CompanionUi>();
    type_and_enter(&mut app, "1|S4A2W4");
    match verdict(&app) {
        Verdict::Refused { why, .. } => assert!(why.contains("total 9"), "{why}"),
        v => panic!("not refused: {v:?}"),
    }
    app.world_mut().resource_mut::<CompanionUi>().entry = "1|S4A2W3".into();
    // Red chooses through the panel instead (the masters window's Choose).
    let i = {
        let m = app.world().resource::<ActiveMatch>();
        m.actions()
            .iter()
            .position(|a| a.text.ends_with("S4A2W3"))
            .expect("Red's mix is offered")
    };
    ask(&mut app, veney::host::grid::Intent::Play(i));
    assert_eq!(app.world().resource::<ActiveMatch>().game.history_len(), 1);
    assert!(
        !matches!(verdict_opt(&app), Some(Verdict::Refused { .. })),
        "{:?}",
        verdict_opt(&app)
    );
    assert!(app.world().resource::<CompanionUi>().entry.is_empty());
}

/// README: "a draw offered between people is answered over a board that shows neither side's
/// hidden masters". What the offerer typed, and its refusal naming what they have not got, go
/// with their board: the answerer does not find them in the companion's window (a review found
/// both left there, the board covered).
#[test]
fn a_draw_offer_hides_what_the_offerer_typed_and_was_refused() {
    use veney::host::companion::view::CompanionUi;
    use veney::host::grid::{ActiveMatch, Intent};
    let mut app = tirachen_secret_companion("companion-offer-hides");
    app.init_resource::<CompanionUi>();
    type_and_enter(&mut app, "1|S9A0W0");
    ask(
        &mut app,
        veney::packs::tirachen::HandedOver(game_api::Player(1)),
    );
    type_and_enter(&mut app, "2|S3A3W3");
    ask(
        &mut app,
        veney::packs::tirachen::HandedOver(game_api::Player(0)),
    );
    assert_eq!(app.world().resource::<ActiveMatch>().game.history_len(), 2);
    // Red has no master of spells: the refusal says so.
    type_and_enter(&mut app, "A@c2");
    match verdict(&app) {
        Verdict::Refused { why, .. } => assert!(why.contains("no undeployed"), "{why}"),
        v => panic!("not refused: {v:?}"),
    }
    app.world_mut().resource_mut::<CompanionUi>().entry = "S@c2".into();
    ask(&mut app, Intent::OfferDraw(game_api::Player(0)));
    assert!(app.world().resource::<ActiveMatch>().asking);
    assert!(
        !matches!(verdict_opt(&app), Some(Verdict::Refused { .. })),
        "{:?}",
        verdict_opt(&app)
    );
    assert!(app.world().resource::<CompanionUi>().entry.is_empty());
}

#[test]
fn a_concealed_setup_is_made_on_the_board_not_in_notation() {
    // §2.0.19: during a concealed setup the companion lists no moves and shows the setup's own
    // prompt; nothing of a stance is in the memory window.
    let mut app = companion_app("setup", game(UntenablePolicy::Strict, None));
    let o = veney_rules::options::RuleOptions {
        setup_style: veney_rules::setup_styles::SetupStyle::Concealed,
        ..Default::default()
    };
    let std = std::path::PathBuf::from("config/sets/standard.ron");
    ask(
        &mut app,
        veney::packs::veney::game::Command::NewGameWith(o, [std.clone(), std]),
    );
    let prompt = app
        .world()
        .resource::<veney::packs::veney::setup_screen::SetupSession>()
        .0
        .as_ref()
        .expect("a setup in progress")
        .prompt();
    let f = feed(&app);
    assert!(f.moves.is_empty());
    assert_eq!(f.memory, vec![("Setup (§2.0.19)".to_string(), prompt)]);
}

#[test]
fn a_flat_odds_throw_asks_for_one_die() {
    // §2.0.R1 Flat odds: "The target player rolls a six-sided die" — one die, typed `@d6=1`,
    // not sticks (a review found the prompt asking for five dice typed as sticks). No Donkey in
    // the game: the roller offers none.
    let o = veney_rules::options::RuleOptions {
        dice: veney_rules::dice::DiceMethod::FlatOdds(6),
        ..Default::default()
    };
    let r = Arc::new(veney::packs::veney::game::rules_with(o).unwrap());
    let p = Position::from_text(&r, THROW).unwrap();
    let mut app = companion_app("flat-odds", Game::from_position_seeded(r, p, 5));
    assert!(!feed(&app).donkey);
    ask(&mut app, CompanionIntent::Enter("DtX12~".into()));
    let chance = feed(&app).chance.expect("the throw awaits its die");
    assert!(
        chance.contains("one 6-sided die, rolled by Black") && chance.contains("e.g. @d6=1"),
        "{chance}"
    );
    ask(&mut app, CompanionIntent::Enter("@d6=1".into()));
    assert!(!matches!(g(&app).position().phase(), Phase::Throw { .. }));
}

#[test]
fn a_bluffed_intention_is_announced_as_tenable() {
    // §2.0.11 "You may bluff an intention of any describable move, even if it is untenable": the
    // rules accept a bluff, so the caption must not call it untenable — that would tell the
    // opponent it is one (a review found the caption judging it by the legal list alone).
    let r = veney_rules::Rules::standard();
    let text = Position::from_pieces(
        &r,
        &[
            (Side::White, "Self", "X4"),
            (Side::White, "Sword", "X6"),
            (Side::White, "Jutsu", "W7"),
            (Side::Black, "Self", "Y14"),
        ],
        Side::White,
    )
    .unwrap()
    .to_text(&r);
    let mut app = companion_app("bluff", game(UntenablePolicy::Strict, Some(&text)));
    type_and_enter(&mut app, "!$tW7");
    assert!(
        matches!(verdict(&app), Verdict::Tenable(_)),
        "{:?}",
        verdict(&app)
    );
    assert!(
        g(&app)
            .position()
            .intentions()
            .next()
            .is_some_and(|i| i.bluff)
    );
    assert!(caption(&app).starts_with("White: "), "{}", caption(&app));
    assert!(!caption(&app).contains("untenable"), "{}", caption(&app));
}

#[test]
fn an_empty_entry_plays_nothing_and_reports_nothing() {
    // The Enter button with nothing typed: no verdict "played" for an empty entry.
    let mut app = companion_app("empty-entry", game(UntenablePolicy::Strict, None));
    ask(&mut app, CompanionIntent::Enter("  ".into()));
    assert_eq!(app.world().resource::<EntryVerdict>().0, None);
    assert_eq!(g(&app).actions().count(), 0);
}

#[test]
fn against_the_computer_an_entry_plays_only_the_persons_own_actions() {
    // The computer plays its own side, and chance is the game's dice (§2.0.R1): a line typed on
    // into Black's turn is refused at Black's move (a review found `SY5 --- eX10` playing the
    // computer's reply for it), and the Donkey's throw written after the move that ends the
    // turn is refused too (`SY5 K@ooooo`: the person choosing the sticks).
    let mut app = companion_app("typed-computer", game(UntenablePolicy::Strict, None));
    app.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    type_and_enter(&mut app, "SY5 --- eX10");
    match verdict(&app) {
        Verdict::Refused { text, why } => {
            assert_eq!(text, "eX10");
            assert!(why.contains("the computer is to move"), "{why}");
        }
        v => panic!("not refused: {v:?}"),
    }
    let typed: Vec<Action> = g(&app).actions().take(3).map(|(_, a)| *a).collect();
    assert!(typed.len() >= 2, "White's turn stands");
    assert_eq!(g(&app).actions().next().unwrap().0.turn(), Side::White);

    let o = veney_rules::options::RuleOptions {
        donkey: true,
        ..Default::default()
    };
    let r = Arc::new(veney::packs::veney::game::rules_with(o.clone()).unwrap());
    let start = Position::start(&r).to_text(&r);
    // White's Donkey placed on X8, Black's still in reserve.
    let start: Vec<&str> = start
        .split(' ')
        .filter(|t| !t.starts_with("donkeyhome="))
        .collect();
    let text = format!("{} donkeyhome=b donkey=wX8", start.join(" "));
    let p = Position::from_text(&r, &text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let mut app = companion_app("typed-donkey", Game::from_position_seeded(r, p, 5));
    app.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    type_and_enter(&mut app, "SY5 K@ooooo");
    match verdict(&app) {
        Verdict::Refused { text, why } => {
            assert_eq!(text, "K@ooooo");
            assert!(why.contains("the game's dice decide"), "{why}");
        }
        v => panic!("not refused: {v:?}"),
    }
    assert_eq!(
        g(&app).position().donkey(Side::White),
        Some(veney_rules::Square::parse("X8").unwrap())
    );
    // The prompt does not invite the typed throw it then refuses (a review found "or type them
    // as landed" against the computer): the person's Donkey, to move before Black acts.
    let r = Arc::new(veney::packs::veney::game::rules_with(o).unwrap());
    let p = Position::from_text(
        &r,
        "4/4/1s2/4/4/4/4/4/4/4/4/4/4/4/2S1/4 b EEEE/eeee donkey=wX8 donkeymove=w",
    )
    .unwrap();
    let mut app = companion_app("donkey-prompt-typed", Game::from_position_seeded(r, p, 5));
    app.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    app.update();
    let chance = feed(&app).chance.unwrap_or_default();
    assert!(
        chance.contains("the game's dice decide") && !chance.contains("type them"),
        "{chance}"
    );
}

#[test]
fn the_caption_follows_an_undo_a_withdrawn_ending_and_a_new_game() {
    // What takes the table back is announced, and the last entry's verdict goes with it (a
    // review found "Game over" still captioned over a game played on, and over a new game).
    use veney::packs::veney::game::Command;
    let mut app = companion_app("caption-back", game(UntenablePolicy::Strict, None));
    type_and_enter(&mut app, "SY5 ---");
    assert_eq!(verdict(&app), Verdict::Tenable("SY5 ---".into()));
    send(&mut app, Command::Undo);
    assert_eq!(caption(&app), "Taken back: White to move");
    assert!(app.world().resource::<EntryVerdict>().0.is_none());
    send(&mut app, Command::Resign);
    assert!(caption(&app).starts_with("Game over"), "{}", caption(&app));
    send(&mut app, Command::Undo);
    assert_eq!(caption(&app), "The ending is taken back: White to move");
    send(&mut app, Command::Resign);
    send(&mut app, Command::NewGame);
    assert_eq!(caption(&app), "A game begun or loaded: White to move");
}

/// README: every move typed in companion mode gets its verdict in the window. A move typed
/// while the move list shows an earlier position is refused there too, with the status line's
/// reason (a review found the field cleared and nothing said in the window).
#[test]
fn a_move_typed_during_a_review_is_refused_in_the_window() {
    use veney::packs::veney::game::Command;
    let mut app = companion_app("entry-review", game(UntenablePolicy::Strict, None));
    type_and_enter(&mut app, "SY3");
    assert_eq!(verdict(&app), Verdict::Tenable("SY3".into()));
    ask(&mut app, Command::View(Some(0)));
    type_and_enter(&mut app, "---");
    match verdict(&app) {
        Verdict::Refused { text, why } => {
            assert_eq!(text, "---");
            assert!(why.contains("earlier position"), "{why}");
        }
        v => panic!("not refused: {v:?}"),
    }
    assert_eq!(g(&app).actions().count(), 1, "nothing played");
}

/// The companion's "Turn" row numbers turns as the record does, both players' turns of a pair
/// under one number (`1.` Blue's, `1...` Red's; a review found each turn counted apart).
#[test]
fn the_turn_row_numbers_turns_in_pairs() {
    let mut app = kelasu_companion("companion-turn-pairs");
    for t in ["B1-C1", "B3-C3", "B4-C4", "B5-C5"] {
        type_and_enter(&mut app, t);
    }
    let m = app.world().resource::<veney::host::grid::ActiveMatch>();
    assert_eq!(m.game.history_len(), 4, "Blue's turn is played");
    assert_eq!(feed(&app).memory[1], ("Turn".to_string(), "1".to_string()));
    for t in ["I4-H4", "I5-H5", "I6-H6", "I8-H8"] {
        type_and_enter(&mut app, t);
    }
    assert_eq!(feed(&app).memory[1], ("Turn".to_string(), "2".to_string()));
    // At the end of a game, the last turn played: Red resigns on Blue's second turn.
    let red = game_api::Player(1);
    ask(&mut app, veney::host::grid::Intent::Resign(red));
    let m = app.world().resource::<veney::host::grid::ActiveMatch>();
    assert!(matches!(m.game.decision(), game_api::Decision::Over(_)));
    assert_eq!(feed(&app).memory[1], ("Turn".to_string(), "1".to_string()));
}

/// The feed is the screen's own: a grid screen with no game yet shows none of the last game's
/// moves, memory or call; back on Veney's board its own comes back (a review found Veney's feed
/// left in the window over Tirachen's new-game dialog, its buttons doing nothing).
#[test]
fn the_feed_goes_with_the_screen() {
    use veney::host::OpenScreen;
    let mut app = companion_app("companion-feed-screen", game(UntenablePolicy::Strict, None));
    assert_eq!(feed(&app).game, "Veney");
    assert!(!feed(&app).moves.is_empty());
    ask(&mut app, OpenScreen(veney::Screen::Title));
    ask(&mut app, OpenScreen(veney::Screen::Tirachen));
    let f = feed(&app);
    assert!(
        f.moves.is_empty() && f.memory.is_empty() && f.call.is_none() && f.chance.is_none(),
        "{f:?}"
    );
    assert_ne!(f.game, "Veney");
    ask(&mut app, OpenScreen(veney::Screen::Veney));
    assert_eq!(feed(&app).game, "Veney");
    assert!(!feed(&app).moves.is_empty());
}

/// §2.0.18 Obscurant Chaos: "… or even interrupting a double-move in process". Black's Cloak
/// steps onto its engagement on White's unspent trap square; White types the trap's invocation
/// there, `~W6`: Black's turn ends where it stands and the trap is sprung, as the Interrupt
/// button does — and Undo takes it back whole (a review found `~W6` refused as no trap of
/// the mover's).
#[test]
fn the_trap_is_typed_in_the_middle_of_the_opponents_turn() {
    let r = Arc::new(veney_rules::Rules::standard());
    let p = black_steps_onto_whites_trap(&r);
    let mut app = companion_app("typed-trap", Game::from_position_seeded(r, p, 1));
    type_and_enter(&mut app, "CW6");
    assert!(
        matches!(verdict(&app), Verdict::Tenable(_)),
        "{:?}",
        verdict(&app)
    );
    let before = *app.world().resource::<CurrentGame>().0.position();
    assert_eq!(before.turn(), Side::Black);
    type_and_enter(&mut app, "~W6");
    assert!(
        matches!(verdict(&app), Verdict::Tenable(_)),
        "{:?}",
        verdict(&app)
    );
    let w6 = veney_rules::Square::parse("W6").unwrap();
    let pos = *app.world().resource::<CurrentGame>().0.position();
    assert_eq!(pos.turn(), Side::White);
    assert!(pos.chaos_spent(Side::White).contains(w6));
    ask(&mut app, veney::packs::veney::game::Command::Undo);
    assert_eq!(
        *app.world().resource::<CurrentGame>().0.position(),
        before,
        "the interruption taken back whole"
    );
}

/// A game of the standard start drawn by agreement with the Hug agreed: the Hug awaits both
/// hands (§2.0.23).
fn hug_awaited() -> Game {
    let o = veney_rules::options::RuleOptions {
        hug: true,
        ..Default::default()
    };
    let r = Arc::new(veney_rules::Rules::standard_with(o));
    let mut g = Game::from_position_seeded(r.clone(), Position::start(&r), 1);
    g.agree_draw();
    g
}

/// While the Hug's hidden picks wait (§2.0.23 "The results are revealed simultaneously"),
/// nothing typed is shown back on the shared screen: a pick typed there is refused without its
/// text (a review found "betray" left on the verdict line for the other player to read).
#[test]
fn a_pick_typed_while_the_hug_waits_is_not_shown() {
    let mut app = companion_app("hug-typed", hug_awaited());
    ask(&mut app, CompanionIntent::Enter("betray".into()));
    match verdict(&app) {
        Verdict::Refused { text, why } => {
            assert!(
                !text.contains("betray") && !why.contains("betray"),
                "{text}: {why}"
            );
            assert!(why.contains("hidden pick"), "{why}");
        }
        v => panic!("not refused: {v:?}"),
    }
}

/// Between people with the guess dice played at the table, the whole result typed in (`@g…`) is
/// the reveal itself and stands while nothing is hidden in the app (README's notation; a review
/// found it refused as "a hidden pick waits").
#[test]
fn a_guess_typed_whole_between_people_stands() {
    let o = veney_rules::options::RuleOptions {
        dice: veney_rules::dice::DiceMethod::GuessMeasureStep,
        ..Default::default()
    };
    let r = Arc::new(veney::packs::veney::game::rules_with(o).unwrap());
    let p = Position::from_text(&r, THROW).unwrap();
    let mut app = companion_app("guess-typed", Game::from_position_seeded(r, p, 5));
    type_the_throw(&mut app);
    assert!(matches!(g(&app).position().phase(), Phase::Throw { .. }));
    let legal = g(&app).legal_actions();
    let roll = *legal
        .iter()
        .find(|a| matches!(a, Action::Roll(_)))
        .expect("a roll to type");
    let text =
        veney_rules::notation::San::of_action(&g(&app).rules, g(&app).position(), &legal, &roll)
            .to_string();
    assert!(text.starts_with("@g"), "{text}");
    type_and_enter(&mut app, &text);
    assert!(
        matches!(verdict(&app), Verdict::Tenable(_)),
        "{:?}",
        verdict(&app)
    );
    assert!(!matches!(g(&app).position().phase(), Phase::Throw { .. }));
}

/// White's Hug hand is in (§2.0.23 "With their choice hidden under the table"): a text typed
/// then is refused by the secret's guard, and not shown back either (a review found it echoed
/// on the verdict line, the guard's own refusal never reached).
#[test]
fn a_text_typed_after_the_first_hug_pick_is_not_shown() {
    let mut app = companion_app("hug-typed-after-pick", hug_awaited());
    ask(
        &mut app,
        veney::packs::veney::game::Command::HugPick(veney_rules::hug::HugChoice::Betray),
    );
    ask(&mut app, CompanionIntent::Enter("betray".into()));
    match verdict(&app) {
        Verdict::Refused { text, why } => {
            assert!(
                !text.contains("betray") && !why.contains("betray"),
                "{text}: {why}"
            );
            assert_eq!(text, "(not shown)");
        }
        v => panic!("not refused: {v:?}"),
    }
}

/// §2.0.18 Obscurant Chaos, "even interrupting a double-move in process", against the computer:
/// its Cloak lands on the person's trap and it waits for the answer (`computer::TrapWait`);
/// `~W6` typed in the companion springs it as the panel's button does (a review found it
/// refused as "spring it, or let it pass").
#[test]
fn the_persons_trap_is_typed_against_the_computer() {
    let r = Arc::new(veney_rules::Rules::standard());
    let p = black_steps_onto_whites_trap(&r);
    let mut app = companion_app("typed-trap-computer", Game::from_position_seeded(r, p, 1));
    // Black's move, then the computer takes Black (it waits over White's trap).
    type_and_enter(&mut app, "CW6");
    app.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    app.update();
    assert_eq!(g(&app).position().turn(), Side::Black, "the computer waits");
    // Typed while an earlier position is looked at: refused by the review's guard, and said so
    // (an audit found "tenable, played" said before the guard ran).
    app.world_mut()
        .resource_mut::<veney::packs::veney::game::Viewing>()
        .0 = Some(0);
    let before = g(&app).actions().count();
    type_and_enter(&mut app, "~w6");
    assert!(
        matches!(verdict(&app), Verdict::Refused { .. }),
        "{:?}",
        verdict(&app)
    );
    assert_eq!(g(&app).actions().count(), before);
    app.world_mut()
        .resource_mut::<veney::packs::veney::game::Viewing>()
        .0 = None;
    app.update();
    type_and_enter(&mut app, "~w6");
    assert!(
        matches!(verdict(&app), Verdict::Tenable(_)),
        "{:?}",
        verdict(&app)
    );
    let w6 = veney_rules::Square::parse("W6").unwrap();
    let pos = *g(&app).position();
    assert_eq!(pos.turn(), Side::White);
    assert!(pos.chaos_spent(Side::White).contains(w6));
}

/// Against the computer the call button is the person's own call, "graciously by the player who
/// made it" (§2.0.22): the line says so while the call stands open, not that the computer's
/// side may press it (a review found "Black may call it" with Black the computer's).
#[test]
fn against_the_computer_the_call_line_names_the_persons_own_call() {
    let mut app = companion_app(
        "call-line-computer",
        game(UntenablePolicy::TurnPenalty, None),
    );
    type_and_enter(&mut app, "$X9");
    assert!(matches!(verdict(&app), Verdict::Untenable { .. }));
    // The computer takes Black while the call stands, the New game dialog over the board so
    // that it does not call yet (its call waits behind the dialog; the dialog is the UI's:
    // headless, made here).
    app.world_mut()
        .init_resource::<veney::packs::veney::panels::NewGameDialog>();
    app.world_mut()
        .resource_mut::<veney::packs::veney::panels::NewGameDialog>()
        .open = true;
    app.world_mut()
        .resource_mut::<veney::packs::veney::computer::VeneyComputer>()
        .0 = [None, Some(game_ai::Level::Beginner)];
    ask(&mut app, CompanionIntent::Enter(String::new()));
    let call = feed(&app).call.expect("the call still open");
    assert!(
        call.contains("White graciously") && call.contains("White's own call"),
        "{call}"
    );
}
