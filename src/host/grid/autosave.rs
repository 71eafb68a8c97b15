//! Autosave: every change of a grid match is written atomically beside its manual save
//! (`saves/game.tirachen` → `saves/autosave.tirachen`), so a crash or a closed window loses
//! nothing; a pack's new-game dialog offers to resume it.
use super::{ActiveMatch, GridGameSet, GridStatus, GridSystems};
use bevy::prelude::*;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AutosaveMemory>().add_systems(
        Update,
        autosave
            .after(GridGameSet)
            .in_set(GridSystems)
            .run_if(super::match_changed),
    );
}

/// The autosave beside a manual save: `autosave.` and the save's extension.
pub fn autosave_beside(save_path: &Path) -> PathBuf {
    let ext = save_path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("save");
    save_path.with_file_name(format!("autosave.{ext}"))
}

/// Where the game in progress is kept when a save is loaded over it: `before-load.<ext>` beside
/// the save.
pub fn before_load_beside(save_path: &Path) -> PathBuf {
    let ext = save_path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("save");
    save_path.with_file_name(format!("before-load.{ext}"))
}

impl ActiveMatch {
    /// Where this match is autosaved.
    pub fn autosave_path(&self) -> PathBuf {
        autosave_beside(&self.save_path)
    }

    /// The referee's save of the match, as "Save" and the autosave write it: the computer's
    /// `seats` (`[Computer …]`), and `[Revealed "yes"]` once a finished secret game's hidden
    /// pieces were shown — read back by `revealed_in`, so a game resumed or loaded after that
    /// cannot be taken back either (a review found the mark lost).
    pub fn save_text(&self, seats: &super::ComputerSeats) -> String {
        let text = seats.written_into(&self.game.save_text(game_api::Viewer::Referee));
        let text = if self.sealed_draws > 0 {
            super::computer::headers_written_into(
                &format!("[ComputerDraws \"{}\"]\n", self.sealed_draws),
                &text,
            )
        } else {
            text
        };
        if self.revealed {
            super::computer::headers_written_into(REVEALED_HEADER, &text)
        } else {
            text
        }
    }
}

/// The count of the computer's sealed choices a save carries (`ActiveMatch::sealed_draws`); 0
/// when it names none.
pub fn sealed_draws_in(text: &str) -> u64 {
    game_api::save_headers(text)
        .ok()
        .and_then(|h| {
            h.into_iter()
                .find(|(_, k, _)| k.eq_ignore_ascii_case("ComputerDraws"))
                .and_then(|(_, _, v)| v.parse().ok())
        })
        .unwrap_or(0)
}

/// The header a save of a revealed game carries (`ActiveMatch::save_text`).
const REVEALED_HEADER: &str = "[Revealed \"yes\"]\n";

/// Whether a save's text says its game's hidden pieces were shown (`ActiveMatch::save_text`).
pub fn revealed_in(text: &str) -> bool {
    // Read as every other header is (a byte-order mark, blank lines, spacing, the key in any
    // case; reviews found a BOM and `[revealed …]` hiding it, and undo open again after the
    // reveal).
    game_api::save_headers(text).is_ok_and(|h| {
        h.iter()
            .any(|(_, k, v)| k.eq_ignore_ascii_case("Revealed") && v.eq_ignore_ascii_case("yes"))
    })
}

/// What the autosave remembers of the matches of this run (`ActiveMatch::generation`), for
/// both grid games: one resource, so a flag's own write (`table_clock`) keeps to it too.
#[derive(Resource, Default)]
pub struct AutosaveMemory {
    /// Matches written at least once.
    written: HashSet<u64>,
    /// Matches begun afresh and not yet written: the first write keeps the last game's autosave.
    fresh: HashSet<u64>,
}

impl AutosaveMemory {
    /// Marks `m` begun afresh, when it has nothing in it and was never written (not when it was
    /// written once and then undone back to its start). Whether it was. A flag's write marks a
    /// match before the flag ends it (`table_clock`).
    pub(crate) fn note_fresh(&mut self, m: &ActiveMatch) -> bool {
        let fresh = !self.written.contains(&m.generation) && m.unplayed();
        if fresh {
            self.fresh.insert(m.generation);
        }
        fresh
    }
}

/// A game just begun with nothing in it yet — no action, no ending — is not written over the
/// last game's autosave (a review found "Start" losing it), a clock it took from the table
/// included (`clock.txt` keeps the clock); once this match has been written, every change is,
/// back to its start by undo too. A game begun afresh keeps the last game's autosave as
/// `autosave.previous.<ext>` at its first write only (`write_keeping`; a review found a game
/// brought back from the other grid game's screen moving its own autosave over the kept one).
fn autosave(
    m: Res<ActiveMatch>,
    seats: Res<super::ComputerSeats>,
    mut status: ResMut<GridStatus>,
    mut memory: ResMut<AutosaveMemory>,
    mut told: Local<bool>,
) {
    if memory.note_fresh(&m) {
        return;
    }
    // Not into a folder another open app autosaves into (said once; `write` refuses).
    let dir = m
        .autosave_path()
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    match crate::host::kept_files::may_autosave(&dir) {
        Err(e) => {
            if !std::mem::replace(&mut *told, true) {
                warn!("{e}");
                status.info = Some(e);
            }
            return;
        }
        Ok(Some(note)) => status.info = Some(note),
        Ok(None) => {}
    }
    *told = false;
    match write_keeping(&m, &seats, &mut memory) {
        // Against the computer, whose seat may have made this first move by itself.
        Ok(Some(kept)) if seats.any() => {
            status.info = Some(format!(
                "the last game's autosave is kept as {}",
                kept.display()
            ));
        }
        Ok(_) => {}
        Err(e) => {
            warn!("{e}");
            status.info = Some(e);
        }
    }
}

