//! A parsed TOML document as plain JSON (for schema validation and typed deserialisation)
//! plus a tree of spans, so any JSON-pointer path can be traced back to the source text.
//!
//! It sits below `load`, `check`, `lint` and the engine's position reader, which all locate
//! problems through it; it imports none of them.

use serde_json::{Map, Number, Value};
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A node of the span tree: where a value is, where its key is, and its children.
#[derive(Debug, Clone)]
pub struct SpanNode {
    pub span: Range<usize>,
    pub key_span: Option<Range<usize>>,
    children: Children,
}

#[derive(Debug, Clone)]
enum Children {
    Leaf,
    Table(Vec<(String, SpanNode)>),
    Array(Vec<SpanNode>),
}

/// One step of a path into the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

impl From<&str> for Seg {
    fn from(k: &str) -> Self {
        Seg::Key(k.to_string())
    }
}

impl From<usize> for Seg {
    fn from(i: usize) -> Self {
        Seg::Index(i)
    }
}

/// Builds a path: `path!["routes", 3, "from"]`.
#[macro_export]
macro_rules! path {
    ($($seg:expr),* $(,)?) => { vec![$($crate::spans::Seg::from($seg)),*] };
}

/// Where a path points: the value's span and, for a table entry, its key's span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    pub value: Range<usize>,
    pub key: Option<Range<usize>>,
    /// Whether the whole path was found (else this is the deepest existing ancestor).
    pub exact: bool,
}

impl SpanNode {
    /// This tree without the items `drop` names in the top-level arrays (key → indices), as
    /// the document pruned the same way: paths into the pruned document locate the same text.
    pub(crate) fn without_items(&self, drop: &[(String, Vec<usize>)]) -> SpanNode {
        let mut tree = self.clone();
        if let Children::Table(entries) = &mut tree.children {
            for (key, node) in entries.iter_mut() {
                let Some((_, indices)) = drop.iter().find(|(k, _)| k == key) else {
                    continue;
                };
                if let Children::Array(items) = &mut node.children {
                    let mut i = 0;
                    items.retain(|_| {
                        i += 1;
                        !indices.contains(&(i - 1))
                    });
                }
            }
        }
        tree
    }

    /// Follows `path` as far as it exists.
    pub fn locate(&self, path: &[Seg]) -> Located {
        let mut node = self;
        for (depth, seg) in path.iter().enumerate() {
            let next = match (seg, &node.children) {
                (Seg::Key(k), Children::Table(entries)) => {
                    entries.iter().find(|(name, _)| name == k).map(|(_, n)| n)
                }
                (Seg::Index(i), Children::Array(items)) => items.get(*i),
                _ => None,
            };
            match next {
                Some(n) => node = n,
                None => {
                    return Located {
                        value: node.span.clone(),
                        key: node.key_span.clone(),
                        exact: depth == path.len(),
                    };
                }
            }
        }
        Located {
            value: node.span.clone(),
            key: node.key_span.clone(),
            exact: true,
        }
    }
}

/// A parsed document as JSON, its span tree, and the values no map may hold.
pub struct Converted {
    pub value: Value,
    pub spans: SpanNode,
    /// Integers beyond 64 bits, nan/inf floats and date-times (which become null in `value`),
    /// and text with Unicode noncharacters (kept as it is), each with a message.
    pub bad_values: Vec<BadValue>,
}

/// A value the map format cannot take, found while converting.
#[derive(Debug, Clone)]
pub struct BadValue {
    pub span: Range<usize>,
    pub message: String,
    pub label: &'static str,
}

/// Converts a parsed document into JSON and its span tree. TOML date-times become null and
/// are reported (the map format has none: a date where text is expected is a missing pair of
/// quotes, and as a string it would pass as a name).
pub fn convert(root: &Spanned<DeTable<'_>>) -> Converted {
    let mut bad = Vec::new();
    let (value, spans) = convert_table(root.get_ref(), root.span(), None, &mut bad);
    Converted {
        value,
        spans,
        bad_values: bad,
    }
}

type BadNumbers = Vec<BadValue>;

fn bad_number(span: &Range<usize>, message: String) -> BadValue {
    BadValue {
        span: span.clone(),
        message,
        label: "not a usable number",
    }
}

/// A Unicode noncharacter (U+FDD0..U+FDEF, and U+xxFFFE / U+xxFFFF in every plane): valid
/// in TOML, but not allowed in XML, so a name holding one would make an SVG no reader opens.
pub fn is_noncharacter(c: char) -> bool {
    let c = c as u32;
    (0xFDD0..=0xFDEF).contains(&c) || c & 0xFFFE == 0xFFFE
}

