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

/// Reads RON data of type `T`; an error is located in `file`. "Integer is out of bounds" also
/// says which integers the field takes: the bounds of its type, found by trying them in place of
/// the number written.
pub fn ron_from_str<T: serde::de::DeserializeOwned>(
    file: &std::path::Path,
    src: &str,
) -> Result<T, DataError> {
    let e = match ron::Options::default().from_str::<T>(src) {
        Ok(v) => return Ok(v),
        Err(e) => e,
    };
    let mut d = DataError::from_ron(file, &e);
    // A map key written twice (`piece_def::UniqueKeys`): RON stands just past the second one;
    // point at its opening quote.
    if d.message.starts_with(DUPLICATE_KEY)
        && let Some(end) = offset(src, e.span.end.line, e.span.end.col)
        && let Some(at) = literal_ending_at(src, end)
    {
        (d.location.line, d.location.col) = line_col(src, at);
        return Err(d);
    }
    // RON locates a token it did not expect where the previous one ended (after `Piece(`, on
    // the line above): point at the token itself, past blanks and comments, and name it.
    if let Some(at) = offset(src, d.location.line, d.location.col) {
        let token_at = skip_blank(src, at);
        if token_at < src.len() {
            (d.location.line, d.location.col) = line_col(src, token_at);
            if d.message.starts_with("Expected") {
                d.message = format!("{} (found `{}`)", d.message, token(&src[token_at..]));
            }
        }
    }
    // A field left out: RON stands at the struct's closing bracket. Point at the struct's
    // opening (`Piece(`), name the piece, and say what to write (a review found the Self's
    // missing `fendable` reported at a bare `)` many lines below its name).
    if let ron::Error::MissingStructField { field, .. } = &e.code
        && let Some(at) = offset(src, e.span.start.line, e.span.start.col)
        && let Some((open, what)) = struct_around(src, at)
    {
        (d.location.line, d.location.col) = line_col(src, open);
        d.message = format!(
            "{what} lacks the field `{field}`, which has no default: expected `{field}: …` in it"
        );
        return Err(d);
    }
    if e.code == ron::Error::IntegerOutOfBounds
        && let Some((at, written, lo, hi)) = integer_bounds::<T>(src, &e)
    {
        let (line, col) = line_col(src, at);
        d.location.line = line;
        d.location.col = col;
        d.message = format!("{written} is out of bounds: expected an integer from {lo} to {hi}");
    }
    Err(d)
}

/// How the error for a map key written twice begins (`piece_def::UniqueKeys`), so that
/// `ron_from_str` can point it at the key.
pub(crate) const DUPLICATE_KEY: &str = "duplicate key ";

/// Where the quoted string that ends at byte `end` (just past its closing quote) opens: the
/// earliest quote from which exactly one string runs to `end`. A quote inside it (`\"`) opens a
/// shorter one; one before it cannot run through its unescaped opening quote.
fn literal_ending_at(src: &str, end: usize) -> Option<usize> {
    let end = end.min(src.len());
    if !src.is_char_boundary(end) {
        return None;
    }
    // A key is short: look back a few thousand bytes at most.
    let from = end.saturating_sub(4096);
    src[..end]
        .match_indices('"')
        .map(|(i, _)| i)
        .filter(|&i| i >= from && i + 1 < end)
        .find(|&i| ron::from_str::<String>(&src[i..end]).is_ok())
}

/// The first byte at or after `at` that is neither white space nor inside a comment.
fn skip_blank(src: &str, mut at: usize) -> usize {
    loop {
        let rest = &src[at..];
        let trimmed = rest.trim_start();
        at += rest.len() - trimmed.len();
        if trimmed.starts_with("//") {
            at += trimmed.find('\n').unwrap_or(trimmed.len());
        } else if trimmed.starts_with("/*") {
            at += trimmed.find("*/").map_or(trimmed.len(), |i| i + 2);
        } else {
            return at;
        }
    }
}

