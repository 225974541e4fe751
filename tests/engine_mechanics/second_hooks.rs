//! The second set of hooks (per-player costs, lane colours set in play, module cards in the
//! train deck, rounds of decisions between turns, modifiers that keep the turn, actions a
//! module takes away, route points sent elsewhere, shared lanes, the cards paid told to
//! `on_claim`), each exercised by a small made-up module through seeded games, with every
//! step checked by [`play_checked`].

use super::usa;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use ttrmap::engine::scoring::score_detailed;
use ttrmap::engine::{
    Action, Actions, AfterAction, Allows, CARD_KINDS, Cards, Core, Decisions, DeckCards, Game,
    IllegalMove, LOCO, LaneClass, Mechanic, OnClaim, OnTurnEnd, Phase, PlayerCost, RoutePoints,
    RouteSplit, Setup, State,
};
use ttrmap::model::MapFile;
use ttrmap::playtest::{game_seed, record};

/// Plays one game from `seed`, choosing with `pick` among the legal actions, and checks at
/// every step: the open-lane caches, that every listed action is legal, that `legal_count`
/// counts the list, that `sample_legal` picks what the list holds, that every action's replay
/// code decodes to it, and at the end that the actions replayed from the seed give the same
/// position. `watch` sees each state before and after each action.
fn play_checked(
    game: &Game,
    seed: u64,
    mut pick: impl FnMut(&State, &[Action]) -> Action,
    mut watch: impl FnMut(&State, Action, &State),
) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(game, seed, &mut rng);
    let mut legal = Vec::new();
    let mut played = Vec::new();
    while !state.is_terminal() {
        state
            .check_caches(game)
            .expect("caches agree with the tables");
        state.legal_actions(game, &mut legal);
        assert!(!legal.is_empty(), "seed {seed}: no legal action");
        for &a in &legal {
            assert!(state.is_legal(game, a), "{a:?} listed but not legal");
            assert_eq!(record::decode(&record::encode(a)), Some(a));
        }
        assert_eq!(state.legal_count(game).0, legal.len() as u32);
        let mid = legal.len() as u32 / 2;
        assert_eq!(
            state.sample_legal(game, |_, _| Some(mid)),
            Some(legal[mid as usize])
        );
        let a = pick(&state, &legal);
        let before = state.clone();
        state
            .apply(game, a, &mut rng)
            .expect("a listed action applies");
        watch(&before, a, &state);
        played.push(a);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut again = State::new(game, seed, &mut rng);
    for &a in &played {
        again.apply(game, a, &mut rng).expect("replays");
    }
    assert_eq!(format!("{again:?}"), format!("{state:?}"), "replay differs");
    state
}

/// A varied but deterministic choice: a module's action in one turn of two when it offers
/// one, claims first when there are any (so games end), always while claiming again.
fn claims_first(turn: u32) -> impl FnMut(&State, &[Action]) -> Action {
    let mut k = turn as usize;
    move |state, legal| {
        k = k.wrapping_mul(31).wrapping_add(7) % 1_000_003;
        let of =
            |f: fn(&Action) -> bool| -> Vec<Action> { legal.iter().copied().filter(&f).collect() };
        let modules = of(|a| matches!(a, Action::Mechanic { .. }));
        if state.phase == Phase::Main && !modules.is_empty() && k.is_multiple_of(2) {
            return modules[k % modules.len()];
        }
        let claims = of(|a| matches!(a, Action::Claim { .. }));
        if !claims.is_empty() && (!k.is_multiple_of(3) || state.turn_mods.claiming) {
            claims[k % claims.len()]
        } else {
            legal[k % legal.len()]
        }
    }
}

fn with(map: &MapFile, players: u8, module: Arc<dyn Mechanic>) -> (Game, usize) {
    let mut game = Game::new(map, players, None).expect("playable");
    let me = game.mechanics.len();
    game.add_mechanic(map, module);
    (game, me)
}

