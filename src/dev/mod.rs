//! Dev-only tools, built with `--features dev-tools`: the frame measure (`VENEY_MEASURE=1`,
//! `scripts/measure`) and the scripted demo (`VENEY_SCRIPT=<file>`, `scripts/screenshots`).
use bevy::prelude::*;

pub mod script;

pub fn plugin(app: &mut App) {
    app.add_plugins((crate::host::measure::plugin, script::plugin));
}
