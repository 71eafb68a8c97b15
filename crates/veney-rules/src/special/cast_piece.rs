//! Cast Piece (§2.0.18, devices): "Into a rare empty measure between the two players' Self
//! pieces, excluding the allowed presence of the free engagement, one may throw their own
//! Lantern, Cloak, or Dagger piece to initiate an effect. This move is made irrespective of normal
//! movement or range constraints … The piece may be used for this casting by picking it up off
//! the board or from reserve, but never from discard. Casting Lantern or Dagger in concert with a
//! Self move is allowed." "If the piece falls outside the empty measure, it is lost with no
//! effect." "In the square where the cast piece landed, the players notate … a cast-square … The
//! cast piece is then discarded."
//! - Fire Dance (Lantern): "Any one of the caster's pieces which enter the cast-square may make a
//!   double-move from that space as if by stepping stone … Use of the cast-square is voluntary
//!   and unlimited."
//! - Obscurant Chaos (Cloak): "Immediately upon casting, the caster is allowed to completely
//!   reposition their Self piece and one blade anywhere on their side of the board and behind the
//!   step the cast Cloak landed in … but without taking pieces. On future turns, any one of the
//!   opponent's technical pieces which enter the cast-square can be immediately lost to discard if
//!   the caster invokes it … at which time the caster may once again completely reposition their
//!   Self and a blade piece …, but this time able to take pieces via the repositioning. However,
//!   this rearrangement of criticals counts as the caster's turn … After one use, the cast-square
//!   is spent".
//! - Shima (Dagger): "All reserved pieces except Daggers and engagements are discarded, and the
//!   players continue with what is already on the board. Additionally, retreat and reset are now
//!   impossible, and drawing the game is not an option; an attempt to draw by agreement or pass
//!   repetition is now equivalent to both players losing. … if the caster later enters the
//!   cast-square with the Self, they may reclaim their Dagger and place it on the board
//!   immediately."
//!
//! Ruling R-CAST: the cast is an action naming the piece (from the board or reserve) and the empty
//! measure; where it lands is drawn by the game's seeded generator (`Landing::draw`: a point
//! uniform over the measure and a 0.4-square margin around it, so about 69 % of casts land inside)
//! or entered from the real toss, and written `~L @X10` (`@out` when it falls outside). The app
//! animates the exact point. The invocation of the Obscurant Chaos trap is an action of the
//! caster at the start of their turn while an opposing technical piece stands on the square, or
//! interrupting the opponent's turn still open after such a move (`Game::interrupt`); the
//! repositioning after it may take, by the moved piece's ordinary relations, and with nothing
//! repositioned the caster may make a normal turn instead (`may_turn_instead`). Under
//! Shima the second pass in a row (a declaration or glare with no move included), a draw by
//! agreement or by no contest is a double checkmate. The caster's Self entering the Shima square
//! reclaims the Dagger to reserve; on the turn's first move it may be placed next to the Self at
//! once, as the turn's second move (`Phase::Reclaim`), or instead the other second move still
//! open is made; otherwise it is placed on a later turn.
use crate::action::Action;
use crate::bitboard::Bitboard;
pub use crate::device::{Device, Landing, Reposition};
use crate::measure::Measure;
use crate::piece_set::Kind;
use crate::position::{Phase, Position};
use crate::rules::Rules;
use crate::side::Side;
pub use crate::special::dagger_throw::chaos_area;
use crate::square::Square;

/// The empty measures between the two Selves (the free engagement allowed, a Donkey not).
pub fn empty_measures(rules: &Rules, pos: &Position) -> Vec<Measure> {
    let (Some(a), Some(b)) = (
        pos.life_measure(rules, Side::White),
        pos.life_measure(rules, Side::Black),
    ) else {
        return Vec::new();
    };
    let (lo, hi) = (a.0.min(b.0), a.0.max(b.0));
    let pieces = filling(pos);
    (lo + 1..hi)
        .map(Measure)
        .filter(|m| (m.squares() & pieces).is_empty())
        .collect()
}

/// What keeps a measure from being empty for a cast: any piece, and a Donkey, which "has the
/// same [non]interaction mechanics as a Ruin" (§2.0.23) — all but the free engagement, "the
/// allowed presence" (§2.0.18).
fn filling(pos: &Position) -> crate::bitboard::Bitboard {
    pos.occupied_by(Side::White)
        | pos.occupied_by(Side::Black)
        | crate::special::donkey::squares(pos)
}

