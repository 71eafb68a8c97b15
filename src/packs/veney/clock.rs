//! Veney beside the table clock: a flag that falls while Veney's game is shown ends it, the
//! player out of time losing (§2.0.R3 Time Control, "If one player runs out of time, they
//! lose"; ruling R-OUT-OF-TIME). The clock's seats are the sides (the first seat White), as
//! the Time Penalty and the dying move reach it. The record and the autosave end with
//! `[Ending "White out of time"]`; undo plays on (`commands/history.rs`). The game carries the
//! clock in its saves (`[Clock "…"]`): a loaded game brings its clock back, paused.
use super::game::{CurrentGame, GameSet, Status};
use crate::host::table_clock::{
    ClockForm, ClockLeftBehind, ClockSwitch, ClockSystems, RestoreClock,
};
use bevy::prelude::*;
use veney_rules::Side;

/// The flag down on the clock kept with Veney's game that it has acted on (ended the game on,
/// or let be: another game's, one fallen before a setup was done): each flag ends the game
/// once, on its screen (`flag_falls`) or as its clock leaves the table (`clock_left_behind`).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
struct FlagHandled(Option<game_clock::Flag>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FlagHandled>()
        .add_systems(OnEnter(crate::host::screen::Screen::Veney), clock_on_return)
        // On any screen: the clock left running here when another game's took the table.
        .add_systems(Update, clock_left_behind.after(ClockSystems))
        .add_systems(
            Update,
            (
                drop_unreadable_clock,
                clock_sides,
                flag_falls,
                game_clock,
                penalty_lifted,
            )
                .chain()
                .after(ClockSystems)
                .before(crate::host::table_clock::ClockCatchUp)
                .before(GameSet)
                .in_set(super::VeneySystems),
        )
        .add_systems(
            Update,
            (press_for_the_computer, hold_for_review)
                .after(GameSet)
                .in_set(super::VeneySystems),
        );
}

/// While the move list is reviewed on the computer's turn, or the board is covered (a secret
/// screen, the New game dialog), the computer's move waits for the
/// return to live; its clock is paused meanwhile and runs again on the return (a review found
/// the computer losing on time while the person looked back). So while a computer-only game
/// waits after an Undo (`computer::VeneyPause`; a review found its flag falling meanwhile). A
/// clock paused by hand is left as it is.
#[allow(clippy::too_many_arguments)]
fn hold_for_review(
    game: Res<CurrentGame>,
    viewing: Res<super::game::Viewing>,
    seats: Res<super::computer::VeneyComputer>,
    pause: Res<super::computer::VeneyPause>,
    (screen, dialog, trap): (
        Res<super::secrets::SecretScreen>,
        Option<Res<super::panels::NewGameDialog>>,
        Res<super::computer::TrapWait>,
    ),
    clock: crate::host::table_clock::ClockView,
    mut held: Local<bool>,
    mut out: MessageWriter<crate::host::table_clock::ClockIntent>,
) {
    use crate::host::screen::Screen;
    use crate::host::table_clock::ClockIntent;
    let pos = game.0.position();
    let side = pos.turn();
    let computers = !pos.is_game_over() && seats.plays(side).is_some();
    let both = Side::ALL.iter().all(|&s| seats.plays(s).is_some());
    // Paused after an Undo, whichever side's face runs: the computer pressed as its turn
    // ended, and the Undo took that turn back without the press.
    let held_side = if pause.0.paused && both {
        Side::ALL
            .into_iter()
            .find(|s| clock.running_left(Screen::Veney, s.index()).is_some())
    } else {
        Some(side)
    };
    // So while the board is covered and the computer's move waits behind it: a secret screen,
    // the New game dialog (a review found the computer's flag falling behind the dialog).
    // And while it waits for the person's answer about a trap (a review found its flag falling
    // while the person held back the answer).
    let covered = super::computer::covered(&screen, dialog.as_deref())
        || super::computer::waits_for_trap(&game.0, &seats, &trap);
    if (viewing.0.is_some() || covered || (pause.0.paused && both)) && computers {
        if held_side.is_some_and(|s| clock.running_left(Screen::Veney, s.index()).is_some()) {
            out.write(ClockIntent::Pause);
            *held = true;
        }
    } else if *held {
        *held = false;
        if clock.paused_for(Screen::Veney) {
            out.write(ClockIntent::Resume);
        }
    }
}

