//! Secrets kept on one screen (issue 16): every hidden or simultaneous choice at Veney's table is
//! committed, handed over, then revealed to both at once — the Hug that settles a draw
//! (§2.0.23), the hidden pick of the guess dice (§2.0.R1: guess by measure & step, pen & paper),
//! the concealed setup (§2.0.19, Sittuyin-style) and the hidden hand of the random drawing that
//! decides who goes first (§2.0.19 step 4, an option of the new-game dialog).
//!
//! The screen is data (`SecretScreen`): what it says and offers is computed here from the game,
//! the picks in progress and the computer's seats, and `view` only draws it. Between the first
//! secret and the second choice a hand-over covers everything until the next player confirms,
//! and nothing on it (nor on the second player's screen) depends on the first secret; the reveal
//! shows both choices together. A seat played by the computer commits without a screen, and no
//! hand-over comes before or after its secret (nobody at the table holds one to hide from it).
//! The picks themselves are the rules' own commands (`Command::HugPick`, `Hug`, `Hide`, `Guess`,
//! `SetupHandover`); the hidden hand only chooses the first player of a new game.
use super::computer::VeneyComputer;
use super::game::{Command, CurrentGame, GameSet, HiddenPick, HugPick, Played};
use super::setup_screen::SetupSession;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use veney_rules::dice::Roll;
use veney_rules::hug::HugChoice;
use veney_rules::options::RuleOptions;
use veney_rules::{Action, Outcome, Phase, Side};

/// Which secret the screen is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SecretKind {
    Hug,
    Guess,
    Setup,
    Hand,
}

/// Where the secret stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// This side chooses in secret; the other looks away.
    Pick(Side),
    /// The first secret is in: the screen is covered until this side confirms it is at the table.
    Handover(Side),
    /// Both choices shown together.
    Reveal,
}

/// What a button of the screen does.
#[derive(Clone, Debug, PartialEq)]
pub enum SecretChoice {
    /// A rules command (a pick, the setup's hand-over).
    Send(Command),
    /// A step of the screen itself.
    Intent(SecretIntent),
}

/// The screen as both players may see it.
#[derive(Clone, Debug, PartialEq)]
pub struct SecretPane {
    pub kind: SecretKind,
    pub stage: Stage,
    pub title: String,
    pub lines: Vec<String>,
    pub buttons: Vec<(String, SecretChoice)>,
}

impl SecretPane {
    /// Everything the screen shows, in words (tests read it).
    pub fn text(&self) -> String {
        let mut t = vec![self.title.clone()];
        t.extend(self.lines.iter().cloned());
        t.extend(self.buttons.iter().map(|b| b.0.clone()));
        t.join("\n")
    }
}

/// The secret screen shown now, if any.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct SecretScreen(pub Option<SecretPane>);

/// A hand in the random drawing (§2.0.19 step 4: "holds the free engagement in a closed hand").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hand {
    Left,
    Right,
}

impl Hand {
    fn name(self) -> &'static str {
        match self {
            Hand::Left => "left",
            Hand::Right => "right",
        }
    }
}

/// The steps of the secret screen that are not rules commands.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum SecretIntent {
    /// The player named confirms the hand-over: they are at the table, the other looks away.
    HandedOver(Side),
    /// The reveal has been seen: back to the board.
    Seen,
    /// A new game whose first player is drawn by a hidden hand (the new-game dialog's Start).
    HandDraw(RuleOptions, [PathBuf; 2]),
    /// White holds the free engagement in this hand.
    Hold(Hand),
    /// Black guesses this hand; the game begins.
    GuessHand(Hand),
}

/// The hidden hand in progress: the new game's options and sets, and White's hand once chosen.
#[derive(Clone, Debug, PartialEq)]
struct HandDraw {
    options: RuleOptions,
    sets: [PathBuf; 2],
    held: Option<Hand>,
}

/// What the screen keeps between frames.
#[derive(Resource, Default, Debug)]
pub struct SecretFlow {
    /// The hand-over before the second choice of the secret in progress is confirmed.
    handed_over: bool,
    /// A reveal not yet seen.
    reveal: Option<SecretPane>,
    hand: Option<HandDraw>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SecretScreen>()
        .init_resource::<SecretFlow>()
        .init_resource::<ComputerDraws>()
        .add_message::<SecretIntent>()
        .add_systems(
            Update,
            (intents, computer_commits)
                .chain()
                .before(GameSet)
                .in_set(super::VeneySystems),
        )
        .add_systems(
            Update,
            (reveals, update_screen)
                .chain()
                .after(GameSet)
                .in_set(super::VeneySystems),
        );
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, view.in_set(super::VeneySystems));
}

/// How many secret picks the computer has drawn in this game: each pick draws afresh, so a
/// person who undoes to a point cannot see the same hidden pick made again, and a save keeps
/// the count (`[ComputerDraws "n"]`), so loading one cannot either.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerDraws(pub u64);

