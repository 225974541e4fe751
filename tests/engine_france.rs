//! France (`mechanics.track_pieces`, `crosses`, zones): the rule text's worked examples,
//! played through the engine one action at a time, and positions scored as `ttrmap score`
//! scores them.
//!
//! Players get cards by hand before each claim, so these positions do not keep the deck's
//! card count; `engine_invariants` checks real games.

use crate::common;

use common::{TempDir, ttrmap_in};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use ttrmap::engine::hooks::{Choice, Counter};
use ttrmap::engine::mechanics::crossings::Crossings;
use ttrmap::engine::mechanics::track_pieces::{self, BUILD, LaneColour, TrackPieces};
use ttrmap::engine::{Action, CARD_KINDS, Game, LOCO, NOBODY, Phase, State};
use ttrmap::model::{Color, MapFile, NoPieceFits, TrackPiece};

fn map() -> MapFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/france.toml");
    let loaded = ttrmap::load::load_path(&path).expect("readable");
    assert!(!loaded.has_errors(), "france.toml has errors");
    loaded.map.expect("loads")
}

fn colour(c: Color) -> u8 {
    Color::CARD_COLORS
        .iter()
        .position(|&x| x == c)
        .expect("a card colour") as u8
}

fn city(game: &Game, id: &str) -> u16 {
    game.city_ids.iter().position(|c| c == id).expect(id) as u16
}

/// The route between cities `a` and `b`.
fn route(game: &Game, a: &str, b: &str) -> usize {
    let (a, b) = (city(game, a), city(game, b));
    game.routes
        .iter()
        .position(|r| (r.city_a, r.city_b) == (a, b) || (r.city_a, r.city_b) == (b, a))
        .expect("a route between them")
}

/// The lanes of route `r`.
fn lanes(game: &Game, r: usize) -> Vec<usize> {
    let route = &game.routes[r];
    let first = route.first_lane as usize;
    (first..first + route.lane_count as usize).collect()
}

struct Table {
    game: Game,
    state: State,
    rng: ChaCha8Rng,
    track: usize,
}

impl Table {
    /// Setup: everyone keeps three of their five tickets.
    fn new(game: Game) -> Table {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut state = State::new(&game, 7, &mut rng);
        while state.phase == Phase::SetupTickets {
            state
                .apply(&game, Action::KeepTickets(0b111), &mut rng)
                .expect("keeps three");
        }
        assert_eq!((state.phase, state.current_player()), (Phase::Main, 0));
        let track = game.mechanics.get::<TrackPieces>().expect("track pieces").0;
        Table {
            game,
            state,
            rng,
            track,
        }
    }

    fn pieces(&self) -> &TrackPieces {
        self.game
            .mechanics
            .get::<TrackPieces>()
            .expect("track pieces")
            .1
    }

    fn crossings(&self) -> usize {
        self.game.mechanics.get::<Crossings>().expect("crossings").0
    }

    fn apply(&mut self, a: Action) {
        self.state
            .apply(&self.game, a, &mut self.rng)
            .unwrap_or_else(|e| panic!("{a:?}: {e}"));
    }

    fn legal(&self) -> Vec<Action> {
        let mut legal = Vec::new();
        self.state.legal_actions(&self.game, &mut legal);
        legal
    }

    /// The builds offered now, as (lane, colour).
    fn builds(&self) -> Vec<(usize, u8)> {
        assert_eq!(
            self.state.phase,
            Phase::Mechanic {
                mechanic: self.track as u8,
                step: BUILD
            }
        );
        self.legal()
            .into_iter()
            .map(|a| match a {
                Action::Mechanic { choice, .. } => {
                    let c = choice as usize;
                    (c / 10, (c % 10) as u8)
                }
                other => panic!("{other:?} in a build decision"),
            })
            .collect()
    }

    /// The current player draws two blind cards: the build decision follows.
    fn draw_two(&mut self) {
        self.apply(Action::DrawBlind);
        self.apply(Action::DrawBlind);
    }

