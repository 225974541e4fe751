//! Issue 32, item 4: a duplicate route id names what the designer wrote: the two routes'
//! cities and the line of each, and how to give the second one an `id` (or make the pair one
//! double route).

use crate::common;

use common::{TempDir, ttrmap_in};

const MAP: &str = r#"[map]
id = "dup"
name = "Dup"
players = { min = 2, max = 4 }
board = { width = 1000, height = 700 }

[[cities]]
id = "lake"
position = [100, 100]

[[cities]]
id = "west"
position = [400, 100]

[[cities]]
id = "east"
position = [700, 100]

[[routes]]
from = "lake"
to = "west"
length = 2
color = "red"

[[routes]]
from = "west"
to = "east"
length = 2

[[routes]]
from = "lake"
to = "west"
length = 2
color = "blue"

[[tickets]]
from = "lake"
to = "east"
points = 4
"#;

fn check(map: &str, tag: &str) -> (Option<i32>, String) {
    let dir = TempDir::new(tag);
    std::fs::write(dir.0.join("dup.toml"), map).unwrap();
    let out = ttrmap_in(&dir.0, &["check", "dup.toml", "--format", "json"]);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn the_finding(json: &str) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_str(json).expect("json");
    let dups: Vec<&serde_json::Value> = v
        .as_array()
        .expect("an array")
        .iter()
        .filter(|d| d["code"] == "duplicate-id")
        .collect();
    assert_eq!(dups.len(), 1, "{json}");
    dups[0].clone()
}

#[test]
fn a_second_route_between_the_same_cities_names_both_and_says_how_to_part_them() {
    let (code, json) = check(MAP, "dup-implied");
    assert_eq!(code, Some(1), "{json}");
    let d = the_finding(&json);
    let message = d["message"].as_str().unwrap();
    let help = d["help"].as_str().unwrap();
    // What the designer wrote: the cities, not only the id they never wrote.
    assert!(message.contains("`lake` → `west`"), "{message}");
    assert!(
        message.contains("line 30") && message.contains("line 19"),
        "{message}"
    );
    assert!(message.contains("`lake-west`"), "{message}");
    assert_eq!(d["line"], 30, "at the second route: {d}");
    // How: an id for the second one, or one double route.
    assert!(help.contains("id = \"lake-west-2\""), "{help}");
    assert!(help.contains("colors = [\"red\", \"blue\"]"), "{help}");
}

#[test]
fn an_explicit_duplicate_id_names_both_routes_and_a_free_id() {
    let map = MAP
        .replace("[[routes]]\nfrom = \"west\"", "[[routes]]\nid = \"coast\"\nfrom = \"west\"")
        .replace("[[routes]]\nfrom = \"lake\"\nto = \"west\"\nlength = 2\ncolor = \"blue\"", "[[routes]]\nid = \"coast\"\nfrom = \"lake\"\nto = \"west\"\nlength = 2\ncolor = \"blue\"");
    let (code, json) = check(&map, "dup-explicit");
    assert_eq!(code, Some(1), "{json}");
    let d = the_finding(&json);
    let message = d["message"].as_str().unwrap();
    let help = d["help"].as_str().unwrap();
    assert!(message.contains("`coast`"), "{message}");
    assert!(
        message.contains("`lake` → `west`") && message.contains("`west` → `east`"),
        "{message}"
    );
    assert!(help.contains("id = \"coast-2\""), "{help}");
}
