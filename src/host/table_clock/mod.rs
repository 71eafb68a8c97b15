//! The table clock (issue 16, Clocks): a chess clock beside any game, on screen or beside a
//! real board — the controls of `game_clock` (sudden death, Fischer, Bronstein, simple delay,
//! a per-turn limit, the hourglass), each side's time settable apart (handicaps), one big face
//! per player to press (or Space for the first seat, Enter for the second), pause, undo the last
//! press, ±10 s per side, and the fallen flag. It ticks without keeping the app busy: a small
//! thread wakes the event loop only when a shown digit changes (`Clock::next_change`), so the
//! idle app draws about one frame a second, and that frame draws only the clock's own window
//! (`window`; its faces are in `faces`). Time is the monotonic clock, in ms since the app
//! started (`ClockNow` overrides it in tests). Every change is written atomically to
//! `saves/clock.txt` (the clock's one-line save form), and a clock found there at start comes
//! back paused (ruling R-CLOCK-RESTORE: a new run has a new time base), so a crash or a closed
//! window loses no time.
use bevy::prelude::*;
use game_clock::{Clock, Control, HourglassStart};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod faces;
pub mod window;

/// The kinds of control the setup offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlKind {
    SuddenDeath,
    Fischer,
    Bronstein,
    SimpleDelay,
    PerTurn,
    Hourglass,
}

impl ControlKind {
    pub const ALL: [ControlKind; 6] = [
        ControlKind::SuddenDeath,
        ControlKind::Fischer,
        ControlKind::Bronstein,
        ControlKind::SimpleDelay,
        ControlKind::PerTurn,
        ControlKind::Hourglass,
    ];
    pub fn name(self) -> &'static str {
        match self {
            ControlKind::SuddenDeath => "sudden death",
            ControlKind::Fischer => "Fischer increment",
            ControlKind::Bronstein => "Bronstein delay",
            ControlKind::SimpleDelay => "simple delay",
            ControlKind::PerTurn => "a limit per turn",
            ControlKind::Hourglass => "hourglass",
        }
    }
}

/// What the setup form holds: the kind, each side's minutes (handicaps), the seconds of an
/// increment, delay or per-turn limit, and how an hourglass starts.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockSetup {
    pub kind: ControlKind,
    pub minutes: [f32; 2],
    pub seconds: u32,
    pub hourglass_even: bool,
    /// A Time Penalty gives the opponent the time rather than taking it off the offender.
    pub penalty_as_bonus: bool,
    /// How many seconds a called untenable move's Time Penalty is (§2.0.22; R-CLOCK-PENALTY:
    /// "agreed before the game").
    pub penalty_seconds: u32,
    /// The "few seconds" a checkmate by touch leaves the mated player for the dying move
    /// (§2.0.20; R-CLOCK-DYING: the players may change it).
    pub dying_move_seconds: u32,
}

impl Default for ClockSetup {
    fn default() -> Self {
        ClockSetup {
            kind: ControlKind::Fischer,
            minutes: [5.0, 5.0],
            seconds: 5,
            hourglass_even: false,
            penalty_as_bonus: false,
            penalty_seconds: (game_clock::DEFAULT_TIME_PENALTY / 1000) as u32,
            dying_move_seconds: (game_clock::DEFAULT_DYING_MOVE / 1000) as u32,
        }
    }
}

impl ClockSetup {
    /// The penalty and dying-move times the form agrees.
    pub fn agreed(&self) -> game_clock::Agreed {
        game_clock::Agreed {
            penalty: u64::from(self.penalty_seconds) * 1000,
            penalty_how: if self.penalty_as_bonus {
                game_clock::TimePenalty::Bonus
            } else {
                game_clock::TimePenalty::Reduction
            },
            dying_move: u64::from(self.dying_move_seconds) * 1000,
        }
    }

    /// The form showing what a clock brought back agreed (its setup again after Reset).
    pub fn take_agreed(&mut self, a: game_clock::Agreed) {
        self.penalty_seconds = (a.penalty / 1000).clamp(1, 120) as u32;
        self.penalty_as_bonus = a.penalty_how == game_clock::TimePenalty::Bonus;
        self.dying_move_seconds = (a.dying_move / 1000).clamp(1, 60) as u32;
    }

    /// Each seat's control.
    pub fn controls(&self) -> Vec<Control> {
        self.controls_first(0)
    }

    /// Each seat's control as Start will make it with seat `to_move` first, named: the setup
    /// form's summary (a review found it always showing the first seat's, so Black moving
    /// first read White's full glass).
    pub fn preview(&self, names: &[String; 2], to_move: usize) -> String {
        self.controls_first(to_move)
            .iter()
            .zip(names)
            .map(|(c, n)| format!("{n}: {}", c.describe()))
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// Under a limit a turn, a Time Penalty taken off the offender comes off what is left of
    /// the turn under way (R-CLOCK-PER-TURN; the called move's own seconds stay spent): a
    /// called move loses on time at once when the penalty is at least what is left, which is
    /// Sudden Death, not a penalty (§2.0.22 names them apart). Said on the form — always, when
    /// it is a whole turn or more (a review found the default penalty, 10 s, twice the
    /// rulebook's five-second turn), else when the move took longer than the rest (a review
    /// found 2 s of a 5 s turn said nothing of it).
    pub fn penalty_warning(&self) -> Option<String> {
        if self.kind != ControlKind::PerTurn || self.penalty_as_bonus {
            return None;
        }
        let (penalty, turn) = (self.penalty_seconds, self.seconds);
        Some(if penalty >= turn {
            format!(
                "a {penalty} s penalty takes a whole {turn} s turn: a called move would lose on time at once, as Sudden Death (§2.0.22) — agree fewer seconds, or the bonus to the opponent"
            )
        } else {
            format!(
                "a {penalty} s penalty comes off what is left of the offender's {turn} s turn: a move that took {} s or more of it loses on time at once when called, as Sudden Death (§2.0.22) — or agree the bonus to the opponent",
                turn - penalty
            )
        })
    }

    /// `controls` with seat `first` to move first (an hourglass's sand starts on it).
    pub fn controls_first(&self, first: usize) -> Vec<Control> {
        let ms = |m: f32| (m.max(0.0) * 60_000.0).round() as u64;
        let s = self.seconds as u64 * 1_000;
        match self.kind {
            ControlKind::Hourglass => Control::hourglass(
                ms(self.minutes[0]),
                2,
                first,
                if self.hourglass_even {
                    HourglassStart::Even
                } else {
                    HourglassStart::FullToFirst
                },
            ),
            kind => self
                .minutes
                .iter()
                .map(|&m| {
                    let base = ms(m);
                    match kind {
                        ControlKind::SuddenDeath => Control::SuddenDeath { base },
                        ControlKind::Fischer => Control::Fischer { base, increment: s },
                        ControlKind::Bronstein => Control::Bronstein { base, delay: s },
                        ControlKind::SimpleDelay => Control::SimpleDelay { base, delay: s },
                        _ => Control::PerTurn {
                            limit: s.max(1_000),
                        },
                    }
                })
                .collect(),
        }
    }
}

/// The clock, its setup and whether its window is open.
#[derive(Resource, Default)]
pub struct TableClock {
    pub open: bool,
    pub setup: ClockSetup,
    pub clock: Option<Clock>,
    /// What the last operation refused, in words.
    pub note: Option<String>,
    /// The shown game's names for the seats (Veney's White and Black, a grid game's players);
    /// `None`: the first and the second player.
    pub names: Option<[String; 2]>,
    /// The seat the shown game has to move: Start runs it (a review found seat 0 always started,
    /// White's clock running when Black moves first).
    pub to_move: usize,
    /// The flag a clock brought back from its save form (`clock.txt` at start-up, a game's
    /// `[Clock]`) already showed: old news, which ends no game — it ended its game when it fell,
    /// or the players undid that ending to play on (a review found a restart ending a fresh game,
    /// or a played-on one, with the saved clock's flag).
    pub restored_flag: Option<game_clock::Flag>,
    /// "New clock…" was pressed: the faces ask before the times are lost (a review found one
    /// click wiping both players' times for good).
    pub asking_new: bool,
}

impl TableClock {
    /// The shown game's seats: who is to move (what Start runs), and their names when the
    /// clock is that game's (`None`: another game's clock, whose faces keep its own players'
    /// names). Set by the game's pack each frame it shows; unchanged values leave the resource
    /// unchanged.
    pub fn set_seats(this: &mut ResMut<TableClock>, names: Option<[String; 2]>, to_move: usize) {
        if this.to_move != to_move {
            this.to_move = to_move;
        }
        if let Some(names) = names
            && this.names.as_ref() != Some(&names)
        {
            this.names = Some(names);
        }
    }

