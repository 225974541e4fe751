//! The mechanic-module hooks, exercised by a small module defined here (the way a later rule
//! system plugs in): per-game state, setup, a whole-turn action, on claim, ticket value and
//! end scoring, through real seeded games.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use std::sync::Arc;
use ttrmap::bots::{Bot, RandomBot};
use ttrmap::engine::scoring::{BonusLine, Components, DetailedScore, score_detailed};
use ttrmap::engine::{
    Action, Actions, AfterAction, Cards, ChoiceKind, Decisions, EndScoring, Game, Goal,
    IllegalMove, Mechanic, OnClaim, OnDraw, Phase, Setup, State, TicketValue,
};
use ttrmap::load::load_path;
use ttrmap::model::MapFile;
use ttrmap::playtest::{game_seed, play_game, record};

#[path = "engine_mechanics/second_hooks.rs"]
mod second_hooks;

/// A made-up rule: each player starts with `tokens` tokens (setup); a turn may be spent to
/// cash one in (the action); every claimed lane is counted (on claim); a pair ticket is worth
/// one point more than printed when completed (ticket value); at the end each counted claim
/// scores 1 and each cashed token 3 (end scoring).
#[derive(Debug)]
struct Tokens {
    tokens: u32,
}

impl Tokens {
    // Words per player: tokens left, tokens cashed, lanes claimed.
    const WORDS: usize = 3;
}

impl Mechanic for Tokens {
    fn name(&self) -> String {
        "tokens (test)".into()
    }
    fn state_words(&self, game: &Game) -> usize {
        Self::WORDS * game.players as usize
    }

    ttrmap::plays!(setup, actions, on_claim, ticket_value, end_scoring);
}

impl Setup for Tokens {
    fn setup(&self, game: &Game, state: &mut State, me: usize, _rng: &mut ChaCha8Rng) {
        for p in 0..game.players as usize {
            state.mechanic_words_mut(game, me)[p * Self::WORDS] = self.tokens;
        }
    }
}

impl Actions for Tokens {
    fn main_actions(&self, game: &Game, state: &State, me: usize, push: &mut dyn FnMut(Action)) {
        let p = state.current_player() as usize;
        if state.mechanic_words(game, me)[p * Self::WORDS] > 0 {
            push(Action::Mechanic {
                mechanic: me as u8,
                choice: 0,
            });
        }
    }
    fn apply_action(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        choice: u32,
        _rng: &mut ChaCha8Rng,
    ) -> Result<AfterAction, IllegalMove> {
        if choice != 0 {
            return Err(IllegalMove::NoSuch(ChoiceKind::Any));
        }
        let p = state.current_player() as usize;
        let words = state.mechanic_words_mut(game, me);
        words[p * Self::WORDS] -= 1;
        words[p * Self::WORDS + 1] += 1;
        Ok(AfterAction::EndTurn)
    }
}

impl OnClaim for Tokens {
    fn on_claim(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        player: u8,
        _lane: u16,
        _paid: &Cards,
    ) {
        state.mechanic_words_mut(game, me)[player as usize * Self::WORDS + 2] += 1;
    }
}

impl TicketValue for Tokens {
    fn ticket_value(
        &self,
        _game: &Game,
        _state: &State,
        _p: usize,
        goal: &Goal,
        net: &mut Components,
    ) -> Option<(i32, bool)> {
        match goal {
            Goal::Pair(a, b, points) if net.joined(a, b) => Some((points + 1, true)),
            _ => None,
        }
    }
}

impl EndScoring for Tokens {
    fn end_scoring(&self, game: &Game, state: &State, me: usize, scores: &mut [DetailedScore]) {
        let words = state.mechanic_words(game, me);
        for (p, d) in scores.iter_mut().enumerate() {
            let (cashed, claims) = (words[p * Self::WORDS + 1], words[p * Self::WORDS + 2]);
            d.add_bonus(BonusLine {
                mechanic: me,
                measure: claims,
                points: (claims + 3 * cashed) as i32,
            });
        }
    }
}

pub(crate) fn usa() -> MapFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    load_path(&path).expect("readable").map.expect("loaded")
}

fn usa_with_tokens(players: u8) -> (Game, usize) {
    let map = usa();
    let mut game = Game::new(&map, players, None).expect("playable");
    let me = game.mechanics.len();
    game.add_mechanic(&map, Arc::new(Tokens { tokens: 2 }));
    (game, me)
}

#[test]
fn a_map_without_mechanics_installs_none_and_keeps_no_module_state() {
    let map = usa();
    let game = Game::new(&map, 2, None).unwrap();
    // USA: longest path only (its one bonus), nothing else.
    let names: Vec<String> = game.mechanics.modules.iter().map(|m| m.name()).collect();
    assert_eq!(names, ["longest-path (longest path)"]);
    let state = State::new(&game, 1, &mut ChaCha8Rng::seed_from_u64(1));
    assert!(state.mechanic_state.is_empty());
}