    /// The current player draws two cards and builds `lane` with a piece of `color`.
    fn draw_and_build(&mut self, lane: usize, color: u8) {
        self.draw_two();
        assert!(
            self.builds().contains(&(lane, color)),
            "lane {lane} in colour {color} is not offered"
        );
        self.apply(Action::Mechanic {
            mechanic: self.track as u8,
            choice: LaneColour {
                lane,
                colour: color,
            }
            .to_choice(),
        });
    }

    /// The lanes the current player may claim now.
    fn claimable(&self) -> Vec<usize> {
        let mut lanes = Vec::new();
        self.state.claimable_lanes(&self.game, &mut lanes);
        lanes.into_iter().map(|l| l as usize).collect()
    }

    /// The current player, given `hand`, claims `lane` paying with `color` and no
    /// locomotive.
    fn claim(&mut self, lane: usize, color: u8, hand: [u16; CARD_KINDS]) {
        let p = self.state.current_player() as usize;
        self.state.players[p].hand = hand;
        let claim = Action::Claim {
            lane: lane as u16,
            color,
            locos: 0,
        };
        assert!(self.legal().contains(&claim), "{claim:?} is not legal");
        self.apply(claim);
    }

    fn counter(&self, name: &str, player: Option<u8>) -> i64 {
        let mut out: Vec<Counter> = Vec::new();
        for (m, module) in self.game.mechanics.modules.iter().enumerate() {
            if let Some(report) = module.report() {
                report.counters(&self.game, &self.state, m, &mut out);
            }
        }
        out.iter()
            .find(|c| c.name == name && c.player == player)
            .unwrap_or_else(|| panic!("no counter {name} for {player:?}"))
            .value
    }
}

fn france(players: u8) -> Table {
    Table::new(Game::new(&map(), players, None).expect("France plays"))
}

/// "The blue player has just drawn two cards. He now chooses the yellow 5-space Track Piece
/// and puts it on the Marseille-Grenoble Route. Note that the Avignon-Briançon and
/// Avignon-Nice Routes are now permanently cut off [...]" Then: "The red player [...] claims
/// the Marseille-Grenoble Route by removing the Track Piece (which is now available again)
/// [...] Note that both crossed Routes remain cut off."
#[test]
fn marseille_grenoble_cuts_both_avignon_routes_for_good() {
    let mut t = france(4);
    let yellow = colour(Color::Yellow);
    let gm = lanes(&t.game, route(&t.game, "grenoble", "marseille"))[0];
    let cut = [
        route(&t.game, "avignon", "briancon"),
        route(&t.game, "avignon", "nice"),
    ];
    // Before: both Avignon routes may be built (pieces of 3 and 4 fit them).
    t.draw_two();
    let offered = t.builds();
    for &r in &cut {
        assert!(offered.iter().any(|&(l, _)| lanes(&t.game, r).contains(&l)));
    }
    // The blue player (seat 0) builds Marseille–Grenoble with the yellow 5.
    t.apply(Action::Mechanic {
        mechanic: t.track as u8,
        choice: LaneColour {
            lane: gm,
            colour: yellow,
        }
        .to_choice(),
    });
    assert_eq!(t.state.lane_color(&t.game, gm), yellow);
    // One yellow piece of 5 in the game: none left in the supply.
    assert_eq!(t.pieces().supply(&t.game, &t.state, t.track, 5, yellow), 0);
    let crossings = t.crossings();
    for &r in &cut {
        assert!(Crossings::is_cut(&t.game, &t.state, crossings, r));
        for l in lanes(&t.game, r) {
            assert!(t.state.lane_closed(l), "lane {l} of route {r} is open");
        }
    }
    // The red player (seat 1), holding five yellow cards, claims it: the piece goes back.
    assert_eq!(t.state.current_player(), 1);
    let mut hand = [0; CARD_KINDS];
    hand[yellow as usize] = 5;
    t.claim(gm, yellow, hand);
    assert_eq!(t.state.lane_owner()[gm], 1);
    assert_eq!(t.pieces().supply(&t.game, &t.state, t.track, 5, yellow), 1);
    assert!(
        t.pieces()
            .piece_on(&t.game, &t.state, t.track, gm)
            .is_none()
    );
    // Both crossed routes remain cut: never offered to build, never claimable.
    t.draw_two();
    let offered = t.builds();
    for &r in &cut {
        assert!(Crossings::is_cut(&t.game, &t.state, crossings, r));
        for l in lanes(&t.game, r) {
            assert!(!offered.iter().any(|&(x, _)| x == l), "lane {l} offered");
            assert!(!t.state.lane_is_open_to(&t.game, l, 2));
        }
    }
    // The yellow 5 is "available again": offered on the other beds of 5.
    let cherbourg_le_mans = lanes(&t.game, route(&t.game, "cherbourg", "le-mans"))[0];
    assert!(offered.contains(&(cherbourg_le_mans, yellow)));
    // Report figures: one bed built (by seat 0) and claimed by another (seat 1); two
    // routes cut.
    assert_eq!(t.counter("beds built", Some(1)), 0);
    assert_eq!(t.counter("beds built", Some(0)), 1);
    assert_eq!(t.counter("beds built and never claimed", None), 0);
    assert_eq!(
        t.counter("beds built, then claimed by another player", Some(0)),
        1
    );
    assert_eq!(
        t.counter("beds claimed that another player built", Some(1)),
        1
    );
    assert_eq!(t.counter("routes cut by crossings", None), 2);
}

