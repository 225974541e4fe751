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
//! - **inside an item** (`[[cities]]`, `[[routes]]`, `[[tickets]]`, ...): an item whose only
//!   errors are unknown keys keeps its values, each misspelt key renamed to the one known key
//!   close to it (`lenght = 3` read as `length = 3`; a key with no close match removed), so its
//!   other problems (a route to a misspelt city) show in the same run; any other item with an
//!   error is set aside ([`Gaps::items_left_out`]), and the span tree is pruned the same way so
//!   that findings still point into the file.
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
use serde_json::Value;
use std::sync::OnceLock;

/// The top-level arrays whose items are set aside one by one.
pub(super) const ARRAYS: &[&str] = &[
    "regions", "zones", "cities", "routes", "decks", "tickets", "modes",
];

/// The check codes about names only, kept inside an item with a stood-in value.
const NAME_CODES: &[&str] = &[
    "unknown-city",
    "unknown-reference",
    "duplicate-id",
    "route-self-loop",
    "ticket-same-city",
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
    /// Items kept with a number, flag or position stood in for a value of the wrong kind:
    /// array and original index.
    pub stood_in: Vec<(String, usize)>,
    pub gaps: Gaps,
    /// When an item has a stood-in value: the model the lints get instead, those items set
    /// aside as well.
    pub for_lints: Option<ForLints>,
}

/// The valid part of a document for the lints.
pub(super) struct ForLints {
    pub map: MapFile,
    pub dropped: Vec<(String, Vec<usize>)>,
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
    // Inside an item with a stood-in value, only the findings on names (a misspelt city, a
    // duplicate id) are the file's: the others may read the stand-in.
    let stood_spans: Vec<std::ops::Range<usize>> = rest
        .stood_in
        .iter()
        .map(|(key, i)| spans.locate(&[Seg::Key(key.clone()), Seg::Index(*i)]).value)
        .collect();
    let found = crate::check::check(&rest.map, text, &spans.without_items(&rest.dropped))
        .into_iter()
        .filter(|d| {
            let inside = d.span.as_ref().is_some_and(|s| {
                stood_spans
                    .iter()
                    .any(|item| item.start <= s.start && s.end <= item.end)
            });
            !inside || NAME_CODES.contains(&d.code)
        })
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
    /// Inside an item: the unknown key of the table at the path renamed to the known key it
    /// misspells (the user's value kept), or removed when none is close.
    Rename(Vec<Seg>, String, Option<String>),
    /// Inside an item: the value at the path replaced by a stand-in of the right kind.
    StandIn(Vec<Seg>, Value),
}

/// A stand-in for the item key at `path` (`[array, index, key]`) whose value is of the wrong
/// kind: the value of the same key in the starter template's first entry of that array, when
/// it is a number, a flag or a list of numbers (never a name: a stand-in name could be reported
/// as an unknown city). `None` when there is no such value: the item is set aside.
fn stand_in_for(path: &[Seg]) -> Option<Value> {
    let [Seg::Key(array), Seg::Index(_), Seg::Key(key)] = path else {
        return None;
    };
    let value = stand_ins().get(array)?.get(0)?.get(key)?;
    let plain = |v: &Value| v.is_number() || v.is_boolean();
    let fits = plain(value) || value.as_array().is_some_and(|a| a.iter().all(plain));
    fits.then(|| value.clone())
}

