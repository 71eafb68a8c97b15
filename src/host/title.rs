//! The title screen: the games, one line each, and a "Play" button each.
use super::{Games, OpenScreen, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        picker.run_if(in_state(Screen::Title)),
    )
    .add_systems(OnEnter(Screen::Title), place_camera);
}

fn place_camera(mut camera: Query<&mut Transform, With<Camera2d>>) {
    for mut t in &mut camera {
        *t = Transform::default();
    }
}

fn picker(
    mut contexts: EguiContexts,
    games: Res<Games>,
    mut out: MessageWriter<OpenScreen>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = super::root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.add_space(60.0);
        ui.vertical_centered(|ui| {
            ui.heading(egui::RichText::new("Board games").size(32.0));
            ui.label("Hot-seat: two players at one screen. Pick a game.");
        });
        ui.add_space(30.0);
        for g in &games.0 {
            ui.group(|ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    if ui
                        .add_sized(
                            [90.0, 36.0],
                            egui::Button::new(egui::RichText::new("Play").size(18.0)),
                        )
                        .clicked()
                    {
                        out.write(OpenScreen(g.screen));
                    }
                    ui.vertical(|ui| {
                        ui.label(egui::RichText::new(g.title).size(22.0).strong());
                        ui.label(g.line);
                    });
                });
            });
            ui.add_space(10.0);
        }
    });
    Ok(())
}
