//! Rule options: what the rulebook leaves to the players' "prior agreement" (§2.0.19 step 1).
use crate::errors::{DataError, LoadError};
use crate::side::Side;
use serde::{Deserialize, Serialize};
use std::path::Path;

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RuleOptions {
    /// Optional pieces in play, by name (the Ruin, §2.0.12). Left out of a file, the built-in
    /// choice, as for every other option: the Ruin (`[]` plays without it; a review found a
    /// file that left the field out playing without the Ruin, unlike `default.ron`).
    #[serde(default = "with_the_ruin")]
    pub optional_pieces: Vec<String>,
    /// Retreats allowed per player (§2.0.02 Retreat).
    #[serde(default)]
    pub retreat_limit: RetreatLimit,
    /// Black's own allowance when it differs from White's `retreat_limit` (§2.0.02: "or with
    /// different allowances between players of different skill"); `None`: the same.
    #[serde(default)]
    pub black_retreat_limit: Option<RetreatLimit>,
    /// What happens to an untenable move (§2.0.22).
    #[serde(default)]
    pub untenable: UntenablePolicy,
    /// Who makes the first move (§2.0.19 step 4).
    #[serde(default = "white")]
    pub first_player: Side,
    /// How a Dagger Throw is decided (§2.0.08, §2.0.R1).
    #[serde(default)]
    pub dice: crate::dice::DiceMethod,
    /// Draw by no contest (§2.0.20 non-fencing): after this many turns in a row with nothing
    /// taken, fended, struck or thrown, the game is a draw. `None`: never by count.
    #[serde(default = "default_no_contest")]
    pub no_contest_turns: Option<u16>,
    /// How the board is set up (§2.0.19 step 3).
    #[serde(default)]
    pub setup_style: SetupStyle,
    /// How the first player is decided (§2.0.19 step 4); `Agreed` uses `first_player`.
    #[serde(default)]
    pub first_by: FirstPlayerMethod,
    /// Each player has a Donkey in reserve (§2.0.23).
    #[serde(default)]
    pub donkey: bool,
    /// Draws are settled by a Hug (§2.0.23, by Tyler).
    #[serde(default)]
    pub hug: bool,
    /// "Will you play using the more obscure devices?" (§2.0.19 step 1): with `false`, no piece
    /// is cast (Fire Dance, Obscurant Chaos, Shima) and no side enters Hirakamae (§2.0.18).
    /// Shadow-Stabbing, "a common part of the mechanics of fighting pieces", stays (ruling
    /// R-DEVICES).
    #[serde(default = "yes")]
    pub devices: bool,
    /// Hirakamae ends when the opponent breaks the stance (§2.0.18: "This position consists of
    /// one's only blade piece beside the Self in a step, or both blades on either side of the
    /// Self, in an otherwise empty measure"): at the enstanced side's turn, a stance no longer
    /// standing has ended, without the ending double-move. `false` (default): it lasts until its
    /// player moves ("A move made by the enstanced player ends hirakamae"). Ruling
    /// R-HIRAKAMAE.
    #[serde(default)]
    pub hirakamae_breaks: bool,
    /// A step holding one of your engagements joins the Sword's range even apart from its band
    /// (§2.0.03 "plus any step further if you have at least one engagement in that step").
    /// `false` (default): the band grows step by step outward through such steps, so that, as
    /// the text's own parenthesis says, "a Sword can certainly never reach an opponent so long
    /// as both players' Self pieces haven't advanced out of their first measure". Ruling
    /// R-SWORD-ENGAGEMENT-STEPS.
    #[serde(default)]
    pub sword_steps_apart: bool,
    /// A distraction (one off-colour stick) also loses the Dagger: §2.0.08 calls it a miss ("the
    /// attack misses but grants a short-success distraction effect") and says "If the throw
    /// misses, the Dagger is lost". `false` (default): the Dagger stays on its square, the
    /// distraction read as a short success (ruling R-THROW-DISTRACTION, where players may
    /// disagree).
    #[serde(default)]
    pub distraction_loses_dagger: bool,
    /// After a retreat's reset (§2.0.02), the pieces in play that do not fit on the starting
    /// step go onto the next step behind (as many as fit there), not into reserve: "you may
    /// either place them on the next step behind or put them into reserve" — the choice the
    /// text gives the retreating player, agreed here before the game (ruling R-RETREAT).
    /// `false` (default): into reserve.
    #[serde(default)]
    pub retreat_overflow_behind: bool,
}

fn yes() -> bool {
    true
}

