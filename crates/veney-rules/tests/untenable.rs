//! Untenable moves played with sand and their penalties (§2.0.22).
mod common;
use common::*;
use std::sync::Arc;
use veney_rules::game::{Attempt, Mark};
use veney_rules::options::UntenablePolicy;
use veney_rules::outcome::{Mate, Outcome};
use veney_rules::penalty::Call;
use veney_rules::{Action, Game, Rules};

/// A game under `policy` from these pieces (the rest in reserve), White to move.
fn game_with(policy: UntenablePolicy, pieces: &[(veney_rules::Side, &str, &str)]) -> Game {
    let mut opts = rules().options.clone();
    opts.untenable = policy;
    let r = Arc::new(Rules::standard_with(opts));
    let p = pos(&r, pieces, White);
    Game::from_position(r, p)
}

fn game(policy: UntenablePolicy, with_guard: bool) -> Game {
    let mut pieces = vec![
        (White, "Self", "X2"),
        (White, "Sword", "X4"),
        (Black, "Self", "Y14"),
        (Black, "Sword", "Y12"),
    ];
    if with_guard {
        pieces.push((White, "Guard", "W3"));
    }
    game_with(policy, &pieces)
}

fn action(g: &Game, turn: &str) -> Action {
    // The move as a player means it, whether or not it is tenable.
    let all = veney_rules::penalty::untenable_actions(&g.rules, g.position());
    let legal = g.legal_actions();
    let san = veney_rules::notation::San::parse(turn).unwrap();
    san.resolve(&g.rules, g.position(), &legal, 1)
        .or_else(|_| san.resolve(&g.rules, g.position(), &all, 1))
        .unwrap()
}

#[test]
fn strict_never_offers_or_plays_an_untenable_move() {
    // Ruling R-UNTENABLE-STRICT: teaching mode.
    let mut g = game(UntenablePolicy::Strict, false);
    assert!(veney_rules::penalty::untenable_actions(&g.rules, g.position()).is_empty());
    let r = g.rules.clone();
    let mut lax = game(UntenablePolicy::Friendly, false);
    let a = action(&lax, "$X9");
    let why = g.attempt(a).unwrap_err();
    assert!(why.to_string().contains("range constraint"), "{why}");
    assert!(matches!(lax.attempt(a), Ok(Attempt::PlayedUntenable(_))));
    let _ = r;
}

#[test]
fn friendly_and_time_penalty_take_the_move_back() {
    // §2.0.22: "In a friendly game: The move is reset, and the player can make an allowed move."
    // "Time Penalty: The move is reset, and the player receives a penalty".
    for (policy, call) in [
        (UntenablePolicy::Friendly, Call::Reverted),
        (UntenablePolicy::TimePenalty, Call::TimePenalty),
    ] {
        let mut g = game(policy, false);
        let before = *g.position();
        let a = action(&g, "$X9");
        let res = g.attempt(a).unwrap();
        let Attempt::PlayedUntenable(why) = res else {
            panic!("tenable?")
        };
        assert!(why.section.contains("2.0.03"), "{why}");
        assert!(g.callable());
        assert_eq!(g.call_untenable(), Some(call));
        assert_eq!(g.position().turn(), White, "the same player moves again");
        assert_eq!(
            g.position()
                .pieces(White, g.rules.set(White).by_name("Sword").unwrap()),
            before.pieces(White, g.rules.set(White).by_name("Sword").unwrap())
        );
        let pen = veney_rules::penalty::time_penalties(g.position(), White);
        assert_eq!(pen, u8::from(call == Call::TimePenalty));
        if call == Call::Reverted {
            assert_eq!(g.record(), "", "a friendly move taken back leaves no trace");
        } else {
            // The penalty counted must replay from the record: the call keeps its mark.
            assert_eq!(g.record(), "1. $X9U");
        }
    }
}

/// §2.0.22 "only immediately after the move is made … If you make a move, you've lost your
/// chance": the turn holding the move open to call is named (the app's move list says it does
/// not yet stand) until the next move, and no more after it.
#[test]
fn the_turn_open_to_call_is_named_until_the_chance_is_lost() {
    let mut g = game(UntenablePolicy::TurnPenalty, false);
    assert_eq!(g.open_call_turn(), None);
    assert_eq!(g.open_call_reason(), None);
    g.attempt(action(&g, "$X9")).unwrap();
    assert_eq!(g.open_call_turn(), Some(0));
    let why = g.open_call_reason().expect("open");
    assert!(why.contains("range constraint"), "{why}");
    g.attempt(action(&g, "SY15")).unwrap();
    assert_eq!(g.open_call_turn(), None, "Black moved: the chance is lost");
    g.attempt(Action::EndTurn).unwrap();
    assert!(g.turns_untenable()[0].is_some(), "and the move stands");
    // White's second turn, tenable, then Black's with sand.
    g.attempt(action(&g, "SX3")).unwrap();
    if g.position().turn() == White {
        g.attempt(Action::EndTurn).unwrap();
    }
    assert_eq!(g.position().turn(), Black);
    let sand = veney_rules::penalty::untenable_actions(&g.rules, g.position())[0];
    g.attempt(sand).unwrap();
    assert!(
        g.record().starts_with("1. $X9, SY15; 2. SX3, "),
        "{}",
        g.record()
    );
    assert_eq!(g.turns_notation().len(), 4);
    assert_eq!(g.open_call_turn(), Some(3), "Black's second turn");
    assert!(g.turns_untenable()[3].is_some());
    assert_eq!(g.open_call_reason(), g.turns_untenable()[3]);
    assert!(g.turns_untenable()[2].is_none());
}

#[test]
fn a_time_penalty_saves_loads_undoes_and_redoes() {
    // §2.0.22 "Time Penalty: The move is reset, and the player receives a penalty reduction to
    // their time control": the count is part of the game (`penalties=1/0`), so a save must give
    // it back (a review found the save refused as not matching its final position), and the
    // offender's move made again belongs to the same turn.
    let mut g = game(UntenablePolicy::TimePenalty, false);
    g.attempt(action(&g, "$X9")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::TimePenalty));
    g.attempt(action(&g, "$X6")).unwrap();
    g.attempt(action(&g, "SY15")).unwrap();
    assert_eq!(g.record(), "1. $X9U $X6, SY15;");
    let text = veney_rules::savefile::write(&g);
    let h = veney_rules::savefile::read(g.rules.clone(), &text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(h.position(), g.position());
    assert_eq!(h.marks(), g.marks());
    assert_eq!(veney_rules::penalty::time_penalties(h.position(), White), 1);
    // Undoing White's turn takes back the retry and the called move with its penalty.
    g.undo(); // SY15
    assert!(g.undo_turn());
    assert_eq!(veney_rules::penalty::time_penalties(g.position(), White), 0);
    assert!(g.actions().next().is_none());
    // Redo plays them as they stood: the call's penalty again.
    g.redo();
    assert_eq!(g.marks(), &[Mark::Called(Call::TimePenalty)]);
    assert_eq!(veney_rules::penalty::time_penalties(g.position(), White), 1);
    g.redo();
    g.redo();
    assert_eq!(g.position(), h.position());
    assert_eq!(g.marks(), h.marks());
}

