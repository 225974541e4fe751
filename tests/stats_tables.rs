//! The design tables of `ttrmap stats` (colour × length, degrees, ticket lengths by reach,
//! busiest routes), checked against the counts published in `notes/design-heuristics.md` §1.1
//! and §1.2 for USA and Europe, and against hand counts on a small board.

use crate::common;

use std::path::Path;
use ttrmap::stats::{Tables, tables};

fn load(text_or_map: &str) -> ttrmap::model::MapFile {
    let loaded = if text_or_map.contains('\n') {
        ttrmap::load::load_str("inline.toml", text_or_map)
    } else {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(format!("{text_or_map}.toml"));
        ttrmap::load::load_path(&path).expect("readable")
    };
    assert!(!loaded.has_errors(), "{:#?}", loaded.diagnostics);
    loaded.map.expect("loaded")
}

fn shares_in_percent(t: &Tables) -> Vec<u32> {
    t.ticket_lengths
        .shares
        .iter()
        .map(|s| (s * 100.0).round() as u32)
        .collect()
}

#[test]
fn usa_matches_the_published_degrees_bins_and_colour_profiles() {
    let t = tables(&load("usa"));
    // §1.1: degree 2 / 4.33 / 7.
    assert_eq!((t.degrees.min, t.degrees.max), (2, 7));
    assert_eq!(format!("{:.2}", t.degrees.mean), "4.33");
    assert_eq!(t.degrees.histogram.values().sum::<u32>(), 36);
    // §1.2: USA over the reach bins 10/30/27/13/20 %; reach 0.47 × 45.
    assert_eq!(shares_in_percent(&t), vec![10, 30, 27, 13, 20]);
    // Only the default game's (the first mode's) 30 tickets are binned.
    assert_eq!(t.ticket_lengths.counts.iter().sum::<u32>(), 30);
    assert!((t.ticket_lengths.reach - 21.15).abs() < 1e-9);
    // §1.1: every colour {2,3,3,4,4,5,6}, except green and white {2,2,3,4,5,5,6}.
    let profile = |c: &str| -> Vec<u8> {
        t.color_by_length[c]
            .iter()
            .flat_map(|(&l, &n)| std::iter::repeat_n(l, n as usize))
            .collect()
    };
    for c in ["red", "orange", "yellow", "blue", "pink", "black"] {
        assert_eq!(profile(c), vec![2, 3, 3, 4, 4, 5, 6], "{c}");
    }
    for c in ["green", "white"] {
        assert_eq!(profile(c), vec![2, 2, 3, 4, 5, 5, 6], "{c}");
    }
    assert_eq!(t.busiest_routes.len(), 10);
    assert!(t.busiest_routes.windows(2).all(|w| w[0].load >= w[1].load));
}

#[test]
fn europe_matches_the_published_degrees_and_regular_deck_bins() {
    let map = load("europe");
    let t = tables(&map);
    assert_eq!((t.degrees.min, t.degrees.max), (1, 7));
    assert_eq!(format!("{:.2}", t.degrees.mean), "3.83");
    // §1.2: the regular deck is .25 .53 .20 .02 0; the 6 long tickets are all in the last bin.
    assert_eq!(t.ticket_lengths.counts, vec![10, 21, 8, 1, 6]);
    let regular = 40.0;
    let want = [0.25, 0.53, 0.20, 0.02, 0.0];
    for (k, (&n, w)) in t.ticket_lengths.counts.iter().zip(want).enumerate() {
        let n = if k == 4 { n - 6 } else { n };
        assert!((n as f64 / regular - w).abs() < 0.01, "bin {k}: {n}");
    }
}

/// A ring a–b–c–d (2 spaces each) with a double route a–c of 3; tickets whose paths are known.
const SMALL: &str = "[map]\nid = \"t\"\nname = \"T\"\nplayers = { min = 2, max = 5 }\nboard = { width = 10, height = 10 }
[[cities]]\nid = \"a\"\nposition = [0, 0]\n[[cities]]\nid = \"b\"\nposition = [0, 0]
[[cities]]\nid = \"c\"\nposition = [0, 0]\n[[cities]]\nid = \"d\"\nposition = [0, 0]
[[routes]]\nfrom = \"a\"\nto = \"b\"\nlength = 2\n[[routes]]\nfrom = \"b\"\nto = \"c\"\nlength = 2
[[routes]]\nfrom = \"c\"\nto = \"d\"\nlength = 2\n[[routes]]\nfrom = \"d\"\nto = \"a\"\nlength = 2
[[routes]]\nfrom = \"a\"\nto = \"c\"\nlength = 3\ncolors = [\"red\", \"blue\"]
[[tickets]]\nfrom = \"a\"\nto = \"c\"\npoints = 3\ncopies = 4
[[tickets]]\nfrom = \"b\"\nto = \"d\"\npoints = 4
[[tickets]]\nfrom = \"a\"\nto = \"b\"\npoints = 2
";

