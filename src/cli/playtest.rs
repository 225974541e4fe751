//! `ttrmap playtest MAP --games N --players P [--bots a,b] [--seed S] [--threads T]
//! [--mode M] [--without KEY,...] [--with KEY,...] [--format human|json|html] [--output FILE] [--record FILE]
//! [--max-failures PERCENT] [--shard I/N] [--force] [--until-decided [--p1 P] [--alpha A]
//! [--beta B]]`.
//!
//! The report is written by [`finish`], which `ttrmap merge` calls too, from the same totals.

use super::out_format::{self, OtherExtension};
use super::output::{self, Request, Target};
use super::{CliError, EXIT_OK, EXIT_PROBLEMS, usage};
use crate::engine::Game;
use crate::playtest::diagnose::failure_cause;
use crate::playtest::partial::{Part, RunSettings, Shard};
use crate::playtest::record::map_hash;
use crate::playtest::sequential::{Decided, play_until_decided};
use crate::playtest::sprt::Params;
use crate::playtest::totals::Totals;
use crate::playtest::{
    Config, PlaytestError, RecordHeader, Recording, Report, html::render_html, play_range,
    render_human, report_from_totals,
};
use std::io::IsTerminal;
use std::ops::Range;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
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
    /// Games to play (per player count; at most 10,000,000).
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// Players per game, `3`, or a range, `2-5`: one report with a section per count
    /// (default: the map's minimum, at least 2).
    #[arg(long, value_parser = player_counts, value_name = "N|MIN-MAX")]
    players: Option<(u8, u8)>,
    #[arg(long, value_delimiter = ',', default_value = super::play_options::STYLE_BOTS,
          help = super::play_options::BOTS_HELP, long_help = crate::bots::bots_help())]
    bots: Vec<String>,
    #[command(flatten)]
    play: super::play_options::PlayOptions,
    /// Report format (default: from the output's extension, `.json` or `.html`, else human).
    #[arg(long, value_enum)]
    format: Option<PlaytestFormat>,
    /// Write the report to this file (atomically) instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Record every game (seed, seats, actions) to this file as JSON Lines, for
    /// `ttrmap replay`. Written atomically when all games are played.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Exit 1, saying why in one line, when more than this percentage of the games end in a
    /// failure state (the report is still written).
    #[arg(long, default_value_t = 10.0, value_name = "PERCENT", value_parser = percent)]
    max_failures: f64,
    /// Play only shard I of N of the games (1 <= I <= N; the games and seeds a single run
    /// gives that shard) and write its partial result (JSON) for `ttrmap merge`, which writes
    /// the report a single run would.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Replace an existing --output or --record file of another kind than the command writes
    /// (report: .txt, .json, .html; recording: .jsonl). The map is never replaced.
    #[arg(long)]
    force: bool,
    /// Two bots only: stop as soon as a sequential test (the one `ttrmap ladder` uses)
    /// settles whether the first wins at least --p1 of the games or at most 50 %; --games is
    /// then the most played. The report covers the games played and says the verdict.
    #[arg(long)]
    until_decided: bool,
    /// With --until-decided: the win rate that counts as ahead (H1; H0 is 50 %).
    #[arg(long, default_value_t = 0.55, requires = "until_decided")]
    p1: f64,
    /// With --until-decided: the chance of calling the first bot ahead when it is not (α).
    #[arg(long, default_value_t = 0.05, requires = "until_decided")]
    alpha: f64,
    /// With --until-decided: the chance of calling it not ahead when it wins p1 (β).
    #[arg(long, default_value_t = 0.05, requires = "until_decided")]
    beta: f64,
}

/// `3` → (3, 3); `2-5` → (2, 5).
pub(super) fn player_counts(s: &str) -> Result<(u8, u8), String> {
    let count = |t: &str| {
        t.trim()
            .parse::<u8>()
            .map_err(|_| format!("`{t}` is not a player count"))
    };
    let (lo, hi) = match s.split_once('-') {
        Some((a, b)) => (count(a)?, count(b)?),
        None => (count(s)?, count(s)?),
    };
    if lo > hi {
        return Err(format!("`{s}`: the smaller count comes first"));
    }
    Ok((lo, hi))
}

/// Output extensions and the report format each gets; any other extension gets text.
pub(super) const EXTENSIONS: &[(&str, PlaytestFormat)] = &[
    ("json", PlaytestFormat::Json),
    ("html", PlaytestFormat::Html),
    ("htm", PlaytestFormat::Html),
    ("txt", PlaytestFormat::Human),
];

pub(super) fn percent(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim_end_matches('%')
        .parse()
        .map_err(|_| format!("`{s}` is not a percentage"))?;
    if (0.0..=100.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} is not between 0 and 100"))
    }
}

