//! Issue 32, item 5 (first part): without `--bots`, `playtest` and `compare` play the four
//! styles; random bots play only when asked, and then the report's first line says what they
//! are for.

mod common;

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
