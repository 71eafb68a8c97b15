//! The game-over banner over Veney's board, as the grid games have one: who won and how, with
//! the way to take the ending back and a new game (a review found the end said on the status
//! line only). It shows what the rules crate decided; the buttons send the usual commands.
use super::game::{Command, CurrentGame, HugPick, Viewing};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use veney_rules::Game;
use veney_rules::outcome::{Draw, Outcome, Resign};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        banner
            .after(super::panels::side_panel)
            .in_set(super::VeneySystems),
    );
}

/// What the banner says: its title, the ending in words, and the label of its undo button —
/// `None` while the game goes on, a dying move is still to come, or the Hug is still to settle
/// a draw (§2.0.20, §2.0.23: the game is not over for the players yet).
pub fn banner_words(g: &Game, hug: &HugPick) -> Option<(String, String, &'static str)> {
    let pos = g.position();
    if !pos.is_game_over() {
        return None;
    }
    let o = pos.outcome()?;
    if veney_rules::hug::awaits_hug(&g.rules, Some(o)) && hug.settled != Some(pos.hash()) {
        return None;
    }
    let title = match o {
        Outcome::DoubleCheckmate => "Both lose".to_string(),
        _ => match o.winner() {
            Some(w) => format!("{w} wins"),
            None => "Drawn".to_string(),
        },
    };
    // The ending in words, without the winner the title names ("by resignation").
    let said = o.to_string();
    let mut reason = said
        .strip_prefix(title.as_str())
        .map_or(said.as_str(), |r| r.trim_start_matches([':', ' ']))
        .to_string();
    if let Some(c) = reason.get(..1) {
        reason = c.to_uppercase() + &reason[1..];
    }
    // §2.0.18 Death Spell, named on the banner too (a review found it in the prompt alone).
    if pos.death_spell() {
        reason.push_str(" — Death Spell: the loser takes the winner's token");
    }
    // An ending no move made is taken back alone, the last move left standing (a review found
    // "Undo the last move" said of an acknowledgement and of the Hug's settlement).
    // (From a draw the Hug settled — not a mate awaiting its dying move, which is acknowledged.)
    let hugged = g
        .declared_from()
        .is_some_and(|b| b.outcome().is_some() && b.dying().is_none());
    if hugged {
        let mut r = reason.chars();
        let first = r.next().map(|c| c.to_lowercase().collect::<String>());
        reason = format!("The Hug: {}{}", first.unwrap_or_default(), r.as_str());
    }
    let undo = match (g.declared_from(), o) {
        (Some(b), _) if b.dying().is_some() => "Take back the acknowledgement",
        (Some(_), _) if hugged => "Take back the Hug",
        (
            Some(_),
            Outcome::Resignation {
                reason: Resign::Yielded,
                ..
            },
        ) => "Take back the resignation",
        (
            Some(_),
            Outcome::Draw {
                reason: Draw::Agreement,
            }
            | Outcome::DoubleCheckmate,
        ) => "Take back the agreed draw",
        (Some(_), _) => "Take back the ending",
        // A flag fallen during the dying move leaves the checkmate standing: its undo plays on.
        (None, Outcome::OutOfTime { .. }) => "Play on (undo the time-out)",
        (None, _) if g.flagged() => "Play on (undo the time-out)",
        (None, _) => "Undo the last move",
    };
    Some((title, reason, undo))
}

/// The banner's undo against the computer: a move of the computer's that ended the game goes
/// back with the person's turn before it (`computer::undo_to_person`), said so (a review found
/// "Undo the last move" take back two turns).
pub fn undo_against(
    g: &Game,
    seats: &super::computer::VeneyComputer,
    undo: &'static str,
) -> &'static str {
    let by_computer = g
        .actions()
        .last()
        .is_some_and(|(before, _)| seats.plays(super::computer::acting_side(before)).is_some());
    let people = seats.0.iter().filter(|s| s.is_none()).count();
    if undo == "Undo the last move" && by_computer && people == 1 {
        crate::host::game_over::UNDO_WITH_REPLY
    } else {
        undo
    }
}