/// "Apart from the one space Routes and the grey Routes which are already built and can be
/// claimed immediately, a player can only claim a Route if it has been built."
#[test]
fn one_space_and_gray_routes_are_built_from_the_start_beds_are_not() {
    let mut t = france(2);
    t.state.players[0].hand = [10; CARD_KINDS];
    let claimable = t.claimable();
    let pieces = t.pieces();
    for l in 0..t.game.lane_count() {
        let r = &t.game.routes[t.game.lane_route[l] as usize];
        let bed = pieces.is_bed(&t.game, l);
        if bed {
            assert!(!claimable.contains(&l), "unbuilt bed {} claimable", r.id);
        }
    }
    for (a, b) in [
        ("amiens", "rouen"),     // 1 space, white
        ("avignon", "toulouse"), // gray, 6 spaces
        ("brest", "cherbourg"),  // gray ferry
        ("metz", "allemagne-1"), // 1 space, into a zone
    ] {
        let l = lanes(&t.game, route(&t.game, a, b))[0];
        assert!(claimable.contains(&l), "{a}–{b} is not claimable");
    }
    // A bed, once built, is claimable in its piece's colour.
    let red = colour(Color::Red);
    let amiens_calais = lanes(&t.game, route(&t.game, "amiens", "calais"))[0];
    t.draw_and_build(amiens_calais, red);
    let mut hand = [0; CARD_KINDS];
    hand[red as usize] = 2;
    t.claim(amiens_calais, red, hand);
    assert_eq!(t.state.lane_owner()[amiens_calais], 1);
}