fn sum(c: &Cards) -> u16 {
    c.iter().sum()
}

// ---------------------------------------------------------------------------------------
/// Costs per player: player 0 pays one card fewer for every claim (a discount); player 1
/// may pay a coloured space with any 2 cards.
#[derive(Debug)]
struct Privileges;

impl Mechanic for Privileges {
    fn name(&self) -> String {
        "privileges (test)".into()
    }

    ttrmap::plays!(player_cost);
}

impl PlayerCost for Privileges {
    fn player_cost(&self, _: &Game, _: &State, _: usize, p: u8, class: &mut LaneClass) {
        match p {
            0 => class.discount = 1,
            1 => class.any_for_one = 2,
            _ => {}
        }
    }
}

#[test]
fn per_player_costs_price_each_claim_for_its_player() {
    let map = usa();
    let (game, _) = with(&map, 2, Arc::new(Privileges));
    let (mut discounted, mut substituted) = (0, 0);
    for i in 0..6 {
        play_checked(
            &game,
            game_seed(31, i),
            claims_first(i as u32),
            |before, a, after| {
                let Action::Claim { lane, .. } = a else {
                    return;
                };
                let p = before.current_player() as usize;
                let route = &game.routes[game.lane_route[lane as usize] as usize];
                if route.tunnel || after.lane_owner()[lane as usize] != p as u8 {
                    return;
                }
                let paid = sum(&before.players[p].hand) - sum(&after.players[p].hand);
                if p == 0 {
                    // 12 − 1: a route of length L costs L − 1 cards.
                    assert_eq!(paid, route.length as u16 - 1, "player 0 pays one fewer");
                    discounted += 1;
                } else if paid > route.length as u16 {
                    substituted += 1;
                }
            },
        );
    }
    assert!(discounted > 10, "{discounted} discounted claims");
    assert!(
        substituted > 0,
        "player 1 never paid with any-2 substitutes"
    );
}

// ---------------------------------------------------------------------------------------
/// Lane colours set during play: every gray lane starts closed to everyone and is painted
/// (opened, in the colour of the cards paid) when a player claims a lane next to it in lane
/// order.
#[derive(Debug)]
struct Paint;

impl Mechanic for Paint {
    fn name(&self) -> String {
        "paint (test)".into()
    }

    fn sets_lane_colors(&self) -> bool {
        true
    }
    ttrmap::plays!(setup, on_claim);
}

impl Setup for Paint {
    fn setup(&self, game: &Game, state: &mut State, _: usize, _: &mut ChaCha8Rng) {
        for lane in 0..game.lane_count() {
            if game.lane_color[lane] == ttrmap::engine::GRAY {
                for p in 0..game.players {
                    state.set_lane_blocked(game, p, lane, true);
                }
            }
        }
    }
}

impl OnClaim for Paint {
    fn on_claim(&self, game: &Game, state: &mut State, _: usize, _: u8, lane: u16, paid: &Cards) {
        let Some(color) = (0..LOCO as usize).find(|&k| paid[k] > 0) else {
            return;
        };
        let next = lane as usize + 1;
        if next < game.lane_count()
            && state.lane_color(game, next) == ttrmap::engine::GRAY
            && state.lane_owner()[next] == ttrmap::engine::NOBODY
        {
            state.set_lane_color(game, next, color as u8);
            for p in 0..game.players {
                state.set_lane_blocked(game, p, next, false);
            }
        }
    }
}