#[test]
fn redo_keeps_an_untenable_move_open_to_call_and_a_call_with_its_penalty() {
    // §2.0.22 "Absolute piece penalty: If the offending piece is the Self or their only blade,
    // the player has lost the game." Undo then redo of the called move gives the loss back; of
    // an uncalled one, the chance to call it.
    let mut g = game(UntenablePolicy::PiecePenaltyAbsolute, false);
    g.attempt(action(&g, "$X9")).unwrap();
    let called = {
        let mut c = g.clone();
        c.call_untenable();
        c
    };
    assert!(g.callable());
    g.undo();
    g.redo();
    assert!(g.callable(), "still open to call after redo");
    let mut c = called.clone();
    c.undo();
    c.redo();
    assert_eq!(c.position(), called.position());
    assert_eq!(c.marks(), called.marks());
    assert_eq!(c.record(), "1. $X9U#");
    // A call after an undo leaves nothing to redo: the undone move no longer follows.
    let mut g = game(UntenablePolicy::TurnPenalty, false);
    g.attempt(action(&g, "$X9")).unwrap();
    g.attempt(action(&g, "SY15")).unwrap();
    g.undo();
    assert_eq!(g.call_untenable(), Some(Call::TurnSkipped));
    assert_eq!(g.redo(), None);
}

#[test]
fn turn_penalty_resets_and_skips_the_turn() {
    // §2.0.22: "Turn Penalty: The move is reset, and the player's turn is skipped."
    let mut g = game(UntenablePolicy::TurnPenalty, false);
    let a = action(&g, "$X9");
    g.attempt(a).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::TurnSkipped));
    assert_eq!(g.position().turn(), Black);
    assert!(g.position().piece_at(sq("X4")).is_some());
    assert_eq!(g.record(), "1. $X9U");
}

#[test]
fn a_skipped_turn_counts_toward_no_contest() {
    // §2.0.20 Impasse — Non-fencing: "too many untenable moves … they are simply not fencing,
    // and the game may be called a draw." A turn skipped by the penalty is a turn without
    // contact like any other (a review found it left out of the count).
    let mut g = game(UntenablePolicy::TurnPenalty, false);
    let quiet = g.position().quiet_turns();
    g.attempt(action(&g, "$X9")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::TurnSkipped));
    assert_eq!(g.position().turn(), Black);
    assert_eq!(g.position().quiet_turns(), quiet + 1);
    let text = veney_rules::savefile::write(&g);
    let h = veney_rules::savefile::read(g.rules.clone(), &text).unwrap();
    assert_eq!(h.position(), g.position());
}

#[test]
fn piece_penalty_discards_the_piece_or_spares_the_last_blade() {
    // §2.0.22: "Piece Penalty: The piece which made the untenable move is discarded, and the
    // player's turn is skipped. Absolute … If the offending piece is the Self or their only
    // blade, the player has lost the game. Lenient … the piece is moved back and the player merely
    // has their turn skipped."
    let mut g = game(UntenablePolicy::PiecePenaltyLenient, true);
    let a = action(&g, "GW7");
    g.attempt(a).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::PieceLost(sq("W7"))));
    let guard = g.rules.set(White).by_name("Guard").unwrap();
    assert_eq!(
        (g.position().discard(White, guard), g.position().turn()),
        (1, Black)
    );
    assert_eq!(g.record(), "1. GW7Ut");
    // The only blade, lenient: moved back, turn skipped.
    let mut g = game(UntenablePolicy::PiecePenaltyLenient, false);
    g.attempt(action(&g, "$X9")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::TurnSkipped));
    assert!(g.position().piece_at(sq("X4")).is_some());
    // Absolute: the game is lost.
    let mut g = game(UntenablePolicy::PiecePenaltyAbsolute, false);
    g.attempt(action(&g, "$X9")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::Lost));
    assert_eq!(
        g.position().outcome(),
        Some(Outcome::Checkmate {
            winner: Black,
            by: Mate::Penalty
        })
    );
    assert_eq!(g.record(), "1. $X9U#");
}

#[test]
fn sudden_death_and_delayed_reset() {
    // §2.0.22: "Sudden Death: The player who made the untenable move loses instantly."
    let mut g = game(UntenablePolicy::SuddenDeath, true);
    g.attempt(action(&g, "GW7")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::Lost));
    assert!(g.position().is_game_over());
    // "Delayed Reset: … the non-offending player may declare a reset of the board as if by retreat".
    let mut g = game(UntenablePolicy::DelayedReset, true);
    g.attempt(action(&g, "GW7")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::Reset));
    let start = veney_rules::Position::start(&g.rules);
    assert_eq!(
        g.position().piece_at(sq("Y4")),
        start.piece_at(sq("Y4")),
        "the Self back on its baseline"
    );
}

#[test]
fn a_call_comes_only_immediately_after_the_move() {
    // §2.0.22: "If you make a move, you've lost your chance to call out the preceding untenable
    // move."
    let mut g = game(UntenablePolicy::TurnPenalty, false);
    g.attempt(action(&g, "$X9")).unwrap();
    assert_eq!(g.position().turn(), Black);
    g.attempt(action(&g, "SY15")).unwrap();
    assert!(!g.callable());
    assert_eq!(g.call_untenable(), None);
    assert_eq!(g.marks(), &[Mark::Untenable, Mark::Tenable]);
}

