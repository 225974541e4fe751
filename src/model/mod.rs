//! The map model: the plain, checked data every other part of ttrmap reads.
//!
//! A map file is TOML. `crate::load` parses it, validates it against the JSON Schema generated
//! from these types, merges rule presets, and deserialises it into [`MapFile`]. After
//! `crate::check` has run without errors, these invariants hold and consumers may rely on them:
//! every id is unique within its kind, every city, zone, deck, route and region reference
//! resolves, every route's lanes agree with its colours, and ferry locomotives never exceed
//! the route's length.
//!
//! The types carry no spans: a problem is located by its JSON-pointer path into the source
//! (`/routes/3/from`), which `crate::spans::SpanNode` turns back into a byte range. That keeps the
//! model cheap to clone and usable from any source (TOML, an import, a test).

mod city;
mod color;
mod lint_config;
mod mechanics;
mod meta;
mod route;
mod rules;
mod ticket;

pub use city::{City, LabelAnchor, LabelPlacement, Region, Zone, ZoneKind};
pub use color::{CardColor, Color};
pub use lint_config::{Expectations, LintConfig, LintLevel};
pub use mechanics::*;
pub use meta::{Board, MapMeta, PlayerRange, Units};
pub use route::{FerrySubstitute, Route, RouteShape};
pub use rules::*;
pub use ticket::{Deck, DeckKind, GameMode, NO_TICKETS, Target, Ticket, TicketPool, TicketShape};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A Ticket to Ride map: its board, its tickets and the rules it plays by.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// Optional schema reference for editors (`"$schema" = "../schemas/ttrmap.schema.json"`);
    /// the `#:schema` comment on the first line does the same without a key.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// Who made the map, what it is called, and the board it is drawn on.
    pub map: MapMeta,
    /// The rule system. `base` names a preset; every other key overrides it.
    #[serde(default)]
    pub rules: Rules,
    /// Optional mechanic modules (festivals, province mat, technologies, ...), each a table.
    #[serde(default)]
    pub mechanics: Mechanics,
    /// Geographic or political areas cities belong to (UK: England, Wales, ...; provinces).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<Region>,
    /// Off-board countries and islands whose border cities are separate dead ends.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<Zone>,
    /// Every city (and every border endpoint of a zone) on the board.
    #[serde(default)]
    pub cities: Vec<City>,
    /// Every route between two cities; a double or triple route is one entry with several lanes.
    #[serde(default)]
    pub routes: Vec<Route>,
    /// Destination ticket decks (regular, long, capitals, ...). A map with none has one implicit
    /// deck named `base`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decks: Vec<Deck>,
    /// Destination tickets.
    #[serde(default)]
    pub tickets: Vec<Ticket>,
    /// Game modes choosing decks and deal counts (Castilla's Normal, Capitals, Total).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modes: Vec<GameMode>,
    /// Lint levels, parameters and the designer's stated expectations.
    #[serde(default)]
    pub lint: LintConfig,
}

/// The deck name used by tickets of a map that declares no `[[decks]]`.
pub const IMPLICIT_DECK: &str = "base";

impl MapFile {
    /// Spaces the players can fill at `players` (the lanes of each route that open at that
    /// count, [`Lanes::usable`](rules::Lanes::usable)).
    pub fn usable_spaces(&self, players: u8) -> u32 {
        self.routes
            .iter()
            .map(|r| {
                u32::from(r.length) * u32::from(self.rules.lanes.usable(r.lane_count(), players))
            })
            .sum()
    }

    /// The index of the city with this id, if any (linear: maps have at most a few thousand).
    pub fn city_index(&self, id: &str) -> Option<usize> {
        self.cities.iter().position(|c| c.id == id)
    }

    /// Every city's index by id, for looking up many: the first of a repeated id, as
    /// [`MapFile::city_index`] finds it (a search per route took several hundredths of
    /// `check` on a 2,000-city board).
    pub fn city_indices(&self) -> std::collections::HashMap<&str, usize> {
        self.cities
            .iter()
            .enumerate()
            .rev()
            .map(|(i, c)| (c.id.as_str(), i))
            .collect()
    }

    /// Whether ticket `index` is in the default game: the first game mode's (in its pool, or
    /// in a deck its `deal` names); every ticket of a map without modes.
    pub fn in_default_game(&self, index: usize) -> bool {
        let (Some(mode), Some(t)) = (self.modes.first(), self.tickets.get(index)) else {
            return true;
        };
        let ids = self.deck_ids();
        let deck = t.deck.as_deref().unwrap_or(ids[0]);
        match &mode.pool {
            Some(pool) => pool.holds(t, deck),
            None => mode.deal.contains_key(deck),
        }
    }

    /// The ids of every deck tickets may name: the declared ones or the implicit one.
    pub fn deck_ids(&self) -> Vec<&str> {
        if self.decks.is_empty() {
            vec![IMPLICIT_DECK]
        } else {
            self.decks.iter().map(|d| d.id.as_str()).collect()
        }
    }
}
