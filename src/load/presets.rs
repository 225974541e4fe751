//! Rule presets: the rule systems of the published maps, each stating only what it changes
//! from the preset it builds on (and, at the bottom, from the base game in `Rules::default`).
//!
//! A preset is a TOML file in `src/presets/` with `[rules]` (and optionally `[lint]`) tables.
//! A map's `rules.base` names one; the map's own `[rules]` keys then override the preset's.
//! Tables merge key by key; arrays and scalars replace, except the `[lint]` `allow`, `warn`
//! and `deny` lists, which add to the preset's (`union_rule_lists`). The schema validates the
//! merged document, so a map may override one key of a preset's table.

use crate::diagnostic::Diagnostic;
use crate::suggest::did_you_mean;
use serde_json::{Map, Value};

/// Every preset: name and TOML text.
pub const PRESETS: &[(&str, &str)] = &[
    ("usa", include_str!("../presets/usa.toml")),
    ("europe", include_str!("../presets/europe.toml")),
    ("nordic", include_str!("../presets/nordic.toml")),
    ("switzerland", include_str!("../presets/switzerland.toml")),
    ("india", include_str!("../presets/india.toml")),
    ("france", include_str!("../presets/france.toml")),
    ("old-west", include_str!("../presets/old-west.toml")),
    ("iberia", include_str!("../presets/iberia.toml")),
    ("south-korea", include_str!("../presets/south-korea.toml")),
    ("uk", include_str!("../presets/uk.toml")),
    ("castilla", include_str!("../presets/castilla.toml")),
    ("germany", include_str!("../presets/germany.toml")),
    ("pennsylvania", include_str!("../presets/pennsylvania.toml")),
    (
        "legendary-asia",
        include_str!("../presets/legendary-asia.toml"),
    ),
];

pub fn preset_names() -> impl Iterator<Item = &'static str> {
    PRESETS.iter().map(|(n, _)| *n)
}

fn preset_value(name: &str) -> Option<Value> {
    let (_, text) = PRESETS.iter().find(|(n, _)| *n == name)?;
    Some(toml::from_str::<Value>(text).expect("built-in presets are valid TOML"))
}

/// The rules table of `name` with its whole base chain merged in, or an error naming the
/// unknown preset.
#[allow(clippy::result_large_err)] // a Diagnostic (128 bytes) once per file, on the error path
pub fn resolve_rules(name: &str) -> Result<Value, Diagnostic> {
    let mut chain = Vec::new();
    let mut next = Some(name.to_string());
    while let Some(n) = next {
        if chain.iter().any(|(c, _): &(String, Value)| *c == n) {
            return Err(Diagnostic::error(
                "unknown-preset",
                format!("preset `{n}` builds on itself"),
            ));
        }
        let Some(v) = preset_value(&n) else {
            return Err(
                Diagnostic::error("unknown-preset", format!("unknown rule preset `{n}`"))
                    .with_label("no preset of this name")
                    .with_help(did_you_mean(&n, preset_names()).unwrap_or_else(|| {
                        format!("presets: {}", preset_names().collect::<Vec<_>>().join(", "))
                    })),
            );
        };
        next = v
            .pointer("/rules/base")
            .and_then(Value::as_str)
            .map(str::to_string);
        chain.push((n, v));
    }
    let mut merged = Value::Object(Map::new());
    for (_, v) in chain.into_iter().rev() {
        merge(&mut merged, v);
    }
    Ok(merged)
}

/// The resolved preset the document names in `rules.base` (an empty one without a base), or
/// the unknown-preset diagnostic.
#[allow(clippy::result_large_err)] // a Diagnostic (128 bytes) once per file, on the error path
pub fn preset_of(doc: &Value) -> Result<Value, Diagnostic> {
    match doc.pointer("/rules/base").and_then(Value::as_str) {
        Some(name) => resolve_rules(name),
        None => Ok(Value::Object(Map::new())),
    }
}

