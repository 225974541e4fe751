//! The model `ttrmap check` lints when a file has errors: the parts that loaded (see
//! `partial`), less every `[[...]]` item a check error points into (a route to an unknown
//! city, the second city of a duplicate id), checked again until no error is left, so the
//! lints never see a broken model. Taking out an item may bring another error to light (the
//! routes of a city set aside as a duplicate keep the first city of that id), hence rounds.
//!
//! An error outside the items (the map's player range, a rule that contradicts itself) leaves
//! no model to lint: no item can be taken out to mend it.

use super::inputs::Gaps;
use super::partial::ARRAYS;
use crate::diagnostic::Severity;
use crate::model::MapFile;
use crate::spans::{Seg, SpanNode};
use serde_json::Value;
use std::ops::Range;

/// Rounds of taking out items; each round takes out at least one.
const ROUNDS: usize = 8;

/// A model made of the parts of a file with errors that loaded and check clean, with the
/// span tree pruned to match (spans still point into the file) and what it lacks.
#[derive(Debug, Clone)]
pub struct Partial {
    pub map: MapFile,
    pub spans: SpanNode,
    pub gaps: Gaps,
}

/// The lintable part of `map`, whose items `dropped` (original indices) were already set
/// aside; `Err` says why there is none.
pub(super) fn lintable(
    mut map: MapFile,
    mut dropped: Vec<(String, Vec<usize>)>,
    mut gaps: Gaps,
    text: &str,
    spans: &SpanNode,
) -> Result<Partial, String> {
    for _ in 0..ROUNDS {
        let pruned = spans.without_items(&dropped);
        let errors: Vec<_> = crate::check::check(&map, text, &pruned)
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        if errors.is_empty() {
            return Ok(Partial {
                map,
                spans: pruned,
                gaps,
            });
        }
        let extents = item_extents(&map, &pruned);
        let mut out: Vec<(&str, Vec<usize>)> = Vec::new();
        for e in &errors {
            let at = e.span.as_ref().map(|s| s.start);
            let Some((key, j)) = at.and_then(|at| {
                extents
                    .iter()
                    .filter(|(_, _, r)| r.contains(&at))
                    .min_by_key(|(_, _, r)| r.len())
                    .map(|(k, j, _)| (*k, *j))
            }) else {
                return Err(format!(
                    "`{}` ({}) is not inside a `[[...]]` item",
                    e.code, e.message
                ));
            };
            match out.iter_mut().find(|(k, _)| *k == key) {
                Some((_, js)) => js.push(j),
                None => out.push((key, vec![j])),
            }
        }
        for (key, js) in out {
            let originals = original_indices(&dropped, key, &js);
            retain_items(&mut map, key, |j| !js.contains(&j));
            match dropped.iter_mut().find(|(k, _)| k == key) {
                Some((_, indices)) => indices.extend(originals),
                None => dropped.push((key.to_string(), originals)),
            }
            gaps.items_left_out.insert(key.to_string());
        }
    }
    Err("check errors kept coming as items were taken out".into())
}

/// The stretch of text each item covers: its own span and those of its keys and values.
fn item_extents<'k>(map: &MapFile, spans: &SpanNode) -> Vec<(&'k str, usize, Range<usize>)> {
    let doc = serde_json::to_value(map).unwrap_or(Value::Null);
    let mut out = Vec::new();
    for &key in ARRAYS {
        let Some(items) = doc.get(key).and_then(Value::as_array) else {
            continue;
        };
        for (j, item) in items.iter().enumerate() {
            let base = [Seg::Key(key.to_string()), Seg::Index(j)];
            let here = spans.locate(&base);
            if !here.exact {
                continue;
            }
            let mut extent = here.value.clone();
            for field in item.as_object().into_iter().flat_map(|o| o.keys()) {
                let mut path = base.to_vec();
                path.push(Seg::Key(field.clone()));
                let loc = spans.locate(&path);
                if !loc.exact {
                    continue;
                }
                for r in std::iter::once(loc.value).chain(loc.key) {
                    extent = extent.start.min(r.start)..extent.end.max(r.end);
                }
            }
            out.push((key, j, extent));
        }
    }
    out
}

/// The original indices (in the file) of the current items `js` of array `key`, given the
/// items already set aside.
fn original_indices(dropped: &[(String, Vec<usize>)], key: &str, js: &[usize]) -> Vec<usize> {
    let gone: &[usize] = dropped
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_slice())
        .unwrap_or(&[]);
    let kept = (0..).filter(|i| !gone.contains(i));
    let max = js.iter().copied().max().unwrap_or(0);
    kept.take(max + 1)
        .enumerate()
        .filter(|(j, _)| js.contains(j))
        .map(|(_, i)| i)
        .collect()
}

/// Keeps the items of array `key` whose current index passes `keep`.
fn retain_items(map: &mut MapFile, key: &str, keep: impl Fn(usize) -> bool) {
    fn retain<T>(v: &mut Vec<T>, keep: impl Fn(usize) -> bool) {
        let mut i = 0;
        v.retain(|_| {
            i += 1;
            keep(i - 1)
        });
    }
    match key {
        "regions" => retain(&mut map.regions, keep),
        "zones" => retain(&mut map.zones, keep),
        "cities" => retain(&mut map.cities, keep),
        "routes" => retain(&mut map.routes, keep),
        "decks" => retain(&mut map.decks, keep),
        "tickets" => retain(&mut map.tickets, keep),
        "modes" => retain(&mut map.modes, keep),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn original_indices_skip_the_items_already_set_aside() {
        let dropped = vec![("routes".to_string(), vec![1, 3])];
        // Current 0, 1, 2, 3 are original 0, 2, 4, 5.
        assert_eq!(original_indices(&dropped, "routes", &[1, 3]), vec![2, 5]);
        assert_eq!(original_indices(&dropped, "cities", &[1]), vec![1]);
    }
}
