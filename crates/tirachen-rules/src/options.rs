//! What the rule text leaves to the players (docs/rulings/tirachen.md names each ruling), and the
//! save headers that carry it so a saved game rebuilds the same rules.
use crate::side::Side;
pub use game_api::OptionsError;
use game_api::option_headers::{count_or_off, read_choice, read_count_or_off, read_yes_no, yes_no};

/// How the two sides choose their nine masters (ruling "Masters chosen openly or secretly").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MasterChoice {
    /// In turn, the first player first; each sees what the other chose.
    Open,
    /// Both at once; the kinds of a side's undeployed masters stay hidden from the other side
    /// until each is placed.
    Secret,
}

/// The largest count the `QuietTurns` header takes (a new-game dialog offers the same).
pub const QUIET_TURNS_MAX: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TirachenOptions {
    /// Header `Masters`: `open` (default) or `secret`.
    pub masters: MasterChoice,
    /// Header `First`: `Red` (default) or `White` — "Determine who will play first."
    pub first: Side,
    /// Header `DeploymentCaptures`: `yes` (default) or `no` — whether a move within your
    /// deployment area during your deployment phase may capture.
    pub deployment_captures: bool,
    /// Header `QuietTurns`: a number (default 100) or `off` — the game is drawn once this many
    /// turns in a row have passed with nothing captured, placed or mobilised.
    pub quiet_turn_limit: Option<u16>,
    /// Header `FortRingClear`: `no` (default) or `yes` — whether a Fort may be placed only where
    /// no opposing piece stands in its ring (ruling "A Fort placed beside an opposing piece").
    /// The text sets no such condition: "May be placed (as a move) in an open square in your
    /// deployment area during any phase".
    pub fort_ring_must_be_clear: bool,
    /// Header `GeneralForTraitor`: `yes` (default) or `no` — whether the General may take the
    /// Traitor the second way, sacrificed so that its side controls the Traitor (and loses, its
    /// General gone, unless the Traitor completes the occupation of the opposing homeland;
    /// ruling "Sacrificing the General for the Traitor"). The text names no
    /// exception to "sacrifice the piece capturing the traitor piece to gain control of it".
    pub general_for_traitor: bool,
    /// Header `NoActionLoses`: `yes` (default) or `no` — whether a side with no legal action
    /// loses, or the game is drawn (ruling "A side with no legal action"; the text says nothing
    /// of it, and chess players expect a stalemate drawn).
    pub no_action_loses: bool,
}

impl Default for TirachenOptions {
    fn default() -> Self {
        TirachenOptions {
            masters: MasterChoice::Open,
            first: Side::Red,
            deployment_captures: true,
            quiet_turn_limit: Some(100),
            fort_ring_must_be_clear: false,
            general_for_traitor: true,
            no_action_loses: true,
        }
    }
}

impl TirachenOptions {
    /// The options as save headers (`[Masters "open"]` …).
    pub fn headers(&self) -> Vec<(String, String)> {
        let masters = match self.masters {
            MasterChoice::Open => "open",
            MasterChoice::Secret => "secret",
        };
        vec![
            ("Masters".into(), masters.into()),
            ("First".into(), self.first.name().into()),
            (
                "DeploymentCaptures".into(),
                yes_no(self.deployment_captures),
            ),
            ("QuietTurns".into(), count_or_off(self.quiet_turn_limit)),
            ("FortRingClear".into(), yes_no(self.fort_ring_must_be_clear)),
            ("GeneralForTraitor".into(), yes_no(self.general_for_traitor)),
            ("NoActionLoses".into(), yes_no(self.no_action_loses)),
        ]
    }

    /// Options back from headers. Headers of other matters (`Game`, `Seed`, …) are ignored; an
    /// option whose header is missing keeps its default. An option's header is read in any case
    /// (`[quietturns "7"]`), as a second copy in another case is refused by the save's reader (a
    /// review found a header in another case shown by replay but silently not applied).
    pub fn from_headers<K: AsRef<str>, V: AsRef<str>>(
        headers: &[(K, V)],
    ) -> Result<TirachenOptions, OptionsError> {
        let mut o = TirachenOptions::default();
        let names = o.headers();
        for (k, v) in headers {
            let (k, v) = (k.as_ref(), v.as_ref());
            let k = names
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(k))
                .map_or(k, |(n, _)| n.as_str());
            let yes_no = || read_yes_no(k, v);
            match k {
                "Masters" => {
                    let choices = [
                        ("open", MasterChoice::Open),
                        ("secret", MasterChoice::Secret),
                    ];
                    o.masters = read_choice(k, v, &choices)?;
                }
                "First" => {
                    o.first = read_choice(k, v, &[("Red", Side::Red), ("White", Side::White)])?;
                }
                "DeploymentCaptures" => o.deployment_captures = yes_no()?,
                "FortRingClear" => o.fort_ring_must_be_clear = yes_no()?,
                "GeneralForTraitor" => o.general_for_traitor = yes_no()?,
                "NoActionLoses" => o.no_action_loses = yes_no()?,
                "QuietTurns" => {
                    o.quiet_turn_limit = read_count_or_off(k, v, QUIET_TURNS_MAX, "turns")?;
                }
                _ => {}
            }
        }
        Ok(o)
    }

    /// Options from a save's text (its `[Key "value"]` header lines).
    pub fn from_save_text(text: &str) -> Result<TirachenOptions, HeaderError> {
        game_api::options_from_save(text, TirachenOptions::from_headers)
    }
}

/// Why a save's headers do not give options.
pub type HeaderError = game_api::HeaderError<OptionsError>;
