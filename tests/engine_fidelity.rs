//! Rules fidelity of the engine core (issue 11): the face-up display after a reshuffle, the
//! Nordic Murmansk–Lieksa payment, parallel groups, `counts_as_ferry`, modes outside their
//! recommended player range, ticket piles of game modes, substitute choice. Each test quotes
//! (in brief) the rule it rests on; the arithmetic is in the comments.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use ttrmap::bots;
use ttrmap::engine::{Action, Game, NOBODY, State};
use ttrmap::load::load_path;
use ttrmap::model::MapFile;

fn load(file: &str) -> MapFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("maps")
        .join(file);
    load_path(&path).expect("readable").map.expect("loads")
}

/// Plays a seeded game of random bots, calling `check` after every action.
fn play_random(game: &Game, seed: u64, mut check: impl FnMut(&State, Action)) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut choice = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut state = State::new(game, seed, &mut rng);
    let mut bots: Vec<_> = (0..game.players)
        .map(|_| bots::by_name("random").expect("random"))
        .collect();
    let mut scratch = Vec::new();
    while !state.is_terminal() {
        let p = state.current_player() as usize;
        let Some(a) = bots[p].act(game, &state, &mut scratch, &mut choice) else {
            break;
        };
        state
            .apply(game, a, &mut rng)
            .expect("a bot plays legal actions");
        check(&state, a);
    }
    state
}

/// Base rules: a face-up card taken is replaced from the deck, and a deck that runs out is
/// made again from the shuffled discards. So a display slot may stay empty only while there
/// is no deck: once discards are shuffled into a new deck, the display is refilled from it
/// before anyone draws blind (before, on a USA game with an 18-card deck, the display stayed
/// empty for ~20 turns while players drew blind from the new deck).
#[test]
fn display_is_refilled_when_discards_make_a_new_deck() {
    let mut map = load("usa.toml");
    // 2 of each colour + 2 locomotives = 18 cards: 8 in hands, 5 shown, 5 left.
    map.rules.train_deck.per_color = 2;
    map.rules.train_deck.locomotives = 2;
    let game = Game::new(&map, 2, None).expect("playable");
    let mut reshuffles_seen = 0;
    for seed in 0..40 {
        play_random(&game, seed, |s, a| {
            let empty = s.face_up.iter().filter(|&&c| c == NOBODY).count();
            if empty > 0 && s.deck_size > 0 {
                panic!(
                    "seed {seed}, turn {}, after {a:?}: {empty} empty display slot(s) while \
                     the deck holds {} cards",
                    s.turn, s.deck_size
                );
            }
            if empty == 0 && matches!(a, Action::DrawBlind) {
                reshuffles_seen += 1;
            }
        });
    }
    assert!(reshuffles_seen > 0);
}
