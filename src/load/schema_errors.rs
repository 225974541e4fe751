//! Schema validation of the whole document, every violation at once, each mapped back to
//! the span of the offending key or value.

use super::tree::{Seg, SpanNode, pointer};
use crate::diagnostic::Diagnostic;
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
            _ => {
                let loc = spans.locate(&path);
                let message = match err.instance().as_ref() {
                    Value::Object(_) | Value::Array(_) => format!("{} at {at}", err.masked()),
                    _ => format!("{err} at {at}"),
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
    let help = did_you_mean(given, choices.iter().map(String::as_str))
        .unwrap_or_else(|| format!("expected one of: {}", choices.join(", ")));
    Diagnostic::error(
        "schema",
        format!("{} is not an allowed value at {at}", short(instance)),
    )
    .with_span(span)
    .with_label("not allowed here")
    .with_help(help)
}

/// `the root table`, `[[routes]] #4`, `/rules/trains`.
fn describe(path: &[Seg]) -> String {
    match path {
        [] => "the top level".to_string(),
        [Seg::Key(k), Seg::Index(i)] => format!("[[{k}]] entry #{}", i + 1),
        _ => format!("`{}`", pointer(path)),
    }
}

/// A value shortened for a one-line message.
fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        format!("{}…", s.chars().take(60).collect::<String>())
    } else {
        s
    }
}
