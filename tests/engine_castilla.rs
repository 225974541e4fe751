//! Castilla y León's scoring modules (punctuation cards, triple destinations scored by the
//! trains used) and Legendary Asia's most-connected-cities bonus, on positions set up by
//! hand; the arithmetic is in the comments.
//!
//! Rule facts (Castilla rule text, `/work/shared/seeds/002_*.txt`, as encoded in
//! `src/presets/castilla.toml`): TRANSBORDOMAN and TUNELMAN 5 points for the most routes
//! with transbordos (ferries) / tunnels, INTERRAIL 10 for the longest path, TICKETMAN 15 for
//! the most completed tickets, each tied player scoring these four in full; CAPITALMAN 10
//! (most capitals reached), CAPITALTICKETMAN 15 (most completed capitals tickets),
//! SUPERCAPITALMAN 21 (all nine capitals), SUPERCAPITALTICKETMAN 27 (completed tickets
//! starting or ending in all nine), divided among tied players rounding down (the seed's
//! table: 5, 7, 10, 13 between two; 3, 5, 7, 9 between three); the SUPER cards' winner does
//! not also win CAPITALMAN / CAPITALTICKETMAN. A tunnel scores one point more than a plain
//! route of its length; Europe's table 1, 2, 4, 7 for 1..4 spaces; 3 stations, 4 points
//! each unused. Triple destinations: the trains of the shortest connection built, at least
//! the printed value, at most twice it (the seed's León–Palencia–Burgos example: 8 printed,
//! 11 trains used scores 11).

use crate::common::engine as engine_common;

use std::path::Path;
use std::process::Command;
use ttrmap::engine::position::{blank_position, build_station};
use ttrmap::engine::scoring::{BonusLine, DetailedScore, score_detailed};
use ttrmap::engine::{EngineError, Game, NOBODY, State};
use ttrmap::model::{MapFile, ReplacedAward};

const MYSTERY_TRAIN: &str = "mechanics.mystery_train";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Castilla without the Mystery Train (its effects are not public).
fn castilla_game(map: &MapFile, players: u8, mode: &str) -> Game {
    Game::new_without(map, players, Some(mode), &[MYSTERY_TRAIN.to_string()]).expect("playable")
}

/// Gives player `p` the first free lane of each route.
fn claim(game: &Game, state: &mut State, p: usize, routes: &[&str]) {
    for id in routes {
        let route = game
            .routes
            .iter()
            .find(|r| r.id == *id)
            .unwrap_or_else(|| panic!("no route {id}"));
        let first = route.first_lane as usize;
        let lane = (first..first + route.lane_count as usize)
            .find(|&l| state.lane_owner()[l] == NOBODY)
            .unwrap_or_else(|| panic!("no free lane on {id}"));
        state.assign_lane(game, lane, p as u8);
    }
}

fn give_tickets(game: &Game, state: &mut State, p: usize, labels: &[&str]) {
    for label in labels {
        let t = game
            .tickets
            .iter()
            .position(|t| t.label == *label)
            .unwrap_or_else(|| panic!("no ticket {label}"));
        state.players[p].tickets.push(t as u16);
    }
}

fn city(game: &Game, id: &str) -> u16 {
    game.city_ids.iter().position(|c| c == id).expect("city") as u16
}

/// Player `d`'s line of the bonus whose name starts with `label`.
fn line<'a>(game: &Game, d: &'a DetailedScore, label: &str) -> &'a BonusLine {
    d.bonuses
        .iter()
        .find(|l| {
            game.mechanics.modules[l.mechanic]
                .name()
                .starts_with(&format!("{label} "))
        })
        .unwrap_or_else(|| panic!("no {label} line"))
}

/// (measure, points) of bonus `label` for every player.
fn bonus(game: &Game, scores: &[DetailedScore], label: &str) -> Vec<(u32, i32)> {
    scores
        .iter()
        .map(|d| {
            let l = line(game, d, label);
            (l.measure, l.points)
        })
        .collect()
}

/// Every total is the sum of its lines.
fn assert_sums(scores: &[DetailedScore]) {
    for d in scores {
        let bonus: i32 = d.bonuses.iter().map(|l| l.points).sum();
        assert_eq!(d.bonus_points, bonus);
        let tickets: i32 = d.tickets.iter().map(|t| t.points).sum();
        assert_eq!(d.ticket_points, tickets);
        assert_eq!(
            d.total,
            d.route_points + d.ticket_points + d.station_points + d.bonus_points
        );
    }
}

