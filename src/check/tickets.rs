//! Ticket checks: `ticket-shape`, `ticket-same-city`, `deck-size`, `deck-published-size`.

use super::Cx;
use crate::diagnostic::Diagnostic;
use crate::model::{IMPLICIT_DECK, TicketShape};
use crate::path;

pub(super) fn check(cx: &mut Cx) {
    let map = cx.map;
    for (i, t) in map.tickets.iter().enumerate() {
        match t.shape() {
            None => cx.at_key(
                path!["tickets", i],
                Diagnostic::error(
                    "ticket-shape",
                    format!("ticket #{} has no single shape (it sets {})", i + 1, shape_keys(t)),
                )
                    .with_label("this ticket")
                    .with_help(
                        "a ticket is `from` + `to` + `points`, or `cities` + `points`, or `from` + `targets` (each with its own points)",
                    ),
            ),
            Some(TicketShape::MultiCity) => {
                let n = t.cities.as_ref().map_or(0, Vec::len);
                if n < 2 {
                    cx.at(
                        path!["tickets", i, "cities"],
                        Diagnostic::error("ticket-shape", "a multi-city ticket needs at least two cities")
                            .with_label(format!("{n} city")),
                    );
                }
            }
            _ => {}
        }
        // A ticket that mixes shapes was reported above; its places are not meaningful.
        if t.shape().is_none() {
            continue;
        }
        let places = t.places();
        for (j, p) in places.iter().enumerate() {
            if places[..j].contains(p) {
                cx.at_key(
                    path!["tickets", i],
                    Diagnostic::error(
                        "ticket-same-city",
                        format!("ticket `{}` names `{p}` twice", t.label()),
                    )
                    .with_label("this ticket"),
                );
                break;
            }
        }
    }
    for (i, d) in map.decks.iter().enumerate() {
        let first = map
            .decks
            .first()
            .map(|d| d.id.as_str())
            .unwrap_or(IMPLICIT_DECK);
        let count: u32 = map
            .tickets
            .iter()
            .filter(|t| t.deck.as_deref().unwrap_or(first) == d.id)
            .map(|t| t.copies as u32)
            .sum();
        if let Some(published) = d.published_size
            && published != count
        {
            cx.at(
                path!["decks", i, "published_size"],
                Diagnostic::warning(
                    "deck-published-size",
                    format!(
                        "deck `{}` holds {count} tickets but the published game has {published}; which differs is not known",
                        d.id
                    ),
                )
                .with_label(format!("{count} tickets name this deck")),
            );
        }
        let Some(size) = d.size else { continue };
        if count != size {
            cx.at(
                path!["decks", i, "size"],
                Diagnostic::error(
                    "deck-size",
                    format!("deck `{}` should hold {size} tickets but has {count}", d.id),
                )
                .with_label(format!("{count} tickets name this deck")),
            );
        }
    }
}

/// The shape-deciding keys a ticket sets, for the message: "`from`, `to` and `cities`".
fn shape_keys(t: &crate::model::Ticket) -> String {
    let set: Vec<&str> = [
        ("`from`", t.from.is_some()),
        ("`to`", t.to.is_some()),
        ("`cities`", t.cities.is_some()),
        ("`targets`", t.targets.is_some()),
        ("`points`", t.points.is_some()),
    ]
    .into_iter()
    .filter(|(_, on)| *on)
    .map(|(k, _)| k)
    .collect();
    match set.as_slice() {
        [] => "none of `from`, `to`, `cities`, `targets`, `points`".to_string(),
        [one] => format!("only {one}"),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
