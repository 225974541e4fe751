//! `check --fix` applies the fixes the diagnostics compute (a ticket's value, a misspelt id
//! with one close match), keeping comments and order, and says what it changed; `--diff`
//! shows them without writing.

use crate::common;
use common::{TempDir, ttrmap_in};

/// The starter map with three mistakes that each have one sure fix, and one that has not.
fn broken(dir: &std::path::Path) -> String {
    let out = ttrmap_in(dir, &["new", "m"]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(dir.join("m.toml")).unwrap();
    let text = text
        .replacen(
            "from = \"north\"\nto = \"ridge\"",
            "from = \"nroth\"   # a typo\nto = \"ridge\"",
            1,
        )
        .replacen(
            "from = \"north\"\nto = \"south\"\npoints = 6",
            "from = \"north\"\nto = \"sotuh\"\npoints = 6",
            1,
        )
        .replacen(
            "from = \"north\"\nto = \"centre\"\npoints = 5",
            "from = \"north\"\nto = \"centre\"\npoints = 9   # too many",
            1,
        );
    std::fs::write(dir.join("m.toml"), &text).unwrap();
    text
}

#[test]
fn diff_shows_the_fixes_and_writes_nothing() {
    let dir = TempDir::new("fix-diff");
    let before = broken(&dir.0);
    let out = ttrmap_in(&dir.0, &["check", "m.toml", "--diff"]);
    let diff = String::from_utf8_lossy(&out.stdout);
    for line in [
        "-from = \"nroth\"   # a typo",
        "+from = \"north\"   # a typo",
        "-to = \"sotuh\"",
        "+to = \"south\"",
        "-points = 9   # too many",
        "+points = 5   # too many",
    ] {
        assert!(diff.lines().any(|l| l == line), "{line} in\n{diff}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.0.join("m.toml")).unwrap(),
        before
    );
}

#[test]
fn fix_applies_them_keeping_everything_else_and_says_so() {
    let dir = TempDir::new("fix-write");
    let before = broken(&dir.0);
    let out = ttrmap_in(&dir.0, &["check", "m.toml", "--fix", "--strict"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr.matches("fixed m.toml:").count(), 3, "{stderr}");
    assert!(
        stderr.contains("\"sotuh\" → \"south\" (unknown-city)"),
        "{stderr}"
    );
    assert!(stderr.contains("9 → 5 (ticket-value)"), "{stderr}");
    let after = std::fs::read_to_string(dir.0.join("m.toml")).unwrap();
    let expected = before
        .replace("\"nroth\"", "\"north\"")
        .replace("\"sotuh\"", "\"south\"")
        .replace("points = 9   # too many", "points = 5   # too many");
    assert_eq!(after, expected, "only the three values changed");
}

#[test]
fn an_id_with_two_close_matches_is_not_guessed() {
    let dir = TempDir::new("fix-ambiguous");
    broken(&dir.0);
    // `cape`, `lake` are both one edit from `cake`.
    let text = std::fs::read_to_string(dir.0.join("m.toml"))
        .unwrap()
        .replacen("from = \"cape\"", "from = \"cake\"", 1);
    std::fs::write(dir.0.join("m.toml"), &text).unwrap();
    let out = ttrmap_in(&dir.0, &["check", "m.toml", "--fix"]);
    assert_eq!(out.status.code(), Some(1));
    let after = std::fs::read_to_string(dir.0.join("m.toml")).unwrap();
    assert!(after.contains("from = \"cake\""));
    assert!(String::from_utf8_lossy(&out.stdout).contains("cake"));
}
