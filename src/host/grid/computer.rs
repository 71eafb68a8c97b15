//! The computer opponent on every grid game (issue 14): a seat played by the computer at a
//! level, and the hint key (H) for the player deciding now. The search (`game_ai::Mcts`) runs
//! off the main thread on the async compute pool, from a copy of the typed state, so the board
//! stays live; its move is played as the player's would be (`Intent::Play`). The search sees only
//! its seat's observation (`Game::observe`): it never reads a secret. The app never decides
//! legality: the computer's choice is one of the match's own actions.
use super::{ActiveMatch, GridGameSet, GridStatus, Intent};
use crate::host::search_task::{SearchTask, hint_note};
use bevy::prelude::*;
use bevy_egui::egui;
use game_ai::{Config, Level, Mcts};
use game_api::{AnyMatch, Decision, Game, Match, Player, Viewer};
use std::time::Duration;

/// Which seats the computer plays, and at what level (`None`: a person). Kept from one new game
/// to the next; the new-game dialogs set it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerSeats(pub [Option<Level>; 2]);

impl ComputerSeats {
    pub fn plays(&self, p: Player) -> Option<Level> {
        self.0.get(p.index()).copied().flatten()
    }
    pub fn any(&self) -> bool {
        self.0.iter().any(Option::is_some)
    }
}

/// The seats a new-game dialog's picker shows, for the next game only: taken from the game in
/// progress when the dialog first draws (`editing`), handed to `pending` by Start and given to
/// `ComputerSeats` only when the new game begins (a review found the picker changing the seats
/// of the game in progress, which "Back to the game" kept: the computer took over a person's
/// side, or a person the computer's, whose hidden masters then showed).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatDraft {
    pub editing: Option<[Option<Level>; 2]>,
    pub pending: Option<[Option<Level>; 2]>,
    /// The game's seats the draft was begun from: seats changed since (a Load) begin it afresh.
    pub begun_from: Option<[Option<Level>; 2]>,
}

impl SeatDraft {
    /// The picker over the draft (begun from `seats`).
    pub fn picker(&mut self, ui: &mut egui::Ui, names: [&str; 2], seats: &ComputerSeats) {
        self.follow(seats);
        let draft = self.editing.get_or_insert(seats.0);
        seat_picker(ui, names, draft);
    }

    /// A draft begun from other seats than the game's now (a save loaded since, with its own)
    /// begins afresh from the game's (a review found a loaded game's computer seat shown, and
    /// started, as a person's).
    pub fn follow(&mut self, seats: &ComputerSeats) {
        if self.editing.is_some() && self.begun_from != Some(seats.0) {
            self.editing = None;
        }
        if self.editing.is_none() {
            self.begun_from = Some(seats.0);
        }
    }

    /// Start pressed: the draft waits for the new game to begin.
    pub fn start(&mut self) {
        self.pending = self.editing.take();
    }

    /// The dialog left without a new game: the draft is dropped.
    pub fn drop_draft(&mut self) {
        self.editing = None;
        self.pending = None;
    }

    /// A new game began (`ok`) or failed: the pending seats are the game's, or dropped (the
    /// dialog's draft stays for another try).
    pub fn settle(&mut self, ok: bool, seats: &mut ComputerSeats) {
        if let Some(p) = self.pending.take() {
            if ok {
                seats.0 = p;
                self.editing = None;
            } else {
                self.editing = Some(p);
            }
        }
    }
}

impl ComputerSeats {
    /// `seats_written_into` for these seats.
    pub fn written_into(&self, text: &str) -> String {
        seats_written_into(&self.0, text)
    }

    /// `seats_read_from` as seats.
    pub fn read_from(text: &str) -> ComputerSeats {
        ComputerSeats(seats_read_from(text))
    }
}

/// `text` (a save) with a `[Computer "N level"]` header for each seat the computer plays (N the
/// seat's index from 0), after its first line: a resumed or loaded game goes on against the
/// computer. Every game's saves (the grid games', Veney's) write it the same way.
pub fn seats_written_into(seats: &[Option<Level>; 2], text: &str) -> String {
    let lines: String = seats
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.map(|l| format!("[Computer \"{i} {}\"]\n", l.name())))
        .collect();
    headers_written_into(&lines, text)
}

/// `text` (a save) with header `lines` (each ending in a newline) after its first line, where a
/// pack's own headers go; `text` itself when there are none.
pub fn headers_written_into(lines: &str, text: &str) -> String {
    match text.split_once('\n') {
        Some((first, rest)) if !lines.is_empty() => format!("{first}\n{lines}{rest}"),
        _ => text.to_string(),
    }
}

/// The values of a save's headers `key` (`[Key "value"]`, the quotes optional), each line read
/// on its own: a header of another matter the strict reader refuses (an unquoted `[Event Club
/// night]` Veney's reader takes) loses none of the pack's own (a review found the computer's
/// seats dropped without a word, the game resumed between people).
pub fn header_values<'a>(text: &'a str, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    text.lines().filter_map(move |l| {
        // Spaces before the key allowed, as the save readers read it.
        let inner = l.trim().strip_prefix('[')?.strip_suffix(']')?.trim_start();
        let (k, v) = inner.split_once(char::is_whitespace)?;
        // The key in any case, as the save readers read keys (a review found `[computer "1
        // club"]` read by the reader and ignored here, the game resumed between people).
        k.eq_ignore_ascii_case(key)
            .then(|| v.trim().trim_matches('"'))
    })
}

