//! Secrets kept on one screen (issue 16), headless: every hidden choice is committed, handed
//! over and revealed to both at once — the Hug (§2.0.23), the guess dice's hidden pick (§2.0.R1),
//! the hidden hand that decides who goes first (§2.0.19 step 4) and the concealed setup
//! (§2.0.19). The screen is `SecretScreen`, the data the egui view draws; the hand-over and the
//! second player's screen never depend on the first secret. A seat played by the computer
//! commits without a screen.
use bevy::prelude::*;
use std::sync::Arc;
use veney::packs::veney::computer::VeneyComputer;
use veney::packs::veney::game::{Command, CurrentGame, HugPick, Status};
use veney::packs::veney::secrets::{
    Hand, SecretChoice, SecretIntent, SecretKind, SecretPane, SecretScreen, Stage,
};
use veney_rules::hug::HugChoice;
use veney_rules::options::RuleOptions;
use veney_rules::outcome::{Mate, Outcome};
use veney_rules::{Game, Position, Rules, Side, Square};

mod common;
use common::send;

fn pane(app: &App) -> Option<SecretPane> {
    app.world().resource::<SecretScreen>().0.clone()
}

fn stage(app: &App) -> Option<(SecretKind, Stage)> {
    pane(app).map(|p| (p.kind, p.stage))
}

fn game(app: &App) -> &Game {
    &app.world().resource::<CurrentGame>().0
}

/// Everything the players can read on screen besides the secret screen: the prompt, the news,
/// a refusal.
fn status(app: &App) -> (String, Option<String>, Option<String>) {
    let s = app.world().resource::<Status>();
    (s.prompt.clone(), s.info.clone(), s.refusal.clone())
}

fn intent(app: &mut App, i: SecretIntent) {
    app.world_mut().write_message(i);
    app.update();
    app.update();
}

/// A game drawn by agreement, to be settled by a Hug (§2.0.23), with these computer seats.
fn drawn(name: &str, seats: [bool; 2]) -> App {
    let o = RuleOptions {
        hug: true,
        ..Default::default()
    };
    drawn_with(Arc::new(Rules::standard_with(o)), name, seats)
}

/// `drawn` under these rules.
fn drawn_with(r: Arc<Rules>, name: &str, seats: [bool; 2]) -> App {
    let mut g = Game::from_position_seeded(r.clone(), Position::start(&r), 1);
    g.agree_draw();
    playing(name, g, seats)
}

/// A headless app playing `g`, the computer on `seats` at the beginner's level.
fn playing(name: &str, g: Game, seats: [bool; 2]) -> App {
    let mut app = common::headless(name, None);
    app.world_mut().resource_mut::<VeneyComputer>().0 =
        seats.map(|c| c.then_some(game_ai::Level::Beginner));
    app.world_mut().insert_resource(CurrentGame(g));
    app.update();
    app.update();
    app
}

/// A Hug pick is taken only while a Hug is open (§2.0.23: after a draw, with the option on): one
/// sent with no draw standing — the computer's, in the frame its call took the draw back — is
/// refused and leaves no pick behind (a review found it kept).
#[test]
fn a_hug_pick_with_no_hug_open_is_refused() {
    let mut o = RuleOptions::default();
    o.hug = true;
    let g = Game::new(Arc::new(Rules::standard_with(o)));
    let mut a = playing("hug-pick-none", g, [false, false]);
    send(&mut a, Command::HugPick(HugChoice::Betray));
    assert_eq!(a.world().resource::<HugPick>().pick, None);
    let refusal = a.world().resource::<Status>().refusal.clone();
    assert!(refusal.is_some_and(|r| r.contains("no Hug open")));
}

#[test]
fn a_hug_is_committed_handed_over_and_revealed() {
    // §2.0.23 Hug: "With their choice hidden under the table, each conceals either the Dagger
    // (to betray) or Self (to hug) in one hand. The results are revealed simultaneously."
    let mut a = drawn("hug", [false, false]);
    assert_eq!(stage(&a), Some((SecretKind::Hug, Stage::Pick(Side::White))));
    send(&mut a, Command::HugPick(HugChoice::Betray));
    assert_eq!(
        stage(&a),
        Some((SecretKind::Hug, Stage::Handover(Side::Black))),
        "White's choice is in: the screen is covered for the hand-over"
    );
    intent(&mut a, SecretIntent::HandedOver(Side::Black));
    assert_eq!(stage(&a), Some((SecretKind::Hug, Stage::Pick(Side::Black))));
    assert!(matches!(
        game(&a).position().outcome(),
        Some(Outcome::Draw { .. })
    ));
    send(&mut a, Command::Hug(HugChoice::Hug));
    // The reveal: both hands at once, and the ending.
    let p = pane(&a).expect("the reveal");
    assert_eq!((p.kind, p.stage), (SecretKind::Hug, Stage::Reveal));
    let text = p.text();
    assert!(text.contains("White hid the Dagger (to betray)."), "{text}");
    assert!(text.contains("Black hid the Self (to hug)."), "{text}");
    assert!(text.contains("White wins by checkmate by touch"), "{text}");
    assert_eq!(
        game(&a).position().outcome(),
        Some(Outcome::Checkmate {
            winner: Side::White,
            by: Mate::Touch
        })
    );
    intent(&mut a, SecretIntent::Seen);
    assert_eq!(pane(&a), None, "seen: back to the board");
}

/// The screens after the first secret, for each first choice: the hand-over and the second
/// player's pick, with what the rest of the screen says.
type Seen = Vec<(Option<SecretPane>, (String, Option<String>, Option<String>))>;

fn after_first(a: &mut App, second: impl Fn(&mut App)) -> Seen {
    let mut v = vec![(pane(a), status(a))];
    second(a);
    v.push((pane(a), status(a)));
    v
}

