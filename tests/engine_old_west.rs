//! Old West (`mechanics.city_markers`, `mechanics.alvin`): the rule text's worked examples,
//! played through the engine one action at a time.
//!
//! Players get cards by hand before each claim (ten of every kind), so these positions do not
//! keep the deck's card count; `engine_invariants` checks real games.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use ttrmap::engine::hooks::Choice;
use ttrmap::engine::mechanics::city_markers::{MARKER, MarkerChoice, SKIP, START};
use ttrmap::engine::scoring::score_detailed;
use ttrmap::engine::{Action, CARD_KINDS, Game, Phase, State};
use ttrmap::model::{MapFile, MarkersCountedAt};

fn map(counted_at: MarkersCountedAt) -> MapFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/old-west.toml");
    let loaded = ttrmap::load::load_path(&path).expect("readable");
    let mut map = loaded.map.expect("loads");
    map.mechanics
        .city_markers
        .as_mut()
        .expect("markers")
        .counted_at = counted_at;
    map
}

/// A game of Old West, with or without Alvin.
fn old_west(players: u8, alvin: bool, counted_at: MarkersCountedAt) -> Game {
    let without: Vec<String> = if alvin {
        Vec::new()
    } else {
        vec!["mechanics.alvin".into()]
    };
    Game::new_without(&map(counted_at), players, None, &without).expect("playable")
}

fn module(game: &Game, name: &str) -> usize {
    (0..game.mechanics.len())
        .find(|&m| game.mechanics.modules[m].name().starts_with(name))
        .unwrap_or_else(|| panic!("no module {name}"))
}

fn city(game: &Game, id: &str) -> u16 {
    game.city_ids.iter().position(|c| c == id).expect(id) as u16
}

fn route(game: &Game, a: &str, b: &str) -> usize {
    let (a, b) = (city(game, a), city(game, b));
    game.routes
        .iter()
        .position(|r| (r.city_a, r.city_b) == (a, b) || (r.city_a, r.city_b) == (b, a))
        .expect("a route between them")
}

struct Table {
    game: Game,
    state: State,
    rng: ChaCha8Rng,
    markers: usize,
}

impl Table {
    /// Setup: everyone keeps three tickets, then the starting cities are chosen, from the last
    /// seat counter-clockwise (the rule text), `starts[p]` for player `p`.
    fn new(game: Game, starts: &[&str]) -> Table {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut state = State::new(&game, 7, &mut rng);
        while state.phase == Phase::SetupTickets {
            state
                .apply(&game, Action::KeepTickets(0b111), &mut rng)
                .expect("keeps three");
        }
        let markers = module(&game, "city markers");
        for p in (0..game.players).rev() {
            assert_eq!(
                state.current_player(),
                p,
                "counter-clockwise from the last seat"
            );
            assert_eq!(
                state.phase,
                Phase::Mechanic {
                    mechanic: markers as u8,
                    step: START
                }
            );
            // Before its start, a player can claim nothing.
            let mut lanes = Vec::new();
            state.claimable_lanes(&game, &mut lanes);
            assert!(lanes.is_empty());
            let choice = city(&game, starts[p as usize]);
            state
                .apply(
                    &game,
                    Action::Mechanic {
                        mechanic: markers as u8,
                        choice,
                    },
                    &mut rng,
                )
                .expect("a free city");
        }
        assert_eq!((state.phase, state.current_player()), (Phase::Main, 0));
        Table {
            game,
            state,
            rng,
            markers,
        }
    }

    fn apply(&mut self, a: Action) {
        self.state
            .apply(&self.game, a, &mut self.rng)
            .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }

    /// Turns of the others (two blind draws each) until it is `p`'s turn.
    fn turn_of(&mut self, p: u8) {
        while self.state.current_player() != p {
            self.apply(Action::DrawBlind);
            if matches!(self.state.phase, Phase::Drawing { .. }) {
                self.apply(Action::DrawBlind);
            }
        }
    }

    /// Player `p` claims the route between `a` and `b` (given the cards for it), then puts a
    /// marker on `marker` or skips.
    fn claim(&mut self, p: u8, a: &str, b: &str, marker: Option<&str>) {
        self.turn_of(p);
        self.state.players[p as usize].hand = [10; CARD_KINDS];
        let r = route(&self.game, a, b);
        let mut legal = Vec::new();
        self.state.legal_actions(&self.game, &mut legal);
        let claim = legal
            .iter()
            .copied()
            .find(|&x| matches!(x, Action::Claim { lane, .. } if self.game.lane_route[lane as usize] as usize == r))
            .unwrap_or_else(|| panic!("{a}–{b} is not claimable by player {p}"));
        self.apply(claim);
        let choice = match marker {
            None => SKIP,
            Some(c) => {
                let end = (self.game.routes[r].city_a != city(&self.game, c)) as u8;
                // A pair of the first colour.
                MarkerChoice {
                    end,
                    color: 0,
                    locos: 0,
                }
                .to_choice()
            }
        };
        let mechanic = self.markers as u8;
        let asked = Phase::Mechanic {
            mechanic,
            step: MARKER,
        };
        if self.state.phase == asked {
            self.apply(Action::Mechanic { mechanic, choice });
        } else {
            // No free end (or no marker left): nothing is asked.
            assert_eq!(marker, None, "no marker decision after {a}–{b}");
        }
    }

