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

pub const LAST_TURN: Color = Color::srgba(0.45, 0.75, 0.35, 0.35);
pub const SELECTED: Color = Color::srgba(0.95, 0.80, 0.20, 0.55);
pub const MARK_MOVE: Color = Color::srgba(0.10, 0.35, 0.15, 0.8);
pub const MARK_STONE: Color = Color::srgba(0.05, 0.55, 0.50, 0.95);
pub const MARK_FEND: Color = Color::srgba(0.20, 0.45, 0.85, 0.9);
pub const MARK_TAKE: Color = Color::srgba(0.85, 0.15, 0.10, 0.9);
pub const MARK_SPECIAL: Color = Color::srgba(0.60, 0.25, 0.80, 0.95);
pub const MARK_THROW: Color = Color::srgba(0.95, 0.55, 0.10, 0.95);
pub const ZONE: Color = Color::srgba(0.25, 0.45, 0.95, 0.22);
pub const ZONE_ENGAGEMENT: Color = Color::srgba(0.25, 0.75, 0.95, 0.30);
pub const STICK_WHITE: Color = Color::srgb(0.97, 0.95, 0.90);
pub const STICK_BLACK: Color = Color::srgb(0.12, 0.10, 0.10);
pub const ASPECT: Color = Color::srgba(0.75, 0.35, 0.85, 0.16);
/// The withdrawal area (§2.0.13): not Control's or Presence's purple, nor a zone's blues.
pub const WITHDRAWAL: Color = Color::srgba(0.90, 0.55, 0.25, 0.22);
pub const LABEL_ON_BOARD: Color = Color::srgb(0.35, 0.10, 0.08);
pub const FREE_ENGAGEMENT_HOLE: Color = Color::srgb(0.30, 0.31, 0.33);
pub const DONKEY: Color = Color::srgb(0.45, 0.33, 0.22);
pub const FACING_MARK: Color = Color::srgb(0.90, 0.35, 0.15);
pub const PATTERN: Color = Color::srgba(0.95, 0.80, 0.25, 0.38);
pub const PATTERN_MOVE: Color = Color::srgba(0.10, 0.35, 0.15, 0.35);
pub const PATTERN_TAKE: Color = Color::srgba(0.85, 0.15, 0.10, 0.35);
/// The hinted action's squares: a frame (H, "Hint").
pub const HINT: Color = Color::srgba(0.98, 0.85, 0.25, 0.95);
pub const MARK_OFFER: Color = Color::srgba(0.15, 0.45, 0.85, 0.95);