/// "In 2 and 3 Player games, only one Track of the Double or Triple Routes can be built. In
/// 4 and 5 player games [...] he only builds one track of the route [...] The other routes
/// must be built separately." And "the same player cannot claim more than one track".
#[test]
fn two_and_three_players_build_one_lane_of_a_double_or_triple_route() {
    let blue = colour(Color::Blue);
    for players in [2, 3] {
        let mut t = france(players);
        let am = lanes(&t.game, route(&t.game, "avignon", "marseille"));
        assert_eq!(am.len(), 3);
        t.draw_and_build(am[1], blue);
        // Only that lane: the others are never offered, and only it can be claimed.
        t.draw_two();
        let offered = t.builds();
        assert!(!offered.iter().any(|&(l, _)| am.contains(&l)), "{players}");
        let (l, c) = offered[0];
        t.apply(Action::Mechanic {
            mechanic: t.track as u8,
            choice: LaneColour { lane: l, colour: c }.to_choice(),
        });
        let p = t.state.current_player() as usize;
        t.state.players[p].hand = [10; CARD_KINDS];
        let claimable = t.claimable();
        assert!(claimable.contains(&am[1]));
        assert!(!claimable.contains(&am[0]) && !claimable.contains(&am[2]));
    }
    // Four players: each lane on its own; a player claims one lane of a route at most.
    let mut t = france(4);
    let am = lanes(&t.game, route(&t.game, "avignon", "marseille"));
    t.draw_and_build(am[0], blue); // seat 0
    t.draw_two(); // seat 1: the two other lanes are still offered
    let offered = t.builds();
    assert!(offered.contains(&(am[1], blue)) && offered.contains(&(am[2], blue)));
    t.apply(Action::Mechanic {
        mechanic: t.track as u8,
        choice: LaneColour {
            lane: am[1],
            colour: blue,
        }
        .to_choice(),
    });
    let mut hand = [0; CARD_KINDS];
    hand[blue as usize] = 4;
    t.claim(am[0], blue, hand); // seat 2
    assert!(!t.state.lane_is_open_to(&t.game, am[1], 2));
    // Seat 3 may claim the other built lane; seat 2 may not (one lane of a route each).
    t.state.players[3].hand = [10; CARD_KINDS];
    assert!(t.claimable().contains(&am[1]));
    t.claim(am[1], blue, hand); // seat 3
    assert_eq!(
        (t.state.lane_owner()[am[0]], t.state.lane_owner()[am[1]]),
        (2, 3)
    );
    assert_eq!(t.state.lane_owner()[am[2]], NOBODY);
}

/// With a single piece of 2 in the game, the second card draw finds no piece for any bed:
/// by default the cards are drawn and the build skipped (counted); with `no-card-draw`,
/// drawing cards is not allowed while no piece fits.
#[test]
fn when_no_piece_fits_a_bed() {
    let red = colour(Color::Red);
    for option in [NoPieceFits::SkipBuild, NoPieceFits::NoCardDraw] {
        let mut m = map();
        let pieces = m.mechanics.track_pieces.as_mut().expect("pieces");
        pieces.pieces = vec![TrackPiece {
            length: 2,
            color: Color::Red,
            count: 1,
        }];
        pieces.when_none_fits = option;
        let mut t = Table::new(Game::new(&m, 2, None).expect("plays"));
        let amiens_calais = lanes(&t.game, route(&t.game, "amiens", "calais"))[0];
        t.draw_and_build(amiens_calais, red);
        // Seat 1: the only piece is on the board.
        assert_eq!(t.state.current_player(), 1);
        match option {
            NoPieceFits::SkipBuild => {
                t.draw_two();
                assert_eq!(t.state.phase, Phase::Main, "no build asked");
                assert_eq!(t.state.current_player(), 0);
                assert_eq!(t.counter("builds skipped: no piece fits", Some(1)), 1);
                assert_eq!(t.counter("builds skipped: no piece fits", Some(0)), 0);
            }
            NoPieceFits::NoCardDraw => {
                let legal = t.legal();
                assert!(
                    !legal
                        .iter()
                        .any(|a| matches!(a, Action::DrawBlind | Action::DrawFaceUp(_))),
                    "{legal:?}"
                );
                assert!(legal.contains(&Action::DrawTickets));
                assert!(!t.state.is_legal(&t.game, Action::DrawBlind));
                // A claim puts the piece back: drawing is allowed again.
                let mut hand = [0; CARD_KINDS];
                hand[red as usize] = 2;
                t.claim(amiens_calais, red, hand);
                assert!(t.state.is_legal(&t.game, Action::DrawBlind));
            }
        }
    }
}

