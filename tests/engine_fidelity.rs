//! Rules fidelity of the engine core (issue 11): the face-up display after a reshuffle, the
//! Nordic Murmansk–Lieksa payment, parallel groups, `counts_as_ferry`, modes outside their
//! recommended player range, ticket piles of game modes, substitute choice. Each test quotes
//! (in brief) the rule it rests on; the arithmetic is in the comments.

use crate::common::engine as engine_common;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ttrmap::bots;
use ttrmap::engine::{Action, Game, NOBODY, State};
use ttrmap::model::MapFile;

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
    let mut map = engine_common::map_file("usa.toml");
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

/// The same rule seen from the other side: cards that come back while the deck is empty
/// (a claim's cards discarded, a station's, a tunnel's reveal) are cards to refill the
/// display with, at once, not only at the next draw. So after every action, an empty slot
/// means no card is left anywhere to draw (deck and discards both empty).
#[test]
fn display_is_refilled_as_soon_as_discards_come_back() {
    let mut map = engine_common::map_file("usa.toml");
    // 18 cards as above: a claim often discards into an empty deck with holes in the display.
    map.rules.train_deck.per_color = 2;
    map.rules.train_deck.locomotives = 2;
    let game = Game::new(&map, 2, None).expect("playable");
    let mut short_with_nothing_to_draw = 0;
    for seed in 0..40 {
        play_random(&game, seed, |s, a| {
            let empty = s.face_up.iter().filter(|&&c| c == NOBODY).count();
            let discards: u16 = s.discard.iter().sum();
            if empty > 0 {
                assert!(
                    s.deck_size == 0 && discards == 0,
                    "seed {seed}, turn {}, after {a:?}: {empty} empty display slot(s) while \
                     {} cards are in the deck and {discards} in the discards",
                    s.turn,
                    s.deck_size
                );
                short_with_nothing_to_draw += 1;
            }
        });
    }
    // The situation arises (holes with nothing to draw), so the assertion was exercised.
    assert!(short_with_nothing_to_draw > 0);
}

// Card kinds in `Color::CARD_COLORS` order, then the locomotive.
const RED: usize = 0;
const GREEN: usize = 3;
const BLUE: usize = 4;
const LOCO: usize = 8;

/// A Nordic position at the start of player 1's turn holding `hand`, and the lane of the
/// route `id`.
fn nordic_with_hand(players: u8, id: &str, hand: [u16; 9]) -> (Game, State, usize) {
    let map = engine_common::map_file("nordic-countries.toml");
    let game = Game::new(&map, players, None).expect("playable");
    let mut state = ttrmap::engine::position::blank_position(&game);
    state.phase = ttrmap::engine::Phase::Main;
    state.current = 0;
    state.players[0].hand = hand;
    let lane = game
        .routes
        .iter()
        .find(|r| r.id == id)
        .expect("route")
        .first_lane as usize;
    (game, state, lane)
}

/// The cards each legal claim of `lane` pays.
fn claim_payments(game: &Game, state: &State, lane: usize) -> Vec<[u16; 9]> {
    let mut out = Vec::new();
    state.claims_of_lane(game, lane, &mut out);
    out.iter()
        .map(|&a| match a {
            Action::Claim { lane, color, locos } => state
                .payment(game, lane as usize, color, locos)
                .expect("a listed claim can be paid"),
            other => panic!("not a claim: {other:?}"),
        })
        .collect()
}

