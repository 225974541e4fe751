//! `[lint.known]`: the findings a map knows of and keeps, each with its reason (Old West's
//! 51st ticket, Germany's missing tickets). Their warnings become information: shown with
//! `--verbose`, the reason in the help line, no longer failing `check --strict`. An error
//! stays an error (a map with one cannot be used whatever the reason). An entry naming no
//! code, or one that finds nothing any more, is a warning, so a reason cannot outlive its
//! finding unseen.

use crate::diagnostic::{Diagnostic, Severity};
use crate::load::Loaded;

/// Applies the map's `[lint.known]` to `found` (the file's findings, loader and lints).
/// `complete`: every check and lint ran on a clean map, so an entry that matched nothing is
/// stale (not merely unrun).
pub fn apply(loaded: &Loaded, found: &mut Vec<Diagnostic>, complete: bool) {
    let Some(map) = loaded.map.as_ref() else {
        return;
    };
    let known = &map.lint.known;
    if known.is_empty() {
        return;
    }
    let mut used = std::collections::BTreeSet::new();
    for d in found.iter_mut() {
        if let Some(reason) = known.get(d.code) {
            used.insert(d.code);
            if d.severity == Severity::Warning {
                d.severity = Severity::Info;
                d.help = Some(format!("known to this map (`[lint.known]`): {reason}"));
            }
        }
    }
    let mut extra = Vec::new();
    for code in known.keys() {
        let path = crate::path!["lint", "known", code.as_str()];
        let at = loaded.key_span_of(&path);
        if super::codes::summary(code).is_none() {
            let mut d = Diagnostic::warning("unknown-lint", format!("unknown code `{code}`"))
                .with_label("no rule or check of this code")
                .with_help_opt(crate::suggest::did_you_mean(code, super::codes::all()));
            d.span = at;
            extra.push(d);
        } else if complete && !used.contains(code.as_str()) {
            let mut d = Diagnostic::warning(
                "known-unused",
                format!("`[lint.known]` names `{code}`, which finds nothing in this map"),
            )
            .with_label("nothing of this code")
            .with_help("remove the entry: its reason no longer describes the map");
            d.span = at;
            extra.push(d);
        }
    }
    found.extend(extra);
}
