//! The United Kingdom (`mechanics.technologies`, `rules.locomotives.any_cards_as_one`): the
//! rule text's facts and examples, played through the engine one action at a time.
//!
//! Players get cards by hand before each purchase or claim (said where), so these positions
//! do not keep the deck's card count; `engine_invariants` checks real games.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ttrmap::engine::hooks::Choice;
use ttrmap::engine::mechanics::technologies::{DRAW3, Purchase, Technologies};
use ttrmap::engine::scoring::score_detailed;
use ttrmap::engine::{Action, CARD_KINDS, Game, LOCO, NOBODY, Phase, State, pack_claim_locos};
use ttrmap::model::Color;

use crate::common::engine as setup;
use setup::{claim, colour, game, hand, lane, legal, map_file};

fn uk_map() -> ttrmap::model::MapFile {
    map_file("uk.toml")
}

fn uk(players: u8) -> Game {
    game("uk.toml", players)
}

fn tech(game: &Game) -> (usize, &Technologies) {
    game.mechanics.get::<Technologies>().expect("technologies")
}

fn tid(game: &Game, id: &str) -> usize {
    tech(game).1.find(id).expect(id)
}

/// Every player keeps all five setup tickets; player 0's first turn.
fn started(players: u8) -> (Game, State, ChaCha8Rng) {
    started_on(uk(players))
}

/// [`started`] on a game of the caller's (a map with its options changed).
fn started_on(game: Game) -> (Game, State, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let mut state = State::new(&game, 16, &mut rng);
    while state.phase == Phase::SetupTickets {
        state
            .apply(&game, Action::KeepTickets(0b11111), &mut rng)
            .unwrap();
    }
    assert_eq!(state.phase, Phase::Main);
    (game, state, rng)
}

fn claims(game: &Game, state: &State, lane: usize) -> Vec<Action> {
    let mut out = Vec::new();
    state.claims_of_lane(game, lane, &mut out);
    out
}

fn buy(game: &Game, t: usize, direct: u8) -> Action {
    Action::Mechanic {
        mechanic: tech(game).0 as u8,
        choice: (t | (direct as usize) << 5) as u16,
    }
}

fn give(game: &Game, state: &mut State, p: u8, id: &str) {
    let (me, t) = tech(game);
    assert!(t.give(game, state, me, p, tid(game, id)), "{id}");
}

/// Points of player `p`'s line of technology `name` in the final scoring.
fn line(game: &Game, state: &State, p: usize, name: &str) -> i32 {
    let scores = score_detailed(game, state, &[]);
    scores[p]
        .bonuses
        .iter()
        .find(|b| game.mechanics.modules[b.mechanic].name().starts_with(name))
        .unwrap_or_else(|| panic!("a {name} line"))
        .points
}

#[test]
fn setup_follows_the_uk_rules() {
    let (game, state, _) = started(3);
    // 35 trains; 4 train cards plus 1 locomotive; 20 locomotives in the deck (6 more).
    assert_eq!(game.trains, 35);
    assert_eq!(game.composition[LOCO as usize], 20);
    for p in &state.players {
        assert_eq!(p.trains, 35);
        assert_eq!(p.hand.iter().sum::<u16>(), 5);
        assert!(p.hand[LOCO as usize] >= 1);
        // Five tickets dealt, all kept here (at least three must be).
        assert_eq!(p.tickets.len(), 5);
    }
    // Three face-up locomotives are not cleared.
    assert_eq!(game.loco_reset, 0);
    // A ticket draw deals 3.
    assert_eq!(game.draw_deal, 3);
    // Double routes: both lanes from 3 players, one at 2 (Galway–Tullamore).
    let galway = game.lane_route[lane(&game, "galway", "tullamore")] as usize;
    assert_eq!(game.routes[galway].lane_count, 2);
    assert_eq!(game.routes[galway].usable_lanes, 2);
    let two = uk(2);
    assert_eq!(two.routes[galway].usable_lanes, 1);
}

#[test]
fn three_face_up_locomotives_stay_on_display() {
    let (game, mut state, mut rng) = started(2);
    // A deck of locomotives only, a display of four locomotives and a red card: taking the
    // red card refills the slot with a fifth locomotive, and the display stays.
    state.deck = hand(&[(LOCO, 10)]);
    state.deck_size = 10;
    state.face_up = vec![colour(Color::Red), LOCO, LOCO, LOCO, LOCO];
    state.apply(&game, Action::DrawFaceUp(0), &mut rng).unwrap();
    assert_eq!(state.face_up, vec![LOCO; 5]);
    assert_eq!(state.deck_size, 9);
}

#[test]
fn only_short_english_routes_and_new_york_are_open_at_the_start() {
    let (game, state, _) = started(2);
    let map = uk_map();
    let region = |id: &str| {
        map.cities
            .iter()
            .find(|c| c.id == id)
            .and_then(|c| c.region.clone())
    };
    for (r, route) in map.routes.iter().enumerate() {
        let english = region(&route.from).as_deref() == Some("england")
            && region(&route.to).as_deref() == Some("england");
        let expected =
            route.no_technology_needed || (english && route.length <= 2 && route.ferry == 0);
        let l = game.routes[r].first_lane as usize;
        assert_eq!(
            state.lane_is_open_to(&game, l, 0),
            expected,
            "{}–{}",
            route.from,
            route.to
        );
    }
    // For instance: London–Reading (1, England) is open; Birmingham–Llandrindod Wells (2,
    // into Wales), Bristol–Plymouth (3) and Barrow–Liverpool (a ferry) are not.
    assert!(state.lane_is_open_to(&game, lane(&game, "london", "reading"), 0));
    for (a, b) in [
        ("birmingham", "llandrindod-wells"),
        ("bristol", "plymouth"),
        ("barrow", "liverpool"),
    ] {
        assert!(
            !state.lane_is_open_to(&game, lane(&game, a, b), 0),
            "{a}–{b}"
        );
    }
}

