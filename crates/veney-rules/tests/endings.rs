//! Endings (§2.0.21) not covered elsewhere: draw by no contest (§2.0.20), the Hug (§2.0.23),
//! resignation and agreement.
mod common;
use common::*;
use std::sync::Arc;
use veney_rules::hug::HugChoice;
use veney_rules::outcome::{Draw, Outcome, Resign};
use veney_rules::{Game, Rules};

fn rules_with(no_contest: Option<u16>, hug: bool) -> Arc<Rules> {
    let mut o = rules().options.clone();
    o.no_contest_turns = no_contest;
    o.hug = hug;
    Arc::new(Rules::standard_with(o))
}

#[test]
fn quiet_turns_end_in_a_draw_by_no_contest() {
    // §2.0.20: "If the players … make repetitious moves without taking or fending any pieces for
    // many turns, they are simply not fencing, and the game may be called a draw." Ruling
    // R-NO-CONTEST: the agreed count of quiet turns.
    let r = rules_with(Some(4), false);
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (Black, "Self", "Y15"),
            (Black, "Cloak", "Z9"),
        ],
        White,
    );
    for t in ["SX3", "SY14", "SX2"] {
        play(&r, &mut p, t);
        assert!(p.outcome().is_none());
    }
    assert_eq!(p.quiet_turns(), 3);
    play(&r, &mut p, "SY15");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Draw::NoContest
        })
    );
    // Contact resets the count.
    let mut p = pos(
        &r,
        &[
            (White, "Self", "X6"),
            (White, "Sword", "X7"),
            (Black, "Self", "Y15"),
            (Black, "Cloak", "X10"),
        ],
        White,
    );
    play(&r, &mut p, "SW6");
    play(&r, &mut p, "SY14");
    play(&r, &mut p, "$fX10");
    assert_eq!(p.quiet_turns(), 0);
    // None: never by count.
    let r = rules_with(None, false);
    let mut p = pos(&r, &[(White, "Self", "X2"), (Black, "Self", "Y15")], White);
    for i in 0..40 {
        play(&r, &mut p, ["SX3", "SY14", "SX2", "SY15"][i % 4]);
    }
    assert!(p.outcome().is_none());
}

#[test]
fn a_hug_settles_a_draw() {
    // §2.0.23 Hug: "If one player chose Dagger, they betray the draw and win by checkmate."
    let r = rules_with(Some(100), true);
    let mut g = Game::new(r.clone());
    assert!(
        g.hug(HugChoice::Hug, HugChoice::Hug).is_err(),
        "no draw yet"
    );
    g.agree_draw();
    let o = g.hug(HugChoice::Hug, HugChoice::Betray).unwrap();
    assert_eq!(o.winner(), Some(Black));
    // "If both chose Self, the draw is confirmed": settled, no second Hug.
    let mut g = Game::new(r.clone());
    g.agree_draw();
    let confirmed = g.hug(HugChoice::Hug, HugChoice::Hug).unwrap();
    assert_eq!(
        confirmed,
        Outcome::Draw {
            reason: veney_rules::outcome::Draw::Hugged
        }
    );
    assert!(g.hug(HugChoice::Betray, HugChoice::Hug).is_err());
    assert_eq!(g.position().outcome(), Some(confirmed));
    // The confirmed draw reads back from the position text (`over=hugged`).
    let text = g.position().to_text(&r);
    assert!(text.contains("over=hugged"), "{text}");
    let back = veney_rules::Position::from_text(&r, &text).unwrap();
    assert_eq!(back.outcome(), Some(confirmed));
    // Without the option, a draw stays a draw.
    let mut g = Game::new(rules_with(Some(100), false));
    g.agree_draw();
    assert!(g.hug(HugChoice::Betray, HugChoice::Hug).is_err());
}

#[test]
fn resignation_and_agreement() {
    // §2.0.21: "Resignation (by yielding …)", "Draw by agreement".
    let mut g = Game::new(Arc::new(rules()));
    g.resign(White);
    assert_eq!(
        g.position().outcome(),
        Some(Outcome::Resignation {
            winner: Black,
            reason: Resign::Yielded
        })
    );
    assert!(g.legal_actions().is_empty());
}

