#![allow(dead_code)]
use veney_rules::notation::San;
use veney_rules::{Action, Position, Rules, Side, Square};

#[allow(unused_imports)]
pub use Side::{Black, White};

pub fn rules() -> Rules {
    Rules::standard()
}

/// A position from `(side, piece, square)` triples; the rest of each side in reserve.
pub fn pos(rules: &Rules, pieces: &[(Side, &str, &str)], turn: Side) -> Position {
    Position::from_pieces(rules, pieces, turn).unwrap()
}

pub fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// Destination squares of the moves of the piece on `from`, sorted.
pub fn dests(rules: &Rules, p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut v: Vec<String> = p
        .legal_actions(rules)
        .iter()
        .filter_map(|a| a.as_move())
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Notation of every action, as `veney-cli moves` prints them.
pub fn notations(rules: &Rules, p: &Position) -> Vec<String> {
    let legal = p.legal_actions(rules);
    legal
        .iter()
        .filter(|a| **a != Action::EndTurn)
        .map(|a| San::of_action(rules, p, &legal, a).to_string())
        .collect()
}

/// Notation of the actions of the piece on `from`.
pub fn notations_from(rules: &Rules, p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let legal = p.legal_actions(rules);
    let mut v: Vec<String> = legal
        .iter()
        .filter(|a| a.as_move().is_some_and(|m| m.from == from))
        .map(|a| San::of_action(rules, p, &legal, a).to_string())
        .collect();
    v.sort();
    v
}

pub fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays a turn written in notation; panics with the error if it is refused.
pub fn play(rules: &Rules, p: &mut Position, turn: &str) {
    let acts = veney_rules::notation::parse_turn(rules, p, turn, 1)
        .unwrap_or_else(|e| panic!("{turn}: {e}"));
    p.play_turn(rules, &acts)
        .unwrap_or_else(|e| panic!("{turn}: {e}"));
}

/// Why the rules refused a turn.
#[derive(Debug)]
pub struct Refusal {
    /// The rulebook section the refusal names, e.g. "§2.0.17 Passing" (empty if it names none).
    pub section: String,
    /// The whole message, as the CLI or the app shows it.
    pub message: String,
}

impl Refusal {
    pub fn is_empty(&self) -> bool {
        false
    }
    pub fn contains(&self, s: &str) -> bool {
        self.message.contains(s)
    }

    /// Asserts that the refusal names this rule: a section (`"§2.0.17"`, matched as a prefix of
    /// the section the refusal names) and, when given, words of its reason.
    #[track_caller]
    pub fn by(&self, section: &str, words: &str) {
        assert!(
            self.section.starts_with(section),
            "refused by {:?}, expected {section}: {}",
            self.section,
            self.message
        );
        assert!(
            self.message.contains(words),
            "the refusal does not say {words:?}: {}",
            self.message
        );
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The section a refusal's message names: the last `(§…)` in it (an `Untenable` ends so), or
/// else a `§…` up to the next `)` or `:`.
fn section_of(message: &str) -> String {
    if let Some(i) = message.rfind("(§") {
        let rest = &message[i + 1..];
        return rest[..rest.find(')').unwrap_or(rest.len())].to_string();
    }
    let Some(i) = message.rfind('§') else {
        return String::new();
    };
    let rest = &message[i..];
    rest[..rest.find([')', ':']).unwrap_or(rest.len())]
        .trim()
        .to_string()
}

/// The refusal of a turn that should be refused. A token of `turn` that is not notation at all
/// fails the test (a typo in the test's own turn must not pass for a refusal), and so does a
/// turn the rules accept.
#[track_caller]
pub fn refuse(rules: &Rules, p: &Position, turn: &str) -> Refusal {
    for (tok, col) in veney_rules::notation::tokens(turn, 1) {
        if let Err(e) = San::parse_at(tok, col) {
            panic!("the test's own turn {turn:?} is not notation: {e}");
        }
    }
    let message = match veney_rules::notation::parse_turn(rules, p, turn, 1) {
        Ok(acts) => {
            let mut q = *p;
            match q.play_turn(rules, &acts) {
                Ok(()) => panic!("{turn} was accepted"),
                Err(e) => {
                    return Refusal {
                        section: e.section.clone(),
                        message: e.to_string(),
                    };
                }
            }
        }
        Err(e) => e.to_string(),
    };
    Refusal {
        section: section_of(&message),
        message,
    }
}

/// A shipped set's file under `config/sets/`.
pub fn set_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../config/sets/{name}.ron"))
}

/// A shipped set, loaded.
pub fn set(name: &str) -> std::sync::Arc<veney_rules::PieceSet> {
    std::sync::Arc::new(
        veney_rules::PieceSet::load(&set_path(name)).unwrap_or_else(|e| panic!("{name}: {e}")),
    )
}

/// White's army against Black's, with the default options.
pub fn game(white: &str, black: &str) -> Rules {
    Rules::with_sets(
        [set(white), set(black)],
        veney_rules::options::RuleOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{white} v {black}: {e}"))
}

/// The shipped armies besides the standard set (§2.0.23).
pub const ARMIES: [&str; 6] = [
    "half",
    "assassin",
    "aristocrat",
    "ceremonial",
    "illusionist",
    "fairy",
];

/// White's Lantern on W1 flailing (its Self on Y6, two measures up), its engagement on W6, and
/// Black's Cloak on W10 within its swing (§2.0.10 Flail).
pub fn flailing_lantern(r: &Rules) -> Position {
    pos(
        r,
        &[
            (Side::White, "Self", "Y6"),
            (Side::White, "Lantern", "W1"),
            (Side::White, "Engagement", "W6"),
            (Side::Black, "Self", "Y14"),
            (Side::Black, "Cloak", "W10"),
        ],
        Side::White,
    )
}

/// `text` under Shima: `shima=1`, its reserves as Shima leaves them — "All reserved pieces
/// except Daggers and engagements are discarded" (§2.0.18, R-SHIMA-RESERVE).
pub fn under_shima(text: &str) -> String {
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    let kept: Vec<String> = fields[2]
        .split('/')
        .map(|r| r.chars().filter(|c| "DEde".contains(*c)).collect())
        .collect();
    fields[2] = if kept.iter().all(String::is_empty) {
        "-".into()
    } else {
        kept.join("/")
    };
    format!("{} shima=1", fields.join(" "))
}
