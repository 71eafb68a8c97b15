//! The command line never trips: a closed pipe ends every printing command quietly, and the
//! built-in defaults make it work from any directory, naming only the files the user passed.
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};

const CLI: &str = env!("CARGO_BIN_EXE_veney-cli");

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

/// A fresh empty directory, unique to this test process and `name`.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("veney-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Ended quietly: exit 0, or killed by SIGPIPE as other Unix tools are (the shell's 141).
fn quiet_end(status: ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if status.signal() == Some(13) {
            return true;
        }
    }
    status.success()
}

#[track_caller]
fn assert_quiet(what: &str, status: ExitStatus, stderr: &str) {
    assert!(
        !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
        "{what}: {stderr}"
    );
    assert!(quiet_end(status), "{what}: {status:?}\n{stderr}");
}

/// Every printing command, for every game.
fn printing_commands() -> Vec<Vec<String>> {
    let habits = repo("crates/veney-rules/tests/records/habits.txt");
    let standard = repo("config/sets/standard.ron");
    let dir = temp_dir("pipe-records");
    let tirachen = dir.join("tirachen.txt");
    std::fs::write(&tirachen, "1. S3A3W3, S2A2W5; 2. P@e3, P@e7;\n").unwrap();
    let kelasu = dir.join("kelasu.txt");
    std::fs::write(&kelasu, "1. B1-C1\n").unwrap();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let mut all = vec![
        s(&["show", "start"]),
        s(&["moves", "start"]),
        s(&["moves", "start", "--from", "Y4"]),
        s(&["turns", "start"]),
        s(&["apply", "start", "SY3"]),
        s(&["perft", "start", "1"]),
        s(&["perft", "start", "1", "--divide"]),
        s(&["random-position", "--seed", "1", "--turns", "5"]),
        s(&["random-games", "2", "--seed", "1", "--max-turns", "20"]),
        s(&["replay", habits.to_str().unwrap()]),
        s(&["check-set", standard.to_str().unwrap()]),
        s(&["show-piece", standard.to_str().unwrap(), "Sword"]),
        s(&["--help"]),
    ];
    for (game, record) in [("tirachen", &tirachen), ("kelasu", &kelasu)] {
        for cmd in [
            s(&["show", "start"]),
            s(&["moves", "start"]),
            s(&["turns", "start"]),
            s(&["perft", "start", "1"]),
            s(&["perft", "start", "1", "--divide"]),
            s(&["random-position", "--seed", "1", "--turns", "3"]),
            s(&["random-games", "2", "--seed", "1", "--max-turns", "20"]),
            s(&["replay", record.to_str().unwrap()]),
        ] {
            let mut v = s(&["--game", game]);
            v.extend(cmd);
            all.push(v);
        }
    }
    all.push(s(&["--game", "tirachen", "apply", "start", "S3A3W3"]));
    all.push(s(&["--game", "kelasu", "apply", "start", "B1-C1"]));
    all
}

#[test]
fn every_printing_command_ends_quietly_on_a_closed_pipe() {
    // `veney-cli … | head -0`: stdout is a pipe whose reader is already gone, so the first
    // write fails (deterministically, however small the output).
    for args in printing_commands() {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = Command::new(CLI)
            .args(&args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_quiet(&args.join(" "), out.status, &err);
    }
}

#[test]
fn head_one_reads_a_line_and_the_rest_ends_quietly() {
    // `veney-cli turns start | head -1` and `random-games … | head -1`: the reader takes one
    // line and goes away while the tool is still writing.
    for args in [
        vec!["turns", "start"],
        vec!["--game", "kelasu", "turns", "start"],
        vec!["random-games", "3", "--seed", "2", "--max-turns", "30"],
    ] {
        let mut child = Command::new(CLI)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty(), "{args:?}");
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_quiet(&args.join(" "), out.status, &err);
    }
}

