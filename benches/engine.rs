//! Random 2-player USA games per second on one thread (plain main, std::time).
//! Run: `cargo bench --bench engine`.

use std::time::Instant;
use ttrmap::bots::{Bot, RandomBot};
use ttrmap::engine::Game;
use ttrmap::load::load_path;
use ttrmap::playtest::{game_seed, play_game};

fn main() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let loaded = load_path(&path).expect("maps/usa.toml is readable");
    let map = loaded.map.expect("maps/usa.toml loads");
    let game = Game::new(&map, 2, None).expect("USA is playable");
    let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(RandomBot), Box::new(RandomBot)];
    // Warm-up, then the measured run.
    for i in 0..500 {
        play_game(&game, &mut bots, game_seed(1, i));
    }
    let games = 20_000u64;
    let start = Instant::now();
    let mut turns = 0u64;
    let mut failures = 0u64;
    for i in 0..games {
        let state = play_game(&game, &mut bots, game_seed(7, i));
        turns += state.turn as u64;
        failures += state.failure.is_some() as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "engine: {games} random 2-player USA games in {secs:.3} s = {:.0} games/s on one thread \
         (mean {:.1} turns, {failures} failure states)",
        games as f64 / secs,
        turns as f64 / games as f64
    );
}