#[test]
fn the_hand_over_never_shows_the_first_secret() {
    // §2.0.23 Hug: the hand-over and Black's screen are the same whatever White hid.
    let seen: Vec<Seen> = [HugChoice::Hug, HugChoice::Betray]
        .into_iter()
        .map(|c| {
            let mut a = drawn(&format!("hug-secret-{c:?}"), [false, false]);
            send(&mut a, Command::HugPick(c));
            after_first(&mut a, |a| intent(a, SecretIntent::HandedOver(Side::Black)))
        })
        .collect();
    assert_eq!(seen[0], seen[1]);
    assert_eq!(
        seen[0][0].0.as_ref().map(|p| p.stage),
        Some(Stage::Handover(Side::Black))
    );
    assert_eq!(
        seen[0][1].0.as_ref().map(|p| p.stage),
        Some(Stage::Pick(Side::Black))
    );

    // §2.0.R1 guess by measure & step: the thrower's screens are the same wherever the
    // defender hid the token.
    let seen: Vec<Seen> = [0u8, 3]
        .into_iter()
        .map(|h| {
            let mut a = throwing(&format!("guess-secret-{h}"), [false, false]);
            assert_eq!(
                stage(&a),
                Some((SecretKind::Guess, Stage::Pick(Side::Black))),
                "the defender hides"
            );
            send(&mut a, Command::Hide(h));
            after_first(&mut a, |a| intent(a, SecretIntent::HandedOver(Side::White)))
        })
        .collect();
    assert_eq!(seen[0], seen[1]);
    assert_eq!(
        seen[0][1].0.as_ref().map(|p| p.stage),
        Some(Stage::Pick(Side::White))
    );

    // §2.0.19 step 4, random drawing: Black's screens are the same whichever hand White chose.
    let seen: Vec<Seen> = [Hand::Left, Hand::Right]
        .into_iter()
        .map(|h| {
            let mut a = common::headless(&format!("hand-secret-{h:?}"), None);
            hand_draw(&mut a);
            intent(&mut a, SecretIntent::Hold(h));
            after_first(&mut a, |a| intent(a, SecretIntent::HandedOver(Side::Black)))
        })
        .collect();
    assert_eq!(seen[0], seen[1]);
    assert_eq!(
        seen[0][0].0.as_ref().map(|p| p.stage),
        Some(Stage::Handover(Side::Black))
    );
}

/// White's Dagger threatens Black's Self across the board: White throws (§2.0.08) with the
/// guess-by-measure-&-step dice (§2.0.R1), four places.
fn throwing(name: &str, seats: [bool; 2]) -> App {
    throwing_with(veney_rules::dice::DiceMethod::GuessMeasureStep, name, seats)
}

