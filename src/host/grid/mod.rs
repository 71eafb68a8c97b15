//! The generic grid board view, for any `game_api::AnyMatch` whose board is a `Shape::Grid`.
//! After chessground: the view never owns game state. It draws what the match says (cells,
//! zones, pieces, reserves), turns clicks into `Intent`s, and the game layer (`intents.rs`)
//! matches them against the match's own `actions()` — highlights come from those actions' cells,
//! never from logic here. When several legal actions share the clicked origin and target, the
//! view asks which (`GridChoice`), listing them by their notation. A click on a turn of the move
//! list shows the position after it (`review.rs`); every change is autosaved (`autosave.rs`).
use crate::host::Screen;
use bevy::prelude::*;
use game_api::{ActionView, AnyMatch, Cell, Decision, Player, Viewer};
use std::path::PathBuf;

pub mod autosave;
pub mod banner;
pub mod computer;
pub mod endings;
pub mod highlights;
pub mod input;
pub mod intents;
pub mod panel;
pub mod review;
pub mod start_form;
pub mod view;

pub use autosave::{autosave_beside, resume_from};
pub use computer::{ComputerSeats, GridHint, GridThinking};
pub use endings::GridEndingAsk;

pub use highlights::{GridHighlights, Mark};
pub use intents::{COMPUTER_TO_MOVE, GridPlayed, Intent};
pub use panel::NewGameRequested;
pub use review::{GridReview, turn_end};

/// Where saves go: `VENEY_SAVE_DIR`, else `saves/`.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct SaveRoot(pub PathBuf);

impl Default for SaveRoot {
    fn default() -> Self {
        SaveRoot(
            std::env::var_os("VENEY_SAVE_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("saves")),
        )
    }
}

/// The match on a grid screen, with what the host needs around it.
#[derive(Resource)]
pub struct ActiveMatch {
    pub game: Box<dyn AnyMatch>,
    /// The screen that shows it.
    pub screen: Screen,
    /// Where "Save" writes (atomically) and "Load" reads; every change is autosaved beside it
    /// (`autosave_path`).
    pub save_path: PathBuf,
    /// Rebuilds a match from a referee's save text (the pack knows the game and its options).
    pub load: fn(&str) -> Result<Box<dyn AnyMatch>, String>,
    /// Hot seat with hidden information: the board shows what the deciding player may see.
    /// Otherwise (an open game) everything is shown.
    pub secrets: bool,
    /// Whether a save text's game keeps secrets (`secrets` for a game loaded from it).
    pub secrets_in: fn(&str) -> bool,
    /// The one person at the screen when the computer plays the other seat: with secrets, the
    /// board shows this seat's view throughout, the computer's turns included (it never shows
    /// the computer's secrets to the person).
    pub person: Option<Player>,
    /// Each seat's piece fill and letter colours (Tirachen's Red and White).
    pub colours: [(Color, Color); 2],
    /// Kinds of action (`Game::action_kind`) the pack's own dialog offers, left out of the
    /// panel's buttons, of clicks on the board and of its highlights (Tirachen's 55 choices of
    /// masters, kind "choose"; Kelasu's merges, chosen in its merge builder).
    pub own_dialog: &'static [&'static str],
    /// The actions of the position shown last (`actions`), kept until the position changes.
    pub cache: ActionsCache,
    /// The computer player of this game (`computer::thinker::<G>`), if the pack offers one.
    pub think: Option<computer::Thinker>,
    /// Between two people at one screen, a question to the other player is open (a draw
    /// offered, `endings::GridEndingAsk`): the board shows nobody's secrets while they answer
    /// (a review found the answer asked in front of the offerer's hidden masters).
    pub asking: bool,
    /// Between people at one screen with secrets: the seat that last confirmed it holds the
    /// board (the pack's hand-over screen). Another seat's view is shown only once it has, so
    /// no frame shows it to the one still at the screen (a review found one frame drawn before
    /// the hand-over screen covered it).
    pub held_by: Option<Player>,
    /// A game with secrets that ended by its rules shows nobody's secrets, as a declared ending
    /// does, until the players ask to see them (`Intent::Reveal`, the game-over banner); from
    /// then on everything is shown and the game cannot be taken back (a review found a finished
    /// game showing the hidden masters, and undo playing on knowing them).
    pub revealed: bool,
    /// How many sealed choices (a simultaneous decision: Tirachen's secret masters) the computer
    /// has searched in this match: mixed into their seed, so a choice taken back and made again
    /// is drawn afresh rather than repeated for the person to counter (a review found the same
    /// masters sealed after every undo). Saved (`[ComputerDraws "n"]`), so a load cannot
    /// repeat one either; the game still replays from its save.
    pub sealed_draws: u64,
    /// Which game this is, apart from every other match of the session: a new number for each
    /// new game and each Load (`next_generation`), so a game is told from the last one even
    /// when both have the same seed (`VENEY_SEED`).
    pub generation: u64,
    /// Which way up its board was drawn when it was parked (`bring_back`): each game keeps its
    /// own flip (a review found Tirachen's flip turning Kelasu's board, A at the bottom).
    pub parked_view: GridView,
    /// The seats the board was last turned for (`computer::face_the_person`): a new game, or
    /// new seats, turns it to the person against the computer once; parked and brought back, a
    /// game keeps the way its players left it.
    pub faced_for: Option<[Option<game_ai::Level>; 2]>,
}

