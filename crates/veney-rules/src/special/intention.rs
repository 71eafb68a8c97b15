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
//! blade sees the target (its own attack pattern on this board reaches it, and its attack there
//! could fend, take, disarm or checkmate — whether or not its range constraint allows the strike
//! yet: that is the enactment's condition); any other declaration with one of your blades is
//! accepted as a bluff. Declaring is offered as the turn's first action (it then counts as a pass) or after the
//! turn's moves, never after a meta-move. On the declaring side's next turn the strike is offered
//! as its first action, or as the second after the Self moves (concert), if the same opposing piece
//! still stands on the target, the Jutsu is still on the board and the declaring blade (another
//! blade of its kind does not enact it) attacks the square within its constraint (or one step
//! beyond it when adjacent) — after the Self's concert move, where that brings it in range. The struck piece suffers what the blade's attack
//! would do (fend, take, disarm, checkmate); the blade stays; the Jutsu goes to reserve. Any
//! other move forfeits the intention; it lapses at the end of that turn.
//!
//! "Your Sword (or blade) sees the targeted piece, (either directly or by double-move)"; "If the
//! Sword would use an engagement double-move in order to reach the attacked piece in the movement
//! declared by intention, when enacted, the engagement is removed and the Sword moves to that space
//! before taking the target piece by strike." Ruling: when the blade cannot strike the target
//! directly but can step onto one of its own engagements by an ordinary move and strike from
//! there, the declaration is offered and remembers that stone (the first such square, W1 to Z16 —
//! notation does not name it; `intention=…:X5` in the position text). The enactment removes the
//! engagement to reserve, moves the blade onto its square and strikes from there, if that still
//! works; a direct strike, when it has become possible, is taken instead. The other stones of
//! §2.0.05 and §2.0.18 are routes too: the possessed free engagement (sent to the centre point),
//! an empty Fire Dance square of the blade's side, and one an opposing piece holds that the blade
//! fends, takes or disarms entering (a step that ends the game is no route). The free engagement
//! the opponent possesses is a target as an opposing piece is (`@` in the position text).
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
    pos.pieces_of(side, rules.jutsu_kinds(side))
}

/// The free engagement's square when the opponent of `side` possesses it: a target as an
/// opposing piece is ("When your Jutsu occupies the same measure or diagonal as a piece you wish
/// to target … unless your opponent moves the target piece", §2.0.11; "This shared piece",
/// moved only by its possessor, §2.0.05; every blade fends it). A review found it never a target.
fn free_target(pos: &Position, side: Side) -> Bitboard {
    pos.possessed_free(!side)
}

/// `side`'s Fire Dance squares an opposing piece holds (a stone for a blade that takes it
/// entering, `held_stones`).
fn held_fire(pos: &Position, side: Side) -> Bitboard {
    crate::special::cast_piece::fire_squares(pos, side) & pos.occupied_by(!side)
}

/// What `side` may target: the opposing pieces and the free engagement the opponent possesses,
/// where one of its Jutsu is aligned with them.
fn targets(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    (pos.occupied_by(!side) | free_target(pos, side)) & aligned_with(rules, pos, side)
}

/// The squares that share a measure or a diagonal with one of `side`'s Jutsu.
fn aligned_with(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    for j in jutsus(rules, pos, side) {
        out = out | Measure::of(j).squares() | Bitboard::diagonals(j);
    }
    out
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
    Striker::new(rules, pos, side, blade, from).strike(rules, pos, at)
}

/// What one blade's strikes depend on, worked out once for every target.
struct Striker {
    side: Side,
    blade: Kind,
    from: Square,
    /// The squares the blade attacks by its pattern.
    attacks: Bitboard,
    /// Its range-constraint zone.
    zone: Bitboard,
    /// The Cloak holding our own blade, which cannot be attacked (§2.0.06).
    untouchable: Bitboard,
}

impl Striker {
    fn new(rules: &Rules, pos: &Position, side: Side, blade: Kind, from: Square) -> Striker {
        let past = concert_past(pos, side);
        Striker {
            side,
            blade,
            from,
            attacks: crate::attacks::attacks_past(rules, pos, side, blade, from, past),
            zone: crate::constraint::zone_of(rules, pos, side, blade),
            untouchable: crate::special::blade_capture::untouchable(pos, side),
        }
    }

