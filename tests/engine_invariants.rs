//! Invariants checked after every step of many random games on every playable shipped map.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ttrmap::bots::{self, Bot, RandomBot, Style, StyleBot};
use ttrmap::engine::hooks::Choice;
use ttrmap::engine::mechanics::city_markers::CityMarkers;
use ttrmap::engine::mechanics::crossings::Crossings;
use ttrmap::engine::mechanics::express_cards::{ExpressCards, Use};
use ttrmap::engine::mechanics::festivals::Festivals;
use ttrmap::engine::mechanics::province_mat::ProvinceMat;
use ttrmap::engine::mechanics::technologies::{DRAW3, Purchase, Technologies};
use ttrmap::engine::mechanics::ticket_draft::TicketDraft;
use ttrmap::engine::mechanics::ticket_draft_card::TicketDraftCard;
use ttrmap::engine::mechanics::track_pieces::TrackPieces;
use ttrmap::engine::scoring::Components;
use ttrmap::engine::{
    Action, GRAY, Game, LOCO, LaneClass, NOBODY, Phase, State, claim_ways_match_general,
    final_scores,
};
use ttrmap::playtest::game_seed;

use crate::common::engine as setup;
use setup::{game, game_without, map_file, same_report_at};

/// Checks every invariant of one position.
fn check(game: &Game, state: &State, legal: &[Action], context: &str) {
    // The incrementally kept open-lane sets agree with the lane tables.
    if let Err(e) = state.check_caches(game) {
        panic!("{e}: {context}");
    }
    // Sampling from counts finds exactly the listed action at an index, and counts right.
    let tickets_at = legal
        .iter()
        .position(|&a| a == Action::DrawTickets)
        .map(|i| i as u32);
    assert_eq!(
        state.legal_count(game),
        (legal.len() as u32, tickets_at),
        "legal count: {context}"
    );
    let n = legal.len();
    for i in [0, n / 3, n / 2, n.saturating_sub(1)] {
        if i < n {
            let sampled = state.sample_legal(game, |_, _| Some(i as u32));
            assert_eq!(sampled, Some(legal[i]), "action {i} of {n}: {context}");
        }
    }
    assert_eq!(
        state.sample_legal(game, |total, _| Some(total)),
        None,
        "an index past the end: {context}"
    );
    assert_eq!(
        state.cards_in_play(),
        game.deck_total as u32,
        "cards not conserved: {context}"
    );
    check_drafts(game, state, legal, context);
    check_express(game, state, context);
    for (p, player) in state.players.iter().enumerate() {
        let used: u16 = player
            .routes
            .iter()
            // A space takes a train, a mountain space more (Legendary Asia).
            .map(|&r| game.routes[r as usize].trains_needed())
            .sum();
        // South Korea: trains on the Province mat come from the reserve too.
        let on_mat = game
            .mechanics
            .get::<ProvinceMat>()
            .map_or(0, |(mm, m)| m.trains(game, state, mm, p as u8));
        assert_eq!(
            player.trains + used + on_mat,
            game.trains,
            "trains: {context}"
        );
        // Lanes recorded as owned agree with the route list, one lane per route at most.
        let mut owned = 0;
        for (r, route) in game.routes.iter().enumerate() {
            let first = route.first_lane as usize;
            let mine = (first..first + route.lane_count as usize)
                .filter(|&l| state.lane_owner()[l] as usize == p)
                .count();
            assert!(mine <= 1, "player {p} on two lanes of route {r}: {context}");
            owned += mine;
        }
        // A lane shared by Right of Way (the UK) is on the second holder's list too.
        let shared = state
            .shared_lanes()
            .iter()
            .filter(|&&(_, q)| q as usize == p)
            .count();
        assert_eq!(
            owned + shared,
            player.routes.len(),
            "lanes vs routes: {context}"
        );
        // The score track: every lane's points where the modules send them (the holder's,
        // unless Old West's markers take them).
        let mut track = 0;
        let held = (0..game.lane_count())
            .filter(|&l| state.lane_owner()[l] != NOBODY)
            .map(|l| (l, state.lane_owner()[l]))
            .chain(state.shared_lanes().iter().map(|&(l, q)| (l as usize, q)));
        for (lane, holder) in held {
            for (q, n) in state.route_split(game, lane, holder).to {
                track += if q as usize == p { n } else { 0 };
            }
        }
        assert_eq!(track, player.route_points, "route points: {context}");
    }
    check_markers(game, state, context);
    check_track(game, state, context);
    check_technologies(game, state, context);
    for (r, route) in game.routes.iter().enumerate() {
        let first = route.first_lane as usize;
        let taken = (first..first + route.lane_count as usize)
            .filter(|&l| state.lane_owner()[l] != NOBODY)
            .count();
        assert_eq!(taken, state.route_claims()[r] as usize, "claims: {context}");
        assert!(
            taken <= route.usable_lanes as usize,
            "lanes by player count: {context}"
        );
    }
    if matches!(state.phase, Phase::Drawing { .. }) && game.loco_whole_draw {
        for a in legal {
            if let Action::DrawFaceUp(slot) = a {
                assert_ne!(
                    state.face_up[*slot as usize], LOCO,
                    "second face-up loco: {context}"
                );
            }
        }
    }
    if !matches!(state.phase, Phase::Tunnel { .. }) {
        assert_eq!(
            state.revealed.iter().sum::<u16>(),
            0,
            "reveal left over: {context}"
        );
    }
}