/// The most games one run plays: far beyond what a balance question needs, and a run that
/// ends (an unbounded count would run for centuries).
pub(super) const MAX_GAMES: u64 = 10_000_000;

/// The threads that help: no more than the cores available and the games to play (each game
/// runs on one thread). Says so on stderr when it uses fewer than asked.
pub(super) fn worker_threads(asked: usize, games: u64) -> usize {
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
pub(super) const REPORT_KINDS: &[&str] = &["txt", "json", "html", "htm"];
/// The format of a report command (`playtest`, `merge`, `compare`, `ladder`): `--format`, else
/// the output's extension, else human.
pub(super) fn report_format(
    explicit: Option<PlaytestFormat>,
    output: Option<&Path>,
) -> Result<PlaytestFormat, String> {
    out_format::choose(
        explicit,
        output,
        EXTENSIONS,
        PlaytestFormat::Human,
        OtherExtension::Write(PlaytestFormat::Human),
    )
}

/// Where a report command's `--output` goes, checked before any game is played: only a report
/// file is replaced without `--force`, never one of `inputs`.
pub(super) fn report_target(
    output: Option<&Path>,
    inputs: &[&Path],
    force: bool,
) -> Result<Option<Target>, String> {
    output
        .map(|path| {
            output::resolve(&Request {
                path,
                inputs,
                kinds: REPORT_KINDS,
                force,
            })
        })
        .transpose()
}

/// Writes a report's text to its `--output` (atomically, saying where) or to standard output.
pub(super) fn write_report(
    output: Option<&Path>,
    target: Option<&Target>,
    text: &str,
) -> Result<(), CliError> {
    match (output, target) {
        (Some(path), Some(target)) => {
            super::write_to(target, path, text.as_bytes())?;
            out_format::wrote(path, target);
        }
        _ => super::emit(text),
    }
    Ok(())
}

/// The game a command plays from `play`'s options at `players`: the designer's `--without`
/// and the optional extensions `--with` does not name left out.
pub(super) fn compile_played(
    map: &crate::model::MapFile,
    file: &Path,
    players: u8,
    play: &super::play_options::PlayOptions,
) -> Result<Game, CliError> {
    let left_out = optional_left_out(map, &play.with, &play.without)
        .map_err(|e| usage(format!("{}: {e}", file.display())))?;
    let without: Vec<String> = play.without.iter().chain(&left_out).cloned().collect();
    compile(map, file, players, play.mode.as_deref(), &without)
}

/// Files `--record` writes.
const RECORD_KINDS: &[&str] = &["jsonl"];

pub fn run(args: Args) -> Result<i32, CliError> {
    let (report_target, record_target) = output_targets(&args).map_err(usage)?;
    let format = report_format(args.format, args.output.as_deref()).map_err(usage)?;
    let clean = super::load_clean_map(&args.file, "")?;
    let map = &clean.map;
    let range = map.map.players;
    let (lo, hi) = args.players.unwrap_or((range.min.max(2), range.min.max(2)));
    if lo < range.min || hi > range.max {
        return Err(usage(format!(
            "{}: the map is for {} to {} players (--players {})",
            args.file.display(),
            range.min,
            range.max,
            if lo == hi {
                lo.to_string()
            } else {
                format!("{lo}-{hi}")
            }
        )));
    }
    if lo != hi && format == PlaytestFormat::Html {
        return Err(usage(
            "--format html takes one player count; give --players N",
        ));
    }
    if lo != hi && args.record.is_some() {
        return Err(usage("--record takes one player count; give --players N"));
    }
    let not_played = optional_left_out(map, &args.play.with, &args.play.without)
        .map_err(|e| usage(format!("{}: {e}", args.file.display())))?;
    if args.until_decided {
        if args.shard.is_some() {
            return Err(usage(
                "--until-decided plays until a verdict, so it takes no --shard",
            ));
        }
        sequential_params(&args)
            .check()
            .map_err(|e| usage(format!("--p1/--alpha/--beta: {e}")))?;
    }
    if let Some(shard) = args.shard {
        let targets = (report_target.as_ref(), record_target.as_ref());
        return write_part(&args, &clean, shard, (lo, hi), &not_played, targets);
    }
    let mut reports = Vec::new();
    for players in lo..=hi {
        let record = record_target.as_ref();
        let games = 0..args.games;
        let (game, totals, decided) =
            play_count(&args, &clean, players, &not_played, games, record)?;
        let mut r = report_of(map, &game, &report_config(&args), &totals, &not_played)?;
        r.until_decided = decided;
        reports.push(r);
    }
    let out = Out {
        path: args.output.as_deref(),
        target: report_target.as_ref(),
        format,
    };
    finish(&reports, map, &args.file, &out, args.max_failures)
}

/// Where and how a report goes.
pub(super) struct Out<'a> {
    pub path: Option<&'a Path>,
    pub target: Option<&'a Target>,
    pub format: PlaytestFormat,
}

