//! Move generation: every tenable action in the current phase of the turn.
//!
//! Movement patterns come from the compiled tables of each piece (`piece_set.rs`); the rules
//! that tie pieces together live in their own modules: range constraints (`constraint.rs`),
//! stepping stones and concert (`special/`), placing and withdrawing (`placement.rs`), the free
//! engagement (`free_engagement.rs`) and passing (`passing.rs`).
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::piece_moves::{
    MoveBound, open_beside_squares, piece_move_bound, piece_move_count, piece_moves, plain_squares,
    square_moves,
};
use crate::piece_set::{Kind, MAX_KINDS};
use crate::position::{Phase, Position};
use crate::rules::Aspect;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;
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

fn generate<S: Sink>(rules: &Rules, pos: &Position, sink: &mut S, constrained: bool) {
    sink.clear();
    if pos.is_game_over() {
        return;
    }
    let side = pos.turn();
    // The dying move (§2.0.20): only a move of a piece on the board ("the Self cannot move after
    // checkmate"; no placing, withdrawing, passing or glare).
    if pos.dying() == Some(side) {
        let mut view = View::new(rules, pos, side);
        match pos.phase() {
            Phase::Start => {
                for k in rules.set(side).kinds() {
                    for from in pos.pieces(side, k) {
                        sink.piece(rules, pos, &view, k, from);
                    }
                }
                // A pinned blade is on the board too (R-BLADE-CAPTURE): freeing it may be the
                // dying move (§2.0.06, §2.0.20).
                for (k, sq) in crate::special::blade_capture::freeable(pos, side) {
                    sink.piece(rules, pos, &view, k, sq);
                }
                // Enacting an intention is a move of the blade (§2.0.11; R-DYING).
                crate::special::intention::enactment(rules, pos, sink.list());
            }
            Phase::Second {
                stone: Some(sq), ..
            } => {
                if let Some((_, k)) = pos.piece_at(sq) {
                    // The stepping stone's move, as on any turn (a flailing Lantern is confined
                    // to the stone's measure, §2.0.10).
                    view.stone_move = true;
                    piece_moves(rules, pos, &view, k, sq, sink.list());
                }
                sink.list().push(Action::EndTurn);
            }
            _ => sink.list().push(Action::EndTurn),
        }
        return;
    }
    // The view is worked out only in the phases that move pieces.
    let new_view = || {
        let mut view = View::new(rules, pos, side);
        if !constrained {
            view.zones = [Bitboard::FULL; MAX_KINDS];
            view.sand = true;
        }
        view
    };
    match pos.phase() {
        // A meta-move opened the normal turn made instead of the Obscurant Chaos invocation's
        // repositioning (R-CAST; `reposition` kept as the mark): the rest is that turn's move or
        // double-move — not a pass, a glare or declaration counting as one, a retreat, a reset,
        // the Donkey's placement or a second invocation ("it can never be linked to further
        // moves on one turn", §2.0.15).
        Phase::Start if pos.reposition.is_some() => {
            let mut normal = *pos;
            normal.reposition = None;
            let mut first = Vec::new();
            generate(rules, &normal, &mut first, constrained);
            first.retain(crate::special::cast_piece::opens_normal_turn);
            sink.list().extend(first);
        }
        Phase::Start => {
            let view = new_view();
            sink.pieces(rules, pos, &view, rules.all_kinds(side));
            // Freeing a pinned blade (§2.0.06).
            for (k, sq) in crate::special::blade_capture::freeable(pos, side) {
                sink.piece(rules, pos, &view, k, sq);
            }
            // The Self onto or over its concert partner, lifting it (R-CONCERT).
            sink.listing(Listing::Lifts, rules, pos, &view);
            // Feign, Shift and Dagger Throw.
            sink.listing(Listing::Exchanges, rules, pos, &view);
            crate::special::retreat::retreat(rules, pos, sink.list());
            crate::special::meta_move::meta_moves(pos, sink.list());
            crate::special::meta_move::quibble_reset(pos, sink.list());
            crate::special::cast_piece::casts(rules, pos, false, sink.list());
            crate::special::cast_piece::invocation(rules, pos, sink.list());
            crate::special::intention::enactment(rules, pos, sink.list());
            if crate::passing::may_pass_by_another_action(pos) {
                // Declaring with no move before it is a pass (§2.0.16).
                sink.listing(Listing::Declarations, rules, pos, &view);
            }
            free_engagement::actions(rules, pos, &view, sink.list());
            sink.listing(Listing::Placements, rules, pos, &view);
            crate::special::donkey::placements(rules, pos, sink.list());
            let (kinds, here) = placement::withdrawable(rules, pos);
            sink.withdrawals(pos, kinds, here);
            // Glare with no move before it is a pass, and no answer to a forced move (§2.0.16).
            if crate::passing::may_pass_by_another_action(pos)
                && let Some(g) = crate::special::glare::available(rules, pos)
            {
                sink.list().push(g);
            }
            sink.pass(pos);
        }
        Phase::Second {
            concert: Some(self_sq),
            ..
        } if pos.lifted().is_some() => {
            // The partner in hand must be placed: nothing else, not even declining (R-CONCERT).
            let mut view = new_view();
            crate::special::concert::lifted_moves(rules, pos, &mut view, self_sq, sink.list());
        }
        Phase::Second { stone, concert } => {
            let mut view = new_view();
            if let Some(sq) = stone
                && let Some((s, k)) = pos.piece_at(sq)
            {
                debug_assert_eq!(s, side);
                view.stone_move = true;
                piece_moves(rules, pos, &view, k, sq, sink.list());
                view.stone_move = false;
                if rules.info(side, k).throw {
                    crate::special::dagger_throw::all_throws(
                        rules,
                        pos,
                        Some(sq),
                        false,
                        sink.list(),
                    );
                }
            }
            if let Some(self_sq) = concert {
                // The partners' moves after the Self's (R-CONCERT): past the Self's new square
                // as if it were not there.
                view.transparent = Bitboard::from_square(self_sq);
                let partners = rules.kinds_with(side, Aspect::ConcertPartner);
                sink.pieces(rules, pos, &view, partners);
                // A pinned blade may be freed in concert (§2.0.06).
                for (k, sq) in crate::special::blade_capture::freeable(pos, side) {
                    if partners & (1 << k.0) != 0 {
                        sink.piece(rules, pos, &view, k, sq);
                    }
                }
                crate::special::dagger_throw::all_throws(rules, pos, None, true, sink.list());
                crate::special::intention::enactment(rules, pos, sink.list());
                crate::special::cast_piece::casts(rules, pos, true, sink.list());
            }
            sink.list().push(Action::EndTurn);
        }
        Phase::Throw { .. } => crate::special::dagger_throw::rolls(rules, pos, sink.list()),
        Phase::Cast { .. } => crate::special::cast_piece::landings(rules, pos, sink.list()),
        Phase::Hirakamae { .. } => {
            // Hirakamae's own second moves, or the second move the first move's own method
            // opens, as listed in that phase (its `EndTurn` included), each action once
            // (R-HIRAKAMAE).
            let (mut own, second) = hirakamae_seconds(rules, pos, constrained);
            for a in second {
                if !own.contains(&a) {
                    own.push(a);
                }
            }
            if !own.contains(&Action::EndTurn) {
                own.push(Action::EndTurn);
            }
            sink.list().extend(own);
        }
        Phase::DonkeyMove { .. } => crate::special::donkey::moves(pos, sink.list()),
        Phase::Reclaim { stone, concert } => {
            if stone.is_some() || concert.is_some() {
                // The second move still open after the Self's (declining the placement), as
                // listed in that phase (its `EndTurn` included).
                let mut then = *pos;
                then.phase = Phase::Second { stone, concert };
                let mut second = Vec::new();
                generate(rules, &then, &mut second, constrained);
                sink.list().extend(second);
            } else {
                sink.list().push(Action::EndTurn);
            }
            // A concert partner in hand must be placed first, and nothing else (R-CONCERT).
            if pos.lifted().is_none() {
                crate::special::cast_piece::reclaim_places(rules, pos, sink.list());
            }
        }
        Phase::Distraction { .. } => {
            sink.list()
                .extend(crate::special::dagger_throw::repositions(rules, pos));
            // A normal turn instead of the invocation's repositioning (§2.0.18).
            if crate::special::cast_piece::may_turn_instead(pos) {
                let mut normal = *pos;
                normal.phase = Phase::Start;
                normal.reposition = None;
                let mut first = Vec::new();
                generate(rules, &normal, &mut first, constrained);
                first.retain(crate::special::cast_piece::opens_normal_turn);
                sink.list().extend(first);
            }
            sink.list().push(Action::EndTurn);
        }
        Phase::Glare => {
            if let Some(g) = crate::special::glare::available(rules, pos) {
                sink.list().push(g);
            }
            crate::special::intention::declarations(rules, pos, sink.list());
            sink.list().push(Action::EndTurn);
        }
    }
}