/// Writes `m`'s autosave (`write`); at the first write of a match begun afresh, the last game's
/// autosave is first kept as `autosave.previous.<ext>` (`kept_files::keep_last_game`), and
/// where it went is returned.
pub fn write_keeping(
    m: &ActiveMatch,
    seats: &super::ComputerSeats,
    memory: &mut AutosaveMemory,
) -> Result<Option<PathBuf>, String> {
    // Not into a folder another open app autosaves into: nothing kept aside there either (a
    // review found a flag's write, which asks nowhere else, moving the other app's autosave).
    if let Some(d) = m.autosave_path().parent() {
        crate::host::kept_files::may_autosave(d)?;
    }
    let first = memory.fresh.remove(&m.generation);
    memory.written.insert(m.generation);
    let kept = if first {
        crate::host::kept_files::keep_last_game(&m.autosave_path(), |t| {
            // (A file that is no whole save — empty, or cut short before `[Final]`, which comes
            // before any turn — holds no game to keep: it is not kept over an older kept game.)
            crate::host::whole_save::check(t).is_ok()
                && (m.load)(t).map_or(true, |g| g.history_len() > 0 || g.declared().is_some())
        })
    } else {
        None
    };
    write(m, seats)?;
    Ok(kept)
}

/// Writes `m`'s autosave: the referee's save, as "Save" writes it — in a secret game it holds
/// every player's secrets (the masters chosen in secret), as the manual save does; it resumes
/// exactly, the computer's `seats` included. The error names the file.
pub fn write(m: &ActiveMatch, seats: &super::ComputerSeats) -> Result<(), String> {
    let path = m.autosave_path();
    let text = m.save_text(seats);
    if let Some(d) = path.parent() {
        let _ = std::fs::create_dir_all(d);
        crate::host::kept_files::may_autosave(d)?;
    }
    game_api::write_atomic(&path, &text)
        .map_err(|e| format!("could not autosave to {}: {e}", path.display()))
}

/// The match in the autosave at `path`, built by the pack's `build` from its text, with the
/// computer's seats it names put into `seats` (a game against the computer goes on against it);
/// the error names the file, which, if it does not build, is set aside
/// (`kept_files::set_aside_unresumable`).
pub fn resume_from(
    path: &Path,
    build: impl FnOnce(&str) -> Result<ActiveMatch, String>,
    seats: &mut super::ComputerSeats,
) -> Result<ActiveMatch, String> {
    // A file that cannot be read as text (a byte that is not UTF-8) is set aside as one that
    // does not build is (a review found it left, failing each Resume, for the next game's
    // first move to overwrite); one that cannot be read at all is left where it is.
    let text = match game_api::read_text_file(path) {
        Ok(t) => t,
        Err(game_api::SaveError::Io(e)) => {
            return Err(format!("could not resume {}: {e}", path.display()));
        }
        Err(e) => {
            return Err(crate::host::kept_files::set_aside_unresumable(
                path,
                &e.to_string(),
            ));
        }
    };
    // A file cut short, or empty, is no game to resume (`whole_save`): set aside as one that
    // does not build is.
    if let Err(e) = crate::host::whole_save::check(&text) {
        return Err(crate::host::kept_files::set_aside_unresumable(path, &e));
    }
    match build(&text) {
        Ok(mut m) => {
            *seats = super::ComputerSeats::read_from(&text);
            m.revealed = revealed_in(&text);
            m.sealed_draws = sealed_draws_in(&text);
            Ok(m)
        }
        // Set aside before a new game's autosave could overwrite it (as Veney's is).
        Err(e) => Err(crate::host::kept_files::set_aside_unresumable(path, &e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An autosave with a byte that is not UTF-8 is set aside as one that does not build is,
    /// its error at the byte (a review found it left, for the next game's first move to
    /// overwrite).
    #[test]
    fn an_autosave_that_is_not_text_is_set_aside() {
        let dir = std::env::temp_dir().join(format!("veney-grid-not-utf8-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("autosave.kelasu");
        std::fs::write(&path, b"[Game \"kelasu\"]\n1. B1-C1 \xe9\n").unwrap();
        let mut seats = crate::host::grid::ComputerSeats::default();
        let Err(e) = resume_from(&path, |_| panic!("not built"), &mut seats) else {
            panic!("resumed");
        };
        assert!(e.contains("line 2") && e.contains("kept as"), "{e}");
        assert!(!path.exists(), "set aside");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// "Show the hidden pieces" is kept in the save (`[Revealed "yes"]`) and read back as every
    /// other header is: after a byte-order mark an editor added, or a blank line (a review found
    /// it missed, and undo open again after the reveal).
    #[test]
    fn the_reveal_is_read_as_every_header_is() {
        let save = "[Game \"tirachen\"]\n[Revealed \"yes\"]\n1. S3A3W3, S2A2W5;\n";
        assert!(revealed_in(save));
        assert!(revealed_in(&format!("\u{feff}{save}")));
        assert!(revealed_in(&format!("\n{save}")));
        assert!(revealed_in(&save.replace("Revealed", "revealed")));
        assert_eq!(
            sealed_draws_in("[game \"tirachen\"]\n[computerdraws \"3\"]\n"),
            3
        );
        assert!(!revealed_in("[Game \"tirachen\"]\n1. S3A3W3, S2A2W5;\n"));
    }
}