/// The computer's turn ended (its move, its roll): it presses the table clock for its side, as
/// a person presses their own face (`ClockIntent::TurnEnded`: only a clock that is Veney's game's
/// and runs for that side).
fn press_for_the_computer(
    mut played: MessageReader<super::game::Played>,
    game: Res<CurrentGame>,
    seats: Res<super::computer::VeneyComputer>,
    mut clock: MessageWriter<crate::host::table_clock::ClockIntent>,
) {
    let played: Vec<&super::game::Played> = played
        .read()
        .filter(|p| p.of_rules(&game.0.rules))
        .collect();
    for (i, p) in played.iter().enumerate() {
        let side = p.before.turn();
        if p.after.turn() == side || p.after.is_game_over() {
            continue;
        }
        // A person's turn the computer's Obscurant Chaos trap cut short (§2.0.18: "interrupting
        // a double-move in process"; the turn ends, then the invocation, in one go) is pressed
        // for the person too: the trap ended it, not their hand (a review found the person's
        // clock run on through the computer's whole turn).
        // (The person's own Donkey moves between the two, R-CAST.)
        let cut_by_computer = played[i + 1..]
            .iter()
            .find(|q| {
                q.before.turn() != side && !matches!(q.action, veney_rules::Action::Donkey(_))
            })
            .is_some_and(|q| matches!(q.action, veney_rules::Action::Invoke { .. }))
            && seats.plays(!side).is_some();
        if seats.plays(side).is_some() || cut_by_computer {
            clock.write(crate::host::table_clock::ClockIntent::TurnEnded {
                seat: side.index(),
                screen: crate::host::screen::Screen::Veney,
            });
        }
    }
}

/// The clock's seats are Veney's sides (White first): named so, and Start runs the side to
/// move — Black, when Black moves first (a review found White's clock started regardless).
/// Another game's clock on the table, not yet used here, keeps its players' names (a review
/// found Kelasu's Red labelled White). The game is told to the table clock, which pauses the
/// computer's time while this screen is left (`hold_while_away`) and stops at its end
/// (`stop_at_the_end`).
fn clock_sides(
    game: Res<CurrentGame>,
    mut t: ResMut<crate::host::table_clock::TableClock>,
    shown_for: Res<crate::host::table_clock::ClockShownFor>,
    computer: Res<super::computer::VeneyComputer>,
    mut seats: ResMut<crate::host::table_clock::ClockGames>,
    replaced: Res<super::commands::Replacements>,
) {
    use crate::host::screen::Screen;
    let to_move = game.0.position().turn().index();
    let ours = t.clock.is_none() || shown_for.0.is_none_or(|s| s == Screen::Veney);
    let names = ours.then(|| ["White".to_string(), "Black".to_string()]);
    crate::host::table_clock::TableClock::set_seats(&mut t, names, to_move);
    let this = crate::host::table_clock::ClockGame {
        id: replaced.0,
        computer: Side::ALL.map(|s| computer.plays(s).is_some()),
        over: game.0.position().is_game_over(),
        to_move: Some(to_move),
        played: game.0.actions().count(),
    };
    crate::host::table_clock::ClockGames::set(&mut seats, Screen::Veney, this);
}

/// A game that comes with a clock that does not read (a hand-edited save's `[Clock]`) goes on
/// without it, said once (`table_clock::unreadable`; a review found it tried again after every
/// move and written back into every autosave).
fn drop_unreadable_clock(
    mut game: ResMut<CurrentGame>,
    mut t: ResMut<crate::host::table_clock::TableClock>,
) {
    if !game.is_changed() {
        return;
    }
    if crate::host::table_clock::refuse_unreadable(game.0.clock(), &mut t) {
        game.0.set_clock(None);
    }
}