/// In hirakamae's second move (`Phase::Hirakamae`), whether `a` is to be made as the second
/// move of the first move's own method (`Phase::Second { stone, concert }`) rather than as
/// hirakamae's ordinary move: listed there and not among hirakamae's own (R-HIRAKAMAE).
pub(crate) fn by_own_method(rules: &Rules, pos: &Position, a: Action) -> bool {
    let opens = matches!(pos.phase(), Phase::Hirakamae { stone, concert, .. }
        if stone.is_some() || concert.is_some());
    if a == Action::EndTurn || !opens {
        return false;
    }
    let (own, second) = hirakamae_seconds(rules, pos, true);
    !own.contains(&a) && second.contains(&a)
}

/// In `Phase::Hirakamae`: hirakamae's own second moves (one ordinary move of any own piece), and
/// those of the first move's own method (`Phase::Second { stone, concert }`'s list, empty when
/// it opens none).
fn hirakamae_seconds(
    rules: &Rules,
    pos: &Position,
    constrained: bool,
) -> (Vec<Action>, Vec<Action>) {
    let Phase::Hirakamae {
        first,
        began,
        stone,
        concert,
    } = pos.phase()
    else {
        return (Vec::new(), Vec::new());
    };
    let mut view = View::new(rules, pos, pos.turn());
    if !constrained {
        view.zones = [Bitboard::FULL; MAX_KINDS];
        view.sand = true;
    }
    let mut own = Vec::new();
    crate::special::hirakamae::second_moves(rules, pos, &view, first, began, &mut own);
    let mut second = Vec::new();
    if stone.is_some() || concert.is_some() {
        let mut then = *pos;
        then.phase = Phase::Second { stone, concert };
        generate(rules, &then, &mut second, constrained);
    }
    (own, second)
}