    /// Seat `seat`'s name on the clock.
    pub fn seat_name(&self, seat: usize) -> String {
        match &self.names {
            Some(n) => n.get(seat).cloned().unwrap_or_default(),
            None => ["First player", "Second player"]
                .get(seat)
                .unwrap_or(&"")
                .to_string(),
        }
    }
}

/// Milliseconds since the app started; a test sets `ClockNow(Some(ms))` instead.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockNow(pub Option<u64>);

#[derive(Resource)]
struct Epoch(Instant);

/// The flag down on the table clock now, if any (`FlagFell` tells the fall once).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlagDown(pub Option<game_clock::Flag>);

/// The screen whose game the table clock was last kept in step with: coming back to that same
/// screen keeps the clock as it stands (a press, a pause or a fallen flag while away stays);
/// coming back to another brings that game's own clock back.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockShownFor(pub Option<super::screen::Screen>);

impl ClockShownFor {
    /// Whether a game on `screen` may send the clock its requests (a penalty, a dying move, a
    /// turn given back): the table's clock is that game's, or no game's yet — not another
    /// game's left running there (a review found Veney's checkmate cutting Tirachen's clock,
    /// and so taking it over).
    pub fn is_for(&self, screen: super::screen::Screen) -> bool {
        self.0.is_none_or(|s| s == screen)
    }
}

/// When the waker thread should next wake the event loop (none: the clock does not run).
#[derive(Resource, Clone, Default)]
struct NextWake(Arc<Mutex<Option<Instant>>>);

/// A flag has just fallen: the seat is out of time. A game's pack ends its own game on it
/// (Veney: `Game::out_of_time`); the grid games end here, by `Declared::OutOfTime`.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagFell(pub usize);

/// The clock's one-line save form as it stands (none without a clock), kept up by the clock's
/// autosave: a game's own save carries it (`[Clock "…"]`).
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct ClockForm(pub Option<String>);

/// A game was loaded with a clock in its save: the table clock becomes that clock, paused
/// (ruling R-CLOCK-RESTORE: the save's time base is not this run's).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct RestoreClock(pub String);

/// Another game's screen takes the table clock (its own clock, `RestoreClock`, follows in the
/// same frame): the clock the table holds, if it runs, is paused now and its form handed back to
/// the game it was kept with (`ClockLeftBehind`). A review found the time the running side had
/// spent since its last press given back when that game's clock came back, paused, at the
/// form of that press.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSwitch {
    /// The screen whose game the table clock was kept with until now.
    pub from: super::screen::Screen,
}

/// The clock of the game on `owner`'s screen as it was left, paused when another game's clock
/// took the table: that game keeps it (Veney's pack; a grid game here).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ClockLeftBehind {
    pub owner: super::screen::Screen,
    pub form: String,
    /// The flag down on it as it left, unless one brought back from a save form (old news,
    /// `TableClock::restored_flag`): a game not shown ends on it (Veney's; a grid game's
    /// `flag_ends_game` ended it as it fell).
    pub flag: Option<game_clock::Flag>,
}

/// What the table clock knows of the game shown on a screen, as its pack last showed it (each
/// frame it shows): `hold_while_away` and `stop_at_the_end` read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockGame {
    /// Which game it is (a new game, a load or a restart on that screen is another).
    pub id: u64,
    /// The seats the computer plays.
    pub computer: [bool; 2],
    /// The game has ended (an ending undone makes it live again).
    pub over: bool,
    /// The seat whose turn it is (none at a throw of chance or a simultaneous choice): a clock
    /// run again by an undo of the ending runs for it.
    pub to_move: Option<usize>,
    /// How many actions the game has played: fewer than before, the game went back (an undo).
    pub played: usize,
}

/// Each screen's game as the table clock knows it (`ClockGame`).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct ClockGames(pub Vec<(super::screen::Screen, ClockGame)>);

impl ClockGames {
    /// `screen`'s game is `game` (set by its pack each frame it shows; an unchanged value leaves
    /// the resource unchanged).
    pub fn set(this: &mut ResMut<ClockGames>, screen: super::screen::Screen, game: ClockGame) {
        let at = this.0.iter().position(|(s, _)| *s == screen);
        match at {
            Some(i) if this.0[i].1 == game => {}
            Some(i) => this.0[i].1 = game,
            None => this.0.push((screen, game)),
        }
    }

    fn of(&self, screen: super::screen::Screen) -> Option<ClockGame> {
        self.0.iter().find(|(s, _)| *s == screen).map(|(_, g)| *g)
    }

    /// What a press made now would be marked with (`mark_presses`): `screen`'s game — its
    /// screen in the key too, as each screen counts its games from its own start (a review
    /// found a Veney game's mark matching a grid game's) — and how many actions it has played.
    fn mark(&self, screen: super::screen::Screen) -> Option<game_clock::PressMark> {
        let g = self.of(screen)?;
        let at = super::screen::Screen::ALL
            .iter()
            .position(|&s| s == screen)
            .unwrap_or(0) as u64;
        Some(game_clock::PressMark {
            game: (at << 56) | (g.id & ((1 << 56) - 1)),
            played: g.played as u64,
        })
    }

    fn plays(&self, screen: super::screen::Screen, seat: usize) -> bool {
        self.of(screen)
            .is_some_and(|g| g.computer.get(seat).copied().unwrap_or(false))
    }
}

/// The screen whose game's clock `hold_while_away` paused as that screen was left, the
/// computer to move: it runs again on the return.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
struct HeldWhileAway(Option<super::screen::Screen>);

/// The ended game `stop_at_the_end` has seen end (its screen and id), and whether it paused a
/// running clock then: an undo that makes that game live again runs it again. A clock started or
/// resumed over the finished game afterwards is the players' to run (a review found it paused
/// again every frame).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
struct HeldAtTheEnd(Option<(super::screen::Screen, u64, bool)>);

/// What a game's computer reads of the table clock: the time its seat has left.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ClockView<'w> {
    table: Res<'w, TableClock>,
    shown_for: Res<'w, ClockShownFor>,
    epoch: Res<'w, Epoch>,
    fixed: Res<'w, ClockNow>,
}

impl ClockView<'_> {
    /// The time `seat` has left (ms) when the table clock is `screen`'s game's and runs for
    /// that seat; else `None`.
    pub fn running_left(&self, screen: super::screen::Screen, seat: usize) -> Option<u64> {
        if self.shown_for.0 != Some(screen) {
            return None;
        }
        let c = self.table.clock.as_ref()?;
        let now = now(&self.epoch, &self.fixed);
        (seat < c.seats() && c.state(now) == game_clock::State::Running(seat))
            .then(|| time_to_flag(c, seat, now))
    }
}

impl ClockView<'_> {
    /// Whether the table clock is `screen`'s game's and stands paused.
    pub fn paused_for(&self, screen: super::screen::Screen) -> bool {
        self.shown_for.0 == Some(screen)
            && self.table.clock.as_ref().is_some_and(|c| {
                matches!(
                    c.state(now(&self.epoch, &self.fixed)),
                    game_clock::State::Paused(_)
                )
            })
    }
}

/// The time the running `seat` has before its flag falls: its shown time, and under a simple
/// delay the delay still to run on this turn too (a review found the computer hurried by its
/// main time alone, playing its first listed move with five seconds of delay in hand).
pub fn time_to_flag(c: &game_clock::Clock, seat: usize, now: u64) -> u64 {
    match c.flag_falls_at() {
        Some(at) if c.to_move() == Some(seat) => at.saturating_sub(now),
        _ => c.remaining(seat, now),
    }
}

