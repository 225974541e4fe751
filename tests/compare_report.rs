//! Issue 32, item 9: `compare`'s text report puts the map differences first (as the README
//! says), does not repeat the significant changes in the list of figures, lists a change of
//! a rules value (`trains`) as a map difference, and `--fail-if` prints shares as percentages.

use crate::common;

use common::{TempDir, ttrmap_in};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The starter map and a copy with 4 more trains at every player count.
fn two_versions(tag: &str) -> TempDir {
    let dir = TempDir::new(tag);
    assert!(ttrmap_in(&dir.0, &["new", "old"]).status.success());
    let old = std::fs::read_to_string(dir.0.join("old.toml")).unwrap();
    let new = old.replace("per_player = 15", "per_player = 19").replace(
        "by_players = { 3 = 14, 5 = 17 }",
        "by_players = { 3 = 18, 5 = 21 }",
    );
    assert!(
        old != new,
        "the starter's trains table changed; update this test"
    );
    std::fs::write(dir.0.join("new.toml"), new).unwrap();
    dir
}

fn compare(dir: &TempDir, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "compare",
        "old.toml",
        "new.toml",
        "--games",
        "200",
        "--players",
        "3",
    ];
    args.extend(extra);
    ttrmap_in(&dir.0, &args)
}

#[test]
fn map_differences_come_first_and_name_the_rules_change() {
    let dir = two_versions("compare-order");
    let out = compare(&dir, &[]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}{}", text(&out.stderr));
    let map = report.find("map differences:").expect("a map section");
    let significant = report
        .find("significant changes")
        .expect("a significant section");
    assert!(map < significant, "map differences first:\n{report}");
    // The trains change itself, not only its lint effect.
    let section = &report[map..significant];
    assert!(
        section.contains("rules changed: trains.per_player 15 → 19"),
        "{section}"
    );
    assert!(
        section.contains("rules changed: trains.by_players.3 14 → 18"),
        "{section}"
    );
}

#[test]
fn significant_changes_are_not_repeated_under_the_other_figures() {
    let dir = two_versions("compare-repeat");
    let out = compare(&dir, &[]);
    let report = text(&out.stdout);
    let start = report.find("significant changes").unwrap();
    let lines: Vec<&str> = report[start..]
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(
        lines.len() > 3,
        "the trains change moves many figures: {report}"
    );
    for l in lines {
        let what = l.trim().split(": ").next().unwrap();
        assert_eq!(
            report.matches(&format!("{what} ")).count()
                + report.matches(&format!("{what}:")).count(),
            1,
            "`{what}` once:\n{report}"
        );
    }
}

#[test]
fn fail_if_prints_a_share_as_a_percentage() {
    let dir = two_versions("compare-fail-if");
    let out = compare(&dir, &["--fail-if", "seat-spread>0.1%"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let said = err
        .lines()
        .find(|l| l.contains("--fail-if"))
        .expect("the condition");
    let value = said.split(" is ").nth(1).expect("its value");
    assert!(value.ends_with(" %"), "{said}");
    assert!(!value.starts_with("0."), "{said}");
}
