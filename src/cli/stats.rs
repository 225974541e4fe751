//! `ttrmap stats FILE [--format json]`.

use super::{CliError, EXIT_OK};
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
    /// Output format: the tables as text, or every count as JSON.
    #[arg(long, value_enum, default_value = "text")]
    format: StatsFormat,
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let map = super::load_clean_map(&args.file, "")?.map;
    let map = &map;
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
        StatsFormat::Text => super::emit_human(&format!(
            "{}{}",
            crate::stats::render_text(&map.map.name, &stats),
            crate::stats::render_tables_text(&tables)
        )),
    }
    Ok(EXIT_OK)
}
