//! Companion mode (issue 16): the app beside a real board, as referee and memory, for every
//! game. The players move real pieces and enter each move — by a click on the app's board, or by
//! typing it in the game's notation with completion (`entry`). The app says at once whether the
//! move is tenable (the rules crate decides; under Veney's playing with sand an untenable move is
//! entered and the opponent may call it), shows what players must otherwise remember (the
//! memory panel, filled by each game's pack), rolls sticks, coins, dice and the Donkey's throw
//! or logs a physical roll (`roller`), announces each move and event as a large caption, and
//! offers a large-type layout readable at 2 m (`view`).
//!
//! The host knows no game: each pack fills `CompanionFeed` from its match (the notation of every
//! legal action, its memory items, a throw awaiting, a move that may be called) and answers the
//! `CompanionIntent`s `Enter`, `GameRoll` and `Call` while its screen is shown; it sets the
//! `EntryVerdict` and writes `Announce`s. The grid games share one such pack part (`grid`).
use bevy::prelude::*;

pub mod entry;
pub mod grid;
pub mod roller;
pub mod view;

pub use roller::{RollKind, Roller};

/// Companion mode's switches.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Companion {
    /// The companion window is shown.
    pub on: bool,
    /// Large type: every panel and the captions drawn bigger (egui zoom), readable at 2 m.
    pub large_type: bool,
    /// Announcements shown as a large caption over the board.
    pub captions: bool,
}

impl Default for Companion {
    fn default() -> Self {
        Companion {
            on: false,
            large_type: false,
            captions: true,
        }
    }
}

/// What the shown game offers the companion, filled by its pack.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct CompanionFeed {
    /// The game's name.
    pub game: String,
    /// The notation of every legal action now, in the rules' order.
    pub moves: Vec<String>,
    /// What players must otherwise remember: (label, value), in the order shown.
    pub memory: Vec<(String, String)>,
    /// A throw the game awaits (its generator rolls it): the button's words.
    pub chance: Option<String>,
    /// The last move may be called untenable (§2.0.22): who may call what.
    pub call: Option<String>,
    /// The game has a Donkey to roll for (Veney, §2.0.23): the roller offers its throw.
    pub donkey: bool,
    /// The moves a click asks about first (`ActionView::warns`: Tirachen's capture of a Fort,
    /// which costs the capturer): Enter plays one only typed whole, never by completion.
    pub warned: Vec<String>,
}

/// How the rules took the last move entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Played: it is tenable.
    Tenable(String),
    /// Played with sand (§2.0.22): untenable, and the opponent may call it. The rule broken.
    Untenable { text: String, why: String },
    /// Not played: the rules' reason, naming the rule.
    Refused { text: String, why: String },
    /// Played and called as its mark says (`$X9U`, §2.0.R5): what the call did.
    Called { text: String, what: String },
}

/// What the caption says when the table goes back — `on_other` when another game stands
/// (begun, loaded, brought back), "Taken back: …" when actions were undone — from the game
/// (`id`) and its length seen last (`seen`, updated); `None` otherwise.
pub fn went_back<I: PartialEq + Copy>(
    seen: &mut Option<(I, usize)>,
    id: I,
    len: usize,
    on_other: impl FnOnce() -> String,
    next: &str,
) -> Option<String> {
    let back = match *seen {
        Some((g, _)) if g != id => Some(on_other()),
        Some((_, was)) if len < was => Some(format!("Taken back: {next}")),
        _ => None,
    };
    *seen = Some((id, len));
    back
}

/// The verdict on the last move entered (cleared when the entry changes game).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct EntryVerdict(pub Option<Verdict>);

/// An announcement: a move or an event, in words, for the caption (the sound comes from the
/// game's own cues).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Announce(pub String);

/// The caption shown now and the announcements before it (newest last).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Caption {
    pub recent: Vec<String>,
}

impl Caption {
    /// The announcement shown large.
    pub fn now(&self) -> Option<&str> {
        self.recent.last().map(String::as_str)
    }
}

/// The most announcements kept.
const KEPT: usize = 40;

