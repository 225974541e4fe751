//! `ttrmap check FILE...`: load every file, run the lints on those that loaded cleanly,
//! report every problem, exit 1 if any error (or warning, with `--strict`).

use super::{EXIT_OK, EXIT_PROBLEMS, usage_error};
use crate::diagnostic::Severity;
use crate::load::{Loaded, load_path};
use crate::report::{FileReport, Format, render};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Map files to check.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "human")]
    format: Format,
    /// Exit 1 on warnings too, not only on errors.
    #[arg(long)]
    strict: bool,
    /// Also show information-level lint findings (descriptions, not problems).
    #[arg(long, short)]
    verbose: bool,
    /// Skip the graph lints: syntax, schema and reference checks only.
    #[arg(long)]
    no_lints: bool,
}

pub fn run(args: Args) -> i32 {
    let mut loaded: Vec<Loaded> = Vec::with_capacity(args.files.len());
    for path in &args.files {
        match load_path(path) {
            Ok(mut l) => {
                if !args.no_lints && !l.has_errors() {
                    let found = crate::lint::run(&l);
                    l.diagnostics.extend(
                        found
                            .into_iter()
                            .filter(|d| args.verbose || d.severity != Severity::Info),
                    );
                    crate::load::sort_diagnostics(&mut l.diagnostics);
                }
                loaded.push(l)
            }
            Err(e) => return usage_error(format!("cannot read {}: {e}", path.display())),
        }
    }
    let reports: Vec<FileReport> = loaded
        .iter()
        .map(|l| FileReport {
            name: &l.name,
            text: &l.text,
            diagnostics: &l.diagnostics,
        })
        .collect();
    let color = args.format == Format::Human
        && super::color_wanted(
            std::io::stdout().is_terminal(),
            std::env::var_os("NO_COLOR"),
        );
    super::emit(&render(args.format, &reports, color));
    let worst = loaded
        .iter()
        .flat_map(|l| &l.diagnostics)
        .map(|d| d.severity)
        .max();
    match worst {
        Some(Severity::Error) => EXIT_PROBLEMS,
        Some(Severity::Warning) if args.strict => EXIT_PROBLEMS,
        _ => EXIT_OK,
    }
}
