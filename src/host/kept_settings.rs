//! Preferences kept between runs: the sound, a game's display and overlays. Each is a resource
//! kept as a small RON file in the saves' folder (`SaveRoot`, under `settings/`): read at start-up, written
//! (atomically) when it changes — a player who muted the app finds it muted at the next launch
//! (a review found every setting forgotten at each start). A file that does not read is named
//! once on the log and left to be written over; the defaults stand meanwhile.
use bevy::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// Where the preference `name` is kept: `settings/<name>.ron` in the saves' folder.
pub fn path(saves: &super::grid::SaveRoot, name: &str) -> PathBuf {
    saves.0.join("settings").join(format!("{name}.ron"))
}

/// Reads a kept preference: `None` when there is no file; the error, in words, when it does not
/// read.
pub fn read<T: DeserializeOwned>(path: &Path) -> Option<Result<T, String>> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(ron::from_str(&text).map_err(|e| format!("{}: {e}", path.display())))
}

/// Writes a kept preference (atomically, its folder made first).
pub fn write<T: Serialize>(path: &Path, value: &T) -> std::io::Result<()> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(std::io::Error::other)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    game_api::write_atomic(path, &(text + "\n"))
}

/// Keeps resource `R` as the preference `name`: read once the app starts, written after each
/// change (not the first frame's, which is the read itself).
pub fn keep<R>(app: &mut App, name: &'static str)
where
    R: Resource + Serialize + DeserializeOwned + Clone,
{
    app.add_systems(
        PreStartup,
        move |saves: Option<Res<super::grid::SaveRoot>>, mut commands: Commands| {
            let saves = saves.map(|s| s.clone()).unwrap_or_default();
            match read::<R>(&path(&saves, name)) {
                Some(Ok(r)) => commands.insert_resource(r),
                Some(Err(e)) => {
                    warn!("the kept {name} settings do not read ({e}); the defaults stand")
                }
                None => {}
            }
        },
    )
    .add_systems(
        Last,
        move |r: Res<R>, saves: Res<super::grid::SaveRoot>, mut first: Local<bool>| {
            if !*first {
                *first = true;
                return;
            }
            if r.is_changed()
                && let Err(e) = write(&path(&saves, name), &*r)
            {
                warn!("the {name} settings could not be kept: {e}");
            }
        },
    );
}
