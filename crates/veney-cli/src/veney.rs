//! `veney-cli --game veney` (the default): the rules of Veney on the command line, with its
//! sets, setups and rule options.
use crate::{Cli, Command};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;
use veney_rules::notation::{self, San};
use veney_rules::position::{FreePlace, Phase};
use veney_rules::{Measure, Position, Rules, Side, Square, perft, playout};

pub fn main(cli: Cli) -> ExitCode {
    match &cli.command {
        Command::CheckSet { files } => return check_sets(files, cli.setup.as_deref()),
        Command::ShowPiece {
            file,
            piece,
            at,
            life,
            facing,
        } => {
            return match show_piece(file, piece, at.as_deref(), life.as_deref(), facing) {
                Ok(s) => {
                    print!("{s}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("veney-cli: {}", crate::printable(&e.to_string()));
                    ExitCode::from(2)
                }
            };
        }
        _ => {}
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("veney-cli: {}", crate::printable(&e.to_string()));
            ExitCode::from(2)
        }
    }
}

/// `replay FILE` under the rule options the save names (`[Rules "(…)"]`, as the app loads it),
/// unless `--rules` gave others (refused, both named); a save whose armies' fingerprints are
/// not the sets given is replayed with a warning naming both.
fn replay(rules: &Arc<Rules>, cli: &Cli, file: &std::path::Path) -> Result<bool, String> {
    let text = crate::generic::read_record(file)?;
    let headers = bracket_headers(&text);
    // Another game's save (`[Game "tirachen"]`): refused, naming the game to ask for.
    if let Some((line, _, g)) = headers.iter().find(|h| h.1.eq_ignore_ascii_case("Game"))
        && !g.eq_ignore_ascii_case("veney")
    {
        return Err(format!(
            "{}:{line}: this is a save of `{g}`, not of Veney {}",
            file.display(),
            crate::generic::game_hint(g)
        ));
    }
    // One player's view (`[Viewer "White"]`, the other's sealed Hug hand left out): refused
    // up front, as `apply` refuses a view's position.
    if let Some((line, _, v)) = headers.iter().find(|h| h.1.eq_ignore_ascii_case("Viewer")) {
        return Err(format!(
            "{}:{line}: this is {v}'s view of a game (its secrets left out); it cannot be replayed",
            file.display()
        ));
    }
    let rules = match veney_rules::savefile::options_of(&text) {
        Some(Err(e)) => return Err(format!("{}: {e}", file.display())),
        Some(Ok(saved)) if saved != rules.options => {
            if let Some(given) = &cli.rules {
                return Err(format!(
                    "{}: the save was played under the rule options {}, not {}'s {}",
                    file.display(),
                    saved.to_ron(),
                    given.display(),
                    rules.options.to_ron()
                ));
            }
            println!(
                "(replayed under the save's rule options {})",
                saved.to_ron()
            );
            Arc::new(
                Rules::new(rules.sets.clone(), rules.setup.clone(), saved)
                    .map_err(|e| format!("{}: the save's rule options: {e}", file.display()))?,
            )
        }
        _ => rules.clone(),
    };
    let mut armies_differ = false;
    for side in Side::ALL {
        // (The key in any case, as the save's reader takes it.)
        let key = format!("{side}SetHash");
        let Some((_, saved)) = veney_rules::replay::header_value(&text, &key) else {
            continue;
        };
        let saved = saved.as_str();
        let set = rules.set(side);
        let given = format!("{:016x}", set.fingerprint);
        if saved != given {
            armies_differ = true;
            // (The save's value may carry escape sequences: written escaped, as the other
            // headers are; a review found it raw.)
            eprintln!(
                "{}",
                crate::printable(&format!(
                    "warning: {}: {side}'s army was the set with fingerprint {saved}; replayed with {:?} ({given}) — give its file with --{}-set",
                    file.display(),
                    set.name,
                    side.to_string().to_lowercase()
                ))
            );
        }
    }
    // A header that refuses the record is placed in the file: its line, and the column of the
    // fault counted from the line's start (a review found every such error called a bad
    // Position header, at that header's line or at none).
    let r = veney_rules::replay::replay(&rules, &text).map_err(|e| {
        format!(
            "{}:{}: the {} header: {}",
            file.display(),
            e.line,
            e.key,
            e.error
        )
    })?;
    for (k, v) in &r.headers {
        // Escaped as the errors are: a save's header may carry escape sequences (a review
        // found them sent to the terminal raw).
        println!("{}: {}", crate::printable(k), crate::printable(v));
    }
    for t in &r.turns {
        // Numbered as the record numbers it: `N...` for the pair's second turn, whoever plays
        // it (a review found Black's opening turn of a Black-first game labelled `1...`).
        let who = if t.second { ".." } else { "" };
        // Padded so the written turns line up whatever the label (a review found `1...` lines
        // two columns off).
        let label = format!("{}.{who}", t.number);
        match (&t.result, &t.untenable) {
            // A move written with its call's mark (`U`, `Ut`, `U#`) was untenable and called:
            // its agreed penalty applied (R-REPLAY-SAND; a review found it labelled tenable).
            (Ok(canonical), None)
                if canonical
                    .split_whitespace()
                    .any(|tok| ["U", "Ut", "U#"].iter().any(|m| tok.ends_with(m))) =>
            {
                println!(
                    "{label:<6} {:<24} CALLED    {canonical} (untenable, called: its agreed penalty applied, §2.0.22)",
                    t.written
                )
            }
            (Ok(canonical), None) => {
                println!("{label:<6} {:<24} tenable   {canonical}", t.written)
            }
            // Played with sand (§2.0.22): nobody called it, so it stands.
            (Ok(canonical), Some(why)) => println!(
                "{label:<6} {:<24} UNTENABLE {}:{}: {why} (not called: it stands as {canonical})",
                t.written,
                file.display(),
                t.line,
            ),
            (Err(e), _) => println!(
                "{label:<6} {:<24} REFUSED   {}:{}: {}",
                crate::printable(&t.written),
                file.display(),
                t.line,
                crate::printable(&e.to_string())
            ),
        }
    }
    if r.not_replayed > 0 {
        println!("({} later turn(s) not replayed)", r.not_replayed);
    }
    for w in &r.warnings {
        eprintln!("warning: {}: {w}", file.display());
    }
    let untenable = r.untenable_turns().count();
    if untenable > 0 {
        println!("{untenable} untenable turn(s) played on uncalled");
    }
    let reached = r.end.to_text(&rules);
    println!("final: {reached}");
    match (r.end.outcome(), r.end.dying()) {
        (Some(o), Some(side)) => println!("{o}, unless {side}'s dying move answers it (§2.0.20)"),
        (Some(o), None) => println!("game over: {}", ended(&rules, &r.end, o)),
        _ => {}
    }
    // A save's `[Final]` position must be the one the record reaches, as the app's reader
    // (`savefile::read`) has it: a mate the mated player acknowledged has no dying move left (a
    // review found the app's own save of one reported as differing).
    let mut end = r.end;
    // The key in any case, as the app's reader takes it (a review found `[final …]` passed
    // unchecked).
    let is_final = |k: &str| k.eq_ignore_ascii_case("Final");
    if let Some((_, v)) = r.headers.iter().find(|(k, _)| is_final(k))
        && end.dying().is_some()
        && !v.contains("dying=")
    {
        end.acknowledge();
        println!("(the mated player acknowledged defeat without a dying move)");
    }
    // (An ending declared after the record — a resignation, an agreed draw, the Hug's — is the
    // save's own, if the game allows it there (`Game::may_declare`; a review found any ending
    // at all passed): only the position it stands on is compared then.)
    let differs = match r.headers.iter().find(|(k, _)| is_final(k)) {
        Some((_, v)) => match Position::from_text(&rules, v) {
            // Not a position at all: the save is broken, not the record (exit 2).
            Err(e) => {
                return Err(format!(
                    "{}:{}: [Final] does not read: {e}",
                    file.display(),
                    header_line(&text, "Final")
                ));
            }
            Ok(p) => {
                // An ending no move made must be one the game allows there
                // (`Game::may_declare`; a review found any ending at all passed), mid-turn too;
                // the position it stands on is then compared.
                let declared = p.outcome().filter(|o| Some(*o) != end.outcome());
                if let Some(o) = declared
                    && !veney_rules::Game::may_declare(&rules, &end, o)
                {
                    true
                } else {
                    let mut here = end;
                    if let Some(o) = declared {
                        println!(
                            "(the save ends with {}, declared after the record)",
                            ended(&rules, &end, o)
                        );
                        here.set_outcome(o);
                    }
                    let mid = |q: &Position| q.phase() != Phase::Start || !q.at_turn_start();
                    let open = r
                        .game
                        .actions()
                        .last()
                        .filter(|(_, a)| *a == veney_rules::Action::EndTurn)
                        .map(|(q, _)| *q);
                    if mid(&p) && !mid(&here) && open.is_some() {
                        // A save stopped in the middle of a turn the replay has closed (it
                        // plays whole turns): compared with the turn still open, before the
                        // end the replay added, whole — reserves and counters too, as the
                        // app's reader does (a review found only the board compared, a Jutsu
                        // gone from the reserve passing). An ending declared there (a
                        // resignation, a draw agreed, a flag, after a Self move left its concert
                        // open), or the mated player's acknowledgement part way through the
                        // dying turn, stands on that position (a review found both reported
                        // as differing, though the app loads them).
                        let mut q = open.expect("checked");
                        if q.dying().is_some() && p.dying().is_none() {
                            q.acknowledge();
                        }
                        // (The record's own `[Ending]` ended the replay after it closed the
                        // turn; a declared one is checked above.)
                        if let Some(o) = declared.or(end.outcome())
                            && q.outcome().is_none()
                        {
                            q.set_outcome(o);
                        }
                        p.to_text(&rules) != q.to_text(&rules)
                    } else if mid(&p) && !mid(&here) {
                        // Closed by more than an end of turn (the Donkey's move after it): the
                        // save stopped where the record's last turn ended, before that end, still
                        // the mover's (a review found `turns=9` passed after one turn), compared
                        // whole (a review found only the board compared, wrong reserves and
                        // counters passing after a pass; another, a position between the last
                        // turn's two moves passing).
                        let want = p.to_text(&rules);
                        let last_turn =
                            p.turn() != here.turn() && p.turns().saturating_add(1) == here.turns();
                        let before_end = r
                            .game
                            .actions()
                            .filter(|(_, a)| *a == veney_rules::Action::EndTurn)
                            .last()
                            .map(|(q, _)| *q);
                        let reached = before_end.is_some_and(|q| {
                            q.turn() == p.turn()
                                && q.turns() == p.turns()
                                && q.to_text(&rules) == want
                        });
                        !last_turn || !reached
                    } else {
                        // Compared as positions, written the one way the game writes them —
                        // a record that itself stops mid-turn (a partner in hand, the Donkey's
                        // roll to come) included: the fields of a hand-written [Final] in
                        // another order are the same position (a review found them reported
                        // as differing).
                        p.to_text(&rules) != here.to_text(&rules)
                    }
                }
            }
        },
        None => false,
    };
    if differs {
        // Where, and what, as the other games say it (a review found neither named).
        let named = r
            .headers
            .iter()
            .find(|(k, _)| is_final(k))
            .map_or(String::new(), |(_, v)| v.clone());
        println!(
            "FINAL DIFFERS {}:{}: the save names {named}, not the position the record reaches",
            file.display(),
            header_line(&text, "Final")
        );
    }
    Ok(r.all_tenable() && !differs && !armies_differ)
}

