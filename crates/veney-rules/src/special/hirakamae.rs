//! Hirakamae (§2.0.18, a device): "This position consists of one's only blade piece beside the
//! Self in a step, or both blades on either side of the Self, in an otherwise empty measure. The
//! player can pass indefinitely without risking a draw and the adversary may not pass–they must
//! continue making moves between these passes or resign. A move made by the enstanced player ends
//! hirakamae and may be a double-move made with any one or two unrelated pieces (one move by each
//! piece), after which normal play resumes. Hirakamae may only be used once per game."
//!
//! Ruling R-HIRAKAMAE: the stance holds when a side's blades on the board are one blade on the
//! Self's step next to it, or two blades on both sides of it, and nothing else (no other piece,
//! nor the free engagement) stands in the Self's measure. A side in the stance that has not used
//! hirakamae enters it by passing (a meta-move, a declaration or a glare alone too, each "a
//! pass", §2.0.16); while it lasts that side's passes never run out (nor count toward a draw by
//! no contest) and its opponent may not pass. Its next move ends it: after that move any of its
//! pieces, that one included, may make one ordinary move — or the second move that move's own
//! method opens (a concert, a stepping stone's), the player choosing (`Phase::Hirakamae`).
//! Once per game.
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// Whether `side` stands in hirakamae now.
pub fn stance(rules: &Rules, pos: &Position, side: Side) -> bool {
    let Some(life) = pos.life_square(rules, side) else {
        return false;
    };
    let mut blades = Bitboard::EMPTY;
    for k in rules.set(side).kinds() {
        if rules.is_blade(side, k) {
            blades |= pos.pieces(side, k);
        }
    }
    if crate::special::blade_capture::any_pinned(pos, side) {
        return false;
    }
    let beside = |dl: i8| life.offset(dl, 0).filter(|s| blades.contains(*s));
    let ok = match blades.count() {
        1 => beside(-1).is_some() || beside(1).is_some(),
        2 => beside(-1).is_some() && beside(1).is_some(),
        _ => false,
    };
    if !ok {
        return false;
    }
    let measure = crate::measure::Measure::of(life).squares();
    let mut others = pos.occupied() & measure;
    others.clear(life);
    (others & !blades).is_empty()
}

/// Whether `side`'s hirakamae is in force.
pub fn active(pos: &Position, side: Side) -> bool {
    pos.hirakamae[side.index()] == 1
}

/// With the option `hirakamae_breaks` (ruling R-HIRAKAMAE): at the side to move's turn proper
/// (not while the Donkey is still to move before it), a hirakamae whose stance no longer stands
/// has ended — it counts as used, with no ending double-move.
pub(crate) fn lapse_if_broken(rules: &Rules, pos: &mut Position) {
    let side = pos.turn();
    if rules.options.hirakamae_breaks
        && !matches!(pos.phase(), crate::position::Phase::DonkeyMove { .. })
        && active(pos, side)
        && !stance(rules, pos, side)
    {
        pos.hirakamae[side.index()] = 2;
    }
}

/// Whether `pos` holds a hirakamae that `lapse_if_broken` would end: the side to move at its
/// turn proper in a stance that no longer stands (a position text refuses it).
pub(crate) fn broken(rules: &Rules, pos: &Position) -> bool {
    let mut p = *pos;
    lapse_if_broken(rules, &mut p);
    p.hirakamae != pos.hirakamae
}

/// After `side` passed: entering hirakamae if it stands in the stance and has not used it.
pub(crate) fn after_pass(rules: &Rules, pos: &mut Position, side: Side) {
    // Not unless the players agreed to the more obscure devices (§2.0.19 step 1); nor by a pass
    // its opponent's stance forced (R-PASS-FORCED: its adversary "may not pass", so that pass is
    // no entry — one side at a time, as the position text has it; a review found `hira=1:1`
    // reachable so, and then refused on reading back).
    if rules.options.devices
        && pos.hirakamae[side.index()] == 0
        && pos.hirakamae[(!side).index()] != 1
        && stance(rules, pos, side)
    {
        pos.hirakamae[side.index()] = 1;
    }
}

