//! `write_atomic` onto what is not a plain file: a symlink, a pipe (its own test binary, as
//! `atomic_write.rs` plants files at the names this process's writes take). Unix.
#![cfg(unix)]
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("game-api-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// "A symlink at `path` is written through (the file it names is replaced, the link kept); a
/// device, pipe or socket there is refused, never replaced by a file" (a review found
/// `print --out` turn a pipe, a symlink and a copy of /dev/null into plain files).
#[test]
fn a_symlink_is_written_through_and_a_pipe_refused() {
    let dir = scratch("special");
    let target = dir.join("target.pdf");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.pdf");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    game_api::write_atomic(&link, "new").unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    // A pipe, and a symlink to it: refused, the pipe left a pipe.
    let fifo = dir.join("fifo.pdf");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let to_fifo = dir.join("to-fifo.pdf");
    std::os::unix::fs::symlink(&fifo, &to_fifo).unwrap();
    for p in [&fifo, &to_fifo] {
        let e = game_api::write_atomic(p, "kit").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{e}");
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    // A link to a file not made yet makes that file; one into a folder that is not there fails.
    let later = dir.join("later.pdf");
    std::os::unix::fs::symlink("made-later.pdf", &later).unwrap();
    game_api::write_atomic(&later, "kit").unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("made-later.pdf")).unwrap(),
        "kit"
    );
    assert!(std::fs::symlink_metadata(&later).unwrap().is_symlink());
    // A chain of links to a file not made yet: every link kept, the file made at its end (a
    // review found the middle link replaced by the file).
    std::os::unix::fs::symlink("b.pdf", dir.join("a.pdf")).unwrap();
    std::os::unix::fs::symlink("c.pdf", dir.join("b.pdf")).unwrap();
    game_api::write_atomic(&dir.join("a.pdf"), "chain").unwrap();
    for l in ["a.pdf", "b.pdf"] {
        assert!(
            std::fs::symlink_metadata(dir.join(l)).unwrap().is_symlink(),
            "{l} still a link"
        );
    }
    assert_eq!(std::fs::read_to_string(dir.join("c.pdf")).unwrap(), "chain");
    // A loop of links is an error, nothing written.
    std::os::unix::fs::symlink("loop-b.pdf", dir.join("loop-a.pdf")).unwrap();
    std::os::unix::fs::symlink("loop-a.pdf", dir.join("loop-b.pdf")).unwrap();
    assert!(game_api::write_atomic(&dir.join("loop-a.pdf"), "x").is_err());
    assert!(
        std::fs::symlink_metadata(dir.join("loop-a.pdf"))
            .unwrap()
            .is_symlink()
    );
    let dangling = dir.join("dangling.pdf");
    std::os::unix::fs::symlink(dir.join("gone/none.pdf"), &dangling).unwrap();
    let e = game_api::write_atomic(&dangling, "kit").unwrap_err();
    assert!(!dir.join("gone").exists());
    // The error names the directory that is missing, not the link that exists (a review found
    // "dangling.pdf: No such file or directory").
    assert!(e.to_string().contains("gone"), "{e}");
    assert!(e.to_string().contains("cannot create a file in"), "{e}");
    // A name ending in a slash names a directory: refused as no file name, nothing made (a
    // review found "Not a directory" where the directory was never there).
    let slash = format!("{}/newdir/", dir.display());
    let e = game_api::write_atomic(std::path::Path::new(&slash), "kit").unwrap_err();
    assert!(e.to_string().contains("give a file name"), "{e}");
    assert!(!dir.join("newdir").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// An open file's descriptor names what that descriptor writes to: written through it, a file
/// a shell opened for `>> log` would be replaced whole. Refused, the file left as it was (a
/// review found `print --out /dev/stdout >> log` wipe the log). Linux names descriptors so.
#[cfg(target_os = "linux")]
#[test]
fn an_open_descriptor_is_refused_and_its_file_kept() {
    use std::os::fd::AsRawFd;
    let dir = scratch("descriptor");
    let log = dir.join("log.txt");
    std::fs::write(&log, "earlier line\n").unwrap();
    let open = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
    let fd = open.as_raw_fd();
    let link = dir.join("to-fd.pdf");
    std::os::unix::fs::symlink(format!("/dev/fd/{fd}"), &link).unwrap();
    // Reached by way of `..` or a linked folder too (a review found both let through).
    let folder = dir.join("fds");
    std::os::unix::fs::symlink("/proc/self/fd", &folder).unwrap();
    for p in [
        PathBuf::from(format!("/proc/self/fd/{fd}")),
        PathBuf::from(format!("/dev/fd/{fd}")),
        link,
        PathBuf::from(format!("/tmp/../proc/self/fd/{fd}")),
        folder.join(fd.to_string()),
    ] {
        let e = game_api::write_atomic(&p, "kit").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{e}");
        assert!(e.to_string().contains("open file descriptor"), "{e}");
    }
    assert_eq!(std::fs::read_to_string(&log).unwrap(), "earlier line\n");
    drop(open);
    // A plain file beside it is written as ever.
    game_api::write_atomic(&dir.join("kit.pdf"), "kit").unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