#[test]
fn castilla_is_refused_only_for_the_mystery_train() {
    let map = engine_common::map_file("castilla.toml");
    // Each mode at a player count it is made for (Total: 5 to 7).
    for (mode, players) in [("normal", 3), ("capitals", 3), ("total", 5)] {
        match Game::new(&map, players, Some(mode)) {
            Err(EngineError::Unsupported(rules)) => {
                assert_eq!(rules.len(), 1, "{mode}: {rules:?}");
                assert!(rules[0].contains(MYSTERY_TRAIN), "{mode}: {rules:?}");
            }
            other => panic!("{mode}: expected a refusal, got {other:?}"),
        }
        let game = castilla_game(&map, players, mode);
        let names: Vec<String> = game.mechanics.modules.iter().map(|m| m.name()).collect();
        assert!(
            names.iter().any(|n| n.contains("trains used")),
            "{mode}: {names:?}"
        );
    }
    // Total plays all eight punctuation cards.
    let total = castilla_game(&map, 5, "total");
    let cards = [
        "TRANSBORDOMAN",
        "TUNELMAN",
        "INTERRAIL",
        "TICKETMAN",
        "CAPITALMAN",
        "CAPITALTICKETMAN",
        "SUPERCAPITALMAN",
        "SUPERCAPITALTICKETMAN",
    ];
    for card in cards {
        assert!(
            total
                .mechanics
                .modules
                .iter()
                .any(|m| m.name().starts_with(&format!("{card} "))),
            "{card} missing"
        );
    }
}

#[test]
fn legendary_asia_plays_with_its_mountains_and_its_explorer_bonus() {
    let map = engine_common::map_file("legendary-asia.toml");
    let game = Game::new(&map, 2, None).expect("every rule of the map is played");
    let names: Vec<String> = game.mechanics.modules.iter().map(|m| m.name()).collect();
    assert!(
        names.iter().any(|n| n.starts_with("mountains")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n.starts_with("Asian Explorer")),
        "{names:?}"
    );
}

#[test]
fn transbordoman_and_tunelman_count_routes_and_share_ties() {
    let map = engine_common::map_file("castilla.toml");
    let game = castilla_game(&map, 3, "normal");
    let mut s = blank_position(&game);
    // Ada: two transbordo routes (León–Riaño, Riaño–Guardo) and two tunnels (León–Guardo,
    // Guardo–Aguilar de Campoo).
    claim(
        &game,
        &mut s,
        0,
        &[
            "leon-riano",
            "riano-guardo",
            "leon-guardo",
            "guardo-aguilar-de-campoo",
        ],
    );
    // Bob: two transbordo routes, no tunnel.
    claim(
        &game,
        &mut s,
        1,
        &["ponferrada-villablino", "ponferrada-puebla-de-sanabria"],
    );
    // Cy: one tunnel.
    claim(&game, &mut s, 2, &["ponferrada-astorga"]);
    let scores = score_detailed(&game, &s, &[]);
    // Transbordos 2, 2, 0: Ada and Bob tie and each scores the full 5.
    assert_eq!(
        bonus(&game, &scores, "TRANSBORDOMAN"),
        [(2, 5), (2, 5), (0, 0)]
    );
    // Tunnels 2, 0, 1: Ada alone.
    assert_eq!(bonus(&game, &scores, "TUNELMAN"), [(2, 5), (0, 0), (1, 0)]);
    // Ada's routes: 3 spaces 4, 2 spaces 2, a 3-space tunnel 4 + 1 = 5, a 2-space tunnel
    // 2 + 1 = 3: 14.
    assert_eq!(scores[0].route_points, 14);
    // Nobody completed a ticket: TICKETMAN goes to nobody.
    assert_eq!(bonus(&game, &scores, "TICKETMAN"), [(0, 0), (0, 0), (0, 0)]);
    assert_sums(&scores);
}

