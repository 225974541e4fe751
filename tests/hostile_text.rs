//! Odd text in a map: noncharacters, date-times where text belongs, columns of wide and
//! multi-byte characters, control characters that would reach a terminal, very long values.
//! Each case runs the real binary, as a user meets it.

mod common;
use common::{TempDir, ttrmap_in};
use serde_json::Value;
use std::path::Path;

/// The basic template as a map named `name` (a TOML value, quotes included).
fn map_with_name(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/basic.toml"))
        .expect("template exists")
        .replace("__MAP_ID__", "odd")
        .replace("\"__MAP_NAME__\"", name)
}

fn write(dir: &TempDir, file: &str, text: &str) {
    std::fs::write(dir.0.join(file), text).expect("written");
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `check --format json` items of one file.
fn json_items(dir: &TempDir, file: &str) -> Vec<Value> {
    let out = ttrmap_in(&dir.0, &["check", file, "--format", "json"]);
    serde_json::from_str::<Vec<Value>>(&stdout(&out)).expect("check prints a JSON array")
}

#[test]
fn noncharacters_are_refused_at_their_value_and_never_rendered() {
    let dir = TempDir::new("nonchar");
    // As a TOML escape and as the raw character.
    for (i, name) in ["\"Bad\\uFFFE\"", "\"Bad\u{FFFF}\"", "\"\\U0010FFFF\""]
        .iter()
        .enumerate()
    {
        let file = format!("m{i}.toml");
        let text = map_with_name(name);
        write(&dir, &file, &text);
        let items = json_items(&dir, &file);
        let found = items
            .iter()
            .find(|d| d["message"].as_str().unwrap().contains("noncharacter"))
            .unwrap_or_else(|| panic!("{name}: {items:?}"));
        assert_eq!(found["severity"], "error");
        let line = text.lines().position(|l| l.starts_with("name = ")).unwrap() + 1;
        assert_eq!(found["line"].as_u64(), Some(line as u64), "{found}");
        assert_eq!(found["column"].as_u64(), Some(8), "{found}");
        let out = ttrmap_in(&dir.0, &["render", &file, "-o", "out.svg"]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(!dir.0.join("out.svg").exists());
    }
}

#[test]
fn a_date_time_is_not_a_name() {
    let dir = TempDir::new("date");
    let text = map_with_name("1979-05-27T07:32:00Z").replacen(
        "name = \"Northport\"",
        "name = 1979-05-27",
        1,
    );
    write(&dir, "d.toml", &text);
    let items = json_items(&dir, "d.toml");
    let dates: Vec<&Value> = items
        .iter()
        .filter(|d| d["message"].as_str().unwrap().contains("date-time"))
        .collect();
    assert_eq!(dates.len(), 2, "{items:#?}");
    for (d, value) in dates.iter().zip(["1979-05-27T07:32:00Z", "1979-05-27"]) {
        let line = text
            .lines()
            .position(|l| l == format!("name = {value}"))
            .unwrap()
            + 1;
        assert_eq!(d["line"].as_u64(), Some(line as u64), "{d}");
        assert_eq!(d["column"].as_u64(), Some(8), "{d}");
        assert_eq!(d["severity"], "error");
    }
}
