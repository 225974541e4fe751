//! The JSON Schema of the map format, generated from `crate::model` (draft-07, which Taplo and
//! Even Better TOML understand), and the compiled validator `load` uses.
//!
//! The schema comes from the model's types only, their doc comments becoming its
//! descriptions (what an editor shows on hover). `schemas/ttrmap.schema.json` is the
//! committed copy; `tests/schema.rs` fails when it is stale.

use crate::model::MapFile;
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// Where the committed schema lives, relative to the repository root.
pub const SCHEMA_PATH: &str = "schemas/ttrmap.schema.json";

/// The schema as a JSON value.
pub fn schema_value() -> Value {
    let generator = schemars::generate::SchemaSettings::draft07().into_generator();
    let schema = generator.into_root_schema_for::<MapFile>();
    let mut value = serde_json::to_value(schema).expect("a schema is plain JSON");
    drop_null(&mut value);
    if let Some(obj) = value.as_object_mut() {
        obj.insert("title".into(), Value::from("ttrmap map file"));
        obj.insert(
            "$id".into(),
            Value::from("https://ttrmap.invalid/schemas/ttrmap.schema.json"),
        );
    }
    value
}

/// The schema as the pretty JSON text committed in `schemas/` and printed by `ttrmap schema`.
pub fn schema_text() -> String {
    let mut s = serde_json::to_string_pretty(&schema_value()).expect("serialisable");
    s.push('\n');
    s
}

/// The compiled validator, built once per process.
pub fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        jsonschema::validator_for(&schema_value()).expect("the generated schema compiles")
    })
}

/// Every property name the schema knows, for "did you mean" on unknown keys.
pub fn known_property_names() -> &'static BTreeSet<String> {
    static NAMES: OnceLock<BTreeSet<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = BTreeSet::new();
        collect_properties(&schema_value(), &mut names);
        names
    })
}

fn collect_properties(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(map) => {
            if let Some(Value::Object(props)) = map.get("properties") {
                out.extend(props.keys().cloned());
            }
            map.values().for_each(|v| collect_properties(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_properties(v, out)),
        _ => {}
    }
}

/// TOML has no null, so `Option<T>` fields are simply optional: strip the `null` alternatives
/// schemars adds (`anyOf: [T, {type: null}]`, `type: [T, "null"]`). This also makes a wrong
/// value's error name the real constraint ("not one of red, ...") rather than "not valid under
/// any of the schemas".
fn drop_null(v: &mut Value) {
    match v {
        Value::Object(map) => {
            if let Some(Value::Array(types)) = map.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    map.insert("type".into(), only);
                }
            }
            let single = match map.get("anyOf") {
                Some(Value::Array(alts)) if alts.len() == 2 => {
                    let is_null = |a: &Value| a.get("type") == Some(&Value::from("null"));
                    match (is_null(&alts[0]), is_null(&alts[1])) {
                        (false, true) => Some(alts[0].clone()),
                        (true, false) => Some(alts[1].clone()),
                        _ => None,
                    }
                }
                _ => None,
            };
            if let Some(Value::Object(inner)) = single {
                map.remove("anyOf");
                for (k, val) in inner {
                    map.entry(k).or_insert(val);
                }
            }
            map.values_mut().for_each(drop_null);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null),
        _ => {}
    }
}

/// The property names allowed by the subschema at `schema_path` (a JSON pointer into the
/// schema, ending at its `additionalProperties` keyword), for "did you mean" on unknown keys.
pub fn properties_at(schema_path: &str) -> Vec<String> {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    let schema = SCHEMA.get_or_init(schema_value);
    let parent = schema_path.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
    schema
        .pointer(parent)
        .and_then(|s| s.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}

/// The string values allowed by the `oneOf`/`anyOf` keyword at `schema_path`, when every
/// alternative is a `const` or an `enum` (how schemars writes documented enums).
pub fn choices_at(schema_path: &str) -> Option<Vec<String>> {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    let schema = SCHEMA.get_or_init(schema_value);
    let alts = schema.pointer(schema_path)?.as_array()?;
    let mut out = Vec::new();
    for alt in alts {
        if let Some(c) = alt.get("const").and_then(Value::as_str) {
            out.push(c.to_string());
        } else if let Some(e) = alt.get("enum").and_then(Value::as_array) {
            out.extend(e.iter().filter_map(Value::as_str).map(str::to_string));
        } else {
            return None;
        }
    }
    Some(out)
}
