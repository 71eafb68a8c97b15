//! The moves of one piece: its compiled tables walked over the board as the view allows, with
//! the move-level specials that change a single piece's moves (Flail, Deflection, en passant,
//! Cavazione, Opposition).
use crate::action::{Action, Effect, Move, Mover};
use crate::bitboard::Bitboard;
use crate::piece_def::{Jump, Mode};
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::square::Square;
use crate::view::View;

/// An oriented piece chooses its new facing as it lands (docs/SETS.md): each of its moves from
/// `out[start..]` becomes one move per facing.
#[cold]
#[inline(never)]
fn with_facings(out: &mut Vec<Action>, start: usize) {
    let moves: Vec<Action> = out.drain(start..).collect();
    for a in moves {
        match a {
            Action::Move(m) => {
                out.extend((0..4).map(|f| Action::Move(Move { face: Some(f), ..m })))
            }
            other => out.push(other),
        }
    }
}

/// The moves of one piece from `from`, as the piece's tables, the board and its constraint allow.
#[inline]
pub(crate) fn piece_moves(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    out: &mut Vec<Action>,
) {
    piece_moves_facing_from(rules, pos, view, kind, from, pos.facing(from), out);
}

/// `piece_moves` for a piece facing `facing` on `from` — or in hand, lifted from `from` (a
/// concert partner, ruling R-CONCERT).
pub(crate) fn piece_moves_facing_from(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    facing: u8,
    out: &mut Vec<Action>,
) {
    if rules.set(view.side).piece(kind).is_oriented() {
        let start = out.len();
        piece_moves_facing::<false>(rules, pos, view, kind, from, facing, out);
        with_facings(out, start);
    } else {
        piece_moves_facing::<false>(rules, pos, view, kind, from, 0, out);
    }
}

/// How many moves `piece_moves` lists for the piece on `from`, without listing its quiet moves
/// (an empty square reached is counted, not pushed): what `movegen::Sampler` needs to draw one
/// action without listing them all. `scratch` is left as it was.
pub(crate) fn piece_move_count(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    scratch: &mut Vec<Action>,
) -> usize {
    let start = scratch.len();
    let quiet = if rules.set(view.side).piece(kind).is_oriented() {
        // Each move becomes one per facing: listed, and counted as listed.
        piece_moves(rules, pos, view, kind, from, scratch);
        0
    } else {
        piece_moves_facing::<true>(rules, pos, view, kind, from, 0, scratch)
    };
    let n = scratch.len() - start + quiet as usize;
    scratch.truncate(start);
    n
}

/// What `movegen::Sampler`'s rejection draw knows of a piece's moves before listing any.
pub(crate) enum MoveBound {
    /// Exactly this many (`piece_move_count`).
    Exact(usize),
    /// At most this many.
    AtMost(usize),
    /// At most one move onto each of these squares, and none elsewhere: the move onto one of
    /// them is what `piece_moves` lists with the piece's zone narrowed to that square
    /// (`square_moves`).
    OnePerSquare(Bitboard),
}

