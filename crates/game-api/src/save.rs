//! Save text below the match: its errors, atomic writing, and reading its `[Key "value"]`
//! headers with where each stands. Resuming a match from a save is `resume.rs`.
use crate::notation::TextError;
use std::fmt;
use std::path::Path;

#[derive(Debug)]
pub enum SaveError {
    Io(std::io::Error),
    /// A header or the record does not read, or an action in it is refused.
    Text(TextError),
    /// The save is for another game, or cannot resume (a player's save without the secrets).
    Wrong(String),
    /// The record replays, but not to the final position the save names.
    Mismatch {
        /// The `[Final]` header's line.
        line: usize,
        expected: String,
        found: String,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io(e) => write!(f, "cannot read the save: {e}"),
            SaveError::Text(e) => write!(f, "save: {e}"),
            SaveError::Wrong(w) => write!(f, "save: {w}"),
            SaveError::Mismatch {
                line,
                expected,
                found,
            } => write!(
                f,
                "save: line {line}: the record replays to `{found}`, not to the saved final position `{expected}`"
            ),
        }
    }
}

impl std::error::Error for SaveError {}

impl From<TextError> for SaveError {
    fn from(e: TextError) -> Self {
        SaveError::Text(e)
    }
}

/// Writes `bytes` (a save's text, a PDF) to `path` through a temporary file beside it and a
/// rename, so a crash or a full disk mid-write never leaves a half-written file in place of the
/// old one; the temporary file is removed when anything fails. The temporary file is always a
/// new one (a file or symlink already at its name is never followed nor truncated: the next
/// name is tried), and on Unix it takes the permissions of the file it replaces. A symlink at
/// `path` is written through (the file it names is replaced or made, the link kept); a device,
/// pipe or socket there, through a link or not, is refused, never replaced by a file. Every atomic write of the project goes
/// through here.
pub fn write_atomic(path: &Path, bytes: impl AsRef<[u8]>) -> std::io::Result<()> {
    // A name ending in a separator names a directory, existing or not (a review found
    // `--out newdir/` told "Not a directory").
    // So does one whose last part is `.` or `..` (`kit.pdf/.`; a review found a bare "No such
    // file or directory").
    let text = path.as_os_str().to_string_lossy();
    let last = text.rsplit(std::path::is_separator).next().unwrap_or("");
    if text.ends_with(std::path::is_separator) || last == "." || last == ".." {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{} names a directory: give a file name", path.display()),
        ));
    }
    // An open file's descriptor (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`) names
    // whatever that descriptor writes to: the file a shell's `>> log` opened would be replaced
    // whole by the new one (a review found `print --out /dev/stdout >> log` wipe the log).
    if through_descriptor(path) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} names an open file descriptor (standard output or another): give a file name",
                path.display()
            ),
        ));
    }
    // What stands there, through any symlink (`/dev/stdout` is a link to a pipe): a device,
    // pipe or socket is refused. (A directory is refused by the rename, as it always was.)
    if let Ok(m) = std::fs::metadata(path)
        && !m.is_file()
        && !m.is_dir()
    {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "{} is not a regular file (a device, pipe or socket): give a file name",
                path.display()
            ),
        ));
    }
    let target;
    let path = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            target = match std::fs::canonicalize(path) {
                Ok(t) => t,
                // A link to a file not made yet: that file, made where the link says — through
                // a chain of links, each followed to its end (a review found the second link of
                // `a -> b -> c` replaced by the file, `c` never made). A loop is the system's
                // own error, as opening it would be.
                Err(_) => {
                    let mut at = path.to_path_buf();
                    let mut hops = 0;
                    while std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink()) {
                        hops += 1;
                        if hops > 40 {
                            return Err(std::io::Error::other(format!(
                                "{}: too many levels of symbolic links",
                                path.display()
                            )));
                        }
                        at = link_target(&at)?;
                    }
                    at
                }
            };
            &target
        }
        _ => path,
    };
    write_file_atomic(path, bytes.as_ref())
}

/// Where the link `at` points, a relative target taken from the link's folder.
fn link_target(at: &Path) -> std::io::Result<std::path::PathBuf> {
    let to = std::fs::read_link(at)?;
    Ok(match at.parent() {
        Some(dir) if to.is_relative() => dir.join(to),
        _ => to,
    })
}

/// Whether `path`, or a link on the way from it to its file, is a process's file descriptor:
/// `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, under `/dev/fd/`, or under `/proc/`.
fn through_descriptor(path: &Path) -> bool {
    let descriptor = |p: &Path| {
        p.starts_with("/proc")
            || p.starts_with("/dev/fd")
            || ["/dev/stdin", "/dev/stdout", "/dev/stderr"]
                .iter()
                .any(|d| p == Path::new(d))
    };
    // The folder as the system resolves it (`..`, a link to `/proc/self/fd`: a review found
    // both let through), then the name's own links followed one by one.
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    let resolved = std::fs::canonicalize(parent.unwrap_or(Path::new(".")))
        .ok()
        .zip(path.file_name())
        .map(|(dir, name)| dir.join(name));
    let mut at = match (resolved, std::env::current_dir()) {
        (Some(at), _) => at,
        (None, Ok(cwd)) => cwd.join(path),
        (None, Err(_)) => path.to_path_buf(),
    };
    for _ in 0..40 {
        if descriptor(&at) {
            return true;
        }
        let Ok(to) = link_target(&at) else {
            return false;
        };
        at = to;
    }
    false
}

