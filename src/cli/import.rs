//! `ttrmap import DIR -o MAP.toml`: turn a folder of CSV files into a map file.
//!
//! Exit codes: 2 when the folder or a file cannot be read, the output exists (without
//! `--force`) or cannot be written; 1 when a row is malformed or the map would not pass
//! `check`; 0 when the map was written. The output is loaded and checked before it is written,
//! and written atomically, so a failed import never leaves a file behind or changes one.

use super::output::{self, Request};
use super::{CliError, EXIT_OK, usage};
use crate::import::{ImportError, Options, import_dir, slug};
use crate::model::PlayerRange;
use crate::report::{FileReport, Format, render};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Folder holding cities.csv, routes.csv, and optionally tickets.csv and map-settings.json.
    dir: PathBuf,
    /// The map file to write.
    #[arg(long, short)]
    output: PathBuf,
    /// Replace the output file if it exists.
    #[arg(long)]
    force: bool,
    /// Map id (default: from the output file's name).
    #[arg(long)]
    id: Option<String>,
    /// Map display name (default: the folder's name).
    #[arg(long)]
    name: Option<String>,
    /// Rule preset the map builds on (`ttrmap presets` lists them).
    #[arg(long, default_value = "usa")]
    base: String,
    /// Player range, `MIN-MAX`.
    #[arg(long, default_value = "2-5", value_parser = parse_players)]
    players: PlayerRange,
    /// Write `#:schema REF` as the first line (e.g. `../schemas/ttrmap.schema.json`).
    #[arg(long)]
    schema: Option<String>,
    /// Import only tickets of this deck (the `deck` column); repeat for several. Default: all.
    #[arg(long = "deck")]
    decks: Vec<String>,
}

fn parse_players(s: &str) -> Result<PlayerRange, String> {
    let (min, max) = s.split_once('-').unwrap_or((s, s));
    let parse = |v: &str| {
        v.trim()
            .parse::<u8>()
            .map_err(|_| format!("`{s}` is not a player range like 2-5"))
    };
    Ok(PlayerRange {
        min: parse(min)?,
        max: parse(max)?,
    })
}

/// The files `import` reads from the folder: never an output, even with `--force`.
const INPUTS: &[&str] = &[
    "cities.csv",
    "routes.csv",
    "tickets.csv",
    "map-settings.json",
];

pub fn run(args: Args) -> Result<i32, CliError> {
    let inputs: Vec<PathBuf> = INPUTS.iter().map(|f| args.dir.join(f)).collect();
    let inputs: Vec<&std::path::Path> = inputs.iter().map(PathBuf::as_path).collect();
    // No kinds: any existing file, a map in particular, is replaced only with --force.
    let target = output::resolve(&Request {
        path: &args.output,
        inputs: &inputs,
        kinds: &[],
        force: args.force,
    })
    .map_err(usage)?;
    let stem = args
        .output
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let id = args.id.clone().unwrap_or_else(|| slug(&stem));
    let name = args.name.clone().unwrap_or_else(|| {
        args.dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| stem.clone())
    });
    let opts = Options {
        id,
        name,
        base: args.base.clone(),
        players: args.players,
        schema_ref: args.schema.clone(),
        decks: args.decks.clone(),
    };
    let text = match import_dir(&args.dir, &opts) {
        Ok(t) => t,
        Err(e @ ImportError::Io { .. }) => return Err(usage(e)),
        Err(e @ (ImportError::Data { .. } | ImportError::Rows(_))) => {
            return Err(CliError::Problem(e.to_string()));
        }
    };
    let out_name = args.output.display().to_string();
    let loaded = crate::load::load_str(&out_name, &text);
    if loaded.has_errors() || loaded.map.is_none() {
        let report = FileReport {
            name: &loaded.name,
            text: &loaded.text,
            diagnostics: &loaded.diagnostics,
        };
        eprint!(
            "{}",
            render(Format::Human, &[report], false, crate::lint::codes::summary)
        );
        return Err(CliError::Problem(format!(
            "the imported map does not pass `check`; {} was not written",
            args.output.display()
        )));
    }
    super::write_to(&target, &args.output, text.as_bytes())?;
    let map = loaded.map.as_ref().expect("checked above");
    let stats = crate::stats::compute(map);
    println!(
        "wrote {}: {} cities, {} routes ({} lanes, {} spaces), {} tickets; next: ttrmap check {}",
        args.output.display(),
        stats.cities,
        stats.routes,
        stats.lanes,
        stats.spaces,
        stats.tickets,
        args.output.display()
    );
    Ok(EXIT_OK)
}
