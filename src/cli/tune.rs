//! `ttrmap tune MAP --goal GOAL... [--games N] [--budget MINUTES | --max-games N]
//! [--max-edits K] [--candidates C] [--freeze NAME,...] [--allow-lint CODE,...] [--write]
//! [--format human|json|html] [-o FILE]`: small edits (ticket values, route lengths, lane
//! colours, ferry locomotives, a ticket deck scaled, the route scoring table) that bring the
//! playtest's figures inside the designer's bands, each measured on paired games, then
//! confirmed original against tuned on fresh games. `--write` applies them to the map.

use super::playtest::{
    MAX_GAMES, PlaytestFormat, json_text, optional_left_out, report_format, report_target,
    worker_threads, write_report,
};
use super::{CliError, EXIT_OK, usage};
use crate::tune::candidates::{Frozen, KINDS};
use crate::tune::goal::Goal;
use crate::tune::{Budget, Settings};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The USA map, a bound for `style-spread<=usa`: balanced by its designers and played by
/// everyone, so a spread "no wider than the USA's" is one a designer can state.
const USA: &str = include_str!("../../maps/usa.toml");

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    file: PathBuf,
    /// What the map should do, e.g. `seat-spread<3%`, `style-spread<=usa` (no wider than the
    /// USA map's at the same players, bots and games), `style-spread<=OTHER.toml`,
    /// `turns>40` (repeatable). A goal holds when its whole 95 % interval is inside.
    #[arg(long, required = true, value_name = "GOAL")]
    goal: Vec<Goal>,
    /// Games of a full evaluation (a round's last step; earlier steps play an eighth, a
    /// quarter, a half).
    #[arg(long, default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(8..=MAX_GAMES))]
    games: u64,
    /// Games of the final confirmation, original against tuned (default: eight times
    /// --games, so that its interval is about a third as wide as a full evaluation's and a
    /// goal near its band can be confirmed).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    confirm_games: Option<u64>,
    /// Players per game (default: the map's minimum, at least 2).
    #[arg(long)]
    players: Option<u8>,
    #[arg(long, value_delimiter = ',', default_value = super::play_options::STYLE_BOTS,
          help = super::play_options::BOTS_HELP, long_help = crate::bots::bots_help())]
    bots: Vec<String>,
    #[command(flatten)]
    play: super::play_options::PlayOptions,
    /// CPU minutes the search may spend: a round starts only if it fits at the pace measured
    /// so far (the report gives the --max-games and --check-cost that stop at the same place).
    #[arg(long, default_value_t = 10.0, value_parser = minutes)]
    budget: f64,
    /// Games the search may spend in all, instead of --budget: the same proposals on any
    /// machine.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_games: Option<u64>,
    /// With --max-games: the games one candidate check (loading, linting and compiling an
    /// edited map) counts as (default 0; with --budget it is measured, and the report prints
    /// it).
    #[arg(long, default_value_t = 0, requires = "max_games")]
    check_cost: u64,
    /// Edits proposed at most.
    #[arg(long, default_value_t = 10)]
    max_edits: usize,
    /// Candidate edits each round tries.
    #[arg(long, default_value_t = 48,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=512))]
    candidates: usize,
    /// Rounds in a row with no confirmed edit before the search stops (each such round moves
    /// on to candidates not tried yet).
    #[arg(long, default_value_t = 6,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1000))]
    patience: usize,
    /// Edits the search may not make: a kind (ticket-points, route-length, route-colour,
    /// ferry-locomotives, ticket-deck, route-points), a route by id or `from-to`, or a ticket
    /// by label (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "NAME")]
    freeze: Vec<String>,
    /// Lint codes an edit may add findings of (comma-separated), e.g. `route-drawn-length`
    /// when the designer will move cities to fit new lengths. Every other new finding, and
    /// every broken `[lint.expect]` fact, refuses the edit.
    #[arg(long, value_delimiter = ',', value_name = "CODE")]
    allow_lint: Vec<String>,
    /// Apply the proposed edits to the map file (only the edited values change).
    #[arg(long)]
    write: bool,
    /// Output format (default: from the output's extension, `.json` or `.html`, else human).
    #[arg(long, value_enum)]
    format: Option<PlaytestFormat>,
    /// Write the report to this file (atomically) instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Replace an existing --output file of another kind than a report.
    #[arg(long)]
    force: bool,
}

fn minutes(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 10_000.0 => Ok(v),
        _ => Err(format!("`{s}` is not a number of minutes above 0")),
    }
}

