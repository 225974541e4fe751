//! Iberia (`rules.tickets.draft`, `mechanics.ticket_draft_card`, `mechanics.festivals`): the
//! rule text's worked examples and its draft, played through the engine one action at a
//! time.
//!
//! Some positions get cards or festival piles by hand (said where); `engine_invariants`
//! checks that real games conserve every card.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::path::Path;
use ttrmap::engine::hooks::subset_mask;
use ttrmap::engine::mechanics::festivals::{self, Festivals};
use ttrmap::engine::mechanics::ticket_draft::{self, TicketDraft};
use ttrmap::engine::mechanics::ticket_draft_card::TicketDraftCard;
use ttrmap::engine::position::blank_position;
use ttrmap::engine::scoring::score_detailed;
use ttrmap::engine::{Action, CARD_KINDS, Game, NOBODY, Phase, State};

fn iberia(players: u8) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/iberia.toml");
    let loaded = ttrmap::load::load_path(&path).expect("readable");
    Game::new(loaded.map.as_ref().expect("loads"), players, None).expect("playable")
}

/// Iberia with each `(from, to)` of `edits` made in its text.
fn iberia_edited(players: u8, edits: &[(&str, &str)]) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/iberia.toml");
    let mut text = std::fs::read_to_string(path).expect("readable");
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    let loaded = ttrmap::load::load_str("iberia.toml", &text);
    Game::new(loaded.map.as_ref().expect("loads"), players, None).expect("playable")
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

fn draft(game: &Game) -> (usize, &TicketDraft) {
    game.mechanics.get::<TicketDraft>().expect("a draft")
}

fn fest(game: &Game) -> (usize, &Festivals) {
    game.mechanics.get::<Festivals>().expect("festivals")
}

fn card(game: &Game) -> usize {
    game.mechanics.get::<TicketDraftCard>().expect("the card").0
}

fn pick(game: &Game, state: &mut State, rng: &mut ChaCha8Rng, choice: u16) {
    let (dm, _) = draft(game);
    state
        .apply(
            game,
            Action::Mechanic {
                mechanic: dm as u8,
                choice,
            },
            rng,
        )
        .expect("a legal draft choice");
}

/// Plays a draft's pick rounds with everyone taking the first ticket of their hand, checking
/// after each round that the hands went on in the draft's direction.
fn pick_rounds(game: &Game, state: &mut State, rng: &mut ChaCha8Rng, to_next_seat: bool) {
    let (dm, d) = draft(game);
    let n = game.players;
    while state.phase
        == (Phase::Mechanic {
            mechanic: dm as u8,
            step: ticket_draft::PICK,
        })
    {
        let before: Vec<Vec<u16>> = (0..n).map(|p| d.hand(game, state, dm, p)).collect();
        for _ in 0..n {
            pick(game, state, rng, 0);
        }
        for p in 0..n {
            let next = if to_next_seat {
                (p + 1) % n
            } else {
                (p + n - 1) % n
            };
            // The hand minus its first ticket; a last single ticket is taken without asking.
            let passed = &before[p as usize][1..];
            let expected: &[u16] = if passed.len() == 1 { &[] } else { passed };
            assert_eq!(
                d.hand(game, state, dm, next),
                expected,
                "player {p}'s hand goes to {next}"
            );
        }
    }
}

/// The keep of exactly 4: 15 choices, each a set of 4; everyone keeps the first set.
fn keeps(game: &Game, state: &mut State, rng: &mut ChaCha8Rng) -> Vec<Vec<u16>> {
    let (dm, d) = draft(game);
    let mut kept = vec![Vec::new(); game.players as usize];
    while state.phase
        == (Phase::Mechanic {
            mechanic: dm as u8,
            step: ticket_draft::KEEP,
        })
    {
        let p = state.current_player();
        let taken = d.taken(game, state, dm, p);
        assert_eq!(taken.len(), 6, "six tickets drafted");
        let mut legal = Vec::new();
        state.legal_actions(game, &mut legal);
        // 6 choose 4 = 15 ways to keep exactly four.
        assert_eq!(legal.len(), 15);
        for c in 0..15 {
            assert_eq!(subset_mask(6, 4, c).expect("a set").count_ones(), 4);
        }
        let mask = subset_mask(6, 4, 0).unwrap();
        kept[p as usize] = (0..6)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| taken[i])
            .collect();
        pick(game, state, rng, 0);
    }
    kept
}

