//! Where a new game's or session's seeded generator starts: `VENEY_SEED` when set (tests,
//! screenshots, a game to replay), else the clock. Every game's chance then comes from a
//! generator seeded here and owned by its match.
use bevy::log::warn;

/// A fresh seed: `VENEY_SEED` when set, else the clock's nanoseconds.
pub fn fresh_seed() -> u64 {
    let set = std::env::var("VENEY_SEED").ok();
    match set.as_deref().map(read) {
        Some(Ok(n)) => n,
        Some(Err(why)) => {
            // Said, not passed over: a game meant to replay would otherwise be a random one (a
            // review found `VENEY_SEED=0x7` silently ignored).
            warn!("{why}; the clock seeds the game instead");
            clock()
        }
        None => clock(),
    }
}

fn clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// `VENEY_SEED`'s value as a seed: a whole number 0 to 2^64 − 1, spaces around it allowed.
fn read(v: &str) -> Result<u64, String> {
    v.trim().parse().map_err(|_| {
        format!(
            "VENEY_SEED={v:?} is not a whole number from 0 to {}",
            u64::MAX
        )
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_seed_is_a_whole_number_spaces_allowed() {
        assert_eq!(super::read("7"), Ok(7));
        assert_eq!(super::read(" 7\n"), Ok(7));
        for bad in ["0x7", "-1", "seven", ""] {
            let e = super::read(bad).unwrap_err();
            assert!(e.contains("is not a whole number"), "{e}");
        }
    }
}
