//! `ttrmap score` on hand-scored positions (the arithmetic is in the comments), its
//! validation errors, and the detailed scorer against the engine's `final_scores`.
//!
//! Rule facts used: USA route points 1/2/4/7/10/15 for 1..6 spaces, 10 points for the longest
//! path with every tied player scoring it, ties on points broken by most completed tickets
//! (USA rules); Europe 4 points per unused station, a station borrows one route of another
//! player into its city (Europe rules); India's Grand Tour table 5, 5, 10, 10, 10 for tickets
//! joined by two separate routes (`src/presets/india.toml`); a Switzerland country ticket
//! scores its best completed target and an unfinished one loses its lowest value.

use crate::common;

use common::TempDir;
use std::path::{Path, PathBuf};
use std::process::Command;
use ttrmap::engine::Game;
use ttrmap::engine::scoring::{Borrow, score_detailed};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn score(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .arg("score")
        .args(args)
        .current_dir(root())
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(fixture: &str) -> serde_json::Value {
    let path = format!("tests/fixtures/positions/{fixture}.toml");
    let (code, out, err) = score(&[&path, "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).expect("json")
}

fn totals(v: &serde_json::Value) -> Vec<i64> {
    v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["total"].as_i64().unwrap())
        .collect()
}

/// Old West (seeds/001): a route scores for the markers at its ends (an owner of both ends
/// twice), for its claimer only when neither end has one; Alvin scores 10 a capture and 10
/// to his holder at the end.
#[test]
fn old_west_markers_divert_route_points_and_alvin_scores() {
    let v = json("old-west");
    let routes = |p: usize| -> Vec<(i64, Option<String>)> {
        v["players"][p]["routes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["points"].as_i64().unwrap(),
                    r["from"].as_str().map(str::to_string),
                )
            })
            .collect()
    };
    // Ada: Grand Junction–Salt Lake City 4 (her start), Grand Junction–St. George 7 (her
    // marker), and Bob's St. George–Salt Lake City once for each of her two markers,
    // 2 × 7 = 14: 25 route points.
    let ada = routes(0);
    assert_eq!(ada.iter().map(|r| r.0).sum::<i64>(), 4 + 7 + 14);
    let from_bob = ada.iter().filter(|r| r.1.as_deref() == Some("Bob"));
    assert_eq!(from_bob.map(|r| r.0).collect::<Vec<_>>(), [7, 7]);
    // Bob: Flagstaff–St. George, 2, his own (Ada's St. George marker came after it); his
    // St. George–Salt Lake City keeps 0 for him.
    assert_eq!(routes(1), [(2, None), (0, None)]);
    // Alvin: Ada 1 capture = 10; Bob 1 capture + holding him = 20. Totals 35 and 22 (nobody
    // completed a ticket, so the Globetrotter goes to nobody).
    assert_eq!(totals(&v), [35, 22]);
}