/// The seats a save names (`seats_written_into`): every seat a person's when it names none.
pub fn seats_read_from(text: &str) -> [Option<Level>; 2] {
    let mut seats = [None, None];
    for v in header_values(text, "Computer") {
        let Some((i, name)) = v.split_once(' ') else {
            continue;
        };
        let level = Level::ALL.into_iter().find(|l| l.name() == name);
        if let (Ok(i), Some(level)) = (i.parse::<usize>(), level)
            && i < seats.len()
        {
            seats[i] = Some(level);
        }
    }
    seats
}

/// What a search found: the action in notation, and the chooser's expected score.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    pub text: String,
    pub value: f64,
    pub iterations: u64,
    pub elapsed: Duration,
}

/// A search ready to run on another thread.
pub type ThinkJob = Box<dyn FnOnce() -> Option<Thought> + Send>;

/// Builds the search of `me`'s decision in the match with `config`: the pack's game, reached
/// through `AnyMatch::as_any`. `None` when the match is not of that game or not `me`'s decision.
pub type Thinker = fn(&dyn AnyMatch, Player, Config) -> Option<ThinkJob>;

/// The computer's turn ended on the grid game's screen: it presses the table clock for its seat
/// (`ClockIntent::TurnEnded`: only a clock that is this game's and runs for that seat).
fn press_for_the_computer(
    mut played: MessageReader<super::GridPlayed>,
    m: Option<Res<ActiveMatch>>,
    seats: Res<ComputerSeats>,
    mut clock: MessageWriter<crate::host::table_clock::ClockIntent>,
) {
    let Some(m) = m else {
        played.clear();
        return;
    };
    for p in played.read() {
        if let Some(game_api::Actor::Player(by)) = p.by
            && p.next != p.by
            && !p.game_over
            && seats.plays(by).is_some()
        {
            clock.write(crate::host::table_clock::ClockIntent::TurnEnded {
                seat: by.index(),
                screen: m.screen,
            });
        }
    }
}

/// The `Thinker` of game `G` (a pack passes `thinker::<Kelasu>` when it builds its match).
pub fn thinker<G: Game>(m: &dyn AnyMatch, me: Player, config: Config) -> Option<ThinkJob> {
    let typed = m.as_any().downcast_ref::<Match<G>>()?;
    let game = typed.game().clone();
    let state = typed.state().clone();
    // A seal asked for after another seat's (Tirachen's secret masters, the computer second) is
    // searched from the round's start, the other seal modelled rather than guessed at evenly.
    let earlier = typed.history().iter().rev().map(|s| (&s.before, s.actor));
    let from = game_ai::round_start(&*game, typed.state(), earlier, me).clone();
    Some(Box::new(move || {
        let mut ai = Mcts::new(config);
        let c = ai.choose(&*game, &from, me)?;
        Some(Thought {
            text: game.action_text(&state, c.action),
            value: c.value,
            iterations: c.iterations,
            elapsed: c.elapsed,
        })
    }))
}

/// A search under way: for the computer's seat, or a hint for the player; keyed by the position
/// it started from (history length and hash).
#[derive(Resource, Default)]
pub struct GridThinking(pub SearchTask<Option<Thought>, (usize, u64, u64)>);

impl GridThinking {
    pub fn busy(&self) -> bool {
        self.0.busy()
    }
}

/// The last hint: the action and its expected score, for the position it was found in.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct GridHint(pub Option<(Thought, (usize, u64, u64))>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerSeats>()
        .init_resource::<SealedDrawsThisSession>()
        .init_resource::<SeatDraft>()
        .init_resource::<GridThinking>()
        .init_resource::<GridHint>()
        .init_resource::<GridPause>()
        .add_systems(
            Update,
            (
                hint_requests,
                play_on,
                start_thinking,
                hurry_for_clock,
                finish_thinking,
            )
                .chain()
                .after(super::intents::apply)
                .in_set(GridGameSet),
        )
        .add_systems(
            Update,
            (press_for_the_computer, tell_the_clock, hold_while_paused)
                .after(super::intents::apply)
                .before(crate::host::table_clock::ClockCatchUp)
                .in_set(GridGameSet),
        )
        .add_systems(Last, (sync_person, face_the_person));
}

/// Against the computer the board faces the person, their army and tray along the bottom edge,
/// as Veney's does: once for each new game and each change of seats (a review found the
/// person's army drawn at the top, and a new game keeping the last one's flip); between people
/// as the game draws it. A flip by hand stays until then.
fn face_the_person(
    seats: Res<ComputerSeats>,
    m: Option<ResMut<ActiveMatch>>,
    mut view: ResMut<super::GridView>,
) {
    let Some(mut m) = m else { return };
    if m.faced_for == Some(seats.0) {
        return;
    }
    m.faced_for = Some(seats.0);
    // Between people (or computers) the board is drawn as the game draws it (a review found a
    // game between people keeping the turn of the last game against the computer).
    let flipped =
        person(&seats).is_some_and(|p| (p == Player::FIRST) == m.game.board().first_rank_at_top);
    if view.flipped != flipped {
        view.flipped = flipped;
    }
}