/// The second move after the move that ended hirakamae: one ordinary move by any own piece, the
/// one that just moved included — "a double-move, consisting of two moves by one piece, or one
/// move each by any two different pieces" (§2.0.15); "any one or two unrelated pieces (one move
/// by each piece)" (§2.0.18) says the same of two pieces (ruling R-HIRAKAMAE). The first move
/// went from `began` to `first`: a Lantern that was flailing there may not end the turn in the
/// measure it began it in (§2.0.10: "The Lantern, when flailing … can never make a move which
/// begins the turn and ends the turn in that same measure").
pub(crate) fn second_moves(
    rules: &Rules,
    pos: &Position,
    view: &crate::view::View,
    first: Square,
    began: Square,
    out: &mut Vec<Action>,
) {
    let side = pos.turn();
    let began_measure = crate::measure::Measure::of(began);
    for k in rules.set(side).kinds() {
        for from in pos.pieces(side, k) {
            let before = out.len();
            crate::piece_moves::piece_moves(rules, pos, view, k, from, out);
            let swung = from == first
                && rules.info(side, k).flail
                && pos.life_measure(rules, side) != Some(began_measure);
            if swung {
                let mut its = out.split_off(before);
                its.retain(|a| !matches!(a, Action::Move(m) if crate::measure::Measure::of(m.to) == began_measure));
                out.append(&mut its);
            }
        }
    }
    // Freeing a pinned blade is one of its ordinary moves (R-BLADE-CAPTURE), the second as well
    // as the first (a review found it refused as the second: the order of the two pieces
    // decided).
    for (k, sq) in crate::special::blade_capture::freeable(pos, side) {
        crate::piece_moves::piece_moves(rules, pos, view, k, sq, out);
    }
    // A throw (§2.0.08: "the throw constitutes a move"), a cast from the board that may be
    // linked to another move (the Lantern's, the Dagger's, as in concert: §2.0.15 "The
    // cast-piece devices are each a single move") and an enactment ("Enacting a previously
    // declared intention is a move") are moves too: any of them may be the second (a review
    // found them refused, the ruling overriding "one move each by any two different pieces").
    crate::special::dagger_throw::all_throws(rules, pos, None, false, out);
    crate::special::cast_piece::casts(rules, pos, true, out);
    // (A strike by way of a declared stepping stone is two moves already: only a direct one.)
    let before = out.len();
    crate::special::intention::enactment(rules, pos, out);
    let mut enacted = out.split_off(before);
    enacted.retain(|a| {
        matches!(*a, Action::Enact { kind, from, to }
            if crate::special::intention::strike(rules, pos, side, kind, from, to).is_some())
    });
    out.append(&mut enacted);
}

/// Whether `action`, made as the move that ends hirakamae, is a move the double-move's second
/// may follow once it has resolved — a throw, or a cast from the board of a piece whose cast
/// may be linked to another move (not Obscurant Chaos: "it can never be linked to further moves
/// on one turn", §2.0.18; not from reserve: "you can never place a piece as one part of a
/// double-move", §2.0.13) — and if so the second move's `first` and `began` squares: where
/// the piece was (R-HIRAKAMAE). A placement, withdrawal, Shift or Feign ends it alone.
pub(crate) fn opens_second(
    rules: &Rules,
    pos: &Position,
    action: Action,
) -> Option<(Square, Square)> {
    match action {
        Action::Throw { from, .. } => Some((from, from)),
        Action::Cast {
            kind,
            from: Some(from),
            ..
        } if rules.info(pos.turn(), kind).cast != Some(crate::device::Device::ObscurantChaos) => {
            Some((from, from))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pass made while the opponent's stance is in force enters no stance (R-HIRAKAMAE: its
    /// adversary may not pass); made otherwise, in the stance, it does.
    #[test]
    fn no_stance_is_entered_while_the_opponents_is_in_force() {
        let rules = Rules::standard();
        let text = "4/4/4/ws2/4/4/4/4/4/4/4/4/1WS1/4/4/4 b EEEE/eeee";
        let mut pos = Position::from_text(&rules, &format!("{text} hira=1:0")).unwrap();
        assert!(stance(&rules, &pos, Side::Black));
        after_pass(&rules, &mut pos, Side::Black);
        assert_eq!(pos.hirakamae, [1, 0]);
        let mut pos = Position::from_text(&rules, text).unwrap();
        after_pass(&rules, &mut pos, Side::Black);
        assert_eq!(pos.hirakamae, [0, 1]);
    }
}
