//! `check --fix` and `--diff`: the fixes the diagnostics carry ([`Diagnostic::fix`]: a
//! ticket's value, a misspelt id with one close match) applied to the file's text. Only the
//! text under each finding's span changes, so comments, order and layout are kept as written.

use crate::diagnostic::{Diagnostic, LineIndex};
use std::ops::Range;

/// One applied fix: where, what was there, what is there now, and why.
pub struct Applied {
    pub line: usize,
    pub old: String,
    pub new: String,
    pub code: &'static str,
}

/// `text` with every fix of `diagnostics` applied, and what changed (in file order). Fixes
/// whose spans overlap an earlier one are left out (applied by the next run).
pub fn apply(text: &str, diagnostics: &[Diagnostic]) -> (String, Vec<Applied>) {
    let mut fixes: Vec<(Range<usize>, &str, &'static str)> = diagnostics
        .iter()
        .filter_map(|d| Some((d.span.clone()?, d.fix.as_deref()?.as_str(), d.code)))
        .filter(|(span, _, _)| span.end <= text.len() && span.start < span.end)
        .collect();
    fixes.sort_by_key(|(span, _, _)| span.start);
    let index = LineIndex::new(text);
    let mut edits = Vec::new();
    let mut applied = Vec::new();
    let mut at = 0;
    for (span, new, code) in fixes {
        if span.start < at {
            continue;
        }
        at = span.end;
        applied.push(Applied {
            line: index.line_col(span.start).0,
            old: text[span.clone()].to_string(),
            new: new.to_string(),
            code,
        });
        edits.push((span, new.to_string()));
    }
    (crate::spans::splice(text, edits), applied)
}

/// A unified diff from `old` to `new` for `name` (shared with `tune`, which lives below the
/// command layer).
pub use crate::report::text::unified_diff as diff;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_spans_change_and_overlaps_wait() {
        let text = "a = \"x\" # keep\nb = 1\n";
        let ds = [
            Diagnostic::error("t", "m")
                .with_span(4..7)
                .with_fix("\"y\""),
            Diagnostic::error("t", "m").with_span(5..6).with_fix("z"),
            Diagnostic::error("t", "m").with_span(19..20).with_fix("2"),
        ];
        let (out, applied) = apply(text, &ds);
        assert_eq!(out, "a = \"y\" # keep\nb = 2\n");
        assert_eq!(applied.len(), 2);
        assert_eq!(applied[1].line, 2);
    }
}
