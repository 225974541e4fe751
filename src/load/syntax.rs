//! One TOML syntax error, at the place a person would fix.
//!
//! The toml crate's recovering parser goes on after an error and reports what it meets on the
//! way: one missing `]` gave hundreds of "invalid boolean" and "missing comma" errors, with
//! the one right message ("unclosed array") last, at the end of the file. So a file with syntax
//! errors gets one diagnostic: the first problem, located where it began
//! (`super::syntax_scan`): the `[`, `{` or quote that never closes, the two values with no
//! comma between them, or the `[x]` header of a table that is a `[[x]]` list elsewhere. What
//! the parser reports after it may follow from it, so it is not shown; fixing it and checking
//! again shows the next.

use super::syntax_scan::{self, Container, Header, Issue};
use crate::diagnostic::Diagnostic;
use std::ops::Range;

/// The one diagnostic for a text the parser rejected with `errors` (not empty).
pub(super) fn diagnose(text: &str, errors: &[toml::de::Error]) -> Diagnostic {
    let scan = syntax_scan::scan(text);
    let conflict = header_conflict(text, &scan.headers);
    // A header of the wrong kind makes the parser call the right ones duplicates.
    let explained = |e: &toml::de::Error| {
        conflict.as_ref().is_some_and(|(name, _)| {
            e.message().trim() == "duplicate key"
                && scan
                    .headers
                    .iter()
                    .any(|h| &h.name == name && e.span().is_some_and(|s| overlaps(&s, &h.span)))
        })
    };
    let first = errors
        .iter()
        .filter(|e| !explained(e))
        .min_by_key(|e| e.span().map_or(usize::MAX, |s| s.start));
    let first_at = first.and_then(|e| e.span()).map_or(usize::MAX, |s| s.start);
    let mut candidates: Vec<(usize, Diagnostic)> = Vec::new();
    if let Some((_, d)) = conflict {
        let at = d.span.as_ref().map_or(0, |s| s.start);
        candidates.push((at, d));
    }
    // The scan's issue explains the parser's first error when it begins at or before it.
    match scan.issue {
        Some(issue) if issue.start() <= first_at => {
            candidates.push((issue.start(), from_issue(text, &issue)))
        }
        _ => {
            if let Some(e) = first {
                candidates.push((first_at, from_parser(text, e)));
            }
        }
    }
    candidates
        .into_iter()
        .min_by_key(|(at, _)| *at)
        .map(|(_, d)| d)
        .unwrap_or_else(|| from_parser(text, &errors[0]))
}

fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end.max(b.start + 1) && b.start < a.end.max(a.start + 1)
}

/// 1-based line of a byte offset.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

fn from_issue(text: &str, issue: &Issue) -> Diagnostic {
    match issue {
        Issue::UnclosedString {
            open,
            end,
            multiline: false,
        } => Diagnostic::error(
            "toml-syntax",
            "unclosed string: its line ends before the closing quote",
        )
        .with_span(*open..*end)
        .with_label("this string is not closed")
        .with_help(format!(
            "add the closing {q} where the text ends; a string in {q}…{q} stays on one line \
             (text over several lines goes in {q}{q}{q}…{q}{q}{q})",
            q = &text[*open..*open + 1]
        )),
        Issue::UnclosedString { open, .. } => {
            let q = &text[*open..*open + 3];
            Diagnostic::error(
                "toml-syntax",
                format!("unclosed multi-line string: no closing {q} before the end of the file"),
            )
            .with_span(*open..*open + 3)
            .with_label("this string is not closed")
            .with_help(format!("add {q} where the text ends"))
        }
        Issue::UnclosedContainer { kind, open, last } => {
            let (what, close) = match kind {
                Container::Array => ("array", ']'),
                Container::InlineTable => ("inline table", '}'),
            };
            let opened = &text[*open..*open + 1];
            let mut d = Diagnostic::error(
                "toml-syntax",
                format!(
                    "unclosed {what}: the `{opened}` on line {} has no `{close}`",
                    line_of(text, *open)
                ),
            )
            .with_span(*last..*last)
            .with_label(format!("`{close}` expected here"));
            d = d.with_help(match kind {
                Container::Array => {
                    format!("add `{close}` after the last element, as in `[\"red\", \"blue\"]`")
                }
                Container::InlineTable => format!(
                    "add `{close}` after the last entry, as in `{{ anchor = \"n\" }}` (or a comma \
                     if the table goes on)"
                ),
            });
            d
        }
        Issue::MissingComma {
            kind, after, next, ..
        } => {
            let (message, help) = match kind {
                Container::Array => (
                    "missing comma between array elements",
                    "separate the elements with commas, as in `[830, 450]`",
                ),
                Container::InlineTable => (
                    "missing comma between the entries of an inline table",
                    "separate the entries with commas, as in `{ anchor = \"n\", dx = 4 }`",
                ),
            };
            Diagnostic::error("toml-syntax", message)
                .with_span(*after..next.start)
                .with_label("`,` expected here")
                .with_help(help)
        }
    }
}

