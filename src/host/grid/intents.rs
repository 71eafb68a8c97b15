//! The game layer of the grid host: intents from the mouse, keyboard, panel or a test, matched
//! against the match's `actions()` by their cells. The host never decides legality: a click that
//! matches no action is explained by the match (`explain_move`), and playing is `play_index`.
use super::review::{GridReview, RETURN_FIRST};
use super::{ActiveMatch, GridChoice, GridGameSet, GridSelection, GridStatus, GridView, Pick};
use crate::host::audio::{Cue, PlayCue};
use bevy::prelude::*;
use game_api::{ActionView, Cell, Player};

/// What the player wants.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// A click on a board cell: pick up the piece there, or play the picked piece there.
    Click(Cell),
    /// A click on a tray entry: pick up a piece of this kind code from `owner`'s tray.
    PickReserve {
        owner: Player,
        kind: String,
    },
    /// Play the action at this index of `actions()` (a button, or the answer to a choice).
    Play(usize),
    /// Drop the pick and any open choice.
    Cancel,
    Undo,
    Redo,
    Save,
    Load,
    Flip,
    /// Show the position after this many actions of the history (a click on a turn of the move
    /// list); `None`: back to the live game.
    Review(Option<usize>),
    /// This player resigns (confirmed): the game ends (`endings.rs`).
    Resign(Player),
    /// This player offers a draw; the other answers.
    OfferDraw(Player),
    /// The answer to the draw offered: accepted (the game is drawn) or declined.
    AnswerDraw(bool),
    /// The computer plays the action at this index of `actions()` for its seat.
    PlayComputer(usize),
    /// A hint for the player deciding now (H): the computer's best action (`computer.rs`).
    Hint,
    /// At the end of a game with secrets, show every hidden piece: the game is then over for
    /// good (undo would play on knowing them, `ActiveMatch::revealed`).
    Reveal,
    /// The computer on every seat goes on after an Undo paused it (`computer::GridPause`).
    PlayOn,
}

/// Said of a person's click, key or merge on the computer's turn.
pub const COMPUTER_TO_MOVE: &str = "the computer is to move: wait for its move (or undo)";

/// Why undo is refused once a finished game's secrets were shown.
pub const REVEALED: &str =
    "the hidden pieces were shown at the game's end: it cannot be played on (start a new game)";

/// An action was played through the grid host.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct GridPlayed {
    pub text: String,
    pub captures: usize,
    pub game_over: bool,
    /// Who played it, and who acts after it (the turn ended when they differ).
    pub by: Option<game_api::Actor>,
    pub next: Option<game_api::Actor>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<GridPlayed>()
        .add_systems(Update, apply.in_set(GridGameSet));
}

/// Actions from `pick` to `to`, by index (the pack's own dialog's kinds left out).
fn matching(m: &ActiveMatch, actions: &[ActionView], pick: Option<&Pick>, to: Cell) -> Vec<usize> {
    actions
        .iter()
        .enumerate()
        .filter(|(_, a)| a.cells.to == Some(to) && m.on_board(a))
        .filter(|(_, a)| match pick {
            Some(p) => super::highlights::from_pick(a, p),
            None => a.cells.from.is_none() && a.cells.from_reserve.is_none(),
        })
        .map(|(i, _)| i)
        .collect()
}

