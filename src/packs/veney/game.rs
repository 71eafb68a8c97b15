//! The game in progress, held as the rules crate's `Game`, and piece entities mirrored from it:
//! each piece on the board is an entity with a `PieceView` (side, kind, square) and the
//! movement/constraint data of its RON definition. Player intent arrives as `Command` messages
//! (from the mouse, the keyboard, the panels, or a test); this module asks the rules crate and
//! plays what it allows. It never decides legality itself.
use crate::host::Screen;
use bevy::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;
use veney_rules::piece_def::Constraint;
use veney_rules::position::Phase;
use veney_rules::{Action, FreePlace, Game, Kind, Position, Rules, Side, Square};

/// The current game.
#[derive(Resource)]
pub struct CurrentGame(pub Game);

impl Default for CurrentGame {
    fn default() -> Self {
        let rules = Arc::new(load_rules());
        let start = Position::start(&rules);
        CurrentGame(Game::from_position_seeded(rules, start, fresh_seed()))
    }
}

/// A seed for a new game's chance outcomes (throws): from `VENEY_SEED`, else the clock.
pub use crate::host::seed::fresh_seed;

/// The standard set's file.
pub fn standard_set_path() -> PathBuf {
    PathBuf::from("config/sets/standard.ron")
}

/// The set files in `config/sets/`, sorted (the new-game dialog and the set workshop offer them).
pub fn set_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir("config/sets")
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Loads one set file; the built-in standard set stands in for a missing standard file.
fn load_set(path: &std::path::Path) -> Result<Arc<veney_rules::PieceSet>, String> {
    if path == standard_set_path() && !path.exists() {
        return Ok(Arc::new(veney_rules::PieceSet::standard()));
    }
    veney_rules::PieceSet::load(path)
        .map(Arc::new)
        .map_err(|e| e.to_string())
}

/// The rules for White's and Black's set files, `config/`'s setup and these options (the
/// new-game dialog; §2.0.23 asymmetric games).
pub fn rules_for(
    sets: &[PathBuf; 2],
    options: veney_rules::options::RuleOptions,
) -> Result<Rules, String> {
    let w = load_set(&sets[0])?;
    let b = if sets[1] == sets[0] {
        w.clone()
    } else {
        load_set(&sets[1])?
    };
    let setup_path = std::path::Path::new("config/setups/standard.ron");
    let setup = if setup_path.exists() {
        let (def, src) =
            veney_rules::setup::SetupDef::load(setup_path).map_err(|e| e.to_string())?;
        def.check(setup_path, &src, [&w, &b])
            .map_err(|e| e.to_string())?
    } else {
        veney_rules::setup::SetupDef::standard()
            .check(setup_path, veney_rules::setup::STANDARD_SETUP, [&w, &b])
            .map_err(|e| e.to_string())?
    };
    Rules::new([w, b], setup, options).map_err(|e| e.to_string())
}

/// The rules from `config/`'s standard set and setup with these options.
pub fn rules_with(options: veney_rules::options::RuleOptions) -> Result<Rules, String> {
    let p = standard_set_path();
    rules_for(&[p.clone(), p], options)
}

/// Loads a save with the sets it names (an asymmetric game brings its armies), falling back to
/// `rules`' sets for saves that name none. The options are `rules`'.
pub fn load_save(rules: &Arc<Rules>, path: &std::path::Path) -> Result<Game, String> {
    let text = game_api::read_text_file(path).map_err(|e| e.to_string())?;
    load_save_text(rules, &text)
}

/// `load_save` of a save's text. A save the app wrote always has its `[Final]` line: a file
/// without one (empty, cut short before it, or a bare record) is refused rather than read as a
/// fresh game and reported loaded (a review found an empty autosave "resumed" as a new game).
pub fn load_save_text(rules: &Arc<Rules>, text: &str) -> Result<Game, String> {
    crate::host::whole_save::check(text)?;
    let named = veney_rules::savefile::sets_of(&text);
    // The save's own rule options (`[Rules]`; an older save, the game's).
    let options = match veney_rules::savefile::options_of(&text) {
        Some(o) => o?,
        None => rules.options.clone(),
    };
    let sets = match named {
        [Some(w), Some(b)] => [w, b],
        _ => [
            rules.set(Side::White).source.clone(),
            rules.set(Side::Black).source.clone(),
        ],
    };
    let same = sets[0] == rules.set(Side::White).source
        && sets[1] == rules.set(Side::Black).source
        && options == rules.options;
    let g = if same {
        match veney_rules::savefile::read(rules.clone(), &text) {
            Ok(g) => g,
            // The game in progress holds its sets as they were read; the files may have been
            // edited since, and the save written under them: the files are read again and
            // compared (docs/SETS.md; a review found such a save refused, its set file "changed"
            // when it was the one on disk).
            Err(e) => match rules_for(&sets, options) {
                Ok(fresh) => veney_rules::savefile::read(Arc::new(fresh), &text)
                    .map_err(|_| e.to_string())?,
                Err(_) => return Err(e.to_string()),
            },
        }
    } else {
        veney_rules::savefile::read(Arc::new(rules_for(&sets, options)?), &text)
            .map_err(|e| e.to_string())?
    };
    match hug_half_made(g.position()) {
        Some(side) => Err(hug_half_made_note(side)),
        None => Ok(g),
    }
}

/// The side whose Hug hand is already hidden in `pos` (a position text's `hug=`, written by hand
/// or by a program through the rules crate between the two picks), if any. The app makes the Hug at its own screen, both
/// hands from empty (§2.0.23): a game half-way through one is not taken in (a review found the
/// Hug screen asking again for the hand already hidden, for ever, and the hidden pick shown by
/// the position text).
pub fn hug_half_made(pos: &veney_rules::Position) -> Option<Side> {
    Side::ALL
        .into_iter()
        .find(|&s| pos.hug_hand(s) != veney_rules::hug::Hand::Empty)
}

/// Why a game half-way through its Hug is not taken in (`hug_half_made`).
pub fn hug_half_made_note(side: Side) -> String {
    format!(
        "{side}'s Hug hand is already hidden (hug=): the app makes the Hug at its own screen, both hands at once (§2.0.23) — take the position from before the draw's Hug (without hug=) and make the Hug here"
    )
}

/// Loads the rules from `config/` when present (so designers' edits show), else the built-in
/// standard rules.
pub fn load_rules() -> Rules {
    load_rules_reporting().0
}

/// `load_rules`, with what was wrong in `config/` when the built-in rules stood in for it: the
/// status line says so (a review found a designer's broken edit replaced without a word on
/// screen, only in the log).
pub fn load_rules_reporting() -> (Rules, Option<String>) {
    let dir = std::path::Path::new("config");
    if dir.join("sets/standard.ron").exists() {
        match Rules::load(
            &dir.join("sets/standard.ron"),
            &dir.join("setups/standard.ron"),
            &dir.join("rules/default.ron"),
        ) {
            Ok(r) => return (r, None),
            Err(e) => {
                error!("could not load config/, using the built-in rules: {e}");
                return (
                    Rules::standard(),
                    Some(format!(
                        "config/ does not load, so the built-in standard rules are played: {e}"
                    )),
                );
            }
        }
    }
    (Rules::standard(), None)
}

