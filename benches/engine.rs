//! Complete games per second on one thread (plain main, std::time): random 2-player USA
//! games, random 4-player Castilla games, random 6-player Old West games with Alvin (city
//! markers: decisions, closed lanes, diverted points), random 4-player France games (track
//! beds built after every card draw, lanes coloured in play, crossings), random 4-player
//! United Kingdom games with the advanced technologies (purchases, lanes per player, claims
//! listed lane by lane), and the four style bots in 4-player USA, Old West, France and UK
//! games;
//! the final scoring alone; the cost of cloning a position.
//! Run: `cargo bench --bench engine`.
//!
//! Both wall time and the thread's CPU time (Linux `/proc/thread-self/schedstat`) are
//! shown: on a busy machine the CPU-time rate is the one that measures the engine.

use std::time::Instant;
use ttrmap::bots::{self, Bot};
use ttrmap::engine::Game;
use ttrmap::load::load_path;
use ttrmap::playtest::game_seed;

/// Nanoseconds this thread has run on a CPU, if the system tells.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn measure(label: &str, game: &Game, names: &[&str], games: u64) {
    let make = |i: u64| -> Vec<Box<dyn Bot>> {
        (0..game.players as usize)
            .map(|s| bots::by_name(names[(s + i as usize) % names.len()]).expect("a known bot"))
            .collect()
    };
    // Warm-up, then the measured run.
    for i in 0..games / 40 {
        ttrmap::playtest::play_game(game, &mut make(i), game_seed(1, i));
    }
    let cpu_start = thread_cpu_ns();
    let start = Instant::now();
    let mut turns = 0u64;
    let mut failures = 0u64;
    for i in 0..games {
        let state = ttrmap::playtest::play_game(game, &mut make(i), game_seed(7, i));
        turns += state.turn as u64;
        failures += state.failure.is_some() as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = match (cpu_start, thread_cpu_ns()) {
        (Some(a), Some(b)) => format!(
            "{:.0} games/s of CPU time",
            games as f64 / ((b - a) as f64 / 1e9)
        ),
        _ => "CPU time not available".into(),
    };
    println!(
        "engine: {games} {label} games in {secs:.3} s = {:.0} games/s wall, {cpu}, one thread \
         (mean {:.1} turns, {failures} failure states)",
        games as f64 / secs,
        turns as f64 / games as f64
    );
}

/// The final scoring alone (`final_scores`, what every finished game pays once), on the
/// final positions of `games` random games.
fn measure_scoring(label: &str, game: &Game, games: u64) {
    let finished: Vec<_> = (0..games)
        .map(|i| {
            let mut bots: Vec<Box<dyn Bot>> = (0..game.players)
                .map(|_| bots::by_name("random").expect("random"))
                .collect();
            ttrmap::playtest::play_game(game, &mut bots, game_seed(9, i))
        })
        .filter(|s| s.result.is_some())
        .collect();
    let rounds = 5;
    let cpu_start = thread_cpu_ns();
    let start = Instant::now();
    let mut check = 0i64;
    for _ in 0..rounds {
        for state in &finished {
            check += ttrmap::engine::final_scores(game, state)[0].total as i64;
        }
    }
    let n = (finished.len() * rounds) as f64;
    let wall_us = start.elapsed().as_secs_f64() * 1e6 / n;
    let cpu = match (cpu_start, thread_cpu_ns()) {
        (Some(a), Some(b)) => format!("{:.2} µs CPU", (b - a) as f64 / 1e3 / n),
        _ => "CPU time not available".into(),
    };
    println!(
        "engine: final scoring of {label}: {wall_us:.2} µs wall, {cpu} per finished game \
         ({} positions, checksum {check})",
        finished.len()
    );
}

