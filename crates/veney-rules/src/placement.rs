//! Placing pieces from reserve and withdrawing them (§2.0.13).
//!
//! Placing: onto an empty square adjacent to the Self, within the piece's range constraint; a
//! whole turn's action, never part of a double-move. Withdrawing: an own piece on your own side
//! of the board goes back to reserve — never the Self or the Sword, and the Dagger only while
//! another blade remains on the board.
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::measure::own_side;
use crate::square::Square;

use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::{Aspect, Rules};
use crate::side::Side;
use crate::view::View;

/// How many facings a piece of `kind` is placed with: four for an oriented piece ("A piece can
/// be placed facing in one of the four orthogonal directions", §2.0.23; ruling R-ORIENTED), one
/// for every other.
#[inline]
pub(crate) fn facings(rules: &Rules, side: Side, kind: Kind) -> u8 {
    if rules.info(side, kind).oriented {
        4
    } else {
        1
    }
}

/// A placement of `kind` on `to` as the player means it before choosing a facing: an oriented
/// piece facing forward (the app asks why a square is refused with it).
pub fn placement_of(rules: &Rules, side: Side, kind: Kind, to: Square) -> Action {
    place_action(rules, side, kind, to, 0)
}

/// The `i`-th placement of `kind` on `to` (`i` below `facings`): an oriented piece's facing.
#[inline]
pub(crate) fn place_action(rules: &Rules, side: Side, kind: Kind, to: Square, i: u8) -> Action {
    let face = rules.info(side, kind).oriented.then_some(i);
    Action::Place { kind, to, face }
}

/// The placements open now, kind by kind: `each(k, squares)` for every kind with a square to be
/// placed on, in kind order (each kind's `Action::Place`s are its squares in index order).
pub(crate) fn placements(
    rules: &Rules,
    pos: &Position,
    view: &View,
    mut each: impl FnMut(Kind, Bitboard),
) {
    let side = pos.turn();
    let Some(mut area) = Area::new(rules, pos, side) else {
        return;
    };
    // Playing with sand a placement into a measure under Presence is made, and may be called:
    // "This can be invoked in the moment in order to call piece placement untenable" (§2.0.11).
    if view.sand {
        area.open = !pos.occupied();
    }
    for k in rules.set(side).kinds() {
        let squares = area.squares(rules, pos, view, k);
        if squares.any() {
            each(k, squares);
        }
    }
}

/// A bound on how many placements `placements` offers, cheap to work out (`movegen::Sampler`'s
/// rejection draw): for each kind in reserve, the empty squares next to the Self in its zone
/// (anywhere in its zone for a floating Ruin) — Presence, glare and the count on the board
/// left out.
pub(crate) fn placement_bound(rules: &Rules, pos: &Position, view: &View) -> usize {
    let side = pos.turn();
    let Some(life) = pos.life_square(rules, side) else {
        return 0;
    };
    let empty = !pos.occupied();
    let adjacent = Bitboard::adjacent(life) & empty;
    let mut n = 0;
    for k in rules.set(side).kinds() {
        if pos.reserve(side, k) > 0 {
            let area = if rules.info(side, k).floating {
                empty
            } else {
                adjacent
            };
            n += (area & view.zones[k.index()]).count() as usize * facings(rules, side, k) as usize;
        }
    }
    n
}

/// The squares `side` could place a reserve piece of kind `k` on, by §2.0.13 (next to the Self,
/// within the range constraint), §2.0.11 Presence and §2.0.12 (the floating Ruin anywhere in its
/// range), as if it were `side`'s turn to begin: what the app shows for a reserve piece of the
/// side not to move. For the side to move the legal `Action::Place` actions are the answer (they
/// are these squares while placing is open, at the start of a turn).
pub fn placement_squares(rules: &Rules, pos: &Position, side: Side, k: Kind) -> Bitboard {
    if k.index() >= rules.kind_count(side) {
        return Bitboard::EMPTY;
    }
    match Area::new(rules, pos, side) {
        Some(area) => area.squares(rules, pos, &View::new(rules, pos, side), k),
        None => Bitboard::EMPTY,
    }
}