/// The empty measure between the two Selves nearest `side`'s Self (R-CAST: "cast toward the
/// empty measure between the Selves nearest the caster"): counted from the caster's own Self's
/// measure, whichever end of the board that is (a review found White aiming at the lowest
/// measure whatever, beside the opposing Self once the Selves had passed each other).
pub(crate) fn nearest_empty_measure(rules: &Rules, pos: &Position, side: Side) -> Option<Measure> {
    let (Some(own), Some(other)) = (
        pos.life_measure(rules, side),
        pos.life_measure(rules, !side),
    ) else {
        return None;
    };
    let (lo, hi) = (own.0.min(other.0), own.0.max(other.0));
    let pieces = filling(pos);
    let empty = |m: &Measure| (m.squares() & pieces).is_empty();
    if own.0 <= other.0 {
        (lo + 1..hi).map(Measure).find(empty)
    } else {
        (lo + 1..hi).rev().map(Measure).find(empty)
    }
}

/// The casts open now: `concert_only` for the second move of a Self move (Lantern, Dagger).
pub(crate) fn casts(rules: &Rules, pos: &Position, concert_only: bool, out: &mut Vec<Action>) {
    let side = pos.turn();
    let casters = rules.kinds_with(side, crate::rules::Aspect::Cast);
    // Not unless the players agreed to the more obscure devices (§2.0.19 step 1).
    if casters == 0 || !rules.options.devices {
        return;
    }
    // Aimed at the empty measure nearest the caster; a landing in any empty measure between the
    // Selves counts (ruling R-CAST).
    let Some(m) = nearest_empty_measure(rules, pos, side) else {
        return;
    };
    // A blade pinned under a Cloak is not among its side's pieces on the board: it cannot be
    // cast. A capturing Cloak can: §2.0.18 casts "from the board or reserve" and excludes none;
    // the blade it held stays, free (R-BLADE-CAPTURE; refused until session 38).
    for k in crate::rules::kinds_in(casters) {
        let device = rules.info(side, k).cast.expect("a caster has a device");
        if concert_only && device == Device::ObscurantChaos {
            continue;
        }
        // Nor is the only remaining blade cast from the board: it is discarded wherever it
        // lands, and its loss is the game's ("The loss of these is what results in a game
        // over", §2.0.VI) — refused as its withdrawal is (R-WITHDRAW, R-CAST).
        let last_blade = rules.is_blade(side, k)
            && crate::special::disarm::blades_on_board(rules, pos, side) <= 1;
        for from in pos.pieces(side, k) {
            if !last_blade {
                out.push(Action::Cast {
                    kind: k,
                    from: Some(from),
                    measure: m.0,
                });
            }
        }
        if !concert_only
            && pos.reserve(side, k) > 0
            && pos.in_play(side, k) < rules.info(side, k).max_on_board
        {
            out.push(Action::Cast {
                kind: k,
                from: None,
                measure: m.0,
            });
        }
    }
}

/// The landings offered for the pending cast: each square of the measure, and outside. Any
/// landing in the measure is accepted (`accepts`).
pub(crate) fn landings(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    if let Phase::Cast { .. } = pos.phase() {
        for m in empty_measures(rules, pos) {
            for sq in m.squares() {
                out.push(Action::Land(Landing::on(Some(sq))));
            }
        }
        out.push(Action::Land(Landing::on(None)));
    }
}

/// Whether `l` is a possible landing of the pending cast: outside, or in an empty measure
/// between the Selves.
pub fn accepts(rules: &Rules, pos: &Position, l: Landing) -> bool {
    match pos.phase() {
        Phase::Cast { .. } => {
            l.at.is_none_or(|sq| empty_measures(rules, pos).contains(&Measure::of(sq)))
        }
        _ => false,
    }
}

/// Plays the cast: the piece leaves the board or reserve; the landing follows.
pub(crate) fn cast(pos: &mut Position, kind: Kind, from: Option<Square>, measure: u8) {
    let side = pos.turn;
    match from {
        Some(sq) => {
            pos.remove(side, kind, sq);
            // A Cloak cast from a capture leaves the blade there, free, as its withdrawal does
            // (R-BLADE-CAPTURE).
            if crate::special::blade_capture::pinned_at(pos, !side, sq).is_some() {
                crate::special::blade_capture::release(pos, !side, sq);
            }
        }
        None => pos.reserve[side.index()][kind.index()] -= 1,
    }
    pos.phase = Phase::Cast { kind, measure };
}