#[test]
fn southampton_new_york_needs_no_technology_and_scores_40() {
    let (game, mut state, mut rng) = started(2);
    let ny = lane(&game, "southampton", "new-york-1");
    let red = colour(Color::Red);
    // 10 grey spaces, 3 of them locomotives: 3 locomotives + 7 red cards.
    state.players[0].hand = hand(&[(LOCO, 3), (red, 7)]);
    let before = state.players[0].route_points;
    let a = claim(ny, red, 3);
    assert!(claims(&game, &state, ny).contains(&a));
    state.apply(&game, a, &mut rng).unwrap();
    assert_eq!(state.lane_owner()[ny], 0);
    assert_eq!(state.players[0].route_points - before, 40);
    assert_eq!(state.players[0].trains, 35 - 10);
    assert_eq!(state.players[0].hand, [0; CARD_KINDS]);
}

#[test]
fn any_four_cards_pay_a_ferry_locomotive() {
    let (game, mut state, mut rng) = started(2);
    let ny = lane(&game, "southampton", "new-york-1");
    let (red, blue) = (colour(Color::Red), colour(Color::Blue));
    // 2 locomotives for two locomotive spaces, 4 blue cards for the third, 7 red cards.
    state.players[0].hand = hand(&[(LOCO, 2), (red, 7), (blue, 4)]);
    let a = claim(ny, red, pack_claim_locos(2, 0));
    assert!(claims(&game, &state, ny).contains(&a));
    state.apply(&game, a, &mut rng).unwrap();
    assert_eq!(state.players[0].hand, [0; CARD_KINDS]);
    // Three blue cards are not enough for the third space.
    let (game, mut state, _) = started(2);
    state.players[0].hand = hand(&[(LOCO, 2), (red, 7), (blue, 3)]);
    assert!(claims(&game, &state, ny).is_empty());
}

#[test]
fn any_four_cards_pay_a_coloured_space_as_a_wild_locomotive() {
    let (game, mut state, mut rng) = started(2);
    // Leeds–Nottingham, 2 pink: 1 pink + 4 blue (a locomotive's worth) claims it.
    let l = lane(&game, "leeds", "nottingham");
    let (pink, blue) = (colour(Color::Pink), colour(Color::Blue));
    state.players[0].hand = hand(&[(pink, 1), (blue, 4)]);
    let a = claim(l, pink, 0);
    assert_eq!(claims(&game, &state, l), vec![a]);
    state.apply(&game, a, &mut rng).unwrap();
    assert_eq!(state.players[0].hand, [0; CARD_KINDS]);
    let (game, mut state, _) = started(2);
    state.players[0].hand = hand(&[(pink, 1), (blue, 3)]);
    assert!(claims(&game, &state, l).is_empty());
}

#[test]
fn a_technology_is_paid_in_locomotives_or_any_four_cards_each() {
    let (game, mut state, mut rng) = started(2);
    let (me, t) = tech(&game);
    let wales = tid(&game, "wales-concession");
    let red = colour(Color::Red);
    // Wales Concession costs 1: with 1 locomotive and 3 red cards, only the locomotive pays
    // (3 cards are one short of a locomotive).
    state.players[0].hand = hand(&[(LOCO, 1), (red, 3)]);
    let acts = legal(&game, &state);
    assert!(acts.contains(&buy(&game, wales, 1)));
    assert!(!acts.contains(&buy(&game, wales, 0)));
    // With 4 red cards and no locomotive, the four stand for it.
    state.players[0].hand = hand(&[(red, 4)]);
    let acts = legal(&game, &state);
    assert!(acts.contains(&buy(&game, wales, 0)));
    assert!(!acts.contains(&buy(&game, wales, 1)));
    state.apply(&game, buy(&game, wales, 0), &mut rng).unwrap();
    assert_eq!(state.players[0].hand, [0; CARD_KINDS]);
    assert_eq!(state.discard[red as usize], 4);
    assert_eq!(t.supply(&game, &state, me, wales), 3);
    assert_eq!(t.owned(&game, &state, me, 0), 1 << wales);
    // The purchase is not the turn: the player still takes an action, and may not buy a
    // second technology this turn.
    assert_eq!(state.current_player(), 0);
    state.players[0].hand = hand(&[(LOCO, 5)]);
    let acts = legal(&game, &state);
    assert!(acts.contains(&Action::DrawBlind));
    assert!(
        !acts
            .iter()
            .any(|a| matches!(a, Action::Mechanic { choice, .. } if *choice != DRAW3))
    );
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    // Player 1's turn, then player 0 again: they may buy others, never Wales a second time.
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    assert_eq!(state.current_player(), 0);
    let acts = legal(&game, &state);
    assert!(acts.contains(&buy(&game, tid(&game, "scotland-concession"), 1)));
    assert!(!acts.iter().any(|&a| a == buy(&game, wales, 1)));
}

#[test]
fn the_supply_runs_out() {
    let (game, mut state, _) = started(2);
    let row = tid(&game, "right-of-way");
    let (me, t) = tech(&game);
    // Right of Way has one copy: while player 1 holds it, player 0 cannot buy it.
    assert!(t.give(&game, &mut state, me, 1, row));
    assert_eq!(t.supply(&game, &state, me, row), 0);
    assert!(!t.give(&game, &mut state, me, 0, row));
}