/// Writes the reports (one per player count) in the chosen format to the output or stdout,
/// and returns the exit code: 1 when a report has more failures than `max_failures` percent
/// (said on stderr).
/// One path for `playtest` and `merge`, so a merged report has the single run's bytes.
pub(super) fn finish(
    reports: &[Report],
    map: &crate::model::MapFile,
    file: &Path,
    out: &Out<'_>,
    max_failures: f64,
) -> Result<i32, CliError> {
    let text = match out.format {
        PlaytestFormat::Human => {
            let text = reports
                .iter()
                .map(render_human)
                .collect::<Vec<_>>()
                .join("\n");
            crate::report::text::escape_controls(&text).into_owned()
        }
        PlaytestFormat::Json if reports.len() == 1 => json_text(&reports[0]),
        PlaytestFormat::Json => json_text(&reports),
        PlaytestFormat::Html => render_html(&reports[0], map).map_err(usage)?,
    };
    write_report(out.path, out.target, &text)?;
    Ok(reports
        .iter()
        .map(|r| too_many_failures(file, r, map, max_failures))
        .max()
        .unwrap_or(EXIT_OK))
}

/// The report of a run's totals, saying which optional extensions were left out.
pub(super) fn report_of(
    map: &crate::model::MapFile,
    game: &Game,
    config: &Config,
    totals: &Totals,
    not_played: &[String],
) -> Result<Report, PlaytestError> {
    let mut report = report_from_totals(game, config, totals)?;
    report.fill_names(map);
    // Left out because optional, not by the designer's `--without`: said apart in the report.
    report.played_without.retain(|k| !not_played.contains(k));
    report.extensions_not_played = not_played.to_vec();
    Ok(report)
}

/// `--shard I/N`: plays the shard's games at every player count and writes the part.
fn write_part(
    args: &Args,
    clean: &super::CleanMap,
    shard: Shard,
    (lo, hi): (u8, u8),
    not_played: &[String],
    (target, record): (Option<&Target>, Option<&Target>),
) -> Result<i32, CliError> {
    if args.format.is_some() {
        return Err(usage(
            "--shard writes a part (JSON) for `ttrmap merge`; give --format to merge instead",
        ));
    }
    let mut sections = Vec::new();
    for players in lo..=hi {
        let range = shard.range(args.games);
        let (_, totals, _) = play_count(args, clean, players, not_played, range, record)?;
        sections.push(totals);
    }
    let settings = RunSettings {
        map: absolute(&args.file),
        map_hash: map_hash(clean.text.as_bytes()),
        ttrmap: env!("CARGO_PKG_VERSION").into(),
        mode: args.play.mode.clone(),
        without: args.play.without.clone(),
        extensions_not_played: not_played.to_vec(),
        bots: args.bots.clone(),
        seed: args.play.seed,
        games: args.games,
        players: (lo..=hi).collect(),
        shards: shard.count,
    };
    let text = Part::new(settings, shard, sections).to_text();
    write_report(args.output.as_deref(), target, &text)?;
    Ok(EXIT_OK)
}

/// A path as the absolute path recorded in recordings and parts.
fn absolute(file: &Path) -> String {
    std::path::absolute(file)
        .unwrap_or_else(|_| file.to_path_buf())
        .display()
        .to_string()
}

/// The run's settings as a [`Config`] to play with: the threads that help, and the progress
/// bar on stderr when it is a terminal (never when piped or redirected).
fn play_config(args: &Args) -> Config {
    Config {
        threads: worker_threads(args.play.threads, args.games),
        progress: std::io::stderr().is_terminal(),
        ..report_config(args)
    }
}

/// The run's settings as the report names them.
fn report_config(args: &Args) -> Config {
    Config {
        games: args.games,
        seed: args.play.seed,
        bots: args.bots.clone(),
        threads: 0,
        progress: false,
    }
}

pub(super) fn json_text(value: &impl serde::Serialize) -> String {
    format!(
        "{}\n",
        serde_json::to_string_pretty(value).expect("plain data")
    )
}

