//! `ttrmap compare`: paired games on two versions of a map. A ticket raised by 5 points is
//! reported with an interval excluding 0; a city renamed changes nothing significant; the
//! map differences, `--fail-if` and the HTML page.

mod common;

use common::{TempDir, ttrmap_in};
use std::path::Path;

fn usa_text() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml")).unwrap()
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = ttrmap_in(dir, args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The USA map and a variant made by replacing `from` with `to` in its text.
fn variant(dir: &Path, from: &str, to: &str) {
    let text = usa_text();
    assert!(text.contains(from), "maps/usa.toml has {from}");
    std::fs::write(dir.join("usa.toml"), &text).unwrap();
    std::fs::write(dir.join("variant.toml"), text.replacen(from, to, 1)).unwrap();
}

const GAMES: &str = "200";

fn compare_json(dir: &Path, extra: &[&str]) -> (i32, serde_json::Value, String) {
    let mut args = vec![
        "compare",
        "usa.toml",
        "variant.toml",
        "--games",
        GAMES,
        "--players",
        "2",
        "--format",
        "json",
        // Random bots ignore ticket values, so a changed value plays the same games.
        "--bots",
        "random",
    ];
    args.extend(extra);
    let (code, out, err) = run(dir, &args);
    let value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    (code, value, err)
}

#[test]
fn a_ticket_raised_by_five_points_is_a_significant_change() {
    let dir = TempDir::new("compare-ticket");
    // Calgary – Salt Lake City is printed at 7; the variant prints 12.
    variant(
        &dir.0,
        "from = \"calgary\"\nto = \"salt-lake-city\"\npoints = 7",
        "from = \"calgary\"\nto = \"salt-lake-city\"\npoints = 12",
    );
    let (code, c, err) = compare_json(&dir.0, &[]);
    assert_eq!(code, 0, "{err}");
    let ticket = c["tickets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Calgary – Salt Lake City")
        .expect("the ticket is compared by its cities' names");
    let points = &ticket["mean_points"];
    // Each game it was kept in moves by exactly +5 per completion and −5 per failure: the
    // random bots ignore ticket values, so the games are the same and the change has almost
    // no spread.
    assert_eq!(points["significant"], true, "{ticket}");
    let (low, high) = (
        points["low"].as_f64().unwrap(),
        points["high"].as_f64().unwrap(),
    );
    assert!(low > 0.0 || high < 0.0, "the interval excludes 0: {ticket}");
    // Its completion did not change: the same games were played.
    assert_eq!(ticket["completion"]["significant"], false, "{ticket}");
    // No other ticket or route changed.
    for line in c["significant"].as_array().unwrap() {
        let line = line.as_str().unwrap();
        assert!(
            !line.starts_with("route ")
                && (!line.starts_with("ticket ") || line.contains("Calgary – Salt Lake City")),
            "{line}"
        );
    }
    assert_eq!(
        c["map_changes"]["tickets_changed"][0],
        "Calgary – Salt Lake City: points 7 → 12"
    );
    // A CI guard: some figure changed significantly.
    let (code, _, err) = compare_json(&dir.0, &["--fail-if", "significant>0"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--fail-if significant>0"), "{err}");
}

#[test]
fn a_renamed_city_changes_nothing_significant() {
    let dir = TempDir::new("compare-rename");
    variant(&dir.0, "name = \"Denver\"", "name = \"Mile High\"");
    let (code, c, err) = compare_json(&dir.0, &["--fail-if", "significant>0"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(c["significant"], serde_json::json!([]), "{c}");
    assert_eq!(
        c["map_changes"]["cities_renamed"],
        serde_json::json!(["denver: Denver → Mile High"])
    );
    // The new names are used.
    assert!(
        c["routes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "Mile High – Omaha"),
        "{c}"
    );
    let (code, human, err) = run(
        &dir.0,
        &[
            "compare",
            "usa.toml",
            "variant.toml",
            "--games",
            "20",
            "--players",
            "2",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        human.contains("none: every difference is within noise"),
        "{human}"
    );
    assert!(
        human.contains("city renamed: denver: Denver → Mile High"),
        "{human}"
    );
}

#[test]
fn the_comparison_page_and_bad_conditions() {
    let dir = TempDir::new("compare-html");
    variant(&dir.0, "name = \"Denver\"", "name = \"Mile High\"");
    let args = [
        "compare",
        "usa.toml",
        "variant.toml",
        "--games",
        "20",
        "--players",
        "2",
        "-o",
        "c.html",
    ];
    let (code, _, err) = run(&dir.0, &args);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(dir.0.join("c.html")).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("Route heat difference") && page.contains("table class=\"sortable\""));
    assert!(!page.contains("http://") || !page.contains("src=\"http"));
    // Same map, two options: the new version left without the longest-path bonus.
    let args = [
        "compare",
        "usa.toml",
        "--games",
        "30",
        "--players",
        "2",
        "--format",
        "json",
        "--new-without",
        "rules.bonuses.longest-path",
    ];
    let (code, out, err) = run(&dir.0, &args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("--without rules.bonuses.longest-path"),
        "{out}"
    );
    let (code, _, err) = run(&dir.0, &["compare", "usa.toml", "--fail-if", "spread>5%"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("seat-spread"), "{err}");
}