/// `text` (a save) with the computer's draw count after its first line.
pub fn draws_written_into(n: ComputerDraws, text: &str) -> String {
    let line = if n.0 > 0 {
        format!("[ComputerDraws \"{}\"]\n", n.0)
    } else {
        String::new()
    };
    crate::host::grid::computer::headers_written_into(&line, text)
}

/// The computer's draw count a save names (0 when none).
pub fn draws_read_from(text: &str) -> ComputerDraws {
    ComputerDraws(
        crate::host::grid::computer::header_values(text, "ComputerDraws")
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0),
    )
}

/// What a computer's secret pick is for: each draws apart from the others at the same point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    HoldHand = 1,
    GuessHand = 2,
    Hug = 3,
    Hide = 4,
    Guess = 5,
    Setup = 6,
    /// A person's "let the game's dice decide" for the token (§2.0.R1).
    DiceHide = 7,
}

/// The token's hidden place when the defender lets the game's dice decide: drawn like the
/// computer's own picks, each afresh (`draws` counts it and is never taken back), so an undo
/// past the reveal does not hide it in the same place again (a review found the thrower, who had
/// seen the reveal, hitting it the second time).
pub fn dice_hide(g: &veney_rules::Game, draws: &mut ComputerDraws, places: u8) -> u8 {
    draws.0 = draws.0.wrapping_add(1);
    computer_pick(
        g.seed(),
        g.actions().count() as u64,
        Purpose::DiceHide,
        draws.0,
        places,
    )
}

/// The computer's secret pick for `purpose` at point `at` of the game (its actions played so
/// far; in a setup, the pieces still to set), its `drawn`-th: one of `0..n`, uniformly, from
/// the game's own seed. Nothing the other player hid goes in.
fn computer_pick(seed: u64, at: u64, purpose: Purpose, drawn: u64, n: u8) -> u8 {
    // splitmix64 of (seed, point, purpose, count).
    let mut x = seed
        ^ at.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (purpose as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)
        ^ drawn.wrapping_mul(0xA24B_AED4_963E_E407);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 31;
    (x % n.max(1) as u64) as u8
}

fn intents(
    mut intents: MessageReader<SecretIntent>,
    mut flow: ResMut<SecretFlow>,
    mut out: MessageWriter<Command>,
) {
    for i in intents.read() {
        match i.clone() {
            SecretIntent::HandedOver(_) => flow.handed_over = true,
            SecretIntent::Seen => flow.reveal = None,
            SecretIntent::HandDraw(options, sets) => {
                flow.reveal = None;
                flow.handed_over = false;
                flow.hand = Some(HandDraw {
                    options,
                    sets,
                    held: None,
                });
            }
            SecretIntent::Hold(h) => {
                if let Some(d) = flow.hand.as_mut().filter(|d| d.held.is_none()) {
                    d.held = Some(h);
                }
            }
            SecretIntent::GuessHand(g) => guess_hand(&mut flow, g, &mut out),
        }
    }
}

/// Black's guess: the hand opens, the game begins with the first player it decides, and the
/// reveal shows both hands' facts.
fn guess_hand(flow: &mut SecretFlow, g: Hand, out: &mut MessageWriter<Command>) {
    let Some(d) = flow.hand.as_ref() else {
        return;
    };
    let Some(held) = d.held else { return };
    // "If they guess right, they go first."
    let first = if g == held { Side::Black } else { Side::White };
    // The options keep their random drawing (`first_by`), its result the hand's.
    out.write(Command::NewGameDrawn(
        d.options.clone(),
        d.sets.clone(),
        first,
    ));
    flow.reveal = Some(SecretPane {
        kind: SecretKind::Hand,
        stage: Stage::Reveal,
        title: "The hand is opened".into(),
        lines: vec![
            format!(
                "White held the free engagement in the {} hand.",
                held.name()
            ),
            format!(
                "Black guessed the {} hand: {}. {first} goes first (§2.0.19, random drawing).",
                g.name(),
                if g == held {
                    "a right guess"
                } else {
                    "a wrong guess"
                }
            ),
        ],
        buttons: vec![("Begin".into(), SecretChoice::Intent(SecretIntent::Seen))],
    });
    flow.hand = None;
    flow.handed_over = false;
}

