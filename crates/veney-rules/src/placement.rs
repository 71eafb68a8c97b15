//! Placing pieces from reserve and withdrawing them (§2.0.13).
//!
//! Placing: onto an empty square adjacent to the Self, within the piece's range constraint; a
//! whole turn's action, never part of a double-move. Withdrawing: an own piece on your own side
//! of the board goes back to reserve — never the Self or the Sword, and the Dagger only while
//! another blade remains on the board.
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::measure::own_side;
use crate::piece_def::Withdraw;
use crate::position::Position;
use crate::rules::Rules;
use crate::view::View;

pub(crate) fn placements(rules: &Rules, pos: &Position, view: &View, out: &mut Vec<Action>) {
    let side = pos.turn();
    let Some(life) = pos.life_square(rules, side) else {
        return;
    };
    // §2.0.11 Presence: no placing into the measure of the opposing Self and Jutsu.
    let open = Bitboard::adjacent(life)
        & !pos.occupied()
        & !crate::special::presence::barred(rules, pos, !side);
    // §2.0.10 Glare: a Jutsu fended by glare may not come back on the next turn, nor while glare
    // holds on its Self (ruling R-GLARE-PLACE).
    let jutsu_barred = pos.glare_blocked(side) || crate::special::glare::holds(rules, pos, !side);
    for k in rules.set(side).kinds() {
        let info = rules.info(side, k);
        // `max_on_board`: "up to two drawn at a time" (the Archives Assassin, ruling R-ARMIES).
        if pos.reserve(side, k) > 0
            && !(jutsu_barred && info.jutsu)
            && (info.max_on_board == u8::MAX || pos.in_play(side, k) < info.max_on_board)
        {
            // §2.0.12 Floating Ruin: "placed from reserve anywhere in its movement range,
            // ignoring the constraint of the piece-placement area".
            let area = if rules.info(side, k).floating {
                !pos.occupied() & !crate::special::presence::barred(rules, pos, !side)
            } else {
                open
            };
            for to in area & view.zones[k.index()] {
                out.push(Action::Place { kind: k, to });
            }
        }
    }
}

pub(crate) fn withdrawals(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    let side = pos.turn();
    let blades_on_board: u32 = rules
        .set(side)
        .kinds()
        .filter(|&k| rules.is_blade(side, k))
        .map(|k| pos.pieces(side, k).count())
        .sum();
    for k in rules.set(side).kinds() {
        let info = rules.info(side, k);
        let allowed = match info.withdraw {
            _ if info.life => false,
            Withdraw::Never => false,
            Withdraw::Allowed => true,
            Withdraw::UnlessLastBlade => blades_on_board >= 2,
        };
        if allowed {
            // A Cloak holding a blade is not withdrawn (ruling R-BLADE-CAPTURE).
            let holding = crate::special::blade_capture::holding(pos, side).map_or(
                crate::bitboard::Bitboard::EMPTY,
                crate::bitboard::Bitboard::from_square,
            );
            for from in pos.pieces(side, k) & own_side(side) & !holding {
                out.push(Action::Withdraw { kind: k, from });
            }
        }
    }
}