/// Seed 003, Murmansk–Lieksa (9 spaces, gray): locomotives are no direct replacements
/// there; any four cards, locomotives among them, stand for one needed card, as often as
/// wanted. The seed's example: 6 cards of one colour + 12 any cards (3 spaces × 4) = 18.
#[test]
fn murmansk_lieksa_takes_any_four_cards_per_missing_card() {
    let id = "lieksa-murmansk";
    // The seed's example: 6 green, 12 others (6 red, 4 blue, 2 locomotives).
    let mut hand = [0u16; 9];
    hand[GREEN] = 6;
    hand[RED] = 6;
    hand[BLUE] = 4;
    hand[LOCO] = 2;
    let (game, state, lane) = nordic_with_hand(2, id, hand);
    let pays = claim_payments(&game, &state, lane);
    assert!(!pays.is_empty(), "6 matching + 12 any pays the route");
    for paid in &pays {
        let total: u16 = paid.iter().sum();
        // k cards of one colour cover k spaces; the other 9 - k take 4 cards each.
        let k = (0..8).map(|c| paid[c]).max().unwrap_or(0).min(9);
        assert_eq!(total, k + 4 * (9 - k), "paid {paid:?}");
    }
    // Paying green: 6 green + 12 = 18 cards, the whole hand.
    assert!(
        pays.iter()
            .any(|p| p[GREEN] == 6 && p.iter().sum::<u16>() == 18)
    );

    // 7 green + 2 locomotives: locomotives do not stand for a space, and 2 cards are not
    // the 8 that two missing cards take (the old engine let this pay the route).
    let mut hand = [0u16; 9];
    hand[GREEN] = 7;
    hand[LOCO] = 2;
    let (game, state, lane) = nordic_with_hand(2, id, hand);
    assert!(claim_payments(&game, &state, lane).is_empty());

    // Nine locomotives alone: 9 cards, where 36 any cards would be needed.
    let mut hand = [0u16; 9];
    hand[LOCO] = 9;
    let (game, state, lane) = nordic_with_hand(2, id, hand);
    assert!(claim_payments(&game, &state, lane).is_empty());

    // 5 green + 16 others (4 red, 4 blue, 4 orange, 4 locomotives) = 5 + 4 × 4 = 21 cards,
    // the whole hand: the one way to pay (red would take 4 + 5 × 4 = 24). The old engine let
    // such a 3-player claim through for 15 cards.
    let mut hand = [0u16; 9];
    hand[GREEN] = 5;
    hand[RED] = 4;
    hand[BLUE] = 4;
    hand[1] = 4;
    hand[LOCO] = 4;
    let (game, state, lane) = nordic_with_hand(3, id, hand);
    assert_eq!(claim_payments(&game, &state, lane), vec![hand]);
    hand[LOCO] = 3;
    let (game, state, lane) = nordic_with_hand(3, id, hand);
    assert!(claim_payments(&game, &state, lane).is_empty());
}

/// Seed 003, Nordic: in 2-player games, once one track of a double route is taken the
/// other is no longer available; with 3 both may be used, by different players. The map
/// writes Helsinki–Stockholm, Kristiansand–Stavanger and Mo i Rana–Trondheim as two routes
/// each (their lanes differ in length or kind), one `parallel_group`.
#[test]
fn nordic_parallel_groups_are_double_routes() {
    let map = engine_common::map_file("nordic-countries.toml");
    let pairs = [
        ("helsinki-stockholm-1", "helsinki-stockholm-2"),
        ("kristiansand-stavanger-1", "kristiansand-stavanger-2"),
        ("mo-i-rana-trondheim-2", "mo-i-rana-trondheim-1"),
    ];
    for players in [2u8, 3] {
        let game = Game::new(&map, players, None).expect("Nordic plays its parallel groups");
        let lane = |id: &str| {
            game.routes
                .iter()
                .find(|r| r.id == id)
                .expect(id)
                .first_lane
        };
        for (a, b) in pairs {
            let mut state = ttrmap::engine::position::blank_position(&game);
            state.assign_lane(&game, lane(a) as usize, 0);
            state.check_caches(&game).expect("caches kept");
            let b = lane(b) as usize;
            // Never both lanes to one player.
            assert!(
                !state.lane_is_open_to(&game, b, 0),
                "{players} players, {a}"
            );
            // The other lane: closed at 2 players, open to the others at 3.
            assert_eq!(state.lane_is_open_to(&game, b, 1), players >= 3, "{a}");
            state.phase = ttrmap::engine::Phase::Main;
            state.current = 1;
            state.players[1].hand = [6; 9];
            let mut claims = Vec::new();
            state.claims_of_lane(&game, b, &mut claims);
            assert_eq!(!claims.is_empty(), players >= 3, "{players} players, {a}");
        }
    }
    // Played out: at 2 players no game gives both lanes of a group away.
    let game = Game::new(&map, 2, None).expect("playable");
    for seed in 0..30 {
        let end = play_random(&game, seed, |_, _| {});
        for (a, b) in pairs {
            let owner = |id: &str| {
                let r = game.routes.iter().find(|r| r.id == id).expect(id);
                end.lane_owner()[r.first_lane as usize]
            };
            assert!(
                owner(a) == NOBODY || owner(b) == NOBODY,
                "seed {seed}: both lanes of {a} taken"
            );
        }
    }
}

