//! Move generation: every tenable action in the current phase of the turn.
//!
//! Movement patterns come from the compiled tables of each piece (`piece_set.rs`); the rules
//! that tie pieces together live in their own modules: range constraints (`constraint.rs`),
//! stepping stones and concert (`special/`), placing and withdrawing (`placement.rs`), the free
//! engagement (`free_engagement.rs`) and passing (`passing.rs`).
use crate::action::{Action, Effect, Move, Mover};
use crate::bitboard::Bitboard;
use crate::constraint::{engagements, zone_from};
use crate::piece_def::{Jump, Mode, Relation};
use crate::piece_set::{Kind, MAX_KINDS};
use crate::position::{Phase, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;
use crate::{free_engagement, passing, placement};

/// What a moving piece sees of the board, computed once per generation.
pub(crate) struct View {
    pub side: Side,
    pub own: Bitboard,
    pub opp: Bitboard,
    pub occupied: Bitboard,
    pub free_sq: Option<Square>,
    /// The free engagement is on a square of the mover's colour (§2.0.05 possession).
    pub possessed: bool,
    /// Squares a landing on which is a stepping stone: own engagements, the possessed free
    /// engagement.
    pub stones: Bitboard,
    /// Own pieces a Sword-like slider may leap: own pieces but the Self (+ possessed free
    /// engagement).
    pub own_leapable: Bitboard,
    /// Squares that neither block nor can be landed on (the Self for its concert partner).
    pub transparent: Bitboard,
    /// The range-constraint zone of each of the mover's kinds (the whole board if unconstrained).
    pub zones: [Bitboard; MAX_KINDS],
    /// The opponent's blades (targets of cavazione and opposition).
    pub opp_blades: Bitboard,
    /// Generating the second move of a piece that landed on a stepping stone.
    pub stone_move: bool,
    /// The opposing Cloak holding the mover's blade: no piece of the mover may attack it
    /// (§2.0.06).
    pub untouchable: Bitboard,
    /// The mover's Cloak holding an opposing blade (§2.0.06).
    pub holding: Option<Square>,
    /// The Donkeys' squares (§2.0.23).
    pub donkeys: Bitboard,
}

impl View {
    pub fn new(rules: &Rules, pos: &Position, side: Side) -> View {
        let own = pos.occupied_by(side);
        let opp = pos.occupied_by(!side);
        let free_sq = pos.free_square();
        let possessed = free_sq.is_some_and(|sq| sq.colour_owner() == side);
        let mut stones = engagements(rules, pos, side);
        let life = pos.pieces(side, rules.life(side));
        let mut zones = [Bitboard::FULL; MAX_KINDS];
        let opp_life = pos.life_measure(rules, !side);
        for (k, z) in zones.iter_mut().enumerate().take(rules.kind_count(side)) {
            if let Some(c) = &rules.info(side, Kind(k as u8)).constraint {
                *z = zone_from(c, life.first(), stones, opp_life);
            }
        }
        // §2.0.07 Control: the opposing Balance and Self bar the Jutsu from their measure.
        if crate::special::control::has_control(rules, !side) {
            let barred = crate::special::control::controlled(rules, pos, !side);
            if barred.any() {
                for (k, z) in zones.iter_mut().enumerate().take(rules.kind_count(side)) {
                    if rules.info(side, Kind(k as u8)).jutsu {
                        *z &= !barred;
                    }
                }
            }
        }
        let mut opp_blades = Bitboard::EMPTY;
        for k in 0..rules.kind_count(!side) {
            if rules.is_blade(!side, Kind(k as u8)) {
                opp_blades |= pos.pieces(!side, Kind(k as u8));
            }
        }
        let mut own_leapable = own & !life;
        if possessed {
            let fsq = free_sq.unwrap();
            stones.set(fsq);
            own_leapable.set(fsq);
        }
        View {
            side,
            own,
            opp,
            occupied: pos.occupied(),
            free_sq,
            possessed,
            stones,
            own_leapable,
            transparent: Bitboard::EMPTY,
            zones,
            opp_blades,
            stone_move: false,
            untouchable: crate::special::blade_capture::untouchable(pos, side),
            holding: crate::special::blade_capture::holding(pos, side),
            donkeys: crate::special::donkey::squares(pos),
        }
    }

    /// What landing on `to` does, if the piece may land there.
    #[inline]
    pub fn land(
        &self,
        rules: &Rules,
        pos: &Position,
        kind: Kind,
        inert: bool,
        to: Square,
        can_move: bool,
        can_attack: bool,
    ) -> Option<Effect> {
        if !self.occupied.contains(to) {
            return can_move.then_some(Effect::Quiet);
        }
        if self.transparent.contains(to) || self.untouchable.contains(to) {
            return None;
        }
        if self.free_sq == Some(to) {
            return if self.possessed {
                (can_move && !inert).then_some(Effect::FreeStepStone)
            } else {
                (can_attack && !inert).then_some(Effect::FendFree)
            };
        }
        if self.own.contains(to) {
            // Onto our own Cloak holding their blade: disarm it (§2.0.06).
            if self.holding == Some(to) && can_attack {
                if let Some((bk, _, _)) = crate::special::blade_capture::pinned(pos, !self.side) {
                    let ok = rules.relation(self.side, kind, bk) == Relation::Disarm
                        && crate::special::disarm::may_disarm(rules, pos, self.side, kind);
                    return ok.then_some(Effect::DisarmCaptured(bk));
                }
            }
            return (can_move && !inert && self.stones.contains(to)).then_some(Effect::StepStone);
        }
        if !can_attack {
            return None;
        }
        let (_, target) = pos.piece_at(to)?;
        match rules.relation(self.side, kind, target) {
            Relation::Fend => Some(
                if crate::special::shadow_stabbing::applies(rules, pos, self.side, kind, target, to)
                {
                    Effect::ShadowStab(target)
                } else {
                    Effect::Fend(target)
                },
            ),
            Relation::Take => Some(Effect::Take(target)),
            Relation::Checkmate => Some(Effect::Checkmate),
            Relation::Negate => Some(Effect::Negate(target)),
            Relation::Disarm => {
                crate::special::disarm::disarms(rules, pos, self.side, kind, target, to)
                    .then_some(Effect::Disarm(target))
            }
            // The push square is found by `piece_moves`, which knows the Guard's direction.
            Relation::Deflect if rules.info(self.side, kind).deflect => {
                Some(Effect::Deflect(target, to))
            }
            // Blade capture (§2.0.06): not from a capture, not twice in a turn (checked in
            // `piece_moves`, which knows where the Cloak starts).
            Relation::BladeCapture => Some(Effect::Capture(target)),
            Relation::Deflect | Relation::Never => None,
        }
    }

    /// Whether a slider may pass over `sq`.
    #[inline]
    fn passable(&self, sq: Square, jump: Jump) -> bool {
        if !self.occupied.contains(sq) || self.transparent.contains(sq) {
            return true;
        }
        // No piece can leap over the Donkey (§2.0.23).
        if self.donkeys.contains(sq) {
            return false;
        }
        match jump {
            Jump::Nothing => false,
            Jump::Anything => true,
            Jump::OwnExceptSelf => self.own_leapable.contains(sq),
        }
    }
}

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
            if pos.passes() < 2 {
                if let Some(g) = crate::special::glare::available(rules, pos) {
                    out.push(g);
                }
            }
            passing::pass(pos, out);
        }
        Phase::Second { stone, concert } => {
            if let Some(sq) = stone {
                if let Some((s, k)) = pos.piece_at(sq) {
                    debug_assert_eq!(s, side);
                    view.stone_move = true;
                    piece_moves(rules, pos, &view, k, sq, out);
                    view.stone_move = false;
                    if rules.info(side, k).throw {
                        crate::special::dagger_throw::all_throws(rules, pos, Some(sq), false, out);
                    }
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
pub(crate) fn piece_moves(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    out: &mut Vec<Action>,
) {
    if rules.set(view.side).piece(kind).is_oriented() {
        let start = out.len();
        piece_moves_facing(rules, pos, view, kind, from, pos.facing(from), out);
        with_facings(out, start);
    } else {
        piece_moves_facing(rules, pos, view, kind, from, 0, out);
    }
}

/// `piece_moves` for a piece facing `facing` (ignored unless it is oriented).
#[inline(always)]
fn piece_moves_facing(
    rules: &Rules,
    pos: &Position,
    view: &View,
    kind: Kind,
    from: Square,
    facing: u8,
    out: &mut Vec<Action>,
) {
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
            Effect::Capture(_) if view.holding == Some(from) || pos.released => return,
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
    let lp = if tables.from_self.is_empty() {
        tables.leaps[from.index()]
    } else {
        tables.leaps_from(from, pos.life_square(rules, side))
    };
    let movers = lp.both | lp.move_only;
    let attackers = lp.both | lp.attack_only;
    for to in Bitboard(movers | attackers) {
        let bit = 1u64 << to.index();
        if let Some(e) = view.land(
            rules,
            pos,
            kind,
            inert,
            to,
            movers & bit != 0,
            attackers & bit != 0,
        ) {
            push(to, e, None, out, &mut done);
        }
    }
    // En passant (§2.0.04): an engagement's attack onto the square an opposing engagement passed.
    if info.engagement {
        if let Some(ep) = pos.en_passant() {
            if attackers & (1u64 << ep.target.index()) != 0
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
        }
    }
    let last_dir = pos.last_dir(side);
    if flailing && !view.stone_move {
        crate::special::flail::moves(rules, pos, view, kind, from, out);
    }
    for ray in tables
        .rays_from(from)
        .iter()
        .filter(|_| !flailing || view.stone_move)
    {
        if ray.no_repeat && last_dir == Some(ray.dir) {
            continue;
        }
        let can_move = ray.mode != Mode::AttackOnly;
        let can_attack = ray.mode != Mode::MoveOnly;
        let dir = ray.no_repeat.then_some(ray.dir);
        let occupied = view.occupied.0;
        for (i, &sqi) in ray.squares[..ray.len as usize].iter().enumerate() {
            let bit = 1u64 << sqi;
            let sq = Square::from_index_unchecked(sqi);
            if occupied & bit == 0 {
                // Fast path: an empty square is a quiet move and never blocks.
                if can_move && i + 1 >= ray.min as usize {
                    push(sq, Effect::Quiet, dir, out, &mut done);
                }
                continue;
            }
            if i + 1 >= ray.min as usize {
                if let Some(e) = view.land(rules, pos, kind, inert, sq, can_move, can_attack) {
                    push(sq, e, dir, out, &mut done);
                }
            }
            if !view.passable(sq, ray.jump) {
                break;
            }
        }
    }
    if info.cavazione && (Bitboard::adjacent(from) & view.opp_blades).any() {
        crate::special::cavazione::cavaziones(rules, pos, view, kind, from, allowed, out);
    }
    if info.opposition && (view.opp_blades & crate::measure::own_side(view.side)).any() {
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
        for to in candidates {
            if let Some(e) = view.land(rules, pos, kind, inert, to, can_move, can_attack) {
                push(to, e, None, out, &mut done);
            }
        }
    }
}
