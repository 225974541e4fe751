//! The two seed maps reconstructed without public route data, `maps/iberia.toml` and
//! `maps/south-korea.toml`, must load cleanly and state every fact the rule text gives for
//! them. "Rule text" below is `seeds/000_f651c6958071f5a8.txt` (Map Collection 8 rulebook).

use std::collections::BTreeMap;
use std::path::Path;

use crate::common;
use ttrmap::model::{Color, MapFile, PassDirection, TicketDiscard, TicketShape};

/// Loads a shipped map and fails on any diagnostic, listing them all.
fn load_clean(file: &str) -> MapFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(file);
    let loaded = ttrmap::load::load_path(&path).expect("the map file is readable");
    let found: Vec<String> = loaded
        .diagnostics
        .iter()
        .map(|d| format!("{} {}: {}", d.code, d.severity.name(), d.message))
        .collect();
    assert!(found.is_empty(), "{file} has diagnostics: {found:#?}");
    loaded.map.expect("a map without diagnostics deserialises")
}

/// Every ticket joins two cities, is reachable, and is worth its shortest path in spaces
/// (how both reconstructions value tickets; the published values are not available).
fn assert_tickets_valued_at_shortest_path(map: &MapFile) {
    for t in &map.tickets {
        assert_eq!(t.shape(), Some(TicketShape::CityToCity), "{}", t.label());
        let (from, to) = (t.from.as_deref().unwrap(), t.to.as_deref().unwrap());
        let dist = common::shortest_spaces(map, from);
        let spaces = dist
            .get(to)
            .unwrap_or_else(|| panic!("ticket {} cannot be completed", t.label()));
        assert_eq!(
            t.points,
            Some(*spaces as i32),
            "ticket {} should be worth its shortest path",
            t.label()
        );
    }
}

fn ticket_cards(map: &MapFile) -> u32 {
    map.tickets.iter().map(|t| u32::from(t.copies)).sum()
}

/// Both maps are for 2-5 players (rule text: "designed for 2-5 players", each map), and
/// every route length scores.
fn assert_common(map: &MapFile) {
    assert_eq!((map.map.players.min, map.map.players.max), (2, 5));
    for r in &map.routes {
        assert!(
            map.rules.points_for_length(r.length).is_some(),
            "route {} of length {} has no score",
            r.id(),
            r.length
        );
    }
    // Rule text, both maps: no Globetrotter and no Longest Route bonus.
    assert!(map.rules.bonuses.is_empty());
    // Rule text, both maps: the opening draft deals 6, passes left, keeps exactly 4, and the
    // leftovers are shuffled back with the undealt tickets.
    let draft = map.rules.tickets.draft.expect("tickets are drafted");
    assert_eq!((draft.deal, draft.keep), (6, 4));
    assert_eq!(draft.pass, PassDirection::Left);
    assert_eq!(draft.leftovers, TicketDiscard::Shuffle);
}

#[test]
fn iberia_loads_without_diagnostics_and_keeps_the_rule_text_facts() {
    let map = load_clean("iberia.toml");
    assert_common(&map);
    // Rule text: "35 Trains per player" (from the `iberia` preset, not the map).
    for players in 2..=5 {
        assert_eq!(map.rules.trains_for(players), 35);
    }
    // Rule text, components: 50 Destination Ticket cards.
    assert_eq!(ticket_cards(&map), 50);
    assert_tickets_valued_at_shortest_path(&map);
}

#[test]
fn iberia_france_is_a_plain_city() {
    // Rule text: France follows no special rule and is a city for every purpose.
    let map = load_clean("iberia.toml");
    let france = map
        .cities
        .iter()
        .find(|c| c.id == "france")
        .expect("France is on the board");
    assert_eq!(france.zone, None);
    assert!(map.zones.is_empty(), "Iberia has no zones");
    assert!(
        map.routes
            .iter()
            .any(|r| r.from == "france" || r.to == "france"),
        "France is reachable by route"
    );
}

#[test]
fn iberia_festivals_match_the_rule_text() {
    let map = load_clean("iberia.toml");
    let festivals = map.mechanics.festivals.as_ref().expect("festival cards");
    // Rule text, components: 54 Festival cards.
    let total: u32 = festivals.groups.iter().map(|g| u32::from(g.cards)).sum();
    assert_eq!(total, 54);
    // Which cities hold festivals, their card counts and most chart values are placeholders.
    assert!(festivals.unverified);

    let group_of = |city: &str| {
        let id = map
            .cities
            .iter()
            .find(|c| c.id == city)
            .and_then(|c| c.festival.clone())
            .unwrap_or_else(|| panic!("{city} is a festival city"));
        festivals
            .groups
            .iter()
            .find(|g| g.id == id)
            .unwrap_or_else(|| panic!("festival `{id}` is defined"))
    };
    // Rule text: Porto and Coimbra share the same Festival cards.
    assert_eq!(group_of("porto").id, group_of("coimbra").id);
    let shared = map
        .cities
        .iter()
        .filter(|c| c.festival.as_deref() == Some(group_of("porto").id.as_str()))
        .count();
    assert_eq!(shared, 2, "only Porto and Coimbra hold their festival");

    // Rule text, scoring example: 3 Sevilla cards score 6, 7 Valencia cards score 22.
    // `chart[k-1]` is the score for k cards.
    let sevilla = group_of("sevilla");
    assert!(sevilla.cards >= 3);
    assert_eq!(sevilla.chart[2], 6);
    let valencia = group_of("valencia");
    assert!(valencia.cards >= 7);
    assert_eq!(valencia.chart[6], 22);
}