    /// The routes `p` may claim now, as city-id pairs.
    fn claimable(&self) -> Vec<(String, String)> {
        let mut lanes = Vec::new();
        self.state.claimable_lanes(&self.game, &mut lanes);
        let mut out: Vec<(String, String)> = lanes
            .iter()
            .map(|&l| {
                let r = &self.game.routes[self.game.lane_route[l as usize] as usize];
                (
                    self.game.city_ids[r.city_a as usize].clone(),
                    self.game.city_ids[r.city_b as usize].clone(),
                )
            })
            .collect();
        out.dedup();
        out
    }

    fn route_points(&self) -> Vec<i32> {
        score_detailed(&self.game, &self.state, &[])
            .iter()
            .map(|d| d.route_points)
            .collect()
    }
}

/// "You have chosen Salt Lake City as your Starting City. The first route you claimed is from
/// Salt Lake City to Green River. The next route you claim must connect to either Salt Lake
/// City or Green River. [...] Green River-Cheyenne [...] then Salt Lake City, Green River, or
/// Cheyenne."
#[test]
fn salt_lake_city_start_and_expansion() {
    let mut t = Table::new(
        old_west(2, false, MarkersCountedAt::Claim),
        &["salt-lake-city", "seattle"],
    );
    t.state.players[0].hand = [10; CARD_KINDS];
    let touches = |t: &Table, cities: &[&str]| {
        let claimable = t.claimable();
        assert!(!claimable.is_empty());
        for (a, b) in &claimable {
            assert!(
                cities.contains(&a.as_str()) || cities.contains(&b.as_str()),
                "{a}–{b} does not touch {cities:?}"
            );
        }
        claimable
    };
    let first = touches(&t, &["salt-lake-city"]);
    assert!(first.contains(&("green-river".into(), "salt-lake-city".into())));
    t.claim(0, "salt-lake-city", "green-river", None);
    t.turn_of(0);
    t.state.players[0].hand = [10; CARD_KINDS];
    touches(&t, &["salt-lake-city", "green-river"]);
    t.claim(0, "green-river", "cheyenne", None);
    t.turn_of(0);
    t.state.players[0].hand = [10; CARD_KINDS];
    let third = touches(&t, &["salt-lake-city", "green-river", "cheyenne"]);
    // Cheyenne's routes are open now (Cheyenne–Denver is a triple route).
    assert!(third.iter().any(|(a, b)| a == "cheyenne" && b == "denver"));
    // And nothing out there: Denver–Pueblo touches none of the three.
    assert!(!third.iter().any(|(a, b)| a == "denver" && b == "pueblo"));
}

/// "You have a City Marker in Salt Lake City. An opponent claims the route from St. George to
/// Salt Lake City. You receive 7 points and the opponent receives none." (Salt Lake City is
/// player 0's starting city, which holds their first marker.)
#[test]
fn a_marker_takes_the_seven_points_of_an_opponents_route() {
    let mut t = Table::new(
        old_west(2, false, MarkersCountedAt::Claim),
        &["salt-lake-city", "las-vegas"],
    );
    // Player 1 grows from Las Vegas to St. George: 2 spaces, 2 points, theirs (their own
    // marker is at Las Vegas).
    t.claim(1, "las-vegas", "st-george", None);
    assert_eq!(t.route_points(), [0, 2]);
    // St. George–Salt Lake City, 4 spaces, 7 points: to the marker in Salt Lake City.
    t.claim(1, "st-george", "salt-lake-city", None);
    // 0 + 7 = 7 for player 0; player 1 keeps 2 (Las Vegas–St. George) + 0 = 2.
    assert_eq!(t.route_points(), [7, 2]);
    let detailed = score_detailed(&t.game, &t.state, &[]);
    let line = detailed[0].routes.last().expect("a route line");
    assert_eq!((line.points, line.from), (7, Some(1)));
    // The score track moved the same way at the claim.
    assert_eq!(
        [
            t.state.players[0].route_points,
            t.state.players[1].route_points
        ],
        [7, 2]
    );
}

