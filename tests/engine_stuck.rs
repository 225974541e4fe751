//! A player who can do nothing: `rules.end_game.when_stuck`. The rule texts require one
//! action per turn (France, Iberia: "one (and only one)" of the actions) and are silent on a
//! player with none, so `pass` (default) and `fail` are both offered; see `WhenStuck`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use ttrmap::bots;
use ttrmap::engine::position::blank_position;
use ttrmap::engine::{Action, CARD_KINDS, Game, NOBODY, Phase, State};
use ttrmap::model::{MapFile, WhenStuck};
use ttrmap::playtest::record::{GameRecord, decode, encode, replay};
use ttrmap::playtest::{Config, RecordHeader, Recording, Report, game_seed, run, run_with};

/// Card index of red (`Color::CARD_COLORS` order).
const RED: usize = 0;

/// The USA map without its own `when_stuck` (it sets `end`), so that these tests start from
/// the engine's default and set the option themselves.
fn usa_text() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let text = std::fs::read_to_string(path).expect("maps/usa.toml");
    let own = "end_game = { when_stuck = \"end\" }\n";
    assert!(
        text.contains(own),
        "maps/usa.toml sets when_stuck = \"end\""
    );
    text.replacen(own, "", 1)
}

#[test]
fn the_usa_map_ends_a_game_nobody_can_continue() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml"))
        .expect("maps/usa.toml");
    let game = Game::new(&load(&text), 3, None).unwrap();
    assert_eq!(game.when_stuck, WhenStuck::End);
}

fn load(text: &str) -> MapFile {
    let loaded = ttrmap::load::load_str("usa.toml", text);
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    loaded.map.expect("loaded")
}

/// The USA map, with `when_stuck` set in the map's own `[rules]` when given.
fn usa(when_stuck: Option<&str>) -> MapFile {
    let text = usa_text();
    match when_stuck {
        None => load(&text),
        Some(v) => {
            let rules = "[rules]\n";
            assert!(text.contains(rules));
            load(&text.replacen(rules, &format!("{rules}end_game.when_stuck = \"{v}\"\n"), 1))
        }
    }
}

/// Three players at the start of player 1's turn with nothing to take: no train card
/// anywhere, no ticket left, and player 1 holds a single red card while every length-1
/// route (the only ones one card could pay) belongs to player 3. Players 2 and 3 hold
/// nothing.
fn stuck_position(game: &Game) -> State {
    let mut s = blank_position(game);
    s.phase = Phase::Main;
    s.current = 0;
    s.seed = 4242;
    s.deck = [0; CARD_KINDS];
    s.deck_size = 0;
    s.discard = [0; CARD_KINDS];
    s.face_up.iter_mut().for_each(|c| *c = NOBODY);
    s.ticket_decks.iter_mut().for_each(|d| d.clear());
    s.players[0].hand[RED] = 1;
    for route in &game.routes {
        let lane = route.first_lane as usize;
        if route.length == 1 && s.lane_is_open_to(game, lane, 0) {
            s.assign_lane(game, lane, 2);
        }
    }
    s.check_caches(game).expect("caches kept by assign_lane");
    s
}

/// `legal_actions`, `legal_count`, `sample_legal` and `is_legal` tell the same story.
fn legal(game: &Game, state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    state.legal_actions(game, &mut out);
    let tickets_at = out.iter().position(|&a| a == Action::DrawTickets);
    assert_eq!(
        state.legal_count(game),
        (out.len() as u32, tickets_at.map(|i| i as u32))
    );
    for (i, &a) in out.iter().enumerate() {
        assert_eq!(state.sample_legal(game, |_, _| Some(i as u32)), Some(a));
        assert!(state.is_legal(game, a), "{a:?}");
    }
    assert_eq!(
        state.sample_legal(game, |n, _| Some(n)),
        None,
        "past the end"
    );
    assert_eq!(
        state.is_legal(game, Action::Pass),
        out.contains(&Action::Pass)
    );
    out
}

