//! `ttrmap presets [NAME]`: list the rule presets, or print one fully resolved.

use super::{EXIT_OK, usage_error};
use crate::load::{PRESETS, resolve_rules};
use crate::model::Rules;

#[derive(clap::Args)]
pub struct Args {
    /// A preset to print with every rule resolved: the base game, then its chain of presets.
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
        Some(name) => match resolve_rules(&name).map(|v| resolved_text(&v)) {
            Ok(Ok(text)) => {
                super::emit(&format!(
                    "# `{name}` resolved: every rule a map with `base = \"{name}\"` plays by \
                     unless it sets its own\n{text}"
                ));
                EXIT_OK
            }
            Ok(Err(e)) => usage_error(format!("preset `{name}` does not resolve: {e}")),
            Err(d) => usage_error(format!(
                "{}{}",
                d.message,
                d.help.map(|h| format!("; {h}")).unwrap_or_default()
            )),
        },
    }
}

/// The preset chain's merged `[rules]` over the base game's defaults, every key written out
/// (what a map on this preset plays by when it sets nothing), as TOML.
fn resolved_text(chain: &serde_json::Value) -> Result<String, String> {
    let partial = chain
        .get("rules")
        .cloned()
        .unwrap_or_else(|| serde_json::json!({}));
    let mut rules: Rules = serde_json::from_value(partial).map_err(|e| e.to_string())?;
    // The chain is merged in already; a `base` line would read as something to write.
    rules.base = None;
    #[derive(serde::Serialize)]
    struct Resolved {
        rules: Rules,
    }
    toml::to_string_pretty(&Resolved { rules }).map_err(|e| e.to_string())
}
