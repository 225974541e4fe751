//! `ttrmap explain CODE`: what a diagnostic code means.

use super::{EXIT_OK, usage_error};
use crate::suggest::did_you_mean;

#[derive(clap::Args)]
pub struct Args {
    /// The code, as printed by `check` (`unknown-city`). Omit it to list every code.
    code: Option<String>,
}

/// Codes reported by the loader itself, before the semantic checks.
const LOADER_CODES: &[(&str, &str)] = &[
    ("toml-syntax", "the file is not valid TOML"),
    (
        "schema",
        "the file does not match the map format's JSON Schema (`ttrmap schema`)",
    ),
    ("encoding", "the file is not valid UTF-8"),
    (
        "file-too-large",
        "the file is larger than any map file should be",
    ),
    (
        "unknown-preset",
        "`rules.base` names a preset that does not exist",
    ),
    (
        "internal",
        "a bug in ttrmap: the map passed the schema but not the model",
    ),
];

pub fn run(args: Args) -> i32 {
    let all = || LOADER_CODES.iter().chain(crate::check::CODES);
    match args.code {
        None => {
            for (code, summary) in all() {
                println!("{code:<20} {summary}");
            }
            EXIT_OK
        }
        Some(code) => match all().find(|(c, _)| *c == code) {
            Some((c, summary)) => {
                println!("{c}: {summary}");
                EXIT_OK
            }
            None => usage_error(format!(
                "unknown code `{code}`{}",
                did_you_mean(&code, all().map(|(c, _)| *c))
                    .map(|h| format!("; {h}"))
                    .unwrap_or_default()
            )),
        },
    }
}
