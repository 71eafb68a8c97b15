//! Error types. Each `Display` is a sentence a user can act on, naming where the problem is.
use std::fmt;
use std::path::PathBuf;

/// A place in a source text (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.col)
    }
}

/// An error in a RON data file (set, setup, rule options), with where it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct DataError {
    pub location: Location,
    pub message: String,
}

impl DataError {
    pub fn at(
        file: &std::path::Path,
        line: usize,
        col: usize,
        message: impl Into<String>,
    ) -> DataError {
        DataError {
            location: Location {
                file: file.to_path_buf(),
                line,
                col,
            },
            message: message.into(),
        }
    }

    /// Converts a `ron` parse/deserialise error, keeping its line and column.
    pub fn from_ron(file: &std::path::Path, e: &ron::error::SpannedError) -> DataError {
        DataError::at(
            file,
            e.span.start.line,
            e.span.start.col,
            e.code.to_string(),
        )
    }
}

/// Reading a data file failed: I/O, or one or more data errors.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", join(.0))]
    Data(Vec<DataError>),
}

fn join(errors: &[DataError]) -> String {
    errors
        .iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

impl From<DataError> for LoadError {
    fn from(e: DataError) -> LoadError {
        LoadError::Data(vec![e])
    }
}

/// Finds the 1-based line and column of the `nth` (0-based) occurrence of `needle` in `src`
/// at or after byte `from`. Used to point cross-check errors at the offending text.
pub fn locate(src: &str, needle: &str, from: usize, nth: usize) -> Option<(usize, usize, usize)> {
    let mut start = from.min(src.len());
    let mut seen = 0;
    while let Some(i) = src[start..].find(needle) {
        let at = start + i;
        if seen == nth {
            let line = src[..at].matches('\n').count() + 1;
            let col = at - src[..at].rfind('\n').map(|p| p + 1).unwrap_or(0) + 1;
            return Some((line, col, at));
        }
        seen += 1;
        start = at + needle.len().max(1);
    }
    None
}

/// An error in a position string or a notation string: the column (1-based) and the token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {col}: {message} (at `{token}`)")]
pub struct ParseError {
    pub col: usize,
    pub token: String,
    pub message: String,
}

impl ParseError {
    pub fn new(col: usize, token: impl Into<String>, message: impl Into<String>) -> ParseError {
        ParseError {
            col,
            token: token.into(),
            message: message.into(),
        }
    }
}

/// Why an action or turn cannot be played: it breaks a rule (it is untenable, §2.0.22).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("untenable: {reason} ({section})")]
pub struct Untenable {
    pub reason: String,
    /// The rulebook section broken, e.g. "§2.0.15 Double-Moves".
    pub section: String,
}

impl Untenable {
    pub fn new(section: impl Into<String>, reason: impl Into<String>) -> Untenable {
        Untenable {
            reason: reason.into(),
            section: section.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_counts_lines_and_columns() {
        let src = "ab\ncd \"x\"\n\"x\"";
        assert_eq!(locate(src, "\"x\"", 0, 0).map(|t| (t.0, t.1)), Some((2, 4)));
        assert_eq!(locate(src, "\"x\"", 0, 1).map(|t| (t.0, t.1)), Some((3, 1)));
        assert_eq!(locate(src, "zz", 0, 0), None);
    }
}
