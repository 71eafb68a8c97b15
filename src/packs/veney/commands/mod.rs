//! Applying player intent: each `Command` message (from the mouse, the keyboard, the panels, or
//! a test) goes to the feature it serves — picking up and clicking (`select`), throws, casts and
//! the trap (`throws`), a setup in progress (`setup`), new games, saves and exports (`files`),
//! undo, redo and the move list (`history`), and the endings (`endings`). Each asks the rules
//! crate and plays what it allows; none decides legality.
use super::game::{
    ActionChoice, Command, CurrentGame, DrawOffer, FacingChoice, HiddenPick, HugPick, Played,
    SaveDir, Selection, Status, Viewing,
};
use super::setup_screen::SetupSession;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use veney_rules::{Action, Game};

mod endings;
pub(crate) mod files;
pub(super) mod history;
mod notation;
mod select;
pub(crate) use select::{in_hand, partner_words};
mod setup;
mod throws;

/// How many times the game was replaced (a new game, a load, a pasted position): a game is told
/// from the one before by it even when both stand at the same start with the same seed
/// (`VENEY_SEED`; a review found the new game dialog's computer seats dropped so).
#[derive(Resource, Default)]
pub(crate) struct Replacements(pub u64);

/// A setup in progress is held aside while a new game, a load or a pasted position that would
/// abandon it is tried (`apply_commands`): the game on the board then is no game yet.
#[derive(Resource, Default)]
pub(crate) struct SetupHeld(pub bool);

/// What the commands read and change.
#[derive(SystemParam)]
pub(super) struct Ctx<'w> {
    pub viewing: ResMut<'w, Viewing>,
    pub game: ResMut<'w, CurrentGame>,
    pub sel: ResMut<'w, Selection>,
    pub status: ResMut<'w, Status>,
    pub played: MessageWriter<'w, Played>,
    pub dir: Res<'w, SaveDir>,
    pub facing: ResMut<'w, FacingChoice>,
    pub choice: ResMut<'w, ActionChoice>,
    pub hidden: ResMut<'w, HiddenPick>,
    pub hug: ResMut<'w, HugPick>,
    pub draw: ResMut<'w, DrawOffer>,
    /// The computer's secret picks drawn so far (saved with the game).
    pub draws: ResMut<'w, crate::packs::veney::secrets::ComputerDraws>,
    pub setup: ResMut<'w, SetupSession>,
    /// The table clock hears of time penalties and checkmates by touch.
    pub clock: MessageWriter<'w, crate::host::table_clock::ClockIntent>,
    /// Whose game the table clock is kept with: Veney's requests go to Veney's clock only.
    pub clock_kept: Res<'w, crate::host::table_clock::ClockShownFor>,
    /// The table clock itself: whether there is one to take a Time Penalty.
    pub table: Res<'w, crate::host::table_clock::TableClock>,
    /// Companion mode: the verdict on a move typed in notation, announcements and the log of
    /// throws (`notation.rs`).
    pub companion: notation::CompanionParts<'w>,
    /// The traps sprung in this game, each taken back whole (`history::Interruptions`).
    pub interruptions: ResMut<'w, history::Interruptions>,
    pub replacements: ResMut<'w, Replacements>,
    pub setup_held: ResMut<'w, SetupHeld>,
    /// The computer on both sides, paused by an Undo (`computer_pause`).
    pub pause: ResMut<'w, crate::packs::veney::computer::VeneyPause>,
}