/// `throwing` with these dice.
fn throwing_with(dice: veney_rules::dice::DiceMethod, name: &str, seats: [bool; 2]) -> App {
    let o = RuleOptions {
        dice,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let p = common::dagger_throw_position(&r);
    let mut a = common::headless(name, Some(Game::from_position_seeded(r, p, 1)));
    a.world_mut().resource_mut::<VeneyComputer>().0 =
        seats.map(|c| c.then_some(game_ai::Level::Beginner));
    send(&mut a, Command::Click(Square::parse("X5").unwrap()));
    send(&mut a, Command::Click(Square::parse("X8").unwrap()));
    a
}

#[test]
fn a_guess_is_hidden_handed_over_guessed_and_revealed() {
    // §2.0.R1: "the defender hides a token; the attacker guesses".
    let mut a = throwing("guess", [false, false]);
    send(&mut a, Command::Hide(2));
    assert_eq!(
        stage(&a),
        Some((SecretKind::Guess, Stage::Handover(Side::White)))
    );
    intent(&mut a, SecretIntent::HandedOver(Side::White));
    send(&mut a, Command::Guess(1));
    let p = pane(&a).expect("the reveal");
    assert_eq!(p.stage, Stage::Reveal);
    let text = p.text();
    assert!(
        text.contains("Black hid the token at place 3 of 4."),
        "{text}"
    );
    assert!(text.contains("White guessed place 2: a miss"), "{text}");
}

#[test]
fn the_defender_lets_the_dice_decide_against_the_computers_throw() {
    // §2.0.R1 (guess methods): "the defender hides a token" — or, in the app, lets the game's
    // dice decide; a person defending against the computer's throw may (a review found the
    // button refused as "the computer is to move").
    let mut a = throwing("guess-dice-computer", [false, false]);
    a.world_mut().resource_mut::<VeneyComputer>().0 = [Some(game_ai::Level::Beginner), None];
    let p = pane(&a).expect("the hidden pick");
    assert!(
        p.text().contains("or let the game's dice decide"),
        "{}",
        p.text()
    );
    send(&mut a, Command::Roll);
    // The dice hid the token; the computer still makes its own guess (§2.0.R1: "the attacking
    // player must guess").
    for _ in 0..5 {
        a.update();
    }
    assert!(
        !matches!(
            a.world().resource::<CurrentGame>().0.position().phase(),
            veney_rules::Phase::Throw { .. }
        ),
        "the roll was made"
    );
}

#[test]
fn the_dice_hide_the_token_and_the_thrower_still_guesses() {
    // §2.0.R1: "The defending player places a new, unused token … the attacking player must
    // guess": letting the dice hide it leaves the guess to the thrower (a review found the dice
    // guessing too).
    let mut a = throwing("guess-dice-hide", [false, false]);
    send(&mut a, Command::Roll);
    assert_eq!(
        stage(&a),
        Some((SecretKind::Guess, Stage::Handover(Side::White)))
    );
    intent(&mut a, SecretIntent::HandedOver(Side::White));
    assert_eq!(
        stage(&a),
        Some((SecretKind::Guess, Stage::Pick(Side::White)))
    );
    send(&mut a, Command::Guess(0));
    assert_eq!(stage(&a), Some((SecretKind::Guess, Stage::Reveal)));
    assert!(pane(&a).unwrap().text().contains("White guessed place 1"));
}

#[test]
fn keys_under_the_secret_screen_do_not_touch_the_secret() {
    // §2.0.R1: the defender's token stays hidden and the defender's own. After it is hidden,
    // Esc, undo, R or a typed throw from the other player are refused (a review found Esc
    // discarded the token and handed the hiding back to the thrower's eyes).
    let mut a = throwing("guess-keys", [false, false]);
    send(&mut a, Command::Hide(2));
    for cmd in [Command::Cancel, Command::Undo, Command::Roll, Command::Hint] {
        send(&mut a, cmd.clone());
        let status = a.world().resource::<Status>();
        assert!(
            status
                .refusal
                .as_deref()
                .is_some_and(|r| r.contains("a secret choice is being made")),
            "{cmd:?}: {:?}",
            status.refusal
        );
        assert_eq!(
            stage(&a),
            Some((SecretKind::Guess, Stage::Handover(Side::White))),
            "{cmd:?}"
        );
    }
    intent(&mut a, SecretIntent::HandedOver(Side::White));
    send(&mut a, Command::Guess(2));
    assert!(
        pane(&a)
            .unwrap()
            .text()
            .contains("Black hid the token at place 3")
    );
}

#[test]
fn the_high_risk_guess_names_the_halves() {
    // §2.0.R1: "For a high-risk variant, equivalent to a coin toss, the attacking player guesses
    // which side the token is on" — the X or Y half of the board's central axis.
    let mut a = throwing_with(
        veney_rules::dice::DiceMethod::GuessSide,
        "guess-side",
        [false, false],
    );
    let p = pane(&a).expect("the hidden pick");
    let labels: Vec<&str> = p.buttons.iter().map(|b| b.0.as_str()).collect();
    assert_eq!(labels[..2], ["the X half", "the Y half"], "{labels:?}");
    send(&mut a, Command::Hide(1));
    intent(&mut a, SecretIntent::HandedOver(Side::White));
    send(&mut a, Command::Guess(1));
    let text = pane(&a).expect("the reveal").text();
    assert!(
        text.contains("Black hid the token in the Y half."),
        "{text}"
    );
    assert!(text.contains("White guessed the Y half: a hit"), "{text}");
}

fn hand_draw(a: &mut App) {
    let o = RuleOptions {
        first_by: veney_rules::setup_styles::FirstPlayerMethod::RandomDraw,
        ..Default::default()
    };
    let std = veney::packs::veney::game::standard_set_path();
    intent(a, SecretIntent::HandDraw(o, [std.clone(), std]));
}

#[test]
fn the_hidden_hand_decides_who_goes_first() {
    // §2.0.19 step 4: "One player holds the free engagement in a closed hand … the other player
    // … guesses which hand contains the piece. If they guess right, they go first."
    for (held, guess, first) in [
        (Hand::Left, Hand::Left, Side::Black),
        (Hand::Left, Hand::Right, Side::White),
    ] {
        let mut a = common::headless(&format!("hand-{guess:?}"), None);
        hand_draw(&mut a);
        assert_eq!(
            stage(&a),
            Some((SecretKind::Hand, Stage::Pick(Side::White)))
        );
        intent(&mut a, SecretIntent::Hold(held));
        intent(&mut a, SecretIntent::HandedOver(Side::Black));
        assert_eq!(
            stage(&a),
            Some((SecretKind::Hand, Stage::Pick(Side::Black)))
        );
        intent(&mut a, SecretIntent::GuessHand(guess));
        assert_eq!(game(&a).position().turn(), first);
        // The game stays under its random drawing, its result the hand's (a review found it
        // under "agreed", the save's [Rules] and the next dialog too).
        let o = &game(&a).rules.options;
        assert_eq!(
            (o.first_by, o.first_player),
            (
                veney_rules::setup_styles::FirstPlayerMethod::RandomDraw,
                first
            )
        );
        let text = pane(&a).expect("the reveal").text();
        assert!(text.contains(&format!("{first} goes first")), "{text}");
        intent(&mut a, SecretIntent::Seen);
        assert_eq!(pane(&a), None);
    }
}

/// The hidden hand is drawn between the players of the new game its Start picked, not the old
/// game's (a review found the one person at the table holding and guessing against a new
/// computer seat, and an old computer seat guessing in a game between two people).
#[test]
fn the_hidden_hand_is_drawn_between_the_new_games_players() {
    use game_ai::Level;
    use veney::packs::veney::computer::PendingSeats;
    let mut a = common::headless("hand-seats", None);
    a.world_mut().resource_mut::<PendingSeats>().0 = Some([None, Some(Level::Beginner)]);
    hand_draw(&mut a);
    assert_eq!(
        stage(&a),
        Some((SecretKind::Hand, Stage::Pick(Side::White)))
    );
    intent(&mut a, SecretIntent::Hold(Hand::Left));
    // No hand-over to Black, and no guess asked of Black: the computer guesses.
    assert!(
        !matches!(
            stage(&a),
            Some((_, Stage::Handover(Side::Black) | Stage::Pick(Side::Black)))
        ),
        "{:?}",
        stage(&a)
    );
    until(&mut a, "the reveal", |a| {
        matches!(stage(a), Some((SecretKind::Hand, Stage::Reveal)))
    });
    // And the other way round: an old game's computer seat does not guess in a new game
    // between two people.
    let mut b = common::headless("hand-seats-people", None);
    b.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(Level::Beginner)];
    b.world_mut().resource_mut::<PendingSeats>().0 = Some([None, None]);
    hand_draw(&mut b);
    intent(&mut b, SecretIntent::Hold(Hand::Left));
    assert_eq!(
        stage(&b),
        Some((SecretKind::Hand, Stage::Handover(Side::Black)))
    );
}

/// Runs frames until `done` (the computer's picks arrive through commands).
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..200 {
        if done(app) {
            return;
        }
        app.update();
    }
    panic!("timed out waiting for {what}");
}

