//! Exit codes are the CLI's contract with scripts and CI: 0 fine, 1 map problems, 2 usage or
//! I/O errors (`src/cli/mod.rs`). Each case runs the real binary.

use crate::common;
use common::{TempDir, ttrmap_in};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn code(args: &[&str]) -> Option<i32> {
    ttrmap_in(root(), args).status.code()
}

#[test]
fn valid_template_maps_exit_0() {
    let dir = TempDir::new("templates");
    for template in ["basic", "europe"] {
        let text = std::fs::read_to_string(root().join(format!("templates/{template}.toml")))
            .expect("template exists")
            .replace("__MAP_ID__", "exit-codes")
            .replace("__MAP_NAME__", "Exit codes");
        let file = format!("{template}.toml");
        std::fs::write(dir.0.join(&file), text).expect("written");
        let out = ttrmap_in(&dir.0, &["check", &file]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{template}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn a_bad_map_exits_1() {
    assert_eq!(
        code(&["check", "tests/fixtures/bad/route-unknown-city.toml"]),
        Some(1)
    );
}

#[test]
fn missing_file_exits_2_and_says_which() {
    let out = ttrmap_in(root(), &["check", "tests/fixtures/bad/no-such-file.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no-such-file.toml"), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing on stdout for an I/O error");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(code(&["check", "--no-such-flag", "x.toml"]), Some(2));
    assert_eq!(code(&["check"]), Some(2), "no files");
    assert_eq!(code(&["check", "--format", "xml", "x.toml"]), Some(2));
    assert_eq!(code(&["no-such-command"]), Some(2));
    assert_eq!(code(&[]), Some(2), "no command");
}

#[test]
fn explain_known_code_exits_0_and_unknown_exits_2() {
    let out = ttrmap_in(root(), &["explain", "unknown-city"]);
    assert_eq!(out.status.code(), Some(0));
    // A lint rule's explanation is its doc: heading first, then the default level.
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("# unknown-city"), "{text}");
    assert!(text.contains("Default level: deny."), "{text}");
    let out = ttrmap_in(root(), &["explain", "toml-syntax"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("toml-syntax: "));
    assert_eq!(code(&["explain"]), Some(0), "listing every code");

    let out = ttrmap_in(root(), &["explain", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown code `nope`"));
    let out = ttrmap_in(root(), &["explain", "unknown-cty"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("did you mean 'unknown-city'?"),
        "a misspelt code gets a suggestion"
    );
}

#[test]
fn new_writes_a_valid_map_and_never_overwrites() {
    let dir = TempDir::new("new");
    let out = ttrmap_in(&dir.0, &["new", "my-map"]);
    assert_eq!(out.status.code(), Some(0));
    let map = dir.0.join("my-map.toml");
    assert!(map.is_file());
    assert_eq!(
        ttrmap_in(&dir.0, &["check", "my-map.toml"]).status.code(),
        Some(0)
    );

    // The designer has edited the file since: a second `new` must leave it alone.
    let edited = "# my own work, not to be lost\n";
    std::fs::write(&map, edited).expect("written");
    let out = ttrmap_in(&dir.0, &["new", "my-map"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&map).expect("still there"), edited);

    let out = ttrmap_in(&dir.0, &["new", "my-map.toml", "--template", "europe"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "the .toml spelling names the same file"
    );
    assert_eq!(std::fs::read_to_string(&map).expect("still there"), edited);
}

#[test]
fn new_with_unknown_template_exits_2_and_writes_nothing() {
    let dir = TempDir::new("new-template");
    let out = ttrmap_in(&dir.0, &["new", "other", "--template", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.0.join("other.toml").exists());
}