/// The struct whose closing bracket is at (or just before) byte `close`: where it opens (its
/// name, as `Piece(`, or its bracket) and how to name it (`Piece "Self"`, `PieceSet`).
fn struct_around(src: &str, close: usize) -> Option<(usize, String)> {
    let end = (close + 1..=src.len()).find(|&e| src.is_char_boundary(e))?;
    let close = src[..end].rfind(')')?;
    // Brackets matched from the start, strings and comments skipped.
    let bytes = src.as_bytes();
    let mut stack = Vec::new();
    let mut i = 0;
    while i < close {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i += src[i..].find('\n').unwrap_or(src.len() - i);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += src[i..].find("*/").map_or(src.len() - i, |j| j + 2);
                continue;
            }
            b'"' => {
                i += 1;
                while i < close && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' if bytes.get(i + 2) == Some(&b'\'') => i += 2,
            b'(' => stack.push(i),
            b')' => {
                stack.pop();
            }
            _ => {}
        }
        i += 1;
    }
    let open = stack.pop()?;
    let before = src[..open].trim_end_matches([' ', '\t']);
    let ident_len = before
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .map(char::len_utf8)
        .sum::<usize>();
    let ident = &before[before.len() - ident_len..];
    let start = if ident.is_empty() {
        open
    } else {
        before.len() - ident_len
    };
    // Its own `name:`, not a nested entry's.
    let inside = &src[open + 1..close];
    let ib = inside.as_bytes();
    let (mut depth, mut j, mut own_name) = (0usize, 0usize, None);
    while j < ib.len() {
        match ib[j] {
            b'"' => {
                j += 1;
                while j < ib.len() && ib[j] != b'"' {
                    j += if ib[j] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b'n' if depth == 0 && inside[j..].starts_with("name:") => {
                own_name = Some(j);
                break;
            }
            _ => {}
        }
        j += 1;
    }
    let name = own_name.and_then(|n| {
        let rest = inside[n + 5..].trim_start();
        let rest = rest.strip_prefix('"')?;
        Some(rest[..rest.find('"')?].to_string())
    });
    let kind = if ident.is_empty() {
        "this entry"
    } else {
        ident
    };
    let what = match name {
        Some(n) => format!("{kind} {n:?}"),
        None => kind.to_string(),
    };
    Some((start, what))
}

/// The token `rest` starts with: a word or number, a quoted string, or one character.
fn token(rest: &str) -> &str {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '-' || c == '+' || c == '.';
    let len = if rest.starts_with(word) {
        rest.find(|c: char| !word(c)).unwrap_or(rest.len())
    } else if let Some(q @ ('"' | '\'')) = rest.chars().next() {
        rest[1..].find(q).map_or(rest.len(), |i| i + 2)
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    };
    // At most 40 characters of it.
    let len = rest[..len].char_indices().nth(40).map_or(len, |(i, _)| i);
    &rest[..len]
}

/// The 1-based line and column of byte `at` in `src`.
pub(crate) fn line_col(src: &str, at: usize) -> (usize, usize) {
    let line = src[..at].matches('\n').count() + 1;
    let col = src[..at].chars().rev().take_while(|&c| c != '\n').count() + 1;
    (line, col)
}

/// The byte offset of a 1-based line and column (in characters) of `src`.
fn offset(src: &str, line: usize, col: usize) -> Option<usize> {
    let start = if line <= 1 {
        0
    } else {
        src.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let rest = &src[start..];
    Some(
        start
            + rest
                .char_indices()
                .nth(col.saturating_sub(1))
                .map_or(rest.len(), |c| c.0),
    )
}

/// For an integer out of bounds: where the number starts, as written, and the least and greatest
/// integer the field takes (found by trying the bounds of every integer type in its place).
fn integer_bounds<T: serde::de::DeserializeOwned>(
    src: &str,
    e: &ron::error::SpannedError,
) -> Option<(usize, String, i128, i128)> {
    let is_number = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '_');
    // The span may end at the number or just after it: take the number around or before it.
    let end = offset(src, e.span.end.line, e.span.end.col)?.min(src.len());
    let start = offset(src, e.span.start.line, e.span.start.col)?.min(end);
    let mut a = start;
    while a < end && !src[a..].starts_with(is_number) {
        a += src[a..].chars().next()?.len_utf8();
    }
    let mut b = a;
    while b < src.len() && src[b..].starts_with(is_number) {
        b += 1;
    }
    while a > 0 && src[..a].ends_with(is_number) {
        a -= 1;
    }
    if a == b || !src[a..b].starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
        return None;
    }
    let accepts = |v: i128| {
        let tried = format!("{}{v}{}", &src[..a], &src[b..]);
        match ron::Options::default().from_str::<T>(&tried) {
            Ok(_) => true,
            Err(t) => {
                !(t.code == ron::Error::IntegerOutOfBounds
                    && offset(&tried, t.span.start.line, t.span.start.col)
                        .is_some_and(|o| o <= a + v.to_string().len() && o + 1 >= a))
            }
        }
    };
    let hi = [
        i8::MAX as i128,
        u8::MAX as i128,
        i16::MAX as i128,
        u16::MAX as i128,
        i32::MAX as i128,
        u32::MAX as i128,
        i64::MAX as i128,
        u64::MAX as i128,
    ]
    .into_iter()
    .take_while(|&v| accepts(v))
    .last()?;
    let lo = [
        0,
        i8::MIN as i128,
        i16::MIN as i128,
        i32::MIN as i128,
        i64::MIN as i128,
    ]
    .into_iter()
    .take_while(|&v| accepts(v))
    .last()?;
    Some((a, src[a..b].to_string(), lo, hi))
}

