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
fn veney_moves_from_a_square_lists_every_action_of_its_piece() {
    // `moves --from SQ`: "Only actions of the piece on this square" — a Dagger's throw at the
    // opposing Self (§2.0.08) is one of the Dagger's (a review found only moves and withdrawals
    // kept, the throw dropped).
    let p = "4/4/1s2/4/4/4/4/4/4/4/4/1D2/4/4/1S2/4 w EEEE/eeee";
    let (code, all, err) = run(&["moves", p]);
    assert_eq!(code, Some(0), "{err}");
    assert!(all.lines().any(|l| l == "DtX14~"), "{all}");
    let (_, dagger, _) = run(&["moves", p, "--from", "X5"]);
    assert!(dagger.lines().any(|l| l == "DtX14~"), "{dagger}");
    assert!(dagger.lines().all(|l| l.starts_with('D')), "{dagger}");
    let (_, self_piece, _) = run(&["moves", p, "--from", "X2"]);
    assert!(!self_piece.contains("DtX14~"), "{self_piece}");
    assert!(self_piece.lines().count() > 0, "{self_piece}");
}

#[test]
fn perft_counts_a_finished_position_as_one_leaf_with_or_without_divide() {
    // The testkit's perft: "A finished root is one leaf, as a finished branch below is"; its
    // `--divide` total is the same count (a review found `total: 0` for Tirachen and Kelasu, and
    // Veney's plain perft 0, at a finished position).
    let veney = "4/4/1s2/4/4/4/4/4/4/4/4/1D2/4/4/1S2/4 w EEEE/eeee over=agreed";
    for cmd in ["moves", "turns"] {
        let (_, out, _) = run(&[cmd, veney]);
        assert_eq!(out.trim(), "(the game is over: draw by agreement)", "{cmd}");
    }
    for depth in ["1", "2"] {
        let (code, out, err) = run(&["perft", veney, depth]);
        assert_eq!((code, out.trim()), (Some(0), "1"), "{err}");
        let (_, out, _) = run(&["perft", veney, depth, "--divide"]);
        assert_eq!(out.trim(), "total 1");
    }
    // The ending names who won, as the app's banner does (a review found Kelasu's "no
    // non-Stone pieces left" printed with no winner, the side that moved having lost).
    let (_, out, err) = run(&[
        "--game",
        "kelasu",
        "apply",
        "10/10/SS8/10/4D5/5s4/10/s9/10/w9 b 2 s - 0",
        "E4%F5",
    ]);
    assert!(
        err.contains("game over: Red wins: no non-Stone pieces left"),
        "{err}"
    );
    // On stderr, as Veney's: the output is the position alone, which the next command reads
    // (a review found `moves "$(apply …)"` refusing the ending's line).
    assert_eq!(out.lines().count(), 1, "{out}");
    let (code, _, err) = run(&["--game", "kelasu", "moves", out.trim()]);
    assert_eq!(code, Some(0), "{err}");
    for game in ["tirachen", "kelasu"] {
        // A random game played to its end.
        let (code, end, err) = run(&[
            "--game",
            game,
            "random-position",
            "--seed",
            "1",
            "--turns",
            "5000",
        ]);
        assert_eq!(code, Some(0), "{err}");
        let end = end.lines().next().unwrap().to_string();
        // `moves` and `turns` say the game is over, and how it ended (a review found `turns`
        // printing nothing).
        for cmd in ["moves", "turns"] {
            let (_, over, _) = run(&["--game", game, cmd, &end]);
            assert!(
                over.trim().starts_with("(the game is over: "),
                "{game} {cmd}: {over} at {end}"
            );
        }
        for depth in ["1", "2"] {
            let (_, out, _) = run(&["--game", game, "perft", &end, depth]);
            assert_eq!(out.trim(), "1", "{game}");
            let (_, out, _) = run(&["--game", game, "perft", &end, depth, "--divide"]);
            assert_eq!(out.trim(), "total: 1", "{game}");
        }
    }
}

