//! The computer opponent on Veney's board (issue 14): White or Black played by the computer at a
//! level (the new-game dialog), and the hint key (H). The search (`game_ai::Mcts` over
//! `VeneyGame`, the rules crate's game on the game API) runs off the main thread on the async
//! compute pool from a copy of the position; its action is played as `Command::ComputerPlay`, one
//! of the rules' own legal actions. A throw, cast or Donkey roll of the computer's side is
//! rolled for it (the game's seeded dice). Its side of a secret — a Hug, the guess dice's hidden
//! pick, a concealed or in-turns setup, the hidden hand — is committed without a screen
//! (`secrets.rs`).
use super::game::{Command, CurrentGame, Status};
use crate::host::grid::computer::Thought;
use crate::host::search_task::{SearchTask, hint_note};
use bevy::prelude::*;
use game_ai::{Config, Level, Mcts};
use game_api::{Decision, Game as _, Player};
use std::sync::Arc;
use veney_rules::{Action, Side, VeneyGame};

/// Which sides the computer plays (White, Black), at what level.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct VeneyComputer(pub [Option<Level>; 2]);

impl VeneyComputer {
    pub fn plays(&self, side: Side) -> Option<Level> {
        self.0[side.index()]
    }
    pub fn any(&self) -> bool {
        self.0.iter().any(Option::is_some)
    }
    /// The one side a person plays when the computer plays the other.
    pub fn person(&self) -> Option<Side> {
        crate::host::grid::computer::person_seat(&self.0).map(|i| Side::ALL[i])
    }
}

/// The side acting now: the placer while its Donkey moves (§2.0.23: "on its own turn following
/// the turn of the player who placed it"; the position's turn is already the other side's),
/// else the side to move.
pub fn acting_side(pos: &veney_rules::Position) -> Side {
    match pos.phase() {
        veney_rules::Phase::DonkeyMove { placer } => placer,
        _ => pos.turn(),
    }
}

/// The seats the New game dialog's Start picked: the computer's only once that new game has
/// begun (`commands`: a start that fails, a set that does not load, leaves the game in progress
/// its own seats — a review found them handed over before the start was known to take).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingSeats(pub Option<[Option<Level>; 2]>);

impl PendingSeats {
    /// The seats of the game about to begin, where a new game's Start picked some (the hidden
    /// hand is drawn for that game, between its players — a review found the old game's seats
    /// holding and guessing), else `seats`.
    pub fn or(&self, seats: &VeneyComputer) -> VeneyComputer {
        VeneyComputer(self.0.unwrap_or(seats.0))
    }
}

/// A search under way, for the position (hash) it began from.
#[derive(Resource, Default)]
pub struct VeneyThinking(pub SearchTask<Option<(Action, Thought)>, u64>);

impl VeneyThinking {
    pub fn busy(&self) -> bool {
        self.0.busy()
    }
}

/// The last hint and the position it is for.
#[derive(Resource, Default, Debug, Clone)]
pub struct VeneyHint(pub Option<(Thought, u64)>, pub Option<veney_rules::Action>);

/// §2.0.18 Obscurant Chaos: the caster may spring the trap "even interrupting a double-move in
/// process". While the person's trap can be sprung on the computer's turn, the computer waits
/// for the person's answer — spring it, or let it pass (for this position) — before it acts
/// (a review found the person's button up only for the frame before the computer's next
/// action).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrapWait {
    /// The position (its hash) over which the person let the trap pass.
    pub declined: Option<u64>,
}

/// Whether the computer waits for the person's answer about a trap in `game`.
pub fn waits_for_trap(game: &veney_rules::Game, seats: &VeneyComputer, wait: &TrapWait) -> bool {
    let pos = game.position();
    let side = acting_side(pos);
    seats.plays(side).is_some()
        && seats.plays(!side).is_none()
        && !pos.is_game_over()
        && wait.declined != Some(pos.hash())
        && game.springable_traps().any()
}

