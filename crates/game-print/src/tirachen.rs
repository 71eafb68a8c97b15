//! Tirachen's kit: the 9 × 9 board with both homelands outlined (the rule text's "PIECES AND
//! PATCHES"), each side's pieces to cut out, and a score sheet in the notation of
//! `tirachen_rules::notation` (docs/rulings/tirachen.md).
use crate::board::RankRule;
use crate::game_kit::{GameKit, example_record, grid_board, option_fields};
use crate::pen::{Line, Rgb};
use crate::score_sheet::ScoreSheet;
use crate::tokens::{Token, TokenGroup};
use game_api::{Game, Player};
use tirachen_rules::{Kind, Masters, Tirachen};

/// The side of a square (docs/rulings/print-kit.md).
pub const SQUARE_MM: f32 = 30.0;
const TOKEN_MM: f32 = 23.0;

const RED: Rgb = Rgb(170, 40, 40);
const WHITE_INK: Rgb = Rgb(60, 60, 60);

fn caption(_lo: u8, _hi: u8) -> String {
    "Homelands outlined; dashed: the no man's land (the middle three rows) between the deployment areas".into()
}

/// How many of `kind` a side's box holds: one General, Fort and Commander, nine Pikes, and
/// nine of each master, so that any choice totalling nine can be set out.
pub fn box_count(kind: Kind) -> u32 {
    if kind.is_master() {
        Masters::TOTAL as u32
    } else {
        kind.full_count() as u32
    }
}

