//! `ttrmap studio MAP --play` through the HTTP JSON API the page uses (the browser test
//! `studio_play::a_whole_usa_game_through_the_page` clicks the page itself): a whole 2-player
//! game of each newer rule system played to the score sheet, the designer's seat taking only
//! actions the server offered, every module decision made from the offered list, and the
//! saved recording replayed by `ttrmap replay` to the same totals; the seat's JSON never
//! names another seat's tickets nor holds its hand; a refused action changes nothing; the
//! recording never goes over an existing file; the same seed and choices give the same game.

use crate::common;
use crate::common::play;
use crate::common::studio;

use common::TempDir;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use studio::Studio;

/// `GET /api/play?wait=1`: the designer's view once the designer decides or the game is over.
fn view(s: &Studio) -> (String, Value) {
    let path = format!("/api/play?wait=1&token={}", s.token);
    let (code, body) = s.request("GET", &path, &[("Host", &s.host())], "");
    assert_eq!(code, 200, "{body}");
    let v = serde_json::from_str(&body).expect("the view is JSON");
    (body, v)
}

/// `POST /api/play/act` with this body: the status and the answer.
fn act(s: &Studio, body: &str) -> (u16, String) {
    let path = format!("/api/play/act?token={}", s.token);
    s.request("POST", &path, &[("Host", &s.host())], body)
}

fn copy_map(tag: &str, name: &str) -> (TempDir, PathBuf) {
    let dir = TempDir::new(tag);
    let map = dir.0.join(format!("{name}.toml"));
    std::fs::copy(format!("maps/{name}.toml"), &map).unwrap();
    (dir, map)
}

/// The designer's choice: a claim when the engine offers one, else a module's decision or
/// action, else a station, else the first action listed (so claims, tunnels, stations and
/// every module get played).
fn choose(v: &Value) -> &Value {
    let actions = v["actions"].as_array().expect("actions");
    assert!(!actions.is_empty(), "the designer's turn offers an action");
    let first_of = |kind: &str| actions.iter().find(|a| a["kind"] == kind);
    first_of("claim")
        .or_else(|| first_of("module"))
        .or_else(|| first_of("station"))
        .unwrap_or(&actions[0])
}

/// What a game played through the API left.
struct Played {
    /// Every view a designer's seat got before the end, as sent, with its seat.
    bodies: Vec<(u8, String)>,
    /// The words of every action the designers took.
    taken: Vec<(String, String)>,
    /// Every word each designer's seat was shown of its own (its offers).
    seen: BTreeMap<u8, BTreeSet<String>>,
    last: Value,
}

