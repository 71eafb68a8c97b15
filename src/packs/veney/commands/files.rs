//! New games, pasted positions, saves, loads, records replayed and the exported move list.
use super::Ctx;
use crate::packs::veney::game::{fresh_seed, load_rules_reporting, load_save, rules_for};
use std::path::PathBuf;
use std::sync::Arc;
use veney_rules::setup_styles::{FirstPlayerMethod, SetupStyle, first_player_on_baselines};
use veney_rules::{Game, Position};

/// A new game under the agreed rules of `config/rules/default.ron` — its setup style and way of
/// choosing the first player too (a review found both ignored: the standard baselines, White
/// first, whatever the file said).
pub(super) fn new_game(ctx: &mut Ctx) {
    let (rules, problem) = load_rules_reporting();
    let (game, session, info) = begin(rules, fresh_seed());
    ctx.sel.0 = None;
    ctx.replace_game(game);
    if session.is_some() {
        ctx.setup.0 = session;
    }
    ctx.status.info = info;
    ctx.status.refusal = problem;
}

/// A new game under `rules` from `seed` (§2.0.19): on the standard baselines, who moves first
/// decided by the agreed method (a drawing from the seed), or a setup session first for a
/// concealed or in-turns setup; with the news of how the first player was chosen.
pub fn begin(
    mut rules: veney_rules::Rules,
    seed: u64,
) -> (
    Game,
    Option<crate::packs::veney::setup_screen::Session>,
    Option<String>,
) {
    if rules.options.setup_style == SetupStyle::Standard {
        // §2.0.19 step 4: who moves first, by the agreed method, as the rules crate decides it
        // (a drawing from the game's seed).
        let method = rules.options.first_by;
        rules.options.first_player = first_player_on_baselines(&rules, seed);
        let how = match method {
            FirstPlayerMethod::Agreed => None,
            FirstPlayerMethod::RandomDraw => Some("by random drawing"),
            FirstPlayerMethod::Initiative => Some("by initiative (a tie is drawn)"),
        };
        let info = how.map(|how| format!("{how}, {} moves first", rules.options.first_player));
        let rules = Arc::new(rules);
        let start = Position::start(&rules);
        (Game::from_position_seeded(rules, start, seed), None, info)
    } else {
        // Concealed or in turns: the players set up first (§2.0.19).
        let session = crate::packs::veney::setup_screen::Session::new(Arc::new(rules), seed);
        let game = Game::from_position_seeded(session.rules.clone(), session.shown(), seed);
        (game, Some(session), None)
    }
}

/// A new game under these options and sets (the new-game dialog, the set workshop): on the
/// standard baselines at once, or after a concealed or in-turns setup (§2.0.19).
/// `drawn`: the first player the hidden hand drew at the table, in place of the seed's drawing.
pub(super) fn new_game_with(
    ctx: &mut Ctx,
    options: veney_rules::options::RuleOptions,
    sets: [PathBuf; 2],
    drawn: Option<veney_rules::Side>,
) {
    let seed = fresh_seed();
    let rules = match rules_for(&sets, options) {
        Ok(r) => r,
        Err(e) => {
            ctx.status.refusal = Some(format!("could not start: {e}"));
            return;
        }
    };
    ctx.sel.0 = None;
    let (game, session, info) = match drawn {
        Some(first) => {
            let mut rules = rules;
            rules.options.first_player = first;
            let rules = Arc::new(rules);
            let start = Position::start(&rules);
            (Game::from_position_seeded(rules, start, seed), None, None)
        }
        None => begin(rules, seed),
    };
    if info.is_some() {
        ctx.status.info = info;
    }
    ctx.replace_game(game);
    if session.is_some() {
        ctx.setup.0 = session;
    }
}

pub(super) fn set_position(ctx: &mut Ctx, text: &str) {
    let read = Position::from_text_playable(&ctx.game.0.rules, text).map_err(|e| e.to_string());
    match read.and_then(|p| match crate::packs::veney::game::hug_half_made(&p) {
        Some(side) => Err(crate::packs::veney::game::hug_half_made_note(side)),
        None => Ok(p),
    }) {
        Ok(p) => {
            let rules = ctx.game.0.rules.clone();
            ctx.replace_game(Game::from_position_seeded(rules, p, fresh_seed()));
        }
        Err(e) => ctx.status.refusal = Some(format!("bad position text: {e}")),
    }
}

