//! The Donkey (§2.0.23, optional): "In essence an additional player, The Donkey is placed without
//! restriction and has the same [non]interaction mechanics as a Ruin, but no piece can leap over
//! it, and it cannot be withdrawn. After being placed, it moves autonomously/semi-randomly on its
//! own turn following the turn of the player who placed it." Its movement: one open adjacent
//! square → there; otherwise the placer throws five stick-dice, and the number of black sticks
//! (1–5) sends it forward-left, forward, forward-right, backward-left, backward-right from the
//! placer's side (none: it stays); it fends engagements and the free engagement to move in; it
//! pushes a Self one square on (or stays if nothing is open behind it); any other piece sends it
//! the opposite way instead (and if that is blocked too, it stays); off the board it is removed.
//! "The Donkey may not be harmed."
//!
//! Ruling R-DONKEY: behind the option `donkey`, each player has one Donkey in reserve, placed as a
//! whole turn on any empty square (`K*X5`). Nothing passes over it: it blocks every slide, and a
//! leap over a path (the Cloak's) when every shortest path crosses a Donkey
//! (`Bitboard::path_blocked`); pathless moves (blinks, 3D and relational leaps) pass. Nothing can
//! land on it, and a measure holding it is not empty for a cast. After each turn
//! of its placer it moves (`K@oxoxx`, `o` a black stick; `K@-` when it had one way out), before the
//! opponent's action; the placer's sticks come from the game's seeded generator. Pushed the
//! opposite way, the same rules apply once more. Off the board it returns to its placer's reserve.
use crate::action::Action;
use crate::bitboard::Bitboard;
use crate::dice::Roll;
use crate::intersection::Intersection;
use crate::position::{FreePlace, Phase, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

/// The squares the Donkeys stand on.
pub fn squares(pos: &Position) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for s in pos.donkey.iter().flatten() {
        b.set(*s);
    }
    b
}

/// Whether `sq` is open for the Donkey: no piece, no free engagement, no Donkey.
fn open(pos: &Position, sq: Square) -> bool {
    !pos.occupied().contains(sq)
}

/// The placements of the side's Donkey, if it is in reserve.
pub(crate) fn placements(rules: &Rules, pos: &Position, out: &mut Vec<Action>) {
    let side = pos.turn();
    if !rules.has_donkey(side) || !pos.donkey_home[side.index()] {
        return;
    }
    for to in !pos.occupied() {
        out.push(Action::PlaceDonkey { to });
    }
}

pub(crate) fn place(pos: &mut Position, to: Square) {
    let side = pos.turn;
    pos.donkey_home[side.index()] = false;
    pos.donkey[side.index()] = Some(to);
}

/// The open squares next to `placer`'s Donkey.
fn exits(pos: &Position, at: Square) -> Vec<Square> {
    Bitboard::adjacent(at)
        .into_iter()
        .filter(|s| open(pos, *s))
        .collect()
}

/// The moves offered when the Donkey's turn comes: no roll when it has one way out, else one
/// roll for each count of black sticks.
pub(crate) fn moves(pos: &Position, out: &mut Vec<Action>) {
    let Phase::DonkeyMove { placer } = pos.phase() else {
        return;
    };
    let Some(at) = pos.donkey[placer.index()] else {
        return;
    };
    if exits(pos, at).len() == 1 {
        out.push(Action::Donkey(None));
        return;
    }
    for n in 0..=5u8 {
        out.push(Action::Donkey(Some(Roll::Sticks {
            thrown: 5,
            own: ((1u16 << n) - 1) as u8,
        })));
    }
}

/// Whether `roll` may be the Donkey's throw now.
pub fn accepts(pos: &Position, roll: Option<Roll>) -> bool {
    let Phase::DonkeyMove { placer } = pos.phase() else {
        return false;
    };
    let Some(at) = pos.donkey[placer.index()] else {
        return false;
    };
    match roll {
        None => exits(pos, at).len() == 1,
        Some(Roll::Sticks { thrown: 5, own }) => own < 32 && exits(pos, at).len() != 1,
        Some(_) => false,
    }
}

/// The direction for a count of black sticks, from the placer's side.
pub fn direction(placer: Side, black: u32) -> Option<(i8, i8)> {
    let f = placer.forward();
    let left = -f;
    Some(match black {
        1 => (left, f),
        2 => (0, f),
        3 => (-left, f),
        4 => (left, -f),
        5 => (-left, -f),
        _ => return None,
    })
}

/// One attempt to move the Donkey on `at` by `d`. `Ok(true)`: moved (or left the board);
/// `Ok(false)`: stays; `Err(())`: another piece is in the way (try the opposite way).
fn attempt(
    rules: &Rules,
    pos: &mut Position,
    placer: Side,
    at: Square,
    d: (i8, i8),
) -> Result<bool, ()> {
    let Some(t) = at.offset(d.0, d.1) else {
        // Off the board: removed from play, back to its placer's reserve.
        pos.donkey[placer.index()] = None;
        pos.donkey_home[placer.index()] = true;
        return Ok(true);
    };
    if squares(pos).contains(t) {
        return Err(());
    }
    if pos.free_square() == Some(t) {
        pos.free = FreePlace::Off(Intersection::CENTRE);
        pos.free_from = None;
        pos.free_bounces = 0;
        pos.donkey[placer.index()] = Some(t);
        return Ok(true);
    }
    match pos.piece_at(t) {
        None => {
            pos.donkey[placer.index()] = Some(t);
            Ok(true)
        }
        Some((s, k)) if rules.is_engagement(s, k) => {
            pos.remove(s, k, t);
            pos.reserve[s.index()][k.index()] += 1;
            pos.donkey[placer.index()] = Some(t);
            Ok(true)
        }
        Some((s, k)) if rules.info(s, k).life => match t.offset(d.0, d.1) {
            Some(behind) if open(pos, behind) => {
                // The pushed Self "enters" a measure as a repositioned one does (R-CONTROL):
                // its side's Control acts on a Jutsu there (§2.0.07).
                let controlled = crate::special::control::controlled(rules, pos, s);
                pos.remove(s, k, t);
                pos.put(s, k, behind);
                pos.donkey[placer.index()] = Some(t);
                crate::special::control::after_move(rules, pos, s, controlled);
                Ok(true)
            }
            _ => Ok(false),
        },
        Some(_) => Err(()),
    }
}

/// Moves the Donkey by its throw (or its one way out).
pub(crate) fn resolve(rules: &Rules, pos: &mut Position, roll: Option<Roll>) {
    let Phase::DonkeyMove { placer } = pos.phase else {
        return;
    };
    pos.phase = Phase::Start;
    let Some(at) = pos.donkey[placer.index()] else {
        return;
    };
    match roll {
        None => {
            if let Some(&to) = exits(pos, at).first() {
                pos.donkey[placer.index()] = Some(to);
            }
        }
        Some(Roll::Sticks { own, .. }) => {
            let Some(d) = direction(placer, own.count_ones()) else {
                return;
            };
            if attempt(rules, pos, placer, at, d).is_err() {
                let _ = attempt(rules, pos, placer, at, (-d.0, -d.1));
            }
        }
        Some(_) => {}
    }
}