/// The person playing against the computer (`ActiveMatch::person`): the seat the computer does
/// not play, when it plays exactly one.
pub fn person(seats: &ComputerSeats) -> Option<Player> {
    person_seat(&seats.0).map(|i| Player(i as u8))
}

/// The index of the one seat a person plays when the computer plays the other (every game's
/// seats, the grid games' and Veney's, are such a pair).
pub fn person_seat(seats: &[Option<Level>; 2]) -> Option<usize> {
    match seats {
        [Some(_), None] => Some(1),
        [None, Some(_)] => Some(0),
        _ => None,
    }
}

/// Keeps `ActiveMatch::person` with the seats, after every frame's changes (a new match, new
/// seats): one person against the computer sees only their own seat's view.
fn sync_person(seats: Res<ComputerSeats>, m: Option<ResMut<ActiveMatch>>) {
    let Some(mut m) = m else { return };
    let want = person(&seats);
    if m.person != want {
        m.person = want;
    }
}

/// The match and position a search or hint is for: the seed too, so a new game begun at the
/// same position (another match, its own rules and seed) takes no search or hint of the old one
/// (a review found the old game's search played in the new) — and the match's generation, so
/// a new game is told from the last one under a fixed seed too (`VENEY_SEED`).
pub fn key(m: &ActiveMatch) -> (usize, u64, u64) {
    // A declared ending (a resignation, an agreed draw, a fallen flag) is another position: the
    // search for the live one stops (a review found it thinking on to its budget under the
    // game-over banner, its move then dropped).
    let declared = u64::from(m.game.declared().is_some()) << 63;
    (
        m.game.history_len(),
        m.game.position_hash() ^ m.game.seed().rotate_left(29) ^ declared,
        m.generation,
    )
}

/// How long a hint thinks.
const HINT_MILLIS: u64 = 1_000;