/// The clock's systems (its intents, the flag, the wake-up, the autosave and the form): a
/// game's pack reads `FlagFell` and `ClockForm` after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClockSystems;

/// After `ClockSystems` and after each pack has told `ClockGames` its game this frame: the
/// computer's face pressed when its turn has ended but its time still runs
/// (`press_behind_the_game`).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClockCatchUp;

/// What the players do to the clock.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum ClockIntent {
    /// Start with the first seat to move.
    Start,
    /// This seat ends its turn.
    Press(usize),
    Pause,
    Resume,
    UndoPress,
    /// Add (or with a negative number take) milliseconds to a seat.
    Adjust(usize, i64),
    /// Back to the setup.
    Reset,
    /// Show or hide the clock's window (the panels' "Clock…").
    Toggle,
    /// A called untenable move under the Time Penalty policy (§2.0.22): the offender's turn
    /// comes back (`turn_back`: its press in that turn undone, else the waiting face pressed)
    /// and the agreed penalty is paid, as the setup says. With how many actions the game had
    /// played when the offender's turn began, when known.
    TimePenalty(usize, Option<u64>),
    /// The Time Penalty this seat paid was taken back (its call undone): the agreed time comes
    /// back as it was paid (`Clock::lift_time_penalty`).
    TimePenaltyLifted(usize),
    /// A checkmate by touch: the mated seat's clock drops to a few seconds for its dying move
    /// (§2.0.20).
    DyingMove(usize),
    /// The checkmate by touch that cut this seat's clock was taken back (its move undone or
    /// called untenable): the limit goes, and a cut turn gets its time back
    /// (`Clock::lift_dying_move`).
    DyingMoveLifted(usize),
    /// The rules gave this seat its turn back (an untenable move called, §2.0.22): when the
    /// clock runs for the other seat, its press in that turn is undone, else the waiting face
    /// pressed (`turn_back`). With how many actions the game had played when the offender's
    /// turn began, when known.
    TurnBack(usize, Option<u64>),
    /// The computer ended its turn for `seat` on `screen`'s game: the app presses for it, as a
    /// person presses their own face — only when the clock is that game's and runs for `seat`
    /// (a review found the computer's clock running on after its move until someone pressed
    /// for it).
    TurnEnded {
        seat: usize,
        screen: super::screen::Screen,
    },
}