#[allow(clippy::too_many_arguments)]
pub fn apply(
    mut intents: MessageReader<Intent>,
    mut m: ResMut<ActiveMatch>,
    mut sel: ResMut<GridSelection>,
    mut choice: ResMut<GridChoice>,
    mut status: ResMut<GridStatus>,
    mut view: ResMut<GridView>,
    mut review: ResMut<GridReview>,
    claimed: Res<super::GridClicksClaimed>,
    mut ask: ResMut<super::endings::GridEndingAsk>,
    mut seats: ResMut<super::computer::ComputerSeats>,
    mut played: MessageWriter<GridPlayed>,
    mut cues: MessageWriter<PlayCue>,
    blocked: Res<super::GridBlocked>,
    mut pause: ResMut<super::computer::GridPause>,
) {
    // A `Play(i)` indexes the actions as the panel listed them this frame: once anything has
    // changed the match (two buttons at once, E and End turn together), a later index would
    // name another action, so it is dropped.
    let steps_at_start = (m.game.history_len(), m.game.position_hash());
    for intent in intents.read() {
        if let Intent::Play(_) = intent
            && (m.game.history_len(), m.game.position_hash()) != steps_at_start
        {
            continue;
        }
        let actions = m.actions();
        let mut play = |m: &mut ActiveMatch,
                        i: usize,
                        status: &mut GridStatus,
                        sel: &mut GridSelection,
                        choice: &mut GridChoice| {
            let Some(a) = actions.get(i) else { return };
            let by = m.game.actor();
            match m.game.play_index(i) {
                Ok(()) => {
                    status.refusal = None;
                    status.info = None;
                    sel.0 = None;
                    choice.0.clear();
                    let over = matches!(m.game.decision(), game_api::Decision::Over(_));
                    cues.write(PlayCue(if over {
                        Cue::Mate
                    } else if a.cells.captures.is_empty() {
                        Cue::Move
                    } else {
                        Cue::Take
                    }));
                    played.write(GridPlayed {
                        text: a.text.clone(),
                        captures: a.cells.captures.len(),
                        game_over: over,
                        by,
                        next: m.game.actor(),
                    });
                }
                Err(r) => status.refusal = Some(r.to_string()),
            }
        };
        // The pack takes clicks on the board for now (Kelasu's merge builder).
        if claimed.0 && matches!(intent, Intent::Click(_) | Intent::PickReserve { .. }) {
            continue;
        }
        // A pack's screen over the board (Tirachen's hand-over, its new-game dialog): nothing
        // changes the game under it, from the panel's buttons either.
        if blocked.0
            && matches!(
                intent,
                Intent::Click(_)
                    | Intent::PickReserve { .. }
                    | Intent::Play(_)
                    | Intent::Undo
                    | Intent::Redo
                    | Intent::Hint
                    | Intent::Load
                    | Intent::Resign(_)
                    | Intent::OfferDraw(_)
                    | Intent::AnswerDraw(_)
                    | Intent::Reveal
            )
        {
            status.info = Some("the screen over the board comes first".into());
            continue;
        }
        // Only a change of the match marks it changed (the views redraw on that).
        let mm = m.bypass_change_detection();
        let before = mm.game.history_len();
        let mut loaded_new = false;
        let mut ended = false;
        // While an earlier position is shown nothing is played; what changes the match (undo,
        // redo, load) or cancels returns to live first and goes on.
        // The computer plays on meanwhile: its move joins the live game and the review stays
        // where it is (`review::forget`; a review found the computer held, and its clock
        // running out, while the person looked back).
        if review.0.is_some() {
            match intent {
                Intent::Click(_) | Intent::PickReserve { .. } | Intent::Play(_) | Intent::Hint => {
                    status.refusal = None;
                    status.info = Some(RETURN_FIRST.into());
                    continue;
                }
                Intent::Undo
                | Intent::Redo
                | Intent::Load
                | Intent::Cancel
                | Intent::Resign(_)
                | Intent::OfferDraw(_)
                | Intent::AnswerDraw(_) => review.0 = None,
                Intent::Save
                | Intent::Flip
                | Intent::Review(_)
                | Intent::Reveal
                | Intent::PlayOn
                | Intent::PlayComputer(_) => {}
            }
        }
        // The computer's seat is played by the computer only.
        let computers_turn = mm.decider().is_some_and(|p| seats.plays(p).is_some());
        if computers_turn
            && matches!(
                intent,
                Intent::Click(_) | Intent::PickReserve { .. } | Intent::Play(_)
            )
        {
            status.info = Some(COMPUTER_TO_MOVE.into());
            continue;
        }
        // A draw offered between people with secrets is answered first: the board, showing
        // nobody's secrets meanwhile, plays nobody's moves (a review found the one answering
        // able to play the offerer's, and told of their hidden masters by a refusal).
        if mm.asking
            && mm.secrets
            && matches!(
                intent,
                Intent::Click(_) | Intent::PickReserve { .. } | Intent::Play(_)
            )
        {
            status.info = Some("a draw is offered: answer it first".into());
            continue;
        }
        match intent {
            Intent::Hint | Intent::PlayOn => {}
            Intent::PlayComputer(i) => play(mm, *i, &mut status, &mut sel, &mut choice),
            Intent::Click(c) => {
                choice.0.clear();
                let pick = sel.0.clone();
                let hits = matching(mm, &actions, pick.as_ref(), *c);
                match hits.len() {
                    // An action its game warns of (it costs a piece, or the game) is asked
                    // first, its label shown in the choice window (a review found a Fort taken
                    // by the General, and the game lost, in one click, the label never shown).
                    1 if actions[hits[0]].warns => choice.0 = hits,
                    1 => play(mm, hits[0], &mut status, &mut sel, &mut choice),
                    n if n > 1 => choice.0 = hits,
                    _ => {
                        let from_here = actions
                            .iter()
                            .any(|a| a.cells.from == Some(*c) && mm.on_board(a));
                        // One's own piece that cannot move may still be picked up (to look at
                        // it: a Fort shows its protected ring); it has no targets.
                        let own = mm.decider().is_some_and(|d| {
                            mm.game
                                .pieces(mm.viewer())
                                .iter()
                                .any(|p| p.cell == *c && p.owner == Some(d))
                        });
                        if pick == Some(Pick::Cell(*c)) {
                            sel.0 = None;
                            status.info = None;
                        } else if from_here {
                            sel.0 = Some(Pick::Cell(*c));
                            status.refusal = None;
                        // (Another piece picked: the click on one's own piece picks this one
                        // up instead — a review found the picked piece's move refused onto it,
                        // the Fort's ring shown only at a second click.)
                        } else if own {
                            sel.0 = Some(Pick::Cell(*c));
                            status.refusal = None;
                            status.info = Some(match mm.game.explain_stuck(*c) {
                                Some(why) => why.to_string(),
                                None => format!(
                                    "no legal action from {} now",
                                    mm.game.board().cell_name(*c)
                                ),
                            });
                        } else {
                            // A tray pick is explained for the kind picked.
                            status.refusal = Some(
                                match &pick {
                                    Some(Pick::Cell(f)) => mm.game.explain_move(Some(*f), *c),
                                    Some(Pick::Reserve { kind, .. }) => {
                                        mm.game.explain_place(kind, *c)
                                    }
                                    None => mm.game.explain_move(None, *c),
                                }
                                .to_string(),
                            );
                            sel.0 = None;
                        }
                    }
                }
            }
            Intent::PickReserve { owner, kind } => {
                choice.0.clear();
                let p = Pick::Reserve {
                    owner: *owner,
                    kind: kind.clone(),
                };
                // A placement is always the deciding player's, from their own tray.
                let theirs = mm.decider() == Some(*owner);
                if sel.0.as_ref() == Some(&p) {
                    sel.0 = None;
                } else if theirs && actions.iter().any(|a| super::highlights::from_pick(a, &p)) {
                    sel.0 = Some(p);
                    status.refusal = None;
                } else {
                    status.refusal = Some(match mm.decider() {
                        // Named as the players are (a review found "that player" only).
                        Some(d) if d != *owner => format!(
                            "that is {}'s tray; it is {}'s turn",
                            mm.game.player_name(*owner),
                            mm.game.player_name(d)
                        ),
                        // The rules' own reason when it is the same on every square (Tirachen's
                        // Traitor extra move: "the extra move may only move the Traitor"; a review
                        // found the host's words instead).
                        _ => {
                            let cells = mm.game.board().cells();
                            let mut why = (0..cells).map(|i| {
                                mm.game
                                    .explain_place(kind, game_api::Cell(i as u16))
                                    .to_string()
                            });
                            match why.next() {
                                Some(first) if why.all(|w| w == first) => first,
                                _ => format!("no legal action places {kind} now"),
                            }
                        }
                    });
                    sel.0 = None;
                }
            }
            Intent::Play(i) => play(mm, *i, &mut status, &mut sel, &mut choice),
            Intent::Cancel => {
                sel.0 = None;
                choice.0.clear();
                status.refusal = None;
                status.info = None;
            }
            // With the computer on both seats nobody at the screen declares for either (as on
            // Veney's screen; a review found a person resigning, or agreeing a draw, for them).
            Intent::Resign(_) | Intent::OfferDraw(_) | Intent::AnswerDraw(_)
                if seats.0.iter().all(Option::is_some) =>
            {
                ask.resign = None;
                ask.draw_offer = None;
                status.info = Some("both seats are the computer's: it declares for them".into());
            }
            Intent::Resign(_) | Intent::OfferDraw(_) | Intent::AnswerDraw(_) => {
                sel.0 = None;
                choice.0.clear();
                ended = super::endings::apply(intent, mm, &mut ask, &mut status);
                if ended {
                    cues.write(PlayCue(Cue::Mate));
                }
            }
            Intent::Undo if mm.revealed => {
                status.refusal = None;
                status.info = Some(REVEALED.into());
            }
            Intent::Reveal => {
                // Only an ending by the rules: a declared one is taken back alone, secrets kept.
                let over = matches!(mm.game.decision(), game_api::Decision::Over(_))
                    && mm.game.declared().is_none();
                if mm.secrets && over && !mm.revealed {
                    mm.revealed = true;
                    // Drawn afresh with everything shown.
                    ended = true;
                }
            }
            Intent::Undo => {
                sel.0 = None;
                choice.0.clear();
                *ask = Default::default();
                // A declared ending is taken back alone (the history is unchanged).
                ended = mm.game.declared().is_some();
                let was_over = matches!(mm.game.decision(), game_api::Decision::Over(_));
                // Against the computer, its reply goes back with the person's turn.
                use super::computer::UndoneTo;
                let undone = if seats.any() && !ended {
                    super::computer::undo_to_person(mm, &seats)
                } else if mm.game.undo() {
                    UndoneTo::Person
                } else {
                    UndoneTo::Nothing
                };
                if undone == UndoneTo::Nothing {
                    status.info = Some("nothing to undo".into());
                } else if undone == UndoneTo::Reveal {
                    status.refusal = None;
                    status.info = Some(super::computer::UNDO_AT_REVEAL.into());
                } else {
                    status.info = None;
                    status.refusal = None;
                    // The computer on every seat waits: seeded as before, it would play the
                    // undone turn again at once (`computer_pause`).
                    let all =
                        (0..mm.game.players()).all(|i| seats.plays(game_api::Player(i)).is_some());
                    pause.0.undone(all);
                    // A finished game showed nobody's secrets to both players at the screen:
                    // played on, nobody holds the board until the next to decide takes it (as
                    // after an answered draw offer; a review found the last holder's hidden
                    // masters shown at once).
                    if was_over {
                        mm.held_by = None;
                    }
                }
            }
            Intent::Redo => {
                sel.0 = None;
                choice.0.clear();
                let declared = mm.game.declared().is_some();
                // Against the computer, its reply comes back with the person's turn.
                let redone = if seats.any() && !declared {
                    super::computer::redo_to_person(mm, &seats)
                } else {
                    mm.game.redo()
                };
                if !redone {
                    status.info = Some("nothing to redo".into());
                } else {
                    status.info = None;
                    // As after an undo: a refusal of the position left behind is no longer
                    // true, and may name a hidden master in the tray of the player who
                    // clicked (a review found it left under the next player's prompt).
                    status.refusal = None;
                    // An ending declared again leaves the history as it was: the match is
                    // changed all the same (autosaved, drawn; a review found a resumed game
                    // live again after its resignation was redone).
                    ended = !declared && mm.game.declared().is_some();
                }
            }
            Intent::Save => {
                let text = mm.save_text(&seats);
                if let Some(d) = mm.save_path.parent() {
                    let _ = std::fs::create_dir_all(d);
                }
                status.info = Some(match game_api::write_atomic(&mm.save_path, &text) {
                    Ok(()) => format!("saved to {}", mm.save_path.display()),
                    Err(e) => format!("could not save to {}: {e}", mm.save_path.display()),
                });
            }
            Intent::Load => {
                let loaded = game_api::read_text_file(&mm.save_path)
                    .map_err(|e| e.to_string())
                    .and_then(|t| {
                        Ok((
                            {
                                crate::host::whole_save::check(&t)?;
                                (mm.load)(&t)?
                            },
                            (mm.secrets_in)(&t),
                            super::computer::ComputerSeats::read_from(&t),
                            super::autosave::revealed_in(&t),
                            super::autosave::sealed_draws_in(&t),
                        ))
                    });
                match loaded {
                    Ok((g, secrets, saved_seats, revealed, sealed_draws)) => {
                        // The game left is kept beside the save (the autosave follows the loaded
                        // game at once; a review found the game in progress lost to a Load).
                        // (Not when it is the game loaded: a second Load keeps the first's.)
                        let kept = super::autosave::before_load_beside(&mm.save_path);
                        let loaded_text = g.save_text(game_api::Viewer::Referee);
                        // A game with nothing played in it was never autosaved: the autosave
                        // still holds the game before it (one a crash left, the new game's
                        // Start pressed instead of Resume), and that is the game kept (a review
                        // found the empty game kept, the crashed one's autosave overwritten).
                        let autosave = (mm.game.history_len() == 0)
                            .then(|| {
                                std::fs::read_to_string(super::autosave_beside(&mm.save_path)).ok()
                            })
                            .flatten();
                        // The autosave holds the very game loaded, whatever the app's own
                        // headers (`[Computer …]`, `[ComputerDraws …]`, `[Revealed …]`, which a
                        // bare game's text lacks): nothing to keep, the empty game neither (a
                        // review found the same game kept again, an earlier before-load pushed
                        // aside).
                        let autosave_is_loaded = autosave.as_deref().is_some_and(|t| {
                            (mm.load)(t).is_ok_and(|g| {
                                g.save_text(game_api::Viewer::Referee) == loaded_text
                            })
                        });
                        let autosaved = autosave.filter(|_| !autosave_is_loaded);
                        let left = mm.game.save_text(game_api::Viewer::Referee);
                        let kept_note = if autosave_is_loaded
                            || (autosaved.is_none() && left == loaded_text)
                        {
                            String::new()
                        } else {
                            // Nothing is loaded over a game that could not be kept (a review
                            // found it replaced, and its autosave overwritten).
                            let keep = autosaved.unwrap_or_else(|| mm.save_text(&seats));
                            match crate::host::kept_files::keep_before_load(&kept, &keep) {
                                Ok(()) => {
                                    format!(" (the game left is kept as {})", kept.display())
                                }
                                Err(e) => {
                                    status.info = Some(format!(
                                        "did not load {}: the game in progress could not be kept ({e})",
                                        mm.save_path.display()
                                    ));
                                    continue;
                                }
                            }
                        };
                        mm.game = g;
                        // The game goes on against the computer as it was saved; the person's
                        // seat is the loaded game's from this frame on (a review found a frame
                        // drawn with the old game's seat), and its actions are listed afresh
                        // (the list is kept by position, and the loaded game's options may
                        // differ).
                        *seats = saved_seats;
                        mm.person = super::computer::person(&seats);
                        // Turned to the person again, as a new game is and as Veney's board
                        // is on a Load (a review found a hand flip kept).
                        mm.faced_for = None;
                        mm.cache = Default::default();
                        // The loaded game's own options decide what is hidden (a save of a
                        // game with secret masters loaded over an open one keeps them hidden).
                        mm.secrets = secrets;
                        // Nobody has taken the loaded game's board yet (`held_by`).
                        mm.held_by = None;
                        mm.asking = false;
                        mm.revealed = revealed;
                        // The larger count, as Veney's: a save made before some seals must
                        // not draw the computer's masters the person has since seen again (a
                        // review found the count read back as saved).
                        mm.sealed_draws = mm.sealed_draws.max(sealed_draws);
                        mm.generation = super::next_generation();
                        *ask = Default::default();
                        sel.0 = None;
                        choice.0.clear();
                        status.refusal = None;
                        status.info = Some(format!("loaded {}{kept_note}", mm.save_path.display()));
                        loaded_new = true;
                    }
                    Err(e) => {
                        status.info = Some(format!(
                            "could not load {}: {e} (the game is kept)",
                            mm.save_path.display()
                        ))
                    }
                }
            }
            Intent::Flip => view.flipped = !view.flipped,
            Intent::Review(steps) => {
                sel.0 = None;
                choice.0.clear();
                status.refusal = None;
                status.info = None;
                // The position after the newest turn is the live one: viewing it is being live
                // (a review found the newest row's click, or ⏮ in a game with no turns,
                // freezing the board in a "review" of the live position, every click refused).
                review.0 = steps.filter(|&s| s < mm.game.history_len());
            }
        }
        if loaded_new || ended || m.game.history_len() != before {
            m.set_changed();
        }
    }
}
