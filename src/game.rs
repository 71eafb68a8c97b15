//! The game in progress, held as the rules crate's `Game`, and piece entities mirrored from it:
//! each piece on the board is an entity with a `PieceView` (side, kind, square).
use bevy::prelude::*;
use std::sync::Arc;
use veney_rules::{FreePlace, Game, Kind, Rules, Side, Square};

/// The current game.
#[derive(Resource)]
pub struct CurrentGame(pub Game);

impl Default for CurrentGame {
    fn default() -> Self {
        CurrentGame(Game::new(Arc::new(load_rules())))
    }
}

/// Loads the rules from `config/` when present (so designers' edits show), else the built-in
/// standard rules.
fn load_rules() -> Rules {
    let dir = std::path::Path::new("config");
    if dir.join("sets/standard.ron").exists() {
        match Rules::load(
            &dir.join("sets/standard.ron"),
            &dir.join("setups/standard.ron"),
            &dir.join("rules/default.ron"),
        ) {
            Ok(r) => return r,
            Err(e) => error!("could not load config/, using the built-in rules: {e}"),
        }
    }
    Rules::standard()
}

/// A piece on the board, mirrored from the rules state.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceView {
    pub side: Side,
    pub kind: Kind,
    pub square: Square,
}

/// The free engagement, in play on a square or out of play on an intersection.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FreeEngagementView(pub FreePlace);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CurrentGame>().add_systems(
        Update,
        mirror_pieces.run_if(resource_changed::<CurrentGame>),
    );
}

/// Rebuilds the piece entities whenever the game changes.
fn mirror_pieces(
    mut commands: Commands,
    game: Res<CurrentGame>,
    old: Query<Entity, Or<(With<PieceView>, With<FreeEngagementView>)>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let pos = game.0.position();
    for sq in Square::all() {
        if let Some((side, kind)) = pos.piece_at(sq) {
            commands.spawn(PieceView {
                side,
                kind,
                square: sq,
            });
        }
    }
    commands.spawn(FreeEngagementView(pos.free()));
}