/// Saves the game (atomically), naming the computer's `seats`.
pub(super) fn save(ctx: &mut Ctx, path: PathBuf, seats: &[Option<game_ai::Level>; 2]) {
    let path = if path.as_os_str().is_empty() {
        ctx.dir.manual()
    } else {
        path
    };
    let text = crate::packs::veney::game::save_text(&ctx.game.0, seats, *ctx.draws);
    match veney_rules::savefile::write_atomic(&path, &text) {
        Ok(()) => ctx.status.info = Some(format!("saved to {}", path.display())),
        Err(e) => ctx.status.refusal = Some(format!("could not save to {}: {e}", path.display())),
    }
}

/// Loads a save; the computer's seats it names when it loaded (`None`: the game is kept). The
/// game it replaces, played with `seats`, is kept as `before-load.veney` in the save folder (the
/// autosave follows the loaded game at once; a review found the game in progress lost to a
/// Load).
pub(super) fn load(
    ctx: &mut Ctx,
    path: PathBuf,
    seats: &[Option<game_ai::Level>; 2],
) -> Option<[Option<game_ai::Level>; 2]> {
    let path = if path.as_os_str().is_empty() {
        ctx.dir.manual()
    } else {
        path
    };
    match load_save(&ctx.game.0.rules, &path) {
        Ok(g) => {
            // The loaded save's own headers, read before anything is written beside it.
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            // (Not when it is the game loaded: a second Load keeps the first's.)
            let same = ctx.game.0.position() == g.position()
                && ctx.game.0.actions().eq(g.actions())
                && ctx.game.0.start_position() == g.start_position();
            let note = if same {
                String::new()
            } else {
                // Nothing is loaded over a game that could not be kept (a review found it
                // replaced, and its autosave overwritten, when the keep failed).
                match keep_left(ctx, seats) {
                    Ok(note) => note,
                    Err(e) => {
                        ctx.status.refusal = Some(format!("did not load {}: {e}", path.display()));
                        return None;
                    }
                }
            };
            ctx.replace_game(g);
            ctx.status.info = Some(format!("loaded {}{note}", path.display()));
            Some(crate::packs::veney::game::computer_read_from(
                &text,
                &mut ctx.draws,
            ))
        }
        // The game in progress is kept.
        Err(e) => {
            ctx.status.refusal = Some(format!("could not load {}: {e}", path.display()));
            None
        }
    }
}

/// Keeps the game in progress, played with `seats`, as `before-load.veney` in the save folder
/// before a Load or a record replaces it: the note saying so, or why it could not be kept.
fn keep_left(ctx: &mut Ctx, seats: &[Option<game_ai::Level>; 2]) -> Result<String, String> {
    let kept = ctx.dir.0.join("before-load.veney");
    // A setup in progress, or a game with nothing played in it, was never autosaved: the
    // autosave still holds the game before it (played until New game, or finished and left at
    // launch), and that is the game kept (a review found the empty game kept, the game before
    // it lost as the loaded one was autosaved over it; the grid games keep it so).
    let setup = ctx.setup.0.is_some() || ctx.setup_held.0;
    if setup || ctx.game.0.actions().next().is_none() {
        if let Ok(autosaved) = std::fs::read_to_string(ctx.dir.autosave())
            && !autosaved.trim().is_empty()
        {
            crate::host::kept_files::keep_before_load(&kept, &autosaved)
                .map_err(|e| format!("the game before could not be kept ({e})"))?;
            return Ok(format!(
                " (the game autosaved before is kept as {})",
                kept.display()
            ));
        }
        // A setup in progress is no game yet: the board shows one side's stance so far, which
        // would not load (a review found it kept, pushing the game kept before it aside).
        if setup {
            return Ok(" (the setup in progress is left; no game was begun to keep)".into());
        }
        // Nothing played and nothing autosaved: a Load goes ahead even where nothing can be
        // written (a read-only save folder; a review found every Load refused there).
        let left = crate::packs::veney::game::save_text(&ctx.game.0, seats, *ctx.draws);
        return Ok(
            match crate::host::kept_files::keep_before_load(&kept, &left) {
                Ok(()) => format!(" (the game left is kept as {})", kept.display()),
                Err(_) => String::new(),
            },
        );
    }
    let left = crate::packs::veney::game::save_text(&ctx.game.0, seats, *ctx.draws);
    crate::host::kept_files::keep_before_load(&kept, &left)
        .map_err(|e| format!("the game in progress could not be kept ({e})"))?;
    Ok(format!(" (the game left is kept as {})", kept.display()))
}

