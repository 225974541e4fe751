//! The longest continuous path (`engine::longest_path`, issue 11): plain main, std::time.
//!
//! - Hard positions of at most 45 one-space routes (what one player's 45 trains can hold):
//!   grids, seeded pieces of the 5×9, 6×7 and 7×7 grids (connected or not), a ladder, a
//!   wheel, a triangulated grid; the slowest position of each family, against 10 ms.
//! - Larger grids than a player can own, for the record.
//! - Random 2-player USA games' final positions: the search before issue 11 (kept in
//!   `tests/common/longest_before.rs`) and now, on the same positions in this run, and the
//!   whole final scoring.
//!
//! Run: `cargo bench --bench paths`. CPU time of this thread is shown beside wall time where
//! Linux tells it (`/proc/thread-self/schedstat`): on a busy machine that is the measure.

#[path = "../tests/common/longest_before.rs"]
mod before;
#[path = "../tests/common/trail_boards.rs"]
mod boards;

use boards::{Edge, grid, ladder, node_count, subset, triangulated, wheel};
use std::time::Instant;
use ttrmap::bots::{self, Bot};
use ttrmap::cpu_time::thread_cpu_ns;
use ttrmap::engine::{Game, longest_path};
use ttrmap::load::load_path;
use ttrmap::playtest::game_seed;

/// The allocator the `ttrmap` binary runs with (src/main.rs), so that the figures are its.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Seconds of one call of `f` (CPU time where known, else wall) and its result: the mean of
/// as many calls as fill 5 ms (one for a slow call), the least of `runs` such batches.
fn time_one(runs: u32, mut f: impl FnMut() -> u32) -> (f64, u32) {
    let mut least = f64::MAX;
    let mut result = 0;
    for _ in 0..runs {
        let (cpu, wall) = (thread_cpu_ns(), Instant::now());
        let mut calls = 0u32;
        while calls == 0 || wall.elapsed().as_secs_f64() < 0.005 {
            result = std::hint::black_box(f());
            calls += 1;
        }
        let secs = match (cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => (b - a) as f64 / 1e9,
            _ => wall.elapsed().as_secs_f64(),
        };
        least = least.min(secs / calls as f64);
    }
    (least, result)
}

fn ms(secs: f64) -> String {
    format!("{:.4} ms", secs * 1e3)
}

/// The slowest of `positions` for the new search; returns that time.
fn family(name: &str, positions: &[Vec<Edge>]) -> f64 {
    let mut slowest = (0.0, 0, 0, 0);
    let mut sum = 0.0;
    for (i, edges) in positions.iter().enumerate() {
        let (secs, best) = time_one(3, || longest_path(node_count(edges), edges));
        sum += secs;
        if secs >= slowest.0 {
            slowest = (secs, i, edges.len(), best);
        }
    }
    let (secs, i, routes, best) = slowest;
    println!(
        "paths: longest path, {name}: {} positions, mean {}, slowest {} (position {i}: \
         {routes} routes, longest {best})",
        positions.len(),
        ms(sum / positions.len() as f64),
        ms(secs),
    );
    secs
}