/// A name written both as `[x]` and `[[x]]`: the diagnostic at the first header of the kind
/// used less (a `[tickets]` among the `[[tickets]]`), with the name.
fn header_conflict(text: &str, headers: &[Header]) -> Option<(String, Diagnostic)> {
    for (i, h) in headers.iter().enumerate() {
        if headers[..i].iter().any(|o| o.name == h.name) {
            continue; // each name once, at its first header
        }
        let same: Vec<&Header> = headers.iter().filter(|o| o.name == h.name).collect();
        let lists = same.iter().filter(|o| o.array).count();
        let tables = same.len() - lists;
        if lists == 0 || tables == 0 {
            continue;
        }
        // The odd one out is the typo; on a tie, the later kind.
        let wrong_is_table = tables < lists
            || (tables == lists
                && same.iter().rposition(|o| !o.array) > same.iter().rposition(|o| o.array));
        let wrong = same.iter().find(|o| o.array != wrong_is_table)?;
        let right = same.iter().find(|o| o.array == wrong_is_table)?;
        let right_line = line_of(text, right.span.start);
        let name = &h.name;
        let d = if wrong_is_table {
            Diagnostic::error(
                "toml-syntax",
                format!(
                    "`[{name}]` is a single table, but `{name}` is a list of tables \
                     (`[[{name}]]` on line {right_line})"
                ),
            )
            .with_label("`[[` expected")
            .with_help(format!(
                "write `[[{name}]]` to add an entry to the list (two brackets on each side)"
            ))
        } else {
            Diagnostic::error(
                "toml-syntax",
                format!(
                    "`[[{name}]]` starts a list of tables, but `{name}` is a single table \
                     (`[{name}]` on line {right_line})"
                ),
            )
            .with_label("`[` expected")
            .with_help(format!(
                "write `[{name}]` (one bracket on each side); a table is written once per file"
            ))
        };
        return Some((name.clone(), d.with_span(wrong.span.clone())));
    }
    None
}

/// A parser error as it stands, with the offending text named where the message is terse.
fn from_parser(text: &str, e: &toml::de::Error) -> Diagnostic {
    let span = e.span().unwrap_or(0..0);
    let message = e.message().trim().to_string();
    let snippet = text.get(span.clone()).unwrap_or("").trim();
    let (message, help) = match message.as_str() {
        "duplicate key" if !snippet.is_empty() => (
            format!("duplicate key `{snippet}`"),
            Some(
                "a key may be defined once per table; a `[table]` header once per file".to_string(),
            ),
        ),
        _ if text[span.start.min(text.len())..].starts_with('{') && span.start == 0 => (
            message,
            Some("this looks like JSON; map files are TOML (`key = value`)".to_string()),
        ),
        _ => (message, None),
    };
    Diagnostic::error("toml-syntax", message)
        .with_span(span)
        .with_label("here")
        .with_help_opt(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Diagnostic {
        let (_, errors) = toml::de::DeTable::parse_recoverable(text);
        assert!(!errors.is_empty(), "{text:?} parsed");
        diagnose(text, &errors)
    }

    fn line(text: &str, d: &Diagnostic) -> usize {
        line_of(text, d.span.as_ref().expect("located").start)
    }

    #[test]
    fn a_table_header_among_lists_is_the_one_named() {
        let text = "[[t]]\na = 1\n[[t]]\na = 2\n[t]\na = 3\n[[t]]\na = 4\n";
        let d = one(text);
        assert_eq!(line(text, &d), 5, "{d:?}");
        assert!(d.message.contains("`[t]` is a single table"), "{d:?}");
    }

    #[test]
    fn a_list_header_for_a_table_is_the_one_named() {
        let text = "[m]\na = 1\n[[m]]\nb = 2\n";
        let d = one(text);
        assert_eq!(line(text, &d), 3, "{d:?}");
        assert!(d.message.contains("`[[m]]` starts a list"), "{d:?}");
    }

    #[test]
    fn an_error_before_the_scans_issue_is_the_parsers() {
        // `1x` is bad before the unclosed array opens.
        let text = "a = 1x\nb = [1, 2\n";
        let d = one(text);
        assert_eq!(line(text, &d), 1, "{d:?}");
    }
}