/// A data file's text. Bytes that are not UTF-8 are an error at their line and column, with the
/// way out (a review found only "stream did not contain valid UTF-8", at no place, for a set
/// saved in another encoding).
pub fn read_data_file(path: &std::path::Path) -> Result<String, LoadError> {
    let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    data_text(path, bytes)
}

/// The bytes read from data file `path` as text: an error at the first byte that is not UTF-8
/// (for a caller that has read the file itself, once — a pipe cannot be read twice).
pub fn data_text(path: &std::path::Path, bytes: Vec<u8>) -> Result<String, LoadError> {
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let text = std::str::from_utf8(&bytes[..good]).unwrap_or_default();
        let (line, col) = line_col(text, good);
        LoadError::Data(vec![DataError::at(
            path,
            line,
            col,
            format!(
                "byte 0x{:02X} is not UTF-8 text: save the file as UTF-8 (the file's other encoding, \
                 such as Windows-1252, writes accented letters so)",
                bytes[good]
            ),
        )])
    })
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
/// The column counts characters, as RON's own parse errors do (a `§` earlier on the line is one
/// column, not two). A `from` inside a character starts at that character's end.
pub fn locate(src: &str, needle: &str, from: usize, nth: usize) -> Option<(usize, usize, usize)> {
    let mut start = from.min(src.len());
    while !src.is_char_boundary(start) {
        start += 1;
    }
    let mut seen = 0;
    let quoted = needle.starts_with(['"', '\'']);
    // Where the scan for comments and literals resumes: each hit is judged from the last one
    // on, not from the file's start (a review found a file of many hits checked in quadratic
    // time, seconds for a large set, the workshop frozen meanwhile).
    let mut clean = 0;
    // The last comment or literal a hit fell in, and whether it hides: later hits in it are
    // judged without scanning it again.
    let mut span = (0, 0, false);
    while let Some(i) = src[start..].find(needle) {
        let at = start + i;
        // Not a word in a comment, nor one in a string (the card's text) unless a string is
        // what is looked for (a review found an error placed at "reserve" in a comment above
        // the field).
        let hidden = if at < span.1 {
            span.2
        } else {
            let (hidden, end) = hidden_from(src, clean, at, quoted);
            span = (at, end, hidden);
            clean = end;
            hidden
        };
        if hidden {
            start = at + needle.len().max(1);
            continue;
        }
        if seen == nth {
            let (line, col) = line_col(src, at);
            return Some((line, col, at));
        }
        seen += 1;
        start = at + needle.len().max(1);
    }
    None
}