/// A build decision reads in words in replays.
#[test]
fn a_build_is_described_in_words() {
    let t = france(2);
    let gm = lanes(&t.game, route(&t.game, "grenoble", "marseille"))[0];
    let module = &t.game.mechanics.modules[t.track];
    let words = module.report().expect("reports").describe(
        &t.game,
        &t.state,
        t.track,
        Some(BUILD),
        LaneColour {
            lane: gm,
            colour: colour(Color::Yellow),
        }
        .to_choice(),
    );
    assert_eq!(
        words.as_deref(),
        Some("builds Grenoble–Marseille with a yellow piece of 5")
    );
}

/// The pieces of the rule text: 64, per colour 3 of 2, 3 of 3, 1 of 4 and 1 of 5, all in
/// the supply at the start; every bed closed, every other route open.
#[test]
fn the_supply_starts_full_and_every_bed_closed() {
    let t = france(5);
    let pieces = t.pieces();
    let mut total = 0;
    for c in 0..LOCO {
        for (length, n) in [(2, 3), (3, 3), (4, 1), (5, 1)] {
            assert_eq!(pieces.supply(&t.game, &t.state, t.track, length, c), n);
            total += n;
        }
    }
    assert_eq!(total, 64);
    for l in 0..t.game.lane_count() {
        for p in 0..5 {
            assert_eq!(
                t.state.lane_is_open_to(&t.game, l, p),
                !pieces.is_bed(&t.game, l)
            );
        }
    }
}

/// A position scored as `ttrmap score` scores it (`engine::position`).
fn score_position(text: &str) -> Result<Vec<i32>, Vec<String>> {
    let read = ttrmap::engine::position::read(text);
    let position = read.position.expect("a position");
    match ttrmap::engine::position::check(&position, &map()) {
        Ok(checked) => Ok(checked.score().iter().map(|s| s.total).collect()),
        Err(problems) => Err(problems.iter().map(|d| d.message.clone()).collect()),
    }
}

/// "Each route leading to one of those zones is a dead-end and separate from others:
/// Different routes leading toward the same zone are not considered connected together."
/// Calais–Allemagne (9): Ada reaches Allemagne from Calais only by passing through Belgique
/// (Calais–Belgique, then Belgique–Reims from another border point), which does not
/// connect; Bea reaches it by one route into Allemagne (at Strasbourg, not at Metz).
#[test]
fn a_zone_ticket_is_completed_through_one_zone_route_not_through_two() {
    let ada = r#"
map = "france.toml"

[[player]]
name = "Ada"
routes = ["calais-belgique-1", "reims-belgique-3", "metz-reims", "metz-allemagne-1"]
tickets = ["calais-allemagne"]

[[player]]
name = "Bob"
"#;
    // Route points (France keeps the USA table, 1/2/4/7/10/15 for 1..6 spaces):
    // 2 (Calais–Belgique) + 7 (Reims–Belgique, 4) + 4 (Metz–Reims, 3) + 1 = 14; the ticket
    // is not completed: 14 - 9 = 5. Longest path (10): Belgique–Reims–Metz–Allemagne,
    // 4 + 3 + 1 = 8 spaces (the two Belgique routes do not join: each is a dead end), Bob
    // none: 5 + 10 = 15. Globetrotter: nobody completed a ticket, nobody scores it.
    assert_eq!(score_position(ada), Ok(vec![15, 0]));
    let bea = r#"
map = "france.toml"

[[player]]
name = "Bea"
routes = ["calais-lille", "lille-reims", "nancy-reims", "metz-nancy", "metz-strasbourg",
          "strasbourg-allemagne-2"]
tickets = ["calais-allemagne"]

[[player]]
name = "Bob"
"#;
    // 2 + 4 + 4 + 1 + 2 + 1 = 14; the ticket completed: 14 + 9 = 23. Longest path: Calais
    // to Allemagne, 2 + 3 + 3 + 1 + 2 + 1 = 12 spaces: + 10 = 33. Globetrotter (15, most
    // completed tickets): Bea's one: 48.
    assert_eq!(score_position(bea), Ok(vec![48, 0]));
}

