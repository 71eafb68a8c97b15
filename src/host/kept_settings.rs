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
    // Only a missing file is "no file": one there that cannot be read (not text, no
    // permission, a folder) is named as one that does not read (a review found it passed over
    // in silence).
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => return Some(Err(format!("{}: {e}", path.display()))),
    };
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

#[cfg(test)]
mod tests {
    use super::read;

    /// A missing file is no file; one there that does not read — not RON, not text, a folder —
    /// is an error naming it (a review found the last two passed over in silence).
    #[test]
    fn a_kept_file_that_does_not_read_is_named() {
        let dir = std::env::temp_dir().join(format!("veney-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert!(read::<bool>(&dir.join("missing.ron")).is_none());
        let ok = dir.join("ok.ron");
        std::fs::write(&ok, "true").unwrap();
        assert_eq!(read::<bool>(&ok), Some(Ok(true)));
        let not_ron = dir.join("not-ron.ron");
        std::fs::write(&not_ron, "(((").unwrap();
        let not_text = dir.join("not-text.ron");
        std::fs::write(&not_text, b"\xff").unwrap();
        let folder = dir.join("folder.ron");
        std::fs::create_dir_all(&folder).unwrap();
        for p in [not_ron, not_text, folder] {
            match read::<bool>(&p) {
                Some(Err(e)) => assert!(e.contains(&*p.to_string_lossy()), "{e}"),
                other => panic!("{}: {other:?}", p.display()),
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
