//! Colours and sizes of the board view.
use bevy::prelude::*;

pub const BACKGROUND: Color = Color::srgb(0.16, 0.15, 0.14);
pub const LIGHT_SQUARE: Color = Color::srgb(0.86, 0.80, 0.68);
pub const DARK_SQUARE: Color = Color::srgb(0.58, 0.48, 0.38);
pub const MEASURE_LINE: Color = Color::srgb(0.10, 0.08, 0.07);
pub const CENTRE_LINE: Color = Color::srgb(0.70, 0.20, 0.15);
pub const LABEL: Color = Color::srgb(0.85, 0.82, 0.76);
pub const WHITE_PIECE: Color = Color::srgb(0.96, 0.94, 0.88);
pub const WHITE_PIECE_TEXT: Color = Color::srgb(0.15, 0.13, 0.12);
pub const BLACK_PIECE: Color = Color::srgb(0.13, 0.12, 0.12);
pub const BLACK_PIECE_TEXT: Color = Color::srgb(0.93, 0.90, 0.84);
pub const FREE_ENGAGEMENT: Color = Color::srgb(0.55, 0.57, 0.60);

/// Side of one square in world units (pixels at scale 1).
pub const SQUARE: f32 = 50.0;
