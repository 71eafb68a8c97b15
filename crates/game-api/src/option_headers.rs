//! A game's options as save headers (`[Key "value"]`): the error a header naming no valid value
//! gives, and the kinds of value several games' options share (a choice among words, yes or no,
//! a count that may be switched off). Each game keeps its own header names and defaults.
use std::fmt;

/// A header that does not name a valid value of its option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsError {
    pub header: String,
    pub value: String,
    /// What the header may say, for the message (`` `yes` or `no` ``).
    pub expected: String,
}

impl OptionsError {
    pub fn new(header: &str, value: &str, expected: impl Into<String>) -> OptionsError {
        OptionsError {
            header: header.to_string(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "header {} is \"{}\"; expected {}",
            self.header, self.value, self.expected
        )
    }
}

impl std::error::Error for OptionsError {}

/// The value of `choices` whose word `value` is; an error naming every word if it is none.
pub fn read_choice<T: Copy>(
    header: &str,
    value: &str,
    choices: &[(&str, T)],
) -> Result<T, OptionsError> {
    if let Some(&(_, t)) = choices.iter().find(|(word, _)| *word == value) {
        return Ok(t);
    }
    let words: Vec<String> = choices.iter().map(|(w, _)| format!("`{w}`")).collect();
    let expected = match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => words.concat(),
    };
    Err(OptionsError::new(header, value, expected))
}

/// A yes-or-no option's header value.
pub fn yes_no(b: bool) -> String {
    if b { "yes" } else { "no" }.to_string()
}

/// Reads a yes-or-no option's header value.
pub fn read_yes_no(header: &str, value: &str) -> Result<bool, OptionsError> {
    read_choice(header, value, &[("yes", true), ("no", false)])
}

/// A count that may be switched off, as a header value: the number, or `off`.
pub fn count_or_off(n: Option<u16>) -> String {
    n.map_or_else(|| "off".to_string(), |n| n.to_string())
}

/// Reads a count of `what` that may be switched off: `off`, or a number from 1 to `max`.
pub fn read_count_or_off(
    header: &str,
    value: &str,
    max: u16,
    what: &str,
) -> Result<Option<u16>, OptionsError> {
    match value {
        "off" => Ok(None),
        n => match n.parse::<u16>() {
            Ok(n) if (1..=max).contains(&n) => Ok(Some(n)),
            _ => Err(OptionsError::new(
                header,
                value,
                format!("`off` or a number of {what} from 1 to {max}"),
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_reads_its_words_and_names_them_all_when_refused() {
        let choices = [("open", 1), ("secret", 2), ("mixed", 3)];
        assert_eq!(read_choice("Masters", "secret", &choices), Ok(2));
        let e = read_choice("Masters", "hidden", &choices).unwrap_err();
        assert_eq!((e.header.as_str(), e.value.as_str()), ("Masters", "hidden"));
        assert_eq!(
            e.to_string(),
            "header Masters is \"hidden\"; expected `open`, `secret` or `mixed`"
        );
        let e = read_choice("One", "two", &[("one", ())]).unwrap_err();
        assert_eq!(e.expected, "`one`");
    }

    #[test]
    fn yes_no_round_trips_and_refuses_anything_else() {
        for b in [true, false] {
            assert_eq!(read_yes_no("Pass", &yes_no(b)), Ok(b));
        }
        let e = read_yes_no("Pass", "maybe").unwrap_err();
        assert_eq!(e.expected, "`yes` or `no`");
        assert!(read_yes_no("Pass", "Yes").is_err(), "words are exact");
    }

    #[test]
    fn a_count_or_off_round_trips_within_its_range() {
        for n in [None, Some(1), Some(64), Some(10_000)] {
            assert_eq!(
                read_count_or_off("QuietTurns", &count_or_off(n), 10_000, "turns"),
                Ok(n)
            );
        }
        for bad in ["0", "10001", "-1", "many", ""] {
            let e = read_count_or_off("QuietTurns", bad, 10_000, "full turns").unwrap_err();
            assert_eq!(
                e.expected, "`off` or a number of full turns from 1 to 10000",
                "{bad}"
            );
        }
        assert_eq!(
            read_count_or_off("QuietTurns", "65535", u16::MAX, "turns"),
            Ok(Some(65535))
        );
    }
}