#[test]
fn the_computers_hug_does_not_read_the_other_pick() {
    // §2.0.23 Hug, ruling R-HUG-COMPUTER: the computer playing Black picks the same whatever
    // White hid (the same game and seed), and, as two Daggers lose for both and one Dagger wins,
    // its strategy is the Dagger.
    let black_pick = |white: HugChoice, name: &str| {
        let mut a = drawn(name, [false, true]);
        send(&mut a, Command::HugPick(white));
        until(&mut a, "the reveal", |a| {
            stage(a) == Some((SecretKind::Hug, Stage::Reveal))
        });
        match (white, game(&a).position().outcome()) {
            (HugChoice::Hug, Some(Outcome::Draw { .. }))
            | (HugChoice::Betray, Some(Outcome::Checkmate { .. })) => HugChoice::Hug,
            (HugChoice::Hug, Some(Outcome::Checkmate { .. }))
            | (HugChoice::Betray, Some(Outcome::DoubleCheckmate)) => HugChoice::Betray,
            (w, o) => panic!("White hid {w:?} and the Hug ended {o:?}"),
        }
    };
    let after_hug = black_pick(HugChoice::Hug, "hug-blind-1");
    let after_dagger = black_pick(HugChoice::Betray, "hug-blind-2");
    assert_eq!(after_hug, after_dagger);
    assert_eq!(after_hug, HugChoice::Betray);
}

#[test]
fn a_computer_seat_commits_without_a_hand_over() {
    // §2.0.23 Hug against the computer playing Black: White hides, the computer commits without
    // a screen, the reveal follows.
    let mut a = drawn("hug-computer", [false, true]);
    send(&mut a, Command::HugPick(HugChoice::Hug));
    until(&mut a, "the reveal", |a| {
        stage(a) == Some((SecretKind::Hug, Stage::Reveal))
    });
    assert!(a.world().resource::<HugPick>().settled.is_some());

    // The computer playing White commits first: Black chooses at once, with no hand-over.
    let mut a = drawn("hug-computer-white", [true, false]);
    until(&mut a, "Black's pick", |a| {
        stage(a) == Some((SecretKind::Hug, Stage::Pick(Side::Black)))
    });
    // Its pick comes from the game's seed: the same game picks the same again.
    let first = a.world().resource::<HugPick>().pick;
    assert!(first.is_some());
    let mut again = drawn("hug-computer-white-again", [true, false]);
    until(&mut again, "Black's pick again", |a| {
        stage(a) == Some((SecretKind::Hug, Stage::Pick(Side::Black)))
    });
    assert_eq!(again.world().resource::<HugPick>().pick, first);

    // §2.0.R1: the computer defends: it hides without a screen; White guesses at once.
    let mut a = throwing("guess-computer", [false, true]);
    until(&mut a, "White's guess", |a| {
        stage(a) == Some((SecretKind::Guess, Stage::Pick(Side::White)))
    });
    send(&mut a, Command::Guess(0));
    assert_eq!(stage(&a), Some((SecretKind::Guess, Stage::Reveal)));

    // §2.0.19 concealed setup against the computer playing Black: White arranges, no hand-over,
    // the computer arranges, both stances are revealed.
    let mut a = common::headless("setup-computer", None);
    a.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Beginner)];
    let o = RuleOptions {
        setup_style: veney_rules::setup_styles::SetupStyle::Concealed,
        ..Default::default()
    };
    let std = veney::packs::veney::game::standard_set_path();
    send(&mut a, Command::NewGameWith(o, [std.clone(), std]));
    for (piece, sq) in [
        ("Self", "X4"),
        ("Sword", "Y4"),
        ("Cloak", "W4"),
        ("Balance", "Z4"),
        ("Engagement", "W7"),
        ("Engagement", "X5"),
        ("Engagement", "Y6"),
        ("Engagement", "Z5"),
    ] {
        let k = game(&a).rules.set(Side::White).by_name(piece).unwrap();
        send(&mut a, Command::SetupPick(k));
        send(&mut a, Command::Click(Square::parse(sq).unwrap()));
    }
    send(&mut a, Command::SetupReady);
    until(&mut a, "both stances revealed", |a| {
        stage(a) == Some((SecretKind::Setup, Stage::Reveal))
    });
    let pos = *game(&a).position();
    assert_eq!(
        pos.piece_at(Square::parse("W7").unwrap()).map(|p| p.0),
        Some(Side::White)
    );
    let black = Square::all()
        .filter(|s| pos.piece_at(*s).is_some_and(|p| p.0 == Side::Black))
        .count();
    assert_eq!(black, 8, "the computer arranged its stance");
}

