//! The USA map's five game modes (issue 36 item 5): the base game and the four ways to play
//! of the USA 1910 rules pamphlet, as `maps/usa.toml` records them: which tickets each deals
//! (`modes.pool`), how many are dealt, kept and drawn, which bonus cards score, positions in
//! each mode scored by `ttrmap score` (the arithmetic in the comments), and a fixed-seed
//! playtest of each mode that gives the same bytes at 1 and 2 threads.
//!
//! Rule facts (the pamphlet as reviews and a transcription of its page 3 give it; BGA's map
//! settings): 1910 deals only the 35 tickets with the 1910 logo, 3 keep at least 2, and the
//! Globetrotter (15, the most completed tickets) replaces the Longest Route (10); the Mega
//! Game deals all 69 tickets of the 1910 box, 5 keep at least 3, both bonus cards; Big Cities
//! deals the 35 tickets naming a Big City (Chicago, Dallas, Houston, Los Angeles, Miami, New
//! York, Seattle), 4 keep at least 2, draws 4 keep at least 1, returned tickets to the
//! bottom. The Mega Game's later draw (4 keep 1) and Big Cities' bonuses (none; the other
//! reading is the mode `big-cities-longest`) are the map's documented readings.

use crate::common;
use crate::common::engine;

use common::TempDir;
use engine::map_file;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::process::Command;
use ttrmap::engine::{Action, Game, State};
use ttrmap::model::TicketDiscard;

const BIG_CITIES: [&str; 7] = [
    "chicago",
    "dallas",
    "houston",
    "los-angeles",
    "miami",
    "new-york",
    "seattle",
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn usa(players: u8, mode: &str) -> Game {
    Game::new(&map_file("usa.toml"), players, Some(mode)).expect("playable")
}

/// Every ticket copy the mode's game can deal or draw, as labels.
fn in_play(game: &Game) -> Vec<&str> {
    game.deck_tickets
        .iter()
        .flatten()
        .map(|&t| game.tickets[t as usize].label.as_str())
        .collect()
}

/// The points of the ticket labelled `label` in the mode's game.
fn points(game: &Game, label: &str) -> i32 {
    let t = game
        .tickets
        .iter()
        .find(|t| t.label == label)
        .unwrap_or_else(|| panic!("no ticket {label}"));
    match &t.goal {
        ttrmap::engine::Goal::Pair(_, _, p) => *p,
        other => panic!("{label}: not a city-to-city ticket: {other:?}"),
    }
}

/// The names of the game's bonus modules, sorted.
fn bonuses(game: &Game) -> Vec<String> {
    let mut names: Vec<String> = game
        .mechanics
        .modules
        .iter()
        .map(|m| m.name())
        .filter(|n| n.contains("longest path") || n.contains("most completed tickets"))
        .collect();
    names.sort();
    names
}

#[test]
fn each_mode_deals_from_its_own_tickets() {
    // (mode, tickets in play, of them from the first edition's deck)
    for (mode, count) in [
        ("base", 30),
        ("1910", 35),
        ("mega", 69),
        ("big-cities", 35),
        ("big-cities-longest", 35),
    ] {
        let game = usa(4, mode);
        let tickets = in_play(&game);
        assert_eq!(tickets.len(), count, "{mode}: tickets in play");
        // One pile: only one deck deals and is drawn from.
        let piles = game.deck_tickets.iter().filter(|d| !d.is_empty()).count();
        assert_eq!(piles, 1, "{mode}: piles");
        assert_eq!(game.drawable.iter().filter(|&&d| d).count(), 1, "{mode}");
        // No ticket twice: the base deck and its 1910 reprints never meet in one game.
        let mut unique = tickets.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), count, "{mode}: a ticket twice");
    }
    // The base game deals the first edition's values, the Mega Game the 1910 reprints'
    // (Los Angeles–New York 21 → 20, Seattle–New York 22 → 20) and the Mystery Train
    // tickets (Boston–Washington 4); 1910 has none of the originals.
    let base = usa(4, "base");
    let mega = usa(4, "mega");
    assert_eq!(points(&base, "los-angeles–new-york"), 21);
    assert_eq!(points(&mega, "los-angeles–new-york"), 20);
    assert_eq!(points(&base, "seattle–new-york"), 22);
    assert_eq!(points(&mega, "seattle–new-york"), 20);
    assert_eq!(points(&mega, "boston–washington"), 4);
    assert!(!in_play(&base).contains(&"boston–washington"));
    let new = usa(4, "1910");
    assert!(!in_play(&new).contains(&"los-angeles–new-york"));
    assert_eq!(points(&new, "los-angeles–oklahoma-city"), 9);
    // Every Big Cities ticket names a Big City; 15 are the originals' reprints (also in
    // the base game, by their cities) and 20 are new (in the 1910 deck or Mystery Train).
    let big = usa(4, "big-cities");
    let base_pairs = in_play(&base);
    let mut originals = 0;
    for label in in_play(&big) {
        let cities: Vec<&str> = label.split('–').collect();
        assert!(
            cities.iter().any(|c| BIG_CITIES.contains(c)),
            "{label} names no Big City"
        );
        originals += base_pairs.contains(&label) as u32;
    }
    assert_eq!(originals, 15);
    // Mystery Train's Montréal–Chicago is one of the 20 new ones.
    assert!(in_play(&big).contains(&"montreal–chicago"));
}

