//! Files kept so no game is lost: an autosave that could not be resumed is set aside before a
//! new game's autosave could overwrite it, and the game in progress is kept before a Load
//! replaces it — every game's, Veney's and the grid games' alike. Writes are atomic
//! (`game_api::write_atomic`).
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The save folders this app autosaves into, each held by a lock (`.lock` in it) for as long as
/// the app runs: a second app opened on the same folder would overwrite the first's autosaves
/// with its own older games, each in turn (a review found both writing), so it autosaves
/// nothing there while the first holds it. The operating system lets go of a lock when its
/// holder ends, a crash included.
static LOCKS: Mutex<Vec<(PathBuf, std::fs::File)>> = Mutex::new(Vec::new());

/// The save folders another app held when this one first asked: their autosaves are that app's
/// games, moved aside when this one takes the folder over (`may_autosave`).
static REFUSED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Whether this app may autosave into `dir`: it holds the folder's lock, or takes it now. The
/// error says why not, for the status line. Taken over from another app that has closed, the
/// folder's autosaves — that app's last games — are first moved aside (`autosave.older-1.veney`,
/// …), and the note says so (a review found the first app's games overwritten once it closed).
pub fn may_autosave(dir: &Path) -> Result<Option<String>, String> {
    let mut held = LOCKS.lock().unwrap_or_else(|e| e.into_inner());
    if held.iter().any(|(d, _)| d == dir) {
        return Ok(None);
    }
    let _ = std::fs::create_dir_all(dir);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join(".lock"))
        .map_err(|e| format!("could not lock the save folder {}: {e}", dir.display()))?;
    let mut refused = REFUSED.lock().unwrap_or_else(|e| e.into_inner());
    match file.try_lock() {
        Ok(()) => {
            held.push((dir.to_path_buf(), file));
            if !refused.iter().any(|d| d == dir) {
                return Ok(None);
            }
            refused.retain(|d| d != dir);
            let kept = keep_others_autosaves(dir);
            if kept.is_empty() {
                return Ok(None);
            }
            let note = format!(
                "the other app on {} has closed: this one autosaves there now, its last games kept as {}",
                dir.display(),
                kept.join(", ")
            );
            bevy::log::info!("{note}");
            Ok(Some(note))
        }
        Err(std::fs::TryLockError::WouldBlock) => {
            if !refused.iter().any(|d| d == dir) {
                refused.push(dir.to_path_buf());
            }
            Err(format!(
                "another open app autosaves into {}: this one does not, so neither overwrites the other's games (Save still saves)",
                dir.display()
            ))
        }
        Err(std::fs::TryLockError::Error(e)) => Err(format!(
            "could not lock the save folder {}: {e}",
            dir.display()
        )),
    }
}

/// Moves the autosaves in `dir` (`autosave.<ext>`) aside under free names tagged `older`: the
/// names they are kept under.
fn keep_others_autosaves(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut kept = Vec::new();
    for e in entries.flatten() {
        let path = e.path();
        let is_autosave = path.is_file()
            && path.file_stem().and_then(|s| s.to_str()) == Some("autosave")
            && path.extension().is_some();
        if !is_autosave {
            continue;
        }
        let to = free_name(&path, "older");
        if std::fs::rename(&path, &to).is_ok() {
            kept.push(
                to.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into()),
            );
        }
    }
    kept.sort();
    kept
}

/// A free name beside `path` tagged `tag`: `autosave.veney` → `autosave.unresumable-1.veney`,
/// `-2`, … (the first that does not exist).
pub fn free_name(path: &Path, tag: &str) -> PathBuf {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("save");
    (1..)
        .map(|n| path.with_file_name(format!("{stem}.{tag}-{n}.{ext}")))
        .find(|p| !p.exists())
        .expect("a free name")
}