/// The city markers module of `game`, if it has one.
/// Iberia's cards and drafts: festival cards are in the deck, laid by a city or held; the
/// Ticket Draft card is in the deck or was drawn, once; every ticket is in a deck, a draft
/// hand, taken in a draft, kept or out of the game; no ticket draw before the second draft.
fn check_drafts(game: &Game, state: &State, legal: &[Action], context: &str) {
    if let Some((fm, f)) = game.mechanics.get::<Festivals>() {
        let in_deck: u32 = (0..f.groups.len() as u16)
            .map(|g| state.module_cards_in_deck(game, fm, g) as u32)
            .sum();
        let total: u32 = f.groups.iter().map(|g| g.cards as u32).sum();
        assert_eq!(
            in_deck + f.cards_out(game, state, fm),
            total,
            "festival cards not conserved: {context}"
        );
    }
    let draft = game.mechanics.get::<TicketDraft>();
    if let Some((cm, _)) = game.mechanics.get::<TicketDraftCard>() {
        let drawn = TicketDraftCard::times_drawn(game, state, cm);
        assert!(
            drawn <= 1,
            "the Ticket Draft card drawn {drawn} times: {context}"
        );
        assert_eq!(
            state.module_cards_in_deck(game, cm, 0) as u32 + drawn,
            1,
            "the Ticket Draft card: {context}"
        );
        if legal.contains(&Action::DrawTickets) {
            let (dm, _) = draft.expect("a draft");
            assert!(
                TicketDraft::done(game, state, dm, 1),
                "a ticket draw before the second draft: {context}"
            );
        }
    }
    if let Some((dm, d)) = draft {
        let mut all: Vec<u16> = state.ticket_decks.iter().flatten().copied().collect();
        all.extend(&state.tickets_removed);
        all.extend(&state.offered);
        for (p, player) in state.players.iter().enumerate() {
            all.extend(&player.tickets);
            all.extend(d.hand(game, state, dm, p as u8));
            all.extend(d.taken(game, state, dm, p as u8));
        }
        all.sort_unstable();
        let mut expected: Vec<u16> = game.deck_tickets.iter().flatten().copied().collect();
        expected.sort_unstable();
        assert_eq!(all, expected, "tickets not conserved: {context}");
    }
}

/// South Korea: each Express card is spent at most once (the uses counted equal the cards
/// marked spent); a mat spot holds one train (the spots' owners add up to the mat trains,
/// which the trains invariant counts against the reserve).
fn check_express(game: &Game, state: &State, context: &str) {
    let Some((xm, x)) = game.mechanics.get::<ExpressCards>() else {
        return;
    };
    for p in 0..game.players {
        let spent = (0..x.values.len())
            .filter(|&c| ExpressCards::spent(game, state, xm, p, c))
            .count() as u32;
        let uses: u32 = [Use::Draw, Use::Tickets, Use::Mat]
            .iter()
            .map(|&u| ExpressCards::spent_on(game, state, xm, p, u))
            .sum();
        assert_eq!(spent, uses, "player {p}'s Express cards: {context}");
    }
    if let Some((mm, m)) = game.mechanics.get::<ProvinceMat>() {
        let mut owners = 0;
        for (line, l) in m.lines.iter().enumerate() {
            for k in 0..l.spots.len() {
                let o = m.owner(game, state, mm, line, k);
                assert!(o == NOBODY || o < game.players, "spot owner {o}: {context}");
                owners += (o != NOBODY) as u16;
            }
        }
        let trains: u16 = (0..game.players)
            .map(|p| m.trains(game, state, mm, p))
            .sum();
        assert_eq!(owners, trains, "mat spots: {context}");
    }
}

fn markers_module(game: &Game) -> Option<usize> {
    (0..game.mechanics.len())
        .find(|&m| game.mechanics.modules[m].name().starts_with("city markers"))
}

