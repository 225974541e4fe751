//! Complete games per second on one thread (plain main, std::time), each rate of issue 38
//! printed with its goal ("ok" or "SLOW", never a failure): random 2- and 4-player USA,
//! random 4-player Castilla, France (track beds built after every card draw, lanes coloured
//! in play, crossings), UK (advanced technologies: purchases, lanes per player, claims
//! listed lane by lane), Iberia and South Korea, random 6- and 4-player Old West with Alvin
//! (city markers: decisions, closed lanes, diverted points); the four style bots on each of those
//! maps (Old West at 6 players);
//! the final scoring alone; the cost of cloning a position.
//! Run: `cargo bench --bench engine`; `cargo bench --bench engine -- clone France` runs only
//! the figures whose label contains one of the words (case-insensitive).
//!
//! Both wall time and the thread's CPU time (Linux `/proc/thread-self/schedstat`) are
//! shown: on a busy machine the CPU-time rate is the one that measures the engine.

use std::time::Instant;

/// The allocator the `ttrmap` binary runs with (src/main.rs), so that the figures are its.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use ttrmap::bots::{self, Bot};
use ttrmap::cpu_time::thread_cpu_ns;
use ttrmap::engine::Game;
use ttrmap::load::load_path;
use ttrmap::playtest::game_seed;

#[path = "common/wanted.rs"]
mod wanted;
use wanted::wanted;

/// The four style bots, in the seats' order.
const STYLES: [&str; 4] = [
    "destination-hungry",
    "route-focus",
    "one-step",
    "long-route",
];

/// Issue 38's goals (CPU time, games a second): four style bots at 4 players (Old West at
/// 6 with Alvin) on every played map, USA higher; random bots at 4 players on every map.
const STYLE_GOAL: f64 = 1_000.0;
const STYLE_USA_GOAL: f64 = 5_000.0;
const RANDOM_GOAL: f64 = 4_000.0;

/// "goal ≥ G: ok" or "goal ≥ G: SLOW" for a rate; a miss is printed, never a failure (the
/// machine may be busy).
fn verdict(rate: f64, goal: Option<f64>) -> String {
    match goal {
        Some(g) if rate >= g => format!(", goal ≥ {g:.0}: ok"),
        Some(g) => format!(", goal ≥ {g:.0}: SLOW"),
        None => String::new(),
    }
}

/// A map of `maps/` compiled for `players` players, the rules `without` left out (a
/// map's optional variants, such as Old West's Alvin, are played).
fn load_game(file: &str, players: u8, without: &[&str]) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(file);
    let loaded = load_path(&path).unwrap_or_else(|e| panic!("{file} is readable: {e:?}"));
    let map = loaded.map.unwrap_or_else(|| panic!("{file} loads"));
    let without: Vec<String> = without.iter().map(|k| k.to_string()).collect();
    Game::new_without(&map, players, None, &without)
        .unwrap_or_else(|e| panic!("{file} is playable: {e:?}"))
}

fn measure(label: &str, game: &Game, names: &[&str], games: u64) {
    measure_goal(label, game, names, games, None)
}

/// [`measure`], printing the rate against `goal` (CPU games a second).
fn measure_goal(label: &str, game: &Game, names: &[&str], games: u64, goal: Option<f64>) {
    if !wanted(label) {
        return;
    }
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
        (Some(a), Some(b)) => {
            let rate = games as f64 / ((b - a) as f64 / 1e9);
            format!("{rate:.0} games/s of CPU time{}", verdict(rate, goal))
        }
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
    if !wanted(label) {
        return;
    }
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
    if !wanted(&format!("State::clone of {label}")) {
        return;
    }
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
    let europe = load_game("europe.toml", 3, &[]);
    measure_scoring("random 3-player Europe games (stations)", &europe, 1_000);
    // Castilla's Mystery Train's effects are not public; everything else is played
    // (stations, transbordos, trains-used triples, the punctuation cards of the Normal mode).
    let castilla = load_game("castilla.toml", 4, &["mechanics.mystery_train"]);
    let west = load_game("old-west.toml", 6, &[]);
    let france = load_game("france.toml", 4, &[]);
    let uk = load_game("uk.toml", 4, &[]);
    let iberia = load_game("iberia.toml", 4, &[]);
    let korea = load_game("south-korea.toml", 4, &[]);
    let four = Game::new(&map, 4, None).expect("USA is playable");
    let random = Some(RANDOM_GOAL);
    let style = Some(STYLE_GOAL);
    measure_goal("random 4-player USA", &four, &["random"], 20_000, random);
    measure_goal(
        "random 4-player Castilla",
        &castilla,
        &["random"],
        4_000,
        random,
    );
    measure(
        "random 6-player Old West (Alvin)",
        &west,
        &["random"],
        4_000,
    );
    let west_four = load_game("old-west.toml", 4, &[]);
    let west_random = "random 4-player Old West (Alvin)";
    measure_goal(west_random, &west_four, &["random"], 4_000, random);
    measure_goal(
        "random 4-player France",
        &france,
        &["random"],
        4_000,
        random,
    );
    let uk_random = "random 4-player UK (advanced technologies)";
    measure_goal(uk_random, &uk, &["random"], 4_000, random);
    measure_goal(
        "random 4-player Iberia",
        &iberia,
        &["random"],
        4_000,
        random,
    );
    measure_goal(
        "random 4-player South Korea",
        &korea,
        &["random"],
        4_000,
        random,
    );
    measure_goal(
        "four-style 6-player Old West (Alvin)",
        &west,
        &STYLES,
        1_000,
        style,
    );
    measure_goal("four-style 4-player France", &france, &STYLES, 500, style);
    let uk_style = "four-style 4-player UK (advanced technologies)";
    measure_goal(uk_style, &uk, &STYLES, 500, style);
    measure_goal("four-style 4-player Iberia", &iberia, &STYLES, 1_000, style);
    measure_goal(
        "four-style 4-player South Korea",
        &korea,
        &STYLES,
        1_000,
        style,
    );
    measure_goal(
        "four-style 4-player Castilla",
        &castilla,
        &STYLES,
        1_000,
        style,
    );
    measure_clone("4-player USA", &four, 60);
    measure_clone("3-player Europe", &europe, 60);
    let usa_style = Some(STYLE_USA_GOAL);
    measure_goal("four-style 4-player USA", &four, &STYLES, 4_000, usa_style);
}