#[test]
fn every_hook_runs_in_played_games() {
    let (game, me) = usa_with_tokens(3);
    let mut cashed_somewhere = false;
    for i in 0..20 {
        let mut bots: Vec<Box<dyn Bot>> = (0..3).map(|_| Box::new(RandomBot) as _).collect();
        let state = play_game(&game, &mut bots, game_seed(11, i));
        let Some(result) = &state.result else {
            panic!("game {i} did not finish: {:?}", state.failure);
        };
        let words = state.mechanic_words(&game, me);
        let detailed = score_detailed(&game, &state, &[]);
        for p in 0..3 {
            let (left, cashed, claims) = (
                words[p * Tokens::WORDS],
                words[p * Tokens::WORDS + 1],
                words[p * Tokens::WORDS + 2],
            );
            // Setup gave 2; each cash-in moved one across.
            assert_eq!(left + cashed, 2, "game {i} player {p}");
            cashed_somewhere |= cashed > 0;
            // On claim counted exactly the lanes the player holds.
            let held = state.lane_owner().iter().filter(|&&o| o == p as u8).count();
            assert_eq!(claims as usize, held, "game {i} player {p}");
            // End scoring: a line of this module worth claims + 3 × cashed.
            let line = detailed[p]
                .bonuses
                .iter()
                .find(|b| b.mechanic == me)
                .expect("the module's line");
            assert_eq!(line.points, (claims + 3 * cashed) as i32);
            // Ticket value: every completed pair ticket scored its printed value + 1.
            for t in &detailed[p].tickets {
                if let Goal::Pair(_, _, printed) = game.tickets[t.ticket as usize].goal {
                    let want = if t.completed { printed + 1 } else { -printed };
                    assert_eq!(t.points, want, "game {i} ticket {}", t.ticket);
                }
            }
            assert_eq!(result[p].total, detailed[p].total);
        }
    }
    assert!(
        cashed_somewhere,
        "random players never used the module's action"
    );
}

#[test]
fn module_actions_are_legal_only_when_offered_and_an_illegal_one_changes_nothing() {
    let (game, me) = usa_with_tokens(2);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut state = State::new(&game, 3, &mut rng);
    // Keep every ticket of the setup deals.
    while state.phase != Phase::Main {
        state
            .apply(&game, Action::KeepTickets(0b111), &mut rng)
            .unwrap();
    }
    let cash = Action::Mechanic {
        mechanic: me as u8,
        choice: 0,
    };
    let mut legal = Vec::new();
    state.legal_actions(&game, &mut legal);
    assert!(legal.contains(&cash) && state.is_legal(&game, cash));
    // Another module index, or a choice the module does not offer, is refused untouched.
    for bad in [
        Action::Mechanic {
            mechanic: me as u8 + 1,
            choice: 0,
        },
        Action::Mechanic {
            mechanic: me as u8,
            choice: 1,
        },
    ] {
        assert!(!state.is_legal(&game, bad));
        let before = format!("{state:?}");
        assert!(state.apply(&game, bad, &mut rng).is_err());
        assert_eq!(format!("{state:?}"), before);
    }
    // Cash both tokens (one per turn of player 1; player 2 draws in between).
    state.apply(&game, cash, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, cash, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    // No token left: no longer offered, no longer legal.
    assert_eq!(state.current_player(), 0);
    state.legal_actions(&game, &mut legal);
    assert!(!legal.contains(&cash) && !state.is_legal(&game, cash));
    assert_eq!(state.mechanic_words(&game, me)[..2], [0, 2]);
}

#[test]
fn module_actions_round_trip_through_replay_codes() {
    let a = Action::Mechanic {
        mechanic: 3,
        choice: 517,
    };
    assert_eq!(record::decode(&record::encode(a)), Some(a));
    assert_eq!(record::decode("m3"), None);
    assert_eq!(record::decode("m3.x"), None);
}

/// A made-up rule for the on-draw hook, decisions and lane blocking: after a turn in which
/// they drew cards, a player closes one lane (of the first three open to the next player) to
/// the next player, or passes on it.
#[derive(Debug)]
struct Roadblock;

const PASS_ON_IT: u16 = u16::MAX;

impl Roadblock {
    fn next(game: &Game, state: &State) -> u8 {
        (state.current_player() + 1) % game.players
    }
}

impl Mechanic for Roadblock {
    fn name(&self) -> String {
        "roadblock (test)".into()
    }

    ttrmap::plays!(on_draw, decisions);
}

impl OnDraw for Roadblock {
    fn on_draw(&self, _game: &Game, state: &mut State, me: usize, _player: u8, _card: u8) {
        state.ask_at_turn_end(me, 7);
    }
}

impl Decisions for Roadblock {
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: u16,
        push: &mut dyn FnMut(Action) -> bool,
    ) {
        assert_eq!(step, 7, "the step asked for comes back");
        let next = Self::next(game, state);
        let open = (0..game.lane_count()).filter(|&l| state.lane_is_open_to(game, l, next));
        for lane in open.take(3) {
            push(Action::Mechanic {
                mechanic: me as u8,
                choice: lane as u16,
            });
        }
        push(Action::Mechanic {
            mechanic: me as u8,
            choice: PASS_ON_IT,
        });
    }
    fn apply_decision(
        &self,
        game: &Game,
        state: &mut State,
        _me: usize,
        _step: u16,
        choice: u32,
        _rng: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        if choice != PASS_ON_IT as u32 {
            let next = Self::next(game, state);
            state.set_lane_blocked(game, next, choice as usize, true);
        }
        Ok(())
    }
}

