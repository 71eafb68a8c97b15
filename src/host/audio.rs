//! Sounds with kira: move, fend, take, throw, cast, mate — synthesised here at start-up (our own
//! sounds, no files), played when a game sends a `PlayCue`. A mute toggle and volume; when no
//! audio device exists the app runs silently and says so once (`AudioUnavailable`).
use bevy::prelude::*;
use kira::sound::static_sound::{StaticSoundData, StaticSoundSettings};
use kira::{AudioManager, AudioManagerSettings, Decibels, DefaultBackend, Frame};
use std::sync::Arc;

#[derive(Resource, Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct AudioSettings {
    pub muted: bool,
    /// 0.0 – 1.0.
    pub volume: f32,
}

impl Default for AudioSettings {
    fn default() -> Self {
        AudioSettings {
            muted: false,
            volume: 0.7,
        }
    }
}

/// Ask for a sound.
#[derive(Message, Clone, Copy, Debug)]
pub struct PlayCue(pub Cue);

/// Why the app is silent (no audio device), for the games' status lines.
#[derive(Resource, Clone, Debug)]
pub struct AudioUnavailable(pub String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    Move,
    Fend,
    Take,
    Throw,
    Cast,
    Mate,
}

struct Audio {
    manager: AudioManager<DefaultBackend>,
    sounds: Vec<(Cue, StaticSoundData)>,
}

/// Settings and the cue message (headless too); the device starts with the view.
pub(super) fn plugin(app: &mut App) {
    // Kept between runs (`kept_settings`): muted stays muted.
    super::kept_settings::keep::<AudioSettings>(app, "sound");
    app.init_resource::<AudioSettings>()
        .add_message::<PlayCue>();
}

pub(super) fn view_plugin(app: &mut App) {
    app.add_systems(Startup, start_audio)
        .add_systems(PostUpdate, play_cues);
}

const RATE: u32 = 44_100;

/// A short synthesised sound: partials (frequency, amplitude), decay rate, length, noise share.
fn synth(partials: &[(f32, f32)], decay: f32, secs: f32, noise: f32) -> StaticSoundData {
    let n = (secs * RATE as f32) as usize;
    let mut seed = 0x1234_5678u32;
    let frames: Vec<Frame> = (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let env = (-decay * t).exp() * (t * 400.0).min(1.0);
            let mut v: f32 = partials
                .iter()
                .map(|(f, a)| a * (t * f * std::f32::consts::TAU).sin())
                .sum();
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            v += noise * ((seed as f32 / u32::MAX as f32) * 2.0 - 1.0);
            Frame::from_mono(v * env * 0.5)
        })
        .collect();
    StaticSoundData {
        sample_rate: RATE,
        frames: Arc::from(frames),
        settings: StaticSoundSettings::default(),
        slice: None,
    }
}

fn sounds() -> Vec<(Cue, StaticSoundData)> {
    vec![
        (Cue::Move, synth(&[(220.0, 0.2)], 40.0, 0.12, 0.5)),
        (
            Cue::Fend,
            synth(&[(660.0, 0.5), (990.0, 0.2)], 18.0, 0.25, 0.1),
        ),
        (
            Cue::Take,
            synth(&[(110.0, 0.7), (165.0, 0.3)], 10.0, 0.4, 0.3),
        ),
        (Cue::Throw, synth(&[(330.0, 0.1)], 6.0, 0.9, 0.6)),
        (
            Cue::Cast,
            synth(&[(440.0, 0.3), (554.0, 0.2)], 5.0, 0.7, 0.3),
        ),
        (
            Cue::Mate,
            synth(&[(261.6, 0.4), (329.6, 0.3), (392.0, 0.3)], 2.5, 1.6, 0.0),
        ),
    ]
}

fn start_audio(world: &mut World) {
    if crate::host::env_flag::flag("VENEY_MUTE") {
        return;
    }
    match AudioManager::<DefaultBackend>::new(AudioManagerSettings::default()) {
        Ok(manager) => world.insert_non_send(Audio {
            manager,
            sounds: sounds(),
        }),
        Err(e) => {
            let msg = format!("no audio device ({e}): running silently");
            warn!("{msg}");
            world.insert_resource(AudioUnavailable(msg));
        }
    }
}

fn play_cues(
    mut played: MessageReader<PlayCue>,
    settings: Res<AudioSettings>,
    audio: Option<NonSendMut<Audio>>,
) {
    let Some(mut audio) = audio else {
        played.clear();
        return;
    };
    for p in played.read() {
        if settings.muted {
            continue;
        }
        let c = p.0;
        let volume = Decibels(20.0 * settings.volume.clamp(0.001, 1.0).log10());
        if let Some((_, s)) = audio.sounds.iter().find(|(k, _)| *k == c) {
            let s = s.volume(volume);
            if let Err(e) = audio.manager.play(s) {
                warn!("sound failed: {e}");
            }
        }
    }
}
