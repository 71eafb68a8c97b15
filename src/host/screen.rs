//! The top-level screens: the title with its game picker, and one playing screen per game.
//! Entities belonging to a screen carry `DespawnOnExit(Screen::…)`; systems of one game run only
//! `in_state` of its screen.
use bevy::prelude::*;

#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    Veney,
    Tirachen,
    Kelasu,
}

/// Go to a screen (the title's "Play" buttons send this, and "Back to the games" does).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenScreen(pub Screen);

/// One game on the title screen.
#[derive(Clone, Debug)]
pub struct GameEntry {
    pub screen: Screen,
    pub title: &'static str,
    /// One line saying what the game is.
    pub line: &'static str,
}

/// The games the title screen offers, in order; each pack adds its own.
#[derive(Resource, Default, Debug)]
pub struct Games(pub Vec<GameEntry>);

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<State<Screen>>() {
        // `VENEY_SCREEN=veney|tirachen|kelasu` opens a game's screen at start instead of the title.
        // (In any case, spaces around it allowed; another name is said, not passed over.)
        let named = std::env::var("VENEY_SCREEN").ok();
        let start = match named
            .as_deref()
            .map(|v| v.trim().to_ascii_lowercase())
            .as_deref()
        {
            Some("veney") => Screen::Veney,
            Some("tirachen") => Screen::Tirachen,
            Some("kelasu") => Screen::Kelasu,
            Some(other) => {
                warn!(
                    "VENEY_SCREEN={other:?} names no screen (veney, tirachen or kelasu): the title opens"
                );
                Screen::Title
            }
            None => Screen::Title,
        };
        app.insert_state(start);
    }
    app.init_resource::<Games>()
        .add_message::<OpenScreen>()
        .add_systems(PreUpdate, open_screen);
}

fn open_screen(mut msgs: MessageReader<OpenScreen>, mut next: ResMut<NextState<Screen>>) {
    if let Some(m) = msgs.read().last() {
        next.set(m.0);
    }
}
