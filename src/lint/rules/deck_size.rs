//! # deck-size
//!
//! Checks that the decks can serve the largest table: every game mode's setup deal (or the
//! rules' deal or draft) for the maximum number of players fits in the ticket decks it uses,
//! and the train deck covers every starting hand plus the face-up display.
//!
//! ## Why it matters
//! A deck that cannot deal a full table stops the game at setup; one that barely can leaves
//! nothing to draw later.
//!
//! ## Example
//! A 5-player map dealing 3 tickets each from a deck of 12 tickets: 15 are needed.
//!
//! A map with no tickets at all is a network still being drawn (or a transcription whose
//! tickets are missing, as Germany's); the rule waits for the first ticket.

use super::prelude::*;
use std::collections::BTreeMap;

pub const RULE: Rule = Rule {
    id: "deck-size",
    default: Level::Warn,
    source: include_str!("deck_size.rs"),
    from_loader: false,
    reads: &["map.players", "rules", "decks", "tickets", "modes"],
    counts: &["decks", "tickets", "modes"],
    check,
};

fn check(cx: &mut LintCx) {
    let map = cx.map;
    let p = map.map.players.max as u32;
    let tickets_checked = !map.tickets.is_empty();
    let first = map.deck_ids()[0].to_string();
    let mut in_deck: BTreeMap<String, u32> = BTreeMap::new();
    for t in &map.tickets {
        *in_deck
            .entry(t.deck.clone().unwrap_or_else(|| first.clone()))
            .or_insert(0) += t.copies as u32;
    }
    let mut needs: Vec<(Vec<crate::spans::Seg>, String, BTreeMap<String, u32>)> = Vec::new();
    if map.modes.is_empty() {
        let per_player = match map.rules.tickets.draft {
            Some(d) => d.deal as u32,
            None => map.rules.tickets.initial.deal as u32,
        };
        let mut need = BTreeMap::new();
        // Decks with an explicit setup deal (Europe's long deck) deal that; the first deck
        // deals the rules' count.
        for d in &map.decks {
            if let Some(n) = d.initial_deal {
                need.insert(d.id.clone(), n as u32 * p);
            }
        }
        need.entry(first.clone()).or_insert(per_player * p);
        needs.push((path!["rules", "tickets"], "the setup deal".into(), need));
    } else {
        for (i, m) in map.modes.iter().enumerate() {
            let need = m
                .deal
                .iter()
                .map(|(d, &n)| (d.clone(), n as u32 * p))
                .collect();
            needs.push((path!["modes", i, "deal"], format!("mode `{}`", m.id), need));
            if let Some(pool) = &m.pool {
                // A pool is one pile: counted under a name no deck id can have (a space).
                let name = format!("pool of {}", m.id);
                let held = map
                    .tickets
                    .iter()
                    .filter(|t| pool.holds(t, t.deck.as_deref().unwrap_or(&first)))
                    .map(|t| t.copies as u32)
                    .sum();
                in_deck.insert(name.clone(), held);
                let need = BTreeMap::from([(name, pool.deal as u32 * p)]);
                needs.push((path!["modes", i, "pool"], format!("mode `{}`", m.id), need));
            }
        }
    }
    for (at, what, need) in needs.into_iter().filter(|_| tickets_checked) {
        for (deck, n) in need {
            let have = in_deck.get(&deck).copied().unwrap_or(0);
            if have < n {
                cx.report(
                    at.clone(),
                    format!(
                        "{what} needs {n} tickets from {} for {p} players; it holds {have}",
                        deck_name(&deck)
                    ),
                    format!("{n} needed"),
                    None,
                );
            }
        }
    }
    let cards = map.rules.train_deck.total();
    let dealt = p
        * (map.rules.starting_hand.cards as u32 + map.rules.starting_hand.locomotives as u32)
        + map.rules.face_up.count as u32;
    if dealt > cards {
        cx.report(
            path!["rules", "train_deck"],
            format!(
                "{p} starting hands and the display take {dealt} train cards; the deck has {cards}"
            ),
            format!("{cards} cards"),
            None,
        );
    }
}

/// A deck id in backticks, or a mode's pool (counted under a name with a space).
fn deck_name(deck: &str) -> String {
    if deck.contains(' ') {
        "its pool".to_string()
    } else {
        format!("deck `{deck}`")
    }
}
