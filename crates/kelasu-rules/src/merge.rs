//! Merging: "Blanks that are next to each other and outside of their starting 2 rows can Merge
//! into another piece on any of the blanks' squares", using as many Blanks as the piece costs.
use crate::bitboard::Bitboard;
use crate::options::KelasuOptions;
use crate::piece::Kind;
use crate::position::Position;
use crate::side::Side;
use crate::zones::home_rows;
use std::collections::HashSet;

/// The mover's Blanks that may take part in a merge: outside its two starting rows (and, under
/// `MovedBlanksMerge=no`, not moved this turn).
pub fn eligible(p: &Position, o: &KelasuOptions, side: Side) -> Bitboard {
    let mut b = Bitboard(p.squares_of(side, Kind::Blank).0 & !home_rows(side).0);
    if !o.moved_blanks_merge {
        b = Bitboard(b.0 & !p.moved.0);
    }
    b
}

/// Whether `set` is one orthogonally connected group.
pub fn connected(set: Bitboard) -> bool {
    let Some(first) = set.squares().next() else {
        return false;
    };
    let mut reached = Bitboard::from_square(first);
    loop {
        let next = Bitboard((reached.0 | reached.orthogonal_neighbours().0) & set.0);
        if next == reached {
            return reached == set;
        }
        reached = next;
    }
}

/// Every orthogonally connected set of sizes in `sizes` within `within`, each once.
pub fn connected_sets(within: Bitboard, max: u32, mut emit: impl FnMut(Bitboard)) {
    if max == 0 || within.is_empty() {
        return;
    }
    let mut level: HashSet<u128> = within
        .squares()
        .map(|s| Bitboard::from_square(s).0)
        .collect();
    for size in 1..=max {
        for &set in &level {
            emit(Bitboard(set));
        }
        if size == max {
            break;
        }
        let mut next = HashSet::new();
        for &set in &level {
            let grow = Bitboard(Bitboard(set).orthogonal_neighbours().0 & within.0 & !set);
            for s in grow.squares() {
                next.insert(set | 1u128 << s.0);
            }
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
}

/// Every merge open to `side`: each connected set of eligible Blanks of a cost's size, each
/// kind of that cost, each square of the set.
pub fn merges(
    p: &Position,
    o: &KelasuOptions,
    side: Side,
    out: &mut Vec<(Kind, crate::square::Square, Bitboard)>,
) {
    let el = eligible(p, o, side);
    // Only groups large enough matter: sets are grown inside each connected group.
    let mut groups = Vec::new();
    let mut left = el;
    while let Some(s) = left.squares().next() {
        let mut g = Bitboard::from_square(s);
        loop {
            let n = Bitboard((g.0 | g.orthogonal_neighbours().0) & el.0);
            if n == g {
                break;
            }
            g = n;
        }
        left = Bitboard(left.0 & !g.0);
        groups.push(g);
    }
    for g in groups {
        let n = g.count();
        if n < 2 {
            continue;
        }
        let max = Kind::MERGEABLE
            .iter()
            .filter_map(|k| k.merge_cost())
            .filter(|&c| c <= n)
            .max()
            .unwrap_or(0);
        let mut sets = Vec::new();
        connected_sets(g, max, |b| {
            if b.count() >= 2 {
                sets.push(b)
            }
        });
        sets.sort();
        for b in sets {
            for kind in Kind::MERGEABLE {
                if kind.merge_cost() == Some(b.count()) {
                    for to in b.squares() {
                        out.push((kind, to, b));
                    }
                }
            }
        }
    }
}