fn seed_for(m: &ActiveMatch, seat: Player) -> u64 {
    // The same game, position and seat think the same way: the game replays. Seeded from what
    // the seat sees, so a secret (Tirachen's hidden masters) never changes how it thinks, and
    // from the match's seed, so another game does not repeat its choices (a sealed choice made
    // at the same opening would otherwise be the same every game).
    m.game.observed_hash(Viewer::Player(seat))
        ^ (seat.0 as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ m.game.seed().rotate_left(17)
}

/// H: a hint for the player deciding now (a person's seat) — not while the move list is
/// reviewed or a screen covers the board (the intents refuse it there and say why; a review
/// found a search started anyway, its note over theirs).
fn hint_requests(
    mut intents: MessageReader<Intent>,
    m: Res<ActiveMatch>,
    seats: Res<ComputerSeats>,
    mut thinking: ResMut<GridThinking>,
    mut status: ResMut<GridStatus>,
    review: Res<super::GridReview>,
    blocked: Res<super::GridBlocked>,
) {
    for i in intents.read() {
        if *i != Intent::Hint || review.0.is_some() || blocked.0 {
            continue;
        }
        let Some(me) = m.decider() else {
            status.info = Some("no decision to hint at now".into());
            continue;
        };
        // README: "on the computer's side there is nothing to hint at, and the status line
        // says so" — also while it thinks (a review found nothing said then).
        if seats.plays(me).is_some() {
            status.info = Some(format!(
                "{} is the computer's: no hint for its move",
                m.game.player_name(me)
            ));
            continue;
        }
        if thinking.busy() {
            continue;
        }
        let Some(think) = m.think else {
            status.info = Some("no computer player for this game".into());
            continue;
        };
        let config = Config {
            budget: game_ai::Budget::Millis(HINT_MILLIS),
            seed: seed_for(&m, me),
            stop: game_ai::Stop::new(),
            ..Config::default()
        };
        let stop = config.stop.clone();
        if let Some(job) = think(&*m.game, me, config) {
            spawn(&m, &mut thinking, job, me, true, stop);
            status.info = Some("looking for a hint…".into());
        }
    }
}

fn spawn(
    m: &ActiveMatch,
    thinking: &mut GridThinking,
    job: ThinkJob,
    seat: Player,
    hint: bool,
    stop: game_ai::Stop,
) {
    thinking.0 = SearchTask::start(job, hint, key(m), m.game.player_name(seat), stop);
}

/// The computer's search hurries when its seat's time on this game's clock runs short
/// (`SearchTask::hurry_for_clock`).
fn hurry_for_clock(
    m: Res<ActiveMatch>,
    mut thinking: ResMut<GridThinking>,
    clock: crate::host::table_clock::ClockView,
) {
    if !thinking.busy() {
        return;
    }
    let left = m
        .decider()
        .and_then(|p| clock.running_left(m.screen, p.index()));
    thinking.0.hurry_for_clock(left);
}

/// The most sealed draws any grid match of this session has made (`ActiveMatch::sealed_draws`):
/// each new draw comes after them, as Veney's `ComputerDraws` is the session's.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SealedDrawsThisSession(pub u64);

/// A game the computer plays on every seat, paused by an Undo (`computer_pause`).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridPause(pub crate::host::computer_pause::PauseWatch);

/// While a computer-only game waits after an Undo, its clock waits too, and runs again on
/// "Play on" (a review found a flag falling while the panel said the computer waits). A clock
/// paused by hand is left as it is.
fn hold_while_paused(
    m: Res<ActiveMatch>,
    seats: Res<ComputerSeats>,
    pause: Res<GridPause>,
    blocked: Res<super::GridBlocked>,
    clock: crate::host::table_clock::ClockView,
    mut held: Local<Option<u64>>,
    mut out: MessageWriter<crate::host::table_clock::ClockIntent>,
) {
    use crate::host::table_clock::ClockIntent;
    let all = (0..m.game.players()).all(|i| seats.plays(Player(i)).is_some());
    let runs = |s: u8| clock.running_left(m.screen, usize::from(s)).is_some();
    // Whichever side's face runs: the computer pressed as its turn ended, and the Undo took
    // that turn back without the press (a review found the other side's flag falling).
    let undo_pause = pause.0.paused && all && (0..m.game.players()).any(runs);
    // So while the computer's move waits behind a screen over the board (the New game
    // dialog, `start_thinking`), its own face running, as Veney's does (a review found the grid
    // games' computer losing on time behind the dialog).
    let behind_dialog = blocked.0
        && m.decider()
            .is_some_and(|p| seats.plays(p).is_some() && runs(p.0));
    if undo_pause || behind_dialog {
        out.write(ClockIntent::Pause);
        *held = Some(m.generation);
    } else if (pause.0.paused && all) || blocked.0 {
        // Held already, or nothing of the computer's runs: as it is.
    } else if *held == Some(m.generation) {
        // Only the game held: another game shown meanwhile keeps its clock as its players
        // left it (a review found a clock paused by hand run again on another screen).
        *held = None;
        if clock.paused_for(m.screen) {
            out.write(ClockIntent::Resume);
        }
    }
}

/// "Play on" (`Intent::PlayOn`): the paused computer-only game goes on.
fn play_on(mut intents: MessageReader<Intent>, mut pause: ResMut<GridPause>) {
    if intents.read().any(|i| *i == Intent::PlayOn) {
        pause.0.play_on();
    }
}

/// The computer's seat is to decide: start its search (once per position).
fn start_thinking(
    mut m: ResMut<ActiveMatch>,
    seats: Res<ComputerSeats>,
    blocked: Res<super::GridBlocked>,
    mut thinking: ResMut<GridThinking>,
    mut session: ResMut<SealedDrawsThisSession>,
    mut pause: ResMut<GridPause>,
) {
    thinking.0.cancel_unless(key(&m));
    // With the computer on every seat, an Undo pauses it: seeded as before it would play the
    // undone turn again at once (a review found the Undo changing nothing to see).
    let all = (0..m.game.players()).all(|i| seats.plays(Player(i)).is_some());
    if pause.bypass_change_detection().0.follow(m.generation, all) {
        return;
    }
    // Not behind the New game dialog: its seat picker is for the next game (a review found the
    // computer taking over a seat of the game in progress while the dialog stood open).
    // (It thinks while the person reviews the move list: the review stays, its move joins the
    // live game.)
    if thinking.busy() || blocked.0 {
        return;
    }
    let Some(me) = m.decider() else { return };
    let Some(level) = seats.plays(me) else { return };
    let Some(think) = m.think else { return };
    // A sealed choice is drawn afresh each time it is searched (`ActiveMatch::sealed_draws`);
    // counted without a change of the match (nothing on the board changed).
    let mut seed = seed_for(&m, me);
    if let game_api::Decision::Simultaneous { .. } = m.game.decision() {
        // Past every draw made in this session, not only this match's: a new game then a Load
        // of a save made before a seal must not draw the seen masters again (a review found the
        // count begun afresh at 0 with each new match).
        let draws = &mut m.bypass_change_detection().sealed_draws;
        seed ^= next_sealed_draw(draws, session.0);
        session.0 = *draws;
    }
    let config = Config {
        stop: game_ai::Stop::new(),
        ..level.config(seed)
    };
    let stop = config.stop.clone();
    if let Some(job) = think(&*m.game, me, config) {
        spawn(&m, &mut thinking, job, me, false, stop);
    }
}

/// A finished search: the computer's move is played (if the position is still the one it
/// searched), a hint is shown. While a search runs the app keeps redrawing, for the indicator.
fn finish_thinking(
    m: Res<ActiveMatch>,
    seats: Res<ComputerSeats>,
    blocked: Res<super::GridBlocked>,
    mut thinking: ResMut<GridThinking>,
    mut hint: ResMut<GridHint>,
    mut out: MessageWriter<Intent>,
    mut status: ResMut<GridStatus>,
    mut wake: ResMut<crate::host::Wake>,
) {
    // A search that ends behind the New game dialog waits for it to close. One that ends while
    // the move list is reviewed is played: the review stays on the position looked at (a
    // review found the move held, and the computer's clock running out meanwhile).
    if blocked.0 {
        return;
    }
    let at = key(&m);
    let who = thinking.0.who.clone();
    let Some((result, is_hint)) = thinking.0.poll(at, &mut wake) else {
        return;
    };
    let Some(t) = result else { return };
    if is_hint {
        // Said on the status line only over the decider's own board (the panel line likewise).
        if hint_shown(&m) {
            status.info = Some(hint_note(&t.text, t.value));
        }
        hint.0 = Some((t, at));
        return;
    }
    // The seat may have become a person's while it thought (the New game dialog's picker,
    // left with "Back to the game"): its search is dropped.
    if m.decider().is_none_or(|p| seats.plays(p).is_none()) {
        return;
    }
    match m.actions().iter().position(|a| a.text == t.text) {
        Some(i) => {
            out.write(Intent::PlayComputer(i));
        }
        None => {
            status.refusal = Some(format!(
                "the computer ({who}) chose {}, which the match does not offer",
                t.text
            ));
        }
    }
}

/// What Undo against the computer did (`undo_to_person`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum UndoneTo {
    /// Nothing to take back.
    Nothing,
    /// Taken back to a person's decision (or, the computer on every seat, one turn).
    Person,
    /// Nothing taken back: a computer's turn on the way showed part of its secret (a hidden
    /// master placed), which the person would play on knowing.
    Reveal,
}