/// Where `generate` puts what it finds: a list (`legal_actions`), or a `Sampler`'s plan, which
/// counts each piece's quiet moves and each kind's placements instead of listing them.
trait Sink {
    fn clear(&mut self);
    /// Whether no action has been found yet.
    fn is_empty(&self) -> bool;
    /// Where every other action is listed, in order.
    fn list(&mut self) -> &mut Vec<Action>;
    /// The moves of the piece on `from` (`piece_moves`).
    fn piece(&mut self, rules: &Rules, pos: &Position, view: &View, kind: Kind, from: Square);
    /// The moves of every piece of the side to move of the kinds in `kinds` (a bit mask by
    /// kind index), kind by kind, each kind's in square order.
    fn pieces(&mut self, rules: &Rules, pos: &Position, view: &View, kinds: u16) {
        for k in crate::rules::kinds_in(kinds) {
            for from in pos.pieces(view.side, k) {
                self.piece(rules, pos, view, k, from);
            }
        }
    }
    /// A placement of `kind` on each of `squares`, in index order, each with its `faces`
    /// facings (four for an oriented piece, `placement::facings`).
    fn place(&mut self, rules: &Rules, side: Side, kind: Kind, squares: Bitboard, faces: u8);
    /// A withdrawal of each piece of the side to move of the kinds in `kinds` (a bit mask by
    /// kind index) on `here`, kind by kind, each kind's in square order.
    fn withdrawals(&mut self, pos: &Position, kinds: u16, here: Bitboard);
    /// The pass, if allowed (call after every other action of the phase is found).
    fn pass(&mut self, pos: &Position) {
        let others = !self.is_empty();
        passing::pass(pos, others, self.list());
    }
    /// The actions of one of the specials a rejection draw bounds before listing them.
    fn listing(&mut self, which: Listing, rules: &Rules, pos: &Position, view: &View) {
        which.find(rules, pos, view, self);
    }
}

/// The runs of a turn's first phase whose actions a rejection draw bounds cheaply and lists
/// only when an index falls among them.
#[derive(Clone, Copy, Debug)]
enum Listing {
    /// The Self's moves onto or over its concert partners (`concert::lifting_moves`).
    Lifts,
    /// Feigns, shifts and Dagger Throws (`feign::feigns`, `shift::shifts`,
    /// `dagger_throw::all_throws`): the turn's actions where a piece trades places or throws.
    Exchanges,
    /// The declarations of intention open (`intention::declarations`).
    Declarations,
    /// The placements from reserve (`placement::placements`).
    Placements,
}

impl Listing {
    /// Puts the run's actions in `sink`, in order: each kind's placements by `Sink::place` (an
    /// exact plan counts them), the others listed.
    fn find<S: Sink + ?Sized>(self, rules: &Rules, pos: &Position, view: &View, sink: &mut S) {
        use crate::special::*;
        match self {
            Listing::Lifts => concert::lifting_moves(rules, pos, view, sink.list()),
            Listing::Exchanges => {
                feign::feigns(rules, pos, sink.list());
                shift::shifts(rules, pos, view, sink.list());
                dagger_throw::all_throws(rules, pos, None, false, sink.list());
            }
            Listing::Declarations => intention::declarations(rules, pos, sink.list()),
            Listing::Placements => {
                let side = pos.turn();
                placement::placements(rules, pos, view, |kind, squares| {
                    sink.place(
                        rules,
                        side,
                        kind,
                        squares,
                        placement::facings(rules, side, kind),
                    )
                })
            }
        }
    }