fn any_ticket_draw(game: &Game, state: &State) -> bool {
    let mut legal = Vec::new();
    state.legal_actions(game, &mut legal);
    legal.contains(&Action::DrawTickets)
}

#[test]
fn the_setup_draft_passes_left_and_keeps_exactly_four() {
    let game = iberia(3);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut state = State::new(&game, 3, &mut rng);
    let (dm, d) = draft(&game);
    let hands: Vec<Vec<u16>> = (0..3).map(|p| d.hand(&game, &state, dm, p)).collect();
    assert!(hands.iter().all(|h| h.len() == 6), "six dealt to each");
    let mut all: Vec<u16> = hands.concat();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 18, "eighteen different tickets");
    // 50 tickets less 3 × 6 dealt.
    assert_eq!(state.ticket_decks[0].len(), 32);
    pick_rounds(&game, &mut state, &mut rng, true);
    let kept = keeps(&game, &mut state, &mut rng);
    assert_eq!(state.phase, Phase::Main);
    for (p, kept) in kept.iter().enumerate() {
        assert_eq!(
            &state.players[p].tickets[..],
            kept,
            "player {p} keeps the four chosen"
        );
    }
    // The 3 × 2 leftovers are shuffled back: 32 + 6.
    assert_eq!(state.ticket_decks[0].len(), 38);
    assert!(
        !any_ticket_draw(&game, &state),
        "no ticket draw before the second draft"
    );
}

/// Plays blind draws (and first choices in drafts) until the Ticket Draft card is drawn;
/// returns who drew it and their hand size at the start of that turn.
fn draw_until_the_card(game: &Game, state: &mut State, rng: &mut ChaCha8Rng) -> (u8, u32) {
    let cm = card(game);
    let mut start = (0, 0);
    while TicketDraftCard::drawn_at(game, state, cm).is_none() {
        assert!(!state.is_terminal(), "the card comes before the game ends");
        if state.phase == Phase::Main {
            let p = state.current_player();
            start = (p, state.players[p as usize].hand.iter().sum::<u16>() as u32);
        }
        state
            .apply(game, Action::DrawBlind, rng)
            .expect("a blind draw");
    }
    start
}

#[test]
fn the_ticket_draft_card_starts_a_second_draft_passing_right() {
    let game = iberia(3);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut state = State::new(&game, 5, &mut rng);
    pick_rounds(&game, &mut state, &mut rng, true);
    let first = keeps(&game, &mut state, &mut rng);
    let (drawer, hand_before) = draw_until_the_card(&game, &mut state, &mut rng);
    // The drawer finishes the turn (a second card if the card came first) before the
    // draft begins.
    if matches!(state.phase, Phase::Drawing { .. }) {
        state.apply(&game, Action::DrawBlind, &mut rng).unwrap();
    }
    let (dm, d) = draft(&game);
    assert_eq!(
        state.phase,
        Phase::Mechanic {
            mechanic: dm as u8,
            step: ticket_draft::PICK
        }
    );
    let hand_now: u16 = state.players[drawer as usize].hand.iter().sum();
    assert_eq!(
        hand_now as u32,
        hand_before + 2,
        "the drawer drew two cards"
    );
    for p in 0..3 {
        assert_eq!(d.hand(&game, &state, dm, p).len(), 6, "six dealt again");
    }
    pick_rounds(&game, &mut state, &mut rng, false);
    let second = keeps(&game, &mut state, &mut rng);
    for p in 0..3 {
        let mut expected = first[p].clone();
        expected.extend(&second[p]);
        assert_eq!(
            state.players[p].tickets[..],
            expected,
            "player {p}: the first draft's four survive, four more kept"
        );
    }
    // The leftovers (3 × 2) lie under the ticket deck.
    let deck = &state.ticket_decks[0];
    let held: Vec<u16> = state
        .players
        .iter()
        .flat_map(|p| p.tickets.clone())
        .collect();
    assert_eq!(deck.len(), 50 - 24);
    let bottom: Vec<u16> = deck.iter().rev().take(6).copied().collect();
    assert!(bottom.iter().all(|t| !held.contains(t)));
    // Ticket draws are open once the turn ends and the next player starts.
    assert_eq!(state.phase, Phase::Main);
    assert!(any_ticket_draw(&game, &state), "tickets may be drawn now");
}