#[allow(clippy::too_many_arguments)]
fn banner(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    hug: Res<HugPick>,
    viewing: Res<Viewing>,
    setup: Res<super::setup_screen::SetupSession>,
    mut dialog: ResMut<super::panels::NewGameDialog>,
    mut out: MessageWriter<Command>,
    seats: Res<super::computer::VeneyComputer>,
) -> Result {
    // Not over a review of the move list, a setup or the New game dialog.
    if viewing.0.is_some() || setup.0.is_some() || dialog.open {
        return Ok(());
    }
    let Some((title, reason, undo)) = banner_words(&game.0, &hug) else {
        return Ok(());
    };
    let undo = undo_against(&game.0, &seats, undo);
    let ctx = contexts.ctx_mut()?;
    // Over the board's top, where Black's last rank may hold a piece: dragged aside at will.
    let rect = crate::host::game_over::banner_rect(
        ctx.viewport_rect().width(),
        super::panels::PANEL_WIDTH,
    );
    crate::host::game_over::banner(
        ctx,
        "Veney: game over",
        rect,
        true,
        (&title, &reason),
        |ui| {
            if ui.button(undo).clicked() {
                out.write(Command::Undo);
            }
            if ui.button("New game…").clicked() {
                dialog.open = true;
            }
        },
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use veney_rules::{Position, Rules};

    /// Against the computer, a move of the computer's that ended the game is undone with the
    /// person's turn before it (`undo_to_person`): the banner says so (a review found "Undo the
    /// last move" taking back two turns); the person's own last move is undone alone.
    #[test]
    fn the_banners_undo_against_the_computer_says_what_goes_back() {
        use super::super::computer::VeneyComputer;
        let mated = "4/4/4/bDwc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b GLJR/dgljr turns=1 over=touch:w";
        let mut g = game_at(&format!("{mated} dying=b:X13"));
        let dying = g.legal_actions()[0];
        g.play(dying).unwrap();
        let (_, _, undo) = banner_words(&g, &HugPick::default()).unwrap();
        assert_eq!(undo, "Undo the last move");
        let black = VeneyComputer([None, Some(game_ai::Level::Beginner)]);
        assert_eq!(
            undo_against(&g, &black, undo),
            "Take back your last turn and the computer's reply"
        );
        let white = VeneyComputer([Some(game_ai::Level::Beginner), None]);
        assert_eq!(undo_against(&g, &white, undo), "Undo the last move");
        assert_eq!(
            undo_against(&g, &VeneyComputer::default(), undo),
            "Undo the last move"
        );
    }

    /// §2.0.18 Death Spell: "they still lose, but the ceremonial prize is upended" — said on
    /// the banner, not only in the prompt.
    #[test]
    fn the_banner_names_the_death_spell() {
        let g = game_at(
            "4/4/4/bDwc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b GLR/dglr turns=1 over=touch:w deathspell=1",
        );
        let (title, reason, _) = banner_words(&g, &HugPick::default()).unwrap();
        assert_eq!(title, "White wins");
        assert!(reason.contains("Death Spell"), "{reason}");
    }

    fn game_at(text: &str) -> Game {
        let r = Arc::new(Rules::standard());
        let p = Position::from_text(&r, text).unwrap();
        Game::from_position_seeded(r, p, 1)
    }

    /// The banner names the winner and the ending; not while the game goes on, nor while the
    /// mated player's dying move is still to come (§2.0.20); its undo names what it takes back —
    /// an ending no move made goes back alone (a resignation, an agreed draw, the mated
    /// player's acknowledgement, the Hug), else the last move.
    #[test]
    fn the_banner_names_the_winner_and_what_its_undo_takes_back() {
        let hug = HugPick::default();
        let start = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
        assert!(banner_words(&game_at(start), &hug).is_none());
        let mut g = game_at(start);
        g.resign(veney_rules::Side::White);
        let (title, reason, undo) = banner_words(&g, &hug).unwrap();
        assert_eq!(title, "Black wins");
        assert_eq!(reason, "By resignation");
        assert_eq!(undo, "Take back the resignation");
        let mated = "4/4/4/bDwc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 b GLJR/dgljr turns=1 over=touch:w";
        let mut g = game_at(&format!("{mated} dying=b:X13"));
        assert!(banner_words(&g, &hug).is_none());
        g.acknowledge();
        let (title, reason, undo) = banner_words(&g, &hug).unwrap();
        assert_eq!(title, "White wins");
        assert_eq!(reason, "By checkmate by touch");
        assert_eq!(undo, "Take back the acknowledgement");
        let (_, _, undo) = banner_words(&game_at(mated), &hug).unwrap();
        assert_eq!(undo, "Undo the last move");
        // Black's flag falls during its dying move: the mate stands, the time-out is undone.
        let mut g = game_at(&format!("{mated} dying=b:X13"));
        g.out_of_time(veney_rules::Side::Black);
        let (title, _, undo) = banner_words(&g, &hug).unwrap();
        assert_eq!(
            (title.as_str(), undo),
            ("White wins", "Play on (undo the time-out)")
        );
        let mut g = game_at(start);
        g.agree_draw();
        let (title, reason, undo) = banner_words(&g, &hug).unwrap();
        assert_eq!(title, "Drawn");
        assert!(reason.starts_with("Draw by agreement"), "{reason}");
        assert_eq!(undo, "Take back the agreed draw");
    }

    /// §2.0.23 the Hug: a betrayal's checkmate is said to be the Hug's, and its undo takes the
    /// Hug back (to the draw it settled), not a move.
    #[test]
    fn the_hugs_ending_is_said_to_be_the_hugs() {
        use veney_rules::hug::HugChoice;
        let r = Arc::new(Rules::standard_with(veney_rules::options::RuleOptions {
            hug: true,
            ..Default::default()
        }));
        let start = "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr";
        let p = Position::from_text(&r, start).unwrap();
        let mut g = Game::from_position_seeded(r, p, 1);
        g.agree_draw();
        g.hug(HugChoice::Betray, HugChoice::Hug).unwrap();
        let hug = HugPick {
            pick: None,
            settled: Some(g.position().hash()),
        };
        let (title, reason, undo) = banner_words(&g, &hug).unwrap();
        assert_eq!(title, "White wins");
        assert!(reason.starts_with("The Hug:"), "{reason}");
        assert_eq!(undo, "Take back the Hug");
    }
}
