//! The free engagement (§2.0.05): a shared pawn. Out of play it sits on a grid intersection and
//! enters onto one of the (up to) four squares it touches, never taking. In play it is moved only
//! by the player whose colour its square is (possession): a king step to an open square, or a
//! fend one step diagonally forward as that player's own engagement. Fended, it returns to the
//! centre point.
use crate::action::{Action, Effect, Move, Mover};
use crate::bitboard::Bitboard;
use crate::position::{FreePlace, Position};
use crate::rules::Rules;
use crate::special::en_passant;
use crate::view::View;

pub(crate) fn actions(rules: &Rules, pos: &Position, view: &View, out: &mut Vec<Action>) {
    match pos.free() {
        FreePlace::Off(point) => {
            for to in point.touching() & !view.occupied {
                out.push(Action::EnterFree { to });
            }
        }
        FreePlace::On(sq) => {
            if !view.possessed {
                return;
            }
            for to in Bitboard::adjacent(sq) & !view.occupied {
                out.push(Action::Move(Move {
                    mover: Mover::Free,
                    from: sq,
                    to,
                    effect: Effect::Quiet,
                    dir: None,
                    face: None,
                }));
            }
            let fwd = view.side.forward();
            for dl in [-1, 1] {
                let Some(to) = sq.offset(dl, fwd) else {
                    continue;
                };
                // Not the Cloak holding the mover's own blade (§2.0.06).
                if view.opp.contains(to) && !view.untouchable.contains(to) {
                    if let Some((_, k)) = pos.piece_at(to)
                        && rules.info(!view.side, k).fendable
                    {
                        out.push(Action::Move(Move {
                            mover: Mover::Free,
                            from: sq,
                            to,
                            effect: Effect::Fend(k),
                            dir: None,
                            face: None,
                        }));
                    }
                } else if let Some(ep) = pos.en_passant()
                    && ep.target == to
                    && en_passant::open(rules, pos, view.side, ep)
                {
                    out.push(Action::Move(Move {
                        mover: Mover::Free,
                        from: sq,
                        to,
                        effect: Effect::EnPassant(ep.victim),
                        dir: None,
                        face: None,
                    }));
                }
            }
        }
    }
}
