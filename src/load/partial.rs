//! The rest of a document with schema errors, checked anyway, so that one run reports every
//! problem: the schema's, and the reference and consistency problems of the parts that are
//! valid (a map with a bad city and a route to a misspelt one shows both at once).
//!
//! "The parts that are valid" are made from the document in two steps:
//!
//! - **outside the top-level array items** (`[map]`, `[rules]`, `[mechanics]`, `[lint]`, an
//!   array that is not an array): an unknown key is removed, a value of the wrong kind is
//!   removed so its default stands in (inside a nested array, that whole array), and a
//!   required key that is missing (or was removed) gets a placeholder from the starter
//!   template. Each such section is a stand-in ([`Gaps::stood_in`]);
//! - **inside an item** (`[[cities]]`, `[[routes]]`, `[[tickets]]`, ...): the item is set
//!   aside ([`Gaps::items_left_out`]), and the span tree is pruned the same way so that
//!   findings still point into the file.
//!
//! The rest is checked as a map. A finding is dropped when a part it depends on is a gap
//! (`super::inputs`: a deck size over tickets of which one was set aside, a route to a city
//! whose table was broken). When the repair does not converge (a broken value the schema
//! still rejects), nothing else is checked.

use super::inputs::{self, Gaps};
use crate::diagnostic::Diagnostic;
use crate::model::MapFile;
use crate::spans::{Seg, SpanNode};
use jsonschema::error::ValidationErrorKind;
use jsonschema::paths::LocationSegment;
use serde_json::Value;
use std::sync::OnceLock;

/// The top-level arrays whose items are set aside one by one.
pub(super) const ARRAYS: &[&str] = &[
    "regions", "zones", "cities", "routes", "decks", "tickets", "modes",
];

/// Rounds of repairs outside the items (a removal may uncover a missing required key).
const ROUNDS: usize = 6;

/// The valid part of a document with schema errors, as a model.
pub(super) struct Rest {
    pub map: MapFile,
    /// Items set aside, by array: original indices.
    pub dropped: Vec<(String, Vec<usize>)>,
    /// The ids (or, for routes, `from-to`) of the items set aside.
    pub dropped_ids: Vec<String>,
    pub gaps: Gaps,
}

/// The check findings of the valid part of `doc` (the resolved document, presets merged),
/// and that part.
pub(super) fn check_rest(
    doc: &Value,
    spans: &SpanNode,
    text: &str,
) -> (Vec<Diagnostic>, Option<Rest>) {
    let Some(rest) = repair(doc) else {
        return (Vec::new(), None);
    };
    let found = crate::check::check(&rest.map, text, &spans.without_items(&rest.dropped))
        .into_iter()
        .filter(|d| {
            !rest
                .dropped_ids
                .iter()
                .any(|id| d.message.contains(&format!("`{id}`")))
                && rest.gaps.blocks(&inputs::of_check(d.code)).is_none()
        })
        .collect();
    (found, Some(rest))
}

/// What to do about one schema error outside the items.
enum Fix {
    /// Remove these unknown keys from the table at the path; `suspect` are the known keys
    /// they probably meant.
    Unknown(Vec<Seg>, Vec<String>, Vec<String>),
    /// Fill in the required key at the path.
    Required(Vec<Seg>),
    /// Remove the value at the path.
    Remove(Vec<Seg>),
}

fn repair(doc: &Value) -> Option<Rest> {
    let mut doc = doc.clone();
    let mut gaps = Gaps::default();
    let mut items: Vec<(String, Vec<usize>)>;
    let mut round = 0;
    loop {
        let (fixes, found) = classify(&doc);
        items = found;
        if fixes.is_empty() {
            break;
        }
        round += 1;
        if round > ROUNDS {
            return None;
        }
        for fix in fixes {
            apply(&mut doc, fix, &mut gaps)?;
        }
    }
    let mut dropped_ids = Vec::new();
    for (key, indices) in &items {
        gaps.items_left_out.insert(key.clone());
        let list = doc.get_mut(key).and_then(Value::as_array_mut)?;
        let mut i = 0;
        list.retain(|item| {
            i += 1;
            let keep = !indices.contains(&(i - 1));
            if !keep {
                match item_id(key, item) {
                    Some(id) => dropped_ids.push(id),
                    None => {
                        gaps.ids_lost.insert(key.clone());
                    }
                }
            }
            keep
        });
    }
    if crate::schema::validator()
        .iter_errors(&doc)
        .next()
        .is_some()
    {
        return None;
    }
    let map = serde_json::from_value::<MapFile>(doc).ok()?;
    Some(Rest {
        map,
        dropped: items,
        dropped_ids,
        gaps,
    })
}

/// The id other items may name an item by: its `id`, or a route's `from-to`.
fn item_id(key: &str, item: &Value) -> Option<String> {
    if let Some(id) = item.get("id").and_then(Value::as_str) {
        return Some(id.to_string());
    }
    match (key, item.get("from"), item.get("to")) {
        ("routes", Some(Value::String(f)), Some(Value::String(t))) => Some(format!("{f}-{t}")),
        _ => None,
    }
}