#[test]
fn booster_makes_it_any_three() {
    let (game, mut state, mut rng) = started(2);
    give(&game, &mut state, 0, "booster");
    let wales = tid(&game, "wales-concession");
    let (red, pink, blue) = (colour(Color::Red), colour(Color::Pink), colour(Color::Blue));
    // Three red cards buy a 1-locomotive technology.
    state.players[0].hand = hand(&[(red, 3)]);
    assert!(legal(&game, &state).contains(&buy(&game, wales, 0)));
    // And claim: Leeds–Nottingham (2 pink) with 1 pink + 3 blue.
    let l = lane(&game, "leeds", "nottingham");
    state.players[0].hand = hand(&[(pink, 1), (blue, 3)]);
    let a = claim(l, pink, 0);
    assert_eq!(claims(&game, &state, l), vec![a]);
    state.apply(&game, a, &mut rng).unwrap();
    assert_eq!(state.players[0].hand, [0; CARD_KINDS]);
}

#[test]
fn concessions_open_their_regions() {
    let (game, mut state, mut rng) = started(2);
    let wales = tid(&game, "wales-concession");
    state.players[0].hand = hand(&[(LOCO, 1)]);
    let into_wales = lane(&game, "birmingham", "llandrindod-wells");
    let in_wales = lane(&game, "aberystwyth", "carmarthen");
    let scotland = lane(&game, "aberdeen", "dundee");
    assert!(!state.lane_is_open_to(&game, into_wales, 0));
    state.apply(&game, buy(&game, wales, 1), &mut rng).unwrap();
    // Routes into Wales and inside it open (1 and 2 spaces); Scotland stays closed, and
    // Birmingham–Cardiff (3 spaces, into Wales) still needs Mechanical Stoker.
    assert!(state.lane_is_open_to(&game, into_wales, 0));
    assert!(state.lane_is_open_to(&game, in_wales, 0));
    assert!(!state.lane_is_open_to(&game, scotland, 0));
    assert!(!state.lane_is_open_to(&game, lane(&game, "birmingham", "cardiff"), 0));
    // Player 1 has no concession.
    assert!(!state.lane_is_open_to(&game, into_wales, 1));
    // Scotland Concession: Aberdeen–Dundee (1, Scotland) and Carlisle–Edinburgh (2, into
    // Scotland) open.
    give(&game, &mut state, 0, "scotland-concession");
    assert!(state.lane_is_open_to(&game, scotland, 0));
    assert!(state.lane_is_open_to(&game, lane(&game, "carlisle", "edinburgh"), 0));
    // Ireland/France: Holyhead–Dublin needs Wales, Ireland and Propellers (a ferry).
    let holyhead_dublin = lane(&game, "dublin", "holyhead");
    give(&game, &mut state, 0, "ireland-france-concession");
    assert!(!state.lane_is_open_to(&game, holyhead_dublin, 0));
    give(&game, &mut state, 0, "propellers");
    assert!(state.lane_is_open_to(&game, holyhead_dublin, 0));
}

#[test]
fn stoker_opens_three_spaces_and_the_boiler_four_to_six() {
    let (game, mut state, _) = started(2);
    let three = lane(&game, "bristol", "plymouth");
    let four = lane(&game, "norwich", "nottingham");
    give(&game, &mut state, 0, "superheated-steam-boiler");
    // The Boiler opens 4-6 but not 3: the Stoker is still needed.
    assert!(state.lane_is_open_to(&game, four, 0));
    assert!(!state.lane_is_open_to(&game, three, 0));
    give(&game, &mut state, 1, "mechanical-stoker");
    assert!(state.lane_is_open_to(&game, three, 1));
    assert!(!state.lane_is_open_to(&game, four, 1));
}

#[test]
fn propellers_open_ferries_and_a_ferry_needs_every_other_test_too() {
    let (game, mut state, _) = started(2);
    let barrow_liverpool = lane(&game, "barrow", "liverpool");
    let france = lane(&game, "southampton", "france-1");
    assert!(!state.lane_is_open_to(&game, barrow_liverpool, 0));
    give(&game, &mut state, 0, "propellers");
    assert!(state.lane_is_open_to(&game, barrow_liverpool, 0));
    // Southampton–France (3, ferry, France): Propellers, the Stoker and the concession.
    assert!(!state.lane_is_open_to(&game, france, 0));
    give(&game, &mut state, 0, "mechanical-stoker");
    assert!(!state.lane_is_open_to(&game, france, 0));
    give(&game, &mut state, 0, "ireland-france-concession");
    assert!(state.lane_is_open_to(&game, france, 0));
}

#[test]
fn boiler_lagging_and_steam_turbine_score_the_claims_after_the_purchase() {
    let (game, mut state, mut rng) = started(2);
    let green = colour(Color::Green);
    let blue = colour(Color::Blue);
    // Player 0 claims London–Reading (1 green) before buying anything: no technology points.
    let london_reading = lane(&game, "london", "reading");
    state.players[0].hand = hand(&[(green, 1)]);
    state
        .apply(&game, claim(london_reading, green, 0), &mut rng)
        .unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    // Then buys Boiler Lagging (2 locomotives) and claims Brighton–Southampton (1 blue):
    // +1 for that claim.
    let lagging = tid(&game, "boiler-lagging");
    state.players[0].hand = hand(&[(LOCO, 2), (blue, 1)]);
    state
        .apply(&game, buy(&game, lagging, 2), &mut rng)
        .unwrap();
    let brighton = lane(&game, "brighton", "southampton");
    state
        .apply(&game, claim(brighton, blue, 0), &mut rng)
        .unwrap();
    assert_eq!(line(&game, &state, 0, "Boiler Lagging"), 1);
    // With Steam Turbine and Propellers too, a ferry scores 2 + 1 = 3 more (the rule
    // text's example): Barrow–Liverpool (1 space, a locomotive) scores 1 + 1 + 2.
    give(&game, &mut state, 0, "steam-turbine");
    give(&game, &mut state, 0, "propellers");
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    let ferry = lane(&game, "barrow", "liverpool");
    state.players[0].hand = hand(&[(LOCO, 1)]);
    let before = state.players[0].route_points;
    state.apply(&game, claim(ferry, LOCO, 1), &mut rng).unwrap();
    assert_eq!(state.players[0].route_points - before, 1);
    assert_eq!(line(&game, &state, 0, "Boiler Lagging"), 2);
    assert_eq!(line(&game, &state, 0, "Steam Turbine"), 2);
    // Player 1 has neither: 0 on both lines.
    assert_eq!(line(&game, &state, 1, "Boiler Lagging"), 0);
}

