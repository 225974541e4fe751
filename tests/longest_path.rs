//! The longest continuous path (issue 11): the leave-out search against the exhaustive walk
//! it replaced, on random small networks and seeded pieces of grids, ladders and wheels, and
//! hand-counted boards too large for the walk.
//!
//! Rule: the longest continuous path is the longest walk over one player's routes that uses
//! no route twice; it may pass a city again and may close on itself.

use crate::common::longest_before as before;
use crate::common::trail_boards as boards;

use boards::{Edge, grid, ladder, node_count, random_network, subset, triangulated, wheel};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ttrmap::engine::{Game, longest_path};
use ttrmap::load::load_bytes;

/// The exhaustive walk from every node, the reference.
fn exhaustive(edges: &[Edge]) -> u32 {
    before::longest_path_any_size(node_count(edges), edges)
}

fn check(edges: &[Edge], what: &str) -> u32 {
    let expected = exhaustive(edges);
    assert_eq!(
        longest_path(node_count(edges), edges),
        expected,
        "{what}: {edges:?}"
    );
    expected
}

#[test]
fn random_small_networks_match_the_exhaustive_walk() {
    // Few nodes and up to 9 routes: loops, parallel routes, several pieces, odd and even.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut longer_than_a_route = 0;
    for round in 0..3_000 {
        let nodes = 2 + (round % 8) as u16;
        let count = round % 10;
        let edges = random_network(&mut rng, nodes, count, round % 3 == 0);
        let best = check(&edges, &format!("round {round}"));
        let longest_route = edges.iter().map(|e| e.2 as u32).max().unwrap_or(0);
        longer_than_a_route += (best > longest_route) as u32;
    }
    assert!(
        longer_than_a_route > 1_500,
        "too few real paths: {longer_than_a_route}"
    );
}

#[test]
fn several_pieces_match_the_exhaustive_walk() {
    // Two random networks side by side (the second renumbered past the first): the longer
    // piece counts, never the sum.
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for round in 0..600 {
        let first = random_network(&mut rng, 5, 6, round % 2 == 0);
        let offset = node_count(&first) as u16;
        let mut edges = first.clone();
        let second = random_network(&mut rng, 5, 5, round % 2 == 1);
        edges.extend(second.iter().map(|&(a, b, w)| (a + offset, b + offset, w)));
        check(&edges, &format!("round {round}"));
    }
}

#[test]
fn pieces_of_grids_ladders_and_wheels_match_the_exhaustive_walk() {
    // Many 1-space routes, the case the walk could not finish at full size: seeded subsets
    // small enough for it, connected and not.
    let boards: [(&str, Vec<Edge>); 6] = [
        ("grid 4x4", grid(4, 4)),
        ("grid 3x6", grid(3, 6)),
        ("triangulated 3x4", triangulated(3, 4)),
        ("ladder 9", ladder(9)),
        ("wheel 9", wheel(9)),
        ("wheel 10", wheel(10)),
    ];
    for (name, board) in &boards {
        check(board, name);
        for seed in 0..25 {
            let keep = 11 + (seed as usize % 5);
            let connected = seed % 2 == 0;
            check(
                &subset(board, keep, seed, connected),
                &format!("{name}, {keep} routes, seed {seed}"),
            );
        }
    }
}

#[test]
fn lengths_other_than_one_on_grids_match_the_exhaustive_walk() {
    // The same shapes with routes of 1-6 spaces: the bound then weighs distances.
    for seed in 0..40u64 {
        let mut edges = subset(&grid(4, 4), 14, seed, seed % 3 != 0);
        for (i, e) in edges.iter_mut().enumerate() {
            e.2 = 1 + ((seed as usize * 7 + i * 5) % 6) as u8;
        }
        check(&edges, &format!("seed {seed}"));
    }
}

#[test]
fn square_grids_lose_the_cheapest_pairing_of_their_odd_cities() {
    // An m × m grid of 1-space routes has 2m(m-1) routes. Its corners have two routes (a
    // path passes them or not), inner cities four, and the s = m-2 cities inside each side
    // three: 4s odd cities. A path may leave two of them odd, so the routes left out must
    // pair up the other 4s-2, each pair at least as far apart as its two cities; and
    // neighbours on one side are 1 apart, round a corner 2.
    // m = 3: s = 1, 4 odd cities, 2 to pair, only round a corner: 12 - 2 = 10.
    assert_eq!(longest_path(9, &grid(3, 3)), 10);
    // m = 4: s = 2, 6 cities to pair in 3 side pairs: 24 - 3 = 21.
    assert_eq!(longest_path(16, &grid(4, 4)), 21);
    // m = 5: s = 3, 10 cities to pair; a side of 3 holds one pair, so 4 side pairs and one
    // round a corner: 40 - (4 + 2) = 34 (the 1.7 s board).
    assert_eq!(longest_path(25, &grid(5, 5)), 34);
    // m = 6: s = 4, 14 cities in 7 side pairs: 60 - 7 = 53 (the one that never finished).
    assert_eq!(longest_path(36, &grid(6, 6)), 53);
    // m = 7: s = 5, 18 cities; 8 side pairs at most, one pair round a corner: 84 - 10 = 74.
    assert_eq!(longest_path(49, &grid(7, 7)), 74);
}

