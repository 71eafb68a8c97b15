//! A scripted demo for screenshots and smoke runs (`VENEY_SCRIPT=<file>`): one command per line,
//! run in order. `wait S` (seconds), `turn <notation>` (a whole turn, rolls included),
//! `click SQ`, `reserve NAME`, `roll`, `position <text>`, `undo` (Veney's), `dialog` (open the
//! new-game dialog),
//! `shot NAME` (writes `$VENEY_SHOT_DIR/NAME.ready` and waits until a screenshot tool deletes
//! it), `armies WHITE.ron BLACK.ron` (a new game between two sets), `workshop FILE` (open the set
//! workshop on a file; `workshop off` closes it), `wpiece NAME [SQ] [f|r|b|l]` (select a piece
//! in the workshop, where it stands and its facing), `flip` (turn the board), `dice guess` (a
//! new standard game with the guess-by-measure-&-step dice), `hide N` (hide the token at place
//! N for a guess throw), `hugdraw` (a new game with the Hug option, drawn by agreement),
//! `setup concealed|turns` (a new game set up that way), `setuppick NAME`, `ready`, `handover`,
//! `screen title|veney|tirachen|kelasu` (go to a screen, as the title's Play buttons do), the Tirachen
//! commands `tnew`, `tchoose`, `thandover`, `tpick`, `tclick`, `tplay`, `thover`, `treview`
//! (below), `tundo` and `treveal` (any grid game: undo; show a finished game's hidden pieces),
//! `tdialog` (any grid game: its "New game…" dialog),
//! the Kelasu commands `knew`, `kmerge`, `kmake` (below), `companion …` (companion mode, below),
//! `secret …` (the secret screen, below), `quit`.
//! Lines starting with `#` are comments.
use crate::packs::veney::game::{Command, CurrentGame};
use bevy::prelude::*;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Resource)]
struct Script {
    lines: Vec<String>,
    next: usize,
    until: Option<Instant>,
    waiting_for: Option<PathBuf>,
    shots: PathBuf,
}

pub fn plugin(app: &mut App) {
    let Some(path) = std::env::var_os("VENEY_SCRIPT") else {
        return;
    };
    // A script that does not read ends the run at once, with the reason and a failing exit
    // status (a review found an empty script run instead, the caller waiting out its deadline
    // and reporting success).
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("VENEY_SCRIPT {}: {e}", PathBuf::from(&path).display());
            std::process::exit(2);
        }
    };
    app.insert_resource(Script {
        lines: text.lines().map(str::to_string).collect(),
        next: 0,
        until: None,
        waiting_for: None,
        shots: std::env::var_os("VENEY_SHOT_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("shots")),
    })
    .add_systems(Update, run.before(crate::packs::veney::game::GameSet));
}

/// The script's other resources and writers (a system takes at most 16 parameters).
type More<'w> = (
    ResMut<'w, crate::host::grid::GridEndingAsk>,
    ResMut<'w, crate::host::grid::ComputerSeats>,
    ResMut<'w, crate::packs::veney::computer::VeneyComputer>,
    MessageWriter<'w, crate::host::table_clock::ClockIntent>,
    MessageWriter<'w, crate::host::companion::CompanionIntent>,
    ResMut<'w, crate::host::companion::view::CompanionUi>,
    MessageWriter<'w, crate::packs::veney::secrets::SecretIntent>,
    ResMut<'w, crate::host::rules_window::RulesWindow>,
    MessageWriter<'w, crate::host::grid::panel::NewGameRequested>,
    ResMut<'w, crate::host::table_clock::TableClock>,
);