#[test]
fn the_option_loads_with_pass_as_default() {
    let default = Game::new(&usa(None), 3, None).unwrap();
    assert_eq!(default.when_stuck, WhenStuck::Pass);
    let fail = Game::new(&usa(Some("fail")), 3, None).unwrap();
    assert_eq!(fail.when_stuck, WhenStuck::Fail);
    let pass = Game::new(&usa(Some("pass")), 3, None).unwrap();
    assert_eq!(pass.when_stuck, WhenStuck::Pass);
    // Anything else is a schema error located at the key.
    let text = usa_text().replacen("[rules]\n", "[rules]\nend_game.when_stuck = \"skip\"\n", 1);
    let loaded = ttrmap::load::load_str("usa.toml", &text);
    assert!(loaded.has_errors());
    assert!(loaded.map.is_none());
}

#[test]
fn a_stuck_player_can_only_pass() {
    let game = Game::new(&usa(None), 3, None).unwrap();
    let mut state = stuck_position(&game);
    assert!(state.is_stuck(&game));
    assert_eq!(legal(&game, &state), vec![Action::Pass]);
    assert_eq!(state.legal_count(&game), (1, None));
    assert!(!state.is_legal(&game, Action::DrawBlind));
    assert!(!state.is_legal(&game, Action::DrawTickets));

    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let turn = state.turn;
    state.apply(&game, Action::Pass, &mut rng).unwrap();
    // The pass is player 1's turn; nothing else changed.
    assert_eq!(state.current, 1);
    assert_eq!(state.turn, turn + 1);
    assert_eq!(state.players[0].turns, 1);
    assert_eq!(state.players[0].hand[RED], 1);
    assert_eq!(state.passes_in_row, 1);
    assert_eq!(state.phase, Phase::Main);
    assert!(state.failure.is_none());
}

#[test]
fn pass_is_illegal_when_anything_else_is() {
    let game = Game::new(&usa(None), 3, None).unwrap();
    let mut state = stuck_position(&game);
    // One card in the discard pile: a blind draw is possible, so no pass.
    state.discard[RED] = 1;
    assert!(!state.is_stuck(&game));
    let actions = legal(&game, &state);
    assert_eq!(actions, vec![Action::DrawBlind]);
    let before = (state.current, state.turn, state.passes_in_row);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(state.apply(&game, Action::Pass, &mut rng).is_err());
    assert_eq!((state.current, state.turn, state.passes_in_row), before);
    // Outside the main phase a pass is never legal.
    let mut drawing = stuck_position(&game);
    drawing.phase = Phase::Drawing { left: 1 };
    assert!(!drawing.is_stuck(&game));
    assert!(!drawing.is_legal(&game, Action::Pass));
}

#[test]
fn under_fail_a_stuck_player_has_no_action() {
    let game = Game::new(&usa(Some("fail")), 3, None).unwrap();
    let mut state = stuck_position(&game);
    assert!(state.is_stuck(&game));
    assert!(legal(&game, &state).is_empty());
    assert_eq!(state.legal_count(&game), (0, None));
    assert_eq!(state.sample_legal(&game, |_, _| Some(0)), None);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(state.apply(&game, Action::Pass, &mut rng).is_err());
    // Every bot then has nothing to return, and the runner records the failure.
    for name in bots::BOT_NAMES {
        let mut bot = bots::by_name(name).unwrap();
        let mut bot_rng = ChaCha8Rng::seed_from_u64(2);
        assert_eq!(bot.act(&game, &state, &mut Vec::new(), &mut bot_rng), None);
    }
}

#[test]
fn every_bot_passes_when_stuck() {
    let game = Game::new(&usa(None), 3, None).unwrap();
    let state = stuck_position(&game);
    for name in bots::BOT_NAMES {
        let mut bot = bots::by_name(name).unwrap();
        let mut a = ChaCha8Rng::seed_from_u64(5);
        let mut b = a.clone();
        let acted = bot.act(&game, &state, &mut Vec::new(), &mut a);
        assert_eq!(acted, Some(Action::Pass), "{name}");
        let mut bot = bots::by_name(name).unwrap();
        assert_eq!(
            bot.choose(&game, &state, &[Action::Pass], &mut b),
            Action::Pass,
            "{name}"
        );
        assert_eq!(a, b, "{name}: act and choose use their randomness alike");
    }
}

