//! The colours of the game: [`Color`], a route lane's colour (gray is any one colour), and
//! [`CardColor`], a train card's (the eight colours and the locomotive). Kept apart because a
//! gray lane is no card, and a locomotive no lane.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The colour printed on a route lane: one of the eight card colours, or gray (any one colour).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Color {
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    /// Called purple on some boards (Europe); the same card colour.
    Pink,
    White,
    Black,
    /// Payable with any one card colour.
    Gray,
}

/// A train-car card colour: the eight colours plus the locomotive (wild) card.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum CardColor {
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    Pink,
    White,
    Black,
    Locomotive,
}

impl Color {
    /// The eight card colours, in the order tables list them.
    pub const CARD_COLORS: [Color; 8] = [
        Color::Red,
        Color::Orange,
        Color::Yellow,
        Color::Green,
        Color::Blue,
        Color::Pink,
        Color::White,
        Color::Black,
    ];

    /// The lowercase name used in map files and reports (`gray` for gray).
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Orange => "orange",
            Color::Yellow => "yellow",
            Color::Green => "green",
            Color::Blue => "blue",
            Color::Pink => "pink",
            Color::White => "white",
            Color::Black => "black",
            Color::Gray => "gray",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