#[test]
fn the_ticket_draft_card_lies_at_its_depth() {
    for (players, fraction) in [(2u8, 0.5), (3, 0.6667), (4, 0.75), (5, 0.75)] {
        let game = iberia(players);
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut state = State::new(&game, 11, &mut rng);
        // 110 train cards less 4 a player and 5 face up, plus 54 festival cards.
        let deck = 110 - 4 * players as u32 - 5 + 54;
        assert_eq!(state.deck_len() as u32, deck + 1, "{players} players");
        let depth = (deck as f64 * fraction).round() as u32;
        let (fm, f) = fest(&game);
        let cm = card(&game);
        let mut dealt = 0;
        let last;
        loop {
            let before = f.cards_out(&game, &state, fm);
            state.deal_card(&game, 0, &mut rng).expect("a train card");
            dealt += 1;
            if TicketDraftCard::drawn_at(&game, &state, cm).is_some() {
                last = f.cards_out(&game, &state, fm) - before;
                break;
            }
        }
        // Above it: the train cards dealt before the last deal, and the festival cards laid
        // before it (all but some of those met in the last deal, which goes on after it
        // until a train card comes).
        let laid = f.cards_out(&game, &state, fm);
        let most = dealt - 1 + laid;
        assert!(
            most - last <= depth && depth <= most,
            "{players} players: {dealt} train cards and {laid} festival cards ({last} in the last deal), depth {depth}"
        );
    }
}

#[test]
fn a_festival_card_drawn_into_the_display_is_laid_and_replaced() {
    let game = iberia(2);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut state = State::new(&game, 2, &mut rng);
    pick_rounds(&game, &mut state, &mut rng, true);
    keeps(&game, &mut state, &mut rng);
    draw_until_the_card(&game, &mut state, &mut rng);
    while state.phase != Phase::Main {
        let mut legal = Vec::new();
        state.legal_actions(&game, &mut legal);
        state.apply(&game, legal[0], &mut rng).unwrap();
    }
    let (fm, f) = fest(&game);
    let sevilla = f.group("sevilla").unwrap();
    let laid_before = Festivals::pile(&game, &state, fm, sevilla);
    // By hand: the deck holds one Sevilla card and no train card; one red card is in the
    // discard pile.
    state.deck = [0; CARD_KINDS];
    state.deck_size = 0;
    state.discard = [0; CARD_KINDS];
    state.discard[0] = 1;
    state.deck_other.iter_mut().for_each(|n| *n = 0);
    let kind = game.mechanics.deck_kind(fm, sevilla as u16).unwrap();
    state.deck_other[kind as usize] = 1;
    let taken = state.face_up[0];
    assert_ne!(taken, NOBODY);
    state.apply(&game, Action::DrawFaceUp(0), &mut rng).unwrap();
    // The refill met the festival card: laid by Sevilla; the draw went on (the discard
    // reshuffled) to the red card, which fills the slot.
    assert_eq!(Festivals::pile(&game, &state, fm, sevilla), laid_before + 1);
    assert_eq!(state.face_up[0], 0, "a train card replaces it");
    assert_eq!(state.deck_other[kind as usize], 0);
}

/// A game after both drafts, at the start of a turn, with the current player holding ten
/// cards of every kind (by hand).
fn after_drafts(players: u8) -> (Game, State, ChaCha8Rng) {
    after_drafts_of(iberia(players))
}

fn after_drafts_of(game: Game) -> (Game, State, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut state = State::new(&game, 9, &mut rng);
    pick_rounds(&game, &mut state, &mut rng, true);
    keeps(&game, &mut state, &mut rng);
    draw_until_the_card(&game, &mut state, &mut rng);
    while state.phase != Phase::Main {
        let mut legal = Vec::new();
        state.legal_actions(&game, &mut legal);
        state.apply(&game, legal[0], &mut rng).unwrap();
    }
    let p = state.current_player() as usize;
    state.players[p].hand = [10; CARD_KINDS];
    (game, state, rng)
}

fn claim(game: &Game, state: &mut State, rng: &mut ChaCha8Rng, r: usize) {
    let lane = game.routes[r].first_lane;
    let mut legal = Vec::new();
    state.legal_actions(game, &mut legal);
    let a = *legal
        .iter()
        .find(|a| matches!(a, Action::Claim { lane: l, .. } if *l == lane))
        .expect("the route can be claimed");
    state.apply(game, a, rng).unwrap();
}

