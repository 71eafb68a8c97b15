//! Glare (§2.0.10, aspect of the Lantern): "When it aligns with the opponent's Self
//! (orthogonally or diagonally) unobstructed by a Guard, Cloak or your own Self, the opponent's
//! Jutsu is fended. This can be declared at any point on your own turn … and does not constitute
//! a move … However, using glare ends your turn. The opponent affected by glare may not
//! immediately replace the Jutsu on their next turn. Glare conditions while the opponent's Jutsu
//! is in reserve may prevent its placement until glare is broken. You may also invoke glare to
//! prevent a Dagger Throw."
//!
//! Rulings: R-GLARE-LINE (a Guard or Cloak of either side, or the glaring side's own Self,
//! obstructs; every other piece lets the light pass), R-GLARE-WHEN (declared before the first
//! move, between the moves of a double-move, or after the last move: the phase `Phase::Glare`
//! offers it when the moves are done; glare with no move before it counts as a pass and does not
//! answer a forced move), R-GLARE-PLACE (while glare holds on a Self, its side may not place a
//! Jutsu), R-GLARE-THROW (while glare holds on a Self, that side's opponent may not throw at it —
//! the thrower's own Self is the one dazzled; see `dagger_throw`).
use crate::action::Action;
use crate::direction::aligned;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// The square of a `side` piece with Glare that holds glare on the opposing Self, if any.
pub fn glaring(rules: &Rules, pos: &Position, side: Side) -> Option<Square> {
    let target = pos.life_square(rules, !side)?;
    let own_life = pos.life_square(rules, side);
    for k in crate::rules::kinds_in(rules.kinds_with(side, crate::rules::Aspect::Glare)) {
        'lantern: for from in pos.pieces(side, k) {
            let Some((_, between)) = aligned(from, target) else {
                continue;
            };
            for sq in between {
                if Some(sq) == own_life {
                    continue 'lantern;
                }
                if let Some((s, bk)) = pos.piece_at(sq)
                    && is_screen(rules, s, bk)
                {
                    continue 'lantern;
                }
            }
            return Some(from);
        }
    }
    None
}

/// Pieces that obstruct glare: the Guard and the Cloak, known by their specials (Deflection,
/// Feign), so that another set's pieces with those specials screen too.
fn is_screen(rules: &Rules, side: Side, k: crate::piece_set::Kind) -> bool {
    let info = rules.info(side, k);
    info.deflect || info.feign
}

/// Whether `side` holds glare on the opposing Self now.
pub fn holds(rules: &Rules, pos: &Position, side: Side) -> bool {
    glaring(rules, pos, side).is_some()
}

/// The opposing Jutsu on the board that glare by `side` would fend.
pub fn victims(rules: &Rules, pos: &Position, side: Side) -> crate::bitboard::Bitboard {
    pos.pieces_of(!side, rules.jutsu_kinds(!side))
}

/// Whether the side to move may declare glare now (there is a Jutsu to fend).
pub fn available(rules: &Rules, pos: &Position) -> Option<Action> {
    let side = pos.turn();
    if victims(rules, pos, side).is_empty() {
        return None;
    }
    glaring(rules, pos, side).map(|from| Action::Glare { from })
}

/// Fends every opposing Jutsu on the board and bars its placement on the opponent's next turn.
pub(crate) fn apply(rules: &Rules, pos: &mut Position) {
    let side = pos.turn;
    let opp = !side;
    for sq in victims(rules, pos, side) {
        let (_, k) = pos.piece_at(sq).expect("victim on board");
        pos.remove(opp, k, sq);
        pos.reserve[opp.index()][k.index()] += 1;
    }
    pos.glare_block[opp.index()] = true;
}