#[test]
fn capitalman_counts_capitals_reached_and_divides_ties() {
    let map = engine_common::map_file("castilla.toml");
    let game = castilla_game(&map, 3, "capitals");
    let mut s = blank_position(&game);
    // Ada reaches León, Palencia, Burgos, Soria (unconnected routes still arrive): 4.
    claim(
        &game,
        &mut s,
        0,
        &["leon-sahagun", "palencia-burgos", "soria-almazan"],
    );
    // Bob reaches Valladolid, Segovia, Ávila, Zamora: 4.
    claim(
        &game,
        &mut s,
        1,
        &["valladolid-segovia", "arevalo-avila", "zamora-toro"],
    );
    // Cy reaches Zamora and Salamanca: 2.
    claim(&game, &mut s, 2, &["zamora-salamanca"]);
    // A station is no arrival: Cy's in Soria does not count.
    build_station(&mut s, 2, city(&game, "soria"));
    let scores = score_detailed(&game, &s, &[]);
    // 10 between two, rounded down: 5 each.
    assert_eq!(
        bonus(&game, &scores, "CAPITALMAN"),
        [(4, 5), (4, 5), (2, 0)]
    );
    assert_eq!(
        bonus(&game, &scores, "SUPERCAPITALMAN"),
        [(4, 0), (4, 0), (2, 0)]
    );
    assert_sums(&scores);

    // Cy adds Soria and Segovia: 4 each, 10 among three = 3 each (the seed's 3 between
    // three).
    claim(&game, &mut s, 2, &["soria-agreda", "cuellar-segovia"]);
    let scores = score_detailed(&game, &s, &[]);
    assert_eq!(
        bonus(&game, &scores, "CAPITALMAN"),
        [(4, 3), (4, 3), (4, 3)]
    );
    assert_sums(&scores);
}

/// Ada reaches all nine capitals, Bob and Cy three each.
fn nine_capitals(game: &Game) -> State {
    let mut s = blank_position(game);
    claim(
        game,
        &mut s,
        0,
        &[
            "leon-sahagun",
            "palencia-burgos",
            "soria-almazan",
            "valladolid-segovia",
            "arevalo-avila",
            "zamora-salamanca",
        ],
    );
    // Bob: Valladolid, Ávila, Segovia.
    claim(
        game,
        &mut s,
        1,
        &["tordesillas-valladolid", "avila-segovia"],
    );
    // Cy: Zamora, Salamanca, Soria.
    claim(
        game,
        &mut s,
        2,
        &["zamora-toro", "salamanca-bejar", "soria-agreda"],
    );
    s
}

#[test]
fn supercapitalman_replaces_capitalman_for_its_winner() {
    let map = engine_common::map_file("castilla.toml");
    let game = castilla_game(&map, 3, "capitals");
    let s = nine_capitals(&game);
    let scores = score_detailed(&game, &s, &[]);
    // Ada alone reaches all nine: SUPERCAPITALMAN 21.
    assert_eq!(
        bonus(&game, &scores, "SUPERCAPITALMAN"),
        [(9, 21), (3, 0), (3, 0)]
    );
    // She has the most capitals (9) but does not also win CAPITALMAN: 0. By default
    // (`forfeit`) nobody else gets it either.
    assert_eq!(
        bonus(&game, &scores, "CAPITALMAN"),
        [(9, 0), (3, 0), (3, 0)]
    );
    assert_eq!(scores[0].bonus_points, 21);
    assert_sums(&scores);

    // `replaced_award = "next-best"`: CAPITALMAN among Bob and Cy, tied at 3: 10 / 2 = 5.
    let mut next_best = map.clone();
    for b in &mut next_best.rules.bonuses {
        if b.replaces.is_some() {
            b.replaced_award = ReplacedAward::NextBest;
        }
    }
    let game = castilla_game(&next_best, 3, "capitals");
    let scores = score_detailed(&game, &nine_capitals(&game), &[]);
    assert_eq!(
        bonus(&game, &scores, "CAPITALMAN"),
        [(9, 0), (3, 5), (3, 5)]
    );
    assert_sums(&scores);
}

#[test]
fn two_supercapitalmen_divide_it_and_neither_keeps_capitalman() {
    let map = engine_common::map_file("castilla.toml");
    let game = castilla_game(&map, 3, "capitals");
    let mut s = nine_capitals(&game);
    // Bob reaches the other six too: León, Palencia, Burgos, Soria, Zamora, Salamanca.
    claim(
        &game,
        &mut s,
        1,
        &[
            "leon-benavente",
            "valladolid-palencia",
            "aranda-de-duero-burgos",
            "el-burgo-de-osma-soria",
            "zamora-benavente",
            "salamanca-medina-del-campo",
        ],
    );
    let scores = score_detailed(&game, &s, &[]);
    // 21 between two, rounded down: 10 each (the seed's table).
    assert_eq!(
        bonus(&game, &scores, "SUPERCAPITALMAN"),
        [(9, 10), (9, 10), (3, 0)]
    );
    // CAPITALMAN would be 5 each; both are SUPERCAPITALMAN, so 0; Cy (3) is not the most.
    assert_eq!(
        bonus(&game, &scores, "CAPITALMAN"),
        [(9, 0), (9, 0), (3, 0)]
    );
    assert_sums(&scores);
}