fn default_no_contest() -> Option<u16> {
    Some(100)
}

fn with_the_ruin() -> Vec<String> {
    vec!["Ruin".into()]
}

fn white() -> Side {
    Side::White
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions::from_ron(Path::new("config/rules/default.ron"), DEFAULT_OPTIONS)
            .expect("built-in default options are valid")
    }
}

pub const DEFAULT_OPTIONS: &str = include_str!("../../../config/rules/default.ron");

impl RuleOptions {
    /// `side`'s retreat allowance (§2.0.02 Retreat): `retreat_limit`, or Black's own.
    pub fn retreat_limit_for(&self, side: Side) -> RetreatLimit {
        match side {
            Side::White => self.retreat_limit,
            Side::Black => self.black_retreat_limit.unwrap_or(self.retreat_limit),
        }
    }

    /// The options as one line of RON, as a save's `[Rules "(…)"]` header holds them.
    pub fn to_ron(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }

    pub fn load(path: &Path) -> Result<RuleOptions, LoadError> {
        let src = crate::errors::read_data_file(path)?;
        Ok(RuleOptions::from_ron(path, &src)?)
    }

    pub fn from_ron(path: &Path, src: &str) -> Result<RuleOptions, DataError> {
        let src = crate::errors::without_bom(src);
        let o: RuleOptions = crate::errors::ron_from_str(path, src)?;
        // The dice the rulebook names (§2.0.R1): "Flat odds: Roll a six-sided die … Eight, Ten,
        // Twelve, or Twenty" sides; pen and paper, "1-6 (or any other odds you've agreed on)" —
        // at least two numbers, or the guess could not miss.
        let bad = match o.dice {
            crate::dice::DiceMethod::FlatOdds(n) if ![6, 8, 10, 12, 20].contains(&n) => Some((
                "FlatOdds",
                format!("FlatOdds({n}): a flat-odds die has 6, 8, 10, 12 or 20 sides (§2.0.R1)"),
            )),
            crate::dice::DiceMethod::PenAndPaper(n) if n < 2 => Some((
                "PenAndPaper",
                format!("PenAndPaper({n}): the target writes one of at least 2 numbers (§2.0.R1)"),
            )),
            _ => None,
        };
        // §2.0.20 counts quiet turns in a row: none is no count (a review found `Some(0)`
        // drawing a game at its first turn, contact or not).
        let bad = bad.or_else(|| {
            (o.no_contest_turns == Some(0)).then(|| {
                (
                    "no_contest_turns",
                    "no_contest_turns: Some(0): the no-contest draw counts at least one quiet turn (§2.0.20); write None for no such draw".to_string(),
                )
            })
        });
        if let Some((needle, message)) = bad {
            // The setting, not a comment naming the same die (a block comment neither; the
            // column in characters — a review found both wrong).
            let (line, col) = crate::errors::locate(src, needle, 0, 0)
                .map_or((1, 1), |(line, col, _)| (line, col));
            return Err(DataError::at(path, line, col, message));
        }
        Ok(o)
    }
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum RetreatLimit {
    Unlimited,
    /// At most this many retreats a side; beyond them `==` is still offered and resigns the
    /// game (ruling R-RETREAT), so `Limited(0)` makes every retreat a resignation.
    Limited(u8),
}

/// One retreat each is the rulebook's "basic choice" (§2.0.02 Retreat).
impl Default for RetreatLimit {
    fn default() -> Self {
        RetreatLimit::Limited(1)
    }
}

/// §2.0.22. `Strict` is this app's teaching mode: untenable moves are never offered and are
/// refused with the rule they break. The others are the rulebook's "playing with sand" policies,
/// applied when a player makes an untenable move and the opponent calls it.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum UntenablePolicy {
    #[default]
    Strict,
    Friendly,
    TimePenalty,
    TurnPenalty,
    PiecePenaltyAbsolute,
    PiecePenaltyLenient,
    SuddenDeath,
    DelayedReset,
}

