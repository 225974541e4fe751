//! Places on the board: [`City`] (a marker with its name, tags and where its name is drawn),
//! [`Region`] (the region or country cities belong to, with the card colour the rules may tie
//! to it), and [`Zone`] (an off-board area, such as a neighbouring country or an island,
//! reached through border cities, which tickets may name instead of a city).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A city (or a border endpoint of a zone) on the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct City {
    /// Unique id used by routes and tickets (`leon`, `aranda-de-duero`).
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 100))]
    pub id: String,
    /// Display name, any Unicode (`León`, `Ålborg`); defaults to the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 200))]
    pub name: Option<String>,
    /// `[x, y]` in board units.
    pub position: [f64; 2],
    /// Where the name is drawn relative to the city marker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<LabelPlacement>,
    /// Free tags; `capital` and `big` are read by bonuses and lints.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// The region (or country) the city is in, an id from `[[regions]]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// Festival group id from `[mechanics.festivals]` (Porto and Coimbra share one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub festival: Option<String>,
    /// Makes this city a border endpoint of the zone with this id: a dead end that counts as
    /// reaching the zone, not connected to the zone's other endpoints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// Keeps the city where `position` puts it: `ttrmap layout --fit`, which moves cities so
    /// that every route holds its cars, never moves a pinned city.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pinned: bool,
}

impl City {
    /// The name to show: `name`, or the id when no name is given.
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }

    pub fn has_tag(&self, tag: &str) -> bool {
        self.tags.iter().any(|t| t == tag)
    }
}

/// Label placement: an anchor around the marker and an optional offset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabelPlacement {
    #[serde(default)]
    pub anchor: LabelAnchor,
    /// Extra `[dx, dy]` in board units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<[f64; 2]>,
    /// Rotation in degrees, clockwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = -360.0, max = 360.0))]
    pub rotate: Option<f64>,
}

/// Compass point of a label relative to its city.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LabelAnchor {
    N,
    Ne,
    E,
    Se,
    #[default]
    S,
    Sw,
    W,
    Nw,
    Center,
}

/// A region or country that cities belong to (UK concessions, Castilla provinces).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Region {
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 100))]
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The card colour the region stands for, where the rules tie regions to colours (South
    /// Korea: the colour of the region's routes and of its line on the province mat). The
    /// board draws the region's rings and legend swatch in it; a region without one gets a
    /// colour of its own, far from the others'.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<super::Color>,
}

/// An off-board area reached through border endpoints (France's neighbours and Corsica,
/// Switzerland's neighbouring countries, the UK's France). Tickets may name a zone; a ticket
/// end at a zone is reached by reaching any one of its endpoints, and endpoints of one zone
/// are not connected to each other.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    #[schemars(regex(pattern = r"^[^\s]+$"), length(min = 1, max = 100))]
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default)]
    pub kind: ZoneKind,
    /// Where the zone's name is drawn, `[x, y]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<[f64; 2]>,
}

impl Zone {
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneKind {
    #[default]
    Country,
    Island,
    Offboard,
}
