//! The actions open to the mover: each unmoved piece's moves, recalls and conversions, every
//! merge, and ending the turn.
use crate::action::Action;
use crate::attacks::{conversion_targets, destinations, recall_target};
use crate::merge::merges;
use crate::options::KelasuOptions;
use crate::piece::Kind;
use crate::position::Position;
use crate::side::Side;

/// The piece actions and merges (ending the turn not included).
pub fn piece_actions(p: &Position, o: &KelasuOptions, side: Side, out: &mut Vec<Action>) {
    if side != p.to_move || p.energy <= 0 {
        return;
    }
    steps(p, o, side, out);
    let mut ms = Vec::new();
    merges(p, o, side, &mut ms);
    out.extend(
        ms.into_iter()
            .map(|(kind, to, blanks)| Action::Merge { kind, to, blanks }),
    );
}

/// Each unmoved piece's moves, recalls and conversions.
pub(crate) fn steps(p: &Position, o: &KelasuOptions, side: Side, out: &mut Vec<Action>) {
    let mut to = Vec::new();
    for (from, piece) in p.pieces() {
        if piece.side != side || p.moved.contains(from) {
            continue;
        }
        to.clear();
        destinations(p, o, from, piece, &mut to);
        out.extend(to.iter().map(|&t| Action::Move { from, to: t }));
        match piece.kind {
            Kind::Warrior => {
                if let Some(t) = recall_target(p, o, from, side) {
                    out.push(Action::Recall { from, to: t });
                }
            }
            Kind::Diplomat => {
                to.clear();
                conversion_targets(p, from, side, &mut to);
                out.extend(to.iter().map(|&t| Action::Convert { from, target: t }));
            }
            _ => {}
        }
    }
}

/// Whether ending the turn is open: at any time under `Pass=yes`; else after acting, when no
/// piece can act (`stuck`) or under `EndEarly=yes` ("Once your energy runs out, your turn
/// ends"; rulings "Passing and stalemate", "Ending a turn").
pub fn may_end(p: &Position, o: &KelasuOptions, side: Side, stuck: bool) -> bool {
    side == p.to_move && (o.pass_allowed || (p.acted && (o.end_early || stuck)))
}

pub fn legal_actions(p: &Position, o: &KelasuOptions, side: Side, out: &mut Vec<Action>) {
    let before = out.len();
    piece_actions(p, o, side, out);
    if may_end(p, o, side, out.len() == before) {
        out.push(Action::End);
    }
}

/// Whether the mover has any action besides ending the turn.
pub fn has_piece_action(p: &Position, o: &KelasuOptions) -> bool {
    if p.energy <= 0 {
        return false;
    }
    // The merges last, and only when no piece steps: a compact group of Blanks has some
    // hundred thousand merges (a review counted them), listed twice per decision before.
    let mut v = Vec::new();
    steps(p, o, p.to_move, &mut v);
    if !v.is_empty() {
        return true;
    }
    piece_actions(p, o, p.to_move, &mut v);
    !v.is_empty()
}