    /// Whether the blade sees the opposing piece on `at`, as a declaration asks ("your Sword (or
    /// blade) sees the targeted piece", §2.0.11; to see is to attack by the movement pattern,
    /// "whether or not it can actually take", §2.0.VII): its pattern on this board reaches the
    /// square and its attack there could fend, take, disarm or checkmate. Its range constraint
    /// is the enactment's ("The attacking blade otherwise cannot enact an intention outside its
    /// range constraint"), which a concert Self move may open (R-INTENTION).
    fn sees(&self, rules: &Rules, pos: &Position, at: Square) -> bool {
        if !self.attacks.contains(at) || self.untouchable.contains(at) {
            return false;
        }
        if free_target(pos, self.side).contains(at) {
            return true;
        }
        match pos.piece_at(at) {
            Some((owner, target)) if owner != self.side => matches!(
                rules.relation(self.side, self.blade, target),
                Relation::Fend | Relation::Take | Relation::Checkmate | Relation::Disarm
            ),
            _ => false,
        }
    }

    /// Whether the blade may use the square `at` of its side's Fire Dance, held by an opposing
    /// piece, as a stepping stone: it enters it within its constraint by taking it — fending,
    /// taking or disarming it ("even in conjunction with taking an opponent's piece on that
    /// square", §2.0.18; "There are two different kinds of 'taking' a piece in this game: take
    /// and fend", §2.0.VII). A checkmate there is no route: it ends the game (R-INTENTION).
    fn takes_entering(&self, rules: &Rules, pos: &Position, at: Square) -> bool {
        self.zone.contains(at)
            && matches!(
                self.strike(rules, pos, at),
                Some(Effect::Fend(_) | Effect::Take(_) | Effect::Disarm(_))
            )
    }

    /// What the strike on `at` does, if the blade may strike it.
    fn strike(&self, rules: &Rules, pos: &Position, at: Square) -> Option<Effect> {
        if !self.attacks.contains(at) {
            return None;
        }
        let adjacent = Bitboard::adjacent(self.from).contains(at);
        let beyond_by_one = (Bitboard::adjacent(at) & self.zone).any();
        let in_reach = self.zone.contains(at) || adjacent && beyond_by_one;
        // The free engagement the opponent possesses is fended (§2.0.05).
        if free_target(pos, self.side).contains(at) {
            return in_reach.then_some(Effect::FendFree);
        }
        let (owner, target) = pos.piece_at(at)?;
        if owner == self.side || self.untouchable.contains(at) || !in_reach {
            return None;
        }
        let (side, blade) = (self.side, self.blade);
        match rules.relation(side, blade, target) {
            Relation::Fend => Some(Effect::Fend(target)),
            Relation::Take => Some(Effect::Take(target)),
            Relation::Checkmate => Some(Effect::Checkmate),
            Relation::Disarm => {
                crate::special::disarm::disarms(rules, pos, side, blade, target, at, || {
                    crate::special::disarm::disadvantaged_squares(rules, pos, side)
                })
                .then_some(Effect::Disarm(target))
            }
            _ => None,
        }
    }
}

/// The stepping stone through which `side`'s blade on `from` could strike `at`: an own
/// engagement it reaches by an ordinary move (a stepping stone), from whose square the strike
/// works (§2.0.11 "either directly or by double-move").
pub fn stone_route(
    rules: &Rules,
    pos: &Position,
    side: Side,
    blade: Kind,
    from: Square,
    at: Square,
) -> Option<Square> {
    first_stone(rules, pos, side, blade, from, |after, stone| {
        strike(rules, after, side, blade, stone, at).is_some()
    })
}

/// The first own engagement the blade on `from` reaches by an ordinary move (W1 to Z16) from
/// which, once stepped onto, `works` holds.
fn first_stone(
    rules: &Rules,
    pos: &Position,
    side: Side,
    blade: Kind,
    from: Square,
    works: impl Fn(&Position, Square) -> bool,
) -> Option<Square> {
    reachable_stones(rules, pos, side, blade, from)
        .into_iter()
        .find(|&stone| {
            let mut after = *pos;
            step_onto(rules, &mut after, side, blade, from, stone);
            after.outcome == pos.outcome && works(&after, stone)
        })
}