#[test]
fn the_offenders_turn_ending_and_the_donkeys_move_leave_the_call_open() {
    // §2.0.22: "An untenable move can be called out by the opponent … only immediately after the
    // move is made … If you make a move, you've lost your chance". Ruling R-UNTENABLE-CALL: what
    // follows that is no move of the caller's — here the Donkey's move after the offender's turn
    // (§2.0.23) — leaves the chance open, and is taken back with the move.
    let mut opts = rules().options.clone();
    opts.untenable = UntenablePolicy::TurnPenalty;
    opts.donkey = true;
    let r = Arc::new(Rules::standard_with(opts));
    let base = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "X4"),
            (Black, "Self", "Y14"),
            (Black, "Sword", "Y12"),
        ],
        White,
    );
    let start =
        veney_rules::Position::from_text(&r, &format!("{} donkey=wW9", base.to_text(&r))).unwrap();
    let mut g = Game::from_position(r.clone(), start);
    g.attempt(action(&g, "$X9")).unwrap();
    assert!(matches!(
        g.position().phase(),
        veney_rules::Phase::DonkeyMove { .. }
    ));
    g.roll();
    assert_eq!(g.position().turn(), Black);
    assert!(g.callable(), "the Donkey's move closes no chance");
    assert_eq!(g.call_untenable(), Some(Call::TurnSkipped));
    // The move and the Donkey's move after it are taken back; White's turn is skipped, after
    // which the Donkey moves again.
    assert!(g.position().piece_at(sq("X4")).is_some());
    assert_eq!(g.marks(), &[Mark::Called(Call::TurnSkipped)]);
    let text = veney_rules::savefile::write(&g);
    let h = veney_rules::savefile::read(g.rules.clone(), &text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(h.position(), g.position());
    // The record replays (R-REPLAY-SAND), the Donkey's throw written in the offender's turn
    // after its move, called or not (a review found it refused as a third move of the turn).
    let replays = |g: &Game| {
        let record = format!(
            "[Position \"{}\"]\n{}",
            g.start_position().to_text(&r),
            g.record()
        );
        let rep = veney_rules::replay::replay(&r, &record).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            rep.turns.iter().all(|t| t.result.is_ok()),
            "{record}: {:?}",
            rep.turns.iter().find(|t| t.result.is_err())
        );
        assert_eq!(rep.game.position(), g.position(), "{record}");
    };
    while matches!(g.position().phase(), veney_rules::Phase::DonkeyMove { .. }) {
        g.roll();
    }
    replays(&g);
    // Black's own move closes it (the control).
    let mut g = Game::from_position(r.clone(), start);
    g.attempt(action(&g, "$X9")).unwrap();
    g.roll();
    g.attempt(action(&g, "SY15")).unwrap();
    assert!(!g.callable());
    while g.position().turn() == Black {
        g.play(Action::EndTurn).unwrap();
    }
    replays(&g);
}

#[test]
fn the_callers_own_glare_closes_the_call() {
    // §2.0.22: "If you make a move, you've lost your chance". Glare "amounts to a pass"
    // (§2.0.16) but it is the caller's own turn: the chance is gone once White has glared,
    // though a glare of the offender's own would have left it (R-UNTENABLE-CALL).
    let mut g = game_with(
        UntenablePolicy::TurnPenalty,
        &[
            (White, "Self", "W2"),
            (White, "Lantern", "Y4"),
            (Black, "Self", "Y14"),
            (Black, "Sword", "X15"),
            (Black, "Jutsu", "Z12"),
            (Black, "Balance", "Y10"),
        ],
    );
    g.play(Action::Pass).unwrap();
    let Attempt::PlayedUntenable(_) = g.attempt(action(&g, "$X7")).unwrap() else {
        panic!("tenable?")
    };
    while g.position().turn() == Black {
        g.play(Action::EndTurn).unwrap();
    }
    assert_eq!(g.call_offender(), Some(Black), "open on White's turn");
    g.play(action(&g, "LfJ~")).unwrap();
    assert_eq!(g.position().turn(), Black);
    assert!(!g.callable(), "White glared instead of calling");
    assert_eq!(g.call_untenable(), None);
}

#[test]
fn records_with_untenable_moves_save_and_load() {
    let mut g = game(UntenablePolicy::TurnPenalty, true);
    g.attempt(action(&g, "GW7")).unwrap();
    g.call_untenable();
    g.attempt(action(&g, "$Y7")).unwrap(); // Black's untenable move, not called
    g.attempt(action(&g, "SX3")).unwrap();
    let text = veney_rules::savefile::write(&g);
    let h = veney_rules::savefile::read(g.rules.clone(), &text).unwrap();
    assert_eq!(h.position(), g.position());
    assert_eq!(h.marks(), g.marks());
}

#[test]
fn the_penalty_loss_stands_when_the_untenable_move_took_the_self() {
    // §2.0.22: "Sudden Death: The player who made the untenable move loses instantly." "Absolute
    // piece penalty: If the offending piece is the Self or their only blade, the player has lost
    // the game." The untenable move here takes Black's Self; called, it is White who loses.
    for policy in [
        UntenablePolicy::SuddenDeath,
        UntenablePolicy::PiecePenaltyAbsolute,
    ] {
        let mut g = game_with(
            policy,
            &[
                (White, "Self", "X2"),
                (White, "Sword", "X4"),
                (Black, "Self", "X9"),
                (Black, "Sword", "Y12"),
            ],
        );
        let a = action(&g, "$tX9");
        assert!(matches!(g.attempt(a), Ok(Attempt::PlayedUntenable(_))));
        assert!(g.position().is_game_over() || g.position().dying().is_some());
        assert_eq!(g.call_untenable(), Some(Call::Lost), "{policy:?}");
        assert_eq!(
            g.position().outcome(),
            Some(Outcome::Checkmate {
                winner: Black,
                by: Mate::Penalty
            }),
            "{policy:?}"
        );
        assert!(g.position().dying().is_none());
    }
}

#[test]
fn under_the_other_penalties_a_jutsu_entering_control_is_merely_prevented() {
    // §2.0.07 Control: "If the Jutsu attempts to attack or move into the measure where Control is
    // active, the move is merely prevented. However, if playing by turn-penalty …, the move is
    // prevented and the turn skipped. If playing by piece-penalty, the Jutsu is fended and the
    // turn skipped." The text names those two: under a time penalty, sudden death or a Delayed
    // Reset the call takes the move back and nothing more (R-CONTROL; a review found a penalty
    // counted, the game lost, the board reset). Black's Self Y7 and Balance W6 control measure 2.
    for policy in [
        UntenablePolicy::Friendly,
        UntenablePolicy::TimePenalty,
        UntenablePolicy::SuddenDeath,
        UntenablePolicy::DelayedReset,
    ] {
        let mut g = game_with(
            policy,
            &[
                (White, "Self", "X2"),
                (White, "Sword", "W2"),
                (White, "Jutsu", "X4"),
                (Black, "Self", "Y7"),
                (Black, "Sword", "Z7"),
                (Black, "Balance", "W6"),
            ],
        );
        let before = *g.position();
        let Attempt::PlayedUntenable(why) = g.attempt(action(&g, "JX5")).unwrap() else {
            panic!("{policy:?}: tenable?")
        };
        assert!(why.to_string().contains("2.0.07"), "{policy:?}: {why}");
        assert_eq!(g.call_untenable(), Some(Call::Reverted), "{policy:?}");
        assert_eq!(*g.position(), before, "{policy:?}: merely prevented");
        assert_eq!(g.position().outcome(), None, "{policy:?}");
    }
    // Another untenable move under the same penalties is penalised as before: the Sword out
    // of its range.
    let mut g = game(UntenablePolicy::TimePenalty, false);
    g.attempt(action(&g, "$X9")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::TimePenalty));
}