#[test]
fn a_route_between_two_festival_cities_takes_one_pile() {
    let (game, mut state, mut rng) = after_drafts(2);
    let (fm, f) = fest(&game);
    let (sevilla, cadiz) = (f.group("sevilla").unwrap(), f.group("cadiz").unwrap());
    // By hand: 3 Sevilla cards and 2 Cádiz cards laid.
    Festivals::set_pile(&game, &mut state, fm, sevilla, 3);
    Festivals::set_pile(&game, &mut state, fm, cadiz, 2);
    let p = state.current_player();
    let (held_s, held_c) = (
        f.held(&game, &state, fm, p, sevilla),
        f.held(&game, &state, fm, p, cadiz),
    );
    let r = route(&game, "sevilla", "cadiz");
    claim(&game, &mut state, &mut rng, r);
    assert_eq!(
        state.phase,
        Phase::Mechanic {
            mechanic: fm as u8,
            step: festivals::CHOOSE
        },
        "the claimer chooses a pile"
    );
    let mut legal = Vec::new();
    state.legal_actions(&game, &mut legal);
    assert_eq!(legal.len(), 2);
    // Choice 1: the pile of the route's second city.
    let second = game.routes[r].city_b == city(&game, "cadiz");
    let choice = if second { 1 } else { 0 };
    state
        .apply(
            &game,
            Action::Mechanic {
                mechanic: fm as u8,
                choice,
            },
            &mut rng,
        )
        .unwrap();
    assert_eq!(f.held(&game, &state, fm, p, cadiz), held_c + 2);
    assert_eq!(f.held(&game, &state, fm, p, sevilla), held_s, "not both");
    assert_eq!(Festivals::pile(&game, &state, fm, sevilla), 3, "still laid");
    assert_eq!(Festivals::pile(&game, &state, fm, cadiz), 0);
    assert_eq!(state.phase, Phase::Main);
    assert_ne!(state.current_player(), p, "the turn is over");
}

const TAKE_ASK: (&str, &str) = ("unverified = true\n", "unverified = true\ntake = \"ask\"\n");

/// Whether claiming Coimbra–Porto with 4 cards laid asks (`Some(legal actions)`, the turn
/// waiting on the choice) or takes them at once (`None`); the pile and the claimer's cards
/// after choosing `choice` when asked.
fn porto_claim(game: Game, choice: u16) -> (Option<usize>, u32, u32) {
    let (game, mut state, mut rng) = after_drafts_of(game);
    let (fm, f) = fest(&game);
    let g = f.group("porto-coimbra").unwrap();
    Festivals::set_pile(&game, &mut state, fm, g, 4);
    let p = state.current_player();
    let held = f.held(&game, &state, fm, p, g);
    claim(
        &game,
        &mut state,
        &mut rng,
        route(&game, "coimbra", "porto"),
    );
    let asked = (state.phase != Phase::Main).then(|| {
        let mut legal = Vec::new();
        state.legal_actions(&game, &mut legal);
        let a = Action::Mechanic {
            mechanic: fm as u8,
            choice,
        };
        assert!(legal.contains(&a), "{a:?} among {legal:?}");
        state.apply(&game, a, &mut rng).unwrap();
        legal.len()
    });
    assert_eq!(state.phase, Phase::Main);
    assert_ne!(state.current_player(), p, "the turn is over");
    (
        asked,
        Festivals::pile(&game, &state, fm, g),
        f.held(&game, &state, fm, p, g) - held,
    )
}