/// A Veney record's `[Key "value"]` lines, each with its line (1-based), read as the replay
/// reads them (the value's quotes optional, any line of the file).
fn bracket_headers(text: &str) -> Vec<(usize, String, String)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let (k, v) = veney_rules::replay::bracket_header(l)?;
            Some((i + 1, k.to_string(), v.to_string()))
        })
        .collect()
}

/// The line (1-based) of the first header `key` of a Veney record, in either form
/// (`[Key "value"]` or `Key: value`); 0 when there is none.
fn header_line(text: &str, key: &str) -> usize {
    // In any case, as the keys are read.
    let key = key.to_ascii_lowercase();
    text.lines()
        .position(|l| {
            let t = l.trim().to_ascii_lowercase();
            // Spaces before the key allowed, as `bracket_header` reads it.
            t.strip_prefix('[')
                .and_then(|r| r.trim_start().strip_prefix(key.as_str()))
                .is_some_and(|r| r.starts_with(char::is_whitespace))
                || t.strip_prefix(key.as_str())
                    .is_some_and(|r| r.starts_with(':'))
        })
        .map_or(0, |i| i + 1)
}

/// The rules from the options given; every part not given is built in, so the tool works from
/// any directory and an error names only files the user passed.
fn load_rules(cli: &Cli) -> Result<Rules, String> {
    if cli.set.is_none()
        && cli.setup.is_none()
        && cli.rules.is_none()
        && cli.white_set.is_none()
        && cli.black_set.is_none()
    {
        return Ok(Rules::standard());
    }
    let set = cli.set.as_deref();
    Rules::load_parts(
        cli.white_set.as_deref().or(set),
        cli.black_set.as_deref().or(set),
        cli.setup.as_deref(),
        cli.rules.as_deref(),
    )
    .map_err(|e| e.to_string())
}