#[test]
fn under_piece_penalty_a_jutsu_entering_control_is_fended() {
    // §2.0.07 Control: "If the Jutsu attempts to attack or move into the measure where Control is
    // active, the move is merely prevented. … If playing by piece-penalty, the Jutsu is fended
    // and the turn skipped." Black's Self Y7 and Balance W6 control measure 2.
    let mut g = game_with(
        UntenablePolicy::PiecePenaltyLenient,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "W2"),
            (White, "Jutsu", "X4"),
            (Black, "Self", "Y7"),
            (Black, "Sword", "Z7"),
            (Black, "Balance", "W6"),
        ],
    );
    let jutsu = g.rules.set(White).by_name("Jutsu").unwrap();
    let reserve = g.position().reserve(White, jutsu);
    let a = action(&g, "JX5");
    let Attempt::PlayedUntenable(why) = g.attempt(a).unwrap() else {
        panic!("tenable?")
    };
    assert!(why.to_string().contains("2.0.07"), "{why}");
    assert_eq!(g.call_untenable(), Some(Call::JutsuFended(sq("X4"))));
    let after = g.position();
    assert_eq!(
        after.reserve(White, jutsu),
        reserve + 1,
        "fended to reserve"
    );
    assert_eq!(after.discard(White, jutsu), 0, "not discarded");
    assert!(after.piece_at(sq("X4")).is_none() && after.piece_at(sq("X5")).is_none());
    assert_eq!(after.turn(), Black, "the turn skipped");
    assert_eq!(g.record(), "1. JX5Ut");
    // Placed into the controlled measure (beside the Self, §2.0.13), the Jutsu is fended too:
    // it stays in reserve.
    let mut g = game_with(
        UntenablePolicy::PiecePenaltyAbsolute,
        &[
            (White, "Self", "X4"),
            (White, "Sword", "W2"),
            (Black, "Self", "Y7"),
            (Black, "Sword", "Z7"),
            (Black, "Balance", "W6"),
        ],
    );
    let reserve = g.position().reserve(White, jutsu);
    let Attempt::PlayedUntenable(why) = g.attempt(action(&g, "J*X5")).unwrap() else {
        panic!("tenable?")
    };
    assert!(why.to_string().contains("2.0.07"), "{why}");
    assert_eq!(g.call_untenable(), Some(Call::JutsuFended(sq("X5"))));
    let after = g.position();
    assert_eq!(after.reserve(White, jutsu), reserve, "back in reserve");
    assert_eq!(after.discard(White, jutsu), 0, "not discarded");
    assert!(after.piece_at(sq("X5")).is_none());
    assert_eq!(after.turn(), Black, "the turn skipped");
    let text = veney_rules::savefile::write(&g);
    let h = veney_rules::savefile::read(g.rules.clone(), &text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(h.position(), g.position());
}

/// §2.0.11 Presence: "This can be invoked in the moment in order to call piece placement
/// untenable": playing with sand a placement into the measure of the opposing Self and Jutsu is
/// made, and the opponent may call it (a review found it refused outright, as in a strict game).
/// Black's Self X14 and Jutsu W15 hold measure 4; White's Self on Y12 places its Cloak on Y13.
#[test]
fn playing_with_sand_a_placement_under_presence_may_be_called() {
    let pieces = [
        (White, "Self", "Y12"),
        (White, "Sword", "X11"),
        (Black, "Self", "X14"),
        (Black, "Jutsu", "W15"),
    ];
    let strict = game_with(UntenablePolicy::Strict, &pieces);
    let cloak = strict.rules.set(White).by_name("Cloak").unwrap();
    let place = Action::Place {
        kind: cloak,
        to: sq("Y13"),
        face: None,
    };
    assert!(!strict.legal_actions().contains(&place), "Presence holds");
    let mut g = game_with(UntenablePolicy::PiecePenaltyLenient, &pieces);
    assert!(veney_rules::penalty::untenable_actions(&g.rules, g.position()).contains(&place));
    let Attempt::PlayedUntenable(why) = g.attempt(place).unwrap() else {
        panic!("tenable?")
    };
    assert!(why.to_string().contains("2.0.11"), "{why}");
    assert_eq!(g.call_untenable(), Some(Call::PieceLost(sq("Y13"))));
    assert!(g.position().piece_at(sq("Y13")).is_none());
    assert_eq!(g.position().turn(), Black, "the turn skipped");
}

#[test]
fn a_delayed_reset_called_mid_turn_starts_the_offenders_turn_afresh() {
    // §2.0.22 Delayed Reset: "a reset of the board as if by retreat". Called after the untenable
    // second move of a concert, the reset board leaves no second move pending; the offender
    // moves (ruling R-UNTENABLE-CALL).
    let mut g = game(UntenablePolicy::DelayedReset, true);
    g.attempt(action(&g, "SX3")).unwrap();
    assert!(
        !g.position().at_turn_start(),
        "the concert's second move is open"
    );
    let a = action(&g, "$X9");
    assert!(matches!(g.attempt(a), Ok(Attempt::PlayedUntenable(_))));
    assert_eq!(g.call_untenable(), Some(Call::Reset));
    let p = g.position();
    assert!(p.at_turn_start(), "{:?}", p.phase());
    assert!(p.lifted().is_none());
    assert_eq!(p.turn(), White, "the offender moves");
    veney_rules::invariants::check(&g.rules, p).unwrap();
}

#[test]
fn a_delayed_reset_counts_a_partner_lifted_in_concert() {
    // §2.0.22 Delayed Reset: "a reset of the board as if by retreat" — every piece in play is set
    // up as at the start (the Self, Sword and engagements on their squares, the others on the
    // starting step's empty squares, R-RETREAT), the concert partner in hand (R-CONCERT)
    // included: none is lost.
    let mut g = game_with(
        UntenablePolicy::DelayedReset,
        &[
            (White, "Self", "Y4"),
            (White, "Dagger", "X5"),
            (Black, "Self", "W16"),
        ],
    );
    let dagger = g.rules.set(White).by_name("Dagger").unwrap();
    let reserve = g.position().reserve(White, dagger);
    g.attempt(action(&g, "SX5")).unwrap();
    assert!(g.position().lifted().is_some(), "the Dagger is in hand");
    let a = action(&g, "DX13");
    assert!(matches!(g.attempt(a), Ok(Attempt::PlayedUntenable(_))));
    assert_eq!(g.call_untenable(), Some(Call::Reset));
    let q = g.position();
    assert_eq!(
        q.pieces(White, dagger).first().map(|s| s.step()),
        Some(4),
        "the Dagger on the starting step, which has room"
    );
    assert_eq!(q.reserve(White, dagger), reserve);
    veney_rules::invariants::check(&g.rules, q).unwrap();
}

#[test]
fn under_shima_a_delayed_reset_call_takes_the_move_back() {
    // §2.0.18 Shima: "retreat and reset are now impossible"; §2.0.22 Delayed Reset would "declare
    // a reset of the board as if by retreat". Ruling R-UNTENABLE-SHIMA: the move is taken back.
    let g = game(UntenablePolicy::DelayedReset, true);
    let text = under_shima(&g.position().to_text(&g.rules));
    let p = veney_rules::Position::from_text(&g.rules, &text).unwrap();
    let mut g = Game::from_position(g.rules.clone(), p);
    let before = *g.position();
    g.attempt(action(&g, "GW7")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::Reverted));
    assert_eq!(*g.position(), before, "the Guard back on W3, nothing reset");
}