/// Old West: never two markers in a city (one owner word a city), never more than three a
/// player, never in Alvin's city when he plays; every player's routes form one network
/// grown from their starting city.
fn check_markers(game: &Game, state: &State, context: &str) {
    let Some(m) = markers_module(game) else {
        return;
    };
    let alvin = (0..game.mechanics.len())
        .find(|&a| game.mechanics.modules[a].name().starts_with("Alvin"))
        .map(|_| game.city_ids.iter().position(|c| c == "roswell").unwrap() as u16);
    let mut seen = vec![false; game.city_ids.len()];
    for p in 0..game.players {
        let cities = CityMarkers::controlled_by(game, state, m, p);
        assert!(cities.len() <= 3, "player {p} has {cities:?}: {context}");
        assert_eq!(
            cities.len(),
            CityMarkers::placed(game, state, m, p) as usize
        );
        for &c in &cities {
            assert!(!seen[c as usize], "two markers in city {c}: {context}");
            seen[c as usize] = true;
            assert_ne!(Some(c), alvin, "a marker in Alvin's city: {context}");
        }
        let routes = &state.players[p as usize].routes;
        let Some(start) = CityMarkers::start_city(game, state, m, p) else {
            assert!(routes.is_empty(), "routes without a start: {context}");
            continue;
        };
        assert!(
            cities.contains(&start),
            "the start holds a marker: {context}"
        );
        let mut net = Components::new(game.city_ids.len());
        for &r in routes {
            let route = &game.routes[r as usize];
            net.join(route.city_a, route.city_b);
        }
        for &r in routes {
            let route = &game.routes[r as usize];
            assert_eq!(
                net.find(route.city_a),
                net.find(start),
                "player {p}'s route {} is off their network: {context}",
                route.id
            );
        }
    }
}

/// France: pieces are conserved (supply plus pieces on lanes is the game's count of each
/// kind), a piece lies on an unclaimed built bed lane (so no piece is on two beds) and gives
/// it its colour, no claimed bed lane is unbuilt, a cut route is never built nor claimed, two
/// crossing routes are never both taken, and no more lanes of a route are built than the
/// player count lets be claimed.
fn check_track(game: &Game, state: &State, context: &str) {
    let Some((me, pieces)) = game.mechanics.get::<TrackPieces>() else {
        return;
    };
    let mut on_board = vec![0u16; pieces.kinds.len()];
    for lane in 0..game.lane_count() {
        let built = pieces.built(game, state, me, lane);
        let owner = state.lane_owner()[lane];
        if let Some((length, color)) = pieces.piece_on(game, state, me, lane) {
            let k = pieces
                .kinds
                .iter()
                .position(|&x| x == (length, color))
                .unwrap();
            on_board[k] += 1;
            assert!(built && owner == NOBODY, "piece on lane {lane}: {context}");
            assert_eq!(state.lane_color(game, lane), color, "{context}");
            let route = &game.routes[game.lane_route[lane] as usize];
            assert_eq!(route.length, length, "piece length: {context}");
        }
        if pieces.is_bed(game, lane) {
            assert!(
                owner == NOBODY || built,
                "unbuilt bed {lane} claimed: {context}"
            );
            if !built {
                for p in 0..game.players {
                    assert!(!state.lane_is_open_to(game, lane, p), "{context}");
                }
            }
        } else {
            assert!(!built, "a pre-built lane marked built: {context}");
        }
    }
    for (k, &n) in pieces.counts.iter().enumerate() {
        let (length, color) = pieces.kinds[k];
        let supply = pieces.supply(game, state, me, length, color);
        assert_eq!(supply + on_board[k], n, "pieces of kind {k}: {context}");
    }
    for (r, route) in game.routes.iter().enumerate() {
        let first = route.first_lane as usize;
        let lanes = first..first + route.lane_count as usize;
        let built = lanes
            .clone()
            .filter(|&l| pieces.built(game, state, me, l))
            .count();
        assert!(built <= route.usable_lanes as usize, "{context}");
        let Some((c, crossings)) = game.mechanics.get::<Crossings>() else {
            continue;
        };
        let taken = |r: usize| {
            let route = &game.routes[r];
            let first = route.first_lane as usize;
            (first..first + route.lane_count as usize)
                .any(|l| pieces.built(game, state, me, l) || state.lane_owner()[l] != NOBODY)
        };
        if Crossings::is_cut(game, state, c, r) {
            assert!(!taken(r), "cut route {} taken: {context}", route.id);
        }
        for &x in &crossings.crosses[r] {
            assert!(
                !(taken(r) && taken(x as usize)),
                "crossing routes {} and {} both taken: {context}",
                route.id,
                game.routes[x as usize].id
            );
        }
    }
}

/// The UK: every technology's copies are in the supply or held, once a player at most.
fn check_technologies(game: &Game, state: &State, context: &str) {
    let Some((tm, t)) = game.mechanics.get::<Technologies>() else {
        return;
    };
    for (k, tech) in t.techs.iter().enumerate() {
        let held = (0..game.players)
            .filter(|&p| t.owned(game, state, tm, p) & (1 << k) != 0)
            .count() as u32;
        assert_eq!(
            t.supply(game, state, tm, k) + held,
            tech.copies as u32,
            "{} copies not conserved: {context}",
            tech.id
        );
    }
}