/// The schema errors of `doc`: fixes for those outside the items, and the items holding one.
fn classify(doc: &Value) -> (Vec<Fix>, Vec<(String, Vec<usize>)>) {
    let mut fixes = Vec::new();
    let mut items: Vec<(String, Vec<usize>)> = Vec::new();
    for err in crate::schema::validator().iter_errors(doc) {
        let path: Vec<Seg> = err
            .instance_path()
            .iter()
            .map(|s| match s {
                LocationSegment::Property(p) => Seg::Key(p.to_string()),
                LocationSegment::Index(i) => Seg::Index(i),
            })
            .collect();
        if let [Seg::Key(key), Seg::Index(i), ..] = path.as_slice()
            && ARRAYS.contains(&key.as_str())
        {
            match items.iter_mut().find(|(k, _)| k == key) {
                Some((_, indices)) => indices.push(*i),
                None => items.push((key.clone(), vec![*i])),
            }
            continue;
        }
        match err.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected } => {
                let known = crate::schema::properties_at(err.schema_path().as_str());
                let suspect = unexpected
                    .iter()
                    .filter_map(|k| crate::suggest::closest(k, known.iter().map(String::as_str)))
                    .map(str::to_string)
                    .collect();
                fixes.push(Fix::Unknown(path, unexpected.clone(), suspect));
            }
            ValidationErrorKind::Required { property } => {
                let mut path = path;
                path.push(Seg::Key(property.as_str().unwrap_or("").to_string()));
                fixes.push(Fix::Required(path));
            }
            _ => {
                // Inside a nested array (`rules.bonuses[2]`), the whole array goes: removing
                // one element would shift the others away from their spans.
                let cut = path
                    .iter()
                    .position(|s| matches!(s, Seg::Index(_)))
                    .unwrap_or(path.len());
                fixes.push(Fix::Remove(path[..cut].to_vec()));
            }
        }
    }
    (fixes, items)
}

/// Applies one fix; `None` when it cannot be applied (nothing left to stand in).
fn apply(doc: &mut Value, fix: Fix, gaps: &mut Gaps) -> Option<()> {
    // A value an earlier fix of the round already removed needs nothing more.
    match fix {
        Fix::Unknown(path, keys, suspect) => {
            if let Some(table) = value_at(doc, &path).and_then(Value::as_object_mut) {
                for key in &keys {
                    table.remove(key);
                }
            }
            for s in suspect {
                let mut at = path.clone();
                at.push(Seg::Key(s));
                gaps.stood_in.insert(section(&at)?);
            }
        }
        Fix::Required(path) => {
            let (Seg::Key(key), parent) = path.split_last()? else {
                return None;
            };
            if let Some(table) = value_at(doc, parent).and_then(Value::as_object_mut)
                && !table.contains_key(key)
            {
                table.insert(key.clone(), get_at(stand_ins(), &path)?.clone());
            }
            gaps.stood_in.insert(section(&path)?);
        }
        Fix::Remove(path) => {
            let (Seg::Key(key), parent) = path.split_last()? else {
                return None;
            };
            if let Some(table) = value_at(doc, parent).and_then(Value::as_object_mut) {
                table.remove(key);
            }
            gaps.stood_in.insert(section(&path)?);
        }
    }
    Some(())
}

/// The part a path lies in: its top-level key, or `map.KEY` inside `[map]`.
fn section(path: &[Seg]) -> Option<String> {
    match path {
        [Seg::Key(m), Seg::Key(k), ..] if m == "map" => Some(format!("map.{k}")),
        [Seg::Key(k), ..] => Some(k.clone()),
        _ => None,
    }
}

fn get_at<'v>(mut v: &'v Value, path: &[Seg]) -> Option<&'v Value> {
    for seg in path {
        v = match seg {
            Seg::Key(k) => v.get(k.as_str())?,
            Seg::Index(i) => v.get(*i)?,
        };
    }
    Some(v)
}

fn value_at<'v>(mut v: &'v mut Value, path: &[Seg]) -> Option<&'v mut Value> {
    for seg in path {
        v = match seg {
            Seg::Key(k) => v.get_mut(k.as_str())?,
            Seg::Index(i) => v.get_mut(*i)?,
        };
    }
    Some(v)
}

/// Placeholders for required keys: the `basic` starter template, presets merged.
fn stand_ins() -> &'static Value {
    static DOC: OnceLock<Value> = OnceLock::new();
    DOC.get_or_init(|| {
        let text = include_str!("../../templates/basic.toml")
            .replace("__MAP_ID__", "map")
            .replace("__MAP_NAME__", "Map");
        let Ok(table) = toml::de::DeTable::parse(&text) else {
            return Value::Null;
        };
        let doc = crate::spans::convert(&table).value;
        let preset = super::presets::preset_of(&doc).unwrap_or_default();
        super::presets::apply_preset(doc, preset)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn basic() -> String {
        include_str!("../../templates/basic.toml")
            .replace("__MAP_ID__", "m")
            .replace("__MAP_NAME__", "M")
            .replacen("to = \"ridge\"", "to = \"rigde\"", 1)
    }

    fn codes(text: &str) -> Vec<&'static str> {
        crate::load::load_str("m.toml", text)
            .diagnostics
            .iter()
            .map(|d| d.code)
            .collect()
    }

    #[test]
    fn errors_in_a_nested_array_set_the_whole_array_aside() {
        // Both items cut to `rules.tie_breaks`, removed once; the rest is still checked.
        let text = basic().replace("[rules]\n", "[rules]\ntie_breaks = [5, 6]\n");
        let found = codes(&text);
        assert!(
            found.iter().filter(|c| **c == "schema").count() >= 2,
            "{found:?}"
        );
        assert!(found.contains(&"unknown-city"), "{found:?}");
    }

    #[test]
    fn a_missing_required_key_gets_a_placeholder() {
        let text = basic().replace("name = \"M\"\n", "");
        let found = codes(&text);
        assert_eq!(found, vec!["schema", "unknown-city"], "{found:?}");
    }

    #[test]
    fn the_stand_in_template_loads() {
        assert!(crate::schema::validator().is_valid(stand_ins()));
    }
}