/// After the Self's move, a strike in concert goes past the Self's new square, as the partners'
/// moves do (R-CONCERT; a review found it blocked there) — its step onto a stepping stone too (a
/// later review found the strike by the remembered stone refused with the Self between).
fn concert_past(pos: &Position, side: Side) -> Bitboard {
    match pos.concert_square() {
        Some(sq) if pos.turn() == side => Bitboard::from_square(sq),
        _ => Bitboard::EMPTY,
    }
}

/// The own engagements `side`'s blade on `from` can step onto now (its pattern, within its
/// constraint; past the Self's new square in concert), and its side's empty Fire Dance squares
/// it can enter: "Any one of the caster's pieces which enter the cast-square may make a
/// double-move from that space as if by stepping stone" (§2.0.18), and the intention sees its
/// target "either directly or by double-move" (§2.0.11; a review found a strike from the
/// Fire Dance square never offered and, typed, kept as a bluff — R-INTENTION).
fn reachable_stones(
    rules: &Rules,
    pos: &Position,
    side: Side,
    blade: Kind,
    from: Square,
) -> Bitboard {
    let striker = Striker::new(rules, pos, side, blade, from);
    (stones(rules, pos, side) & striker.attacks & striker.zone)
        | held_stones(rules, pos, side, &striker)
}

/// `side`'s Fire Dance squares held by an opposing piece that the blade of `striker` enters by
/// taking it (`Striker::takes_entering`).
fn held_stones(rules: &Rules, pos: &Position, side: Side, striker: &Striker) -> Bitboard {
    held_fire(pos, side)
        .into_iter()
        .filter(|&sq| striker.takes_entering(rules, pos, sq))
        .fold(Bitboard::EMPTY, |acc, sq| acc | Bitboard::from_square(sq))
}

/// The squares `side`'s blades may use as a stepping stone: its engagements, its empty Fire
/// Dance squares, and the free engagement it possesses ("Possession also allows a player … to
/// use it for a double-move by stepping stone", §2.0.05, R-STONE-FREE; a review found an
/// intention by it kept as a bluff).
fn stones(rules: &Rules, pos: &Position, side: Side) -> Bitboard {
    let fire = crate::special::cast_piece::fire_squares(pos, side) & !pos.occupied();
    crate::constraint::engagements(rules, pos, side) | fire | pos.possessed_free(side)
}

/// The blade on `from` steps onto `stone`: its own engagement there goes to reserve (the
/// possessed free engagement to the centre point), an opposing
/// piece on its side's Fire Dance square suffers the blade's attack (`held_stones`), an empty
/// Fire Dance square is simply entered.
fn step_onto(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    blade: Kind,
    from: Square,
    stone: Square,
) {
    match pos.piece_at(stone) {
        Some((owner, _)) if owner == side => {
            crate::special::stepping_stone::spend_engagement(rules, pos, side, stone);
        }
        Some(_) => {
            let effect = strike(rules, pos, side, blade, from, stone);
            suffer(rules, pos, side, blade, stone, effect);
        }
        // The possessed free engagement returns to the centre point, as a stepping stone.
        None if pos.free_square() == Some(stone) => {
            crate::special::stepping_stone::spend_free(pos);
        }
        None => {}
    }
    pos.relocate(side, blade, from, stone);
}

/// The stepping stone from which `side`'s blade on `from` sees `at` (a declaration by
/// double-move, §2.0.11): an own engagement it reaches by an ordinary move.
fn seeing_route(
    rules: &Rules,
    pos: &Position,
    side: Side,
    blade: Kind,
    from: Square,
    at: Square,
) -> Option<Square> {
    first_stone(rules, pos, side, blade, from, |after, stone| {
        Striker::new(rules, after, side, blade, stone).sees(rules, after, at)
    })
}