/// The UK: a technology bought takes exactly its price from the hand (locomotives, or any N
/// cards each; `cards_in_play` sees them reach the discard or, reshuffled, the deck) and one
/// copy from the supply.
fn check_purchase(game: &Game, before: &State, after: &State, action: Action, context: &str) {
    let (Some((tm, t)), Action::Mechanic { mechanic, choice }) =
        (game.mechanics.get::<Technologies>(), action)
    else {
        return;
    };
    if mechanic as usize != tm || before.phase != Phase::Main || choice == DRAW3 {
        return;
    }
    let p = before.current_player();
    let Purchase { tech: k, direct } = Purchase::from_choice(choice);
    let paid = t
        .purchase_payment(game, before, tm, p, k, direct)
        .expect("a listed purchase is payable");
    let cost = t.techs[k].cost as u16;
    let n = t.any_as_one_for(game, before, tm, p) as u16;
    assert_eq!(paid[LOCO as usize], direct as u16, "{context}");
    assert_eq!(
        paid.iter().sum::<u16>(),
        direct as u16 + (cost - direct as u16) * n,
        "price of {}: {context}",
        t.techs[k].id
    );
    for (c, &n) in paid.iter().enumerate() {
        assert_eq!(
            before.players[p as usize].hand[c] - n,
            after.players[p as usize].hand[c],
            "cards paid for {}: {context}",
            t.techs[k].id
        );
    }
    assert_eq!(
        t.supply(game, after, tm, k) + 1,
        t.supply(game, before, tm, k),
        "{context}"
    );
}

/// The UK: a claim (or a Right of Way claim) only of a route the claimer's technologies open.
fn check_technology_claim(game: &Game, state: &State, action: Action, context: &str) {
    let Some((tm, t)) = game.mechanics.get::<Technologies>() else {
        return;
    };
    let p = state.current_player();
    let lane = match (state.phase, action) {
        (_, Action::Claim { lane, .. }) => lane as usize,
        (Phase::Mechanic { mechanic, .. }, Action::Mechanic { choice, .. })
            if mechanic as usize == tm =>
        {
            let hand = state.players[p as usize].hand;
            let claims = t.right_of_way_claims(game, state, tm, p, &hand);
            let (lane, _, _) = claims[choice as usize];
            assert_ne!(state.lane_owner()[lane as usize], p, "{context}");
            assert_ne!(state.lane_owner()[lane as usize], NOBODY, "{context}");
            lane as usize
        }
        _ => return,
    };
    let r = game.lane_route[lane] as usize;
    assert!(
        t.route_open_with(game, t.owned(game, state, tm, p), r),
        "claim of {} without its technology: {context}",
        game.routes[r].id
    );
}

/// A claim in a game with connected networks touches the claimer's network.
fn check_claim(game: &Game, state: &State, action: Action, context: &str) {
    check_technology_claim(game, state, action, context);
    let (Some(m), Action::Claim { lane, .. }) = (markers_module(game), action) else {
        return;
    };
    let p = state.current_player();
    let route = &game.routes[game.lane_route[lane as usize] as usize];
    assert!(
        CityMarkers::in_network(game, state, m, p, route.city_a)
            || CityMarkers::in_network(game, state, m, p, route.city_b),
        "claim of {} off player {p}'s network: {context}",
        route.id
    );
}

/// One step of a checked game: the invariants of the position, then `choose` picks the
/// action from the legal list (`None`: nobody can act), which is checked, applied and
/// checked again. Returns whether a step was made.
fn step_checked(
    game: &Game,
    state: &mut State,
    legal: &mut Vec<Action>,
    rng: &mut ChaCha8Rng,
    map: &str,
    seed: u64,
    choose: impl FnOnce(&State, &[Action], &mut ChaCha8Rng, &str) -> Option<Action>,
) -> bool {
    state.legal_actions(game, legal);
    let context = format!("{map} seed {seed} turn {}", state.turn);
    check(game, state, legal, &context);
    let Some(action) = choose(state, legal, rng, &context) else {
        return false;
    };
    check_claim(game, state, action, &context);
    // Only a module's action can be a purchase: the copy is made for those alone, not on
    // every step of every checked game.
    let before = matches!(action, Action::Mechanic { .. }).then(|| state.clone());
    state
        .apply(game, action, rng)
        .unwrap_or_else(|e| panic!("legal action refused ({e}): {context}"));
    if let Some(before) = &before {
        check_purchase(game, before, state, action, &context);
    }
    true
}

/// Plays `games` random games of `game` (`map` names it in messages), checking the
/// invariants after every step; returns (finished, failures).
fn play_game_checked(map: &str, game: &Game, games: u64) -> (u64, u64) {
    let mut bots: Vec<Box<dyn Bot>> = (0..game.players)
        .map(|_| Box::new(RandomBot) as _)
        .collect();
    let mut legal = Vec::new();
    let (mut finished, mut failures) = (0, 0);
    for i in 0..games {
        let seed = game_seed(11, i);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(game, seed, &mut rng);
        while !state.is_terminal() {
            let stepped = step_checked(
                game,
                &mut state,
                &mut legal,
                &mut rng,
                map,
                seed,
                |state, legal, rng, context| {
                    if legal.is_empty() {
                        return None;
                    }
                    let p = state.current_player() as usize;
                    // The random bot's list-free path plays what it would choose from the list.
                    let mut fast_rng = rng.clone();
                    let fast = bots[p].act(game, state, &mut Vec::new(), &mut fast_rng);
                    let action = bots[p].choose(game, state, legal, rng);
                    assert_eq!(fast, Some(action), "act vs choose: {context}");
                    assert_eq!(&fast_rng, rng, "act and choose use chance alike: {context}");
                    Some(action)
                },
            );
            if !stepped {
                state.fail("no legal action");
                break;
            }
        }
        check(game, &state, &[], &format!("{map} seed {seed} final"));
        match &state.result {
            Some(result) => {
                finished += 1;
                // The final score recomputed from the final position equals the stored one.
                assert_eq!(&final_scores(game, &state), result, "{map} seed {seed}");
                for (p, b) in result.iter().enumerate() {
                    assert_eq!(b.routes, state.players[p].route_points);
                    assert_eq!(b.total, b.routes + b.tickets + b.stations + b.bonuses);
                }
                assert!(result.iter().any(|b| b.winner));
                let ender = state.ended_by.expect("a finished game has a last round");
                assert!(state.players[ender as usize].trains <= 2 || game.end_trains > 2);
            }
            None => {
                failures += 1;
                assert!(
                    state.failure.is_some(),
                    "{map} seed {seed} ended without result"
                );
            }
        }
    }
    (finished, failures)
}