/// `check-set`: every file's errors and warnings; exit code 0 only when all are valid. A set
/// without a layout of its own is checked against `setup` (`--setup`), else the built-in
/// standard baselines; a setup file that cannot be read exits 2.
fn check_sets(files: &[PathBuf], setup: Option<&std::path::Path>) -> ExitCode {
    // Every line through `printable`: a set, a setup or a path may carry control characters
    // (a review found a shared set's escape sequences sent to the terminal raw).
    let out = |line: String| println!("{}", crate::printable(&line));
    let err = |line: String| eprintln!("{}", crate::printable(&line));
    let setup = match setup {
        None => None,
        // Read as the sets are (a byte that is not UTF-8 named at its place; a review found
        // "stream did not contain valid UTF-8" at no place).
        Some(p) => match veney_rules::read_data_file(p) {
            // A setup that does not read is the setup's error, whatever the sets (a review
            // found it ignored for a set with its own layout, and charged to a valid set).
            Ok(text) => match veney_rules::setup::SetupDef::from_ron(p, &text) {
                Ok(_) => Some((p, text)),
                Err(e) => {
                    err(format!("veney-cli: --setup: {e}"));
                    return ExitCode::from(2);
                }
            },
            Err(veney_rules::LoadError::Data(errors)) => {
                for e in errors {
                    err(format!("veney-cli: --setup: {e}"));
                }
                return ExitCode::from(2);
            }
            Err(e) => {
                err(format!("veney-cli: --setup {}: {e}", p.display()));
                return ExitCode::from(2);
            }
        },
    };
    let mut ok = true;
    let mut unreadable = false;
    for f in files {
        // A file that cannot be read at all is an error of the input, on stderr with exit 2
        // as every other command's (README); what a readable set says is the report (a review
        // found a missing file reported on stdout, exit 1).
        // Read once: a pipe (`check-set /dev/stdin`) gives its text to the first read only (a
        // review found a valid set through a pipe reported broken by a second read).
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => {
                err(format!(
                    "veney-cli: {}: cannot read the file: {e}",
                    f.display()
                ));
                unreadable = true;
                continue;
            }
        };
        let r = match veney_rules::data_text(f, bytes) {
            Ok(src) => match &setup {
                Some((p, text)) => {
                    veney_rules::set_check::check_with_setup(f, &src, Some((*p, text.as_str())))
                }
                None => veney_rules::set_check::check(f, &src),
            },
            // Not UTF-8: reported at its byte, as `check_file` does.
            Err(veney_rules::LoadError::Data(errors)) => veney_rules::set_check::Report {
                errors,
                warnings: Vec::new(),
                set: None,
            },
            Err(e) => {
                err(format!("veney-cli: {}: {e}", f.display()));
                unreadable = true;
                continue;
            }
        };
        for e in &r.errors {
            out(format!("error: {e}"));
        }
        for w in &r.warnings {
            out(format!("warning: {w}"));
        }
        match &r.set {
            Some(s) => out(format!(
                "{}: set {:?} is valid: {} pieces, {} warning(s)",
                f.display(),
                s.name,
                s.len(),
                r.warnings.len()
            )),
            None => {
                ok = false;
                out(format!("{}: {} error(s)", f.display(), r.errors.len()));
            }
        }
    }
    if unreadable {
        ExitCode::from(2)
    } else if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn show_piece(
    file: &std::path::Path,
    piece: &str,
    at: Option<&str>,
    life: Option<&str>,
    facing: &str,
) -> Result<String, String> {
    let set = veney_rules::PieceSet::load(file).map_err(|e| e.to_string())?;
    let k = set
        .by_name(piece)
        .or_else(|| {
            piece
                .chars()
                .next()
                .filter(|_| piece.chars().count() == 1)
                .and_then(|c| set.by_letter(c))
        })
        .ok_or_else(|| {
            let names: Vec<&str> = set.pieces.iter().map(|p| p.name()).collect();
            format!(
                "no piece {piece:?} in set {:?}: expected one of {}",
                set.name,
                names.join(", ")
            )
        })?;
    let sq = |s: Option<&str>, d: &str| {
        let s = s.unwrap_or(d);
        Square::parse(s).ok_or_else(|| format!("{s:?} is not a square (W–Z and 1–16, e.g. X6)"))
    };
    let f = veney_rules::notation::FACING_CHARS
        .iter()
        .position(|c| facing.len() == c.len_utf8() && facing.starts_with(*c))
        .ok_or_else(|| format!("{facing:?} is not a facing: expected f, r, b or l"))?;
    Ok(veney_rules::set_check::show(
        &set,
        k,
        sq(at, "X6")?,
        f as u8,
        sq(life, "Y4")?,
    ))
}

