//! The lints of `ttrmap check` on a file with errors: they run on the parts of the file that
//! loaded and check clean (`load::Partial`), and a rule whose inputs did not all load
//! (`load::inputs`) is not run at all, so no finding comes from a part that is missing. Each
//! rule left out is said at information level (shown with `--verbose`), one note per reason.

use crate::diagnostic::{Diagnostic, Severity};
use crate::load::Loaded;
use crate::load::inputs;

/// The lint findings for `l`, which has errors, and a `lint-skipped` note per rule not run.
pub fn run(l: &Loaded) -> Vec<Diagnostic> {
    let p = match &l.partial {
        Some(Ok(p)) => p,
        Some(Err(why)) => return vec![note(format!("lints not run: {why}"))],
        None => return vec![note("lints not run: the file did not parse".into())],
    };
    let mut skipped = Vec::new();
    let rules = crate::lint::registry::RULES
        .iter()
        .filter(|r| !r.from_loader);
    for rule in rules {
        let mut why = p.gaps.blocks(&rule.inputs());
        if p.gaps.stood_in.contains("lint") {
            why = Some("`lint` did not load".into());
        }
        // Whether the map can be played is asked of a map that loads: on a file with a typo,
        // "no tickets" would be one more finding that is not the typo.
        if rule.id == "no-tickets" {
            why = Some("playability is judged on a map that loads without errors".into());
        }
        if let Some(why) = why {
            skipped.push((rule.id, why));
        }
    }
    let lint_table = inputs::LINT_TABLE;
    let view = Loaded {
        name: l.name.clone(),
        text: l.text.clone(),
        map: Some(p.map.clone()),
        spans: Some(p.spans.clone()),
        diagnostics: Vec::new(),
        partial: None,
    };
    let mut out: Vec<Diagnostic> = crate::lint::run(&view)
        .into_iter()
        .filter(|d| {
            if d.code == "unknown-lint" {
                return p.gaps.blocks(&lint_table).is_none();
            }
            !skipped.iter().any(|(id, _)| *id == d.code)
        })
        .collect();
    // One note per reason, naming its rules.
    let mut by_reason: Vec<(String, Vec<&str>)> = Vec::new();
    for (id, why) in skipped {
        match by_reason.iter_mut().find(|(w, _)| *w == why) {
            Some((_, ids)) => ids.push(id),
            None => by_reason.push((why, vec![id])),
        }
    }
    out.extend(by_reason.into_iter().map(|(why, ids)| {
        note(format!(
            "not run on a file with errors, as {why}: {}",
            ids.join(", ")
        ))
    }));
    out
}

fn note(message: String) -> Diagnostic {
    Diagnostic {
        severity: Severity::Info,
        ..Diagnostic::warning("lint-skipped", message)
    }
}