/// What every kind's placement area shares, computed once per generation (move generation is
/// the hot path: Presence and Glare read the board).
struct Area {
    side: Side,
    /// Empty squares outside the opposing Presence (§2.0.11).
    open: Bitboard,
    /// Next to the Self (§2.0.13).
    adjacent: Bitboard,
    /// §2.0.10 Glare: a Jutsu fended by glare may not come back on the next turn, nor while
    /// glare holds on its Self (ruling R-GLARE-PLACE).
    jutsu_barred: bool,
}

impl Area {
    fn new(rules: &Rules, pos: &Position, side: Side) -> Option<Area> {
        let life = pos.life_square(rules, side)?;
        Some(Area {
            side,
            // §2.0.11 Presence: no placing into the measure of the opposing Self and Jutsu.
            open: !pos.occupied() & !crate::special::presence::barred(rules, pos, !side),
            adjacent: Bitboard::adjacent(life),
            // Asked only when a Jutsu is in reserve (no other placement hangs on it).
            jutsu_barred: crate::rules::kinds_in(rules.jutsu_kinds(side))
                .any(|k| pos.reserve(side, k) > 0)
                && (pos.glare_blocked(side) || crate::special::glare::holds(rules, pos, !side)),
        })
    }

    /// Where `k` may be placed, given `view` (the board as the side sees it).
    fn squares(&self, rules: &Rules, pos: &Position, view: &View, k: Kind) -> Bitboard {
        let side = self.side;
        let info = rules.info(side, k);
        // `max_on_board`: "up to two drawn at a time" (the Archives Assassin, ruling R-ARMIES).
        if pos.reserve(side, k) == 0
            || (self.jutsu_barred && info.jutsu)
            || (info.max_on_board != u8::MAX && pos.in_play(side, k) >= info.max_on_board)
        {
            return Bitboard::EMPTY;
        }
        // §2.0.12 Floating Ruin: "placed from reserve anywhere in its movement range, ignoring
        // the constraint of the piece-placement area".
        let area = if info.floating {
            self.open
        } else {
            self.adjacent & self.open
        };
        area & view.zones[k.index()]
    }
}

/// The withdrawals open now: the kinds (a bit mask by kind index) whose pieces may go back to
/// reserve, and the squares they may leave from. Every piece of those kinds on those squares may
/// be withdrawn; `Action::Withdraw`s are listed kind by kind, each kind's in square order.
pub(crate) fn withdrawable(rules: &Rules, pos: &Position) -> (u16, Bitboard) {
    let side = pos.turn();
    let mut kinds = rules.kinds_with(side, Aspect::Withdraw);
    let last_blade = rules.kinds_with(side, Aspect::WithdrawUnlessLastBlade);
    // Counted as Persistence counts them: a blade pinned under a Cloak is still on the board
    // (ruling R-BLADE-CAPTURE), so the Dagger is not the only remaining blade while the Sword is
    // held.
    if last_blade != 0 && crate::special::disarm::blades_on_board(rules, pos, side) >= 2 {
        kinds |= last_blade;
    }
    // Under Shima only what the reserve keeps — Daggers and engagements — is withdrawn: the
    // players "continue with what is already on the board" (§2.0.18, R-SHIMA-RESERVE; a review
    // found any other piece withdrawn only to be discarded).
    if pos.shima() {
        kinds &= rules.kept_under_shima(side);
    }
    // A Cloak holding a blade may be withdrawn: §2.0.13 excludes only "the Self piece and the
    // Sword, as well as the Dagger if it is one's only remaining blade", and its owner "may move
    // it back off, releasing the blade and saving the Cloak" (§2.0.06); the blade stays, free
    // (ruling R-BLADE-CAPTURE; until session 38 it was refused, a review found no words for it).
    (kinds, own_side(side))
}