/// Seed 002 (Castilla): each game mode is *recommended* for some player counts (Normal 2 to
/// 5, Capitals 2 to 3, Total 5 to 7), which the schema calls recommended too. A mode named
/// outside its range is played, and the game says so (for the report's first line).
#[test]
fn a_mode_outside_its_recommended_range_is_played_and_said() {
    let map = engine_common::map_file("castilla.toml");
    let without = ["mechanics.mystery_train".to_string()];
    let game = Game::new_without(&map, 4, Some("total"), &without)
        .expect("Total is recommended for 5 to 7, not limited to them");
    assert_eq!(game.mode.as_deref(), Some("total"));
    assert_eq!(game.mode_outside_range, Some((5, 7)));
    let note = game.mode_range_note().expect("a note");
    assert!(
        note.contains("total") && note.contains("4 players") && note.contains("5 to 7"),
        "{note}"
    );
    let end = play_random(&game, 1, |_, _| {});
    assert!(end.is_terminal());
    // Inside the range: no note.
    let game = Game::new_without(&map, 6, Some("total"), &without).expect("playable");
    assert_eq!(game.mode_outside_range, None);
    assert_eq!(game.mode_range_note(), None);
    // An unknown mode is still refused.
    assert!(Game::new_without(&map, 4, Some("no-such-mode"), &without).is_err());
}

/// The first draw-tickets offer after setup of a seeded Castilla game in `mode`: the deck
/// ids of the tickets offered.
fn first_draw_decks(map: &MapFile, players: u8, mode: &str, seed: u64) -> Vec<String> {
    let without = ["mechanics.mystery_train".to_string()];
    let game = Game::new_without(map, players, Some(mode), &without).expect("playable");
    let deck_ids = map.deck_ids();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(&game, seed, &mut rng);
    while state.phase == ttrmap::engine::Phase::SetupTickets {
        let all = (1u32 << state.offered.len()) - 1;
        state
            .apply(&game, Action::KeepTickets(all), &mut rng)
            .expect("keeping all is legal");
    }
    state
        .apply(&game, Action::DrawTickets, &mut rng)
        .expect("tickets can be drawn");
    state
        .offered
        .iter()
        .map(|&t| deck_ids[game.tickets[t as usize].deck as usize].to_string())
        .collect()
}

/// Seed 002 (Castilla): each mode *includes* its decks' tickets (Total: all 94), deals the
/// setup tickets by the mode's table, and draws afterwards come from those tickets together
/// (the schema: the mode's drawable decks shuffled together after setup). The surplus long
/// tickets are discarded. Before, draws took the decks in order: no capital ticket came in
/// Total mode until the 50 normal ones ran out, and no triple in Capitals mode until the
/// doubles did.
#[test]
fn a_modes_draw_pile_holds_its_drawable_decks_shuffled_together() {
    let map = engine_common::map_file("castilla.toml");
    // Total, 5 players: after setup 50 - 15 = 35 normal, 19 - 5 = 14 double, 17 - 5 = 12
    // triple capitals are left, 26 capitals of 61: 43 % of the tickets drawn, about.
    let (mut capitals, mut all) = (0, 0);
    for seed in 0..60 {
        let decks = first_draw_decks(&map, 5, "total", seed);
        assert!(decks.iter().all(|d| d != "long"), "{decks:?}");
        capitals += decks.iter().filter(|d| d.ends_with("capitals")).count();
        all += decks.len();
    }
    // 240 tickets drawn; 43 % is ~103, with a standard deviation near 8.
    assert!(
        (70..=140).contains(&capitals),
        "{capitals} capitals of {all}"
    );
    // Capitals, 3 players: 19 - 6 = 13 doubles and 17 - 6 = 11 triples are left; the
    // first draw (3 tickets) holds a triple in most games.
    let triples = (0..60)
        .filter(|&seed| {
            first_draw_decks(&map, 3, "capitals", seed)
                .iter()
                .any(|d| d == "triple-capitals")
        })
        .count();
    // P(no triple in 3 of 24 with 11 triples) = 13·12·11 / (24·23·22) ≈ 0.14.
    assert!(triples >= 35, "{triples} of 60 first draws held a triple");
}

/// Murmansk–Lieksa with many locomotives among the "any four" cards (issue 36): a claim
/// names them, and a hand needing 8 or more of them was offered no claim (the count was
/// packed in 3 bits, at most 7).
#[test]
fn murmansk_lieksa_takes_eight_or_more_locomotives_among_the_any_cards() {
    use ttrmap::engine::claim_locos;
    // 6 green + 12 locomotives: 6 green cover 6 spaces, the other 3 take 3 × 4 = 12 any
    // cards, and the hand's only other cards are the 12 locomotives: the whole hand, 18.
    let mut hand = [0u16; 9];
    hand[GREEN] = 6;
    hand[LOCO] = 12;
    let (game, state, lane) = nordic_with_hand(2, "lieksa-murmansk", hand);
    let pays = claim_payments(&game, &state, lane);
    assert_eq!(
        pays,
        vec![hand],
        "6 green + 12 locomotives among the any cards"
    );
    // 4 red + 6 green + 8 locomotives: green covers 6 spaces, 3 × 4 = 12 any cards are the 4
    // red and the 8 locomotives (18 cards, the whole hand); red would cover 4 and need
    // 5 × 4 = 20 any cards, from 14.
    let mut hand = [0u16; 9];
    hand[RED] = 4;
    hand[GREEN] = 6;
    hand[LOCO] = 8;
    let (game, state, lane) = nordic_with_hand(2, "lieksa-murmansk", hand);
    let mut claims = Vec::new();
    state.claims_of_lane(&game, lane, &mut claims);
    assert_eq!(claims.len(), 1, "{claims:?}");
    let Action::Claim { color, locos, .. } = claims[0] else {
        unreachable!()
    };
    assert_eq!((color as usize, claim_locos(locos)), (GREEN, (0, 8)));
    assert_eq!(state.payment(&game, lane, color, locos), Some(hand));
}

