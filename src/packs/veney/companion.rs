//! Veney in companion mode (`host/companion`): the feed — the notation of every legal action
//! (`San`), what players must otherwise remember, read from the position's own accessors (whose
//! turn and the rulebook's turn counter, passes in a row, retreats used, an en passant window,
//! blade captures, cast-squares, the no-contest count, a declared intention, time penalties, the
//! Donkeys), a throw awaiting its sticks, a move that may be called untenable — and the answers:
//! a typed move becomes `Command::Enter`, the game's throw `Command::Roll`, a call
//! `Command::CallUntenable`; each played action is announced in words.
use super::VeneySystems;
use super::game::{Command, CurrentGame, GameSet, Played};
use crate::host::companion::{Announce, Companion, CompanionFeed, CompanionIntent, RollKind};
use bevy::prelude::*;
use veney_rules::dice::{Roll, Verdict};
use veney_rules::notation::San;
use veney_rules::penalty::Call;
use veney_rules::{Action, Device, Effect, Game, Phase, Position, Side};

/// A call of an untenable move was made this frame (`commands::endings::call_untenable`): what
/// it took back from the history is the call's, announced with it, not an undo.
#[derive(Resource, Default)]
pub struct CallMade(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CallMade>().add_systems(
        Update,
        (
            answer
                .before(GameSet)
                .after(crate::host::companion::CompanionAsks),
            (
                announce,
                feed.run_if(
                    resource_changed::<CurrentGame>
                        .or_eager(resource_changed::<Companion>)
                        .or_eager(resource_changed::<super::setup_screen::SetupSession>)
                        .or_eager(resource_changed::<super::computer::VeneyComputer>)
                        .or_eager(state_changed::<crate::host::Screen>),
                ),
            )
                .chain()
                .after(GameSet),
        )
            .in_set(VeneySystems),
    );
}