/// The words for Undo refused at a computer's turn that showed part of its secret
/// (`UndoneTo::Reveal`).
pub(super) const UNDO_AT_REVEAL: &str = "Undo stops here: the computer's turn since showed some \
of what it keeps hidden, and taken back you would play on knowing it";

/// Undo against the computer: the person's last action while their turn goes on; else their
/// last turn goes back, and with it every computer turn played since, so that a person decides
/// again — unless one of those computer turns showed part of the computer's secret (Tirachen's
/// master placed from a sealed choice, "A master's kind shows when it is placed") and its seal
/// would stand: then nothing goes back (a review found the person undoing and varying their
/// move to see the computer's hidden masters one by one). An undo that reaches the seals, the
/// computer's drawn afresh, goes back.
pub(super) fn undo_to_person(m: &mut ActiveMatch, seats: &ComputerSeats) -> UndoneTo {
    let len = m.game.history_len();
    let done = undo_back(m, seats);
    if done == UndoneTo::Reveal {
        while m.game.history_len() < len && m.game.redo() {}
    }
    done
}

fn undo_back(m: &mut ActiveMatch, seats: &ComputerSeats) -> UndoneTo {
    let to = |undone: bool| {
        if undone {
            UndoneTo::Person
        } else {
            UndoneTo::Nothing
        }
    };
    // The computer on every seat: one turn goes back (there is no person's turn to reach; a
    // review found undo running back to the start).
    if (0..m.game.players()).all(|i| seats.plays(Player(i)).is_some()) {
        return to(m.game.undo_turn());
    }
    // In the middle of the person's own turn (Kelasu's several actions), its last action goes
    // back alone, as in a game between people (a review found the whole turn wiped) — also when
    // that action ended the game mid-turn (a win is checked after every action; a review found
    // the whole winning turn taken back). Mid-turn as the rules say (`turn_goes_on`), not by
    // who decides: a person's seal then its first move are two turns (a review found Tirachen's
    // seal taken back alone, First=White, the computer's seal kept as the person chose again).
    let last_by = m
        .game
        .turns(game_api::Viewer::Referee)
        .last()
        .and_then(|t| t.player);
    let persons = last_by.filter(|p| seats.plays(*p).is_none());
    if m.game.declared().is_none()
        && persons.is_some()
        && match m.game.decision() {
            Decision::Player(p) => Some(p) == persons && m.game.turn_goes_on(),
            Decision::Over(_) => true,
            _ => false,
        }
    {
        return to(m.game.undo());
    }
    // Only the computer has played (it opened): there is no turn of the person's to take back,
    // and undoing its own would have it play the same opening again — nothing to undo (a
    // review found the computer's first turn silently replayed).
    let persons_turn = m
        .game
        .turns(game_api::Viewer::Referee)
        .iter()
        .any(|t| t.player.is_some_and(|p| seats.plays(p).is_none()));
    if !persons_turn && m.game.declared().is_none() {
        return UndoneTo::Nothing;
    }
    let mut any = false;
    // The computer seats whose undone turns showed part of their secret: the undo stands only
    // if their seals go back too, to be drawn afresh (`redraw_computer_seals`; a review found
    // an undo back to the seals refused).
    let mut shown: Vec<Player> = Vec::new();
    let kept_secret = |m: &ActiveMatch, shown: &[Player], undone: UndoneTo| {
        if shown.iter().any(|&p| !m.game.secrets(p).is_empty()) {
            UndoneTo::Reveal
        } else {
            undone
        }
    };
    loop {
        let last = m
            .game
            .turns(game_api::Viewer::Referee)
            .last()
            .map(|t| t.player);
        let Some(player) = last else {
            return kept_secret(m, &shown, to(any));
        };
        let computers = player.filter(|p| seats.plays(*p).is_some());
        let hidden_after = computers.map(|p| m.game.secrets(p));
        if !m.game.undo_turn() {
            return kept_secret(m, &shown, to(any));
        }
        // A seal made (nothing hidden before it) is no showing.
        if let (Some(p), Some(after)) = (computers, hidden_after) {
            let before = m.game.secrets(p);
            if !before.is_empty() && before != after && !shown.contains(&p) {
                shown.push(p);
            }
        }
        any = true;
        let persons = player.is_some_and(|p| seats.plays(p).is_none());
        let person_decides = match m.game.decision() {
            Decision::Player(p) => seats.plays(p).is_none(),
            Decision::Simultaneous { waiting } => waiting.iter().any(|p| seats.plays(p).is_none()),
            _ => false,
        };
        if persons && person_decides {
            redraw_computer_seals(m, seats);
            return kept_secret(m, &shown, UndoneTo::Person);
        }
    }
}

