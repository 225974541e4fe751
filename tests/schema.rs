//! The committed schema must be what the model generates, and must accept every shipped map
//! and template while rejecting malformed ones.

use std::path::Path;

#[test]
fn committed_schema_is_up_to_date() {
    let committed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(ttrmap::schema::SCHEMA_PATH),
    )
    .expect("schemas/ttrmap.schema.json exists");
    let generated = ttrmap::schema::schema_text();
    assert!(
        committed == generated,
        "schemas/ttrmap.schema.json is stale: run `cargo run -- schema > schemas/ttrmap.schema.json`"
    );
}

#[test]
fn schema_is_draft_07_for_editors() {
    let v = ttrmap::schema::schema_value();
    assert_eq!(v["$schema"], "http://json-schema.org/draft-07/schema#");
    assert!(
        v["definitions"].is_object(),
        "draft-07 keeps subschemas under `definitions`"
    );
    // TOML has no null: no optional field may advertise one.
    assert!(!ttrmap::schema::schema_text().contains("\"null\""));
}

#[test]
fn every_shipped_map_and_template_starts_with_a_schema_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["maps", "templates"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "toml") {
                let text = std::fs::read_to_string(&p).unwrap();
                assert!(
                    text.starts_with("#:schema "),
                    "{} must start with a #:schema line",
                    p.display()
                );
            }
        }
    }
}
