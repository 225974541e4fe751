//! `ttrmap playtest MAP --games N --players P [--bots a,b] [--seed S] [--threads T]
//! [--mode M] [--without KEY,...] [--format human|json|html] [--output FILE] [--record FILE]`.

use super::output::{self, Request, Target};
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
    /// Games to play (at most 10,000,000).
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(0..=MAX_GAMES))]
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
    /// Worker threads (0: one per core; at most 256, and no more than the cores or the games
    /// are used). Results do not depend on it.
    #[arg(long, default_value_t = 0,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_THREADS))]
    threads: usize,
    /// Game mode id (maps with `[[modes]]`; default the first).
    #[arg(long)]
    mode: Option<String>,
    /// Play without these rules of the map, by the key the refusal names
    /// (`mechanics.mystery_train`) or a bonus as `rules.bonuses.ID`; the report says so.
    #[arg(long, value_delimiter = ',')]
    without: Vec<String>,
    #[arg(long, value_enum, default_value = "human")]
    format: PlaytestFormat,
    /// Write the report to this file (atomically) instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Record every game (seed, seats, actions) to this file as JSON Lines, for
    /// `ttrmap replay`. Written atomically when all games are played.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Replace an existing --output or --record file of another kind than the command writes
    /// (report: .txt, .json, .html; recording: .jsonl). The map is never replaced.
    #[arg(long)]
    force: bool,
}

/// The most games one run plays: far beyond what a balance question needs, and a run that
/// ends (an unbounded count would run for centuries).
const MAX_GAMES: u64 = 10_000_000;
/// The most threads one may ask for; more than the cores is capped anyway (see
/// [`worker_threads`]).
const MAX_THREADS: u64 = 256;

/// The threads that help: no more than the cores available and the games to play (each game
/// runs on one thread). Says so on stderr when it uses fewer than asked.
fn worker_threads(asked: usize, games: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let games = usize::try_from(games.max(1)).unwrap_or(usize::MAX);
    let want = if asked == 0 { cores } else { asked };
    let used = want.min(cores).min(games);
    if asked != 0 && used < asked {
        eprintln!(
            "note: --threads {asked}: {used} used (no more than the {cores} cores and the {games} games)"
        );
    }
    used
}

/// Files `--output` writes: an existing one of these kinds is replaced without `--force`.
const REPORT_KINDS: &[&str] = &["txt", "json", "html", "htm"];
/// Files `--record` writes.
const RECORD_KINDS: &[&str] = &["jsonl"];

pub fn run(args: Args) -> i32 {
    let (report_target, record_target) = match output_targets(&args) {
        Ok(t) => t,
        Err(e) => return usage_error(e),
    };
    let clean = match super::load_clean_map(&args.file, "") {
        Ok(clean) => clean,
        Err(code) => return code,
    };
    let map = &clean.map;
    let players = args.players.unwrap_or(map.map.players.min.max(2));
    let game = match Game::new_without(map, players, args.mode.as_deref(), &args.without) {
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
        threads: worker_threads(args.threads, args.games),
        progress: std::io::stderr().is_terminal() && args.format == PlaytestFormat::Human,
    };
    let report = match &args.record {
        None => run_with(&game, &config, None),
        Some(path) => {
            let target = record_target.as_ref().expect("resolved with --record");
            let header = RecordHeader {
                map: std::path::absolute(&args.file)
                    .unwrap_or_else(|_| args.file.clone())
                    .display()
                    .to_string(),
                map_hash: map_hash(clean.text.as_bytes()),
                mode: args.mode.clone(),
                players,
                without: args.without.clone(),
            };
            match record_to(target, |out| {
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
    let report = match report {
        Ok(r) => r,
        Err(e) => return usage_error(e),
    };
    let text = match args.format {
        PlaytestFormat::Human => {
            crate::report::text::escape_controls(&render_human(&report)).into_owned()
        }
        PlaytestFormat::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&report).expect("plain data")
        ),
        PlaytestFormat::Html => match render_html(&report, map) {
            Ok(page) => page,
            Err(e) => return usage_error(e),
        },
    };
    match (&args.output, &report_target) {
        (Some(path), Some(target)) => {
            if let Err(e) = output::write(target, text.as_bytes()) {
                return usage_error(format!("cannot write {}: {e}", path.display()));
            }
        }
        _ => super::emit(&text),
    }
    EXIT_OK
}

enum RecordError {
    Io(std::io::Error),
    Run(String),
}

/// Checks `--output` and `--record` before any game is played: neither may be the map, nor
/// the same file as the other.
fn output_targets(args: &Args) -> Result<(Option<Target>, Option<Target>), String> {
    if let (Some(o), Some(r)) = (&args.output, &args.record) {
        let same = match (std::path::absolute(o), std::path::absolute(r)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        } || output::same_file(o, r);
        if same {
            return Err(format!(
                "--output and --record are the same file ({}); give two names",
                o.display()
            ));
        }
    }
    let resolve = |path: &Option<PathBuf>, kinds| {
        path.as_deref()
            .map(|path| {
                output::resolve(&Request {
                    path,
                    inputs: &[&args.file],
                    kinds,
                    force: args.force,
                })
            })
            .transpose()
    };
    Ok((
        resolve(&args.output, REPORT_KINDS)?,
        resolve(&args.record, RECORD_KINDS)?,
    ))
}

/// Runs `play` with a writer into the recording's target: for a file, a temporary file beside
/// it, renamed over it only when everything succeeded, so a recording is complete or absent,
/// never partial (and the temporary file is removed on failure or SIGINT/SIGTERM).
fn record_to<T>(
    target: &Target,
    play: impl FnOnce(&mut dyn std::io::Write) -> Result<T, String>,
) -> Result<T, RecordError> {
    let file = output::Output::create(target).map_err(RecordError::Io)?;
    let mut out = std::io::BufWriter::new(file);
    let value = play(&mut out).map_err(RecordError::Run)?;
    let file = out
        .into_inner()
        .map_err(|e| RecordError::Io(e.into_error()))?;
    file.commit().map_err(RecordError::Io)?;
    Ok(value)
}
