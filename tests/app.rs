//! App-level tests, headless: `MinimalPlugins` plus the game plugins.
use bevy::prelude::*;
use veney::game::{CurrentGame, FreeEngagementView, PieceView};

#[test]
fn piece_entities_mirror_the_rules_position() {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(veney::game_plugins);
    app.update();
    let world = app.world_mut();
    let mut q = world.query::<&PieceView>();
    let views: Vec<PieceView> = q.iter(world).copied().collect();
    let game = world.resource::<CurrentGame>();
    let pos = game.0.position();
    // The standard start: Self, Sword, Cloak, Balance and four engagements each (§2.0.19).
    assert_eq!(views.len(), 16);
    for v in &views {
        assert_eq!(pos.piece_at(v.square), Some((v.side, v.kind)));
    }
    let mut f = world.query::<&FreeEngagementView>();
    assert_eq!(f.iter(world).count(), 1);
}

#[test]
fn a_played_turn_is_mirrored() {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(veney::game_plugins);
    app.update();
    {
        let mut game = app.world_mut().resource_mut::<CurrentGame>();
        let pos = *game.0.position();
        let acts = veney_rules::notation::parse_turn(&game.0.rules, &pos, "SY3", 1).unwrap();
        game.0.play(acts[0]).unwrap();
    }
    app.update();
    let world = app.world_mut();
    let mut q = world.query::<&PieceView>();
    let y3 = veney_rules::Square::parse("Y3").unwrap();
    assert!(q.iter(world).any(|v| v.square == y3));
    assert!(
        !q.iter(world)
            .any(|v| v.square == veney_rules::Square::parse("Y4").unwrap())
    );
}
