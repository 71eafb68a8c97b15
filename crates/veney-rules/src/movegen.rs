//! Move generation: every tenable action in the current phase of the turn.
//!
//! Movement patterns come from the compiled tables of each piece (`piece_set.rs`); the rules
//! that tie pieces together live in their own modules: range constraints (`constraint.rs`),
//! stepping stones and concert (`special/`), placing and withdrawing (`placement.rs`), the free
//! engagement (`free_engagement.rs`) and passing (`passing.rs`).
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::piece_moves::piece_moves;
use crate::piece_set::MAX_KINDS;
use crate::position::{Phase, Position};
use crate::rules::Rules;
use crate::view::View;
use crate::{free_engagement, passing, placement};

/// Every tenable action for the side to move in the current phase.
pub fn legal_actions(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    generate(rules, pos, out, true);
}

/// The actions the pieces could physically make if range constraints did not apply: the legal
/// ones plus the untenable moves and placements a player may attempt when playing with sand
/// (§2.0.22: "most likely one regarding range constraints").
pub fn unconstrained_actions(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    generate(rules, pos, out, false);
}

fn generate(rules: &Rules, pos: &Position, out: &mut Vec<Action>, constrained: bool) {
    out.clear();
    if pos.is_game_over() {
        return;
    }
    let side = pos.turn();
    // The dying move (§2.0.20): only a move of a piece on the board ("the Self cannot move after
    // checkmate"; no placing, withdrawing, passing or glare).
    if pos.dying() == Some(side) {
        let view = View::new(rules, pos, side);
        match pos.phase() {
            Phase::Start => {
                for k in rules.set(side).kinds() {
                    for from in pos.pieces(side, k) {
                        piece_moves(rules, pos, &view, k, from, out);
                    }
                }
            }
            Phase::Second {
                stone: Some(sq), ..
            } => {
                if let Some((_, k)) = pos.piece_at(sq) {
                    piece_moves(rules, pos, &view, k, sq, out);
                }
                out.push(Action::EndTurn);
            }
            _ => out.push(Action::EndTurn),
        }
        return;
    }
    let mut view = View::new(rules, pos, side);
    if !constrained {
        view.zones = [Bitboard::FULL; MAX_KINDS];
    }
    match pos.phase() {
        Phase::Start => {
            for k in rules.set(side).kinds() {
                for from in pos.pieces(side, k) {
                    piece_moves(rules, pos, &view, k, from, out);
                }
            }
            // Freeing a pinned blade (§2.0.06).
            if let Some((k, sq)) = crate::special::blade_capture::freeable(pos, side) {
                piece_moves(rules, pos, &view, k, sq, out);
            }
            // The Self onto or over its concert partner, lifting it (R-CONCERT).
            crate::special::concert::lifting_moves(rules, pos, &view, out);
            crate::special::feign::feigns(rules, pos, out);
            crate::special::shift::shifts(rules, pos, &view, out);
            crate::special::dagger_throw::all_throws(rules, pos, None, false, out);
            crate::special::retreat::retreat(rules, pos, out);
            crate::special::meta_move::meta_moves(pos, out);
            crate::special::meta_move::quibble_reset(pos, out);
            crate::special::cast_piece::casts(rules, pos, false, out);
            crate::special::cast_piece::invocation(rules, pos, out);
            crate::special::intention::enactment(rules, pos, out);
            if pos.passes() < 2 {
                // Declaring with no move before it is a pass (§2.0.16).
                crate::special::intention::declarations(rules, pos, out);
            }
            free_engagement::actions(rules, pos, &view, out);
            placement::placements(rules, pos, &view, out);
            crate::special::donkey::placements(rules, pos, out);
            placement::withdrawals(rules, pos, out);
            // Glare with no move before it is a pass, and no answer to a forced move (§2.0.16).
            if pos.passes() < 2
                && let Some(g) = crate::special::glare::available(rules, pos)
            {
                out.push(g);
            }
            passing::pass(pos, out);
        }
        Phase::Second {
            concert: Some(self_sq),
            ..
        } if pos.lifted().is_some() => {
            // The partner in hand must be placed: nothing else, not even declining (R-CONCERT).
            crate::special::concert::lifted_moves(rules, pos, &mut view, self_sq, out);
        }
        Phase::Second { stone, concert } => {
            if let Some(sq) = stone
                && let Some((s, k)) = pos.piece_at(sq)
            {
                debug_assert_eq!(s, side);
                view.stone_move = true;
                piece_moves(rules, pos, &view, k, sq, out);
                view.stone_move = false;
                if rules.info(side, k).throw {
                    crate::special::dagger_throw::all_throws(rules, pos, Some(sq), false, out);
                }
            }
            if let Some(self_sq) = concert {
                crate::special::concert::concert_moves(rules, pos, &mut view, self_sq, out);
                crate::special::dagger_throw::all_throws(rules, pos, None, true, out);
                crate::special::intention::enactment(rules, pos, out);
                crate::special::cast_piece::casts(rules, pos, true, out);
            }
            out.push(Action::EndTurn);
        }
        Phase::Throw { .. } => crate::special::dagger_throw::rolls(rules, pos, out),
        Phase::Cast { .. } => crate::special::cast_piece::landings(rules, pos, out),
        Phase::Hirakamae { first } => {
            crate::special::hirakamae::second_moves(rules, pos, &view, first, out);
            out.push(Action::EndTurn);
        }
        Phase::DonkeyMove { .. } => crate::special::donkey::moves(pos, out),
        Phase::Reclaim => {
            crate::special::cast_piece::reclaim_places(rules, pos, out);
            out.push(Action::EndTurn);
        }
        Phase::Distraction { .. } => {
            out.extend(crate::special::dagger_throw::repositions(rules, pos));
            out.push(Action::EndTurn);
        }
        Phase::Glare => {
            if let Some(g) = crate::special::glare::available(rules, pos) {
                out.push(g);
            }
            crate::special::intention::declarations(rules, pos, out);
            out.push(Action::EndTurn);
        }
    }
}