/// Resolves the landing. Returns whether the turn goes on (Obscurant Chaos repositioning).
pub(crate) fn land(rules: &Rules, pos: &mut Position, l: Landing) -> bool {
    let side = pos.turn;
    let Phase::Cast { kind, .. } = pos.phase else {
        return false;
    };
    pos.discard[side.index()][kind.index()] += 1;
    let Some(sq) = l.at else {
        return false;
    };
    let Some(device) = rules.info(side, kind).cast else {
        return false;
    };
    // A cast onto one of the caster's cast-squares of the same device makes that square again:
    // an Obscurant Chaos square used before is a trap once more (ruling R-CAST).
    pos.casts[side.index()][device.index()].set(sq);
    if device == Device::ObscurantChaos {
        pos.chaos_spent[side.index()].clear(sq);
    }
    match device {
        Device::FireDance => false,
        Device::Shima => {
            pos.shima = true;
            discard_reserves(rules, pos);
            false
        }
        Device::ObscurantChaos => {
            pos.reposition = Some(Reposition {
                behind: sq.step(),
                takes: false,
            });
            pos.phase = Phase::Distraction {
                life: false,
                blade: false,
            };
            !crate::special::dagger_throw::repositions(rules, pos).is_empty()
        }
    }
}

/// `side`'s Fire Dance squares.
pub fn fire_squares(pos: &Position, side: Side) -> Bitboard {
    pos.casts[side.index()][Device::FireDance.index()]
}

/// The invocations of Obscurant Chaos traps open now: one for each unspent square holding an
/// opposing technical piece.
pub(crate) fn invocation(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    let side = pos.turn();
    for sq in pos.chaos_traps(side) & pos.by_side[(!side).index()] {
        if let Some((s, k)) = pos.piece_at(sq)
            && springs_on(rules, pos, side, s, k, sq)
        {
            out.push(Action::Invoke { at: sq });
        }
    }
}

/// Whether `caster`'s Obscurant Chaos trap springs on `owner`'s piece of kind `k` on `sq`: a
/// technical piece, but not a Cloak holding one of the caster's blades, which its owner removes
/// only by freeing the blade (§2.0.06 FAQ: not "with an attack from another piece"; ruling
/// R-CAST).
fn springs_on(
    rules: &Rules,
    pos: &Position,
    caster: Side,
    owner: Side,
    k: Kind,
    sq: Square,
) -> bool {
    rules.set(owner).piece(k).def.category == crate::piece_def::Category::Technical
        && !crate::special::blade_capture::untouchable(pos, caster).contains(sq)
}

/// The trap sprung mid-turn (§2.0.18: "including if the opponent has just taken a piece or
/// placed their own piece on that square, or even interrupting a double-move in process"): while
/// the opponent's turn is still open after a move that left one of its technical pieces on the
/// caster's unspent Obscurant Chaos square, the caster may interrupt (ruling R-CAST). The squares
/// (several when the opponent's pieces stand on several of the caster's traps: the caster
/// chooses, `Game::interrupt_at`).
pub fn interrupt_squares(rules: &Rules, pos: &Position) -> Bitboard {
    if pos.is_game_over() || pos.at_turn_start() {
        return Bitboard::EMPTY;
    }
    if !matches!(
        pos.phase(),
        Phase::Second { .. } | Phase::Glare | Phase::Hirakamae { .. } | Phase::Reclaim { .. }
    ) {
        return Bitboard::EMPTY;
    }
    let caster = !pos.turn();
    let mut out = Bitboard::EMPTY;
    for sq in pos.chaos_traps(caster) & pos.by_side[pos.turn().index()] {
        if pos
            .piece_at(sq)
            .is_some_and(|(s, k)| springs_on(rules, pos, caster, s, k, sq))
        {
            out.set(sq);
        }
    }
    out
}

/// The first of `interrupt_squares`, if any.
pub fn interrupt_square(rules: &Rules, pos: &Position) -> Option<Square> {
    interrupt_squares(rules, pos).first()
}

/// Plays the invocation: the technical piece is lost; the caster repositions, taking, or makes a
/// normal turn instead (`may_turn_instead`).
pub(crate) fn invoke(pos: &mut Position, at: Square) {
    let side = pos.turn;
    if let Some((s, k)) = pos.piece_at(at) {
        pos.remove(s, k, at);
        pos.discard[s.index()][k.index()] += 1;
    }
    pos.chaos_spent[side.index()].set(at);
    pos.reposition = Some(Reposition {
        behind: at.step(),
        takes: true,
    });
    pos.phase = Phase::Distraction {
        life: false,
        blade: false,
    };
}

