//! Attacks: the squares a piece attacks by its own pattern on the current board (leaps and
//! slides that may attack, stopping at the first piece it may not pass). Disarm condition B
//! (§2.0.14), Intention (§2.0.11) and the app's threat overlay read it.
use crate::bitboard::Bitboard;
use crate::piece_set::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// The squares `side`'s piece of kind `k` on `from` attacks by its own pattern on this board
/// (leaps and slides that may attack, stopping at the first piece it may not pass).
pub fn attacks(rules: &Rules, pos: &Position, side: Side, k: Kind, from: Square) -> Bitboard {
    attacks_past(rules, pos, side, k, from, Bitboard::EMPTY)
}

/// `attacks`, with the squares of `past` neither stopping a slide nor attacked: the Self's new
/// square for its concert partner's strike (R-CONCERT: the partners move "past the Self's new
/// square as if it were not there").
pub(crate) fn attacks_past(
    rules: &Rules,
    pos: &Position,
    side: Side,
    k: Kind,
    from: Square,
    past: Bitboard,
) -> Bitboard {
    use crate::piece_def::{Jump, Mode};
    let piece = rules.set(side).piece(k);
    let tables = piece.tables_for(side, pos.facing(from));
    // No piece leaps over the Donkey (§2.0.23), by a leap's path as by a slide.
    let donkeys_on = crate::special::donkey::squares(pos);
    let lp = tables.leaps_open(from, pos.life_square(rules, side), donkeys_on);
    let mut out = Bitboard(lp.both | lp.attack_only);
    // What stops a slide, by its jump policy (one bit scan per ray): any piece; only the Donkey
    // ("no piece can leap over it", §2.0.23); or the Donkey and any piece but the mover's own,
    // its Self excepted.
    let occupied = pos.occupied().0 & !past.0;
    let donkeys = donkeys_on.0;
    // Not the Self, nor a Cloak of the mover's holding a blade ("Your blade/s may not leap over
    // your Cloak while it captures", §2.0.06).
    // A possessed free engagement may be leapt by a blade (§2.0.05 "Possession also allows a
    // player to leap over the free engagement with a blade"), as the view has it.
    let possessed = pos.possessed_free(side).0;
    let blade = rules.is_blade(side, k);
    let own_leapable = (pos.occupied_by(side).0 | possessed)
        & !pos.pieces(side, rules.life(side)).0
        & !crate::special::blade_capture::holding(pos, side).0
        & !donkeys;
    for ray in tables.rays_from(from) {
        if ray.mode == Mode::MoveOnly {
            continue;
        }
        let stop = match ray.jump {
            Jump::Nothing if blade => occupied & !possessed,
            Jump::Nothing => occupied,
            Jump::Anything => occupied & donkeys,
            Jump::OwnExceptSelf => occupied & !own_leapable,
        };
        out |= Bitboard(ray.reach(stop) & ray.landing);
    }
    if piece.anywhere.is_some_and(|mode| mode != Mode::MoveOnly) {
        out |= !Bitboard::from_square(from);
    }
    out & !past
}

/// Every (attacker, opposing Self) pair, for both sides, where a piece with checkmate privilege
/// attacks the opposing Self's square by its own pattern within its range constraint (§2.0.01,
/// §2.0.20): a threat of checkmate by touch on that side's next turn. What the app's threat
/// overlay draws; whether the take is legal then is for the move generator to say.
pub fn threats(rules: &Rules, pos: &Position) -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    for s in Side::ALL {
        // A Self taken, its side making the dying move, is threatened no more: its square is the
        // taker's (§2.0.20, R-DYING; a review found lines drawn onto the winner's own piece).
        // The dying side's threats stand: its dying move may mate in turn.
        if pos.dying() == Some(!s) {
            continue;
        }
        let Some(target) = pos.life_square(rules, !s) else {
            continue;
        };
        for k in rules.set(s).kinds() {
            if !rules.info(s, k).privileged {
                continue;
            }
            if !crate::constraint::zone_of(rules, pos, s, k).contains(target) {
                continue;
            }
            for from in pos.pieces(s, k) {
                if attacks(rules, pos, s, k, from).contains(target) {
                    out.push((from, target));
                }
            }
        }
    }
    out
}
