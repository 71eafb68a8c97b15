//! Pieces glide to their squares instead of jumping.
use super::board::square_center;
use super::game::{PieceView, Played};
use bevy::prelude::*;
use veney_rules::Action;

/// Seconds a glide takes.
pub const GLIDE: f32 = 0.22;

#[derive(Component)]
pub struct Glide {
    from: Vec2,
    to: Vec2,
    t: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (start_glides.after(super::game::GameSet), glide)
            .chain()
            .in_set(super::VeneySystems),
    );
}

fn start_glides(
    mut commands: Commands,
    mut played: MessageReader<Played>,
    // A partner in hand stays raised where it was lifted (R-CONCERT): it does not glide.
    pieces: Query<(Entity, &PieceView), Without<super::game::InHand>>,
    game: Res<super::game::CurrentGame>,
) {
    for p in played.read().filter(|p| p.of_rules(&game.0.rules)) {
        let moves: Vec<(veney_rules::Square, veney_rules::Square)> = match p.action {
            Action::Move(m) => vec![(m.from, m.to)],
            Action::Reposition { from, to, .. } => vec![(from, to)],
            // The Donkey walks where its sticks send it (§2.0.23).
            Action::Donkey(_) => super::highlights::donkey_steps(&p.before, &p.after),
            _ => Vec::new(),
        };
        for (from, to) in moves {
            for (e, v) in &pieces {
                if v.square == to {
                    commands.entity(e).try_insert(Glide {
                        from: square_center(from),
                        to: square_center(to),
                        t: 0.0,
                    });
                }
            }
        }
    }
}

fn glide(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Glide, &mut Transform)>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for (e, mut g, mut tf) in &mut q {
        g.t += time.delta_secs().min(0.05);
        let k = (g.t / GLIDE).min(1.0);
        let ease = k * k * (3.0 - 2.0 * k);
        let p = g.from.lerp(g.to, ease);
        tf.translation.x = p.x;
        tf.translation.y = p.y;
        redraw.write(bevy::window::RequestRedraw);
        if k >= 1.0 {
            commands.entity(e).remove::<Glide>();
        }
    }
}