/// Whether byte `at` of `src` lies in a comment, or in a string or character literal unless
/// `strings_count` (what is looked for is itself a string), scanning from byte `from` (outside
/// any comment or literal); with the end of the comment or literal holding `at` (just past it),
/// or `at` itself: a byte outside both, where a later scan may resume.
fn hidden_from(src: &str, from: usize, at: usize, strings_count: bool) -> (bool, usize) {
    let b = src.as_bytes();
    let mut i = from;
    while i < at {
        if let Some(past) = past_comment(src, i) {
            if past > at {
                return (true, past);
            }
            i = past;
        } else if b[i] == b'"' || (b[i] == b'\'' && b.get(i + 2) == Some(&b'\'')) {
            let quote = b[i];
            let mut j = i + 1;
            while j < b.len() && b[j] != quote {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            if j >= at {
                return (!strings_count, (j + 1).min(b.len()));
            }
            i = j + 1;
        } else {
            i += 1;
        }
    }
    (false, at)
}

/// Where a RON comment that opens at byte `i` ends (just past it), if one opens there.
fn past_comment(src: &str, i: usize) -> Option<usize> {
    let rest = &src.as_bytes()[i..];
    if rest.starts_with(b"//") {
        Some(src[i..].find('\n').map_or(src.len(), |n| i + n + 1))
    } else if rest.starts_with(b"/*") {
        // RON's block comments nest (`/* a /* b */ c */`).
        let b = src.as_bytes();
        let (mut depth, mut j) = (1, i + 2);
        while j < b.len() && depth > 0 {
            if b[j..].starts_with(b"/*") {
                depth += 1;
                j += 2;
            } else if b[j..].starts_with(b"*/") {
                depth -= 1;
                j += 2;
            } else {
                j += 1;
            }
        }
        Some(j)
    } else {
        None
    }
}

/// A name or square as a RON file writes it, quoted (`"Piké"`): what to search the file for, and
/// how a message shows it — as typed, where Rust's `{:?}` escapes combining marks and variation
/// selectors (a review found `"Pike\u{301}"` searched for, never found, and its error placed at
/// 1:1).
pub fn quoted(value: &str) -> String {
    format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Every string literal of a RON text outside comments, as RON reads it: (the byte offset of
/// its opening quote, or of the `r` of a raw string; the byte offset just past it; its value).
/// A literal whose escapes do not read is left out. Names are found by their value, not by how
/// Rust would quote them (a review found a name with a combining accent or an emoji's variation
/// selector, which Rust's `{:?}` escapes, never found, its errors placed at another piece).
pub fn string_literals(src: &str) -> Vec<(usize, usize, String)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if let Some(past) = past_comment(src, i) {
            i = past;
        } else if b[i] == b'r'
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
            && b[i + 1..]
                .iter()
                .position(|&c| c != b'#')
                .is_some_and(|n| b[i + 1 + n] == b'"')
        {
            // A raw string: `r"…"`, `r#"…"#`.
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            let open = i + 1 + hashes + 1;
            let close = format!("\"{}", "#".repeat(hashes));
            match src[open..].find(&close) {
                Some(n) => {
                    out.push((i, open + n + close.len(), src[open..open + n].to_string()));
                    i = open + n + close.len();
                }
                None => break,
            }
        } else if b[i] == b'\'' {
            // A character literal: skipped, escapes included.
            i += 1;
            while i < b.len() && b[i] != b'\'' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if b[i] == b'"' {
            let start = i;
            // The value's bytes (a `\x` escape is one byte; several may make one character).
            let mut value = Some(Vec::<u8>::new());
            let mut chars = src[i + 1..].char_indices();
            let mut end = b.len();
            while let Some((k, c)) = chars.next() {
                match c {
                    '"' => {
                        end = i + 1 + k + 1;
                        break;
                    }
                    '\\' => {
                        let e = chars.next().map(|x| x.1);
                        let rest = &src[i + 1 + k + 2..];
                        let mut byte = None;
                        let decoded = match e {
                            Some('n') => Some('\n'),
                            Some('r') => Some('\r'),
                            Some('t') => Some('\t'),
                            Some('0') => Some('\0'),
                            Some('\\') => Some('\\'),
                            Some('"') => Some('"'),
                            Some('\'') => Some('\''),
                            Some('/') => Some('/'),
                            Some('x') => {
                                // `\xNN`: one byte.
                                byte = rest.get(..2).and_then(|h| u8::from_str_radix(h, 16).ok());
                                chars.next();
                                chars.next();
                                None
                            }
                            Some('u') => {
                                // `\u{…}` (Rust's form) or four hex digits.
                                let (hex, used) = match rest.strip_prefix('{') {
                                    Some(r) => match r.find('}') {
                                        Some(n) => (&r[..n], n + 2),
                                        None => ("", 0),
                                    },
                                    None => (rest.get(..4).unwrap_or(""), 4),
                                };
                                for _ in 0..used {
                                    chars.next();
                                }
                                u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)
                            }
                            _ => None,
                        };
                        match (decoded, byte, value.as_mut()) {
                            (Some(d), _, Some(v)) => {
                                v.extend_from_slice(d.encode_utf8(&mut [0; 4]).as_bytes())
                            }
                            (None, Some(x), Some(v)) => v.push(x),
                            _ => value = None,
                        }
                    }
                    c => {
                        if let Some(v) = value.as_mut() {
                            v.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                        }
                    }
                }
            }
            if let Some(v) = value.and_then(|v| String::from_utf8(v).ok()) {
                out.push((start, end, v));
            }
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// Where a RON field is written (`field` then `:`), outside comments, strings and character
/// literals: (line, column, byte offset) of the field's name, the first such. A set file's header
/// comment that mentions "pieces" or "name" is not the field (a review found set errors placed
/// in it).
pub fn locate_field(src: &str, field: &str) -> Option<(usize, usize, usize)> {
    locate_field_at(src, field, None)
}

/// `locate_field` among the top-level struct's own fields only (a set's `name`, not a piece's
/// written before it; a review found a set name's error placed at the Self's `name:`).
pub fn locate_top_field(src: &str, field: &str) -> Option<(usize, usize, usize)> {
    locate_field_at(src, field, Some(1))
}

fn locate_field_at(src: &str, field: &str, depth: Option<u32>) -> Option<(usize, usize, usize)> {
    let b = src.as_bytes();
    let mut level = 0u32;
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < b.len() {
        if let Some(past) = past_comment(src, i) {
            i = past;
        } else if b[i] == b'"' || b[i] == b'\'' {
            // A string or a character literal, escapes included.
            let quote = b[i];
            i += 1;
            while i < b.len() && b[i] != quote {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if matches!(b[i], b'(' | b'[' | b'{') {
            level += 1;
            i += 1;
        } else if matches!(b[i], b')' | b']' | b'}') {
            level = level.saturating_sub(1);
            i += 1;
        } else if depth.is_none_or(|d| d == level)
            && b[i..].starts_with(field.as_bytes())
            && (i == 0 || !ident(b[i - 1]))
            && b.get(i + field.len()).is_none_or(|&c| !ident(c))
            && src[i + field.len()..].trim_start().starts_with(':')
        {
            let (line, col) = line_col(src, i);
            return Some((line, col, i));
        } else {
            i += 1;
        }
    }
    None
}

/// An error in a position string or a notation string: the column (1-based) and the token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    pub col: usize,
    pub token: String,
    pub message: String,
}

/// "column 3: why (at `token`)" — with no token (a whole-position check) no "(at ``)" (a review
/// found it printed empty).
impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "column {}: {}", self.col, self.message)?;
        if !self.token.is_empty() {
            write!(f, " (at `{}`)", self.token)?;
        }
        Ok(())
    }
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

    #[test]
    fn a_field_is_found_outside_comments_strings_and_characters() {
        let src = "// the pieces: a comment\n/* name: */ S(\n  title: \"pieces: no\",\n  c: ':',\n  piecesx: 1,\n  pieces : [],\n)";
        assert_eq!(
            locate_field(src, "pieces").map(|t| (t.0, t.1)),
            Some((6, 3))
        );
        assert_eq!(locate_field(src, "name"), None);
        assert_eq!(
            locate_field("a: \"\\\"x\", x: 1", "x").map(|t| t.1),
            Some(11)
        );
    }

    #[test]
    fn string_literals_read_as_ron_reads_them() {
        // RON's block comments nest: the apostrophe inside is no character literal (a review
        // found the scan swallowed into one); escapes `\x` (bytes) and `\u{…}` decode.
        let src =
            "/* a /* b */ don't */ name: \"Caf\\xC3\\xA9\", r#\"raw \"q\"\"#, '\"', \"e\\u{301}\"";
        let values: Vec<String> = super::string_literals(src)
            .into_iter()
            .map(|t| t.2)
            .collect();
        assert_eq!(values, ["Caf\u{e9}", "raw \"q\"", "e\u{301}"]);
    }

    #[test]
    fn locate_starts_on_a_character_and_counts_characters() {
        // A `from` inside the `é` starts after it; the `§` and `é` are one column each.
        let src = "a\n§é \"x\"";
        assert_eq!(locate(src, "\"x\"", 5, 0).map(|t| (t.0, t.1)), Some((2, 4)));
        assert_eq!(locate(src, "é", 5, 0), None);
    }

    #[test]
    fn a_string_is_found_from_its_end() {
        // `"Le \"Duc\""` holds a shorter string (`""`, `"Duc\""`) ending at the same place.
        let src = r#"{ "A": 1, "Le \"Duc\"": 2 }"#;
        let end = src.find(": 2").unwrap();
        assert_eq!(literal_ending_at(src, end), Some(src.find("\"Le").unwrap()));
        assert_eq!(literal_ending_at(src, src.find(": 1").unwrap()), Some(2));
        assert_eq!(literal_ending_at(src, 1), None);
    }
}

/// `text` without a byte-order mark at its start: some editors on Windows save one, and the
/// readers would take it for the first character of a header, a turn or a RON value (a review
/// found "'\u{feff}' is not a piece letter").
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}
