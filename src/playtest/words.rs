//! An action in words, as `ttrmap replay` tells a game and the studio's play page tells the
//! table what a player did ([`Teller`]). The same words, with what other players cannot see
//! left out when asked ([`Teller::tell`]'s `hide`): a blind card's colour, the tickets kept
//! and returned, a choice among tickets (a draft).

use crate::engine::{Action, CARD_KINDS, Cards, Game, LOCO, Phase, State, claim_locos};
use crate::model::MapFile;
use crate::render::tickets::place_name;

pub fn city_name<'a>(game: &'a Game, map: &'a MapFile, c: u16) -> &'a str {
    game.city_ids
        .get(c as usize)
        .map_or("?", |id| place_name(map, id))
}

/// Route `r` as `City A–City B`.
pub fn route_name(game: &Game, map: &MapFile, r: usize) -> String {
    let route = &game.routes[r];
    format!(
        "{}–{}",
        city_name(game, map, route.city_a),
        city_name(game, map, route.city_b)
    )
}

pub fn plural(n: impl Into<i64>, word: &str) -> String {
    let n = n.into();
    if n == 1 || n == -1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

pub fn colour(k: usize) -> &'static str {
    super::colour_name(k)
}

/// Cards as `3 red + 1 locomotive`, or `nothing`.
pub fn cards_text(cards: &Cards) -> String {
    let parts: Vec<String> = (0..CARD_KINDS)
        .filter(|&k| cards[k] > 0)
        .map(|k| {
            if k == LOCO as usize {
                format!(
                    "{} locomotive{}",
                    cards[k],
                    if cards[k] == 1 { "" } else { "s" }
                )
            } else {
                format!("{} {}", cards[k], colour(k))
            }
        })
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(" + ")
    }
}

