//! Where output goes and what is said about it: the format from the output's extension, a
//! "wrote" line, refusals for what cannot be written or played, player ranges.

use crate::common;
use common::{TempDir, ttrmap_in};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = ttrmap_in(root(), args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn playtest_output_takes_its_format_from_the_extension_and_says_where_it_wrote() {
    let dir = TempDir::new("out-ext");
    for (name, starts) in [("r.html", "<!DOCTYPE html>"), ("r.json", "{")] {
        let path = dir.0.join(name);
        let p = path.to_str().unwrap();
        let (code, stdout, err) = run(&["playtest", "maps/usa.toml", "--games", "4", "-o", p]);
        assert_eq!(code, Some(0), "{err}");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with(starts), "{name}: {}", &text[..40]);
        assert_eq!(stdout, format!("wrote {p}\n"));
    }
    // An explicit --format that contradicts the extension is refused, nothing written.
    let path = dir.0.join("x.json");
    let p = path.to_str().unwrap();
    let (code, _, err) = run(&[
        "playtest",
        "maps/usa.toml",
        "--games",
        "4",
        "--format",
        "html",
        "-o",
        p,
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(!path.exists());
}

#[test]
fn render_refuses_an_extension_it_cannot_write() {
    let dir = TempDir::new("out-docx");
    let path = dir.0.join("board.docx");
    let p = path.to_str().unwrap();
    let (code, _, err) = run(&["render", "maps/usa.toml", "-o", p]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains(".docx"), "{err}");
    assert!(!path.exists());
}

#[test]
fn zero_games_and_player_counts_outside_the_map_are_usage_errors() {
    let (code, out, err) = run(&["playtest", "maps/usa.toml", "--games", "0"]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(out.is_empty());
    let (code, _, err) = run(&["playtest", "maps/usa.toml", "--players", "1"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("2 to 5 players"), "{err}");
    let (code, _, err) = run(&["playtest", "maps/usa.toml", "--players", "4-7"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("2 to 5 players"), "{err}");
}

#[test]
fn a_player_range_gives_one_report_with_a_section_per_count() {
    let args = [
        "playtest",
        "maps/usa.toml",
        "--games",
        "3",
        "--players",
        "2-4",
    ];
    let (code, human, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    for p in 2..=4 {
        assert!(human.contains(&format!("3 games, {p} players")), "{human}");
    }
    let (code, json, err) = run(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let players: Vec<u64> = v
        .as_array()
        .expect("one report per count")
        .iter()
        .map(|r| r["players"].as_u64().unwrap())
        .collect();
    assert_eq!(players, [2, 3, 4]);
    // The single-count report keeps its shape (an object).
    let (_, json, _) = run(&[
        "playtest",
        "maps/usa.toml",
        "--games",
        "2",
        "--format",
        "json",
    ]);
    assert!(
        serde_json::from_str::<serde_json::Value>(&json)
            .unwrap()
            .is_object()
    );
}

#[test]
fn the_progress_bar_shows_the_rate_and_the_time_left() {
    let t = ttrmap::playtest::PROGRESS_TEMPLATE;
    // `{rate}` is our key (whole games a second), `{eta}` indicatif's.
    assert!(t.contains("{rate}") && t.contains("{eta}"), "{t}");
    assert!(indicatif::ProgressStyle::with_template(t).is_ok());
}

/// `--players` left out plays the map's minimum, and at least 2 (the help says so): a map
/// "for 1 to 5" plays 2-player games, as `compare` and `suggest tickets` do.
#[test]
fn without_players_a_map_from_one_plays_two() {
    let dir = TempDir::new("one-player");
    assert!(ttrmap_in(&dir.0, &["new", "m"]).status.success());
    let path = dir.0.join("m.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let one = text.replace(
        "players = { min = 2, max = 5 }",
        "players = { min = 1, max = 5 }",
    );
    assert_ne!(one, text);
    std::fs::write(&path, one).unwrap();
    let out = ttrmap_in(
        &dir.0,
        &["playtest", "m.toml", "--games", "3", "--format", "json"],
    );
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["players"], 2);
    let (_, help, _) = run(&["playtest", "--help"]);
    assert!(help.contains("the map's minimum, at least 2"), "{help}");
}