/// After the person's seal of a simultaneous round is taken back, a seal the computer made
/// earlier in the same round goes back too, to be drawn afresh from the round's start: kept,
/// the person would choose again knowing what the computer's play since showed of it (a review
/// found Tirachen's secret masters so, the computer on Red sealing first). A computer's turn
/// before the round stays (the round is no longer open once it is undone: it is redone).
pub(super) fn redraw_computer_seals(m: &mut ActiveMatch, seats: &ComputerSeats) {
    while matches!(m.game.decision(), Decision::Simultaneous { .. }) {
        let last = m
            .game
            .turns(game_api::Viewer::Referee)
            .last()
            .and_then(|t| t.player);
        let len = m.game.history_len();
        if !last.is_some_and(|p| seats.plays(p).is_some()) || !m.game.undo_turn() {
            return;
        }
        if !matches!(m.game.decision(), Decision::Simultaneous { .. }) {
            while m.game.history_len() < len && m.game.redo() {}
            return;
        }
    }
}

/// Redo against the computer, as undo goes back (`undo_to_person`): the person's next action
/// comes back, and with it, when the computer decides next, every computer turn undone with it,
/// so a person decides again (a review found the computer searching anew the moment the person's
/// action came back, its played reply wiping the redo list and an ending withdrawn beyond it).
pub(super) fn redo_to_person(m: &mut ActiveMatch, seats: &ComputerSeats) -> bool {
    if (0..m.game.players()).all(|i| seats.plays(Player(i)).is_some()) {
        return m.game.redo();
    }
    if !m.game.redo() {
        return false;
    }
    // A round of sealed choices comes back whole: redone alone, the computer's seal that the
    // Undo took back to be drawn afresh (`redraw_computer_seals`) would stand again beside the
    // person's open choice, its masters known from the play undone (a review found Redo, pressed
    // while the computer drew anew, bringing the old seal back).
    while matches!(m.game.decision(), Decision::Simultaneous { .. })
        && m.game.can_redo()
        && m.game.redo()
    {}
    while m.game.declared().is_none() && m.game.can_redo() {
        let computer_decides = match m.game.decision() {
            Decision::Player(p) => seats.plays(p).is_some(),
            Decision::Simultaneous { waiting } => waiting.iter().all(|p| seats.plays(p).is_some()),
            Decision::Chance => true,
            Decision::Over(_) => false,
        };
        if !computer_decides || !m.game.redo() {
            break;
        }
    }
    true
}

/// The panel's lines: who the computer plays, its search under way, the hint.
pub(super) fn panel_lines(
    ui: &mut egui::Ui,
    m: &ActiveMatch,
    seats: &ComputerSeats,
    thinking: &GridThinking,
    hint: &GridHint,
    out: &mut MessageWriter<Intent>,
    pause: &GridPause,
) {
    if pause.0.paused
        && (0..m.game.players()).all(|i| seats.plays(Player(i)).is_some())
        && !matches!(m.game.decision(), Decision::Over(_))
    {
        ui.label("Paused after the undo: the computer waits.");
        if ui
            .button("Play on")
            .on_hover_text("the computer plays on from here")
            .clicked()
        {
            out.write(Intent::PlayOn);
        }
    }
    if seats.any() {
        let who: Vec<String> = (0..m.game.players())
            .map(Player)
            .filter_map(|p| {
                seats
                    .plays(p)
                    .map(|l| format!("{}: computer ({})", m.game.player_name(p), l.name()))
            })
            .collect();
        ui.weak(who.join(" · "));
    }
    thinking.0.indicator(ui);
    if !thinking.busy()
        && m.think.is_some()
        && m.decider().is_some_and(|p| seats.plays(p).is_none())
        && ui
            .button("Hint (H)")
            .on_hover_text("the computer's best action here, after a second's search")
            .clicked()
    {
        out.write(Intent::Hint);
    }
    if let Some((t, at)) = &hint.0
        && *at == key(m)
        && hint_shown(m)
    {
        ui.label(format!(
            "Hint: {} — expected score {:.0} % ({} iterations)",
            t.text,
            t.value * 100.0,
            t.iterations
        ));
    }
}

/// Whether a hint may be shown: it is the decider's, over their own board only (a review found
/// it left up while a draw offer was answered, or under a resignation, over a board hiding that
/// player's masters).
fn hint_shown(m: &ActiveMatch) -> bool {
    match m.viewer() {
        Viewer::Referee => m.game.declared().is_none(),
        Viewer::Player(v) => m.decider() == Some(v) && m.game.declared().is_none() && !m.asking,
        Viewer::Spectator => false,
    }
}