/// A piece on the board, mirrored from the rules state.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceView {
    pub side: Side,
    pub kind: Kind,
    pub square: Square,
}

/// A concert partner in hand (R-CONCERT): lifted by the Self's move and still to be placed;
/// drawn raised and faint over the square it was lifted from.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct InHand;

/// The facing of an oriented piece (0 forward, 1 right, 2 back, 3 left from its owner's side).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facing(pub u8);

/// Where the piece's movement primitives (its RON definition) reach from its square on an empty
/// board but for its own Self — computed by the rules crate, read by the "movement pattern"
/// overlay when the piece is hovered.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Movement(pub veney_rules::Bitboard);

/// The piece's range constraint from its RON definition (read by the overlays).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct RangeConstraint(pub Option<Constraint>);

/// A Donkey on the board (§2.0.23), by its placer.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DonkeyView {
    pub placer: Side,
    pub square: Square,
}

/// The free engagement, in play on a square or out of play on an intersection.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FreeEngagementView(pub FreePlace);

/// What the player has picked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selected {
    /// The piece on this square.
    Board(Square),
    /// A piece of this kind in the mover's reserve tray (to place it).
    Reserve(Kind),
    /// The free engagement (to bring it into play or move it).
    Free,
    /// Your Donkey in reserve (to place it, §2.0.23).
    Donkey,
}

#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection(pub Option<Selected>);

/// The piece a board selection on `sq` picks up: the one standing there, or the mover's concert
/// partner in hand, lifted from there (§2.0.02, R-CONCERT), or the mover's blade pinned under
/// the opposing Cloak there, to be freed (§2.0.06).
pub fn picked_piece(pos: &Position, sq: Square) -> Option<(Side, Kind)> {
    let side = pos.turn();
    if let Some(l) = pos.lifted().filter(|l| l.from == sq) {
        return Some((side, l.kind));
    }
    match pos.piece_at(sq) {
        Some((s, _)) if s != side => veney_rules::special::blade_capture::pinned_at(pos, side, sq)
            .map(|(k, _)| (side, k))
            .or(pos.piece_at(sq)),
        other => other,
    }
}

/// The guess methods' hidden pick in progress: where the defender hid the token (§2.0.R1).
/// Kept out of the board and the panels' text until the guess is made.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HiddenPick(pub Option<u8>);

/// A draw offered and not yet answered (§2.0.21 "Draw by agreement"): the side that offered.
/// It lapses with the next action.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawOffer(pub Option<Side>);

/// White's hidden choice in a Hug in progress (§2.0.23).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HugPick {
    pub pick: Option<veney_rules::hug::HugChoice>,
    /// The position (its hash) the Hug settled: the dialog stays closed there.
    pub settled: Option<u64>,
}

/// The moves an oriented piece could land with, one per facing, while the player chooses
/// (§2.0.23 oriented pieces; ruling R-ORIENTED). Any command clears it.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct FacingChoice(pub Vec<Action>);

/// The legal actions that end on the clicked square when there are several (not only facings):
/// the player chooses one in a window beside the board, listed by notation; Esc, a right-click
/// or any other command cancels (chessground's promotion choice). Nothing is played until then.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct ActionChoice(pub Vec<Action>);

/// Browsing the move list: the board shows the position after this many played turns instead of
/// the live game (`None`: live).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewing(pub Option<usize>);

/// The position after the first `turns` turns of the game's record (the live one past the end).
pub fn position_after_turns(game: &Game, turns: usize) -> Position {
    game.turns_notation()
        .get(turns)
        .map(|t| t.0)
        .unwrap_or(*game.position())
}

/// What the app tells the player: whose turn and what now, or why a move was refused.
#[derive(Resource, Default, Debug, Clone)]
pub struct Status {
    pub prompt: String,
    /// The rule an attempted move breaks (§2.0.22), with its section.
    pub refusal: Option<String>,
    pub info: Option<String>,
    /// Text an accepted command puts on the clipboard (the exported move list): copied by the
    /// panel at its next drawing (`panels::to_clipboard`), never by a button whose command is
    /// then refused (a review found a setup's hidden stance copied by a refused export).
    pub clipboard: Option<String>,
}

/// Player intent.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum Command {
    /// A click (or the drop of a drag) on a square.
    Click(Square),
    SelectReserve(Kind),
    SelectFree,
    SelectDonkey,
    Cancel,
    /// Play this exact action (panel buttons: end turn, pass, glare, retreat, withdraw).
    Play(Action),
    /// Throw the sticks for a pending Dagger Throw, from the game's seeded generator.
    Roll,
    /// The guess methods' hidden pick (§2.0.R1): the defender hides the token at this place
    /// (0-based)…
    Hide(u8),
    /// …and the thrower guesses this place; the roll is played.
    Guess(u8),
    /// During a concealed or in-turns setup (§2.0.19): choose the piece to set down next…
    SetupPick(Kind),
    /// …White's stance is done (hand over), or both are: reveal and begin.
    SetupReady,
    /// The hand-over screen is acknowledged: Black arranges now.
    SetupHandover,
    /// Settle a draw by the Hug (§2.0.23): White's hidden choice…
    HugPick(veney_rules::hug::HugChoice),
    /// …and Black's; the ending is settled.
    Hug(veney_rules::hug::HugChoice),
    /// The caster springs the Obscurant Chaos trap on this square in the middle of the
    /// opponent's turn (§2.0.18).
    Interrupt(veney_rules::Square),
    /// The person lets the computer's turn go on over the person's trap, not springing it now
    /// (the computer waits for the answer: `computer::TrapWait`).
    LetTrapPass,
    Undo,
    Redo,
    /// The computer plays this action for its side (`computer.rs`).
    ComputerPlay(Action),
    /// The computer on both sides goes on after an Undo paused it (`computer::VeneyPause`).
    ComputerPlayOn,
    /// The computer calls the person's untenable move, the moment it is made (§2.0.22).
    ComputerCall,
    /// The computer springs its Obscurant Chaos trap on this square in the middle of the
    /// opponent's turn (§2.0.18), the moment a technical piece stands on it.
    ComputerInterrupt(veney_rules::Square),
    /// A hint for the side to move (H): the computer's best action after a second's search.
    Hint,
    NewGame,
    Resign,
    /// This side resigns (between people either may, at any moment; §2.0.21).
    ResignAs(Side),
    /// Offer a draw (§2.0.21 "Draw by agreement"): the side to move, or against the computer
    /// the person (which declines at once).
    OfferDraw,
    /// The other player accepts (`true`) or declines the draw offered.
    AnswerDraw(bool),
    /// The mated player acknowledges defeat instead of a dying move (§2.0.20).
    Acknowledge,
    /// Call the opponent's last move untenable (§2.0.22, playing with sand).
    CallUntenable,
    /// The offender calls their own last move untenable, "graciously" (§2.0.22): under a
    /// Delayed Reset this only takes the move back (R-UNTENABLE-CALL); between people only.
    CallOwnUntenable,
    /// One action typed in notation (companion mode, `commands/notation.rs`): played if
    /// tenable, played with sand if the agreed policy allows (§2.0.22), else refused with the
    /// rule.
    Enter(String),
    Save(PathBuf),
    Load(PathBuf),
    /// Replay a game record from this file (`veney-cli replay`'s reader; R-REPLAY-SAND).
    LoadRecordFile(PathBuf),
    /// Replay a game record pasted as text.
    LoadRecordText(String),
    /// Start a new game from a position text (docs/POSITION.md).
    SetPosition(String),
    /// Start a new game under these rule options with White's and Black's set files (the
    /// new-game dialog, the set workshop).
    NewGameWith(veney_rules::options::RuleOptions, [PathBuf; 2]),
    /// A new game whose first player the hidden hand drew at the table (§2.0.19 step 4): the
    /// options keep their random drawing, its result this side (a review found the game then
    /// under "agreed", its next dialog too).
    NewGameDrawn(
        veney_rules::options::RuleOptions,
        [PathBuf; 2],
        veney_rules::Side,
    ),
    /// Write the move list in notation to a file (atomically); empty path: `saves/moves.txt`.
    ExportMoves(PathBuf),
    /// Show the position after this many turns (`None`: back to the live game).
    View(Option<usize>),
}