#[test]
fn capitalticketman_counts_completed_capitals_tickets_and_divides_ties() {
    let map = engine_common::map_file("castilla.toml");
    let game = castilla_game(&map, 3, "capitals");
    let mut s = blank_position(&game);
    // Ada: Palencia–Burgos, Valladolid–Palencia, León–Sahagún–Palencia.
    claim(
        &game,
        &mut s,
        0,
        &[
            "palencia-burgos",
            "valladolid-palencia",
            "leon-sahagun",
            "sahagun-palencia",
        ],
    );
    give_tickets(&game, &mut s, 0, &["palencia–burgos", "leon–burgos"]);
    // Bob: Valladolid–Segovia–Ávila.
    claim(&game, &mut s, 1, &["valladolid-segovia", "avila-segovia"]);
    give_tickets(
        &game,
        &mut s,
        1,
        &["segovia–valladolid", "avila–valladolid"],
    );
    // Cy: Zamora–Salamanca, and a Soria–Salamanca ticket he fails.
    claim(&game, &mut s, 2, &["zamora-salamanca"]);
    give_tickets(&game, &mut s, 2, &["soria–salamanca"]);
    let scores = score_detailed(&game, &s, &[]);
    // Completed capitals tickets 2, 2, 0: 15 between two, rounded down: 7 each.
    assert_eq!(
        bonus(&game, &scores, "CAPITALTICKETMAN"),
        [(2, 7), (2, 7), (0, 0)]
    );
    // Ada's tickets: Palencia–Burgos +4, León–Burgos +6 = 10; Cy's −13.
    assert_eq!(scores[0].ticket_points, 10);
    assert_eq!(scores[2].ticket_points, -13);
    // Capitals reached: Ada Palencia, Burgos, Valladolid, León = 4; Bob Valladolid, Segovia,
    // Ávila = 3; Cy Zamora, Salamanca = 2: Ada's 10.
    assert_eq!(
        bonus(&game, &scores, "CAPITALMAN"),
        [(4, 10), (3, 0), (2, 0)]
    );
    // Tickets covering capitals: Ada Palencia, Burgos, León = 3; Bob Segovia, Valladolid,
    // Ávila = 3; nobody has all nine.
    assert_eq!(
        bonus(&game, &scores, "SUPERCAPITALTICKETMAN"),
        [(3, 0), (3, 0), (0, 0)]
    );
    assert_sums(&scores);
}

/// Ada completes tickets touching all nine capitals (one a triple); Bob two capitals tickets.
fn capitals_tickets_position(game: &Game) -> State {
    let mut s = blank_position(game);
    claim(
        game,
        &mut s,
        0,
        &[
            "leon-sahagun",
            "sahagun-osorno",
            "osorno-palencia",
            "osorno-burgos",
            "valladolid-palencia",
            "valladolid-segovia",
            "avila-segovia",
            "tordesillas-valladolid",
            "toro-tordesillas",
            "zamora-toro",
            "zamora-salamanca",
            "burgos-salas-de-los-infantes",
            "salas-de-los-infantes-soria",
        ],
    );
    give_tickets(
        game,
        &mut s,
        0,
        &[
            "soria–zamora",
            "leon–segovia–avila",
            "palencia–burgos",
            "valladolid–salamanca",
        ],
    );
    claim(
        game,
        &mut s,
        1,
        &[
            "leon-benavente",
            "sahagun-benavente",
            "sahagun-palencia",
            "zamora-benavente",
            "medina-de-rioseco-benavente",
            "valladolid-medina-de-rioseco",
        ],
    );
    give_tickets(game, &mut s, 1, &["leon–palencia", "valladolid–zamora"]);
    s
}

