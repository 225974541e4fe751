//! Set-ups shared by the engine tests (`tests/engine_*.rs`): shipped maps compiled into
//! games, cards by colour, routes by their cities, hands given by hand, the legal list, and
//! one playtest run at two thread counts.
#![allow(dead_code)] // the browser tests' crate includes it too and uses a subset

use std::path::Path;
use ttrmap::engine::{Action, CARD_KINDS, Cards, Game, State};
use ttrmap::model::{Color, MapFile};
use ttrmap::playtest::{Config, Report, run};

/// The shipped map `maps/<file>`, loaded without errors.
pub fn map_file(file: &str) -> MapFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(file);
    let loaded = ttrmap::load::load_path(&path).expect("readable");
    assert!(!loaded.has_errors(), "{file} has errors");
    loaded.map.expect("loaded")
}

/// The shipped map `maps/<file>` compiled for `players`.
pub fn game(file: &str, players: u8) -> Game {
    Game::new(&map_file(file), players, None).expect("playable")
}

/// [`game`] in `mode`, with the rules `without` left out (keys as `playtest --without`).
pub fn game_without(file: &str, players: u8, mode: Option<&str>, without: &[&str]) -> Game {
    let without: Vec<String> = without.iter().map(|w| w.to_string()).collect();
    Game::new_without(&map_file(file), players, mode, &without).expect("playable")
}

/// The engine's card number of colour `c`.
pub fn colour(c: Color) -> u8 {
    Color::CARD_COLORS.iter().position(|&x| x == c).unwrap() as u8
}

/// The route between cities `a` and `b` (either way round).
pub fn route(game: &Game, a: &str, b: &str) -> usize {
    let city = |id: &str| game.city_ids.iter().position(|c| c == id).expect(id) as u16;
    let (a, b) = (city(a), city(b));
    game.routes
        .iter()
        .position(|r| (r.city_a, r.city_b) == (a, b) || (r.city_a, r.city_b) == (b, a))
        .expect("a route between them")
}

/// The first lane of the route between `a` and `b`.
pub fn lane(game: &Game, a: &str, b: &str) -> usize {
    game.routes[route(game, a, b)].first_lane as usize
}

/// A hand of `(card, count)` pairs (a card named twice adds up).
pub fn hand(cards: &[(u8, u16)]) -> Cards {
    let mut h = [0u16; CARD_KINDS];
    for &(k, n) in cards {
        h[k as usize] += n;
    }
    h
}

/// Player `p`'s hand becomes exactly `cards`, by hand (the deck's count is not kept).
pub fn give_hand(state: &mut State, p: u8, cards: &[(u8, u16)]) {
    state.players[p as usize].hand = hand(cards);
}

/// A claim of `lane` with `color` and `locos` (see `Action::Claim`).
pub fn claim(lane: usize, color: u8, locos: u16) -> Action {
    Action::Claim {
        lane: lane as u16,
        color,
        locos,
    }
}

/// The current player's legal actions.
pub fn legal(game: &Game, state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    state.legal_actions(game, &mut out);
    out
}

/// `games` games of `bots` from `seed`, run at `threads.0` and at `threads.1` threads: the
/// two reports must be the same to the byte (as JSON). Returns the first.
pub fn same_report_at(
    game: &Game,
    (games, seed): (u64, u64),
    bots: &[&str],
    threads: (usize, usize),
) -> Report {
    let config = |threads| Config {
        games,
        seed,
        bots: bots.iter().map(|b| b.to_string()).collect(),
        threads,
        progress: false,
    };
    let one = run(game, &config(threads.0)).expect("runs");
    let other = run(game, &config(threads.1)).expect("runs");
    assert_eq!(
        serde_json::to_string(&one).expect("json"),
        serde_json::to_string(&other).expect("json"),
        "{} at {} and {} threads",
        game.name,
        threads.0,
        threads.1
    );
    one
}