fn run(
    mut script: ResMut<Script>,
    mut game: ResMut<CurrentGame>,
    mut out: MessageWriter<Command>,
    mut view: ResMut<crate::packs::veney::board::BoardView>,
    mut dialog: ResMut<crate::packs::veney::panels::NewGameDialog>,
    mut workshop: ResMut<crate::packs::veney::workshop::Workshop>,
    mut exit: MessageWriter<AppExit>,
    mut screens: MessageWriter<crate::host::OpenScreen>,
    grid: Option<Res<crate::host::grid::ActiveMatch>>,
    mut intents: MessageWriter<crate::host::grid::Intent>,
    mut hover: ResMut<crate::host::grid::GridHover>,
    mut tirachen: MessageWriter<crate::packs::tirachen::NewTirachen>,
    mut handed: MessageWriter<crate::packs::tirachen::HandedOver>,
    mut kelasu: MessageWriter<crate::packs::kelasu::NewKelasu>,
    mut merge: MessageWriter<crate::packs::kelasu::merge::MergeIntent>,
    more: More,
) {
    let (
        mut ask,
        mut seats,
        mut veney_seats,
        mut clock,
        mut companion,
        mut companion_ui,
        mut secrets,
        mut rules,
        mut new_grid_game,
        mut table,
    ) = more;
    if let Some(t) = script.until {
        if Instant::now() < t {
            return;
        }
        script.until = None;
    }
    if let Some(f) = &script.waiting_for {
        if f.exists() {
            return;
        }
        script.waiting_for = None;
    }
    let Some(line) = script.lines.get(script.next).cloned() else {
        return;
    };
    script.next += 1;
    let line = line.trim();
    let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    match cmd {
        "" | "#" => {}
        _ if cmd.starts_with('#') => {}
        "wait" => {
            let s: f32 = rest.parse().unwrap_or(1.0);
            script.until = Some(Instant::now() + Duration::from_secs_f32(s));
        }
        "click" => {
            if let Some(sq) = veney_rules::Square::parse(rest) {
                out.write(Command::Click(sq));
            }
        }
        "reserve" => {
            let g = &game.0;
            let side = g.position().turn();
            if let Some(k) = g.rules.set(side).by_name(rest) {
                out.write(Command::SelectReserve(k));
            }
        }
        "roll" => {
            out.write(Command::Roll);
        }
        "turn" => {
            let g = &game.0;
            match veney_rules::notation::parse_turn(&g.rules, g.position(), rest, 1) {
                Ok(acts) => {
                    let mut p = *g.position();
                    let mover = p.turn();
                    for a in &acts {
                        p.play_unchecked(&g.rules, *a);
                        out.write(Command::Play(*a));
                    }
                    // Decline a second move the turn leaves open.
                    if p.turn() == mover
                        && !p.is_game_over()
                        && matches!(
                            p.phase(),
                            veney_rules::Phase::Second { .. }
                                | veney_rules::Phase::Glare
                                | veney_rules::Phase::Hirakamae { .. }
                                | veney_rules::Phase::Reclaim { .. }
                        )
                    {
                        out.write(Command::Play(veney_rules::Action::EndTurn));
                    }
                }
                Err(e) => error!("script turn {rest:?}: {e}"),
            }
        }
        "position" => {
            out.write(Command::SetPosition(rest.to_string()));
        }
        "undo" => {
            out.write(Command::Undo);
        }
        // `record PATH`: "Load record…" from a file.
        "record" => {
            out.write(Command::LoadRecordFile(rest.into()));
        }
        "dialog" => dialog.open = true,
        "flip" => {
            let f = view.flipped;
            view.flipped = !f;
        }
        // `dice guess` (by measure & step) or `dice side` (the high-risk coin toss): a new game.
        "dice" => {
            let mut o = veney_rules::options::RuleOptions::default();
            // `dice side`, `dice paper N` (pen & paper among N numbers), else guess by measure.
            o.dice = match rest.split_once(' ') {
                Some(("paper", n)) => {
                    veney_rules::dice::DiceMethod::PenAndPaper(n.trim().parse().unwrap_or(6))
                }
                _ if rest == "side" => veney_rules::dice::DiceMethod::GuessSide,
                _ => veney_rules::dice::DiceMethod::GuessMeasureStep,
            };
            let std = crate::packs::veney::game::standard_set_path();
            out.write(Command::NewGameWith(o, [std.clone(), std]));
        }
        // `donkeygame`: a new game with the Donkey agreed (§2.0.23), for its screens.
        "donkeygame" => {
            let o = veney_rules::options::RuleOptions {
                donkey: true,
                ..Default::default()
            };
            let std = crate::packs::veney::game::standard_set_path();
            out.write(Command::NewGameWith(o, [std.clone(), std]));
        }
        "setup" => {
            let mut o = veney_rules::options::RuleOptions::default();
            o.setup_style = if rest == "turns" {
                veney_rules::setup_styles::SetupStyle::InTurns
            } else {
                veney_rules::setup_styles::SetupStyle::Concealed
            };
            let std = crate::packs::veney::game::standard_set_path();
            out.write(Command::NewGameWith(o, [std.clone(), std]));
        }
        "setuppick" => {
            let side = game.0.position().turn();
            if let Some(k) = game.0.rules.set(side).by_name(rest) {
                out.write(Command::SetupPick(k));
            }
        }
        "ready" => {
            out.write(Command::SetupReady);
        }
        "handover" => {
            out.write(Command::SetupHandover);
        }
        "hide" => {
            if let Ok(n) = rest.parse::<u8>() {
                out.write(Command::Hide(n.saturating_sub(1)));
            }
        }
        // `hugdraw [WHITE BLACK]`: an agreed draw under the Hug, the armies by set name.
        "hugdraw" => {
            let mut o = veney_rules::options::RuleOptions::default();
            o.hug = true;
            let armies: Vec<PathBuf> = rest
                .split_whitespace()
                .map(|n| PathBuf::from(format!("config/sets/{n}.ron")))
                .collect();
            let rules = match armies.as_slice() {
                [w, b] => crate::packs::veney::game::rules_for(&[w.clone(), b.clone()], o),
                _ => crate::packs::veney::game::rules_with(o),
            };
            if let Ok(r) = rules {
                let r = std::sync::Arc::new(r);
                let start = veney_rules::Position::start(&r);
                let mut g = veney_rules::Game::from_position_seeded(r, start, 1);
                g.agree_draw();
                game.0 = g;
            }
        }
        // `hugcall`: with sand and the Hug, White's untenable quiet move ends the hundredth
        // quiet turn: the draw's Hug screen, with Black's call still open (§2.0.22).
        // `hugcall` (a time penalty), `hugcall reset` (a Delayed Reset): the Hug's screen over
        // a draw an untenable move made, the call open.
        "hugcall" => {
            let o = veney_rules::options::RuleOptions {
                hug: true,
                untenable: if rest.trim() == "reset" {
                    veney_rules::options::UntenablePolicy::DelayedReset
                } else {
                    veney_rules::options::UntenablePolicy::TimePenalty
                },
                no_contest_turns: Some(100),
                ..Default::default()
            };
            if let Ok(r) = crate::packs::veney::game::rules_with(o) {
                let r = std::sync::Arc::new(r);
                let text = format!("{} quiet=99", veney_rules::Position::start(&r).to_text(&r));
                if let Ok(start) = veney_rules::Position::from_text(&r, &text) {
                    let drawn = veney_rules::penalty::untenable_actions(&r, &start)
                        .into_iter()
                        .find_map(|a| {
                            let mut g =
                                veney_rules::Game::from_position_seeded(r.clone(), start, 1);
                            g.attempt(a).ok()?;
                            if !g.position().at_turn_start() {
                                g.play(veney_rules::Action::EndTurn).ok()?;
                            }
                            (g.position().outcome().is_some() && g.callable()).then_some(g)
                        });
                    if let Some(g) = drawn {
                        game.0 = g;
                    }
                }
            }
        }
        // `view N`: Veney's move list shows the position after N turns (`view live`: back).
        "view" => {
            out.write(Command::View(rest.trim().parse().ok()));
        }
        // `sandcall`: between people under a Delayed Reset, White's untenable first move made,
        // open to call (the panel's two calls, §2.0.22).
        "sandcall" => {
            let o = veney_rules::options::RuleOptions {
                untenable: veney_rules::options::UntenablePolicy::DelayedReset,
                ..Default::default()
            };
            if let Ok(r) = crate::packs::veney::game::rules_with(o) {
                let r = std::sync::Arc::new(r);
                let start = veney_rules::Position::start(&r);
                let mut g = veney_rules::Game::from_position_seeded(r.clone(), start, 1);
                if let Some(a) = veney_rules::penalty::untenable_actions(&r, &start).first()
                    && g.attempt(*a).is_ok()
                {
                    game.0 = g;
                }
            }
        }
        "armies" => {
            let mut it = rest.split_whitespace();
            if let (Some(w), Some(b)) = (it.next(), it.next()) {
                out.write(Command::NewGameWith(
                    veney_rules::options::RuleOptions::default(),
                    [PathBuf::from(w), PathBuf::from(b)],
                ));
            }
        }
        "workshop" if rest == "off" => workshop.open = false,
        "workshop" => {
            workshop.choose(PathBuf::from(rest));
            workshop.open = true;
        }
        "wpiece" => {
            let mut it = rest.split_whitespace();
            let name = it.next().unwrap_or("");
            let k = workshop.set.as_ref().and_then(|s| s.by_name(name));
            workshop.piece = k;
            if let Some(sq) = it.next().and_then(veney_rules::Square::parse) {
                workshop.at = sq;
            }
            if let Some(f) = it.next().and_then(|f| {
                veney_rules::notation::FACING_CHARS
                    .iter()
                    .position(|c| f.starts_with(*c))
            }) {
                workshop.facing = f as u8;
            }
        }
        "shot" => {
            let _ = std::fs::create_dir_all(&script.shots);
            let f = script.shots.join(format!("{rest}.ready"));
            let _ = std::fs::write(&f, rest);
            // Let the frame settle before the screenshot is taken.
            script.waiting_for = Some(f);
            script.until = Some(Instant::now() + Duration::from_millis(300));
        }
        "screen" => {
            let s = match rest {
                "veney" => Some(crate::host::Screen::Veney),
                "tirachen" => Some(crate::host::Screen::Tirachen),
                "kelasu" => Some(crate::host::Screen::Kelasu),
                "title" => Some(crate::host::Screen::Title),
                _ => None,
            };
            match s {
                Some(s) => {
                    screens.write(crate::host::OpenScreen(s));
                }
                None => warn!("script: unknown screen {rest:?}"),
            }
        }
        // Tirachen (the grid host): `tnew open|secret [POSITION TEXT]`, `tchoose ARMS SPELLS HUNT`,
        // `thandover`, `tpick CODE` (from the deciding player's tray), `tclick CELL`,
        // `tplay TEXT` (an action by its notation), `thover CELL`, `tflip`, `treview N` (a click on
        // turn N of the move list) or `treview live` ("Return to live").
        "tnew" => {
            let (mode, pos) = rest.split_once(' ').unwrap_or((rest, ""));
            let mut options = tirachen_rules::TirachenOptions::default();
            if mode == "secret" {
                options.masters = tirachen_rules::MasterChoice::Secret;
            }
            tirachen.write(crate::packs::tirachen::NewTirachen {
                options,
                position: Some(pos.to_string()).filter(|p| !p.is_empty()),
            });
        }
        "tchoose" => {
            let n: Vec<u8> = rest
                .split_whitespace()
                .filter_map(|x| x.parse().ok())
                .collect();
            let masters = (n.len() == 3)
                .then(|| tirachen_rules::Masters::new(n[0], n[1], n[2]))
                .flatten();
            match (masters, &grid) {
                (Some(ms), Some(g)) => match crate::packs::tirachen::choice_index(g, ms) {
                    Some(i) => {
                        intents.write(crate::host::grid::Intent::Play(i));
                    }
                    None => warn!("script: {ms} is not offered now"),
                },
                _ => warn!("script: tchoose needs three counts totalling 9 and a game"),
            }
        }
        "thandover" => {
            if let Some(p) = grid.as_ref().and_then(|g| g.decider()) {
                handed.write(crate::packs::tirachen::HandedOver(p));
            }
        }
        "tpick" => {
            if let Some(p) = grid.as_ref().and_then(|g| g.decider()) {
                intents.write(crate::host::grid::Intent::PickReserve {
                    owner: p,
                    kind: rest.to_string(),
                });
            }
        }
        "tclick" | "thover" => {
            let cell = grid.as_ref().and_then(|g| {
                let b = g.game.board();
                (0..b.cells() as u16)
                    .map(game_api::Cell)
                    .find(|c| b.cell_name(*c) == rest)
            });
            match (cmd, cell) {
                ("tclick", Some(c)) => {
                    intents.write(crate::host::grid::Intent::Click(c));
                }
                ("thover", Some(c)) => hover.0 = Some(c),
                _ => warn!("script: no cell {rest:?}"),
            }
        }
        "treview" => {
            let steps = match (rest, &grid) {
                ("live", _) => Ok(None),
                (n, Some(g)) => {
                    let turns = g.game.turns(g.viewer());
                    match n.parse::<usize>() {
                        Ok(n) if (1..=turns.len()).contains(&n) => Ok(Some(
                            crate::host::grid::turn_end(&turns, n - 1, g.game.history_len()),
                        )),
                        _ => Err(()),
                    }
                }
                _ => Err(()),
            };
            match steps {
                Ok(s) => {
                    intents.write(crate::host::grid::Intent::Review(s));
                }
                Err(()) => warn!("script: no turn {rest:?} to review"),
            }
        }
        // `tcomputer SEAT0 SEAT1`: `person` or a level (beginner … strongest) for each seat;
        // `thint`: the hint key.
        "tcomputer" | "vcomputer" => {
            let level = |w: &str| {
                game_ai::Level::ALL
                    .into_iter()
                    .find(|l| l.name().split_whitespace().next() == Some(w))
            };
            let words: Vec<&str> = rest.split_whitespace().collect();
            for (i, w) in words.iter().take(2).enumerate() {
                if cmd == "tcomputer" {
                    seats.0[i] = level(w);
                } else {
                    veney_seats.0[i] = level(w);
                }
            }
        }
        "thint" => {
            intents.write(crate::host::grid::Intent::Hint);
        }
        "hint" => {
            out.write(Command::Hint);
        }
        // `clock toggle|start|pause|press N|asknew|perturn SECONDS`: the table clock.
        "clock" => {
            use crate::host::table_clock::ClockIntent;
            let words: Vec<&str> = rest.split_whitespace().collect();
            match words.as_slice() {
                ["toggle"] => {
                    clock.write(ClockIntent::Toggle);
                }
                ["start"] => {
                    clock.write(ClockIntent::Start);
                }
                ["pause"] => {
                    clock.write(ClockIntent::Pause);
                }
                ["press", n] => {
                    clock.write(ClockIntent::Press(n.parse().unwrap_or(0)));
                }
                // "New clock…" pressed: the faces ask first.
                ["asknew"] => table.asking_new = true,
                // The setup form's limit a turn, `seconds` each.
                ["perturn", seconds] => {
                    table.setup.kind = crate::host::table_clock::ControlKind::PerTurn;
                    table.setup.seconds = seconds.parse().unwrap_or(5);
                }
                _ => warn!("script: clock {rest:?}?"),
            }
        }
        // `companion …`: companion mode (`host/companion`): see `companion_command`.
        "companion" => companion_command(rest, &mut companion, &mut companion_ui, &mut out),
        // `secret …`: the secret screen (`packs/veney/secrets.rs`): see `secret_command`.
        "secret" => secret_command(rest, &mut out, &mut secrets),
        "tundo" => {
            intents.write(crate::host::grid::Intent::Undo);
        }
        "treveal" => {
            intents.write(crate::host::grid::Intent::Reveal);
        }
        // Any grid game: its panel's "New game…" (the dialog over the game in progress).
        "tdialog" => {
            if let Some(g) = &grid {
                new_grid_game.write(crate::host::grid::panel::NewGameRequested(g.screen));
            }
        }
        "tflip" => {
            intents.write(crate::host::grid::Intent::Flip);
        }
        "tplay" => {
            let i = grid
                .as_ref()
                .and_then(|g| g.actions().iter().position(|a| a.text == rest));
            match i {
                Some(i) => {
                    intents.write(crate::host::grid::Intent::Play(i));
                }
                None => warn!("script: {rest:?} is not offered now"),
            }
        }
        // Any grid game: `tresign ask` (the panel's confirmation), `tresign` (the player deciding
        // now resigns), `tdraw offer|accept|decline`.
        "tresign" | "tdraw" => {
            use crate::host::grid::Intent;
            let Some(g) = grid.as_ref() else {
                warn!("script: {cmd} needs a grid game");
                return;
            };
            let me = crate::host::grid::endings::speaker(g);
            match (cmd, rest) {
                ("tresign", "ask") => ask.resign = Some(me),
                ("tresign", "") => {
                    intents.write(Intent::Resign(me));
                }
                ("tdraw", "offer") => {
                    intents.write(Intent::OfferDraw(me));
                }
                ("tdraw", "accept" | "decline") => {
                    intents.write(Intent::AnswerDraw(rest == "accept"));
                }
                _ => warn!("script: {cmd} {rest:?}?"),
            }
        }
        // Kelasu: `knew [POSITION TEXT]` (a game on the text's default options), `kmerge` (open
        // or close the merge builder; clicks then gather Blanks), `kmake LETTER` (the piece the
        // gathered Blanks make). Moves are `tclick`/`tplay`.
        "knew" => {
            kelasu.write(crate::packs::kelasu::NewKelasu {
                options: kelasu_rules::KelasuOptions::default(),
                position: Some(rest.to_string()).filter(|p| !p.is_empty()),
            });
        }
        "kmerge" => {
            merge.write(crate::packs::kelasu::merge::MergeIntent::Toggle);
        }
        "kmake" => match rest
            .chars()
            .next()
            .and_then(kelasu_rules::Kind::from_letter)
        {
            Some(k) => {
                merge.write(crate::packs::kelasu::merge::MergeIntent::Make(k));
            }
            None => warn!("script: no piece {rest:?}"),
        },
        // `offerdraw`: Veney's "Offer a draw" (§2.0.21).
        "offerdraw" => {
            out.write(Command::OfferDraw);
        }
        // `rules`: the "Rules…" button of the game shown (a grid game's, else Veney's).
        "rules" => match &grid {
            Some(m) if rest != "veney" => rules.toggle(m.game.title(), m.game.rules_brief()),
            _ => rules.toggle("Veney", veney_rules::BRIEF),
        },
        "quit" => {
            exit.write(AppExit::Success);
        }
        other => warn!("script: unknown command {other:?}"),
    }
}

