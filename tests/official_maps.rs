//! Every official map in `maps/` loads with no diagnostics, and its counts equal the reference
//! numbers. Each expected number is written here from `reference-data/SOURCES.md` (the
//! "Counts" of each map) or, where SOURCES.md gives none, counted from the map's CSV files;
//! the comment beside each map says which.

use crate::common::engine as engine_common;

use std::collections::BTreeMap;
use std::path::Path;
use ttrmap::stats::{Stats, compute};

/// What a map must count. `None` = the sources give no number to compare with.
struct Expected {
    file: &'static str,
    cities: usize,
    zones: usize,
    zone_endpoints: usize,
    lanes: usize,
    spaces: u32,
    tunnels: usize,
    ferries: usize,
    track_beds: usize,
    tickets_by_deck: &'static [(&'static str, u32)],
    /// Colour → spaces, when the sources give them.
    spaces_by_color: Option<&'static [(&'static str, u32)]>,
    /// Colour → lanes, when the sources give them.
    lanes_by_color: Option<&'static [(&'static str, u32)]>,
}

const EIGHT_COLORS: [&str; 8] = [
    "red", "orange", "yellow", "green", "blue", "pink", "white", "black",
];

const MAPS: &[Expected] = &[
    // SOURCES.md usa/: 36 cities, 100 routes, 309 spaces, 44 gray + 7 of each colour, 30 base
    // tickets plus 35 USA 1910 and 34 "mega" ones. The issue: 27 spaces in each colour and 93
    // gray.
    Expected {
        file: "usa.toml",
        cities: 36,
        zones: 0,
        zone_endpoints: 0,
        lanes: 100,
        spaces: 309,
        tunnels: 0,
        ferries: 0,
        track_beds: 0,
        tickets_by_deck: &[("base", 30), ("usa1910", 35), ("usa1910-mega", 34)],
        spaces_by_color: Some(&[
            ("red", 27),
            ("orange", 27),
            ("yellow", 27),
            ("green", 27),
            ("blue", 27),
            ("pink", 27),
            ("white", 27),
            ("black", 27),
            ("gray", 93),
        ]),
        lanes_by_color: Some(&[
            ("red", 7),
            ("orange", 7),
            ("yellow", 7),
            ("green", 7),
            ("blue", 7),
            ("pink", 7),
            ("white", 7),
            ("black", 7),
            ("gray", 44),
        ]),
    },
    // SOURCES.md europe/: 47 cities, 101 routes, 300 spaces, 18 tunnels, 13 ferries, 40 regular
    // + 6 long tickets.
    Expected {
        file: "europe.toml",
        cities: 47,
        zones: 0,
        zone_endpoints: 0,
        lanes: 101,
        spaces: 300,
        tunnels: 18,
        ferries: 13,
        track_beds: 0,
        tickets_by_deck: &[("base-regular", 40), ("base-long", 6)],
        spaces_by_color: None,
        lanes_by_color: None,
    },
    // SOURCES.md nordic-countries/: 39 cities, 81 routes, 207 spaces, 10 tunnels, 24 ferries,
    // 46 tickets.
    Expected {
        file: "nordic-countries.toml",
        cities: 39,
        zones: 0,
        zone_endpoints: 0,
        lanes: 81,
        spaces: 207,
        tunnels: 10,
        ferries: 24,
        track_beds: 0,
        tickets_by_deck: &[("base", 46)],
        spaces_by_color: None,
        lanes_by_color: None,
    },
    // SOURCES.md switzerland/: 34 cities, 4 countries, 17 endpoints, 88 routes, 205 spaces,
    // 42 tunnels, 46 ticket cards (42 distinct, the 4 country-to-country cards twice).
    Expected {
        file: "switzerland.toml",
        cities: 34,
        zones: 4,
        zone_endpoints: 17,
        lanes: 88,
        spaces: 205,
        tunnels: 42,
        ferries: 0,
        track_beds: 0,
        tickets_by_deck: &[("base", 46)],
        spaces_by_color: None,
        lanes_by_color: None,
    },
    // SOURCES.md india/: 39 cities, 108 routes, 238 spaces, 8 ferries, 58 tickets. The issue:
    // 20 spaces in each colour; the remaining 78 are gray (238 − 8 × 20).
    Expected {
        file: "india.toml",
        cities: 39,
        zones: 0,
        zone_endpoints: 0,
        lanes: 108,
        spaces: 238,
        tunnels: 0,
        ferries: 8,
        track_beds: 0,
        tickets_by_deck: &[("base", 58)],
        spaces_by_color: Some(&[
            ("red", 20),
            ("orange", 20),
            ("yellow", 20),
            ("green", 20),
            ("blue", 20),
            ("pink", 20),
            ("white", 20),
            ("black", 20),
            ("gray", 78),
        ]),
        lanes_by_color: None,
    },
    // SOURCES.md pennsylvania/: 34 cities, Ontario with 2 endpoints, 95 routes, 321 spaces,
    // 50 tickets.
    Expected {
        file: "pennsylvania.toml",
        cities: 34,
        zones: 1,
        zone_endpoints: 2,
        lanes: 95,
        spaces: 321,
        tunnels: 0,
        ferries: 0,
        track_beds: 0,
        tickets_by_deck: &[("base", 50)],
        spaces_by_color: None,
        lanes_by_color: None,
    },
    // SOURCES.md france/: 42 cities, 6 countries, 159 routes, 417 spaces, 122 track beds,
    // 5 ferries, 58 tickets. Endpoints (18) counted from france/cities.csv.
    Expected {
        file: "france.toml",
        cities: 42,
        zones: 6,
        zone_endpoints: 18,
        lanes: 159,
        spaces: 417,
        tunnels: 0,
        ferries: 5,
        track_beds: 122,
        tickets_by_deck: &[("base", 58)],
        spaces_by_color: None,
        lanes_by_color: None,
    },
    // SOURCES.md old-west/: 41 cities, 139 routes, 364 spaces, 51 tickets (one more than the
    // published 50; see the map's comment).
    Expected {
        file: "old-west.toml",
        cities: 41,
        zones: 0,
        zone_endpoints: 0,
        lanes: 139,
        spaces: 364,
        tunnels: 0,
        ferries: 0,
        track_beds: 0,
        tickets_by_deck: &[("base", 51)],
        spaces_by_color: None,
        lanes_by_color: None,
    },
    // SOURCES.md legendary-asia/: 39 cities, 101 routes, 270 spaces, 15 ferries, 30 regular +
    // 6 long tickets.
    Expected {
        file: "legendary-asia.toml",
        cities: 39,
        zones: 0,
        zone_endpoints: 0,
        lanes: 101,
        spaces: 270,
        tunnels: 0,
        ferries: 15,
        track_beds: 0,
        tickets_by_deck: &[("base-regular", 30), ("base-long", 6)],
        spaces_by_color: None,
        lanes_by_color: None,
    },
    // SOURCES.md germany/: 35 cities, 5 countries, 14 endpoints, 110 routes, 313 spaces (BGA),
    // no tickets.
    Expected {
        file: "germany.toml",
        cities: 35,
        zones: 5,
        zone_endpoints: 14,
        lanes: 110,
        spaces: 313,
        tunnels: 0,
        ferries: 0,
        track_beds: 0,
        tickets_by_deck: &[("base", 0)],
        spaces_by_color: None,
        lanes_by_color: None,
    },
    // SOURCES.md united-kingdom/: 46 cities, France (2 endpoints) and New York (off-board, 1),
    // 125 routes, 274 spaces, 30 routes with locomotive spaces, no tunnels, 57 tickets;
    // colours gray 40, orange 12, red 12, yellow 11, 10 each of the rest.
    Expected {
        file: "uk.toml",
        cities: 46,
        zones: 2,
        zone_endpoints: 3,
        lanes: 125,
        spaces: 274,
        tunnels: 0,
        ferries: 30,
        track_beds: 0,
        tickets_by_deck: &[("base", 57)],
        spaces_by_color: None,
        lanes_by_color: Some(&[
            ("red", 12),
            ("orange", 12),
            ("yellow", 11),
            ("green", 10),
            ("blue", 10),
            ("pink", 10),
            ("white", 10),
            ("black", 10),
            ("gray", 40),
        ]),
    },
];

