//! The parsed TOML document as plain JSON (for schema validation and typed deserialisation)
//! plus a tree of spans, so any JSON-pointer path can be traced back to the source text.

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
    ($($seg:expr),* $(,)?) => { vec![$($crate::load::Seg::from($seg)),*] };
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

/// A parsed document as JSON, its span tree, and the numbers JSON cannot hold.
pub struct Converted {
    pub value: Value,
    pub spans: SpanNode,
    /// Integers beyond 64 bits and nan/inf floats, with a message each. They become null in
    /// `value`.
    pub bad_numbers: Vec<(Range<usize>, String)>,
}

/// Converts a parsed document into JSON and its span tree. TOML datetimes become strings
/// (the map format has none, so the schema rejects them with a clear type error).
pub fn convert(root: &Spanned<DeTable<'_>>) -> Converted {
    let mut bad = Vec::new();
    let (value, spans) = convert_table(root.get_ref(), root.span(), None, &mut bad);
    Converted {
        value,
        spans,
        bad_numbers: bad,
    }
}

type BadNumbers = Vec<(Range<usize>, String)>;

fn convert_table(
    table: &DeTable<'_>,
    span: Range<usize>,
    key_span: Option<Range<usize>>,
    bad: &mut BadNumbers,
) -> (Value, SpanNode) {
    let mut map = Map::new();
    let mut children = Vec::with_capacity(table.len());
    for (k, v) in table.iter() {
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
        DeValue::String(s) => leaf(Value::String(s.to_string())),
        DeValue::Integer(i) => {
            let digits = i.as_str();
            let value = i64::from_str_radix(digits, i.radix())
                .map(Value::from)
                .or_else(|_| u64::from_str_radix(digits, i.radix()).map(Value::from))
                .unwrap_or_else(|_| {
                    bad.push((
                        span.clone(),
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
                    bad.push((
                        span.clone(),
                        format!("`{f}` is not a finite number; map values must be"),
                    ));
                    Value::Null
                });
            leaf(value)
        }
        DeValue::Boolean(b) => leaf(Value::Bool(*b)),
        DeValue::Datetime(d) => leaf(Value::String(d.to_string())),
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