impl Ctx<'_> {
    /// Plays `a` if the rules allow it (announcing it for animation and sound), else says why.
    pub fn play(&mut self, a: Action) -> bool {
        let before = *self.game.0.position();
        match self.game.0.play(a) {
            Ok(()) => {
                let after = *self.game.0.position();
                // (A checkmate by touch cuts the clock: `game::dying_clock`, from `Played`.)
                self.played.write(Played {
                    before,
                    action: a,
                    after,
                    rules: crate::packs::veney::game::Played::rules_id(&self.game.0.rules),
                });
                true
            }
            // Playing with sand, an untenable action chosen in a panel (several ended on one
            // square) is played as a click plays one (`select::sand`).
            Err(_)
                if veney_rules::penalty::untenable_actions(&self.game.0.rules, &before)
                    .contains(&a) =>
            {
                select::play_untenable(self, a);
                true
            }
            Err(e) => {
                self.status.refusal = Some(e.to_string());
                false
            }
        }
    }

    /// Announces the actions the game's own history gained since it held `n` actions.
    pub fn announce_since(&mut self, n: usize) {
        let hist: Vec<(veney_rules::Position, Action)> = self.game.0.actions().copied().collect();
        let steps = &hist[n.min(hist.len())..];
        for (i, &(before, action)) in steps.iter().enumerate() {
            let after = steps.get(i + 1).map_or(*self.game.0.position(), |s| s.0);
            self.played.write(Played {
                before,
                action,
                after,
                rules: crate::packs::veney::game::Played::rules_id(&self.game.0.rules),
            });
        }
    }

    /// Replaces the game (a new game, a load, a pasted position): nothing stays picked up.
    /// Every new game, load or pasted position goes through here: nothing of the game left is
    /// kept with it (the selection, the traps it sprang).
    pub fn replace_game(&mut self, g: Game) {
        self.game.0 = g;
        self.replacements.0 += 1;
        self.sel.0 = None;
        self.interruptions.0.clear();
        self.interruptions.1.clear();
    }
}

/// After an undo or a redo, a person's concert partner in hand (or piece on its stepping stone)
/// is picked up again, as after the move that left it so (README: "that partner is lifted and
/// stays picked up"; a review found nothing picked up after an undo into the lift).
fn pick_up_again(ctx: &mut Ctx, seats: &crate::packs::veney::computer::VeneyComputer) {
    let side = ctx.game.0.position().turn();
    if ctx.sel.0.is_none() && seats.plays(side).is_none() && !ctx.game.0.position().is_game_over() {
        ctx.sel.0 = select::picked_after_move(ctx);
    }
}

/// `pick_up_again`, the news said before (a load's, a return's) kept ahead of the partner's.
fn pick_up_again_keeping_news(ctx: &mut Ctx, seats: &crate::packs::veney::computer::VeneyComputer) {
    let before = ctx.status.info.take();
    pick_up_again(ctx, seats);
    ctx.status.info = match (before, ctx.status.info.take()) {
        (Some(b), Some(n)) => Some(format!("{b}; {n}")),
        (b, n) => n.or(b),
    };
}