fn hard_positions() {
    let seeds = 0..30u64;
    let pieces = |board: Vec<Edge>| -> Vec<Vec<Edge>> {
        seeds
            .clone()
            .map(|s| subset(&board, 45, s, s % 2 == 0))
            .collect()
    };
    let families: Vec<(&str, Vec<Vec<Edge>>)> = vec![
        ("grid 5×5 (40 routes)", vec![grid(5, 5)]),
        ("grid 4×7 (45 routes)", vec![grid(4, 7)]),
        ("45 routes of the 5×9 grid", pieces(grid(5, 9))),
        ("45 routes of the 6×7 grid", pieces(grid(6, 7))),
        ("45 routes of the 7×7 grid", pieces(grid(7, 7))),
        (
            "45 routes of the triangulated 5×6 grid",
            pieces(triangulated(5, 6)),
        ),
        ("ladder of 15 rungs (43 routes)", vec![ladder(15)]),
        ("wheel of 22 spokes (44 routes)", vec![wheel(22)]),
        (
            "triangulated 4×5 grid (43 routes)",
            vec![triangulated(4, 5)],
        ),
    ];
    let mut slowest: f64 = 0.0;
    for (name, positions) in &families {
        slowest = slowest.max(family(name, positions));
    }
    println!(
        "paths: longest path, every position of at most 45 one-space routes above: slowest {} \
         (limit 10 ms)",
        ms(slowest)
    );
    for (name, edges) in [
        ("grid 5×6 (49 routes)", grid(5, 6)),
        ("grid 6×6 (60 routes)", grid(6, 6)),
        ("grid 7×7 (84 routes)", grid(7, 7)),
    ] {
        let (secs, best) = time_one(3, || longest_path(node_count(&edges), &edges));
        println!(
            "paths: longest path, {name}, more than a player can own: {} (longest {best})",
            ms(secs)
        );
    }
    // The search before, once, where it finishes in seconds.
    for (name, edges) in [
        ("grid 4×5 (31 routes)", grid(4, 5)),
        ("grid 5×5 (40 routes)", grid(5, 5)),
    ] {
        let (old, old_best) = time_one(1, || {
            before::longest_path_before(node_count(&edges), &edges)
        });
        let (new, best) = time_one(3, || longest_path(node_count(&edges), &edges));
        assert_eq!(old_best, best, "{name}");
        println!(
            "paths: longest path, {name}: before {}, now {}",
            ms(old),
            ms(new)
        );
    }
}

/// Every player's routes in the final positions of `games` random 2-player USA games.
fn usa_positions(game: &Game, games: u64) -> (Vec<ttrmap::engine::State>, Vec<Vec<Edge>>) {
    let finished: Vec<_> = (0..games)
        .map(|i| {
            let mut bots: Vec<Box<dyn Bot>> = (0..game.players)
                .map(|_| bots::by_name("random").expect("random"))
                .collect();
            ttrmap::playtest::play_game(game, &mut bots, game_seed(9, i))
        })
        .filter(|s| s.result.is_some())
        .collect();
    let networks = finished
        .iter()
        .flat_map(|s| &s.players)
        .map(|p| {
            p.routes
                .iter()
                .map(|&r| {
                    let route = &game.routes[r as usize];
                    (route.node_a, route.node_b, route.length)
                })
                .collect()
        })
        .collect();
    (finished, networks)
}

fn usa_scoring() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let map = load_path(&path)
        .expect("maps/usa.toml is readable")
        .map
        .expect("maps/usa.toml loads");
    let game = Game::new(&map, 2, None).expect("USA is playable");
    let (finished, networks) = usa_positions(&game, 2_000);
    let nodes = game.node_count as usize;
    let rounds = 20;
    let all = |f: &dyn Fn(&[Edge]) -> u32| -> u32 {
        (0..rounds)
            .map(|_| networks.iter().map(|e| f(e)).sum::<u32>())
            .sum()
    };
    // Before and now alternately, twice, so both see the same machine.
    let mut times = [f64::MAX; 2];
    let mut sums = [0; 2];
    for _ in 0..2 {
        let (t, s) = time_one(1, || all(&|e| before::longest_path_before(nodes, e)));
        times[0] = times[0].min(t);
        sums[0] = s;
        let (t, s) = time_one(1, || all(&|e| longest_path(nodes, e)));
        times[1] = times[1].min(t);
        sums[1] = s;
    }
    assert_eq!(sums[0], sums[1], "the two searches disagree");
    let per = (networks.len() * rounds) as f64;
    println!(
        "paths: longest path of a player in random 2-player USA games ({} networks, mean {:.1} \
         routes): before {:.2} µs, now {:.2} µs per network",
        networks.len(),
        networks.iter().map(Vec::len).sum::<usize>() as f64 / networks.len() as f64,
        times[0] * 1e6 / per,
        times[1] * 1e6 / per,
    );
    let (secs, _) = time_one(3, || {
        finished
            .iter()
            .map(|s| ttrmap::engine::final_scores(&game, s)[0].total as u32)
            .sum()
    });
    println!(
        "paths: whole final scoring of those games now: {:.2} µs per game",
        secs * 1e6 / finished.len() as f64
    );
}

fn main() {
    hard_positions();
    usa_scoring();
}
