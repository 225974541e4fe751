//! `ttrmap presets [NAME]`: list the rule presets, or print one fully resolved.

use super::{CliError, EXIT_OK, usage};
use crate::load::{PRESETS, resolve_rules};
use crate::model::Rules;

#[derive(clap::Args)]
pub struct Args {
    /// A preset to print with every rule resolved: the base game, then its chain of presets.
    name: Option<String>,
}

pub fn run(args: Args) -> Result<i32, CliError> {
    match args.name {
        None => {
            for (name, text) in PRESETS {
                super::emit(&format!("{name:<16} {}\n", wrap(&summary(text), 17, 100)));
            }
            Ok(EXIT_OK)
        }
        Some(name) => match resolve_rules(&name).map(|v| resolved_text(&v)) {
            Ok(Ok(text)) => {
                super::emit(&format!(
                    "# `{name}` resolved: every rule a map with `base = \"{name}\"` plays by \
                     unless it sets its own\n{text}"
                ));
                Ok(EXIT_OK)
            }
            Ok(Err(e)) => Err(usage(format!("preset `{name}` does not resolve: {e}"))),
            Err(d) => Err(usage(format!(
                "{}{}",
                d.message,
                d.help.map(|h| format!("; {h}")).unwrap_or_default()
            ))),
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

/// The first sentence of a preset's leading comment, whole (a sentence may run over several
/// comment lines: Nordic's does).
fn summary(text: &str) -> String {
    let comment: Vec<&str> = text
        .lines()
        .map_while(|l| l.strip_prefix('#'))
        .map(str::trim)
        .collect();
    let joined = comment.join(" ");
    match joined.find(". ") {
        Some(i) => joined[..=i].to_string(),
        None => joined,
    }
}

/// `text` in lines of at most `width` characters, the later ones indented by `indent`
/// (the name column) and the first starting there.
fn wrap(text: &str, indent: usize, width: usize) -> String {
    let mut out = String::new();
    let mut column = indent;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if column > indent && column + 1 + len > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
        } else if column > indent {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += len;
    }
    out
}