/// What the strike on `at` does after the blade has stepped onto `stone`.
fn strike_via(
    rules: &Rules,
    pos: &Position,
    side: Side,
    blade: Kind,
    from: Square,
    stone: Square,
    at: Square,
) -> Option<Effect> {
    let mut after = *pos;
    step_onto(rules, &mut after, side, blade, from, stone);
    (after.outcome == pos.outcome)
        .then(|| strike(rules, &after, side, blade, stone, at))
        .flatten()
}

/// What the strike would do, directly or by a stepping stone (for the notation's `t`/`f`).
pub fn strike_any(
    rules: &Rules,
    pos: &Position,
    side: Side,
    blade: Kind,
    from: Square,
    at: Square,
) -> Option<Effect> {
    strike(rules, pos, side, blade, from, at).or_else(|| {
        let stone = stone_route(rules, pos, side, blade, from, at)?;
        strike_via(rules, pos, side, blade, from, stone, at)
    })
}

/// What a declared strike would do, for its notation (`!$tX10`): the strike's own effect where
/// it works now, else what the blade's attack on the piece it sees does — a declaration out of
/// range strikes once the range allows (R-INTENTION).
pub fn declared_effect(
    rules: &Rules,
    pos: &Position,
    side: Side,
    blade: Kind,
    from: Square,
    at: Square,
) -> Option<Effect> {
    strike_any(rules, pos, side, blade, from, at).or_else(|| {
        let striker = Striker::new(rules, pos, side, blade, from);
        let seen = striker.sees(rules, pos, at)
            || seeing_route(rules, pos, side, blade, from, at).is_some();
        if seen && free_target(pos, side).contains(at) {
            return Some(Effect::FendFree);
        }
        let (_, target) = pos.piece_at(at).filter(|_| seen)?;
        match rules.relation(side, blade, target) {
            Relation::Fend => Some(Effect::Fend(target)),
            Relation::Take => Some(Effect::Take(target)),
            Relation::Checkmate => Some(Effect::Checkmate),
            Relation::Disarm => Some(Effect::Disarm(target)),
            _ => None,
        }
    })
}

/// The tenable declarations now.
pub(crate) fn declarations(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    each_declaration(rules, pos, |a| {
        out.push(a);
        true
    });
}

/// A bound on how many declarations `declarations` lists, cheap to work out (a rejection
/// draw's, `movegen::Sampler`): one per blade on the board and opposing piece aligned with an
/// own Jutsu at most.
pub(crate) fn declaration_bound(rules: &Rules, pos: &Position) -> usize {
    let side = pos.turn();
    if pos.meta_moved() || jutsus(rules, pos, side).is_empty() {
        return 0;
    }
    let targets = targets(rules, pos, side);
    if targets.is_empty() {
        return 0;
    }
    let blades = pos.pieces_of(side, rules.blade_kinds(side)).count();
    (blades * targets.count()) as usize
}

/// Whether any declaration is tenable now.
pub(crate) fn any_declaration(rules: &Rules, pos: &Position) -> bool {
    let mut any = false;
    each_declaration(rules, pos, |_| {
        any = true;
        false
    });
    any
}