#[test]
fn lanes_painted_in_play_change_class_and_are_paid_in_their_new_colour() {
    let map = usa();
    let (game, _) = with(&map, 3, Arc::new(Paint));
    let mut painted_claims = 0;
    for i in 0..6 {
        play_checked(
            &game,
            game_seed(41, i),
            claims_first(i as u32),
            |before, a, after| {
                if let Action::Claim { lane, color, .. } = a {
                    let l = lane as usize;
                    assert_ne!(
                        before.lane_color(&game, l),
                        ttrmap::engine::GRAY,
                        "an unpainted gray lane was claimable"
                    );
                    if game.lane_color[l] == ttrmap::engine::GRAY && after.lane_owner()[l] != 255 {
                        // Paid in the painted colour (or locomotives alone).
                        assert!(color == before.lane_color(&game, l) || color == LOCO);
                        painted_claims += 1;
                    }
                }
            },
        );
    }
    assert!(
        painted_claims > 3,
        "{painted_claims} claims of painted lanes"
    );
}

// ---------------------------------------------------------------------------------------
/// Module cards in the train deck, rounds between turns, and a core action taken away:
/// 10 coins are shuffled into the deck (whoever draws one keeps it); a bell is put 30 cards
/// deep. Until the bell is drawn nobody may draw tickets; when it is, once the turn is over
/// every player in turn from the one who drew it picks one of the top two tickets.
#[derive(Debug)]
struct Bell;

const COIN: u16 = 0;
const BELL: u16 = 1;
// Words: [coins of player 0..n] then [bell rung, round picks made, who drew the bell].
impl Bell {
    fn rung(game: &Game, state: &State, me: usize) -> bool {
        state.mechanic_words(game, me)[game.players as usize] == 1
    }
}

impl Mechanic for Bell {
    fn name(&self) -> String {
        "bell (test)".into()
    }
    fn state_words(&self, game: &Game) -> usize {
        game.players as usize + 3
    }

    ttrmap::plays!(deck_cards, setup, allows, decisions);
}

impl DeckCards for Bell {
    fn deck_cards(&self, _: &Game) -> Vec<u16> {
        vec![10, 0]
    }
    fn on_deck_card(&self, game: &Game, state: &mut State, me: usize, kind: u16) {
        let p = state.current_player() as usize;
        let n = game.players as usize;
        if kind == COIN {
            state.mechanic_words_mut(game, me)[p] += 1;
        } else {
            let w = state.mechanic_words_mut(game, me);
            w[n] = 1;
            w[n + 2] = p as u32;
            state.ask_round(game, me, 0, p as u8, true);
        }
    }
}

impl Setup for Bell {
    fn setup(&self, game: &Game, state: &mut State, me: usize, _: &mut ChaCha8Rng) {
        state.place_in_deck(game, me, BELL, 30);
    }
}

impl Allows for Bell {
    fn allows(&self, game: &Game, state: &State, me: usize, _: u8, what: Core) -> bool {
        what != Core::DrawTickets || Self::rung(game, state, me)
    }
}

impl Decisions for Bell {
    fn decision_actions(
        &self,
        _: &Game,
        state: &State,
        me: usize,
        _: u16,
        push: &mut dyn FnMut(Action) -> bool,
    ) {
        let tops = state.ticket_decks[0].len().min(2);
        for k in 0..tops.max(1) {
            push(Action::Mechanic {
                mechanic: me as u8,
                choice: k as u16,
            });
        }
    }
    fn apply_decision(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        _: u16,
        choice: u32,
        _: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        let p = state.current_player() as usize;
        if let Some(t) = state.ticket_decks[0].remove(choice as usize) {
            state.players[p].tickets.push(t);
        }
        state.mechanic_words_mut(game, me)[game.players as usize + 1] += 1;
        Ok(())
    }
}