#[test]
fn supercapitalticketman_needs_every_capital_on_completed_tickets_and_replaces() {
    let map = engine_common::map_file("castilla.toml");
    let game = castilla_game(&map, 3, "capitals");
    let scores = score_detailed(&game, &capitals_tickets_position(&game), &[]);
    // Ada's completed tickets start or end in Soria, Zamora, León, Segovia, Ávila, Palencia,
    // Burgos, Valladolid, Salamanca: all nine, 27. Bob's: León, Palencia, Valladolid,
    // Zamora = 4.
    assert_eq!(
        bonus(&game, &scores, "SUPERCAPITALTICKETMAN"),
        [(9, 27), (4, 0), (0, 0)]
    );
    // Completed capitals tickets 4, 2, 0: Ada's CAPITALTICKETMAN is replaced (0) and, by
    // default, forfeited.
    assert_eq!(
        bonus(&game, &scores, "CAPITALTICKETMAN"),
        [(4, 0), (2, 0), (0, 0)]
    );
    // Her routes reach all nine capitals too: SUPERCAPITALMAN 21, CAPITALMAN 0.
    assert_eq!(
        bonus(&game, &scores, "SUPERCAPITALMAN"),
        [(9, 21), (4, 0), (0, 0)]
    );
    assert_eq!(bonus(&game, &scores, "CAPITALMAN")[0], (9, 0));
    // Ada's tickets: Soria–Zamora +12, Palencia–Burgos +4, Valladolid–Salamanca +5, and the
    // triple León–Segovia–Ávila (13) by the trains used: León–Sahagún 2, Sahagún–Osorno 2,
    // Osorno–Palencia 2, Palencia–Valladolid 2, Valladolid–Segovia 4, Segovia–Ávila 3 = 15
    // (within 13..26). 12 + 4 + 5 + 15 = 36.
    assert_eq!(scores[0].ticket_points, 36);
    assert_eq!(scores[0].bonus_points, 27 + 21);
    assert_sums(&scores);

    // `next-best`: CAPITALTICKETMAN goes to Bob (2 against Cy's 0), 15.
    let mut next_best = map.clone();
    for b in &mut next_best.rules.bonuses {
        b.replaced_award = ReplacedAward::NextBest;
    }
    let game = castilla_game(&next_best, 3, "capitals");
    let scores = score_detailed(&game, &capitals_tickets_position(&game), &[]);
    assert_eq!(
        bonus(&game, &scores, "CAPITALTICKETMAN"),
        [(4, 0), (2, 15), (0, 0)]
    );
    // Bob reaches 4 capitals, Cy none: CAPITALMAN to Bob, 10.
    assert_eq!(
        bonus(&game, &scores, "CAPITALMAN"),
        [(9, 0), (4, 10), (0, 0)]
    );
    assert_sums(&scores);
}

/// Player 0's points for the León–Palencia–Burgos ticket (printed 8) with these routes.
fn leon_palencia_burgos(map: &MapFile, ada: &[&str], bob: &[&str], station: bool) -> (i32, bool) {
    let game = castilla_game(map, 2, "capitals");
    let mut s = blank_position(&game);
    claim(&game, &mut s, 0, ada);
    claim(&game, &mut s, 1, bob);
    if station {
        build_station(&mut s, 0, city(&game, "burgos"));
    }
    give_tickets(&game, &mut s, 0, &["leon–palencia–burgos"]);
    let scores = score_detailed(&game, &s, &[]);
    assert_sums(&scores);
    let t = &scores[0].tickets[0];
    (t.points, t.completed)
}

const SHORTEST: [&str; 4] = [
    "leon-sahagun",
    "sahagun-osorno",
    "osorno-palencia",
    "osorno-burgos",
];
const LONGER: [&str; 4] = [
    "leon-sahagun",
    "sahagun-palencia",
    "palencia-aranda-de-duero",
    "aranda-de-duero-burgos",
];

#[test]
fn triple_destination_scores_the_trains_used_as_in_the_seed_example() {
    let map = engine_common::map_file("castilla.toml");
    // The shortest connection: 2 + 2 + 2 + 2 = 8 trains, the printed 8.
    assert_eq!(leon_palencia_burgos(&map, &SHORTEST, &[], false), (8, true));
    // The seed's longer one: León–Sahagún 2, Sahagún–Palencia 3, Palencia–Aranda de Duero
    // 3, Aranda de Duero–Burgos 3 = 11 trains: 11 points.
    assert_eq!(leon_palencia_burgos(&map, &LONGER, &[], false), (11, true));
    // Both built: only the shortest counts, 8.
    let both: Vec<&str> = SHORTEST.iter().chain(&LONGER[1..]).copied().collect();
    assert_eq!(leon_palencia_burgos(&map, &both, &[], false), (8, true));
    // Never more than twice the printed value: León–Benavente 3, Benavente–Medina de
    // Rioseco 3, Medina de Rioseco–Palencia 2, Palencia–Valladolid 2, Valladolid–Peñafiel 2,
    // Peñafiel–Aranda de Duero 2, Aranda de Duero–Burgos 3 = 17 trains, capped at 16.
    let long = [
        "leon-benavente",
        "medina-de-rioseco-benavente",
        "palencia-medina-de-rioseco",
        "valladolid-palencia",
        "valladolid-penafiel",
        "penafiel-aranda-de-duero",
        "aranda-de-duero-burgos",
    ];
    assert_eq!(leon_palencia_burgos(&map, &long, &[], false), (16, true));
    // Unfinished (Burgos not reached): minus the printed 8.
    assert_eq!(
        leon_palencia_burgos(&map, &SHORTEST[..3], &[], false),
        (-8, false)
    );
    // Completed through a station borrowing Bob's Osorno–Burgos: Ada's own trains do not
    // join Burgos, so the ticket scores its printed 8.
    assert_eq!(
        leon_palencia_burgos(&map, &SHORTEST[..3], &["osorno-burgos"], true),
        (8, true)
    );
    // `max_multiple = 1`: the 11-train connection scores at most 8.
    let mut capped = map.clone();
    capped.rules.tickets.multi_city_scoring.max_multiple = 1;
    assert_eq!(
        leon_palencia_burgos(&capped, &LONGER, &[], false),
        (8, true)
    );
}

