//! What one game puts in its kit (`GameKit`), and the helpers the games' modules share to
//! fill it from the game API: example actions for a score sheet, a grid board's drawing, the
//! option headers as fields. Below the games' modules and `kit`, which assembles the PDF.
use crate::board::BoardSpec;
use crate::pen::Rgb;
use crate::score_sheet::ScoreSheet;
use crate::tokens::TokenGroup;

/// One game's content; the per-game modules fill it.
pub(crate) struct GameKit {
    pub title: String,
    pub byline: String,
    pub board: BoardSpec,
    pub tokens: Vec<TokenGroup>,
    /// Veney's set, for a card per piece.
    pub cards: Option<veney_rules::PieceSet>,
    /// Veney's odds page.
    pub odds: bool,
    pub score: ScoreSheet,
    pub notes: Vec<String>,
}

/// A few whole turns from the game's start, their actions chosen deterministically through the
/// game API (about `count` actions, then to the end of that turn), as the game's own numbered
/// record: examples written by the game itself for the score sheet.
pub(crate) fn example_record<G: game_api::Game>(g: G, count: usize) -> String {
    use game_api::{Actor, actions_for, actor_now};
    let g = std::sync::Arc::new(g);
    let mut m = game_api::Match::new(g.clone(), 0);
    let mut acts = Vec::new();
    let mut played = 0;
    for i in 0..count * 10 {
        let s = m.state().clone();
        // Whole turns only: the record shows no turn cut short (a review found Red's Kelasu turn
        // ended after two of its four energy, against the rules).
        if played >= count && g.at_turn_start(&s) {
            break;
        }
        let Some(actor) = actor_now(&g.decision(&s)) else {
            break;
        };
        actions_for(&*g, &s, actor, &mut acts);
        if acts.is_empty() {
            break;
        }
        let a = acts[(acts.len() * (2 * i + 1) / 7) % acts.len()];
        if m.play(actor, a).is_err() {
            break;
        }
        if let Actor::Player(_) = actor {
            played += 1;
        }
    }
    m.record(game_api::Viewer::Referee)
}

/// Which player's pieces start nearer the first rank (so sits at that edge), by the start
/// position's pieces through the game API.
pub(crate) fn edge_names<G: game_api::Game>(g: &G) -> [String; 2] {
    use game_api::{Player, Viewer};
    let s = g.start();
    let b = g.board();
    let mut sum = [0f32; 2];
    let mut n = [0f32; 2];
    for p in g.pieces(&s, Viewer::Referee) {
        if let (Some(o), Some((_, r))) = (p.owner, b.file_rank(p.cell))
            && (o.0 as usize) < 2
        {
            sum[o.0 as usize] += r as f32;
            n[o.0 as usize] += 1.0;
        }
    }
    let first = if n[1] > 0.0 && n[0] > 0.0 && sum[1] / n[1] < sum[0] / n[0] {
        1
    } else {
        0
    };
    [
        g.player_name(Player(first)),
        g.player_name(Player(1 - first)),
    ]
}

/// A board from the game API's description (Tirachen, Kelasu): its labels, its shading
/// (lightened for toner) and its zones outlined, squares `cell_mm` across.
pub(crate) fn grid_board<G: game_api::Game>(
    g: &G,
    cell_mm: f32,
    outlined: &[(&str, crate::pen::Rgb)],
    caption: fn(u8, u8) -> String,
) -> BoardSpec {
    let d = g.board();
    let game_api::Shape::Grid { files, ranks, .. } = d.shape else {
        panic!("{} has no grid board", g.title());
    };
    // Every zone of each name (Tirachen has a homeland per side).
    let outlines = outlined
        .iter()
        .flat_map(|(name, colour)| {
            d.zones
                .iter()
                .filter(|z| z.name == *name)
                .map(|z| crate::board::Outline {
                    cells: z.cells.iter().filter_map(|c| d.file_rank(*c)).collect(),
                    colour: *colour,
                })
                .collect::<Vec<_>>()
        })
        .collect();
    BoardSpec {
        game: g.title().to_string(),
        files,
        ranks,
        file_labels: d.file_labels.clone(),
        rank_labels: d.rank_labels.clone(),
        cell_mm,
        colours: d
            .cell_colours
            .iter()
            .map(|c| Rgb::from_array(*c).lighten(0.35))
            .collect(),
        first_rank_at_top: d.first_rank_at_top,
        rules: Vec::new(),
        rank_multiple: 1,
        words: ["ranks", "files"],
        outlines,
        edge_names: edge_names(g),
        tile_caption: caption,
    }
}

/// The game's option headers as fields to fill in on a score sheet, each with its default:
/// "Warrior diagonals (default move-capture)".
pub(crate) fn option_fields<G: game_api::Game>(g: &G) -> Vec<String> {
    g.headers()
        .into_iter()
        .map(|(k, v)| {
            let words = crate::cards::spaced(&k);
            let mut w = words[..1].to_string();
            w.push_str(&words[1..].to_lowercase());
            format!("{w} (default {v})")
        })
        .collect()
}
