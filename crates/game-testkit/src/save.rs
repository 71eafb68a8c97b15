//! Save round-trips: a referee's save reloads to the same match; a player's save keeps other
//! players' secrets out and refuses to resume.
use game_api::{Game, Match, Player, Viewer};

pub fn check_save_roundtrip<G: Game>(m: &Match<G>) -> Result<(), String> {
    let g = m.game();
    let text = m.save_text(Viewer::Referee);
    let back = Match::load_text(g.clone(), &text)
        .map_err(|e| format!("save does not reload: {e}\n{text}"))?;
    if back.state() != m.state() {
        return Err(format!("save reloads to another state\n{text}"));
    }
    // The same seed and the generator where it stood: the next roll lands the same.
    if back.seed() != m.seed() {
        return Err(format!(
            "save reloads with the seed {}, not {}",
            back.seed(),
            m.seed()
        ));
    }
    if back.generator() != m.generator() {
        return Err("save reloads with the generator elsewhere: the next roll would differ".into());
    }
    if back.history().len() != m.history().len() {
        return Err("save reloads with another history length".into());
    }
    // The history itself, so undo after a reload goes back as it would have (a review found
    // only its length compared): the start, each step's state, generator and actor, and its
    // action as written (an action may carry what its notation leaves out and the game does
    // not use: Veney's cast landing off the board, its point there).
    if back.start() != m.start() {
        return Err(format!("save reloads from another start\n{text}"));
    }
    for (i, (a, b)) in m.history().iter().zip(back.history()).enumerate() {
        if a.before != b.before
            || a.rng_before != b.rng_before
            || a.actor != b.actor
            || (a.action != b.action
                && game_api::action_written(&**g, &a.before, a.actor, a.action)
                    != game_api::action_written(&**g, &b.before, b.actor, b.action))
        {
            let what = if a.before != b.before {
                format!(
                    "the state before it: {} here, {} reloaded",
                    g.position_text(&a.before),
                    g.position_text(&b.before)
                )
            } else if a.rng_before != b.rng_before {
                "the generator before it".to_string()
            } else if a.actor != b.actor {
                format!("its actor: {:?} here, {:?} reloaded", a.actor, b.actor)
            } else {
                format!("its action: {:?} here, {:?} reloaded", a.action, b.action)
            };
            // (The states after each step are compared through the next step's, and the last
            // through the final state above.)
            return Err(format!(
                "save reloads with step {i} of its history otherwise ({what})\n{text}"
            ));
        }
    }
    if back.record(Viewer::Referee) != m.record(Viewer::Referee) {
        return Err("save reloads with another record".into());
    }
    if back.declared() != m.declared() {
        return Err(format!(
            "save reloads with the declared ending {:?}, not {:?}",
            back.declared(),
            m.declared()
        ));
    }
    if back.clock() != m.clock() {
        return Err(format!(
            "save reloads with the clock {:?}, not {:?}",
            back.clock(),
            m.clock()
        ));
    }
    for p in (0..g.players()).map(Player) {
        let v = Viewer::Player(p);
        let t = m.save_text(v);
        // Refused as a player's view (the [Viewer] header), not for some other fault.
        match Match::load_text(g.clone(), &t) {
            Ok(_) => {
                return Err(format!(
                    "{}'s view of the game resumes as a game",
                    g.player_name(p)
                ));
            }
            Err(game_api::SaveError::Wrong(w)) if w.contains("view of a game") => {}
            Err(e) => {
                return Err(format!(
                    "{}'s view of the game is refused for another reason than being a view: {e}",
                    g.player_name(p)
                ));
            }
        }
        let seen = g.position_text(&g.observe(m.state(), v));
        if !t.contains(&format!("[Final \"{seen}\"]")) {
            return Err(format!(
                "{}'s save does not end at their view",
                g.player_name(p)
            ));
        }
        // Read back, the saved position holds none of another player's secrets (a review found the
        // check above able to catch only a save not written from `observe`, never a leak
        // `observe` itself lets through) — nor its start (`[Start]`, a start pasted between two
        // seals; a review found only `[Final]` checked).
        for key in ["Final", "Start"] {
            let prefix = format!("[{key} \"");
            let Some(text) = t
                .lines()
                .find_map(|l| l.strip_prefix(prefix.as_str())?.strip_suffix("\"]"))
            else {
                if key == "Final" {
                    return Err(format!("{}'s save has no [Final]", g.player_name(p)));
                }
                continue;
            };
            if key == "Start" && text == "start" {
                continue;
            }
            let read = g.parse_position(text).map_err(|e| {
                format!(
                    "{}'s save's [{key}] does not read back: {e}",
                    g.player_name(p)
                )
            })?;
            for o in (0..g.players()).map(Player).filter(|&o| o != p) {
                let leaked = g.secrets(&read, o);
                if !leaked.is_empty() {
                    return Err(format!(
                        "{}'s save's [{key}] holds {}'s secrets: {}",
                        g.player_name(p),
                        g.player_name(o),
                        leaked.join("; ")
                    ));
                }
            }
        }
        // The full state's text differs from the view only when something is secret; then that
        // text must not be in the player's save.
        let full = g.position_text(m.state());
        if full != seen && t.contains(&full) {
            return Err(format!(
                "{}'s save holds the unobserved position",
                g.player_name(p)
            ));
        }
    }
    Ok(())
}
