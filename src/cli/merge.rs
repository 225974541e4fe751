//! `ttrmap merge PARTS... [--map MAP] [--format human|json|html] [-o FILE] [--max-failures P]
//! [--force]`: the report of a playtest played in shards (`playtest --shard I/N`), the same
//! bytes as one run of all the games. The parts are read one at a time into one running total
//! per player count, so memory does not grow with the games or the parts.

use super::output::{self, Request};
use super::playtest::{
    Out, PlaytestFormat, REPORT_KINDS, compile, finish, percent, report_format, report_of,
};
use super::{CliError, usage};
use crate::playtest::Config;
use crate::playtest::partial::{MAX_PART_BYTES, Merger, Part};
use crate::playtest::record::map_hash;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The parts, one per shard in any order (`playtest --shard I/N -o FILE` writes them).
    #[arg(required = true, value_name = "PARTS")]
    parts: Vec<PathBuf>,
    /// The map the parts were played on (default: the path they name). It must be the same
    /// bytes.
    #[arg(long)]
    map: Option<PathBuf>,
    /// Report format (default: from the output's extension, `.json` or `.html`, else human).
    #[arg(long, value_enum)]
    format: Option<PlaytestFormat>,
    /// Write the report to this file (atomically) instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Exit 1, saying why in one line, when more than this percentage of the games ended in a
    /// failure state (the report is still written).
    #[arg(long, default_value_t = 10.0, value_name = "PERCENT", value_parser = percent)]
    max_failures: f64,
    /// Replace an existing --output file of another kind than a report (.txt, .json, .html).
    #[arg(long)]
    force: bool,
}

/// Reads one part file, at most [`MAX_PART_BYTES`].
fn read_part(path: &Path) -> Result<Part, CliError> {
    let limit = MAX_PART_BYTES as usize;
    let text = crate::load::read_text_limited(path, limit, "part files")
        .map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
    Part::from_text(&text).map_err(|e| CliError::from(e).in_file(path))
}

/// Reads the parts one at a time into one running total; every shard must be there once.
fn merge_parts(parts: &[PathBuf]) -> Result<Merger, CliError> {
    let mut merger: Option<Merger> = None;
    for path in parts {
        let part = read_part(path)?;
        match merger.as_mut() {
            None => merger = Some(Merger::new(part)),
            Some(m) => m.add(part).map_err(|e| CliError::from(e).in_file(path))?,
        }
    }
    let merger = merger.ok_or_else(|| usage("no parts given"))?;
    let missing = merger.missing();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|i| i.to_string()).collect();
        return Err(usage(format!(
            "shard{} {} of {} missing: merge needs every part of the run",
            if missing.len() == 1 { "" } else { "s" },
            list.join(", "),
            merger.settings.shards
        )));
    }
    Ok(merger)
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let format = report_format(args.format, args.output.as_deref()).map_err(usage)?;
    let merger = merge_parts(&args.parts)?;
    let s = &merger.settings;
    if s.ttrmap != env!("CARGO_PKG_VERSION") {
        return Err(usage(format!(
            "the parts were played by ttrmap {}, this is {}: merge them with that version",
            s.ttrmap,
            env!("CARGO_PKG_VERSION")
        )));
    }
    if s.players.len() > 1 && format == PlaytestFormat::Html {
        return Err(usage(
            "--format html takes one player count; these parts have several",
        ));
    }
    let map_path = args.map.clone().unwrap_or_else(|| PathBuf::from(&s.map));
    let mut inputs: Vec<&Path> = args.parts.iter().map(PathBuf::as_path).collect();
    inputs.push(&map_path);
    let target = args
        .output
        .as_deref()
        .map(|path| {
            output::resolve(&Request {
                path,
                inputs: &inputs,
                kinds: REPORT_KINDS,
                force: args.force,
            })
        })
        .transpose()
        .map_err(usage)?;
    let hint = " (the parts name it; give --map MAP when it lives elsewhere)";
    let clean = super::load_clean_map(&map_path, hint)?;
    if map_hash(clean.text.as_bytes()) != s.map_hash {
        return Err(usage(format!(
            "{} is not the map the parts were played on (it changed since: hash {}, the parts {})",
            map_path.display(),
            map_hash(clean.text.as_bytes()),
            s.map_hash
        )));
    }
    let config = Config {
        games: s.games,
        seed: s.seed,
        bots: s.bots.clone(),
        threads: 0,
        progress: false,
    };
    let without: Vec<String> = s
        .without
        .iter()
        .chain(&s.extensions_not_played)
        .cloned()
        .collect();
    let mut reports = Vec::new();
    for (&players, totals) in s.players.iter().zip(&merger.sections) {
        let game = compile(&clean.map, &map_path, players, s.mode.as_deref(), &without)?;
        let report = report_of(&clean.map, &game, &config, totals, &s.extensions_not_played)
            .map_err(|e| usage(format!("the parts do not fit {}: {e}", map_path.display())))?;
        reports.push(report);
    }
    let out = Out {
        path: args.output.as_deref(),
        target: target.as_ref(),
        format,
    };
    finish(&reports, &clean.map, &map_path, &out, args.max_failures)
}
