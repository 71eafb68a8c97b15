//! The hash tells states apart: two states of seeded random games with the same hash have the
//! same position text, and an observation that hides something hashes apart from the state it
//! hides it in. (Equal states hashing equal is checked after every action of the playouts, by
//! undo and by the position text's round trip.)
use crate::playout::{Playouts, play_one};
use game_api::{Game, Viewer};
use std::collections::HashMap;
use std::sync::Arc;

/// Plays `cfg.games` random games from `start` (the game's start when `None`) and checks every
/// state before each action and the last: returns how many distinct hashes were seen.
pub fn check_hashes_apart<G: Game>(
    g: &Arc<G>,
    start: Option<&G::State>,
    cfg: &Playouts,
) -> Result<usize, String> {
    let mut seen: HashMap<u64, String> = HashMap::new();
    for i in 0..cfg.games {
        let seed = cfg.seed.wrapping_add(i as u64);
        let (m, _) = play_one(g, start, seed, cfg).map_err(|e| format!("game seed {seed}: {e}"))?;
        let states = m.history().iter().map(|s| &s.before).chain([m.state()]);
        for s in states {
            let text = g.position_text(s);
            let h = g.hash(s);
            if let Some(other) = seen.insert(h, text.clone())
                && other != text
            {
                return Err(format!(
                    "game seed {seed}: two positions share the hash {h:#x}:\n  {other}\n  {text}"
                ));
            }
            let o = g.observe(s, Viewer::Spectator);
            if o != *s && g.hash(&o) == h {
                return Err(format!(
                    "game seed {seed}: a spectator's view hashes as the state it hides things in: {text}"
                ));
            }
        }
    }
    Ok(seen.len())
}