/// An action the game played, for animation and sound.
#[derive(Message, Clone, Copy, Debug)]
pub struct Played {
    pub before: Position,
    pub action: Action,
    pub after: Position,
    /// The rules the positions are of (`Arc::as_ptr`): a reader that names pieces by the game's
    /// rules skips an action of a game replaced meanwhile (`of_rules`; a review found a new
    /// game's sets reading an old game's action in the same frame, where a kind the new set
    /// lacks would be out of range).
    pub rules: usize,
}

impl Played {
    /// The identity `rules` is written with.
    pub fn rules_id(rules: &std::sync::Arc<Rules>) -> usize {
        std::sync::Arc::as_ptr(rules) as usize
    }

    /// Whether the action's positions are of these rules.
    pub fn of_rules(&self, rules: &std::sync::Arc<Rules>) -> bool {
        self.rules == Played::rules_id(rules)
    }
}

/// The turn state machine as a Bevy state, mirrored from the rules crate's phase.
#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    #[default]
    FirstAction,
    /// The players set up by a concealed or in-turns setup (§2.0.19).
    Setup,
    SecondAction,
    AwaitingThrow,
    Distraction,
    Glare,
    /// After a checkmate by touch the mated player may still answer (§2.0.20).
    DyingMove,
    GameOver,
}

impl TurnPhase {
    pub fn of(pos: &Position) -> TurnPhase {
        if pos.is_game_over() {
            return TurnPhase::GameOver;
        }
        if pos.dying().is_some() {
            return TurnPhase::DyingMove;
        }
        match pos.phase() {
            Phase::Start => TurnPhase::FirstAction,
            Phase::Second { .. } => TurnPhase::SecondAction,
            Phase::Throw { .. } => TurnPhase::AwaitingThrow,
            Phase::Distraction { .. } => TurnPhase::Distraction,
            Phase::Glare => TurnPhase::Glare,
            Phase::Cast { .. } | Phase::DonkeyMove { .. } => TurnPhase::AwaitingThrow,
            Phase::Reclaim { .. } | Phase::Hirakamae { .. } => TurnPhase::SecondAction,
        }
    }
}

/// Where saves go (`VENEY_SAVE_DIR`, else `saves/`).
#[derive(Resource, Debug, Clone)]
pub struct SaveDir(pub PathBuf);

impl Default for SaveDir {
    fn default() -> Self {
        SaveDir(
            std::env::var_os("VENEY_SAVE_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("saves")),
        )
    }
}

impl SaveDir {
    pub fn autosave(&self) -> PathBuf {
        self.0.join("autosave.veney")
    }
    pub fn manual(&self) -> PathBuf {
        self.0.join("game.veney")
    }
}

/// The systems that apply commands and mirror the game; highlights and views run after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameSet;

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    // No game given (the real app): the first game is the launch's own (`LaunchGame`).
    if !app.world().contains_resource::<CurrentGame>() {
        app.insert_resource(LaunchGame);
    }
    // A folder given for Veney's saves (a caller's, a headless test's) is the host's too unless
    // the host's was given: the kept settings and the clock go with the saves (they are one
    // folder in the app; a test's must not write the working folder's).
    use crate::host::grid::SaveRoot;
    if let Some(dir) = app.world().get_resource::<SaveDir>().map(|d| d.0.clone())
        && app
            .world()
            .get_resource::<SaveRoot>()
            .is_none_or(|r| *r == SaveRoot::default())
    {
        app.insert_resource(SaveRoot(dir));
    }
    app.init_resource::<SaveDir>()
        .init_resource::<CurrentGame>()
        .init_resource::<Selection>()
        .init_resource::<FacingChoice>()
        .init_resource::<ActionChoice>()
        .init_resource::<HiddenPick>()
        .init_resource::<HugPick>()
        .init_resource::<DrawOffer>()
        .init_resource::<super::setup_screen::SetupSession>()
        .init_resource::<Viewing>()
        .init_resource::<Status>()
        .init_resource::<super::commands::history::Interruptions>()
        .init_resource::<super::commands::Replacements>()
        .init_resource::<super::commands::SetupHeld>()
        .init_state::<TurnPhase>()
        .add_message::<Command>()
        .add_message::<Played>()
        .add_systems(Startup, resume_autosave)
        .add_systems(
            Update,
            (
                super::commands::apply_commands,
                dying_clock,
                mirror_pieces
                    .run_if(resource_changed::<CurrentGame>.or_eager(resource_changed::<Viewing>)),
                sync_phase.run_if(resource_changed::<CurrentGame>),
                // (The seats and the trap's answer too: the computer's wait over a trap is said.)
                update_prompt.run_if(
                    resource_changed::<CurrentGame>
                        .or_eager(resource_changed::<super::computer::VeneyComputer>)
                        .or_eager(resource_changed::<super::computer::TrapWait>),
                ),
                autosave.run_if(resource_changed::<CurrentGame>),
            )
                .chain()
                .in_set(GameSet)
                .in_set(super::VeneySystems),
        );
}