#[test]
fn each_mode_deals_keeps_and_draws_its_numbers() {
    // (mode, dealt at setup, kept at least, drawn later, kept of a draw at least)
    for (mode, deal, keep, draw, draw_keep) in [
        ("base", 3, 2, 3, 1),
        ("1910", 3, 2, 3, 1),
        ("mega", 5, 3, 4, 1),
        ("big-cities", 4, 2, 4, 1),
        ("big-cities-longest", 4, 2, 4, 1),
    ] {
        let game = usa(3, mode);
        let dealt: u32 = game.initial_deal.iter().map(|&n| n as u32).sum();
        assert_eq!(dealt, deal, "{mode}: setup deal");
        assert_eq!(game.initial_keep, keep, "{mode}: setup keep");
        assert_eq!(game.draw_deal, draw, "{mode}: draw");
        assert_eq!(game.draw_keep, draw_keep, "{mode}: draw keep");
        assert_eq!(game.initial_discard, TicketDiscard::Bottom, "{mode}");
        assert_eq!(game.draw_discard, TicketDiscard::Bottom, "{mode}");
        // The first player is offered that many, all from the mode's tickets.
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let state = State::new(&game, 11, &mut rng);
        assert_eq!(state.offered.len(), deal as usize, "{mode}: offered");
        assert_eq!(state.tickets_to_keep(&game), keep, "{mode}");
        let pile: usize = game.deck_tickets.iter().map(Vec::len).sum();
        let left: usize = state.ticket_decks.iter().map(|d| d.len()).sum();
        assert_eq!(
            left + deal as usize,
            pile,
            "{mode}: the deal comes from the pile"
        );
    }
}

#[test]
fn returned_tickets_go_to_the_bottom_of_the_one_pile() {
    // The Mega Game's pile mixes two decks: whichever deck a returned ticket came from, it
    // goes under the pile the game deals from (the base rules: the bottom of the deck).
    for seed in 0..20u64 {
        let game = usa(2, "mega");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&game, seed, &mut rng);
        let pile = game.drawable.iter().position(|&d| d).unwrap();
        let offered = state.offered.clone();
        // Keep the first three of five (mask 0b00111): the last two go back.
        state
            .apply(&game, Action::KeepTickets(0b00111), &mut rng)
            .expect("keeping three is legal");
        let deck = &state.ticket_decks[pile];
        let bottom: Vec<u16> = deck.iter().rev().take(2).rev().copied().collect();
        assert_eq!(bottom, offered[3..], "seed {seed}");
        let total: usize = state.ticket_decks.iter().map(|d| d.len()).sum();
        assert_eq!(total, deck.len(), "seed {seed}: one pile only");
    }
}