#[test]
fn a_whole_round_of_passes_is_a_failure_with_the_seed() {
    let game = Game::new(&usa(None), 3, None).unwrap();
    let mut state = stuck_position(&game);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for passed in 1..=2 {
        assert_eq!(legal(&game, &state), vec![Action::Pass]);
        state.apply(&game, Action::Pass, &mut rng).unwrap();
        assert_eq!(state.passes_in_row, passed);
        assert!(state.failure.is_none(), "not yet after {passed} passes");
    }
    assert_eq!(legal(&game, &state), vec![Action::Pass]);
    state.apply(&game, Action::Pass, &mut rng).unwrap();
    assert!(state.is_terminal());
    assert!(state.result.is_none());
    let failure = state.failure.clone().expect("a failure state");
    assert_eq!(failure.seed, 4242);
    assert_eq!(failure.turn, 3);
    assert!(
        failure.reason.contains("no legal action") && failure.reason.contains("all 3 passed"),
        "{}",
        failure.reason
    );
}

#[test]
fn under_end_a_whole_round_of_passes_ends_and_scores_the_game() {
    let game = Game::new(&usa(Some("end")), 3, None).unwrap();
    assert_eq!(game.when_stuck, WhenStuck::End);
    let mut state = stuck_position(&game);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..3 {
        assert_eq!(legal(&game, &state), vec![Action::Pass]);
        state.apply(&game, Action::Pass, &mut rng).unwrap();
    }
    assert!(state.is_terminal());
    assert!(state.failure.is_none());
    let result = state.result.clone().expect("scored as it stands");
    // Player 3 holds every length-1 route (1 point each, route table: 1 space = 1 point);
    // nobody holds a ticket or another route. Players 1 and 2 have no path at all (0), so
    // the longest-path bonus (10) goes to player 3 alone: total = (number of 1s) + 10.
    let ones = game.routes.iter().filter(|r| r.length == 1).count() as i32;
    assert_eq!(result[2].routes, ones);
    assert_eq!((result[0].total, result[1].total), (0, 0));
    assert_eq!(result[2].total, ones + 10);
    assert!(result[2].winner && !result[0].winner);
}

#[test]
fn another_players_action_resets_the_passes() {
    let game = Game::new(&usa(None), 3, None).unwrap();
    let mut state = stuck_position(&game);
    // Player 2 holds six red cards: enough for any red route of the map.
    state.players[1].hand[RED] = 6;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    state.apply(&game, Action::Pass, &mut rng).unwrap();
    assert_eq!(state.passes_in_row, 1);
    let actions = legal(&game, &state);
    assert!(!actions.contains(&Action::Pass));
    let claim = *actions
        .iter()
        .find(|a| matches!(a, Action::Claim { .. }))
        .expect("a red claim");
    state.apply(&game, claim, &mut rng).unwrap();
    assert_eq!(state.passes_in_row, 0);
    // The paid cards went to the discard pile, and from there at once into the empty
    // display (a display refills as soon as cards come back): player 3 is no longer stuck.
    assert_eq!(state.current, 2);
    assert!(state.face_up.contains(&(RED as u8)), "{:?}", state.face_up);
    assert!(
        legal(&game, &state)
            .iter()
            .any(|a| matches!(a, Action::DrawFaceUp(_) | Action::DrawBlind))
    );
}

#[test]
fn a_pass_counts_as_a_turn_of_the_last_round() {
    let game = Game::new(&usa(None), 3, None).unwrap();
    let mut state = stuck_position(&game);
    // Player 3 started the last round: players 1 and 2 have one turn each left.
    state.last_round_left = Some(2);
    state.ended_by = Some(2);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    state.apply(&game, Action::Pass, &mut rng).unwrap();
    assert!(!state.is_terminal());
    state.apply(&game, Action::Pass, &mut rng).unwrap();
    assert!(state.is_terminal());
    assert!(state.failure.is_none(), "{:?}", state.failure);
    assert_eq!(state.scores().len(), 3);
}