/// §2.0.20: a checkmate by touch leaves the mated player "a few seconds" for the dying move —
/// whatever made it: a move, a Dagger Throw's sticks thrown by R, the guess dice, a roll typed
/// as it landed, the computer's throw (a review found only moves played on the board cutting
/// the clock).
///
/// Taken back — the mating move undone or called untenable (§2.0.22), the game going on with
/// nobody dying — the limit goes and the time comes back (a review found the mated player left
/// a few seconds for an ordinary turn).
fn dying_clock(
    mut played: MessageReader<Played>,
    mut clock: MessageWriter<crate::host::table_clock::ClockIntent>,
    game: Res<CurrentGame>,
    mut dying: Local<Option<(usize, u64, Side)>>,
    mut seen: Local<Option<(usize, u64)>>,
    kept: Res<crate::host::table_clock::ClockShownFor>,
) {
    // Another game's clock on the table is not cut or lifted for Veney's mate (what is seen
    // is still followed, so a later return acts on Veney's own positions only).
    let ours = kept.is_for(crate::host::screen::Screen::Veney);
    let this = (Played::rules_id(&game.0.rules), game.0.seed());
    let mut cut = false;
    // (Not for a game replaced in the same frame.)
    for p in played.read().filter(|p| p.of_rules(&game.0.rules)) {
        if let (None, Some(mated)) = (p.before.dying(), p.after.dying()) {
            if ours {
                clock.write(crate::host::table_clock::ClockIntent::DyingMove(
                    mated.index(),
                ));
            }
            cut = true;
            // Known at once, so a mate played and taken back before this system saw the
            // position dying still lifts the limit (a review found it could be missed).
            *dying = Some((this.0, this.1, mated));
        }
    }
    let pos = game.0.position();
    // A dying position reached in the same game with no move played — a mate redone, an
    // acknowledgement taken back — cuts the clock as the mate did (a review found a redone mate
    // leaving the mated player its whole time). Not a game loaded or begun dying: its clock
    // is the save's.
    let same_game = seen.replace(this) == Some(this);
    if !cut
        && ours
        && same_game
        && let Some(mated) = pos.dying()
        && *dying != Some((this.0, this.1, mated))
    {
        clock.write(crate::host::table_clock::ClockIntent::DyingMove(
            mated.index(),
        ));
    }
    if let Some((rules, seed, mated)) = *dying
        && (rules, seed) == this
        && pos.dying().is_none()
        && !pos.is_game_over()
        && ours
    {
        clock.write(crate::host::table_clock::ClockIntent::DyingMoveLifted(
            mated.index(),
        ));
    }
    *dying = pos.dying().map(|m| (this.0, this.1, m));
}

/// The action's origin, to match it against the selection.
pub fn origin(action: &Action) -> Option<Selected> {
    match *action {
        Action::Move(m) => Some(match m.mover {
            veney_rules::Mover::Piece(_) => Selected::Board(m.from),
            veney_rules::Mover::Free => Selected::Free,
        }),
        Action::Throw { from, .. } | Action::Reposition { from, .. } => Some(Selected::Board(from)),
        Action::Place { kind, .. } => Some(Selected::Reserve(kind)),
        Action::EnterFree { .. } => Some(Selected::Free),
        Action::PlaceDonkey { .. } => Some(Selected::Donkey),
        _ => None,
    }
}

/// The square an action is aimed at (where the player clicks to play it).
pub fn target(action: &Action) -> Option<Square> {
    match *action {
        Action::Move(m) => Some(m.to),
        Action::Throw { target, .. } => Some(target),
        Action::Reposition { to, .. }
        | Action::Place { to, .. }
        | Action::EnterFree { to }
        | Action::PlaceDonkey { to } => Some(to),
        _ => None,
    }
}

/// The legal actions from the current selection.
pub fn actions_from(game: &Game, sel: Selected) -> Vec<Action> {
    game.legal_actions()
        .into_iter()
        .filter(|a| origin(a) == Some(sel))
        .collect()
}

fn name_of(rules: &Rules, side: Side, k: Kind) -> String {
    rules.set(side).piece(k).name().to_string()
}

/// Whether the piece on `sq` has any action now: a move, or one offered as a button (a
/// withdrawal, glare, declaration or enactment, a throw, a cast from the board; a review found
/// a piece whose only action was a cast or its intention's strike said to be unable to move).
pub fn acts_from(game: &Game, sq: Square) -> bool {
    game.legal_actions()
        .iter()
        .any(|a| a.piece_square() == Some(sq))
}

/// Why the selected piece (or reserve piece) has no action now.
pub fn explain_stuck(game: &Game, sel: Selected) -> String {
    let pos = game.position();
    let rules = &game.rules;
    let side = pos.turn();
    match sel {
        Selected::Reserve(k) => {
            let name = name_of(rules, side, k);
            // The rules' own refusal of placing it on an empty square next to the Self (the
            // dying move, glare, Presence, the double-move, its range…): a review found the
            // pack's words naming the wrong reason.
            // A square nothing stands on (no piece, the free engagement or a Donkey), next to
            // the Self first (§2.0.13), else anywhere (the floating Ruin, §2.0.12).
            let taken = veney_rules::special::donkey::squares(pos)
                | pos.free_square().map_or(
                    veney_rules::Bitboard::EMPTY,
                    veney_rules::Bitboard::from_square,
                );
            let empty = |s: &Square| pos.piece_at(*s).is_none() && !taken.contains(*s);
            if let Some(life) = pos.life_square(rules, side)
                && let Some(to) = Square::all()
                    .find(|s| s.distance(life) == 1 && empty(s))
                    // Anywhere only for a floating Ruin: another piece is told none of the
                    // Self's neighbours is empty (a review found a far square blamed) — but in
                    // a dying move, whose own rule comes first (§2.0.20: only a piece on the
                    // board moves; a review found §2.0.13 blamed).
                    .or_else(|| {
                        (rules.info(side, k).floating || pos.dying() == Some(side))
                            .then(|| Square::all().find(empty))
                            .flatten()
                    })
            {
                let place = veney_rules::placement_of(rules, side, k, to);
                return veney_rules::untenable::explain(rules, pos, &place).to_string();
            }
            // Outside a turn's start the phase's own rule may refuse it whatever the square (a
            // double-move's second move, the Donkey's move, a throw's roll…): asked of the rules
            // at a square next to the Self (a review found the Donkey's move told a double-move
            // forbade it). An answer about that square (a phase that lets placements — Obscurant
            // Chaos's normal turn instead, Shima's reclaim) is not given: the player tried none.
            if pos.phase() != Phase::Start
                && let Some(to) = pos
                    .life_square(rules, side)
                    .and_then(|life| Square::all().find(|s| s.distance(life) == 1))
                    .or_else(|| Square::all().next())
            {
                let place = veney_rules::placement_of(rules, side, k, to);
                let why = veney_rules::untenable::explain(rules, pos, &place);
                if !why.reason.contains(&to.to_string()) {
                    return why.to_string();
                }
            }
            format!(
                "the {name} has no square to be placed on: pieces are placed on an empty square next to the Self, within the range constraint, and none next to it is empty (§2.0.13)"
            )
        }
        Selected::Board(sq) => {
            let Some((_, k)) = picked_piece(pos, sq) else {
                return String::new();
            };
            let name = name_of(rules, side, k);
            if let Some(why) = rules_reason_stuck(game, sq, k) {
                return format!("the {name} cannot move: {why}");
            }
            match pos.phase() {
                Phase::Start => format!("the {name} has no tenable move now"),
                Phase::Second { stone, .. } if stone == Some(sq) => format!(
                    "the {name} has no tenable second move from its stepping stone (§2.0.15)"
                ),
                // The set's own partners (a review found "an armament, or the Lantern" said
                // whatever the army).
                Phase::Second { .. } => format!(
                    "the {name} is not part of this double-move: only the piece that used a stepping stone, or a piece in concert with the Self ({}), moves again (§2.0.15)",
                    rules.concert_partner_names(side).join(", ")
                ),
                _ => format!("the {name} cannot move in this part of the turn"),
            }
        }
        // Possession by the square's colour (§2.0.05), said when it is the other player's.
        Selected::Free => match pos.free() {
            veney_rules::FreePlace::On(at) if at.colour_owner() != side => format!(
                "the free engagement stands on {at}, a {} square: only {} may move it (§2.0.05 possession)",
                if at.is_light() { "light" } else { "dark" },
                at.colour_owner()
            ),
            // Else the rules' reason for a move of it (a review found §2.0.05 named where a
            // double-move's second move, §2.0.15, forbade it).
            place => {
                let attempt = match place {
                    veney_rules::FreePlace::On(at) => Action::Move(veney_rules::Move {
                        mover: veney_rules::Mover::Free,
                        from: at,
                        to: Square::all().find(|s| s.distance(at) == 1).unwrap_or(at),
                        effect: veney_rules::Effect::Quiet,
                        dir: None,
                        face: None,
                    }),
                    veney_rules::FreePlace::Off(point) => Action::EnterFree {
                        to: point
                            .touching()
                            .first()
                            .unwrap_or(Square::all().next().unwrap()),
                    },
                };
                let why = veney_rules::untenable::explain(rules, pos, &attempt).to_string();
                format!(
                    "the free engagement cannot move: {}",
                    why.strip_prefix("untenable: ").unwrap_or(&why)
                )
            }
        },
        Selected::Donkey => "the Donkey is placed as a whole turn (§2.0.23)".into(),
    }
}

