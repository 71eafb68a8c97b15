//! The command line: Veney's commands (check-set, replay) and the same commands for every game
//! through `--game`.
use std::path::{Path, PathBuf};
use std::process::Command;

const CLI: &str = env!("CARGO_BIN_EXE_veney-cli");

fn rules_tests(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../veney-rules/tests")
        .join(rel)
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(CLI).args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn check_set_exits_zero_only_for_valid_sets() {
    let f = |n: &str| rules_tests(&format!("fixtures/sets/{n}.ron"));
    let run_sets = |files: &[PathBuf]| {
        let out = Command::new(CLI)
            .arg("check-set")
            .args(files)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
        )
    };
    let (code, out) = run_sets(&[f("valid"), f("never_fended")]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("warning: "), "{out}");
    let (code, out) = run_sets(&[f("valid"), f("duplicate_letter")]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("duplicate_letter.ron:31:21: duplicate notation letter"),
        "{out}"
    );
}

#[test]
fn veney_replay_reports_each_turn_and_exits_nonzero_on_untenable() {
    let habits = rules_tests("records/habits.txt");
    let (code, out, _) = run(&["replay", habits.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("tenable   SX5 $X7"), "{out}");
    // A turn no piece can make: refused, the replay stops.
    let bad = rules_tests("records/untenable.txt");
    let (code, out, _) = run(&["replay", bad.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("REFUSED") && out.contains("untenable.txt:2"),
        "{out}"
    );
    // The public records' form, with an uncalled untenable turn played on to the end (§2.0.22).
    let sand = rules_tests("records/front_matter.txt");
    let (code, out, _) = run(&["replay", sand.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("White: Ann") && out.contains("Black: Bo"),
        "{out}"
    );
    assert!(
        out.contains("2. $Z6 SY5") && out.contains("tenable   SY5 $Z6"),
        "{out}"
    );
    assert!(
        out.contains("UNTENABLE") && out.contains("§2.0.13") && out.contains("stands as R*X10"),
        "{out}"
    );
    assert!(
        out.contains("5... eW10") && out.contains("tenable   eW10"),
        "{out}"
    );
    // No turns: a warning and a non-zero exit.
    let empty = std::env::temp_dir().join(format!("veney-empty-{}.txt", std::process::id()));
    std::fs::write(&empty, "---\nA game\n---\n").unwrap();
    let (code, _, err) = run(&["replay", empty.to_str().unwrap()]);
    let _ = std::fs::remove_file(&empty);
    assert_eq!(code, Some(1));
    assert!(err.contains("warning") && err.contains("no turns"), "{err}");
    let (code, _, _) = run(&["replay", "/no/such/file"]);
    assert_eq!(code, Some(2));
}

#[test]
fn an_unknown_game_is_refused_by_name() {
    let (code, _, err) = run(&["--game", "chess", "show", "start"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no game \"chess\""), "{err}");
}

#[test]
fn tirachen_has_every_command_veney_has() {
    // show: the 9×9 board with the Generals on their homeland centres and the Traitor in brackets
    // (Tirachen "PIECES AND PATCHES").
    let (code, out, err) = run(&["--game", "tirachen", "show", "start"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("  5  .  .  .  . [T]"), "{out}");
    assert!(out.contains("  1  .  .  .  .  G  ."), "{out}");
    // moves: at the start each side chooses its masters (any combination totalling 9): 55 ways.
    let (_, out, _) = run(&["--game", "tirachen", "moves", "start"]);
    assert_eq!(out.lines().count(), 55, "{out}");
    assert!(out.lines().any(|l| l == "S3A3W3"), "{out}");
    // apply: both choose, then Red places a Pike in its deployment area.
    let (code, out, err) = run(&[
        "--game", "tirachen", "apply", "start", "S3A3W3", "S2A2W5", "P@e3",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("4g4/9/9/9/4*4/9/4P4/9/4G4 w dd"), "{out}");
    // apply refuses an illegal turn naming the rule: a Pike placed outside the deployment area.
    let (code, _, err) = run(&[
        "--game", "tirachen", "apply", "start", "S3A3W3", "S2A2W5", "P@e5",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("P@e5"), "{err}");
    // turns and perft agree at depth 1.
    let (_, turns, _) = run(&["--game", "tirachen", "turns", "start"]);
    let (_, perft, _) = run(&["--game", "tirachen", "perft", "start", "1"]);
    assert_eq!(perft.trim(), turns.lines().count().to_string());
    let (_, perft2, _) = run(&["--game", "tirachen", "perft", "start", "2"]);
    assert_eq!(perft2.trim(), "3025");
    // random-position replays from its seed; random-games checks every action.
    let a = run(&[
        "--game",
        "tirachen",
        "random-position",
        "--seed",
        "3",
        "--turns",
        "40",
    ]);
    let b = run(&[
        "--game",
        "tirachen",
        "random-position",
        "--seed",
        "3",
        "--turns",
        "40",
    ]);
    assert_eq!(a.1, b.1);
    assert_eq!(a.0, Some(0));
    let (code, out, err) = run(&["--game", "tirachen", "random-games", "50", "--seed", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("50 games") && out.contains("every action checked"),
        "{out}"
    );
    // Veney-only commands say so.
    let (code, _, err) = run(&["--game", "tirachen", "check-set", "x.ron"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("Tirachen has none"), "{err}");
}

#[test]
fn tirachen_replay_reports_each_turn_and_exits_nonzero_on_a_refused_one() {
    let dir = std::env::temp_dir().join(format!("veney-cli-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(
        &good,
        "[Game \"tirachen\"]\n1. S3A3W3, S2A2W5; 2. P@e3, P@e7;\n",
    )
    .unwrap();
    let (code, out, err) = run(&["--game", "tirachen", "replay", good.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("3. P@e3") && out.contains("played"), "{out}");
    assert!(
        out.contains("final: 4g4/9/4p4/9/4*4/9/4P4/9/4G4 r dd"),
        "{out}"
    );
    let bad = dir.join("bad.txt");
    std::fs::write(
        &bad,
        "[Game \"tirachen\"]\n1. S3A3W3, S2A2W5;\n2. P@e5, P@e7;\n",
    )
    .unwrap();
    let (code, out, _) = run(&["--game", "tirachen", "replay", bad.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("REFUSED") && out.contains("bad.txt:3:4: "),
        "{out}"
    );
    assert!(out.contains("(Tirachen: deployment phase)"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn kelasu_has_the_common_commands() {
    // Kelasu: "It is a 10 by 10 board, where Ranks are labeled with letters and Files are labeled
    // with numbers"; Blue's Blanks on A–B and Stones on C0 C2 C7 C9.
    let (code, out, err) = run(&["--game", "kelasu", "show", "start"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("  C  S  .  S  .  .  .  .  S  .  S"), "{out}");
    assert!(out.contains("Blue to decide"), "{out}");
    // The Blanks on B1, B3–B6 and B8 may step forward (the Stones stand on C0 C2 C7 C9).
    let (_, out, _) = run(&["--game", "kelasu", "moves", "start"]);
    assert_eq!(out.lines().count(), 6, "{out}");
    let (_, out, _) = run(&["--game", "kelasu", "moves", "start", "--from", "B1"]);
    assert_eq!(out.trim(), "B1-C1");
    // perft counts complete turns (four actions on four Stones' energy, fewer only when a merge
    // overspends it: "Once your energy runs out, your turn ends"): the crate's anchor.
    let (_, out, _) = run(&["--game", "kelasu", "perft", "start", "1"]);
    assert_eq!(out.trim(), "3808");
    let (code, _, err) = run(&["--game", "kelasu", "apply", "start", "A0-A1"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("A0-A1"), "{err}");
    let (code, out, err) = run(&["--game", "kelasu", "random-games", "20", "--seed", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("20 games"), "{out}");
}

/// `arena` (issue 14): the computer against a random player, colours alternating; a small run
/// only proves it works (the strength figures are measured apart, in the README).
#[test]
fn arena_plays_matches_between_agents_for_every_game() {
    for (game, white, games) in [
        ("tirachen", "mcts:60", "2"),
        ("tirachen", "mcts-flat:60@40", "1"),
        ("veney", "mcts:30", "2"),
        ("kelasu", "beginner", "1"),
    ] {
        let (code, out, err) = run(&[
            "--game", game, "arena", "--white", white, "--black", "random", "--games", games,
            "--seed", "3",
        ]);
        assert_eq!(code, Some(0), "{game}: {out}{err}");
        assert!(
            out.contains(&format!("{white} vs random in {games} game(s)")),
            "{game}: {out}"
        );
        assert!(
            out.contains("won (") && out.contains("time per decision"),
            "{out}"
        );
    }
    let (code, _, err) = run(&["arena", "--white", "mcts:lots", "--black", "random"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("`lots` is not a number of iterations"),
        "{err}"
    );
    let (code, _, err) = run(&["arena", "--white", "mcts:30@soon", "--black", "random"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("`soon` is not a number of actions"), "{err}");
}