fn run_in(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(CLI)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// Every mention of a `config/` path in `err` is of a built-in part, not a file on disk.
#[track_caller]
fn names_no_config_file(err: &str) {
    for (i, _) in err.match_indices("config/") {
        assert!(
            err[..i].ends_with("built-in "),
            "names a config/ file the user did not pass: {err}"
        );
    }
}

#[test]
fn each_option_alone_works_from_any_directory() {
    // Outside the repository nothing is read from a relative `config/`: the parts not given
    // are built in.
    let dir = temp_dir("anywhere");
    let set = repo("config/sets/aristocrat.ron");
    let setup = repo("config/setups/standard.ron");
    let rules = repo("config/rules/sand.ron");
    for args in [
        vec!["--rules", rules.to_str().unwrap(), "show", "start"],
        vec!["--setup", setup.to_str().unwrap(), "moves", "start"],
        vec!["--set", set.to_str().unwrap(), "show", "start"],
        vec!["--white-set", set.to_str().unwrap(), "show", "start"],
        vec!["--black-set", set.to_str().unwrap(), "perft", "start", "1"],
        vec!["show", "start"],
    ] {
        let (code, out, err) = run_in(&dir, &args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(!out.is_empty(), "{args:?}");
    }
    // The options given are used: with Black moving first the start is Black's.
    let black_first = dir.join("black-first.ron");
    let text = std::fs::read_to_string(&rules).unwrap();
    assert!(text.contains("first_player: White"), "{text}");
    std::fs::write(
        &black_first,
        text.replace("first_player: White", "first_player: Black"),
    )
    .unwrap();
    let (_, black, _) = run_in(&dir, &["--rules", "black-first.ron", "show", "start"]);
    assert!(black.contains("Black to move"), "{black}");
    let (_, plain, _) = run_in(&dir, &["show", "start"]);
    assert!(plain.contains("White to move"), "{plain}");
    // A set given is used: the aristocrat army's pieces are shown, not the standard ones.
    let (_, aristocrat, _) = run_in(&dir, &["--set", set.to_str().unwrap(), "show", "start"]);
    assert_ne!(aristocrat, plain);
}

#[test]
fn errors_name_only_the_files_passed() {
    let dir = temp_dir("errors");
    // A broken set file: the error names it, with line and column.
    std::fs::write(
        dir.join("bad.ron"),
        "PieceSet(\n  name: \"Bad\",\n  pieces: [,\n",
    )
    .unwrap();
    let (code, _, err) = run_in(&dir, &["--set", "bad.ron", "show", "start"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("bad.ron:3:"), "{err}");
    names_no_config_file(&err);
    // A setup naming a piece the built-in standard set lacks: the setup file is named.
    let setup = std::fs::read_to_string(repo("config/setups/standard.ron"))
        .unwrap()
        .replacen("\"Sword\"", "\"Swrod\"", 1);
    std::fs::write(dir.join("setup.ron"), setup).unwrap();
    let (code, _, err) = run_in(&dir, &["--setup", "setup.ron", "show", "start"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("setup.ron:") && err.contains("Swrod"), "{err}");
    names_no_config_file(&err);
    // A setup that leaves out the built-in set's Sword: the mismatch is the setup's, located
    // at the setup file given.
    let setup = std::fs::read_to_string(repo("config/setups/standard.ron"))
        .unwrap()
        .replacen("\"X4\": \"Sword\",", "", 1);
    std::fs::write(dir.join("nosword.ron"), setup).unwrap();
    let (code, _, err) = run_in(&dir, &["--setup", "nosword.ron", "show", "start"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("places 0 Sword"), "{err}");
    assert!(err.contains("nosword.ron:1:1"), "{err}");
    names_no_config_file(&err);
    // A set the built-in standard setup does not fit: the built-in setup is named as such.
    let set = std::fs::read_to_string(repo("config/sets/standard.ron"))
        .unwrap()
        .replacen("name: \"Sword\"", "name: \"Sabre\"", 1)
        .replace("\"Sword\":", "\"Sabre\":");
    std::fs::write(dir.join("sabre.ron"), set).unwrap();
    let (code, _, err) = run_in(&dir, &["--set", "sabre.ron", "show", "start"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("built-in config/setups/standard.ron"), "{err}");
    names_no_config_file(&err);
    // A missing file is named as given.
    let (code, _, err) = run_in(&dir, &["--rules", "nowhere.ron", "show", "start"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("nowhere.ron"), "{err}");
    names_no_config_file(&err);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `check-set` reads its file once: a set given through a pipe (`/dev/stdin`) is checked as it
/// is, not read a second time empty (a review found a valid set so reported broken).
#[test]
fn check_set_reads_a_piped_set_once() {
    let set = std::fs::read(repo("config/sets/standard.ron")).unwrap();
    let mut child = Command::new(CLI)
        .args(["check-set", "/dev/stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), &set).unwrap();
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("is valid"), "{stdout}");
}

/// An option judged only against the armies — an optional piece neither set has — is placed
/// in the options file the user gave, at its field (README: "an error names the files you
/// passed"; a review found `rule options:1:1`).
#[test]
fn an_unknown_optional_piece_is_placed_in_the_rules_file() {
    let dir = temp_dir("optional-piece");
    let f = dir.join("r.ron");
    std::fs::write(
        &f,
        "RuleOptions(\n    dice: StickDice,\n    optional_pieces: [\"Sword\"],\n)\n",
    )
    .unwrap();
    let out = Command::new(CLI)
        .args(["--rules", f.to_str().unwrap(), "show", "start"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("{}:3:5: optional piece \"Sword\"", f.display())),
        "{err}"
    );
}
