//! Setting up and beginning a game (§2.0.19 steps 3 and 4): the setup styles beyond the standard
//! baselines — Sittuyin-style concealed stances and setup in turns — and the three ways to decide
//! who moves first: by advantage (agreed), by random drawing, or by initiative.
//!
//! "Sittuyin-style concealed variable setup: … starting criticals and technicals in any order on
//! their baseline row (step 4 or 13) and engagements on any step within your second measure, one
//! per line." "Setup in turns: One player is determined to place first, and places one piece on
//! their side within the above constraints. The other player then places one, and the two
//! alternate". "Initiative: … three points for each pawn at the furthest step (eighth step), two
//! points for each pawn at the step behind that, one for each pawn behind that, and zero for any
//! pawns on the engagement baseline. … If the scores are equal, the player with a pawn closest to
//! the center point goes first. If this too is equal, then you must decide by random drawing."
//!
//! Ruling R-SETUP-STYLES: the pieces placed are those of the setup file (the standard setup: Self,
//! Sword, Cloak, Balance and four engagements); the baseline is the side's fourth step (4 / 13),
//! the engagements stand one per line on the side's fifth to eighth step. Setup in turns starts
//! with the side that moves first when it is agreed by advantage, else with White (initiative
//! needs the finished setup; the random drawing is made once the setup is done). "Closest to the center point" is the Euclidean distance from
//! a pawn's square centre to the centre point; the tie-break compares each side's closest pawn.
//! The random drawing is the rules crate's seeded generator (the free engagement in a closed hand).
pub use crate::options::{FirstPlayerMethod, SetupStyle};
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;
use rand::Rng;

/// One side's stance: the pieces to stand and their squares.
pub type Stance = Vec<(Kind, Square)>;

/// The pieces `side` sets up (from the setup file).
pub fn pieces_to_place(rules: &Rules, side: Side) -> Vec<Kind> {
    rules.setup.placements[side.index()]
        .iter()
        .map(|&(_, k)| k)
        .collect()
}

/// The pieces `side` still has to set up, given its stance so far.
pub fn remaining(rules: &Rules, side: Side, stance: &[(Kind, Square)]) -> Vec<Kind> {
    let mut want = pieces_to_place(rules, side);
    for (k, _) in stance {
        if let Some(i) = want.iter().position(|w| w == k) {
            want.remove(i);
        }
    }
    want
}

/// Where `side` may set `k` given the stance so far (§2.0.19's constraints).
pub fn allowed_squares(
    rules: &Rules,
    side: Side,
    k: Kind,
    so_far: &[(Kind, Square)],
) -> Vec<Square> {
    let taken = |sq: Square| so_far.iter().any(|&(_, s)| s == sq);
    if rules.is_engagement(side, k) {
        let used_lines: Vec<u8> = so_far
            .iter()
            .filter(|(pk, _)| rules.is_engagement(side, *pk))
            .map(|(_, s)| s.line())
            .collect();
        Square::all()
            .filter(|s| (5..=8).contains(&s.relative_step(side)))
            .filter(|s| !used_lines.contains(&s.line()) && !taken(*s))
            .collect()
    } else {
        Square::all()
            .filter(|s| s.relative_step(side) == 4 && !taken(*s))
            .collect()
    }
}

/// Why `side`'s `k` may not be set on `sq` (§2.0.19's constraints), in the player's words.
pub fn refusal(rules: &Rules, side: Side, k: Kind, sq: Square) -> String {
    if rules.is_engagement(side, k) {
        format!("{sq}: engagements stand one per line on your second measure (§2.0.19)")
    } else {
        format!("{sq}: criticals and technicals stand on your baseline, your fourth step (§2.0.19)")
    }
}