/// The computer's seats commit their secrets without a screen.
fn computer_commits(
    mut game: ResMut<CurrentGame>,
    seats: Res<VeneyComputer>,
    pending: Res<super::computer::PendingSeats>,
    hug: Res<HugPick>,
    hidden: Res<HiddenPick>,
    mut setup: ResMut<SetupSession>,
    mut flow: ResMut<SecretFlow>,
    mut draws: ResMut<ComputerDraws>,
    mut out: MessageWriter<Command>,
    pause: Res<super::computer::VeneyPause>,
) {
    let computer = |s: Side| seats.plays(s).is_some();
    let seed = game.0.seed();
    // Where the game stands: the point each pick is drawn for; each pick counted.
    let at = game.0.actions().count() as u64;
    let mut pick_for = |purpose: Purpose, n: u8| {
        draws.0 = draws.0.wrapping_add(1);
        computer_pick(seed, at, purpose, draws.0, n)
    };
    // The hidden hand: White holds, Black guesses — the seats of the game it is drawn for.
    let next = pending.or(&seats);
    let computer_next = |s: Side| next.plays(s).is_some();
    match flow.hand.as_ref().map(|d| d.held) {
        Some(None) if computer_next(Side::White) => {
            if let Some(d) = flow.hand.as_mut() {
                d.held = Some([Hand::Left, Hand::Right][pick_for(Purpose::HoldHand, 2) as usize]);
            }
        }
        Some(Some(_)) if computer_next(Side::Black) => {
            let g = [Hand::Left, Hand::Right][pick_for(Purpose::GuessHand, 2) as usize];
            guess_hand(&mut flow, g, &mut out);
        }
        _ => {}
    }
    // A setup (§2.0.19): the computer arranges its own stance (in turns, one piece a turn); no
    // hand-over when either side is the computer's.
    let setup_due = setup
        .0
        .as_ref()
        .is_some_and(|s| s.handover || (computer(s.side()) && !s.side_done()));
    if setup_due && (computer(Side::White) || computer(Side::Black)) {
        let mut placed = false;
        let mut ready = false;
        if let Some(s) = setup.0.as_mut() {
            if s.handover {
                s.handed_over();
            }
            if computer(s.side()) && !s.side_done() {
                placed = arrange(s, &mut pick_for);
                if s.turns.is_none() && s.side_done() {
                    if s.side() == Side::White {
                        s.finish_arranging();
                        s.handed_over();
                    } else {
                        ready = true;
                    }
                }
            }
            if placed {
                game.0 =
                    veney_rules::Game::from_position_seeded(s.rules.clone(), s.shown(), s.seed);
            }
        }
        if ready {
            out.write(Command::SetupReady);
        }
    }
    // With the computer on both sides, an Undo that took back the Hug or a throw's hidden pick
    // pauses the picks too, until "Play on" (a review found the Hug drawn again at once, the
    // Undo changing nothing to see but perhaps the ending).
    if pause.0.paused && computer(Side::White) && computer(Side::Black) {
        return;
    }
    let g = &game.0;
    // The Hug — not while the computer is about to call the person's move that drew (its call
    // comes first and takes the draw back: a review found its pick made anyway and refused,
    // "no Hug open", the call's news wiped by the refusal).
    let calls_first = g.callable()
        && g.call_offender().is_some_and(|offender| {
            seats.plays(offender).is_none()
                && seats.plays(!offender).is_some()
                && super::computer::worth_calling(g, !offender)
        });
    if hug_open(g, &hug) && !calls_first {
        if let Some(draw) = g.position().outcome() {
            let mut pick = |side| {
                // A draw in (0, 1) from the seeded draws (the middle of one of 250 equal
                // parts), for the mixed strategy.
                let u = (pick_for(Purpose::Hug, 250) as f64 + 0.5) / 250.0;
                veney_rules::hug::choices(&g.rules, side)
                    [game_ai::matrix::pick(&hug_strategy(&g.rules, draw, side), u)]
            };
            // Black's pick is made without White's: `hug.pick` is only asked whether it is in.
            match hug.pick {
                None if computer(Side::White) => {
                    out.write(Command::HugPick(pick(Side::White)));
                }
                Some(_) if computer(Side::Black) => {
                    out.write(Command::Hug(pick(Side::Black)));
                }
                _ => {}
            }
        }
    }
    // The guess dice: the defender hides, the thrower guesses.
    if let Some((thrower, places)) = guess_open(g) {
        match hidden.0 {
            None if computer(!thrower) => {
                out.write(Command::Hide(pick_for(Purpose::Hide, places)));
            }
            Some(_) if computer(thrower) => {
                out.write(Command::Guess(pick_for(Purpose::Guess, places)));
            }
            _ => {}
        }
    }
}

/// Sets down the computer's pieces where the rules allow, at random (in turns, one); whether it
/// set any down.
fn arrange(
    s: &mut super::setup_screen::Session,
    pick_for: &mut impl FnMut(Purpose, u8) -> u8,
) -> bool {
    let side = s.side();
    let mut any = false;
    while let Some(&k) = s.remaining(side).first() {
        s.selected = Some(k);
        let allowed = s.allowed();
        if allowed.is_empty() {
            break;
        }
        let sq = allowed[pick_for(Purpose::Setup, allowed.len().min(255) as u8) as usize];
        if s.place(sq).is_err() {
            break;
        }
        any = true;
        if s.turns.is_some() {
            break;
        }
    }
    any
}

