//! What the command line refuses, and how it says so (README, "The command-line tool": "Every
//! error goes to stderr with exit code 2"): flags a command would not use, a save of another
//! game or of one player's view, a save's broken headers, blamed on the right source; sealed
//! actions listed as the record writes them; output that cannot be written.
use std::path::{Path, PathBuf};
use std::process::Command;

const CLI: &str = env!("CARGO_BIN_EXE_veney-cli");

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

/// `first`'s arguments, then `rest`'s.
fn with<'a>(first: &[&'a str], rest: &[&'a str]) -> Vec<&'a str> {
    [first, rest].concat()
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(CLI).args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A fresh empty directory, unique to this test process and `name`.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("veney-cli-refusals-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `text` written to `name` in `dir` and replayed under the game its extension names (`.kelasu`,
/// `.tirachen`; any other: Veney): the exit code, stdout and stderr.
fn replay_in(dir: &Path, name: &str, text: &str) -> (Option<i32>, String, String) {
    let f = file(dir, name, text);
    let game = match name.rsplit('.').next() {
        Some(g @ ("kelasu" | "tirachen")) => g,
        _ => "veney",
    };
    run(&["--game", game, "replay", f.as_str()])
}

/// `text` written to `name` in `dir`; its path as the command line is given it.
fn file(dir: &Path, name: &str, text: &str) -> String {
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    f.to_str().unwrap().to_string()
}

/// README: "A flag that would go unused is refused: Veney's files for … `check-set` and
/// `show-piece` (except `--setup`, which `check-set` uses: a set without its own layout is
/// checked against that setup instead of the standard baselines)".
#[test]
fn check_set_and_show_piece_refuse_the_file_flags_they_do_not_use() {
    let standard = repo("config/sets/standard.ron");
    let set = standard.to_str().unwrap();
    let rules = repo("config/rules/sand.ron");
    let (code, out, err) = run(&["--rules", rules.to_str().unwrap(), "check-set", set]);
    assert_eq!(code, Some(2), "{out}");
    assert_eq!(
        err,
        "veney-cli: check-set checks the set files given (against --setup, if given); --rules is not used by it\n"
    );
    assert!(out.is_empty(), "{out}");
    let (code, _, err) = run(&["--set", set, "--black-set", set, "check-set", set]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "veney-cli: check-set checks the set files given (against --setup, if given); --set, --black-set are not used by it\n"
    );
    let setup = repo("config/setups/standard.ron");
    let setup = setup.to_str().unwrap();
    for flag in ["--set", "--white-set", "--setup", "--rules"] {
        let (code, out, err) = run(&[flag, setup, "show-piece", set, "Sword"]);
        assert_eq!(code, Some(2), "{flag}: {out}");
        assert_eq!(
            err,
            format!("veney-cli: show-piece reads the set file given; {flag} is not used by it\n")
        );
    }
    // --setup is check-set's: the standard set checked against a setup that names a "Swrod".
    let dir = temp_dir("check-set");
    let swrod = std::fs::read_to_string(setup)
        .unwrap()
        .replacen("\"Sword\"", "\"Swrod\"", 1);
    let swrod = file(&dir, "swrod.ron", &swrod);
    let (code, out, err) = run(&["--setup", swrod.as_str(), "check-set", set]);
    assert_eq!(code, Some(1), "{out}{err}");
    // Placed at the setup's own line (its string, line 8), the name being its typo.
    assert!(
        out.contains(&format!("error: {swrod}:8:"))
            && out.contains("the setup puts \"Swrod\"")
            && out.contains("has no piece of that name"),
        "{out}"
    );
    let (code, out, err) = run(&["check-set", set]);
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, out, err) = run(&["--setup", setup, "check-set", set]);
    assert_eq!(code, Some(0), "{out}{err}");
    // A setup that cannot be read: exit 2, naming it.
    let missing = dir.join("missing.ron");
    let missing = missing.to_str().unwrap();
    let (code, out, err) = run(&["--setup", missing, "check-set", set]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        err.starts_with(&format!("veney-cli: --setup {missing}: ")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// README (replay): "a save of another game (its `[Game]` named in any case) … is refused"; the
/// hint names the game as `--game` takes it.
#[test]
fn a_saves_game_is_read_in_any_case() {
    let dir = temp_dir("game-case");
    let capital = file(
        &dir,
        "capital.tirachen",
        "[Game \"Tirachen\"]\n1. S3A3W3, S2A2W5;\n",
    );
    let (code, out, err) = run(&["--game", "tirachen", "replay", capital.as_str()]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("played"), "{out}");
    let (code, _, err) = run(&["--game", "kelasu", "replay", capital.as_str()]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!(
            "veney-cli: {capital}:1: this is a save of `Tirachen`, not of `kelasu` (--game tirachen)\n"
        )
    );
    let veney = file(&dir, "game.veney", "[Game \"Veney\"]\n1. SY5;\n");
    let (code, _, err) = run(&["--game", "tirachen", "replay", veney.as_str()]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!(
            "veney-cli: {veney}:1: this is a save of `Veney`, not of `tirachen` (--game veney)\n"
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// README (replay): "one player's view (`[Viewer]`) is refused" — by Veney's replay too, up
/// front, before any turn is reported.
#[test]
fn a_players_view_is_refused_by_every_replay() {
    let dir = temp_dir("viewer");
    let white = file(
        &dir,
        "white.veney",
        "[Game \"veney\"]\n[Viewer \"White\"]\n[Start \"start\"]\n1. SY5;\n",
    );
    let (code, out, err) = run(&["replay", white.as_str()]);
    assert_eq!(code, Some(2), "{out}");
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        err,
        format!(
            "veney-cli: {white}:2: this is White's view of a game (its secrets left out); it cannot be replayed\n"
        )
    );
    let red = file(
        &dir,
        "red.tirachen",
        "[Game \"tirachen\"]\n[Viewer \"Red\"]\n1. S3A3W3, ?;\n",
    );
    let (code, _, err) = run(&["--game", "tirachen", "replay", red.as_str()]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!(
            "veney-cli: {red}:2: this is Red's view of a game (its secrets left out); it cannot be replayed\n"
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// README (replay): a `[Final]` "that is not a position text is an error (`file:line: [Final]
/// does not read: …`, exit 2)", not a FINAL DIFFERS; in either header form, and in every game
/// (a review found Tirachen's and Kelasu's reported as a final that differs, exit 1).
#[test]
fn a_final_that_does_not_read_is_an_error() {
    let dir = temp_dir("final");
    for (name, text, line) in [
        (
            "bracket.veney",
            "[Game \"Veney\"]\n[Final \"rubbish\"]\n",
            2,
        ),
        ("colon.veney", "Final: rubbish\n", 1),
        (
            "bad.tirachen",
            "[Game \"tirachen\"]\n[Final \"rubbish\"]\n1. S3A3W3, S2A2W5;\n",
            2,
        ),
        ("bad.kelasu", "[Game \"kelasu\"]\n[Final \"rubbish\"]\n", 2),
    ] {
        let f = file(&dir, name, text);
        let game = name.rsplit('.').next().unwrap();
        let (code, out, err) = run(&["--game", game, "replay", f.as_str()]);
        assert_eq!(code, Some(2), "{out}{err}");
        assert!(!out.contains("FINAL DIFFERS"), "{out}");
        let prefix = format!("veney-cli: {f}:{line}: [Final] does not read: ");
        let e = err.lines().find(|l| l.starts_with(&prefix));
        assert!(e.is_some_and(|e| e.len() > prefix.len()), "{err}");
        // No second, contradicting line number (a review found "line 1" after the header's).
        assert!(!e.unwrap().contains("line 1,"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// README, replay: "`--rules`/`--option` … naming others is refused" — naming the same is not.
/// Every save the app writes names each of its game's options: an `--option` agreeing with it
/// replays (a review found every such replay refused as a second header since session 26).
/// And a save of another game is named so before its options are read as this game's.
#[test]
fn replay_takes_an_option_that_agrees_with_the_save() {
    let dir = temp_dir("agreeing");
    let tirachen = file(
        &dir,
        "open.tirachen",
        "[Game \"tirachen\"]\n[Masters \"open\"]\n1. S3A3W3, S2A2W5;\n",
    );
    let (code, out, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "Masters=open",
        "replay",
        tirachen.as_str(),
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("played"), "{out}");
    let kelasu = file(
        &dir,
        "pass.kelasu",
        "[Game \"kelasu\"]\n[Pass \"no\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5, I4-H4 I5-H5 I6-H6 I8-H8;\n",
    );
    let (code, out, err) = run(&[
        "--game",
        "kelasu",
        "--option",
        "Pass=no",
        "replay",
        kelasu.as_str(),
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    // A Tirachen save with a value Kelasu's option does not take, replayed as Kelasu.
    let other = file(
        &dir,
        "quiet.tirachen",
        "[Game \"tirachen\"]\n[QuietTurns \"20000\"]\n1. S3A3W3, S2A2W5;\n",
    );
    let (code, _, err) = run(&["--game", "kelasu", "replay", other.as_str()]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("this is a save of `tirachen`, not of `kelasu` (--game tirachen)"),
        "{err}"
    );
}

/// A save's headers are read in any case, as a second copy in another case is refused: another
/// game's `[game …]` is refused, an option written `[quietturns "7"]` is played (and an
/// `--option` disagreeing with it named at its line), and values are compared as read (`05` is
/// `5`) — a review found the first replayed, the second shown but not applied, the third refused.
#[test]
fn replay_reads_headers_in_any_case_and_values_as_read() {
    let dir = temp_dir("header-case");
    let other = file(
        &dir,
        "other.kelasu",
        "[game \"Tirachen\"]\n1. B1-C1 B0-B1 A0-B0 B4-C4, I3-H3 I5-H5 I4-I5 J3-I3;\n",
    );
    let (code, _, err) = run(&["--game", "kelasu", "replay", other.as_str()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("this is a save of `Tirachen`"), "{err}");
    let quiet = file(
        &dir,
        "quiet.kelasu",
        "[Game \"Kelasu\"]\n[quietturns \"7\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5;\n",
    );
    let (code, _, err) = run(&[
        "--game",
        "kelasu",
        "--option",
        "QuietTurns=5",
        "replay",
        quiet.as_str(),
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("quiet.kelasu:2: the save was played with [QuietTurns \"7\"]"),
        "{err}"
    );
    let (code, out, err) = run(&[
        "--game",
        "kelasu",
        "--option",
        "QuietTurns=07",
        "replay",
        quiet.as_str(),
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(
        kelasu_rules::KelasuOptions::from_headers(&[("quietturns", "7")])
            .unwrap()
            .quiet_full_turns,
        kelasu_rules::KelasuOptions::from_headers(&[("QuietTurns", "7")])
            .unwrap()
            .quiet_full_turns
    );
    assert_ne!(
        kelasu_rules::KelasuOptions::from_headers(&[("quietturns", "7")]).unwrap(),
        kelasu_rules::KelasuOptions::default()
    );
}

/// A Veney save's `[Final]` is compared as a position: a mid-turn one by its board (a review
/// found any board at all passed there), one written with its fields in another order as the
/// same position (a review found it reported as differing).
#[test]
fn veney_replay_compares_the_final_position_as_a_position() {
    let dir = temp_dir("final");
    let (_, reached, _) = run(&["apply", "start", "eW6", "eX11"]);
    let reached = reached.lines().next().unwrap().to_string();
    let reordered = reached.replace("turns=2 quiet=2", "quiet=2 turns=2");
    assert_ne!(reordered, reached, "{reached}");
    let (code, out, err) = replay_in(
        &dir,
        "same.txt",
        &format!("[Final \"{reordered}\"]\n1. eW6, eX11\n"),
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(!out.contains("FINAL DIFFERS"), "{out}");
    let (code, out, _) = replay_in(
        &dir,
        "other.txt",
        "[Final \"4/4/4/2s1/4/4/4/4/4/4/4/4/4/2D1/2S1/4 w EEEE/eeee glare=1\"]\n1. eW6, eX11\n",
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("FINAL DIFFERS"), "{out}");
}

/// `replay` judges a save's `[Final]` as the app's reader does (a review found it apart): a mate
/// the mated player acknowledged, with no `dying=` left, is the record's end (§2.0.20); an
/// ending no move made is one the game allows to be declared there (a resignation, an agreed
/// draw), not a checkmate by touch claimed after a quiet move; a mid-turn `[Final]` is the
/// record's last turn, not any turn at all.
#[test]
fn veney_replay_judges_the_final_position_as_the_app_reads_a_save() {
    let dir = temp_dir("final-as-app");
    let (code, out, err) = replay_in(
        &dir,
        "acknowledged.txt",
        "[Position \"4/4/4/bswc/eeee/4/4/4/4/4/1D2/EEEE/CWSB/4/4/4 w GLJR/dgljr\"]\n[Final \"4/4/4/bDwc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b GLJR/dgljr turns=1 over=touch:w\"]\n1. DtX13~ @ooooo#\n",
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("acknowledged defeat"), "{out}");
    let (_, reached, _) = run(&["apply", "start", "SY5"]);
    let reached = reached.lines().next().unwrap().to_string();
    for (ending, allowed) in [
        ("touch:w", false),
        ("disarm:b", false),
        ("resign:w", true),
        ("agreed", true),
    ] {
        let final_text = format!("{reached} over={ending}");
        assert_eq!(
            final_accepted(&dir, &final_text, "1. SY5", &[]),
            allowed,
            "{ending}"
        );
    }
    // A mid-turn [Final] is the record's last turn; an ending no move made is judged there as
    // at a turn's start.
    for (final_text, record) in [
        (
            "4/4/4/bswc/eeee/4/4/4/4/4/4/EESE/CW1B/4/4/4 w EDGLJR/dgljr turns=9 glare=1",
            "1. SY5",
        ),
        (
            "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CW1B/2S1/4/4 w DGLJR/dgljr glare=1 over=touch:w",
            "1. SY3",
        ),
    ] {
        assert!(
            !final_accepted(&dir, final_text, record, &[]),
            "{final_text}"
        );
    }
    // A mid-turn [Final] is compared whole with the turn left open, as the app's reader
    // leaves it: reserves and counters too (a review found only the board compared, White's
    // Jutsu and Ruin gone from the reserve passing), the key in any case (a review found
    // `[final …]` never checked).
    let open = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CW1B/2S1/4/4 w DGLJR/dgljr concert=Y3";
    assert!(final_accepted(&dir, open, "1. SY3", &[]));
    for wrong in [
        open.replace("DGLJR/", "DGL/"),
        format!("{open} retreats=1/1"),
        format!("{open} penalties=3/0"),
    ] {
        assert!(!final_accepted(&dir, &wrong, "1. SY3", &[]), "{wrong}");
    }
    for key in ["final", "FINAL"] {
        let f = file(
            &dir,
            "final-case.txt",
            &format!("[{key} \"{}\"]\n1. SY3\n", open.replace("DGLJR/", "DGL/")),
        );
        let (code, out, err) = run(&["replay", f.as_str()]);
        assert_eq!(code, Some(1), "{key}: {out}{err}");
        assert!(
            out.contains("FINAL DIFFERS") && out.contains(":1:"),
            "{key}: {out}"
        );
    }
    // A record that itself stops mid-turn — the concert partner in hand, the Donkey's roll to
    // come — reaches the app's own [Final] (a review found the first version of this check
    // refusing both).
    assert!(final_accepted(
        &dir,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CS1B/4/4/4 w DGLJR/dgljr concert=X4 lifted=WX4",
        "1. SX4",
        &[],
    ));
    let rules = file(&dir, "donkey.ron", "(donkey: true)");
    assert!(final_accepted(
        &dir,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b DGLJR/dgljr turns=1 donkey=wW3 donkeyhome=b donkeymove=w quiet=1",
        "1. K*W3",
        &["--rules", &rules],
    ));
}

/// Whether `replay` (with `options` first) accepts a Veney save of `record` ending at
/// `final_text`: exit 0, or exit 1 saying FINAL DIFFERS.
fn final_accepted(dir: &Path, final_text: &str, record: &str, options: &[&str]) -> bool {
    let f = file(
        dir,
        "final.txt",
        &format!("[Final \"{final_text}\"]\n{record}\n"),
    );
    let mut args = options.to_vec();
    args.extend(["replay", f.as_str()]);
    let (code, out, err) = run(&args);
    let differs = out.contains("FINAL DIFFERS");
    assert_eq!(code, Some(if differs { 1 } else { 0 }), "{out}{err}");
    !differs
}

/// A record names its ending once: a second `[Ending]` is refused at its line, not read over the
/// first (as `savefile::read` refuses it; a review found the last one winning); an error in a
/// turn wrapped onto later lines names the line of the token that fails.
#[test]
fn veney_replay_refuses_a_second_ending_and_places_a_wrapped_turns_error() {
    let dir = temp_dir("ending-twice");
    let (code, _, err) = replay_in(
        &dir,
        "end2.txt",
        "[Ending \"White out of time\"]\n1. SY5\n[Ending \"Black out of time\"]\n",
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(":3:") && err.contains("second [Ending]"),
        "{err}"
    );
    let (_, out, err) = replay_in(
        &dir,
        "wrap.txt",
        "1. SY5, SX12\n2. SY6\n\n\n\n        $tZ9\n",
    );
    assert!(format!("{out}{err}").contains("wrap.txt:6:"), "{out}{err}");
}

/// A grid game's record naming its start as Veney's do, `[Position "…"]`, replays from it as
/// from `[Start]` (a review found it dropped without a word, the record refused from the
/// standard start).
#[test]
fn a_grid_records_position_header_is_its_start() {
    let dir = temp_dir("grid-position");
    let (code, out, err) = replay_in(
        &dir,
        "from.kelasu",
        "[Game \"kelasu\"]\n[Position \"S1S1S5/W9/10/10/10/10/10/10/10/s8b b 3 s - 0\"]\n1. B0-C0 end\n",
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("played") && !out.contains("REFUSED"), "{out}");
}

/// Another game's save names the `--game` to replay it with only when this program plays that
/// game (a review found `--game veeney` suggested); a control character an input carried is
/// written escaped in the error, not sent raw to the terminal.
#[test]
fn errors_name_only_games_played_and_escape_control_characters() {
    let dir = temp_dir("game-hint");
    let (code, _, err) = replay_in(&dir, "typo.txt", "[Game \"Veeney\"]\n1. eW6, eX11\n");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("a game this program does not play"), "{err}");
    assert!(!err.contains("--game veeney"), "{err}");
    let (_, _, err) = replay_in(&dir, "kelasu.txt", "[Game \"Kelasu\"]\n1. B1-C1;\n");
    assert!(err.contains("(--game kelasu)"), "{err}");
    let (code, _, err) = run(&["show", "4/4\u{1b}[2J/4"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("\\u{1b}"), "{err:?}");
}

/// §2.0.R5's call mark (`U`) is a game record's, read by `replay`: `apply` plays turns from a
/// position, with no call to make, and refuses it (a review found `SX3U` played as `SX3`).
#[test]
fn apply_refuses_a_call_mark() {
    let (code, out, err) = run(&["apply", "start", "SX3U"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("`SX3U` is marked called"), "{err}");
    let (code, _, err) = run(&["apply", "start", "SX3"]);
    assert_eq!(code, Some(0), "{err}");
}

/// §2.0.R5: `#` marks a checkmate. `apply` warns about one its moves do not make, as `replay`
/// does, and still plays the move (a review found it taken without a word).
#[test]
fn apply_warns_of_a_mate_mark_on_a_quiet_move() {
    let (code, out, err) = run(&["apply", "start", "SX3#"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        err.contains("marks a checkmate (`#`) its moves do not make: read as `SX3`"),
        "{err}"
    );
    let (_, plain, _) = run(&["apply", "start", "SX3"]);
    assert_eq!(out, plain);
}

/// A save writes its declared ending as the record's last line: a turn below it was played
/// after the game ended, and replay refuses it at its line (a review found it played, the
/// ending applied after it).
#[test]
fn replay_refuses_a_turn_after_the_ending() {
    let dir = temp_dir("ending");
    let (code, out, err) = replay_in(
        &dir,
        "after.kelasu",
        "[Game \"Kelasu\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5;\n[Ending \"Red resigns\"]\n2. B1-C1;\n",
    );
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("line 4, column 4: `B1-C1`: a turn after the [Ending] on line 3"),
        "{err}"
    );
    let (code, out, err) = replay_in(
        &dir,
        "ended.kelasu",
        "[Game \"Kelasu\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5;\n[Ending \"Red resigns\"]\n",
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("game over: "), "{out}");
}

/// README (replay): Tirachen's and Kelasu's saves name their options by header, "each header
/// once (a duplicated one is refused, naming its line)"; an `--option` the save does not name
/// is the command line's to answer for, a bad value the save names is the save's.
#[test]
fn replay_blames_each_option_on_where_it_was_given() {
    let dir = temp_dir("options");
    let plain = file(
        &dir,
        "plain.tirachen",
        "[Game \"tirachen\"]\n1. S3A3W3, S2A2W5;\n",
    );
    let (code, _, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "Masters=hidden",
        "replay",
        plain.as_str(),
    ]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "veney-cli: --option Masters is \"hidden\"; expected `open` or `secret`\n"
    );
    let bad = file(
        &dir,
        "bad.tirachen",
        "[Game \"tirachen\"]\n[Masters \"hidden\"]\n1. S3A3W3, S2A2W5;\n",
    );
    let (code, _, err) = run(&["--game", "tirachen", "replay", bad.as_str()]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!(
            "veney-cli: {bad}: save headers: line 2: header Masters is \"hidden\"; expected `open` or `secret`\n"
        )
    );
    // The same bad value with `--option` naming the option: still the save's fault, named so
    // (a review found it reported as the save disagreeing with `--option Masters=open`).
    let (code, _, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "Masters=open",
        "replay",
        bad.as_str(),
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("header Masters is \"hidden\"; expected `open` or `secret`"),
        "{err}"
    );
    // An option given that the save does not name leaves the save's bad header at its own line
    // (a review found it counted one line further down for each such option).
    let (code, _, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "First=White",
        "--option",
        "QuietTurns=50",
        "replay",
        bad.as_str(),
    ]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!(
            "veney-cli: {bad}: save headers: line 2: header Masters is \"hidden\"; expected `open` or `secret`\n"
        )
    );
    // Checked against one copy, played by the other: refused.
    let twice = file(
        &dir,
        "twice.tirachen",
        "[Game \"tirachen\"]\n[Masters \"open\"]\n[Masters \"secret\"]\n1. S3A3W3, S2A2W5;\n",
    );
    let givens: [&[&str]; 2] = [&[], &["--option", "Masters=open"]];
    for given in givens {
        let mut args = vec!["--game", "tirachen"];
        args.extend_from_slice(given);
        args.extend(["replay", twice.as_str()]);
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(2), "{given:?}: {out}");
        assert_eq!(
            err,
            format!(
                "veney-cli: {twice}: line 3, column 1: `[Masters \"secret\"]`: a second [Masters] header (the first is on line 2); a save names each header once\n"
            ),
            "{given:?}"
        );
    }
    // The app writes a `[Computer]` line for each seat the computer plays: both read (a review
    // found the second refused as a repeated header).
    let computers = file(
        &dir,
        "computers.tirachen",
        "[Game \"tirachen\"]\n[Computer \"0 club\"]\n[Computer \"1 strong\"]\n1. S3A3W3, S2A2W5;\n",
    );
    let (code, out, err) = run(&["--game", "tirachen", "replay", computers.as_str()]);
    assert_eq!(code, Some(0), "{out}{err}");
    // A disagreement names the save's line.
    let secret = file(
        &dir,
        "secret.tirachen",
        "[Game \"tirachen\"]\n[Masters \"secret\"]\n1. 1|S3A3W3, 2|S2A2W5;\n",
    );
    let (code, _, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "Masters=open",
        "replay",
        secret.as_str(),
    ]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        format!(
            "veney-cli: {secret}:2: the save was played with [Masters \"secret\"], not --option Masters=open\n"
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// README (`moves`): "at a simultaneous decision every waiting seat's, written as the record
/// writes a sealed action: `2|S3A3W3`"; `turns` the same. Tirachen's secret masters: both
/// seats choose at once, 55 ways each.
#[test]
fn sealed_choices_are_listed_for_every_waiting_seat() {
    let secret = ["--game", "tirachen", "--option", "Masters=secret"];
    let (code, moves, err) = run(&with(&secret, &["moves", "start"]));
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = moves.lines().collect();
    assert_eq!(lines.len(), 110, "{moves}");
    for seat in ["1|", "2|"] {
        assert_eq!(
            lines.iter().filter(|l| l.starts_with(seat)).count(),
            55,
            "{moves}"
        );
    }
    assert!(
        lines.contains(&"1|S3A3W3") && lines.contains(&"2|S3A3W3"),
        "{moves}"
    );
    // Each choice is a whole turn: the turns are the same lines.
    let (code, turns, err) = run(&with(&secret, &["turns", "start"]));
    assert_eq!(code, Some(0), "{err}");
    let mut a: Vec<&str> = turns.lines().collect();
    let mut b = lines.clone();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
    // What is listed is what apply and replay read.
    let (code, out, err) = run(&with(&secret, &["apply", "start", "2|S3A3W3", "1|S2A2W5"]));
    assert_eq!(code, Some(0), "{out}{err}");
    // Open masters: one player decides, no seat is named.
    let (_, open, _) = run(&["--game", "tirachen", "moves", "start"]);
    assert_eq!(open.lines().count(), 55, "{open}");
    assert!(!open.contains('|'), "{open}");
}

/// README: "Every error goes to stderr with exit code 2, output that cannot be written too
/// (`cannot write the output: …`)" — not a panic (exit 101).
#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    for args in [
        vec!["turns", "start"],
        vec!["show", "start"],
        vec!["--game", "kelasu", "moves", "start"],
    ] {
        let out = Command::new(CLI)
            .args(&args)
            .stdout(full.try_clone().unwrap())
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("veney-cli: cannot write the output: "),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// A bad `[Position]` header is placed at its line and at its column in that line (a review
/// found the column counted inside the value, and no line).
#[test]
fn a_bad_position_header_is_placed_in_the_file() {
    let dir = temp_dir("position-header");
    let start = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
    let text = format!("[Event \"x\"]\n[Round \"1\"]\n[Position \"{start} turns=x\"]\n1. SY3\n");
    let rec = file(&dir, "bad-start.txt", &text);
    let (code, _, err) = run(&["replay", rec.as_str()]);
    assert_eq!(code, Some(2));
    let col = text.lines().nth(2).unwrap().find("turns=").unwrap() + 1;
    assert!(
        err.contains("bad-start.txt:3: the Position header")
            && err.contains(&format!("column {col}:")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every header that refuses a record is named at its own line, in any form and case: another
/// game's (`Game: Kelasu`), a view (`Viewer: Black`), a second `[Position]` (a review found each
/// reported as a "bad Position header", at the Position header's line or at none).
#[test]
fn a_refusing_header_is_named_at_its_line() {
    let dir = temp_dir("refusing-header");
    for (name, text, want) in [
        (
            "game.txt",
            "[Position \"start\"]\nGame: Kelasu\n1. SY5, SY12;\n",
            "game.txt:2: the Game header",
        ),
        (
            "game-case.txt",
            "[game \"Kelasu\"]\n1. SY5\n",
            "game-case.txt:1: this is a save of `Kelasu`",
        ),
        (
            "view.txt",
            "[Event \"x\"]\n[Position \"start\"]\nViewer: Black\n1. SY5\n",
            "view.txt:3: the Viewer header",
        ),
        (
            "two.txt",
            "[Position \"start\"]\n[Position \"start\"]\n1. SY5\n",
            "two.txt:2: the Position header",
        ),
    ] {
        let rec = file(&dir, name, text);
        let (code, _, err) = run(&["replay", rec.as_str()]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(want), "{name}: {err}");
        assert!(!err.contains("bad Position"), "{name}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `moves`, `turns` and `perft` play from a whole position: one player's view (White's, Red's
/// nine masters hidden as `?9`) is refused as `apply` refuses it — a review found Red's moves
/// listed and counted without its hidden masters' placements, with no word said.
#[test]
fn a_players_view_is_no_position_to_list_or_count_from() {
    let view = "4g4/9/9/9/4*4/9/9/9/4G4 r dd ?9FCP9/fcs2a2w5p9 - 0";
    for cmd in [
        &["moves", view][..],
        &["turns", view],
        &["perft", view, "1"],
    ] {
        let args = with(&["--game", "tirachen", "--option", "Masters=secret"], cmd);
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(2), "{cmd:?}: {out}");
        assert!(err.contains("one player's view"), "{cmd:?}: {err}");
        assert!(!err.contains("line 1,"), "{cmd:?}: {err}");
    }
    // `show` draws it still.
    let (code, _, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "Masters=secret",
        "show",
        view,
    ]);
    assert_eq!(code, Some(0), "{err}");
}

/// A record with a byte that is not UTF-8 (an `é` an editor saved in Latin-1) is refused at its
/// line and column, from a file or from standard input, for every game (a review found "stream
/// did not contain valid UTF-8", nowhere).
#[test]
fn a_record_that_is_not_utf8_is_refused_at_the_byte() {
    let d = temp_dir("not-utf8");
    for (game, record) in [
        ("veney", b"[Game \"Veney\"]\n1. SY3 \xe9\n".to_vec()),
        ("kelasu", b"[Game \"kelasu\"]\n1. B1-C1 \xe9\n".to_vec()),
    ] {
        let f = d.join(format!("{game}.txt"));
        std::fs::write(&f, &record).unwrap();
        let (code, _, err) = run(&["--game", game, "replay", f.to_str().unwrap()]);
        assert_eq!(code, Some(2), "{game}: {err}");
        assert!(
            err.contains("line 2") && err.contains("not UTF-8"),
            "{game}: {err}"
        );
        let mut child = Command::new(CLI)
            .args(["--game", game, "replay", "-"])
            .stdin(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), &record).unwrap();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("-: ") && err.contains("line 2") && err.contains("not UTF-8"),
            "{game} from stdin: {err}"
        );
    }
}

/// Tirachen's secret masters: a seat that has sealed its choice and seals again is told so by
/// the game ("you have already chosen your masters"), not only "not your decision" (a review
/// found Tirachen's own words never reached).
#[test]
fn a_second_seal_of_the_masters_says_they_are_chosen() {
    let (code, out, err) = run(&[
        "--game",
        "tirachen",
        "--option",
        "Masters=secret",
        "apply",
        "start",
        "2|S3A3W3",
        "2|S3A3W3",
    ]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("you have already chosen your masters"),
        "{err}"
    );
}

/// A save's header echoed by `replay` is escaped as the errors are: escape sequences in it never
/// reach the terminal raw (a review found a header retitling and clearing the terminal).
#[test]
fn replay_escapes_control_characters_in_headers() {
    let dir = temp_dir("escaped-headers");
    for (name, text) in [
        (
            "esc.kelasu",
            "[Game \"kelasu\"]\n[Event \"\u{1b}]0;pwned\u{7}\u{1b}[31mRED\"]\n1. B1-C1 B3-C3 B4-C4 B5-C5;\n",
        ),
        ("esc.veney", "[Event \"\u{1b}[31mRED\"]\n1. SY3\n"),
    ] {
        let (_, out, err) = replay_in(&dir, name, text);
        assert!(
            !out.contains('\u{1b}') && !out.contains('\u{7}'),
            "{name}: {out:?}"
        );
        assert!(out.contains("\\u{1b}"), "{name}: {out:?}{err}");
    }
}

/// A `--setup` for `check-set` that is not UTF-8 is named at its byte, as the same file given
/// to `show` is (a review found "stream did not contain valid UTF-8" at no place).
#[test]
fn a_setup_that_is_not_utf8_is_named_at_its_byte() {
    let dir = temp_dir("setup-not-utf8");
    let good = std::fs::read(repo("config/setups/standard.ron")).unwrap();
    let mut bad = good[..200].to_vec();
    bad.push(0xFF);
    bad.extend_from_slice(&good[200..]);
    let path = dir.join("bad.ron");
    std::fs::write(&path, bad).unwrap();
    let set = repo("config/sets/standard.ron");
    let (code, _, err) = run(&[
        "--setup",
        path.to_str().unwrap(),
        "check-set",
        set.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("bad.ron:") && err.contains("0xFF"), "{err}");
}

/// A `--setup` that does not read is refused as the setup's error (exit 2), whatever the sets:
/// one with its own layout does not hide it, and a valid set is not charged with it (a review
/// found both).
#[test]
fn a_setup_that_does_not_read_is_refused_whatever_the_sets() {
    let dir = temp_dir("setup-garbage");
    let path = dir.join("g.ron");
    std::fs::write(&path, "Setup(garbage").unwrap();
    for set in ["config/sets/half.ron", "config/sets/standard.ron"] {
        let set = repo(set);
        let (code, out, err) = run(&[
            "--setup",
            path.to_str().unwrap(),
            "check-set",
            set.to_str().unwrap(),
        ]);
        assert_eq!(code, Some(2), "{out}{err}");
        assert!(err.contains("g.ron"), "{err}");
        assert!(!out.contains("error(s)"), "{out}");
    }
}

/// `apply` reads a trailing `U` as a call's mark only after an action that can be called; on
/// anything else it is a notation error with its column (a review found `éU` and `---U` said
/// "marked called"). A square given to `moves --from` that is none says what squares are.
#[test]
fn a_mark_on_no_action_is_a_notation_error_and_squares_are_named() {
    for (turn, words) in [
        ("éU", "column"),
        ("---U", "column"),
        ("SX3U", "marked called"),
    ] {
        let (code, _, err) = run(&["apply", "start", turn]);
        assert_eq!(code, Some(2), "{turn}: {err}");
        assert!(err.contains(words), "{turn}: {err}");
    }
    let (code, _, err) = run(&["moves", "start", "--from", "J9"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("W–Z and 1–16"), "{err}");
    // The flag is named, as the other games' `--from` errors name it.
    assert!(err.contains("--from J9: "), "{err}");
}

/// A set file that cannot be read is an error of the input: stderr, exit 2, as every other
/// command's (README "Every error goes to stderr with exit code 2"; a review found it on
/// stdout with exit 1, a set's own errors' code).
#[test]
fn check_set_refuses_a_file_it_cannot_read_with_exit_2() {
    for f in ["/nonexistent/mine.ron", "/tmp"] {
        let (code, out, err) = run(&["check-set", f]);
        assert_eq!(code, Some(2), "{f}: {out}{err}");
        assert!(err.contains("cannot read the file"), "{f}: {err}");
        assert!(out.is_empty(), "{f}: {out}");
    }
}

/// A fault in a sealed action is placed in the token as written, past its `seat|` (a review
/// found `1|S3A3W3X` placed at column 7, the `X` being at 9).
#[test]
fn a_sealed_actions_fault_is_placed_past_its_seat() {
    for (turn, col) in [("1|S3A3W3X", 9), ("S3A3W3 2|S9A0W1X", 16)] {
        let (code, _, err) = run(&[
            "--game",
            "tirachen",
            "--option",
            "Masters=secret",
            "apply",
            "start",
            turn,
        ]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(&format!("column {col}: `X`")), "{turn}: {err}");
    }
}

/// A header's key may have spaces before it, in every game's record (a review found Veney's
/// `[ Position "…"]` read with an empty key, the record replayed from the standard start with
/// exit 0, and Tirachen's refused as a value not in quotes).
#[test]
fn a_headers_key_may_have_spaces_before_it() {
    let dir = temp_dir("spaced-header");
    let (code, out, err) = replay_in(
        &dir,
        "veney.txt",
        "[ Position \"4/4/4/2s1/4/4/4/4/4/4/4/4/4/2D1/2S1/4 w EEEE/eeee\"]\n1. SY1, SY14\n",
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("4/4/2s1/4/4/4/4/4/4/4/4/4/4/2D1/4/2S1"),
        "{out}"
    );
    let (code, out, err) = replay_in(&dir, "game.txt", "[ Game \"tirachen\"]\n1. SY3, SY14\n");
    assert_ne!(code, Some(0), "another game's save: {out}");
    assert!(err.contains("tirachen"), "{err}");
}

/// A mid-turn `[Final]` of a record whose last turn the replay closes by more than an end of
/// turn is one of that turn's own positions, compared whole (a review found only the board
/// compared: wrong reserves and counters passed after a pass).
#[test]
fn a_mid_turn_final_after_a_pass_is_compared_whole() {
    let dir = temp_dir("final-after-pass");
    let (code, out, _) = replay_in(
        &dir,
        "wrong.txt",
        "[Final \"4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CW1B/2S1/4/4 b - turns=1 glare=1 penalties=3/4 retreats=1/1 hira=2:2 quibbles=5\"]\n1. SY3, ---\n",
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("FINAL DIFFERS"), "{out}");
    // Nor a position between the last turn's two moves (a review found it passing, the record
    // going a move past the save), wherever the header's key begins (named at its line).
    let (code, out, _) = replay_in(
        &dir,
        "between.txt",
        "[ Final \"4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CW1B/2S1/4/4 w DGLJR/dgljr concert=Y3\"]\n1. SY3 $X5\n",
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("FINAL DIFFERS") && out.contains("between.txt:1"),
        "{out}"
    );
}

/// A bare `--` among apply's turns is refused, not dropped (a review found `apply start --`
/// playing nothing, exit 0): a pass is `---`.
#[test]
fn a_bare_double_dash_among_applys_turns_is_refused() {
    for args in [
        &["apply", "start", "--"][..],
        &["apply", "start", "SY3", "--"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {out}");
        assert!(err.contains("a Veney pass is `---`"), "{err}");
    }
    // The ordinary end of options elsewhere, and a pass.
    for args in [
        &["apply", "start", "---"][..],
        &["apply", "--", "start", "SY3"],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
    }
}