/// Games per map and player count: 300 in a debug build (CI), 2,000 in release;
/// `TTRMAP_INVARIANT_GAMES=10000 cargo test --release --test engine_invariants` runs the
/// issue's full 10,000.
fn games() -> u64 {
    std::env::var("TTRMAP_INVARIANT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 300 } else { 2_000 })
}

/// Every seeded random game finishes. A game can stop unfinished by the rules' own reading:
/// when no player can act for a whole round (deck, discard and display empty, no ticket to
/// draw, nothing affordable), `rules.end_game.when_stuck = "pass"` (the default: the rules
/// demand one action a turn and say nothing of a turn without one) makes it a failure
/// state. That is a legitimate outcome, but random games on these maps never reach it:
/// ticket draws are rare for the random bot, so cards keep flowing back to the discard
/// through claims (2,000 of 2,000 USA 2-player and Europe 3-player games finished, even
/// with `when_stuck = "fail"`, where the first player without an action stops the game). A
/// failure here is a change in the engine to look at, not noise.
#[test]
fn usa_random_games_keep_invariants() {
    finishes_without_failure("usa.toml (2 players)", &game("usa.toml", 2), games());
    finishes_without_failure("usa.toml (4 players)", &game("usa.toml", 4), games() / 3);
}

#[test]
fn europe_random_games_keep_invariants() {
    finishes_without_failure("europe.toml (3 players)", &game("europe.toml", 3), games());
    finishes_without_failure(
        "europe.toml (5 players)",
        &game("europe.toml", 5),
        games() / 3,
    );
}

#[test]
fn nordic_random_games_keep_invariants() {
    let map = "nordic-countries.toml";
    finishes_without_failure("nordic (2 players)", &game(map, 2), games() / 2);
    finishes_without_failure("nordic (3 players)", &game(map, 3), games() / 2);
}

#[test]
fn switzerland_random_games_keep_invariants() {
    let map = "switzerland.toml";
    finishes_without_failure(map, &game(map, 3), games());
}

#[test]
fn india_random_games_keep_invariants() {
    finishes_without_failure("india.toml", &game("india.toml", 4), games());
}

/// Castilla y León in each of its game modes, played without the Mystery Train (its
/// effects are not public): trains-used triple destinations, the punctuation cards with
/// split ties and `replaces`, transbordo substitutes, stations, 40 trains at 7 players.
#[test]
fn castilla_random_games_keep_invariants() {
    let without = ["mechanics.mystery_train"];
    for (mode, players) in [("normal", 3), ("capitals", 2), ("total", 7)] {
        let game = game_without("castilla.toml", players, Some(mode), &without);
        finishes_without_failure(&format!("castilla {mode}"), &game, games() / 3);
    }
}

/// Legendary Asia: mountain spaces take extra trains (a claim needs them all).
#[test]
fn legendary_asia_random_games_keep_invariants() {
    let map = "legendary-asia.toml";
    finishes_without_failure(map, &game(map, 3), games());
}

/// Old West with or without Alvin (an optional variant the engine plays unless left out).
fn old_west(players: u8, alvin: bool) -> Game {
    let without: &[&str] = if alvin { &[] } else { &["mechanics.alvin"] };
    game_without("old-west.toml", players, None, without)
}

#[test]
fn old_west_random_games_keep_invariants() {
    for players in 2..=6 {
        for alvin in [false, true] {
            let map = format!("old-west.toml ({players} players, Alvin {alvin})");
            finishes_without_failure(&map, &old_west(players, alvin), games() / 10);
        }
    }
}

#[test]
fn style_bots_finish_old_west_games() {
    for (players, alvin) in [(2, true), (4, false), (6, true)] {
        let map = format!("old-west.toml ({players} players, Alvin {alvin})");
        styles_finish_game(&map, &old_west(players, alvin));
    }
}

/// France at every player count: track pieces, crossings, zones.
#[test]
fn france_random_games_keep_invariants() {
    every_count_finishes_without_failure("france.toml");
}

#[test]
fn style_bots_finish_france_games() {
    styles_finish_at("france.toml", &[2, 4, 5]);
}

#[test]
fn france_reports_are_the_same_whatever_the_thread_count() {
    let bots = ["destination-hungry", "random", "long-route", "one-step"];
    let one = same_report_at(&game("france.toml", 4), (40, 12), &bots, (1, 2));
    assert!(!one.counters.is_empty());
}

/// `games` random games of `game` (`map` names it in messages): every one finishes.
fn finishes_without_failure(map: &str, game: &Game, games: u64) {
    let (finished, failures) = play_game_checked(map, game, games);
    assert!(
        finished == games && failures == 0,
        "{map}: {failures} failures"
    );
}

/// Random games at every player count from 2 to 5, `games() / 4` each: some finish, none
/// fails.
fn every_count_finishes_without_failure(file: &str) {
    for players in 2..=5 {
        let map = format!("{file} ({players} players)");
        finishes_without_failure(&map, &game(file, players), games() / 4);
    }
}

/// 40 games of the four styles on `game`: each style finishes at least 20.
fn styles_finish_game(map: &str, game: &Game) {
    let finished = play_styles_game_checked(map, game, 40);
    assert!(finished.iter().all(|&n| n >= 20), "{map}: {finished:?}");
}

/// [`styles_finish_game`] at each player count of `counts`.
fn styles_finish_at(file: &str, counts: &[u8]) {
    for &players in counts {
        styles_finish_game(&format!("{file} ({players} players)"), &game(file, players));
    }
}

/// Iberia at every player count: drafts, festival cards, the Ticket Draft card.
#[test]
fn iberia_random_games_keep_invariants() {
    every_count_finishes_without_failure("iberia.toml");
}

#[test]
fn style_bots_finish_iberia_games() {
    styles_finish_at("iberia.toml", &[2, 3, 4, 5]);
}

/// 40 games of random and style bots at 2 and 5 players give the same report at 1 and 2
/// threads, and the report has the module's `counter` (so the module was played).
fn same_report_at_one_and_two_threads(map: &str, seed: u64, counter: &str) {
    let bots = [
        "destination-hungry",
        "random",
        "long-route",
        "one-step",
        "route-focus",
    ];
    for players in [2, 5] {
        let one = same_report_at(&game(map, players), (40, seed), &bots, (1, 2));
        assert!(one.counters.iter().any(|c| c.name == counter), "{map}");
    }
}

#[test]
fn iberia_reports_are_the_same_whatever_the_thread_count() {
    same_report_at_one_and_two_threads("iberia.toml", 14, "second draft held");
}

/// South Korea at every player count: draft, Express cards, the Province mat.
#[test]
fn south_korea_random_games_keep_invariants() {
    every_count_finishes_without_failure("south-korea.toml");
}

#[test]
fn style_bots_finish_south_korea_games() {
    styles_finish_at("south-korea.toml", &[2, 3, 4, 5]);
}

#[test]
fn south_korea_reports_are_the_same_whatever_the_thread_count() {
    same_report_at_one_and_two_threads("south-korea.toml", 15, "mat trains");
}

fn uk(players: u8, advanced: bool) -> Game {
    let without: &[&str] = if advanced {
        &[]
    } else {
        &["mechanics.technologies.advanced"]
    };
    game_without("uk.toml", players, None, without)
}

/// The UK at every player count, with and without the advanced technologies.
#[test]
fn uk_random_games_keep_invariants() {
    for players in 2..=4 {
        for advanced in [false, true] {
            let map = format!("uk.toml ({players} players, advanced {advanced})");
            finishes_without_failure(&map, &uk(players, advanced), games() / 6);
        }
    }
}

#[test]
fn style_bots_finish_uk_games() {
    for (players, advanced) in [(2, false), (3, true), (4, false)] {
        let map = format!("uk.toml ({players} players, advanced {advanced})");
        styles_finish_game(&map, &uk(players, advanced));
    }
}

#[test]
fn uk_reports_are_the_same_whatever_the_thread_count() {
    let bots = ["destination-hungry", "random", "long-route", "one-step"];
    for players in [2, 4] {
        let one = same_report_at(&uk(players, true), (40, 16), &bots, (1, 2));
        assert!(
            one.counters
                .iter()
                .any(|c| c.name == "Booster: share of games it was bought in"),
            "uk"
        );
    }
}

#[test]
fn a_map_without_tickets_is_refused() {
    let err = Game::new(&map_file("germany.toml"), 2, None).unwrap_err();
    assert!(err.to_string().contains("no tickets"), "{err}");
}

#[test]
fn maps_with_unplayed_mechanics_are_refused_by_name() {
    for (map, mechanic) in [
        ("castilla.toml", "mechanics.mystery_train"),
        ("pennsylvania.toml", "mechanics.stock_shares"),
    ] {
        let err = Game::new(&map_file(map), 2, None).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("unsupported mechanic") && text.contains(mechanic),
            "{map}: {text}"
        );
    }
}

