//! `--without`: playing a map without rules the engine does not play yet (or without a
//! bonus), by the designer's explicit choice, always said in the report.

use crate::common;

use common::{TempDir, ttrmap_in};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = ttrmap_in(root(), args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_refusal_names_every_unplayed_rule_by_its_key() {
    // Pennsylvania declares stock shares (a mechanic table and a route feature); neither is
    // played yet.
    let (code, _, err) = run(&["playtest", "maps/pennsylvania.toml", "--games", "2"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("(mechanics.stock_shares)"), "{err}");
    assert!(err.contains("(routes.stock_shares)"), "{err}");
    assert!(err.contains("--without KEY"), "{err}");
    // Leaving out only one of them is still refused, naming the other.
    let (code, _, err) = run(&[
        "playtest",
        "maps/pennsylvania.toml",
        "--games",
        "2",
        "--without",
        "mechanics.stock_shares",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("(routes.stock_shares)") && !err.contains("(mechanics.stock_shares)"));
}

/// Old West's Alvin is an optional variant: left out by default (and said), played with
/// `--with mechanics.alvin`, and the designer may still name it in `--without`.
#[test]
fn old_west_plays_with_alvin_only_when_asked() {
    let base = [
        "playtest",
        "maps/old-west.toml",
        "--games",
        "20",
        "--players",
        "3",
    ];
    let (code, human, err) = run(&base);
    assert_eq!(code, 0, "{err}");
    assert!(
        human.contains("optional extension not played: mechanics.alvin"),
        "{human}"
    );
    assert!(!human.contains("Alvin captures"), "{human}");
    let (code, human, err) = run(&[&base[..], &["--with", "mechanics.alvin"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(!human.contains("optional extension not played"), "{human}");
    assert!(human.contains("Alvin captures"), "{human}");
    let (code, human, err) = run(&[&base[..], &["--without", "mechanics.alvin"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(human.contains("PLAYED WITHOUT mechanics.alvin"), "{human}");
}

/// The modules' counts reach every report format, and replays name module choices.
#[test]
fn old_west_reports_markers_starts_and_captures() {
    let base = [
        "playtest",
        "maps/old-west.toml",
        "--games",
        "20",
        "--players",
        "3",
        "--with",
        "mechanics.alvin",
    ];
    let (code, json, err) = run(&[&base[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let counters = v["counters"].as_array().unwrap();
    let named = |name: &str| counters.iter().find(|c| c["name"] == name).cloned();
    // Every player chooses a start: the start counts add up to the players.
    let starts: f64 = counters
        .iter()
        .filter(|c| c["name"].as_str().unwrap().starts_with("start: "))
        .map(|c| c["mean"].as_f64().unwrap())
        .sum();
    assert!((starts - 3.0).abs() < 1e-9, "{starts}");
    assert!(
        named("start: Roswell").is_none(),
        "no start in Alvin's city"
    );
    let markers = named("markers placed after the start").unwrap();
    assert_eq!(markers["mean_by_seat"].as_array().unwrap().len(), 3);
    assert!(markers["mean"].as_f64().unwrap() <= 6.0);
    assert!(named("route points from others' claims").is_some());
    assert!(named("Alvin captures").is_some());
    let (code, page, err) = run(&[&base[..], &["--format", "html"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(page.contains("Module counts (mean per finished game)"));
    assert!(page.contains("Alvin held at the end"));
    let dir = TempDir::new("west-record");
    let record = dir.0.join("games.jsonl");
    let (code, _, err) = run(&[&base[..], &["--record", record.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let (code, turns, err) = run(&["replay", record.to_str().unwrap(), "--game", "0"]);
    assert_eq!(code, 0, "{err}");
    assert!(turns.contains(": starting city "), "{turns}");
}

#[test]
fn played_without_is_said_in_every_report_and_in_the_recording() {
    let dir = TempDir::new("without");
    let record = dir.0.join("games.jsonl");
    let args = [
        "playtest",
        "maps/pennsylvania.toml",
        "--games",
        "6",
        "--players",
        "3",
        "--without",
        "mechanics.stock_shares,routes.stock_shares",
    ];
    let (code, json, err) = run(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        v["played_without"],
        serde_json::json!(["mechanics.stock_shares", "routes.stock_shares"])
    );
    assert_eq!(
        v["finished"].as_u64().unwrap() + v["failures"].as_u64().unwrap(),
        6
    );
    let (code, human, _) = run(&args);
    assert_eq!(code, 0);
    assert!(human.contains("PLAYED WITHOUT mechanics.stock_shares, routes.stock_shares"));
    let (code, _, err) = run(&[&args[..], &["--record", record.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let first = std::fs::read_to_string(&record).unwrap();
    assert!(
        first
            .lines()
            .next()
            .unwrap()
            .contains("\"without\":[\"mechanics.stock_shares\",\"routes.stock_shares\"]")
    );
    // The replay rebuilds the game without the same rules, so the actions replay.
    let (code, turns, err) = run(&["replay", record.to_str().unwrap(), "--game", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        turns.contains("final scores") || turns.contains("failure"),
        "{turns}"
    );
}

#[test]
fn an_unknown_key_is_a_usage_error_listing_what_can_be_left_out() {
    let (code, _, err) = run(&[
        "playtest",
        "maps/usa.toml",
        "--games",
        "2",
        "--without",
        "mechanics.festivals",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--without mechanics.festivals"), "{err}");
    assert!(err.contains("rules.bonuses.longest-path"), "{err}");
}

#[test]
fn leaving_out_a_bonus_removes_its_points() {
    let bonus_mean = |extra: &[&str]| -> f64 {
        let base = [
            "playtest",
            "maps/usa.toml",
            "--games",
            "40",
            "--players",
            "2",
            "--format",
            "json",
        ];
        let (code, json, err) = run(&[&base[..], extra].concat());
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        v["by_bot"][0]["mean"]["bonuses"].as_f64().unwrap()
    };
    // The USA's one bonus is the longest path (10 points): with it, someone scores it in
    // every finished game; without it, nobody scores a bonus.
    assert!(bonus_mean(&[]) > 0.0);
    assert_eq!(
        bonus_mean(&["--without", "rules.bonuses.longest-path"]),
        0.0
    );
}

#[test]
fn castilla_reports_each_bonus_and_the_mode_chosen_for_the_player_count() {
    // Six players and no --mode: Normal is for 2-5, so Total (5-7) is played.
    let (code, json, err) = run(&[
        "playtest",
        "maps/castilla.toml",
        "--games",
        "30",
        "--players",
        "6",
        "--without",
        "mechanics.mystery_train",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["mode"], "total");
    let bonuses = v["bonuses"].as_array().expect("bonuses");
    // Total mode plays all eight punctuation cards.
    assert_eq!(bonuses.len(), 8, "{bonuses:?}");
    assert!(
        bonuses
            .iter()
            .any(|b| b["name"].as_str().unwrap().starts_with("TUNELMAN"))
    );
    // The bonus table accounts for every bonus point of the seats: the sum of the bonuses'
    // mean points per game equals the sum of the seats' mean bonus points.
    let by_bonus: f64 = bonuses
        .iter()
        .map(|b| b["mean_points"].as_f64().unwrap())
        .sum();
    let by_seat: f64 = v["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["mean"]["bonuses"].as_f64().unwrap())
        .sum();
    assert!((by_bonus - by_seat).abs() < 1e-6, "{by_bonus} vs {by_seat}");
    for b in bonuses {
        let seats: f64 = b["mean_points_by_seat"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .sum();
        assert!((seats - b["mean_points"].as_f64().unwrap()).abs() < 1e-6);
    }
    // The same table in the human and html reports.
    let args = [
        "playtest",
        "maps/castilla.toml",
        "--games",
        "10",
        "--players",
        "6",
        "--without",
        "mechanics.mystery_train",
    ];
    let (code, human, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(human.contains("(mode total)"), "{human}");
    let header = human
        .lines()
        .find(|l| l.starts_with("bonus "))
        .expect("a bonus table");
    assert!(header.contains("points by seat"), "{header}");
    assert!(
        human.lines().any(|l| l.starts_with("SUPERCAPITALMAN")),
        "{human}"
    );
    let (code, html, err) = run(&[&args[..], &["--format", "html"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(html.contains("<h2>Bonuses</h2>") && html.contains("<td>TUNELMAN"));
    // A mode's player counts are recommended, not required (seed 002 lists each mode's
    // counts as a recommendation): Total at 4 players is played, and the report says so on
    // the line after its header, in what stands out, and in the JSON.
    let (code, out, err) = run(&[
        "playtest",
        "maps/castilla.toml",
        "--games",
        "2",
        "--players",
        "4",
        "--mode",
        "total",
        "--without",
        "mechanics.mystery_train",
    ]);
    assert_eq!(code, 0, "{err}");
    let note = "game mode total is played with 4 players, outside its recommended 5 to 7";
    assert_eq!(
        out.lines().nth(1),
        Some(format!("NOTE: {note}").as_str()),
        "{out}"
    );
    assert!(
        out.matches(note).count() >= 2,
        "also in what stands out: {out}"
    );
    let (code, json, err) = run(&[
        "playtest",
        "maps/castilla.toml",
        "--games",
        "2",
        "--players",
        "4",
        "--mode",
        "total",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(v["mode_outside_range"], note, "{json}");
}

/// Castilla's Mystery Train is an optional extension (`optional = true`): the map plays by
/// default, every report says the extension was not played, and asking for it with `--with`
/// is refused while its cards' effects are unknown.
#[test]
fn castilla_plays_by_default_without_its_optional_mystery_train() {
    let base = ["playtest", "maps/castilla.toml", "--games", "20"];
    let (code, human, err) = run(&base);
    assert_eq!(code, 0, "{err}");
    assert!(
        human.contains("optional extension not played: mechanics.mystery_train"),
        "{human}"
    );
    assert!(!human.contains("PLAYED WITHOUT"), "{human}");
    let (code, json, err) = run(&[&base[..], &["--format", "json"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        v["extensions_not_played"],
        serde_json::json!(["mechanics.mystery_train"])
    );
    assert_eq!(v["played_without"], serde_json::json!([]));
    let (code, page, err) = run(&[&base[..], &["--format", "html"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(page.contains("Optional extension not played: mechanics.mystery_train"));
    // Asked for: refused, naming it.
    let (code, _, err) = run(&[&base[..], &["--with", "mechanics.mystery_train"]].concat());
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("(mechanics.mystery_train)"), "{err}");
    // Not an optional extension of the map: a usage error naming the ones it has.
    let (code, _, err) = run(&[&base[..], &["--with", "mechanics.alvin"]].concat());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("its optional extensions: mechanics.mystery_train"),
        "{err}"
    );
    // The explicit `--without` of before still works, and is said as the designer's choice.
    let (code, human, err) = run(&[&base[..], &["--without", "mechanics.mystery_train"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(
        human.contains("PLAYED WITHOUT mechanics.mystery_train"),
        "{human}"
    );
}
