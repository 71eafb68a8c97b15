//! Endings the players declare on any grid game: a resignation (asked to confirm) and a draw
//! offered by one player and accepted or declined by the other (Kelasu's "Your opponent
//! Resigns." and "A mutual agreement."). The match keeps the ending (`AnyMatch::declare`): it
//! is saved and autosaved with the game, and undo takes it back. An offer lapses with the next
//! action, as over a real board.
use super::{ActiveMatch, GridGameSet, GridStatus, Intent};
use bevy::prelude::*;
use bevy_egui::egui;
use game_api::{Decision, Declared, Player};

/// What is being asked about an ending now.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct GridEndingAsk {
    /// "Resign" was pressed for this player: the panel asks to confirm.
    pub resign: Option<Player>,
    /// This player offers a draw, made when the history had this many actions.
    pub draw_offer: Option<(Player, usize)>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GridEndingAsk>().add_systems(
        Update,
        lapse.after(super::intents::apply).in_set(GridGameSet),
    );
}

/// An offer stands only in the position it was made in; a finished game asks nothing, and
/// nothing stays picked over it — however it ended (a review found a pick and the "Which move?"
/// window left up by a fallen flag, which ends the game outside the intents).
fn lapse(
    mut m: ResMut<super::ActiveMatch>,
    mut ask: ResMut<GridEndingAsk>,
    mut status: ResMut<GridStatus>,
    mut sel: ResMut<super::GridSelection>,
    mut choice: ResMut<super::GridChoice>,
    mut was: Local<(bool, bool)>,
    mut resign_at: Local<Option<usize>>,
    mut offer: Local<Option<(u64, game_api::Player, usize)>>,
) {
    // A draw offered between people at one screen is answered by the other: the board hides
    // both players' secrets meanwhile (`ActiveMatch::asking`).
    let asking = ask.draw_offer.is_some() && m.person.is_none();
    let over = matches!(m.game.decision(), Decision::Over(_));
    // The board turning to a view that hides the decider's secrets (a game over — a fallen flag
    // too — or a draw offer answered at the same screen) takes with it what the status line
    // said for the decider alone: a hint, a refusal naming what its tray holds (a review found
    // a hint naming a hidden master left up after a time-out).
    if m.secrets && ((over && !was.0) || (asking && !was.1)) {
        status.refusal = None;
        if status
            .info
            .as_deref()
            .is_some_and(|i| i.starts_with("hint: "))
        {
            status.info = None;
        }
    }
    *was = (over, asking);
    // "Resign" asked of the player who pressed it lapses with the next action, as an offer does
    // (a review found it left for the opponent to confirm on the next turn).
    // Against the computer, which never answers it, the person's question stays over the
    // computer's own moves (a review found "Yes, resign" gone from under the cursor as the
    // computer replied); the person's next action, or an undo, still lapses it.
    let len_now = m.game.history_len();
    match (ask.resign, *resign_at) {
        (None, _) => *resign_at = None,
        (Some(_), None) => *resign_at = Some(len_now),
        (Some(asker), Some(len)) if len != len_now => {
            let by_computer = len_now > len
                && m.person == Some(asker)
                && m.game
                    .turns(game_api::Viewer::Referee)
                    .last()
                    .is_some_and(|t| t.player.is_some_and(|p| p != asker));
            if by_computer {
                *resign_at = Some(len_now);
            } else {
                ask.resign = None;
                *resign_at = None;
            }
        }
        _ => {}
    }
    if asking {
        *offer = ask.draw_offer.map(|(p, len)| (m.generation, p, len));
    }
    if m.asking != asking {
        m.asking = asking;
        // Answered, the one who answered is at the screen and holds the board: the offerer's
        // view is covered until they take it back (a review found the offerer's hidden masters
        // shown to the player who had just declined, and, during a secret choice of masters,
        // the offerer's window left open in front of them). Lapsed otherwise (an undo, another
        // game brought back), nobody holds it until the next to decide takes it (a review found
        // the answerer's view shown after an undo, and an offer of a game parked meanwhile
        // deciding who held this one).
        if !asking {
            let answered = offer
                .take()
                .filter(|(generation, _, len)| {
                    *generation == m.generation && *len == m.game.history_len()
                })
                .map(|(_, p, _)| p.other());
            m.held_by = answered;
        }
    }
    if let Some((p, len)) = ask.draw_offer
        && (over || len != m.game.history_len())
    {
        ask.draw_offer = None;
        m.asking = false;
        if !over {
            status.info = Some(format!("{}'s draw offer lapsed", m.game.player_name(p)));
        }
    }
    if over && ask.resign.is_some() {
        ask.resign = None;
    }
    if over && sel.0.is_some() {
        sel.0 = None;
    }
    if over && !choice.0.is_empty() {
        choice.0.clear();
    }
}

/// The player an ending button speaks for: the person playing the computer, else the one
/// deciding now, else the first player (a person never resigns for the computer).
pub fn speaker(m: &ActiveMatch) -> Player {
    m.person.or(m.decider()).unwrap_or(Player(0))
}