fn position(rules: &Rules, text: &str) -> Result<Position, String> {
    // As the other games' (`generic::position`): spaces around it are not the position's.
    let text = text.trim();
    if text == "start" {
        return Ok(Position::start(rules));
    }
    Position::from_text(rules, text).map_err(|e| format!("bad position: {e}\n  {text}"))
}

fn run(cli: Cli) -> Result<(), String> {
    let rules = Arc::new(load_rules(&cli)?);
    match &cli.command {
        // Handled in `main`, before any rules are loaded.
        Command::CheckSet { .. } | Command::ShowPiece { .. } | Command::Print { .. } => {}
        Command::Replay { file } => {
            if !replay(&rules, &cli, file)? {
                // Untenable turns: exit 1 (2 is for unreadable input).
                std::process::exit(1);
            }
        }
        Command::Show { position: p } => {
            let pos = position(&rules, p)?;
            print!("{}", show(&rules, &pos));
        }
        Command::Moves { position: p, from } => {
            let pos = position(&rules, p)?;
            let from = match from {
                Some(s) => Some(Square::parse(s).ok_or_else(|| {
                    format!("--from {s}: '{s}' is not a square (W–Z and 1–16, e.g. X6)")
                })?),
                None => None,
            };
            // Not while the mated player's dying move is pending (§2.0.20, R-DYING): that move
            // is what is left to list (a review found it hidden behind "the game is over").
            if let Some(o) = pos.outcome().filter(|_| pos.is_game_over()) {
                println!("(the game is over: {})", ended(&rules, &pos, o));
                return Ok(());
            }
            // On standard error, as `apply` says it: each line on standard output is notation
            // for the next command to read, and as many as `perft` counts (a review found the
            // note read as a turn, and counted).
            if let (Some(o), Some(side)) = (pos.outcome(), pos.dying()) {
                eprintln!("({o}, unless {side}'s dying move answers it: §2.0.20)");
            }
            let legal = pos.legal_actions(&rules);
            // A square whose piece has no action now is said to be so, with what stands there
            // (a review found nothing printed, exit 0, for an empty square or the other side's
            // piece).
            if let Some(sq) = from
                && !legal.iter().any(|a| a.piece_square() == Some(sq))
            {
                let what = match pos.piece_at(sq) {
                    Some((side, k)) => format!("{side}'s {}", rules.set(side).piece(k).name()),
                    None if pos.free_square() == Some(sq) => "the free engagement".into(),
                    None => "nothing".into(),
                };
                println!("(no action from {sq} now: {what} stands there)");
                return Ok(());
            }
            for a in &legal {
                if from.is_none() || a.piece_square() == from {
                    // Ending the turn is `---` in notation, as `apply` reads it (a review found
                    // "(end turn)", which nothing reads).
                    if *a == veney_rules::Action::EndTurn {
                        println!("---");
                    } else {
                        println!("{}", San::of_action(&rules, &pos, &legal, a));
                    }
                }
            }
        }
        Command::Turns { position: p } => {
            let pos = position(&rules, p)?;
            // Not while the mated player's dying move is pending (§2.0.20, R-DYING): that move
            // is what is left to list (a review found it hidden behind "the game is over").
            if let Some(o) = pos.outcome().filter(|_| pos.is_game_over()) {
                println!("(the game is over: {})", ended(&rules, &pos, o));
                return Ok(());
            }
            // On standard error, as `apply` says it: each line on standard output is notation
            // for the next command to read, and as many as `perft` counts (a review found the
            // note read as a turn, and counted).
            if let (Some(o), Some(side)) = (pos.outcome(), pos.dying()) {
                eprintln!("({o}, unless {side}'s dying move answers it: §2.0.20)");
            }
            for t in pos.legal_turns(&rules) {
                // The turn that only ends (its last move declined) is `---`, as `apply` and
                // `perft --divide` have it (a review found an empty line).
                let text = notation::write_turn(&rules, &pos, &t);
                println!("{}", if text.is_empty() { "---" } else { &text });
            }
        }
        Command::Apply { position: p, turns } => {
            // Played on from a whole position only, not one player's view; trimmed as every
            // command's (a review found `apply "start "` refused).
            let mut pos = match p.trim() {
                "start" => Position::start(&rules),
                p => Position::from_text_playable(&rules, p)
                    .map_err(|e| format!("bad position: {e}\n  {p}"))?,
            };
            for (i, t) in turns.iter().enumerate() {
                // A call's mark belongs to a game's record, which `replay` reads with its calls;
                // a position has no call to make (a review found `SX3U` played as `SX3`).
                if let Some((tok, _)) = notation::tokens(t, 1).into_iter().find(|(tok, col)| {
                    // (Only a token that reads as an action without its mark: `éU` or `---U`
                    // are not calls but notation errors, said with their column.)
                    let core = ["Ut", "U#", "U"]
                        .into_iter()
                        .find_map(|m| tok.strip_suffix(m))
                        .filter(|c| !c.is_empty())
                        .filter(|c| {
                            matches!(
                                San::parse_at(c, *col),
                                Ok(San::Move(_) | San::Drop { .. } | San::Withdraw { .. })
                            )
                        });
                    core.is_some()
                        || matches!(San::parse_at(tok, *col), Ok(San::Move(m)) if m.untenable.is_some())
                }) {
                    return Err(format!(
                        "turn {} {t:?}: `{tok}` is marked called (`U`, §2.0.22): a call is read from a game's record by `replay`; `apply` plays turns from a position, with no call to make",
                        i + 1
                    ));
                }
                let acts = notation::parse_turn(&rules, &pos, t, 1).map_err(|e| {
                    // Under a policy that lets an untenable move stand until called (§2.0.22),
                    // the move is a record's, with its call (a review found `--rules sand.ron
                    // apply start '$X9'` refused with no word of where it is played).
                    let record = if e.message.starts_with("untenable:")
                        && rules.options.untenable != veney_rules::options::UntenablePolicy::Strict
                    {
                        "; apply plays tenable turns: an untenable move made under this game's untenable policy, and its call, are a game record's, which `replay` reads"
                    } else {
                        ""
                    };
                    format!("turn {} {t:?}: {e}{record}", i + 1)
                })?;
                let canonical = notation::write_turn(&rules, &pos, &acts);
                pos.play_turn(&rules, &acts)
                    .map_err(|e| format!("turn {} {t:?}: {e}", i + 1))?;
                // A `#` the moves do not make is warned about, as `replay` does (a review found
                // `apply` taking one without a word).
                if t.matches('#').count() > canonical.matches('#').count() && !pos.is_game_over() {
                    eprintln!(
                        "warning: turn {} {t:?} marks a checkmate (`#`) its moves do not make: read as `{canonical}`",
                        i + 1
                    );
                }
            }
            println!("{}", pos.to_text(&rules));
            // The game's end in words, as `show` and `moves` say it (a review found only
            // `over=` in the position text) — on stderr: stdout is the position alone, for the
            // next command to read.
            match (pos.outcome(), pos.dying()) {
                (Some(o), Some(side)) => {
                    eprintln!("({o}, unless {side}'s dying move answers it: §2.0.20)")
                }
                (Some(o), None) => eprintln!("(the game is over: {})", ended(&rules, &pos, o)),
                _ => {}
            }
        }
        Command::Perft {
            position: p,
            depth,
            divide,
        } => {
            let pos = position(&rules, p)?;
            let t = Instant::now();
            if *divide && (*depth == 0 || pos.is_game_over()) {
                // No first action is counted below depth 0 or after the game's end: the
                // position itself is the leaf.
                println!("total {}", perft::perft(&rules, &pos, 0));
            } else if *divide {
                let legal = pos.legal_actions(&rules);
                let mut total = 0;
                for (a, n) in perft::divide(&rules, &pos, *depth) {
                    println!("{} {n}", San::of_action(&rules, &pos, &legal, &a));
                    total += n;
                }
                println!("total {total}");
            } else {
                println!("{}", perft::perft(&rules, &pos, *depth));
            }
            eprintln!("{:.3}s", t.elapsed().as_secs_f64());
        }
        Command::RandomPosition { seed, turns } => {
            let start = Position::start(&rules);
            let p = playout::random_position(
                &rules,
                start,
                &mut veney_rules::rng::seeded(*seed),
                *turns,
            );
            println!("{}", p.to_text(&rules));
        }
        Command::Arena {
            white,
            black,
            games,
            seed,
            max_actions,
        } => {
            let g = veney_rules::VeneyGame::new(rules.clone());
            crate::generic::arena(&g, white, black, *games, *seed, *max_actions)?;
        }
        Command::RandomGames {
            n,
            seed,
            max_turns,
            unchecked,
        } => {
            let t = Instant::now();
            let s = playout::random_games(&rules, *n, *seed, *max_turns, !*unchecked)?;
            let secs = t.elapsed().as_secs_f64();
            println!("games: {}", s.games);
            println!("games/s: {:.1}", s.games as f64 / secs);
            println!("actions/s: {:.0}", s.actions as f64 / secs);
            println!(
                "mean length: {:.1} turns ({:.1} actions)",
                s.turns as f64 / s.games.max(1) as f64,
                s.actions as f64 / s.games.max(1) as f64
            );
            for (ending, count) in &s.endings {
                println!("ended by {ending}: {count}");
            }
            if !unchecked {
                println!("invariants: checked after every action");
            }
        }
    }
    Ok(())
}