#[test]
fn decisions_after_a_draw_close_lanes_and_keep_every_cache_true() {
    let map = usa();
    let mut game = Game::new(&map, 3, None).unwrap();
    let me = game.mechanics.len();
    game.add_mechanic(&map, Arc::new(Roadblock));
    let (mut decisions, mut blocks) = (0, 0);
    for i in 0..12 {
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed(21, i));
        let mut state = State::new(&game, i, &mut rng);
        let mut legal = Vec::new();
        let mut blocked: Vec<(u8, usize)> = Vec::new();
        while !state.is_terminal() {
            state
                .check_caches(&game)
                .expect("caches agree with the tables");
            state.legal_actions(&game, &mut legal);
            assert!(!legal.is_empty(), "game {i}: stuck");
            for &a in &legal {
                assert!(
                    state.is_legal(&game, a),
                    "game {i}: {a:?} listed but not legal"
                );
            }
            assert_eq!(state.legal_count(&game).0, legal.len() as u32);
            if let Phase::Mechanic { mechanic, step } = state.phase {
                assert_eq!((mechanic as usize, step), (me, 7));
                decisions += 1;
            }
            // Blocked lanes are never offered to the blocked player.
            for &a in &legal {
                if let Action::Claim { lane, .. } = a {
                    assert!(
                        !blocked.contains(&(state.current_player(), lane as usize)),
                        "game {i}: blocked lane {lane} offered"
                    );
                }
            }
            let pick = legal[(state.turn as usize * 7 + legal.len() / 2) % legal.len()];
            if let (Phase::Mechanic { .. }, Action::Mechanic { choice, .. }) = (state.phase, pick)
                && choice != PASS_ON_IT
            {
                let next = (state.current_player() + 1) % 3;
                blocked.push((next, choice as usize));
                blocks += 1;
            }
            state.apply(&game, pick, &mut rng).unwrap();
            for &(p, lane) in &blocked {
                assert!(state.lane_blocked(&game, p, lane));
                assert_ne!(
                    state.lane_owner()[lane],
                    p,
                    "game {i}: a blocked lane was claimed"
                );
            }
        }
    }
    assert!(
        decisions > 100 && blocks > 20,
        "{decisions} decisions, {blocks} blocks"
    );
}

#[test]
fn unblocking_reopens_only_what_the_tables_leave_open() {
    let map = usa();
    let game = Game::new(&map, 2, None).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut state = State::new(&game, 1, &mut rng);
    state.set_lane_blocked(&game, 0, 5, true);
    assert!(!state.lane_is_open_to(&game, 5, 0) && state.lane_is_open_to(&game, 5, 1));
    state.check_caches(&game).unwrap();
    // Player 1 claims lane 5 while it is blocked for player 0; unblocking does not reopen it.
    state.assign_lane(&game, 5, 1);
    state.set_lane_blocked(&game, 0, 5, false);
    assert!(!state.lane_is_open_to(&game, 5, 0));
    state.check_caches(&game).unwrap();
    // A free lane blocked then unblocked is open again.
    state.set_lane_blocked(&game, 1, 9, true);
    state.set_lane_blocked(&game, 1, 9, false);
    assert!(state.lane_is_open_to(&game, 9, 1));
    state.check_caches(&game).unwrap();
}

/// Every module file is listed for `ttrmap explain` (a new module cannot be forgotten), and
/// `explain ID` prints the file's own `//!` comment.
#[test]
fn explain_knows_every_mechanic_module_by_its_file() {
    use ttrmap::engine::mechanics::MODULE_DOCS;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine/mechanics");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("mechanics dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".rs") && f != "mod.rs")
        .map(|f| f.trim_end_matches(".rs").replace('_', "-"))
        .collect();
    files.sort();
    let listed: Vec<&str> = MODULE_DOCS.iter().map(|(id, _)| *id).collect();
    assert_eq!(listed, files);
    for (id, source) in MODULE_DOCS {
        let path = dir.join(format!("{}.rs", id.replace('-', "_")));
        assert_eq!(
            *source,
            std::fs::read_to_string(&path).expect("module source")
        );
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ttrmap"))
            .args(["explain", id])
            .output()
            .expect("runs");
        assert!(out.status.success(), "explain {id}");
        let doc = ttrmap::doc_comment::module_doc(source);
        assert!(!doc.is_empty(), "{id} has no //! comment");
        assert!(
            String::from_utf8_lossy(&out.stdout).starts_with(&doc),
            "explain {id}"
        );
    }
}