/// Seed 003 (Nordic): a ferry locomotive may be replaced by any three chosen cards; the
/// Murmansk–Lieksa route takes any four chosen cards for a missing one. *Chosen*: the player
/// says which cards. A claim's `locos` names the direct locomotives and, packed above
/// them, the locomotives among the substitutes ([`ttrmap::engine::claim_locos`]); the
/// other substitutes are the player's least-held colours (keeping the largest sets).
#[test]
fn substitutes_are_chosen_and_no_locomotive_is_spent_unasked() {
    use ttrmap::engine::claim_locos;
    // Mo i Rana–Narvik: 4 spaces, orange, 2 of them ferry spaces.
    let id = "mo-i-rana-narvik";
    let mut hand = [0u16; 9];
    hand[1] = 2; // orange
    hand[RED] = 3;
    hand[BLUE] = 1;
    hand[LOCO] = 2;
    let (game, state, lane) = nordic_with_hand(2, id, hand);
    let mut claims = Vec::new();
    state.claims_of_lane(&game, lane, &mut claims);
    let mut paid_by: Vec<((u8, u16), [u16; 9])> = Vec::new();
    for &a in &claims {
        let Action::Claim { color, locos, .. } = a else {
            unreachable!()
        };
        let paid = state.payment(&game, lane, color, locos).expect("payable");
        let (direct, among) = claim_locos(locos);
        // Every locomotive spent is one the claim names.
        assert_eq!(paid[LOCO], direct as u16 + among, "{a:?} pays {paid:?}");
        paid_by.push(((direct, among), paid));
    }
    let find = |d: u8, s: u16| paid_by.iter().find(|x| x.0 == (d, s)).map(|x| x.1);
    // 2 orange + 2 locomotives on the ferry spaces.
    assert_eq!(find(2, 0), Some([0, 2, 0, 0, 0, 0, 0, 0, 2]));
    // One ferry locomotive, any three for the other: blue (held once) and 2 red, keeping a
    // red; or a locomotive and 2 of those cards, keeping a locomotive fewer.
    assert_eq!(find(1, 0), Some([2, 2, 0, 0, 1, 0, 0, 0, 1]));
    let one_more = find(1, 1).expect("a locomotive among the three, if the player wants");
    assert_eq!(one_more[LOCO], 2);
    assert_eq!(one_more.iter().sum::<u16>(), 6);
    // No ferry locomotive: six any cards, which the hand has only with both locomotives
    // among them (3 red + blue = 4 colour cards); the old engine listed this as a claim with
    // no locomotive and spent both.
    assert_eq!(find(0, 0), None);
    assert_eq!(find(0, 2), Some([3, 2, 0, 0, 1, 0, 0, 0, 2]));

    // Murmansk–Lieksa with 6 green, 8 red, 4 locomotives: 6 green + 12 any, from 8 red and 4
    // locomotives at the least: 4 locomotives among them (the only way), listed as such.
    let mut hand = [0u16; 9];
    hand[GREEN] = 6;
    hand[RED] = 8;
    hand[LOCO] = 4;
    let (game, state, lane) = nordic_with_hand(2, "lieksa-murmansk", hand);
    let mut claims = Vec::new();
    state.claims_of_lane(&game, lane, &mut claims);
    for &a in &claims {
        let Action::Claim { color, locos, .. } = a else {
            unreachable!()
        };
        let paid = state.payment(&game, lane, color, locos).expect("payable");
        let (direct, among) = claim_locos(locos);
        assert_eq!(direct, 0, "no direct locomotive on this route");
        assert_eq!(paid[LOCO], among);
    }
    assert!(
        claims
            .iter()
            .any(|&a| matches!(a, Action::Claim { color: 3, .. }))
    );
}
