//! `veney-cli`: one command line for every game of the project. `--game veney` (the default)
//! keeps Veney's own commands and set options; every other game gets the same commands through
//! the game API (`generic.rs`): show, moves, apply, turns, perft, random-games, replay,
//! random-position.
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

mod generic;
mod print;
mod veney;

#[derive(Parser)]
#[command(
    name = "veney-cli",
    version,
    about = "The rules of Veney (Scribe's Veney 2.0) and the project's other games on the command line: --game veney (default), --game tirachen or --game kelasu."
)]
pub struct Cli {
    /// The game: veney, tirachen or kelasu
    #[arg(long, global = true, default_value = "veney")]
    pub game: String,
    /// Piece set (RON) for both sides [default: the built-in standard set]
    #[arg(long, global = true)]
    pub set: Option<PathBuf>,
    /// White's piece set (RON), for an asymmetric game [default: --set]
    #[arg(long, global = true)]
    pub white_set: Option<PathBuf>,
    /// Black's piece set (RON), for an asymmetric game [default: --set]
    #[arg(long, global = true)]
    pub black_set: Option<PathBuf>,
    /// Setup (RON) [default: standard baselines]
    #[arg(long, global = true)]
    pub setup: Option<PathBuf>,
    /// Rule options (RON) [default: config/rules/default.ron, built in]
    #[arg(long, global = true)]
    pub rules: Option<PathBuf>,
    /// An option of Tirachen or Kelasu, named as in its saves' headers (`--option
    /// Masters=secret --option First=White`); may be given again for another option
    #[arg(long = "option", global = true, value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check piece set files: errors as file:line:col (exit 1), then warnings.
    CheckSet {
        /// The set files (RON, docs/SETS.md)
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Show a piece's reach on an empty board, and within its range constraint.
    ShowPiece {
        /// The set file
        file: PathBuf,
        /// The piece's name (or notation letter)
        piece: String,
        /// Where it stands [default: X6]
        #[arg(long, value_name = "SQ")]
        at: Option<String>,
        /// Where its Self stands [default: Y4]
        #[arg(long = "self", value_name = "SQ")]
        life: Option<String>,
        /// An oriented piece's facing: f, r, b or l
        #[arg(long, default_value = "f")]
        facing: String,
    },
    /// Show a position as a board (Veney's with measure boundaries), its reserves and a key to
    /// its letters.
    Show {
        /// A position text (Veney: docs/POSITION.md; the others: docs/rulings/<game>.md), or `start`
        position: String,
    },
    /// List every tenable action now, one per line in notation.
    Moves {
        /// A position text, or `start`
        position: String,
        /// Only actions of the piece on this square
        #[arg(long)]
        from: Option<String>,
    },
    /// List every tenable complete turn, one per line in notation.
    Turns {
        /// A position text, or `start`
        position: String,
    },
    /// Play turns given in notation and print the resulting position.
    Apply {
        /// A position text, or `start`
        position: String,
        /// Turns in notation, each one argument, the players taking turns: e.g. SY3 eX11 '$X5 $X7'
        /// --- (single quotes keep the shell from reading the Sword's `$`)
        #[arg(allow_hyphen_values = true)]
        turns: Vec<String>,
    },
    /// Replay a game record (header lines, then numbered turns) and report each turn.
    Replay {
        /// The record file (`-` for standard input)
        file: PathBuf,
    },
    /// Count complete-turn sequences to a depth.
    Perft {
        /// A position text, or `start`
        position: String,
        /// How many complete turns deep
        depth: u32,
        /// Also print the count below each first action
        #[arg(long)]
        divide: bool,
    },
    /// Print the position reached after a number of random turns from the start.
    RandomPosition {
        /// The random generator's seed (the same seed, the same position)
        #[arg(long)]
        seed: u64,
        /// How many whole turns to play (fewer when the game ends first)
        #[arg(long)]
        turns: u32,
    },
    /// Play matches between computer players: wins, draws and losses of --white's agent (the
    /// agents swap colours every game), mean game length, time per decision.
    Arena {
        /// The first agent: `random`, `mcts:<iterations>`, `mcts:<ms>ms`, `mcts-flat:<iterations>`
        /// (the search without the game's estimate of a cut-off playout), or a level
        /// (`beginner`, `casual`, `club`, `strong`, `strongest`); `@<actions>` after an mcts
        /// agent sets where its playouts are cut off (default: the game's own depth, else 200)
        #[arg(long)]
        white: String,
        /// The second agent, the same way
        #[arg(long)]
        black: String,
        /// How many games (--white names the first agent and --black the second; they swap
        /// seats from game to game: the first agent plays the first seat — White in Veney, Red
        /// in Tirachen, Blue in Kelasu — in the 1st, 3rd, 5th… game, the second seat in the
        /// others)
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// The seed of the first game (game i uses seed + i)
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game after this many actions (a draw)
        #[arg(long, default_value_t = 2_000)]
        max_actions: u32,
    },
    /// Write the printable kit of --game as a PDF: the board at true size, tokens to cut out,
    /// a score sheet (and Veney's rules cards and stick-dice odds).
    Print {
        /// Paper size: a4, letter or a3
        #[arg(long, default_value = "a4")]
        paper: String,
        /// Where to write the PDF (written to a temporary file beside it, then renamed)
        #[arg(long)]
        out: PathBuf,
    },
    /// Play random games with invariants checked every action.
    RandomGames {
        /// How many games
        n: u64,
        /// The first game's seed (game i uses seed + i)
        #[arg(long)]
        seed: u64,
        /// Stop a game after this many turns
        #[arg(long, default_value_t = 300)]
        max_turns: u32,
        /// Skip the invariant checks (faster)
        #[arg(long)]
        unchecked: bool,
    },
}

/// A closed pipe (`veney-cli turns start | head -1`) ends the program quietly, as it ends other
/// Unix tools: the default action of SIGPIPE, which Rust's runtime replaces by "ignore" (so that
/// every later `println!` would panic with "failed printing to stdout: Broken pipe"). The default
/// action ends the process at its first write to the closed pipe, without a message; a shell
/// reports the conventional status 141 (128 + SIGPIPE).
#[cfg(unix)]
fn end_quietly_on_a_closed_pipe() {
    // SAFETY: called first thing in `main`, before any other thread exists; it only restores
    // the signal's default disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn end_quietly_on_a_closed_pipe() {}

/// Output that cannot be written (`veney-cli turns start > /dev/full`: the disk is full) is an
/// error like any other: "cannot write the output: …" and exit 2, not a panic (`println!` panics
/// when its write fails). The commands print through `println!` throughout, so this catches
/// that panic by its message rather than routing every line through a writer; any other panic
/// is reported as before.
fn report_unwritable_output() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if let Some(why) = info
            .payload_as_str()
            .and_then(|m| m.strip_prefix("failed printing to stdout: "))
        {
            eprintln!("veney-cli: cannot write the output: {why}");
            std::process::exit(2);
        }
        default(info);
    }));
}

