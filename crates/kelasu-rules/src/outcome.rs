//! The endings the rules decide (resignation and agreement are the host's).
use crate::options::KelasuOptions;
use crate::position::Position;
use crate::zones::VICTORY_TILES;
use game_api::Outcome;

pub const NO_STONES: &str = "no Stones left";
pub const NO_PIECES: &str = "no non-Stone pieces left";
pub const VICTORY_TILES_HELD: &str = "all four Victory Tiles occupied";
/// The quiet-turns draw at the text's count (line 249: "Making 64 full turns without a Blank
/// move, a Merge, or a Capture"); `quiet_turns` names another agreed count.
pub const QUIET_TURNS: &str = "64 full turns without a Blank move, a Merge or a Capture";

/// The quiet-turns draw's reason at the agreed count of `n` full turns (`QuietTurns=n`).
pub fn quiet_turns(n: u32) -> String {
    // One full turn, not "1 full turns" (a review found it so).
    let s = QUIET_TURNS.replacen("64", &n.to_string(), 1);
    if n == 1 {
        s.replacen("full turns", "full turn", 1)
    } else {
        s
    }
}
pub const REPETITION: &str = "fourfold repetition";
pub const STALEMATE: &str = "stalemate";

/// The ending the position stands at, if any, besides stalemate (which needs move generation).
/// Wins are checked after every action; the side that acted last has its wins looked at first
/// (ruling "When wins are checked").
pub fn ending(p: &Position, o: &KelasuOptions) -> Option<Outcome> {
    let mover = if p.acted {
        p.to_move
    } else {
        p.to_move.other()
    };
    for side in [mover, mover.other()] {
        let opp = side.other();
        let won = |why: &str| Some(Outcome::win(side.player(), 2, why));
        if p.stones(opp) == 0 {
            return won(NO_STONES);
        }
        if p.non_stones(opp) == 0 {
            return won(NO_PIECES);
        }
        if VICTORY_TILES
            .iter()
            .all(|&t| p.piece_at(t).is_some_and(|q| q.side == side))
        {
            return won(VICTORY_TILES_HELD);
        }
    }
    if !p.acted {
        if let Some(n) = o.quiet_full_turns
            && i32::from(p.quiet) >= 2 * i32::from(n)
        {
            return Some(Outcome::draw(2, quiet_turns(n as u32)));
        }
        if p.repetitions() >= 4 {
            return Some(Outcome::draw(2, REPETITION));
        }
    }
    None
}