pub(super) fn apply_commands(
    mut commands: MessageReader<Command>,
    mut ctx: Ctx,
    (mut seats, mut thinking, mut pending): (
        ResMut<crate::packs::veney::computer::VeneyComputer>,
        ResMut<crate::packs::veney::computer::VeneyThinking>,
        ResMut<crate::packs::veney::computer::PendingSeats>,
    ),
) {
    // A move typed in companion mode that a guard spent (a review, a setup, a secret, the
    // computer's turn) is answered in the companion window too, with the status line's words
    // (a review found the field cleared and nothing said there).
    let mut entered: Option<String> = None;
    // A trap's spring typed (`typed_trap_spring`): its text and the history's length before.
    let mut spring_at: Option<(String, usize)> = None;
    for cmd in commands.read() {
        spring_played(&mut ctx, spring_at.take());
        answer_entry(&mut ctx, entered.take());
        let spring = typed_trap_spring(&ctx, cmd, &seats);
        if let Command::Enter(t) = cmd {
            entered = Some(t.clone());
            if spring.is_some() {
                spring_at = Some((t.trim().to_string(), ctx.game.0.actions().count()));
            }
        }
        let cmd = spring.as_ref().unwrap_or(cmd);
        ctx.status.refusal = None;
        // The computer's own actions keep the news on the status line (what the person's last
        // action did, a call, a kept autosave) unless they have news of their own (a review
        // found the call explained and wiped by the reply within a frame).
        let computers = matches!(
            cmd,
            Command::ComputerPlay(_) | Command::ComputerCall | Command::ComputerInterrupt(_)
        ) || (matches!(cmd, Command::Roll)
            && seats
                .plays(crate::packs::veney::computer::acting_side(
                    ctx.game.0.position(),
                ))
                .is_some());
        if !computers {
            ctx.status.info = None;
        }
        // A first secret is in (the defender's token, White's Hug hand): only the secret's own
        // steps, or leaving the game, until it is revealed — a key pressed under the secret
        // screen (Esc, undo, R, a typed throw) would discard or replace it (a review found the
        // other player could then make the hidden pick themselves).
        // (Only while that secret is still open: a game ended meanwhile, by a flag say, leaves
        // no screen to finish it on.)
        let pos = *ctx.game.0.position();
        let (guess_open, hug_open) = secret_picks_open(&ctx);
        // Undo stays open when the secret in is the computer's own (nothing of a person's is
        // shown or replaced: the computer picks afresh).
        let computers_secret = if guess_open {
            seats.plays(!pos.turn()).is_some()
        } else {
            hug_open && seats.plays(veney_rules::Side::White).is_some()
        };
        let undo_through = computers_secret && matches!(cmd, Command::Undo);
        // The move that drew may still be called over the Hug (R-UNTENABLE-CALL: a hidden
        // pick is no move; §2.0.22 "only immediately after the move is made") — by the
        // computer too, after the person's hidden pick (a review found its call refused there
        // and its own pick held back for that call, every command refused).
        let call_over_hug = hug_open
            && matches!(
                cmd,
                Command::CallUntenable | Command::CallOwnUntenable | Command::ComputerCall
            )
            && ctx.game.0.callable();
        if (guess_open || hug_open)
            && !undo_through
            && !call_over_hug
            && !matches!(
                cmd,
                Command::Hide(_)
                    | Command::Guess(_)
                    | Command::HugPick(_)
                    | Command::Hug(_)
                    | Command::NewGame
                    | Command::NewGameWith(..)
                    | Command::NewGameDrawn(..)
                    | Command::Load(_)
                    | Command::LoadRecordFile(_)
                    | Command::LoadRecordText(_)
                    | Command::SetPosition(_)
            )
        {
            ctx.status.refusal = Some(
                "a secret choice is being made: finish it on its screen first (§2.0.R1, §2.0.23)"
                    .into(),
            );
            continue;
        }
        // A pending choice (facing, or which of several actions) lasts until the next command.
        ctx.facing.0.clear();
        ctx.choice.0.clear();
        // A command that replaces the game ends a secret only if it takes (a failed load
        // keeps the game, and its secret, as they were).
        let replaces_game = matches!(
            cmd,
            Command::NewGame
                | Command::NewGameWith(..)
                | Command::NewGameDrawn(..)
                | Command::Load(_)
                | Command::LoadRecordFile(_)
                | Command::LoadRecordText(_)
                | Command::SetPosition(_)
        );
        let kept_secret = (ctx.hidden.0, ctx.hug.pick);
        if !matches!(cmd, Command::Hide(_) | Command::Guess(_)) {
            ctx.hidden.0 = None;
        }
        if !matches!(cmd, Command::HugPick(_) | Command::Hug(_)) {
            ctx.hug.pick = None;
        }
        if let Command::View(v) = cmd {
            // During a setup the board is the stances being set, not a move of the list (a
            // review found a review begun then outliving the setup, the computer waiting on it).
            if ctx.setup.0.is_some() && v.is_some() {
                ctx.status.info =
                    Some("the move list is there to browse once the game begins".into());
            } else {
                history::view(&mut ctx, *v);
                // Back to the live game: what the person holds is picked up again (a review
                // found the concert partner in hand put down by a look at the move list).
                if ctx.viewing.0.is_none() {
                    pick_up_again_keeping_news(&mut ctx, &seats);
                }
            }
            continue;
        }
        // A concealed or in-turns setup takes the board's clicks until the game begins
        // (§2.0.19); a new game, a load or a pasted position abandons it.
        if ctx.setup.0.is_some() && setup::apply(&mut ctx, cmd) {
            continue;
        }
        // While browsing the move list the board is not the live game: return first.
        if !history::back_to_live(&mut ctx, cmd) {
            continue;
        }
        // The computer's side is played, and declared for, by the computer only.
        if let Some(why) = computers_own(&ctx, cmd, &seats) {
            ctx.status.info = Some(why.into());
            continue;
        }
        // A setup in progress is abandoned by a new game, a load or a pasted position only if
        // it takes: one that fails (no save file, a set that does not check, bad text) leaves
        // the setup as it was (a review found it dropped, the board left on a masked stance).
        let replacing = matches!(
            cmd,
            Command::NewGame
                | Command::NewGameWith(..)
                | Command::NewGameDrawn(..)
                | Command::Load(_)
                | Command::LoadRecordFile(_)
                | Command::LoadRecordText(_)
                | Command::SetPosition(_)
        );
        let held = if replacing { ctx.setup.0.take() } else { None };
        // (A game that took has a new seed: fresh for a new game or position, the save's own.)
        let game_now = |ctx: &Ctx| {
            (
                *ctx.game.0.position(),
                ctx.game.0.actions().count(),
                ctx.game.0.seed(),
                ctx.replacements.0,
            )
        };
        let before = held.as_ref().map(|_| game_now(&ctx));
        let was = game_now(&ctx);
        ctx.setup_held.0 = held.is_some();
        apply_one(&mut ctx, cmd, &mut seats, &mut thinking);
        ctx.setup_held.0 = false;
        // The dialog's seats are the new game's once it has begun; a start that failed leaves
        // the game in progress its own.
        if matches!(cmd, Command::NewGameWith(..) | Command::NewGameDrawn(..))
            && let Some(p) = pending.0.take()
            && game_now(&ctx) != was
        {
            seats.0 = p;
        }
        // A call over the Hug that did not take (refused) keeps White's pick too.
        if (replaces_game || call_over_hug) && game_now(&ctx) == was {
            (ctx.hidden.0, ctx.hug.pick) = kept_secret;
        }
        // A draw offered lapses with the next action, or another game (§2.0.21).
        if !matches!(cmd, Command::OfferDraw) && game_now(&ctx) != was {
            ctx.draw.0 = None;
        }
        // Nothing stays picked up over a change of the game the pick did not make itself (a
        // throw, a guess, a call, the trap, an ending): a review found the other side's next
        // click refused in the name of a piece picked before the throw. A move (clicked, played
        // or typed) picks up its concert partner itself.
        // (Undo and redo set the pick themselves: a partner in hand again is picked up again.)
        if !matches!(
            cmd,
            Command::Click(_)
                | Command::Play(_)
                | Command::ComputerPlay(_)
                | Command::Enter(_)
                | Command::Undo
                | Command::Redo
        ) && game_now(&ctx) != was
        {
            ctx.sel.0 = None;
        }
        // A loaded game or a pasted position with a partner in hand (or a stepping stone's
        // second move open): picked up, as after the move that left it so (a review found it
        // put down by a Save then Load).
        if replacing && game_now(&ctx) != was {
            pick_up_again_keeping_news(&mut ctx, &seats);
        }
        if let Some(b) = before
            && ctx.setup.0.is_none()
            && game_now(&ctx) == b
        {
            ctx.setup.0 = held;
        }
    }
    spring_played(&mut ctx, spring_at);
    answer_entry(&mut ctx, entered);
}