impl ClockIntent {
    /// Whether the players did something to the clock itself — not only showing or hiding its
    /// window, which makes another game's running clock no game's of the screen's (a review
    /// found a look at the clock handing it over).
    pub fn uses_the_clock(&self) -> bool {
        !matches!(self, ClockIntent::Toggle | ClockIntent::TurnEnded { .. })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableClock>()
        .init_resource::<ClockNow>()
        .init_resource::<NextWake>()
        .insert_resource(Epoch(Instant::now()))
        .add_message::<ClockIntent>()
        .add_message::<FlagFell>()
        .add_message::<RestoreClock>()
        .add_message::<ClockSwitch>()
        .add_message::<ClockLeftBehind>()
        .init_resource::<ClockForm>()
        .init_resource::<FlagDown>()
        .init_resource::<ClockShownFor>()
        .init_resource::<ClockGames>()
        .init_resource::<HeldWhileAway>()
        .init_resource::<HeldAtTheEnd>()
        .init_resource::<PressOwed>()
        .add_systems(Startup, restore)
        .add_systems(
            Update,
            (
                (
                    hold_while_away,
                    stop_at_the_end,
                    apply,
                    flag_ends_game,
                    schedule_wake,
                    autosave,
                )
                    .chain()
                    .in_set(ClockSystems),
                grid_clock_left_behind.after(ClockSystems),
                // Only while the grid game is shown: on Veney's screen the grid game left
                // behind named the seats, started its decider's side and took Veney's clock
                // (a review found it running on every screen).
                grid_game_clock
                    .after(ClockSystems)
                    .before(ClockCatchUp)
                    .run_if(crate::host::grid::grid_shown),
                grid_clock_on_return.before(ClockSystems),
                drop_unreadable_grid_clock
                    .before(grid_clock_on_return)
                    .before(grid_game_clock),
                (press_behind_the_game, follow_the_game_back, mark_presses)
                    .chain()
                    .in_set(ClockCatchUp),
            ),
        )
        .configure_sets(Update, ClockCatchUp.after(ClockSystems));
}

/// A press the computer owes: its turn ended (`ClockIntent::TurnEnded`) while its game's clock
/// did not run for it — paused by hand, brought back paused from a save or another game's
/// visit, or still running for the person, who had not yet pressed when the computer answered.
/// The screen, the seat and the game's id (`ClockGame::id`).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
struct PressOwed(Option<(super::screen::Screen, usize, u64)>);

/// The press the computer owes is made as soon as the clock runs for it while its turn is still
/// over (a review found the press dropped, the computer's time then running on the person's
/// turn, the person's own press refused and the computer's flag falling). It lapses when the
/// computer is to move again (its turn undone) or the game is another.
fn press_behind_the_game(
    screen: Option<Res<State<super::screen::Screen>>>,
    games: Res<ClockGames>,
    shown_for: Res<ClockShownFor>,
    mut t: ResMut<TableClock>,
    mut owed: ResMut<PressOwed>,
    epoch: Res<Epoch>,
    fixed: Res<ClockNow>,
) {
    let (Some(screen), Some((at, seat, id))) = (screen, owed.0) else {
        return;
    };
    let here = *screen.get();
    if at != here || shown_for.0 != Some(here) {
        return;
    }
    let Some(game) = games.of(here) else {
        return;
    };
    if game.id != id || game.to_move == Some(seat) {
        owed.0 = None;
        return;
    }
    if game.over || game.to_move.is_none() {
        return;
    }
    let now = now(&epoch, &fixed);
    let running = t
        .clock
        .as_ref()
        .is_some_and(|c| c.state(now) == game_clock::State::Running(seat));
    if running && let Some(c) = t.clock.as_mut() {
        owed.0 = None;
        let _ = c.press(now, seat);
    }
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(Startup, spawn_waker)
        .add_systems(Update, keys)
        .add_plugins(window::plugin);
}

/// Leaving a game's screen while its clock runs for the computer pauses the clock: the
/// computer thinks, hurries and plays only while its board is shown, so its flag would fall
/// meanwhile (a review found the computer losing on time while the person read the title).
/// Coming back to that screen, the clock kept with it still, runs it again. A person's time
/// runs on while away, as at a table.
fn hold_while_away(
    screen: Option<Res<State<super::screen::Screen>>>,
    seats: Res<ClockGames>,
    shown_for: Res<ClockShownFor>,
    mut t: ResMut<TableClock>,
    mut held: ResMut<HeldWhileAway>,
    epoch: Res<Epoch>,
    fixed: Res<ClockNow>,
) {
    let Some(screen) = screen else {
        return;
    };
    // The clock went to another game meanwhile: its hold is that game's no more.
    if held.0.is_some() && shown_for.0 != held.0 {
        held.0 = None;
    }
    if !screen.is_changed() {
        return;
    }
    let now = now(&epoch, &fixed);
    let here = *screen.get();
    let (Some(owner), Some(c)) = (shown_for.0, t.clock.as_mut()) else {
        return;
    };
    if owner != here {
        if let game_clock::State::Running(seat) = c.state(now)
            && seats.plays(owner, seat)
            && c.pause(now).is_ok()
        {
            held.0 = Some(owner);
        }
    } else if held.0 == Some(owner) {
        held.0 = None;
        if matches!(c.state(now), game_clock::State::Paused(_)) {
            let _ = c.resume(now);
        }
    }
}

/// A game that ends stops its clock: the clock kept with the game shown is paused as the game
/// ends — by the rules, a resignation or an agreed draw — so no flag falls over a finished game
/// (a review found the winner's time running on under the banner, its flag falling, and that
/// flag then unable to end the game played on after an undo). An undo that makes the same game
/// live again runs the clock again; a new game leaves it paused.
fn stop_at_the_end(
    screen: Option<Res<State<super::screen::Screen>>>,
    games: Res<ClockGames>,
    shown_for: Res<ClockShownFor>,
    mut t: ResMut<TableClock>,
    mut held: ResMut<HeldAtTheEnd>,
    epoch: Res<Epoch>,
    fixed: Res<ClockNow>,
) {
    let Some(screen) = screen else {
        return;
    };
    let here = *screen.get();
    if shown_for.0 != Some(here) {
        return;
    }
    let Some(game) = games.of(here) else {
        return;
    };
    let now = now(&epoch, &fixed);
    // (With no clock the ending seen is kept: a clock started then over the finished game is
    // the players'.)
    let Some(c) = t.bypass_change_detection().clock.as_mut() else {
        return;
    };
    let state = c.state(now);
    if game.over {
        // Once, as the game ends.
        if held.0.is_none_or(|(s, id, _)| (s, id) != (here, game.id)) {
            let paused = matches!(state, game_clock::State::Running(_)) && c.pause(now).is_ok();
            held.0 = Some((here, game.id, paused));
            if paused {
                t.set_changed();
            }
        }
    } else if let Some((s, id, paused)) = held.0
        && s == here
    {
        held.0 = None;
        if paused && id == game.id && matches!(state, game_clock::State::Paused(_)) {
            // The undo may have taken back more than the ending: against the computer, the
            // person's turn before its winning reply, which never pressed (a review found the
            // computer's time run again on the person's turn, its flag falling as they
            // thought). The clock runs for the side to move: its last press taken back if that
            // press was the turn undone, else the other side's face pressed.
            if let (Some(seat), Some(mark)) = (game.to_move, games.mark(here)) {
                hand_to(c, seat, now, mark);
            }
            if c.resume(now).is_ok() {
                t.set_changed();
            }
        }
    }
}

/// Whether the offender on `seat` had pressed when its move is called: another side is to move
/// and the last press came in the offender's turn that holds the move — marked with more than
/// `since`, the actions played when that turn began, whether made after the move called or
/// after a first move before it (a press of the offender's earlier turn, the caller not having
/// pressed since, is no press of this one: a review found it taken back, the offender's earlier
/// turn given back whole) — or, the clock stopped by a flag that fell after
/// the press and was undone in the game to play on, the flag is another side's. The offender's
/// own flag, fallen on its turn, has no press of its to take back (a review found an unrelated
/// earlier press undone, the flag lifted and the other side's clock run). A press with no mark
/// of `game`, or a call with no `since`, counts as the offender's.
fn offender_pressed(
    c: &game_clock::Clock,
    seat: usize,
    now: u64,
    game: Option<u64>,
    since: Option<u64>,
) -> bool {
    match c.to_move() {
        Some(m) => {
            m != seat
                && c.last_press_mark()
                    .filter(|k| Some(k.game) == game)
                    .zip(since)
                    .is_none_or(|(k, since)| k.played > since)
        }
        None => c.flag(now).is_some_and(|f| f.seat != seat),
    }
}

/// The rules gave `seat` its turn back (an untenable move called): the offender's press in
/// that turn taken back (`offender_pressed`), else the face of the side the clock runs for
/// pressed, so the offender's time runs: the caller's, charged from its last press and given
/// its control's increment, whether it had not pressed since its own move or (a clock brought
/// back with no presses to take back) the offender's press cannot be undone.
fn turn_back(
    c: &mut game_clock::Clock,
    seat: usize,
    now: u64,
    game: Option<u64>,
    since: Option<u64>,
) -> Result<(), game_clock::ClockError> {
    if offender_pressed(c, seat, now, game, since) && c.undo_depth() > 0 {
        c.undo_press(now)
    } else {
        if c.to_move().is_some_and(|m| m != seat) {
            press_waiting_face(c, now);
        }
        Ok(())
    }
}

/// Brings the clock's side to move to `seat` of `game`, running or paused as it was: its last
/// press taken back if it was the press of a turn undone or still under way (made once as much
/// of `game` stood as now stands, or more, `mark_presses`) and that makes `seat` the one to
/// move, else the other side's face
/// pressed — that side moved and had not pressed (a review found, after a resignation by the
/// side to move before the other had pressed was undone, the resigner's own earlier press
/// taken back: the other side's whole turn given back to it). A press with no mark of this game
/// is taken back as before.
fn hand_to(c: &mut game_clock::Clock, seat: usize, now: u64, game: game_clock::PressMark) {
    if c.to_move() == Some(seat) {
        return;
    }
    let undone = c
        .last_press_mark()
        .filter(|m| m.game == game.game)
        .is_none_or(|m| m.played >= game.played);
    let mut back = c.clone();
    if undone && back.undo_press(now).is_ok() && back.to_move() == Some(seat) {
        *c = back;
    } else {
        press_waiting_face(c, now);
    }
}

/// The face of the side the clock runs for pressed for it, running or paused as it was: that
/// side moved and had not pressed.
fn press_waiting_face(c: &mut game_clock::Clock, now: u64) {
    let Some(other) = c.to_move() else {
        return;
    };
    if matches!(c.state(now), game_clock::State::Paused(_)) {
        let _ = c
            .resume(now)
            .and_then(|_| c.press(now, other))
            .and_then(|_| c.pause(now));
    } else {
        let _ = c.press(now, other);
    }
}

/// Against the computer, the clock follows the game back: when the game shown went back (an
/// undo on the computer's turn, a new game after the computer's winning reply) to the person's
/// turn while the clock stands at the computer's side, the clock is brought back to the person
/// (`hand_to`; a review found the computer's time running on the person's turn, the person's
/// press refused, the computer's flag falling). A person's press made before their move is
/// theirs (the game did not go back); between people the clock is the players' to press.
#[allow(clippy::too_many_arguments)]
fn follow_the_game_back(
    screen: Option<Res<State<super::screen::Screen>>>,
    games: Res<ClockGames>,
    shown_for: Res<ClockShownFor>,
    mut owed: ResMut<PressOwed>,
    mut t: ResMut<TableClock>,
    mut seen: Local<Option<(super::screen::Screen, u64, usize)>>,
    epoch: Res<Epoch>,
    fixed: Res<ClockNow>,
) {
    let Some(screen) = screen else {
        return;
    };
    let here = *screen.get();
    let Some(game) = games.of(here) else {
        return;
    };
    let went_back =
        seen.is_some_and(|(s, id, played)| s == here && (id != game.id || game.played < played));
    *seen = Some((here, game.id, game.played));
    if !went_back || shown_for.0 != Some(here) || game.over {
        return;
    }
    let Some(person) = game.to_move else {
        return;
    };
    if game.computer.get(person).copied().unwrap_or(true) {
        return;
    }
    let at_computer = t
        .clock
        .as_ref()
        .and_then(|c| c.to_move())
        .is_some_and(|s| s != person && game.computer.get(s).copied().unwrap_or(false));
    if !at_computer {
        return;
    }
    // The computer's press owed for a turn now undone lapses with it.
    if owed.0.is_some_and(|(s, _, _)| s == here) {
        owed.0 = None;
    }
    let now = now(&epoch, &fixed);
    if let Some(c) = t.clock.as_mut() {
        if let Some(mark) = games.mark(here) {
            hand_to(c, person, now, mark);
        }
    }
}

/// Each press made this frame is marked with what it ended (`game_clock::PressMark`): the game
/// the clock is kept for and how many of its actions stood, as its pack last told `ClockGames`
/// (a press is made a frame or more after the move it ends: its intent is read the next frame).
/// An undo of the game then tells a press of a turn taken back from an earlier one
/// (`hand_to`). Unseen: no redraw, no autosave.
fn mark_presses(games: Res<ClockGames>, shown_for: Res<ClockShownFor>, mut t: ResMut<TableClock>) {
    let Some(mark) = shown_for.0.and_then(|s| games.mark(s)) else {
        return;
    };
    if !t.clock.as_ref().is_some_and(|c| c.has_unmarked_press()) {
        return;
    }
    if let Some(c) = t.bypass_change_detection().clock.as_mut() {
        c.mark_presses(mark);
    }
}

/// A refusal of the clock as the players read it, their seats by name: a tap on the waiting
/// player's half says nothing (R-CLOCK-PRESS: it "does nothing"), a fallen flag names its
/// player, not a seat number and the app's milliseconds (a review found "side 1 is not to move
/// (side 0 is)" and "side 0's flag fell at 183456 ms" shown in red).
fn worded(e: game_clock::ClockError, names: Option<&[String; 2]>) -> Option<String> {
    use game_clock::ClockError;
    let name = |seat: usize| {
        names
            .and_then(|n| n.get(seat).cloned())
            .unwrap_or_else(|| format!("player {}", seat + 1))
    };
    match e {
        ClockError::NotToMove { .. } => None,
        ClockError::Flagged(f) => Some(format!(
            "{}'s flag has fallen: the clock has stopped",
            name(f.seat)
        )),
        e => Some(e.to_string()),
    }
}

fn now(epoch: &Epoch, fixed: &ClockNow) -> u64 {
    fixed
        .0
        .unwrap_or_else(|| epoch.0.elapsed().as_millis() as u64)
}

#[allow(clippy::too_many_arguments)]
fn apply(
    mut intents: MessageReader<ClockIntent>,
    mut restores: MessageReader<RestoreClock>,
    mut switches: MessageReader<ClockSwitch>,
    mut left: MessageWriter<ClockLeftBehind>,
    mut t: ResMut<TableClock>,
    epoch: Res<Epoch>,
    fixed: Res<ClockNow>,
    shown_for: Res<ClockShownFor>,
    games: Res<ClockGames>,
    mut owed: ResMut<PressOwed>,
    screen: Option<Res<State<super::screen::Screen>>>,
) {
    let now = now(&epoch, &fixed);
    let t = &mut *t;
    if !switches.is_empty() {
        owed.0 = None;
    }
    // Another game's clock used on this game's screen becomes this game's (`grid_game_clock`,
    // Veney's `game_clock`): the game it was is handed its clock as it stands now, paused, with
    // a flag fallen meanwhile, before the use changes it (a review found that game given back
    // the time spent since its last press, and its fallen flag lost).
    let taken_from = screen
        .map(|s| *s.get())
        .filter(|here| games.of(*here).is_some())
        .and_then(|here| shown_for.0.filter(|owner| *owner != here));
    let mut handed_back = false;
    // Handed back whatever it stands at — running (paused now), paused, flagged or not yet
    // started: a review found a paused or flagged clock dropped, its game bringing back the
    // older form of its last press (the time since given back, a flag fallen on the title lost).
    if let Some(switch) = switches.read().last()
        && let Some(c) = t.clock.as_mut()
    {
        if matches!(c.state(now), game_clock::State::Running(_)) {
            let _ = c.pause(now);
        }
        left.write(ClockLeftBehind {
            owner: switch.from,
            form: c.save_standing(now).to_string(),
            flag: c.flag(now).filter(|f| Some(*f) != t.restored_flag),
        });
    }
    for r in restores.read() {
        // Another clock on the table: a "New clock…" question asked of the last one lapses (a
        // review found it carried over to the clock brought back).
        t.asking_new = false;
        match restore_form(&r.0, now) {
            Ok(c) => {
                t.setup.take_agreed(c.agreed());
                t.restored_flag = c.flag(now);
                t.clock = Some(c);
                t.note = Some("the game's clock is back, paused: resume when ready".into());
            }
            // (The game then goes on without it: `drop_unreadable_grid_clock`, and Veney's.)
            Err(e) => t.note = Some(unreadable_note(&e)),
        }
    }
    for i in intents.read() {
        if let Some(owner) = taken_from
            && !handed_back
            && i.uses_the_clock()
            && let Some(c) = t.clock.as_ref()
        {
            handed_back = true;
            let mut snapshot = c.clone();
            if matches!(snapshot.state(now), game_clock::State::Running(_)) {
                let _ = snapshot.pause(now);
            }
            left.write(ClockLeftBehind {
                owner,
                form: snapshot.save_standing(now).to_string(),
                flag: c.flag(now).filter(|f| Some(*f) != t.restored_flag),
            });
        }
        let result = match (*i, t.clock.as_mut()) {
            (ClockIntent::Start, _) => match Clock::new(t.setup.controls_first(t.to_move)) {
                Ok(c) => {
                    let mut c = c.with_agreed(t.setup.agreed());
                    t.restored_flag = None;
                    owed.0 = None;
                    let r = c.start(now, t.to_move.min(1));
                    t.clock = Some(c);
                    r
                }
                Err(e) => Err(e),
            },
            (ClockIntent::Reset, _) => {
                t.clock = None;
                t.restored_flag = None;
                t.asking_new = false;
                owed.0 = None;
                Ok(())
            }
            // Opening the window to look changes nothing on the clock: its note stays (a
            // review found a failed keep's warning cleared by the very click that shows it).
            (ClockIntent::Toggle, _) => {
                t.open = !t.open;
                continue;
            }
            (ClockIntent::TurnBack(seat, since), Some(c)) => turn_back(
                c,
                seat,
                now,
                shown_for.0.and_then(|s| games.mark(s)).map(|m| m.game),
                since,
            ),
            (ClockIntent::TimePenalty(seat, since), Some(c)) => {
                // Its turn comes back first.
                let _ = turn_back(
                    c,
                    seat,
                    now,
                    shown_for.0.and_then(|s| games.mark(s)).map(|m| m.game),
                    since,
                );
                // What was agreed when the clock was set up (kept in its save form: a clock
                // brought back applies it too).
                let agreed = c.agreed();
                c.time_penalty(now, seat, agreed.penalty, agreed.penalty_how)
            }
            (ClockIntent::TimePenaltyLifted(seat), Some(c)) => {
                let agreed = c.agreed();
                c.lift_time_penalty(now, seat, agreed.penalty, agreed.penalty_how)
            }
            (ClockIntent::DyingMove(seat), Some(c)) => {
                let few = c.agreed().dying_move;
                c.dying_move(now, seat, few)
            }
            (ClockIntent::DyingMoveLifted(seat), Some(c)) => c.lift_dying_move(now, seat),
            (_, None) => continue,
            (ClockIntent::TurnEnded { seat, screen }, Some(c)) => {
                if shown_for.0 != Some(screen) {
                    continue;
                } else if c.state(now) == game_clock::State::Running(seat) {
                    c.press(now, seat).map(|_| ())
                } else {
                    // Made when the clock runs for it (`press_behind_the_game`) — the
                    // computer's only: a person presses their own face, and a press for one
                    // may come after they pressed (a call that skipped their turn; a review
                    // found it owed, then undoing the opponent's press).
                    if games.plays(screen, seat) {
                        owed.0 = games.of(screen).map(|g| (screen, seat, g.id));
                    }
                    continue;
                }
            }
            (ClockIntent::Press(seat), Some(c)) => c.press(now, seat).map(|_| ()),
            (ClockIntent::Pause, Some(c)) => c.pause(now),
            (ClockIntent::Resume, Some(c)) => c.resume(now),
            (ClockIntent::UndoPress, Some(c)) => c.undo_press(now),
            (ClockIntent::Adjust(seat, ms), Some(c)) => c.adjust(now, seat, ms),
        };
        t.note = result.err().and_then(|e| worded(e, t.names.as_ref()));
    }
    if let Some(c) = t.clock.as_mut() {
        c.poll(now);
    }
}

/// A flag that falls while a grid game is shown ends that game: the player is out of time
/// (`Declared::OutOfTime`, written in its record and saves; undo takes it back to play on).
fn flag_ends_game(
    t: Res<TableClock>,
    epoch: Res<Epoch>,
    fixed: Res<ClockNow>,
    m: Option<ResMut<super::grid::ActiveMatch>>,
    shown_for: Res<ClockShownFor>,
    parked: Option<ResMut<super::grid::ParkedMatches>>,
    mut seen: Local<Option<game_clock::Flag>>,
    mut fell: MessageWriter<FlagFell>,
    mut down: ResMut<FlagDown>,
    seats: Option<Res<super::grid::ComputerSeats>>,
    memory: Option<ResMut<super::grid::autosave::AutosaveMemory>>,
) {
    let seats = seats.map(|s| *s).unwrap_or_default();
    let flag = t
        .clock
        .as_ref()
        .and_then(|c| c.flag(now(&epoch, &fixed)))
        .filter(|f| Some(*f) != t.restored_flag);
    down.set_if_neq(FlagDown(flag));
    if flag == *seen {
        return;
    }
    *seen = flag;
    if let Some(f) = flag {
        fell.write(FlagFell(f.seat));
    }
    let Some(f) = flag else {
        return;
    };
    // The grid game whose clock it is — shown, left for the title, or parked while another
    // grid game's screen is open — ends; not when the clock was last kept with another game (a
    // flag falling in Veney's game).
    let out = |g: &mut dyn game_api::AnyMatch| {
        (f.seat as u8) < g.players()
            && g.declare(game_api::Declared::OutOfTime(game_api::Player(
                f.seat as u8,
            )))
            .is_ok()
    };
    // The ending is autosaved at once: the game it ends may be parked, or left for the title,
    // where its own autosave does not run (a review found a restart resuming it not over) — as
    // the autosave writes it: a new game with nothing played before the flag keeps the last
    // game's autosave first (a review found a flag on a new game's first turn losing it).
    let mut memory = memory;
    let mut end = |m: &mut super::grid::ActiveMatch, seats: &super::grid::ComputerSeats| {
        if let Some(memory) = memory.as_mut() {
            memory.note_fresh(m);
        }
        if !out(&mut *m.game) {
            return false;
        }
        let written = match memory.as_mut() {
            Some(memory) => super::grid::autosave::write_keeping(m, seats, memory).map(|_| ()),
            None => super::grid::autosave::write(m, seats),
        };
        if let Err(e) = written {
            warn!("{e}");
        }
        true
    };
    match m {
        Some(mut m) if shown_for.0 == Some(m.screen) => {
            if end(m.bypass_change_detection(), &seats) {
                m.set_changed();
            }
        }
        _ => {
            if let Some(mut parked) = parked
                && let Some((p, s)) = parked
                    .0
                    .iter_mut()
                    .find(|(p, _)| shown_for.0 == Some(p.screen))
            {
                end(p, s);
            }
        }
    }
}

/// A grid game's clock as it was left when another game's clock took the table (paused then):
/// the game keeps it, parked or shown, in its autosave too.
fn grid_clock_left_behind(
    mut left: MessageReader<ClockLeftBehind>,
    m: Option<ResMut<super::grid::ActiveMatch>>,
    parked: Option<ResMut<super::grid::ParkedMatches>>,
    seats: Option<Res<super::grid::ComputerSeats>>,
) {
    let seats = seats.map(|s| *s).unwrap_or_default();
    let (mut m, mut parked) = (m, parked);
    for l in left.read() {
        // Written into its autosave too — not a game with nothing in it yet, which would
        // overwrite the last game's (a review found a new game's "Start" then lost to it).
        let keep = |m: &mut super::grid::ActiveMatch, seats: &super::grid::ComputerSeats| {
            m.game.set_clock(Some(l.form.clone()));
            let pristine = m.game.history_len() == 0 && m.game.declared().is_none();
            if !pristine && let Err(e) = super::grid::autosave::write(m, seats) {
                warn!("{e}");
            }
        };
        if let Some(m) = m.as_mut().filter(|m| m.screen == l.owner) {
            keep(m.bypass_change_detection(), &seats);
        } else if let Some(parked) = parked.as_mut()
            && let Some((p, s)) = parked.0.iter_mut().find(|(p, _)| p.screen == l.owner)
        {
            keep(p, s);
        }
    }
}

/// Where the clock is kept between runs.
pub fn clock_path(saves: &super::grid::SaveRoot) -> std::path::PathBuf {
    saves.0.join("clock.txt")
}

/// `clock.txt`: the clock's save form, then the game it was last kept with (`game=kelasu`), so
/// that after a restart it stays that game's, as it was before (a review found it going to the
/// first game opened that had no clock of its own, whichever game it was).
fn clock_file(form: &str, owner: Option<super::screen::Screen>) -> String {
    // Every game's screen keeps the clock, named as `Screen::game_name` names it (`game=…`).
    match owner.and_then(super::screen::Screen::game_name) {
        Some(name) => format!("{form}\ngame={name}\n"),
        None => format!("{form}\n"),
    }
}

/// `clock_file` read back: the form, and the game named (none in a file an older run wrote).
fn read_clock_file(text: &str) -> Result<(&str, Option<super::screen::Screen>), String> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let form = lines.next().unwrap_or("");
    let mut owner = None;
    for (i, line) in lines.enumerate() {
        let Some(name) = line.strip_prefix("game=") else {
            return Err(format!(
                "line {}: `{line}` is not `game=<name>` (the game the clock is kept with)",
                i + 2
            ));
        };
        owner = Some(super::screen::Screen::of_game(name).ok_or_else(|| {
            format!(
                "line {}: `{name}` is none of the games ({})",
                i + 2,
                super::screen::Screen::game_names()
            )
        })?);
    }
    Ok((form, owner))
}