fn let_trap_pass(
    mut commands: MessageReader<Command>,
    game: Res<CurrentGame>,
    mut wait: ResMut<TrapWait>,
) {
    for c in commands.read() {
        match c {
            Command::LetTrapPass => wait.declined = Some(game.0.position().hash()),
            // An answer holds for the moment it was given: taken back or replaced, the same
            // position reached again asks again (a review found it carried over).
            Command::Undo | Command::Load(_) | Command::NewGame | Command::NewGameWith(..) => {
                wait.declined = None
            }
            _ => {}
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TrapWait>()
        .add_systems(Update, let_trap_pass.in_set(super::VeneySystems))
        .init_resource::<VeneyComputer>()
        .init_resource::<PendingSeats>()
        .init_resource::<VeneyThinking>()
        .init_resource::<VeneyPause>()
        .init_resource::<VeneyHint>()
        .add_systems(
            Update,
            (start, hurry_for_clock, finish)
                .chain()
                .after(super::game::GameSet)
                // After the secret screen is brought up to date: no move under a fresh reveal.
                .after(super::secrets::update_screen)
                .in_set(super::VeneySystems),
        );
}

/// The computer's search hurries when its side's time on Veney's clock runs short
/// (`SearchTask::hurry_for_clock`).
fn hurry_for_clock(
    mut thinking: ResMut<VeneyThinking>,
    game: Res<CurrentGame>,
    clock: crate::host::table_clock::ClockView,
) {
    if !thinking.busy() {
        return;
    }
    let side = acting_side(game.0.position());
    let left = clock.running_left(crate::host::screen::Screen::Veney, side.index());
    thinking.0.hurry_for_clock(left);
}

fn player(side: Side) -> Player {
    Player(side.index() as u8)
}

/// Starts a search for `side` in the current position.
fn spawn(
    thinking: &mut VeneyThinking,
    game: &veney_rules::Game,
    side: Side,
    config: Config,
    hint: bool,
) {
    let g = VeneyGame::new(game.rules.clone());
    let pos = *game.position();
    let hash = search_key(game);
    let config = Config {
        stop: game_ai::Stop::new(),
        ..config
    };
    let stop = config.stop.clone();
    let job = move || {
        let g = Arc::new(g);
        let c = Mcts::new(config).choose(&*g, &pos, player(side))?;
        Some((
            c.action,
            Thought {
                text: hint_words(&g, &pos, c.action),
                value: c.value,
                iterations: c.iterations,
                elapsed: c.elapsed,
            },
        ))
    };
    thinking.0 = SearchTask::start(job, hint, hash, side.to_string(), stop);
}

/// What a search and its result are for: the position in this game — its seed, its rules and
/// how far it has gone mixed in, so a search begun in one game is never played in the next one
/// from the same position (a review found a new game from the start position playing the old
/// game's search, of its seed and perhaps its rules).
pub fn search_key(game: &veney_rules::Game) -> u64 {
    game.position().hash()
        ^ game.seed().rotate_left(29)
        ^ (game.actions().count() as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)
        ^ (Arc::as_ptr(&game.rules) as usize as u64).rotate_left(43)
}

/// The same game, position and side think the same way (the game replays); the game's seed
/// mixed in, so another game does not repeat the computer's choices. From the position as the
/// side sees it (the other's sealed Hug hand as sealed), so a hidden choice never changes how it
/// thinks, as the grid games' seats.
fn seed(game: &veney_rules::Game, side: Side) -> u64 {
    VeneyGame::new(game.rules.clone())
        .observe(game.position(), game_api::Viewer::Player(player(side)))
        .hash()
        ^ (side.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ game.seed().rotate_left(17)
}

/// Starts a hint search for the person deciding now (the H key; `Command::Hint`): not for a
/// throw awaiting its roll or the Donkey's move (chance, nothing to choose), nor for the
/// computer's own side.
pub(super) fn hint(
    game: &veney_rules::Game,
    seats: &VeneyComputer,
    thinking: &mut VeneyThinking,
    status: &mut Status,
) {
    let pos = game.position();
    // Said, as the grid games say it (a review found H silent at the game's end).
    if pos.is_game_over() {
        status.info = Some("the game is over: no decision to hint at".into());
        return;
    }
    let Decision::Player(p) = VeneyGame::new(game.rules.clone()).decision(pos) else {
        status.info = Some("no decision to hint at now".into());
        return;
    };
    let side = Side::ALL[usize::from(p.0).min(1)];
    // Said while the computer thinks too (a review found the status line left blank then).
    if seats.plays(side).is_some() {
        status.info = Some(format!("{side} is the computer's: no hint for its move"));
        return;
    }
    if thinking.busy() {
        return;
    }
    let config = Config {
        budget: game_ai::Budget::Millis(1_000),
        seed: seed(game, side),
        ..Config::default()
    };
    spawn(thinking, game, side, config, true);
    status.info = Some("looking for a hint…".into());
}

/// The computer's side decides (or must roll): its search starts, or its roll is thrown.
/// The computer on both sides, paused by an Undo (`computer_pause`).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct VeneyPause(pub crate::host::computer_pause::PauseWatch);

#[allow(clippy::too_many_arguments)]
fn start(
    game: Res<CurrentGame>,
    seats: Res<VeneyComputer>,
    mut pause: ResMut<VeneyPause>,
    replaced: Res<super::commands::Replacements>,
    viewing: Res<super::game::Viewing>,
    setup: Res<super::setup_screen::SetupSession>,
    screen: Res<super::secrets::SecretScreen>,
    dialog: Option<Res<super::panels::NewGameDialog>>,
    mut thinking: ResMut<VeneyThinking>,
    mut out: MessageWriter<Command>,
    trap: Res<TrapWait>,
) {
    let pos = game.0.position();
    thinking.0.cancel_unless(search_key(&game.0));
    // With the computer on both sides, an Undo pauses it until "Play on" (a review found the
    // undone turn played again at once, the Undo changing nothing to see).
    let both = Side::ALL.iter().all(|&s| seats.plays(s).is_some());
    if pause.bypass_change_detection().0.follow(replaced.0, both) {
        return;
    }
    // §2.0.22: "An untenable move can be called out by the opponent … but only immediately
    // after the move is made": the computer calls the person's at once, before anything else
    // — a Self taken untenably too (a review found sand a free pass against the computer).
    // (Also over the Hug's first screen, which the drawing move brought up at once: the call
    // takes that move, and the draw, back — a review found the computer never calling there.)
    let hug_first = screen.0.as_ref().is_some_and(|p| {
        p.kind == super::secrets::SecretKind::Hug
            && p.stage == super::secrets::Stage::Pick(Side::White)
    });
    if viewing.0.is_none()
        && setup.0.is_none()
        && (!covered(&screen, dialog.as_deref())
            || (hug_first && !dialog.as_deref().is_some_and(|d| d.open)))
        && game.0.callable()
        && let Some(offender) = game.0.call_offender()
        && seats.plays(offender).is_none()
        && seats.plays(!offender).is_some()
        && worth_calling(&game.0, !offender)
    {
        out.write(Command::ComputerCall);
        return;
    }
    if thinking.busy()
        || viewing.0.is_some()
        || setup.0.is_some()
        || pos.is_game_over()
        || covered(&screen, dialog.as_deref())
    {
        return;
    }
    // §2.0.18 Obscurant Chaos: a technical piece of the other side on the computer's trap "can be
    // immediately lost to discard if the caster invokes it … even interrupting a double-move in
    // process": the computer springs it at once, before the piece can move off (the search
    // weighs the trap only at its own turn's start; the interruption is outside the game API).
    // Several at once: the first that can be sprung now (the mover's turn must be able to end).
    if seats.plays(!pos.turn()).is_some()
        && let Some(at) = game.0.springable_traps().first()
    {
        out.write(Command::ComputerInterrupt(at));
        return;
    }
    // The person's trap open over the computer's turn: the person answers first (`TrapWait`).
    if waits_for_trap(&game.0, &seats, &trap) {
        return;
    }
    // Each side's Donkey is thrown for its placer (a review found the person's Donkey thrown by
    // the computer, and the computer's left waiting for the person's R).
    let side = acting_side(pos);
    let Some(level) = seats.plays(side) else {
        return;
    };
    let g = VeneyGame::new(game.0.rules.clone());
    match g.decision(pos) {
        // The guess dice's hidden pick is made by the players, the computer's part without a
        // screen (`secrets.rs`); other chance is the game's dice.
        Decision::Chance
            if matches!(pos.phase(), veney_rules::Phase::Throw { .. })
                && game.0.rules.options.dice.is_guess() => {}
        Decision::Chance => {
            out.write(Command::Roll);
        }
        Decision::Player(p) if p == player(side) => {
            spawn(
                &mut thinking,
                &game.0,
                side,
                level.config(seed(&game.0, side)),
                false,
            );
        }
        _ => {}
    }
}

/// Whether the board is not in play for the computer: a secret screen covers it (a reveal the
/// person has not yet seen through, a pick, a hand-over, the hidden hand of a new game — reviews
/// found the computer moving under a reveal, and in the old game under a new game's hidden
/// hand), or the New game dialog stands open (its seats are for the next game).
pub(super) fn covered(
    screen: &super::secrets::SecretScreen,
    dialog: Option<&super::panels::NewGameDialog>,
) -> bool {
    screen.0.is_some() || dialog.is_some_and(|d| d.open)
}

/// A finished search: the computer's action is played, or the hint shown. A move found while
/// the board is covered or the move list is reviewed waits (README: "a move found while you
/// review the move list waits for your return to live"); one for a side that has become a
/// person's since is dropped.
fn finish(
    game: Res<CurrentGame>,
    screen: Res<super::secrets::SecretScreen>,
    dialog: Option<Res<super::panels::NewGameDialog>>,
    viewing: Res<super::game::Viewing>,
    seats: Res<VeneyComputer>,
    mut thinking: ResMut<VeneyThinking>,
    mut hint: ResMut<VeneyHint>,
    mut status: ResMut<Status>,
    mut out: MessageWriter<Command>,
    mut wake: ResMut<crate::host::Wake>,
) {
    if covered(&screen, dialog.as_deref()) || viewing.0.is_some() {
        return;
    }
    let hash = search_key(&game.0);
    let Some((result, is_hint)) = thinking.0.poll(hash, &mut wake) else {
        return;
    };
    let Some((action, t)) = result else { return };
    if is_hint {
        status.info = Some(hint_note(&t.text, t.value));
        *hint = VeneyHint(Some((t, hash)), Some(action));
    } else if seats.plays(acting_side(game.0.position())).is_some() {
        out.write(Command::ComputerPlay(action));
    }
}

/// Whether `caller` (the computer) calls the untenable move open to call. Every penalty but one
/// costs the offender; a Delayed Reset is the non-offending player's to declare ("may declare",
/// §2.0.22) and can cost the caller a won position, so the computer declares it only when the
/// reset board leaves it better off than the move standing (a review found the computer
/// resetting any board, the losing person's untenable move a way out).
pub fn worth_calling(game: &veney_rules::Game, caller: Side) -> bool {
    // "A player may prefer to disarm their opponent, if possible, instead of calling the move
    // untenable" (§2.0.22; §2.0.14 A: "competitively preferable"): a win at once on the board
    // beats a call that does not itself win (a review found a mate by disarm given away for a
    // free take-back under the friendly penalty).
    if wins_at_once(game, caller) {
        let mut called = game.clone();
        let call_wins = called.call_untenable_by(caller).is_some()
            && called
                .position()
                .outcome()
                .is_some_and(|o| o.winner() == Some(caller));
        if !call_wins {
            return false;
        }
    }
    if game.rules.options.untenable != veney_rules::options::UntenablePolicy::DelayedReset {
        return true;
    }
    let mut called = game.clone();
    match called.call_untenable_by(caller) {
        None => return false,
        // Taken back only (under Shima, a Jutsu into Control): no board reset to weigh.
        Some(c) if c != veney_rules::penalty::Call::Reset => return true,
        Some(_) => {}
    }
    // A move that ended the game against the computer — took its Self, drew — is always
    // called: no reset board is worse than a game lost (a review found the estimate, which
    // counts neither the Self nor the ending, letting such a move stand).
    if let Some(o) = game.position().outcome()
        && o.winner() != Some(caller)
    {
        return true;
    }
    let rules = &game.rules;
    veney_rules::lead(rules, called.position(), caller)
        > veney_rules::lead(rules, game.position(), caller)
}

/// Whether `side`, to act with the untenable move standing (the offender's turn ended), has an
/// action that wins at once (a checkmate, by touch with the dying move still to come too).
fn wins_at_once(game: &veney_rules::Game, side: Side) -> bool {
    let rules = &game.rules;
    let pos = *game.position();
    // Only once the offender's turn has ended: while it is open its second move may still parry,
    // and that move closes the call (R-UNTENABLE-CALL; a review found the call given up for a
    // win the person's next move then took away).
    acting_side(&pos) == side
        && pos.outcome().is_none()
        && pos.legal_actions(rules).into_iter().any(|a| {
            let mut p = pos;
            p.play(rules, a).is_ok() && p.outcome().is_some_and(|o| o.winner() == Some(side))
        })
}

/// Undo against the computer: the person's last turn goes back with every computer turn since
/// (the computer on both sides: its last turn).
pub(super) fn undo_to_person(game: &mut veney_rules::Game, seats: &VeneyComputer) -> bool {
    // A fallen flag's ending goes first: the game plays on where it stopped (R-OUT-OF-TIME).
    if game.withdraw_out_of_time() {
        return true;
    }
    // So does a declared ending (a resignation, an agreed draw, the Hug's), alone.
    if game.withdraw_declared() {
        return true;
    }
    // The computer on both sides: one turn goes back, as in the grid games (there is no
    // person's turn to reach; a review found undo running back to the start).
    let both = Side::ALL.iter().all(|&s| seats.plays(s).is_some());
    // Only the computer has played (it opened): there is no turn of the person's to take back,
    // and undoing its own would have it think again and replay (or reroll) its opening —
    // nothing to undo, as in the grid games (a review found the opening silently replayed).
    // (Its Donkey's roll is the placer's, made on the other side's turn: `acting_side`; a review
    // found the opening's roll taken for the person's action.)
    if !both
        && !game
            .actions()
            .any(|(before, _)| seats.plays(acting_side(before)).is_none())
    {
        return false;
    }
    let mut any = false;
    while let Some((before, _)) = game.actions().last().copied() {
        game.undo();
        any = true;
        if before.at_turn_start() && (both || seats.plays(before.turn()).is_none()) {
            break;
        }
    }
    any
}

#[cfg(test)]
mod trap_wait_tests {
    use super::{TrapWait, let_trap_pass};
    use crate::packs::veney::game::{Command, CurrentGame};
    use bevy::prelude::*;

    /// "Let it pass" holds for the position it was given over; an Undo, a Load or a new game
    /// drops it, so the same position reached again asks again.
    #[test]
    fn the_answer_holds_for_its_moment_only() {
        let mut a = App::new();
        a.add_message::<Command>()
            .insert_resource(CurrentGame(veney_rules::Game::new(std::sync::Arc::new(
                veney_rules::Rules::standard(),
            ))))
            .init_resource::<TrapWait>()
            .add_systems(Update, let_trap_pass);
        a.world_mut().write_message(Command::LetTrapPass);
        a.update();
        let here = a.world().resource::<CurrentGame>().0.position().hash();
        assert_eq!(a.world().resource::<TrapWait>().declined, Some(here));
        a.world_mut().write_message(Command::Undo);
        a.update();
        assert_eq!(a.world().resource::<TrapWait>().declined, None);
    }
}

#[cfg(test)]
mod tests {
    use super::{VeneyComputer, search_key, undo_to_person};

    /// §2.0.22 Delayed Reset: "the non-offending player may declare a reset of the board". The
    /// computer declares it when the reset board leaves it better off than the move standing,
    /// not when it would throw away its own Sword's approach (a review found every move
    /// called, a losing person's way out); under any other penalty it calls every move.
    #[test]
    fn the_computer_declares_a_delayed_reset_only_to_its_gain() {
        use veney_rules::options::UntenablePolicy;
        use veney_rules::{Game, Position, Rules, Side};
        let game = |policy, black_sword: &str| {
            let mut o = veney_rules::options::RuleOptions::default();
            o.untenable = policy;
            let r = std::sync::Arc::new(Rules::standard_with(o));
            let p = Position::from_pieces(
                &r,
                &[
                    (Side::White, "Self", "X2"),
                    (Side::White, "Sword", "X4"),
                    (Side::Black, "Self", "Y14"),
                    (Side::Black, "Sword", black_sword),
                ],
                Side::White,
            )
            .unwrap();
            let mut g = Game::from_position(r.clone(), p);
            // White's Sword out of its range (§2.0.03), toward Black's Self.
            let out = veney_rules::penalty::untenable_actions(&r, g.position())
                .into_iter()
                .find(|a| matches!(a, veney_rules::Action::Move(m) if m.to.to_string() == "X9"))
                .expect("$X9 is untenable");
            g.attempt(out).unwrap();
            assert_eq!(g.call_offender(), Some(Side::White));
            g
        };
        // Black's Sword at home: the reset costs White its Sword's approach — declared.
        assert!(super::worth_calling(
            &game(UntenablePolicy::DelayedReset, "Y12"),
            Side::Black
        ));
        // Black's Sword beside White's Self: the reset would send it home — not declared.
        assert!(!super::worth_calling(
            &game(UntenablePolicy::DelayedReset, "W3"),
            Side::Black
        ));
        // Any other penalty is called.
        assert!(super::worth_calling(
            &game(UntenablePolicy::TurnPenalty, "W3"),
            Side::Black
        ));
        // §2.0.22 "a player may prefer to disarm their opponent … instead of calling": with a
        // win on the board the computer lets the move stand, under any penalty whose call does
        // not itself win.
        for policy in [
            UntenablePolicy::Friendly,
            UntenablePolicy::TurnPenalty,
            UntenablePolicy::TimePenalty,
        ] {
            let mut o = veney_rules::options::RuleOptions::default();
            o.untenable = policy;
            let r = std::sync::Arc::new(Rules::standard_with(o));
            let mut g = Game::from_position(r.clone(), Position::start(&r));
            let out = veney_rules::penalty::untenable_actions(&r, g.position())
                .into_iter()
                .find(|a| {
                    veney_rules::notation::San::of_action(&r, g.position(), &[*a], a).to_string()
                        == "$fX12"
                })
                .expect("$fX12 is untenable at the start");
            g.attempt(out).unwrap();
            if g.position().turn() == Side::White {
                g.play(veney_rules::Action::EndTurn).unwrap();
            }
            assert!(
                super::wins_at_once(&g, Side::Black),
                "{policy:?}: $tX12# is there"
            );
            assert!(!super::worth_calling(&g, Side::Black), "{policy:?}");
        }
        // An untenable move that took the computer's Self is always called, whatever the
        // estimate says (it counts neither the Self nor the ending).
        let mut o = veney_rules::options::RuleOptions::default();
        o.untenable = UntenablePolicy::DelayedReset;
        let r = std::sync::Arc::new(Rules::standard_with(o));
        let p = Position::from_pieces(
            &r,
            &[
                (Side::White, "Self", "X2"),
                (Side::White, "Sword", "X4"),
                (Side::Black, "Self", "X9"),
                // Black's blades beside White's Self: by the estimate alone the reset would
                // cost Black their approach.
                (Side::Black, "Sword", "W3"),
                (Side::Black, "Dagger", "W2"),
            ],
            Side::White,
        )
        .unwrap();
        let mut g = Game::from_position(r.clone(), p);
        let take = veney_rules::penalty::untenable_actions(&r, g.position())
            .into_iter()
            .find(|a| matches!(a, veney_rules::Action::Move(m) if m.to.to_string() == "X9"))
            .expect("$X9 onto the Self, untenable");
        g.attempt(take).unwrap();
        // (Checkmate by touch: the dying move may still follow, R-DYING.)
        assert!(g.position().outcome().is_some(), "the Self taken");
        assert!(super::worth_calling(&g, Side::Black));
    }

    #[test]
    fn a_seat_is_seeded_from_what_it_sees() {
        // The other side's sealed Hug hand (§2.0.23) does not change how a seat thinks; its own
        // does (README: "a hidden choice never changes how it thinks").
        let mut o = veney_rules::options::RuleOptions::default();
        o.hug = true;
        let r = Arc::new(Rules::standard_with(o));
        let game = |hand: &str| {
            let text = format!(
                "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr over=agreed hug={hand}:-"
            );
            let p = veney_rules::Position::from_text(&r, &text).unwrap();
            Game::from_position_seeded(r.clone(), p, 5)
        };
        let (hugs, betrays) = (game("S"), game("D"));
        assert_eq!(
            super::seed(&hugs, veney_rules::Side::Black),
            super::seed(&betrays, veney_rules::Side::Black),
            "Black cannot see White's hand"
        );
        assert_ne!(
            super::seed(&hugs, veney_rules::Side::White),
            super::seed(&betrays, veney_rules::Side::White),
            "White's own hand"
        );
    }

    #[test]
    fn undo_with_the_computer_on_both_sides_takes_back_one_turn() {
        let mut g = Game::new(Arc::new(Rules::standard()));
        // Three turns of first-listed actions; the start of each kept.
        let mut starts = Vec::new();
        while starts.len() < 3 {
            if g.position().at_turn_start() {
                starts.push(*g.position());
            }
            let a = g.legal_actions()[0];
            g.play(a).unwrap();
            while !g.position().at_turn_start() {
                let a = g.legal_actions()[0];
                g.play(a).unwrap();
            }
        }
        let level = Some(game_ai::Level::Beginner);
        assert!(undo_to_person(&mut g, &VeneyComputer([level, level])));
        assert_eq!(*g.position(), starts[2], "the last turn alone");
        // A person on White: back to White's last turn start.
        let white_start = starts
            .iter()
            .rev()
            .find(|p| p.turn() == veney_rules::Side::White && **p != *g.position())
            .copied();
        undo_to_person(&mut g, &VeneyComputer([None, level]));
        assert_eq!(Some(*g.position()), white_start);
        // The computer opened as White and the person (Black) has not played: nothing to
        // undo, the opening stays (a review found it taken back and played again).
        let rules = Arc::new(Rules::standard());
        let mut g = Game::from_position_seeded(rules.clone(), Position::start(&rules), 1);
        g.play_token("SY3", 1).unwrap();
        g.play(veney_rules::Action::EndTurn).unwrap();
        let opened = *g.position();
        assert!(!undo_to_person(&mut g, &VeneyComputer([level, None])));
        assert_eq!(*g.position(), opened);
        // Once the person has moved, their turn goes back with nothing of the opening.
        g.play_token("SY14", 1).unwrap();
        assert!(undo_to_person(&mut g, &VeneyComputer([level, None])));
        assert_eq!(*g.position(), opened);
        // §2.0.23: the computer opened by placing its Donkey, which was rolled for it on
        // Black's turn: still nothing of the person's to undo (a review found the opening
        // taken back and replayed).
        let rules = Arc::new(Rules::standard_with(veney_rules::options::RuleOptions {
            donkey: true,
            ..Default::default()
        }));
        let mut g = Game::from_position_seeded(rules.clone(), Position::start(&rules), 1);
        g.play_token("K*W1", 1).unwrap();
        if !g.position().at_turn_start()
            && g.legal_actions().contains(&veney_rules::Action::EndTurn)
        {
            g.play(veney_rules::Action::EndTurn).unwrap();
        }
        assert!(g.roll().is_some(), "the Donkey rolled");
        let opened = *g.position();
        assert_eq!(opened.turn(), veney_rules::Side::Black);
        assert!(!undo_to_person(&mut g, &VeneyComputer([level, None])));
        assert_eq!(*g.position(), opened);
    }

    use std::sync::Arc;
    use veney_rules::{Game, Position, Rules};

    #[test]
    fn a_search_is_for_its_own_game_not_the_next_from_the_same_position() {
        let rules = Arc::new(Rules::standard());
        let start = Position::start(&rules);
        let a = Game::from_position_seeded(rules.clone(), start, 1);
        assert_eq!(search_key(&a), search_key(&a.clone()), "the same game");
        // Another seed or other rules (a new game from the same start), or a later point of
        // the game: another search.
        let b = Game::from_position_seeded(rules.clone(), start, 2);
        assert_ne!(search_key(&a), search_key(&b));
        let c = Game::from_position_seeded(Arc::new(Rules::standard()), start, 1);
        assert_ne!(search_key(&a), search_key(&c));
        let mut d = a.clone();
        let pass = veney_rules::Action::Pass;
        d.play(pass).unwrap();
        d.play(pass).unwrap();
        assert_ne!(search_key(&a), search_key(&d));
        // The same position, seed and rules at another point of a game: another search.
        let e = Game::from_position_seeded(rules.clone(), *d.position(), d.seed());
        assert_eq!(e.position().hash(), d.position().hash());
        assert_ne!(search_key(&d), search_key(&e));
    }
}

/// A hint's words: the action in notation, except the turn's end, whose `---` reads as a pass
/// (§2.0.17) where no pass is open (a review found "hint: ---" after a first move).
fn hint_words(g: &VeneyGame, pos: &veney_rules::Position, a: Action) -> String {
    if a == Action::EndTurn {
        "end the turn".into()
    } else {
        g.action_text(pos, a)
    }
}

#[cfg(test)]
mod hint_words_tests {
    use super::*;

    /// After a first move the computer's "end the turn" is said so, not written `---`.
    #[test]
    fn a_hint_to_end_the_turn_says_so() {
        let r = std::sync::Arc::new(veney_rules::Rules::standard());
        let g = VeneyGame::new(r.clone());
        let start = veney_rules::Position::start(&r);
        let first = veney_rules::notation::parse_turn(&r, &start, "SY3", 1).unwrap();
        assert_eq!(hint_words(&g, &start, first[0]), "SY3");
        let mut pos = start;
        pos.play(&r, first[0]).unwrap();
        assert_eq!(hint_words(&g, &pos, Action::EndTurn), "end the turn");
    }
}