/// Mostly small counts, sometimes none, sometimes many.
fn random_hand(rng: &mut ChaCha8Rng) -> [u16; 9] {
    let mut hand = [0u16; 9];
    for k in &mut hand {
        *k = [0, 0, 1, 2, 3, 5, 9][rng.random_range(0..7)];
    }
    hand
}

#[test]
fn closed_form_payments_match_the_general_rule_on_every_map() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let castilla = game_without("castilla.toml", 3, None, &["mechanics.mystery_train"]);
    let games = [
        "usa.toml",
        "europe.toml",
        "nordic-countries.toml",
        "switzerland.toml",
        "india.toml",
        "legendary-asia.toml",
        "old-west.toml",
        "france.toml",
        "iberia.toml",
        "south-korea.toml",
        "uk.toml",
    ]
    .map(|m| (m, game(m, 3)))
    .into_iter()
    .chain([("castilla.toml", castilla)]);
    let (mut simple, mut ferries) = (0, 0);
    for (map, game) in games {
        for _ in 0..400 {
            let hand = random_hand(&mut rng);
            // France's recolouring makes a class of every colour number up to gray, the
            // locomotive's number too, which no lane ever has.
            for class in game.lane_classes.iter().filter(|c| c.color != LOCO) {
                assert!(
                    claim_ways_match_general(&hand, class),
                    "{map}: {class:?} with {hand:?}"
                );
                simple += class.is_simple() as u32;
                ferries += class.is_plain_ferry() as u32;
            }
        }
    }
    assert!(
        simple > 0 && ferries > 0,
        "{simple} simple, {ferries} ferry classes"
    );
}