#[test]
fn module_cards_in_the_deck_a_round_between_turns_and_an_action_taken_away() {
    let map = usa();
    let (game, me) = with(&map, 3, Arc::new(Bell));
    let n = game.players as usize;
    let mut rounds = 0;
    for i in 0..8 {
        let mut order: Vec<u8> = Vec::new();
        let mut owner_after = None;
        let state = play_checked(
            &game,
            game_seed(51, i),
            claims_first(i as u32),
            |b, a, s| {
                // Hands, display and discards hold train cards only, all of them.
                assert_eq!(s.cards_in_play(), game.deck_total as u32);
                let words = s.mechanic_words(&game, me);
                let coins: u32 = words[..n].iter().sum();
                assert_eq!(
                    coins + s.module_cards_in_deck(&game, me, COIN) as u32,
                    10,
                    "coins conserved"
                );
                if !Bell::rung(&game, b, me) {
                    assert!(a != Action::DrawTickets, "tickets drawn before the bell");
                }
                if let Phase::Mechanic { .. } = b.phase {
                    order.push(b.current_player());
                    if !matches!(s.phase, Phase::Mechanic { .. }) {
                        owner_after = Some((s.current_player(), b.turn, s.turn));
                    }
                }
            },
        );
        let words = state.mechanic_words(&game, me);
        if words[n] == 1 {
            rounds += 1;
            // Every player picked once, clockwise from the one who drew the bell.
            let first = words[n + 2] as u8;
            let want: Vec<u8> = (0..3).map(|k| (first + k) % 3).collect();
            assert_eq!(order, want, "game {i}");
            assert_eq!(words[n + 1], 3);
            // Then the next player's turn: one turn counted for the bell's turn.
            let (next, turn_before, turn_after) = owner_after.expect("the round ended");
            assert_eq!(next, (first + 1) % 3);
            assert_eq!(turn_after, turn_before + 1);
        } else {
            assert_eq!(state.module_cards_in_deck(&game, me, BELL), 1, "game {i}");
        }
    }
    assert!(rounds >= 6, "the bell rang in {rounds} of 8 games");
}

// ---------------------------------------------------------------------------------------
/// Modifiers that keep the turn: each player may once a game take "haste" (draw one card
/// more this turn, cards only) and once "double" (claim twice this turn, claims only), at
/// most one a turn.
#[derive(Debug)]
struct Haste;

const HASTE: u16 = 0;
const DOUBLE: u16 = 1;

impl Mechanic for Haste {
    fn name(&self) -> String {
        "haste (test)".into()
    }
    // Per player: haste used, double used; then "a modifier this turn" (0, 1 + which).
    fn state_words(&self, game: &Game) -> usize {
        2 * game.players as usize + 1
    }

    ttrmap::plays!(actions, allows, on_turn_end);
}

impl Actions for Haste {
    fn main_actions(&self, game: &Game, state: &State, me: usize, push: &mut dyn FnMut(Action)) {
        let w = state.mechanic_words(game, me);
        let p = state.current_player() as usize;
        if w[2 * game.players as usize] != 0 {
            return;
        }
        // Double only for a player who can claim now.
        let mut lanes = Vec::new();
        state.claimable_lanes(game, &mut lanes);
        for (k, used) in [(HASTE, w[2 * p]), (DOUBLE, w[2 * p + 1])] {
            if used == 0 && (k == HASTE || !lanes.is_empty()) {
                push(Action::Mechanic {
                    mechanic: me as u8,
                    choice: k,
                });
            }
        }
    }
    fn apply_action(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        choice: u32,
        _: &mut ChaCha8Rng,
    ) -> Result<AfterAction, IllegalMove> {
        let p = state.current_player() as usize;
        let n = game.players as usize;
        let w = state.mechanic_words_mut(game, me);
        w[2 * p + choice as usize] = 1;
        w[2 * n] = 1 + choice;
        if choice as u16 == HASTE {
            state.turn_mods.extra_draws = 1;
        } else {
            state.turn_mods.extra_claims = 1;
        }
        Ok(AfterAction::Continue)
    }
}

impl Allows for Haste {
    fn allows(&self, game: &Game, state: &State, me: usize, _: u8, what: Core) -> bool {
        match state.mechanic_words(game, me)[2 * game.players as usize] {
            1 => matches!(what, Core::DrawBlind | Core::DrawFaceUp),
            2 => what == Core::Claim,
            _ => true,
        }
    }
}

