//! The search bot's speed on one thread (plain main, std::time): 2-player games of
//! `search:N` against destination-hungry, seats alternating: USA at 64, 128 and 256 rollouts a
//! decision, Europe at 128 and Castilla y León (mode normal, no mystery train) at 64 and 128,
//! the budgets of the strength runs in docs/search-experiments.md. Prints the search bot's
//! decisions per second (each one a search, except single-choice decisions and, under 17
//! rollouts, those where the styles agree), the milliseconds a decision, and whole games per
//! second.
//! Then each tier of `ttrmap ladder`'s default ladder (`DEFAULT_TIERS`) and a timed
//! `search:50ms` playing itself on the USA and Castilla y León at 2 players: its CPU time a
//! decision (every decision of either seat, forced ones too, engine moves included) and
//! its games per second, the price of each step of a ladder.
//! Run: `cargo bench --bench search` (`-- tiers` for the tiers alone, `-- budgets` for the
//! budgets alone).
//!
//! Both wall time and the thread's CPU time (Linux `/proc/thread-self/schedstat`) are
//! shown: on a busy machine the CPU-time rate is the one that measures the bot.

use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::time::Instant;
use ttrmap::bots::{self, Bot, SearchBot};
use ttrmap::cpu_time::thread_cpu_ns;
use ttrmap::engine::{Action, Game, State};
use ttrmap::load::load_path;
use ttrmap::playtest::ladder::DEFAULT_TIERS;
use ttrmap::playtest::{game_seed, play_game};

/// The allocator the `ttrmap` binary runs with (src/main.rs), so that the figures are its.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A search bot that counts its decisions.
struct Counted<'a> {
    bot: SearchBot,
    decisions: &'a std::sync::atomic::AtomicU64,
}

impl Bot for Counted<'_> {
    fn name(&self) -> &'static str {
        "search"
    }

    fn choose(&mut self, g: &Game, s: &State, legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
        self.decisions
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.bot.choose(g, s, legal, rng)
    }
}

fn measure(map: &str, game: &Game, iterations: u32, games: u64) {
    let decisions = std::sync::atomic::AtomicU64::new(0);
    let cpu_start = thread_cpu_ns();
    let start = Instant::now();
    for i in 0..games {
        let search: Box<dyn Bot + '_> = Box::new(Counted {
            bot: SearchBot::new(iterations),
            decisions: &decisions,
        });
        let other = bots::by_name("destination-hungry").expect("a style");
        let mut seats: Vec<Box<dyn Bot + '_>> = if i % 2 == 0 {
            vec![search, other]
        } else {
            vec![other, search]
        };
        play(game, &mut seats, game_seed(13, i));
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = match (cpu_start, thread_cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e9,
        _ => secs,
    };
    let n = decisions.load(std::sync::atomic::Ordering::Relaxed) as f64;
    println!(
        "search:{iterations}: {games} {map} 2-player games in {secs:.2} s wall ({cpu:.2} s CPU): \
         {:.0} decisions/s of CPU ({:.2} ms a decision, {:.1} decisions a game), \
         {:.2} games/s of CPU, one thread",
        n / cpu,
        cpu * 1e3 / n,
        n / games as f64,
        games as f64 / cpu,
    );
}

/// `play_game` takes `Box<dyn Bot>`; the counted bot borrows its counter, so the game is
/// played here with the same loop through the public API.
/// Returns the decisions taken (either seat's).
fn play(game: &Game, seats: &mut [Box<dyn Bot + '_>], seed: u64) -> u64 {
    let mut rng = ttrmap::playtest::chance_rng(seed);
    let mut brng = ttrmap::playtest::bot_rng(seed);
    let mut state = State::new(game, seed, &mut rng);
    let mut scratch = Vec::new();
    let mut decisions = 0;
    while !state.is_terminal() {
        let p = state.current_player() as usize;
        let Some(a) = seats[p].act(game, &state, &mut scratch, &mut brng) else {
            break;
        };
        decisions += 1;
        state.apply(game, a, &mut rng).expect("legal");
    }
    decisions
}

/// `tier` playing itself in 2-player games of `game`, at least `games` of them and on until
/// two seconds have passed (wall time decides when to stop, as reading the CPU clock costs
/// more than a random bot's decision): its CPU time a decision and games a second.
fn tier(map: &str, game: &Game, tier: &str, games: u64) {
    let cpu = || thread_cpu_ns().map_or(0.0, |ns| ns as f64 / 1e9);
    let (start, wall) = (cpu(), Instant::now());
    let (mut played, mut decisions) = (0u64, 0u64);
    while played < games || wall.elapsed().as_secs_f64() < 2.0 {
        let mut seats: Vec<Box<dyn Bot>> = (0..2)
            .map(|_| bots::by_name(tier).expect("a ladder tier"))
            .collect();
        decisions += play(game, &mut seats, game_seed(17, played));
        played += 1;
    }
    let secs = cpu() - start;
    println!(
        "tier {tier}: {played} {map} 2-player games against itself, {secs:.2} s CPU: \
         {:.1} µs a decision ({:.0} decisions a game), {:.1} games/s of CPU, one thread",
        secs * 1e6 / decisions as f64,
        decisions as f64 / played as f64,
        played as f64 / secs,
    );
}

#[path = "common/wanted.rs"]
mod wanted;
use wanted::wanted;

/// A 2-player game of a shipped map, without the modules `without` names (its optional
/// extensions, as a playtest plays it).
fn two_players(file: &str, without: &[&str]) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(file);
    let loaded = load_path(&path).expect("a shipped map");
    let without: Vec<String> = without.iter().map(|w| w.to_string()).collect();
    Game::new_without(loaded.map.as_ref().expect("loaded"), 2, None, &without).expect("playable")
}

fn main() {
    let game = two_players("usa.toml", &[]);
    // Warm-up.
    let mut warm: Vec<Box<dyn Bot>> = vec![
        Box::new(SearchBot::new(16)),
        bots::by_name("destination-hungry").expect("a style"),
    ];
    play_game(&game, &mut warm, game_seed(1, 0));
    let castilla = two_players("castilla.toml", &["mechanics.mystery_train"]);
    if wanted("budgets") {
        measure("USA", &game, 64, 20);
        measure("USA", &game, 128, 10);
        measure("USA", &game, 256, 10);
        measure("Europe", &two_players("europe.toml", &[]), 128, 6);
        measure("Castilla", &castilla, 64, 4);
        measure("Castilla", &castilla, 128, 4);
    }
    if wanted("tiers") {
        for (map, game) in [("USA", &game), ("Castilla", &castilla)] {
            for name in DEFAULT_TIERS.split(',').chain(["search:50ms"]) {
                tier(map, game, name, 2);
            }
        }
    }
}
