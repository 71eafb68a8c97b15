//! Companion mode for every grid game (Tirachen, Kelasu, and each later one): the feed from the
//! active match (`AnyMatch::actions`' notation, whose turn and the turn number, the last move,
//! the trays), a move typed in notation played through the grid host's own `Intent::Play` (so it
//! sounds, autosaves and waits for the computer as a click does), a refusal in the rules' words
//! (`AnyMatch::play_text`'s `Refusal` names the rule), and each played action announced. A pack
//! adds its game's own memory items through `GridMemoryHooks`.
use super::{Announce, Companion, CompanionFeed, CompanionIntent, EntryVerdict, Verdict};
use crate::host::grid::{ActiveMatch, GridGameSet, GridPlayed, GridSystems, Intent};
use bevy::prelude::*;
use game_api::{Decision, PlayError};

/// What a grid game adds to the memory window: each pack registers a function that reads its own
/// typed match (`AnyMatch::as_any`) and returns its rows, or none for another game's match.
#[derive(Resource, Default)]
pub struct GridMemoryHooks(pub Vec<MemoryHook>);

/// One pack's memory items: (label, value) rows read from the match, none for another game.
pub type MemoryHook = fn(&ActiveMatch) -> Vec<(String, String)>;

impl GridMemoryHooks {
    /// Adds a pack's memory items to the memory window (call from the pack's plugin).
    pub fn register(app: &mut App, hook: MemoryHook) {
        app.init_resource::<GridMemoryHooks>()
            .world_mut()
            .resource_mut::<GridMemoryHooks>()
            .0
            .push(hook);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GridMemoryHooks>()
        .add_systems(
            Update,
            (
                answer.before(GridGameSet).after(super::CompanionAsks),
                (
                    announce,
                    feed.run_if(
                        crate::host::grid::match_changed
                            .or_eager(resource_changed::<Companion>)
                            .or_eager(state_changed::<crate::host::Screen>)
                            .or_eager(resource_changed::<crate::host::grid::GridReview>)
                            .or_eager(resource_changed::<crate::host::grid::ComputerSeats>),
                    ),
                )
                    .chain()
                    .after(GridGameSet),
            )
                .in_set(GridSystems),
        )
        .add_systems(
            Update,
            forget_at_hand_over.after(GridGameSet).in_set(GridSystems),
        );
}

/// When the seat deciding changes, or whose view the board shows (a hand-over; a draw offer
/// answered over a board showing nobody's secrets), the arrow keys' pick goes (the next seat's
/// list is another); in a game with secrets what one seat typed or was refused goes too: the
/// entry, and a refusal, whose reason may name the hidden choice typed or what the seat has
/// not got ("you have no undeployed master of spells"; reviews found both left on the shared
/// screen for the next player, and for the answerer of a draw offer). A tenable sealed choice's
/// verdict names no text and stays.
fn forget_at_hand_over(
    m: Option<Res<ActiveMatch>>,
    mut seen: Local<Option<(u64, Option<game_api::Player>, game_api::Viewer)>>,
    mut verdict: ResMut<EntryVerdict>,
    ui: Option<ResMut<super::view::CompanionUi>>,
) {
    let Some(m) = m else { return };
    let now = (m.generation, m.decider(), m.viewer());
    let changed = seen.is_some_and(|s| s != now);
    *seen = Some(now);
    if !changed {
        return;
    }
    if let Some(mut ui) = ui {
        ui.picked = None;
        if m.secrets {
            ui.entry.clear();
        }
    }
    if m.secrets && matches!(verdict.0, Some(Verdict::Refused { .. })) {
        verdict.0 = None;
    }
}

/// The number of the turn under way, as the record numbers it: both players' turns of a pair
/// share one number (`3.` and `3...`; a review found each player's turn counted apart). The
/// turns recorded so far, and one more unless the last turn goes on (a turn of several actions
/// by one player — Kelasu's energy, Tirachen's Traitor extra move — is one; a player's sealed
/// choice and its first move are two: a review found White's first move after its seal shown
/// as the seal's turn).
pub fn turn_number(m: &ActiveMatch) -> String {
    let turns = m.game.turns(m.viewer());
    let over = matches!(m.game.decision(), Decision::Over(_));
    let i = match turns.last() {
        Some(_) if m.game.turn_goes_on() => turns.len() - 1,
        // At the end, the last turn played (a review found a turn that never began shown).
        Some(_) if over => turns.len() - 1,
        _ => turns.len(),
    };
    m.game.turn_label(i).trim_end_matches('.').to_string()
}

/// The last action as the one looking at the board may see it (a sealed choice of the other
/// seat stays sealed: the record's own hidden token).
fn last_shown(m: &ActiveMatch) -> Option<String> {
    m.game
        .turns(m.viewer())
        .last()
        .and_then(|t| t.tokens.last().cloned())
}

/// The memory items of a grid match: whose turn and its number, the moves played, the last
/// move, the trays.
pub fn memory(m: &ActiveMatch) -> Vec<(String, String)> {
    let g = &m.game;
    let viewer = m.viewer();
    let mut rows = Vec::new();
    let who = match g.decision() {
        Decision::Player(p) => g.player_name(p),
        Decision::Simultaneous { waiting } => {
            let names: Vec<String> = waiting.iter().map(|p| g.player_name(p)).collect();
            format!("{} (sealed)", names.join(" and "))
        }
        Decision::Chance => "chance".into(),
        Decision::Over(o) => format!("nobody — game over: {}", o.reason),
    };
    rows.push(("To move".into(), who));
    rows.push(("Turn".into(), turn_number(m)));
    rows.push(("Actions played".into(), g.history_len().to_string()));
    rows.push((
        "Last move".into(),
        last_shown(m).unwrap_or_else(|| "none yet".into()),
    ));
    for r in g.reserves(viewer) {
        let items: Vec<String> = r
            .entries
            .iter()
            .map(|(_, name, n)| format!("{name} ×{n}"))
            .collect();
        rows.push((
            format!("{} {}", g.player_name(r.owner), r.label),
            if items.is_empty() {
                "empty".into()
            } else {
                items.join(", ")
            },
        ));
    }
    // In words, as the move list writes it (a review found the internal form shown,
    // `Resigns(Player(1))`).
    if let Some(text) = g.declared_text() {
        rows.push(("Declared".into(), text));
    }
    rows
}

/// Why nothing may be entered now, if so: the move list is reviewed, the computer is to move,
/// or the seat deciding is not the one whose board is shown (a draw offer being answered, a
/// hand-over not yet confirmed). A review found the suggestions listing the computer's hidden
/// masters and a refused entry answered "played".
fn entry_closed(
    m: &ActiveMatch,
    seats: &crate::host::grid::ComputerSeats,
    review: &crate::host::grid::GridReview,
) -> Option<String> {
    if review.0.is_some() {
        return Some(crate::host::grid::review::RETURN_FIRST.into());
    }
    let p = m.decider()?;
    if seats.plays(p).is_some() {
        return Some("the computer is to move: wait for its move".into());
    }
    match m.viewer() {
        game_api::Viewer::Referee => None,
        game_api::Viewer::Player(v) if v == p => None,
        _ => Some(format!(
            "{} decides now, and the board shown is not theirs: hand it over first",
            m.game.player_name(p)
        )),
    }
}

fn feed(
    m: Res<ActiveMatch>,
    c: Res<Companion>,
    hooks: Res<GridMemoryHooks>,
    seats: Res<crate::host::grid::ComputerSeats>,
    review: Res<crate::host::grid::GridReview>,
    mut feed: ResMut<CompanionFeed>,
) {
    if !c.on {
        return;
    }
    let mut rows = memory(&m);
    for h in &hooks.0 {
        rows.extend(h(&m));
    }
    // The actions offered are the decider's: listed only when they may be entered by whoever
    // sits at the board.
    let (moves, warned) = if entry_closed(&m, &seats, &review).is_none() {
        let actions = m.actions();
        (
            actions.iter().map(|a| a.text.clone()).collect(),
            actions
                .iter()
                .filter(|a| a.warns)
                .map(|a| a.text.clone())
                .collect(),
        )
    } else {
        (Vec::new(), Vec::new())
    };
    *feed = CompanionFeed {
        game: m.game.title().to_string(),
        moves,
        memory: rows,
        chance: matches!(m.game.decision(), Decision::Chance)
            .then(|| "draw what chance decides".to_string()),
        call: None,
        donkey: false,
        warned,
    };
}

/// A move typed in notation: the action of that notation is played by the host (as a click
/// would); any other text goes to the rules, which read it (another spelling of a legal action)
/// or say which rule refuses it.
fn answer(
    mut intents: MessageReader<CompanionIntent>,
    mut m: ResMut<ActiveMatch>,
    mut out: MessageWriter<Intent>,
    mut verdict: ResMut<EntryVerdict>,
    mut roller: ResMut<super::Roller>,
    mut announce: MessageWriter<Announce>,
    blocked: Res<crate::host::grid::GridBlocked>,
    (seats, review): (
        Res<crate::host::grid::ComputerSeats>,
        Res<crate::host::grid::GridReview>,
    ),
) {
    for i in intents.read() {
        let closed = entry_closed(&m, &seats, &review);
        match i {
            // Under a pack's screen over the board (Tirachen's hand-over) nothing is played: say
            // so rather than "played" (the host refuses the play it would send).
            CompanionIntent::Enter(text) if blocked.0 && !text.trim().is_empty() => {
                verdict.0 = Some(Verdict::Refused {
                    text: "the entry".into(),
                    why: "the screen over the board comes first (close it, or hand the board over)"
                        .into(),
                });
            }
            CompanionIntent::Enter(text) if !text.trim().is_empty() && closed.is_some() => {
                verdict.0 = Some(Verdict::Refused {
                    text: "the entry".into(),
                    why: closed.unwrap_or_default(),
                });
            }
            CompanionIntent::Enter(text) if !text.trim().is_empty() => {
                let text = text.trim().to_string();
                let v = enter(m.bypass_change_detection(), &text, &mut out);
                verdict.0 = Some(v);
            }
            CompanionIntent::GameRoll => {
                if let Some(t) = m.game.draw_chance() {
                    roller.log_game(m.game.title().into(), t.clone(), false);
                    announce.write(Announce(format!("Chance: {t}")));
                }
            }
            _ => {}
        }
    }
}

fn enter(m: &mut ActiveMatch, text: &str, out: &mut MessageWriter<Intent>) -> Verdict {
    // A sealed choice (Tirachen's secret masters) is the typist's alone: the verdict, left on
    // the screen for whoever sits down next, names it without its text (a review found the
    // choice shown to the next player).
    let sealed = match m.game.decision() {
        Decision::Simultaneous { .. } => m.decider().map(|p| m.game.player_name(p)),
        _ => None,
    };
    let actions = m.actions();
    if let Some(i) = actions.iter().position(|a| a.text == text) {
        out.write(Intent::Play(i));
        return secret_kept(&sealed, Verdict::Tenable(text.into()));
    }
    let v = read_by_rules(m, text, out);
    secret_kept(&sealed, v)
}

/// What the verdict of an entry may show: under a simultaneous decision (`sealed` names the
/// seat choosing), the seat's sealed choice without its text.
fn secret_kept(sealed: &Option<String>, v: Verdict) -> Verdict {
    match (sealed, v) {
        (None, v) => v,
        (Some(who), Verdict::Tenable(_)) => Verdict::Tenable(format!("{who}'s sealed choice")),
        (Some(_), Verdict::Refused { why, .. }) => Verdict::Refused {
            text: "a sealed choice".into(),
            why,
        },
        (Some(_), v) => v,
    }
}

/// Text that is not an offered action's own: read by the rules.
fn read_by_rules(m: &mut ActiveMatch, text: &str, out: &mut MessageWriter<Intent>) -> Verdict {
    // Read by the rules on a copy of the match: the host plays it on the match itself (played
    // and taken back on the match, it emptied the redo list; a review found Ctrl+Y then playing
    // the typed move instead of the moves undone).
    let seat = m.decider();
    let mut probe = m.game.clone_match();
    match probe.play_text(text) {
        Ok(()) => {
            // The typist's own action, read back whole.
            let played = probe
                .last_action(game_api::Viewer::Referee)
                .map(|a| a.text)
                .unwrap_or_default();
            // A sealed choice typed for another seat (`2|…` while the first still chooses):
            // the host plays the actions of the seat it asks, so it must not pass as that one's.
            let other_seat = matches!(probe.decision(), Decision::Simultaneous { waiting }
                if seat.is_some_and(|p| waiting.contains(p)));
            if let Some(p) = seat.filter(|_| other_seat) {
                return Verdict::Refused {
                    text: text.into(),
                    why: format!(
                        "{} enters a sealed choice first: the choices are entered in seat order",
                        m.game.player_name(p)
                    ),
                };
            }
            match m.actions().iter().position(|a| a.text == played) {
                Some(i) => {
                    out.write(Intent::Play(i));
                    Verdict::Tenable(played)
                }
                None => Verdict::Refused {
                    text: text.into(),
                    why: "the rules read it, but it is not among the actions offered now".into(),
                },
            }
        }
        Err(PlayError::Text(e)) => Verdict::Refused {
            text: text.into(),
            why: e.to_string(),
        },
        Err(PlayError::Refused(r)) => Verdict::Refused {
            text: text.into(),
            why: r.to_string(),
        },
    }
}

/// Each action played through the grid host, announced with its player; an ending declared
/// (a resignation, an agreed draw, a fallen flag) is announced too.
fn announce(
    mut played: MessageReader<GridPlayed>,
    m: Res<ActiveMatch>,
    mut out: MessageWriter<Announce>,
    mut was_over: Local<Option<bool>>,
    mut seen: Local<Option<(u64, usize)>>,
    mut verdict: ResMut<EntryVerdict>,
) {
    // What takes the table back is announced too — an undo, an ending withdrawn, another game
    // begun or loaded — and the last entry's verdict goes with it (a review found "Game over"
    // still captioned over a game played on).
    let len = m.game.history_len();
    let over_now = matches!(m.game.decision(), Decision::Over(_));
    let next = match m.decider() {
        Some(p) => format!("{} to move", m.game.player_name(p)),
        None => "play on".into(),
    };
    let other = || format!("{}: {next}", m.game.title());
    let back = super::went_back(&mut *seen, m.generation, len, other, &next).or_else(|| {
        (*was_over == Some(true) && !over_now).then(|| format!("The ending is taken back: {next}"))
    });
    if let Some(b) = back {
        out.write(Announce(b));
        verdict.0 = None;
        *was_over = Some(over_now);
        played.clear();
        return;
    }
    let mut ended_by_move = false;
    let events: Vec<&GridPlayed> = played.read().collect();
    // Each action as the viewer may see it (a sealed choice stays sealed): the record's last
    // tokens, one an action, in order.
    let tokens: Vec<String> = m
        .game
        .turns(m.viewer())
        .into_iter()
        .flat_map(|t| t.tokens)
        .collect();
    for (i, p) in events.iter().enumerate() {
        let who = m
            .game
            .turns(m.viewer())
            .last()
            .and_then(|t| t.player)
            .map(|p| m.game.player_name(p))
            .unwrap_or_else(|| "Chance".into());
        let shown = (tokens.len() + i)
            .checked_sub(events.len())
            .and_then(|k| tokens.get(k).cloned())
            .unwrap_or_else(|| p.text.clone());
        let mut s = format!("{who}: {shown}");
        if p.captures > 0 {
            s.push_str(" — takes");
        }
        if let Decision::Over(o) = m.game.decision() {
            s.push_str(&format!(" — game over: {}", o.reason));
            ended_by_move = true;
        }
        out.write(Announce(s));
    }
    let decision = m.game.decision();
    let over = matches!(decision, Decision::Over(_));
    if let (Some(false), Decision::Over(o)) = (*was_over, &decision)
        && !ended_by_move
    {
        out.write(Announce(format!("Game over: {}", o.reason)));
    }
    *was_over = Some(over);
}