/// The new-game dialogs' seat picker: a person or the computer at a level, for each seat.
pub fn seat_picker(ui: &mut egui::Ui, names: [&str; 2], seats: &mut [Option<Level>; 2]) {
    for (i, name) in names.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{name}:"));
            let current = seats[i];
            let label = current.map_or("a person".to_string(), |l| {
                format!("computer, {}", l.name())
            });
            egui::ComboBox::from_id_salt(("seat", i))
                .selected_text(label)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut seats[i], None, "a person");
                    for l in Level::ALL {
                        ui.selectable_value(
                            &mut seats[i],
                            Some(l),
                            format!("computer, {}", l.name()),
                        );
                    }
                });
        });
    }
}

/// What one sealed draw's count is multiplied by before it is mixed into the seed.
const SEALED_DRAW_MIX: u64 = 0xBF58_476D_1CE4_E5B9;

/// Counts one more sealed draw past both this match's and the session's (`sealed_draws`), and
/// gives what it mixes into the seed. The count read from a save may be anything: it wraps
/// rather than overflows (a review found a hand-edited `[ComputerDraws]` at its top panic).
pub fn next_sealed_draw(draws: &mut u64, session: u64) -> u64 {
    *draws = (*draws).max(session).wrapping_add(1);
    // Not the search's thread constant (`game_ai::thread_seed`): with it, draw 2's third thread
    // searched draw 3's second thread's stream (a review found the XOR commute).
    draws.wrapping_mul(SEALED_DRAW_MIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sealed draw counts past this match's and the session's draws, and a count read from a
    /// hand-edited save at its top wraps instead of panicking (a review found the overflow).
    #[test]
    fn a_sealed_draw_counts_past_both_and_never_overflows() {
        let mut draws = 3;
        let mix = next_sealed_draw(&mut draws, 9);
        assert_eq!(draws, 10);
        assert_eq!(mix, 10u64.wrapping_mul(SEALED_DRAW_MIX));
        let mut top = u64::MAX;
        next_sealed_draw(&mut top, 0);
        assert_eq!(top, 0);
    }

    /// Each sealed draw's search threads draw their own streams: no thread of one draw starts
    /// from another draw's thread's seed (a review found draw 2's thread 3 and draw 3's thread
    /// 2 on one stream, the strongest level searching with a thread a core).
    #[test]
    fn the_threads_of_sealed_draws_search_apart() {
        let base = 0x1234_5678_9ABC_DEF0;
        let mut draws = 0;
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..8 {
            let seed = base ^ next_sealed_draw(&mut draws, 0);
            for t in 0..8 {
                assert!(
                    seen.insert(game_ai::thread_seed(seed, 0, t)),
                    "draw {draws} thread {t}"
                );
            }
        }
    }

    /// A seat's key in any case is read, as every key is (the game API's reader takes them so).
    #[test]
    fn the_seats_key_is_read_in_any_case() {
        let seats = seats_read_from("[Game \"Kelasu\"]\n[computer \"1 club\"]\n1. B1-C1;\n");
        assert_eq!(seats[1], Some(Level::Club));
    }

    /// The computer's seats and draw count come back from a save whose other headers the strict
    /// reader refuses (an unquoted value, a tab, a key twice), as Veney's reader takes them: a
    /// review found the seats dropped without a word.
    #[test]
    fn the_seats_are_read_whatever_the_other_headers() {
        let text = "[Game \"Veney\"]\n[Computer \"1 club\"]\n[ComputerDraws \"7\"]\n[Event Club night]\n[Round\t\"2\"]\n[Event \"again\"]\n1. SY3\n";
        assert!(
            game_api::save_headers(text).is_err(),
            "the strict reader refuses it"
        );
        assert_eq!(seats_read_from(text), [None, Some(Level::Club)]);
        assert_eq!(
            header_values(text, "ComputerDraws").collect::<Vec<_>>(),
            ["7"]
        );
    }

    /// Tirachen's secret masters with the computer second: Red has sealed its nine, White's
    /// search starts where neither had (the Red seal modelled, not guessed at evenly), so
    /// White's choice is the one it would have made first — and the same whatever Red sealed.
    #[test]
    fn a_seal_after_the_others_is_searched_from_the_rounds_start() {
        use tirachen_rules::{MasterChoice, Tirachen, TirachenOptions};
        let game = std::sync::Arc::new(Tirachen::new(TirachenOptions {
            masters: MasterChoice::Secret,
            ..TirachenOptions::default()
        }));
        let config = || Config {
            budget: game_ai::Budget::Iterations(80),
            threads: 1,
            seed: 11,
            ..Config::default()
        };
        let start = game.start();
        let first = Mcts::new(config())
            .choose(&*game, &start, Player(1))
            .expect("White waits at the start");
        let first = game.action_text(&start, first.action);
        let mut red_choices = Vec::new();
        game.legal_actions(&start, Player(0), &mut red_choices);
        for red in [red_choices[0], red_choices[red_choices.len() - 1]] {
            let mut m = Match::new(game.clone(), 3);
            m.play(game_api::Actor::Player(Player(0)), red).unwrap();
            let job = thinker::<Tirachen>(&m, Player(1), config()).expect("White's decision");
            let thought = job().expect("a choice");
            assert_eq!(thought.text, first, "after Red's {red:?}");
        }
    }

    /// Secret masters, the computer on Red: a reply of the computer's that placed a master
    /// ("A master's kind shows when it is placed", docs/rulings/tirachen.md) is not taken back
    /// by the person's Undo — taken back, the person would play another move knowing that kind
    /// among its hidden nine; a reply that placed a Pike goes back with the person's turn.
    #[test]
    fn undo_stops_at_a_computer_turn_that_showed_a_hidden_master() {
        use tirachen_rules::{MasterChoice, Tirachen, TirachenOptions};
        let game = std::sync::Arc::new(Tirachen::new(TirachenOptions {
            masters: MasterChoice::Secret,
            ..TirachenOptions::default()
        }));
        // A match of these turns, the computer on Red.
        let played = |turns: &[&str]| {
            let mut m = ActiveMatch::new(
                Box::new(Match::new(game.clone(), 5)),
                crate::host::screen::Screen::Tirachen,
                std::path::PathBuf::from("unused"),
                |_| Err("unused".into()),
                [(Color::WHITE, Color::BLACK); 2],
            );
            for t in turns {
                m.game.play_text(t).unwrap();
            }
            m
        };
        let seats = ComputerSeats([Some(Level::Beginner), None]);
        let mut m = played(&["1|S3A3W3", "2|S2A2W5", "P@a1", "P@a9", "S@b1"]);
        let len = m.game.history_len();
        assert_eq!(undo_to_person(&mut m, &seats), UndoneTo::Reveal);
        assert_eq!(m.game.history_len(), len, "nothing taken back");
        // White moves on, Red answers with a Pike: that reply and White's move go back.
        for t in ["P@b9", "P@c1"] {
            m.game.play_text(t).unwrap();
        }
        assert_eq!(undo_to_person(&mut m, &seats), UndoneTo::Person);
        assert_eq!(
            m.game.history_len(),
            len,
            "back to White's decision after Red's Spear"
        );
        // Red's first move placed a master: the undo goes back to White's seal, and Red's seal
        // with it, drawn afresh — what the Spear showed is of no use.
        let mut m = played(&["1|S3A3W3", "2|S2A2W5", "S@a1"]);
        assert_eq!(undo_to_person(&mut m, &seats), UndoneTo::Person);
        assert_eq!(m.game.history_len(), 0, "both seals back");
    }

    /// The picker's seats are the next game's: given to the seats only when it begins; left
    /// ("Back to the game") or failed, the game in progress keeps its own.
    #[test]
    fn the_seat_draft_reaches_the_seats_only_with_a_new_game() {
        let mut seats = ComputerSeats([None, Some(Level::Club)]);
        let mut d = SeatDraft::default();
        d.editing.get_or_insert(seats.0)[1] = None;
        d.drop_draft();
        d.settle(true, &mut seats);
        assert_eq!(
            seats.0,
            [None, Some(Level::Club)],
            "Back keeps the game's seats"
        );
        d.editing = Some([Some(Level::Beginner), None]);
        d.start();
        d.settle(false, &mut seats);
        assert_eq!(
            seats.0,
            [None, Some(Level::Club)],
            "a start that failed changes nothing"
        );
        assert_eq!(
            d.editing,
            Some([Some(Level::Beginner), None]),
            "the draft stays to retry"
        );
        d.start();
        d.settle(true, &mut seats);
        assert_eq!(seats.0, [Some(Level::Beginner), None]);
        assert_eq!(d, SeatDraft::default());
    }

    /// The dialog drew once more after Start (its draft begun from the new game's seats); a
    /// save loaded since brings its own seats: the draft begins afresh from those, not from the
    /// game before (README: "The dialog's seats are the next game's"; a review found a loaded
    /// game's computer seat shown, and started, as a person's).
    #[test]
    fn a_draft_begun_before_a_load_begins_afresh_from_the_loaded_seats() {
        let people = ComputerSeats([None, None]);
        let mut d = SeatDraft::default();
        // The picker's first draw: begun from the game's seats.
        d.follow(&people);
        d.editing.get_or_insert(people.0);
        // Edited in the dialog: kept while the game's seats stay.
        d.editing = Some([None, Some(Level::Beginner)]);
        d.follow(&people);
        assert_eq!(d.editing, Some([None, Some(Level::Beginner)]));
        let loaded = ComputerSeats([Some(Level::Strong), None]);
        d.follow(&loaded);
        assert_eq!(d.editing, None);
        assert_eq!(*d.editing.get_or_insert(loaded.0), loaded.0);
    }
}

/// The table clock hears of the game shown: which seats the computer plays, so that leaving its
/// screen pauses the computer's time (`table_clock::hold_while_away`: the computer plays only
/// while its board is shown), and whether it has ended (`stop_at_the_end`).
fn tell_the_clock(
    m: Res<super::ActiveMatch>,
    seats: Res<ComputerSeats>,
    mut clock: ResMut<crate::host::table_clock::ClockGames>,
) {
    let game = crate::host::table_clock::ClockGame {
        id: m.generation,
        computer: [0, 1].map(|i| seats.0[i].is_some()),
        over: matches!(m.game.decision(), game_api::Decision::Over(_)),
        to_move: m.decider().map(|p| p.index()),
        played: m.game.history_len(),
    };
    crate::host::table_clock::ClockGames::set(&mut clock, m.screen, game);
}