/// What a search bot pays to branch: cloning a mid-game position (the state after `turns`
/// turns of a random game).
fn measure_clone(label: &str, game: &Game, turns: u32) {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut state = ttrmap::engine::State::new(game, 5, &mut rng);
    let mut bots: Vec<Box<dyn Bot>> = (0..game.players)
        .map(|_| bots::by_name("random").expect("random"))
        .collect();
    let mut scratch = Vec::new();
    while !state.is_terminal() && state.turn < turns {
        let p = state.current_player() as usize;
        let Some(a) = bots[p].act(game, &state, &mut scratch, &mut rng) else {
            break;
        };
        state.apply(game, a, &mut rng).expect("legal");
    }
    let n = 200_000u32;
    let start = Instant::now();
    let mut keep = 0usize;
    for _ in 0..n {
        let copy = std::hint::black_box(&state).clone();
        keep += copy.lane_owner().len();
    }
    let ns = start.elapsed().as_secs_f64() * 1e9 / n as f64;
    println!(
        "engine: State::clone of {label} after {} turns: {ns:.0} ns ({keep})",
        state.turn
    );
}

fn main() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let loaded = load_path(&path).expect("maps/usa.toml is readable");
    let map = loaded.map.expect("maps/usa.toml loads");
    let two = Game::new(&map, 2, None).expect("USA is playable");
    measure("random 2-player USA", &two, &["random"], 40_000);
    measure_scoring("random 2-player USA games", &two, 2_000);
    let europe_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/europe.toml");
    let europe_map = load_path(&europe_path)
        .expect("maps/europe.toml is readable")
        .map
        .expect("maps/europe.toml loads");
    let europe = Game::new(&europe_map, 3, None).expect("Europe is playable");
    measure_scoring("random 3-player Europe games (stations)", &europe, 1_000);
    let castilla_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/castilla.toml");
    let castilla_map = load_path(&castilla_path)
        .expect("maps/castilla.toml is readable")
        .map
        .expect("maps/castilla.toml loads");
    // Its Mystery Train's effects are not public; everything else is played (stations,
    // transbordos, trains-used triples, the punctuation cards of the Normal mode).
    let castilla = Game::new_without(
        &castilla_map,
        4,
        None,
        &["mechanics.mystery_train".to_string()],
    )
    .expect("Castilla is playable without the Mystery Train");
    measure("random 4-player Castilla", &castilla, &["random"], 4_000);
    let west_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/old-west.toml");
    let west_map = load_path(&west_path)
        .expect("maps/old-west.toml is readable")
        .map
        .expect("maps/old-west.toml loads");
    let west = Game::new(&west_map, 6, None).expect("Old West is playable");
    measure(
        "random 6-player Old West (Alvin)",
        &west,
        &["random"],
        4_000,
    );
    let west_four = Game::new(&west_map, 4, None).expect("Old West is playable");
    measure(
        "four-style 4-player Old West (Alvin)",
        &west_four,
        &[
            "destination-hungry",
            "route-focus",
            "one-step",
            "long-route",
        ],
        1_000,
    );
    let france_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/france.toml");
    let france_map = load_path(&france_path)
        .expect("maps/france.toml is readable")
        .map
        .expect("maps/france.toml loads");
    let france = Game::new(&france_map, 4, None).expect("France is playable");
    measure("random 4-player France", &france, &["random"], 4_000);
    measure(
        "four-style 4-player France",
        &france,
        &[
            "destination-hungry",
            "route-focus",
            "one-step",
            "long-route",
        ],
        500,
    );
    let uk_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/uk.toml");
    let uk_map = load_path(&uk_path)
        .expect("maps/uk.toml is readable")
        .map
        .expect("maps/uk.toml loads");
    let uk = Game::new(&uk_map, 4, None).expect("the UK is playable");
    measure(
        "random 4-player UK (advanced technologies)",
        &uk,
        &["random"],
        4_000,
    );
    measure(
        "four-style 4-player UK (advanced technologies)",
        &uk,
        &[
            "destination-hungry",
            "route-focus",
            "one-step",
            "long-route",
        ],
        500,
    );
    let four = Game::new(&map, 4, None).expect("USA is playable");
    measure_clone("4-player USA", &four, 60);
    measure_clone("3-player Europe", &europe, 60);
    measure(
        "four-style 4-player USA",
        &four,
        &[
            "destination-hungry",
            "route-focus",
            "one-step",
            "long-route",
        ],
        4_000,
    );
}
