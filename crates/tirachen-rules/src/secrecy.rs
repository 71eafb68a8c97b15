//! Hidden information when the masters are chosen in secret (ruling "Masters chosen openly or
//! secretly"): a side's choice, and the kinds of its masters not yet placed, are known only to
//! it. Their number is public; each master's kind shows once it is on the board.
use crate::action::Action;
use crate::options::{MasterChoice, TirachenOptions};
use crate::piece::Kind;
use crate::position::Position;
use crate::side::Side;
use game_api::{Actor, Viewer};

/// `pos` as `viewer` may know it.
pub fn observe(pos: &Position, opts: &TirachenOptions, viewer: Viewer) -> Position {
    let mut o = *pos;
    if opts.masters == MasterChoice::Secret {
        for side in Side::BOTH {
            if !viewer.sees_secrets_of(side.player()) {
                o.reserve_mut(side).hide_masters();
            }
        }
    }
    o
}

/// A full state behind `viewer`'s observation `obs` (for the computer opponent's
/// determinisation): the masters the observation hides are given kinds — arms, spells, hunt —
/// as one split of their number drawn evenly among every split there is, so nothing of the real
/// choice is used. The choice itself is one of the splits of nine, each as open as the next
/// (55 of them): drawn master by master, a lopsided army such as nine masters of spells would
/// come up once in 19,683 draws and an even one in twelve (a review found the computer seldom
/// imagining the armies a player may well choose).
pub fn sample_hidden(obs: &Position, rng: &mut game_api::MatchRng) -> Position {
    let mut s = *obs;
    for side in Side::BOTH {
        let r = s.reserve_mut(side);
        let hidden = r.hidden();
        if hidden == 0 {
            continue;
        }
        for (k, extra) in Kind::MASTERS.into_iter().zip(even_split(hidden, rng)) {
            let n = r.count(k);
            r.set(k, n + extra);
        }
        r.set_hidden(0);
    }
    s
}

/// `n` split into three counts, each split of the `(n + 1)(n + 2) / 2` there are as likely as
/// the next.
fn even_split(n: u8, rng: &mut game_api::MatchRng) -> [u8; 3] {
    use rand::Rng;
    let splits = (usize::from(n) + 1) * (usize::from(n) + 2) / 2;
    let mut i = rng.random_range(0..splits);
    for a in 0..=n {
        let with_a = usize::from(n - a) + 1;
        if i < with_a {
            let b = i as u8;
            return [a, b, n - a - b];
        }
        i -= with_a;
    }
    unreachable!("i is below the number of splits")
}

/// The facts of `pos` that only `owner` may know.
pub fn secrets(pos: &Position, opts: &TirachenOptions, owner: Side) -> Vec<String> {
    if opts.masters != MasterChoice::Secret {
        return Vec::new();
    }
    let r = pos.reserve(owner);
    if r.known_masters() == 0 {
        return Vec::new();
    }
    let list: Vec<String> = Kind::MASTERS
        .iter()
        .filter(|&&k| r.count(k) > 0)
        .map(|&k| format!("{}×{}", k.letter(), r.count(k)))
        .collect();
    vec![format!("undeployed masters: {}", list.join(" "))]
}

/// Whether `viewer` may see which action `actor` took: a secret choice of masters is hidden
/// from the other side and from spectators.
pub fn action_visible(opts: &TirachenOptions, actor: Actor, a: Action, viewer: Viewer) -> bool {
    match (a, actor) {
        (Action::Choose(_), Actor::Player(p)) if opts.masters == MasterChoice::Secret => {
            viewer.sees_secrets_of(p)
        }
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::even_split;

    /// Every split of nine masters comes up, about as often as the next (55 of them: the secret
    /// choice's own options), where a draw master by master would make nine of one kind a
    /// one-in-19,683 chance.
    #[test]
    fn the_hidden_masters_are_split_evenly() {
        let mut rng = game_api::seeded(7);
        let mut seen = std::collections::HashMap::new();
        let draws = 55_000;
        for _ in 0..draws {
            let s = even_split(9, &mut rng);
            assert_eq!(s.iter().sum::<u8>(), 9);
            *seen.entry(s).or_insert(0u32) += 1;
        }
        assert_eq!(seen.len(), 55, "every split");
        for (s, n) in &seen {
            assert!((700..1300).contains(n), "{s:?}: {n} of {draws}");
        }
        assert_eq!(even_split(0, &mut rng), [0, 0, 0]);
    }
}
