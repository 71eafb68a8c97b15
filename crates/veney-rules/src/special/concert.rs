//! Concert (§2.0.02, aspect of the Self): when the Self moves, one armament (Sword, Dagger,
//! Guard) or the Lantern (pseudo-armament, §2.0.10) may move too. "The two pieces move without
//! blocking one another (as with a 'castling' move in chess)"; "Concert is performed by picking
//! up both pieces in one hand, Self first … then placing them, either one first."
//!
//! Ruling R-CONCERT: both pieces are lifted, so neither blocks the other. The partner passes the
//! Self's new square as if it were empty (it cannot land there: the Self stands on it) and may
//! land on the square the Self left. The Self may land on its partner's square or pass over it
//! (its lunge never leaps anything else); that partner is then in hand (`Position::lifted`) and
//! the turn's second move must place it, moving from the square it was lifted from. The partner's
//! range constraint is judged from the Self's square after its move. A stepping stone inside
//! concert grants no extra move.
use crate::action::{Action, Effect};
use crate::bitboard::Bitboard;
use crate::piece_moves::{piece_moves, piece_moves_facing_from};
use crate::position::{Phase, Position};
use crate::rules::{Aspect, Rules, kinds_in};
use crate::square::Square;
use crate::view::View;

/// The moves of the partner in hand: from the square it was lifted from, through and past the
/// Self as if it were not there. The only actions of the phase: it must be placed.
pub(crate) fn lifted_moves(
    rules: &Rules,
    pos: &Position,
    view: &mut View,
    self_sq: Square,
    out: &mut Vec<Action>,
) {
    let Some(l) = pos.lifted() else { return };
    view.transparent = Bitboard::from_square(self_sq);
    let start = out.len();
    piece_moves_facing_from(rules, pos, view, l.kind, l.from, l.facing, out);
    view.transparent = Bitboard::EMPTY;
    // Lifted from under the Self, it has no square of its own to trade: no cavazione (§2.0.03)
    // puts the opposing blade where the Self stands.
    if l.from == self_sq {
        let mut i = start;
        while i < out.len() {
            match out[i] {
                Action::Move(m) if matches!(m.effect, Effect::Cavazione(_) | Effect::Swap(_)) => {
                    out.swap_remove(i);
                }
                _ => i += 1,
            }
        }
    }
}

