//! `ttrmap playtest MAP --games N --players P [--bots a,b] [--seed S] [--threads T]
//! [--mode M] [--format human|json]`.

use super::{EXIT_OK, EXIT_PROBLEMS, usage_error};
use crate::engine::{EngineError, Game};
use crate::load::load_path;
use crate::playtest::{Config, render_human, run as run_playtest};
use crate::report::{FileReport, Format, render};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlaytestFormat {
    Human,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    file: PathBuf,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Players per game (default: the map's minimum).
    #[arg(long)]
    players: Option<u8>,
    /// Bots, comma-separated; seats take them in turn, rotating each game.
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<String>,
    /// Base seed; game i plays with a seed derived from it and i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (0: one per core). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Game mode id (maps with `[[modes]]`; default the first).
    #[arg(long)]
    mode: Option<String>,
    #[arg(long, value_enum, default_value = "human")]
    format: PlaytestFormat,
}

pub fn run(args: Args) -> i32 {
    let loaded = match load_path(&args.file) {
        Ok(l) => l,
        Err(e) => return usage_error(format!("cannot read {}: {e}", args.file.display())),
    };
    let Some(map) = loaded.map.as_ref().filter(|_| !loaded.has_errors()) else {
        let report = FileReport {
            name: &loaded.name,
            text: &loaded.text,
            diagnostics: &loaded.diagnostics,
        };
        eprint!("{}", render(Format::Human, &[report], false));
        return EXIT_PROBLEMS;
    };
    let players = args.players.unwrap_or(map.map.players.min.max(2));
    let game = match Game::new(map, players, args.mode.as_deref()) {
        Ok(g) => g,
        Err(e @ EngineError::Unsupported(_)) => {
            eprintln!("error: {}: {e}", args.file.display());
            return EXIT_PROBLEMS;
        }
        Err(e) => return usage_error(format!("{}: {e}", args.file.display())),
    };
    let config = Config {
        games: args.games,
        seed: args.seed,
        bots: args.bots,
        threads: args.threads,
        progress: std::io::stderr().is_terminal() && args.format == PlaytestFormat::Human,
    };
    let report = match run_playtest(&game, &config) {
        Ok(r) => r,
        Err(e) => return usage_error(e),
    };
    match args.format {
        PlaytestFormat::Human => super::emit(&render_human(&report)),
        PlaytestFormat::Json => super::emit(&format!(
            "{}\n",
            serde_json::to_string_pretty(&report).expect("plain data")
        )),
    }
    EXIT_OK
}
