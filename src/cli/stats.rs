//! `ttrmap stats FILE [--format json]`.

use super::{EXIT_OK, EXIT_PROBLEMS, usage_error};
use crate::load::load_path;
use crate::report::{FileReport, Format, render};
use std::path::PathBuf;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StatsFormat {
    Text,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The map file.
    file: PathBuf,
    #[arg(long, value_enum, default_value = "text")]
    format: StatsFormat,
}

pub fn run(args: Args) -> i32 {
    let loaded = match load_path(&args.file) {
        Ok(l) => l,
        Err(e) => return usage_error(format!("cannot read {}: {e}", args.file.display())),
    };
    let Some(map) = loaded.map.as_ref().filter(|_| !loaded.has_errors()) else {
        let report = FileReport {
            name: &loaded.name,
            text: &loaded.text,
            diagnostics: &loaded.diagnostics,
        };
        eprint!("{}", render(Format::Human, &[report], false));
        return EXIT_PROBLEMS;
    };
    let stats = crate::stats::compute(map);
    let tables = crate::stats::tables(map);
    match args.format {
        StatsFormat::Json => {
            let full = crate::stats::Full {
                stats: &stats,
                tables: &tables,
            };
            super::emit(&format!(
                "{}\n",
                serde_json::to_string_pretty(&full).expect("plain data")
            ))
        }
        StatsFormat::Text => super::emit(&format!(
            "{}{}",
            crate::stats::render_text(&map.map.name, &stats),
            crate::stats::render_tables_text(&tables)
        )),
    }
    EXIT_OK
}
