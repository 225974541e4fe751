//! Tickets and where they are dealt from: a [`Ticket`] joins cities or zones for its points
//! (an any-of ticket lists its [`Target`]s; [`TicketShape`] is the one shape `check` confirmed
//! it has); a [`Deck`] holds tickets of one [`DeckKind`]; a [`GameMode`] says which decks (or
//! a filtered [`TicketPool`]) one of the map's games deals from, and how many to each player.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What `check` (`no-tickets`) and `playtest` say of a map without tickets, in one wording.
pub const NO_TICKETS: &str = "the map has no tickets: nothing to play for";

/// A destination ticket. It takes one of three shapes:
/// - city to city: `from`, `to`, `points`;
/// - multi-city (Castilla's triple destinations): `cities` (3 or more) and `points`;
/// - any-of (Switzerland's country tickets): `from` and `targets`, each with its own points;
///   only the best completed target scores.
///
/// `from`, `to`, `cities` and target ids name a city or a zone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ticket {
    /// Optional id, unique when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 200))]
    pub id: Option<String>,
    /// Deck id from `[[decks]]`; omitted, the first deck (or the implicit `base` deck).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Two or more cities that must all be joined by one network (a multi-city ticket;
    /// Castilla's triple destinations have three).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 2, max = 10))]
    pub cities: Option<Vec<String>>,
    /// Targets of an any-of ticket, each with its own value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 20))]
    pub targets: Option<Vec<Target>>,
    /// Value of the ticket (city to city and multi-city shapes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = -1000, max = 1000))]
    pub points: Option<i32>,
    /// Copies of this card in its deck.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    #[schemars(range(min = 1, max = 20))]
    pub copies: u8,
}

/// One target of an any-of ticket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub to: String,
    #[schemars(range(min = -1000, max = 1000))]
    pub points: i32,
}

fn one() -> u8 {
    1
}

fn is_one(n: &u8) -> bool {
    *n == 1
}

/// The shape of a ticket, once `check` has confirmed it has exactly one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TicketShape {
    CityToCity,
    MultiCity,
    AnyOf,
}

impl Ticket {
    /// The ticket's shape, or `None` when its fields mix shapes (`check` reports that).
    pub fn shape(&self) -> Option<TicketShape> {
        match (
            &self.from,
            &self.to,
            &self.cities,
            &self.targets,
            self.points,
        ) {
            (Some(_), Some(_), None, None, Some(_)) => Some(TicketShape::CityToCity),
            (None, None, Some(_), None, Some(_)) => Some(TicketShape::MultiCity),
            (Some(_), None, None, Some(_), None) => Some(TicketShape::AnyOf),
            _ => None,
        }
    }

    /// Every city or zone id the ticket names, in order.
    pub fn places(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        out.extend(self.from.as_deref());
        out.extend(self.to.as_deref());
        if let Some(c) = &self.cities {
            out.extend(c.iter().map(String::as_str));
        }
        if let Some(t) = &self.targets {
            out.extend(t.iter().map(|t| t.to.as_str()));
        }
        out
    }

    /// The highest value the ticket can score.
    pub fn max_points(&self) -> i32 {
        match &self.targets {
            Some(t) => t.iter().map(|t| t.points).max().unwrap_or(0),
            None => self.points.unwrap_or(0),
        }
    }

    /// A readable label: `boston–miami`, `leon–palencia–burgos`, `bern → italia|france`.
    pub fn label(&self) -> String {
        if let Some(id) = &self.id {
            return id.clone();
        }
        match (&self.targets, &self.cities) {
            (Some(t), _) => format!(
                "{}→{}",
                self.from.as_deref().unwrap_or("?"),
                t.iter()
                    .map(|t| t.to.as_str())
                    .collect::<Vec<_>>()
                    .join("|")
            ),
            (None, Some(c)) => c.join("–"),
            _ => self.places().join("–"),
        }
    }
}

/// A deck of destination tickets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 100))]
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default)]
    pub kind: DeckKind,
    /// The published number of cards, when known; `check` compares it with the tickets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub size: Option<u32>,
    /// The publisher's number of cards when the data is known to hold a different number
    /// and nobody knows which card is extra or missing (Old West: 50 published, 51 in the
    /// only source): `check` says so as a warning, with both counts, instead of failing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 1000))]
    pub published_size: Option<u32>,
    /// Deal from this deck at setup when no game mode says otherwise (Europe deals 1 long).
    /// Without modes, the rules' `tickets.initial.deal` comes from the first deck that has no
    /// `initial_deal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 20))]
    pub initial_deal: Option<u8>,
    /// Whether later ticket draws take from this deck (Europe's long deck: no).
    #[serde(default = "yes")]
    pub drawable: bool,
}

fn yes() -> bool {
    true
}

/// What a deck is for; lints treat kinds differently (long tickets should be long).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DeckKind {
    #[default]
    Regular,
    Long,
    Capitals,
    Other,
}

/// A game mode: which decks are used and how many tickets each player is dealt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameMode {
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 100))]
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Deck id → tickets dealt from it to each player at setup. Decks not named are unused.
    /// Give either `deal` or `pool`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub deal: BTreeMap<String, u8>,
    /// The mode's tickets as one pile: the named decks' tickets (only those naming one of
    /// `cities`, when given) shuffled together before setup, `deal` of them dealt to each
    /// player, later draws taken from the same pile and returned tickets put back in it.
    /// Tickets outside the pool are out of the game. (The USA 1910 Mega Game deals 5 from
    /// two decks; Big Cities deals 4 from the tickets naming a Big City.) Give either `deal`
    /// or `pool`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<TicketPool>,
    /// Tickets each player must keep from the setup deal.
    #[schemars(range(max = 20))]
    pub keep_at_least: u8,
    /// Tickets drawn by the draw-tickets action in this mode (default: the rules' value). The
    /// draw takes from the mode's drawable decks shuffled together after setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 20))]
    pub draw: Option<u8>,
    /// Recommended player counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<super::PlayerRange>,
}

/// A game mode's tickets taken from several decks as one pile (`modes.pool`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TicketPool {
    /// Deck ids whose tickets make the pile.
    #[schemars(length(min = 1, max = 50))]
    pub decks: Vec<String>,
    /// When given, only the tickets naming at least one of these cities or zones (as an
    /// end, a city of a multi-city ticket or a target) are in the pile.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = 1000))]
    pub cities: Vec<String>,
    /// Tickets dealt from the pile to each player at setup.
    #[schemars(range(max = 20))]
    pub deal: u8,
}

impl TicketPool {
    /// Whether ticket `t` of deck `deck` is in the pile.
    pub fn holds(&self, t: &Ticket, deck: &str) -> bool {
        self.decks.iter().any(|d| d == deck)
            && (self.cities.is_empty()
                || t.places()
                    .iter()
                    .any(|p| self.cities.iter().any(|c| c == p)))
    }
}

impl GameMode {
    /// Tickets dealt to each player at setup: `deal`'s numbers summed, or the pool's deal.
    pub fn dealt(&self) -> u32 {
        let from_decks: u32 = self.deal.values().map(|&n| n as u32).sum();
        from_decks + self.pool.as_ref().map_or(0, |p| p.deal as u32)
    }
}