/// The Self's moves onto or over one of its concert partners, which each lift that partner
/// (first action of a turn). Offered only when the lifted partner then has a move to make.
pub(crate) fn lifting_moves(rules: &Rules, pos: &Position, view: &View, out: &mut Vec<Action>) {
    let side = pos.turn();
    let life = rules.life(side);
    if !rules.info(side, life).concert {
        return;
    }
    let Some(self_sq) = pos.pieces(side, life).first() else {
        return;
    };
    // (The move that ends hirakamae may start a concert too: §2.0.15 lets the player choose
    // the method of the double-move, R-HIRAKAMAE.)
    // Everything is worked out at the end of `out`, which is left as it was but for the lifts:
    // out[base..w] the lifts kept so far; then, for one partner, the Self's ordinary moves onto
    // or beyond it, its moves there with the partner lifted, and that partner's lifts.
    let base = out.len();
    let mut w = base;
    let opp_jutsus = pos.pieces_of(!side, rules.jutsu_kinds(!side));
    for k in kinds_in(rules.kinds_with(side, Aspect::ConcertPartner)) {
        for q in pos.pieces(side, k) {
            // Only a partner in a straight line within a lunge's reach can be landed on or
            // passed over.
            if !in_line(self_sq, q, 4) {
                continue;
            }
            // Only moves onto or over the partner lift it: the Self's moves are made only to
            // the partner's square and the squares beyond it on that line.
            let mut ahead = view.clone();
            ahead.zones[life.index()] &= Bitboard::onto_and_beyond(self_sq, q);
            // The board as the Self sees it with the partner lifted: its square empty (the
            // Self is unconstrained, so nothing else of the view changes).
            let mut without = *pos;
            without.remove(side, k, q);
            let mut seen = ahead.clone();
            seen.forget_worked_out();
            seen.own.clear(q);
            seen.occupied.clear(q);
            seen.own_leapable.clear(q);
            let cand = out.len();
            piece_moves(rules, &without, &seen, life, self_sq, out);
            let cand_end = out.len();
            let over = |a: &Action| matches!(a, Action::Move(m) if m.to != q && between(m.from, m.to).contains(q));
            let onto = |a: &Action| matches!(a, Action::Move(m) if m.to == q);
            let (onto, over) = out[cand..cand_end]
                .iter()
                .fold((false, false), |(a, b), x| (a || onto(x), b || over(x)));
            if !onto && !over {
                // Nothing lands on the partner or passes it: no lift.
                out.truncate(cand);
                continue;
            }
            // The Self's ordinary moves past the partner, which a lift must not repeat. A move
            // onto it never is one: with the partner standing, a move there is no quiet move.
            let ord = cand_end;
            if over {
                piece_moves(rules, pos, &ahead, life, self_sq, out);
            }
            let ord_end = out.len();
            for i in cand..cand_end {
                let a = out[i];
                let Action::Move(mut m) = a else { continue };
                if m.to != q && !between(m.from, m.to).contains(q) {
                    continue;
                }
                // A move the Self could make with the partner standing is an ordinary move.
                if out[ord..ord_end].contains(&a) {
                    continue;
                }
                if m.to == q {
                    m.effect = Effect::Lift(k);
                }
                let lift = Action::Move(m);
                // The common case is checked from this view, without playing the move; a move
                // that lands on a stepping stone, fends, or enters a cast-square is played.
                // Control (§2.0.07) may fend an opposing Jutsu when the Self enters a new
                // measure: that move is played too.
                // Control fends only an opposing Jutsu in the measure the Self enters.
                let to_measure = crate::measure::Measure::of(m.to);
                // (A partner with a Jutsu's aspects, in a custom set, is played too: its own
                // range reads the measures the fast path does not; a review found a lift offered
                // into a dead end.)
                let plain = matches!(m.effect, Effect::Quiet | Effect::Lift(_))
                    && !rules.info(side, k).jutsu
                    && !pos.cast_squares(side).contains(m.to)
                    && (to_measure == crate::measure::Measure::of(m.from)
                        || !crate::special::control::has_control(rules, side)
                        || (opp_jutsus & to_measure.squares()).is_empty());
                let placed = if plain {
                    let fast = partner_can_move(rules, pos, view, m.to, k, q, out);
                    debug_assert_eq!(
                        fast,
                        played_partner_can_move(rules, pos, lift, false),
                        "{lift:?} in {}",
                        pos.to_text(rules)
                    );
                    fast
                } else {
                    let quick = played_partner_can_move(rules, pos, lift, true);
                    debug_assert_eq!(quick, played_partner_can_move(rules, pos, lift, false));
                    quick
                };
                if placed && !out[base..w].contains(&lift) && !out[ord_end..].contains(&lift) {
                    out.push(lift);
                }
            }
            // Keep this partner's lifts, after the ones kept before.
            out.drain(w..ord_end);
            w = out.len();
        }
    }
}

/// An upper bound on how many lifts `lifting_moves` lists, cheap to work out
/// (`movegen::Sampler`'s rejection draw). A lift is a move of the Self onto or
/// beyond a partner in line within a lunge's reach, one per square it lands on for that partner:
/// the bound counts, per partner, the squares onto and beyond it that the Self's tables reach
/// from its square on an empty board, in its zone. None for a Self whose specials add moves
/// beside its tables (facings, Flail, Cavazione, Opposition, a move anywhere): list its lifts.
pub(crate) fn lifting_bound(rules: &Rules, pos: &Position, view: &View) -> Option<usize> {
    let side = pos.turn();
    let life = rules.life(side);
    let piece = rules.set(side).piece(life);
    if !rules.info(side, life).concert {
        return Some(0);
    }
    let Some(self_sq) = pos.pieces(side, life).first() else {
        return Some(0);
    };
    let info = rules.info(side, life);
    if piece.is_oriented()
        || piece.anywhere.is_some()
        || info.flail
        || info.cavazione
        || info.opposition
    {
        return None;
    }
    let reach =
        piece.tables_for(side, 0).reach_from(self_sq, Some(self_sq)) & view.zones[life.index()].0;
    // The partners within four steps (`in_line`'s reach: the board is four lines wide); one out
    // of line with the Self has no square onto and beyond it.
    let step = self_sq.step();
    let near = crate::measure::steps_between(step.saturating_sub(4), step + 4);
    let mut n = 0;
    for q in pos.pieces_of(side, rules.kinds_with(side, Aspect::ConcertPartner)) & near {
        let dead = view.own_dead.0 & !(1u64 << q.index());
        n += (Bitboard::onto_and_beyond(self_sq, q).0 & reach & !dead).count_ones() as usize;
    }
    Some(n)
}

