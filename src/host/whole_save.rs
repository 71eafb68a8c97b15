//! A save as the app writes it, whole: every save and autosave ends its headers with `[Final]`
//! (Veney's `savefile`, the game API's `Match::save_text`), so a file without one — empty, cut
//! short, or a bare record — is refused by Load and Resume rather than read as a fresh game
//! and reported loaded (a review found an empty Veney autosave "resumed", then a cut Kelasu
//! save "loaded", as new games). The command line's `replay` reads bare records.

/// Whether `text` is a whole save; the error says why not.
pub fn check(text: &str) -> Result<(), String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err("the file is empty: no saved game in it".to_string());
    }
    let has_final = text.lines().any(|line| {
        line.trim()
            .strip_prefix('[')
            .and_then(|r| r.strip_suffix(']'))
            .is_some_and(|inner| {
                // Spaces before the key allowed, as the save readers read it.
                let inner = inner.trim_start();
                let k = inner.split(char::is_whitespace).next().unwrap_or(inner);
                k.eq_ignore_ascii_case("Final")
            })
    });
    if has_final {
        Ok(())
    } else {
        Err("no [Final] line: the app writes one in every save, so this file is cut short or is a bare record (the command line's `replay` reads records)".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::check;

    #[test]
    fn a_save_is_whole_with_its_final_line() {
        assert!(check("").unwrap_err().contains("empty"));
        assert!(check(" \n\t\n").unwrap_err().contains("empty"));
        assert!(check("\u{feff}").unwrap_err().contains("empty"));
        for cut in [
            "[Game \"kelasu\"]\n[Seed \"2\"]\n",
            "1. SY3\n",
            "[Finale \"x\"]\n",
            // Not a header: the turn's line merely holds the word.
            "[Game \"Veney\"]\n[Seed \"3\"]\n1. SY3 [Final]\n",
        ] {
            assert!(
                check(cut).unwrap_err().contains("no [Final] line"),
                "{cut:?}"
            );
        }
        for whole in [
            "[Game \"kelasu\"]\n[Final \"start\"]\n",
            "\u{feff}[final \"x\"]\n1. a\n",
            "  [Final\t\"x\"]  \n",
            "  [Final]\n",
            // Spaces before the key, as the save readers allow (a review found this refused).
            "[ Final \"x\"]\n",
        ] {
            assert_eq!(check(whole), Ok(()), "{whole:?}");
        }
    }
}
