//! `ttrmap merge PARTS... [--map MAP] [--format human|json|html] [-o FILE] [--max-failures P]
//! [--force]`: the report of a playtest played in shards (`playtest --shard I/N`), the same
//! bytes as one run of all the games. The parts are read one at a time into one running total
//! per player count, so memory does not grow with the games or the parts.

use super::output::{self, Request};
use super::playtest::{
    Out, PlaytestFormat, REPORT_KINDS, compile, finish, percent, report_format, report_of,
};
use super::usage_error;
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
fn read_part(path: &Path) -> Result<Part, String> {
    let limit = MAX_PART_BYTES as usize;
    let text = crate::load::read_text_limited(path, limit, "part files")
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Part::from_text(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads the parts one at a time into one running total; every shard must be there once.
fn merge_parts(parts: &[PathBuf]) -> Result<Merger, String> {
    let mut merger: Option<Merger> = None;
    for path in parts {
        let part = read_part(path)?;
        match merger.as_mut() {
            None => merger = Some(Merger::new(part)),
            Some(m) => m
                .add(part)
                .map_err(|e| format!("{}: {e}", path.display()))?,
        }
    }
    let merger = merger.ok_or("no parts given")?;
    let missing = merger.missing();
    if !missing.is_empty() {
        let list: Vec<String> = missing.iter().map(|i| i.to_string()).collect();
        return Err(format!(
            "shard{} {} of {} missing: merge needs every part of the run",
            if missing.len() == 1 { "" } else { "s" },
            list.join(", "),
            merger.settings.shards
        ));
    }
    Ok(merger)
}

pub fn run(args: Args) -> i32 {
    let format = match report_format(args.format, args.output.as_deref()) {
        Ok(f) => f,
        Err(e) => return usage_error(e),
    };
    let merger = match merge_parts(&args.parts) {
        Ok(m) => m,
        Err(e) => return usage_error(e),
    };
    let s = &merger.settings;
    if s.ttrmap != env!("CARGO_PKG_VERSION") {
        return usage_error(format!(
            "the parts were played by ttrmap {}, this is {}: merge them with that version",
            s.ttrmap,
            env!("CARGO_PKG_VERSION")
        ));
    }
    if s.players.len() > 1 && format == PlaytestFormat::Html {
        return usage_error("--format html takes one player count; these parts have several");
    }
    let map_path = args.map.clone().unwrap_or_else(|| PathBuf::from(&s.map));
    let mut inputs: Vec<&Path> = args.parts.iter().map(PathBuf::as_path).collect();
    inputs.push(&map_path);
    let target = match args
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
    {
        Ok(t) => t,
        Err(e) => return usage_error(e),
    };
    let hint = " (the parts name it; give --map MAP when it lives elsewhere)";
    let clean = match super::load_clean_map(&map_path, hint) {
        Ok(c) => c,
        Err(code) => return code,
    };
    if map_hash(clean.text.as_bytes()) != s.map_hash {
        return usage_error(format!(
            "{} is not the map the parts were played on (it changed since: hash {}, the parts {})",
            map_path.display(),
            map_hash(clean.text.as_bytes()),
            s.map_hash
        ));
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
        let game = match compile(&clean.map, &map_path, players, s.mode.as_deref(), &without) {
            Ok(g) => g,
            Err(code) => return code,
        };
        match report_of(&clean.map, &game, &config, totals, &s.extensions_not_played) {
            Ok(r) => reports.push(r),
            Err(e) => {
                return usage_error(format!("the parts do not fit {}: {e}", map_path.display()));
            }
        }
    }
    let out = Out {
        path: args.output.as_deref(),
        target: target.as_ref(),
        format,
    };
    finish(&reports, &clean.map, &map_path, &out, args.max_failures)
}