/// The computer's mixed strategy in the Hug that settles `draw`, as `side` (ruling
/// R-HUG-COMPUTER): the Hug is a simultaneous choice, solved as a matrix game by regret matching
/// (`game_ai::matrix`) from what each pair of picks ends in (§2.0.23: both Selves confirm the
/// draw, one Dagger wins, two are a double checkmate that both lose), scored as the search
/// scores endings. The other side's pick is not an input: it cannot be read. The
/// probabilities follow `hug::choices(rules, side)`: the Self, then the Dagger when the army has
/// one (R-HUG-NO-DAGGER).
pub fn hug_strategy(rules: &veney_rules::Rules, draw: Outcome, side: Side) -> Vec<f64> {
    let [white, black] = Side::ALL.map(|s| veney_rules::hug::choices(rules, s));
    let rewards = |w: usize, b: usize| {
        let ending = veney_rules::hug::settle(draw, white[w], black[b]);
        let r = game_ai::rewards(&veney_rules::outcome_of(ending));
        [r[0], r[1]]
    };
    let s = game_ai::matrix::MatrixGame::new(white.len(), black.len(), rewards).solve(2_000);
    match side {
        Side::White => s.row,
        Side::Black => s.column,
    }
}

/// The Hug pane's lines for `side`: the rule, who looks away, and for an army without a Dagger
/// why only the Self is offered (R-HUG-NO-DAGGER).
fn hug_lines(g: &veney_rules::Game, rule: String, side: Side, who: &str) -> Vec<String> {
    let mut lines = vec![rule, who.to_string()];
    if !veney_rules::hug::may_betray(&g.rules, side) {
        lines.push(format!(
            "{side}'s army ({}) has no Dagger: only the Self can be hidden.",
            g.rules.set(side).name
        ));
    }
    lines
}

/// Whether a Hug is to be played now: a draw, the option on, not yet settled here (§2.0.23).
pub(crate) fn hug_open(g: &veney_rules::Game, hug: &HugPick) -> bool {
    veney_rules::hug::awaits_hug(&g.rules, g.position().outcome())
        && hug.settled != Some(g.position().hash())
}

/// The thrower and the number of places, when a guess method's throw waits (§2.0.R1).
pub(crate) fn guess_open(g: &veney_rules::Game) -> Option<(Side, u8)> {
    let pos = g.position();
    if !matches!(pos.phase(), Phase::Throw { .. }) || pos.is_game_over() {
        return None;
    }
    let dice = g.rules.options.dice;
    let thrower = pos.turn();
    let sticks = veney_rules::special::dagger_throw::sticks(&g.rules, pos, thrower)?;
    Some((thrower, dice.guess_places(sticks)?))
}

/// A Hug choice as the reveal names it (§2.0.23).
fn choice_name(c: HugChoice) -> &'static str {
    match c {
        HugChoice::Hug => "the Self (to hug)",
        HugChoice::Betray => "the Dagger (to betray)",
    }
}

/// The reveals: a Hug settled, a guess thrown, a concealed setup begun.
#[allow(clippy::too_many_arguments)]
fn reveals(
    game: Res<CurrentGame>,
    hug: Res<HugPick>,
    setup: Res<SetupSession>,
    status: Res<super::game::Status>,
    mut played: MessageReader<Played>,
    mut flow: ResMut<SecretFlow>,
    mut last_settled: Local<Option<u64>>,
    mut setup_was: Local<bool>,
) {
    let g = &game.0;
    // The Hug: the outcome says what each hid (`hug::settle` is one ending per pair of choices).
    if hug.settled != *last_settled {
        *last_settled = hug.settled;
        if hug.settled == Some(g.position().hash())
            && let Some(o) = g.position().outcome()
        {
            let (w, b) = match o {
                Outcome::Checkmate {
                    winner: Side::White,
                    ..
                } => (HugChoice::Betray, HugChoice::Hug),
                Outcome::Checkmate { .. } => (HugChoice::Hug, HugChoice::Betray),
                Outcome::DoubleCheckmate => (HugChoice::Betray, HugChoice::Betray),
                _ => (HugChoice::Hug, HugChoice::Hug),
            };
            flow.reveal = Some(SecretPane {
                kind: SecretKind::Hug,
                stage: Stage::Reveal,
                title: "The Hug: both hands open".into(),
                lines: vec![
                    format!("White hid {}.", choice_name(w)),
                    format!("Black hid {}.", choice_name(b)),
                    format!("{o} (§2.0.23)."),
                ],
                buttons: vec![("Seen".into(), SecretChoice::Intent(SecretIntent::Seen))],
            });
        }
    }
    // A guess thrown (§2.0.R1): where the token was, and the guess.
    for p in played.read() {
        if let Action::Roll(Roll::Guess {
            choices,
            hidden,
            guess,
        }) = p.action
        {
            let thrower = p.before.turn();
            let dice = game.0.rules.options.dice;
            let verdict = if hidden == guess {
                "a hit: the Dagger takes the Self"
            } else {
                "a miss: the Dagger is lost"
            };
            flow.reveal = Some(SecretPane {
                kind: SecretKind::Guess,
                stage: Stage::Reveal,
                title: "The Dagger Throw: the token is shown".into(),
                lines: vec![
                    if dice == veney_rules::dice::DiceMethod::GuessSide {
                        format!(
                            "{} hid the token in {}.",
                            !thrower,
                            super::dice::place_name(dice, hidden)
                        )
                    } else {
                        format!(
                            "{} hid the token at {} of {choices}.",
                            !thrower,
                            super::dice::place_name(dice, hidden)
                        )
                    },
                    format!(
                        "{thrower} guessed {}: {verdict} (§2.0.R1).",
                        super::dice::place_name(dice, guess)
                    ),
                ],
                buttons: vec![("Seen".into(), SecretChoice::Intent(SecretIntent::Seen))],
            });
        }
    }
    // A concealed setup begun: both stances are on the board together (the setup's own news
    // says so when it ends by beginning, not by a new game or a load).
    let concealed = setup
        .0
        .as_ref()
        .is_some_and(|s| s.style == veney_rules::setup_styles::SetupStyle::Concealed);
    if *setup_was
        && setup.0.is_none()
        && status
            .info
            .as_deref()
            .is_some_and(|i| i.starts_with("both stances revealed"))
    {
        let first = g.position().turn();
        flow.reveal = Some(SecretPane {
            kind: SecretKind::Setup,
            stage: Stage::Reveal,
            title: "Both stances revealed".into(),
            lines: vec![
                "White's and Black's concealed stances are on the board together (§2.0.19).".into(),
                format!("{first} moves first."),
            ],
            buttons: vec![("Begin".into(), SecretChoice::Intent(SecretIntent::Seen))],
        });
    }
    if *setup_was != concealed {
        *setup_was = concealed;
    }
}

