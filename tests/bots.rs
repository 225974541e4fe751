//! The style bots on seeded games: each plays well enough to beat the random bot, none
//! dominates the four-style game, and none ever returns an illegal action.
//!
//! Every game is seeded, so each figure below is the same on every run; the thresholds are
//! below the rates measured on the release build (each style beat random in 100 % of 1,000
//! 2-player USA games; the most any style won of 2,000 4-bot games was 32 % on USA), so
//! they fail when a change makes a style clearly weaker or one style clearly dominant.

use rand_chacha::ChaCha8Rng;
use std::path::Path;
use ttrmap::bots::{self, Bot};
use ttrmap::engine::{Action, Game, State};
use ttrmap::load::load_path;
use ttrmap::playtest::{bot_rng, chance_rng, game_seed, play_game};

const STYLES: [&str; 4] = [
    "destination-hungry",
    "route-focus",
    "one-step",
    "long-route",
];

fn game(map: &str, players: u8) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(map);
    let loaded = load_path(&path).expect("readable");
    assert!(!loaded.has_errors(), "{map} has errors");
    Game::new(loaded.map.as_ref().expect("loaded"), players, None).expect("playable")
}

/// Seats `names` rotated by `shift`: the bot of seat `s` is `names[(s + shift) % len]`.
fn seat(names: &[&str], players: usize, shift: usize) -> Vec<Box<dyn Bot>> {
    (0..players)
        .map(|s| bots::by_name(names[(s + shift) % names.len()]).expect("a known bot"))
        .collect()
}

/// Plays `games` seeded games rotating seats; counts for each name the games it won
/// outright (ties count for nobody, so a tie never passes for a win).
fn sole_wins(game: &Game, names: &[&str], games: u64, base_seed: u64) -> Vec<u32> {
    let players = game.players as usize;
    let mut wins = vec![0u32; names.len()];
    for i in 0..games {
        let shift = i as usize % names.len();
        let state = play_game(
            game,
            &mut seat(names, players, shift),
            game_seed(base_seed, i),
        );
        assert!(
            state.failure.is_none(),
            "game {i} failed: {:?}",
            state.failure
        );
        let result = state.result.as_ref().expect("a finished game is scored");
        let winners: Vec<usize> = (0..players).filter(|&s| result[s].winner).collect();
        if let [only] = winners[..] {
            wins[(only + shift) % names.len()] += 1;
        }
    }
    wins
}

#[test]
fn each_style_beats_random_in_nine_of_ten_two_player_usa_games() {
    let usa = game("usa.toml", 2);
    for style in STYLES {
        let wins = sole_wins(&usa, &[style, "random"], 200, 41);
        assert!(
            wins[0] >= 180,
            "{style} beat random in only {} of 200 games",
            wins[0]
        );
    }
}

#[test]
fn no_style_wins_half_of_the_four_style_games() {
    for map in ["usa.toml", "europe.toml"] {
        let four = game(map, 4);
        let games = 200;
        let wins = sole_wins(&four, &STYLES, games, 43);
        for (style, w) in STYLES.iter().zip(&wins) {
            assert!(
                (*w as u64) * 2 <= games,
                "{style} won {w} of {games} four-style games on {map}: {wins:?}"
            );
            // Every style is a real contender too (measured: at least 14 % on either map).
            assert!(
                (*w as u64) * 20 >= games,
                "{style} won only {w} of {games} four-style games on {map}: {wins:?}"
            );
        }
    }
}

/// Plays one game step by step, checking that every action a bot returns, through either
/// entry point, is legal in the position it was chosen in.
fn play_checking_legality(game: &Game, names: &[&str], seed: u64) -> u32 {
    let mut seats = seat(names, game.players as usize, 0);
    // `choose` gets its own copies so the two entry points are compared on one position.
    let mut choosers = seat(names, game.players as usize, 0);
    let mut rng = chance_rng(seed);
    let mut choice_rng: ChaCha8Rng = bot_rng(seed);
    let mut state = State::new(game, seed, &mut rng);
    let mut scratch = Vec::new();
    let mut legal = Vec::new();
    let mut steps = 0;
    while !state.is_terminal() {
        let p = state.current_player() as usize;
        let rng_before = choice_rng.clone();
        let Some(action) = seats[p].act(game, &state, &mut scratch, &mut choice_rng) else {
            panic!("{} found no action at turn {}", names[p], state.turn);
        };
        assert!(
            state.is_legal(game, action),
            "{} returned illegal {action:?} at turn {} (seed {seed})",
            names[p],
            state.turn
        );
        legal.clear();
        state.legal_actions(game, &mut legal);
        let chosen: Action = choosers[p].choose(game, &state, &legal, &mut rng_before.clone());
        assert_eq!(
            chosen, action,
            "{}: choose and act differ at turn {} (seed {seed})",
            names[p], state.turn
        );
        state
            .apply(game, action, &mut rng)
            .expect("a legal action applies");
        steps += 1;
    }
    assert!(state.failure.is_none(), "seed {seed}: {:?}", state.failure);
    steps
}

#[test]
fn style_bots_only_return_legal_actions() {
    for (map, players) in [
        ("usa.toml", 4),
        ("europe.toml", 4),
        ("europe.toml", 2),
        ("nordic-countries.toml", 3),
        ("switzerland.toml", 3),
        ("india.toml", 4),
    ] {
        let g = game(map, players);
        let mut steps = 0;
        for i in 0..3 {
            let names: Vec<&str> = (0..players as usize)
                .map(|s| STYLES[(s + i as usize) % STYLES.len()])
                .collect();
            steps += play_checking_legality(&g, &names, game_seed(47, i));
        }
        // A played game takes dozens of actions per player; a bot stuck on one never does.
        assert!(steps > 100 * players as u32, "{map}: only {steps} steps");
    }
}
