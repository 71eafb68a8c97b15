//! Kelasu's kit: the 10 × 10 board with its four Victory Tiles, the text's set of pieces for
//! each side to cut out, and a score sheet in the notation of `kelasu_rules::notation`
//! (docs/rulings/kelasu.md).
use crate::game_kit::{GameKit, example_record, grid_board, option_fields};
use crate::pen::Rgb;
use crate::score_sheet::ScoreSheet;
use crate::tokens::{Token, TokenGroup};
use game_api::{Game, Player};
use kelasu_rules::{Kelasu, Kind};

/// The side of a square (docs/rulings/print-kit.md).
pub const SQUARE_MM: f32 = 25.0;
const TOKEN_MM: f32 = 21.0;

/// The text's box: "In each set: 20x Blank, 10x Warrior, 5x Runner, 5x Diplomat, 4x Champion,
/// 2x General, 4x Stone".
pub fn box_count(kind: Kind) -> u32 {
    match kind {
        Kind::Blank => 20,
        Kind::Warrior => 10,
        Kind::Runner => 5,
        Kind::Diplomat => 5,
        Kind::Champion => 4,
        Kind::General => 2,
        Kind::Stone => 4,
    }
}

fn caption(_lo: u8, _hi: u8) -> String {
    "Victory Tiles outlined in gold, home rows in each side's colour; rank A is Blue's edge".into()
}

pub fn kit() -> GameKit {
    let g = Kelasu::new(Default::default());
    let names = [g.player_name(Player(0)), g.player_name(Player(1))];
    let mut board = grid_board(
        &g,
        SQUARE_MM,
        &[
            ("victory tiles", Rgb(140, 100, 20)),
            // "Blanks … outside of their starting 2 rows can Merge": each side's territory.
            ("Blue home rows", Rgb(30, 60, 140)),
            ("Red home rows", Rgb(150, 35, 30)),
        ],
        caption,
    );
    board.game = "Kelasu".into();
    let side = |face: Rgb, ink: Rgb, heading: String| TokenGroup {
        heading,
        face,
        ink,
        tokens: Kind::ALL
            .into_iter()
            .map(|k| Token::lettered(k.letter().to_string(), k.name(), TOKEN_MM, box_count(k)))
            .collect(),
    };
    let tokens = vec![
        side(Rgb(205, 220, 245), Rgb(30, 60, 140), names[0].clone()),
        side(Rgb(245, 210, 205), Rgb(150, 35, 30), names[1].clone()),
    ];
    let mut key: Vec<(String, String)> = Kind::ALL
        .into_iter()
        .map(|k| {
            let cost = k
                .merge_cost()
                .map_or(String::new(), |c| format!(" (merge of {c} Blanks)"));
            (k.letter().to_string(), format!("{}{cost}", k.name()))
        })
        .collect();
    for (s, m) in [
        ("C3-D3", "move: from, to (rank letter, file digit)"),
        ("C3xD3", "move and capture"),
        ("J5@A5", "Recall"),
        ("D4%E5", "Diplomat converts"),
        (
            "C=J5/H5+H6+I4+I5",
            "merge: piece, its square, the other Blanks",
        ),
        // "Once your energy runs out, your turn ends": `end` only where no piece can act, or
        // under EndEarly=yes once a piece has, under Pass=yes at any time (docs/rulings/kelasu.md; a review found "end the
        // turn" read as open at any time).
        (
            "end",
            "end the turn when no piece can act (EndEarly=yes: once one has; Pass=yes: at any time)",
        ),
    ] {
        key.push((s.into(), m.into()));
    }
    GameKit {
        title: "Kelasu".into(),
        byline: "MaxTheFox".into(),
        board,
        tokens,
        cards: None,
        odds: false,
        score: ScoreSheet {
            wide_turns: true,
            game: "Kelasu".into(),
            players: names.clone(),
            first_fixed: true,
            fields: option_fields(&g),
            key,
            example: format!(
                "{} (a turn's actions side by side, until energy runs out, or “end” when no piece can act; a comma separates Blue's turn from Red's; on the sheet each turn has its row; a merge too long for it goes on in the margin beside its turn's number).",
                example_record(g, 6).trim()
            ),
        },
        notes: vec![
            format!("The board is 10 × 10 squares of {SQUARE_MM} mm: one sheet on A3, four on A4 or Letter. Trim at the dashed lines and lay each sheet over its neighbour, its trimmed edge on the frame: the lines run on and the short marks beside the board meet."),
            "Blue plays first and sits at rank A (the top edge of the text's diagrams); Red at rank J. The four squares outlined in gold in the middle are the Victory Tiles; each side's two home rows, where its Blanks do not merge, are outlined in its colour.".into(),
            "The tokens are the text's box for each side; Diplomats' conversions can need more of a kind (“solved the same way Physical Chess solves having up to 9 Queens”).".into(),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Viewer;

    #[test]
    fn the_box_sets_out_the_start() {
        // "Notice how the board starts with just Blanks and Stones": the text's box holds them.
        let g = Kelasu::new(Default::default());
        let start = g.pieces(&g.start(), Viewer::Referee);
        for player in 0..2u8 {
            for kind in Kind::ALL {
                let on_board = start
                    .iter()
                    .filter(|p| {
                        p.owner == Some(Player(player)) && p.kind == kind.letter().to_string()
                    })
                    .count() as u32;
                assert!(on_board <= box_count(kind), "{kind:?}: {on_board}");
            }
        }
        // "At the start of each turn, your Energy is calculated as the number of Stones you
        // have - at the start, it's 4": the box's four Stones.
        assert_eq!(box_count(Kind::Stone), 4);
    }

    #[test]
    fn the_victory_tiles_and_home_rows_are_outlined() {
        // The four Victory Tiles, and each side's "starting 2 rows" (Merging), 20 squares each.
        let k = kit();
        let cells = k.board.outlined_cells();
        assert_eq!(cells.len(), 4 + 20 + 20);
        assert_eq!(k.board.outlines.len(), 3);
        assert_eq!(k.board.outlines[0].cells.len(), 4);
        assert!(
            k.board.first_rank_at_top,
            "rank A at the top, as the text's diagrams"
        );
    }
}