    /// A bound on how many actions `list` makes, if one is cheap to know.
    fn bound(self, rules: &Rules, pos: &Position, view: &View) -> Option<usize> {
        use crate::special::*;
        Some(match self {
            Listing::Lifts => return concert::lifting_bound(rules, pos, view),
            Listing::Exchanges => {
                feign::feign_bound(rules, pos)
                    + shift::shift_bound(rules, pos)
                    + dagger_throw::throw_bound(rules, pos)
            }
            Listing::Declarations => intention::declaration_bound(rules, pos),
            Listing::Placements => placement::placement_bound(rules, pos, view),
        })
    }
}

impl Sink for Vec<Action> {
    fn clear(&mut self) {
        Vec::clear(self);
    }

    fn is_empty(&self) -> bool {
        Vec::is_empty(self)
    }

    fn list(&mut self) -> &mut Vec<Action> {
        self
    }

    #[inline]
    fn piece(&mut self, rules: &Rules, pos: &Position, view: &View, kind: Kind, from: Square) {
        piece_moves(rules, pos, view, kind, from, self);
    }

    fn place(&mut self, rules: &Rules, side: Side, kind: Kind, squares: Bitboard, faces: u8) {
        for to in squares {
            for i in 0..faces {
                self.push(placement::place_action(rules, side, kind, to, i));
            }
        }
    }

    fn withdrawals(&mut self, pos: &Position, kinds: u16, here: Bitboard) {
        for kind in crate::rules::kinds_in(kinds) {
            self.extend(
                (pos.pieces(pos.turn(), kind) & here).map(|from| Action::Withdraw { kind, from }),
            );
        }
    }
}

/// Draws one legal action without listing them all: a random playout's step (the search's and
/// the benchmark's). `plan` works out how many actions `legal_actions` would list — each
/// piece's quiet moves and each kind's placements are counted, not listed — and `action(i)`
/// makes the one at index `i` of that list, by listing only the moves of the piece it belongs
/// to. `random_action` draws uniformly, by rejection from a cheaper plan where it can (see
/// there).
#[derive(Default)]
pub struct Sampler {
    segments: Vec<Segment>,
    /// How many indices each segment has (`segments[s]` has `sizes[s]`).
    sizes: Vec<usize>,
    /// The actions listed as they are (everything but pieces' moves and placements).
    listed: Vec<Action>,
    /// `listed.len()` when the last segment was closed.
    closed: usize,
    total: usize,
    /// The view the pieces' moves were counted in (the same for every piece of a plan).
    view: Option<View>,
    scratch: Vec<Action>,
    /// Planning for a rejection draw: pieces' moves and the Self's lifts are bounded, not
    /// counted (`random_action`).
    bounded: bool,
    /// The squares each kind of a `Segment::Placements` may be placed on.
    placing: [Bitboard; MAX_KINDS],
    /// A rejection draw's plan where the pass is open only if nothing else is (§2.0.17): not
    /// in the plan, it is the draw when the plan turns out to hold no action.
    pass_if_none: bool,
}

/// A run of consecutive actions of the planned list.
#[derive(Clone, Copy)]
enum Segment {
    /// `listed[start..]`, as many as the segment's size.
    Listed { start: usize },
    /// The `n` moves of the piece on `from`.
    Piece { kind: Kind, from: Square, n: usize },
    /// A placement of each kind in `kinds` (a bit mask by kind index) on each square of its
    /// `Sampler::placing`, kind by kind, each kind's in index order.
    Placements { kinds: u16 },
    /// A withdrawal of each piece of the kinds in `kinds` on `here` (`Sink::withdrawals`).
    Withdrawals { kinds: u16, here: Bitboard },
    /// At most one move of the piece on `from` onto each of `squares`, none listed (a rejection
    /// draw's plan: an index is a square, whose move is listed alone).
    PieceSquares {
        kind: Kind,
        from: Square,
        squares: Bitboard,
    },
    /// The moves of the square-bounded pieces of the side to move of the kinds in `kinds` (a bit
    /// mask by kind index), none listed, no Cavazione or Opposition open to any (a rejection
    /// draw's plan): kind by kind, `reach_max` indices for each of the kind's pieces in square
    /// order; a piece's `o`th index is its move onto the `o`th of its `plain_squares`, if it has
    /// that many and a move there. The first index of a kind that falls on no move takes that
    /// kind out of the segment and gives each of its pieces a `PieceSquares` segment.
    PlainKinds { kinds: u16 },
    /// At most `bound` moves of the piece on `from`, not yet listed (a rejection draw's plan).
    BoundedPiece {
        kind: Kind,
        from: Square,
        bound: usize,
    },
    /// At most `bound` actions of one special, not yet listed (a rejection draw's plan).
    BoundedListing { which: Listing, bound: usize },
}

