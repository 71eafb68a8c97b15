//! `VENEY_MEASURE=1`: measures start-up time (process start to the first frame) and the mean
//! frame time over the following frames of continuous redraw, prints both and exits. Used for
//! the README's figures (`scripts/measure`). `VENEY_CLOCK=running`: the table clock starts at
//! once with its window open; `VENEY_CLOCK=hidden`: started, its window closed (the idle CPU of a
//! running clock, `scripts/measure`). `VENEY_FRAME_LOG=1`: a line on stderr for every frame drawn,
//! to count them (a running clock with its faces shown draws one a second).
use bevy::prelude::*;
use std::time::{Duration, Instant};

#[derive(Resource)]
struct Measure {
    started: Instant,
    first_frame: Option<Instant>,
    frames: u32,
}

/// Frames averaged after the first.
const FRAMES: u32 = 300;

pub fn plugin(app: &mut App) {
    if matches!(
        std::env::var("VENEY_CLOCK").as_deref(),
        Ok("running" | "hidden")
    ) {
        app.add_systems(Startup, start_clock);
    }
    if crate::host::env_flag::flag("VENEY_FRAME_LOG") {
        app.add_systems(Last, |mut n: Local<u64>| {
            *n += 1;
            eprintln!("frame {} at {:?}", *n, process_start().elapsed());
        });
    }
    if !crate::host::env_flag::flag("VENEY_MEASURE") {
        return;
    }
    app.insert_resource(Measure {
        started: crate::host::measure::process_start(),
        first_frame: None,
        frames: 0,
    })
    .add_systems(Last, tick);
}

/// Starts the table clock (the setup's default control), its faces shown unless hidden.
fn start_clock(
    mut t: ResMut<crate::host::table_clock::TableClock>,
    mut out: MessageWriter<crate::host::table_clock::ClockIntent>,
) {
    t.open = std::env::var("VENEY_CLOCK").as_deref() != Ok("hidden");
    out.write(crate::host::table_clock::ClockIntent::Start);
}

/// When the process started (best effort: the first call, made from `main`).
pub fn process_start() -> Instant {
    use std::sync::OnceLock;
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

fn tick(mut m: ResMut<Measure>, mut exit: MessageWriter<AppExit>) {
    let now = Instant::now();
    match m.first_frame {
        None => {
            m.first_frame = Some(now);
            println!(
                "startup: {:.0} ms to the first frame",
                (now - m.started).as_secs_f64() * 1e3
            );
        }
        Some(first) => {
            m.frames += 1;
            if m.frames == FRAMES {
                let per = (now - first) / FRAMES;
                println!(
                    "frame time: {:.2} ms mean over {FRAMES} frames ({:.0} fps)",
                    per.as_secs_f64() * 1e3,
                    1.0 / per.as_secs_f64().max(1e-9)
                );
                exit.write(AppExit::Success);
            }
            let _ = Duration::ZERO;
        }
    }
}
