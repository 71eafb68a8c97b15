//! The shared commands for any game on the game API (`--game tirachen`, and the games after it):
//! the same names and arguments as Veney's, through `game_api::Game` with static dispatch.
use crate::Command;
use game_api::{Actor, Cell, Decision, Game, Match, Shape, Viewer, actions_for, actor_now};
use rand::Rng;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

pub fn main<G: Game>(
    build: impl Fn(&str) -> Result<G, String>,
    known: &[(String, String)],
    options: &[String],
    cmd: &Command,
) -> ExitCode {
    let run = || -> Result<ExitCode, String> {
        let given = option_pairs(known, options)?;
        let headers: String = given
            .iter()
            .map(|(k, v)| format!("[{k} \"{v}\"]\n"))
            .collect();
        if let Command::Replay { file } = cmd {
            // The options given are read first: a bad one is the command line's, not the save's.
            let given_game = build(&headers).map_err(|e| option_error(&e))?;
            // A save names its own options: those given must agree with it.
            let text = read_record(file)?;
            let named =
                game_api::save_headers(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            // Another game's save is named so before its options are read as this game's (a
            // review found a Tirachen option value refused as Kelasu's).
            if let Some((line, _, v)) = named.iter().find(|h| h.1.eq_ignore_ascii_case("Game"))
                && !v.eq_ignore_ascii_case(given_game.name())
            {
                return Err(format!(
                    "{}:{line}: this is a save of `{v}`, not of `{}` {}",
                    file.display(),
                    given_game.name(),
                    game_hint(v)
                ));
            }
            // (Each header once: `save_headers` refuses a second copy, which would be checked as
            // one value and played as another.)
            // Compared as the options they read as (`05` is `5`), the header in any case.
            let read_as =
                |k: &str, v: &str| build(&format!("[{k} \"{v}\"]\n")).ok().map(|g| g.headers());
            for (k, v) in &given {
                // (A saved value that does not read is named below as the save's own fault: a
                // review found it reported as a disagreement with `--option`.)
                if let Some((line, _, saved)) = named.iter().find(|h| h.1.eq_ignore_ascii_case(k))
                    && !saved.eq_ignore_ascii_case(v)
                    && let Some(as_saved) = read_as(k, saved)
                    && Some(as_saved) != read_as(k, v)
                {
                    return Err(format!(
                        "{}:{line}: the save was played with [{k} \"{saved}\"], not --option {k}={v}",
                        file.display()
                    ));
                }
            }
            // The save's own options read alone first: a bad one is named at its own line (a
            // review found it named one line further down for each option given above it).
            build(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            // The save's own options, and those given that it does not name (each header once: a
            // review found an option agreeing with the save refused as a second header): what
            // does not read now is the save's.
            let unnamed: String = given
                .iter()
                .filter(|(k, _)| !named.iter().any(|h| h.1.eq_ignore_ascii_case(k)))
                .map(|(k, v)| format!("[{k} \"{v}\"]\n"))
                .collect();
            let g = build(&format!("{unnamed}{text}"))
                .map_err(|e| format!("{}: {e}", file.display()))?;
            return replay(&Arc::new(g), file, &text);
        }
        let g = build(&headers).map_err(|e| option_error(&e))?;
        run(&Arc::new(g), cmd)
    };
    match run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("veney-cli: {}", crate::printable(&e.to_string()));
            ExitCode::from(2)
        }
    }
}

/// A refused `--option` in the command line's words: the options are read as save headers, so
/// the game's message speaks of a header on a line (`save headers: line 1: header Masters is
/// "x"; …`); here it is the flag (`--option Masters is "x"; …`; a review found the flag called
/// a save header).
fn option_error(e: &str) -> String {
    let e = e.strip_prefix("save headers: ").unwrap_or(e);
    let e = match e.split_once(": ") {
        Some((line, rest))
            if line
                .strip_prefix("line ")
                .is_some_and(|n| n.parse::<usize>().is_ok()) =>
        {
            rest
        }
        _ => e,
    };
    format!("--option {}", e.strip_prefix("header ").unwrap_or(e))
}

