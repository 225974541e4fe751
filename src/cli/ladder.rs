//! `ttrmap ladder MAP [--tiers a,b,c] [--max-games N] [--p1 P] [--alpha A] [--beta B]
//! [--seed S] [--threads T] [--mode M] [--without K] [--with K] [--format human|json|html]
//! [-o FILE] [--force]`:
//! each tier of bot against the one below it, two players by default, until a sequential test settles
//! it (see `playtest::ladder`). Exit 1 for a map the engine cannot play, 2 for usage.

use super::playtest::{
    MAX_GAMES, PlaytestFormat, compile_played, json_text, report_format, report_target,
    worker_threads, write_report,
};
use super::{CliError, EXIT_OK, usage};
use crate::playtest::ladder::{Config, DEFAULT_TIERS, ladder, render_html, render_human};
use crate::playtest::sprt::Params;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    file: PathBuf,
    /// The tiers, weakest first, comma-separated (`search:N` for the search bot at N rollouts
    /// a decision); each plays the next. Default, leaving out a bot that cannot play the map:
    /// random,long-route,route-focus,one-step,destination-hungry,search:16,search:64
    #[arg(long, value_delimiter = ',')]
    tiers: Option<Vec<String>>,
    /// The most games a step plays when the test has not settled it (whole deals: each deal
    /// is played twice, seats swapped).
    #[arg(long, default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(2..=MAX_GAMES))]
    max_games: u64,
    /// Players per game; the two tiers take the seats in turn (at four, two seats each).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// The win rate that counts as ahead (H1; H0 is 50 %).
    #[arg(long, default_value_t = 0.55)]
    p1: f64,
    /// The chance of calling a tier ahead when it is not (α).
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The chance of calling a tier not ahead when it wins p1 of its games (β).
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    #[command(flatten)]
    play: super::play_options::PlayOptions,
    /// Output format (default: from the output's extension, `.json` or `.html`, else human).
    #[arg(long, value_enum)]
    format: Option<PlaytestFormat>,
    /// Write the ladder to this file (atomically) instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Replace an existing --output file of another kind than a report (.txt, .json, .html).
    #[arg(long)]
    force: bool,
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let sprt = Params {
        p0: 0.5,
        p1: args.p1,
        alpha: args.alpha,
        beta: args.beta,
    };
    sprt.check()
        .map_err(|e| usage(format!("--p1/--alpha/--beta: {e}")))?;
    let format = report_format(args.format, args.output.as_deref()).map_err(usage)?;
    // Checked before the games: a bad output path is refused at once.
    let target = report_target(args.output.as_deref(), &[&args.file], args.force).map_err(usage)?;
    let clean = super::load_clean_map(&args.file, "")?;
    let range = clean.map.map.players;
    if args.players < range.min.max(2) || args.players > range.max {
        return Err(usage(format!(
            "--players {}: {} is played by {} to {} players",
            args.players,
            args.file.display(),
            range.min,
            range.max
        )));
    }
    let game = compile_played(&clean.map, &args.file, args.players, &args.play)?;
    // The default tiers leave out a bot that refuses the map (the search bot on a map whose
    // modules hold hidden state it cannot deal again), saying so; tiers asked for by name
    // are all played, or refused.
    let (tiers, left_out) = match &args.tiers {
        Some(t) => (t.clone(), Vec::new()),
        None => {
            let mut keep = Vec::new();
            let mut out = Vec::new();
            for t in DEFAULT_TIERS.split(',') {
                match crate::bots::by_name(t).map(|b| b.plays(&game)) {
                    Some(Err(why)) => out.push(format!("{t} ({why})")),
                    _ => keep.push(t.to_string()),
                }
            }
            (keep, out)
        }
    };
    let config = Config {
        tiers,
        left_out,
        max_games: args.max_games,
        seed: args.play.seed,
        threads: worker_threads(args.play.threads, args.max_games),
        sprt,
    };
    let result = ladder(&game, &clean.map.map.name, &config)
        .map_err(|e| CliError::from(e).in_file(&args.file))?;
    let text = match format {
        PlaytestFormat::Human => {
            crate::report::text::escape_controls(&render_human(&result)).into_owned()
        }
        PlaytestFormat::Json => json_text(&result),
        PlaytestFormat::Html => render_html(&result),
    };
    write_report(args.output.as_deref(), target.as_ref(), &text)?;
    Ok(EXIT_OK)
}