/// Two crossing routes cannot both be claimed: the first cut the other.
#[test]
fn a_position_claiming_two_crossing_routes_is_refused() {
    let text = r#"
map = "france.toml"

[[player]]
routes = ["grenoble-marseille"]

[[player]]
routes = ["avignon-nice"]
"#;
    let problems = score_position(text).expect_err("refused");
    assert!(
        problems
            .iter()
            .any(|p| p.contains("avignon-nice") && p.contains("grenoble-marseille")),
        "{problems:?}"
    );
}

/// `ttrmap score` on a France position file: zone tickets scored, exit 0; two crossing
/// routes both claimed: exit 1 with the problem located at the second.
#[test]
fn ttrmap_score_scores_a_france_position_with_zones() {
    let dir = TempDir::new("france-score");
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/france.toml");
    let write = |name: &str, body: &str| {
        let file = dir.0.join(name);
        let text = format!("map = {:?}\n{body}", map.display().to_string());
        std::fs::write(&file, text).expect("written");
        file
    };
    // As in a_zone_ticket_is_completed_through_one_zone_route_not_through_two: Bea 48.
    let bea = write(
        "bea.toml",
        r#"
[[player]]
name = "Bea"
routes = ["calais-lille", "lille-reims", "nancy-reims", "metz-nancy", "metz-strasbourg",
          "strasbourg-allemagne-2"]
tickets = ["calais-allemagne"]

[[player]]
name = "Bob"
"#,
    );
    let out = ttrmap_in(
        &dir.0,
        &["score", bea.to_str().unwrap(), "--format", "json"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let totals: Vec<i64> = v["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["total"].as_i64().expect("a total"))
        .collect();
    assert_eq!(totals, [48, 0]);
    let crossing = write(
        "crossing.toml",
        "[[player]]\nroutes = [\"grenoble-marseille\"]\n[[player]]\nroutes = [\"avignon-nice\"]\n",
    );
    let out = ttrmap_in(&dir.0, &["score", crossing.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("position-lane") && stderr.contains("crosses"),
        "{stderr}"
    );
}

/// The hook crossings use: a lane closed for good stays closed when a module opens it again
/// (`State::set_lane_blocked(.., false)`: France's build of a bed), and the open-lane caches
/// agree.
#[test]
fn a_lane_closed_for_good_is_never_opened_again() {
    let mut t = france(3);
    let lane = lanes(&t.game, route(&t.game, "avignon", "toulouse"))[0];
    assert!(t.state.lane_is_open_to(&t.game, lane, 0));
    t.state.close_lane(&t.game, lane);
    for p in 0..3 {
        t.state.set_lane_blocked(&t.game, p, lane, true);
        t.state.set_lane_blocked(&t.game, p, lane, false);
        assert!(!t.state.lane_is_open_to(&t.game, lane, p));
    }
    t.state.check_caches(&t.game).expect("caches agree");
    t.state.players[0].hand = [10; CARD_KINDS];
    assert!(!t.claimable().contains(&lane));
    let claim = Action::Claim {
        lane: lane as u16,
        color: 0,
        locos: 0,
    };
    assert!(!t.state.is_legal(&t.game, claim));
    assert!(t.state.clone().apply(&t.game, claim, &mut t.rng).is_err());
}

/// The other reading, `no-card-draw`, plays whole games: random 5-player games (where the
/// supply runs short of fitting pieces: under `skip-build` random 5-player games skip a build
/// 0.9 times a game) reach turns starting with no piece fitting any bed; there no card
/// draw is offered (nor legal), something else is, and every game ends without a failure.
#[test]
fn no_card_draw_plays_whole_games() {
    use rand::RngExt;
    let mut m = map();
    m.mechanics
        .track_pieces
        .as_mut()
        .expect("pieces")
        .when_none_fits = NoPieceFits::NoCardDraw;
    let game = Game::new(&m, 5, None).expect("France plays");
    let (track, pieces) = game.mechanics.get::<TrackPieces>().expect("track pieces");
    let mut no_fit_turns = 0;
    for seed in 0..40u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut choose = ChaCha8Rng::seed_from_u64(1000 + seed);
        let mut state = State::new(&game, seed, &mut rng);
        let mut legal = Vec::new();
        while state.phase != Phase::Over && state.failure.is_none() {
            legal.clear();
            state.legal_actions(&game, &mut legal);
            assert!(!legal.is_empty(), "seed {seed}: no legal action");
            if state.phase == Phase::Main && !pieces.any_build(&game, &state, track) {
                no_fit_turns += 1;
                assert!(
                    !legal
                        .iter()
                        .any(|a| matches!(a, Action::DrawBlind | Action::DrawFaceUp(_))),
                    "seed {seed}: a draw offered with no piece fitting: {legal:?}"
                );
                assert!(!state.is_legal(&game, Action::DrawBlind));
            }
            let a = legal[choose.random_range(0..legal.len())];
            state
                .apply(&game, a, &mut rng)
                .unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e}"));
        }
        assert_eq!(state.failure, None, "seed {seed}");
    }
    assert!(no_fit_turns > 0, "no turn started with no piece fitting");
}

/// A build is judged legal without listing every build (`is_legal_decision`): at every
/// track-piece decision of random games, under both readings of a turn with no piece
/// fitting, each choice a build could name (every lane with every colour, and the skip,
/// never legal in play since a build is asked only when a piece fits) is legal exactly when
/// the listing offers it. And the builds counted a bed at a time (`sample_decision`) are as
/// many as listed, and the random bot's pick of index `i` is the listing's `i`-th: the same
/// build, so a seed plays the same random game as when they were listed.
#[test]
fn a_build_is_legal_exactly_when_listed() {
    use rand::RngExt;
    for when in [NoPieceFits::SkipBuild, NoPieceFits::NoCardDraw] {
        let mut m = map();
        m.mechanics
            .track_pieces
            .as_mut()
            .expect("pieces")
            .when_none_fits = when;
        let game = Game::new(&m, 5, None).expect("France plays");
        let colours = Color::CARD_COLORS.len() as u16 + 1;
        let mut decisions = 0;
        for seed in 0..6u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut choose = ChaCha8Rng::seed_from_u64(500 + seed);
            let mut state = State::new(&game, seed, &mut rng);
            let mut legal = Vec::new();
            while state.phase != Phase::Over && state.failure.is_none() {
                legal.clear();
                state.legal_actions(&game, &mut legal);
                if let Phase::Mechanic { mechanic, .. } = state.phase {
                    decisions += 1;
                    let every = (0..game.lane_count() as u16 * colours)
                        .chain([track_pieces::SKIP, u16::MAX - 1]);
                    for choice in every {
                        let a = Action::Mechanic { mechanic, choice };
                        assert_eq!(
                            state.is_legal(&game, a),
                            legal.contains(&a),
                            "seed {seed}, {when:?}: {a:?}"
                        );
                    }
                    let other = Action::Mechanic {
                        mechanic: mechanic + 1,
                        choice: 0,
                    };
                    assert!(!state.is_legal(&game, other));
                    assert!(!state.is_legal(&game, Action::DrawBlind));
                    assert_eq!(state.legal_count(&game), (legal.len() as u32, None));
                    for (i, &a) in legal.iter().enumerate() {
                        let picked = state.sample_legal(&game, |_, _| Some(i as u32));
                        assert_eq!(picked, Some(a), "seed {seed}, {when:?}: index {i}");
                    }
                    let past = state.sample_legal(&game, |n, _| Some(n));
                    assert_eq!(past, None, "seed {seed}, {when:?}");
                }
                let a = legal[choose.random_range(0..legal.len())];
                state
                    .apply(&game, a, &mut rng)
                    .unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e}"));
            }
        }
        assert!(decisions > 100, "{when:?}: {decisions} decisions");
    }
}