impl Sampler {
    pub fn new() -> Sampler {
        Sampler::default()
    }

    /// Works out the legal actions in `pos` (as `legal_actions` lists them) and returns how
    /// many there are.
    pub fn plan(&mut self, rules: &Rules, pos: &Position) -> usize {
        self.bounded = false;
        generate(rules, pos, self, true);
        self.close();
        self.total
    }

    /// The action at index `i` of the list `legal_actions` would make in `pos`, the position
    /// last planned. Panics if `i` is not below the planned count.
    pub fn action(&mut self, rules: &Rules, pos: &Position, i: usize) -> Action {
        debug_assert!(!self.bounded, "an exact plan");
        self.at(rules, pos, i)
            .expect("an exact plan has no bounded segment")
    }

    /// The action at index `i` of the plan, or None when `i` falls on a square without a move
    /// (the square leaves the plan) or beyond the actions a counted segment turns out to have
    /// (that segment is then listed, and its bound becomes its count): the plan's total shrinks.
    /// Panics if `i` is not below the planned total.
    fn at(&mut self, rules: &Rules, pos: &Position, mut i: usize) -> Option<Action> {
        let mut s = 0;
        while i >= self.sizes[s] {
            i -= self.sizes[s];
            s += 1;
        }
        match self.segments[s] {
            Segment::Listed { start } => Some(self.listed[start + i]),
            Segment::Piece { kind, from, n } => {
                let view = self.view.as_ref().expect("a piece's moves were counted");
                self.scratch.clear();
                piece_moves(rules, pos, view, kind, from, &mut self.scratch);
                debug_assert_eq!(self.scratch.len(), n, "{}", pos.to_text(rules));
                Some(self.scratch[i])
            }
            Segment::Placements { kinds } => {
                let side = pos.turn();
                let faces = |k| placement::facings(rules, side, k) as usize;
                let (kind, to, face) = nth_by_kind(kinds, i, |k| self.placing[k.index()], faces);
                Some(placement::place_action(rules, side, kind, to, face as u8))
            }
            Segment::Withdrawals { kinds, here } => {
                let (kind, from, _) =
                    nth_by_kind(kinds, i, |k| pos.pieces(pos.turn(), k) & here, |_| 1);
                Some(Action::Withdraw { kind, from })
            }
            Segment::PieceSquares {
                kind,
                from,
                squares,
            } => {
                let to = { squares }.nth(i).expect("i is below the count");
                let view = self.view.as_mut().expect("a piece's moves were bounded");
                self.scratch.clear();
                square_moves(rules, pos, view, kind, from, to, &mut self.scratch);
                debug_assert!(self.scratch.len() <= 1, "{}", pos.to_text(rules));
                if self.scratch.is_empty() {
                    // No move onto that square: it leaves the plan.
                    self.segments[s] = Segment::PieceSquares {
                        kind,
                        from,
                        squares: squares & !Bitboard::from_square(to),
                    };
                    self.sizes[s] -= 1;
                    self.total -= 1;
                }
                self.scratch.first().copied()
            }
            Segment::PlainKinds { kinds } => {
                let view = self.view.as_mut().expect("a kind's moves were bounded");
                let plain = nth_plain_kind(rules, pos, view.side, kinds, &mut i);
                let (kind, per) = (plain.kind, plain.per);
                let from = { plain.pieces }.nth(i / per).expect("i is below the count");
                let squares = plain_squares(rules, view, kind, from);
                let o = i % per;
                if o < squares.count() as usize {
                    let to = { squares }.nth(o).expect("o is below the count");
                    self.scratch.clear();
                    square_moves(rules, pos, view, kind, from, to, &mut self.scratch);
                    debug_assert!(self.scratch.len() <= 1, "{}", pos.to_text(rules));
                    if let Some(&a) = self.scratch.first() {
                        return Some(a);
                    }
                }
                self.refine(rules, s, kinds, plain);
                None
            }
            Segment::BoundedPiece { kind, from, bound } => {
                let view = self.view.as_ref().expect("a piece's moves were bounded");
                let start = self.listed.len();
                piece_moves(rules, pos, view, kind, from, &mut self.listed);
                self.bounded_listed(rules, pos, s, start, bound, i)
            }
            Segment::BoundedListing { which, bound } => {
                let view = self.view.as_ref().expect("a special was bounded");
                let start = self.listed.len();
                which.find(rules, pos, view, &mut self.listed);
                self.bounded_listed(rules, pos, s, start, bound, i)
            }
        }
    }

