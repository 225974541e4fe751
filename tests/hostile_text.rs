//! Odd text in a map: noncharacters, date-times where text belongs, columns of wide and
//! multi-byte characters, control characters that would reach a terminal, very long values.
//! Each case runs the real binary, as a user meets it.

use crate::common;
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

/// `[file:LINE:COL]` positions of the human report, in order.
fn human_positions(dir: &TempDir, file: &str) -> Vec<(u64, u64)> {
    let out = ttrmap_in(&dir.0, &["check", file]);
    let text = stdout(&out);
    let marker = format!("[{file}:");
    text.match_indices(&marker)
        .map(|(i, _)| {
            let rest = &text[i + marker.len()..];
            let end = rest.find(']').expect("closed");
            let (l, c) = rest[..end].split_once(':').expect("line:col");
            (l.parse().unwrap(), c.parse().unwrap())
        })
        .collect()
}

fn json_positions(items: &[Value]) -> Vec<(u64, u64)> {
    items
        .iter()
        .map(|d| (d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap()))
        .collect()
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

/// One column rule in every format: characters as an editor counts them.
#[test]
fn columns_count_characters_in_every_format() {
    let dir = TempDir::new("columns");
    let cases: &[(&str, String, (u64, u64))] = &[
        // `x` is the 17th character of the line (29th byte).
        ("cjk", "name = \"日本語日本語\" x\n".to_string(), (1, 17)),
        ("emoji", "name = \"🚂🚃🚃\" x\n".to_string(), (1, 14)),
        // A byte-order mark is not a column.
        ("bom", "\u{FEFF}name = \"ab\" x\n".to_string(), (1, 13)),
        (
            "crlf",
            "a = 1\r\nname = \"日本\" x\r\n".to_string(),
            (2, 13),
        ),
        // A lone CR ends a line, as editors show it; it is a TOML error of its own, the first
        // and so the one reported (a syntax error stops the check), at the start of line 2.
        ("cr", "a = 1\rname = \"日本\" x\n".to_string(), (2, 1)),
    ];
    for (tag, text, want) in cases {
        let file = format!("{tag}.toml");
        write(&dir, &file, text);
        let json = json_positions(&json_items(&dir, &file));
        let human = human_positions(&dir, &file);
        assert!(json.contains(want), "{tag}: json {json:?}");
        assert_eq!(human, json, "{tag}: human and json disagree");
        let github = stdout(&ttrmap_in(&dir.0, &["check", &file, "--format", "github"]));
        let expect = format!("line={},col={}", want.0, want.1);
        assert!(github.contains(&expect), "{tag}: {github}");
    }
}

fn no_raw_controls(what: &str, text: &str) {
    let bad: Vec<char> = text
        .chars()
        .filter(|&c| c.is_control() && c != '\n')
        .collect();
    assert!(bad.is_empty(), "{what} prints raw {bad:?}:\n{text}");
}

#[test]
fn control_characters_never_reach_the_terminal() {
    let dir = TempDir::new("controls");
    let evil = "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b1m";
    let text = map_with_name(&format!("\"Title{evil}\""))
        .replace("\"Northport\"", &format!("\"North{evil}\""))
        .replace("\"Eastfield\"", &format!("\"East{evil}\""));
    write(&dir, "c.toml", &text);
    let out = ttrmap_in(&dir.0, &["stats", "c.toml"]);
    assert_eq!(out.status.code(), Some(0));
    no_raw_controls("stats", &stdout(&out));
    assert!(stdout(&out).contains("Title"), "{}", stdout(&out));
    let out = ttrmap_in(&dir.0, &["playtest", "c.toml", "--games", "2"]);
    assert_eq!(out.status.code(), Some(0));
    no_raw_controls("playtest", &stdout(&out));
    // A diagnostic quoting the name, and one whose excerpt holds a raw control character.
    let broken = text.replacen("from = \"north\"", &format!("from = \"n{evil}\""), 1);
    write(&dir, "b.toml", &broken);
    let raw = format!("{text}# a raw \u{1b}[2J in a comment\n");
    write(&dir, "r.toml", &raw);
    for (file, format) in [
        ("b.toml", "human"),
        ("b.toml", "github"),
        ("r.toml", "human"),
        ("r.toml", "github"),
    ] {
        let out = ttrmap_in(&dir.0, &["check", file, "--format", format]);
        assert_eq!(out.status.code(), Some(1), "{file}");
        no_raw_controls(&format!("check {file} --format {format}"), &stdout(&out));
    }
    let out = ttrmap_in(&dir.0, &["render", "b.toml", "-o", "b.svg"]);
    no_raw_controls("render's error", &String::from_utf8_lossy(&out.stderr));
}

/// A file's name is text from anywhere too: the exit-1 messages that name the file (a map with
/// errors, a map without tickets) escape it as every other message does.
#[test]
fn a_file_name_with_control_characters_is_escaped_in_every_error() {
    let dir = TempDir::new("controls-name");
    let text = map_with_name("\"Odd\"");
    let broken = text.replacen("from = \"north\"", "from = \"nowhere\"", 1);
    let name = "b\u{1b}]0;pwned\u{7}.toml";
    write(&dir, name, &broken);
    for args in [
        vec!["render", name, "-o", "b.svg"],
        vec!["playtest", name, "--games", "2"],
        vec!["stats", name],
    ] {
        let out = ttrmap_in(&dir.0, &args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        no_raw_controls(&format!("{}'s error", args[0]), &stderr);
        assert!(stderr.contains("has errors"), "{stderr}");
    }
    // And the lines that say what a command did with the file.
    let clean = "c\u{1b}[2J.toml";
    write(&dir, clean, &text);
    let out = ttrmap_in(&dir.0, &["layout", clean]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    no_raw_controls("layout's note", &stderr);
    assert!(stderr.contains("to write into"), "{stderr}");
}

#[test]
fn a_long_value_is_quoted_shortened() {
    let dir = TempDir::new("long");
    let long = "x".repeat(10_000);
    write(&dir, "l.toml", &map_with_name(&format!("\"{long}\"")));
    let items = json_items(&dir, "l.toml");
    assert!(!items.is_empty());
    for d in &items {
        let message = d["message"].as_str().unwrap();
        assert!(
            message.len() < 300,
            "{} bytes: {message:.300}",
            message.len()
        );
    }
    assert!(
        items[0]["message"]
            .as_str()
            .unwrap()
            .contains("10000 characters"),
        "{}",
        items[0]["message"]
    );
    // A value quoted by a later check (an unknown city id) is cut the same way.
    let text = map_with_name("\"Long\"").replacen(
        "from = \"north\"",
        &format!("from = \"{}\"", "y".repeat(10_000)),
        1,
    );
    write(&dir, "r.toml", &text);
    let items = json_items(&dir, "r.toml");
    assert!(!items.is_empty());
    for d in &items {
        let message = d["message"].as_str().unwrap();
        assert!(
            message.len() < 300,
            "{} bytes: {message:.300}",
            message.len()
        );
    }
    // The human report shows the value once (its excerpt: a window of the long line around
    // the span, up to 120 bytes of it underlined), not again in the message.
    let human = stdout(&ttrmap_in(&dir.0, &["check", "l.toml"]));
    let with_name = human.lines().filter(|l| l.contains(&long[..100])).count();
    assert_eq!(with_name, 1, "{} bytes", human.len());
}

/// `[file:LINE:COL]` headers of a human report, in order.
fn positions_in(text: &str, file: &str) -> Vec<(u64, u64)> {
    let marker = format!("[{file}:");
    text.match_indices(&marker)
        .map(|(i, _)| {
            let rest = &text[i + marker.len()..];
            let end = rest.find(']').expect("closed");
            let (l, c) = rest[..end].split_once(':').expect("line:col");
            (l.parse().unwrap(), c.parse().unwrap())
        })
        .collect()
}

/// A line far past column 65,535 with an error after its long value: `check` reports it at
/// its place, in every format, without panicking, and the human excerpt stays short.
#[test]
fn an_error_past_a_very_long_value_is_reported_at_its_place() {
    let dir = TempDir::new("longline");
    for n in [70_000, 1_000_000] {
        let long = "x".repeat(n);
        // A syntax error after the value: `name = "xxx…" oops`.
        let syntax = map_with_name(&format!("\"{long}\" oops"));
        // A board padded with a long value, then 50 unknown keys on the same line.
        let unknown: String = (0..50).map(|i| format!(", k{i} = {i}")).collect();
        let board = map_with_name("\"Board\"").replacen(
            "units = \"px\"",
            &format!("units = \"px\", pad = \"{long}\"{unknown}"),
            1,
        );
        for (tag, text, needle) in [("syntax", &syntax, " oops"), ("board", &board, ", pad")] {
            let file = format!("{tag}{n}.toml");
            write(&dir, &file, text);
            let line = text.lines().position(|l| l.contains(needle)).unwrap() as u64 + 1;
            let out = ttrmap_in(&dir.0, &["check", &file]);
            assert_eq!(out.status.code(), Some(1), "{file}");
            let human = stdout(&out);
            let json = json_positions(&json_items(&dir, &file));
            // Short excerpts: under 1 kB a diagnostic (51 of them on the board's line), the
            // same for a line of 70,000 and of 1,000,000 characters.
            assert!(
                human.len() < 1_000 * json.len() && human.len() < 60_000,
                "{file}: {} bytes for {} diagnostics",
                human.len(),
                json.len()
            );
            let human = positions_in(&human, &file);
            assert!(!human.is_empty(), "{file}");
            assert_eq!(human, json, "{file}: human and json disagree");
            assert!(json.iter().all(|&(l, _)| l == line), "{file}: {json:?}");
            // The syntax error and the 50 unknown keys lie after the long value (`pad` too is
            // an unknown key, before it).
            let after = json.iter().filter(|&&(_, c)| c > n as u64).count();
            assert_eq!(
                after,
                if tag == "syntax" { 1 } else { 50 },
                "{file}: {json:?}"
            );
            let github = stdout(&ttrmap_in(&dir.0, &["check", &file, "--format", "github"]));
            for (l, c) in &json {
                assert!(
                    github.contains(&format!("line={l},col={c}")),
                    "{file}: {github:.500}"
                );
            }
        }
    }
}

/// A name longer than a format width can pad (65,535) in the tables of `playtest`, `stats` and
/// `suggest tickets` (a bonus's; city names are refused past 200 characters): no panic.
#[test]
fn names_too_long_to_pad_do_not_panic() {
    let dir = TempDir::new("longname");
    let long = "N".repeat(65_600);
    let text = map_with_name("\"Long names\"").replacen(
            "[lint]",
            &format!(
                "[[rules.bonuses]]\nid = \"lp\"\nname = \"{long}\"\nkind = \"longest-path\"\npoints = 10\n\n[lint]"
            ),
            1,
        );
    write(&dir, "n.toml", &text);
    let check = ttrmap_in(&dir.0, &["check", "n.toml", "--format", "json"]);
    assert_ne!(check.status.code(), Some(1), "{:.2000}", stdout(&check));
    for args in [
        &["playtest", "n.toml", "--games", "2"][..],
        &["stats", "n.toml"],
        &["suggest", "tickets", "n.toml", "--games", "2"],
    ] {
        let out = ttrmap_in(&dir.0, args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
