//! `State::determinize`: the copy it deals depends only on what the viewer knows. Two
//! positions that differ only in where hidden cards and tickets lie (the face-down deck or
//! another player's hand, the order of a ticket deck) give the same copy for the same rng,
//! field by field, for every seed.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use ttrmap::engine::mechanics::ticket_draft::TicketDraft;
use ttrmap::engine::{CARD_KINDS, Game, Phase, Seen, State};
use ttrmap::playtest::chance_rng;

use crate::common::engine as setup;
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
            let d = s.determinize(
                game,
                0,
                &Seen::of_tickets(seen),
                &mut ChaCha8Rng::seed_from_u64(seed),
            );
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
        let c = a.determinize(
            &g,
            0,
            &Seen::of_tickets(&seen),
            &mut ChaCha8Rng::seed_from_u64(seed),
        );
        assert_eq!(all(&c), all(&a), "seed {seed}");
        assert_eq!(c.ticket_decks[d].len(), a.ticket_decks[d].len());
        assert_eq!(c.players[1].tickets.len(), a.players[1].tickets.len());
        assert_eq!(c.players[0].tickets, a.players[0].tickets);
    }
}

/// A game of a drafting map played at random from `seed`, seat 0 remembering what it sees
/// ([`State::observe`]) at each of its decisions, up to the first position where `at` holds
/// at a decision of seat 0; seat 1's takes of the last draft it finished picking are
/// recorded (a test may read what the viewer cannot).
struct Drafted {
    state: State,
    seen: Seen,
    takes_of_1: Vec<u16>,
}

fn drafted(game: &Game, seed: u64, at: &dyn Fn(&Game, &State) -> bool) -> Option<Drafted> {
    let (m, draft) = game.mechanics.get::<TicketDraft>().expect("a draft");
    let mut rng = chance_rng(seed);
    let mut state = State::new(game, seed, &mut rng);
    let mut pick = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut seen = Seen::default();
    let mut takes_of_1 = Vec::new();
    for _ in 0..5_000 {
        if state.is_terminal() {
            return None;
        }
        let taken = draft.taken(game, &state, m, 1);
        if !taken.is_empty() {
            takes_of_1 = taken;
        }
        if state.current_player() == 0 {
            state.observe(game, 0, &mut seen);
            if at(game, &state) {
                return Some(Drafted {
                    state,
                    seen,
                    takes_of_1,
                });
            }
        }
        state.legal_actions(game, &mut legal);
        let a = *legal.choose(&mut pick).expect("an action");
        state.apply(game, a, &mut rng).expect("legal");
    }
    None
}

/// Where each ticket is (decks, hands, removed, offered, every draft hand), sorted: a copy
/// must hold each ticket once, as the position does.
fn every_ticket(game: &Game, s: &State) -> Vec<u16> {
    let (m, draft) = game.mechanics.get::<TicketDraft>().expect("a draft");
    let mut all: Vec<u16> = s.ticket_decks.iter().flatten().copied().collect();
    all.extend(s.players.iter().flat_map(|p| p.tickets.iter().copied()));
    all.extend(&s.tickets_removed);
    all.extend(&s.offered);
    for p in 0..game.players {
        all.extend(draft.hand(game, s, m, p));
        all.extend(draft.taken(game, s, m, p));
    }
    all.sort_unstable();
    all
}

/// `d.state` with a ticket seat 1 holds (in its draft hands or kept) that seat 0 never saw
/// swapped with one of the deck seat 0 never saw, and the deck reversed; `None` when seat 1
/// holds no such ticket.
fn unseen_swapped(game: &Game, d: &Drafted) -> Option<State> {
    let (m, draft) = game.mechanics.get::<TicketDraft>().expect("a draft");
    let mut b = d.state.clone();
    let hidden = |t: &u16| !d.seen.knows(&d.state, 0, *t);
    let deck = &b.ticket_decks[0];
    let other = *deck.iter().find(|t| hidden(t))?;
    let (hand, taken) = (draft.hand(game, &b, m, 1), draft.taken(game, &b, m, 1));
    let swap = |list: &[u16]| -> Option<Vec<u16>> {
        let i = list.iter().position(hidden)?;
        let mut l = list.to_vec();
        l[i] = other;
        Some(l)
    };
    let mine = if let Some(h) = swap(&hand) {
        draft.set_hand(game, &mut b, m, 1, &h, &taken);
        hand[h.iter().position(|&t| t == other).unwrap()]
    } else if let Some(t) = swap(&taken) {
        draft.set_hand(game, &mut b, m, 1, &hand, &t);
        taken[t.iter().position(|&x| x == other).unwrap()]
    } else {
        let i = b.players[1].tickets.iter().position(hidden)?;
        std::mem::replace(&mut b.players[1].tickets[i], other)
    };
    let deck = &mut b.ticket_decks[0];
    let at = deck.iter().position(|&t| t == other).unwrap();
    deck[at] = mine;
    deck.make_contiguous().reverse();
    Some(b)
}

