//! Schema validation of the whole document, every violation at once, each mapped back to
//! the span of the offending key or value.

use crate::diagnostic::Diagnostic;
use crate::report::text::{quote, quote_json};
use crate::spans::{Seg, SpanNode};
use crate::suggest::{did_you_mean, unique_closest};
use jsonschema::error::TypeKind;
use jsonschema::error::ValidationErrorKind;
use jsonschema::paths::LocationSegment;
use serde_json::Value;

/// Where in the document a schema violation is, as the span tree's path.
pub(crate) fn path_of(err: &jsonschema::ValidationError<'_>) -> Vec<Seg> {
    err.instance_path()
        .iter()
        .map(|s| match s {
            LocationSegment::Property(p) => Seg::Key(p.to_string()),
            LocationSegment::Index(i) => Seg::Index(i),
        })
        .collect()
}

/// Every schema violation in `doc`, as diagnostics with spans.
pub fn validate(doc: &Value, spans: &SpanNode, text: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for err in crate::schema::validator().iter_errors(doc) {
        let path = path_of(&err);
        let at = name_of(&path);
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
                    let mut d = Diagnostic::error(
                        "schema",
                        format!("unknown key `{key}` in {}", describe(&path)),
                    )
                    .with_span(loc.key.clone().unwrap_or(loc.value))
                    .with_label("not a key of this table")
                    .with_help_opt(did_you_mean(key, names.iter().copied()));
                    // `check --fix` renames it when one key of this table is close and the
                    // table does not have that key already.
                    if !here.is_empty()
                        && let Some(only) = unique_closest(key, here.iter().map(String::as_str))
                        && err.instance().get(only).is_none()
                        && loc.exact
                        && loc.key.as_ref().is_some_and(|k| {
                            text.get(k.clone()).map(|t| t.trim_matches(['"', '\''])) == Some(key)
                        })
                    {
                        d = d.with_fix(only);
                    }
                    out.push(d);
                }
            }
            ValidationErrorKind::Required { property } => {
                let loc = spans.locate(&path);
                let name = property.as_str().unwrap_or("?");
                // `lenght = 3` is reported once, as the unknown key that misspells it.
                let known = crate::schema::properties_at(err.schema_path().as_str());
                let misspelt = err.instance().as_object().is_some_and(|table| {
                    table.keys().any(|k| {
                        !known.contains(k)
                            && unique_closest(k, known.iter().map(String::as_str)) == Some(name)
                    })
                });
                if misspelt {
                    continue;
                }
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
                        format!("{at}: {} is not a valid id", quote(given)),
                    )
                    .with_span(spans.locate(&path).value)
                    .with_label("not a valid id")
                    .with_help(help),
                );
            }
            kind => {
                let (message, help) = plain(kind, err.instance().as_ref(), &at, &path);
                out.push(
                    Diagnostic::error("schema", message)
                        .with_span(spans.locate(&path).value)
                        .with_label("does not match the format")
                        .with_help(help),
                );
            }
        }
    }
    out
}

