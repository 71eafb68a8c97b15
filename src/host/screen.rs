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

impl Screen {
    /// Every screen. A game added to `Screen` is added here too (a test's exhaustive match asks
    /// for it), and then every list of games the host keeps — the clock's owner in
    /// `clock.txt`, the companion's clearing on leaving, `VENEY_SCREEN` — follows from it and
    /// `game_name` (a review found those lists kept apart, a new game easily left out of one).
    pub const ALL: [Screen; 4] = [
        Screen::Title,
        Screen::Veney,
        Screen::Tirachen,
        Screen::Kelasu,
    ];

    /// The game a screen plays, by the name files and `VENEY_SCREEN` use (`clock.txt`'s
    /// `game=kelasu`); the title plays none.
    pub fn game_name(self) -> Option<&'static str> {
        match self {
            Screen::Title => None,
            Screen::Veney => Some("veney"),
            Screen::Tirachen => Some("tirachen"),
            Screen::Kelasu => Some("kelasu"),
        }
    }

    /// The screen of the game named `name` (as `game_name` writes it).
    pub fn of_game(name: &str) -> Option<Screen> {
        Screen::ALL
            .into_iter()
            .find(|s| s.game_name() == Some(name))
    }

    /// The games' names, for messages: "veney, tirachen or kelasu".
    pub fn game_names() -> String {
        let names: Vec<&str> = Screen::ALL.iter().filter_map(|s| s.game_name()).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }
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
            Some(name) => Screen::of_game(name).unwrap_or_else(|| {
                warn!(
                    "VENEY_SCREEN={name:?} names no screen ({}): the title opens",
                    Screen::game_names()
                );
                Screen::Title
            }),
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

#[cfg(test)]
mod tests {
    use super::Screen;

    /// `Screen::ALL` holds every screen: the match below names each variant, so a new game's
    /// screen stops this test compiling until it is listed (and given a `game_name`).
    #[test]
    fn every_screen_is_listed_and_every_game_named_once() {
        let index = |s: Screen| match s {
            Screen::Title => 0,
            Screen::Veney => 1,
            Screen::Tirachen => 2,
            Screen::Kelasu => 3,
        };
        let listed: Vec<usize> = Screen::ALL.into_iter().map(index).collect();
        assert_eq!(listed, [0, 1, 2, 3]);
        for s in Screen::ALL {
            if let Some(name) = s.game_name() {
                assert_eq!(Screen::of_game(name), Some(s));
            }
        }
        assert_eq!(Screen::of_game("title"), None);
        assert_eq!(Screen::game_names(), "veney, tirachen or kelasu");
    }
}