/// A clock left running or paused by the last run comes back paused, charged nothing, the game
/// it was kept with still its owner.
fn restore(
    mut t: ResMut<TableClock>,
    saves: Res<super::grid::SaveRoot>,
    mut shown_for: ResMut<ClockShownFor>,
) {
    let path = clock_path(&saves);
    let Ok(text) = std::fs::read_to_string(&path) else {
        return;
    };
    match read_clock_file(&text).and_then(|(form, owner)| Ok((restore_form(form, 0)?, owner))) {
        Ok((c, owner)) => {
            t.setup.take_agreed(c.agreed());
            t.restored_flag = c.flag(0);
            t.clock = Some(c);
            shown_for.0 = owner;
        }
        // Named, and what becomes of it (a review found the file unnamed).
        Err(e) => {
            t.note = Some(format!(
                "the saved clock {} could not be read: {e} (a clock started now replaces it)",
                path.display()
            ))
        }
    }
}

/// A clock from its one-line save form, paused at `now` (R-CLOCK-RESTORE). The table has two
/// sides: a form with more is refused (a review found its third side indexing the window's two
/// faces out of range).
fn restore_form(text: &str, now: u64) -> Result<Clock, String> {
    let c = text
        .trim()
        .parse::<game_clock::ClockText>()
        .map_err(|e| e.to_string())
        .and_then(|ct| {
            Clock::restore(&ct, now, game_clock::Resume::Paused).map_err(|e| e.to_string())
        })?;
    match c.seats() {
        2 => Ok(c),
        n => Err(format!("it has {n} sides; the table clock has two")),
    }
}

