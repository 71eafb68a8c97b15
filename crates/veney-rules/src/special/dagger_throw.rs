//! Dagger Throw (§2.0.08): "When the Dagger and the opponent's Self are aligned unobstructed by
//! any piece other than engagements, the Dagger can be used for a long-range attack from any
//! distance." The throw is an action (`Action::Throw`); its roll (`Action::Roll`) follows, drawn
//! by the game's seeded generator or entered from real sticks. All the thrower's colour: checkmate
//! by touch, the Dagger takes the Self. Exactly one off-colour: the distraction effect, the Self
//! and the Sword may be repositioned (`Action::Reposition`). Otherwise the Dagger is lost.
//!
//! Rulings: R-THROW-STICKS (2 + measures apart, which gives the rulebook's own odds, 1/32 at
//! the start and 1/4 in one measure), R-THROW-LINE (engagements of either side and the free
//! engagement do not obstruct), R-THROW-RANGE (from any distance; the Dagger's range constraint
//! does not apply to the throw), R-THROW-DISTRACTION (the Dagger stays where it was, or is lost
//! under the option `distraction_loses_dagger`; the repositioned pieces go to empty squares of the thrower's half behind the opposing Self's
//! step), R-GLARE-THROW (no throw at a Self whose Lantern holds glare on the thrower's Self).
use crate::action::{Action, Effect};
use crate::bitboard::Bitboard;
use crate::dice::{Roll, Verdict};
use crate::direction::aligned;
use crate::measure::own_side;
use crate::outcome::{Mate, Outcome};
use crate::piece_set::Kind;
use crate::position::{Phase, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// Sticks thrown: three plus the measures strictly between the Selves, i.e. 2 + their distance
/// in measures (ruling R-THROW-STICKS).
pub fn sticks(rules: &Rules, pos: &Position, side: Side) -> Option<u8> {
    let a = pos.life_measure(rules, side)?;
    let b = pos.life_measure(rules, !side)?;
    Some(2 + a.0.abs_diff(b.0))
}

/// Whether a throw from `from` at the opposing Self on `target` has a clear line. A throw in
/// concert with the Self's move passes the Self's new square (R-CONCERT: "The two pieces move
/// without blocking one another"; a review found the throw alone of the partner's actions
/// blocked there).
pub fn clear_line(rules: &Rules, pos: &Position, side: Side, from: Square, target: Square) -> bool {
    let past = match pos.concert_square() {
        Some(sq) if pos.turn() == side => Bitboard::from_square(sq),
        _ => Bitboard::EMPTY,
    };
    clear_line_past(rules, pos, from, target, past)
}

/// `clear_line` with the squares of `past` taken as empty.
pub(crate) fn clear_line_past(
    rules: &Rules,
    pos: &Position,
    from: Square,
    target: Square,
    past: Bitboard,
) -> bool {
    let Some((_, between)) = aligned(from, target) else {
        return false;
    };
    let engagements = Side::ALL.map(|s| pos.pieces_of(s, rules.engagement_kinds(s)));
    let pieces = pos.occupied_by(Side::White) | pos.occupied_by(Side::Black);
    let blockers =
        (pieces & !engagements[0] & !engagements[1]) | crate::special::donkey::squares(pos);
    (between & blockers & !past).is_empty()
}

/// The throws `side` may make with its piece of kind `k` on `from`.
pub(crate) fn throws(
    rules: &Rules,
    pos: &Position,
    side: Side,
    k: Kind,
    from: Square,
    out: &mut Vec<Action>,
) {
    let Some(target) = pos.life_square(rules, !side) else {
        return;
    };
    if !clear_line(rules, pos, side, from, target) {
        return;
    }
    if crate::special::glare::holds(rules, pos, !side) {
        return;
    }
    out.push(Action::Throw {
        kind: k,
        from,
        target,
    });
}

/// A bound on how many throws `all_throws(.., None, false, ..)` lists, cheap to work out
/// (`movegen::Sampler`'s rejection draw): one per piece with Dagger Throw while the opposing Self
/// is on the board (the line and glare left out).
pub(crate) fn throw_bound(rules: &Rules, pos: &Position) -> usize {
    let side = pos.turn();
    let throwers = rules.kinds_with(side, crate::rules::Aspect::Throw);
    if throwers == 0 || pos.life_square(rules, !side).is_none() {
        return 0;
    }
    pos.pieces_of(side, throwers).count() as usize
}

/// Every throw available as the first action, after a stepping stone (`stone`) or in concert.
pub(crate) fn all_throws(
    rules: &Rules,
    pos: &Position,
    only: Option<Square>,
    partners_only: bool,
    out: &mut Vec<Action>,
) {
    let side = pos.turn();
    let mut throwers = rules.kinds_with(side, crate::rules::Aspect::Throw);
    if partners_only {
        throwers &= rules.kinds_with(side, crate::rules::Aspect::ConcertPartner);
    }
    for k in crate::rules::kinds_in(throwers) {
        for from in pos.pieces(side, k) {
            if only.is_none_or(|s| s == from) {
                throws(rules, pos, side, k, from, out);
            }
        }
    }
}

/// The throw lines the side to move could use as its first action (for overlays), or later in
/// the turn the throws still open (§2.0.08: "as the second in a double-move by stepping stones
/// with the Dagger"; a review found every Dagger's line drawn after another piece's stepping
/// stone, and after the turn's moves): pairs of (Dagger square, target Self square). None in
/// the dying move (R-DYING: "A Dagger Throw is not a dying move"; a review found the overlay
/// drawing the mated side's throws).
pub fn all_throws_for_view(rules: &Rules, pos: &Position, out: &mut Vec<(Square, Square)>) {
    if pos.dying().is_some() {
        return;
    }
    let mut acts = Vec::new();
    if pos.at_turn_start() {
        all_throws(rules, pos, None, false, &mut acts);
    } else {
        acts = pos.legal_actions(rules);
    }
    for a in acts {
        if let Action::Throw { from, target, .. } = a {
            out.push((from, target));
        }
    }
}

/// The rolls offered in the throw phase: one of each verdict the agreed method can give. Any
/// roll the method accepts is tenable (`accepts`).
pub(crate) fn rolls(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    if let Some(n) = sticks(rules, pos, pos.turn()) {
        for r in rules.options.dice.representatives(n) {
            out.push(Action::Roll(r));
        }
    }
}

/// Whether `roll` is a possible result of the pending throw.
pub fn accepts(rules: &Rules, pos: &Position, roll: Roll) -> bool {
    matches!(pos.phase(), Phase::Throw { .. })
        && sticks(rules, pos, pos.turn()).is_some_and(|n| rules.options.dice.accepts(n, roll))
}

/// Applies the roll of the pending throw. Returns the phase that follows (`None`: the turn is
/// over).
pub(crate) fn resolve(rules: &Rules, pos: &mut Position, roll: Roll) -> Option<Phase> {
    let Phase::Throw { from, target } = pos.phase else {
        return None;
    };
    let side = pos.turn;
    let opp = !side;
    let (_, k) = pos
        .piece_at(from)
        .expect("the thrown Dagger is on the board");
    match roll.verdict() {
        Verdict::Hit => {
            let life = rules.life(opp);
            pos.remove(side, k, from);
            pos.remove(opp, life, target);
            pos.discard[opp.index()][life.index()] += 1;
            pos.put(side, k, target);
            pos.touch_mate(side, target);
            None
        }
        Verdict::Distraction => {
            // Under the agreed option the distraction is a miss for the Dagger too
            // (R-THROW-DISTRACTION): lost, and with it the last blade (checkmate by self-disarm,
            // §2.0.21).
            if rules.options.distraction_loses_dagger {
                pos.remove(side, k, from);
                pos.discard[side.index()][k.index()] += 1;
                if crate::special::disarm::privileged_on_board(rules, pos, side) == 0 {
                    pos.outcome = Some(Outcome::Checkmate {
                        winner: opp,
                        by: Mate::SelfDisarm,
                    });
                    return None;
                }
            }
            let phase = Phase::Distraction {
                life: false,
                blade: false,
            };
            pos.phase = phase;
            if repositions(rules, pos).is_empty() {
                None
            } else {
                Some(phase)
            }
        }
        Verdict::Miss => {
            pos.remove(side, k, from);
            pos.discard[side.index()][k.index()] += 1;
            if crate::special::disarm::privileged_on_board(rules, pos, side) == 0 {
                // §2.0.21: checkmate by self-disarm.
                pos.outcome = Some(Outcome::Checkmate {
                    winner: opp,
                    by: Mate::SelfDisarm,
                });
            }
            None
        }
    }
}

/// Where the distraction lets a piece go: empty squares of the thrower's half behind the
/// opposing Self's step.
pub fn distraction_area(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    let Some(opp_life) = pos.life_square(rules, !side) else {
        return Bitboard::EMPTY;
    };
    let behind = match side {
        Side::White => crate::measure::steps_between(1, opp_life.step().saturating_sub(1)),
        Side::Black => crate::measure::steps_between(opp_life.step() + 1, 16),
    };
    own_side(side) & behind & !pos.occupied()
}

/// The blade a throw's distraction repositions with the Self (§2.0.08: "the Self and the
/// Sword"): `side`'s first blade on the board that is not a thrower; `None` for an army without
/// one (the Assassin's, the Illusionist's: the Self alone, R-THROW-DISTRACTION).
pub fn distraction_blade(rules: &Rules, pos: &Position, side: Side) -> Option<Kind> {
    rules.set(side).kinds().find(|&k| {
        let info = rules.info(side, k);
        info.blade && !info.throw && pos.pieces(side, k).any()
    })
}

/// The repositionings still open in the distraction phase.
pub fn repositions(rules: &Rules, pos: &Position) -> Vec<Action> {
    let Phase::Distraction { life, blade } = pos.phase() else {
        return Vec::new();
    };
    let side = pos.turn();
    // The Obscurant Chaos repositions the Self and any one blade (§2.0.18).
    let chaos = pos.reposition;
    let area = match chaos {
        Some(r) => chaos_area(pos, side, r),
        None => distraction_area(rules, pos, side),
    };
    // What a repositioning onto an occupied square does is what a move landing there does
    // (`View::land`): taking only what the piece may take or fend (Obscurant Chaos, §2.0.18),
    // an armament only by disarm, its conditions holding (§2.0.03, §2.0.14).
    let view = crate::view::View::new(rules, pos, side);
    let mut out = Vec::new();
    for k in rules.set(side).kinds() {
        let info = rules.info(side, k);
        let blade_ok = info.blade && (chaos.is_some() || !info.throw);
        let wanted = (info.life && !life) || (blade_ok && !blade);
        if !wanted {
            continue;
        }
        for from in pos.pieces(side, k) {
            for to in area {
                if landing(rules, pos, &view, k, to).is_some() {
                    out.push(Action::Reposition { kind: k, from, to });
                }
            }
        }
    }
    out
}

/// What repositioning a piece of kind `k` onto `to` does there, if it may go there: an empty
/// square is quiet; on an opposing piece, what a move landing there would do, when that is a
/// taking by an ordinary relation (§2.0.18): a fend (or shadow-stab), a take, a disarm, a
/// checkmate — and on the free engagement the opponent possesses, its fend (§2.0.05). No blade
/// capture, deflection or negation: those are moves of their own.
fn landing(
    rules: &Rules,
    pos: &Position,
    view: &crate::view::View,
    k: Kind,
    to: Square,
) -> Option<Effect> {
    use crate::piece_def::Mode;
    match view.land(rules, pos, k, false, to, Mode::Both)? {
        e @ (Effect::Quiet
        | Effect::Fend(_)
        | Effect::ShadowStab(_)
        | Effect::Take(_)
        | Effect::Disarm(_)
        | Effect::Checkmate
        | Effect::FendFree) => Some(e),
        _ => None,
    }
}

/// What repositioning `side`'s piece of kind `k` onto `to` does there (`landing`), for its
/// notation: `$tZ4` when it takes, "simple move notation" (§2.0.R5).
pub(crate) fn reposition_effect(
    rules: &Rules,
    pos: &Position,
    k: Kind,
    to: Square,
) -> Option<Effect> {
    let view = crate::view::View::new(rules, pos, pos.turn());
    landing(rules, pos, &view, k, to)
}

/// Plays one repositioning, taking as a move landing there would (`landing`, through the
/// effect code every move uses, `Position::take_effect`). Returns whether more may follow.
pub(crate) fn reposition(
    rules: &Rules,
    pos: &mut Position,
    k: Kind,
    from: Square,
    to: Square,
) -> bool {
    let side = pos.turn;
    let view = crate::view::View::new(rules, pos, side);
    let effect = landing(rules, pos, &view, k, to).unwrap_or(Effect::Quiet);
    pos.remove(side, k, from);
    pos.take_effect(rules, crate::action::Mover::Piece(k), from, to, effect);
    pos.put(side, k, to);
    if pos.outcome.is_some() {
        return false;
    }
    if let Phase::Distraction { life, blade } = pos.phase {
        let (life, blade) = if rules.info(side, k).life {
            (true, blade)
        } else {
            (life, true)
        };
        pos.phase = Phase::Distraction { life, blade };
    }
    !repositions(rules, pos).is_empty()
}

/// The area the Obscurant Chaos repositioning may use (§2.0.18): the caster's own side behind
/// the cast square's step, empty or (when it takes) holding what may be taken — the free
/// engagement the opponent possesses too, fended as any piece may fend it (§2.0.05 "The free
/// engagement can be fended by any piece"; a review found it left out, the refusal calling
/// its square none of the area's). The free engagement the caster possesses is its own.
pub fn chaos_area(pos: &Position, side: Side, r: crate::device::Reposition) -> Bitboard {
    let behind = match side {
        Side::White => crate::measure::steps_between(1, r.behind.saturating_sub(1)),
        Side::Black => crate::measure::steps_between(r.behind + 1, 16),
    };
    let open = if r.takes {
        !pos.occupied_by(side)
            & !pos.possessed_free(side)
            & !crate::special::donkey::squares(pos)
            & !crate::special::blade_capture::untouchable(pos, side)
    } else {
        !pos.occupied()
    };
    crate::measure::own_side(side) & behind & open
}