/// The rules' reason a piece of `k` on `sq` has no action (§2.0.22's explanation of one move it
/// would make): an untenable move of it if there is one (its range constraint…), else a move
/// to the first square its pattern reaches on an empty board (blocked, not its turn to move in
/// this part of the turn…). `None` when the rules name no reason.
fn rules_reason_stuck(game: &Game, sq: Square, k: Kind) -> Option<String> {
    let (rules, pos) = (&game.rules, game.position());
    let side = pos.turn();
    // Whatever the untenable policy: under the default, Strict, no untenable move is offered,
    // yet it is what a stuck piece is most often told (a review found a far square of the
    // piece's pattern blamed instead — "its path is blocked" — where every square it reaches is
    // out of its range constraint). The piece has no tenable action, so each of these is
    // untenable.
    let mut all = Vec::new();
    veney_rules::movegen::unconstrained_actions(rules, pos, &mut all);
    let untenable = all
        .into_iter()
        .find(|a| origin(a) == Some(Selected::Board(sq)));
    let attempt = untenable.or_else(|| {
        let (both, moves, _) = pattern_reach(rules, pos, side, k, sq);
        let to = (both | moves).into_iter().next()?;
        Some(Action::Move(veney_rules::Move {
            mover: veney_rules::Mover::Piece(k),
            from: sq,
            to,
            effect: veney_rules::Effect::Quiet,
            dir: None,
            face: None,
        }))
    })?;
    let why = veney_rules::untenable::explain(rules, pos, &attempt).to_string();
    Some(why.strip_prefix("untenable: ").unwrap_or(&why).to_string())
}

/// Rebuilds the piece entities whenever the game changes.
fn mirror_pieces(
    mut commands: Commands,
    game: Res<CurrentGame>,
    viewing: Res<Viewing>,
    old: Query<Entity, Or<(With<PieceView>, With<FreeEngagementView>, With<DonkeyView>)>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let shown = viewing.0.map(|n| position_after_turns(&game.0, n));
    let pos = shown.as_ref().unwrap_or(game.0.position());
    for sq in Square::all() {
        if let Some((side, kind)) = pos.piece_at(sq) {
            let piece = game.0.rules.set(side).piece(kind);
            let mut e = commands.spawn((
                DespawnOnExit(Screen::Veney),
                PieceView {
                    side,
                    kind,
                    square: sq,
                },
                RangeConstraint(piece.def.constraint),
            ));
            if piece.is_oriented() {
                e.insert(Facing(pos.facing(sq)));
            }
            let (both, mv, atk) = pattern_reach(&game.0.rules, pos, side, kind, sq);
            e.insert(Movement(both | mv | atk));
        }
    }
    if let Some(l) = pos.lifted() {
        let mut e = commands.spawn((
            DespawnOnExit(Screen::Veney),
            PieceView {
                side: pos.turn(),
                kind: l.kind,
                square: l.from,
            },
            InHand,
        ));
        if game.0.rules.set(pos.turn()).piece(l.kind).is_oriented() {
            e.insert(Facing(l.facing));
        }
    }
    commands.spawn((DespawnOnExit(Screen::Veney), FreeEngagementView(pos.free())));
    for placer in Side::ALL {
        if let Some(square) = pos.donkey(placer) {
            commands.spawn((DespawnOnExit(Screen::Veney), DonkeyView { placer, square }));
        }
    }
}

fn sync_phase(
    game: Res<CurrentGame>,
    setup: Res<super::setup_screen::SetupSession>,
    state: Res<State<TurnPhase>>,
    mut next: ResMut<NextState<TurnPhase>>,
) {
    let p = if setup.0.is_some() {
        TurnPhase::Setup
    } else {
        TurnPhase::of(game.0.position())
    };
    if *state.get() != p {
        next.set(p);
    }
}

/// What stands over the turn that the board does not show: Hirakamae in force for either side
/// (§2.0.18), Shima.
pub fn stance_note(
    rules: &veney_rules::Rules,
    pos: &veney_rules::Position,
    side: veney_rules::Side,
) -> String {
    let mut notes = Vec::new();
    if pos.hirakamae(side) == 1 {
        notes.push(format!("{side} in Hirakamae: may pass at will (§2.0.18)"));
    }
    if pos.hirakamae(!side) == 1 {
        notes.push(format!(
            "{} in Hirakamae: {side} may not pass (§2.0.18)",
            !side
        ));
    }
    // After two passes in a row the first who passed must move on the board (§2.0.17): the
    // Pass button and the immaterial actions' go, and this says why (a review found them gone
    // with nothing said). Not for a side in Hirakamae, which may pass at will.
    // (A player with nothing else may pass even then, R-PASS-FORCED: said so instead — a
    // review found "must move" above a lone Pass button.)
    if pos.passes() >= 2 && pos.hirakamae(side) != 1 {
        if pos
            .legal_actions(rules)
            .contains(&veney_rules::Action::Pass)
        {
            notes.push(format!(
                "two passes in a row, and no move open on the board: {side} may pass (R-PASS-FORCED)"
            ));
        } else {
            notes.push(format!(
                "two passes in a row: {side} must move on the board (§2.0.17)"
            ));
        }
    }
    if pos.shima() {
        notes.push("Shima: no draw, no retreat (§2.0.18)".into());
    }
    notes.iter().map(|n| format!(" — {n}")).collect()
}