/// Whether the partner lifted from `q` has a move once the Self stands on `to` — worked out from
/// the Self's current view (only the moving pieces' squares and the partner's range constraint,
/// judged from `to`, change).
fn partner_can_move(
    rules: &Rules,
    pos: &Position,
    view: &View,
    to: Square,
    k: crate::piece_set::Kind,
    q: Square,
    scratch: &mut Vec<Action>,
) -> bool {
    let side = view.side;
    let life = rules.life(side);
    let Some(from) = pos.pieces(side, life).first() else {
        return false;
    };
    let lifted = crate::position::Lifted {
        kind: k,
        from: q,
        facing: pos.facing(q),
    };
    // The partner's zone judged from the Self's new square (as `View::new` judges it: own
    // engagements, not the free one, extend it).
    let zone = match &rules.info(side, k).constraint {
        Some(c) => crate::piece_def::zone_from(
            c,
            Some(to),
            crate::constraint::engagements(rules, pos, side),
            pos.life_measure(rules, !side),
            rules.options.sword_steps_apart,
        ),
        None => view.zones[k.index()],
    };
    let mut occupied = view.occupied;
    occupied.clear(from);
    occupied.clear(q);
    occupied.set(to);
    // The common answer first, from the squares alone (the Self's move changes nothing else
    // `quick_placement` reads: the Donkeys and the last slide stay).
    if quick_placement(
        rules,
        side,
        occupied,
        zone,
        lifted,
        Some(to),
        crate::special::donkey::squares(pos),
        pos.last_dir(side),
    ) {
        return true;
    }
    let mut next = *pos;
    next.remove(side, life, from);
    next.remove(side, k, q);
    next.put(side, life, to);
    next.lifted = Some(lifted);
    let mut seen = view.clone();
    seen.forget_worked_out();
    for b in [&mut seen.own, &mut seen.occupied] {
        b.clear(from);
        b.clear(q);
        b.set(to);
    }
    seen.own_leapable.clear(q);
    seen.zones[k.index()] = zone;
    // Listed at the end of `scratch`, which is left as it was.
    let start = scratch.len();
    lifted_moves(rules, &next, &mut seen, to, scratch);
    let any = scratch.len() > start;
    scratch.truncate(start);
    any
}

/// The same, by playing the Self's move and listing the legal actions after it.
/// With `quick`, a quick "yes" is taken when there is one; without, every move is listed (the
/// debug builds' check of both quick answers).
fn played_partner_can_move(rules: &Rules, pos: &Position, lift: Action, quick: bool) -> bool {
    let mut next = *pos;
    next.play_unchecked(rules, lift);
    if !matches!(next.phase(), Phase::Second { .. }) {
        return false;
    }
    let Some(l) = next.lifted() else {
        return false;
    };
    let quick = quick && {
        let side = next.turn();
        let zone = crate::view::zone_of(rules, &next, side, l.kind);
        debug_assert_eq!(zone, View::new(rules, &next, side).zones[l.kind.index()]);
        quick_placement(
            rules,
            side,
            next.occupied(),
            zone,
            l,
            next.life_square(rules, side),
            crate::special::donkey::squares(&next),
            next.last_dir(side),
        )
    };
    quick || !next.legal_actions(rules).is_empty()
}