/// Compiles the game at `players` players without the rules `without` (the designer's and
/// the optional extensions left out). A map the engine cannot play is an error worded here
/// (exit 1), a bad option a usage error.
pub(super) fn compile(
    map: &crate::model::MapFile,
    file: &Path,
    players: u8,
    mode: Option<&str>,
    without: &[String],
) -> Result<Game, CliError> {
    // A map problem (exit 1), worded as `check`'s `no-tickets` warning, not a usage error.
    if map.tickets.is_empty() {
        return Err(CliError::Problem(format!(
            "{}: {} (`ttrmap check` reports it as `no-tickets`)",
            file.display(),
            crate::model::NO_TICKETS
        )));
    }
    Game::new_without(map, players, mode, without).map_err(|e| CliError::from(e).in_file(file))
}

/// Plays games `games` of the run at one player count (recording them when asked).
fn play_count(
    args: &Args,
    clean: &super::CleanMap,
    players: u8,
    not_played: &[String],
    games: Range<u64>,
    record: Option<&Target>,
) -> Result<(Game, Totals, Option<Decided>), CliError> {
    let map = &clean.map;
    let without: Vec<String> = args
        .play
        .without
        .iter()
        .chain(not_played)
        .cloned()
        .collect();
    let game = compile(
        map,
        &args.file,
        players,
        args.play.mode.as_deref(),
        &without,
    )?;
    let config = play_config(args);
    // The games of `games`, or with --until-decided those up to the verdict.
    let play =
        |recording: Option<Recording<'_>>| -> Result<(Totals, Option<Decided>), PlaytestError> {
            if args.until_decided {
                let (totals, decided) =
                    play_until_decided(&game, &config, sequential_params(args), recording)?;
                Ok((totals, Some(decided)))
            } else {
                Ok((play_range(&game, &config, games.clone(), recording)?, None))
            }
        };
    let played = match (&args.record, record) {
        (Some(path), Some(target)) => {
            let header = RecordHeader {
                map: absolute(&args.file),
                map_hash: map_hash(clean.text.as_bytes()),
                mode: args.play.mode.clone(),
                players,
                without: without.clone(),
            };
            match record_to(target, |out| play(Some(Recording { header, out }))) {
                Ok(r) => Ok(r),
                Err(RecordError::Io(e)) => {
                    return Err(usage(format!("cannot write {}: {e}", path.display())));
                }
                Err(RecordError::Run(e)) => Err(e),
            }
        }
        _ => play(None),
    };
    let (totals, decided) = played?;
    Ok((game, totals, decided))
}

/// The sequential test of --until-decided: H0 50 %, H1 --p1, errors --alpha and --beta.
fn sequential_params(args: &Args) -> Params {
    Params {
        p0: 0.5,
        p1: args.p1,
        alpha: args.alpha,
        beta: args.beta,
    }
}

/// `EXIT_PROBLEMS`, with the cause in one line on stderr, when the failure states exceed
/// `max_percent` of the games; `EXIT_OK` otherwise.
fn too_many_failures(
    file: &Path,
    report: &Report,
    map: &crate::model::MapFile,
    max_percent: f64,
) -> i32 {
    // failures × 100 against games × max, not a rounded rate: 10 % of 1,000 games allows
    // exactly 100 failures.
    let allowed = report.games as f64 * max_percent;
    if report.failures == 0 || (report.failures as f64 * 100.0) <= allowed {
        return EXIT_OK;
    }
    let cause = failure_cause(report, map).unwrap_or_default();
    eprintln!(
        "error: {}: {} of {} games ended in a failure state (more than --max-failures {max_percent}%): {cause}",
        file.display(),
        report.failures,
        report.games,
    );
    EXIT_PROBLEMS
}

/// The map's optional extensions (`mechanics.NAME`) this playtest leaves out: all of them
/// but those `with` asks for and those `without` already names. A `with` key that is not an
/// optional extension of the map is an error.
pub(super) fn optional_left_out(
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
        let has = if optional.is_empty() {
            "the map has no optional extension".to_string()
        } else {
            format!("its optional extensions: {}", optional.join(", "))
        };
        let name = w.strip_prefix("mechanics.").unwrap_or(w);
        // A mechanic the map declares without `optional = true` is part of its rules: say
        // that, rather than only what `--with` takes.
        if map.mechanics.declared().contains(&name) {
            return Err(format!(
                "--with {w}: the map always plays `{w}` (it is not `optional = true`), so there is nothing to switch on; {has}"
            ));
        }
        let near = crate::suggest::did_you_mean(w, optional.iter().map(String::as_str))
            .map_or(String::new(), |d| format!("; {d}"));
        return Err(format!("--with {w}: the map has no `{w}`{near}; {has}"));
    }
    Ok(optional
        .into_iter()
        .filter(|k| !with.contains(k) && !without.contains(k))
        .collect())
}

enum RecordError {
    Io(std::io::Error),
    Run(PlaytestError),
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
    play: impl FnOnce(&mut dyn std::io::Write) -> Result<T, PlaytestError>,
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