#[test]
fn ladders_and_wheels_of_any_size() {
    // A ladder of n rungs (n ≥ 3) has 3n-2 routes and 2(n-2) odd cities (inner rail cities);
    // each route left out mends at most two, so at least n-3 go, and leaving out n-3 inner
    // rungs works: 3n-2 - (n-3) = 2n+1.
    for n in [3u16, 4, 10, 15, 30, 60] {
        assert_eq!(
            longest_path(2 * n as usize, &ladder(n)),
            2 * n as u32 + 1,
            "ladder {n}"
        );
    }
    // A wheel of n spokes has 2n routes; its n rim cities are odd, and the hub when n is
    // odd. Leaving out rim routes between neighbours mends two at a time:
    // n even: 2n - (n-2)/2, so 8 - 1 = 7 for n = 4 and 44 - 10 = 34 for n = 22;
    // n odd: 2n - (n-1)/2, so 14 - 3 = 11 for n = 7 and 90 - 22 = 68 for n = 45.
    assert_eq!(longest_path(5, &wheel(4)), 7);
    assert_eq!(longest_path(23, &wheel(22)), 34);
    assert_eq!(longest_path(8, &wheel(7)), 11);
    assert_eq!(longest_path(46, &wheel(45)), 68);
}

#[test]
fn loops_and_parallel_routes() {
    // a=b twice (2 and 3 spaces) and a loop at b (4): every city even, one closed path of
    // 2 + 3 + 4 = 9.
    assert_eq!(longest_path(2, &[(0, 1, 2), (1, 0, 3), (1, 1, 4)]), 9);
    // A loop on a path's middle city: c-a (1), a-b (2), a loop at a (5): the path goes c-a,
    // round the loop, a-b: 1 + 5 + 2 = 8.
    assert_eq!(longest_path(3, &[(2, 0, 1), (0, 1, 2), (0, 0, 5)]), 8);
    // A loop alone, and a loop in a piece of its own beside a longer route: 3, then 6.
    assert_eq!(longest_path(1, &[(0, 0, 3)]), 3);
    assert_eq!(longest_path(4, &[(0, 0, 3), (1, 2, 6)]), 6);
    // Nothing owned: 0.
    assert_eq!(longest_path(0, &[]), 0);
}

#[test]
fn a_zone_border_city_is_a_dead_end_for_the_path() {
    // Compiled as the engine plays it: a, b, c plain cities, z a border city of zone "fr".
    // Routes a-b (2), b-z (3), z-a (4), z-c (5). Were z a city, z and c would be the only
    // odd ones and one path would take all 14 spaces; but each route into z ends at a node
    // of its own, so the pieces are z-b-a-z (3 + 2 + 4 = 9) and z-c (5): 9.
    let text = "[map]\nid = \"t\"\nname = \"T\"\nplayers = { min = 2, max = 5 }\n\
        board = { width = 100, height = 100 }\n[rules]\nbase = \"usa\"\n\
        [[zones]]\nid = \"fr\"\n\
        [[cities]]\nid = \"a\"\nposition = [10, 10]\n\
        [[cities]]\nid = \"b\"\nposition = [30, 10]\n\
        [[cities]]\nid = \"c\"\nposition = [50, 50]\n\
        [[cities]]\nid = \"z\"\nposition = [20, 40]\nzone = \"fr\"\n\
        [[routes]]\nfrom = \"a\"\nto = \"b\"\nlength = 2\n\
        [[routes]]\nfrom = \"b\"\nto = \"z\"\nlength = 3\n\
        [[routes]]\nfrom = \"z\"\nto = \"a\"\nlength = 4\n\
        [[routes]]\nfrom = \"z\"\nto = \"c\"\nlength = 5\n\
        [[tickets]]\nfrom = \"a\"\nto = \"c\"\npoints = 9\n";
    let loaded = load_bytes("t.toml", text.as_bytes());
    let map = loaded
        .map
        .clone()
        .unwrap_or_else(|| panic!("{:?}", loaded.diagnostics));
    let game = Game::new(&map, 2, None).expect("playable");
    let edges: Vec<Edge> = game
        .routes
        .iter()
        .map(|r| (r.node_a, r.node_b, r.length))
        .collect();
    assert_eq!(longest_path(game.node_count as usize, &edges), 9);
    assert_eq!(exhaustive(&edges), 9);
}