/// Why `side`'s `k` is not one to set up now: all of its kind are set up, or it begins the game
/// in reserve (§2.0.19: "The rest of your pieces begin the game in reserve").
pub fn not_to_set_up(rules: &Rules, side: Side, k: Kind) -> String {
    let set = rules.set(side);
    let name = set.piece(k).name();
    let stance = pieces_to_place(rules, side);
    if stance.contains(&k) {
        format!("{side} has no {name} left to set up: all of them are set up (§2.0.19)")
    } else {
        // The army's own stance, as its setup places it (an army may have no Sword or Cloak: a
        // review found the standard four named to an Assassin).
        let mut names: Vec<String> = Vec::new();
        for &s in &stance {
            let n = stance.iter().filter(|&&x| x == s).count();
            let piece = set.piece(s).name();
            let item = if n > 1 {
                format!("{n} × {piece}")
            } else {
                piece.to_string()
            };
            if !names.contains(&item) {
                names.push(item);
            }
        }
        format!(
            "{side}'s {name} begins the game in reserve: {side}'s stance is {} (§2.0.19)",
            names.join(", ")
        )
    }
}

/// Why a square is refused to a piece set up: another stands there (§2.0.19).
pub fn taken(sq: Square) -> String {
    format!("{sq} is taken: a piece is set up there already (§2.0.19)")
}

/// Checks a stance: exactly the setup's pieces, within the constraints.
pub fn check_stance(rules: &Rules, side: Side, stance: &[(Kind, Square)]) -> Result<(), String> {
    let mut want = pieces_to_place(rules, side);
    let mut so_far: Vec<(Kind, Square)> = Vec::new();
    for &(k, sq) in stance {
        let name = rules.set(side).piece(k).name();
        let Some(i) = want.iter().position(|w| *w == k) else {
            return Err(format!(
                "{side} has no {name} left to set up: all of them are set up (§2.0.19)"
            ));
        };
        if !allowed_squares(rules, side, k, &so_far).contains(&sq) {
            return Err(refusal(rules, side, k, sq));
        }
        want.remove(i);
        so_far.push((k, sq));
    }
    if let Some(k) = want.first() {
        return Err(format!(
            "{side}'s {} is not set up: each stance sets up all of its pieces (§2.0.19)",
            rules.set(side).piece(*k).name()
        ));
    }
    Ok(())
}

/// The starting position from two stances (the rest of each side in reserve), `first` to move.
pub fn position_from_stances(
    rules: &Rules,
    stances: [&[(Kind, Square)]; 2],
    first: Side,
) -> Result<Position, String> {
    let mut p = Position::empty();
    for side in Side::ALL {
        check_stance(rules, side, stances[side.index()])?;
        for &(k, sq) in stances[side.index()] {
            p.put(side, k, sq);
        }
        for k in rules.set(side).kinds() {
            let on = p.pieces(side, k).count() as u8;
            p.reserve[side.index()][k.index()] =
                rules.counts[side.index()][k.index()].saturating_sub(on);
        }
    }
    p.turn = first;
    // Each side's Donkey waits in reserve as on the standard setup (§2.0.23, R-DONKEY).
    p.donkey_home = [rules.has_donkey(Side::White), rules.has_donkey(Side::Black)];
    Ok(p)
}

/// Said of a placement once both stances are complete.
pub const ALL_SET_UP: &str =
    "every piece is set up (§2.0.19): begin the game, or take back the last piece placed (Undo)";

/// Setup in turns: the state between placements.
#[derive(Clone, Debug)]
pub struct SetupInTurns {
    pub next: Side,
    pub stances: [Stance; 2],
    /// Who placed each piece, in order (for taking the last one back).
    placed_by: Vec<Side>,
    /// The side that placed first.
    first: Side,
}

impl SetupInTurns {
    pub fn new(first: Side) -> SetupInTurns {
        SetupInTurns {
            next: first,
            stances: [Vec::new(), Vec::new()],
            placed_by: Vec::new(),
            first,
        }
    }