/// Writes the move list in notation (atomically); empty path: `moves.txt` in the save folder.
pub(super) fn export_moves(ctx: &mut Ctx, path: PathBuf) {
    let path = if path.as_os_str().is_empty() {
        ctx.dir.0.join("moves.txt")
    } else {
        path
    };
    let mut text = ctx.game.0.exported_record();
    ctx.status.clipboard = Some(text.clone());
    text.push('\n');
    match veney_rules::savefile::write_atomic(&path, &text) {
        Ok(()) => ctx.status.info = Some(format!("move list written to {}", path.display())),
        Err(e) => ctx.status.refusal = Some(format!("could not export to {}: {e}", path.display())),
    }
}

/// The armies a record names (`[WhiteSetHash]`, as "Export moves" writes them for a game not
/// between standard sets) that are not this game's: each said, with its name (a review found
/// such a record refused at a piece the standard set lacks, the armies unnamed).
fn army_warnings(rules: &veney_rules::Rules, text: &str) -> Vec<String> {
    // A record naming no armies was exported from a game between standard sets (a review found
    // one replayed under this game's other armies without a word).
    let standard = veney_rules::piece_set::fingerprint(veney_rules::piece_set::STANDARD_SET);
    let names_none = veney_rules::Side::ALL
        .iter()
        .all(|side| veney_rules::replay::header_value(text, &format!("{side}SetHash")).is_none());
    if names_none {
        return veney_rules::Side::ALL
            .into_iter()
            .filter(|&side| rules.set(side).fingerprint != standard)
            .map(|side| {
                format!(
                    "the record names no armies (a game between standard sets), and {side}'s here is \"{}\": start a game between standard sets to replay it as it was played",
                    rules.set(side).name
                )
            })
            .collect();
    }
    veney_rules::Side::ALL
        .into_iter()
        .filter_map(|side| {
            let (_, saved) = veney_rules::replay::header_value(text, &format!("{side}SetHash"))?;
            let set = rules.set(side);
            (saved != format!("{:016x}", set.fingerprint)).then(|| {
                let name = veney_rules::replay::header_value(text, &format!("{side}SetName"))
                    .map_or_else(|| "another set".to_string(), |(_, n)| format!("\"{n}\""));
                format!(
                    "{side}'s army in the record is {name}, this game's is \"{}\": start a game with that army to replay it",
                    set.name
                )
            })
        })
        .collect()
}

/// Replays a game record (the public records' form too) into a new game, played with sand: an
/// untenable turn nobody called stands and is marked in the move list (R-REPLAY-SAND). A record
/// that cannot be read, or has a turn no piece can make, is not loaded: the game in progress is
/// kept and the turn named.
pub(super) fn load_record(
    ctx: &mut Ctx,
    text: Result<String, String>,
    source: &str,
    seats: &[Option<game_ai::Level>; 2],
) {
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            ctx.status.refusal = Some(e);
            return;
        }
    };
    // A record that names its rule options (`[Rules]`, as "Export moves" writes one for a game
    // not under the defaults) is replayed, and played on, under them with this game's armies,
    // as the command line's `replay` does (a review found them dropped, a Donkey's placement
    // then refused); one that names none, under the default options, as it was exported (a
    // review found a default game's record refused in a game whose drawing gave Black the
    // first move).
    let current = ctx.game.0.rules.clone();
    let named = match veney_rules::savefile::options_of(&text) {
        Some(Err(e)) => {
            ctx.status.refusal = Some(format!("could not read the record from {source}: {e}"));
            return;
        }
        Some(Ok(saved)) => saved,
        None => veney_rules::options::RuleOptions::default(),
    };
    let rules = match named {
        saved if saved != current.options => {
            match veney_rules::Rules::new(current.sets.clone(), current.setup.clone(), saved) {
                Ok(r) => std::sync::Arc::new(r),
                Err(e) => {
                    ctx.status.refusal = Some(format!(
                        "could not load the record from {source}: its rule options: {e}"
                    ));
                    return;
                }
            }
        }
        _ => current,
    };
    let rep = match veney_rules::replay::replay(&rules, &text) {
        Ok(r) => r,
        Err(e) => {
            ctx.status.refusal = Some(format!("could not read the record from {source}: {e}"));
            return;
        }
    };
    let played = rep.turns.iter().filter(|t| t.result.is_ok()).count();
    let untenable = rep.untenable_turns().count();
    let mut news = format!("replayed {played} turn(s) from {source}");
    if untenable > 0 {
        news.push_str(&format!(
            "; {untenable} untenable, not called: they stand (marked in the move list)"
        ));
    }
    for w in &rep.warnings {
        news.push_str(&format!("; warning: {w}"));
    }
    for w in army_warnings(&rules, &text) {
        news.push_str(&format!("; warning: {w}"));
    }
    // A turn no piece can make: the record is not loaded, and the game in progress is kept.
    if let Some(t) = rep.turns.iter().find(|t| t.result.is_err()) {
        let why = t
            .result
            .as_ref()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        let armies: String = army_warnings(&rules, &text)
            .iter()
            .map(|w| format!("; {w}"))
            .collect();
        ctx.status.refusal = Some(format!(
            "could not load the record from {source}: turn {} ({}, line {}) `{}` cannot be played: {why} (the game in progress is kept){armies}",
            t.number, t.side, t.line, t.written
        ));
        return;
    }
    // Nor one half-way through its Hug (a review found a record's `[Position]` with a hand
    // hidden taken in, the Hug screen then asking for it for ever).
    if let Some(side) = crate::packs::veney::game::hug_half_made(rep.game.position()) {
        ctx.status.refusal = Some(format!(
            "could not load the record from {source}: {} (the game in progress is kept)",
            crate::packs::veney::game::hug_half_made_note(side)
        ));
        return;
    }
    // The game in progress is kept first, as a Load keeps it (a review found it replaced, its
    // autosave overwritten by the record at once).
    let note = match keep_left(ctx, seats) {
        Ok(note) => note,
        Err(e) => {
            ctx.status.refusal = Some(format!("did not load the record from {source}: {e}"));
            return;
        }
    };
    // Played on under the record's options, else those agreed for this game (the replay's sand
    // aside), and a fresh seed, the generator advanced by the record's throws.
    ctx.replace_game(rep.game.continued_under(rules, fresh_seed()));
    news.push_str(&note);
    ctx.status.info = Some(news);
}