impl OnTurnEnd for Haste {
    fn on_turn_end(&self, game: &Game, state: &mut State, me: usize) {
        state.mechanic_words_mut(game, me)[2 * game.players as usize] = 0;
    }
}

#[test]
fn modifiers_keep_the_turn_and_change_its_draws_and_claims() {
    let map = usa();
    let (game, me) = with(&map, 2, Arc::new(Haste));
    let (mut three_card_turns, mut double_claims) = (0, 0);
    for i in 0..10 {
        let mut turn_cards = 0u16;
        let mut turn_claims = 0;
        let mut mode = 0;
        play_checked(
            &game,
            game_seed(61, i),
            claims_first(i as u32),
            |b, a, s| {
                let p = b.current_player() as usize;
                if let Action::Mechanic { choice, .. } = a
                    && b.phase == Phase::Main
                {
                    assert_eq!(s.current_player() as usize, p, "a modifier kept the turn");
                    assert_eq!(s.phase, Phase::Main);
                    mode = 1 + choice as u32;
                    (turn_cards, turn_claims) = (0, 0);
                    return;
                }
                if mode == 1 && matches!(a, Action::DrawBlind | Action::DrawFaceUp(_)) {
                    turn_cards += 1;
                }
                if mode == 2 && matches!(a, Action::Claim { .. } | Action::TunnelPay { .. }) {
                    turn_claims += s.players[p].routes.len() - b.players[p].routes.len();
                }
                if s.current_player() as usize != p || s.is_terminal() {
                    if mode == 1 && turn_cards == 3 {
                        three_card_turns += 1;
                    }
                    if mode == 2 && turn_claims == 2 {
                        double_claims += 1;
                    }
                    assert!(turn_cards <= 3 && turn_claims <= 2);
                    mode = 0;
                    (turn_cards, turn_claims) = (0, 0);
                    assert_eq!(s.turn_mods, ttrmap::engine::TurnMods::default());
                    assert_eq!(s.mechanic_words(&game, me)[4], 0);
                }
            },
        );
    }
    assert!(
        three_card_turns > 3,
        "{three_card_turns} turns of three cards"
    );
    assert!(double_claims > 3, "{double_claims} turns of two claims");
}

#[test]
fn end_turn_is_legal_only_with_a_claim_to_spare() {
    let map = usa();
    let (game, me) = with(&map, 2, Arc::new(Haste));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut state = State::new(&game, 5, &mut rng);
    while state.phase != Phase::Main {
        let keep = (1u32 << state.offered.len()) - 1;
        state
            .apply(&game, Action::KeepTickets(keep), &mut rng)
            .unwrap();
    }
    assert!(!state.is_legal(&game, Action::EndTurn));
    let before = format!("{state:?}");
    assert!(state.apply(&game, Action::EndTurn, &mut rng).is_err());
    assert_eq!(
        format!("{state:?}"),
        before,
        "a refused action changes nothing"
    );
    let double = Action::Mechanic {
        mechanic: me as u8,
        choice: DOUBLE,
    };
    state.apply(&game, double, &mut rng).unwrap();
    // Claims only now: no draws, no tickets, and not yet an end of turn.
    let mut legal = Vec::new();
    state.legal_actions(&game, &mut legal);
    assert!(legal.iter().all(|a| matches!(a, Action::Claim { .. })));
    assert!(!state.is_legal(&game, Action::DrawBlind));
}

// ---------------------------------------------------------------------------------------
/// Route points to others, shared lanes, the cards paid, and two decisions in one turn: a
/// claimer may put a toll on either end of the route (one toll a city); later claims of
/// routes into a tolled city score for the toll's owner (twice if they toll both ends),
/// decided at the claim and kept. Then the claimer may pay one more card of a colour they
/// hold to share the last lane another player claimed.
#[derive(Debug)]
struct Tolls;

const SKIP: u16 = u16::MAX;
const TOLL: u16 = 1;
const SHARE: u16 = 2;