/// A quick "yes" to whether the partner in hand has a move: a leap or a first step of a slide
/// onto an empty square of its zone is always a quiet move it may make. False means "look at
/// all its moves" (a Lantern's flail changes them: never answered here).
#[allow(clippy::too_many_arguments)]
fn quick_placement(
    rules: &Rules,
    side: crate::side::Side,
    occupied: Bitboard,
    zone: Bitboard,
    l: crate::position::Lifted,
    self_sq: Option<Square>,
    donkeys: Bitboard,
    last: Option<crate::direction::Dir>,
) -> bool {
    if rules.info(side, l.kind).flail {
        return false;
    }
    let tables = rules.set(side).piece(l.kind).tables_for(side, l.facing);
    let free = !occupied & zone;
    let lp = tables.leaps_open(l.from, self_sq, donkeys);
    if (Bitboard(lp.both | lp.move_only) & free).any() {
        return true;
    }
    tables.rays_from(l.from).iter().any(|ray| {
        ray.mode != crate::piece_def::Mode::AttackOnly
            && !(ray.no_repeat && last == Some(ray.dir))
            && ray.min <= 1
            && ray.len > 0
            && free.contains(Square::from_index_unchecked(ray.squares[0]))
    })
}

/// Whether `action`, played in `pos`, lifts a concert partner into the hand (R-CONCERT): the
/// Self onto its partner, or its lunge over one — what a host marks as the Self's special (a
/// review found the lunge over the partner marked as a plain move, the turn then unable to end
/// until the partner was placed).
pub fn lifts(rules: &Rules, pos: &Position, action: &crate::action::Action) -> bool {
    let crate::action::Action::Move(m) = action else {
        return false;
    };
    match (m.effect, m.mover) {
        (crate::action::Effect::Lift(_), _) => true,
        (_, crate::action::Mover::Piece(k)) => {
            pos.phase() == crate::position::Phase::Start
                && rules.info(pos.turn(), k).life
                && passed_partner(rules, pos, m).is_some()
        }
        _ => false,
    }
}

/// The own concert partner a Self's move `m` passes over and so lifts (its lunge leaps nothing
/// else), if any: only for a Self with Concert, and not when the Self could make the same move
/// with the partner standing — that is an ordinary move, as `lifting_moves` lists it (a review
/// found a Self that leaps, blinks or moves anywhere lifting whatever armament lay between, and
/// one without Concert sending its Sword to reserve).
pub(crate) fn passed_partner(
    rules: &Rules,
    pos: &Position,
    m: &crate::action::Move,
) -> Option<(crate::piece_set::Kind, Square)> {
    let side = pos.turn();
    let life = rules.life(side);
    if !rules.info(side, life).concert {
        return None;
    }
    let passed = between(m.from, m.to)
        .into_iter()
        .find_map(|sq| match pos.piece_at(sq) {
            Some((s, k)) if s == side && rules.info(side, k).concert_partner => Some((k, sq)),
            _ => None,
        })?;
    let mut ordinary = Vec::new();
    piece_moves(
        rules,
        pos,
        &View::new(rules, pos, side),
        life,
        m.from,
        &mut ordinary,
    );
    (!ordinary.contains(&Action::Move(*m))).then_some(passed)
}

/// Whether `b` is on a rank, line or diagonal through `a`, within `reach` squares of it.
fn in_line(a: Square, b: Square, reach: i8) -> bool {
    let (dl, ds) = delta(a, b);
    (dl == 0 || ds == 0 || dl.abs() == ds.abs()) && dl.abs().max(ds.abs()) <= reach
}

fn delta(a: Square, b: Square) -> (i8, i8) {
    (
        b.line() as i8 - a.line() as i8,
        b.step() as i8 - a.step() as i8,
    )
}

/// The squares strictly between `a` and `b` on a straight or diagonal line (none otherwise).
fn between(a: Square, b: Square) -> Bitboard {
    let (dl, ds) = delta(a, b);
    let mut out = Bitboard::EMPTY;
    if !(dl == 0 || ds == 0 || dl.abs() == ds.abs()) {
        return out;
    }
    let n = dl.abs().max(ds.abs());
    let (ul, us) = (dl.signum(), ds.signum());
    for i in 1..n {
        if let Some(sq) = Square::try_new(a.line() as i8 + ul * i, a.step() as i8 + us * i) {
            out.set(sq);
        }
    }
    out
}
