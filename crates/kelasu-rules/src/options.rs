//! What the rule text leaves to the players (docs/rulings/kelasu.md names each ruling), and the
//! save headers that carry it so a saved game rebuilds the same rules.
pub use game_api::OptionsError;
use game_api::option_headers::{count_or_off, read_choice, read_count_or_off, read_yes_no, yes_no};

/// The largest count the `QuietTurns` header takes (a new-game dialog offers the same).
pub const QUIET_TURNS_MAX: u16 = 10_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KelasuOptions {
    /// Header `WarriorDiagonals`: `capture` (default) or `move-capture` — what the Warrior's `+`
    /// squares (forward diagonals, a symbol missing from the text's legend) allow. Default: read
    /// as the legend's "Must Capture" (ruling "The Warrior's `+` squares").
    pub warrior_diagonals_move: bool,
    /// Header `RecallCaptures`: `no` (default) or `yes` — whether a Recall may land on an
    /// opposing piece and take it (ruling "Recall onto an occupied square").
    pub recall_captures: bool,
    /// Header `ConversionResetsCount`: `no` (default) or `yes` — whether a conversion restarts
    /// the 64-turn count as a capture does (ruling "Conversion and the count").
    pub conversion_resets_count: bool,
    /// Header `MovedBlanksMerge`: `yes` (default) or `no` — whether a Blank that moved this turn
    /// may be one of the Blanks of a merge (ruling "Merging Blanks that moved").
    pub moved_blanks_merge: bool,
    /// Header `Pass`: `no` (default) or `yes` — whether a player may end a turn without acting
    /// (ruling "Passing and stalemate").
    pub pass_allowed: bool,
    /// Header `EndEarly`: `no` (default) or `yes` — whether a player who has acted may end the
    /// turn with energy left while one of their pieces can still act. The text: "Once your
    /// energy runs out, your turn ends." (ruling "Ending a turn"). With `no`, `end` is open
    /// mid-turn only when no piece can act.
    pub end_early: bool,
    /// Header `QuietTurns`: a number of full turns (default 64) or `off` — "Making 64 full turns
    /// without a Blank move, a Merge, or a Capture" draws; a full turn is one turn of each side.
    pub quiet_full_turns: Option<u16>,
}

impl Default for KelasuOptions {
    fn default() -> Self {
        KelasuOptions {
            warrior_diagonals_move: false,
            recall_captures: false,
            conversion_resets_count: false,
            moved_blanks_merge: true,
            pass_allowed: false,
            end_early: false,
            quiet_full_turns: Some(64),
        }
    }
}

impl KelasuOptions {
    /// The options as save headers (`[WarriorDiagonals "capture"]` …).
    pub fn headers(&self) -> Vec<(String, String)> {
        vec![
            (
                "WarriorDiagonals".into(),
                if self.warrior_diagonals_move {
                    "move-capture"
                } else {
                    "capture"
                }
                .into(),
            ),
            ("RecallCaptures".into(), yes_no(self.recall_captures)),
            (
                "ConversionResetsCount".into(),
                yes_no(self.conversion_resets_count),
            ),
            ("MovedBlanksMerge".into(), yes_no(self.moved_blanks_merge)),
            ("Pass".into(), yes_no(self.pass_allowed)),
            ("EndEarly".into(), yes_no(self.end_early)),
            ("QuietTurns".into(), count_or_off(self.quiet_full_turns)),
        ]
    }

    /// Options back from headers. Headers of other matters (`Game`, `Seed`, …) are ignored; an
    /// option whose header is missing keeps its default. An option's header is read in any case
    /// (`[quietturns "7"]`), as a second copy in another case is refused by the save's reader (a
    /// review found a header in another case shown by replay but silently not applied).
    pub fn from_headers<K: AsRef<str>, V: AsRef<str>>(
        headers: &[(K, V)],
    ) -> Result<KelasuOptions, OptionsError> {
        let mut o = KelasuOptions::default();
        let names = o.headers();
        for (k, v) in headers {
            let (k, v) = (k.as_ref(), v.as_ref());
            let k = names
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(k))
                .map_or(k, |(n, _)| n.as_str());
            let yes_no = || read_yes_no(k, v);
            match k {
                "WarriorDiagonals" => {
                    let choices = [("capture", false), ("move-capture", true)];
                    o.warrior_diagonals_move = read_choice(k, v, &choices)?;
                }
                "RecallCaptures" => o.recall_captures = yes_no()?,
                "ConversionResetsCount" => o.conversion_resets_count = yes_no()?,
                "MovedBlanksMerge" => o.moved_blanks_merge = yes_no()?,
                "Pass" => o.pass_allowed = yes_no()?,
                "EndEarly" => o.end_early = yes_no()?,
                "QuietTurns" => {
                    o.quiet_full_turns = read_count_or_off(k, v, QUIET_TURNS_MAX, "full turns")?;
                }
                _ => {}
            }
        }
        Ok(o)
    }

    /// Options from a save's text (its `[Key "value"]` header lines).
    pub fn from_save_text(text: &str) -> Result<KelasuOptions, HeaderError> {
        game_api::options_from_save(text, KelasuOptions::from_headers)
    }
}

/// Why a save's headers do not give options.
pub type HeaderError = game_api::HeaderError<OptionsError>;