/// Reports text holding a noncharacter, at `span`.
fn check_text(text: &str, span: &Range<usize>, what: &str, bad: &mut BadNumbers) {
    if let Some(c) = text.chars().find(|&c| is_noncharacter(c)) {
        bad.push(BadValue {
            span: span.clone(),
            message: format!(
                "{what} holds U+{:04X}, a Unicode noncharacter; remove it (SVG and HTML cannot hold it)",
                c as u32
            ),
            label: "noncharacter in this text",
        });
    }
}

fn convert_table(
    table: &DeTable<'_>,
    span: Range<usize>,
    key_span: Option<Range<usize>>,
    bad: &mut BadNumbers,
) -> (Value, SpanNode) {
    let mut map = Map::new();
    let mut children = Vec::with_capacity(table.len());
    for (k, v) in table.iter() {
        check_text(k.get_ref(), &k.span(), "this key", bad);
        let (value, node) = convert_value(v, Some(k.span()), bad);
        map.insert(k.get_ref().to_string(), value);
        children.push((k.get_ref().to_string(), node));
    }
    (
        Value::Object(map),
        SpanNode {
            span,
            key_span,
            children: Children::Table(children),
        },
    )
}

fn convert_value(
    v: &Spanned<DeValue<'_>>,
    key_span: Option<Range<usize>>,
    bad: &mut BadNumbers,
) -> (Value, SpanNode) {
    let span = v.span();
    let leaf = |value| {
        (
            value,
            SpanNode {
                span: span.clone(),
                key_span: key_span.clone(),
                children: Children::Leaf,
            },
        )
    };
    match v.get_ref() {
        DeValue::String(s) => {
            check_text(s, &span, "this text", bad);
            leaf(Value::String(s.to_string()))
        }
        DeValue::Integer(i) => {
            let digits = i.as_str();
            let value = i64::from_str_radix(digits, i.radix())
                .map(Value::from)
                .or_else(|_| u64::from_str_radix(digits, i.radix()).map(Value::from))
                .unwrap_or_else(|_| {
                    bad.push(bad_number(
                        &span,
                        format!("integer {i} is too large for any map value"),
                    ));
                    Value::Null
                });
            leaf(value)
        }
        DeValue::Float(f) => {
            let value = f
                .as_str()
                .parse::<f64>()
                .ok()
                .and_then(Number::from_f64)
                .map(Value::Number)
                .unwrap_or_else(|| {
                    bad.push(bad_number(
                        &span,
                        format!("`{f}` is not a finite number; map values must be"),
                    ));
                    Value::Null
                });
            leaf(value)
        }
        DeValue::Boolean(b) => leaf(Value::Bool(*b)),
        DeValue::Datetime(d) => {
            bad.push(BadValue {
                span: span.clone(),
                message: format!(
                    "`{d}` is a TOML date-time, and no map value is one; if it is text, quote it: \"{d}\""
                ),
                label: "a date-time, not text",
            });
            leaf(Value::Null)
        }
        DeValue::Array(items) => {
            let mut values = Vec::with_capacity(items.len());
            let mut nodes = Vec::with_capacity(items.len());
            for item in items.iter() {
                let (value, node) = convert_value(item, None, bad);
                values.push(value);
                nodes.push(node);
            }
            (
                Value::Array(values),
                SpanNode {
                    span,
                    key_span,
                    children: Children::Array(nodes),
                },
            )
        }
        DeValue::Table(t) => convert_table(t, span, key_span, bad),
    }
}

/// Renders a path as a JSON pointer (`/routes/3/from`; `/` for the root).
pub fn pointer(path: &[Seg]) -> String {
    if path.is_empty() {
        return "/".to_string();
    }
    path.iter()
        .map(|s| match s {
            Seg::Key(k) => format!("/{}", k.replace('~', "~0").replace('/', "~1")),
            Seg::Index(i) => format!("/{i}"),
        })
        .collect()
}
/// `text` with each span replaced by its new text (spans must not overlap; any order): how a
/// command rewrites values in a map file and keeps everything else, comments included.
pub fn splice(text: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
    edits.sort_by_key(|(span, _)| span.start);
    let mut out = String::with_capacity(text.len() + 8);
    let mut from = 0;
    for (span, new) in edits {
        out.push_str(&text[from..span.start]);
        out.push_str(&new);
        from = span.end;
    }
    out.push_str(&text[from..]);
    out
}