impl Tolls {
    // Words: city → toll owner + 1 (0: none); then lane → the tolls at its two ends when it
    // was claimed (owner + 1, with `KEPT` set once recorded); then the last claimed lane + 1
    // and its claimer, and the lane that may be shared + 1; then the cards each player paid
    // for claims.
    fn lane_word(game: &Game, lane: usize) -> usize {
        game.city_ids.len() + 2 * lane
    }
    fn last_word(game: &Game) -> usize {
        game.city_ids.len() + 2 * game.lane_count()
    }
    fn paid_word(game: &Game, p: usize) -> usize {
        Self::last_word(game) + 3 + p
    }
}

const KEPT: u32 = 1 << 31;

impl Mechanic for Tolls {
    fn name(&self) -> String {
        "tolls (test)".into()
    }
    fn state_words(&self, game: &Game) -> usize {
        Self::last_word(game) + 3 + game.players as usize
    }

    ttrmap::plays!(on_claim, decisions, route_points);
}

impl OnClaim for Tolls {
    fn on_claim(&self, game: &Game, state: &mut State, me: usize, p: u8, lane: u16, paid: &Cards) {
        let l = lane as usize;
        let route = &game.routes[game.lane_route[l] as usize];
        let (a, b) = (route.city_a as usize, route.city_b as usize);
        let last = Self::last_word(game);
        let w = state.mechanic_words_mut(game, me);
        // The split was decided by the tolls in place before this claim (`route_points` is
        // asked before `on_claim`): keep it.
        let at = Self::lane_word(game, l);
        (w[at], w[at + 1]) = (KEPT | w[a], KEPT | w[b]);
        let (previous, by) = (w[last], w[last + 1]);
        (w[last], w[last + 1]) = (lane as u32 + 1, p as u32);
        w[Self::paid_word(game, p as usize)] += paid.iter().map(|&n| n as u32).sum::<u32>();
        state.ask(me, TOLL, p);
        if previous != 0 && by != p as u32 {
            state.mechanic_words_mut(game, me)[last + 2] = previous;
            state.ask(me, SHARE, p);
        }
    }
}

impl Decisions for Tolls {
    fn decision_actions(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        step: u16,
        push: &mut dyn FnMut(Action) -> bool,
    ) {
        let w = state.mechanic_words(game, me);
        let p = state.current_player();
        let m = me as u8;
        push(Action::Mechanic {
            mechanic: m,
            choice: SKIP,
        });
        if step == TOLL {
            let route = state.players[p as usize].routes.last().copied();
            if let Some(r) = route {
                let r = &game.routes[r as usize];
                for c in [r.city_a, r.city_b] {
                    if w[c as usize] == 0 {
                        push(Action::Mechanic {
                            mechanic: m,
                            choice: c,
                        });
                    }
                }
            }
        } else {
            let lane = w[Self::last_word(game) + 2] as usize - 1;
            let taken = state
                .shared_lanes()
                .iter()
                .any(|&(l, _)| l as usize == lane);
            let route = &game.routes[game.lane_route[lane] as usize];
            let mine = state.players[p as usize]
                .routes
                .contains(&game.lane_route[lane]);
            if !taken && !mine && state.players[p as usize].trains >= route.trains_needed() {
                for c in 0..CARD_KINDS {
                    if state.players[p as usize].hand[c] > 0 {
                        push(Action::Mechanic {
                            mechanic: m,
                            choice: c as u16,
                        });
                    }
                }
            }
        }
    }
    fn apply_decision(
        &self,
        game: &Game,
        state: &mut State,
        me: usize,
        step: u16,
        choice: u32,
        _: &mut ChaCha8Rng,
    ) -> Result<(), IllegalMove> {
        if choice == SKIP as u32 {
            return Ok(());
        }
        let p = state.current_player();
        if step == TOLL {
            state.mechanic_words_mut(game, me)[choice as usize] = p as u32 + 1;
        } else {
            let mut card = [0; CARD_KINDS];
            card[choice as usize] = 1;
            state.spend(p, &card)?;
            let lane = state.mechanic_words(game, me)[Self::last_word(game) + 2] as usize - 1;
            state.share_lane(game, lane, p);
        }
        Ok(())
    }
}

