//! `ttrmap compare OLD [NEW] --games N [--players P] [--bots a,b] [--seed S] [--threads T]
//! [--mode M] [--without K] [--with K] [--new-mode M] [--new-without K] [--new-with K]
//! [--format human|json|html] [-o FILE] [--fail-if COND]... [--until-decided [--alpha A]]
//! [--force]`: two versions of a map, or one map under two sets of options, played game by
//! game with the same seeds, bots and seats; what changed, with 95 % intervals. Exit 1 when a
//! `--fail-if` condition holds.

use super::output;
use super::playtest::{
    MAX_GAMES, PlaytestFormat, compile, json_text, optional_left_out, report_format, report_target,
    worker_threads, write_report,
};
use super::{CleanMap, CliError, EXIT_OK, EXIT_PROBLEMS, usage};
use crate::engine::Game;
use crate::playtest::compare::fail_if::{self, Condition};
use crate::playtest::compare::{Side, compare, compare_until_decided, html, render};
use crate::playtest::{Config, PlaytestError};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The map as it was.
    old: PathBuf,
    /// The map as it is now (default: OLD again, to compare options: `--new-without ...`).
    new: Option<PathBuf>,
    /// Paired games: each is played on both versions with the same seed and seats.
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// Players per game (default: the old map's minimum, at least 2).
    #[arg(long)]
    players: Option<u8>,
    #[arg(long, value_delimiter = ',', default_value = super::play_options::STYLE_BOTS,
          help = super::play_options::BOTS_HELP, long_help = crate::bots::bots_help())]
    bots: Vec<String>,
    #[command(flatten)]
    play: super::play_options::PlayOptions,
    /// Game mode of the new version only.
    #[arg(long)]
    new_mode: Option<String>,
    /// Rules the new version is played without, besides --without.
    #[arg(long, value_delimiter = ',', value_name = "KEY")]
    new_without: Vec<String>,
    /// Optional extensions the new version plays, besides --with.
    #[arg(long, value_delimiter = ',', value_name = "KEY")]
    new_with: Vec<String>,
    /// Output format (default: from the output's extension, `.json` or `.html`, else human).
    #[arg(long, value_enum)]
    format: Option<PlaytestFormat>,
    /// Write the comparison to this file (atomically) instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Exit 1 when this holds, e.g. `seat-spread>5%` (repeatable). Names: seat-spread,
    /// bot-spread, failure-rate (of the new version), seat-spread-change, turns-change,
    /// significant (how many figures changed significantly).
    #[arg(long, value_name = "COND")]
    fail_if: Vec<Condition>,
    /// Stop as soon as every --fail-if condition is settled, holding or not (--games is then
    /// the most played): the comparison looks at 100 games, 200, 400, ... and --games, and
    /// settles a condition when its measure's interval, at --alpha split over the looks, lies
    /// on one side of its threshold. The report says after how many games. Not with
    /// `significant`.
    #[arg(long)]
    until_decided: bool,
    /// With --until-decided: the chance of settling a condition the wrong way.
    #[arg(long, default_value_t = 0.05, requires = "until_decided",
          value_parser = open_rate)]
    alpha: f64,
    /// Replace an existing --output file of another kind than a report (.txt, .json, .html).
    #[arg(long)]
    force: bool,
}

/// A rate strictly between 0 and 1.
fn open_rate(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v < 1.0 => Ok(v),
        _ => Err(format!("`{s}` is not a rate between 0 and 1 (e.g. 0.05)")),
    }
}

/// One version's options.
struct Options<'a> {
    mode: Option<&'a str>,
    without: Vec<String>,
    with: Vec<String>,
}

/// Compiles one version.
fn version(file: &Path, clean: &CleanMap, players: u8, o: &Options<'_>) -> Result<Game, CliError> {
    let left_out = optional_left_out(&clean.map, &o.with, &o.without)
        .map_err(|e| usage(format!("{}: {e}", file.display())))?;
    let without: Vec<String> = o.without.iter().chain(&left_out).cloned().collect();
    compile(&clean.map, file, players, o.mode, &without)
}