/// `companion toggle` (show or hide its window), `companion large on|off`, `companion captions
/// on|off`, `companion type TEXT` (typed in the notation field, not yet entered: the completion
/// shows), `companion enter TEXT` (a move entered), `companion roll sticks|coin|d6|donkey`,
/// `companion hand KIND N` (a physical throw logged), `companion gameroll` (the game's throw),
/// `companion call` (call the last move untenable), `companion sand` (a new Veney game played
/// with sand: untenable moves cost the turn, §2.0.22).
fn companion_command(
    rest: &str,
    out: &mut MessageWriter<crate::host::companion::CompanionIntent>,
    ui: &mut crate::host::companion::view::CompanionUi,
    veney: &mut MessageWriter<Command>,
) {
    use crate::host::companion::{CompanionIntent as C, RollKind};
    let (word, arg) = rest.split_once(' ').unwrap_or((rest, ""));
    let kind = |w: &str| match w {
        "sticks" => Some(RollKind::Sticks),
        "coin" => Some(RollKind::Coin),
        "d6" => Some(RollKind::D6),
        "donkey" => Some(RollKind::Donkey),
        _ => None,
    };
    match (word, arg.trim()) {
        ("toggle", _) => {
            out.write(C::Toggle);
        }
        ("large", on) => {
            out.write(C::LargeType(on != "off"));
        }
        ("captions", on) => {
            out.write(C::Captions(on != "off"));
        }
        ("type", text) => ui.entry = text.to_string(),
        ("enter", text) => {
            out.write(C::Enter(text.to_string()));
        }
        ("roll", k) => match kind(k) {
            Some(k) => {
                out.write(C::Roll(k));
            }
            None => warn!("script: companion roll {k:?}?"),
        },
        ("hand", a) => {
            let mut it = a.split_whitespace();
            match (
                it.next().and_then(kind),
                it.next().and_then(|n| n.parse().ok()),
            ) {
                (Some(k), Some(n)) => {
                    out.write(C::HandRoll(k, n));
                }
                _ => warn!("script: companion hand {a:?}?"),
            }
        }
        ("gameroll", _) => {
            out.write(C::GameRoll);
        }
        ("call", _) => {
            out.write(C::Call);
        }
        ("sand", _) => {
            let o = veney_rules::options::RuleOptions {
                untenable: veney_rules::options::UntenablePolicy::TurnPenalty,
                ..Default::default()
            };
            let std = crate::packs::veney::game::standard_set_path();
            veney.write(Command::NewGameWith(o, [std.clone(), std]));
        }
        _ => warn!("script: companion {rest:?}?"),
    }
}