/// The board as text, White at the bottom, with the measures marked.
fn show(rules: &Rules, pos: &Position) -> String {
    let mut s = String::new();
    s.push_str("      W X Y Z\n");
    for step in (1..=16u8).rev() {
        let m = Measure::of(Square::new(0, step));
        let label = if step % 4 == 0 {
            format!(
                "  measure {} (White's {}, Black's {})",
                m.0 + 1,
                m.relative(Side::White),
                m.relative(Side::Black)
            )
        } else {
            String::new()
        };
        s.push_str(&format!("  {step:>2} "));
        for line in 0..4 {
            let sq = Square::new(line, step);
            // The Donkey (§2.0.23: nothing leaps it) is `K`/`k`, as the notation writes it.
            let donkey = Side::ALL.into_iter().find(|&d| pos.donkey(d) == Some(sq));
            let c = if pos.free_square() == Some(sq) {
                '@'
            } else if let Some(d) = donkey {
                if d == Side::White { 'K' } else { 'k' }
            } else if let Some((side, k)) = pos.piece_at(sq) {
                let c = rules.set(side).piece(k).def.code;
                if side == Side::White {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            } else if sq.is_light() {
                '.'
            } else {
                ':'
            };
            s.push(' ');
            s.push(c);
        }
        s.push_str(&label);
        s.push('\n');
        if step == 9 {
            s.push_str("      ======= centre line\n");
        } else if step % 4 == 1 && step > 1 {
            s.push_str("      -------\n");
        }
    }
    // The board's letters are the position text's, not the notation's (a review found `W`, the
    // Sword's letter here, typed as a move of the Sword): a key, with each piece's letter in
    // notation where it differs.
    for side in Side::ALL {
        let set = rules.set(side);
        let key: Vec<String> = set
            .kinds()
            .map(|k| {
                let d = &set.piece(k).def;
                let code = if side == Side::White {
                    d.code
                } else {
                    d.code.to_ascii_lowercase()
                };
                if d.letter == code {
                    format!("{code} {}", d.name)
                } else {
                    format!("{code} {} (`{}` in notation)", d.name, d.letter)
                }
            })
            .collect();
        s.push_str(&format!("{side}'s letters: {}\n", key.join(", ")));
    }
    s.push_str(
        "@ the free engagement (`a` in notation), K/k a Donkey, . light and : dark squares\n",
    );
    for side in Side::ALL {
        let list = |f: &dyn Fn(veney_rules::Kind) -> u8| -> String {
            let v: Vec<String> = rules
                .set(side)
                .kinds()
                .filter(|&k| f(k) > 0)
                .map(|k| {
                    let n = f(k);
                    let name = rules.set(side).piece(k).name();
                    if n > 1 {
                        format!("{name}×{n}")
                    } else {
                        name.to_string()
                    }
                })
                .collect();
            if v.is_empty() {
                "-".into()
            } else {
                v.join(", ")
            }
        };
        s.push_str(&format!(
            "{side} reserve: {}\n",
            list(&|k| pos.reserve(side, k))
        ));
        s.push_str(&format!(
            "{side} discarded: {}\n",
            list(&|k| pos.discard(side, k))
        ));
    }
    // What the board's letters do not show (a review found a pinned blade listed nowhere, the
    // Donkey drawn as an empty square and a partner in hand unnamed).
    for side in Side::ALL {
        let name = |k: veney_rules::Kind| rules.set(side).piece(k).name().to_string();
        for (k, sq, _) in veney_rules::special::blade_capture::pins(pos, side) {
            s.push_str(&format!(
                "{side}'s {} pinned under {}'s Cloak on {sq} (§2.0.06)\n",
                name(k),
                !side
            ));
        }
        if let Some(sq) = pos.donkey(side) {
            s.push_str(&format!("{side}'s Donkey on {sq} (§2.0.23)\n"));
        } else if pos.donkey_in_reserve(side) {
            s.push_str(&format!("{side}'s Donkey in reserve (§2.0.23)\n"));
        }
    }
    if let Some(l) = pos.lifted() {
        let side = pos.turn();
        s.push_str(&format!(
            "{side}'s {} in hand, lifted from {} in concert: its move places it (R-CONCERT)\n",
            rules.set(side).piece(l.kind).name(),
            l.from
        ));
    }
    match pos.free() {
        FreePlace::On(sq) => s.push_str(&format!(
            "free engagement: in play on {sq} (possessed by {})\n",
            sq.colour_owner()
        )),
        FreePlace::Off(i) => s.push_str(&format!(
            "free engagement: out of play at intersection {i}\n"
        )),
    }
    match pos.outcome() {
        Some(o) if pos.is_game_over() => {
            s.push_str(&format!("game over: {}\n", ended(rules, pos, o)))
        }
        // The mated player's one dying move (§2.0.20, R-DYING; a review found it shown as over).
        Some(o) => s.push_str(&format!(
            "{o}, unless {}'s dying move answers it (§2.0.20): {} to move (turn {})\n",
            pos.turn(),
            pos.turn(),
            pos.turn_number()
        )),
        None => {
            s.push_str(&format!(
                "{} to move (turn {})",
                pos.turn(),
                pos.turn_number()
            ));
            match pos.phase() {
                Phase::Start => {}
                Phase::Second { stone, concert } => {
                    if let Some(sq) = stone {
                        s.push_str(&format!("; the piece on {sq} may move again"));
                    }
                    if concert.is_some() {
                        s.push_str("; an armament may move in concert");
                    }
                }
                Phase::Throw { from, target } => s.push_str(&format!(
                    "; the Dagger on {from} was thrown at {target}: the roll is awaited"
                )),
                Phase::Distraction { .. } => s.push_str(match pos.reposition() {
                    None => "; distraction: the Self and the Sword may be repositioned",
                    Some(r) if !r.takes => {
                        "; Obscurant Chaos: the Self and a blade may be repositioned"
                    }
                    Some(_) => {
                        "; the trap is sprung: the Self and a blade may be repositioned (taking), or a normal turn made instead"
                    }
                }),
                Phase::Glare => s.push_str("; the moves are made: glare or end the turn"),
                Phase::Cast { .. } => s.push_str("; a piece was cast: its landing is awaited"),
                Phase::Reclaim {
                    stone: None,
                    concert: None,
                } => s.push_str("; Shima: the reclaimed Dagger may be placed"),
                Phase::Reclaim { .. } => s.push_str(
                    "; Shima: the reclaimed Dagger may be placed, or the other second move made",
                ),
                Phase::DonkeyMove { placer } => {
                    s.push_str(&format!("; {placer}'s Donkey moves first"))
                }
                Phase::Hirakamae { stone, concert, .. } => s.push_str(match (concert, stone) {
                    (Some(_), _) => {
                        "; hirakamae ends: one more move, by that piece or another, or in concert"
                    }
                    (None, Some(_)) => {
                        "; hirakamae ends: one more move, by that piece or another, or the stone's"
                    }
                    _ => "; hirakamae ends: one more move, by that piece or another",
                }),
            }
            if pos.passes() > 0 {
                s.push_str(&format!("; {} pass(es) in a row", pos.passes()));
            }
            s.push('\n');
        }
    }
    s
}

/// A game's ending in words, as the app's banner says it: a draw the Hug is still to settle
/// (option `hug`, §2.0.23 "a draw must be settled with a 'hug'") says so, as the command line
/// plays no Hug (a review found "game over: draw by agreement" printed as if final); a dying
/// Jutsu-takes-Jutsu names the Death Spell (§2.0.18; a review found only `deathspell=1`).
fn ended(rules: &Rules, pos: &Position, o: veney_rules::Outcome) -> String {
    if veney_rules::hug::awaits_hug(rules, Some(o)) {
        format!("{o} — to be settled by the Hug (§2.0.23), which the app plays")
    } else if pos.death_spell() {
        format!("{o} — Death Spell: the loser takes the winner's token (§2.0.18)")
    } else {
        o.to_string()
    }
}