fn stats_of(file: &str) -> Stats {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(file);
    let loaded = ttrmap::load::load_path(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    // A deck known to differ from the published count says so (Old West, tested below), and
    // Germany has no tickets: findings each map names in its `[lint.known]`.
    let known = &loaded.map.as_ref().expect("a model").lint.known;
    let unexpected: Vec<_> = loaded
        .diagnostics
        .iter()
        .filter(|d| !known.contains_key(d.code))
        .collect();
    assert!(
        unexpected.is_empty(),
        "{file} must load with no diagnostics: {unexpected:#?}"
    );
    compute(
        loaded
            .map
            .as_ref()
            .expect("a map without errors has a model"),
    )
}

fn table(pairs: &[(&str, u32)]) -> BTreeMap<String, u32> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

fn by_color(m: &BTreeMap<&'static str, u32>) -> BTreeMap<String, u32> {
    m.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

#[test]
fn every_official_map_matches_its_reference_counts() {
    for e in MAPS {
        let s = stats_of(e.file);
        let f = e.file;
        assert_eq!(s.cities, e.cities, "{f}: cities");
        assert_eq!(s.zones, e.zones, "{f}: zones");
        assert_eq!(s.zone_endpoints, e.zone_endpoints, "{f}: zone endpoints");
        assert_eq!(s.lanes, e.lanes, "{f}: lanes");
        assert_eq!(s.spaces, e.spaces, "{f}: spaces");
        assert_eq!(s.tunnels, e.tunnels, "{f}: tunnels");
        assert_eq!(s.ferries, e.ferries, "{f}: ferries");
        assert_eq!(s.track_beds, e.track_beds, "{f}: track beds");
        assert_eq!(
            s.tickets_by_deck,
            table(e.tickets_by_deck),
            "{f}: tickets by deck"
        );
        if let Some(colors) = e.spaces_by_color {
            assert_eq!(
                by_color(&s.spaces_by_color),
                table(colors),
                "{f}: spaces by colour"
            );
        }
        if let Some(colors) = e.lanes_by_color {
            assert_eq!(
                by_color(&s.lanes_by_color),
                table(colors),
                "{f}: lanes by colour"
            );
        }
    }
}

/// Maps in `maps/` authored from the rule texts rather than imported from reference data.
const SEED_RECONSTRUCTIONS: &[&str] = &["castilla.toml", "iberia.toml", "south-korea.toml"];

#[test]
fn every_map_in_the_folder_is_covered() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("maps/ exists")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        // The seed reconstructions have no reference data; tests/castilla.rs and
        // tests/seed_maps.rs check them against their rule texts instead.
        .filter(|n| !SEED_RECONSTRUCTIONS.contains(&n.as_str()))
        .collect();
    files.sort();
    let mut covered: Vec<String> = MAPS.iter().map(|e| e.file.to_string()).collect();
    covered.sort();
    assert_eq!(files, covered, "add the new map's reference counts to MAPS");
}

#[test]
fn usa_and_india_have_equal_colour_totals() {
    // The examples: every card colour has the same number of spaces.
    for (file, per_color) in [("usa.toml", 27), ("india.toml", 20)] {
        let s = stats_of(file);
        for c in EIGHT_COLORS {
            assert_eq!(s.spaces_by_color[c], per_color, "{file}: {c}");
        }
    }
}

#[test]
fn europe_long_deck_is_dealt_once_and_never_drawn() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/europe.toml");
    let loaded = ttrmap::load::load_path(&path).unwrap();
    let map = loaded.map.unwrap();
    let long = map.decks.iter().find(|d| d.id == "base-long").unwrap();
    assert_eq!(long.initial_deal, Some(1));
    assert!(!long.drawable);
    assert_eq!(long.size, Some(6));
}