    /// Whose turn it is to place, from the counts: "the two alternate in turns" (§2.0.19 step
    /// 3), so the side with fewer pieces down places, the first placer on a tie; a side with
    /// none left to place leaves the turn to the other. A piece taken back to revise it (step
    /// 1) is placed again within the same turn, which then still owes its own piece — a side
    /// never drops behind to set its last pieces with the other's whole stance in view (a
    /// review found three taken back at once, and placed after all of the other side's).
    /// Unchanged once every piece is placed.
    fn turn_from_counts(&mut self, rules: &Rules) {
        let left = |s: Side| !self.remaining(rules, s).is_empty();
        let placed = |s: Side| self.stances[s.index()].len();
        self.next = match (left(Side::White), left(Side::Black)) {
            (false, false) => return,
            (true, false) => Side::White,
            (false, true) => Side::Black,
            (true, true) => {
                let (w, b) = (placed(Side::White), placed(Side::Black));
                if w == b {
                    self.first
                } else if w < b {
                    Side::White
                } else {
                    Side::Black
                }
            }
        };
    }

    /// The pieces the side to place still has.
    pub fn remaining(&self, rules: &Rules, side: Side) -> Vec<Kind> {
        remaining(rules, side, &self.stances[side.index()])
    }

    pub fn is_done(&self, rules: &Rules) -> bool {
        Side::ALL
            .iter()
            .all(|&s| self.remaining(rules, s).is_empty())
    }

    /// Places one piece for the side whose turn it is; the turn passes (to the side with pieces
    /// left).
    pub fn place(&mut self, rules: &Rules, k: Kind, sq: Square) -> Result<(), String> {
        let side = self.next;
        if self.is_done(rules) {
            return Err(ALL_SET_UP.into());
        }
        if !self.remaining(rules, side).contains(&k) {
            return Err(not_to_set_up(rules, side, k));
        }
        if self.stances.iter().flatten().any(|&(_, s)| s == sq) {
            return Err(taken(sq));
        }
        if !allowed_squares(rules, side, k, &self.stances[side.index()]).contains(&sq) {
            return Err(refusal(rules, side, k, sq));
        }
        self.stances[side.index()].push((k, sq));
        self.placed_by.push(side);
        self.turn_from_counts(rules);
        Ok(())
    }

    /// Takes back the piece on `sq` if it is the side's to place now (a player revises their
    /// own piece by clicking it, as in a concealed setup, §2.0.19 step 1): that side and kind.
    /// The turn stays that side's until it has placed it again and its own piece of the turn
    /// (`turn_from_counts`).
    /// `None` for an empty square or the other side's piece — and once every piece is placed,
    /// when no side is to place (the last placer stays `next`: a review found the other side's
    /// piece taken back then, the computer's re-placed at once); the last piece placed still
    /// comes back with `take_back_last`.
    pub fn take_back(&mut self, rules: &Rules, sq: Square) -> Option<(Side, Kind)> {
        if self.is_done(rules) {
            return None;
        }
        let side = self.next;
        let stance = &mut self.stances[side.index()];
        let i = stance.iter().position(|&(_, s)| s == sq)?;
        let (k, _) = stance.remove(i);
        // The side's i-th placement in the order of the whole setup.
        if let Some(at) = self
            .placed_by
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == side)
            .nth(i)
            .map(|(at, _)| at)
        {
            self.placed_by.remove(at);
        }
        Some((side, k))
    }

    /// Takes back the last piece placed, whoever placed it, and gives that side the turn to
    /// place again (§2.0.19 step 1: "Will you play a friendly game allowing both players or a
    /// less experienced player to revise a move?"; a piece set down in the open is no secret).
    /// `None` when nothing is placed.
    pub fn take_back_last(&mut self, rules: &Rules) -> Option<(Side, Kind, Square)> {
        let side = self.placed_by.pop()?;
        let (k, sq) = self.stances[side.index()].pop()?;
        // Whose turn it is then is the counts' to say (`turn_from_counts`): its placer's,
        // unless the other side had taken one back and is behind (an audit found the turn
        // given to the placer, the side behind then placing two with both in view).
        self.turn_from_counts(rules);
        Some((side, k, sq))
    }
}

