//! Issue 32, item 5 (first part): without `--bots`, `playtest` and `compare` play the four
//! styles; random bots play only when asked, and then the report's first line says what they
//! are for.

use crate::common;

use common::ttrmap_in;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

const STYLES: &str = "bots destination-hungry,route-focus,one-step,long-route";

#[test]
fn playtest_and_compare_play_the_four_styles_by_default() {
    let out = ttrmap_in(root(), &["playtest", "maps/usa.toml", "--games", "20"]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.lines().next().unwrap().contains(STYLES), "{report}");
    assert!(!report.contains("RANDOM BOTS"), "{report}");
    let out = ttrmap_in(
        root(),
        &["compare", "maps/usa.toml", "maps/usa.toml", "--games", "20"],
    );
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.lines().next().unwrap().contains(STYLES), "{report}");
}

#[test]
fn a_random_playtest_says_first_what_random_bots_are_for() {
    let out = ttrmap_in(
        root(),
        &[
            "playtest",
            "maps/usa.toml",
            "--games",
            "20",
            "--bots",
            "random",
        ],
    );
    let report = String::from_utf8_lossy(&out.stdout);
    let first = report.lines().next().unwrap();
    assert!(first.starts_with("RANDOM BOTS:"), "{report}");
    assert!(first.contains("say nothing about balance"), "{first}");
}

/// The official maps a playtest plays (Pennsylvania's stock shares are not played yet, and
/// Germany has no tickets).
const OFFICIAL: &[&str] = &[
    "usa",
    "europe",
    "nordic-countries",
    "switzerland",
    "india",
    "legendary-asia",
    "old-west",
    "france",
    "uk",
];

/// Under the default bots, "what stands out" on an official map calls nothing broken: no
/// failure state, no ticket kept and never completed, the styles' spread in one line said
/// to be a measure (official maps spread too), and what the bots never did said as theirs.
#[test]
fn what_stands_out_calls_no_official_map_broken_under_the_default_bots() {
    for map in OFFICIAL {
        let file = format!("maps/{map}.toml");
        let out = ttrmap_in(root(), &["playtest", &file, "--format", "json"]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{map}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let r: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        let lines: Vec<&str> = r["stands_out"]
            .as_array()
            .expect("stands_out")
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        for l in &lines {
            assert!(!l.contains("failure state"), "{map}: {l}");
            assert!(!l.contains("kept but never completed"), "{map}: {l}");
            assert!(!l.starts_with("bot "), "{map}: the styles in one line: {l}");
            if l.contains("never") {
                assert!(l.contains("by these bots"), "{map}: {l}");
            }
            if l.starts_with("the playing styles") {
                assert!(l.contains("official maps spread too"), "{map}: {l}");
            }
        }
    }
}
