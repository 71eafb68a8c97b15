//! A quick judgement of how a game stands, for the computer's search to score a playout it cut
//! off before the end (`Game::estimate`). Not a rule: a rough count, weighed by the three ways
//! to win (the opponent without Stones, without non-Stone pieces, or all four Victory Tiles held).
//!
//! Each side's score: its pieces at what a merge of Blanks costs for them (a Blank 1, a Warrior
//! 2, a Runner or a Diplomat 4, a Champion 5, a General 10) and 8 a Stone (a Stone is a
//! turn's energy and one of the pieces a side must keep); 3 for each Victory Tile it holds; 6
//! off when it is down to its last Stone, and 6 off with three or fewer non-Stone pieces. The
//! estimate is a logistic curve of the difference: 6 points ahead is about 73 %.
use crate::piece::Kind;
use crate::position::Position;
use crate::side::Side;
use crate::zones::VICTORY_TILES;

/// Points of difference for odds of e : 1.
const SCALE: f64 = 6.0;
const STONE: f64 = 8.0;
const TILE: f64 = 3.0;
const LAST_ONES: f64 = 6.0;

/// One side's score.
pub fn score(pos: &Position, side: Side) -> f64 {
    let (mut s, mut stones, mut others) = (0.0, 0, 0);
    for (_, p) in pos.pieces() {
        if p.side != side {
            continue;
        }
        if p.kind == Kind::Stone {
            stones += 1;
            s += STONE;
        } else {
            others += 1;
            s += p.kind.merge_cost().unwrap_or(1) as f64;
        }
    }
    let tiles = VICTORY_TILES
        .iter()
        .filter(|&&t| pos.piece_at(t).is_some_and(|q| q.side == side))
        .count();
    s += TILE * tiles as f64;
    if stones <= 1 {
        s -= LAST_ONES;
    }
    if others <= 3 {
        s -= LAST_ONES;
    }
    s
}

/// Each player's expected reward, in player order.
pub fn estimate(pos: &Position) -> Vec<f64> {
    let [a, b] = Side::BOTH;
    game_api::lead_estimate(
        [a.player(), b.player()],
        score(pos, a) - score(pos, b),
        SCALE,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;
    use crate::square::Square;

    #[test]
    fn the_start_is_even() {
        let e = estimate(&Position::start());
        assert!((e[0] - 0.5).abs() < 1e-9, "{e:?}");
    }

    /// A Stone up, or a Victory Tile held, is ahead; the estimates add to one.
    #[test]
    fn stones_and_tiles_count() {
        let [a, b] = Side::BOTH;
        let mut pieces = Vec::new();
        for f in 0..4 {
            pieces.push((Square::new(0, f).unwrap(), Piece::new(a, Kind::Blank)));
            pieces.push((Square::new(9, f).unwrap(), Piece::new(b, Kind::Blank)));
        }
        for f in 6..8 {
            pieces.push((Square::new(0, f).unwrap(), Piece::new(a, Kind::Stone)));
            pieces.push((Square::new(9, f).unwrap(), Piece::new(b, Kind::Stone)));
        }
        let even = Position::setup(&pieces, a);
        assert!((estimate(&even)[0] - 0.5).abs() < 1e-9);
        let mut stone_up = pieces.clone();
        stone_up.push((Square::new(0, 9).unwrap(), Piece::new(a, Kind::Stone)));
        let e = estimate(&Position::setup(&stone_up, a));
        assert!(e[a.player().index()] > 0.7, "{e:?}");
        let mut tile = pieces.clone();
        tile.push((VICTORY_TILES[0], Piece::new(b, Kind::Blank)));
        let e = estimate(&Position::setup(&tile, a));
        assert!(e[b.player().index()] > 0.6, "{e:?}");
        assert!((e[0] + e[1] - 1.0).abs() < 1e-9);
    }
}