#[test]
fn most_connected_cities_counts_the_largest_network() {
    let map = engine_common::map_file("legendary-asia.toml");
    let game = Game::new(&map, 2, None).expect("playable");
    let mut s = blank_position(&game);
    // Ada: Perm–Moscow–Astrakhan–Tbilisi (4 cities) and, apart, Peking–Shanghai (2): her
    // largest network has 4 cities (not 6).
    claim(
        &game,
        &mut s,
        0,
        &[
            "moscow-perm-1",
            "astrakhan-moscow",
            "astrakhan-tbilisi",
            "peking-shanghai",
        ],
    );
    // Bob: Baghdad–Tehran–Shiraz and Baghdad–Mecca: 4 cities.
    claim(
        &game,
        &mut s,
        1,
        &["baghdad-tehran", "baghdad-mecca", "shiraz-tehran"],
    );
    let scores = score_detailed(&game, &s, &[]);
    // Tied at 4: each scores the 10.
    assert_eq!(bonus(&game, &scores, "Asian Explorer"), [(4, 10), (4, 10)]);
    assert_sums(&scores);
    // Bob adds Ankara–Baghdad: 5 cities, alone.
    claim(&game, &mut s, 1, &["ankara-baghdad"]);
    let scores = score_detailed(&game, &s, &[]);
    assert_eq!(bonus(&game, &scores, "Asian Explorer"), [(4, 0), (5, 10)]);
    assert_sums(&scores);
}

#[test]
fn score_position_fixture_scores_without_the_mystery_train_and_is_refused_with_it() {
    let score = |file: &Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_ttrmap"))
            .args(["score", file.to_str().expect("utf-8"), "--format", "json"])
            .current_dir(root())
            .output()
            .expect("runs");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.code(), text)
    };
    // As written (`without = ["mechanics.mystery_train"]`): the hand-scored totals.
    let fixture = root().join("tests/fixtures/positions/castilla.toml");
    let (code, text) = score(&fixture);
    assert_eq!(code, Some(0), "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let totals: Vec<i64> = v["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["total"].as_i64().expect("total"))
        .collect();
    assert_eq!(totals, [58, 37]);
    // Without the `without` line, the map is refused naming the Mystery Train and nothing
    // else (the bonuses and triple destinations are played).
    let text = std::fs::read_to_string(&fixture).expect("fixture");
    let bare = std::env::temp_dir().join(format!(
        "ttrmap-castilla-mystery-{}.toml",
        std::process::id()
    ));
    let map = root().join("maps/castilla.toml");
    let text = text
        .replace("without = [\"mechanics.mystery_train\"]\n", "")
        .replace("../../../maps/castilla.toml", map.to_str().expect("utf-8"));
    std::fs::write(&bare, text).expect("temp position");
    let (code, text) = score(&bare);
    let _ = std::fs::remove_file(&bare);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains(MYSTERY_TRAIN), "{text}");
    assert!(!text.contains("multi_city_scoring"), "{text}");
    assert!(!text.contains("rules.bonuses"), "{text}");
}

