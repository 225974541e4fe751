//! The options every command that plays games shares (`playtest`, `compare`, `suggest
//! tickets`): one struct, flattened into each, so the three take the same flags with the same
//! help. `--bots` is not here: its default differs (random bots for `playtest` and `compare`,
//! the four playing styles for `suggest tickets`), so each command declares it with
//! [`BOTS_HELP`].

/// The most threads one may ask for; more than the cores is capped anyway (by
/// `worker_threads` in `playtest.rs`).
pub(super) const MAX_THREADS: u64 = 256;

/// The one-line help of `--bots`, whatever its default.
pub use crate::bots::STYLE_BOTS;

pub const BOTS_HELP: &str = "Bots, comma-separated; seats take them in turn, rotating each \
                             game (`--help` lists them)";

#[derive(clap::Args, Debug, Clone)]
pub struct PlayOptions {
    /// Base seed; game i plays with a seed derived from it and i, so a run repeats exactly.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (0: one per core; at most 256, and no more than the cores or the games
    /// are used). Results do not depend on it.
    #[arg(long, default_value_t = 0,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_THREADS))]
    pub threads: usize,
    /// Game mode id (maps with `[[modes]]`; default: the first mode recommended for the
    /// player count, else the first mode; Castilla plays Normal at 2-5, Total at 6-7).
    #[arg(long)]
    pub mode: Option<String>,
    /// Play without these rules of the map, by the key the refusal names
    /// (`mechanics.mystery_train`) or a bonus as `rules.bonuses.ID`; the report says so.
    #[arg(long, value_delimiter = ',', value_name = "KEY")]
    pub without: Vec<String>,
    /// Play these optional extensions of the map (`mechanics.mystery_train`), which are left
    /// out by default; the engine refuses one it does not play.
    #[arg(long, value_delimiter = ',', value_name = "KEY")]
    pub with: Vec<String>,
}