#[cfg(test)]
mod launch_tests {
    use super::begin;
    use veney_rules::Side;
    use veney_rules::options::RuleOptions;
    use veney_rules::setup_styles::{FirstPlayerMethod, SetupStyle};

    fn rules(o: RuleOptions) -> veney_rules::Rules {
        veney_rules::Rules::standard_with(o)
    }

    /// §2.0.19 step 4: who goes first is "decided in one of three ways"; a new game (the app's
    /// first included) follows the agreed way, and a concealed or in-turns setup opens its
    /// session (a review found the launch and the N key on the baselines, White first, whatever
    /// `default.ron` agreed).
    #[test]
    fn a_new_game_follows_the_agreed_setup_and_first_player() {
        let drawn = RuleOptions {
            first_by: FirstPlayerMethod::RandomDraw,
            ..RuleOptions::default()
        };
        let firsts: Vec<Side> = (0..16)
            .map(|seed| {
                let (g, session, info) = begin(rules(drawn.clone()), seed);
                assert!(session.is_none());
                assert!(info.is_some_and(|i| i.starts_with("by random drawing")));
                g.position().turn()
            })
            .collect();
        assert!(
            firsts.contains(&Side::White) && firsts.contains(&Side::Black),
            "{firsts:?}"
        );
        let in_turns = RuleOptions {
            setup_style: SetupStyle::InTurns,
            ..RuleOptions::default()
        };
        let (_, session, _) = begin(rules(in_turns), 1);
        assert!(session.is_some(), "the players set up first");
        let (g, session, info) = begin(rules(RuleOptions::default()), 1);
        assert_eq!(
            (g.position().turn(), session.is_none(), info),
            (Side::White, true, None)
        );
    }

    /// A record naming another army than this game's is said to, with the army's name; one
    /// naming this game's armies, or none, is not.
    #[test]
    fn a_record_of_another_army_is_said_to_be() {
        let rules = veney_rules::Rules::standard();
        let standard = format!("{:016x}", rules.set(Side::White).fingerprint);
        let text = format!(
            "[WhiteSet \"config/sets/assassin.ron\"]\n[WhiteSetName \"Assassin\"]\n[WhiteSetHash \"0123456789abcdef\"]\n[BlackSetHash \"{standard}\"]\n1. SY5\n"
        );
        let said = super::army_warnings(&rules, &text);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].contains("White's army") && said[0].contains("\"Assassin\""),
            "{said:?}"
        );
        assert!(super::army_warnings(&rules, "1. SY5\n").is_empty());
        // A record naming no armies is a standard game's: in a game of another army, said so.
        let assassin = crate::packs::veney::game::rules_for(
            &[
                std::path::PathBuf::from("config/sets/assassin.ron"),
                crate::packs::veney::game::standard_set_path(),
            ],
            veney_rules::options::RuleOptions::default(),
        )
        .unwrap();
        let said = super::army_warnings(&assassin, "1. SY5\n");
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].contains("names no armies") && said[0].contains("White's here"),
            "{said:?}"
        );
    }
}
