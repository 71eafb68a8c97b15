//! Opposition (§2.0.03, special move of the Sword; the Dagger against the Dagger, §2.0.08): "Your
//! Sword may push an opponent's blade by opposition when the two pieces are in-line with one
//! another, unobstructed, and both on your side of the board. This move can travel any distance
//! into consecutive open squares, in a straight line, without moving your Sword beyond the center
//! line. ... The opponent's blade may be pushed beyond its normal constraints."
//!
//! Ruling R-OPPOSITION: along one of the eight lines the blade slides over empty squares to the
//! opposing blade and pushes it 1 or more squares on into consecutive open squares; the pusher
//! ends on the square just behind the pushed blade. The pusher must end on its own side (never
//! past the centre line) and inside its own range constraint; the pushed blade may go anywhere
//! the open squares allow, even across the centre line. One move of the blade, so it may be the
//! second of a stepping-stone double-move or a concert move. Written as the pusher's move with
//! `~`: `$X6~`.
use crate::action::{Action, Effect, Move, Mover};
use crate::bitboard::Bitboard;
use crate::direction::Dir;
use crate::measure::own_side;
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::special::cavazione::duels;
use crate::square::Square;
use crate::view::View;

pub(crate) fn oppositions(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    allowed: Bitboard,
    out: &mut Vec<Action>,
) {
    let side = view.side;
    let ours = own_side(side);
    if !ours.contains(from) {
        return;
    }
    for dir in Dir::ALL {
        let (dl, ds) = dir.delta();
        // Slide over empty (or transparent) squares to the first piece on the line.
        let mut cur = from;
        let blade_sq = loop {
            match cur.offset(dl, ds) {
                Some(next) if !view.occupied.contains(next) || view.transparent.contains(next) => {
                    cur = next
                }
                Some(next) => break Some(next),
                None => break None,
            }
        };
        let Some(blade_sq) = blade_sq else { continue };
        if !view.opp.contains(blade_sq) || !ours.contains(blade_sq) {
            continue;
        }
        let Some((_, k)) = pos.piece_at(blade_sq) else {
            continue;
        };
        if !duels(rules, side, kind, k) {
            continue;
        }
        // Push it into consecutive open squares.
        let mut blade_to = blade_sq;
        // The pushed blade needs truly open squares (the Self's square in concert is not one).
        while let Some(next) = blade_to.offset(dl, ds) {
            if view.occupied.contains(next) {
                break;
            }
            let pusher_to = blade_to;
            blade_to = next;
            if ours.contains(pusher_to) && allowed.contains(pusher_to) {
                out.push(Action::Move(Move {
                    mover: Mover::Piece(kind),
                    from,
                    to: pusher_to,
                    effect: Effect::Opposition(k, blade_sq, blade_to),
                    dir: None,
                    face: None,
                }));
            }
        }
    }
}
