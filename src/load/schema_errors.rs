//! Schema validation of the whole document, every violation at once, each mapped back to
//! the span of the offending key or value.

use crate::diagnostic::Diagnostic;
use crate::report::text::{quote, quote_json};
use crate::spans::{Seg, SpanNode, pointer};
use crate::suggest::did_you_mean;
use jsonschema::error::ValidationErrorKind;
use jsonschema::paths::LocationSegment;
use serde_json::Value;

/// Every schema violation in `doc`, as diagnostics with spans.
pub fn validate(doc: &Value, spans: &SpanNode) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for err in crate::schema::validator().iter_errors(doc) {
        let path: Vec<Seg> = err
            .instance_path()
            .iter()
            .map(|s| match s {
                LocationSegment::Property(p) => Seg::Key(p.to_string()),
                LocationSegment::Index(i) => Seg::Index(i),
            })
            .collect();
        let at = pointer(&path);
        match err.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected } => {
                for key in unexpected {
                    let mut key_path = path.clone();
                    key_path.push(Seg::Key(key.clone()));
                    let loc = spans.locate(&key_path);
                    let here = crate::schema::properties_at(err.schema_path().as_str());
                    let names: Vec<&str> = if here.is_empty() {
                        crate::schema::known_property_names()
                            .iter()
                            .map(String::as_str)
                            .collect()
                    } else {
                        here.iter().map(String::as_str).collect()
                    };
                    out.push(
                        Diagnostic::error(
                            "schema",
                            format!("unknown key `{key}` in {}", describe(&path)),
                        )
                        .with_span(loc.key.unwrap_or(loc.value))
                        .with_label("not a key of this table")
                        .with_help_opt(did_you_mean(key, names.iter().copied())),
                    );
                }
            }
            ValidationErrorKind::Required { property } => {
                let loc = spans.locate(&path);
                let name = property.as_str().unwrap_or("?");
                out.push(
                    Diagnostic::error(
                        "schema",
                        format!("missing key `{name}` in {}", describe(&path)),
                    )
                    .with_span(loc.value)
                    .with_label(format!("this table needs `{name}`")),
                );
            }
            ValidationErrorKind::Enum { options } => {
                let choices: Vec<String> = options
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(Value::as_str)
                            .map(str::to_string)
                            .collect()
                    })
                    .unwrap_or_default();
                out.push(not_allowed(
                    err.instance(),
                    &choices,
                    &at,
                    spans.locate(&path).value,
                ));
            }
            ValidationErrorKind::OneOfNotValid { .. } | ValidationErrorKind::AnyOf { .. }
                if crate::schema::choices_at(err.schema_path().as_str()).is_some() =>
            {
                let choices =
                    crate::schema::choices_at(err.schema_path().as_str()).unwrap_or_default();
                out.push(not_allowed(
                    err.instance(),
                    &choices,
                    &at,
                    spans.locate(&path).value,
                ));
            }
            ValidationErrorKind::Pattern { .. } if err.instance().is_string() => {
                let given = err.instance().as_str().unwrap_or("");
                let slug = slug(given);
                let help = if slug.is_empty() || slug == given {
                    "ids use letters, digits and dashes, with no spaces".to_string()
                } else {
                    format!(
                        "ids use letters, digits and dashes, with no spaces: try {}",
                        quote(&slug)
                    )
                };
                out.push(
                    Diagnostic::error(
                        "schema",
                        format!("{} is not a valid id at {at}", quote(given)),
                    )
                    .with_span(spans.locate(&path).value)
                    .with_label("not a valid id")
                    .with_help(help),
                );
            }
            _ => {
                let loc = spans.locate(&path);
                // The value quoted shortened: a 10,000-character name is not repeated whole.
                let message = match err.instance().as_ref() {
                    Value::Object(_) | Value::Array(_) => format!("{} at {at}", err.masked()),
                    v => format!("{} at {at}", err.masked_with(quote_json(v))),
                };
                out.push(
                    Diagnostic::error("schema", message)
                        .with_span(loc.value)
                        .with_label("does not match the schema"),
                );
            }
        }
    }
    out
}

/// "`purple` is not an allowed value", with the closest choice or the list of choices.
fn not_allowed(
    instance: &Value,
    choices: &[String],
    at: &str,
    span: std::ops::Range<usize>,
) -> Diagnostic {
    let given = instance.as_str().unwrap_or("");
    // Europe's cards call pink "purple"; ttrmap has one name per card colour.
    let alias = match given {
        "purple" | "violet" | "magenta" if choices.iter().any(|c| c == "pink") => {
            Some("did you mean 'pink'? (purple cards are `pink`)".to_string())
        }
        "grey" if choices.iter().any(|c| c == "gray") => Some("did you mean 'gray'?".to_string()),
        _ => None,
    };
    let help = alias
        .or_else(|| did_you_mean(given, choices.iter().map(String::as_str)))
        .unwrap_or_else(|| format!("expected one of: {}", choices.join(", ")));
    Diagnostic::error(
        "schema",
        format!("{} is not an allowed value at {at}", quote_json(instance)),
    )
    .with_span(span)
    .with_label("not allowed here")
    .with_help(help)
}

/// Names a table as the file writes it: `the top level`, `[map]`, `[rules.tickets]`,
/// `[[routes]] entry #4`, `[[routes]] entry #4, key \`label\``.
fn describe(path: &[Seg]) -> String {
    if path.is_empty() {
        return "the top level".to_string();
    }
    // Up to the first array index the path is a table header; after it, keys inside the entry.
    let mut header = Vec::new();
    let mut rest = path.iter();
    for seg in rest.by_ref() {
        match seg {
            Seg::Key(k) => header.push(k.as_str()),
            Seg::Index(i) => {
                let inner: Vec<String> = rest
                    .map(|s| match s {
                        Seg::Key(k) => k.clone(),
                        Seg::Index(i) => format!("#{}", i + 1),
                    })
                    .collect();
                let entry = format!("[[{}]] entry #{}", header.join("."), i + 1);
                return if inner.is_empty() {
                    entry
                } else {
                    format!("{entry}, in `{}`", inner.join("."))
                };
            }
        }
    }
    format!("[{}]", header.join("."))
}

/// A lowercase, dash-separated form of `s`, as a suggestion for an invalid id.
fn slug(s: &str) -> String {
    let mut out = String::new();
    for ch in s.trim().chars().flat_map(char::to_lowercase) {
        if ch.is_alphanumeric() {
            out.push(ch);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}