#[test]
fn each_mode_scores_its_bonus_cards() {
    let longest = "longest-path (longest path)".to_string();
    let globetrotter = "Globetrotter (most completed tickets)".to_string();
    let cases: [(&str, Vec<String>); 5] = [
        ("base", vec![longest.clone()]),
        ("1910", vec![globetrotter.clone()]),
        ("mega", vec![globetrotter.clone(), longest.clone()]),
        ("big-cities", vec![]),
        ("big-cities-longest", vec![longest.clone()]),
    ];
    for (mode, wanted) in cases {
        assert_eq!(bonuses(&usa(2, mode)), wanted, "{mode}");
    }
}

/// A USA position in a temporary folder; `ttrmap score` on it: (exit code, stdout, stderr).
fn score(text: &str) -> (Option<i32>, String, String) {
    let dir = TempDir::new("usa-modes");
    let file: PathBuf = dir.0.join("position.toml");
    let map = root().join("maps").join("usa.toml");
    let body = format!("map = {:?}\n{text}", map.display().to_string());
    std::fs::write(&file, body).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(["score", file.to_str().unwrap(), "--format", "json"])
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn scored(text: &str) -> serde_json::Value {
    let (code, out, err) = score(text);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).expect("json")
}

fn column(v: &serde_json::Value, key: &str) -> Vec<i64> {
    v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[key].as_i64().unwrap())
        .collect()
}

/// Ada completes two 1910 tickets, Bob one of two; Bob's path is the longer.
const TWO_PLAYERS: &str = r#"
[[player]]
name = "Ada"
routes = ["atlanta-raleigh", "raleigh-washington", "chicago-pittsburgh", "new-york-pittsburgh"]
tickets = ["washington-atlanta", "chicago-new-york"]

[[player]]
name = "Bob"
routes = ["denver-kansas-city", "kansas-city-saint-louis"]
tickets = ["denver-saint-louis", "salt-lake-city-kansas-city"]
"#;

#[test]
fn the_1910_game_scores_the_globetrotter_and_no_longest_route() {
    let v = scored(&format!("mode = \"1910\"\n{TWO_PLAYERS}"));
    // Ada's routes: 2, 2, 3, 2 spaces = 2 + 2 + 4 + 2 = 10. Tickets: Washington–Atlanta 4
    // (Atlanta–Raleigh–Washington) and Chicago–New York 5 (via Pittsburgh), both complete:
    // +9. Bob's routes: 4 and 2 spaces = 7 + 2 = 9. Tickets: Denver–Saint Louis 6 complete,
    // Salt Lake City–Kansas City 7 not: 6 − 7 = −1.
    assert_eq!(column(&v, "route_points"), [10, 9]);
    assert_eq!(column(&v, "ticket_points"), [9, -1]);
    // Longest paths: Ada 5 (Chicago–Pittsburgh–New York), Bob 6 (Denver–Kansas City–Saint
    // Louis); no Longest Route card in 1910, so Bob's longer path scores nothing. The
    // Globetrotter: Ada 2 completed tickets, Bob 1: Ada +15.
    assert_eq!(column(&v, "longest_path"), [5, 6]);
    assert_eq!(column(&v, "bonus_points"), [15, 0]);
    // Ada 10 + 9 + 15 = 34; Bob 9 − 1 = 8.
    assert_eq!(column(&v, "total"), [34, 8]);
}

#[test]
fn the_mega_game_scores_both_bonus_cards() {
    let v = scored(&format!("mode = \"mega\"\n{TWO_PLAYERS}"));
    // As in 1910 (the 1910 tickets are in the Mega Game too), and Bob's 6-space path beats
    // Ada's 5: Bob +10. Ada 34; Bob 9 − 1 + 10 = 18.
    assert_eq!(column(&v, "bonus_points"), [15, 10]);
    assert_eq!(column(&v, "total"), [34, 18]);
}