/// A value the schema let through but the model cannot hold (an integer written `2.0`, a
/// player count of 300 as a key): located at the value the deserialiser stopped on and
/// phrased as the schema's messages are. The schema is generated from the model, so these are
/// the places JSON Schema cannot say (a whole number written with a decimal point, the range
/// of a table's numeric keys).
pub(crate) fn model_error(
    err: &serde_path_to_error::Error<serde_json::Error>,
    spans: &SpanNode,
) -> Diagnostic {
    use serde_path_to_error::Segment;
    let path: Vec<Seg> = err
        .path()
        .iter()
        .filter_map(|s| match s {
            Segment::Seq { index } => Some(Seg::Index(*index)),
            Segment::Map { key } => Some(Seg::Key(key.clone())),
            Segment::Enum { .. } | Segment::Unknown => None,
        })
        .collect();
    let raw = err.inner().to_string();
    // A key read from its text carries the position in that text ("at line 1 column 3"):
    // meaningless to the designer, whose file position is the span.
    let raw = raw.split(" at line ").next().unwrap_or(&raw).to_string();
    let given = raw.split('`').nth(1).map(str::to_string);
    let range = [
        ("u8", "0 to 255"),
        ("u16", "0 to 65,535"),
        ("u32", "0 to 4,294,967,295"),
        ("i32", "-2,147,483,648 to 2,147,483,647"),
    ]
    .into_iter()
    .find(|(t, _)| raw.ends_with(&format!("expected {t}")))
    .map(|(_, r)| r);
    // A table's key that is not a number the model takes: point at the key itself.
    let loc = spans.locate(&path);
    let on_key = matches!((path.last(), &given), (Some(Seg::Key(k)), Some(v)) if k == v);
    let span = match loc.key {
        Some(k) if on_key => k,
        _ => loc.value,
    };
    let (message, label) = match (range, given) {
        (Some(r), Some(v)) => (
            format!("{}: {v} is not a whole number from {r}", name_of(&path)),
            format!("a whole number from {r}"),
        ),
        _ => (
            format!("{}: {raw}", name_of(&path)),
            "not what this key takes".into(),
        ),
    };
    Diagnostic::error("schema", message)
        .with_span(span)
        .with_label(label)
        .with_help("`ttrmap schema` documents every key and the values it takes")
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
        format!("{at}: {} is not an allowed value", quote_json(instance)),
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

/// A key as the file writes it, for messages: "`length` in [[routes]] entry #20", "item #2
/// of `position` in [[cities]] entry #14", "`board.width` in [map]", "`routes`". Entries count
/// from 1, as every other message does.
pub(crate) fn name_of(path: &[Seg]) -> String {
    let Some(first_index) = path.iter().position(|s| matches!(s, Seg::Index(_))) else {
        return match path {
            [] => "the top level".to_string(),
            [Seg::Key(k)] => format!("`{k}`"),
            [Seg::Key(table), rest @ ..] => format!("`{}` in [{table}]", keys(rest)),
            _ => "the top level".to_string(),
        };
    };
    let (header, rest) = path.split_at(first_index);
    let Seg::Index(i) = rest[0] else {
        unreachable!("split at an index")
    };
    let header = keys(header);
    let entry = if header.is_empty() {
        format!("item #{}", i + 1)
    } else {
        format!("[[{header}]] entry #{}", i + 1)
    };
    match &rest[1..] {
        [] => entry,
        [inner @ .., Seg::Index(j)] if !inner.is_empty() => {
            format!("item #{} of `{}` in {entry}", j + 1, keys(inner))
        }
        inner => format!("`{}` in {entry}", keys(inner)),
    }
}

/// Keys joined with dots, an inner index as `#n`.
fn keys(path: &[Seg]) -> String {
    path.iter()
        .map(|s| match s {
            Seg::Key(k) => k.clone(),
            Seg::Index(i) => format!("#{}", i + 1),
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// The last key of a path (`length`), for examples in help lines.
fn last_key(path: &[Seg]) -> Option<&str> {
    path.iter().rev().find_map(|s| match s {
        Seg::Key(k) => Some(k.as_str()),
        Seg::Index(_) => None,
    })
}

/// What a value is, in words: "the text \"3\"", "the number 3.5", "a list of 1 item".
fn what_is(v: &Value) -> String {
    match v {
        Value::Null => "nothing".to_string(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(_) => format!("the text {}", quote_json(v)),
        Value::Array(a) => format!("a list of {} item{}", a.len(), plural(a.len())),
        Value::Object(_) => "a table".to_string(),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn type_name(t: jsonschema::JsonType) -> &'static str {
    use jsonschema::JsonType as J;
    match t {
        J::Null => "nothing",
        J::Boolean => "`true` or `false`",
        J::Integer => "a whole number",
        J::Number => "a number",
        J::String => "text in quotes",
        J::Array => "a list (`[...]`)",
        J::Object => "a table",
    }
}

/// A schema error other than an unknown key, a missing key, a choice or an id, in the words
/// of the other messages: the message, and a help line saying what would be right.
fn plain(kind: &ValidationErrorKind, v: &Value, at: &str, path: &[Seg]) -> (String, String) {
    let key = last_key(path).unwrap_or("key");
    let schema_help = || "`ttrmap schema` documents every key and the values it takes".to_string();
    let len = |v: &Value| v.as_array().map_or(0, Vec::len);
    match kind {
        ValidationErrorKind::Type { kind } => {
            let wanted: Vec<jsonschema::JsonType> = match kind {
                TypeKind::Single(t) => vec![*t],
                TypeKind::Multiple(set) => set.iter().collect(),
            };
            let names: Vec<&str> = wanted.iter().map(|t| type_name(*t)).collect();
            let message = format!("{at} must be {}, not {}", names.join(" or "), what_is(v));
            let wants_number = wanted.iter().any(|t| {
                matches!(
                    t,
                    jsonschema::JsonType::Integer | jsonschema::JsonType::Number
                )
            });
            let help = match v {
                Value::String(s) if wants_number && s.trim().parse::<f64>().is_ok() => {
                    format!("write the number without quotes: `{key} = {}`", s.trim())
                }
                Value::Number(_) if wanted.contains(&jsonschema::JsonType::Integer) => {
                    format!("use a whole number, as in `{key} = 3`")
                }
                _ if wanted.contains(&jsonschema::JsonType::String) => {
                    format!("put the text in quotes: `{key} = \"...\"`")
                }
                _ if wanted.contains(&jsonschema::JsonType::Array) => {
                    format!("write a list in brackets: `{key} = [...]`")
                }
                _ => schema_help(),
            };
            (message, help)
        }
        ValidationErrorKind::MinItems { limit } => (
            format!(
                "{at} has {} item{}; it needs at least {limit}",
                len(v),
                plural(len(v))
            ),
            position_help(key).unwrap_or_else(schema_help),
        ),
        ValidationErrorKind::MaxItems { limit } => (
            format!("{at} has {} items; it takes at most {limit}", len(v)),
            position_help(key).unwrap_or_else(schema_help),
        ),
        ValidationErrorKind::Minimum { limit } => (
            format!("{at} is {}; it must be at least {limit}", compact(v)),
            format!("use a value of {limit} or more"),
        ),
        ValidationErrorKind::ExclusiveMinimum { limit } => (
            format!("{at} is {}; it must be more than {limit}", compact(v)),
            format!("use a value above {limit}"),
        ),
        ValidationErrorKind::Maximum { limit } => (
            format!("{at} is {}; it must be at most {limit}", compact(v)),
            format!("use a value of {limit} or less"),
        ),
        ValidationErrorKind::ExclusiveMaximum { limit } => (
            format!("{at} is {}; it must be less than {limit}", compact(v)),
            format!("use a value below {limit}"),
        ),
        ValidationErrorKind::MinLength { limit } => (
            format!(
                "{at} is too short: it needs at least {limit} character{}",
                plural(*limit as usize)
            ),
            schema_help(),
        ),
        ValidationErrorKind::MaxLength { limit } => (
            format!(
                "{at} is too long: {} characters, where it takes at most {limit}",
                v.as_str().map_or(0, |t| t.chars().count())
            ),
            schema_help(),
        ),
        ValidationErrorKind::MinProperties { limit } => (
            format!("{at} needs at least {limit} key{}", plural(*limit as usize)),
            schema_help(),
        ),
        ValidationErrorKind::UniqueItems => (
            format!("{at} lists the same value twice"),
            "list each value once".to_string(),
        ),
        ValidationErrorKind::Constant { expected_value } => (
            format!("{at} must be {}", compact(expected_value)),
            schema_help(),
        ),
        ValidationErrorKind::OneOfNotValid { .. } | ValidationErrorKind::AnyOf { .. } => (
            format!(
                "{at} is {}, which is none of the forms this key takes",
                what_is(v)
            ),
            schema_help(),
        ),
        ValidationErrorKind::OneOfMultipleValid { .. } => (
            format!("{at} matches more than one of the forms this key takes"),
            "give only the keys of one form (`ttrmap schema` lists them)".to_string(),
        ),
        _ => (
            format!(
                "{at} is {}, which the format does not take here",
                what_is(v)
            ),
            schema_help(),
        ),
    }
}

/// A value shown briefly: numbers as written, text quoted, lists and tables by kind.
fn compact(v: &Value) -> String {
    match v {
        Value::Array(_) | Value::Object(_) => what_is(v),
        v => quote_json(v),
    }
}

/// The help for a position-like key (`[x, y]`).
fn position_help(key: &str) -> Option<String> {
    matches!(key, "position" | "offset")
        .then(|| format!("a {key} is two numbers, x then y: `{key} = [830, 450]`"))
}