#[test]
fn steam_turbine_counts_new_york_as_a_ferry_by_default() {
    let (game, mut state, mut rng) = started(2);
    give(&game, &mut state, 0, "steam-turbine");
    let ny = lane(&game, "southampton", "new-york-1");
    let red = colour(Color::Red);
    state.players[0].hand = hand(&[(LOCO, 3), (red, 7)]);
    state.apply(&game, claim(ny, red, 3), &mut rng).unwrap();
    assert_eq!(line(&game, &state, 0, "Steam Turbine"), 2);
    // A map saying `counts_as_ferry = false` on it gives nothing.
    let mut map = uk_map();
    let r = map
        .routes
        .iter()
        .position(|r| r.no_technology_needed)
        .unwrap();
    map.routes[r].counts_as_ferry = Some(false);
    let game = Game::new(&map, 2, None).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let mut state = State::new(&game, 16, &mut rng);
    while state.phase == Phase::SetupTickets {
        state
            .apply(&game, Action::KeepTickets(0b11111), &mut rng)
            .unwrap();
    }
    give(&game, &mut state, 0, "steam-turbine");
    state.players[0].hand = hand(&[(LOCO, 3), (red, 7)]);
    state.apply(&game, claim(ny, red, 3), &mut rng).unwrap();
    assert_eq!(line(&game, &state, 0, "Steam Turbine"), 0);
}

/// Gives player `p` the route between `a` and `b` (no cards).
fn assign(game: &Game, state: &mut State, p: u8, a: &str, b: &str) {
    state.assign_lane(game, lane(game, a, b), p);
}

#[test]
fn double_heading_scores_two_a_completed_ticket() {
    let (game, mut state, _) = started(2);
    give(&game, &mut state, 0, "double-heading");
    // Player 0 holds the whole board's English network...
    for r in 0..game.routes.len() {
        let l = game.routes[r].first_lane as usize;
        if state.lane_owner()[l] == NOBODY {
            state.assign_lane(&game, l, 0);
        }
    }
    let scores = score_detailed(&game, &state, &[]);
    let done = scores[0].completed_tickets as i32;
    assert_eq!(done, 5, "every kept ticket completed");
    // ...and completed 5 tickets: 5 × 2 = 10.
    assert_eq!(line(&game, &state, 0, "Double Heading"), 10);
    assert_eq!(line(&game, &state, 1, "Double Heading"), 0);
}

#[test]
fn right_of_way_claims_a_route_another_player_holds_and_goes_back() {
    let (game, mut state, mut rng) = started(2);
    let (me, t) = tech(&game);
    let row = tid(&game, "right-of-way");
    let green = colour(Color::Green);
    let london_reading = lane(&game, "london", "reading");
    // Without a route held by another player, Right of Way is not offered.
    state.players[0].hand = hand(&[(LOCO, 4), (green, 1)]);
    assert!(!legal(&game, &state).contains(&buy(&game, row, 4)));
    assign(&game, &mut state, 1, "london", "reading");
    // 4 locomotives for the card, then 1 green for London–Reading (held by player 1).
    assert!(legal(&game, &state).contains(&buy(&game, row, 4)));
    state.apply(&game, buy(&game, row, 4), &mut rng).unwrap();
    assert_eq!(
        state.phase,
        Phase::Mechanic {
            mechanic: me as u8,
            step: 0
        }
    );
    let choices = legal(&game, &state);
    assert_eq!(
        choices.len(),
        1,
        "one claim: London–Reading with the green card"
    );
    let points = state.players[0].route_points;
    state.apply(&game, choices[0], &mut rng).unwrap();
    assert_eq!(state.lane_owner()[london_reading], 1);
    assert!(state.shared_lanes().contains(&(london_reading as u16, 0)));
    assert_eq!(state.players[0].route_points - points, 1);
    assert_eq!(state.players[0].trains, 34);
    assert_eq!(state.players[0].hand, [0; CARD_KINDS]);
    // The card is back in the supply, and the turn is over.
    assert_eq!(t.supply(&game, &state, me, row), 1);
    assert_eq!(t.owned(&game, &state, me, 0), 0);
    assert_eq!(state.current_player(), 1);
    assert_eq!(state.phase, Phase::Main);
}

/// `ttrmap score` reads a Right of Way claim (`right_of_way`) as the engine plays it: the same
/// route lines, route points and trains as the claim above, made in a game.
#[test]
fn a_position_scores_right_of_way_as_the_engine_plays_it() {
    let (game, mut state, mut rng) = started(2);
    let row = tid(&game, "right-of-way");
    let green = colour(Color::Green);
    assign(&game, &mut state, 1, "london", "reading");
    state.players[0].hand = hand(&[(LOCO, 4), (green, 1)]);
    state.apply(&game, buy(&game, row, 4), &mut rng).unwrap();
    let choices = legal(&game, &state);
    state.apply(&game, choices[0], &mut rng).unwrap();
    let text = "map = \"uk.toml\"\n\
                [[player]]\nright_of_way = [\"london-reading\"]\n\
                [[player]]\nroutes = [\"london-reading\"]\n";
    let read = ttrmap::engine::position::read(text);
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    let checked = ttrmap::engine::position::check(&read.position.expect("read"), &uk_map())
        .unwrap_or_else(|e| panic!("{e:?}"));
    let (written, played) = (checked.score(), score_detailed(&game, &state, &[]));
    for p in 0..2 {
        assert_eq!(written[p].routes, played[p].routes, "player {p}");
        assert_eq!(
            written[p].route_points, played[p].route_points,
            "player {p}"
        );
        assert_eq!(checked.state.players[p].trains, state.players[p].trains);
    }
    // London–Reading is 1 space: 1 point to each owner.
    assert_eq!((written[0].route_points, written[1].route_points), (1, 1));
}