#[test]
fn a_globetrotter_tie_scores_every_tied_player() {
    // Each completes one ticket: Ada Washington–Atlanta 4 (routes 2 + 2 = 4 points), Bob
    // Denver–Saint Louis 6 (routes 7 + 2 = 9). Tied at 1: both score 15 (ties = "all").
    let text = r#"mode = "1910"
[[player]]
routes = ["atlanta-raleigh", "raleigh-washington"]
tickets = ["washington-atlanta"]
[[player]]
routes = ["denver-kansas-city", "kansas-city-saint-louis"]
tickets = ["denver-saint-louis"]
"#;
    let v = scored(text);
    assert_eq!(column(&v, "bonus_points"), [15, 15]);
    // Ada 4 + 4 + 15 = 23; Bob 9 + 6 + 15 = 30.
    assert_eq!(column(&v, "total"), [23, 30]);
}

/// Ada completes Chicago–New York; Bob fails Kansas City–Houston and has the longer path.
const BIG_CITY_PLAYERS: &str = r#"
[[player]]
routes = ["chicago-pittsburgh", "new-york-pittsburgh"]
tickets = ["chicago-new-york"]
[[player]]
routes = ["denver-kansas-city", "kansas-city-saint-louis"]
tickets = ["kansas-city-houston"]
"#;

#[test]
fn big_cities_bonus_readings_both_score() {
    // Ada: routes 4 + 2 = 6, Chicago–New York +5 = 11. Bob: routes 7 + 2 = 9, Kansas City–
    // Houston −5 = 4. Longest paths 5 and 6.
    let none = scored(&format!("mode = \"big-cities\"\n{BIG_CITY_PLAYERS}"));
    assert_eq!(column(&none, "longest_path"), [5, 6]);
    // The default reading: no bonus card at all.
    assert_eq!(column(&none, "bonus_points"), [0, 0]);
    assert_eq!(column(&none, "total"), [11, 4]);
    // The other reading: the base game's Longest Route stands: Bob +10 = 14.
    let longest = scored(&format!(
        "mode = \"big-cities-longest\"\n{BIG_CITY_PLAYERS}"
    ));
    assert_eq!(column(&longest, "bonus_points"), [0, 10]);
    assert_eq!(column(&longest, "total"), [11, 14]);
}

#[test]
fn a_position_naming_a_ticket_outside_its_mode_is_refused() {
    // Washington–Atlanta is a 1910 ticket, not in the base game; Denver–El Paso is a first
    // edition ticket without a Big City.
    for (mode, ticket) in [
        ("base", "washington-atlanta"),
        ("big-cities", "denver-el-paso"),
    ] {
        let text = format!("mode = \"{mode}\"\n[[player]]\ntickets = [\"{ticket}\"]\n[[player]]\n");
        let (code, out, err) = score(&text);
        assert_eq!(code, Some(1), "{mode}: {err}");
        // The problem is in the json report.
        assert!(out.contains(ticket), "{mode}: {out}");
        assert!(
            out.contains(&format!("not a ticket of this map's mode `{mode}`")),
            "{mode}: {out}"
        );
    }
}

/// `ttrmap playtest maps/usa.toml --mode MODE` at `threads`: stdout.
fn playtest(mode: &str, bots: &str, threads: &str) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args([
            "playtest",
            "maps/usa.toml",
            "--mode",
            mode,
            "--players",
            "3",
        ])
        .args([
            "--games",
            "24",
            "--seed",
            "5",
            "--bots",
            bots,
            "--threads",
            threads,
        ])
        .args(["--format", "json"])
        .current_dir(root())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{mode}");
    out.stdout
}

#[test]
fn each_mode_plays_the_same_bytes_at_one_and_two_threads() {
    let styles = "destination-hungry,route-focus,one-step,long-route";
    for mode in ["1910", "mega", "big-cities"] {
        for bots in ["random", styles] {
            let one = playtest(mode, bots, "1");
            let v: serde_json::Value = serde_json::from_slice(&one).expect("json");
            assert_eq!(v["mode"], mode);
            assert_eq!(v["finished"], 24, "{mode} {bots}");
            assert_eq!(one, playtest(mode, bots, "2"), "{mode} {bots}");
        }
    }
}

/// The USA map with the text `old` (which it must hold) replaced once by `new`, written as
/// `name` in `dir`.
fn usa_edited(dir: &TempDir, name: &str, old: &str, new: &str) -> std::path::PathBuf {
    let text = std::fs::read_to_string(root().join("maps/usa.toml")).unwrap();
    assert!(text.contains(old), "maps/usa.toml holds {old:?}");
    let file = dir.0.join(name);
    std::fs::write(&file, text.replacen(old, new, 1)).unwrap();
    file
}