/// README (Tirachen): with secret Masters "the opening deployment is a sealed choice", written
/// `1|…` and `2|…` in the record. `perft --divide` lists each first choice as it is typed back:
/// with its seat (a review found the seat left off). The sum of the choices is perft's count.
#[test]
fn perft_divide_writes_a_sealed_choice_with_its_seat() {
    let secret = ["--game", "tirachen", "--option", "Masters=secret"];
    let mut args = secret.to_vec();
    args.extend(["perft", "start", "1", "--divide"]);
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    let choices: Vec<&str> = out.lines().filter(|l| !l.starts_with("total")).collect();
    assert!(choices.len() > 1, "{out}");
    let mut sum = 0u64;
    for line in &choices {
        let (choice, n) = line.split_once(": ").expect("`choice: count`");
        assert!(choice.starts_with("1|"), "{line}");
        sum += n.parse::<u64>().unwrap();
        // Typed back, the choice plays.
        let mut args = secret.to_vec();
        args.extend(["apply", "start", choice]);
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(0), "{choice}: {err}");
    }
    let mut args = secret.to_vec();
    args.extend(["perft", "start", "1"]);
    let (_, total, _) = run(&args);
    assert_eq!(total.trim(), sum.to_string());
    // An open decision's choices carry no seat.
    let (_, open, _) = run(&["--game", "tirachen", "perft", "start", "1", "--divide"]);
    assert!(!open.contains('|'), "{open}");
}

