//! Intention (§2.0.11, aspect of the Jutsu): "When your Jutsu occupies the same measure or
//! diagonal as a piece you wish to target, and your Sword (or blade) sees the targeted piece …
//! you can declare an intention of a specified attack on that target piece in advance. When you
//! make the move on the next turn, you enact the intention to take that piece without moving into
//! its square (an attack sometimes called a 'strike') …unless your opponent moves the target piece
//! or removes your Jutsu from the board on their intervening move. When an intention is enacted,
//! the Jutsu is put into reserve." "Declaring intention ends your turn." "Intention allows a
//! blade to take or fend a piece one step beyond its normal constraints when it is adjacent to
//! its target." "You may bluff an intention of any describable move, even if it is untenable."
//! "You cannot meta-move and declare intention on the same turn." Written `!$tX10` (declare) and
//! `$tX10!` (enact).
//!
//! Ruling R-INTENTION: a declaration names a blade and a target square. It is offered (and a
//! random game plays it) when the Jutsu shares the target's measure or a diagonal with it and the
//! blade attacks the target's square now (its own attack pattern; within its constraint, or one
//! step beyond it when adjacent); any other declaration with one of your blades is accepted as a
//! bluff. Declaring is offered as the turn's first action (it then counts as a pass) or after the
//! turn's moves, never after a meta-move. On the declaring side's next turn the strike is offered
//! as its first action, or as the second after the Self moves (concert), if the same opposing piece
//! still stands on the target, the Jutsu is still on the board and the blade (where it stands
//! then) still attacks the square as above. The struck piece suffers what the blade's attack
//! would do (fend, take, disarm, checkmate); the blade stays; the Jutsu goes to reserve. Any
//! other move forfeits the intention; it lapses at the end of that turn.
use crate::action::{Action, Effect};
use crate::bitboard::Bitboard;
use crate::measure::Measure;
use crate::piece_def::Relation;
use crate::piece_set::Kind;
use crate::position::{Intent, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// `side`'s Jutsu squares.
fn jutsus(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for k in rules.set(side).kinds() {
        if rules.info(side, k).jutsu {
            b = b | pos.pieces(side, k);
        }
    }
    b
}

/// Whether one of `side`'s Jutsu shares `at`'s measure or a diagonal with it.
fn jutsu_aligned(rules: &Rules, pos: &Position, side: Side, at: Square) -> bool {
    jutsus(rules, pos, side)
        .into_iter()
        .find(|j| {
            Measure::of(*j) == Measure::of(at) || {
                let dl = (j.line() as i8 - at.line() as i8).abs();
                let ds = (j.step() as i8 - at.step() as i8).abs();
                dl == ds && dl > 0
            }
        })
        .is_some()
}

/// What `side`'s blade on `from` striking `at` would do, if it may strike it (pattern and
/// constraint, one step beyond when adjacent).
pub fn strike(
    rules: &Rules,
    pos: &Position,
    side: Side,
    blade: Kind,
    from: Square,
    at: Square,
) -> Option<Effect> {
    let (owner, target) = pos.piece_at(at)?;
    if owner == side {
        return None;
    }
    // The Cloak holding our own blade cannot be attacked (§2.0.06).
    if crate::special::blade_capture::untouchable(pos, side).contains(at) {
        return None;
    }
    if !crate::special::disarm::attacks(rules, pos, side, blade, from).contains(at) {
        return None;
    }
    let zone = crate::constraint::zone_of(rules, pos, side, blade);
    let adjacent = Bitboard::adjacent(from).contains(at);
    let beyond_by_one = (Bitboard::adjacent(at) & zone).any();
    if !zone.contains(at) && !(adjacent && beyond_by_one) {
        return None;
    }
    match rules.relation(side, blade, target) {
        Relation::Fend => Some(Effect::Fend(target)),
        Relation::Take => Some(Effect::Take(target)),
        Relation::Checkmate => Some(Effect::Checkmate),
        Relation::Disarm => crate::special::disarm::disarms(rules, pos, side, blade, target, at)
            .then_some(Effect::Disarm(target)),
        _ => None,
    }
}

/// The tenable declarations now.
pub(crate) fn declarations(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    let side = pos.turn();
    if pos.meta_moved() || jutsus(rules, pos, side).is_empty() {
        return;
    }
    for k in rules.set(side).kinds() {
        if !rules.is_blade(side, k) {
            continue;
        }
        for from in pos.pieces(side, k) {
            for at in pos.occupied_by(!side) {
                if jutsu_aligned(rules, pos, side, at)
                    && strike(rules, pos, side, k, from, at).is_some()
                {
                    out.push(Action::Declare {
                        kind: k,
                        from,
                        to: at,
                    });
                }
            }
        }
    }
}

/// Whether a declaration (tenable or a bluff) may be made now: one of your blades on `from`.
pub fn may_declare(rules: &Rules, pos: &Position, kind: Kind, from: Square) -> bool {
    let side = pos.turn();
    !pos.meta_moved()
        && rules.is_blade(side, kind)
        && pos.pieces(side, kind).contains(from)
        && matches!(
            pos.phase(),
            crate::position::Phase::Start | crate::position::Phase::Glare
        )
}

/// The enactment open now, if any.
pub(crate) fn enactment(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    let side = pos.turn();
    let Some(intent) = pos.intention else {
        return;
    };
    if intent.side != side || intent.fresh {
        return;
    }
    if pos.piece_at(intent.to) != Some((!side, intent.target))
        || jutsus(rules, pos, side).is_empty()
    {
        return;
    }
    // The blade may have moved in concert: strike from wherever that kind stands.
    for from in pos.pieces(side, intent.kind) {
        if strike(rules, pos, side, intent.kind, from, intent.to).is_some() {
            out.push(Action::Enact {
                kind: intent.kind,
                from,
                to: intent.to,
            });
        }
    }
}

/// Plays a declaration.
pub(crate) fn declare(pos: &mut Position, kind: Kind, from: Square, to: Square) {
    let target = pos.piece_at(to).map(|(_, k)| k).unwrap_or(kind);
    pos.intention = Some(Intent {
        side: pos.turn,
        kind,
        from,
        to,
        target,
        fresh: true,
    });
}

/// Plays the strike: the target suffers the blade's attack, the blade stays, the Jutsu goes to
/// reserve.
pub(crate) fn enact(rules: &Rules, pos: &mut Position, kind: Kind, from: Square, to: Square) {
    let side = pos.turn;
    let opp = !side;
    let effect = strike(rules, pos, side, kind, from, to);
    if let Some((_, target)) = pos.piece_at(to) {
        match effect {
            Some(Effect::Fend(_)) => {
                pos.remove(opp, target, to);
                pos.reserve[opp.index()][target.index()] += 1;
            }
            Some(Effect::Take(_)) | Some(Effect::Disarm(_)) => {
                pos.remove(opp, target, to);
                pos.discard[opp.index()][target.index()] += 1;
                // Disarming the last privileged piece is checkmate (§2.0.14); a take is not.
                if pos.outcome.is_none()
                    && matches!(effect, Some(Effect::Disarm(_)))
                    && crate::special::disarm::privileged_on_board(rules, pos, opp) == 0
                {
                    pos.outcome = Some(crate::outcome::Outcome::Checkmate {
                        winner: side,
                        by: crate::outcome::Mate::Disarm,
                    });
                }
            }
            Some(Effect::Checkmate) => {
                pos.remove(opp, target, to);
                pos.discard[opp.index()][target.index()] += 1;
                pos.touch_mate(side, to);
            }
            _ => {}
        }
    }
    if let Some(j) = jutsus(rules, pos, side).first() {
        if let Some((_, jk)) = pos.piece_at(j) {
            pos.remove(side, jk, j);
            pos.reserve[side.index()][jk.index()] += 1;
        }
    }
    pos.intention = None;
}
