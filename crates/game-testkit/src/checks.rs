//! The checks made after an action: the game's invariants, position text and notation
//! round-trips, and that no observation carries another player's secret.
use game_api::{Actor, Game, Player, Viewer};

/// All checks of one played action `a` by `actor`, from `before` to `after`.
pub fn check_step<G: Game>(
    g: &G,
    before: &G::State,
    actor: Actor,
    a: G::Action,
    after: &G::State,
) -> Result<(), String> {
    g.check_invariants(after)
        .map_err(|e| format!("invariant broken: {e}"))?;
    check_position_text(g, after)?;
    check_action_text(g, before, actor, a)?;
    check_observations(g, after)?;
    if actor == Actor::Chance {
        check_chance_class(g, before, a, after)?;
    }
    Ok(())
}

/// A drawn chance outcome's class (`Game::chance_class`) is an outcome the game lists with some
/// weight, stands for itself, and plays on to the same state as the outcome drawn.
pub fn check_chance_class<G: Game>(
    g: &G,
    before: &G::State,
    a: G::Action,
    after: &G::State,
) -> Result<(), String> {
    let c = g.chance_class(before, a);
    let name = |x| g.action_text(before, x);
    let mut outs = Vec::new();
    g.chance_outcomes(before, &mut outs);
    if !outs.iter().any(|&(o, w)| o == c && w > 0) {
        return Err(format!(
            "the class {} of the drawn {} is not a listed outcome",
            name(c),
            name(a)
        ));
    }
    if g.chance_class(before, c) != c {
        return Err(format!("the class {} does not stand for itself", name(c)));
    }
    let mut by_class = before.clone();
    g.apply(&mut by_class, Actor::Chance, c);
    if g.hash(&by_class) != g.hash(after) || g.decision(&by_class) != g.decision(after) {
        return Err(format!(
            "the drawn {} and its class {} play on differently",
            name(a),
            name(c)
        ));
    }
    Ok(())
}

/// The position text reads back to the same state with the same hash.
pub fn check_position_text<G: Game>(g: &G, s: &G::State) -> Result<(), String> {
    let text = g.position_text(s);
    let back = g
        .parse_position(&text)
        .map_err(|e| format!("position text `{text}` does not read back: {e}"))?;
    if &back != s {
        return Err(format!(
            "position text `{text}` reads back to another state:\n  {s:?}\n  {back:?}"
        ));
    }
    if g.hash(&back) != g.hash(s) {
        return Err(format!(
            "position text `{text}` reads back with another hash"
        ));
    }
    Ok(())
}

/// The action's notation reads back to the same action.
pub fn check_action_text<G: Game>(
    g: &G,
    before: &G::State,
    actor: Actor,
    a: G::Action,
) -> Result<(), String> {
    let t = g.action_text(before, a);
    // Notation names an action by its effect: detail that changes nothing in the state (where
    // exactly a cast piece came down outside the board) need not survive it.
    let same_effect = |b: G::Action| {
        let (mut x, mut y) = (before.clone(), before.clone());
        g.apply(&mut x, actor, a);
        g.apply(&mut y, actor, b);
        x == y
    };
    match g.parse_action(before, &t) {
        Ok(b) if b == a || same_effect(b) => Ok(()),
        Ok(b) => Err(format!(
            "`{t}` ({a:?}) reads back as {b:?} in {}",
            g.position_text(before)
        )),
        Err(e) => Err(format!(
            "`{t}` ({a:?}) does not read back in {}: {e}",
            g.position_text(before)
        )),
    }
}

/// For every viewer: the observed state holds no secret of anyone the viewer may not see,
/// observing twice changes nothing, and the observed state's text reads back.
pub fn check_observations<G: Game>(g: &G, s: &G::State) -> Result<(), String> {
    let mut viewers: Vec<Viewer> = (0..g.players())
        .map(|p| Viewer::Player(Player(p)))
        .collect();
    viewers.push(Viewer::Spectator);
    for v in viewers {
        let o = g.observe(s, v);
        for owner in (0..g.players()).map(Player) {
            if v.sees_secrets_of(owner) {
                continue;
            }
            let leaked = g.secrets(&o, owner);
            if !leaked.is_empty() {
                return Err(format!(
                    "{v:?} observes {}'s secrets {leaked:?} in {}",
                    g.player_name(owner),
                    g.position_text(s)
                ));
            }
        }
        if g.observe(&o, v) != o {
            return Err(format!("observing twice for {v:?} changes the state"));
        }
        // What a host draws for the viewer shows no more than the observation: the board and
        // the trays drawn from the state are those drawn from what the viewer observes (a
        // review found only `observe` checked, while the grid host draws `pieces` and
        // `reserves`).
        // (Equal when nothing is hidden from the viewer: the observation is the state.)
        if &o != s && g.pieces(s, v) != g.pieces(&o, v) {
            return Err(format!(
                "{v:?}'s pieces drawn from the state differ from those of its observation in {}",
                g.position_text(s)
            ));
        }
        if &o != s && g.reserves(s, v) != g.reserves(&o, v) {
            return Err(format!(
                "{v:?}'s reserves drawn from the state differ from those of its observation in {}",
                g.position_text(s)
            ));
        }
        if &o != s {
            check_position_text(g, &o).map_err(|e| format!("observed by {v:?}: {e}"))?;
        }
    }
    let r = g.observe(s, Viewer::Referee);
    if &r != s {
        return Err("the referee's observation differs from the state".into());
    }
    Ok(())
}
