//! The rest of a document with schema errors, checked anyway, so that one run reports every
//! problem: the schema's, and the reference and consistency problems of the parts that are
//! valid (a map with a bad city and a route to a misspelt one shows both at once).
//!
//! The items of the top-level arrays (`[[cities]]`, `[[routes]]`, `[[tickets]]`, ...) that hold
//! a schema error are set aside, and the span tree is pruned the same way so that findings
//! still point into the file. When the rest validates, it is checked as a map; findings that
//! name an item set aside (a route to a city whose table was broken) are dropped, since the
//! schema error already covers them. An error outside such an item (`[map]`, `[rules]`) leaves
//! nothing to check: the document's frame is broken.
//!
//! The result is never a `Loaded::map` (lints still run only on a map that loaded cleanly).

use crate::diagnostic::Diagnostic;
use crate::model::MapFile;
use crate::spans::SpanNode;
use jsonschema::paths::LocationSegment;
use serde_json::Value;

/// The check findings of the valid part of `doc` (the resolved document, presets merged).
pub fn check_rest(doc: &Value, spans: &SpanNode, text: &str) -> Vec<Diagnostic> {
    let Some(drop) = broken_items(doc) else {
        return Vec::new();
    };
    let mut rest = doc.clone();
    let mut dropped_ids: Vec<String> = Vec::new();
    for (key, indices) in &drop {
        if let Some(items) = rest.get_mut(key).and_then(Value::as_array_mut) {
            let mut i = 0;
            items.retain(|item| {
                i += 1;
                let keep = !indices.contains(&(i - 1));
                if !keep && let Some(id) = item.get("id").and_then(Value::as_str) {
                    dropped_ids.push(id.to_string());
                }
                keep
            });
        }
    }
    if crate::schema::validator()
        .iter_errors(&rest)
        .next()
        .is_some()
    {
        return Vec::new();
    }
    let Ok(map) = serde_json::from_value::<MapFile>(rest) else {
        return Vec::new();
    };
    crate::check::check(&map, text, &spans.without_items(&drop))
        .into_iter()
        .filter(|d| {
            !dropped_ids
                .iter()
                .any(|id| d.message.contains(&format!("`{id}`")))
        })
        .collect()
}

/// The top-level array items holding a schema error (array key → indices), or `None` when an
/// error lies elsewhere.
fn broken_items(doc: &Value) -> Option<Vec<(String, Vec<usize>)>> {
    let mut drop: Vec<(String, Vec<usize>)> = Vec::new();
    for err in crate::schema::validator().iter_errors(doc) {
        let mut path = err.instance_path().iter();
        let (Some(LocationSegment::Property(key)), Some(LocationSegment::Index(i))) =
            (path.next(), path.next())
        else {
            return None;
        };
        let key = key.to_string();
        match drop.iter_mut().find(|(k, _)| *k == key) {
            Some((_, indices)) => indices.push(i),
            None => drop.push((key, vec![i])),
        }
    }
    Some(drop)
}