impl RouteSplit for Tolls {
    fn route_points(
        &self,
        game: &Game,
        state: &State,
        me: usize,
        lane: u16,
        holder: u8,
        split: &mut RoutePoints,
    ) {
        // Shared lanes score for their sharer as usual.
        if state.lane_owner()[lane as usize] != holder {
            return;
        }
        let w = state.mechanic_words(game, me);
        let at = Self::lane_word(game, lane as usize);
        let route = &game.routes[game.lane_route[lane as usize] as usize];
        // Kept at the claim, or (asked at the claim itself) the tolls in place now.
        let ends = if w[at] & KEPT != 0 {
            [w[at] & !KEPT, w[at + 1] & !KEPT]
        } else {
            [w[route.city_a as usize], w[route.city_b as usize]]
        };
        let points = split.to[0].1;
        let tolls: Vec<u8> = ends
            .into_iter()
            .filter(|&o| o != 0 && o - 1 != holder as u32)
            .map(|o| (o - 1) as u8)
            .collect();
        if !tolls.is_empty() {
            split.to = tolls.into_iter().map(|o| (o, points)).collect();
        }
    }
}

#[test]
fn tolls_send_route_points_to_others_and_shared_lanes_score_for_both() {
    let map = usa();
    let (game, me) = with(&map, 3, Arc::new(Tolls));
    let (mut diverted, mut shared, mut two_decisions) = (0, 0, 0);
    for i in 0..8 {
        let state = play_checked(
            &game,
            game_seed(71, i),
            claims_first(i as u32),
            |b, a, s| {
                if let (Phase::Mechanic { step, .. }, Phase::Mechanic { step: next, .. }) =
                    (b.phase, s.phase)
                    && step == TOLL
                    && next == SHARE
                {
                    // The second decision of the same turn, by the same player.
                    assert_eq!(b.current_player(), s.current_player());
                    two_decisions += 1;
                }
                if let Action::Claim { .. } = a {
                    // The cards the hand lost are what on_claim was told (tunnels pay later).
                    let p = b.current_player() as usize;
                    let at = Tolls::paid_word(&game, p);
                    let told = s.mechanic_words(&game, me)[at] - b.mechanic_words(&game, me)[at];
                    if told > 0 {
                        let lost = sum(&b.players[p].hand) - sum(&s.players[p].hand);
                        assert_eq!(told, lost as u32);
                    }
                }
            },
        );
        let Some(result) = &state.result else {
            panic!("game {i} did not finish: {:?}", state.failure);
        };
        let detailed = score_detailed(&game, &state, &[]);
        for p in 0..3 {
            // The score track (at each claim) and the final scoring agree.
            assert_eq!(detailed[p].route_points, state.players[p].route_points);
            assert_eq!(
                detailed[p].routes.iter().map(|l| l.points).sum::<i32>(),
                detailed[p].route_points
            );
            assert_eq!(result[p].total, detailed[p].total);
            diverted += detailed[p]
                .routes
                .iter()
                .filter(|l| l.from.is_some())
                .count();
        }
        for &(lane, p) in state.shared_lanes() {
            shared += 1;
            let r = game.lane_route[lane as usize];
            assert!(state.players[p as usize].routes.contains(&r));
            assert_ne!(state.lane_owner()[lane as usize], p);
        }
    }
    assert!(diverted > 5, "{diverted} route lines diverted");
    assert!(shared > 3, "{shared} lanes shared");
    assert!(
        two_decisions > 3,
        "{two_decisions} turns with two decisions"
    );
}