#[test]
fn a_concealed_setup_between_people_hands_over_then_reveals() {
    // §2.0.19 Sittuyin-style: "without revealing your position to your opponent … revealing it
    // at the board simultaneously".
    let mut a = common::headless("setup-people", None);
    let o = RuleOptions {
        setup_style: veney_rules::setup_styles::SetupStyle::Concealed,
        ..Default::default()
    };
    let std = veney::packs::veney::game::standard_set_path();
    send(&mut a, Command::NewGameWith(o, [std.clone(), std]));
    let place = |a: &mut App, side: Side, v: &[(&str, &str)]| {
        for (piece, sq) in v {
            let k = game(a).rules.set(side).by_name(piece).unwrap();
            send(a, Command::SetupPick(k));
            send(a, Command::Click(Square::parse(sq).unwrap()));
        }
    };
    place(
        &mut a,
        Side::White,
        &[
            ("Self", "X4"),
            ("Sword", "Y4"),
            ("Cloak", "W4"),
            ("Balance", "Z4"),
            ("Engagement", "W7"),
            ("Engagement", "X5"),
            ("Engagement", "Y6"),
            ("Engagement", "Z5"),
        ],
    );
    send(&mut a, Command::SetupReady);
    let p = pane(&a).expect("the hand-over");
    assert_eq!(
        (p.kind, p.stage),
        (SecretKind::Setup, Stage::Handover(Side::Black))
    );
    // Nothing of White's stance is on the board while it is handed over.
    assert!(Square::all().all(|s| game(&a).position().piece_at(s).is_none()));
    let (label, choice) = p.buttons[0].clone();
    assert!(label.contains("I am Black"));
    let veney::packs::veney::secrets::SecretChoice::Send(cmd) = choice else {
        panic!("the hand-over is the setup's own command");
    };
    send(&mut a, cmd);
    assert_eq!(pane(&a), None, "Black arranges on the board");
    assert!(Square::all().all(|s| game(&a).position().piece_at(s).is_none()));
    place(
        &mut a,
        Side::Black,
        &[
            ("Self", "Y13"),
            ("Sword", "X13"),
            ("Cloak", "Z13"),
            ("Balance", "W13"),
            ("Engagement", "W12"),
            ("Engagement", "X11"),
            ("Engagement", "Y12"),
            ("Engagement", "Z10"),
        ],
    );
    send(&mut a, Command::SetupReady);
    assert_eq!(stage(&a), Some((SecretKind::Setup, Stage::Reveal)));
    let pos = game(&a).position();
    assert!(pos.piece_at(Square::parse("W7").unwrap()).is_some());
    assert!(pos.piece_at(Square::parse("Z10").unwrap()).is_some());
}

/// A game drawn by agreement between the Ceremonial Guard (White, no Dagger) and the standard
/// army, to be settled by a Hug, with these computer seats.
fn drawn_guard(name: &str, seats: [bool; 2]) -> App {
    let o = RuleOptions {
        hug: true,
        ..Default::default()
    };
    let sets = ["ceremonial", "standard"]
        .map(|n| std::path::PathBuf::from(format!("config/sets/{n}.ron")));
    let r = Arc::new(veney::packs::veney::game::rules_for(&sets, o).unwrap());
    drawn_with(r, name, seats)
}

#[test]
fn an_army_without_a_dagger_is_offered_only_the_self() {
    // §2.0.23: "each conceals either the Dagger (to betray) or Self (to hug)"; ruling
    // R-HUG-NO-DAGGER: the Ceremonial Guard has no Dagger to conceal.
    let mut a = drawn_guard("hug-guard", [false, false]);
    let p = pane(&a).expect("White's Hug pane");
    assert_eq!(p.stage, Stage::Pick(Side::White));
    // One hand to hide (and the way back: nothing secret is in yet).
    let picks = p
        .buttons
        .iter()
        .filter(|b| matches!(b.1, SecretChoice::Send(Command::HugPick(_))))
        .count();
    assert_eq!(picks, 1, "{:?}", p.buttons);
    assert!(p.text().contains("has no Dagger"), "{}", p.text());
    // A Dagger sent anyway is refused by the rules, naming the Hug, and the draw stands.
    send(&mut a, Command::HugPick(HugChoice::Betray));
    intent(&mut a, SecretIntent::HandedOver(Side::Black));
    send(&mut a, Command::Hug(HugChoice::Hug));
    let refusal = status(&a).2.unwrap_or_default();
    assert!(
        refusal.contains("§2.0.23") && refusal.contains("no Dagger"),
        "{refusal}"
    );
    assert!(matches!(
        game(&a).position().outcome(),
        Some(Outcome::Draw { .. })
    ));
    // The computer playing the Guard hides the Self, and the standard army's Dagger wins.
    let mut c = drawn_guard("hug-guard-computer", [true, false]);
    until(&mut c, "the computer's pick", |a| {
        a.world().resource::<HugPick>().pick.is_some()
    });
    assert_eq!(c.world().resource::<HugPick>().pick, Some(HugChoice::Hug));
}

#[test]
fn undo_takes_back_the_hug_alone_and_it_is_played_again() {
    // §2.0.23: "a draw must be settled with a 'hug'" — undoing the settlement goes back to the
    // draw awaiting its Hug, not past the last move (a review found undo then redo left an
    // unsettled draw with the Hug closed).
    let mut a = drawn("hug-undo", [false, false]);
    send(&mut a, Command::HugPick(HugChoice::Betray));
    intent(&mut a, SecretIntent::HandedOver(Side::Black));
    send(&mut a, Command::Hug(HugChoice::Hug));
    intent(&mut a, SecretIntent::Seen);
    assert!(matches!(
        game(&a).position().outcome(),
        Some(Outcome::Checkmate { .. })
    ));
    send(&mut a, Command::Undo);
    assert!(
        matches!(game(&a).position().outcome(), Some(Outcome::Draw { .. })),
        "{:?}",
        game(&a).position().outcome()
    );
    assert_eq!(stage(&a), Some((SecretKind::Hug, Stage::Pick(Side::White))));
    // Undo again: the agreement itself is taken back; the game plays on.
    send(&mut a, Command::Undo);
    assert_eq!(game(&a).position().outcome(), None);
    assert_eq!(pane(&a), None);
}