#[test]
fn a_shift_that_breaks_the_blades_range_is_the_blades_offence() {
    // §2.0.07 Shift: "assuming the blade piece's destination is within its normal constraints";
    // §2.0.22: untenable "when the range-breaking move is made by the constrained piece". The
    // Balance on Z11 trades places with White's only blade, the Sword on X4: the Sword lands out
    // of range, so it is the offender — under the absolute penalty White loses (a review found
    // the Balance discarded instead).
    let pieces = [
        (White, "Self", "Y2"),
        (White, "Sword", "X4"),
        (White, "Balance", "Z11"),
        (Black, "Self", "Y14"),
        (Black, "Sword", "Y12"),
    ];
    let mut g = game_with(UntenablePolicy::PiecePenaltyAbsolute, &pieces);
    let a = action(&g, "BX4~$Z11");
    assert!(
        !g.legal_actions().contains(&a),
        "untenable: the Sword out of range"
    );
    g.attempt(a).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::Lost));
    // Lenient: the Sword goes back, the Balance with it, and the turn is skipped.
    let mut g = game_with(UntenablePolicy::PiecePenaltyLenient, &pieces);
    g.attempt(action(&g, "BX4~$Z11")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::TurnSkipped));
    let sword = g.rules.set(White).by_name("Sword").unwrap();
    assert_eq!(g.position().piece_at(sq("X4")), Some((White, sword)));
}

#[test]
fn a_called_untenable_checkmate_wins_nothing_under_a_piece_penalty() {
    // §2.0.22 "Piece Penalty: The piece which made the untenable move is discarded, and the
    // player's turn is skipped." With a second blade on the board the Sword is not critical: the
    // checkmate its untenable move made goes with the move (a review found the penalty leaving
    // White the winner), the Sword is discarded from where it stood, and Black moves.
    for policy in [
        UntenablePolicy::PiecePenaltyAbsolute,
        UntenablePolicy::PiecePenaltyLenient,
    ] {
        let mut g = game_with(
            policy,
            &[
                (White, "Self", "X2"),
                (White, "Sword", "X4"),
                (White, "Dagger", "W3"),
                (Black, "Self", "X9"),
                (Black, "Sword", "Y12"),
            ],
        );
        let a = action(&g, "$tX9");
        assert!(matches!(g.attempt(a), Ok(Attempt::PlayedUntenable(_))));
        assert_eq!(
            g.call_untenable(),
            Some(Call::PieceLost(sq("X4"))),
            "{policy:?}"
        );
        let p = g.position();
        assert_eq!(p.outcome(), None, "{policy:?}");
        assert_eq!(p.dying(), None);
        assert_eq!(p.turn(), Black);
        let sword = g.rules.set(White).by_name("Sword").unwrap();
        assert_eq!(p.discard(White, sword), 1);
        assert!(p.piece_at(sq("X9")).is_some(), "Black's Self stands");
    }
}

#[test]
fn a_records_call_mark_must_be_what_the_agreed_penalty_gives() {
    // §2.0.R5: `U#` is "checkmate by penalty", `Ut` a piece "lost by piece-penalty". Replayed
    // under terms whose penalty gives another mark (a record without its [Rules] header), the
    // token is refused, saying so, rather than replayed astray.
    let pieces = [
        (White, "Self", "X2"),
        (White, "Sword", "X4"),
        (Black, "Self", "X9"),
        (Black, "Sword", "Y12"),
    ];
    let mut g = game_with(UntenablePolicy::SuddenDeath, &pieces);
    g.play_token_reporting("$tX9U#", 1).unwrap();
    assert!(g.position().is_game_over());
    // §2.0.22 Sudden Death: "The player who made the untenable move loses instantly"; the
    // checkmate that move made is void (R-UNTENABLE-CALL), and the board shows none: the
    // winner's Self stands on X9, White's Sword on X4 (an audit found the Self in the discard).
    let p = g.position();
    let self_b = g.rules.set(Black).by_name("Self").unwrap();
    let sword_w = g.rules.set(White).by_name("Sword").unwrap();
    assert_eq!(p.piece_at(sq("X9")), Some((Black, self_b)));
    assert_eq!(p.piece_at(sq("X4")), Some((White, sword_w)));
    assert_eq!(
        p.outcome(),
        Some(veney_rules::outcome::Outcome::Checkmate {
            winner: Black,
            by: veney_rules::outcome::Mate::Penalty
        })
    );
    for policy in [UntenablePolicy::Friendly, UntenablePolicy::TurnPenalty] {
        let mut g = game_with(policy, &pieces);
        let before = *g.position();
        let e = g.play_token_reporting("$tX9U#", 1).unwrap_err();
        assert!(e.to_string().contains("[Rules]"), "{policy:?}: {e}");
        // Refused, it leaves the game as it was (the companion types onto the live game).
        assert_eq!(*g.position(), before, "{policy:?}");
        assert_eq!(g.actions().count(), 0);
    }
}

#[test]
fn a_turn_penalty_on_a_concert_partner_from_the_hand_takes_the_concert_back() {
    // §2.0.22 "Turn Penalty: The move is reset, and the player's turn is skipped." The Self
    // landed on its Sword (R-CONCERT: the Sword in hand), whose move is untenable: the Sword
    // cannot go back to its square under the Self, so the concert goes back whole — Self and
    // Sword where they stood (a review found the Sword sent to reserve, White left bladeless).
    let mut g = game_with(
        UntenablePolicy::TurnPenalty,
        &[
            (White, "Self", "Y4"),
            (White, "Sword", "X5"),
            (Black, "Self", "W16"),
        ],
    );
    g.play_token_reporting("SX5", 1).unwrap();
    assert!(g.position().lifted().is_some());
    g.play_token_reporting("$X13U", 5).unwrap();
    let p = g.position();
    assert_eq!(p.turn(), Black);
    let sword = g.rules.set(White).by_name("Sword").unwrap();
    let me = g.rules.set(White).by_name("Self").unwrap();
    assert_eq!(p.piece_at(sq("X5")), Some((White, sword)));
    assert_eq!(p.piece_at(sq("Y4")), Some((White, me)));
    assert_eq!(p.reserve(White, sword), 0);
}

#[test]
fn after_a_lunge_over_the_partner_only_the_partners_move_is_taken_back() {
    // R-CONCERT: the Self lunged over its Sword (X2 to X5 past X3): its own move is tenable and
    // stands; the Sword's untenable move from the hand is taken back to X3, which is empty, and
    // the turn is skipped (§2.0.22 Turn Penalty: "The move is reset").
    let mut g = game_with(
        UntenablePolicy::TurnPenalty,
        &[
            (White, "Self", "X2"),
            (White, "Sword", "X3"),
            (Black, "Self", "W16"),
        ],
    );
    g.play_token_reporting("SX5", 1).unwrap();
    assert!(g.position().lifted().is_some());
    g.play_token_reporting("$X13U", 5).unwrap();
    let p = g.position();
    assert_eq!(p.turn(), Black);
    let sword = g.rules.set(White).by_name("Sword").unwrap();
    let me = g.rules.set(White).by_name("Self").unwrap();
    assert_eq!(p.piece_at(sq("X5")), Some((White, me)), "the lunge stands");
    assert_eq!(p.piece_at(sq("X3")), Some((White, sword)));
}

