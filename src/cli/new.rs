//! `ttrmap new NAME [--template T]`: write a starter map that passes `check`.
//!
//! The map goes to `NAME.toml` (or NAME itself when it ends in `.toml`), with its id and name
//! taken from NAME. The schema is written beside it as `ttrmap.schema.json` (unless present)
//! so the map's `#:schema` line works in an editor at once. An existing map is replaced only
//! with `--force`.

use super::output::{self, Request};
use super::{CliError, EXIT_OK, usage};
use std::path::PathBuf;

/// The templates shipped in `templates/`, by name.
pub const TEMPLATES: &[(&str, &str)] = &[
    ("basic", include_str!("../../templates/basic.toml")),
    ("europe", include_str!("../../templates/europe.toml")),
];

/// What each template is, for `--help`.
const TEMPLATE_DOCS: &[(&str, &str)] = &[
    (
        "basic",
        "the base game's rules (USA): 10 cities, 16 routes, 8 tickets",
    ),
    (
        "europe",
        "Europe's rules: stations, tunnels, ferries, a regular and a long ticket deck",
    ),
];

fn template_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        TEMPLATE_DOCS
            .iter()
            .map(|(name, doc)| clap::builder::PossibleValue::new(name).help(doc)),
    )
}

#[derive(clap::Args)]
pub struct Args {
    /// Name of the new map (`my-map` writes `my-map.toml`).
    name: String,
    /// Template to start from.
    #[arg(long, short, default_value = "basic", value_parser = template_names())]
    template: String,
    /// Replace the map file if it exists (the schema file beside it is kept either way).
    #[arg(long)]
    force: bool,
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let Some((_, template)) = TEMPLATES.iter().find(|(n, _)| *n == args.template) else {
        let names: Vec<&str> = TEMPLATES.iter().map(|(n, _)| *n).collect();
        return Err(usage(format!(
            "unknown template `{}`; templates: {}",
            args.template,
            names.join(", ")
        )));
    };
    let path = if args.name.ends_with(".toml") {
        PathBuf::from(&args.name)
    } else {
        PathBuf::from(format!("{}.toml", args.name))
    };
    // No kinds: an existing file is replaced only with --force.
    let target = output::resolve(&Request {
        path: &path,
        inputs: &[],
        kinds: &[],
        force: args.force,
    })
    .map_err(usage)?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let id = map_id(&stem);
    if id.is_empty() {
        return Err(usage(format!(
            "cannot make a map id from `{stem}`; use letters or digits"
        )));
    }
    let name = stem.replace(['-', '_'], " ");
    let text = template
        .replace("__MAP_ID__", &id)
        .replace("__MAP_NAME__", &toml_escape(&name));
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."));
    let schema_path = dir.join("ttrmap.schema.json");
    if !schema_path.exists() {
        super::write_output(
            &Request {
                path: &schema_path,
                inputs: &[],
                kinds: &[],
                force: false,
            },
            crate::schema::schema_text().as_bytes(),
        )?;
    }
    super::write_to(&target, &path, text.as_bytes())?;
    let shown = path.display().to_string();
    super::emit(&format!(
        "wrote {shown} (template `{}`); next: ttrmap check {}\n",
        args.template,
        shell_quoted(&shown)
    ));
    Ok(EXIT_OK)
}

/// Lowercase letters, digits and single dashes.
/// The map id: the same slug `import` makes for a city (`Côte d'Azur` → `cote-d-azur`), kept
/// to what a map id allows (ASCII letters, digits, dashes; 64 characters).
fn map_id(stem: &str) -> String {
    let mut id = String::new();
    for ch in crate::import::slug::slug(stem).chars() {
        if ch.is_ascii_alphanumeric() {
            id.push(ch);
        } else if !id.is_empty() && !id.ends_with('-') {
            id.push('-');
        }
    }
    let id: String = id.trim_end_matches('-').chars().take(64).collect();
    id.trim_end_matches('-').to_string()
}

/// `s` as one shell word, quoted only when it needs to be.
fn shell_quoted(s: &str) -> String {
    shlex::try_quote(s).map_or_else(|_| s.to_string(), |q| q.into_owned())
}

fn toml_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_has_its_help_line() {
        let names: Vec<&str> = TEMPLATES.iter().map(|(n, _)| *n).collect();
        let documented: Vec<&str> = TEMPLATE_DOCS.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, documented);
    }

    #[test]
    fn ids_are_slugs() {
        assert_eq!(map_id("My Map_2"), "my-map-2");
        assert_eq!(map_id("Castilla y León"), "castilla-y-leon");
        assert_eq!(map_id("Côte d'Azur"), "cote-d-azur");
        assert_eq!(map_id("東京 Tokyo"), "tokyo");
        assert_eq!(map_id("***"), "");
    }

    #[test]
    fn every_template_passes_check() {
        for (name, text) in TEMPLATES {
            let text = text.replace("__MAP_ID__", "t").replace("__MAP_NAME__", "T");
            let loaded = crate::load::load_str(name, &text);
            assert!(
                loaded.diagnostics.is_empty(),
                "template {name}: {:?}",
                loaded.diagnostics
            );
        }
    }
}