/// A bound on the moves `piece_moves` lists for the piece on `from`, cheap to work out (no line
/// is walked, no landing judged). The moves its tables give land on squares of their own
/// (`piece_moves` lists one move per square), all among the squares its tables reach from `from`
/// on an empty board, in its zone, but for its own pieces nothing may land on: one per square.
/// A Cavazione, Opposition or Flail open to it lists moves beside those (perhaps onto the same
/// squares): their bounds are added to the squares' count. A piece with a move anywhere may land
/// on any square of its zone. A piece with facings, and a stepping stone's move, is counted
/// exactly.
pub(crate) fn piece_move_bound(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    scratch: &mut Vec<Action>,
) -> MoveBound {
    let side = view.side;
    let piece = rules.set(side).piece(kind);
    let info = rules.info(side, kind);
    if piece.is_oriented() || view.stone_move {
        return MoveBound::Exact(piece_move_count(rules, pos, view, kind, from, scratch));
    }
    if info.square_bounded && !open_beside_squares(rules, view, kind, Bitboard::from_square(from)) {
        return MoveBound::OnePerSquare(plain_squares(rules, view, kind, from));
    }
    let tables = piece.tables_for(side, 0);
    let allowed = view.zones[kind.index()].0;
    let reach = if tables.from_self.is_empty() {
        tables.reach[from.index()]
    } else {
        tables.reach_from(from, pos.life_square(rules, side))
    };
    // A move anywhere (a Ruin's, §2.0.12) lands on any other square of its zone, one move per
    // square with the tables' moves.
    let reach = match piece.anywhere {
        // Onto any empty square, if it attacks nothing and nothing lands as a stepping stone.
        Some(Mode::MoveOnly) if info.inert => reach | !view.occupied.0,
        Some(_) => reach | !(1u64 << from.index()),
        None => reach,
    };
    let squares = Bitboard(reach & allowed & !view.own_dead.0);
    let mut n = 0;
    // Cavazione (§2.0.03): onto an adjacent opposing blade, from the opponent's side.
    let theirs = crate::measure::own_side(!side).0;
    if info.cavazione && theirs & (1u64 << from.index()) != 0 {
        n += (Bitboard::adjacent(from).0 & view.opp_blades.0 & theirs & allowed).count_ones();
    }
    // Opposition (§2.0.03): onto an opposing blade on one's own side, or beyond it on its line.
    let ours = crate::measure::own_side(side).0;
    if info.opposition && ours & (1u64 << from.index()) != 0 {
        for b in view.opp_blades & Bitboard(ours) {
            n += (Bitboard::onto_and_beyond(from, b).0 & ours & allowed).count_ones();
        }
    }
    // Flail (§2.0.10): out of the Self's measure the Lantern swings along its lines (instead of
    // sliding), onto squares its tables reach, as its own zone allows.
    if info.flail && crate::special::flail::flailing(rules, pos, side, kind, from) {
        n += (reach & !view.own_dead.0).count_ones();
    }
    if n == 0 {
        MoveBound::OnePerSquare(squares)
    } else {
        MoveBound::AtMost(squares.count() as usize + n as usize)
    }
}

/// The squares a square-bounded piece (`KindInfo::square_bounded`) on `from` may move onto
/// when no Cavazione or Opposition is open to it: those its tables reach on an empty board, in
/// its zone, but for its own pieces nothing may land on. `piece_moves` lists at most one move
/// onto each, and none elsewhere.
#[inline]
pub(crate) fn plain_squares(rules: &Rules, view: &View, kind: Kind, from: Square) -> Bitboard {
    let reach = rules.set(view.side).piece(kind).tables[view.side.index()].reach[from.index()];
    Bitboard(reach & view.zones[kind.index()].0 & !view.own_dead.0)
}

/// Whether a Cavazione or Opposition (§2.0.03) may be open to a piece of `kind` on one of
/// `squares`: from the opponent's side of the board beside an opposing blade there (Cavazione),
/// or from its own side with an opposing blade there (Opposition). When not, a square-bounded
/// piece's moves are bounded by `plain_squares`.
#[inline]
pub(crate) fn open_beside_squares(
    rules: &Rules,
    view: &View,
    kind: Kind,
    squares: Bitboard,
) -> bool {
    let side = view.side;
    let info = rules.info(side, kind);
    let theirs = crate::measure::own_side(!side);
    let ours = crate::measure::own_side(side);
    let cavazione = info.cavazione
        && Iterator::any(&mut (squares & theirs), |sq| {
            (Bitboard::adjacent(sq) & view.opp_blades & theirs).any()
        });
    cavazione || (info.opposition && (squares & ours).any() && (view.opp_blades & ours).any())
}

/// The moves `piece_moves` lists for the piece on `from` onto `to` alone, by listing them with
/// its zone narrowed to `to` (every move of a piece is judged by its own square: the moves
/// onto `to` are the same either way).
pub(crate) fn square_moves(
    rules: &Rules,
    pos: &Position,
    view: &mut View,
    kind: Kind,
    from: Square,
    to: Square,
    out: &mut Vec<Action>,
) {
    let zone = view.zones[kind.index()];
    view.zones[kind.index()] = zone & Bitboard::from_square(to);
    piece_moves(rules, pos, view, kind, from, out);
    view.zones[kind.index()] = zone;
}