/// Plays a whole game: the designer always takes [`choose`]'s action.
fn play_through(s: &Studio) -> Played {
    let mut p = Played {
        bodies: Vec::new(),
        taken: Vec::new(),
        seen: BTreeMap::new(),
        last: Value::Null,
    };
    for _ in 0..5_000 {
        let (body, v) = view(s);
        if v["over"] == true {
            p.last = v;
            return p;
        }
        assert_eq!(v["your_turn"], true, "a wait answers on a designer's turn");
        let seat = v["seat"].as_u64().unwrap() as u8;
        assert_eq!(v["current"], seat, "the view is of the seat deciding");
        let seen = p.seen.entry(seat).or_default();
        for a in v["actions"].as_array().unwrap() {
            seen.insert(a["words"].as_str().unwrap().to_string());
        }
        let a = choose(&v);
        p.taken.push((
            a["kind"].as_str().unwrap().to_string(),
            a["words"].as_str().unwrap().to_string(),
        ));
        let ask = format!(r#"{{"version":{},"index":{}}}"#, v["version"], a["index"]);
        let (code, answer) = act(s, &ask);
        assert_eq!(code, 200, "{answer}");
        p.bodies.push((seat, body));
    }
    panic!("the game did not end in 5,000 of the designer's actions");
}

/// The game ended with a score sheet and a recording that replays to the same totals.
fn check_the_end(dir: &Path, last: &Value, seat: usize) -> String {
    let end = &last["end"];
    assert!(end["failure"].is_null(), "{end}");
    let sheet = end["sheet"].as_str().expect("a score sheet");
    let totals: Vec<i64> = end["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .collect();
    assert_eq!(totals.len(), last["players"].as_u64().unwrap() as usize);
    // The sheet is `ttrmap score`'s: a block per player with its total, then the ranking.
    assert!(sheet.contains("\nranking:\n"), "{sheet}");
    let you = format!("player {seat} (you): {} points, rank", totals[seat - 1]);
    assert!(sheet.contains(&you), "{you} in\n{sheet}");
    let recording = end["recording"].as_str().expect("the game was saved");
    assert_eq!(play::replay_totals(dir, recording), totals);
    recording.to_string()
}

/// No view of a seat before the end names a ticket another seat kept (by its label or as
/// its card reads) unless that seat saw it itself, and no view holds another seat's hand.
fn check_nothing_hidden(dir: &Path, map: &Path, recording: &str, p: &Played) {
    let loaded = ttrmap::load::load_path(map).unwrap();
    let m = loaded.map.as_ref().unwrap();
    let kept: Vec<(u8, String)> = play::kept_tickets(dir, recording)
        .into_iter()
        .flat_map(|(seat, label)| {
            let card = m
                .tickets
                .iter()
                .find(|t| t.label() == label)
                .map(|t| ttrmap::playtest::names::ticket(m, t));
            std::iter::once(label).chain(card).map(move |n| (seat, n))
        })
        .collect();
    let mut checked = 0;
    for (seat, body) in &p.bodies {
        let seen = |name: &str| p.seen[seat].iter().any(|w| w.contains(name));
        let theirs = kept.iter().filter(|(s, _)| s != seat).map(|(_, n)| n);
        let v: Value = serde_json::from_str(body).unwrap();
        for s in v["seats"].as_array().unwrap() {
            let keys: BTreeSet<&str> = s.as_object().unwrap().keys().map(|k| k.as_str()).collect();
            let public: BTreeSet<&str> = [
                "seat", "name", "trains", "score", "tickets", "cards", "stations",
            ]
            .into();
            assert_eq!(keys, public, "a seat shows counts only: {s}");
        }
        for own in v["tickets"].as_array().unwrap() {
            assert!(!own["name"].as_str().unwrap().is_empty());
        }
        for name in theirs.filter(|n| !seen(n)) {
            assert!(!body.contains(name.as_str()), "{name} leaked in {body}");
            checked += 1;
        }
    }
    assert!(checked > 0, "some hidden ticket was looked for");
}

fn whole_game(name: &str, seed: &str, module_words: &[&str]) {
    whole_game_at(name, seed, &[], 1, module_words);
}

/// A whole game with more options (`extra`), the designer at `seat`.
fn whole_game_at(
    name: &str,
    seed: &str,
    extra: &[&str],
    seat: u8,
    module_words: &[&str],
) -> Played {
    let (dir, map) = copy_map(&format!("play-{name}"), name);
    let mut args = vec!["--play", "--seed", seed, "--bot-delay", "0"];
    args.extend_from_slice(extra);
    let s = Studio::start_with(&map, &args);
    let p = play_through(&s);
    let recording = check_the_end(&dir.0, &p.last, seat as usize);
    assert_eq!(recording, format!("{name}.play-{seed}.jsonl"));
    assert!(dir.0.join(&recording).is_file());
    check_nothing_hidden(&dir.0, &map, &recording, &p);
    assert!(p.taken.iter().any(|(k, _)| k == "claim"), "{name}: a claim");
    for want in module_words {
        assert!(
            p.taken
                .iter()
                .any(|(k, w)| k == "module" && w.starts_with(want)),
            "{name}: a decision of {want} was made from the page: {:?}",
            p.taken
        );
    }
    p
}

#[test]
fn usa_plays_to_the_end_through_the_api() {
    whole_game("usa", "11", &[]);
}

#[test]
fn france_plays_to_the_end_with_its_track_pieces() {
    whole_game("france", "12", &["track pieces"]);
}

#[test]
fn old_west_plays_to_the_end_with_its_markers_and_alvin() {
    whole_game("old-west", "13", &["city markers", "Alvin"]);
}

#[test]
fn iberia_plays_to_the_end_with_its_drafts() {
    whole_game("iberia", "14", &["Ticket draft"]);
}

#[test]
fn south_korea_plays_to_the_end_with_its_drafts_and_mat() {
    whole_game("south-korea", "15", &["Ticket draft", "Province mat"]);
}

#[test]
fn uk_plays_to_the_end_with_its_technologies() {
    whole_game("uk", "16", &["technolog"]);
}

#[test]
fn europe_at_three_players_plays_with_tunnels_and_stations_from_seat_two() {
    let p = whole_game_at(
        "europe",
        "17",
        &[
            "--players",
            "3",
            "--seat",
            "2",
            "--bots",
            "one-step,route-focus",
        ],
        2,
        &[],
    );
    assert_eq!(p.last["seats"][0]["name"], "one-step");
    assert_eq!(p.last["seats"][2]["name"], "route-focus");
    for kind in ["station", "tunnel"] {
        assert!(
            p.taken.iter().any(|(k, _)| k == kind),
            "a {kind} action was taken from the list: {:?}",
            p.taken
        );
    }
}

#[test]
fn hot_seat_two_designers_each_see_only_their_own_seat() {
    let p = whole_game_at(
        "usa",
        "18",
        &["--players", "3", "--seat", "1,3", "--bots", "route-focus"],
        1,
        &[],
    );
    let seats: BTreeSet<u8> = p.bodies.iter().map(|(k, _)| *k).collect();
    assert_eq!(seats, [1, 3].into(), "both designers' seats were shown");
    assert_eq!(p.last["designers"], serde_json::json!([1, 3]));
    assert_eq!(p.last["seats"][1]["name"], "route-focus");
}

#[test]
fn a_view_of_a_seat_that_is_no_designers_is_refused() {
    let (_dir, map) = copy_map("play-seat-view", "usa");
    let s = Studio::start_with(
        &map,
        &[
            "--play",
            "--seed",
            "6",
            "--players",
            "3",
            "--seat",
            "1,3",
            "--bot-delay",
            "0",
        ],
    );
    let host = [("Host", s.host())];
    let host: Vec<(&str, &str)> = host.iter().map(|(k, v)| (*k, v.as_str())).collect();
    for (seat, code) in [("2", 400), ("4", 400), ("x", 400), ("3", 200), ("1", 200)] {
        let path = format!("/api/play?seat={seat}&token={}", s.token);
        let (got, body) = s.request("GET", &path, &host, "");
        assert_eq!(got, code, "seat {seat}: {body}");
        if code == 200 {
            let v: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(v["seat"].as_u64().unwrap().to_string(), seat);
            // Seat 1 chooses its tickets first: seat 3 is offered nothing yet.
            assert_eq!(v["your_turn"], seat == "1", "{body}");
            assert_eq!(v["actions"].as_array().unwrap().is_empty(), seat == "3");
        }
    }
}

#[test]
fn a_refused_action_changes_nothing() {
    let (_dir, map) = copy_map("play-refused", "usa");
    // Seat 2, and the bot of seat 1 waits a minute before its first action: the designer
    // cannot act before it.
    let s = Studio::start_with(
        &map,
        &[
            "--play",
            "--seed",
            "3",
            "--seat",
            "2",
            "--bot-delay",
            "60000",
        ],
    );
    let plain = format!("/api/play?token={}", s.token);
    let host = [("Host", s.host())];
    let host: Vec<(&str, &str)> = host.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (_, before) = s.request("GET", &plain, &host, "");
    let v: Value = serde_json::from_str(&before).unwrap();
    assert_eq!(v["your_turn"], false);
    assert_eq!(v["current"], 1);
    assert!(v["actions"].as_array().unwrap().is_empty());
    for (body, status, why) in [
        (r#"{"version":0,"index":0}"#, 409, "player 1's turn"),
        (r#"{"version":7,"index":0}"#, 409, "moved on"),
        (r#"{"index":0}"#, 400, "bad request"),
        (r#"{"version":0,"index":0,"lane":3}"#, 400, "bad request"),
        ("claim everything", 400, "bad request"),
    ] {
        let (code, answer) = act(&s, body);
        assert_eq!(code, status, "{body}: {answer}");
        assert!(answer.contains(why), "{body}: {answer}");
    }
    let (_, after) = s.request("GET", &plain, &host, "");
    assert_eq!(after, before, "nothing changed");

    // On the designer's own turn: an index past the list is refused too.
    let (_dir, map) = copy_map("play-refused-own", "usa");
    let s = Studio::start_with(&map, &["--play", "--seed", "3", "--bot-delay", "0"]);
    let (before, v) = view(&s);
    let n = v["actions"].as_array().unwrap().len();
    let (code, answer) = act(&s, &format!(r#"{{"version":0,"index":{n}}}"#));
    assert_eq!(code, 400, "{answer}");
    assert!(answer.contains(&format!("no action {n}")), "{answer}");
    let (code, _) = act(&s, r#"{"version":0,"index":-1}"#);
    assert_eq!(code, 400);
    assert_eq!(view(&s).0, before, "nothing changed");
}

#[test]
fn the_recording_never_goes_over_a_file() {
    let (dir, map) = copy_map("play-no-clobber", "usa");
    let theirs = dir.0.join("usa.play-5.jsonl");
    std::fs::write(&theirs, "not a recording of ours\n").unwrap();
    let s = Studio::start_with(&map, &["--play", "--seed", "5", "--bot-delay", "0"]);
    let p = play_through(&s);
    let recording = check_the_end(&dir.0, &p.last, 1);
    assert_eq!(recording, "usa.play-5-2.jsonl");
    assert_eq!(
        std::fs::read_to_string(&theirs).unwrap(),
        "not a recording of ours\n"
    );
    // `--record` naming an existing file is refused before anything starts.
    let out = common::ttrmap_in(
        &dir.0,
        &[
            "studio",
            "usa.toml",
            "--play",
            "--record",
            "usa.play-5.jsonl",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("only to a new file"));
}

#[test]
fn the_same_seed_and_choices_give_the_same_game() {
    let mut games = Vec::new();
    for tag in ["play-same-a", "play-same-b"] {
        let (dir, map) = copy_map(tag, "usa");
        let s = Studio::start_with(
            &map,
            &[
                "--play",
                "--seed",
                "8",
                "--bot-delay",
                "0",
                "--record",
                "game.jsonl",
            ],
        );
        let p = play_through(&s);
        check_the_end(&dir.0, &p.last, 1);
        let line: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.0.join("game.jsonl")).unwrap())
                .unwrap();
        assert_eq!(
            line["bots"],
            serde_json::json!(["human", "destination-hungry"])
        );
        games.push((line["actions"].clone(), p.last["end"]["totals"].clone()));
    }
    assert_eq!(games[0], games[1]);
}

#[test]
fn bad_play_options_are_refused() {
    let (dir, _map) = copy_map("play-options", "usa");
    let run = |args: &[&str]| {
        let out = common::ttrmap_in(&dir.0, args);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&["studio", "usa.toml", "--play", "--seat", "3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("the game has 2 seats"), "{err}");
    let (code, err) = run(&["studio", "usa.toml", "--play", "--bots", "randm"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("unknown bot randm"), "{err}");
    let (code, err) = run(&["studio", "usa.toml", "--seed", "3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--play"), "{err}");
    std::fs::write(dir.0.join("broken.toml"), "[map]\nid = 3\n").unwrap();
    let (code, err) = run(&["studio", "broken.toml", "--play"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("has errors"), "{err}");
}

#[test]
fn without_play_there_is_no_game() {
    let (_dir, map) = copy_map("play-none", "usa");
    let s = Studio::start(&map);
    let path = format!("/api/play?token={}", s.token);
    let (code, body) = s.request("GET", &path, &[("Host", &s.host())], "");
    assert_eq!(code, 404, "{body}");
    let (code, _) = act(&s, r#"{"version":0,"index":0}"#);
    assert_eq!(code, 404);
    let page = format!("/?token={}", s.token);
    let (_, html) = s.request("GET", &page, &[("Host", &s.host())], "");
    assert!(html.contains(r#"data-game="false""#));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_studio_with_a_game_and_a_request_waiting_for_the_bots() {
    let (dir, map) = copy_map("play-stop", "usa");
    // The bot of seat 1 waits a minute: a `?wait=1` request is left waiting for it.
    let mut s = Studio::start_with(
        &map,
        &[
            "--play",
            "--seed",
            "4",
            "--seat",
            "2",
            "--bot-delay",
            "60000",
        ],
    );
    let (port, token, host) = (s.port, s.token.clone(), s.host());
    std::thread::spawn(move || {
        use std::io::{Read, Write};
        let mut c = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        let req = format!("GET /api/play?wait=1&token={token} HTTP/1.1\r\nHost: {host}\r\n\r\n");
        c.write_all(req.as_bytes()).unwrap();
        let mut buf = [0u8; 256];
        while c.read(&mut buf).is_ok_and(|n| n > 0) {}
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status = s
        .interrupt(std::time::Duration::from_secs(10))
        .expect("the studio stops on SIGINT");
    assert!(status.success(), "{status:?}");
    // A game under way is not saved.
    let left: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["usa.toml"]);
}

/// Waits until the studio has read the file's latest save: its state says `current` as
/// `want` (a clean file, or one with errors).
fn wait_for_file(s: &Studio, want: bool) {
    let path = format!("/api/state?token={}", s.token);
    for _ in 0..600 {
        let (_, body) = s.request("GET", &path, &[("Host", &s.host())], "");
        if body.contains(&format!("\"current\":{want}")) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("the studio never read the file as current: {want}");
}

#[test]
fn a_new_game_plays_the_file_as_it_is_then() {
    let (dir, map) = copy_map("play-new", "usa");
    let s = Studio::start_with(&map, &["--play", "--seed", "30", "--bot-delay", "0"]);
    let (before, v) = view(&s);
    assert_eq!(v["game"], 1);
    // A file with errors is not played: the game under way stays.
    let good = std::fs::read_to_string(&map).unwrap();
    std::fs::write(&map, format!("{good}\n[[routes]]\nfrom = \"nowhere\"\n")).unwrap();
    wait_for_file(&s, false);
    let path = format!("/api/play/new?token={}", s.token);
    let (code, answer) = s.request("POST", &path, &[("Host", &s.host())], "");
    assert_eq!(code, 409, "{answer}");
    assert!(answer.contains("has errors"), "{answer}");
    assert_eq!(view(&s).0, before, "the game under way is kept");
    // Mended (and changed: a comment), a new game plays it, at the next seed.
    std::fs::write(&map, format!("{good}\n# changed after the first game\n")).unwrap();
    wait_for_file(&s, true);
    let (code, answer) = s.request("POST", &path, &[("Host", &s.host())], "");
    assert_eq!(code, 200, "{answer}");
    let v: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(
        (v["game"].as_u64(), v["seed"].as_u64()),
        (Some(2), Some(31))
    );
    assert_eq!(
        (v["version"].as_u64(), v["over"].as_bool()),
        (Some(0), Some(false))
    );
    let p = play_through(&s);
    assert_eq!(p.last["game"], 2);
    let recording = check_the_end(&dir.0, &p.last, 1);
    assert_eq!(recording, "usa.play-31.jsonl");
    let out = common::ttrmap_in(&dir.0, &["replay", &recording]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("changed since"),
        "recorded on the file as it is: {err}"
    );
}