fn update_prompt(
    game: Res<CurrentGame>,
    setup: Res<super::setup_screen::SetupSession>,
    mut status: ResMut<Status>,
    (seats, trap): (
        Res<super::computer::VeneyComputer>,
        Res<super::computer::TrapWait>,
    ),
) {
    if let Some(s) = &setup.0 {
        status.prompt = s.prompt();
        return;
    }
    let pos = game.0.position();
    let side = pos.turn();
    status.prompt = match pos.outcome() {
        Some(o) if pos.dying().is_some() => format!(
            "{o}. {side} may still make a dying move (§2.0.20): take the Self for double checkmate, or acknowledge defeat"
        ),
        Some(o) => format!(
            "Game over: {o}{}",
            if pos.death_spell() {
                " — Death Spell: the loser takes the winner's token"
            } else {
                ""
            }
        ),
        None => match pos.phase() {
            // Hirakamae said while in force (§2.0.18: the stance passes at will, the adversary
            // may not pass; a review found it shown nowhere), and Shima, irreversible.
            Phase::Start => format!(
                "{side} to move (turn {}){}",
                pos.turn_number(),
                stance_note(&game.0.rules, &pos, side)
            ),
            Phase::Second { .. } if pos.lifted().is_some() => {
                let l = pos.lifted().expect("checked");
                format!(
                    "{side}: concert — place the {} in hand (lifted from {}); the turn cannot end with it lifted",
                    game.0.rules.set(pos.turn()).piece(l.kind).name(),
                    l.from
                )
            }
            Phase::Second { stone, concert } => {
                let mut s = format!("{side}: a second move is open");
                if let Some(sq) = stone {
                    s.push_str(&format!(" for the piece on {sq} (stepping stone)"));
                }
                // The set's own partners, the Lantern's Pseudo-Armament among them (§2.0.10;
                // a review found only "an armament" named). With a stone too, one or the other
                // (§2.0.15; a review found the two offers run together).
                if concert.is_some() {
                    s.push_str(&format!(
                        "{} for a piece in concert with the Self ({})",
                        if stone.is_some() { " or" } else { "" },
                        game.0.rules.concert_partner_names(pos.turn()).join(", ")
                    ));
                }
                s.push_str(" — or end the turn");
                s
            }
            Phase::Throw { .. } if game.0.rules.options.dice.is_guess() => {
                format!("{side}'s Dagger Throw: the hidden pick")
            }
            // The agreed dice, as the throw's button names them (§2.0.R1; a review found
            // "sticks" said of a die and of coins).
            Phase::Throw { .. } => {
                let rules = &game.0.rules;
                let n = veney_rules::special::dagger_throw::sticks(rules, &pos, side).unwrap_or(0);
                let label = super::dice::throw_label(rules.options.dice, n);
                let mut words = label.chars();
                let first = words.next().map(|c| c.to_lowercase().to_string());
                format!(
                    "{side}'s Dagger Throw: {}{}",
                    first.unwrap_or_default(),
                    words.as_str()
                )
            }
            Phase::Distraction { .. } => match pos.reposition() {
                None => format!(
                    "{side}: distraction! Reposition {} behind the opposing Self's step, or end the turn",
                    super::companion::distraction_pieces(&game.0)
                ),
                Some(r) if !r.takes => format!(
                    "{side}: Obscurant Chaos — reposition {} behind step {}, or end the turn",
                    super::companion::distraction_pieces(&game.0),
                    r.behind
                ),
                Some(r) => format!(
                    "{side}: the trap is sprung — reposition {} behind step {} (taking), or make a normal turn instead",
                    super::companion::distraction_pieces(&game.0),
                    r.behind
                ),
            },
            Phase::Glare => format!("{side}: glare or declare an intention, or end the turn"),
            Phase::Cast { .. } => format!("{side}: the cast piece is in the air (R)"),
            // One open square next to it: it moves there with no throw (§2.0.23 step 1; a
            // review found sticks asked for).
            Phase::DonkeyMove { placer }
                if game
                    .0
                    .legal_actions()
                    .contains(&veney_rules::Action::Donkey(None)) =>
            {
                format!("{placer}'s Donkey moves first, to the one open square next to it (R)")
            }
            Phase::DonkeyMove { placer } => {
                format!("{placer}'s Donkey moves first: throw its sticks (R)")
            }
            // Or the first move's own method's second move (R-HIRAKAMAE).
            // After a throw that missed, or a cast, that piece is gone from its square: one
            // more move by another (R-HIRAKAMAE; a review found "by that piece" said of it).
            Phase::Hirakamae {
                stone,
                concert,
                first,
                ..
            } => format!(
                "{side}: hirakamae ends — one more move, {}{}, or end the turn",
                if pos.piece_at(first).is_some_and(|(s, _)| s == side) {
                    "by that piece or another"
                } else {
                    "by another piece"
                },
                match (concert, stone) {
                    (Some(_), _) => " (or in concert with the Self)",
                    (None, Some(_)) => " (or the stepping stone's move)",
                    _ => "",
                }
            ),
            Phase::Reclaim {
                stone: None,
                concert: None,
            } => format!(
                "{side}: Shima — place the reclaimed Dagger next to the Self, or end the turn"
            ),
            Phase::Reclaim { .. } => format!(
                "{side}: Shima — place the reclaimed Dagger next to the Self or make the other second move, or end the turn"
            ),
        },
    };
    // The computer waiting over the person's trap says so (a review found the prompt naming
    // only the computer's open move, each side waiting for the other).
    if super::computer::waits_for_trap(&game.0, &seats, &trap) {
        status.prompt.push_str(&format!(
            " — the computer waits: {}, spring your trap or let it pass (§2.0.18)",
            !side
        ));
    }
}

/// A save of `game` with the app's own headers: the computer's seats (a loaded game goes on
/// against it) and how many secret picks it drew (a loaded game's next one is fresh).
pub fn save_text(
    game: &Game,
    seats: &[Option<game_ai::Level>; 2],
    draws: super::secrets::ComputerDraws,
) -> String {
    super::secrets::draws_written_into(
        draws,
        &crate::host::grid::computer::seats_written_into(
            seats,
            &veney_rules::savefile::write(game),
        ),
    )
}