/// A number no match of this session had before (`ActiveMatch::generation`).
pub fn next_generation() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The match's actions for one position: `AnyMatch::actions` names and describes every one
/// (Kelasu offers tens of thousands of merges in a crowded position), so the panel, the
/// highlights and the clicks share one list until the position changes.
#[derive(Default)]
pub struct ActionsCache(std::sync::Mutex<Option<(usize, u64, std::sync::Arc<Vec<ActionView>>)>>);

/// A button's label: the action's notation, and the rules' plain words where they give some
/// (Tirachen's `Ce3xe5=T`: "take the Traitor on e5: sacrifice the capturer and control it").
pub fn button_label(a: &game_api::ActionView) -> String {
    match &a.label {
        Some(l) => format!("{} ({l})", a.text),
        None => a.text.clone(),
    }
}

impl ActiveMatch {
    /// Nothing played and no ending declared: a game never autosaved (`autosave`), so the
    /// last game's autosave is not this one.
    pub fn unplayed(&self) -> bool {
        self.game.history_len() == 0 && self.game.declared().is_none()
    }

    /// A new match on a screen, with an empty actions cache.
    pub fn new(
        game: Box<dyn AnyMatch>,
        screen: Screen,
        save_path: PathBuf,
        load: fn(&str) -> Result<Box<dyn AnyMatch>, String>,
        colours: [(Color, Color); 2],
    ) -> ActiveMatch {
        ActiveMatch {
            game,
            screen,
            save_path,
            load,
            secrets: false,
            secrets_in: |_| false,
            person: None,
            colours,
            own_dialog: &[],
            cache: ActionsCache::default(),
            think: None,
            asking: false,
            held_by: None,
            revealed: false,
            sealed_draws: 0,
            generation: next_generation(),
            parked_view: GridView::default(),
            faced_for: None,
        }
    }

    /// The actions open now (`AnyMatch::actions`), computed once per position.
    pub fn actions(&self) -> std::sync::Arc<Vec<ActionView>> {
        // A declared ending leaves the position as it was, and nothing open in it.
        if self.game.declared().is_some() {
            return std::sync::Arc::default();
        }
        let key = (self.game.history_len(), self.game.position_hash());
        let mut c = self.cache.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((len, hash, a)) = c.as_ref()
            && (*len, *hash) == key
        {
            return a.clone();
        }
        let a = std::sync::Arc::new(self.game.actions());
        *c = Some((key.0, key.1, a.clone()));
        a
    }

    /// Whether an action is the board's to offer (not one of the pack's own dialog).
    pub fn on_board(&self, a: &ActionView) -> bool {
        !self.own_dialog.contains(&a.kind)
    }

