//! Networks of one player's routes that are hard for a longest-path search: grids, ladders,
//! wheels and triangulated grids of 1-space routes, and seeded subsets of them. Shared by
//! `tests/longest_path.rs` and `benches/paths.rs`.
#![allow(dead_code)] // the browser tests' crate includes it too and uses a subset

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// An edge as `engine::longest_path` takes it: (node, node, spaces).
pub type Edge = (u16, u16, u8);

/// `rows` × `cols` cities, each joined to its right and lower neighbour by 1 space.
pub fn grid(rows: u16, cols: u16) -> Vec<Edge> {
    let at = |r: u16, c: u16| r * cols + c;
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                edges.push((at(r, c), at(r, c + 1), 1));
            }
            if r + 1 < rows {
                edges.push((at(r, c), at(r + 1, c), 1));
            }
        }
    }
    edges
}

/// A grid with one diagonal in every square: cities of degree up to six.
pub fn triangulated(rows: u16, cols: u16) -> Vec<Edge> {
    let at = |r: u16, c: u16| r * cols + c;
    let mut edges = grid(rows, cols);
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols.saturating_sub(1) {
            edges.push((at(r, c), at(r + 1, c + 1), 1));
        }
    }
    edges
}

/// Two rails of `rungs` cities joined at every city: a 2 × `rungs` grid.
pub fn ladder(rungs: u16) -> Vec<Edge> {
    grid(2, rungs)
}

/// A hub (node 0) with `spokes` spokes to a rim of as many cities joined in a ring.
pub fn wheel(spokes: u16) -> Vec<Edge> {
    let mut edges = Vec::new();
    for i in 1..=spokes {
        edges.push((0, i, 1));
        edges.push((i, if i == spokes { 1 } else { i + 1 }, 1));
    }
    edges
}

/// Number of nodes an edge list needs.
pub fn node_count(edges: &[Edge]) -> usize {
    edges
        .iter()
        .map(|&(a, b, _)| a.max(b) as usize + 1)
        .max()
        .unwrap_or(0)
}

/// `keep` edges of `edges`, chosen by `seed`; with `connected`, removals that would split
/// the network are skipped (so it stays one piece when it was one).
pub fn subset(edges: &[Edge], keep: usize, seed: u64, connected: bool) -> Vec<Edge> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut left: Vec<Edge> = edges.to_vec();
    let mut tries = 0;
    while left.len() > keep && tries < 100 * edges.len() {
        tries += 1;
        let i = rng.random_range(0..left.len());
        let removed = left.remove(i);
        if connected && pieces(&left) > pieces(&[&left[..], &[removed]].concat()) {
            left.insert(i, removed);
        }
    }
    left
}

/// Connected pieces (with at least one edge) of an edge list.
pub fn pieces(edges: &[Edge]) -> usize {
    let n = node_count(edges);
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for &(a, b, _) in edges {
        let (ra, rb) = (root(&mut parent, a as usize), root(&mut parent, b as usize));
        parent[ra] = rb;
    }
    let mut touched = vec![false; n];
    for &(a, b, _) in edges {
        touched[a as usize] = true;
        touched[b as usize] = true;
    }
    (0..n)
        .filter(|&v| touched[v] && root(&mut parent, v) == v)
        .count()
}

/// Random small networks for exactness checks: `nodes` cities, `count` routes of 1-6
/// spaces between random cities (loops and parallel routes included), and with
/// `zone_ends` some routes ending at a city of their own, as a zone border city is split
/// into one node per route (a dead end: reached, never passed through).
pub fn random_network(
    rng: &mut ChaCha8Rng,
    nodes: u16,
    count: usize,
    zone_ends: bool,
) -> Vec<Edge> {
    let mut next_split = nodes;
    (0..count)
        .map(|_| {
            let a = rng.random_range(0..nodes);
            let mut b = rng.random_range(0..nodes);
            if zone_ends && rng.random_range(0..4) == 0 {
                b = next_split;
                next_split += 1;
            }
            (a, b, rng.random_range(1..7u8))
        })
        .collect()
}