/// README: "`--game veney` (default), `--game tirachen` or `--game kelasu`", named in any case as
/// `print` names them.
#[test]
fn a_game_is_named_in_any_case() {
    for (game, lower) in [
        ("VENEY", "veney"),
        ("Tirachen", "tirachen"),
        ("KeLaSu", "kelasu"),
    ] {
        let (code, out, err) = run(&["--game", game, "moves", "start"]);
        assert_eq!(code, Some(0), "{game}: {err}");
        let (_, same, _) = run(&["--game", lower, "moves", "start"]);
        assert_eq!(out, same, "{game}");
    }
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
        out.contains("2.     $Z6 SY5") && out.contains("tenable   SY5 $Z6"),
        "{out}"
    );
    assert!(
        out.contains("UNTENABLE") && out.contains("§2.0.13") && out.contains("stands as R*X10"),
        "{out}"
    );
    assert!(
        out.contains("5...   eW10") && out.contains("tenable   eW10"),
        "{out}"
    );
    // A move written with its call's mark was untenable and called (R-REPLAY-SAND): said so,
    // not "tenable" (a review found it so labelled).
    let called = std::env::temp_dir().join(format!("veney-called-{}.txt", std::process::id()));
    std::fs::write(
        &called,
        "[Rules \"(untenable: TurnPenalty)\"]\n1. $X9, SY12;\n2. $X10U\n",
    )
    .unwrap();
    let (_, out, err) = run(&["replay", called.to_str().unwrap()]);
    let _ = std::fs::remove_file(&called);
    assert!(
        out.contains("CALLED") && !out.contains("tenable   $X10U"),
        "{out}{err}"
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
    assert!(out.contains("a neutral piece in brackets"), "{out}");
    // A key to the letters, as the help promises (a review found none), of the kinds on the
    // board and in the trays: the masters once chosen.
    let (_, out, _) = run(&[
        "--game",
        "tirachen",
        "show",
        "4g4/2f4w1/3p5/5p3/C3T4/6S2/4F4/1A7/4G4 r mm P2/p e5 0",
    ]);
    let key = out.lines().find(|l| l.starts_with("key: ")).expect("a key");
    for k in [
        "G General",
        "T Traitor",
        "S Master of arms",
        "A Master of spells",
        "W Master of the hunt",
        "P Pike",
    ] {
        assert!(key.contains(k), "{key}");
    }
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
    assert!(err.contains("only in your deployment area"), "{err}");
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
    // Numbered in pairs, as the record and the app's move list number turns (a review found
    // every turn counted: `3. P@e3`, `4. P@e7`).
    assert!(
        out.contains("2.     P@e3") && out.contains("2...   P@e7") && out.contains("played"),
        "{out}"
    );
    // The turns line up under each other whatever their label (a review found `1...` lines two
    // columns off).
    let col = |t: &str| out.lines().find_map(|l| l.find(t)).unwrap();
    assert_eq!(col("S3A3W3"), col("S2A2W5"), "{out}");
    assert_eq!(col("P@e3"), col("P@e7"), "{out}");
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
    assert!(
        out.contains("key: B Blank, S Stone (on the board Blue's in upper case"),
        "{out}"
    );
    assert!(!out.contains("brackets"), "no neutral piece: {out}");
    // Drawn as the rule text's diagram and the app draw it: A, Blue's edge, at the top ("Blue
    // goes first. Yes, the player on top"; a review found J at the top).
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("  A "), "{out}");
    assert!(lines[9].starts_with("  J "), "{out}");
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
    // A1 holds Blue's own Blank: the rule says so, not the mark.
    assert!(err.contains("your own Blank stands on A1"), "{err}");
    // A text error is placed within the turn as written (its second action, at column 7), and
    // an empty turn is refused, not skipped.
    let (code, _, err) = run(&["--game", "kelasu", "apply", "start", "B1-C1 zz"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("turn 1 `B1-C1 zz`: column 7: `zz`: expected a square"),
        "{err}"
    );
    let (code, _, err) = run(&["--game", "kelasu", "apply", "start", " "]);
    assert_eq!(code, Some(2));
    assert!(err.contains("an empty turn"), "{err}");
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
        // The seeds played, first to last: 3 alone, or 3 and 4.
        let seeds = if games == "1" {
            "seed 3)"
        } else {
            "seeds 3 to 4)"
        };
        assert!(out.contains(seeds), "{game}: {out}");
        assert!(
            out.contains("won (") && out.contains("time per decision"),
            "{out}"
        );
    }
    // The first agent's games add up, and a seeded run repeats itself.
    let args = [
        "--game", "tirachen", "arena", "--white", "mcts:40", "--black", "random", "--games", "3",
        "--seed", "9",
    ];
    let (_, out, _) = run(&args);
    let line = out
        .lines()
        .find(|l| l.starts_with("mcts:40: "))
        .unwrap_or_default();
    let n: Vec<u32> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    // "mcts:40: W won (P %), D drawn, L lost"
    assert_eq!(n.len(), 5, "{out}");
    assert_eq!(n[1] + n[3] + n[4], 3, "{out}");
    let (_, again, _) = run(&args);
    let results = |o: &str| {
        o.lines()
            .filter(|l| !l.starts_with("time per"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(results(&out), results(&again));
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

/// Flags that would go unused are refused, not silently ignored: Veney's set and rule files for
/// another game or the printable kit, `--option` for Veney, a flag among apply's turns.
#[test]
fn unused_flags_are_refused() {
    let rules = rules_tests("../../../config/rules/sand.ron");
    let rules = rules.to_str().unwrap();
    let (code, out, err) = run(&[
        "--game",
        "kelasu",
        "--rules",
        rules,
        "random-games",
        "1",
        "--seed",
        "1",
    ]);
    assert_eq!(code, Some(2), "{out}");
    assert!(err.contains("--rules names Veney's"), "{err}");
    let out_pdf = std::env::temp_dir().join("veney-cli-unused-flag.pdf");
    let (code, _, err) = run(&["--set", rules, "print", "--out", out_pdf.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("print makes the standard printable kit"),
        "{err}"
    );
    assert!(!out_pdf.exists());
    let (code, _, err) = run(&["--option", "Masters=secret", "show", "start"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--rules FILE"), "{err}");
    let (code, _, err) = run(&["apply", "start", "SY3", "--game", "tirachen"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("`--game` is written among apply's turns"),
        "{err}"
    );
    let (code, _, err) = run(&["apply", "start", "SY5", "-h"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("`-h` is written among apply's turns"), "{err}");
    // The hint names the game being played (a review found Tirachen named for Veney's).
    assert!(err.contains("veney-cli --game veney apply"), "{err}");
    // A turn of hyphens is still a turn (Veney's pass).
    let (code, _, err) = run(&["apply", "start", "---"]);
    assert_ne!(code, Some(2), "{err}");
    assert!(!err.contains("among apply's turns"), "{err}");
}

/// `--option NAME=VALUE` sets another game's options by their save-header names.
#[test]
fn options_of_other_games_are_set_by_their_header_names() {
    // Tirachen "secret" masters: the choice is simultaneous.
    let (code, out, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "masters=secret",
        "show",
        "start",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("simultaneous: waiting for Red, White"),
        "{out}"
    );
    let (_, open, _) = run(&["--game", "tirachen", "show", "start"]);
    assert!(!open.contains("simultaneous"), "{open}");
    // First=White: White decides first.
    let (_, out, _) = run(&[
        "--game",
        "tirachen",
        "--option",
        "First=White",
        "show",
        "start",
    ]);
    assert!(out.contains("White to decide"), "{out}");
    // An unknown option names the game's own; a bad value the option's values.
    let (code, _, err) = run(&["--game", "tirachen", "--option", "Foo=1", "show", "start"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("no option `Foo`") && err.contains("Masters (default open)"),
        "{err}"
    );
    let (code, _, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "Masters=hidden",
        "show",
        "start",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("expected `open` or `secret`"), "{err}");
    let (code, _, err) = run(&["--game", "kelasu", "--option", "Masters", "show", "start"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("expected NAME=VALUE"), "{err}");
}

/// A Tirachen save is replayed under the options it names (secret masters: sealed choices), a
/// save of another game is refused naming it, and a `Final` that differs fails the replay.
#[test]
fn generic_replay_reads_the_saves_own_options() {
    use game_api::{Match, Viewer};
    let g = std::sync::Arc::new(tirachen_rules::Tirachen::new(
        tirachen_rules::TirachenOptions {
            masters: tirachen_rules::MasterChoice::Secret,
            first: tirachen_rules::Side::White,
            ..Default::default()
        },
    ));
    let mut m = Match::new(g, 5);
    for tok in ["2|S3A3W3", "1|S2A2W5"] {
        m.play_text(tok).unwrap();
    }
    let text = m.save_text(Viewer::Referee);
    assert!(text.contains("[Masters \"secret\"]"), "{text}");
    let dir = std::env::temp_dir().join(format!("veney-cli-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("secret.tirachen");
    std::fs::write(&file, &text).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = run(&["--game", "tirachen", "replay", f]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("played"), "{out}");
    // The options given must agree with the save's.
    let (code, _, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "Masters=open",
        "replay",
        f,
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("played with [Masters \"secret\"]"), "{err}");
    // Another game's save.
    let (code, _, err) = run(&["--game", "kelasu", "replay", f]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("this is a save of `tirachen`, not of `kelasu`"),
        "{err}"
    );
    // A Final the record does not reach (a position that reads: the start).
    let wrong = text
        .lines()
        .map(|l| {
            if l.starts_with("[Final ") {
                "[Final \"4g4/9/9/9/4*4/9/9/9/4G4 w cc FCP9/fcp9 - 0\"]".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(wrong.contains("[Final "), "{text}");
    std::fs::write(&file, wrong).unwrap();
    let (code, out, _) = run(&["--game", "tirachen", "replay", f]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("FINAL DIFFERS"), "{out}");
    // An ending the game does not know lists those it does, as the app's Load does (a review
    // found `<player> resigns` said, the game's players unnamed).
    std::fs::write(
        &file,
        "[Game \"Tirachen\"]\n[Ending \"Blue resigns\"]\n1. S3A3W3, S3A3W3\n",
    )
    .unwrap();
    let (code, _, err) = run(&["--game", "tirachen", "replay", f]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("`Blue resigns` is not an ending: an ending is `Red resigns`, `White resigns`, `Red out of time`, `White out of time` or `draw agreed`"),
        "{err}"
    );
    // A [Final] that does not read, its error naming no token: none is said (a review found
    // "(at ``)").
    let kelasu = dir.join("cut.kelasu");
    std::fs::write(&kelasu, "[Game \"Kelasu\"]\n[Final \"abc\"]\n").unwrap();
    let (code, _, err) = run(&["--game", "kelasu", "replay", kelasu.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("[Final] does not read: column 12: 1 fields"),
        "{err}"
    );
    assert!(!err.contains("(at ``)"), "{err}");
}

/// Numbers the commands cannot honour are refused or handled, never a panic: a seed at the top
/// of its range, a game count beyond u32, a square the board lacks, perft --divide at depth 0,
/// `@N` on the random agent, a facing that is not f, r, b or l.
#[test]
fn edge_numbers_and_names() {
    let (code, out, err) = run(&[
        "arena",
        "--white",
        "random",
        "--black",
        "random",
        "--seed",
        "18446744073709551615",
        "--games",
        "1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("seed 18446744073709551615)"), "{out}");
    let (code, _, err) = run(&[
        "--game",
        "tirachen",
        "random-games",
        "4294967296",
        "--seed",
        "1",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("at most 4294967295 games"), "{err}");
    let (code, out, err) = run(&["--game", "kelasu", "moves", "start", "--from", "Q99"]);
    assert_eq!(code, Some(2), "{out}");
    assert!(err.contains("Kelasu has no square Q99"), "{err}");
    let (_, out, _) = run(&["--game", "kelasu", "moves", "start", "--from", "b1"]);
    assert_eq!(out.trim(), "B1-C1");
    for game in ["veney", "tirachen"] {
        let (code, out, err) = run(&["--game", game, "perft", "start", "0", "--divide"]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.trim().ends_with(" 1"), "{game}: {out}");
        assert_eq!(out.lines().count(), 1, "{game}: {out}");
    }
    let (code, _, err) = run(&["arena", "--white", "random@5", "--black", "random"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("random has none"), "{err}");
    let set = rules_tests("fixtures/sets/valid.ron");
    let (code, _, err) = run(&[
        "show-piece",
        set.to_str().unwrap(),
        "Self",
        "--facing",
        "rubbish",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("is not a facing"), "{err}");
}

/// `--max-turns` counts turns (a Kelasu turn is several actions), not actions.
#[test]
fn max_turns_counts_whole_turns() {
    let (code, out, err) = run(&[
        "--game",
        "kelasu",
        "random-games",
        "2",
        "--seed",
        "1",
        "--max-turns",
        "3",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("turn limit: 2"), "{out}");
    // Three Kelasu turns of up to four actions each: more than the six actions that the old
    // reading (actions = 2 × turns) allowed for two games.
    let actions: u64 = out
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(actions > 12, "{out}");
}

/// A Veney save is replayed under the rule options it names (`[Rules "(…)"]`), as the app loads
/// it; `--rules` naming others is refused with both named.
#[test]
fn veney_replay_reads_the_saves_rule_options() {
    use veney_rules::{Rules, Side, options::RuleOptions};
    let options = RuleOptions {
        first_player: Side::Black,
        ..RuleOptions::default()
    };
    let rules = std::sync::Arc::new(Rules::standard_with(options));
    let mut g = veney_rules::Game::new(rules);
    // Black's Self steps forward (its first turn; under the default options White moves first).
    g.play_token("SY12", 1).unwrap();
    // The concert's second move declined: the save ends at White's turn start.
    g.play(veney_rules::Action::EndTurn).unwrap();
    let text = veney_rules::savefile::write(&g);
    let dir = std::env::temp_dir().join(format!("veney-cli-veney-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("black-first.veney");
    std::fs::write(&file, &text).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = run(&["replay", f]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("replayed under the save's rule options"),
        "{out}"
    );
    assert!(out.contains("tenable   SY12"), "{out}");
    // Black's opening turn is the pair's first, `1.`, as the record numbers it (a review found
    // it labelled `1...`, by its colour).
    assert!(out.contains("1.     SY12"), "{out}");
    assert!(!out.contains("1...   SY12"), "{out}");
    let default = rules_tests("../../../config/rules/default.ron");
    let (code, _, err) = run(&["--rules", default.to_str().unwrap(), "replay", f]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("the save was played under the rule options"),
        "{err}"
    );
    // A [Final] the record does not reach fails the replay.
    let wrong: String = text
        .lines()
        .map(|l| {
            if l.starts_with("[Final ") {
                "[Final \"4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr\"]".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_ne!(wrong, text);
    std::fs::write(&file, wrong).unwrap();
    let (code, out, _) = run(&["replay", f]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("FINAL DIFFERS"), "{out}");
    // Another game's save is refused by name.
    let other = dir.join("other.tirachen");
    std::fs::write(&other, "[Game \"tirachen\"]\n1. S3A3W3;\n").unwrap();
    let (code, _, err) = run(&["replay", other.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("this is a save of `tirachen`, not of Veney"),
        "{err}"
    );
}

/// A save that ends with a resignation after its record (§2.0.21): its `[Final]` carries the
/// ending, and the board it stands on must still be the one the record reaches — another
/// game's final position with its resignation is FINAL DIFFERS (a review found it passed).
#[test]
fn a_declared_endings_final_position_is_compared_too() {
    use std::sync::Arc;
    let r = Arc::new(veney_rules::Rules::standard());
    let mut g =
        veney_rules::Game::from_position_seeded(r.clone(), veney_rules::Position::start(&r), 3);
    g.play_token("SY3", 1).unwrap();
    g.play(veney_rules::Action::EndTurn).unwrap();
    g.resign(veney_rules::Side::Black);
    let text = veney_rules::savefile::write(&g);
    let dir = std::env::temp_dir().join(format!("veney-cli-declared-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("resigned.veney");
    std::fs::write(&file, &text).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = run(&["replay", f]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(!out.contains("FINAL DIFFERS"), "{out}");
    // The same resignation on another board: White's Self back on Y4.
    let final_line = text.lines().find(|l| l.starts_with("[Final ")).unwrap();
    let other = {
        let mut start = veney_rules::Position::start(&r);
        start.set_outcome(g.position().outcome().unwrap());
        format!("[Final \"{}\"]", start.to_text(&r))
    };
    assert_ne!(other, final_line);
    std::fs::write(&file, text.replacen(final_line, &other, 1)).unwrap();
    let (code, out, _) = run(&["replay", f]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("FINAL DIFFERS"), "{out}");
}

/// An ending declared with a second move open — a resignation, a draw agreed or a flag after
/// a Self move left its concert open (§2.0.15, §2.0.21, §2.0.R3) — and a checkmate acknowledged
/// part way through the dying turn (§2.0.20, R-DYING): the app saves and loads each to that part
/// of the turn, and `replay` finds the same final position (a review found each reported as
/// FINAL DIFFERS).
#[test]
fn endings_declared_mid_turn_replay_to_their_final_position() {
    use std::sync::Arc;
    let r = Arc::new(veney_rules::Rules::standard());
    let dir = std::env::temp_dir().join(format!("veney-cli-midturn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let check = |name: &str, g: &veney_rules::Game| {
        let text = veney_rules::savefile::write(g);
        assert!(
            veney_rules::savefile::read(r.clone(), &text).is_ok(),
            "{name}: {text}"
        );
        let file = dir.join(format!("{name}.veney"));
        std::fs::write(&file, &text).unwrap();
        let (code, out, err) = run(&["replay", file.to_str().unwrap()]);
        assert_eq!(code, Some(0), "{name}: {out}{err}\n{text}");
        assert!(!out.contains("FINAL DIFFERS"), "{name}: {out}");
    };
    type End = fn(&mut veney_rules::Game);
    let endings: [(&str, End); 3] = [
        ("resigned", |g| g.resign(veney_rules::Side::White)),
        ("agreed", |g| {
            g.agree_draw();
        }),
        ("flag", |g| {
            g.out_of_time(veney_rules::Side::White);
        }),
    ];
    for (name, end) in endings {
        let mut g =
            veney_rules::Game::from_position_seeded(r.clone(), veney_rules::Position::start(&r), 3);
        g.play_token("SY3", 1).unwrap();
        assert!(!g.position().at_turn_start(), "the concert's move open");
        end(&mut g);
        assert!(g.position().outcome().is_some(), "{name}");
        check(name, &g);
    }
    let dying = veney_rules::Position::from_text(
        &r,
        "4/w1e1/g2e/lsr1/1e2/4/c1R1/1E2/@W2/3D/4/2E1/4/3E/1B2/4 w ECGLJ/ebdj turns=80 dying=w:W11 over=touch:b",
    )
    .unwrap();
    let mut g = veney_rules::Game::from_position_seeded(r.clone(), dying, 3);
    g.play_token("$X9", 1).unwrap();
    g.acknowledge();
    check("acknowledged", &g);
}

/// `show` prints "the board as text": what its letters cannot show is named under it — a blade
/// pinned under an opposing Cloak (§2.0.06), the Donkeys on the board (`K`/`k`, which nothing
/// leaps, §2.0.23) and in reserve, and a concert partner in hand (R-CONCERT) (a review found the
/// pinned Sword listed nowhere and the Donkey drawn as an empty square).
#[test]
fn show_names_pinned_blades_donkeys_and_a_partner_in_hand() {
    let (code, out, err) = run(&[
        "show",
        "1s2/4/4/4/4/4/4/4/4/4/1c2/4/2S1/4/4/4 w EEEE/eeee pinned=W:X6:0 turns=1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("White's Sword pinned under Black's Cloak on X6"),
        "{out}"
    );
    let dir = std::env::temp_dir().join(format!("veney-cli-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("donkey.ron");
    std::fs::write(&rules, "RuleOptions(donkey: true)\n").unwrap();
    let (code, out, err) = run(&[
        "--rules",
        rules.to_str().unwrap(),
        "show",
        "4/4/4/1s2/4/4/4/4/4/4/4/4/1WS1/4/4/4 w EEEE/eeee donkey=bX5 donkeyhome=w",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let row5 = out
        .lines()
        .find(|l| l.trim_start().starts_with("5 "))
        .unwrap();
    assert!(row5.contains('k'), "Black's Donkey drawn on X5: {row5}");
    assert!(out.contains("Black's Donkey on X5"), "{out}");
    assert!(out.contains("White's Donkey in reserve"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    let (code, out, err) = run(&[
        "show",
        "1s2/4/4/4/4/4/4/4/4/4/4/4/1S2/4/4/4 w EEEE/eeee concert=X4 lifted=WX4",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("White's Sword in hand, lifted from X4"),
        "{out}"
    );
}

/// §2.0.20, R-DYING: after a checkmate by touch the mated player has one dying move; `moves`,
/// `turns` and `show` list it and say the mate stands unless it answers, not "the game is over"
/// (a review found the double checkmate hidden).
#[test]
fn the_dying_move_is_listed_after_a_checkmate_by_touch() {
    let (code, mated, err) = run(&[
        "apply",
        "2d1/4/4/1s2/4/4/1W2/2S1/4/4/4/4/4/4/4/4 w EEEE/eeee",
        "$tX13#",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let q = mated.trim();
    assert!(q.contains("dying=b:X13"), "{q}");
    for verb in ["moves", "turns"] {
        let (code, out, err) = run(&[verb, q]);
        assert_eq!(code, Some(0), "{err}");
        assert!(!out.contains("the game is over"), "{verb}: {out}");
        // The note on standard error; every line on standard output is notation that `apply`
        // reads, as many as `perft` counts (a review found the note among them).
        assert!(
            err.contains("unless Black's dying move answers it"),
            "{verb}: {err}"
        );
        assert!(out.lines().any(|l| l == "DtY9##"), "{verb}: {out}");
        for line in out.lines() {
            let (code, _, err) = run(&["apply", q, line]);
            assert_eq!(code, Some(0), "{verb}: {line}: {err}");
        }
        if verb == "turns" {
            let (_, count, _) = run(&["perft", q, "1"]);
            assert_eq!(
                count.trim(),
                out.lines().count().to_string(),
                "perft against the turns listed"
            );
        }
    }
    let (_, shown, _) = run(&["show", q]);
    assert!(!shown.contains("game over"), "{shown}");
    assert!(shown.contains("Black to move"), "{shown}");
    // The double checkmate it makes ends the game: then it is over.
    let (_, after, _) = run(&["apply", q, "DtY9"]);
    let (_, out, _) = run(&["moves", after.trim()]);
    assert!(out.contains("the game is over"), "{out}");
}

/// Mid-turn, ending the turn is listed in notation (`---`) by `moves` and `turns`, and each line
/// of both is read back by `apply` (a review found "(end turn)" and an empty line, which
/// `apply` refuses).
#[test]
fn every_listed_action_and_turn_is_read_back_by_apply() {
    let p = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CW1B/1S2/4/4 w DGLJR/dgljr concert=X3";
    for cmd in ["moves", "turns"] {
        let (code, text, err) = run(&[cmd, p]);
        assert_eq!(code, Some(0), "{cmd}: {err}");
        assert!(text.lines().any(|l| l == "---"), "{cmd}:\n{text}");
        for line in text.lines().filter(|l| !l.starts_with('(')) {
            assert!(!line.trim().is_empty(), "{cmd}: an empty line in\n{text}");
            let (code, _, err) = run(&["apply", p, line]);
            assert_eq!(code, Some(0), "{cmd}: `{line}` refused: {err}");
        }
    }
}

/// A position text with a space or a carriage return after it (read from a file) is the same
/// position in every game (a review found Tirachen's refused, the others read).
#[test]
fn a_position_with_trailing_whitespace_reads_in_every_game() {
    for (game, p) in [
        ("tirachen", "4g4/9/9/9/4*4/9/9/9/4G4 r cc FCP9/fcp9 - 0"),
        ("veney", "4/4/1s2/4/4/4/4/4/4/4/4/1D2/4/4/1S2/4 w EEEE/eeee"),
    ] {
        let (code, plain, err) = run(&["--game", game, "moves", p]);
        assert_eq!(code, Some(0), "{game}: {err}");
        for tail in [" ", "\r", "\r\n"] {
            let (code, out, err) = run(&["--game", game, "moves", &format!("{p}{tail}")]);
            assert_eq!(code, Some(0), "{game} {tail:?}: {err}");
            assert_eq!(out, plain, "{game} {tail:?}");
        }
        let (code, _, err) = run(&["--game", game, "moves", "start "]);
        assert_eq!(code, Some(0), "{game} `start `: {err}");
        // `apply` too, with turns and without (a review found it refusing both).
        let (code, plain, err) = run(&["--game", game, "apply", p]);
        assert_eq!(code, Some(0), "{game}: {err}");
        let (code, out, err) = run(&["--game", game, "apply", &format!("{p} \r")]);
        assert_eq!((code, out), (Some(0), plain), "{game}: {err}");
        let (code, _, err) = run(&["--game", game, "apply", "start "]);
        assert_eq!(code, Some(0), "{game} `start `: {err}");
    }
}

/// `moves --from` a square with no action says so, in every game (a review found nothing
/// printed); Veney's `apply` says the game's end in words, as `show` does.
#[test]
fn moves_from_a_square_with_nothing_to_do_says_so_and_apply_names_the_end() {
    let (code, out, err) = run(&["moves", "start", "--from", "X8"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("no action from X8 now: nothing stands there"),
        "{out}"
    );
    let (_, out, _) = run(&["moves", "start", "--from", "Y13"]);
    assert!(out.contains("no action from Y13 now: Black's"), "{out}");
    for game in ["tirachen", "kelasu"] {
        let sq = if game == "tirachen" { "e5" } else { "E5" };
        let (code, out, err) = run(&["--game", game, "moves", "start", "--from", sq]);
        assert_eq!(code, Some(0), "{game}: {err}");
        assert!(
            out.contains(&format!("no action from {sq} now")),
            "{game}: {out}"
        );
    }
    let (code, out, err) = run(&[
        "apply",
        "2d1/4/4/1s2/4/4/1W2/2S1/4/4/4/4/4/4/4/4 w EEEE/eeee",
        "$tX13#",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("unless Black's dying move answers it"),
        "{err}"
    );
    assert_eq!(out.lines().count(), 1, "stdout the position alone: {out}");
}

/// Control characters a set file, a path or a save's header carries are written escaped, not
/// sent to the terminal (a review found `check-set` and `replay`'s set fingerprint warning
/// printing them raw).
#[test]
fn check_set_and_replay_escape_what_their_inputs_carry() {
    let dir = std::env::temp_dir().join(format!("veney-cli-escape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let standard = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/sets/standard.ron"),
    )
    .unwrap();
    let set = dir.join("esc\u{1b}[31m.ron");
    std::fs::write(
        &set,
        standard.replacen("\"Lantern\": Take,", "\"Lan\u{1b}[31mtern\": Take,", 1),
    )
    .unwrap();
    let (_, out, err) = run(&["check-set", set.to_str().unwrap()]);
    assert!(
        !out.contains('\u{1b}') && !err.contains('\u{1b}'),
        "{out}{err}"
    );
    assert!(out.contains("\\u{1b}"), "{out}");
    let record = dir.join("r.txt");
    std::fs::write(&record, "[WhiteSetHash \"\u{1b}[2J\"]\n1. SY3\n").unwrap();
    let (_, out, err) = run(&["replay", record.to_str().unwrap()]);
    assert!(
        !out.contains('\u{1b}') && !err.contains('\u{1b}'),
        "{out}{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `apply` help and README's example plays as written: one argument a turn, the players
/// taking turns (a review found the help's example refused, its second turn White's move given
/// to Black).
#[test]
fn the_apply_example_plays() {
    let (code, out, err) = run(&["apply", "start", "SY3", "eX11", "$X5 $X7", "---"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.trim_end().ends_with("passes=1 turns=4 quiet=4"),
        "{out}"
    );
    let (_, help, _) = run(&["apply", "--help"]);
    assert!(help.contains("SY3 eX11 '$X5 $X7'"), "{help}");
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    assert!(readme.contains("apply start SY3 eX11 '$X5 $X7' ---"));
}

/// §2.0.23 "a draw must be settled with a 'hug'" (option `hug`): a draw the Hug is still to
/// settle is not told as final (a review found "game over: draw by agreement").
#[test]
fn a_draw_awaiting_the_hug_says_so() {
    let dir = std::env::temp_dir().join(format!("veney-cli-hug-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("hug.ron");
    std::fs::write(&rules, "RuleOptions(hug: true)").unwrap();
    let start = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr over=agreed";
    let (_, out, err) = run(&["--rules", rules.to_str().unwrap(), "moves", start]);
    assert!(out.contains("to be settled by the Hug"), "{out}{err}");
    let (_, out, err) = run(&["moves", start]);
    assert!(
        out.contains("the game is over") && !out.contains("Hug"),
        "{out}{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// §2.0.18 Death Spell: a dying Jutsu-takes-Jutsu is named on the command line as on the app's
/// banner (a review found only `deathspell=1` in the position).
#[test]
fn a_death_spell_is_named() {
    let start = "4/4/4/4/4/4/j3/1s2/1W2/1S2/J3/4/4/4/4/4 w EEEE/eeee";
    let (code, out, err) = run(&["apply", start, "$tX9#", "JtW6"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("deathspell=1"), "{out}");
    assert!(err.contains("Death Spell"), "{err}");
}

/// §2.0.22: under a sand policy an untenable move stands until called, "only immediately after
/// the move is made" — a game's record, with its call, which `replay` reads. `apply` plays
/// tenable turns from a position and says so when refusing one (a review found the refusal
/// silent about where such a move is played, the agreed `--rules` seemingly unused).
#[test]
fn apply_under_sand_points_an_untenable_move_to_replay() {
    let rules = rules_tests("../../../config/rules/sand.ron");
    let rules = rules.to_str().unwrap();
    let (code, _, err) = run(&["--rules", rules, "apply", "start", "$X9"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("untenable: X9 is outside the Sword's range"),
        "{err}"
    );
    assert!(err.contains("which `replay` reads"), "{err}");
    // Under the strict default, no such pointer: the move is simply not tenable.
    let (code, _, err) = run(&["apply", "start", "$X9"]);
    assert_eq!(code, Some(2));
    assert!(!err.contains("replay"), "{err}");
}