/// "You have City Markers in St. George and Salt Lake City. An opponent claims the Route
/// between those two cities. You receive 14 points and the opponent receives none."
#[test]
fn markers_at_both_ends_score_the_route_twice() {
    let mut t = Table::new(
        old_west(2, false, MarkersCountedAt::Claim),
        &["salt-lake-city", "las-vegas"],
    );
    // Player 0: Salt Lake City–Grand Junction (3 spaces, 4 points; their start scores it),
    // then Grand Junction–St. George (4 spaces, 7 points; no marker at either end when
    // claimed: the claimer's), and a marker on St. George.
    t.claim(0, "salt-lake-city", "grand-junction", None);
    t.claim(0, "grand-junction", "st-george", Some("st-george"));
    assert_eq!(t.route_points(), [4 + 7, 0]);
    // Player 1: Las Vegas–St. George (2 points) scores for both markers: player 1's start at
    // Las Vegas and player 0's at St. George.
    t.claim(1, "las-vegas", "st-george", None);
    assert_eq!(t.route_points(), [11 + 2, 2]);
    // St. George–Salt Lake City (7 points), both ends player 0's: 2 × 7 = 14 to them, 0 to
    // the claimer. Player 0: 4 + 7 + 2 + 14 = 27; player 1: 2.
    t.claim(1, "st-george", "salt-lake-city", None);
    assert_eq!(t.route_points(), [27, 2]);
    assert_eq!(
        [
            t.state.players[0].route_points,
            t.state.players[1].route_points
        ],
        [27, 2]
    );
}

/// The map option: with `counted_at = "claim"` (the default) a marker placed after a claim
/// does not divert it; with `"end"` it does, in the final scoring.
#[test]
fn a_later_marker_diverts_earlier_routes_only_when_counted_at_the_end() {
    let play = |counted_at| {
        let mut t = Table::new(
            old_west(2, false, counted_at),
            &["salt-lake-city", "flagstaff"],
        );
        // Player 1 claims Flagstaff–St. George first (2 points; their start at Flagstaff).
        t.claim(1, "flagstaff", "st-george", None);
        // Then player 0 reaches St. George and puts a marker there.
        t.claim(0, "salt-lake-city", "grand-junction", None);
        t.claim(0, "grand-junction", "st-george", Some("st-george"));
        t.route_points()
    };
    // At the claim: player 0 scores 4 + 7 = 11, player 1 keeps Flagstaff–St. George's 2.
    assert_eq!(play(MarkersCountedAt::Claim), [11, 2]);
    // At the end: St. George's marker also takes Flagstaff–St. George, which scores for both
    // markers (Flagstaff is player 1's): 11 + 2 = 13 and 2.
    assert_eq!(play(MarkersCountedAt::End), [13, 2]);
}

/// One marker a city, three a player (the start counted), never in Alvin's city.
#[test]
fn markers_are_limited_to_three_one_a_city_and_not_in_alvins_city() {
    let game = old_west(2, true, MarkersCountedAt::Claim);
    let roswell = city(&game, "roswell");
    // Roswell is no start with Alvin, and is one without him.
    let starts = |game: &Game| {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut state = State::new(game, 7, &mut rng);
        while state.phase == Phase::SetupTickets {
            state
                .apply(game, Action::KeepTickets(0b111), &mut rng)
                .unwrap();
        }
        let mut legal = Vec::new();
        state.legal_actions(game, &mut legal);
        legal
    };
    let with_alvin = starts(&game);
    assert!(
        !with_alvin
            .iter()
            .any(|a| matches!(a, Action::Mechanic { choice, .. } if *choice == roswell))
    );
    assert_eq!(with_alvin.len(), game.city_ids.len() - 1);
    let without = old_west(2, false, MarkersCountedAt::Claim);
    assert_eq!(starts(&without).len(), without.city_ids.len());

    let mut t = Table::new(game, &["albuquerque", "santa-fe"]);
    // Player 1's start is Santa Fe: Albuquerque–Santa Fe offers player 0 no marker on it.
    t.claim(0, "albuquerque", "las-cruces", Some("las-cruces"));
    t.claim(0, "albuquerque", "durango", Some("durango"));
    // Three markers placed (Albuquerque, Las Cruces, Durango): no marker decision after the
    // next claim.
    t.turn_of(0);
    t.state.players[0].hand = [10; CARD_KINDS];
    let r = route(&t.game, "albuquerque", "flagstaff");
    let mut legal = Vec::new();
    t.state.legal_actions(&t.game, &mut legal);
    let claim = *legal
        .iter()
        .find(|&&x| matches!(x, Action::Claim { lane, .. } if t.game.lane_route[lane as usize] as usize == r))
        .unwrap();
    t.apply(claim);
    assert_eq!(t.state.phase, Phase::Main, "no marker left: no decision");
    assert_eq!(t.state.current_player(), 1);
}