/// `--option NAME=VALUE` flags as header pairs, each name one of the game's own options
/// (`known`, the defaults' headers; matched without regard to case) and given once.
fn option_pairs(
    known: &[(String, String)],
    options: &[String],
) -> Result<Vec<(String, String)>, String> {
    let names = || {
        known
            .iter()
            .map(|(k, v)| format!("{k} (default {v})"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out: Vec<(String, String)> = Vec::new();
    for o in options {
        let (k, v) = o.split_once('=').ok_or_else(|| {
            format!(
                "--option {o}: expected NAME=VALUE; the options are {}",
                names()
            )
        })?;
        let (k, v) = (k.trim(), v.trim());
        let Some((name, _)) = known.iter().find(|(n, _)| n.eq_ignore_ascii_case(k)) else {
            return Err(format!(
                "--option {o}: no option `{k}`; the options are {}",
                names()
            ));
        };
        if v.contains('"') || v.contains(']') {
            return Err(format!("--option {o}: a value holds no `\"` or `]`"));
        }
        if out.iter().any(|(n, _)| n == name) {
            return Err(format!("--option {name} is given twice"));
        }
        out.push((name.clone(), v.to_string()));
    }
    Ok(out)
}

/// A record's text from a file, or from standard input for `-`.
pub fn read_record(file: &std::path::Path) -> Result<String, String> {
    // A byte that is not UTF-8 is named at its line and column, for a file or standard input
    // (named `-`; a review found "stream did not contain valid UTF-8", from nowhere).
    let text = if file.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .map_err(|e| format!("-: {e}"))?;
        game_api::text_of(bytes).map_err(|e| format!("-: {e}"))?
    } else {
        game_api::read_text_file(file).map_err(|e| match e {
            game_api::SaveError::Io(e) => format!("{}: {e}", file.display()),
            e => format!("{}: {e}", file.display()),
        })?
    };
    // A byte-order mark some editors write is not the record's first character.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

fn position<G: Game>(g: &G, text: &str) -> Result<G::State, String> {
    // Spaces or a carriage return around it (a text read from a file, `$(cat pos.txt)`) are
    // not the position's (a review found Tirachen's reader refuse them, the others not).
    let text = text.trim();
    if text == "start" {
        return Ok(g.start());
    }
    g.parse_position(text).map_err(|e| bad_position(&e, text))
}

/// A whole position to play from (`moves`, `turns`, `perft`): one player's view, with something
/// hidden, is refused as `apply` refuses it (a review found its hidden part's actions left out of
/// the lists and counts without a word).
fn playable<G: Game>(g: &G, text: &str) -> Result<G::State, String> {
    // (Trimmed as `position` is.)
    let text = text.trim();
    if text == "start" {
        return Ok(g.start());
    }
    g.parse_playable(text).map_err(|e| bad_position(&e, text))
}

/// `(the game is over: …)` where nobody has a decision left, with the ending when there is one.
fn over_line<G: Game>(g: &G, s: &G::State) -> Option<String> {
    if !actors_now(&g.decision(s)).is_empty() {
        return None;
    }
    Some(match g.outcome(s) {
        Some(o) => format!("(the game is over: {})", o.headline(|p| g.player_name(p))),
        None => "(the game is over)".to_string(),
    })
}

/// How to replay a save of game `name`: `(--game tirachen)` for a game this program plays, else
/// which games it plays (a review found `--game veeney` suggested).
pub fn game_hint(name: &str) -> String {
    let games: Vec<&str> = game_print::PrintGame::ALL
        .iter()
        .map(|g| g.name())
        .collect();
    let lower = name.to_lowercase();
    if games.contains(&lower.as_str()) {
        format!("(--game {lower})")
    } else {
        format!(
            "(a game this program does not play; it plays {})",
            games.join(", ")
        )
    }
}

/// The whitespace-separated tokens of `text`, each with its 1-based column (in characters).
fn tokens_with_columns(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (col, (byte, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((col + 1, byte)),
            (true, Some((scol, sbyte))) => {
                out.push((scol, &text[sbyte..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((scol, sbyte)) = start {
        out.push((scol, &text[sbyte..]));
    }
    out
}

/// A position text that does not read: the column and why (one line: no line number).
fn bad_position(e: &game_api::TextError, text: &str) -> String {
    let found = if e.found.is_empty() {
        String::new()
    } else {
        format!("`{}`: ", e.found)
    };
    format!("bad position: column {}: {found}{}\n  {text}", e.col, e.why)
}

fn run<G: Game>(g: &Arc<G>, cmd: &Command) -> Result<ExitCode, String> {
    match cmd {
        Command::CheckSet { .. } | Command::ShowPiece { .. } => {
            return Err(format!(
                "check-set and show-piece are for Veney's piece sets; {} has none",
                g.title()
            ));
        }
        // Handled in `main`, for every game, before any game is built.
        Command::Print { .. } => {}
        Command::Show { position: p } => print!("{}", show(&**g, &position(&**g, p)?)),
        Command::Moves { position: p, from } => {
            let s = playable(&**g, p)?;
            let actors = actors_now(&g.decision(&s));
            if let Some(over) = over_line(&**g, &s) {
                println!("{over}");
                return Ok(ExitCode::SUCCESS);
            }
            let board = g.board();
            // A square named as the board names it (`B1`), else refused with what the board has.
            let from = match from {
                None => None,
                Some(f) => Some(
                    (0..board.cells())
                        .map(|c| board.cell_name(Cell(c as u16)))
                        .find(|n| n.eq_ignore_ascii_case(f))
                        .ok_or_else(|| {
                            format!(
                                "--from {f}: {} has no square {f} (its squares are named like {} and {})",
                                g.title(),
                                board.cell_name(Cell(0)),
                                board.cell_name(Cell(board.cells().saturating_sub(1) as u16))
                            )
                        })?,
                ),
            };
            // At a simultaneous decision every waiting seat's actions, each as the record writes
            // a sealed action (`2|text`).
            let mut acts = Vec::new();
            let mut listed = 0;
            for (actor, seat) in actors {
                actions_for(&**g, &s, actor, &mut acts);
                for &a in &acts {
                    let origin = g.action_cells(&s, a).from.map(|c| board.cell_name(c));
                    if from.is_none() || origin.as_deref() == from.as_deref() {
                        println!("{}", sealed(seat, g.action_text(&s, a)));
                        listed += 1;
                    }
                }
            }
            // A square with no action from it is said to be so (a review found nothing printed,
            // exit 0, for an empty square or the other side's piece).
            if let Some(f) = from.filter(|_| listed == 0) {
                println!("(no action from {f} now)");
            }
        }
        Command::Turns { position: p } => {
            let s = playable(&**g, p)?;
            // A finished game says so rather than printing nothing (a review found `turns`
            // silent there).
            if let Some(over) = over_line(&**g, &s) {
                println!("{over}");
                return Ok(ExitCode::SUCCESS);
            }
            let mut out = Vec::new();
            turns(&**g, &s, &mut Vec::new(), &mut out, true);
            for t in out {
                println!("{t}");
            }
        }
        Command::Apply { position: p, turns } => {
            // A game is played on from a whole position only, not one player's view; trimmed as
            // every command's (a review found `apply "start "` refused).
            let s = playable(&**g, p)?;
            let mut m = Match::from_state(g.clone(), s, 0);
            for (i, t) in turns.iter().enumerate() {
                let n = i + 1;
                // An empty turn is refused, as Veney's `apply` refuses it (a review found it
                // skipped silently).
                if t.trim().is_empty() {
                    return Err(format!("turn {n} `{t}`: an empty turn: write its actions"));
                }
                for (col, tok) in tokens_with_columns(t) {
                    m.play_text(tok).map_err(|e| match e {
                        // Placed within the turn as written, not within the action alone (a
                        // review found every error at "line 1, column 1").
                        game_api::PlayError::Text(e) => {
                            let at = col + e.col.max(1) - 1;
                            let found = if e.found.is_empty() {
                                String::new()
                            } else {
                                format!("`{}`: ", e.found)
                            };
                            format!("turn {n} `{t}`: column {at}: {found}{}", e.why)
                        }
                        e => format!("turn {n} `{t}`: `{tok}`: {e}"),
                    })?;
                }
            }
            println!("{}", g.position_text(m.state()));
            // On stderr, as Veney's: the output is the position alone, for the next command to
            // read (a review found `moves "$(apply …)"` refusing the ending's line).
            if let Some(o) = g.outcome(m.state()) {
                eprintln!("game over: {}", o.headline(|p| g.player_name(p)));
            }
        }
        Command::Perft {
            position: p,
            depth,
            divide,
        } => {
            let s = playable(&**g, p)?;
            let t = Instant::now();
            if *divide && (*depth == 0 || matches!(g.decision(&s), Decision::Over(_))) {
                // No first action is counted below depth 0 or after the game's end: the
                // position itself is the leaf (a review found `total: 0` where perft said 1).
                println!("total: {}", game_testkit::perft(&**g, &s, 0));
            } else if *divide {
                let mut total = 0;
                for (a, n) in game_testkit::divide(&**g, &s, *depth) {
                    println!("{a}: {n}");
                    total += n;
                }
                println!("total: {total}");
            } else {
                println!("{}", game_testkit::perft(&**g, &s, *depth));
            }
            eprintln!("({:.3} s)", t.elapsed().as_secs_f64());
        }
        Command::RandomPosition { seed, turns } => {
            let mut m = Match::new(g.clone(), *seed);
            let mut pick = game_api::seeded(*seed ^ 0x5EED);
            let mut done = 0;
            while done < *turns {
                let Some(actor) = m.actor() else { break };
                if actor == Actor::Chance {
                    m.draw_chance();
                } else {
                    let legal = m.legal_actions(actor);
                    let a = legal[pick.random_range(0..legal.len())];
                    m.play(actor, a).map_err(|e| e.to_string())?;
                }
                if g.at_turn_start(m.state()) {
                    done += 1;
                }
            }
            println!("{}", g.position_text(m.state()));
        }
        Command::RandomGames {
            n,
            seed,
            max_turns,
            unchecked,
        } => {
            let games = u32::try_from(*n)
                .map_err(|_| format!("random-games {n}: at most {} games", u32::MAX))?;
            let cfg = game_testkit::Playouts {
                games,
                seed: *seed,
                max_turns: *max_turns,
                max_actions: u32::MAX,
                check_every: if *unchecked { 0 } else { 1 },
                save_every: if *unchecked { 0 } else { 50 },
            };
            let t = Instant::now();
            let r = game_testkit::random_playouts(g, None, &cfg)?;
            let secs = t.elapsed().as_secs_f64();
            println!(
                "{} games, {} actions in {:.2} s ({:.0} actions/s){}",
                r.games,
                r.actions,
                secs,
                r.actions as f64 / secs.max(1e-9),
                if *unchecked {
                    ""
                } else {
                    ", every action checked"
                }
            );
            for (ending, count) in &r.endings {
                println!("  {ending}: {count}");
            }
        }
        // `main` builds the game from the record's own options first.
        Command::Replay { file } => return replay(g, file, &read_record(file)?),
        Command::Arena {
            white,
            black,
            games,
            seed,
            max_actions,
        } => arena(&**g, white, black, *games, *seed, *max_actions)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Every complete turn from `s` (actions up to the next turn start or the end), in notation.
fn turns<G: Game>(
    g: &G,
    s: &G::State,
    prefix: &mut Vec<String>,
    out: &mut Vec<String>,
    first: bool,
) {
    if !first && (g.at_turn_start(s) || matches!(g.decision(s), Decision::Over(_))) {
        out.push(prefix.join(" "));
        return;
    }
    let mut acts = Vec::new();
    for (actor, seat) in actors_now(&g.decision(s)) {
        actions_for(g, s, actor, &mut acts);
        for &a in &acts {
            let mut t = s.clone();
            g.apply(&mut t, actor, a);
            prefix.push(sealed(seat, g.action_text(s, a)));
            turns(g, &t, prefix, out, false);
            prefix.pop();
        }
    }
}

/// Who may act now, each with the seat a sealed action names (`Some(2)` for `2|text`): every
/// waiting player of a simultaneous decision (not only the lowest seat, as `actor_now` gives);
/// else the deciding player or chance, unnamed; nobody once the game is over.
fn actors_now(d: &Decision) -> Vec<(Actor, Option<u16>)> {
    match d {
        Decision::Simultaneous { waiting } => waiting
            .iter()
            .map(|p| (Actor::Player(p), Some(u16::from(p.0) + 1)))
            .collect(),
        d => actor_now(d).map(|a| (a, None)).into_iter().collect(),
    }
}

/// An action's text as a record writes it: `seat|text` for a sealed action of a simultaneous
/// decision (as `Match::step_text` writes it and `Match::play_text` reads it).
fn sealed(seat: Option<u16>, text: String) -> String {
    match seat {
        Some(n) => format!("{n}|{text}"),
        None => text,
    }
}

/// The board as text: ranks from the top (as the game draws it: Kelasu's first rank, A, at the
/// top), the first player's pieces in capitals, the second's in lower case, neutral pieces in
/// brackets; a key to the letters; then the reserves and whose decision it is.
pub fn show<G: Game>(g: &G, s: &G::State) -> String {
    let board = g.board();
    let mut out = String::new();
    if let Shape::Grid { files, ranks, .. } = board.shape {
        let pieces = g.pieces(s, Viewer::Referee);
        // (A review found Kelasu drawn upside down, J at the top.)
        let order: Vec<u8> = if board.first_rank_at_top {
            (0..ranks).collect()
        } else {
            (0..ranks).rev().collect()
        };
        for r in order {
            out.push_str(&format!("{:>3} ", board.rank_labels[r as usize]));
            for f in 0..files {
                let c = board.grid_cell(f, r).expect("on the grid");
                let cell = match pieces.iter().find(|p| p.cell == c) {
                    Some(p) => match p.owner {
                        Some(o) if o.0 == 0 => format!(" {} ", p.kind.to_uppercase()),
                        Some(_) => format!(" {} ", p.kind.to_lowercase()),
                        None => format!("[{}]", p.kind),
                    },
                    None => " . ".to_string(),
                };
                out.push_str(&cell);
            }
            out.push('\n');
        }
        out.push_str("    ");
        for l in &board.file_labels {
            out.push_str(&format!(" {l} "));
        }
        out.push('\n');
    }
    // A key to the letters, as Veney's `show` gives one (the help promises it; a review found
    // Tirachen's S, A and W unexplained): each kind on the board or in a tray, by its code.
    let reserves = g.reserves(s, Viewer::Referee);
    let mut key: Vec<(String, String)> = Vec::new();
    let on_board = g.pieces(s, Viewer::Referee);
    let neutral = on_board.iter().any(|p| p.owner.is_none());
    let named = on_board.into_iter().map(|p| (p.kind, p.name)).chain(
        reserves
            .iter()
            .flat_map(|r| r.entries.iter().map(|(c, n, _)| (c.clone(), n.clone()))),
    );
    for (code, name) in named {
        let code = code.to_uppercase();
        if code != "?" && !key.iter().any(|(c, _)| *c == code) {
            key.push((code, name));
        }
    }
    if !key.is_empty() {
        key.sort();
        let first = g.player_name(game_api::Player(0));
        out.push_str(&format!(
            "key: {} (on the board {first}'s in upper case, the other's in lower case{})\n",
            key.iter()
                .map(|(c, n)| format!("{c} {n}"))
                .collect::<Vec<_>>()
                .join(", "),
            if neutral {
                ", a neutral piece in brackets"
            } else {
                ""
            }
        ));
    }
    for r in reserves {
        let items: Vec<String> = r
            .entries
            .iter()
            .map(|(code, _, n)| format!("{code}×{n}"))
            .collect();
        out.push_str(&format!(
            "{} {}: {}\n",
            g.player_name(r.owner),
            r.label,
            if items.is_empty() {
                "—".into()
            } else {
                items.join(" ")
            }
        ));
    }
    out.push_str(&match g.decision(s) {
        Decision::Player(p) => format!("{} to decide\n", g.player_name(p)),
        Decision::Simultaneous { waiting } => format!(
            "simultaneous: waiting for {}\n",
            waiting
                .iter()
                .map(|p| g.player_name(p))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Decision::Chance => "chance decides next\n".into(),
        Decision::Over(o) => format!("game over: {}\n", o.headline(|p| g.player_name(p))),
    });
    out.push_str(&g.position_text(s));
    out.push('\n');
    out
}

/// `replay FILE`: a save or record (headers, then numbered turns) replayed turn by turn under
/// the options it names; each turn reported as played or refused with its line. Its `Game`
/// must be this game; its `Seed`, `Start` and `Ending` are taken as a resumed save takes them,
/// and a `Final` position it names must be the one reached. Exit 1 when a turn is refused or
/// the final position differs.
fn replay<G: Game>(g: &Arc<G>, file: &std::path::Path, text: &str) -> Result<ExitCode, String> {
    let at = |line: usize, why: String| format!("{}:{line}: {why}", file.display());
    let headers = game_api::save_headers(text).map_err(|e| format!("{}: {e}", file.display()))?;
    // A key in any case (`[game "…"]`), as a second copy in another case is refused.
    let get = |k: &str| headers.iter().find(|h| h.1.eq_ignore_ascii_case(k));
    // The game's name in any case (`[Game "Tirachen"]`); the hint names it as `--game` takes it.
    if let Some((line, _, v)) = get("Game")
        && !v.eq_ignore_ascii_case(g.name())
    {
        return Err(at(
            *line,
            format!(
                "this is a save of `{v}`, not of `{}` {}",
                g.name(),
                game_hint(v)
            ),
        ));
    }
    if let Some((line, _, v)) = get("Viewer") {
        return Err(at(
            *line,
            format!("this is {v}'s view of a game (its secrets left out); it cannot be replayed"),
        ));
    }
    for (_, k, v) in &headers {
        // Escaped as the errors are: a save's header may carry escape sequences (a review
        // found them sent to the terminal raw).
        println!("{}: {}", crate::printable(k), crate::printable(v));
    }
    let seed = match get("Seed") {
        Some((line, _, v)) => v
            .parse()
            .map_err(|_| at(*line, format!("the seed `{v}` is not a whole number")))?,
        None => 0,
    };
    // A header's value that does not read, placed in the record: the game counts columns
    // within the value; on its line the value starts after its quote.
    let in_record = |line: usize, e: game_api::TextError| {
        let value_col = text
            .lines()
            .nth(line - 1)
            .and_then(|l| l.find('"').map(|q| l[..q].chars().count() + 2))
            .unwrap_or(1);
        e.in_value(line, value_col)
    };
    // `[Position]`, as Veney's records name their start, is read as `[Start]` (a review found it
    // dropped without a word, the record then refused from the standard start).
    let start = match get("Start").or_else(|| get("Position")) {
        Some((line, _, v)) if v != "start" => g
            .parse_playable(v)
            .map_err(|e| format!("{}: {}", file.display(), in_record(*line, e)))?,
        _ => g.start(),
    };
    let mut m = Match::from_state(g.clone(), start, seed);
    let mut n = 0;
    let turns =
        game_api::read_record_lines(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    if let Some((line, _, _)) = get("Ending") {
        game_api::turn_after_ending(&turns, *line)
            .map_err(|e| format!("{}: {e}", file.display()))?;
    }
    let mut played = 0usize;
    for (k, turn) in turns.iter().enumerate() {
        // A line that goes on with a turn an editor wrapped keeps its turn's number.
        let goes_on = m.record_turn_goes_on(turn, k == 0);
        if !goes_on {
            n += 1;
        }
        // Numbered as the record and the app's move list number it: in pairs, `2.` for the first
        // player's turn and `2...` for the second's (a review found every turn counted, Red's
        // second turn reported as `4.`).
        // (The turns so far, counted as `Match::turns` groups them — a turn begins at each
        // turn start — kept as the record is played rather than rebuilt at each line: a review
        // found a long record's replay slowing with the square of its length.)
        let label = if goes_on {
            format!(
                "{} (cont.)",
                game_api::AnyMatch::turn_label(&m, played.saturating_sub(1))
            )
        } else {
            game_api::AnyMatch::turn_label(&m, played)
        };
        let written: Vec<&str> = turn.tokens.iter().map(|t| t.1.as_str()).collect();
        let before = m.history().len();
        let result = m.play_record_turn(turn, k == 0);
        for (i, s) in m.history().iter().enumerate().skip(before) {
            if i == 0 || g.at_turn_start(&s.before) {
                played += 1;
            }
        }
        match result {
            Ok(_) => println!("{label:<6} {:<24} played", written.join(" ")),
            Err(e) => {
                println!(
                    "{label:<6} {:<24} REFUSED {}:{}:{}: {}",
                    crate::printable(&written.join(" ")),
                    file.display(),
                    e.line,
                    e.col,
                    crate::printable(&e.why)
                );
                println!("final: {}", g.position_text(m.state()));
                return Ok(ExitCode::from(1));
            }
        }
    }
    if n == 0 {
        eprintln!("warning: {}: the record has no turns", file.display());
    }
    let reached = g.position_text(m.state());
    println!("final: {reached}");
    if let Some((line, _, v)) = get("Final") {
        // Not a position at all: the save is broken, not the record (exit 2, as Veney's; a
        // review found it reported as a final that differs). One that reads is compared as
        // the game writes it.
        let named = g
            .parse_position(v)
            // Its column in the record's line (a review found "line 1, column 42" named after
            // the header's own line, the column counted within the value).
            .map_err(|e| {
                // With no token, none said (a review found "(at ``)").
                let e = in_record(*line, e);
                let token = if e.found.is_empty() {
                    String::new()
                } else {
                    format!(" (at `{}`)", e.found)
                };
                at(
                    *line,
                    format!("[Final] does not read: column {}: {}{token}", e.col, e.why),
                )
            })?;
        if g.position_text(&named) != reached {
            println!(
                "FINAL DIFFERS {}:{line}: the save names {v}",
                file.display()
            );
            return Ok(ExitCode::from(1));
        }
    }
    if let Some((line, _, v)) = get("Ending") {
        let d = game_api::Declared::parse(&**g, v).ok_or_else(|| {
            at(
                *line,
                format!(
                    "`{v}` is not an ending: {}",
                    game_api::Declared::expected(&**g)
                ),
            )
        })?;
        m.declare(d).map_err(|r| {
            at(
                *line,
                format!("the ending `{v}` cannot end the game here: {r}"),
            )
        })?;
    }
    if let Decision::Over(o) = m.decision() {
        println!("game over: {}", o.headline(|p| g.player_name(p)));
    }
    Ok(ExitCode::SUCCESS)
}

/// An agent named on the command line: `random`, `mcts:<iterations>`, `mcts:<ms>ms`,
/// `mcts-flat:<iterations or ms>` (without the game's estimate) or a level; an `mcts` agent
/// may end in `@<actions>`, its playouts' cut-off (default: the game's own, else 200).
fn agent_seat<'a, G: Game>(full: &str) -> Result<game_ai::Seat<'a, G>, String> {
    use game_ai::{Agent, Budget, Config, Level, Mcts, RandomAgent};
    let (spec, playout_actions) = match full.split_once('@') {
        Some((s, n)) => (
            s,
            Some(
                n.parse::<u32>()
                    .map_err(|_| format!("agent `{full}`: `{n}` is not a number of actions"))?,
            ),
        ),
        None => (full, None),
    };
    if spec == "random" && playout_actions.is_some() {
        return Err(format!(
            "agent `{full}`: `@<actions>` sets an mcts agent's playout cut-off; random has none"
        ));
    }
    let level = Level::ALL
        .into_iter()
        .find(|l| l.name().split_whitespace().next() == Some(spec));
    // mcts-flat: the same search without the game's estimate (cut-off playouts are even).
    let flat = spec.starts_with("mcts-flat:");
    let budget = match (spec, level) {
        ("random", _) => None,
        (_, Some(l)) => Some(l.budget()),
        _ => {
            let n = spec
                .strip_prefix("mcts:")
                .or_else(|| spec.strip_prefix("mcts-flat:"))
                .ok_or_else(|| {
                    format!(
                        "agent `{spec}`: expected random, mcts:<iterations>, mcts:<ms>ms, mcts-flat:<iterations> or a level (beginner, casual, club, strong, strongest)"
                    )
                })?;
            Some(match n.strip_suffix("ms") {
                Some(ms) => Budget::Millis(ms.parse().map_err(|_| {
                    format!("agent `{spec}`: `{ms}` is not a number of milliseconds")
                })?),
                None => {
                    Budget::Iterations(n.parse().map_err(|_| {
                        format!("agent `{spec}`: `{n}` is not a number of iterations")
                    })?)
                }
            })
        }
    };
    // A level searches as the app's computer does (the strongest on every core).
    let threads = level.map_or(1, |l| l.config(0).threads);
    let make: Box<dyn Fn(u64) -> Box<dyn Agent<G>>> = match budget {
        None => Box::new(|seed| Box::new(RandomAgent::new(seed)) as Box<dyn Agent<G>>),
        Some(budget) => Box::new(move |seed| {
            let config = Config {
                budget,
                seed,
                playout_actions,
                threads,
                ..Config::default()
            };
            if flat {
                Box::new(Mcts::flat(config)) as Box<dyn Agent<G>>
            } else {
                Box::new(Mcts::new(config)) as Box<dyn Agent<G>>
            }
        }),
    };
    Ok(game_ai::Seat {
        name: full.to_string(),
        make,
    })
}

/// `arena`: matches between two agents, colours alternating; the first agent's results.
pub fn arena<G: Game>(
    g: &G,
    white: &str,
    black: &str,
    games: u32,
    seed: u64,
    max_actions: u32,
) -> Result<(), String> {
    let (a, b) = (agent_seat::<G>(white)?, agent_seat::<G>(black)?);
    let started = Instant::now();
    let r = game_ai::play_matches(g, &a, &b, games, seed, max_actions);
    let pct = |n: u32| 100.0 * n as f64 / r.games.max(1) as f64;
    // The seeds played, first to last (a review found `1..2` printed for the one game of seed
    // 1, a half-open range a reader takes for two).
    let seeds = match games {
        0 => "no seed".to_string(),
        1 => format!("seed {seed}"),
        n => format!(
            "seeds {seed} to {}",
            seed.wrapping_add(n as u64).wrapping_sub(1)
        ),
    };
    println!(
        "{} vs {} in {} game(s) of {} (colours alternating, {seeds}):",
        a.name,
        b.name,
        r.games,
        g.title(),
    );
    // A game both sides lost is neither's win (Veney's double checkmate).
    let both = if r.both_lost > 0 {
        format!(", {} a loss for both sides", r.both_lost)
    } else {
        String::new()
    };
    println!(
        "{}: {} won ({:.0} %), {} drawn, {} lost{both}",
        a.name,
        r.wins,
        pct(r.wins),
        r.draws,
        r.losses
    );
    println!(
        "mean game length {:.1} actions; {}",
        r.mean_actions,
        unfinished(&r, max_actions)
    );
    println!(
        "time per decision: {} {:.1} ms, {} {:.1} ms; {:.1} s in all",
        a.name,
        r.time_per_decision[0].as_secs_f64() * 1e3,
        b.name,
        r.time_per_decision[1].as_secs_f64() * 1e3,
        started.elapsed().as_secs_f64()
    );
    let endings: Vec<String> = r.endings.iter().map(|(e, n)| format!("{e} {n}")).collect();
    println!("endings: {}", endings.join(", "));
    Ok(())
}

/// The arena's count of unfinished games: those stopped at the action limit, and apart those
/// stopped with no action to play (nobody to decide, or an agent choosing none), which the
/// limit did not stop (a review found them all said stopped "at N actions").
fn unfinished(r: &game_ai::ArenaReport, max_actions: u32) -> String {
    let at_limit = r
        .endings
        .iter()
        .find(|(e, _)| e == "action limit")
        .map_or(0, |e| e.1);
    let mut line = format!("{at_limit} unfinished at {max_actions} actions");
    let other = r.unfinished.saturating_sub(at_limit);
    if other > 0 {
        line += &format!(", {other} stopped with no action to play");
    }
    line
}

#[cfg(test)]
mod arena_line_tests {
    /// Only the games the limit stopped are said stopped at it.
    #[test]
    fn games_stopped_otherwise_are_not_said_stopped_at_the_limit() {
        let r = game_ai::ArenaReport {
            unfinished: 3,
            endings: vec![
                ("action limit".into(), 1),
                ("no action chosen".into(), 2),
                ("checkmate".into(), 5),
            ],
            ..Default::default()
        };
        assert_eq!(
            super::unfinished(&r, 400),
            "1 unfinished at 400 actions, 2 stopped with no action to play"
        );
        let r = game_ai::ArenaReport {
            unfinished: 2,
            endings: vec![("action limit".into(), 2)],
            ..Default::default()
        };
        assert_eq!(super::unfinished(&r, 9), "2 unfinished at 9 actions");
    }
}