/// Two pieces of one kind, both constrained (the Assassin's Ruins): an uncalled untenable move
/// of one is written apart from the other's, which the reader resolves it among too, so the
/// sand game's save loads (a review found `RX10` written, read as ambiguous, and refused).
#[test]
fn an_untenable_move_is_written_apart_from_its_untenable_rivals() {
    let mut opts = rules().options.clone();
    opts.untenable = UntenablePolicy::Friendly;
    let r = Arc::new(Rules::with_sets([set("assassin"), set("assassin")], opts).unwrap());
    let p = pos(
        &r,
        &[
            (White, "Self", "Y2"),
            (White, "Dagger", "X2"),
            (White, "Ruin", "W3"),
            (White, "Ruin", "Z3"),
            (Black, "Self", "Y15"),
            (Black, "Dagger", "X15"),
        ],
        White,
    );
    let mut g = Game::from_position(r.clone(), p);
    let untenable = veney_rules::penalty::untenable_actions(&r, g.position());
    let to_x10 = |from: &str| {
        *untenable
            .iter()
            .find(|a| matches!(a, Action::Move(m) if m.from == sq(from) && m.to == sq("X10")))
            .unwrap_or_else(|| panic!("an untenable Ruin move {from}-X10"))
    };
    let _ = to_x10("Z3");
    let Attempt::PlayedUntenable(_) = g.attempt(to_x10("W3")).unwrap() else {
        panic!("tenable?")
    };
    let record = g.record();
    assert!(
        !record.contains(" RX10") && record.contains("X10"),
        "{record}"
    );
    let text = veney_rules::savefile::write(&g);
    let back =
        veney_rules::savefile::read(r.clone(), &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.position(), g.position());
    // The same game played on under Strict rules (R-REPLAY-SAND: a record's move that stood)
    // writes the move apart from its rivals too, and its save loads (a review found the rivals
    // listed under the game's own policy, none under Strict, and `RX10` written again).
    let mut strict_opts = r.options.clone();
    strict_opts.untenable = UntenablePolicy::Strict;
    let strict =
        Arc::new(Rules::with_sets([set("assassin"), set("assassin")], strict_opts).unwrap());
    let s = g.continued_under(strict.clone(), 7);
    let record = s.record();
    assert!(
        !record.contains(" RX10") && record.contains("X10"),
        "{record}"
    );
    let text = veney_rules::savefile::write(&s);
    let back = veney_rules::savefile::read(strict, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.position(), s.position());
}

/// §2.0.10 Flail, R-FLAIL: out of its Self's measure the Lantern "moves by flailing" — its range
/// constraint then. Playing with sand its ordinary slides elsewhere may be attempted, untenable,
/// and called, as an in-measure Lantern's slides out of range are; the flail's landings stay
/// tenable and are listed once (a review found no untenable move offered to a flailing Lantern).
#[test]
fn playing_with_sand_a_flailing_lantern_may_slide_untenably() {
    let pieces = [
        (White, "Self", "Y6"),
        (White, "Lantern", "Y2"),
        (White, "Sword", "X6"),
        (Black, "Self", "Y15"),
    ];
    let strict = game_with(UntenablePolicy::Strict, &pieces);
    let legal = strict.legal_actions();
    let to = |a: &Action| match a {
        Action::Move(m) if m.from == sq("Y2") => Some(m.to),
        _ => None,
    };
    assert!(
        !legal.iter().filter_map(to).any(|t| t == sq("Y4")),
        "not a flail"
    );
    let g = game_with(UntenablePolicy::Friendly, &pieces);
    let untenable = veney_rules::penalty::untenable_actions(&g.rules, g.position());
    assert!(
        untenable.iter().filter_map(to).any(|t| t == sq("Y4")),
        "{untenable:?}"
    );
    // The flail's own landings are not listed again as untenable.
    for t in legal.iter().filter_map(to) {
        assert!(!untenable.iter().filter_map(to).any(|u| u == t), "{t}");
    }
}

#[test]
fn no_call_once_the_game_ended_by_declaration() {
    // §2.0.22: called "only immediately after the move is made"; a resignation or an agreed
    // draw ends the game (§2.0.21): nothing is called on top of it (a review found the call
    // taking the move back beneath the resignation, which then came back with a later undo).
    for agree in [false, true] {
        let mut g = game(UntenablePolicy::Friendly, false);
        let a = action(&g, "$X9");
        assert!(matches!(g.attempt(a), Ok(Attempt::PlayedUntenable(_))));
        assert!(g.callable());
        if agree {
            g.agree_draw();
        } else {
            g.resign(Black);
        }
        let ended = g.position().outcome();
        assert!(ended.is_some());
        assert!(!g.callable());
        assert_eq!(g.call_untenable(), None);
        assert_eq!(g.position().outcome(), ended);
        // Withdrawn, the call is open again.
        assert!(g.withdraw_declared());
        assert!(g.callable());
    }
}

#[test]
fn an_acknowledged_defeat_is_not_undone_by_redoing_the_dying_move() {
    // §2.0.20 Dying Moves: "a victory is not official until the loser either acknowledges it
    // …". Acknowledged, no dying move follows: a dying move undone before is not redone on top
    // (a review found it replayed as a fresh checkmate, the loser made the winner); undo takes
    // the acknowledgement back alone.
    let r = Arc::new(Rules::standard());
    let p =
        veney_rules::Position::from_text(&r, "4/4/4/4/4/4/4/1s2/W3/2w1/3S/4/4/4/4/4 w EEEE/eeee")
            .unwrap();
    let mut g = Game::from_position_seeded(r.clone(), p, 1);
    for t in ["$tX9#", "$Z6"] {
        for a in veney_rules::notation::parse_turn(&r, g.position(), t, 1).unwrap() {
            g.play(a).unwrap();
        }
    }
    assert_eq!(g.position().outcome(), Some(Outcome::DoubleCheckmate));
    g.undo();
    assert_eq!(g.position().dying(), Some(Black));
    g.acknowledge();
    let mate = Some(Outcome::Checkmate {
        winner: White,
        by: Mate::Touch,
    });
    assert_eq!(g.position().outcome(), mate);
    assert_eq!(g.redo(), None);
    assert_eq!(g.position().outcome(), mate);
    assert!(
        g.withdraw_declared(),
        "the acknowledgement is taken back alone"
    );
    assert_eq!(g.position().dying(), Some(Black));
    assert!(g.redo().is_some());
    assert_eq!(g.position().outcome(), Some(Outcome::DoubleCheckmate));
}

