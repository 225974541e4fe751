//! The layout's plain data: points, rectangles, spaces, markers, names. Its own module so
//! that the parts that compute a layout (routing, curves, labels, geometry) and the layout
//! that calls them all depend on it, and not on each other in a circle.

use crate::model::{Color, LabelAnchor, RouteShape};

/// A point in board units.
pub type P = [f64; 2];

/// An axis-aligned rectangle: left, top, width, height.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    /// Whether the two rectangles share any area.
    pub fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }
}

/// Estimated advance width of `text` in a sans-serif face of `size`: Noto Sans averages a
/// little over half an em per character of mixed-case text.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * 0.56 * size
}

#[derive(Debug, Clone)]
pub struct CityLayout {
    pub pos: P,
    pub radius: f64,
    pub label: LabelLayout,
    pub capital: bool,
    pub festival: bool,
    pub zone_end: bool,
    /// Index into `map.regions`.
    pub region: Option<usize>,
}

#[derive(Debug, Clone)]
pub struct LabelLayout {
    /// The text's anchor point (baseline).
    pub x: f64,
    pub y: f64,
    /// `start`, `middle` or `end`.
    pub text_anchor: &'static str,
    /// Clockwise degrees around `pivot`.
    pub rotate: f64,
    pub pivot: P,
    pub bbox: Rect,
    /// The compass point and `[dx, dy]` offset that place the name here (what a city's
    /// `label` would say to keep it: `ttrmap layout --write` writes them).
    pub anchor: LabelAnchor,
    pub offset: P,
}

#[derive(Debug, Clone)]
pub struct RouteLayout {
    /// Index into `map.routes`.
    pub index: usize,
    pub id: String,
    /// The drawn centre line, city centre to city centre through the waypoints.
    pub centre: Vec<P>,
    pub lanes: Vec<LaneLayout>,
    /// The bulge it is drawn with (what the route's `shape` would say to keep it); `None`
    /// for a route drawn through its `waypoints`.
    pub shape: Option<RouteShape>,
}

#[derive(Debug, Clone)]
pub struct LaneLayout {
    pub color: Color,
    pub spaces: Vec<Space>,
}

/// One train-car space: a rectangle of `length` × `width` centred on `center`, turned by
/// `angle` degrees.
#[derive(Debug, Clone, Copy)]
pub struct Space {
    pub center: P,
    pub angle: f64,
    pub length: f64,
    pub width: f64,
    /// Needs a locomotive (the first `ferry` spaces of the lane).
    pub ferry: bool,
    /// A mountain space (the first `mountains` spaces after the ferry ones).
    pub mountain: bool,
    /// Ends of the space along its lane, for overlap tests.
    pub ends: [P; 2],
}

#[derive(Debug, Clone)]
pub struct ZoneLayout {
    pub index: usize,
    pub pos: P,
    /// Positions of the zone's border endpoints joined to the label by dashed links: those
    /// not named as the zone is (see `labels::drawn_links`).
    pub links: Vec<P>,
}