/// The computer's seats a save names; its pick count joins `draws`, never taking it back (a
/// save from before a pick made since would make that pick again).
pub fn computer_read_from(
    text: &str,
    draws: &mut super::secrets::ComputerDraws,
) -> [Option<game_ai::Level>; 2] {
    draws.0 = draws.0.max(super::secrets::draws_read_from(text).0);
    crate::host::grid::computer::seats_read_from(text)
}

/// The pattern of `side`'s piece of `k` on `sq` on an empty board, its own Self where it stands
/// (`set_check::reach`: moves and attacks, moves only, attacks only).
pub fn pattern_reach(
    rules: &Rules,
    pos: &Position,
    side: Side,
    k: Kind,
    sq: Square,
) -> (
    veney_rules::Bitboard,
    veney_rules::Bitboard,
    veney_rules::Bitboard,
) {
    veney_rules::set_check::reach(
        rules.set(side),
        k,
        side,
        sq,
        pos.facing(sq),
        pos.life_square(rules, side),
    )
}

/// Saves after every change so a crash loses nothing (written atomically). A game just begun
/// with nothing played is not written over the last game's autosave; once a game has been
/// written, every change is, an undo back to its start included (a review found the undone move
/// coming back after a restart). A game begun afresh keeps the last game's autosave as
/// `autosave.previous.veney` at its first write (`kept_files::keep_last_game`). A failed autosave is said on the status line, with its path.
fn autosave(
    game: Res<CurrentGame>,
    dir: Res<SaveDir>,
    seats: Res<super::computer::VeneyComputer>,
    draws: Res<super::secrets::ComputerDraws>,
    replaced: Res<super::commands::Replacements>,
    mut status: ResMut<Status>,
    mut written: Local<Option<u64>>,
    mut fresh: Local<Option<u64>>,
    mut told: Local<bool>,
) {
    // The game written last, by how many times the game was replaced (a new game, a load, a
    // pasted position): a game with the seed and rules of the last (`VENEY_SEED`) is still
    // another (a review found a pasted position's empty game written over the autosave).
    let this = replaced.0;
    if game.0.actions().next().is_none() && *written != Some(this) {
        // Begun afresh (not resumed nor loaded): its first write keeps the last game's.
        *fresh = Some(this);
        return;
    }
    let first_of_fresh = *written != Some(this) && *fresh == Some(this);
    *written = Some(this);
    // Not into a folder another open app autosaves into (said once).
    match crate::host::kept_files::may_autosave(&dir.0) {
        Err(e) => {
            if !std::mem::replace(&mut *told, true) {
                status.info = said_after(status.info.take(), Some(e));
            }
            return;
        }
        Ok(note) => {
            if note.is_some() {
                status.info = said_after(status.info.take(), note);
            }
        }
    }
    *told = false;
    let text = save_text(&game.0, &seats.0, *draws);
    let path = dir.autosave();
    if first_of_fresh
        && let Some(kept) = crate::host::kept_files::keep_last_game(&path, |t| {
            // Read under its own options and armies, as a Load reads it (a review found a game
            // with nothing played, made under other options, read as "played" for failing to
            // read under this game's, and kept over the last real game).
            // (A file that is no whole save — empty, or cut short before `[Final]`, which comes
            // before any turn — holds no game to keep: it is not kept over an older kept game.)
            crate::host::whole_save::check(t).is_ok()
                && load_save_text(&game.0.rules, t).map_or(true, |g| {
                    g.actions().next().is_some() || g.position().outcome().is_some()
                })
        })
        && seats.0.iter().any(Option::is_some)
    {
        // Against the computer, whose seat may have made this first move by itself.
        status.info = said_after(
            status.info.take(),
            Some(format!(
                "the last game's autosave is kept as {}",
                kept.display()
            )),
        );
    }
    if let Err(e) = veney_rules::savefile::write_atomic(&path, &text) {
        warn!("autosave failed: {e}");
        // Said after the move's own news, not instead of it (a review found a trap's
        // instructions hidden by the failure, said again at every change).
        status.info = said_after(
            status.info.take(),
            Some(format!("could not autosave to {}: {e}", path.display())),
        );
    }
}

/// Resumes the autosaved game, if there is one and it still loads under the current rules.
fn resume_autosave(
    mut game: ResMut<CurrentGame>,
    dir: Res<SaveDir>,
    mut status: ResMut<Status>,
    mut seats: ResMut<super::computer::VeneyComputer>,
    mut draws: ResMut<super::secrets::ComputerDraws>,
    launch: Option<Res<LaunchGame>>,
    mut setup: ResMut<super::setup_screen::SetupSession>,
    mut sel: ResMut<Selection>,
) {
    let (rules, problem) = load_rules_reporting();
    if let Some(e) = problem {
        status.refusal = Some(e);
    }
    let path = dir.autosave();
    // The folder's lock asked for before its autosave is read, on whatever screen the app
    // opens: under another open app the game read is a copy of that app's, whose autosave,
    // newer by the time it closes, is then kept aside when this one takes the folder over
    // (`kept_files::may_autosave`), not overwritten by the older copy (a review found a second
    // app, opened on the title screen, asking only at its first autosave, after the first app
    // had closed — its later moves lost).
    if path.exists()
        && let Some(Err(held)) = path.parent().map(crate::host::kept_files::may_autosave)
    {
        warn!("{held}");
    }
    let resumed =
        path.exists() && resume_from(&mut game, &path, &mut status, &mut seats, &mut draws);
    // A person's concert partner in hand (or stepping stone's second move) is picked up again,
    // as after the move that left it so (a review found it put down by a restart).
    let pos = *game.0.position();
    if resumed && seats.plays(pos.turn()).is_none() && !pos.is_game_over() {
        sel.0 = super::commands::in_hand(&game.0);
        // Said as after the move that lifted it (`select::partner_in_hand`).
        if let Some(news) = super::commands::partner_words(&game.0) {
            status.info = said_after(status.info.take(), Some(news));
        }
    }
    // Nothing resumed, the app's own first game begins as `config/rules/default.ron` agrees:
    // its setup style and way of choosing the first player (a review found the launch game on
    // the standard baselines, White first, whatever the file said).
    if launch.is_some() && !resumed {
        let (g, session, info) = super::commands::files::begin(rules, game.0.seed());
        game.0 = g;
        setup.0 = session;
        // Said after what became of an autosave that could not be resumed, not instead of it
        // (a review found that news replaced by who moves first).
        status.info = said_after(status.info.take(), info);
    }
}

/// The launch game's news said after what was said before (an autosave not resumed, kept
/// aside), not instead of it.
fn said_after(before: Option<String>, news: Option<String>) -> Option<String> {
    match (before, news) {
        (Some(before), Some(news)) => Some(format!("{before}; {news}")),
        (before, news) => news.or(before),
    }
}