/// Why a clock's save form does not read, if it does not (a game's `[Clock]`).
fn unreadable(form: &str) -> Option<String> {
    restore_form(form, 0).err()
}

/// What the clock says of a game's saved clock that does not read.
fn unreadable_note(e: &str) -> String {
    format!("the game's saved clock could not be read: {e} (the game goes on without it)")
}

/// Whether a game's saved clock `form` does not read, said on the clock: the game then goes on
/// without it (each host drops it from its game, once; kept, it was retried after every move).
pub fn refuse_unreadable(form: Option<&str>, t: &mut TableClock) -> bool {
    match form.and_then(unreadable) {
        Some(e) => {
            t.note = Some(unreadable_note(&e));
            true
        }
        None => false,
    }
}

/// A grid game that comes with a clock that does not read (a hand-edited save's `[Clock]`) goes
/// on without it, said once: kept, it was tried again after every move, its note repeated and
/// the bad line written back into every autosave (a review found it so).
fn drop_unreadable_grid_clock(
    m: Option<ResMut<super::grid::ActiveMatch>>,
    mut t: ResMut<TableClock>,
) {
    let Some(mut m) = m else { return };
    if !m.is_changed() {
        return;
    }
    if refuse_unreadable(m.game.clock().as_deref(), &mut t) {
        m.game.set_clock(None);
    }
}