#[test]
fn a_delayed_reset_ends_the_quibble() {
    // §2.0.20: the quibbling reset is open "unless/until a move is made by a piece other than
    // the free engagement"; §2.0.22 Delayed Reset resets the board "as if by retreat", which
    // ends it as a retreat does (a review found `a==` offered on the board just reset).
    let g = game(UntenablePolicy::DelayedReset, false);
    let text = format!("{} quibbles=2", g.position().to_text(&g.rules));
    let p = veney_rules::Position::from_text(&g.rules, &text).unwrap();
    assert_eq!(p.quibbles(), 2);
    let mut g = Game::from_position(g.rules.clone(), p);
    g.attempt(action(&g, "$X9")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::Reset));
    assert_eq!(g.position().quibbles(), 0);
    assert!(!g.legal_actions().contains(&Action::QuibbleReset));
}

#[test]
fn a_delayed_reset_is_the_non_offending_players_to_declare() {
    // §2.0.22 Delayed Reset: "the non-offending player may declare a reset of the board as if
    // by retreat". An untenable move "can be called out by the opponent or graciously by the
    // player who made it": the offender's own call takes the move back and resets nothing (a
    // review found the offender resetting the board by calling their own move).
    let mut g = game(UntenablePolicy::DelayedReset, true);
    let before = *g.position();
    g.attempt(action(&g, "GW7")).unwrap();
    assert_eq!(
        g.call_untenable_by(White),
        Some(Call::Reverted),
        "the offender's own call"
    );
    assert_eq!(
        *g.position(),
        before,
        "the move taken back, the board as it was"
    );
    // The opponent's call declares the reset.
    g.attempt(action(&g, "GW7")).unwrap();
    assert_eq!(g.call_untenable_by(Black), Some(Call::Reset));
    assert_eq!(g.call_untenable(), None, "called once");
}

#[test]
fn after_a_delayed_reset_the_offenders_move_is_written_in_its_own_turn() {
    // §2.0.R5 writes a turn as `1. White, Black;`; after a Delayed Reset the offender moves next
    // (R-UNTENABLE-CALL), as after a time penalty: its move stays in the turn of the call (a
    // review found it written in Black's column, every later pair shifted).
    let mut g = game(UntenablePolicy::DelayedReset, true);
    g.attempt(action(&g, "GW7")).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::Reset));
    assert_eq!(g.position().turn(), White, "the offender moves next");
    let white = g.legal_actions()[0];
    g.play(white).unwrap();
    while g.position().turn() == White {
        g.play(Action::EndTurn).unwrap();
    }
    let black = g.legal_actions()[0];
    g.play(black).unwrap();
    while g.position().turn() == Black {
        g.play(Action::EndTurn).unwrap();
    }
    let record = g.record();
    assert!(record.starts_with("1. GW7U "), "{record}");
    assert_eq!(
        record.matches(", ").count(),
        1,
        "one turn of White and Black: {record}"
    );
    let text = format!(
        "[Position \"{}\"]\n{record}",
        g.start_position().to_text(&g.rules)
    );
    let rep = veney_rules::replay::replay(&g.rules, &text).unwrap();
    assert!(rep.turns.iter().all(|t| t.result.is_ok()), "{record}");
    assert_eq!(rep.game.position(), g.position(), "{record}");
}

#[test]
fn a_pinned_blade_freed_untenably_onto_the_self_is_lost_from_under_the_cloak() {
    // R-UNTENABLE-CALL: a called move that ended the game "wins nothing … taken back with its
    // ending, the piece discarded from where it stood"; §2.0.22 "The piece which made the
    // untenable move is discarded". White's Sword, pinned under Black's Cloak on X8 (§2.0.06),
    // is freed onto Black's Self on X13, out of its range: called, it is discarded from under
    // the Cloak (a review found the turn alone skipped, the Sword kept).
    let mut opts = rules().options.clone();
    opts.untenable = UntenablePolicy::PiecePenaltyAbsolute;
    let r = Arc::new(Rules::standard_with(opts));
    let text =
        "4/4/4/1s2/4/4/4/4/1c2/4/4/2S1/4/D3/4/4 w EEEECBGLJR/eeeebwdgljr pinned=W:X8:0 turns=7";
    let p = veney_rules::Position::from_text(&r, text).unwrap();
    let sword = r.set(White).by_name("Sword").unwrap();
    let mut g = Game::from_position(r.clone(), p);
    let free = veney_rules::penalty::untenable_actions(&r, g.position())
        .into_iter()
        .find(|a| matches!(a, Action::Move(m) if m.from == sq("X8") && m.to == sq("X13")))
        .expect("the freeing move onto the Self, out of range");
    g.attempt(free).unwrap();
    assert_eq!(g.call_untenable(), Some(Call::PieceLost(sq("X8"))));
    let after = *g.position();
    assert!(
        after.outcome().is_none() && after.dying().is_none(),
        "the mate goes"
    );
    assert_eq!(after.discard(White, sword), 1, "the Sword discarded");
    assert!(veney_rules::special::blade_capture::pinned_at(&after, White, sq("X8")).is_none());
    assert_eq!(after.turn(), Black, "and White's turn skipped");
    assert!(g.record().contains("$tX13Ut"), "{}", g.record());
    let saved = veney_rules::savefile::write(&g);
    let back = veney_rules::savefile::read(r.clone(), &saved).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.position(), g.position());
}

#[test]
fn a_partner_in_hand_that_mates_untenably_is_discarded_when_called() {
    // §2.0.22 "The piece which made the untenable move is discarded"; R-UNTENABLE-CALL: a called
    // move that ended the game "wins nothing … the piece discarded from where it stood". White's
    // Self lunges over its Sword, lifting it (R-CONCERT); the Sword, from the hand, takes Black's
    // Self out of its range; called, it is discarded, not lost from every count (a review found
    // it gone from board, reserve and dish alike).
    let mut opts = rules().options.clone();
    opts.untenable = UntenablePolicy::PiecePenaltyLenient;
    let r = Arc::new(Rules::standard_with(opts));
    let p = pos(
        &r,
        &[
            (White, "Self", "W9"),
            (White, "Sword", "W10"),
            (White, "Dagger", "Y9"),
            (Black, "Self", "W3"),
        ],
        White,
    );
    let sword = r.set(White).by_name("Sword").unwrap();
    let mut g = Game::from_position(r.clone(), p);
    let lunge = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move(m) if m.from == sq("W9") && m.to == sq("W11")))
        .expect("the Self lunges over its Sword");
    g.play(lunge).unwrap();
    assert!(
        g.position().lifted().is_some_and(|l| l.kind == sword),
        "the Sword in hand"
    );
    let mate = veney_rules::penalty::untenable_actions(&r, g.position())
        .into_iter()
        .find(|a| matches!(a, Action::Move(m) if m.to == sq("W3")))
        .expect("the Sword from the hand onto Black's Self, out of range");
    g.attempt(mate).unwrap();
    assert!(matches!(g.call_untenable(), Some(Call::PieceLost(_))));
    let after = *g.position();
    assert!(after.outcome().is_none() && after.dying().is_none());
    assert_eq!(after.discard(White, sword), 1, "the Sword in the dish");
    let back = veney_rules::Position::from_text(&r, &after.to_text(&r)).unwrap();
    assert_eq!(back, after);
}

