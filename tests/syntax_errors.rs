//! One TOML typo gives one diagnostic (at most two), on the line a person fixes: the five
//! typos a new designer makes, on the starter template and on a shipped map. Before, the
//! toml crate's recovering parser gave hundreds of invented errors (357 for one missing `]`)
//! with none on the typo's line.

use crate::common;
use common::{TempDir, ttrmap_in};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn starter() -> String {
    std::fs::read_to_string(root().join("templates/basic.toml"))
        .expect("template")
        .replace("__MAP_ID__", "starter")
        .replace("__MAP_NAME__", "Starter")
}

fn shipped() -> String {
    std::fs::read_to_string(root().join("maps/usa.toml")).expect("map")
}

/// A typo: the `nth` (from 0) line containing `find` has `find` replaced by `with`.
struct Typo {
    name: &'static str,
    find: &'static str,
    with: &'static str,
    nth: usize,
    /// What the one diagnostic's message says.
    says: &'static str,
}

const TYPOS: &[Typo] = &[
    Typo {
        name: "missing `]`",
        find: "\"]",
        with: "\"",
        nth: 1,
        says: "unclosed array: the `[` on line",
    },
    Typo {
        name: "unclosed quote",
        find: "\"]",
        with: "]",
        nth: 0,
        says: "unclosed string",
    },
    Typo {
        name: "unclosed inline table",
        find: "\" }",
        with: "\"",
        nth: 0,
        says: "unclosed inline table: the `{` on line",
    },
    Typo {
        name: "`[tickets]` for `[[tickets]]`",
        find: "[[tickets]]",
        with: "[tickets]",
        nth: 2,
        says: "`[tickets]` is a single table, but `tickets` is a list of tables",
    },
    Typo {
        name: "missing comma",
        find: "position = [",
        with: "position = [",
        nth: 3,
        says: "missing comma between array elements",
    },
];

/// The text with the typo made, and the 1-based line it is on.
fn apply(text: &str, typo: &Typo) -> (String, usize) {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let (index, line) = lines
        .iter_mut()
        .enumerate()
        .filter(|(_, l)| l.contains(typo.find) && !l.trim_start().starts_with('#'))
        .nth(typo.nth)
        .unwrap_or_else(|| panic!("no line {} with {:?}", typo.nth, typo.find));
    if typo.name == "missing comma" {
        // `position = [830, 450]` → `position = [830 450]`
        let comma = line.find(',').expect("a position has a comma");
        line.remove(comma);
    } else {
        *line = line.replacen(typo.find, typo.with, 1);
    }
    (lines.join("\n"), index + 1)
}

fn check_typos(base: &str, what: &str) {
    let mut failures = Vec::new();
    for typo in TYPOS {
        let (text, line) = apply(base, typo);
        let loaded = ttrmap::load::load_str("m.toml", &text);
        let ds = &loaded.diagnostics;
        let lines: Vec<usize> = ds
            .iter()
            .map(|d| {
                let at = d.span.as_ref().map_or(0, |s| s.start);
                text[..at].matches('\n').count() + 1
            })
            .collect();
        if ds.is_empty() || ds.len() > 2 || lines[0] != line || !ds[0].message.contains(typo.says) {
            failures.push(format!(
                "{what}, {}: {} diagnostics, first on line {:?} (typo on line {line}): {:?}",
                typo.name,
                ds.len(),
                lines.first(),
                ds.iter().take(3).map(|d| &d.message).collect::<Vec<_>>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn each_typo_gives_one_diagnostic_on_its_line_in_the_starter_template() {
    check_typos(&starter(), "starter");
}

#[test]
fn each_typo_gives_one_diagnostic_on_its_line_in_a_shipped_map() {
    check_typos(&shipped(), "usa");
}

#[test]
fn the_missing_bracket_is_named_with_the_line_it_opened_on() {
    let (text, line) = apply(&starter(), &TYPOS[0]);
    let loaded = ttrmap::load::load_str("m.toml", &text);
    assert_eq!(loaded.diagnostics.len(), 1);
    let d = &loaded.diagnostics[0];
    assert_eq!(
        d.message,
        format!("unclosed array: the `[` on line {line} has no `]`")
    );
    assert!(d.help.as_deref().is_some_and(|h| h.contains("add `]`")));
}

/// A pull request shows the one annotation, on the typo's line.
#[test]
fn github_format_gives_the_one_annotation() {
    let dir = TempDir::new("syntax-github");
    for typo in TYPOS {
        let (text, line) = apply(&starter(), typo);
        std::fs::write(dir.0.join("m.toml"), &text).expect("write");
        let out = ttrmap_in(&dir.0, &["check", "--format", "github", "m.toml"]);
        assert_eq!(out.status.code(), Some(1), "{}", typo.name);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let annotations: Vec<&str> = stdout.lines().filter(|l| l.starts_with("::")).collect();
        assert_eq!(annotations.len(), 1, "{}: {stdout}", typo.name);
        assert!(
            annotations[0].contains(&format!("line={line},")),
            "{}: {stdout}",
            typo.name
        );
    }
}
