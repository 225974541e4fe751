//! Small things a first hour runs into: map ids from names with accents, a "next:" hint that
//! can be pasted into a shell, SARIF a code-scanning tool accepts, `check` on several files
//! where one is missing, on a folder, and on standard input.

use crate::common;
use common::{TempDir, ttrmap_in};
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn new_makes_the_same_id_as_import_and_a_pasteable_hint() {
    let dir = TempDir::new("slug");
    let out = ttrmap_in(&dir.0, &["new", "Côte d'Azur"]);
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(dir.0.join("Côte d'Azur.toml")).unwrap();
    assert!(text.contains("id = \"cote-d-azur\""), "{text}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let hint = stdout.split("next: ").nth(1).expect("a next hint").trim();
    // Run the hint as a shell would: it must name the file as one argument.
    let words = shlex::split(hint).expect("shell words");
    assert_eq!(words, ["ttrmap", "check", "Côte d'Azur.toml"], "{hint}");
}

#[test]
fn sarif_describes_its_rules_and_gives_uris() {
    let dir = TempDir::new("sarif");
    let path = dir.0.join("bad map.toml");
    std::fs::write(
        &path,
        "[map]\nid = \"x\"\nname = \"X\"\nplayers = { min = 2, max = 5 }\n\
         board = { width = 100, height = 100 }\n[[cities]]\nid = \"a\"\nposition = [1, 1]\n\
         [[routes]]\nfrom = \"a\"\nto = \"b\"\nlength = 2\n",
    )
    .unwrap();
    let out = ttrmap_in(
        &dir.0,
        &["check", path.to_str().unwrap(), "--format", "sarif"],
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let rules = v["runs"][0]["tool"]["driver"]["rules"].as_array().unwrap();
    assert!(!rules.is_empty());
    for r in rules {
        let text = r["shortDescription"]["text"].as_str().unwrap_or_default();
        assert!(text.len() > 10, "rule without a description: {r}");
    }
    let uri =
        v["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap();
    assert!(uri.starts_with("file:///"), "{uri}");
    assert!(uri.ends_with("/bad%20map.toml"), "{uri}");
    // A relative name stays relative, against the source root.
    let out = ttrmap_in(&dir.0, &["check", "bad map.toml", "--format", "sarif"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let loc = &v["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    assert_eq!(loc["uri"], "bad%20map.toml");
    assert_eq!(loc["uriBaseId"], "%SRCROOT%");
}

#[test]
fn one_missing_file_is_reported_and_the_others_are_checked() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = ttrmap_in(
        std::path::Path::new(root),
        &[
            "check",
            "maps/usa.toml",
            "maps/nope.toml",
            "maps/europe.toml",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("maps/nope.toml"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("in 2 files"), "{stdout}");
}

#[test]
fn check_takes_a_folder_and_standard_input() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = ttrmap_in(root, &["check", "maps"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let shipped = common::shipped_map_files().len();
    assert!(stdout.contains(&format!("in {shipped} files")), "{stdout}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let text = std::fs::read(root.join("maps/usa.toml")).unwrap();
    child.stdin.take().unwrap().write_all(&text).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("in 1 file"));
    // A problem in standard input is located under that name.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(["check", "-", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"[map\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("<stdin>"));
}