#[test]
fn mechanics_match_their_sources() {
    // notes/missing-rule-data.md §6: 64 track pieces, 8 per colour.
    let france = engine_common::map_file("france.toml");
    let pieces = france
        .mechanics
        .track_pieces
        .expect("France has track pieces");
    assert_eq!(
        pieces.pieces.iter().map(|p| p.count as u32).sum::<u32>(),
        64
    );
    // §4: 47 technology cards, 41 basic.
    let uk = engine_common::map_file("uk.toml");
    let tech = uk.mechanics.technologies.expect("the UK has technologies");
    let total: u32 = tech.cards.iter().map(|c| c.copies as u32).sum();
    let basic: u32 = tech
        .cards
        .iter()
        .filter(|c| !c.advanced)
        .map(|c| c.copies as u32)
        .sum();
    assert_eq!((total, basic), (47, 41));
    // §5: Alvin starts in Roswell, where no marker may go; that is the variant's rule, so the
    // base game's markers forbid no city (the engine forbids Alvin's city when he plays).
    let west = engine_common::map_file("old-west.toml");
    assert_eq!(west.mechanics.alvin.expect("Alvin").start, "roswell");
    assert!(
        west.mechanics
            .city_markers
            .expect("markers")
            .forbidden
            .is_empty()
    );
    // SOURCES.md legendary-asia/: 30 routes (lanes) with X spaces, 22 with 1 and 8 with 2.
    let asia = engine_common::map_file("legendary-asia.toml");
    assert!(asia.mechanics.mountains.is_some());
    let mut by_count = BTreeMap::new();
    for r in &asia.routes {
        if r.mountains > 0 {
            *by_count.entry(r.mountains).or_insert(0) += r.lane_count() as u32;
        }
    }
    assert_eq!(by_count, BTreeMap::from([(1, 22), (2, 8)]));
    // SOURCES.md pennsylvania/: 89 routes (lanes) carry stock shares.
    let penn = engine_common::map_file("pennsylvania.toml");
    assert!(penn.mechanics.stock_shares.is_some());
    let with_shares: u32 = penn
        .routes
        .iter()
        .filter(|r| !r.stock_shares.is_empty())
        .map(|r| r.lane_count() as u32)
        .sum();
    assert_eq!(with_shares, 89);
}

/// Old West: the rules list 50 tickets and the only source 51, nobody knows which is extra;
/// the map keeps all 51 and `check` says so (a warning, not an error).
#[test]
fn old_west_check_says_its_deck_differs_from_the_published_count() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/old-west.toml");
    let loaded = ttrmap::load::load_path(&path).expect("readable");
    let found: Vec<(&str, String)> = loaded
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message.clone()))
        .collect();
    assert_eq!(
        found,
        [(
            "deck-published-size",
            "deck `base` holds 51 tickets but the published game has 50; which differs is not known"
                .to_string()
        )]
    );
    assert!(!loaded.has_errors());
}