#[test]
fn saves_of_endings_no_move_made_load() {
    // A resignation (§2.0.21), an agreed draw, and a draw confirmed by the Hug (§2.0.23) end the
    // game with no move: the save's final position names them, and loading restores them.
    let r = rules_with(Some(100), true);
    let endings: [fn(&mut Game); 3] = [
        |g| g.resign(White),
        |g| g.agree_draw(),
        |g| {
            g.agree_draw();
            g.hug(HugChoice::Hug, HugChoice::Hug).unwrap();
        },
    ];
    for end in endings {
        let mut g = Game::new(r.clone());
        let t = veney_rules::notation::parse_turn(&r, g.position(), "eW6", 1).unwrap();
        for a in t {
            g.play(a).unwrap();
        }
        end(&mut g);
        saved_and_loaded(&r, &g);
    }
    // Mid-turn: the Self has moved (a concert move may follow) when White resigns.
    let mut g = Game::new(r.clone());
    for a in veney_rules::notation::parse_turn(&r, g.position(), "SY3", 1).unwrap() {
        g.play(a).unwrap();
    }
    assert!(!g.position().at_turn_start());
    g.resign(White);
    saved_and_loaded(&r, &g);
    // An ending a move would make is not taken from the final position alone: a game in
    // progress whose final claims a checkmate does not load (without the Hug, whose betrayal is
    // one).
    let plain = rules_with(Some(100), false);
    let g = Game::new(plain.clone());
    let text = veney_rules::savefile::write(&g);
    let fake = text.replacen("\"]\n[WhiteSet", " over=touch:w\"]\n[WhiteSet", 1);
    assert_ne!(fake, text);
    // Refused because the record does not reach the final position the save names.
    let e = veney_rules::savefile::read(plain.clone(), &fake).unwrap_err();
    assert!(
        matches!(e, veney_rules::savefile::SaveError::Mismatch { .. }),
        "{e}: {fake}"
    );
}

#[test]
fn under_shima_a_save_claims_no_hugs_ending() {
    // §2.0.18 Shima: "drawing the game is not an option"; ruling R-HUG: no draw stands, so no
    // Hug follows. A save whose final position claims the Hug's checkmate with no move was read.
    let r = rules_with(Some(100), true);
    let p = veney_rules::Position::from_text(
        &r,
        "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w /d shima=1 casts=wSX6",
    )
    .unwrap();
    assert!(p.shima());
    let g = Game::from_position(r.clone(), p);
    let text = veney_rules::savefile::write(&g);
    let fake = text.replacen("\"]\n[WhiteSet", " over=touch:w\"]\n[WhiteSet", 1);
    assert_ne!(fake, text);
    assert!(
        veney_rules::savefile::read(r.clone(), &fake).is_err(),
        "{fake}"
    );
    // The control: without Shima the Hug's checkmate may close the save.
    let open = veney_rules::savefile::write(&Game::new(r.clone()));
    let hugged = open.replacen("\"]\n[WhiteSet", " over=touch:w\"]\n[WhiteSet", 1);
    assert_ne!(hugged, open);
    assert!(veney_rules::savefile::read(r, &hugged).is_ok(), "{hugged}");
}

