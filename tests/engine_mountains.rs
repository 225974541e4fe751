//! Legendary Asia's mountain spaces (`mechanics.mountains`: 1 train lost per mountain space,
//! 2 points per train lost), on hand-built positions.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use ttrmap::engine::position::blank_position;
use ttrmap::engine::scoring::score_detailed;
use ttrmap::engine::{Action, Game, LOCO, Phase, State};

fn asia(players: u8) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/legendary-asia.toml");
    let loaded = ttrmap::load::load_path(&path).expect("readable");
    Game::new(loaded.map.as_ref().expect("loads"), players, None).expect("playable")
}

fn route(game: &Game, id: &str) -> usize {
    game.routes
        .iter()
        .position(|r| r.id == id)
        .unwrap_or_else(|| panic!("no route {id}"))
}

/// A position at the start of player 1's turn holding `locos` locomotives and `trains` trains.
fn ready(game: &Game, trains: u16, locos: u16) -> State {
    let mut s = blank_position(game);
    s.phase = Phase::Main;
    s.current = 0;
    s.players[0].trains = trains;
    s.players[0].hand[LOCO as usize] = locos;
    s
}

#[test]
fn a_mountain_route_takes_its_spaces_plus_one_train_per_mountain_and_scores_them() {
    let game = asia(2);
    // Irkutsk–Ulan Bator: 2 spaces, 2 mountain spaces (the map).
    let r = route(&game, "irkutsk-ulan-bator");
    assert_eq!((game.routes[r].length, game.routes[r].extra_trains), (2, 2));
    let lane = game.routes[r].first_lane as usize;
    let mut s = ready(&game, 10, 2);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let claim = Action::Claim {
        lane: lane as u16,
        color: LOCO,
        locos: 2,
    };
    assert!(s.is_legal(&game, claim));
    s.apply(&game, claim, &mut rng).unwrap();
    // 10 trains − 2 spaces − 2 mountains = 6.
    assert_eq!(s.players[0].trains, 6);
    let scores = score_detailed(&game, &s, &[]);
    let line = scores[0]
        .bonuses
        .iter()
        .find(|b| {
            game.mechanics.modules[b.mechanic]
                .name()
                .starts_with("mountains")
        })
        .expect("a mountains line");
    // 2 trains lost × 2 points = 4; the route itself scores its length's 2 points.
    assert_eq!((line.measure, line.points), (2, 4));
    assert_eq!(scores[0].route_points, 2);
}

#[test]
fn a_player_short_of_the_mountain_trains_cannot_claim_the_route() {
    let game = asia(2);
    let mountain = route(&game, "irkutsk-ulan-bator");
    let lane = game.routes[mountain].first_lane as usize;
    // 3 trains: enough for the 2 spaces, not for the 2 mountains as well.
    let s = ready(&game, 3, 2);
    let mut claims = Vec::new();
    s.claims_of_lane(&game, lane, &mut claims);
    assert!(claims.is_empty(), "{claims:?}");
    let claim = Action::Claim {
        lane: lane as u16,
        color: LOCO,
        locos: 2,
    };
    assert!(!s.is_legal(&game, claim));
    let mut legal = Vec::new();
    s.legal_actions(&game, &mut legal);
    assert!(!legal.contains(&claim));
    // A 2-space route without mountains is still claimable with the same hand.
    let plain = game
        .routes
        .iter()
        .position(|r| r.length == 2 && r.extra_trains == 0 && r.ferry == 0)
        .expect("a plain 2-space route");
    let mut plain_claims = Vec::new();
    s.claims_of_lane(
        &game,
        game.routes[plain].first_lane as usize,
        &mut plain_claims,
    );
    assert!(!plain_claims.is_empty());
    // With 4 trains the mountain route is open.
    let s = ready(&game, 4, 2);
    let mut claims = Vec::new();
    s.claims_of_lane(&game, lane, &mut claims);
    assert!(claims.contains(&claim), "{claims:?}");
}

/// `ttrmap score` counts mountain trains too: routes whose spaces fit in a player's 45 trains
/// but whose spaces and mountains do not are refused.
#[test]
fn score_refuses_a_position_short_of_the_mountain_trains() {
    let game = asia(2);
    // Mountain routes, most mountains first, while their spaces alone fit in the trains.
    let mut mountain: Vec<&ttrmap::engine::RouteInfo> =
        game.routes.iter().filter(|r| r.extra_trains > 0).collect();
    mountain.sort_by_key(|r| std::cmp::Reverse(r.extra_trains));
    let (mut spaces, mut needed, mut ids) = (0u16, 0u16, Vec::new());
    for r in mountain {
        if spaces + r.length as u16 <= game.trains {
            spaces += r.length as u16;
            needed += r.trains_needed();
            ids.push(format!("\"{}\"", r.id));
        }
    }
    assert!(
        spaces <= game.trains && needed > game.trains,
        "{spaces} / {needed}"
    );
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/legendary-asia.toml");
    let position = format!(
        "map = {:?}\n[[player]]\nroutes = [{}]\n[[player]]\n",
        map.to_str().expect("utf-8"),
        ids.join(", ")
    );
    let file = std::env::temp_dir().join(format!("ttrmap-mountains-{}.toml", std::process::id()));
    std::fs::write(&file, position).expect("temp position");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ttrmap"))
        .args(["score", file.to_str().expect("utf-8")])
        .output()
        .expect("runs");
    let _ = std::fs::remove_file(&file);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("the routes use {needed} trains")),
        "{err}"
    );
}