#[test]
fn a_draw_is_offered_and_accepted_then_settled_by_the_hug() {
    // §2.0.21 lists "Draw by agreement" among the endings; with the Hug agreed it is settled by
    // one (§2.0.23). The offer lapses with the next action; the computer declines.
    let o = RuleOptions {
        hug: true,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let mut a = common::headless("draw-offer", None);
    a.world_mut()
        .insert_resource(CurrentGame(Game::from_position_seeded(
            r.clone(),
            Position::start(&r),
            1,
        )));
    a.update();
    send(&mut a, Command::OfferDraw);
    assert_eq!(
        a.world()
            .resource::<veney::packs::veney::game::DrawOffer>()
            .0,
        Some(Side::White)
    );
    // A move lets the offer lapse.
    send(&mut a, Command::Enter("SY5".into()));
    assert_eq!(
        a.world()
            .resource::<veney::packs::veney::game::DrawOffer>()
            .0,
        None
    );
    send(&mut a, Command::AnswerDraw(true));
    assert_eq!(status(&a).2.as_deref(), Some("no draw is offered"));
    // Offered and declined: play on.
    send(&mut a, Command::OfferDraw);
    send(&mut a, Command::AnswerDraw(false));
    assert_eq!(game(&a).position().outcome(), None);
    // Offered and accepted: drawn, and the Hug opens.
    send(&mut a, Command::OfferDraw);
    send(&mut a, Command::AnswerDraw(true));
    assert!(matches!(
        game(&a).position().outcome(),
        Some(Outcome::Draw { .. })
    ));
    a.update();
    assert_eq!(stage(&a), Some((SecretKind::Hug, Stage::Pick(Side::White))));
    // Against the computer the offer is declined at once.
    let mut c = common::headless("draw-offer-computer", None);
    c.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Beginner)];
    send(&mut c, Command::OfferDraw);
    assert_eq!(
        status(&c).1.as_deref(),
        Some("the computer declines the draw and plays on")
    );
    assert_eq!(game(&c).position().outcome(), None);
}

#[test]
fn the_computers_hidden_pick_is_drawn_afresh_after_undo_and_load() {
    // §2.0.R1: the defender's token is hidden from the thrower. Against the computer, undoing
    // the throw and throwing again must not show where it hides (a review found the same pick
    // made again at the same point); the count of its picks goes into the save, so loading one
    // cannot either.
    use veney::packs::veney::secrets::{ComputerDraws, draws_read_from, draws_written_into};
    let mut a = throwing("guess-fresh", [false, false]);
    // Saved before the computer's first pick (its count 0).
    let dir = std::env::temp_dir().join(format!("veney-fresh-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("before.veney");
    send(&mut a, Command::Save(save.clone()));
    assert!(save.exists());
    a.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Beginner)];
    for _ in 0..4 {
        a.update();
    }
    assert_eq!(
        a.world().resource::<ComputerDraws>().0,
        1,
        "the computer hid its token"
    );
    send(&mut a, Command::Guess(0));
    send(&mut a, Command::Undo);
    // The throw is made again; the computer hides again: its second draw.
    let throw = game(&a)
        .legal_actions()
        .into_iter()
        .find(|x| matches!(x, veney_rules::Action::Throw { .. }));
    let t = throw.expect("undo went back before the throw");
    send(&mut a, Command::Play(t));
    for _ in 0..4 {
        a.update();
    }
    assert_eq!(a.world().resource::<ComputerDraws>().0, 2);
    // Loading the save from before never takes the count back: the next pick is a third.
    send(&mut a, Command::Load(save));
    assert_eq!(a.world().resource::<ComputerDraws>().0, 2);
    // The count rides in a save and comes back.
    let text = draws_written_into(
        ComputerDraws(7),
        "[Game \"Veney\"]\n[Seed \"1\"]\n1. SY5;\n",
    );
    assert!(text.contains("[ComputerDraws \"7\"]"), "{text}");
    assert_eq!(draws_read_from(&text), ComputerDraws(7));
    assert_eq!(draws_read_from("[Game \"Veney\"]\n"), ComputerDraws(0));
}

#[test]
fn a_game_ended_during_a_secret_leaves_no_lock() {
    // The defender's token is hidden, then the thrower's flag falls (§2.0.R3): the secret's
    // screen is gone with the game, so undo (to play on) must not be refused as "a secret
    // choice is being made" (a review found the game locked).
    let mut a = throwing("guess-flag", [false, false]);
    send(&mut a, Command::Hide(1));
    assert!(
        a.world_mut()
            .resource_mut::<CurrentGame>()
            .0
            .out_of_time(Side::White)
    );
    a.update();
    assert_eq!(pane(&a), None);
    send(&mut a, Command::Undo);
    let (_, _, refusal) = status(&a);
    assert!(
        refusal
            .as_deref()
            .is_none_or(|r| !r.contains("a secret choice is being made")),
        "{refusal:?}"
    );
    assert!(
        !game(&a).position().is_game_over(),
        "the flag's ending taken back"
    );
}