    /// `plain`'s kind leaves segment `s`, `PlainKinds { kinds }`, and gives way to one
    /// `PieceSquares` segment for each of its pieces, each as large as the piece's
    /// `plain_squares` (the plan shrinks unless every piece has `per` of them): the new segments
    /// go at the end of the plan (each action still has one index).
    fn refine(&mut self, rules: &Rules, s: usize, kinds: u16, plain: PlainKind) {
        let PlainKind { kind, pieces, .. } = plain;
        let n = plain.indices();
        self.total -= n;
        self.segments[s] = Segment::PlainKinds {
            kinds: kinds & !(1 << kind.0),
        };
        self.sizes[s] -= n;
        for from in pieces {
            let view = self.view.as_ref().expect("a kind's moves were bounded");
            let squares = plain_squares(rules, view, kind, from);
            self.push(
                Segment::PieceSquares {
                    kind,
                    from,
                    squares,
                },
                squares.count() as usize,
            );
        }
    }

    /// Segment `s`, bounded by `bound`, has just been listed at `listed[start..]`: it becomes
    /// that list, and the action at `i` within it is returned if it has one.
    fn bounded_listed(
        &mut self,
        rules: &Rules,
        pos: &Position,
        s: usize,
        start: usize,
        bound: usize,
        i: usize,
    ) -> Option<Action> {
        let end = self.listed.len();
        // A bound below the count would make the segment's last moves less likely than the
        // rest (the checked playouts and tests/sampler.rs look for one); the plan stays sound.
        debug_assert!(
            end - start <= bound,
            "{} actions above a bound of {bound} in {}",
            end - start,
            pos.to_text(rules)
        );
        self.segments[s] = Segment::Listed { start };
        self.sizes[s] = end - start;
        self.total = self.total - bound + (end - start);
        (i < end - start).then(|| self.listed[start + i])
    }

    /// A legal action drawn uniformly; `None` when there is none.
    ///
    /// In a turn's first phase (where most of a game's actions are drawn) this is a rejection
    /// draw. Every action but the pieces' moves and the runs of `Listing` (the Self's lifts,
    /// exchanges, declarations, placements) is listed. A plain piece's moves land at most one on
    /// each square its tables reach on an empty board, in its zone (`plain_squares`): the kinds
    /// whose pieces are all plain (`KindInfo::square_bounded`, no Cavazione or Opposition open)
    /// get their widest reach (`reach_max`) of indices per piece without a look at the board,
    /// all in one segment (`Segment::PlainKinds`), another piece its squares
    /// (`piece_move_bound`); a piece whose Cavazione, Opposition or Flail is open is bounded by
    /// a count, each `Listing` by its `bound`.
    /// An index is drawn below the plan's total. An index on a piece's square lists that
    /// piece's move onto that square alone (`square_moves`), and the draw is that move if there
    /// is one (if not, the square leaves the plan, and a kind's indices become its pieces'
    /// squares); an index in a counted segment lists the segment, which then keeps its exact
    /// count. Otherwise another index is drawn.
    /// In every draw each legal action has one index, so the action returned is uniform over
    /// the legal actions, as `list[rng.random_range(0..list.len())]` is, though the generator is
    /// drawn from differently. A pass open only when nothing else is (§2.0.17) is left out of
    /// the plan, and is the draw when the plan empties. Elsewhere the exact plan is drawn from
    /// by index.
    pub fn random_action(
        &mut self,
        rules: &Rules,
        pos: &Position,
        rng: &mut crate::rng::GameRng,
    ) -> Option<Action> {
        use rand::Rng;
        if !rejection_applies(pos) {
            let n = self.plan(rules, pos);
            return (n > 0).then(|| {
                let i = rng.random_range(0..n);
                self.action(rules, pos, i)
            });
        }
        self.bounded = true;
        generate(rules, pos, self, true);
        self.close();
        self.bounded = false;
        // Each rejection shrinks the plan (a square without a move leaves it, a counted segment
        // is listed and keeps its exact count): this ends.
        while self.total > 0 {
            let i = rng.random_range(0..self.total);
            if let Some(a) = self.at(rules, pos, i) {
                return Some(a);
            }
        }
        self.pass_if_none.then_some(Action::Pass)
    }