impl UntenablePolicy {
    /// The policy in the words of §2.0.22, as the app's dialogs and the printed score sheet
    /// name it (a review found the dialog showing `PiecePenaltyAbsolute`).
    pub fn words(self) -> &'static str {
        match self {
            UntenablePolicy::Strict => "strict (refused, teaching mode)",
            UntenablePolicy::Friendly => "friendly game",
            UntenablePolicy::TimePenalty => "time penalty",
            UntenablePolicy::TurnPenalty => "turn penalty",
            UntenablePolicy::PiecePenaltyAbsolute => "piece penalty, absolute",
            UntenablePolicy::PiecePenaltyLenient => "piece penalty, lenient",
            UntenablePolicy::SuddenDeath => "sudden death",
            UntenablePolicy::DelayedReset => "delayed reset",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_options_parse() {
        let o = RuleOptions::default();
        assert_eq!(o.optional_pieces, vec!["Ruin".to_string()]);
        assert_eq!(o.retreat_limit, RetreatLimit::Limited(1));
        assert_eq!(o.untenable, UntenablePolicy::Strict);
    }

    /// README: "whatever is not given is built in": an empty options file is the built-in
    /// default, field for field — the Ruin in play too (a review found it left out).
    #[test]
    fn an_empty_options_file_is_the_default() {
        let o = RuleOptions::from_ron(Path::new("empty.ron"), "RuleOptions()").unwrap();
        assert_eq!(o, RuleOptions::default());
        let none = RuleOptions::from_ron(Path::new("none.ron"), "RuleOptions(optional_pieces: [])")
            .unwrap();
        assert!(
            none.optional_pieces.is_empty(),
            "an empty list plays without it"
        );
    }

    #[test]
    fn unknown_option_is_located() {
        let e = RuleOptions::from_ron(Path::new("o.ron"), "RuleOptions(\n  retreats: 3,\n)")
            .unwrap_err();
        assert_eq!((e.location.line, e.location.col), (2, 3));
        assert!(e.message.contains("retreats"), "{}", e.message);
    }

    #[test]
    fn dice_the_rulebook_does_not_name_are_refused_where_they_stand() {
        // §2.0.R1: flat odds on 6, 8, 10, 12 or 20 sides; pen and paper needs two numbers at
        // least (a die of 0 sides or one number left a throw with no result: the game stuck).
        for (src, col) in [
            ("RuleOptions(\n  dice: FlatOdds(0),\n)", 9),
            ("RuleOptions(\n  dice: FlatOdds(7),\n)", 9),
            ("RuleOptions(\n  dice: PenAndPaper(1),\n)", 9),
        ] {
            let e = RuleOptions::from_ron(Path::new("o.ron"), src).unwrap_err();
            assert_eq!((e.location.line, e.location.col), (2, col), "{src}");
            assert!(e.message.contains("§2.0.R1"), "{}", e.message);
        }
        // Pointed at the setting, past a comment naming another die.
        let src = "RuleOptions(\n  // e.g. FlatOdds(6)\n  dice: FlatOdds(7),\n)";
        let e = RuleOptions::from_ron(Path::new("o.ron"), src).unwrap_err();
        assert_eq!((e.location.line, e.location.col), (3, 9));
        // Past a block comment on the same line, the column in characters (a review found the
        // error placed inside the comment, and a byte offset given for a column).
        let src = "RuleOptions(\n  /* dice: FlatOdds(6) é */ dice: FlatOdds(7),\n)";
        let e = RuleOptions::from_ron(Path::new("o.ron"), src).unwrap_err();
        assert_eq!((e.location.line, e.location.col), (2, 35));
        // §2.0.20's count of quiet turns in a row: none is refused at its field.
        let e = RuleOptions::from_ron(
            Path::new("o.ron"),
            "RuleOptions(\n  no_contest_turns: Some(0),\n)",
        )
        .unwrap_err();
        assert_eq!((e.location.line, e.location.col), (2, 3));
        assert!(e.message.contains("§2.0.20"), "{}", e.message);
        for ok in ["FlatOdds(20)", "PenAndPaper(6)", "StickDice"] {
            let src = format!("RuleOptions(dice: {ok})");
            assert!(
                RuleOptions::from_ron(Path::new("o.ron"), &src).is_ok(),
                "{ok}"
            );
        }
    }
}

/// How the board is set up (§2.0.19 step 3).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum SetupStyle {
    /// The standard baselines (the setup file).
    #[default]
    Standard,
    /// Each side arranges a stance in secret; both are revealed together.
    Concealed,
    /// The sides place one piece at a time, alternately.
    InTurns,
}

/// How the first player is decided (§2.0.19 step 4).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
pub enum FirstPlayerMethod {
    /// By advantage or agreement: the option `first_player`.
    #[default]
    Agreed,
    /// A random drawing (guess the hand holding the free engagement), from the seeded generator.
    RandomDraw,
    /// By the engagements' initiative score, then the pawn closest to the centre point, then a
    /// random drawing.
    Initiative,
}