/// The notation of every legal action now, each once.
pub fn moves(game: &Game) -> Vec<String> {
    let pos = game.position();
    let legal = game.legal_actions();
    let mut out: Vec<String> = Vec::new();
    for a in &legal {
        let s = San::of_action(&game.rules, pos, &legal, a).to_string();
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

fn piece_name(game: &Game, side: Side, k: veney_rules::Kind) -> String {
    game.rules.set(side).piece(k).name().to_string()
}

fn device_name(d: Device) -> &'static str {
    match d {
        Device::FireDance => "Fire Dance",
        Device::ObscurantChaos => "Obscurant Chaos",
        Device::Shima => "Shima",
    }
}

/// What the players must otherwise remember, from the position's accessors, each with the
/// rulebook section it serves.
pub fn memory(game: &Game) -> Vec<(String, String)> {
    let pos = game.position();
    let opts = &game.rules.options;
    let mut rows: Vec<(String, String)> = Vec::new();
    let mut row = |k: &str, v: String| rows.push((k.to_string(), v));
    let to_move = match pos.outcome() {
        Some(o) if pos.dying().is_none() => format!("nobody — {o}"),
        _ => format!("{} — turn {}", pos.turn(), pos.turn_number()),
    };
    row("To move", to_move);
    if let Some(part) = turn_part(game) {
        row("This turn", part);
    }
    row("Passes in a row (§2.0.17)", pos.passes().to_string());
    let limit = |side: Side| match opts.retreat_limit_for(side) {
        veney_rules::options::RetreatLimit::Unlimited => String::new(),
        veney_rules::options::RetreatLimit::Limited(n) => format!(" of {n}"),
    };
    row(
        "Retreats used (§2.0.02)",
        format!(
            "White {}{} · Black {}{}",
            pos.retreats(Side::White),
            limit(Side::White),
            pos.retreats(Side::Black),
            limit(Side::Black)
        ),
    );
    row(
        "En passant (§2.0.04)",
        match pos.en_passant() {
            Some(e) => format!(
                "{} may fend the engagement on {} by moving to {}",
                pos.turn(),
                e.victim,
                e.target
            ),
            None => "none".into(),
        },
    );
    let mut pinned = Vec::new();
    for owner in Side::ALL {
        use veney_rules::special::blade_capture;
        for (k, sq, _) in blade_capture::pins(pos, owner) {
            let free = blade_capture::freeable(pos, owner).any(|f| f.1 == sq);
            pinned.push(format!(
                "{owner}'s {} under the Cloak on {sq} ({})",
                piece_name(game, owner, k),
                if free { "may be freed" } else { "not free yet" }
            ));
        }
    }
    row(
        "Blade captures (§2.0.06)",
        if pinned.is_empty() {
            "none".into()
        } else {
            pinned.join("; ")
        },
    );
    let mut casts = Vec::new();
    for side in Side::ALL {
        for d in [Device::FireDance, Device::ObscurantChaos, Device::Shima] {
            for sq in pos.cast_squares_of(side, d) {
                let spent = d == Device::ObscurantChaos && pos.chaos_spent(side).contains(sq);
                casts.push(format!(
                    "{side} {} {sq}{}",
                    device_name(d),
                    if spent { " (spent)" } else { "" }
                ));
            }
        }
    }
    row(
        "Cast-squares (§2.0.18)",
        if casts.is_empty() {
            "none".into()
        } else {
            casts.join("; ")
        },
    );
    // Shima outlasts its square (the reclaim clears it: "This does not end Shima"), and
    // Hirakamae is "used only once per game": neither is on the board to be seen (a review found
    // both missing here).
    if opts.devices {
        if pos.shima() {
            row(
                "Shima (§2.0.18)",
                "in force: no retreat or reset, and the game cannot be drawn".into(),
            );
        }
        let hira = |side: Side| match pos.hirakamae(side) {
            0 => "not used",
            1 => "in Hirakamae",
            _ => "used",
        };
        row(
            "Hirakamae (§2.0.18)",
            format!("White {} · Black {}", hira(Side::White), hira(Side::Black)),
        );
    }
    row(
        "No-contest count (§2.0.20)",
        match opts.no_contest_turns {
            Some(n) => format!("{} of {n} turns", pos.quiet_turns()),
            None => format!("{} turns", pos.quiet_turns()),
        },
    );
    row(
        "Intention (§2.0.11)",
        // Each side's (the opponent's own declaration leaves the other standing).
        {
            let each: Vec<String> = pos
                .intentions()
                .map(|i| {
                    format!(
                        "{}'s {} on {} will strike {} on {}",
                        i.side,
                        piece_name(game, i.side, i.kind),
                        i.from,
                        i.target.map_or(
                            if i.bluff {
                                "no piece"
                            } else {
                                "the free engagement"
                            }
                            .into(),
                            |t| format!("the {}", piece_name(game, !i.side, t))
                        ),
                        i.to
                    )
                })
                .collect();
            if each.is_empty() {
                "none declared".into()
            } else {
                each.join("; ")
            }
        },
    );
    let pen: Vec<u8> = Side::ALL
        .iter()
        .map(|&s| veney_rules::penalty::time_penalties(pos, s))
        .collect();
    if pen.iter().any(|&p| p > 0) {
        row(
            "Time penalties (§2.0.22)",
            format!("White {} · Black {}", pen[0], pen[1]),
        );
    }
    let donkeys: Vec<String> = Side::ALL
        .iter()
        .filter_map(|&s| pos.donkey(s).map(|sq| format!("{s}'s on {sq}")))
        .collect();
    if !donkeys.is_empty() {
        row("Donkeys (§2.0.23)", donkeys.join("; "));
    }
    rows
}

/// What a throw's distraction repositions: "the Self and the Sword", or the Self alone for an
/// army without a blade that is not a thrower (R-THROW-DISTRACTION; a review found the Assassin
/// told to move a Sword it has not).
pub fn distraction_pieces(game: &Game) -> String {
    let pos = game.position();
    let side = pos.turn();
    let blade = match pos.reposition() {
        // Obscurant Chaos: the caster's choice of blade.
        Some(_) => Some("a blade".to_string()),
        None => veney_rules::special::dagger_throw::distraction_blade(&game.rules, pos, side)
            .map(|k| format!("the {}", piece_name(game, side, k))),
    };
    let done = match pos.phase() {
        Phase::Distraction { life, blade } => (life, blade),
        _ => (false, false),
    };
    still_to_reposition(done, blade)
}

/// The pieces a distraction or Obscurant Chaos still repositions, once each: the Self and
/// `blade`, less those already repositioned (a review found the prompt naming the Self after it
/// had moved).
pub fn still_to_reposition((life, blade_done): (bool, bool), blade: Option<String>) -> String {
    match (life, blade_done, blade) {
        (false, false, Some(b)) => format!("the Self and {b}"),
        (false, _, _) => "the Self".into(),
        (true, false, Some(b)) => b,
        (true, _, _) => "nothing more".into(),
    }
}

/// Where the turn stands when it is not at its start: a second move open (§2.0.15), a throw
/// awaiting its sticks (§2.0.08), a distraction (§2.0.08), glare (§2.0.10), a cast piece in the
/// air (§2.0.18), the Donkey's move (§2.0.23), a dying move (§2.0.20), a concert partner in hand
/// (§2.0.02).
pub fn turn_part(game: &Game) -> Option<String> {
    let pos = game.position();
    if pos.is_game_over() {
        return None;
    }
    if pos.dying().is_some() {
        return Some(format!("{} may make a dying move (§2.0.20)", pos.turn()));
    }
    if let Some(l) = pos.lifted() {
        return Some(format!(
            "the {} lifted from {} is in hand: place it (§2.0.02)",
            piece_name(game, pos.turn(), l.kind),
            l.from
        ));
    }
    Some(match pos.phase() {
        Phase::Start => return None,
        Phase::Second {
            stone: Some(sq), ..
        } => format!("a second move is open for the piece on {sq} (§2.0.15)"),
        Phase::Second { .. } => "a second move is open (§2.0.15)".into(),
        Phase::Throw { .. } if game.rules.options.dice.is_guess() => {
            "the Dagger Throw: the defender hides the token, the thrower guesses (§2.0.R1)".into()
        }
        Phase::Throw { .. } => "the Dagger Throw awaits its sticks (§2.0.08)".into(),
        Phase::Distraction { .. } => match pos.reposition() {
            None => format!(
                "distraction: reposition {}, or end the turn (§2.0.08)",
                distraction_pieces(game)
            ),
            Some(r) if !r.takes => format!(
                "Obscurant Chaos: reposition {}, or end the turn (§2.0.18)",
                distraction_pieces(game)
            ),
            Some(_) => format!(
                "the trap is sprung: reposition {}, or make a normal turn instead (§2.0.18)",
                distraction_pieces(game)
            ),
        },
        Phase::Glare => "glare or declare an intention, or end the turn (§2.0.10)".into(),
        Phase::Cast { .. } => "a cast piece is in the air (§2.0.18)".into(),
        Phase::DonkeyMove { placer } => format!("{placer}'s Donkey moves first (§2.0.23)"),
        Phase::Hirakamae { .. } => "hirakamae: one more move, or end the turn (§2.0.18)".into(),
        Phase::Reclaim {
            stone: None,
            concert: None,
        } => "Shima: place the reclaimed Dagger, or end the turn (§2.0.18)".into(),
        Phase::Reclaim { .. } => {
            "Shima: place the reclaimed Dagger or make the other second move, or end the turn (§2.0.18)"
                .into()
        }
    })
}

/// A throw in words: what was thrown, and what landed with what it means.
pub fn throw_words(game: &Game, before: &Position, a: &Action) -> (String, String) {
    match *a {
        Action::Roll(r) => {
            let side = before.turn();
            let verdict = match r.verdict() {
                Verdict::Hit => "hit: checkmate by touch",
                Verdict::Distraction if game.rules.options.distraction_loses_dagger => {
                    "distraction; the Dagger is lost"
                }
                Verdict::Distraction => "distraction",
                Verdict::Miss => "miss: the Dagger is lost",
            };
            let faces = match r {
                Roll::Sticks { thrown, own } => {
                    format!("{r}, {} of {thrown} {side}", own.count_ones())
                }
                r => r.to_string(),
            };
            (
                format!("{side}'s Dagger Throw (§2.0.08)"),
                format!("{faces} — {verdict}"),
            )
        }
        Action::Donkey(r) => {
            let placer = match before.phase() {
                Phase::DonkeyMove { placer } => placer,
                _ => before.turn(),
            };
            let result = match r {
                Some(Roll::Sticks { own, .. }) => RollKind::Donkey.words(own.count_ones() as u8),
                Some(r) => r.to_string(),
                None => "one open square: it moves there".into(),
            };
            (format!("{placer}'s Donkey (§2.0.23)"), result)
        }
        Action::Land(l) => (
            "The cast piece (§2.0.18)".into(),
            match l.at {
                Some(sq) => format!("lands on {sq}"),
                None => "lands off the board".into(),
            },
        ),
        a => (
            "—".into(),
            San::of_action(&game.rules, before, &game.legal_actions(), &a).to_string(),
        ),
    }
}

/// What a call of an untenable move did (§2.0.22), in words.
pub fn call_words(c: Call) -> String {
    match c {
        Call::Reverted => "the move is reset; the same player moves again".into(),
        Call::TimePenalty => "the move is reset, and a time penalty".into(),
        Call::TurnSkipped => "the move is reset and the turn skipped".into(),
        Call::PieceLost(sq) => format!("the piece on {sq} is lost and the turn skipped"),
        Call::JutsuFended(sq) => {
            format!("the Jutsu on {sq} is fended back to reserve and the turn skipped")
        }
        Call::Lost => "the offender loses the game".into(),
        Call::Reset => "the board is reset as by retreat".into(),
    }
}

/// A played action in words: who, the notation, and what it did.
pub fn announcement(game: &Game, p: &Played) -> String {
    let side = p.before.turn();
    let rules = &game.rules;
    let mut s = match p.action {
        Action::Roll(_) | Action::Donkey(_) | Action::Land(_) => {
            let (what, result) = throw_words(game, &p.before, &p.action);
            format!("{what}: {result}")
        }
        Action::EndTurn => format!("{side} ends the turn"),
        a => {
            let legal = p.before.legal_actions(rules);
            let mut s = format!("{side}: {}", San::of_action(rules, &p.before, &legal, &a));
            if let Action::Move(m) = a {
                let what = match m.effect {
                    Effect::Take(k) => Some(format!("takes the {}", piece_name(game, !side, k))),
                    Effect::Fend(k) => Some(format!("fends the {}", piece_name(game, !side, k))),
                    Effect::Disarm(k) => {
                        Some(format!("disarms the {}", piece_name(game, !side, k)))
                    }
                    Effect::EnPassant(_) => Some("fends en passant".into()),
                    Effect::Checkmate => Some("checkmate".into()),
                    // §2.0.18 Shadow-Stabbing: the Balance fended, the Jutsu taken (a review
                    // found the announcement giving the notation alone).
                    Effect::ShadowStab(k) => Some(format!(
                        "fends the {} and takes the Jutsu by shadow-stabbing",
                        piece_name(game, !side, k)
                    )),
                    _ => None,
                };
                if let Some(w) = what {
                    s.push_str(&format!(" — {w}"));
                }
            }
            // Asked of the rules: whatever they accept is tenable — a bluffed intention too
            // (§2.0.11 "you may bluff an intention of any describable move, even if it is
            // untenable"), which is never among the legal actions (a review found the caption
            // calling a bluff untenable, so telling the opponent it was one).
            // Only while the call is open: not once it was made (a move typed with its call's
            // mark, `$X9U`: a review found "may call it" said of it) or closed.
            let mut tried = p.before;
            if !legal.contains(&a)
                && tried.play(rules, a).is_err()
                && game.call_offender() == Some(side)
            {
                s.push_str(&format!(" — untenable: {} may call it", !side));
            }
            s
        }
    };
    if let Some(o) = p.after.outcome()
        && p.before.outcome().is_none()
    {
        s.push_str(&format!(" — {o}"));
    }
    s
}

fn feed(
    game: Res<CurrentGame>,
    c: Res<Companion>,
    setup: Res<super::setup_screen::SetupSession>,
    seats: Res<super::computer::VeneyComputer>,
    mut feed: ResMut<CompanionFeed>,
) {
    if !c.on {
        return;
    }
    // A concealed or in-turns setup (§2.0.19) is made on the board, not in notation.
    if let Some(s) = &setup.0 {
        *feed = CompanionFeed {
            game: "Veney".into(),
            memory: vec![("Setup (§2.0.19)".into(), s.prompt())],
            donkey: g_donkey(&game.0),
            ..default()
        };
        return;
    }
    let g = &game.0;
    let pos = g.position();
    // Nothing is thrown once the game is over — a flag fallen or a resignation during a throw
    // leaves its phase (a review found the Roll still offered).
    let chance = match pos.phase() {
        _ if pos.is_game_over() => None,
        Phase::Throw { .. } if !g.rules.options.dice.is_guess() => {
            veney_rules::special::dagger_throw::sticks(&g.rules, pos, pos.turn()).map(|n| {
                use veney_rules::dice::{DiceMethod, Roll};
                // What is thrown (§2.0.R1), and how it is typed as it landed.
                let (what, example) = match g.rules.options.dice {
                    DiceMethod::FlatOdds(sides) => (
                        format!("one {sides}-sided die, rolled by {}", !pos.turn()),
                        Roll::Die { sides, face: 1 }.to_string(),
                    ),
                    DiceMethod::CoinFlips => (
                        format!("{n} coins; heads are the thrower's"),
                        "o".repeat(n as usize),
                    ),
                    _ => (format!("{n} sticks"), "o".repeat(n as usize)),
                };
                // `o` is the thrower's colour here, unlike the Donkey's sticks (a review found a
                // White thrower typing the Donkey's way, a distraction read as a miss).
                let what = if matches!(g.rules.options.dice, DiceMethod::FlatOdds(_)) {
                    what
                } else {
                    format!("{what} — o the thrower's ({}), x the other", pos.turn())
                };
                // Against the computer the game's dice decide (a throw typed in is refused).
                if seats.any() {
                    format!(
                        "{}'s Dagger Throw ({what}; the game's dice decide)",
                        pos.turn()
                    )
                } else {
                    format!(
                        "{}'s Dagger Throw ({what}; or type it as landed, e.g. @{example})",
                        pos.turn()
                    )
                }
            })
        }
        // Its sticks are read by colour, not by the thrower's (R-DONKEY: `o` a black stick),
        // unlike the Dagger Throw's: said, so a White placer does not type the mirror count.
        // Against the computer the game's dice decide, as for the Dagger Throw (a review found
        // a typed throw invited, then refused).
        Phase::DonkeyMove { placer } if seats.any() => Some(format!(
            "{placer}'s Donkey (5 sticks; the game's dice decide)"
        )),
        // One open square next to it: it moves there, no throw (§2.0.23 step 1; a review found
        // sticks asked for, and the throw typed then refused).
        Phase::DonkeyMove { placer }
            if g.legal_actions().contains(&veney_rules::Action::Donkey(None)) =>
        {
            Some(format!(
                "{placer}'s Donkey has one open square next to it and moves there, no throw (§2.0.23): type K@-"
            ))
        }
        Phase::DonkeyMove { placer } => Some(format!(
            "{placer}'s Donkey (5 sticks; or type them as landed, e.g. K@oxoxx — o a black stick, x a white one)"
        )),
        Phase::Cast { .. } if seats.any() => {
            Some("where the cast piece lands (the game's dice decide)".into())
        }
        Phase::Cast { .. } => Some(
            "where the cast piece lands: type its square as it landed, e.g. @X6, or @out off the board".into(),
        ),
        _ => None,
    };
    let call = g.call_offender().map(|offender| {
        // Against the computer the button is the person's own call, "graciously by the player
        // who made it" (§2.0.22): the computer calls for itself, or lets stand a move that wins
        // for it at once (a review found the line naming the computer as the button's caller).
        if seats.plays(!offender).is_some() && seats.plays(offender).is_none() {
            format!(
                "{offender}'s last move is untenable: the computer may call it, or {offender} graciously — the button is {offender}'s own call (§2.0.22)"
            )
        } else {
            format!(
                "{offender}'s last move is untenable: {} may call it (§2.0.22)",
                !offender
            )
        }
    });
    *feed = CompanionFeed {
        game: "Veney".into(),
        moves: moves(g),
        memory: memory(g),
        chance,
        call,
        donkey: g_donkey(g),
        warned: Vec::new(),
    };
}

/// The companion's asks, as Veney's own commands.
fn answer(mut intents: MessageReader<CompanionIntent>, mut out: MessageWriter<Command>) {
    for i in intents.read() {
        match i {
            CompanionIntent::Enter(t) if !t.trim().is_empty() => {
                out.write(Command::Enter(t.clone()));
            }
            CompanionIntent::GameRoll => {
                out.write(Command::Roll);
            }
            CompanionIntent::Call => {
                out.write(Command::CallUntenable);
            }
            _ => {}
        }
    }
}

/// Each played action in words; an ending that no move brought (a resignation, the Hug, an
/// agreed draw, a fallen flag) is announced too, and so is what takes the table back: an undo,
/// an ending withdrawn, another game begun or loaded — the last entry's verdict goes with it (a
/// review found "Game over" still captioned over a game played on).
fn announce(
    mut played: MessageReader<Played>,
    game: Res<CurrentGame>,
    mut out: MessageWriter<Announce>,
    mut told: Local<Option<Option<veney_rules::Outcome>>>,
    mut seen: Local<Option<((usize, u64), usize)>>,
    mut verdict: ResMut<crate::host::companion::EntryVerdict>,
    mut called: ResMut<CallMade>,
    replaced: Res<super::commands::Replacements>,
) {
    // Each game begun or loaded is another (a review found a Load of the same game's save, its
    // rules and seed the same, told as nothing, its last entry's verdict left standing).
    let id = (Played::rules_id(&game.0.rules), replaced.0);
    let len = game.0.actions().count();
    // A call took the move back (the Friendly policy) with what followed it: its own caption
    // stands, not "Taken back" (a review found the call's words replaced at once).
    if std::mem::take(&mut called.0)
        && let Some((was_id, _)) = *seen
        && was_id == id
    {
        *seen = Some((id, len));
    }
    let to_move = game.0.position().turn();
    let next = format!("{to_move} to move");
    let other = || format!("A game begun or loaded: {next}");
    let back = crate::host::companion::went_back(&mut *seen, id, len, other, &next);
    if let Some(b) = back {
        out.write(Announce(b));
        verdict.0 = None;
        *told = Some(game.0.position().outcome());
        played.clear();
        return;
    }
    let mut ended_by_move = false;
    // (An action of a game replaced this frame is not told in this game's words.)
    for p in played.read().filter(|p| p.of_rules(&game.0.rules)) {
        out.write(Announce(announcement(&game.0, p)));
        ended_by_move |= p.after.outcome().is_some() && p.before.outcome().is_none();
    }
    let now = game.0.position().outcome();
    if let Some(before) = *told
        && before != now
        && !ended_by_move
    {
        match now {
            Some(o) => out.write(Announce(format!("Game over: {o}"))),
            None => {
                verdict.0 = None;
                out.write(Announce(format!(
                    "The ending is taken back: {to_move} to move"
                )))
            }
        };
    }
    *told = Some(now);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::companion::roller::donkey_way;

    /// An intention on the free engagement (§2.0.11, R-INTENTION) is remembered as that, not as
    /// striking "no piece" (a review found a real intention read as a bluff's words).
    #[test]
    fn an_intention_on_the_free_engagement_is_named() {
        let r = std::sync::Arc::new(veney_rules::Rules::standard());
        let mut g = Game::from_position(
            r.clone(),
            Position::from_text(
                &r,
                "4/4/4/bswc/eeee/4/J3/E@2/4/4/1E2/E1E1/CWSB/4/4/4 w DGLR/dgljr",
            )
            .unwrap(),
        );
        g.play_token("!$fX9", 1).unwrap();
        let rows = memory(&g);
        let (_, said) = rows
            .iter()
            .find(|(k, _)| k.starts_with("Intention"))
            .expect("the intention row");
        assert!(
            said.contains("will strike the free engagement on X9"),
            "{said}"
        );
    }

    /// §2.0.18 Shadow-Stabbing: the announcement says the Balance is fended and the Jutsu taken
    /// (a review found the notation alone).
    #[test]
    fn a_shadow_stab_is_announced_in_words() {
        let r = std::sync::Arc::new(veney_rules::Rules::standard());
        let before = Position::from_pieces(
            &r,
            &[
                (veney_rules::Side::White, "Self", "X2"),
                (veney_rules::Side::White, "Sword", "X4"),
                (veney_rules::Side::Black, "Self", "Y14"),
                (veney_rules::Side::Black, "Balance", "X7"),
            ],
            veney_rules::Side::White,
        )
        .unwrap();
        let g = Game::from_position(r.clone(), before);
        let action = *g
            .legal_actions()
            .iter()
            .find(|a| matches!(a, Action::Move(m) if matches!(m.effect, Effect::ShadowStab(_))))
            .expect("the shadow-stab is legal");
        let mut after = before;
        after.play(&r, action).unwrap();
        let played = crate::packs::veney::game::Played {
            before,
            action,
            after,
            rules: std::sync::Arc::as_ptr(&r) as usize,
        };
        let said = announcement(&g, &played);
        assert!(
            said.contains("fends the Balance and takes the Jutsu by shadow-stabbing"),
            "{said}"
        );
    }

    /// §2.0.08 / §2.0.18: the Self and a blade are repositioned "once each" — the prompt names
    /// what is still to reposition (a review found the Self named after it had moved).
    #[test]
    fn the_prompt_names_only_what_is_still_to_reposition() {
        let sword = Some("the Sword".to_string());
        assert_eq!(
            still_to_reposition((false, false), sword.clone()),
            "the Self and the Sword"
        );
        assert_eq!(
            still_to_reposition((true, false), sword.clone()),
            "the Sword"
        );
        assert_eq!(
            still_to_reposition((false, true), sword.clone()),
            "the Self"
        );
        assert_eq!(still_to_reposition((false, false), None), "the Self");
        // The live game after the Self's repositioning says so too.
        let r = veney_rules::Rules::standard();
        let p = Position::from_text(
            &r,
            "4/4/4/1s2/4/4/4/4/4/4/4/4/GW2/2S1/4/4 w EEEE/eeee casts=wCY8 chaosspent=wY8 distraction=S reposition=8:n",
        )
        .unwrap();
        let g = Game::from_position(std::sync::Arc::new(r), p);
        assert_eq!(distraction_pieces(&g), "a blade");
    }

    #[test]
    fn the_distraction_names_the_sword_only_where_the_army_has_one() {
        // §2.0.08: the distraction repositions "the Self and the Sword"; without a Sword, the
        // Self alone (R-THROW-DISTRACTION) — the Archives Assassin has none.
        let sets = [
            std::path::PathBuf::from("config/sets/assassin.ron"),
            crate::packs::veney::game::standard_set_path(),
        ];
        let r = crate::packs::veney::game::rules_for(&sets, Default::default()).unwrap();
        let mut g = Game::new(std::sync::Arc::new(r));
        assert_eq!(distraction_pieces(&g), "the Self");
        g.play(Action::Pass).unwrap();
        assert_eq!(distraction_pieces(&g), "the Self and the Sword");
    }

    /// §2.0.18 Shima: "This does not end Shima" after the reclaim clears its square, and
    /// Hirakamae "may only be used once per game": the memory keeps both, which the board does
    /// not show (a review found them missing).
    #[test]
    fn the_memory_keeps_shima_and_hirakamae() {
        let r = std::sync::Arc::new(veney_rules::Rules::standard());
        let row = |g: &Game, label: &str| {
            memory(g)
                .into_iter()
                .find(|(k, _)| k.starts_with(label))
                .map(|(_, v)| v)
        };
        let text = "4/4/4/bsw1/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w D/d";
        let plain = Game::from_position(r.clone(), Position::from_text(&r, text).unwrap());
        assert_eq!(row(&plain, "Shima"), None);
        assert_eq!(
            row(&plain, "Hirakamae").as_deref(),
            Some("White not used · Black not used")
        );
        let p = Position::from_text(&r, &format!("{text} shima=1 hira=2:1")).unwrap();
        let g = Game::from_position(r.clone(), p);
        assert!(row(&g, "Shima").is_some_and(|v| v.starts_with("in force")));
        assert_eq!(
            row(&g, "Hirakamae").as_deref(),
            Some("White used · Black in Hirakamae")
        );
    }

    #[test]
    fn the_donkey_ways_are_the_rules_directions() {
        // §2.0.23: the host's words for each count of black sticks match the rules' own
        // directions, from the roller's side (White: forward is up, left is towards W).
        let words = |dx: i8, dy: i8| {
            let fb = if dy > 0 { "forward" } else { "backward" };
            match dx {
                0 => fb.to_string(),
                x if x < 0 => format!("{fb}-left"),
                _ => format!("{fb}-right"),
            }
        };
        for black in 1..=5u8 {
            let (dx, dy) =
                veney_rules::special::donkey::direction(Side::White, black as u32).unwrap();
            assert_eq!(donkey_way(black), words(dx, dy), "{black} black");
        }
        assert!(veney_rules::special::donkey::direction(Side::White, 0).is_none());
        assert_eq!(donkey_way(0), "stays put");
    }
}

/// Whether the roller offers the Donkey's throw: only in a game with a Donkey (§2.0.23).
fn g_donkey(g: &veney_rules::Game) -> bool {
    g.rules.options.donkey
        || veney_rules::Side::ALL
            .into_iter()
            .any(|s| g.rules.set(s).donkey)
}
