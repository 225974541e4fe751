//! `State::determinize`: the copy it deals depends only on what the viewer knows. Two
//! positions that differ only in where hidden cards and tickets lie (the face-down deck or
//! another player's hand, the order of a ticket deck) give the same copy for the same rng,
//! field by field, for every seed.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use ttrmap::engine::{CARD_KINDS, Game, Phase, State};
use ttrmap::playtest::chance_rng;

#[path = "common/engine.rs"]
mod setup;
use setup::game;

/// A position of `game` after at least `actions` random actions, at the start of a main-
/// phase turn of seat 0 (the viewer), every player holding cards and tickets.
fn mid_game(game: &Game, seed: u64, actions: usize) -> State {
    let mut rng = chance_rng(seed);
    let mut state = State::new(game, seed, &mut rng);
    let mut pick = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut n = 0;
    while n < actions || !(state.phase == Phase::Main && state.current_player() == 0) {
        assert!(!state.is_terminal(), "the game ended before the position");
        state.legal_actions(game, &mut legal);
        let a = *legal.choose(&mut pick).expect("an action");
        state.apply(game, a, &mut rng).expect("legal");
        n += 1;
    }
    for p in &state.players {
        assert!(p.hand.iter().sum::<u16>() > 0 && !p.tickets.is_empty());
    }
    state
}

/// Moves one card of seat `from` into seat `to`'s hand (`None`: the deck) and one card of
/// another colour back, so every count the viewer knows stays as it was.
fn swap_card(state: &mut State, from: usize, to: Option<usize>) {
    let held = |s: &State, at: Option<usize>| match at {
        Some(p) => s.players[p].hand,
        None => s.deck,
    };
    let (a, b) = (held(state, Some(from)), held(state, to));
    let c = (0..CARD_KINDS).find(|&c| a[c] > 0).expect("a card to give");
    let d = (0..CARD_KINDS)
        .find(|&d| d != c && b[d] > 0)
        .expect("a card of another colour to take");
    state.players[from].hand[c] -= 1;
    state.players[from].hand[d] += 1;
    let other = match to {
        Some(p) => &mut state.players[p].hand,
        None => &mut state.deck,
    };
    other[c] += 1;
    other[d] -= 1;
}

/// Swaps seat 1's first ticket with the first (`last`: the last) ticket of its deck;
/// returns the ticket seat 1 holds now.
fn swap_ticket(game: &Game, state: &mut State, last: bool) -> u16 {
    let theirs = state.players[1].tickets[0];
    let deck = &mut state.ticket_decks[game.tickets[theirs as usize].deck as usize];
    let other = if last {
        deck.pop_back()
    } else {
        deck.pop_front()
    };
    let other = other.expect("a ticket in the deck");
    deck.push_back(theirs);
    state.players[1].tickets[0] = other;
    other
}

/// Asserts that `a` and `b` give the same copy for seat 0, which saw `seen`, for each of 12
/// seeds.
fn same_deals(game: &Game, a: &State, b: &State, seen: &[u16], what: &str) {
    assert_ne!(
        format!("{a:?}"),
        format!("{b:?}"),
        "{what}: the positions differ"
    );
    for seed in 0..12 {
        let deal = |s: &State| {
            let d = s.determinize(game, 0, seen, &mut ChaCha8Rng::seed_from_u64(seed));
            format!("{d:?}")
        };
        assert_eq!(deal(a), deal(b), "{what}, seed {seed}");
    }
}

#[test]
fn a_card_in_the_deck_or_in_a_hidden_hand_gives_the_same_deal() {
    let g = game("usa.toml", 2);
    for (seed, actions) in [(1, 10), (2, 20), (3, 30)] {
        let a = mid_game(&g, seed, actions);
        let mut b = a.clone();
        swap_card(&mut b, 1, None);
        same_deals(
            &g,
            &a,
            &b,
            &[],
            &format!("USA 2p, game {seed}, deck and seat 1"),
        );
    }
}

#[test]
fn a_card_in_one_hidden_hand_or_another_gives_the_same_deal() {
    let g = game("europe.toml", 3);
    for (seed, actions) in [(4, 15), (5, 30)] {
        let a = mid_game(&g, seed, actions);
        let mut b = a.clone();
        swap_card(&mut b, 1, Some(2));
        same_deals(
            &g,
            &a,
            &b,
            &[],
            &format!("Europe 3p, game {seed}, seats 1 and 2"),
        );
    }
}

#[test]
fn which_hidden_tickets_a_player_holds_does_not_change_the_deal() {
    let g = game("usa.toml", 2);
    let a = mid_game(&g, 6, 20);
    let mut b = a.clone();
    // One of seat 1's tickets swapped with one still in its deck, and that deck reversed.
    let t = swap_ticket(&g, &mut b, false);
    b.ticket_decks[g.tickets[t as usize].deck as usize]
        .make_contiguous()
        .reverse();
    same_deals(&g, &a, &b, &[], "USA 2p, tickets of seat 1");
}

/// A ticket the viewer saw and returned went back to the deck; whether another player drew
/// it since is hidden. Seat 1 holding it (and the deck one seat 1 would hold otherwise)
/// gives the same deal as the deck holding it.
#[test]
fn a_seen_ticket_in_the_deck_or_in_a_hidden_hand_gives_the_same_deal() {
    let g = game("usa.toml", 2);
    let a = mid_game(&g, 8, 20);
    let mut b = a.clone();
    let seen = swap_ticket(&g, &mut b, true);
    same_deals(&g, &a, &b, &[seen], "USA 2p, a seen ticket");
}

/// The viewer saw every ticket left in the deck and one seat 1 holds: fewer unseen tickets
/// than seat 1 holds are left (a number the viewer can count), so a seen one makes up its
/// hand. Every count is kept, no ticket is lost or doubled, and the deal is the same
/// whichever seen ticket seat 1 really holds.
#[test]
fn seen_tickets_make_up_a_hand_when_too_few_are_unseen() {
    let g = game("usa.toml", 2);
    let a = mid_game(&g, 9, 20);
    let mut b = a.clone();
    let held = swap_ticket(&g, &mut b, true);
    let d = g.tickets[held as usize].deck as usize;
    // Seen: the deck of `a` (`held` among it) and the ticket of seat 1 it swapped for.
    let mut seen: Vec<u16> = a.ticket_decks[d].iter().copied().collect();
    seen.push(a.players[1].tickets[0]);
    same_deals(&g, &a, &b, &seen, "USA 2p, every deck ticket seen");
    let all = |s: &State| {
        let mut v: Vec<u16> = s.ticket_decks[d].iter().copied().collect();
        v.extend(s.players.iter().flat_map(|p| p.tickets.iter().copied()));
        v.sort_unstable();
        v
    };
    for seed in 0..12 {
        let c = a.determinize(&g, 0, &seen, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(all(&c), all(&a), "seed {seed}");
        assert_eq!(c.ticket_decks[d].len(), a.ticket_decks[d].len());
        assert_eq!(c.players[1].tickets.len(), a.players[1].tickets.len());
        assert_eq!(c.players[0].tickets, a.players[0].tickets);
    }
}
