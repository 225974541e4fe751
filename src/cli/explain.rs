//! `ttrmap explain CODE`: what a lint rule, a diagnostic code or an engine mechanic module
//! means. For a lint rule or a module this prints its file's own doc comment, so the two
//! never drift apart.

use super::{CliError, EXIT_OK, usage};
use crate::suggest::did_you_mean;

#[derive(clap::Args)]
pub struct Args {
    /// The code, as printed by `check` (`unknown-city`). Omit it to list every code.
    code: Option<String>,
}

pub fn run(args: Args) -> Result<i32, CliError> {
    let rules = crate::lint::registry::RULES;
    // Lint rules document themselves; loader, check and position codes have a one-line
    // summary.
    let plain = || {
        crate::load::CODES
            .iter()
            .chain(crate::check::CODES)
            .chain(crate::engine::position::CODES)
            .chain(crate::lint::TABLE_CODES)
            .filter(|(c, _)| crate::lint::registry::find(c).is_none())
    };
    let modules = crate::engine::mechanics::MODULE_DOCS;
    let all = || {
        rules
            .iter()
            .map(|r| r.id)
            .chain(plain().map(|(c, _)| *c))
            .chain(modules.iter().map(|(id, _)| *id))
    };
    match args.code {
        None => {
            super::emit("lint rules (level: default):\n");
            for r in rules {
                super::emit(&format!(
                    "  {:<24} {:<5} {}\n",
                    r.id,
                    r.default.name(),
                    r.summary()
                ));
            }
            super::emit(
                "load, check and score codes (errors unless the line says a warning; `lint-skipped` information):\n",
            );
            for (code, summary) in plain() {
                super::emit(&format!("  {code:<24} {summary}\n"));
            }
            super::emit("engine mechanic modules (switched on by a map's data):\n");
            for (id, source) in modules {
                let doc = crate::doc_comment::module_doc(source);
                super::emit(&format!(
                    "  {id:<24} {}\n",
                    crate::doc_comment::summary(&doc)
                ));
            }
            Ok(EXIT_OK)
        }
        Some(code) => match (
            crate::lint::registry::find(&code),
            plain().find(|(c, _)| *c == code),
        ) {
            (Some(rule), _) => {
                super::emit(&format!("{}\n", rule.doc()));
                super::emit(&format!("\nDefault level: {}.\n", rule.default.name()));
                Ok(EXIT_OK)
            }
            (None, Some((c, summary))) => {
                super::emit(&format!("{c}: {summary}\n"));
                Ok(EXIT_OK)
            }
            (None, None) if modules.iter().any(|(id, _)| *id == code) => {
                let (_, source) = modules.iter().find(|(id, _)| *id == code).expect("found");
                super::emit(&format!(
                    "{}\n\nAn engine mechanic module: `ttrmap playtest` and `ttrmap score` play it when a map's data asks for it.\n",
                    crate::doc_comment::module_doc(source)
                ));
                Ok(EXIT_OK)
            }
            (None, None) => Err(usage(format!(
                "unknown code `{code}`{}",
                did_you_mean(&code, all())
                    .map(|h| format!("; {h}"))
                    .unwrap_or_default()
            ))),
        },
    }
}