/// A typed spring (`typed_trap_spring`) that the game took — the history grew — is played, as
/// the companion says of any typed action; one a guard refused (a review of the moves, a secret
/// open) is left to `answer_entry`, which gives the guard's words (an audit found "tenable,
/// played" said before the guards had run).
fn spring_played(ctx: &mut Ctx, spring: Option<(String, usize)>) {
    if let Some((text, before)) = spring
        && ctx.companion.verdict.0.is_none()
        && ctx.game.0.actions().count() > before
    {
        ctx.companion.verdict.0 = Some(crate::host::companion::Verdict::Tenable(text));
    }
}

/// `~W6` typed against the computer while it waits over the person's own Obscurant Chaos trap
/// (`computer::TrapWait`): the person's spring, as the panel's button sends it
/// (`Command::Interrupt`). Typed, the token would play the computer's end of turn before the
/// invocation, which is the computer's to play (a review found the companion's own way to spring
/// a trap refused against the computer).
fn typed_trap_spring(
    ctx: &Ctx,
    cmd: &Command,
    seats: &crate::packs::veney::computer::VeneyComputer,
) -> Option<Command> {
    let Command::Enter(t) = cmd else { return None };
    let sq = t.trim().strip_prefix('~')?.to_ascii_uppercase();
    let sq = veney_rules::Square::parse(&sq)?;
    let pos = ctx.game.0.position();
    let person_casts = seats.plays(!pos.turn()).is_none() && seats.plays(pos.turn()).is_some();
    (person_casts && ctx.game.0.springable_traps().contains(sq)).then_some(Command::Interrupt(sq))
}

