//! `replay` reads a recording, a file that may come from anywhere: its messages quote the
//! recording's action codes, `mode`, `without`, bots and version, and none of them may reach
//! the terminal as raw control characters (escaped as `\u001B`, as `merge` does).

use crate::common;
use common::{TempDir, ttrmap_in};
use std::path::Path;

const EVIL: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}1m";

fn no_raw_controls(what: &str, text: &str) {
    let bad: Vec<char> = text
        .chars()
        .filter(|&c| c.is_control() && c != '\n')
        .collect();
    assert!(bad.is_empty(), "{what} prints raw {bad:?}:\n{text}");
}

/// A change made to a recorded game.
type Edit = Box<dyn Fn(&mut serde_json::Value)>;

#[test]
fn replay_messages_escape_what_a_recording_says() {
    let dir = TempDir::new("replay-controls");
    let map =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/basic.toml"))
            .expect("template exists")
            .replace("__MAP_ID__", "replay")
            .replace("__MAP_NAME__", "Replay");
    std::fs::write(dir.0.join("map.toml"), map).unwrap();
    let out = ttrmap_in(
        &dir.0,
        &[
            "playtest",
            "map.toml",
            "--games",
            "1",
            "--record",
            "rec.jsonl",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let line = std::fs::read_to_string(dir.0.join("rec.jsonl")).unwrap();
    let record: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    let edits: Vec<(&str, Edit)> = vec![
        ("mode", Box::new(|r| r["mode"] = EVIL.into())),
        (
            "without",
            Box::new(|r| r["without"] = serde_json::json!([EVIL])),
        ),
        (
            "action",
            Box::new(|r| r["actions"][0] = format!("x{EVIL}").into()),
        ),
        (
            "version and action",
            Box::new(|r| {
                r["ttrmap"] = EVIL.into();
                r["actions"][1] = EVIL.into();
            }),
        ),
        (
            "map path",
            Box::new(|r| r["map"] = format!("m{EVIL}.toml").into()),
        ),
    ];
    for (what, edit) in edits {
        let mut r = record.clone();
        edit(&mut r);
        std::fs::write(dir.0.join("evil.jsonl"), format!("{r}\n")).unwrap();
        let args: &[&str] = if what == "map path" {
            &["replay", "evil.jsonl"]
        } else {
            &["replay", "evil.jsonl", "--map", "map.toml"]
        };
        let out = ttrmap_in(&dir.0, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_ne!(
            out.status.code(),
            Some(0),
            "{what}: the edit is refused: {err}"
        );
        assert!(
            err.contains("\\u001B"),
            "{what}: the escape is shown: {err}"
        );
        no_raw_controls(what, &err);
        no_raw_controls(what, &String::from_utf8_lossy(&out.stdout));
    }
}