/// Shima's reclaim when the caster's Self stands on the Shima square after an action that did
/// not open `Phase::Reclaim` (a second move, a Feign or Shift, a repositioning, a move ending
/// Hirakamae): the Dagger comes back to reserve, to be placed on a later turn — placing it now
/// would be a move beyond the turn's "maximum of one or two moves" (§2.0.15). (After a move
/// ending Hirakamae, the first of the turn, the text would allow the placement as the second
/// move; it is not offered: RULINGS, R-HIRAKAMAE, "noted and left".)
/// The Self must have entered the square by the action: `before` is where it stood before.
#[inline]
pub(crate) fn reclaim_on_entry(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    before: Option<Square>,
) {
    let shima = pos.casts[side.index()][Device::Shima.index()];
    if shima.is_empty() {
        return;
    }
    if let Some(sq) = pos.life_square(rules, side)
        && shima.contains(sq)
        && before != Some(sq)
    {
        reclaim(rules, pos, side, sq, None, None, false);
    }
}

/// Whether the caster may make a normal turn instead of the invocation's repositioning: nothing
/// repositioned yet after the Obscurant Chaos invocation (§2.0.18: "this rearrangement of
/// criticals counts as the caster's turn; it might be performed only with the Self or opted out
/// of entirely to instead make a normal move or double-move"; ruling R-CAST). Not once a piece
/// is repositioned — "it's all one move, but incidentally it can never be linked to further
/// moves on one turn" (§2.0.15) — nor after the cast's own repositioning or a throw's
/// distraction, which are not the invocation. The turn's actions are then those of a turn's
/// start that `opens_normal_turn` keeps (`movegen` lists them).
pub(crate) fn may_turn_instead(pos: &Position) -> bool {
    matches!(
        pos.phase(),
        Phase::Distraction {
            life: false,
            blade: false
        }
    ) && pos.reposition.is_some_and(|r| r.takes)
}

/// Whether `a`, an action of a turn's start, may open the normal turn made instead of the
/// invocation's repositioning (`may_turn_instead`): a move (a placement, a withdrawal, a throw or
/// cast among them, §2.0.15) or a meta-move a normal turn may open with (§2.0.05); not a pass,
/// nor a retreat, reset or the Donkey's placement, which are whole turns but no move of a piece.
pub(crate) fn opens_normal_turn(a: &Action) -> bool {
    (a.counts_as_move() || matches!(a, Action::Meta(_)))
        && !matches!(
            a,
            Action::Retreat
                | Action::QuibbleReset
                | Action::Invoke { .. }
                | Action::PlaceDonkey { .. }
        )
}

/// Shima's reclaim: after the caster's Self enters the Shima square, on any move of the turn,
/// the Dagger comes back to reserve ("if the caster later enters the cast-square with the Self,
/// they may reclaim their Dagger and place it on the board immediately", §2.0.18). With
/// `place_now` (the Self's move was the turn's first) it may be placed as the turn's second move
/// (`Phase::Reclaim`), or instead the second move still open after the Self's (`stone`,
/// `concert`) is made; after a second move it waits in reserve (no third move, §2.0.15).
/// Returns whether the phase became `Reclaim`.
pub(crate) fn after_self_move(
    rules: &Rules,
    pos: &mut Position,
    to: Square,
    stone: Option<Square>,
    concert: Option<Square>,
    place_now: bool,
) -> bool {
    let side = pos.turn;
    reclaim(rules, pos, side, to, stone, concert, place_now)
}

/// `after_self_move` for `side`'s Self on `to` (the turn may have passed already).
fn reclaim(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    to: Square,
    stone: Option<Square>,
    concert: Option<Square>,
    place_now: bool,
) -> bool {
    if !pos.casts[side.index()][Device::Shima.index()].contains(to) {
        return false;
    }
    let Some(k) = rules
        .set(side)
        .kinds()
        .find(|&k| rules.info(side, k).cast == Some(Device::Shima))
    else {
        return false;
    };
    if pos.discard[side.index()][k.index()] == 0 {
        return false;
    }
    pos.discard[side.index()][k.index()] -= 1;
    pos.reserve[side.index()][k.index()] += 1;
    // That square's Dagger is back; another Shima square keeps its own (§2.0.18).
    pos.casts[side.index()][Device::Shima.index()].clear(to);
    if place_now {
        pos.phase = Phase::Reclaim { stone, concert };
    }
    place_now
}

