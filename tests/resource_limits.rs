//! Resource limits: a huge or endless input is cut at the size limit, not read whole;
//! `--threads` and `--games` have stated maximums. Each case runs the real binary.

use crate::common;
use common::{TempDir, ttrmap_in};
use std::io::Write;
use std::path::Path;

/// `check` on a FIFO fed far more than the 8 MiB limit: it must stop reading at the limit
/// (the writer sees the pipe closed long before its 64 MiB are out) and refuse the file.
#[cfg(unix)]
#[test]
fn check_stops_reading_at_the_size_limit() {
    const FEED: usize = 64 * 1024 * 1024;
    let dir = TempDir::new("limit-fifo");
    let fifo = dir.0.join("endless.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .open(fifo)
                .expect("the fifo opens");
            let chunk = vec![b'#'; 64 * 1024];
            let mut sent = 0;
            // Stops at a closed pipe (EPIPE: the test binary ignores SIGPIPE, as Rust does).
            while sent < FEED && f.write_all(&chunk).is_ok() {
                sent += chunk.len();
            }
            sent
        })
    };
    let out = ttrmap_in(&dir.0, &["check", "--format", "json", "endless.toml"]);
    let sent = writer.join().expect("writer ends");
    assert_eq!(out.status.code(), Some(1));
    let items: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(items[0]["code"], "file-too-large", "{items}");
    assert!(
        items[0]["message"]
            .as_str()
            .unwrap()
            .contains("more than 8388608 bytes"),
        "{items}"
    );
    assert!(
        sent < FEED / 2,
        "check read {sent} bytes of an endless input"
    );
}

fn basic_map(dir: &Path) {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/basic.toml"))
            .expect("template exists")
            .replace("__MAP_ID__", "limits")
            .replace("__MAP_NAME__", "Limits");
    std::fs::write(dir.join("map.toml"), text).expect("written");
}

#[test]
fn games_above_the_maximum_are_a_usage_error() {
    let dir = TempDir::new("limit-games");
    basic_map(&dir.0);
    let out = ttrmap_in(
        &dir.0,
        &["playtest", "map.toml", "--games", "18446744073709551615"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("10000000"), "{err}");
}

#[test]
fn threads_above_the_maximum_are_a_usage_error_and_extra_threads_are_capped() {
    let dir = TempDir::new("limit-threads");
    basic_map(&dir.0);
    let out = ttrmap_in(
        &dir.0,
        &["playtest", "map.toml", "--games", "2", "--threads", "16000"],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("256"), "{err}");
    // More threads than games: capped (and said so), with the same report.
    let capped = ttrmap_in(
        &dir.0,
        &["playtest", "map.toml", "--games", "2", "--threads", "8"],
    );
    assert_eq!(capped.status.code(), Some(0));
    let note = String::from_utf8_lossy(&capped.stderr);
    assert!(note.contains("--threads 8"), "{note}");
    let one = ttrmap_in(
        &dir.0,
        &["playtest", "map.toml", "--games", "2", "--threads", "1"],
    );
    assert_eq!(capped.stdout, one.stdout);
}

/// Issue 41, item 5: nine Express cards passed `check`, then most games failed ("no such
/// placement on the mat": a placement packs the card in 3 bits). `check` now refuses more
/// cards than the engine plays, naming the limit; seven still check clean.
#[test]
fn more_express_cards_than_the_engine_plays_are_refused_by_check() {
    let dir = TempDir::new("limit-express");
    let korea = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/south-korea.toml"),
    )
    .unwrap()
    .replace("../schemas/", "");
    assert!(korea.contains("values = [1, 2, 3]\n"));
    for (values, code) in [
        ("[1, 1, 2, 2, 3, 3, 3]", 0),
        ("[1, 1, 2, 2, 3, 3, 3, 3, 3]", 1),
    ] {
        let text = korea.replace("values = [1, 2, 3]\n", &format!("values = {values}\n"));
        std::fs::write(dir.0.join("k.toml"), text).unwrap();
        let out = ttrmap_in(&dir.0, &["check", "k.toml"]);
        let err = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(code), "{values}: {err}");
        if code == 1 {
            assert!(
                err.contains("express_cards.values") && err.contains("at most 7"),
                "{err}"
            );
        }
    }
}

/// Issue 41, item 7: a points value of 2,147,483,647 passed `check`, then `score` totalled
/// -2,147,483,642 and `playtest` reported a negative mean bonus (a debug build panics). Every
/// points value now has the bounds the other points values have, and `check` names the key.
#[test]
fn points_values_beyond_any_game_are_refused_by_check() {
    let dir = TempDir::new("limit-points");
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    for huge in ["2147483647", "-2147483648"] {
        for (map, from, key) in [
            ("iberia", "chart = [1, 3, 6, 10, 14, 18, 22, 26]", "chart"),
            ("legendary-asia", "points_per_train = 2", "points_per_train"),
            ("old-west", "capture_points = 10", "capture_points"),
            ("old-west", "end_points = 10", "end_points"),
            ("uk", "value = 3", "value"),
            ("south-korea", "scoring = { 2 = [10],", "scoring"),
            ("germany", "route_points = { 1 = 1,", "route_points"),
        ] {
            let text = std::fs::read_to_string(maps.join(format!("{map}.toml")))
                .unwrap()
                .replace("../schemas/", "");
            assert!(text.contains(from), "{map}: {from}");
            let bad = replace_last_number(from, huge);
            std::fs::write(dir.0.join("m.toml"), text.replacen(from, &bad, 1)).unwrap();
            let out = ttrmap_in(&dir.0, &["check", "m.toml"]);
            let said = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(out.status.code(), Some(1), "{map} {bad}: {said}");
            assert!(said.contains(key), "{map} {bad}: {said}");
        }
    }
}

/// `from` with its last run of digits replaced by `by`.
fn replace_last_number(from: &str, by: &str) -> String {
    let end = from.rfind(|c: char| c.is_ascii_digit()).unwrap() + 1;
    let start = from[..end]
        .rfind(|c: char| !c.is_ascii_digit())
        .map_or(0, |i| i + 1);
    format!("{}{by}{}", &from[..start], &from[end..])
}

/// A print size or car size beyond any board: refused by `check` (exit 1, naming the key),
/// not laid out. `print_width_mm = 1e20` made the layout flatten every route's curve to a
/// tolerance of 1e-18 px and ran for minutes with gigabytes (found by `loader_props` once
/// the starter templates carried the key).
#[test]
fn print_and_car_sizes_beyond_any_board_are_refused_by_check() {
    let dir = TempDir::new("limit-sizes");
    basic_map(&dir.0);
    let text = std::fs::read_to_string(dir.0.join("map.toml")).unwrap();
    let from = "print_width_mm = 400, space_mm = [26.7, 9]";
    assert!(text.contains(from), "the template's board line");
    for (bad, key) in [
        (
            "print_width_mm = 1e20, space_mm = [26.7, 9]",
            "print_width_mm",
        ),
        (
            "print_width_mm = 0.001, space_mm = [26.7, 9]",
            "print_width_mm",
        ),
        ("print_width_mm = 400, space_mm = [1e-300, 9]", "space_mm"),
        ("print_width_mm = 400, space_mm = [26.7, 1e9]", "space_mm"),
        ("print_width_mm = 400, space_mm = [-1, 9]", "space_mm"),
    ] {
        std::fs::write(dir.0.join("m.toml"), text.replacen(from, bad, 1)).unwrap();
        let out = ttrmap_in(&dir.0, &["check", "m.toml"]);
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(1), "{bad}: {said}");
        assert!(said.contains(key), "{bad}: {said}");
    }
}
