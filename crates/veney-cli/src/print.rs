//! `veney-cli --game <name> print --paper a4|letter|a3 --out kit.pdf`: the printable kit of any
//! game the host offers (crates/game-print), written atomically.
use game_print::{Paper, PrintGame};
use std::path::Path;
use std::process::ExitCode;

pub fn main(game: &str, paper: &str, out: &Path) -> ExitCode {
    // `-` reads standard input elsewhere (`replay -`); a kit is a PDF file, not written to the
    // terminal (a review found a file named `-` written).
    if out == Path::new("-") {
        eprintln!(
            "veney-cli: print writes a PDF file: give --out a file name (`-` is not standard output here)"
        );
        return ExitCode::from(2);
    }
    match run(game, paper, out) {
        Ok(summary) => {
            // One line, the file name escaped as the errors' are (a review found a name's
            // escape sequence reach the terminal raw).
            println!("{}", crate::printable(&summary).replace('\n', "\\n"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("veney-cli: {}", crate::printable(&e.to_string()));
            ExitCode::from(2)
        }
    }
}

fn run(game: &str, paper: &str, out: &Path) -> Result<String, String> {
    let game: PrintGame = game.parse().map_err(|e| format!("{e}"))?;
    let paper: Paper = paper.parse().map_err(|e| format!("{e}"))?;
    if out.as_os_str().is_empty() || out.file_name().is_none() {
        return Err(format!(
            "--out {:?} is not a file name",
            out.display().to_string()
        ));
    }
    if out.is_dir() {
        return Err(format!(
            "--out {}: is a directory; give a file name such as kit.pdf",
            out.display()
        ));
    }
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        // A file where the directory should be is named as such (a review found "no
        // directory t.pdf" said of an existing file).
        if dir.exists() {
            return Err(format!(
                "--out {}: {} is a file, not a directory",
                out.display(),
                dir.display()
            ));
        }
        return Err(format!(
            "--out {}: no directory {}",
            out.display(),
            dir.display()
        ));
    }
    let pdf = game_print::kit(game, paper).map_err(|e| e.to_string())?;
    game_print::write_atomic(out, &pdf).map_err(|e| e.to_string())?;
    Ok(format!(
        "wrote {} ({} kit, {} paper, {} KiB); print at actual size (100 %): board squares are {} mm",
        out.display(),
        game.name(),
        paper,
        pdf.len().div_ceil(1024),
        game_print::square_mm(game)
    ))
}