    /// Every action `random_action`'s rejection draw can return in `pos`, one per index of its
    /// plan once every bounded segment is listed, or the pass that is open only when nothing else
    /// is (None where it does not draw by rejection):
    /// for tests, which check it is the list `legal_actions` makes, as a multiset.
    pub fn rejection_outcomes(&mut self, rules: &Rules, pos: &Position) -> Option<Vec<Action>> {
        if !rejection_applies(pos) {
            return None;
        }
        self.bounded = true;
        generate(rules, pos, self, true);
        self.close();
        self.bounded = false;
        for s in 0..self.segments.len() {
            let start = self.listed.len();
            let bound = match self.segments[s] {
                Segment::PieceSquares {
                    kind,
                    from,
                    squares,
                } => {
                    let view = self.view.as_mut().expect("a piece's moves were bounded");
                    list_square_moves(rules, pos, view, kind, from, squares, &mut self.listed);
                    squares.count() as usize
                }
                Segment::PlainKinds { kinds } => {
                    let view = self.view.as_mut().expect("a kind's moves were bounded");
                    for kind in crate::rules::kinds_in(kinds) {
                        let plain = PlainKind::of(rules, pos, view.side, kind);
                        for from in plain.pieces {
                            let squares = plain_squares(rules, view, kind, from);
                            let fits = squares.count() as usize <= plain.per;
                            assert!(fits, "{}", pos.to_text(rules));
                            list_square_moves(
                                rules,
                                pos,
                                view,
                                kind,
                                from,
                                squares,
                                &mut self.listed,
                            );
                        }
                    }
                    self.sizes[s]
                }
                Segment::BoundedPiece { kind, from, bound } => {
                    let view = self.view.as_ref().expect("a piece's moves were bounded");
                    piece_moves(rules, pos, view, kind, from, &mut self.listed);
                    bound
                }
                Segment::BoundedListing { which, bound } => {
                    let view = self.view.as_ref().expect("a special was bounded");
                    which.find(rules, pos, view, &mut self.listed);
                    bound
                }
                _ => continue,
            };
            self.bounded_listed(rules, pos, s, start, bound, 0);
        }
        if self.total == 0 && self.pass_if_none {
            return Some(vec![Action::Pass]);
        }
        Some(
            (0..self.total)
                .map(|i| self.at(rules, pos, i).expect("every segment is exact"))
                .collect(),
        )
    }

    /// Ends the run of listed actions so far, if it has any.
    fn close(&mut self) {
        let end = self.listed.len();
        if end > self.closed {
            self.push(Segment::Listed { start: self.closed }, end - self.closed);
            self.closed = end;
        }
    }

    /// Adds a segment of `n` indices to the plan.
    fn push(&mut self, segment: Segment, n: usize) {
        self.segments.push(segment);
        self.sizes.push(n);
        self.total += n;
    }
}

/// Lists the moves of the piece on `from` onto each of `squares` alone (`square_moves`),
/// asserting there is at most one onto each: what a rejection draw's square indices can give
/// (`Sampler::rejection_outcomes`).
fn list_square_moves(
    rules: &Rules,
    pos: &Position,
    view: &mut View,
    kind: Kind,
    from: Square,
    squares: Bitboard,
    out: &mut Vec<Action>,
) {
    for to in squares {
        let before = out.len();
        square_moves(rules, pos, view, kind, from, to, out);
        assert!(
            out.len() - before <= 1,
            "two moves onto {to} in {}",
            pos.to_text(rules)
        );
    }
}

/// One kind's indices in a `Segment::PlainKinds`: `per` (the kind's `reach_max`) for each of
/// its pieces, in square order.
#[derive(Clone, Copy)]
struct PlainKind {
    kind: Kind,
    pieces: Bitboard,
    per: usize,
}

impl PlainKind {
    fn of(rules: &Rules, pos: &Position, side: crate::side::Side, kind: Kind) -> PlainKind {
        PlainKind {
            kind,
            pieces: pos.pieces(side, kind),
            per: rules.info(side, kind).reach_max as usize,
        }
    }

    /// How many indices the kind has.
    fn indices(self) -> usize {
        self.pieces.count() as usize * self.per
    }
}

/// The kind of `side` in `kinds` (a bit mask by kind index) whose indices of a
/// `Segment::PlainKinds` hold index `i`; `i` becomes the index within that kind's. Panics if
/// there are not that many.
fn nth_plain_kind(
    rules: &Rules,
    pos: &Position,
    side: crate::side::Side,
    kinds: u16,
    i: &mut usize,
) -> PlainKind {
    for kind in crate::rules::kinds_in(kinds) {
        let plain = PlainKind::of(rules, pos, side, kind);
        if *i < plain.indices() {
            return plain;
        }
        *i -= plain.indices();
    }
    unreachable!("the kinds' indices were counted")
}

/// The `i`th of the squares `squares_of` gives the kinds in `kinds` (a bit mask by kind index),
/// kind by kind, each kind's in index order, with its kind. Panics if there are not that many.
fn nth_by_kind(
    kinds: u16,
    mut i: usize,
    squares_of: impl Fn(Kind) -> Bitboard,
    per_square: impl Fn(Kind) -> usize,
) -> (Kind, Square, usize) {
    for kind in crate::rules::kinds_in(kinds) {
        let squares = squares_of(kind);
        let per = per_square(kind);
        let c = squares.count() as usize * per;
        if i < c {
            let to = { squares }.nth(i / per).expect("i is below the count");
            return (kind, to, i % per);
        }
        i -= c;
    }
    unreachable!("the kinds' squares were counted")
}

