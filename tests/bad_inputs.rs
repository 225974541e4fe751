//! Every file in `tests/fixtures/bad/` is a map with one thing wrong (named by the file). The real
//! binary must reject each one cleanly: exit 1 or 2 (never 0, never a panic's 101), JSON on
//! stdout whose every item is located at a real line and column, and no panic on stderr. The
//! messages themselves are pinned with insta snapshots, so a change in wording or position is
//! a reviewed change.

use crate::common;
use common::{TempDir, ttrmap_in};
use serde_json::Value;
use std::path::Path;
use std::process::Output;

/// The task asks for at least this many distinct bad inputs; fewer means fixtures went missing.
const MIN_FIXTURES: usize = 40;

const FIXTURE_DIR: &str = "tests/fixtures/bad";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Fixture paths relative to the crate root, sorted, so reports name them the same way on
/// every machine and snapshots stay machine-independent.
fn fixtures() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join(FIXTURE_DIR))
        .expect("the fixture folder exists")
        .map(|e| e.expect("readable folder entry").file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| format!("{FIXTURE_DIR}/{n}"))
        .collect()
}

fn stem(relative: &str) -> String {
    Path::new(relative)
        .file_stem()
        .expect("fixture has a name")
        .to_string_lossy()
        .into_owned()
}

/// Runs `ttrmap ARGS` from the repository root.
fn ttrmap(args: &[&str]) -> Output {
    ttrmap_in(root(), args)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("ttrmap writes UTF-8")
}

/// Checks the contract every rejected file must meet and returns the parsed items, or a
/// description of what broke it.
fn check_json_contract(file: &str, out: &Output) -> Result<Vec<Value>, String> {
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("panicked") {
        return Err(format!("{file}: panicked:\n{stderr}"));
    }
    match out.status.code() {
        Some(1) | Some(2) => {}
        other => return Err(format!("{file}: exit code {other:?}, expected 1 or 2")),
    }
    let items: Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("{file}: stdout is not JSON ({e}):\n{}", text(&out.stdout)))?;
    let items = items
        .as_array()
        .ok_or_else(|| format!("{file}: stdout is not a JSON array"))?
        .clone();
    if items.is_empty() {
        return Err(format!("{file}: rejected with no diagnostic at all"));
    }
    for item in &items {
        for key in ["code", "severity", "message", "file"] {
            if item[key].as_str().is_none_or(str::is_empty) {
                return Err(format!("{file}: item without a non-empty `{key}`: {item}"));
            }
        }
        for key in ["line", "column"] {
            if item[key].as_u64().is_none_or(|n| n < 1) {
                return Err(format!("{file}: item with `{key}` < 1 or missing: {item}"));
            }
        }
        if item["file"] != file {
            return Err(format!("{file}: item names another file: {item}"));
        }
    }
    if !items.iter().any(|i| i["severity"] == "error") {
        return Err(format!("{file}: rejected without an error-severity item"));
    }
    Ok(items)
}

#[test]
fn every_bad_fixture_is_rejected_cleanly_with_located_json() {
    let files = fixtures();
    assert!(
        files.len() >= MIN_FIXTURES,
        "only {} bad fixtures, expected at least {MIN_FIXTURES}",
        files.len()
    );
    let mut broken = Vec::new();
    let mut snapshots = Vec::new();
    for file in &files {
        let out = ttrmap(&["check", "--format", "json", file]);
        match check_json_contract(file, &out) {
            Ok(_) => snapshots.push((
                stem(file),
                format!("exit: {:?}\n{}", out.status.code(), text(&out.stdout)),
            )),
            Err(e) => broken.push(e),
        }
    }
    // Every contract breach is listed before any snapshot comparison can stop the test.
    assert!(broken.is_empty(), "{}", broken.join("\n\n"));
    for (name, snapshot) in snapshots {
        insta::assert_snapshot!(format!("json__{name}"), snapshot);
    }
}

/// Human output of a representative handful: syntax, schema with a did-you-mean, a semantic
/// check, broken encoding, right-to-left text, markup, and a file with many problems.
#[test]
fn human_output_of_representative_fixtures() {
    for name in [
        "unterminated-string",
        "unclosed-array",
        "unknown-top-level-key",
        "route-unknown-city",
        "latin1-leon",
        "arabic-unknown-city",
        "html-script-unknown-city",
        "many-problems",
    ] {
        let file = format!("{FIXTURE_DIR}/{name}.toml");
        let out = ttrmap(&["check", &file]);
        assert_eq!(out.status.code(), Some(1), "{file}");
        let stdout = text(&out.stdout);
        assert!(
            !stdout.contains('\u{1b}'),
            "{file}: colour codes in output that is not a terminal"
        );
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("panicked"),
            "{file}"
        );
        insta::assert_snapshot!(format!("human__{name}"), stdout);
    }
}