/// Merges `Rules::default()`, then `preset`, then the document's own `[rules]` and `[lint]`.
pub fn apply_preset(mut doc: Value, mut preset: Value) -> Value {
    let base = doc
        .pointer("/rules/base")
        .and_then(Value::as_str)
        .map(str::to_string);
    let defaults = serde_json::to_value(crate::model::Rules::default()).expect("plain data");
    let mut rules = defaults;
    if let Some(p) = preset.get_mut("rules") {
        merge(&mut rules, p.take());
    }
    if let Some(obj) = preset.as_object_mut() {
        obj.insert("rules".into(), rules);
    }
    let Some(obj) = doc.as_object_mut() else {
        return doc;
    };
    for section in ["rules", "lint"] {
        let mut own = obj.remove(section).unwrap_or(Value::Object(Map::new()));
        let mut merged = preset
            .as_object_mut()
            .and_then(|p| p.remove(section))
            .unwrap_or(Value::Object(Map::new()));
        if section == "lint" {
            union_rule_lists(&mut merged, &mut own);
        }
        merge(&mut merged, own);
        obj.insert(section.to_string(), merged);
    }
    if let Some(base) = base {
        obj.get_mut("rules")
            .and_then(Value::as_object_mut)
            .map(|r| r.insert("base".into(), Value::from(base)));
    }
    doc
}

/// A map's `allow`/`warn`/`deny` lists add to its preset's rather than replace them, so a map
/// that denies one rule keeps the rules its rule system allows. The map's own list is
/// appended last and so wins where the two name the same rule in different lists.
fn union_rule_lists(preset: &mut Value, own: &mut Value) {
    let (Some(p), Some(o)) = (preset.as_object_mut(), own.as_object_mut()) else {
        return;
    };
    for list in ["allow", "warn", "deny"] {
        // Anything but a list is left to be merged over the preset's, and the schema refuses it.
        if !o.get(list).is_some_and(Value::is_array) {
            continue;
        }
        if let Some(Value::Array(mine)) = o.remove(list) {
            match p.get_mut(list) {
                Some(Value::Array(theirs)) => theirs.extend(mine),
                _ => {
                    p.insert(list.into(), Value::Array(mine));
                }
            }
        }
    }
}

/// Merges `over` into `into`: tables key by key, anything else replaced.
fn merge(into: &mut Value, over: Value) {
    match (into, over) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                match a.get_mut(&k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        a.insert(k, v);
                    }
                }
            }
        }
        (slot, v) => *slot = v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[allow(clippy::result_large_err)] // a Diagnostic (128 bytes) once per file, on the error path
    fn resolve_document(doc: Value) -> Result<Value, Diagnostic> {
        let preset = preset_of(&doc)?;
        Ok(apply_preset(doc, preset))
    }
    use crate::model::Rules;

    #[test]
    fn every_preset_resolves_to_valid_rules() {
        for name in preset_names() {
            let v = resolve_rules(name).unwrap();
            let rules = v.get("rules").cloned().unwrap_or(Value::Object(Map::new()));
            serde_json::from_value::<Rules>(rules).unwrap_or_else(|e| panic!("preset {name}: {e}"));
        }
    }

    #[test]
    fn a_lint_list_that_is_not_a_list_stays_for_the_schema_to_refuse() {
        // `allow = 5` was dropped by the merge, so the map checked clean without its setting.
        let doc = serde_json::json!({"rules": {"base": "iberia"}, "lint": {"allow": 5}});
        let v = resolve_document(doc).unwrap();
        assert_eq!(v.pointer("/lint/allow"), Some(&serde_json::json!(5)));
    }

    #[test]
    fn lint_lists_add_to_the_preset() {
        // Iberia's preset allows ticket-value; a map denying another rule keeps that allow.
        let doc = serde_json::json!({"rules": {"base": "iberia"}, "lint": {"deny": ["dead-end"], "allow": ["color-balance"]}});
        let v = resolve_document(doc).unwrap();
        assert_eq!(
            v.pointer("/lint/allow"),
            Some(&serde_json::json!(["ticket-value", "color-balance"]))
        );
        assert_eq!(
            v.pointer("/lint/deny"),
            Some(&serde_json::json!(["dead-end"]))
        );
    }

    #[test]
    fn unknown_preset_suggests_the_closest() {
        let d = resolve_rules("eurpe").unwrap_err();
        assert_eq!(d.help.as_deref(), Some("did you mean 'europe'?"));
    }

    #[test]
    fn map_keys_override_preset_keys() {
        let doc = serde_json::json!({"rules": {"base": "europe", "trains": {"per_player": 40}}});
        let v = resolve_document(doc).unwrap();
        assert_eq!(
            v.pointer("/rules/trains/per_player"),
            Some(&Value::from(40))
        );
        // Europe's stations survive the override of an unrelated table.
        assert_eq!(
            v.pointer("/rules/stations/per_player"),
            Some(&Value::from(3))
        );
    }
}
