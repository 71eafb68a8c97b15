//! Displaced pieces: which pieces an action took off the board and where each went, read by
//! comparing the position before the action with the one after — its board, reserves, discards,
//! the blade pinned under a Cloak, the piece in the air and the concert partner in hand. A fended piece goes back to its
//! owner's reserve (§2.0.04: "the fended piece returns to its owner's reserve"), a taken one to
//! the discard (§2.0.04), a withdrawn one to its own reserve (§2.0.13), a captured blade under
//! the Cloak (§2.0.06), a cast piece into the air (§2.0.18). Nothing here applies a rule: the
//! rules produced both positions, this only says how they differ, for a view to animate.
use crate::bitboard::Bitboard;
use crate::piece_set::Kind;
use crate::position::{Phase, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// Where a piece that left the board went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Whereabouts {
    /// Its owner's reserve (fended, withdrawn).
    Reserve,
    /// Its owner's discard (taken, disarmed, negated).
    Discard,
    /// Pinned under the opposing Cloak on this square (§2.0.06).
    Pinned(Square),
    /// In the air after a cast (§2.0.18); its landing comes next.
    InAir,
    /// In hand: a concert partner the Self landed on or passed over (§2.0.02, R-CONCERT); the
    /// turn's second move places it.
    InHand,
    /// Out of the counts the position keeps (no rule does this today; reported rather than
    /// guessed).
    Elsewhere,
}

/// One piece that left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Displaced {
    pub side: Side,
    pub kind: Kind,
    /// The square it stood on before.
    pub from: Square,
    pub to: Whereabouts,
}

/// The pieces that left the board between `before` and `after` (one action apart), each with
/// where it went. A piece that only moved from square to square is not reported; when a side's
/// pieces of one kind both moved and left, the squares nearest the new squares are taken to be
/// the movers'.
pub fn displaced(rules: &Rules, before: &Position, after: &Position) -> Vec<Displaced> {
    let mut out = Vec::new();
    for side in Side::ALL {
        for kind in rules.set(side).kinds() {
            let was = before.pieces(side, kind);
            let now = after.pieces(side, kind);
            let left = was.count().saturating_sub(now.count()) as usize;
            if left == 0 {
                continue;
            }
            let mut vacated: Vec<Square> = (was & !now).into_iter().collect();
            // Pair each newly occupied square with its nearest vacated square (a move); the rest
            // of the vacated squares left the board.
            for arrived in now & !was {
                if vacated.len() <= left {
                    break;
                }
                if let Some(i) = (0..vacated.len()).min_by_key(|&i| distance(vacated[i], arrived)) {
                    vacated.remove(i);
                }
            }
            let mut whereabouts = destinations(before, after, side, kind);
            for from in vacated.into_iter().take(left) {
                let to = if whereabouts.is_empty() {
                    Whereabouts::Elsewhere
                } else {
                    whereabouts.remove(0)
                };
                out.push(Displaced {
                    side,
                    kind,
                    from,
                    to,
                });
            }
        }
    }
    out
}

/// Where `side`'s pieces of `kind` arrived off the board between the two positions, one entry
/// per piece.
fn destinations(before: &Position, after: &Position, side: Side, kind: Kind) -> Vec<Whereabouts> {
    let mut v = Vec::new();
    // A blade newly pinned: on a square where none of its kind was pinned before.
    let pinned = |p: &Position| {
        crate::special::blade_capture::pins(p, side)
            .filter(|x| x.0 == kind)
            .fold(Bitboard::EMPTY, |b, x| b | Bitboard::from_square(x.1))
    };
    for at in pinned(after) & !pinned(before) {
        v.push(Whereabouts::Pinned(at));
    }
    let in_air = |p: &Position| matches!(p.phase(), Phase::Cast { kind: k, .. } if k == kind && p.turn() == side);
    if !in_air(before) && in_air(after) {
        v.push(Whereabouts::InAir);
    }
    let in_hand = |p: &Position| p.turn() == side && p.lifted().is_some_and(|l| l.kind == kind);
    if !in_hand(before) && in_hand(after) {
        v.push(Whereabouts::InHand);
    }
    let gained = |a: u8, b: u8| b.saturating_sub(a) as usize;
    v.extend(std::iter::repeat_n(
        Whereabouts::Discard,
        gained(before.discard(side, kind), after.discard(side, kind)),
    ));
    v.extend(std::iter::repeat_n(
        Whereabouts::Reserve,
        gained(before.reserve(side, kind), after.reserve(side, kind)),
    ));
    v
}

/// Chebyshev distance between two squares (lines and steps).
fn distance(a: Square, b: Square) -> u8 {
    a.line().abs_diff(b.line()).max(a.step().abs_diff(b.step()))
}
