//! `ttrmap playtest MAP --games N --players P [--bots a,b] [--seed S] [--threads T]
//! [--mode M] [--without KEY,...] [--with KEY,...] [--format human|json|html] [--output FILE]
//! [--record FILE]`.

use super::{EXIT_OK, EXIT_PROBLEMS, usage_error};
use crate::engine::{EngineError, Game};
use crate::playtest::record::map_hash;
use crate::playtest::{Config, RecordHeader, Recording, html::render_html, render_human, run_with};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PlaytestFormat {
    Human,
    Json,
    /// A self-contained page: route heat on the board, score histograms, the tables.
    Html,
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
    /// Play without these rules of the map, by the key the refusal names
    /// (`mechanics.mystery_train`) or a bonus as `rules.bonuses.ID`; the report says so.
    #[arg(long, value_delimiter = ',')]
    without: Vec<String>,
    /// Play these optional extensions of the map (`mechanics.mystery_train`), which are left
    /// out by default; the engine refuses one it does not play.
    #[arg(long, value_delimiter = ',', value_name = "KEY")]
    with: Vec<String>,
    #[arg(long, value_enum, default_value = "human")]
    format: PlaytestFormat,
    /// Write the report to this file (atomically) instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Record every game (seed, seats, actions) to this file as JSON Lines, for
    /// `ttrmap replay`. Written atomically when all games are played.
    #[arg(long)]
    record: Option<PathBuf>,
}

pub fn run(args: Args) -> i32 {
    let clean = match super::load_clean_map(&args.file, "") {
        Ok(clean) => clean,
        Err(code) => return code,
    };
    let map = &clean.map;
    let players = args.players.unwrap_or(map.map.players.min.max(2));
    let not_played = match optional_left_out(map, &args.with, &args.without) {
        Ok(keys) => keys,
        Err(e) => return usage_error(format!("{}: {e}", args.file.display())),
    };
    let without: Vec<String> = args.without.iter().chain(&not_played).cloned().collect();
    let game = match Game::new_without(map, players, args.mode.as_deref(), &without) {
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
    let report = match &args.record {
        None => run_with(&game, &config, None),
        Some(path) => {
            let header = RecordHeader {
                map: std::path::absolute(&args.file)
                    .unwrap_or_else(|_| args.file.clone())
                    .display()
                    .to_string(),
                map_hash: map_hash(clean.text.as_bytes()),
                mode: args.mode.clone(),
                players,
                without: without.clone(),
            };
            match record_to(path, |out| {
                run_with(&game, &config, Some(Recording { header, out }))
            }) {
                Ok(r) => Ok(r),
                Err(RecordError::Io(e)) => {
                    return usage_error(format!("cannot write {}: {e}", path.display()));
                }
                Err(RecordError::Run(e)) => Err(e),
            }
        }
    };
    let mut report = match report {
        Ok(r) => r,
        Err(e) => return usage_error(e),
    };
    // Left out because optional, not by the designer's `--without`: said apart in the report.
    report.played_without.retain(|k| !not_played.contains(k));
    report.extensions_not_played = not_played;
    let text = match args.format {
        PlaytestFormat::Human => render_human(&report),
        PlaytestFormat::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&report).expect("plain data")
        ),
        PlaytestFormat::Html => match render_html(&report, map) {
            Ok(page) => page,
            Err(e) => return usage_error(e),
        },
    };
    match &args.output {
        None => super::emit(&text),
        Some(path) => {
            if let Err(e) = super::write_atomic(path, text.as_bytes()) {
                return usage_error(format!("cannot write {}: {e}", path.display()));
            }
        }
    }
    EXIT_OK
}

/// The map's optional extensions (`mechanics.NAME`) this playtest leaves out: all of them
/// but those `with` asks for and those `without` already names. A `with` key that is not an
/// optional extension of the map is an error.
fn optional_left_out(
    map: &crate::model::MapFile,
    with: &[String],
    without: &[String],
) -> Result<Vec<String>, String> {
    let optional: Vec<String> = map
        .mechanics
        .optional()
        .iter()
        .map(|m| format!("mechanics.{m}"))
        .collect();
    if let Some(w) = with.iter().find(|w| !optional.contains(w)) {
        return Err(if optional.is_empty() {
            format!("--with {w}: the map has no optional extension")
        } else {
            format!(
                "--with {w}: not an optional extension of the map; it has {}",
                optional.join(", ")
            )
        });
    }
    Ok(optional
        .into_iter()
        .filter(|k| !with.contains(k) && !without.contains(k))
        .collect())
}

enum RecordError {
    Io(std::io::Error),
    Run(String),
}

/// Runs `play` with a writer into a temporary file beside `path`, renamed to `path` only when
/// everything succeeded: a recording is complete or absent, never partial.
fn record_to<T>(
    path: &std::path::Path,
    play: impl FnOnce(&mut dyn std::io::Write) -> Result<T, String>,
) -> Result<T, RecordError> {
    use std::io::Write as _;
    let tmp = super::temp_beside(path);
    let file = std::fs::File::create(&tmp).map_err(RecordError::Io)?;
    let mut out = std::io::BufWriter::new(file);
    let result = play(&mut out);
    let finished = match result {
        Ok(v) => out
            .flush()
            .and_then(|_| out.get_ref().sync_all())
            .and_then(|_| std::fs::rename(&tmp, path))
            .map(|_| v)
            .map_err(RecordError::Io),
        Err(e) => Err(RecordError::Run(e)),
    };
    if finished.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    finished
}
