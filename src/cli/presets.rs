//! `ttrmap presets [NAME]`: list the rule presets, or print one fully resolved.

use super::{EXIT_OK, usage_error};
use crate::load::{PRESETS, resolve_rules};

#[derive(clap::Args)]
pub struct Args {
    /// A preset to print with its whole base chain merged in.
    name: Option<String>,
}

pub fn run(args: Args) -> i32 {
    match args.name {
        None => {
            for (name, text) in PRESETS {
                let summary = text.lines().next().unwrap_or("").trim_start_matches("# ");
                super::emit(&format!("{name:<16} {summary}\n"));
            }
            EXIT_OK
        }
        Some(name) => match resolve_rules(&name) {
            Ok(v) => {
                super::emit(&toml::to_string_pretty(&v).unwrap_or_default());
                EXIT_OK
            }
            Err(d) => usage_error(format!(
                "{}{}",
                d.message,
                d.help.map(|h| format!("; {h}")).unwrap_or_default()
            )),
        },
    }
}