/// `ttrmap check` on the USA map with `edit` applied: (exit code, stderr + stdout).
fn check_edited(edit: impl Fn(&str) -> String) -> (Option<i32>, String) {
    let dir = TempDir::new("usa-modes-check");
    let text = std::fs::read_to_string(root().join("maps/usa.toml")).unwrap();
    let file = dir.0.join("usa.toml");
    std::fs::write(
        &file,
        edit(&text).replace("#:schema ../schemas/", "#:schema "),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(["check", file.to_str().unwrap()])
        .output()
        .expect("runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    (out.status.code(), text)
}

#[test]
fn bad_pools_are_refused_by_check() {
    let pool = r#"pool = { decks = ["usa1910", "usa1910-mega"], deal = 5 }"#;
    let cases: [(&str, String, &str); 4] = [
        (
            "both deal and pool",
            format!("{pool}\ndeal = {{ base = 2 }}"),
            "gives both `deal` and `pool`",
        ),
        (
            "an unknown deck",
            pool.replace("usa1910-mega", "usa1911"),
            "unknown deck `usa1911`",
        ),
        (
            "an unknown city",
            pool.replace("deal = 5", r#"cities = ["gotham"], deal = 5"#),
            "gotham",
        ),
        (
            "an empty pool",
            // Las Vegas is on no ticket of the first edition.
            r#"pool = { decks = ["base"], cities = ["las-vegas"], deal = 5 }"#.to_string(),
            "the pool holds no ticket",
        ),
    ];
    for (what, replacement, wanted) in cases {
        let (code, out) = check_edited(|t| t.replacen(pool, &replacement, 1));
        assert_eq!(code, Some(1), "{what}: {out}");
        assert!(out.contains(wanted), "{what}: no {wanted:?} in\n{out}");
    }
    // deck-size counts a pool as one deck: 9 players dealt 4 Big Cities tickets each need
    // 36 of the 35.
    let (_, out) = check_edited(|t| {
        t.replacen(
            "players = { min = 2, max = 5 }",
            "players = { min = 2, max = 9 }",
            1,
        )
    });
    assert!(
        out.contains("mode `big-cities` needs 36 tickets from its pool for 9 players; it holds 35"),
        "{out}"
    );
    // A pool dealing fewer than the mode keeps.
    let (code, out) = check_edited(|t| t.replacen("deal = 5 }", "deal = 2 }", 1));
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("mode `mega` deals 2 tickets but keeps at least 3"),
        "{out}"
    );
}

#[test]
fn replay_tells_each_players_longest_path() {
    // The Mega Game figures (docs/usa-modes.md) read the winner's total, tickets held and
    // the game's longest route from `replay`'s final scores.
    let dir = TempDir::new("usa-modes-replay");
    let rec = dir.0.join("games.jsonl");
    let map = root().join("maps/usa.toml");
    let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args([
            "playtest",
            map.to_str().unwrap(),
            "--mode",
            "mega",
            "--players",
            "4",
        ])
        .args([
            "--games",
            "2",
            "--seed",
            "3",
            "--record",
            rec.to_str().unwrap(),
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(["replay", rec.to_str().unwrap()])
        .output()
        .expect("runs");
    let told = String::from_utf8_lossy(&out.stdout);
    let paths: Vec<u32> = told
        .lines()
        .filter_map(|l| l.split_once(", longest path "))
        .map(|(_, rest)| rest.split(')').next().unwrap().parse().expect("a number"))
        .collect();
    assert_eq!(paths.len(), 4, "{told}");
    // Every player claims routes in a finished game: a path of at least 1, at most the 45
    // trains each has.
    assert!(paths.iter().all(|&p| (1..=45).contains(&p)), "{paths:?}");
}

/// Runs `ttrmap ARGS` in the repository; (exit code, stdout).
fn ttrmap(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn reports_name_each_modes_tickets_by_their_own_cities() {
    // A pool numbers only its own tickets: the 1910 game's first ticket is the map's 31st.
    // Reports and `suggest tickets` name each by its own cities and printed value (seen
    // failing: the 1910 report called Calgary–Nashville "Boston – Miami", and `suggest`
    // panicked).
    let (code, out) = ttrmap(&[
        "playtest",
        "maps/usa.toml",
        "--mode",
        "1910",
        "--games",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v["ticket_completion"].as_array().unwrap();
    assert_eq!(rows.len(), 35);
    let row = |name: &str| rows.iter().find(|r| r["name"] == name).unwrap().clone();
    assert_eq!(row("calgary–nashville")["places"], "Calgary – Nashville");
    assert_eq!(
        row("los-angeles–oklahoma-city")["places"],
        "Los Angeles – Oklahoma City"
    );
    let (code, out) = ttrmap(&[
        "suggest",
        "tickets",
        "maps/usa.toml",
        "--mode",
        "1910",
        "--games",
        "20",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let tickets = v["tickets"].as_array().unwrap();
    assert_eq!(tickets.len(), 35);
    let t = tickets
        .iter()
        .find(|t| t["label"] == "los-angeles–oklahoma-city")
        .unwrap();
    assert_eq!(t["printed"], 9);
    assert_eq!(t["name"], "Los Angeles – Oklahoma City");
}

#[test]
fn suggest_writes_a_pool_tickets_value_into_its_own_line() {
    // Washington–Atlanta (1910, printed 4) written as 40: `--write --only` puts the value
    // play suggests back on that ticket, not on the map's first ticket (Boston–Miami 12).
    let dir = TempDir::new("usa-modes-suggest");
    let file = usa_edited(
        &dir,
        "usa.toml",
        "from = \"washington\"\nto = \"atlanta\"\npoints = 4\n",
        "from = \"washington\"\nto = \"atlanta\"\npoints = 40\n",
    );
    let (code, _) = ttrmap(&[
        "suggest",
        "tickets",
        file.to_str().unwrap(),
        "--mode",
        "1910",
        "--games",
        "200",
        "--write",
        "--only",
        "washington-atlanta",
    ]);
    assert_eq!(code, Some(0));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("from = \"boston\"\nto = \"miami\"\npoints = 12\n"));
    let at = written
        .find("from = \"washington\"\nto = \"atlanta\"\npoints = ")
        .unwrap();
    let value: i32 = written[at..]
        .lines()
        .nth(2)
        .and_then(|l| l.strip_prefix("points = "))
        .and_then(|v| v.parse().ok())
        .unwrap();
    // Play values a ticket of 4 printed points and 4 spaces far below 40.
    assert!((2..=10).contains(&value), "{value}");
}

#[test]
fn compare_matches_a_reprinted_ticket_in_its_own_deck() {
    // Seattle–New York is in the base deck (22) and, reprinted, in usa1910-mega (20): the
    // map differences match each ticket in its own deck (seen failing: the map compared with
    // itself said "Boston – Miami: deck usa1910-mega → base").
    let dir = TempDir::new("usa-modes-compare");
    let file = usa_edited(
        &dir,
        "new.toml",
        "deck = \"usa1910-mega\"\nfrom = \"seattle\"\nto = \"new-york\"\npoints = 20\n",
        "deck = \"usa1910-mega\"\nfrom = \"seattle\"\nto = \"new-york\"\npoints = 21\n",
    );
    let compare = |new: &str| {
        let (code, out) = ttrmap(&[
            "compare",
            "maps/usa.toml",
            new,
            "--mode",
            "mega",
            "--games",
            "10",
        ]);
        assert_eq!(code, Some(0));
        let at = out.find("map differences:").unwrap();
        out[at..]
            .lines()
            .skip(1)
            .take(3)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(compare("maps/usa.toml").starts_with("  none"));
    let changed = compare(file.to_str().unwrap());
    assert!(
        changed.starts_with("  ticket changed: Seattle – New York: points 20 → 21"),
        "{changed}"
    );
    assert_eq!(changed.matches("ticket changed").count(), 1, "{changed}");
}
