//! What the map says about itself: [`MapMeta`] (id, name, version, licence, player range)
//! and the [`Board`] it is drawn on (size, [`Units`], print width, car size and stretch).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Map metadata: identity, authorship and the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapMeta {
    /// Short machine id, lowercase with dashes (`castilla`, `usa`).
    #[schemars(regex(pattern = r"^[a-z0-9][a-z0-9-]*$"), length(max = 64))]
    pub id: String,
    /// Display name, any Unicode.
    #[schemars(length(min = 1, max = 200))]
    pub name: String,
    /// Version of this map file (free text; semantic versions recommended).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// People who made the design (or transcribed the data).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub authors: Vec<String>,
    /// Licence of this file (an SPDX id where possible).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub license: Option<String>,
    /// Free-text description: provenance, status, what the file is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// How many players the map is for.
    pub players: PlayerRange,
    /// The board the cities are placed on.
    pub board: Board,
}

/// An inclusive range of player counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerRange {
    #[schemars(range(min = 1, max = 12))]
    pub min: u8,
    #[schemars(range(min = 1, max = 12))]
    pub max: u8,
}

impl PlayerRange {
    pub fn contains(&self, players: u8) -> bool {
        (self.min..=self.max).contains(&players)
    }
}

/// The board's drawing area. City positions and waypoints are in these units, with the origin
/// at the top-left corner and y growing downwards, as in SVG.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Board {
    #[schemars(range(min = 1.0, max = 1000000.0))]
    pub width: f64,
    #[schemars(range(min = 1.0, max = 1000000.0))]
    pub height: f64,
    /// Units of positions; `mm` lets `render` print at real size.
    #[serde(default)]
    pub units: Units,
    /// Printed size of the board in millimetres, when `units` is not `mm` (for real-size prints):
    /// from 10 mm to 100 m.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 10.0, max = 100000.0))]
    pub print_width_mm: Option<f64>,
    /// Size of one train-car space on the print, `[length, width]` in millimetres (default: the
    /// length the map's routes want, read off the distances between their cities, and the
    /// theme's width, 9). Every space of the board is drawn about this size; routes bend
    /// gently to hold them. Each from 1 to 1,000 mm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 2, max = 2), inner(range(min = 1.0, max = 1000.0)))]
    pub space_mm: Option<[f64; 2]>,
    /// How much longer than the board's car a route's cars may be drawn to fill the room
    /// between its cities, as a fraction (default 0.09: printed boards vary a few percent).
    /// A board whose published print sizes each car to its route sets more (up to 0.5), so
    /// that its routes run from marker to marker instead of stopping short; a route keeps the
    /// longest cars that lie on no other car, name or marker. From 0 to 0.5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0, max = 0.5))]
    pub car_stretch: Option<f64>,
}

/// Units of board coordinates.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Units {
    /// Pixels of a board image (imported data).
    #[default]
    Px,
    /// Millimetres on the printed board.
    Mm,
}