/// Whether a first secret is in and still open: a guess's hidden pick (the thrower's throw
/// waits), White's Hug hand (the game awaits the Hug).
fn secret_picks_open(ctx: &Ctx) -> (bool, bool) {
    let pos = ctx.game.0.position();
    let guess_open = ctx.hidden.0.is_some()
        && !pos.is_game_over()
        && matches!(pos.phase(), veney_rules::Phase::Throw { .. });
    let hug_open =
        ctx.hug.pick.is_some() && veney_rules::hug::awaits_hug(&ctx.game.0.rules, pos.outcome());
    (guess_open, hug_open)
}

/// A typed move (`Command::Enter` of `text`) left with no verdict was spent before the rules
/// saw it: the companion window says why, in the status line's words — but not the text while
/// a secret pick is open (a guess's, the Hug's): nothing typed then is shown back (a review
/// found it echoed under the refusal).
fn answer_entry(ctx: &mut Ctx, text: Option<String>) {
    let Some(mut text) = text else {
        return;
    };
    if ctx.companion.verdict.0.is_some() {
        return;
    }
    let (guess_open, hug_open) = secret_picks_open(ctx);
    if guess_open || hug_open {
        text = "(not shown)".into();
    }
    let why = ctx
        .status
        .refusal
        .clone()
        .or_else(|| ctx.status.info.clone())
        .unwrap_or_else(|| "not taken now".into());
    ctx.companion.verdict.0 = Some(crate::host::companion::Verdict::Refused { text, why });
}

/// Why `cmd` is the computer's and not a person's to give now, if it is. The computer's side
/// is played by the computer only; nor does a person declare for it: acknowledge its defeat (its
/// dying move is its own) or spring its trap (the caster is the side not moving). A person may
/// call an untenable move of their own: §2.0.22 "called out by the opponent or graciously by the
/// player who made it". Chance is the game's dice whoever presses R — the computer sends
/// `Roll` for its own throws, casts and Donkey — but not a guess throw, whose hidden pick is a
/// player's, except the defender's "let the game's dice decide" (§2.0.R1).
fn computers_own(
    ctx: &Ctx,
    cmd: &Command,
    seats: &crate::packs::veney::computer::VeneyComputer,
) -> Option<&'static str> {
    let pos = *ctx.game.0.position();
    // With the computer on both sides, nobody at the screen declares for either.
    if seats.0.iter().all(Option::is_some)
        && matches!(
            cmd,
            Command::Resign
                | Command::ResignAs(_)
                | Command::OfferDraw
                | Command::AnswerDraw(_)
                | Command::CallUntenable
                | Command::CallOwnUntenable
        )
    {
        return Some("both sides are the computer's: it declares for them");
    }
    let for_computer = match cmd {
        Command::Acknowledge => pos.dying().is_some_and(|s| seats.plays(s).is_some()),
        Command::Interrupt(_) => seats.plays(!pos.turn()).is_some(),
        _ => false,
    };
    if for_computer {
        return Some(
            "that is the computer's to declare: it plays its own side (a person declares only for their own)",
        );
    }
    let guess = ctx.game.0.rules.options.dice.is_guess();
    let roll_let_through = matches!(cmd, Command::Roll)
        && match pos.phase() {
            veney_rules::Phase::Throw { .. } => !guess || seats.plays(!pos.turn()).is_none(),
            veney_rules::Phase::Cast { .. } | veney_rules::Phase::DonkeyMove { .. } => true,
            _ => false,
        };
    let computers_turn = seats
        .plays(crate::packs::veney::computer::acting_side(&pos))
        .is_some()
        && !pos.is_game_over();
    let plays = matches!(
        cmd,
        Command::Click(_)
            | Command::Play(_)
            | Command::Enter(_)
            | Command::Roll
            | Command::SelectReserve(_)
            | Command::SelectFree
            | Command::SelectDonkey
    );
    // Waiting over the person's trap, the computer waits for the person (`computer::TrapWait`;
    // a review found "wait for its move" said while each waited for the other).
    if computers_turn && plays && !roll_let_through && ctx.game.0.springable_traps().any() {
        return Some(
            "the computer waits for your answer about your trap (§2.0.18): spring it, or let it pass",
        );
    }
    (computers_turn && plays && !roll_let_through).then_some(crate::host::grid::COMPUTER_TO_MOVE)
}