/// The reclaimed Dagger's placements: next to the Self, as any placement (§2.0.13): within its
/// range constraint and not into a measure the opponent's Presence bars (§2.0.11; a review
/// found the Dagger placed there).
pub(crate) fn reclaim_places(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    let side = pos.turn();
    let Some(life) = pos.life_square(rules, side) else {
        return;
    };
    if let Some(k) = rules
        .set(side)
        .kinds()
        .find(|&k| rules.info(side, k).cast == Some(Device::Shima))
        && pos.reserve(side, k) > 0
        && pos.in_play(side, k) < rules.info(side, k).max_on_board
    {
        let open = Bitboard::adjacent(life)
            & !pos.occupied()
            & !crate::special::presence::barred(rules, pos, !side)
            & crate::constraint::zone_of(rules, pos, side, k);
        for to in open {
            for i in 0..crate::placement::facings(rules, side, k) {
                out.push(crate::placement::place_action(rules, side, k, to, i));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruling R-CAST: a cast is aimed at the empty measure between the Selves nearest the
    /// caster — the first of `empty_measures` for White, the last for Black — with two empty
    /// measures between the Selves, one (the other holding an engagement), none, and in
    /// positions along seeded random games.
    #[test]
    fn a_cast_aims_at_the_nearest_empty_measure() {
        let rules = Rules::standard();
        let mut positions: Vec<Position> = [
            "4/4/4/bswc/4/4/4/4/4/4/4/4/CWSB/4/4/4 w EEEEDGLJR/eeeedgljr",
            "4/4/4/bswc/4/4/4/4/4/4/4/E3/CWSB/4/4/4 w EEEDGLJR/eeeedgljr",
            "4/4/4/bswc/4/1e2/4/4/4/4/4/4/CWSB/4/4/4 b EEEEDGLJR/eeedgljr",
            "4/4/4/bswc/eeee/4/4/4/4/4/4/EEEE/CWSB/4/4/4 w DGLJR/dgljr",
            // The Selves passed each other: White's on X15, Black's on X2.
            "4/1SW1/4/4/4/4/4/4/4/4/4/4/4/4/1sw1/4 w EEEECD/eeeelcd",
        ]
        .iter()
        .map(|t| Position::from_text(&rules, t).unwrap())
        .collect();
        // And positions along a seeded random game.
        let mut pos = Position::start(&rules);
        let mut rng = crate::rng::seeded(7);
        for _ in 0..600 {
            let list = pos.legal_actions(&rules);
            if pos.is_game_over() || list.is_empty() {
                break;
            }
            pos.play_unchecked(
                &rules,
                list[rand::Rng::random_range(&mut rng, 0..list.len())],
            );
            positions.push(pos);
        }
        let mut counts = Vec::new();
        for pos in &positions {
            let all = empty_measures(&rules, pos);
            counts.push(all.len());
            for side in Side::ALL {
                // Counted from the caster's own Self.
                let own = pos.life_measure(&rules, side).map(|m| m.0);
                let other = pos.life_measure(&rules, !side).map(|m| m.0);
                let want = if own <= other {
                    all.first()
                } else {
                    all.last()
                };
                let got = nearest_empty_measure(&rules, pos, side);
                assert_eq!(
                    got.map(|m| m.0),
                    want.map(|m| m.0),
                    "{}",
                    pos.to_text(&rules)
                );
            }
        }
        assert_eq!(&counts[..5], &[2, 1, 1, 0, 2]);
        // Passed each other, White aims at the measure beside its own Self (steps 9–12), Black
        // at the one beside its own (steps 5–8).
        let passed = &positions[4];
        assert_eq!(
            nearest_empty_measure(&rules, passed, Side::White),
            Some(Measure(2))
        );
        assert_eq!(
            nearest_empty_measure(&rules, passed, Side::Black),
            Some(Measure(1))
        );
    }
}

/// Shima: "All reserved pieces except Daggers and engagements are discarded, and the players
/// continue with what is already on the board" (§2.0.18) — as it lands, and after every action
/// under it: a piece fended into reserve later is discarded too (R-SHIMA-RESERVE; a review found
/// a Balance fended after Shima placed again).
pub(crate) fn discard_reserves(rules: &Rules, pos: &mut Position) {
    for s in Side::ALL {
        let kept = rules.kept_under_shima(s);
        for k in rules.set(s).kinds() {
            if kept & (1 << k.index()) == 0 {
                let n = pos.reserve[s.index()][k.index()];
                pos.reserve[s.index()][k.index()] = 0;
                pos.discard[s.index()][k.index()] += n;
            }
        }
    }
}