/// `secret hugpick self|dagger` (White's hidden choice in a Hug), `secret hug self|dagger`
/// (Black's), `secret guess N` (the thrower's guess, after `hide N`), `secret handdraw` (a new
/// game whose first player is drawn by a hidden hand), `secret hold left|right` (White's hand),
/// `secret handguess left|right` (Black's guess), `secret handover` (the hand-over screen
/// confirmed), `secret seen` (the reveal seen).
fn secret_command(
    rest: &str,
    out: &mut MessageWriter<Command>,
    secrets: &mut MessageWriter<crate::packs::veney::secrets::SecretIntent>,
) {
    use crate::packs::veney::secrets::{Hand, SecretIntent};
    use veney_rules::hug::HugChoice;
    let (what, arg) = rest.split_once(' ').unwrap_or((rest, ""));
    let hug = if arg == "dagger" {
        HugChoice::Betray
    } else {
        HugChoice::Hug
    };
    let hand = if arg == "right" {
        Hand::Right
    } else {
        Hand::Left
    };
    match what {
        "hugpick" => {
            out.write(Command::HugPick(hug));
        }
        "hug" => {
            out.write(Command::Hug(hug));
        }
        "guess" => {
            if let Ok(n) = arg.parse::<u8>() {
                out.write(Command::Guess(n.saturating_sub(1)));
            }
        }
        "handdraw" => {
            let o = veney_rules::options::RuleOptions {
                first_by: veney_rules::setup_styles::FirstPlayerMethod::RandomDraw,
                ..Default::default()
            };
            let std = crate::packs::veney::game::standard_set_path();
            secrets.write(SecretIntent::HandDraw(o, [std.clone(), std]));
        }
        "hold" => {
            secrets.write(SecretIntent::Hold(hand));
        }
        "handguess" => {
            secrets.write(SecretIntent::GuessHand(hand));
        }
        // The side named does not matter to the screen: whoever is asked confirms.
        "handover" => {
            secrets.write(SecretIntent::HandedOver(veney_rules::Side::Black));
        }
        "seen" => {
            secrets.write(SecretIntent::Seen);
        }
        _ => warn!("script: secret {rest:?}?"),
    }
}