/// A map bound's name and text: `usa`, else a map file.
fn reference(bound: &str) -> Result<(String, String), String> {
    if bound.eq_ignore_ascii_case("usa") {
        return Ok(("usa".into(), USA.into()));
    }
    let path = Path::new(bound);
    let bytes = crate::load::read_file_limited(path, crate::load::MAX_FILE_BYTES, "map files")
        .map_err(|e| {
            format!("`{bound}` is neither `usa` nor a map file one can read ({e}); a spread's bound is a percentage, `usa` or a map file")
        })?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{bound} is not UTF-8 text"))?;
    Ok((bound.to_string(), text))
}

/// Every `--freeze` name is a kind of edit, a route or a ticket of the map.
fn check_frozen(map: &crate::model::MapFile, names: &[String]) -> Result<(), String> {
    let mut known: Vec<String> = KINDS.iter().map(|k| k.to_string()).collect();
    for r in &map.routes {
        known.push(r.id());
        known.push(format!("{}-{}", r.to, r.from));
    }
    known.extend(map.tickets.iter().map(|t| t.label()));
    for name in names {
        if !known.contains(name) {
            let near = crate::suggest::did_you_mean(name, known.iter().map(String::as_str))
                .map_or(String::new(), |d| format!("; {d}"));
            return Err(format!(
                "--freeze {name}: not a kind of edit ({}), a route (`from-to` or its id) or a ticket label of the map{near}",
                KINDS.join(", ")
            ));
        }
    }
    Ok(())
}

/// The search's settings from the command line: `left_out` holds the optional extensions
/// `--with` does not name.
fn settings(args: &Args, players: u8, left_out: Vec<String>) -> Settings {
    Settings {
        players,
        mode: args.play.mode.clone(),
        without: args.play.without.iter().chain(&left_out).cloned().collect(),
        bots: args.bots.clone(),
        games: args.games,
        seed: args.play.seed,
        threads: worker_threads(args.play.threads, args.games),
        max_edits: args.max_edits,
        candidates: args.candidates,
        patience: args.patience,
        frozen: Frozen {
            names: args.freeze.clone(),
        },
        confirm_games: args
            .confirm_games
            .unwrap_or(args.games.saturating_mul(8).min(MAX_GAMES)),
        allow_lint: args.allow_lint.clone(),
        progress: std::io::stderr().is_terminal(),
    }
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let format = report_format(args.format, args.output.as_deref()).map_err(usage)?;
    let inputs: [&Path; 1] = [&args.file];
    let target = report_target(args.output.as_deref(), &inputs, args.force).map_err(usage)?;
    if args.write {
        super::output::check_in_place(&args.file).map_err(usage)?;
    }
    let clean = super::load_clean_map(&args.file, "")?;
    check_frozen(&clean.map, &args.freeze).map_err(usage)?;
    let players = args.players.unwrap_or(clean.map.map.players.min.max(2));
    let left_out = optional_left_out(&clean.map, &args.play.with, &args.play.without)
        .map_err(|e| usage(format!("{}: {e}", args.file.display())))?;
    // Refused here with `playtest`'s words (an unknown bot, a mode, players out of range).
    super::playtest::compile_played(&clean.map, &args.file, players, &args.play)?;
    let settings = settings(&args, players, left_out);
    crate::playtest::bot_names(&crate::playtest::Config {
        games: 1,
        seed: 0,
        bots: settings.bots.clone(),
        threads: 1,
        progress: false,
    })?;
    let budget = match args.max_games {
        Some(games) => Budget::Games {
            games,
            check_cost: args.check_cost,
        },
        None => Budget::CpuSeconds(args.budget * 60.0),
    };
    let name = args.file.display().to_string();
    let tuning = crate::tune::tune(
        &name,
        &clean.text,
        &args.goal,
        &reference,
        &settings,
        budget,
    )?;
    let text = match format {
        PlaytestFormat::Json => json_text(&tuning),
        PlaytestFormat::Html => {
            let tuned = crate::load::load_str(&name, &tuning.tuned_text).map;
            let page = tuned
                .ok_or_else(|| "the tuned map does not load".to_string())
                .and_then(|m| crate::tune::render::html(&tuning, &m).map_err(|e| e.to_string()));
            page.map_err(usage)?
        }
        PlaytestFormat::Human => {
            crate::report::text::escape_controls(&crate::tune::render::human(&tuning)).into_owned()
        }
    };
    write_report(args.output.as_deref(), target.as_ref(), &text)?;
    if !args.write || tuning.steps.is_empty() {
        return Ok(EXIT_OK);
    }
    super::output::rewrite_in_place(&args.file, &clean.text, &tuning.tuned_text).map_err(usage)?;
    eprintln!(
        "wrote {} edit{} into {name}",
        tuning.steps.len(),
        if tuning.steps.len() == 1 { "" } else { "s" }
    );
    Ok(EXIT_OK)
}