/// What the players ask of the companion.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum CompanionIntent {
    /// Show or hide the companion window (the panels' "Companion…").
    Toggle,
    LargeType(bool),
    Captions(bool),
    /// A move in the game's notation (the shown game's pack plays it or says why not).
    Enter(String),
    /// Roll the throw the game awaits, from the game's seeded generator.
    GameRoll,
    /// Call the opponent's last move untenable (§2.0.22).
    Call,
    /// Roll from the session's generator, and log it.
    Roll(RollKind),
    /// Log a physical throw entered by hand.
    HandRoll(RollKind, u8),
}

/// The host's own answers to `CompanionIntent`s; the packs answer theirs after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct CompanionAsks;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Companion>()
        .init_resource::<CompanionFeed>()
        .init_resource::<EntryVerdict>()
        .init_resource::<Caption>()
        .init_resource::<Roller>()
        .add_message::<CompanionIntent>()
        .add_message::<Announce>()
        .add_systems(Update, (apply.in_set(CompanionAsks), caption).chain())
        .add_systems(
            Update,
            (wake.run_if(
                resource_changed::<Companion>
                    .or_eager(resource_changed::<Caption>)
                    .or_eager(resource_changed::<EntryVerdict>)
                    .or_eager(resource_changed::<CompanionFeed>),
            ),),
        )
        .add_plugins(grid::plugin);
    // On leaving any screen, before the next screen's systems run (its pack fills the feed anew
    // on entering, if it has a game to feed).
    for screen in super::Screen::ALL {
        app.add_systems(OnExit(screen), clear_on_screen_change);
    }
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(view::plugin);
}

/// The switches and the session's roller; the games answer the rest.
fn apply(
    mut intents: MessageReader<CompanionIntent>,
    mut c: ResMut<Companion>,
    mut roller: ResMut<Roller>,
    mut verdict: ResMut<EntryVerdict>,
    mut announce: MessageWriter<Announce>,
    mut cues: MessageWriter<super::audio::PlayCue>,
) {
    for i in intents.read() {
        match i {
            CompanionIntent::Toggle => c.on = !c.on,
            CompanionIntent::LargeType(on) => c.large_type = *on,
            CompanionIntent::Captions(on) => c.captions = *on,
            CompanionIntent::Roll(kind) => {
                roller.roll(*kind);
                let e = roller.log.last().expect("just logged");
                announce.write(Announce(format!("Rolled {e}")));
                cues.write(super::audio::PlayCue(super::audio::Cue::Throw));
            }
            CompanionIntent::HandRoll(kind, v) => match roller.enter(*kind, *v) {
                Ok(()) => {
                    let e = roller.log.last().expect("just logged");
                    announce.write(Announce(format!("By hand, {}: {}", e.what, e.result)));
                }
                Err(why) => {
                    verdict.0 = Some(Verdict::Refused {
                        text: kind.name().into(),
                        why,
                    })
                }
            },
            // The game's pack judges the move; until it does, no verdict stands (a move the
            // game does not take now — the computer's turn, a setup — leaves none).
            CompanionIntent::Enter(_) => verdict.0 = None,
            CompanionIntent::GameRoll | CompanionIntent::Call => {}
        }
    }
}

/// Every announcement becomes the caption (kept with the ones before it).
fn caption(mut heard: MessageReader<Announce>, mut cap: ResMut<Caption>) {
    for Announce(text) in heard.read() {
        cap.recent.push(text.clone());
    }
    let n = cap.recent.len();
    if n > KEPT {
        cap.recent.drain(..n - KEPT);
    }
}

/// Another screen: the last game's verdict, caption and feed are not this one's (its pack fills
/// the feed anew on entering; a grid screen with no game yet has none — a review found the last
/// game's moves, memory and call offered over Tirachen's new-game dialog).
fn clear_on_screen_change(
    mut verdict: ResMut<EntryVerdict>,
    mut cap: ResMut<Caption>,
    mut feed: ResMut<CompanionFeed>,
) {
    verdict.0 = None;
    cap.recent.clear();
    *feed = CompanionFeed::default();
}

/// The companion's window redraws when what it shows changes (the redraw gate is otherwise
/// shut while nobody touches the app).
fn wake(mut w: ResMut<super::Wake>) {
    w.set_changed();
}