pub fn kit() -> GameKit {
    let g = Tirachen::default();
    let names = [g.player_name(Player(0)), g.player_name(Player(1))];
    let mut board = grid_board(&g, SQUARE_MM, &[("homeland", Rgb::BLACK)], caption);
    board.game = "Tirachen".into();
    // "1 no man's land … consisting of the middle 3 rows": dashed lines at its edges, where each
    // side's deployment area ("the 3 nearest rows to each player") ends.
    let d = g.board();
    if let Some(z) = d.zones.iter().find(|z| z.name == "no man's land") {
        let ranks: Vec<u8> = z
            .cells
            .iter()
            .filter_map(|c| d.file_rank(*c))
            .map(|(_, r)| r)
            .collect();
        if let (Some(&lo), Some(&hi)) = (ranks.iter().min(), ranks.iter().max()) {
            for after in [lo, hi + 1] {
                board.rules.push(RankRule {
                    after,
                    line: Line::dashed(0.9, Rgb(90, 60, 30), 3.0, 2.0),
                    label: None,
                });
            }
        }
    }
    let side = |face: Rgb, ink: Rgb, heading: String| TokenGroup {
        heading,
        face,
        ink,
        tokens: Kind::ALL
            .into_iter()
            .filter(|k| box_count(*k) > 0)
            .map(|k| Token::lettered(k.letter().to_string(), k.name(), TOKEN_MM, box_count(k)))
            .collect(),
    };
    // Each side chooses its own nine masters: both headings say so.
    let masters = |name: &str| format!("{name} (nine of each master: set out the nine you choose)");
    let traitor = |heading: String, face: Rgb, ink: Rgb| TokenGroup {
        heading,
        face,
        ink,
        tokens: vec![Token::lettered(
            Kind::Traitor.letter().to_string(),
            Kind::Traitor.name(),
            TOKEN_MM,
            1,
        )],
    };
    // Who controls the Traitor decides what it may do (it counts as its controller's piece,
    // rulings "A controlled Traitor"), so a Traitor in each side's colour stands in for the neutral one as control
    // passes (a review found one grey disc for all three, control kept in the players' heads).
    let controlled = |name: &str| {
        format!("The Traitor under {name}'s control: set it in place of the Traitor on the board")
    };
    let tokens = vec![
        side(RED.lighten(0.75), RED, masters(&names[0])),
        side(Rgb::WHITE, WHITE_INK, masters(&names[1])),
        traitor(
            "The Traitor: starts on the centre square under no one's control".into(),
            Rgb(230, 230, 230),
            Rgb::BLACK,
        ),
        traitor(controlled(&names[0]), RED.lighten(0.75), RED),
        traitor(controlled(&names[1]), Rgb::WHITE, WHITE_INK),
    ];
    let mut key: Vec<(String, String)> = Kind::ALL
        .into_iter()
        .map(|k| (k.letter().to_string(), k.name().to_string()))
        .collect();
    for (s, m) in [
        ("S3A3W3", "masters chosen (they total 9)"),
        ("Ce3-e5", "move: letter, from, to"),
        ("Ce3xe5", "move and capture"),
        ("Ce3xe5=T", "take the Traitor, sacrificing the capturer"),
        ("P@c2", "place an undeployed piece"),
        ("mob", "declare mobilisation"),
        ("-", "decline the Traitor's extra move"),
    ] {
        key.push((s.into(), m.into()));
    }
    GameKit {
        title: "Tirachen".into(),
        byline: "Yoon Ha Lee and Joseph Betzwieser".into(),
        board,
        tokens,
        cards: None,
        odds: false,
        score: ScoreSheet {
            wide_turns: false,
            game: "Tirachen".into(),
            players: names.clone(),
            first_fixed: false,
            fields: std::iter::once("Masters chosen".to_string()).chain(option_fields(&g)).collect(),
            key,
            example: example_record(g, 4).trim().to_string(),
        },
        notes: vec![
            format!("The board is 9 × 9 squares of {SQUARE_MM} mm: one sheet on A3, four on A4 or Letter. On several sheets, trim at the dashed lines that cross the sheets' edges (not the no man's land's) and lay each sheet over its neighbour, its trimmed edge on the frame: the lines run on and the short marks beside the board meet."),
            "The outlined squares are the homelands; each General starts in the middle of its own. The Traitor starts on the centre square.".into(),
            "The rule text suggests “a cardboard/index card set with paper clips to weight down pieces”: glue the tokens to card.".into(),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Viewer;

    #[test]
    fn both_homelands_are_outlined() {
        // "2 homelands on the board, centered at opposite edges, 3 squares wide".
        let k = kit();
        let cells = k.board.outlined_cells();
        assert_eq!(cells.len(), 6);
        assert!(cells.contains(&(4, 0)) && cells.contains(&(4, 8)));
        // "the 3 nearest rows to each player" deploy; the middle three are no man's land.
        let lines: Vec<u8> = k.board.rules.iter().map(|r| r.after).collect();
        assert_eq!(lines, [3, 6]);
    }

    /// Ruling R-PRINT-TOKENS: Tirachen's tokens are nine Pikes and nine of each master a side,
    /// one neutral Traitor, and a Traitor in each side's colour for control.
    #[test]
    fn the_box_holds_any_choice_of_masters() {
        // "1 fort, 1 commander, 9 pikemen and any combination of masters … totalling 9".
        for m in Masters::all() {
            for kind in Kind::MASTERS {
                assert!(m.count(kind) as u32 <= box_count(kind));
            }
        }
        let g = Tirachen::default();
        // "1 general placed in the center square of each homeland"; the Traitor "starts out on
        // the center square": one General a side and one neutral Traitor, printed apart.
        let start = g.pieces(&g.start(), Viewer::Referee);
        let of = |letter: char| {
            start
                .iter()
                .filter(|p| p.kind == letter.to_string())
                .count()
        };
        assert_eq!(of(Kind::General.letter()), 2);
        assert_eq!(of(Kind::Traitor.letter()), 1);
        assert!(start.iter().any(|p| p.owner.is_none()));
        assert_eq!(box_count(Kind::Pike), 9);
        assert_eq!(
            box_count(Kind::Traitor),
            0,
            "the Traitor is printed apart from the sides' boxes"
        );
        // One neutral Traitor, and one in each side's colour to show who controls it.
        let kit = kit();
        let traitors: Vec<(&str, Rgb)> = kit
            .tokens
            .iter()
            .filter(|g| g.tokens.iter().any(|t| t.name == Kind::Traitor.name()))
            .map(|g| (g.heading.as_str(), g.face))
            .collect();
        assert_eq!(traitors.len(), 3, "{traitors:?}");
        assert!(traitors[0].0.contains("no one's control"));
        assert!(traitors[1].0.contains("Red's control") && traitors[1].1 == RED.lighten(0.75));
        assert!(traitors[2].0.contains("White's control") && traitors[2].1 == Rgb::WHITE);
    }
}