/// Tickets by their labels, or `none`.
pub fn ticket_list(game: &Game, tickets: &[u16]) -> String {
    if tickets.is_empty() {
        return "none".into();
    }
    tickets
        .iter()
        .map(|&t| game.tickets[t as usize].label.clone())
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a claim pays, as the replay says it (`red + 1 locomotive`).
pub fn paying_text(color: u8, locos: u16) -> String {
    // `locos` packs the direct locomotives and those among "any N cards" substitutes
    // (`claim_locos`).
    let (direct, among) = claim_locos(locos);
    let mut paying = if color == LOCO {
        "locomotives".to_string()
    } else if direct > 0 {
        format!(
            "{} + {}",
            colour(color as usize),
            plural(direct, "locomotive")
        )
    } else {
        colour(color as usize).to_string()
    };
    if among > 0 {
        paying.push_str(&format!(
            ", {} among the substitute cards",
            plural(among, "locomotive")
        ));
    }
    paying
}

/// The kept and returned tickets of a keep `mask` over `offered`.
fn split_offer(offered: &[u16], mask: u32) -> (Vec<u16>, Vec<u16>) {
    let (mut kept, mut returned) = (Vec::new(), Vec::new());
    for (i, &t) in offered.iter().enumerate() {
        if mask & (1 << i) != 0 {
            kept.push(t);
        } else {
            returned.push(t);
        }
    }
    (kept, returned)
}

/// Tells a game action by action. Card draws of one turn are told together, in one line
/// when the turn's drawing is over.
#[derive(Debug, Default, Clone)]
pub struct Teller {
    draws: Vec<String>,
}

impl Teller {
    /// A card draw, told with the turn's other draws once the turn's drawing is over.
    fn draw(
        &mut self,
        before: &State,
        after: &State,
        action: Action,
        hide: bool,
    ) -> Option<String> {
        let p = before.current_player() as usize;
        let (hand_before, hand_after) = (&before.players[p].hand, &after.players[p].hand);
        // A replay deals the deck again from the seed, so a blind card's colour is known
        // there (to the reader, not to the other players of the game).
        let got = (0..CARD_KINDS).find(|&k| hand_after[k] > hand_before[k]);
        self.draws.push(match (action == Action::DrawBlind, got) {
            (true, Some(k)) if !hide => format!("{} from the deck", colour(k)),
            (true, _) => "one from the deck".into(),
            (false, k) => colour(k.unwrap_or(0)).to_string(),
        });
        let turn_over = after.current_player() as usize != p || after.is_terminal();
        if !turn_over && matches!(after.phase, Phase::Drawing { .. }) {
            return None;
        }
        let n = self.draws.len();
        let text = format!(
            "drew {n} card{} ({})",
            if n == 1 { "" } else { "s" },
            self.draws.join(", ")
        );
        self.draws.clear();
        Some(text)
    }

    /// The words for `action`, which turned `before` into `after`; `None` while a turn's
    /// card draws go on (and for a ticket draw, told with the keep). With `hide`, only what
    /// every player at the table sees: a blind card's colour, the tickets kept and returned
    /// and a module's choice among tickets are left out.
    pub fn tell(
        &mut self,
        game: &Game,
        map: &MapFile,
        before: &State,
        after: &State,
        action: Action,
        hide: bool,
    ) -> Option<String> {
        let p = before.current_player() as usize;
        let hand_before = before.players[p].hand;
        let hand_after = after.players[p].hand;
        let mut paid = [0u16; CARD_KINDS];
        for k in 0..CARD_KINDS {
            paid[k] = hand_before[k].saturating_sub(hand_after[k]);
        }
        Some(match action {
            Action::DrawFaceUp(_) | Action::DrawBlind => {
                return self.draw(before, after, action, hide);
            }
            Action::DrawTickets => return None,
            Action::KeepTickets(mask) => keep_words(game, before, mask, hide),
            Action::Claim { lane, color, locos } => {
                let r = game.lane_route[lane as usize] as usize;
                let route = &game.routes[r];
                let paying = paying_text(color, locos);
                if let Phase::Tunnel { extra, .. } = after.phase {
                    format!(
                        "tried the tunnel {} ({paying}, {}): {} to pay",
                        route_name(game, map, r),
                        plural(route.length, "space"),
                        plural(extra, "extra card")
                    )
                } else {
                    format!(
                        "claimed {} ({paying}, {}) for {}",
                        route_name(game, map, r),
                        plural(route.length, "space"),
                        plural(route.points, "point")
                    )
                }
            }
            Action::TunnelPay { .. } => {
                let Phase::Tunnel { lane, .. } = before.phase else {
                    return None;
                };
                let r = game.lane_route[lane as usize] as usize;
                let route = &game.routes[r];
                format!(
                    "paid {} and claimed {} ({}) for {}",
                    cards_text(&paid),
                    route_name(game, map, r),
                    plural(route.length, "space"),
                    plural(route.points, "point")
                )
            }
            Action::TunnelWithdraw => "withdrew from the tunnel".into(),
            Action::Mechanic { mechanic, choice } => {
                mechanic_words(game, before, mechanic, choice, hide)
            }
            Action::Pass => "passes: nothing it can do".into(),
            Action::EndTurn => "ended the turn with a claim to spare".into(),
            Action::BuildStation { city, .. } => format!(
                "built a station in {} (paid {})",
                city_name(game, map, city),
                cards_text(&paid)
            ),
        })
    }
}

/// Tickets kept and returned (counted, with `hide`).
fn keep_words(game: &Game, before: &State, mask: u32, hide: bool) -> String {
    let (kept, returned) = split_offer(&before.offered, mask);
    let what = if before.phase == Phase::SetupTickets {
        "chose starting tickets"
    } else {
        "drew tickets"
    };
    if hide {
        format!("{what}, kept {}; returned {}", kept.len(), returned.len())
    } else {
        format!(
            "{what}, kept {}; returned {}",
            ticket_list(game, &kept),
            ticket_list(game, &returned)
        )
    }
}

/// A module's choice in its words; with `hide`, a choice among tickets (a draft) is not
/// named.
fn mechanic_words(game: &Game, before: &State, mechanic: u8, choice: u16, hide: bool) -> String {
    let step = match before.phase {
        Phase::Mechanic { step, .. } => Some(step),
        _ => None,
    };
    let module = game.mechanics.modules.get(mechanic as usize);
    let secret = hide
        && step.is_some_and(|s| {
            module.and_then(|m| m.advice()).is_some_and(|a| {
                a.ticket_decision(game, before, mechanic as usize, s)
                    .is_some()
            })
        });
    let words = if secret {
        "chose among tickets".to_string()
    } else {
        module
            .and_then(|m| {
                m.report()?
                    .describe(game, before, mechanic as usize, step, choice)
            })
            .unwrap_or_else(|| format!("choice {choice}"))
    };
    format!(
        "{}: {words}",
        module.map_or_else(|| format!("mechanic {mechanic}"), |m| m.name())
    )
}