#[test]
fn usa_route_table_tickets_and_a_shared_longest_path() {
    let v = json("usa");
    let ada = &v["players"][0];
    // Ada's routes: 1, 6, 4, 5, 3, 2 spaces = 1 + 15 + 7 + 10 + 4 + 2 = 39 points.
    let points: Vec<i64> = ada["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["points"].as_i64().unwrap())
        .collect();
    assert_eq!(points, [1, 15, 7, 10, 4, 2]);
    assert_eq!(ada["route_points"], 39);
    // Tickets: Portland–Phoenix +11 and Denver–El Paso +4 completed; Chicago–Santa Fe −9 and
    // Seattle–Los Angeles −9 failed: 11 + 4 − 9 − 9 = −3.
    assert_eq!(ada["ticket_points"], -3);
    assert_eq!(ada["tickets"][2]["completed"], false);
    assert_eq!(ada["tickets"][2]["points"], -9);
    // Longest paths: Portland…Santa Fe 1+6+4+5+3+2 = 21, Calgary…Boston 6+4+6+3+2 = 21: a
    // tie, both score the 10.
    assert_eq!(ada["longest_path"], 21);
    assert_eq!(v["players"][1]["longest_path"], 21);
    assert_eq!(ada["bonus_points"], 10);
    assert_eq!(v["players"][1]["bonus_points"], 10);
    // Ada 39 − 3 + 10 = 46; Bob 15+7+15+4+2 = 43, −7 (Calgary–Salt Lake City), +10 = 46.
    assert_eq!(totals(&v), [46, 46]);
    // Tied on points; Ada completed 2 tickets, Bob 0: Ada ranks first.
    assert_eq!(ada["rank"], 1);
    assert_eq!(ada["winner"], true);
    assert_eq!(v["players"][1]["rank"], 2);
    let (_, human, _) = score(&["tests/fixtures/positions/usa.toml"]);
    assert!(
        human.contains("tie on points broken by most completed tickets"),
        "{human}"
    );
}

#[test]
fn europe_station_borrows_and_unused_stations() {
    let v = json("europe");
    let ada = &v["players"][0];
    // Ada: Paris–Frankfurt 3 (4) + Frankfurt–München 2 (2) = 6; her station in Wien borrows
    // Bob's München–Wien, so Paris–Wien (+8) is complete; 2 of 3 stations unused: 2 × 4 = 8.
    // 6 + 8 + 8 = 22.
    assert_eq!(ada["station_points"], 8);
    assert_eq!(ada["stations"][0]["borrows"], "munchen-wien");
    assert_eq!(ada["tickets"][0]["completed"], true);
    // Bob: 4 + 4 + 2 = 10, Berlin–Roma −9, 3 unused stations 12, longest Essen–Berlin–Wien–
    // München 2+3+3 = 8 against Ada's 5: +10. 10 − 9 + 12 + 10 = 23.
    assert_eq!(totals(&v), [22, 23]);
    assert_eq!(v["players"][1]["winner"], true);
    // Left to choose, the station borrows the same route.
    assert_eq!(totals(&json("europe-best-borrow")), [22, 23]);
    // Told to borrow Berlin–Wien, Paris–Wien fails: 6 − 8 + 8 = 6.
    let named = json("europe-named-borrow");
    assert_eq!(named["players"][0]["stations"][0]["borrows"], "berlin-wien");
    assert_eq!(totals(&named), [6, 23]);
}

#[test]
fn india_grand_tour() {
    let v = json("india");
    let ada = &v["players"][0];
    // Routes: 2+1+1+1+2+1+4+1+1 = 14 (India's table 1, 2, 4 for 1..3 spaces).
    assert_eq!(ada["route_points"], 14);
    // Bhopal–Mormugau +5 (two separate routes: via Khandwa–Manmad–Bombay and via Ratiam–
    // Ahmadabad–Bombay–Poona), Lucknow–Bombay −7: −2.
    assert_eq!(ada["ticket_points"], -2);
    // One qualifying ticket: Grand Tour 5. Longest path: every node has even degree, so the
    // whole network (13 spaces) is one circuit: +10 against Bob's 2.
    let bonus = |i: usize| ada["bonuses"][i]["points"].as_i64().unwrap();
    assert_eq!(ada["longest_path"], 13);
    assert_eq!((bonus(0), bonus(1)), (10, 5));
    assert_eq!(ada["bonuses"][1]["measure"], 1);
    // 14 − 2 + 15 = 27; Bob's Agra–Delhi 2.
    assert_eq!(totals(&v), [27, 2]);
}

#[test]
fn switzerland_country_tickets() {
    let v = json("switzerland");
    let ada = &v["players"][0];
    // Bern reaches France (5) and Deutschland (6): the best completed target, 6. Chur is
    // unfinished: its lowest value, Österreich 3, is lost. 6 − 3 = 3.
    assert_eq!(ada["tickets"][0]["points"], 6);
    assert_eq!(ada["tickets"][1]["points"], -3);
    // Routes 1+15+2+2+2+1+2+1 = 26, one path of 17 spaces: +10. 26 + 3 + 10 = 39.
    assert_eq!(ada["route_points"], 26);
    assert_eq!(totals(&v), [39, 1]);
}

/// Every fixture's breakdown, human and JSON, byte for byte: the output a position gives
/// does not change when the code that reads and checks it moves.
#[test]
fn every_fixture_prints_as_its_snapshot() {
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(root().join("tests/fixtures/positions"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    fixtures.sort();
    assert!(fixtures.len() >= 7, "{fixtures:?}");
    for file in fixtures {
        let name = file.file_stem().unwrap().to_str().unwrap().to_string();
        let path = format!("tests/fixtures/positions/{name}.toml");
        for format in ["human", "json"] {
            let (code, out, err) = score(&[&path, "--format", format]);
            assert_eq!(code, Some(0), "{name}: {err}");
            insta::assert_snapshot!(format!("{name}__{format}"), out);
        }
    }
}

/// Iberia (seeds/000): festival cards score by the chart on the cards, 3 Sevilla = 6 and
/// 7 Valencia = 22; no longest path. Ada: routes of 2 and 3 (2 + 4), Sevilla–Almería not
/// completed (-7), 3 Sevilla cards (+6): 5. Bob: a route of 4 (7), 7 Valencia cards (+22): 29.
#[test]
fn iberia_festival_cards_score_by_the_chart() {
    let v = json("iberia");
    assert_eq!(totals(&v), vec![5, 29]);
    let festival = |p: usize| {
        let b = &v["players"][p]["bonuses"][0];
        assert!(
            b["bonus"].as_str().unwrap().contains("unverified"),
            "the placeholder chart is named: {b}"
        );
        b["points"].as_i64().unwrap()
    };
    assert_eq!((festival(0), festival(1)), (6, 22));
}

/// South Korea (seeds/000): the Red-line example, 4 players: green 9 -> 10, black 8 with a
/// train on spot 6 -> 6, blue 8 with spot 5 -> 4, red 7 -> 0. Blue also has Namwon–Jinju (5
/// spaces, 10 points) and the only train on the white line (spot 6: first, 10 more).
#[test]
fn south_korea_red_line_tie_goes_to_the_higher_spot() {
    let v = json("south-korea");
    let mat = |p: usize| {
        let b = &v["players"][p]["bonuses"][0];
        assert!(b["bonus"].as_str().unwrap().contains("unverified"), "{b}");
        (
            b["measure"].as_i64().unwrap(),
            b["points"].as_i64().unwrap(),
        )
    };
    assert_eq!(
        [mat(0), mat(1), mat(2), mat(3)],
        [(1, 10), (2, 6), (3, 14), (1, 0)]
    );
    assert_eq!(totals(&v), vec![10, 6, 24, 0]);
}

/// The UK: Ada's routes 1 + 2 + 1 = 4; tickets Bristol–Southampton +2, Birmingham–London -4;
/// Boiler Lagging +2 (two claims after its purchase), Steam Turbine +2 (one ferry), Double
/// Heading 2 × 1 completed ticket: 4 - 2 + 2 + 2 + 2 = 8. Bob: Southampton–New York, no
/// technology, 40.
#[test]
fn uk_technologies_score_their_lines() {
    let v = json("uk");
    assert_eq!(totals(&v), vec![8, 40]);
    let lines: Vec<(String, i64)> = v["players"][0]["bonuses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["bonus"].as_str().unwrap().to_string(),
                b["points"].as_i64().unwrap(),
            )
        })
        .collect();
    let points = |name: &str| {
        lines
            .iter()
            .find(|(b, _)| b.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in {lines:?}"))
            .1
    };
    assert_eq!(points("Boiler Lagging"), 2);
    assert_eq!(points("Steam Turbine"), 2);
    assert_eq!(points("Double Heading"), 2);
    // No player holds an advanced card: they are left out, no line for them.
    assert!(
        !lines.iter().any(|(b, _)| b.starts_with("Risky")),
        "{lines:?}"
    );
}

/// The UK's Right of Way gives a route a second owner (the card claims a route another player
/// holds, beside them, as `engine_uk` plays it). Ada: Brighton–London 1 space = 1 point, ticket London–Brighton
/// +3: 1 + 3 = 4. Bob: Brighton–Southampton 1 space = 1, Brighton–London by Right of Way 1
/// space = 1, ticket Southampton–London +4 (Southampton–Brighton–London, through the shared
/// route): 1 + 1 + 4 = 6. Without the shared route his ticket would fail: 1 - 4 = -3.
#[test]
fn uk_right_of_way_gives_a_route_a_second_owner() {
    let v = json("uk-right-of-way");
    assert_eq!(totals(&v), vec![4, 6]);
    let routes: Vec<(String, i64)> = v["players"][1]["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["route"].as_str().unwrap().to_string(),
                r["points"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(routes.len(), 2, "{routes:?}");
    assert!(routes.iter().all(|(_, p)| *p == 1), "{routes:?}");
    // The lane is Ada's, shared: both name lane 1 of the route.
    let lane_of = |p: usize, id: &str| {
        v["players"][p]["routes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["route"].as_str().unwrap().contains(id))
            .map(|r| r["lane"].as_i64().unwrap())
    };
    assert_eq!(lane_of(0, "brighton"), Some(1));
    assert_eq!(lane_of(1, "london"), Some(1));
    let shared: Vec<&str> = v["players"][1]["routes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["right_of_way_beside"].as_str())
        .collect();
    assert_eq!(shared, vec!["Ada"]);
}

/// Scores the position `text` (its `map` line first: `maps/<map>`) from a temporary file;
/// it must be refused with exit 1. Returns the report on stderr.
fn refused(tag: &str, map: &str, text: &str) -> String {
    let dir = TempDir::new(tag);
    let file = dir.0.join("position.toml");
    let map = root().join("maps").join(map);
    std::fs::write(
        &file,
        format!("map = {:?}\n{text}", map.display().to_string()),
    )
    .unwrap();
    let (code, _, err) = score(&[file.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{err}");
    err
}

/// Right of Way in a position is checked as the engine offers the claim.
#[test]
fn bad_right_of_way_claims_are_refused() {
    let err = refused(
        "score-uk-row",
        "uk.toml",
        "[[player]]\n\
         name = \"Ada\"\n\
         routes = [\"brighton-london\", \"cambridge-london\"]\n\
         right_of_way = [\"brighton-london\"]\n\
         [[player]]\n\
         name = \"Bob\"\n\
         right_of_way = [\"ipswich-london\", \"cambridge-london\", \"brighton-londn\"]\n\
         [[player]]\n\
         name = \"Cara\"\n\
         right_of_way = [\"cambridge-london\"]\n",
    );
    for wanted in [
        "Ada: holds a lane of route `brighton-london` already",
        "Bob: Right of Way on route `ipswich-london`, which no other player holds",
        "Bob: unknown route `brighton-londn`",
        "Cara: route `cambridge-london` lane 1 has a second owner by Right of Way already (Bob)",
    ] {
        assert!(err.contains(wanted), "{wanted}: {err}");
    }
    // A map without the card.
    let err = refused(
        "score-usa-row",
        "usa.toml",
        "[[player]]\nroutes = [\"denver-omaha\"]\n[[player]]\nright_of_way = [\"denver-omaha\"]\n",
    );
    assert!(
        err.contains("player 2: `right_of_way`, but this game has no Right of Way card"),
        "{err}"
    );
}

#[test]
fn bad_technologies_are_refused() {
    let err = refused(
        "score-uk",
        "uk.toml",
        "[[player]]\n\
         name = \"Ada\"\n\
         routes = [\"london-reading\", \"aberdeen-dundee\"]\n\
         technologies = [\"wales-concesion\", \"boiler-lagging\", \"boiler-lagging\", \"right-of-way\"]\n\
         technology_points = { boiler-lagging = 3, steam-turbine = 2 }\n\
         [[player]]\n\
         name = \"Bob\"\n",
    );
    for wanted in [
        "Ada: no technology `wales-concesion` in this game; did you mean 'wales-concession'?",
        "Ada: Boiler Lagging is listed twice",
        "Right of Way goes back to the supply when it is used",
        // Aberdeen–Dundee is in Scotland: a concession she does not hold.
        "route aberdeen-dundee needs technologies",
        // Two routes: Boiler Lagging scored at most 2 × 1.
        "3 points from Boiler Lagging, which scores 1 a claim",
        "points from Steam Turbine without holding it",
    ] {
        assert!(err.contains(wanted), "{wanted}: {err}");
    }
    // Technologies on a map without them.
    let err = refused(
        "score-usa-tech",
        "usa.toml",
        "[[player]]\nname = \"Ada\"\ntechnologies = [\"booster\"]\n[[player]]\n",
    );
    assert!(err.contains("the map has no technologies"), "{err}");
}

/// A technology's purchase time: `{ card, after = [routes claimed before it] }`. The UK
/// fixture's Ada (routes London–Reading 1, Bristol–Southampton 2, Bristol–Cardiff 1, a
/// ferry; tickets +2 and -4; Double Heading 2) bought Boiler Lagging after London–Reading:
/// her two later claims score +1 each, so 4 - 2 + 2 (Boiler) + 2 (Steam Turbine, one ferry
/// after it) + 2 = 8 without `technology_points`, as the fixture that writes the points.
/// Bought before all three claims, Boiler Lagging scored 3, so a sheet saying 2 is refused,
/// as is 12 for a player who could have earned at most 3 from the time she bought it.
#[test]
fn a_technologys_purchase_time_sets_its_points_and_is_checked() {
    let dir = TempDir::new("score-uk-after");
    let file = dir.0.join("position.toml");
    let uk = root().join("maps/uk.toml");
    let run = |techs: &str, points: &str| {
        std::fs::write(
            &file,
            format!(
                "map = {:?}\n[[player]]\nname = \"Ada\"\n\
                 routes = [\"london-reading\", \"bristol-southampton\", \"bristol-cardiff\"]\n\
                 tickets = [\"bristol-southampton\", \"birmingham-london\"]\n\
                 technologies = [{techs}]\n{points}\
                 [[player]]\nname = \"Bob\"\n",
                uk.display().to_string()
            ),
        )
        .unwrap();
        score(&[file.to_str().unwrap(), "--format", "json"])
    };
    let base = "\"wales-concession\", \"propellers\", \"double-heading\"";
    let lagging = |after: &str| format!("{{ card = \"boiler-lagging\", after = [{after}] }}");
    let turbine = "\"steam-turbine\"";
    let steam = "technology_points = { steam-turbine = 2 }\n";
    // Bought after London–Reading: 2 points, as the fixture writes them.
    let (code, out, err) = run(
        &format!("{base}, {}, {turbine}", lagging("\"london-reading\"")),
        steam,
    );
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(totals(&v), vec![8, 0]);
    // Bought before every claim: 3 points; both a purchase time and points: they must agree.
    let (code, out, err) = run(&format!("{base}, {}, {turbine}", lagging("")), steam);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(totals(&v), vec![9, 0]);
    for points in [2, 12] {
        let (code, out, _) = run(
            &format!("{base}, {}, {turbine}", lagging("")),
            &format!("technology_points = {{ boiler-lagging = {points}, steam-turbine = 2 }}\n"),
        );
        assert_eq!(code, Some(1), "{points}: {out}");
        assert!(
            out.contains(&format!(
                "Ada: {points} points from Boiler Lagging, but it scored 3: 1 a claim for the 3 claims after its purchase"
            )),
            "{out}"
        );
    }
    // Steam Turbine bought last, after the ferry: it scored nothing (4 - 2 + 2 + 0 + 2 = 6).
    let (code, out, err) = run(
        &format!(
            "{base}, {}, {{ card = \"steam-turbine\", after = [\"london-reading\", \
             \"bristol-southampton\", \"bristol-cardiff\"] }}",
            lagging("\"london-reading\"")
        ),
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(totals(&v), vec![6, 0]);
    // Refused: a route she does not hold; Bristol–Cardiff (into Wales) claimed before the
    // Wales Concession it needs; two purchase times no order of turns gives.
    let (code, out, _) = run(
        &format!(
            "{{ card = \"wales-concession\", after = [\"bristol-cardiff\"] }}, \"propellers\", \
             {}, {{ card = \"steam-turbine\", after = [\"bristol-southampton\"] }}",
            lagging("\"london-reading\", \"edinburgh-glasgow\"")
        ),
        "",
    );
    assert_eq!(code, Some(1), "{out}");
    for wanted in [
        "Ada: `edinburgh-glasgow`, claimed before Boiler Lagging (its `after`), is not a route Ada holds",
        "Ada: route bristol-cardiff was claimed before Wales Concession was bought, but needs it",
        "Ada: Boiler Lagging and Steam Turbine cannot both have been bought when their `after` say: `london-reading` came before Boiler Lagging only, `bristol-southampton` before Steam Turbine only",
    ] {
        assert!(out.contains(wanted), "{wanted}: {out}");
    }
}

#[test]
fn bad_mat_trains_are_refused() {
    let err = refused(
        "score-korea",
        "south-korea.toml",
        "[[player]]\n\
         name = \"Ada\"\n\
         mat = [{ line = \"rde\", spot = 1 }, { line = \"red\", spot = 10 }, { line = \"red\", spot = 0 }, { line = \"red\", spot = 4 }]\n\
         [[player]]\n\
         name = \"Bob\"\n\
         mat = [{ line = \"red\", spot = 4 }, { spot = 2 }]\n",
    );
    for wanted in [
        "Ada: no line `rde` on the mat; did you mean 'red'?",
        "Ada: the red line has 9 spots, not 10",
        "`spot` numbers a mat spot: 1 is the first",
        "Bob: spot 4 of the red line holds a train of Ada already",
        "missing key `line`",
    ] {
        assert!(err.contains(wanted), "no {wanted:?} in\n{err}");
    }
    let (code, _, err) = score_usa(
        "[[player]]\nmat = [{ line = \"red\", spot = 1 }]\n[[player]]\n",
        "human",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("the map has no Province mat"), "{err}");
}

/// A mat train may say the claim it came with (South Korea, seeds/000): the route, the
/// cards played and the Express card spent. The train goes on the line of the route's colour
/// (a gray route: any line), on the spot numbered as the cards played plus the Express
/// card's value, or on the first free spot below when that one is taken. Ada's entries each
/// break one of these; Bob's first is right (2 red + 1 locomotive = 3 cards, + 1 = spot 4).
#[test]
fn a_mat_trains_claim_is_checked() {
    let err = refused(
        "score-korea-claim",
        "south-korea.toml",
        "[[player]]\n\
         name = \"Ada\"\n\
         routes = [\"namwon-jinju\", \"namwon-gwangju\", \"suncheon-jinju\", \"gunsan-jeonju\", \"jeonju-namwon\"]\n\
         mat = [\n\
           { line = \"red\", spot = 5, route = \"namwon-jinju\" },\n\
           { line = \"red\", spot = 1, route = \"jeonju-gwangju\" },\n\
           { line = \"red\", spot = 3, route = \"namwon-gwangju\", cards = { red = 3 } },\n\
           { line = \"red\", spot = 8, route = \"suncheon-jinju\", cards = { red = 4, locomotive = 1 }, express = 2 },\n\
           { line = \"orange\", spot = 3, route = \"gunsan-jeonju\", cards = { orange = 2, white = 1 } },\n\
           { line = \"black\", spot = 1, express = 4 },\n\
           { line = \"black\", spot = 2, cards = { black = 2 } },\n\
           { line = \"orange\", spot = 2, route = \"jeonju-namwon\", cards = { gold = 3 } },\n\
         ]\n\
         [[player]]\n\
         name = \"Bob\"\n\
         routes = [\"suncheon-yeosu\", \"mokpo-wando\", \"changwon-busan\", { route = \"gwangju-mokpo\", lane = 2 }]\n\
         mat = [\n\
           { line = \"red\", spot = 4, route = \"suncheon-yeosu\", cards = { red = 2, locomotive = 1 }, express = 1 },\n\
           { line = \"red\", spot = 6, route = \"mokpo-wando\", cards = { red = 5 }, express = 1 },\n\
           { line = \"white\", spot = 1, route = \"changwon-busan\", cards = { white = 2 } },\n\
           { line = \"blue\", spot = 4, route = \"gwangju-mokpo\" },\n\
           { line = \"green\", spot = 5, route = \"gwangju-mokpo\" },\n\
         ]\n",
    );
    // Long messages wrap on the terminal, each further line after a `│`.
    let flat = err
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for wanted in [
        "Ada: `namwon-jinju` is a white route: its mat train goes on the white line, not the red",
        "Ada: a mat train from `jeonju-gwangju`, a route Ada did not claim; a train goes on the mat with its player's claim",
        // Namwon–Gwangju is 4 spaces.
        "Ada: 3 red cards do not pay for `namwon-gwangju` (4 red spaces)",
        // 4 + 1 cards, + 2: spot 7.
        "Ada: 5 cards and Express +2 reach spot 7 of the red line, not 8",
        "Ada: cards of orange and white for `gunsan-jeonju`: a claim is paid in one colour and locomotives, and so are the extra cards played for the mat",
        "Ada: no Express +4 card; a player's Express cards are +1, +2, +3",
        "`cards` are the cards played for a claim: say its `route` too",
        "Ada: no card colour `gold`",
        "Bob: Express +1 spent on two mat trains; each Express card is spent once a game",
        // 2 cards reach spot 2, free at the end: a train goes lower only when its spot is taken.
        "Bob: 2 cards reach spot 2 of the white line, which holds no train: the train goes on the spot its cards reach, or the first free one below when that is taken",
        "Bob: a second mat train from `gwangju-mokpo`; a claim puts one train on the mat at most",
    ] {
        assert!(flat.contains(wanted), "no {wanted:?} in\n{err}");
    }
    for code in [
        "position-claim",
        "position-unknown",
        "position-limit",
        "position-format",
    ] {
        assert!(err.contains(code), "no {code} in\n{err}");
    }
    // Bob's first train is right (3 cards + 1 = spot 4), and the gray route's blue one: no
    // problem is reported at either.
    assert!(!err.contains("spot 4 of the red line"), "{err}");
    assert!(!err.contains("blue line"), "{err}");
}

#[test]
fn bad_festival_cards_are_refused() {
    let err = refused(
        "score-iberia",
        "iberia.toml",
        "[[player]]\n\
         name = \"Ada\"\n\
         festivals = { sevila = 3, valencia = 5, madrid = -1 }\n\
         [[player]]\n\
         name = \"Bob\"\n\
         festivals = { valencia = 4 }\n",
    );
    for wanted in [
        "Ada: no festival `sevila` on this map; did you mean 'sevilla'?",
        // Valencia has 8 cards on this map: 5 with Ada leave 3.
        "Bob: 4 valencia cards, but the game has 8 (3 left after the players before)",
        "a festival's cards are a count",
    ] {
        assert!(err.contains(wanted), "no {wanted:?} in\n{err}");
    }
    let (code, _, err) = score_usa(
        "[[player]]\nfestivals = { sevilla = 1 }\n[[player]]\n",
        "human",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("the map has no festivals"), "{err}");
}

/// Iberia (seeds/000): a claim of a route into a festival city may take the cards laid there,
/// from one city only when both ends hold a festival (Porto and Coimbra share one pile). A
/// player's `festival_takes` say which claim took which city's cards; they must be the
/// player's claims into that city, one take a claim, and add up to the `festivals` held.
/// Ada: 2 + 1 Sevilla cards taken, but 4 held. Bob: 1 Valencia card taken and held, 2
/// Sevilla taken and none held. Cara holds by her takes alone: 8 Valencia cards, and Bob's 1
/// leaves 7 of the 8.
#[test]
fn festival_takes_are_checked_against_their_claims() {
    let err = refused(
        "score-iberia-takes",
        "iberia.toml",
        "[[player]]\n\
         name = \"Ada\"\n\
         routes = [\"sevilla-cadiz\", \"sevilla-malaga\"]\n\
         festivals = { sevilla = 4 }\n\
         festival_takes = [\n\
           { route = \"sevilla-cadiz\", city = \"sevilla\", cards = 2 },\n\
           { route = \"sevilla-cadiz\", city = \"cadiz\", cards = 1 },\n\
           { route = \"sevilla-malaga\", city = \"malaga\", cards = 1 },\n\
           { route = \"sevilla-faro\", city = \"sevilla\", cards = 1 },\n\
           { route = \"sevilla-malaga\", city = \"valencia\", cards = 1 },\n\
           { route = \"sevilla-malaga\", city = \"sevilla\", cards = 0 },\n\
           { route = \"sevilla-malaga\", cards = 1 },\n\
         ]\n\
         [[player]]\n\
         name = \"Bob\"\n\
         routes = [\"teruel-valencia\", \"cordoba-sevilla\"]\n\
         festivals = { valencia = 1 }\n\
         festival_takes = [{ route = \"teruel-valencia\", city = \"valencia\", cards = 1 }, { route = \"cordoba-sevilla\", city = \"sevilla\", cards = 2 }]\n\
         [[player]]\n\
         name = \"Cara\"\n\
         routes = [\"valencia-alicante\"]\n\
         festival_takes = [{ route = \"valencia-alicante\", city = \"valencia\", cards = 8 }]\n",
    );
    let flat = err
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for wanted in [
        "Ada: a second take from `sevilla-cadiz`; a claim takes the cards of one festival city at most",
        "Ada: `malaga` holds no festival",
        "Ada: a take from `sevilla-faro`, a route Ada did not claim; festival cards are taken with a claim into their city",
        "Ada: `sevilla-malaga` does not end in `valencia`; a claim takes the cards laid at one of its ends",
        "a take's `cards` are a count: 1 to 1000",
        "missing key `city`",
        "Ada: 4 sevilla cards in `festivals`, but 2 taken in `festival_takes`",
        "Bob: 0 sevilla cards in `festivals`, but 2 taken in `festival_takes`",
        "Cara: 8 valencia cards, but the game has 8 (7 left after the players before)",
    ] {
        assert!(flat.contains(wanted), "no {wanted:?} in\n{err}");
    }
    assert!(!err.contains("Bob: 1 valencia"), "{err}");
    let (code, _, err) = score_usa(
        "[[player]]\nfestival_takes = [{ route = \"denver-omaha\", city = \"denver\", cards = 1 }]\n[[player]]\n",
        "human",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("the map has no festivals"), "{err}");
}

/// France (seeds/001): a bed is built by a track piece of its length, whose colour it takes;
/// a claimed bed's piece goes back to the supply; only one lane of a double or triple may be
/// built with 2 or 3 players; a bed built or claimed cuts the routes across it. `built` says
/// which beds a player built, in which colour. Here Ada's yellow 5-piece went back when she
/// claimed Grenoble–Marseille, so Bob could build Cherbourg–Le Mans with it (the game has 1
/// yellow piece of length 5); the red one lies on Lyon–Rodez. The position scores as without
/// `built`: a route scores by its length, whatever its colour.
#[test]
fn built_track_beds_are_checked_and_change_no_score() {
    let players = |built: bool| {
        let b = |text: &'static str| if built { text } else { "" };
        format!(
            "[[player]]\nname = \"Ada\"\nroutes = [\"grenoble-marseille\", \"amiens-rouen\"]\n{}\
             [[player]]\nname = \"Bob\"\nroutes = [\"angers-le-mans\"]\n{}",
            b(
                "built = [{ route = \"grenoble-marseille\", color = \"yellow\" }, { route = \"lyon-rodez\", color = \"red\" }]\n"
            ),
            b("built = [{ route = \"cherbourg-le-mans\", color = \"yellow\" }]\n"),
        )
    };
    let dir = TempDir::new("score-france");
    let mut out = Vec::new();
    for built in [true, false] {
        let file = dir.0.join(format!("position-{built}.toml"));
        let map = root().join("maps").join("france.toml");
        let text = format!("map = {:?}\n{}", map.display().to_string(), players(built));
        std::fs::write(&file, text).unwrap();
        let (code, json, err) = score(&[file.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, Some(0), "{err}");
        out.push(json);
    }
    assert_eq!(out[0], out[1]);
}

/// France's `built` refused where no game builds so (see above).
#[test]
fn bad_built_track_beds_are_refused() {
    let err = refused(
        "score-france-bad",
        "france.toml",
        "[[player]]\n\
         name = \"Ada\"\n\
         routes = [\"grenoble-marseille\", \"rouen-saint-malo\", { route = \"dijon-paris\", lane = 1 }]\n\
         built = [\n\
           { route = \"grenoble-marseille\", color = \"yellow\" },\n\
           { route = \"amiens-rouen\", color = \"red\" },\n\
           { route = \"lyon-rodez\", color = \"gray\" },\n\
           { route = \"dijon-paris\", lane = 1, color = \"red\" },\n\
           { route = \"dijon-paris\", color = \"blue\" },\n\
           { route = \"lyon-rodez\", color = \"red\" },\n\
           { route = \"le-mans-lorient\", color = \"red\" },\n\
         ]\n\
         [[player]]\n\
         name = \"Bob\"\n\
         routes = [\"angers-le-mans\"]\n\
         built = [\n\
           { route = \"lyon-rodez\", color = \"blue\" },\n\
           { route = \"avignon-nice\", color = \"blue\" },\n\
           { route = \"dijon-paris\", lane = 4, color = \"red\" },\n\
           { route = \"brest-rennes\" },\n\
         ]\n",
    );
    let flat = err
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for wanted in [
        "Ada: `amiens-rouen` is no track bed: it can be claimed from the start, without a build",
        "Ada: no gray track piece of length 5 in the game, for `lyon-rodez`; the pieces of length 5: red, orange, yellow, green, blue, pink, white, black",
        // 2 players: one lane of the triple Dijon–Paris may be built.
        "Ada: a second lane of `dijon-paris` built, but with 2 players 1 of its lanes may be built",
        // Lyon–Rodez and Le Mans–Lorient unclaimed, both red, length 5: the game has 1.
        "Ada: 2 red pieces of length 5 lie on beds nobody claimed, but the game has 1",
        "Ada: `rouen-saint-malo` is a track bed that no `built` names; a bed is claimed only once built",
        "Bob: `lyon-rodez` is built already (by Ada): a bed lane is built once",
        "Bob: the bed `avignon-nice` crosses `grenoble-marseille`, built or claimed too",
        "Bob: lane 4 of `dijon-paris`: the route has 3 lanes, numbered from 1",
        "missing key `color`",
    ] {
        assert!(flat.contains(wanted), "no {wanted:?} in\n{err}");
    }
    for code in ["position-track", "position-limit", "position-lane"] {
        assert!(err.contains(code), "no {code} in\n{err}");
    }
    let (code, _, err) = score_usa(
        "[[player]]\nbuilt = [{ route = \"denver-omaha\", color = \"red\" }]\n[[player]]\n",
        "human",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("the map has no track beds"), "{err}");
}

/// A position on the USA map in a temporary folder, removed when the returned guard drops.
fn usa_position(text: &str) -> (TempDir, PathBuf) {
    let dir = TempDir::new("score");
    let file = dir.0.join("position.toml");
    let map = root().join("maps").join("usa.toml");
    std::fs::write(
        &file,
        format!("map = {:?}\n{text}", map.display().to_string()),
    )
    .unwrap();
    (dir, file)
}

/// Scores a USA position; (exit code, stdout, stderr).
fn score_usa(text: &str, format: &str) -> (Option<i32>, String, String) {
    let (_dir, file) = usa_position(text);
    score(&[file.to_str().unwrap(), "--format", format])
}

fn fails_with(tag: &str, text: &str, wanted: &[&str]) {
    let (code, _, err) = score_usa(text, "human");
    assert_eq!(code, Some(1), "{tag}: {err}");
    for w in wanted {
        assert!(err.contains(w), "{tag}: no {w:?} in\n{err}");
    }
}

#[test]
fn bad_positions_exit_1_with_a_clear_error() {
    let two = |a: &str, b: &str| format!("[[player]]\n{a}\n[[player]]\n{b}\n");
    fails_with(
        "unknown",
        &two("routes = [\"denver-omha\"]", ""),
        &[
            "unknown route `denver-omha`",
            "help: did you mean 'denver-omaha'?",
        ],
    );
    fails_with(
        "twice",
        &two(
            "routes = [{ route = \"new-york-boston\", lane = 1 }]",
            "routes = [{ route = \"boston-new-york\", lane = 1 }, { route = \"boston-new-york\", lane = 1 }]",
        ),
        &["lane 1 is claimed twice"],
    );
    // 6 + 6 + 6 + 6 + 6 + 6 + 6 + 6 = 48 > 45 trains.
    fails_with(
        "trains",
        &two(
            "routes = [\"calgary-winnipeg\", \"duluth-helena\", \"duluth-toronto\", \"el-paso-houston\", \
             \"el-paso-los-angeles\", \"helena-seattle\", \"miami-new-orleans\", \"portland-salt-lake-city\"]",
            "",
        ),
        &["the routes use 48 trains but a player has only 45"],
    );
    // Five players so that both lanes of a double route are open.
    let five = "players = 5\n[[player]]\nroutes = [{ route = \"boston-new-york\", lane = 1 }, { route = \"boston-new-york\", lane = 2 }]\n[[player]]\n[[player]]\n[[player]]\n[[player]]\n";
    fails_with(
        "both-lanes",
        five,
        &["on two lanes of route `boston-new-york`"],
    );
    fails_with(
        "double-two-players",
        &two(
            "routes = [{ route = \"boston-new-york\", lane = 1 }]",
            "routes = [{ route = \"boston-new-york\", lane = 2 }]",
        ),
        &["only 1 may be used with 2 players"],
    );
    fails_with(
        "field",
        &two("rotues = []", ""),
        &["unknown key `rotues`", "did you mean 'routes'?"],
    );
    fails_with(
        "ticket",
        &two("tickets = [\"boston-maimi\"]", ""),
        &[
            "unknown ticket `boston-maimi`",
            "did you mean 'boston-miami'?",
        ],
    );
    fails_with(
        "players",
        &format!("players = 3\n{}", two("", "")),
        &["players = 3 but the position has 2 [[player]] tables"],
    );
}

/// Every problem of every player in one run, each with the file, line and column of what
/// it is about, through the same report renderer as `check`.
#[test]
fn every_problem_at_once_with_its_line_and_column() {
    let text = "\
[[player]]
name = \"Ada\"
routes = [\"denver-omha\", { route = \"portland-san-francisco\", lane = 0 }]
tickets = [\"boston-maimi\"]
[[player]]
name = \"Bob\"
routes = [{ route = \"denver-helena\", lane = 3 }, \"omaha-denvr\"]
tickets = [\"denver-el-paso\", \"nowhere-at-all\"]
";
    let (code, out, err) = score_usa(text, "human");
    assert_eq!(code, Some(1), "{err}");
    assert!(out.is_empty(), "{out}");
    // Line 1 is `map = ...`: Ada's routes are on line 4, Bob's on line 8.
    for wanted in [
        "position.toml:4:11]",
        "Ada: unknown route `denver-omha`",
        "position.toml:4:69]",
        "lane 0: lanes are numbered from 1; route `portland-san-francisco` has 2",
        "position.toml:5:12]",
        "Ada: unknown ticket `boston-maimi`",
        "position.toml:8:45]",
        "lane 3: route `denver-helena` has 1 lane",
        "position.toml:8:50]",
        "Bob: unknown route `omaha-denvr`",
        "did you mean 'denver-omaha'?",
        "position.toml:9:30]",
        "Bob: unknown ticket `nowhere-at-all`",
        "6 errors",
    ] {
        assert!(err.contains(wanted), "no {wanted:?} in\n{err}");
    }
    // The excerpt is underlined, as `check` does.
    assert!(err.contains("───"), "{err}");
}

#[test]
fn problems_as_json_carry_lines_and_columns() {
    let text = "[[player]]\nroutes = [\"denver-omha\"]\n[[player]]\ntickets = [\"boston-maimi\"]\n";
    let (code, out, err) = score_usa(text, "json");
    assert_eq!(code, Some(1), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect(&out);
    let found: Vec<(i64, i64, &str)> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["line"].as_i64().unwrap(),
                d["column"].as_i64().unwrap(),
                d["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (3, 11, "player 1: unknown route `denver-omha`"),
            (5, 12, "player 2: unknown ticket `boston-maimi`"),
        ]
    );
}

/// A ticket or route may be written from either end: `miami-boston` is Boston–Miami.
#[test]
fn either_direction_of_a_route_or_ticket_is_accepted() {
    let forward = "[[player]]\nroutes = [\"denver-omaha\", { route = \"portland-san-francisco\", lane = 2 }]\n\
                   tickets = [\"boston-miami\", \"denver–el-paso\"]\n[[player]]\n";
    let reversed = "[[player]]\nroutes = [\"omaha-denver\", { route = \"san-francisco-portland\", lane = 2 }]\n\
                    tickets = [\"miami-boston\", \"el-paso-denver\"]\n[[player]]\n";
    for format in ["human", "json"] {
        let (code, a, err) = score_usa(forward, format);
        assert_eq!(code, Some(0), "{err}");
        let (code, b, err) = score_usa(reversed, format);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(a, b);
    }
    // The breakdown names the route and the ticket as the board and the card print them.
    let (_, out, _) = score_usa(reversed, "human");
    assert!(out.contains("Denver – Omaha"), "{out}");
    assert!(out.contains("Boston – Miami"), "{out}");
}

/// Lanes out of range, negative or beyond any integer: plain words, never a serde message.
#[test]
fn lane_problems_are_phrased_plainly() {
    let text = "[[player]]\nroutes = [\
                { route = \"portland-san-francisco\", lane = -1 }, \
                { route = \"boston-new-york\", lane = 3 }, \
                { route = \"denver-omaha\", lane = 99999999999999999999 }, \
                { route = \"calgary-seattle\", lane = 1.5 }]\n[[player]]\n";
    let (code, _, err) = score_usa(text, "human");
    assert_eq!(code, Some(1), "{err}");
    for wanted in [
        "lane -1: lanes are numbered from 1; route `portland-san-francisco` has 2",
        "lane 3: route `boston-new-york` has 2 lanes",
        "lane 99999999999999999999: route `denver-omaha` has no such lane; lanes are numbered from 1",
        "a lane is a whole number",
        "4 errors",
    ] {
        assert!(err.contains(wanted), "no {wanted:?} in\n{err}");
    }
    assert!(!err.contains("untagged"), "{err}");
}

/// The shape of the file: wrong types and unknown keys anywhere, each located, all at once.
#[test]
fn format_problems_are_all_located() {
    let text = "mode = 3\n[[player]]\nroutes = \"denver-omaha\"\n\
                stations = [{ town = \"denver\" }]\n[[player]]\nname = \"Bob\"\ntikets = []\n";
    let (code, _, err) = score_usa(text, "human");
    assert_eq!(code, Some(1), "{err}");
    for wanted in [
        "position.toml:2:8]",
        "`mode` must be a string",
        "position.toml:4:10]",
        "`routes` must be an array",
        "position.toml:5:15]",
        "unknown key `town`",
        "missing key `city`",
        "position.toml:8:1]",
        "unknown key `tikets`",
        "did you mean 'tickets'?",
    ] {
        assert!(err.contains(wanted), "no {wanted:?} in\n{err}");
    }
}

#[test]
fn a_position_that_is_not_toml_is_located() {
    let (code, _, err) = score_usa("[[player]\n", "human");
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("toml-syntax"), "{err}");
    assert!(err.contains("position.toml:2:"), "{err}");
}

/// A game the map cannot set up is located at what the position said: its mode, its player
/// count, or its map (a rule no module plays, with how to leave it out).
#[test]
fn setup_problems_point_at_what_the_position_said() {
    let castilla = root().join("maps/castilla.toml");
    let cases = [
        (
            "mode = \"capitalz\"\n[[player]]\n[[player]]\n",
            "2:8]",
            "unknown; the map has normal, capitals",
        ),
        ("players = 1\n[[player]]\n", "2:11]", "1 players"),
        (
            "mode = \"capitals\"\n[[player]]\n[[player]]\n",
            "1:7]",
            "without = [",
        ),
    ];
    for (rest, at, wanted) in cases {
        let dir = TempDir::new("score-setup");
        let file = dir.0.join("position.toml");
        std::fs::write(
            &file,
            format!("map = {:?}\n{rest}", castilla.display().to_string()),
        )
        .unwrap();
        let (code, _, err) = score(&[file.to_str().unwrap()]);
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("position-game"), "{err}");
        assert!(
            err.contains(&format!("position.toml:{at}")),
            "no {at} in\n{err}"
        );
        assert!(err.contains(wanted), "no {wanted:?} in\n{err}");
    }
}

/// Every code a position problem can have is explained by `ttrmap explain`.
#[test]
fn position_codes_are_explained() {
    for (code, _) in ttrmap::engine::position::CODES {
        let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
            .args(["explain", code])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{code}");
        assert!(
            String::from_utf8_lossy(&out.stdout).starts_with(code),
            "{code}"
        );
    }
}

#[test]
fn missing_files_exit_2() {
    let (code, _, err) = score(&["tests/fixtures/positions/no-such.toml"]);
    assert_eq!(code, Some(2), "{err}");
    let (_dir, file) = usa_position("");
    std::fs::write(&file, "map = \"nowhere.toml\"\n[[player]]\n[[player]]\n").unwrap();
    let (code, _, err) = score(&[file.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("cannot read map"), "{err}");
}

/// On played games: the score the engine kept while playing is the scoring of the final
/// position; the route lines add up to the route points; the stations' best choice scores
/// at least as many ticket points as borrowing nothing; naming that choice scores the same.
#[test]
fn detailed_scores_of_played_games_are_consistent() {
    for (map, players) in [("usa", 3), ("europe", 3), ("india", 2), ("switzerland", 2)] {
        let loaded = ttrmap::load::load_path(&root().join(format!("maps/{map}.toml"))).unwrap();
        let game = Game::new(loaded.map.as_ref().unwrap(), players, None).unwrap();
        let mut finished = 0;
        for i in 0..25 {
            let mut bots: Vec<Box<dyn ttrmap::bots::Bot>> = (0..players)
                .map(|_| Box::new(ttrmap::bots::RandomBot) as Box<dyn ttrmap::bots::Bot>)
                .collect();
            let state =
                ttrmap::playtest::play_game(&game, &mut bots, ttrmap::playtest::game_seed(5, i));
            let Some(result) = &state.result else {
                continue;
            };
            finished += 1;
            let detailed = score_detailed(&game, &state, &[]);
            for (p, (e, d)) in result.iter().zip(&detailed).enumerate() {
                assert_eq!(
                    (e.total, e.tickets, e.bonuses, e.winner),
                    (d.total, d.ticket_points, d.bonus_points, d.winner),
                    "{map} game {i}"
                );
                let lines: i32 = d.routes.iter().map(|r| r.points).sum();
                assert_eq!(lines, state.players[p].route_points, "{map} game {i}");
            }
            let nothing: Vec<Vec<Borrow>> = detailed
                .iter()
                .map(|d| vec![Borrow::Nothing; d.stations.len()])
                .collect();
            for (best, bare) in detailed.iter().zip(score_detailed(&game, &state, &nothing)) {
                assert!(best.ticket_points >= bare.ticket_points, "{map} game {i}");
            }
            // Naming each station's best choice gives the same result.
            let named: Vec<Vec<Borrow>> = detailed
                .iter()
                .map(|d| {
                    d.stations
                        .iter()
                        .map(|s| s.borrowed.map_or(Borrow::Nothing, Borrow::Route))
                        .collect()
                })
                .collect();
            let again = score_detailed(&game, &state, &named);
            assert_eq!(
                again.iter().map(|d| d.total).collect::<Vec<_>>(),
                detailed.iter().map(|d| d.total).collect::<Vec<_>>()
            );
        }
        assert!(finished >= 20, "{map}: only {finished} games finished");
    }
}

/// Old West positions that no game could end in: each problem located, every one reported.
#[test]
fn bad_old_west_markers_and_alvin_are_refused() {
    let err = refused(
        "score-west",
        "old-west.toml",
        "[[player]]\n\
         name = \"Ada\"\n\
         markers = [\"roswell\", \"salt-lake-city\", { city = \"st-george\", after = [\"denver-pueblo\"] }]\n\
         alvin = { captures = 0, holds = true }\n\
         [[player]]\n\
         name = \"Bob\"\n\
         markers = [\"salt-lake-city\", \"a\", \"b\", \"c\"]\n\
         alvin = { captures = 1 }\n",
    );
    for wanted in [
        // Roswell is Alvin's city, played here (a player says how Alvin went).
        "Ada: no marker may go in `roswell`",
        "Ada: `denver-pueblo` does not end in `st-george`",
        "Ada: holds Alvin but never captured him",
        "Bob: 4 markers but a player has 3",
    ] {
        assert!(err.contains(wanted), "no {wanted:?} in\n{err}");
    }
    // A second marker in a city, and Alvin on a map without him.
    let err = refused(
        "score-west-2",
        "old-west.toml",
        "[[player]]\nmarkers = [\"salt-lake-city\"]\n[[player]]\nmarkers = [\"salt-lake-city\"]\n",
    );
    assert!(
        err.contains("`salt-lake-city` already has a marker (player 1)"),
        "{err}"
    );
    let (code, _, err) = score_usa(
        "[[player]]\nalvin = { captures = 1 }\n[[player]]\n",
        "human",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("Alvin is not played"), "{err}");
}

/// Nordic writes Helsinki–Stockholm as two routes of one `parallel_group` (seed 003: a
/// double route whose lanes differ). The engine treats a group as one double route: one
/// player never holds two of its lanes, and below the double-route player count (3 on
/// Nordic) only one lane of the group is used. `ttrmap score` refuses positions the engine
/// could not reach, naming both routes (exit 1), and accepts one lane each at 3 players.
#[test]
fn positions_keep_parallel_groups_to_the_double_route_rules() {
    let dir = TempDir::new("score-parallel");
    let file = dir.0.join("position.toml");
    let map = root().join("maps").join("nordic-countries.toml");
    let run = |players: &[&str]| {
        let mut text = format!("map = {:?}\n", map.display().to_string());
        for routes in players {
            text.push_str(&format!("[[player]]\nroutes = [{routes}]\n"));
        }
        std::fs::write(&file, text).unwrap();
        let (code, out, err) = score(&[file.to_str().unwrap()]);
        // Messages wrap at the terminal width: compare them unwrapped.
        let err = err.replace('│', " ");
        (
            code,
            out,
            err.split_whitespace().collect::<Vec<_>>().join(" "),
        )
    };
    let one = "\"helsinki-stockholm-1\"";
    let two = "\"helsinki-stockholm-2\"";
    // One player on both routes of the group, at 3 players.
    let both = format!("{one}, {two}");
    let (code, _, err) = run(&[&both, "", ""]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("player 1: on `helsinki-stockholm-1` and `helsinki-stockholm-2`"),
        "{err}"
    );
    // Two players, one lane each, at 2 players: the group has one usable lane.
    let (code, _, err) = run(&[one, two]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("`helsinki-stockholm-1` and `helsinki-stockholm-2`: 2 lanes claimed"),
        "{err}"
    );
    assert!(err.contains("only 1 may be used with 2 players"), "{err}");
    // The same at 3 players is a legal position.
    let (code, _, err) = run(&[one, two, ""]);
    assert_eq!(code, Some(0), "{err}");
}

/// Issue 41, item 13: positions no Old West game can reach were scored: a route not joined to
/// its owner's network from the starting city (every claim must touch it), a marker in a city
/// none of the player's routes reach, and two players of one name (the score names them).
#[test]
fn old_west_networks_markers_and_names_are_checked() {
    let err = refused(
        "score-west-network",
        "old-west.toml",
        "[[player]]\n\
         name = \"Ada\"\n\
         routes = [\"grand-junction-salt-lake-city\", \"albuquerque-durango\"]\n\
         markers = [\"salt-lake-city\", \"denver\"]\n\
         [[player]]\n\
         name = \"Ada\"\n\
         routes = [\"flagstaff-st-george\"]\n\
         markers = [\"flagstaff\"]\n",
    );
    for wanted in [
        "Ada: route `albuquerque-durango` is not joined to their network from `salt-lake-city`",
        "Ada: a marker in `denver`, which their network from `salt-lake-city` does not reach",
        "two players are named `Ada`",
    ] {
        assert!(err.contains(wanted), "no {wanted:?} in\n{err}");
    }
}

/// Issue 41, item 14: a per-claim technology of `value = 0` was described as scoring 1 a
/// claim (the check read `value.max(1)`); it scores nothing, so any points from it are refused
/// as such, and 0 points are accepted.
#[test]
fn a_technology_worth_nothing_a_claim_says_so() {
    let dir = TempDir::new("score-uk-zero");
    let uk = std::fs::read_to_string(root().join("maps/uk.toml"))
        .unwrap()
        .replace("../schemas/", "");
    let from = "effect = \"points-per-route\"\nvalue = 1\n";
    assert!(uk.contains(from));
    std::fs::write(
        dir.0.join("uk0.toml"),
        uk.replacen(from, "effect = \"points-per-route\"\nvalue = 0\n", 1),
    )
    .unwrap();
    let file = dir.0.join("position.toml");
    for (points, ok) in [(1, false), (0, true)] {
        std::fs::write(
            &file,
            format!(
                "map = \"uk0.toml\"\n[[player]]\nname = \"Ada\"\nroutes = [\"london-reading\"]\n\
                 technologies = [\"boiler-lagging\"]\n\
                 technology_points = {{ boiler-lagging = {points} }}\n[[player]]\nname = \"Bob\"\n"
            ),
        )
        .unwrap();
        let (code, _, err) = score(&[file.to_str().unwrap()]);
        if ok {
            assert_eq!(code, Some(0), "{err}");
        } else {
            assert_eq!(code, Some(1), "{err}");
            assert!(
                err.contains("1 points from Boiler Lagging, which scores nothing a claim"),
                "{err}"
            );
        }
    }
}

/// `ttrmap score` reads a gamble's `ties` and `when_best_is_zero` from the map as the engine
/// does. Ada holds Risky Contracts (20); nobody completes a ticket (both counts 0). The
/// shipped reading (`nobody`): nobody has the most of nothing, Ada -20. `tied`: Ada and Bob
/// are tied at 0, and `ties = "win"` gives her +20, `ties = "lose"` -20.
#[test]
fn score_reads_a_gambles_ties_and_zero_from_the_map() {
    let dir = TempDir::new("score-uk-gamble");
    let uk = std::fs::read_to_string(root().join("maps/uk.toml"))
        .unwrap()
        .replace("../schemas/", "");
    // The shipped map writes its reading on the card (Risky Contracts comes first).
    let card = "ties = \"win\"\nwhen_best_is_zero = \"nobody\"\n";
    assert!(uk.contains(&format!("value = 20\n{}", "# The card")) && uk.contains(card));
    let file = dir.0.join("position.toml");
    for (reading, ada) in [
        ("", -20), // the engine's default
        ("when_best_is_zero = \"nobody\"\n", -20),
        ("when_best_is_zero = \"tied\"\nties = \"win\"\n", 20),
        ("when_best_is_zero = \"tied\"\nties = \"lose\"\n", -20),
    ] {
        std::fs::write(dir.0.join("uk-gamble.toml"), uk.replacen(card, reading, 1)).unwrap();
        std::fs::write(
            &file,
            "map = \"uk-gamble.toml\"\n[[player]]\nname = \"Ada\"\n\
             technologies = [\"risky-contracts\"]\n[[player]]\nname = \"Bob\"\n",
        )
        .unwrap();
        let (code, out, err) = score(&[file.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, Some(0), "{reading}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!(totals(&v), vec![ada, 0], "{reading}");
    }
}

/// `ttrmap score` keeps Penzance–Plymouth (2 spaces; a 3-space ferry) to the map's
/// `rules.lanes.unequal_parallel` as the engine plays it. At 2 players (the UK's doubles
/// open from 3), Ada on the land route and Bob on the ferry: `separate` (the map's reading)
/// scores it, 2 + 4 = 6 route points between them; `double` refuses it (one lane of a double
/// in all at 2 players), as it refuses Ada on both.
#[test]
fn score_reads_whether_unequal_parallel_routes_are_a_double() {
    let dir = TempDir::new("score-uk-parallel");
    let uk = std::fs::read_to_string(root().join("maps/uk.toml"))
        .unwrap()
        .replace("../schemas/", "");
    let line = "lanes = { unequal_parallel = \"separate\" }\n";
    assert!(uk.contains(line));
    let file = dir.0.join("position.toml");
    let techs = "technologies = [\"propellers\", \"mechanical-stoker\"]\n";
    let (one, two) = ("\"penzance-plymouth-1\"", "\"penzance-plymouth-2\"");
    for (reading, ada, bob, wanted) in [
        ("separate", one, two, None),
        ("double", one, two, Some("2 lanes claimed")),
        ("separate", &*format!("{one}, {two}"), "", None),
        (
            "double",
            &*format!("{one}, {two}"),
            "",
            Some("a player may claim only one of its lanes"),
        ),
    ] {
        std::fs::write(
            dir.0.join("uk-parallel.toml"),
            uk.replacen(
                line,
                &format!("lanes = {{ unequal_parallel = \"{reading}\" }}\n"),
                1,
            ),
        )
        .unwrap();
        std::fs::write(
            &file,
            format!(
                "map = \"uk-parallel.toml\"\n[[player]]\nname = \"Ada\"\nroutes = [{ada}]\n{techs}\
                 [[player]]\nname = \"Bob\"\nroutes = [{bob}]\n{techs}"
            ),
        )
        .unwrap();
        let (code, out, err) = score(&[file.to_str().unwrap(), "--format", "json"]);
        let case = format!("{reading}: Ada [{ada}], Bob [{bob}]");
        match wanted {
            None => {
                assert_eq!(code, Some(0), "{case}: {err}");
                let v: serde_json::Value = serde_json::from_str(&out).expect("json");
                assert_eq!(totals(&v).iter().sum::<i64>(), 2 + 4, "{case}");
            }
            Some(wanted) => {
                assert_eq!(code, Some(1), "{case}: {err}");
                // Problems as JSON on stdout with `--format json`.
                assert!(out.contains(wanted), "{case}: {out}");
            }
        }
    }
}

/// Old West: a marker placed between the claims of a double's two lanes takes the points of
/// the later lane only (the markers in place at a claim decide who scores it), and a
/// position says so with `after = [{ route, lane }]`. Four players: Ada starts in Grand
/// Junction, claims Grand Junction–St. George (4 spaces, 7 points) and then puts her marker
/// in St. George, after Bob (starting in Salt Lake City) claimed lane 1 of Salt Lake
/// City–St. George (4 spaces) and before Cy (starting in Las Vegas) claimed Las Vegas–St.
/// George (2 spaces) and lane 2.
/// - Ada: Grand Junction–St. George 7 (her start; St. George came after) + Las Vegas–St.
///   George 2 (her St. George marker) + lane 2 7 = 16.
/// - Bob: lane 1 7 (Salt Lake City; St. George had no marker yet) + lane 2 7 = 14.
/// - Cy: Las Vegas–St. George 2 (his start), lane 2 nothing (both ends held) = 2. Di: 0.
///
/// Naming the whole route in `after` gives Ada neither lane (9); naming nothing gives her
/// both (23).
#[test]
fn old_west_marker_after_one_lane_of_a_double() {
    let position = |after: &str| {
        format!(
            "[[player]]\nname = \"Ada\"\nroutes = [\"grand-junction-st-george\"]\n\
             markers = [\"grand-junction\", {{ city = \"st-george\", after = [\"grand-junction-st-george\"{after}] }}]\n\
             [[player]]\nname = \"Bob\"\nroutes = [{{ route = \"salt-lake-city-st-george\", lane = 1 }}]\n\
             markers = [\"salt-lake-city\"]\n\
             [[player]]\nname = \"Cy\"\n\
             routes = [\"las-vegas-st-george\", {{ route = \"salt-lake-city-st-george\", lane = 2 }}]\n\
             markers = [\"las-vegas\"]\n\
             [[player]]\nname = \"Di\"\nmarkers = [\"denver\"]\n"
        )
    };
    let scored = |after: &str| -> Vec<i64> {
        let dir = TempDir::new("score-lane-after");
        let file = dir.0.join("position.toml");
        let map = root().join("maps").join("old-west.toml");
        std::fs::write(
            &file,
            format!("map = {:?}\n{}", map.display().to_string(), position(after)),
        )
        .unwrap();
        let (code, out, err) = score(&[file.to_str().unwrap(), "--format", "json"]);
        assert_eq!(code, Some(0), "{err}");
        totals(&serde_json::from_str(&out).expect("json"))
    };
    assert_eq!(
        scored(", { route = \"salt-lake-city-st-george\", lane = 1 }"),
        [16, 14, 2, 0]
    );
    assert_eq!(scored(", \"salt-lake-city-st-george\""), [9, 14, 2, 0]);
    assert_eq!(scored(""), [23, 14, 2, 0]);
}

/// A lane `after` a marker must be one of the route's lanes.
#[test]
fn a_marker_after_a_lane_the_route_lacks_is_refused() {
    let err = refused(
        "score-lane-after-bad",
        "old-west.toml",
        "[[player]]\nroutes = [\"grand-junction-st-george\"]\n\
         markers = [\"grand-junction\", { city = \"st-george\", after = [{ route = \"salt-lake-city-st-george\", lane = 3 }] }]\n\
         [[player]]\nmarkers = [\"denver\"]\n",
    );
    assert!(err.contains("lane 3"), "{err}");
    assert!(err.contains("2 lanes"), "{err}");
}