#[test]
fn thermocompressor_claims_twice_then_goes_back() {
    let (game, mut state, mut rng) = started(2);
    let (me, t) = tech(&game);
    let thermo = tid(&game, "thermocompressor");
    let (green, blue) = (colour(Color::Green), colour(Color::Blue));
    state.players[0].hand = hand(&[(LOCO, 1), (green, 1), (blue, 1)]);
    state.apply(&game, buy(&game, thermo, 1), &mut rng).unwrap();
    state
        .apply(
            &game,
            claim(lane(&game, "london", "reading"), green, 0),
            &mut rng,
        )
        .unwrap();
    // Still player 0's turn: a second claim (or end the turn).
    assert_eq!(state.current_player(), 0);
    assert!(legal(&game, &state).contains(&Action::EndTurn));
    state
        .apply(
            &game,
            claim(lane(&game, "brighton", "southampton"), blue, 0),
            &mut rng,
        )
        .unwrap();
    assert_eq!(state.current_player(), 1);
    assert_eq!(state.players[0].routes.len(), 2);
    assert_eq!(t.supply(&game, &state, me, thermo), 1);
    assert_eq!(t.owned(&game, &state, me, 0), 0);
}

#[test]
fn water_tenders_draw_three_blind_cards() {
    let (game, mut state, mut rng) = started(2);
    give(&game, &mut state, 0, "water-tenders");
    state.players[0].hand = [0; CARD_KINDS];
    let a = Action::Mechanic {
        mechanic: tech(&game).0 as u8,
        choice: DRAW3,
    };
    assert!(legal(&game, &state).contains(&a));
    state.apply(&game, a, &mut rng).unwrap();
    assert_eq!(state.players[0].hand.iter().sum::<u16>(), 3);
    assert_eq!(state.current_player(), 1);
    // Player 1 has no Water Tenders.
    assert!(!legal(&game, &state).contains(&a));
}

/// Double Heading (2 points a completed ticket) and Risky Contracts (a gamble on the most
/// completed tickets) pay their holder for the count of completed tickets, so the bots'
/// question "does a module reward this player's completed tickets" is yes for the holder
/// only; Equalising Beam (a gamble on the longest path) is no.
#[test]
fn ticket_count_cards_reward_completed_tickets_of_their_holder() {
    let (game, mut state, _) = started(3);
    let asks = |s: &State, p: u8| game.mechanics.reward_completed_tickets(&game, s, p);
    assert!(!(0..3).any(|p| asks(&state, p)), "nobody holds a card yet");
    give(&game, &mut state, 0, "double-heading");
    give(&game, &mut state, 1, "risky-contracts");
    give(&game, &mut state, 2, "equalising-beam");
    assert!(asks(&state, 0) && asks(&state, 1));
    assert!(!asks(&state, 2));
}

/// A purchase names how many locomotive cards pay (0 up to the cost), one bit each of a
/// 32-bit mask: a card costing 31 is played, one costing 32 is refused by name, never
/// played with some ways to pay it left out. (The schema stops a map file at 20.)
#[test]
fn a_technology_costing_more_than_the_engine_plays_is_refused() {
    for (cost, played) in [(31, true), (32, false)] {
        let mut map = uk_map();
        let cards = &mut map.mechanics.technologies.as_mut().unwrap().cards;
        cards[0].cost = cost;
        let id = cards[0].id.clone();
        match Game::new(&map, 2, None) {
            Ok(_) => assert!(played, "cost {cost} was played"),
            Err(e) => {
                let e = e.to_string();
                assert!(
                    !played && e.contains(&id) && e.contains("32"),
                    "{cost}: {e}"
                );
            }
        }
    }
}

#[test]
fn risky_contracts_and_equalising_beam_win_or_lose() {
    let (game, mut state, _) = started(2);
    give(&game, &mut state, 0, "risky-contracts");
    give(&game, &mut state, 1, "equalising-beam");
    // Player 0 holds London–Reading and Reading–Southampton (path of 2); player 1 holds
    // Plymouth–Southampton (5 spaces, the longer path). Nobody completes a ticket.
    assign(&game, &mut state, 0, "london", "reading");
    assign(&game, &mut state, 0, "reading", "southampton");
    assign(&game, &mut state, 1, "plymouth", "southampton");
    let scores = score_detailed(&game, &state, &[]);
    let (t0, t1) = (scores[0].completed_tickets, scores[1].completed_tickets);
    // Risky Contracts: +20 with the most completed tickets, -20 otherwise (none is not most).
    let expect_risky = if t0 > 0 && t0 >= t1 { 20 } else { -20 };
    assert_eq!(line(&game, &state, 0, "Risky Contracts"), expect_risky);
    assert_eq!(line(&game, &state, 1, "Risky Contracts"), 0);
    // Equalising Beam: player 1's path of 5 is the longest: +15.
    assert_eq!(scores[1].longest_path, 5);
    assert_eq!(line(&game, &state, 1, "Equalising Beam"), 15);
    // Player 0 takes it over with Plymouth–Penzance–... no: give player 0 a longer path.
    assign(&game, &mut state, 0, "hull", "norwich");
    assign(&game, &mut state, 0, "norwich", "nottingham");
    // Hull–Norwich 4 + Norwich–Nottingham 4 = 8 > 5: player 1 loses 15.
    assert_eq!(line(&game, &state, 1, "Equalising Beam"), -15);
    // Player 0 takes every other route and completes all five tickets; player 1 cannot
    // have as many: +20.
    for r in 0..game.routes.len() {
        let l = game.routes[r].first_lane as usize;
        if state.lane_owner()[l] == NOBODY {
            state.assign_lane(&game, l, 0);
        }
    }
    let scores = score_detailed(&game, &state, &[]);
    assert_eq!(scores[0].completed_tickets, 5);
    assert!(scores[1].completed_tickets < 5);
    assert_eq!(line(&game, &state, 0, "Risky Contracts"), 20);
}