/// Computes the screen; marks it changed only when what it shows changes.
#[allow(clippy::too_many_arguments)]
pub(super) fn update_screen(
    game: Res<CurrentGame>,
    seats: Res<VeneyComputer>,
    pending: Res<super::computer::PendingSeats>,
    hug: Res<HugPick>,
    hidden: Res<HiddenPick>,
    setup: Res<SetupSession>,
    mut flow: ResMut<SecretFlow>,
    mut screen: ResMut<SecretScreen>,
    mut wake: ResMut<crate::host::Wake>,
) {
    let first_in = hug.pick.is_some()
        || hidden.0.is_some()
        || flow.hand.as_ref().is_some_and(|d| d.held.is_some())
        || setup.0.as_ref().is_some_and(|s| s.handover);
    if !first_in && flow.handed_over {
        flow.handed_over = false;
    }
    // The hidden hand is drawn between the players of the game about to begin.
    let seats = if flow.hand.is_some() {
        pending.or(&seats)
    } else {
        *seats
    };
    let p = pane(&game.0, &seats, &hug, &hidden, &setup, &flow);
    if screen.0 != p {
        screen.0 = p;
        wake.set_changed();
    }
}

/// The screen for the secret in progress (none: the board as usual).
pub fn pane(
    g: &veney_rules::Game,
    seats: &VeneyComputer,
    hug: &HugPick,
    hidden: &HiddenPick,
    setup: &SetupSession,
    flow: &SecretFlow,
) -> Option<SecretPane> {
    if let Some(r) = &flow.reveal {
        return Some(r.clone());
    }
    let person = |s: Side| seats.plays(s).is_none();
    let both = person(Side::White) && person(Side::Black);
    let handover = |kind: SecretKind, from: Side, what: &str| SecretPane {
        kind,
        stage: Stage::Handover(!from),
        title: format!("{from} has chosen in secret"),
        lines: vec![
            format!("{from}'s {what} is hidden. Hand the board to {}.", !from),
            format!(
                "{from} looks away now; both choices are shown together once {} has chosen.",
                !from
            ),
        ],
        buttons: vec![(
            format!("I am {}: let me choose", !from),
            SecretChoice::Intent(SecretIntent::HandedOver(!from)),
        )],
    };
    // The hidden hand of the random drawing.
    if let Some(d) = &flow.hand {
        let hands = |make: fn(Hand) -> SecretIntent| {
            vec![
                (
                    "Left hand".to_string(),
                    SecretChoice::Intent(make(Hand::Left)),
                ),
                (
                    "Right hand".to_string(),
                    SecretChoice::Intent(make(Hand::Right)),
                ),
            ]
        };
        return match d.held {
            None if person(Side::White) => Some(SecretPane {
                kind: SecretKind::Hand,
                stage: Stage::Pick(Side::White),
                title: "Who goes first: the hidden hand".into(),
                lines: vec![
                    "White: hold the free engagement in one closed hand behind your back, while Black looks away (§2.0.19, random drawing).".into(),
                    "Black will guess the hand; a right guess goes first.".into(),
                ],
                buttons: hands(SecretIntent::Hold),
            }),
            Some(_) if both && !flow.handed_over => {
                Some(handover(SecretKind::Hand, Side::White, "hand"))
            }
            Some(_) if person(Side::Black) => Some(SecretPane {
                kind: SecretKind::Hand,
                stage: Stage::Pick(Side::Black),
                title: "Who goes first: the hidden hand".into(),
                lines: vec![
                    "Black: White offers both closed hands. Which holds the free engagement?".into(),
                    "If you guess right, Black goes first; otherwise White does.".into(),
                ],
                buttons: hands(SecretIntent::GuessHand),
            }),
            _ => None,
        };
    }
    // The concealed setup: White's stance is hidden until Black has arranged.
    if let Some(s) = &setup.0
        && s.handover
        && both
    {
        let mut p = handover(SecretKind::Setup, Side::White, "stance");
        p.lines[1] = "Black arranges in secret too; both stances are revealed together (§2.0.19, Sittuyin-style concealed setup).".into();
        p.buttons = vec![(
            "I am Black: let me arrange".into(),
            SecretChoice::Send(Command::SetupHandover),
        )];
        return Some(p);
    }
    // The Hug (§2.0.23): White first, then Black.
    if hug_open(g, hug) {
        // An army without a Dagger has only the Self to hide (R-HUG-NO-DAGGER).
        let hands = |side: Side, make: fn(HugChoice) -> Command| {
            veney_rules::hug::choices(&g.rules, side)
                .iter()
                .map(|&c| {
                    let label = match c {
                        HugChoice::Hug => "The Self: hug",
                        HugChoice::Betray => "The Dagger: betray",
                    };
                    (label.to_string(), SecretChoice::Send(make(c)))
                })
                .collect::<Vec<_>>()
        };
        let rule = "Each hides the Self (to hug) or the Dagger (to betray). Self and Self: the draw stands. One Dagger: that player wins by checkmate by touch. Two Daggers: both lose (§2.0.23).".to_string();
        // The move that drew may be called first (§2.0.22: "only immediately after the move is
        // made"), by a person whose call it is: the call takes the move back, and the draw with
        // it (a review found the Hug's screen covering the call, and the chance lost for good
        // once the Hug settled). The computer calls on its own (`computer::start`).
        let call = g
            .call_offender()
            .filter(|&o| g.callable() && person(!o))
            .map(|o| {
                (
                    format!("{}: call it untenable! (§2.0.22)", !o),
                    SecretChoice::Send(Command::CallUntenable),
                )
            });
        return match hug.pick {
            None if person(Side::White) => Some(SecretPane {
                kind: SecretKind::Hug,
                stage: Stage::Pick(Side::White),
                title: "Settle the draw with a Hug".into(),
                lines: hug_lines(
                    g,
                    rule,
                    Side::White,
                    "White chooses under the table; Black looks away.",
                ),
                buttons: {
                    let mut b = with_undo(hands(Side::White, Command::HugPick));
                    b.extend(call);
                    // Between people under a Delayed Reset the offender's own call too, which
                    // only takes the move back (§2.0.22, R-UNTENABLE-CALL), as on the side panel.
                    if both
                        && g.rules.options.untenable
                            == veney_rules::options::UntenablePolicy::DelayedReset
                        && let Some(o) = g.call_offender().filter(|_| g.callable())
                    {
                        b.push((
                            format!("{o}: take it back (own call, §2.0.22)"),
                            SecretChoice::Send(Command::CallOwnUntenable),
                        ));
                    }
                    b
                },
            }),
            // The call stays open on every screen of the Hug (R-UNTENABLE-CALL: a hidden pick
            // is no move): a review found it only on White's first screen, which Black is told
            // to look away from. It takes the draw back, and White's pick goes unseen.
            Some(_) if both && !flow.handed_over => {
                let mut p = handover(SecretKind::Hug, Side::White, "choice");
                p.buttons.extend(call);
                Some(p)
            }
            Some(_) if person(Side::Black) => Some(SecretPane {
                kind: SecretKind::Hug,
                stage: Stage::Pick(Side::Black),
                title: "Settle the draw with a Hug".into(),
                lines: hug_lines(
                    g,
                    rule,
                    Side::Black,
                    "Black chooses under the table; White looks away.",
                ),
                // Nothing of Black's is in; White's pick, if the computer's, is made afresh.
                buttons: {
                    let mut b = if person(Side::White) {
                        hands(Side::Black, Command::Hug)
                    } else {
                        with_undo(hands(Side::Black, Command::Hug))
                    };
                    // Black's own call only: White looks away from this screen, and has had
                    // the call on its own and on the hand-over.
                    b.extend(call.filter(|_| g.call_offender() == Some(Side::White)));
                    b
                },
            }),
            _ => None,
        };
    }
    // The guess dice (§2.0.R1): the defender hides, the thrower guesses.
    if let Some((thrower, places)) = guess_open(g) {
        let defender = !thrower;
        let dice_method = g.rules.options.dice;
        let numbers = |make: fn(u8) -> Command| {
            (0..places)
                .map(|i| {
                    let label = match dice_method {
                        veney_rules::dice::DiceMethod::GuessSide => {
                            super::dice::place_name(dice_method, i)
                        }
                        _ => format!("{}", i + 1),
                    };
                    (label, SecretChoice::Send(make(i)))
                })
                .collect::<Vec<_>>()
        };
        let dice = "or let the game's dice decide".to_string();
        return match hidden.0 {
            None if person(defender) => {
                let mut buttons = numbers(Command::Hide);
                buttons.push((dice, SecretChoice::Send(Command::Roll)));
                let buttons = with_undo(buttons);
                Some(SecretPane {
                    kind: SecretKind::Guess,
                    stage: Stage::Pick(defender),
                    title: format!("{thrower}'s Dagger Throw: the hidden pick"),
                    lines: vec![if dice_method == veney_rules::dice::DiceMethod::GuessSide {
                        format!(
                            "{defender}: hide the token on the X or the Y half of the board while {thrower} looks away (§2.0.R1, the high-risk guess)."
                        )
                    } else {
                        format!(
                            "{defender}: hide the token in one of {places} places while {thrower} looks away (§2.0.R1)."
                        )
                    }],
                    buttons,
                })
            }
            Some(_) if person(defender) && person(thrower) && !flow.handed_over => {
                Some(handover(SecretKind::Guess, defender, "token"))
            }
            Some(_) if person(thrower) => Some(SecretPane {
                kind: SecretKind::Guess,
                stage: Stage::Pick(thrower),
                title: format!("{thrower}'s Dagger Throw: the hidden pick"),
                lines: vec![format!(
                    "{thrower}: guess where the token is hidden — 1 in {places} hits (§2.0.R1)."
                )],
                buttons: if person(defender) {
                    numbers(Command::Guess)
                } else {
                    with_undo(numbers(Command::Guess))
                },
            }),
            _ => None,
        };
    }
    None
}