fn repair(doc: &Value) -> Option<Rest> {
    let mut doc = doc.clone();
    let mut gaps = Gaps::default();
    let mut items: Vec<(String, Vec<usize>)>;
    let mut stood_in: Vec<(String, usize)> = Vec::new();
    let mut round = 0;
    loop {
        let (fixes, found) = classify(&doc, &mut stood_in);
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
    stood_in.retain(|(key, i)| {
        !items
            .iter()
            .any(|(k, indices)| k == key && indices.contains(i))
    });
    let before = (doc.clone(), gaps.clone());
    let mut dropped_ids = Vec::new();
    set_aside(&mut doc, &items, &mut gaps, &mut dropped_ids)?;
    if crate::schema::validator()
        .iter_errors(&doc)
        .next()
        .is_some()
    {
        return None;
    }
    let map = serde_json::from_value::<MapFile>(doc).ok()?;
    // For the lints the items with a stood-in value are set aside too: a lint would measure
    // the stand-in as the file's own number.
    let for_lints = if stood_in.is_empty() {
        None
    } else {
        let (mut doc, mut gaps) = before;
        let mut lint_items = items.clone();
        for (key, i) in &stood_in {
            match lint_items.iter_mut().find(|(k, _)| k == key) {
                Some((_, indices)) => indices.push(*i),
                None => lint_items.push((key.clone(), vec![*i])),
            }
        }
        set_aside(&mut doc, &lint_items, &mut gaps, &mut Vec::new())?;
        let map = serde_json::from_value::<MapFile>(doc).ok()?;
        Some(ForLints {
            map,
            dropped: lint_items,
            gaps,
        })
    };
    Some(Rest {
        map,
        dropped: items,
        dropped_ids,
        stood_in,
        gaps,
        for_lints,
    })
}

/// Removes the items `items` names (array → original indices) from `doc`, noting in `gaps`
/// the arrays that lost one and in `ids` the ids of those removed.
fn set_aside(
    doc: &mut Value,
    items: &[(String, Vec<usize>)],
    gaps: &mut Gaps,
    ids: &mut Vec<String>,
) -> Option<()> {
    for (key, indices) in items {
        gaps.items_left_out.insert(key.clone());
        let list = doc.get_mut(key).and_then(Value::as_array_mut)?;
        let mut i = 0;
        list.retain(|item| {
            i += 1;
            let keep = !indices.contains(&(i - 1));
            if !keep {
                match item_id(key, item) {
                    Some(id) => ids.push(id),
                    None => {
                        gaps.ids_lost.insert(key.clone());
                    }
                }
            }
            keep
        });
    }
    Some(())
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

/// The schema errors of one item, while classifying.
#[derive(Default)]
struct ItemErrors {
    /// Unknown keys: the table's path, the key, and the one known key of that table close
    /// to it (when there is one).
    unknown: Vec<(Vec<Seg>, String, Option<String>)>,
    /// Missing keys: the table's path and the key.
    missing: Vec<(Vec<Seg>, String)>,
    /// The keys of the item holding a value of the wrong kind (or out of range): a number,
    /// flag or position there is stood in (`stand_in_for`).
    wrong: Vec<Vec<Seg>>,
    /// Any other error (on the item itself, or on a key no stand-in fits).
    other: bool,
}

/// The schema errors of `doc`: fixes for those outside the items, fixes for the items whose
/// only errors are misspelt keys (`lenght = 3`: renamed, so the item's other problems, a
/// route to a misspelt city, show in the same run), and the items holding any other error.
fn classify(
    doc: &Value,
    stood_in: &mut Vec<(String, usize)>,
) -> (Vec<Fix>, Vec<(String, Vec<usize>)>) {
    let mut fixes = Vec::new();
    let mut items: Vec<(String, Vec<usize>)> = Vec::new();
    let mut in_items: Vec<((String, usize), ItemErrors)> = Vec::new();
    for err in crate::schema::validator().iter_errors(doc) {
        let path = super::schema_errors::path_of(&err);
        if let [Seg::Key(key), Seg::Index(i), ..] = path.as_slice()
            && ARRAYS.contains(&key.as_str())
        {
            let at = (key.clone(), *i);
            let slot = match in_items.iter().position(|(k, _)| *k == at) {
                Some(n) => &mut in_items[n].1,
                None => {
                    in_items.push((at, ItemErrors::default()));
                    &mut in_items.last_mut().expect("pushed").1
                }
            };
            match err.kind() {
                ValidationErrorKind::AdditionalProperties { unexpected } => {
                    let known = crate::schema::properties_at(err.schema_path().as_str());
                    for k in unexpected {
                        let close =
                            crate::suggest::unique_closest(k, known.iter().map(String::as_str))
                                .filter(|c| err.instance().get(*c).is_none())
                                .map(str::to_string);
                        slot.unknown.push((path.clone(), k.clone(), close));
                    }
                }
                ValidationErrorKind::Required { property } => slot
                    .missing
                    .push((path.clone(), property.as_str().unwrap_or("").to_string())),
                _ => match path.get(..3) {
                    Some(key_path) if path.len() >= 3 && !stood_in.contains(&(key.clone(), *i)) => {
                        if !slot.wrong.contains(&key_path.to_vec()) {
                            slot.wrong.push(key_path.to_vec());
                        }
                    }
                    _ => slot.other = true,
                },
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
    for ((key, i), errors) in in_items {
        // Every missing key must be one an unknown key of the same table misspells.
        let renamed = |table: &Vec<Seg>, name: &String| {
            errors
                .unknown
                .iter()
                .any(|(t, _, close)| t == table && close.as_ref() == Some(name))
        };
        let stand_ins: Option<Vec<(Vec<Seg>, Value)>> = errors
            .wrong
            .iter()
            .map(|p| stand_in_for(p).map(|v| (p.clone(), v)))
            .collect();
        let repairable = !errors.other
            && errors.missing.iter().all(|(t, name)| renamed(t, name))
            && stand_ins.is_some();
        if repairable && (!errors.unknown.is_empty() || !errors.wrong.is_empty()) {
            for (table, unknown, close) in errors.unknown {
                fixes.push(Fix::Rename(table, unknown, close));
            }
            for (path, value) in stand_ins.unwrap_or_default() {
                fixes.push(Fix::StandIn(path, value));
            }
            if !errors.wrong.is_empty() && !stood_in.contains(&(key.clone(), i)) {
                stood_in.push((key.clone(), i));
            }
            continue;
        }
        match items.iter_mut().find(|(k, _)| *k == key) {
            Some((_, indices)) => indices.push(i),
            None => items.push((key, vec![i])),
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
        Fix::Rename(path, unknown, close) => {
            if let Some(table) = value_at(doc, &path).and_then(Value::as_object_mut)
                && let Some(value) = table.remove(&unknown)
                && let Some(close) = close
                && !table.contains_key(&close)
            {
                table.insert(close, value);
            }
        }
        Fix::StandIn(path, value) => {
            if let Some(slot) = value_at(doc, &path) {
                *slot = value;
            }
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
    fn a_misspelt_key_does_not_hide_the_entrys_other_problems() {
        // The first route: `lenght` and, on the same entry, `to = "rigde"`.
        let text = basic().replacen(
            "length = 4\ncolor = \"red\"",
            "lenght = 4\ncolor = \"red\"",
            1,
        );
        assert!(text.contains("lenght"));
        let mut found = codes(&text);
        found.sort();
        assert_eq!(found, vec!["schema", "unknown-city"], "{found:?}");
        // The one schema error is the unknown key, with its did-you-mean and its fix.
        let loaded = crate::load::load_str("m.toml", &text);
        let d = loaded
            .diagnostics
            .iter()
            .find(|d| d.code == "schema")
            .expect("one");
        assert_eq!(d.message, "unknown key `lenght` in [[routes]] entry #1");
        assert_eq!(d.fix.as_deref().map(String::as_str), Some("length"));
    }

    #[test]
    fn a_value_of_the_wrong_kind_does_not_hide_the_entrys_other_problems() {
        // `length = "4"` stood in by a number; the entry's `rigde` is still reported.
        let text = basic().replacen(
            "length = 4\ncolor = \"red\"",
            "length = \"4\"\ncolor = \"red\"",
            1,
        );
        let mut found = codes(&text);
        found.sort();
        assert_eq!(found, vec!["schema", "unknown-city"], "{found:?}");
    }

    #[test]
    fn a_name_of_the_wrong_kind_sets_the_entry_aside() {
        // No name is stood in (it could be reported as unknown): the entry is set aside,
        // and its `rigde` with it.
        let text = basic().replacen(
            "from = \"north\"\nto = \"rigde\"",
            "from = 5\nto = \"rigde\"",
            1,
        );
        assert!(text.contains("from = 5"));
        let found = codes(&text);
        assert_eq!(found, vec!["schema"], "{found:?}");
    }

    #[test]
    fn the_stand_in_template_loads() {
        assert!(crate::schema::validator().is_valid(stand_ins()));
    }
}