/// `piece_moves` for a piece facing `facing` (ignored unless it is oriented). With `COUNT`, a
/// quiet move is not pushed but counted (the count is returned; 0 without `COUNT`): the moves
/// pushed are the others, in the same order, so the count plus the pushes is the list's length.
#[inline(always)]
fn piece_moves_facing<const COUNT: bool>(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    facing: u8,
    out: &mut Vec<Action>,
) -> u32 {
    let side = view.side;
    let piece = rules.set(side).piece(kind);
    let info = rules.info(side, kind);
    let tables = piece.tables_for(side, facing);
    let allowed = view.zones[kind.index()];
    // Flail (§2.0.10): out of the Self's measure the Lantern swings instead of sliding; after a
    // flail onto a stepping stone it makes an ordinary move inside that stone's measure.
    let flailing = info.flail && crate::special::flail::flailing(rules, pos, side, kind, from);
    let allowed = if flailing && view.stone_move {
        crate::measure::Measure::of(from).squares()
    } else {
        allowed
    };
    let inert = info.inert;
    let mut done = Bitboard::EMPTY;
    let push = |to: Square, effect: Effect, dir, out: &mut Vec<Action>, done: &mut Bitboard| {
        // Deflection (§2.0.09): the push goes the way the Guard moved.
        let effect = match effect {
            Effect::Deflect(k, _) => {
                match crate::special::deflection::pushed_to(pos, side, from, to) {
                    Some(dest) => Effect::Deflect(k, dest),
                    None => return,
                }
            }
            // Not from a capture to a capture, nor after a Cloak left a capture this turn
            // (§2.0.06), nor beyond the captures a side can hold (ruling R-BLADE-CAPTURE).
            Effect::Capture(_)
                if view.holding.contains(from)
                    || pos.released
                    || crate::special::blade_capture::pins_full(pos, !side) =>
            {
                return;
            }
            e => e,
        };
        if allowed.contains(to) && !done.contains(to) {
            done.set(to);
            out.push(Action::Move(Move {
                mover: Mover::Piece(kind),
                from,
                to,
                effect,
                dir,
                face: None,
            }));
        }
    };
    // No piece leaps over the Donkey (§2.0.23).
    let lp = if view.donkeys.any() {
        tables.leaps_open(from, pos.life_square(rules, side), view.donkeys)
    } else if tables.from_self.is_empty() {
        tables.leaps[from.index()]
    } else {
        tables.leaps_from(from, pos.life_square(rules, side))
    };
    let movers = lp.both | lp.move_only;
    let attackers = lp.both | lp.attack_only;
    let occupied = view.occupied.0;
    // COUNT: the quiet moves counted so far, as squares (each square is one move at most).
    let mut quiet = 0u64;
    // Only squares of the zone: `push` refuses every other, so nothing else is looked at (a
    // concert lift's Self looks along one line, a constrained piece within its range).
    let leap_targets = if COUNT {
        let q = movers & !occupied & allowed.0 & !done.0;
        quiet |= q;
        done.0 |= q;
        (movers | attackers) & occupied & allowed.0
    } else {
        (movers | attackers) & allowed.0
    };
    for to in Bitboard(leap_targets) {
        let bit = 1u64 << to.index();
        if occupied & bit == 0 {
            // Fast path: an empty square is a quiet move, if the leap may move.
            if movers & bit != 0 {
                push(to, Effect::Quiet, None, out, &mut done);
            }
            continue;
        }
        if view.own_dead.contains(to) {
            continue;
        }
        // A leap target may be moved onto, attacked, or both.
        let mode = if attackers & bit == 0 {
            Mode::MoveOnly
        } else if movers & bit == 0 {
            Mode::AttackOnly
        } else {
            Mode::Both
        };
        if let Some(e) = view.land(rules, pos, kind, inert, to, mode) {
            push(to, e, None, out, &mut done);
        }
    }
    // En passant (§2.0.04): an engagement's attack onto the square an opposing engagement passed.
    if info.engagement
        && let Some(ep) = pos.en_passant()
        && attackers & (1u64 << ep.target.index()) != 0
        && crate::special::en_passant::open(rules, pos, side, ep)
    {
        push(
            ep.target,
            Effect::EnPassant(ep.victim),
            None,
            out,
            &mut done,
        );
    }
    let last_dir = pos.last_dir(side);
    // What stops a slide, by jump policy (as `View::passable_for` judges a square): any piece;
    // only the Donkey; the Donkey and any piece not leapable. Squares the view makes
    // transparent never stop it.
    let stops = {
        let occ = view.occupied.0 & !view.transparent.0;
        let donkeys = view.donkeys.0;
        // A blade leaps the possessed free engagement whatever its policy (§2.0.05).
        let nothing = if info.blade {
            occ & !view.possessed_free().0
        } else {
            occ
        };
        [
            nothing,
            occ & donkeys,
            occ & (donkeys | !view.own_leapable.0),
        ]
    };
    if flailing && !view.stone_move {
        let start = out.len();
        flail_moves(rules, pos, view, kind, from, out);
        // Playing with sand the flail's landings are the Lantern's range constraint (R-FLAIL):
        // its ordinary slides may be attempted too, untenable, each square once (a review found
        // a flailing Lantern's untenable moves never offered to be called).
        if view.sand {
            for a in &out[start..] {
                if let Action::Move(m) = a {
                    done.set(m.to);
                }
            }
        }
    }
    for ray in tables
        .rays_from(from)
        .iter()
        .filter(|_| !flailing || view.stone_move || view.sand)
    {
        if (ray.no_repeat && last_dir == Some(ray.dir)) || ray.landing & allowed.0 == 0 {
            continue;
        }
        let can_move = ray.mode != Mode::AttackOnly;
        let dir = ray.no_repeat.then_some(ray.dir);
        // The squares the slide reaches (one bit scan: `View::passable_for` as bitboards), in order.
        let stop = match ray.jump {
            Jump::Nothing => stops[0],
            Jump::Anything => stops[1],
            Jump::OwnExceptSelf => stops[2],
        };
        let mut reached = ray.reach(stop) & ray.landing & allowed.0;
        if COUNT {
            if can_move {
                let q = reached & !occupied & allowed.0 & !done.0;
                quiet |= q;
                done.0 |= q;
            }
            reached &= occupied;
        }
        for sq in ray.in_order(reached) {
            if occupied & (1u64 << sq.index()) == 0 {
                // Fast path: an empty square is a quiet move.
                if can_move {
                    push(sq, Effect::Quiet, dir, out, &mut done);
                }
            } else if !view.own_dead.contains(sq)
                && let Some(e) = view.land(rules, pos, kind, inert, sq, ray.mode)
            {
                push(sq, e, dir, out, &mut done);
            }
        }
    }
    // A blade freed from under an opposing Cloak leaves by one of its ordinary moves
    // (R-BLADE-CAPTURE), not a duel from the Cloak's square.
    let freed = || pos.piece_at(from).is_some_and(|(s, _)| s != view.side);
    if info.cavazione && (Bitboard::adjacent(from) & view.opp_blades).any() && !freed() {
        crate::special::cavazione::cavaziones(rules, pos, view, kind, from, allowed, out);
    }
    if info.opposition && (view.opp_blades & crate::measure::own_side(view.side)).any() && !freed()
    {
        crate::special::opposition::oppositions(rules, pos, view, kind, from, allowed, out);
    }
    if let Some(mode) = piece.anywhere {
        let can_move = mode != Mode::AttackOnly;
        let can_attack = mode != Mode::MoveOnly;
        let candidates = if can_attack || !inert {
            allowed & !Bitboard::from_square(from)
        } else {
            allowed & !view.occupied
        };
        let candidates = if COUNT {
            if can_move {
                let q = candidates.0 & !occupied & !done.0;
                quiet |= q;
                done.0 |= q;
            }
            candidates & view.occupied
        } else {
            candidates
        };
        for to in candidates {
            if !view.occupied.contains(to) {
                // Fast path: an empty square is a quiet move.
                if can_move {
                    push(to, Effect::Quiet, None, out, &mut done);
                }
                continue;
            }
            if let Some(e) = view.land(rules, pos, kind, inert, to, mode) {
                push(to, e, None, out, &mut done);
            }
        }
    }
    quiet.count_ones()
}

/// The flail moves of the Lantern of `kind` on `from` (§2.0.10 Flail; the swing is
/// `special::flail::swing`). In concert the Self's square neither blocks nor can be landed on.
/// A flail swings the piece out of one measure into another: a set's "never the same direction
/// twice" (`no_repeat_direction`) never applies to it (ruling R-LANTERN-DIRECTION), and it
/// leaves no direction to remember.
pub(crate) fn flail_moves(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    out: &mut Vec<Action>,
) {
    let mut done = Bitboard::EMPTY;
    let (occupied, transparent) = (view.occupied, view.transparent);
    crate::special::flail::swing(
        rules,
        pos,
        view.side,
        kind,
        from,
        occupied,
        transparent,
        |sq, mode, occ| {
            if done.contains(sq) {
                return;
            }
            let effect = if occ {
                view.land(rules, pos, kind, false, sq, mode)
            } else if mode != Mode::AttackOnly {
                Some(Effect::Quiet)
            } else {
                None
            };
            if let Some(effect) = effect {
                done.set(sq);
                out.push(Action::Move(Move {
                    mover: Mover::Piece(kind),
                    from,
                    to: sq,
                    effect,
                    dir: None,
                    face: None,
                }));
            }
        },
    );
}
