//! The game-over banner's look, for every game's screen: who won, the ending in words, and the
//! game's own buttons below (the grid host's `grid::banner`, Veney's `packs::veney::banner`).
use bevy_egui::egui;

/// Where the banner stands, in egui points, in a window `width` points wide beside a side panel
/// `panel` points wide: over the board, left of the panel in any type size (a review found it
/// over the panel's first rows in large type, where the window is 1.5 times fewer points wide).
/// The banner's undo when the computer's move ended the game: undo goes back to the person's
/// turn before it (each host's `undo_to_person`), so it takes two turns.
pub const UNDO_WITH_REPLY: &str = "Take back your last turn and the computer's reply";

pub fn banner_rect(width: f32, panel: f32) -> egui::Rect {
    let room = width - panel - 16.0;
    let w = (room - 90.0).clamp(180.0, 380.0);
    let x = (room - w).clamp(8.0, 90.0);
    egui::Rect::from_min_size(egui::pos2(x, 20.0), egui::vec2(w, 70.0))
}

/// Draws the banner `id` at `rect` — fixed there, or first there and `movable` aside — with its
/// `title` and `reason` over the row of `buttons` (wrapped within its width, narrow in large
/// type).
pub fn banner(
    ctx: &egui::Context,
    id: &str,
    rect: egui::Rect,
    movable: bool,
    (title, reason): (&str, &str),
    buttons: impl FnOnce(&mut egui::Ui),
) {
    let window = egui::Window::new(id)
        .collapsible(false)
        .resizable(false)
        .title_bar(false)
        .frame(egui::Frame::window(&ctx.global_style()).fill(egui::Color32::from_rgb(60, 40, 30)));
    let window = if movable {
        window
            .default_pos(rect.min)
            .default_width(rect.width())
            .movable(true)
    } else {
        window.fixed_rect(rect)
    };
    window.show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(title)
                    .size(26.0)
                    .strong()
                    .color(egui::Color32::from_rgb(250, 220, 140)),
            );
            ui.label(egui::RichText::new(reason).size(16.0));
            ui.horizontal_wrapped(buttons);
        });
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_banner_stands_left_of_the_side_panel_in_any_type_size() {
        for zoom in [1.0, 1.5] {
            let width = 960.0 / zoom;
            let r = super::banner_rect(width, 400.0);
            let panel_left = width - 400.0;
            assert!(
                r.right() <= panel_left,
                "zoom {zoom}: {r:?} vs {panel_left}"
            );
            assert!(r.left() >= 0.0 && r.width() >= 180.0, "zoom {zoom}: {r:?}");
        }
        // At the ordinary size it stands where it always stood.
        let r = super::banner_rect(960.0, 400.0);
        assert_eq!((r.left(), r.width()), (90.0, 380.0));
    }
}
