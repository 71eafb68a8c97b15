//! Playing an action: energy spent, pieces moved, the count and the history kept, and the turn
//! passed on when the mover ends it or runs out of energy.
use crate::action::Action;
use crate::options::KelasuOptions;
use crate::piece::{Kind, Piece};
use crate::position::Position;

/// Plays `a` (already known to be legal) for the side to move.
pub fn apply(p: &mut Position, o: &KelasuOptions, a: Action) {
    let side = p.to_move;
    match a {
        Action::Move { from, to } | Action::Recall { from, to } => {
            let piece = p.piece_at(from).expect("a move from an empty square");
            let captured = p.piece_at(to).is_some();
            p.set(to, Some(piece));
            p.set(from, None);
            p.moved = p.moved.without(from).with(to);
            p.energy -= 1;
            if captured || piece.kind == Kind::Blank {
                p.quiet = -1;
            }
            // Captures and forward Blank steps can never be undone; no earlier position returns.
            if captured || (piece.kind == Kind::Blank && from.rank() != to.rank()) {
                p.clear_history();
            }
        }
        Action::Convert { from, target } => {
            p.set(from, None);
            let q = p.piece_at(target).expect("a conversion of an empty square");
            p.set(target, Some(Piece::new(side, q.kind)));
            p.energy -= 1;
            if o.conversion_resets_count {
                p.quiet = -1;
            }
            p.clear_history();
        }
        Action::Merge { kind, to, blanks } => {
            for s in blanks.squares() {
                p.set(s, None);
                p.moved = p.moved.without(s);
            }
            p.set(to, Some(Piece::new(side, kind)));
            p.energy -= blanks.count() as i16;
            p.quiet = -1;
            p.clear_history();
        }
        Action::End => {
            end_turn(p);
            return;
        }
    }
    p.acted = true;
    if p.energy <= 0 {
        end_turn(p);
    }
}

/// The turn passes: the other side's energy is its Stones ("Negative Energy does not carry
/// over"), nothing has moved, the count goes on, and the new turn start enters the history.
pub fn end_turn(p: &mut Position) {
    p.to_move = p.to_move.other();
    p.energy = p.stones(p.to_move) as i16;
    p.acted = false;
    p.moved = crate::bitboard::Bitboard::EMPTY;
    p.quiet = p.quiet.saturating_add(1);
    p.push_history();
}