    /// Who looks at the board now.
    pub fn viewer(&self) -> Viewer {
        if !self.secrets {
            return Viewer::Referee;
        }
        // A declared ending (a resignation, an agreed draw, a fallen flag) can be taken back:
        // it reveals nothing, or the secrets seen would stay known in the game played on (a
        // review found resign-and-undo showing the opponent's hidden masters). Between people
        // at one screen nobody's secrets are shown. An ending by the rules likewise, until the
        // players ask to see everything (`revealed`), which closes the game for good.
        let over = matches!(self.game.decision(), Decision::Over(_));
        if self.game.declared().is_some() || (over && !self.revealed) {
            return self.person.map_or(Viewer::Spectator, Viewer::Player);
        }
        if self.asking && self.person.is_none() {
            return Viewer::Spectator;
        }
        if self.person.is_none() {
            let seat = match self.game.decision() {
                Decision::Player(p) => Some(p),
                Decision::Simultaneous { waiting } => waiting.iter().next(),
                _ => None,
            };
            // Whether that seat's view shows something a spectator's does not (hashes of the
            // two observations: this runs several times a frame).
            if let Some(p) = seat
                && self.held_by != Some(p)
                && self.game.observed_hash(Viewer::Player(p))
                    != self.game.observed_hash(Viewer::Spectator)
            {
                return Viewer::Spectator;
            }
        }
        if let Some(p) = self.person
            && !matches!(self.game.decision(), Decision::Over(_))
        {
            return Viewer::Player(p);
        }
        match self.game.decision() {
            Decision::Player(p) => Viewer::Player(p),
            Decision::Simultaneous { waiting } => waiting
                .iter()
                .next()
                .map(Viewer::Player)
                .unwrap_or(Viewer::Spectator),
            Decision::Over(_) => Viewer::Referee,
            Decision::Chance => Viewer::Spectator,
        }
    }

    /// The player deciding now, if one is.
    pub fn decider(&self) -> Option<Player> {
        match self.game.actor() {
            Some(game_api::Actor::Player(p)) => Some(p),
            _ => None,
        }
    }
}

/// What the player has picked up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The piece on this cell.
    Cell(Cell),
    /// A piece of this kind code from this player's tray.
    Reserve { owner: Player, kind: String },
}

#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct GridSelection(pub Option<Pick>);

/// Several legal actions share the clicked origin and target: their indices in `actions()`,
/// until the player picks one (or cancels).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct GridChoice(pub Vec<usize>);

/// What a grid game shows under its prompt, beside the board: each pack registers a function
/// that reads its own typed match (`AnyMatch::as_any`) and returns (label, value) rows, none for
/// another game's match — Tirachen's phases, Forts, Traitor and the count towards the quiet-turns
/// draw (a review found them shown only in companion mode, the draw coming unannounced).
#[derive(Resource, Default)]
pub struct GridStateRows(pub Vec<fn(&ActiveMatch) -> Vec<(String, String)>>);

impl GridStateRows {
    /// Adds a pack's rows to the side panel (call from the pack's plugin).
    pub fn register(app: &mut App, rows: fn(&ActiveMatch) -> Vec<(String, String)>) {
        app.init_resource::<GridStateRows>()
            .world_mut()
            .resource_mut::<GridStateRows>()
            .0
            .push(rows);
    }

    /// Every pack's rows for `m` (only its own game's pack has any).
    pub fn of(&self, m: &ActiveMatch) -> Vec<(String, String)> {
        self.0.iter().flat_map(|f| f(m)).collect()
    }
}

/// The status line's extra: why the last click matched nothing (the rules' explanation), or a
/// note (saved, loaded, nothing to undo).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct GridStatus {
    pub refusal: Option<String>,
    pub info: Option<String>,
}

/// Which way up the board is drawn (F flips: the second player at the bottom).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridView {
    pub flipped: bool,
}

/// A pack's modal dialog is open over the board (Tirachen's new-game dialog): the mouse and
/// keyboard leave the board alone.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridBlocked(pub bool);

/// A pack handles clicks on the board itself for now (Kelasu's merge builder gathering Blanks):
/// the host leaves `Intent::Click` and `Intent::PickReserve` to it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridClicksClaimed(pub bool);

/// Marks a pack puts on the board: cells it has gathered (drawn as the pick is) and cells it
/// offers for the next click (outlined).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct GridPackMarks {
    pub chosen: Vec<Cell>,
    pub offered: Vec<Cell>,
}

/// The cell under the pointer.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridHover(pub Option<Cell>);

/// Every grid-host system: runs only while the active match's screen is shown.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GridSystems;

/// The grid host's game layer: intents applied, then highlights computed.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GridGameSet;

/// Whether a grid match is shown now.
pub fn grid_shown(m: Option<Res<ActiveMatch>>, s: Res<State<Screen>>) -> bool {
    m.is_some_and(|m| m.screen == *s.get())
}

/// Grid games left for another grid game's screen, each with the computer seats it is played
/// with: "< Games … (this game is kept)" keeps every grid game, not only the one shown last (a
/// review found a Tirachen game gone once a Kelasu game had begun).
#[derive(Resource, Default)]
pub struct ParkedMatches(pub Vec<(ActiveMatch, ComputerSeats)>);