/// Whether `Sampler::random_action` draws by rejection in `pos`: in a turn's first phase, not a
/// dying move.
fn rejection_applies(pos: &Position) -> bool {
    let phase = match pos.phase() {
        Phase::Start => true,
        // The partners' moves after the Self's concert move (no stepping stone's second move).
        Phase::Second {
            stone: None,
            concert: Some(_),
        } => pos.lifted().is_none(),
        _ => false,
    };
    phase && !pos.is_game_over() && pos.dying() != Some(pos.turn())
}

impl Sink for Sampler {
    fn is_empty(&self) -> bool {
        // `total` counts the closed segments; `listed` holds any action found since.
        self.total == 0 && self.listed.is_empty()
    }

    fn pass(&mut self, pos: &Position) {
        if self.bounded && passing::hangs_on_others(pos) {
            self.pass_if_none = true;
        } else {
            let others = !Sink::is_empty(self);
            passing::pass(pos, others, &mut self.listed);
        }
    }

    fn clear(&mut self) {
        self.pass_if_none = false;
        self.segments.clear();
        self.sizes.clear();
        self.listed.clear();
        self.closed = 0;
        self.total = 0;
        self.view = None;
    }

    fn list(&mut self) -> &mut Vec<Action> {
        &mut self.listed
    }

    fn piece(&mut self, rules: &Rules, pos: &Position, view: &View, kind: Kind, from: Square) {
        self.close();
        let bound = if self.bounded {
            piece_move_bound(rules, pos, view, kind, from, &mut self.scratch)
        } else {
            MoveBound::Exact(piece_move_count(
                rules,
                pos,
                view,
                kind,
                from,
                &mut self.scratch,
            ))
        };
        let (segment, n) = match bound {
            MoveBound::Exact(n) => (Segment::Piece { kind, from, n }, n),
            MoveBound::AtMost(bound) => (Segment::BoundedPiece { kind, from, bound }, bound),
            MoveBound::OnePerSquare(squares) => (
                Segment::PieceSquares {
                    kind,
                    from,
                    squares,
                },
                squares.count() as usize,
            ),
        };
        if n > 0 {
            if self.view.is_none() {
                self.view = Some(view.clone());
            }
            self.push(segment, n);
        }
    }

    fn pieces(&mut self, rules: &Rules, pos: &Position, view: &View, kinds: u16) {
        let side = view.side;
        // Kinds whose pieces are all plain share one segment (`Segment::PlainKinds`).
        let plain = if self.bounded && !view.stone_move {
            rules.kinds_with(side, Aspect::SquareBounded)
        } else {
            0
        };
        let (mut plain_kinds, mut plain_n) = (0u16, 0);
        for k in crate::rules::kinds_in(kinds) {
            let pieces = pos.pieces(side, k);
            if pieces.is_empty() {
                continue;
            }
            if plain & (1 << k.0) != 0 && !open_beside_squares(rules, view, k, pieces) {
                plain_kinds |= 1 << k.0;
                plain_n += PlainKind::of(rules, pos, side, k).indices();
            } else {
                for from in pieces {
                    self.piece(rules, pos, view, k, from);
                }
            }
        }
        if plain_kinds != 0 {
            self.close();
            if self.view.is_none() {
                self.view = Some(view.clone());
            }
            self.push(Segment::PlainKinds { kinds: plain_kinds }, plain_n);
        }
    }

    fn listing(&mut self, which: Listing, rules: &Rules, pos: &Position, view: &View) {
        match self
            .bounded
            .then(|| which.bound(rules, pos, view))
            .flatten()
        {
            Some(0) => {}
            Some(bound) => {
                self.close();
                if self.view.is_none() {
                    self.view = Some(view.clone());
                }
                self.push(Segment::BoundedListing { which, bound }, bound);
            }
            // An exact plan counts each kind's placements (`Segment::Placements`).
            None => which.find(rules, pos, view, self),
        }
    }

    fn place(&mut self, _rules: &Rules, _side: Side, kind: Kind, squares: Bitboard, faces: u8) {
        self.close();
        let n = squares.count() as usize * faces as usize;
        self.placing[kind.index()] = squares;
        // Kinds placed one after another share one segment.
        if let Some(Segment::Placements { kinds }) = self.segments.last_mut() {
            *kinds |= 1 << kind.0;
            *self.sizes.last_mut().expect("a size for each segment") += n;
            self.total += n;
        } else {
            self.push(Segment::Placements { kinds: 1 << kind.0 }, n);
        }
    }

    fn withdrawals(&mut self, pos: &Position, kinds: u16, here: Bitboard) {
        let n = (pos.pieces_of(pos.turn(), kinds) & here).count() as usize;
        if n > 0 {
            self.close();
            self.push(Segment::Withdrawals { kinds, here }, n);
        }
    }
}
