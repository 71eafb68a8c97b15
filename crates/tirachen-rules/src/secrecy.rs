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
/// determinisation): each master the observation hides is given a kind at random — arms, spells
/// or hunt — so nothing of the real choice is used.
pub fn sample_hidden(obs: &Position, rng: &mut game_api::MatchRng) -> Position {
    use rand::Rng;
    let mut s = *obs;
    for side in Side::BOTH {
        let r = s.reserve_mut(side);
        let hidden = r.hidden();
        if hidden == 0 {
            continue;
        }
        for _ in 0..hidden {
            let k = Kind::MASTERS[rng.random_range(0..Kind::MASTERS.len())];
            let n = r.count(k);
            r.set(k, n + 1);
        }
        r.set_hidden(0);
    }
    s
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