#[test]
fn iberia_ticket_draft_card_matches_the_rule_text() {
    let map = load_clean("iberia.toml");
    let card = map
        .mechanics
        .ticket_draft_card
        .as_ref()
        .expect("the Ticket Draft card");
    // Rule text, set-up: halfway down the deck with 2 players, two thirds with 3, three
    // quarters with 4 or 5.
    let depth: BTreeMap<u8, f64> = card.depth_by_players.clone();
    assert_eq!(depth.keys().copied().collect::<Vec<_>>(), vec![2, 3, 4, 5]);
    assert!((depth[&2] - 0.5).abs() < 1e-9);
    assert!((depth[&3] - 2.0 / 3.0).abs() < 1e-3);
    assert!((depth[&4] - 0.75).abs() < 1e-9);
    assert!((depth[&5] - 0.75).abs() < 1e-9);
    // Rule text: the second draft deals 6, passes right, keeps exactly 4; the leftovers go
    // under the ticket deck; ticket draws are closed until it has happened.
    assert_eq!((card.deal, card.keep), (6, 4));
    assert_eq!(card.pass, PassDirection::Right);
    assert_eq!(card.leftovers, TicketDiscard::Bottom);
    assert!(card.locks_ticket_draws);
}

#[test]
fn south_korea_loads_without_diagnostics_and_keeps_the_rule_text_facts() {
    let map = load_clean("south-korea.toml");
    assert_common(&map);
    // Rule text: "45 Train Cars per player".
    for players in 2..=5 {
        assert_eq!(map.rules.trains_for(players), 45);
    }
    // Rule text, components: 44 Destination Ticket cards.
    assert_eq!(ticket_cards(&map), 44);
    assert_tickets_valued_at_shortest_path(&map);
    // Rule text: a set of 3 Express Train cards per player, +1, +2 and +3.
    let express = map.mechanics.express_cards.as_ref().expect("express cards");
    assert_eq!(express.values, vec![1, 2, 3]);
}

#[test]
fn south_korea_province_mat_matches_the_rule_text() {
    let map = load_clean("south-korea.toml");
    let mat = map.mechanics.province_mat.as_ref().expect("province mat");
    // Rule text, Province Scoring card table: 2 players 10; 3: 10, 6; 4: 10, 6, 4;
    // 5: 10, 6, 4, 2.
    let expected: BTreeMap<u8, Vec<i32>> = [
        (2, vec![10]),
        (3, vec![10, 6]),
        (4, vec![10, 6, 4]),
        (5, vec![10, 6, 4, 2]),
    ]
    .into_iter()
    .collect();
    assert_eq!(mat.scoring, expected);
    // The spot values are a guess.
    assert!(mat.unverified);
    // Rule text: a train goes on the Line of the claimed route's colour, so every card colour
    // on the board needs its line (gray routes choose any line).
    for r in &map.routes {
        for c in r.lane_colors() {
            if c != Color::Gray {
                assert!(
                    mat.lines.iter().any(|l| l.color == c),
                    "no province line for {c} (route {})",
                    r.id()
                );
            }
        }
    }
    // Rule text, example: 5 cards plus the +1 Express card put a train on spot #6 of the
    // white line.
    let white = mat
        .lines
        .iter()
        .find(|l| l.color == Color::White)
        .expect("a white line");
    assert!(white.spots.contains(&6));
}

#[test]
fn south_korea_has_the_rule_text_example_route() {
    // Rule text, example: Namwon to Jinju is claimed with 4 white cards and 1 locomotive, so
    // it is a white route of 5 spaces.
    let map = load_clean("south-korea.toml");
    let route = map
        .routes
        .iter()
        .find(|r| {
            (r.from == "namwon" && r.to == "jinju") || (r.from == "jinju" && r.to == "namwon")
        })
        .expect("a Namwon-Jinju route");
    assert_eq!(route.length, 5);
    assert_eq!(route.lane_colors(), vec![Color::White]);
    assert_eq!(
        route.ferry, 0,
        "no locomotive is required, one is played as a wild"
    );
}
