//! `write_atomic` (its own test binary: the temporary files' names count this process's writes,
//! so no other test may write while it plants files at those names). Unix: symlinks and modes.
#![cfg(unix)]
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("game-api-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// "The temporary file is always a new one (a file or symlink already at its name is never
/// followed nor truncated: the next name is tried), and on Unix it takes the permissions of the
/// file it replaces."
#[test]
fn the_temporary_file_is_always_new_and_keeps_the_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("atomic");
    let save = dir.join("game.save");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "not yours").unwrap();
    // Every name the next writes of this process would take first: a symlink to the victim,
    // then a plain file.
    let planted: Vec<PathBuf> = (0..8)
        .map(|n| dir.join(format!(".game.save.tmp{}-{n}", std::process::id())))
        .collect();
    for (i, p) in planted.iter().enumerate() {
        if i % 2 == 0 {
            std::os::unix::fs::symlink(&victim, p).unwrap();
        } else {
            std::fs::write(p, "planted").unwrap();
        }
    }
    // The file replaced is private: the new one is too.
    std::fs::write(&save, "old").unwrap();
    std::fs::set_permissions(&save, std::fs::Permissions::from_mode(0o600)).unwrap();
    game_api::write_atomic(&save, "new").unwrap();
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "new");
    assert_eq!(
        std::fs::metadata(&save).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert!(!std::fs::symlink_metadata(&save).unwrap().is_symlink());
    // Nothing planted was followed, truncated or removed.
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "not yours");
    for (i, p) in planted.iter().enumerate() {
        let m = std::fs::symlink_metadata(p).unwrap();
        if i % 2 == 0 {
            assert!(m.is_symlink(), "{}", p.display());
        } else {
            assert_eq!(std::fs::read_to_string(p).unwrap(), "planted");
        }
    }
    // Another mode, another write: kept again.
    std::fs::set_permissions(&save, std::fs::Permissions::from_mode(0o640)).unwrap();
    game_api::write_atomic(&save, "newer").unwrap();
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "newer");
    assert_eq!(
        std::fs::metadata(&save).unwrap().permissions().mode() & 0o777,
        0o640
    );
    // A new file has the ordinary permissions of a new file; no temporary file is left.
    let fresh = dir.join("fresh.save");
    game_api::write_atomic(&fresh, "x").unwrap();
    assert_eq!(std::fs::read_to_string(&fresh).unwrap(), "x");
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp") && !planted.iter().any(|p| p.ends_with(n)))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