#[test]
fn diesel_power_pays_one_card_fewer_never_a_ferry_locomotive() {
    let (game, mut state, mut rng) = started(2);
    give(&game, &mut state, 0, "diesel-power");
    give(&game, &mut state, 0, "mechanical-stoker");
    give(&game, &mut state, 0, "propellers");
    let yellow = colour(Color::Yellow);
    let green = colour(Color::Green);
    // Bristol–Plymouth, 3 yellow: 2 yellow cards claim it.
    let three = lane(&game, "bristol", "plymouth");
    state.players[0].hand = hand(&[(yellow, 2)]);
    let a = claim(three, yellow, 0);
    assert_eq!(claims(&game, &state, three), vec![a]);
    state.apply(&game, a, &mut rng).unwrap();
    assert_eq!(state.players[0].hand, [0; CARD_KINDS]);
    // London–Reading, 1 green: still one card (at least one), never none.
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    let one = lane(&game, "london", "reading");
    state.players[0].hand = [0; CARD_KINDS];
    assert!(claims(&game, &state, one).is_empty());
    state.players[0].hand = hand(&[(green, 1)]);
    assert_eq!(claims(&game, &state, one), vec![claim(one, green, 0)]);
    // Barrow–Liverpool (1 space, a locomotive): the locomotive is still paid.
    let ferry = lane(&game, "barrow", "liverpool");
    state.players[0].hand = hand(&[(green, 1)]);
    assert!(claims(&game, &state, ferry).is_empty());
    state.players[0].hand = hand(&[(LOCO, 1)]);
    assert_eq!(claims(&game, &state, ferry), vec![claim(ferry, LOCO, 1)]);
}

#[test]
fn advanced_cards_are_left_out_when_asked() {
    let map = uk_map();
    let game = Game::new_without(
        &map,
        2,
        None,
        &["mechanics.technologies.advanced".to_string()],
    )
    .unwrap();
    let (_, t) = tech(&game);
    // 11 basic cards in 41 copies.
    assert_eq!(t.techs.len(), 11);
    assert_eq!(t.techs.iter().map(|x| x.copies as u32).sum::<u32>(), 41);
    // With them: 16 cards, 47 copies.
    let all = uk(2);
    let (_, t) = tech(&all);
    assert_eq!(t.techs.len(), 16);
    assert_eq!(t.techs.iter().map(|x| x.copies as u32).sum::<u32>(), 47);
}

#[test]
fn report_counters_say_who_bought_what_and_when() {
    use ttrmap::engine::{Report, final_scores};
    let (game, mut state, mut rng) = started(2);
    let (me, t) = tech(&game);
    let wales = tid(&game, "wales-concession");
    let green = colour(Color::Green);
    // Player 0 buys Wales Concession on their first turn and claims London–Reading (1 point);
    // player 1 buys nothing.
    state.players[0].hand = hand(&[(LOCO, 1), (green, 1)]);
    state.apply(&game, buy(&game, wales, 1), &mut rng).unwrap();
    state
        .apply(
            &game,
            claim(lane(&game, "london", "reading"), green, 0),
            &mut rng,
        )
        .unwrap();
    let result = final_scores(&game, &state);
    let winner0 = result[0].winner as i64;
    let winner1 = result[1].winner as i64;
    state.result = Some(result);
    let mut out = Vec::new();
    t.counters(&game, &state, me, &mut out);
    let get = |name: &str| {
        out.iter()
            .find(|c| c.row.as_deref() == Some("Wales Concession") && c.name == name)
            .unwrap_or_else(|| panic!("{name}"))
            .value
    };
    assert_eq!(get("share of games it was bought in"), 1);
    assert_eq!(get("buyers"), 1);
    // Bought on the buyer's first turn.
    assert_eq!(get("first-purchase turns"), 1);
    assert_eq!(get("non-buyers"), 1);
    assert_eq!(get("buyer wins"), winner0);
    assert_eq!(get("non-buyer wins"), winner1);
    assert_eq!(get("share of games won by a buyer"), winner0);
    // Nobody bought Booster.
    let booster = out
        .iter()
        .find(|c| c.row.as_deref() == Some("Booster") && c.name == "buyers")
        .expect("booster");
    assert_eq!(booster.value, 0);
}

/// Right of Way's purchases as the rule reads: one for each count of locomotive cards that
/// pays the card and leaves a hand that can still pay some claim Right of Way lists.
fn right_of_way_purchases_by_the_rule(game: &Game, state: &State) -> Vec<Action> {
    let (me, t) = tech(game);
    let p = state.current_player();
    let row = tid(game, "right-of-way");
    if state.phase != Phase::Main
        || t.bought_this_turn(game, state, me)
        || t.owned(game, state, me, p) & (1 << row) != 0
        || t.supply(game, state, me, row) == 0
    {
        return Vec::new();
    }
    let held = state.players[p as usize].hand;
    (0..=t.techs[row].cost.min(held[LOCO as usize] as u8))
        .filter(|&direct| {
            let Some(paid) = t.purchase_payment(game, state, me, p, row, direct) else {
                return false;
            };
            let mut left = held;
            for k in 0..CARD_KINDS {
                left[k] -= paid[k];
            }
            !t.right_of_way_claims(game, state, me, p, &left).is_empty()
        })
        .map(|direct| buy(game, row, direct))
        .collect()
}

