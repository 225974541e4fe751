//! `merge` does not trust its parts: a part whose totals were edited is refused (each part
//! carries a digest tying its totals to the run and the shard), a shard count past the limit
//! is refused without allocating for it, and a part claiming more failures than games is
//! refused. Every refusal is exit 2 with a message, never an abort.

use crate::common;
use common::{TempDir, ttrmap_in};
use serde_json::Value;
use std::path::Path;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A run of 6 games in two shards: `p1.json` and `p2.json`, parsed.
fn parts(dir: &TempDir) -> (Value, Value) {
    let map =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/basic.toml"))
            .expect("template exists")
            .replace("__MAP_ID__", "merge")
            .replace("__MAP_NAME__", "Merge");
    std::fs::write(dir.0.join("map.toml"), map).unwrap();
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let file = format!("p{i}.json");
        let out = ttrmap_in(
            &dir.0,
            &[
                "playtest", "map.toml", "--games", "6", "--shard", &shard, "-o", &file,
            ],
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let read = |f: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.0.join(f)).unwrap()).unwrap()
    };
    (read("p1.json"), read("p2.json"))
}

fn merge_with(dir: &TempDir, first: &Value) -> std::process::Output {
    std::fs::write(dir.0.join("edited.json"), format!("{first}\n")).unwrap();
    ttrmap_in(&dir.0, &["merge", "edited.json", "p2.json"])
}

#[test]
fn merge_refuses_edited_and_impossible_parts() {
    let dir = TempDir::new("merge-trust");
    let (p1, _) = parts(&dir);
    // The parts as written merge.
    let out = ttrmap_in(&dir.0, &["merge", "p1.json", "p2.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    // An edited total: one more finished game's worth of turns.
    let mut edited = p1.clone();
    let turns = edited["sections"][0]["turns_sum"].as_u64().unwrap();
    edited["sections"][0]["turns_sum"] = (turns + 100).into();
    let out = merge_with(&dir, &edited);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("changed after its shard wrote it"),
        "{}",
        stderr(&out)
    );

    // A shard count no run has: refused, not an allocation abort (exit 134).
    let mut huge = p1.clone();
    huge["settings"]["shards"] = 4_294_967_295u64.into();
    let out = merge_with(&dir, &huge);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = ttrmap_in(
        &dir.0,
        &[
            "playtest",
            "map.toml",
            "--games",
            "6",
            "--shard",
            "1/4294967295",
            "-o",
            "x.json",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("at most"), "{}", stderr(&out));

    // Far more failures than games (the 2,000,000 in a shard of 3 games): refused.
    let mut failing = p1.clone();
    failing["sections"][0]["failures"] = 2_000_000u64.into();
    let out = merge_with(&dir, &failing);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}