/// Whether a hand can pay a lane without ferry spaces (the formula deciding which lanes a
/// player could claim, `can_pay`) against the general rule's list, on every shape a
/// module makes of them: lengths 1 to 8, 0 to 4 cards standing for one (the UK's "any 4",
/// Booster's 3), one card fewer or not (Diesel Power), locomotives on spaces or not, gray or
/// coloured. `claim_ways_match_general` asserts `can_pay` is "the list is not empty".
#[test]
fn lanes_without_ferries_are_payable_exactly_when_a_payment_is_listed() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut checked, mut payable) = (0, 0);
    for length in 1..=8u8 {
        for any_for_one in 0..=4u8 {
            for discount in [0, 1] {
                for loco_on_spaces in [false, true] {
                    for color in [GRAY, 2] {
                        let class = LaneClass {
                            color,
                            length,
                            ferry: 0,
                            any_for_one,
                            loco_on_spaces,
                            ferry_substitute: None,
                            extra_trains: 0,
                            discount,
                        };
                        for _ in 0..60 {
                            let hand = random_hand(&mut rng);
                            assert!(
                                claim_ways_match_general(&hand, &class),
                                "{class:?} with {hand:?}"
                            );
                            checked += 1;
                            payable += ttrmap::engine::can_pay(&hand, &class) as u32;
                        }
                    }
                }
            }
        }
    }
    // Both answers are met often (17,656 of 19,200 hands pay: random hands are large).
    assert!(
        checked > 8_000 && payable > checked / 5 && checked - payable > 1_000,
        "{payable} of {checked}"
    );
}