/// Coming back to Veney's screen brings back the clock its game carries, paused: applied by the
/// table clock this frame, ahead of `game_clock`, so the table's clock (changed meanwhile by a
/// grid game) is not written into Veney's game (a review found it was).
fn clock_on_return(
    game: Res<CurrentGame>,
    form: Res<ClockForm>,
    shown_for: Res<crate::host::table_clock::ClockShownFor>,
    mut restore: MessageWriter<RestoreClock>,
    mut switch: MessageWriter<ClockSwitch>,
) {
    // Back from a screen that left the clock alone (the title, the rules): it stands as it is.
    if shown_for.0 == Some(crate::host::screen::Screen::Veney) {
        return;
    }
    if let Some(c) = game.0.clock()
        && Some(c) != form.0.as_deref()
    {
        if let Some(from) = shown_for.0 {
            switch.write(ClockSwitch { from });
        }
        restore.write(RestoreClock(c.to_string()));
    }
}

/// A Time Penalty taken back with its call (undo, §2.0.22) gives the offender its time back on
/// Veney's own clock: the position's count of penalties paid falls in the same game (not a game
/// loaded or begun: its clock is its own). A review found the penalty kept after the undo, and
/// paid twice when the same move was made and called again.
fn penalty_lifted(
    game: Res<CurrentGame>,
    replaced: Res<super::commands::Replacements>,
    shown_for: Res<crate::host::table_clock::ClockShownFor>,
    mut seen: Local<Option<(u64, [u8; 2])>>,
    mut clock: MessageWriter<crate::host::table_clock::ClockIntent>,
) {
    let pos = game.0.position();
    let now = Side::ALL.map(|s| veney_rules::penalty::time_penalties(pos, s));
    if let Some((was_game, was)) = seen.replace((replaced.0, now))
        && was_game == replaced.0
        && shown_for.0 == Some(crate::host::screen::Screen::Veney)
    {
        for s in Side::ALL {
            for _ in now[s.index()]..was[s.index()] {
                clock.write(crate::host::table_clock::ClockIntent::TimePenaltyLifted(
                    s.index(),
                ));
            }
        }
    }
}

/// Veney's clock as it was left, paused, when another game's clock took the table: Veney's game
/// keeps it (its autosave on coming back), so the time spent before leaving is not given back.
/// A flag that fell on it while Veney's game was not shown (the title) ends the game now: the
/// clock coming back is the save's form, whose flag is old news (a review found that flag lost
/// by a visit to another game with a clock).
#[allow(clippy::too_many_arguments)]
fn clock_left_behind(
    mut left: MessageReader<ClockLeftBehind>,
    mut game: ResMut<CurrentGame>,
    dir: Res<super::game::SaveDir>,
    seats: Res<super::computer::VeneyComputer>,
    draws: Res<super::secrets::ComputerDraws>,
    mut handled: ResMut<FlagHandled>,
    mut status: ResMut<Status>,
    setup: Res<super::setup_screen::SetupSession>,
    mut picks: Picks<'_>,
) {
    for l in left.read() {
        if l.owner == crate::host::screen::Screen::Veney {
            if let Some(f) = l.flag
                && handled.0 != Some(f)
                && setup.0.is_none()
            {
                handled.0 = Some(f);
                end_out_of_time(&mut game, &mut status, &mut picks, f);
            }
            game.0.set_clock(Some(l.form.clone()));
            // Its autosave too: Veney's own runs on its screen only (a review found a restart
            // from another screen giving the time back). Not a game with nothing in it yet.
            if game.0.actions().next().is_some()
                && crate::host::kept_files::may_autosave(&dir.0).is_ok()
            {
                let text = super::game::save_text(&game.0, &seats.0, *draws);
                if let Err(e) = veney_rules::savefile::write_atomic(&dir.autosave(), &text) {
                    warn!("autosave failed: {e}");
                }
            }
        }
    }
}

