//! A [`Route`] between two cities: its length in spaces, its lanes and their colours, and
//! what kind of route it is (ferry with its locomotive spaces, tunnel, track bed, mountains,
//! the routes drawn across it), plus how it is drawn: `waypoints` to pass through, or a
//! [`RouteShape`] kept from `ttrmap layout --write`. [`FerrySubstitute`] is the other payment
//! a rule system allows for a ferry's locomotive spaces.

use super::Color;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A route between two cities. A double or triple route is one entry with `lanes = 2` or `3`;
/// each lane is claimed separately.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Route {
    /// Unique id; defaults to `FROM-TO`. Needed to name a route in `crosses`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 200))]
    pub id: Option<String>,
    /// City id at one end.
    pub from: String,
    /// City id at the other end.
    pub to: String,
    /// Number of train-car spaces in each lane.
    #[schemars(range(min = 1, max = 20))]
    pub length: u8,
    /// Colour of every lane (default gray). Use `colors` to give each lane its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
    /// One colour per lane of a double or triple route, e.g. `["red", "blue"]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 3))]
    pub colors: Option<Vec<Color>>,
    /// Number of parallel lanes (1 to 3). Defaults to the number of `colors`, else 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1, max = 3))]
    pub lanes: Option<u8>,
    /// Locomotive spaces: the route is a ferry and each such space needs a locomotive.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 20))]
    pub ferry: u8,
    /// A tunnel: three cards are revealed when claiming and matches cost extra.
    #[serde(default, skip_serializing_if = "is_false")]
    pub tunnel: bool,
    /// A track bed (France): it must be built with a track piece of its length, which gives
    /// its colour, before it can be claimed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub track_bed: bool,
    /// Mountain spaces (Legendary Asia): each costs an extra train, which scores 2 points.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 20))]
    pub mountains: u8,
    /// Ids of routes drawn across this one; building or claiming one blocks the others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crosses: Vec<String>,
    /// Nordic's Murmansk–Lieksa rule: any N cards (locomotives among them) may stand in for
    /// one needed card, as often as wanted. Under `rules.locomotives.usable_on =
    /// "tunnels-and-ferries"` locomotives pay such a route only that way, never as a direct
    /// replacement (Nordic: 6 matching cards + 12 any cards claim the 9 spaces).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 2, max = 10))]
    pub any_cards_for_one: Option<u8>,
    /// Overrides the map-wide ferry substitute (`rules.ferries.substitute`) for this route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ferry_substitute: Option<FerrySubstitute>,
    /// Points added to the route score table's value for this route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = -100, max = 100))]
    pub extra_points: Option<i32>,
    /// Points scored instead of the table value (UK's Southampton–New York scores 40).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = -1000, max = 1000))]
    pub points: Option<i32>,
    /// Stock share values printed on the route (Pennsylvania), highest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stock_shares: Vec<u32>,
    /// Claimable without any technology card (UK's Southampton–New York).
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_technology_needed: bool,
    /// Whether the route counts as a ferry for rules and bonuses that count ferries (UK's Steam
    /// Turbine, Castilla's TRANSBORDOMAN). Defaults to `ferry > 0`; sources disagree on UK's
    /// Southampton–New York, so the map decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts_as_ferry: Option<bool>,
    /// Routes sharing a group id are lanes of one double or triple route although they are
    /// written separately (lanes of different lengths or kinds, as Nordic's
    /// Kristiansand–Stavanger): the lane rules (player counts, one lane per player) apply
    /// across the group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parallel_group: Option<String>,
    /// Intermediate points `[[x, y], ...]` the route is drawn through.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waypoints: Vec<[f64; 2]>,
    /// The drawn shape, kept as the board layout chose it (`ttrmap layout --write` writes
    /// it; `waypoints` win over it): the route is drawn with exactly this bend instead of
    /// being chosen again with the rest of the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<RouteShape>,
}

/// A route drawn as one smooth bulge from `from` to `to`, as the board layout draws it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RouteShape {
    /// How far the curve bows out, in board units, to the left of travel from `from` to `to`
    /// (negative: to the right; 0: straight). The curve's two inner control points sit at a
    /// third and two thirds of the way, this far out (scaled by the skew).
    #[schemars(range(min = -100000.0, max = 100000.0))]
    pub bend: f64,
    /// Lean of the bulge: 0 symmetric; positive puts more of the bend near `from` (the first
    /// control point moves `bend × (1 + skew)` out, the second `bend × (1 − skew)`).
    #[serde(default, skip_serializing_if = "is_zero_f")]
    #[schemars(range(min = -3.0, max = 3.0))]
    pub skew: f64,
    /// Where the spare room of a route longer than its cars goes: 0 spread between the cars,
    /// 1 all of it at `from`'s end, -1 all at `to`'s end, and fractions between.
    #[serde(default, skip_serializing_if = "is_zero_f")]
    #[schemars(range(min = -1.0, max = 1.0))]
    pub slide: f64,
}

fn is_zero_f(v: &f64) -> bool {
    *v == 0.0
}

/// Paying for a ferry's locomotive space with other cards instead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FerrySubstitute {
    /// How many cards replace one locomotive.
    #[schemars(range(min = 1, max = 10))]
    pub cards: u8,
    /// `true`: the cards must be the colour paid for the rest of the route (Castilla's
    /// transbordos); `false`: any cards (Nordic).
    #[serde(default)]
    pub same_color: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Route {
    /// The route's id: the given one, or `FROM-TO`.
    pub fn id(&self) -> String {
        self.id
            .clone()
            .unwrap_or_else(|| format!("{}-{}", self.from, self.to))
    }

    /// How many lanes the route has.
    pub fn lane_count(&self) -> u8 {
        self.lanes
            .or(self.colors.as_ref().map(|c| c.len() as u8))
            .unwrap_or(1)
    }

    /// The colour of lane `i` (0-based). Gray unless stated.
    pub fn lane_color(&self, i: usize) -> Color {
        match &self.colors {
            Some(colors) => colors.get(i).copied().unwrap_or(Color::Gray),
            None => self.color.unwrap_or(Color::Gray),
        }
    }

    /// Colours of all lanes, in order.
    pub fn lane_colors(&self) -> Vec<Color> {
        (0..self.lane_count() as usize)
            .map(|i| self.lane_color(i))
            .collect()
    }

    pub fn is_ferry(&self) -> bool {
        self.ferry > 0
    }

    /// Whether ferry-counting rules count this route (see `counts_as_ferry`).
    pub fn counts_as_ferry(&self) -> bool {
        self.counts_as_ferry.unwrap_or(self.ferry > 0)
    }
}
