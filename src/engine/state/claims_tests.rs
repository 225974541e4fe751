//! The per-class claim counts against the lane-by-lane walk they replaced, on positions of
//! random UK games (technologies bought, lanes priced per player by Booster and Diesel
//! Power).

use super::*;
use rand::SeedableRng;

/// The UK at 4 players with its advanced technologies.
fn uk() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/uk.toml");
    let map = crate::load::load_path(&path)
        .expect("uk.toml is readable")
        .map
        .expect("uk.toml loads");
    Game::new(&map, 4, None).expect("the UK is playable")
}

/// Calls `f` with every main-phase position of `games` random UK games.
fn each_main_position(game: &Game, games: u64, mut f: impl FnMut(&State)) {
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(game, seed, &mut rng);
        while !state.is_terminal() {
            if state.phase == Phase::Main {
                f(&state);
            }
            let Some(a) = state.sample_legal(game, |n, _| {
                use rand::RngExt;
                (n > 0).then(|| rng.random_range(0..n))
            }) else {
                break;
            };
            state
                .apply(game, a, &mut rng)
                .expect("a listed action is legal");
        }
    }
}

/// `class_claim_ways` (each class priced once, its ways times its open lanes) gives each
/// lane the ways the lane-by-lane walk (`for_each_claim_count`) gives it, and as many
/// claims in all as the legal list holds; a player whose costs no module changes
/// (`costs_change_for`) pays every class as `game.lane_classes` says.
#[test]
fn claims_counted_per_class_match_the_lane_walk_on_uk_games() {
    let game = uk();
    let (mut priced, mut plain) = (0, 0);
    each_main_position(&game, 40, |state| {
        let mut stack = [0u32; STACK_CLASSES];
        let mut heap = Vec::new();
        let ways = class_buffer(&game, &mut stack, &mut heap);
        let total = state.class_claim_ways(&game, ways);
        let mut walked = 0;
        state.for_each_claim_count(&game, |lane, n| {
            assert_eq!(ways[state.class_of(&game, lane)], n, "lane {lane}");
            walked += n;
            true
        });
        assert_eq!(total, walked);
        let mut legal = Vec::new();
        state.legal_actions(&game, &mut legal);
        let claims = legal
            .iter()
            .filter(|a| matches!(a, Action::Claim { .. }))
            .count();
        assert_eq!(total as usize, claims);
        let p = state.current;
        if state.costs_change_for(&game, p) {
            priced += 1;
        } else {
            plain += 1;
            for (c, class) in game.lane_classes.iter().enumerate() {
                assert_eq!(&state.class_cost(&game, p, c), class, "class {c}");
            }
        }
    });
    assert!(
        priced > 100 && plain > 100,
        "{priced} priced, {plain} plain"
    );
}
