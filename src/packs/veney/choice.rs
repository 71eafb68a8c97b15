//! The choice between several legal actions that end on the clicked square (a blade that may
//! disarm or oppose, a move that may fend or take…): a window beside the board lists them by
//! their notation with a line in plain words; clicking one plays exactly that action, Esc or a
//! right-click cancels (after chessground's promotion choice). The actions are the rules
//! crate's; this only shows them.
use super::game::{ActionChoice, Command, CurrentGame};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use veney_rules::notation::San;
use veney_rules::{Action, Effect, Position, Rules};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        choice_window.in_set(super::VeneySystems),
    );
}

/// What `a` does, in a few plain words.
pub fn plain_words(rules: &Rules, pos: &Position, a: &Action) -> String {
    // A Dagger Throw beside the move onto the Self (`DtX9#`, `DtX9~`): its odds, as the throw
    // lines show them (§2.0.08; a review found its row blank).
    if let Action::Throw { .. } = a {
        let side = pos.turn();
        let sticks = veney_rules::special::dagger_throw::sticks(rules, pos, side).unwrap_or(5);
        let (num, den) = rules.options.dice.hit_odds(sticks);
        return format!("throws the Dagger at the Self: hits at {num}/{den} (§2.0.08)");
    }
    // The intention's strike beside an ordinary move onto its target (§2.0.11), and the trap's
    // repositioning beside a normal move (§2.0.18; a review found both rows blank).
    match *a {
        Action::Enact { to, .. } => {
            return format!(
                "strikes {} without moving: the declared intention (§2.0.11)",
                pos.piece_at(to)
                    .map(|(s, k)| format!("the {} {}", s, rules.set(s).piece(k).name()))
                    .unwrap_or_else(|| if pos.free_square() == Some(to) {
                        format!("the free engagement on {to}")
                    } else {
                        format!("{to}")
                    })
            );
        }
        Action::Reposition { .. } => {
            return "repositions, irrespective of its movement (the Dagger's distraction §2.0.08, Obscurant Chaos §2.0.18)".into();
        }
        _ => {}
    }
    let Action::Move(m) = a else {
        return String::new();
    };
    let name = |sq| {
        pos.piece_at(sq)
            .map(|(s, k)| format!("the {} {}", s, rules.set(s).piece(k).name()))
            .unwrap_or_else(|| "the piece".into())
    };
    let on_target = name(m.to);
    let mut words = match m.effect {
        Effect::Quiet => "moves".to_string(),
        Effect::StepStone | Effect::FreeStepStone => {
            "lands on a stepping stone and may move again".to_string()
        }
        Effect::Fend(_) => format!("fends {on_target}: back to its reserve"),
        Effect::FendFree => "fends the free engagement".to_string(),
        Effect::Take(_) => format!("takes {on_target}"),
        Effect::Checkmate => "checkmate by touch".to_string(),
        Effect::Disarm(_) => format!("disarms {on_target}: it is discarded (§2.0.14)"),
        Effect::Negate(_) => format!("negates {on_target}"),
        Effect::EnPassant(v) => format!("fends {} in passing", name(v)),
        Effect::Swap(_) => format!("swaps places with {on_target}"),
        Effect::Cavazione(_) => format!("Cavazione around {on_target}"),
        // The pushed blade stands on the effect's own square (the mover may end beyond it).
        Effect::Opposition(_, pushed, to) => {
            format!("opposition: pushes {} to {to}", name(pushed))
        }
        Effect::Capture(_) => format!("captures {on_target} under the Cloak (§2.0.06)"),
        // The target square holds the mover's own Cloak; the blade pinned under it is the
        // opponent's.
        Effect::DisarmCaptured(k) => format!(
            "disarms the {} {} pinned under your Cloak (§2.0.06)",
            !pos.turn(),
            rules.set(!pos.turn()).piece(k).name()
        ),
        Effect::ShadowStab(_) => format!("shadow stab: {on_target} back to its reserve"),
        Effect::Deflect(_, to) => format!("deflects {on_target} to {to}"),
        Effect::Lift(_) => format!("lifts {on_target} to move it in concert (§2.0.02)"),
    };
    if let Some(f) = m.face {
        words.push_str(&format!(
            ", landing facing {}",
            ["forward", "right", "back", "left"][f as usize & 3]
        ));
    }
    words
}

fn choice_window(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    choice: Res<ActionChoice>,
    camera: Query<(&Camera, &GlobalTransform), With<crate::host::BoardCamera>>,
    view: Option<Res<super::board::BoardView>>,
    zoom: Res<crate::host::UiZoom>,
    mut out: MessageWriter<Command>,
) -> Result {
    let Some(first) = choice.0.first() else {
        return Ok(());
    };
    let g = &game.0;
    let pos = g.position();
    let legal = g.legal_actions();
    // Beside the target square, on the board's right on the screen (the world's left on the
    // flipped board), in egui's points (window pixels over its zoom in large type; a review
    // found the window over the board when flipped, and off by the zoom).
    let flipped = view.is_some_and(|v| v.flipped);
    let aimed = |a: &Action| match *a {
        Action::Enact { to, .. } => Some(to),
        ref a => super::game::target(a),
    };
    let at = aimed(first)
        .and_then(|sq| {
            let (cam, tf) = camera.iter().next()?;
            let p = super::board::square_center(sq);
            let x = 2.0 * crate::host::palette::SQUARE + 12.0;
            let edge = Vec2::new(if flipped { -x } else { x }, p.y);
            cam.world_to_viewport(tf, edge.extend(0.0)).ok()
        })
        .map(|p| p / zoom.0.max(0.1))
        .map(|p| egui::pos2(p.x, (p.y - 40.0).max(8.0)))
        .unwrap_or(egui::pos2(420.0, 200.0));
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Which action?")
        .collapsible(false)
        .resizable(false)
        .fixed_pos(at)
        .show(ctx, |ui| {
            for a in &choice.0 {
                let n = San::of_action(&g.rules, pos, &legal, a).to_string();
                ui.horizontal(|ui| {
                    if ui
                        .button(egui::RichText::new(&n).monospace().strong())
                        .clicked()
                    {
                        out.write(Command::Play(*a));
                    }
                    ui.label(plain_words(&g.rules, pos, a));
                });
            }
            if ui.small_button("Cancel (Esc)").clicked() {
                out.write(Command::Cancel);
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::plain_words;
    use veney_rules::{Action, Position, Rules};

    /// Each row of the choice says what its action does: a Dagger Throw with its odds
    /// (§2.0.08), beside the move onto the Self (a review found the throw's row blank).
    #[test]
    fn a_throw_row_names_the_throw_and_its_odds() {
        let r = Rules::standard();
        // White's Dagger on X8 next to Black's Self on X9; White's Self on Y8.
        let p = Position::from_pieces(
            &r,
            &[
                (veney_rules::Side::White, "Self", "Y8"),
                (veney_rules::Side::White, "Dagger", "X8"),
                (veney_rules::Side::Black, "Self", "X9"),
            ],
            veney_rules::Side::White,
        )
        .unwrap();
        let throw = p
            .legal_actions(&r)
            .into_iter()
            .find(|a| matches!(a, Action::Throw { .. }))
            .expect("a throw at the Self");
        let words = plain_words(&r, &p, &throw);
        assert!(
            words.starts_with("throws the Dagger at the Self: hits at 1/"),
            "{words}"
        );
        assert!(words.contains("§2.0.08"), "{words}");
    }
}