/// Coming back to a grid game's screen brings back the clock it carries, paused, before the
/// table's clock (changed meanwhile by another game) could be written into it: applied by
/// `apply` this same frame, ahead of `grid_game_clock`.
///
/// A game brought back from where it was parked (`grid::bring_back`) while the clock is still
/// its own takes the clock as the table has it now — a flag fallen meanwhile included — not the
/// older form the match kept when it was parked.
fn grid_clock_on_return(
    screen: Option<Res<State<super::screen::Screen>>>,
    m: Option<ResMut<super::grid::ActiveMatch>>,
    form: Res<ClockForm>,
    shown_for: Res<ClockShownFor>,
    mut restore: MessageWriter<RestoreClock>,
    mut switch: MessageWriter<ClockSwitch>,
) {
    let (Some(screen), Some(mut m)) = (screen, m) else {
        return;
    };
    if !screen.is_changed() || m.screen != *screen.get() {
        return;
    }
    if shown_for.0 != Some(m.screen) {
        if let Some(c) = m.game.clock()
            && Some(&c) != form.0.as_ref()
        {
            if let Some(from) = shown_for.0 {
                switch.write(ClockSwitch { from });
            }
            restore.write(RestoreClock(c));
        }
    } else if m.is_added() && m.game.clock() != form.0 {
        m.game.set_clock(form.0.clone());
    }
}

/// The grid game shown carries the clock in its saves: a new clock form goes into the match; a
/// match that comes with another clock (a save loaded, a game resumed) brings its clock back,
/// paused; one that comes with none (a new game, an older save) takes the table's — unless the
/// table's clock is another game's (kept with Veney's or another grid game's): that clock stays
/// that game's, its flag ending that game, until it is used on this screen (as Veney's game
/// does, `packs::veney::clock`; a review found a game brought back without a clock taking the
/// other game's running clock at its next move).
#[allow(clippy::too_many_arguments)]
fn grid_game_clock(
    form: Res<ClockForm>,
    mut table: ResMut<TableClock>,
    m: Option<ResMut<super::grid::ActiveMatch>>,
    mut restore: MessageWriter<RestoreClock>,
    mut shown_for: ResMut<ClockShownFor>,
    mut used: MessageReader<ClockIntent>,
    mut away: Local<Option<super::screen::Screen>>,
    mut switch: MessageWriter<ClockSwitch>,
    mut seen: Local<Option<u64>>,
) {
    let Some(mut m) = m else {
        return;
    };
    let first_sight = *seen != Some(m.generation);
    *seen = Some(m.generation);
    // The screen the table clock was kept with before this run (another game's: a game resumed
    // or loaded here with a clock of its own pauses it first, `ClockSwitch`).
    let before = shown_for.0;
    let here = Some(m.screen);
    let to_move = m.decider().map_or(0, |p| p.index());
    TableClock::set_seats(&mut table, None, to_move);
    // (Intents read on the first run back were made on another screen.)
    let used_here = used.read().filter(|i| i.uses_the_clock()).count() > 0;
    if shown_for.0.is_some_and(|w| Some(w) != here) && form.0.is_some() && m.game.clock().is_none()
    {
        if *away != here {
            *away = here;
            return;
        }
        if !used_here {
            return;
        }
    }
    *away = None;
    shown_for.set_if_neq(ClockShownFor(here));
    // Named once the clock is this game's: another game's clock, left alone above, keeps its
    // own players' names (a review found Veney's White labelled with Kelasu's Red).
    let names = [0u8, 1].map(|i| m.game.player_name(game_api::Player(i)));
    TableClock::set_seats(&mut table, Some(names), to_move);
    // A match met for the first time here (this system's first run too, when every resource
    // reads as changed) that carries a clock of its own, the table's being another game's or
    // none: its clock comes back, paused, the other game's handed back (a review found a game
    // resumed after a restart taking the table's clock over its own, its autosave then
    // overwriting it).
    if first_sight
        && before != here
        && let Some(c) = m.game.clock()
        && Some(&c) != form.0.as_ref()
    {
        if let Some(from) = before {
            switch.write(ClockSwitch { from });
        }
        restore.write(RestoreClock(c));
        return;
    }
    if form.is_changed() || (m.is_changed() && m.game.clock().is_none()) {
        if m.game.clock() != form.0 {
            // Marked changed, so the autosave keeps the clock as it stands (it followed only
            // the moves, one press behind `clock.txt`).
            m.game.set_clock(form.0.clone());
        }
    } else if m.is_changed()
        && let Some(c) = m.game.clock()
        && Some(&c) != form.0.as_ref()
    {
        // (A review found another game's running clock dropped by a Resume here, its time given
        // back when it came back.)
        if let Some(from) = before.filter(|&w| Some(w) != here) {
            switch.write(ClockSwitch { from });
        }
        restore.write(RestoreClock(c));
    }
}

/// Writes the clock when its save form changes — a press, a pause, an adjustment, a flag; a
/// running clock's form stands still between presses — and removes it for a new clock's setup.
fn autosave(
    mut t: ResMut<TableClock>,
    saves: Res<super::grid::SaveRoot>,
    epoch: Res<Epoch>,
    fixed: Res<ClockNow>,
    mut last: Local<Option<String>>,
    mut form: ResMut<ClockForm>,
    shown_for: Res<ClockShownFor>,
) {
    let line = t
        .clock
        .as_ref()
        .map(|c| c.save_standing(now(&epoch, &fixed)).to_string());
    form.set_if_neq(ClockForm(line.clone()));
    let text = line.map(|l| clock_file(&l, shown_for.0));
    if *last == text {
        return;
    }
    let path = clock_path(&saves);
    // Not into a folder another open app autosaves into (its games' autosaves are held too).
    if let Some(d) = path.parent()
        && crate::host::kept_files::may_autosave(d).is_err()
    {
        *last = text;
        return;
    }
    match &text {
        Some(text) => {
            if let Some(d) = path.parent() {
                let _ = std::fs::create_dir_all(d);
            }
            if let Err(e) = game_api::write_atomic(&path, text) {
                warn!("could not keep the clock in {}: {e}", path.display());
                // Said on the clock, as a game's failed autosave is on its status line (a
                // review found it only in the log).
                t.note = Some(format!(
                    "could not keep the clock in {}: {e} (it would not come back after a restart)",
                    path.display()
                ));
            }
        }
        // Only a clock that existed is removed: a run that never started one keeps the file.
        None if last.is_some() => {
            let _ = std::fs::remove_file(&path);
        }
        None => {}
    }
    *last = text;
}

/// Tells the waker thread when the next shown digit changes — while the clock's window shows
/// the faces; hidden, only when the running side's flag falls (a fallen flag ends the game shown,
/// and nothing else needs a frame), so a running clock out of sight costs no frames at all.
fn schedule_wake(t: Res<TableClock>, epoch: Res<Epoch>, fixed: Res<ClockNow>, next: Res<NextWake>) {
    let at = next_wake(&t, now(&epoch, &fixed)).map(|ms| epoch.0 + Duration::from_millis(ms));
    if let Ok(mut n) = next.0.lock() {
        *n = at;
    }
}

/// When the app must next draw a frame for the clock (ms in its time base): the next change of a
/// shown digit while the window is open, else the running side's flag, else never.
pub fn next_wake(t: &TableClock, now: u64) -> Option<u64> {
    let c = t.clock.as_ref()?;
    if t.open {
        c.next_change(now)
    } else if matches!(c.state(now), game_clock::State::Running(_)) {
        c.flag_falls_at()
    } else {
        None
    }
}