/// Markup, ampersands, quotes and right-to-left text reach the message byte for byte: no HTML
/// escaping, no JSON double-escaping, no bidi stripping.
#[test]
fn hostile_text_is_shown_intact() {
    let cases = [
        ("html-script-unknown-city", "<script>alert('x&y')</script>"),
        ("ampersand-quotes-unknown-key", "Tom & \"Jerry\""),
        ("arabic-unknown-city", "القاهره"),
        ("hebrew-duplicate-city", "ירושלים"),
    ];
    for (name, expected) in cases {
        let file = format!("{FIXTURE_DIR}/{name}.toml");
        let json = ttrmap(&["check", "--format", "json", &file]);
        let items = check_json_contract(&file, &json).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            items
                .iter()
                .any(|i| i["message"].as_str().is_some_and(|m| m.contains(expected))),
            "{file}: no JSON message contains {expected:?}: {items:?}"
        );
        let human = text(&ttrmap(&["check", &file]).stdout);
        assert!(
            human.contains(expected),
            "{file}: human output lacks {expected:?}:\n{human}"
        );
    }
}

/// The did-you-mean the task requires for misspelt keys, cities, decks, colours and presets.
#[test]
fn misspellings_get_a_suggestion() {
    let cases = [
        ("unknown-top-level-key", "did you mean 'routes'?"),
        ("route-unknown-key", "did you mean 'length'?"),
        ("rules-unknown-key", "did you mean 'trains'?"),
        ("city-unknown-key", "did you mean 'position'?"),
        ("route-unknown-city", "did you mean 'north'?"),
        ("ticket-unknown-city", "did you mean 'east'?"),
        ("ticket-unknown-deck", "did you mean 'regular'?"),
        ("unknown-color", "did you mean 'green'?"),
        ("unknown-preset", "did you mean 'europe'?"),
        ("arabic-unknown-city", "did you mean 'القاهرة'?"),
    ];
    for (name, help) in cases {
        let file = format!("{FIXTURE_DIR}/{name}.toml");
        let out = ttrmap(&["check", "--format", "json", &file]);
        let items = check_json_contract(&file, &out).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            items.iter().any(|i| i["help"] == help),
            "{file}: no item with help {help:?}: {items:?}"
        );
    }
}

/// A file that checks once checks the same way again: output is deterministic.
#[test]
fn output_is_deterministic() {
    let file = format!("{FIXTURE_DIR}/many-problems.toml");
    let first = ttrmap(&["check", "--format", "json", &file]);
    let second = ttrmap(&["check", "--format", "json", &file]);
    assert_eq!(first.stdout, second.stdout);
    let items = check_json_contract(&file, &first).unwrap_or_else(|e| panic!("{e}"));
    // Six independent problems are planted in that file; all must be reported, not the first.
    assert_eq!(items.len(), 6, "{items:?}");
}

/// A 60 MB file is refused up front with a located `file-too-large`, not parsed for seconds
/// or minutes. It is generated here, never committed.
#[test]
fn sixty_megabyte_file_is_refused() {
    const SIZE: usize = 60 * 1024 * 1024;
    let dir = TempDir::new("huge");
    let line = "# padding line of a map file far larger than any real map would be\n";
    let mut body = String::with_capacity(SIZE + line.len());
    body.push_str("[map]\nid = \"huge\"\n");
    while body.len() < SIZE {
        body.push_str(line);
    }
    std::fs::write(dir.0.join("huge.toml"), &body).expect("temp file written");
    drop(body);

    let started = std::time::Instant::now();
    let out = ttrmap_in(&dir.0, &["check", "--format", "json", "huge.toml"]);
    let elapsed = started.elapsed();
    let items = check_json_contract("huge.toml", &out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(items.len(), 1, "{items:?}");
    assert_eq!(items[0]["code"], "file-too-large");
    assert_eq!(
        (items[0]["line"].as_u64(), items[0]["column"].as_u64()),
        (Some(1), Some(1))
    );
    // Refusing must not cost a parse: reading 60 MB takes well under a second; 20 s allows
    // for a loaded CI machine while still catching a parser that ran over the whole file.
    assert!(elapsed.as_secs() < 20, "took {elapsed:?}");
    insta::assert_snapshot!("json__sixty-megabytes", text(&out.stdout));
}
