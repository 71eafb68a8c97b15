//! docs/RULINGS.md: "Each ruling has a tag (R-…) that the code and tests cite." Every tag
//! defined there and in docs/rulings/ (`### R-…` headings) is cited somewhere in the code or the
//! tests of the workspace, and every tag cited there is defined: a reader follows a ruling to
//! what carries it out and back (a review found 26 tags cited nowhere and one cited that did
//! not exist).
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every file under `dir` whose name ends with one of `exts`.
fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, exts, out);
        } else if exts.iter().any(|x| p.to_string_lossy().ends_with(x)) {
            out.push(p);
        }
    }
}

/// The whole tags (`R-` and capitals, digits and hyphens, not ending in a hyphen) in `text`.
fn tags(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(at) = text[i..].find("R-") {
        let start = i + at;
        let fresh = start == 0 || !(b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'-');
        let mut end = start + 2;
        while end < b.len()
            && (b[end].is_ascii_uppercase() || b[end].is_ascii_digit() || b[end] == b'-')
        {
            end += 1;
        }
        let tag = text[start..end].trim_end_matches('-');
        if fresh && tag.len() > 2 {
            out.insert(tag.to_string());
        }
        i = end.max(start + 2);
    }
    out
}

#[test]
fn every_ruling_is_cited_and_every_citation_is_a_ruling() {
    let root = root();
    let mut docs = vec![root.join("docs/RULINGS.md")];
    files(&root.join("docs/rulings"), &[".md"], &mut docs);
    let mut defined = BTreeSet::new();
    for d in &docs {
        let text = std::fs::read_to_string(d).unwrap();
        for line in text.lines().filter(|l| l.starts_with("### R-")) {
            defined.extend(tags(line).into_iter().take(1));
        }
    }
    assert!(defined.len() > 90, "{} tags defined", defined.len());
    let mut code = Vec::new();
    for dir in ["crates", "src", "tests", "config"] {
        files(&root.join(dir), &[".rs", ".ron"], &mut code);
    }
    let mut cited = BTreeSet::new();
    for f in &code {
        cited.extend(tags(&std::fs::read_to_string(f).unwrap()));
    }
    let uncited: Vec<&String> = defined.difference(&cited).collect();
    assert!(
        uncited.is_empty(),
        "rulings no code or test cites: {uncited:?}"
    );
    let undefined: Vec<&String> = cited.difference(&defined).collect();
    assert!(
        undefined.is_empty(),
        "tags cited but ruled nowhere: {undefined:?}"
    );
}

/// docs/RULES.md, the app's Rules… brief, says "this page is the whole picture": it names every
/// section of the rulebook's rules, §2.0.01 to §2.0.23, alone or in a range (`§2.0.15–17`) — a
/// review found §2.0.13's limits and §2.0.14's disadvantage missing, and §2.0.19 and §2.0.23
/// named nowhere.
#[test]
fn the_rules_brief_names_every_section() {
    let text = std::fs::read_to_string(root().join("docs/RULES.md")).unwrap();
    let mut named = BTreeSet::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("§2.0.") {
        rest = &rest[i + "§2.0.".len()..];
        let num = |s: &str| -> Option<(u32, usize)> {
            let d: String = s.chars().take_while(char::is_ascii_digit).collect();
            d.parse().ok().map(|n| (n, d.len()))
        };
        let Some((a, len)) = num(rest) else { continue };
        let b = rest[len..]
            .strip_prefix('–')
            .and_then(num)
            .map_or(a, |(b, _)| b);
        named.extend(a..=b);
    }
    let missing: Vec<u32> = (1..=23).filter(|n| !named.contains(n)).collect();
    assert!(missing.is_empty(), "§2.0.{missing:?} not in docs/RULES.md");
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for words in [
        "adjacent to your Self",
        "from your own side",
        "disadvantaged",
        "never as part of a double-move",
    ] {
        assert!(flat.contains(words), "{words:?} not in docs/RULES.md");
    }
}
