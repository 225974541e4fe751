//! Recorded games replay through the engine to the same scores; a recording that does not
//! fit the engine is refused.

use crate::common::engine as engine_common;

use std::process::Command;
use ttrmap::engine::Game;
use ttrmap::playtest::record::{GameRecord, ReplayError, replay};
use ttrmap::playtest::{Config, RecordHeader, Recording, run_with};

fn usa() -> ttrmap::model::MapFile {
    engine_common::map_file("usa.toml")
}

fn record(game: &Game, games: u64) -> (ttrmap::playtest::Report, Vec<GameRecord>) {
    let mut out: Vec<u8> = Vec::new();
    let header = RecordHeader {
        map: "usa.toml".into(),
        map_hash: "0".into(),
        mode: None,
        players: game.players,
        without: Vec::new(),
    };
    let config = Config {
        games,
        seed: 3,
        bots: vec!["random".into()],
        threads: 2,
        progress: false,
    };
    let report = run_with(
        game,
        &config,
        Some(Recording {
            header,
            out: &mut out,
        }),
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a record"))
        .collect();
    (report, lines)
}

#[test]
fn every_recorded_game_replays_to_the_reported_scores() {
    let map = usa();
    let game = Game::new(&map, 3, None).unwrap();
    let (report, records) = record(&game, 30);
    assert_eq!(records.len(), 30);
    let numbers: Vec<u64> = records.iter().map(|r| r.game).collect();
    assert_eq!(numbers, (0..30).collect::<Vec<_>>(), "in game order");
    let mut seat_totals = [0i64; 3];
    let mut finished = 0;
    for r in &records {
        assert_eq!(r.seed, ttrmap::playtest::game_seed(3, r.game));
        let told = replay(&game, &map, r.seed, &r.actions).expect("replays");
        if told.failure.is_some() {
            continue;
        }
        finished += 1;
        for (seat, line) in told.scores.iter().enumerate() {
            // "player 1: 45 points (…": the number after the colon.
            let points: i64 = line
                .split(": ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            seat_totals[seat] += points;
        }
        assert!(told.turns.iter().any(|t| t.2.starts_with("claimed ")));
    }
    assert_eq!(finished, report.finished);
    for (seat, total) in seat_totals.iter().enumerate() {
        let from_report = report.seats[seat].mean.total * report.finished as f64;
        assert_eq!(*total, from_report.round() as i64, "seat {}", seat + 1);
    }
}

/// A claim's `locos` packs the direct locomotives and those chosen among Nordic's "any
/// cards" substitutes; the replay text says each, never the packed number (before, a
/// ferry paid with one locomotive among its three substitute cards read "+ 32 locomotives").
#[test]
fn replayed_claims_name_locomotives_among_substitutes() {
    let map = engine_common::map_file("nordic-countries.toml");
    let game = Game::new(&map, 3, None).unwrap();
    let (_, records) = record(&game, 40);
    let mut among = 0;
    for r in &records {
        let told = replay(&game, &map, r.seed, &r.actions).expect("replays");
        for (_, _, text) in &told.turns {
            among += text.matches("among the substitute cards").count();
            // No claim plays more locomotives than a Nordic deck holds (14).
            for (i, _) in text.match_indices(" locomotive") {
                let n: String = text[..i]
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                if let Ok(n) = n.chars().rev().collect::<String>().parse::<u32>() {
                    assert!(n <= 14, "{text}");
                }
            }
        }
    }
    assert!(
        among > 0,
        "random bots sometimes pay a substitute with a locomotive"
    );
}

#[test]
fn a_recording_that_does_not_fit_is_refused() {
    let map = usa();
    let game = Game::new(&map, 3, None).unwrap();
    let (_, records) = record(&game, 1);
    let mut actions = records[0].actions.clone();
    // Keep no starting ticket: illegal (at least 2 must be kept).
    actions[0] = "k0".into();
    match replay(&game, &map, records[0].seed, &actions) {
        Err(ReplayError::Illegal { index: 0, .. }) => {}
        other => panic!("{other:?}"),
    }
    let short = &records[0].actions[..10];
    assert_eq!(
        replay(&game, &map, records[0].seed, short).unwrap_err(),
        ReplayError::Unfinished(10)
    );
    let mut bad = records[0].actions.clone();
    bad[3] = "x9".into();
    assert!(matches!(
        replay(&game, &map, records[0].seed, &bad),
        Err(ReplayError::BadCode { index: 3, .. })
    ));
}

#[test]
fn cli_record_then_replay() {
    let dir = std::env::temp_dir().join(format!("ttrmap-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.jsonl");
    let bin = env!("CARGO_BIN_EXE_ttrmap");
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(bin)
        .args([
            "playtest",
            "maps/usa.toml",
            "--games",
            "5",
            "--players",
            "2",
            "--format",
            "json",
            "--record",
        ])
        .arg(&file)
        .current_dir(root)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), 5);
    // No temporary file is left beside it.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);

    let out = Command::new(bin)
        .arg("replay")
        .arg(&file)
        .args(["--game", "2"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let told = String::from_utf8_lossy(&out.stdout);
    assert!(told.contains("game 2,"), "{told}");
    assert!(
        told.contains("final scores:") || told.contains("failure state"),
        "{told}"
    );
    assert!(told.contains("chose starting tickets, kept"), "{told}");

    // Tamper with game 0's first action: exit 1 with a clear message.
    let tampered = dir.join("tampered.jsonl");
    std::fs::write(
        &tampered,
        text.replacen("\"actions\":[\"k", "\"actions\":[\"k0\",\"k", 1),
    )
    .unwrap();
    let out = Command::new(bin)
        .arg("replay")
        .arg(&tampered)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not legal under this engine"), "{err}");

    let out = Command::new(bin)
        .arg("replay")
        .arg(&file)
        .args(["--game", "99"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(bin)
        .arg("replay")
        .arg(dir.join("missing.jsonl"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
