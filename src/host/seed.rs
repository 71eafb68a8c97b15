//! Where a new game's or session's seeded generator starts: `VENEY_SEED` when set (tests,
//! screenshots, a game to replay), else the clock. Every game's chance then comes from a
//! generator seeded here and owned by its match.

/// A fresh seed: `VENEY_SEED` when set, else the clock's nanoseconds.
pub fn fresh_seed() -> u64 {
    std::env::var("VENEY_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0)
        })
}