/// Alvin: "The first player to Claim a Route into Roswell captures Alvin. He immediately
/// receives 10 points. He must then move Alvin to any city he controls (including his
/// starting city). When another player Claims a Route into the city where Alvin is, he
/// captures him [...] The player who controls Alvin at the end of the game [...] adds 10
/// points."
#[test]
fn alvin_is_captured_moved_and_captured_again() {
    let game = old_west(2, true, MarkersCountedAt::Claim);
    let alvin = module(&game, "Alvin");
    let mut t = Table::new(game, &["albuquerque", "santa-fe"]);
    let alvin_line = |t: &Table| -> Vec<(u32, i32)> {
        score_detailed(&t.game, &t.state, &[])
            .iter()
            .map(|d| {
                let b = d.bonuses.iter().find(|b| b.mechanic == alvin).unwrap();
                (b.measure, b.points)
            })
            .collect()
    };
    assert_eq!(alvin_line(&t), [(0, 0), (0, 0)]);
    // Player 0 claims Albuquerque–Roswell: no free end for a marker (Albuquerque is theirs,
    // Roswell forbidden), so the claim is followed by Alvin's move only.
    t.turn_of(0);
    t.state.players[0].hand = [10; CARD_KINDS];
    let r = route(&t.game, "albuquerque", "roswell");
    let mut legal = Vec::new();
    t.state.legal_actions(&t.game, &mut legal);
    let claim = *legal
        .iter()
        .find(|&&x| matches!(x, Action::Claim { lane, .. } if t.game.lane_route[lane as usize] as usize == r))
        .unwrap();
    t.apply(claim);
    assert_eq!(
        t.state.phase,
        Phase::Mechanic {
            mechanic: alvin as u8,
            step: 0
        }
    );
    // He may only go to a city player 0 controls: Albuquerque.
    t.state.legal_actions(&t.game, &mut legal);
    let albuquerque = city(&t.game, "albuquerque");
    assert_eq!(
        legal,
        [Action::Mechanic {
            mechanic: alvin as u8,
            choice: albuquerque
        }]
    );
    t.apply(legal[0]);
    // One capture, and he holds him: 10 + 10 = 20 for player 0.
    assert_eq!(alvin_line(&t), [(1, 20), (0, 0)]);
    // Player 1 (Santa Fe) claims Santa Fe–Albuquerque, Alvin's city: captured. The marker
    // decision comes first (Albuquerque is taken; no free end), then the move to Santa Fe.
    t.turn_of(1);
    t.state.players[1].hand = [10; CARD_KINDS];
    let r = route(&t.game, "albuquerque", "santa-fe");
    t.state.legal_actions(&t.game, &mut legal);
    let claim = *legal
        .iter()
        .find(|&&x| matches!(x, Action::Claim { lane, .. } if t.game.lane_route[lane as usize] as usize == r))
        .unwrap();
    t.apply(claim);
    let santa_fe = city(&t.game, "santa-fe");
    t.apply(Action::Mechanic {
        mechanic: alvin as u8,
        choice: santa_fe,
    });
    // Player 0 keeps the 10 of their capture; player 1: 10 (capture) + 10 (holds him) = 20.
    assert_eq!(alvin_line(&t), [(1, 10), (1, 20)]);
    // Player 1 claiming into Santa Fe again captures nothing: he is theirs.
    t.claim(1, "santa-fe", "pueblo", None);
    assert_eq!(alvin_line(&t), [(1, 10), (1, 20)]);
}

/// A claim's points beyond its route are asked only of the modules that give them
/// ([`ClaimBonus`](ttrmap::engine::ClaimBonus)): Alvin on Old West, none without him, and
/// none on the USA, whose bonus module advises on tickets only (the style bots skip the
/// question there, lane by lane, every turn).
#[test]
fn claim_bonus_is_asked_only_of_the_modules_that_give_it() {
    let with = old_west(4, true, MarkersCountedAt::Claim);
    let alvin = module(&with, "Alvin");
    assert_eq!(with.mechanics.claim_bonus, vec![alvin as u8]);
    let without = old_west(4, false, MarkersCountedAt::Claim);
    assert!(without.mechanics.claim_bonus.is_empty());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/usa.toml");
    let usa = ttrmap::load::load_path(&path)
        .expect("readable")
        .map
        .expect("loads");
    let usa = Game::new(&usa, 4, None).expect("playable");
    assert!(!usa.mechanics.is_empty(), "the USA plays a bonus module");
    assert!(usa.mechanics.claim_bonus.is_empty());
}