fn write_file_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    // One temporary file per write, even two threads of one process saving the same path at
    // once (each renames its own whole file into place).
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    // Created new (O_EXCL: a symlink there is not followed); a name already taken, whatever
    // is there, is left alone and the next one tried.
    let mut tries = 0;
    let (mut f, tmp) = loop {
        let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.tmp{}-{n}", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => break (f, tmp),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && tries < 100 => tries += 1,
            // Named by the directory it could not be made in, which may be another than the
            // path's (through a link) and is what is missing or closed (a review found a
            // dangling link's target directory reported as the link itself).
            Err(e) => {
                return Err(std::io::Error::new(
                    e.kind(),
                    format!("cannot create a file in {}: {e}", dir.display()),
                ));
            }
        }
    };
    let written = (|| {
        // The file replaced keeps its permissions (a save kept private stays private), set
        // before anything is written (a review found the text readable meanwhile).
        #[cfg(unix)]
        if let Ok(old) = std::fs::metadata(path) {
            use std::os::unix::fs::PermissionsExt;
            f.set_permissions(std::fs::Permissions::from_mode(
                old.permissions().mode() & 0o777,
            ))?;
        }
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)?;
        // The rename itself made durable (a power cut after "saved" keeps the new file).
        #[cfg(unix)]
        if let Ok(d) = std::fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// The headers of a save: `[Key "value"]` lines, each with its line number.
pub fn headers(text: &str) -> Result<Vec<(usize, String, String)>, TextError> {
    Ok(read_headers(text)?
        .into_iter()
        .map(|h| (h.line, h.key.to_string(), h.value.to_string()))
        .collect())
}

/// One header line: where it is, its key, and its value with the value's 1-based column.
pub(crate) struct Header<'a> {
    pub line: usize,
    pub key: &'a str,
    pub value: &'a str,
    pub value_col: usize,
}

pub(crate) fn read_headers(text: &str) -> Result<Vec<Header<'_>>, TextError> {
    // A byte-order mark some editors write is not the first header's text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    // Each key read so far, in lower case, and its line: a second copy is found at once (a
    // review found a search through every header before, quadratic in a long file).
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if !t.starts_with('[') {
            continue;
        }
        let lead = &line[..line.len() - line.trim_start().len()];
        let err = |why: &str| TextError::new(lead.chars().count() + 1, t, why).at_line(i + 1);
        let inner = t
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .ok_or_else(|| err("a header is `[Key \"value\"]`"))?;
        // The key is the first word, spaces before it allowed, a space or a tab after it, as
        // Veney's records read it (a review found `[ Position "…"]` refused as a value not in
        // quotes, and `[Seed\t"1"]` refused here and read there).
        let (k, v) = inner
            .trim_start()
            .split_once(char::is_whitespace)
            .ok_or_else(|| err("a header is `[Key \"value\"]`"))?;
        let value = v
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| err("the header's value must be in double quotes"))?;
        // The value's first byte in the line (`value` is a part of `line`).
        let before = value.as_ptr() as usize - line.as_ptr() as usize;
        // Each header once (`[Computer]` names a seat each): a second copy would be read as one
        // value by one reader and as another by the next (a review found the app's Load taking
        // the first `[Seed]`, the options the last, and an option's error placed on the wrong
        // line).
        // (Its key in any case, as every key is read: a review found `[computer]` twice
        // refused.)
        if !k.eq_ignore_ascii_case("Computer")
            && let Some(first) = seen.insert(k.to_ascii_lowercase(), i + 1)
        {
            return Err(err(&format!(
                "a second [{k}] header (the first is on line {first}); a save names each header once"
            )));
        }
        out.push(Header {
            line: i + 1,
            key: k,
            value,
            value_col: line[..before].chars().count() + 1,
        });
    }
    Ok(out)
}

/// A save's headers as `(key, value)` pairs, for rebuilding a game's options from them.
pub fn header_pairs(text: &str) -> Result<Vec<(String, String)>, TextError> {
    Ok(headers(text)?.into_iter().map(|(_, k, v)| (k, v)).collect())
}

/// Why a save's headers do not give a game's options: a header line does not read, or a header
/// names no valid value of an option (`E`, the game's own error), on this line when it is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderError<E> {
    Unreadable(TextError),
    Option(E),
    OptionOnLine(usize, E),
}

impl<E: fmt::Display> fmt::Display for HeaderError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderError::Unreadable(e) => write!(f, "save headers: {e}"),
            HeaderError::Option(e) => write!(f, "save headers: {e}"),
            HeaderError::OptionOnLine(line, e) => write!(f, "save headers: line {line}: {e}"),
        }
    }
}

/// A game's options from a save's headers by `from_headers`; a refused option is reported at
/// the line of its header (the last of that name: the one read last).
pub fn options_from_save<T>(
    text: &str,
    from_headers: impl FnOnce(&[(String, String)]) -> Result<T, crate::OptionsError>,
) -> Result<T, HeaderError<crate::OptionsError>> {
    let lines = headers(text).map_err(HeaderError::Unreadable)?;
    let pairs: Vec<(String, String)> = lines
        .iter()
        .map(|(_, k, v)| (k.clone(), v.clone()))
        .collect();
    from_headers(&pairs).map_err(|e| {
        match lines
            .iter()
            .rev()
            .find(|(_, k, _)| k.eq_ignore_ascii_case(&e.header))
        {
            Some((line, _, _)) => HeaderError::OptionOnLine(*line, e),
            None => HeaderError::Option(e),
        }
    })
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for HeaderError<E> {}