/// The app's first game is the one `CurrentGame::default` made (no game was given to the
/// plugins): `resume_autosave` begins it as the agreed rules say when nothing is resumed.
#[derive(Resource)]
pub struct LaunchGame;

/// Resumes the autosave at `path`; whether it was.
fn resume_from(
    game: &mut CurrentGame,
    path: &std::path::Path,
    status: &mut Status,
    seats: &mut super::computer::VeneyComputer,
    draws: &mut super::secrets::ComputerDraws,
) -> bool {
    match load_save(&game.0.rules, path) {
        // A draw waiting for its Hug is resumed too: the Hug screen asks for it (a review
        // found a player escaping the Hug by quitting, the drawn game dropped).
        Ok(g)
            if !g.position().is_game_over()
                || veney_rules::hug::awaits_hug(&g.rules, g.position().outcome()) =>
        {
            game.0 = g;
            let text = std::fs::read_to_string(path).unwrap_or_default();
            seats.0 = computer_read_from(&text, draws);
            status.info = Some("resumed the autosaved game".into());
            true
        }
        Ok(_) => false,
        // Kept aside before the next autosave could overwrite it (a review found the game it
        // held lost with the new game's first move).
        Err(e) => {
            // Not from under another open app that autosaves there: its live game (a review
            // found it renamed away, the other app's note wrong).
            match path.parent().map(crate::host::kept_files::may_autosave) {
                Some(Err(held)) => {
                    status.info = Some(format!(
                        "the autosave could not be resumed: {e}; it is left where it is ({held})"
                    ));
                    return false;
                }
                // Just taken over from an app that has closed: kept aside already.
                Some(Ok(Some(note))) if !path.exists() => {
                    status.info = Some(format!("the autosave could not be resumed: {e}; {note}"));
                    return false;
                }
                _ => {}
            }
            let kept = crate::host::kept_files::free_name(path, "unresumable");
            status.info = Some(match std::fs::rename(path, &kept) {
                Ok(()) => format!(
                    "the autosave could not be resumed: {e}; it is kept as {}",
                    kept.display()
                ),
                Err(r) => format!(
                    "the autosave could not be resumed: {e} (nor kept aside: {r}; it will be overwritten)"
                ),
            });
            false
        }
    }
}

#[cfg(test)]
mod tests {
    /// §2.0.17: after two passes in a row "the first player who passed must now make a move on
    /// the board"; the prompt says so while it holds, and not once a move is made.
    #[test]
    fn the_prompt_says_when_two_passes_force_a_move() {
        let r = veney_rules::Rules::standard();
        let mut g = veney_rules::Game::new(std::sync::Arc::new(r.clone()));
        g.play(veney_rules::Action::Pass).unwrap();
        let one = super::stance_note(&r, g.position(), g.position().turn());
        assert!(!one.contains("§2.0.17"), "{one}");
        g.play(veney_rules::Action::Pass).unwrap();
        let two = super::stance_note(&r, g.position(), g.position().turn());
        assert!(
            two.contains("two passes in a row: White must move on the board (§2.0.17)"),
            "{two}"
        );
        g.play_token_reporting("SY3", 1).unwrap();
        g.play(veney_rules::Action::EndTurn).unwrap();
        let after = super::stance_note(&r, g.position(), g.position().turn());
        assert!(!after.contains("§2.0.17"), "{after}");
    }

    /// A free engagement the player possesses but may not move now is explained by the rules:
    /// as a double-move's second move, §2.0.15 (a review found §2.0.05 named instead).
    #[test]
    fn the_free_engagements_refusal_is_the_rules_own() {
        let mut g = veney_rules::Game::new(std::sync::Arc::new(veney_rules::Rules::standard()));
        for (i, tok) in ["aX8", "SX12", "SY5"].into_iter().enumerate() {
            g.play_token_reporting(tok, 1)
                .unwrap_or_else(|e| panic!("{tok}: {e}"));
            if i < 2 {
                while g.position().turn()
                    == if i == 0 {
                        veney_rules::Side::White
                    } else {
                        veney_rules::Side::Black
                    }
                {
                    g.play(veney_rules::Action::EndTurn).unwrap();
                }
            }
        }
        assert!(matches!(
            g.position().phase(),
            veney_rules::Phase::Second { .. }
        ));
        let why = super::explain_stuck(&g, super::Selected::Free);
        assert!(
            why.contains("second move") && why.contains("§2.0.15"),
            "{why}"
        );
    }

    /// A dying move (§2.0.20) with every square next to the dead Self full: a reserve piece
    /// picked up is refused by the dying move's rule, not by §2.0.13's empty neighbour (a
    /// review found the pack's own words blaming the placement rule).
    #[test]
    fn a_reserve_piece_in_a_dying_move_is_refused_by_the_dying_moves_rule() {
        let rules = std::sync::Arc::new(veney_rules::Rules::standard());
        let pos = veney_rules::Position::from_text(
            &rules,
            "4/4/gjl1/bDwc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b GLJR/dr turns=1 over=touch:w dying=b:X13",
        )
        .unwrap();
        let g = veney_rules::Game::from_position(rules.clone(), pos);
        let dagger = rules
            .set(veney_rules::Side::Black)
            .by_name("Dagger")
            .unwrap();
        let why = super::explain_stuck(&g, super::Selected::Reserve(dagger));
        assert!(why.contains("§2.0.20"), "{why}");
    }

    /// The free engagement picked up in a dying move is refused by §2.0.20 (a piece on the
    /// board only), not by its own movement — a review found §2.0.05 named, W8 open and one
    /// square away.
    #[test]
    fn the_free_engagement_in_a_dying_move_is_refused_by_the_dying_move() {
        let rules = std::sync::Arc::new(veney_rules::Rules::standard());
        let pos = veney_rules::Position::from_text(
            &rules,
            "4/4/4/bDwc/eeee/4/4/1@2/4/4/4/EEEE/CWSB/4/4/4 b GLJR/dgljr turns=1 over=touch:w dying=b:X13",
        )
        .unwrap();
        let g = veney_rules::Game::from_position(rules, pos);
        let why = super::explain_stuck(&g, super::Selected::Free);
        assert!(why.contains("§2.0.20"), "{why}");
    }

    #[test]
    fn the_launch_news_follows_an_autosave_not_resumed() {
        // With `first_by: RandomDraw` the launch game says who moves first: after the note that
        // the autosave could not be resumed and where it is kept, not over it (a review found
        // the note lost, the player left thinking the game gone).
        let kept = "the autosave could not be resumed: …; it is kept as saves/autosave.unresumable-1.veney";
        let drawn = "by random drawing, White moves first";
        let said = super::said_after(Some(kept.into()), Some(drawn.into())).unwrap();
        assert!(said.contains(kept) && said.contains(drawn), "{said}");
        assert_eq!(
            super::said_after(None, Some(drawn.into())).as_deref(),
            Some(drawn)
        );
        assert_eq!(
            super::said_after(Some(kept.into()), None).as_deref(),
            Some(kept)
        );
    }
}