#[test]
fn ticket_load_counts_copies_and_divides_by_usable_lanes() {
    let t = tables(&load(SMALL));
    let load_of = |id: &str| {
        t.busiest_routes
            .iter()
            .find(|r| r.route == id)
            .map(|r| (r.tickets, r.usable_lanes))
    };
    // a–c carries the 4 copies of a–c over 2 lanes (5 players): load 2.
    assert_eq!(load_of("a-c"), Some((4, 2)));
    // b–d has two shortest paths (via a or c, 4 each); ties go to the lowest route index, so
    // the path is b–a–d or b–c–d by edge order: exactly one of them carries it.
    let via_a = load_of("d-a").is_some();
    let via_c = load_of("c-d").is_some();
    assert!(via_a ^ via_c, "{:#?}", t.busiest_routes);
    // a–b carries its own ticket, plus b–d when that goes via a.
    assert_eq!(load_of("a-b"), Some((1 + via_a as u32, 1)));
    assert_eq!(t.busiest_routes[0].route, "a-c");
    assert_eq!(t.degrees.histogram.get(&3), Some(&2)); // a and c
    assert_eq!(t.degrees.histogram.get(&2), Some(&2)); // b and d
    // reach 0.47 × 45 = 21.15: every ticket is under .30 of it.
    assert_eq!(t.ticket_lengths.counts, vec![6, 0, 0, 0, 0]);
    assert_eq!(t.ticket_lengths.longest, 4);
}

#[test]
fn stats_json_keeps_the_old_keys_and_adds_the_tables() {
    let dir = common::TempDir::new("stats-json");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let out = common::ttrmap_in(
        &dir.0,
        &["stats", path.to_str().expect("utf-8"), "--format", "json"],
    );
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["cities"], 36);
    assert_eq!(v["lanes"], 100);
    assert_eq!(v["spaces"], 309);
    // Every deck's tickets: the base game's 30 and the USA 1910 box's 35 and 34.
    assert_eq!(v["tickets"], 99);
    assert_eq!(v["tickets_by_deck"]["base"], 30);
    assert_eq!(v["tunnels"], 0);
    assert_eq!(v["ferries"], 0);
    assert_eq!(v["spaces_by_color"]["red"], 27);
    assert_eq!(v["degrees"]["max"], 7);
    assert_eq!(
        v["ticket_lengths"]["counts"].as_array().map(Vec::len),
        Some(5)
    );
    assert_eq!(v["busiest_routes"].as_array().map(Vec::len), Some(10));
    assert_eq!(v["color_by_length"]["red"]["6"], 1);

    let text = common::ttrmap_in(&dir.0, &["stats", path.to_str().expect("utf-8")]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("min 2 / mean 4.33 / max 7"), "{text}");
    assert!(text.contains("busiest routes"), "{text}");
}

/// The spaces the lints count as usable are the engine's: with double routes open from 3
/// players and triples from 5, a 4-player game opens two of a triple's lanes in both
/// (`board-capacity` and the playtest diagnosis used to count one, the engine two).
#[test]
fn usable_spaces_are_the_lanes_the_engine_opens() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/france.toml"))
            .expect("readable")
            .replacen(
                "base = \"france\"\n",
                "base = \"france\"\nlanes = { double_min_players = 3, triple_min_players = 5 }\n",
                1,
            );
    let map = load(&text);
    assert!(
        map.routes.iter().any(|r| r.lane_count() == 3),
        "France has triple routes"
    );
    for players in 2..=5u8 {
        let game = ttrmap::engine::Game::new(&map, players, None).expect("playable");
        let engine: u32 = game
            .routes
            .iter()
            .map(|r| u32::from(r.length) * u32::from(r.usable_lanes))
            .sum();
        assert_eq!(map.usable_spaces(players), engine, "{players} players");
    }
}