/// Applies an ending intent; true when the match changed.
pub(super) fn apply(
    intent: &Intent,
    m: &mut ActiveMatch,
    ask: &mut GridEndingAsk,
    status: &mut GridStatus,
) -> bool {
    let person = m.person;
    let g = &mut m.game;
    let declare =
        |g: &mut Box<dyn game_api::AnyMatch>, d: Declared, status: &mut GridStatus| match g
            .declare(d)
        {
            Ok(()) => {
                status.refusal = None;
                status.info = None;
                true
            }
            Err(r) => {
                status.refusal = Some(r.to_string());
                false
            }
        };
    match intent {
        Intent::Resign(p) if person.is_some_and(|h| h != *p) => {
            ask.resign = None;
            status.refusal = Some(format!(
                "{} is the computer's seat: only {} may resign here",
                g.player_name(*p),
                g.player_name(p.other())
            ));
            false
        }
        Intent::Resign(p) => {
            ask.resign = None;
            declare(g, Declared::Resigns(*p), status)
        }
        Intent::OfferDraw(p) => {
            if matches!(g.decision(), Decision::Over(_)) {
                status.refusal = Some(game_api::Refusal::game_over().to_string());
            } else if let Some(h) = person {
                // The computer answers at once: it plays on (a person never accepts for it).
                let computer = h.other();
                status.info = Some(format!(
                    "{} (the computer) declines {}'s draw offer and plays on",
                    g.player_name(computer),
                    g.player_name(*p)
                ));
            } else {
                ask.draw_offer = Some((*p, g.history_len()));
                status.info = None;
            }
            false
        }
        Intent::AnswerDraw(yes) => {
            let Some((p, _)) = ask.draw_offer.take() else {
                status.info = Some("no draw is offered".into());
                return false;
            };
            if *yes {
                declare(g, Declared::DrawAgreed, status)
            } else {
                status.info = Some(format!(
                    "{} declines {}'s draw offer",
                    g.player_name(p.other()),
                    g.player_name(p)
                ));
                false
            }
        }
        _ => false,
    }
}

/// The panel's row: resign (with a confirmation) and offer a draw (answered by the other
/// player), or the open question. Nothing once the game is over.
/// Which row the panel shows (`controls`): the resign and draw buttons, the resignation asked
/// to confirm, or the draw offered. A row newly shown where the last click landed settles
/// before its buttons take a click (`host::settle`): a double-click on "Offer a draw" would
/// else answer the offer with its second click, and one on "Resign…" confirm it (a review).
pub(super) fn row_key(ask: &GridEndingAsk) -> (u8, u8) {
    match (ask.resign, ask.draw_offer) {
        (Some(p), _) => (1, p.0),
        (None, Some((p, _))) => (2, p.0),
        (None, None) => (0, 0),
    }
}

pub(super) fn controls(
    ui: &mut egui::Ui,
    m: &ActiveMatch,
    computers_only: bool,
    ask: &mut GridEndingAsk,
    out: &mut MessageWriter<Intent>,
    settle: &mut crate::host::settle::Settle<(u8, u8)>,
) {
    let g = &m.game;
    if matches!(g.decision(), Decision::Over(_)) {
        settle.clear();
        return;
    }
    // Nobody at the screen resigns or offers a draw for the computer.
    if computers_only {
        settle.clear();
        return;
    }
    let left = settle.settling_in(ui.ctx(), row_key(ask));
    let open = left.is_none();
    let me = speaker(m);
    if let Some(p) = ask.resign {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{} resigns the game?", g.player_name(p)));
            if ui
                .add_enabled(open, egui::Button::new("Yes, resign"))
                .clicked()
            {
                out.write(Intent::Resign(p));
            }
            if ui
                .add_enabled(open, egui::Button::new("No, play on"))
                .clicked()
            {
                ask.resign = None;
            }
        });
    } else if let Some((p, _)) = ask.draw_offer {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!(
                "{} offers a draw. {}:",
                g.player_name(p),
                g.player_name(p.other())
            ));
            if ui
                .add_enabled(open, egui::Button::new("Accept the draw"))
                .clicked()
            {
                out.write(Intent::AnswerDraw(true));
            }
            if ui.add_enabled(open, egui::Button::new("Decline")).clicked() {
                out.write(Intent::AnswerDraw(false));
            }
        });
    } else {
        ui.horizontal_wrapped(|ui| {
            // Between people at one screen either may resign at any moment, not only the one
            // deciding (Kelasu: "Your opponent Resigns"); against the computer, the person.
            let resigners: Vec<Player> = if m.person.is_none() {
                (0..g.players()).map(Player).collect()
            } else {
                vec![me]
            };
            for p in resigners {
                let label = if m.person.is_none() {
                    format!("{} resigns…", g.player_name(p))
                } else {
                    "Resign…".to_string()
                };
                if ui
                    .add_enabled(open, egui::Button::new(label))
                    .on_hover_text(format!(
                        "{} gives up the game (asks first)",
                        g.player_name(p)
                    ))
                    .clicked()
                {
                    ask.resign = Some(p);
                }
            }
            if ui
                .add_enabled(open, egui::Button::new("Offer a draw"))
                .on_hover_text(format!(
                    "{} offers; {} accepts or declines",
                    g.player_name(me),
                    g.player_name(me.other())
                ))
                .clicked()
            {
                out.write(Intent::OfferDraw(me));
            }
        });
    }
}

#[cfg(test)]
mod row_tests {
    use super::{GridEndingAsk, row_key};
    use game_api::Player;

    /// Each row the panel may show is told apart, so each settles when it appears.
    #[test]
    fn each_row_settles_apart() {
        let row = GridEndingAsk::default();
        let resign = |p| GridEndingAsk {
            resign: Some(Player(p)),
            ..Default::default()
        };
        let offer = GridEndingAsk {
            draw_offer: Some((Player(0), 3)),
            ..Default::default()
        };
        let keys = [
            row_key(&row),
            row_key(&resign(0)),
            row_key(&resign(1)),
            row_key(&offer),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
