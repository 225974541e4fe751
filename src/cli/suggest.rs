//! `ttrmap suggest tickets MAP [--games N] [--players P] [--bots a,b] [--seed S] [--threads T]
//! [--mode M] [--without K] [--with K] [--format human|json] [--write] [--only LABEL,...]`:
//! ticket values from play, beside the printed and shortest-path values; `--write` writes the
//! suggested values into the map, keeping its comments and order.

use super::playtest::{MAX_GAMES, compile_played, json_text, worker_threads};
use super::{CliError, EXIT_OK, usage};
use crate::playtest::Config;
use crate::playtest::ticket_values::{render_human, suggest, write_values};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(clap::Subcommand)]
pub enum What {
    /// Ticket values that pay every ticket the same points per train, from a playtest.
    Tickets(Args),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
}

/// Values should come from purposeful play: the four playing styles.
use super::play_options::STYLE_BOTS;

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    file: PathBuf,
    /// Games to play.
    #[arg(long, default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// Players per game (default: the map's minimum, at least 2).
    #[arg(long)]
    players: Option<u8>,
    #[arg(long, value_delimiter = ',', default_value = STYLE_BOTS,
          help = super::play_options::BOTS_HELP, long_help = crate::bots::bots_help())]
    bots: Vec<String>,
    #[command(flatten)]
    play: super::play_options::PlayOptions,
    /// Output format: a table, or JSON with each ticket's `label` (what `--only` takes).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Write the suggested values into the map file (only the values change; comments and
    /// order are kept). Tickets without a suggestion keep theirs.
    #[arg(long)]
    write: bool,
    /// With --write: only these tickets, by label (`denver-el-paso`: the json's `label`, a
    /// hyphen for its dash), from either end or as the card reads (`"Denver – El Paso"`).
    #[arg(long, value_delimiter = ',', requires = "write", value_name = "LABEL")]
    only: Vec<String>,
}

pub fn run(what: What) -> Result<i32, CliError> {
    let What::Tickets(args) = what;
    // Refused before the games: a FIFO or standard input cannot be rewritten.
    if args.write {
        super::output::check_in_place(&args.file).map_err(usage)?;
    }
    let clean = super::load_clean_map(&args.file, "")?;
    let players = args.players.unwrap_or(clean.map.map.players.min.max(2));
    let game = compile_played(&clean.map, &args.file, players, &args.play)?;
    let only = only_labels(&args.only, &game, &clean.map).map_err(usage)?;
    let config = Config {
        games: args.games,
        seed: args.play.seed,
        bots: args.bots.clone(),
        threads: worker_threads(args.play.threads, args.games),
        progress: std::io::stderr().is_terminal(),
    };
    let s = suggest(&game, &clean.map, &config)?;
    match args.format {
        Format::Human => super::emit_human(&render_human(&s)),
        Format::Json => super::emit(&json_text(&s)),
    }
    if !args.write {
        return Ok(EXIT_OK);
    }
    let chosen: Vec<(usize, i32)> = s
        .tickets
        .iter()
        .enumerate()
        .filter(|(_, t)| only.is_empty() || only.contains(&t.label))
        .filter(|(_, t)| t.printed != t.suggested)
        .filter_map(|(_, t)| Some((t.source, t.suggested?)))
        .collect();
    let name = args.file.display().to_string();
    let text = write_values(&name, &clean.text, &chosen)?;
    // Like `check --fix`, `--write` rewrites the map it read, on purpose.
    super::output::rewrite_in_place(&args.file, &clean.text, &text).map_err(usage)?;
    eprintln!(
        "wrote {} ticket value{} into {}",
        chosen.len(),
        if chosen.len() == 1 { "" } else { "s" },
        crate::report::text::escape_controls(&name)
    );
    Ok(EXIT_OK)
}

/// `--only`'s names as the tickets' labels: a label as the json gives it, with a hyphen for
/// its dash, read from either end or by the places' names (`crate::typed`); a name that fits
/// no ticket is refused with the closest label.
fn only_labels(
    names: &[String],
    game: &crate::engine::Game,
    map: &crate::model::MapFile,
) -> Result<Vec<String>, String> {
    let place = |id: &str| crate::typed::place_name(map, id);
    let forms: Vec<(String, &str)> = game
        .tickets
        .iter()
        .flat_map(|t| {
            crate::typed::ticket_forms(&t.label, place)
                .into_iter()
                .map(|f| (f, t.label.as_str()))
        })
        .collect();
    let mut labels = Vec::new();
    for name in names {
        let wanted = crate::typed::normalise(name);
        match forms.iter().find(|(f, _)| *f == wanted) {
            Some((_, label)) => labels.push(label.to_string()),
            None => {
                let near = crate::suggest::closest(&wanted, forms.iter().map(|(f, _)| f.as_str()))
                    .and_then(|f| forms.iter().find(|(g, _)| g == f))
                    .map(|(_, label)| crate::typed::normalise(label));
                let hint = near.map_or(String::new(), |l| format!("; did you mean '{l}'?"));
                return Err(format!(
                    "--only {name}: the map has no ticket labelled so{hint}"
                ));
            }
        }
    }
    Ok(labels)
}