/// One command on the live game.
fn apply_one(
    ctx: &mut Ctx<'_>,
    cmd: &Command,
    seats: &mut crate::packs::veney::computer::VeneyComputer,
    thinking: &mut crate::packs::veney::computer::VeneyThinking,
) {
    match cmd.clone() {
        Command::View(_) => {}
        Command::Cancel => ctx.sel.0 = None,
        Command::SelectReserve(k) => select::reserve(ctx, k),
        Command::SelectFree => ctx.sel.0 = Some(super::game::Selected::Free),
        Command::SelectDonkey => ctx.sel.0 = Some(super::game::Selected::Donkey),
        Command::Click(sq) => select::click(ctx, sq),
        Command::Play(a) => {
            if ctx.play(a) {
                ctx.sel.0 = select::picked_after_move(ctx);
            }
        }
        // The computer's partner in hand is its own to place: nothing is picked up for the
        // person, nor are they told to click (a review found the computer's lifted partner
        // selected for the person, with "click where it goes").
        Command::ComputerPlayOn => ctx.pause.0.play_on(),
        Command::ComputerPlay(a) => {
            if ctx.play(a) {
                ctx.sel.0 = None;
            }
        }
        Command::Hint => {
            crate::packs::veney::computer::hint(&ctx.game.0, seats, thinking, &mut ctx.status)
        }
        Command::Roll => throws::roll(ctx),
        Command::Hide(place) => throws::hide(ctx, place),
        Command::Guess(guess) => throws::guess(ctx, guess),
        Command::Interrupt(at) => throws::interrupt(ctx, at, false),
        // The computer's wait is its own (`computer::TrapWait`): nothing changes in the game.
        Command::LetTrapPass => {}
        Command::ComputerInterrupt(at) => throws::interrupt(ctx, at, true),
        Command::ExportMoves(path) => files::export_moves(ctx, path),
        Command::SetupPick(_) | Command::SetupReady | Command::SetupHandover => {
            ctx.status.info = Some("there is no setup in progress".into())
        }
        // Only while the Hug is open: a pick sent as a call took the draw back leaves nothing
        // behind (a review found the computer's pick set with no draw standing).
        Command::HugPick(c) => {
            if veney_rules::hug::awaits_hug(&ctx.game.0.rules, ctx.game.0.position().outcome())
                && ctx.hug.settled != Some(ctx.game.0.position().hash())
            {
                ctx.hug.pick = Some(c);
            } else {
                ctx.status.refusal = Some("there is no Hug open to pick for (§2.0.23)".into());
            }
        }
        Command::Hug(black) => endings::hug(ctx, black),
        Command::Undo => {
            if seats.any() {
                // Against the computer its reply goes back with the person's turn.
                if !crate::packs::veney::computer::undo_to_person(&mut ctx.game.0, seats) {
                    ctx.status.info = Some("nothing to undo".into());
                } else {
                    // The computer on both sides waits: seeded as before, it would play the
                    // undone turn again at once (`computer_pause`).
                    ctx.pause.0.undone(
                        veney_rules::Side::ALL
                            .iter()
                            .all(|&s| seats.plays(s).is_some()),
                    );
                }
                // A Hug taken back is played again.
                ctx.hug.settled = None;
                ctx.sel.0 = None;
            } else {
                history::undo(ctx)
            }
            // A sprung trap goes back whole: the turn it cut short is open again.
            ctx.interruptions.take_back(&mut ctx.game.0);
            pick_up_again(ctx, seats);
        }
        Command::Redo => {
            history::redo(ctx);
            // Against the computer, its reply comes back with the person's turn, as undo took
            // it back (a review found a new search played instead, the redo list wiped).
            let both = veney_rules::Side::ALL
                .iter()
                .all(|&s| seats.plays(s).is_some());
            while seats.any() && !both {
                let pos = *ctx.game.0.position();
                let computer = seats
                    .plays(crate::packs::veney::computer::acting_side(&pos))
                    .is_some();
                if !computer || pos.is_game_over() || !history::redo_one(ctx) {
                    break;
                }
            }
            pick_up_again(ctx, seats);
        }
        Command::NewGame => files::new_game(ctx),
        Command::Acknowledge => ctx.game.0.acknowledge(),
        // Against the computer the caller is the person, whoever offended (§2.0.22: "called out
        // by the opponent or graciously by the player who made it").
        Command::CallUntenable => {
            let by = seats.person();
            endings::call_untenable(ctx, by)
        }
        // The offender's own call, between people (against the computer the caller is always
        // the person, whoever offended: `CallUntenable`).
        Command::CallOwnUntenable if seats.any() => {
            ctx.status.refusal =
                Some("against the computer the call is the person's: Call it untenable!".into())
        }
        Command::CallOwnUntenable => {
            let by = ctx.game.0.call_offender();
            endings::call_untenable(ctx, by)
        }
        // The computer calls the person's move: the caller is the offender's opponent.
        Command::ComputerCall => {
            let by = ctx.game.0.call_offender().map(|o| !o);
            endings::call_untenable(ctx, by)
        }
        Command::Enter(text) => notation::enter(ctx, &text, seats),
        // Against the computer the person resigns, whoever is to move.
        Command::Resign => {
            let side = seats.person().unwrap_or(ctx.game.0.position().turn());
            endings::resign(ctx, side)
        }
        // A person never resigns for the computer.
        Command::ResignAs(side) if seats.plays(side).is_some() => {
            ctx.status.refusal = Some(format!(
                "{side} is the computer's side: only its opponent resigns here"
            ));
        }
        Command::ResignAs(side) => endings::resign(ctx, side),
        Command::OfferDraw => {
            let side = seats.person().unwrap_or(ctx.game.0.position().turn());
            endings::offer_draw(ctx, side, seats.plays(!side).is_some())
        }
        Command::AnswerDraw(yes) => endings::answer_draw(ctx, yes),
        Command::NewGameWith(options, sets) => files::new_game_with(ctx, options, sets, None),
        Command::NewGameDrawn(options, sets, first) => {
            files::new_game_with(ctx, options, sets, Some(first))
        }
        Command::SetPosition(text) => files::set_position(ctx, &text),
        Command::Save(path) => files::save(ctx, path, &seats.0),
        // The game goes on against the computer as it was saved.
        Command::Load(path) => {
            if let Some(saved) = files::load(ctx, path, &seats.0) {
                seats.0 = saved;
            }
        }
        Command::LoadRecordFile(path) => {
            // A byte that is not UTF-8 is named at its line and column, as a save's is.
            let text = game_api::read_text_file(&path)
                .map_err(|e| format!("could not read {}: {e}", path.display()));
            files::load_record(ctx, text, &path.display().to_string(), &seats.0);
        }
        Command::LoadRecordText(text) => {
            files::load_record(ctx, Ok(text), "the pasted text", &seats.0)
        }
    }
}