#[test]
fn right_of_way_is_offered_exactly_when_the_hand_left_can_claim() {
    let (mut positions, mut offered) = (0, 0);
    for players in 2..=4 {
        let game = uk(players);
        let (me, t) = tech(&game);
        let row = tid(&game, "right-of-way") as u16;
        let is_row = |a: &Action| {
            matches!(*a, Action::Mechanic { mechanic, choice }
                if mechanic as usize == me && choice != DRAW3
                    && Purchase::from_choice(choice).tech == row as usize)
        };
        for seed in 0..6u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = State::new(&game, seed, &mut rng);
            let mut turn = 0u32;
            while !state.is_terminal() && turn < 2000 {
                turn += 1;
                // The position as played, and with a rich hand for the current player (many
                // locomotives: Right of Way costs 4), so the purchase is often payable.
                let mut rich = state.clone();
                let p = rich.current_player() as usize;
                let k = (turn as usize) % LOCO as usize;
                rich.players[p].hand[LOCO as usize] += 4 + (turn % 3) as u16;
                rich.players[p].hand[k] += (turn % 5) as u16;
                for s in [&state, &rich] {
                    let listed: Vec<Action> = legal(&game, s).into_iter().filter(is_row).collect();
                    assert_eq!(
                        listed,
                        right_of_way_purchases_by_the_rule(&game, s),
                        "{players} players, seed {seed}, step {turn}"
                    );
                    positions += 1;
                    offered += listed.len();
                    if let Phase::Mechanic { mechanic, .. } = s.phase
                        && mechanic as usize == me
                    {
                        let p = s.current_player();
                        let hand = s.players[p as usize].hand;
                        assert_eq!(
                            legal(&game, s).len(),
                            t.right_of_way_claims(&game, s, me, p, &hand).len(),
                            "Right of Way's claims: {players} players, seed {seed}"
                        );
                    }
                }
                let actions = legal(&game, &state);
                if actions.is_empty() {
                    break;
                }
                let pick = actions[rng.random_range(0..actions.len())];
                state.apply(&game, pick, &mut rng).unwrap();
            }
        }
    }
    // The comparison meets the purchase often, not only its absence.
    assert!(
        offered > 100,
        "{offered} Right of Way purchases in {positions} positions"
    );
}

/// The module's advice for player 0's plan `routes` (routes by their cities).
fn advice(game: &Game, state: &State, routes: &[(&str, &str)]) -> Option<Action> {
    use ttrmap::engine::{Advice, PlanView};
    let (me, t) = tech(game);
    let own: Vec<u16> = routes
        .iter()
        .map(|&(a, b)| setup::route(game, a, b) as u16)
        .collect();
    let view = PlanView {
        player: 0,
        own_routes: &own,
        others_routes: &[],
        counts: &[],
    };
    t.advise_action(game, state, me, &view)
}

#[test]
fn style_bots_buy_the_concession_their_plan_needs() {
    let (game, mut state, mut rng) = started(2);
    let wales = tid(&game, "wales-concession");
    // Birmingham–Llandrindod Wells ends in Wales: the plan needs the Wales Concession (cost
    // 1), bought with the one locomotive card held.
    state.players[0].hand = hand(&[(LOCO, 1), (colour(Color::Red), 2)]);
    let plan = [
        ("birmingham", "llandrindod-wells"),
        ("birmingham", "nottingham"),
    ];
    assert_eq!(advice(&game, &state, &plan), Some(buy(&game, wales, 1)));
    // Without a locomotive card it is paid with 4 cards of any colours instead.
    state.players[0].hand = hand(&[(colour(Color::Red), 4)]);
    assert_eq!(advice(&game, &state, &plan), Some(buy(&game, wales, 0)));
    // Bought: nothing more this turn, even with the cards for another.
    state.players[0].hand = hand(&[(LOCO, 3)]);
    state.apply(&game, buy(&game, wales, 1), &mut rng).unwrap();
    assert_eq!(advice(&game, &state, &plan), None);
}

#[test]
fn style_bots_buy_a_scoring_card_only_when_it_pays_two_points_a_locomotive() {
    let (game, mut state, _) = started(2);
    let lagging = tid(&game, "boiler-lagging");
    // One kept ticket: Double Heading would bring 2 × 1 = 2 points for 4 locomotives, never
    // worth it. The plan opens nothing new (England, 1 and 2 spaces).
    state.players[0].tickets.truncate(1);
    state.players[0].hand = hand(&[(LOCO, 2), (colour(Color::Green), 6)]);
    let two = [("london", "reading"), ("birmingham", "nottingham")];
    // Boiler Lagging (+1 a route, cost 2): 2 planned routes bring 2 points, less than the
    // 2 × 2 = 4 its two locomotives must bring back: no purchase.
    assert_eq!(advice(&game, &state, &two), None);
    // 5 planned routes bring 5 > 4: bought, with locomotive cards only.
    let five = [
        ("london", "reading"),
        ("birmingham", "nottingham"),
        ("hull", "leeds"),
        ("ipswich", "norwich"),
        ("cambridge", "ipswich"),
    ];
    assert_eq!(advice(&game, &state, &five), Some(buy(&game, lagging, 2)));
    // With one locomotive card it is not paid with any-4 cards (a scoring card never eats
    // the cards the plan needs).
    state.players[0].hand = hand(&[(LOCO, 1), (colour(Color::Green), 12)]);
    assert_eq!(advice(&game, &state, &five), None);
}

/// What a one-step style bot does first on player 0's turn holding only ticket `label`.
fn style_bot_first_action(label: &str, cards: &[(u8, u16)]) -> (Game, Action) {
    let (game, mut state, mut rng) = started(2);
    let ticket = game
        .tickets
        .iter()
        .position(|t| t.label.to_lowercase() == label)
        .unwrap_or_else(|| panic!("no ticket {label}")) as u16;
    state.players[0].tickets = [ticket].into_iter().collect();
    state.players[0].hand = hand(cards);
    let mut bot = ttrmap::bots::StyleBot::new(ttrmap::bots::Style::OneStep);
    let legal_now = legal(&game, &state);
    let chosen = ttrmap::bots::Bot::choose(&mut bot, &game, &state, &legal_now, &mut rng);
    (game, chosen)
}

