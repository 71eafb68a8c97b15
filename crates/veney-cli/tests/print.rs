//! `veney-cli --game <name> print --paper … --out …`: the printable kit written to a file, and
//! the errors a user can act on.
use std::path::PathBuf;
use std::process::Command;

const CLI: &str = env!("CARGO_BIN_EXE_veney-cli");

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(CLI).args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("veney-cli-print-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn print_writes_a_pdf_for_every_game_and_leaves_no_temporary_file() {
    let dir = scratch("ok");
    for game in ["veney", "tirachen", "kelasu"] {
        for paper in ["a4", "letter", "A3"] {
            let out = dir.join(format!("{game}-{paper}.pdf"));
            let (code, stdout, err) = run(&[
                "--game",
                game,
                "print",
                "--paper",
                paper,
                "--out",
                out.to_str().unwrap(),
            ]);
            assert_eq!(code, Some(0), "{game} {paper}: {err}");
            assert!(
                stdout.contains("wrote") && stdout.contains("mm"),
                "{stdout}"
            );
            let bytes = std::fs::read(&out).unwrap();
            assert!(bytes.starts_with(b"%PDF-"), "{game} {paper}");
        }
    }
    // Replacing an existing file goes through a temporary file and a rename: a hard link to
    // the old file still reads the old text (written in place, it would read the kit — a
    // review found this test passing for a plain write).
    let out = dir.join("veney-a4.pdf");
    std::fs::write(&out, b"old").unwrap();
    let linked = dir.join("old-link");
    std::fs::hard_link(&out, &linked).unwrap();
    let (code, _, err) = run(&["print", "--out", out.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF-"));
    assert_eq!(
        std::fs::read(&linked).unwrap(),
        b"old",
        "replaced, not written over"
    );
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left: {left:?}");
    // A file name with a terminal's escape sequence or a line break is written, and named on
    // one line with its control characters escaped.
    let odd = dir.join("esc\u{1b}[31mred\nkit.pdf");
    let (code, stdout, err) = run(&["print", "--out", odd.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(odd.exists());
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
    assert_eq!(stdout.trim_end().lines().count(), 1, "{stdout:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn print_refuses_bad_arguments_with_a_reason() {
    let dir = scratch("bad");
    let out = dir.join("kit.pdf");
    let out_s = out.to_str().unwrap();
    let (code, _, err) = run(&["print", "--paper", "a5", "--out", out_s]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("no paper size \"a5\": expected a4, letter or a3"),
        "{err}"
    );
    let (code, _, err) = run(&["--game", "chess", "print", "--out", out_s]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no game \"chess\""), "{err}");
    let (code, _, err) = run(&["print", "--out", dir.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("is a directory"), "{err}");
    let missing = dir.join("no-such-dir").join("kit.pdf");
    let (code, _, err) = run(&["print", "--out", missing.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no directory"), "{err}");
    // A file where a directory should be, and a name ending in `.`, are named as such (a
    // review found "no directory" said of a file, and a bare "No such file or directory").
    let file = dir.join("t.pdf");
    std::fs::write(&file, b"x").unwrap();
    let (code, _, err) = run(&["print", "--out", file.join("x.pdf").to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("is a file, not a directory"), "{err}");
    let dot = format!("{}/y.pdf/.", dir.display());
    let (code, _, err) = run(&["print", "--out", &dot]);
    assert_eq!(code, Some(2));
    assert!(err.contains("names a directory"), "{err}");
    // A device is no file for a kit, and the message names it once.
    let (code, _, err) = run(&["print", "--out", "/dev/null"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("not a regular file"), "{err}");
    assert_eq!(err.matches("/dev/null").count(), 1, "{err}");
    // --out is required.
    let (code, _, err) = run(&["print"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--out"), "{err}");
    assert!(!out.exists(), "nothing written for a refused command");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--out -` is refused: a kit is a PDF file, and `-` (standard input for `replay`) is no file
/// name here (a review found a file named `-` written into the working directory).
#[test]
fn print_refuses_a_dash_for_its_file() {
    let dir = scratch("dash");
    let (code, _, err) = Command::new(CLI)
        .current_dir(&dir)
        .args(["print", "--out", "-"])
        .output()
        .map(|o| {
            (
                o.status.code(),
                String::new(),
                String::from_utf8_lossy(&o.stderr).to_string(),
            )
        })
        .unwrap();
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("PDF file"), "{err}");
    assert!(!dir.join("-").exists());
}
