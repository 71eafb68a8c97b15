//! Checks that a position is internally consistent; used by the random-game tests and the
//! `random-games` command after every action.
use crate::bitboard::Bitboard;
use crate::piece_set::MAX_KINDS;
use crate::position::{FreePlace, Phase, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::square::Square;

pub fn check(rules: &Rules, pos: &Position) -> Result<(), String> {
    // What a turn has done is cleared when it ends (as the position text's check says).
    // Hirakamae's second move is owed only while the throw or cast that ended it resolves.
    if pos.hira_second.is_some()
        && !matches!(
            pos.phase,
            crate::position::Phase::Throw { .. } | crate::position::Phase::Cast { .. }
        )
    {
        return Err(format!(
            "hirakamae's second move owed in phase {:?}",
            pos.phase
        ));
    }
    if pos.before_first_move() && (pos.released || pos.contact) {
        return Err(format!(
            "before the turn's first move, yet released={} contact={}",
            pos.released, pos.contact
        ));
    }
    let mut all = Bitboard::EMPTY;
    for side in Side::ALL {
        let mut union = Bitboard::EMPTY;
        for k in 0..MAX_KINDS {
            let b = pos.by_kind[side.index()][k];
            if (union & b).any() {
                return Err(format!("{side}: two kinds share a square"));
            }
            if k >= rules.kind_count(side) && b.any() {
                return Err(format!("{side}: pieces of an unknown kind {k}"));
            }
            union |= b;
        }
        if union != pos.by_side[side.index()] {
            return Err(format!(
                "{side}: side bitboard disagrees with kind bitboards"
            ));
        }
        if (all & union).any() {
            return Err("White and Black share a square".into());
        }
        all |= union;
        // Every piece is on the board, in reserve or in the discard, exactly once.
        for (_, sq, _) in pos.pinned[side.index()].iter() {
            if !pos.occupied_by(!side).contains(sq) {
                return Err(format!(
                    "{side}'s pinned blade on {sq} has no opposing Cloak on it"
                ));
            }
        }
        for k in rules.set(side).kinds() {
            let on = pos.in_play(side, k);
            let total = on + pos.reserve(side, k) + pos.discard(side, k);
            let want = rules.counts[side.index()][k.index()];
            if total != want {
                let name = rules.set(side).piece(k).name();
                return Err(format!(
                    "{side} {name}: {on} on board + {} reserve + {} discard = {total}, expected {want}",
                    pos.reserve(side, k),
                    pos.discard(side, k)
                ));
            }
        }
        for k in rules.set(side).kinds() {
            let max = rules.info(side, k).max_on_board;
            if pos.in_play(side, k) > max {
                return Err(format!(
                    "{side} has more than {max} {} on the board",
                    rules.set(side).piece(k).name()
                ));
            }
        }
        let lives = pos.pieces(side, rules.life(side)).count();
        if lives > 1 || (lives == 0 && pos.outcome().is_none()) {
            return Err(format!("{side} has {lives} Selves on the board"));
        }
    }
    for sq in Square::all() {
        let expect = pos.piece_at(sq);
        let in_bb = Side::ALL
            .iter()
            .any(|s| pos.by_side[s.index()].contains(sq));
        if expect.is_some() != in_bb {
            return Err(format!("mailbox disagrees with bitboards on {sq}"));
        }
        if let Some((s, k)) = expect
            && !pos.by_kind[s.index()][k.index()].contains(sq)
        {
            return Err(format!("mailbox kind wrong on {sq}"));
        }
    }
    for d in [pos.donkey(Side::White), pos.donkey(Side::Black)]
        .into_iter()
        .flatten()
    {
        if all.contains(d) || pos.free_square() == Some(d) {
            return Err(format!("a Donkey shares {d} with a piece"));
        }
    }
    if pos.donkey(Side::White).is_some() && pos.donkey(Side::White) == pos.donkey(Side::Black) {
        return Err("two Donkeys on one square".into());
    }
    for sq in pos.facing[0] | pos.facing[1] {
        match pos.piece_at(sq) {
            Some((s, k)) if rules.set(s).piece(k).is_oriented() => {}
            _ => {
                return Err(format!(
                    "a facing is kept on {sq}, where no oriented piece stands"
                ));
            }
        }
    }
    if let FreePlace::On(sq) = pos.free()
        && all.contains(sq)
    {
        return Err(format!("the free engagement shares {sq} with a piece"));
    }
    // Hirakamae's ending move's own method: the square that move landed on (R-HIRAKAMAE).
    if let Phase::Hirakamae {
        first,
        stone,
        concert,
        ..
    } = pos.phase()
    {
        for sq in [stone, concert].into_iter().flatten() {
            if sq != first {
                return Err(format!(
                    "hirakamae's first move landed on {first}, its own method's second move names {sq}"
                ));
            }
        }
        if concert.is_some() && pos.life_square(rules, pos.turn()) != Some(first) {
            return Err(format!(
                "a concert after hirakamae's move with no Self on {first}"
            ));
        }
    }
    if let Phase::Second { stone, concert } = pos.phase() {
        if stone.is_none() && concert.is_none() {
            return Err("second phase with nothing to move".into());
        }
        if let (Some(a), Some(b)) = (stone, concert)
            && a != b
        {
            return Err(format!("stepping stone {a} and concert {b} on two squares"));
        }
        if let Some(sq) = stone
            && !pos.occupied_by(pos.turn()).contains(sq)
        {
            return Err(format!("stepping-stone piece missing from {sq}"));
        }
    }
    Ok(())
}