#[test]
fn a_draw_waiting_for_its_hug_is_resumed_with_it() {
    // §2.0.23: "a draw must be settled with a 'hug'"; ruling R-HUG: the app asks for it as soon
    // as a draw stands. The app closed with the Hug unplayed, the drawn game is resumed and its
    // Hug asked for (a review found the drawn game dropped: quitting escaped the Hug).
    let o = RuleOptions {
        hug: true,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let mut g = Game::from_position_seeded(r.clone(), Position::start(&r), 1);
    let first = g.position().legal_actions(&r)[0];
    g.play(first).unwrap();
    g.agree_draw();
    let mut a = common::headless("hug-resume", Some(g));
    a.update();
    assert_eq!(stage(&a), Some((SecretKind::Hug, Stage::Pick(Side::White))));
    let dir = a
        .world()
        .resource::<veney::packs::veney::game::SaveDir>()
        .0
        .clone();
    assert!(dir.join("autosave.veney").exists());
    drop(a);
    let mut b = App::new();
    b.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
        .insert_state(veney::Screen::Veney)
        .insert_resource(veney::packs::veney::game::SaveDir(dir));
    b.add_plugins(veney::game_plugins);
    b.update();
    b.update();
    assert!(
        matches!(game(&b).position().outcome(), Some(Outcome::Draw { .. })),
        "{:?}",
        status(&b)
    );
    assert_eq!(stage(&b), Some((SecretKind::Hug, Stage::Pick(Side::White))));
}

#[test]
fn a_position_with_a_hug_hand_already_hidden_is_refused_by_the_app() {
    // §2.0.23 "The results are revealed simultaneously": the app makes the Hug from empty
    // hands at its own screen. A position text holding one hand already (`hug=D:-`, as the
    // command line writes between the picks) is refused with why, not taken in to ask for that
    // hand again for ever (a review found the loop, and the hidden pick shown by Copy).
    let o = RuleOptions {
        hug: true,
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let mut g = Game::from_position_seeded(r.clone(), Position::start(&r), 1);
    g.agree_draw();
    let drawn = g.position().to_text(&r);
    let mut a = common::headless("hug-held", Some(Game::new(r.clone())));
    for held in ["D:-", "-:S"] {
        let text = format!("{drawn} hug={held}");
        assert!(Position::from_text(&r, &text).is_ok(), "{text}");
        send(&mut a, Command::SetPosition(text.clone()));
        let refusal = status(&a).2.unwrap_or_default();
        assert!(refusal.contains("Hug hand is already hidden"), "{refusal}");
        assert_eq!(
            game(&a).position(),
            &Position::start(&r),
            "the game is kept"
        );
        // Nor from a record's `[Position]` (a review found it taken in so), under the rules
        // naming the Hug (a record naming none is the defaults', which have no Hug).
        send(
            &mut a,
            Command::LoadRecordText(format!(
                "[Rules \"{}\"]\n[Position \"{text}\"]\n",
                r.options.to_ron()
            )),
        );
        let refusal = status(&a).2.unwrap_or_default();
        assert!(
            refusal.starts_with("could not load the record") && refusal.contains("Hug hand"),
            "{refusal}"
        );
        assert_eq!(game(&a).position(), &Position::start(&r), "kept again");
    }
}

/// A game drawn by no contest by White's untenable quiet move (§2.0.17, played with sand,
/// `TimePenalty`): `seats` as in `drawn`. The Hug's screen comes up at once.
fn drawn_by_an_untenable_move(name: &str, seats: [bool; 2]) -> App {
    drawn_by_an_untenable_move_under(
        name,
        seats,
        veney_rules::options::UntenablePolicy::TimePenalty,
    )
}

/// `drawn_by_an_untenable_move` under the penalty `policy`.
fn drawn_by_an_untenable_move_under(
    name: &str,
    seats: [bool; 2],
    policy: veney_rules::options::UntenablePolicy,
) -> App {
    playing(name, drawn_by(policy, Side::White), seats)
}

/// A game drawn by no contest by `offender`'s untenable quiet move from the start, 99 quiet turns
/// in, under the penalty `policy`, the Hug agreed.
fn drawn_by(policy: veney_rules::options::UntenablePolicy, offender: Side) -> Game {
    let o = RuleOptions {
        hug: true,
        untenable: policy,
        no_contest_turns: Some(100),
        ..Default::default()
    };
    let r = Arc::new(Rules::standard_with(o));
    let mut start = Position::start(&r).to_text(&r);
    if offender == Side::Black {
        start = start.replacen(" w ", " b ", 1);
    }
    let start =
        Position::from_text(&r, &format!("{start} quiet=99")).expect("a start 99 quiet turns in");
    // An untenable action that ends the turn quietly, drawing the game.
    veney_rules::penalty::untenable_actions(&r, &start)
        .into_iter()
        .find_map(|a| {
            let mut g = Game::from_position_seeded(r.clone(), start, 1);
            g.attempt(a).ok()?;
            if !g.position().at_turn_start() {
                g.play(veney_rules::Action::EndTurn).ok()?;
            }
            matches!(g.position().outcome(), Some(Outcome::Draw { .. }))
                .then_some(g)
                .filter(|g| g.callable())
        })
        .expect("an untenable quiet move that draws")
}

/// §2.0.22: "An untenable move can be called out by the opponent … but only immediately after
/// the move is made." The move that drew by no contest brings up the Hug's screen at once; the
/// call is still open there — a button for the person whose call it is, and the computer makes
/// it on its own — and it takes the move back, and the draw with it (a review found the Hug's
/// screen covering the call, the computer never calling, and the chance lost once the Hug
/// settled).
#[test]
fn the_move_that_drew_may_be_called_over_the_hugs_screen() {
    // Between people: Black's call is a button of White's first Hug screen.
    let mut a = drawn_by_an_untenable_move("hug-call-people", [false, false]);
    assert_eq!(stage(&a), Some((SecretKind::Hug, Stage::Pick(Side::White))));
    let p = pane(&a).unwrap();
    let call = p
        .buttons
        .iter()
        .find(|(_, c)| *c == SecretChoice::Send(Command::CallUntenable))
        .expect("a call button");
    assert!(call.0.starts_with("Black: call it untenable"), "{}", call.0);
    send(&mut a, Command::CallUntenable);
    assert_eq!(
        game(&a).position().outcome(),
        None,
        "the draw is taken back"
    );
    assert_eq!(stage(&a), None);
    assert_eq!(
        veney_rules::penalty::time_penalties(game(&a).position(), Side::White),
        1
    );
}

/// The call stays open after White's hidden pick (R-UNTENABLE-CALL: "what follows it that is no
/// move … leaves the call open"; a hidden pick is no move): Black, told to look away from White's
/// first screen, finds it on the hand-over and on its own pick screen (a review found it only on
/// White's screen, every other command refused, the chance lost once the Hug settled). It takes
/// the draw back, and White's pick goes unseen.
#[test]
fn the_move_that_drew_may_be_called_after_whites_hidden_pick() {
    let call_button = |a: &App| {
        pane(a).and_then(|p| {
            p.buttons
                .into_iter()
                .find(|(_, c)| *c == SecretChoice::Send(Command::CallUntenable))
        })
    };
    let mut a = drawn_by_an_untenable_move("hug-call-after-pick", [false, false]);
    send(&mut a, Command::HugPick(HugChoice::Betray));
    assert_eq!(
        stage(&a),
        Some((SecretKind::Hug, Stage::Handover(Side::Black)))
    );
    let (label, _) = call_button(&a).expect("the call on the hand-over");
    assert!(label.starts_with("Black: call it untenable"), "{label}");
    intent(&mut a, SecretIntent::HandedOver(Side::Black));
    assert_eq!(stage(&a), Some((SecretKind::Hug, Stage::Pick(Side::Black))));
    call_button(&a).expect("the call on Black's pick screen");
    send(&mut a, Command::CallUntenable);
    assert_eq!(
        game(&a).position().outcome(),
        None,
        "the draw is taken back"
    );
    assert_eq!(
        veney_rules::penalty::time_penalties(game(&a).position(), Side::White),
        1
    );
    assert_eq!(stage(&a), None, "no reveal of White's pick");
    assert_eq!(a.world().resource::<HugPick>().pick, None);
}

/// Under a Delayed Reset between people the offender's own call is on the Hug's screen too, as
/// on the side panel (§2.0.22 "graciously by the player who made it"; a review found only the
/// opponent's call there): it takes the move back, and the draw with it.
#[test]
fn the_offenders_own_call_is_on_the_hugs_screen_under_a_delayed_reset() {
    let mut a = drawn_by_an_untenable_move_under(
        "hug-own-call",
        [false, false],
        veney_rules::options::UntenablePolicy::DelayedReset,
    );
    let p = pane(&a).unwrap();
    let own = p
        .buttons
        .iter()
        .find(|(_, c)| *c == SecretChoice::Send(Command::CallOwnUntenable))
        .expect("the offender's own call");
    assert!(own.0.starts_with("White: take it back"), "{}", own.0);
    send(&mut a, Command::CallOwnUntenable);
    assert_eq!(
        game(&a).position().outcome(),
        None,
        "the draw is taken back"
    );
    assert_eq!(stage(&a), None);
}

/// The same against the computer (Black): it calls on its own, over the Hug's first screen.
#[test]
fn the_computer_calls_the_move_that_drew_over_the_hugs_screen() {
    let mut a = drawn_by_an_untenable_move("hug-call-computer", [false, true]);
    for _ in 0..4 {
        a.update();
    }
    assert_eq!(game(&a).position().outcome(), None, "the computer called");
    assert_eq!(
        veney_rules::penalty::time_penalties(game(&a).position(), Side::White),
        1
    );
}

/// The computer (Black) held back by the New game dialog while the person's move drew and the
/// person picked their hidden Hug hand: once the dialog closes it still calls the move (a hidden
/// pick is no move, R-UNTENABLE-CALL; §2.0.22 "only immediately after the move is made") — a
/// review found its call refused under the Hug's screen and its pick held back for that call,
/// the game stuck with every command refused.
#[test]
fn the_computer_calls_the_move_that_drew_after_the_persons_hidden_pick() {
    let drawn = drawn_by(
        veney_rules::options::UntenablePolicy::TimePenalty,
        Side::White,
    );
    let mut a = common::headless("hug-call-computer-after-pick", None);
    a.world_mut().resource_mut::<VeneyComputer>().0 = [None, Some(game_ai::Level::Beginner)];
    a.world_mut()
        .init_resource::<veney::packs::veney::panels::NewGameDialog>();
    a.world_mut()
        .resource_mut::<veney::packs::veney::panels::NewGameDialog>()
        .open = true;
    a.world_mut().insert_resource(CurrentGame(drawn));
    a.update();
    a.update();
    assert!(
        game(&a).position().outcome().is_some(),
        "the computer waits behind the dialog"
    );
    send(&mut a, Command::HugPick(HugChoice::Hug));
    a.world_mut()
        .resource_mut::<veney::packs::veney::panels::NewGameDialog>()
        .open = false;
    for _ in 0..4 {
        a.update();
    }
    assert_eq!(game(&a).position().outcome(), None, "the computer called");
    assert_eq!(
        veney_rules::penalty::time_penalties(game(&a).position(), Side::White),
        1
    );
    assert_eq!(stage(&a), None, "no reveal of White's pick");
}

/// The computer on White, whose Hug pick comes first, and Black's untenable move that drew: its
/// call comes first, alone — no pick of the Hug it takes back is sent after it (a review found
/// the pick refused, "no Hug open", a red line the person did not cause, the call's news wiped).
#[test]
fn the_computers_call_of_the_persons_draw_comes_without_a_hug_pick() {
    let drawn = drawn_by(
        veney_rules::options::UntenablePolicy::TimePenalty,
        Side::Black,
    );
    let mut a = playing("hug-call-computer-white", drawn, [true, false]);
    for _ in 0..4 {
        a.update();
    }
    assert_eq!(game(&a).position().outcome(), None, "the computer called");
    let status = a.world().resource::<Status>();
    assert_eq!(status.refusal, None, "no refusal the person did not cause");
    assert!(
        status.info.as_deref().is_some_and(|i| i.contains("call")),
        "the call said: {:?}",
        status.info
    );
}

/// The computer on both sides settles the Hug (§2.0.23); an Undo takes the Hug back and the
/// computer then waits, as after any Undo of a computer-only game, until "Play on" (a review
/// found both picks drawn again at once, the Undo changing nothing to see but perhaps the
/// ending).
#[test]
fn an_undone_hug_waits_in_a_computer_only_game_until_play_on() {
    use veney_rules::outcome::{Draw, Outcome};
    let mut a = drawn("hug-pause", [true, true]);
    for _ in 0..4 {
        a.update();
    }
    let agreed = Some(Outcome::Draw {
        reason: Draw::Agreement,
    });
    assert_ne!(game(&a).position().outcome(), agreed, "the Hug settled it");
    send(&mut a, Command::Undo);
    for _ in 0..6 {
        a.update();
    }
    assert_eq!(
        game(&a).position().outcome(),
        agreed,
        "waiting after the undo"
    );
    assert_eq!(a.world().resource::<HugPick>().pick, None);
    send(&mut a, Command::ComputerPlayOn);
    for _ in 0..4 {
        a.update();
    }
    assert_ne!(
        game(&a).position().outcome(),
        agreed,
        "settled again on Play on"
    );
}