/// The copies of `a` and `b` for seat 0 are the same, seed by seed.
fn same_copies(game: &Game, a: &State, b: &State, seen: &Seen, what: &str) {
    assert_ne!(
        format!("{a:?}"),
        format!("{b:?}"),
        "{what}: the positions differ"
    );
    for seed in 0..12 {
        let copy = |s: &State| {
            format!(
                "{:?}",
                s.determinize(game, 0, seen, &mut ChaCha8Rng::seed_from_u64(seed))
            )
        };
        assert_eq!(copy(a), copy(b), "{what}, seed {seed}");
    }
}

fn draft_round(game: &Game, s: &State, which: usize, round: usize) -> bool {
    let (m, draft) = game.mechanics.get::<TicketDraft>().expect("a draft");
    TicketDraft::active(game, s, m) == Some(which)
        && draft.taken(game, s, m, 0).len() == round
        && draft.hand(game, s, m, 0).len() > 1
}

fn keeping(game: &Game, s: &State, which: usize) -> bool {
    let (m, draft) = game.mechanics.get::<TicketDraft>().expect("a draft");
    TicketDraft::active(game, s, m) == Some(which)
        && draft.hand(game, s, m, 0).is_empty()
        && draft.taken(game, s, m, 0).len() > 1
}

fn after_draft(game: &Game, s: &State, which: usize, turns: u32) -> bool {
    let (m, _) = game.mechanics.get::<TicketDraft>().expect("a draft");
    TicketDraft::done(game, s, m, which)
        && TicketDraft::active(game, s, m).is_none()
        && s.phase == Phase::Main
        && s.turn >= turns
}

/// Where [`drafted`] stops.
type At = dyn Fn(&Game, &State) -> bool;

/// The positions the draft tests look at on `map`: picks of the first draft (and the
/// second, where a card starts one), the keep, and turns after each.
fn draft_positions(map: &str, players: u8) -> Vec<(String, Drafted)> {
    let g = game(map, players);
    let second = g.mechanics.get::<TicketDraft>().unwrap().1.drafts.len() > 1;
    let mut out = Vec::new();
    for seed in [1u64, 2, 3] {
        let mut wants: Vec<(String, Box<At>)> = Vec::new();
        for r in 0..5 {
            wants.push((
                format!("draft 1 round {r}"),
                Box::new(move |g: &Game, s: &State| draft_round(g, s, 0, r)),
            ));
        }
        wants.push((
            "draft 1 keep".into(),
            Box::new(|g: &Game, s: &State| keeping(g, s, 0)),
        ));
        wants.push((
            "after draft 1".into(),
            Box::new(|g: &Game, s: &State| after_draft(g, s, 0, 6)),
        ));
        if second {
            for r in [0, 1, 3] {
                wants.push((
                    format!("draft 2 round {r}"),
                    Box::new(move |g: &Game, s: &State| draft_round(g, s, 1, r)),
                ));
            }
            wants.push((
                "after draft 2".into(),
                Box::new(|g: &Game, s: &State| after_draft(g, s, 1, 0)),
            ));
        }
        for (what, at) in wants {
            if let Some(d) = drafted(&g, seed, &*at) {
                out.push((format!("{map} {players}p, game {seed}, {what}"), d));
            }
        }
    }
    out
}