#[test]
fn a_style_bot_buys_first_when_its_ticket_needs_a_concession_and_never_else() {
    let red = colour(Color::Red);
    // Aberystwyth–Cardiff runs in Wales only: the Wales Concession comes before the claim.
    let (game, chosen) = style_bot_first_action("aberystwyth–cardiff", &[(LOCO, 1), (red, 3)]);
    assert_eq!(chosen, buy(&game, tid(&game, "wales-concession"), 1));
    // Birmingham–Cambridge runs over England's 1-space routes: no technology is bought.
    let (game, chosen) = style_bot_first_action("birmingham–cambridge", &[(LOCO, 1), (red, 3)]);
    let (me, _) = tech(&game);
    assert!(
        !matches!(chosen, Action::Mechanic { mechanic, .. } if mechanic as usize == me),
        "{chosen:?}"
    );
}

/// Risky Contracts and Equalising Beam read with the card's `ties` and `when_best_is_zero`
/// (the card is silent on both). Three players, nobody holds a ticket; player 0 holds Risky
/// Contracts (20), player 1 Equalising Beam (15). Player 1 holds Aberdeen–Dundee (1 space),
/// player 2 Barrow–Carlisle (1 space): longest paths 0, 1, 1, a tie for the most.
/// - Equalising Beam, tied 1 with player 2: `win` +15, `lose` -15.
/// - Risky Contracts, every count 0: `nobody` -20 (nobody has the most of nothing); `tied`
///   then asks `ties`: `win` +20, `lose` -20 (players 1 and 2 have as many).
#[test]
fn gambles_read_ties_and_a_best_of_zero_as_the_card_says() {
    use ttrmap::model::{BestIsZero, GambleTies, TechEffect};
    let default = uk_map();
    for (ties, zero, risky, beam) in [
        (None, None, -20, 15),
        (Some(GambleTies::Win), Some(BestIsZero::Nobody), -20, 15),
        (Some(GambleTies::Lose), Some(BestIsZero::Nobody), -20, -15),
        (Some(GambleTies::Win), Some(BestIsZero::Tied), 20, 15),
        (Some(GambleTies::Lose), Some(BestIsZero::Tied), -20, -15),
    ] {
        let mut map = default.clone();
        for c in &mut map.mechanics.technologies.as_mut().unwrap().cards {
            if matches!(
                c.effect,
                TechEffect::MostTicketsGamble | TechEffect::LongestPathGamble
            ) {
                c.ties = ties;
                c.when_best_is_zero = zero;
            }
        }
        let (game, mut state, _) = started_on(Game::new(&map, 3, None).expect("plays"));
        for p in &mut state.players {
            p.tickets.clear();
        }
        give(&game, &mut state, 0, "risky-contracts");
        give(&game, &mut state, 1, "equalising-beam");
        assign(&game, &mut state, 1, "aberdeen", "dundee");
        assign(&game, &mut state, 2, "barrow", "carlisle");
        let scores = score_detailed(&game, &state, &[]);
        let counts: Vec<(u32, u32)> = scores
            .iter()
            .map(|d| (d.completed_tickets, d.longest_path))
            .collect();
        assert_eq!(counts, [(0, 0), (0, 1), (0, 1)]);
        let case = format!("ties {ties:?}, zero {zero:?}");
        assert_eq!(line(&game, &state, 0, "Risky Contracts"), risky, "{case}");
        assert_eq!(line(&game, &state, 1, "Equalising Beam"), beam, "{case}");
    }
}

/// Penzance–Plymouth is two routes (2 black spaces; a 3-space ferry), and
/// `rules.lanes.unequal_parallel` says whether they are one double route. Every player holds
/// Propellers and the Mechanical Stoker (the 3-space ferry needs both). Player 0 takes the 2-space route; the UK plays doubles
/// from 3 players.
/// - `separate` (the map's reading): the ferry stays open to everyone, player 0 included,
///   at 2 and 3 players.
/// - `double`: at 2 players it is closed to both (one lane of a double in all); at 3 it stays
///   open to players 1 and 2, not to player 0 (one lane of a double each).
#[test]
fn penzance_plymouth_is_a_double_only_when_the_map_says() {
    use ttrmap::model::UnequalParallel;
    let lane_of = |game: &Game, id: &str| {
        let r = game.routes.iter().position(|r| r.id == id).expect(id);
        game.routes[r].first_lane as usize
    };
    for (reading, players, open) in [
        (None, 2, vec![true, true]),
        (Some(UnequalParallel::Separate), 2, vec![true, true]),
        (Some(UnequalParallel::Separate), 3, vec![true, true, true]),
        (Some(UnequalParallel::Double), 2, vec![false, false]),
        (Some(UnequalParallel::Double), 3, vec![false, true, true]),
    ] {
        let mut map = uk_map();
        if let Some(r) = reading {
            map.rules.lanes.unequal_parallel = r;
        } else {
            assert_eq!(map.rules.lanes.unequal_parallel, UnequalParallel::Separate);
        }
        let (game, mut state, _) = started_on(Game::new(&map, players, None).expect("plays"));
        for p in 0..players {
            give(&game, &mut state, p, "propellers");
            give(&game, &mut state, p, "mechanical-stoker");
        }
        let (land, ferry) = (
            lane_of(&game, "penzance-plymouth-1"),
            lane_of(&game, "penzance-plymouth-2"),
        );
        assert!((0..players).all(|p| state.lane_is_open_to(&game, ferry, p)));
        state.assign_lane(&game, land, 0);
        let now: Vec<bool> = (0..players)
            .map(|p| state.lane_is_open_to(&game, ferry, p))
            .collect();
        assert_eq!(now, open, "{reading:?} at {players} players");
    }
}
