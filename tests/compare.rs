//! `ttrmap compare`: paired games on two versions of a map. A ticket raised by 5 points is
//! reported with an interval excluding 0; a city renamed changes nothing significant; the
//! map differences, `--fail-if` and the HTML page.

use crate::common;

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
    compare_games(dir, GAMES, extra)
}

fn compare_games(dir: &Path, games: &str, extra: &[&str]) -> (i32, serde_json::Value, String) {
    let mut args = vec![
        "compare",
        "usa.toml",
        "variant.toml",
        "--games",
        games,
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
    // The figures within noise: the game's, the seats' and the bots', never a ticket's or a
    // route's one by one (a whole deck and board of them; JSON and HTML list those).
    let noise = human
        .split_once("the other figures, within noise")
        .map_or("", |(_, rest)| rest);
    assert!(noise.contains("\n  seat 1 win rate "), "{human}");
    assert!(noise.contains("\n  game length (turns) "), "{human}");
    assert!(
        !noise.contains("\n  ticket ") && !noise.contains("\n  route "),
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

/// `--until-decided` stops at the first look where every `--fail-if` condition is settled,
/// and reports what the fixed-count comparison of the games played reports.
#[test]
fn until_decided_stops_once_every_condition_is_settled() {
    let dir = TempDir::new("compare-until");
    // Random bots ignore ticket values: the same games on both versions, so the turns change
    // is exactly 0 with no spread, settled at the first look (100 games). Two seats share the
    // wins: each seat's rate is within about ±17 points at 100 games (Wilson at 5 % / 5 looks
    // / 2 seats), so the seat spread is under 90 % there too.
    variant(
        &dir.0,
        "from = \"calgary\"\nto = \"salt-lake-city\"\npoints = 7",
        "from = \"calgary\"\nto = \"salt-lake-city\"\npoints = 12",
    );
    let until = |threads: &str| {
        compare_games(
            &dir.0,
            "1000",
            &[
                "--fail-if",
                "turns-change>1",
                "--fail-if",
                "seat-spread<90%",
                "--until-decided",
                "--threads",
                threads,
            ],
        )
    };
    let (code, c, err) = until("1");
    // The second condition holds: exit 1, as a fixed-count compare would.
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--fail-if seat-spread<90%"), "{err}");
    let d = &c["decided"];
    assert_eq!(
        (d["games"].as_u64(), d["most"].as_u64()),
        (Some(100), Some(1000)),
        "{d}"
    );
    assert_eq!(
        (d["looks"].as_u64(), d["planned_looks"].as_u64()),
        (Some(1), Some(5)),
        "{d}"
    );
    assert_eq!(d["conditions"][0]["verdict"], "does-not-hold", "{d}");
    assert_eq!(d["conditions"][1]["verdict"], "holds", "{d}");
    assert_eq!(c["games"], 100);
    // The same bytes at two threads, and the fixed-count comparison of 100 games but for
    // saying how it stopped.
    assert_eq!(until("2").1, c);
    let (_, mut fixed, _) = compare_games(&dir.0, "100", &["--threads", "2"]);
    fixed["decided"] = d.clone();
    assert_eq!(fixed, c);
}

#[test]
fn until_decided_says_when_the_games_ran_out() {
    let dir = TempDir::new("compare-until-open");
    variant(&dir.0, "name = \"Denver\"", "name = \"Mile High\"");
    // A seat spread of a few points cannot be told from 5 % in 200 games.
    let (_, c, err) = compare_json(&dir.0, &["--fail-if", "seat-spread>5%", "--until-decided"]);
    let d = &c["decided"];
    assert_eq!(d["games"], 200, "{d}\n{err}");
    assert_eq!(d["conditions"][0]["verdict"], "undecided", "{d}");
    let (_, out, _) = run(
        &dir.0,
        &[
            "compare",
            "usa.toml",
            "variant.toml",
            "--games",
            "200",
            "--players",
            "2",
            "--bots",
            "random",
            "--fail-if",
            "seat-spread>5%",
            "--until-decided",
        ],
    );
    assert!(out.contains("Not decided in 200 paired games"), "{out}");
    assert!(
        out.contains("seat-spread>5%: undecided (interval 0.00 % to"),
        "{out}"
    );
}

#[test]
fn until_decided_refuses_what_it_cannot_settle() {
    let dir = TempDir::new("compare-until-bad");
    variant(&dir.0, "name = \"Denver\"", "name = \"Mile High\"");
    for (extra, says) in [
        (&["--until-decided"][..], "give at least one"),
        (
            &["--until-decided", "--fail-if", "significant>0"][..],
            "cannot settle `significant`",
        ),
        (
            &[
                "--until-decided",
                "--fail-if",
                "turns-change>1",
                "--alpha",
                "1.5",
            ][..],
            "not a rate",
        ),
        (
            &["--fail-if", "turns-change>1", "--alpha", "0.1"][..],
            "--until-decided",
        ),
    ] {
        let mut args = vec!["compare", "usa.toml", "variant.toml", "--games", "20"];
        args.extend(extra);
        let (code, _, err) = run(&dir.0, &args);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(err.contains(says), "{extra:?}: {err}");
    }
}