/// Sets the autosave at `path`, which could not be resumed, aside under a free name (see
/// `free_name`): what the status line says about it.
pub fn set_aside_unresumable(path: &Path, why: &str) -> String {
    // Not from under another open app that autosaves there: it is that app's live game (a
    // review found it renamed away).
    match path.parent().map(may_autosave) {
        Some(Err(held)) => {
            return format!(
                "could not resume {}: {why}; it is left where it is ({held})",
                path.display()
            );
        }
        // The folder just taken over from an app that has closed: its autosaves, this one
        // among them, were kept aside already (a review found "it will be overwritten" said
        // of a file kept safe).
        Some(Ok(Some(note))) if !path.exists() => {
            return format!("could not resume {}: {why}; {note}", path.display());
        }
        _ => {}
    }
    let kept = free_name(path, "unresumable");
    match std::fs::rename(path, &kept) {
        Ok(()) => format!(
            "could not resume {}: {why}; it is kept as {}",
            path.display(),
            kept.display()
        ),
        Err(e) => format!(
            "could not resume {}: {why} (nor keep it aside: {e}; it will be overwritten)",
            path.display()
        ),
    }
}

/// Keeps the last game's autosave at `autosave` as `autosave.previous.<ext>` before a game
/// begun afresh writes its own over it — one file, the game before replacing the one before
/// that: a "Start" pressed by mistake, whose computer seat then moved first, no longer loses
/// the last game (a review found it lost). The name it is kept under, if there was one to keep:
/// not a game with nothing played in it (`played` says of the file's text; one resumed after an
/// undo back to its start would otherwise replace the game kept before it — a review found it).
pub fn keep_last_game(autosave: &Path, played: impl Fn(&str) -> bool) -> Option<PathBuf> {
    if !autosave.is_file() {
        return None;
    }
    if std::fs::read_to_string(autosave).is_ok_and(|t| !played(&t)) {
        return None;
    }
    let ext = autosave
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("save");
    let kept = autosave.with_file_name(format!("autosave.previous.{ext}"));
    std::fs::rename(autosave, &kept).ok().map(|()| kept)
}

/// Keeps `text`, the game a Load is about to replace, at `kept` (`before-load.<ext>`). A
/// different game already kept there is first moved aside (`before-load.older-1.<ext>`, …), so
/// a second Load never loses the game the first one kept. The error says why nothing could be
/// kept: the Load must then not go ahead.
pub fn keep_before_load(kept: &Path, text: &str) -> Result<(), String> {
    // Moved aside unless it is this very game (one that cannot be read is moved aside too).
    let same = std::fs::read_to_string(kept).is_ok_and(|old| old == text);
    if kept.is_file() && !same {
        let older = free_name(kept, "older");
        std::fs::rename(kept, &older).map_err(|e| {
            format!(
                "{} holds another game and could not be moved to {}: {e}",
                kept.display(),
                older.display()
            )
        })?;
    }
    if let Some(d) = kept.parent() {
        let _ = std::fs::create_dir_all(d);
    }
    game_api::write_atomic(kept, text).map_err(|e| format!("{}: {e}", kept.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("veney-kept-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// A game begun afresh keeps the last game's autosave as `autosave.previous.<ext>`, one
    /// file: the game before replaces the one before that.
    #[test]
    fn a_new_game_keeps_the_last_games_autosave() {
        let d = dir("previous");
        let auto = d.join("autosave.kelasu");
        let played = |t: &str| t != "empty";
        assert_eq!(keep_last_game(&auto, played), None, "nothing to keep");
        std::fs::write(&auto, "game A").unwrap();
        let kept = keep_last_game(&auto, played).unwrap();
        assert_eq!(kept, d.join("autosave.previous.kelasu"));
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "game A");
        assert!(!auto.exists());
        std::fs::write(&auto, "game B").unwrap();
        keep_last_game(&auto, played).unwrap();
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "game B");
        // A game with nothing played is not kept over it.
        std::fs::write(&auto, "empty").unwrap();
        assert_eq!(keep_last_game(&auto, played), None);
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "game B");
        std::fs::remove_file(&auto).unwrap();
        // Not taken for an autosave when another app's are kept aside (`keep_others_autosaves`).
        assert!(keep_others_autosaves(&d).is_empty());
        assert!(kept.exists());
    }

    #[test]
    fn a_second_load_keeps_the_game_the_first_kept() {
        let d = dir("second");
        let kept = d.join("before-load.kelasu");
        keep_before_load(&kept, "game A").unwrap();
        // The same game again: nothing moved aside.
        keep_before_load(&kept, "game A").unwrap();
        assert!(!d.join("before-load.older-1.kelasu").exists());
        keep_before_load(&kept, "game B").unwrap();
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "game B");
        assert_eq!(
            std::fs::read_to_string(d.join("before-load.older-1.kelasu")).unwrap(),
            "game A"
        );
    }

    #[test]
    fn a_kept_game_that_cannot_be_read_is_moved_aside_too() {
        let d = dir("unreadable");
        let kept = d.join("before-load.veney");
        std::fs::write(&kept, [0xff, 0xfe, 0x00]).unwrap();
        keep_before_load(&kept, "game").unwrap();
        assert_eq!(
            std::fs::read(d.join("before-load.older-1.veney")).unwrap(),
            [0xff, 0xfe, 0x00]
        );
    }

    #[test]
    fn nothing_kept_is_an_error_naming_the_file() {
        let d = dir("blocked");
        // A folder where the file would go: neither moved aside nor written.
        let kept = d.join("before-load.tirachen");
        std::fs::create_dir_all(&kept).unwrap();
        let e = keep_before_load(&kept, "game").unwrap_err();
        assert!(e.contains("before-load.tirachen"), "{e}");
    }

    #[test]
    fn an_unresumable_autosave_is_set_aside_under_a_free_name() {
        let d = dir("aside");
        let a = d.join("autosave.tirachen");
        std::fs::write(&a, "bad").unwrap();
        std::fs::write(d.join("autosave.unresumable-1.tirachen"), "older").unwrap();
        let note = set_aside_unresumable(&a, "line 1: nonsense");
        assert!(note.contains("autosave.unresumable-2.tirachen"), "{note}");
        assert!(!a.exists());
        assert_eq!(
            std::fs::read_to_string(d.join("autosave.unresumable-2.tirachen")).unwrap(),
            "bad"
        );
    }
}