/// What is still buffered for standard output, written out before the exit code is given: a
/// failure is reported as `report_unwritable_output` reports one.
fn flush_output(code: ExitCode) -> ExitCode {
    match std::io::Write::flush(&mut std::io::stdout()) {
        Ok(()) => code,
        Err(e) => {
            eprintln!("veney-cli: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}

impl Cli {
    /// The Veney set, setup and rule files given (`--set` …), by flag.
    fn veney_files(&self) -> Vec<&'static str> {
        [
            ("--set", self.set.is_some()),
            ("--white-set", self.white_set.is_some()),
            ("--black-set", self.black_set.is_some()),
            ("--setup", self.setup.is_some()),
            ("--rules", self.rules.is_some()),
        ]
        .into_iter()
        .filter(|f| f.1)
        .map(|f| f.0)
        .collect()
    }

    /// A flag written among `apply`'s turns (`apply start SY3 --game tirachen`): taken there as
    /// a turn, it would silently not be the option it looks like.
    fn flag_among_turns(&self) -> Option<&str> {
        let Command::Apply { turns, .. } = &self.command else {
            return None;
        };
        // `-h` and `-V` are clap's short flags (help, version); no game's turn is spelled so.
        turns.iter().map(String::as_str).find(|t| {
            matches!(*t, "-h" | "-V")
                || t.strip_prefix("--")
                    .and_then(|r| r.chars().next())
                    .is_some_and(|c| c.is_ascii_alphabetic())
        })
    }
}

fn main() -> ExitCode {
    end_quietly_on_a_closed_pipe();
    report_unwritable_output();
    let cli = Cli::parse();
    // A bare `--` ends the command line's options and is dropped, never a turn: last among
    // apply's turns it is most likely a pass (`---`) mistyped (a review found `apply start --`
    // playing nothing, exit 0). Elsewhere it is the ordinary end of options.
    if matches!(cli.command, Command::Apply { .. })
        && std::env::args_os().last().is_some_and(|a| a == "--")
    {
        eprintln!(
            "veney-cli: `--` last among apply's turns ends the command line's options and is no turn (a Veney pass is `---`)"
        );
        return ExitCode::from(2);
    }
    let code = run(cli);
    flush_output(code)
}

/// An error line as it may safely reach a terminal: control characters an input carried (a NUL,
/// an escape sequence in a position argument) are written escaped, not sent raw (a review found
/// an argument's escape sequences driving the terminal). Line breaks and tabs stay.
pub fn printable(e: &str) -> String {
    e.chars()
        .map(|c| {
            if c.is_control() && c != '\n' && c != '\t' {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn run(mut cli: Cli) -> ExitCode {
    // A game is named in any case, as `print` and the saves' `[Game]` headers read it (a
    // review found `--game VENEY` refused by every command but `print`).
    cli.game = cli.game.to_ascii_lowercase();
    if let Err(e) = check_flags(&cli) {
        eprintln!("veney-cli: {}", printable(&e));
        return ExitCode::from(2);
    }
    if let Command::Print { paper, out } = &cli.command {
        return print::main(&cli.game, paper, out);
    }
    match cli.game.as_str() {
        "veney" => veney::main(cli),
        "tirachen" => generic::main(
            |headers| tirachen_rules::Tirachen::from_save_text(headers).map_err(|e| e.to_string()),
            &tirachen_rules::TirachenOptions::default().headers(),
            &cli.options,
            &cli.command,
        ),
        "kelasu" => generic::main(
            |headers| kelasu_rules::Kelasu::from_save_text(headers).map_err(|e| e.to_string()),
            &kelasu_rules::KelasuOptions::default().headers(),
            &cli.options,
            &cli.command,
        ),
        other => {
            eprintln!("veney-cli: no game {other:?}: expected veney, tirachen or kelasu");
            ExitCode::from(2)
        }
    }
}

/// "--rules is not used by it", "--set, --black-set are not used by it".
fn not_used(flags: &[&str]) -> String {
    let verb = if flags.len() == 1 { "is" } else { "are" };
    format!("{} {verb} not used by it", flags.join(", "))
}

/// Flags that would be silently unused are refused: Veney's set, setup and rule files for
/// another game, for the printable kit (the standard kit) or for `check-set` and `show-piece`
/// (but `--setup`, which `check-set` uses), `--option` for Veney (its options are the `--rules`
/// file), and a flag written among `apply`'s turns.
fn check_flags(cli: &Cli) -> Result<(), String> {
    if let Some(f) = cli.flag_among_turns() {
        return Err(format!(
            "`{f}` is written among apply's turns, where it would be read as a turn: put options before the position (`veney-cli --game {} apply start …`)",
            cli.game
        ));
    }
    let files = cli.veney_files();
    if !files.is_empty() {
        if matches!(cli.command, Command::Print { .. }) {
            return Err(format!(
                "print makes the standard printable kit; {}",
                not_used(&files)
            ));
        }
        if cli.game != "veney" {
            return Err(format!(
                "{} {} Veney's piece sets, setups and rules; {} has none (its options: --option NAME=VALUE)",
                files.join(", "),
                if files.len() == 1 { "names" } else { "name" },
                cli.game
            ));
        }
        // check-set checks the set files it is given, against `--setup` when a set has no
        // layout of its own; show-piece reads the set file it is given. Nothing else is used.
        match cli.command {
            Command::CheckSet { .. } => {
                let unused: Vec<&str> = files.into_iter().filter(|f| *f != "--setup").collect();
                if !unused.is_empty() {
                    return Err(format!(
                        "check-set checks the set files given (against --setup, if given); {}",
                        not_used(&unused)
                    ));
                }
            }
            Command::ShowPiece { .. } => {
                return Err(format!(
                    "show-piece reads the set file given; {}",
                    not_used(&files)
                ));
            }
            _ => {}
        }
    }
    if !cli.options.is_empty() {
        if matches!(cli.command, Command::Print { .. }) {
            return Err(
                "print makes the standard printable kit; --option is not used by it".into(),
            );
        }
        if cli.game == "veney" {
            return Err(
                "--option is for Tirachen and Kelasu; Veney's rule options are a RON file (--rules FILE)"
                    .into(),
            );
        }
    }
    Ok(())
}