/// §2.0.22 Piece Penalty: "The piece which made the untenable move is discarded". A Cloak whose
/// untenable move captured a blade (here a Cloak a set confines to its Self's measure) is
/// discarded from atop it: the blade stays there, free, as when the Cloak leaves a capture any
/// other way (R-BLADE-CAPTURE), and the position reads back (a review found the blade left
/// pinned under nothing, the game's own position then refused).
#[test]
fn a_cloak_discarded_from_its_capture_frees_the_blade() {
    let src = veney_rules::piece_set::STANDARD_SET.replacen(
        "            specials: [Feign, BladeCapture, ObscurantChaos],",
        "            constraint: Some(Constraint(measures: 1)),\n            specials: [Feign, BladeCapture, ObscurantChaos],",
        1,
    );
    assert_ne!(src, veney_rules::piece_set::STANDARD_SET);
    let set =
        Arc::new(veney_rules::PieceSet::from_ron(std::path::Path::new("c.ron"), &src).unwrap());
    let mut opts = rules().options.clone();
    opts.untenable = UntenablePolicy::PiecePenaltyAbsolute;
    let r = Arc::new(Rules::with_sets([set.clone(), set], opts).unwrap());
    let p = veney_rules::Position::from_text(
        &r,
        "4/4/4/bs2/4/4/4/2w1/4/1C2/4/4/1WSB/4/4/4 w EEEEDGLJR/eeeecdgljr turns=6",
    )
    .unwrap();
    let mut g = Game::from_position(r.clone(), p);
    g.attempt(action(&g, "CY9~")).unwrap();
    assert!(veney_rules::special::blade_capture::any_pinned(
        g.position(),
        Black
    ));
    assert_eq!(g.call_untenable(), Some(Call::PieceLost(sq("Y9"))));
    let sword = r.set(Black).by_name("Sword").unwrap();
    let cloak = r.set(White).by_name("Cloak").unwrap();
    assert_eq!(g.position().piece_at(sq("Y9")), Some((Black, sword)));
    assert!(!veney_rules::special::blade_capture::any_pinned(
        g.position(),
        Black
    ));
    assert_eq!(g.position().discard(White, cloak), 1);
    let text = g.position().to_text(&r);
    assert_eq!(
        veney_rules::Position::from_text(&r, &text).unwrap(),
        *g.position(),
        "{text}"
    );
    // The caller's turn is its own: its Cloak may capture a blade (no `released` carried over
    // from the discarded Cloak; a review found the caller's capture refused).
    assert!(!text.contains("released"), "{text}");
}

#[test]
fn a_delayed_reset_forgets_a_cloak_leaving_a_blade_capture_in_the_called_turn() {
    // §2.0.22 Delayed Reset: "a reset of the board as if by retreat" — a fresh turn
    // (R-UNTENABLE-CALL). White's Cloak leaves its capture of Black's Sword (ending hirakamae), then the
    // extra move is untenable and called: the reset turn has done nothing yet, so a Cloak may
    // capture again (§2.0.06 "you may not make a double-move by stepping stone to leave and
    // immediately recapture a blade" binds the turn it left in) and the position text reads
    // back (a review found `released=1` kept, refused when read).
    let mut opts = rules().options.clone();
    opts.untenable = UntenablePolicy::DelayedReset;
    let r = Arc::new(Rules::standard_with(opts));
    let p = veney_rules::Position::from_text(
        &r,
        "4/1s2/4/4/4/4/4/4/4/4/4/2C1/4/4/1S2/D3 w EEEE/eeee pinned=w:Y5:0 turns=6 hira=1:0",
    )
    .unwrap();
    let mut g = Game::from_position(r.clone(), p);
    g.attempt(action(&g, "CX7")).unwrap();
    let a = action(&g, "DW12");
    assert!(matches!(g.attempt(a), Ok(Attempt::PlayedUntenable(_))));
    assert_eq!(g.call_untenable(), Some(Call::Reset));
    let p = *g.position();
    assert!(p.at_turn_start());
    veney_rules::invariants::check(&r, &p).unwrap();
    let text = p.to_text(&r);
    assert!(!text.contains("released"), "{text}");
    assert_eq!(veney_rules::Position::from_text(&r, &text).unwrap(), p);
}

/// §2.0.22 Time Penalty: "The move is reset" — the offender moves again in the same turn,
/// written after the call (`1. $X9U $X6, SY12;`, README). A record that ends the turn at the
/// call is refused there, saying so, not by reading the opponent's move as the offender's (a
/// review found `SY12` refused as White's Self not moving to Y12); a record may end at the
/// call (a game stopped there).
#[test]
fn a_record_writes_the_move_made_again_after_a_reset_call() {
    for policy in [UntenablePolicy::TimePenalty, UntenablePolicy::DelayedReset] {
        let mut opts = rules().options.clone();
        opts.untenable = policy;
        let r = Rules::standard_with(opts);
        let rep = veney_rules::replay::replay(&r, "1. $X9U, SY12;").unwrap();
        let e = rep.turns[0].result.as_ref().unwrap_err();
        assert!(
            e.message
                .contains("White moves again in the same turn (§2.0.22"),
            "{policy:?}: {e}"
        );
        assert_eq!(e.col, 4, "{policy:?}: at the call");
        let rep = veney_rules::replay::replay(&r, "1. $X9U $X6, SY12;").unwrap();
        assert!(
            rep.turns.iter().all(|t| t.result.is_ok()),
            "{policy:?}: {:?}",
            rep.turns
        );
        let rep = veney_rules::replay::replay(&r, "1. $X9U").unwrap();
        assert!(rep.turns[0].result.is_ok(), "{policy:?}: {:?}", rep.turns);
    }
}

/// §2.0.R5: one call's mark after a move (`U`, `Ut`, `U#`): a second is refused where a record
/// or the companion plays a token, as the notation refuses any mark written twice (a review
/// found `DW12UU` and `DW12UtU` read as one `U`).
#[test]
fn a_calls_mark_written_twice_is_refused() {
    let mut g = game(UntenablePolicy::TimePenalty, false);
    let before = *g.position();
    for t in ["$X9UU", "$X9UtU", "$X9UU#"] {
        let e = g.play_token_reporting(t, 1).unwrap_err();
        assert!(e.message.contains("'U' is written twice"), "{t}: {e}");
        assert_eq!(*g.position(), before, "{t}: nothing played");
    }
    g.play_token_reporting("$X9U", 1).unwrap();
}