/// Wakes the reactive event loop when a digit changes (one frame, not a stream of them).
fn spawn_waker(next: Res<NextWake>, proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    let Some(proxy) = proxy else {
        return;
    };
    let proxy = (**proxy).clone();
    let next = next.0.clone();
    std::thread::spawn(move || {
        loop {
            let due = match next.lock() {
                Ok(mut n) => match *n {
                    Some(at) if Instant::now() >= at => n.take(),
                    _ => None,
                },
                Err(_) => return,
            };
            if due.is_some() {
                let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    });
}

/// Space presses for the first seat, Enter for the second, typed into the clock's window. In the
/// main window those keys stay the game's own (Space ends a Veney turn, Enter enters a move in
/// companion mode).
fn keys(
    mut input: MessageReader<bevy::input::keyboard::KeyboardInput>,
    windows: Query<(), With<window::ClockWindow>>,
    t: Res<TableClock>,
    mut out: MessageWriter<ClockIntent>,
) {
    for k in input.read() {
        if !k.state.is_pressed() || k.repeat || t.clock.is_none() || windows.get(k.window).is_err()
        {
            continue;
        }
        match k.key_code {
            KeyCode::Space => {
                out.write(ClockIntent::Press(0));
            }
            KeyCode::Enter | KeyCode::NumpadEnter => {
                out.write(ClockIntent::Press(1));
            }
            _ => {}
        }
    }
}

/// Whether the clock's window has the keyboard (a game's own Space then waits).
pub fn clock_has_keys(windows: &Query<&Window, With<window::ClockWindow>>) -> bool {
    windows.iter().any(|w| w.focused)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// §2.0.22 keeps the Time Penalty apart from Sudden Death: under the rulebook's five-second
    /// turn, a penalty of the whole turn would be the other, and a shorter one whenever the
    /// called move took the rest; the form says so, and not for a bonus or another control.
    #[test]
    fn a_penalty_as_long_as_a_turn_is_warned_of() {
        let mut s = ClockSetup {
            kind: ControlKind::PerTurn,
            seconds: 5,
            ..ClockSetup::default()
        };
        assert_eq!(s.penalty_seconds, 10, "the default");
        let w = s.penalty_warning().expect("warned");
        assert!(w.contains("Sudden Death") && w.contains("10 s"), "{w}");
        s.penalty_seconds = 5;
        assert!(s.penalty_warning().is_some(), "the whole turn");
        // Less than a turn still loses when the called move took more than the rest (a review
        // found 2 s of a 5 s turn, the move taking 3.1 s, flagged with nothing said).
        s.penalty_seconds = 2;
        let w = s.penalty_warning().expect("warned");
        assert!(
            w.contains("took 3 s or more") && w.contains("Sudden Death"),
            "{w}"
        );
        s.penalty_seconds = 10;
        s.penalty_as_bonus = true;
        assert_eq!(s.penalty_warning(), None, "a bonus takes nothing off");
        s.penalty_as_bonus = false;
        s.kind = ControlKind::Fischer;
        assert_eq!(s.penalty_warning(), None);
    }

    /// R-CLOCK-PRESS: "a tap on the waiting player's half does nothing" — no note; a fallen flag
    /// is named by its player, with no seat number or milliseconds.
    #[test]
    fn the_clocks_refusals_are_worded_for_the_players() {
        use game_clock::{ClockError, Flag};
        let names = ["White".to_string(), "Black".to_string()];
        assert_eq!(
            worded(
                ClockError::NotToMove {
                    seat: 1,
                    to_move: 0
                },
                Some(&names)
            ),
            None
        );
        let flag = worded(
            ClockError::Flagged(Flag {
                seat: 0,
                at: 183_456,
            }),
            Some(&names),
        )
        .unwrap();
        assert_eq!(flag, "White's flag has fallen: the clock has stopped");
        let unnamed = worded(ClockError::Flagged(Flag { seat: 1, at: 5 }), None).unwrap();
        assert!(unnamed.starts_with("player 2's flag"), "{unnamed}");
        assert!(worded(ClockError::Paused, None).is_some());
    }

    /// Under a simple delay the flag falls after the delay still to run and the main time: the
    /// computer's time is both (R-CLOCK-CONTROLS; a review found it hurried by the main time
    /// alone). Other controls: the time shown.
    #[test]
    fn the_time_to_the_flag_counts_a_simple_delay_still_to_run() {
        use game_clock::{Clock, Control};
        let mut c = Clock::same(
            Control::SimpleDelay {
                base: 400,
                delay: 5_000,
            },
            2,
        )
        .unwrap();
        c.start(0, 0).unwrap();
        assert_eq!(c.remaining(0, 1_000), 400);
        assert_eq!(time_to_flag(&c, 0, 1_000), 4_400);
        assert_eq!(time_to_flag(&c, 0, 5_200), 200);
        let mut s = Clock::same(Control::SuddenDeath { base: 3_000 }, 2).unwrap();
        s.start(0, 0).unwrap();
        assert_eq!(time_to_flag(&s, 0, 1_000), 2_000);
        // The seat not running: its shown time.
        assert_eq!(time_to_flag(&c, 1, 1_000), 400);
    }

    /// R-CLOCK-HOURGLASS-START: with all the sand to the first player, the form's summary gives
    /// the full glass to the seat Start runs — Black, when Black moves first.
    #[test]
    fn the_setup_summary_is_the_clock_start_makes() {
        let s = ClockSetup {
            kind: ControlKind::Hourglass,
            minutes: [5.0, 5.0],
            hourglass_even: false,
            ..ClockSetup::default()
        };
        let names = ["White".to_string(), "Black".to_string()];
        for to_move in [0, 1] {
            let made = s.controls_first(to_move);
            let summary = s.preview(&names, to_move);
            assert_eq!(
                summary,
                format!(
                    "White: {} · Black: {}",
                    made[0].describe(),
                    made[1].describe()
                )
            );
            assert_ne!(made[0], made[1], "one side has the glass");
            assert!(
                summary.contains(&format!("{}: {}", names[to_move], made[to_move].describe())),
                "{summary}"
            );
        }
        assert_ne!(s.preview(&names, 0), s.preview(&names, 1));
    }

    /// Issue 16, Clocks: "tick without keeping the app busy (redraw once a second or when a digit
    /// changes, not every frame)"; out of sight, only the flag's fall needs a frame.
    #[test]
    fn the_clock_wakes_the_app_for_its_digits_only_while_shown() {
        let mut t = TableClock {
            setup: ClockSetup {
                kind: ControlKind::SuddenDeath,
                minutes: [5.0, 5.0],
                ..ClockSetup::default()
            },
            ..TableClock::default()
        };
        assert_eq!(next_wake(&t, 0), None, "no clock, no frames");
        let mut c = Clock::new(t.setup.controls()).unwrap();
        c.start(0, 0).unwrap();
        t.clock = Some(c);
        t.open = true;
        assert_eq!(next_wake(&t, 200), Some(1_000), "the next second shown");
        t.open = false;
        assert_eq!(next_wake(&t, 200), Some(300_000), "hidden: the flag only");
        t.clock.as_mut().unwrap().pause(200).unwrap();
        assert_eq!(next_wake(&t, 500), None, "paused: nothing changes");
    }

    fn key(window: Entity, key_code: KeyCode) -> bevy::input::keyboard::KeyboardInput {
        bevy::input::keyboard::KeyboardInput {
            key_code,
            logical_key: bevy::input::keyboard::Key::Unidentified(
                bevy::input::keyboard::NativeKey::Unidentified,
            ),
            state: bevy::input::ButtonState::Pressed,
            text: None,
            repeat: false,
            window,
        }
    }

    /// Issue 16, Clocks: "a key for each: Space and Enter", typed into the clock's window; the
    /// same keys in the main window are the game's (no press).
    #[test]
    fn space_and_enter_press_the_clock_typed_into_its_window() {
        let mut a = App::new();
        a.add_plugins(MinimalPlugins)
            .add_message::<bevy::input::keyboard::KeyboardInput>()
            .add_message::<ClockIntent>()
            .add_systems(Update, keys);
        let mut c = Clock::new(ClockSetup::default().controls()).unwrap();
        c.start(0, 0).unwrap();
        a.insert_resource(TableClock {
            open: true,
            clock: Some(c),
            ..TableClock::default()
        });
        let clock_window = a.world_mut().spawn(window::ClockWindow).id();
        let main_window = a.world_mut().spawn_empty().id();
        let mut cursor = a.world().resource::<Messages<ClockIntent>>().get_cursor();
        let mut pressed = |a: &mut App, w: Entity, k: KeyCode| {
            a.world_mut().write_message(key(w, k));
            a.update();
            let msgs = a.world().resource::<Messages<ClockIntent>>();
            cursor.read(msgs).copied().collect::<Vec<_>>()
        };
        assert_eq!(
            pressed(&mut a, main_window, KeyCode::Space),
            vec![],
            "the main window's Space is the game's"
        );
        assert_eq!(
            pressed(&mut a, clock_window, KeyCode::Space),
            vec![ClockIntent::Press(0)]
        );
        assert_eq!(
            pressed(&mut a, clock_window, KeyCode::Enter),
            vec![ClockIntent::Press(1)]
        );
        assert_eq!(pressed(&mut a, clock_window, KeyCode::KeyA), vec![]);
    }
}
