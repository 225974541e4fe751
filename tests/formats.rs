//! The four output formats of `ttrmap check` on one bad file: the fields each consumer (a
//! script, GitHub Actions, a SARIF viewer, a person) relies on are there and well formed.
//!
//! The fixture `percent-unknown-key.toml` has two problems (its misspelt `positon` also
//! leaves `position` missing, which the misspelling's did-you-mean answers, so that is one
//! diagnostic), one message with a `%` and one with a help line, so GitHub's escaping of both is exercised. It is copied under a name with
//! `,`, `:` and `%` so the escaping of the `file=` property is exercised too.

use crate::common;
use common::{TempDir, ttrmap_in};
use serde_json::Value;
use std::path::Path;
use std::process::Output;

const FIXTURE: &str = "tests/fixtures/bad/percent-unknown-key.toml";
/// What the fixture is called in the temp dir: every character GitHub escapes in properties.
const AWKWARD_NAME: &str = "bad, copy: 100%.toml";

fn check_fixture(format: &str) -> (Output, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = ttrmap_in(root, &["check", "--format", format, FIXTURE]);
    assert_eq!(out.status.code(), Some(1), "format {format}");
    let stdout = String::from_utf8(out.stdout.clone()).expect("UTF-8 output");
    (out, stdout)
}

#[test]
fn json_items_carry_every_field() {
    let (_, stdout) = check_fixture("json");
    let items: Value = serde_json::from_str(&stdout).expect("JSON");
    let items = items.as_array().expect("an array");
    assert_eq!(items.len(), 2, "{stdout}");
    for item in items {
        for key in ["code", "severity", "message", "file"] {
            assert!(item[key].is_string(), "`{key}` in {item}");
        }
        assert_eq!(item["file"], FIXTURE);
        for key in ["line", "column", "end_line", "end_column"] {
            assert!(
                item[key].as_u64().is_some_and(|n| n >= 1),
                "`{key}` in {item}"
            );
        }
        assert!(
            (item["end_line"].as_u64(), item["end_column"].as_u64())
                >= (item["line"].as_u64(), item["column"].as_u64()),
            "a span ends before it starts: {item}"
        );
    }
    // The unknown key `"50%"` is on line 8, its quoted key spanning columns 1 to 6.
    let percent = items
        .iter()
        .find(|i| i["message"].as_str().is_some_and(|m| m.contains("50%")))
        .expect("the 50% key is reported");
    assert_eq!(
        (percent["line"].as_u64(), percent["column"].as_u64()),
        (Some(8), Some(1))
    );
    assert_eq!(percent["end_column"].as_u64(), Some(6));
}

#[test]
fn github_lines_are_escaped_workflow_commands() {
    let dir = TempDir::new("github");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE),
        dir.0.join(AWKWARD_NAME),
    )
    .expect("fixture copied");
    let out = ttrmap_in(&dir.0, &["check", "--format", "github", AWKWARD_NAME]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "one line per diagnostic:\n{stdout}");
    // `%` first, then `:` and `,`, as actions/toolkit escapes property values.
    let file_property = "file=bad%2C copy%3A 100%25.toml";
    for line in &lines {
        let rest = line
            .strip_prefix("::error ")
            .unwrap_or_else(|| panic!("not an ::error command: {line}"));
        let (props, message) = rest
            .split_once("::")
            .unwrap_or_else(|| panic!("no `::` before the message: {line}"));
        assert!(!message.is_empty(), "{line}");
        assert!(!message.contains('\n') && !message.contains('\r'), "{line}");
        let props: Vec<&str> = props.split(',').collect();
        assert_eq!(props[0], file_property, "{line}");
        for (i, key) in [(1, "line="), (2, "col=")] {
            let value = props[i]
                .strip_prefix(key)
                .unwrap_or_else(|| panic!("property {i} is not `{key}N`: {line}"));
            assert!(
                value.parse::<usize>().is_ok_and(|n| n >= 1),
                "{key}{value} in {line}"
            );
        }
        assert!(
            props.iter().any(|p| p.starts_with("title=ttrmap ")),
            "{line}"
        );
    }
    // A `%` in a message is escaped as %25; a help line joins the message through %0A.
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("::unknown key `50%25` in [map]")),
        "{stdout}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.ends_with("entry #1%0Ahelp: did you mean 'position'?")),
        "{stdout}"
    );
}

#[test]
fn sarif_is_a_2_1_0_log_with_located_results() {
    let (_, stdout) = check_fixture("sarif");
    let doc: Value = serde_json::from_str(&stdout).expect("SARIF is JSON");
    assert_eq!(doc["version"], "2.1.0");
    let run = &doc["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "ttrmap");
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), 2);
    let rule_ids: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    for r in results {
        let rule = r["ruleId"].as_str().expect("ruleId");
        assert!(
            rule_ids.contains(&rule),
            "result rule {rule} not among {rule_ids:?}"
        );
        assert_eq!(r["level"], "error");
        assert!(r["message"]["text"].as_str().is_some_and(|t| !t.is_empty()));
        let location = &r["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], FIXTURE);
        let region = &location["region"];
        for key in ["startLine", "startColumn"] {
            assert!(region[key].as_u64().is_some_and(|n| n >= 1), "{key}: {r}");
        }
    }
}

#[test]
fn human_output_names_file_line_and_column() {
    let (_, stdout) = check_fixture("human");
    // miette prints the location as `[path:LINE:COL]` at the top of the excerpt.
    for location in [":8:1]", ":12:1]"] {
        assert!(
            stdout.contains(&format!("[{FIXTURE}{location}")),
            "missing {location}:\n{stdout}"
        );
    }
    assert!(
        stdout.contains("help: did you mean 'position'?"),
        "{stdout}"
    );
    assert!(
        stdout
            .trim_end()
            .ends_with("2 errors, 0 warnings in 1 file"),
        "{stdout}"
    );
    assert!(
        !stdout.contains('\u{1b}'),
        "colour codes when stdout is not a terminal"
    );
}
