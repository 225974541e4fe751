//! `ttrmap ladder`: neighbouring tiers of bots, two players, seats swapped each deal, until
//! a sequential test settles the step (the test's error rates are checked by simulation in
//! `src/playtest/sprt.rs`).

use std::process::Command;

fn ttrmap(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("ttrmap runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = ttrmap(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

#[test]
fn a_style_is_settled_ahead_of_random_in_few_games_and_the_same_at_any_thread_count() {
    let args = |t: &'static str| {
        [
            "ladder",
            "maps/usa.toml",
            "--tiers",
            "random,destination-hungry",
            "--format",
            "json",
            "--seed",
            "3",
            "--threads",
            t,
        ]
    };
    let one = json(&args("1"));
    let step = &one["steps"][0];
    assert_eq!(step["upper"], "destination-hungry");
    assert_eq!(step["verdict"], "ahead");
    // Whole deals: an even number of games, far fewer than the limit when every game is won
    // (31 wins are needed at 55 % against 50 %: 31·ln 1.1 = 2.955 > ln 19 = 2.944).
    let games = step["games"].as_u64().unwrap();
    assert!(
        games.is_multiple_of(2) && (32..200).contains(&games),
        "{games}"
    );
    let two = json(&args("2"));
    assert_eq!(one, two);
}

#[test]
fn a_step_the_weaker_tier_is_on_top_of_does_not_hold_and_stands_out() {
    let out = ttrmap(&[
        "ladder",
        "maps/usa.toml",
        "--tiers",
        "destination-hungry,random",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Stands out: random is not ahead of destination-hungry"),
        "{text}"
    );
    assert!(text.contains("does not hold"), "{text}");
}

#[test]
fn a_step_not_settled_within_the_limit_says_so() {
    let v = json(&[
        "ladder",
        "maps/usa.toml",
        "--tiers",
        "route-focus,one-step",
        "--max-games",
        "6",
        "--format",
        "json",
    ]);
    let step = &v["steps"][0];
    assert_eq!(step["verdict"], "undecided");
    assert_eq!(step["games"], 6);
}

#[test]
fn bad_requests_are_usage_errors() {
    for (args, says) in [
        (vec!["--players", "9"], "is played by 2 to 5 players"),
        (vec!["--tiers", "random,randomm"], "unknown bot randomm"),
        (vec!["--tiers", "random"], "at least two tiers"),
        (vec!["--p1", "0.4"], "0 < p0 < p1 < 1"),
    ] {
        let mut all = vec!["ladder", "maps/usa.toml"];
        all.extend(args);
        let out = ttrmap(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{all:?}: {err}");
    }
}

#[test]
fn the_help_names_the_default_tiers() {
    let out = ttrmap(&["ladder", "--help"]);
    let help: String = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        help.contains(ttrmap::playtest::ladder::DEFAULT_TIERS),
        "{help}"
    );
}

#[test]
fn the_default_tiers_play_the_search_bot_on_iberia() {
    // Iberia's drafts hold hidden state; the search bot deals it again (`Mechanic::redeal`)
    // and so climbs the ladder there too: no default tier is left out (a bot that refused
    // the map would be, named with why, in `left_out`).
    let v = json(&[
        "ladder",
        "maps/iberia.toml",
        "--max-games",
        "2",
        "--format",
        "json",
    ]);
    // `left_out` is written only when a tier was left out.
    assert!(v.get("left_out").is_none(), "{}", v["left_out"]);
    let steps = v["steps"].as_array().unwrap();
    let uppers: Vec<&str> = steps.iter().map(|s| s["upper"].as_str().unwrap()).collect();
    assert!(
        uppers.iter().any(|u| u.starts_with("search:")),
        "{uppers:?}"
    );
}

#[test]
fn the_page_shows_each_step_and_what_stands_out_and_an_existing_file_is_kept() {
    let dir = std::env::temp_dir().join(format!("ttrmap-ladder-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("ladder.html");
    let page_s = page.to_str().unwrap();
    let args = [
        "ladder",
        "maps/usa.toml",
        "--tiers",
        "destination-hungry,random,long-route",
        "-o",
        page_s,
    ];
    let out = ttrmap(&args);
    assert_eq!(out.status.code(), Some(0));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<title>Ladder of USA</title>"), "{html}");
    assert!(html.contains("Stands out: random is not ahead of destination-hungry"));
    assert!(html.contains("long-route over random") && html.contains("does not hold"));
    // Not a report: kept without --force, and nothing written.
    let other = dir.join("notes.md");
    std::fs::write(&other, "mine").unwrap();
    let out = ttrmap(&["ladder", "maps/usa.toml", "-o", other.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "mine");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn at_four_players_the_tiers_take_the_seats_in_turn() {
    let args = |t: &'static str| {
        [
            "ladder",
            "maps/usa.toml",
            "--players",
            "4",
            "--tiers",
            "random,destination-hungry,long-route",
            "--format",
            "json",
            "--threads",
            t,
        ]
    };
    let one = json(&args("1"));
    assert_eq!(one["players"], 4);
    // Two destination-hungry seats against two random ones: ahead.
    assert_eq!(one["steps"][0]["verdict"], "ahead");
    // long-route against destination-hungry, two seats each: not ahead.
    assert_eq!(one["steps"][1]["verdict"], "not-ahead");
    assert_eq!(one, json(&args("2")));
}

/// `playtest --until-decided` runs the same test on a playtest of two bots: the report covers
/// the games up to the verdict and says it. Destination-hungry wins every game against random
/// on the USA: 31 wins settle it (see above), checked after an even number of games (the
/// seats rotate each game). The same report at 1 and 2 threads, and the recording holds the
/// games the report covers.
#[test]
fn a_playtest_until_decided_stops_at_the_verdict_the_same_at_any_thread_count() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = |threads: &str, record: &str| {
        let record = dir.path().join(record);
        let v = json(&[
            "playtest",
            "maps/usa.toml",
            "--bots",
            "destination-hungry,random",
            "--until-decided",
            "--games",
            "1000",
            "--format",
            "json",
            "--threads",
            threads,
            "--record",
            record.to_str().unwrap(),
        ]);
        let lines = std::fs::read_to_string(&record).unwrap().lines().count();
        (v, lines)
    };
    let (one, lines) = run("1", "one.jsonl");
    let decided = &one["until_decided"];
    assert_eq!(decided["verdict"], "ahead", "{decided}");
    assert_eq!(decided["tested"], "destination-hungry");
    assert_eq!(decided["most"], 1000);
    let games = decided["games"].as_u64().unwrap();
    assert!(
        games.is_multiple_of(2) && (32..100).contains(&games),
        "{games}"
    );
    assert_eq!(one["games"], games);
    // One line a game.
    assert_eq!(lines as u64, games);
    let (two, _) = run("2", "two.jsonl");
    assert_eq!(one, two);
    // The report is the one of a plain playtest of those games, with the verdict added.
    let mut plain = json(&[
        "playtest",
        "maps/usa.toml",
        "--bots",
        "destination-hungry,random",
        "--games",
        &games.to_string(),
        "--format",
        "json",
    ]);
    assert!(plain.get("until_decided").is_none());
    plain["until_decided"] = decided.clone();
    assert_eq!(one, plain);
}

/// The limit reached first: undecided, and the human report says more games are needed.
#[test]
fn a_playtest_not_decided_within_its_games_says_so() {
    const RUN: [&str; 7] = [
        "playtest",
        "maps/usa.toml",
        "--bots",
        "route-focus,one-step",
        "--until-decided",
        "--games",
        "6",
    ];
    let out = ttrmap(&RUN);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Not decided after 6 games (the most --games allows)"),
        "{text}"
    );
    // The page opens with the same sentence.
    let dir = tempfile::tempdir().expect("temp dir");
    let page = dir.path().join("report.html");
    let out = ttrmap(&[&RUN[..], &["-o", page.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(0));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<p class=\"decided\">Not decided after 6 games"),
        "the page does not say the verdict"
    );
}

#[test]
fn bad_until_decided_requests_are_usage_errors() {
    for (args, says) in [
        (vec!["--until-decided"], "--bots names 4"),
        (
            vec![
                "--bots",
                "random,one-step",
                "--until-decided",
                "--p1",
                "0.4",
            ],
            "0 < p0 < p1 < 1",
        ),
        (vec!["--p1", "0.6"], "--until-decided"),
        (
            vec![
                "--bots",
                "random,one-step",
                "--until-decided",
                "--shard",
                "1/2",
            ],
            "takes no --shard",
        ),
    ] {
        let mut all = vec!["playtest", "maps/usa.toml"];
        all.extend(args);
        let out = ttrmap(&all);
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{all:?}: {err}");
    }
}