/// Each tenable declaration now, in order, until `f` returns false.
fn each_declaration(rules: &Rules, pos: &Position, mut f: impl FnMut(Action) -> bool) {
    let side = pos.turn();
    if pos.meta_moved() || jutsus(rules, pos, side).is_empty() {
        return;
    }
    let targets = targets(rules, pos, side);
    if targets.is_empty() {
        return;
    }
    // By a stepping stone: the position after stepping onto an engagement (or an empty Fire
    // Dance square, `stones`) and the blade's
    // strikes from there, worked out for a stone only when a target is within its reach, and
    // then kept for the blade's other targets (one list for every blade: allocated once).
    let mut vias: Vec<(Square, Position, Striker)> = Vec::new();
    let engagements = stones(rules, pos, side);
    // Fire Dance squares an opposing piece holds: a route for a blade that takes it entering
    // (`held_stones`, worked out per blade below); their reach counts in the cheap test too (a
    // review found a blade whose only route was one skipped, the list disagreeing with
    // `declare`).
    let held = held_fire(pos, side);
    let life = pos.life_square(rules, side);
    for k in crate::rules::kinds_in(rules.blade_kinds(side)) {
        let piece = rules.set(side).piece(k);
        let any_square = piece.anywhere.is_some() || piece.is_oriented();
        let tables = piece.tables_for(side, 0);
        // What a strike from `stone` could hit at most: the blade's pattern on an empty board
        // from it (its strikes are attacks, within that pattern) — every square for a piece
        // that strikes anywhere or turns.
        let reach = |stone: Square| {
            if any_square {
                Bitboard::FULL
            } else {
                Bitboard(tables.reach_from(stone, life))
            }
        };
        for from in pos.pieces(side, k) {
            // No target within the blade's pattern, nor within that of an engagement the
            // pattern reaches: no strike to work out.
            let near = reach(from);
            if (targets & ((engagements | held) & near).fold(near, |acc, s| acc | reach(s)))
                .is_empty()
            {
                continue;
            }
            let direct = Striker::new(rules, pos, side, k, from);
            // Own engagements the blade's pattern reaches within its constraint
            // (`reachable_stones`, from the strikes' own attacks and zone).
            let stones =
                engagements & direct.attacks & direct.zone | held_stones(rules, pos, side, &direct);
            let via_reach = stones.fold(Bitboard::EMPTY, |acc, s| acc | reach(s));
            vias.clear();
            for at in targets {
                let tenable = direct.sees(rules, pos, at)
                    || via_reach.contains(at)
                        && Iterator::any(&mut stones.into_iter(), |stone| {
                            if !reach(stone).contains(at) {
                                return false;
                            }
                            let i = match vias.iter().position(|v| v.0 == stone) {
                                Some(i) => i,
                                None => {
                                    let mut after = *pos;
                                    step_onto(rules, &mut after, side, k, from, stone);
                                    let striker = Striker::new(rules, &after, side, k, stone);
                                    vias.push((stone, after, striker));
                                    vias.len() - 1
                                }
                            };
                            let (_, after, striker) = &vias[i];
                            after.outcome == pos.outcome && striker.sees(rules, after, at)
                        });
                if tenable
                    && !f(Action::Declare {
                        kind: k,
                        from,
                        to: at,
                    })
                {
                    return;
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
    let Some(intent) = pos.intention_of(side) else {
        return;
    };
    // A bluff is never enacted (§2.0.11 "you may bluff an intention … even if it is untenable").
    if intent.side != side || intent.fresh || intent.bluff {
        return;
    }
    if !intent.stands(pos) || jutsus(rules, pos, side).is_empty() {
        return;
    }
    // The declaring blade (followed should it move: `turn.rs`); another blade of its kind does
    // not enact it.
    let from = intent.from;
    if pos.piece_at(from) == Some((side, intent.kind))
        && (strike(rules, pos, side, intent.kind, from, intent.to).is_some()
            || via_still_open(rules, pos, &intent, from))
    {
        out.push(Action::Enact {
            kind: intent.kind,
            from,
            to: intent.to,
        });
    }
}

/// Whether the declared stepping stone still carries the blade on `from` to its strike.
fn via_still_open(rules: &Rules, pos: &Position, intent: &Intent, from: Square) -> bool {
    intent.via.is_some_and(|stone| {
        reachable_stones(rules, pos, intent.side, intent.kind, from).contains(stone)
            && strike_via(rules, pos, intent.side, intent.kind, from, stone, intent.to).is_some()
    })
}

/// Plays a declaration.
pub(crate) fn declare(rules: &Rules, pos: &mut Position, kind: Kind, from: Square, to: Square) {
    let side = pos.turn;
    // The opposing piece struck, if one stands there (a bluff may aim at an empty square or at
    // one's own piece: a kind of the declaring side's set must never be read as the other's, a
    // review found the mixed-set text writer indexing out of range).
    let target = pos.piece_at(to).filter(|&(s, _)| s != side).map(|(_, k)| k);
    let owns = pos.pieces(side, kind).contains(from);
    let direct = owns && Striker::new(rules, pos, side, kind, from).sees(rules, pos, to);
    // The route remembered: none when the blade strikes directly now; else the stone from which
    // the strike works now (an engagement one step from the target: "one step beyond its normal
    // constraints when it is adjacent"); else, when the blade does not see it directly, the
    // stone from which it sees it (a review found a direct sighting out of range hiding a stone
    // that struck at once).
    let via = if !owns || strike(rules, pos, side, kind, from, to).is_some() {
        None
    } else {
        stone_route(rules, pos, side, kind, from, to).or_else(|| {
            if direct {
                None
            } else {
                seeing_route(rules, pos, side, kind, from, to)
            }
        })
    };
    // A declaration the rules offer (the Jutsu aligned with an opposing piece, the blade seeing
    // it directly or by a stepping stone: `each_declaration`'s conditions for this one) is an
    // intention; any other is a bluff (R-INTENTION).
    let tenable = !pos.meta_moved()
        && !jutsus(rules, pos, side).is_empty()
        && targets(rules, pos, side).contains(to)
        && rules.is_blade(side, kind)
        && pos.pieces(side, kind).contains(from)
        && (direct || via.is_some());
    debug_assert_eq!(
        tenable,
        {
            let declared = Action::Declare { kind, from, to };
            let mut listed = false;
            each_declaration(rules, pos, |a| {
                listed = a == declared;
                !listed
            });
            listed
        },
        "a declaration told tenable differently from the list in {}",
        pos.to_text(rules)
    );
    pos.intention[side.index()] = Some(Intent {
        side,
        kind,
        from,
        to,
        target,
        fresh: true,
        via,
        bluff: !tenable,
    });
}

/// Plays the strike: the target suffers the blade's attack, the blade stays, the Jutsu goes to
/// reserve.
pub(crate) fn enact(rules: &Rules, pos: &mut Position, kind: Kind, from: Square, to: Square) {
    let side = pos.turn;
    let mut effect = strike(rules, pos, side, kind, from, to);
    // By the declared stepping stone: the engagement is removed (an opposing piece on a Fire
    // Dance square taken) and the blade moves onto its square before striking (§2.0.11). A
    // route is never one whose step ends the game (`first_stone`).
    if effect.is_none()
        && let Some(intent) = pos.intention_of(side)
        && via_still_open(rules, pos, &intent, from)
    {
        let stone = intent.via.expect("checked");
        step_onto(rules, pos, side, kind, from, stone);
        effect = strike(rules, pos, side, kind, stone, to);
    }
    suffer(rules, pos, side, kind, to, effect);
    if let Some(j) = jutsus(rules, pos, side).first()
        && let Some((_, jk)) = pos.piece_at(j)
    {
        pos.remove(side, jk, j);
        pos.reserve[side.index()][jk.index()] += 1;
    }
    pos.intention[side.index()] = None;
}

/// The opposing piece on `to` suffers `effect`, the attack of `side`'s blade `kind` (a strike,
/// or its entering a Fire Dance square by taking, `step_onto`).
fn suffer(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    kind: Kind,
    to: Square,
    effect: Option<Effect>,
) {
    let opp = !side;
    if let Some((_, target)) = pos.piece_at(to) {
        match effect {
            Some(Effect::Fend(_)) => {
                // §2.0.18 Shadow-Stabbing: "fending it with a blade takes the Jutsu" — the
                // strike is the blade's fend (§2.0.11: "take or fend").
                let stab =
                    crate::special::shadow_stabbing::applies(rules, pos, side, kind, target, to);
                pos.remove(opp, target, to);
                pos.reserve[opp.index()][target.index()] += 1;
                // As a move's fend or take forgets what the piece struck remembered
                // (R-LANTERN-DIRECTION; a review found a strike leaving it).
                pos.forget_direction(rules, opp, target);
                if stab {
                    crate::special::shadow_stabbing::take_jutsu(rules, pos, opp);
                }
            }
            Some(Effect::Take(_)) | Some(Effect::Disarm(_)) => {
                pos.remove(opp, target, to);
                pos.discard[opp.index()][target.index()] += 1;
                if matches!(effect, Some(Effect::Take(_))) {
                    pos.forget_direction(rules, opp, target);
                }
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
    } else if effect == Some(Effect::FendFree) && pos.free_square() == Some(to) {
        // The free engagement fended returns to the centre point (§2.0.05).
        crate::special::stepping_stone::spend_free(pos);
    }
}