#[cfg(test)]
mod lock_tests {
    /// A save folder another app holds is not autosaved into; one this app holds is, again and
    /// again (the lock is kept while the app runs).
    #[test]
    fn a_folder_another_app_holds_is_not_autosaved_into() {
        let base = std::env::temp_dir().join(format!("veney-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let (ours, theirs) = (base.join("ours"), base.join("theirs"));
        assert_eq!(super::may_autosave(&ours), Ok(None));
        assert_eq!(super::may_autosave(&ours), Ok(None), "held: again");
        // Another app's lock, taken first (another open file description, as another process's).
        std::fs::create_dir_all(&theirs).unwrap();
        let other = std::fs::File::create(theirs.join(".lock")).unwrap();
        other.try_lock().unwrap();
        let e = super::may_autosave(&theirs).unwrap_err();
        assert!(e.contains("another open app autosaves"), "{e}");
        // The other app's autosaves meanwhile.
        std::fs::write(theirs.join("autosave.veney"), "their game").unwrap();
        std::fs::write(theirs.join("autosave.kelasu"), "their other game").unwrap();
        // Let go (the other app ended): this one takes the folder, and first keeps the other
        // app's last games aside, so its own autosaves overwrite none of them (a review found
        // them overwritten).
        drop(other);
        let note = super::may_autosave(&theirs).unwrap().expect("a note");
        assert!(note.contains("autosave.older-1.veney"), "{note}");
        assert_eq!(
            std::fs::read_to_string(theirs.join("autosave.older-1.veney")).unwrap(),
            "their game"
        );
        assert_eq!(
            std::fs::read_to_string(theirs.join("autosave.older-1.kelasu")).unwrap(),
            "their other game"
        );
        assert!(!theirs.join("autosave.veney").exists());
        assert_eq!(super::may_autosave(&theirs), Ok(None), "held from now on");
        // An autosave this app cannot resume is left where it is while another app holds its
        // folder (it is that app's live game).
        let third = base.join("third");
        std::fs::create_dir_all(&third).unwrap();
        let other = std::fs::File::create(third.join(".lock")).unwrap();
        other.try_lock().unwrap();
        let live = third.join("autosave.tirachen");
        std::fs::write(&live, "their live game").unwrap();
        let said = super::set_aside_unresumable(&live, "another version");
        assert!(said.contains("left where it is"), "{said}");
        assert!(live.exists());
        // That app closes: taken over, its autosaves kept aside, the unresumable one among them
        // — said so, not "it will be overwritten".
        drop(other);
        let said = super::set_aside_unresumable(&live, "another version");
        assert!(said.contains("autosave.older-1.tirachen"), "{said}");
        assert!(!said.contains("overwritten"), "{said}");
        assert!(third.join("autosave.older-1.tirachen").exists());
        let _ = std::fs::remove_dir_all(&base);
    }
}
