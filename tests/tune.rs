//! `ttrmap tune`: edits kept only when fresh paired games confirm them, the same proposals at
//! any thread count, a goal that already holds left alone, no edit adding a lint finding the
//! designer did not allow, `--write` applying exactly the diff, the game allowance kept (checks
//! counted at `--check-cost`), a frozen kind of edit never proposed, `--patience` rounds, a
//! ferry edit proposed and written.

use crate::common;

use common::{TempDir, ttrmap_in};
use std::path::Path;

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = ttrmap_in(dir, args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The basic starter map in a fresh folder.
fn starter(tag: &str) -> TempDir {
    let dir = TempDir::new(tag);
    let (code, _, err) = run(&dir.0, &["new", "s"]);
    assert_eq!(code, 0, "{err}");
    dir
}

/// The starter plays about 27.2 turns at two players with the four styles; longer routes
/// end it sooner (each claim spends more of the 15 trains), so `turns<26.5` has edits that
/// help. The board lints that a longer route is drawn too short are allowed, as a designer
/// who will move the cities would.
const TURNS: &[&str] = &[
    "tune",
    "s.toml",
    "--goal",
    "turns<26.5",
    "--games",
    "2000",
    "--max-games",
    "400000",
    "--max-edits",
    "2",
    "--allow-lint",
    "route-drawn-length,route-slack,ticket-value",
    "--format",
    "json",
];

fn lint_codes(dir: &Path, file: &str) -> Vec<String> {
    let (_, out, _) = run(dir, &["check", file, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("check json");
    let mut codes: Vec<String> = v
        .as_array()
        .expect("a list of findings")
        .iter()
        .filter_map(|d| d["code"].as_str().map(String::from))
        .collect();
    codes.sort();
    codes
}

#[test]
fn kept_edits_are_confirmed_on_fresh_games_the_same_at_any_thread_count_and_written() {
    let dir = starter("tune-turns");
    let with = |t: &'static str| {
        let mut a = TURNS.to_vec();
        a.extend(["--threads", t]);
        a
    };
    let (code, one, err) = run(&dir.0, &with("1"));
    assert_eq!(code, 0, "{err}");
    let (_, two, _) = run(&dir.0, &with("2"));
    assert_eq!(one, two, "the same proposals at 1 and 2 threads");
    let t: serde_json::Value = serde_json::from_str(&one).unwrap();
    let steps = t["steps"].as_array().unwrap();
    assert!(!steps.is_empty(), "an edit helps: {one}");
    for s in steps {
        // Kept only on a significant change in the goal's direction on fresh games.
        let evidence = s["evidence"].as_str().unwrap();
        assert!(evidence.starts_with("mean game length"), "{s}");
        assert!(s["after"][0].as_f64() < s["before"][0].as_f64(), "{s}");
    }
    // The confirmation, on games no round used, sees the tuned map end sooner.
    let c = &t["confirmation"];
    assert!(
        c["after"][0]["value"].as_f64() < c["before"][0]["value"].as_f64(),
        "{c}"
    );
    assert!(t["played"].as_u64() <= t["allowance"].as_u64());
    let before = std::fs::read_to_string(dir.0.join("s.toml")).unwrap();
    // `--write` applies the proposal: only the edited values change.
    let mut write = with("2");
    write.push("--write");
    let (code, _, err) = run(&dir.0, &write);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains(&format!("wrote {} edit", steps.len())),
        "{err}"
    );
    let after = std::fs::read_to_string(dir.0.join("s.toml")).unwrap();
    let changed: Vec<(&str, &str)> = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(before.lines().count(), after.lines().count());
    // Each edit writes one or two values, and a length edit also re-values the tickets that
    // were worth exactly their shortest path (the starter's are).
    let writes: usize = steps
        .iter()
        .map(|s| 2 + s["edit"]["revalued"].as_array().map_or(0, Vec::len))
        .sum();
    assert!(
        !changed.is_empty() && changed.len() <= writes,
        "{changed:?}"
    );
    for (a, b) in &changed {
        let key = |l: &str| l.split('=').next().unwrap().trim().to_string();
        assert_eq!(key(a), key(b), "only values change: {a} → {b}");
    }
    let diff = t["diff"].as_str().unwrap();
    for (a, b) in &changed {
        assert!(
            diff.contains(&format!("-{a}")) && diff.contains(&format!("+{b}")),
            "{diff}"
        );
    }
}

#[test]
fn no_edit_adds_a_lint_finding_the_designer_did_not_allow() {
    let dir = starter("tune-lint");
    let original = lint_codes(&dir.0, "s.toml");
    // Without --allow-lint the longer routes are refused (drawn too short), and said so.
    let args: Vec<&str> = TURNS
        .iter()
        .copied()
        .filter(|a| !a.starts_with("--allow") && !a.starts_with("route-drawn"))
        .chain(["--write"])
        .collect();
    let (code, out, err) = run(&dir.0, &args);
    assert_eq!(code, 0, "{err}");
    let t: serde_json::Value = serde_json::from_str(&out).unwrap();
    let refused = t["refused"].as_object().unwrap();
    assert!(
        refused
            .keys()
            .any(|k| k.contains("`route-drawn-length` lint finding")),
        "{refused:?}"
    );
    assert_eq!(lint_codes(&dir.0, "s.toml"), original);
}

#[test]
fn a_goal_that_already_holds_gets_no_edit() {
    let dir = TempDir::new("tune-usa");
    let usa = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml"))
        .unwrap();
    std::fs::write(dir.0.join("usa.toml"), &usa).unwrap();
    // Two players: seat 1 wins about 52 %, seat 2 48 %; at 4,000 games the spread's interval
    // (3.8 ± 2 × 1.5 points) lies below 10 %.
    let (code, out, err) = run(
        &dir.0,
        &[
            "tune",
            "usa.toml",
            "--goal",
            "seat-spread<10%",
            "--games",
            "4000",
            "--write",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("No edit proposed: every goal already holds."),
        "{out}"
    );
    assert!(!out.contains("@@"), "no diff: {out}");
    assert_eq!(
        std::fs::read_to_string(dir.0.join("usa.toml")).unwrap(),
        usa
    );
}

#[test]
fn bad_goals_and_names_are_usage_errors_before_any_game() {
    let dir = starter("tune-bad");
    for (args, says) in [
        (vec!["--goal", "seat-sprea<3%"], "did you mean"),
        (vec!["--goal", "seat-spread>3%"], "from above"),
        (vec!["--goal", "turns<5%"], "number of turns"),
        (
            vec!["--goal", "style-spread<=nowhere.toml"],
            "neither `usa` nor a map file",
        ),
        (
            vec!["--goal", "turns<20", "--freeze", "ticket-point"],
            "--freeze ticket-point",
        ),
    ] {
        let mut a = vec!["tune", "s.toml"];
        a.extend(args.iter().copied());
        let (code, out, err) = run(&dir.0, &a);
        assert_eq!(code, 2, "{a:?}: {err}");
        assert!(out.is_empty(), "{a:?}: {out}");
        assert!(err.contains(says), "{a:?}: {err}");
    }
}

#[test]
fn a_broken_ticket_is_the_first_edit() {
    // Westmoor – Eastfield is the starter's longest shortest path, 10 spaces; worth 3 it
    // pays 0.3 points a space where the starter's tickets pay about 1: nobody keeps it.
    let t = broken_ticket_run("tune-broken", "400000", &[]);
    let out = t.to_string();
    let first = &t["steps"][0];
    assert_eq!(first["edit"]["kind"], "ticket-points", "{out}");
    assert_eq!(
        first["edit"]["ticket"], 8,
        "the ninth ticket, the broken one: {out}"
    );
    let to = first["edit"]["to"].as_i64().unwrap();
    assert!((8..=11).contains(&to), "about its 10 spaces: {to}");
    assert_eq!(t["confirmation"]["holds"][0], true, "{out}");
}

#[test]
fn the_game_allowance_is_never_passed_and_the_page_shows_the_edits() {
    let dir = starter("tune-allowance");
    // 400 games a full evaluation: the baseline plays 400, a round of up to 24 candidates at
    // most 48 × 50 + 24 × 50 + 12 × 100 + 6 × 200 + 400 current + 800 fresh = 7,200, and
    // the final confirmation 2 × 3,200 (eight times --games): an allowance of 6,000 leaves
    // no room for a round.
    let (code, out, err) = run(
        &dir.0,
        &[
            "tune",
            "s.toml",
            "--goal",
            "turns<20",
            "--games",
            "400",
            "--max-games",
            "6000",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let t: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(t["allowance"], 6000);
    assert!(t["played"].as_u64().unwrap() <= 6000, "{out}");
    assert!(
        t["stopped"]
            .as_str()
            .unwrap()
            .contains("game allowance (6000)"),
        "{out}"
    );
    // The page: goals and edits above the confirmation as `compare` draws it.
    let mut args = TURNS.to_vec();
    args.truncate(TURNS.len() - 2);
    args.extend(["-o", "tune.html"]);
    let (code, _, err) = run(&dir.0, &args);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(dir.0.join("tune.html")).unwrap();
    for part in [
        "<h2>Goals</h2>",
        "<h2>Proposed edits</h2>",
        "kept because mean game length",
        "Route heat difference",
    ] {
        assert!(page.contains(part), "{part}");
    }
}

/// `tune` with goal `ticket-pay<40%` on the starter with Westmoor – Eastfield worth 3 (see
/// `a_broken_ticket_is_the_first_edit`), 1,000 games an evaluation, `--max-games max_games`
/// and `extra`: its JSON report.
fn broken_ticket_run(tag: &str, max_games: &str, extra: &[&str]) -> serde_json::Value {
    let dir = starter(tag);
    let path = dir.0.join("s.toml");
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("\n[[tickets]]\nfrom = \"west\"\nto = \"east\"\npoints = 3\n");
    std::fs::write(&path, text).unwrap();
    let mut args = vec![
        "tune",
        "s.toml",
        "--goal",
        "ticket-pay<40%",
        "--games",
        "1000",
        "--max-games",
        max_games,
        "--format",
        "json",
    ];
    args.extend(extra);
    let (code, out, err) = run(&dir.0, &args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// `--freeze ticket-points` keeps that kind of edit out: the broken ticket's own fix (its
/// points, the first edit without the freeze) is never proposed, whatever else is.
#[test]
fn a_frozen_kind_of_edit_is_never_proposed() {
    let t = broken_ticket_run(
        "tune-freeze",
        "400000",
        &["--max-edits", "2", "--freeze", "ticket-points"],
    );
    for s in t["steps"].as_array().unwrap() {
        assert_ne!(s["edit"]["kind"], "ticket-points", "{s}");
    }
}

/// `--check-cost` counts each candidate check as that many games against `--max-games`: at
/// 3,000 games a check, the first round's 24 checks leave too few of the 100,000 games to
/// play its candidates, so the search stops where the free run went on, and says why.
#[test]
fn each_check_counts_against_the_game_allowance() {
    // The sizes this arithmetic was made for (the defaults were 24 candidates and a
    // confirmation of twice --games).
    let sizes = [
        "--max-edits",
        "2",
        "--candidates",
        "24",
        "--confirm-games",
        "2000",
    ];
    let free = broken_ticket_run("tune-check-free", "100000", &sizes);
    let dear = broken_ticket_run(
        "tune-check-dear",
        "100000",
        &[&sizes[..], &["--check-cost", "3000"]].concat(),
    );
    assert_eq!(dear["check_cost"], 3000, "{dear}");
    let spent = |t: &serde_json::Value| {
        t["played"].as_u64().unwrap()
            + t["checks"].as_u64().unwrap() * t["check_cost"].as_u64().unwrap()
    };
    assert!(
        spent(&dear) <= dear["allowance"].as_u64().unwrap(),
        "{dear}"
    );
    assert!(dear["checks"].as_u64().unwrap() > 0, "{dear}");
    assert!(
        dear["stopped"].as_str().unwrap().contains("allowance"),
        "{dear}"
    );
    assert!(
        dear["played"].as_u64() < free["played"].as_u64(),
        "checks at 3,000 games each leave fewer to play: {} vs {}",
        dear["played"],
        free["played"]
    );
}

/// A map bound (`style-spread<=FILE.toml`) plays the other map for its figure, and those games
/// are spent from the allowance like the search's own: with 200 games an evaluation, the
/// reference's 200 and the starting map's 200 leave too few of 500 for a round.
#[test]
fn a_map_bound_reads_its_map_and_its_games_are_spent() {
    let dir = starter("tune-reference");
    std::fs::copy(dir.0.join("s.toml"), dir.0.join("ref.toml")).unwrap();
    let (code, out, err) = run(
        &dir.0,
        &[
            "tune",
            "s.toml",
            "--goal",
            "style-spread<=ref.toml",
            "--games",
            "200",
            "--max-games",
            "500",
            "--format",
            "json",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let t: serde_json::Value = serde_json::from_str(&out).unwrap();
    let from = t["goals"][0]["from_map"].as_str().unwrap_or("");
    assert!(from.contains("ref.toml"), "the bound names its map: {out}");
    assert_eq!(t["played"], 400, "the reference's games counted: {out}");
    assert!(
        t["stopped"].as_str().unwrap().contains("allowance"),
        "{out}"
    );
}

/// `--patience N` stops the search after N rounds in a row with no confirmed edit, and no
/// sooner: on the starter no small edit moves seat 1's edge below 1 %, so every round is
/// rejected and the rounds played follow the patience.
#[test]
fn patience_counts_the_rounds_without_a_confirmed_edit() {
    let dir = starter("tune-patience");
    let at = |patience: &str| -> serde_json::Value {
        let (code, out, err) = run(
            &dir.0,
            &[
                "tune",
                "s.toml",
                "--goal",
                "seat-spread<1%",
                "--games",
                "400",
                "--max-games",
                "400000",
                "--patience",
                patience,
                "--format",
                "json",
            ],
        );
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(&out).unwrap()
    };
    let (one, two) = (at("1"), at("2"));
    for (t, n) in [(&one, 1), (&two, 2)] {
        assert_eq!(t["rejected_rounds"], n, "{t}");
        assert!(t["steps"].as_array().unwrap().is_empty(), "{t}");
        assert!(
            t["stopped"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{n} rounds in a row")),
            "{t}"
        );
    }
    assert!(two["played"].as_u64() > one["played"].as_u64(), "{two}");
}

/// Ferry edits end to end: the starter with its Southbay–Cape Lee double made a 2-locomotive
/// ferry, every other kind of edit frozen. A ferry asking fewer locomotives is claimed
/// sooner, so the game ends sooner (27.6 -> 27.3 turns on the fresh games, an interval below
/// 0): `turns<26.5` gets the edit 2 -> 1, and `--write` changes that one value in the file,
/// which then loads with the ferry asking one locomotive.
#[test]
fn a_ferry_edit_is_proposed_confirmed_and_written() {
    let dir = starter("tune-ferry");
    let file = dir.0.join("s.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let double = "from = \"south\"\nto = \"cape\"\nlanes = 2\nlength = 3\n";
    assert!(text.contains(double), "the starter changed: {text}");
    std::fs::write(
        &file,
        text.replacen(double, &format!("{double}ferry = 2\n"), 1),
    )
    .unwrap();
    let before = std::fs::read_to_string(&file).unwrap();
    let args = [
        "tune",
        "s.toml",
        "--goal",
        "turns<26.5",
        "--games",
        "2000",
        "--max-games",
        "200000",
        "--max-edits",
        "1",
        "--freeze",
        "ticket-points,route-length,route-colour",
        "--allow-lint",
        "route-drawn-length,route-slack,ticket-value",
        "--format",
        "json",
        "--write",
    ];
    let step = the_one_step(&dir.0, &args, "ferry-locomotives");
    let edit = &step["edit"];
    assert_eq!(
        (edit["from"].as_u64(), edit["to"].as_u64()),
        (Some(2), Some(1))
    );
    let turns = |k: &str| step[k][0].as_f64().unwrap();
    assert!(turns("after") < turns("before"), "{}", step);
    let after = std::fs::read_to_string(&file).unwrap();
    assert_eq!(after, before.replacen("ferry = 2\n", "ferry = 1\n", 1));
    let map = ttrmap::load::load_path(&file).unwrap().map.unwrap();
    let route = map
        .routes
        .iter()
        .find(|r| r.from == "south" && r.to == "cape")
        .unwrap();
    assert_eq!(route.ferry, 1);
}

/// Castilla y León as shipped, its text and map.
fn castilla() -> (String, ttrmap::model::MapFile) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/castilla.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let map = ttrmap::load::load_str("castilla.toml", &text).map.unwrap();
    (text, map)
}

/// The candidates `tune` draws on Castilla y León at two players after 40 games with the four
/// styles, with `frozen` kept out of reach.
fn castilla_candidates(frozen: &[&str]) -> Vec<ttrmap::tune::edit::Edit> {
    use ttrmap::tune::candidates::{Frozen, candidates};
    let (_, map) = castilla();
    let game = common::engine::game_without("castilla.toml", 2, None, &["mechanics.mystery_train"]);
    let config = ttrmap::playtest::Config {
        games: 40,
        seed: 7,
        bots: ttrmap::bots::STYLE_BOTS
            .split(',')
            .map(String::from)
            .collect(),
        threads: 1,
        progress: false,
    };
    let report = ttrmap::playtest::run(&game, &config).unwrap();
    let frozen = Frozen {
        names: frozen.iter().map(|f| f.to_string()).collect(),
    };
    candidates(&map, &report, &frozen, &Default::default(), &[], 512)
}

/// A route scoring edit on a map whose table comes from its preset (Castilla's, Europe's
/// 1, 2, 4, 7, 10, 15 and 21 points for 8 spaces) gives the map its own `route_points` in
/// `[rules]`, the whole table with the one entry changed, and leaves every other byte (the
/// comments included) alone; once the map spells the table, a second edit changes that one
/// value. The edited maps load with exactly the tables asked for and lint as the original.
#[test]
fn a_route_points_edit_writes_the_scoring_table_into_the_map() {
    use ttrmap::tune::edit::{Edit, apply};
    let (text, map) = castilla();
    assert_eq!(map.rules.points_for_length(3), Some(4), "Europe's table");
    let up = Edit::RoutePoints {
        length: 3,
        from: 4,
        to: 5,
    };
    let once = apply("castilla.toml", &text, &map, &up).unwrap();
    let table = "route_points = { 1 = 1, 2 = 2, 3 = 5, 4 = 7, 5 = 10, 6 = 15, 8 = 21 }\n";
    assert_eq!(
        once,
        text.replacen(
            "[rules]\nbase = \"castilla\"\n",
            &format!("[rules]\nbase = \"castilla\"\n{table}"),
            1
        )
    );
    let loaded = ttrmap::load::load_str("castilla.toml", &once);
    let edited = loaded.map.clone().unwrap();
    let want: Vec<(u8, i32)> = vec![(1, 1), (2, 2), (3, 5), (4, 7), (5, 10), (6, 15), (8, 21)];
    assert_eq!(
        edited.rules.route_points.into_iter().collect::<Vec<_>>(),
        want
    );
    let codes = |l: &ttrmap::load::Loaded| {
        let mut c: Vec<&str> = ttrmap::lint::run(l).iter().map(|d| d.code).collect();
        c.sort();
        c
    };
    let original = ttrmap::load::load_str("castilla.toml", &text);
    assert_eq!(codes(&loaded), codes(&original), "the same lint findings");
    // The entry is now in the file: the next step rewrites its value only.
    let again = Edit::RoutePoints {
        length: 3,
        from: 5,
        to: 6,
    };
    let map2 = loaded.map.unwrap();
    let twice = apply("castilla.toml", &once, &map2, &again).unwrap();
    assert_eq!(twice, once.replacen("3 = 5,", "3 = 6,", 1));
    assert!(
        again
            .describe(&map2)
            .contains("3 spaces scores 5 → 6 points")
    );
}

/// A deck scaled: Castilla's eight long tickets (15 to 19 points) at 80 %, rounded half up,
/// is one edit that rewrites exactly their eight values; the capitals decks, which a Normal
/// game at two players never deals, get no deck edit; every scoring table entry a route
/// length of the map uses (1 to 4 spaces) is offered, never one that would make a longer
/// route score no more than a shorter one.
#[test]
fn deck_and_scoring_table_edits_are_drawn_and_a_deck_edit_writes_its_tickets() {
    use ttrmap::tune::edit::{Edit, apply};
    let (text, map) = castilla();
    let all = castilla_candidates(&[]);
    let decks: Vec<(&str, u32)> = all
        .iter()
        .filter_map(|e| match e {
            Edit::TicketDeck { deck, percent, .. } => Some((deck.as_str(), *percent)),
            _ => None,
        })
        .collect();
    assert!(decks.contains(&("long", 80)), "{decks:?}");
    assert!(decks.contains(&("normal", 110)), "{decks:?}");
    assert!(
        decks.iter().all(|(d, _)| !d.contains("capitals")),
        "{decks:?}"
    );
    let long = all
        .iter()
        .find(|e| matches!(e, Edit::TicketDeck { deck, percent: 80, .. } if deck == "long"))
        .unwrap();
    let written = apply("castilla.toml", &text, &map, long).unwrap();
    let changed: Vec<(&str, &str)> = text
        .lines()
        .zip(written.lines())
        .filter(|(a, b)| a != b)
        .collect();
    let expected: Vec<(String, String)> = [15, 16, 17, 17, 17, 17, 17, 19]
        .iter()
        .zip([12, 13, 14, 14, 14, 14, 14, 15])
        .map(|(a, b)| (format!("points = {a}"), format!("points = {b}")))
        .collect();
    let changed: Vec<(String, String)> = changed
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(changed, expected);
    assert!(
        long.describe(&map)
            .contains("deck long: every ticket worth 80 %"),
        "{}",
        long.describe(&map)
    );
    let mut tables: Vec<(u8, i32, i32)> = all
        .iter()
        .filter_map(|e| match e {
            Edit::RoutePoints { length, from, to } => Some((*length, *from, *to)),
            _ => None,
        })
        .collect();
    tables.sort();
    // 1 → 0 and 1 → 2 (= the 2-space route's 2) and 2 → 1 are not tables a designer keeps.
    assert_eq!(
        tables,
        vec![(2, 2, 3), (3, 4, 3), (3, 4, 5), (4, 7, 6), (4, 7, 8)]
    );
}

/// `--freeze ticket-deck,route-points` keeps both kinds out of the candidates, and only them.
#[test]
fn freezing_the_deck_and_scoring_kinds_keeps_them_out() {
    use ttrmap::tune::edit::Edit;
    let frozen = castilla_candidates(&["ticket-deck", "route-points"]);
    assert!(
        !frozen
            .iter()
            .any(|e| matches!(e, Edit::TicketDeck { .. } | Edit::RoutePoints { .. })),
        "{frozen:?}"
    );
    assert!(frozen.iter().any(|e| e.kind() == "route-length"));
    let only_deck = castilla_candidates(&["ticket-deck"]);
    assert!(only_deck.iter().any(|e| e.kind() == "route-points"));
    assert!(!only_deck.iter().any(|e| e.kind() == "ticket-deck"));
}

/// The scoring table end to end on Castilla y León at two players, every other kind frozen:
/// destination-hungry wins most games because tickets pay much against its routes, so a route
/// length scoring a point more narrows the style spread on fresh games; `--write` adds the
/// map's own `route_points` to `[rules]` and changes nothing else, and the JSON names the edit.
#[test]
fn a_route_points_edit_is_proposed_confirmed_and_written() {
    let dir = TempDir::new("tune-route-points");
    let (text, _) = castilla();
    let file = dir.0.join("castilla.toml");
    std::fs::write(&file, &text).unwrap();
    let args = [
        "tune",
        "castilla.toml",
        "--goal",
        "style-spread<=usa",
        "--games",
        "800",
        "--max-games",
        "400000",
        "--max-edits",
        "1",
        "--freeze",
        "ticket-points,route-length,route-colour,ferry-locomotives,ticket-deck",
        "--format",
        "json",
        "--threads",
        "1",
        "--write",
    ];
    let step = the_one_step(&dir.0, &args, "route-points");
    let edit = &step["edit"];
    let (length, to) = (
        edit["length"].as_u64().unwrap(),
        edit["to"].as_i64().unwrap(),
    );
    assert!(
        edit["from"].as_i64().unwrap() < to,
        "a route scores more: {edit}"
    );
    let after = std::fs::read_to_string(&file).unwrap();
    let added: Vec<&str> = after
        .lines()
        .filter(|l| !text.lines().any(|o| o == *l))
        .collect();
    assert_eq!(added.len(), 1, "{added:?}");
    assert!(
        added[0].starts_with("route_points = { 1 = 1, "),
        "{added:?}"
    );
    assert!(
        added[0].contains(&format!(" {length} = {to},")),
        "{added:?}"
    );
    assert_eq!(after.lines().count(), text.lines().count() + 1);
    let map = ttrmap::load::load_path(&file).unwrap().map.unwrap();
    assert_eq!(map.rules.points_for_length(length as u8), Some(to as i32));
}

/// Runs `tune` with `args` (JSON output) in `dir`, checks that it proposed exactly one edit,
/// of `kind`, and returns its step (the edit and what it measured).
fn the_one_step(dir: &Path, args: &[&str], kind: &str) -> serde_json::Value {
    let (code, out, err) = run(dir, args);
    assert_eq!(code, 0, "{err}");
    let t: serde_json::Value = serde_json::from_str(&out).unwrap();
    let steps = t["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 1, "{t}");
    assert_eq!(steps[0]["edit"]["kind"], kind, "{}", steps[0]);
    steps[0].clone()
}

/// The report's last line on what was spent: under `--max-games` it is what was spent of that
/// allowance; under a CPU budget the allowance is by construction what was spent (the
/// `--max-games` that stops at the same place), so it says "in all" rather than "N of an
/// allowance of N".
#[test]
fn the_spent_line_reads_as_its_budget() {
    let dir = starter("tune-spent");
    let common = ["tune", "s.toml", "--goal", "turns<20", "--games", "40"];
    let (code, out, err) = run(&dir.0, &[&common[..], &["--max-games", "900"]].concat());
    assert_eq!(code, 0, "{err}");
    let spent = out.lines().find(|l| l.starts_with("Spent:")).expect(&out);
    assert!(spent.contains(" of an allowance of 900 "), "{spent}");
    let (code, out, err) = run(
        &dir.0,
        &[&common[..], &["--budget", "0.02", "--max-edits", "1"]].concat(),
    );
    assert_eq!(code, 0, "{err}");
    let spent = out.lines().find(|l| l.starts_with("Spent:")).expect(&out);
    assert!(spent.contains(" in all (`--max-games "), "{spent}");
    assert!(!spent.contains("allowance"), "{spent}");
}