/// The initiative score of `side`'s engagements: 3 on its eighth step, 2 on the seventh, 1 on the
/// sixth, 0 on the fifth.
pub fn initiative(rules: &Rules, pos: &Position, side: Side) -> u32 {
    let mut score = 0;
    for k in rules.set(side).kinds() {
        if rules.is_engagement(side, k) {
            for sq in pos.pieces(side, k) {
                score += (sq.relative_step(side) as u32).saturating_sub(5).min(3);
            }
        }
    }
    score
}

/// Squared distance (in quarter-squares) from the closest of `side`'s engagements to the centre
/// point; `None` without engagements.
fn closest_to_centre(rules: &Rules, pos: &Position, side: Side) -> Option<u32> {
    let mut best = None;
    for k in rules.set(side).kinds() {
        if rules.is_engagement(side, k) {
            for sq in pos.pieces(side, k) {
                // Square centre (2·line+1, 2·step−1) against the centre point (4, 16), doubled.
                let dx = (2 * sq.line() as i32 + 1) - 4;
                let dy = (2 * sq.step() as i32 - 1) - 16;
                let d = (dx * dx + dy * dy) as u32;
                best = Some(best.map_or(d, |b: u32| b.min(d)));
            }
        }
    }
    best
}

/// Decides who moves first.
pub fn first_player(
    rules: &Rules,
    pos: &Position,
    method: FirstPlayerMethod,
    rng: &mut GameRng,
) -> Side {
    let draw = |rng: &mut GameRng| {
        if rng.random_bool(0.5) {
            Side::White
        } else {
            Side::Black
        }
    };
    match method {
        FirstPlayerMethod::Agreed => rules.options.first_player,
        FirstPlayerMethod::RandomDraw => draw(rng),
        FirstPlayerMethod::Initiative => {
            let (w, b) = (
                initiative(rules, pos, Side::White),
                initiative(rules, pos, Side::Black),
            );
            if w != b {
                return if w > b { Side::White } else { Side::Black };
            }
            match (
                closest_to_centre(rules, pos, Side::White),
                closest_to_centre(rules, pos, Side::Black),
            ) {
                (Some(a), Some(c)) if a != c => {
                    if a < c {
                        Side::White
                    } else {
                        Side::Black
                    }
                }
                _ => draw(rng),
            }
        }
    }
}

/// The generator of a game's random drawing (§2.0.19 step 4: "decide by random drawing"), drawn
/// from the game's seed apart from the stream its throws use, so the drawing does not change
/// the game's dice.
pub fn drawing(seed: u64) -> GameRng {
    crate::rng::seeded(seed ^ 0x5EED)
}

/// Who moves first in a game set up on the standard baselines (§2.0.19 step 4), by the agreed
/// method: the agreed side, a random drawing from the game's `seed`, or initiative scored on the
/// setup's baselines (with the standard setup the scores and the tie-break are equal, so it comes
/// down to the drawing).
pub fn first_player_on_baselines(rules: &Rules, seed: u64) -> Side {
    first_player(
        rules,
        &Position::start(rules),
        rules.options.first_by,
        &mut drawing(seed),
    )
}

/// Who sets down the first piece in a setup in turns (§2.0.19 step 3: "One player is determined
/// to place first"): the agreed first player, or White when the first player is decided after
/// the setup, by a drawing or by initiative (ruling R-SETUP-STYLES).
pub fn first_to_set_up(rules: &Rules) -> Side {
    match rules.options.first_by {
        FirstPlayerMethod::Agreed => rules.options.first_player,
        FirstPlayerMethod::RandomDraw | FirstPlayerMethod::Initiative => Side::White,
    }
}