/// Entering `screen` (before the pack's own entry system): the match of another grid screen is
/// parked with its seats, and this screen's parked match, if any, comes back with its own.
pub fn bring_back(screen: Screen) -> impl FnMut(&mut World) {
    move |world: &mut World| {
        // Whoever comes to the screen has taken no board yet: a game with secrets is covered
        // until a seat takes it, as after a Load (a review found the last holder's view, its
        // hidden masters, shown to whoever opened the screen again).
        let nobody_holds = |world: &mut World| {
            if let Some(mut m) = world.get_resource_mut::<ActiveMatch>()
                && m.screen == screen
                && m.held_by.is_some()
            {
                m.held_by = None;
            }
        };
        if world
            .get_resource::<ActiveMatch>()
            .is_some_and(|m| m.screen == screen)
        {
            nobody_holds(world);
            return;
        }
        let seats = *world.resource::<ComputerSeats>();
        let here = {
            let mut parked = world.resource_mut::<ParkedMatches>();
            let i = parked.0.iter().position(|(m, _)| m.screen == screen);
            i.map(|i| parked.0.remove(i))
        };
        let parked = world.remove_resource::<ActiveMatch>();
        let swapped = parked.is_some() || here.is_some();
        let view = *world.resource::<GridView>();
        if let Some(mut old) = parked {
            old.parked_view = view;
            world.resource_mut::<ParkedMatches>().0.push((old, seats));
        }
        if swapped {
            // This screen's game is drawn the way up it was left; a new one as its text draws it.
            let back = here
                .as_ref()
                .map_or(GridView::default(), |(m, _)| m.parked_view);
            world.resource_mut::<GridView>().set_if_neq(back);
        }
        // (Its clock, if still the table's, is the table clock's to give back:
        // `table_clock::grid_clock_on_return`.)
        if let Some((m, s)) = here {
            *world.resource_mut::<ComputerSeats>() = s;
            world.insert_resource(m);
            nobody_holds(world);
        } else if swapped {
            // No game here yet: the seats were the parked game's, not this screen's (a review
            // found the new-game dialog offering the other game's computer seats).
            *world.resource_mut::<ComputerSeats>() = ComputerSeats::default();
        }
        // What was picked, chosen, said or asked belongs to the game left (a review found a
        // resignation asked in one game answered in the other).
        if swapped {
            *world.resource_mut::<GridSelection>() = GridSelection::default();
            *world.resource_mut::<GridChoice>() = GridChoice::default();
            *world.resource_mut::<GridStatus>() = GridStatus::default();
            *world.resource_mut::<endings::GridEndingAsk>() = endings::GridEndingAsk::default();
            // So does a new-game dialog's draft of seats (a review found one game's computer
            // seats offered by the other's dialog, left open by the side panel's "< Games").
            world.resource_mut::<computer::SeatDraft>().drop_draft();
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SaveRoot>()
        .init_resource::<ParkedMatches>()
        .init_resource::<GridSelection>()
        .init_resource::<GridChoice>()
        .init_resource::<GridStatus>()
        .init_resource::<GridStateRows>()
        .init_resource::<GridView>()
        .init_resource::<GridHover>()
        .init_resource::<GridBlocked>()
        .init_resource::<GridClicksClaimed>()
        .init_resource::<GridPackMarks>()
        .init_resource::<GridHighlights>()
        .init_resource::<view::BoardReserve>()
        .add_message::<Intent>()
        .add_message::<NewGameRequested>()
        .configure_sets(Update, GridSystems.run_if(grid_shown))
        .configure_sets(Update, GridGameSet.in_set(GridSystems))
        .add_plugins((
            intents::plugin,
            highlights::plugin,
            review::plugin,
            autosave::plugin,
            endings::plugin,
            computer::plugin,
        ));
}

pub(crate) fn view_plugin(app: &mut App) {
    app.configure_sets(
        bevy_egui::EguiPrimaryContextPass,
        GridSystems.run_if(grid_shown),
    )
    .add_plugins((view::plugin, input::plugin, panel::plugin, banner::plugin));
}

/// Whether the active match changed (false when there is none): a run condition.
pub fn match_changed(m: Option<Res<ActiveMatch>>) -> bool {
    m.is_some_and(|m| m.is_changed())
}
