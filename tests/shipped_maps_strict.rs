//! Issue 32, item 8: `check --strict maps` (what docs/examples/check-maps.yml recommends)
//! passes on the shipped maps, each known finding stated in the map's own `[lint.known]` with
//! its reason; a map with no tickets is a `check` warning (`no-tickets`), and `playtest`
//! refuses it with the same words.

use crate::common;

use common::{TempDir, ttrmap_in};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn check_strict_passes_on_the_shipped_maps() {
    let out = ttrmap_in(root(), &["check", "--strict", "maps"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

/// The known findings are still there with `--verbose`, as information carrying the reason.
#[test]
fn known_findings_show_with_their_reason_under_verbose() {
    let out = ttrmap_in(
        root(),
        &[
            "check",
            "--strict",
            "--verbose",
            "--format",
            "json",
            "maps/germany.toml",
            "maps/old-west.toml",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let all = json.to_string();
    for (code, reason) in [
        ("no-tickets", "BGA has none"),
        ("deck-published-size", "which one is extra"),
    ] {
        assert!(
            all.contains(&format!("\"{code}\"")),
            "{code} missing: {all}"
        );
        assert!(all.contains(reason), "reason for {code} missing: {all}");
    }
}

const NO_TICKETS: &str = r#"
[map]
id = "sketch"
name = "Sketch"
players = { min = 2, max = 4 }
board = { width = 100, height = 100 }

[rules]
base = "usa"

[[cities]]
id = "a"
position = [10, 10]

[[cities]]
id = "b"
position = [60, 10]

[[routes]]
from = "a"
to = "b"
length = 2
"#;

#[test]
fn a_map_without_tickets_is_a_warning_and_playtest_says_the_same() {
    let dir = TempDir::new("no-tickets");
    std::fs::write(dir.0.join("sketch.toml"), NO_TICKETS).unwrap();
    let plain = ttrmap_in(&dir.0, &["check", "sketch.toml"]);
    let said = text(&plain.stdout);
    assert_eq!(plain.status.code(), Some(0), "a warning: {said}");
    assert!(said.contains("no-tickets"), "{said}");
    assert!(
        said.contains("the map has no tickets: nothing to play for"),
        "{said}"
    );
    let strict = ttrmap_in(&dir.0, &["check", "--strict", "sketch.toml"]);
    assert_eq!(strict.status.code(), Some(1), "{}", text(&strict.stdout));

    let play = ttrmap_in(&dir.0, &["playtest", "sketch.toml", "--games", "2"]);
    let err = text(&play.stderr);
    assert_eq!(play.status.code(), Some(1), "a map problem: {err}");
    assert!(
        err.contains("the map has no tickets: nothing to play for"),
        "{err}"
    );
    assert!(err.contains("no-tickets"), "{err}");
}

/// A `[lint.known]` entry naming no code is a warning with a did-you-mean, as `allow` is.
#[test]
fn a_known_entry_for_an_unknown_code_is_a_warning() {
    let dir = TempDir::new("known-typo");
    let map = format!("{NO_TICKETS}\n[lint.known]\nno-ticket = \"still drawing\"\n");
    std::fs::write(dir.0.join("sketch.toml"), map).unwrap();
    let out = ttrmap_in(&dir.0, &["check", "sketch.toml"]);
    let said = text(&out.stdout);
    assert!(said.contains("unknown-lint"), "{said}");
    assert!(said.contains("no-tickets"), "did-you-mean: {said}");
}

/// An entry whose finding is gone is a warning: its reason no longer describes the map.
#[test]
fn a_known_entry_that_finds_nothing_is_a_warning() {
    let dir = TempDir::new("known-stale");
    let map = format!(
        "{NO_TICKETS}\n[[tickets]]\nfrom = \"a\"\nto = \"b\"\npoints = 2\n\n[lint.known]\nno-tickets = \"still drawing\"\n"
    );
    std::fs::write(dir.0.join("sketch.toml"), map).unwrap();
    let out = ttrmap_in(&dir.0, &["check", "sketch.toml"]);
    let said = text(&out.stdout);
    assert!(said.contains("known-unused"), "{said}");
}