/// The codes of a map's lint findings.
fn lint_codes(name: &Path, clean: &CleanMap) -> Vec<&'static str> {
    let loaded = crate::load::load_str(&name.display().to_string(), &clean.text);
    crate::lint::run(&loaded).iter().map(|d| d.code).collect()
}

/// How a version is named in the report: its file, and its options when they differ.
fn label(file: &Path, o: &Options<'_>, differs: bool) -> String {
    let mut s = file.display().to_string();
    if differs {
        if let Some(m) = o.mode {
            s.push_str(&format!(" --mode {m}"));
        }
        if !o.without.is_empty() {
            s.push_str(&format!(" --without {}", o.without.join(",")));
        }
        if !o.with.is_empty() {
            s.push_str(&format!(" --with {}", o.with.join(",")));
        }
    }
    s
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let new_path = args.new.clone().unwrap_or_else(|| args.old.clone());
    if args.until_decided {
        crate::playtest::compare::until_decided::check(&args.fail_if)
            .map_err(PlaytestError::from)?;
    }
    let format = report_format(args.format, args.output.as_deref()).map_err(usage)?;
    let inputs: [&std::path::Path; 2] = [&args.old, &new_path];
    let target = report_target(args.output.as_deref(), &inputs, args.force).map_err(usage)?;
    // Both versions are read (and compiled, below) whatever the first gives, each saying
    // what is wrong with it as it is found; the first error decides the exit code.
    let old = super::load_clean_map(&args.old, "").map_err(CliError::reported_now);
    let new = super::load_clean_map(&new_path, "").map_err(CliError::reported_now);
    let (old, new) = (old?, new?);
    let range = old.map.map.players;
    let players = args.players.unwrap_or(range.min.max(2));
    let old_opts = Options {
        mode: args.play.mode.as_deref(),
        without: args.play.without.clone(),
        with: args.play.with.clone(),
    };
    let new_opts = Options {
        mode: args.new_mode.as_deref().or(args.play.mode.as_deref()),
        without: args
            .play
            .without
            .iter()
            .chain(&args.new_without)
            .cloned()
            .collect(),
        with: args
            .play
            .with
            .iter()
            .chain(&args.new_with)
            .cloned()
            .collect(),
    };
    let old_game = version(&args.old, &old, players, &old_opts).map_err(CliError::reported_now);
    let new_game = version(&new_path, &new, players, &new_opts).map_err(CliError::reported_now);
    let (old_game, new_game) = (old_game?, new_game?);
    let differs =
        args.new_mode.is_some() || !args.new_without.is_empty() || !args.new_with.is_empty();
    let old_side = Side {
        label: label(&args.old, &old_opts, differs),
        game: &old_game,
        map: &old.map,
        lint: lint_codes(&args.old, &old),
    };
    let new_side = Side {
        label: label(&new_path, &new_opts, differs),
        game: &new_game,
        map: &new.map,
        lint: lint_codes(&new_path, &new),
    };
    let config = Config {
        games: args.games,
        seed: args.play.seed,
        bots: args.bots.clone(),
        threads: worker_threads(args.play.threads, args.games),
        progress: std::io::stderr().is_terminal(),
    };
    let compared = if args.until_decided {
        compare_until_decided(&old_side, &new_side, &config, &args.fail_if, args.alpha)
    } else {
        compare(&old_side, &new_side, &config)
    };
    let comparison = compared?;
    write(&args, target.as_ref(), format, &comparison, &new.map)?;
    let failed = fail_if::failed(&args.fail_if, &comparison);
    for line in &failed {
        eprintln!("error: {line}");
    }
    Ok(if failed.is_empty() {
        EXIT_OK
    } else {
        EXIT_PROBLEMS
    })
}

/// Writes the comparison in `format` to the output or stdout.
fn write(
    args: &Args,
    target: Option<&output::Target>,
    format: PlaytestFormat,
    comparison: &crate::playtest::compare::Comparison,
    new_map: &crate::model::MapFile,
) -> Result<(), CliError> {
    let text = match format {
        PlaytestFormat::Human => {
            crate::report::text::escape_controls(&render::human(comparison)).into_owned()
        }
        PlaytestFormat::Json => json_text(comparison),
        PlaytestFormat::Html => html::render_html(comparison, new_map).map_err(usage)?,
    };
    write_report(args.output.as_deref(), target, &text)
}