/// A pick's buttons and a way back: the first picker's screen (nothing secret is in yet), or
/// the person's after the computer's own pick, may take the last move back (a review found the
/// players held on the screen after an undo brought a throw or a Hug back: the keys are off
/// under it and the move before could never be taken back).
fn with_undo(mut buttons: Vec<(String, SecretChoice)>) -> Vec<(String, SecretChoice)> {
    buttons.push((
        "Undo the last move".into(),
        SecretChoice::Send(Command::Undo),
    ));
    buttons
}

/// Draws the screen over everything: the board and the panels stay covered while a secret is
/// chosen, handed over or revealed.
fn view(
    mut contexts: EguiContexts,
    screen: Res<SecretScreen>,
    mut out: MessageWriter<Command>,
    mut intents: MessageWriter<SecretIntent>,
    mut settle: Local<crate::host::settle::Settle<(Stage, SecretKind)>>,
) -> Result {
    let Some(p) = &screen.0 else {
        settle.clear();
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let rect = ctx.viewport_rect();
    // The hand-over's button waits a moment after the pane appears: the second click of a
    // double-click on the pick before it (in the same place on a wide window) does not hand
    // the board over with the first player still at it (a review found it could).
    let now = ctx.input(|i| i.time);
    let left = settle.settling((p.stage, p.kind), now);
    let settling = matches!(p.stage, Stage::Handover(_)) && left.is_some();
    if let Some(left) = left.filter(|_| settling) {
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
    }
    let bg = match p.stage {
        Stage::Handover(_) => egui::Color32::from_rgb(28, 26, 24),
        Stage::Pick(_) => egui::Color32::from_rgb(34, 38, 46),
        Stage::Reveal => egui::Color32::from_rgb(44, 40, 30),
    };
    egui::Area::new(egui::Id::new("veney-secret"))
        .order(egui::Order::Foreground)
        .fixed_pos(rect.min)
        .show(ctx, |ui| {
            ui.painter().rect_filled(rect, 0.0, bg);
            ui.set_min_size(rect.size());
            ui.set_max_width(rect.width());
            ui.vertical_centered(|ui| {
                ui.add_space(rect.height() * 0.28);
                ui.heading(egui::RichText::new(&p.title).size(26.0));
                ui.add_space(10.0);
                for l in &p.lines {
                    ui.label(egui::RichText::new(l).size(16.0));
                }
                ui.add_space(18.0);
                // The way back (Undo) stands apart, under the choices: never in their row, where
                // a slip would take the move back (a review found it beside the places).
                let (back, picks): (Vec<_>, Vec<_>) = p.buttons.iter().cloned().partition(|b| {
                    // The calls of the move that drew stand apart too, under the choices.
                    matches!(
                        b.1,
                        SecretChoice::Send(
                            Command::Undo | Command::CallUntenable | Command::CallOwnUntenable
                        )
                    )
                });
                let many = picks.len() > 3;
                let mut press = |ui: &mut egui::Ui, (label, c): &(String, SecretChoice)| {
                    let size = if many { 17.0 } else { 19.0 };
                    let button = egui::Button::new(egui::RichText::new(label).size(size));
                    if ui.add_enabled(!settling, button).clicked() {
                        match c {
                            SecretChoice::Send(cmd) => {
                                out.write(cmd.clone());
                            }
                            SecretChoice::Intent(i) => {
                                intents.write(i.clone());
                            }
                        }
                    }
                };
                if many {
                    // The places of a hidden pick, in centred rows across the window, scrolled
                    // when they are more than it holds, the way back kept in sight below (a
                    // review found pen & paper's 200 numbers running off the screen, Undo
                    // with them).
                    let per_row = 10usize;
                    egui::ScrollArea::vertical()
                        .max_height((rect.height() * 0.45).max(120.0))
                        .show(ui, |ui| {
                            for row in picks.chunks(per_row) {
                                let w: f32 = row
                                    .iter()
                                    .map(|b| b.0.chars().count() as f32 * 9.0 + 22.0)
                                    .sum();
                                ui.horizontal(|ui| {
                                    ui.add_space(((rect.width() - w) / 2.0).max(0.0));
                                    for b in row {
                                        press(ui, b);
                                    }
                                });
                            }
                        });
                } else {
                    // One choice under another, centred.
                    for b in &picks {
                        press(ui, b);
                        ui.add_space(6.0);
                    }
                }
                for b in &back {
                    ui.add_space(28.0);
                    press(ui, b);
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Purpose, computer_pick, hug_strategy};
    use veney_rules::Side;
    use veney_rules::outcome::{Draw, Outcome};

    /// §2.0.23 Hug, ruling R-HUG-COMPUTER: one Dagger wins and two lose for both, so the Dagger
    /// is never worse than the Self: the solved strategy betrays, for either side, whatever the
    /// draw being settled.
    #[test]
    fn the_computer_betrays_in_the_hug() {
        let rules = veney_rules::Rules::standard();
        for reason in [Draw::Agreement, Draw::NoContest] {
            for side in [Side::White, Side::Black] {
                let s = hug_strategy(&rules, Outcome::Draw { reason }, side);
                assert_eq!(s.len(), 2);
                assert!((s.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{s:?}");
                assert!(s[1] > 0.99, "{side:?}: {s:?}");
            }
        }
    }

    /// R-HUG-NO-DAGGER: the Ceremonial Guard has no Dagger, so its one pick is the Self, and
    /// against it the other side still betrays (§2.0.23: "If one player chose Dagger, they
    /// betray the draw and win by checkmate").
    #[test]
    fn an_army_without_a_dagger_hugs_and_is_betrayed() {
        let set = |name: &str| {
            std::sync::Arc::new(
                veney_rules::PieceSet::load(std::path::Path::new(&format!(
                    "{}/config/sets/{name}.ron",
                    env!("CARGO_MANIFEST_DIR")
                )))
                .unwrap(),
            )
        };
        let rules = veney_rules::Rules::with_sets(
            [set("ceremonial"), set("standard")],
            veney_rules::options::RuleOptions::default(),
        )
        .unwrap();
        let draw = Outcome::Draw {
            reason: Draw::Agreement,
        };
        assert_eq!(hug_strategy(&rules, draw, Side::White), [1.0]);
        let black = hug_strategy(&rules, draw, Side::Black);
        assert!(black[1] > 0.99, "{black:?}");
    }

    /// "Randomness … comes from a seeded RNG owned by the match, so games replay": the same
    /// game seed gives the computer the same secret picks; another seed, others; each of n
    /// choices comes up about as often.
    #[test]
    fn the_computers_picks_replay_with_the_games_seed() {
        // Drawn from the game's seed and the point in the game: the same again after a load
        // (no count kept in memory), another seed gives others, each purpose draws apart.
        let picks = |seed| {
            (0..64)
                .map(|at| computer_pick(seed, at, Purpose::Hug, 0, 2))
                .collect::<Vec<_>>()
        };
        assert_eq!(picks(7), picks(7));
        assert_ne!(picks(7), picks(8));
        let hides: Vec<u8> = (0..64)
            .map(|at| computer_pick(7, at, Purpose::Hide, 1, 4))
            .collect();
        let guesses: Vec<u8> = (0..64)
            .map(|at| computer_pick(7, at, Purpose::Guess, 2, 4))
            .collect();
        assert!(
            hides.iter().zip(&guesses).filter(|(h, g)| h == g).count() < 32,
            "the computer's guess is not its own hide"
        );
        let mut counts = [0u32; 4];
        for at in 0..4000 {
            counts[computer_pick(11, 0, Purpose::Guess, at, 4) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
    }
}
