//! What the benches share: where the crate is, and criterion's settings.

use std::path::PathBuf;
use std::time::Duration;

use criterion::Criterion;

/// The crate's root, so that `../shared/puzzles` and `puzzles/` resolve
/// whatever the working directory.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Few samples and short measurements: the whole `cargo bench` takes a few
/// minutes; command-line flags override these.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}