/// A new clock form goes into the game (so saves carry it); a game that comes with another
/// clock (a save loaded) brings it back, paused; one with none (a new game, an older save)
/// takes the table's.
fn game_clock(
    form: Res<ClockForm>,
    mut game: ResMut<CurrentGame>,
    mut restore: MessageWriter<RestoreClock>,
    mut shown_for: ResMut<crate::host::table_clock::ClockShownFor>,
    mut started: Local<bool>,
    mut used: MessageReader<crate::host::table_clock::ClockIntent>,
    mut away: Local<bool>,
    mut switch: MessageWriter<ClockSwitch>,
) {
    let veney = Some(crate::host::screen::Screen::Veney);
    let was = shown_for.0;
    let saved = game.0.clock().map(str::to_string);
    // Another game's clock, and Veney's game has none of its own: it stays that game's — its
    // flag ends that game, not Veney's — until the clock is used here (a review found a flag
    // falling later, on Veney's screen, ending Veney's game).
    // (Presses read on the first run back were made on the other game's screen.)
    let used_here = used.read().filter(|i| i.uses_the_clock()).count() > 0;
    if was.is_some_and(|w| Some(w) != veney) && saved.is_none() {
        if !*away {
            *away = true;
            return;
        }
        if !used_here {
            return;
        }
    }
    *away = false;
    shown_for.set_if_neq(crate::host::table_clock::ClockShownFor(veney));
    // The first run: the resumed game's own clock comes back, paused — at start-up straight
    // onto this screen its entry ran before the autosave was resumed, and the table's clock
    // (perhaps another game's) was written over the game's (a review found it).
    if !*started {
        *started = true;
        if was != veney
            && let Some(c) = saved.clone()
            && Some(&c) != form.0.as_ref()
        {
            restore.write(RestoreClock(c));
            return;
        }
    }
    if form.is_changed() || (game.is_changed() && saved.is_none()) {
        if saved != form.0 {
            // Marked changed, so the autosave keeps the clock as it stands (after a restart it
            // was one press behind `clock.txt`).
            game.0.set_clock(form.0.clone());
        }
    } else if game.is_changed()
        && let Some(c) = saved
        && Some(&c) != form.0.as_ref()
    {
        // Another game's running clock is paused and handed back first (a review found it
        // dropped by a load here, its time given back when it came back).
        if let Some(from) = was.filter(|&w| Some(w) != veney) {
            switch.write(ClockSwitch { from });
        }
        restore.write(RestoreClock(c));
    }
}

/// A flag down on the clock kept with Veney's game ends it, once: as it falls, on coming back
/// from a screen where it fell (the title), or when a setup it fell during is done (§2.0.19:
/// no game to end before). A flag already acted on stays so after "undo to play on" (a review
/// found flags falling off the screen, or during setup, lost).
fn flag_falls(
    mut game: ResMut<CurrentGame>,
    mut status: ResMut<Status>,
    setup: Res<super::setup_screen::SetupSession>,
    down: Res<crate::host::table_clock::FlagDown>,
    shown_for: Res<crate::host::table_clock::ClockShownFor>,
    mut picks: Picks<'_>,
    mut handled: ResMut<FlagHandled>,
    mut kept_with: Local<Option<crate::host::screen::Screen>>,
) {
    let handled = &mut handled.0;
    // Back from another game's clock with none of Veney's own to bring back: a flag fallen on
    // that clock was that game's (a review found Tirachen's fallen flag ending Veney's game).
    let veney = Some(crate::host::screen::Screen::Veney);
    let came_back = *kept_with != veney && kept_with.is_some() && shown_for.0 == veney;
    *kept_with = shown_for.0;
    if came_back && game.0.clock().is_none() {
        *handled = down.0;
    }
    let Some(f) = down.0 else {
        return;
    };
    if *handled == Some(f)
        || setup.0.is_some()
        || shown_for.0 != Some(crate::host::screen::Screen::Veney)
    {
        return;
    }
    *handled = Some(f);
    end_out_of_time(&mut game, &mut status, &mut picks, f);
}

/// The picks a flag's ending clears.
type Picks<'a> = (
    ResMut<'a, super::game::Selection>,
    ResMut<'a, super::game::ActionChoice>,
    ResMut<'a, super::game::FacingChoice>,
);

/// Flag `f` ends Veney's game, its side out of time (R-OUT-OF-TIME), if the game goes on.
/// Nothing stays picked or offered over the finished game (a review found the choice windows
/// left open, their buttons answering "the game is over"), as in the grid games.
fn end_out_of_time(
    game: &mut CurrentGame,
    status: &mut Status,
    picks: &mut Picks<'_>,
    f: game_clock::Flag,
) {
    let side = Side::ALL[f.seat.min(1)];
    if game.0.out_of_time(side) {
        status.info = Some(format!(
            "{side}'s flag has fallen: out of time (undo to play on)"
        ));
        picks.0.0 = None;
        picks.1.0.clear();
        picks.2.0.clear();
    }
}