/// The ferry closed form against the general rule on every shape it takes: lengths 1 to 8,
/// any number of ferry spaces, no substitute or 0 to 4 cards of the colour each, locomotives
/// on coloured spaces or not, gray or coloured.
#[test]
fn ferry_payments_match_the_general_rule_on_every_shape() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut checked = 0;
    for length in 1..=8u8 {
        for ferry in 1..=length {
            for substitute in [None, Some(0), Some(1), Some(2), Some(3), Some(4)] {
                for loco_on_spaces in [false, true] {
                    for color in [GRAY, 2] {
                        let class = LaneClass {
                            color,
                            length,
                            ferry,
                            any_for_one: 0,
                            loco_on_spaces,
                            ferry_substitute: substitute.map(|k| (k, true)),
                            extra_trains: 0,
                            discount: 0,
                        };
                        assert!(class.is_plain_ferry());
                        for _ in 0..40 {
                            let hand = random_hand(&mut rng);
                            assert!(
                                claim_ways_match_general(&hand, &class),
                                "{class:?} with {hand:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 10_000);
}

/// Plays `games` games of the four style bots (seats rotating) with every invariant checked
/// after every step; returns the games each style finished.
fn play_styles_checked(map: &str, players: u8, games: u64) -> [u64; 4] {
    play_styles_game_checked(map, &game(map, players), games)
}

/// [`play_styles_checked`] on a compiled game (`map` names it in messages).
fn play_styles_game_checked(map: &str, game: &Game, games: u64) -> [u64; 4] {
    let players = game.players;
    let mut finished = [0u64; 4];
    let mut legal = Vec::new();
    for i in 0..games {
        let seed = game_seed(23, i);
        let seat_style: Vec<usize> = (0..players as usize)
            .map(|s| (s + i as usize) % 4)
            .collect();
        let mut bots: Vec<StyleBot> = seat_style
            .iter()
            .map(|&k| StyleBot::new(Style::ALL[k]))
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(game, seed, &mut rng);
        while !state.is_terminal() {
            step_checked(
                game,
                &mut state,
                &mut legal,
                &mut rng,
                map,
                seed,
                |state, legal, rng, context| {
                    assert!(!legal.is_empty(), "no legal action: {context}");
                    let p = state.current_player() as usize;
                    // The list-free entry point and the list one agree.
                    let mut twin = bots[p].clone();
                    let listed = twin.choose(game, state, legal, &mut rng.clone());
                    let action = bots[p]
                        .act(game, state, &mut Vec::new(), rng)
                        .expect("a legal action exists");
                    assert_eq!(action, listed, "act vs choose: {context}");
                    assert!(legal.contains(&action), "illegal {action:?}: {context}");
                    Some(action)
                },
            );
        }
        assert!(
            state.failure.is_none(),
            "{map} seed {seed}: {:?}",
            state.failure
        );
        assert_eq!(
            final_scores(game, &state),
            state.result.clone().expect("a result")
        );
        for &k in &seat_style {
            finished[k] += 1;
        }
    }
    finished
}

/// Each style finishes at least 200 games on the map, with no failure state.
fn styles_finish(map: &str, players: u8) {
    // Seats rotate over the four styles: with three seats each style sits in 3/4 of them.
    let games = if players >= 4 { 200 } else { 267 };
    let finished = play_styles_checked(map, players, games);
    for (k, &n) in finished.iter().enumerate() {
        assert!(n >= 200, "{map}: {} finished {n}", Style::ALL[k].name());
    }
}

#[test]
fn style_bots_finish_usa_games() {
    styles_finish("usa.toml", 4);
}

#[test]
fn style_bots_finish_europe_games() {
    styles_finish("europe.toml", 4);
}

#[test]
fn style_bots_finish_nordic_games() {
    styles_finish("nordic-countries.toml", 3);
}

#[test]
fn style_bots_finish_switzerland_games() {
    styles_finish("switzerland.toml", 3);
}

#[test]
fn style_bots_finish_india_games() {
    styles_finish("india.toml", 4);
}

#[test]
fn every_style_beats_random_in_most_two_player_usa_games() {
    let game = game("usa.toml", 2);
    for style in Style::ALL {
        let mut wins = 0;
        for i in 0..200u64 {
            // The style sits first in even games, second in odd ones.
            let mut bots: Vec<Box<dyn Bot>> = vec![
                bots::by_name(style.name()).expect("known"),
                Box::new(RandomBot),
            ];
            if i % 2 == 1 {
                bots.swap(0, 1);
            }
            let state = ttrmap::playtest::play_game(&game, &mut bots, game_seed(41, i));
            let result = state.result.expect("finished");
            let seat = (i % 2) as usize;
            // A shared win does not count.
            wins += (result[seat].winner && !result[1 - seat].winner) as u32;
        }
        assert!(wins > 160, "{}: {wins} wins of 200", style.name());
    }
}

#[test]
fn same_seed_same_report_whatever_the_thread_count() {
    let bots = [
        "destination-hungry",
        "route-focus",
        "one-step",
        "long-route",
        "random",
    ];
    let one = same_report_at(&game("usa.toml", 4), (60, 9), &bots, (1, 3));
    assert_eq!(one.finished, 60);
}

#[test]
fn old_west_reports_are_the_same_whatever_the_thread_count() {
    // Modules' counters are summed as integers like every other figure.
    let bots = ["destination-hungry", "random", "long-route"];
    let one = same_report_at(&old_west(5, true), (40, 4), &bots, (1, 3));
    assert!(!one.counters.is_empty());
}

#[test]
fn is_legal_agrees_with_the_legal_list() {
    let game = game("europe.toml", 3);
    let mut legal = Vec::new();
    let mut bots: Vec<Box<dyn Bot>> = (0..3).map(|_| Box::new(RandomBot) as _).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut state = State::new(&game, 3, &mut rng);
    let mut illegal_seen = 0;
    while !state.is_terminal() {
        state.legal_actions(&game, &mut legal);
        for &a in &legal {
            assert!(state.is_legal(&game, a), "{a:?} listed but refused");
        }
        // Neighbours of listed actions that are not listed must be refused.
        for &a in &legal {
            let other = match a {
                Action::Claim { lane, color, locos } => Action::Claim {
                    lane,
                    color,
                    locos: locos + 1,
                },
                Action::DrawFaceUp(s) => Action::DrawFaceUp(s + 5),
                Action::KeepTickets(m) => Action::KeepTickets(m << 4),
                other => other,
            };
            if !legal.contains(&other) {
                assert!(!state.is_legal(&game, other), "{other:?} accepted");
                illegal_seen += 1;
            }
        }
        let p = state.current_player() as usize;
        let action = bots[p].choose(&game, &state, &legal, &mut rng);
        state.apply(&game, action, &mut rng).expect("legal");
    }
    assert!(illegal_seen > 100, "{illegal_seen}");
}