#[test]
fn the_pass_has_a_replay_code() {
    assert_eq!(encode(Action::Pass), "n");
    assert_eq!(decode("n"), Some(Action::Pass));
    assert_eq!(decode("n1"), None);
}

const GAMES: u64 = 2_000;
const SEED: u64 = 1;

fn config() -> Config {
    Config {
        games: GAMES,
        seed: SEED,
        bots: vec!["random".into()],
        threads: 0,
        progress: false,
    }
}

/// The random games under `pass`, with their recording.
fn recorded_pass_games(game: &Game) -> (Report, Vec<GameRecord>) {
    let mut out: Vec<u8> = Vec::new();
    let header = RecordHeader {
        map: "usa.toml".into(),
        map_hash: "0".into(),
        mode: None,
        players: game.players,
        without: Vec::new(),
    };
    let report = run_with(
        game,
        &config(),
        Some(Recording {
            header,
            out: &mut out,
        }),
    )
    .unwrap();
    let records = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a record"))
        .collect();
    (report, records)
}

/// In random 3-player USA games every stuck position measured so far is a dead end for all
/// three players (each has 3 trains left and every open route is 4 spaces or longer, so the
/// last round can never start), so `pass` turns the same games into failure states one round
/// later; it can only ever save games, never lose them.
#[test]
fn random_games_get_stuck_the_same_way_under_both_options() {
    let map = usa(None);
    let pass_game = Game::new(&map, 3, None).unwrap();
    let (pass, records) = recorded_pass_games(&pass_game);
    let fail_game = Game::new(&usa(Some("fail")), 3, None).unwrap();
    let fail = run(&fail_game, &config()).unwrap();
    assert_eq!((pass.games, fail.games), (GAMES, GAMES));

    // These seeds do reach stuck positions, so both options are exercised.
    assert!(fail.failures >= 1);
    // Both play the same game up to the first stuck player: exactly the games that fail
    // under `fail` have a pass under `pass`.
    assert_eq!(pass.passes.games, fail.failures);
    assert_eq!(fail.passes.games, 0);
    // A pass never makes a game fail that `fail` would have finished.
    assert!(pass.failures <= fail.failures);
    assert!(pass.passes.total >= 3 * pass.failures);
    for f in &fail.failure_list {
        assert_eq!(f.seed, game_seed(SEED, f.game));
        assert!(f.reason.contains("no legal action"), "{}", f.reason);
        assert!(f.reason.contains("when_stuck = \"fail\""), "{}", f.reason);
    }
    for f in &pass.failure_list {
        assert_eq!(f.seed, game_seed(SEED, f.game));
        assert!(f.reason.contains("all 3 passed in a row"), "{}", f.reason);
        // The same game stopped at least a whole round later than under `fail`.
        let under_fail = fail
            .failure_list
            .iter()
            .find(|x| x.game == f.game)
            .expect("failed under fail too");
        assert!(f.turn >= under_fail.turn + 3, "{f:?} vs {under_fail:?}");
    }

    // The recording agrees with the report, and a game with a pass replays and tells it,
    // down to its failure state (which the engine itself reaches under `pass`).
    let with_pass: Vec<&GameRecord> = records
        .iter()
        .filter(|r| r.actions.iter().any(|a| a == "n"))
        .collect();
    assert_eq!(with_pass.len() as u64, pass.passes.games);
    let passes: usize = records
        .iter()
        .map(|r| r.actions.iter().filter(|a| *a == "n").count())
        .sum();
    assert_eq!(passes as u64, pass.passes.total);
    let first = with_pass[0];
    let told = replay(&pass_game, &map, first.seed, &first.actions).expect("replays");
    assert!(
        told.turns
            .iter()
            .any(|(_, _, text)| text == "passes: nothing it can do")
    );
    if pass.failure_list.iter().any(|f| f.seed == first.seed) {
        assert!(told.failure.is_some_and(|f| f.contains("passed in a row")));
    }
}