fn saved_and_loaded(r: &Arc<Rules>, g: &Game) {
    {
        let text = veney_rules::savefile::write(g);
        let back =
            veney_rules::savefile::read(r.clone(), &text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(back.position(), g.position(), "{text}");
        assert!(back.position().is_game_over());
    }
}

#[test]
fn nothing_is_redone_on_top_of_a_declared_ending() {
    // §2.0.21: a resignation ends the game. An undone move redone after it would be played on
    // a finished game, and undoing the resignation would then leave the history ahead of the
    // board (a review found it).
    let r = std::sync::Arc::new(rules());
    let mut g = veney_rules::Game::new(r);
    g.play_token("SY5", 1).unwrap();
    assert!(g.undo().is_some());
    g.resign(veney_rules::Side::White);
    assert!(g.redo().is_none(), "no move on top of a resignation");
    assert!(g.withdraw_declared());
    assert_eq!(g.position().outcome(), None);
    assert!(g.redo().is_some(), "withdrawn, the undone move comes back");
    assert_eq!(g.actions().count(), 1);
}

#[test]
fn fending_the_free_engagement_back_and_forth_is_not_fencing() {
    // §2.0.20 Non-fencing: "too many passes, repetitions of the free engagement, … they are
    // simply not fencing, and the game may be called a draw." Ruling R-NO-CONTEST: fending the
    // free engagement, which belongs to neither side, is no contact — the count goes on (a
    // review found enter-and-fend loops clearing it every two turns, never drawn).
    let r = rules_with(Some(100), false);
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X11"),
        ],
        Black,
    )
    .with_free_on(sq("X10"));
    let fend = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| {
            a.as_move()
                .is_some_and(|m| m.effect == veney_rules::Effect::FendFree)
        })
        .expect("the Sword fends the free engagement");
    let mut q = p;
    let before = q.quiet_turns();
    q.play_turn(&r, &[fend]).unwrap();
    assert_eq!(q.quiet_turns(), before + 1);
    // The control: fending an opposing engagement is contact.
    let p = pos(
        &r,
        &[
            (White, "Self", "X2"),
            (White, "Engagement", "X10"),
            (Black, "Self", "Y15"),
            (Black, "Sword", "X11"),
        ],
        Black,
    );
    let fend = p
        .legal_actions(&r)
        .into_iter()
        .find(|a| a.as_move().is_some_and(|m| m.to == sq("X10")))
        .expect("the Sword fends the engagement");
    let mut q = p;
    q.play_turn(&r, &[fend]).unwrap();
    assert_eq!(q.quiet_turns(), 0);
}

/// The ending's name (the arena's and the game API's `reason`) says which draw: §2.0.20's no
/// contest, an agreement, or the Hug's (a review found "draw" for all but the Hug's).
#[test]
fn each_draw_is_named_for_what_drew_it() {
    use veney_rules::playout::ending_name;
    let named = |reason| ending_name(Outcome::Draw { reason });
    assert_eq!(named(Draw::NoContest), "draw by no contest");
    assert_eq!(named(Draw::Agreement), "draw by agreement");
    assert_eq!(named(Draw::Hugged), "draw confirmed by the Hug");
}

/// §2.0.07 Control: "entering the opponent's Jutsu-occupied measure with your Balance and Self
/// fends their Jutsu" — the dying side's Self is taken (R-DYING: its square anchors only the
/// constraints), so a dying Balance move into that measure fends nothing (a review found the
/// winner's Jutsu sent to reserve).
#[test]
fn a_dying_balance_move_fends_no_jutsu_through_the_dead_self() {
    let r = rules();
    let mut p = veney_rules::Position::from_text(
        &r,
        "4/3J/4/1W1c/eeee/b3/4/4/4/4/4/EEEE/C1SB/4/4/4 b DGLR/dgljr over=touch:w dying=b:X13",
    )
    .unwrap();
    let jutsu = r.set(White).by_name("Jutsu").unwrap();
    play(&r, &mut p, "BZ14");
    assert_eq!(
        p.piece_at(sq("Z15")),
        Some((White, jutsu)),
        "{}",
        p.to_text(&r)
    );
    assert_eq!(p.reserve(White, jutsu), 0);
}

/// R-NO-CONTEST: the Cloak's blade capture is contact ("Blade capture is an attack on the blade",
/// §2.0.06): it clears the no-contest count (a review found the docs' list leaving it out).
#[test]
fn a_blade_capture_clears_the_no_contest_count() {
    let r = rules();
    let mut p = veney_rules::Position::from_text(
        &r,
        "4/4/4/b3/3w/4/4/1g2/4/D3/d3/sRC1/2SB/1E2/2W1/4 w EEEGLJ/eeeecjr free=1:13 turns=78 quiet=1",
    )
    .unwrap();
    assert_eq!(p.quiet_turns(), 1);
    play(&r, &mut p, "CW6~");
    assert_eq!(p.quiet_turns(), 0);
}