/// Iberia and South Korea: positions that differ only in a ticket seat 0 never saw in seat
/// 1's draft hands or kept tickets (and the deck's order) give the same copy; after a draft,
/// so do positions that differ only in which of its takes seat 1 kept.
#[test]
fn a_hidden_draft_hand_gives_the_same_deal() {
    for (map, players) in [
        ("iberia.toml", 2),
        ("south-korea.toml", 2),
        ("iberia.toml", 3),
    ] {
        let g = game(map, players);
        let positions = draft_positions(map, players);
        let mut swapped = 0;
        let mut kept_swaps = 0;
        for (what, d) in &positions {
            if let Some(b) = unseen_swapped(&g, d) {
                same_copies(&g, &d.state, &b, &d.seen, what);
                swapped += 1;
            }
            // Which of its takes seat 1 kept: one kept and one left (back in the deck),
            // both seen by seat 0, swapped.
            if what.contains("after draft 1") && players == 2 {
                let a = &d.state;
                let knows = |t: u16| d.seen.knows(a, 0, t);
                let kept = a.players[1]
                    .tickets
                    .iter()
                    .position(|&t| knows(t) && d.takes_of_1.contains(&t));
                let left = d
                    .takes_of_1
                    .iter()
                    .copied()
                    .find(|&t| knows(t) && a.ticket_decks[0].contains(&t));
                if let (Some(i), Some(y)) = (kept, left) {
                    let mut b = a.clone();
                    let x = std::mem::replace(&mut b.players[1].tickets[i], y);
                    let at = b.ticket_decks[0].iter().position(|&t| t == y).unwrap();
                    b.ticket_decks[0][at] = x;
                    same_copies(&g, a, &b, &d.seen, &format!("{what}, kept swapped"));
                    kept_swaps += 1;
                }
            }
        }
        assert!(
            swapped >= 8,
            "{map}: {swapped} positions swapped of {}",
            positions.len()
        );
        if players == 2 {
            assert!(kept_swaps >= 1, "{map}: no kept swap");
        }
    }
}

/// A copy of a drafting position keeps every count: each ticket once, every draft hand and
/// take list and every player's tickets of the same size, the viewer's own draft hand,
/// takes and tickets as they are, the other modules' words (festivals, Express cards, the
/// Province mat: public) as they are; at 2 players, the hand seat 0 passed is seat 1's
/// hand as it is (seat 0 knows it), in some order.
#[test]
fn a_draft_copy_keeps_every_count() {
    for (map, players) in [
        ("iberia.toml", 2),
        ("south-korea.toml", 2),
        ("iberia.toml", 3),
    ] {
        let g = game(map, players);
        let (m, draft) = g.mechanics.get::<TicketDraft>().unwrap();
        let o = &g.mechanics.state_offsets;
        let (from, to) = (o[m] as usize, o[m + 1] as usize);
        let mut changed = 0;
        for (what, d) in draft_positions(map, players) {
            let a = &d.state;
            for seed in 0..6 {
                let c = a.determinize(&g, 0, &d.seen, &mut ChaCha8Rng::seed_from_u64(seed));
                assert_eq!(
                    every_ticket(&g, &c),
                    every_ticket(&g, a),
                    "{what}, seed {seed}"
                );
                for p in 0..players {
                    let pu = p as usize;
                    assert_eq!(
                        c.players[pu].tickets.len(),
                        a.players[pu].tickets.len(),
                        "{what}: tickets of {p}"
                    );
                    assert_eq!(
                        draft.hand(&g, &c, m, p).len(),
                        draft.hand(&g, a, m, p).len(),
                        "{what}: hand of {p}"
                    );
                    assert_eq!(
                        draft.taken(&g, &c, m, p).len(),
                        draft.taken(&g, a, m, p).len(),
                        "{what}: takes of {p}"
                    );
                }
                assert_eq!(c.players[0].tickets, a.players[0].tickets, "{what}");
                assert_eq!(draft.hand(&g, &c, m, 0), draft.hand(&g, a, m, 0), "{what}");
                assert_eq!(
                    draft.taken(&g, &c, m, 0),
                    draft.taken(&g, a, m, 0),
                    "{what}"
                );
                assert_eq!(c.mechanic_state[..from], a.mechanic_state[..from], "{what}");
                assert_eq!(c.mechanic_state[to..], a.mechanic_state[to..], "{what}");
                for (i, k) in [(0usize, 0usize), (1, 1), (2, 2)] {
                    assert_eq!(
                        c.mechanic_state[from + i],
                        a.mechanic_state[from + k],
                        "{what}: the draft's public words"
                    );
                }
                if players == 2 && what.contains("round") && !what.contains("round 0") {
                    let sorted = |s: &State| {
                        let mut h = draft.hand(&g, s, m, 1);
                        h.sort_unstable();
                        h
                    };
                    assert_eq!(sorted(&c), sorted(a), "{what}: the hand seat 0 passed");
                }
                changed += (draft.taken(&g, &c, m, 1) != draft.taken(&g, a, m, 1)
                    || c.players[1].tickets != a.players[1].tickets)
                    as usize;
            }
        }
        assert!(changed > 0, "{map}: no copy dealt seat 1's draft again");
    }
}