/// The rule text says the claimer *may* take a festival city's cards. With `take = "ask"`
/// the claimer chooses: take the pile (choice 0) or leave it laid (`LEAVE`); between two
/// festival cities, either pile or neither.
#[test]
fn asked_the_claimer_may_leave_the_festival_cards() {
    let ask = || iberia_edited(2, &[TAKE_ASK]);
    // Two choices; leaving keeps the 4 cards laid and gives the claimer none.
    assert_eq!(porto_claim(ask(), festivals::LEAVE), (Some(2), 4, 0));
    assert_eq!(porto_claim(ask(), 0), (Some(2), 0, 4));
    // Sevilla–Cádiz with both piles laid: either pile, or neither.
    let (game, mut state, mut rng) = after_drafts_of(ask());
    let (fm, f) = fest(&game);
    let (sevilla, cadiz) = (f.group("sevilla").unwrap(), f.group("cadiz").unwrap());
    Festivals::set_pile(&game, &mut state, fm, sevilla, 3);
    Festivals::set_pile(&game, &mut state, fm, cadiz, 2);
    claim(
        &game,
        &mut state,
        &mut rng,
        route(&game, "sevilla", "cadiz"),
    );
    let mut legal = Vec::new();
    state.legal_actions(&game, &mut legal);
    assert_eq!(legal.len(), 3);
    let leave = Action::Mechanic {
        mechanic: fm as u8,
        choice: festivals::LEAVE,
    };
    state.apply(&game, leave, &mut rng).unwrap();
    assert_eq!(Festivals::pile(&game, &state, fm, sevilla), 3);
    assert_eq!(Festivals::pile(&game, &state, fm, cadiz), 2);
    // Random games under the option finish, every card accounted for.
    let game = ask();
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&game, seed, &mut rng);
        let mut legal = Vec::new();
        let mut steps = 0;
        while state.result.is_none() {
            legal.clear();
            state.legal_actions(&game, &mut legal);
            assert!(!legal.is_empty() && steps < 20_000, "seed {seed} stuck");
            let a = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())];
            state.apply(&game, a, &mut rng).unwrap();
            steps += 1;
        }
    }
}

/// Porto and Coimbra share one festival: a claim between them takes that one pile, and by
/// default (`auto`) without asking, as the claimer is asked only where the pile could lower
/// their score and the shipped charts only rise. A chart that falls at its 8th card (… 22,
/// then 20) asks; `always` never asks.
#[test]
fn the_default_asks_only_where_a_pile_can_lower_the_score() {
    let porto = "id = \"porto-coimbra\"\nname = \"São João do Porto e Queima das Fitas (Porto, Coimbra)\"\ncards = 8\nchart = [1, 3, 6, 10, 14, 18, 22, 26]";
    let porto_falling = porto.replacen("22, 26]", "22, 20]", 1);
    assert_eq!(porto_claim(iberia(2), 0), (None, 0, 4));
    assert_eq!(
        porto_claim(
            iberia_edited(2, &[(porto, &porto_falling)]),
            festivals::LEAVE
        ),
        (Some(2), 4, 0)
    );
    let always = iberia_edited(
        2,
        &[
            (porto, &porto_falling),
            (TAKE_ASK.0, "unverified = true\ntake = \"always\"\n"),
        ],
    );
    assert_eq!(porto_claim(always, 0), (None, 0, 4));
}

#[test]
fn festival_sets_score_by_the_chart() {
    let game = iberia(2);
    let mut state = blank_position(&game);
    let (fm, f) = fest(&game);
    // The rule text: 3 Sevilla cards score 6, 7 Valencia cards score 22.
    f.set_held(&game, &mut state, fm, 0, f.group("sevilla").unwrap(), 3);
    f.set_held(&game, &mut state, fm, 1, f.group("valencia").unwrap(), 7);
    let scores = score_detailed(&game, &state, &[Vec::new(), Vec::new()]);
    let line = |p: usize| {
        scores[p]
            .bonuses
            .iter()
            .find(|b| b.mechanic == fm)
            .expect("a festival line")
            .clone()
    };
    assert_eq!((line(0).measure, line(0).points), (3, 6));
    assert_eq!((line(1).measure, line(1).points), (7, 22));
    assert_eq!(scores[1].total - scores[0].total, 22 - 6);
}

#[test]
fn no_longest_path_and_ties_go_to_the_most_completed_tickets() {
    let game = iberia(2);
    // Drafts and festivals only: no longest path, no Globetrotter.
    let names: Vec<String> = game.mechanics.modules.iter().map(|m| m.name()).collect();
    assert_eq!(names.len(), 3, "{names:?}");
    assert!(
        names
            .iter()
            .all(|n| !n.contains("longest") && !n.contains("Globetrotter"))
    );
    assert_eq!(
        game.tie_breaks,
        vec![ttrmap::model::TieBreak::MostCompletedTickets]
    );
    assert_eq!(
        (game.trains, game.deck_total, game.start_cards),
        (35, 110, 4)
    );
    assert_eq!(game.loco_reset, 3);
}