/// The position fixture `tests/fixtures/positions/castilla.toml`, set up and scored through
/// the library (Castilla played without the Mystery Train).
#[test]
fn score_position_fixture_through_the_library() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/positions/castilla.toml"))
        .expect("fixture");
    let position: toml::Value = toml::from_str(&text).expect("toml");
    let map = engine_common::map_file("castilla.toml");
    let players = position["player"].as_array().expect("players");
    let mode = position["mode"].as_str().expect("mode");
    let game = castilla_game(&map, players.len() as u8, mode);
    let mut s = blank_position(&game);
    let strings = |v: Option<&toml::Value>| -> Vec<String> {
        v.and_then(toml::Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    for (p, player) in players.iter().enumerate() {
        let routes = strings(player.get("routes"));
        let routes: Vec<&str> = routes.iter().map(String::as_str).collect();
        claim(&game, &mut s, p, &routes);
        let tickets = strings(player.get("tickets"));
        let tickets: Vec<&str> = tickets.iter().map(String::as_str).collect();
        give_tickets(&game, &mut s, p, &tickets);
    }
    let scores = score_detailed(&game, &s, &[]);
    let (ada, bob) = (&scores[0], &scores[1]);
    // Ada's routes: León–Sahagún 2 (2), Sahagún–Palencia 3 (4), Palencia–Aranda de Duero 3
    // (4), Aranda de Duero–Burgos 3 (4), Valladolid–Palencia 2 (2) = 16.
    assert_eq!(ada.route_points, 16);
    // León–Palencia–Burgos by the trains used, the seed's 11; Palencia–Burgos +4: 15.
    let ticket_points: Vec<(i32, bool)> = ada
        .tickets
        .iter()
        .map(|t| (t.points, t.completed))
        .collect();
    assert_eq!(ticket_points, [(11, true), (4, true)]);
    // Bob's routes: Zamora–Salamanca 3 (4), Ávila–Segovia a 3-space tunnel (4 + 1),
    // Valladolid–Segovia 4 (7) = 16. Segovia–Valladolid +4, Valladolid–Salamanca −5 (his
    // Zamora–Salamanca is not joined to Valladolid): −1.
    assert_eq!(bob.route_points, 16);
    assert_eq!(bob.ticket_points, -1);
    // Capitals reached: Ada León, Palencia, Burgos, Valladolid = 4; Bob Zamora, Salamanca,
    // Ávila, Segovia, Valladolid = 5: CAPITALMAN to Bob. Completed capitals tickets 2 and 1:
    // CAPITALTICKETMAN to Ada. No SUPER card.
    assert_eq!(bonus(&game, &scores, "CAPITALMAN"), [(4, 0), (5, 10)]);
    assert_eq!(bonus(&game, &scores, "CAPITALTICKETMAN"), [(2, 15), (1, 0)]);
    assert_eq!(bonus(&game, &scores, "SUPERCAPITALMAN"), [(4, 0), (5, 0)]);
    assert_eq!(
        bonus(&game, &scores, "SUPERCAPITALTICKETMAN"),
        [(3, 0), (2, 0)]
    );
    // Three unused stations each: 12. Ada 16 + 15 + 12 + 15 = 58; Bob 16 − 1 + 12 + 10 = 37.
    let totals: Vec<i32> = scores.iter().map(|d| d.total).collect();
    assert_eq!(totals, [58, 37]);
    assert!(ada.winner && !bob.winner);
    assert_sums(&scores);
}

/// Random games of Castilla in every mode finish, and their scores keep the modules' rules:
/// totals are sums of lines, a completed triple destination scores between its printed
/// value and twice it, and no SUPER card's winner also scores the card it replaces.
#[test]
fn random_castilla_games_keep_the_scoring_rules() {
    use ttrmap::bots::{Bot, RandomBot};
    use ttrmap::engine::Goal;
    use ttrmap::playtest::{game_seed, play_game};
    let map = engine_common::map_file("castilla.toml");
    let mut triples_completed = 0;
    for (mode, players) in [("normal", 3u8), ("capitals", 2), ("total", 5)] {
        let game = castilla_game(&map, players, mode);
        let id = |label: &str| {
            game.mechanics
                .modules
                .iter()
                .position(|m| m.name().starts_with(&format!("{label} ")))
        };
        let pairs = [
            (id("SUPERCAPITALMAN"), id("CAPITALMAN")),
            (id("SUPERCAPITALTICKETMAN"), id("CAPITALTICKETMAN")),
        ];
        for i in 0..30 {
            let mut bots: Vec<Box<dyn Bot>> =
                (0..players).map(|_| Box::new(RandomBot) as _).collect();
            let state = play_game(&game, &mut bots, game_seed(7, i));
            assert!(
                state.result.is_some(),
                "{mode} game {i}: {:?}",
                state.failure
            );
            let scores = score_detailed(&game, &state, &[]);
            assert_sums(&scores);
            for d in &scores {
                for t in &d.tickets {
                    if let Goal::Multi(_, printed) = &game.tickets[t.ticket as usize].goal {
                        if t.completed {
                            triples_completed += 1;
                            assert!(
                                (*printed..=2 * printed).contains(&t.points),
                                "{mode} game {i}: {} for printed {printed}",
                                t.points
                            );
                        } else {
                            assert_eq!(t.points, -printed);
                        }
                    }
                }
                for (sup, replaced) in pairs {
                    let (Some(sup), Some(replaced)) = (sup, replaced) else {
                        continue;
                    };
                    let points = |m: usize| {
                        d.bonuses
                            .iter()
                            .find(|l| l.mechanic == m)
                            .map_or(0, |l| l.points)
                    };
                    assert!(
                        !(points(sup) > 0 && points(replaced) > 0),
                        "{mode} game {i}"
                    );
                }
            }
        }
    }
    // The random games did complete some triple destinations (the check above ran).
    assert!(triples_completed > 0);
}

/// `routes.counts_as_ferry` decides what TRANSBORDOMAN counts (it defaults to `ferry > 0`):
/// the same position as above scored with the transbordos marked as not counting, and with
/// Cy's tunnel marked as counting.
#[test]
fn transbordoman_counts_what_counts_as_ferry_says() {
    let mut map = engine_common::map_file("castilla.toml");
    let position = |map: &MapFile| {
        let game = castilla_game(map, 3, "normal");
        let mut s = blank_position(&game);
        claim(
            &game,
            &mut s,
            0,
            &["leon-riano", "riano-guardo", "leon-guardo"],
        );
        claim(
            &game,
            &mut s,
            1,
            &["ponferrada-villablino", "ponferrada-puebla-de-sanabria"],
        );
        claim(&game, &mut s, 2, &["ponferrada-astorga"]);
        bonus(&game, &score_detailed(&game, &s, &[]), "TRANSBORDOMAN")
    };
    // By default: transbordos 2, 2, 0; Ada and Bob tie for the full 5.
    assert_eq!(position(&map), [(2, 5), (2, 5), (0, 0)]);
    // Bob's Ponferrada–Villablino does not count: 2, 1, 0, Ada alone.
    let at = |map: &MapFile, id: &str| map.routes.iter().position(|r| r.id() == id).expect(id);
    let villablino = at(&map, "ponferrada-villablino");
    map.routes[villablino].counts_as_ferry = Some(false);
    assert_eq!(position(&map), [(2, 5), (1, 0), (0, 0)]);
    // Cy's tunnel Ponferrada–Astorga counts too: 2, 1, 1, Ada alone still.
    let astorga = at(&map, "ponferrada-astorga");
    map.routes[astorga].counts_as_ferry = Some(true);
    assert_eq!(position(&map), [(2, 5), (1, 0), (1, 0)]);
    // No route counts: nobody has one, nobody scores.
    for r in &mut map.routes {
        r.counts_as_ferry = Some(false);
    }
    assert_eq!(position(&map), [(0, 0), (0, 0), (0, 0)]);
}

/// The bots' question "does a module pay this player for the number of tickets it
/// completes": TICKETMAN (the most completed tickets) in the Normal mode, CAPITALTICKETMAN
/// (the most completed capitals tickets) in the Capitals mode, which has no TICKETMAN;
/// USA and Europe (only a longest-path bonus) have neither.
#[test]
fn ticketman_and_capitalticketman_reward_completed_tickets() {
    let map = engine_common::map_file("castilla.toml");
    for mode in ["normal", "capitals"] {
        let game = castilla_game(&map, 2, mode);
        let s = blank_position(&game);
        for p in 0..2 {
            assert!(
                game.mechanics.reward_completed_tickets(&game, &s, p),
                "{mode}"
            );
        }
    }
    // Capitals mode without CAPITALTICKETMAN (and so without the bonus replacing it):
    // no module rewards the count any more.
    let without = [
        MYSTERY_TRAIN.to_string(),
        "rules.bonuses.capitalticketman".to_string(),
        "rules.bonuses.supercapitalticketman".to_string(),
    ];
    let game = Game::new_without(&map, 2, Some("capitals"), &without).expect("playable");
    assert!(
        !game
            .mechanics
            .reward_completed_tickets(&game, &blank_position(&game), 0)
    );
    for file in ["usa.toml", "europe.toml"] {
        let game = Game::new(&engine_common::map_file(file), 2, None).expect("playable");
        let s = blank_position(&game);
        assert!(
            !game.mechanics.reward_completed_tickets(&game, &s, 0),
            "{file}"
        );
    }
}
